"""The strip: rows 0..X of Wythoff, F-Wythoff and R-Wythoff, column by column.

One kernel computes ``G(k, y)`` for ``0 <= k <= X`` and ``y = 0, 1, 2, ...``
in column order, with memory ``O(X * window)``: the whole past of the strip
is summarised by a few bitsets (docs/strip.md has the proofs).

* ``rowbits[k]``: the values of row k that are >= ``mex[k]``, the least
  value not yet in row k, as a circular bitset of ``B >= 3X + 2`` bits
  (bit ``v mod B``). Every ``v < y - 2k`` is already in row k before
  column y (the counting argument of docs/strip.md, Landman's 004 Lemma 1;
  checked at every cell), and ``G(k, y') <= y' + k``, so the values of
  row k that are >= ``mex[k]`` lie in ``[y - 2k, y + k]``: no two collide.
* ``colbits``: the values of rows < k in the current column.
* ``diagbits[d mod (X + 1)]``: the values of diagonal ``d = y - k`` in rows
  < k (values in ``[y - 2k, y]``); a new diagonal enters at row 0 of each
  column and takes the slot of the one that just left. F-Wythoff keeps only
  the cells of the current ratio block (``|d| // min`` constant along a
  diagonal, 001 §1): the slot is cleared when the block changes.

The mex of a cell scans the OR of the (at most three) follower bitsets one
uint64 word at a time from ``mex[k]`` (from 0 where the game has no move
along the row: R-Wythoff below the diagonal); it stops within a word or
two. A value outside the bounds stops the kernel with an error, so a wrong
bound cannot pass silently.

Values leave the kernel normalised, ``D(k, y) = G(k, y) - y`` (in
``[-2X, X]``), into a ring of columns; :func:`strip_blocks` streams them
as blocks of G values, :func:`rectangle` fills a table, and
:func:`strip_periods` certifies the additive periods of every row 0..X at
once with the window certificate (docs/strip.md): the normalised values of
the last ``W = 3X`` columns determine every later column once the rules are
translation invariant, so two equal windows prove the period.

References
----------
Seed ``004`` Lemmas 1, 2 and §3 (Landman); seed ``001`` §1, Lemmas 1, 2,
Theorem 4 and Remark 5 (Jiao: F- and R-Wythoff).
"""

from __future__ import annotations

import functools
import itertools
import math
import os
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field, replace
from typing import Any, TypeVar

import numba
import numpy as np

from fast._bits import ALL_ONES, ONE, lowest_zero_bit
from fast._jit import jit
from fast._memory import available_memory, check_memory, format_bytes, seconds_text
from reference.landman import GAMES, Periodicity, WindowError
from reference.row_bounds import (
    CHECK_FOLLOWERS_PER_SECOND,
    ROW_MOVES_SECONDS,
    check_columns,
    check_reads,
    row_bounds,
    row_moves,
)

__all__ = [
    "BLOCK",
    "GAMES",
    "Certificate",
    "Strip",
    "blank_window",
    "block_certificate",
    "certificate_fits",
    "certificate_memory",
    "certify_window",
    "rectangle",
    "rectangle_cost",
    "rectangle_memory",
    "row_periodicity",
    "row_values",
    "row_values_cost",
    "search_certificate",
    "start_column",
    "state_columns",
    "strip_blocks",
    "strip_periods",
    "strip_seconds",
    "value_cost",
    "value_from_state",
    "window",
]

#: Columns computed per kernel call (a progress tick).
BLOCK = 4096
# --- Measured constants: the cost models read them (certificate_cost, registry/periods.py); the
# --- strip's speed itself is SECONDS_PER_CELL and strip_seconds, below. ---------------------
#: strip_periods per cell over the plain strip (window hashes): 1.6-2.1 at Wythoff rows
#: 0..80 to 0..200 (same session; 3.3-4.3 with a few rows, runs under a second); and its
#: bytes per column besides the normalised values (2 bytes a cell while they fit).
CERTIFY_FACTOR = 2.5
CERTIFY_COLUMN_BYTES = 72
# ------------------------------------------------------------------------------------------
_CODES = {name: code for code, name in enumerate(GAMES)}
#: Status codes of the kernel (-1: fine).
_OK = -1
_NO_HASHES = np.zeros(0, dtype=np.uint64)
_NO_LEVELS = np.zeros((0, 0), dtype=np.uint64)
#: The rolling hash of windows: sum of h[j] * base^j (mod 2^64); base is odd, so invertible.
_BASE = np.uint64(0x100000001B3)
_INV = np.uint64(pow(int(_BASE), -1, 2**64))


F = TypeVar("F", bound=Callable[..., Any])
#: Spare words after each row's bitset: a row then spans an odd number of cache lines, so
#: the rows' words spread over the cache sets (a power-of-two stride put them in a few).
_PAD = 8


def _split(rows: int, threads: int) -> list[int]:
    """The first row of each stage after the first (rows split for about equal time)."""
    if threads == 1:
        return []
    if threads == 2:
        return [int(rows * _FIRST_SHARE)]
    # a cell's cost grows with its row: equal shares of sum(c + k), about k**1.5
    return [int(rows * (j / threads) ** (1 / 1.5)) for j in range(1, threads)]


def _row_coefficients(rows: int) -> np.ndarray:
    """Odd 64-bit multipliers of the column hash, one per row (splitmix64 of the row)."""
    with np.errstate(over="ignore"):
        z = np.arange(1, rows + 1, dtype=np.uint64) * np.uint64(0x9E3779B97F4A7C15)
        z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
        z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
        z ^= z >> np.uint64(31)
    return z | np.uint64(1)


_POOL: list[ThreadPoolExecutor] = []


def _pool(workers: int) -> ThreadPoolExecutor:
    """A shared pool of at least ``workers`` threads (the strip's stages after the first)."""
    if not _POOL or _POOL[0]._max_workers < workers:
        _POOL[:] = [ThreadPoolExecutor(max_workers=workers, thread_name_prefix="strip")]
    return _POOL[0]


def _fresh(shape: tuple[int, int], dtype: Any) -> np.ndarray:
    """An uninitialised array on small pages.

    numpy asks for transparent huge pages on large arrays; for the kept
    columns, filled once piece by piece, the kernel's compaction of huge
    pages costs more than the page faults it saves (measured here: 2.3-2.6 s
    against 5.6-6.0 s for the 2.7 GB of rows 0..300). The switch is numpy's
    private one, left as it was; without it, an ordinary array.
    """
    try:
        from numpy._core import multiarray
    except ImportError:  # pragma: no cover - numpy < 2
        from numpy.core import multiarray  # type: ignore[no-redef]
    get = getattr(multiarray, "_get_madvise_hugepage", None)
    put = getattr(multiarray, "_set_madvise_hugepage", None)
    if get is None or put is None:  # pragma: no cover - another numpy
        return np.empty(shape, dtype=dtype)
    before = get()
    put(False)
    try:
        return np.empty(shape, dtype=dtype)
    finally:
        put(before)


def _check_game(game: str) -> None:
    if game not in _CODES:
        raise ValueError(f"game must be one of {', '.join(GAMES)} (game = {game!r})")


def window(rows: int) -> int:
    """``W``: the columns whose normalised values fix the future of rows 0..rows-1.

    ``3X`` for X = rows - 1 (docs/strip.md): the values of row k that are at
    least ``y - 2k`` sit in the last ``3k`` columns, the diagonal followers
    in the last ``k``. At least 1.

    Examples
    --------
    >>> window(1), window(4), window(161)
    (1, 9, 480)
    """
    return max(1, 3 * (rows - 1))


def start_column(game: str, rows: int) -> int:
    """The first column from which the rules of rows 0..X do not depend on the column.

    Wythoff 0; R-Wythoff X + 1 (the column pile is then the larger: moves
    along the row and slant moves, never across); F-Wythoff ``X**2 + 1``
    (no slant follower once y >= k**2: e // (k - 1) > e // k for
    e = y - k >= k (k - 1), 001 Lemma 2).

    Examples
    --------
    >>> start_column("wythoff", 10), start_column("r-wythoff", 10), start_column("f-wythoff", 10)
    (0, 10, 82)
    """
    x = rows - 1
    if game == "wythoff":
        return 0
    if game == "r-wythoff":
        return x + 1
    return x * x + 1


def _words(rows: int) -> int:
    """uint64 words of a circular bitset: a power of two, at least 3X + 2 + 64 bits."""
    need = (3 * max(rows - 1, 0) + 2 + 64 + 63) // 64
    words = 1
    while words < need:
        words *= 2
    return words


# --------------------------------------------------------------------------- measured speed
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


