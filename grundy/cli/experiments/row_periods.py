"""``grundy experiment row-periods``: exact periods of many rows (the strip).

For each row X in the range, the strip of rows 0..X (:mod:`fast.strip`,
through the registry) runs until two normalised windows of W = 3X columns
are equal, which proves the additive periodicity G(X, m + p) = G(X, m) + s
for m >= preperiod (docs/strip.md; Landman's argument, seed 004 §3; seed
001 Theorem 4 / Remark 5 for F-/R-Wythoff columns). The table has one line
per row: (row, preperiod, period, saltus, cycle_start, cycle_length,
seconds), where the cycle is the proof (the strip: periodic from
cycle_start = y0 - W with the joint period cycle_length of rows 0..X; the
reference machine, ``--check-reference``: its first repeated state) and
preperiod/period are the minimal ones read from the values:

* ``period`` p is the least p >= 1 with G(X, m + p) - G(X, m) constant
  (= ``saltus`` s, always p here) for all m >= some m0;
* ``preperiod`` is the least y0 >= 0 such that G(X, y + p) = G(X, y) + s
  for every y >= y0.

Both are exact, not read off a finite table: the repeated state determines
every later value. With ``--check-reference`` every row is also computed by
:mod:`reference.landman` and compared; with ``--check-table SIZE`` every row
whose preperiod + 2 * period fits is checked against an independent
brute-force table G[x, y], 0 <= x, y < SIZE (:func:`fast.tables.grundy_table`,
the mex over the followers): the relation holds from the preperiod to the
end of the table, fails at preperiod - 1, and fails for every proper
divisor of the period.

For wythoff, f-wythoff and r-wythoff the sweep is **one strip** of rows
0..B (B the last row asked): its certificate covers every row below it, so
no row is computed twice (the strip runs on ``--threads`` threads). With
``--chunks DIR`` it is checkpointed: every ``--checkpoint-every`` seconds
the strip's state (its normalised window, docs/strip.md) is written
atomically with a digest to ``DIR/strip-<game>-rows-0-<B>/``, and the same
command again resumes from the last good checkpoint (a damaged one is
named and passed over); ``grundy verify DIR`` re-checks the finished run
independently. ``--period-multiple Q`` (a multiple of the joint period,
e.g. 786432 for Wythoff rows up to 2047 if the periods stay 3 * 2^j)
counts the preperiods in the same pass; otherwise (or if Q turns out not
to be a multiple) a second pass counts them. Other games run one chunk
per block of rows (``--block``, one certificate of rows 0..last each)
through :func:`runs.runner.run_chunks`: ``--chunks DIR`` keeps the
finished blocks in ``DIR/chunks/``; ``--workers`` / ``--scheduler`` run
them on Dask (default ``--workers 0``, in this process).

The proof may start later than the preperiod and its length be a multiple
of the period (cycle_start >= preperiod, cycle_length a multiple of
period). The registry/atlas files were made by Landman's machine (their
cycle columns are the machine's); the strip agrees with every row's
(preperiod, period, saltus). ``--rows`` has no cap of its own: the strip
checks its memory estimate before it runs (its ring of columns and window
table, :func:`fast.strip.strip_periods`), and refuses what does not fit.

Seed 003 prints row 3 of Wythoff (preperiod 8, period 6, saltus 6); that row
is compared with the paper whenever it is in the range.
"""

from __future__ import annotations

import argparse
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

import spec
from grundy.cli.experiments import (
    ExperimentResult,
    add_experiment_options,
    load_result,
    timings_text,
)
from grundy.cli.experiments.parameters import Parameters, constant, flag, parameter, text
from grundy.cli.output import add_execution_options, console, output_dir
from grundy.cli.parsing import short_int
from grundy.display import ResultTable
from reference import landman as ref_landman
from registry import BUDGET_SECONDS, TooLarge, ask, question
from registry.rows import write_atlas_state
from registry.tables import kernel_code
from runs.chunks import Chunk
from runs.progress import warn
from runs.runner import report_progress, run_chunks

