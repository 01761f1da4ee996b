"""The claims of proofs_check/claims_variants.py: they hold, and their false variants do not.

Each claim holds on its quick range; the same claim with every bound tightened
by one (``--tighten 1``) is reported violated, and a check given a deliberately
false description reports the first row where it fails.
"""

from __future__ import annotations

import pytest

from grundy.cli import main
from proofs_check import claims_variants
from proofs_check.catalogue import load_claims, run_claim
from proofs_check.claim import Run

IDS = ["mmf-pass-grundy-1", "kmm-terminal-2-grundy-1", "larsson-blocking-2", "larsson-blocking-3"]


@pytest.mark.parametrize("claim_id", IDS)
def test_holds_on_the_quick_range(claim_id: str) -> None:
    report = run_claim(claim_id, quick=True)
    assert report.status == "holds", report
    assert report.cases > 0 and report.data


@pytest.mark.parametrize("claim_id", IDS)
def test_the_false_variant_is_violated(claim_id: str) -> None:
    report = run_claim(claim_id, quick=True, tighten=1)
    assert report.status == "violated" and report.witness is not None


@pytest.mark.parametrize("claim_id", IDS)
def test_each_claim_cites_its_source(claim_id: str) -> None:
    source = load_claims()[claim_id].source
    assert "arXiv:" in source or "Electron. J. Combin. 18 (2011) P120" in source


def test_the_pass_claim_reports_the_exceptions() -> None:
    report = run_claim("mmf-pass-grundy-1", {"rows": 1000})
    found = next(f for f in report.facts if f.get("observation", "").startswith("exceptions"))
    assert found["B"] == [(1, 3), (2, 5), (6, 7)]
    assert found["A"] == [(0, 1), (2, 2), (3, 6), (5, 7)]
    assert any("MiB" in note for note in report.notes)  # the memory, stated


def test_a_false_description_is_found_out() -> None:
    """The k = 3 description checked against 2-blocking Wythoff fails at its first row."""
    run = Run("false-description", {})
    claims_variants._check_rows(run, 2, 50, lambda x: [0, 1, 2] if x == 0 else [2 * x + 1])
    report = run.report()
    assert report.status == "violated" and report.witness["x"] == 0


def test_listed_with_their_sources(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", "list"]) == 0
    out = capsys.readouterr().out
    for claim_id in IDS:
        assert claim_id in out
