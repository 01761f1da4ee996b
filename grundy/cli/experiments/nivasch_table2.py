"""``grundy experiment nivasch-table2`` (alias ``nivasch-table3``): d_n^g - n for Wythoff.

Nivasch (seed ``000`` §2.6) lists, for g <= 30 and the g-points
p_n^g = (a_n^g, b_n^g) with a_n^g <= 5 * 10**6,

* Table 2: the minimum and maximum of d_n^g - n (d_n^g = b_n^g - a_n^g),
  each with the n of its earliest appearance;
* Table 3: the maximum of d_n^g - n over n >= 100, for g >= 7.

Both come from one streaming pass of the registry's WSG
(:func:`proofs_check.dn.dn_statistics` over ``fast.wsg.wsg_rows``;
memory is the sliding-window state plus one chunk), so the two names run the same
experiment and print both tables beside the paper's, every difference
marked.

The comparison is :func:`reference.published.compare_table2` /
``compare_table3`` (the one place these tables are compared; the claims
``nivasch-table-2`` / ``-3`` call them too). A paper cell is checked
*exactly* when our run reaches the point the paper names (its n is below
our count of g-points): then our extreme and its earliest n must equal the
paper's. When a smaller run does not reach it, the cell is checked as a
*bound*: an extreme over fewer points can be no more extreme than the
paper's. Past the paper's 5e6 rows, ours must be at least as extreme.
"""

from __future__ import annotations

import argparse
import time
from dataclasses import dataclass
from typing import Any

from grundy.cli.experiments import (
    ExperimentResult,
    comparison_mark,
    register_experiment,
    timings_text,
)
from grundy.cli.experiments.parameters import Parameters, constant, parameter
from grundy.cli.output import check_memory, console
from grundy.display import ResultTable
from proofs_check.dn import TABLE3_MIN_N, dn_statistics
from reference.published import compare_table2, compare_table3
from registry.sequences import stream_blocks
from runs.progress import progress_bar

__all__ = ["Table2Parameters", "register", "run", "run_experiment", "statistics_bytes"]

NAME = "nivasch-table2"
#: Table 3 counts the points with n >= MIN_N only, and g >= MIN_G.
MIN_N = TABLE3_MIN_N
MIN_G = 7


@dataclass(frozen=True)
class Table2Parameters(Parameters):
    """The experiment's parameters: its options, its JSON ``parameters``."""

    gmax: int = parameter(30, "largest g (default 30)", lo=0)
    max_a: int = parameter(
        5_000_000,
        "count the points with a_n^g <= ROWS (default 5e6, the paper's)",
        lo=0,
        option="--rows",
    )
    min_n_table3: int = constant(MIN_N)
    chunk: int = parameter(
        1 << 16, "rows per kernel call (default 65536, at most 2**24)", lo=1, hi=1 << 24
    )


def statistics_bytes(gmax: int, rows: int, chunk: int) -> int:
    """Bytes of :func:`proofs_check.dn.dn_statistics`'s own arrays: 7 of ``gmax + 1``
    numbers, and about 10 of ``chunk * (gmax + 1)`` for each block of rows (the streamed
    WSG state is estimated where it is made, :func:`registry.sequences.stream_blocks`).

    >>> statistics_bytes(30, 5_000_001, 1 << 16) // 2**20  # MiB
    155
    """
    return 8 * (gmax + 1) * (7 + 10 * min(chunk, rows))


