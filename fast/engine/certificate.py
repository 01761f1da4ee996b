"""The generic window certificate of an engine game's rows (not the strip's own kernel).

For a two-pile game whose rows are lines (every move along the row, bounded
column shifts into lower rows: :mod:`reference.row_bounds` derives the window
W and the start from its row statement), :func:`block_certificate` reads two
equal normalised windows off a computed block of values and
:func:`search_certificate` grows the block (computed by the caller, the
engine's ``grundy-block``) until it finds them; :func:`search_cost` is the
registry's cost model of that search.
"""

from __future__ import annotations

import functools
import time
from collections.abc import Callable
from dataclasses import replace
from typing import Any

import numpy as np

from fast.strip.certificate import Certificate, _least_periods_of, _periodicities, _violations
from fast.strip.keys import _BASE, _INV
from floor.memory import seconds_text
from reference.row_bounds import (
    CHECK_FOLLOWERS_PER_SECOND,
    ROW_MOVES_SECONDS,
    check_columns,
    check_reads,
    row_bounds,
    row_moves,
)

__all__ = ["SEARCH_COLUMNS", "block_certificate", "search_certificate", "search_cost"]


def block_certificate(game: str, values: np.ndarray, window: int, start: int) -> Certificate | None:
    """The window certificate of rows 0..X read from a computed block ``G[k, y]``.

    For any two-pile game whose rows obey bounds that make the normalised
    values ``D(k, y) = G(k, y) - y`` of the last ``window`` columns determine
    every later column from column ``start`` on (docs/strip.md, "Any game
    with moves along the row": :mod:`reference.row_bounds` derives W and the
    start from the game's row statement, its rays or its stated row shifts).
    The first window (ending at a column c with c - W >= start) equal to an
    earlier one proves the joint period; the
    rows' minimal (preperiod, period) are then read from the values as in
    :func:`fast.strip.strip_periods`. None when no two windows within the block are
    equal (a longer block may find them). Like the strip's, the certificate
    speaks of the values it is given: they must be the game's (computed by
    the mex of the followers, as every registered block is).

    Examples
    --------
    >>> from fast.strip import rectangle, window
    >>> t = rectangle("wythoff", 6, 200)
    >>> c = block_certificate("wythoff", t, window(6), 0)
    >>> c.periodicities[5], c.y0 - c.window >= 0
    (Periodicity(preperiod=27, period=24, saltus=24), True)
    >>> block_certificate("wythoff", t[:, :40], window(6), 0) is None  # too short
    True
    """
    rows, cols = values.shape
    if window < 1 or start < 0:
        raise ValueError(f"window must be >= 1 and start >= 0 (window = {window}, start = {start})")
    data = np.ascontiguousarray((values.astype(np.int64) - np.arange(cols, dtype=np.int64)).T)
    first = start + window  # windows [c - W, c) with c - W >= start
    if first > cols:
        return None
    mix = np.uint64(0x9E3779B97F4A7C15)
    coeffs = (np.arange(1, rows + 1, dtype=np.uint64) * mix) | np.uint64(1)
    with np.errstate(over="ignore"):  # uint64 arithmetic wraps by design
        h = (data.astype(np.uint64) * coeffs).sum(axis=1, dtype=np.uint64)
        h ^= h >> np.uint64(29)
        h *= mix
        powers = _powers(_BASE, np.arange(cols, dtype=np.int64))
        prefix = np.concatenate([np.zeros(1, np.uint64), np.cumsum(h * powers, dtype=np.uint64)])
        ends = np.arange(first, cols + 1, dtype=np.int64)
        keys = _window_keys(prefix, ends, window)
    seen: dict[int, int] = {}
    for c, key in zip(ends.tolist(), keys.tolist(), strict=True):
        earlier = seen.get(key)
        if earlier is not None and np.array_equal(
            data[earlier - window : earlier], data[c - window : c]
        ):
            period = c - earlier
            end = earlier + period
            pre, least = _row_periodicities(data[:end], period)
            periodicities = _periodicities(pre, least)
            top = values[rows - 1, :end].astype(np.int64)
            return Certificate(game, rows, earlier, period, window, start, cols, periodicities, top)
        seen.setdefault(key, c)
    return None


#: The first block of :func:`search_certificate`; each next block doubles it.
SEARCH_COLUMNS = 4096


