"""``grundy experiment nivasch-table5``: rows to convergence of FSW (000 §3.3).

For every g <= G and every start row 0 <= r0 <= ROWS, run Algorithm FSW
from the dummy state (3-8) with the correct symbols until its state equals
the true state; report the maximum number of rows and the first start row
attaining it (000 Table 5), plus the histogram of the times (Figure 11 for
g = 10, ROWS = 10^6).

The work splits into chunks of start rows: :func:`run_chunk` is the
per-chunk function (picklable arguments, a plain dict back) and
:func:`combine` merges chunk results. The CLI runs the chunks on Dask
(:mod:`runs.runner`: a local cluster by default, ``--scheduler`` for an
existing one, ``--workers 0`` in this process) and resumes from ``--out DIR``.

Example::

    grundy experiment nivasch-table5 --g 10 --rows 1000000
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from grundy.cli.experiments import (
    ExperimentResult,
    comparison_mark,
    register_experiment,
    timings_text,
)
from grundy.cli.experiments.parameters import Parameters, derived, parameter
from grundy.cli.output import (
    check_input_file,
    console,
    execution_kwargs,
    read_json,
)
from grundy.display import ResultTable
from reference.published import compare_table5
from registry import ask
from registry.sequences import FSW_MAX_G
from runs.chunks import check_chunk_count, range_chunks
from runs.runner import run_chunks

__all__ = [
    "Table5Parameters",
    "chunk_task",
    "combine",
    "convergence_histogram",
    "figure11_histogram",
    "load_convergence_histogram",
    "printed_table",
    "register",
    "run",
    "run_chunk",
    "run_experiment",
    "validate_chunk",
]

NAME = "nivasch-table5"
#: The most start rows in one chunk (its times array is held in memory at once).
MAX_CHUNK = 100_000_000
#: The longest horizon accepted (the kernel keeps 4 rows of state per horizon row).
MAX_HORIZON = 10**7


@dataclass(frozen=True)
class Table5Parameters(Parameters):
    """The experiment's parameters: its options, its JSON ``parameters`` (``gs``, the g
    computed, in place of ``--only``) and its chunks' (``g``, ``horizon``)."""

    g: int = parameter(3, f"largest g, 0..{FSW_MAX_G} (default 3)", lo=0, hi=FSW_MAX_G)
    only: Sequence[int] | None = parameter(
        None,
        f"only these g (each 0..{FSW_MAX_G})",
        lo=0,
        hi=FSW_MAX_G,
        nargs="+",
        each="g",
        json=False,
    )
    gs: Sequence[int] = derived()
    rows: int = parameter(10**5, "last start row (default 1e5)", lo=0, label="rows")
    chunk: int = parameter(
        100_000,
        "start rows per chunk (default 1e5, at most 1e8)",
        lo=1,
        hi=MAX_CHUNK,
        label="chunk",
    )
    horizon: int | None = parameter(
        None,
        "give up after this many rows (default 4 x Table 5 + 100)",
        lo=1,
        hi=MAX_HORIZON,
        label="horizon",
    )

    def __post_init__(self) -> None:
        gs = sorted(set(self.only)) if self.only else list(range(self.g + 1))
        object.__setattr__(self, "gs", gs)


def run_chunk(g: int, r0_start: int, r0_stop: int, horizon: int | None = None) -> dict[str, Any]:
    """Convergence times for start rows ``r0_start .. r0_stop - 1`` summarized.

    Returns
    -------
    dict
        ``g``, ``r0_start``, ``r0_stop``, ``max`` (-1 if empty), ``argmax``
        (first start row attaining it), ``histogram`` (counts of each time
        0..max), ``unconverged`` (runs beyond the horizon, excluded from the
        rest) and ``horizon``.

    Examples
    --------
    >>> chunk = run_chunk(1, 2000, 2300)
    >>> chunk["max"], chunk["argmax"]
    (45, 2201)
    """
    from reference.fsw import default_horizon

    if horizon is None:
        horizon = default_horizon(g)
    try:
        times = np.asarray(
            ask(
                "fsw-convergence",
                "wythoff",
                g=g,
                r0_start=r0_start,
                r0_stop=r0_stop,
                horizon=horizon,
            )
        )
    except OverflowError as error:  # FSW's masks: 63 diagonals, reached near g = 56 (--g)
        raise ValueError(f"g = {g} (--g, --only) is too large for FSW: {error}") from None
    ok = times >= 0
    good = times[ok]
    if good.size:
        mx = int(good.max())
        argmax = r0_start + int(np.flatnonzero(times == mx)[0])
        hist = np.bincount(good).tolist()
    else:
        mx, argmax, hist = -1, -1, []
    return {
        "g": g,
        "r0_start": r0_start,
        "r0_stop": r0_stop,
        "max": mx,
        "argmax": argmax,
        "histogram": hist,
        "unconverged": int((~ok).sum()),
        "horizon": horizon,
    }


