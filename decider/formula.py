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
from collections.abc import Callable, Iterator
from dataclasses import dataclass, fields
from typing import Any, ClassVar

from decider.automaton import DeciderError


class _Node:
    """Hash and equality of a tree without recursion, so that a formula of any depth can key
    a dictionary: each node's hash is computed once, from its children's, when it is made
    (children first); equality walks the two trees with a stack."""

    _hash: int

    def _seal(self) -> None:
        object.__setattr__(self, "_hash", hash((type(self).__name__, *self._fields())))

    def _fields(self) -> tuple[Any, ...]:
        return tuple(getattr(self, f.name) for f in fields(self))  # type: ignore[arg-type]

    def __post_init__(self) -> None:
        self._seal()

    def __hash__(self) -> int:
        return self._hash

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        """Made again from its fields (a string's hash differs between processes)."""
        return type(self), self._fields()

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, _Node):
            return NotImplemented
        stack: list[tuple[Any, Any]] = [(self, other)]
        while stack:
            a, b = stack.pop()
            if a is b:
                continue
            if type(a) is not type(b) or hash(a) != hash(b):
                return False
            for p, q in zip(a._fields(), b._fields(), strict=True):
                if isinstance(p, _Node):
                    stack.append((p, q))
                elif isinstance(p, tuple) and any(isinstance(e, _Node) for e in p):
                    if len(p) != len(q):
                        return False
                    stack.extend(zip(p, q, strict=True))
                elif p != q:
                    return False
        return True


def _comparison(op: str) -> Callable[[Term, Term | int], Formula]:
    """The method of a term making the atom ``self op other``."""

    def atom(self: Term, other: Term | int) -> Formula:
        return Cmp(op, self, _term(other))

    atom.__doc__ = f"The atom ``self {op} other``."
    return atom


class Term(_Node):
    """A term: a variable, a constant, a sum, or a word's letter ``W[t]``."""

    def __add__(self, other: Term | int) -> Term:
        return Add(self, _term(other))

    def __radd__(self, other: int) -> Term:
        return Add(_term(other), self)

    eq = _comparison("=")
    ne = _comparison("!=")
    __lt__ = _comparison("<")
    __le__ = _comparison("<=")
    __gt__ = _comparison(">")
    __ge__ = _comparison(">=")


def _term(t: Term | int) -> Term:
    if isinstance(t, bool) or not isinstance(t, Term | int):
        raise DeciderError(f"not a term: {t!r}")
    return Const(t) if isinstance(t, int) else t


@dataclass(frozen=True, eq=False)
class Var(Term):
    """A variable, matched by name."""

    name: str

    def __post_init__(self) -> None:
        if not re.fullmatch(r"[A-Za-z][A-Za-z0-9_]*", self.name) or self.name in ("E", "A"):
            raise DeciderError(f"not a variable name: {self.name!r}")
        self._seal()


@dataclass(frozen=True, eq=False)
class Const(Term):
    """A natural constant."""

    value: int

    def __post_init__(self) -> None:
        if self.value < 0:
            raise DeciderError(f"a negative constant {self.value}")
        self._seal()


@dataclass(frozen=True, eq=False)
class Add(Term):
    """``left + right``."""

    left: Term
    right: Term


@dataclass(frozen=True, eq=False)
class At(Term):
    """The letter of the word ``word`` at ``index`` (compared with a constant or a letter)."""

    word: str
    index: Term


class Formula(_Node):
    """A formula: atoms joined by ``&``, ``|``, ``~``, ``>>`` (implies) and quantifiers."""

    def __and__(self, other: Formula) -> Formula:
        return And(self, other)

    def __or__(self, other: Formula) -> Formula:
        return Or(self, other)

    def __invert__(self) -> Formula:
        return Not(self)

    def __rshift__(self, other: Formula) -> Formula:
        return Implies(self, other)


@dataclass(frozen=True, eq=False)
class Cmp(Formula):
    """``left op right`` with ``op`` one of ``= != < <= > >=``."""

    op: str
    left: Term
    right: Term


@dataclass(frozen=True, eq=False)
class Pred(Formula):
    """A named predicate applied to terms, in the order of its definition's arguments."""

    name: str
    args: tuple[Term, ...]


@dataclass(frozen=True, eq=False)
class Not(Formula):
    """``~body``."""

    body: Formula


@dataclass(frozen=True, eq=False)
class Connective(Formula):
    """A binary connective ``left SYMBOL right``: :class:`And`, :class:`Or`, :class:`Implies`
    or :class:`Iff`; ``symbol`` is the text syntax's (and Walnut's)."""

    symbol: ClassVar[str]
    left: Formula
    right: Formula


class And(Connective):
    """``left & right``."""

    symbol = "&"


class Or(Connective):
    """``left | right``."""

    symbol = "|"


class Implies(Connective):
    """``left => right``."""

    symbol = "=>"


class Iff(Connective):
    """``left <=> right``."""

    symbol = "<=>"


@dataclass(frozen=True, eq=False)
class Quantifier(Formula):
    """``LETTER names body``: :class:`E` (there exist naturals ``names`` with ``body``) or
    :class:`A` (for all naturals ``names``, ``body``); ``letter`` is the text syntax's."""

    letter: ClassVar[str]
    names: tuple[str, ...]
    body: Formula

    def __init__(self, names: str | tuple[str, ...], body: Formula) -> None:
        object.__setattr__(self, "names", _names(names))
        object.__setattr__(self, "body", body)
        self._seal()


class E(Quantifier):
    """``E names body``: there exist naturals ``names`` with ``body``."""

    letter = "E"


