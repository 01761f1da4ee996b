"""The decider's compiled steps against their plain versions (issue 36, "Speed and memory").

The plain versions below are the decider's operations as they were before they were compiled
(numpy and dictionaries: the full product, Moore's refinement, the subset construction over
tuples); they are the oracle.  The compiled ones (:mod:`decider._kernels`) must give the
identical automaton, state for state: the same canonical numbering, not only the same
language.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import numpy.typing as npt
from hypothesis import given, settings
from hypothesis import strategies as st

from decider.automaton import Budget, DeciderError, Dfa, _lifts, exists, minimise, product

Mode = Callable[[npt.NDArray[np.bool_], npt.NDArray[np.bool_]], npt.NDArray[np.bool_]]
MODES: dict[str, Mode] = {
    "and": np.logical_and,
    "or": np.logical_or,
    "xor": np.logical_xor,
    "minus": lambda p, q: np.logical_and(p, np.logical_not(q)),
}


def plain_reachable(a: Dfa) -> Dfa:
    """The reachable part in BFS order (a queue of Python ints)."""
    order, position = [0], {0: 0}
    for q in order:
        for t in a.delta[q].tolist():
            if t not in position:
                position[t] = len(order)
                order.append(t)
    remap = np.array([position.get(q, -1) for q in range(a.states)], dtype=np.int64)
    return Dfa(a.base, a.k, remap[a.delta[order]], a.accept[order])


def plain_minimise(a: Dfa) -> Dfa:
    """Moore's refinement: classes split by their successors' classes until stable."""
    a = plain_reachable(a)
    cls = a.accept.astype(np.int64)
    count = len(np.unique(cls))
    while True:
        _, new = np.unique(np.column_stack([cls, cls[a.delta]]), axis=0, return_inverse=True)
        cls = new.reshape(-1).astype(np.int64)
        if int(cls.max()) + 1 == count:
            break
        count = int(cls.max()) + 1
    first = np.full(count, -1, dtype=np.int64)
    first[cls] = np.arange(a.states)
    quotient = Dfa(a.base, a.k, cls[a.delta[first]], a.accept[first])
    perm = np.arange(count, dtype=np.int64)
    perm[[0, cls[0]]] = perm[[cls[0], 0]]
    return plain_reachable(Dfa(a.base, a.k, perm[quotient.delta[perm]], quotient.accept[perm]))


def plain_product(a: Dfa, b: Dfa, mode: str) -> Dfa:
    """Every pair, then the reachable part."""
    delta = (a.delta[:, None, :] * b.states + b.delta[None, :, :]).reshape(-1, a.letters)
    accept = MODES[mode](a.accept[:, None], b.accept[None, :]).reshape(-1)
    return plain_reachable(Dfa(a.base, a.k, delta, accept))


def plain_exists(a: Dfa, tape: int) -> Dfa:
    """The subset construction over sorted tuples, from the start's leading-zero closure."""
    lifts = _lifts(a.base, a.k, tape)
    closure, stack = {0}, [0]
    while stack:
        for t in a.delta[stack.pop(), lifts[0]].tolist():
            if t not in closure:
                closure.add(t)
                stack.append(t)
    subsets = [tuple(sorted(closure))]
    index = {subsets[0]: 0}
    rows = []
    for subset in subsets:
        row = []
        for c in range(lifts.shape[0]):
            target = tuple(sorted(set(a.delta[list(subset)][:, lifts[c]].reshape(-1).tolist())))
            if target not in index:
                index[target] = len(subsets)
                subsets.append(target)
            row.append(index[target])
        rows.append(row)
    accept = np.array([bool(a.accept[list(s)].any()) for s in subsets])
    return plain_minimise(Dfa(a.base, a.k - 1, np.array(rows, dtype=np.int64), accept))


def same(x: Dfa, y: Dfa) -> bool:
    return (x.base, x.k) == (y.base, y.k) and bool(
        np.array_equal(x.delta, y.delta) and np.array_equal(x.accept, y.accept)
    )


@st.composite
def dfas(draw: st.DrawFn, k: int | None = None, base: int | None = None) -> Dfa:
    """A random complete DFA (a few dozen states at most, some unreachable)."""
    base = base or draw(st.sampled_from([2, 3]))
    k = draw(st.integers(1, 3)) if k is None else k
    n = draw(st.integers(1, 40))
    letters = base**k
    cells = draw(st.lists(st.integers(0, n - 1), min_size=n * letters, max_size=n * letters))
    accept = draw(st.lists(st.booleans(), min_size=n, max_size=n))
    return Dfa(base, k, np.array(cells).reshape(n, letters), np.array(accept))


@settings(max_examples=150, deadline=None)
@given(dfas())
def test_minimise_is_moores(a: Dfa) -> None:
    assert same(minimise(a), plain_minimise(a))


@settings(max_examples=100, deadline=None)
@given(st.data(), st.sampled_from(sorted(MODES)))
def test_product_is_the_full_products_reachable_part(data: st.DataObject, mode: str) -> None:
    a = data.draw(dfas())
    b = data.draw(dfas(k=a.k, base=a.base))
    assert same(product(a, b, mode), plain_product(a, b, mode))


@settings(max_examples=100, deadline=None)
@given(st.data())
def test_exists_is_the_plain_subset_construction(data: st.DataObject) -> None:
    base = data.draw(st.sampled_from([2, 3]))
    a = data.draw(dfas(k=data.draw(st.integers(1, 3 if base == 2 else 2)), base=base))
    tape = data.draw(st.integers(0, a.k - 1))
    assert same(exists(a, tape), plain_exists(a, tape))


def test_a_chain_minimises_to_its_length() -> None:
    """A chain of n states whose last accepts: Moore needs n rounds, all states differ."""
    n = 3000
    delta = np.minimum(np.arange(n) + 1, n - 1)[:, None].repeat(2, axis=1)
    delta[:, 1] = n - 1
    a = Dfa(2, 1, delta, np.arange(n) == n - 2)
    assert same(minimise(a), plain_minimise(a))


def test_large_steps_are_refused_before_they_are_spent() -> None:
    """The product's index and the subset construction's arrays are checked first."""
    rng = np.random.default_rng(1)
    big = Dfa(2, 2, rng.integers(0, 500, size=(500, 4)), rng.random(500) < 0.5)
    budget = Budget(limit_bytes=100_000)
    try:
        product(big, big, "and", budget)
    except DeciderError as error:
        assert str(error).startswith("product (and) needs about 1000000 bytes")
    else:  # pragma: no cover - the check must refuse
        raise AssertionError("not refused")
    try:
        exists(big, 0, Budget(limit_bytes=10_000))
    except DeciderError as error:
        assert str(error).startswith("subset construction needs about")
    else:  # pragma: no cover
        raise AssertionError("not refused")
