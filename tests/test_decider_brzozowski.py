"""Brzozowski's determinisation as the ∃ step (issue 44, item 6): the same minimal automaton
as the subset construction followed by minimisation, on random automata and on the relations
of random formulas; and the blow-up fixture decided both ways (sizes small)."""

from __future__ import annotations

import random

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

import decider.automaton as automaton
from benchmarks.bench_prove_vs_walnut import blow_up
from decider.automaton import Dfa, brzozowski, exists
from decider.logic import Theory
from decider.random_sentences import random_bounded_formula


def _same(a: Dfa, b: Dfa | None) -> bool:
    assert b is not None  # no cap given: Brzozowski's construction runs to its end
    return (a.k, a.states) == (b.k, b.states) and bool(
        np.array_equal(a.delta, b.delta) and np.array_equal(a.accept, b.accept)
    )


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 2**32), st.integers(1, 7), st.integers(1, 3))
def test_random_automata_both_ways(seed: int, states: int, k: int) -> None:
    rng = np.random.default_rng(seed)
    a = Dfa(2, k, rng.integers(0, states, size=(states, 2**k)), rng.random(states) < 0.4)
    for tape in range(k):
        assert _same(exists(a, tape), brzozowski(a, tape))


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 2**32))
def test_random_formulas_both_ways(seed: int) -> None:
    theory = Theory()
    rel = theory.relation(random_bounded_formula(random.Random(seed), ("x", "y"), depth=2))
    for tape in range(rel.dfa.k):
        assert _same(exists(rel.dfa, tape), brzozowski(rel.dfa, tape))


def test_blow_up_fixture_both_ways() -> None:
    """The fixture's subset construction meets about 2^n subsets, Brzozowski's about n
    states each way; both give the 1-state automaton of "every x" (base 2: every word)."""
    n = 9
    a = blow_up(n)
    subsets, reversed_steps = automaton.Budget(), automaton.Budget()
    plain = automaton.minimise(_subset_only(a, subsets))
    by_brzozowski = brzozowski(a, 1, reversed_steps)
    assert _same(plain, by_brzozowski)
    assert plain.states == 1 and bool(plain.accept[0])
    assert subsets.largest >= 2 ** (n - 1)
    assert reversed_steps.largest <= 4 * n


def _subset_only(a: Dfa, budget: automaton.Budget) -> Dfa:
    """The subset construction run to its end (the switch to Brzozowski's off)."""
    ratio = automaton.BRZOZOWSKI_RATIO
    automaton.BRZOZOWSKI_RATIO = 2**40
    try:
        return exists(a, 1, budget)
    finally:
        automaton.BRZOZOWSKI_RATIO = ratio
