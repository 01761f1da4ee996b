"""Benchmark one-heap nim-sequences (issue 38 item 1) against plain C loops, same run.

Run from the repository root::

    PYTHONPATH=. python benchmarks/bench_heaps.py                       # the issue's sizes
    PYTHONPATH=. python benchmarks/bench_heaps.py --octal-terms 100000  # a short run

Two targets of issue 38, each ours against a plain C program compiled here with
``cc -O2`` (skipped, with one line, if no C compiler is found), timed inside C
around its loop and checked equal to ours value for value:

* a subtraction game's nim-sequence (``--subtraction``, default ``1,3,4``), ``--terms``
  terms (default 10^8): C's plain mex loop over the moves (``uint8`` values, a stamp
  array) against ``fast.heaps.nim_sequence``;
* a splitting octal game's nim-sequence (``--octal``, default ``0.07``, Dawson's
  Kayles), ``--octal-terms`` terms (default 10^6; 2.5 * 10^11 XORs, minutes each):
  C's plain prefix XOR-convolution over every digit (``uint16`` values) against
  ``fast.heaps.nim_sequence``; and, where the door takes it (``--sparse``, default
  ``0.6``, Officers), the sparse-space method ``fast.heaps.nim_sequence_sparse``
  against the same C convolution of that game.

The ratio printed is ours / C (below 1: ours is faster). Ours is the best of
``--repeat`` calls after a first call that compiles or loads the kernel.
"""

from __future__ import annotations

import argparse
import subprocess
import tempfile
import time
from pathlib import Path

import numpy as np
from _c_loop import OUT, c_timed, compile_c, reported
from _timing import best, machine

import fast.heaps
import spec
from registry.heaps import heap_code

C_SOURCE = r"""
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <time.h>

/* usage: heaps TERMS OUT.bin WIDTH d0 d1 ... dt  -- the octal code's G(n), n < TERMS, as
   uint8 (WIDTH 1: no splitting digit) or uint16 (WIDTH 2); prints the loop's seconds. */
#define LOOP(T)                                                                          \
    for (long n = 0; n < terms; n++) {                                                   \
        int64_t mark = n + 1;                                                            \
        for (int k = 0; k <= t && k <= n; k++) {                                         \
            long rest = n - k;                                                           \
            if ((d[k] & 1) && rest == 0 && k > 0) seen[0] = mark;                        \
            if ((d[k] & 2) && rest >= 1 && k > 0) seen[g[rest]] = mark;                  \
            if (d[k] & 4)                                                                \
                for (long a = 1; a <= rest / 2; a++) seen[g[a] ^ g[rest - a]] = mark;    \
        }                                                                                \
        long v = 0;                                                                      \
        while (seen[v] == mark) v++;                                                     \
        g[n] = (T)v;                                                                     \
    }
int main(int argc, char **argv) {
    long terms = atol(argv[1]);
    int width = atoi(argv[3]);
    int t = argc - 5;
    int *d = malloc(sizeof(int) * (t + 1));
    for (int k = 0; k <= t; k++) d[k] = atoi(argv[4 + k]);
    int64_t *seen = calloc(65538, sizeof(int64_t));
    void *values = calloc(terms + 1, width);
    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    if (width == 1) { uint8_t *g = values; LOOP(uint8_t) }
    else { uint16_t *g = values; LOOP(uint16_t) }
    clock_gettime(CLOCK_MONOTONIC, &t1);
    printf("%.6f\n", (t1.tv_sec - t0.tv_sec) + 1e-9 * (t1.tv_nsec - t0.tv_nsec));
    FILE *f = fopen(argv[2], "wb");
    fwrite(values, width, terms, f);
    fclose(f);
    return 0;
}
"""


