"""Parametric families of two-pile games: ``nimhof:A,B/C,D/...`` and ``a-wythoff:A``.

Each family is registered with :func:`spec.game.register_family`; its
factory parses the parameter text, refuses bad parameters with a one-line
ValueError naming the family and the parameter, and returns a game whose
``describe()`` is the canonical name (parameters normalised).

Neither family is defined in the seeds (``shared/seeds``); the sources are:

* NimHof: E. Friedman, S. Garrabrant, I. Phipps-Morgan, A. S. Landsberg,
  U. Larsson, "Geometric analysis of a generalized Wythoff game", Games of
  No Chance 5 (2019). A rule [a, b] moves (x, y) to (x - i a, y - i b) for
  any i >= 1 that keeps both coordinates non-negative. Wythoff's game is
  the rule set {[1, 0], [0, 1], [1, 1]} (seed 000 §1, formula 1-3).
* a-Wythoff: A. S. Fraenkel, "How to beat your Wythoff games' opponent on
  three fronts", Amer. Math. Monthly 89 (1982). Take any positive number
  from one pile, or k >= 1 from one and l >= 1 from the other with
  ``|k - l| < a``; a = 1 is Wythoff's game.

Both classes also carry their compiled form (``move_rays``, plain data,
see :class:`spec.game.TwoPileGame`) for :mod:`fast.engine`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

from spec.game import (
    MoveRay,
    Position,
    TwoPileGame,
    register_family_class,
)

__all__ = ["A_RAYS_MAX", "AWythoff", "NimHof"]


#: An integer parameter as written: ASCII digits only (``int()`` would take ``٣`` and ``５``).
_ASCII_INT = re.compile(r"[+-]?[0-9]+\Z", re.ASCII)


def ascii_int(text: str) -> int:
    """``text`` (spaces around it dropped) as an int written in ASCII digits, else ValueError.

    >>> ascii_int(" 12 "), ascii_int("-3")
    (12, -3)
    >>> ascii_int("\u0663")
    Traceback (most recent call last):
    ...
    ValueError: '\u0663' is not an integer in ASCII digits
    """
    item = text.strip()
    if not _ASCII_INT.match(item):
        raise ValueError(f"{item!r} is not an integer in ASCII digits")
    return int(item)


def _parse_int(family: str, label: str, text: str, example: str) -> int:
    item = text.strip()
    try:
        return ascii_int(item)
    except ValueError:
        ascii_only = "" if item.isascii() else ", ASCII digits only"
        raise ValueError(
            f"{family}: parameter {label} = {item!r} is not an integer (e.g. {example}{ascii_only})"
        ) from None


class NimHof(TwoPileGame):
    """NimHof with a set of rules [a, b]: (x, y) -> (x - i a, y - i b), i >= 1.

    Parameters
    ----------
    rules : iterable of (int, int)
        The rules; a, b >= 0 and not both 0. Duplicates are dropped and the
        canonical name lists the rules sorted.

    Examples
    --------
    >>> game = NimHof.from_text("1,0/0,1/1,1")
    >>> game.describe()
    'nimhof:0,1/1,0/1,1'
    >>> sorted(NimHof([(1, 2)]).followers((3, 5)))
    [(1, 1), (2, 3)]
    >>> NimHof.from_text("0,0")
    Traceback (most recent call last):
    ...
    ValueError: nimhof: rule '0,0' moves nothing (A and B are both 0)
    """

    name = "nimhof"
    rules = "each rule A,B moves (x, y) to (x - iA, y - iB) for any i >= 1 (A, B >= 0)"
    source = "Friedman, Garrabrant, Phipps-Morgan, Landsberg, Larsson, GONC 5 (not a seed)"
    example = "nimhof:1,0/0,1/1,1"

    def __init__(self, rules: Iterable[tuple[int, int]]) -> None:
        super().__init__()
        checked: set[tuple[int, int]] = set()
        for rule in rules:
            a, b = rule
            text = f"{a},{b}"
            for label, value in (("A", a), ("B", b)):
                if isinstance(value, bool) or not isinstance(value, int):
                    raise ValueError(f"nimhof: rule {text!r}: {label} = {value!r} is not an int")
                if value < 0:
                    raise ValueError(f"nimhof: rule {text!r}: {label} = {value} must be >= 0")
            if a == 0 and b == 0:
                raise ValueError(f"nimhof: rule {text!r} moves nothing (A and B are both 0)")
            checked.add((a, b))
        if not checked:
            raise ValueError(f"nimhof: no rules (expected nimhof:A,B/C,D/..., e.g. {self.example})")
        self.rule_set: tuple[tuple[int, int], ...] = tuple(sorted(checked))
        self.move_rays = self.rule_set

    @classmethod
    def from_text(cls, text: str) -> NimHof:
        """Parse ``A,B/C,D/...`` (the text after ``nimhof:``)."""
        if not text.strip():
            raise ValueError(f"nimhof: no rules (expected nimhof:A,B/C,D/..., e.g. {cls.example})")
        rules: list[tuple[int, int]] = []
        for part in text.split("/"):
            items = part.split(",")
            if len(items) != 2:
                raise ValueError(
                    f"nimhof: rule {part.strip()!r} must be two integers A,B (e.g. {cls.example})"
                )
            a = _parse_int("nimhof", "A", items[0], cls.example)
            b = _parse_int("nimhof", "B", items[1], cls.example)
            rules.append((a, b))
        return cls(rules)

    def describe(self) -> str:
        return "nimhof:" + "/".join(f"{a},{b}" for a, b in self.rule_set)

    def __repr__(self) -> str:
        return f"NimHof({list(self.rule_set)!r})"

    def followers(self, position: Position) -> Iterator[Position]:
        x, y = position
        for a, b in self.rule_set:
            i = 1
            while x - i * a >= 0 and y - i * b >= 0:
                yield (x - i * a, y - i * b)
                i += 1


#: The largest a for which a-Wythoff has a compiled form: its 2a + 1 rays are
#: kept as data and scanned at every cell by :mod:`fast.engine`, so a huge a
#: (``a-wythoff:1000000000``) would spend gigabytes on rays that never fit a
#: table. Beyond it the game has no ``move_rays`` and the spec answers (its
#: followers need no memory in a).
A_RAYS_MAX = 4096


class AWythoff(TwoPileGame):
    """Fraenkel's a-Wythoff: one pile alone, or k, l >= 1 from both with ``|k - l| < a``.

    Parameters
    ----------
    a : int
        a >= 1; ``a-wythoff:1`` is Wythoff's game.

    Examples
    --------
    >>> sorted(AWythoff(2).followers((2, 2)))
    [(0, 0), (0, 1), (0, 2), (1, 0), (1, 1), (1, 2), (2, 0), (2, 1)]
    >>> AWythoff(2).describe()
    'a-wythoff:2'
    >>> AWythoff(0)
    Traceback (most recent call last):
    ...
    ValueError: a-wythoff: parameter A = 0 must be >= 1 (e.g. a-wythoff:2)
    """

    name = "a-wythoff"
    rules = "take k >= 1 from one pile, or k >= 1 and l >= 1 from both with |k - l| < a"
    source = "Fraenkel, Amer. Math. Monthly 89 (1982) (not a seed)"
    example = "a-wythoff:2"

    def __init__(self, a: int) -> None:
        super().__init__()
        if isinstance(a, bool) or not isinstance(a, int):
            raise ValueError(f"a-wythoff: parameter A = {a!r} is not an int (e.g. {self.example})")
        if a < 1:
            raise ValueError(f"a-wythoff: parameter A = {a} must be >= 1 (e.g. {self.example})")
        self.a = a
        # Its P-positions are (⌊nα⌋, ⌊nα⌋ + an) with α = (2 - a + √(a² + 4))/2 (Fraenkel):
        # φ for a = 1 (Zeckendorf), √2 for a = 2 (the Ostrowski numeration of √2, Pell).
        self.natural_numeration = {1: "fibonacci", 2: "pell"}.get(a)
        if a > A_RAYS_MAX:
            # 2A + 1 rays, each scanned at every cell: no compiled form (the spec answers).
            self.move_rays = None
            return
        # One pile alone; then both piles, k = l + d (d >= 0) or l = k + d (d >= 1):
        # (x - d - 1 - i, y - 1 - i) and (x - 1 - i, y - d - 1 - i), i >= 0.
        rays: list[MoveRay] = [(1, 0), (0, 1)]
        rays += [(1 + d, 1, 1, 1) for d in range(a)]
        rays += [(1, 1 + d, 1, 1) for d in range(1, a)]
        self.move_rays = tuple(rays)

    @classmethod
    def from_text(cls, text: str) -> AWythoff:
        """Parse ``A`` (the text after ``a-wythoff:``)."""
        if not text.strip():
            raise ValueError(f"a-wythoff: parameter A is missing (e.g. {cls.example})")
        return cls(_parse_int("a-wythoff", "A", text, cls.example))

    def describe(self) -> str:
        return f"a-wythoff:{self.a}"

    def __repr__(self) -> str:
        return f"AWythoff({self.a})"

    def followers(self, position: Position) -> Iterator[Position]:
        x, y = position
        for k in range(1, x + 1):
            yield (x - k, y)
        for k in range(1, y + 1):
            yield (x, y - k)
        for k in range(1, x + 1):
            for l in range(max(1, k - self.a + 1), min(y, k + self.a - 1) + 1):
                yield (x - k, y - l)


register_family_class(NimHof)
register_family_class(AWythoff)
