"""From a formula to its automaton: deciding sentences and finding least counterexamples.

**The invariant** (why every construction is sound).  A :class:`Relation` on the variables
``tapes`` (sorted names, one tape each) holds an automaton accepting exactly the words whose
every tape is a valid representation (leading zeros allowed) and whose values satisfy the
formula.  Such a language is closed under adding and removing leading all-zero columns.

* The atoms (:class:`~decider.numeration.Numeration`) are intersected with the valid words.
* ``&``, ``|``: products of the two automata read on the union of their tapes (a tape one of
  them does not read is added unread and then restricted to valid words).
* ``~``: the valid words the automaton rejects (:func:`~decider.automaton.complement_within`),
  not all rejected words: a word with an invalid tape names no number.
* ``E x``: erase x's tape; a witness x may need more digits than the other values, so the
  subset construction starts from every state reachable by columns zero on the kept tapes
  (:func:`~decider.automaton.exists`).  The result again holds exactly the valid words whose
  values have a witness, and stays closed under leading zeros.  ``A x f`` is ``~E x ~f``.

A sentence (no free variable) is a 0-tape automaton: TRUE iff its start accepts.

>>> t = Theory()
>>> t.decide("A x, y x + y = y + x"), t.decide("A x E y x = y + y")
(True, False)
>>> t.counterexample("A x E y x = y + y")
{'x': 1}
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

from decider.automaton import (
    Budget,
    DeciderError,
    Dfa,
    Step,
    complement_within,
    equivalent,
    exists,
    least_word,
    minimise,
    product,
    remap,
)
from decider.formula import (
    A,
    Add,
    And,
    At,
    Cmp,
    Const,
    E,
    Formula,
    Iff,
    Implies,
    Not,
    Or,
    Pred,
    Term,
    Var,
    free,
    parse,
)
from decider.numeration import Fibonacci, Numeration


@dataclass(frozen=True)
class Relation:
    """An automaton with named tapes: tape ``i`` reads the variable ``tapes[i]`` (sorted)."""

    dfa: Dfa
    tapes: tuple[str, ...]


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


def _arguments(name: str, args: str | Sequence[str]) -> tuple[str, ...]:
    """A predicate's argument names, checked: names (not ``E``, ``A``), none repeated."""
    names = tuple(args.split()) if isinstance(args, str) else tuple(args)
    for n in (name, *names):
        if not re.fullmatch(r"[A-Za-z][A-Za-z0-9_]*", n) or n in ("E", "A"):
            raise DeciderError(f"not a name: {n!r}")
    if len(set(names)) != len(names):
        raise DeciderError(f"{name}: repeated argument names {list(names)}")
    return names


def _with_start(a: Dfa, q: int) -> Dfa:
    """``a`` with state ``q`` as its start (states 0 and ``q`` swapped)."""
    perm = np.arange(a.states, dtype=np.int64)
    perm[[0, q]] = perm[[q, 0]]
    return Dfa(a.base, a.k, perm[a.delta[perm]], a.accept[perm])


def _nothing(numeration: Numeration) -> Dfa:
    """The 1-tape automaton accepting no word."""
    delta = np.zeros((1, numeration.base), dtype=np.int64)
    return Dfa(numeration.base, 1, delta, np.array([False]))


def _closed_under_leading_zeros(a: Dfa) -> bool:
    return equivalent(a, _with_start(a, int(a.delta[0, 0])))


