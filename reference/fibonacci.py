"""Fibonacci Nim's Grundy values, row by row, each row stored as a step function.

A position (n, r): n tokens, at most r may be taken; taking k tokens,
1 <= k <= min(r, n), leads to (n - k, 2k) (002 §3). Because a position
(m, s) with s >= m has the moves of (m, m), G(m, s) = G(m, m) for s >= m,
and the follower of (n, r) by k has the value

    w_n(k) = G(n - k, min(2k, n - k)).

G(n, r) is the mex of {w_n(k) : 1 <= k <= r}, a set that grows with r, so
row n is nondecreasing in r: a **step function**, stored as its steps
``(start, value)`` (G(n, r) = value for start <= r < next start; the last
step runs to r = n and beyond). Rows have few steps (at most 14 up to
n = 4000, about 8 on average), so rows 0..n_max fit in memory where the
(n_max + 1)^2 table would not.

This module computes row n by scanning k = 1..n once (reading each w_n(k)
from the stored steps of row n - k) and recording the k at which the mex
grows: the definition, quadratic in n_max. :mod:`fast.fibonacci` is its
twin (same names and results), which finds the same steps without the scan.

References
----------
I. Suriyaprakash, "Classical Impartial Games" (2021), §3 (Fibonacci Nim,
Figure 1: the Grundy table), Theorem 3.2 and Corollary 3.3.1. Seed ``002``.
U. Larsson and S. Rubinstein-Salzedo, "Grundy values of Fibonacci nim",
International Journal of Game Theory 45 (2016): rows as step functions, the
starting values G(n, n - 1).
"""

from __future__ import annotations

from bisect import bisect_right

__all__ = [
    "grundy_block",
    "grundy_table",
    "grundy_value",
    "row_steps",
    "starting_values",
    "step_value",
    "values_at",
]

#: Rows beyond this take the quadratic scan too long (3000 rows: about 2 s in CPython).
MAX_ROWS = 3000


def _check_rows(name: str, value: int, limit: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ValueError(f"{name} must be an int >= 0 ({name} = {value!r})")
    if value > limit:
        raise ValueError(
            f"{name} = {value} is beyond reference.fibonacci's range (at most {limit}: "
            "the row scan is quadratic; use fast.fibonacci)"
        )
    return value


def step_value(starts: list[int], values: list[int], r: int) -> int:
    """The value at r of the step function with the given starts (ascending) and values.

    >>> step_value([0, 2, 5], [0, 1, 3], 4), step_value([0, 2, 5], [0, 1, 3], 99)
    (1, 3)
    """
    return values[bisect_right(starts, r) - 1]


def row_steps(n_max: int) -> list[list[tuple[int, int]]]:
    """The steps ``[(start, value), ...]`` of rows n = 0..n_max.

    Row n holds G(n, r) = value for start <= r < the next start (the last
    step: up to r = n, and G(n, r) = G(n, n) beyond).

    Examples
    --------
    >>> row_steps(5)[5]  # G(5, r) = 0, 0, 0, 0, 0, 4: (5, 4) is a P-position
    [(0, 0), (5, 4)]
    >>> row_steps(5)[4]  # G(4, r) = 0, 1, 1, 3, 3
    [(0, 0), (1, 1), (3, 3)]
    """
    _check_rows("n_max", n_max, MAX_ROWS)
    rows: list[list[tuple[int, int]]] = [[(0, 0)]]  # (0, r): no move
    starts: list[list[int]] = [[0]]
    values: list[list[int]] = [[0]]
    for n in range(1, n_max + 1):
        seen: set[int] = set()
        mex = 0
        steps = [(0, 0)]
        for k in range(1, n + 1):
            m = n - k
            seen.add(step_value(starts[m], values[m], min(2 * k, m)))
            grown = mex
            while grown in seen:
                grown += 1
            if grown != mex:
                mex = grown
                steps.append((k, mex))  # G(n, r) = mex from r = k on
        rows.append(steps)
        starts.append([s for s, _ in steps])
        values.append([v for _, v in steps])
    return rows


def grundy_value(n: int, r: int) -> int:
    """G(n, r) of Fibonacci Nim (any r >= 0; G(n, r) = G(n, n) for r >= n).

    >>> grundy_value(8, 7), grundy_value(9, 8), grundy_value(4, 10**9)
    (0, 5, 3)
    """
    _check_rows("n", n, MAX_ROWS)
    if isinstance(r, bool) or not isinstance(r, int) or r < 0:
        raise ValueError(f"r must be an int >= 0 (r = {r!r})")
    steps = row_steps(n)[n]
    return step_value([s for s, _ in steps], [v for _, v in steps], min(r, n))


def values_at(positions: list[tuple[int, int]]) -> list[int]:
    """G(n, r) at each position (n, r), from one scan of rows 0..max n.

    >>> values_at([(8, 7), (9, 8), (4, 10**9)])
    [0, 5, 3]
    """
    rows = row_steps(max((n for n, _ in positions), default=0))
    out = []
    for n, r in positions:
        out.append(step_value([s for s, _ in rows[n]], [v for _, v in rows[n]], min(r, n)))
    return out


def starting_values(n_max: int) -> list[int]:
    """G(n, n - 1) for n = 0..n_max (the entry for n = 0 is G(0, 0) = 0).

    >>> starting_values(13)
    [0, 0, 0, 0, 3, 0, 4, 4, 0, 5, 5, 5, 6, 0]
    """
    rows = row_steps(n_max)
    out = [0]
    for n in range(1, n_max + 1):
        steps = rows[n]
        out.append(step_value([s for s, _ in steps], [v for _, v in steps], n - 1))
    return out


def grundy_block(rows: int, cols: int) -> list[list[int]]:
    """G(n, r) for 0 <= n < rows, 0 <= r < cols.

    >>> grundy_block(3, 6)
    [[0, 0, 0, 0, 0, 0], [0, 1, 1, 1, 1, 1], [0, 0, 2, 2, 2, 2]]
    """
    _check_rows("rows", rows, MAX_ROWS + 1)
    if isinstance(cols, bool) or not isinstance(cols, int) or cols < 0:
        raise ValueError(f"cols must be an int >= 0 (cols = {cols!r})")
    if rows == 0:
        return []
    steps = row_steps(rows - 1)
    table = []
    for n in range(rows):
        starts = [s for s, _ in steps[n]]
        values = [v for _, v in steps[n]]
        table.append([step_value(starts, values, min(r, n)) for r in range(cols)])
    return table


def grundy_table(size: int) -> list[list[int]]:
    """G(n, r) for 0 <= n, r < size (002 Figure 1 is the top-left corner).

    >>> grundy_table(5)
    [[0, 0, 0, 0, 0], [0, 1, 1, 1, 1], [0, 0, 2, 2, 2], [0, 0, 0, 3, 3], [0, 1, 1, 3, 3]]
    """
    return grundy_block(size, size)
