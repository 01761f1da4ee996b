"""The decider's automata and atoms against plain arithmetic (issue 36, item 1).

Each atom is checked both ways on every tuple of values below ``F_{L+2}`` (the values with at
most ``L`` Zeckendorf digits): every true tuple is accepted (at length ``L`` and with extra
leading zeros), and the number of accepted words of length ``L`` equals the number of true
tuples, so nothing false is accepted.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from decider.automaton import (
    Budget,
    DeciderError,
    Dfa,
    complement,
    equivalent,
    exists,
    least_word,
    minimise,
    product,
    remap,
)
from decider.numeration import Fibonacci, phi_floor

FIB = Fibonacci()


def fib_bound(length: int) -> int:
    """``F_{length+2}``: the values with at most ``length`` Zeckendorf digits are below it."""
    a, b = 1, 2  # F_2, F_3
    for _ in range(length):
        a, b = b, a + b
    return a


def columns(values: tuple[int, ...], length: int) -> np.ndarray:
    """The letters (one per column) of ``values`` written on ``length`` digits each."""
    letters = np.zeros(length, dtype=np.int64)
    for tape, v in enumerate(values):
        word = FIB.word(v)
        assert len(word) <= length
        padded = [0] * (length - len(word)) + word
        letters += np.array(padded, dtype=np.int64) << tape
    return letters


def accepts_all(dfa: Dfa, tuples: Sequence[tuple[int, ...]], length: int) -> np.ndarray:
    """Whether ``dfa`` accepts each tuple written on ``length`` digits (vectorised)."""
    words = np.array([columns(t, length) for t in tuples]).reshape(len(tuples), length)
    states = np.zeros(len(tuples), dtype=np.int64)
    for i in range(length):
        states = dfa.delta[states, words[:, i]]
    return dfa.accept[states]


def count_accepted(dfa: Dfa, length: int) -> int:
    """The number of accepted words of exactly ``length`` letters."""
    counts = np.zeros(dfa.states, dtype=object)
    counts[0] = 1
    for _ in range(length):
        nxt = np.zeros(dfa.states, dtype=object)
        for q in range(dfa.states):
            for t in dfa.delta[q]:
                nxt[t] += counts[q]
        counts = nxt
    return int(sum(counts[dfa.accept]))


def check_both_ways(dfa: Dfa, truth: Sequence[tuple[int, ...]], length: int) -> None:
    assert accepts_all(dfa, truth, length).all()
    assert accepts_all(dfa, truth, length + 2).all()  # leading zeros change nothing
    assert count_accepted(dfa, length) == len(truth)


def test_the_adder_accepts_exactly_the_sums() -> None:
    length = 12
    n = fib_bound(length)  # 377: every x, y with x + y < 377
    truth = [(x, y, x + y) for x in range(n) for y in range(n - x)]
    check_both_ways(FIB.adder(), truth, length)
    near = [(x, y, x + y + d) for x in range(60) for y in range(60) for d in (-1, 1)]
    near = [t for t in near if 0 <= t[2] < n]
    assert not accepts_all(FIB.adder(), near, length).any()


def test_less_and_equal_accept_exactly_the_true_pairs() -> None:
    length = 11
    n = fib_bound(length)
    check_both_ways(FIB.less(), [(x, y) for x in range(n) for y in range(x + 1, n)], length)
    check_both_ways(FIB.equal(), [(x, x) for x in range(n)], length)


def test_constants_and_shift() -> None:
    length = 10
    n = fib_bound(length)
    for c in (0, 1, 2, 7, 88):
        check_both_ways(FIB.constant(c), [(c,)], length)
    # shift(x, y): y = floor((x + 1) phi) - 1, checked with the exact floor
    truth = [(x, phi_floor(x + 1) - 1) for x in range(n)]
    truth = [t for t in truth if t[1] < n]
    check_both_ways(FIB.shift(), truth, length)


def test_valid_words_are_those_without_11() -> None:
    valid = FIB.valid()
    for word in itertools.product((0, 1), repeat=7):
        has_11 = any(a == b == 1 for a, b in itertools.pairwise(word))
        assert valid.accepts([[d] for d in word]) is (not has_11)
    assert [FIB.value(FIB.word(v)) for v in range(200)] == list(range(200))


def test_exists_closes_the_start_under_leading_zeros() -> None:
    # E y (y = x + x): the witness y has more digits than x (x = 1 is "1", y = 2 is "10")
    adder = FIB.adder()  # tapes x, y, z
    doubled = minimise(remap(adder, 2, [0, 0, 1]))  # tapes x, z with z = x + x
    evens_source = exists(doubled, 1)  # E z (z = x + x): every x
    length = 8
    n = fib_bound(length)
    check_both_ways(evens_source, [(x,) for x in range(n)], length)
    halves = exists(doubled, 0)  # E x (z = x + x): the even z
    check_both_ways(halves, [(z,) for z in range(0, n, 2)], length)


def _random_dfa(seed: int, states: int) -> Dfa:
    rng = np.random.default_rng(seed)
    return Dfa(2, 1, rng.integers(0, states, (states, 2)), rng.random(states) < 0.5)


@given(st.integers(0, 10**6), st.integers(1, 7))
def test_minimise_keeps_the_language(seed: int, states: int) -> None:
    a = _random_dfa(seed, states)
    m = minimise(a)
    assert m.states <= a.states
    for length in range(7):
        for word in itertools.product((0, 1), repeat=length):
            assert m.accepts([[d] for d in word]) == a.accepts([[d] for d in word])


@given(st.integers(0, 10**6), st.integers(0, 10**6))
def test_products_and_complement_are_boolean(seed_a: int, seed_b: int) -> None:
    a, b = _random_dfa(seed_a, 4), _random_dfa(seed_b, 5)
    both, either = product(a, b, "and"), product(a, b, "or")
    assert equivalent(complement(both), product(complement(a), complement(b), "or"))
    for word in itertools.product((0, 1), repeat=5):
        w = [[d] for d in word]
        assert both.accepts(w) == (a.accepts(w) and b.accepts(w))
        assert either.accepts(w) == (a.accepts(w) or b.accepts(w))


def test_least_word_is_shortest_then_least() -> None:
    valid_odd = minimise(product(FIB.valid(), _ends_in_1(), "and"))
    assert least_word(valid_odd) == [1]
    assert least_word(FIB.constant(12)) == [1, 0, 1, 0, 1]
    assert least_word(product(FIB.constant(3), FIB.constant(4), "and")) is None


def _ends_in_1() -> Dfa:
    return Dfa(2, 1, np.array([[0, 1], [0, 1]]), np.array([False, True]))


def test_refusals_are_one_line() -> None:
    small = Budget(limit_bytes=100)
    with pytest.raises(DeciderError, match="past the limit of 100"):
        product(FIB.adder(), FIB.adder(), "and", small)
    with pytest.raises(DeciderError, match="past the limit"):
        exists(FIB.adder(), 0, Budget(limit_bytes=200))
    with pytest.raises(DeciderError, match="3-tape and 2-tape"):
        product(FIB.adder(), FIB.less(), "and")
    with pytest.raises(DeciderError, match="shape"):
        Dfa(2, 2, np.zeros((1, 2), dtype=np.int64), np.array([True]))
    assert small.steps == []
    big = Budget()
    product(FIB.adder(), FIB.adder(), "and", big)
    assert big.steps[-1].operation == "product (and)" and big.largest == FIB.adder().states


def test_the_adders_pruning_bound_is_safe() -> None:
    """A larger bound gives the same language (the docstring's argument); a too small one not."""
    from decider.numeration import _far, _recurrence_adder

    assert equivalent(_recurrence_adder(FIB, 20), _recurrence_adder(FIB, 60))
    assert not equivalent(_recurrence_adder(FIB, 20), _recurrence_adder(FIB, 1))  # can fail
    # the argument's constants on the explored states: |B| < 1.24 everywhere reachable
    phi = (1 + 5**0.5) / 2
    states = {(0, 0)}
    frontier = [(0, 0)]
    while frontier:
        v, u = frontier.pop()
        for a in (-2, -1, 0, 1):
            nxt = (u + a, u + v + 2 * a)
            if not _far(*nxt) and nxt not in states:
                states.add(nxt)
                frontier.append(nxt)
    assert all(abs(v - u / phi) < 1.24 for v, u in states)
    assert all(abs(v + phi * u) <= 20 for v, u in states)
    assert all(abs(phi * u) < 3.3 for v, u in states if v == 0)
    assert _far(0, 13) and not _far(0, 12)  # |φ·13| = 21.03 > 20 >= |φ·12| = 19.4
