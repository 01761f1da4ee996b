"""Benchmark: fast.fsw / fast.rw against reference.fsw / reference.rw, one run.

Prints the compile (or cache-load) time separately, then for each workload
the reference time, the fast time and their ratio, then the time of all 21
rows of 000 Table 6 (the paper's C++ needed 20 s) and of the Table 5
experiment for g = 10 on ``--rows`` start rows (paper: 10^6).

    PYTHONPATH=. python benchmarks/bench_fsw_rw.py            # small
    PYTHONPATH=. python benchmarks/bench_fsw_rw.py --rows 1000000
"""

from __future__ import annotations

import argparse
import platform
import time
from collections.abc import Callable
from typing import Any

from _timing import best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--rows", type=int, default=100_000, help="Table 5 start rows, g = 10")
    args = parser.parse_args()

    import fast.fsw as ffsw
    import fast.rw as frw
    import reference.fsw as rfsw
    import reference.rw as rrw

    print(f"machine: {platform.machine()} python {platform.python_version()}")
    start = time.perf_counter()
    ffsw.convergence_times(1, 0, 3)
    frw.nth_gvalue(3, 10**6)
    print(f"compile / cache load: {time.perf_counter() - start:.2f} s")

    cases: list[tuple[str, Callable[[], Any], Callable[[], Any]]] = [
        (
            "convergence g=1, r0 <= 3000",
            lambda: rfsw.convergence_times(1, 0, 3001, 200),
            lambda: ffsw.convergence_times(1, 0, 3001, 200),
        ),
        (
            "convergence g=4, r0 <= 1500",
            lambda: rfsw.convergence_times(4, 0, 1501, 800),
            lambda: ffsw.convergence_times(4, 0, 1501, 800),
        ),
        (
            "p_n^3, n = 10^9",
            lambda: rrw.nth_gvalue(3, 10**9),
            lambda: frw.nth_gvalue(3, 10**9),
        ),
        (
            "p_n^6, n = 10^9",
            lambda: rrw.nth_gvalue(6, 10**9),
            lambda: frw.nth_gvalue(6, 10**9),
        ),
    ]
    print(f"{'workload':<32} {'reference s':>12} {'fast s':>10} {'ratio':>8}")
    for name, ref, fast in cases:
        t_ref = best(ref, 1)
        t_fast = best(fast, 3)
        print(f"{name:<32} {t_ref:>12.3f} {t_fast:>10.4f} {t_ref / t_fast:>8.0f}x")

    start = time.perf_counter()
    for g in range(21):
        frw.nth_gvalue(g, 10**12)
    print(f"000 Table 6 (21 values, n = 10^12): {time.perf_counter() - start:.2f} s (paper: 20 s)")

    start = time.perf_counter()
    times = ffsw.convergence_times(10, 0, args.rows + 1)
    elapsed = time.perf_counter() - start
    print(
        f"000 Table 5, g = 10, r0 <= {args.rows}: {elapsed:.2f} s "
        f"(max {int(times.max())} at {int(times.argmax())})"
    )


if __name__ == "__main__":
    main()
