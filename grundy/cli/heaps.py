"""The one-heap forms of ``table``, ``sequence``, ``period`` and ``structure`` (issue 38).

A game with the capability :func:`spec.is_heap_game` (``subtraction:S``,
``octal:...``, ``nim``, a plugin's pile game of arity 1) has one sequence,
G(n) of one heap; each command asks the registry's questions
``nim-sequence`` and ``heap-period`` (:mod:`registry.heaps`) for it.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections import Counter
from pathlib import Path
from typing import Any

import spec
from floor.files import atomic_write_text
from grundy.cli.budget import WATCH
from grundy.cli.cube import refuse_slice
from grundy.cli.output import chosen_format, json_or_lines, print_impls
from grundy.formats import render
from registry import heap_certificates, question
from registry.heaps import checkpointed_sequence, heap_period
from runs.progress import activity, reporter

__all__ = [
    "BODIES",
    "SHAPES",
    "is_heap",
    "period",
    "rare_values",
    "sequence",
    "structure",
    "table",
]

#: Values per printed line of a one-heap table.
PER_LINE = 20


def is_heap(game: spec.ImpartialGame) -> bool:
    """True for a one-heap game (:func:`spec.is_heap_game`)."""
    return spec.is_heap_game(game)


def _values(
    game: spec.ImpartialGame, terms: int, args: argparse.Namespace
) -> tuple[list[int], str]:
    door = question("nim-sequence", game)
    budget = getattr(args, "budget", None)
    with activity(f"nim-sequence of {game.describe()}", disable=args.json):
        found = door(using=getattr(args, "impl", None), terms=terms, budget=budget)
    return [int(v) for v in found.value], found.name


def table(args: argparse.Namespace, game: spec.ImpartialGame) -> int:
    """``grundy table`` of a one-heap game: G(n), n < --size, 20 to a line."""
    if args.rows is not None or args.cols is not None or args.out is not None:
        raise ValueError(
            f"{game.describe()} is a one-heap game: its table is G(n), n < --size "
            "(no --rows/--cols/--out; 'grundy sequence --bfile' writes the terms)"
        )
    fmt = chosen_format(args)
    values, name = _values(game, args.size, args)
    if fmt != "text":  # rows of PER_LINE values, as Winning Ways prints a nim-sequence
        header = ["n", *(f"+{k}" for k in range(PER_LINE))]
        rows = [
            [start, *values[start : start + PER_LINE], *[""] * (start + PER_LINE - len(values))]
            for start in range(0, len(values), PER_LINE)
        ]
        caption = f"{game.describe()}: G(n), n < {args.size} ({name})"
        print(render(header, rows, fmt, caption=caption))
        return 0
    lines = [f"{game.describe()}: G(n), n < {args.size} ({name})"]
    width = len(str(max(values, default=0)))
    for start in range(0, len(values), PER_LINE):
        row = " ".join(str(v).rjust(width) for v in values[start : start + PER_LINE])
        lines.append(f"{start:>{len(str(args.size))}} | {row}")
    data = {"game": game.describe(), "size": args.size, "implementation": name, "table": values}
    return json_or_lines(args.json, data, lines)


def sequence(args: argparse.Namespace, game: spec.ImpartialGame) -> int:
    """``grundy sequence`` of a one-heap game: kind ``values`` (G(n)) or ``zeros`` (the
    P-positions, the n with G(n) = 0); ``--bfile`` writes the OEIS b-file."""
    kind = args.kind or "values"
    if kind not in ("values", "zeros"):
        raise ValueError(
            f"kind must be values or zeros for the one-heap game {game.describe()} "
            f"(kind = {kind!r})"
        )
    lo, hi = args.offset, args.offset + args.terms
    certificate = ""
    if getattr(args, "checkpoint", None):  # a resumable run: its refusals are its own
        values, name = _checkpointed(game, hi, kind, args)
        terms = values[lo:hi]
    elif kind == "values":
        try:
            values, name = _values(game, hi, args)
            terms = values[lo:hi]
        except ValueError as refused:  # far terms: from the certified period, if there is one
            terms, name, certificate = _far_values(game, lo, hi, args, refused)
    else:
        terms, name = _zeros(game, lo, hi, args)
    method = f"{name} (nim-sequence)"
    certificate = certificate or f"exact ({name}: G(n) = mex of the XOR of each option's heaps)"
    data: dict[str, Any] = {
        "game": game.describe(), "kind": kind, "offset": lo, "terms": terms,
        "method": method, "certificate": certificate,
    }  # fmt: skip
    shown: list[str] = []
    if args.bfile:
        atomic_write_text(Path(args.bfile), "".join(f"{lo + i} {a}\n" for i, a in enumerate(terms)))
        data.pop("terms")
        data["bfile"] = args.bfile
        shown = [f"wrote {len(terms):,} terms (n = {lo}..{hi - 1}) to {args.bfile}"]
    elif not args.json:
        shown = [", ".join(map(str, terms))]
    return json_or_lines(args.json, data, [*shown, f"method: {method}; {certificate}"], True)


def _checkpointed(
    game: spec.ImpartialGame, terms: int, kind: str, args: argparse.Namespace
) -> tuple[list[int], str]:
    """G(n) for n < ``terms``, resumable from ``--checkpoint``
    (:func:`registry.heaps.checkpointed_sequence`); ValueError for another kind, a game it
    does not run or a checkpoint of other parameters (naming the parameter)."""
    if kind != "values":
        raise ValueError(
            f"--checkpoint: the values of an octal game with a move leaving two heaps resume "
            f"from a checkpoint, not the {kind} of {game.describe()}"
        )
    with activity(f"nim-sequence of {game.describe()} (checkpoint)", disable=args.json):
        values, name = checkpointed_sequence(game, terms, args.checkpoint)
    return [int(v) for v in values], name


def _far_values(
    game: spec.ImpartialGame, lo: int, hi: int, args: argparse.Namespace, refused: ValueError
) -> tuple[list[int], str, str]:
    """G(n), lo <= n < hi, reduced by the certified period (else the refusal of the terms)."""
    try:
        found = heap_period(game, compute=True, budget=getattr(args, "budget", None))
    except ValueError:
        raise refused from None
    pre, p = found.preperiod, found.period
    assert pre is not None and p is not None
    head = found.head(pre + p)
    terms = [head[n] if n < pre else head[pre + (n - pre) % p] for n in range(lo, hi)]
    return terms, found.implementation, f"exact (the period: {found.certificate})"


def _zeros(
    game: spec.ImpartialGame, lo: int, hi: int, args: argparse.Namespace
) -> tuple[list[int], str]:
    """The P-positions a(lo..hi-1): from the certified period where there is one (a period
    without a zero: only finitely many, said so), else from values of doubling length."""
    try:
        found = heap_period(game, compute=True, budget=getattr(args, "budget", None))
    except ValueError:
        found = None
    if found is not None and found.preperiod is not None and found.period is not None:
        pre, p = found.preperiod, found.period
        head = [n for n, v in enumerate(found.head(pre + p)) if v == 0]
        cycle = [n for n in head if n >= pre]
        if not cycle and hi > len(head):
            raise ValueError(
                f"--terms: {game.describe()} has only {len(head)} P-positions "
                f"({', '.join(map(str, head))}; {found.certificate})"
            )
        zeros = [n for n in head if n < pre]
        turn = 0
        while len(zeros) < hi:
            zeros += [n + turn * p for n in cycle]
            turn += 1
        return zeros[lo:hi], found.implementation
    zeros, size, name = [], max(64, 2 * hi), ""
    while len(zeros) < hi:
        values, name = _values(game, size, args)
        zeros = [n for n, v in enumerate(values) if v == 0]
        size *= 2
    return zeros[lo:hi], name


def period(args: argparse.Namespace, game: spec.ImpartialGame) -> int:
    """``grundy period`` of a one-heap game: preperiod, period and the certificate
    (``--compute``: certified or refused; else certified where it can be, apparent else)."""
    if args.row is not None:
        raise ValueError(f"--row: {game.describe()} is a one-heap game, it has no rows")
    asked = getattr(args, "certified", False) or getattr(args, "certificate", None)
    if asked or (not args.compute and not args.values and heap_certificates.shipped(game)):
        return _certificate(args, game)  # --compute computes; else a shipped one answers
    terms = args.window if args.window != 2000 else 0
    reached = [0, time.perf_counter()]
    try:
        with reporter(f"period of {game.describe()}", disable=args.json) as bar:

            def progress(done: int, total: int | None, unit: str) -> None:
                reached[0] = done
                bar(done, total, unit)

            if getattr(args, "impl", None) is None:
                found = heap_period(
                    game, compute=args.compute, terms=terms, budget=args.budget,
                    progress=progress,
                )  # fmt: skip
            else:  # the one named (an unknown name: one line naming the candidates)
                found = question("heap-period", game)(
                    using=args.impl, terms=terms, compute=args.compute, seconds=args.budget,
                    budget=args.budget, progress=progress,
                ).value  # fmt: skip
    except KeyboardInterrupt:  # say how far it reached, before the CLI's last line
        took = time.perf_counter() - reached[1]
        if WATCH.passed:  # stopped by --budget: the CLI's line says how far it got
            raise
        print(
            f"grundy period: {game.describe()}: stopped after {took:,.1f} s with no certified "
            f"period within the first {reached[0]:,} values",
            file=sys.stderr,
            flush=True,
        )
        raise
    data = found.as_dict()
    values = found.head(args.values) if args.values else []
    if args.values:
        data["values"] = values
    if (fmt := chosen_format(args)) != "text":  # the record as a table, for a paper
        rows = [[key, str(value)] for key, value in data.items() if key != "values"]
        print(render(["", game.describe()], rows, fmt, caption=str(found).splitlines()[0]))
        return 0
    lines = str(found).splitlines()
    if values:
        lines.append(" ".join(map(str, values)))
    return json_or_lines(args.json, data, lines, soft_wrap=True)


def _certificate(args: argparse.Namespace, game: spec.ImpartialGame) -> int:
    """``--certified`` (the shipped certificate answers) or ``--certificate FILE`` (written)."""
    if args.certificate:
        with activity(f"period certificate of {game.describe()}", disable=args.json):
            fields = heap_certificates.write(game, args.certificate, args.budget)
        shown = f"wrote the certificate to {args.certificate} (python -m heapcheck to check it)"
    else:
        found = heap_certificates.shipped(game)
        if found is None:
            raise ValueError(
                f"--certified: no shipped period certificate for {game.describe()} "
                "(grundy period GAME --compute certifies it here)"
            )
        fields, shown = found, f"from the shipped certificate (digest {found['digest'][:16]})"
    data = {k: fields[k] for k in ("game", "preperiod", "period", "window_end", "digest")}
    data["status"] = "certified"
    lines = [
        f"{fields['game']}: preperiod {fields['preperiod']:,}, period {fields['period']:,}: "
        f"certified ({fields['theorem']}, G(n + p) = G(n) for {fields['preperiod']:,} <= n < "
        f"{fields['window_end']:,})",
        shown,
    ]
    return json_or_lines(args.json, data, lines)


def rare_values(values: list[int]) -> tuple[int, list[int], int] | None:
    """The rare values of a nim-sequence (Flammenkamp's sparse space), or None.

    A mask m splits the values into the v with an odd number of bits of
    v & m set and the others; the *rare* class is the smaller one when it
    holds under 5% of the terms. Returns (m, the rare values seen, how many
    terms have one), the mask with the fewest rare terms.

    >>> rare_values([0, 1, 0, 1] * 50 + [2])
    (2, [2], 1)
    >>> rare_values([0, 1, 2, 3]) is None
    True
    """
    counts = Counter(values)
    top = max(counts, default=0)
    best: tuple[int, list[int], int] | None = None
    for mask in range(1, 1 << top.bit_length()):
        rare = sorted(v for v in counts if bin(v & mask).count("1") % 2)
        total = sum(counts[v] for v in rare)
        if rare and 20 * total < len(values) and (best is None or total < best[2]):
            best = (mask, rare, total)
    return best


def structure(args: argparse.Namespace, game: spec.ImpartialGame) -> int:
    """``grundy structure`` of a one-heap game: the P-positions (G(n) = 0), the count of
    each value and the rare values, over n < --size."""
    values, name = _values(game, args.size, args)
    zeros = [n for n, v in enumerate(values) if v == 0]
    counts = sorted(Counter(values).items())
    rare = rare_values(values)
    lines = [
        f"{game.describe()}: n < {args.size} ({name}); everything holds over these n only",
        f"P-positions (G(n) = 0): {len(zeros):,}; the first: "
        + ", ".join(map(str, zeros[: args.show])),
        "values (value: count): " + ", ".join(f"{v}: {c:,}" for v, c in counts),
    ]
    if rare is None:
        lines.append("rare values: none (no parity class of a bit mask under 5% of the terms)")
    else:
        lines.append(
            f"rare values (odd parity of v & {rare[0]}): {rare[1]} at {rare[2]:,} of "
            f"{len(values):,} terms"
        )
    data = {
        "game": game.describe(), "size": args.size, "implementation": name,
        "p_positions": zeros, "counts": {str(v): c for v, c in counts},
        "rare": None if rare is None else {"mask": rare[0], "values": rare[1], "terms": rare[2]},
    }  # fmt: skip
    return json_or_lines(args.json, data, lines)


def _table(args: argparse.Namespace, game: spec.ImpartialGame) -> int:
    refuse_slice(args, game)
    if args.list_impls:
        return print_impls(question("nim-sequence", game), terms=args.size)
    return table(args, game)


def _structure(args: argparse.Namespace, game: spec.ImpartialGame) -> int:
    if args.list_impls:
        return print_impls(question("nim-sequence", game), terms=args.size)
    return structure(args, game)


def _period(args: argparse.Namespace, game: spec.ImpartialGame) -> int:
    if args.list_impls:
        return print_impls(question("heap-period", game), terms=0, compute=args.compute)
    return period(args, game)


def _sequence(args: argparse.Namespace, game: spec.ImpartialGame) -> int:
    if args.formula:
        raise ValueError(
            f"--formula: {game.describe()} is a one-heap game; its period is "
            f"'grundy period {game.describe()} --compute'"
        )
    return sequence(args, game)


#: The shapes whose bodies this module gives (:mod:`grundy.cli.shapes`): one heap.
SHAPES = (spec.Shape.ONE_HEAP,)
#: Its bodies by command.
BODIES = {"table": _table, "structure": _structure, "period": _period, "sequence": _sequence}
