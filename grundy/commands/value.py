"""``grundy value`` and ``grundy moves``: one position, by the spec solver."""

from __future__ import annotations

import argparse
import math
from typing import Any

import spec
from grundy.output import add_json_option, console, emit_json
from grundy.parsing import count, parse_game, parse_position

#: Positions the spec solver may need to visit before the command refuses.
DEFAULT_MAX_POSITIONS = 4_000_000


def _flatten(position: Any) -> list[int]:
    if isinstance(position, int):
        return [position]
    return [v for part in position for v in _flatten(part)]


def guard_size(game: spec.ImpartialGame, position: Any, limit: int) -> None:
    """Refuse positions whose sub-position count (product of coordinate + 1) exceeds limit."""
    count = math.prod(v + 1 for v in _flatten(position))
    if count > limit:
        raise ValueError(
            f"position {position!r} of {game.describe()} may need up to {count:,} positions "
            f"in the spec solver (limit {limit:,}); raise --max-positions if you mean it"
        )


def _add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("game", help="a registered game (see 'grundy games'), or a sum a+b")
    parser.add_argument("position", help="e.g. 5,8 (two piles), 7 (nim), 5,8+3 (a sum)")
    parser.add_argument(
        "--max-positions",
        type=count("--max-positions", lo=1, hi=10**12),
        default=DEFAULT_MAX_POSITIONS,
        help=f"refuse positions needing more sub-positions (default {DEFAULT_MAX_POSITIONS:_})",
    )
    add_json_option(parser)


def register(subparsers: Any) -> None:
    value = subparsers.add_parser(
        "value",
        help="the Grundy value of a position",
        description="The Sprague-Grundy value and outcome of one position (spec solver).",
        epilog="example: grundy value wythoff 5,8",
    )
    _add_arguments(value)
    value.set_defaults(func=run_value)
    moves = subparsers.add_parser(
        "moves",
        help="the winning moves from a position",
        description="The winning moves (followers of value 0), or that it is a P-position.",
        epilog="example: grundy moves wythoff+nim 5,8+3",
    )
    _add_arguments(moves)
    moves.set_defaults(func=run_moves)


def _setup(args: argparse.Namespace) -> tuple[spec.ImpartialGame, Any]:
    game = parse_game(args.game)
    position = parse_position(game, args.position)
    guard_size(game, position, args.max_positions)
    return game, position


def run_value(args: argparse.Namespace) -> int:
    game, position = _setup(args)
    value = spec.grundy(game, position)
    result = {
        "game": game.describe(),
        "position": position,
        "value": value,
        "outcome": "P" if value == 0 else "N",
    }
    if args.json:
        emit_json(result)
    else:
        console.print(f"G{position} = {value}  ({result['outcome']}-position of {game.describe()})")
    return 0


def run_moves(args: argparse.Namespace) -> int:
    game, position = _setup(args)
    moves = spec.winning_moves(game, position)
    if args.json:
        emit_json({"game": game.describe(), "position": position, "winning_moves": moves})
    elif not moves:
        console.print(f"{position} is a P-position of {game.describe()}: every move loses")
    else:
        console.print(f"winning moves from {position} in {game.describe()}:")
        for move in moves:
            console.print(f"  -> {move}")
    return 0