class Theory:
    """Formulas over a numeration (Fibonacci unless given), with named predicates and words.

    Parameters
    ----------
    numeration : Numeration, optional
        The numeration of the structure.
    limit_bytes : int
        The memory an operation may spend; past its estimate the operation is refused.

    Attributes
    ----------
    predicates : dict
        The named predicates: the numeration's (``shift(x, y)``), then those defined.
    definitions : dict
        The formula of each predicate stored by :meth:`define` (its arguments, its formula).
    budget : Budget
        The limit and the record of every step (operation, states, seconds).
    """

    def __init__(self, numeration: Numeration | None = None, limit_bytes: int = 2 * 1024**3):
        self.numeration = numeration or Fibonacci()
        self.budget = Budget(limit_bytes)
        self.predicates: dict[str, tuple[Relation, tuple[str, ...]]] = {}
        self.words: dict[str, Dfao] = {}
        self.definitions: dict[str, tuple[tuple[str, ...], Formula]] = {}
        self._memo: dict[Formula, Relation] = {}
        self._fresh = 0
        for name, (dfa, args) in self.numeration.relations().items():
            self.add_automaton(name, dfa, args)

    @property
    def steps(self) -> list[Step]:
        """Every step done so far."""
        return self.budget.steps

    # -- named predicates and words --------------------------------------------------------
    def define(self, name: str, args: str | Sequence[str], formula: Formula | str) -> Relation:
        """Store ``name(args) := formula`` as a predicate; returns its relation.

        >>> t = Theory()
        >>> _ = t.define("even", "x", "E y x = y + y")
        >>> t.decide("A x (even(x) | even(x + 1))")
        True
        """
        f = parse(formula) if isinstance(formula, str) else formula
        names = _arguments(name, args)
        extra = sorted(free(f) - set(names))
        if extra:
            raise DeciderError(
                f"{name}: free variable(s) {', '.join(extra)} not among its arguments"
            )
        tapes = tuple(sorted(set(names)))
        rel = Relation(minimise(self._align(self.relation(f), tapes), self.budget), tapes)
        self._memo.clear()
        self.predicates[name] = (rel, names)
        self.definitions[name] = (names, f)
        return rel

    def add_automaton(self, name: str, dfa: Dfa, args: str | Sequence[str]) -> Relation:
        """Store an automaton as the predicate ``name``, its tape ``i`` reading ``args[i]``.

        The automaton is restricted to valid words, and refused unless its language is closed
        under leading zeros (reading a 0 first changes nothing).
        """
        names = _arguments(name, args)
        if dfa.k != len(names) or dfa.base != self.numeration.base:
            raise DeciderError(
                f"{name}: an automaton of {dfa.k} tapes (base {dfa.base}) for "
                f"{len(names)} arguments in base {self.numeration.base}"
            )
        restricted = self.numeration.restrict(dfa)
        if not _closed_under_leading_zeros(restricted):
            raise DeciderError(f"{name}: the automaton is not closed under leading zeros")
        self._memo.clear()
        self.predicates[name] = (self._atom(restricted, names), names)
        self.definitions.pop(name, None)
        return self.predicates[name][0]

    def add_word(self, name: str, word: Dfao) -> None:
        """Store a DFAO as the word ``name`` (``name[n] = c`` in formulas)."""
        _arguments(name, ())
        if word.numeration != self.numeration:
            raise DeciderError(f"{name}: a word in another numeration")
        outputs = sorted(set(np.asarray(word.outputs).tolist()))
        for c in outputs:
            if not _closed_under_leading_zeros(word.letter_is(c)):
                raise DeciderError(
                    f"{name}: the word's automaton is not closed under leading zeros"
                )
        self.words[name] = word

    # -- compiling -------------------------------------------------------------------------
    def _atom(self, dfa: Dfa, names: Sequence[str]) -> Relation:
        """The relation of ``dfa`` whose tape ``i`` reads the variable ``names[i]``."""
        tapes = tuple(sorted(set(names)))
        return Relation(minimise(remap(dfa, len(tapes), [tapes.index(n) for n in names])), tapes)

    def _align(self, rel: Relation, tapes: tuple[str, ...]) -> Dfa:
        """``rel`` read on ``tapes`` (a sorted superset): new tapes unread but valid."""
        dfa = remap(rel.dfa, len(tapes), [tapes.index(n) for n in rel.tapes])
        if len(tapes) > len(rel.tapes):
            dfa = product(dfa, self.numeration.valid_tapes(len(tapes)), "and", self.budget)
        return dfa

    def _combine(self, left: Relation, right: Relation, mode: str) -> Relation:
        tapes = tuple(sorted(set(left.tapes) | set(right.tapes)))
        dfa = product(self._align(left, tapes), self._align(right, tapes), mode, self.budget)
        return Relation(minimise(dfa, self.budget), tapes)

    def _not(self, rel: Relation) -> Relation:
        valid = self.numeration.valid_tapes(len(rel.tapes))
        return Relation(minimise(complement_within(rel.dfa, valid, self.budget)), rel.tapes)

    def _exists(self, rel: Relation, name: str) -> Relation:
        if name not in rel.tapes:
            return rel  # the domain is not empty
        i = rel.tapes.index(name)
        return Relation(exists(rel.dfa, i, self.budget), rel.tapes[:i] + rel.tapes[i + 1 :])

    def _name(self, t: Term, parts: list[Relation], fresh: list[str]) -> str:
        """A variable holding the term's value; its defining relations go to ``parts``."""
        if isinstance(t, Var):
            return t.name
        self._fresh += 1
        name = f"#{self._fresh}"
        fresh.append(name)
        if isinstance(t, Const):
            parts.append(self._atom(self.numeration.constant(t.value), [name]))
        elif isinstance(t, Add):
            a, b = self._name(t.left, parts, fresh), self._name(t.right, parts, fresh)
            parts.append(self._atom(self.numeration.adder(), [a, b, name]))
        else:
            raise DeciderError("a word's letter W[t] is compared with a constant or a letter only")
        return name

    def _cmp(self, f: Cmp) -> Relation:
        parts: list[Relation] = []
        fresh: list[str] = []
        left, right, op = f.left, f.right, f.op
        if isinstance(right, At) or isinstance(left, At):
            base = self._letter(f, parts, fresh)
        elif op == "=" and (isinstance(left, Add | Const) or isinstance(right, Add)):
            if not isinstance(left, Add | Const):
                left, right = right, left
            other = self._name(right, parts, fresh)
            if isinstance(left, Const):
                base = self._atom(self.numeration.constant(left.value), [other])
            else:
                assert isinstance(left, Add)
                a, b = self._name(left.left, parts, fresh), self._name(left.right, parts, fresh)
                base = self._atom(self.numeration.adder(), [a, b, other])
        else:
            a, b = self._name(left, parts, fresh), self._name(right, parts, fresh)
            num = self.numeration
            base = {
                "=": lambda: self._atom(num.equal(), [a, b]),
                "!=": lambda: self._not(self._atom(num.equal(), [a, b])),
                "<": lambda: self._atom(num.less(), [a, b]),
                ">": lambda: self._atom(num.less(), [b, a]),
                "<=": lambda: self._not(self._atom(num.less(), [b, a])),
                ">=": lambda: self._not(self._atom(num.less(), [a, b])),
            }[op]()
        for part in parts:
            base = self._combine(base, part, "and")
        for name in fresh:
            base = self._exists(base, name)
        return base

    def _letter(self, f: Cmp, parts: list[Relation], fresh: list[str]) -> Relation:
        """``W[t] = c``, ``W[t] = V[s]`` (or ``!=``): the letters' sets, joined by value."""
        at, other = (f.left, f.right) if isinstance(f.left, At) else (f.right, f.left)
        if not isinstance(other, Const | At) or f.op not in ("=", "!=") or not isinstance(at, At):
            raise DeciderError(
                "a word's letter W[t] can only be compared (= or !=) with a constant or a letter"
            )
        sides = [at] if isinstance(other, Const) else [at, other]
        for side in sides:
            if side.word not in self.words:
                raise DeciderError(f"unknown word {side.word}")
        index = [self._name(side.index, parts, fresh) for side in sides]
        if isinstance(other, Const):
            rel = self._atom(self.words[at.word].letter_is(other.value), index)
        else:
            letters = [set(np.asarray(self.words[s.word].outputs).tolist()) for s in sides]
            rel = self._atom(self.numeration.restrict(_nothing(self.numeration)), index[:1])
            for c in sorted(letters[0] & letters[1]):
                both = self._combine(
                    self._atom(self.words[at.word].letter_is(c), index[:1]),
                    self._atom(self.words[other.word].letter_is(c), index[1:]),
                    "and",
                )
                rel = self._combine(rel, both, "or")
        return rel if f.op == "=" else self._not(rel)

    def _pred(self, f: Pred) -> Relation:
        if f.name not in self.predicates:
            raise DeciderError(f"unknown predicate {f.name}")
        rel, args = self.predicates[f.name]
        if len(f.args) != len(args):
            raise DeciderError(f"{f.name} takes {len(args)} arguments, given {len(f.args)}")
        parts: list[Relation] = []
        fresh: list[str] = []
        names = [self._name(t, parts, fresh) for t in f.args]
        base = self._atom(rel.dfa, [names[args.index(tape)] for tape in rel.tapes])
        for part in parts:
            base = self._combine(base, part, "and")
        for name in fresh:
            base = self._exists(base, name)
        return base

    def relation(self, formula: Formula | str) -> Relation:
        """The minimal automaton of ``formula``, on its free variables in alphabetical order.

        Results are remembered per formula (a subformula met twice is built once) until a
        predicate or word is added.
        """
        f = parse(formula) if isinstance(formula, str) else formula
        if f not in self._memo:
            self._memo[f] = self._build(f)
        return self._memo[f]

    def _build(self, f: Formula) -> Relation:
        if isinstance(f, Cmp):
            return self._cmp(f)
        if isinstance(f, Pred):
            return self._pred(f)
        if isinstance(f, Not):
            return self._not(self.relation(f.body))
        if isinstance(f, And | Or):
            mode = "and" if isinstance(f, And) else "or"
            return self._combine(self.relation(f.left), self.relation(f.right), mode)
        if isinstance(f, Implies):
            return self._combine(self._not(self.relation(f.left)), self.relation(f.right), "or")
        if isinstance(f, Iff):
            return self._not(self._combine(self.relation(f.left), self.relation(f.right), "xor"))
        if isinstance(f, E):
            rel = self.relation(f.body)
            for name in reversed(f.names):
                rel = self._exists(rel, name)
            return rel
        if isinstance(f, A):
            rel = self._not(self.relation(f.body))
            for name in reversed(f.names):
                rel = self._exists(rel, name)
            return self._not(rel)
        raise DeciderError(f"not a formula: {f!r}")

    # -- deciding --------------------------------------------------------------------------
    def decide(self, sentence: Formula | str) -> bool:
        """TRUE or FALSE for a sentence; a free variable is refused (one line)."""
        f = parse(sentence) if isinstance(sentence, str) else sentence
        names = sorted(free(f))
        if names:
            raise DeciderError(f"not a sentence: free variable(s) {', '.join(names)}")
        return bool(self.relation(f).dfa.accept[0])

    def least(self, formula: Formula | str) -> dict[str, int] | None:
        """The least assignment satisfying ``formula``, ``None`` if there is none.

        *Least* is lexicographic on the values with the variables in alphabetical order:
        the least value of the first variable among all solutions, then the least value of
        the second among the solutions with that first value, and so on.  Each value is the
        shortest accepted word (fewest digits is smallest), least in digit order among those
        (equal-length words compare like their values).

        >>> Theory().least("x + y = 7 & 2 < x & y != 1")
        {'x': 3, 'y': 4}
        """
        rel = self.relation(formula)
        if least_word(rel.dfa) is None:
            return None
        values: dict[str, int] = {}
        for name in rel.tapes:
            alone = rel
            for other in rel.tapes:
                if other != name and other not in values:
                    alone = self._exists(alone, other)
            alone = self._drop_fixed(alone, values)
            word = least_word(alone.dfa)
            if word is None:
                return None
            values[name] = self.numeration.value(word)
            fixed = self._atom(self.numeration.constant(values[name]), [name])
            rel = self._combine(rel, fixed, "and")
        return values

    def _drop_fixed(self, rel: Relation, values: dict[str, int]) -> Relation:
        for name in list(rel.tapes):
            if name in values:
                rel = self._exists(rel, name)
        return rel

    def counterexample(self, sentence: Formula | str) -> dict[str, int] | None:
        """The least values of the outer universal variables that make the body false.

        ``A x, y f`` (nested ``A`` too) gives the least (see :meth:`least`) assignment of
        ``x, y`` satisfying ``~f``; ``None`` when there is none (the sentence is TRUE), and
        ``{}`` for a FALSE sentence with no outer universal variable.
        """
        f = parse(sentence) if isinstance(sentence, str) else sentence
        while isinstance(f, A):
            f = f.body
        return self.least(Not(f))
