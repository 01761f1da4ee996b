"""The value of any position, by the fastest sound method, with its certificate.

:func:`value` and :func:`moves` choose among the methods below (or use the
one ``method`` names) and say which they used and what the answer rests on.

======================  =====================================================  ==================
method                  covers                                                 certificate
======================  =====================================================  ==================
``table``               a two-pile game with a fast table implementation       exact (table)
                        (``grundy-table``), both coordinates < TABLE_LIMIT
``row-period``          Wythoff, F-Wythoff, R-Wythoff with the smaller         exact (Landman
                        coordinate <= ROW_LIMIT, the other any size            cycle: preperiod,
                        (``row-periods``, ``row-values``: Landman's machine)   period, saltus)
``rw``                  Wythoff, any position whose value is <= RW_MAX_G,      conditional on
                        rows up to about 3.5e18 (``row-hpoints``: Algorithm     Conjecture 3.10
                        RW, or WSG where it reaches: then exact)               (R_g, L, H)
``fibonacci``           Fibonacci Nim (n, r), n up to fast.fibonacci.MAX_ROWS,  exact (rows as
                        any r; a sum with a Fibonacci Nim component (the       step functions)
                        XOR of its components' values, 000 §1.1)
``spec``                any game, positions with at most MAX_POSITIONS         exact (spec)
                        sub-positions (the generic solver)
``beatty``              moves only: Wythoff at any size, by the P-positions    exact (000 Thm 1.1)
                        (floor(n phi), floor(n phi^2)) of Theorem 1.1
======================  =====================================================  ==================

Examples
--------
>>> v = value("wythoff", (300, 400))
>>> v.value, v.method, v.certificate
(556, 'table', 'exact (table: fast.tables)')
>>> v = value("wythoff", (5, 10**18))
>>> v.value, v.certificate
(1000000000000000002, 'exact (Landman cycle: preperiod 27, period 24, saltus 24)')
>>> value("wythoff", (3, 5)).value
0
>>> moves("wythoff", (5, 10**18)).moves
[(5, 3)]
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

import numpy as np

import spec
from fast._memory import check_memory
from grundy.registry.core import NoImplementation, candidates, resolve
from grundy.registry.sequences import RW_MAX_G
from grundy.registry.tables import is_two_pile
from reference.beatty import lower_index, lower_wythoff, upper_index, upper_wythoff
from reference.landman import GAMES as MACHINE_GAMES
from reference.rw import H_DEFAULT, L_DEFAULT, default_R

__all__ = [
    "MAX_POSITIONS",
    "METHODS",
    "ROW_LIMIT",
    "RW_MAX_G",
    "TABLE_LIMIT",
    "Moves",
    "Period",
    "Value",
    "game_named",
    "moves",
    "period",
    "value",
]

#: The table method covers positions with both coordinates below this.
TABLE_LIMIT = 4096
#: The row-period method covers rows up to this (Landman's machine grows as 2^O(x^2)).
ROW_LIMIT = 60
#: The values of g the rw method tries in turn (each run costs about R_g rows per level).
RW_STEPS = (3, 7, 12, RW_MAX_G)
#: The spec method refuses positions with more sub-positions than this.
MAX_POSITIONS = 4_000_000


@dataclass(frozen=True)
class Value:
    """The Grundy value of a position and how it was obtained.

    Attributes
    ----------
    game : str
        The game (its registry name, or a sum ``a+b``).
    position : tuple
    value : int
    method : str
        One of :data:`METHODS`.
    implementation : str
        The registered implementation that answered.
    certificate : str
        ``exact (...)`` or ``conditional on Conjecture 3.10 (...)``.
    """

    game: str
    position: Any
    value: int
    method: str
    implementation: str
    certificate: str

    @property
    def outcome(self) -> str:
        """``P`` (value 0: the player to move loses) or ``N``."""
        return "P" if self.value == 0 else "N"

    def as_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "position": self.position,
            "value": self.value,
            "outcome": self.outcome,
            "method": self.method,
            "implementation": self.implementation,
            "certificate": self.certificate,
        }


@dataclass(frozen=True)
class Moves:
    """The winning moves (followers of value 0) of a position, with their certificate."""

    game: str
    position: Any
    moves: list[Any] = field(default_factory=list)
    method: str = ""
    certificate: str = ""

    def as_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "position": self.position,
            "winning_moves": self.moves,
            "method": self.method,
            "certificate": self.certificate,
        }


class _Declined(Exception):
    """A method does not cover the position; the message says why."""


def game_named(name: str) -> spec.ImpartialGame:
    """A registered game by name, or a disjunctive sum written ``wythoff+nim``.

    Examples
    --------
    >>> game_named("wythoff+nim")
    Sum(Wythoff(), Nim())
    """
    parts = [spec.get_game(part.strip()) for part in name.split("+")]
    return parts[0] if len(parts) == 1 else spec.Sum(*parts)


def _game(game: str | spec.ImpartialGame) -> spec.ImpartialGame:
    return game_named(game) if isinstance(game, str) else game


def _flatten(position: Any) -> list[int]:
    if isinstance(position, int):
        return [position]
    return [v for part in position for v in _flatten(part)]


def _two_pile(game: spec.ImpartialGame, position: Any) -> tuple[int, int]:
    reason = is_two_pile(game.describe()) if not isinstance(game, spec.Sum) else "a sum"
    if reason is not None:
        raise _Declined(reason)
    x, y = position
    return int(x), int(y)


def _table_for(game: spec.ImpartialGame, position: Any) -> tuple[np.ndarray, str]:
    """The compiled table that holds ``position`` (the table method), and its implementation."""
    x, y = _two_pile(game, position)
    size = max(x, y) + 1
    if size > TABLE_LIMIT:
        raise _Declined(f"a coordinate is >= {TABLE_LIMIT}")
    try:
        impl = resolve("grundy-table", game.describe(), size=size)
    except NoImplementation as error:
        raise _Declined(str(error)) from None
    if impl.layer == "spec":
        raise _Declined("no compiled table for this game (the spec method covers it)")
    return impl.answer(size=size), impl.name


def _by_table(game: spec.ImpartialGame, position: Any) -> tuple[int, str, str]:
    table, name = _table_for(game, position)
    x, y = position
    return int(table[x, y]), name, f"exact (table: {name})"


def _by_row_period(game: spec.ImpartialGame, position: Any) -> tuple[int, str, str]:
    x, y = _two_pile(game, position)
    name = game.describe()
    if name not in MACHINE_GAMES:
        raise _Declined(f"Landman's machine covers {', '.join(MACHINE_GAMES)} only")
    row, column = min(x, y), max(x, y)
    if row > ROW_LIMIT:
        raise _Declined(f"the smaller coordinate is > {ROW_LIMIT}")
    impl = resolve("row-periods", name, rows=row + 1, start=row)
    (period,) = impl.answer(rows=row + 1, start=row)
    preperiod, length, saltus = period
    if column < preperiod + length:
        index, shift = column, 0
    else:
        turns = (column - preperiod) // length
        index, shift = column - turns * length, turns * saltus
    values = resolve("row-values", name, rows=row + 1, length=index + 1, start=row)
    base = int(values.answer(rows=row + 1, length=index + 1, start=row)[0][index])
    return base + shift, impl.name, _landman_certificate(preperiod, length, saltus)


def _landman_certificate(preperiod: int, period: int, saltus: int) -> str:
    return f"exact (Landman cycle: preperiod {preperiod}, period {period}, saltus {saltus})"


def _by_rw(game: spec.ImpartialGame, position: Any) -> tuple[int, str, str]:
    x, y = _two_pile(game, position)
    if game.describe() != "wythoff":
        raise _Declined("Algorithm RW is for Wythoff's game")
    row, column = min(x, y), max(x, y)
    impl = None
    for g in RW_STEPS:  # R_g grows with g: look among small values first
        tried = candidates("row-hpoints", "wythoff", g=g, row=row)
        impl = next((i for i, reason in tried if reason is None), None)
        if impl is None:
            raise _Declined("; ".join(f"{i.name}: {r}" for i, r in tried))
        for h, b in impl.answer(g=g, row=row):
            if b != column:
                continue
            if impl.certificate.startswith("conditional"):
                certificate = (
                    f"{impl.certificate} (R_g = {default_R(g)} for g = {g}, "
                    f"L = {L_DEFAULT}, H = {H_DEFAULT})"
                )
            else:
                certificate = f"exact ({impl.name})"
            return h, impl.name, certificate
    assert impl is not None  # RW_STEPS is not empty
    raise _Declined(
        f"the value is > {RW_MAX_G} ({impl.name} found every h-point of row {row} for "
        f"h <= {RW_MAX_G}, {impl.certificate}); no method gives it exactly"
    )


def _by_spec(
    game: spec.ImpartialGame, position: Any, max_positions: int = MAX_POSITIONS
) -> tuple[int, str, str]:
    count = math.prod(v + 1 for v in _flatten(position))
    if count > max_positions:
        raise _Declined(
            f"the spec solver may need {count:,} sub-positions (limit {max_positions:,}; "
            "raise --max-positions if you mean it)"
        )
    return spec.grundy(game, position), "spec", "exact (spec)"


def _by_fibonacci(game: spec.ImpartialGame, position: Any) -> tuple[int, str, str]:
    """Fibonacci Nim from its rows' step functions (``fibonacci-values``); a sum by XOR."""
    if isinstance(game, spec.Sum) and any(
        c.describe() == "fibonacci-nim" for c in game.components
    ):  # fmt: skip
        try:
            parts = [value(c, p) for c, p in zip(game.components, position, strict=True)]
        except ValueError as error:
            raise _Declined(f"a component has no value: {error}") from None
        total = 0
        for part in parts:
            total ^= part.value
        how = " + ".join(f"{p.method}: {p.certificate}" for p in parts)
        return total, "xor", f"exact (Sprague-Grundy theorem, 000 §1.1: XOR of {how})"
    (result,), name = _fibonacci_values(game, [position])
    return result, name, f"exact ({name}: rows 0..{position[0]} as step functions)"


