"""Benchmark fast.engine's general path (compiled_followers, compiled_regions) against C.

Run from the repository root::

    PYTHONPATH=. python benchmarks/bench_engine_followers.py              # 300 and 600
    PYTHONPATH=. python benchmarks/bench_engine_followers.py --sizes 300 --repeat 3

The game is Ho's E-Wythoff (docs/adding-a-game.md, level (b)): Wythoff's moves
(rays), or k >= 1 from the smaller pile and 1 <= l < k from the larger (so
k >= 2). Its extra followers are a triangle of about min(x, y)^2 / 2 cells per
position, so a table of side N has about N^4 / 12 of them: the general path at
its heaviest.

Three ways, each timed apart from start-up and compilation (a first call on a
small table compiles; then the best of ``--repeat`` calls):

* ``compiled_followers``: the follower function as docs/adding-a-game.md level
  (b) writes it, ``out[count, 0] = u; out[count, 1] = v``; the engine compiles
  it into its kernel with a follower sink as ``out`` (``fast._sink``), which
  checks and marks each follower as it is written: no buffer;
* ``compiled_regions``: the region function writes one row span per k
  (u, u + 1, v0, v1), which the engine reads row by row;
* the C mex (source below, ``gcc -O2``): for each cell in row-major order, the
  mex over all its followers (row, column, diagonal, the triangle), marked in a
  stamp array: the straightforward algorithm at C speed; only its compute loop
  is timed, inside C. Skipped with a message when gcc (or cc) is missing.

Two more figures say what a buffer would cost (the list form before the sink,
and still the path of a function the sink cannot take):

* the C list: the same C program, the triangle given by a (not inlined) C
  follower function that writes (u, v) int64 rows into a buffer of the
  engine's layout, each row read back, checked as the engine checks it and
  marked: a buffer's cost at C speed;
* the follower function alone: the engine's jitted follower function called
  for every cell into a buffer, nothing else (no mex).

All tables are checked equal (and the P-positions equal to Wythoff's).
"""

from __future__ import annotations

import argparse
import time
from functools import partial
from typing import Any

import numba
import numpy as np
from _c_loop import OUT, c_end, c_timed
from _timing import best, load, machine, timed

import spec
from fast import engine
from fast.engine import e_wythoff_regions
from spec.variants import EWythoff as SpecEWythoff

C_SOURCE = r"""
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <time.h>

/* E-Wythoff's extra followers written as (u, v) int64 rows, the layout of the
   engine's buffer; noinline: the loop sees it as the engine sees a user's function. */
__attribute__((noinline)) static int64_t e_moves(int64_t x, int64_t y, int64_t *out) {
    int64_t count = 0;
    if (x <= y)
        for (int64_t k = 2; k <= x; k++)
            for (int64_t l = 1; l < k; l++, count++) {
                out[2 * count] = x - k;
                out[2 * count + 1] = y - l;
            }
    if (y <= x)
        for (int64_t k = 2; k <= y; k++)
            for (int64_t l = 1; l < k; l++, count++) {
                out[2 * count] = x - l;
                out[2 * count + 1] = y - k;
            }
    return count;
}

/* usage: ewythoff N OUT.bin MODE -- writes the N x N E-Wythoff table as int32.
   MODE 0: the mex, every follower marked where the loop produces it;
   MODE 1: the list form: e_moves fills the buffer, each row is read back,
   checked as the engine checks it (on the board, smaller) and marked. */
int main(int argc, char **argv) {
    int n = atoi(argv[1]);
    int mode = atoi(argv[3]);
    int32_t *g = malloc(sizeof(int32_t) * (size_t)n * n);
    int64_t *seen = calloc((size_t)n * n + 3 * (size_t)n + 8, sizeof(int64_t));
    int64_t *buffer = malloc(sizeof(int64_t) * 2 * ((size_t)n * n + 16));
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    int64_t stamp = 0;
    for (int x = 0; x < n; x++) for (int y = 0; y < n; y++) {
        stamp++;
        for (int u = 0; u < x; u++) seen[g[(size_t)u * n + y]] = stamp;
        for (int v = 0; v < y; v++) seen[g[(size_t)x * n + v]] = stamp;
        for (int j = 1; j <= x && j <= y; j++) seen[g[(size_t)(x - j) * n + y - j]] = stamp;
        if (mode == 0) {
            if (x <= y)
                for (int k = 2; k <= x; k++)
                    for (int l = 1; l < k; l++) seen[g[(size_t)(x - k) * n + y - l]] = stamp;
            if (y <= x)
                for (int k = 2; k <= y; k++)
                    for (int l = 1; l < k; l++) seen[g[(size_t)(x - l) * n + y - k]] = stamp;
        } else {
            int64_t count = e_moves(x, y, buffer);
            for (int64_t i = 0; i < count; i++) {
                int64_t u = buffer[2 * i], v = buffer[2 * i + 1];
                if (u < 0 || v < 0 || u > x || v > y || u + v >= x + y) return 3;
                seen[g[(size_t)u * n + v]] = stamp;
            }
        }
        int m = 0;
        while (seen[m] == stamp) m++;
        g[(size_t)x * n + y] = m;
    }
""" + c_end("g", "(size_t)n * n")