C_SPARSE = r"""
#include <stdio.h>
#include <stdlib.h>
#include <stdint.h>
#include <time.h>

/* usage: sparse TERMS OUT.bin MASK DOMAIN PROBE d0 d1 ... dt -- the sparse-space method
   (Winning Ways ch. 4; Flammenkamp's domain parity when DOMAIN is 1), one n at a time: the
   first PROBE terms plainly, then per n the XOR with every rare position r (parity of
   G(r) & MASK equal to DOMAIN * ((r - t0) & 1), t0 the first splitting digit) and, for an
   unmarked common candidate, a scan of the pairs from a = 1 that marks what it XORs and
   stops at the candidate. Prints the loop's wall and CPU seconds. */
static int rare_at(unsigned v, long n, unsigned mask, int domain, int t0) {
    return __builtin_parity(v & mask) == domain * (int)((n - t0) & 1);
}
int main(int argc, char **argv) {
    long terms = atol(argv[1]);
    unsigned mask = (unsigned)atoi(argv[3]);
    int domain = atoi(argv[4]);
    long probe = atol(argv[5]);
    int t = argc - 7, ns = 0, sp[64];
    int *d = malloc(sizeof(int) * (t + 1));
    for (int k = 0; k <= t; k++) d[k] = atoi(argv[6 + k]);
    for (int k = 0; k <= t; k++) if (d[k] & 4) sp[ns++] = k;
    int64_t *seen = calloc(65538, sizeof(int64_t));
    uint16_t *g = calloc(terms + 1, 2);
    int32_t *rare = malloc(sizeof(int32_t) * (terms + 1));
    long held = 0;
    struct timespec t0, t1;
    clock_t c0 = clock();
    clock_gettime(CLOCK_MONOTONIC, &t0);
    for (long n = 0; n < terms; n++) {
        int64_t mark = n + 1;
        int plain = n < probe;
        for (int k = 0; k <= t && k <= n; k++) {
            long rest = n - k;
            if ((d[k] & 1) && rest == 0 && k > 0) seen[0] = mark;
            if ((d[k] & 2) && rest >= 1 && k > 0) seen[g[rest]] = mark;
            if (!(d[k] & 4)) continue;
            if (plain)
                for (long a = 1; a <= rest / 2; a++) seen[g[a] ^ g[rest - a]] = mark;
            else
                for (long i = 0; i < held && rare[i] < rest; i++)
                    seen[g[rare[i]] ^ g[rest - rare[i]]] = mark;
        }
        long v = 0;
        if (plain) {
            while (seen[v] == mark) v++;
        } else {
            int w = 0;
            long a = 1;
            for (;;) {
                if (seen[v] == mark) { v++; continue; }
                if (!rare_at((unsigned)v, n, mask, domain, sp[0])) break; /* a rare heap only */
                int found = 0;
                while (w < ns) {
                    long rest = n - sp[w];
                    while (a <= rest / 2) {
                        unsigned x = g[a] ^ g[rest - a];
                        a++;
                        seen[x] = mark;
                        if (x == v) { found = 1; break; }
                    }
                    if (found) break;
                    w++;
                    a = 1;
                }
                if (!found) break;
                v++;
            }
        }
        g[n] = (uint16_t)v;
        if (n >= 1 && rare_at((unsigned)v, n, mask, domain, sp[0])) rare[held++] = n;
    }
    clock_gettime(CLOCK_MONOTONIC, &t1);
    printf("%.6f %.6f\n", (t1.tv_sec - t0.tv_sec) + 1e-9 * (t1.tv_nsec - t0.tv_nsec),
           (double)(clock() - c0) / CLOCKS_PER_SEC);
    FILE *f = fopen(argv[2], "wb");
    fwrite(g, 2, terms, f);
    fclose(f);
    return 0;
}
"""


