"""Fibonacci Nim's Grundy rows as step functions, without the row scan (numba).

The twin of :mod:`reference.fibonacci` (same names, same results): row n of
G(n, r) is a nondecreasing step function of r, stored as its steps. The
reference finds row n's steps by scanning k = 1..n; this module finds them
from the steps of the earlier rows, so n_max = 10^6 takes seconds.

How
---
Write w_n(k) = G(n - k, min(2k, n - k)) for the value of the move that takes
k tokens from (n, .). Row n is the running mex of w_n(1), w_n(2), ...: with
first_n(u) the least k with w_n(k) = u, and P_j = max(first_n(0), ...,
first_n(j - 1)), G(n, r) = the largest j with P_j <= r.

A step [lo, hi) of value u in row m makes w_{m+k}(k) = u exactly for k in
an interval [A, B] (2k in [lo, hi) while 2k < m; B is infinite for the last
step, value G(m, m)); that is, for the rows n in [m + A, m + B]. So
first_n(u) = n - (the largest m whose interval for u holds n). Each value u
keeps the rows whose interval holds n now, as a list sorted by m whose ends
decrease (an interval with a larger m that ends no sooner makes the others
useless): the largest live m is at its top, and intervals that end are
popped from there. An interval enters its list at its first row m + A (a
bucket per row). Each row costs about G(n, n) list reads and its few steps'
insertions.

Range: rows n <= :data:`MAX_ROWS` (int32 starts; the time and memory
measured at 10^6 rows: about 2.5 s and 0.23 GiB); memory is checked before
allocating.

References
----------
I. Suriyaprakash, "Classical Impartial Games" (2021), §3 (Fibonacci Nim and
Figure 1), seed ``002``. U. Larsson and S. Rubinstein-Salzedo, "Grundy values
of Fibonacci nim", IJGT 45 (2016).
"""

from __future__ import annotations

import numba
import numpy as np

from fast._jit import jit
from floor.interrupt import call
from floor.memory import check_memory

__all__ = [
    "BYTES_PER_ROW",
    "MAX_ROWS",
    "FibonacciRows",
    "grundy_block",
    "grundy_table",
    "grundy_value",
    "outcome_table",
    "row_steps",
    "rows_cost",
    "starting_values",
    "values_at",
]

#: The largest n_max the kernel takes. Measured: 10^6 rows 2.4 s and 0.21 GiB (load 3),
#: 5 * 10^6 rows 36 s and 0.95 GiB (load 4, two cores); 2 * 10^7 extrapolates to about
#: a minute and 4 GiB on an idle core (starts are int32, far from their limit).
MAX_ROWS = 20_000_000
#: Bytes per row while computing (steps, buckets, interval pool), measured up to 10^6 rows.
BYTES_PER_ROW = 240
#: Rows 0..n take about n (1 + n / ROWS_SCALE) / ROWS_PER_SECOND seconds (the registry's cost
#: model): 10^6 rows 1.4 s idle (2026-11-26), 2.4 s at load 3; 5 * 10^6 36 s at load 4.
ROWS_PER_SECOND = 1e6
ROWS_SCALE = 2e6


class FibonacciRows:
    """Rows 0..n_max of Fibonacci Nim as step functions.

    Row n's steps are ``starts[offsets[n]:offsets[n + 1]]`` (ascending, the
    first is 0) and ``values[...]``; G(n, r) = the value of the last step
    with start <= min(r, n).
    """

    def __init__(self, offsets: np.ndarray, starts: np.ndarray, values: np.ndarray) -> None:
        self.offsets = offsets
        self.starts = starts
        self.values = values

    @property
    def n_max(self) -> int:
        return len(self.offsets) - 2

    def steps(self, n: int) -> list[tuple[int, int]]:
        """Row n's steps ``[(start, value), ...]`` (as :func:`reference.fibonacci.row_steps`)."""
        lo, hi = int(self.offsets[n]), int(self.offsets[n + 1])
        return [
            (int(s), int(v)) for s, v in zip(self.starts[lo:hi], self.values[lo:hi], strict=True)
        ]

    def value(self, n: int, r: int) -> int:
        """G(n, r) for 0 <= n <= n_max, r >= 0."""
        lo, hi = int(self.offsets[n]), int(self.offsets[n + 1])
        index = int(np.searchsorted(self.starts[lo:hi], min(r, n), side="right")) - 1
        return int(self.values[lo + index])

    def tolist(self) -> list[list[tuple[int, int]]]:
        """Every row's steps, as :func:`reference.fibonacci.row_steps` returns them."""
        return [self.steps(n) for n in range(self.n_max + 1)]


