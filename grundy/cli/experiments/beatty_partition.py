"""``grundy experiment beatty-partition``: Theorem 1.1 / Beatty, checked over a range of n.

The 0-points of Wythoff's game are p_n^0 = (a_n, b_n) = (floor(n phi),
floor(n phi^2)) (000 Theorem 1.1), and A_0 = {a_n}, B_0 = {b_n} partition
the positive integers (Beatty's theorem, 002 Theorem 4.3). For every n in
[start, stop) this experiment checks, in exact integer arithmetic
(``reference.beatty``, integer square roots, any size of n):

1. ``b_n - a_n = n`` (the 0-point sits on diagonal n: d_n^0 - n = 0);
2. ``index0(a_n) = n`` and ``index0(a_n + 1) = n + 1``: a_n is the n-th
   element of A_0 (index0 is an independent formula, ceil(r / phi));
3. the counting form of the partition at m = a_n and m = b_n (m >= 1):
   #{A_0 values < m} + #{B_0 values < m} = m + 1, i.e.
   ceil(m / phi) + ceil(m / phi^2) = m + 1 (0 is in both sets);
4. ``a_{n+1} - a_n`` is 1 or 2 (the gaps of a Beatty sequence of phi).

Every n is independent, so the range splits into chunks of n (ids
``n-<start>-<stop>``) that run in parallel on Dask and resume. It is the
execution layer's demonstration sweep (``docs/dask-and-plots.md``), and a
stress test of ``reference.beatty`` far beyond int64 (``--start 10**30``).

References
----------
G. Nivasch (2009), seed ``000``, Theorem 1.1 and Lemma 3.4 (index0);
I. Suriyaprakash (2021), seed ``002``, Theorem 4.3 (Beatty).
"""

from __future__ import annotations

import argparse
import time
from dataclasses import dataclass
from math import isqrt
from typing import Any

from grundy.cli.experiments import ExperimentResult, register_experiment
from grundy.cli.experiments.parameters import Parameters, parameter
from grundy.cli.output import console, execution_kwargs
from grundy.cli.parsing import short_int
from reference.beatty import index0, lower_wythoff
from runs.chunks import check_chunk_count, check_chunk_time, range_chunks
from runs.runner import run_chunks

__all__ = ["BeattyParameters", "check_range", "count_upper_below", "validate_chunk"]

NAME = "beatty-partition"


@dataclass(frozen=True)
class BeattyParameters(Parameters):
    """The experiment's parameters: its options, its JSON ``parameters``."""

    n: int = parameter(1_000_000, "how many n (default 1e6)", lo=1)
    start: int = parameter(0, "first n (default 0; 10**30 works)", lo=0)
    chunk: int = parameter(100_000, "n per chunk (default 1e5)", lo=1)


def count_upper_below(m: int) -> int:
    """ceil(m / phi^2) for m >= 1: the number of b_n^0 values below m (b_0 = 0 included).

    m / phi^2 = (3m - sqrt(5 m^2)) / 2 is irrational for m >= 1, so with
    t = isqrt(5 m^2) its floor is (3m - t - 1) // 2.

    Examples
    --------
    >>> [count_upper_below(m) for m in range(1, 9)]
    [1, 1, 2, 2, 2, 3, 3, 4]
    """
    t = isqrt(5 * m * m)
    return (3 * m - t - 1) // 2 + 1


def check_range(params: dict[str, Any]) -> dict[str, Any]:
    """Chunk function: check conditions 1-4 for start <= n < stop.

    Returns
    -------
    dict
        ``checked`` (number of n), ``violations`` (number of n failing a
        condition), ``first_violation`` (the smallest such n, or None),
        ``last_a`` (a_{stop-1}).

    Examples
    --------
    >>> check_range({"start": 0, "stop": 1000})
    {'checked': 1000, 'violations': 0, 'first_violation': None, 'last_a': 1616}
    """
    start, stop = int(params["start"]), int(params["stop"])
    violations = 0
    first: int | None = None
    a_next = lower_wythoff(start)
    a = a_next
    for n in range(start, stop):
        a = a_next
        a_next = lower_wythoff(n + 1)
        b = a + n
        ok = b - a == n and index0(a) == n and index0(a + 1) == n + 1  # 1, 2
        ok = ok and a_next - a in (1, 2)  # 4
        for m in (a, b):  # 3
            if m >= 1 and index0(m) + count_upper_below(m) != m + 1:
                ok = False
        if not ok:
            violations += 1
            if first is None:
                first = n
    return {
        "checked": stop - start,
        "violations": violations,
        "first_violation": first,
        "last_a": a if stop > start else None,
    }


