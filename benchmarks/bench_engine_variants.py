"""Benchmark fast.engine on games with a state and counting rules against plain C, same run.

Run from the repository root::

    PYTHONPATH=. python benchmarks/bench_engine_variants.py                 # the issue's sizes
    PYTHONPATH=. python benchmarks/bench_engine_variants.py --pass-size 1000 --blocking-size 800

Two comparisons (issue 28), each against a plain C loop over the same
followers, compiled with ``gcc -O2`` and timed inside C (only its compute
loop), in the same run:

* ``wythoff-pass`` at N x N, both layers (``grundy.table("wythoff-pass", N)``):
  the C mex takes, for each cell in row-major order and each layer in turn,
  the mex over all its followers (the row, the column, the diagonal in its
  layer; the pass to layer 0 unless the cell is (0, 0)), marked in a stamp
  array;
* ``blocking-wythoff:K`` at N x N (outcomes, 0 = P): the C loop counts, for
  each cell, its Wythoff followers that are P-positions and stops at K.

The engine is timed apart from its compilation (a first call on a small
table compiles, or loads the kernels from numba's cache; that time is
printed separately), best of ``--repeat``. The tables are checked equal. The
engine keeps one bitset (or one count) per line, so a cell costs a few word
operations per ray where the C loops visit every follower: the ratio falls
as N grows.
"""

from __future__ import annotations

import argparse
import time
from functools import partial

import numpy as np
from _c_loop import OUT, c_end, c_timed
from _timing import best, load, machine, timed

import spec
from fast import engine

C_SOURCE = r"""
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <time.h>

/* usage: variants N OUT.bin MODE K
   MODE 0: Wythoff with a pass, layers 0 and 1, the mex (int32 table, 2 x N x N);
   MODE 1: K-blocking Wythoff, outcomes (0 = P, 1 = N), int32 N x N. */
int main(int argc, char **argv) {
    int n = atoi(argv[1]);
    int mode = atoi(argv[3]);
    int k = atoi(argv[4]);
    size_t cells = (size_t)n * n;
    int layers = mode == 0 ? 2 : 1;
    int32_t *g = calloc(cells * layers, sizeof(int32_t));
    int64_t *seen = calloc(3 * (size_t)n + 16, sizeof(int64_t));
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    int64_t stamp = 0;
    for (int x = 0; x < n; x++) for (int y = 0; y < n; y++) {
        if (mode == 0) {
            for (int s = 0; s < 2; s++) {
                int32_t *t = g + (size_t)s * cells;
                stamp++;
                for (int u = 0; u < x; u++) seen[t[(size_t)u * n + y]] = stamp;
                for (int v = 0; v < y; v++) seen[t[(size_t)x * n + v]] = stamp;
                for (int j = 1; j <= x && j <= y; j++) seen[t[(size_t)(x - j) * n + y - j]] = stamp;
                if (s == 1 && (x || y)) seen[g[(size_t)x * n + y]] = stamp;  /* the pass */
                int m = 0;
                while (seen[m] == stamp) m++;
                t[(size_t)x * n + y] = m;
            }
        } else {
            int p = 0;
            for (int u = 0; u < x && p < k; u++) p += g[(size_t)u * n + y] == 0;
            for (int v = 0; v < y && p < k; v++) p += g[(size_t)x * n + v] == 0;
            for (int j = 1; j <= x && j <= y && p < k; j++)
                p += g[(size_t)(x - j) * n + y - j] == 0;
            g[(size_t)x * n + y] = p < k ? 0 : 1;
        }
    }
""" + c_end("g", "cells * layers")


def c_table(size: int, mode: int, k: int, repeat: int) -> tuple[float, np.ndarray] | None:
    """(best seconds, table) of the C loop, or None without a C compiler."""
    shape = (2, size, size) if mode == 0 else (size, size)
    args = [str(size), OUT, str(mode), str(k)]
    found: tuple[float, np.ndarray] | None = c_timed(
        C_SOURCE, "variants", args, repeat, shape=shape
    )
    return found


def compare(
    label: str, game: spec.ImpartialGame, size: int, mode: int, k: int, repeat: int
) -> None:
    start = time.perf_counter()
    small = engine.grundy_table(game, 24)
    compile_seconds = time.perf_counter() - start
    assert (small == np.array(spec.grundy_table(game, 24, 24))).all(), label
    seconds = best(partial(engine.grundy_table, game, size), repeat)
    _, table = timed(partial(engine.grundy_table, game, size))
    found = c_table(size, mode, k, repeat)
    line = (
        f"{label} {size}x{size}: engine {seconds:.3f} s (first call, compile or cache load, "
        f"{compile_seconds:.2f} s)"
    )
    if found is None:
        print(line + "; C skipped: no C compiler (gcc, cc) found")
        return
    c_seconds, c_result = found
    if not (c_result == table).all():
        raise SystemExit(f"{label}: the engine and the C loop disagree at {size}x{size}")
    print(
        f"{line}, C {c_seconds:.3f} s; engine / C {seconds / c_seconds:.3f} "
        f"(best of {repeat}; tables equal; load {load()})"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pass-size", type=int, default=3000)
    parser.add_argument("--blocking-size", type=int, default=2000)
    parser.add_argument("--k", type=int, nargs="+", default=[2, 5, 20])
    parser.add_argument("--repeat", type=int, default=1)
    args = parser.parse_args()
    print(f"{machine()}, load {load()}")
    compare("wythoff-pass", spec.get_game("wythoff-pass"), args.pass_size, 0, 0, args.repeat)
    for k in args.k:
        game = spec.get_game(f"blocking-wythoff:{k}")
        compare(f"blocking-wythoff:{k}", game, args.blocking_size, 1, k, args.repeat)


if __name__ == "__main__":
    main()
