"""``grundy experiment dn-histogram``: the histogram of d_n^h - n (000 §2.6, Figure 9).

For every h <= g it counts the values of d_n^h - n over the h-points
p_n^h = (a_n^h, b_n^h) with a_n^h < rows, and reports the extremes with
their earliest n (the layout of Table 2) beside the proven bound
-16h <= d_n^h - n <= 2h of Theorem 2.15. ``grundy plot figure9`` draws the
histogram for h = g. (The comparison with Table 2 itself is the
``nivasch-table2`` experiment's.)

The numbers are :func:`proofs_check.dn.dn_statistics`: one pass of
Algorithm WSG (000 §2.1) over the rows, streamed in blocks of rows by the
registry's WSG (the fast kernel that conformance checks against the spec).
Its state holds the columns still ahead of the current row: a point (a, b)
of T_h keeps column b until row b, and b is about phi * a, so memory grows
as O(g * rows) (:func:`registry.sequences.wsg_stream_bytes`, an
upper estimate), and a run past the machine's memory is refused up front.
It is checked against ``reference.wsg.wsg`` in ``tests/test_execution.py``.

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
import time
from dataclasses import dataclass
from typing import Any

from grundy.cli.experiments import ExperimentResult, load_result, register_experiment
from grundy.cli.experiments.parameters import Parameters, parameter
from grundy.cli.output import (
    check_memory,
    console,
    execution_kwargs,
)
from grundy.display import ResultTable
from proofs_check.claims_nivasch import thm_2_15_bounds
from proofs_check.dn import dn_statistics as registry_dn_statistics
from registry.sequences import wsg_stream_bytes
from runs.chunks import Chunk
from runs.runner import report_progress, run_chunks

__all__ = [
    "bound_table",
    "dn_statistics",
    "histogram_from_result",
    "histogram_of",
    "validate_chunk",
]

NAME = "dn-histogram"


@dataclass(frozen=True)
class DnParameters(Parameters):
    """The experiment's parameters: its options, its JSON ``parameters``, its chunk's."""

    g: int = parameter(30, "largest Grundy value h (default 30)", lo=0, label="g")
    rows: int = parameter(100_000, "row bound (default 1e5)", lo=1, label="rows")


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

    The numbers are the registry's (:func:`proofs_check.dn.dn_statistics`);
    this puts them in the chunk's JSON shape.

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
    done = 0

    def advance(block: int) -> None:
        nonlocal done
        done += block
        report_progress(done, rows)

    stats = registry_dn_statistics(g, rows, histograms=True, advance=advance)
    return {
        "histograms": [sorted([v, c] for v, c in hist.items()) for hist in stats.histograms],
        "extremes": [
            [stats.min[h], stats.min_n[h], stats.max[h], stats.max_n[h]] for h in range(g + 1)
        ],
        "points": stats.count,
    }


def register(subparsers: Any) -> None:
    register_experiment(
        subparsers,
        NAME,
        DnParameters,
        run,
        help="histogram of d_n^h - n for h <= g (000 Figure 9, Table 2 layout)",
        description=(
            "Run Algorithm WSG (streamed) over rows 0..ROWS-1 and count d_n^h - n for every "
            "h <= g; print the extremes with their earliest n beside Theorem 2.15's bound "
            "-16h <= d_n^h - n <= 2h (for 000 Table 2 itself see nivasch-table2). One chunk "
            "(WSG is sequential); --out DIR resumes."
        ),
        epilog="example: grundy experiment dn-histogram --g 30 --rows 100000 --out runs/dn30",
        chunked=True,
    )


def compute(g: int, rows: int, **execution: Any) -> ExperimentResult:
    """The experiment's result (runs the single chunk through :func:`run_chunks`)."""
    declared = DnParameters(g, rows)
    declared.check()
    check_memory(wsg_stream_bytes(g, rows), f"streamed WSG for --g {g} over --rows {rows}")
    parameters = declared.as_json()
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
        least, most = thm_2_15_bounds(h)  # 000 Theorem 2.15, from its claim
        row: dict[str, Any] = {
            "h": h,
            "points": stats["points"][h],
            "min": low,
            "n_min": n_low,
            "max": high,
            "n_max": n_high,
            "bound_min": least,
            "bound_max": most,
            "agrees": least <= low and high <= most,
        }
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
    result = compute(**DnParameters.from_args(args).as_json(), **execution_kwargs(args))
    if not result.deliver_args(args, directory=True):
        console.print(
            f"d_n^h - n for h <= {args.g}, points in rows < {args.rows} "
            f"(bound of Theorem 2.15: -16h <= d - n <= 2h)"
        )
        console.print(str(bound_table(result)), markup=False)
    return result.exit_code


def bound_table(result: ExperimentResult) -> ResultTable:
    """The printed table: per h, the points and the extremes of d - n, against the bound
    of Theorem 2.15 (``ok`` or ``VIOLATED``), from the result's comparison records."""
    rows = []
    for row in result.comparison:
        least, most = thm_2_15_bounds(row["h"])
        in_bound = least <= row["min"] and row["max"] <= most
        cells = [row[key] for key in ("h", "points", "min", "n_min", "max", "n_max")]
        rows.append([*map(str, cells), "ok" if in_bound else "VIOLATED"])
    return ResultTable(
        ["h", "points", "min", "n", "max", "n", "bound"],
        rows,
        widths=[4, 9, 5, 9, 5, 9, 0],
        align="rrrrrrl",
        gaps=[" "] * 5 + ["  "],
    )


def histogram_from_result(result: ExperimentResult, h: int) -> list[tuple[int, int]]:
    """The [(d - n, count)] histogram of one h from a saved dn-histogram result."""
    if result.name != NAME:
        raise ValueError(f"expected a {NAME} result, got {result.name!r}")
    rows = [(int(v), int(c)) for hh, v, c in result.table if int(hh) == h]
    if not rows:
        raise ValueError(f"the result has no h = {h} (it covers h <= {result.parameters['g']})")
    return rows


def histogram_of(
    g: int, rows: int, saved: str | None = None, quiet: bool = False
) -> tuple[list[tuple[int, int]], int]:
    """Figure 9's data: ([(d - n, count)] for ``g``, the row bound), from the saved result
    in ``saved`` (``--input``) or computed over ``rows`` rows."""
    if saved:
        result = load_result(saved)
        try:
            return histogram_from_result(result, g), int(result.parameters["rows"])
        except (KeyError, TypeError, AttributeError) as error:
            raise ValueError(
                f"--input: {saved!r} is not a saved dn-histogram result ({error!r})"
            ) from None
    result = compute(g, rows, workers=0, quiet=quiet)
    return histogram_from_result(result, g), int(result.parameters["rows"])
