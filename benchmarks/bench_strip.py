"""Benchmark: the certified strip against a plain values-only strip, and rectangles.

Run alone (it says the load it saw):

    PYTHONPATH=. python benchmarks/bench_strip.py          # rows 0..100 and 0..160, rectangles
    PYTHONPATH=. python benchmarks/bench_strip.py --small  # a quick smoke run

1. **Certified vs values-only.** For rows 0..R (R = 100, 160) the certified
   strip (``fast.strip.strip_periods``: values, hashes, exact window check,
   per-row minimal periods) is timed against a plain values-only strip over
   the *same columns*, written here in C (compiled with the system ``cc -O2``;
   numba's values-only ``fast.strip.strip_blocks`` is timed too). The C
   program is the plain algorithm, column by column with Landman's windows
   (a row bitset above the row's mex, the column's and the diagonals'
   bitsets), and prints a checksum that must equal the numba strip's: the
   baseline is checked, not just timed. The goal is a ratio certified / C
   of at most 2.
2. **Rectangles** for ``grundy value`` / ``grundy table``: 3000 x 5000 and
   5000 x 7000 (``fast.strip.rectangle``, the table kept) and 500 x 10^6
   (streamed, the one cell kept, as ``grundy value wythoff 500,1000000``
   does), each in a fresh process for its time and peak memory (VmHWM).

Times are wall and CPU seconds: on a shared machine the CPU ratio is the
figure to compare (the wall clock counts the other jobs' time slices).
"""

from __future__ import annotations

import argparse
import os
import platform
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import numpy as np
from _timing import timed

from fast import strip

C_SOURCE = r"""
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


def _compile(directory: Path) -> Path | None:
    compiler = shutil.which("cc") or shutil.which("gcc")
    if compiler is None:
        return None
    source = directory / "strip_values.c"
    source.write_text(C_SOURCE)
    binary = directory / "strip_values"
    subprocess.run([compiler, "-O2", "-o", str(binary), str(source)], check=True)
    return binary


def _children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def _c_strip(binary: Path, rows: int, cols: int) -> tuple[float, float, int]:
    """(wall seconds, CPU seconds, checksum) of the C values-only strip."""
    start, cpu = time.perf_counter(), _children_cpu()
    out = subprocess.run(
        [str(binary), str(rows - 1), str(cols)], check=True, capture_output=True, text=True
    )
    return time.perf_counter() - start, _children_cpu() - cpu, int(out.stdout)


def _cpu_timed(func: Any) -> tuple[float, float, Any]:
    """(wall seconds, CPU seconds of this process, result)."""
    cpu = time.process_time()
    wall, result = timed(func)
    return wall, time.process_time() - cpu, result


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
        f"load average {os.getloadavg()[0]:.2f} at start"
    )
    strip.strip_periods("wythoff", 3)  # compile / load the numba cache
    for _ in strip.strip_blocks("wythoff", 3, 10):
        pass
    with tempfile.TemporaryDirectory() as tmp:
        binary = _compile(Path(tmp))
        for rows in (31, 61) if args.small else (101, 161):
            cert_s, cert_cpu, found = _cpu_timed(
                lambda rows=rows: strip.strip_periods("wythoff", rows)
            )
            cols = found.columns
            numba_s, numba_cpu, _ = _cpu_timed(
                lambda rows=rows, cols=cols: [
                    None for _ in strip.strip_blocks("wythoff", rows, cols, block=1 << 16)
                ]
            )
            line = (
                f"rows 0..{rows - 1}, {cols:,} columns: certified {cert_s:.2f} s wall / "
                f"{cert_cpu:.2f} s CPU (P = {found.period}, y0 = {found.y0}, row {rows - 1}: "
                f"{tuple(found.periodicities[-1])}); values-only numba {numba_s:.2f} s / "
                f"{numba_cpu:.2f} s CPU"
            )
            if binary is not None:
                c_s, c_cpu, c_sum = _c_strip(binary, rows, cols)
                ok = c_sum == _checksum(rows, cols) if rows * cols <= 2 * 10**7 else None
                line += (
                    f"; values-only C {c_s:.2f} s / {c_cpu:.2f} s CPU; certified / C = "
                    f"{cert_s / c_s:.2f} wall, {cert_cpu / c_cpu:.2f} CPU"
                )
                line += {True: " (C checksum = strip's)", False: " (C CHECKSUM DIFFERS)"}.get(
                    ok, ""
                )
            print(line, flush=True)
            if binary is not None and rows == (61 if args.small else 161):
                start, cpu = time.perf_counter(), _children_cpu()
                command = ["-m", "grundy", "period", "wythoff", "--row", str(rows - 1)]
                subprocess.run(
                    [sys.executable, *command, "--compute", "--lines", "0"],
                    check=True,
                    capture_output=True,
                )
                wall, used = time.perf_counter() - start, _children_cpu() - cpu
                print(
                    f"  the whole command `grundy period wythoff --row {rows - 1} --compute "
                    f"--lines 0` (start-up, certificate, printing the preperiod): {wall:.2f} s "
                    f"wall / {used:.2f} s CPU = {wall / c_s:.2f} / {used / c_cpu:.2f} x C",
                    flush=True,
                )
    cases = (
        [(300, 500, True), (500, 700, True), (50, 10**5, False)]
        if args.small
        else [(3001, 5001, True), (5001, 7001, True), (501, 10**6 + 1, False)]
    )
    for rows, cols, keep in cases:
        seconds, cpu, mib, cell = _rectangle(rows, cols, keep)
        kind = "table kept" if keep else "streamed, the cell kept"
        print(
            f"rectangle {rows} x {cols} ({kind}): {seconds:.2f} s wall / {cpu:.2f} s CPU, "
            f"peak {mib:.0f} MiB, "
            f"G({rows - 1}, {cols - 1}) = {cell}",
            flush=True,
        )
    print(f"load average {os.getloadavg()[0]:.2f} at the end")


if __name__ == "__main__":
    main()