__all__ = [
    "COLUMNS",
    "RowPeriodsParameters",
    "check_against_table",
    "printed_table",
    "row_chunk",
    "run_experiment",
    "saved_series",
    "strip_directory",
]

#: Seed 003's row-3 example (preperiod, period, saltus).
PUBLISHED = {("wythoff", 3): (8, 6, 6)}
#: The preperiod convention (stated in every result).
PREPERIOD = "least y0 >= 0 with G(row, y + period) = G(row, y) + saltus for all y >= y0"
COLUMNS = ["row", "preperiod", "period", "saltus", "cycle_start", "cycle_length", "seconds"]
#: Seconds between two checkpoints of a strip run (``--checkpoint-every``).
CHECKPOINT_SECONDS = 300.0
NAME = "row-periods"


@dataclass(frozen=True)
class RowPeriodsParameters(Parameters):
    """The experiment's parameters: its options (in ``--help``'s order), its JSON
    ``parameters`` (:meth:`as_json`: game, rows, check_reference, check_table and the
    preperiod's convention), those of its run's manifest (:meth:`run_parameters`) and of its
    chunks (:meth:`chunk_parameters`); the names and values of both are those of the runs
    made before they were declared here, so their digests still match and a run resumes."""

    game: str = text(
        "wythoff",
        "wythoff, f-wythoff, r-wythoff (the strip), or any two-pile game whose rows are "
        "lines: rays that allow every move along the row (nimhof:0,1/1,0/1,2, a-wythoff:2) or "
        "stated row_shifts (a plugin's e-wythoff): the generic certificate, docs/strip.md",
    )
    rows: range = parameter(
        range(0, 24),
        "A..B with 0 <= A <= B (default 0..23); no row cap: the run's memory estimate "
        "is checked before it starts (Wythoff rows 0..2047: about 3.4 GB with "
        "--period-multiple 786432)",
        kind="range",
    )
    check_reference: bool = flag(
        "also run the plain-Python reference machine (Landman's) on every row and compare"
    )
    block: int = parameter(
        50,
        "rows per chunk for games without the strip (one certificate of rows 0..its last "
        "row each; default 50); wythoff, f-wythoff, r-wythoff always run one strip",
        lo=1,
        json=False,
    )
    threads: int | None = parameter(
        None, "threads of the strip (default: all cores)", lo=1, hi=256, json=False
    )
    checkpoint_every: float = parameter(
        int(CHECKPOINT_SECONDS),
        f"with --chunks: seconds between two checkpoints of the strip (default "
        f"{int(CHECKPOINT_SECONDS)})",
        lo=1,
        hi=10**6,
        metavar="SECONDS",
        json=False,
    )
    state: str | None = text(
        None,
        "with --chunks: write the strip's state at the end of the run (its last "
        "normalised window, blanked and compressed, with a digest) to FILE (.state.npz): "
        "shipped beside the atlas, it gives far values of every row in one period "
        "(registry.rows.atlas_value)",
        metavar="FILE",
        json=False,
    )
    period_multiple: int | None = parameter(
        None,
        "a multiple of the joint period of the rows, if known (Wythoff: 3 * 2^j): the "
        "preperiods are then counted in the first pass (a ring of Q columns); if it is not "
        "a multiple, a second pass counts them",
        lo=1,
        hi=10**9,
        metavar="Q",
        json=False,
    )
    budget: float | None = parameter(
        None,
        f"the strip's search stops (refused in one line) past the columns SECONDS buy at "
        f"the measured speed (default {BUDGET_SECONDS:.0f}; none with --chunks, a "
        "checkpointed run that resumes)",
        lo=1,
        metavar="SECONDS",
        json=False,
    )
    check_table: int = parameter(
        0,
        "check every row that fits against a brute-force SIZE x SIZE table",
        lo=0,
        hi=20_000,
        metavar="SIZE",
    )
    preperiod: str = constant(PREPERIOD)

    def run_parameters(self, block: int) -> dict[str, Any]:
        """The parameters of the run's manifest (``block``: the rows of a chunk as run, all
        of them for a strip game)."""
        return {"game": self.game, "rows": [self.rows.start, self.rows.stop - 1],
                "check_reference": self.check_reference, "block": block,
                "period_multiple": self.period_multiple}  # fmt: skip

    def chunk_parameters(self, first: int, last: int, checkpoints: str | None) -> dict[str, Any]:
        """The parameters of the chunk of rows ``first..last`` (:func:`row_chunk`): for a
        strip game, the strip's too (``checkpoints``: its directory, or None)."""
        made = {"game": self.game, "rows": [first, last], "check_reference": self.check_reference}
        if _strip_code(self.game) is None:
            return made
        return {**made, "threads": self.threads, "period_multiple": self.period_multiple,
                "checkpoints": checkpoints, "checkpoint_every": self.checkpoint_every,
                "budget": self.budget}  # fmt: skip


