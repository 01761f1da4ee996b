"""Data providers for the claims: every check gets its numbers here.

Each provider returns ``(data, path)`` where ``path`` names the
implementation that produced the data (it is printed in the report). The
faster modules written elsewhere in the project are tried first; when they
are missing, an exact fallback is used (the spec, reference/wsg.py, or the
small exact code below, which the tests compare with the spec).

The cross-validated implementations are used (DESIGN: ``fast/`` where the
conformance suite checks it against ``reference/`` and the spec):
``fast.tables`` for tables, ``fast.fwsg`` for F-Wythoff's T_j,
``reference.wsg`` for Wythoff's T_h, ``fast.fsw`` for convergence times and
``reference.zeckendorf`` for z_1(n).
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
    """G(x, y) for 0 <= x, y < size of Wythoff, F-Wythoff or R-Wythoff.

    Computed by :func:`fast.tables.grundy_table`, which the conformance suite
    compares with the spec (``grundy-table:<game>``).

    >>> two_pile_table("wythoff", 3)
    [[0, 1, 2], [1, 2, 0], [2, 0, 1]]
    >>> two_pile_table("f-wythoff", 13)[1][8], two_pile_table("f-wythoff", 13)[5][12]
    (9, 9)
    """
    if game not in TWO_PILE:
        raise ValueError(f"two_pile_table: game must be one of {TWO_PILE} (game = {game!r})")
    from fast.tables import grundy_table as fast_grundy_table

    table: list[list[int]] = fast_grundy_table(game, size).tolist()
    return table


def grundy_table(game: str, size: int) -> tuple[list[list[int]], str]:
    """The table T[x][y] = G(x, y), 0 <= x, y < size, and the path used."""
    if game in TWO_PILE:
        return two_pile_table(game, size), "fast.tables.grundy_table"
    return spec.grundy_table(spec.get_game(game), size, size), "spec.grundy_table"


# --------------------------------------------------------------------------- Wythoff T_h


@cache
def _wsg(g: int, rows: int) -> WSGResult:
    return wsg(g, rows)


def t_sequences(g: int, rows: int) -> tuple[WSGResult, str]:
    """Wythoff's T_0 .. T_g on rows 0..rows-1 (Algorithm WSG, reference.wsg)."""
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
    """Algorithm FWSG of Jiao (001 §3) for j = 0..g, first coordinate < rows.

    Computed by :func:`fast.fwsg.fwsg`, which the conformance suite compares
    with :func:`reference.fwsg.fwsg` and the spec (``fwsg:f-wythoff``); the
    reference's docstring records how the garbled steps 1 and 2a of the seed
    were reconstructed.

    >>> fwsg(1, 6).T[0]
    [(0, 0), (1, 1), (2, 3), (4, 6), (5, 8)]
    >>> fwsg(1, 6).T[1]
    [(0, 1), (2, 2), (3, 4), (5, 7)]
    """
    from fast.fwsg import fwsg as fast_fwsg

    result = fast_fwsg(g, rows)
    return FWSGResult([result.T(j) for j in range(g + 1)])


def f_t_sequences(g: int, rows: int) -> tuple[FWSGResult, str]:
    """F-Wythoff's T_0 .. T_g on rows < rows, and the path used."""
    return fwsg(g, rows), "fast.fwsg.fwsg"


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


def convergence_times(g: int, rows: int) -> tuple[list[int | None] | None, str]:
    """Rows to convergence of Algorithm FSW from each start row < rows (000 §3.2-3.3).

    Uses :func:`fast.fsw.convergence_times`, which the conformance suite
    checks against :mod:`reference.fsw` (itself checked against Algorithm
    WSG). ``None`` marks a start row that did not converge within the
    kernel's horizon (4 x Table 5 + 100 rows).
    """
    from fast.fsw import convergence_times as fast_convergence_times

    times = fast_convergence_times(g, 0, rows)
    return [None if t < 0 else int(t) for t in times.tolist()], "fast.fsw.convergence_times"
