"""Games of two shapes other than two piles, written as a user's plugin writes them
(``spec.PileGame`` with its ``arity``), not registered here.

tests/test_budget.py registers them (the three-pile one recording the solver's limits);
tests/test_pytest_plugin.py copies this file beside a plugin module that registers them
under its own names, in a user's directory.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from typing import Any

import spec

__all__ = ["Sub134", "ThreePiles"]


class Sub134(spec.PileGame):
    """S(1, 3, 4) written as a user would: one heap (``arity = 1``)."""

    name = "test-sub134"
    rules = "take 1, 3 or 4 tokens from the heap"
    source = "tests/user_games.py"
    arity = 1
    coordinates = ("n",)

    def followers(self, position: Any) -> Iterator[tuple[int]]:
        (n,) = position
        yield from ((n - k,) for k in (1, 3, 4) if k <= n)


class ThreePiles(spec.PileGame):
    """Three piles (``arity = 3``): take k from one pile, or k from each of two."""

    name = "test-three-piles"
    rules = "take k >= 1 from one pile, or k from each of two piles"
    source = "tests/user_games.py"
    arity = 3
    coordinates = ("x", "y", "z")

    def followers(self, position: Any) -> Iterator[tuple[int, ...]]:
        for piles in ((0,), (1,), (2,), *itertools.combinations(range(3), 2)):
            for k in range(1, min(position[i] for i in piles) + 1):
                yield tuple(v - k if i in piles else v for i, v in enumerate(position))
