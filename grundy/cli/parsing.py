"""Parsing what the command line gives: games, positions, counts and ranges.

Every number of every command -- a count or size argument, each coordinate
of a position, each end of a range -- goes through one parser,
:func:`parse_count` (as an argparse ``type=`` through :func:`count`):
integers with ``_`` separators, ``1e6`` and ``2.5e3`` forms (exact: the
value must be an integer, ``1.23e1`` is refused, never truncated), and
``10**k`` powers, with the size of the number bounded (:data:`MAX_DIGITS`)
before anything big is built (``10**100000000`` is refused at once, it
never hangs). A message quotes a number of more than 30 digits cut short
(:func:`short_int`; the CLI does the same for every one-line error).
"""

from __future__ import annotations

import argparse
import math
import re
from collections.abc import Callable
from typing import Any, TypeVar

import spec
from spec import ImpartialGame, Position, Sum

__all__ = [
    "MAX_DIGITS",
    "add_budget_option",
    "add_count",
    "add_impl_option",
    "count",
    "count_range",
    "parse_count",
    "parse_game",
    "parse_int",
    "parse_position",
    "parse_range",
    "short_int",
]

#: The most decimal digits a number on the command line may have, counts and positions
#: alike: 10**199 is accepted (every exact method -- the row atlas, reference.rw,
#: Zeckendorf -- answers far beyond any int64 kernel, and an answer stays readable);
#: ``1e400`` and ``10**100000000`` are refused before anything is computed.
MAX_DIGITS = 200

# ASCII digits only (``\d`` would take ``٣`` and ``５``), to the very end (``$`` would
# take a trailing newline).
_INTEGER = re.compile(r"[+-]?\d+\Z", re.ASCII)
_DECIMAL = re.compile(r"([+-]?)(\d*)(?:\.(\d*))?[eE]([+-]?\d+)\Z", re.ASCII)
_POWER = re.compile(r"([+-]?)(\d+)\*\*(\d+)\Z", re.ASCII)


def parse_game(text: str, misere: bool = False) -> ImpartialGame:
    """A registered game by name, or a sum written ``wythoff+nim``; with ``misere`` (the
    ``--misere`` option), the game under misère play (:func:`spec.misere`).

    Examples
    --------
    >>> parse_game("wythoff+nim")
    Sum(Wythoff(), Nim())
    >>> parse_game("wythoff", misere=True).describe()
    'misere:wythoff'
    >>> parse_game("chess")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: unknown game 'chess'; known games: e-wythoff, ..., wythoff3; families, e.g. ...
    """
    game = spec.get_game(text)
    return spec.misere(game) if misere else game


def add_misere_option(parser: argparse.ArgumentParser) -> None:
    """``--misere``: the game under misère play (the last player to move loses; values G⁻)."""
    parser.add_argument(
        "--misere",
        action="store_true",
        help="misère play: the last player to move loses; values are G⁻ (a position with no "
        "move has value 1); methods that know normal play only decline (docs/misere.md)",
    )


def add_impl_option(parser: argparse.ArgumentParser, question: str) -> None:
    """``--impl NAME`` and ``--list-impls``: the same option on every command that computes.

    The names are the question's candidates (``--list-impls`` prints them,
    preferred first, with the reason each declines the request); an unknown
    name is refused in one line listing them.
    """
    parser.add_argument(
        "--impl",
        metavar="NAME",
        default=None,
        help=f"the implementation of {question} to use (default: the preferred one that "
        "covers the request; --list-impls names them)",
    )
    parser.add_argument(
        "--list-impls",
        action="store_true",
        help="list the implementations for this game, preferred first, and exit",
    )


def add_budget_option(parser: argparse.ArgumentParser) -> None:
    """``--budget SECONDS``: wall seconds of the whole command. A method (implementation) whose
    estimate is longer declines; the command stops once past them by a tenth
    (:class:`grundy.cli.budget.Watch`); default the registry's budget."""
    from registry import BUDGET_SECONDS

    parser.add_argument(
        "--budget",
        type=count("--budget", lo=1),
        default=None,
        metavar="SECONDS",
        help=f"wall seconds for the whole command: any method whose estimate is longer "
        f"declines, and the command stops once past them by a tenth (default "
        f"{BUDGET_SECONDS:.0f})",
    )
    parser.set_defaults(default_budget=BUDGET_SECONDS)


