"""Vectorised Zeckendorf z_1 and Fibonacci Nim outcomes (numba), twins of
:mod:`reference.zeckendorf`.

``z1_array(n)`` greedily strips the largest Fibonacci parts of each entry
(002 Theorem 3.1) and keeps the last (smallest); ``fibonacci_nim_is_p(n, r)``
applies 002 Theorem 3.2: (n, r) is a P-position iff n = 0 or r < z_1(n).

References
----------
I. Suriyaprakash, "Classical Impartial Games" (2021), §3, Theorem 3.2 and
Corollary 3.3.1. Seed ``002``.
"""

from __future__ import annotations

import numpy as np

from fast._jit import INT64_MAX, jit
from fast.beatty import _as_int64, _fibonacci_upto, check_memory
from floor.interrupt import ITEMS_PER_CALL, call, spans

__all__ = [
    "fibonacci_nim_is_p",
    "outcome_table",
    "start_is_p_array",
    "winning_move_array",
    "z1_array",
]


@jit
def _z1_kernel(n: np.ndarray, fib: np.ndarray, out: np.ndarray) -> None:
    top = len(fib) - 1
    for idx in range(n.size):
        rem = n[idx]
        i = top
        part = 0
        while rem > 0:
            while fib[i] > rem:
                i -= 1
            part = fib[i]
            rem -= part
        out[idx] = part  # 0 for n = 0 (empty representation)


@jit
def _is_p_kernel(n: np.ndarray, r: np.ndarray, fib: np.ndarray, out: np.ndarray) -> None:
    z = np.empty(n.size, dtype=np.int64)
    _z1_kernel(n, fib, z)
    for idx in range(n.size):
        out[idx] = n[idx] == 0 or r[idx] < z[idx]


def z1_array(n: np.typing.ArrayLike) -> np.ndarray:
    """z_1 of every entry (the smallest Zeckendorf part), int64; entries must be >= 1.

    Examples
    --------
    >>> z1_array([1, 4, 26, 13]).tolist()
    [1, 1, 5, 13]
    >>> z1_array([0])
    Traceback (most recent call last):
    ...
    ValueError: n must be >= 1 (found 0): 0 has no Zeckendorf part
    """
    array = _as_int64(n, "n", INT64_MAX)
    if array.size and int(array.min()) < 1:
        raise ValueError(f"n must be >= 1 (found {int(array.min())}): 0 has no Zeckendorf part")
    check_memory(16 * array.size, f"z1 of {array.size} integers")
    out = np.empty(array.shape, dtype=np.int64)
    flat, flat_out = np.ascontiguousarray(array).reshape(-1), out.reshape(-1)
    fib = _fibonacci_upto(array, 0)
    for lo, hi in spans(flat.size, ITEMS_PER_CALL):  # the Ctrl-C protocol: bounded calls
        call(_z1_kernel, flat[lo:hi], fib, flat_out[lo:hi])
    return out


def fibonacci_nim_is_p(n: np.typing.ArrayLike, r: np.typing.ArrayLike) -> np.ndarray:
    """Whether each (n, r) is a P-position of Fibonacci Nim (002 Theorem 3.2), bool array.

    ``n`` and ``r`` broadcast together; (0, r) is a P-position (no move).

    Examples
    --------
    >>> fibonacci_nim_is_p([8, 9, 0, 5], [7, 1, 3, 4]).tolist()
    [True, False, True, True]
    >>> fibonacci_nim_is_p([3], [-2])
    Traceback (most recent call last):
    ...
    ValueError: r must be >= 0 (found -2)
    """
    n_array = _as_int64(n, "n", INT64_MAX)
    r_array = _as_int64(r, "r", INT64_MAX)
    n_b, r_b = np.broadcast_arrays(n_array, r_array)
    check_memory(33 * n_b.size, f"Fibonacci Nim outcomes of {n_b.size} positions")
    n_flat = np.ascontiguousarray(n_b).reshape(-1)
    r_flat = np.ascontiguousarray(r_b).reshape(-1)
    out = np.empty(n_flat.size, dtype=np.bool_)
    fib = _fibonacci_upto(n_flat, 0)
    for lo, hi in spans(n_flat.size, ITEMS_PER_CALL):  # the Ctrl-C protocol: bounded calls
        call(_is_p_kernel, n_flat[lo:hi], r_flat[lo:hi], fib, out[lo:hi])
    return out.reshape(n_b.shape)


def winning_move_array(n: np.typing.ArrayLike, r: np.typing.ArrayLike) -> np.ndarray:
    """Tokens to take to win from each (n, r): z_1(n), or 0 at a P-position.

    Examples
    --------
    >>> winning_move_array([9, 8, 12], [8, 7, 11]).tolist()
    [1, 0, 1]
    """
    n_array = _as_int64(n, "n", INT64_MAX)
    r_array = _as_int64(r, "r", INT64_MAX)
    n_b, r_b = np.broadcast_arrays(n_array, r_array)
    is_p = fibonacci_nim_is_p(n_b, r_b)
    z = np.zeros(n_b.shape, dtype=np.int64)
    positive = n_b > 0
    z[positive] = z1_array(n_b[positive])
    return np.where(is_p, 0, z)


def start_is_p_array(n: np.typing.ArrayLike) -> np.ndarray:
    """Whether the start (n, n - 1) is a P-position (002 Corollary 3.3.1), n >= 1.

    Examples
    --------
    >>> # indices n - 1 of n = 1, 2, 3, 5, 8, 13
    >>> np.flatnonzero(start_is_p_array(np.arange(1, 15))).tolist()
    [0, 1, 2, 4, 7, 12]
    """
    array = _as_int64(n, "n", INT64_MAX)
    if array.size and int(array.min()) < 1:
        raise ValueError(f"n must be >= 1 (found {int(array.min())})")
    return fibonacci_nim_is_p(array, array - 1)


def outcome_table(n_max: int) -> np.ndarray:
    """1 where (n, r) is a P-position (:func:`fibonacci_nim_is_p`), 0 <= n, r <= n_max, int64.

    >>> outcome_table(3).tolist()
    [[1, 1, 1, 1], [1, 0, 0, 0], [1, 1, 0, 0], [1, 1, 1, 0]]
    """
    n, r = np.meshgrid(np.arange(n_max + 1), np.arange(n_max + 1), indexing="ij")
    return fibonacci_nim_is_p(n, r).astype(np.int64)
