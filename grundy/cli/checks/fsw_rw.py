"""Stand-alone checks of 000 §3: the published Tables 5 and 6, and RW against WSG.

The questions ``nth-gvalue``, ``row-hpoints`` and ``fsw-convergence`` (every
implementation against its oracle) are registered in
:mod:`registry.sequences`. The published Tables 5 and 6 are compared
with the paper in one place, the experiments ``nivasch-table5`` and
``nivasch-table6``; the checks here run those experiments on a quick range
and report their comparison.
"""

from __future__ import annotations

import functools
from collections.abc import Callable

from grundy.cli.conformance import CheckResult, conformance_check
from grundy.cli.experiments import ExperimentResult, nivasch_table5, nivasch_table6


def _from_experiment(run: Callable[[], ExperimentResult]) -> CheckResult:
    """A check row from the comparison with the paper of the experiment that ``run`` runs."""
    result = run()
    rows = [row for row in result.comparison if row.get("checked", "exact") != "none"]
    bad = [row for row in rows if not row["agrees"]]
    detail = "; ".join(
        f"g={row.get('g')}: ours {row.get('ours')}, paper {row.get('paper')}" for row in bad[:5]
    )
    return CheckResult(bool(result.agrees) and not bad, len(rows), detail)


#: The experiments checked on a quick range: (check name, implementation, domain, run).
EXPERIMENT_CHECKS: tuple[tuple[str, str, str, Callable[[], ExperimentResult]], ...] = (
    # all 21 rows of 000 Table 6
    ("nivasch-000-table6", "experiment nivasch-table6 (fast.rw)", "g<=20, n=1e12",
     lambda: nivasch_table6.run_experiment(20, [10**12])),
    # 000 Table 5 for g = 1..4 over start rows up to 10^6
    ("nivasch-000-table5", "experiment nivasch-table5 (fast.fsw)", "g<=4, r0<=1e6",
     lambda: nivasch_table5.run_experiment(4, 10**6, only=[1, 2, 3, 4])),
)  # fmt: skip
for _name, _implementation, _domain, _run in EXPERIMENT_CHECKS:
    conformance_check(name=_name, game="wythoff", implementation=_implementation, domain=_domain)(
        functools.partial(_from_experiment, _run)
    )


@conformance_check(
    name="nth-gvalue-large",
    game="wythoff",
    implementation="fast.rw vs fast.wsg",
    domain="g<=6, n<5000 (sampled)",
    quick=False,
)
def rw_against_wsg() -> CheckResult:
    """fast.rw against WSG on sampled n < 5000 for g <= 6 (recursion exercised)."""
    compared = nivasch_table6.rw_vs_wsg(6, range(0, 5000, 37))
    bad = [f"n={entry['n']}" for entry in compared if not entry["agrees"]]
    return CheckResult(not bad, 7 * len(compared), ", ".join(bad[:5]))
