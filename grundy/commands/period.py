"""``grundy period``: the exact additive period of a row (Landman's machine)."""

from __future__ import annotations

import argparse
from typing import Any

from fast import landman as fast_landman
from grundy.experiments.row_periods import MAX_ROW
from grundy.output import activity, add_json_option, check_memory, console, emit_json
from grundy.parsing import count
from reference import landman as ref_landman

#: The most period lines printed (each line is one period of values).
MAX_LINES = 10_000
#: Rough bytes per value kept while printing (a Python int in lists and lines).
BYTES_PER_VALUE = 120

#: The implementations of the row machine, by name.
IMPLEMENTATIONS = {"fast": fast_landman, "reference": ref_landman}


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "period",
        help="exact preperiod, period and saltus of a row (Landman's machine)",
        description=(
            "Run Landman's finite-state machine (seed 004 §3; seed 001 Theorem 4 and Remark 5) "
            "on row X until a state repeats: that proves G(X, m + p) = G(X, m) + p for all "
            "m >= preperiod. Row X is G(X, m) as m varies (Wythoff: Landman's G(m, X), the "
            "same by symmetry; F-/R-Wythoff: Jiao's column a = X). Prints the first values "
            "laid out like seed 003's row-3 example: the preperiod, then one line per period."
        ),
        epilog="example: grundy period wythoff --row 3",
    )
    parser.add_argument("game", choices=ref_landman.GAMES, help="wythoff, f-wythoff or r-wythoff")
    parser.add_argument(
        "--row",
        required=True,
        type=count("--row", lo=0, hi=MAX_ROW),
        help=f"the row X, 0..{MAX_ROW} (the machine's work grows fast: row 100 takes a minute)",
    )
    parser.add_argument(
        "--lines",
        type=count("--lines", lo=0, hi=MAX_LINES),
        default=3,
        help=f"period lines to print after the preperiod, 0..{MAX_LINES} (default 3)",
    )
    parser.add_argument(
        "--impl", choices=sorted(IMPLEMENTATIONS), default="fast", help="machine (fast)"
    )
    add_json_option(parser)
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    row = args.row
    impl = IMPLEMENTATIONS[args.impl]
    with activity(f"{args.game} row {row}: running the machine", disable=args.json) as update:
        result = impl.row_periodicity(row, args.game)
        shown = result.preperiod + args.lines * result.period
        check_memory(shown * BYTES_PER_VALUE, f"{shown:,} values of row {row} (--lines)")
        update(f"computing {shown:,} values")
        values = [int(v) for v in impl.row_values(row, max(shown - 1, 0), args.game)][:shown]
    lines = ref_landman.layout(values, result.preperiod, result.period)
    if args.json:
        emit_json(
            {
                "game": args.game,
                "row": row,
                "implementation": args.impl,
                "preperiod": result.preperiod,
                "period": result.period,
                "saltus": result.saltus,
                "values": values,
                "lines": lines,
            }
        )
        return 0
    console.print(
        f"{args.game} row {row} (G({row}, m), m = 0, 1, ...): preperiod {result.preperiod}, "
        f"period {result.period}, saltus {result.saltus}"
    )
    labels = (["pre-period"] if result.preperiod else []) + ["period"] * args.lines
    for label, line in zip(labels, lines, strict=False):
        console.print(f"{' '.join(map(str, line))}    [dim]{label}[/dim]")
    console.print("...")
    return 0
