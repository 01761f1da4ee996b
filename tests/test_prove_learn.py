"""``grundy prove --learn`` as a tool (issue 48, item 3) and the one front door (issue 47, item 4).

* The learner reads any numeration of the decider: sets with known automata are learned in
  Pell, Tribonacci and base 2 and equal the decider's automata (language equivalence); a-Wythoff
  (a = 2) is learned in Pell from the engine's data and agrees with the spec's table.
* The window is chosen from the budget and the memory: the data of the chosen window fit, one
  digit more does not (estimates from measured constants, not the clock); an explicit window
  that does not fit, an unknown numeration, an unwritable ``--out``: one line, exit 2.
* The README's plugin: ``--out`` saves a proved automaton (read back, digest checked, equal to
  the spec's P-positions), the Presburger form is printed; ``--json`` holds the automaton.
* a-Wythoff (a = 2): proved in Pell; in Fibonacci no automaton, and the hint names Pell
  because the data are the √2 Beatty pair (and only then).
* ``--automaticity`` is the map's command; the ``python -m`` entry points say where it went.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

import grundy
import spec
from decider import Binary, Fibonacci, Pell, Theory, Tribonacci
from decider.automaton import equivalent
from decider.io import read_automaton
from decider.learn import learn, learn_points, max_length, window
from proofs_check import discovery

ROOT = Path(__file__).resolve().parent.parent


def _readme_plugin(directory: Path) -> str:
    """The README's plugin ("Add a new game variant") as a module in ``directory``."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split("### 2. Add a new game variant", 1)[1]
    code = re.search(r"```python\n(.*?)```", section, re.S)
    assert code is not None
    (directory / "readme_plugin.py").write_text(code.group(1), encoding="utf-8")
    return "readme_plugin"


def _grundy(
    directory: Path, *argv: str, plugin: str | None = None
) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(directory), str(ROOT)])
    env.pop("GRUNDY_PLUGINS", None)
    if plugin is not None:
        env["GRUNDY_PLUGINS"] = plugin
    return subprocess.run(
        [sys.executable, "-m", "grundy", *argv],
        cwd=directory,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )


def _digest(path: Path) -> str:
    return path.read_text(encoding="utf-8").splitlines()[-1].removeprefix("sha256 ")


# ------------------------------------------------------------------ the learner, any numeration


#: Each numeration with a window (digits, tests) long enough for the sets below.
WINDOWS = [(Pell(), 8, 3), (Tribonacci(), 10, 4), (Binary(), 8, 3)]


@pytest.mark.parametrize(
    ("numeration", "length", "tests"), WINDOWS, ids=[w[0].name for w in WINDOWS]
)
@pytest.mark.parametrize(
    ("pairs", "formula"),
    [
        (lambda n: [(x, x) for x in range(n)], "x = y"),
        (lambda n: [(x, y) for x in range(n) for y in range(x + 1, n)], "x < y"),
        (lambda n: [(x, x + 1) for x in range(n - 1)], "x + 1 = y"),
    ],
)
def test_a_known_set_is_learned_in_every_numeration(  # type: ignore[no-untyped-def]
    pairs, formula, numeration, length, tests
) -> None:
    pts = np.array(pairs(window(length, numeration)), dtype=np.int64)
    result = learn_points(pts, length, tests, numeration=numeration)
    assert result.dfa is not None, result.report
    assert result.dfa.base == numeration.base
    assert equivalent(result.dfa, Theory(numeration).relation(formula).dfa)


def test_a_wrong_numeration_of_a_set_gives_no_automaton() -> None:
    # the squares are automatic in no numeration here: the counts grow, nothing is guessed
    result = learn(lambda x, y: y == x * x, length=7, tests=3, numeration=Pell())
    assert result.dfa is None and result.new[-1] > 0


def test_fibonacci_is_the_default_and_unchanged() -> None:
    pts, _ = discovery.points("wythoff", 0, 14)
    default, explicit = learn_points(pts, 14, 5), learn_points(pts, 14, 5, 2, Fibonacci())
    assert default.dfa is not None and explicit.dfa is not None
    assert default.counts == explicit.counts and equivalent(default.dfa, explicit.dfa)
    assert max_length() == 31 and max_length(Pell()) == 19  # codes of two words in 64 bits