class A(Quantifier):
    """``A names body``: for all naturals ``names``, ``body``."""

    letter = "A"


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


def _summands(t: Term) -> Iterator[Term]:
    """The variables, constants and letters a sum adds, left to right (without recursion)."""
    stack = [t]
    while stack:
        u = stack.pop()
        if isinstance(u, Add):
            stack += [u.right, u.left]
        else:
            yield u


def term_vars(t: Term) -> set[str]:
    """The variables of a term (a letter's index included)."""
    out: set[str] = set()
    terms = [t]
    while terms:
        for u in _summands(terms.pop()):
            if isinstance(u, Var):
                out.add(u.name)
            elif isinstance(u, At):
                terms.append(u.index)
    return out


def linear(t: Term) -> tuple[list[str], int]:
    """A sum of variables and constants as its variables (repeated, in order) and constant.

    >>> linear(parse("x + 2 + y + x + 3 = 0").left)
    (['x', 'y', 'x'], 5)
    """
    names: list[str] = []
    constant = 0
    for u in _summands(t):
        if isinstance(u, Var):
            names.append(u.name)
        elif isinstance(u, Const):
            constant += u.value
        else:
            raise DeciderError("a word's letter W[t] is compared with a constant or a letter only")
    return names, constant


def cancel(
    left: tuple[list[str], int], right: tuple[list[str], int]
) -> tuple[tuple[list[str], int], tuple[list[str], int]]:
    """Both sides of a comparison less what they have in common (the same truth, over the
    naturals, for ``= != < <= > >=``): ``y + z + 22 < x + z + 22`` is ``y < x``.

    >>> cancel((["y", "z"], 22), (["x", "z", "z"], 25))
    ((['y'], 0), (['x', 'z'], 3))
    """
    (ln, lc), (rn, rc) = left, right
    rest = list(rn)
    kept = []
    for name in ln:
        if name in rest:
            rest.remove(name)
        else:
            kept.append(name)
    common = min(lc, rc)
    return (kept, lc - common), (rest, rc - common)


def children(f: Formula) -> tuple[Formula, ...]:
    """The formulas directly below ``f`` (none below an atom)."""
    if isinstance(f, Not | Quantifier):
        return (f.body,)
    if isinstance(f, Connective):
        return (f.left, f.right)
    if isinstance(f, Cmp | Pred):
        return ()
    raise DeciderError(f"not a formula: {f!r}")


def free(f: Formula) -> set[str]:
    """The free variables of a formula (without recursion: a formula of any depth)."""
    out: set[str] = set()
    stack: list[tuple[Formula, frozenset[str]]] = [(f, frozenset())]
    while stack:
        g, bound = stack.pop()
        if isinstance(g, Cmp):
            out |= (term_vars(g.left) | term_vars(g.right)) - bound
        elif isinstance(g, Pred):
            out |= set().union(*(term_vars(a) for a in g.args)) - bound
        else:
            inner = bound | set(g.names) if isinstance(g, Quantifier) else bound
            stack += [(c, inner) for c in children(g)]
    return out


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
        """A formula up to the end or an unmatched ``)``, without recursion (any depth).

        Operator precedence by two stacks: operands, and operators waiting for their right
        side (``(``, the prefixes ``~``, ``E x``, ``A x`` and the binary ones). A prefix binds
        tighter than any binary operator, so it applies to the next unary formula.
        """
        out: list[Formula] = []
        ops: list[tuple[Any, ...]] = []
        while True:
            tok = self.peek()
            if tok == "~":
                self.take()
                ops.append(("~",))
            elif tok == "(":
                self.take()
                ops.append(("(",))
            elif tok in ("E", "A"):
                self.take()
                names = [self.name()]
                while self.peek() == ",":
                    self.take()
                    names.append(self.name())
                ops.append((tok, tuple(names)))
            else:
                out.append(self.atom())
                while True:  # after an operand: a binary operator, ``)`` or the end
                    tok = self.peek()
                    if tok in _BINARY:
                        self.take()
                        _reduce(out, ops, _BINARY[tok])
                        ops.append((tok,))
                        break
                    _reduce(out, ops, 0)
                    if tok == ")" and ops:
                        self.take()
                        ops.pop()  # the matching "("
                        continue
                    if ops:
                        self.take(")")
                    return out[0]

    def atom(self) -> Formula:
        """``P(t, ...)`` or ``t op t``."""
        tok = self.peek()
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


#: The binary connectives and their precedence (loosest first); ``=>`` is right-associative.
_BINARY = {"<=>": 1, "=>": 2, "|": 3, "&": 4}
_MAKE: dict[str, type[Connective]] = {c.symbol: c for c in (Iff, Implies, Or, And)}
_QUANTIFY: dict[str, type[Quantifier]] = {c.letter: c for c in (E, A)}


def _reduce(out: list[Formula], ops: list[tuple[Any, ...]], level: int) -> None:
    """Apply the waiting operators that bind at least as tightly as a binary operator of
    precedence ``level`` (all the prefixes; the binary ones above it, or equal to it unless
    it is the right-associative ``=>``); stop at ``(``."""
    while ops and ops[-1][0] != "(":
        top = ops[-1][0]
        if top in _BINARY and (_BINARY[top] < level or (_BINARY[top] == level and top == "=>")):
            break
        op = ops.pop()
        if top == "~":
            out[-1] = Not(out[-1])
        elif top in ("E", "A"):
            out[-1] = _QUANTIFY[top](op[1], out[-1])
        else:
            right = out.pop()
            out[-1] = _MAKE[top](out[-1], right)


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
