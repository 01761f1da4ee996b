"""The strip's cost models: every measured constant, and the (seconds, bytes) they give.

The registry chooses and refuses implementations by these (``row-values``,
``row-periods``, ``grundy-block``, ``grundy-table``, ``value``): each model
is here, beside the constants it reads, and nowhere else.
"""

from __future__ import annotations

import math

import numpy as np

from fast.strip.geometry import _PAD, BLOCK, _ring_dtype, _words, start_column, window
from fast.strip.keys import ALL_KEYS_COLUMNS, chunk_columns
from fast.strip.threads import default_threads, pipeline_block, running_threads
from floor.memory import available_memory, format_bytes

__all__ = [
    "CERTIFY_COLUMN_BYTES",
    "CERTIFY_FACTOR",
    "SECONDS_PER_CELL",
    "SECONDS_PER_CELL_ROW",
    "TWO_THREAD_SPEEDUP",
    "certificate_columns",
    "certificate_cost",
    "certificate_fits",
    "certificate_memory",
    "certificate_seconds",
    "rectangle_cost",
    "rectangle_memory",
    "row_values_cost",
    "strip_seconds",
    "value_cost",
]

# --- Measured constants: every cost model below reads them (and registry/periods.py). -------
#: strip_periods per cell over the plain strip (window hashes): 1.6-2.1 at Wythoff rows
#: 0..80 to 0..200 (same session; 3.3-4.3 with a few rows, runs under a second); and its
#: bytes per column besides the normalised values (2 bytes a cell while they fit).
CERTIFY_FACTOR = 2.5
CERTIFY_COLUMN_BYTES = 72
#: The strip's measured cost a cell, one thread: about SECONDS_PER_CELL + rows *
#: SECONDS_PER_CELL_ROW (the mex scan of a cell grows with its row: the values of row k
#: above its mex fill about k bits). CPU seconds measured 2026-11-26 on this x86_64
#: machine (2 cores, loaded; benchmarks/bench_strip.py and the kernel alone): 16.8 ns a
#: cell at 301 rows (the 4.46 million columns of their certificate), 28.5 ns at 1001
#: (200,000 columns), 41-49 ns at 2048 (16,000 to 30,000 columns).
SECONDS_PER_CELL = 12e-9
SECONDS_PER_CELL_ROW = 1.5e-11
#: Two threads share the rows of a column block: about this speed-up over one (measured
#: at load 2.5-3: 1.63 for the certificate of rows 0..300, 2.03 for the kernel at 1001
#: rows; the two stages' CPU together is about one thread's).
TWO_THREAD_SPEEDUP = 1.8
# ------------------------------------------------------------------------------------------


def strip_seconds(rows: int, cols: int, threads: int | None = None) -> float:
    """Estimated seconds of ``cols`` columns of the strip of ``rows`` rows (measured speed) on
    ``threads`` (default :func:`default_threads`); any size (``inf`` past a float).

    >>> round(strip_seconds(301, 4_400_000, 1)), round(strip_seconds(2048, 1.7e8, threads=2))
    (22, 8263)
    >>> strip_seconds(501, 10**6, threads=1) > strip_seconds(501, 10**6, threads=2) > 1
    True
    """
    per_cell = SECONDS_PER_CELL + rows * SECONDS_PER_CELL_ROW
    threads = running_threads(rows, default_threads() if threads is None else threads)
    speedup = 1.0 if threads < 2 else TWO_THREAD_SPEEDUP * (threads / 2)
    cells = rows * int(cols)
    return (float(cells) if cells < 10**300 else math.inf) * per_cell / speedup


def certificate_seconds(rows: int, cols: int, threads: int | None = None) -> float:
    """Estimated seconds of :func:`strip_periods` over ``cols`` columns: the strip and its
    window hashes (:data:`CERTIFY_FACTOR`; measured again 2026-11-26 on an idle machine:
    F-Wythoff rows 0..60, 2·10⁷ columns on one thread in 36.3 s, 2.3× the strip's
    estimate; Wythoff rows 0..200, 1.3·10⁶ columns in 5.37 s, 1.4×).

    >>> certificate_seconds(61, 10**6) == CERTIFY_FACTOR * strip_seconds(61, 10**6)
    True
    """
    return CERTIFY_FACTOR * strip_seconds(rows, cols, threads)


