"""``grundy table``: a two-pile Grundy table printed as the seeds print it."""

from __future__ import annotations

import argparse
import time
from typing import Any

import numpy as np

from grundy import heaps
from grundy.cube import run_cube
from grundy.output import (
    CSV_MAX_SIZE,
    add_json_option,
    check_table_file,
    emit_json,
    json_or_lines,
    output_file,
    print_impls,
    print_tables,
    write_table,
)
from grundy.parsing import (
    add_budget_option,
    add_count,
    add_impl_option,
    add_misere_option,
    parse_game,
)
from grundy.runs.progress import reporter, warn
from registry import question
from registry.layers import states_of, table_shape
from spec.piles3 import is_three_pile, why_not_three_pile


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
    parser.set_defaults(func=run)


#: Printed output past this many bytes is warned of before the work, with ``--out`` suggested.
PRINT_WARN_BYTES = 4 * 2**20


def printed_warning(shape: tuple[int, int], layers: int) -> str | None:
    """The warning for printing a table of ``shape`` (``layers`` states), or None if small.

    Each number prints as at least one digit and a separator (2 bytes).

    >>> printed_warning((100, 100), 1) is None
    True
    >>> printed_warning((3000, 3000), 65)[:60]
    'printing the table is 585,000,000 numbers, at least 1,115 MB'
    """
    numbers = max(layers, 1) * shape[0] * shape[1]
    if 2 * numbers <= PRINT_WARN_BYTES:
        return None
    return (
        f"printing the table is {numbers:,} numbers, at least {2 * numbers // 2**20:,} MB of "
        "text; --out FILE.npy (or .csv) writes it instead"
    )


def run(args: argparse.Namespace) -> int:
    game = parse_game(args.game, args.misere)
    if is_three_pile(game):  # issue 38: the cube G[x, y, z]
        return run_cube(args, game)
    if args.slice is not None:
        raise ValueError(
            f"--slice {args.slice}: for a three-pile game ({why_not_three_pile(game)})"
        )
    if heaps.is_heap(game):  # a one-heap game: G(n) as a 1-D table (issue 38)
        if args.list_impls:
            return print_impls(question("nim-sequence", game), terms=args.size)
        return heaps.table(args, game)
    if (args.rows is None) != (args.cols is None):
        raise ValueError("--rows and --cols go together (or give --size)")
    block = args.rows is not None  # a rectangle (grundy-block), else a square (grundy-table)
    door = question("grundy-block" if block else "grundy-table", game)
    domain = {"rows": args.rows, "cols": args.cols} if block else {"size": args.size}
    shape = (args.rows, args.cols) if block else (args.size, args.size)
    name, states = door.game, states_of(game)
    too_long = None if args.out is not None else printed_warning(shape, len(states))
    if args.list_impls:
        print_impls(door, args.budget, **domain)
        if too_long is not None:
            warn(too_long)
        return 0
    if too_long is not None:
        door.choose(args.impl, args.budget, **domain)  # a refusal first, in one line
        warn(too_long)
    out = None if args.out is None else check_table_file(args.out, max(shape), name, len(states))
    start = time.perf_counter()
    with reporter(f"{name} table {shape[0]}x{shape[1]}", args.json) as tick:
        answer = door(using=args.impl, progress=tick, budget=args.budget, **domain)
    table = np.asarray(answer.value)
    if table.dtype.kind not in "iu":  # the spec's [] for size 0
        table = table.astype(np.int64)
    table = table.reshape(table_shape(game, *shape))  # (states, X, Y) for a game with a state
    if out is not None:
        write_table(out, table)
        seconds = time.perf_counter() - start
        text = f"{out}: {name} table {shape[0]}x{shape[1]} {table.dtype}, {answer.name}"
        data: dict[str, Any] = {"game": name, "implementation": answer.name, "out": str(out)}
        data.update(shape=list(table.shape), dtype=str(table.dtype), seconds=seconds)
        return json_or_lines(args.json, data, [f"{text}, {seconds:.2f} s"])
    if args.json:
        layers = {"states": list(states)} if states else {}
        emit_json({"game": name, **domain, **layers, "implementation": answer.name, "table": table})
    else:  # one table per state of a game with a state, G[s, x, y]
        print_tables(name, answer.name, table, states)
    return 0