def _fibonacci_values(game: spec.ImpartialGame, positions: list[Any]) -> tuple[list[int], str]:
    """G at Fibonacci Nim ``positions`` (question ``fibonacci-values``), and the implementation."""
    if game.describe() != "fibonacci-nim":
        raise _Declined("the fibonacci method is for Fibonacci Nim and sums with it")
    asked = [tuple(p) for p in positions]
    try:
        impl = resolve("fibonacci-values", "fibonacci-nim", positions=asked)
    except NoImplementation as error:
        raise _Declined(str(error)) from None
    return list(impl.answer(positions=asked)), impl.name


_VALUE_METHODS = {
    "table": _by_table,
    "row-period": _by_row_period,
    "rw": _by_rw,
    "fibonacci": _by_fibonacci,
    "spec": _by_spec,
}
#: Every method of :func:`value` and :func:`moves` (value tries them in this order).
METHODS = (*_VALUE_METHODS, "beatty")


def value(
    game: str | spec.ImpartialGame,
    position: Any,
    method: str | None = None,
    *,
    max_positions: int = MAX_POSITIONS,
) -> Value:
    """The Grundy value of ``position``, by ``method`` or the first method that covers it.

    Parameters
    ----------
    game : str or spec.ImpartialGame
        A registered game name or a game instance (a :class:`spec.Sum` too).
    position : tuple
        A position of the game (validated).
    method : str, optional
        One of ``table``, ``row-period``, ``rw``, ``spec``; default: the
        first that covers the position, in that order.
    max_positions : int
        The spec method declines positions with more sub-positions than this.

    Returns
    -------
    Value

    Raises
    ------
    ValueError
        For a bad game, position or method, or when no method covers the
        position (the message names every method tried and why it declined).

    Examples
    --------
    >>> value("wythoff", (1618033988750, 2618033988746)).certificate
    'conditional on Conjecture 3.10 (R_g = 800 for g = 7, L = -15, H = 15)'
    >>> value("nim", (7,)).certificate
    'exact (spec)'
    """
    g = _game(game)
    position = g.check_position(position)
    if method is not None and method not in _VALUE_METHODS:
        raise ValueError(
            f"method must be one of {', '.join(_VALUE_METHODS)} (method = {method!r})"
        )
    order = [method] if method else list(_VALUE_METHODS)
    reasons = []
    for name in order:
        try:
            if name == "spec":
                result, impl, certificate = _by_spec(g, position, max_positions)
            else:
                result, impl, certificate = _VALUE_METHODS[name](g, position)
        except _Declined as why:
            reasons.append(f"{name}: {why}")
            continue
        return Value(g.describe(), position, result, name, impl, certificate)
    raise ValueError(
        f"no method gives the value of {position} in {g.describe()}: " + "; ".join(reasons)
    )


