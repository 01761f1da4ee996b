"""A second numeration through the same interface: Ostrowski for √2 (weights 1, 2, 5, 12, ...).

The atoms are checked both ways on every tuple below ``q_L`` (as for Fibonacci in
tests/test_decider_automata.py), so the design's promise (a numeration supplies its valid
words, values and adder; the rest is shared) is tested, not only stated.
"""

from __future__ import annotations

import numeration_atoms as atoms

from decider import Theory
from decider.automaton import equivalent
from decider.numeration import Pell, _recurrence_adder

PELL = Pell()
LENGTH = 5  # q_5 = 70: every value below 70 has at most 5 digits


def test_words_values_and_valid_words() -> None:
    atoms.check_words_and_values(PELL, LENGTH, [1, 2, 5, 12, 29, 70], digits=3, values=500)


def test_the_atoms_both_ways() -> None:
    atoms.check_arithmetic_atoms(PELL, LENGTH, 41)
    assert equivalent(_recurrence_adder(PELL, 40), _recurrence_adder(PELL, 100))
    assert not equivalent(_recurrence_adder(PELL, 40), _recurrence_adder(PELL, 2))


def test_sentences_in_the_second_numeration() -> None:
    t = Theory(Pell())
    assert t.decide("A x, y x + y = y + x")
    assert t.decide("A x E y (x = y + y | x = y + y + 1)")
    assert t.counterexample("A x E y x = y + y + y") == {"x": 1}
    assert t.least("x + x = 24") == {"x": 12}
