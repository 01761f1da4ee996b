"""Compiled forms the spec's games name by path (``"fast.engine:NAME"``).

:class:`spec.games.FWythoff`'s slant followers, :class:`spec.variants.EWythoff`'s extra
moves (as row spans) and :class:`spec.variants.WythoffTerminal`'s terminal set: plain
functions in the numba subset, compiled into a rule's kernel by :mod:`fast.engine.codegen`.

:data:`KERNELS` is the fast side of the one table of kernel names
(``spec.kernel_names.KERNEL_NAMES``, which ``fast`` may not import): the engine loads a name
in ``fast.`` only through it (:func:`fast.engine.rules._load_function`), and
``tests/test_shapes.py`` holds the two tables equal.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from fast._rules import keeps_ratio

__all__ = ["KERNELS", "e_wythoff_regions", "fwythoff_slant_followers", "sum_at_most"]


def fwythoff_slant_followers(x: int, y: int, out: np.ndarray) -> int:
    """F-Wythoff's slant followers (001 §1): (x - j, y - j), 1 <= j <= s - 1, ratio kept.

    s is the smaller pile, l the larger; the move is allowed when
    floor((l - j) / (s - j)) = floor(l / s). The compiled form of
    :class:`spec.games.FWythoff` (with the one-pile rays).

    Examples
    --------
    >>> out = np.zeros((8, 2), dtype=np.int64)
    >>> count = fwythoff_slant_followers(4, 9, out)
    >>> out[:count].tolist()  # not (2, 7): 7 // 2 = 3 != 9 // 4 = 2
    [[3, 8]]
    """
    small = min(x, y)
    large = max(x, y)
    count = 0
    for j in range(1, small):
        if keeps_ratio(small, large, j):
            out[count, 0] = x - j
            out[count, 1] = y - j
            count += 1
    return count


def sum_at_most(x: int, y: int, parameters: np.ndarray) -> bool:
    """The terminal set {x + y <= K} (``parameters[0]`` = K) of ``wythoff-terminal:K``.

    Komaki, Miyadera, Murakami (arXiv:2510.11767, 2605.01435): the compiled
    form of :class:`spec.variants.WythoffTerminal`.

    Examples
    --------
    >>> sum_at_most(1, 1, np.array([2])), sum_at_most(2, 1, np.array([2]))
    (True, False)
    """
    return bool(x + y <= parameters[0])


def e_wythoff_regions(x: int, y: int, out: np.ndarray) -> int:
    """E-Wythoff's extra moves as row spans ``(u, u + 1, v0, v1)``: the cells ``v0 <= v < v1``.

    Ho, JCTA 119 (2012): k >= 2 from the smaller pile and 1 <= l < k from the larger
    (either pile when they are equal). With x the smaller, row x - k holds l = 1 .. k - 1;
    with y the smaller, row x - l holds k = l + 1 .. y. The compiled form of
    :class:`spec.variants.EWythoff` (with Wythoff's rays).

    Examples
    --------
    >>> out = np.zeros((8, 4), dtype=np.int64)
    >>> count = e_wythoff_regions(2, 3, out)
    >>> out[:count].tolist()  # (0, 2): k = 2 from the 2-pile, l = 1 from the 3-pile
    [[0, 1, 2, 3]]
    """
    count = 0
    if x <= y:
        for k in range(2, x + 1):
            out[count, 0] = x - k
            out[count, 1] = x - k + 1
            out[count, 2] = y - k + 1
            out[count, 3] = y
            count += 1
    if y <= x:
        for j in range(1, y):  # l = j
            out[count, 0] = x - j
            out[count, 1] = x - j + 1
            out[count, 2] = 0
            out[count, 3] = y - j
            count += 1
    return count


#: The kernels the spec names, by the name it uses (``spec.kernel_names.KERNEL_NAMES``).
KERNELS: dict[str, Callable[..., Any]] = {
    "fast.engine:fwythoff_slant_followers": fwythoff_slant_followers,
    "fast.engine:e_wythoff_regions": e_wythoff_regions,
    "fast.engine:sum_at_most": sum_at_most,
}
