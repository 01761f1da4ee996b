"""``grundy experiment nivasch-table4``: large Grundy values near the 0-values (000 Table 4).

For each Manhattan distance d = 1..D (default 10) from the closest 0-value
(P-position), the cell (a, b), a <= b, a <= ROWS (default 10^6), with the
largest Grundy value, where values are known only up to G (default 199):
a cell holding no value <= G is "> G" (the paper's "≥ 200"). The same is
repeated for cells with MIN_ROW <= a <= ROWS (default 600; the paper's
second column). Seed 000 §2.6, "The converse of Theorem 2.3".

How it is computed (no Grundy loop here; one accessor, :func:`_wsg_chunks`):

* the 0-column c(r) of every row r <= ROWS + D: from Algorithm WSG for
  g = 0 (T_0 and its mirror), :func:`fast.wsg.wsg`;
* the h-points of rows a <= ROWS for h <= G, streamed chunk by chunk by
  Algorithm WSG (:func:`fast.wsg.wsg_rows`): in row a the cell (a, b), b >= a,
  holds value h <= G exactly when (a, b) is in T_h;
* the cells within distance D of a 0-value are exactly the cells
  (a, c(r) + j) with |r - a| + |j| <= D; the distance of a cell is the least
  |r - a| + |j| over these (every 0-value within D of the cell is in rows
  a - D .. a + D, so the minimum is exact).

Ties. Every cell attaining the maximum is kept (``cells_at_max``, in row
order, capped at :data:`MAX_TIES`) and counted (``ties``); ``cell`` is the
first of them (smallest a, then smallest b). The paper prints one cell per
line and does not say how it chose among ties; the comparison therefore
checks that the paper's value equals our maximum and that the paper's cell
is one of the cells attaining it (``paper_cell_at_max``), and reports
whether it is our first cell.

Example::

    grundy experiment nivasch-table4 --rows 1000000 --g 199
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from typing import Any

import numpy as np

from grundy.cli.experiments import ExperimentResult, register_experiment, timings_text
from grundy.cli.experiments.parameters import Parameters, constant, parameter
from grundy.cli.output import check_memory, console
from grundy.display import ResultTable
from grundy.published import load_published
from registry import ask
from registry.sequences import stream_blocks
from runs.progress import progress_bar

__all__ = [
    "MAX_TIES",
    "Table4Parameters",
    "compare",
    "printed_table",
    "register",
    "run",
    "run_experiment",
    "table4",
]

NAME = "nivasch-table4"
#: At most this many tied cells are listed per distance (all are counted).
MAX_TIES = 200
#: Rows per WSG chunk (the candidate arrays hold about 221 * CHUNK cells at distance 10).
CHUNK = 1 << 14
#: b < KEY: packs a cell (a, b) into one int64 key a * KEY + b.
KEY = 1 << 32


@dataclass(frozen=True)
class Table4Parameters(Parameters):
    """The experiment's parameters: its options, its JSON ``parameters``."""

    rows: int = parameter(10**6, "last row a (default 1e6, the paper's)", lo=1, hi=10**9)
    g: int = parameter(199, "largest value computed, 0..1000 (default 199)", lo=0, hi=1000)
    max_distance: int = parameter(
        10, "largest distance, 1..100 (default 10)", lo=1, hi=100, option="--distance"
    )
    min_row: int = parameter(600, "second column's first row (default 600)", lo=0)
    cells: str = constant("a <= b, a <= rows")
    ties: str = constant("cell = the first of the tied cells in row order (smallest a, then b)")


def _wsg_chunks(
    g: int, rows: int, zero_rows: int, chunk: int
) -> tuple[np.ndarray, Iterator[tuple[int, Any]]]:
    """The one accessor to the computing layer: the registry's Algorithm WSG.

    Returns the 0-points (a, b), a <= b, of rows a < ``zero_rows`` as an
    (n, 2) array (``g-points``), and the row blocks of WSG for h <= g
    (``stream_blocks``, i.e. ``fast.wsg.wsg_rows(g, rows, chunk)``).
    """
    zeros = ask("g-points", "wythoff", g=0, rows=zero_rows)
    points = np.array(zeros.T[0], dtype=np.int64).reshape(-1, 2)
    return points, stream_blocks("wythoff", g, rows, chunk)


