"""Benchmark the decider (issue 36) on Wythoff's P-positions: the sentences and their twins.

Run from the repository root::

    PYTHONPATH=. python benchmarks/bench_decider.py

Reported: each sentence's answer and wall time (a fresh theory, the definitions included in
the first), the whole proof's wall time, its peak Python/numpy memory (tracemalloc), the
number of steps and the largest intermediate automaton; first, apart, the time the compiled
kernels take to compile or to load from numba's cache (once per process). Issue 36's target
for twelve sentences of this kind is Walnut 6.2's wall time on the same sentences (about
11 s, its JVM start included) and at most 2 GB.
"""

from __future__ import annotations

import time
import tracemalloc

from decider import Theory
from decider.automaton import warm_up

DEFINITIONS = {
    "low": ("n a", "E m, s (n = m + 1 & shift(m, s) & a = s + 1)"),
    "P": ("x y", "(x = 0 & y = 0) | E n (low(n, x) & y = x + n) | E n (low(n, y) & x = y + n)"),
    "Q": ("x y", "P(x, y) & ~(x = 3 & y = 5)"),
    "R": ("x y", "P(x, y) | (x = 2 & y = 2)"),
}
ABSORB = (
    "A x, y (~{P}(x, y) => (E u (u < x & {P}(u, y)) | E v (v < y & {P}(x, v))"
    " | E d, u, v (d > 0 & u + d = x & v + d = y & {P}(u, v))))"
)
SENTENCES = {
    "row stability": "~E x, y, u (u < x & P(x, y) & P(u, y))",
    "column stability": "~E x, y, v (v < y & P(x, y) & P(x, v))",
    "diagonal stability": "A d, x, y ~(d > 0 & P(x + d, y + d) & P(x, y))",
    "absorption": ABSORB.format(P="P"),
    "twin: (3, 5) removed": ABSORB.format(P="Q"),
    "twin: (2, 2) added": "A d, x, y ~(d > 0 & R(x + d, y + d) & R(x, y))",
}


def main() -> None:
    compile_s = warm_up()
    print(f"kernels compiled or loaded from numba's cache: {compile_s:.3f} s (apart)")
    tracemalloc.start()
    start = time.perf_counter()
    theory = Theory()
    for name, (args, formula) in DEFINITIONS.items():
        theory.define(name, args, formula)
    print(f"definitions: {time.perf_counter() - start:.3f} s")
    for name, sentence in SENTENCES.items():
        t0 = time.perf_counter()
        answer = theory.decide(sentence)
        cex = "" if answer else f"  least counterexample {theory.counterexample(sentence)}"
        print(f"{name:22s} {answer!s:5s} {time.perf_counter() - t0:7.3f} s{cex}")
    total = time.perf_counter() - start
    _, peak = tracemalloc.get_traced_memory()
    memory = f"peak memory {peak / 2**20:.1f} MiB (tracemalloc)"
    sizes = f"{len(theory.steps)} steps, largest automaton {theory.budget.largest} states"
    print(f"total {total:.3f} s, {memory}, {sizes}")


if __name__ == "__main__":
    main()
