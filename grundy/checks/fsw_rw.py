"""Stand-alone checks of 000 §3: the published Tables 5 and 6, and RW against WSG.

The questions ``nth-gvalue``, ``row-hpoints`` and ``fsw-convergence`` (every
implementation against its oracle) are registered in
:mod:`grundy.registry.sequences`; the checks here pin the published tables
on the implementation the registry resolves.
"""

from __future__ import annotations

from grundy.conformance import CheckResult, conformance_check
from grundy.registry import ask
from reference.published import load_published

# --------------------------------------------------- published Tables 5, 6


def _table6_rows(gmax: int) -> CheckResult:
    data = load_published("nivasch_000_table6")
    bad = []
    points = ask("nth-gvalue", "wythoff", g=gmax, count=1, start=data["n"])
    for g, da, db in data["rows"][: gmax + 1]:
        got = tuple(int(v) for v in points[g][0])
        want = (data["a"] + da, data["b"] + db)
        if got != want:
            bad.append(f"g={g}: got {got}, paper {want}")
    return CheckResult(not bad, gmax + 1, "; ".join(bad))


@conformance_check(
    name="nivasch-000-table6",
    game="wythoff",
    implementation="fast.rw",
    domain="g<=20, n=1e12",
)
def table6_all() -> CheckResult:
    """All 21 rows of 000 Table 6."""
    return _table6_rows(20)


def _table5_rows(gs: list[int], rows: int) -> CheckResult:
    data = {r[0]: (r[1], r[2]) for r in load_published("nivasch_000_table5")["rows"]}
    bad = []
    for g in gs:
        times = ask("fsw-convergence", "wythoff", g=g, r0_start=0, r0_stop=rows + 1)
        got = (int(times.max()), int(times.argmax()))
        if (times < 0).any():
            bad.append(f"g={g}: {(times < 0).sum()} runs beyond the horizon")
        if got != data[g]:
            bad.append(f"g={g}: got {got}, paper {data[g]}")
    return CheckResult(not bad, len(gs), "; ".join(bad))


@conformance_check(
    name="nivasch-000-table5",
    game="wythoff",
    implementation="fast.fsw",
    domain="g<=4, r0<=1e6",
)
def table5_g4() -> CheckResult:
    """000 Table 5 for g = 1..4 over start rows up to 10^6."""
    return _table5_rows([1, 2, 3, 4], 10**6)


@conformance_check(
    name="nth-gvalue-large",
    game="wythoff",
    implementation="fast.rw vs fast.wsg",
    domain="g<=6, n<5000 (sampled)",
    quick=False,
)
def rw_against_wsg() -> CheckResult:
    """fast.rw against WSG on sampled n < 5000 for g <= 6 (recursion exercised)."""
    result = ask("g-points", "wythoff", g=6, rows=8200, using="fast.wsg")
    bad, cases = [], 0
    for n in range(0, 5000, 37):
        got = ask("nth-gvalue", "wythoff", g=6, count=1, start=n, using="fast.rw")
        for g in range(7):
            cases += 1
            if tuple(got[g][0]) != result.T[g][n]:
                bad.append(f"g={g} n={n}")
    return CheckResult(not bad, cases, ", ".join(bad[:5]))

