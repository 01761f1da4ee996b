"""The verifier's own strip: :class:`VerifyStrip`, written from the rules and the state argument.

Written from the rules (spec/games.py) and the state argument of docs/strip.md,
in plain numba, single-threaded, with none of the run's machinery (no pipeline,
threads, hashes or lazily cleared bits): its own word-at-a-time scan of three
circular bitsets, rows taken in bands of :data:`BAND`. :mod:`verify.run`
checks a run with it (docs/strip.md, "The independent verifier").
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numba
import numpy as np

from fast._kernel_games import CODES

__all__ = ["BAND", "BLOCK", "STEP", "VerifyStrip"]

#: Columns a verifying strip computes per kernel call (back in Python between calls).
STEP = 2048
#: Rows a kernel call takes over all its columns before the next rows (cache-sized bands).
BAND = 64
#: Columns computed between two looks (vectorised comparisons, streamed windows).
BLOCK = 1 << 15


@numba.njit(cache=True)
def _lowest_set(word: np.uint64) -> int:  # pragma: no cover - jit
    """The index of the lowest set bit of a non-zero word (halving the word's width)."""
    n = 0
    for width in (32, 16, 8, 4, 2, 1):
        low = (np.uint64(1) << np.uint64(width)) - np.uint64(1)
        if word & low == np.uint64(0):
            word >>= np.uint64(width)
            n += width
    return n


@numba.njit(cache=True)
def _set(words: np.ndarray, v: int) -> None:  # pragma: no cover - jit
    i = v & (words.shape[0] * 64 - 1)
    words[i >> 6] |= np.uint64(1) << np.uint64(i & 63)


@numba.njit(cache=True, inline="always")
def _least_missing(
    seen: np.ndarray, cols: np.ndarray, diag: np.ndarray, sr: int, cr: int, dr: int, v0: int
) -> int:  # pragma: no cover - jit
    """The least value >= v0 in none of the circular bitsets ``seen[sr]``, ``cols[cr]``,
    ``diag[dr]``: a word (64 values) at a time, four words at a time past a full one."""
    one = np.uint64(1)
    full = ~np.uint64(0)
    mask = seen.shape[1] * 64 - 1
    wmask = seen.shape[1] - 1
    i = v0 & mask
    w = i >> 6
    taken = seen[sr, w] | cols[cr, w] | diag[dr, w] | ((one << np.uint64(i & 63)) - one)
    v = v0 - (i & 63)  # the value of bit 0 of word w
    if taken == full:  # then four words a time (independent loads), then one
        w = (w + 1) & wmask
        v += 64
        while True:
            w1, w2, w3 = (w + 1) & wmask, (w + 2) & wmask, (w + 3) & wmask
            t0 = seen[sr, w] | cols[cr, w] | diag[dr, w]
            t1 = seen[sr, w1] | cols[cr, w1] | diag[dr, w1]
            t2 = seen[sr, w2] | cols[cr, w2] | diag[dr, w2]
            t3 = seen[sr, w3] | cols[cr, w3] | diag[dr, w3]
            if t0 & t1 & t2 & t3 != full:
                break
            w = (w + 4) & wmask
            v += 256
        taken = seen[sr, w] | cols[cr, w] | diag[dr, w]
        while taken == full:
            w = (w + 1) & wmask
            v += 64
            taken = seen[sr, w] | cols[cr, w] | diag[dr, w]
    return int(v + _lowest_set(~taken))


@numba.njit(cache=True, inline="always")
def _take(
    seen: np.ndarray, low: np.ndarray, cols: np.ndarray, diag: np.ndarray, k: int, c: int,
    slot: int, v: int, on_diag: bool,
) -> None:  # fmt: skip  # pragma: no cover - jit
    """Row k takes v at column c: it joins the row's, the column's and (``on_diag``) the
    diagonal's sets; the row's least missing value moves past those it holds."""
    one = np.uint64(1)
    mask = seen.shape[1] * 64 - 1
    i = v & mask
    bit = one << np.uint64(i & 63)
    if v == low[k]:
        low[k] = v + 1
        while True:
            j = low[k] & mask
            b = one << np.uint64(j & 63)
            if seen[k, j >> 6] & b == 0:
                break
            seen[k, j >> 6] &= ~b
            low[k] += 1
    else:
        seen[k, i >> 6] |= bit
    cols[c, i >> 6] |= bit
    if on_diag:
        diag[slot, i >> 6] |= bit


@numba.njit(cache=True)
def _compute(
    game: int,
    seen: np.ndarray,
    low: np.ndarray,
    cols: np.ndarray,
    diag: np.ndarray,
    dkey: np.ndarray,
    y_from: int,
    y_to: int,
    out: np.ndarray,
) -> int:  # pragma: no cover - jit
    """Columns y_from <= y < y_to; ``out[y - y_from, k] = G(k, y) - y``.

    Per row k: ``low[k]`` = every value below it is in the row, and
    ``seen[k]`` = the row's values at or above it (a circular bitset).
    ``cols[y - y_from]``: column y's values of the rows below. ``diag[d mod
    len]``: the values on diagonal d = y - k of the rows below (F-Wythoff:
    of the current ratio block ``dkey``); the ring holds ``rows + y_to -
    y_from`` diagonals at least. The rows are taken in bands of ``BAND``,
    each over all the columns (a cell needs only rows below it in its column
    and on its diagonal, and its row's earlier columns): the band's bitsets
    stay in the cache. The value is the least v >= 0
    (>= low[k] when the row's own values count) missing from the followers'
    values: rows below in the column, earlier columns of the row, and the
    diagonal, each as the game's rules allow (spec/games.py): a scan
    (:func:`_least_missing`), then the cell's value joins the sets
    (:func:`_take`). Returns -1, or the row where a value would not fit the
    bitsets.
    """
    rows = low.shape[0]
    nd = diag.shape[0] - 1  # a power of two: `& (nd - 1)` is `% nd`; row nd is all zero
    dmask = nd - 1
    mask = seen.shape[1] * 64 - 1
    zrow, zcol = seen.shape[0] - 1, cols.shape[0] - 1  # the all-zero rows (an excluded set)
    cols[: y_to - y_from, :] = 0
    for y in range(y_from, y_to):
        diag[y & dmask, :] = 0  # diagonal d = y starts at row 0
        dkey[y & dmask] = -1
    for k0 in range(0, rows, BAND):
        for y in range(y_from, y_to):
            c = y - y_from
            for k in range(k0, min(rows, k0 + BAND)):
                slot = (y - k) & dmask
                row_moves = True
                col_moves = True
                diag_moves = k > 0 and y > 0
                if game == 2:  # R-Wythoff: the larger pile (either if equal), and both
                    row_moves = y >= k
                    col_moves = k >= y
                small, large = min(k, y), max(k, y)
                on_diag = True
                if game == 1:  # F-Wythoff: j <= small - 1 keeping floor(large / small)
                    if small == 0:
                        diag_moves = False
                        on_diag = False
                    else:
                        key = large // small
                        if key != dkey[slot]:
                            diag[slot, :] = 0
                            dkey[slot] = key
                        diag_moves = small > 1
                sr = k if row_moves else zrow
                cr = c if col_moves else zcol
                dr = slot if diag_moves else nd
                v0 = low[k] if row_moves else 0
                v = _least_missing(seen, cols, diag, sr, cr, dr, v0)
                if v - low[k] > mask or (not row_moves and v > mask):
                    return k
                out[c, k] = v - y
                _take(seen, low, cols, diag, k, c, slot, v, on_diag)
    return -1


@dataclass
class VerifyStrip:
    """The verifier's own strip of rows 0..rows-1 (see the module docstring).

    Built empty (column 0) or from a normalised window (:meth:`from_window`);
    :meth:`run` computes columns and returns them normalised.
    """

    game: str
    rows: int
    y: int = 0
    low: np.ndarray = field(default_factory=lambda: np.zeros(0, np.int64))
    seen: np.ndarray = field(default_factory=lambda: np.zeros((0, 1), np.uint64))
    cols: np.ndarray = field(default_factory=lambda: np.zeros((1, 1), np.uint64))
    diag: np.ndarray = field(default_factory=lambda: np.zeros((0, 1), np.uint64))
    dkey: np.ndarray = field(default_factory=lambda: np.zeros(0, np.int64))

    def __post_init__(self) -> None:
        if self.game not in CODES:
            raise ValueError(f"the verifier knows {', '.join(CODES)} (game = {self.game!r})")
        if len(self.low) == 0:
            words = 1
            while words * 64 < 4 * self.rows + 128:  # values >= low lie within 3k + 1 of it
                words *= 2
            self.low = np.zeros(self.rows, np.int64)
            # each with one more row, all zero: what a kernel reads for a set the rules exclude
            self.seen = np.zeros((self.rows + 1, words), np.uint64)
            self.cols = np.zeros((STEP + 1, words), np.uint64)
            slots = 1  # diagonals y - STEP - rows + 1 .. y, in a ring of a power-of-two length
            while slots < self.rows + STEP:
                slots *= 2
            self.diag = np.zeros((slots + 1, words), np.uint64)
            self.dkey = np.full(slots, -1, np.int64)

    @classmethod
    def from_window(cls, game: str, rows: int, y: int, window: np.ndarray) -> VerifyStrip:
        """The strip before column y from ``window[j] = D(., y - len(window) + j)``.

        The window holds the last 3X columns (or all, from column 0). Row k:
        every value below ``y - 2k`` is in the row (Landman's count, 004
        Lemma 1), so ``low`` is the least value >= y - 2k the window's row k
        lacks and ``seen`` its values above ``low`` (they lie in the last 3k
        columns, 004 Lemma 2). Diagonal y - k holds the cells (j, y - k + j),
        j < k, replayed in order (the last X columns).
        """
        s = cls(game, rows)
        w = window.shape[0]
        if w != min(y, 3 * max(rows - 1, 1) if rows > 1 else 1) or window.shape[1] != rows:
            raise ValueError(f"a window before column {y} of {rows} rows, not shape {window.shape}")
        g = window.astype(np.int64) + np.arange(y - w, y, dtype=np.int64)[:, None]
        s._rows_from(g, y, y > w)
        s._diagonals_from(g, y)
        s.y = y
        return s

    def _rows_from(self, g: np.ndarray, y: int, late: bool) -> None:
        """Each row's ``low`` and ``seen`` from its values ``g`` in the window before column y
        (``late``: the window does not reach column 0, so every value below ``y - 2k`` is in
        row k; :meth:`from_window`)."""
        for k in range(self.rows):
            floor_k = max(0, y - 2 * k) if late else 0
            values = set(int(v) for v in g[:, k] if v >= floor_k)
            v = floor_k
            while v in values:
                v += 1
            self.low[k] = v
            for u in values:
                if u > v:
                    _set(self.seen[k], u)

    def _diagonals_from(self, g: np.ndarray, y: int) -> None:
        """Diagonal y - k's values: the cells (j, y - k + j), j < k, of the window ``g`` before
        column y, replayed in order (F-Wythoff: those of the current ratio block)."""
        w = g.shape[0]
        nd = self.diag.shape[0] - 1  # the last row is the all-zero one
        for k in range(1, self.rows):
            slot = (y - k) % nd
            for j in range(k):
                c = y - k + j
                if c < 0 or c < y - w:
                    continue
                small, large = min(j, c), max(j, c)
                if self.game == "f-wythoff":
                    if small == 0:
                        continue
                    if large // small != self.dkey[slot]:
                        self.diag[slot, :] = 0
                        self.dkey[slot] = large // small
                _set(self.diag[slot], int(g[c - (y - w), j]))

    def last_columns(self, y_to: int, keep: int) -> np.ndarray:
        """Run to column ``y_to`` a block at a time; the last ``keep`` columns before it (fewer
        if the strip began later). Memory: ``keep`` columns and a block, whatever the
        distance (a whole segment of 1001 rows would need tens of GB)."""
        tail = np.zeros((0, self.rows), dtype=np.int32)
        for a in range(self.y, y_to, BLOCK):
            cols = self.run(min(y_to, a + BLOCK))
            if keep > 0:
                tail = np.concatenate([tail, cols])[-keep:]
        return tail

    def run(self, y_to: int) -> np.ndarray:
        """Columns self.y <= y < y_to, normalised: shape (y_to - self.y, rows)."""
        out = np.zeros((max(0, y_to - self.y), self.rows), dtype=np.int32)
        code = int(CODES[self.game])
        for a in range(self.y, y_to, STEP):
            b = min(y_to, a + STEP)
            bad = _compute(code, self.seen, self.low, self.cols, self.diag, self.dkey, a, b,
                           out[a - self.y : b - self.y])  # fmt: skip
            if bad >= 0:
                raise ValueError(f"row {bad} left the bounds at columns {a}..{b}")
        self.y = max(self.y, y_to)
        return out
