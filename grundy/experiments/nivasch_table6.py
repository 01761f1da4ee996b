"""``grundy experiment nivasch-table6``: p_n^g for large n by Algorithm RW (000 Table 6).

Computes ``p_n^g`` for 0 <= g <= GMAX with :func:`fast.rw.nth_gvalue` and,
for n = 10^12, prints them beside 000 Table 6 as offsets from
a = 1 618 033 988 700, b = 2 618 033 988 700. ``--check`` recomputes every
value with twice the convergence constant R_g and reports any
disagreement (a symptom of a too small R_g, Conjecture 3.10).

Example::

    grundy experiment nivasch-table6 --gmax 20 --n 1000000000000 --check
"""

from __future__ import annotations

import argparse
import time
from typing import Any

from grundy.experiments import ExperimentResult, add_experiment_options, progress_bar
from grundy.output import console, emit_json
from grundy.parsing import count
from grundy.published import load_published

__all__ = ["register", "run", "run_experiment"]

NAME = "nivasch-table6"


def run_experiment(
    gmax: int,
    n: int,
    *,
    check: bool = False,
    L: int | None = None,
    H: int | None = None,
    R: int | None = None,
    quiet: bool = True,
) -> ExperimentResult:
    """p_n^g for g <= gmax (RW defaults unless L, H, R given)."""
    from fast.fsw import MAX_G
    from fast.rw import N_MAX, nth_gvalue
    from reference.rw import H_DEFAULT, L_DEFAULT, default_R

    if not 0 <= gmax <= MAX_G:
        raise ValueError(f"--gmax must be between 0 and {MAX_G} (gmax = {gmax})")
    if gmax > 20 and R is None:
        raise ValueError(f"--gmax {gmax} > 20 needs --R (Table 5 stops at g = 20)")
    if not 0 <= n <= N_MAX:
        raise ValueError(f"--n must be between 0 and {N_MAX} (the int64 kernel's range; n = {n})")
    lo = L_DEFAULT if L is None else L
    hi = H_DEFAULT if H is None else H
    if not lo < 0 < hi:
        raise ValueError(f"RW needs --L < 0 < --H (--L = {lo}, --H = {hi})")
    if R is not None and R < 1:
        raise ValueError(f"--R must be >= 1 (R = {R})")
    data = load_published("nivasch_000_table6")
    paper = {g: (data["a"] + da, data["b"] + db) for g, da, db in data["rows"]}
    start = time.perf_counter()
    nth_gvalue(0, 10)  # compile (or load the numba cache)
    compile_s = time.perf_counter() - start
    table: list[list[Any]] = []
    comparison: list[dict[str, Any]] = []
    check_s = 0.0
    run_s = 0.0
    with progress_bar("table 6", gmax + 1, disable=quiet) as advance:
        for g in range(gmax + 1):
            rg = default_R(g) if R is None else R
            t0 = time.perf_counter()
            a, b = nth_gvalue(g, n, lo, hi, rg)
            run_s += time.perf_counter() - t0
            row: list[Any] = [g, a, b, a - data["a"], b - data["b"], rg]
            if check:
                t0 = time.perf_counter()
                again = nth_gvalue(g, n, lo - 5, hi + 5, 2 * rg)
                check_s += time.perf_counter() - t0
                row.append(again == (a, b))
            table.append(row)
            if n == data["n"] and g in paper:
                comparison.append(
                    {"g": g, "ours": [a, b], "paper": list(paper[g]), "agrees": (a, b) == paper[g]}
                )
            advance(1)
    columns = ["g", "a", "b", "a_minus_1618033988700", "b_minus_2618033988700", "R"]
    if check:
        columns.append("stable_at_2R")
    timings = {"compile": compile_s, "run": run_s}
    if check:
        timings["check"] = check_s
    return ExperimentResult(
        name=NAME,
        parameters={"gmax": gmax, "n": n, "L": lo, "H": hi, "R": R, "check": check},
        columns=columns,
        table=table,
        timings=timings,
        comparison=comparison,
    )


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        NAME,
        help="000 Table 6: p_n^g for huge n by Algorithm RW",
        description=(
            "p_n^g for 0 <= g <= GMAX by Algorithm RW (conditional on Conjecture 3.10). "
            "For n = 10^12 prints the paper's Table 6 beside ours (* marks differences). "
            "--check recomputes with 2 R_g and L - 5, H + 5 and reports disagreements."
        ),
        epilog="example: grundy experiment nivasch-table6 --gmax 20 --n 1000000000000 --check",
    )
    from fast.fsw import MAX_G
    from fast.rw import N_MAX

    parser.add_argument(
        "--gmax",
        type=count("--gmax", lo=0, hi=MAX_G),
        default=20,
        help=f"largest g, 0..20 (up to {MAX_G} with --R; default 20)",
    )
    parser.add_argument(
        "--n",
        type=count("--n", lo=0, hi=N_MAX),
        default=10**12,
        help=f"index n, 0..{N_MAX:.3e} (the int64 kernel's range; default 10**12)",
    )
    parser.add_argument("--check", action="store_true", help="re-run at 2 R_g and compare")
    parser.add_argument(
        "--L", type=count("--L", hi=-1), default=None, help="RW bound L < 0 (default -15)"
    )
    parser.add_argument(
        "--H", type=count("--H", lo=1), default=None, help="RW bound H > 0 (default 15)"
    )
    parser.add_argument(
        "--R",
        type=count("--R", lo=1, hi=10**6),
        default=None,
        help="R_g for every g, 1..1e6 (default about twice 000 Table 5)",
    )
    add_experiment_options(parser)
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    result = run_experiment(
        args.gmax,
        args.n,
        check=args.check,
        L=args.L,
        H=args.H,
        R=args.R,
        quiet=args.quiet or args.json,
    )
    if args.out:
        result.save(args.out)
    if args.json:
        emit_json(result.__dict__)
        return 0 if result.agrees and all(r[-1] for r in result.table if args.check) else 1
    paper = {row["g"]: row for row in result.comparison}
    console.print(f"p_n^g for n = {args.n} (Algorithm RW; conditional on Conjecture 3.10)")
    if paper:
        console.print("offsets from a = 1618033988700, b = 2618033988700 (000 Table 6)")
    for row in result.table:
        g, a, b, da, db = row[:5]
        text = f"g={g:>2}  ours " + (f"(a{da:+d}, b{db:+d})" if paper else f"({a}, {b})")
        if g in paper:
            pa, pb = paper[g]["paper"]
            mark = "" if paper[g]["agrees"] else "  * differs"
            text += f"  paper (a{pa - 1618033988700:+d}, b{pb - 2618033988700:+d}){mark}"
        if args.check:
            text += "  2R: same" if row[-1] else "  2R: CHANGED"
        console.print(text)
    unstable = [row[0] for row in result.table if args.check and not row[-1]]
    if result.comparison:
        agree = sum(1 for r in result.comparison if r["agrees"])
        console.print(f"{agree}/{len(result.comparison)} rows agree with 000 Table 6")
    if args.check:
        console.print(
            "check at 2R: " + (f"DISAGREES for g = {unstable}" if unstable else "all equal")
        )
    t = result.timings
    console.print(
        f"compile {t['compile']:.2f} s, run {t['run']:.2f} s"
        + (f", check {t['check']:.2f} s" if "check" in t else "")
    )
    return 0 if result.agrees and not unstable else 1
