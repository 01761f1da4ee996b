"""The strip's numba kernel: rows k_from..k_to-1 of a block of columns (one pipeline stage).

:func:`_stage` computes the cells of a block of rows and columns from the
kernel's bitsets (:class:`Bitsets`: docs/strip.md, and the package's
docstring), copies the rows proved periodic from their bands (:class:`Bands`)
and adds each column's hash. It returns :attr:`fast._kernel_games.Status.OK` or the first
column where a bound fails. The games are the int codes of
:class:`fast._kernel_games.KernelGame`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple, TypeVar

import numba
import numpy as np

from fast._bits import ALL_ONES, ONE, lowest_zero_bit
from fast._jit import jit
from fast._kernel_games import KernelGame, Status

__all__ = ["TILE_COLUMNS", "TILE_ROWS", "Bands", "Bitsets"]

#: The codes as plain ints, for the jitted code (numba freezes a global int).
OK = int(Status.OK)
WYTHOFF = int(KernelGame.WYTHOFF)
F_WYTHOFF = int(KernelGame.F_WYTHOFF)
R_WYTHOFF = int(KernelGame.R_WYTHOFF)


class Bitsets(NamedTuple):
    """The kernel's state of a strip: its past summarised (docs/strip.md). The kernels take
    the fields in this order (``_stage(game, words, *bitsets, ...)``)."""

    #: (rows, words + pad): row k's values >= ``mex[k]``, a circular bitset (bit v mod B)
    rowbits: np.ndarray
    #: (rows,): the least value not yet in row k
    mex: np.ndarray
    #: (slots, words + pad): the values of each diagonal in the rows below, by slot
    diagbits: np.ndarray
    #: (slots,): F-Wythoff's ratio block of each diagonal slot (-1: none yet)
    diagkey: np.ndarray
    #: (slots, words + pad): the values of the current column in the rows below, by slot
    colbits: np.ndarray


class Bands(NamedTuple):
    """The rows copied from their proved period, as the kernel reads them (``_stage``'s
    ``bands``, ``flat``, ``lsums``, in this order)."""

    #: (bands, 8) int64: (k_lo, k_hi, period, first column, at in flat, at in sums, first
    #: level, levels) of each band
    table: np.ndarray
    #: each band's pattern, ``flat[at + t * (k_hi - k_lo) + k - k_lo] = D(k, first + t)``
    flat: np.ndarray
    #: each band's hash sum of its rows of each level, per column of its period
    sums: np.ndarray


F = TypeVar("F", bound=Callable[..., Any])


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
    if game != F_WYTHOFF:
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
    Returns :attr:`fast._kernel_games.Status.OK`, or the first column where a bound fails.

    One function of about 200 lines, not split: the tile loop, the copied bands
    and the mex scan share their locals, and a call per cell or per band costs
    the inner loop's speed (numba inlines little across functions).
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
                            if game == WYTHOFF:
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
                    if game == WYTHOFF:
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
                        if game == R_WYTHOFF:  # r-wythoff: the larger pile alone (either if equal)
                            use_row = y >= k
                            use_col = k >= y
                        # the cell is a slant target of later cells of its diagonal
                        target = _ratio_block(game, k, y, diagbits, diagkey, slot, words)
                        if game == F_WYTHOFF and min(k, y) <= 1:
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
    return OK
