"""``grundy structure``: P-positions of any two-pile game and what they fit.

The table comes from the registry's ``grundy-block`` question (the compiled
engine when the game has a compiled form, else the spec for small sizes;
``--impl`` names another).
"""

from __future__ import annotations

import argparse
from typing import Any

from grundy import heaps
from grundy.cube import structure_cube
from grundy.output import add_json_option, json_or_lines, print_impls
from grundy.parsing import add_count, add_impl_option, add_misere_option, parse_game
from grundy.structure import structure_answer
from reference.structure import parse_ratio
from registry import question
from spec.piles3 import is_three_pile

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
    add_json_option(parser)
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    game = parse_game(args.game, args.misere)
    if heaps.is_heap(game):  # P-positions, value counts, rare values of G(n) (issue 38)
        if args.list_impls:
            return print_impls(question("nim-sequence", game), terms=args.size)
        return heaps.structure(args, game)
    if is_three_pile(game):  # issue 38: P-positions of the cube
        return structure_cube(args, game)
    alpha = parse_ratio(args.alpha) if args.alpha else None
    door, domain = question("grundy-block", game), {"rows": args.size, "cols": args.size}
    if args.list_impls:
        return print_impls(door, **domain)
    answer = door(using=args.impl, **domain)
    data, lines = structure_answer(
        game, answer.value, answer.name, alpha=alpha, rows=args.rows, show=args.show
    )
    return json_or_lines(args.json, data, lines)
