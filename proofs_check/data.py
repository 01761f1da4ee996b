"""Data providers for the claims: every check gets its numbers here, from the registry.

Each provider asks :mod:`registry` for the fastest implementation
that covers the request (the conformance report compares every one of
them with the spec) and returns ``(data, name)``, where ``name`` is the
implementation that produced the data (it is printed in the report). No
algorithm is written here.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from functools import cache
from typing import Any

import spec
from proofs_check.dn import dn_statistics
from reference.landman import NoCycle, WindowError
from reference.zeckendorf import fibonacci_numbers, z1
from registry import question
from registry.tables import why_not_two_pile

__all__ = [
    "DATA_SECONDS",
    "atlas_periods",
    "convergence_times",
    "dn_extremes",
    "f_t_sequences",
    "fibonacci_numbers",
    "fibonacci_starting_values",
    "fwsg",
    "grundy_table",
    "row_period",
    "rows_table",
    "t_sequences",
    "two_pile_table",
    "zeckendorf_representations",
    "zeckendorf_z1",
]


#: The longest a data provider may run for one check (seconds): a run its measured
#: rate projects past this is refused before the time is spent.
DATA_SECONDS = 600.0


# --------------------------------------------------------------------------- tables


def grundy_table(game: str, size: int) -> tuple[list[list[int]], str]:
    """The table T[x][y] = G(x, y), 0 <= x, y < size, and the implementation used.

    >>> grundy_table("f-wythoff", 13)[0][5][12], grundy_table("wythoff", 2)[1]
    (9, 'fast.tables')
    """
    answer = question("grundy-table", spec.get_game(game))(size=size, budget=DATA_SECONDS)
    table: list[list[int]] = answer.value.tolist()
    return table, answer.name


def two_pile_table(game: str, size: int) -> list[list[int]]:
    """G(x, y) for 0 <= x, y < size of a two-pile game (the data of :func:`grundy_table`).

    >>> two_pile_table("wythoff", 3)
    [[0, 1, 2], [1, 2, 0], [2, 0, 1]]
    """
    reason = why_not_two_pile(spec.get_game(game))
    if reason is not None:
        raise ValueError(f"two_pile_table: {reason} (game = {game!r})")
    return grundy_table(game, size)[0]


# --------------------------------------------------------------------------- T_h


@cache
def _points(game: str, g: int, rows: int) -> tuple[Any, str]:
    answer = question("g-points", game)(g=g, rows=rows)
    return answer.value, answer.name


def t_sequences(g: int, rows: int) -> tuple[Any, str]:
    """Wythoff's T_0 .. T_g on rows 0..rows-1 (``T[h]``, ``a(h)``, ``d(h)``), and the path."""
    return _points("wythoff", g, rows)


@cache
def dn_extremes(g: int, rows: int) -> tuple[Any, str]:
    """Extremes of d_n^h - n for h <= g over the h-points with a < rows, and the source.

    :func:`proofs_check.dn.dn_statistics` (streamed fast.wsg, which the
    ``g-points`` question checks against the spec).

    >>> stats, name = dn_extremes(1, 501)
    >>> stats.min_n, name
    ([0, 57], 'proofs_check.dn (fast.wsg streamed)')
    """
    return dn_statistics(g, rows), "proofs_check.dn (fast.wsg streamed)"


def f_t_sequences(g: int, rows: int) -> tuple[Any, str]:
    """F-Wythoff's T_0 .. T_g on rows < rows (Algorithm FWSG of 001 §3), and the path."""
    return _points("f-wythoff", g, rows)


def fwsg(g: int, rows: int) -> Any:
    """F-Wythoff's T_j for 0 <= j <= g, first coordinate < rows (001 §3).

    >>> fwsg(1, 6).T[0]
    [(0, 0), (1, 1), (2, 3), (4, 6), (5, 8)]
    >>> fwsg(1, 6).T[1]
    [(0, 1), (2, 2), (3, 4), (5, 7)]
    """
    return f_t_sequences(g, rows)[0]


# --------------------------------------------------------------------------- Zeckendorf


def zeckendorf_z1(n: int) -> tuple[int, str]:
    """z_1(n), the smallest Fibonacci number in n's Zeckendorf representation."""
    return z1(n), "reference.zeckendorf.z1"


