"""Benchmark: the certified strip on 1 and 2 threads against a plain values-only C strip.

Run alone (it says the machine and the load it saw at every figure):

    PYTHONPATH=. python benchmarks/bench_strip.py          # rows 0..300, 0..1000, rectangles
    PYTHONPATH=. python benchmarks/bench_strip.py --small  # a quick smoke run

1. **Certified rows 0..300, the whole command.** ``grundy period wythoff
   --row 300 --compute --lines 0`` (start-up, certificate, output) with
   ``GRUNDY_STRIP_THREADS`` = 1 and 2, against the plain values-only strip
   in C over the *same columns* (the columns the certificate computed),
   compiled here with the system ``cc -O2``, single core, and checked: it
   prints a checksum that must equal the numba strip's. Two C programs: the
   one of issue 17's benchmark (a division per cell for the diagonal slot)
   and the same without it (the slot counted down). The goal of issue 29:
   the certified command in at most 0.5x the C program's wall time, on the
   2 cores of this machine.
2. **Rows 0..1000, the kernel.** The certificate of rows 0..1000 takes
   about an hour here, so the kernel alone is timed over 200,000 columns
   (the strip's values and column hashes; ``fast.strip.Strip.advance``) on 1
   and 2 threads, against both C programs over the same columns.
3. **Rectangles** for ``grundy value`` / ``grundy table``: 3000 x 5000 and
   5000 x 7000 (``fast.strip.rectangle``, the table kept) and 500 x 10^6
   (streamed, the one cell kept), each in a fresh process for its time and
   peak memory (VmHWM).

Every figure gives wall and CPU seconds and the load average around it; a
ratio is of two figures measured one after the other in this run (compile
time apart: the numba cache is loaded before anything is timed).
"""

from __future__ import annotations

import argparse
import os
import platform
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import numpy as np
from _c_loop import compile_c
from _timing import timed

from fast import strip

C_SOURCE_PLAIN = r"""
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
/* Wythoff strip rows 0..X, columns 0..Y-1, values only; prints a checksum. */
int main(int argc, char **argv) {
    int X = atoi(argv[1]); long Y = atol(argv[2]);
    int rows = X + 1, need = (3 * X + 2 + 64 + 63) / 64, words = 1;
    while (words < need) words *= 2;
    long mask = words - 1;
    uint64_t *row = calloc((size_t)rows * words, 8), *diag = calloc((size_t)rows * words, 8);
    uint64_t *col = calloc(words, 8);
    long *mex = calloc(rows, sizeof(long));
    uint64_t sum = 0;
    for (long y = 0; y < Y; y++) {
        long s0 = y % rows;
        memset(diag + s0 * words, 0, 8 * words);
        memset(col, 0, 8 * words);
        for (int k = 0; k < rows; k++) {
            long slot = (y - k + rows) % rows;
            int use_diag = k > 0 && y > 0;
            long start = mex[k], w = start >> 6;
            uint64_t first = (1ULL << (start & 63)) - 1, word;
            uint64_t *r = row + (long)k * words, *d = diag + slot * words;
            for (;;) {
                long i = w & mask;
                word = first | r[i] | col[i] | (use_diag ? d[i] : 0);
                if (word != ~0ULL) break;
                first = 0; w++;
            }
            long v = (w << 6) + __builtin_ctzll(~word);
            sum = sum * 1000003ULL + (uint64_t)(v - y + 2 * X);
            uint64_t bit = 1ULL << (v & 63);
            if (v == mex[k]) {
                long m = v + 1;
                for (;;) {
                    long i = (m >> 6) & mask; uint64_t b = 1ULL << (m & 63);
                    if (!(r[i] & b)) break;
                    r[i] &= ~b; m++;
                }
                mex[k] = m;
            } else {
                r[(v >> 6) & mask] |= bit;
            }
            col[(v >> 6) & mask] |= bit;
            d[(v >> 6) & mask] |= bit;
        }
    }
    printf("%llu\n", (unsigned long long)sum);
    return 0;
}
"""
#: The same program with the diagonal slot counted down instead of a division per cell.
C_SOURCE = (
    C_SOURCE_PLAIN.replace("long s0 = y % rows;", "long s0 = y % rows, slot = s0;")
    .replace("long slot = (y - k + rows) % rows;", "")
    .replace(
        "d[(v >> 6) & mask] |= bit;\n        }",
        "d[(v >> 6) & mask] |= bit;\n"
        "            slot = slot == 0 ? rows - 1 : slot - 1;\n        }",
    )
)


