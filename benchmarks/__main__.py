"""``python -m benchmarks``: every speed constant of the cost models, re-measured.

One table: each constant (benchmarks/constants.py) with its value in the
code, the value measured now, their ratio (the drift), the plain baseline
measured in the same run, and the workload; a line names the date and the
machine. ``--markdown`` prints the README's performance section, ``--json``
the figures. Nothing is asserted: a constant is changed by hand.
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import platform
import sys
import time
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import Any

from benchmarks.constants import CONSTANTS, Constant, Measured, in_code

#: The measured comparisons of earlier issues, each a script run alone.
SCRIPTS = (
    "bench_tables_bitset.py", "bench_gvalues_all.py", "bench_engine.py",
    "bench_engine_variants.py", "bench_tables_wsg.py --full", "bench_fsw_rw.py --rows 1000000",
    "bench_landman_zeck.py", "bench_dask.py", "bench_strip.py", "bench_engine_followers.py",
    "bench_fibonacci.py", "bench_decider.py", "bench_learn.py", "bench_prove_vs_walnut.py",
    "bench_cube.py", "bench_spec_cost.py", "bench_heaps.py --octal-terms 200000",
)  # fmt: skip


@dataclass(frozen=True)
class Row:
    """One line of the table: the constant, its value in the code and the measurement."""

    path: str
    unit: str
    in_code: float
    measured: Measured
    rate: bool

    @property
    def ratio(self) -> float:
        """Drift: measured / in code."""
        return self.measured.value / self.in_code

    @property
    def versus(self) -> float | None:
        """The implementation's time over the plain baseline's (same work); None without one."""
        base = self.measured.baseline
        if base is None or base == 0 or self.measured.value == 0:
            return None
        return base / self.measured.value if self.rate else self.measured.value / base


def machine() -> str:
    """The date and machine line of the table."""
    import numba
    import numpy

    try:
        memory = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES") / 2**30
        mem = f"{memory:.0f} GiB"
    except (ValueError, OSError, AttributeError):  # pragma: no cover - not POSIX
        mem = "memory unknown"
    load = f"load {os.getloadavg()[0]:.1f}" if hasattr(os, "getloadavg") else ""
    date = datetime.datetime.now(datetime.UTC).strftime("%Y-%m-%d %H:%M UTC")
    return (
        f"{date}; {platform.machine()} {platform.processor() or ''}".rstrip()
        + f", {os.cpu_count()} cores, {mem}, {load}; Python {platform.python_version()}, "
        f"numpy {numpy.__version__}, numba {numba.__version__}"
    )


def chosen(only: Sequence[str]) -> list[Constant]:
    """The constants named by ``--only`` (dotted path or bare name), all if none; a
    ValueError names an unknown one."""
    if not only:
        return list(CONSTANTS)
    unknown = [n for n in only if not any(n in (c.path, c.name) for c in CONSTANTS)]
    if unknown:
        known = ", ".join(c.path for c in CONSTANTS)
        raise ValueError(f"unknown constant {', '.join(unknown)}; known: {known}")
    return [c for c in CONSTANTS if c.path in only or c.name in only]


def measure(constants: Sequence[Constant], quick: bool) -> list[Row]:
    """Measure each constant (its value in the code read now); progress on stderr."""
    rows = []
    for constant in constants:
        start = time.perf_counter()
        found = constant.measure(quick)
        rows.append(Row(constant.path, constant.unit, in_code(constant.path), found, constant.rate))
        print(f"  {constant.path}: {time.perf_counter() - start:.1f} s", file=sys.stderr)
    return rows


def _g(value: float | None) -> str:
    return "-" if value is None else f"{value:.3g}"


def _x(value: float | None) -> str:
    return "-" if value is None else f"{value:.3g}"


HEADER = ("constant", "unit", "in code", "measured", "ratio", "baseline", "time vs baseline",
          "compile s", "run s")  # fmt: skip


def cells(row: Row) -> tuple[str, ...]:
    """The table's cells of one row (the column order of :data:`HEADER`)."""
    m = row.measured
    return (row.path, row.unit, _g(row.in_code), _g(m.value), _x(row.ratio), _g(m.baseline),
            _x(row.versus), f"{m.compile_seconds:.2f}", f"{m.seconds:.2f}")  # fmt: skip


