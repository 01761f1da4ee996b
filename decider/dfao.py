"""Automatic words: an automaton with outputs (DFAO) read on a numeration's digits.

A word ``W`` is stored in a :class:`~decider.logic.Theory` by ``add_word`` and read in
formulas as ``W[t] = c``; :meth:`Dfao.letter_is` gives the index set of a letter.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

from decider.automaton import Dfa
from decider.numeration import Fibonacci, Numeration

__all__ = ["Dfao"]


@dataclass(frozen=True, eq=False)
class Dfao:
    """An automaton with outputs: the word ``W[n] = outputs[state after reading n's digits]``.

    Parameters
    ----------
    delta : array of int, shape (states, base)
        One tape, the numeration's digits, start state 0.
    outputs : array of int, shape (states,)
        The letter of each state.

    Examples
    --------
    The Fibonacci word ``0100101001...`` is the last Zeckendorf digit of ``n``:

    >>> import numpy as np
    >>> fw = Dfao(np.array([[0, 1], [0, 1]]), np.array([0, 1]))
    >>> [fw.at(n) for n in range(10)]
    [0, 1, 0, 0, 1, 0, 1, 0, 0, 1]
    """

    delta: npt.NDArray[np.int64]
    outputs: npt.NDArray[np.int64]
    numeration: Numeration = field(default_factory=Fibonacci)

    def at(self, n: int) -> int:
        """The letter at index ``n``."""
        q = 0
        for d in self.numeration.word(n):
            q = int(self.delta[q, d])
        return int(self.outputs[q])

    def letter_is(self, c: int) -> Dfa:
        """The 1-tape automaton of ``{n : W[n] = c}`` (valid words)."""
        delta = np.asarray(self.delta, dtype=np.int64)
        dfa = Dfa(self.numeration.base, 1, delta, np.asarray(self.outputs) == c)
        return self.numeration.restrict(dfa)
