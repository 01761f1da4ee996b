"""Benchmark ``grundy prove`` against Walnut 6.2 on the same sentences, both warm (issue 44).

Run from the repository root (Java 17 and the Walnut jar: ``GRUNDY_WALNUT_JAR``, see
docs/configuration.md; ``.ci/run`` shows how to get them)::

    PYTHONPATH=. python benchmarks/bench_prove_vs_walnut.py [--repeat 3] [ID ...]
    PYTHONPATH=. python benchmarks/bench_prove_vs_walnut.py --blow-up

``--blow-up``: the determinisation strategies of the ∃ step on :func:`blow_up` (no Walnut):
the subset construction's largest automaton and time, Brzozowski's, and the choice of
:func:`decider.automaton.exists` (:data:`decider.automaton.BRZOZOWSKI_RATIO`).

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
import gc
import os
import platform
import resource
import sys
import time
from collections.abc import Callable

import numpy as np

from decider.automaton import Dfa, warm_up
from decider.walnut import export
from grundy.walnut import INSTALL, find_walnut, run_walnut_warm
from proofs_check.theorems import THEOREMS, theory_of


def peak_mib() -> float:
    """The process's peak resident memory so far (MiB; Linux counts KiB)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def blow_up(n: int) -> Dfa:
    """The blow-up fixture ``pick(x, y)`` in base 2 (tapes x, y, read msd first, ``n >= 1``):
    ``y = 2^(n-1)`` with x's digit 1 where y has its 1, or ``y = 5 * 2^(n-1)`` with x's
    digit 0 where y has its lower 1.  ``E y pick(x, y)`` holds for every x (x's digit n-1
    is 1 or 0): a 1-state automaton.  But the subset construction of the erased y meets
    about ``2^n`` subsets (where y's marks began, with x's digits since: the classic "n-th
    digit from the end" blow-up), while both determinisations of Brzozowski's construction
    have about ``n`` states.  ``pick`` itself has about ``n`` states.
    """

    def step(state: tuple[int, int], x: int, y: int) -> tuple[int, int]:
        a, b = state  # a: zeros since A's mark (-1: none); b: B's phase (-1: none)
        if a == -2:  # before any mark (y's leading zeros)
            return (-2, -2) if y == 0 else (0 if x == 1 else -1, 0)
        a = a + 1 if a >= 0 and y == 0 and a < n - 1 else -1
        if b == 0:  # B's upper mark read: a 0 of y next
            b = 1 if y == 0 else -1
        elif b == 1:  # then B's lower mark, x's digit 0
            b = 2 if y == 1 and x == 0 else -1
        else:  # zeros after B's lower mark
            b = b + 1 if b >= 2 and y == 0 and b < n + 1 else -1
        return a, b

    number = {(-2, -2): 0}
    order = [(-2, -2)]
    rows = []
    for state in order:  # grows while read: breadth-first
        row = []
        for letter in range(4):  # letter = x + 2y
            nxt = step(state, letter % 2, letter // 2)
            if nxt not in number:
                number[nxt] = len(order)
                order.append(nxt)
            row.append(number[nxt])
        rows.append(row)
    accept = [s[0] == n - 1 or s[1] == n + 1 for s in order]
    return Dfa(2, 2, np.array(rows, dtype=np.int64), np.array(accept))


def _load() -> str:
    """The 1-, 5- and 15-minute load averages (other jobs share the machine's cores)."""
    return " ".join(f"{x:.1f}" for x in os.getloadavg())


def blow_up_table(sizes: tuple[int, ...] = (8, 10, 12, 14, 16, 18)) -> None:
    """The ∃ step of :func:`blow_up` three ways: the subset construction to its end, Brzozowski's
    construction, and :func:`decider.automaton.exists` as it chooses (its largest automaton,
    its time: the best of 3)."""
    import decider.automaton as automaton

    def best(run: Callable[[automaton.Budget], object]) -> tuple[int, float]:
        times, largest = [], 0
        for _ in range(3):
            budget = automaton.Budget()
            start = time.perf_counter()
            run(budget)
            times.append(time.perf_counter() - start)
            largest = budget.largest
        return largest, min(times)

    def subsets_only(a: Dfa, budget: automaton.Budget) -> object:
        ratio, automaton.BRZOZOWSKI_RATIO = automaton.BRZOZOWSKI_RATIO, 2**62
        try:
            return automaton.exists(a, 1, budget)
        finally:
            automaton.BRZOZOWSKI_RATIO = ratio

    print(f"blow-up fixture E y pick(x, y) (base 2; BRZOZOWSKI_RATIO {automaton.BRZOZOWSKI_RATIO}, "
          f"floor {automaton.BRZOZOWSKI_FLOOR})")  # fmt: skip
    print(f"{'n':>3} {'pick':>5} {'subsets':>9} {'s':>8} {'Brzozowski':>10} {'s':>8} "
          f"{'exists':>7} {'s':>8} {'result':>6}")  # fmt: skip
    for n in sizes:
        a = blow_up(n)
        plain = best(lambda b: subsets_only(a, b))  # noqa: B023
        brz = best(lambda b: automaton.brzozowski(a, 1, b))  # noqa: B023
        auto = best(lambda b: automaton.exists(a, 1, b))  # noqa: B023
        result = automaton.exists(a, 1)
        print(f"{n:>3} {a.states:>5} {plain[0]:>9,} {plain[1]:>8.4f} {brz[0]:>10,} {brz[1]:>8.4f} "
              f"{auto[0]:>7,} {auto[1]:>8.4f} {result.states:>6}")  # fmt: skip


def main(argv: list[str]) -> int:
    repeat = 3
    if argv[:1] == ["--blow-up"]:
        warm_up()
        blow_up_table()
        return 0
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
            gc.collect()  # the earlier theorems' garbage is not this pass's (outside the time)
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