def text_table(rows: Sequence[Row], line: str) -> str:
    """The plain-text table, then each row's workload and baseline."""
    body = [HEADER, *(cells(r) for r in rows)]
    widths = [max(len(b[i]) for b in body) for i in range(len(HEADER))]
    out = [f"Speed constants re-measured: {line}"]
    for k, b in enumerate(body):
        out.append("  ".join(c.ljust(w) if i == 0 else c.rjust(w)
                             for i, (c, w) in enumerate(zip(b, widths, strict=True))))  # fmt: skip
        if k == 0:
            out.append("  ".join("-" * w for w in widths))
    out.append("")
    out.append("ratio = measured / in code; time vs baseline = this implementation's time over")
    out.append("the plain baseline's on the same work (below 1: faster). Workloads:")
    for r in rows:
        base = f"; baseline: {r.measured.baseline_name}" if r.measured.baseline_name else ""
        out.append(f"  {r.path}: {r.measured.workload}{base}")
    return "\n".join(out)


def markdown(rows: Sequence[Row], line: str, quick: bool) -> str:
    """The README's performance section (its head: the constants' table)."""
    mode = " --quick" if quick else ""
    out = [
        "## Performance",
        "",
        f"Generated by `python -m benchmarks --markdown{mode}` on {line}.",
        "Every measured speed constant that a cost model reads (the registry's estimates,",
        "its budget refusals, the kernels' block sizes) is re-measured on a bounded workload of",
        "the real implementation, asked through the registry where it exposes it; beside it, a",
        "plain baseline (a plain numba loop over the same work, or plain Python) in the same",
        "run. Compile time (or numba cache loading) is a warm-up call, reported apart. The",
        "ratio is measured / in code (the drift); *time vs baseline* is the implementation's",
        "time over the baseline's on the same work (below 1: faster).",
        "",
        "| constant | in code | measured | ratio | plain baseline | time vs baseline | workload |",
        "|---|---|---|---|---|---|---|",
    ]
    for r in rows:
        m = r.measured
        base = "-" if m.baseline is None else f"{_g(m.baseline)} {r.unit} ({m.baseline_name})"
        out.append(
            f"| `{r.path}` | {_g(r.in_code)} {r.unit} | {_g(m.value)} | {_x(r.ratio)} | {base} "
            f"| {_x(r.versus)} | {m.workload} |"
        )
    scripts = ", ".join(f"`python benchmarks/{s}`" for s in SCRIPTS)
    out += [
        "",
        "Options: `python -m benchmarks --help` (`--quick`, `--only NAME`, `--markdown`,",
        "`--json`). The measured comparisons of earlier issues, each with its date, are in",
        f"the sections below; reproduce them with {scripts}.",
    ]
    return "\n".join(out)


def as_json(rows: Sequence[Row], line: str, quick: bool) -> str:
    """The figures as JSON: the machine line and one object per constant."""
    items: list[dict[str, Any]] = [
        {"constant": r.path, "unit": r.unit, "in_code": r.in_code, "ratio": r.ratio,
         "time_vs_baseline": r.versus, **asdict(r.measured)}
        for r in rows
    ]  # fmt: skip
    return json.dumps({"machine": line, "quick": quick, "constants": items}, indent=2)


def main(argv: Sequence[str] | None = None) -> int:
    """The command line (``python -m benchmarks --help``)."""
    parser = argparse.ArgumentParser(
        prog="python -m benchmarks",
        description="Re-measure every speed constant the cost models read, beside its value "
        "in the code and a plain baseline measured in the same run (nothing is asserted).",
    )
    parser.add_argument(
        "--quick",
        action="store_true",
        help="small workloads (under a minute in all on an idle machine)",
    )
    parser.add_argument(
        "--only",
        action="append",
        default=[],
        metavar="NAME",
        help="measure only this constant (dotted path or bare name; repeatable)",
    )
    parser.add_argument("--list", action="store_true", help="list the constants and exit")
    shown = parser.add_mutually_exclusive_group()
    shown.add_argument(
        "--markdown", action="store_true", help="print the README's performance section (Markdown)"
    )
    shown.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args(argv)  # fmt: skip
    if args.list:
        for c in CONSTANTS:
            print(f"{c.path} = {in_code(c.path):g} {c.unit}")
        return 0
    try:
        constants = chosen(args.only)
    except ValueError as error:
        parser.error(str(error))
    line = machine()
    rows = measure(constants, args.quick)
    if args.markdown:
        print(markdown(rows, line, args.quick))
    elif args.json:
        print(as_json(rows, line, args.quick))
    else:
        print(text_table(rows, line))
    return 0


if __name__ == "__main__":
    sys.exit(main())
