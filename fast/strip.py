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

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from fast._bits import ALL_ONES, ONE, lowest_zero_bit
from fast._jit import jit
from fast._memory import available_memory, check_memory
from reference.landman import GAMES, Periodicity, WindowError

__all__ = [
    "BLOCK",
    "GAMES",
    "Certificate",
    "Strip",
    "block_certificate",
    "certify_window",
    "rectangle",
    "rectangle_memory",
    "row_periodicity",
    "row_values",
    "start_column",
    "strip_blocks",
    "strip_periods",
    "window",
]

#: Columns computed per kernel call (a progress tick).
BLOCK = 4096
# --- Measured constants: the registry's cost models read them (registry/tables.py, rows.py). --
#: Cells per second ~ CELL_RATE / (1 + rows / ROWS_SCALE): value_at on x86_64, 2 cores, idle
#: (2026-11-26): 1.0e8 at 11 rows x 2e6 columns, 6.4e7 at 101 x 1e6, 4.1e7 at 501 x 3e5,
#: 3.3e7 at 1001 x 1.5e5, 1.8e7 at 3001 x 4e4 (the formula is below each).
CELL_RATE = 1.1e8
ROWS_SCALE = 100
#: strip_periods per cell over the plain strip (window hashes): 1.6-2.1 at Wythoff rows
#: 0..80 to 0..200 (same session; 3.3-4.3 with a few rows, runs under a second); and its
#: bytes per column besides the normalised values (2 bytes a cell while they fit).
CERTIFY_FACTOR = 2.5
CERTIFY_COLUMN_BYTES = 72
#: The last row whose certificate fits in memory here (Wythoff's periods are 3 * 2^j: rows
#: 0..1000 in reach; F-Wythoff 0..38: over 67 million columns, 9.4 GiB of window hashes;
#: R-Wythoff 0..14: 18.1 million columns, 26 s).
CERTIFY_MAX_ROW = {"wythoff": 1000, "f-wythoff": 36, "r-wythoff": 15}
# ------------------------------------------------------------------------------------------
_CODES = {name: code for code, name in enumerate(GAMES)}
#: Status codes of the kernel (-1: fine).
_OK = -1
_NO_HASHES = np.zeros(0, dtype=np.uint64)
#: The rolling hash of windows: sum of h[j] * base^j (mod 2^64); base is odd, so invertible.
_BASE = np.uint64(0x100000001B3)
_INV = np.uint64(pow(int(_BASE), -1, 2**64))


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


@jit
def _columns(
    game: int,
    rows: int,
    words: int,
    rowbits: np.ndarray,
    mex: np.ndarray,
    diagbits: np.ndarray,
    diagkey: np.ndarray,
    colbits: np.ndarray,
    y_from: int,
    y_to: int,
    ring: np.ndarray,
    hashes: np.ndarray,
) -> int:  # pragma: no cover - jit
    """Columns y_from <= y < y_to; ``ring[y % len(ring), k] = G(k, y) - y``. -1 or a bad column.

    If ``hashes`` is not empty, ``hashes[y - y_from]`` gets a 64-bit hash of
    the column's normalised values (FNV-1a over the rows, then mixed).
    """
    size = ring.shape[0]
    hashing = len(hashes) > 0
    prime = np.uint64(0x100000001B3)
    offset = 2 * rows
    nd = rows  # diagonal slots: d mod rows
    mask = words - 1
    bits = words * 64
    for y in range(y_from, y_to):
        slot0 = y % nd  # diagonal d = y enters at row 0
        for w in range(words):
            diagbits[slot0, w] = np.uint64(0)
            colbits[w] = np.uint64(0)
        diagkey[slot0] = -1
        out = y % size
        h = np.uint64(0xCBF29CE484222325)
        for k in range(rows):
            use_row = True
            use_col = True
            use_diag = k > 0 and y > 0
            if game == 2:  # r-wythoff: the larger pile alone (either if equal)
                use_row = y >= k
                use_col = k >= y
            slot = (y - k + nd) % nd
            small = min(k, y)
            target = True  # the cell is a slant target of later cells of its diagonal
            if game == 1:  # f-wythoff: j <= s - 1 and the ratio block kept
                if small == 0:
                    use_diag = False
                    target = False
                else:
                    key = abs(y - k) // small
                    if key != diagkey[slot]:
                        for w in range(words):
                            diagbits[slot, w] = np.uint64(0)
                        diagkey[slot] = key
                    if small == 1:
                        use_diag = False  # j <= s - 1 = 0
            if use_row:
                start = mex[k]
                if start < y - 2 * k:
                    return y  # a value below y - 2k missing from row k
            else:
                start = 0
            w = start >> 6
            first = (ONE << np.uint64(start & 63)) - ONE
            while True:
                i = w & mask
                word = first
                if use_row:
                    word |= rowbits[k, i]
                if use_col:
                    word |= colbits[i]
                if use_diag:
                    word |= diagbits[slot, i]
                if word != ALL_ONES:
                    break
                first = np.uint64(0)
                w += 1
            v = (w << 6) + lowest_zero_bit(word)
            if v > y + k or v - start >= bits:
                return y
            ring[out, k] = v - y
            if hashing:
                h = (h ^ np.uint64(v - y + offset)) * prime
            # row k: advance its mex over the values already there
            if v == mex[k]:
                m = v + 1
                while True:
                    i = (m >> 6) & mask
                    bit = ONE << np.uint64(m & 63)
                    if rowbits[k, i] & bit == np.uint64(0):
                        break
                    rowbits[k, i] &= ~bit
                    m += 1
                mex[k] = m
            else:
                rowbits[k, (v >> 6) & mask] |= ONE << np.uint64(v & 63)
            bit = ONE << np.uint64(v & 63)
            colbits[(v >> 6) & mask] |= bit
            if target:
                diagbits[slot, (v >> 6) & mask] |= bit
        if hashing:
            h ^= h >> np.uint64(29)
            hashes[y - y_from] = h * np.uint64(0xBF58476D1CE4E5B9)
    return _OK


