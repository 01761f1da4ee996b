"""``grundy experiment larsson-blocking``: where the P-positions of k-blocking Wythoff Nim gather.

Larsson (Blocking Wythoff Nim, Electron. J. Combin. 18 (2011) P120) solves
k-blocking Wythoff Nim for k = 2, 3 and, from computer simulations, states
conjectures about the "sets of aggregation points" of its P-positions for
4 <= k <= 20. The conjectures' statements are not available to us (the
abstract names them, the text we have stops there); this experiment
measures what they are about, from the rules alone.

For each k it computes the P-positions of ``blocking-wythoff:k`` on rows
0 <= x < ROWS by the greedy over rows (the ``p-positions`` question,
:mod:`reference.row_greedy`; sound for this rule, and exactly k
P-positions in every row), streamed in blocks (memory: the greedy's state,
stated and checked first). At each scale S in ROWS / 100, ROWS / 10, ROWS
it takes the upper P-positions (x, y), y >= x, with S / 2 <= x < S, and
groups their slopes y / x: a histogram of bins of width :data:`BIN`, the
non-empty bins closer than :data:`GAP` bins joined into one cluster. A
cluster is reported by its mean slope, its extent and its share of the rows
(P-positions per row in the window): an aggregation point of the slopes is
a cluster whose extent shrinks and whose mean settles as the scale grows.
Each cluster's mean is also set beside the simplest quadratic equation
a m^2 + b m + c = 0 (integers up to :data:`HEIGHT`) that it satisfies
within the cluster's extent, when there is one (:func:`quadratic`): a
hint at what the point may be, not a proof.

One chunk per k: ``--out DIR`` keeps each finished k and a re-run resumes.

References
----------
U. Larsson, "Blocking Wythoff Nim", Electron. J. Combin. 18 (2011) P120
(arXiv:1010.5816).
"""

from __future__ import annotations

import argparse
import math
import time
from dataclasses import dataclass
from typing import Any

import numpy as np

from grundy.cli.experiments import ExperimentResult, register_experiment
from grundy.cli.experiments.parameters import Parameters, constant, parameter
from grundy.cli.output import (
    check_memory,
    console,
    execution_kwargs,
)
from grundy.display import ResultTable
from registry.ppositions import greedy_memory, point_blocks
from runs.chunks import Chunk
from runs.runner import report_progress, run_chunks

__all__ = [
    "BIN", "GAP", "LarssonParameters", "clusters", "compute", "printed_table", "run_chunk",
    "validate_chunk",
]  # fmt: skip

NAME = "larsson-blocking"
#: Slopes y / x are binned with this width on [0, MAX_SLOPE).
BIN = 1e-4
MAX_SLOPE = 8.0
#: Non-empty bins closer than this many bins are one cluster.
GAP = 50
#: The largest coefficient of the quadratic equations a cluster's mean is tried against.
HEIGHT = 40


@dataclass(frozen=True)
class LarssonParameters(Parameters):
    """The experiment's parameters: its options, its JSON ``parameters``."""

    k: range = parameter(range(4, 21), "k values A..B (4..20)", hi=100, kind="range")
    rows: int = parameter(10**7, "rows 0 <= x < ROWS (1e7)", lo=400)
    bin: float = constant(BIN)
    gap: int = constant(GAP)


