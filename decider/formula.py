"""Formulas of first-order logic over (ℕ, +, <) with named predicates and words (issue 36).

Two ways to write a formula, giving the same tree:

* a Python builder: ``x, y, z = V("x y z")``, then ``(x + y).eq(z)``, ``x < y + 1``,
  ``~f``, ``f & g``, ``f | g``, ``f >> g`` (implies), ``iff(f, g)``, ``E("y", f)``,
  ``A("x y", f)``, predicates ``P(x, y)`` and a word's letter ``W[n].eq(1)``;
* a text (:func:`parse`), in the style of Walnut: ``"A x E y (x = y + y | x = y + y + 1)"``.

Text syntax (loosest first): ``<=>``, ``=>`` (right-associative), ``|``, ``&``, then ``~f``,
``E x, y f`` / ``A x f`` (the quantifier's body is the next unary formula: parenthesise a
compound body), ``( f )``, and atoms ``t = t``, ``!=``, ``<``, ``<=``, ``>``, ``>=`` between
terms, ``P(t, ...)`` for a predicate and ``W[t] = c`` or ``W[t] = V[s]`` for letters.  A
term is a sum of variables and natural constants (``x + y + 1``, ``2`` is a constant); names
are letters, digits and ``_``, beginning with a letter (``E`` and ``A`` are the quantifiers).

>>> x, y = V("x y")
>>> parse("A x E y (x = y + y | x = y + y + 1)") == A("x", E("y", x.eq(y + y) | x.eq(y + y + 1)))
True
>>> E("y", (x + y).eq(2)) == parse("E y x + y = 2")
True
>>> sorted(free(parse("E y (x < y & P(y, z))")))
['x', 'z']
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from decider.automaton import DeciderError


class Term:
    """A term: a variable, a constant, a sum, or a word's letter ``W[t]``."""

    def __add__(self, other: Term | int) -> Term:
        return Add(self, _term(other))

    def __radd__(self, other: int) -> Term:
        return Add(_term(other), self)

    def eq(self, other: Term | int) -> Formula:
        """The atom ``self = other``."""
        return Cmp("=", self, _term(other))

    def ne(self, other: Term | int) -> Formula:
        """The atom ``self != other``."""
        return Cmp("!=", self, _term(other))

    def __lt__(self, other: Term | int) -> Formula:
        return Cmp("<", self, _term(other))

    def __le__(self, other: Term | int) -> Formula:
        return Cmp("<=", self, _term(other))

    def __gt__(self, other: Term | int) -> Formula:
        return Cmp(">", self, _term(other))

    def __ge__(self, other: Term | int) -> Formula:
        return Cmp(">=", self, _term(other))


def _term(t: Term | int) -> Term:
    if isinstance(t, bool) or not isinstance(t, Term | int):
        raise DeciderError(f"not a term: {t!r}")
    return Const(t) if isinstance(t, int) else t


@dataclass(frozen=True)
class Var(Term):
    """A variable, matched by name."""

    name: str

    def __post_init__(self) -> None:
        if not re.fullmatch(r"[A-Za-z][A-Za-z0-9_]*", self.name) or self.name in ("E", "A"):
            raise DeciderError(f"not a variable name: {self.name!r}")


@dataclass(frozen=True)
class Const(Term):
    """A natural constant."""

    value: int

    def __post_init__(self) -> None:
        if self.value < 0:
            raise DeciderError(f"a negative constant {self.value}")


@dataclass(frozen=True)
class Add(Term):
    """``left + right``."""

    left: Term
    right: Term


@dataclass(frozen=True)
class At(Term):
    """The letter of the word ``word`` at ``index`` (compared with a constant or a letter)."""

    word: str
    index: Term


class Formula:
    """A formula: atoms joined by ``&``, ``|``, ``~``, ``>>`` (implies) and quantifiers."""

    def __and__(self, other: Formula) -> Formula:
        return And(self, other)

    def __or__(self, other: Formula) -> Formula:
        return Or(self, other)

    def __invert__(self) -> Formula:
        return Not(self)

    def __rshift__(self, other: Formula) -> Formula:
        return Implies(self, other)


@dataclass(frozen=True)
class Cmp(Formula):
    """``left op right`` with ``op`` one of ``= != < <= > >=``."""

    op: str
    left: Term
    right: Term


@dataclass(frozen=True)
class Pred(Formula):
    """A named predicate applied to terms, in the order of its definition's arguments."""

    name: str
    args: tuple[Term, ...]


@dataclass(frozen=True)
class Not(Formula):
    """``~body``."""

    body: Formula


@dataclass(frozen=True)
class And(Formula):
    """``left & right``."""

    left: Formula
    right: Formula


@dataclass(frozen=True)
class Or(Formula):
    """``left | right``."""

    left: Formula
    right: Formula


@dataclass(frozen=True)
class Implies(Formula):
    """``left => right``."""

    left: Formula
    right: Formula


@dataclass(frozen=True)
class Iff(Formula):
    """``left <=> right``."""

    left: Formula
    right: Formula


@dataclass(frozen=True)
class E(Formula):
    """``E names body``: there exist naturals ``names`` with ``body``."""

    names: tuple[str, ...]
    body: Formula

    def __init__(self, names: str | tuple[str, ...], body: Formula) -> None:
        object.__setattr__(self, "names", _names(names))
        object.__setattr__(self, "body", body)


@dataclass(frozen=True)
class A(Formula):
    """``A names body``: for all naturals ``names``, ``body``."""

    names: tuple[str, ...]
    body: Formula

    def __init__(self, names: str | tuple[str, ...], body: Formula) -> None:
        object.__setattr__(self, "names", _names(names))
        object.__setattr__(self, "body", body)


