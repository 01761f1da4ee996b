"""``grundy experiment dn-histogram``: the histogram of d_n^h - n (000 §2.6, Figure 9).

For every h <= g it counts the values of d_n^h - n over the h-points
p_n^h = (a_n^h, b_n^h) with a_n^h < rows, and reports the extremes with
their earliest n (the layout of Table 2) beside the proven bound
-16h <= d_n^h - n <= 2h of Theorem 2.15. ``grundy plot figure9`` draws the
histogram for h = g.

The computation is one pass of Algorithm WSG (000 §2.1) over the rows,
streamed in blocks of rows by the registry's WSG
(:func:`grundy.registry.sequences.stream_points`, the fast kernel that
conformance checks against the spec). Its state holds the columns still
ahead of the current row: a point (a, b) of T_h keeps column b until row b,
and b is about phi * a, so memory grows as O(g * rows)
(:func:`wsg_stream_bytes`, an upper estimate), and a run past the machine's
memory is refused up front. It is checked against ``reference.wsg.wsg`` in
``tests/test_execution.py``.

WSG is sequential in the rows, and T_h needs every T_k with k < h, so this
experiment is a single chunk: it runs on the Dask cluster (or a remote one)
and is resumable as a whole, but does not split. For a parallel sweep see
``grundy experiment beatty-partition``.

References
----------
G. Nivasch, "More on the Sprague-Grundy function for Wythoff's game",
Games of No Chance 3 (2009): §2.1 Algorithm WSG, Theorem 2.15, §2.6
Figure 9 and Table 2. Seed ``000``.
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from grundy.execution import (
    Chunk,
    add_execution_options,
    execution_kwargs,
    report_progress,
    run_chunks,
)
from grundy.experiments import ExperimentResult
from grundy.output import check_memory, console, emit_json
from grundy.parsing import count
from grundy.registry.sequences import stream_points
from reference.published import nivasch_table2

__all__ = [
    "dn_statistics",
    "histogram_from_result",
    "stream_wsg",
    "validate_chunk",
    "wsg_stream_bytes",
]

NAME = "dn-histogram"

#: Table 2's row bound: points with a <= 5e6, i.e. rows 0 .. 5e6.
TABLE2_ROWS = 5_000_001


def stream_wsg(g: int, rows: int) -> Iterator[tuple[int, int, int]]:
    """Algorithm WSG, streamed: yield (h, a, b) for each h-point, row by row.

    Yields the same points as ``reference.wsg.wsg(g, rows).T`` (for each row
    r = 0..rows-1, the points of row r in increasing h), from the registry's
    streaming WSG (:func:`grundy.registry.sequences.stream_points`).

    Examples
    --------
    >>> [p for p in stream_wsg(4, 9) if p[0] == 4]
    [(4, 0, 4), (4, 1, 3), (4, 2, 5), (4, 6, 7), (4, 8, 8)]
    """
    if g < 0 or rows < 0:
        raise ValueError(f"g and rows must be >= 0 (g = {g}, rows = {rows})")
    return stream_points("wythoff", g, rows)


#: Bytes per (h, row) held by :func:`stream_wsg` (the columns still ahead of the row,
#: measured with tracemalloc: about 21), with a margin.
BYTES_PER_H_ROW = 32


def wsg_stream_bytes(g: int, rows: int) -> int:
    """Estimated peak memory of :func:`stream_wsg` (O(g * rows): the columns ahead of the row).

    >>> wsg_stream_bytes(30, 100_000) // 2**20  # MiB
    94
    """
    return BYTES_PER_H_ROW * (g + 1) * rows


def validate_chunk(params: dict[str, Any], result: Any) -> str | None:
    """Why a :func:`dn_statistics` result read back from disk is inconsistent, or None.

    The extremes must be those of the histograms and the point counts their totals.

    >>> stats = dn_statistics({"g": 1, "rows": 6})
    >>> validate_chunk({"g": 1, "rows": 6}, stats)
    >>> stats["extremes"][1][2] = 5
    >>> validate_chunk({"g": 1, "rows": 6}, stats)
    'h = 1: extremes [-2, 4, 5, 0] are not those of the histogram'
    """
    g = params["g"]
    hists, extremes, points = result["histograms"], result["extremes"], result["points"]
    if not len(hists) == len(extremes) == len(points) == g + 1:
        return f"{len(hists)} histograms for g = {g}"
    for h in range(g + 1):
        values = [v for v, _ in hists[h]]
        if sum(c for _, c in hists[h]) != points[h]:
            return f"h = {h}: histogram total is not points = {points[h]}"
        if values and (extremes[h][0] != min(values) or extremes[h][2] != max(values)):
            return f"h = {h}: extremes {extremes[h]} are not those of the histogram"
    return None


def dn_statistics(params: dict[str, Any]) -> dict[str, Any]:
    """Chunk function: histograms and extremes of d_n^h - n for h <= g.

    Parameters
    ----------
    params : dict
        ``{"g": g, "rows": rows}``.

    Returns
    -------
    dict
        ``histograms``: per h, a list of [d - n, count] sorted by value;
        ``extremes``: per h, [min, n at min, max, n at max] (earliest n);
        ``points``: per h, the number of h-points with a < rows.

    Examples
    --------
    >>> stats = dn_statistics({"g": 1, "rows": 6})
    >>> stats["histograms"][0], stats["extremes"][1]
    ([[0, 4]], [-2, 4, 1, 0])
    """
    g, rows = int(params["g"]), int(params["rows"])
    counts: list[dict[int, int]] = [{} for _ in range(g + 1)]
    index = [0] * (g + 1)
    extremes: list[list[int]] = [[] for _ in range(g + 1)]
    for h, a, b in stream_wsg(g, rows):
        if h == 0 and not a & 0xFFF:
            report_progress(a, rows)
        n = index[h]
        index[h] = n + 1
        value = b - a - n
        hist = counts[h]
        hist[value] = hist.get(value, 0) + 1
        ext = extremes[h]
        if not ext:
            extremes[h] = [value, n, value, n]
        else:
            if value < ext[0]:
                ext[0], ext[1] = value, n
            if value > ext[2]:
                ext[2], ext[3] = value, n
    return {
        "histograms": [sorted([v, c] for v, c in hist.items()) for hist in counts],
        "extremes": extremes,
        "points": index,
    }


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "dn-histogram",
        help="histogram of d_n^h - n for h <= g (000 Figure 9, Table 2 layout)",
        description=(
            "Run Algorithm WSG (streamed) over rows 0..ROWS-1 and count d_n^h - n for every "
            "h <= g; print the extremes with their earliest n beside Theorem 2.15's bound "
            "-16h <= d_n^h - n <= 2h, and beside 000 Table 2 when --rows is 5e6. One chunk "
            "(WSG is sequential); --out DIR resumes."
        ),
        epilog="example: grundy experiment dn-histogram --g 30 --rows 100000 --out runs/dn30",
    )
    parser.add_argument(
        "--g", type=count("--g", lo=0), default=30, help="largest Grundy value h (default 30)"
    )
    parser.add_argument(
        "--rows", type=count("--rows", lo=1), default=100_000, help="row bound (default 1e5)"
    )
    add_execution_options(parser)
    parser.set_defaults(func=run)


def compute(g: int, rows: int, **execution: Any) -> ExperimentResult:
    """The experiment's result (runs the single chunk through :func:`run_chunks`)."""
    if g < 0:
        raise ValueError(f"--g must be >= 0 (g = {g})")
    if rows < 1:
        raise ValueError(f"--rows must be >= 1 (rows = {rows})")
    check_memory(wsg_stream_bytes(g, rows), f"streamed WSG for --g {g} over --rows {rows}")
    parameters = {"g": g, "rows": rows}
    began = time.perf_counter()
    chunk = Chunk(f"wsg-g{g}-rows{rows}", parameters)
    (stats,) = run_chunks(
        dn_statistics,
        [chunk],
        name=NAME,
        parameters=parameters,
        description=f"WSG g={g} rows={rows}",
        validate=validate_chunk,
        **execution,
    )
    table = [
        [h, value, count] for h, hist in enumerate(stats["histograms"]) for value, count in hist
    ]
    comparison = []
    for h, (low, n_low, high, n_high) in enumerate(stats["extremes"]):
        row: dict[str, Any] = {
            "h": h,
            "points": stats["points"][h],
            "min": low,
            "n_min": n_low,
            "max": high,
            "n_max": n_high,
            "bound_min": -16 * h,
            "bound_max": 2 * h,
            "agrees": -16 * h <= low and high <= 2 * h,
        }
        if rows in (TABLE2_ROWS - 1, TABLE2_ROWS) and h in nivasch_table2():
            # Table 2 counts a <= 5e6 (rows = 5e6 + 1); rows = 5e6 leaves out row 5e6 only.
            row["paper"] = list(nivasch_table2()[h])
            row["agrees"] = row["agrees"] and row["paper"] == [low, n_low, high, n_high]
        comparison.append(row)
    return ExperimentResult(
        name=NAME,
        parameters=parameters,
        columns=["h", "d_minus_n", "count"],
        table=table,
        timings={"run": time.perf_counter() - began},
        comparison=comparison,
    )


