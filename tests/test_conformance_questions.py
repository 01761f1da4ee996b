"""Every conformance row, as a test: ``pytest`` fails when ``grundy conformance`` would.

One test per registered question (for every game conformance asks about)
and per stand-alone check, each run through the public entry points
:func:`grundy.cli.conformance.run_question` and :func:`grundy.cli.conformance.run_check`
on their quick domains. A paper's statement is not restated here: the
claims run in the ``claims-quick`` check (tests/test_statements.py
parametrizes over them one by one).
"""

from __future__ import annotations

import pytest

import registry
from grundy.cli import conformance

conformance.load_checks()

QUESTIONS = [pytest.param(q, id=q.key) for q in registry.all_questions()]
CHECKS = [pytest.param(c, id=f"{c.name} / {c.game}") for c in conformance.CHECKS if c.quick]


@pytest.mark.parametrize("question", QUESTIONS)
def test_question_conforms(question: registry.Question) -> None:  # type: ignore[type-arg]
    rows = conformance.run_question(question)
    failed = [
        f"{r.implementation} on {r.domain}: {r.result} {r.detail}"
        for r in rows
        if r.result != "pass"
    ]
    assert not failed, "; ".join(failed)


@pytest.mark.parametrize("check", CHECKS)
def test_check_passes(check: conformance.Check) -> None:
    row = conformance.run_check(check)
    assert row.result == "pass", row.detail


def test_a_failing_row_fails_the_test() -> None:
    """The test above can fail: a wrong implementation makes its question's rows FAIL."""
    key = registry.register_question("demo-conform", "none", "demo", {"n": 5}, replace=True)
    try:
        registry.register_implementation(key, "spec", "spec", lambda n: list(range(n)))
        registry.register_implementation(key, "wrong", "fast", lambda n: [0] * n)
        with pytest.raises(AssertionError, match="wrong vs spec on n=5: FAIL"):
            test_question_conforms(registry.QUESTIONS[key])
    finally:
        registry.unregister_question(key)