def parse_count(
    text: str, name: str = "value", *, lo: int | None = None, hi: int | None = None
) -> int:
    """An integer argument written ``1000000``, ``1_000_000``, ``1e6``, ``2.5e3`` or ``10**6``.

    Parameters
    ----------
    text : str
        What the user typed.
    name : str
        The argument's name, for the message (``--rows``).
    lo, hi : int, optional
        Inclusive limits; a value outside them is refused naming the range.

    Raises
    ------
    ValueError
        One line naming the argument: not an integer (``1.23e1``, ``x``), more
        than :data:`MAX_DIGITS` digits, or outside ``lo..hi``.

    Examples
    --------
    >>> parse_count("1e6"), parse_count("10**30") == 10**30, parse_count("2_000")
    (1000000, True, 2000)
    >>> parse_count("2.5e3"), parse_count("-7")
    (2500, -7)
    >>> parse_count("1.23e1", "--n")
    Traceback (most recent call last):
    ...
    ValueError: --n must be an integer (--n = '1.23e1' is not)
    >>> parse_count("10**100000000", "--n")
    Traceback (most recent call last):
    ...
    ValueError: --n = '10**100000000' has about 100000001 digits; at most 200 are accepted
    >>> parse_count("1e400", "N")
    Traceback (most recent call last):
    ...
    ValueError: N = '1e400' has about 401 digits; at most 200 are accepted
    >>> parse_count("0", "--rows", lo=1, hi=100)
    Traceback (most recent call last):
    ...
    ValueError: --rows must be between 1 and 100 (--rows = 0)
    """
    value = _exact_integer(text, name)
    if (lo is not None and value < lo) or (hi is not None and value > hi):
        if lo is not None and hi is not None:
            limits = f"between {lo} and {hi}"
        elif lo is not None:
            limits = f">= {lo}"
        else:
            limits = f"<= {hi}"
        raise ValueError(f"{name} must be {limits} ({name} = {short_int(value)})")
    return value


def short_int(value: int) -> str:
    """``value`` for a message: whole up to 30 digits, else cut with its digit count.

    >>> short_int(12), short_int(10**400)
    ('12', '100000000000...(401 digits)')
    """
    text = str(value)
    return text if len(text) <= 30 else f"{text[:12]}...({len(text)} digits)"


def _exact_integer(text: str, name: str) -> int:
    raw = str(text)
    value = raw.strip(" ").replace("_", "")
    too_big = f"{name} = {raw!r} has about {{}} digits; at most {MAX_DIGITS} are accepted"
    not_int = f"{name} must be an integer ({name} = {raw!r} is not)"
    if _INTEGER.match(value):
        if len(value.lstrip("+-")) > MAX_DIGITS:
            raise ValueError(too_big.format(len(value.lstrip("+-"))))
        return int(value)
    match = _POWER.match(value)
    if match:
        return _power(match, too_big)
    match = _DECIMAL.match(value)
    if match and (match.group(2) or match.group(3)):
        return _decimal(match, too_big, not_int)
    raise ValueError(not_int)


def _power(match: re.Match[str], too_big: str) -> int:
    """The integer ``[sign]BASE**EXPONENT`` of a match of :data:`_POWER`; ``too_big`` (its
    ``{}`` the digits) past :data:`MAX_DIGITS` digits."""
    sign, base, exponent = match.group(1), int(match.group(2)), int(match.group(3))
    digits = 1 if base <= 1 else int(exponent * math.log10(base)) + 1
    if digits > MAX_DIGITS + 1:
        raise ValueError(too_big.format(digits))
    result = int(base**exponent)
    if len(str(result)) > MAX_DIGITS:
        raise ValueError(too_big.format(len(str(result))))
    return -result if sign == "-" else result


def _decimal(match: re.Match[str], too_big: str, not_int: str) -> int:
    """The integer of a match of :data:`_DECIMAL` (``1.5e3``); ``not_int`` when it has a
    fraction, ``too_big`` (its ``{}`` the digits) past :data:`MAX_DIGITS` digits."""
    sign, whole, frac, exponent_text = match.groups()
    frac = frac or ""
    mantissa = int((whole or "0") + frac)
    if mantissa == 0:
        return 0
    if len(exponent_text.lstrip("+-")) > 6:  # 1e9999999 or 1e-9999999
        if exponent_text.startswith("-"):
            raise ValueError(not_int)
        raise ValueError(too_big.format(exponent_text.lstrip("+")))
    shift = int(exponent_text) - len(frac)
    result: int
    if shift < 0:
        quotient, remainder = divmod(mantissa, 10**-shift)
        if remainder:
            raise ValueError(not_int)
        result = quotient
    else:
        if len(str(mantissa)) + shift > MAX_DIGITS:
            raise ValueError(too_big.format(len(str(mantissa)) + shift))
        result = int(mantissa * 10**shift)
    return -result if sign == "-" else result


def parse_int(text: str, name: str) -> int:
    """An integer argument, with a message naming it when malformed (:func:`parse_count`)."""
    return parse_count(text, name)


T = TypeVar("T")


def _for_argparse(name: str, parse: Callable[[], T]) -> T:
    """``parse()``, its ValueError as argparse's error (argparse prefixes "argument NAME: ")."""
    try:
        return parse()
    except ValueError as error:
        message = str(error)
        if message.startswith(f"{name} must"):
            message = message[len(name) + 1 :]
        raise argparse.ArgumentTypeError(message) from None


def count(name: str, *, lo: int | None = None, hi: int | None = None) -> Callable[[str], int]:
    """An argparse ``type=`` for a count argument: :func:`parse_count` with limits.

    argparse reports the message as ``argument NAME: ...`` with exit code 2.

    Examples
    --------
    >>> count("--rows", lo=1)("1e5")
    100000
    >>> count("--rows", lo=1)("0")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: must be >= 1 (--rows = 0)
    """

    def convert(text: str) -> int:
        return _for_argparse(name, lambda: parse_count(text, name, lo=lo, hi=hi))

    convert.__name__ = f"count {name}"
    convert.limits = (lo, hi)  # type: ignore[attr-defined]  # for tests and docs
    return convert


