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


def lowest_zero_bit(word: np.uint64) -> int:
    """Index of the lowest 0 bit of ``word`` (``word`` must not be all ones).

    In a numba kernel this is LLVM's ``cttz`` of ``~word`` (one
    instruction, see the overload below); called from Python (and under
    ``NUMBA_DISABLE_JIT=1``) it is the bit length of that bit, isolated.

    Examples
    --------
    >>> lowest_zero_bit(np.uint64(0b0111))
    3
    >>> lowest_zero_bit(np.uint64(0))
    0
    >>> lowest_zero_bit(np.uint64(2**63 - 1))
    63
    """
    lowest = ~word & (word + ONE)  # the lowest zero bit, isolated
    return int(lowest).bit_length() - 1


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
