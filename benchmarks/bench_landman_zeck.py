"""Benchmark: fast (numba) vs reference for the row machine, z1, Fibonacci Nim, floor(n phi).

Run alone on a quiet machine:

    PYTHONPATH=. python benchmarks/bench_landman_zeck.py          # full sizes
    PYTHONPATH=. python benchmarks/bench_landman_zeck.py --small  # a quick smoke run

Compile time (first call in this process: numba compiles or loads its cache)
is reported apart from the timed runs. Ratios are per item (reference
seconds per item / fast seconds per item), because the reference runs on
fewer items where it would take minutes.
"""

from __future__ import annotations

import argparse

import numpy as np
from _timing import timed

from fast import beatty as fast_beatty
from fast import landman as fast_landman
from fast import zeckendorf as fast_zeckendorf
from reference import beatty as ref_beatty
from reference import landman as ref_landman
from reference import zeckendorf as ref_zeckendorf


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--small", action="store_true", help="small sizes (smoke test)")
    args = parser.parse_args()
    rows = 12 if args.small else 24
    big = 10**5 if args.small else 10**7
    ref_items = 2 * 10**3 if args.small else 10**5

    compile_s, _ = timed(
        lambda: (
            fast_landman.row_periodicity(2),
            fast_landman.row_values(2, 10),
            fast_zeckendorf.z1_array([5]),
            fast_zeckendorf.fibonacci_nim_is_p([5], [1]),
            fast_beatty.lower_wythoff_array([5]),
        )
    )
    print(f"compile / cache load (all kernels): {compile_s:.2f} s")
    print(f"{'task':48} {'reference':>12} {'fast':>12} {'ratio':>8}")

    def report(task: str, ref_s: float, ref_n: int, fast_s: float, fast_n: int) -> None:
        ratio = (ref_s / ref_n) / (fast_s / fast_n) if fast_s > 0 else float("inf")
        print(f"{task:48} {ref_s:10.3f} s {fast_s:10.3f} s {ratio:7.1f}x")

    ref_s, ref = timed(lambda: [ref_landman.row_periodicity(n) for n in range(rows)])
    fast_s, fast = timed(lambda: [fast_landman.row_periodicity(n) for n in range(rows)])
    assert ref == fast
    report(f"wythoff row periods, rows 0..{rows - 1}", ref_s, 1, fast_s, 1)

    ref_s, ref = timed(lambda: ref_landman.row_periodicity(9 if args.small else 11, "r-wythoff"))
    fast_s, fast = timed(lambda: fast_landman.row_periodicity(9 if args.small else 11, "r-wythoff"))
    assert ref == fast
    report(f"r-wythoff column {9 if args.small else 11} period {fast.period}", ref_s, 1, fast_s, 1)

    length = 2000 if args.small else 50000
    ref_s, ref = timed(lambda: ref_landman.row_values(16, length))
    fast_s, fast = timed(lambda: fast_landman.row_values(16, length))
    assert ref == fast.tolist()
    report(f"wythoff row 16 values, m <= {length}", ref_s, 1, fast_s, 1)

    ns = np.arange(1, big + 1, dtype=np.int64)
    ref_s, ref = timed(lambda: [ref_zeckendorf.z1(int(n)) for n in ns[:ref_items]])
    fast_s, fast = timed(lambda: fast_zeckendorf.z1_array(ns))
    assert ref == fast[:ref_items].tolist()
    report(f"z1: ref {ref_items:.0e}, fast {big:.0e} integers", ref_s, ref_items, fast_s, big)

    rs = np.random.default_rng(0).integers(0, 1000, big)
    ref_s, ref = timed(
        lambda: [
            ref_zeckendorf.is_p_position(int(n), int(r))
            for n, r in zip(ns[:ref_items], rs[:ref_items], strict=True)
        ]
    )
    fast_s, fast = timed(lambda: fast_zeckendorf.fibonacci_nim_is_p(ns, rs))
    assert ref == fast[:ref_items].tolist()
    report(f"Fibonacci Nim P/N: ref {ref_items:.0e}, fast {big:.0e}", ref_s, ref_items, fast_s, big)

    xs = np.random.default_rng(1).integers(0, 2**62, big)
    ref_s, ref = timed(lambda: [ref_beatty.lower_wythoff(int(n)) for n in xs[:ref_items]])
    fast_s, fast = timed(lambda: fast_beatty.lower_wythoff_array(xs))
    assert ref == fast[:ref_items].tolist()
    report(
        f"floor(n phi), n < 2^62: ref {ref_items:.0e}, fast {big:.0e}",
        ref_s,
        ref_items,
        fast_s,
        big,
    )


if __name__ == "__main__":
    main()
