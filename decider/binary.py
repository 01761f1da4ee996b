"""Base 2 (Walnut's ``msd_2``): every word valid, weights 1, 2, 4, ..., XOR and AND (issue 45).

A :class:`~decider.numeration.Numeration` like the others, read msd first. Every binary word is
valid (leading zeros allowed), so the atoms need no intersection with a language of valid words
beyond the trivial one. Base 2 is the numeration of the heap games: a nim-sum is the bitwise
XOR, which is automatic in base 2 and in no Fibonacci-type numeration, so XOR and AND are atoms
here (:meth:`Binary.relations`: ``xor(x, y, z)``, ``band(x, y, z)``), written once and tested
both ways like every atom (:mod:`tests.test_decider_binary`).

**The adder** (why it is exact). Reading a column ``(x_d, y_d, z_d)`` appends
``a = z_d - x_d - y_d`` (in ``-2..1``) to the digit-wise difference word of ``z - x - y``;
its value ``V`` maps to ``2V + a``, exactly, from ``V = 0``; a word is accepted iff ``V = 0``
at its end. **Pruning**: if ``V >= 2`` then ``2V + a >= 2V - 2 >= V >= 2``; if ``V <= -1`` then
``2V + a <= 2V + 1 <= V <= -1``; so a state outside ``{0, 1}`` never returns to ``V = 0`` and
is the dead state. The two states left are the classic carry automaton read msd first
(``V = 1``: the lower digits must carry one).

>>> from decider import Theory
>>> two = Binary()
>>> two.word(12), two.value([1, 1, 0, 0]), two.weights(12)
([1, 1, 0, 0], 12, [1, 2, 4, 8, 16])
>>> Theory(two).decide("A x, y E z xor(x, y, z)")
True
>>> Theory(two).decide("A x, y, z (xor(x, y, z) => z = x + y)")
False
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np

from decider.automaton import Dfa
from decider.numeration import Numeration

__all__ = ["Binary"]


class Binary(Numeration):
    """Base 2, most significant digit first: ``val(w) = sum w_i 2^i``, every word valid.

    >>> two = Binary()
    >>> [two.value(two.word(n)) for n in range(64)] == list(range(64))
    True
    >>> two.adder().states  # V = 0, V = 1 (a carry owed), dead
    3
    """

    name = "binary"
    walnut = "msd_2"
    walnut_builtin = True
    base = 2

    def valid(self) -> Dfa:
        """Every word: one accepting state."""
        return Dfa(2, 1, np.zeros((1, 2), dtype=np.int64), np.array([True]))

    def weights(self, n: int) -> list[int]:
        """The weights ``1, 2, 4, ...`` up to the first above ``n``."""
        w = [1]
        while w[-1] <= n:
            w.append(2 * w[-1])
        return w

    def value(self, word: Sequence[int]) -> int:
        """``sum w_i 2^i`` (position ``i`` from the right)."""
        v = 0
        for d in word:
            v = 2 * v + int(d)
        return v

    def adder(self) -> Dfa:
        """``x + y = z`` (tapes x, y, z): states ``V = 0``, ``V = 1`` and dead (the module's
        docstring proves the pruning)."""
        letters = np.arange(8)
        a = letters // 4 - letters % 2 - (letters // 2) % 2  # z - x - y, letter = x + 2y + 4z
        delta = np.full((3, 8), 2, dtype=np.int64)
        for v in (0, 1):
            nxt = 2 * v + a
            delta[v] = np.where((nxt == 0) | (nxt == 1), nxt, 2)
        return self.restrict(Dfa(2, 3, delta, np.array([True, False, False])))

    def relations(self) -> dict[str, tuple[Dfa, tuple[str, ...]]]:
        """``shift(x, y)`` (``y = 2x``), and the bitwise ``xor(x, y, z)`` and ``band(x, y, z)``
        (``z = x XOR y``, ``z = x AND y``): one state, each column checked on its own."""
        return {
            **super().relations(),
            "xor": (self._bitwise(lambda x, y: x ^ y), ("x", "y", "z")),
            "band": (self._bitwise(lambda x, y: x & y), ("x", "y", "z")),
        }

    def _bitwise(self, op: Callable[[int, int], int]) -> Dfa:
        """The 3-tape automaton of ``z_d = op(x_d, y_d)`` in every column (tapes x, y, z)."""
        letters = np.arange(8)
        x, y, z = letters % 2, (letters // 2) % 2, letters // 4
        ok = np.array([int(op(int(a), int(b))) for a, b in zip(x, y, strict=True)]) == z
        delta = np.array([np.where(ok, 0, 1), np.ones(8, dtype=np.int64)], dtype=np.int64)
        return self.restrict(Dfa(2, 3, delta, np.array([True, False])))
