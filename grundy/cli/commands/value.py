"""``grundy value`` and ``grundy moves``: one position, by the most trustworthy, cheapest method.

The methods are the implementations of the registry's questions ``value`` and
``moves`` (:mod:`registry.positions`, whose ``method_table`` renders their help).
"""

from __future__ import annotations

import argparse
from typing import Any

from grundy.cli.output import add_json_option, json_or_lines, print_impls
from grundy.cli.parsing import (
    add_budget_option,
    add_count,
    add_misere_option,
    parse_game,
    parse_position,
)
from registry import question
from registry.positions import MAX_POSITIONS, method_table
from runs.progress import reporter
from spec import NoGrundyValue


def _add_arguments(parser: argparse.ArgumentParser, id: str) -> None:
    methods = [name for name, _, _ in method_table(id)]
    parser.add_argument("game", help="a registered game (see 'grundy games'), or a sum a+b")
    parser.add_argument("position", help="e.g. 5,8 (two piles), 7 (nim), 5,8+3 (a sum)")
    parser.add_argument(
        "--impl", "--method", dest="method", metavar="NAME", choices=methods, default=None,
        help=f"the method to use, one of {', '.join(methods)} (default: the most trustworthy, "
        "then cheapest, that covers the position; --list-impls shows each one's estimate)",
    )  # fmt: skip
    parser.add_argument(
        "--list-impls", action="store_true",
        help="list the methods with their estimate (or why each declines) for the position",
    )  # fmt: skip
    add_count(
        parser,
        "--max-positions",
        f"the spec method refuses positions needing more sub-positions (default {MAX_POSITIONS:_})",
        lo=1,
        hi=10**12,
        default=MAX_POSITIONS,
    )
    add_budget_option(parser)
    add_misere_option(parser)
    add_json_option(parser)
    parser.set_defaults(func=run, question=id)


def register(subparsers: Any) -> None:
    for id, help_text, epilog in (
        ("value", "the Grundy value of a position",
         "examples: grundy value wythoff 5,8; grundy value wythoff 5,1000000000000000000; "
         "grundy value wythoff 1618033988750,2618033988746; grundy value wythoff+nim 5,8+3"),
        ("moves", "the winning moves from a position (or that it is a P-position)",
         "examples: grundy moves wythoff+nim 5,8+3; grundy moves fibonacci-nim 927324333,1000"),
    ):  # fmt: skip
        methods = "; ".join(f"{name}: {covers} ({cert})" for name, covers, cert in method_table(id))
        parser = subparsers.add_parser(
            id, help=help_text, epilog=epilog,
            description=f"{help_text[0].upper()}{help_text[1:]}, by the most trustworthy method "
            "(exact before conditional), then the cheapest by its estimate within the budget, "
            "with the method and its certificate. Methods: " + methods,
        )  # fmt: skip
        _add_arguments(parser, id)


def run(args: argparse.Namespace) -> int:
    game = parse_game(args.game, args.misere)
    position = parse_position(game, args.position)
    door = question(args.question, game)
    domain = {"position": position, "max_positions": args.max_positions}
    if args.list_impls:
        return print_impls(door, args.budget, **domain)
    title = f"{args.question} of {args.position} in {game.describe()}"
    try:
        with reporter(title, args.json) as tick:
            result = door(using=args.method, progress=tick, budget=args.budget, **domain).value
    except NoGrundyValue as error:
        if error.outcome is None:
            raise
        # A game with a counting rule (k-blocking) has no Grundy value: its outcome (P or N),
        # and that there is no Grundy value, exit 0 (issue 28 item 3).
        outcome = {"game": game.describe(), "position": list(position), "value": None,
                   "outcome": error.outcome, "certificate": str(error)}  # fmt: skip
        return json_or_lines(args.json, outcome, [str(error)])
    return json_or_lines(args.json, result.as_dict(), [str(result)])  # registry.answers.answer_text
