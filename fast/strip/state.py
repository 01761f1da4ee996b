"""The strip's state: column hashes, the window that restores the kernel, and what it keeps.

The normalised window of the last ``W`` columns is the strip's whole state
(docs/strip.md, "The window certificate"): :func:`_restore` rebuilds the
kernel's :class:`~fast.strip.kernel.Bitsets` from it, :func:`state_columns`
and :func:`blank_window` say which of its entries a restore reads. Each
column's 64-bit hash (:func:`column_hashes`; the kernel sums it per row,
:func:`mix_levels` finishes the lower strips' sums) is what the window keys
of the certificate roll over.
"""

from __future__ import annotations

import numpy as np

from fast._bits import ONE
from fast._jit import jit
from fast.strip.kernel import OK, Bitsets, _ratio_block
from floor.interrupt import call

__all__ = ["blank_window", "column_hashes", "mix_levels", "state_columns"]


def _row_coefficients(rows: int) -> np.ndarray:
    """Odd 64-bit multipliers of the column hash, one per row (splitmix64 of the row)."""
    with np.errstate(over="ignore"):
        z = np.arange(1, rows + 1, dtype=np.uint64) * np.uint64(0x9E3779B97F4A7C15)
        z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
        z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
        z ^= z >> np.uint64(31)
    return z | np.uint64(1)


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
            call(_mix, row)


def column_hashes(columns: np.ndarray) -> np.ndarray:
    """The kernel's 64-bit hash of each normalised column ``columns[j] = D(., y)``.

    Examples
    --------
    >>> from fast.strip import Strip
    >>> s = Strip("wythoff", 5, 64); h = np.zeros(64, dtype=np.uint64); s.advance(64, h)
    >>> bool((column_hashes(s.column_range(0, 64)) == h).all())
    True
    """
    rows = columns.shape[1]
    coef = _row_coefficients(rows)
    with np.errstate(over="ignore"):
        d = columns.astype(np.int64) + 2 * rows
        h: np.ndarray = (d.astype(np.uint64) * coef).sum(axis=1, dtype=np.uint64)
        call(_mix, h)
    return h


@jit
def _restore_rows(
    words: int, rowbits: np.ndarray, mex: np.ndarray, values: np.ndarray, y: int
) -> int:  # pragma: no cover - jit
    """Each row's mex and bitset before column y from its values in the window ``values``:
    -1, or the first row whose values leave its bounds."""
    w, rows = values.shape
    mask = words - 1
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
    return -1


@jit
def _restore_diagonals(
    game: int, words: int, diagbits: np.ndarray, diagkey: np.ndarray, values: np.ndarray, y: int
) -> None:  # pragma: no cover - jit
    """The diagonals' bitsets (and ratio blocks) before column y, replayed from the window."""
    w, rows = values.shape
    nd = diagbits.shape[0]
    mask = words - 1
    y_first = y - w
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


@jit
def _restore(
    game: int, words: int, bits: Bitsets, values: np.ndarray, y: int
) -> int:  # pragma: no cover - jit
    """The kernel's bitsets before column y from G over the window (see Strip.restore):
    :attr:`~fast._kernel_games.Status.OK`, or the first row whose values leave its bounds."""
    bad = _restore_rows(words, bits.rowbits, bits.mex, values, y)
    if bad >= 0:
        return bad
    _restore_diagonals(game, words, bits.diagbits, bits.diagkey, values, y)
    return OK


def state_columns(rows: int) -> np.ndarray:
    """How many of the window's last columns each row must keep to restore the strip.

    Row j: ``max(3j, X - j)`` (X = rows - 1, at least 1): its values at or
    above ``y - 2j`` lie in its last 3j columns (B1), and the diagonal cells
    a higher row k reads from it are ``k - j <= X - j`` columns back. The
    rest of the window never enters :meth:`fast.strip.Strip.restore` (see
    :func:`blank_window`).

    >>> state_columns(4).tolist()
    [3, 3, 6, 9]
    """
    j = np.arange(rows)
    return np.maximum(np.maximum(3 * j, rows - 1 - j), 1)


def blank_window(columns: np.ndarray) -> np.ndarray:
    """The window with every entry a restore never reads set to 0 (it compresses to nothing).

    :meth:`fast.strip.Strip.restore` of the blanked window equals the restore of the
    full one: a blank entry of row k reads as ``G = y'`` at a column
    ``y' < y - 3k``, below the row's ``y - 2k`` (ignored), and no diagonal
    reaches it (:func:`state_columns`).

    >>> from fast.strip import Strip
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
