"""``grundy period``: the additive period of a row.

Certified by Landman's machine for wythoff, f-wythoff and r-wythoff; for any
other two-pile game, apparent over a window of the table
(:func:`grundy.commands.structure.run_apparent_period`).
"""

from __future__ import annotations

import argparse
from typing import Any

from fast import landman as fast_landman
from grundy.output import add_json_option, console, emit_json
from grundy.parsing import parse_int
from reference import landman as ref_landman

#: The implementations of the row machine, by name.
IMPLEMENTATIONS = {"fast": fast_landman, "reference": ref_landman}


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "period",
        help="preperiod, period and saltus of a row (certified by Landman's machine, or apparent)",
        description=(
            "Run Landman's finite-state machine (seed 004 §3; seed 001 Theorem 4 and Remark 5) "
            "on row X until a state repeats: that proves G(X, m + p) = G(X, m) + p for all "
            "m >= preperiod. Row X is G(X, m) as m varies (Wythoff: Landman's G(m, X), the "
            "same by symmetry; F-/R-Wythoff: Jiao's column a = X). Prints the first values "
            "laid out like seed 003's row-3 example: the preperiod, then one line per period. "
            "Any other two-pile game gets the apparent period of G(X, y), y < --window, from "
            "its table: checked over the window only, and the output says so."
        ),
        epilog="example: grundy period wythoff --row 3",
    )
    parser.add_argument(
        "game",
        help="a two-pile game; wythoff, f-wythoff, r-wythoff are certified, others apparent",
    )
    parser.add_argument("--row", required=True, help="the row X >= 0")
    parser.add_argument(
        "--lines", type=int, default=3, help="period lines to print after the preperiod (3)"
    )
    parser.add_argument(
        "--impl", choices=sorted(IMPLEMENTATIONS), default="fast", help="machine (fast)"
    )
    parser.add_argument(
        "--window", type=int, default=2000, help="apparent periods: values y < WINDOW (2000)"
    )
    add_json_option(parser)
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    row = parse_int(args.row, "--row")
    if row < 0:
        raise ValueError(f"--row must be >= 0 (row = {row})")
    if args.lines < 0:
        raise ValueError(f"--lines must be >= 0 (lines = {args.lines})")
    if args.game not in ref_landman.GAMES:  # no machine: the apparent period of the table
        from grundy.commands.structure import run_apparent_period

        return run_apparent_period(args, row)
    impl = IMPLEMENTATIONS[args.impl]
    result = impl.row_periodicity(row, args.game)
    shown = result.preperiod + args.lines * result.period
    values = [int(v) for v in impl.row_values(row, max(shown - 1, 0), args.game)][:shown]
    lines = ref_landman.layout(values, result.preperiod, result.period)
    if args.json:
        emit_json(
            {
                "game": args.game,
                "row": row,
                "implementation": args.impl,
                "status": "certified",
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
        f"period {result.period}, saltus {result.saltus} (certified by Landman's machine)"
    )
    labels = (["pre-period"] if result.preperiod else []) + ["period"] * args.lines
    for label, line in zip(labels, lines, strict=False):
        console.print(f"{' '.join(map(str, line))}    [dim]{label}[/dim]")
    console.print("...")
    return 0
