"""``grundy gvalues`` and ``grundy wythoff-nim``: Algorithm RW from the command line.

``grundy gvalues --g G --n N`` prints ``p_N^h = (a_N^h, b_N^h)``, the N-th
h-point of Wythoff's game (a <= b, ordered by a), for every h <= G
(``--only`` prints just h = G), all from one Algorithm RW run (RW finds
every h-point, h <= G, of a band at once; the default R is R_G for every
h). ``grundy wythoff-nim A,B HEAP`` prints a
winning move in the sum of Wythoff's game at (A, B) and a Nim heap of size
HEAP, or that the sum is a P-position (000 §1.5, §3.6).

Both use Algorithm RW (000 §3.4, numba ``fast.rw`` unless ``--reference``)
and are exact only under the Convergence Conjecture 3.10 with the default
constants (L = -15, H = 15, R_g about twice 000 Table 5; g <= 20).
"""

from __future__ import annotations

import argparse
import sys
import time
from typing import Any

from grundy.output import add_json_option, console, emit_json
from grundy.parsing import count, short_int
from grundy.registry.sequences import rw_engine


def fast_limits() -> tuple[int, int]:
    """(largest --n of gvalues, largest A, B of wythoff-nim) for the int64 kernel ``fast.rw``.

    wythoff-nim reads rows up to about phi * max(A, B) (the column and diagonal
    branches, 000 §3.6), so its bound is the kernel's row bound over phi, with a
    margin for the diagonal search (16 g rows) and L, H.
    """
    engine = rw_engine("fast.rw")
    return int(engine.N_MAX), (int(engine.R2_MAX) - 4096) * 1000 // 1619


def _add_rw_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--reference", action="store_true", help="use the plain-Python reference.rw (slow)"
    )
    parser.add_argument(
        "--R",
        type=count("--R", lo=0),
        default=None,
        help="convergence constant R_g (at least 000 Table 5 for g; smaller is refused)",
    )
    add_json_option(parser)


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "gvalues",
        help="the n-th g-value p_n^g of Wythoff's game, for huge n (Algorithm RW)",
        description=(
            "p_n^h = (a_n^h, b_n^h) for h <= G by Nivasch's Algorithm RW (000 §3.4), "
            "in O(log n) steps; conditional on the Convergence Conjecture 3.10. "
            "n up to about 3.5e18."
        ),
        epilog="example: grundy gvalues --g 20 --n 1000000000000",
    )
    parser.add_argument(
        "--g", type=count("--g", lo=0), required=True, help="largest Grundy value G (<= 20)"
    )
    parser.add_argument(
        "--n",
        type=count("--n", lo=0),
        required=True,
        help="the index n >= 0 (at most about 3.5e18 unless --reference)",
    )
    parser.add_argument("--only", action="store_true", help="print only h = G")
    _add_rw_options(parser)
    parser.set_defaults(func=run_gvalues)

    move = subparsers.add_parser(
        "wythoff-nim",
        help="a winning move in Wythoff (A, B) + a Nim heap (Algorithm RW)",
        description=(
            "A winning move in the sum of Wythoff's game at (A, B) with a Nim heap of size "
            "HEAP <= 20, for huge A, B (000 §1.5, §3.6): reduce the heap to G(A, B) if that "
            "is smaller, else move in Wythoff to a position of value HEAP. Conditional on "
            "Conjecture 3.10. A, B up to about 3.5e18 (the int64 kernel reads rows up to "
            "phi * max(A, B)); --reference for larger."
        ),
        epilog="example: grundy wythoff-nim 1618033988750,2618033988749 3",
    )
    move.add_argument("position", help="the Wythoff position A,B")
    move.add_argument("heap", type=count("HEAP", lo=0), help="the Nim heap size")
    _add_rw_options(move)
    move.set_defaults(func=run_wythoff_nim)


#: reference.rw's seconds per recursion level (one row band of RW) at g = 2 with the
#: default R, and the growth factor per unit of g: measured on x86_64 (2 cores,
#: loaded) for n = 10^20 and 10^40: 0.005-0.008 s at g = 2, 0.04-0.06 at g = 5,
#: 0.5-0.6 at g = 10.
REFERENCE_LEVEL_SECONDS = 0.0076
REFERENCE_GROWTH = 1.7
#: The longest a --reference run may take (it shows no progress).
REFERENCE_SECONDS = 60.0