def _check_rows(name: str, value: int, limit: int = MAX_ROWS) -> int:
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or value < 0:
        raise ValueError(f"{name} must be an int >= 0 ({name} = {value!r})")
    if value > limit:
        raise OverflowError(
            f"{name} = {value} is beyond fast.fibonacci's range (at most {limit:,} rows: "
            "int32 steps, about a minute at the limit)"
        )
    return int(value)


@jit
def _grow(a: np.ndarray, size: int) -> np.ndarray:  # pragma: no cover - jit
    b = np.empty(size, dtype=a.dtype)
    b[: a.shape[0]] = a
    return b


@jit
def _grow2(a: np.ndarray, rows: int, cols: int) -> np.ndarray:  # pragma: no cover - jit
    b = np.zeros((rows, cols), dtype=a.dtype)
    b[: a.shape[0], : a.shape[1]] = a
    return b


def _rows_state(n_max: int) -> tuple[np.ndarray, ...]:
    """The kernel's state before row 0: offsets, the step arrays, the live interval lists
    per value, the waiting intervals (a linked list per row, pooled) and the scalars."""
    offsets = np.zeros(n_max + 2, dtype=np.int64)
    cap = 8 * (n_max + 1) + 16
    starts = np.empty(cap, dtype=np.int32)
    values = np.empty(cap, dtype=np.int32)
    # per value u: the live intervals, m ascending and ends descending
    front_m = np.zeros((64, 16), dtype=np.int64)
    front_e = np.zeros((64, 16), dtype=np.int64)
    fsize = np.zeros(64, dtype=np.int64)
    first = np.zeros(64, dtype=np.int64)
    # intervals waiting for their first row: a linked list per row, pooled
    head = np.full(n_max + 2, -1, dtype=np.int64)
    pool_next = np.empty(1024, dtype=np.int64)
    pool_m = np.empty(1024, dtype=np.int64)
    pool_u = np.empty(1024, dtype=np.int64)
    pool_e = np.empty(1024, dtype=np.int64)
    scalars = np.array([-1, 0, 0], dtype=np.int64)  # free, used, total
    return (offsets, starts, values, front_m, front_e, fsize, first, head,
            pool_next, pool_m, pool_u, pool_e, scalars)  # fmt: skip


