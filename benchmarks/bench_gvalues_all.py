"""Benchmark `grundy gvalues --g G`: all h <= G from one Algorithm RW run against --only.

Run from the repository root::

    PYTHONPATH=. python benchmarks/bench_gvalues_all.py                  # g = 20, n = 1e12, 1e18
    PYTHONPATH=. python benchmarks/bench_gvalues_all.py --g 10 --repeat 3

Three ways to get p_n^h (000 §3.4-3.7), timed in this process after a
warm-up call (numba compile or cache load, reported apart):

* ``all h``: :func:`fast.rw.nth_gvalues` ``(g, n)``, what ``gvalues --g G``
  runs: one RW run, every h-point h <= g of the band;
* ``--only``: :func:`fast.rw.nth_gvalue` ``(g, n)``, what ``gvalues --g G
  --only`` runs (h = g alone, the same single run);
* ``per h``: ``[nth_gvalue(h, n) for h in 0..g]``, what ``gvalues --g G``
  ran before (g + 1 runs, R_h each).

Each figure is the best of ``--repeat`` interleaved calls. With ``--cli`` the
command itself runs too (``--json``; its ``seconds`` field times the
computation, not the start-up).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import subprocess
import sys
from pathlib import Path

from _timing import timed

from fast.rw import nth_gvalue, nth_gvalues


def cli_seconds(g: int, n: int, only: bool) -> float:
    path = os.pathsep.join(filter(None, [str(Path.cwd()), os.environ.get("PYTHONPATH")]))
    cmd = [sys.executable, "-m", "grundy", "gvalues", "--g", str(g), "--n", str(n), "--json"]
    done = subprocess.run(
        cmd + (["--only"] if only else []),
        check=True,
        capture_output=True,
        text=True,
        env=dict(os.environ, PYTHONPATH=path),
    )
    return float(json.loads(done.stdout)["seconds"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--g", type=int, default=20)
    parser.add_argument("--n", type=int, nargs="+", default=[10**12, 10**18])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--no-per-h", action="store_true", help="skip the old g + 1 runs")
    parser.add_argument("--cli", action="store_true", help="also run the command (--json)")
    args = parser.parse_args()
    g = args.g
    load = os.getloadavg()
    print(
        f"machine: {platform.machine()} {platform.processor() or ''}, {os.cpu_count()} CPUs, "
        f"python {platform.python_version()}, load average {load[0]:.1f} {load[1]:.1f} "
        f"{load[2]:.1f}; g = {g}, best of {args.repeat}"
    )
    warm, _ = timed(lambda: nth_gvalues(3, 10**6))
    print(f"warm-up (numba compile or cache load): {warm:.2f} s\n")
    header = f"{'n':>8} | {'all h s':>8} | {'--only s':>8} | {'all/only':>8} | {'per h s':>8}"
    print(header + (f" | {'cli all':>8} {'cli only':>8} {'ratio':>6}" if args.cli else ""))
    print("-" * (len(header) + (27 if args.cli else 0)))
    for n in args.n:
        all_h, only, per_h = [], [], []
        for _ in range(args.repeat):
            t, points = timed(lambda n=n: nth_gvalues(g, n))
            all_h.append(t)
            t, point = timed(lambda n=n: nth_gvalue(g, n))
            only.append(t)
            assert points[g] == point
        if not args.no_per_h:
            t, each = timed(lambda n=n: [nth_gvalue(h, n) for h in range(g + 1)])
            per_h.append(t)
            assert each == points, (n, each, points)
        line = (
            f"{n:>8.0e} | {min(all_h):>8.3f} | {min(only):>8.3f} | "
            f"{min(all_h) / min(only):>8.2f} | " + (f"{min(per_h):>8.3f}" if per_h else f"{'-':>8}")
        )
        if args.cli:
            cli_all = min(cli_seconds(g, n, False) for _ in range(args.repeat))
            cli_only = min(cli_seconds(g, n, True) for _ in range(args.repeat))
            line += f" | {cli_all:>8.3f} {cli_only:>8.3f} {cli_all / cli_only:>6.2f}"
        print(line, flush=True)
    print(
        "\nall/only = time of all h <= g (one RW run) / time of h = g alone; per h = the "
        "g + 1 runs gvalues made before (one run, not best of)."
    )


if __name__ == "__main__":
    main()
