"""Benchmark ``grundy prove`` against Walnut 6.2 on the same sentences, both warm (issue 44).

Run from the repository root (Java 17 and the Walnut jar: ``GRUNDY_WALNUT_JAR``, see
docs/configuration.md; ``.ci/run`` shows how to get them)::

    PYTHONPATH=. python benchmarks/bench_prove_vs_walnut.py [--repeat 3] [ID ...]

The race of Walnut-Rust's ``benches/``: both engines warm, no process start-up in either
number, the answers checked equal before a time is believed, the largest intermediate
automaton of each reported beside its time. For each theorem (default: every theorem of
``grundy prove --list``, not the twins), interleaved theorem by theorem so that a loaded
machine weighs on both alike:

* ours: the theorem's definitions and sentences decided ``--repeat`` times in this process,
  each time in a fresh theory (:func:`proofs_check.theorems.theory_of`), the kernels compiled
  or loaded first (reported apart); the figure is the fastest pass;
* Walnut: the export run ``--repeat`` times in ONE JVM (:func:`grundy.walnut.run_walnut_warm`);
  the figure is the last pass's time as Walnut reports it (the sum of its "Total computation
  time" lines: the JVM start and the file reading are in no figure), after the earlier passes
  warmed the JIT.

Printed per theorem: both times, ours / Walnut's, the largest automaton of each, the peak
resident memory of this process so far, and whether every answer agreed.
"""

from __future__ import annotations

import datetime
import os
import platform
import resource
import sys
import time

from decider.automaton import warm_up
from decider.walnut import export
from grundy.walnut import INSTALL, find_walnut, run_walnut_warm
from proofs_check.theorems import THEOREMS, theory_of


def peak_mib() -> float:
    """The process's peak resident memory so far (MiB; Linux counts KiB)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def _load() -> str:
    """The 1-, 5- and 15-minute load averages (other jobs share the machine's cores)."""
    return " ".join(f"{x:.1f}" for x in os.getloadavg())


def main(argv: list[str]) -> int:
    repeat = 3
    if argv[:1] == ["--repeat"]:
        repeat, argv = int(argv[1]), argv[2:]
    ids = argv or [tid for tid in THEOREMS if not tid.endswith("-twin")]
    if find_walnut() is None:
        print(INSTALL)
        return 2
    print(f"{datetime.datetime.now(datetime.UTC):%Y-%m-%d %H:%M} UTC, {platform.node()}, "
          f"{platform.machine()}, {os.cpu_count()} CPUs, Python {platform.python_version()}; "
          f"both warm, {repeat} passes; load average {_load()}")  # fmt: skip
    compile_s = warm_up()
    print(f"kernels compiled or loaded from numba's cache: {compile_s:.2f} s "
          "(once per process; not in ours below)")  # fmt: skip
    print(f"{'theorem':28} {'ours s':>8} {'walnut s':>9} {'ratio':>6} {'ours max':>9} "
          f"{'walnut max':>10} {'peak MiB':>9}  agree")  # fmt: skip
    total_ours = total_walnut = 0.0
    slower = []
    for tid in ids:
        passes = []
        for _ in range(repeat):
            start = time.perf_counter()
            theory, sentences = theory_of(THEOREMS[tid])
            mine = {name: theory.decide(text) for name, text in sentences.items()}
            passes.append(time.perf_counter() - start)
        ours = min(passes)
        warm = run_walnut_warm(export(theory, sentences), repeat=repeat)
        theirs = warm.milliseconds[-1] / 1000
        agree = all(warm.results.get(name) == truth for name, truth in mine.items())
        total_ours, total_walnut = total_ours + ours, total_walnut + theirs
        ratio = ours / theirs if theirs else float("inf")
        if ratio > 1:
            slower.append(tid)
        print(f"{tid:28} {ours:>8.3f} {theirs:>9.3f} {ratio:>6.2f} {theory.budget.largest:>9,} "
              f"{warm.largest:>10,} {peak_mib():>9.0f}  {agree}")  # fmt: skip
        if not agree:
            print(f"  disagree: ours {mine}, walnut {warm.results}")
    print(f"{'all':28} {total_ours:>8.3f} {total_walnut:>9.3f} "
          f"{total_ours / total_walnut:>6.2f}")  # fmt: skip
    print(f"slower than warm Walnut: {', '.join(slower) or 'none'}")
    print(f"load average at the end {_load()}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