def _rows_block_py(
    n_lo: int,
    n_hi: int,
    n_max: int,
    offsets: np.ndarray,
    starts: np.ndarray,
    values: np.ndarray,
    front_m: np.ndarray,
    front_e: np.ndarray,
    fsize: np.ndarray,
    first: np.ndarray,
    head: np.ndarray,
    pool_next: np.ndarray,
    pool_m: np.ndarray,
    pool_u: np.ndarray,
    pool_e: np.ndarray,
    scalars: np.ndarray,
) -> tuple[np.ndarray, ...]:  # pragma: no cover - jit
    """Rows n_lo..n_hi-1 from the state after row n_lo - 1 (:func:`_rows_state`).

    Returns the arrays that may have grown (starts, values, front_m, front_e,
    fsize, first, pool_next, pool_m, pool_u, pool_e); ``offsets``, ``head`` and
    ``scalars`` are updated in place.
    """
    never = np.int64(2**62)
    free = scalars[0]
    used = scalars[1]
    total = scalars[2]
    for n in range(n_lo, n_hi):
        # 1. intervals starting at row n join their value's list
        e = head[n]
        while e != -1:
            nxt = pool_next[e]
            m = pool_m[e]
            end = pool_e[e]
            u = pool_u[e]
            s = fsize[u]
            p = s
            while p > 0 and front_m[u, p - 1] > m:
                p -= 1
            if p == s or front_e[u, p] < end:  # not made useless by a larger m
                q = p
                while q > 0 and front_e[u, q - 1] <= end:
                    q -= 1
                if q == p and s == front_m.shape[1]:
                    front_m = _grow2(front_m, front_m.shape[0], 2 * s)
                    front_e = _grow2(front_e, front_e.shape[0], 2 * s)
                shift = 1 - (p - q)  # entries q..p-1 are replaced by the new one
                if shift == 1:
                    for j in range(s - 1, p - 1, -1):
                        front_m[u, j + 1] = front_m[u, j]
                        front_e[u, j + 1] = front_e[u, j]
                elif shift < 0:
                    for j in range(p, s):
                        front_m[u, j + shift] = front_m[u, j]
                        front_e[u, j + shift] = front_e[u, j]
                front_m[u, q] = m
                front_e[u, q] = end
                fsize[u] = s + shift
            pool_next[e] = free
            free = e
            e = nxt
        # 2. first_n(u) for u = 0, 1, ... until a value has no live interval (the mex)
        mex = 0
        if n > 0:
            while mex < fsize.shape[0]:
                s = fsize[mex]
                while s > 0 and front_e[mex, s - 1] < n:
                    s -= 1
                fsize[mex] = s
                if s == 0:
                    break
                first[mex] = n - front_m[mex, s - 1]
                mex += 1
        # 3. row n's steps: G(n, r) = j from r = P_j = max(first[0..j-1]) on
        if total + mex + 1 > starts.shape[0]:
            starts = _grow(starts, 2 * starts.shape[0] + mex + 1)
            values = _grow(values, 2 * values.shape[0] + mex + 1)
        row = total
        starts[total] = 0
        values[total] = 0
        total += 1
        top = 0
        for j in range(1, mex + 1):
            if first[j - 1] > top:
                top = first[j - 1]
            if top == starts[total - 1]:
                values[total - 1] = j
            else:
                starts[total] = top
                values[total] = j
                total += 1
        offsets[n + 1] = total
        # 4. each step of row n gives the rows n + k, k in [A, B], where w(k) is its value
        for i in range(row, total):
            lo = np.int64(starts[i])
            a = max(np.int64(1), (lo + 1) // 2)
            if i == total - 1:
                end = never
            else:
                b = (np.int64(starts[i + 1]) + 1) // 2 - 1
                if a > b:
                    continue
                end = n + b
            if n + a > n_max:
                continue
            u = np.int64(values[i])
            if u >= fsize.shape[0]:
                width = 2 * fsize.shape[0]
                front_m = _grow2(front_m, width, front_m.shape[1])
                front_e = _grow2(front_e, width, front_e.shape[1])
                fsize = _grow(fsize, width)
                fsize[width // 2 :] = 0
                first = _grow(first, width)
            if free == -1:
                if used == pool_m.shape[0]:
                    size = 2 * used
                    pool_next = _grow(pool_next, size)
                    pool_m = _grow(pool_m, size)
                    pool_u = _grow(pool_u, size)
                    pool_e = _grow(pool_e, size)
                slot = used
                used += 1
            else:
                slot = free
                free = pool_next[free]
            pool_m[slot] = n
            pool_u[slot] = u
            pool_e[slot] = end
            pool_next[slot] = head[n + a]
            head[n + a] = slot
    scalars[0] = free
    scalars[1] = used
    scalars[2] = total
    return (starts, values, front_m, front_e, fsize, first,
            pool_next, pool_m, pool_u, pool_e)  # fmt: skip


# fast._jit.jit plus nogil: a block leaves the interpreter free for a progress display.
_rows_block = numba.njit(cache=True, nogil=True)(_rows_block_py)

#: Rows per kernel call (the Ctrl-C protocol, :mod:`floor.interrupt`): measured 2.4 us a
#: row at 10^6 rows and 7 us at 5 * 10^6 (load 3-4), so a block is 20-60 ms.
ROWS_PER_BLOCK = 8192


def _rows(n_max: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Rows 0..n_max in blocks of :data:`ROWS_PER_BLOCK` (Ctrl-C between blocks)."""
    state = list(_rows_state(n_max))
    offsets, scalars = state[0], state[12]
    grown = [1, 2, 3, 4, 5, 6, 8, 9, 10, 11]  # the arrays a block may reallocate
    for n_lo in range(0, n_max + 1, ROWS_PER_BLOCK):
        n_hi = min(n_max + 1, n_lo + ROWS_PER_BLOCK)
        out = call(_rows_block, n_lo, n_hi, n_max, *state)
        for index, array in zip(grown, out, strict=True):
            state[index] = array
    total = int(scalars[2])
    return offsets, state[1][:total].copy(), state[2][:total].copy()


def row_steps(n_max: int) -> FibonacciRows:
    """The steps of rows n = 0..n_max (:class:`FibonacciRows`).

    Raises
    ------
    ValueError
        n_max is not an int >= 0.
    OverflowError
        n_max > :data:`MAX_ROWS`.
    MemoryError
        The rows would need more than half the available memory.

    Examples
    --------
    >>> rows = row_steps(5)
    >>> rows.steps(5), rows.steps(4)
    ([(0, 0), (5, 4)], [(0, 0), (1, 1), (3, 3)])
    """
    n_max = _check_rows("n_max", n_max)
    check_memory(BYTES_PER_ROW * (n_max + 1), f"Fibonacci Nim rows 0..{n_max:,} (fast.fibonacci)")
    return FibonacciRows(*_rows(n_max))


def grundy_value(n: int, r: int) -> int:
    """G(n, r) of Fibonacci Nim (any r >= 0; G(n, r) = G(n, n) for r >= n).

    >>> grundy_value(8, 7), grundy_value(9, 8), grundy_value(4, 10**9)
    (0, 5, 3)
    """
    n = _check_rows("n", n)
    if isinstance(r, bool) or not isinstance(r, (int, np.integer)) or r < 0:
        raise ValueError(f"r must be an int >= 0 (r = {r!r})")
    return row_steps(n).value(n, int(r))


def values_at(positions: list[tuple[int, int]]) -> list[int]:
    """G(n, r) at each position (n, r), from the steps of rows 0..max n.

    >>> values_at([(8, 7), (9, 8), (4, 10**9)])
    [0, 5, 3]
    """
    rows = row_steps(max((n for n, _ in positions), default=0))
    return [rows.value(n, r) for n, r in positions]


def rows_cost(rows: int, cells: int = 0) -> tuple[float, int]:
    """(seconds, bytes) of rows 0..rows-1 (the measured constants above), and ``cells`` of
    int64 output.

    >>> seconds, memory = rows_cost(10**6)
    >>> round(seconds, 1), memory
    (1.5, 240000000)
    """
    seconds = rows * (1 + rows / ROWS_SCALE) / ROWS_PER_SECOND + cells / 1e8
    return seconds, rows * BYTES_PER_ROW + 8 * cells


#: Entries per call of the expanding kernels (a few ns each): a block is a few ms to 50 ms.
CELLS_PER_BLOCK = 1 << 24


@jit
def _starting_kernel(
    offsets: np.ndarray, starts: np.ndarray, values: np.ndarray, out: np.ndarray, lo: int, hi: int
) -> None:  # pragma: no cover - jit
    for n in range(max(lo, 1), hi):
        i = offsets[n + 1] - 1
        while starts[i] > n - 1:
            i -= 1
        out[n] = values[i]


def starting_values(n_max: int) -> np.ndarray:
    """G(n, n - 1) for n = 0..n_max (the entry for n = 0 is G(0, 0) = 0), int64.

    >>> starting_values(13).tolist()
    [0, 0, 0, 0, 3, 0, 4, 4, 0, 5, 5, 5, 6, 0]
    """
    rows = row_steps(n_max)
    out = np.zeros(n_max + 1, dtype=np.int64)
    for lo in range(0, n_max + 1, CELLS_PER_BLOCK):
        hi = min(n_max + 1, lo + CELLS_PER_BLOCK)
        call(_starting_kernel, rows.offsets, rows.starts, rows.values, out, lo, hi)
    return out


@jit
def _expand_kernel(
    offsets: np.ndarray, starts: np.ndarray, values: np.ndarray, out: np.ndarray, lo: int, hi: int
) -> None:  # pragma: no cover - jit
    size = out.shape[1]
    for n in range(lo, hi):
        lo = offsets[n]
        hi = offsets[n + 1]
        for i in range(lo, hi):
            stop = starts[i + 1] if i + 1 < hi else size
            for r in range(starts[i], min(stop, size)):
                out[n, r] = values[i]


def grundy_block(rows: int, cols: int) -> np.ndarray:
    """G(n, r) for 0 <= n < rows, 0 <= r < cols, the smallest unsigned dtype that holds it.

    >>> grundy_block(3, 6).tolist()
    [[0, 0, 0, 0, 0, 0], [0, 1, 1, 1, 1, 1], [0, 0, 2, 2, 2, 2]]
    """
    rows = _check_rows("rows", rows, MAX_ROWS + 1)
    cols = _check_rows("cols", cols, 2**62)
    check_memory(rows * cols * 2, f"a {rows}x{cols} Fibonacci Nim table (fast.fibonacci)")
    if rows == 0 or cols == 0:
        return np.zeros((rows, cols), dtype=np.uint8)
    steps = row_steps(rows - 1)
    top = int(steps.values.max())
    dtype = np.uint8 if top < 256 else np.uint16 if top < 65536 else np.uint32
    out = np.zeros((rows, cols), dtype=dtype)
    per_block = max(1, CELLS_PER_BLOCK // cols)
    for lo in range(0, rows, per_block):
        hi = min(rows, lo + per_block)
        call(_expand_kernel, steps.offsets, steps.starts, steps.values, out, lo, hi)
    return out


def grundy_table(size: int) -> np.ndarray:
    """G(n, r) for 0 <= n, r < size (002 Figure 1 is the top-left corner).

    >>> grundy_table(5).tolist()
    [[0, 0, 0, 0, 0], [0, 1, 1, 1, 1], [0, 0, 2, 2, 2], [0, 0, 0, 3, 3], [0, 1, 1, 3, 3]]
    """
    size = _check_rows("size", size, MAX_ROWS + 1)
    return grundy_block(size, size)


def outcome_table(n_max: int) -> np.ndarray:
    """1 where G(n, r) = 0 (a P-position), 0 <= n, r <= n_max, int64.

    >>> outcome_table(3).tolist()
    [[1, 1, 1, 1], [1, 0, 0, 0], [1, 1, 0, 0], [1, 1, 1, 0]]
    """
    return np.asarray(grundy_table(n_max + 1) == 0, dtype=np.int64)
