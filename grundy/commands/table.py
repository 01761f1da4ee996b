"""``grundy table``: a two-pile Grundy table printed as the seeds print it."""

from __future__ import annotations

import argparse
from typing import Any

from grundy.output import add_json_option, console, emit_json, format_grid
from grundy.parsing import parse_game
from grundy.registry import candidates
from grundy.registry.tables import compute_table


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "table",
        help="print a Grundy table (row 0 at the bottom)",
        description=(
            "Print G[x, y] for 0 <= x, y < N as the seeds print it: row x labelled on the "
            "left, row 0 at the bottom, columns y along the bottom. Uses the fastest "
            "registered implementation unless --impl is given."
        ),
        epilog="example: grundy table wythoff --size 14",
    )
    parser.add_argument("game", help="a registered two-pile game (see 'grundy games')")
    parser.add_argument("--size", type=int, default=14, help="N, the number of rows/columns")
    parser.add_argument("--impl", default=None, help="implementation name (see --list-impls)")
    parser.add_argument(
        "--list-impls", action="store_true", help="list the implementations for this game"
    )
    add_json_option(parser)
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    game = parse_game(args.game)
    if args.list_impls:
        for impl, reason in candidates("grundy-table", game.describe(), size=max(args.size, 0)):
            note = "" if reason is None else f"  [does not cover size {args.size}: {reason}]"
            console.print(f"{impl.name}  ({impl.layer}){note}", markup=False)
        return 0
    if args.size < 0:
        raise ValueError(f"--size must be >= 0 (size = {args.size})")
    table, chosen = compute_table(game.describe(), args.size, args.impl)
    if args.json:
        emit_json(
            {
                "game": game.describe(),
                "size": args.size,
                "implementation": chosen,
                "table": table,
            }
        )
    else:
        console.print(f"{game.describe()}: G[x, y], implementation {chosen}", markup=False)
        console.print(format_grid(table.tolist()), markup=False, highlight=False, soft_wrap=True)
    return 0