def _table(game: str, size: int) -> np.ndarray:
    """The brute-force table G[x, y], 0 <= x, y < size (the registry's ``grundy-table``)."""
    return np.asarray(ask("grundy-table", game, size=size))


def _chunk_name(game: str) -> str:
    """The game's name in a chunk id (``:``, ``/`` and ``,`` are not allowed there).

    >>> _chunk_name("nimhof:0,1/1,0/1,2")
    'nimhof=0+1-1+0-1+2'
    """
    return game.replace(":", "=").replace("/", "-").replace(",", "+")


def strip_directory(out_dir: str | Path, game: str, last: int) -> Path:
    """Where a strip run of rows 0..last keeps its checkpoints under ``--chunks DIR``.

    >>> strip_directory("runs", "wythoff", 2047).as_posix()
    'runs/strip-wythoff-rows-0-2047'
    """
    return Path(out_dir) / f"strip-{_chunk_name(game)}-rows-0-{last}"


def _strip_code(game: str) -> str | None:
    """The strip's kernel (and Landman's machine) for ``game``'s rule, from the game object
    (:func:`registry.tables.kernel_code`: ``nimhof:1,0/0,1/1,1`` is Wythoff), or None."""
    return kernel_code(spec.get_game(game))


def _certificate(game: str, rows: int, params: dict[str, Any] | None = None) -> Any:
    """The window certificate of rows 0..rows-1, by the registry's ``row-certificate``: the
    strip (wythoff, f-wythoff, r-wythoff, known by their rule), or the generic one on the
    engine's blocks for a game whose rows are lines (docs/strip.md).

    ``params`` (the strip's): ``threads``, ``period_multiple``, ``budget`` (seconds: the
    columns it buys at the measured speed), ``checkpoints`` (a directory) and
    ``checkpoint_every`` (seconds).
    """
    params = params or {}
    budget = params.get("budget")
    domain: dict[str, Any] = {
        "threads": params.get("threads"),
        "period_multiple": params.get("period_multiple"),
        "seconds": budget,
    }
    if params.get("checkpoints"):

        def note(text: str) -> None:
            print(f"{time.strftime('%H:%M:%S')} {game} rows 0..{rows - 1}: {text}",
                  file=sys.stderr, flush=True)  # fmt: skip

        domain.update(
            checkpoints=params["checkpoints"],
            every=float(params.get("checkpoint_every", CHECKPOINT_SECONDS)),
            warn=warn,
            parameters={"game": game, "rows": rows,
                        "period_multiple": params.get("period_multiple")},
            note=note,
        )  # fmt: skip
    door = question("row-certificate", spec.get_game(game))

    def progress(done: int, total: int | None, unit: str) -> None:
        report_progress(done, done if total is None else total)  # the budget's columns

    try:
        return door(rows=rows, progress=progress, **domain).value
    except RuntimeError as error:  # no repeated window within the budget's columns
        if budget is None or _strip_code(game) is None or "no repeated window" not in str(error):
            raise
        raise ValueError(
            f"{error} (the budget of {budget:g} s at the measured speed, "
            "fast.strip.certificate_seconds); --budget SECONDS goes further, and "
            "--chunks DIR checkpoints a long run (no budget then unless given)"
        ) from None


