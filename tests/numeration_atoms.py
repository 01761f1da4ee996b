"""The atoms of a numeration checked both ways (shared by the Pell, Tribonacci and base-2
tests): every tuple of ``truth`` accepted (also with leading zeros), and, among all tuples of
words of ``length`` digits, no other (a count of the accepted words, by dynamic programming);
its words and values checked against its weights."""

from __future__ import annotations

import itertools
from collections.abc import Sequence

import numpy as np

from decider import Numeration
from decider.automaton import Dfa


def accepts_all(
    numeration: Numeration, dfa: Dfa, tuples: Sequence[tuple[int, ...]], length: int
) -> np.ndarray:
    """Whether ``dfa`` accepts each tuple, its words padded to ``length`` digits."""
    base = numeration.base
    letters = np.zeros((len(tuples), length), dtype=np.int64)
    for row, values in enumerate(tuples):
        for tape, v in enumerate(values):
            word = numeration.word(v)
            letters[row, length - len(word) :] += np.array(word, dtype=np.int64) * base**tape
    states = np.zeros(len(tuples), dtype=np.int64)
    for i in range(length):
        states = dfa.delta[states, letters[:, i]]
    return dfa.accept[states]


def count_accepted(dfa: Dfa, length: int) -> int:
    """How many words of ``length`` letters ``dfa`` accepts."""
    counts = np.zeros(dfa.states, dtype=np.int64)
    counts[0] = 1
    for _ in range(length):
        nxt = np.zeros(dfa.states, dtype=np.int64)
        np.add.at(nxt, dfa.delta.reshape(-1), np.repeat(counts, dfa.letters))
        counts = nxt
    return int(counts[dfa.accept].sum())


def check_both_ways(
    numeration: Numeration, dfa: Dfa, truth: Sequence[tuple[int, ...]], length: int
) -> None:
    """``dfa`` accepts exactly ``truth`` among the tuples of words of ``length`` digits."""
    assert accepts_all(numeration, dfa, truth, length).all()
    assert accepts_all(numeration, dfa, truth, length + 2).all()  # leading zeros change nothing
    assert count_accepted(dfa, length) == len(truth)


def check_arithmetic_atoms(numeration: Numeration, length: int, constant: int) -> None:
    """The adder, ``<``, ``=`` and the ``constant``'s atom checked both ways on every tuple
    below the weight of ``length`` digits (:func:`check_both_ways`)."""
    n = numeration.weights(10**6)[length]
    check_both_ways(
        numeration, numeration.adder(), [(x, y, x + y) for x in range(n) for y in range(n - x)],
        length,
    )  # fmt: skip
    check_both_ways(
        numeration, numeration.less(), [(x, y) for x in range(n) for y in range(x + 1, n)], length
    )
    check_both_ways(numeration, numeration.equal(), [(x, x) for x in range(n)], length)
    check_both_ways(numeration, numeration.constant(constant), [(constant,)], length)


def check_words_and_values(
    numeration: Numeration, length: int, weights: list[int], digits: int, values: int
) -> None:
    """The first ``weights`` (the last one the weight of ``length`` digits), each value below
    ``values`` read back from its word, and the valid words of ``length`` digits (each digit
    below ``digits``) one per value below that weight."""
    top = numeration.weights(10**6)[length]
    assert top == weights[-1] and numeration.weights(30)[: len(weights)] == weights
    assert [numeration.value(numeration.word(n)) for n in range(values)] == list(range(values))
    valid = numeration.valid()
    words = [w for w in itertools.product(range(digits), repeat=length)
             if valid.accepts([[d] for d in w])]  # fmt: skip
    assert sorted(numeration.value(w) for w in words) == list(range(top))  # one word per value
