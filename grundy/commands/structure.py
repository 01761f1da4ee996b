"""``grundy structure``: P-positions of any two-pile game and what they fit.

The table comes from the registry's ``grundy-block`` question (the compiled
engine when the game has a compiled form, else the spec for small sizes;
``--impl`` names another).
"""

from __future__ import annotations

import argparse
from typing import Any

import numpy as np

from grundy.output import add_json_option, console, emit_json, print_impls
from grundy.parsing import add_impl_option, count, parse_game
from reference import structure
from registry import question
from registry.layers import states_of

__all__ = ["register", "run"]

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
    parser.add_argument(
        "--size", type=count("--size", lo=1), default=300, help="N, rows and columns (300)"
    )
    parser.add_argument(
        "--alpha", default=None, help="check this alpha: phi, sqrt2, (P+Q*sqrt(D))/R"
    )
    parser.add_argument(
        "--rows",
        type=count("--rows", lo=0),
        default=4,
        help="rows (columns too if asymmetric) with periods (4)",
    )
    parser.add_argument(
        "--show", type=count("--show", lo=0), default=SHOW, help=f"pairs printed ({SHOW})"
    )
    add_impl_option(parser, "the table (grundy-block)")
    add_json_option(parser)
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    game = parse_game(args.game)
    alpha = structure.parse_ratio(args.alpha) if args.alpha else None
    door, domain = question("grundy-block", game), {"rows": args.size, "cols": args.size}
    if args.list_impls:
        return print_impls(door, **domain)
    answer = door(using=args.impl, **domain)
    table, implementation = np.asarray(answer.value), answer.name
    if table.ndim == 3:  # a game with a state: each state's table in turn (issue 28)
        return _each_state(args, game, table, implementation, alpha)
    result = structure.analyse_p_positions(table, alpha)
    transposed = None if result.symmetric else structure.analyse_p_positions(table.T, alpha)
    shown = range(min(args.rows, args.size))
    periods = [structure.additive_period(table[x]) for x in shown]
    # Columns differ from rows only in an asymmetric game.
    column_periods = []
    if not result.symmetric:
        column_periods = [structure.additive_period(table[:, y]) for y in shown]
    if args.json:
        emit_json(
            {
                "game": game.describe(),
                "size": args.size,
                "implementation": implementation,
                "p_positions": result.as_dict(),
                "p_positions_transposed": None if transposed is None else transposed.as_dict(),
                "row_periods": [None if p is None else p.__dict__ for p in periods],
                "column_periods": [None if p is None else p.__dict__ for p in column_periods],
            }
        )
        return 0
    name = game.describe()
    console.print(
        f"{name}: G[x, y] for 0 <= x, y < {args.size} ({implementation}); "
        f"{len(result.positions)} P-positions; "
        + ("symmetric" if result.symmetric else "not symmetric"),
        markup=False,
    )
    _print_pairs(result, "x < y", args.show)
    if transposed is not None:
        _print_pairs(transposed, "y < x (the table transposed)", args.show)
    if result.translate is None:
        console.print("Wythoff translate: no (no shift t <= 8 fits)", markup=False)
    else:
        t, left = result.translate
        rest = f", apart from {left}" if left else ""
        console.print(
            f"Wythoff translate: the P-positions are Wythoff's shifted by ({t}, {t}) "
            f"throughout the table{rest}",
            markup=False,
        )
    for label, other, found in (("row", "y", periods), ("column", "x", column_periods)):
        for index, period in enumerate(found):
            if period is None:
                console.print(
                    f"{label} {index}: no apparent period within the window {other} < {args.size}"
                )
            else:
                console.print(
                    f"{label} {index}: apparent preperiod {period.preperiod}, period "
                    f"{period.period}, saltus {period.saltus} (window {other} < {period.window})"
                )
    return 0


def _each_state(
    args: argparse.Namespace, game: Any, tables: np.ndarray, implementation: str, alpha: Any
) -> int:
    """``structure`` of each state's table of a game with a state (G[s, x, y])."""
    states = states_of(game)
    found = [structure.analyse_p_positions(table, alpha) for table in tables]
    if args.json:
        emit_json(
            {
                "game": game.describe(),
                "size": args.size,
                "implementation": implementation,
                "states": [
                    {"state": s, "p_positions": r.as_dict()}
                    for s, r in zip(states, found, strict=True)
                ],
            }
        )
        return 0
    for s, result in zip(states, found, strict=True):
        console.print(
            f"{game.describe()}: state s = {s}: G[x, y, {s}] for 0 <= x, y < {args.size} "
            f"({implementation}); {len(result.positions)} P-positions",
            markup=False,
        )
        _print_pairs(result, "x < y", args.show)
    return 0


def _print_pairs(result: structure.PPositions, side: str, show: int) -> None:
    pairs = result.pairs
    more = ", ..." if len(pairs) > show else ""
    console.print(
        f"pairs {side}, in order while no partner can lie outside the table: {len(pairs)}: "
        f"{', '.join(map(str, pairs[:show]))}{more}",
        markup=False,
    )
    if not pairs:
        return
    console.print(
        f"  complementary: {'yes' if result.complementary else 'no'} "
        f"({result.complementary_detail}); estimates alpha ~ {result.alpha_estimate:.5f}, "
        f"beta ~ {result.beta_estimate:.5f}",
        markup=False,
    )
    fit = result.beatty
    if fit is None:
        if len(pairs) < structure.MIN_PAIRS:
            console.print(f"  Beatty: too few pairs to recognise a ratio (< {structure.MIN_PAIRS})")
        else:
            console.print(f"  Beatty: no recognised ratio fits (tried {len(result.tried)})")
    elif fit.fits:
        console.print(
            f"  Beatty: (floor(n alpha), floor(n beta)) with alpha = {fit.alpha}, "
            f"beta = {fit.beta} ({fit.name}) for n = 1..{fit.checked}, exactly "
            "(integer arithmetic; not a proof beyond the table)",
            markup=False,
        )
    else:
        console.print(f"  Beatty: alpha = {fit.alpha} does not fit: {fit.detail}", markup=False)
