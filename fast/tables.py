"""Full Grundy tables G[x, y] of Wythoff, F-Wythoff and R-Wythoff (numba).

The three games are symmetric (G(x, y) = G(y, x): every rule treats the
piles alike), so only the upper triangle x <= y is computed; each value is
written to both cells. Every line keeps a bitset of the values it holds, in
uint64 words:

* ``line[k]``: the values of row k, which by symmetry are those of column k;
* ``diag[e]``: the values of the cells (x, x + e) a slant move can reach;

and, one level up, a bitset of its *full* words (word w of ``line[k]`` is
all ones: the 64 values 64w .. 64w + 63 are all in row k).

G(x, y) is the mex of the union of the follower sets. The scan starts at
Landman's lower bound y - 2x (004 Lemma 1; 001 Lemma 1 for F-Wythoff; for
R-Wythoff 001 Remark 5 gives y - 2x + 1 once x >= 4 and the window of
reference.landman uses y - 2x below): every smaller value is a follower's.
It skips, 64 words at a time, the words that one of the follower sets fills
by itself (the union is full there), and ORs the remaining words until one
has a zero bit: a cell costs one or two words where a plain bitset scan
from y - 2x reads about (G - y + 2x) / 64 (30 words a cell at size 4000).
A value below the bound stops the kernel with an error, so a wrong bound
cannot pass silently inside the first word.

Followers of (x, y), x <= y (spec/games.py):

* Wythoff: row x, column y, all of diagonal y - x below.
* F-Wythoff: row x, column y, and the slant followers (x - j, y - j),
  1 <= j <= x - 1, with floor(y'/x') = floor(y/x). With e = y - x this is
  e // x' == e // x: the cells of a diagonal fall into blocks of equal
  e // x (x >= 1) and a slant move stays inside its block, so ``diag[e]`` is
  cleared whenever the block changes (001 §1, Lemma 2).
* R-Wythoff: only the larger pile may be reduced alone (either when equal):
  row x (the cells (x, y'), y' < y) and all of diagonal y - x below.

Wavefront
---------
Cell (x, y) needs only cells of smaller x + y. The upper triangle is cut
into B x B blocks (B = :func:`block_side`, 128 to 512); block (I, J) needs
blocks of smaller I + J and itself (row order inside a block). Two blocks on one block anti-diagonal
I + J = S (I <= J) touch disjoint lines: rows/columns I and J, and
diagonals within B - 1 of (J - I) B, which differ by 2B between the
blocks. So the blocks of an anti-diagonal run in parallel (numba ``prange``
on :func:`default_threads` threads; ``NUMBA_DISABLE_JIT=1`` runs them in
turn).

References
----------
Seeds ``000`` §1 (Wythoff), ``001`` §1, Lemma 1 and Remark 5 (F- and
R-Wythoff); ``004`` Lemmas 1 and 2 (Landman's m - 2n <= G(m, n) <= m + n,
which gives the scan's start and bounds the values by 2 (size - 1), hence the
bitset width and the dtype).
"""

from __future__ import annotations

import os
from typing import Any

import numba
import numpy as np

from fast._bits import ALL_ONES, ONE, lowest_zero_bit
from fast._jit import jit, smallest_unsigned
from fast._kernel_games import CODES, KernelGame, Status
from floor.interrupt import call
from floor.memory import check_memory

__all__ = [
    "BLOCK",
    "GAMES",
    "MAX_BLOCK",
    "MAX_SIZE",
    "block_side",
    "default_threads",
    "grundy_table",
    "table_cost",
    "table_dtype",
    "table_memory",
    "table_seconds",
    "table_size",
]

#: The games this module tabulates (their kernel codes: :data:`fast._kernel_games.CODES`).
GAMES = tuple(CODES)
#: The kernel's codes that it branches on and returns, as plain ints (numba freezes a
#: global int).
_F_WYTHOFF = int(KernelGame.F_WYTHOFF)
_R_WYTHOFF = int(KernelGame.R_WYTHOFF)
_OK = int(Status.OK)
#: The largest size: values stay below 2 * size, inside int32.
MAX_SIZE = 2**30 - 1
#: Cells per second of grundy_table (the registry's cost model): 4096^2 in 0.42 s, 8000^2 in
#: 1.29 s, one thread (README benchmarks); taken lower for a loaded machine.
CELL_RATE = 2e7
#: The wavefront's block side (cells) is between these: see :func:`block_side`.
BLOCK = 128
MAX_BLOCK = 512