def search_certificate(
    game: Any,
    rows: int,
    block: Callable[[int], np.ndarray],
    seconds: Callable[[int], float],
    progress: Callable[[int], None] | None = None,
    budget: float | None = None,
) -> Certificate:
    """The window certificate of rows 0..rows-1 of a game whose rows are lines.

    :func:`reference.row_bounds.row_moves` takes the game's row statement
    (every move along the row allowed, bounded column shifts into lower
    rows): stated by its ``row_shifts``, or derived from its ``move_rays``
    when they are its whole rule; else ValueError with the reason.
    :func:`reference.row_bounds.row_bounds` checks the statement against the
    game's ``followers`` (every column before the rules settle and one
    window after) and derives the window W and the start. ``block(cols)``
    (G of rows 0..rows-1, columns 0..cols-1) computes blocks of doubling
    width from :data:`SEARCH_COLUMNS` and :func:`block_certificate` finds
    two equal normalised windows past the start; the statement is checked
    once more at the two columns that follow them. ``progress(cols)`` after
    each block. With ``budget`` (seconds) the search stops, with a
    ValueError naming the estimate (:func:`floor.memory.seconds_text`), before a block
    whose estimate ``seconds(cols)``, scaled by how the estimates fared so
    far, would take the total past it.
    """
    moves = row_moves(game, rows - 1)
    bounds = row_bounds(game, moves)
    cols, estimated, spent, began = SEARCH_COLUMNS, 0.0, 0.0, time.perf_counter()
    while True:
        # the next block's estimate, scaled by how the estimates fared so far (a loaded machine)
        next_seconds = seconds(cols) * max(1.0, spent / estimated if estimated else 1.0)
        if budget is not None and spent + next_seconds > budget:
            raise ValueError(
                f"no two equal windows of rows 0..{rows - 1} within {cols // 2:,} columns; the "
                f"next block ({cols:,} columns) would take the search to about "
                f"{seconds_text(spent + next_seconds)} (budget {seconds_text(budget)})"
            )
        values = np.asarray(block(cols))
        estimated += seconds(cols)
        spent = time.perf_counter() - began
        found = block_certificate(game.describe(), values, bounds.window, bounds.start)
        if found is not None:
            check_columns(game, moves, [found.y0, found.y0 + found.period])
            return replace(
                found,
                bounds=f"{bounds.describe()} and at columns {found.y0:,}, "
                f"{found.y0 + found.period:,}",
            )
        if progress is not None:
            progress(cols)
        cols *= 2


@functools.lru_cache(maxsize=16)
def _check_reads(game: Any, rows: int) -> int:
    return check_reads(row_moves(game, rows - 1))


def search_cost(
    game: Any, rows: int, cols: int, seconds: Callable[[int], float], budget: float
) -> tuple[float, int]:
    """(seconds, bytes) of a :func:`search_certificate` whose windows lie within ``cols``
    columns: building the row statement, checking it against the followers (not counted,
    nor the statement built, once the rest is past ``budget``) and ``seconds(width)`` of each
    block up to the first of at least ``cols`` columns.

    >>> import spec
    >>> round(search_cost(spec.get_game("wythoff"), 3, 10_000, lambda c: c / 4096, 0.0)[0])
    7
    """
    first = SEARCH_COLUMNS
    blocks = [first << k for k in range(max(1, (max(cols, first) // first).bit_length() + 1))]
    total = sum(seconds(c) for c in blocks if c < 2 * cols or c == first)
    total += rows**2 * ROW_MOVES_SECONDS
    if total <= budget:  # else no need to build the statement
        total += _check_reads(game, rows) / CHECK_FOLLOWERS_PER_SECOND
    return total, 64 * rows * first


def _row_periodicities(data: np.ndarray, period: int) -> tuple[np.ndarray, np.ndarray]:
    """Per row: 1 + the last y with D(y) != D(y + period), and the least period dividing it.

    ``data[y, k] = D(k, y)`` for ``0 <= y < end``, periodic with ``period``
    on its last ``period + 1`` columns at least.
    """
    end, rows = data.shape
    last = np.full(rows, -1, dtype=np.int64)
    _violations(data, 0, data, period, end - period, 0, last)
    return last + 1, _least_periods_of(data[end - period :], 0, period, 1)


def _window_keys(prefix: np.ndarray, ends: np.ndarray, window: int) -> np.ndarray:
    """The rolling hash of the windows [c - W, c), c in ``ends``: (prefix[c] - prefix[c - W])
    / base^(c - W), i.e. sum over j of h[c - W + j] base^j (mod 2^64)."""
    with np.errstate(over="ignore"):
        keys: np.ndarray = (prefix[ends] - prefix[ends - window]) * _powers(_INV, ends - window)
    return keys


def _powers(base: np.uint64, exponents: np.ndarray) -> np.ndarray:
    """base ** e (mod 2**64) for each e (square and multiply, vectorised)."""
    result = np.ones(len(exponents), dtype=np.uint64)
    b = np.full(len(exponents), base, dtype=np.uint64)
    e = exponents.astype(np.uint64)
    while e.any():
        odd = (e & np.uint64(1)).astype(bool)
        result[odd] *= b[odd]
        b *= b
        e >>= np.uint64(1)
    return result
