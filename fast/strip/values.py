"""Values from the strip: blocks of G, rectangles, single values and rows.

:func:`strip_blocks` streams blocks of ``G(k, y)``, :func:`rectangle` fills a
table (the strip along its longer side), :func:`value_at` and
:func:`row_values` read one value or one row, and :func:`value_from_state`
moves a value of a periodic row by whole periods from a saved state.
Their costs are :mod:`fast.strip.cost`'s.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

import numpy as np

from fast._jit import jit, smallest_unsigned
from fast.strip.cost import rectangle_memory
from fast.strip.geometry import BLOCK, _check_game, _check_rows_cols, window
from fast.strip.pipeline import Strip
from fast.strip.threads import pipeline_block
from floor.interrupt import call
from floor.memory import check_memory

__all__ = [
    "NotAPeriod",
    "rectangle",
    "row_values",
    "strip_blocks",
    "value_at",
    "value_from_state",
]


def strip_blocks(
    game: str, rows: int, cols: int, block: int = BLOCK
) -> Iterator[tuple[int, np.ndarray]]:
    """Stream ``G(k, y)``, ``0 <= k < rows``, ``0 <= y < cols`` in column blocks.

    Yields ``(y0, values)`` with ``values[k, j] = G(k, y0 + j)`` (int64,
    shape ``(rows, <= block)``); memory is ``O(rows * block)``, never the
    whole strip.

    Examples
    --------
    >>> [(y0, v.tolist()) for y0, v in strip_blocks("wythoff", 2, 5, block=3)]
    [(0, [[0, 1, 2], [1, 2, 0]]), (3, [[3, 4], [4, 5]])]
    """
    _check_rows_cols(rows, cols)
    if rows == 0:
        return
    strip = Strip(game, rows, block)
    for y0 in range(0, cols, block):
        y1 = min(cols, y0 + block)
        strip.advance(y1)
        values = strip.ring[: y1 - y0].astype(np.int64).T + np.arange(y0, y1, dtype=np.int64)
        yield y0, values


def rectangle(
    game: str,
    rows: int,
    cols: int,
    *,
    dtype: Any = None,
    progress: Callable[[int, int], None] | None = None,
) -> np.ndarray:
    """``T[x, y] = G(x, y)`` for ``0 <= x < rows``, ``0 <= y < cols`` by the strip.

    The strip runs along the longer side (the games are symmetric), so the
    kernel's state is ``O(min(rows, cols)**2)`` bits whatever the other side.
    ``dtype`` defaults to the smallest unsigned type holding
    ``rows + cols - 2`` (G(x, y) <= x + y). ``progress(done, total)`` is
    called after each block of columns.

    Examples
    --------
    >>> rectangle("wythoff", 4, 4).tolist()
    [[0, 1, 2, 3], [1, 2, 0, 4], [2, 0, 1, 5], [3, 4, 5, 6]]
    >>> rectangle("f-wythoff", 5, 2).tolist() == rectangle("f-wythoff", 2, 5).T.tolist()
    True
    """
    _check_rows_cols(rows, cols)
    chosen = smallest_unsigned(max(0, rows + cols - 2)) if dtype is None else np.dtype(dtype)
    check_memory(rectangle_memory(rows, cols, chosen.itemsize), f"a {rows}x{cols} {game} table")
    out = np.zeros((rows, cols), dtype=chosen)
    if rows == 0 or cols == 0:
        return out
    small, large = min(rows, cols), max(rows, cols)
    view = out if rows <= cols else out.T
    block = pipeline_block(small)
    strip = Strip(game, small, block)
    for y0 in range(0, large, block):
        y1 = min(large, y0 + block)
        strip.advance(y1)
        call(_fill, view, strip.ring, y0, y1)
        if progress is not None:
            progress(y1, large)
    return out


@jit
def _fill(view: np.ndarray, ring: np.ndarray, y0: int, y1: int) -> None:  # pragma: no cover
    """``view[k, y] = ring[y - y0, k] + y`` for y0 <= y < y1 (G from the normalised ring)."""
    for j in range(y1 - y0):
        for k in range(view.shape[0]):
            view[k, y0 + j] = ring[j, k] + y0 + j


def value_at(game: str, x: int, y: int, progress: Callable[[int, int], None] | None = None) -> int:
    """``G(x, y)`` by the strip of rows 0..min(x, y), columns 0..max(x, y) (nothing kept).

    Examples
    --------
    >>> value_at("wythoff", 3, 7), value_at("wythoff", 7, 3), value_at("r-wythoff", 0, 0)
    (9, 9, 0)
    """
    _check_rows_cols(x, y)
    row, column = min(x, y), max(x, y)
    _check_game(game)
    check_memory(rectangle_memory(row + 1, 0), f"the strip of rows 0..{row}")
    block = pipeline_block(row + 1)
    strip = Strip(game, row + 1, block)
    for y0 in range(0, column + 1, block):
        strip.advance(min(column + 1, y0 + block))
        if progress is not None:
            progress(strip.y, column + 1)
    return int(strip.ring[column % block, row]) + column


def row_values(n: int, m_max: int, game: str = "wythoff") -> np.ndarray:
    """``G(n, m)`` for 0 <= m <= m_max (twin of :func:`reference.landman.row_values`).

    Examples
    --------
    >>> row_values(3, 13).tolist()
    [3, 4, 5, 6, 2, 0, 1, 9, 10, 12, 8, 7, 15, 11]
    """
    for name, v in (("n", n), ("m_max", m_max)):
        if isinstance(v, bool) or not isinstance(v, int) or v < 0:
            raise ValueError(f"{name} must be an int >= 0 ({name} = {v!r})")
    _check_game(game)
    check_memory(8 * (m_max + 1) + 4 * (n + 1) * BLOCK, f"row {n} up to m = {m_max}")
    out = np.empty(m_max + 1, dtype=np.int64)
    for y0, values in strip_blocks(game, n + 1, m_max + 1):
        out[y0 : y0 + values.shape[1]] = values[n]
    return out


class NotAPeriod(ValueError):
    """The window of a state does not return after the period it was given: no proof."""


def value_from_state(
    game: str,
    columns: np.ndarray,
    column: int,
    row: int,
    y: int,
    period: int,
    *,
    threads: int | None = None,
    progress: Callable[[int, int], None] | None = None,
    prove: bool = False,
) -> int:
    """G(row, y) from the strip's state before ``column``, for a row periodic there.

    ``columns`` is the normalised window before ``column`` of rows 0..X
    (X >= ``row``; blanked or not), and row ``row`` must satisfy
    ``G(row, y' + period) = G(row, y') + period`` for every ``y' >= column``
    (its preperiod at most ``column``; saltus = period, docs/strip.md). Then
    ``y`` (any ``y >= column``, as a Python int: 10**18 and beyond) is reduced
    to ``y' = column + (y - column) mod period`` and the strip of rows
    0..row runs from the state to ``y'``: at most ``period`` columns.

    ``prove``: the period is not taken on trust; the strip of rows 0..row runs
    the whole period, to ``column + period``, and its window there must equal
    the state's (every entry a restore reads, :func:`fast.strip.state_columns`):
    then rows 0..row repeat with ``period`` from ``column`` on (the window
    certificate's theorem), else :class:`NotAPeriod`. One period of columns
    whatever y.

    Examples
    --------
    >>> s = Strip("wythoff", 6, 512); s.advance(512)
    >>> value_from_state("wythoff", s.state(), 512, 5, 10**18, 24)
    1000000000000000002
    >>> y = 512 + (10**18 - 512) % 24  # the same column of the period, from column 0
    >>> int(rectangle("wythoff", 6, y + 1)[5, y]) + 10**18 - y
    1000000000000000002
    >>> value_from_state("wythoff", s.state(), 512, 5, 10**18, 24, prove=True)
    1000000000000000002
    >>> value_from_state("wythoff", s.state(), 512, 5, 10**18, 12, prove=True)
    ... # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    fast.strip.values.NotAPeriod: 12 is not a period of rows 0..5 from column 512: ...
    """
    w, rows = columns.shape
    if not 0 <= row < rows:
        raise ValueError(f"row must be in 0..{rows - 1} (row = {row})")
    if y < column:
        raise ValueError(f"y must be >= the state's column {column} (y = {y})")
    if period < 1:
        raise ValueError(f"period must be >= 1 (period = {period})")
    turns = (y - column) // period
    target = y - turns * period
    sub = window(row + 1)
    if sub > w:
        raise ValueError(f"the state holds {w} columns, rows 0..{row} need {sub}")
    start = columns[w - sub :, : row + 1]
    # proving reads the last window back from the ring: it must hold it
    ring = BLOCK * (1 + -(-sub // BLOCK)) if prove else BLOCK
    strip = Strip.restore(game, row + 1, column, start, ring, threads)
    end = column + period if prove else target + 1
    found = None
    while strip.y < end:
        stop = target + 1 if strip.y <= target else end
        strip.advance(min(stop, strip.y + max(BLOCK, 16 * strip.step)))
        if found is None and strip.y > target:
            found = int(strip.ring[target % ring, row])
        if progress is not None:
            progress(strip.y - column, end - column)
    assert found is not None
    if prove:
        _returns(strip.state(), start, column, period, row)
    return found + target + turns * period


def _returns(after: np.ndarray, before: np.ndarray, column: int, period: int, row: int) -> None:
    """NotAPeriod unless the two windows agree on every entry a restore reads."""
    from fast.strip.state import state_columns

    w = min(len(after), len(before))
    keep = np.minimum(state_columns(row + 1), w)
    for k in range(row + 1):
        n = int(keep[k])
        if not np.array_equal(after[len(after) - n :, k], before[len(before) - n :, k]):
            raise NotAPeriod(
                f"{period:,} is not a period of rows 0..{row} from column {column:,}: the "
                f"window does not return (row {k}, {period:,} columns on)"
            )