def _names(names: str | tuple[str, ...]) -> tuple[str, ...]:
    """Quantified names, checked (``"x y"`` or a tuple)."""
    out = tuple(names.split()) if isinstance(names, str) else tuple(names)
    return tuple(Var(n).name for n in out)


def V(names: str) -> tuple[Var, ...]:
    """Variables from a space-separated list of names: ``x, y = V("x y")``."""
    return tuple(Var(n) for n in names.split())


def iff(left: Formula, right: Formula) -> Formula:
    """``left <=> right``."""
    return Iff(left, right)


def term_vars(t: Term) -> set[str]:
    """The variables of a term."""
    if isinstance(t, Var):
        return {t.name}
    if isinstance(t, Add):
        return term_vars(t.left) | term_vars(t.right)
    if isinstance(t, At):
        return term_vars(t.index)
    return set()


def free(f: Formula) -> set[str]:
    """The free variables of a formula."""
    if isinstance(f, Cmp):
        return term_vars(f.left) | term_vars(f.right)
    if isinstance(f, Pred):
        return set().union(*(term_vars(a) for a in f.args))
    if isinstance(f, Not):
        return free(f.body)
    if isinstance(f, And | Or | Implies | Iff):
        return free(f.left) | free(f.right)
    if isinstance(f, E | A):
        return free(f.body) - set(f.names)
    raise DeciderError(f"not a formula: {f!r}")


_TOKEN = re.compile(r"\s*(?:(<=>|=>|<=|>=|!=|[=<>&|~()\[\],+])|(\d+)|([A-Za-z][A-Za-z0-9_]*))")


def _tokens(text: str) -> list[str]:
    out, pos = [], 0
    text = text.rstrip()
    while pos < len(text):
        m = _TOKEN.match(text, pos)
        if not m:
            raise DeciderError(f"cannot read the formula at {text[pos : pos + 12]!r}")
        out.append(m.group(m.lastindex or 0))
        pos = m.end()
    return out


class _Parser:
    def __init__(self, text: str) -> None:
        self.tokens = _tokens(text)
        self.pos = 0

    def peek(self) -> str:
        return self.tokens[self.pos] if self.pos < len(self.tokens) else ""

    def take(self, expected: str | None = None) -> str:
        tok = self.peek()
        if not tok or (expected is not None and tok != expected):
            want = f"{expected!r}" if expected else "more"
            raise DeciderError(
                f"expected {want} at token {self.pos + 1}, found {tok or 'the end'!r}"
            )
        self.pos += 1
        return tok

    def formula(self) -> Formula:
        left = self.implies()
        while self.peek() == "<=>":
            self.take()
            left = Iff(left, self.implies())
        return left

    def implies(self) -> Formula:
        left = self.disjunction()
        if self.peek() == "=>":
            self.take()
            return Implies(left, self.implies())
        return left

    def disjunction(self) -> Formula:
        left = self.conjunction()
        while self.peek() == "|":
            self.take()
            left = Or(left, self.conjunction())
        return left

    def conjunction(self) -> Formula:
        left = self.unary()
        while self.peek() == "&":
            self.take()
            left = And(left, self.unary())
        return left

    def unary(self) -> Formula:
        tok = self.peek()
        if tok == "~":
            self.take()
            return Not(self.unary())
        if tok == "(":
            self.take()
            inner = self.formula()
            self.take(")")
            return inner
        if tok in ("E", "A"):
            self.take()
            names = [self.name()]
            while self.peek() == ",":
                self.take()
                names.append(self.name())
            body = self.unary()
            return E(tuple(names), body) if tok == "E" else A(tuple(names), body)
        if _is_name(tok) and self.pos + 1 < len(self.tokens) and self.tokens[self.pos + 1] == "(":
            name = self.take()
            self.take("(")
            args = [self.term()]
            while self.peek() == ",":
                self.take()
                args.append(self.term())
            self.take(")")
            return Pred(name, tuple(args))
        left = self.term()
        op = self.take()
        if op not in ("=", "!=", "<", "<=", ">", ">="):
            raise DeciderError(f"expected a comparison at token {self.pos}, found {op!r}")
        return Cmp(op, left, self.term())

    def name(self) -> str:
        tok = self.take()
        if not _is_name(tok) or tok in ("E", "A"):
            raise DeciderError(f"expected a variable name at token {self.pos}, found {tok!r}")
        return tok

    def term(self) -> Term:
        left = self.summand()
        while self.peek() == "+":
            self.take()
            left = Add(left, self.summand())
        return left

    def summand(self) -> Term:
        tok = self.take()
        if tok.isdigit():
            return Const(int(tok))
        if not _is_name(tok) or tok in ("E", "A"):
            raise DeciderError(f"expected a term at token {self.pos}, found {tok!r}")
        if self.peek() == "[":
            self.take()
            index = self.term()
            self.take("]")
            return At(tok, index)
        return Var(tok)


def _is_name(tok: str) -> bool:
    return bool(tok) and tok[0].isalpha()


def parse(text: str) -> Formula:
    """The formula written in ``text`` (the syntax is in the module's docstring).

    >>> parse("x <")
    Traceback (most recent call last):
    ...
    decider.automaton.DeciderError: expected more at token 3, found 'the end'
    """
    p = _Parser(text)
    f = p.formula()
    if p.peek():
        raise DeciderError(f"unexpected {p.peek()!r} at token {p.pos + 1} of the formula")
    return f
