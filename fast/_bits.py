"""uint64-word bitset helpers shared by the fast kernels (numba subset).

All arithmetic stays in ``np.uint64`` (mixing uint64 with int64 makes
numba use float64), so the helpers also run as plain Python under
``NUMBA_DISABLE_JIT=1``.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from numba.core.extending import overload
from numba.cpython.unsafe.numbers import trailing_zeros

from fast._jit import jit

__all__ = ["ALL_ONES", "ONE", "lowest_zero_bit", "set_bit"]

ONE = np.uint64(1)
ALL_ONES = np.uint64(0xFFFFFFFFFFFFFFFF)
_M32 = np.uint64(0xFFFFFFFF)
_M16 = np.uint64(0xFFFF)
_M8 = np.uint64(0xFF)
_M4 = np.uint64(0xF)
_M2 = np.uint64(0x3)
_S32 = np.uint64(32)
_S16 = np.uint64(16)
_S8 = np.uint64(8)
_S4 = np.uint64(4)
_S2 = np.uint64(2)


def lowest_zero_bit(word: np.uint64) -> int:
    """Index of the lowest 0 bit of ``word`` (``word`` must not be all ones).

    In a numba kernel this is LLVM's ``cttz`` of ``~word`` (one
    instruction, see the overload below); called from Python (and under
    ``NUMBA_DISABLE_JIT=1``) it is this binary search.

    Examples
    --------
    >>> lowest_zero_bit(np.uint64(0b0111))
    3
    >>> lowest_zero_bit(np.uint64(0))
    0
    >>> lowest_zero_bit(np.uint64(2**63 - 1))
    63
    """
    x = ~word & (word + ONE)  # the lowest zero bit, isolated
    n = 0
    if (x & _M32) == 0:
        n += 32
        x = x >> _S32
    if (x & _M16) == 0:
        n += 16
        x = x >> _S16
    if (x & _M8) == 0:
        n += 8
        x = x >> _S8
    if (x & _M4) == 0:
        n += 4
        x = x >> _S4
    if (x & _M2) == 0:
        n += 2
        x = x >> _S2
    if (x & ONE) == 0:
        n += 1
    return n


@overload(lowest_zero_bit, inline="always")
def _lowest_zero_bit_jit(word: Any) -> Any:  # pragma: no cover - numba typing
    def impl(word: Any) -> Any:
        return np.int64(trailing_zeros(~word))  # type: ignore[call-arg]

    return impl


@jit
def set_bit(bits: np.ndarray, i: Any) -> int:
    """Set bit ``i`` of the 1-d uint64 array ``bits``; return its word index ``i >> 6``."""
    w: int = i >> 6
    bits[w] |= ONE << np.uint64(i & 63)
    return w
