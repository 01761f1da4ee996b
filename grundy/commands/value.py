"""``grundy value`` and ``grundy moves``: one position, by the fastest sound method.

The method and its certificate come from :mod:`registry.dispatch`;
``--impl`` (formerly ``--method``) forces one, ``--list-impls`` lists them.
"""

from __future__ import annotations

import argparse
from typing import Any

from grundy.output import activity, add_json_option, console, emit_json
from grundy.parsing import count, parse_game, parse_position
from registry import dispatch

#: What each method answers, in the order it is tried (``--list-impls`` prints them).
METHOD_TEXT = {
    "table": "wythoff, f-wythoff, r-wythoff by the strip of rows 0..min, columns 0..max "
    f"(when it takes under {dispatch.STRIP_SECONDS:.0f} s at its measured speed), other "
    f"games by a compiled table, both coordinates < {dispatch.TABLE_LIMIT}",
    "row-period": "wythoff, f-wythoff, r-wythoff, the row's certified period from the atlas "
    "(registry/atlas/) or computed by the strip (rows <= "
    + ", ".join(f"{n} {g}" for g, n in dispatch.ROW_LIMITS.items())
    + "), the other coordinate any size, exact; a game whose rows are lines (move_rays "
    f"alone or row_shifts), row x <= {dispatch.GENERIC_ROW_LIMIT}, y any size, by the window "
    "certificate on the engine's blocks, exact",
    "rw": f"Algorithm RW (wythoff), value <= {dispatch.RW_MAX_G}, conditional on Conjecture 3.10",
    "fibonacci": "Fibonacci Nim (and sums with it), rows as step functions, exact",
    "spec": "the generic solver, any game, small positions (limit from its measured speed)",
    "beatty": "Wythoff, any size, by 000 Theorem 1.1 (moves only)",
}
#: The methods of ``grundy moves``, in the order they are tried.
MOVE_METHODS = ("beatty", "fibonacci", "table", "spec")
METHODS_HELP = "; ".join(
    f"{name}: {text}" for name, text in METHOD_TEXT.items() if name != "beatty"
)


def _add_arguments(parser: argparse.ArgumentParser, methods: tuple[str, ...]) -> None:
    parser.add_argument("game", help="a registered game (see 'grundy games'), or a sum a+b")
    parser.add_argument("position", help="e.g. 5,8 (two piles), 7 (nim), 5,8+3 (a sum)")
    parser.add_argument(
        "--impl",
        "--method",
        dest="method",
        metavar="NAME",
        choices=methods,
        default=None,
        help=f"the method to use, one of {', '.join(methods)} (default: the first that covers "
        "the position; --method is its former name; --list-impls describes them)",
    )
    parser.add_argument(
        "--list-impls",
        action="store_true",
        help="list the methods, in the order they are tried, and exit",
    )
    parser.add_argument(
        "--max-positions",
        type=count("--max-positions", lo=1, hi=10**12),
        default=dispatch.MAX_POSITIONS,
        help=f"the spec method refuses positions needing more sub-positions "
        f"(default {dispatch.MAX_POSITIONS:_})",
    )
    add_json_option(parser)


def register(subparsers: Any) -> None:
    value = subparsers.add_parser(
        "value",
        help="the Grundy value of a position",
        description=(
            "The Sprague-Grundy value and outcome of one position, by the fastest method "
            "that covers it, with the method and its certificate. Methods: " + METHODS_HELP
        ),
        epilog="examples: grundy value wythoff 5,8; grundy value wythoff 5,1000000000000000000; "
        "grundy value wythoff 1618033988750,2618033988746; "
        "grundy value wythoff 160,1000000000000000",
    )
    _add_arguments(value, dispatch.METHODS[:-1])
    value.set_defaults(func=run_value)
    moves = subparsers.add_parser(
        "moves",
        help="the winning moves from a position",
        description=(
            "The winning moves (followers of value 0), or that it is a P-position. "
            "Methods: " + ", ".join(MOVE_METHODS) + " (--list-impls describes them)."
        ),
        epilog="example: grundy moves wythoff+nim 5,8+3",
    )
    _add_arguments(moves, MOVE_METHODS)
    moves.set_defaults(func=run_moves)


def _setup(args: argparse.Namespace) -> tuple[Any, Any]:
    game = parse_game(args.game)
    position = parse_position(game, args.position)
    return game, position


def _list_methods(methods: tuple[str, ...]) -> int:
    for name in methods:
        print(f"{name}  {METHOD_TEXT[name]}")
    return 0


def run_value(args: argparse.Namespace) -> int:
    if args.list_impls:
        return _list_methods(dispatch.METHODS[:-1])
    game, position = _setup(args)
    with activity(f"value of {args.position} in {game.describe()}", disable=args.json) as update:
        result = dispatch.value(
            game, position, args.method, max_positions=args.max_positions, progress=update
        )
    if args.json:
        emit_json(result.as_dict())
    else:
        console.print(str(result), markup=False)  # registry.answers.answer_text
    return 0


def run_moves(args: argparse.Namespace) -> int:
    if args.list_impls:
        return _list_methods(MOVE_METHODS)
    game, position = _setup(args)
    with activity(f"winning moves from {args.position} in {args.game}", disable=args.json):
        result = dispatch.moves(game, position, args.method, max_positions=args.max_positions)
    if args.json:
        emit_json(result.as_dict())
    else:
        console.print(str(result), markup=False)  # registry.answers.answer_text
    return 0
