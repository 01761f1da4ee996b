"""The atlas claims: saltus = period (a corollary of Landman's bounds) and periods 3 * 2^j."""

from __future__ import annotations

import pytest

from proofs_check.catalogue import run_claim


def test_both_hold_on_the_atlas() -> None:
    for claim_id in ("atlas-saltus-equals-period", "atlas-period-3-2k"):
        report = run_claim(claim_id)
        assert report.status == "holds", report.witness
        assert report.cases >= 114


def test_a_row_breaking_the_pattern_is_reported(monkeypatch: pytest.MonkeyPatch) -> None:
    fake = {0: (0, 1, 1), 1: (0, 3, 3), 2: (5, 10, 10), 3: (8, 6, 7)}
    monkeypatch.setattr("proofs_check.data.atlas_periods", lambda game: (fake, "fake atlas"))
    period = run_claim("atlas-period-3-2k")
    assert period.status == "violated" and period.witness is not None
    assert period.witness["row"] == 2 and period.witness["period"] == 10
    saltus = run_claim("atlas-saltus-equals-period")
    assert saltus.status == "violated" and saltus.witness is not None
    assert saltus.witness["row"] == 3
