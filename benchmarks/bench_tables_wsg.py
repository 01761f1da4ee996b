"""Benchmark fast.tables and fast.wsg / fast.fwsg against the spec and the reference.

Run from the repository root::

    PYTHONPATH=. python benchmarks/bench_tables_wsg.py          # small, a few seconds
    PYTHONPATH=. python benchmarks/bench_tables_wsg.py --full   # 4096 tables, WSG g<=30 to 5e6

Everything is measured in this one run: the first call of each kernel
(numba compile, or load from its cache) is reported apart, then the best of
``--repeat`` timed calls. Ratios are reference-or-spec time / fast time on
the same input.
"""

from __future__ import annotations

import argparse
import platform
import time
from collections.abc import Callable
from typing import Any

from _timing import best

import spec
from fast.fwsg import fwsg, fwsg_rows
from fast.tables import grundy_table
from fast.wsg import wsg, wsg_rows
from reference.fwsg import fwsg as reference_fwsg
from reference.wsg import wsg as reference_wsg


def first_call(func: Callable[[], Any]) -> float:
    start = time.perf_counter()
    func()
    return time.perf_counter() - start


def stream(rows_iter: Any) -> None:
    for _ in rows_iter:
        pass


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--full", action="store_true", help="the integrator's sizes")
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    r = args.repeat
    table_size = 4096 if args.full else 1024
    wsg_rows_n = 5_000_001 if args.full else 200_001
    print(
        f"machine: {platform.machine()} {platform.processor() or ''} "
        f"python {platform.python_version()}"
    )

    print("\nfirst call (numba compile or cache load), seconds:")
    for name, call in (
        ("fast.tables", lambda: grundy_table("wythoff", 8)),
        ("fast.wsg", lambda: wsg(2, 8)),
        ("fast.fwsg", lambda: fwsg(2, 8)),  # same kernel as fast.wsg: already compiled
    ):
        print(f"  {name:12s} {first_call(call):8.3f}")

    print(f"\nfast vs spec / reference on the same input (best of {r}):")
    rows = []
    n = 60
    for game in ("wythoff", "f-wythoff", "r-wythoff"):
        slow = best(lambda g=game: spec.grundy_table(spec.get_game(g), n, n), 1)
        quick = best(lambda g=game: grundy_table(g, n), r)
        rows.append((f"table {game} {n}x{n}", "spec", slow, quick))
    slow = best(lambda: reference_wsg(20, 2_000), 1)
    quick = best(lambda: wsg(20, 2_000), r)
    rows.append(("wsg g<=20 rows 2e3", "reference.wsg", slow, quick))
    slow = best(lambda: reference_fwsg(20, 2_000), 1)
    quick = best(lambda: fwsg(20, 2_000), r)
    rows.append(("fwsg g<=20 rows 2e3", "reference.fwsg", slow, quick))
    for label, other, slow, quick in rows:
        print(
            f"  {label:24s} {other:15s} {slow:9.4f} s   fast {quick:9.5f} s   "
            f"ratio {slow / quick:10.0f}x"
        )

    print("\nfast alone:")
    for game in ("wythoff", "f-wythoff", "r-wythoff"):
        t = best(lambda g=game: grundy_table(g, table_size), r)
        print(f"  table {game:10s} {table_size}x{table_size}: {t:7.3f} s")
    for name, rows_iter in (("wsg", wsg_rows), ("fwsg", fwsg_rows)):
        t = best(lambda f=rows_iter: stream(f(30, wsg_rows_n)), 1)
        print(f"  {name} g<=30, a <= {wsg_rows_n - 1}: {t:7.2f} s")


if __name__ == "__main__":
    main()