def test_a_wythoff_2_is_learned_in_pell_and_agrees_with_the_spec() -> None:
    pts, _ = discovery.points("a-wythoff:2", 0, 8, numeration=Pell())
    learned = learn_points(pts, 8, 3, numeration=Pell())
    assert learned.dfa is not None, learned.report
    n = 40
    table = grundy.table("a-wythoff:2", n)  # the engine, compared with the spec elsewhere
    found = set(discovery.accepted_points(learned.dfa, Pell(), n))
    assert found == {(x, y) for x in range(n) for y in range(n) if int(table[x][y]) == 0}
    assert discovery.prove("a-wythoff:2", learned.dfa, 0, numeration=Pell()).status == "proved"
    # a set with a cell removed is refuted, at that cell (a P-position of the spec)
    t = Theory(Pell())
    t.add_automaton("S", learned.dfa, "x y")
    twin = t.define("T", "x y", "S(x, y) & ~(x = 4 & y = 10)").dfa
    failed = discovery.prove("a-wythoff:2", twin, 0, numeration=Pell()).failed
    assert failed is not None and failed.counterexample == {"x": 4, "y": 10}
    assert grundy.value("a-wythoff:2", (4, 10)).value == 0


def test_the_game_declares_its_numeration() -> None:
    assert spec.get_game("a-wythoff:2").natural_numeration == "pell"
    assert spec.get_game("a-wythoff:1").natural_numeration == "fibonacci"
    assert spec.get_game("a-wythoff:3").natural_numeration is None
    assert spec.get_game("wythoff").natural_numeration is None


# ------------------------------------------------------------------ the window and the hint


def test_the_chosen_window_fits_and_one_digit_more_does_not() -> None:
    from registry.core import NoImplementation

    budget = 30.0
    length = discovery.choose_length("r-wythoff", 1, Fibonacci(), budget)
    discovery.data_estimate("r-wythoff", 1, window(length), budget)  # fits
    with pytest.raises(NoImplementation):
        discovery.data_estimate("r-wythoff", 1, window(length + 1), budget)
    assert discovery.choose_length("r-wythoff", 1, Fibonacci(), 4 * budget) >= length


def test_the_hint_names_pell_only_where_the_data_are_its_beatty_pair() -> None:
    top = window(16)
    pts, _ = discovery.points("a-wythoff:2", 0, 16)
    assert discovery.beatty_match(pts, top) == "pell"
    wythoff, _ = discovery.points("wythoff", 0, 16)
    assert discovery.beatty_match(wythoff, top) == "fibonacci"
    moved = pts[(pts != [4, 10]).any(axis=1)]  # one P-position less: no longer the pair
    assert discovery.beatty_match(moved, top) is None
    learned = learn_points(pts, 16, 6)
    assert learned.dfa is None
    said = discovery.hint("a-wythoff:2", 0, learned, pts, True)
    assert "Beatty pair with α = √2: try --numeration pell" in said
    assert "longer" not in said
    r, _ = discovery.points("r-wythoff", 1, 8)
    short = learn_points(r, 8, 3)
    assert "Beatty" not in discovery.hint("r-wythoff", 1, short, r, True)


# ------------------------------------------------------------------ the command


def test_the_readme_plugin_is_proved_saved_and_shown_as_lines(tmp_path: Path) -> None:
    plugin = _readme_plugin(tmp_path)
    done = _grundy(tmp_path, "prove", "--learn", "my-wythoff", "--out", "a.txt", "--points",
                   "6", plugin=plugin)  # fmt: skip
    assert done.returncode == 0, done.stderr
    out = done.stdout
    assert "(chosen from the budget and the memory)" in out
    assert "proved (" in out
    form = "{(3k, 3k) : k >= 0} ∪ {(3k + 1, 3k + 2) : k >= 0} ∪ {(3k + 2, 3k + 1) : k >= 0}"
    assert f"Presburger form: {form}" in out
    stored = read_automaton(tmp_path / "a.txt")  # the digest is checked
    assert f"sha256 {_digest(tmp_path / 'a.txt')})" in out
    assert stored.meta["set"] == "my-wythoff: G(x, y) = 0"
    theory = Theory()
    lines = theory.relation(
        "E k (x = k + k + k & y = k + k + k) | E k (x = k + k + k + 1 & y = k + k + k + 2)"
        " | E k (x = k + k + k + 2 & y = k + k + k + 1)"
    )
    assert equivalent(stored.dfa, lines.dfa)
    printed = [
        tuple(map(int, ln.split())) for ln in out.splitlines() if re.fullmatch(r"\d+ \d+", ln)
    ]
    assert printed == [(0, 0), (1, 2), (2, 1), (3, 3), (4, 5), (5, 4)]


def test_json_holds_the_automaton_and_an_unproved_one_is_not_written(tmp_path: Path) -> None:
    done = _grundy(tmp_path, "prove", "--learn", "r-wythoff", "--length", "12", "--json",
                   "--out", "r.txt")  # fmt: skip
    row = json.loads(done.stdout)
    assert done.returncode == 0 and row["status"] == "proved" and row["length"] == 12
    auto = row["automaton"]
    assert auto["states"] == 8 and len(auto["transitions"]) == 8
    assert all(len(r) == 4 for r in auto["transitions"]) and auto["accepting"]
    assert row["sha256"] == _digest(tmp_path / "r.txt") and row["out"] == "r.txt"
    assert read_automaton(tmp_path / "r.txt").dfa.states == 8
    none = _grundy(tmp_path, "prove", "--learn", "wythoff", "--value", "1", "--length", "12",
                   "--out", "w.txt")  # fmt: skip
    assert none.returncode == 1 and not (tmp_path / "w.txt").exists()


