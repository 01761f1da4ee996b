"""Exact floor(n * phi) and floor(n * phi^2) over int64 arrays (numba).

No floating point: with the distinct Fibonacci numbers f_0 = 1, f_1 = 2,
f_2 = 3, ... and the Zeckendorf representation n = sum f_{i_j}
(i_1 < i_2 < ..., smallest first), the identity

    floor(n * phi) = sum f_{i_j + 1} - [i_1 even]

(the "Fibonacci successor" of n, less one when the smallest part is
f_0, f_2, f_4, ...) holds for every n >= 1; it is checked in
tests/test_fast_landman_zeck.py against :func:`reference.beatty.lower_wythoff`
(isqrt, exact for any size) on random n up to 2**62 and on Fibonacci numbers
and their neighbours, the hardest cases (n phi closest to an integer when n
is a Fibonacci number). All sums stay below 2**63 for n <= :data:`N_MAX`.

References
----------
Seed 000 Theorem 1.1 (P-positions of Wythoff); seed 002 Theorem 3.1
(Zeckendorf) and Theorem 4.3 (Beatty).
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from fast._jit import INT64_MAX, jit
from floor.interrupt import ITEMS_PER_CALL, call, spans
from floor.memory import available_memory, check_memory
from reference.beatty import lower_wythoff, upper_wythoff

__all__ = [
    "FIBONACCI",
    "N_MAX",
    "N_MAX_UPPER",
    "available_memory",
    "check_memory",
    "lower_wythoff_array",
    "upper_wythoff_array",
]


def _fibonacci_int64() -> np.ndarray:
    fibs = [1, 2]
    while fibs[-1] + fibs[-2] <= INT64_MAX:
        fibs.append(fibs[-1] + fibs[-2])
    return np.array(fibs, dtype=np.int64)


#: The distinct Fibonacci numbers 1, 2, 3, 5, ... up to int64's range (91 of them).
FIBONACCI = _fibonacci_int64()


def _largest(f: Callable[[int], int], limit: int) -> int:
    low, high = 0, limit
    while low < high:  # the largest n with f(n) <= INT64_MAX
        mid = (low + high + 1) // 2
        if f(mid) <= INT64_MAX:
            low = mid
        else:
            high = mid - 1
    return low


#: The largest n with floor(n * phi) <= 2**63 - 1.
N_MAX = _largest(lower_wythoff, INT64_MAX)
#: The largest n with floor(n * phi^2) <= 2**63 - 1.
N_MAX_UPPER = _largest(upper_wythoff, INT64_MAX)


def _fibonacci_upto(array: np.ndarray, extra: int = 1) -> np.ndarray:
    """FIBONACCI up to the largest part any entry can have, plus ``extra`` more.

    The kernels scan down from the last entry, so trimming the table saves
    the steps above max(array).
    """
    biggest = int(array.max()) if array.size else 0
    top = int(np.searchsorted(FIBONACCI, biggest, side="right"))  # entries <= biggest
    return FIBONACCI[: max(min(top + extra, len(FIBONACCI)), 2)]


@jit
def _lower_kernel(n: np.ndarray, fib: np.ndarray, out: np.ndarray) -> None:
    top = len(fib) - 1
    for idx in range(n.size):
        rem = n[idx]
        if rem == 0:
            out[idx] = 0
            continue
        total = 0
        smallest = 0
        i = top
        while rem > 0:
            while fib[i] > rem:
                i -= 1
            rem -= fib[i]
            total += fib[i + 1] if i + 1 < len(fib) else fib[i] + fib[i - 1]
            smallest = i
            i -= 2  # no two consecutive parts
            if i < 0:
                i = 0
        out[idx] = total - (1 if smallest % 2 == 0 else 0)


def _as_int64(values: np.typing.ArrayLike, name: str, limit: int) -> np.ndarray:
    array = np.asarray(values)
    if array.dtype == object or not np.issubdtype(array.dtype, np.integer):
        if array.size and not all(isinstance(v, (int, np.integer)) for v in array.ravel()):
            raise ValueError(f"{name} must hold integers (dtype {array.dtype})")
        if array.size:
            big = max(int(v) for v in array.ravel())
            if big > limit:
                raise OverflowError(
                    f"{name} = {big} is beyond this kernel's int64 range (at most {limit})"
                )
            least = min(int(v) for v in array.ravel())
            if least < 0:
                raise ValueError(f"{name} must be >= 0 (found {least})")
        array = array.astype(np.int64)
    elif array.dtype == np.uint64 and array.size and int(array.max()) > INT64_MAX:
        raise OverflowError(
            f"{name} = {int(array.max())} is beyond this kernel's int64 range (at most {limit})"
        )
    array = array.astype(np.int64, copy=False)
    if array.size:
        if int(array.min()) < 0:
            raise ValueError(f"{name} must be >= 0 (found {int(array.min())})")
        if int(array.max()) > limit:
            raise OverflowError(
                f"{name} = {int(array.max())} is beyond this kernel's int64 range (at most {limit})"
            )
    return np.ascontiguousarray(array)


def lower_wythoff_array(n: np.typing.ArrayLike) -> np.ndarray:
    """floor(n * phi) for every entry of an int array, exactly (int64).

    Raises
    ------
    ValueError
        If an entry is negative or not an integer.
    OverflowError
        If an entry exceeds :data:`N_MAX` (the result would not fit int64).

    Examples
    --------
    >>> lower_wythoff_array([0, 1, 2, 3, 4, 5, 6, 7]).tolist()
    [0, 1, 3, 4, 6, 8, 9, 11]
    >>> int(lower_wythoff_array([2**62])[0]) == lower_wythoff(2**62)
    True
    >>> lower_wythoff_array([-1])
    Traceback (most recent call last):
    ...
    ValueError: n must be >= 0 (found -1)
    """
    array = _as_int64(n, "n", N_MAX)
    check_memory(8 * array.size, f"floor(n phi) of {array.size} integers")
    out = np.empty(array.shape, dtype=np.int64)
    flat, flat_out, fib = (
        np.ascontiguousarray(array).reshape(-1),
        out.reshape(-1),
        _fibonacci_upto(array),
    )
    for lo, hi in spans(flat.size, ITEMS_PER_CALL):  # the Ctrl-C protocol: bounded calls
        call(_lower_kernel, flat[lo:hi], fib, flat_out[lo:hi])
    return out


def upper_wythoff_array(n: np.typing.ArrayLike) -> np.ndarray:
    """floor(n * phi^2) = floor(n * phi) + n, exactly (int64).

    Examples
    --------
    >>> upper_wythoff_array([0, 1, 2, 3]).tolist()
    [0, 2, 5, 7]
    """
    array = _as_int64(n, "n", N_MAX_UPPER)
    result: np.ndarray = lower_wythoff_array(array) + array
    return result