def block_side(size: int, threads: int) -> int:
    """The wavefront's block side: about 8 block rows per thread.

    Only blocks with I <= J are computed, so that is about 4 blocks per
    thread on the longest anti-diagonal.

    Between :data:`BLOCK` and :data:`MAX_BLOCK`: larger blocks mean fewer
    barriers (one per block anti-diagonal, 2 size / side of them), smaller
    ones more blocks to share among the threads.

    Examples
    --------
    >>> block_side(1000, 2), block_side(8000, 2), block_side(8000, 16), block_side(10**5, 2)
    (128, 500, 128, 512)
    """
    return max(BLOCK, min(MAX_BLOCK, size // (8 * threads)))


def table_dtype(size: int) -> np.dtype[Any]:
    """The smallest unsigned dtype that holds every value of a ``size`` table.

    G(x, y) <= x + y <= 2 (size - 1) (004 Lemma 2), so uint8 up to size
    128, uint16 up to size 32768, uint32 beyond.

    Examples
    --------
    >>> [str(table_dtype(n)) for n in (0, 128, 129, 32768, 32769)]
    ['uint8', 'uint8', 'uint16', 'uint16', 'uint32']
    """
    return smallest_unsigned(max(0, 2 * (int(size) - 1)))


def _words(size: int) -> tuple[int, int]:
    """uint64 words of a line's bitset (values < 2 size) and of its full-word bitset."""
    words = (2 * size) // 64 + 2
    return words, words // 64 + 1


def table_seconds(size: int) -> float:
    """Estimated seconds of :func:`grundy_table` of ``size`` (:data:`CELL_RATE`).

    >>> table_seconds(20_000)
    20.0
    """
    return size * size / CELL_RATE


def table_size(size: int) -> str | None:
    """None if :func:`grundy_table` takes ``size`` (at most :data:`MAX_SIZE`), else why not."""
    return f"size {size} > {MAX_SIZE}" if size > MAX_SIZE else None


def table_cost(size: int) -> tuple[float, int]:
    """(seconds, bytes) of :func:`grundy_table`: :func:`table_seconds`, :func:`table_memory`."""
    return table_seconds(size), table_memory(size)


def table_memory(size: int, dtype: Any = None) -> int:
    """Bytes :func:`grundy_table` needs for ``size`` (table + bitsets), an estimate.

    About ``itemsize * size**2 + size**2 / 2``: the table in ``dtype``
    (default :func:`table_dtype`) and the line and diagonal bitsets.

    Examples
    --------
    >>> table_memory(4096) // 2**20  # uint16 table, 32 MiB, and 8 MiB of bitsets
    40
    >>> table_memory(4096, np.int32) // 2**20
    72
    """
    itemsize = (table_dtype(size) if dtype is None else np.dtype(dtype)).itemsize
    words, full = _words(size)
    return itemsize * size * size + 2 * 8 * size * (words + full) + 16 * size


def _check_dtype(dtype: Any, size: int) -> np.dtype[Any]:
    if dtype is None:
        return table_dtype(size)
    bad = f"grundy_table: dtype must be an integer dtype (dtype = {dtype!r})"
    try:
        chosen: np.dtype[Any] = np.dtype(dtype)
    except TypeError:
        raise ValueError(bad) from None
    if chosen.kind not in "iu":
        raise ValueError(bad)
    top = max(0, 2 * (size - 1))
    if top > np.iinfo(chosen).max:
        raise ValueError(
            f"grundy_table: dtype {chosen} cannot hold the values up to {top} of a size "
            f"{size} table (dtype = {dtype!r}; default: {table_dtype(size)})"
        )
    return chosen


def default_threads() -> int:
    """Threads for the wavefront: numba's threads, but no more than the idle CPUs.

    Every block anti-diagonal ends in a barrier; a thread that waits there
    for a core held by another process loses a scheduler time slice, so on a
    busy machine (1-minute load average near the CPU count) one thread is
    faster. At least 1; ``NUMBA_NUM_THREADS`` caps it.

    Examples
    --------
    >>> 1 <= default_threads() <= numba.get_num_threads()
    True
    """
    cpus = os.cpu_count() or 1
    try:
        idle = int(cpus - os.getloadavg()[0] + 0.5)
    except OSError:  # pragma: no cover - no load average on this platform
        idle = cpus
    return max(1, min(numba.get_num_threads(), idle))


def grundy_table(
    game_name: str, size: int, *, dtype: Any = None, threads: int | None = None
) -> np.ndarray:
    """G[x, y] for 0 <= x, y < size.

    Parameters
    ----------
    game_name : str
        ``"wythoff"``, ``"f-wythoff"`` or ``"r-wythoff"``.
    size : int
        Rows and columns, 0 <= size <= 2**30 - 1.
    dtype : numpy dtype, optional
        The table's integer dtype. Default: the smallest unsigned type that
        holds x + y <= 2 (size - 1) (:func:`table_dtype`: uint8 up to size
        128, uint16 up to 32768). Unsigned: cast before subtracting values.
    threads : int, optional
        Threads for the wavefront, 1 <= threads <= ``numba.config.NUMBA_NUM_THREADS``.
        Default :func:`default_threads` (numba's threads, fewer on a busy
        machine). The result does not depend on it.

    Returns
    -------
    numpy.ndarray
        ``(size, size)`` array, ``T[x, y] = G(x, y)``, symmetric.

    Raises
    ------
    ValueError
        Unknown game, size not a non-negative int, a dtype that is not an
        integer type or cannot hold 2 (size - 1), or threads out of range.
    OverflowError
        size beyond int32 values.
    MemoryError
        If the table and bitsets (:func:`table_memory`) need more than half
        the available memory.

    Examples
    --------
    >>> grundy_table("wythoff", 4).tolist()
    [[0, 1, 2, 3], [1, 2, 0, 4], [2, 0, 1, 5], [3, 4, 5, 6]]
    >>> grundy_table("wythoff", 4).dtype, grundy_table("wythoff", 300).dtype
    (dtype('uint8'), dtype('uint16'))
    >>> grundy_table("f-wythoff", 4, dtype=np.int32)[2].tolist()
    [2, 3, 1, 0]
    >>> grundy_table("chess", 3)
    Traceback (most recent call last):
    ...
    ValueError: grundy_table: unknown game 'chess' (known: f-wythoff, r-wythoff, wythoff)
    """
    if game_name not in CODES:
        known = ", ".join(sorted(GAMES))
        raise ValueError(f"grundy_table: unknown game {game_name!r} (known: {known})")
    if isinstance(size, bool) or not isinstance(size, (int, np.integer)) or size < 0:
        raise ValueError(f"grundy_table: size must be an int >= 0 (size = {size!r})")
    size = int(size)
    if size > MAX_SIZE:
        raise OverflowError(
            f"grundy_table: size = {size} is beyond the int32 values of the table "
            f"(at most {MAX_SIZE})"
        )
    chosen = _check_dtype(dtype, size)
    most = int(numba.config.NUMBA_NUM_THREADS)  # type: ignore[attr-defined]
    if threads is None:
        threads = default_threads()
    elif isinstance(threads, bool) or not isinstance(threads, int) or not 1 <= threads <= most:
        raise ValueError(
            f"grundy_table: threads must be an int in 1..{most} (threads = {threads!r})"
        )
    check_memory(table_memory(size, chosen), f"a {size}x{size} {game_name} Grundy table")
    out = np.zeros((size, size), dtype=chosen)
    words, full = _words(size)
    saved = numba.get_num_threads()
    numba.set_num_threads(threads)
    try:
        side = block_side(size, threads)
        bad = _fill(size, int(CODES[game_name]), side, words, full, out)
    finally:
        numba.set_num_threads(saved)
    if bad != Status.OK:  # pragma: no cover - a proven bound (004 Lemma 1, 001 Lemma 1 / Remark 5)
        raise RuntimeError(
            f"grundy_table: a {game_name} value below Landman's bound y - 2x in row {bad}"
        )
    return out


@jit
def _block(
    game: int,
    x0: int,
    x1: int,
    y0: int,
    y1: int,
    out: np.ndarray,
    line: np.ndarray,
    line_full: np.ndarray,
    diag: np.ndarray,
    diag_full: np.ndarray,
    diag_block: np.ndarray,
    diag_top: np.ndarray,
) -> int:  # pragma: no cover - jit
    """The cells x <= y of block [x0, x1) x [y0, y1) in row order; :attr:`Status.OK
    <fast._kernel_games.Status.OK>`, or a row with a value below the bound."""
    for x in range(x0, x1):
        for y in range(max(x, y0), y1):
            e = y - x
            use_column = game != _R_WYTHOFF or x == y
            use_diag = True
            if game == _F_WYTHOFF:
                if x == 0:
                    use_diag = False  # no slant move from (0, y)
                else:
                    block = e // x
                    if block != diag_block[e]:  # a new F-Wythoff slant block
                        for w in range(diag_top[e] + 1):
                            diag[e, w] = np.uint64(0)
                        for w in range((diag_top[e] >> 6) + 1):
                            diag_full[e, w] = np.uint64(0)
                        diag_top[e] = 0
                        diag_block[e] = block
            start = y - 2 * x  # Landman's lower bound (004 Lemma 1)
            if start < 0:
                start = 0
            w = start >> 6
            while True:
                # skip the words some follower set fills by itself
                sw = w >> 6
                skip = line_full[x, sw] | ((ONE << np.uint64(w & 63)) - ONE)
                if use_column:
                    skip |= line_full[y, sw]
                if use_diag:
                    skip |= diag_full[e, sw]
                if skip == ALL_ONES:
                    w = (sw + 1) << 6
                    continue
                w = (sw << 6) + lowest_zero_bit(skip)
                word = line[x, w]
                if use_column:
                    word |= line[y, w]
                if use_diag:
                    word |= diag[e, w]
                if word != ALL_ONES:
                    break
                w += 1
            v = (w << 6) + lowest_zero_bit(word)
            if v < start:
                return x
            out[x, y] = v
            out[y, x] = v
            wv = v >> 6
            bit = ONE << np.uint64(v & 63)
            full_bit = ONE << np.uint64(wv & 63)
            line[x, wv] |= bit
            if line[x, wv] == ALL_ONES:
                line_full[x, wv >> 6] |= full_bit
            if y != x:
                line[y, wv] |= bit
                if line[y, wv] == ALL_ONES:
                    line_full[y, wv >> 6] |= full_bit
            if use_diag:
                diag[e, wv] |= bit
                if diag[e, wv] == ALL_ONES:
                    diag_full[e, wv >> 6] |= full_bit
                if wv > diag_top[e]:
                    diag_top[e] = wv
    return _OK


@numba.njit(cache=True, parallel=True)
def _wavefront(
    game: int,
    side: int,
    s: int,
    i_lo: int,
    i_hi: int,
    out: np.ndarray,
    line: np.ndarray,
    line_full: np.ndarray,
    diag: np.ndarray,
    diag_full: np.ndarray,
    diag_block: np.ndarray,
    diag_top: np.ndarray,
    bad: np.ndarray,
) -> None:  # pragma: no cover - jit
    """The blocks (i, s - i), i_lo <= i < i_hi, of block anti-diagonal s, in parallel;
    a block that finds a value below the bound writes its row into ``bad[i]``."""
    n = out.shape[0]
    for i in numba.prange(i_lo, i_hi):
        j = s - i
        got = _block(
            game,
            i * side,
            min(n, (i + 1) * side),
            j * side,
            min(n, (j + 1) * side),
            out,
            line,
            line_full,
            diag,
            diag_full,
            diag_block,
            diag_top,
        )
        if got != _OK and bad[i] == _OK:
            bad[i] = got


#: Cells per kernel call (the Ctrl-C protocol, :mod:`floor.interrupt`): the wavefront
#: fills about 35 million cells a second per thread (8000^2 in 0.90 s on one idle
#: thread), so a call is about 0.1 s on one thread.
CELLS_PER_CALL = 1 << 22


def _fill(n: int, game: int, side: int, words: int, full: int, out: np.ndarray) -> int:
    """Fill ``out`` block anti-diagonal by block anti-diagonal, a few blocks per call
    (blocks of one anti-diagonal are independent); :attr:`Status.OK
    <fast._kernel_games.Status.OK>`, or the first bad row."""
    line = np.zeros((n, words), dtype=np.uint64)
    diag = np.zeros((n, words), dtype=np.uint64)
    line_full = np.zeros((n, full), dtype=np.uint64)
    diag_full = np.zeros((n, full), dtype=np.uint64)
    diag_block = np.full(n, -1, dtype=np.int64)  # F-Wythoff: e // x of diag's cells
    diag_top = np.zeros(n, dtype=np.int64)  # highest word written in diag[e]
    nb = (n + side - 1) // side
    bad = np.full(nb, _OK, dtype=np.int64)
    per_call = max(1, CELLS_PER_CALL // (side * side)) * numba.get_num_threads()
    for s in range(2 * nb - 1):
        first = s - nb + 1 if s >= nb else 0
        last = s // 2 + 1
        for i_lo in range(first, last, per_call):
            i_hi = min(last, i_lo + per_call)
            call(_wavefront, game, side, s, i_lo, i_hi, out, line, line_full, diag, diag_full,
                 diag_block, diag_top, bad)  # fmt: skip
    for i in range(nb):
        if bad[i] != _OK:
            return int(bad[i])  # the first block row that reported one
    return _OK