def validate_chunk(params: dict[str, Any], result: Any) -> str | None:
    """Why a chunk result read back from disk cannot be :func:`check_range`'s, or None.

    >>> validate_chunk({"start": 0, "stop": 10}, check_range({"start": 0, "stop": 10}))
    >>> validate_chunk({"start": 0, "stop": 10}, {"checked": 9})
    'checked 9, not 10'
    """
    start, stop = params["start"], params["stop"]
    if result.get("checked") != stop - start:
        return f"checked {result.get('checked')}, not {stop - start}"
    violations, first = result.get("violations"), result.get("first_violation")
    if not isinstance(violations, int) or not 0 <= violations <= stop - start:
        return f"violations {violations!r}"
    if (first is None) != (violations == 0) or (first is not None and not start <= first < stop):
        return f"first_violation {first!r} with {violations} violations"
    return None


def register(subparsers: Any) -> None:
    register_experiment(
        subparsers,
        NAME,
        BeattyParameters,
        run,
        help="check Theorem 1.1 / Beatty's partition for n in a range (parallel, resumable)",
        description=(
            "For every n in [START, START+N) check b_n - a_n = n, index0(a_n) = n, the Beatty "
            "partition count ceil(m/phi) + ceil(m/phi^2) = m + 1 at m = a_n, b_n, and the gaps "
            "of a_n, exactly. Chunks of n run in parallel on Dask; --out DIR resumes."
        ),
        epilog="example: grundy experiment beatty-partition --n 4e6 --chunk 1e5 --out runs/bp",
        chunked=True,
        out_help=(
            "a directory (created if missing; a file is refused) for result.json, the manifest "
            "and the finished chunks; re-running with the same --out resumes"
        ),
    )


def compute(n: int, start: int = 0, chunk: int = 100_000, **execution: Any) -> ExperimentResult:
    """The experiment's result: one table row per chunk, merged in order."""
    declared = BeattyParameters(n, start, chunk)
    declared.check()
    check_chunk_count(-(-n // chunk), f"--n {short_int(n)} in chunks of --chunk {chunk}")
    sample = min(n, 2000)  # at the top of the range, where the integers are largest
    check_chunk_time(
        check_range, {"start": start + n - sample, "stop": start + n}, sample, min(n, chunk)
    )
    parameters = declared.as_json()
    began = time.perf_counter()
    chunks = range_chunks(start, start + n, chunk, prefix="n")
    results = run_chunks(
        check_range,
        chunks,
        name=NAME,
        parameters=parameters,
        description=f"Beatty partition, {n} values of n",
        validate=validate_chunk,
        **execution,
    )
    table = [
        [c.params["start"], c.params["stop"], r["checked"], r["violations"], r["first_violation"]]
        for c, r in zip(chunks, results, strict=True)
    ]
    violations = sum(row[3] for row in table)
    return ExperimentResult(
        name=NAME,
        parameters=parameters,
        columns=["start", "stop", "checked", "violations", "first_violation"],
        table=table,
        timings={"run": time.perf_counter() - began},
        comparison=[
            {
                "claim": "000 Theorem 1.1 / 002 Theorem 4.3",
                "checked": n,
                "violations": violations,
                "agrees": violations == 0,
            }
        ],
    )


def run(args: argparse.Namespace) -> int:
    result = compute(**BeattyParameters.from_args(args).as_json(), **execution_kwargs(args))
    if not result.deliver_args(args, directory=True):
        row = result.comparison[0]
        verdict = "holds" if row["agrees"] else f"FAILS ({row['violations']} values of n)"
        console.print(
            f"Theorem 1.1 / Beatty partition for {args.start} <= n < {args.start + args.n}: "
            f"{verdict}; {len(result.table)} chunks, {result.timings['run']:.1f} s"
        )
    return result.exit_code
