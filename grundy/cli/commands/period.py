"""``grundy period``: the additive period of a row, certified or apparent.

The record comes at once from the registry's question ``period``
(:mod:`registry.periods`, docs/strip.md); the values are printed on request
(``--lines``, ``--values``), computed then.
"""

from __future__ import annotations

from typing import Any

from grundy.cli import shapes
from grundy.cli.output import add_format_option, add_json_option, output_file
from grundy.cli.parsing import add_budget_option, add_count, add_impl_option

#: The most period lines printed (each line is one period of values).
MAX_LINES = 10_000


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "period",
        help="preperiod, period and saltus of a row (certified, or apparent)",
        description=(
            "The additive period of row X: G(X, m + p) = G(X, m) + s for all m >= preperiod. "
            "Certified from the shipped atlas (registry/atlas/) when it holds the row, else "
            "computed by the cheapest certificate within the budget: the strip of rows 0..X "
            "runs column by column until two normalised windows of 3X columns are equal, "
            "which proves the period (docs/strip.md; Landman's argument, seed 004 §3; seed 001 "
            "Theorem 4 and Remark 5); the same certificate on the engine's blocks for a game "
            "whose rows are lines. Otherwise the apparent period of G(X, y), y < --window: "
            "checked over the window only, and the output says so. Row X is G(X, m) as m "
            "varies. The record is printed at once; --lines N prints the preperiod and N "
            "periods laid out like seed 003's row-3 example, --values N the first N values."
        ),
        epilog="examples: grundy period wythoff --row 3 --lines 3; "
        "grundy period wythoff --row 1000 --json; grundy period a-wythoff:2 --row 5",
    )
    parser.add_argument("game", help="a two-pile game (see 'grundy games')")
    add_count(parser, "--row", "the row X (two-pile games; a one-heap game has none)")
    for flag, text, most in (
        ("--lines", f"print the preperiod and this many period lines, 0..{MAX_LINES}", MAX_LINES),
        ("--values", "print the first N values G(X, y), y < N", 10**7),
    ):
        add_count(parser, flag, f"{text} (default 0)", hi=most, default=0)
    parser.add_argument(
        "--compute", action="store_true",
        help="compute the certificate even where the atlas holds the row",
    )  # fmt: skip
    parser.add_argument(
        "--certified", action="store_true",
        help="one-heap games: answer from the shipped period certificate (registry/"
        "heap_certificates/, docs/heap-games.md); refused where none is shipped",
    )  # fmt: skip
    parser.add_argument(
        "--certificate", type=output_file("--certificate"), default=None, metavar="FILE",
        help="one-heap games: write the period certificate (JSON) to FILE; "
        "'python -m heapcheck FILE' checks it from the rules alone",
    )  # fmt: skip
    add_impl_option(parser, "period")
    add_count(
        parser,
        "--window",
        "apparent periods: values y < WINDOW (default 2000)",
        lo=2,
        hi=10**7,
        default=2000,
    )
    add_budget_option(parser)
    add_json_option(parser)
    add_format_option(parser)
    parser.set_defaults(func=run)


#: The command's body by the game's shape (:mod:`grundy.cli.shapes`).
run = shapes.command("period")
