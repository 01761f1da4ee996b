"""The window certificate: equal normalised windows, their exact check, and the rows' periods.

Two equal windows of ``W`` normalised columns prove the joint period of rows
0..X from the first window on (docs/strip.md, "The window certificate"):
:func:`certify_window` compares them exactly, :class:`Certificate` holds the
proof and each row's minimal (preperiod, period, saltus), read from the
values by :func:`_violations` (the last column where a row breaks the
period) and :func:`_least_periods_of` (the least period dividing it).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from fast.strip.geometry import STEP_CELLS, start_column, window
from fast.strip.kernel import _nogil
from fast.strip.threads import _pool, default_threads
from floor.interrupt import call
from reference.landman import Periodicity

__all__ = ["Certificate", "certify_window"]


@dataclass(frozen=True)
class Certificate:
    """Equal normalised windows: the proof of the periods of rows 0..rows-1.

    ``D(k, y) = G(k, y) - y`` for every ``k < rows`` and
    ``y0 - window <= y < y0`` equals ``D(k, y + period)``, and
    ``y0 >= start`` (the rules no longer depend on the column): so
    ``G(k, y + period) = G(k, y) + period`` for every y >= y0 - window
    (docs/strip.md). ``periodicities[k]`` is row k's minimal (preperiod,
    period, saltus) read from the values; ``columns`` were computed.
    """

    game: str
    rows: int
    y0: int
    period: int
    window: int
    start: int
    columns: int
    periodicities: list[Periodicity] = field(default_factory=list)
    #: G(rows - 1, y) for 0 <= y < y0 + period (the top row, from the columns kept).
    top_row: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=np.int64))
    #: Where W and the start come from, when not the strip's own bounds.
    bounds: str = ""

    def row_head(self, length: int) -> list[int]:
        """G(rows - 1, y) for 0 <= y < length, extended by the certified period.

        Examples
        --------
        >>> from fast.strip import strip_periods
        >>> strip_periods("wythoff", 4).row_head(14)
        [3, 4, 5, 6, 2, 0, 1, 9, 10, 12, 8, 7, 15, 11]
        """
        values = self.top_row.tolist()
        while len(values) < length:  # G(k, y) = G(k, y - P) + P from y0 - W on
            values.append(values[len(values) - self.period] + self.period)
        return [int(v) for v in values[:length]]

    def describe(self) -> str:
        return (
            f"equal normalised windows of rows 0..{self.rows - 1}: columns "
            f"[{self.y0 - self.window}, {self.y0}) and {self.period} later "
            f"(W = {self.window})" + (f"; {self.bounds}" if self.bounds else "")
        )


def certify_window(
    game: str, rows: int, windows: tuple[np.ndarray, np.ndarray], y0: int, period: int
) -> str | None:
    """None if two normalised windows prove the period; else why not.

    ``windows`` are ``D(., y)`` for ``y0 - W <= y < y0`` and for the same
    columns ``period`` later, shape ``(W, rows)`` each.

    Examples
    --------
    >>> from fast.strip import Strip
    >>> s = Strip("wythoff", 4, 64); s.advance(64)
    >>> w = window(4)
    >>> first, second = s.column_range(20 - w, 20), s.column_range(26 - w, 26)
    >>> certify_window("wythoff", 4, (first, second), 20, 6)
    >>> bad = second.copy(); bad[0, 3] += 1
    >>> certify_window("wythoff", 4, (first, bad), 20, 6)
    'the windows differ in row 3 at column 11'
    """
    w = window(rows)
    first, second = windows
    if y0 < start_column(game, rows):
        return f"y0 = {y0} is before the rules settle (column {start_column(game, rows)})"
    if y0 < w:
        return f"y0 = {y0} < W = {w}"
    if first.shape != (w, rows) or second.shape != (w, rows):
        return f"windows must have shape ({w}, {rows})"
    differ = np.argwhere(first != second)
    if len(differ):
        j, k = (int(i) for i in differ[0])
        return f"the windows differ in row {k} at column {y0 - w + j}"
    return None


@_nogil
def _violations(
    a: np.ndarray, ia: int, b: np.ndarray, ib: int, count: int, y: int, last: np.ndarray
) -> None:  # pragma: no cover - jit
    """``last[k] = y + t`` for the last t < count with a[ia + t, k] != b[ib + t, k]."""
    rows = a.shape[1]
    for t in range(count):
        for k in range(rows):
            if a[ia + t, k] != b[ib + t, k]:
                last[k] = y + t


@_nogil
def _least_periods_ring(
    ring: np.ndarray, start: int, period: int, k_from: int, k_to: int, least: np.ndarray
) -> None:  # pragma: no cover - jit
    """Rows k_from..k_to-1: ``least[k]`` = the least q dividing ``period`` with the ring's
    ``period`` columns from ``start`` (wrapping) q-periodic."""
    size = ring.shape[0]
    for k in range(k_from, k_to):
        for q in range(1, period):
            if period % q != 0:
                continue
            good = True
            i = start % size  # the ring index of column t, and of column t + q (mod period)
            j = (start + q) % size
            t = 0
            while t < period:
                if ring[j, k] != ring[i, k]:
                    good = False
                    break
                t += 1
                i = i + 1 if i + 1 < size else 0
                j = j + 1 if j + 1 < size else 0
                if t == period - q:  # column t + q passes the period's end: back to its start
                    j = start % size
            if good:
                least[k] = q
                break


def _least_periods_of(ring: np.ndarray, start: int, period: int, threads: int | None) -> np.ndarray:
    """Per row: the least period dividing ``period`` of the ring's ``period`` columns from
    ``start``, rows in batches of bounded time on every core (back in Python between them)."""
    rows = ring.shape[1]
    least = np.full(rows, period, dtype=np.int64)
    batch = max(1, STEP_CELLS // max(1, period))
    batches = [(k, min(rows, k + batch)) for k in range(0, rows, batch)]
    n = max(1, default_threads() if threads is None else threads)

    def work(part: int) -> None:
        for k0, k1 in batches[part::n]:
            call(_least_periods_ring, ring, start, period, k0, k1, least)

    futures = [_pool(n).submit(work, part) for part in range(1, n)]
    work(0)
    for future in futures:
        future.result()
    return least


def _periodicities(pre: np.ndarray, least: np.ndarray) -> list[Periodicity]:
    """(preperiod, period, saltus = period) per row (saltus = period: docs/strip.md)."""
    return [Periodicity(int(a), int(b), int(b)) for a, b in zip(pre, least, strict=True)]
