"""The claims in the conformance report: every claim on its quick range.

A row fails when a claim that should hold is violated, or when a known
counterexample (a published statement that fails) disappears.
"""

from __future__ import annotations

from grundy.cli.conformance import CheckResult, conformance_check


@conformance_check(
    name="claims-quick",
    game="all",
    implementation="proofs_check (grundy check all --quick)",
    domain="quick defaults",
    quick=True,
)
def claims_quick() -> CheckResult:
    from proofs_check.catalogue import load_claims, run_claim

    reports = [run_claim(cid, quick=True) for cid in load_claims()]
    bad = [f"{r.claim}: {r.status} {r.witness}" for r in reports if r.surprising]
    return CheckResult(not bad, sum(r.cases for r in reports), "; ".join(bad))
