"""The learner of ``decider.learn``: Myhill–Nerode classes from data, checked both ways.

Oracles with known automata are learned and compared with the decider's automaton of the same
set (language equivalence); a set that is not automatic (the squares) and data too short for a
set give a report with the class counts per prefix length and no automaton.
"""

from __future__ import annotations

import numpy as np
import pytest

from decider import DeciderError, Theory
from decider.automaton import equivalent
from decider.learn import learn, learn_points, zeckendorf_bits
from decider.numeration import Fibonacci


@pytest.mark.parametrize(
    ("oracle", "formula"),
    [
        (lambda x, y: x == y, "x = y"),
        (lambda x, y: x < y, "x < y"),
        (lambda x, y: x + 1 == y, "x + 1 = y"),
        (lambda x, y: x + y == 7, "x + y = 7"),
        (lambda x, y: y == 2 * x, "y = x + x"),
    ],
)
def test_a_known_set_is_learned_exactly(oracle, formula: str) -> None:  # type: ignore[no-untyped-def]
    result = learn(oracle, length=10, tests=4)
    assert result.dfa is not None, result.report
    assert equivalent(result.dfa, Theory().relation(formula).dfa)
    assert "candidate automaton" in result.report


def test_the_squares_give_counts_not_an_automaton() -> None:
    result = learn(lambda x, y: y == x * x, length=10, tests=4)
    assert result.dfa is None
    assert "no automaton within the data" in result.report
    assert result.counts == sorted(result.counts) and result.new[-1] > 0  # still growing


def test_short_tests_can_merge_classes_and_the_window_check_refuses() -> None:
    # x + y = 30: tests of 1 digit cannot tell the prefixes apart; whatever is built must
    # then disagree with the data (or the counts do not settle): never a wrong automaton
    result = learn(lambda x, y: x + y == 30, length=8, tests=1, margin=1)
    if result.dfa is not None:
        assert equivalent(result.dfa, Theory().relation("x + y = 30").dfa)
    else:
        assert result.reason


def test_points_and_oracle_agree() -> None:
    top = 55  # F_10: words of at most 8 digits
    pts = [(x, y) for x in range(top) for y in range(top) if (x ^ y) % 3 == 0 and x <= y]
    by_points = learn_points(np.array(pts), 8, 3, margin=1)
    by_oracle = learn(lambda x, y: (x, y) in set(pts), 8, 3, margin=1)
    assert by_points.counts == by_oracle.counts and by_points.points == by_oracle.points


def test_zeckendorf_bits_are_the_words() -> None:
    fib = Fibonacci()
    values = np.arange(144)
    bits = zeckendorf_bits(values, 10)
    for v, b in zip(values.tolist(), bits.tolist(), strict=True):
        assert [int(c) for c in bin(b)[2:]] == (fib.word(v) or [0])
    with pytest.raises(DeciderError, match="outside the window"):
        zeckendorf_bits(np.array([144]), 10)


def test_bad_parameters_are_refused() -> None:
    with pytest.raises(DeciderError, match="tests"):
        learn_points([], 5, 5)