def row_chunk(params: dict[str, Any]) -> list[dict[str, Any]]:
    """One block of rows of the sweep (a :func:`runs.runner.run_chunks` chunk function).

    ``params``: ``game``, ``rows`` ([first, last]) and ``check_reference``.
    One strip of rows 0..last certifies every row of the block at once (the
    window certificate covers all rows <= last); each row's line gives the
    block's seconds. With ``check_reference`` every row is also run through
    Landman's machine (plain Python).

    Examples
    --------
    >>> r = row_chunk({"game": "wythoff", "rows": [2, 3], "check_reference": False})
    >>> [(x["row"], x["preperiod"], x["period"], x["saltus"]) for x in r]
    [(2, 0, 3, 3), (3, 8, 6, 6)]
    """
    game, (first, last) = params["game"], params["rows"]
    t0 = time.perf_counter()
    found = _certificate(game, last + 1, params)
    seconds = round(time.perf_counter() - t0, 3)
    out = []
    for row in range(first, last + 1):
        per = found.periodicities[row]
        line: dict[str, Any] = {
            "row": row,
            "preperiod": int(per.preperiod),
            "period": int(per.period),
            "saltus": int(per.saltus),
            "cycle_start": int(found.y0 - found.window),
            "cycle_length": int(found.period),
            "seconds": seconds,
        }
        if params.get("check_reference"):
            t1 = time.perf_counter()
            # Landman's machine (plain Python), for the strip's games
            ref = ref_landman.row_periodicity(row, _strip_code(game))  # type: ignore[arg-type]
            line["reference"] = [int(ref.preperiod), int(ref.period), int(ref.saltus)]
            line["reference_seconds"] = round(time.perf_counter() - t1, 3)
        out.append(line)
    return out


def check_against_table(
    table: np.ndarray, row: int, preperiod: int, period: int, saltus: int
) -> bool | None:
    """Check one row's (preperiod, period, saltus) against a brute-force table.

    True when, in ``table[row]``: G(row, y + p) = G(row, y) + s for every
    preperiod <= y < size - p; not at y = preperiod - 1 (if preperiod > 0);
    and for every proper divisor q of p, G(row, y + q) - G(row, y) is not
    constant on preperiod <= y < size - q. None when the table is too short
    (size < preperiod + 2 p + 1). False otherwise.

    Examples
    --------
    >>> t = np.array([[3, 4, 5, 6, 2, 0, 1, 9, 10, 12, 8, 7, 15, 11, 16, 18, 14, 13, 21, 17, 22]])
    >>> check_against_table(t, 0, 8, 6, 6)
    True
    >>> check_against_table(t, 0, 7, 6, 6), check_against_table(t, 0, 8, 3, 6)
    (False, False)
    """
    values = np.asarray(table[row], dtype=np.int64)
    size = values.size
    if size < preperiod + 2 * period + 1:
        return None
    diff = values[period:] - values[:-period]
    if not (diff[preperiod:] == saltus).all():
        return False
    if preperiod > 0 and diff[preperiod - 1] == saltus:
        return False
    for q in range(1, period):
        if period % q == 0:
            d = values[preperiod + q :] - values[preperiod:-q]
            if (d == d[0]).all():
                return False
    return True


