"""Base 2 through the same interface (issue 45): every word valid, weights 1, 2, 4, ...

As for the other numerations (tests/test_decider_tribonacci.py): the words and values, every
atom checked both ways on every tuple below 2^L (the adder, order, equality, a constant, the
shift, and the base's own XOR and AND), sentences known true and false with a false one's
least counterexample checked by brute force, and Walnut (which has ``msd_2`` built in) giving
the same truths as the decider on the exported sentences.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

import numeration_atoms as atoms
import numpy as np
import pytest
from numeration_atoms import count_accepted

from decider import Binary, DeciderError, Theory
from decider.automaton import Dfa
from decider.walnut import custom_bases, export

TWO = Binary()
LENGTH = 6  # every value below 64 has at most 6 digits


def check_both_ways(dfa: Dfa, truth: Sequence[tuple[int, ...]]) -> None:
    atoms.check_both_ways(TWO, dfa, truth, LENGTH)


def test_words_and_values() -> None:
    assert TWO.weights(40)[:7] == [1, 2, 4, 8, 16, 32, 64]
    assert [TWO.value(TWO.word(n)) for n in range(4000)] == list(range(4000))
    assert [int("".join(map(str, TWO.word(n))) or "0", 2) for n in range(300)] == list(range(300))
    words = list(itertools.product(range(2), repeat=LENGTH))
    assert all(TWO.valid().accepts([[d] for d in w]) for w in words)  # every word is valid


def test_the_atoms_both_ways() -> None:
    n = 2**LENGTH
    atoms.check_arithmetic_atoms(TWO, LENGTH, 37)
    relations = TWO.relations()
    check_both_ways(relations["shift"][0], [(x, 2 * x) for x in range(n // 2)])
    check_both_ways(relations["xor"][0], [(x, y, x ^ y) for x in range(n) for y in range(n)])
    check_both_ways(relations["band"][0], [(x, y, x & y) for x in range(n) for y in range(n)])


def test_an_adder_without_its_carry_state_adds_only_without_carries() -> None:
    """The pruning keeps V in {0, 1}; pruning V = 1 too (a carry owed) leaves the sums that need
    no carry: exactly the pairs with x AND y = 0, 3^L of them (each bit 00, 01 or 10)."""
    letters = np.arange(8)
    a = letters // 4 - letters % 2 - (letters // 2) % 2  # z - x - y, letter = x + 2y + 4z
    delta = np.array([np.where(a == 0, 0, 1), np.ones(8, dtype=np.int64)], dtype=np.int64)
    no_carry = Dfa(2, 3, delta, np.array([True, False]))
    n = 2**LENGTH
    check_both_ways(no_carry, [(x, y, x + y) for x in range(n) for y in range(n) if x & y == 0])
    assert count_accepted(no_carry, LENGTH) == 3**LENGTH < count_accepted(TWO.adder(), LENGTH)


def test_sentences_true_and_false() -> None:
    t = Theory(Binary())
    assert t.decide("A x, y x + y = y + x")
    assert t.decide("A x E y (x = y + y | x = y + y + 1)")
    assert t.decide("A x, y E z xor(x, y, z)")
    assert t.decide("A x, y, z (xor(x, y, z) => xor(y, x, z))")
    assert t.decide("A x, y, z, w ((xor(x, y, z) & band(x, y, w)) => x + y = z + w + w)")
    assert not t.decide("A x E y x = y + y + y")
    assert not t.decide("A x, y, z (xor(x, y, z) => z = x + y)")
    assert t.least("x + x + x = 39") == {"x": 13}


def test_a_false_twin_fails_at_its_least_counterexample() -> None:
    """XOR is addition without carries: "x XOR y = x + y" fails first where x AND y != 0."""
    t = Theory(Binary())
    false = "A x, y (x < 8 & y < 8 => E z (xor(x, y, z) & z = x + y))"
    assert not t.decide(false)
    found = t.counterexample(false)
    brute = min(((x, y) for x in range(8) for y in range(8) if x ^ y != x + y),
                key=lambda p: (p[0], p[1]))  # fmt: skip
    assert found is not None and (found["x"], found["y"]) == brute == (1, 1)


def test_the_walnut_export_names_msd_2_and_writes_no_custom_base() -> None:
    out = export(Theory(Binary()), {"comm": "A x, y, z (xor(x, y, z) => xor(y, x, z))"})
    assert '"?msd_2 ' in out.commands and "msd_fib" not in out.commands
    assert custom_bases(TWO) == {}
    assert out.automata["Automata Library/xor.txt"].splitlines()[0] == "msd_2 msd_2 msd_2"


def test_a_fibonacci_export_carries_its_custom_base() -> None:
    from decider import Fibonacci

    files = custom_bases(Fibonacci())
    assert sorted(files) == ["Custom Bases/msd_fib.txt", "Custom Bases/msd_fib_addition.txt"]
    assert files["Custom Bases/msd_fib.txt"].splitlines()[0] == "{0,1}"


def test_a_numeration_walnut_cannot_name_is_refused() -> None:
    class Nameless(Binary):
        walnut = ""

    with pytest.raises(DeciderError, match="Walnut has no name for the binary numeration"):
        custom_bases(Nameless())


SENTENCES = {
    "commutes": ("A x, y, z (xor(x, y, z) => xor(y, x, z))", True),
    "xorsum": ("A x, y, z, w ((xor(x, y, z) & band(x, y, w)) => x + y = z + w + w)", True),
    "nocarry": ("A x, y, z (xor(x, y, z) => z = x + y)", False),
    "halves": ("A x E y (x = y + y | x = y + y + 1)", True),
    "thirds": ("A x E y x = y + y + y", False),
    "order": ("A x, y, z ((band(x, y, z)) => z <= x & z <= y)", True),
}


def test_walnut_agrees_in_msd_2() -> None:
    from grundy.walnut import INSTALL, find_walnut, run_walnut

    if find_walnut() is None:
        pytest.skip(INSTALL)
    t = Theory(Binary())
    ours = {name: t.decide(text) for name, (text, _) in SENTENCES.items()}
    assert ours == {name: truth for name, (_, truth) in SENTENCES.items()}
    theirs = run_walnut(export(t, {name: text for name, (text, _) in SENTENCES.items()}))
    assert theirs == {"guard_true": True, **ours}