def validate_chunk(params: dict[str, Any], result: Any) -> str | None:
    """Why a :func:`run_chunk` summary read back from disk is inconsistent, or None.

    The summary must be that of its own histogram: ``max`` its last value, the
    histogram's total plus ``unconverged`` the number of start rows, ``argmax`` a
    start row of the chunk.

    Examples
    --------
    >>> chunk = run_chunk(1, 2000, 2300)
    >>> params = {"g": 1, "start": 2000, "stop": 2300, "horizon": None}
    >>> validate_chunk(params, chunk)
    >>> validate_chunk(params, {**chunk, "max": 46})
    'max 46 is not the last value of the histogram (45)'
    """
    start, stop = params["start"], params["stop"]
    if (result["g"], result["r0_start"], result["r0_stop"]) != (params["g"], start, stop):
        return f"g, r0_start, r0_stop {result['g']}, {result['r0_start']}, {result['r0_stop']}"
    hist = result["histogram"]
    if any(not isinstance(v, int) or v < 0 for v in hist) or (hist and hist[-1] == 0):
        return "the histogram is not a list of counts ending in a non-zero count"
    if result["max"] != len(hist) - 1:
        return f"max {result['max']} is not the last value of the histogram ({len(hist) - 1})"
    if sum(hist) + result["unconverged"] != stop - start:
        return f"histogram total + unconverged is not {stop - start} start rows"
    if hist and not start <= result["argmax"] < stop:
        return f"argmax {result['argmax']} outside the chunk"
    if params.get("horizon") is not None and result["horizon"] != params["horizon"]:
        return f"horizon {result['horizon']}, not {params['horizon']}"
    return None


def combine(chunks: list[dict[str, Any]]) -> dict[str, Any]:
    """Merge the chunk summaries of one g (any order; chunks must not overlap).

    Examples
    --------
    >>> combine([run_chunk(1, 2300, 2600), run_chunk(1, 0, 2300)])["argmax"]
    2201
    """
    if not chunks:
        raise ValueError("combine: no chunks")
    chunks = sorted(chunks, key=lambda c: c["r0_start"])
    best_max, best_arg = -1, -1
    hist: list[int] = []
    for c in chunks:
        chunk_max = len(c["histogram"]) - 1  # the maximum is the histogram's, never a copy
        if chunk_max > best_max:
            best_max, best_arg = chunk_max, c["argmax"]
        if len(c["histogram"]) > len(hist):
            hist.extend([0] * (len(c["histogram"]) - len(hist)))
        for i, v in enumerate(c["histogram"]):
            hist[i] += v
    return {
        "g": chunks[0]["g"],
        "r0_start": chunks[0]["r0_start"],
        "r0_stop": chunks[-1]["r0_stop"],
        "max": best_max,
        "argmax": best_arg,
        "histogram": hist,
        "unconverged": sum(c["unconverged"] for c in chunks),
        "horizon": chunks[0]["horizon"],
    }


def chunk_task(params: dict[str, Any]) -> dict[str, Any]:
    """One chunk of the sweep for :func:`runs.runner.run_chunks`.

    ``params`` holds ``g``, ``start``, ``stop`` (start rows) and ``horizon``.
    """
    return run_chunk(params["g"], params["start"], params["stop"], params["horizon"])