def _zero_columns(points: np.ndarray, size: int) -> np.ndarray:
    """c[r] = the column of the 0-value of row r (every row has exactly one), r < size."""
    c = np.full(size, -1, dtype=np.int64)
    a, b = points[:, 0], points[:, 1]
    c[a[a < size]] = b[a < size]
    c[b[b < size]] = a[b < size]
    if (c < 0).any():  # cannot happen when T_0 covers rows < size (b_n > a_n)
        raise RuntimeError(f"row {int(np.flatnonzero(c < 0)[0])} has no 0-value in T_0")
    return c


@cache
def _offsets(max_distance: int) -> tuple[np.ndarray, np.ndarray]:
    """All (dr, dj) with |dr| + |dj| <= D."""
    dr, dj = [], []
    for r in range(-max_distance, max_distance + 1):
        room = max_distance - abs(r)
        for j in range(-room, room + 1):
            dr.append(r)
            dj.append(j)
    return np.array(dr, dtype=np.int64), np.array(dj, dtype=np.int64)


def _chunk_cells(
    r0: int, k: int, last_row: int, c: np.ndarray, max_distance: int
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Cells (a, b), r0 <= a < r0 + k, a <= last_row, a <= b, at distance 1..D; distances."""
    dr, dj = _offsets(max_distance)
    a = np.arange(r0, min(r0 + k, last_row + 1), dtype=np.int64)
    rr = a[:, None] + dr[None, :]
    ok = rr >= 0
    cols = np.where(ok, c[np.clip(rr, 0, None)], -(1 << 40)) + dj[None, :]
    dist = np.abs(dr)[None, :] + np.abs(dj)[None, :] + np.zeros_like(rr)
    aa = np.broadcast_to(a[:, None], rr.shape)
    keep = ok & (cols >= aa)
    keys = aa[keep] * KEY + cols[keep]
    dist = dist[keep]
    order = np.lexsort((dist, keys))  # by key, then distance: first of each key is its min
    keys, dist = keys[order], dist[order]
    first = np.ones(keys.size, dtype=bool)
    first[1:] = keys[1:] != keys[:-1]
    keys, dist = keys[first], dist[first]
    positive = dist > 0
    keys, dist = keys[positive], dist[positive]
    return keys // KEY, keys % KEY, dist


def _values(r0: int, cols: np.ndarray, a: np.ndarray, b: np.ndarray, unknown: int) -> np.ndarray:
    """G(a, b) for cells of the chunk's rows: h when (a, b) is in T_h, else ``unknown``."""
    rows_i, hs = np.nonzero(cols >= 0)
    keys = (r0 + rows_i.astype(np.int64)) * KEY + cols[rows_i, hs]
    order = np.argsort(keys)
    keys, hs = keys[order], hs[order]
    want = a * KEY + b
    pos = np.clip(np.searchsorted(keys, want), 0, max(keys.size - 1, 0))
    found = keys.size > 0
    hit = (keys[pos] == want) if found else np.zeros(want.size, dtype=bool)
    return np.where(hit, hs[pos] if found else 0, unknown).astype(np.int64)


class _Best:
    """Per distance: the largest value seen, its cells (first MAX_TIES) and their count."""

    def __init__(self, max_distance: int) -> None:
        self.value = [-1] * (max_distance + 1)
        self.cells: list[list[list[int]]] = [[] for _ in range(max_distance + 1)]
        self.ties = [0] * (max_distance + 1)

    def update(self, a: np.ndarray, b: np.ndarray, dist: np.ndarray, val: np.ndarray) -> None:
        for d in range(1, len(self.value)):
            sel = dist == d
            if not sel.any():
                continue
            top = int(val[sel].max())
            if top < self.value[d]:
                continue
            at = np.flatnonzero(sel & (val == top))
            at = at[np.lexsort((b[at], a[at]))]
            if top > self.value[d]:
                self.value[d], self.cells[d], self.ties[d] = top, [], 0
            room = MAX_TIES - len(self.cells[d])
            self.cells[d].extend([int(a[i]), int(b[i])] for i in at[:room])
            self.ties[d] += int(at.size)


def table4(
    rows: int = 10**6,
    g: int = 199,
    *,
    max_distance: int = 10,
    min_row: int = 600,
    quiet: bool = True,
) -> dict[str, Any]:
    """Table 4's two columns: per distance, the largest value, its cells and their count.

    Parameters
    ----------
    rows : int
        Last row: cells (a, b) with a <= b and a <= rows.
    g : int
        Values 0..g are computed; a cell with none of them is reported as g + 1
        (meaning "> g", the paper's "≥ 200" for g = 199).
    max_distance : int
        Distances 1..max_distance.
    min_row : int
        The second column: cells with min_row <= a <= rows (empty, value
        -1, when min_row > rows).
    quiet : bool
        No progress bar.

    Returns
    -------
    dict
        ``all`` and ``restricted``: lists indexed by distance (index 0 unused)
        of ``{"value", "cells", "ties"}``; ``unknown`` = g + 1.

    Examples
    --------
    >>> t = table4(rows=100, g=40, max_distance=3, min_row=50)
    >>> t["all"][1]["value"], t["all"][1]["cells"][0]
    (39, [18, 28])
    """
    for name, value, low in (
        ("rows", rows, 0),
        ("g", g, 0),
        ("max_distance", max_distance, 1),
        ("min_row", min_row, 0),
    ):
        if isinstance(value, bool) or not isinstance(value, int) or value < low:
            raise ValueError(f"{name} must be an int >= {low} ({name} = {value!r})")
    if rows > 10**9:  # keeps b < KEY and a * KEY within int64
        raise ValueError(f"rows must be <= 10**9 (rows = {rows})")
    offsets = 2 * max_distance * (max_distance + 1) + 1
    size = rows + max_distance + 1
    check_memory(
        CHUNK * (g + 1) * 8 * 4 + CHUNK * offsets * 8 * 12 + 8 * size,
        f"table 4 for --rows {rows}, --g {g}, --distance {max_distance}",
    )
    unknown = g + 1
    points, chunks = _wsg_chunks(g, rows + 1, size, CHUNK)
    c = _zero_columns(points, size)
    best_all, best_restricted = _Best(max_distance), _Best(max_distance)
    with progress_bar(f"table 4, rows <= {rows}", rows + 1, disable=quiet) as advance:
        for r0, cols in chunks:
            k = cols.shape[0]
            a, b, dist = _chunk_cells(r0, k, rows, c, max_distance)
            val = _values(r0, cols, a, b, unknown)
            best_all.update(a, b, dist, val)
            late = a >= min_row
            if late.any():
                best_restricted.update(a[late], b[late], dist[late], val[late])
            advance(k)
    return {
        "unknown": unknown,
        "all": _as_lists(best_all),
        "restricted": _as_lists(best_restricted),
    }


def _as_lists(best: _Best) -> list[dict[str, Any]]:
    return [
        {"value": best.value[d], "cells": best.cells[d], "ties": best.ties[d]}
        for d in range(len(best.value))
    ]


def _text(value: int, unknown: int) -> int | str:
    return f">={unknown}" if value == unknown else value


def run_experiment(
    rows: int = 10**6,
    g: int = 199,
    *,
    max_distance: int = 10,
    min_row: int = 600,
    quiet: bool = True,
) -> ExperimentResult:
    """Table 4 as an :class:`ExperimentResult`, compared with the paper's printed cells.

    A line is compared when the run covers the paper's (rows, g, min_row);
    otherwise the paper's cells are listed with ``agrees`` left out
    (``note`` says why), except that a paper cell lying in the computed
    rows is still checked to hold the paper's value.
    """
    start = time.perf_counter()
    table4(rows=20, g=1, max_distance=1, min_row=0)  # compile / load the numba cache
    compile_s = time.perf_counter() - start
    start = time.perf_counter()
    found = table4(rows, g, max_distance=max_distance, min_row=min_row, quiet=quiet)
    run_s = time.perf_counter() - start
    unknown = found["unknown"]
    table: list[list[Any]] = []
    for d in range(1, max_distance + 1):
        line: list[Any] = [d]
        for part in ("all", "restricted"):
            best = found[part][d]
            line += [
                best["cells"][0] if best["cells"] else None,
                _text(best["value"], unknown) if best["cells"] else None,
                best["ties"],
                best["cells"],
            ]
        table.append(line)
    comparison = compare(found, rows=rows, g=g, min_row=min_row)
    return ExperimentResult(
        name=NAME,
        parameters=Table4Parameters(rows, g, max_distance, min_row).as_json(),
        columns=[
            "distance",
            "cell",
            "value",
            "ties",
            "cells_at_max",
            f"cell_rows_ge_{min_row}",
            f"value_rows_ge_{min_row}",
            f"ties_rows_ge_{min_row}",
            f"cells_at_max_rows_ge_{min_row}",
        ],
        table=table,
        timings={"compile": compile_s, "run": run_s},
        comparison=comparison,
    )


def compare(found: dict[str, Any], *, rows: int, g: int, min_row: int) -> list[dict[str, Any]]:
    """Compare :func:`table4`'s output with the transcription ``nivasch_000_table4``.

    One entry per printed cell: ``ours`` (our first cell and value),
    ``paper``, ``paper_cell_at_max`` (the paper's cell is one of the tied
    cells), ``first`` (it is our first one) and ``agrees`` = same value and
    the paper's cell is among ours; compared only when the run has the
    paper's rows, g and min_row (else ``note``).
    """
    data = load_published("nivasch_000_table4")
    unknown = found["unknown"]
    same_run = (rows, g, min_row) == (data["rows_max"], data["g_max"], data["min_row"])
    out: list[dict[str, Any]] = []
    for d, cell, value, cell600, value600 in data["rows"]:
        if cell600 is None:  # blank: the first column's cell is in rows >= 600
            cell600, value600 = cell, value
        for part, pcell, pvalue in (("all", cell, value), ("restricted", cell600, value600)):
            if d >= len(found[part]):
                continue
            best = found[part][d]
            ours_value = _text(best["value"], unknown)
            entry: dict[str, Any] = {
                "distance": d,
                "column": "rows <= 10^6" if part == "all" else f"rows {data['min_row']}..10^6",
                "ours": [best["cells"][0] if best["cells"] else None, ours_value],
                "paper": [pcell, pvalue],
                "ties": best["ties"],
                "paper_cell_at_max": pcell in best["cells"],
                "first": bool(best["cells"]) and best["cells"][0] == pcell,
            }
            if same_run:
                entry["agrees"] = str(ours_value) == str(pvalue) and entry["paper_cell_at_max"]
            else:
                entry["note"] = (
                    f"paper: rows {data['rows_max']}, g {data['g_max']}, "
                    f"min_row {data['min_row']}; not compared"
                )
            out.append(entry)
    return out


def register(subparsers: Any) -> None:
    register_experiment(
        subparsers,
        NAME,
        Table4Parameters,
        run,
        help="000 Table 4: largest Grundy values at each distance from the closest 0-value",
        description=(
            "For each Manhattan distance 1..D from the closest 0-value, the cell (a, b), "
            "a <= b, a <= ROWS, with the largest Grundy value (values up to G by "
            "Algorithm WSG; '>=G+1' = none of them), and the same for rows MIN_ROW..ROWS; "
            "compared with 000 Table 4 (§2.6). Ties: the first cell in row order."
        ),
        epilog="example: grundy experiment nivasch-table4 --rows 1e6 --g 199",
    )


def printed_table(result: ExperimentResult) -> ResultTable:
    """The printed table: per distance, the first cell at the maximum, its value and the
    number of tied cells, for all rows and for rows >= MIN_ROW."""
    rows = []
    for d, cell, value, ties, _, cell2, value2, ties2, _ in result.table:
        rows.append(
            [
                str(d),
                str(tuple(cell)) if cell else "-",
                str(value),
                str(ties),
                str(tuple(cell2)) if cell2 else "-",
                str(value2),
                str(ties2),
            ]
        )
    min_row = result.parameters["min_row"]
    return ResultTable(
        ["d", "cell", "value", "ties", f"rows >= {min_row}", "value", "ties"],
        rows,
        widths=[3, 20, 6, 5, 20, 6, 5],
        gaps=[" ", " ", " ", "   ", " ", " "],
    )


def run(args: argparse.Namespace) -> int:
    declared = Table4Parameters.from_args(args)
    result = run_experiment(**declared.keywords(), quiet=args.quiet or args.json)
    if result.deliver_args(args):
        return result.exit_code
    console.print(
        f"000 Table 4: largest value at each distance from the closest 0-value, "
        f"cells a <= b, a <= {args.rows}, values <= {args.g}"
    )
    console.print(str(printed_table(result)), markup=False)
    compared = [c for c in result.comparison if "agrees" in c]
    if compared:
        agree = sum(1 for c in compared if c["agrees"])
        console.print(f"{agree}/{len(compared)} printed cells agree with 000 Table 4")
        for c in compared:
            if not c["agrees"]:
                console.print(f"  differs: d = {c['distance']} ({c['column']}): {c}")
    else:
        console.print("not the paper's parameters (rows 1e6, g 199, min row 600): not compared")
    console.print(timings_text(result.timings))
    if args.out:
        console.print(f"saved {args.out}")
    return result.exit_code
