"""Shared numba settings and range checks for the fast kernels.

Every kernel is compiled with ``cache=True`` and written in the numba
subset, so ``NUMBA_DISABLE_JIT=1`` runs it as plain Python. Public wrappers
check their arguments against the kernel's int64 range before calling it
and raise ``OverflowError`` naming the argument where the range ends.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import IntEnum
from typing import Any, TypeVar

import numba
import numpy as np

__all__ = ["INT64_MAX", "check_int64_range", "jit", "plain_codes", "smallest_unsigned"]

INT64_MAX = 2**63 - 1

F = TypeVar("F", bound=Callable[..., Any])


def jit(func: F) -> F:
    """``numba.njit(cache=True)``: the one decorator of the fast kernels."""
    return numba.njit(cache=True)(func)  # type: ignore[return-value]


def plain_codes(codes: type[IntEnum]) -> tuple[int, ...]:
    """The values of ``codes``' members as plain ints, in the order they are defined.

    A kernel returns its status codes as module-global ints (numba compiles
    them as constants): ``OK, FAILED = plain_codes(Code)``; a member added
    to ``codes`` and not to the unpacking fails at import.

    >>> from enum import IntEnum
    >>> plain_codes(IntEnum("Code", [("OK", 0), ("FAILED", 1)]))
    (0, 1)
    """
    return tuple(int(member) for member in codes)


def check_int64_range(name: str, value: int, limit: int = INT64_MAX) -> None:
    """Raise OverflowError if ``value`` is beyond what the kernel computes exactly.

    Examples
    --------
    >>> check_int64_range("n", 10**18)
    >>> check_int64_range("n", 10**19)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    OverflowError: n = 10000000000000000000 is beyond this kernel's int64 range (at most ...)
    """
    if value > limit or value < -limit - 1:
        raise OverflowError(
            f"{name} = {value} is beyond this kernel's int64 range (at most {limit})"
        )


def smallest_unsigned(top: int) -> np.dtype[Any]:
    """The smallest of uint8, uint16, uint32, uint64 that holds every value 0..top.

    >>> [str(smallest_unsigned(t)) for t in (255, 256, 65536, 2**32)]
    ['uint8', 'uint16', 'uint32', 'uint64']
    """
    for dtype in (np.uint8, np.uint16, np.uint32):
        if top <= np.iinfo(dtype).max:
            return np.dtype(dtype)
    return np.dtype(np.uint64)
