"""``grundy experiment nivasch-table2`` (alias ``nivasch-table3``): d_n^g - n for Wythoff.

Nivasch (seed ``000`` §2.6) lists, for g <= 30 and the g-points
p_n^g = (a_n^g, b_n^g) with a_n^g <= 5 * 10**6,

* Table 2: the minimum and maximum of d_n^g - n (d_n^g = b_n^g - a_n^g),
  each with the n of its earliest appearance;
* Table 3: the maximum of d_n^g - n over n >= 100, for g >= 7.

Both come from one streaming pass of the registry's WSG
(:func:`grundy.registry.sequences.stream_blocks`, ``fast.wsg.wsg_rows``;
memory is the sliding-window state plus one chunk), so the two names run the same
experiment and print both tables beside the paper's, every difference
marked.

A paper row is checked *exactly* when our run reaches the point the paper
names (its n is below our count of g-points): then our extreme and its
earliest n must equal the paper's. When a smaller run does not reach it,
the row is checked as a *bound*: an extreme over fewer points can be no
more extreme than the paper's.
"""

from __future__ import annotations

import argparse
import json
import time
from typing import Any

import numpy as np

from grundy.experiments import ExperimentResult, add_experiment_options, progress_bar
from grundy.output import console, emit_json
from grundy.parsing import count
from grundy.published import load_published
from grundy.registry.sequences import stream_blocks

__all__ = ["compare_with_paper", "extremes", "register", "run", "run_experiment"]

NAME = "nivasch-table2"
#: Table 3 counts the points with n >= MIN_N only, and g >= MIN_G.
MIN_N = 100
MIN_G = 7
_BIG = np.iinfo(np.int64).max


def extremes(
    gmax: int, max_a: int, *, chunk: int = 1 << 16, quiet: bool = True
) -> dict[str, np.ndarray]:
    """min / max of d_n^g - n (all n, and n >= MIN_N) with earliest n, per g.

    Parameters
    ----------
    gmax : int
        Values g = 0..gmax.
    max_a : int
        Points with a_n^g <= max_a (rows 0..max_a).
    chunk : int
        Rows per kernel call.
    quiet : bool
        No progress bar.

    Returns
    -------
    dict of numpy.ndarray
        ``min, min_n, max, max_n`` (Table 2), ``max100, max100_n`` (Table 3;
        -1 where no point has n >= MIN_N) and ``count`` (points per g), each of
        length gmax + 1.

    Examples
    --------
    >>> e = extremes(1, 500)
    >>> e["min"].tolist(), e["min_n"].tolist(), e["max"].tolist(), e["max_n"].tolist()
    ([0, -4], [0, 57], [0, 2], [0, 282])
    """
    rows = max_a + 1
    size = gmax + 1
    lo = np.full(size, _BIG, dtype=np.int64)
    lo_n = np.full(size, -1, dtype=np.int64)
    hi = np.full(size, -_BIG, dtype=np.int64)
    hi_n = np.full(size, -1, dtype=np.int64)
    hi100 = np.full(size, -_BIG, dtype=np.int64)
    hi100_n = np.full(size, -1, dtype=np.int64)
    count = np.zeros(size, dtype=np.int64)
    columns = np.arange(size)
    with progress_bar(f"WSG g <= {gmax}, rows <= {max_a}", rows, disable=quiet) as advance:
        for r0, cols in stream_blocks("wythoff", gmax, rows, chunk):
            present = cols >= 0
            n = count + np.cumsum(present, axis=0) - 1  # index of each point in T_g
            a = (r0 + np.arange(len(cols)))[:, None]
            dn = cols - a - n
            for stat, stat_n, values, better in (
                (lo, lo_n, np.where(present, dn, _BIG), np.less),
                (hi, hi_n, np.where(present, dn, -_BIG), np.greater),
                (hi100, hi100_n, np.where(present & (n >= MIN_N), dn, -_BIG), np.greater),
            ):
                pick = values.argmin(axis=0) if better is np.less else values.argmax(axis=0)
                best = values[pick, columns]
                improved = better(best, stat)  # strict: keep the earliest appearance
                stat[improved] = best[improved]
                stat_n[improved] = n[pick, columns][improved]
            count += present.sum(axis=0)
            advance(len(cols))
    hi100[hi100_n < 0] = 0
    return {
        "min": lo,
        "min_n": lo_n,
        "max": hi,
        "max_n": hi_n,
        "max100": hi100,
        "max100_n": hi100_n,
        "count": count,
    }


def _check(
    kind: str, ours: int, ours_n: int, paper: int, paper_n: int, count: int, lower: bool
) -> dict[str, Any]:
    if paper_n < count:  # our run reaches the paper's point: must agree exactly
        checked, agrees = "exact", (ours, ours_n) == (paper, paper_n)
    else:  # fewer points: our extreme can be no more extreme than the paper's
        checked, agrees = "bound", (ours >= paper if lower else ours <= paper)
    return {
        "column": kind,
        "ours": ours,
        "ours_n": ours_n,
        "paper": paper,
        "paper_n": paper_n,
        "checked": checked,
        "agrees": bool(agrees),
    }


