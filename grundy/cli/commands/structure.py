"""``grundy structure``: P-positions of any two-pile game and what they fit.

The table comes from the registry's ``grundy-block`` question (the compiled
engine when the game has a compiled form, else the spec for small sizes;
``--impl`` names another).
"""

from __future__ import annotations

from typing import Any

from grundy.cli import shapes
from grundy.cli.output import add_json_option
from grundy.cli.parsing import (
    add_budget_option,
    add_count,
    add_impl_option,
    add_misere_option,
)

#: Pairs printed by default.
SHOW = 12


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "structure",
        help="P-positions of a two-pile game: Beatty pairs, Wythoff translates, row periods",
        description=(
            "Compute G[x, y] for 0 <= x, y < N and report: the P-positions; whether the pairs "
            "x < y are a complementary Beatty pair (floor(n alpha), floor(n beta)), checked "
            "exactly with integer arithmetic for a quadratic irrational alpha given with "
            "--alpha or recognised (phi, sqrt(k), Fraenkel's a-Wythoff ratios); whether they "
            "are Wythoff's P-positions shifted by (t, t); and the apparent additive period of "
            "the first rows. Everything holds over the table only: nothing here is a proof."
        ),
        epilog="example: grundy structure a-wythoff:2 --size 500",
    )
    parser.add_argument("game", help="a two-pile game (see 'grundy games'), e.g. a-wythoff:2")
    add_count(parser, "--size", "N, rows and columns (300)", lo=1, default=300)
    parser.add_argument(
        "--alpha", default=None, help="check this alpha: phi, sqrt2, (P+Q*sqrt(D))/R"
    )
    add_count(parser, "--rows", "rows (columns too if asymmetric) with periods (4)", default=4)
    add_count(parser, "--show", f"pairs printed ({SHOW})", default=SHOW)
    add_impl_option(parser, "the table (grundy-block)")
    add_misere_option(parser)
    add_budget_option(parser)
    add_json_option(parser)
    parser.set_defaults(func=run)


#: The command's body by the game's shape (:mod:`grundy.cli.shapes`).
run = shapes.command("structure")
