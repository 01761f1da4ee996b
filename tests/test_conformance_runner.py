"""The conformance runner must be able to fail: a wrong implementation is caught."""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np
import pytest

import registry
import spec
from grundy import conformance as c
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
