"""Fibonacci Nim's Grundy classes 0..4, proved for all positions (issue 45).

Seed 002 §3's game, positions (n, r) read as (x, y), its move a first-order formula on the
spec class; the classes learned from fast.fibonacci (5, 6, 8, 16 and 90 states). The P-set is
Whinihan's description; each twin is refuted at a cell whose value the spec confirms.
"""

from __future__ import annotations

import numpy as np
import pytest

import spec
from decider import Dfa, Theory
from decider.io import read_automaton
from proofs_check.theorems import AUTOMATA, THEOREMS, replay

IDS = ["fibonacci-nim-p", *(f"fibonacci-nim-g{g}" for g in range(1, 5))]


def test_the_p_set_is_whinihans() -> None:
    """(n, r) is a P-position iff n = 0 or r < the smallest term of n's Zeckendorf
    representation; ``low(x, f)``: f's word is a single 1 under x's last 1 (its own automaton,
    written here from the definition)."""
    stored = read_automaton(AUTOMATA / "fibonacci-nim-value-0.txt")
    t = Theory()
    t.add_automaton("p", Dfa(2, 2, stored.delta, stored.labels.astype(bool)), "x y")
    # tapes x (letter bit 0), f (bit 1): A = f's 1 not yet read, B = read (x's last 1)
    delta = np.array([[0, 0, 2, 1], [1, 2, 2, 2], [2, 2, 2, 2]], dtype=np.int64)
    t.add_automaton("low", Dfa(2, 2, delta, np.array([False, True, False])), "x f")
    assert t.decide("A x (x > 0 => E f low(x, f))")
    assert t.decide("A x, y (p(x, y) <=> (x = 0 | E f (low(x, f) & y < f)))")
    assert not t.decide("A x, y (p(x, y) <=> (x = 0 | E f (low(x, f) & y <= f)))")


@pytest.mark.parametrize("theorem_id", IDS)
def test_each_class_is_proved_and_its_twin_refuted_where_the_spec_agrees(theorem_id: str) -> None:
    theorem = THEOREMS[theorem_id]
    assert replay(theorem).status == "proved"
    twin = replay(THEOREMS[f"{theorem_id}-twin"])
    assert twin.status == "refuted"
    assert twin.failed is not None and twin.failed.counterexample is not None
    cell = (twin.failed.counterexample["x"], twin.failed.counterexample["y"])
    assert cell == theorem.twin_cell
    assert spec.grundy(spec.get_game("fibonacci-nim"), cell) == theorem.value
