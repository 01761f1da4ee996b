"""The conformance runner must be able to fail: a wrong implementation is caught."""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np
import pytest

from grundy import conformance as c
from grundy.checks.spec_games import spec_table


@pytest.fixture
def demo_question() -> Iterator[str]:
    key = c.register_question("demo-table", "wythoff", "demo", {"size": 6}, replace=True)
    c.register_implementation(key, "spec", "spec", spec_table("wythoff"), replace=True)
    yield key
    c.unregister_question(key)


def test_a_wrong_table_is_reported_with_its_first_difference(demo_question: str) -> None:
    def off_by_one(size: int) -> np.ndarray:
        table = spec_table("wythoff")(size)
        table[4, 2] += 1
        return table

    c.register_implementation(demo_question, "broken", "fast", off_by_one, replace=True)
    rows = c.run_question(c.QUESTIONS[demo_question])
    assert [r.result for r in rows] == ["FAIL"]
    assert rows[0].detail == "first difference at (4, 2): expected 3, got 4"


def test_a_crash_is_an_error_row(demo_question: str) -> None:
    def crash(size: int) -> np.ndarray:
        raise RuntimeError("kernel exploded")

    c.register_implementation(demo_question, "crash", "fast", crash, replace=True)
    rows = c.run_question(c.QUESTIONS[demo_question])
    assert rows[0].result == "error" and "kernel exploded" in rows[0].detail


def test_a_question_without_oracle_is_an_error() -> None:
    key = c.register_question("demo-no-oracle", "wythoff", "demo", {"size": 2}, replace=True)
    try:
        c.register_implementation(key, "lonely", "fast", lambda size: [], replace=True)
        assert c.run_question(c.QUESTIONS[key])[0].result == "error"
    finally:
        c.unregister_question(key)


def test_failing_stand_alone_check_is_reported() -> None:
    check = c.Check("demo", "wythoff", "spec", "-", lambda: c.CheckResult(False, 3, "boom"))
    row = c.run_check(check)
    assert (row.result, row.cases, row.detail) == ("FAIL", 3, "boom")


def test_every_registered_question_has_an_oracle() -> None:
    c.load_checks()
    for question in c.QUESTIONS.values():
        assert any(i.layer == "spec" for i in question.implementations), question.key


def test_layers_are_validated(demo_question: str) -> None:
    with pytest.raises(ValueError, match=r"layer must be spec, reference, fast or published"):
        c.register_implementation(demo_question, "x", "magic", lambda size: [])
