"""Benchmark fast.tables.grundy_table('wythoff', N) against a plain single-core bitset program.

Run from the repository root::

    PYTHONPATH=. python benchmarks/bench_tables_bitset.py                 # N = 2000 5000 8000 10000
    PYTHONPATH=. python benchmarks/bench_tables_bitset.py --sizes 2000 5000 --repeat 1

The reference is written here, not in the project: a C program compiled with
the system ``cc`` (``-O2 -march=native``) that keeps one 64-bit-word bitset
per row, per column and per diagonal, computes the upper triangle x <= y row
by row, and starts each scan at Landman's bound y - 2x (seed 004 Lemma 1),
ORing the three words until one has a zero bit. It stores the upper triangle
in uint16. Without ``cc`` the same loop runs as a single-core numba function.

Every figure is the best of ``--repeat`` runs, each in a fresh process
(peak memory is the growth of that process's peak RSS during the call). The
project is timed with 1 thread and with all of numba's threads; its first
call (numba compile, or load from the cache) is reported apart. Wall time
and CPU time (all threads) are both given: on a machine shared with other
work the wall time of a parallel run depends on the load.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

C_SOURCE = r"""
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static long status_kib(const char *key) { /* VmRSS / VmHWM of this process */
    char line[256];
    long kib = -1;
    FILE *f = fopen("/proc/self/status", "r");
    if (!f) return -1;
    while (fgets(line, sizeof line, f))
        if (strncmp(line, key, strlen(key)) == 0) kib = atol(line + strlen(key));
    fclose(f);
    return kib;
}

static double now(clockid_t clock) {
    struct timespec t;
    clock_gettime(clock, &t);
    return t.tv_sec + 1e-9 * t.tv_nsec;
}

int main(int argc, char **argv) {
    long n = atol(argv[1]);
    long words = (2 * n) / 64 + 2;
    long before = status_kib("VmRSS:");
    double wall = now(CLOCK_MONOTONIC), cpu = now(CLOCK_PROCESS_CPUTIME_ID);
    uint64_t *row = calloc(n * words, 8), *col = calloc(n * words, 8);
    uint64_t *dia = calloc(n * words, 8);
    uint16_t *t = malloc(n * n * 2);
    for (long x = 0; x < n; x++) {
        uint64_t *rx = row + x * words;
        for (long w = 0; w < words; w++) rx[w] |= col[x * words + w]; /* G(x, y') = G(y', x) */
        for (long y = x; y < n; y++) {
            long e = y - x, s = y - 2 * x;
            if (s < 0) s = 0;
            uint64_t *cy = col + y * words, *de = dia + e * words, word;
            long w = s >> 6;
            while ((word = rx[w] | cy[w] | de[w]) == ~0ULL) w++;
            long v = (w << 6) + __builtin_ctzll(~word);
            t[x * n + y] = (uint16_t)v;
            uint64_t bit = 1ULL << (v & 63);
            rx[v >> 6] |= bit;
            cy[v >> 6] |= bit;
            de[v >> 6] |= bit;
        }
    }
    wall = now(CLOCK_MONOTONIC) - wall;
    cpu = now(CLOCK_PROCESS_CPUTIME_ID) - cpu;
    long peak = status_kib("VmHWM:") - before;
    unsigned long long check = 0;
    for (long x = 0; x < n; x++)
        for (long y = x; y < n; y++) check += (unsigned long long)t[x * n + y] * (x + 1);
    printf("{\"wall\": %.4f, \"cpu\": %.4f, \"peak_kib\": %ld, \"check\": %llu}\n", wall, cpu,
           peak, check);
    return 0;
}
"""

# The project's side, run in a fresh process: warm-up (compile or cache load), then the call.
PROJECT = r"""
import json, resource, sys, time
import numba
import numpy as np
from fast.tables import grundy_table
n, threads = int(sys.argv[1]), int(sys.argv[2])
start = time.perf_counter()
grundy_table("wythoff", 300, threads=threads)
warm = time.perf_counter() - start
base = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
wall, cpu = time.perf_counter(), time.process_time()
table = grundy_table("wythoff", n, threads=threads)
wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - base
x, y = np.triu_indices(n)
check = int((table[x, y].astype(np.uint64) * (x + 1).astype(np.uint64)).sum())
print(json.dumps({"wall": wall, "cpu": cpu, "peak_kib": peak, "check": check, "warm": warm,
                  "dtype": str(table.dtype), "nbytes": table.nbytes}))
"""

# Without cc: the C program's loop as a single-core numba function.
NUMBA_REFERENCE = r"""
import json, resource, sys, time
import numpy as np

# the plain program is written once, in benchmarks/_plain.py (python -m benchmarks uses it)
from benchmarks._plain import bitset_table as plain