def run_experiment(
    gmax: int, max_a: int, *, chunk: int = 1 << 16, quiet: bool = True
) -> ExperimentResult:
    """Run the pass and compare with Tables 2 and 3; an :class:`ExperimentResult`."""
    if isinstance(gmax, bool) or not isinstance(gmax, int) or gmax < 0:
        raise ValueError(f"--gmax must be an int >= 0 (gmax = {gmax!r})")
    if isinstance(max_a, bool) or not isinstance(max_a, int) or max_a < 0:
        raise ValueError(f"--rows must be an int >= 0 (rows = {max_a!r})")
    if chunk < 1:
        raise ValueError(f"--chunk must be >= 1 (chunk = {chunk})")
    check_memory(statistics_bytes(gmax, max_a + 1, chunk), f"the statistics of --gmax {gmax}")
    start = time.perf_counter()
    list(stream_blocks("wythoff", 1, 2))  # compile (or load the numba cache) outside the timing
    compile_s = time.perf_counter() - start
    start = time.perf_counter()
    rows = max_a + 1
    with progress_bar(f"WSG g <= {gmax}, rows <= {max_a}", rows, disable=quiet) as advance:
        stats = dn_statistics(gmax, rows, chunk=chunk, advance=advance)
    run_s = time.perf_counter() - start
    table = [
        [
            g,
            stats.min[g],
            stats.min_n[g],
            stats.max[g],
            stats.max_n[g],
            stats.max100[g],
            stats.max100_n[g],
            stats.count[g],
        ]
        for g in range(gmax + 1)
    ]
    return ExperimentResult(
        name=NAME,
        parameters=Table2Parameters(gmax, max_a, chunk=chunk).as_json(),
        columns=["g", "min d-n", "n", "max d-n", "n", "max d-n (n>=100)", "n", "points"],
        table=table,
        timings={"compile": compile_s, "run": run_s},
        comparison=compare_table2(stats) + compare_table3(stats),
    )


def register(subparsers: Any) -> None:
    register_experiment(
        subparsers,
        NAME,
        Table2Parameters,
        run,
        aliases=("nivasch-table3",),
        help="Nivasch 000 Tables 2 and 3: extremes of d_n^g - n (WSG)",
        description=(
            "Run Algorithm WSG (fast.wsg) for g <= GMAX over the points with "
            "a_n^g <= ROWS and print the extremes of d_n^g - n beside Nivasch's Tables 2 "
            "and 3 (seed 000 §2.6), marking every difference. Both names run the same "
            "pass and print both tables."
        ),
        epilog="example: grundy experiment nivasch-table2 --gmax 30 --rows 5000000",
    )


def _paper_cells(compared: dict[str, Any] | None) -> list[str]:
    """The paper's value, its n and the mark of a compared cell (blanks when none)."""
    if compared is None:
        return ["", "", ""]
    return [str(compared["paper"]), str(compared["paper_n"]), comparison_mark(compared)]


def run(args: argparse.Namespace) -> int:
    declared = Table2Parameters.from_args(args)
    result = run_experiment(**declared.keywords(), quiet=args.quiet or args.json)
    if result.deliver_args(args):
        return result.exit_code
    by_key = {(c["table"], c["g"], c["column"]): c for c in result.comparison}
    console.print(
        f"Nivasch 000 Table 2: extremes of d_n^g - n, points with a_n^g <= {args.max_a} "
        "(ours | paper; '=' exact match, '(within)' our run ends before the paper's "
        "point and stays within its value, '(beyond)' our run goes past the paper's rows "
        "and is at least as extreme, DIFFERS marks a difference)"
    )
    lines = [["g", "min", "n", "paper", "n", "", "max", "n", "paper", "n", ""]]
    for row in result.table:
        g = row[0]
        cmin, cmax = by_key.get((2, g, "min")), by_key.get((2, g, "max"))
        low = [str(row[1]), str(row[2]), *_paper_cells(cmin)]
        high = [str(row[3]), str(row[4]), *_paper_cells(cmax)]
        lines.append([str(g), *low, *high])
    console.print(str(ResultTable(lines[0], lines[1:])), markup=False)
    console.print(f"Nivasch 000 Table 3: max of d_n^g - n over n >= {MIN_N}, g >= {MIN_G}")
    lines = [["g", "max", "n", "paper", "n", ""]]
    for row in result.table[MIN_G:]:
        c3 = by_key.get((3, row[0], "max n>=100"))
        lines.append([str(row[0]), str(row[5]), str(row[6]), *_paper_cells(c3)])
    console.print(str(ResultTable(lines[0], lines[1:])), markup=False)
    differ = sum(not c["agrees"] for c in result.comparison)
    exact = sum(c["checked"] == "exact" for c in result.comparison)
    console.print(
        f"{len(result.comparison)} paper cells: {exact} checked exactly, {differ} differ; "
        + timings_text(result.timings)
    )
    return result.exit_code
