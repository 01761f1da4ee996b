"""``grundy table``: a two-pile Grundy table printed as the seeds print it."""

from __future__ import annotations

import argparse
import time
from pathlib import Path
from typing import Any

import numpy as np

from grundy.commands.value import add_budget_option
from grundy.output import (
    add_json_option,
    atomic_write,
    console,
    emit_json,
    format_grid,
    output_file,
    print_impls,
)
from grundy.parsing import add_impl_option, count, parse_game
from grundy.progress import reporter
from registry import question
from registry.layers import states_of, table_shape

#: The largest table --out writes as CSV (a 2000^2 CSV is about 20 MB of text).
CSV_MAX_SIZE = 2000


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
    parser.add_argument("game", help="a registered two-pile game (see 'grundy games')")
    parser.add_argument(
        "--size", type=count("--size", lo=0), default=14, help="N, the number of rows/columns"
    )
    parser.add_argument(
        "--rows", type=count("--rows", lo=0), default=None, help="X: a rectangle of X rows"
    )
    parser.add_argument(
        "--cols", type=count("--cols", lo=0), default=None, help="Y: a rectangle of Y columns"
    )
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
    add_budget_option(parser)
    add_json_option(parser)
    parser.set_defaults(func=run)


def _check_out(out: str, size: int) -> Path:
    """The --out path (checked by :func:`grundy.output.output_file` when parsed), and a CSV
    refused before any work when the table is too large for one."""
    path = Path(out)
    if path.suffix.lower() == ".csv" and size > CSV_MAX_SIZE:
        raise ValueError(
            f"--out: CSV is for N <= {CSV_MAX_SIZE} (--size = {size}); use a .npy file"
        )
    return path


def _write(path: Path, table: np.ndarray) -> None:
    """The table as .npy or .csv, atomically: Ctrl-C or an error leaves no partial file."""
    if path.suffix.lower() == ".npy":  # numpy.save on a handle: no .npy appended to the name
        atomic_write(path, lambda handle: np.save(handle, table))
    else:
        atomic_write(path, lambda handle: np.savetxt(handle, table, fmt="%d", delimiter=","))


def run(args: argparse.Namespace) -> int:
    game = parse_game(args.game)
    if (args.rows is None) != (args.cols is None):
        raise ValueError("--rows and --cols go together (or give --size)")
    if args.rows is not None:
        door, domain = question("grundy-block", game), {"rows": args.rows, "cols": args.cols}
        shape = (args.rows, args.cols)
    else:
        door, domain = question("grundy-table", game), {"size": args.size}
        shape = (args.size, args.size)
    if args.list_impls:
        return print_impls(door, **domain)
    out = None if args.out is None else _check_out(args.out, max(shape))
    if out is not None and out.suffix.lower() == ".csv" and states_of(game):
        raise ValueError(
            f"--out: a CSV holds one table; {door.game} has {len(states_of(game))} (use .npy)"
        )
    start = time.perf_counter()
    with reporter(f"{door.game} table {shape[0]}x{shape[1]}", args.json) as tick:
        answer = door(using=args.impl, progress=tick, budget=args.budget, **domain)
    table = np.asarray(answer.value)
    if table.dtype.kind not in "iu":  # the spec's [] for size 0
        table = table.astype(np.int64)
    table = table.reshape(table_shape(game, *shape))  # (states, X, Y) for a game with a state
    shown = {"rows": args.rows, "cols": args.cols} if args.rows is not None else domain
    return _deliver(args, door.game, out, table, answer.name, start, shown)


def _deliver(
    args: argparse.Namespace,
    name: str,
    out: Path | None,
    table: np.ndarray,
    chosen: str,
    start: float,
    shape: dict[str, int],
) -> int:
    """Write ``table`` to --out (a one-line summary) or print it (or its JSON)."""
    rows, cols = table.shape[-2:]
    states = states_of(name)
    if out is not None:
        _write(out, table)
        seconds = time.perf_counter() - start
        if args.json:
            emit_json(
                {
                    "game": name,
                    "implementation": chosen,
                    "out": str(out),
                    "shape": list(table.shape),
                    "dtype": str(table.dtype),
                    "seconds": seconds,
                }
            )
        else:
            console.print(
                f"{out}: {name} table {rows}x{cols} {table.dtype}, {chosen}, {seconds:.2f} s",
                markup=False,
                highlight=False,
            )
        return 0
    if args.json:
        layers = {"states": list(states)} if states else {}
        emit_json({"game": name, **shape, **layers, "implementation": chosen, "table": table})
    elif states:  # one table per state, G[s, x, y]
        for s, layer in zip(states, table, strict=True):
            console.print(f"{name}: G[x, y, {s}], implementation {chosen}", markup=False)
            console.print(
                format_grid(layer.tolist()), markup=False, highlight=False, soft_wrap=True
            )
    else:
        console.print(f"{name}: G[x, y], implementation {chosen}", markup=False)
        console.print(format_grid(table.tolist()), markup=False, highlight=False, soft_wrap=True)
    return 0
