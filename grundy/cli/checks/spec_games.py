"""The spec against the published examples and structural facts of the seeds.

The question ``grundy-table`` (spec oracle, fast tables, the published
tables on their printed range) is registered in :mod:`registry.tables`;
the checks here are the seeds' examples and structural facts that no claim
states (a paper's theorem lives once, as a claim of :mod:`proofs_check`,
which conformance runs in its ``claims-quick`` row).
"""

from __future__ import annotations

import functools

import numpy as np

import spec
from grundy.cli.conformance import CheckResult, conformance_check
from reference.published import load_published
from registry import ask
from registry.tables import TABLE_SIZE


@conformance_check(
    name="figure-1 (002)",
    game="fibonacci-nim",
    implementation="spec vs published 002",
    domain="0 <= r <= n <= 20",
)
def fibonacci_figure_1() -> CheckResult:
    rows = load_published("fibonacci_nim_002_figure1")["rows"]
    game = spec.FibonacciNim()
    cases = 0
    for n, row in enumerate(rows):
        for r, printed in enumerate(row):
            cases += 1
            value = spec.grundy(game, (n, r))
            if value != printed:
                return CheckResult(False, cases, f"G({n}, {r}) = {value}, printed {printed}")
    return CheckResult(True, cases)


def _lines_hold_values_once(table: np.ndarray, diagonals: bool) -> str | None:
    n = len(table)
    lines: list[tuple[str, np.ndarray]] = [(f"row {x}", table[x]) for x in range(n)]
    lines += [(f"column {y}", table[:, y]) for y in range(n)]
    if diagonals:
        lines += [(f"diagonal {e}", np.diagonal(table, e)) for e in range(-n + 1, n)]
    for label, line in lines:
        values, counts = np.unique(line, return_counts=True)
        if (counts > 1).any():
            return f"{label} holds {int(values[counts > 1][0])} more than once"
    return None


@conformance_check(
    name="each value at most once per row/column/diagonal",
    game="wythoff",
    implementation="spec",
    domain=f"0 <= x, y < {TABLE_SIZE}",
)
def wythoff_lines_unique() -> CheckResult:
    table = ask("grundy-table", "wythoff", size=TABLE_SIZE, using="spec")
    detail = _lines_hold_values_once(table, diagonals=True)
    return CheckResult(detail is None, TABLE_SIZE**2, detail or "")


def _ho_claim(claim_id: str) -> CheckResult:
    """Ho's P-positions: the statement's one home is its claim (proofs_check.claims_jiao)."""
    from proofs_check.catalogue import run_claim

    report = run_claim(claim_id, {"size": 120})
    return CheckResult(
        report.status == "holds",
        report.cases,
        "" if report.status == "holds" else f"{report.status} {report.witness}",
    )


#: Ho's P-positions of the two Wythoff variants: (check name, game, claim), each run by
#: :func:`_ho_claim` on ``0 <= x, y < 120``.
HO_CLAIMS = (
    ("P-positions = Wythoff's (Ho)", "r-wythoff", "ho-r-wythoff-p"),
    ("P-positions = (0,0) and Wythoff's + (1,1) (Ho)", "f-wythoff", "ho-f-wythoff-p"),
)
for _name, _game, _claim in HO_CLAIMS:
    conformance_check(
        name=_name,
        game=_game,
        implementation=f"claim {_claim} (the registry's table vs reference.beatty)",
        domain="0 <= x, y < 120",
    )(functools.partial(_ho_claim, _claim))


@conformance_check(
    name="4-values example (003)",
    game="wythoff",
    implementation="spec",
    domain="rows 0..8",
)
def four_values() -> CheckResult:
    expected = [(0, 4), (1, 3), (2, 5), (6, 7), (8, 8)]
    table = ask("grundy-table", "wythoff", size=20, using="spec")
    found = [(int(x), int(y)) for x, y in np.argwhere(table == 4) if x <= y and x <= 8]
    return CheckResult(
        found == expected, len(expected), "" if found == expected else f"found {found}"
    )
