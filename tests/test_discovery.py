"""Discovery (issue 36, items 3 and 6): automata learned from the engine's data, then proved.

* Wythoff's P-positions learned from the registry's data equal the formula-defined set of
  docs/proofs.md (language equivalence), and the shipped automaton is that set.
* The shipped automaton of Wythoff's value 1 agrees with the engine's table on a window; a twin
  with one cell added is refuted with the least counterexample, which the engine's values
  confirm; the full proof (some ten seconds, also replayed as ``wythoff-g1`` in
  ``tests/test_proofs_automatic.py``) and the twin with a cell removed are ``slow``.
* Every proof goes through the one generator (:mod:`proofs_check.automatic`, replayed by
  :func:`proofs_check.theorems.replay`): the pass game, the terminal sets, R-Wythoff's guarded
  rays and classes 0 to 2, k-blocking Wythoff; each with a twin refuted where the spec says.
* A shipped automaton that was edited is refused.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

import grundy
from decider import DeciderError, Dfa, Theory
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


def _beatty() -> Dfa:
    from proofs_check.theorems import LOW, WYTHOFF_P

    t = Theory()
    t.define(*LOW)
    return t.define("P", "x y", WYTHOFF_P).dfa


def _edit(dfa: Dfa, formula: str) -> Dfa:
    """The set ``formula`` in ``S`` (the set of ``dfa``), e.g. ``S(x, y) | (x = 3 & y = 3)``."""
    t = Theory()
    t.add_automaton("S", dfa, "x y")
    return t.define("T", "x y", formula).dfa


@pytest.fixture(scope="module")
def value_one():  # type: ignore[no-untyped-def]
    return discovery.stored("wythoff-value-1")


def test_the_p_positions_learned_from_data_are_the_beatty_pairs() -> None:
    learned, source = discovery.discover("wythoff", 0, length=16, tests=6)
    assert learned.dfa is not None, learned.report
    formula = _beatty()
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


def test_a_twin_with_a_cell_added_is_refuted(value_one) -> None:  # type: ignore[no-untyped-def]
    proof = discovery.prove("wythoff", _edit(value_one.dfa, "S(x, y) | (x = 3 & y = 3)"), 1)
    fails = {s.name: s.counterexample for s in proof.sentences if not s.true}
    assert fails["stable_m2"] == {"x": 3, "y": 3}  # the diagonal move (3, 3) -> (2, 2)
    assert fails["stable_m0"] == {"x": 6, "y": 3}  # the row move (6, 3) -> (3, 3)
    assert grundy.value("wythoff", (3, 3)).value != 1
    assert grundy.value("wythoff", (2, 2)).value == 1
    assert grundy.value("wythoff", (6, 3)).value == 1


@pytest.mark.slow
def test_value_one_theorem(value_one) -> None:  # type: ignore[no-untyped-def]
    assert discovery.prove("wythoff", value_one.dfa, 1).status == "proved"


@pytest.mark.slow
def test_a_twin_with_a_cell_removed_is_refuted(value_one) -> None:  # type: ignore[no-untyped-def]
    proof = discovery.prove("wythoff", _edit(value_one.dfa, "S(x, y) & ~(x = 2 & y = 2)"), 1)
    cex = proof.failed.counterexample if proof.failed else None
    assert cex is not None
    assert grundy.value("wythoff", (cex["x"], cex["y"])).value == 1


def test_an_edited_shipped_automaton_is_refused(tmp_path: Path) -> None:
    copy = tmp_path / "wythoff-value-1.txt"
    shutil.copy(discovery.AUTOMATA / "wythoff-value-1.txt", copy)
    copy.write_text(copy.read_text().replace("meta data fast.wsg", "meta data spec"))
    with pytest.raises(DeciderError, match="digest"):
        read_automaton(copy)


# ------------------------------------------------------------------ Wythoff with a pass


def test_the_pass_set_agrees_with_the_engine(value_one) -> None:  # type: ignore[no-untyped-def]
    n = 40
    table = grundy.table("wythoff-pass", n)  # layers: s = 0 (no pass left), s = 1
    q = discovery.pass_set(value_one.dfa)
    for x in range(n):
        for y in range(n):
            assert _accepts(q, x, y) == (int(table[1][x][y]) == 0), (x, y)
            assert grundy.value("wythoff-pass", (x, y, 1)).value == int(table[1][x][y])


def test_the_shipped_pass_automaton_is_the_set(value_one) -> None:  # type: ignore[no-untyped-def]
    shipped = discovery.stored("wythoff-pass-value-0")
    assert equivalent(shipped.dfa, discovery.pass_set(value_one.dfa))


def test_pass_theorem(value_one) -> None:  # type: ignore[no-untyped-def]
    proof = discovery.prove_pass(value_one.dfa)
    assert proof.status == "proved"
    assert "stable_pass_s1_s0" in [s.name for s in proof.sentences]  # the pass layer


def test_a_pass_twin_with_a_cell_added_is_refuted(value_one) -> None:  # type: ignore[no-untyped-def]
    twin = _edit(discovery.pass_set(value_one.dfa), "S(x, y) | (x = 0 & y = 1)")
    proof = discovery.prove("wythoff-pass", twin, 0, {0: discovery.stored("wythoff-value-0").dfa})
    fails = {s.name: s.counterexample for s in proof.sentences if not s.true}
    assert fails["stable_m1_s1"] == {"x": 0, "y": 1}  # (0, 1, 1) -> (0, 0, 1), a P-position
    assert fails["stable_m0_s1"] == {"x": 3, "y": 1}  # (3, 1, 1) -> (0, 1, 1)
    assert grundy.value("wythoff-pass", (0, 1, 1)).value != 0
    assert grundy.value("wythoff-pass", (3, 1, 1)).value == 0
    assert grundy.value("wythoff-pass", (0, 0, 1)).value == 0


def test_a_state_game_needs_the_sets_of_its_other_states(value_one) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(DeciderError, match="states"):
        discovery.prove("wythoff-pass", discovery.pass_set(value_one.dfa), 0)


# ------------------------------------------------------------- terminal sets {x + y <= K}


@pytest.mark.parametrize("k", [1, 2, 3, 4, 5, 6, 7, 8, 9, 10])
def test_terminal_set_theorem(k: int) -> None:
    shipped = discovery.stored(f"wythoff-terminal-{k}-value-0")
    n = 30
    table = grundy.table(f"wythoff-terminal:{k}", n)
    for x in range(n):
        for y in range(n):
            assert _accepts(shipped.dfa, x, y) == (int(table[x][y]) == 0), (x, y)
    assert discovery.prove(f"wythoff-terminal:{k}", shipped.dfa).status == "proved"


@pytest.mark.parametrize("k", [2, 5])
def test_terminal_twins_are_refuted(k: int) -> None:
    t = Theory()
    t.add_automaton("R", discovery.stored(f"wythoff-terminal-{k}-value-0").dfa, "x y")
    first = t.least(f"R(x, y) & x + y > {k}")  # the least P-position outside the terminal set
    assert first is not None
    x, y = first["x"], first["y"]
    proof = discovery.prove(
        f"wythoff-terminal:{k}", t.define("T", "x y", f"R(x, y) & ~(x = {x} & y = {y})").dfa
    )
    failed = proof.failed
    assert failed is not None and failed.name == "absorb"
    assert failed.counterexample == {"x": x, "y": y}
    assert grundy.value(f"wythoff-terminal:{k}", (x, y)).value == 0


def test_a_game_outside_the_generator_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    from grundy.cli import main

    shipped = str(discovery.AUTOMATA / "wythoff-value-0.txt")
    assert main(["prove", "--learn", "f-wythoff", "--automaton", shipped]) == 2
    err = capsys.readouterr().err.strip()
    assert "f-wythoff: compiled_followers" in err and "\n" not in err


# ------------------------------------------------------------------ R-Wythoff's P-set


def test_r_wythoff_p_set_theorem() -> None:
    learned, _ = discovery.discover("r-wythoff", 0, length=14, tests=5)
    assert learned.dfa is not None, learned.report
    shipped = discovery.stored("r-wythoff-value-0").dfa
    assert equivalent(learned.dfa, shipped)
    assert discovery.prove("r-wythoff", shipped).status == "proved"
    # 001 Remark 5: the same P-positions as Wythoff's
    assert equivalent(shipped, _beatty())


def test_an_r_wythoff_twin_with_a_cell_added_is_refuted() -> None:
    twin = _edit(discovery.stored("r-wythoff-value-0").dfa, "S(x, y) | (x = 4 & y = 1)")
    failed = discovery.prove("r-wythoff", twin).failed
    assert failed is not None and failed.name == "stable_m0"  # the row, larger pile x >= y
    assert failed.counterexample == {"x": 4, "y": 1}  # (4, 1) -> (2, 1), a P-position
    assert grundy.value("r-wythoff", (4, 1)).value != 0
    assert grundy.value("r-wythoff", (2, 1)).value == 0


# ------------------------------------------------------------- k-blocking Wythoff (Larsson)


@pytest.mark.parametrize("k", [2, 3])
def test_blocking_theorem(k: int) -> None:
    shipped = discovery.stored(f"blocking-wythoff-{k}-value-0").dfa
    n = 30
    table = grundy.table(f"blocking-wythoff:{k}", n)  # the outcomes: 0 is P
    for x in range(n):
        for y in range(n):
            assert _accepts(shipped, x, y) == (int(table[x][y]) == 0), (x, y)
    assert discovery.prove(f"blocking-wythoff:{k}", shipped).status == "proved"


def test_a_blocking_twin_is_refuted() -> None:
    t = Theory()
    t.add_automaton("B", discovery.stored("blocking-wythoff-2-value-0").dfa, "x y")
    first = t.least("B(x, y) & x > 2 & y > 2")
    assert first is not None
    x, y = first["x"], first["y"]
    twin = t.define("T", "x y", f"B(x, y) & ~(x = {x} & y = {y})").dfa
    failed = discovery.prove("blocking-wythoff:2", twin).failed
    # the removed cell: at most one P-option, a P-position
    assert failed is not None and failed.counterexample == {"x": x, "y": y}
    table = grundy.table("blocking-wythoff:2", max(x, y) + 1)
    assert int(table[x][y]) == 0


def test_r_wythoff_value_one_theorem() -> None:
    # Ho (JCTA 119, 2012) gives formulas; here the learned automaton, proved
    shipped = discovery.stored("r-wythoff-value-1").dfa
    n = 30
    table = grundy.table("r-wythoff", n)
    for x in range(n):
        for y in range(n):
            assert _accepts(shipped, x, y) == (int(table[x][y]) == 1), (x, y)
    assert discovery.prove("r-wythoff", shipped, 1).status == "proved"
    # Wythoff's (unguarded) moves refute it: R-Wythoff's value 1 is not Wythoff's
    assert discovery.prove("wythoff", shipped, 1).status == "refuted"


def test_r_wythoff_value_two_theorem() -> None:
    shipped = discovery.stored("r-wythoff-value-2").dfa
    table = grundy.table("r-wythoff", 30)
    for x in range(30):
        for y in range(30):
            assert _accepts(shipped, x, y) == (int(table[x][y]) == 2), (x, y)
    assert discovery.prove("r-wythoff", shipped, 2).status == "proved"
    # value 1's set is not value 2's: the same sentences refute it
    wrong = discovery.stored("r-wythoff-value-1").dfa
    assert discovery.prove("r-wythoff", wrong, 2).status == "refuted"
    with pytest.raises(DeciderError, match=r"lower class r-wythoff-value-3\.txt"):
        discovery.prove("r-wythoff", shipped, 4)


def test_the_pass_games_p_positions_come_from_the_greedy_over_rows() -> None:
    """``--learn wythoff-pass``: each layer's P-positions from ``p-positions`` (linear in the
    rows, so the 31-digit window that saturates is reachable), equal to the engine's table."""
    n = discovery.window(9)
    table = grundy.table("wythoff-pass", n)
    for layer in (0, 1):
        pts, source = discovery.points("wythoff-pass", 0, 9, layer)
        assert source == "fast.row_greedy"
        assert sorted(map(tuple, pts.tolist())) == [
            (x, y) for x in range(n) for y in range(n) if table[layer][x][y] == 0
        ]


