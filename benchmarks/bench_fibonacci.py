"""Benchmark fast.fibonacci (rows as step functions) against its reference and a C table.

Run from the repository root::

    PYTHONPATH=. python benchmarks/bench_fibonacci.py
    PYTHONPATH=. python benchmarks/bench_fibonacci.py --c-rows 20000 --rows 1000000

Reported: the kernel's first call (numba compile or cache load); rows 0..N as
step functions for N = 10^5 and ``--rows`` (time, peak numpy memory, steps);
fast vs reference at 3000 rows (the reference scans each row: quadratic); and
a plain C program (``gcc -O2``) that fills the whole triangle G(n, r), r <= n,
for n <= ``--c-rows``, by the running mex of each row, checked equal to the
kernel's rows. Skipped with a message without a C compiler.
"""

from __future__ import annotations

import argparse
import time
import tracemalloc
from functools import partial

import numpy as np
from _c_loop import OUT, c_end, c_timed, reported
from _timing import load, machine, timed

from fast import fibonacci as fast_fibonacci
from reference import fibonacci as ref_fibonacci

C_SOURCE = r"""
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <time.h>

/* usage: fibnim N OUT.bin -- G(n, n - 1) for n <= N (int32), from the full triangle */
int main(int argc, char **argv) {
    long n_max = atol(argv[1]);
    uint8_t **g = malloc(sizeof(uint8_t *) * (n_max + 1));
    int32_t *start = calloc(n_max + 1, sizeof(int32_t));
    int64_t seen[256] = {0};
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    for (long n = 0; n <= n_max; n++) {
        g[n] = malloc(n + 1);
        g[n][0] = 0;
        int mex = 0;
        for (long r = 1; r <= n; r++) {  /* the move taking r tokens joins the set */
            long m = n - r, s = 2 * r < m ? 2 * r : m;
            seen[g[m][s]] = n;
            while (seen[mex] == n) mex++;
            g[n][r] = (uint8_t)mex;
        }
        start[n] = n ? g[n][n - 1] : 0;
    }
""" + c_end("start", "n_max + 1")


def c_starting_values(n_max: int) -> tuple[float, np.ndarray] | None:
    """(C seconds, G(n, n - 1) for n <= n_max), or None without a C compiler."""
    found: tuple[float, np.ndarray] | None = c_timed(C_SOURCE, "fibnim", [str(n_max), OUT], 1)
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rows", type=int, default=1_000_000)
    parser.add_argument("--c-rows", type=int, default=10_000)
    args = parser.parse_args()
    print(f"{machine()}, load {load()}")
    start = time.perf_counter()
    fast_fibonacci.row_steps(10)
    print(f"first call (compile or cache load): {time.perf_counter() - start:.2f} s")
    for n in (100_000, args.rows):
        tracemalloc.start()
        seconds, rows = timed(partial(fast_fibonacci.row_steps, n))
        _, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        print(
            f"rows 0..{n:,}: {seconds:.2f} s, peak {peak / 2**20:.0f} MiB, "
            f"{len(rows.starts):,} steps, largest value {int(rows.values.max())}"
        )
    ref_time, ref_rows = timed(lambda: ref_fibonacci.row_steps(3000))
    fast_time, fast_rows = timed(lambda: fast_fibonacci.row_steps(3000))
    same = fast_rows.tolist() == ref_rows
    print(
        f"rows 0..3000: reference {ref_time:.2f} s, fast {fast_time * 1e3:.1f} ms "
        f"(reference / fast = {ref_time / fast_time:,.0f}); equal: {same}"
    )
    c = c_starting_values(args.c_rows)
    if c is None:
        print("C triangle: no C compiler (gcc, cc) found; skipped")
        return
    c_time, c_start = c
    fast_time, fast_start = timed(lambda: fast_fibonacci.starting_values(args.c_rows))
    same = bool((fast_start == c_start).all())
    reported(
        f"G(n, n - 1) for n <= {args.c_rows:,}: C triangle (gcc -O2) {c_time:.2f} s, "
        f"fast.fibonacci {fast_time * 1e3:.1f} ms (C / fast = {c_time / fast_time:,.0f}); "
        f"equal: {same}",
        same,
        "the C triangle and fast.fibonacci",
    )


if __name__ == "__main__":
    main()