def _published_comparison(game: str, results: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The comparison rows of ``results`` with seed 003's printed rows and, where a chunk ran
    it, Landman's machine (``reference.landman``)."""
    comparison: list[dict[str, Any]] = []
    for r in results:
        ours = [r["preperiod"], r["period"], r["saltus"]]
        if (game, r["row"]) in PUBLISHED:
            printed = list(PUBLISHED[(game, r["row"])])
            comparison.append(
                {
                    "row": r["row"],
                    "source": "seed 003",
                    "ours": ours,
                    "paper": printed,
                    "agrees": ours == printed,
                }
            )
        if "reference" in r:
            comparison.append(
                {
                    "row": r["row"],
                    "source": "reference.landman",
                    "ours": ours,
                    "paper": r["reference"],
                    "agrees": ours == r["reference"],
                }
            )
    return comparison


def _table_comparison(
    game: str, results: list[dict[str, Any]], check_table: int
) -> list[dict[str, Any]]:
    """The comparison rows of the rows below ``check_table`` with the registry's table."""
    brute = _table(game, check_table)
    comparison: list[dict[str, Any]] = []
    for r in results:
        if r["row"] < check_table:
            ok = check_against_table(brute, r["row"], r["preperiod"], r["period"], r["saltus"])
            if ok is not None:
                comparison.append(
                    {
                        "row": r["row"],
                        "source": f"the registry's grundy-table ({game!r}, {check_table})",
                        "ours": [r["preperiod"], r["period"], r["saltus"]],
                        "paper": "brute-force table",
                        "agrees": ok,
                    }
                )
    return comparison


def run_experiment(
    game: str,
    rows: range,
    *,
    check_reference: bool = False,
    check_table: int = 0,
    block: int = 50,
    quiet: bool = True,
    threads: int | None = None,
    period_multiple: int | None = None,
    checkpoint_every: float = CHECKPOINT_SECONDS,
    budget: float | None = None,
    **execution: Any,
) -> ExperimentResult:
    """The (preperiod, period, saltus) of every row in ``rows``.

    Wythoff, F-Wythoff, R-Wythoff: one chunk, one strip of rows 0..(the last
    row) on ``threads`` threads (default all cores), whose certificate
    covers every row below its top; with ``out_dir`` it is checkpointed every
    ``checkpoint_every`` seconds under :func:`strip_directory` and resumed
    from there. ``period_multiple`` counts the preperiods in the first pass
    when the joint period divides it (:func:`fast.strip.strip_periods`).
    ``budget`` (seconds, None: no bound) bounds the strip's search (the registry's
    ``row-certificate``): the columns it buys at the measured speed; a joint
    period not found within them is refused in one line (F-/R-Wythoff's joint
    periods grow fast and are known only once found).
    Other games: one chunk per ``block`` rows, each the generic certificate
    of rows 0..(its last row); chunks are independent (separate Dask workers).

    ``execution`` goes to :func:`runs.runner.run_chunks` (``out_dir``
    to resume, ``workers``, ``scheduler``; default ``workers=0``).
    ``compile`` (numba, first call) is timed apart from ``run``.
    """
    game = spec.get_game(game).describe()  # validates the name; the canonical form
    if check_table < 0:
        raise ValueError(f"--check-table must be >= 0 (check_table = {check_table})")
    if check_reference and _strip_code(game) is None:
        raise ValueError(
            f"--check-reference: Landman's machine covers {', '.join(ref_landman.GAMES)} only "
            f"(game = {game})"
        )
    start = time.perf_counter()
    _certificate(game, 2)  # compile or load from the numba cache; refuses a game without rays
    compile_s = time.perf_counter() - start
    if isinstance(block, bool) or not isinstance(block, int) or block < 1:
        raise ValueError(f"--block must be an int >= 1 (block = {block!r})")
    if checkpoint_every <= 0:
        raise ValueError(f"--checkpoint-every must be > 0 (checkpoint_every = {checkpoint_every})")
    declared = RowPeriodsParameters(
        game, rows, check_reference, block, threads, checkpoint_every,
        period_multiple=period_multiple, budget=budget, check_table=check_table,
    )  # fmt: skip
    strip = _strip_code(game) is not None
    if strip:  # one strip: its certificate covers every row below its top
        block = rows.stop - rows.start
    out_dir = execution.get("out_dir")
    checkpoints = str(strip_directory(out_dir, game, rows.stop - 1)) if strip and out_dir else None
    chunks = [
        Chunk(
            f"{_chunk_name(game)}-rows-{a:05d}-{min(a + block, rows.stop) - 1:05d}",
            declared.chunk_parameters(a, min(a + block, rows.stop) - 1, checkpoints),
        )
        for a in range(rows.start, rows.stop, block)
    ]
    execution.setdefault("workers", 0)
    start = time.perf_counter()
    try:
        blocks = run_chunks(
            row_chunk,
            chunks,
            name=NAME,
            parameters=declared.run_parameters(block),
            description=f"{game} rows {rows.start}..{rows.stop - 1}",
            quiet=quiet,
            **execution,
        )
    except TooLarge as error:  # the strip's memory estimate: name the option that asked it
        raise TooLarge(f"--rows {rows.start}..{rows.stop - 1}: {error}") from None
    run_s = time.perf_counter() - start
    results = [line for block_lines in blocks for line in block_lines]
    table: list[list[Any]] = [[r[c] for c in COLUMNS] for r in results]
    comparison = _published_comparison(game, results)
    timings = {
        "compile": compile_s,
        "run": run_s,
        "rows_seconds": float(sum(b[0]["seconds"] for b in blocks if b)),
        "chunks_computed": float(len(blocks.computed)),
        "chunks_reused": float(len(blocks.reused)),
    }
    if check_reference:
        timings["reference"] = float(sum(r.get("reference_seconds", 0.0) for r in results))
    if check_table:
        t0 = time.perf_counter()
        comparison += _table_comparison(game, results, check_table)
        timings["check_table"] = time.perf_counter() - t0
    return ExperimentResult(
        name=NAME,
        parameters=declared.as_json(),
        columns=COLUMNS,
        table=table,
        timings=timings,
        comparison=comparison,
    )


def saved_series(path: str) -> tuple[str, list[list[Any]]]:
    """(game, [[row, preperiod, period]]) of a saved row-periods result (``grundy plot
    row-periods``), its shape checked row by row; an undetermined period is NaN."""
    saved = load_result(path)
    if saved.name != "row-periods":
        raise ValueError(f"--input: {path!r} is not a row-periods result (it is {saved.name!r})")
    game = saved.parameters.get("game")
    if not isinstance(game, str):
        raise ValueError(f"--input: {path!r}: parameters.game is not a game name ({game!r})")
    for index, row in enumerate(saved.table):
        if not isinstance(row, list) or len(row) < 3:
            raise ValueError(
                f"--input: {path!r}: table row {index} is not [row, preperiod, period, ...]"
            )
        for column, value, least in zip(
            ("row", "preperiod", "period"), row[:3], (0, 0, 1), strict=True
        ):
            if value is None and column != "row":
                continue  # not determined for this row: not drawn
            if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value - least:
                raise ValueError(
                    f"--input: {path!r}: table row {index}: {column} = {value!r} is not an "
                    f"integer >= {least}"
                )
            if value >= 2**53:
                raise ValueError(
                    f"--input: {path!r}: table row {index}: {column} = {short_int(value)} is "
                    "too large to draw"
                )
    return game, [
        [r[0], np.nan if r[1] is None else r[1], np.nan if r[2] is None else r[2]]
        for r in saved.table
    ]


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "row-periods",
        help="exact (preperiod, period, saltus) of rows A..B (the strip's window certificate)",
        description=(
            "Exact additive periods of rows A..B of Wythoff (G(X, m), m varying) or columns "
            "of F-/R-Wythoff (Jiao's column a), proven by two equal normalised windows of "
            "the strip of rows 0..X (docs/strip.md; Landman's argument, seed 004 §3; seed "
            "001 Thm 4, Remark 5). preperiod/period/saltus are the minimal periodicity of "
            "the values (G(X, m + period) = G(X, m) + saltus for m >= preperiod); "
            "cycle_start/cycle_length: the proof (periodic from cycle_start with period "
            "cycle_length; cycle_start >= preperiod, cycle_length a multiple of period). "
            "One chunk per --block rows (one strip each); --chunks DIR resumes a sweep."
        ),
        epilog="example: grundy experiment row-periods --game wythoff --rows 0..23",
    )
    RowPeriodsParameters.add_options(parser)
    parser.add_argument(
        "--chunks",
        default=None,
        type=output_dir("--chunks"),
        metavar="DIR",
        help="directory for the manifest, one file per finished block and the strip's "
        "checkpoints; re-running resumes ('grundy verify DIR' re-checks a strip run)",
    )
    add_experiment_options(parser)
    add_execution_options(parser)
    parser.set_defaults(func=run)


