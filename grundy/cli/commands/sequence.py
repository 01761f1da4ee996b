"""``grundy sequence``: a game's integer sequences as OEIS b-files (:mod:`grundy.oeis`)."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

from floor.files import atomic_write_text
from grundy import oeis
from grundy.cli import heaps
from grundy.cli.output import add_json_option, console, json_or_lines, output_file
from grundy.cli.parsing import add_budget_option, add_count, parse_game
from runs.progress import activity


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "sequence",
        help="a sequence of a game (a row, the diagonal, the P-positions...) as an OEIS b-file",
        description=(
            "The terms a(n), n = offset .. offset+terms-1, of one sequence of a game, from the "
            "fastest certified method, with the method and certificate; --bfile writes the "
            "OEIS b-file (lines 'n a(n)', no header). Kinds: " + oeis.KINDS_HELP
        ),
        epilog="examples: grundy sequence wythoff row=3 --terms 10000 --bfile b004484.txt; "
        "grundy sequence wythoff lower-p --terms 1e6 --offset 1 --bfile a.txt; "
        "grundy sequence wythoff row=4 --formula",
    )
    parser.add_argument("game", help="a registered game (see 'grundy games')")
    parser.add_argument(
        "kind",
        nargs="?",
        default=None,
        help="one of: " + ", ".join(oeis.KINDS) + "; a one-heap game: values (default) or zeros",
    )
    add_count(
        parser, "--terms", "how many terms (default 100)", lo=1, hi=oeis.MAX_TERMS, default=100
    )
    add_count(parser, "--offset", "the first n (default 0)", default=0)
    parser.add_argument(
        "--bfile",
        type=output_file("--bfile"),
        default=None,
        help="write the OEIS b-file here (the terms are then not printed)",
    )
    parser.add_argument(
        "--formula",
        action="store_true",
        help="row=X or column=X (symmetric games): print the certified periodicity as OEIS "
        "formula lines",
    )
    add_budget_option(parser)
    add_json_option(parser)
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    game = parse_game(args.game)
    if heaps.is_heap(game):  # G(n) of one heap (issue 38)
        if args.formula:
            raise ValueError(
                f"--formula: {game.describe()} is a one-heap game; its period is "
                f"'grundy period {game.describe()} --compute'"
            )
        return heaps.sequence(args, game)
    if args.kind is None:
        raise ValueError(f"kind is required for {game.describe()}: one of {', '.join(oeis.KINDS)}")
    if args.formula:
        lines = oeis.formula(game, args.kind)
        data = {"game": game.describe(), "kind": args.kind, "formula": lines}
        return json_or_lines(args.json, data, lines)
    with activity(f"{args.kind} of {game.describe()}", disable=args.json):
        seq = oeis.sequence(game, args.kind, args.terms, offset=args.offset)
    data, shown = seq.as_dict(), []
    if args.bfile:
        atomic_write_text(Path(args.bfile), oeis.bfile_text(seq))
        data.pop("terms")
        data["bfile"] = args.bfile
        last = seq.offset + len(seq.terms) - 1
        shown = [f"wrote {len(seq.terms):,} terms (n = {seq.offset}..{last}) to {args.bfile}"]
    elif not args.json:  # the terms on one line, however long
        console.print(", ".join(map(str, seq.terms)), markup=False, soft_wrap=True)
    return json_or_lines(args.json, data, [*shown, f"method: {seq.method}; {seq.certificate}"])
