"""Full Grundy tables G[x, y] of Wythoff, F-Wythoff and R-Wythoff (numba).

One pass over the upper triangle x <= y in row order (the three games are
symmetric, G(x, y) = G(y, x)). Every line keeps a bitset of the values it
holds, in uint64 words:

* ``line[k]``: the values of row k, which by symmetry are those of column k;
* ``diag[e]``: the values of the cells (x, x + e) a slant move can reach.

G(x, y) is the mex of the union of the follower sets. The word scan starts
at the largest of the sets' own mexes (every smaller value lies in that set,
hence in the union), which each set keeps up to date as it fills, so a cell
costs a few word ORs.

Followers of (x, y), x <= y (spec/games.py):

* Wythoff: row x, column y, all of diagonal y - x below.
* F-Wythoff: row x, column y, and the slant followers (x - j, y - j),
  1 <= j <= x - 1, with floor(y'/x') = floor(y/x). With e = y - x this is
  e // x' == e // x: the cells of a diagonal fall into blocks of equal
  e // x (x >= 1) and a slant move stays inside its block, so ``diag[e]`` is
  cleared whenever the block changes (001 §1, Lemma 2).
* R-Wythoff: only the larger pile may be reduced alone (either when equal):
  row x (the cells (x, y'), y' < y) and all of diagonal y - x below.

References
----------
Seeds ``000`` §1 (Wythoff), ``001`` §1 and Remark 5 (F- and R-Wythoff);
``004`` Lemmas 1 and 2 (Landman's m - 2n <= G(m, n) <= m + n, which bounds the
values by 2 (size - 1) and so the bitset width).
"""

from __future__ import annotations

import numpy as np

from fast._bits import ALL_ONES, ONE, lowest_zero_bit
from fast._jit import jit
from fast._memory import check_memory

__all__ = ["GAMES", "grundy_table", "table_memory"]

#: The games this module tabulates, with their kernel codes.
GAMES = {"wythoff": 0, "f-wythoff": 1, "r-wythoff": 2}
#: The largest size: values stay below 2 * size, inside int32.
MAX_SIZE = 2**30 - 1


def table_memory(size: int) -> int:
    """Bytes :func:`grundy_table` needs for ``size`` (table + bitsets), an estimate.

    Examples
    --------
    >>> table_memory(4096) // 2**20
    72
    """
    words = (2 * size) // 64 + 2
    return 4 * size * size + 2 * 8 * size * words + 64 * size


def grundy_table(game_name: str, size: int) -> np.ndarray:
    """G[x, y] for 0 <= x, y < size.

    Parameters
    ----------
    game_name : str
        ``"wythoff"``, ``"f-wythoff"`` or ``"r-wythoff"``.
    size : int
        Rows and columns, 0 <= size <= 2**30 - 1.

    Returns
    -------
    numpy.ndarray
        ``(size, size)`` int32 array, ``T[x, y] = G(x, y)``.

    Raises
    ------
    ValueError
        Unknown game, or size not a non-negative int.
    OverflowError
        size beyond int32 values.
    MemoryError
        If the table and bitsets (:func:`table_memory`, about
        4.5 size**2 bytes) need more than half the available memory.

    Examples
    --------
    >>> grundy_table("wythoff", 4).tolist()
    [[0, 1, 2, 3], [1, 2, 0, 4], [2, 0, 1, 5], [3, 4, 5, 6]]
    >>> grundy_table("f-wythoff", 4)[2].tolist()
    [2, 3, 1, 0]
    >>> grundy_table("chess", 3)
    Traceback (most recent call last):
    ...
    ValueError: grundy_table: unknown game 'chess' (known: f-wythoff, r-wythoff, wythoff)
    """
    if game_name not in GAMES:
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
    check_memory(table_memory(size), f"a {size}x{size} {game_name} Grundy table")
    out = np.zeros((size, size), dtype=np.int32)
    _table_kernel(size, GAMES[game_name], out)
    return out


@jit
def _table_kernel(n: int, game: int, out: np.ndarray) -> None:  # pragma: no cover - jit
    nw = (2 * n) // 64 + 2  # values are < 2n (Landman's upper bound x + y)
    line = np.zeros((n, nw), dtype=np.uint64)
    diag = np.zeros((n, nw), dtype=np.uint64)
    line_mex = np.zeros(n, dtype=np.int64)
    diag_mex = np.zeros(n, dtype=np.int64)
    diag_block = np.full(n, -1, dtype=np.int64)  # F-Wythoff: e // x of diag's cells
    diag_top = np.zeros(n, dtype=np.int64)  # highest word written in diag[e]
    for x in range(n):
        for y in range(x, n):
            e = y - x
            use_column = game != 2 or x == y
            use_diag = True
            if game == 1:
                if x == 0:
                    use_diag = False  # no slant move from (0, y)
                else:
                    block = e // x
                    if block != diag_block[e]:
                        for w in range(diag_top[e] + 1):
                            diag[e, w] = np.uint64(0)
                        diag_mex[e] = 0
                        diag_top[e] = 0
                        diag_block[e] = block
            start = line_mex[x]
            if use_column and line_mex[y] > start:
                start = line_mex[y]
            if use_diag and diag_mex[e] > start:
                start = diag_mex[e]
            w = start >> 6
            while True:
                word = line[x, w]
                if use_column:
                    word |= line[y, w]
                if use_diag:
                    word |= diag[e, w]
                if word != ALL_ONES:
                    break
                w += 1
            v = (w << 6) + lowest_zero_bit(word)
            out[x, y] = v
            out[y, x] = v
            wv = v >> 6
            bit = ONE << np.uint64(v & 63)
            line[x, wv] |= bit
            while (line[x, line_mex[x] >> 6] >> np.uint64(line_mex[x] & 63)) & ONE:
                line_mex[x] += 1
            if y != x:
                line[y, wv] |= bit
                while (line[y, line_mex[y] >> 6] >> np.uint64(line_mex[y] & 63)) & ONE:
                    line_mex[y] += 1
            if game != 1 or x >= 1:
                diag[e, wv] |= bit
                if wv > diag_top[e]:
                    diag_top[e] = wv
                while (diag[e, diag_mex[e] >> 6] >> np.uint64(diag_mex[e] & 63)) & ONE:
                    diag_mex[e] += 1
