"""The memory plan of a block, and the cost model the registry reads.

Which rays keep per-line bitsets and which walk their cells, the bitsets'
width and the table's dtype (:func:`_plan`); the bytes a block needs
(:func:`block_memory`) and the seconds it takes (:func:`block_seconds`, from
the measured constants in the marked block below).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import numpy as np

from fast._game_protocol import EngineGame
from fast._jit import smallest_unsigned
from fast.engine.rules import CompiledRule, compiled_rule

__all__ = [
    "CELL_SECONDS",
    "DENSE_BYTES",
    "DENSE_LINES_PER_SIDE",
    "LONG_SIDE",
    "WALK_MAX_CELLS",
    "WALK_SIDE",
    "block_cost",
    "block_memory",
    "block_range",
    "block_seconds",
    "table_memory",
]

#: A ray uses per-line bitsets when it has at most this many lines per table side.
DENSE_LINES_PER_SIDE = 8
#: Past this many bytes of bitsets (the rays taken with the most followers per cell
#: first), a ray of at most WALK_MAX_CELLS followers walks its cells instead: in a long,
#: thin block a ray across it has many short lines, each as wide as the largest value
#: (Wythoff's 101 x 262144 block: 8.6 GB for the column ray's lines of 101 cells).
DENSE_BYTES = 2**30
#: The most followers per cell a ray walks to save memory (a longer ray keeps its
#: bitsets, and the memory check decides).
WALK_MAX_CELLS = 1024
# --- Measured constants and the cost model the registry reads (block_seconds). -----------
#: Seconds per cell ~ CELL_SECONDS (1 + (short side / WALK_SIDE)^2 + long side / LONG_SIDE)
#: (grundy_block, rays games, x86_64, 2 cores, idle, 2026-11-26: a-wythoff:2 2000^2 0.79 s,
#: 4000^2 6.7 s, 5000^2 16.5 s, 11 x 2e5 0.35 s, 101 x 1e5 3.6 s; nimhof:1,0/0,1/1,1 5000^2
#: 2.6 s, 101 x 1e5 2.6 s: the formula is above each).
CELL_SECONDS = 1e-7
WALK_SIDE = 2000
LONG_SIDE = 30_000
# The first block of a rule at a larger side also compares its followers with the
# definition (fast.engine.followers.verify_rule, once per rule and side in a process):
# the 64^2 square (about a second in Python), then spread cells within
# max(CHECK_FRACTION = 10 % of block_seconds, that square's reads): not in block_seconds.


def block_seconds(rows: int, cols: int) -> float:
    """Estimated seconds of :func:`grundy_block` of ``rows`` x ``cols`` (the constants above).

    >>> round(block_seconds(5000, 5000), 1), round(block_seconds(101, 100_000), 1)
    (18.5, 4.4)
    """
    short, long = min(rows, cols), max(rows, cols)
    cells = rows * cols
    scale = 1 + (short / WALK_SIDE) ** 2 + long / LONG_SIDE
    return (float(cells) if cells < 10**300 else math.inf) * CELL_SECONDS * scale


def _ray_count(p: int, q: int, a: int, b: int, rows: int, cols: int) -> int:
    """Followers a ray gives at the far corner (rows - 1, cols - 1): the most it gives."""
    u, v = rows - 1 - p, cols - 1 - q
    if u < 0 or v < 0:
        return 0
    if a == 0 and b == 0:
        return 1
    steps = min(u // a if a else u + v + 1, v // b if b else u + v + 1)
    return 1 + steps


def _ray_lines(a: int, b: int, rows: int, cols: int) -> int:
    return a * cols + b * rows


@dataclass(frozen=True)
class _Plan:
    dense: np.ndarray  # (R,) int64: 1 if the ray keeps per-line bitsets
    line_base: np.ndarray  # (R,) int64: first line of the ray in the bitset array
    lines: int
    words: int
    dtype: np.dtype[Any]


def _plan(rule: CompiledRule, rows: int, cols: int, capacity: int, extra: int = 0) -> _Plan:
    """Which rays keep per-line bitsets, where their lines start, the bitset width, the dtype.

    A ray keeps bitsets when it has at most :data:`DENSE_LINES_PER_SIDE` lines
    per table side; taken with the most followers per cell first, a ray of
    at most :data:`WALK_MAX_CELLS` followers walks its cells instead once the
    bitsets would pass :data:`DENSE_BYTES` (a long ray keeps its bitsets: the
    memory check decides). ``extra`` followers per cell (the passes to
    earlier layers) count in the bound. A counting rule keeps one count per
    line (8 bytes) and its tables are uint8 (0 = P, 1 = N).

    >>> import spec
    >>> plan = _plan(compiled_rule(spec.Wythoff()), 101, 262144, 0)
    >>> plan.dense.tolist(), plan.lines  # a long thin block: the row's ray alone
    ([0, 1, 0], 101)
    """
    side = max(rows, cols, 1)
    dense = np.zeros(len(rule.rays), dtype=np.int64)
    base = np.zeros(len(rule.rays), dtype=np.int64)
    bound = (capacity if rule.followers is not None else 0) + extra
    counts = []
    for p, q, a, b, _guard in rule.rays.tolist():
        counts.append(_ray_count(p, q, a, b, rows, cols))
        bound += counts[-1]
    words = 1 if rule.k else bound // 64 + 2
    if bound > 0xFFFFFFFF and not rule.k:
        raise OverflowError(f"{rule.name}: values up to {bound} do not fit uint32")
    lines = 0
    budget = DENSE_BYTES
    for r in sorted(range(len(counts)), key=lambda r: -counts[r]):
        _, _, a, b, _ = rule.rays[r].tolist()
        count = _ray_lines(a, b, rows, cols)
        need = count * (8 * words + 8)
        if not (a or b) or count > DENSE_LINES_PER_SIDE * side:
            continue
        if need > budget and counts[r] <= WALK_MAX_CELLS:  # short lines: walk them
            continue
        dense[r] = 1
        base[r] = lines
        lines += count
        budget -= need
    dtype = np.dtype(np.uint8) if rule.k else smallest_unsigned(bound)
    return _Plan(dense, base, lines, words, dtype)


def block_memory(game: EngineGame, rows: int, cols: int) -> int:
    """Bytes :func:`grundy_block` needs for ``game`` (an estimate): every layer, the mask.

    Examples
    --------
    >>> import spec
    >>> block_memory(spec.get_game("nimhof:1,0/1,1/1,2/0,1"), 4000, 4000) // 2**20
    77
    """
    rule = compiled_rule(game)
    capacity = rows + cols + 16
    plan = _plan(rule, rows, cols, capacity, _extra(rule))
    cells = rows * cols
    # The other layers' tables, and the passes' values stacked as uint32.
    layers = (rule.layers - 1) * cells * plan.dtype.itemsize + 4 * _extra(rule) * cells
    mask = cells if rule.terminal is not None else 0
    return _block_memory(plan, rows, cols, capacity) + layers + mask


def block_cost(game: EngineGame, rows: int, cols: int) -> tuple[float, int]:
    """(seconds, bytes) of :func:`grundy_block`: :func:`block_seconds`, :func:`block_memory`."""
    return block_seconds(rows, cols), block_memory(game, rows, cols)


def block_range(rows: int, cols: int) -> str | None:
    """None if the kernel's int32 coordinates hold a block of ``rows`` x ``cols``, else why not.

    >>> block_range(4, 2**31)
    "beyond the kernel's int32 range"
    """
    return None if max(rows, cols) <= 2**31 - 1 else "beyond the kernel's int32 range"


def table_memory(game: EngineGame, size: int) -> int:
    """Bytes :func:`grundy_table` needs for ``game`` at ``size``: :func:`block_memory`, square."""
    return block_memory(game, size, size)


def _extra(rule: CompiledRule) -> int:
    """The most followers the passes add to a cell (the widest layer's)."""
    return max(len(p) for p in rule.passes)


def _block_memory(plan: _Plan, rows: int, cols: int, capacity: int) -> int:
    table = rows * cols * plan.dtype.itemsize
    return table + plan.lines * (8 * plan.words + 8) + 16 * capacity + 8 * plan.words
