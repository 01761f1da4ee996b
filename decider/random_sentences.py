"""Random first-order sentences for holding the decider to a second opinion (issue 44, item 3).

A decider is trusted by what it is compared with. This module draws random formulas over the
structure the decider decides -- terms built from variables, natural constants and ``+``; the
atoms ``=``, ``<``, ``<=``, ``shift(x, y)`` and a word's letters ``F[t] = c``; the connectives
and both quantifiers, in one to four variables -- small enough that each decides in
milliseconds, and gives two ways to check the answers:

* :func:`random_sentence`: a sentence (every variable quantified), for Walnut to decide too
  (``benchmarks/bench_walnut_differential.py``, ``tests/test_walnut_differential.py``);
* :func:`random_bounded_formula`: a formula with free variables whose quantifiers are bounded
  by a free variable (``E z (z < x & ...)``), so that :func:`evaluate` decides it by brute
  force below any bound and :func:`accepted_below` reads the decider's automaton there.

A disagreement is shrunk by :func:`shrink` (each subformula replaced by a smaller one while the
disagreement stays) before it is reported.

>>> import random
>>> s = random_sentence(random.Random(1), variables=2, depth=2)
>>> from decider.formula import free, parse
>>> free(parse(s))
set()
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable, Iterator, Mapping, Sequence

from decider.formula import (
    Add,
    At,
    Cmp,
    Connective,
    Const,
    E,
    Formula,
    Not,
    Pred,
    Quantifier,
    Term,
    Var,
    children,
    free,
    parse,
)
from decider.logic import Theory

__all__ = ["accepted_below", "evaluate", "random_bounded_formula", "random_sentence", "shrink"]

NAMES = ("x", "y", "z", "w")
#: The largest constant drawn (small constants keep the adders' products small).
MAX_CONSTANT = 12


def _term(rng: random.Random, names: Sequence[str]) -> str:
    parts = [rng.choice(names) for _ in range(rng.choice((1, 1, 1, 2)))]
    if rng.random() < 0.3:
        parts.append(str(rng.randint(0, MAX_CONSTANT)))
    return " + ".join(parts)


def _atom(rng: random.Random, names: Sequence[str], word: str | None) -> str:
    kind = rng.random()
    if word is not None and kind < 0.2:
        return f"{word}[{_term(rng, names)}] = {rng.randint(0, 1)}"
    if kind < 0.3:
        return f"shift({rng.choice(names)}, {rng.choice(names)})"
    op = rng.choice(("=", "<", "<=", "!="))
    return f"{_term(rng, names)} {op} {_term(rng, names)}"


def _formula(rng: random.Random, names: list[str], depth: int, word: str | None) -> str:
    if depth == 0 or rng.random() < 0.25:
        return _atom(rng, names, word)
    kind = rng.random()
    if kind < 0.15:
        return f"~({_formula(rng, names, depth - 1, word)})"
    if kind < 0.65:
        op = rng.choice(("&", "|", "=>", "<=>"))
        left = _formula(rng, names, depth - 1, word)
        right = _formula(rng, names, depth - 1, word)
        return f"({left}) {op} ({right})"
    q = rng.choice(("E", "A"))
    v = rng.choice(names)
    return f"{q} {v} ({_formula(rng, names, depth - 1, word)})"


def random_sentence(
    rng: random.Random, variables: int = 3, depth: int = 3, word: str | None = None
) -> str:
    """A random sentence in ``variables`` (1..4) names: a formula, then its free variables
    quantified (each E or A at random) from the outside."""
    names = list(NAMES[: max(1, min(variables, len(NAMES)))])
    body = _formula(rng, names, depth, word)
    for v in sorted(free(parse(body))):
        body = f"{rng.choice(('E', 'A'))} {v} ({body})"
    return body


def random_bounded_formula(
    rng: random.Random, free_names: Sequence[str] = ("x", "y"), depth: int = 3
) -> str:
    """A random formula in ``free_names`` whose quantified variables are bounded by a free one
    (``E z (z < x & ...)``, ``A z (z < x => ...)``), so brute force below a bound decides it."""
    names = list(free_names)

    def build(d: int, bound_vars: list[str]) -> str:
        scope = names + bound_vars
        if d == 0 or rng.random() < 0.3:
            return _atom(rng, scope, None)
        kind = rng.random()
        if kind < 0.15:
            return f"~({build(d - 1, bound_vars)})"
        if kind < 0.7 or len(bound_vars) >= 2:
            op = rng.choice(("&", "|", "=>"))
            return f"({build(d - 1, bound_vars)}) {op} ({build(d - 1, bound_vars)})"
        v = ("z", "w")[len(bound_vars)]
        limit = rng.choice(names)
        inner = build(d - 1, [*bound_vars, v])
        if rng.random() < 0.5:
            return f"E {v} ({v} < {limit} & ({inner}))"
        return f"A {v} ({v} < {limit} => ({inner}))"

    return build(depth, [])


def _value(t: Term, env: Mapping[str, int], words: Mapping[str, Callable[[int], int]]) -> int:
    if isinstance(t, Var):
        return env[t.name]
    if isinstance(t, Const):
        return t.value
    if isinstance(t, Add):
        return _value(t.left, env, words) + _value(t.right, env, words)
    if isinstance(t, At):
        return words[t.word](_value(t.index, env, words))
    raise TypeError(f"not a term: {t!r}")


_COMPARE: dict[str, Callable[[int, int], bool]] = {
    "=": lambda a, b: a == b,
    "!=": lambda a, b: a != b,
    "<": lambda a, b: a < b,
    "<=": lambda a, b: a <= b,
    ">": lambda a, b: a > b,
    ">=": lambda a, b: a >= b,
}


#: The connectives' truth tables, by symbol.
_CONNECTIVES: dict[str, Callable[[bool, bool], bool]] = {
    "&": lambda a, b: a and b,
    "|": lambda a, b: a or b,
    "=>": lambda a, b: (not a) or b,
    "<=>": lambda a, b: a == b,
}


def evaluate(
    f: Formula,
    env: Mapping[str, int],
    bound: int,
    predicates: Mapping[str, Callable[..., bool]],
    words: Mapping[str, Callable[[int], int]] | None = None,
) -> bool:
    """``f`` under ``env`` by brute force, quantifiers ranging over ``0..bound-1``: the truth
    for a formula whose quantified variables are bounded below ``bound`` by construction
    (:func:`random_bounded_formula`), arithmetic's own, sharing nothing with the decider."""
    words = words or {}
    if isinstance(f, Cmp):
        return _COMPARE[f.op](_value(f.left, env, words), _value(f.right, env, words))
    if isinstance(f, Pred):
        return predicates[f.name](*(_value(a, env, words) for a in f.args))
    if isinstance(f, Not):
        return not evaluate(f.body, env, bound, predicates, words)
    if isinstance(f, Connective):
        left = evaluate(f.left, env, bound, predicates, words)
        right = evaluate(f.right, env, bound, predicates, words)
        return _CONNECTIVES[f.symbol](left, right)
    if isinstance(f, Quantifier):
        test = any if f.letter == "E" else all
        ranges = [range(bound)] * len(f.names)
        return test(
            evaluate(f.body, {**env, **dict(zip(f.names, values, strict=True))}, bound,
                     predicates, words)
            for values in itertools.product(*ranges)
        )  # fmt: skip
    raise TypeError(f"not a formula: {f!r}")


