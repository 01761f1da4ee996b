"""proofs_check's exact data providers in the conformance suite.

- ``proofs_check.data.two_pile_table`` answers ``grundy-table:<game>`` for
  Wythoff, F-Wythoff and R-Wythoff (layer reference, exact set DP);
- Algorithm FWSG (``proofs_check.data.fwsg``) is checked against the spec;
- every claim on its quick range (``grundy check all --quick``) runs with
  ``--all`` only.
"""

from __future__ import annotations

import numpy as np

import spec
from grundy.conformance import (
    CheckResult,
    conformance_check,
    register_implementation,
    register_question,
)
from proofs_check import data


def _dp_table(name: str):  # type: ignore[no-untyped-def]
    def answer(size: int) -> np.ndarray:
        return np.array(data.two_pile_table(name, size), dtype=np.int64)

    answer.__name__ = f"two_pile_table_{name}"
    return answer


for _name in data.TWO_PILE:
    if _name in spec.GAMES:
        # idempotent: the same question spec_games.py registers (its spec oracle included)
        _key = register_question(
            "grundy-table", _name, f"G[x, y] of {_name} for 0 <= x, y < size", {"size": 40}
        )
        register_implementation(
            _key,
            "proofs_check.two_pile_table",
            "reference",
            _dp_table(_name),
            replace=True,
        )


@conformance_check(
    name="fwsg-vs-spec",
    game="f-wythoff",
    implementation="proofs_check.data.fwsg",
    domain="j <= 4, a < 24, b < 50",
)
def fwsg_vs_spec() -> CheckResult:
    table = spec.grundy_table(spec.FWythoff(), 24, 50)
    result = data.fwsg(4, 24)
    cases = 0
    for j in range(5):
        expected = [(a, b) for a in range(24) for b in range(a, 50) if table[a][b] == j]
        got = [p for p in result.T[j] if p[1] < 50]
        cases += len(expected)
        if got != expected:
            return CheckResult(False, cases, f"T_{j}: FWSG {got[:6]} vs spec {expected[:6]}")
    return CheckResult(True, cases)


@conformance_check(
    name="claims-quick",
    game="all",
    implementation="proofs_check (grundy check all --quick)",
    domain="quick defaults",
    quick=False,
)
def claims_quick() -> CheckResult:
    from proofs_check.claim import load_claims, run_claim

    reports = [run_claim(cid, quick=True) for cid in load_claims()]
    bad = [f"{r.claim}: {r.status} {r.witness}" for r in reports if r.surprising]
    return CheckResult(not bad, sum(r.cases for r in reports), "; ".join(bad))
