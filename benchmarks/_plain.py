"""Plain baselines of the harness (``python -m benchmarks``): the same work, done simply.

Each is the straightforward algorithm, single core, with no trick of the
project's kernels: a baseline beside every re-measured speed constant
(benchmarks/constants.py) in the same run.

- :func:`mex_table`: Wythoff's table, the mex over *all* followers of each
  cell (numba; the C loop of benchmarks/bench_engine.py).
- :func:`bitset_table`: Wythoff's table by line and diagonal bitsets (numba;
  the plain program of benchmarks/bench_tables_bitset.py).
- :func:`strip_checksum`: the values-only Wythoff strip of rows 0..X (numba;
  the C program of benchmarks/bench_strip.py, its diagonal slot counted down).
- :func:`plain_cube`: a three-pile ray game's cube, the mex over every
  follower along every ray (numba; benchmarks/bench_cube.py's plain loop).
- :func:`python_mex_table`: Wythoff's table in plain Python, the mex over
  every follower (the spec's work without its memo); it returns the followers
  it visited.
- :func:`subtraction_plain`, :func:`octal_plain`: a subtraction game's and a
  splitting octal game's nim-sequence, the plain mex loop (numba; the C loops
  of issue 38's speed targets).
- :func:`python_subtraction`: the same subtraction game in plain Python.
"""

from __future__ import annotations

import numba
import numpy as np

__all__ = [
    "bitset_table", "mex_table", "octal_plain", "plain_cube", "python_mex_table",
    "python_subtraction", "strip_checksum", "subtraction_plain",
]  # fmt: skip


@numba.njit(cache=True)
def mex_table(rows: int, cols: int) -> np.ndarray:  # pragma: no cover - jit
    """G(x, y) of Wythoff for x < rows, y < cols: the mex over every follower (row-major)."""
    g = np.zeros((rows, cols), np.int32)
    seen = np.zeros(2 * (rows + cols) + 2, np.int64)
    stamp = 0
    for x in range(rows):
        for y in range(cols):
            stamp += 1
            for k in range(1, x + 1):
                seen[g[x - k, y]] = stamp
            for k in range(1, y + 1):
                seen[g[x, y - k]] = stamp
            for k in range(1, min(x, y) + 1):
                seen[g[x - k, y - k]] = stamp
            v = 0
            while seen[v] == stamp:
                v += 1
            g[x, y] = v
    return g


@numba.njit(cache=True)
def bitset_table(n: int) -> np.ndarray:  # pragma: no cover - jit
    """Wythoff's n x n table, its upper triangle (y >= x), by row, column and diagonal
    bitsets (bench_tables_bitset.py's plain program)."""
    words = (2 * n) // 64 + 2
    row = np.zeros((n, words), np.uint64)
    col = np.zeros((n, words), np.uint64)
    dia = np.zeros((n, words), np.uint64)
    t = np.zeros((n, n), np.uint16)
    full = np.uint64(0xFFFFFFFFFFFFFFFF)
    for x in range(n):
        for w in range(words):
            row[x, w] |= col[x, w]
        for y in range(x, n):
            e = y - x
            w = max(y - 2 * x, 0) >> 6
            word = row[x, w] | col[y, w] | dia[e, w]
            while word == full:
                w += 1
                word = row[x, w] | col[y, w] | dia[e, w]
            b = 0
            while (word >> np.uint64(b)) & np.uint64(1):
                b += 1
            v = (w << 6) + b
            t[x, y] = v
            bit = np.uint64(1) << np.uint64(v & 63)
            row[x, v >> 6] |= bit
            col[y, v >> 6] |= bit
            dia[e, v >> 6] |= bit
    return t


@numba.njit(cache=True)
def _ring_words(top: int) -> int:  # pragma: no cover - jit
    """Words of a row's ring bitset: a power of two holding the 3 top + 2 values a row of
    the strip can mark beyond its column, and one word more."""
    need = (3 * top + 2 + 64 + 63) // 64
    words = 1
    while words < need:
        words *= 2
    return words


@numba.njit(cache=True)
def _first_free(
    start: int, row: np.ndarray, col: np.ndarray, diag: np.ndarray, use_diag: bool, mask: int
) -> int:  # pragma: no cover - jit
    """The least value >= ``start`` marked in none of the ring bitsets ``row``, ``col`` and
    (where ``use_diag``) ``diag``: the cell's value."""
    full = np.uint64(0xFFFFFFFFFFFFFFFF)
    one = np.uint64(1)
    w = start >> 6
    first = (one << np.uint64(start & 63)) - one
    while True:
        i = w & mask
        word = first | row[i] | col[i]
        if use_diag:
            word |= diag[i]
        if word != full:
            break
        first = np.uint64(0)
        w += 1
    b = 0
    while (word >> np.uint64(b)) & one:
        b += 1
    return int((w << 6) + b)


@numba.njit(cache=True)
def _next_mex(row: np.ndarray, m: int, mask: int) -> int:  # pragma: no cover - jit
    """The row's new mex after its mex ``m - 1`` was taken: the marks from ``m`` on cleared
    while they run (the ring keeps only the values above the mex)."""
    one = np.uint64(1)
    while True:
        i = (m >> 6) & mask
        b2 = one << np.uint64(m & 63)
        if not (row[i] & b2):
            return m
        row[i] &= ~b2
        m += 1