def test_pell_proves_the_sqrt2_beatty_pair(tmp_path: Path) -> None:
    done = _grundy(tmp_path, "prove", "--learn", "a-wythoff:2", "--numeration", "pell",
                   "--length", "10", "--out", "p.txt", "--walnut", "p.walnut")  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert "pell numeration" in done.stdout and "proved (" in done.stdout
    assert read_automaton(tmp_path / "p.txt").numeration.name == "ostrowski-sqrt2"
    commands = (tmp_path / "p.walnut").read_text(encoding="utf-8")
    assert "?msd_ostsqrt2" in commands and "eval absorb" in commands
    # without --numeration the game's own (Pell) is read
    own = _grundy(tmp_path, "prove", "--learn", "a-wythoff:2", "--length", "10")
    assert own.returncode == 0 and "pell numeration" in own.stdout


@pytest.mark.parametrize(
    "argv",
    [
        ["--learn", "wythoff", "--numeration", "roman"],
        ["--learn", "wythoff", "--out", "/no/such/folder/a.txt"],
        ["--learn", "wythoff", "--numeration", "pell", "--length", "25"],
        ["--learn", "r-wythoff", "--length", "24"],  # its table does not fit the memory
        ["--learn", "a-wythoff:2", "--numeration", "pell", "--value", "1", "--length", "8"],
        ["--out", "a.txt"],
        ["--automaticity", "--learn", "wythoff"],
        ["--games", "wythoff"],
        ["--automaticity", "--games", "no-such-game", "--out", "m.json"],
    ],
)
def test_bad_input_is_one_line_and_exit_2(argv: list[str], tmp_path: Path) -> None:
    done = _grundy(tmp_path, "prove", *argv)
    assert done.returncode == 2, (argv, done.stdout, done.stderr)
    assert len(done.stderr.strip().splitlines()) == 1 and "Traceback" not in done.stderr


def test_the_automaticity_map_runs_through_prove(tmp_path: Path) -> None:
    done = _grundy(tmp_path, "prove", "--automaticity", "--games", "blocking-wythoff:2",
                   "--values", "1", "--out", "map.json")  # fmt: skip
    assert done.returncode == 0, done.stderr
    found = json.loads((tmp_path / "map.json").read_text())
    assert found["command"].startswith("grundy prove --automaticity")
    assert found["entries"][0]["result"].startswith("no Grundy values")
    table = _grundy(tmp_path, "prove", "--automaticity", "--markdown", "--out", "map.json")
    assert "| `blocking-wythoff:2` | 1 |" in table.stdout


def test_a_plugin_game_gets_a_window_in_the_map(tmp_path: Path) -> None:
    from proofs_check import automaticity

    (setting,) = automaticity.settings(["a-wythoff:2"], 10.0)
    assert setting.tests < setting.length and window(setting.length) <= discovery.LEARN_ROWS


@pytest.mark.parametrize("module", ["proofs_check.discovery", "proofs_check.automaticity"])
def test_the_old_entry_points_name_the_front_door(module: str, tmp_path: Path) -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "-m", module],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=120,
        env=env,
    )
    assert done.returncode == 2 and "grundy prove --" in done.stderr


def test_accepted_points_are_the_automaton_s() -> None:
    dfa = Theory(Pell()).relation("y = x + x + 1").dfa
    assert discovery.accepted_points(dfa, Pell(), 8) == [(0, 1), (1, 3), (2, 5), (3, 7)]
    assert np.array_equal(
        np.array(discovery.accepted_points(Theory().relation("x = y").dfa, Fibonacci(), 4)),
        np.array([(0, 0), (1, 1), (2, 2), (3, 3)]),
    )


def test_walnut_agrees_on_the_pell_proof_and_its_twin() -> None:
    from grundy.walnut import INSTALL, find_walnut, run_walnut

    if find_walnut() is None:
        pytest.skip(INSTALL)
    outcome = discovery.learn_and_prove("a-wythoff:2", 0, Pell(), 10, 4, 60.0)
    assert outcome.proved and outcome.dfa is not None
    results = run_walnut(discovery.walnut_export(outcome))
    assert all(results.values()) and len(results) == 7  # the guard and the six sentences
    t = Theory(Pell())
    t.add_automaton("S", outcome.dfa, "x y")
    outcome.dfa = t.define("T", "x y", "S(x, y) & ~(x = 4 & y = 10)").dfa  # the twin
    twin = run_walnut(discovery.walnut_export(outcome))
    assert twin.pop("guard_true") is True and not all(twin.values())