def _write_state(args: argparse.Namespace, rows: range) -> None:
    """``--state FILE``: the shipped state of the finished strip run in ``--chunks``."""
    game = spec.get_game(args.game).describe()
    if args.chunks is None or _strip_code(game) is None:
        raise ValueError(
            "--state needs --chunks DIR and a strip game (wythoff, f-wythoff, r-wythoff)"
        )
    command = "grundy experiment row-periods " + " ".join(sys.argv[3:] if len(sys.argv) > 3 else [])
    meta = write_atlas_state(
        Path(args.state),
        strip_directory(args.chunks, game, rows.stop - 1),
        {"command": command.strip()},
    )
    console.print(
        f"state of rows 0..{meta['rows'] - 1} before column {meta['column']:,}: {args.state}"
    )


def _budget(args: argparse.Namespace) -> float | None:
    """``--budget``; by default the registry's budget, or none for a checkpointed run."""
    if args.budget is not None:
        return float(args.budget)
    return None if args.chunks is not None else BUDGET_SECONDS


def printed_table(result: ExperimentResult) -> ResultTable:
    """The printed table: a line per row, its :data:`COLUMNS` each 12 wide."""
    rows = [[str(value) for value in line] for line in result.table]
    return ResultTable(COLUMNS, rows, widths=[12] * len(COLUMNS), gaps=[" "] * (len(COLUMNS) - 1))


