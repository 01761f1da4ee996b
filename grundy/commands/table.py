"""``grundy table``: a two-pile Grundy table printed as the seeds print it."""

from __future__ import annotations

import argparse
from typing import Any

import numpy as np

from grundy.conformance import QUESTIONS, load_checks
from grundy.output import add_json_option, check_memory, console, emit_json, format_grid
from grundy.parsing import count, parse_game

#: Preference when --impl is not given: the fastest layer first.
LAYER_ORDER = ("fast", "reference", "spec")
#: Rough bytes per cell while computing, by layer (the spec memoises in dicts).
BYTES_PER_CELL = {"fast": 16, "reference": 64, "spec": 400}
#: The spec solver is cubic; beyond this size it would run for many minutes.
SPEC_MAX_SIZE = 400


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
    parser.add_argument(
        "--size", type=count("--size", lo=0), default=14, help="N, the number of rows/columns"
    )
    parser.add_argument("--impl", default=None, help="implementation name (see --list-impls)")
    parser.add_argument(
        "--list-impls", action="store_true", help="list the implementations for this game"
    )
    add_json_option(parser)
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    game = parse_game(args.game)
    load_checks()
    question = QUESTIONS.get(f"grundy-table:{game.describe()}")
    if question is None:
        raise ValueError(f"game {game.describe()!r} has no two-pile Grundy table")
    impls = [i for i in question.implementations if i.layer != "published"]
    if args.list_impls:
        for impl in impls:
            console.print(f"{impl.name}  ({impl.layer})")
        return 0
    if args.size < 0:
        raise ValueError(f"--size must be >= 0 (size = {args.size})")
    if args.impl is None:
        impls.sort(key=lambda i: LAYER_ORDER.index(i.layer))
        chosen = impls[0]
    else:
        matches = [i for i in impls if i.name == args.impl]
        if not matches:
            names = ", ".join(i.name for i in impls)
            raise ValueError(f"unknown --impl {args.impl!r} for {game.describe()}; known: {names}")
        chosen = matches[0]
    check_memory(args.size * args.size * BYTES_PER_CELL[chosen.layer], f"a {args.size}^2 table")
    if chosen.layer == "spec" and args.size > SPEC_MAX_SIZE:
        raise ValueError(
            f"--size {args.size} is too large for the spec solver (cubic time; at most "
            f"{SPEC_MAX_SIZE}); use a fast implementation (--list-impls)"
        )
    table = np.asarray(chosen.answer(size=args.size), dtype=np.int64)
    if args.json:
        emit_json(
            {
                "game": game.describe(),
                "size": args.size,
                "implementation": chosen.name,
                "table": table,
            }
        )
    else:
        console.print(f"{game.describe()}: G[x, y], implementation {chosen.name}", markup=False)
        console.print(format_grid(table.tolist()), markup=False, highlight=False, soft_wrap=True)
    return 0
