"""The conformance runner must be able to fail: a wrong implementation is caught."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest

import registry
import spec
from grundy.cli import conformance as c
from registry.tables import spec_table


@pytest.fixture
def demo_question() -> Iterator[str]:
    key = registry.register_question("demo-table", "wythoff", "demo", {"size": 6}, replace=True)
    registry.register_implementation(key, "spec", "spec", spec_table(spec.Wythoff()), replace=True)
    yield key
    registry.unregister_question(key)


def test_a_wrong_table_is_reported_with_its_first_difference(demo_question: str) -> None:
    def off_by_one(size: int) -> np.ndarray:
        table = spec_table(spec.Wythoff())(size)
        table[4, 2] += 1
        return table

    registry.register_implementation(demo_question, "broken", "fast", off_by_one, replace=True)
    rows = c.run_question(c.QUESTIONS[demo_question])
    assert [r.result for r in rows] == ["FAIL"]
    assert rows[0].detail == "first difference at (4, 2): expected 3, got 4"


def test_a_crash_is_an_error_row(demo_question: str) -> None:
    def crash(size: int) -> np.ndarray:
        raise RuntimeError("kernel exploded")

    registry.register_implementation(demo_question, "crash", "fast", crash, replace=True)
    rows = c.run_question(c.QUESTIONS[demo_question])
    assert rows[0].result == "error" and "kernel exploded" in rows[0].detail


def test_a_question_without_oracle_is_an_error() -> None:
    key = registry.register_question("demo-no-oracle", "wythoff", "demo", {"size": 2}, replace=True)
    try:
        registry.register_implementation(key, "lonely", "fast", lambda size: [], replace=True)
        assert c.run_question(c.QUESTIONS[key])[0].result == "error"
    finally:
        registry.unregister_question(key)


def test_failing_stand_alone_check_is_reported() -> None:
    check = c.Check("demo", "wythoff", "spec", "-", lambda: c.CheckResult(False, 3, "boom"))
    row = c.run_check(check)
    assert (row.result, row.cases, row.detail) == ("FAIL", 3, "boom")


def test_every_registered_question_has_an_oracle() -> None:
    for question in registry.all_questions():
        assert question.oracle() is not None, question.key


def test_an_oracle_that_declines_is_replaced_by_the_reference() -> None:
    key = registry.register_question("demo-judge", "wythoff", "demo", {"n": 500}, replace=True)
    try:
        registry.register_implementation(
            key, "spec", "spec", lambda n: list(range(n)), covers=lambda n: "too big"
        )
        registry.register_implementation(key, "ref", "reference", lambda n: list(range(n)))
        registry.register_implementation(key, "fast", "fast", lambda n: list(range(n)))
        rows = c.run_question(c.QUESTIONS[key])
        assert [(r.implementation, r.result) for r in rows] == [("fast vs ref", "pass")]
    finally:
        registry.unregister_question(key)


def test_layers_are_validated(demo_question: str) -> None:
    with pytest.raises(ValueError, match=r"layer must be one of fast, reference, spec, published"):
        registry.register_implementation(demo_question, "x", "magic", lambda size: [])


def _picked(only: str) -> tuple[set[str], set[str]]:
    """(question games, check games) that ``--only ONLY`` runs."""
    c.load_checks()
    questions = list(registry.all_questions())
    selected = c._selector(only, questions)
    games = {q.game for q in questions if selected(q.game, (q.id,))}
    checks = {k.game for k in c.CHECKS if selected(k.game, (k.name, k.implementation))}
    return games, checks


def test_only_a_game_selects_that_games_checks() -> None:
    """Issue 38 item 6: ``--only wythoff`` runs Wythoff's checks, not every game whose name
    holds the word (f-wythoff, a-wythoff:2, wythoff-pass:2, ...)."""
    games, checks = _picked("wythoff")
    assert games == {"wythoff"} and checks <= {"wythoff"} and checks
    assert _picked("f-wythoff")[0] == {"f-wythoff"}
    assert _picked("a-wythoff:2")[0] == {"a-wythoff:2"}


def test_only_a_question_or_implementation_selects_exactly() -> None:
    games, _ = _picked("grundy-table")
    assert len(games) > 3  # the question of every game that has it
    c.load_checks()
    questions = list(registry.all_questions())
    selected = c._selector("fast.wsg", questions)
    picked = [
        q for q in questions if selected(q.game, (q.id, *(i.name for i in q.implementations)))
    ]
    assert picked and all(any(i.name == "fast.wsg" for i in q.implementations) for q in picked)


@pytest.mark.parametrize(
    ("only", "hint"),
    [("wythof", "did you mean 'wythoff'"), ("a-wythoff:0", "did you mean 'a-wythoff:"),
     ("wythoff-pass", "the game wythoff-pass has no check")],
)  # fmt: skip
def test_only_a_typo_is_one_line_with_a_suggestion(only: str, hint: str) -> None:
    with pytest.raises(ValueError, match="--only") as error:
        _picked(only)
    assert hint in str(error.value) and "\n" not in str(error.value)


@pytest.mark.parametrize("as_json", [False, True])
def test_an_interrupted_run_keeps_the_rows_it_checked(
    as_json: bool, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 48: each row is printed as it finishes; Ctrl-C after two rows keeps them (and
    their summary, or JSON marked interrupted), then exits 130."""
    from grundy.cli import main

    def two_rows_then_ctrl_c(*, on_row: Any = None, **_: Any) -> list[c.Row]:
        for name in ("first-check", "second-check"):
            row = c.Row(name, "wythoff", "fast vs spec", "size=3", "pass", 0.01, 9, "")
            if on_row is not None:
                on_row(row)
        raise KeyboardInterrupt

    monkeypatch.setattr(c, "run_all", two_rows_then_ctrl_c)
    assert main(["conformance", *(["--json"] if as_json else [])]) == 130
    captured = capsys.readouterr()
    assert captured.err.strip().splitlines()[-1] == "grundy: interrupted", captured.err
    if as_json:
        data = json.loads(captured.out)
        assert data["interrupted"] is True and len(data["rows"]) == 2, data
    else:
        assert "first-check / wythoff" in captured.out and "second-check" in captured.out
        assert "2 passed, 0 failed" in captured.out and "interrupted" in captured.out
