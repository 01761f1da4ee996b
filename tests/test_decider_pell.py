"""A second numeration through the same interface: Ostrowski for √2 (weights 1, 2, 5, 12, ...).

The atoms are checked both ways on every tuple below ``q_L`` (as for Fibonacci in
tests/test_decider_automata.py), so the design's promise (a numeration supplies its valid
words, values and adder; the rest is shared) is tested, not only stated.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

import numeration_atoms as atoms
import numpy as np

from decider import Theory
from decider.automaton import Dfa, equivalent
from decider.numeration import Pell, _recurrence_adder

PELL = Pell()
LENGTH = 5  # q_5 = 70: every value below 70 has at most 5 digits


def accepts_all(dfa: Dfa, tuples: Sequence[tuple[int, ...]], length: int) -> np.ndarray:
    return atoms.accepts_all(PELL, dfa, tuples, length)


def check_both_ways(dfa: Dfa, truth: Sequence[tuple[int, ...]]) -> None:
    atoms.check_both_ways(PELL, dfa, truth, LENGTH)


def test_words_values_and_valid_words() -> None:
    top = PELL.weights(10**6)[LENGTH]
    assert top == 70 and PELL.weights(30)[:6] == [1, 2, 5, 12, 29, 70]
    assert [PELL.value(PELL.word(n)) for n in range(500)] == list(range(500))
    words = [w for w in itertools.product(range(3), repeat=LENGTH) if PELL.valid().accepts(
        [[d] for d in w])]  # fmt: skip
    assert sorted(PELL.value(w) for w in words) == list(range(top))  # one word per value


def test_the_atoms_both_ways() -> None:
    n = 70
    check_both_ways(PELL.adder(), [(x, y, x + y) for x in range(n) for y in range(n - x)])
    check_both_ways(PELL.less(), [(x, y) for x in range(n) for y in range(x + 1, n)])
    check_both_ways(PELL.equal(), [(x, x) for x in range(n)])
    check_both_ways(PELL.constant(41), [(41,)])
    assert equivalent(_recurrence_adder(PELL, 40), _recurrence_adder(PELL, 100))
    assert not equivalent(_recurrence_adder(PELL, 40), _recurrence_adder(PELL, 2))


def test_sentences_in_the_second_numeration() -> None:
    t = Theory(Pell())
    assert t.decide("A x, y x + y = y + x")
    assert t.decide("A x E y (x = y + y | x = y + y + 1)")
    assert t.counterexample("A x E y x = y + y + y") == {"x": 1}
    assert t.least("x + x = 24") == {"x": 12}