def run(args: argparse.Namespace) -> int:
    declared = RowPeriodsParameters.from_args(args)
    rows = declared.rows
    if declared.state is not None and (args.chunks is None or _strip_code(declared.game) is None):
        raise ValueError(
            f"--state needs --chunks DIR and a strip game (wythoff, f-wythoff, r-wythoff); "
            f"state = {declared.state}"
        )
    result = run_experiment(
        declared.game,
        rows,
        check_reference=declared.check_reference,
        check_table=declared.check_table,
        block=declared.block,
        quiet=args.quiet or args.json,
        threads=declared.threads,
        period_multiple=declared.period_multiple,
        checkpoint_every=float(declared.checkpoint_every),
        budget=_budget(args),
        out_dir=args.chunks,
        out_option="--chunks",
        scheduler=args.scheduler,
        workers=0 if args.workers is None else args.workers,
    )
    if args.state is not None:
        _write_state(args, rows)
    if result.deliver_args(args):
        return result.exit_code
    console.print(
        f"{args.game}: exact additive periods (the strip's window certificate), rows "
        f"{rows.start}..{rows.stop - 1}"
    )
    console.print(
        "preperiod/period/saltus: minimal periodicity of the values; cycle_start/cycle_length: "
        "the proof (equal normalised windows of the strip)",
        markup=False,
    )
    console.print(str(printed_table(result)))
    for row in result.comparison:
        mark = "agrees" if row["agrees"] else "DIFFERS"
        console.print(
            f"row {row['row']}: ours {row['ours']}, {row['source']} {row['paper']}: {mark}"
        )
    console.print(timings_text(result.timings, reference="reference", check_table="table check"))
    if args.out:
        console.print(f"saved {args.out}")
    return result.exit_code
