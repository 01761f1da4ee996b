"""``grundy gvalues`` and ``grundy wythoff-nim``: h-points of Wythoff's game for huge n.

``gvalues`` asks the registry's ``nth-gvalue`` question, ``wythoff-nim`` the
bands of ``row-hpoints`` (000 §1.5, §3.6). Both choose the implementation like
every command (``--impl``, ``--list-impls``): WSG where it holds the rows (exact),
else Algorithm RW (000 §3.4; ``fast.rw`` in the int64 range, ``reference.rw``
beyond), conditional on the Convergence Conjecture 3.10 (docs/fsw-rw.md). The
output says which implementation answered and on what.
"""

from __future__ import annotations

import argparse
import time
from typing import Any

import spec
from grundy.cli.output import add_json_option, json_or_lines, print_impls
from grundy.cli.parsing import add_count, add_impl_option, parse_position, short_int
from reference.rw import wythoff_nim_move
from registry import Implementation, question
from runs.progress import warn

#: What a conditional answer rests on.
CONJECTURE = "Nivasch Conjecture 3.10"


def _add_options(parser: argparse.ArgumentParser, door: str, run: Any) -> None:
    add_impl_option(parser, door)
    parser.add_argument("--reference", action="store_true", help=argparse.SUPPRESS)
    add_count(
        parser,
        "--R",
        "Algorithm RW's convergence constant R_g (at least 000 Table 5 for g; smaller is refused)",
    )
    add_json_option(parser)
    parser.set_defaults(func=run)


def _impl(args: argparse.Namespace) -> str | None:
    """--impl, or the deprecated --reference mapped to it (one line on stderr)."""
    if args.reference:
        warn("--reference is deprecated: use --impl reference.rw")
        return args.impl or "reference.rw"
    return args.impl  # type: ignore[no-any-return]


def _rests_on(impls: set[Implementation]) -> tuple[str | None, str]:
    """What the answer rests on: (for --json, in words)."""
    if any(i.certificate.kind != "exact" for i in impls):
        return CONJECTURE, "conditional on Conjecture 3.10"
    return None, "exact"


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "gvalues",
        help="the n-th g-value p_n^g of Wythoff's game, for huge n (WSG, Algorithm RW)",
        description=(
            "p_n^h = (a_n^h, b_n^h) for h <= G: by WSG where it holds the rows (exact), "
            "else by Nivasch's Algorithm RW (000 §3.4) in O(log n) steps, conditional on "
            "the Convergence Conjecture 3.10. n up to about 3.5e18 by fast.rw, beyond by "
            "reference.rw as far as its measured time allows."
        ),
        epilog="example: grundy gvalues --g 20 --n 1000000000000",
    )
    add_count(parser, "--g", "largest value G", required=True)
    add_count(parser, "--n", "the index n >= 0", required=True)
    parser.add_argument("--only", action="store_true", help="print only h = G")
    _add_options(parser, "nth-gvalue", run_gvalues)

    move = subparsers.add_parser(
        "wythoff-nim",
        help="a winning move in Wythoff (A, B) + a Nim heap (Algorithm RW)",
        description=(
            "A winning move in the sum of Wythoff's game at (A, B) with a Nim heap of size "
            "HEAP, for huge A, B (000 §1.5, §3.6): reduce the heap to G(A, B) if that "
            "is smaller, else move in Wythoff to a position of value HEAP. By WSG where it "
            "holds the rows, else Algorithm RW (conditional on Conjecture 3.10)."
        ),
        epilog="example: grundy wythoff-nim 1618033988750,2618033988749 3",
    )
    move.add_argument("position", help="the Wythoff position A,B")
    add_count(move, "heap", "the Nim heap size", name="HEAP")
    _add_options(move, "row-hpoints", run_wythoff_nim)


def run_gvalues(args: argparse.Namespace) -> int:
    door = question("nth-gvalue", spec.Wythoff())
    domain = {"g": args.g, "count": 1, "start": args.n, "R": args.R}
    if args.list_impls:
        return print_impls(door, **domain)
    start = time.perf_counter()
    try:
        answer = door(using=_impl(args), **domain)
    except ValueError as error:  # one line naming the request
        raise ValueError(f"--g = {args.g}, --n = {short_int(args.n)}: {error}") from None
    found = {h: (int(p[0][0]), int(p[0][1])) for h, p in enumerate(answer.value)}
    points = {args.g: found[args.g]} if args.only else found
    seconds = time.perf_counter() - start
    rests_on, how = _rests_on({answer.implementation})
    data = {"n": args.n, "points": {str(h): list(p) for h, p in points.items()}}
    data.update(implementation=answer.name, seconds=seconds, conditional_on=rests_on)
    lines = [f"p_{args.n}^{h} = ({a}, {b})" for h, (a, b) in points.items()]
    lines.append(f"[dim]{seconds:.2f} s; {answer.name}, {how}[/dim]")
    return json_or_lines(args.json, data, lines, markup=True)


def run_wythoff_nim(args: argparse.Namespace) -> int:
    a, b = parse_position(spec.Wythoff(), args.position)
    door = question("row-hpoints", spec.Wythoff())
    using = _impl(args)
    if args.list_impls:
        return print_impls(door, g=args.heap, r1=min(a, b), r2=max(a, b), R=args.R)
    used: set[Implementation] = set()

    def engine(g: int, r1: int, r2: int, L: int, H: int, R: int | None) -> Any:
        answer = door(using=using, g=g, r1=r1, r2=r2, R=R)
        used.add(answer.implementation)
        return [], answer.value

    try:
        move = wythoff_nim_move(a, b, args.heap, R=args.R, engine=engine)
    except ValueError as error:  # one line naming the request
        raise ValueError(f"position {args.position}, heap {args.heap}: {error}") from None
    rests_on, how = _rests_on(used)
    names = sorted(i.name for i in used)
    data = {
        "position": [[a, b], [args.heap]],
        "outcome": "P" if move is None else "N",
        "move": None if move is None else [list(move[0]), list(move[1])],
        "implementations": names,
        "conditional_on": rests_on,
    }
    if move is None:
        text = f"({a}, {b}) + heap {args.heap}: P-position, G({a}, {b}) = {args.heap}"
    else:
        (x, y), (h,) = move
        what = f"reduce the heap to {h}" if (x, y) == (a, b) else f"move Wythoff to ({x}, {y})"
        text = f"({a}, {b}) + heap {args.heap}: winning move: {what}"
    return json_or_lines(
        args.json, data, [text, f"[dim]{', '.join(names)}; {how}[/dim]"], markup=True
    )
