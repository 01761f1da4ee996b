"""Benchmark discovery (issue 36, item 3): Wythoff's value-1 automaton learned from data, proved.

Run from the repository root::

    PYTHONPATH=. python benchmarks/bench_learn.py [--no-prove]

Reported: the data's wall time (the registry's ``g-points``, words of at most 31 digits:
0 <= x, y < F_33 = 3524578), the learning's wall time and class counts per prefix length, the
candidate's states, then each sentence of the value-1 theorem and of the pass-game theorem
(answer, wall time, largest automaton) and the peak memory (tracemalloc; numpy buffers
included).  Issue 36's target: the value-1 automaton learned within a minute.
"""

from __future__ import annotations

import sys
import time
import tracemalloc

from decider.learn import learn_points
from proofs_check import discovery
from proofs_check.theorems import report


def main(prove: bool = True) -> None:
    tracemalloc.start()
    start = time.perf_counter()
    pts, source = discovery.points("wythoff", 1, 31)
    data = time.perf_counter() - start
    print(f"data: {len(pts)} pairs from {source} in {data:.1f} s")
    t0 = time.perf_counter()
    learned = learn_points(pts, 31, 12, margin=2)
    print(learned.report)
    both = time.perf_counter() - start
    print(f"learned in {time.perf_counter() - t0:.1f} s (data and learning {both:.1f} s)")
    if learned.dfa is None or not prove:
        return
    for title, proof in (
        ("value 1 of Wythoff", discovery.prove("wythoff", learned.dfa, 1)),
        ("wythoff-pass, the pass available", discovery.prove_pass(learned.dfa)),
    ):
        print(title)
        print("\n".join(report(proof)))
    _, peak = tracemalloc.get_traced_memory()
    print(f"total {time.perf_counter() - start:.1f} s, peak memory {peak / 2**20:.0f} MiB")


if __name__ == "__main__":
    main(prove="--no-prove" not in sys.argv[1:])
