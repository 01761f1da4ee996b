"""``grundy table``: a two-pile Grundy table printed as the seeds print it."""

from __future__ import annotations

from typing import Any

from grundy.cli import shapes
from grundy.cli.output import (
    CSV_MAX_SIZE,
    add_format_option,
    add_json_option,
    output_file,
)
from grundy.cli.parsing import (
    add_budget_option,
    add_count,
    add_impl_option,
    add_misere_option,
)


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "table",
        help="print a Grundy table (row 0 at the bottom)",
        description=(
            "Print G[x, y] for 0 <= x, y < N as the seeds print it: row x labelled on the "
            "left, row 0 at the bottom, columns y along the bottom. Uses the fastest "
            "registered implementation unless --impl is given. --rows X --cols Y gives the "
            "rectangle 0 <= x < X, 0 <= y < Y instead (wythoff, f-wythoff, r-wythoff by the "
            "strip, fast.strip: long rows cost memory for the output only)."
        ),
        epilog=(
            "examples: grundy table wythoff --size 14; "
            "grundy table wythoff --size 8000 --out t.npy (load with numpy.load); "
            "grundy table wythoff --rows 500 --cols 1000000 --out strip.npy"
        ),
    )
    parser.add_argument("game", help="a registered two-pile or one-heap game (see 'grundy games')")
    add_count(parser, "--size", "N, the number of rows/columns", default=14)
    add_count(parser, "--rows", "X: a rectangle of X rows")
    add_count(parser, "--cols", "Y: a rectangle of Y columns")
    add_impl_option(parser, "the table (grundy-table; grundy-block with --rows/--cols)")
    parser.add_argument(
        "--out",
        default=None,
        metavar="FILE",
        type=output_file("--out", suffixes=(".npy", ".csv")),
        help=(
            "write the table to FILE instead of printing it: .npy (numpy.save, the "
            f"table's own dtype) or .csv (N <= {CSV_MAX_SIZE}); prints a one-line summary"
        ),
    )
    parser.add_argument(
        "--slice",
        default=None,
        metavar="AXIS=K",
        help="a three-pile game: print the plane AXIS = K of the cube (x=K, y=K or z=K)",
    )
    add_budget_option(parser)
    add_misere_option(parser)
    add_json_option(parser)
    add_format_option(parser)
    parser.set_defaults(func=run)


#: The command's body by the game's shape (:mod:`grundy.cli.shapes`).
run = shapes.command("table")