def _beatty_moves(game: spec.ImpartialGame, position: Any) -> list[tuple[int, int]]:
    """Wythoff's winning moves from (x, y): to the P-positions of its row, column, diagonal."""
    if game.describe() != "wythoff":
        raise _Declined("the Beatty method is for Wythoff's game")
    x, y = _two_pile(game, position)
    found = set()

    def partners(v: int) -> list[int]:
        # the P-positions (v, w): w = b_n if v = a_n, w = a_n if v = b_n
        out = []
        n = lower_index(v)
        if n is not None:
            out.append(upper_wythoff(n))
        n = upper_index(v)
        if n is not None:
            out.append(lower_wythoff(n))
        return out

    for w in partners(x):
        if w < y:
            found.add((x, w))
    for w in partners(y):
        if w < x:
            found.add((w, y))
    d = abs(y - x)
    a = lower_wythoff(d)
    if a < min(x, y):
        found.add((a, a + d) if x <= y else (a + d, a))
    return sorted(found)


def moves(
    game: str | spec.ImpartialGame,
    position: Any,
    method: str | None = None,
    *,
    max_positions: int = MAX_POSITIONS,
) -> Moves:
    """The winning moves from ``position`` (its followers of value 0).

    ``beatty`` (Wythoff, any size: the P-positions of Theorem 1.1 of 000 in
    the row, column and diagonal of the position) is tried first for
    Wythoff; otherwise every follower is valued by :func:`value` with the
    ``table`` or ``spec`` method (the spec declines positions with more than
    ``max_positions`` sub-positions, as in :func:`value`).

    Examples
    --------
    >>> moves("wythoff", (4, 4)).moves
    [(0, 0)]
    >>> moves("wythoff+nim", ((1, 2), (3,))).moves
    [((1, 2), (0,))]
    """
    g = _game(game)
    position = g.check_position(position)
    allowed = ("beatty", "fibonacci", "table", "spec")
    if method is not None and method not in allowed:
        raise ValueError(f"method must be one of {', '.join(allowed)} (method = {method!r})")
    order = [method] if method else list(allowed)
    reasons = []
    for name in order:
        try:
            if name == "beatty":
                found: list[Any] = list(_beatty_moves(g, position))
                certificate = "exact (000 Theorem 1.1: P-positions (floor(n phi), floor(n phi^2)))"
            elif name == "fibonacci":
                followers = list(dict.fromkeys(g.followers(position)))
                valued, impl = _fibonacci_values(g, [position, *followers])
                found = [f for f, v in zip(followers, valued[1:], strict=True) if v == 0]
                certificate = f"exact ({impl}: rows as step functions)"
            elif name == "table":
                values, table_name = _table_for(g, position)
                followers = list(dict.fromkeys(g.followers(position)))
                if any(max(f) >= len(values) for f in followers):  # (n - k, 2k) in Fibonacci Nim
                    raise _Declined("a follower lies outside the table of the position")
                found = [f for f in followers if values[f] == 0]
                certificate = f"exact (table: {table_name})"
            else:
                _by_spec(g, position, max_positions)
                found = spec.winning_moves(g, position)
                certificate = "exact (spec)"
        except _Declined as why:
            reasons.append(f"{name}: {why}")
            continue
        return Moves(g.describe(), position, sorted(found), name, certificate)
    raise ValueError(
        f"no method gives the winning moves of {position} in {g.describe()}: "
        + "; ".join(reasons)
    )


