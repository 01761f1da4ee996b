"""A decision procedure for first-order logic over msd-first numerations (issue 36, item 1).

Its own layer: it knows nothing of games and imports only the standard library, numpy and numba.
``decider.automaton`` holds the automata and their operations, ``decider.numeration`` the
numerations (Fibonacci; Ostrowski for √2) with their atoms, ``decider.tribonacci`` the
Tribonacci numeration, ``decider.binary`` base 2 (with XOR and AND), ``decider.formula`` the
formulas (a Python builder and a text syntax),
``decider.logic`` the :class:`Theory` that compiles a formula to its automaton, decides a
sentence and finds the least counterexample, ``decider.walnut`` the Walnut export (text).

>>> from decider import Theory
>>> Theory().decide("A x E y (x = y + y | x = y + y + 1)")
True
"""

from decider.automaton import Budget, DeciderError, Dfa, Step
from decider.binary import Binary
from decider.dfao import Dfao
from decider.formula import A, E, V, iff, parse
from decider.logic import Relation, Theory
from decider.numeration import Fibonacci, Numeration, Pell
from decider.tribonacci import Tribonacci

__all__ = ["A", "Binary", "Budget", "DeciderError", "Dfa", "Dfao", "E", "Fibonacci", "Numeration",
           "Pell", "Relation", "Step", "Theory", "Tribonacci", "V", "iff", "parse"]  # fmt: skip
