"""Benchmark ``grundy prove`` against Walnut 6.2 on the same sentences (issue 36).

Run from the repository root (Java 17 and the Walnut jar: ``GRUNDY_WALNUT_JAR``, see
docs/configuration.md; ``.ci/run`` shows how to get them)::

    PYTHONPATH=. python benchmarks/bench_prove_vs_walnut.py [ID ...]

For each theorem (default: Wythoff's, E-Wythoff's and R-Wythoff's P-sets, Wythoff's value-1 set
and the pass game; issue 36's "Speed and memory" asks for those in the style of the papers) it
decides the theorem's definitions and sentences with the project's decider
(:func:`proofs_check.theorems.theory_of`, then :meth:`decider.Theory.decide`, in this
process), then runs the same sentences' Walnut export through Walnut
(:func:`grundy.walnut.run_walnut`, a fresh JVM each, its start included): the two
interleaved, theorem by theorem, so that a loaded machine weighs on both alike.  Printed:
both wall times, their ratio, the sentences' answers (they must agree), the largest
intermediate automaton of ours, the time of our steps by kind (product, minimisation,
subset construction) and the process's peak resident memory so far.  The kernels' compile
time (or their load from numba's cache, once per process) is measured first and reported
apart.  One run, one machine: the ratio is what it is worth.
"""

from __future__ import annotations

import platform
import resource
import sys
import time
from collections import Counter, defaultdict

from decider.automaton import Step, warm_up
from decider.walnut import export
from grundy.walnut import INSTALL, find_walnut, run_walnut
from proofs_check.theorems import THEOREMS, theory_of

DEFAULT = ["wythoff-p", "e-wythoff-p", "r-wythoff-p", "wythoff-g1", "wythoff-pass-p"]


def by_kind(steps: list[Step]) -> str:
    """``223 product 0.57 s, ...``: the steps' count and time by kind of operation."""
    seconds: dict[str, float] = defaultdict(float)
    count: Counter[str] = Counter()
    for step in steps:
        kind = step.operation.split(" (")[0]
        seconds[kind] += step.seconds
        count[kind] += 1
    return ", ".join(f"{count[k]} {k} {seconds[k]:.2f} s" for k in sorted(count))


def peak_mib() -> float:
    """The process's peak resident memory so far (MiB; Linux counts KiB)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def main(ids: list[str]) -> int:
    if find_walnut() is None:
        print(INSTALL)
        return 2
    print(f"{platform.machine()}, Python {platform.python_version()}; one run")
    compile_s = warm_up()
    print(f"kernels compiled or loaded from numba's cache: {compile_s:.2f} s "
          "(once per process; not in ours below)")  # fmt: skip
    print(f"{'theorem':24} {'sentences':>9} {'ours s':>8} {'walnut s':>9} {'ratio':>6} "
          f"{'largest':>8} {'peak MiB':>9}  agree")  # fmt: skip
    total_ours = total_walnut = 0.0
    largest_all = 0
    for tid in ids:
        start = time.perf_counter()
        theory, sentences = theory_of(THEOREMS[tid])
        mine = {name: theory.decide(text) for name, text in sentences.items()}
        ours = time.perf_counter() - start
        start = time.perf_counter()
        walnut = run_walnut(export(theory, sentences))
        theirs = time.perf_counter() - start
        agree = all(walnut.get(name) == truth for name, truth in mine.items())
        largest = theory.budget.largest
        largest_all = max(largest_all, largest)
        total_ours, total_walnut = total_ours + ours, total_walnut + theirs
        print(f"{tid:24} {len(mine):>9} {ours:>8.2f} {theirs:>9.2f} {ours / theirs:>6.2f} "
              f"{largest:>8,} {peak_mib():>9.0f}  {agree}")  # fmt: skip
        print(f"  steps: {by_kind(theory.steps)}")
        if not agree:
            print(f"  disagree: ours {mine}, walnut {walnut}")
    print(f"{'all':24} {'':>9} {total_ours:>8.2f} {total_walnut:>9.2f} "
          f"{total_ours / total_walnut:>6.2f} {largest_all:>8,} {peak_mib():>9.0f}")  # fmt: skip
    with_compile = total_ours + compile_s
    print(f"{'all, kernels load incl.':24} {'':>9} {with_compile:>8.2f} {total_walnut:>9.2f} "
          f"{with_compile / total_walnut:>6.2f}")  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:] or DEFAULT))
