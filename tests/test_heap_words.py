"""One-heap Grundy sequences as words: the learner, the mex sentences both ways, Larsson-Fox,
and the one-line refusals (issue 45; proofs_check.heap_words, proofs_check.theorems_heaps)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import numpy as np
import pytest

import spec
from decider import DeciderError, Dfa
from decider.binary import Binary
from decider.dfao import Dfao
from decider.learn_word import learn_word
from decider.numeration import Fibonacci
from proofs_check.heap_words import heap_rule, heap_sentences, heap_theory
from proofs_check.theorems import THEOREMS, replay
from proofs_check.theorems_heaps import HEAP_THEOREMS, changed, replay_heap, stored_word


def _least_failure(game: spec.HeapGame, word: Dfao, terms: int) -> int | None:
    """Brute force: the least n < terms where W[n] is not the mex of W over n's options
    (an option of several heaps: the XOR of their letters)."""
    letters = [word.at(n) for n in range(terms)]
    for n in range(terms):
        seen = set()
        for option in game.options(n):
            total = 0
            for h in option:
                total ^= letters[h]
            seen.add(total)
        mex = 0
        while mex in seen:
            mex += 1
        if mex != letters[n]:
            return n
    return None


def _prove(game: spec.HeapGame, word: Dfao) -> tuple[bool, int | None]:
    """All sentences true, or the least counterexample over the false ones."""
    theory = heap_theory(heap_rule(game, word.numeration), word)
    least = None
    for text in heap_sentences(np.asarray(word.outputs).tolist()).values():
        if not theory.decide(text):
            n = theory.counterexample(text)["n"]  # type: ignore[index]
            least = n if least is None else min(least, n)
    return least is None, least


@pytest.mark.parametrize(
    ("name", "numeration", "length"),
    [
        ("subtraction:1,3,4", Binary(), 9),
        ("subtraction-set:fib-odd-minus-1", Fibonacci(), 12),
        ("octal:0.34", Binary(), 10),
    ],
)
def test_learned_word_proved_and_corrupted_word_refuted(name, numeration, length):
    game = spec.get_game(name)
    values = spec.nim_sequence(game, 1100)
    learned = learn_word(values, numeration, length=length, tests=4)
    assert learned.word is not None, learned.report()
    word = learned.word
    assert [word.at(n) for n in range(300)] == values[:300]
    assert _prove(game, word) == (True, None)
    for n0 in (7, 23):
        wrong = (values[n0] + 1) % (max(values[:300]) + 1)
        bad = changed(word, n0, wrong)
        proved, least = _prove(game, bad)
        assert not proved
        assert least == _least_failure(game, bad, 300) == n0


def test_larsson_fox_set_and_word_match_the_engine():
    game = spec.get_game("subtraction-set:fib-odd-minus-1")
    elements = set(game.elements(10**5))
    assert sorted(elements)[:5] == [1, 4, 12, 33, 88]
    fib = Fibonacci()
    rule = heap_rule(game, fib)
    sub = fib.restrict(rule.predicates[0][1])
    for s in range(3000):  # the automaton is the set, checked on every s < 3000
        assert sub.accepts([[d] for d in fib.word(s)]) == (s in elements)
    word = stored_word(HEAP_THEOREMS["larsson-fox"])
    assert [word.at(n) for n in range(3000)] == spec.nim_sequence(game, 3000)


def test_larsson_fox_theorem_and_twin():
    proof = replay(THEOREMS["larsson-fox"])
    assert proof.status == "proved"
    twin = replay(THEOREMS["larsson-fox-twin"])
    assert twin.status == "refuted"
    n0 = twin.failed.counterexample["n"]
    game = spec.get_game("subtraction-set:fib-odd-minus-1")
    assert n0 == 12 and spec.nim_sequence(game, 13)[n0] != 0  # the twin says W[12] = 0


def test_split_refused_outside_base_2():
    with pytest.raises(DeciderError, match="needs xor"):
        heap_rule(spec.get_game("octal:0.07"), Fibonacci())


def _cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    from grundy.cli import main

    code = main(["prove", *argv])
    err = capsys.readouterr().err.strip()
    return code, err


@pytest.mark.parametrize(
    ("change", "message"),
    [({"alphabet": (0, 1)}, "outside the alphabet"), ({"numeration": "binary"}, "a word over")],
)
def test_bad_stored_word_is_one_line(monkeypatch, capsys, change, message):
    bad = replace(HEAP_THEOREMS["larsson-fox"], id="bad-word", **change)
    monkeypatch.setitem(THEOREMS, "bad-word", bad)
    code, err = _cli(capsys, "bad-word")
    assert code == 2 and message in err and len(err.splitlines()) == 1


def test_predicate_not_closed_under_leading_zeros():
    class Odd(spec.HeapGame):  # S = the words "1" (no leading zero allowed): not a set of numbers
        subtraction_automaton = ("fibonacci", ((1, 2), (2, 2), (2, 2)), (False, False, True))

    game = Odd()
    fib = Fibonacci()
    word = Dfao(np.array([[0, 1], [0, 1]]), np.array([0, 1]), fib)
    with pytest.raises(DeciderError, match="not closed under leading zeros"):
        heap_theory(heap_rule(game, fib), word)
    game.subtraction_automaton = ("binary", ((0, 0),), (True,))  # type: ignore[assignment]
    with pytest.raises(DeciderError, match="reads binary words"):
        heap_rule(game, fib)


def test_subtraction_set_holding_zero_refused():
    class Zero(spec.HeapGame):
        subtraction_automaton = ("fibonacci", ((0, 0),), (True,))

    fib = Fibonacci()
    word = Dfao(np.array([[0, 0]]), np.array([0]), fib)
    with pytest.raises(DeciderError, match="holds 0"):
        heap_theory(heap_rule(Zero(), fib), word)
    assert isinstance(heap_rule(Zero(), fib).predicates[0][1], Dfa)


def test_unknown_set_is_one_line(capsys):
    from grundy.cli import main

    assert main(["value", "subtraction-set:fib", "3"]) == 2
    assert "unknown set" in capsys.readouterr().err


def test_list_json_has_numeration(capsys):
    import json

    from grundy.cli import main

    assert main(["prove", "--list", "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    by_id = {r["id"]: r for r in rows}
    assert by_id["wythoff-p"]["numeration"] == "fibonacci"
    assert by_id["larsson-fox"]["numeration"] == "fibonacci"
    hex_row = by_id["hex-0-2048-ruler"]
    assert (hex_row["game"], hex_row["numeration"], hex_row["kind"]) == (
        "hex:0.2048",
        "binary",
        "proved",
    )
    assert by_id["hex-0-2048-ruler-twin"]["kind"] == "refuted"


def test_ruler_regularity_of_hex_0_2048_matches_the_engine():
    from proofs_check.theorems_heaps import RULER_0_2048, ruler_mismatches

    assert ruler_mismatches(1200) == []
    name, args, formula = RULER_0_2048[-1]
    wrong = formula.replace("+ y + 2 = f", "+ y + 3 = f")
    assert wrong != formula
    assert ruler_mismatches(1200, (*RULER_0_2048[:-1], (name, args, wrong)))[0] == 54


def test_points_and_walnut_of_a_word_theorem(capsys, tmp_path):
    code, _ = _cli(capsys, "larsson-fox", "--points", "5")
    assert code == 0
    code, _ = _cli(capsys, "larsson-fox", "--walnut", str(tmp_path / "lf.txt"))
    text = (tmp_path / "lf.txt").read_text()
    assert code == 0 and "eval no_0" in text and "msd_fib" in text
    assert (tmp_path / "Automata Library" / "w2.txt").exists()


def test_hex_0_2048_ruler_theorem_and_twin() -> None:
    proof = replay(THEOREMS["hex-0-2048-ruler"])
    assert proof.status == "proved"
    assert [s.name for s in proof.sentences] == ["total", "function", "no_own", "no_three_4", "mex"]
    twin = replay(THEOREMS["hex-0-2048-ruler-twin"])  # says G(54) = 17
    assert twin.status == "refuted" and twin.failed is not None
    n0 = (twin.failed.counterexample or {})["n"]
    assert n0 == 54 and spec.nim_sequence(spec.get_game("hex:0.2048"), 55)[n0] == 6


def test_hex_three_heap_move_is_checked_apart() -> None:
    """G(12) = 2, and the value 1 is reached from 12 by three-heap moves only: a graph saying
    G(12) = 1 fails no_three_4 at n = 12 (and no_own, the other moves, not there)."""
    game = spec.get_game("hex:0.2048")
    assert isinstance(game, spec.HeapGame)
    values = spec.nim_sequence(game, 13)
    two_or_less = {_xor(values, option) for option in game.options(12) if len(option) <= 2}
    three = {_xor(values, option) for option in game.options(12) if len(option) == 3}
    assert values[12] == 2 and 1 in three and 1 not in two_or_less
    bad = replace(HEAP_THEOREMS["hex-0-2048-ruler"], id="bad", changed=(12, 1))
    proof = replay_heap(bad)
    failed = {s.name: s.counterexample or {} for s in proof.sentences if not s.true}
    assert failed["no_three_4"]["n"] == 12
    assert "no_own" not in failed or failed["no_own"]["n"] > 12


def _xor(values: list[int], option: tuple[int, ...]) -> int:
    total = 0
    for h in option:
        total ^= values[h]
    return total


def test_points_of_the_hex_graph_theorem(capsys: pytest.CaptureFixture[str]) -> None:
    from grundy.cli import main

    assert main(["prove", "hex-0-2048-ruler", "--points", "60"]) == 0
    lines = capsys.readouterr().out.split("\n")
    pairs = [tuple(int(x) for x in line.split()) for line in lines if line.strip()]
    assert pairs == list(enumerate(spec.nim_sequence(spec.get_game("hex:0.2048"), 60)))


def test_the_shipped_hex_graph_is_its_formula_and_a_wrong_one_is_refused(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from decider.automaton import equivalent
    from decider.io import read_automaton
    from proofs_check import theorems_heaps

    theorem = HEAP_THEOREMS["hex-0-2048-ruler"]
    shipped = read_automaton(theorems_heaps.AUTOMATA / theorem.word_file)
    assert shipped.meta["statement"] == "hex-0-2048-ruler" and shipped.names == ("n", "v")
    assert equivalent(shipped.dfa, theorems_heaps.graph_automaton(theorem))
    name, args, formula = theorem.graph[-1]
    wrong = replace(theorem, graph=(*theorem.graph[:-1], (name, args, formula.replace(
        "+ y + 2 = f", "+ y + 3 = f"))))  # fmt: skip
    monkeypatch.setattr(theorems_heaps, "AUTOMATA", tmp_path)
    theorems_heaps.store_graph(wrong)  # a file of another formula, in the theorem's place
    code, err = _cli(capsys, "hex-0-2048-ruler")
    assert code == 2 and "not the automaton of the theorem's formula" in err
    assert len(err.splitlines()) == 1


def test_a_witness_heap_of_0_is_refused(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    bad = replace(HEAP_THEOREMS["hex-0-2048-ruler"], id="bad-witness", witnesses=(0, 1))
    monkeypatch.setitem(THEOREMS, "bad-witness", bad)
    code, err = _cli(capsys, "bad-witness")
    assert code == 2 and "a fixed first heap must be >= 1" in err and len(err.splitlines()) == 1
