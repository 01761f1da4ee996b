"""Numerations: the valid words, values, and the adder an automatic structure needs (issue 36).

A :class:`Numeration` supplies what the logic needs and nothing of games: its digit alphabet
(``base``), the automaton of its valid words (:meth:`Numeration.valid`), the word of a value
and the value of a word (msd first), and the adder (:meth:`Numeration.adder`, a 3-tape
automaton accepting ``(x, y, z)`` with ``x + y = z``).  The atoms that hold for every greedy
numeration (equality, order, constants, the shift ``w -> w0``) are built here once from those.

Fibonacci (Zeckendorf) is the one numeration so far; an Ostrowski numeration (e.g. for
``√2``, digits up to 2) or Tribonacci is a subclass supplying the same five things.

>>> fib = Fibonacci()
>>> fib.word(11), fib.value([1, 0, 1, 0, 0])
([1, 0, 1, 0, 0], 11)
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from functools import cache
from math import isqrt

import numpy as np

from decider.automaton import DeciderError, Dfa, minimise, product, reachable, remap


class Numeration(ABC):
    """A positional numeration read most significant digit first, leading zeros allowed.

    Subclasses define :attr:`name`, :attr:`base`, :meth:`valid`, :meth:`word`,
    :meth:`value` and :meth:`adder`.  Valid words of equal length must compare (in
    lexicographic order) like their values, as in every greedy numeration; :meth:`less`
    relies on it.
    """

    name: str = ""
    base: int = 2

    @abstractmethod
    def valid(self) -> Dfa:
        """The 1-tape automaton of the valid words (leading zeros allowed, the empty word 0)."""

    @abstractmethod
    def word(self, n: int) -> list[int]:
        """The digits of ``n >= 0``, most significant first, without leading zeros."""

    @abstractmethod
    def value(self, word: Sequence[int]) -> int:
        """The value of a word (digits msd first)."""

    @abstractmethod
    def adder(self) -> Dfa:
        """The minimal 3-tape automaton of ``x + y = z`` (tapes x, y, z) on valid words."""

    def valid_tapes(self, k: int) -> Dfa:
        """The ``k``-tape automaton of the words whose every tape is valid."""
        return _valid_tapes(self, k)

    def restrict(self, a: Dfa) -> Dfa:
        """``a`` intersected with the valid words on every tape, minimised."""
        return minimise(product(a, self.valid_tapes(a.k), "and"))

    def equal(self) -> Dfa:
        """``x = y`` (tapes x, y): equal digits in every column, on valid words."""
        letters = np.arange(self.base**2)
        same = (letters % self.base) == (letters // self.base)
        delta = np.where(same, 0, 1)[None, :].repeat(2, axis=0)
        delta[1, :] = 1
        return self.restrict(Dfa(self.base, 2, delta, np.array([True, False])))

    def less(self) -> Dfa:
        """``x < y`` (tapes x, y): the first differing column has the smaller digit on x."""
        letters = np.arange(self.base**2)
        x, y = letters % self.base, letters // self.base
        delta = np.zeros((3, self.base**2), dtype=np.int64)  # 0 equal so far, 1 less, 2 more
        delta[0] = np.where(x < y, 1, np.where(x > y, 2, 0))
        delta[1], delta[2] = 1, 2
        return self.restrict(Dfa(self.base, 2, delta, np.array([False, True, False])))

    def constant(self, n: int) -> Dfa:
        """``x = n`` (one tape): ``0* word(n)``."""
        if n < 0:
            raise DeciderError(f"a negative constant {n}")
        word = self.word(n)
        size = len(word) + 2  # states 0..len: matched so far; len+1: dead
        dead = size - 1
        delta = np.full((size, self.base), dead, dtype=np.int64)
        for i, d in enumerate(word):
            delta[i, d] = i + 1
        delta[0, 0] = 0  # leading zeros (a word has no leading zero of its own)
        accept = np.zeros(size, dtype=np.bool_)
        accept[len(word)] = True
        return self.restrict(Dfa(self.base, 1, delta, accept))

    def relations(self) -> dict[str, tuple[Dfa, tuple[str, ...]]]:
        """The named predicates every theory over this numeration starts with.

        ``shift(x, y)``: y's word is x's followed by a 0 (Fibonacci: ``y = ⌊(x+1)φ⌋ - 1``).
        """
        return {"shift": (self.shift(), ("x", "y"))}

    def shift(self) -> Dfa:
        """``y = shift(x)`` (tapes x, y): the word of y is the word of x followed by a 0.

        Read in parallel, ``x = 0 x_1..x_L`` and ``y = x_1..x_L 0``: the state holds the digit
        y just read, which x must read next; the start expects 0 and so does the end.
        """
        letters = np.arange(self.base**2)
        x, y = letters % self.base, letters // self.base
        dead = self.base
        delta = np.full((self.base + 1, self.base**2), dead, dtype=np.int64)
        for expect in range(self.base):
            delta[expect] = np.where(x == expect, y, dead)
        accept = np.zeros(self.base + 1, dtype=np.bool_)
        accept[0] = True
        return self.restrict(Dfa(self.base, 2, delta, accept))


@cache
def _valid_tapes(numeration: Numeration, k: int) -> Dfa:
    one = numeration.valid()
    result = Dfa(one.base, k, np.zeros((1, one.base**k), dtype=np.int64), np.array([True]))
    for tape in range(k):
        result = minimise(product(result, remap(one, k, [tape]), "and"))
    return result


class Fibonacci(Numeration):
    """Zeckendorf numeration: ``val(w) = sum w_i F_{i+2}`` (position ``i`` from the right,
    ``F_2 = 1, F_3 = 2``), no two adjacent 1s.

    >>> fib = Fibonacci()
    >>> [fib.value(fib.word(n)) for n in range(8)] == list(range(8))
    True
    """

    name = "fibonacci"
    base = 2

    def __hash__(self) -> int:
        return hash(self.name)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Fibonacci)

    def valid(self) -> Dfa:
        """No ``11``: state 0 after a 0 (or at the start), 1 after a 1, 2 dead."""
        delta = np.array([[0, 1], [0, 2], [2, 2]], dtype=np.int64)
        return Dfa(2, 1, delta, np.array([True, True, False]))

    def word(self, n: int) -> list[int]:
        """The greedy (Zeckendorf) digits of ``n``, msd first."""
        if n < 0:
            raise DeciderError(f"no Zeckendorf word for {n}")
        fibs = [1, 2]
        while fibs[-1] <= n:
            fibs.append(fibs[-1] + fibs[-2])
        digits = []
        for f in reversed(fibs[:-1]):
            digits.append(1 if f <= n else 0)
            n -= f if f <= n else 0
        while digits and digits[0] == 0:
            digits.pop(0)
        return digits

    def value(self, word: Sequence[int]) -> int:
        """``sum w_i F_{i+2}``; the word need not be valid."""
        v, u = 0, 0  # val and the shifted value sum w_i F_{i+3} of the prefix read
        for d in word:
            v, u = u + d, u + v + 2 * d
        return v

    def adder(self) -> Dfa:
        """The msd-first Fibonacci adder, built by exploring exact integer states.

        Reading a column ``(x_d, y_d, z_d)`` appends ``a = z_d - x_d - y_d`` to the digit-wise
        difference word of ``z - x - y``.  With ``V = val`` and ``U = sum w_i F_{i+3}`` of that
        word, appending a digit maps ``(V, U) -> (U + a, U + V + 2a)`` (since
        ``F_{i+3} = F_{i+2} + F_{i+1}`` and ``F_2 = 1, F_3 = 2``); the start is ``(0, 0)`` and
        a word is accepted iff ``V = val(z) - val(x) - val(y) = 0`` at its end.  Both are
        linear, so this is exact for every word, valid or not.

        **Pruning** (why the state set is finite and nothing accepted is lost).  Let
        ``φ = (1+√5)/2, ψ = -1/φ``, ``A = V + φU``, ``B = V + ψU``.  A step maps
        ``A -> φA + a(1+2φ)`` and ``B -> ψB + a(1+2ψ)`` with ``|a| <= 2``.

        * From ``B = 0``, ``|B| <= 2|1+2ψ|/(1-|ψ|) = 2(√5-2)/(1-1/φ) < 1.24`` always.
        * An accepting state has ``V = 0``, so ``A = φU = -φ²B`` and ``|A| < 2.62·1.24 < 3.3``.
        * If ``A > 20`` then ``A' >= φA - 2(1+2φ) = A + (φ-1)A - 2(1+2φ) > A`` since
          ``(φ-1)·20 > 12.3 > 2(1+2φ) ≈ 8.5``; if ``A < -20`` then
          ``A' <= φA + (1+2φ) < A``.  So from ``|A| > 20`` every later state has ``|A| > 20``
          and none accepts.

        Such states are replaced by the dead state (the language is unchanged), and the
        others satisfy ``|A| <= 20, |B| < 1.24``: finitely many integer pairs.  ``|A| > 20``
        is decided exactly: ``2A = (2V + U) + U√5`` is compared with ``±40`` by the signs of
        ``p + q√5`` (integers; squares compared when the signs differ).  The result is
        intersected with valid words on every tape and minimised.
        """
        return _fibonacci_adder()


def _sign_p_q_sqrt5(p: int, q: int) -> int:
    """The sign of ``p + q√5`` for integers ``p, q``, exactly."""
    if p >= 0 and q >= 0:
        return int(p > 0 or q > 0)
    if p <= 0 and q <= 0:
        return -1
    bigger = p * p - 5 * q * q  # the sign of |p| - |q|√5
    return (1 if p > 0 else -1) if bigger > 0 else ((1 if q > 0 else -1) if bigger < 0 else 0)


def _far(v: int, u: int, bound: int = 20) -> bool:
    """Whether ``|V + φU| > bound`` exactly: ``2(V + φU) = (2V + U) + U√5``."""
    p, q = 2 * v + u, u
    return _sign_p_q_sqrt5(p - 2 * bound, q) > 0 or _sign_p_q_sqrt5(p + 2 * bound, q) < 0


@cache
def _fibonacci_adder(bound: int = 20) -> Dfa:
    """The adder, states with ``|V + φU| > bound`` pruned (sound for ``bound >= 20``)."""
    fib = Fibonacci()
    letters = [(c & 1, (c >> 1) & 1, (c >> 2) & 1) for c in range(8)]
    dead = -1
    index: dict[tuple[int, int], int] = {(0, 0): 0}
    order = [(0, 0)]
    rows: list[list[int]] = []
    head = 0
    while head < len(order):
        v, u = order[head]
        head += 1
        row = []
        for x, y, z in letters:
            a = z - x - y
            nxt = (u + a, u + v + 2 * a)
            if _far(*nxt, bound):
                row.append(dead)
                continue
            if nxt not in index:
                index[nxt] = len(order)
                order.append(nxt)
            row.append(index[nxt])
        rows.append(row)
    n = len(order)
    delta = np.array([[t if t >= 0 else n for t in row] for row in rows] + [[n] * 8])
    accept = np.array([v == 0 for v, _ in order] + [False])
    return fib.restrict(reachable(Dfa(2, 3, delta, accept)))


def phi_floor(n: int) -> int:
    """``⌊nφ⌋`` exactly, ``(n + isqrt(5n²)) // 2`` (for tests of the Wythoff atoms).

    >>> [phi_floor(n) for n in range(1, 6)]
    [1, 3, 4, 6, 8]
    """
    return (n + isqrt(5 * n * n)) // 2


__all__ = ["Fibonacci", "Numeration", "phi_floor"]