n = int(sys.argv[1])
plain(50)
base = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
wall, cpu = time.perf_counter(), time.process_time()
t = plain(n)
wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss - base
x, y = np.triu_indices(n)
check = int((t[x, y].astype(np.uint64) * (x + 1).astype(np.uint64)).sum())
print(json.dumps({"wall": wall, "cpu": cpu, "peak_kib": peak, "check": check}))
"""


def _env() -> dict[str, str]:
    path = os.pathsep.join(filter(None, [str(Path.cwd()), os.environ.get("PYTHONPATH")]))
    return dict(os.environ, PYTHONPATH=path)


def run_json(cmd: list[str]) -> dict[str, float]:
    out = subprocess.run(cmd, check=True, capture_output=True, text=True, env=_env()).stdout
    return json.loads(out.strip().splitlines()[-1])  # type: ignore[no-any-return]


def best(cmd: list[str], repeat: int) -> dict[str, float]:
    runs = [run_json(cmd) for _ in range(repeat)]
    return min(runs, key=lambda r: r["wall"])


def reference_command(workdir: Path) -> tuple[list[str], str]:
    cc = shutil.which("cc")
    if cc:
        (workdir / "bits.c").write_text(C_SOURCE)
        exe = str(workdir / "bits")
        subprocess.run([cc, "-O2", "-march=native", "-o", exe, str(workdir / "bits.c")], check=True)
        return [exe], "C (cc -O2 -march=native), 1 core"
    (workdir / "plain.py").write_text(NUMBA_REFERENCE)
    return [sys.executable, str(workdir / "plain.py")], "numba, 1 core"


def time_cli(workdir: Path, n: int) -> None:
    import numpy as np

    from fast.tables import default_threads

    out = workdir / "t.npy"
    cmd = [sys.executable, "-m", "grundy", "table", "wythoff", "--size", str(n), "--out", str(out)]
    warm = [*cmd[:6], "300", *cmd[7:]]
    subprocess.run(warm, check=True, env=_env(), capture_output=True)  # numba cache
    start = time.perf_counter()
    done = subprocess.run(cmd, check=True, env=_env(), capture_output=True, text=True)
    total = time.perf_counter() - start
    loaded = np.load(out)
    print(
        f"\n`grundy table wythoff --size {n} --out t.npy` (default_threads() = "
        f"{default_threads()} now): {total:.2f} s in all (process start, imports, numba "
        f"cache load, table, write); it printed {done.stdout.strip()!r}; numpy.load gives "
        f"{loaded.shape} {loaded.dtype}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", type=int, nargs="+", default=[2000, 5000, 8000, 10000])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--threads", type=int, default=None, help="default: numba's threads")
    parser.add_argument("--cli", type=int, default=8000, help="time `table --out` at N (0: no)")
    args = parser.parse_args()
    import numba

    threads = args.threads or numba.config.NUMBA_NUM_THREADS
    load = os.getloadavg()
    print(
        f"machine: {platform.machine()} {platform.processor() or ''}, {os.cpu_count()} CPUs, "
        f"python {platform.python_version()}, numba {numba.__version__}, "
        f"load average {load[0]:.1f} {load[1]:.1f} {load[2]:.1f}"
    )
    workdir = Path(tempfile.mkdtemp(prefix="bench_tables_bitset_"))
    reference_cmd, reference_name = reference_command(workdir)
    (workdir / "project.py").write_text(PROJECT)
    project_cmd = [sys.executable, str(workdir / "project.py")]
    print(f"reference: plain bitset program, {reference_name}; best of {args.repeat}\n")
    header = (
        f"{'N':>6} | {'ref wall':>8} {'cpu':>6} {'MiB':>5} | {'1 thr':>6} {'cpu':>6} | "
        f"{f'{threads} thr':>6} {'cpu':>6} {'MiB':>5} | {'x 1 thr':>7} {f'x {threads} thr':>7}"
        f" | warm-up"
    )
    print(header)
    print("-" * len(header))
    rows = []
    for n in args.sizes:
        ref = best([*reference_cmd, str(n)], args.repeat)
        one = best([*project_cmd, str(n), "1"], args.repeat)
        many = best([*project_cmd, str(n), str(threads)], args.repeat)
        assert ref["check"] == one["check"] == many["check"], (n, ref, one, many)
        rows.append((n, many))
        print(
            f"{n:>6} | {ref['wall']:>8.3f} {ref['cpu']:>6.2f} {ref['peak_kib'] / 1024:>5.0f} | "
            f"{one['wall']:>6.3f} {one['cpu']:>6.2f} | {many['wall']:>6.3f} {many['cpu']:>6.2f} "
            f"{many['peak_kib'] / 1024:>5.0f} | {ref['wall'] / one['wall']:>7.2f} "
            f"{ref['wall'] / many['wall']:>7.2f} | {many['warm']:.2f}",
            flush=True,
        )
    tables = ", ".join(f"{n}: {m['dtype']} {m['nbytes'] / 2**20:.0f}" for n, m in rows)
    print(
        "\nwall/cpu in seconds (cpu: all threads); x = reference wall / project wall "
        "(> 1: the project is faster); MiB = peak RSS growth during the call "
        f"(the project's table alone: {tables} MiB); warm-up = first call (numba cache load)"
    )
    if args.cli:
        time_cli(workdir, args.cli)
    shutil.rmtree(workdir, ignore_errors=True)


if __name__ == "__main__":
    main()