def run_experiment(
    gmax: int,
    rows: int,
    *,
    chunk: int = 100_000,
    horizon: int | None = None,
    only: Sequence[int] | None = None,
    quiet: bool = True,
    **execution: Any,
) -> ExperimentResult:
    """Table 5 for g <= gmax (or the g in ``only``), start rows 0..rows.

    The start rows of every g are split into chunks of ``chunk`` rows and run
    by :func:`runs.runner.run_chunks`; ``execution`` is passed on
    (``out_dir`` to resume, ``scheduler``, ``workers``; the default here is
    ``workers=0``, in this process). The merge is in chunk order, so the
    result does not depend on the number of workers.
    """
    declared = Table5Parameters(gmax, only, rows=rows, chunk=chunk, horizon=horizon)
    declared.check()
    gs = declared.gs
    n_chunks = len(gs) * -(-(rows + 1) // chunk)
    check_chunk_count(n_chunks, f"{len(gs)} values of g x --rows {rows} / --chunk {chunk}")
    start = time.perf_counter()
    run_chunk(1, 0, 2)  # compile (or load the numba cache) here, outside the timing
    compile_s = time.perf_counter() - start
    chunks = [
        c
        for g in gs
        for c in range_chunks(
            0, rows + 1, chunk, prefix=f"g{g:02d}-r0", g=g, horizon=declared.horizon
        )
    ]
    execution.setdefault("workers", 0)
    start = time.perf_counter()
    results = run_chunks(
        chunk_task,
        chunks,
        name=NAME,
        parameters={key: value for key, value in declared.as_json().items() if key != "g"},
        description=f"table 5, g in {gs[0]}..{gs[-1]}, {rows + 1} start rows",
        quiet=quiet,
        validate=validate_chunk,
        **execution,
    )
    table: list[list[Any]] = []
    comparison: list[dict[str, Any]] = []
    for g in gs:
        c = combine([r for ch, r in zip(chunks, results, strict=True) if ch.params["g"] == g])
        at_max = c["histogram"][-1] if c["histogram"] else 0
        table.append(
            [g, c["max"], c["argmax"], at_max, c["unconverged"], c["horizon"], c["histogram"]]
        )
        comparison += compare_table5(g, c["max"], c["argmax"], rows + 1, instances=at_max)
    return ExperimentResult(
        name=NAME,
        parameters=declared.as_json(),
        columns=[
            "g",
            "max_rows",
            "first_start_row",
            "instances_at_max",
            "unconverged",
            "horizon",
            "histogram",
        ],
        table=table,
        timings={
            "compile": compile_s,
            "run": time.perf_counter() - start,
            "workers": float(results.workers),
            "chunks_computed": float(len(results.computed)),
            "chunks_reused": float(len(results.reused)),
        },
        comparison=comparison,
    )


def convergence_histogram(g: int, rows: int, quiet: bool = True) -> dict[int, int]:
    """Figure 11's data: rows to convergence -> number of start rows 0..rows, for g."""
    result = run_experiment(g, rows, only=[g], quiet=quiet)
    return {value: count for value, count in enumerate(result.table[0][6]) if count}


def figure11_histogram(
    g: int, rows: int | None, saved: str | None = None, quiet: bool = False
) -> tuple[list[tuple[int, int]], int | None]:
    """Figure 11's data: ([(rows to convergence, count)], the starting rows), from the
    saved result in ``saved`` (``--input``) or computed for rows 0..``rows`` (default 10^6)."""
    if saved:
        return load_convergence_histogram(saved, g)
    rows = rows if rows is not None else 1_000_000
    histogram = convergence_histogram(g=g, rows=rows, quiet=quiet)
    return sorted((int(v), int(c)) for v, c in histogram.items()), rows


def load_convergence_histogram(path: str, g: int) -> tuple[list[tuple[int, int]], int | None]:
    """[(rows to convergence, count)] for ``g`` from a saved convergence result.

    Accepts a directory (its ``result.json``) or a JSON file holding either
    ``{"histogram": ...}`` / ``{"histograms": {g: ...}}`` (a mapping value ->
    count or a list of [value, count]), or an ExperimentResult whose columns
    name the rows to convergence (a column containing ``conv``) and ``count``,
    with an optional ``g`` column.
    """
    try:
        data = read_json(check_input_file(path, "--input", in_dir="result.json"), "--input")
        return _convergence_histogram_of(data, path, g)
    except (KeyError, TypeError, AttributeError, IndexError) as error:
        raise ValueError(
            f"--input: {path!r} holds no usable convergence histogram ({error!r})"
        ) from None


def _convergence_histogram_of(
    data: Any, path: str, g: int
) -> tuple[list[tuple[int, int]], int | None]:
    if not isinstance(data, dict):
        raise ValueError(f"--input: {path!r} holds a JSON {type(data).__name__}, not an object")
    rows = None
    params = data.get("parameters", {})
    for key in ("rows", "r_max", "rmax", "rows_max"):
        if key in params:
            rows = int(params[key])
    raw: Any = None
    if "histograms" in data:
        per_g = data["histograms"]
        raw = per_g.get(str(g), per_g.get(g)) if isinstance(per_g, dict) else None
    elif "histogram" in data:
        raw = data["histogram"]
    elif "columns" in data and "table" in data:
        raw = _table_histogram(data["columns"], data["table"], g)
    if raw is None:
        raise ValueError(
            f"--input: {path!r} holds no convergence histogram for g = {g} (expected 'histogram', "
            "'histograms' or a table with a rows-to-convergence and a 'count' column)"
        )
    pairs = raw.items() if isinstance(raw, dict) else raw
    histogram = sorted((int(v), int(c)) for v, c in pairs)
    if not histogram:
        raise ValueError(f"{path}: the convergence histogram for g = {g} is empty")
    return histogram, rows


def _table_histogram(columns: list[Any], table: list[Any], g: int) -> list[list[Any]] | None:
    """[value, count] of ``g`` from a saved result's table: a dense ``histogram`` column (one
    row per g, as nivasch-table5 saves it) or a rows-to-convergence and a ``count`` column;
    None when the table has neither."""
    names = [str(c).lower() for c in columns]

    def column(accepts: Callable[[str], bool]) -> int | None:
        return next((i for i, name in enumerate(names) if accepts(name)), None)

    dense_col = column(lambda name: name == "histogram")
    value_col = column(lambda name: "conv" in name)
    count_col = column(lambda name: name == "count")
    g_col = column(lambda name: name == "g")
    of_g = (row for row in table if g_col is None or int(row[g_col]) == g)
    if dense_col is not None:  # nivasch-table5: one row per g, histogram[value] = count
        return next(([[v, c] for v, c in enumerate(row[dense_col]) if c] for row in of_g), None)
    if value_col is not None and count_col is not None:
        return [[row[value_col], row[count_col]] for row in of_g]
    return None


def register(subparsers: Any) -> None:
    register_experiment(
        subparsers,
        NAME,
        Table5Parameters,
        run,
        help="000 Table 5: rows to convergence of Algorithm FSW (and Figure 11)",
        description=(
            "For each g <= G and start row 0..ROWS, the number of rows Algorithm FSW needs "
            "from the dummy state (3-8) to reach the true state; prints the maximum and the "
            "first start row beside 000 Table 5 (rows marked * differ; the paper searched "
            "10^6 rows) and the histogram summary (Figure 11 is g = 10)."
        ),
        epilog="example: grundy experiment nivasch-table5 --g 10 --rows 1000000",
        chunked=True,
        out_help=(
            "a directory (created if missing; a file is refused) for result.json, the manifest "
            "and the finished chunks; re-running with the same --out resumes (finished chunks "
            "that check are skipped, any other is recomputed)"
        ),
    )


def printed_table(result: ExperimentResult) -> ResultTable:
    """The printed table: per g, the maximum rows to convergence and the first start row
    attaining it, the mark and the value of 000 Table 5 (and §3.3's search to 10^7 where it
    has one), the start rows at the maximum and those unconverged."""
    paper = {row["g"]: row for row in result.comparison if row["table"] == 5}
    paper7 = {row["g"]: row for row in result.comparison if row["table"] == "3.3"}
    rows = []
    for g, mx, arg, at_max, unconv, _, _hist in result.table:
        row = paper.get(g)
        extra = ""
        if g in paper7:
            p7 = paper7[g]
            extra = f"  (§3.3 to 10^7: {p7['paper']} x {p7['paper_n']} {comparison_mark(p7)})"
        cells = [g, mx, arg, comparison_mark(row), f"{row['paper']} @ {row['paper_n']}" if row
                 else "-", at_max, f"{unconv}{extra}"]  # fmt: skip
        rows.append([str(cell) for cell in cells])
    return ResultTable(
        ["g", "max", "first r0", "", "paper", "#max", "unconverged"],
        rows,
        widths=[3, 6, 10, 8, 16, 6, 0],
        align="rrrrrrl",
        gaps=[" ", " ", " ", " ", " ", "  "],
    )


def run(args: argparse.Namespace) -> int:
    execution = execution_kwargs(args)
    execution["quiet"] = args.quiet or args.json
    declared = Table5Parameters.from_args(args)
    result = run_experiment(**declared.keywords(g="gmax"), **execution)
    if result.deliver_args(args, directory=True):
        return result.exit_code
    console.print(
        f"000 Table 5: rows to convergence, start rows 0..{args.rows} "
        "(paper: '=' exact, '(within)' our search stops before the paper's row, "
        "'(beyond)' ours searches past 10^6, DIFFERS marks a difference)"
    )
    console.print(str(printed_table(result)), markup=False)
    last = result.table[-1]
    hist = last[6]
    if hist:
        total = sum(hist)
        mean = sum(i * v for i, v in enumerate(hist)) / total
        console.print(
            f"histogram g = {last[0]} (Figure 11 is g = 10): {total} runs, mean {mean:.2f} rows, "
            f"0 rows: {hist[0]}, >= 100 rows: {sum(hist[100:])}, max {len(hist) - 1}"
        )
    console.print(timings_text(result.timings))
    return result.exit_code