def _check_reference(g: int, n: int, option: str = "--n") -> None:
    """Refuse a ``--reference`` run whose recursion or time is past its limits.

    reference.rw recurses once per level, about log_phi(n) levels (000 §3.4):
    beyond Python's recursion limit it cannot run, and its measured time per
    level (:data:`REFERENCE_LEVEL_SECONDS`, growing about
    :data:`REFERENCE_GROWTH`-fold per unit of g) projects the run.
    """
    levels = max(1, int(n.bit_length() * 1.4405)) + 1  # log_phi(2) = 1.4404...
    headroom = sys.getrecursionlimit() - 200
    if levels > headroom:
        digits = int(headroom / 1.4405 * 0.30103)
        raise ValueError(
            f"{option} = {short_int(n)} needs about {levels:,} recursion levels of "
            f"reference.rw, more than Python allows here ({headroom:,}); --reference takes "
            f"{option} up to about 10^{digits}"
        )
    seconds = levels * REFERENCE_LEVEL_SECONDS * REFERENCE_GROWTH ** max(0, g - 2)
    if seconds > REFERENCE_SECONDS:
        raise ValueError(
            f"--reference at g = {g}, {option} = {short_int(n)} would take about "
            f"{seconds:,.0f} s ({levels:,} levels at a measured {seconds / levels:.2g} s each; "
            f"limit {REFERENCE_SECONDS:.0f} s); use a smaller g or n, or drop --reference "
            "(fast.rw, n up to about 3.5e18)"
        )


def _check(name: str, value: int, maximum: int | None = None) -> None:
    if value < 0:
        raise ValueError(f"{name} must be >= 0 ({name} = {value})")
    if maximum is not None and value > maximum:
        raise ValueError(f"{name} must be <= {maximum} ({name} = {value}); pass --R for more")


def run_gvalues(args: argparse.Namespace) -> int:
    _check("--g", args.g, None if args.R is not None else 20)
    _check("--n", args.n)
    n_max, _ = fast_limits()
    if not args.reference and args.n > n_max:
        raise ValueError(
            f"--n = {short_int(args.n)} is beyond this kernel's int64 range (at most "
            f"{n_max}); use --reference for exact Python integers beyond (slower)"
        )
    if args.reference:
        _check_reference(args.g, args.n)
    start = time.perf_counter()
    rw = rw_engine("reference.rw" if args.reference else "fast.rw")
    if args.only:
        points = {args.g: rw.nth_gvalue(args.g, args.n, R=args.R)}
    else:  # one RW run gives every h <= G (000 §3.4)
        points = dict(enumerate(rw.nth_gvalues(args.g, args.n, R=args.R)))
    seconds = time.perf_counter() - start
    if args.json:
        emit_json(
            {
                "n": args.n,
                "points": {str(h): list(p) for h, p in points.items()},
                "engine": "reference.rw" if args.reference else "fast.rw",
                "seconds": seconds,
                "conditional_on": "Nivasch Conjecture 3.10",
            }
        )
        return 0
    for h, (a, b) in points.items():
        console.print(f"p_{args.n}^{h} = ({a}, {b})")
    console.print(f"[dim]{seconds:.2f} s; conditional on Conjecture 3.10[/dim]")
    return 0


def _parse_pair(text: str) -> tuple[int, int]:
    parts = text.replace(" ", "").split(",")
    if len(parts) != 2 or not all(p.isdigit() for p in parts):
        raise ValueError(f"position must be A,B with integers A, B >= 0 (got {text!r})")
    return int(parts[0]), int(parts[1])


def run_wythoff_nim(args: argparse.Namespace) -> int:
    a, b = _parse_pair(args.position)
    _check("HEAP", args.heap, None if args.R is not None else 20)
    _, pile_max = fast_limits()
    if not args.reference and max(a, b) > pile_max:
        raise ValueError(
            f"position {args.position} is beyond this kernel's int64 range (A, B <= "
            f"{pile_max}); use --reference for exact Python integers beyond (slower)"
        )
    if args.reference:
        _check_reference(args.heap, max(a, b), "A, B")
    engine = rw_engine("reference.rw" if args.reference else "fast.rw").gvalues
    move = rw_engine("reference.rw").wythoff_nim_move(a, b, args.heap, R=args.R, engine=engine)
    if args.json:
        emit_json(
            {
                "position": [[a, b], [args.heap]],
                "outcome": "P" if move is None else "N",
                "move": None if move is None else [list(move[0]), list(move[1])],
                "conditional_on": "Nivasch Conjecture 3.10",
            }
        )
        return 0
    if move is None:
        console.print(f"({a}, {b}) + heap {args.heap}: P-position, G({a}, {b}) = {args.heap}")
    else:
        (x, y), (h,) = move
        what = f"reduce the heap to {h}" if (x, y) == (a, b) else f"move Wythoff to ({x}, {y})"
        console.print(f"({a}, {b}) + heap {args.heap}: winning move: {what}")
    return 0