@numba.njit(cache=True)
def strip_checksum(top: int, cols: int) -> np.uint64:  # pragma: no cover - jit
    """Checksum of the Wythoff strip of rows 0..top, columns 0..cols-1, values only.

    A port of benchmarks/bench_strip.py's C program (rows kept as ring
    bitsets of the values relative to the column); the checksum is the C
    program's.
    """
    rows = top + 1
    words = _ring_words(top)
    mask = words - 1
    row = np.zeros((rows, words), np.uint64)
    diag = np.zeros((rows, words), np.uint64)
    col = np.zeros(words, np.uint64)
    mex = np.zeros(rows, np.int64)
    total = np.uint64(0)
    one = np.uint64(1)
    for y in range(cols):
        s0 = y % rows
        slot = s0
        diag[s0, :] = 0
        col[:] = 0
        for k in range(rows):
            v = _first_free(mex[k], row[k], col, diag[slot], k > 0 and y > 0, mask)
            total = total * np.uint64(1000003) + np.uint64(v - y + 2 * top)
            bit = one << np.uint64(v & 63)
            if v == mex[k]:
                mex[k] = _next_mex(row[k], v + 1, mask)
            else:
                row[k, (v >> 6) & mask] |= bit
            col[(v >> 6) & mask] |= bit
            diag[slot, (v >> 6) & mask] |= bit
            slot = rows - 1 if slot == 0 else slot - 1
    return total


def python_mex_table(rows: int, cols: int) -> tuple[list[list[int]], int]:
    """Wythoff's table in plain Python (mex over every follower), and the followers visited.

    Each cell (x, y) visits its x + y + min(x, y) followers: 23 in the 3 x 3 corner.

    >>> python_mex_table(3, 3)
    ([[0, 1, 2], [1, 2, 0], [2, 0, 1]], 23)
    """
    g = [[0] * cols for _ in range(rows)]
    visits = 0
    for x in range(rows):
        for y in range(cols):
            seen = {g[x - k][y] for k in range(1, x + 1)}
            seen.update(g[x][y - k] for k in range(1, y + 1))
            seen.update(g[x - k][y - k] for k in range(1, min(x, y) + 1))
            visits += x + y + min(x, y)
            v = 0
            while v in seen:
                v += 1
            g[x][y] = v
    return g, visits


@numba.njit(cache=True)
def subtraction_plain(moves: np.ndarray, terms: int) -> np.ndarray:  # pragma: no cover - jit
    """G(n), n < terms, of the subtraction game ``moves``: mex of G(n - k), k <= n."""
    g = np.zeros(terms, np.uint8)
    seen = np.zeros(moves.shape[0] + 2, np.int64)
    for n in range(terms):
        for k in moves:
            if k <= n:
                seen[g[n - k]] = n + 1
        v = 0
        while seen[v] == n + 1:
            v += 1
        g[n] = v
    return g


@numba.njit(cache=True)
def octal_plain(terms: int) -> np.ndarray:  # pragma: no cover - jit
    """G(n), n < terms, of Dawson's Kayles (0.07): remove 2 leaving 0, 1 or 2 heaps."""
    g = np.zeros(terms, np.uint16)
    seen = np.zeros(65538, np.int64)
    for n in range(2, terms):
        rest = n - 2
        if rest == 0:
            seen[0] = n + 1
        else:
            seen[g[rest]] = n + 1
        for a in range(1, rest // 2 + 1):
            seen[g[a] ^ g[rest - a]] = n + 1
        v = 0
        while seen[v] == n + 1:
            v += 1
        g[n] = v
    return g


def python_subtraction(moves: tuple[int, ...], terms: int) -> list[int]:
    """The subtraction game ``moves`` in plain Python.

    >>> python_subtraction((1, 3, 4), 8)
    [0, 1, 0, 1, 2, 3, 2, 0]
    """
    g: list[int] = []
    for n in range(terms):
        seen = {g[n - k] for k in moves if k <= n}
        v = 0
        while v in seen:
            v += 1
        g.append(v)
    return g


@numba.njit(cache=True)
def plain_cube(n: int, rays: np.ndarray) -> np.ndarray:  # pragma: no cover - jit
    """G on [0, n)^3 of a ray game: the mex over every follower (a stamp array)."""
    g = np.zeros((n, n, n), np.int32)
    seen = np.zeros(3 * n * rays.shape[0] + 8, np.int64)
    stamp = 0
    for x in range(n):
        for y in range(n):
            for z in range(n):
                stamp += 1
                for r in range(rays.shape[0]):
                    u, v, w = x - rays[r, 0], y - rays[r, 1], z - rays[r, 2]
                    while u >= 0 and v >= 0 and w >= 0:
                        seen[g[u, v, w]] = stamp
                        u -= rays[r, 0]
                        v -= rays[r, 1]
                        w -= rays[r, 2]
                m = 0
                while seen[m] == stamp:
                    m += 1
                g[x, y, z] = m
    return g
