"""Discovery (issue 36, items 3 and 6): automata learned from the engine's data, then proved.

* Wythoff's P-positions learned from the registry's data equal the formula-defined set of
  docs/proofs.md (language equivalence), and the shipped automaton is that set.
* The shipped automaton of Wythoff's value 1 agrees with the engine's table on a window; its
  stability sentences are TRUE; a twin with one cell added is refuted with the least
  counterexample, which the engine's values confirm; the full proof (absorption included, some
  ten seconds) and the twin with a cell removed are ``slow``.
* A shipped automaton that was edited is refused.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

import grundy
import spec
from decider import DeciderError
from decider.automaton import equivalent
from decider.io import read_automaton
from proofs_check import discovery


def _accepts(dfa, x: int, y: int) -> bool:  # type: ignore[no-untyped-def]
    from decider.numeration import Fibonacci

    fib = Fibonacci()
    wx, wy = fib.word(x), fib.word(y)
    n = max(len(wx), len(wy))
    wx, wy = [0] * (n - len(wx)) + wx, [0] * (n - len(wy)) + wy
    return bool(dfa.accepts([[a, b] for a, b in zip(wx, wy, strict=True)]))


@pytest.fixture(scope="module")
def value_one():  # type: ignore[no-untyped-def]
    return discovery.stored("wythoff-value-1")


def test_the_p_positions_learned_from_data_are_the_beatty_pairs() -> None:
    learned, source = discovery.discover("wythoff", 0, length=16, tests=6)
    assert learned.dfa is not None, learned.report
    formula = discovery.wythoff_theory().predicates["P"][0].dfa
    assert equivalent(learned.dfa, formula)
    assert equivalent(discovery.stored("wythoff-value-0").dfa, formula)
    assert source


def test_the_value_one_automaton_agrees_with_the_engine(value_one) -> None:  # type: ignore[no-untyped-def]
    n = 60
    table = grundy.table("wythoff", n)
    for x in range(n):
        for y in range(n):
            assert _accepts(value_one.dfa, x, y) == (int(table[x][y]) == 1), (x, y)
    assert value_one.meta["set"] == "wythoff: G(x, y) = 1"


def test_the_learner_finds_value_one_only_with_enough_data() -> None:
    learned, _ = discovery.discover("wythoff", 1, length=20, tests=8)
    assert learned.dfa is None and "did not saturate" in learned.report
    assert learned.counts == sorted(learned.counts) and learned.new[-1] > 0


STABILITY = ["avoid", "row", "column", "diagonal-up", "diagonal-down"]


@pytest.fixture(scope="module")
def theory(value_one):  # type: ignore[no-untyped-def]
    return discovery.wythoff_theory(value_one.dfa)


@pytest.mark.parametrize("name", STABILITY)
def test_value_one_is_stable(theory, name: str) -> None:  # type: ignore[no-untyped-def]
    assert theory.decide(discovery.VALUE_ONE[name]) is True


def test_a_twin_with_a_cell_added_is_refuted(value_one) -> None:  # type: ignore[no-untyped-def]
    t = discovery.wythoff_theory(value_one.dfa)
    t.define("T", "x y", "S(x, y) | (x = 3 & y = 3)")
    for name, args, formula in discovery.helpers("T"):
        t.define(name, args, formula)
    sentence = discovery.stable("T")["diagonal-up"]
    assert t.decide(sentence) is False
    cex = t.counterexample("A x, e ~(Tup(x, e) & Tdup(x, e))")
    assert cex == {"e": 0, "x": 3}  # the point (3, 3) and a diagonal move into the set
    assert grundy.value("wythoff", (3, 3)).value != 1
    assert grundy.value("wythoff", (2, 2)).value == 1  # the move (3, 3) -> (2, 2)


@pytest.mark.slow
def test_value_one_theorem(value_one) -> None:  # type: ignore[no-untyped-def]
    outcomes = discovery.prove_value_one(value_one.dfa)
    assert [o.name for o in outcomes] == list(discovery.VALUE_ONE)
    assert all(o.value for o in outcomes)


@pytest.mark.slow
def test_a_twin_with_a_cell_removed_is_refuted(value_one) -> None:  # type: ignore[no-untyped-def]
    t = discovery.wythoff_theory(value_one.dfa)
    t.define("T", "x y", "S(x, y) & ~(x = 2 & y = 2)")
    for name, args, formula in discovery.helpers("T"):
        t.define(name, args, formula)
    cex = t.counterexample(discovery.absorb("T"))
    assert cex is not None
    assert grundy.value("wythoff", (cex["x"], cex["y"])).value == 1


def test_an_edited_shipped_automaton_is_refused(tmp_path: Path) -> None:
    copy = tmp_path / "wythoff-value-1.txt"
    shutil.copy(discovery.AUTOMATA / "wythoff-value-1.txt", copy)
    copy.write_text(copy.read_text().replace("meta data fast.wsg", "meta data spec"))
    with pytest.raises(DeciderError, match="digest"):
        read_automaton(copy)


# ------------------------------------------------------------------ Wythoff with a pass


@pytest.fixture(scope="module")
def pass_theory(value_one):  # type: ignore[no-untyped-def]
    return discovery.pass_theory(value_one.dfa)


def test_the_pass_set_agrees_with_the_engine(pass_theory) -> None:  # type: ignore[no-untyped-def]
    n = 40
    table = grundy.table("wythoff-pass", n)  # layers: s = 0 (no pass left), s = 1
    q = pass_theory.predicates["Q"][0].dfa
    for x in range(n):
        for y in range(n):
            assert _accepts(q, x, y) == (int(table[1][x][y]) == 0), (x, y)
            assert grundy.value("wythoff-pass", (x, y, 1)).value == int(table[1][x][y])


def test_the_shipped_pass_automaton_is_the_set(pass_theory) -> None:  # type: ignore[no-untyped-def]
    shipped = discovery.stored("wythoff-pass-value-0")
    assert equivalent(shipped.dfa, pass_theory.predicates["Q"][0].dfa)


@pytest.mark.parametrize("name", ["origin", "avoid", "row", "column", "diagonal-up"])
def test_the_pass_set_is_stable(pass_theory, name: str) -> None:  # type: ignore[no-untyped-def]
    assert pass_theory.decide(discovery.PASS[name]) is True


def test_a_pass_twin_with_a_cell_added_is_refuted(value_one) -> None:  # type: ignore[no-untyped-def]
    t = discovery.pass_theory(value_one.dfa)
    t.define("T", "x y", "Q(x, y) | (x = 0 & y = 1)")  # a cell of S left out of Q
    for name, args, formula in discovery.helpers("T"):
        t.define(name, args, formula)
    cex = t.counterexample("A x, y ~(T(x, y) & Tcol(x, y))")
    assert cex == {"x": 0, "y": 1}  # (0, 1, 1) -> (0, 0, 1), a P-position
    assert grundy.value("wythoff-pass", (0, 1, 1)).value != 0
    assert grundy.value("wythoff-pass", (0, 0, 1)).value == 0


@pytest.mark.slow
def test_pass_theorem(value_one) -> None:  # type: ignore[no-untyped-def]
    outcomes = discovery.prove_pass(value_one.dfa)
    assert [o.name for o in outcomes] == list(discovery.PASS) and all(o.value for o in outcomes)


@pytest.mark.slow
def test_a_pass_twin_with_a_cell_removed_is_refuted(value_one) -> None:  # type: ignore[no-untyped-def]
    t = discovery.pass_theory(value_one.dfa)
    t.define("T", "x y", "Q(x, y) & ~(x = 6 & y = 7)")
    for name, args, formula in discovery.helpers("T"):
        t.define(name, args, formula)
    cex = t.counterexample(discovery.absorb("T"))
    assert cex is not None
    assert grundy.value("wythoff-pass", (cex["x"], cex["y"], 1)).value == 0


# ------------------------------------------------------------- terminal sets {x + y <= K}


@pytest.mark.parametrize("k", [1, 2, 3, 4, 5, 6, 7, 8, 9])
def test_terminal_set_theorem(k: int) -> None:
    shipped = discovery.stored(f"wythoff-terminal-{k}-value-0")
    n = 30
    table = grundy.table(f"wythoff-terminal:{k}", n)
    for x in range(n):
        for y in range(n):
            assert _accepts(shipped.dfa, x, y) == (int(table[x][y]) == 0), (x, y)
    outcomes = discovery.prove_terminal(shipped.dfa, k)
    assert [o.name for o in outcomes] == list(discovery.terminal(k))
    assert all(o.value for o in outcomes)


@pytest.mark.parametrize("k", [2, 5])
def test_terminal_twins_are_refuted(k: int) -> None:
    from decider import Theory

    shipped = discovery.stored(f"wythoff-terminal-{k}-value-0").dfa
    t = Theory()
    t.add_automaton("R", shipped, "x y")
    first = t.least(f"R(x, y) & x + y > {k}")  # the least P-position outside the terminal set
    assert first is not None
    x, y = first["x"], first["y"]
    t.define("T", "x y", f"R(x, y) & ~(x = {x} & y = {y})")
    assert discovery.prove_terminal(t.predicates["T"][0].dfa, k)[-1].value is False
    t.define("L", "x y", f"x + y > {k}")
    for name, args, formula in discovery.helpers("T"):
        t.define(name, args, formula)
    assert t.counterexample(discovery.absorb("T", "")) == {"x": x, "y": y}
    assert grundy.value(f"wythoff-terminal:{k}", (x, y)).value == 0


def test_terminal_proof_needs_a_terminal_set(capsys: pytest.CaptureFixture[str]) -> None:
    assert discovery.main(["wythoff", "--stored", "wythoff-value-0", "--prove", "terminal"]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("discovery: wythoff: no terminal set") and "\n" not in err


# ------------------------------------------------------------------ R-Wythoff's P-set


def test_r_wythoff_p_set_theorem() -> None:
    guards = discovery.wythoff_rays(spec.get_game("r-wythoff"))
    assert guards == {"row": "x >= y", "column": "y >= x"}  # the larger pile only
    learned, _ = discovery.discover("r-wythoff", 0, length=14, tests=5)
    assert learned.dfa is not None, learned.report
    shipped = discovery.stored("r-wythoff-value-0").dfa
    assert equivalent(learned.dfa, shipped)
    assert all(o.value for o in discovery.prove_p_set(shipped, guards))
    # 001 Remark 5: the same P-positions as Wythoff's
    assert equivalent(shipped, discovery.wythoff_theory().predicates["P"][0].dfa)


def test_an_unguarded_proof_of_r_wythoff_is_refuted() -> None:
    # Wythoff's moves are a superset: with the guards dropped, a twin set (one cell added
    # below the diagonal) is refuted by a column move that R-Wythoff does not have
    from decider import Theory

    t = Theory()
    t.add_automaton("R", discovery.stored("r-wythoff-value-0").dfa, "x y")
    t.define("T", "x y", "R(x, y) | (x = 4 & y = 1)")
    for name, args, formula in discovery.helpers("T"):
        t.define(name, args, formula)
    guards = discovery.wythoff_rays(spec.get_game("r-wythoff"))
    sentence = discovery.stable("T", guards=guards)["row"]
    assert t.decide(sentence) is False
    cex = t.counterexample("A x, y ~(x >= y & T(x, y) & Trow(x, y))")
    assert cex == {"x": 4, "y": 1}  # (4, 1) -> (2, 1), a P-position
    assert grundy.value("r-wythoff", (4, 1)).value != 0
    assert grundy.value("r-wythoff", (2, 1)).value == 0


@pytest.mark.parametrize(
    "game", ["wythoff-pass", "blocking-wythoff:2", "nim", "wythoff-terminal:2"]
)
def test_games_the_sentences_do_not_cover_are_refused(game: str) -> None:
    with pytest.raises(DeciderError, match=r"not covered|do not cover"):
        discovery.wythoff_rays(spec.get_game(game))


# ------------------------------------------------------------- k-blocking Wythoff (Larsson)


@pytest.mark.parametrize("k", [2, 3])
def test_blocking_theorem(k: int) -> None:
    shipped = discovery.stored(f"blocking-wythoff-{k}-value-0").dfa
    assert discovery._blocking_k(f"blocking-wythoff:{k}") == k
    n = 30
    table = grundy.table(f"blocking-wythoff:{k}", n)  # the outcomes: 0 is P
    for x in range(n):
        for y in range(n):
            assert _accepts(shipped, x, y) == (int(table[x][y]) == 0), (x, y)
    assert all(o.value for o in discovery.prove_blocking(shipped, k))


def test_a_blocking_twin_is_refuted() -> None:
    from decider import Theory

    t = Theory()
    t.add_automaton("B", discovery.stored("blocking-wythoff-2-value-0").dfa, "x y")
    first = t.least("B(x, y) & x > 2 & y > 2")
    assert first is not None
    x, y = first["x"], first["y"]
    t.define("T", "x y", f"B(x, y) & ~(x = {x} & y = {y})")
    twin = discovery.blocking_theory(t.predicates["T"][0].dfa, 2)
    sentence = "A x, y (B(x, y) <=> ~Kopt(x, y))"
    assert twin.decide(sentence) is False
    cex = twin.counterexample(sentence)
    assert cex == {"x": x, "y": y}  # the removed cell: at most one P-option, a P-position
    table = grundy.table("blocking-wythoff:2", max(x, y) + 1)
    assert int(table[x][y]) == 0


def test_r_wythoff_value_one_theorem() -> None:
    # Ho (JCTA 119, 2012) gives formulas; here the learned automaton, proved
    subject = spec.get_game("r-wythoff")
    shipped = discovery.stored("r-wythoff-value-1").dfa
    n = 30
    table = grundy.table("r-wythoff", n)
    for x in range(n):
        for y in range(n):
            assert _accepts(shipped, x, y) == (int(table[x][y]) == 1), (x, y)
    lower = discovery.stored("r-wythoff-value-0").dfa
    outcomes = discovery.prove_value_one(shipped, discovery.wythoff_rays(subject), lower)
    assert all(o.value for o in outcomes)
    # Wythoff's (unguarded) moves refute it: R-Wythoff's value 1 is not Wythoff's
    assert not all(o.value for o in discovery.prove_value_one(shipped, None, lower))


def test_r_wythoff_value_two_theorem() -> None:
    subject = spec.get_game("r-wythoff")
    shipped = discovery.stored("r-wythoff-value-2").dfa
    table = grundy.table("r-wythoff", 30)
    for x in range(30):
        for y in range(30):
            assert _accepts(shipped, x, y) == (int(table[x][y]) == 2), (x, y)
    lower = discovery.lower_classes("r-wythoff", 2)
    outcomes = discovery.prove_value_one(shipped, discovery.wythoff_rays(subject), lower)
    assert all(o.value for o in outcomes)
    # value 1's set is not value 2's: the same sentences refute it
    wrong = discovery.stored("r-wythoff-value-1").dfa
    with pytest.raises(DeciderError):
        discovery.lower_classes("r-wythoff", 0)
    assert not all(o.value for o in discovery.prove_value_one(wrong, None, lower))
