"""Move rules the kernels share, in the numba subset (one statement of each).

References
----------
Y. Jiao, "On the Sprague-Grundy values of the F-Wythoff game" (2013), §1:
the slant move of F-Wythoff. Seed ``001``.
"""

from __future__ import annotations

from fast._jit import jit

__all__ = ["keeps_ratio"]


@jit
def keeps_ratio(small: int, large: int, j: int) -> bool:
    """F-Wythoff's slant rule: taking j (1 <= j <= small - 1) from both piles keeps floor(l/s).

    The kernels' twin of :func:`reference.fwsg.keeps_ratio`.

    Examples
    --------
    >>> keeps_ratio(4, 9, 1), keeps_ratio(4, 9, 2)
    (True, False)
    """
    return (large - j) // (small - j) == large // small
