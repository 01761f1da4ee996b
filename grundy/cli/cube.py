"""``grundy table`` of a three-pile game: the cube G[x, y, z], its slices, its file.

A three-pile game's table is the cube 0 <= x, y, z < N (the registry's
``grundy-table``, :mod:`registry.cube`). ``--slice z=5`` prints one plane as
the seeds print a two-pile table (``x=K``: rows y, columns z; ``y=K``: rows x,
columns z; ``z=K``: rows x, columns y); without it every plane z = 0..N-1 is
printed in turn. ``--out FILE.npy`` writes the cube (``numpy.load`` gives the
(N, N, N) array; a plane with ``--slice``). ``grundy structure`` of a
three-pile game lists its P-positions in the cube (:func:`structure_cube`).
"""

from __future__ import annotations

import argparse
import time
from typing import Any

import numpy as np

import spec
from grundy.cli.output import (
    check_table_file,
    console,
    emit_json,
    format_grid,
    json_or_lines,
    print_impls,
    write_table,
)
from registry import question
from registry.cube import p_positions
from runs.progress import reporter, warn
from spec.piles3 import why_not_three_pile

__all__ = [
    "AXES",
    "BODIES",
    "SHAPES",
    "parse_slice",
    "refuse_slice",
    "run_cube",
    "structure_cube",
]

#: The axes of a three-pile table, in the order of its coordinates.
AXES = ("x", "y", "z")
#: Printed output past this many numbers is warned of before the work.
PRINT_WARN_NUMBERS = 2 * 2**20


def parse_slice(text: str, size: int) -> tuple[int, int]:
    """``--slice AXIS=K`` as (axis index, K), checked against the cube's side ``size``.

    >>> parse_slice("z=5", 100)
    (2, 5)
    >>> parse_slice("z=100", 100)
    Traceback (most recent call last):
    ...
    ValueError: --slice z=100: outside the table (0 <= z < 100)
    >>> parse_slice("w=1", 10)
    Traceback (most recent call last):
    ...
    ValueError: --slice w=1: expected AXIS=K with AXIS one of x, y, z and K an integer >= 0
    >>> parse_slice("z=\uff15", 10)  # a full-width 5: ASCII digits only
    Traceback (most recent call last):
    ...
    ValueError: --slice z=５: expected AXIS=K with AXIS one of x, y, z and K an integer >= 0
    """
    axis, equals, value = text.replace(" ", "").partition("=")
    if not equals or axis not in AXES or not (value.isascii() and value.isdigit()):
        raise ValueError(
            f"--slice {text}: expected AXIS=K with AXIS one of x, y, z and K an integer >= 0"
        )
    index = int(value)
    if index >= size:
        raise ValueError(f"--slice {text}: outside the table (0 <= {axis} < {size})")
    return AXES.index(axis), index


def refuse_slice(args: argparse.Namespace, game: spec.ImpartialGame) -> None:
    """ValueError if ``--slice`` is given for a game that is not of three piles."""
    if args.slice is not None:
        raise ValueError(
            f"--slice {args.slice}: for a three-pile game ({why_not_three_pile(game)})"
        )


def _plane(table: np.ndarray, axis: int, index: int) -> np.ndarray:
    return np.asarray(np.take(table, index, axis=axis))


def _title(name: str, implementation: str, axis: int, index: int) -> str:
    cell = ", ".join(str(index) if i == axis else a for i, a in enumerate(AXES))
    return f"{name}: G[{cell}], implementation {implementation}"


def run_cube(args: argparse.Namespace, game: Any) -> int:
    """``grundy table`` of a three-pile game (see the module)."""
    if args.rows is not None or args.cols is not None:
        raise ValueError(
            "--rows/--cols: a three-pile table is a cube (--size; a plane with --slice)"
        )
    size = args.size
    cut = None if args.slice is None else parse_slice(args.slice, size)
    door = question("grundy-table", game)
    name = door.game
    out = None
    if args.out is not None:
        if str(args.out).lower().endswith(".csv") and cut is None:
            raise ValueError("--out: a CSV holds one plane; give --slice, or use a .npy file")
        out = check_table_file(args.out, size, name)
    if args.list_impls:
        return print_impls(door, size=size)
    numbers = size**3 if cut is None else size**2
    if args.out is None and not args.json and numbers > PRINT_WARN_NUMBERS:
        door.choose(args.impl, args.budget, size=size)  # a refusal first, in one line
        warn(
            f"printing the table is {numbers:,} numbers; --slice AXIS=K prints one plane, "
            "--out FILE.npy writes it"
        )
    start = time.perf_counter()
    with reporter(f"{name} table {size}^3", args.json) as tick:
        answer = door(using=args.impl, progress=tick, budget=args.budget, size=size)
    table = np.asarray(answer.value).reshape(size, size, size)
    shown = table if cut is None else _plane(table, *cut)
    if out is not None:
        write_table(out, shown)
        seconds = time.perf_counter() - start
        what = "x".join(map(str, shown.shape))
        text = f"{out}: {name} table {what} {shown.dtype}, {answer.name}"
        data: dict[str, Any] = {"game": name, "implementation": answer.name, "out": str(out)}
        data.update(shape=list(shown.shape), dtype=str(shown.dtype), seconds=seconds)
        return json_or_lines(args.json, data, [f"{text}, {seconds:.2f} s"])
    if args.json:
        where = {} if cut is None else {"slice": {AXES[cut[0]]: cut[1]}}
        emit_json({"game": name, "size": size, **where, "implementation": answer.name,
                   "table": shown})  # fmt: skip
        return 0
    for axis, index in [cut] if cut is not None else [(2, z) for z in range(size)]:
        rows, cols = (a for i, a in enumerate(AXES) if i != axis)
        console.print(_title(name, answer.name, axis, index), markup=False)
        grid = format_grid(_plane(table, axis, index).tolist(), row_label=rows, col_label=cols)
        console.print(grid, markup=False, soft_wrap=True)
    return 0


def structure_cube(args: argparse.Namespace, game: Any) -> int:
    """``grundy structure`` of a three-pile game: its P-positions with every coordinate < N,
    sorted (lexicographically), the first ``--show`` printed (all with ``--json``)."""
    if args.alpha is not None:
        raise ValueError(f"--alpha {args.alpha}: for a two-pile game (Beatty pairs)")
    door, size = question("grundy-table", game), args.size
    if args.list_impls:
        return print_impls(door, size=size)
    answer = door(using=args.impl, size=size)
    found = p_positions(answer.value)
    name = door.game
    data = {
        "game": name, "size": size, "implementation": answer.name, "count": len(found),
        "p_positions": [list(p) for p in found],
    }  # fmt: skip
    shown = ", ".join(f"({x}, {y}, {z})" for x, y, z in found[: args.show])
    lines = [
        f"{name}: {len(found):,} P-positions with 0 <= x, y, z < {size} "
        f"(implementation {answer.name}); sorted:",
        f"  {shown}",
    ]
    if len(found) > args.show:
        lines.append(f"  ... {len(found) - args.show:,} more (--show, --json)")
    lines.append("Everything holds over the table only: nothing here is a proof.")
    return json_or_lines(args.json, data, lines)


#: The shapes whose bodies this module gives (:mod:`grundy.cli.shapes`): three piles.
SHAPES = (spec.Shape.THREE_PILES,)
#: Its bodies by command (``period`` and ``sequence``: the two-pile module's, whose
#: questions know three piles or refuse them).
BODIES = {"table": run_cube, "structure": structure_cube}
