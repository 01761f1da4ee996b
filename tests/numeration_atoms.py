"""The atoms of a numeration checked both ways (shared by the Pell, Tribonacci and base-2
tests): every tuple of ``truth`` accepted (also with leading zeros), and, among all tuples of
words of ``length`` digits, no other (a count of the accepted words, by dynamic programming)."""

from __future__ import annotations

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