# ------------------------------------------------------------------ the automaticity map


def test_a_map_entry_proves_or_reports_the_counts(tmp_path: Path) -> None:
    from proofs_check import automaticity

    setting = automaticity.Setting("r-wythoff", 12, 4)
    data, _ = automaticity._data(setting)
    proved: dict[int, Dfa] = {}
    first = automaticity.entry(setting, 0, data, proved)
    assert first["result"] == "proved" and first["states"] == 8 and 0 in proved
    assert equivalent(proved[0], discovery.stored("r-wythoff-value-0").dfa)
    wrong = automaticity._prove(setting, 1, proved[0], proved)  # the P-set is not value 1
    assert wrong["result"] == "refuted"
    blocking = automaticity.Setting("blocking-wythoff:2", 8, 3)
    assert "counting rule" in automaticity.entry(blocking, 1, data, {})["result"]
    short = automaticity.entry(automaticity.Setting("r-wythoff", 7, 3), 3, data, {})
    assert short["result"].startswith("not automatic within") and short["counts"]


def test_the_shipped_map_agrees_with_the_shipped_automata() -> None:
    from proofs_check import automaticity

    found = json.loads(automaticity.MAP.read_text())
    assert found["command"].startswith("python -m proofs_check.automaticity")
    by = {(e["game"], e["g"]): e for e in found["entries"]}
    for game, g, file in [("r-wythoff", 1, "r-wythoff-value-1"), ("e-wythoff", 1,
                          "e-wythoff-value-1"), ("wythoff-terminal:5", 0,
                          "wythoff-terminal-5-value-0")]:  # fmt: skip
        assert by[game, g]["result"] == "proved"
        assert by[game, g]["states"] == discovery.stored(file).dfa.states
    assert all(e["machine"] and e["when"] for e in found["entries"])
    assert "| `e-wythoff` | 2 | proved |" in automaticity.markdown(found)


def test_the_map_command_refuses_bad_input(capsys: pytest.CaptureFixture[str]) -> None:
    from grundy.cli import main

    assert main(["prove", "--automaticity", "--games", "no-such-game"]) == 2
    assert main(["prove", "--automaticity", "--values", "8"]) == 2  # past MAP_TOP_VALUE = 7
    err = capsys.readouterr().err
    assert "no-such-game" in err and "--values" in err