def certificate_memory(rows: int, period_multiple: int | None = None) -> int:
    """Bytes the certificate of rows 0..rows-1 needs in the first pass without kept columns:
    its ring (``period_multiple`` + W + a block of columns, 2 bytes a cell), the window
    table and the kernel's bitsets (:func:`strip_periods` checks it before it runs).

    >>> round(certificate_memory(2048, 786432) / 2**30, 1)
    3.2
    """
    chunk = chunk_columns(rows)
    ring = (period_multiple or 0) + window(rows) + chunk
    itemsize = np.dtype(_ring_dtype(rows)).itemsize
    bitsets = 3 * (rows + 2 * 8192) * (_words(rows) + _PAD) * 8
    return int(ring * rows * itemsize + 16 * ALL_KEYS_COLUMNS + bitsets)


def certificate_fits(rows: int) -> str | None:
    """None if the certificate of rows 0..rows-1 (:func:`certificate_memory`: its ring) fits in
    half the available memory, else why not (the registry's one refusal of the strip's
    ``row-periods`` and ``period``).

    >>> certificate_fits(5) is None
    True
    """
    need, room = certificate_memory(rows), available_memory() // 2
    if need <= room:
        return None
    return f"needs about {format_bytes(need)} (its ring), over {format_bytes(room)}"


def certificate_columns(
    game: str, records: dict[int, tuple[int, int, int]], rows: int
) -> tuple[int, int] | None:
    """(columns, joint period) the certificate of rows 0..rows-1 reaches, from the rows' known
    (preperiod, period, saltus) (an atlas's records): the rules' start, the last preperiod,
    one joint period and a window; None where a row's record is missing.

    >>> certificate_columns("wythoff", {0: (0, 1, 1), 1: (0, 3, 3)}, 2)
    (6, 3)
    """
    if any(r not in records for r in range(rows)):
        return None
    joint = math.lcm(*(records[r][1] for r in range(rows)))
    cols = max(records[r][0] for r in range(rows)) + joint + window(rows)
    return cols + start_column(game, rows), joint


def certificate_cost(rows: int, cols: int, joint: int) -> tuple[float, int]:
    """(seconds, bytes) of :func:`strip_periods` of rows 0..rows-1 on the default threads over
    ``cols`` columns, ``joint`` their joint period: the first pass and the columns it keeps.

    >>> seconds, memory = certificate_cost(2, 6, 3)
    >>> seconds > 0, memory == 6 * CERTIFY_COLUMN_BYTES + 2 * 2 * (3 + window(2))
    (True, True)
    """
    seconds = certificate_seconds(rows, cols, default_threads())
    return seconds, cols * CERTIFY_COLUMN_BYTES + 2 * rows * (joint + window(rows))


def rectangle_memory(rows: int, cols: int, itemsize: int = 4) -> int:
    """An upper bound on the bytes :func:`rectangle` needs: the output plus the kernel's
    bitsets and one block (generous: it is checked against the free memory).

    Examples
    --------
    >>> 432 <= rectangle_memory(3000, 5000) // 2**20 < 1024  # more with a longer block
    True
    """
    small = min(rows, cols)
    block = pipeline_block(small)
    return itemsize * rows * cols + 16 * small * _words(small) * 8 + 24 * small * block


def rectangle_cost(rows: int, cols: int) -> tuple[float, int]:
    """(seconds, bytes) of :func:`rectangle`: the strip along the longer side, and its memory.

    >>> rectangle_cost(4, 4000) == rectangle_cost(4000, 4)
    True
    """
    return strip_seconds(min(rows, cols), max(rows, cols)), rectangle_memory(rows, cols)


def value_cost(x: int, y: int) -> tuple[float, int]:
    """(seconds, bytes) of :func:`value_at`: the strip of rows 0..min(x, y), nothing kept.

    >>> value_cost(3, 7) == value_cost(7, 3)
    True
    """
    row, column = min(x, y), max(x, y)
    return strip_seconds(row + 1, column + 1), rectangle_memory(row + 1, 0)


def row_values_cost(rows: int, length: int, start: int = 0) -> tuple[float, int]:
    """(seconds, bytes) of rows start..rows-1 to ``length`` columns by :func:`row_values` (the
    registry's ``row-values``): the strip of rows 0..rows-1, each row's values and block.

    >>> row_values_cost(5, 40, start=4)[1] == 8 * 40 + 4 * 5 * BLOCK
    True
    """
    return strip_seconds(rows, length), 8 * length * (rows - start) + 4 * rows * BLOCK