def running_threads(rows: int, threads: int) -> int:
    """The threads a strip of ``rows`` rows runs on when given ``threads``: at least
    :data:`MIN_ROWS_PER_THREAD` rows each.

    >>> running_threads(61, 2), running_threads(1001, 2)
    (1, 2)
    """
    return max(1, min(threads, rows // MIN_ROWS_PER_THREAD))


def certificate_seconds(rows: int, cols: int, threads: int | None = None) -> float:
    """Estimated seconds of :func:`strip_periods` over ``cols`` columns: the strip and its
    window hashes (:data:`CERTIFY_FACTOR`; measured again 2026-11-26 on an idle machine:
    F-Wythoff rows 0..60, 2·10⁷ columns on one thread in 36.3 s, 2.3× the strip's
    estimate; Wythoff rows 0..200, 1.3·10⁶ columns in 5.37 s, 1.4×).

    >>> certificate_seconds(61, 10**6) == CERTIFY_FACTOR * strip_seconds(61, 10**6)
    True
    """
    return CERTIFY_FACTOR * strip_seconds(rows, cols, threads)


#: Environment variable that sets the strip's default threads (benchmarks time 1 and 2).
THREADS_ENV = "GRUNDY_STRIP_THREADS"


def default_threads() -> int:
    """``$GRUNDY_STRIP_THREADS`` if set, else the cores this process may run on; at least 1.

    >>> default_threads() >= 1
    True
    """
    text = os.environ.get(THREADS_ENV, "")
    if text.strip().isdigit() and int(text) >= 1:
        return int(text)
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - not Linux
        return max(1, os.cpu_count() or 1)


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


#: Cells one kernel call computes at most (a few milliseconds): between calls the kernel
#: is back in Python, so Ctrl-C stops it within a fraction of a second (the CLI's protocol).
STEP_CELLS = 1 << 20
#: Below this many rows a second thread costs more in synchronisation than it saves.
MIN_ROWS_PER_THREAD = 48
#: Rows in the first stage when two threads share the strip, as a fraction of the rows
#: (the scan of a cell grows with its row, so the lower rows are cheaper; adjusted as it
#: runs from the measured time of each stage).
_FIRST_SHARE = 0.62
#: How far each split moves toward the equal-time split after a pipeline (1 = all the way).
REBALANCE = 0.75


def _nogil(func: F) -> F:
    """``numba.njit(cache=True, nogil=True)``: a kernel that threads run side by side."""
    return numba.njit(cache=True, nogil=True)(func)  # type: ignore[return-value]


@jit
def _ratio_block(
    game: int, k: int, y: int, diagbits: np.ndarray, diagkey: np.ndarray, slot: int, words: int
) -> bool:  # pragma: no cover - jit
    """Whether cell (k, y) is a slant target of its diagonal's later cells.

    F-Wythoff (game 1) keeps, in a diagonal's slot, only the cells of the
    current ratio block (``|y - k| // min(k, y)`` constant; 001 §1): the
    slot is cleared when the block changes, and a cell on an axis is no
    target. Every cell is a target in the other games.
    """
    if game != 1:
        return True
    small = min(k, y)
    if small == 0:
        return False
    key = abs(y - k) // small
    if key != diagkey[slot]:
        for w in range(words):
            diagbits[slot, w] = np.uint64(0)
        diagkey[slot] = key
    return True


#: Rows and columns of a tile: a block of rows is computed for TILE_COLUMNS columns before
#: the next block, so the rows' bitset words stay in the core's cache (measured at 2048
#: rows, 20,000 columns, loaded machine: 61 ns a cell without tiles, 41-47 with; the
#: size matters little between 32 and 256).
TILE_ROWS = 128
TILE_COLUMNS = 64


@_nogil
def _stage(
    game: int,
    words: int,
    rowbits: np.ndarray,
    mex: np.ndarray,
    diagbits: np.ndarray,
    diagkey: np.ndarray,
    colbits: np.ndarray,
    k_from: int,
    k_to: int,
    y_from: int,
    y_to: int,
    ring: np.ndarray,
    coef: np.ndarray,
    hashes: np.ndarray,
    h_from: int,
    shift: int,
    shift_from: int,
    last: np.ndarray,
    frozen: int,
    bands: np.ndarray,
    flat: np.ndarray,
    lsums: np.ndarray,
    row_level: np.ndarray,
    level_edges: np.ndarray,
    level_hashes: np.ndarray,
) -> int:  # pragma: no cover - jit
    """Rows ``k_from <= k < k_to`` of the columns ``y_from <= y < y_to``.

    Every lower row of these columns is computed (by this call's caller or
    an earlier stage); ``ring[y % len(ring), k] = G(k, y) - y``. The
    diagonal of ``(k, y)`` has slot ``(y - k) mod len(diagbits)``, the
    column slot ``y mod len(colbits)``: a stage with ``k_from == 0`` clears
    the column's slot and the slot of the diagonal entering at row 0. If
    ``hashes`` is not empty, ``hashes[y - h_from]`` gets (row 0's stage) or
    is added (later stages) the sum over the rows of ``coef[k] * (D + 2X)``.
    If ``shift`` > 0, ``last[k] = y - shift`` for each column ``y >= shift_from``
    where ``D(k, y) != D(k, y - shift)`` (read from the ring, which must hold
    ``shift`` more columns): the last violation of the period ``shift``.
    Rows ``k < frozen`` are read from their proved period (no scan; their
    bits still enter the column and the diagonals, and their own row bitsets
    are no longer kept): band ``i`` (``bands[i] = (k_lo, k_hi, P, f, at, ls,
    lv0, n)``, consecutive, every column here ``>= f``) holds rows
    ``k_lo <= k < k_hi``, ``D(k, y) = flat[at + t * (k_hi - k_lo) + k - k_lo]``
    with ``t = (y - f) mod P``, and ``lsums[ls + t * n + lv - lv0]`` is the
    hash sum of its rows of level ``lv`` (its n levels from ``lv0``). If
    ``level_hashes`` is not empty,
    ``level_hashes[i, y - h_from]`` is added the same sum over the rows with
    ``row_level[k] == i`` (rows ``level_edges[i] <= k < level_edges[i + 1]``;
    unmixed; the caller zeroes it).
    Returns -1, or the first column where a bound fails.
    """
    size = ring.shape[0]
    nd = diagbits.shape[0]
    nc = colbits.shape[0]
    hashing = len(hashes) > 0
    leveling = hashing and level_hashes.shape[0] > 0
    offset = 2 * len(mex)
    mask = words - 1
    bits = words * 64
    # tiles: TILE_ROWS rows for TILE_COLUMNS columns, then the next rows (cache reuse)
    for tile in range(y_from, y_to, TILE_COLUMNS):
        for r in range(k_from, k_to, TILE_ROWS):
            r_to = min(k_to, r + TILE_ROWS)
            for y in range(tile, min(y_to, tile + TILE_COLUMNS)):
                c = y % nc
                slot = (y - r) % nd
                if r == 0:
                    for w in range(words):
                        colbits[c, w] = np.uint64(0)
                        diagbits[slot, w] = np.uint64(0)
                    diagkey[slot] = -1
                out = y % size
                h = np.uint64(0)
                tracking = shift > 0 and y >= shift_from
                back = (y - shift) % size
                hl = np.uint64(0)  # the sum of the current level's rows (leveling)
                k_free = r
                if frozen > r:
                    # the rows a window certificate of their own proved periodic: copied, a
                    # band at a time (the hash of each level's rows in it precomputed)
                    k_free = min(r_to, frozen)
                    bi = 0
                    while bands[bi, 1] <= r:
                        bi += 1
                    k0 = r
                    while k0 < k_free:
                        k_lo = bands[bi, 0]
                        width = bands[bi, 1] - k_lo
                        t = (y - bands[bi, 3]) % bands[bi, 2]
                        base = bands[bi, 4] + t * width - k_lo
                        k1 = min(bands[bi, 1], k_free)
                        if hashing:
                            sums = bands[bi, 5] + t * bands[bi, 7] - bands[bi, 6]
                            a = k0
                            while a < k1:  # the band's rows of one level at a time
                                lv = row_level[a]
                                p_lo = max(level_edges[lv], k_lo)
                                p_hi = min(level_edges[lv + 1], bands[bi, 1])
                                e = min(k1, p_hi)
                                if a == p_lo and e == p_hi:
                                    part = lsums[sums + lv]
                                else:  # a stage or tile boundary cuts the level
                                    part = np.uint64(0)
                                    for kk in range(a, e):
                                        dd = np.int64(flat[base + kk]) + offset
                                        part += coef[kk] * np.uint64(dd)
                                h += part
                                if leveling:
                                    level_hashes[lv, y - h_from] += part
                                a = e
                        for k in range(k0, k1):
                            if game == 0:
                                target = True
                            else:
                                target = _ratio_block(game, k, y, diagbits, diagkey, slot, words)
                            d = np.int64(flat[base + k])
                            v = d + y
                            ring[out, k] = d
                            if tracking and ring[back, k] != d:
                                last[k] = y - shift
                            vi = (v >> 6) & mask
                            bit = ONE << np.uint64(v & 63)
                            colbits[c, vi] |= bit
                            if target:
                                diagbits[slot, vi] |= bit
                            slot = slot - 1 if slot > 0 else nd - 1
                        k0 = k1
                        bi += 1
                for k in range(k_free, r_to):
                    # the followers' bitsets enter the scan through masks (no branch in it);
                    # Wythoff's rules give every cell all three, which the compiler then folds
                    if game == 0:
                        rmask = ALL_ONES
                        cmask = ALL_ONES
                        dmask = ALL_ONES if (k > 0 and y > 0) else np.uint64(0)
                        target = True
                        start = mex[k]
                        if start < y - 2 * k:
                            return y  # a value below y - 2k missing from row k
                    else:
                        use_row = True
                        use_col = True
                        use_diag = k > 0 and y > 0
                        if game == 2:  # r-wythoff: the larger pile alone (either if equal)
                            use_row = y >= k
                            use_col = k >= y
                        # the cell is a slant target of later cells of its diagonal
                        target = _ratio_block(game, k, y, diagbits, diagkey, slot, words)
                        if game == 1 and min(k, y) <= 1:
                            use_diag = False  # f-wythoff: j <= s - 1 = 0
                        rmask = ALL_ONES if use_row else np.uint64(0)
                        cmask = ALL_ONES if use_col else np.uint64(0)
                        dmask = ALL_ONES if use_diag else np.uint64(0)
                        if use_row:
                            start = mex[k]
                            if start < y - 2 * k:
                                return y
                        else:
                            start = 0
                    w = start >> 6
                    # the mex word's bits below the mex are stale (cleared lazily): set
                    word = (ONE << np.uint64(start & 63)) - ONE
                    rrow = rowbits[k]
                    crow = colbits[c]
                    drow = diagbits[slot]
                    while True:
                        i = np.uint64(w & mask)  # unsigned: no negative-index fix-up
                        word |= (rrow[i] & rmask) | (crow[i] & cmask) | (drow[i] & dmask)
                        if word != ALL_ONES:
                            break
                        word = np.uint64(0)
                        w += 1
                    v = (w << 6) + lowest_zero_bit(word)
                    if v > y + k or v - start >= bits:
                        return y
                    ring[out, k] = v - y
                    if tracking and ring[back, k] != v - y:
                        last[k] = y - shift
                    if hashing:
                        term = coef[k] * np.uint64(v - y + offset)
                        h += term
                        if leveling:
                            hl += term
                            if k + 1 == r_to or row_level[k + 1] != row_level[k]:
                                level_hashes[row_level[k], y - h_from] += hl
                                hl = np.uint64(0)
                    vi = (v >> 6) & mask
                    bit = ONE << np.uint64(v & 63)
                    if v == mex[k]:
                        # the row's mex moves past v and every value already there, a word at a
                        # time; words left behind are cleared whole (their values are below the mex)
                        m = v + 1
                        while True:
                            i = (m >> 6) & mask
                            here = rowbits[k, i] | ((ONE << np.uint64(m & 63)) - ONE)
                            if here != ALL_ONES:
                                m = (m & ~63) + lowest_zero_bit(here)
                                break
                            rowbits[k, i] = np.uint64(0)
                            m = (m & ~63) + 64
                        if (m >> 6) != (v >> 6):
                            rowbits[k, vi] = np.uint64(0)
                        mex[k] = m
                    else:
                        rowbits[k, vi] |= bit
                    colbits[c, vi] |= bit
                    if target:
                        diagbits[slot, vi] |= bit
                    slot = slot - 1 if slot > 0 else nd - 1
                if hashing:
                    if r == 0:
                        hashes[y - h_from] = h
                    else:
                        hashes[y - h_from] += h
    return _OK


class Strip:
    """The kernel's state for rows 0..rows-1 and the ring its columns go to.

    ``advance(y_to)`` computes the columns up to ``y_to`` (exclusive);
    ``ring[y % len(ring)]`` then holds ``D(., y) = G(., y) - y`` for the
    last ``len(ring)`` columns. With ``threads`` > 1 the rows are split
    into consecutive blocks, one per thread, and the blocks run as a
    pipeline over blocks of columns (a wavefront: block j works on the
    columns block j - 1 finished in the previous step; every follower of a
    cell lies in its row, a lower row of its column or a lower row of its
    diagonal, so each step's cells depend only on earlier steps). The values
    do not depend on the threads or on the split.

    ``track(shift, from_column)`` makes the kernel record, per row, the last
    column y with ``D(k, y) != D(k, y + shift)`` (``last``; -1 if none) for
    the columns computed from then on (the ring must hold ``shift`` more
    columns than a block).

    Examples
    --------
    >>> s = Strip("wythoff", 4, 8)
    >>> s.advance(8)
    >>> (s.ring[:8].T + np.arange(8)).tolist()[3]
    [3, 4, 5, 6, 2, 0, 1, 9]
    """

    def __init__(self, game: str, rows: int, ring_columns: int, threads: int | None = None) -> None:
        _check_game(game)
        if threads is None:
            threads = default_threads()
        if isinstance(threads, bool) or not isinstance(threads, int) or threads < 1:
            raise ValueError(f"threads must be an int >= 1 (threads = {threads!r})")
        self.game = game
        self.code = _CODES[game]
        self.rows = rows
        self.threads = running_threads(rows, threads)
        self.words = _words(rows)
        stride = self.words + _PAD  # an odd number of cache lines: rows spread over the sets
        self.rowbits = np.zeros((rows, stride), dtype=np.uint64)
        self.mex = np.zeros(rows, dtype=np.int64)
        #: columns a pipeline step covers: about STEP_CELLS cells per stage
        self.step = max(
            64, min(8192, STEP_CELLS // max(1, rows // self.threads))
        )  # see pipeline_block
        lag = self.threads * self.step
        self.diagbits = np.zeros((rows + lag + 1, stride), dtype=np.uint64)
        self.diagkey = np.full(rows + lag + 1, -1, dtype=np.int64)
        self.colbits = np.zeros((lag + 1, stride), dtype=np.uint64)
        self.ring = np.zeros((max(1, ring_columns), rows), dtype=_ring_dtype(rows))
        self.coef = _row_coefficients(rows)
        self.y = 0
        self.shift = 0
        self.shift_from = 0
        self.last = np.full(rows, -1, dtype=np.int64)
        self.frozen = 0  # rows 0..frozen-1 are copied from their bands' patterns
        #: (first row, end row, period, first column, pattern) of each frozen band of rows
        self.bands: list[tuple[int, int, int, int, np.ndarray]] = []
        #: (k_lo, k_hi, period, first column, at in _flat, at in _lsums, first level,
        #: levels) of each band: the kernel's view of `bands`
        self._band_table = np.zeros((1, 8), dtype=np.int64)
        self._flat = np.zeros(1, dtype=self.ring.dtype)
        self._lsums = np.zeros(1, dtype=np.uint64)
        self.row_level = np.zeros(rows + 1, dtype=np.int64)
        self.level_edges = np.array([0, rows], dtype=np.int64)
        self.level_mixed: np.ndarray | None = None  # the levels whose hashes are wanted
        self._levels = _NO_LEVELS
        self.split = [0, *(_split(rows, self.threads)), rows]
        self._seconds = np.zeros(self.threads)
        self._broken = False

    def track(self, shift: int, from_column: int, last: np.ndarray | None = None) -> None:
        """Record the violations of the period ``shift`` at columns >= ``from_column``."""
        if shift + BLOCK > self.ring.shape[0]:
            raise ValueError(f"the ring must hold shift + {BLOCK} columns (shift = {shift})")
        self.shift, self.shift_from = shift, from_column
        if last is not None:
            self.last = np.array(last, dtype=np.int64)

    def freeze(self, rows: int, pattern: np.ndarray) -> None:
        """Copy rows frozen..rows-1 from their proved period from now on, not scanning them.

        ``pattern[t] = D(frozen..rows-1, self.y - P + t)`` (``P = len(pattern)``)
        must be the last P columns of rows that are P-periodic from column
        ``self.y - P`` on: the caller proves it (:class:`_Levels`: a window
        certificate of rows 0..rows-1, which form a strip of their own). The
        values are then exactly the scan's; their cells cost a copy and two
        bit sets. A strip with frozen rows keeps no row bitsets for them, so
        it is not a checkpoint's state (:meth:`_Search._state` refuses).

        >>> s = Strip("wythoff", 6, 256); s.advance(64)
        >>> t = Strip("wythoff", 6, 256); t.advance(64)
        >>> t.freeze(4, t.column_range(64 - 12, 64)[:, :4])  # rows 0..3: 12-periodic by column 9
        >>> s.advance(128); t.advance(128)
        >>> t.freeze(5, t.column_range(128 - 24, 128)[:, 4:5])  # row 4: 24-periodic
        >>> s.advance(256); t.advance(256)
        >>> bool((s.ring == t.ring).all()), t.frozen
        (True, 5)
        """
        low = self.frozen
        if pattern.ndim != 2 or not low < rows <= self.rows or pattern.shape[1] != rows - low:
            raise ValueError(
                f"pattern must have shape (P, rows - {low}) with {low} < rows <= {self.rows}"
            )
        if not 0 < len(pattern) <= self.y:
            raise ValueError(f"a period of {len(pattern)} columns before column {self.y}")
        period, width = len(pattern), rows - low
        lv0 = int(self.row_level[low])
        levels = int(self.row_level[rows - 1]) - lv0 + 1
        # the kernel's arrays grow by doubling; the bands are views of them
        k_lo, k_hi, last, _, at, ls, _, n = self._band_table[-1].tolist()  # zeros: no band
        at, ls = at + last * (k_hi - k_lo), ls + last * n
        self._flat = _grown(self._flat, at, period * width)
        self._lsums = _grown(self._lsums, ls, period * levels)
        self._flat[at : at + period * width] = np.asarray(pattern).ravel()
        # the hash sum of the band's rows of each level, per column of its period
        sums = self._lsums[ls : ls + period * levels].reshape(period, levels)
        with np.errstate(over="ignore"):
            terms = (np.asarray(pattern, dtype=np.int64) + 2 * self.rows).astype(np.uint64)
            terms *= self.coef[None, low:rows]
            for j in range(levels):
                a = max(int(self.level_edges[lv0 + j]), low) - low
                b = min(int(self.level_edges[lv0 + j + 1]), rows) - low
                sums[:, j] = terms[:, a:b].sum(axis=1, dtype=np.uint64)
        row = [low, rows, period, self.y, at, ls, lv0, levels]
        self._band_table = np.array([*self._band_table[: len(self.bands)].tolist(), row])
        self.bands.append((low, rows, period, self.y, pattern))
        self.frozen = rows
        for i, (k_lo, k_hi, p, first, a, *_) in enumerate(self._band_table.tolist()):
            view = self._flat[a : a + p * (k_hi - k_lo)].reshape(p, k_hi - k_lo)
            self.bands[i] = (k_lo, k_hi, p, first, view)

    def frozen_columns(self, a: int, b: int, k_from: int, k_to: int, out: np.ndarray) -> None:
        """``out[y - a, k - k_from] = D(k, y)`` of the frozen rows k_from <= k < k_to at
        columns a <= y < b, from their bands (every band frozen by column a)."""
        for k_lo, k_hi, period, first, band in self.bands:
            lo, hi = max(k_lo, k_from), min(k_hi, k_to)
            if lo >= hi:
                continue
            t, j = (a - first) % period, 0
            while j < b - a:  # D(k, y) = band[(y - first) mod P, k - k_lo], in runs
                n = min(b - a - j, period - t)
                out[j : j + n, lo - k_from : hi - k_from] = band[t : t + n, lo - k_lo : hi - k_lo]
                j, t = j + n, 0

    def set_levels(self, bounds: list[int]) -> int:
        """Rows grouped into levels ``[0, b0), [b0, b1), ...`` for ``advance(levels=...)``;
        returns the number of levels."""
        edges = [0, *bounds, self.rows]
        if self.bands:
            raise ValueError("set the levels before freezing rows")
        if any(b <= a for a, b in itertools.pairwise(edges)):
            raise ValueError(f"level bounds must increase within 1..{self.rows - 1}")
        for i, (a, b) in enumerate(itertools.pairwise(edges)):
            self.row_level[a:b] = i
        self.row_level[self.rows] = len(edges) - 1
        self.level_edges = np.array(edges, dtype=np.int64)
        return len(edges) - 1

    def advance(
        self,
        y_to: int,
        hashes: np.ndarray | None = None,
        out: np.ndarray | None = None,
        levels: np.ndarray | None = None,
    ) -> None:
        """Compute the columns self.y <= y < y_to into the ring.

        ``hashes[y - self.y]`` (if given) gets a 64-bit hash of column y's
        normalised values (:func:`column_hashes` of the ring's columns);
        ``out[y - self.y]`` (if given) gets the column, copied from the ring
        as soon as it is complete (the ring then needs to hold only a few
        steps: the kernel writes into memory the cache holds, and the columns
        go on in one copy). ``levels[i, y - self.y]`` (with ``hashes``; shape
        (levels, columns), see :meth:`set_levels`) gets the hash of column y
        over the rows 0..b_i - 1 (:func:`mix_levels`). The kernel returns to
        Python after every block of about :data:`STEP_CELLS` cells per thread
        (Ctrl-C stops it there; the strip is then unusable).
        """
        if self._broken:
            raise RuntimeError("this strip was interrupted mid-step; start a new one")
        if y_to <= self.y:
            return
        h = _NO_HASHES if hashes is None else hashes
        self._levels = _NO_LEVELS if levels is None or hashes is None else levels
        self._levels[:, : y_to - self.y] = 0
        self._broken = True  # until every column is complete
        n = self.threads if y_to - self.y >= 4 * self.step else 1
        with np.errstate(over="ignore"):  # uint64 wraps (NUMBA_DISABLE_JIT: numpy scalars)
            if n == 1:
                cols = max(1, min(STEP_CELLS // self.rows, self.ring.shape[0]))
                for a in range(self.y, y_to, cols):
                    b = min(y_to, a + cols)
                    self._run(0, self.rows, a, b, h, self.y)
                    if out is not None:
                        self._copy(out, a, b, self.y)
            else:
                self._pipeline(n, y_to, h, out)
            if hashes is not None:
                _mix(hashes[: y_to - self.y])
            if len(self._levels):
                mix_levels(self._levels[:, : y_to - self.y], self.level_mixed)
        self._broken = False
        self.y = y_to

    def _run(self, k_from: int, k_to: int, a: int, b: int, hashes: np.ndarray, h_from: int) -> None:
        bad = _stage(
            self.code, self.words, self.rowbits, self.mex, self.diagbits, self.diagkey,
            self.colbits, k_from, k_to, a, b, self.ring, self.coef, hashes, h_from,
            self.shift, self.shift_from, self.last, self.frozen, self._band_table,
            self._flat, self._lsums, self.row_level, self.level_edges, self._levels,
        )  # fmt: skip
        if bad != _OK:  # pragma: no cover - a proven bound (docs/strip.md)
            raise WindowError(
                f"{self.game}: a value outside [y - 2k, y + k] at column {bad} of rows "
                f"0..{self.rows - 1}: the bound the strip relies on fails"
            )

    def _copy(self, out: np.ndarray, a: int, b: int, y_from: int) -> None:
        """``out[y - y_from] = D(., y)`` for a <= y < b, from the ring (the top
        ``out.shape[1]`` rows: a caller may leave out the frozen rows)."""
        size = self.ring.shape[0]
        k = self.rows - out.shape[1]
        i, j = a % size, b % size or size
        if i < j:
            out[a - y_from : b - y_from] = self.ring[i:j, k:]
        else:  # the columns wrap around the ring's end
            out[a - y_from : a - y_from + size - i] = self.ring[i:, k:]
            out[a - y_from + size - i : b - y_from] = self.ring[:j, k:]

    def _pipeline(
        self, n: int, y_to: int, hashes: np.ndarray, out: np.ndarray | None = None
    ) -> None:
        """Stage j (rows split[j]..split[j+1]) does column block t - j at step t."""
        pool = _pool(n - 1)
        y_from, step = self.y, self.step
        blocks = [(a, min(y_to, a + step)) for a in range(y_from, y_to, step)]
        split = self.split
        seconds = np.zeros(n)

        def work(j: int, block: int, copy: int) -> float:
            began = time.perf_counter()
            a, b = blocks[block]
            with np.errstate(over="ignore"):
                self._run(split[j], split[j + 1], a, b, hashes, y_from)
            if copy >= 0 and out is not None:
                self._copy(out, *blocks[copy], y_from)
            return time.perf_counter() - began

        for t in range(len(blocks) + n - 1):
            jobs = [j for j in range(n) if 0 <= t - j < len(blocks)]
            # the block the last stage finished in the step before is copied out by the
            # first job of this one (counted in its time, so the split makes room for it;
            # the ring holds threads + 2 steps: no stage writes it meanwhile)
            copy = t - n
            futures = [pool.submit(work, j, t - j, -1) for j in jobs[1:]]
            seconds[jobs[0]] += work(jobs[0], t - jobs[0], copy)
            for j, future in zip(jobs[1:], futures, strict=True):
                seconds[j] += future.result()
        if out is not None:  # the last block
            self._copy(out, *blocks[-1], y_from)
        self._rebalance(seconds)

    def _rebalance(self, seconds: np.ndarray) -> None:
        """Move the splits toward equal time per stage (the values do not depend on them):
        each stage's time in the last pipeline (measured with the current splits) spread
        evenly over its rows, the splits put where the time so spread is shared equally
        (a block of rows frozen changes it at once)."""
        self._seconds = seconds
        total = float(self._seconds.sum())
        if total <= 0:
            return
        edges = np.array(self.split, dtype=np.float64)
        cost = np.concatenate([[0.0], np.cumsum(self._seconds)])  # at each split
        want = np.interp(np.arange(1, self.threads) * total / self.threads, cost, edges)
        for j in range(1, self.threads):
            target = REBALANCE * want[j - 1] + (1 - REBALANCE) * self.split[j]
            low, high = self.split[j - 1] + 1, self.split[j + 1] - 1
            self.split[j] = int(min(max(round(target), low), high))

    def column_range(self, y_from: int, y_to: int) -> np.ndarray:
        """D(., y) for y_from <= y < y_to, shape (y_to - y_from, rows); must be in the ring."""
        size = self.ring.shape[0]
        if y_from < self.y - size or y_to > self.y or y_from < 0:
            raise ValueError(f"columns {y_from}..{y_to} are not in the ring")
        index = np.arange(y_from, y_to) % size
        out: np.ndarray = self.ring[index]
        return out

    def top_row(self, y_from: int, y_to: int) -> np.ndarray:
        """D(rows - 1, y) for y_from <= y < y_to (in the ring)."""
        size = self.ring.shape[0]
        if y_from < self.y - size or y_to > self.y or y_from < 0:
            raise ValueError(f"columns {y_from}..{y_to} are not in the ring")
        out: np.ndarray = self.ring[np.arange(y_from, y_to) % size, self.rows - 1]
        return out

    def state(self) -> np.ndarray:
        """The normalised window before column ``self.y``: D(., y), y in [y - W, y) (or from 0).

        By docs/strip.md ("The window certificate") it determines every later
        column; :meth:`restore` rebuilds the kernel's state from it.
        """
        return self.column_range(max(0, self.y - window(self.rows)), self.y)

    @classmethod
    def restore(
        cls,
        game: str,
        rows: int,
        y: int,
        columns: np.ndarray,
        ring_columns: int,
        threads: int | None = None,
    ) -> Strip:
        """The strip before column ``y`` from its normalised window ``columns``.

        ``columns[j] = D(., y - len(columns) + j)``: the last ``W`` columns
        (or all of them when ``y < W``). Row k's mex is the least value
        ``>= max(0, y - 2k)`` missing from the window's row k (every smaller
        value is in the row: (B2), checked by the kernel at each cell), its
        bitset the window's values above it (all of them lie in the last 3k
        columns by (B1)); each diagonal's bitset is replayed from its cells
        in the window (the last X columns). The ring gets the window.
        """
        strip = cls(game, rows, ring_columns, threads)
        w = min(y, window(rows))
        if columns.shape != (w, rows):
            raise ValueError(
                f"a window before column {y} has shape ({w}, {rows}), not {columns.shape}"
            )
        values = columns.astype(np.int64) + np.arange(y - w, y, dtype=np.int64)[:, None]
        bad = _restore(
            strip.code, strip.words, strip.rowbits, strip.mex, strip.diagbits, strip.diagkey,
            values, y,
        )  # fmt: skip
        if bad >= 0:
            raise ValueError(
                f"the window before column {y} is not a state of the strip (row {bad})"
            )
        size = strip.ring.shape[0]
        for j in range(w):
            strip.ring[(y - w + j) % size] = columns[j]
        strip.y = y
        return strip


def _grown(buffer: np.ndarray, used: int, extra: int) -> np.ndarray:
    """``buffer`` if it holds ``used + extra`` items, else a copy of its first ``used`` in
    one at least twice as large (appending n items costs O(n) copies in all)."""
    if used + extra <= len(buffer):
        return buffer
    grown = np.empty(max(used + extra, 2 * len(buffer)), dtype=buffer.dtype)
    grown[:used] = buffer[:used]
    return grown


def _ring_dtype(rows: int) -> Any:
    """int16 holds D in [-2X, X] up to 10,000 rows."""
    return np.int16 if rows <= 10_000 else np.int32


@jit
def _restore(
    game: int,
    words: int,
    rowbits: np.ndarray,
    mex: np.ndarray,
    diagbits: np.ndarray,
    diagkey: np.ndarray,
    values: np.ndarray,
    y: int,
) -> int:  # pragma: no cover - jit
    """The kernel's bitsets before column y from G over the window (see Strip.restore)."""
    w, rows = values.shape
    nd = diagbits.shape[0]
    mask = words - 1
    y_first = y - w
    for k in range(rows):
        # every value below y - 2k is in row k before column y ((B2): checked by the kernel at
        # each cell and before every checkpoint), so only the values at or above it matter
        low = max(0, y - 2 * k)
        span = 3 * k + 2  # they lie in [low, y + k] (B1)
        seen = np.zeros(span, dtype=np.bool_)
        for j in range(w):
            v = values[j, k]
            if v >= low:
                if v - low >= span:
                    return k
                seen[v - low] = True
        m = 0
        while m < span and seen[m]:
            m += 1
        mex[k] = low + m
        for i in range(m + 1, span):
            if seen[i]:
                v = low + i
                rowbits[k, (v >> 6) & mask] |= ONE << np.uint64(v & 63)
    # the diagonals d = y - k, k = 1..X: cells (j, d + j), j < k, in order of j
    for k in range(1, rows):
        d = y - k
        slot = d % nd
        for j in range(k):
            col = d + j
            if col < 0:
                continue
            if col < y_first:
                continue  # before the window (only when y < W: none)
            if _ratio_block(game, j, col, diagbits, diagkey, slot, words):
                v = values[col - y_first, j]
                diagbits[slot, (v >> 6) & mask] |= ONE << np.uint64(v & 63)
    return -1


@jit
def _mix(hashes: np.ndarray) -> None:  # pragma: no cover - jit
    """Finish each column hash (the kernel's sum over the rows): xor-shift and multiply."""
    for i in range(len(hashes)):
        h = hashes[i]
        h ^= h >> np.uint64(29)
        h *= np.uint64(0xBF58476D1CE4E5B9)
        h ^= h >> np.uint64(32)
        hashes[i] = h


def mix_levels(levels: np.ndarray, wanted: np.ndarray | None = None) -> None:
    """The kernel's per-level sums into the hashes of rows 0..b_i - 1: summed over the
    levels below (mod 2**64) and mixed like a column's hash (:func:`column_hashes` of the
    lower rows, with the whole strip's row coefficients and offset); only the levels
    ``wanted`` (default all) are mixed, the others left as sums."""
    with np.errstate(over="ignore"):
        for i in range(1, levels.shape[0]):
            levels[i] += levels[i - 1]
    for i in range(levels.shape[0]):
        if wanted is None or wanted[i]:
            row = levels[i]
            _mix(row)


def column_hashes(columns: np.ndarray) -> np.ndarray:
    """The kernel's 64-bit hash of each normalised column ``columns[j] = D(., y)``.

    Examples
    --------
    >>> s = Strip("wythoff", 5, 64); h = np.zeros(64, dtype=np.uint64); s.advance(64, h)
    >>> bool((column_hashes(s.column_range(0, 64)) == h).all())
    True
    """
    rows = columns.shape[1]
    coef = _row_coefficients(rows)
    with np.errstate(over="ignore"):
        d = columns.astype(np.int64) + 2 * rows
        h: np.ndarray = (d.astype(np.uint64) * coef).sum(axis=1, dtype=np.uint64)
        _mix(h)
    return h


def state_columns(rows: int) -> np.ndarray:
    """How many of the window's last columns each row must keep to restore the strip.

    Row j: ``max(3j, X - j)`` (X = rows - 1, at least 1): its values at or
    above ``y - 2j`` lie in its last 3j columns (B1), and the diagonal cells
    a higher row k reads from it are ``k - j <= X - j`` columns back. The
    rest of the window never enters :meth:`Strip.restore` (see
    :func:`blank_window`).

    >>> state_columns(4).tolist()
    [3, 3, 6, 9]
    """
    j = np.arange(rows)
    return np.maximum(np.maximum(3 * j, rows - 1 - j), 1)


def blank_window(columns: np.ndarray) -> np.ndarray:
    """The window with every entry a restore never reads set to 0 (it compresses to nothing).

    :meth:`Strip.restore` of the blanked window equals the restore of the
    full one: a blank entry of row k reads as ``G = y'`` at a column
    ``y' < y - 3k``, below the row's ``y - 2k`` (ignored), and no diagonal
    reaches it (:func:`state_columns`).

    >>> s = Strip("wythoff", 6, 256); s.advance(64)
    >>> b = blank_window(s.state())
    >>> changed = int((b != s.state()).sum())
    >>> t = Strip.restore("wythoff", 6, 64, b, 256); t.advance(200); s.advance(200)
    >>> bool((t.column_range(64, 200) == s.column_range(64, 200)).all()), changed
    (True, 29)
    """
    w, rows = columns.shape
    keep = state_columns(rows)
    out = np.array(columns, copy=True)
    age = w - np.arange(w)  # column j of the window is w - j columns back
    out[age[:, None] > keep[None, :]] = 0
    return out


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
) -> int:
    """G(row, y) from the strip's state before ``column``, for a row periodic there.

    ``columns`` is the normalised window before ``column`` of rows 0..X
    (X >= ``row``; blanked or not), and row ``row`` must satisfy
    ``G(row, y' + period) = G(row, y') + period`` for every ``y' >= column``
    (its preperiod at most ``column``; saltus = period, docs/strip.md). Then
    ``y`` (any ``y >= column``, as a Python int: 10**18 and beyond) is reduced
    to ``y' = column + (y - column) mod period`` and the strip of rows
    0..row runs from the state to ``y'``: at most ``period`` columns.

    Examples
    --------
    >>> s = Strip("wythoff", 6, 512); s.advance(512)
    >>> value_from_state("wythoff", s.state(), 512, 5, 10**18, 24)
    1000000000000000002
    >>> y = 512 + (10**18 - 512) % 24  # the same column of the period, from column 0
    >>> int(rectangle("wythoff", 6, y + 1)[5, y]) + 10**18 - y
    1000000000000000002
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
    strip = Strip.restore(game, row + 1, column, columns[w - sub :, : row + 1], BLOCK, threads)
    while strip.y <= target:
        strip.advance(min(target + 1, strip.y + max(BLOCK, 16 * strip.step)))
        if progress is not None:
            progress(strip.y - column, target + 1 - column)
    return int(strip.ring[target % BLOCK, row]) + target + turns * period


def pipeline_block(rows: int, threads: int | None = None) -> int:
    """Columns to hand :meth:`Strip.advance` at a time so that its threads have a pipeline
    of about 16 steps to share (BLOCK on one thread).

    >>> pipeline_block(10, 1), pipeline_block(3001, 2) >= 16 * 699
    (4096, True)
    """
    threads = default_threads() if threads is None else threads
    n = running_threads(rows, threads)
    if n == 1:
        return BLOCK
    step = max(64, min(8192, STEP_CELLS // max(1, rows // n)))
    return max(BLOCK, 16 * step)


def _check_rows_cols(rows: int, cols: int) -> None:
    for name, v in (("rows", rows), ("cols", cols)):
        if isinstance(v, bool) or not isinstance(v, (int, np.integer)) or v < 0:
            raise ValueError(f"{name} must be an int >= 0 ({name} = {v!r})")


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
    from fast._jit import smallest_unsigned

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
        _fill(view, strip.ring, y0, y1)
        if progress is not None:
            progress(y1, large)
    return out


@jit
def _fill(view: np.ndarray, ring: np.ndarray, y0: int, y1: int) -> None:  # pragma: no cover
    """``view[k, y] = ring[y - y0, k] + y`` for y0 <= y < y1 (G from the normalised ring)."""
    for j in range(y1 - y0):
        for k in range(view.shape[0]):
            view[k, y0 + j] = ring[j, k] + y0 + j


def value_cost(x: int, y: int) -> tuple[float, int]:
    """(seconds, bytes) of :func:`value_at`: the strip of rows 0..min(x, y), nothing kept.

    >>> value_cost(3, 7) == value_cost(7, 3)
    True
    """
    row, column = min(x, y), max(x, y)
    return strip_seconds(row + 1, column + 1), rectangle_memory(row + 1, 0)


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


def row_values_cost(rows: int, length: int, start: int = 0) -> tuple[float, int]:
    """(seconds, bytes) of rows start..rows-1 to ``length`` columns by :func:`row_values` (the
    registry's ``row-values``): the strip of rows 0..rows-1, each row's values and block.

    >>> row_values_cost(5, 40, start=4)[1] == 8 * 40 + 4 * 5 * BLOCK
    True
    """
    return strip_seconds(rows, length), 8 * length * (rows - start) + 4 * rows * BLOCK


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


# --------------------------------------------------------------------------- certificate


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


#: Every window key is kept in the search table up to this column; past it only the
#: distinguished ones (low DP_BITS bits zero), so the table stays small on long runs.
ALL_KEYS_COLUMNS = 1 << 20
#: A key is distinguished when its low bits are zero: one in 2**DP_BITS (the first repeat
#: is then found within a few thousand columns of the true one, and reported exactly).
DP_BITS = 10


def chunk_columns(rows: int) -> int:
    """Columns the certificate computes between two looks at its keys (a power of two).

    About 2**26 cells (a pipeline of a few dozen steps), 4096 to 2**20 columns.

    >>> chunk_columns(301), chunk_columns(2048)
    (262144, 32768)
    """
    target = (1 << 26) // max(1, rows)
    c = BLOCK
    while c < target and c < (1 << 20):
        c *= 2
    return c


@dataclass
class SearchState:
    """What a checkpoint of :func:`strip_periods` holds (docs/strip.md, "Checkpoints").

    ``window`` is the normalised window before ``column`` (the state of the
    strip, by the window certificate's argument); ``back`` the one before
    ``column - shift`` when a period ``shift`` is tracked (``last[k]``: the
    last column y < column - shift with ``D(k, y) != D(k, y + shift)``, -1
    if none). ``phase`` is ``"search"`` (the first pass: window keys in
    ``keys``/``cols``) or ``"second"`` (the recount of the violations of the
    period found, ``found = (c1, period)``: the windows before c1 and
    c1 + period hash alike).
    """

    game: str
    rows: int
    phase: str
    column: int
    window: np.ndarray
    shift: int = 0
    back: np.ndarray | None = None
    last: np.ndarray | None = None
    keys: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=np.uint64))
    cols: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=np.int64))
    found: tuple[int, int] | None = None


class Checkpoints:
    """Where :func:`strip_periods` saves its state and finds it again (the interface).

    ``load()`` returns the last good :class:`SearchState` or None; ``due()``
    says whether to save now; ``save(state)`` saves one (atomically);
    ``finish(certificate)`` records the result. ``fast.strip_checkpoint``
    implements it on a directory.
    """

    def load(self) -> SearchState | None:  # pragma: no cover - interface
        raise NotImplementedError

    def due(self) -> bool:  # pragma: no cover - interface
        raise NotImplementedError

    def save(self, state: SearchState) -> object:  # pragma: no cover - interface
        raise NotImplementedError

    def finish(self, certificate: Certificate, state: SearchState) -> None:  # pragma: no cover
        raise NotImplementedError


def strip_periods(
    game: str,
    rows: int,
    *,
    max_columns: int | None = None,
    keep_bytes: int | None = None,
    progress: Callable[[int], None] | None = None,
    threads: int | None = None,
    period_multiple: int | None = None,
    checkpoints: Checkpoints | None = None,
    keep_top: bool = True,
) -> Certificate:
    """Certified minimal (preperiod, period, saltus) of every row 0..rows-1.

    The strip is computed column by column (on ``threads`` threads, default
    all cores: :class:`Strip`); each column's normalised vector gets a 64-bit
    hash and each window of ``W`` columns a rolling hash. Every window's
    key is looked up in a table of earlier keys (all of them up to column
    :data:`ALL_KEYS_COLUMNS`, then the distinguished ones: one in
    ``2**DP_BITS``); the first hit ``(c1, c1 + P)`` proposes the joint
    period ``P`` (the first hit inside the cycle is exactly one minimal
    period apart). The two windows are then compared **exactly**
    (:func:`certify_window`; a hash collision is passed over, or reported);
    that proves ``P``. Row k's preperiod is 1 + the last column with
    ``D(k, y) != D(k, y + P)`` and its minimal period the least divisor q
    of P with ``D(k, y + q) = D(k, y)`` on one P-window after it; the
    certificate's ``y0`` is the first column whose window recurs,
    ``max(W, start, max_k preperiod_k + W)``.

    The violations come from one of three places:

    * the columns kept (2 bytes a cell) while they fit in ``keep_bytes``
      (default: a quarter of the free memory; never with ``checkpoints``);
    * the first pass itself, when ``period_multiple`` Q is given and P
      divides it: the kernel compares each column with the one Q before
      (a ring of Q + W columns) and the preperiod of a row is the same for
      every multiple of its period;
    * otherwise a second pass over ``[0, c1 + P)`` with a ring of P + W
      columns (about twice the time).

    ``checkpoints`` (a :class:`Checkpoints`) saves the state every so often
    and resumes from it: the result equals an uninterrupted run's.
    ``keep_top`` keeps the top row's values (for :meth:`Certificate.row_head`;
    2 bytes a column). Memory is checked before it is spent (MemoryError,
    with the estimate). ``max_columns`` stops the search earlier
    (RuntimeError). ``progress(column)`` is called after each block.

    Examples
    --------
    >>> c = strip_periods("wythoff", 6)
    >>> c.periodicities[3], c.periodicities[5]
    (Periodicity(preperiod=8, period=6, saltus=6), Periodicity(preperiod=27, period=24, saltus=24))
    """
    if isinstance(rows, bool) or not isinstance(rows, int) or rows < 1:
        raise ValueError(f"rows must be an int >= 1 (rows = {rows!r})")
    _check_game(game)
    if period_multiple is not None and (
        isinstance(period_multiple, bool) or not isinstance(period_multiple, int)
        or period_multiple < 1
    ):  # fmt: skip
        raise ValueError(
            f"period_multiple must be an int >= 1 (period_multiple = {period_multiple!r})"
        )
    search = _Search(game, rows, threads, keep_bytes, period_multiple, checkpoints, keep_top)
    return search.run(max_columns, progress)


#: The lower strips the search certifies on the way (:class:`_Levels`): about LEVELS of
#: them, at least LEVEL_ROWS rows apart.
LEVELS = 16
LEVEL_ROWS = 16
#: A level's window keys are all kept up to this column, then the distinguished ones.
LEVEL_ALL_KEYS = 1 << 14


class _Levels:
    """Window certificates of the lower rows, found while the search runs.

    Rows 0..b-1 of the strip are a strip of their own (every follower of a
    cell lies in its row or a lower row), so the theorem of docs/strip.md
    ("The window certificate") holds for them with their own window
    ``window(b)`` and start: once two of their windows are equal, **exactly**
    (:func:`certify_window` on the kept columns; a key only proposes), the
    rows 0..b-1 are periodic from the first window's start and the strip
    copies them from their period (:meth:`Strip.freeze`) instead of scanning.
    The values do not change, so neither does anything computed from them;
    the violations of the rows 0..b-1 need not be looked for past that
    start (:meth:`skip`). Each level rolls its own key (the hash of its rows,
    :meth:`Strip.advance` with ``levels``) through its own table.
    """

    def __init__(self, game: str, rows: int, chunk: int) -> None:
        step = max(LEVEL_ROWS, -(-rows // LEVELS))
        self.game = game
        self.bounds = list(range(step, rows, step))
        self.windows = [window(b) for b in self.bounds]
        self.first = [max(window(b), start_column(game, b)) for b in self.bounds]
        self.hist = [np.zeros(w + chunk + 1, dtype=np.uint64) for w in self.windows]
        self.keys = [np.zeros(1 << 12, dtype=np.uint64) for _ in self.bounds]
        self.cols = [np.full(1 << 12, -1, dtype=np.int64) for _ in self.bounds]
        self.fill = [np.zeros(1, dtype=np.int64) for _ in self.bounds]
        self.key = [np.zeros(1, dtype=np.uint64) for _ in self.bounds]
        self.have = [np.zeros(1, dtype=np.bool_) for _ in self.bounds]
        self.active = list(range(len(self.bounds)))
        #: (rows b, first periodic column, period) of each level proved, in order
        self.proved: list[tuple[int, int, int]] = []

    def scan(
        self,
        y: int,
        y1: int,
        hashes: np.ndarray,
        kept: Callable[[int, int, int, int], np.ndarray],
    ) -> tuple[int, int] | None:
        """Roll the active levels' keys over columns [y, y1) (``hashes[i]``: level i's
        column hashes); the highest level proved now, as (rows, period), or None."""
        best = None
        for i in list(self.active):
            b, w, hist = self.bounds[i], self.windows[i], self.hist[i]
            hist[np.arange(y, y1) % len(hist)] = hashes[i, : y1 - y]
            lo = max(self.first[i], y)
            while lo < y1:
                with np.errstate(over="ignore"):
                    hit, earlier = _scan_keys(
                        hist, w, lo, y1, self.keys[i], self.cols[i], self.fill[i],
                        self.key[i], self.have[i], LEVEL_ALL_KEYS, DP_BITS, True,
                    )  # fmt: skip
                if hit < 0:
                    break
                if earlier == -2:  # the table is half full: a larger one, then on from hit
                    self.keys[i], self.cols[i] = _rehash(
                        self.keys[i], self.cols[i], 4 * (self.fill[i][0] + 1)
                    )
                    lo = hit
                    continue
                period = int(hit - earlier)
                windows = (kept(earlier - w, earlier, 0, b), kept(hit - w, hit, 0, b))
                if certify_window(self.game, b, windows, int(earlier), period) is None:
                    self.proved.append((b, int(earlier) - w, period))
                    best = (b, period)
                    break
                lo = hit + 1  # a hash collision: go on after it
        if best is not None:  # the lower levels are frozen with it
            self.active = [i for i in self.active if self.bounds[i] > best[0]]
        return best

    def wanted(self) -> np.ndarray:
        """Which levels' hashes the scan still reads (the last level is the whole strip)."""
        out = np.zeros(len(self.bounds) + 1, dtype=np.bool_)
        out[self.active] = True
        return out

    def skip(self, column: int) -> int:
        """Rows proved periodic at ``column`` (a violation of theirs lies before it)."""
        return max((b for b, start, _ in self.proved if start <= column), default=0)


class _Search:
    """The state of :func:`strip_periods` (first pass, second pass, result)."""

    def __init__(
        self,
        game: str,
        rows: int,
        threads: int | None,
        keep_bytes: int | None,
        period_multiple: int | None,
        checkpoints: Checkpoints | None,
        keep_top: bool,
    ) -> None:
        self.game, self.rows, self.threads = game, rows, threads
        self.w = window(rows)
        self.start = start_column(game, rows)
        self.first_key = max(self.w, self.start)
        self.chunk = chunk_columns(rows)
        self.itemsize = np.dtype(_ring_dtype(rows)).itemsize
        if keep_bytes is None:
            keep_bytes = available_memory() // 4
        self.keep_bytes = 0 if checkpoints is not None else keep_bytes
        self.q = period_multiple or 0
        self.checkpoints = checkpoints
        self.keep_top = keep_top and checkpoints is None  # a resumed run has no early columns
        #: (first column, columns, frozen rows F) kept: rows F.. only (the others: bands)
        self.chunks: list[tuple[int, np.ndarray, int]] = []
        self.strip: Strip | None = None
        self.top: list[np.ndarray] = []  # the top row's D, a chunk at a time
        self.keep = True
        self.levels: _Levels | None = None  # the lower rows' certificates (kept columns only)
        self.pattern_bytes = 0  # the frozen rows' period, held by the strip

    # ------------------------------------------------------------------ the first pass
    def run(self, max_columns: int | None, progress: Callable[[int], None] | None) -> Certificate:
        rows, w, chunk = self.rows, self.w, self.chunk
        state = self.checkpoints.load() if self.checkpoints is not None else None
        if state is not None and (state.game, state.rows) != (self.game, rows):
            raise ValueError(
                f"the checkpoint is of {state.game} rows 0..{state.rows - 1}, not "
                f"{self.game} rows 0..{rows - 1}"
            )
        if state is not None and state.phase == "second":
            assert state.found is not None
            return self._second(state.found, state, progress)
        if state is not None:
            self.keep = False
            self.q = state.shift
        tracking = self.q > 0 and not self._keeps(chunk)
        ring = (self.q + w + chunk) if tracking else chunk
        check_memory(
            certificate_memory(rows, self.q if tracking else None),
            f"the certificate of rows 0..{rows - 1} (a ring of {ring:,} columns)",
        )
        strip = self._strip(state, ring, self.q if tracking else 0)
        self.strip = strip
        if self.keep and not tracking:  # the kernel writes into a ring the cache holds
            strip.ring = np.zeros(((strip.threads + 2) * strip.step, rows), strip.ring.dtype)
        level_hashes = None
        if self.keep and not tracking and state is None and rows >= 2 * LEVEL_ROWS:
            self.levels = _Levels(self.game, rows, chunk)
            level_hashes = np.zeros((strip.set_levels(self.levels.bounds), chunk), np.uint64)
        hist = np.zeros(w + chunk + 1, dtype=np.uint64)  # column hashes, y % len(hist)
        keys = np.zeros(1 << 16, dtype=np.uint64)
        cols = np.full(1 << 16, -1, dtype=np.int64)
        fill = np.zeros(1, dtype=np.int64)
        if state is not None:
            y = state.column
            if y > 0:
                hist_cols = column_hashes(state.window)
                for j, h in enumerate(hist_cols):
                    hist[(y - len(hist_cols) + j) % len(hist)] = h
            keys, cols = _rehash(state.keys, state.cols, 4 * (len(state.keys) + chunk))
            fill[0] = len(state.keys)
            found = state.found
        else:
            y, found = 0, None
        key = np.zeros(1, dtype=np.uint64)
        have_key = np.zeros(1, dtype=np.bool_)
        h = np.empty(chunk, dtype=np.uint64)
        while found is None:
            if max_columns is not None and y >= max_columns:
                raise RuntimeError(
                    f"{self.game}: no repeated window of rows 0..{rows - 1} within "
                    f"{max_columns} columns"
                )
            size = self._size(y)
            y1 = y + size
            if self.keep and not self._keeps(y1):
                # From here: the hashes only (the violations in a second pass, or tracked).
                # The ring grows to what the rest needs (a chunk; with tracking the shift,
                # a window and a chunk) and keeps the columns computed so far.
                held = self._kept(max(0, y - ring), y) if y else None
                self.keep = False
                self.chunks.clear()
                grown = np.zeros((max(ring, strip.ring.shape[0]), rows), strip.ring.dtype)
                if held is not None:
                    grown[np.arange(y - len(held), y) % len(grown)] = held
                strip.ring = grown
            # the frozen rows' columns are not kept (they are their pattern's: _kept)
            kept = _fresh((size, rows - strip.frozen), strip.ring.dtype) if self.keep else None
            leveling = self.levels is not None and self.keep and bool(self.levels.active)
            strip.advance(y1, h[:size], out=kept, levels=level_hashes if leveling else None)
            hist[np.arange(y, y1) % len(hist)] = h[:size]
            if kept is not None:
                self.chunks.append((y, kept, strip.frozen))
            if leveling:
                self._freeze(strip, y, y1, level_hashes)
            if self.keep_top:
                self.top.append(kept[:, -1].copy() if kept is not None else strip.top_row(y, y1))
            if 2 * (fill[0] + size) > len(keys):
                keys, cols = _rehash(keys, cols, 4 * (fill[0] + size))
            lo = max(self.first_key, y)
            while lo < y1:
                with np.errstate(over="ignore"):  # uint64 wraps (NUMBA_DISABLE_JIT)
                    hit, earlier = _scan_keys(
                        hist, w, lo, y1, keys, cols, fill, key, have_key, ALL_KEYS_COLUMNS, DP_BITS,
                        True,
                    )  # fmt: skip
                if hit < 0:
                    break
                if earlier == -2:  # the table is half full: a larger one, then on from hit
                    keys, cols = _rehash(keys, cols, 4 * (fill[0] + 1))
                    lo = hit
                    continue
                if not self.keep or certify_window(
                    self.game, rows, (self._kept(earlier - w, earlier), self._kept(hit - w, hit)),
                    earlier, hit - earlier,
                ) is None:  # fmt: skip
                    found = (int(earlier), int(hit - earlier))
                    break
                lo = hit + 1  # a hash collision: go on after it (the earlier column keeps it)
            y = y1
            if progress is not None:
                progress(y)
            if found is None and self.checkpoints is not None and self.checkpoints.due():
                self.checkpoints.save(self._state("search", strip, keys, cols, None))
        c1, period = found
        if self.keep:
            return self._from_kept(c1, period, y)
        if tracking and self.q % period == 0:
            # go on until every violation before the proof's window is counted
            end = max(c1 + period, c1 - w + self.q)
            while strip.y < end:
                y = strip.y
                y1 = min(end, y + chunk)
                strip.advance(y1)
                if self.keep_top:
                    self.top.append(strip.top_row(y, y1))
                y = y1
                if progress is not None:
                    progress(y)
                if strip.y < end and self.checkpoints is not None and self.checkpoints.due():
                    self.checkpoints.save(self._state("search", strip, keys, cols, found))
            return self._finish(strip, c1, period, strip.last, y)
        state = SearchState(self.game, rows, "second", 0, np.zeros((0, rows), _ring_dtype(rows)),
                            found=found)  # fmt: skip
        if self.checkpoints is not None:
            self.checkpoints.save(state)
        self.top.clear()
        return self._second(found, None, progress, columns=y)

    def _size(self, y: int) -> int:
        """Columns of the next block from column y: about y / 4 (a power of two), from
        BLOCK up to the chunk, so a short certificate computes few columns past its end."""
        size = BLOCK
        while size < self.chunk and 4 * size <= y:
            size *= 2
        return size

    def _keeps(self, columns: int) -> bool:
        return bool(columns * self.rows * self.itemsize + self.pattern_bytes <= self.keep_bytes)

    def _freeze(self, strip: Strip, y: int, y1: int, level_hashes: np.ndarray | None) -> None:
        """Look for the lower rows' certificates in columns [y, y1); copy the highest proved
        from its period from now on (if its period fits beside the kept columns)."""
        assert self.levels is not None and level_hashes is not None
        found = self.levels.scan(y, y1, level_hashes, self._kept)
        strip.level_mixed = self.levels.wanted()
        if found is None:
            return
        b, period = found
        size = period * (b - strip.frozen) * self.itemsize  # the band's pattern
        size += period * (b - strip.frozen + 1) * 8  # and its hash sums
        if y1 * self.rows * self.itemsize + self.pattern_bytes + size <= self.keep_bytes:
            strip.freeze(b, self._kept(y1 - period, y1, strip.frozen, b))
            self.pattern_bytes += size

    def _strip(self, state: SearchState | None, ring: int, shift: int) -> Strip:
        """A new strip, or the one a checkpoint describes (tracking ``shift`` if > 0)."""
        rows = self.rows
        if state is None or state.column == 0:
            strip = Strip(self.game, rows, ring, self.threads)
            if shift:
                strip.track(shift, shift)
            return strip
        y = state.column
        if shift and y > shift:
            assert state.back is not None and state.last is not None
            strip = Strip.restore(self.game, rows, y - shift, state.back, ring, self.threads)
            strip.track(shift, y, state.last)  # the violations before y are counted already
            strip.advance(y)
            if not np.array_equal(strip.state(), state.window):
                raise ValueError(
                    f"the checkpoint at column {y:,} does not follow from its window "
                    f"{shift:,} columns before"
                )
            return strip
        if shift:  # y <= shift: the columns y - shift of the next q are from column 0 on
            strip = Strip(self.game, rows, ring, self.threads)
            strip.track(shift, shift)
            strip.advance(y)  # at most q columns again
            if not np.array_equal(strip.state(), state.window):
                raise ValueError(f"the checkpoint at column {y:,} does not follow from column 0")
            return strip
        return Strip.restore(self.game, rows, y, state.window, ring, self.threads)

    def _state(
        self,
        phase: str,
        strip: Strip,
        keys: np.ndarray | None,
        cols: np.ndarray | None,
        found: tuple[int, int] | None,
    ) -> SearchState:
        """The checkpoint of ``strip`` now (every row has mex >= y - 2k: checked here)."""
        y = strip.y
        if strip.frozen:  # pragma: no cover - levels run without checkpoints
            raise RuntimeError("a strip with frozen rows is not a checkpoint's state")
        low = y - 2 * np.arange(self.rows)
        if (strip.mex < low).any():  # pragma: no cover - (B2), checked by the kernel
            raise WindowError(f"{self.game}: a row misses a value below y - 2k at column {y}")
        shift = strip.shift
        back = None
        if shift and y > shift:
            b = y - shift
            back = strip.column_range(max(0, b - self.w), b).copy()
        used = None
        if keys is not None and cols is not None:  # the distinguished keys (enough: see run)
            dp = (np.uint64(1) << np.uint64(DP_BITS)) - np.uint64(1)
            used = (cols >= 0) & ((keys & dp) == 0)
        return SearchState(
            self.game, self.rows, phase, y, strip.state().copy(), shift, back,
            strip.last.copy() if shift else None,
            np.zeros(0, np.uint64) if keys is None or used is None else keys[used].copy(),
            np.zeros(0, np.int64) if cols is None or used is None else cols[used].copy(),
            found,
        )  # fmt: skip

    def _kept(self, a: int, b: int, k_from: int = 0, k_to: int | None = None) -> np.ndarray:
        """Rows k_from..k_to-1 of the columns [a, b) kept (a frozen row's from its pattern)."""
        k_to = self.rows if k_to is None else k_to
        chunks = [chunk for chunk in self.chunks if chunk[0] < b and chunk[0] + len(chunk[1]) > a]
        y, data, frozen = chunks[0]
        if len(chunks) == 1 and frozen <= k_from:  # a view
            return data[a - y : b - y, k_from - frozen : k_to - frozen]
        out = np.empty((b - a, k_to - k_from), dtype=data.dtype)
        for y, data, frozen in chunks:
            lo, hi = max(a, y), min(b, y + len(data))
            part = out[lo - a : hi - a]
            if k_to > frozen:
                low = max(frozen, k_from)
                part[:, low - k_from :] = data[lo - y : hi - y, low - frozen : k_to - frozen]
            if frozen > k_from:
                assert self.strip is not None
                self.strip.frozen_columns(lo, hi, k_from, min(frozen, k_to), part)
        return out

    # ------------------------------------------------------------------ the results
    def _from_kept(self, c1: int, period: int, columns: int) -> Certificate:
        """Per-row results from the kept columns [0, c1 + period)."""
        end = c1 + period
        piece = BLOCK * 16  # pieces of a bounded time (Ctrl-C between)
        jobs = [(a, min(piece, end - period - a)) for a in range(0, end - period, piece)]
        threads = default_threads() if self.threads is None else self.threads
        lasts = [np.full(self.rows, -1, dtype=np.int64) for _ in range(max(1, threads))]

        def count(part: int) -> None:
            for a, n in jobs[part :: len(lasts)]:
                # the rows proved periodic before column a have no violation from there on
                skip = 0 if self.levels is None else self.levels.skip(a)
                data = self._kept(a, a + n, skip)
                partner = self._kept(a + period, a + n + period, skip)  # a period later
                _violations(data, 0, partner, 0, n, a, lasts[part][skip:])

        futures = [_pool(len(lasts)).submit(count, part) for part in range(1, len(lasts))]
        count(0)
        for future in futures:
            future.result()
        last = np.max(lasts, axis=0)
        # a frozen band's least periods are its pattern's (a period of theirs)
        frozen = self.chunks[-1][2]
        least = _least_periods_of(self._kept(c1, end, frozen), 0, period, self.threads)
        assert self.strip is not None
        bands = [band for k_lo, *_, band in self.strip.bands if k_lo < frozen]
        low = [_least_periods_of(band, 0, len(band), self.threads) for band in bands]
        least = np.concatenate([*low, least])
        top = np.concatenate(self.top)[:end] if self.keep_top else None
        return self._certificate(c1, period, last, least, columns, top)

    def _finish(
        self,
        strip: Strip,
        c1: int,
        period: int,
        last: np.ndarray,
        columns: int,
        second: bool = False,
    ) -> Certificate:
        """The exact window check on the ring and the per-row results (violations counted)."""
        windows = (
            strip.column_range(c1 - self.w, c1),
            strip.column_range(c1 + period - self.w, c1 + period),
        )
        reason = certify_window(self.game, self.rows, windows, c1, period)
        if reason is not None:  # pragma: no cover - a 64-bit hash collision of two windows
            raise RuntimeError(
                f"{self.game}: the windows whose hashes matched differ ({reason}); "
                "rerun with more memory (keep_bytes) for the exact one-pass search"
            )
        least = _least_periods_of(strip.ring, c1 % strip.ring.shape[0], period, self.threads)
        top = np.concatenate(self.top)[: c1 + period] if self.keep_top else None
        certificate = self._certificate(c1, period, last, least, columns, top)
        if self.checkpoints is not None:
            final = self._state("second" if second else "search", strip, None, None, (c1, period))
            self.checkpoints.finish(certificate, final)
        return certificate

    def _certificate(
        self,
        c1: int,
        period: int,
        last: np.ndarray,
        least: np.ndarray,
        columns: int,
        top: np.ndarray | None,
    ) -> Certificate:
        pre = last + 1
        y0 = max(self.first_key, int(pre.max()) + self.w)
        if y0 > c1:  # pragma: no cover - the violations contradict the equal windows
            raise RuntimeError(f"{self.game}: a row violates the period {period} after its proof")
        top_row = np.zeros(0, dtype=np.int64)
        if top is not None:
            top_row = top[: y0 + period].astype(np.int64) + np.arange(y0 + period, dtype=np.int64)
        return Certificate(
            self.game, self.rows, y0, period, self.w, self.start, columns,
            _periodicities(pre, least), top_row,
        )  # fmt: skip

    # ------------------------------------------------------------------ the second pass
    def _second(
        self,
        found: tuple[int, int],
        state: SearchState | None,
        progress: Callable[[int], None] | None,
        columns: int = 0,
    ) -> Certificate:
        """Columns [0, c1 + P) again with a ring of P + W columns, counting the violations."""
        c1, period = found
        rows, w = self.rows, self.w
        end = c1 + period
        ring = period + w + self.chunk
        check_memory(
            ring * rows * self.itemsize + (end * 2 if self.keep_top else 0),
            f"the second pass over rows 0..{rows - 1} (a ring of {ring:,} columns)",
        )
        if state is not None and state.column > 0:
            strip = self._strip(state, ring, period)
        else:
            strip = Strip(self.game, rows, ring, self.threads)
            strip.track(period, period)
        self.top.clear()
        if self.keep_top and strip.y > 0:  # pragma: no cover - checkpoints keep no top row
            raise ValueError("a resumed second pass keeps no top row")
        columns = max(columns, end)
        while strip.y < end:
            y1 = min(end, strip.y + self.chunk)
            y = strip.y
            strip.advance(y1)
            if self.keep_top:
                self.top.append(strip.top_row(y, y1))
            if progress is not None:
                progress(end + y1)
            if strip.y < end and self.checkpoints is not None and self.checkpoints.due():
                self.checkpoints.save(self._state("second", strip, None, None, found))
        return self._finish(strip, c1, period, strip.last, columns, second=True)


@jit
def _scan_keys(
    hist: np.ndarray,
    w: int,
    c_from: int,
    c_to: int,
    keys: np.ndarray,
    cols: np.ndarray,
    fill: np.ndarray,
    key: np.ndarray,
    have_key: np.ndarray,
    all_keys: int,
    dp_bits: int,
    sparse: bool,
) -> tuple[int, int]:  # pragma: no cover - jit
    """The window keys of the columns c_from <= c < c_to (window [c - W, c)), in order.

    ``key(c) = sum_j hist[c - W + j] * base**j`` (mod 2**64), rolled from
    ``key[0]`` (the key of c_from - 1, if ``have_key``). Each key is looked up
    in the table; it is stored if c < ``all_keys`` or its low ``dp_bits`` bits
    are zero; with ``sparse``, past ``2 * all_keys`` only those are looked up
    (the table's cache misses avoided). A repeat is then found at its next
    distinguished key, and its period is still the least one (the earlier
    column holds the key's first occurrence); every key is looked up up to
    ``2 * all_keys``, so a cycle that begins with stored keys is found whatever
    its period (one longer than ``all_keys`` lacks a distinguished key only with
    probability about ``exp(-all_keys / 2**dp_bits)``). Returns (c, the earlier
    column) of the first key found, else (-1, -1); ``key`` then holds the last
    key. When the table is half full before column c: (c, -2), to be called
    again from c after :func:`_rehash` (``key`` holds the key of c - 1).
    """
    size = len(hist)
    base = np.uint64(0x100000001B3)
    top = np.uint64(1)
    for _ in range(w - 1):
        top *= base
    inv = _INV
    mask = len(keys) - 1
    dp = (np.uint64(1) << np.uint64(dp_bits)) - np.uint64(1)
    k = key[0]
    for c in range(c_from, c_to):
        if 2 * (fill[0] + 1) > len(keys):
            return c, -2
        if have_key[0]:
            # from the window [c - 1 - W, c - 1) to [c - W, c)
            k = (k - hist[(c - 1 - w) % size]) * inv + hist[(c - 1) % size] * top
        else:
            k = np.uint64(0)
            p = np.uint64(1)
            for j in range(w):
                k += hist[(c - w + j) % size] * p
                p *= base
            have_key[0] = True
        key[0] = k
        stored = c < all_keys or (k & dp) == np.uint64(0)
        if sparse and not stored and c >= 2 * all_keys:
            continue
        i = int((k ^ (k >> np.uint64(29))) & np.uint64(0xFFFFFFFFFFFF)) & mask
        while cols[i] >= 0:
            if keys[i] == k:
                return c, cols[i]
            i = (i + 1) & mask
        if stored:
            keys[i] = k
            cols[i] = c
            fill[0] += 1
    return -1, -1


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
            _least_periods_ring(ring, start, period, k0, k1, least)

    futures = [_pool(n).submit(work, part) for part in range(1, n)]
    work(0)
    for future in futures:
        future.result()
    return least


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
    :func:`strip_periods`. None when no two windows within the block are
    equal (a longer block may find them). Like the strip's, the certificate
    speaks of the values it is given: they must be the game's (computed by
    the mex of the followers, as every registered block is).

    Examples
    --------
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
    ValueError naming the estimate (:func:`fast._memory.seconds_text`), before a block
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


@jit
def _first_repeat(
    table_keys: np.ndarray,
    table_cols: np.ndarray,
    keys: np.ndarray,
    cols: np.ndarray,
    fill: np.ndarray,
) -> int:  # pragma: no cover - jit
    """Insert keys in order (open addressing); the index of the first key already there, or -1."""
    mask = len(table_keys) - 1
    for i in range(len(keys)):
        key = keys[i]
        j = int((key ^ (key >> np.uint64(29))) & np.uint64(0xFFFFFFFFFFFF)) & mask
        while table_cols[j] >= 0:
            if table_keys[j] == key:
                return i
            j = (j + 1) & mask
        table_keys[j] = key
        table_cols[j] = cols[i]
        fill[0] += 1
    return -1


def _rehash(keys: np.ndarray, cols: np.ndarray, size: int) -> tuple[np.ndarray, np.ndarray]:
    """A table of at least ``size`` slots (a power of two) holding the same entries."""
    n = 1
    while n < size:
        n *= 2
    new_keys = np.zeros(n, dtype=np.uint64)
    new_cols = np.full(n, -1, dtype=np.int64)
    used = cols >= 0
    _first_repeat(new_keys, new_cols, keys[used], cols[used], np.zeros(1, dtype=np.int64))
    return new_keys, new_cols


def _window_keys(prefix: np.ndarray, ends: np.ndarray, window: int) -> np.ndarray:
    """The rolling hash of the windows [c - W, c), c in ``ends``: (prefix[c] - prefix[c - W])
    / base^(c - W), i.e. sum over j of h[c - W + j] base^j (mod 2^64)."""
    with np.errstate(over="ignore"):
        keys: np.ndarray = (prefix[ends] - prefix[ends - window]) * _powers(_INV, ends - window)
    return keys


def _periodicities(pre: np.ndarray, least: np.ndarray) -> list[Periodicity]:
    """(preperiod, period, saltus = period) per row (saltus = period: docs/strip.md)."""
    return [Periodicity(int(a), int(b), int(b)) for a, b in zip(pre, least, strict=True)]


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


def row_periodicity(n: int, game: str = "wythoff", max_columns: int | None = None) -> Periodicity:
    """Certified minimal (preperiod, period, saltus) of row n (twin of the reference).

    Examples
    --------
    >>> row_periodicity(3)
    Periodicity(preperiod=8, period=6, saltus=6)
    """
    if isinstance(n, bool) or not isinstance(n, int) or n < 0:
        raise ValueError(f"n must be an int >= 0 (n = {n!r})")
    return strip_periods(game, n + 1, max_columns=max_columns).periodicities[n]
