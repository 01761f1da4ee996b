"""Numerations: the valid words, values, and the adder an automatic structure needs (issue 36).

A :class:`Numeration` supplies what the logic needs and nothing of games: its digit alphabet
(``base``), the automaton of its valid words (:meth:`Numeration.valid`), the word of a value
and the value of a word (msd first), and the adder (:meth:`Numeration.adder`, a 3-tape
automaton accepting ``(x, y, z)`` with ``x + y = z``).  The atoms that hold for every greedy
numeration (equality, order, constants, the shift ``w -> w0``) are built here once from those.

Fibonacci (Zeckendorf) and the Ostrowski numeration of ``√2`` (:class:`Pell`, digits up
to 2) are both :class:`TwoTermRecurrence` numerations; :class:`Tribonacci` (no three
consecutive 1s) is a :class:`Numeration` supplying the same five things, its adder pruned by
its own bound (:mod:`decider.tribonacci`).

>>> fib = Fibonacci()
>>> fib.word(11), fib.value([1, 0, 1, 0, 0])
([1, 0, 1, 0, 0], 11)
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence
from functools import cache
from math import isqrt

import numpy as np

from decider.automaton import Budget, DeciderError, Dfa, minimise, product, reachable, remap


class Numeration(ABC):
    """A positional numeration read most significant digit first, leading zeros allowed.

    Subclasses define :attr:`name`, :attr:`base`, :meth:`valid`, :meth:`weights` (or
    :meth:`word`), :meth:`value` and :meth:`adder`.  Valid words of equal length must compare (in
    lexicographic order) like their values, as in every greedy numeration; :meth:`less`
    relies on it.
    """

    name: str = ""
    base: int = 2
    #: The numeration's name in Walnut (``?msd_fib``), and whether Walnut has it built in
    #: (``msd_2``) or the export writes it as a custom base from :meth:`valid` and
    #: :meth:`adder` (:func:`decider.walnut.export`).
    walnut: str = ""
    walnut_builtin: bool = False

    def __hash__(self) -> int:
        return hash((type(self).__name__, self.name))

    def __eq__(self, other: object) -> bool:
        """Numerations of one class are equal (a class fixes its parameters)."""
        return type(other) is type(self)

    @abstractmethod
    def valid(self) -> Dfa:
        """The 1-tape automaton of the valid words (leading zeros allowed, the empty word 0)."""

    def weights(self, n: int) -> list[int]:
        """The place values ``w_0 = 1 < w_1 < ...`` up to the first above ``n`` (a greedy
        numeration's; one that is not greedy defines :meth:`word` instead)."""
        raise NotImplementedError(f"{self.name} defines no weights")

    def place_values(self, count: int) -> list[int]:
        """The first ``count`` place values: the values of the words 1, 10, 100, ...

        >>> Fibonacci().place_values(6)
        [1, 2, 3, 5, 8, 13]
        """
        return [self.value([1] + [0] * i) for i in range(count)]

    def word(self, n: int) -> list[int]:
        """The digits of ``n >= 0``, most significant first, without leading zeros: the
        greedy representation over :meth:`weights`."""
        if n < 0:
            raise DeciderError(f"no {self.name} word for {n}")
        digits = []
        for w in reversed(self.weights(n)[:-1]):
            digits.append(n // w)
            n %= w
        while digits and digits[0] == 0:
            digits.pop(0)
        return digits

    @abstractmethod
    def value(self, word: Sequence[int]) -> int:
        """The value of a word (digits msd first)."""

    @abstractmethod
    def adder(self) -> Dfa:
        """The minimal 3-tape automaton of ``x + y = z`` (tapes x, y, z) on valid words."""

    def valid_tapes(self, k: int) -> Dfa:
        """The ``k``-tape automaton of the words whose every tape is valid."""
        return _valid_tapes(self, k)

    def restrict(self, a: Dfa, budget: Budget | None = None) -> Dfa:
        """``a`` intersected with the valid words on every tape, minimised (within
        ``budget``'s limit, when given)."""
        return minimise(product(a, self.valid_tapes(a.k), "and", budget), budget)

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


class TwoTermRecurrence(Numeration):
    """A greedy numeration on weights ``q_0 = 1, q_1 = c, q_{i+2} = m q_{i+1} + q_i``.

    Subclasses set :attr:`m`, :attr:`c`, :attr:`base`, :attr:`bound` (the adder's pruning
    bound, proved safe in the subclass's docstring) and :meth:`valid`.  The greedy digits
    (:meth:`word`), the value (:meth:`value`) and the adder (:meth:`adder`) are shared.

    **The adder.**  Reading a column ``(x_d, y_d, z_d)`` appends ``a = z_d - x_d - y_d`` to
    the digit-wise difference word of ``z - x - y``.  With ``V = sum w_i q_i`` and
    ``U = sum w_i q_{i+1}`` of that word (position ``i`` from the right), appending a digit
    maps ``(V, U) -> (U + a, mU + V + ca)``; the start is ``(0, 0)`` and a word is accepted
    iff ``V = val(z) - val(x) - val(y) = 0`` at its end.  Both are linear, so this is exact
    for every word, valid or not.

    **Pruning** (why the state set is finite and nothing accepted is lost).  Let ``λ > 1`` and
    ``μ = -1/λ`` be the roots of ``t² = mt + 1``, ``A = V + λU``, ``B = V + μU``.  A step maps
    ``A -> λA + a(1 + cλ)`` and ``B -> μB + a(1 + cμ)``, with ``-2d <= a <= d`` (``d`` the
    largest digit).  So from ``B = 0``, ``|B| <= 2d|1 + cμ|/(1 - |μ|) =: β`` always; an
    accepting state has ``V = 0``, so ``A = λU = -λ²B`` and ``|A| <= λ²β``; and if
    ``|A| > 2d(1 + cλ)/(λ - 1) =: γ`` then ``|A|`` grows at every step (``A' - A >=
    (λ-1)A - 2d(1+cλ) > 0`` for ``A > γ``, symmetrically below ``-γ``).  With
    ``bound >= max(λ²β, γ)``, a state with ``|A| > bound`` never reaches acceptance: it is
    replaced by the dead state (the language is unchanged; a larger bound is still sound, only
    bigger), and the others satisfy ``|A| <= bound, |B| <= β``: finitely many integer pairs.
    ``|A| > bound`` is decided exactly: ``2A = (2V + mU) + U√(m²+4)`` is compared with
    ``±2 bound`` by the sign of ``p + q√D`` for integers.  The result is intersected with
    the valid words on every tape and minimised.
    """

    m: int = 1
    c: int = 2
    bound: int = 20

    def weights(self, n: int) -> list[int]:
        """The weights ``q_0, q_1, ...`` up to the first above ``n``."""
        q = [1, self.c]
        while q[-1] <= n:
            q.append(self.m * q[-1] + q[-2])
        return q

    def value(self, word: Sequence[int]) -> int:
        """``sum w_i q_i``; the word need not be valid."""
        v, u = 0, 0  # the value and the shifted value sum w_i q_{i+1} of the prefix read
        for d in word:
            v, u = u + d, self.m * u + v + self.c * d
        return v

    def adder(self) -> Dfa:
        """The msd-first adder (the argument is in the class docstring)."""
        return _recurrence_adder(self, self.bound)


class Fibonacci(TwoTermRecurrence):
    """Zeckendorf numeration: ``val(w) = sum w_i F_{i+2}`` (position ``i`` from the right,
    ``F_2 = 1, F_3 = 2``), no two adjacent 1s (``m = 1, c = 2``).

    The adder's bound 20: ``φ = (1+√5)/2``, ``d = 1``, ``β = 2(√5-2)/(1-1/φ) < 1.24``,
    ``λ²β < 2.62·1.24 < 3.3``, ``γ = 2(1+2φ)/(φ-1) < 13.8``.

    >>> fib = Fibonacci()
    >>> [fib.value(fib.word(n)) for n in range(8)] == list(range(8))
    True
    >>> fib.adder().states
    17
    """

    name = "fibonacci"
    walnut = "msd_fib"
    base = 2
    m, c, bound = 1, 2, 20

    def valid(self) -> Dfa:
        """No ``11``: state 0 after a 0 (or at the start), 1 after a 1, 2 dead."""
        delta = np.array([[0, 1], [0, 2], [2, 2]], dtype=np.int64)
        return Dfa(2, 1, delta, np.array([True, True, False]))


class Pell(TwoTermRecurrence):
    """The Ostrowski numeration of ``√2 - 1 = [0; 2, 2, 2, ...]``: weights 1, 2, 5, 12, 29, ...
    (``m = 2, c = 2``), digits ``0..2``, the last digit at most 1, a 2 followed by a 0.

    The numeration of a-Wythoff with ``a = 2`` (its P-positions are ``⌊n√2⌋``-pairs).  The
    adder's bound 40: ``λ = 1+√2``, ``d = 2``, ``β = 4(3-2√2)/(2-√2) < 1.18``,
    ``λ²β < 5.83·1.18 < 6.9``, ``γ = 4(3+2√2)/√2 < 16.5``.

    >>> pell = Pell()
    >>> pell.word(11), pell.value([2, 0, 1]), pell.adder().states > 1
    ([2, 0, 1], 11, True)
    """

    name = "ostrowski-sqrt2"
    walnut = "msd_ostsqrt2"
    base = 3
    m, c, bound = 2, 2, 40

    def valid(self) -> Dfa:
        """State 0 after 0 or 1 (or at the start), 1 after a 2 (a 0 must follow), 2 dead."""
        delta = np.array([[0, 0, 1], [0, 2, 2], [2, 2, 2]], dtype=np.int64)
        return Dfa(3, 1, delta, np.array([True, False, False]))


def _sign_p_q_sqrt(p: int, q: int, d: int) -> int:
    """The sign of ``p + q√d`` for integers ``p, q`` and a non-square ``d > 0``, exactly."""
    if p >= 0 and q >= 0:
        return int(p > 0 or q > 0)
    if p <= 0 and q <= 0:
        return -1
    bigger = p * p - d * q * q  # the sign of |p| - |q|√d
    return (1 if p > 0 else -1) if bigger > 0 else ((1 if q > 0 else -1) if bigger < 0 else 0)


def _far(v: int, u: int, bound: int = 20, m: int = 1) -> bool:
    """Whether ``|V + λU| > bound`` exactly: ``2(V + λU) = (2V + mU) + U√(m²+4)``."""
    p, q, d = 2 * v + m * u, u, m * m + 4
    return _sign_p_q_sqrt(p - 2 * bound, q, d) > 0 or _sign_p_q_sqrt(p + 2 * bound, q, d) < 0


@cache
def _recurrence_adder(numeration: TwoTermRecurrence, bound: int) -> Dfa:
    """The adder, states with ``|V + λU| > bound`` pruned (see :class:`TwoTermRecurrence`)."""
    m, c = numeration.m, numeration.c

    def step(state: tuple[int, ...], a: int) -> tuple[int, ...] | None:
        v, u = state
        nxt = (u + a, m * u + v + c * a)
        return None if _far(*nxt, bound, m) else nxt

    return difference_adder(numeration, (0, 0), step)


def difference_adder(
    numeration: Numeration,
    start: tuple[int, ...],
    step: Callable[[tuple[int, ...], int], tuple[int, ...] | None],
) -> Dfa:
    """The msd-first adder (tapes x, y, z: ``x + y = z``) from the linear state of the digit-wise
    difference word of ``z - x - y``: a column ``(x_d, y_d, z_d)`` appends ``a = z_d - x_d -
    y_d``, the state moves to ``step(state, a)`` (None: pruned, dead), accepted iff the
    state's first coordinate (the word's value) is 0 at its end; the states a breadth-first
    search from ``start`` reaches, restricted to valid words."""
    b = numeration.base
    letters = [(k % b, (k // b) % b, k // b**2) for k in range(b**3)]
    index: dict[tuple[int, ...], int] = {start: 0}
    order = [start]
    rows: list[list[int]] = []
    head = 0
    while head < len(order):
        state = order[head]
        head += 1
        row = []
        for x, y, z in letters:
            nxt = step(state, z - x - y)
            if nxt is None:
                row.append(-1)  # the dead state
                continue
            if nxt not in index:
                index[nxt] = len(order)
                order.append(nxt)
            row.append(index[nxt])
        rows.append(row)
    n = len(order)
    delta = np.array([[t if t >= 0 else n for t in row] for row in rows] + [[n] * b**3])
    accept = np.array([s[0] == 0 for s in order] + [False])
    return numeration.restrict(reachable(Dfa(b, 3, delta, accept)))


def phi_floor(n: int) -> int:
    """``⌊nφ⌋`` exactly, ``(n + isqrt(5n²)) // 2`` (for tests of the Wythoff atoms).

    >>> [phi_floor(n) for n in range(1, 6)]
    [1, 3, 4, 6, 8]
    """
    return (n + isqrt(5 * n * n)) // 2


__all__ = ["Fibonacci", "Numeration", "Pell", "TwoTermRecurrence", "phi_floor"]
