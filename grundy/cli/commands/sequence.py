"""``grundy sequence``: a game's integer sequences as OEIS b-files (:mod:`grundy.oeis`)."""

from __future__ import annotations

from typing import Any

from grundy import oeis
from grundy.cli import shapes
from grundy.cli.output import add_json_option, output_file
from grundy.cli.parsing import add_budget_option, add_count


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
        "--checkpoint",
        type=output_file("--checkpoint", suffixes=[".npz"]),
        default=None,
        help="a one-heap game with a splitting move: save the sparse-space run here (every "
        "minute and when stopped) and resume from it (a kill or Ctrl-C loses a minute at most)",
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


#: The command's body by the game's shape (:mod:`grundy.cli.shapes`).
run = shapes.command("sequence")
