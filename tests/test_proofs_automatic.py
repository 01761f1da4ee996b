"""Games into sentences and theorems for all positions (issue 36, items 2, 4, 5).

The generator reads a game's capabilities (tests of the refusals); every shipped theorem is
proved and its false twin refuted; the twin's least counterexample is checked against the
spec (the oracle); the proved set agrees with the spec on a square; ``grundy prove``'s
output and exit codes; the Walnut export run through Walnut where Java and the jar are there.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cli_capture import cli

from grundy.walnut import INSTALL, find_walnut, run_walnut
from proofs_check.automatic import NotCovered, rule_of
from proofs_check.theorems import THEOREMS, points, replay, theory_of
from spec import get_game
from spec.solver import grundy, outcome

FAST = ["wythoff-p", "r-wythoff-p", "wythoff-terminal-1-p", "e-wythoff-p", "e-wythoff-g1",
        "e-wythoff-g2"]  # fmt: skip
#: The theorems learned by proofs_check.discovery (R-Wythoff's values 1, 2; terminal sets).
DISCOVERED = ["r-wythoff-g1", "r-wythoff-g2", *(f"wythoff-terminal-{k}-p" for k in range(2, 11))]


def _cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    return cli(capsys, *argv)


@pytest.mark.parametrize(
    ("game", "missing"),
    [("f-wythoff", "compiled_followers"), ("a-wythoff:5000", "no move_rays"),
     ("octal:0.07", "a game of one heap")],
)  # fmt: skip
def test_a_game_the_generator_does_not_cover_is_refused_by_its_capability(
    game: str, missing: str
) -> None:
    with pytest.raises(NotCovered, match=missing) as error:
        rule_of(get_game(game))
    assert "\n" not in str(error.value)


def test_the_rays_guards_terminal_set_and_counting_rule_are_read_from_the_game() -> None:
    assert rule_of(get_game("r-wythoff")).moves[0].formula.endswith("& x >= y")
    assert rule_of(get_game("wythoff-terminal:3")).terminal == "x + y <= 3"
    assert rule_of(get_game("blocking-wythoff:2")).k == 2
    passing = rule_of(get_game("wythoff-pass"))
    assert passing.state_moves == ((1, 0),) and passing.states == (0, 1)


@pytest.mark.parametrize("theorem_id", [*FAST, "wythoff-g1", "wythoff-pass-p", *DISCOVERED])
def test_each_theorem_is_proved_and_its_twin_refuted_where_the_spec_says_p(
    theorem_id: str,
) -> None:
    theorem = THEOREMS[theorem_id]
    assert replay(theorem).status == "proved"
    twin = replay(THEOREMS[f"{theorem_id}-twin"])
    failed = twin.failed
    assert twin.status == "refuted" and failed is not None and failed.counterexample
    x, y = failed.counterexample["x"], failed.counterexample["y"]
    # the twin says (x, y) is outside its set and has no move into it: the spec says it is in
    assert (x, y) not in points(twin.theorem, max(x, y) + 1)
    game = get_game(theorem.game)
    where = (x, y) if theorem.state is None else (x, y, theorem.state)
    assert grundy(game, where) == theorem.value


@pytest.mark.parametrize(
    "theorem_id", [*FAST, "blocking-wythoff-3-p", "wythoff-g1", "wythoff-pass-p", *DISCOVERED]
)
def test_the_proved_set_is_the_spec_set_on_a_square(theorem_id: str) -> None:
    theorem = THEOREMS[theorem_id]
    game = get_game(theorem.game)
    n = 14
    state = () if theorem.state is None else (theorem.state,)
    if theorem.value:
        g = theorem.value
        spec = [(x, y) for x in range(n) for y in range(n) if grundy(game, (x, y)) == g]
    else:
        spec = [(x, y) for x in range(n) for y in range(n) if outcome(game, (x, y, *state)) == "P"]
    assert points(theorem, n) == spec


def test_two_blocking_wythoff_is_proved_and_its_twin_refuted() -> None:
    assert replay(THEOREMS["blocking-wythoff-2-p"]).status == "proved"
    twin = replay(THEOREMS["blocking-wythoff-2-p-twin"]).failed
    assert twin is not None and twin.counterexample is not None
    where = (twin.counterexample["x"], twin.counterexample["y"])
    assert outcome(get_game("blocking-wythoff:2"), where) == "P"


def test_prove_list_run_twin_points_and_bad_input(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, out, _ = _cli(capsys, "prove", "--list", "--json")
    rows = {r["id"]: r for r in json.loads(out)}
    assert code == 0 and rows["wythoff-p"]["game"] == "wythoff" and rows["wythoff-p"]["value"] == 0
    assert rows["wythoff-p-twin"]["kind"] == "refuted"
    code, out, _ = _cli(capsys, "prove", "wythoff-p")
    assert code == 0 and "proved" in out.splitlines()[-1] and "states" in out
    code, out, _ = _cli(capsys, "prove", "wythoff-p-twin")
    assert code == 1 and out.splitlines()[-1] == "refuted: absorb fails at (3, 5)"
    code, out, _ = _cli(capsys, "prove", "wythoff-p", "--points", "6")
    assert out.split("\n")[:4] == ["0 0", "1 2", "2 1", "3 5"]
    for bad in (["nope"], ["wythoff-p", "--points", "x"],
                ["wythoff-p", "--walnut", str(tmp_path / "no" / "such.txt")]):  # fmt: skip
        code, _, err = _cli(capsys, "prove", *bad)
        assert code == 2 and len(err.strip().splitlines()) == 1
    code, _, _ = _cli(capsys, "prove", "wythoff-p", "--walnut", str(tmp_path / "w.txt"))
    assert code == 0 and "eval absorb" in (tmp_path / "w.txt").read_text()


def test_check_list_shows_the_kind_proved(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = _cli(capsys, "check", "list", "--json")
    kinds = {r["id"]: r["kind"] for r in json.loads(out)}
    assert code == 0 and kinds["proved-wythoff-p"] == "proved"


@pytest.mark.skipif(find_walnut() is None, reason=INSTALL)
def test_walnut_agrees_true_for_the_theorem_false_for_its_twin() -> None:
    from decider.walnut import export

    for theorem_id, expected in (("wythoff-p", True), ("wythoff-p-twin", False)):
        theory, sentences = theory_of(THEOREMS[theorem_id])
        results = run_walnut(export(theory, sentences))
        assert results.pop("guard_true") is True
        assert all(results.values()) is expected
        if not expected:
            assert [n for n, v in results.items() if not v] == ["absorb"]


def test_the_stored_wythoff_automaton_is_the_beatty_formula_and_a_tampered_copy_fails(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import proofs_check.theorems as theorems
    from decider import DeciderError, Theory
    from decider.io import read_automaton

    stored = read_automaton(theorems.AUTOMATA / "wythoff-p.txt")
    t = Theory()
    t.add_automaton("w", stored.dfa, stored.names)
    t.define(*theorems.LOW)
    assert t.decide(f"A x, y (w(x, y) <=> ({theorems.WYTHOFF_P}))")
    text = (theorems.AUTOMATA / "wythoff-p.txt").read_text()
    (tmp_path / "wythoff-p.txt").write_text(text.replace("accept 1 0", "accept 0 0", 1))
    monkeypatch.setattr(theorems, "AUTOMATA", tmp_path)
    with pytest.raises(DeciderError, match="digest does not match"):
        replay(THEOREMS["wythoff-p"])


def test_the_class_sentences_of_value_0_are_the_p_sentences_and_a_repeated_class_fails() -> None:
    from proofs_check.automatic import class_sentences

    theory, _ = theory_of(THEOREMS["wythoff-p"])
    rule = rule_of(get_game("wythoff"))
    assert all(theory.decide(s) for s in class_sentences(rule, [], "p").values())
    assert not theory.decide(class_sentences(rule, ["p"], "p")["avoid"])
    with pytest.raises(NotCovered, match="counting rule"):
        class_sentences(rule_of(get_game("blocking-wythoff:2")), [], "p")


@pytest.mark.slow
@pytest.mark.skipif(find_walnut() is None, reason=INSTALL)
def test_walnut_agrees_on_every_theorem_and_twin() -> None:
    """Every theorem's and twin's sentences decided by Walnut, in as few JVMs as their files
    allow (:func:`grundy.walnut.run_walnut_batch`; a JVM a theorem took minutes): each
    theorem's sentences all TRUE, each twin's not, and Walnut's guard TRUE."""
    from decider.walnut import export
    from grundy.walnut import run_walnut_batch

    answers = run_walnut_batch({t: export(*theory_of(THEOREMS[t])) for t in THEOREMS})
    wrong = []
    for theorem_id, theorem in THEOREMS.items():
        results = dict(answers[theorem_id])
        if results.pop("guard_true") is not True or all(results.values()) is not (
            theorem.twin_of is None
        ):
            wrong.append(f"{theorem_id}: {results}")
    assert not wrong, "Walnut disagrees on " + "; ".join(wrong)


