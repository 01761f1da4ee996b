"""Ho's E-Wythoff as a built-in game (``e-wythoff``, spec/variants.py; issue 36).

Its compiled regions against the spec (the oracle), its first-order moves
(``move_formulas``, what the prover reads) against the spec's followers, and the shipped
automata of its classes 0 and 1 against the formulas of the theorems ``e-wythoff-p`` and
``e-wythoff-g1``.
"""

from __future__ import annotations

import numpy as np

import spec
from decider import Theory
from fast import engine
from proofs_check.automatic import rule_of
from proofs_check.discovery import stored
from proofs_check.theorems import THEOREMS, points


def _holds(theory: Theory, name: str, **values: int) -> bool:
    """Whether the predicate ``name`` holds at ``values`` (its automaton read on their words)."""
    rel = theory.predicates[name][0]
    words = {v: theory.numeration.word(values[v]) for v in rel.tapes}
    length = max(len(w) for w in words.values())
    padded = [[0] * (length - len(words[v])) + words[v] for v in rel.tapes]
    return bool(rel.dfa.accepts(list(zip(*padded, strict=True))))


def test_the_compiled_regions_match_the_spec() -> None:
    game = spec.get_game("e-wythoff")
    assert engine.covers(game) is None
    assert engine.check_followers(game, 14) is None
    table = engine.grundy_table(game, 30)
    assert (table == np.array(spec.grundy_table(game, 30, 30))).all()


def test_the_move_formulas_with_the_rays_are_the_followers() -> None:
    game = spec.get_game("e-wythoff")
    rule = rule_of(game)
    assert len(rule.moves) == 5  # three rays, two formulas
    theory = Theory()
    rule.define(theory)
    n = 9
    for x in range(n):
        for y in range(n):
            found = {
                (u, v)
                for u in range(x + 1)
                for v in range(y + 1)
                if any(_holds(theory, m.name, u=u, v=v, x=x, y=y) for m in rule.moves)
            }
            assert found == set(game.followers((x, y))), (x, y)


def test_the_shipped_classes_are_the_theorems_sets() -> None:
    n = 60
    for file, theorem in (
        ("e-wythoff-value-0", "e-wythoff-p"),
        ("e-wythoff-value-1", "e-wythoff-g1"),
    ):
        t = Theory()
        t.add_automaton("a", stored(file).dfa, "x y")
        shipped = [(x, y) for x in range(n) for y in range(n) if _holds(t, "a", x=x, y=y)]
        assert shipped == points(THEOREMS[theorem], n), file
