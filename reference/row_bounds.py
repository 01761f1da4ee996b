"""The row statement of a two-pile game and the row bounds it implies (docs/strip.md).

The window certificate of row periods (docs/strip.md, "Any game with moves
along the row") needs, for the rows k <= X of a game, constants with

    y - L_k <= G(k, y) <= y + U_k      (every column y)

and every follower of (k, y) in a lower row at a column >= y - S_k, from a
start column on where the rules no longer depend on the column. They follow
from a **row statement** (:class:`RowMoves`) about rows 0..X:

- (L) **every move along the row is allowed**: for every column y, (k, y')
  is a follower of (k, y) for every y' < y, and no follower leaves the
  quadrant below (k, y) (rows <= k, columns <= y);
- (E) **bounded shifts into lower rows**: for every y >= ``start[k]``, the
  followers of (k, y) outside row k are exactly (k - d, y - s) for
  s in ``shifts[k][d - 1]``, d = 1..k (finite sets).

A game states it in one of two ways. A game given by ``move_rays`` alone
(no ``compiled_followers`` / ``compiled_regions``) gets it derived from its
rays (:func:`moves_from_rays`: an unguarded ray (0, 1), and no ray
(p, q, 0, b) with p >= 1 and b >= 1, which would reach row k - p at every
column). Any other game may state it: a method ``row_shifts(x)`` returning
``(start, shifts)`` with ``shifts[d - 1]`` the shifts into row x - d
(:func:`row_moves`). Either way :func:`row_bounds` **checks** it against the
game's own ``followers`` (the definition): exhaustively on every column
y < start[k] (where (E) does not apply: those followers are read, not
assumed), and (L), (E) on the next ``max(2 (S_k + 1), 64)`` columns;
:func:`check_columns` checks the columns a certificate uses. Past the
checked columns the statement is assumed (docs/strip.md says what exactly).

The bounds, with r(k, k') the number of shifts into row k' < k:

- **Upper bound.** By (L), (k, y) has exactly y followers in its row, and
  L(k, y) followers in lower rows, with L(k, y) = sum r(k, k') for
  y >= start[k] and read from the followers before. A mex is at most the
  number of followers: G(k, y) <= y + U_k, U_k = max over y of L(k, y).
- **Lower bound** (the column-first count). Suppose v does not appear in
  row k at a column < y. At such a column y', v is not excluded by the row;
  if G(k, y') > v it is excluded by a follower (k', c) in a lower row holding
  v. Row k' holds v at most once (by (L) a row is a line), and that cell is a
  follower of at most M(k, k') columns of row k: so at most
  sum M(k, k') columns are blocked. Every other column y' < y has
  G(k, y') < v; distinct values in a line: at most v such columns. So
  y <= v + sum M(k, k'). Counting only columns y' >= start[k] instead
  (each cell then serves at most r(k, k') of them, by (E)) gives
  y <= v + start[k] + sum r(k, k'). So every v < y - L_k appears in row k
  before column y, L_k the smaller of the two, and G(k, y) >= y - L_k.
  M(k, k') is exact: by (E) the cell (k', c) is a follower of (k, y') for
  y' >= start[k] iff y' - c is a shift; before start[k] the followers are
  read.

Then the state of rows 0..X before a column y >= start = max start[k] is
fixed by the normalised values of the last W = max over k of
max(L_k + U_k + 1, S_k + 1) columns (S_k the largest shift).

For Wythoff's rays (1, 0), (0, 1), (1, 1): shifts {0, d} into row k - d,
L_k = U_k = 2k (Landman's lower bound, 004 Lemma 2; his upper bound y + k is
sharper, which only makes this window longer than the strip's).

Examples
--------
>>> m = moves_from_rays(((1, 0), (0, 1), (1, 1)), 3)
>>> m.start, m.shifts[3]
((1, 2, 3, 4), ((0, 1), (0, 2), (0, 3)))
>>> try:
...     moves_from_rays(((1, 0), (1, 1)), 2)
... except ValueError as why:
...     print(why)
no unguarded ray (0, 1): a move along the row is not always allowed, so a row need not be a line
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

__all__ = [
    "CHECK_FOLLOWERS_PER_SECOND",
    "CHECK_MAX_FOLLOWERS",
    "ROW_MOVES_SECONDS",
    "RowBounds",
    "RowMoves",
    "check_columns",
    "check_reads",
    "moves_from_rays",
    "row_bounds",
    "row_moves",
]

#: The check reads at most this many followers: about 30 s of ``followers()`` at the
#: 3 * 10^6 a second measured here (E-Wythoff's spec; rows 0..30 need about 10^5).
CHECK_MAX_FOLLOWERS = 10**8
#: followers() read per second here, measured (the registry's cost model reads it); and the
#: seconds per squared row of row_moves from rays (2026-11-26, x86_64, load 6: Wythoff rows
#: 0..1000 in 0.45 s, 0..2000 in 3.7 s; a-wythoff:2 0..1000 in 1.3 s).
CHECK_FOLLOWERS_PER_SECOND = 3e6
ROW_MOVES_SECONDS = 2e-6


@dataclass(frozen=True)
class RowMoves:
    """A row statement about rows 0..``rows`` ((L) and (E) of the module docstring).

    ``start[k]``: the column from which (E) holds in row k; ``shifts[k][d - 1]``:
    the sorted column shifts of the followers of (k, y) in row k - d,
    y >= start[k]; ``source``: where the statement comes from.
    """

    rows: int
    start: tuple[int, ...]
    shifts: tuple[tuple[tuple[int, ...], ...], ...]
    source: str

    def lower(self, k: int) -> dict[int, set[int]]:
        """``{k': shifts}`` of row k (the lower rows that (E) reaches)."""
        return {k - d: set(s) for d, s in enumerate(self.shifts[k], start=1) if s}


@dataclass(frozen=True)
class RowBounds:
    """L_k, U_k, S_k of rows 0..X (the module docstring), derived and checked.

    ``start`` is the first column from which (E) holds in every row;
    (L) and (E) were checked against the game's followers on the columns
    y < ``checked`` of the highest rows (``max(2 (S_k + 1), 64)`` columns past
    ``start[k]`` in row k).
    """

    moves: RowMoves
    lower: tuple[int, ...]
    upper: tuple[int, ...]
    shift: tuple[int, ...]
    start: int
    checked: int

    @property
    def window(self) -> int:
        """W = max over k of max(L_k + U_k + 1, S_k + 1): the columns that fix the state."""
        return max(
            max(a + b + 1, s + 1)
            for a, b, s in zip(self.lower, self.upper, self.shift, strict=True)
        )

    def describe(self) -> str:
        return (
            f"row bounds from {self.moves.source}, checked against followers() on the "
            f"columns y < start_k + max(2 S_k + 2, 64) of each row k (y < {self.checked:,})"
        )


def _ray(ray: Any) -> tuple[int, int, int, int, str]:
    items = tuple(ray)
    guard = ""
    if items and isinstance(items[-1], str):
        guard, items = items[-1], items[:-1]
    if len(items) == 2:
        a, b = items
        return a, b, a, b, guard
    p, q, a, b = items
    return p, q, a, b, guard


def _check_rows(rows: Any) -> None:
    if isinstance(rows, bool) or not isinstance(rows, int) or rows < 0:
        raise ValueError(f"rows must be an int >= 0 (rows = {rows!r})")


def moves_from_rays(rays: Any, rows: int) -> RowMoves:
    """The row statement of rows 0..rows of a game whose moves are exactly these rays.

    Row k from column ``max(k + 1, S_k)`` on: the guards are constant there
    (y > x: ``"y>=x"`` and ``"y>x"`` hold, ``"x>=y"`` and ``"x>y"`` do not) and
    every ray's follower in a lower row exists (its shift is <= y). ValueError
    (the reason) where the rays do not give (L) or (E).

    Parameters
    ----------
    rays : sequence of rays
        ``(a, b)``, ``(p, q, a, b)`` or with a guard string last.
    rows : int
        The largest row X (>= 0).
    """
    _check_rows(rows)
    parsed = [_ray(r) for r in rays]
    if not any(r[:4] == (0, 1, 0, 1) and not r[4] for r in parsed):
        raise ValueError(
            "no unguarded ray (0, 1): a move along the row is not always allowed, "
            "so a row need not be a line"
        )
    for p, q, a, b, _ in parsed:
        if a == 0 and p >= 1 and b >= 1:
            raise ValueError(
                f"the ray {(p, q, a, b)} moves to row k - {p} with any column shift "
                f"{q} + i*{b}: the shift into a lower row is unbounded"
            )
    starts, shifts = [], []
    for k in range(rows + 1):
        into: list[set[int]] = [set() for _ in range(k)]
        for p, q, a, b, guard in parsed:
            if (p == 0 and a == 0) or guard in ("x>=y", "x>y"):
                continue  # along the row, or never from a column y > k
            for drop in range(max(p, 1), k + 1):  # the rows k - drop this ray reaches
                if (a == 0 and drop == p) or (a > 0 and (drop - p) % a == 0):
                    i = 0 if a == 0 else (drop - p) // a
                    into[drop - 1].add(q + i * b)
        largest = max((max(s) for s in into if s), default=0)
        starts.append(max(k + 1, largest))
        shifts.append(tuple(tuple(sorted(s)) for s in into))
    return RowMoves(rows, tuple(starts), tuple(shifts), "the rays")


@runtime_checkable
class StatedRows(Protocol):
    """A game that may state its rows' moves: ``row_shifts`` (a method, or None)."""

    row_shifts: Any


@runtime_checkable
class RayRule(Protocol):
    """A rule that states rays (``move_rays``; ``spec.game.CompiledForm`` declares it, the
    reference layer, which may not import the spec, reads it structurally)."""

    move_rays: Any


@runtime_checkable
class FollowerFunction(Protocol):
    """A rule with a follower function (``compiled_followers``, or None)."""

    compiled_followers: Any


@runtime_checkable
class RegionFunction(Protocol):
    """A rule with a region function (``compiled_regions``, or None)."""

    compiled_regions: Any


def row_moves(game: Any, rows: int) -> RowMoves:
    """The row statement of rows 0..rows of ``game``, stated or derived from its rays.

    A method ``row_shifts(x) -> (start, shifts)`` states it (``shifts[d - 1]``:
    the column shifts into row x - d from column ``start`` on, every move along
    the row allowed); else ``move_rays`` derive it when they are the whole rule.
    ValueError with the reason when neither gives it. Nothing is checked here:
    :func:`row_bounds` checks it.

    Examples
    --------
    >>> class Stated:
    ...     def row_shifts(self, x):
    ...         return x + 1, [range(d + 1) for d in range(1, x + 1)]
    >>> row_moves(Stated(), 2).shifts[2]
    ((0, 1), (0, 1, 2))
    >>> class Partial:
    ...     move_rays = ((1, 0), (0, 1), (1, 1))
    ...     compiled_followers = "m:extra"
    >>> try:
    ...     row_moves(Partial(), 2)
    ... except ValueError as why:
    ...     print(why)  # doctest: +ELLIPSIS
    its move_rays are only part of its rule (it also has compiled_followers): ...
    """
    _check_rows(rows)
    stated = game.row_shifts if isinstance(game, StatedRows) else None
    if stated is not None:
        starts, shifts = [], []
        for k in range(rows + 1):
            try:
                start, into = stated(k)
                into = [tuple(sorted({int(s) for s in shift})) for shift in into]
            except (TypeError, ValueError) as error:
                raise ValueError(f"row_shifts({k}) is not (start, shifts): {error}") from None
            if isinstance(start, bool) or not isinstance(start, int) or start < 0:
                raise ValueError(f"row_shifts({k}): start must be an int >= 0 (start = {start!r})")
            if len(into) != k or any(s < 0 for shift in into for s in shift):
                raise ValueError(
                    f"row_shifts({k}) must give {k} sets of shifts >= 0 (rows {k - 1}..0)"
                )
            starts.append(max(start, max((s[-1] for s in into if s), default=0)))
            shifts.append(tuple(into))
        return RowMoves(rows, tuple(starts), tuple(shifts), "the stated row_shifts")
    rays = game.move_rays if isinstance(game, RayRule) else None
    if not rays:
        raise ValueError(
            "it states no row_shifts and has no move_rays to derive them from "
            "(compiled_followers, compiled_regions or followers alone state no bound)"
        )
    forms = (
        (
            "compiled_followers",
            game.compiled_followers if isinstance(game, FollowerFunction) else None,
        ),
        ("compiled_regions", game.compiled_regions if isinstance(game, RegionFunction) else None),
    )
    extra = [form for form, value in forms if value is not None]
    if extra:
        raise ValueError(
            f"its move_rays are only part of its rule (it also has {' and '.join(extra)}): "
            "it states no row_shifts"
        )
    return moves_from_rays(rays, rows)


def _followers(game: Any, moves: RowMoves, k: int, y: int) -> dict[int, set[int]]:
    """``{k': shifts}`` of the followers of (k, y) in lower rows; ValueError if (L) fails."""
    row: set[int] = set()
    lower: dict[int, set[int]] = {}
    for u, w in game.followers((k, y)):
        if u > k or w > y or (u, w) == (k, y):
            raise ValueError(
                f"{moves.source} are false: ({k}, {y}) -> ({u}, {w}) leaves the quadrant "
                "below the position"
            )
        if u == k:
            row.add(w)
        else:
            lower.setdefault(u, set()).add(y - w)
    if len(row) != y:
        missing = min(set(range(y)) - row)
        raise ValueError(
            f"{moves.source} are false: ({k}, {y}) has no move to ({k}, {missing}) "
            f"(a move along the row is not allowed, so row {k} need not be a line)"
        )
    return lower


def _check_exact(moves: RowMoves, k: int, y: int, lower: dict[int, set[int]]) -> None:
    stated = moves.lower(k)
    if lower == stated:
        return
    for u in sorted(set(lower) | set(stated), reverse=True):
        have, said = lower.get(u, set()), stated.get(u, set())
        if have != said:
            raise ValueError(
                f"{moves.source} are false: the followers of ({k}, {y}) in row {u} have "
                f"the column shifts {sorted(have)}, the statement says {sorted(said)}"
            )


def check_columns(game: Any, moves: RowMoves, columns: Iterable[int]) -> None:
    """Check (L) and (E) against ``game.followers`` at these columns of every row.

    ValueError naming the first cell where the statement is false.

    Examples
    --------
    >>> from spec.games import Wythoff
    >>> m = moves_from_rays(((1, 0), (0, 1), (1, 1)), 3)
    >>> check_columns(Wythoff(), m, [10, 11])
    >>> try:
    ...     check_columns(Wythoff(), moves_from_rays(((1, 0), (0, 1)), 3), [10])
    ... except ValueError as why:
    ...     print(why)  # doctest: +ELLIPSIS
    the rays are false: the followers of (1, 10) in row 0 have the column shifts [0, 1], ...
    """
    columns = list(columns)
    for k in range(moves.rows + 1):
        _check_row(game, moves, k, [y for y in columns if y >= moves.start[k]])


def row_bounds(
    game: Any, moves: RowMoves, progress: Callable[[int, int], None] | None = None
) -> RowBounds:
    """Check ``moves`` against ``game.followers`` and derive L_k, U_k, S_k (module docstring).

    Every column y < start[k] of row k is read (their followers give M and
    L(k, y) exactly); then (L) and (E) are checked on the next
    ``max(2 (S_k + 1), 64)`` columns of the row (S_k its largest shift: every
    stated shift shows at least twice). ``checked`` is the largest column
    checked, plus one. ValueError naming the first cell where the statement
    is false, or before reading more than :data:`CHECK_MAX_FOLLOWERS`
    followers. ``progress(done, total)`` after each row.

    Examples
    --------
    >>> from spec.games import Wythoff
    >>> b = row_bounds(Wythoff(), moves_from_rays(((1, 0), (0, 1), (1, 1)), 3))
    >>> b.lower, b.upper, b.shift, b.start, b.window, b.checked
    ((0, 2, 4, 6), (0, 2, 4, 6), (0, 1, 2, 3), 4, 13, 68)
    """
    rows = moves.rows
    ends = [_band_end(moves, k) for k in range(rows + 1)]
    reads = check_reads(moves)
    if reads > CHECK_MAX_FOLLOWERS:
        raise ValueError(
            f"checking {moves.source} of rows 0..{rows} on columns < {max(ends):,} would "
            f"read about {reads:,} followers (more than {CHECK_MAX_FOLLOWERS:,}: about 30 s "
            "of followers() at the measured 3 * 10^6 a second)"
        )
    lower, upper, shift = [], [], []
    for k in range(rows + 1):
        start = moves.start[k]
        stated = moves.lower(k)
        served: dict[tuple[int, int], int] = {}  # (k', c) -> columns y < start it serves
        most = sum(len(s) for s in stated.values())  # L(k, y) for y >= start
        for y in range(start):
            found = _followers(game, moves, k, y)
            most = max(most, sum(len(s) for s in found.values()))
            for u, s in found.items():
                for t in s:
                    served[(u, y - t)] = served.get((u, y - t), 0) + 1
        counts = {u: len(s) for u, s in stated.items()}  # a cell past the start
        for (u, c), n in served.items():
            late = sum(1 for t in stated.get(u, ()) if c + t >= start)
            counts[u] = max(counts.get(u, 0), n + late)
        lower.append(min(sum(counts.values()), start + sum(len(s) for s in stated.values())))
        upper.append(most)
        shift.append(max((max(s) for s in stated.values()), default=0))
        _check_row(game, moves, k, range(start, ends[k]))
        if progress is not None:
            progress(k + 1, rows + 1)
    return RowBounds(moves, tuple(lower), tuple(upper), tuple(shift), max(moves.start), max(ends))


def check_reads(moves: RowMoves) -> int:
    """About how many followers :func:`row_bounds` reads to check ``moves`` (its estimate).

    >>> check_reads(moves_from_rays(((1, 0), (0, 1), (1, 1)), 3))
    9788
    """
    ends = [_band_end(moves, k) for k in range(moves.rows + 1)]
    return sum(
        e * (e + 1) // 2 + e * sum(len(s) for s in sh)
        for e, sh in zip(ends, moves.shifts, strict=True)
    )


def _band_end(moves: RowMoves, k: int) -> int:
    """The end of the columns checked in row k: start[k] + max(2 (S_k + 1), 64)."""
    largest = max((s[-1] for s in moves.shifts[k] if s), default=0)
    return moves.start[k] + max(2 * (largest + 1), 64)


def _check_row(game: Any, moves: RowMoves, k: int, columns: Iterable[int]) -> None:
    """(L) and (E) at these columns (all >= start[k]) of row k."""
    for y in columns:
        _check_exact(moves, k, y, _followers(game, moves, k, y))