class Strip:
    """The kernel's state for rows 0..rows-1 and the ring its columns go to.

    ``advance(y_to)`` computes the columns up to ``y_to`` (exclusive);
    ``ring[y % len(ring)]`` then holds ``D(., y) = G(., y) - y`` for the
    last ``len(ring)`` columns.

    Examples
    --------
    >>> s = Strip("wythoff", 4, 8)
    >>> s.advance(8)
    >>> (s.ring[:8].T + np.arange(8)).tolist()[3]
    [3, 4, 5, 6, 2, 0, 1, 9]
    """

    def __init__(self, game: str, rows: int, ring_columns: int) -> None:
        _check_game(game)
        self.game = game
        self.code = _CODES[game]
        self.rows = rows
        self.words = _words(rows)
        self.rowbits = np.zeros((rows, self.words), dtype=np.uint64)
        self.mex = np.zeros(rows, dtype=np.int64)
        self.diagbits = np.zeros((rows, self.words), dtype=np.uint64)
        self.diagkey = np.full(rows, -1, dtype=np.int64)
        self.colbits = np.zeros(self.words, dtype=np.uint64)
        dtype = np.int16 if rows <= 10_000 else np.int32
        self.ring = np.zeros((max(1, ring_columns), rows), dtype=dtype)
        self.y = 0

    def advance(self, y_to: int, hashes: np.ndarray | None = None) -> None:
        """Compute the columns self.y <= y < y_to into the ring."""
        if y_to <= self.y:
            return
        bad = _columns(
            self.code,
            self.rows,
            self.words,
            self.rowbits,
            self.mex,
            self.diagbits,
            self.diagkey,
            self.colbits,
            self.y,
            y_to,
            self.ring,
            _NO_HASHES if hashes is None else hashes,
        )
        if bad != _OK:  # pragma: no cover - a proven bound (docs/strip.md)
            raise WindowError(
                f"{self.game}: a value outside [y - 2k, y + k] at column {bad} of rows "
                f"0..{self.rows - 1}: the bound the strip relies on fails"
            )
        self.y = y_to

    def column_range(self, y_from: int, y_to: int) -> np.ndarray:
        """D(., y) for y_from <= y < y_to, shape (y_to - y_from, rows); must be in the ring."""
        size = self.ring.shape[0]
        if y_from < self.y - size or y_to > self.y:
            raise ValueError(f"columns {y_from}..{y_to} are not in the ring")
        index = np.arange(y_from, y_to) % size
        return self.ring[index]


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
    >>> rectangle_memory(3000, 5000) // 2**20
    432
    """
    small = min(rows, cols)
    return itemsize * rows * cols + 16 * small * _words(small) * 8 + 24 * small * BLOCK


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
    strip = Strip(game, small, BLOCK)
    for y0 in range(0, large, BLOCK):
        y1 = min(large, y0 + BLOCK)
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
    strip = Strip(game, row + 1, BLOCK)
    for y0 in range(0, column + 1, BLOCK):
        strip.advance(min(column + 1, y0 + BLOCK))
        if progress is not None:
            progress(strip.y, column + 1)
    return int(strip.ring[column % BLOCK, row]) + column


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


def strip_periods(
    game: str,
    rows: int,
    *,
    max_columns: int | None = None,
    keep_bytes: int | None = None,
    progress: Callable[[int], None] | None = None,
) -> Certificate:
    """Certified minimal (preperiod, period, saltus) of every row 0..rows-1.

    The strip is computed column by column; each column's normalised vector
    gets a 64-bit hash and each window of ``W`` columns a rolling hash
    (8 bytes a column). The first window equal (by hash) to an earlier one
    is compared exactly with it (:func:`certify_window`); that proves the
    joint period ``P``. Row k's preperiod is 1 + the last column with
    ``D(k, y) != D(k, y + P)`` and its minimal period the least divisor q
    of P with ``D(k, y + q) = D(k, y)`` on one P-window after it.

    One pass while the normalised columns (2 bytes a cell) fit in
    ``keep_bytes`` (default: a quarter of the free memory): they are kept
    until the period is found. Past that they are dropped and only the
    hashes kept (at most 72 bytes a column with their table); the first
    repeated window hash then gives (y0, P), and a second pass recomputes
    columns [0, y0 + P) with a ring of P + W columns, compares the two
    windows exactly and reads the per-row preperiods and periods: memory
    ``O(columns + rows (P + W))`` instead of ``O(rows * columns)``, for about
    twice the time. Memory is checked before each doubling (MemoryError,
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
    w = window(rows)
    first_key = max(w, start_column(game, rows))  # windows whose next column is settled
    # base^j for j = y..y + BLOCK - 1 is power * step[j - y]
    with np.errstate(over="ignore"):
        step = _powers(_BASE, np.arange(BLOCK, dtype=np.int64))
    strip = Strip(game, rows, BLOCK)
    chunks: list[np.ndarray] = []  # the normalised columns, BLOCK at a time
    if keep_bytes is None:
        keep_bytes = available_memory() // 4
    keep = True  # one pass while the columns fit in keep_bytes

    def columns(a: int, b: int) -> np.ndarray:
        first, last = a // BLOCK, (b - 1) // BLOCK
        joined = np.concatenate(chunks[first : last + 1])
        return joined[a - first * BLOCK : b - first * BLOCK]

    prefix = np.zeros(BLOCK + 1, dtype=np.uint64)  # sum_{j<y} h[j] base^j
    power = np.uint64(1)
    table_keys, table_cols = _rehash(np.zeros(0, np.uint64), np.zeros(0, np.int64), 1 << 16)
    fill = np.zeros(1, dtype=np.int64)
    found: tuple[int, int] | None = None
    checked = 0
    y = 0
    while found is None:
        if max_columns is not None and y >= max_columns:
            raise RuntimeError(
                f"{game}: no repeated window of rows 0..{rows - 1} within {max_columns} columns"
            )
        y1 = y + BLOCK
        if keep and y1 * strip.ring.itemsize * rows > keep_bytes:
            keep = False  # two passes from here: keep the hashes only
            chunks.clear()
        if y1 > 2 * checked:
            checked = max(y1, 2 * checked)
            per_column = (strip.ring.itemsize * rows if keep else 0) + 8 + 64
            check_memory(
                checked * per_column,
                f"the window hashes of rows 0..{rows - 1} to column {checked}",
            )
        if y1 + 1 > len(prefix):
            prefix = np.concatenate([prefix, np.zeros(len(prefix), np.uint64)])
        strip.ring = np.empty((BLOCK, rows), dtype=strip.ring.dtype)
        h = np.empty(BLOCK, dtype=np.uint64)
        with np.errstate(over="ignore"):  # uint64 wraps (NUMBA_DISABLE_JIT: numpy scalars)
            strip.advance(y1, h)
        if keep:
            chunks.append(strip.ring)
        powers = power * step  # base^j for j = y..y1-1
        prefix[y + 1 : y1 + 1] = prefix[y] + np.cumsum(h * powers, dtype=np.uint64)
        power = np.uint64(int(powers[-1]) * int(_BASE) % 2**64)
        # key c: the window of columns [c - W, c), c in this block, so that the kernel has
        # checked mex[k] >= c - 2k (every row's values >= its mex lie in the window)
        lo = max(first_key, y)
        if lo < y1:
            cols = np.arange(lo, y1)
            # window ending before column c: sum_{j=c-W}^{c-1} h[j] base^(j-c+W)
            keys = _window_keys(prefix, cols, w)
            at = _first_repeat(table_keys, table_cols, keys, cols, fill)
            while at >= 0:
                c, earlier = int(cols[at]), int(table_cols[_slot_of(table_keys, keys[at])])
                if not keep:  # compared exactly in the second pass
                    found = (earlier, c - earlier)
                    break
                windows = (columns(earlier - w, earlier), columns(c - w, c))
                if certify_window(game, rows, windows, earlier, c - earlier) is None:
                    found = (earlier, c - earlier)
                    break
                # a hash collision: go on after it (the earlier column keeps the key)
                at2 = _first_repeat(table_keys, table_cols, keys[at + 1 :], cols[at + 1 :], fill)
                at = -1 if at2 < 0 else at + 1 + at2
            if 2 * (fill[0] + BLOCK) > len(table_keys):  # load <= 1/2: 32 to 64 bytes a column
                table_keys, table_cols = _rehash(table_keys, table_cols, 4 * (fill[0] + BLOCK))
        y = y1
        if progress is not None:
            progress(y)
    y0, period = found
    end = y0 + period  # D periodic from y0 - w on
    if keep:
        data = columns(0, end)
        pre, least = _row_periodicities(data, period)
        top = data[:, rows - 1].astype(np.int64) + np.arange(end, dtype=np.int64)
    else:
        pre, least, top = _second_pass(game, rows, y0, period, progress)
    periodicities = _periodicities(pre, least)
    return Certificate(game, rows, y0, period, w, start_column(game, rows), y, periodicities, top)


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


@jit
def _least_periods(segment: np.ndarray, period: int) -> np.ndarray:  # pragma: no cover - jit
    """Per row: the least q dividing ``period`` with ``segment`` (one period) q-periodic."""
    rows = segment.shape[1]
    least = np.full(rows, period, dtype=np.int64)
    for k in range(rows):
        for q in range(1, period):
            if period % q != 0:
                continue
            good = True
            for t in range(period):
                u = t + q
                if u >= period:
                    u -= period
                if segment[u, k] != segment[t, k]:
                    good = False
                    break
            if good:
                least[k] = q
                break
    return least


@jit
def _violations(
    ring: np.ndarray, c_from: int, c_to: int, period: int, last: np.ndarray
) -> None:  # pragma: no cover - jit
    """``last[k] = y + 1`` for the last y with D(k, y) != D(k, y + period), y + period < c_to."""
    size, rows = ring.shape
    for c in range(c_from, c_to):
        i = c % size
        j = (c - period) % size
        for k in range(rows):
            if ring[i, k] != ring[j, k]:
                last[k] = c - period + 1


def _second_pass(
    game: str, rows: int, y0: int, period: int, progress: Callable[[int], None] | None
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Recompute columns [0, y0 + period) with a ring of period + W columns: the exact
    window check, per-row last violations of ``period`` and the least periods."""
    w = window(rows)
    end = y0 + period
    size = period + w + BLOCK
    check_memory(size * rows * 2 + end * 8, f"the second pass over rows 0..{rows - 1}")
    strip = Strip(game, rows, size)
    last = np.zeros(rows, dtype=np.int64)
    top = np.empty(end, dtype=np.int64)
    for a in range(0, end, BLOCK):
        b = min(end, a + BLOCK)
        strip.advance(b)
        if b > period:
            _violations(strip.ring, max(a, period), b, period, last)
        index = np.arange(a, b)
        top[a:b] = strip.ring[index % size, rows - 1] + index
        if progress is not None:
            progress(end + b)
    windows = (strip.column_range(y0 - w, y0), strip.column_range(end - w, end))
    reason = certify_window(game, rows, windows, y0, period)
    if reason is not None:  # pragma: no cover - a 64-bit hash collision of two windows
        raise RuntimeError(
            f"{game}: the windows whose hashes matched differ ({reason}); "
            "rerun with more memory (keep_bytes) for the exact one-pass search"
        )
    least = _least_periods(strip.column_range(end - period, end), period)
    return last, least, top


@jit
def _row_periodicities(data: np.ndarray, period: int) -> tuple[np.ndarray, np.ndarray]:
    """Per row: 1 + the last y with D(y) != D(y + period), and the least period dividing it.

    ``data[y, k] = D(k, y)`` for ``0 <= y < end``, periodic with ``period``
    on its last ``period + 1`` columns at least.
    """  # pragma: no cover - jit
    end, rows = data.shape
    pre = np.zeros(rows, dtype=np.int64)
    for y in range(end - period - 1, -1, -1):
        done = True
        for k in range(rows):
            if pre[k] == 0:
                if data[y, k] != data[y + period, k]:
                    pre[k] = y + 1
                else:
                    done = False
        if done:
            break
    least = _least_periods(data[end - period :], period)
    return pre, least


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


@jit
def _slot_of(table_keys: np.ndarray, key: np.uint64) -> int:  # pragma: no cover - jit
    mask = len(table_keys) - 1
    j = int((key ^ (key >> np.uint64(29))) & np.uint64(0xFFFFFFFFFFFF)) & mask
    while table_keys[j] != key:
        j = (j + 1) & mask
    return j


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