@dataclass(frozen=True)
class Period:
    """The additive periodicity of row ``row``: G(row, y + period) = G(row, y) + saltus
    for every y >= preperiod (the smallest such preperiod, the smallest period).

    ``status`` is ``certified`` (Landman's machine reached a repeated state:
    proved for all y), ``apparent`` (found on ``window`` values only, not a
    proof) or ``none`` (no period within the window; the fields are None).
    ``values`` holds G(row, y) for the first y.
    """

    game: str
    row: int
    preperiod: int | None
    period: int | None
    saltus: int | None
    status: str
    implementation: str
    certificate: str
    window: int | None = None
    values: list[int] = field(default_factory=list)

    def as_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "row": self.row,
            "status": self.status,
            "preperiod": self.preperiod,
            "period": self.period,
            "saltus": self.saltus,
            "implementation": self.implementation,
            "certificate": self.certificate,
            "window": self.window,
            "values": self.values,
        }


def period(
    game: str | spec.ImpartialGame,
    row: int,
    *,
    window: int = 2000,
    lines: int = 3,
    implementation: str | None = None,
) -> Period:
    """The additive period of a row of any two-pile game, certified where the project can.

    Landman's machine (``row-periods``) where a registered implementation
    covers the game (wythoff, f-wythoff, r-wythoff): certified. Otherwise
    the apparent period of G(row, y), y < ``window``, from the registry's
    ``grundy-block`` (:func:`reference.structure.additive_period`): apparent.
    ``values`` holds the preperiod and ``lines`` periods (or the window).

    Examples
    --------
    >>> p = period("wythoff", 3)
    >>> (p.preperiod, p.period, p.saltus, p.status)
    (8, 6, 6, 'certified')
    >>> period("a-wythoff:2", 3).status
    'apparent'
    """
    from reference.structure import additive_period

    g = _game(game)
    name = g.describe()
    if isinstance(row, bool) or not isinstance(row, int) or row < 0:
        raise ValueError(f"row must be an int >= 0 (row = {row!r})")
    reason = is_two_pile(name)
    if reason is not None:
        raise ValueError(reason)
    if window < 2:
        raise ValueError(f"window must be >= 2 (window = {window})")
    certified = candidates("row-periods", name, rows=row + 1, start=row)
    usable = [i for i, why in certified if why is None and implementation in (None, i.name)]
    if usable:
        impl = usable[0]
        (found,) = impl.answer(rows=row + 1, start=row)
        shown = found.preperiod + lines * found.period
        check_memory(shown * 120, f"{shown:,} values of row {row} ({lines} period lines)")
        rows = resolve("row-values", name, rows=row + 1, length=max(shown, 1), start=row)
        head = [int(v) for v in rows.answer(rows=row + 1, length=max(shown, 1), start=row)[0]]
        return Period(
            name, row, found.preperiod, found.period, found.saltus, "certified", impl.name,
            _landman_certificate(found.preperiod, found.period, found.saltus),
            values=head[:shown],
        )
    try:
        block = resolve("grundy-block", name, rows=row + 1, cols=window)
    except NoImplementation as error:
        raise ValueError(str(error)) from None
    values = [int(v) for v in block.answer(rows=row + 1, cols=window)[row]]
    apparent = additive_period(values)
    if apparent is None:
        return Period(
            name, row, None, None, None, "none", block.name,
            f"no apparent period within the window y < {window}", window, values[:30],
        )
    return Period(
        name, row, apparent.preperiod, apparent.period, apparent.saltus, "apparent", block.name,
        f"apparent on y < {window} only (not certified)", window,
        values[: apparent.preperiod + lines * apparent.period],
    )


