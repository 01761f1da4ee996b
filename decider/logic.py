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
from dataclasses import dataclass
from functools import lru_cache

import numpy as np

from decider.automaton import (
    LIMIT_BYTES,
    Budget,
    DeciderError,
    Dfa,
    Step,
    complement_within,
    equivalent,
    exists,
    is_minimal,
    least_word,
    minimise,
    product,
    remap,
)
from decider.dfao import Dfao
from decider.formula import (
    A,
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
    cancel,
    children,
    free,
    linear,
    parse,
    term_vars,
)
from decider.numeration import Fibonacci, Numeration


@dataclass(frozen=True)
class Relation:
    """An automaton with named tapes: tape ``i`` reads the variable ``tapes[i]`` (sorted)."""

    dfa: Dfa
    tapes: tuple[str, ...]


#: The comparisons of two naturals.
_COMPARE = {
    "=": int.__eq__,
    "!=": int.__ne__,
    "<": int.__lt__,
    "<=": int.__le__,
    ">": int.__gt__,
    ">=": int.__ge__,
}


#: A formula's text parsed once (formulas are immutable: one tree serves every theory).
parsed = lru_cache(maxsize=4096)(parse)


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
    """Whether reading a 0 first changes nothing: the start and its 0-successor accept the
    same words (in a minimal automaton: they are the same state)."""
    return equivalent(a, _with_start(a, int(a.delta[0, 0])))


