"""Every theorem decided a second way (issue 44, item 4, "cross-checked").

:mod:`proofs_check.second_encoding` writes each game's moves as one relation from the
paper's rules and each statement as one biconditional, independently of the generator
(:mod:`proofs_check.automatic`): it must give the replay's truth on every theorem (TRUE) and
every false twin (FALSE), and it fails when a game's relation is wrong.
"""

from __future__ import annotations

import pytest

from proofs_check import second_encoding
from proofs_check.theorems import THEOREMS, Theorem, replay

#: 2-blocking's sentence takes about half a minute each way here: in the slow run.
SLOW = {"blocking-wythoff-2-p", "blocking-wythoff-2-p-twin"}


#: The two-pile theorems (a one-heap word's theorem, proofs_check.theorems_heaps, is checked
#: against the engine's values instead: tests/test_heap_words.py).
TWO_PILE = [t for t, theorem in THEOREMS.items() if isinstance(theorem, Theorem)]


@pytest.mark.parametrize(
    "theorem_id",
    [pytest.param(t, marks=pytest.mark.slow) if t in SLOW else t for t in TWO_PILE],
)
def test_the_second_encoding_gives_the_replay_s_truth(theorem_id: str) -> None:
    """The replay gives each theorem its kind (tests/test_proofs_automatic.py, every theorem
    and twin); so does the second encoding."""
    theorem = THEOREMS[theorem_id]
    assert second_encoding.decide(theorem) is (theorem.kind == "proved")


def test_every_theorem_s_game_has_a_second_relation() -> None:
    assert {THEOREMS[t].game for t in TWO_PILE} <= set(second_encoding.MOVES)
    assert "fibonacci-nim" in {THEOREMS[t].game for t in TWO_PILE}


def test_the_replay_and_the_second_encoding_agree_on_a_theorem_and_its_twin() -> None:
    for theorem_id in ("e-wythoff-g2", "e-wythoff-g2-twin"):
        theorem = THEOREMS[theorem_id]
        assert second_encoding.decide(theorem) is (replay(theorem).status == "proved")


def test_a_wrong_relation_makes_a_true_theorem_false(monkeypatch: pytest.MonkeyPatch) -> None:
    clauses, k = second_encoding.MOVES["wythoff"]
    monkeypatch.setitem(second_encoding.MOVES, "wythoff", (clauses[:2], k))  # no diagonal
    assert second_encoding.decide(THEOREMS["wythoff-p"]) is False


def test_the_lower_classes_are_proved_too_so_swapped_automata_fail() -> None:
    from dataclasses import replace

    theorem = THEOREMS["r-wythoff-g2"]
    files = dict(theorem.automata)
    swapped = (("rp", files["rg1"]), ("rg1", files["rp"]), ("rg2", files["rg2"]))
    assert second_encoding.decide(theorem) is True
    assert second_encoding.decide(replace(theorem, automata=swapped)) is False
