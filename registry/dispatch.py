"""The value of any position, by the fastest sound method, with its certificate.

:func:`value` and :func:`moves` choose among the methods below (or use the
one ``method`` names) and say which they used and what the answer rests on.

======================  =====================================================  ==================
method                  covers                                                 certificate
======================  =====================================================  ==================
``table``               Wythoff, F-Wythoff, R-Wythoff: the strip of rows       exact (strip or
                        0..min(x, y), columns 0..max(x, y) (``fast.strip``),   table)
                        when it takes under STRIP_SECONDS at the measured
                        speed (:func:`strip_seconds`) and fits in memory;
                        other two-pile games: a compiled table
                        (``grundy-table``), both coordinates < TABLE_LIMIT
``row-period``          Wythoff, F-Wythoff, R-Wythoff, the other coordinate    exact (the atlas's
                        any size: the row's certified (preperiod, period,      record, or the
                        saltus) from the atlas (``registry/atlas/``) or computed   strip's equal
                        by the strip for rows <= ROW_LIMITS[game]; then the    windows)
                        value at the reduced column by the strip (at most
                        ROW_VALUE_SECONDS at its measured speed)
                        (``row-periods``, ``row-values``); a game whose rows
                        are lines (:func:`period`), row x <=
                        GENERIC_ROW_LIMIT, y any size: the window
                        certificate on the engine's blocks
``rw``                  Wythoff, any position whose value is <= RW_MAX_G,      conditional on
                        rows up to about 3.5e18 (``row-hpoints``: Algorithm    Conjecture 3.10
                        RW, or WSG where it reaches: then exact)               (R_g, L, H)
``fibonacci``           Fibonacci Nim (n, r), n up to MAX_ROWS of              exact (rows as
                        ``fast.fibonacci``, any r; a sum with a Fibonacci Nim  step functions)
                        component (the XOR of its components' values, 000
                        §1.1)
``spec``                any game, positions with at most MAX_POSITIONS         exact (spec)
                        sub-positions and at most SPEC_MAX_WORK follower
                        visits (the generic solver's measured speed)
``beatty``              moves only: Wythoff at any size, by the P-positions    exact (000 Thm 1.1)
                        (floor(n phi), floor(n phi^2)) of Theorem 1.1
======================  =====================================================  ==================

Examples
--------
>>> v = value("wythoff", (300, 400))
>>> v.value, v.method, v.certificate
(556, 'table', 'exact (strip: rows 0..300, columns 0..400)')
>>> v = value("wythoff", (5, 10**18))
>>> v.value, v.method, v.implementation
(1000000000000000002, 'row-period', 'atlas')
>>> v.certificate.split(";")[0]
'exact (row 5: preperiod 27, period 24, saltus 24'
>>> value("wythoff", (3, 5)).value
0
>>> moves("wythoff", (5, 10**18)).moves
[(5, 3)]
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

import spec
from fast._memory import check_memory
from registry.answers import Moves, Period, Value
from registry.core import (
    NoImplementation,
    UnknownImplementation,
    as_game,
    candidates,
    question,
    resolve,
)
from registry.rows import atlas_row, atlas_value, reduce_column, strip_value
from registry.sequences import RW_MAX_G
from registry.tables import is_two_pile
from reference.beatty import wythoff_winning_moves
from reference.landman import GAMES as MACHINE_GAMES
from reference.landman import Periodicity
from reference.rw import H_DEFAULT, L_DEFAULT, default_R

__all__ = [
    "GENERIC_ROW_LIMIT",
    "MAX_POSITIONS",
    "METHODS",
    "ROW_LIMIT",
    "ROW_LIMITS",
    "ROW_VALUE_SECONDS",
    "RW_MAX_G",
    "SPEC_MAX_WORK",
    "SPEC_SECONDS",
    "STRIP_SECONDS",
    "TABLE_LIMIT",
    "moves",
    "period",
    "strip_seconds",
    "value",
]

Game = spec.ImpartialGame

#: The table method covers positions of games without a strip with both coordinates below this.
TABLE_LIMIT = 4096
#: The row-period method of a game without a strip (its rows lines, certified by the window
#: certificate on the engine's blocks) takes rows up to this. Measured (x86_64, 2 cores):
#: nimhof:0,1/1,0/1,2 row 100 certifies in 3.5 s, a-wythoff:2 row 100 in 113 s (preperiod
#: 483,274: blocks of 101 rows to 2^20 columns), with progress.
GENERIC_ROW_LIMIT = 100
#: The row-period method computes a certificate unasked for rows up to this (atlas rows:
#: any; beyond, with an implementation named, up to the strip's reach
#: :data:`registry.rows.STRIP_MAX_ROW`). Measured (benchmarks/bench_strip.py, x86_64,
#: 2 cores, loaded): Wythoff rows 0..160 certify in 3 s, 0..200 in 14 s, 0..240 in 19 s
#: (1.1 GB of normalised columns); F-Wythoff rows 0..30: 720,720 columns, 7 s; R-Wythoff
#: rows 0..15: 18,144,000 columns, about 2 GB (their joint periods grow fast).
ROW_LIMITS = {"wythoff": 240, "f-wythoff": 30, "r-wythoff": 15}
ROW_LIMIT = ROW_LIMITS["wythoff"]
#: The strip (table method) takes positions it computes in at most this many seconds.
STRIP_SECONDS = 45.0
#: The strip's measured speed: cells per second ~ STRIP_RATE / (1 + rows / 100)
#: (bench_strip.py: 3.4e7 cells/s with 501 rows, 1.3e7 with 3001; a lower bound).
STRIP_RATE = 2e8
#: The row-period method computes the value at the reduced column by the strip when that
#: takes at most this long at the measured speed (with progress): atlas rows up to about 500.
ROW_VALUE_SECONDS = 300.0
#: Seconds the spec solver may take for one evaluation: the spec method declines positions
#: past it at the measured speed, and the CLI stops the solver there (grundy.cli.spec_limits).
SPEC_SECONDS = 60.0
#: The spec solver visits about 5e6 followers a second (Wythoff, measured): the spec method
#: declines positions whose estimated visits (sub-positions x the sum of the coordinates)
#: pass SPEC_SECONDS of that.
SPEC_MAX_WORK = int(SPEC_SECONDS * 5e6)
#: The values of g the rw method tries in turn (each run costs about R_g rows per level).
RW_STEPS = (3, 7, 12, RW_MAX_G)
#: The spec method refuses positions with more sub-positions than this.
MAX_POSITIONS = 4_000_000


class _Declined(Exception):
    """A method does not cover the position; the message says why."""


def _flatten(position: Any) -> list[int]:
    if isinstance(position, int):
        return [position]
    return [v for part in position for v in _flatten(part)]


def _two_pile(game: spec.ImpartialGame, position: Any) -> tuple[int, int]:
    reason = is_two_pile(game)
    if reason is not None:
        raise _Declined(reason)
    x, y = position
    return int(x), int(y)


def strip_seconds(rows: int, cols: int) -> float:
    """Estimated seconds of the strip of ``rows`` rows and ``cols`` columns (measured speed).

    Examples
    --------
    >>> round(strip_seconds(501, 10**6))
    15
    """
    return rows * cols * (1 + rows / 100) / STRIP_RATE


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


def _strip_value(name: str, row: int, column: int, progress: Any = None) -> int:
    """G(row, column) by the strip of rows 0..row, columns 0..column (nothing kept)."""
    tick = None
    if progress is not None:

        def tick(done: int, total: int) -> None:
            if done % (64 * 4096) == 0:
                progress(f"column {done:,} of {total:,}")

    return strip_value(name, row, column, tick)


def _by_table(
    game: Game, position: Any, *, progress: Any = None, max_positions: int = MAX_POSITIONS
) -> tuple[int, str, str]:
    x, y = _two_pile(game, position)
    name = game.describe()
    if name in MACHINE_GAMES:
        row, column = min(x, y), max(x, y)
        seconds = strip_seconds(row + 1, column + 1)
        if seconds > STRIP_SECONDS:
            raise _Declined(
                f"the strip of rows 0..{row}, columns 0..{column} would take about "
                f"{seconds:,.0f} s at its measured speed (limit {STRIP_SECONDS:.0f} s)"
            )
        value = _strip_value(name, row, column, progress)
        return value, "fast.strip", f"exact (strip: rows 0..{row}, columns 0..{column})"
    table, name = _table_for(game, position)
    return int(table[x, y]), name, f"exact (table: {name})"


def _row_periodicity(
    name: str, row: int, implementation: str | None = None, progress: Any = None
) -> tuple[Any, str, str, Any]:
    """(Periodicity, implementation, where it comes from, head) of a row: the atlas, or computed.

    ``head(length)`` gives the row's first values when the computation kept
    them (the strip's certificate), else None.

    The atlas (``registry/atlas/``, certified when it was made; conformance and
    tests/test_atlas.py recompute it) unless ``implementation`` names a
    ``row-periods`` implementation; otherwise the registry's choice.
    """
    if implementation is None:
        held = atlas_row(name, row)
        if held is not None:
            return held[0], "atlas", f"atlas {held[1]}", None
    try:
        impl = question("row-periods", name).resolve(implementation, rows=row + 1, start=row)
    except UnknownImplementation:
        raise
    except NoImplementation as error:
        why = "" if implementation is not None else f"row {row} is not in the atlas, and "
        raise _Declined(f"{why}{error}") from None
    if impl.name == "fast.strip" and implementation is None and row > ROW_LIMITS[name]:
        raise _Declined(
            f"row {row} is not in the atlas, and the strip's certificate of rows 0..{row} takes "
            f"more than about 20 s here past row {ROW_LIMITS[name]} (Wythoff rows 0..1000: 67 "
            "minutes); ask for it with --compute, or run 'grundy experiment row-periods "
            "--rows A..B --chunks DIR'"
        )
    if impl.name == "fast.strip":
        from registry.rows import strip_certificate

        tick = None if progress is None else (lambda y: progress(f"column {y:,}"))
        found = strip_certificate(name, row + 1, tick)
        return found.periodicities[row], impl.name, f"computed: {found.describe()}", found.row_head
    (result,) = impl.answer(rows=row + 1, start=row)
    return result, impl.name, f"computed by {impl.name}", None


def _by_row_period(
    game: Game, position: Any, *, progress: Any = None, max_positions: int = MAX_POSITIONS
) -> tuple[int, str, str]:
    x, y = _two_pile(game, position)
    name = game.describe()
    if name not in MACHINE_GAMES:
        return _by_generic_row_period(game, x, y, progress)
    row, column = min(x, y), max(x, y)
    found, impl, how, _ = _row_periodicity(name, row, progress=progress)
    preperiod, length, saltus = found
    index, shift = reduce_column(found, column)
    if impl == "atlas":  # issue 29: at most one period of the strip from the shipped state
        tick = None if progress is None else (lambda d, t: progress(f"column {d:,} of {t:,}"))
        far = atlas_value(name, row, column, tick)
        if far is not None:
            return (
                far[0],
                impl,
                (
                    f"exact (row {row}: preperiod {preperiod}, period {length}, saltus {saltus}; "
                    f"{how}; the value from {far[1]})"
                ),
            )
    seconds = strip_seconds(row + 1, index + 1)
    if seconds > ROW_VALUE_SECONDS:
        raise _Declined(
            f"row {row} is periodic from column {preperiod} (period {length}); its value at "
            f"column {index} needs the strip of rows 0..{row} to that column: about "
            f"{seconds:,.0f} s at its measured speed (limit {ROW_VALUE_SECONDS:.0f} s)"
        )
    base = _strip_value(name, row, index, progress)
    certificate = (
        f"exact (row {row}: preperiod {preperiod}, period {length}, saltus {saltus}; {how})"
    )
    return base + shift, impl, certificate


#: The rows :func:`_by_generic_row_period` certified last (a row's certificate serves every y;
#: keyed by canonical name, class and row, at most 16).
_GENERIC_ROWS: dict[tuple[str, type, int], Period] = {}


def _by_generic_row_period(game: Game, x: int, y: int, progress: Any) -> tuple[int, str, str]:
    """G(x, y) from row x's period, certified by the window certificate on the engine's blocks.

    For a game whose rows are lines (:func:`period`: ``move_rays`` alone or a
    stated ``row_shifts``); the row is the first coordinate, up to
    :data:`GENERIC_ROW_LIMIT`. The certificate keeps the row's values up to
    the preperiod and one period, which is all the reduced column needs.
    """
    if x > GENERIC_ROW_LIMIT:
        raise _Declined(
            f"the row certificate of {game.describe()} takes row x = {x} > {GENERIC_ROW_LIMIT} "
            "(the certificate of rows 0..x is computed here; see GENERIC_ROW_LIMIT)"
        )
    key = (game.describe(), type(game), x)
    found = _GENERIC_ROWS.pop(key, None) or period(game, x, lines=1, progress=progress)
    _GENERIC_ROWS[key] = found  # the most recent last
    while len(_GENERIC_ROWS) > 16:
        del _GENERIC_ROWS[next(iter(_GENERIC_ROWS))]
    if found.status != "certified":
        raise _Declined(f"row {x} has no certified period ({found.certificate})")
    assert found.preperiod is not None and found.period is not None
    assert found.saltus is not None
    index, shift = reduce_column(Periodicity(found.preperiod, found.period, found.saltus), y)
    # period's "exact (preperiod ..." as the value's "exact (row x: preperiod ...".
    certificate = f"exact (row {x}: {found.certificate.removeprefix('exact (')}"
    return found.values[index] + shift, found.implementation, certificate


def _by_rw(
    game: Game, position: Any, *, progress: Any = None, max_positions: int = MAX_POSITIONS
) -> tuple[int, str, str]:
    x, y = _two_pile(game, position)
    if game.describe() != "wythoff":
        raise _Declined("Algorithm RW is for Wythoff's game")
    row, column = min(x, y), max(x, y)
    impl = None
    for g in RW_STEPS:  # R_g grows with g: look among small values first
        tried = candidates("row-hpoints", game, g=g, r1=row, r2=row)
        impl = next((i for i, reason in tried if reason is None), None)
        if impl is None:
            raise _Declined("; ".join(f"{i.name}: {r}" for i, r in tried))
        for h, _, a, b in impl.answer(g=g, r1=row, r2=row):
            if a != row or b != column:
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
    game: Game, position: Any, *, progress: Any = None, max_positions: int = MAX_POSITIONS
) -> tuple[int, str, str]:
    flat = _flatten(position)
    count = math.prod(v + 1 for v in flat)
    if count > max_positions:
        raise _Declined(
            f"the spec solver may need {count:,} sub-positions (limit {max_positions:,}; "
            "raise --max-positions if you mean it)"
        )
    work = count * max(1, sum(flat))
    if max_positions == MAX_POSITIONS and work > SPEC_MAX_WORK:
        raise _Declined(
            f"the spec solver may visit about {work:.1e} followers (limit {SPEC_MAX_WORK:.1e}: "
            f"{SPEC_SECONDS:.0f} s at its measured speed; raise --max-positions if you mean it)"
        )
    return spec.grundy(game, position), "spec", "exact (spec)"


def _by_fibonacci(
    game: Game, position: Any, *, progress: Any = None, max_positions: int = MAX_POSITIONS
) -> tuple[int, str, str]:
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


_VALUE_METHODS: dict[str, Any] = {
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
    progress: Any = None,
) -> Value:
    """The Grundy value of ``position``, by ``method`` or the first method that covers it.

    Parameters
    ----------
    game : str or spec.ImpartialGame
        A registered game name or a game instance (a :class:`spec.Sum` too).
    position : tuple
        A position of the game (validated).
    method : str, optional
        One of ``table``, ``row-period``, ``rw``, ``fibonacci``, ``spec``; default: the
        first that covers the position, in that order.
    max_positions : int
        The spec method declines positions with more sub-positions than this
        (and, at the default, positions past SPEC_SECONDS at its measured speed).
    progress : callable, optional
        ``progress(text)`` is called now and then by the long methods.

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
    g = as_game(game)
    position = g.check_position(position)
    if method is not None and method not in _VALUE_METHODS:
        raise ValueError(f"method must be one of {', '.join(_VALUE_METHODS)} (method = {method!r})")
    order = [method] if method else list(_VALUE_METHODS)
    reasons = []
    for name in order:
        try:
            result, impl, certificate = _VALUE_METHODS[name](
                g, position, progress=progress, max_positions=max_positions
            )
        except _Declined as why:
            reasons.append(f"{name}: {why}")
            continue
        return Value(g.describe(), position, result, name, impl, certificate)
    raise ValueError(
        f"no method gives the value of {position} in {g.describe()}: " + "; ".join(reasons)
    )


def _beatty_moves(game: spec.ImpartialGame, position: Any) -> list[tuple[int, int]]:
    if game.describe() != "wythoff":
        raise _Declined("the Beatty method is for Wythoff's game")
    return wythoff_winning_moves(*_two_pile(game, position))


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
    g = as_game(game)
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
                _by_spec(g, position, max_positions=max_positions)
                found = spec.winning_moves(g, position)
                certificate = "exact (spec)"
        except _Declined as why:
            reasons.append(f"{name}: {why}")
            continue
        return Moves(g.describe(), position, sorted(found), name, certificate)
    raise ValueError(
        f"no method gives the winning moves of {position} in {g.describe()}: " + "; ".join(reasons)
    )


def period(
    game: str | spec.ImpartialGame,
    row: int,
    *,
    window: int = 2000,
    lines: int = 3,
    implementation: str | None = None,
    progress: Any = None,
) -> Period:
    """The additive period of a row of any two-pile game, certified where the project can.

    Wythoff, F-Wythoff, R-Wythoff: certified, from the atlas (``registry/atlas/``)
    when it holds the row and ``implementation`` is None, else computed by
    the ``row-periods`` implementation named (default: the registry's
    choice, the strip's window certificate). A game whose rows are lines
    (every move along the row allowed, a bounded set of column shifts into
    each lower row), given by ``move_rays`` alone (NimHof rule sets with
    (0, 1), a-Wythoff) or stating its ``row_shifts`` (E-Wythoff,
    docs/adding-a-game.md), the statement checked against its followers:
    certified by the same window certificate on the engine's blocks
    (:func:`registry.rows.row_certificate`). Otherwise the apparent
    period of G(row, y), y < ``window``, from the registry's ``grundy-block``
    (:func:`reference.structure.additive_period`): apparent.
    ``values`` holds the preperiod and ``lines`` periods (or the window).

    Examples
    --------
    >>> p = period("wythoff", 3)
    >>> (p.preperiod, p.period, p.saltus, p.status)
    (8, 6, 6, 'certified')
    >>> period("a-wythoff:2", 3).status
    'certified'
    >>> period("nimhof:1,0/1,1", 3).status  # no move along the row: rows need not be lines
    'apparent'
    """
    from reference.structure import additive_period

    g = as_game(game)
    name = g.describe()
    if isinstance(row, bool) or not isinstance(row, int) or row < 0:
        raise ValueError(f"row must be an int >= 0 (row = {row!r})")
    reason = is_two_pile(name)
    if reason is not None:
        raise ValueError(reason)
    if window < 2:
        raise ValueError(f"window must be >= 2 (window = {window})")
    uncertified = ""
    if name in MACHINE_GAMES:
        try:
            found, impl_name, how, kept = _row_periodicity(name, row, implementation, progress)
        except _Declined as why:
            if implementation is not None:
                raise ValueError(f"no certified period of {name} row {row}: {why}") from None
            uncertified = f"; not certified: {why}"
    if name in MACHINE_GAMES and not uncertified:
        shown = found.preperiod + lines * found.period
        seconds = strip_seconds(row + 1, shown)
        head: list[int] = []
        note = ""
        if kept is None and seconds > STRIP_SECONDS:  # the atlas's record alone
            note = (
                f"values not shown: G({row}, y) for y < {shown:,} would take about "
                f"{seconds:,.0f} s by the strip (this command shows them under "
                f"{STRIP_SECONDS:.0f} s); 'grundy sequence {name} row={row} --terms N' "
                "computes any N of them"
            )
        else:
            check_memory(shown * 120, f"{shown:,} values of row {row} ({lines} period lines)")
            if kept is not None:
                head = kept(max(shown, 1))
            else:
                length = max(shown, 1)
                rows = resolve("row-values", name, rows=row + 1, length=length, start=row)
                head = [int(v) for v in rows.answer(rows=row + 1, length=length, start=row)[0]]
        return Period(
            name,
            row,
            found.preperiod,
            found.period,
            found.saltus,
            "certified",
            impl_name,
            f"exact (preperiod {found.preperiod}, period {found.period}, saltus "
            f"{found.saltus}; {how})",
            values=head[:shown],
            note=note,
        )
    if name not in MACHINE_GAMES and implementation is None:
        from registry.rows import row_certificate

        try:
            tick = None if progress is None else (lambda y: progress(f"column {y:,}"))
            cert = row_certificate(g, row + 1, tick)
        except ValueError as why:
            uncertified = f"; not certified: {why}"
        else:
            found = cert.periodicities[row]
            shown = found.preperiod + lines * found.period
            return Period(
                name, row, found.preperiod, found.period, found.saltus, "certified",
                "fast.engine + window certificate",
                f"exact (preperiod {found.preperiod}, period {found.period}, saltus "
                f"{found.saltus}; computed: {cert.describe()})",
                values=cert.row_head(max(shown, 1))[:shown],
            )  # fmt: skip
    block = question("grundy-block", g).resolve(implementation, rows=row + 1, cols=window)
    values = [int(v) for v in block.answer(rows=row + 1, cols=window)[row]]
    apparent = additive_period(values)
    if apparent is None:
        return Period(
            name,
            row,
            None,
            None,
            None,
            "none",
            block.name,
            f"no apparent period within the window y < {window}{uncertified}",
            window,
            values[:30],
        )
    return Period(
        name,
        row,
        apparent.preperiod,
        apparent.period,
        apparent.saltus,
        "apparent",
        block.name,
        f"apparent on y < {window} only ({uncertified[2:] or 'not certified'})",
        window,
        values[: apparent.preperiod + lines * apparent.period],
    )


# --------------------------------------------------------------- conformance of the methods


def _method_values(game: spec.ImpartialGame, method: str) -> Any:
    """``(rows, cols, col0) -> values by one method``; -1 where the method declines."""

    def answer(rows: int, cols: int, col0: int = 0) -> np.ndarray:
        out = np.full((rows, cols), -1, dtype=np.int64)
        for x in range(rows):
            for j in range(cols):
                try:
                    out[x, j] = _VALUE_METHODS[method](game, (x, col0 + j))[0]
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
    from registry.core import register_implementation, register_question

    # The three strip games, and two whose rows are certified on the engine's blocks.
    for name in (*MACHINE_GAMES, "a-wythoff:2", "nimhof:0,1/1,0/1,2"):
        game = as_game(name)
        key = register_question(
            "value-methods",
            name,
            "G(x, y), 0 <= x < rows, col0 <= y < col0 + cols, by each dispatch method "
            "(-1 where a method declines)",
            {"rows": 6, "cols": 60},
            compare_answered,
            # Far out (the strip's games): the table method of the engine's games computes
            # a whole table per position, which the quick domain exercises enough.
            extra_domains=[({"rows": 8, "cols": 500, "col0": 3500}, False)]
            if name in MACHINE_GAMES
            else [],
        )

        def by_spec(rows: int, cols: int, col0: int = 0, game: Any = game) -> np.ndarray:
            return np.array(
                [[spec.grundy(game, (x, col0 + j)) for j in range(cols)] for x in range(rows)],
                dtype=np.int64,
            )

        register_implementation(
            key, "spec", "spec", by_spec, replace=True,
            covers=lambda rows, cols, col0=0: (
                None if col0 + cols <= 300 and rows <= 10 else "too large for the spec"
            ),
        )  # fmt: skip
        for method in ["table", "row-period"] + (["rw"] if name == "wythoff" else []):
            register_implementation(
                key, f"method {method}", "fast", _method_values(game, method), replace=True,
                certificate="conditional on Conjecture 3.10" if method == "rw" else "exact",
                # rw runs Algorithm RW once per position (milliseconds each): small domains
                covers=(lambda rows, cols, col0=0: None if rows * cols <= 1000 else "> 1000 cells")
                if method == "rw" else None,
            )  # fmt: skip


_register_method_questions()
