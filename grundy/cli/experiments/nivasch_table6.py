"""``grundy experiment nivasch-table6``: p_n^g for large n by Algorithm RW (000 Table 6).

Computes ``p_n^g`` for 0 <= g <= GMAX at one or more n (``--n 1e12 1e15
1e18``) and, for n = 10^12, prints them beside 000 Table 6 as offsets from
a = 1 618 033 988 700, b = 2 618 033 988 700. The table gives every value
also as offsets from floor(n phi) and floor(n phi) + n.

Two ways to run RW (both through :func:`_rw`, the one accessor):

* default: one :func:`fast.rw.nth_gvalue` run per g with that g's R_g
  (:func:`reference.rw.default_R`, g <= 20; ``--R`` for larger g);
* ``--one-run``: one :func:`fast.rw.nth_gvalues` run per n for all h <= GMAX
  with the single constant R = R_GMAX (a larger R than each h needs, so
  only safer), which is how g up to 30 is reached.

``--check`` recomputes everything with independent margins: twice the
convergence constant (2 R) and the wider band L - 5, H + 5. A value is
*reported* (``a``, ``b``) only where both runs agree; elsewhere ``a`` and
``b`` are null and the two runs are kept in ``runs`` (a disagreement is a
symptom of a too small R_g, Conjecture 3.10).

:func:`rw_vs_wsg` compares RW with Algorithm WSG (:func:`fast.wsg.wsg_rows`,
unconditional) at given n for every h <= g.

Example::

    grundy experiment nivasch-table6 --gmax 20 --n 1000000000000 --check
    grundy experiment nivasch-table6 --gmax 30 --R 22500 --one-run --check --n 1e12 1e15 1e18
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from grundy.cli.experiments import ExperimentResult, register_experiment, timings_text
from grundy.cli.experiments.parameters import Parameters, flag, parameter
from grundy.cli.output import check_memory, console
from grundy.display import ResultTable
from grundy.published import load_published
from registry import ask
from registry.sequences import FSW_MAX_G, RW_N_MAX, stream_blocks
from runs.progress import progress_bar

__all__ = ["Table6Parameters", "printed_table", "register", "run", "run_experiment", "rw_vs_wsg"]

NAME = "nivasch-table6"
#: The check run's margins: R times this, L minus and H plus this.
CHECK_R_FACTOR = 2
CHECK_BAND = 5
_N_MAX = int(RW_N_MAX)


@dataclass(frozen=True)
class Table6Parameters(Parameters):
    """The experiment's parameters: its options and its JSON ``parameters``."""

    gmax: int = parameter(
        20, f"largest g, 0..20 (up to {FSW_MAX_G} with --R; default 20)", lo=0, hi=FSW_MAX_G
    )
    n: Sequence[int] = parameter(
        [10**12],
        f"one or more indices n, 0..{_N_MAX:.3e} (the int64 kernel's range; "
        "default 1e12; 1e18 and 10**18 accepted)",
        lo=0,
        hi=_N_MAX,
        nargs="+",
    )
    check_run: bool = flag("re-run at 2R, L-5, H+5; compare", option="--check")
    one_run: bool = flag("all h <= GMAX from one RW run per n with R = R_GMAX (needed past g = 20)")
    L: int | None = parameter(None, "RW bound L < 0 (default -15)", hi=-1)
    H: int | None = parameter(None, "RW bound H > 0 (default 15)", lo=1)
    R: int | None = parameter(
        None,
        "R for every g (default about twice 000 Table 5; below Table 5 is refused)",
        lo=0,
        hi=10**6,
    )

    def as_json(self) -> dict[str, Any]:
        """The JSON ``parameters``: RW's bounds L and H as used (their defaults filled in),
        and the check run's margins."""
        from reference.rw import H_DEFAULT, L_DEFAULT

        return {
            "gmax": self.gmax,
            "n": list(self.n),
            "L": L_DEFAULT if self.L is None else self.L,
            "H": H_DEFAULT if self.H is None else self.H,
            "R": self.R,
            "one_run": self.one_run,
            "check": self.check_run,
            "check_margins": (
                f"R x {CHECK_R_FACTOR}, L - {CHECK_BAND}, H + {CHECK_BAND}"
                if self.check_run
                else None
            ),
        }