@numba.njit
def e_moves(x: int, y: int, out: np.ndarray) -> int:  # pragma: no cover - jit
    """E-Wythoff's extra followers: (x - k, y - l) from the smaller pile x, or mirrored."""
    count = 0
    if x <= y:
        for k in range(2, x + 1):
            for l in range(1, k):
                out[count, 0] = x - k
                out[count, 1] = y - l
                count += 1
    if y <= x:
        for k in range(2, y + 1):
            for l in range(1, k):
                out[count, 0] = x - l
                out[count, 1] = y - k
                count += 1
    return count


class EWythoff(SpecEWythoff):
    """Ho's E-Wythoff (the spec's game: its followers) through compiled_followers."""

    name = "bench-e-wythoff"
    source = "benchmarks/bench_engine_followers.py"
    compiled_followers = e_moves
    compiled_regions = None  # type: ignore[assignment]  # the list form alone


class EWythoffRegions(EWythoff):
    """The same game through compiled_regions: the engine's row spans
    (:func:`fast.engine.e_wythoff_regions`), jitted as a plugin's function is."""

    name = "bench-e-wythoff-regions"
    compiled_followers = None
    compiled_regions = numba.njit(e_wythoff_regions)


def c_tables(size: int, repeat: int) -> dict[str, tuple[float, np.ndarray]] | None:
    """{"C mex" | "C list": (best seconds, table)}, or None without a C compiler."""
    found = {}
    for mode, label in enumerate(("C mex", "C list")):
        run = c_timed(C_SOURCE, "ewythoff", [str(size), OUT, str(mode)], repeat, shape=(size, size))
        if run is None:
            return None
        found[label] = run
    return found


@numba.njit
def calls_alone(followers: Any, buffer: np.ndarray, size: int) -> int:  # pragma: no cover - jit
    """Every cell's follower function call into the buffer, nothing else (no mex)."""
    total = 0
    for x in range(size):
        for y in range(size):
            total += followers(x, y, buffer)
    return total


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[300, 600])
    parser.add_argument("--repeat", type=int, default=2)
    args = parser.parse_args()
    print(f"{machine()}, load {load()}")
    games = {"compiled_followers": EWythoff(), "compiled_regions": EWythoffRegions()}
    for label, game in games.items():
        start = time.perf_counter()
        small = engine.grundy_table(game, 24)
        print(f"{label}: first call (compile) {time.perf_counter() - start:.2f} s")
        assert (small == np.array(spec.grundy_table(game, 24, 24))).all(), label
        assert engine.check_followers(game, 12) is None, label
    wythoff = spec.Wythoff()
    function = engine.compiled_rule(games["compiled_followers"]).followers  # as the engine jits it
    for n in args.sizes:
        c = c_tables(n, args.repeat)
        if c is None:
            print(f"{n}x{n}: C mex skipped: no C compiler (gcc, cc) found")
        buffer = np.zeros((n * n + 16, 2), dtype=np.int64)  # x^2 rows at x = y
        calls_alone(function, buffer, 8)
        times = {"follower function alone": best(partial(calls_alone, function, buffer, n),
                                                 args.repeat)}  # fmt: skip
        table = np.zeros((0, 0))
        for label, game in games.items():
            runs = [timed(partial(engine.grundy_table, game, n)) for _ in range(args.repeat)]
            times[label] = min(seconds for seconds, _ in runs)
            table = runs[0][1]
            for name, (_, other) in (c or {}).items():
                if not (other == table).all():
                    raise SystemExit(f"{label} and the {name} disagree at {n}x{n}")
        p_equal = bool(((table == 0) == (engine.grundy_table(wythoff, n) == 0)).all())
        line = f"E-Wythoff {n}x{n}: " + ", ".join(f"{k} {v:.3f} s" for k, v in times.items())
        if c is not None:
            line += ", " + ", ".join(f"{k} {v[0]:.3f} s" for k, v in c.items())
            for name, (seconds, _) in c.items():
                line += f"; / {name}: " + ", ".join(
                    f"{k} {v / seconds:.2f}" for k, v in times.items()
                )
            line += f"; C list / C mex {c['C list'][0] / c['C mex'][0]:.2f}"
        print(line + f" (best of {args.repeat}; tables equal; P = Wythoff's: {p_equal}; "
              f"load {load()})")  # fmt: skip


if __name__ == "__main__":
    main()
