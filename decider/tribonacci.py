"""The Tribonacci numeration: weights 1, 2, 4, 7, 13, 24, ..., no three consecutive 1s (issue 36).

A :class:`~decider.numeration.Numeration` like Fibonacci's, read msd first: the greedy word of
``n`` on the weights ``T_0 = 1, T_1 = 2, T_2 = 4, T_{i+3} = T_{i+2} + T_{i+1} + T_i``; the
valid words are those without ``111``. Its adder is built as the two-term recurrences' is
(:class:`~decider.numeration.TwoTermRecurrence`), with a three-term state and its own pruning
bound (the argument is in :func:`adder`).

>>> from decider import Theory
>>> trib = Tribonacci()
>>> trib.word(12), trib.value([1, 1, 0, 1]), trib.weights(12)
([1, 1, 0, 1], 12, [1, 2, 4, 7, 13])
>>> Theory(trib).decide("A x, y x + y = y + x")
True
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction
from functools import cache

import numpy as np

from decider.automaton import Dfa
from decider.numeration import Numeration, difference_adder

__all__ = ["BOUND", "Tribonacci"]

#: The adder's pruning bound on ``|A|`` (:func:`adder`: ``max(γ, A at V = 0) < 28``).
BOUND = 60


def _lambda_bracket(bits: int = 120) -> tuple[Fraction, Fraction]:
    """``lo < λ < hi``, ``hi - lo = 2^-bits``: the real root of ``t³ = t² + t + 1`` (bisection)."""
    lo, hi = Fraction(18, 10), Fraction(19, 10)  # f(1.8) < 0 < f(1.9)
    for _ in range(bits):
        mid = (lo + hi) / 2
        if mid**3 - mid**2 - mid - 1 < 0:
            lo = mid
        else:
            hi = mid
    return lo, hi


_LO, _HI = _lambda_bracket()


def _far(v: int, u: int, w: int, bound: int) -> bool:
    """Whether ``|A| > bound`` for ``A = V + (1 + 1/λ) U + λ W``, exactly.

    ``λ`` lies in ``[_LO, _HI]``; each term is monotone in ``λ``, so ``A`` lies between the
    least and the largest of its values at the two ends (interval arithmetic in fractions);
    "far" only when the whole interval is beyond ``±bound``.
    """
    terms_u = sorted((1 + 1 / lam) * u for lam in (_LO, _HI))
    terms_w = sorted(lam * w for lam in (_LO, _HI))
    lo, hi = v + terms_u[0] + terms_w[0], v + terms_u[1] + terms_w[1]
    return lo > bound or hi < -bound


class Tribonacci(Numeration):
    """Tribonacci numeration: ``val(w) = sum w_i T_i`` (position ``i`` from the right), no
    ``111``; the greedy word of every ``n >= 0`` is its unique valid word without leading 0s.

    >>> trib = Tribonacci()
    >>> [trib.value(trib.word(n)) for n in range(30)] == list(range(30))
    True
    """

    name = "tribonacci"
    walnut = "msd_tribonacci"
    base = 2

    def valid(self) -> Dfa:
        """No ``111``: state i after i trailing 1s (i = 0, 1, 2), 3 dead."""
        delta = np.array([[0, 1], [0, 2], [0, 3], [3, 3]], dtype=np.int64)
        return Dfa(2, 1, delta, np.array([True, True, True, False]))

    def weights(self, n: int) -> list[int]:
        """The weights ``T_0, T_1, ...`` up to the first above ``n``."""
        t = [1, 2, 4]
        while t[-1] <= n:
            t.append(t[-1] + t[-2] + t[-3])
        return t

    def value(self, word: Sequence[int]) -> int:
        """``sum w_i T_i``; the word need not be valid."""
        v, u, w = 0, 0, 0  # sum w_i T_i, sum w_i T_{i+1}, sum w_i T_{i+2} of the prefix read
        for d in word:
            v, u, w = u + d, w + 2 * d, v + u + w + 4 * d
        return v

    def adder(self) -> Dfa:
        """The msd-first adder (tapes x, y, z: ``x + y = z``), :func:`adder`."""
        return adder(self, BOUND)


@cache
def adder(numeration: Tribonacci, bound: int) -> Dfa:
    """The adder, states with ``|A| > bound`` pruned.

    Reading a column ``(x_d, y_d, z_d)`` appends ``a = z_d - x_d - y_d`` (in -2..1) to the
    digit-wise difference word of ``z - x - y``. With ``V, U, W`` the sums ``w_i T_i``,
    ``w_i T_{i+1}``, ``w_i T_{i+2}`` of that word, appending ``a`` maps the column vector
    ``s = (V, U, W)`` to ``M s + a c`` with ``M = [[0,1,0],[0,0,1],[1,1,1]]`` and
    ``c = (1, 2, 4)``: exact for every word; accepted iff ``V = 0`` at its end.

    **Pruning.** ``ℓ = (1, 1 + 1/λ, λ)`` is a left eigenvector of ``M`` (``ℓM = λℓ``, λ ≈ 1.839
    the real root of ``t³ = t² + t + 1``; the other two roots are complex, of modulus ≈ 0.737).
    So ``A = ℓ·s`` maps to ``λA + a k``, ``k = ℓ·c < 11.45``: once ``|A| > γ = 2k/(λ - 1) <
    27.3`` it grows at every step and never comes back. Writing ``s = (A/ℓ·r) r + z`` with
    ``r = (1, λ, λ²)`` (``ℓ·r < 10.07``), the part ``z`` moves by the two contracting roots, so
    ``|z_0| <= 2 sum_t |(M^t c_z)_0| < 1.28`` from the start ``0`` (computed to convergence,
    the terms falling as ``0.737^t``); an accepting state has ``V = 0``, so
    ``|A| = ℓ·r |z_0| < 12.9``. Pruning at ``|A| > bound`` for any ``bound >= 27.3`` loses no
    accepted word; :data:`BOUND` is 60, and ``|A| > bound`` is decided exactly
    (:func:`_far`, λ bracketed by fractions). The kept states have ``|A| <= bound`` and bounded
    ``z``: finitely many integer triples. A test checks that doubling the bound gives the same
    minimal automaton and the sums against brute force.
    """

    def step(state: tuple[int, ...], a: int) -> tuple[int, ...] | None:
        v, u, w = state
        nxt = (u + a, w + 2 * a, v + u + w + 4 * a)
        return None if _far(*nxt, bound) else nxt

    return difference_adder(numeration, (0, 0, 0), step)