def _minimal_closed_under_leading_zeros(a: Dfa) -> bool:
    """:func:`_closed_under_leading_zeros` for a minimal automaton (two of its states accept
    the same words only if they are one state): the start's 0-successor is the start."""
    return int(a.delta[0, 0]) == 0


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

    def __init__(self, numeration: Numeration | None = None, limit_bytes: int = LIMIT_BYTES):
        self.numeration = numeration or Fibonacci()
        self.budget = Budget(limit_bytes)
        self.predicates: dict[str, tuple[Relation, tuple[str, ...]]] = {}
        self.words: dict[str, Dfao] = {}
        self.definitions: dict[str, tuple[tuple[str, ...], Formula]] = {}
        self._memo: dict[Formula, Relation] = {}
        self._plus_memo: dict[int, Dfa] = {}
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
        f = parsed(formula) if isinstance(formula, str) else formula
        names = _arguments(name, args)
        self._fresh_name(name)
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
        self._fresh_name(name)
        if dfa.k != len(names) or dfa.base != self.numeration.base:
            raise DeciderError(
                f"{name}: an automaton of {dfa.k} tapes (base {dfa.base}) for "
                f"{len(names)} arguments in base {self.numeration.base}"
            )
        restricted = self.numeration.restrict(dfa, self.budget)  # minimal
        if not _minimal_closed_under_leading_zeros(restricted):
            raise DeciderError(f"{name}: the automaton is not closed under leading zeros")
        self._memo.clear()
        self.predicates[name] = (self._atom(restricted, names), names)
        return self.predicates[name][0]

    def add_word(self, name: str, word: Dfao) -> None:
        """Store a DFAO as the word ``name`` (``name[n] = c`` in formulas)."""
        _arguments(name, ())
        self._fresh_name(name)
        if word.numeration != self.numeration:
            raise DeciderError(f"{name}: a word in another numeration")
        outputs = sorted(set(np.asarray(word.outputs).tolist()))
        for c in outputs:
            if not _closed_under_leading_zeros(word.letter_is(c)):
                raise DeciderError(
                    f"{name}: the word's automaton is not closed under leading zeros"
                )
        self._memo.clear()
        self.words[name] = word

    def _fresh_name(self, name: str) -> None:
        """Refuse a name already given to a predicate or a word (one line): the automata
        built from the old meaning (other predicates', remembered formulas') would stay."""
        if name in self.predicates or name in self.words:
            kind = "predicate" if name in self.predicates else "word"
            raise DeciderError(
                f"{name}: already a {kind} of this theory; a name is given once (a new "
                "Theory, or another name)"
            )

    # -- compiling -------------------------------------------------------------------------
    def _atom(self, dfa: Dfa, names: Sequence[str]) -> Relation:
        """The relation of ``dfa`` whose tape ``i`` reads the variable ``names[i]``."""
        tapes = tuple(sorted(set(names)))
        if tuple(names) == tapes and is_minimal(dfa):  # read as it is: nothing to do
            return Relation(dfa, tapes)
        moved = remap(dfa, len(tapes), [tapes.index(n) for n in names])
        return Relation(minimise(moved, self.budget), tapes)

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
        return Relation(
            minimise(complement_within(rel.dfa, valid, self.budget), self.budget), rel.tapes
        )

    def _exists(self, rel: Relation, name: str) -> Relation:
        if name not in rel.tapes:
            return rel  # the domain is not empty
        i = rel.tapes.index(name)
        return Relation(exists(rel.dfa, i, self.budget), rel.tapes[:i] + rel.tapes[i + 1 :])

    def _new(self) -> str:
        self._fresh += 1
        return f"#{self._fresh}"

    def _name(self, t: Term, parts: list[Relation], fresh: list[str]) -> str:
        """A variable holding the term's value; its defining relation goes to ``parts`` and
        the variable to ``fresh`` (one each; none for a variable)."""
        if isinstance(t, Var):
            return t.name
        name, rel = self._side(*linear(t))
        if rel is not None:
            parts.append(rel)
            fresh.append(name)
        return name

    def _side(self, names: list[str], constant: int) -> tuple[str, Relation | None]:
        """A variable holding ``sum(names) + constant`` and the relation defining it (None
        when it is one of ``names``). Built one summand at a time, each partial sum
        eliminated once the next one holds it: at most the term's variables and two sums
        are tapes at once (never one tape per summand)."""
        if not names:
            name = self._new()
            return name, self._atom(self.numeration.constant(constant), [name])
        acc, rel = names[0], None
        steps = [(self.numeration.adder(), [v]) for v in names[1:]]
        if constant:
            steps.append((self._plus(constant), []))
        for dfa, more in steps:
            total = self._new()
            step = self._atom(dfa, [acc, *more, total])
            if rel is not None:  # acc is the previous partial sum: eliminated here
                step = self._exists(self._combine(rel, step, "and"), acc)
            acc, rel = total, step
        return acc, rel

    def _plus(self, constant: int) -> Dfa:
        """``t = a + constant`` (tapes a, t), built once per constant."""
        if constant not in self._plus_memo:
            rel = self._combine(
                self._atom(self.numeration.adder(), ["a", "k", "t"]),
                self._atom(self.numeration.constant(constant), ["k"]),
                "and",
            )
            self._plus_memo[constant] = self._exists(rel, "k").dfa
        return self._plus_memo[constant]

    def _cmp(self, f: Cmp) -> Relation:
        left, right, op = f.left, f.right, f.op
        if isinstance(right, At) or isinstance(left, At):
            parts: list[Relation] = []
            fresh: list[str] = []
            base = self._letter(f, parts, fresh)
            for part, name in zip(parts, fresh, strict=True):
                base = self._exists(self._combine(base, part, "and"), name)
            return base
        (ln, lc), (rn, rc) = cancel(linear(left), linear(right))
        variables = sorted(term_vars(left) | term_vars(right))
        if not ln and not rn:
            return self._truth(_COMPARE[op](lc, rc), variables)
        a, ra = self._side(ln, lc)
        b, rb = self._side(rn, rc)
        if op == "=" and (ra is not None or rb is not None):
            if rb is None:  # the sum on the right: a defining relation of b, with a for b
                a, ra, b, rb = b, rb, a, ra
            assert rb is not None
            base = self._atom(rb.dfa, [a if t == b else t for t in rb.tapes])
            if ra is not None:  # a is a sum too: a's tape now holds both
                base = self._exists(self._combine(base, ra, "and"), a)
        else:
            base = self._compare(op, a, b)
            for name, rel in ((a, ra), (b, rb)):
                if rel is not None:
                    base = self._exists(self._combine(base, rel, "and"), name)
        return self._with(base, variables)

    def _compare(self, op: str, a: str, b: str) -> Relation:
        """The atom ``a op b`` on two variables."""
        num = self.numeration
        return {
            "=": lambda: self._atom(num.equal(), [a, b]),
            "!=": lambda: self._not(self._atom(num.equal(), [a, b])),
            "<": lambda: self._atom(num.less(), [a, b]),
            ">": lambda: self._atom(num.less(), [b, a]),
            "<=": lambda: self._not(self._atom(num.less(), [b, a])),
            ">=": lambda: self._not(self._atom(num.less(), [a, b])),
        }[op]()

    def _truth(self, true: bool, variables: Sequence[str]) -> Relation:
        """TRUE or FALSE as a relation on ``variables`` (their valid words, or none), built
        from the valid-words atom by the logic's own steps (a certificate records them)."""
        tapes = tuple(sorted(set(variables)))
        if tapes:
            valid = self.numeration.valid_tapes(len(tapes))
            rel = Relation(minimise(valid, self.budget), tapes)
        else:  # E #n (n is a natural): TRUE without a tape
            name = self._new()
            rel = self._exists(Relation(self.numeration.valid_tapes(1), (name,)), name)
        return rel if true else self._not(rel)

    def _with(self, rel: Relation, variables: Sequence[str]) -> Relation:
        """``rel`` on every one of ``variables`` (one cancelled from both sides: any value)."""
        missing = sorted(set(variables) - set(rel.tapes))
        if not missing:
            return rel
        return self._combine(rel, self._truth(True, missing), "and")

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
        for part, name in zip(parts, fresh, strict=True):
            base = self._exists(self._combine(base, part, "and"), name)
        return base

    def relation(self, formula: Formula | str) -> Relation:
        """The minimal automaton of ``formula``, on its free variables in alphabetical order.

        Results are remembered per formula (a subformula met twice is built once) until a
        predicate or word is added.
        """
        f = parsed(formula) if isinstance(formula, str) else formula
        stack = [f]  # children before parents, without recursion: a formula of any depth
        while stack:
            node = stack[-1]
            if node in self._memo:
                stack.pop()
                continue
            pending = [c for c in children(node) if c not in self._memo]
            if pending:
                stack += pending
                continue
            stack.pop()
            self._memo[node] = self._build(node)
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
        if isinstance(f, E | A):
            return self._quantified(f)
        raise DeciderError(f"not a formula: {f!r}")

    def _quantified(self, f: E | A) -> Relation:
        """``E x, y body``: each name's tape erased, the innermost first; ``A x, y body`` is
        ``~E x, y ~body``."""
        universal = isinstance(f, A)
        rel = self.relation(f.body)
        rel = self._not(rel) if universal else rel
        for name in reversed(f.names):
            rel = self._exists(rel, name)
        return self._not(rel) if universal else rel

    # -- deciding --------------------------------------------------------------------------
    def decide(self, sentence: Formula | str) -> bool:
        """TRUE or FALSE for a sentence; a free variable is refused (one line)."""
        f = parsed(sentence) if isinstance(sentence, str) else sentence
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
        f = parsed(sentence) if isinstance(sentence, str) else sentence
        names = sorted(free(f))
        if names:
            raise DeciderError(f"not a sentence: free variable(s) {', '.join(names)}")
        while isinstance(f, A):
            f = f.body
        return self.least(Not(f))