def add_count(
    parser: argparse.ArgumentParser,
    flag: str,
    help: str,
    *,
    lo: int = 0,
    hi: int | None = None,
    name: str | None = None,
    **options: Any,
) -> None:
    """Add the option (or positional argument) ``flag`` taking a count ``lo..hi``
    (:func:`count`; messages call it ``name``, default ``flag``); ``options`` go to
    ``add_argument`` (``default``, ``required``, ``metavar``...).

    Examples
    --------
    >>> parser = argparse.ArgumentParser()
    >>> add_count(parser, "--rows", "rows", lo=1, default=4)
    >>> parser.parse_args(["--rows", "1e3"]).rows, parser.parse_args([]).rows
    (1000, 4)
    """
    parser.add_argument(flag, type=count(name or flag, lo=lo, hi=hi), help=help, **options)


def parse_position(game: ImpartialGame, text: str) -> Position:
    """Parse ``5,8`` (two piles), ``7`` (one heap) or ``5,8+3`` (a sum).

    Each coordinate is a number as :func:`parse_count` reads it (``1e18``,
    ``10**18``, ``1_000``), with the same limit of :data:`MAX_DIGITS` digits.

    Examples
    --------
    >>> parse_position(parse_game("wythoff+nim"), "5,8+3")
    ((5, 8), (3,))
    >>> parse_position(parse_game("wythoff"), "5,1e18")
    (5, 1000000000000000000)
    >>> parse_position(parse_game("wythoff"), "5,x")
    Traceback (most recent call last):
    ...
    ValueError: position '5,x': 'x' is not an integer
    >>> parse_position(parse_game("wythoff"), "1e400,3")
    Traceback (most recent call last):
    ...
    ValueError: position '1e400,3': '1e400' has about 401 digits; at most 200 are accepted
    >>> parse_position(parse_game("wythoff"), "５,８")
    Traceback (most recent call last):
    ...
    ValueError: position '５,８': '５' is not an integer (ASCII digits only)
    >>> parse_position(parse_game("wythoff"), "-0,0")
    Traceback (most recent call last):
    ...
    ValueError: position '-0,0': '-0' is negative zero (pile sizes have no sign)
    """
    if isinstance(game, Sum):
        parts = text.split("+")
        if len(parts) != len(game.components):
            raise ValueError(
                f"position {text!r}: the sum {game.describe()} needs "
                f"{len(game.components)} parts separated by '+'"
            )
        return game.check_position(
            tuple(parse_position(g, p) for g, p in zip(game.components, parts, strict=True))
        )
    values = []
    for item in text.split(","):
        item = item.strip(" ")
        try:
            values.append(parse_count(item, "coordinate"))
        except ValueError as error:
            if "digits" in str(error):
                reason = str(error).split(" has ", 1)[1]
                raise ValueError(f"position {text!r}: {item!r} has {reason}") from None
            ascii_only = " (ASCII digits only)" if not item.isascii() else ""
            raise ValueError(f"position {text!r}: {item!r} is not an integer{ascii_only}") from None
        if values[-1] == 0 and item.startswith("-"):  # -0, -0e5: a sign on zero
            raise ValueError(f"position {text!r}: {item!r} is negative zero (pile sizes have no "
                             "sign)")  # fmt: skip
    return game.check_position(tuple(values))


def parse_range(text: str, name: str, *, hi: int | None = None) -> range:
    """``A..B`` (inclusive) or a single ``N``, as a range; ``B <= hi`` when given.

    Examples
    --------
    >>> parse_range("0..23", "rows")
    range(0, 24)
    >>> parse_range("5", "rows")
    range(5, 6)
    >>> parse_range("0..1e5", "--rows", hi=5000)
    Traceback (most recent call last):
    ...
    ValueError: --rows must be A..B with 0 <= A <= B <= 5000 (--rows = '0..1e5')
    """
    if ".." in text:
        low, high = text.split("..", 1)
        start, stop = parse_count(low, name), parse_count(high, name)
    else:
        start = stop = parse_count(text, name)
    if start < 0 or stop < start or (hi is not None and stop > hi):
        limit = "" if hi is None else f" <= {hi}"
        raise ValueError(f"{name} must be A..B with 0 <= A <= B{limit} ({name} = {text!r})")
    return range(start, stop + 1)


def count_range(name: str, *, hi: int | None = None) -> Callable[[str], range]:
    """An argparse ``type=`` for ``A..B`` (:func:`parse_range` with ``B <= hi``).

    >>> count_range("--rows", hi=500)("0..1e2")
    range(0, 101)
    """

    def convert(text: str) -> range:
        return _for_argparse(name, lambda: parse_range(text, name, hi=hi))

    convert.__name__ = f"range {name}"
    convert.range_hi = hi  # type: ignore[attr-defined]  # for tests and docs
    return convert
