"""The minimal excludant, once for the reference layer.

The reference algorithms may not import the spec (its own ``spec.mex`` is
the oracle's); they share this one.

References
----------
G. Nivasch, "More on the Sprague-Grundy function for Wythoff's game",
Games of No Chance 3 (2009), formula (1-2). Seed ``000``, §1.1.
"""

from __future__ import annotations

from collections.abc import Container

__all__ = ["mex"]


def mex(values: Container[int]) -> int:
    """The least non-negative integer not in ``values`` (a set, for speed).

    Examples
    --------
    >>> mex({0, 1, 3}), mex(set())
    (2, 0)
    """
    m = 0
    while m in values:
        m += 1
    return m
