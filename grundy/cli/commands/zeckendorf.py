"""``grundy zeckendorf``: Zeckendorf representation and Fibonacci Nim's start."""

from __future__ import annotations

import argparse
from typing import Any

from grundy.cli.output import add_json_option, json_or_lines
from grundy.cli.parsing import add_count
from reference import zeckendorf as zk


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "zeckendorf",
        help="Zeckendorf representation of N and the Fibonacci Nim start (N, N-1)",
        description=(
            "The Zeckendorf representation of N (seed 002 Theorem 3.1), z1(N), and whether "
            "the Fibonacci Nim position (N, R) (default the start (N, N - 1)) is a P-position "
            "(002 Theorem 3.2: iff R < z1(N); Corollary 3.3.1: the start is P iff N is a "
            "Fibonacci number), with the winning move: take z1(N) tokens."
        ),
        epilog="example: grundy zeckendorf 26",
    )
    add_count(parser, "n", "N >= 1 tokens", lo=1, name="N")
    add_count(parser, "--r", "the move limit R >= 0 (default N - 1: the start)")
    add_json_option(parser)
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    n = args.n
    r = n - 1 if args.r is None else args.r
    parts = zk.zeckendorf(n)
    move = zk.winning_move(n, r)  # None at a P-position (002 Theorem 3.2)
    result = {
        "n": n,
        "r": r,
        "zeckendorf": parts,
        "z1": parts[0],
        "outcome": "P" if move is None else "N",
        "winning_move": None if move is None else {"take": move, "to": [n - move, 2 * move]},
        "n_is_fibonacci": zk.is_fibonacci(n),
    }
    head = f"Fibonacci Nim {'the start ' if r == n - 1 else ''}({n}, {r})"
    if move is None:
        outcome = f"{head}: P-position ({r} < z1 = {parts[0]})"
    else:
        outcome = f"{head}: N-position; winning move: take {move} -> ({n - move}, {2 * move})"
    zeckendorf = f"{n} = {' + '.join(map(str, reversed(parts)))}   (Zeckendorf), z1 = {parts[0]}"
    return json_or_lines(args.json, result, [zeckendorf, outcome])