# --------------------------------------------------------------- conformance of the methods


def _method_values(method: str) -> Any:
    """``(game, rows, cols, col0) -> values by one method``; -1 where the method declines."""

    def answer(game: str, rows: int, cols: int, col0: int = 0) -> np.ndarray:
        g = spec.get_game(game)
        out = np.full((rows, cols), -1, dtype=np.int64)
        if method == "table":  # one table for the whole domain (the method's own lookup)
            table, _ = _table_for(g, (rows - 1, col0 + cols - 1))  # declines as the method would
            return np.asarray(table[:rows, col0 : col0 + cols], dtype=np.int64)
        for x in range(rows):
            for j in range(cols):
                try:
                    out[x, j] = _VALUE_METHODS[method](g, (x, col0 + j))[0]
                except _Declined:
                    pass
        return out

    return answer


def compare_answered(expected: Any, actual: Any) -> str | None:
    """Compare where ``actual`` answered (>= 0); None if every answer agrees and one was given.

    Examples
    --------
    >>> compare_answered([[1, 2]], [[1, -1]]) is None
    True
    >>> compare_answered([[1, 2]], [[1, 3]])
    'first difference at (0, 1): expected 2, got 3'
    >>> compare_answered([[1, 2]], [[-1, -1]])
    'the method answered no position of the domain'
    """
    exp, act = np.asarray(expected), np.asarray(actual)
    if exp.shape != act.shape:
        return f"shape differs: expected {exp.shape}, got {act.shape}"
    answered = act >= 0
    if not answered.any():
        return "the method answered no position of the domain"
    wrong = answered & (exp != act)
    if wrong.any():
        index = tuple(int(i) for i in np.argwhere(wrong)[0])
        return f"first difference at {index}: expected {exp[index]}, got {act[index]}"
    return None


