"""Benchmark ``grundy prove`` against Walnut 6.2 on the same sentences (issue 36).

Run from the repository root (Java 17 and the Walnut jar: ``GRUNDY_WALNUT_JAR``, see
docs/configuration.md; ``.ci/run`` shows how to get them)::

    PYTHONPATH=. python benchmarks/bench_prove_vs_walnut.py [ID ...]

For each theorem (default: Wythoff's P-set, R-Wythoff's P-set, Wythoff's value-1 set and the
pass game; issue 36's "Speed and memory" asks for those in the style of the papers) it
replays the proof with the project's decider (:func:`proofs_check.theorems.replay`, in this
process) and runs the same sentences' Walnut export through Walnut
(:func:`grundy.walnut.run_walnut`, a fresh JVM each, its start included), and prints both
wall times, their ratio, the sentences' answers (they must agree) and the largest
intermediate automaton of ours. Peak memory of ours by tracemalloc. One run, one machine:
the ratio is what it is worth.
"""

from __future__ import annotations

import platform
import sys
import time
import tracemalloc

from decider.walnut import export
from grundy.walnut import INSTALL, find_walnut, run_walnut
from proofs_check.theorems import THEOREMS, replay, theory_of

DEFAULT = ["wythoff-p", "r-wythoff-p", "wythoff-g1", "wythoff-pass-p"]


def main(ids: list[str]) -> int:
    if find_walnut() is None:
        print(INSTALL)
        return 2
    print(f"{platform.machine()}, Python {platform.python_version()}; one run")
    print(f"{'theorem':24} {'sentences':>9} {'ours s':>8} {'walnut s':>9} {'ratio':>6} "
          f"{'largest':>8} {'peak MiB':>9}  agree")  # fmt: skip
    total_ours = total_walnut = 0.0
    for tid in ids:
        theorem = THEOREMS[tid]
        tracemalloc.start()
        start = time.perf_counter()
        proof = replay(theorem)
        ours = time.perf_counter() - start
        peak = tracemalloc.get_traced_memory()[1] / 2**20
        tracemalloc.stop()
        theory, sentences = theory_of(theorem)
        start = time.perf_counter()
        walnut = run_walnut(export(theory, sentences))
        theirs = time.perf_counter() - start
        mine = {r.name: r.true for r in proof.sentences}
        agree = all(walnut.get(name) == truth for name, truth in mine.items())
        largest = max(r.states for r in proof.sentences)
        total_ours, total_walnut = total_ours + ours, total_walnut + theirs
        print(f"{tid:24} {len(mine):>9} {ours:>8.2f} {theirs:>9.2f} {ours / theirs:>6.2f} "
              f"{largest:>8,} {peak:>9.0f}  {agree}")  # fmt: skip
        if not agree:
            print(f"  disagree: ours {mine}, walnut {walnut}")
    print(f"{'all':24} {'':>9} {total_ours:>8.2f} {total_walnut:>9.2f} "
          f"{total_ours / total_walnut:>6.2f}")  # fmt: skip
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:] or DEFAULT))
