"""Observations over the certified atlas of Wythoff row periods (registry/atlas/).

Every row's (preperiod, period, saltus) in the atlas is certified (the
strip's window certificate, docs/strip.md; the first 115 rows also by
Landman's machine). Two statements about them:

- **saltus = period** is a theorem: Landman's bounds (004 Lemmas 1, 2; the
  strip's B1, B2) keep G(k, y) - y within [-2k, k], so an additive period p
  with saltus s makes G(k, y + n p) - (y + n p) = G(k, y) - y + n (s - p)
  bounded for all n only if s = p. The claim checks it on every atlas row.
- **every period of a row >= 1 is 3 * 2^j** is an observation no source
  states (the project found it in its atlas): checked on every atlas row, it
  is *observed, not proved*; the report says so.
"""

from __future__ import annotations

from proofs_check import data
from proofs_check.claim import Param, Run, claim

BASE = Param("base", 3, 3, 1, 10**6, "the odd part claimed for every period (3: 3 * 2^j)")


def _atlas(run: Run) -> dict[int, tuple[int, int, int]]:
    table, name = data.atlas_periods("wythoff")
    run.used(name)
    if not table:
        run.inconclusive("the atlas holds no Wythoff rows")
    return table


@claim(
    "atlas-saltus-equals-period",
    source="004 Lemmas 1, 2 (G - y bounded in each row), over the certified atlas",
    kind="corollary",
    statement="In every row of Wythoff's game the saltus of the additive period equals the period.",
    formula="s = p for every row (G(k, y + p) = G(k, y) + s, y >= preperiod)",
    params=(),
    family="atlas",
)
def atlas_saltus_equals_period(run: Run) -> None:
    table = _atlas(run)
    for row, (_, period, saltus) in sorted(table.items()):
        run.bound("saltus - period >= 0", saltus - period, row=row, period=period, saltus=saltus)
        run.bound("period - saltus >= 0", period - saltus, row=row, period=period, saltus=saltus)
    run.note(
        "proved for every row: -2k <= G(k, y) - y <= k (004 Lemmas 1, 2) forces s = p; "
        f"checked on the {len(table)} certified atlas rows"
    )


@claim(
    "atlas-period-3-2k",
    source="004 §3 (periodicity); the atlas of certified periods (observed here, no source)",
    kind="conjecture",
    statement="Every row k >= 1 of Wythoff's game has a period of the form 3 * 2^j "
    "(observed on the certified atlas, not proved).",
    formula="period(k) = base * 2^j, base = 3, for every k >= 1",
    params=(BASE,),
    family="atlas",
)
def atlas_period_3_2k(run: Run, base: int) -> None:
    table = _atlas(run)
    seen: dict[int, int] = {}
    for row, (_, period, _) in sorted(table.items()):
        if row == 0:
            continue
        odd, j = period, 0
        while odd % 2 == 0:
            odd, j = odd // 2, j + 1
        if run.fact(f"period = {base} * 2^j", odd == base and period == base * 2**j,
                    row=row, period=period):  # fmt: skip
            seen[j] = seen.get(j, 0) + 1
    rows = [r for r in table if r >= 1]
    if rows:
        run.observe("rows per period", **{f"{base}*2^{j}": n for j, n in sorted(seen.items())})
        run.note(
            f"observed on the {len(rows)} certified rows 1..{max(rows)} of the atlas, not proved: "
            "a row beyond the atlas may break it"
        )
