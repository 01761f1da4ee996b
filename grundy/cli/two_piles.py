"""The two-pile bodies of ``table``, ``structure``, ``period`` and ``sequence``.

The shape module (:mod:`grundy.cli.shapes`) of two piles (a table G[x, y]) and of two
piles and a state (one table per state, G[s, x, y]); also the fallback: a command another
shape's module gives no body for, and a game of no known shape (a sum), come here, and the
registry's questions refuse what they cannot answer in one line.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path
from typing import Any

import numpy as np

import spec
from floor.files import atomic_write_text
from grundy import oeis
from grundy.cli.cube import refuse_slice
from grundy.cli.output import (
    check_table_file,
    chosen_format,
    console,
    emit_json,
    json_or_lines,
    print_impls,
    print_tables,
    write_table,
)
from grundy.cli.structure import structure_answer
from grundy.formats import render, render_grid
from reference.structure import parse_ratio
from registry import question
from registry.layers import states_of, table_shape
from runs.progress import activity, reporter, warn

__all__ = ["BODIES", "PRINT_WARN_BYTES", "SHAPES", "period", "printed_warning", "sequence",
           "structure", "table"]  # fmt: skip

#: The old --impl values (deprecated), mapped to the implementations' names.
DEPRECATED = {"fast": "fast.strip", "reference": "reference.landman"}


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


def table(args: argparse.Namespace, game: spec.ImpartialGame) -> int:
    """``grundy table`` of a two-pile game (one table per state of a game with a state)."""
    refuse_slice(args, game)
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
    fmt = chosen_format(args)
    if args.json:
        layers = {"states": list(states)} if states else {}
        emit_json({"game": name, **domain, **layers, "implementation": answer.name, "table": table})
    elif fmt != "text":  # for a paper: one table per state (grundy.formats)
        for state, layer in zip(states, table, strict=True) if states else [(None, table)]:
            label = "" if state is None else f", state {state}"
            caption = f"{name}: G(x, y){label}, row 0 at the bottom ({answer.name})"
            print(render_grid(layer.tolist(), fmt, caption=caption))
    else:  # one table per state of a game with a state, G[s, x, y]
        print_tables(name, answer.name, table, states)
    return 0


def structure(args: argparse.Namespace, game: spec.ImpartialGame) -> int:
    """``grundy structure`` of a two-pile game: P-positions and what they fit."""
    alpha = parse_ratio(args.alpha) if args.alpha else None
    door, domain = question("grundy-block", game), {"rows": args.size, "cols": args.size}
    if args.list_impls:
        return print_impls(door, **domain)
    answer = door(using=args.impl, budget=args.budget, **domain)
    data, lines = structure_answer(
        game, answer.value, answer.name, alpha=alpha, rows=args.rows, show=args.show
    )
    return json_or_lines(args.json, data, lines)


def period(args: argparse.Namespace, game: spec.ImpartialGame) -> int:
    """``grundy period`` of a row of a two-pile game."""
    if args.row is None:
        raise ValueError(f"--row is required for the two-pile game {game.describe()}")
    using = DEPRECATED.get(args.impl, args.impl)
    if using != args.impl:
        warn(f"--impl {args.impl} is deprecated: use --impl {using}")
    door = question("period", game)
    domain = {"row": args.row, "window": args.window, "compute": args.compute}
    if args.list_impls:
        return print_impls(door, args.budget, **domain)
    with reporter(f"{game.describe()} row {args.row}", args.json) as tick:
        result = door(using=using, progress=tick, budget=args.budget, **domain).value
        lines = result.lines(args.lines) if args.lines else []
        values = result.head(args.values) if args.values else []
    extra = {"lines": lines} if args.lines else {}
    data = {**result.as_dict(), **extra, **({"values": values} if args.values else {})}
    coords = game.coordinates if isinstance(game, spec.PileGame) else ("x", "y")
    head = f"{result.game} row {args.row} (G({args.row}, {coords[1]}), {coords[1]} = 0, 1, ...)"
    labels = (["pre-period"] if result.preperiod else []) + ["period"] * args.lines
    text = [
        f"{head}: preperiod {result.preperiod}, period {result.period}, saltus {result.saltus} "
        f"({result.status}: {result.certificate}; {result.implementation})",
        *(f"{' '.join(map(str, v))}    {k}" for k, v in zip(labels, lines, strict=False)),
    ]
    if values:
        text.append(" ".join(map(str, values)))
    if result.period is None or result.preperiod is None:  # nothing more to print
        text = [f"{head}: {result.certificate} (apparent, not certified; try a larger --window)"]
    elif (fmt := chosen_format(args)) != "text" and lines:  # the lines as a table, for a paper
        width = max(len(v) for v in lines)
        rows = [[k, *v, *[""] * (width - len(v))] for k, v in zip(labels, lines, strict=False)]
        caption = text[0]
        print(render(["", *(str(i) for i in range(width))], rows, fmt, caption=caption))
        return 0
    return json_or_lines(args.json, data, text, soft_wrap=True)  # a line can hold 10^6 values


def sequence(args: argparse.Namespace, game: spec.ImpartialGame) -> int:
    """``grundy sequence`` of a two-pile (or three-pile) game: the kinds of :mod:`grundy.oeis`."""
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


#: The shapes this module serves (:mod:`grundy.cli.shapes`; it is also the fallback).
SHAPES = (spec.Shape.TWO_PILES, spec.Shape.STATE_LAYERS)
#: Its bodies by command.
BODIES = {"table": table, "structure": structure, "period": period, "sequence": sequence}
