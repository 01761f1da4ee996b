"""Data providers for the claims: every check gets its numbers here.

Each provider returns ``(data, path)`` where ``path`` names the
implementation that produced the data (it is printed in the report). The
faster modules written elsewhere in the project are tried first; when they
are missing, an exact fallback is used (the spec, reference/wsg.py, or the
small exact code below, which the tests compare with the spec).

TODO(integration): once merged, these imports resolve and the fallbacks
become the cross-check path:
- ``fast.tables.grundy_table(game_name, size) -> np.ndarray`` for tables;
- ``reference.fwsg`` (Algorithm FWSG of 001) for F-Wythoff T_j;
- ``reference.zeckendorf.z1`` for z_1(n);
- ``reference.landman.row_periodicity(n)`` for Wythoff rows;
- ``reference.fsw.convergence_time(g, r0)`` for Conjecture 3.10.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from functools import cache
from typing import Any

import spec
from reference.wsg import WSGResult, wsg

__all__ = [
    "FWSGResult",
    "convergence_times",
    "f_t_sequences",
    "fibonacci_numbers",
    "fwsg",
    "grundy_table",
    "row_period",
    "rows_table",
    "t_sequences",
    "two_pile_table",
    "zeckendorf_representations",
    "zeckendorf_z1",
]

TWO_PILE = ("wythoff", "f-wythoff", "r-wythoff")


def _optional(module: str, name: str) -> Callable[..., Any] | None:
    try:
        return getattr(importlib.import_module(module), name)  # type: ignore[no-any-return]
    except (ImportError, AttributeError):
        return None


# --------------------------------------------------------------------------- tables


def two_pile_table(game: str, size: int) -> list[list[int]]:
    """G(x, y) for 0 <= x, y < size by a set-based exact DP (no recursion).

    Followers follow the spec's rules exactly: rows, columns, and the diagonal
    moves of each game (F-Wythoff: ratio-preserving; R-Wythoff: only the
    larger pile, or both).

    >>> two_pile_table("wythoff", 3)
    [[0, 1, 2], [1, 2, 0], [2, 0, 1]]
    >>> two_pile_table("f-wythoff", 13)[1][8], two_pile_table("f-wythoff", 13)[5][12]
    (9, 9)
    """
    if game not in TWO_PILE:
        raise ValueError(f"two_pile_table: game must be one of {TWO_PILE} (game = {game!r})")
    table = [[0] * size for _ in range(size)]
    row_sets: list[set[int]] = [set() for _ in range(size)]  # values G(x, y'), y' < y
    col_sets: list[set[int]] = [set() for _ in range(size)]  # values G(x', y), x' < x
    for x in range(size):
        for y in range(size):
            excluded: list[set[int]] = []
            if game != "r-wythoff" or y >= x:
                excluded.append(row_sets[x])
            if game != "r-wythoff" or x >= y:
                excluded.append(col_sets[y])
            extra: set[int] = set()
            small, large = min(x, y), max(x, y)
            if game == "f-wythoff":
                for j in range(1, small):
                    if (large - j) // (small - j) == large // small:
                        extra.add(table[x - j][y - j])
            else:
                for j in range(1, small + 1):
                    extra.add(table[x - j][y - j])
            value = 0
            while value in extra or any(value in s for s in excluded):
                value += 1
            table[x][y] = value
            row_sets[x].add(value)
            col_sets[y].add(value)
    return table


def grundy_table(game: str, size: int) -> tuple[list[list[int]], str]:
    """The table T[x][y] = G(x, y), 0 <= x, y < size, and the path used."""
    fast = _optional("fast.tables", "grundy_table")
    if fast is not None:
        try:
            return fast(game, size).tolist(), "fast.tables.grundy_table"
        except (ValueError, KeyError, TypeError, NotImplementedError):
            pass  # a game the fast module does not cover: use the exact fallback
    if game in TWO_PILE:
        return two_pile_table(game, size), "proofs_check.data.two_pile_table (exact DP)"
    return spec.grundy_table(spec.get_game(game), size, size), "spec.grundy_table"


# --------------------------------------------------------------------------- Wythoff T_h


@cache
def _wsg(g: int, rows: int) -> WSGResult:
    return wsg(g, rows)


def t_sequences(g: int, rows: int) -> tuple[WSGResult, str]:
    """Wythoff's T_0 .. T_g on rows 0..rows-1 (Algorithm WSG, reference.wsg)."""
    # TODO(integration): a fast WSG kernel (fast.wsg) can replace this for large rows.
    return _wsg(g, rows), "reference.wsg.wsg"