def c_sparse(code: tuple[int, ...], terms: int) -> tuple[float, float, np.ndarray] | None:
    """(wall seconds, CPU seconds, values) of the plain C sparse-space loop, with the mask
    ours chooses on the probe (:func:`fast.heaps.rare_mask`), or None without a compiler."""
    probe = min(terms, fast.heaps.PROBE_TERMS)
    head = fast.heaps.nim_sequence(code, probe)
    mask, domain = fast.heaps.rare_mask(head[probe // 2 :], code, probe // 2)
    with tempfile.TemporaryDirectory() as tmp:
        binary, out = compile_c(Path(tmp), C_SPARSE, "sparse"), Path(tmp) / "g.bin"
        if binary is None:
            return None
        argv = [str(binary), str(terms), str(out), str(mask), str(domain), str(probe)]
        ran = subprocess.run([*argv, *map(str, code)], check=True, capture_output=True, text=True)
        wall, cpu = (float(x) for x in ran.stdout.split())
        values = np.fromfile(out, dtype=np.uint16)
    return wall, cpu, values


def compare_sparse(game: str, terms: int) -> None:
    """Ours (``fast.heaps.nim_sequence_sparse``) against the plain C sparse-space loop on
    ``game``, back to back: wall and CPU seconds, their ratios, the values compared."""
    code = heap_code(spec.get_game(game))
    assert code is not None
    fast.heaps.nim_sequence_sparse(code, min(terms, 20000))  # compile or load the kernel
    wall0, cpu0 = time.perf_counter(), time.process_time()
    values = fast.heaps.nim_sequence_sparse(code, terms)
    wall, cpu = time.perf_counter() - wall0, time.process_time() - cpu0
    c = c_sparse(code, terms)
    if c is None:
        print(f"sparse space {game}: ours {wall:.3f} s; no C compiler (cc, gcc) found: "
              "apt-get update && apt-get install -y gcc")  # fmt: skip
        return
    c_wall, c_cpu, c_values = c
    same = bool(np.array_equal(c_values, values))
    reported(
        f"sparse space {game}, {terms:,} terms: ours {wall:.2f} s wall / {cpu:.2f} s CPU, "
        f"C sparse loop (cc -O2) {c_wall:.2f} s / {c_cpu:.2f} s; ours / C = "
        f"{wall / c_wall:.2f} wall, {cpu / c_cpu:.2f} CPU; values equal: {same}",
        same,
        "the C sparse loop and ours",
    )


def c_sequence(code: tuple[int, ...], terms: int, repeat: int) -> tuple[float, np.ndarray] | None:
    """(best seconds of the C loop, its values), or None without a C compiler."""
    width = 2 if any(d & 4 for d in code) else 1
    args = [str(terms), OUT, str(width), *map(str, code)]
    found: tuple[float, np.ndarray] | None = c_timed(
        C_SOURCE, "heaps", args, repeat, np.uint8 if width == 1 else np.uint16
    )
    return found


def compare(label: str, game: str, terms: int, repeat: int, method: str) -> None:
    """Time ours (``method`` of fast.heaps) and the C loop on ``game``; print the ratio."""
    code = heap_code(spec.get_game(game))
    assert code is not None
    ours = getattr(fast.heaps, method)
    ours(code, min(terms, 20000))  # compile or load the kernel
    seconds = best(lambda: ours(code, terms), repeat)
    values = ours(code, terms)
    c = c_sequence(code, terms, repeat)
    if c is None:
        print(f"{label}: ours {seconds:.3f} s; C loop: no C compiler (cc, gcc) found, skipped")
        return
    c_seconds, c_values = c
    same = bool(np.array_equal(c_values, values))
    reported(
        f"{label} {game}, {terms:,} terms: ours ({method}) {seconds:.3f} s, C (cc -O2) "
        f"{c_seconds:.3f} s (best of {repeat}); ours / C = {seconds / c_seconds:.2f}; "
        f"values equal: {same}",
        same,
        "the C loop and ours",
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--subtraction", default="1,3,4")
    parser.add_argument("--terms", type=int, default=10**8)
    parser.add_argument("--octal", default="0.07")
    parser.add_argument("--octal-terms", type=int, default=10**6)
    parser.add_argument("--sparse", default="0.6", help="a code with a sparse space ('' : none)")
    parser.add_argument(
        "--sparse-games",
        default="0.6,0.007",
        help="codes run against the C sparse-space loop ('' : none)",
    )
    parser.add_argument("--sparse-terms", type=int, default=10**6)
    parser.add_argument(
        "--only-sparse", action="store_true", help="only the sparse-space comparison"
    )
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    print(machine())
    for code in filter(None, args.sparse_games.split(",")):
        compare_sparse(f"octal:{code}", args.sparse_terms)
    if args.only_sparse:
        return
    compare("subtraction", f"subtraction:{args.subtraction}", args.terms, args.repeat,
            "nim_sequence")  # fmt: skip
    compare("splitting", f"octal:{args.octal}", args.octal_terms, args.repeat, "nim_sequence")
    if args.sparse:
        compare("sparse space", f"octal:{args.sparse}", args.octal_terms, 1,
                "nim_sequence_sparse")  # fmt: skip


if __name__ == "__main__":
    main()