def _scales(rows: int) -> list[int]:
    """The row bounds S whose windows S / 2 <= x < S are measured (at least 200 rows each)."""
    return sorted({s for s in (rows // 100, rows // 10, rows) if s >= 200})


def clusters(counts: np.ndarray, sums: np.ndarray, lows: np.ndarray, highs: np.ndarray,
             rows: int) -> list[list[float]]:  # fmt: skip
    """``[mean, low, high, per_row]`` for each run of non-empty bins (gaps < GAP bins).

    ``counts``/``sums``: points and the sum of their slopes per bin;
    ``lows``/``highs``: their least and largest slope; ``rows``: the window.

    >>> c = np.zeros(400); s = np.zeros(400); lo = np.full(400, np.inf); hi = np.zeros(400)
    >>> for b, v in [(10, 0.001), (12, 0.0012), (300, 0.03)]:
    ...     c[b] += 1; s[b] += v; lo[b] = min(lo[b], v); hi[b] = max(hi[b], v)
    >>> [[round(v, 4) for v in row] for row in clusters(c, s, lo, hi, 2)]
    [[0.0011, 0.001, 0.0012, 1.0], [0.03, 0.03, 0.03, 0.5]]
    """
    out: list[list[float]] = []
    filled = np.flatnonzero(counts)
    if not len(filled):
        return out
    breaks = np.flatnonzero(np.diff(filled) >= GAP) + 1
    for group in np.split(filled, breaks):
        n = counts[group].sum()
        out.append(
            [
                float(sums[group].sum() / n),
                float(lows[group].min()),
                float(highs[group].max()),
                float(n / rows),
            ]
        )
    return out


def run_chunk(params: dict[str, Any]) -> dict[str, Any]:
    """Chunk function: the clusters of slopes of k-blocking Wythoff Nim at each scale.

    ``params``: ``{"k": k, "rows": rows}``. Returns ``{"k", "rows", "per_row",
    "scales": [{"rows": S, "window": [S // 2, S], "clusters": [...]}]}``;
    ``per_row`` checks that every row holds k P-positions (mirrors included).

    >>> chunk = run_chunk({"k": 3, "rows": 400})
    >>> chunk["per_row"], [[round(v, 3) for v in c] for c in chunk["scales"][0]["clusters"]]
    (3, [[2.005, 2.003, 2.01, 2.0]])
    """
    began = time.perf_counter()
    k, rows = int(params["k"]), int(params["rows"])
    scales = _scales(rows)
    bins = int(MAX_SLOPE / BIN)
    counts = np.zeros((len(scales), bins))
    sums = np.zeros((len(scales), bins))
    lows = np.full((len(scales), bins), np.inf)
    highs = np.zeros((len(scales), bins))
    mirrors = np.zeros(rows + 1, dtype=np.int64)  # row -> its P-positions below the diagonal
    per_row = {k}
    game = f"blocking-wythoff:{k}"
    for r0, cols in point_blocks(game, rows, progress=report_progress):
        points = cols[:, 0, :]
        x = np.arange(r0, r0 + len(points))
        found = (points >= 0).sum(axis=1)
        upper = points[points > x[:, None]]
        np.add.at(mirrors, upper[upper <= rows], 1)
        per_row.update((found + mirrors[r0 : r0 + len(points)]).tolist())
        for i, scale in enumerate(scales):
            inside = (x >= scale // 2) & (x < scale)
            if not inside.any():
                continue
            chosen = points[inside]
            xs = np.broadcast_to(x[inside][:, None], chosen.shape)
            keep = chosen >= xs
            slopes = chosen[keep] / xs[keep]
            where = np.minimum((slopes / BIN).astype(np.int64), bins - 1)
            counts[i] += np.bincount(where, minlength=bins)
            sums[i] += np.bincount(where, weights=slopes, minlength=bins)
            np.minimum.at(lows[i], where, slopes)
            np.maximum.at(highs[i], where, slopes)
    return {
        "k": k,
        "rows": rows,
        "seconds": time.perf_counter() - began,
        "per_row": sorted(per_row)[0] if len(per_row) == 1 else sorted(per_row),
        "scales": [
            {
                "rows": scale,
                "window": [scale // 2, scale],
                "clusters": clusters(counts[i], sums[i], lows[i], highs[i], scale - scale // 2),
            }
            for i, scale in enumerate(scales)
        ],
    }


def validate_chunk(params: dict[str, Any], result: Any) -> str | None:
    """Why a chunk read back from disk is not one of ``params``, or None.

    >>> validate_chunk({"k": 4, "rows": 10}, {"k": 4, "rows": 10, "per_row": 4, "scales": []})
    >>> validate_chunk({"k": 4, "rows": 10}, {"k": 5, "rows": 10, "per_row": 5, "scales": []})
    'the chunk is for k = 5, rows = 10'
    """
    if result.get("k") != params["k"] or result.get("rows") != params["rows"]:
        return f"the chunk is for k = {result.get('k')}, rows = {result.get('rows')}"
    if result.get("per_row") != params["k"]:
        return f"rows hold {result.get('per_row')} P-positions, not k = {params['k']}"
    return None


def quadratic(mean: float, extent: float, height: int = HEIGHT) -> str:
    """The simplest root of a m^2 + b m + c = 0 (|a|, |b|, |c| <= height) within ``extent``.

    A rational root (a square discriminant) is written as a fraction; "none"
    if no equation of that height has a root that close. A hint, not a proof.

    >>> quadratic(2.414213562, 1e-6), quadratic(2.5, 1e-6), quadratic(math.pi, 1e-9)
    ('1 + sqrt(2)', '5/2', 'none')
    """
    best: tuple[int, int, int, int] | None = None
    for a in range(1, height + 1):
        for b in range(-height, height + 1):
            c = -round(a * mean * mean + b * mean)
            if abs(c) > height or b * b - 4 * a * c < 0:
                continue
            root = (-b + math.sqrt(b * b - 4 * a * c)) / (2 * a)
            if abs(root - mean) > max(extent, 1e-9):
                continue
            if math.gcd(math.gcd(a, abs(b)), abs(c)) != 1:
                continue
            size = max(a, abs(b), abs(c))
            if best is None or size < best[0]:
                best = (size, a, b, c)
    if best is None:
        return "none"
    _, a, b, c = best
    disc = b * b - 4 * a * c
    root = math.isqrt(disc)
    if root * root == disc:
        num, den = -b + root, 2 * a
        g = math.gcd(num, den)
        return f"{num // g}/{den // g}" if den // g != 1 else str(num // g)
    return _root_text(-b, disc, 2 * a)


def _root_text(b: int, disc: int, den: int) -> str:
    """(b + sqrt(disc)) / den in lowest terms: ``(p + q sqrt(r)) / d``.

    >>> _root_text(4, 116, 10), _root_text(2, 8, 2), _root_text(1, 17, 4)
    ('(2 + sqrt(29)) / 5', '1 + sqrt(2)', '(1 + sqrt(17)) / 4')
    """
    square = 1
    for f in range(2, math.isqrt(disc) + 1):
        while disc % (f * f) == 0:
            disc //= f * f
            square *= f
    g = math.gcd(math.gcd(abs(b), square), den)
    b, square, den = b // g, square // g, den // g
    root = f"sqrt({disc})" if square == 1 else f"{square} sqrt({disc})"
    text = f"{b} + {root}" if b else root
    return text if den == 1 else f"({text}) / {den}"


def compute(ks: range, rows: int, **execution: Any) -> ExperimentResult:
    """The experiment's result: one chunk per k, run through :func:`run_chunks`."""
    if ks.start < 1:
        raise ValueError(f"--k must be >= 1 (--k = {ks.start}..{ks.stop - 1})")
    if ks.stop - 1 > 100:
        raise ValueError(f"--k must be <= 100 (--k = {ks.start}..{ks.stop - 1})")
    need = greedy_memory(f"blocking-wythoff:{ks.stop - 1}", rows) + 8 * rows
    check_memory(need, f"the greedy over --rows {rows} rows")
    parameters = LarssonParameters(ks, rows).as_json()
    began = time.perf_counter()
    chunks = [Chunk(f"k{k}-rows{rows}", {"k": k, "rows": rows}) for k in ks]
    found = run_chunks(
        run_chunk,
        chunks,
        name=NAME,
        parameters=parameters,
        description=f"k-blocking Wythoff, k = {ks.start}..{ks.stop - 1}, {rows:,} rows",
        validate=validate_chunk,
        **execution,
    )
    table = [
        [chunk["k"], scale["rows"], *cluster]
        for chunk in found
        for scale in chunk["scales"]
        for cluster in scale["clusters"]
    ]
    comparison = []
    for chunk in found:
        last = chunk["scales"][-1] if chunk["scales"] else {"clusters": []}
        comparison.append(
            {
                "k": chunk["k"],
                "per_row": chunk["per_row"],
                "aggregation points": [round(c[0], 6) for c in last["clusters"]],
                "quadratic": [quadratic(c[0], c[2] - c[1]) for c in last["clusters"]],
                "agrees": chunk["per_row"] == chunk["k"],
            }
        )
    return ExperimentResult(
        name=NAME,
        parameters=parameters,
        columns=["k", "scale_rows", "mean_slope", "low_slope", "high_slope", "per_row"],
        table=table,
        timings={
            "run": time.perf_counter() - began,
            "chunks": sum(float(chunk.get("seconds", 0.0)) for chunk in found),
            "memory_bytes": float(need),
        },
        comparison=comparison,
    )


def register(subparsers: Any) -> None:
    register_experiment(
        subparsers,
        NAME,
        LarssonParameters,
        run,
        help="where the P-positions of k-blocking Wythoff Nim gather (Larsson 2011, 4 <= k <= 20)",
        description=(
            "For each k, the P-positions of k-blocking Wythoff Nim on rows < ROWS by the greedy "
            "over rows, and the clusters of their slopes y / x at three scales (ROWS/100, "
            "ROWS/10, ROWS): Larsson's 'aggregation points' (Electron. J. Combin. 18 (2011) "
            "P120), measured. One chunk per k; --out DIR resumes."
        ),
        epilog="example: grundy experiment larsson-blocking --k 4..20 --rows 1e7 --out runs/blk",
        chunked=True,
    )


def run(args: argparse.Namespace) -> int:
    declared = LarssonParameters.from_args(args)
    result = compute(declared.k, declared.rows, **execution_kwargs(args))
    if not result.deliver_args(args, directory=True):
        console.print(
            f"k-blocking Wythoff Nim: slopes y / x of the P-positions (x, y), y >= x, in the "
            f"window {args.rows // 2:,} <= x < {args.rows:,}: mean [extent] per row (the "
            "simplest root within the extent)",
            markup=False,
        )
        console.print(str(printed_table(result, args.rows)), markup=False)
    return result.exit_code


def printed_table(result: ExperimentResult, rows: int) -> ResultTable:
    """The printed lines: per k, its slope clusters at the scale ``rows``: mean [extent], points
    per row, and the simplest root within the extent."""
    lines = []
    for row in result.comparison:
        last = [c for c in result.table if c[0] == row["k"] and c[1] == rows]
        shown = "; ".join(
            f"{c[2]:.6f} [{c[3]:.6f}, {c[4]:.6f}] {c[5]:.3f} ({quadratic(c[2], c[4] - c[3])})"
            for c in last
        )
        lines.append([str(row["k"]), shown])
    return ResultTable(["k", "slope clusters"], lines, widths=[2, 0], align="rl",
                       gaps=["k = ", ": "], header=False)  # fmt: skip