#: Bytes that fast.rw's first band of rows takes at least, per h and unit of H - L: about
#: phi^2 (H - L) rows of four int64 (H = 10**9 asked for 77.8 GiB at g = 0).
RW_BYTES_PER_WIDTH = 80


def _rw(
    g: int, n: int, L: int, H: int, R: int | None, *, all_h: bool = False
) -> list[tuple[int, int]]:
    """The one accessor to the computing layer: the registry's ``nth-gvalue`` by ``fast.rw``.

    ``[p_n^g]``, or ``[p_n^h for h <= g]`` when ``all_h`` (one RW run gives both).
    """
    points = ask("nth-gvalue", "wythoff", using="fast.rw", g=g, count=1, start=n, L=L, H=H, R=R)
    found = [(int(p[0][0]), int(p[0][1])) for p in points]
    return found if all_h else [found[g]]


def _wsg_rows(g: int, rows: int) -> Any:
    """The WSG stream for :func:`rw_vs_wsg` (the registry's ``stream_blocks``)."""
    return stream_blocks("wythoff", g, rows)


def _floor_phi(n: int) -> int:
    from reference.beatty import lower_wythoff

    return lower_wythoff(n)


def _check_request(
    gmax: int, ns: list[int], L: int | None, H: int | None, R: int | None
) -> tuple[int, int]:
    """ValueError for a request RW cannot answer; RW's bounds (L, H), defaults filled in."""
    from reference.rw import H_DEFAULT, L_DEFAULT

    if not ns:
        raise ValueError("--n needs at least one value (n = [])")
    if gmax < 0:
        raise ValueError(f"--gmax must be >= 0 (gmax = {gmax})")
    if gmax > 20 and R is None:
        raise ValueError(f"--gmax {gmax} > 20 needs --R (Table 5 stops at g = 20)")
    n_max = int(RW_N_MAX)
    for value in ns:
        if not 0 <= value <= n_max:
            raise ValueError(
                f"--n must be between 0 and {n_max} (the int64 kernel's range; n = {value})"
            )
    lo = L_DEFAULT if L is None else L
    hi = H_DEFAULT if H is None else H
    if not lo < 0 < hi:
        raise ValueError(f"RW needs --L < 0 < --H (--L = {lo}, --H = {hi})")
    if R is not None and R < 1:
        raise ValueError(f"--R must be >= 1 (R = {R})")
    check_memory(
        RW_BYTES_PER_WIDTH * (gmax + 1) * (hi - lo),
        f"RW's band of rows for --L {lo} .. --H {hi} (--gmax {gmax})",
    )
    return lo, hi


def _rows(
    value: int,
    gs: list[int],
    rg: int,
    points: list[tuple[int, int]],
    again: list[tuple[int, int]],
    *,
    check: bool,
) -> Iterator[tuple[int, list[Any], bool]]:
    """(g, table row, whether the two runs agree) for each g of one RW call at n = ``value``."""
    fa = _floor_phi(value)
    for g, (a, b), (a2, b2) in zip(gs, points, again, strict=True):
        stable = (a, b) == (a2, b2)
        shown = (a, b) if stable else (None, None)
        row: list[Any] = [value, g, *shown]
        row += [a - fa, b - fa - value] if stable else [None, None]
        row.append(rg)
        if check:
            row += [stable, [[a, b], [a2, b2]]]
        yield g, row, stable