def accepted_below(
    theory: Theory, f: Formula | str, bound: int, names: Sequence[str]
) -> set[tuple[int, ...]]:
    """The tuples of ``names`` (sorted; a superset of the free variables) below ``bound`` that
    the decider's automaton of ``f`` accepts."""
    tapes = tuple(sorted(names))
    dfa = theory._align(theory.relation(parse(f) if isinstance(f, str) else f), tapes)
    numeration = theory.numeration
    found: set[tuple[int, ...]] = set()
    for values in itertools.product(range(bound), repeat=len(tapes)):
        words = [numeration.word(v) for v in values]
        length = max((len(w) for w in words), default=0)
        padded = [[0] * (length - len(w)) + w for w in words]
        if dfa.accepts([[w[i] for w in padded] for i in range(length)]):
            found.add(values)
    return found


def _replace(f: Formula, path: tuple[int, ...], new: Formula) -> Formula:
    if not path:
        return new
    head, rest = path[0], path[1:]
    if isinstance(f, Not):
        return Not(_replace(f.body, rest, new))
    if isinstance(f, Connective):
        left = _replace(f.left, rest, new) if head == 0 else f.left
        right = _replace(f.right, rest, new) if head == 1 else f.right
        return type(f)(left, right)
    if isinstance(f, Quantifier):
        return type(f)(f.names, _replace(f.body, rest, new))
    raise TypeError(f"no subformula at {path} of {f!r}")


def _paths(f: Formula, prefix: tuple[int, ...] = ()) -> Iterator[tuple[tuple[int, ...], Formula]]:
    """Every subformula of ``f`` with its path (its index among its parent's children, from
    the root), the root first."""
    yield prefix, f
    for i, child in enumerate(children(f)):
        yield from _paths(child, (*prefix, i))


def _close(f: Formula) -> Formula:
    names = tuple(sorted(free(f)))
    return E(" ".join(names), f) if names else f


def shrink(sentence: Formula, disagrees: Callable[[Formula], bool], rounds: int = 50) -> Formula:
    """A smaller sentence on which ``disagrees`` still holds: each subformula replaced by one
    of its parts (free variables closed by E) while the disagreement stays, until no
    replacement keeps it (or ``rounds`` passes)."""
    current = sentence
    for _ in range(rounds):
        for path, sub in _paths(current):
            trial = next(
                (c for child in children(sub)
                 if disagrees(c := _close(_replace(current, path, child)))),
                None,
            )  # fmt: skip
            if trial is not None:
                current = trial
                break
        else:
            return current
    return current
