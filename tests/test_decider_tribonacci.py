"""Tribonacci numeration through the same interface (weights 1, 2, 4, 7, 13, ..., no ``111``).

As for Ostrowski √2 (tests/test_decider_pell.py): the words and values, the atoms checked both
ways on every tuple below ``T_L``, the adder's pruning bound (doubling it changes nothing, a
small one loses sums), and sentences known true and false, a false one's least counterexample
checked by brute force over the integers.
"""

from __future__ import annotations

import numeration_atoms as atoms
from numeration_atoms import count_accepted

from decider import Theory, Tribonacci
from decider.automaton import equivalent
from decider.tribonacci import BOUND, adder

TRIB = Tribonacci()
LENGTH = 6  # T_6 = 44: every value below 44 has at most 6 digits


def test_words_values_and_valid_words() -> None:
    atoms.check_words_and_values(TRIB, LENGTH, [1, 2, 4, 7, 13, 24, 44], digits=2, values=2000)
    assert all("111" not in "".join(map(str, TRIB.word(n))) for n in range(2000))


def test_the_atoms_both_ways() -> None:
    n = TRIB.weights(10**6)[LENGTH]
    atoms.check_arithmetic_atoms(TRIB, LENGTH, 37)
    atoms.check_both_ways(TRIB, TRIB.shift(), [(x, TRIB.value([*TRIB.word(x), 0]))
                                               for x in range(n) if len(TRIB.word(x)) < LENGTH],
                          LENGTH)  # fmt: skip


def test_the_pruning_bound() -> None:
    assert equivalent(adder(TRIB, BOUND), adder(TRIB, 2 * BOUND))
    small = adder(TRIB, 3)  # below the proved bound: sums are lost
    assert not equivalent(adder(TRIB, BOUND), small)
    assert count_accepted(small, LENGTH) < count_accepted(adder(TRIB, BOUND), LENGTH)


def test_sentences_true_and_false() -> None:
    t = Theory(Tribonacci())
    assert t.decide("A x, y x + y = y + x")
    assert t.decide("A x E y (x = y + y | x = y + y + 1)")
    assert t.decide("A x, y (x < y => E z (x + z = y & ~(z = 0)))")
    assert not t.decide("A x E y x = y + y + y")
    assert t.least("x + x + x = 39") == {"x": 13}


def test_an_injected_false_twin_fails_at_its_least_counterexample() -> None:
    """ "Every x < 30 is 2y or 2y + 1", and a twin with the witness 2y denied at 18."""
    t = Theory(Tribonacci())
    assert t.decide("A x (x < 30 => E y (x = y + y | x = y + y + 1))")
    false = "A x (x < 30 => E y ((x = y + y & ~(x = 18)) | x = y + y + 1))"
    assert not t.decide(false)
    found = t.counterexample(false)
    brute = min(x for x in range(30) if not any((x == 2 * y and x != 18) or x == 2 * y + 1
                                                 for y in range(x + 1)))  # fmt: skip
    assert found == {"x": brute} == {"x": 18}