def compare_with_paper(stats: dict[str, np.ndarray], gmax: int) -> list[dict[str, Any]]:
    """One comparison row per paper cell (Table 2: min and max; Table 3: max, n >= 100)."""
    rows: list[dict[str, Any]] = []
    for g, pmin, pmin_n, pmax, pmax_n in load_published("nivasch_000_table2")["rows"]:
        if g > gmax:
            continue
        count = int(stats["count"][g])
        for kind, key, paper, paper_n, lower in (
            ("min", "min", pmin, pmin_n, True),
            ("max", "max", pmax, pmax_n, False),
        ):
            row = _check(
                kind, int(stats[key][g]), int(stats[f"{key}_n"][g]), paper, paper_n, count, lower
            )
            rows.append({"table": 2, "g": g, **row})
    for g, pmax, pmax_n in load_published("nivasch_000_table3")["rows"]:
        if g > gmax:
            continue
        count = int(stats["count"][g])
        ours_n = int(stats["max100_n"][g])
        row = _check("max n>=100", int(stats["max100"][g]), ours_n, pmax, pmax_n, count, False)
        if ours_n < 0:  # no point with n >= 100 yet: nothing to compare
            row.update(checked="none", agrees=True)
        rows.append({"table": 3, "g": g, **row})
    return rows


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
    start = time.perf_counter()
    list(stream_blocks("wythoff", 1, 2))  # compile (or load the numba cache) outside the timing
    compile_s = time.perf_counter() - start
    start = time.perf_counter()
    stats = extremes(gmax, max_a, chunk=chunk, quiet=quiet)
    run_s = time.perf_counter() - start
    table = [
        [
            g,
            int(stats["min"][g]),
            int(stats["min_n"][g]),
            int(stats["max"][g]),
            int(stats["max_n"][g]),
            int(stats["max100"][g]),
            int(stats["max100_n"][g]),
            int(stats["count"][g]),
        ]
        for g in range(gmax + 1)
    ]
    return ExperimentResult(
        name=NAME,
        parameters={"gmax": gmax, "max_a": max_a, "min_n_table3": MIN_N, "chunk": chunk},
        columns=["g", "min d-n", "n", "max d-n", "n", "max d-n (n>=100)", "n", "points"],
        table=table,
        timings={"compile": compile_s, "run": run_s},
        comparison=compare_with_paper(stats, gmax),
    )


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        NAME,
        aliases=["nivasch-table3"],
        help="Nivasch 000 Tables 2 and 3: extremes of d_n^g - n (WSG)",
        description=(
            "Run Algorithm WSG (fast.wsg) for g <= GMAX over the points with "
            "a_n^g <= ROWS and print the extremes of d_n^g - n beside Nivasch's Tables 2 "
            "and 3 (seed 000 §2.6), marking every difference. Both names run the same "
            "pass and print both tables."
        ),
        epilog="example: grundy experiment nivasch-table2 --gmax 30 --rows 5000000",
    )
    parser.add_argument(
        "--gmax", type=count("--gmax", lo=0), default=30, help="largest g (default 30)"
    )
    parser.add_argument(
        "--rows",
        type=count("--rows", lo=0),
        default=5_000_000,
        help="count the points with a_n^g <= ROWS (default 5e6, the paper's)",
    )
    parser.add_argument(
        "--chunk",
        type=count("--chunk", lo=1, hi=1 << 24),
        default=1 << 16,
        help="rows per kernel call (default 65536, at most 2**24)",
    )
    add_experiment_options(parser)
    parser.set_defaults(func=run)


def _mark(row: dict[str, Any] | None) -> str:
    if row is None:
        return ""
    if not row["agrees"]:
        return "DIFFERS"
    return {"exact": "=", "bound": "(within)", "none": "-"}[row["checked"]]


def run(args: argparse.Namespace) -> int:
    result = run_experiment(args.gmax, args.rows, chunk=args.chunk, quiet=args.quiet or args.json)
    if args.out:
        result.save(args.out)
    if args.json:
        emit_json(json.loads(result.to_json()))
        return 0 if result.agrees else 1
    by_key = {(c["table"], c["g"], c["column"]): c for c in result.comparison}
    console.print(
        f"Nivasch 000 Table 2: extremes of d_n^g - n, points with a_n^g <= {args.rows} "
        "(ours | paper; '=' exact match, '(within)' our run ends before the paper's "
        "point and stays within its value, DIFFERS marks a difference)"
    )
    lines = [["g", "min", "n", "paper", "n", "", "max", "n", "paper", "n", ""]]
    for row in result.table:
        g = row[0]
        cmin, cmax = by_key.get((2, g, "min")), by_key.get((2, g, "max"))
        lines.append(
            [
                str(g),
                str(row[1]),
                str(row[2]),
                str(cmin["paper"]) if cmin else "",
                str(cmin["paper_n"]) if cmin else "",
                _mark(cmin),
                str(row[3]),
                str(row[4]),
                str(cmax["paper"]) if cmax else "",
                str(cmax["paper_n"]) if cmax else "",
                _mark(cmax),
            ]
        )
    console.print(_format(lines), markup=False)
    console.print(f"Nivasch 000 Table 3: max of d_n^g - n over n >= {MIN_N}, g >= {MIN_G}")
    lines = [["g", "max", "n", "paper", "n", ""]]
    for row in result.table[MIN_G:]:
        c3 = by_key.get((3, row[0], "max n>=100"))
        lines.append(
            [
                str(row[0]),
                str(row[5]),
                str(row[6]),
                str(c3["paper"]) if c3 else "",
                str(c3["paper_n"]) if c3 else "",
                _mark(c3),
            ]
        )
    console.print(_format(lines), markup=False)
    differ = sum(not c["agrees"] for c in result.comparison)
    exact = sum(c["checked"] == "exact" for c in result.comparison)
    console.print(
        f"{len(result.comparison)} paper cells: {exact} checked exactly, {differ} differ; "
        f"compile {result.timings['compile']:.2f} s, run {result.timings['run']:.2f} s"
    )
    return 0 if result.agrees else 1


def _format(lines: list[list[str]]) -> str:
    widths = [max(len(line[i]) for line in lines) for i in range(len(lines[0]))]
    return "\n".join(
        "  ".join(cell.rjust(width) for cell, width in zip(line, widths, strict=True)).rstrip()
        for line in lines
    )
