"""Every kernel the registry holds, against the spec on drawn small domains (issue 37).

The pairs come from the registry itself (no hand-kept list of kernels):
every question whose conformance domain is integers and lists (the tables,
blocks, rows, values, P-positions, sequences and followers of every
registered game), and each of its computing implementations (layers
``fast`` and ``reference``) but its oracle. Hypothesis draws a domain no
larger than the question's quick conformance domain (each integer between
0 or 1 and its value there, a part of each list); the implementation
answers where it covers it, and its answer is compared with the oracle's
(the spec, unless the question names another: ``fsw-convergence`` and
``fibonacci-zeckendorf`` have none) by the question's own comparison.
``grundy conformance`` asks the same pairs on fixed domains.

Marked ``nojit``: ``NUMBA_DISABLE_JIT=1 python -m pytest -m nojit`` runs
every kernel as plain Python on these small domains (CI does).
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

import registry

#: The computing layers compared with the spec.
LAYERS = ("fast", "reference")


def _drawable(domain: dict[str, Any]) -> bool:
    return bool(domain) and all(type(v) in (int, tuple, list) for v in domain.values())


def _pairs() -> list[Any]:
    pairs = []
    for question in registry.all_questions():
        oracle = question.oracle()
        if oracle is None or not _drawable(question.domain):
            continue
        for impl in question.implementations:
            if impl.layer in LAYERS and impl is not oracle:
                pairs.append(pytest.param(question, impl, id=f"{question.key} / {impl.name}"))
    return pairs


PAIRS = _pairs()


def _part(items: Any) -> st.SearchStrategy[Any]:
    """A non-empty part of a list of items (a list of positions, of rows), in its order."""
    indices = st.lists(st.integers(0, len(items) - 1), min_size=1, unique=True)
    return indices.map(lambda found: type(items)(items[i] for i in sorted(found)))


def domains(question: registry.Question[Any]) -> st.SearchStrategy[dict[str, Any]]:
    """Domains no larger than the question's quick one: each integer in [0 or 1, its value],
    in the same order as there (a band's r1 <= r2 stays so); a part of each list."""
    ints = sorted(
        (k for k, v in question.domain.items() if type(v) is int), key=question.domain.get
    )
    drawn = st.tuples(*(st.integers(min(1, question.domain[k]), question.domain[k]) for k in ints))
    lists = {k: _part(v) for k, v in question.domain.items() if k not in ints}
    return st.tuples(drawn, st.fixed_dictionaries(lists)).map(
        lambda found: {**dict(zip(ints, sorted(found[0]), strict=True)), **found[1]}
    )


#: A few examples a pair (the profile's count / 8: more pairs than examples matter here).
FEW = settings(max_examples=max(4, settings.default.max_examples // 8))


@pytest.mark.nojit
# Without the compiler a kernel's wrapping uint64 hash (fast.fsw) is numpy's, which warns.
@pytest.mark.filterwarnings("ignore:overflow encountered:RuntimeWarning")
@pytest.mark.parametrize(("question", "impl"), PAIRS)
@FEW
@given(data=st.data())
def test_kernel_equals_spec(
    question: registry.Question[Any], impl: registry.Implementation, data: st.DataObject
) -> None:
    domain = data.draw(domains(question), label="domain")
    oracle = question.oracle()
    assert oracle is not None
    assume(oracle.covers(**domain) is None)
    if impl.covers(**domain) is not None:
        return  # outside this implementation (conformance checks that it covers the quick one)
    try:
        expected = oracle.answer(**domain)
    except ValueError:
        assume(False)  # not a domain of the question (e.g. r1 > r2)
    diff = question.compare(expected, impl.answer(**domain))
    assert diff is None, f"{impl.name} vs {oracle.name} on {domain}: {diff}"


def test_every_computing_kernel_is_drawn() -> None:
    """Each fast or reference implementation of an integer-domain question with a spec is in
    the pairs above (the registry's list, read when the tests are collected)."""
    names = {(p.values[0].key, p.values[1].name) for p in PAIRS}
    assert ("grundy-table:wythoff", "fast.tables") in names
    assert ("grundy-block:wythoff", "fast.strip") in names
    assert ("p-positions:wythoff", "fast.row_greedy") in names
    assert len(names) == len(PAIRS) >= 50
