"""Learning a word (an automaton with outputs) from its letters, over any numeration (issue 45).

The one-tape sibling of :mod:`decider.learn`: given the letters ``W[0], W[1], ...`` of a
sequence with finitely many values (a one-heap game's Grundy sequence) and a numeration, it
builds the DFAO whose state after reading ``n``'s digits (msd first, leading zeros allowed)
outputs ``W[n]``, by Myhill–Nerode over a window. Two valid prefixes ``p``, ``q`` of at most
``length - tests`` digits are in one class when ``W[val(p t)] = W[val(q t)]`` for every
suffix ``t`` of at most ``tests`` digits with ``p t`` valid (an invalid word's letter is the
marker ``-1``); the start is the class of the empty word, and the transition of a class by a
digit is the class of its shortest prefix extended by the digit. Every prefix of a class is
then checked to move like its representative (else "two prefixes of one class disagree"),
and the automaton is checked against every letter of the window (:attr:`LearnedWord.error`).

A learned word is a hypothesis: the window says nothing beyond itself. The proof that it is
the game's sequence for every ``n`` is the mex recursion, decided by :mod:`decider.logic`
(:mod:`proofs_check.heap_words`).

>>> from decider.numeration import Fibonacci
>>> fw = [0, 1, 0, 0, 1, 0, 1, 0, 0, 1, 0, 0, 1]  # the last Zeckendorf digit of n
>>> from decider.learn_word import learn_word
>>> learned = learn_word([fw[n % 13] for n in range(13)], Fibonacci(), length=5, tests=3)
>>> learned.error, learned.word.delta.shape[0]  # two states, and the invalid words' one
('', 3)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from decider.automaton import DeciderError, Dfa
from decider.dfao import Dfao
from decider.numeration import Numeration

__all__ = ["LearnedWord", "learn_word", "valid_words"]


@dataclass
class LearnedWord:
    """A learned DFAO and what the window said of it.

    ``word`` is None when no automaton came out (``error`` says why); ``classes`` counts the
    classes of the prefixes of each length (a count that keeps growing with the length means
    the window is too short, or the word is not automatic).
    """

    word: Dfao | None
    error: str
    classes: list[int]
    length: int
    tests: int

    def report(self) -> str:
        """One line: the states, or the reason none came out, and the class counts."""
        head = (f"{self.word.delta.shape[0]} states" if self.word is not None
                else f"no automaton ({self.error})")  # fmt: skip
        return f"{head}; classes by prefix length {self.classes}"


def valid_words(valid: Dfa, length: int) -> list[tuple[int, ...]]:
    """Every word of exactly ``length`` digits (leading zeros allowed) ``valid`` accepts.

    >>> from decider.numeration import Fibonacci
    >>> len(valid_words(Fibonacci().valid(), 4))  # F(6) words of 4 digits, no 11
    8
    """
    out: list[tuple[tuple[int, ...], int]] = [((), 0)]
    for _ in range(length):
        out = [((*w, d), int(valid.delta[q, d])) for w, q in out for d in range(valid.base)]
    return [w for w, q in out if valid.accept[q]] if length else [()]


def _run(delta: np.ndarray, w: Sequence[int]) -> int:
    """The state that the transitions ``delta`` reach from state 0 reading ``w``."""
    q = 0
    for d in w:
        q = int(delta[q, d])
    return q


def learn_word(
    letters: Sequence[int], numeration: Numeration, length: int, tests: int
) -> LearnedWord:
    """Learn the DFAO of ``letters`` (``W[n]`` for ``n < len(letters)``) in ``numeration``.

    Parameters
    ----------
    letters : sequence of int
        The word's first letters; every valid word of at most ``length`` digits must name an
        index below ``len(letters)``.
    numeration : Numeration
        Read msd first, leading zeros allowed.
    length : int
        The window: words of at most ``length`` digits.
    tests : int
        The suffixes that tell classes apart: at most ``tests`` digits (``tests < length``).
    """
    if not 0 < tests < length:
        raise DeciderError(f"learn_word: tests = {tests} must be in 1..length - 1 = {length - 1}")
    valid = numeration.valid()
    top = max(numeration.value(w) for w in valid_words(valid, length))
    if top >= len(letters):
        raise DeciderError(
            f"learn_word: a window of {length} digits reaches n = {top}, past the "
            f"{len(letters)} letters given"
        )
    values = np.asarray(letters, dtype=np.int64)
    suffixes = [t for ell in range(tests + 1) for t in valid_words(valid, ell)]

    def run(q: int, w: Sequence[int]) -> int:
        for d in w:
            q = int(valid.delta[q, d])
        return q

    def signature(p: tuple[int, ...]) -> tuple[int, ...]:
        q = run(0, p)
        return tuple(
            int(values[numeration.value(p + t)]) if valid.accept[run(q, t)] else -1
            for t in suffixes
        )

    depth = length - tests
    seen: dict[tuple[int, ...], int] = {}
    reps: list[tuple[int, ...]] = []
    members: list[list[tuple[int, ...]]] = []
    classes = []
    for ell in range(depth + 1):
        for p in valid_words(valid, ell):
            sig = signature(p)
            if sig not in seen:
                seen[sig] = len(reps)
                reps.append(p)
                members.append([])
            members[seen[sig]].append(p)
        classes.append(len(reps))
    return _build(numeration, seen, reps, members, signature, depth, classes, values, length, tests)


def _build(
    numeration: Numeration,
    seen: dict[tuple[int, ...], int],
    reps: list[tuple[int, ...]],
    members: list[list[tuple[int, ...]]],
    signature: object,
    depth: int,
    classes: list[int],
    values: np.ndarray,
    length: int,
    tests: int,
) -> LearnedWord:
    """The transitions from the classes' members, checked, then checked on the window."""
    sig = signature  # the signature function of learn_word
    assert callable(sig)
    valid = numeration.valid()
    dead = len(reps)  # the class of the invalid words: no valid word continues them
    delta = np.full((dead + 1, numeration.base), dead, dtype=np.int64)
    known = {p: c for c, ps in enumerate(members) for p in ps}
    for c, ps in enumerate(members):
        for d in range(numeration.base):
            targets = {known.get((*p, d), dead) for p in ps if len(p) < depth}
            if len(targets) > 1:
                return LearnedWord(None, f"two prefixes of one class disagree after {depth} "
                                   "digits", classes, length, tests)  # fmt: skip
            if not targets and valid.accept[_run(valid.delta, reps[c] + (d,))]:
                found = seen.get(sig(reps[c] + (d,)))
                if found is None:
                    return LearnedWord(None, "a class has no successor inside the window",
                                       classes, length, tests)  # fmt: skip
                targets.add(found)
            delta[c, d] = targets.pop() if targets else dead
    outputs = np.array([max(sig(p)[0], 0) for p in reps] + [0], dtype=np.int64)
    word = Dfao(delta, outputs, numeration)
    misread = _misread(valid, delta, outputs, values, length, numeration)
    if misread is not None:
        return LearnedWord(None, f"the automaton misreads W[{misread}]", classes, length, tests)
    return LearnedWord(word, "", classes, length, tests)


def _misread(
    valid: Dfa,
    delta: np.ndarray,
    outputs: np.ndarray,
    values: np.ndarray,
    length: int,
    numeration: Numeration,
) -> int | None:
    """The first n, over the valid words of up to ``length`` digits, whose letter the
    automaton (``delta``, ``outputs``) misreads, or None."""
    for ell in range(length + 1):
        for w in valid_words(valid, ell):
            n = numeration.value(w)
            if int(outputs[_run(delta, w)]) != int(values[n]):
                return n
    return None