def run_experiment(
    gmax: int,
    n: int | Sequence[int],
    *,
    check: bool = False,
    L: int | None = None,
    H: int | None = None,
    R: int | None = None,
    one_run: bool = False,
    quiet: bool = True,
) -> ExperimentResult:
    """p_n^g for g <= gmax at every n (RW defaults unless L, H, R given).

    Table rows: ``[n, g, a, b, a - floor(n phi), b - floor(n phi) - n, R]``
    and, with ``check``, ``stable`` and ``runs`` (the two runs' points);
    ``a``, ``b`` are None where the runs disagree.
    """
    from reference.rw import default_R

    ns = [n] if isinstance(n, int) else list(n)
    lo, hi = _check_request(gmax, ns, L, H, R)
    data = load_published("nivasch_000_table6")
    paper = {g: (data["a"] + da, data["b"] + db) for g, da, db in data["rows"]}
    start = time.perf_counter()
    _rw(0, 10, lo, hi, 10)  # compile (or load the numba cache)
    compile_s = time.perf_counter() - start
    table: list[list[Any]] = []
    comparison: list[dict[str, Any]] = []
    check_s = 0.0
    run_s = 0.0
    jobs: list[tuple[int, list[int], int]] = []  # (n, the g of one RW call, its R)
    for value in ns:
        if one_run:
            jobs.append((value, list(range(gmax + 1)), default_R(gmax) if R is None else R))
        else:
            jobs += [(value, [g], default_R(g) if R is None else R) for g in range(gmax + 1)]
    with progress_bar("table 6", len(jobs), disable=quiet) as advance:
        for value, gs, rg in jobs:
            t0 = time.perf_counter()
            points = _rw(gs[-1], value, lo, hi, rg, all_h=one_run)
            run_s += time.perf_counter() - t0
            again: list[tuple[int, int]] = points
            if check:
                t0 = time.perf_counter()
                again = _rw(
                    gs[-1],
                    value,
                    lo - CHECK_BAND,
                    hi + CHECK_BAND,
                    CHECK_R_FACTOR * rg,
                    all_h=one_run,
                )
                check_s += time.perf_counter() - t0
            for g, row, stable in _rows(value, gs, rg, points, again, check=check):
                table.append(row)
                if value == data["n"] and g in paper:
                    (a, b), wanted = points[gs.index(g)], paper[g]
                    comparison.append(
                        {
                            "n": value,
                            "g": g,
                            "ours": [a, b],
                            "paper": list(wanted),
                            "agrees": (a, b) == wanted and stable,
                        }
                    )
            advance(1)
    columns = ["n", "g", "a", "b", "a_minus_floor_n_phi", "b_minus_floor_n_phi2", "R"]
    if check:
        columns += ["stable", "runs"]
    timings = {"compile": compile_s, "run": run_s}
    if check:
        timings["check"] = check_s
    return ExperimentResult(
        name=NAME,
        parameters=Table6Parameters(gmax, ns, check, one_run, lo, hi, R).as_json(),
        columns=columns,
        table=table,
        timings=timings,
        comparison=comparison,
    )


def rw_vs_wsg(
    gmax: int,
    ns: Sequence[int],
    R: int | None = None,
    *,
    L: int | None = None,
    H: int | None = None,
) -> list[dict[str, Any]]:
    """Compare RW (``nth_gvalues(gmax, n, L, H, R)``) with WSG at every n, for all h <= gmax.

    ``R`` defaults to RW's R_gmax (:func:`reference.rw.default_R`).

    WSG (unconditional) runs once over the rows up to the largest point
    needed, counting the h-points in row order. Returns one entry per n:
    ``{"n", "rw", "wsg", "agrees"}`` with the lists of p_n^h, h = 0..gmax.

    Examples
    --------
    >>> [e["agrees"] for e in rw_vs_wsg(3, [0, 7, 500], R=200)]
    [True, True, True]
    """
    from reference.rw import H_DEFAULT, L_DEFAULT

    lo = L_DEFAULT if L is None else L
    hi = H_DEFAULT if H is None else H
    wanted = sorted(set(ns))
    rw = {n: _rw(gmax, n, lo, hi, R, all_h=True) for n in wanted}
    rows = max(max(a for a, _ in pts) for pts in rw.values()) + 64 * (gmax + 1)
    found: dict[int, list[tuple[int, int] | None]] = {n: [None] * (gmax + 1) for n in wanted}
    seen = np.zeros(gmax + 1, dtype=np.int64)  # h-points before the current chunk
    targets = np.array(wanted, dtype=np.int64)
    for r0, cols in _wsg_rows(gmax, rows):
        for h in range(gmax + 1):
            hit = np.flatnonzero(cols[:, h] >= 0)
            inside = targets[(targets >= seen[h]) & (targets < seen[h] + hit.size)]
            for n in inside.tolist():
                i = int(hit[n - seen[h]])
                found[n][h] = (r0 + i, int(cols[i, h]))
            seen[h] += hit.size
    return [
        {"n": n, "rw": rw[n], "wsg": found[n], "agrees": found[n] == list(rw[n])} for n in wanted
    ]