def fibonacci_starting_values(n_max: int) -> tuple[list[int], str]:
    """G(n, n - 1) of Fibonacci Nim for 0 <= n <= n_max (0 for n = 0), and the implementation.

    The registry question ``fibonacci-starting`` (fast.fibonacci: rows as step
    functions; conformance compares it with the spec).

    >>> values, name = fibonacci_starting_values(13)
    >>> values, name
    ([0, 0, 0, 0, 3, 0, 4, 4, 0, 5, 5, 5, 6, 0], 'fast.fibonacci')
    """
    answer = question("fibonacci-starting", "fibonacci-nim")(n_max=n_max)
    return [int(v) for v in answer.value], answer.name


def zeckendorf_representations(n: int) -> int:
    """How many ways n is a sum of distinct, pairwise non-consecutive Fibonacci numbers.

    Exhaustive count (not greedy) over the Fibonacci numbers 1, 2, 3, 5, ...
    (F_2, F_3, ...; F_1 = F_2 = 1 is one number): the independent side of
    the claim that the representation is unique.

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
    """G(k, m) for 0 <= k <= n, 0 <= m < m_max (rows of the given two-pile game).

    >>> rows_table("wythoff", 3, 14)[3]
    [3, 4, 5, 6, 2, 0, 1, 9, 10, 12, 8, 7, 15, 11]
    """
    answer = question("row-values", spec.get_game(game))(
        rows=n + 1, length=m_max, budget=DATA_SECONDS
    )
    rows: list[list[int]] = answer.value.tolist()
    return rows


def atlas_periods(game: str) -> tuple[dict[int, tuple[int, int, int]], str]:
    """The shipped atlas of certified row periods: ``{row: (preperiod, period, saltus)}``.

    >>> atlas_periods("wythoff")[0][4]
    (9, 12, 12)
    """
    from registry.rows import atlas_table

    return atlas_table(game)


def row_period(game: str, row: int, m_max: int) -> tuple[dict[str, Any] | None, str]:
    """Preperiod, period and saltus of row ``row``, proved by a repeated machine state.

    Returns ``(None, path)`` if the machine finds no repeated state within
    ``m_max`` steps, or the period found does not fit below ``m_max``.

    >>> row_period("wythoff", 1, 100)[0]["period"]
    3
    """
    door = question("row-periods", spec.get_game(game))
    name = door.choose(rows=row + 1, start=row, max_steps=m_max).name
    try:
        answer = door(using=name, rows=row + 1, start=row, max_steps=m_max)
    except (NoCycle, WindowError, RuntimeError):
        return None, name
    (found,) = answer.value
    if found.preperiod + found.period > m_max:
        return None, answer.name
    return {
        "preperiod": found.preperiod,
        "period": found.period,
        "saltus": found.saltus,
    }, f"{answer.name} (Landman 004 §3 state, exact)"


# --------------------------------------------------------------------------- convergence (FSW)


def convergence_times(
    g: int,
    rows: int,
    *,
    note: Callable[[str], None] | None = None,
    max_seconds: float | None = None,
    option: str = "--rows",
) -> tuple[list[int | None], str]:
    """Rows to convergence of Algorithm FSW from each start row < rows (000 §3.2-3.3).

    ``None`` marks a start row that did not converge within the default
    horizon (4 x Table 5 + 100 rows).

    The start rows are asked for in chunks that double in size (the
    implementations are chunkable; each chunk re-runs the true pass, so the
    doubling keeps that overhead below the work itself). After each chunk
    ``note`` gets how far it is, and once a second has been measured the time
    per start row projects the whole run: past ``max_seconds`` (default
    :data:`DATA_SECONDS`) it is refused with a ValueError naming ``option``,
    the measured rate and the projection, before that time is spent.
    """
    limit = DATA_SECONDS if max_seconds is None else max_seconds
    door = question("fsw-convergence", spec.Wythoff())
    began = time.perf_counter()
    times: list[int | None] = []
    size = 64
    while len(times) < rows:
        start, stop = len(times), min(rows, len(times) + size)
        answer = door(g=g, r0_start=start, r0_stop=stop)
        chunk = answer.value
        times.extend(None if t < 0 else int(t) for t in list(chunk))
        size *= 2
        elapsed = time.perf_counter() - began
        if len(times) < rows and elapsed >= 1.0:
            projected = elapsed * rows / len(times)
            if projected > limit:
                raise ValueError(
                    f"{option} = {rows:,} would take about {projected:,.0f} s at g = {g} "
                    f"(measured {1e3 * elapsed / len(times):.3g} ms per start row over "
                    f"{len(times):,} rows; limit {limit:,.0f} s): choose fewer rows"
                )
        if note is not None:
            note(f"{len(times):,}/{rows:,} start rows, {elapsed:.0f} s")
    return times, door.choose(g=g, r0_start=0, r0_stop=rows).name