def test_prove_learn_learns_then_proves_or_reports_the_class_counts(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = _cli(capsys, "prove", "--learn", "wythoff", "--value", "0",
                        "--length", "16", "--tests", "6")  # fmt: skip
    lines = out.splitlines()
    assert code == 0 and "learned automaton: 8 states" in out  # the Beatty pairs' automaton
    assert [ln.split()[:2] for ln in lines if ln.startswith("  ")] == [
        ["stable_m0", "TRUE"], ["stable_m1", "TRUE"], ["stable_m2", "TRUE"], ["absorb", "TRUE"]
    ]  # fmt: skip
    assert lines[-1].startswith("proved (4 sentences")
    # value 1 needs words of 31 digits: on 14 no automaton appears, and nothing is guessed
    code, out, _ = _cli(capsys, "prove", "--learn", "wythoff", "--value", "1",
                        "--length", "14", "--tests", "5")  # fmt: skip
    assert code == 1 and "classes:" in out and "proved" not in out.replace("not proved", "")
    code, out, _ = _cli(capsys, "prove", "--learn", "r-wythoff", "--length", "12", "--tests",
                        "4", "--json")  # fmt: skip
    row = json.loads(out)
    assert code == 0 and row["status"] == "proved" and row["states"] == 8  # Wythoff's P-set
    assert row["classes"][-1] == 8 and all(s["true"] for s in row["sentences"])
    for bad in (["--learn", "chess"], ["--learn", "f-wythoff"], ["--value", "1"],
                ["wythoff-p", "--learn", "wythoff"], ["--learn", "wythoff", "--length", "99"],
                ["--learn", "wythoff", "--length", "8", "--tests", "8"]):  # fmt: skip
        code, _, err = _cli(capsys, "prove", *bad)
        assert code == 2 and len(err.strip().splitlines()) == 1, bad