def register(subparsers: Any) -> None:
    register_experiment(
        subparsers,
        NAME,
        Table6Parameters,
        run,
        help="000 Table 6: p_n^g for huge n by Algorithm RW",
        description=(
            "p_n^g for 0 <= g <= GMAX by Algorithm RW (conditional on Conjecture 3.10). "
            "For n = 10^12 prints the paper's Table 6 beside ours (* marks differences). "
            "--check recomputes with 2 R_g and L - 5, H + 5; values are reported only "
            "where both runs agree."
        ),
        epilog=(
            "examples: grundy experiment nivasch-table6 --gmax 20 --n 1000000000000 --check; "
            "grundy experiment nivasch-table6 --gmax 30 --R 22500 --one-run --check "
            "--n 1e12 1e15 1e18"
        ),
    )


def printed_table(result: ExperimentResult, n: int, check: bool) -> ResultTable:
    """The printed lines of index ``n``: per g, p_n^g (as offsets from 000 Table 6's a and b
    at n = 10^12 and beside the paper's, else with its offsets from floor(n phi) and
    floor(n phi) + n; "runs disagree" where --check's runs did), and ``check``'s verdict."""
    paper = {row["g"]: row for row in result.comparison}
    at_paper = n == 10**12 and bool(paper)
    lines = []
    for row in (r for r in result.table if r[0] == n):
        g, a, b, da, db = row[1:6]
        if a is None:
            ours = f"runs disagree: {row[8]}"
        elif at_paper:
            ours = f"ours (a{a - 1618033988700:+d}, b{b - 2618033988700:+d})"
        else:
            ours = f"({a}, {b})  offsets ({da:+d}, {db:+d})"
        theirs = ""
        if at_paper and g in paper:
            pa, pb = paper[g]["paper"]
            mark = "" if paper[g]["agrees"] else "  * differs"
            theirs = f"paper (a{pa - 1618033988700:+d}, b{pb - 2618033988700:+d}){mark}"
        same = "check: same" if check and a is not None else ""
        lines.append([str(g), ours, theirs, same])
    return ResultTable(["g", "p_n^g", "paper", "check"], lines, widths=[2, 0, 0, 0],
                       align="rlll", gaps=["g=", "  ", "  ", "  "], header=False)  # fmt: skip


def run(args: argparse.Namespace) -> int:
    declared = Table6Parameters.from_args(args)
    result = run_experiment(**declared.keywords(check_run="check"), quiet=args.quiet or args.json)
    unstable = [(row[0], row[1]) for row in result.table if declared.check_run and not row[7]]
    if result.deliver_args(args):
        return 1 if unstable else result.exit_code
    paper = {row["g"]: row for row in result.comparison}
    for n in result.parameters["n"]:
        console.print(f"p_n^g for n = {n} (Algorithm RW; conditional on Conjecture 3.10)")
        at_paper = n == 10**12 and bool(paper)
        if at_paper:
            console.print("offsets from a = 1618033988700, b = 2618033988700 (000 Table 6)")
        else:
            console.print("offsets from floor(n phi) and floor(n phi) + n")
        console.print(str(printed_table(result, n, declared.check_run)))
    if result.comparison:
        agree = sum(1 for r in result.comparison if r["agrees"])
        console.print(f"{agree}/{len(result.comparison)} rows agree with 000 Table 6")
    if declared.check_run:
        console.print(
            f"check at {CHECK_R_FACTOR}R, L-{CHECK_BAND}, H+{CHECK_BAND}: "
            + (f"DISAGREES for (n, g) = {unstable}" if unstable else "all equal")
        )
    console.print(timings_text(result.timings, check="check"))
    return 1 if unstable else result.exit_code
