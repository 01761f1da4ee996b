"""Benchmark fast.engine against a plain C loop and against the spec.

Run from the repository root::

    PYTHONPATH=. python benchmarks/bench_engine.py            # 1000x1000, spec at 100
    PYTHONPATH=. python benchmarks/bench_engine.py --size 2000 --no-4000

The game is the 4-rule NimHof ``nimhof:1,0/1,1/1,2/0,1`` (issue 10). The C
loop (source below, compiled with ``cc -O2`` when a C compiler is found)
takes, for each cell in row-major order, the mex over *all* followers of
every rule: the straightforward algorithm at C speed. Its table is checked
equal to the engine's, and only its compute loop is timed (inside C).

Reported apart: the engine's first call (numba compile or cache load); the
best of ``--repeat`` timed engine calls; spec / engine time at a size where
the spec finishes (``--spec-size``, default 100); other games at the same
size (a-Wythoff by rays; F-Wythoff through its follower function, whose
kernel compiles in each process; fast.tables alongside where it applies);
and the engine's peak memory (numpy allocations, tracemalloc) for a
4000x4000 table.
"""

from __future__ import annotations

import argparse
import time
import tracemalloc
from typing import Any

import numpy as np
from _c_loop import OUT, c_end, c_timed, reported
from _timing import best, machine

import spec
from fast import engine

GAME = "nimhof:1,0/1,1/1,2/0,1"

C_SOURCE = r"""
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <time.h>

/* usage: nimhof N OUT.bin a1 b1 a2 b2 ...  -- writes the N x N table as int32 */
int main(int argc, char **argv) {
    int n = atoi(argv[1]);
    int nr = (argc - 3) / 2;
    int *ra = malloc(sizeof(int) * nr), *rb = malloc(sizeof(int) * nr);
    for (int r = 0; r < nr; r++) { ra[r] = atoi(argv[3 + 2 * r]); rb[r] = atoi(argv[4 + 2 * r]); }
    int32_t *g = malloc(sizeof(int32_t) * (size_t)n * n);
    int maxv = 4 * n * nr + 8;
    int64_t *seen = calloc(maxv, sizeof(int64_t));  /* seen[v] == stamp: v is a follower's value */
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    int64_t stamp = 0;
    for (int x = 0; x < n; x++) {
        for (int y = 0; y < n; y++) {
            stamp++;
            for (int r = 0; r < nr; r++) {
                int u = x - ra[r], v = y - rb[r];
                while (u >= 0 && v >= 0) {
                    seen[g[(size_t)u * n + v]] = stamp;
                    u -= ra[r]; v -= rb[r];
                }
            }
            int m = 0;
            while (seen[m] == stamp) m++;
            g[(size_t)x * n + y] = m;
        }
    }
""" + c_end("g", "(size_t)n * n")


def c_loop(size: int, rules: tuple[tuple[int, int], ...], repeat: int) -> tuple[float, Any] | None:
    """(best C loop seconds, its table), or None without a C compiler."""
    args = [str(size), OUT] + [str(c) for r in rules for c in r]
    found: tuple[float, np.ndarray] | None = c_timed(
        C_SOURCE, "nimhof", args, repeat, shape=(size, size)
    )
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=1000)
    parser.add_argument("--spec-size", type=int, default=100)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--no-4000", action="store_true", help="skip the 4000x4000 memory figure")
    args = parser.parse_args()
    game = spec.get_game(GAME)
    assert isinstance(game, spec.NimHof)
    print(f"{machine()}; game {game.describe()}")

    start = time.perf_counter()
    engine.grundy_table(game, 8)
    print(f"engine first call (compile or cache load): {time.perf_counter() - start:.2f} s")
    n = args.size
    engine_time = best(lambda: engine.grundy_table(game, n), args.repeat)
    table = engine.grundy_table(game, n)
    print(f"engine {n}x{n}: {engine_time:.3f} s (best of {args.repeat}), dtype {table.dtype}")

    c = c_loop(n, game.rule_set, args.repeat)
    if c is None:
        print("C loop: no C compiler (cc, gcc) found; skipped")
    else:
        c_time, c_table = c
        same = bool((c_table == table).all())
        reported(
            f"C loop (cc -O2, mex over all followers) {n}x{n}: {c_time:.3f} s "
            f"(best of {args.repeat}); tables equal: {same}; "
            f"C / engine = {c_time / engine_time:.1f}",
            same,
            "the C loop and the engine",
        )

    m = args.spec_size
    start = time.perf_counter()
    spec_table = spec.grundy_table(spec.get_game(GAME), m, m)
    spec_time = time.perf_counter() - start
    small_engine = best(lambda: engine.grundy_table(game, m), args.repeat)
    same = bool((np.array(spec_table) == engine.grundy_table(game, m)).all())
    print(
        f"spec {m}x{m}: {spec_time:.2f} s; engine {m}x{m}: {small_engine * 1e3:.2f} ms; "
        f"spec / engine = {spec_time / small_engine:,.0f}; tables equal: {same}"
    )

    from fast import tables

    for name in ("a-wythoff:2", "wythoff", "f-wythoff"):
        other = spec.get_game(name)
        start = time.perf_counter()
        engine.grundy_table(other, 8)
        first = time.perf_counter() - start
        seconds = best(lambda g=other: engine.grundy_table(g, n), args.repeat)
        line = f"engine {name} {n}x{n}: {seconds:.3f} s (first call {first:.2f} s)"
        if name in tables.GAMES:
            tables.grundy_table(name, 8)
            direct = best(lambda k=name: tables.grundy_table(k, n), args.repeat)
            line += f"; fast.tables: {direct:.3f} s"
        print(line)

    if not args.no_4000:
        estimate = engine.table_memory(game, 4000)
        tracemalloc.start()
        start = time.perf_counter()
        engine.grundy_table(game, 4000)
        seconds = time.perf_counter() - start
        _, peak = tracemalloc.get_traced_memory()
        tracemalloc.stop()
        print(
            f"engine 4000x4000: {seconds:.1f} s, peak numpy memory {peak / 2**20:.0f} MiB "
            f"(estimate {estimate / 2**20:.0f} MiB; the uint16 table itself is "
            f"{4000 * 4000 * 2 / 2**20:.0f} MiB)"
        )


if __name__ == "__main__":
    main()