def run(args: argparse.Namespace) -> int:
    result = compute(args.g, args.rows, **execution_kwargs(args))
    if args.out:
        result.save(Path(args.out) / "result.json")
    if args.json:
        emit_json(json.loads(result.to_json()))
    else:
        console.print(
            f"d_n^h - n for h <= {args.g}, points in rows < {args.rows} "
            f"(bound of Theorem 2.15: -16h <= d - n <= 2h)"
        )
        paper = any("paper" in row for row in result.comparison)
        header = "  bound" + ("  000 Table 2" if paper else "")
        console.print(f"{'h':>4} {'points':>9} {'min':>5} {'n':>9} {'max':>5} {'n':>9}{header}")
        for row in result.comparison:
            in_bound = -16 * row["h"] <= row["min"] and row["max"] <= 2 * row["h"]
            mark = "ok" if in_bound else "VIOLATED"
            if "paper" in row:
                ours = [row["min"], row["n_min"], row["max"], row["n_max"]]
                mark += "     same" if row["paper"] == ours else f"     DIFFERS: {row['paper']}"
            console.print(
                f"{row['h']:>4} {row['points']:>9} {row['min']:>5} {row['n_min']:>9} "
                f"{row['max']:>5} {row['n_max']:>9}  {mark}"
            )
    return 0 if result.agrees else 1


def histogram_from_result(result: ExperimentResult, h: int) -> list[tuple[int, int]]:
    """The [(d - n, count)] histogram of one h from a saved dn-histogram result."""
    if result.name != NAME:
        raise ValueError(f"expected a {NAME} result, got {result.name!r}")
    rows = [(int(v), int(c)) for hh, v, c in result.table if int(hh) == h]
    if not rows:
        raise ValueError(f"the result has no h = {h} (it covers h <= {result.parameters['g']})")
    return rows
