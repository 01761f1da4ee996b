"""``grundy period``: the additive period of a row, certified or apparent.

Certified for wythoff, f-wythoff and r-wythoff: read from the shipped atlas
(``registry/atlas/``) when it holds the row, else (or with ``--compute``)
computed by the ``row-periods`` implementation ``--impl`` names (default:
the strip's window certificate, docs/strip.md; ``reference.landman``:
Landman's machine). For any other two-pile game, certified by the window
certificate on the engine's blocks where its rows are lines (its rays, or
its stated ``row_shifts`` checked against its followers), else apparent
over a window of the table (``--impl`` names the ``grundy-block``
implementation). All come from :func:`registry.dispatch.period`.
"""

from __future__ import annotations

import argparse
from typing import Any

from grundy.experiments.row_periods import MAX_ROW
from grundy.output import activity, add_json_option, console, emit_json, print_impls, warn
from grundy.parsing import add_impl_option, count, parse_game
from registry import question
from registry.dispatch import period
from reference import landman as ref_landman

#: The most period lines printed (each line is one period of values).
MAX_LINES = 10_000

#: The old --impl values (deprecated), mapped to the implementations' names.
DEPRECATED = {"fast": "fast.strip", "reference": "reference.landman"}
#: The games whose rows have a certified period question (row-periods).
CERTIFIED_GAMES = ref_landman.GAMES


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "period",
        help="preperiod, period and saltus of a row (certified, or apparent)",
        description=(
            "The certified additive period of row X: read from the shipped atlas "
            "(registry/atlas/) when it holds the row, else computed: the strip of rows 0..X runs "
            "column by column until two normalised windows of 3X columns are equal, which "
            "proves G(X, m + p) = G(X, m) + p for all m >= preperiod (docs/strip.md; "
            "Landman's argument, seed 004 §3; seed 001 Theorem 4 and Remark 5). --compute "
            "forces the computation. Row X is G(X, m) as m varies (Wythoff: Landman's G(m, X), the "
            "same by symmetry; F-/R-Wythoff: Jiao's column a = X). Prints the first values "
            "laid out like seed 003's row-3 example: the preperiod, then one line per period. "
            "Any other two-pile game gets the apparent period of G(X, y), y < --window, from "
            "its table: checked over the window only, and the output says so."
        ),
        epilog="example: grundy period wythoff --row 3",
    )
    parser.add_argument(
        "game",
        help="a two-pile game; wythoff, f-wythoff, r-wythoff are certified, and any game whose "
        "rows are lines (NimHof with (0, 1), a-wythoff, a plugin stating row_shifts); "
        "others apparent",
    )
    parser.add_argument(
        "--row",
        required=True,
        type=count("--row", lo=0, hi=MAX_ROW),
        help=f"the row X, 0..{MAX_ROW} (the atlas holds Wythoff rows 0..1000; computing rows "
        "0..160 takes seconds, 0..240 about 20 s)",
    )
    parser.add_argument(
        "--lines",
        type=count("--lines", lo=0, hi=MAX_LINES),
        default=3,
        help=f"period lines to print after the preperiod, 0..{MAX_LINES} (default 3)",
    )
    parser.add_argument(
        "--compute",
        action="store_true",
        help="compute the certificate even where the atlas holds the row",
    )
    add_impl_option(parser, "row-periods (grundy-block for an apparent period)")
    parser.add_argument(
        "--window",
        type=count("--window", lo=2, hi=10**6),
        default=2000,
        help="apparent periods: values y < WINDOW (default 2000)",
    )
    add_json_option(parser)
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    row = args.row
    game = parse_game(args.game)
    implementation = args.impl
    if implementation in DEPRECATED:
        implementation = DEPRECATED[implementation]
        warn(f"--impl {args.impl} is deprecated: use --impl {implementation}")
    certified = question("row-periods", game) if game.describe() in CERTIFIED_GAMES else None
    if args.list_impls:
        if certified is not None:
            return print_impls(certified, rows=row + 1, start=row)
        return print_impls(question("grundy-block", game), rows=row + 1, cols=args.window)
    if args.compute and implementation is None and certified is not None:
        implementation = certified.resolve(rows=row + 1, start=row).name
    with activity(f"{game.describe()} row {row}", disable=args.json) as update:
        result = period(
            game,
            row,
            window=args.window,
            lines=args.lines,
            implementation=implementation,
            progress=update,
        )
    if args.json:
        out = result.as_dict()
        if result.period is not None and result.preperiod is not None and result.values:
            out["lines"] = ref_landman.layout(result.values, result.preperiod, result.period)
        emit_json(out)
        return 0
    coords = getattr(game, "coordinates", ("x", "y"))
    head = f"{result.game} row {row} (G({row}, {coords[1]}), {coords[1]} = 0, 1, ...)"
    if result.period is None or result.preperiod is None:
        console.print(
            f"{head}: {result.certificate} (apparent, not certified; try a larger --window)",
            markup=False,
            soft_wrap=True,
        )
        return 0
    kind = (
        f"certified: {result.certificate}"
        if result.status == "certified"
        else f"apparent: {result.certificate}"
    )
    console.print(
        f"{head}: preperiod {result.preperiod}, period {result.period}, saltus "
        f"{result.saltus} ({kind}; {result.implementation})",
        markup=False,
        soft_wrap=True,
    )
    if result.note:  # the atlas's record alone: the values would take long to compute
        console.print(result.note, markup=False, soft_wrap=True)
        return 0
    labels = (["pre-period"] if result.preperiod else []) + ["period"] * args.lines
    lines = ref_landman.layout(result.values, result.preperiod, result.period)
    for label, line in zip(labels, lines, strict=False):
        # plain text, no wrapping or highlighting: a preperiod line can hold 10^6 values
        console.print(
            f"{' '.join(map(str, line))}    {label}", markup=False, highlight=False, soft_wrap=True
        )
    console.print("...")
    return 0