def _checksum(rows: int, cols: int) -> int:
    """The C program's checksum, from the numba strip's values (the baseline checked)."""
    total = 0
    mod = 2**64
    x = rows - 1
    for y0, values in strip.strip_blocks("wythoff", rows, cols, block=1 << 16):
        d = (values - np.arange(y0, y0 + values.shape[1]) + 2 * x).T.ravel().tolist()
        for v in d:
            total = (total * 1000003 + v) % mod
    return total


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def _load() -> str:
    return f"load {os.getloadavg()[0]:.2f}"


def _c_strip(binary: Path, rows: int, cols: int) -> tuple[float, float, int, str]:
    """(wall seconds, CPU seconds, checksum, load) of a C values-only strip."""
    load = _load()
    start, cpu = time.perf_counter(), _children_cpu()
    out = subprocess.run(
        [str(binary), str(rows - 1), str(cols)], check=True, capture_output=True, text=True
    )
    return time.perf_counter() - start, _children_cpu() - cpu, int(out.stdout), load


def _cpu_timed(func: Any) -> tuple[float, float, Any]:
    """(wall seconds, CPU seconds of this process, all threads, result)."""
    cpu = time.process_time()
    wall, result = timed(func)
    return wall, time.process_time() - cpu, result


def _command(rows: int, threads: int) -> tuple[float, float, str]:
    """(wall, CPU, load) of ``grundy period wythoff --row X --compute --lines 0`` on N threads."""
    load = _load()
    start, cpu = time.perf_counter(), _children_cpu()
    command = ["-m", "grundy", "period", "wythoff", "--row", str(rows - 1), "--compute"]
    env = {**os.environ, strip.THREADS_ENV: str(threads)}
    subprocess.run([sys.executable, *command, "--lines", "0"], check=True, capture_output=True,
                   env=env)  # fmt: skip
    return time.perf_counter() - start, _children_cpu() - cpu, load


def _line(label: str, wall: float, cpu: float, load: str) -> str:
    return f"  {label}: {wall:.2f} s wall / {cpu:.2f} s CPU ({load})"


def certified(rows: int, binaries: dict[str, Path | None]) -> None:
    """Part 1: the certificate (in process and the whole command) on 1 and 2 threads vs C."""
    found = strip.strip_periods("wythoff", rows, threads=1)
    cols = found.columns
    cells = f"{rows * cols:.3g} cells"
    print(
        f"rows 0..{rows - 1}: the certificate computes {cols:,} columns ({cells}); "
        f"P = {found.period:,}, y0 = {found.y0:,}",
        flush=True,
    )
    c: dict[str, tuple[float, float, int, str]] = {}
    for name, binary in binaries.items():
        if binary is not None:
            c[name] = _c_strip(binary, rows, cols)
            print(_line(f"C values-only ({name})", *c[name][:2], c[name][3]), flush=True)
    runs = {}
    for threads in (1, 2):
        load = _load()
        wall, cpu, _ = _cpu_timed(lambda t=threads: strip.strip_periods("wythoff", rows, threads=t))
        runs[threads] = (wall, cpu)
        print(
            _line(f"strip_periods, {threads} thread{'s' * (threads > 1)}", wall, cpu, load),
            flush=True,
        )
        wall, cpu, load = _command(rows, threads)
        runs[-threads] = (wall, cpu)
        what = f"the whole `grundy period wythoff --row {rows - 1} --compute --lines 0`"
        print(_line(f"{what}, {threads} thread{'s' * (threads > 1)}", wall, cpu, load), flush=True)
    for name, (c_wall, *_) in c.items():
        command = (
            f"command 1 thread {runs[-1][0] / c_wall:.2f}, 2 threads {runs[-2][0] / c_wall:.2f}"
        )
        inside = (
            f"strip_periods 1 thread {runs[1][0] / c_wall:.2f}, 2 threads {runs[2][0] / c_wall:.2f}"
        )
        print(f"  ratios to C ({name}), wall: {command}; {inside}", flush=True)
    scaling = (
        f"command {runs[-1][0] / runs[-2][0]:.2f}x, strip_periods {runs[1][0] / runs[2][0]:.2f}x"
    )
    print(f"  scaling 1 -> 2 threads (wall): {scaling}", flush=True)