# --------------------------------------------------------------------------- F-Wythoff T_j


class FWSGResult:
    """T_j of F-Wythoff for 0 <= j <= g with first coordinate < rows."""

    def __init__(self, T: list[list[tuple[int, int]]]) -> None:
        self.T = T

    def a(self, j: int) -> list[int]:
        return [a for a, _ in self.T[j]]

    def b(self, j: int) -> list[int]:
        return [b for _, b in self.T[j]]

    def d(self, j: int) -> list[int]:
        return [b - a for a, b in self.T[j]]


@cache
def fwsg(g: int, rows: int) -> FWSGResult:
    """Algorithm FWSG of Jiao (001 §3), exact, for j = 0..g.

    The seed's step 1 prints ``p <- max{a_n, b_n : n < k}``; the proof of
    Proposition 13 (and Proposition 6) shows it is the *mex* of those
    numbers, which is what is computed here (garbled ``mex`` -> ``max``).
    Condition 2a is skipped for earlier points with a_n = 0 (no slant move
    reaches a pile of 0 tokens: 1 <= j <= s - 1).

    >>> fwsg(1, 6).T[0]
    [(0, 0), (1, 1), (2, 3), (4, 6), (5, 8)]
    >>> fwsg(1, 6).T[1]
    [(0, 1), (2, 2), (3, 4), (5, 7)]
    """
    T: list[list[tuple[int, int]]] = []
    point_at: list[dict[int, int]] = []  # a -> b for T_i
    for j in range(g + 1):
        points: list[tuple[int, int]] = []
        used: set[int] = set()
        b_set: set[int] = set()
        ratios: dict[int, set[int]] = {}  # diagonal m -> {floor(b/a)} of earlier points (a >= 1)
        p = 0
        while True:
            while p in used:  # FWSG step 1 (mex)
                p += 1
            if p >= rows:
                break
            m = 0
            while True:  # FWSG step 2
                if p > 0 and (p + m) // p in ratios.get(m, ()):  # 2a
                    m += 1
                    continue
                if any(point_at[i].get(p) == p + m for i in range(j)):  # 2b
                    m += 1
                    continue
                if p + m in b_set:  # 2c
                    m += 1
                    continue
                break
            points.append((p, p + m))  # step 3
            used.update((p, p + m))
            b_set.add(p + m)
            if p > 0:
                ratios.setdefault(m, set()).add((p + m) // p)
        T.append(points)
        point_at.append({a: b for a, b in points})
    return FWSGResult(T)


def f_t_sequences(g: int, rows: int) -> tuple[FWSGResult, str]:
    """F-Wythoff's T_0 .. T_g on rows < rows.

    If ``reference.fwsg.fwsg(g, rows)`` exists (another module of the
    project) it is run as a cross-check: the report's path says whether it
    agreed with this module's FWSG, which is always the one used.
    """
    own = fwsg(g, rows)
    path = "proofs_check.data.fwsg (exact, Algorithm FWSG of 001)"
    # TODO(integration): once reference.fwsg is merged, its API is confirmed here.
    other = _optional("reference.fwsg", "fwsg")
    if other is not None:
        try:
            theirs = other(g, rows).T
            same = all(
                [tuple(p) for p in theirs[j] if p[0] < rows] == own.T[j] for j in range(g + 1)
            )
            path += " = reference.fwsg.fwsg" if same else " (reference.fwsg.fwsg DISAGREES)"
        except Exception as error:
            path += f" (reference.fwsg.fwsg not comparable: {type(error).__name__})"
    return own, path


# --------------------------------------------------------------------------- Zeckendorf


def fibonacci_numbers(limit: int) -> list[int]:
    """The distinct Fibonacci numbers 1, 2, 3, 5, ... up to limit (F_2, F_3, ...).

    >>> fibonacci_numbers(20)
    [1, 2, 3, 5, 8, 13]
    """
    fibs = [1, 2]
    while fibs[-1] + fibs[-2] <= limit:
        fibs.append(fibs[-1] + fibs[-2])
    return [f for f in fibs if f <= limit]


def _z1_own(n: int) -> int:
    """Smallest part of the greedy Zeckendorf representation of n >= 1."""
    smallest = n
    while n:
        f = max(x for x in fibonacci_numbers(n))
        smallest = f
        n -= f
    return smallest


def zeckendorf_z1(n: int) -> tuple[int, str]:
    """z_1(n), the smallest Fibonacci number in n's Zeckendorf representation."""
    other = _optional("reference.zeckendorf", "z1")
    if other is not None:
        return int(other(n)), "reference.zeckendorf.z1"
    return _z1_own(n), "proofs_check.data (greedy)"


def zeckendorf_representations(n: int) -> int:
    """How many ways n is a sum of distinct, pairwise non-consecutive Fibonacci numbers.

    Exhaustive count (not greedy) over the Fibonacci numbers 1, 2, 3, 5, ...
    (F_2, F_3, ...; F_1 = F_2 = 1 is one number).

    >>> [zeckendorf_representations(n) for n in range(1, 10)]
    [1, 1, 1, 1, 1, 1, 1, 1, 1]
    """
    fibs = fibonacci_numbers(max(n, 1))

    def count(index: int, rest: int) -> int:
        # use fibs[0..index] only, choosing the largest first
        if rest == 0:
            return 1
        if index < 0:
            return 0
        total = count(index - 1, rest)
        if fibs[index] <= rest:
            total += count(index - 2, rest - fibs[index])
        return total

    return count(len(fibs) - 1, n)


# --------------------------------------------------------------------------- rows and periodicity


def rows_table(game: str, n: int, m_max: int) -> list[list[int]]:
    """G(k, m) for 0 <= k <= n, 0 <= m < m_max (rows of the given two-pile game)."""
    return _rows_with_states(game, n, m_max)[0]


def _rows_with_states(
    game: str, n: int, m_max: int
) -> tuple[list[list[int]], tuple[int, int] | None]:
    """Rows 0..n, and the first repeated machine state (m1, m2) if any.

    The state at column m (before computing it) is, for each row k <= n, the
    set L(m, k) of values to the left, and the last n columns, all made
    relative to m and cut below c = m - 2n - 1. Values below c never matter
    again once every row already holds all of 0..c-1 (checked: ``low[k] >= c``),
    because a later mex in row k starts at or above that row's first missing
    value. For F-Wythoff states are only taken for m > n^2 + n, where no slant
    move exists (001 Lemma 2). Equal states at m1 < m2 then prove
    G(k, m + P) = G(k, m) + P for all m >= m1, P = m2 - m1 (Landman 004 §3).
    """
    if game not in ("wythoff", "f-wythoff"):
        raise ValueError(f"row machine: game must be wythoff or f-wythoff (game = {game!r})")
    rows = [[0] * m_max for _ in range(n + 1)]
    left: list[set[int]] = [set() for _ in range(n + 1)]
    low = [0] * (n + 1)
    seen: dict[tuple[Any, ...], int] = {}
    repeat: tuple[int, int] | None = None
    start_states = n * n + n + 1 if game == "f-wythoff" else 0
    for m in range(m_max):
        cut = m - 2 * n - 1
        if repeat is None and m >= max(start_states, n + 1) and all(v >= cut for v in low):
            key = (
                tuple(tuple(sorted(v - m for v in left[k] if v >= cut)) for k in range(n + 1)),
                tuple(
                    tuple(
                        rows[k][m - i] - m if rows[k][m - i] >= cut else None for k in range(n + 1)
                    )
                    for i in range(1, n + 1)
                ),
            )
            if key in seen:
                repeat = (seen[key], m)
            else:
                seen[key] = m
        column: list[int] = []
        for k in range(n + 1):
            excluded = set(column)
            small, large = min(k, m), max(k, m)
            if game == "wythoff":
                for j in range(1, small + 1):
                    excluded.add(rows[k - j][m - j])
            else:
                for j in range(1, small):
                    if (large - j) // (small - j) == large // small:
                        excluded.add(rows[k - j][m - j])
            value = low[k]
            while value in left[k] or value in excluded:
                value += 1
            rows[k][m] = value
            column.append(value)
            left[k].add(value)
            while low[k] in left[k]:
                low[k] += 1
    return rows, repeat


def row_period(game: str, row: int, m_max: int) -> tuple[dict[str, Any] | None, str]:
    """Preperiod, period and saltus of row ``row``, proved by a repeated state.

    Returns ``(None, path)`` if no state repeats below m_max. Otherwise a dict
    with ``preperiod``, ``period``, ``saltus`` (the minimal ones of the row,
    from the data) and ``state_repeat`` (m1, m2) proving periodicity.

    >>> row_period("wythoff", 1, 100)[0]["period"]
    3
    """
    rows, repeat = _rows_with_states(game, row, m_max)
    path = "proofs_check.data row machine (Landman 004 §3 state, exact)"
    if repeat is None:
        return None, path
    m1, m2 = repeat
    big = m2 - m1
    h = [rows[row][m] - m for m in range(m_max)]
    limit = min(m_max, m2 + big)
    if limit - big <= m1:  # need values up to m1 + 2P: recompute longer
        rows, _ = _rows_with_states(game, row, m1 + 2 * big + 1)
        h = [rows[row][m] - m for m in range(m1 + 2 * big + 1)]
        limit = len(h)
    period = next(
        p
        for p in range(1, big + 1)
        if big % p == 0 and all(h[m + p] == h[m] for m in range(m1, m1 + big))
    )
    pre = m1
    while pre > 0 and h[pre - 1 + period] == h[pre - 1]:
        pre -= 1
    return {"preperiod": pre, "period": period, "saltus": period, "state_repeat": (m1, m2)}, path


# --------------------------------------------------------------------------- convergence (FSW)


State = tuple[tuple[int, int, frozenset[int], frozenset[int]], ...]


def _fsw_row(state: list[list[Any]], inserted: set[int], g: int) -> list[tuple[int, int, int]]:
    """One row of Algorithm FSW (000 §3.1, page 400), in place.

    Returns the normalized output (h, n_index_h, d) of line 6 for each point:
    the point is number n_index_h + index_0(r), at (r, r + d + index_0(r)).

    ``state[h] = [n_index, n_firstd, n_ocdiag (set), n_occol (set)]``.
    """
    placed = []
    taken: set[int] = set()  # FSW line 2: S
    for h in range(g + 1):  # FSW line 3
        entry = state[h]
        if h in inserted:  # FSW line 4
            d = entry[1]  # FSW line 5
            while d in entry[2] or d in entry[3] or d in taken:
                d += 1
            placed.append((h, entry[0], d))  # FSW line 6 (the 4-tuple, normalized)
            entry[0] += 1  # FSW line 7
            entry[2].add(d)  # FSW line 8
            entry[3].add(d)
            taken.add(d)
            while entry[1] in entry[2]:  # FSW line 9
                entry[1] += 1
        entry[3] = {c - 1 for c in entry[3]}  # FSW line 10
    for entry in state:  # FSW line 11
        entry[2] = {d for d in entry[2] if d >= entry[1]}
        entry[3] = {c for c in entry[3] if c >= entry[1]}
    if state[0][0] == 1:  # FSW line 12: renormalize
        for entry in state:
            entry[0] -= 1  # FSW line 13
            entry[1] -= 1
            entry[2] = {d - 1 for d in entry[2]}  # FSW line 14
            entry[3] = {c - 1 for c in entry[3]}
    return placed


def _freeze(state: list[list[Any]]) -> State:
    return tuple((e[0], e[1], frozenset(e[2]), frozenset(e[3])) for e in state)


@cache
def fsw_convergence(g: int, rows: int, horizon: int) -> tuple[list[int | None], int]:
    """Rows to convergence of Algorithm FSW from each start row r1 < rows (000 §3.2-3.3).

    The correct states come from running FSW from row 0 (whose true state is
    all zeros and empty sets) with insert(r) taken from Algorithm WSG; every
    point FSW outputs there is compared with WSG's (the second value returned
    is the number of points compared; a mismatch raises AssertionError). From
    each r1, FSW restarts from the dummy state (3-8) and the number of rows
    until its state equals the correct state is recorded (None: not within
    ``horizon`` rows or past the computed rows).

    Notes
    -----
    Definition 3.1(3) prints ``firstd_h(r) = max D_h(r)``; "the first empty
    diagonal" is the mex, which is what FSW line 9 maintains.

    >>> fsw_convergence(1, 60, 100)[0][:12]
    [0, 2, 1, 0, 6, 1, 0, 0, 0, 0, 0, 0]
    """
    from reference.beatty import index0

    total = rows + horizon + 1
    result = wsg(g, total)
    insert: list[set[int]] = [set() for _ in range(total)]
    for h in range(g + 1):
        for a, _ in result.T[h]:
            insert[a].add(h)
    state: list[list[Any]] = [[0, 0, set(), set()] for _ in range(g + 1)]
    correct: list[State] = []
    count = [0] * (g + 1)  # h-points seen so far in WSG's T_h
    for r in range(total):
        correct.append(_freeze(state))
        offset = index0(r)
        for h, n_index, d in _fsw_row(state, insert[r], g):
            point, n = (r, r + d + offset), n_index + offset
            if result.T[h][count[h]] != point or n != count[h]:
                raise AssertionError(
                    f"FSW disagrees with WSG: h={h}, row {r}: point {n} = {point}, "
                    f"WSG point {count[h]} = {result.T[h][count[h]]}"
                )
            count[h] += 1
    compared = sum(count)
    times: list[int | None] = []
    for r1 in range(rows):
        dummy: list[list[Any]] = [[e[0], e[0], set(), set()] for e in correct[r1]]
        t = 0
        while _freeze(dummy) != correct[r1 + t]:
            if t >= horizon or r1 + t + 1 >= total:
                t = -1
                break
            _fsw_row(dummy, insert[r1 + t], g)
            t += 1
        times.append(None if t < 0 else t)
    return times, compared


def convergence_times(g: int, rows: int) -> tuple[list[int | None] | None, str]:
    """Rows to convergence of Algorithm FSW from each start row < rows."""
    for module in ("reference.fsw", "fast.fsw"):
        other = _optional(module, "convergence_time")
        if other is not None:
            return [int(other(g, r0)) for r0 in range(rows)], f"{module}.convergence_time"
    # Table 5 of 000: the largest maximum published is 4136 rows (g = 20)
    times, _ = fsw_convergence(g, rows, 600 if g <= 3 else 9000)
    return times, "proofs_check.data.fsw_convergence (Algorithm FSW, checked against WSG)"
