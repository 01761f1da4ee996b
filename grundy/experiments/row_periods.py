"""``grundy experiment row-periods``: exact periods of many rows (Landman's machine).

For each row X in the range, the fast machine (numba, :mod:`fast.landman`)
runs until a state repeats, which proves the additive periodicity
G(X, m + p) = G(X, m) + p for m >= preperiod (seed 004 §3; seed 001
Theorem 4 / Remark 5 for F-/R-Wythoff columns). The table has one line per
row: (row, preperiod, period, saltus, cycle_start, cycle_length).

* ``preperiod``, ``period``, ``saltus``: the *minimal* periodicity of the row's
  values, G(X, m + period) = G(X, m) + saltus for every m >= preperiod (what the
  papers print; seed 003's row 3: 8, 6, 6);
* ``cycle_start``, ``cycle_length``: where the *machine's* state first repeats
  and after how many steps (the proof). The machine's state holds more than
  the values, so its cycle may start later and be a multiple of the period:
  cycle_start >= preperiod and cycle_length is a multiple of period.

With ``--check-reference`` every row is also computed by
:mod:`reference.landman` and compared.

Work grows quickly with the row (``grundy period wythoff --row 100`` alone
takes over a minute, and the time grows faster than the square of the row),
so ``--rows`` ends at :data:`MAX_ROW` and the run shows
a progress bar.

Seed 003 prints row 3 of Wythoff (preperiod 8, period 6, saltus 6); that row
is compared with the paper whenever it is in the range.
"""

from __future__ import annotations

import argparse
import time
from typing import Any

from fast import landman as fast_landman
from grundy.experiments import ExperimentResult, add_experiment_options, progress_bar
from grundy.output import console, emit_json
from grundy.parsing import count_range
from reference import landman as ref_landman

#: Seed 003's row-3 example (preperiod, period, saltus).
PUBLISHED = {("wythoff", 3): (8, 6, 6)}
COLUMNS = ["row", "preperiod", "period", "saltus", "cycle_start", "cycle_length"]
#: The largest row accepted (the machine's work grows fast with the row).
MAX_ROW = 500


def run_experiment(
    game: str, rows: range, *, check_reference: bool = False, quiet: bool = True
) -> ExperimentResult:
    """Compute the table; ``compile`` (numba, first call) is timed apart from ``run``."""
    ref_landman.rules_for(game)  # validates the game name
    start = time.perf_counter()
    fast_landman.row_periodicity(1, game)  # compile or load from the numba cache
    compile_s = time.perf_counter() - start
    table: list[list[Any]] = []
    comparison: list[dict[str, Any]] = []
    reference_s = 0.0
    start = time.perf_counter()
    with progress_bar(f"{game} rows", len(rows), disable=quiet) as advance:
        for row in rows:
            cycle = fast_landman.machine_cycle(row, game)
            result = fast_landman.row_periodicity(row, game)
            table.append([row, *result, cycle.start, cycle.length])
            if (game, row) in PUBLISHED:
                printed = PUBLISHED[(game, row)]
                comparison.append(
                    {
                        "row": row,
                        "source": "seed 003",
                        "ours": list(result),
                        "paper": list(printed),
                        "agrees": tuple(result) == printed,
                    }
                )
            if check_reference:
                t0 = time.perf_counter()
                ref = ref_landman.row_periodicity(row, game)
                reference_s += time.perf_counter() - t0
                comparison.append(
                    {
                        "row": row,
                        "source": "reference.landman",
                        "ours": list(result),
                        "paper": list(ref),
                        "agrees": tuple(result) == tuple(ref),
                    }
                )
            advance(1)
    run_s = time.perf_counter() - start - reference_s
    timings = {"compile": compile_s, "run": run_s}
    if check_reference:
        timings["reference"] = reference_s
    return ExperimentResult(
        name="row-periods",
        parameters={
            "game": game,
            "rows": [rows.start, rows.stop - 1],
            "check_reference": check_reference,
        },
        columns=COLUMNS,
        table=table,
        timings=timings,
        comparison=comparison,
    )


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "row-periods",
        help="exact (preperiod, period, saltus) of rows A..B (Landman's machine)",
        description=(
            "Exact additive periods of rows A..B of Wythoff (G(X, m), m varying) or columns "
            "of F-/R-Wythoff (Jiao's column a), proven by a repeated state of Landman's "
            "finite-state machine (seed 004 §3; seed 001 Thm 4, Remark 5). Columns: "
            "preperiod/period/saltus are the minimal periodicity of the values "
            "(G(X, m + period) = G(X, m) + saltus for m >= preperiod); cycle_start/"
            "cycle_length are where the machine's state first repeats (the proof; "
            "cycle_start >= preperiod, cycle_length a multiple of period)."
        ),
        epilog="example: grundy experiment row-periods --game wythoff --rows 0..23",
    )
    parser.add_argument("--game", default="wythoff", choices=ref_landman.GAMES)
    parser.add_argument(
        "--rows",
        type=count_range("--rows", hi=MAX_ROW),
        default="0..23",
        help=f"A..B with 0 <= A <= B <= {MAX_ROW} (default 0..23)",
    )
    parser.add_argument(
        "--check-reference",
        action="store_true",
        help="also run the plain-Python reference machine on every row and compare",
    )
    add_experiment_options(parser)
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    rows = args.rows
    result = run_experiment(
        args.game, rows, check_reference=args.check_reference, quiet=args.quiet or args.json
    )
    if args.out:
        result.save(args.out)
    if args.json:
        emit_json(result.__dict__)
        return 0 if result.agrees else 1
    console.print(
        f"{args.game}: exact additive periods (Landman's machine), rows "
        f"{rows.start}..{rows.stop - 1}"
    )
    console.print(
        "preperiod/period/saltus: minimal periodicity of the values; cycle_start/cycle_length: "
        "the machine's first repeated state (the proof)",
        markup=False,
    )
    console.print(" ".join(f"{c:>12}" for c in COLUMNS))
    for line in result.table:
        console.print(" ".join(f"{v:>12}" for v in line))
    for row in result.comparison:
        mark = "agrees" if row["agrees"] else "DIFFERS"
        console.print(
            f"row {row['row']}: ours {row['ours']}, {row['source']} {row['paper']}: {mark}"
        )
    console.print(
        f"compile {result.timings['compile']:.2f} s, run {result.timings['run']:.2f} s"
        + (
            f", reference {result.timings['reference']:.2f} s"
            if "reference" in result.timings
            else ""
        )
    )
    if args.out:
        console.print(f"saved {args.out}")
    return 0 if result.agrees else 1
