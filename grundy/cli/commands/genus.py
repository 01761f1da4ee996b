"""``grundy genus``: the genus g^{γ0γ1...} of each heap of a one-heap game (Winning Ways ch. 13).

γ_j is the misère value of the heap plus j Nim heaps of 2, computed by the spec
solver on the sum's own positions (:func:`spec.genus`, the registry's ``genus``
question); the genus is written as Winning Ways writes it, up to the first pair
of γ's that repeats (docs/misere.md).
"""

from __future__ import annotations

import argparse
from typing import Any

from grundy.cli.output import add_json_option, json_or_lines
from grundy.cli.parsing import add_budget_option, add_count, parse_game
from registry import question
from spec import why_not_heap_game


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "genus",
        help="the genus g^{γ0γ1...} of each heap of a one-heap game (misère play)",
        description=(
            "The genus of each heap n < HEAPS (Winning Ways ch. 13): g its normal-play value, "
            "γ_j the misère value G⁻ of the heap plus j Nim heaps of 2 (j <= K), from that "
            "definition by the spec solver. Written up to the first pair of γ's that repeats "
            "within K (γ_{j+2} = γ_j from there on, as far as computed); '...' where none did."
        ),
        epilog="example: grundy genus octal:0.77 --heaps 12 (Kayles)",
    )
    parser.add_argument("game", help="a one-heap game: nim, octal:0.77, subtraction:1,3,4, ...")
    add_count(parser, "--heaps", "heaps n = 0..HEAPS-1 (12)", lo=1, hi=10_000, default=12)
    add_count(parser, "-k", "γ_0..γ_K computed (6)", lo=2, hi=12, default=6)
    add_budget_option(parser)
    add_json_option(parser)
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    game = parse_game(args.game)
    why = why_not_heap_game(game)
    if why is not None:
        raise ValueError(f"game: {game.describe()} is {why}; the genus is computed for those")
    answer = question("genus", game)(heaps=args.heaps, k=args.k, budget=args.budget)
    rows = [(n, found) for n, found in enumerate(answer.value)]
    data = {
        "game": game.describe(), "k": args.k, "implementation": answer.name,
        "genera": [{"n": n, "genus": str(g), "value": g.value, "gammas": list(g.gammas)}
                   for n, g in rows],
    }  # fmt: skip
    lines = [f"{game.describe()}: the genus of each heap (γ_0..γ_{args.k}; {answer.name})"]
    lines += [f"{n:>4}  {g}" for n, g in rows]
    return json_or_lines(args.json, data, lines)
