"""The automaticity map's one-heap rows (issue 45; proofs_check.automaticity_heaps): a
one-heap game's Grundy sequence learned as a word and proved by the mex recursion."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

import spec
from decider.learn_word import LearnedWord, learn_word
from proofs_check import automaticity, automaticity_heaps
from proofs_check.automaticity import Setting, markdown
from proofs_check.theorems_heaps import changed
from spec.heaps import heap_options

ROOT = Path(__file__).resolve().parents[1]


def _mex_sequence(game: str, terms: int) -> list[int]:
    """``G(0 .. terms - 1)`` by the spec's own followers and the mex (no engine)."""
    subject = spec.get_game(game)
    values: list[int] = []
    for n in range(terms):
        seen = set()
        for option in heap_options(subject, n):
            nim_sum = 0
            for heap in option:
                nim_sum ^= values[heap]
            seen.add(nim_sum)
        values.append(min(set(range(len(seen) + 1)) - seen))
    return values


def test_larsson_fox_is_proved_on_a_small_window() -> None:
    e = automaticity_heaps.heap_entry(Setting("subtraction-set:fib-odd-minus-1", 8, 3))
    assert e["result"] == "proved" and e["states"] == 6 and e["largest"] > 0
    assert e["terms"] == 89  # the words of at most 9 Zeckendorf digits: F(11)
    values = _mex_sequence("subtraction-set:fib-odd-minus-1", e["terms"])
    assert e["g"] == f"{min(values)}..{max(values)}"
    assert e["counts"][0] == 1 and e["counts"] == sorted(e["counts"])


def test_kayles_is_proved_in_base_2_and_not_within_a_fibonacci_window() -> None:
    binary = automaticity_heaps.heap_entry(Setting("octal:0.77", 12, 5, numeration="binary"))
    assert binary["result"] == "proved" and binary["numeration"] == "binary"
    values = _mex_sequence("octal:0.77", 120)  # Kayles's largest value, 8, is G(27)
    assert binary["g"] == f"{min(values)}..{max(values)}"
    fibonacci = automaticity_heaps.heap_entry(Setting("octal:0.77", 8, 3))
    assert fibonacci["result"] == "not automatic within 89 terms"


def test_a_corrupted_word_is_refuted(monkeypatch: pytest.MonkeyPatch) -> None:
    def corrupt(*args: Any) -> LearnedWord:
        learned = learn_word(*args)
        assert learned.word is not None
        learned.word = changed(learned.word, 12, 0)  # G(12) = 1 for Larsson-Fox's game
        return learned

    monkeypatch.setattr("proofs_check.automaticity_heaps.learn_word", corrupt)
    e = automaticity_heaps.heap_entry(Setting("subtraction-set:fib-odd-minus-1", 8, 3))
    assert e["result"] == "refuted" and e["counterexample"] == {"n": 12}


def test_a_word_not_learned_in_a_tiny_window_gets_the_counts() -> None:
    e = automaticity_heaps.heap_entry(Setting("octal:0.07", 6, 2))
    assert e["result"] == f"not automatic within {e['terms']} terms" and "states" not in e
    assert e["terms"] == 34 and e["why"]
    assert e["counts"] == [1, 2, 3, 5, 8]  # every prefix its own class: the Fibonacci numbers


def test_the_map_holds_one_entry_per_heap_game_and_resumes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "map.json"
    settings = [Setting("subtraction-set:fib-odd-minus-1", 8, 3), Setting("octal:0.07", 6, 2)]
    assert automaticity.run(settings, [0, 1], out, 60.0) == 0
    first = json.loads(out.read_text())
    assert [e["game"] for e in first["entries"]] == [s.game for s in settings]
    assert automaticity.run(settings, [0, 1, 2], out, 60.0) == 0  # resumed: nothing new
    assert json.loads(out.read_text()) == first
    table = markdown(first)
    fox = "| `subtraction-set:fib-odd-minus-1` | 0..2 | proved | 6 | 89 terms (fibonacci) |"
    assert fox in table
    assert "| `octal:0.07` |" in table and "not automatic within 34 terms" in table


def test_a_heap_game_outside_the_map_gets_larsson_fox_window() -> None:
    (setting,) = automaticity.settings(["subtraction:1,3,4"], 10.0)
    assert (setting.length, setting.numeration) == (automaticity_heaps.HEAP_LENGTH, "fibonacci")


@pytest.mark.parametrize(("game", "shown"), [("subtraction:0", "subtraction:"),
                                             ("no-such-heap", "no-such-heap")])  # fmt: skip
def test_bad_input_is_one_line_exit_2(tmp_path: Path, game: str, shown: str) -> None:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    done = subprocess.run(
        [sys.executable, "-m", "grundy", "prove", "--automaticity", "--games", game,
         "--out", str(tmp_path / "m.json")],
        cwd=tmp_path, env=env, capture_output=True, text=True, check=False, timeout=300,
    )  # fmt: skip
    assert done.returncode == 2
    assert len(done.stderr.strip().splitlines()) == 1 and shown in done.stderr
    assert not (tmp_path / "m.json").exists()


def test_the_shipped_heap_rows_agree_with_larsson_fox() -> None:
    from proofs_check.theorems_heaps import HEAP_THEOREMS, stored_word

    found = json.loads(automaticity.MAP.read_text())
    rows = {e["game"]: e for e in found["entries"] if e.get("shape") == "one heap"}
    assert set(rows) == {
        s.game for s in automaticity.GAMES if automaticity_heaps.is_heap_setting(s.game)
    }
    fox = rows["subtraction-set:fib-odd-minus-1"]
    assert fox["result"] == "proved"
    assert fox["states"] == stored_word(HEAP_THEOREMS["larsson-fox"]).delta.shape[0]
    assert all(e["machine"] and e["when"] and e["counts"] for e in rows.values())