def kernel(rows: int, cols: int, binaries: dict[str, Path | None], check: bool) -> None:
    """Part 2: the kernel alone over ``cols`` columns on 1 and 2 threads vs C."""
    cells = f"{rows * cols:.3g} cells"
    print(f"rows 0..{rows - 1}, {cols:,} columns ({cells}), the kernel alone:", flush=True)
    c = {}
    for name, binary in binaries.items():
        if binary is not None:
            c[name] = _c_strip(binary, rows, cols)
            ok = c[name][2] == _checksum(rows, cols) if check else None
            mark = (
                "" if ok is None else (" (checksum = the strip's)" if ok else " (CHECKSUM DIFFERS)")
            )
            print(_line(f"C values-only ({name})", *c[name][:2], c[name][3]) + mark, flush=True)
    walls = {}
    for threads in (1, 2):
        s = strip.Strip("wythoff", rows, 1 << 15, threads=threads)
        h = np.empty(1 << 15, dtype=np.uint64)

        def go(s: strip.Strip = s, h: np.ndarray = h) -> None:
            for a in range(0, cols, 1 << 15):
                s.advance(min(cols, a + (1 << 15)), h[: min(cols, a + (1 << 15)) - a])

        load = _load()
        wall, cpu, _ = _cpu_timed(go)
        walls[threads] = wall
        label = f"fast.strip, {threads} thread{'s' * (threads > 1)}"
        per_cell = f"{wall / rows / cols * 1e9:.1f} ns a cell"
        print(_line(f"{label} ({per_cell})", wall, cpu, load), flush=True)
    for name, (c_wall, _, _, _) in c.items():
        print(
            f"  ratios to C ({name}), wall: 1 thread {walls[1] / c_wall:.2f}, 2 threads "
            f"{walls[2] / c_wall:.2f}; scaling {walls[1] / walls[2]:.2f}x",
            flush=True,
        )


RECTANGLE = """
import sys, time
sys.path.insert(0, {root!r})
from fast import strip
strip.rectangle("wythoff", 3, 3)  # compile / load the cache outside the timing
rows, cols, keep = {rows}, {cols}, {keep}
t, cpu = time.perf_counter(), time.process_time()
if keep:
    table = strip.rectangle("wythoff", rows, cols)
    cell = int(table[rows - 1, cols - 1])
else:
    cell = strip.value_at("wythoff", rows - 1, cols - 1)
seconds, cpu = time.perf_counter() - t, time.process_time() - cpu
peak = [line for line in open("/proc/self/status") if line.startswith("VmHWM")][0].split()[1]
print(seconds, cpu, peak, cell)
"""


def _rectangle(rows: int, cols: int, keep: bool) -> tuple[float, float, float, int]:
    """(wall s, CPU s, peak MiB (VmHWM of a fresh process), G at the far corner)."""
    root = str(Path(__file__).resolve().parents[1])
    code = RECTANGLE.format(root=root, rows=rows, cols=cols, keep=keep)
    out = subprocess.run([sys.executable, "-c", code], check=True, capture_output=True, text=True)
    seconds, cpu, kib, cell = out.stdout.split()
    return float(seconds), float(cpu), int(kib) / 1024, int(cell)


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--small", action="store_true", help="small sizes (smoke test)")
    args = parser.parse_args()
    print(
        f"machine: {platform.machine()} {platform.system()}, {os.cpu_count()} cpus, "
        f"{platform.processor() or 'cpu'}; {_load()} at start; numba cache loaded first"
    )
    strip.strip_periods("wythoff", 3)  # compile / load the numba cache
    strip.strip_periods("wythoff", 120, threads=2)
    with tempfile.TemporaryDirectory() as tmp:
        binaries = {
            "issue 17's, a division a cell": compile_c(Path(tmp), C_SOURCE_PLAIN, "plain"),
            "no division": compile_c(Path(tmp), C_SOURCE, "counted"),
        }
        certified(61 if args.small else 301, binaries)
        kernel(201 if args.small else 1001, 20_000 if args.small else 200_000, binaries,
               check=args.small)  # fmt: skip
    cases = (
        [(300, 500, True), (500, 700, True), (50, 10**5, False)]
        if args.small
        else [(3001, 5001, True), (5001, 7001, True), (501, 10**6 + 1, False)]
    )
    for rows, cols, keep in cases:
        load = _load()
        seconds, cpu, mib, cell = _rectangle(rows, cols, keep)
        kind = "table kept" if keep else "streamed, the cell kept"
        print(
            f"rectangle {rows} x {cols} ({kind}): {seconds:.2f} s wall / {cpu:.2f} s CPU, "
            f"peak {mib:.0f} MiB, G({rows - 1}, {cols - 1}) = {cell} ({load})",
            flush=True,
        )
    print(f"{_load()} at the end")


if __name__ == "__main__":
    main()