def _register_method_questions() -> None:
    from grundy.registry.core import register_implementation, register_question

    for game in MACHINE_GAMES:
        key = register_question(
            "value-methods",
            game,
            "G(x, y), 0 <= x < rows, col0 <= y < col0 + cols, by each dispatch method "
            "(-1 where a method declines)",
            {"game": game, "rows": 6, "cols": 60},
            compare_answered,
        )

        def by_spec(game: str, rows: int, cols: int, col0: int = 0) -> np.ndarray:
            g = spec.get_game(game)
            return np.array(
                [[spec.grundy(g, (x, col0 + j)) for j in range(cols)] for x in range(rows)],
                dtype=np.int64,
            )

        register_implementation(
            key, "spec", "spec", by_spec, replace=True,
            covers=lambda game, rows, cols, col0=0: (
                None if col0 + cols <= 300 and rows <= 10 else "too large for the spec"
            ),
        )
        methods = ["table", "row-period"] + (["rw"] if game == "wythoff" else [])
        for method in methods:
            register_implementation(
                key, f"method {method}", "fast", _method_values(method), replace=True,
                rank=20 + methods.index(method),
                certificate="conditional on Conjecture 3.10" if method == "rw" else "exact",
            )
        register_implementation(
            key, "method row-period (y < 10^4)", "fast", _method_values("row-period"),
            replace=True, rank=30, quick=False,
            domain={"game": game, "rows": 8, "cols": 500, "col0": 3500},
        )


_register_method_questions()
