"""Grundy tables of three-pile ray games: ``G[x, y, z]`` on a box, compiled.

A three-pile *ray game* (:mod:`spec.piles3`) states its moves as rays
``(a, b, c)`` of non-negative integers: (x, y, z) moves to
(x - i a, y - i b, z - i c) for every i >= 1 inside the octant. Three-pile
Wythoff (``wythoff3``) has the six rays (1, 0, 0), (0, 1, 0), (0, 0, 1),
(1, 1, 0), (1, 0, 1), (0, 1, 1). The rays are read from the game object
(``move_rays``); fast never imports spec.

The algorithm
-------------
Cells are computed in lexicographic order: every follower is
lexicographically smaller (a ray has non-negative components), so its
value is known. For each ray d the kernel keeps, for every cell c, the
bitset ``B_d[c]`` of the values on the ray's line before c:
``B_d[c] = B_d[c - d] | {G(c - d)}`` (empty when c - d leaves the box).
G(c) is the mex of the OR of the ``B_d[c]`` over the rays: one word
operation per 64 values per ray, instead of one memory read per follower.
Only the last ``a + 1`` planes x = const of ``B_d`` are kept (a ray with
first component a reads the plane x - a), so the memory is the box itself
and ``sum_d (a_d + 1) * Y * Z`` bitsets.

The number of words read at a cell is bounded by its *follower bound*
``f(c) = sum_d min_{d_i > 0} floor(c_i / d_i)`` (the number of followers,
counted with repeats): the mex is at most f(c), and f does not grow along a
ray's line towards the origin, so the words past ``f(c) // 64`` of every
bitset a cell reads are empty. The values are at most
``f(X - 1, Y - 1, Z - 1)``: the table's dtype (int32, or int64 past 2**31 - 1)
is chosen from that bound before the work, so no value can overflow.

Cost: about :data:`WORD_SECONDS` per ray-word over the box
(:func:`cube_cost`); memory: :func:`cube_bytes`, checked before allocating
(a MemoryError naming the estimate beyond half the free memory).

Examples
--------
>>> class Wythoff3Rays:  # any object with three-pile rays (spec's wythoff3 has these)
...     arity = 3
...     move_rays = ((1, 0, 0), (0, 1, 0), (0, 0, 1), (1, 1, 0), (1, 0, 1), (0, 1, 1))
...     def describe(self): return "wythoff3"
>>> table = grundy_cube(Wythoff3Rays(), (3, 3, 3))
>>> table[0].tolist()  # the plane x = 0 is two-pile Wythoff's table
[[0, 1, 2], [1, 2, 0], [2, 0, 1]]
>>> int(table[1, 1, 1]), table.dtype.name
(0, 'int32')
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from fast._game_protocol import Layered, Piles, PlayRule, Rays, TwoPileForm
from fast._jit import jit
from floor.blocks import Pace, Step, run_blocks
from floor.interrupt import BLOCK_SECONDS, call
from floor.memory import check_memory

__all__ = [
    "WORD_SECONDS",
    "covers",
    "cube_bytes",
    "cube_cost",
    "cube_rays",
    "follower_bound",
    "grundy_cube",
]

#: Seconds per ray-word of bitset work (measured: benchmarks/bench_cube.py,
#: ``python -m benchmarks fast.cube.WORD_SECONDS``).
WORD_SECONDS = 6e-9
#: Work per cell besides its words (the mex, the ray steps), in words.
CELL_OVERHEAD_WORDS = 5

Shape = tuple[int, int, int]


def cube_rays(game: Any) -> np.ndarray:
    """The game's ``move_rays`` as an int64 array (rays, 3); ValueError naming what is wrong.

    >>> class G:
    ...     arity = 3
    ...     move_rays = ((1, 0, 0), (0, 2, 1))
    ...     def describe(self): return "g"
    >>> cube_rays(G()).tolist()
    [[1, 0, 0], [0, 2, 1]]
    """
    reason = covers(game)
    if reason is not None:
        raise ValueError(reason)
    return np.array(game.move_rays, dtype=np.int64).reshape(-1, 3)


def covers(game: Any) -> str | None:
    """None if the kernel computes ``game`` (three piles, no state, ``move_rays`` of three
    non-negative ints, not all zero, and no other compiled rule), else why not."""
    name = game.describe() if hasattr(game, "describe") else repr(game)
    if not isinstance(game, Piles) or game.arity != 3 or isinstance(game, Layered):
        return f"{name}: fast.cube computes games of three piles (no state)"
    rays = game.move_rays if isinstance(game, Rays) else None
    if not rays:
        return f"{name}: fast.cube needs move_rays (rays (a, b, c) in three dimensions)"
    for ray in rays:
        if (
            not isinstance(ray, (tuple, list))
            or len(ray) != 3
            or any(isinstance(v, bool) or not isinstance(v, int) or v < 0 for v in ray)
            or not any(ray)
        ):
            return (
                f"{name}: move_rays entry {ray!r} is not a ray (a, b, c) of non-negative "
                "integers, not all zero"
            )
    stated: dict[str, Any] = {}
    if isinstance(game, TwoPileForm):
        stated["compiled_followers"] = game.compiled_followers
        stated["compiled_regions"] = game.compiled_regions
        stated["compiled_terminal"] = game.compiled_terminal
    stated["outcome_rule"] = game.outcome_rule if isinstance(game, PlayRule) else None
    for label, value in stated.items():
        if value is not None:
            return f"{name}: fast.cube takes move_rays alone ({label} is set)"
    return None


def follower_bound(rays: Sequence[Sequence[int]], cell: Sequence[int]) -> int:
    """The number of followers of ``cell`` counted with repeats: a bound on its mex.

    >>> follower_bound(((1, 0, 0), (1, 1, 0)), (3, 2, 9))
    5
    """
    total = 0
    for ray in rays:
        total += min(c // r for c, r in zip(cell, ray, strict=True) if r > 0)
    return total


def _shape(shape: Sequence[int]) -> Shape:
    dims = tuple(int(s) for s in shape)
    if len(dims) != 3 or min(dims) < 0:
        raise ValueError(f"shape = {tuple(shape)!r}: three non-negative sizes (X, Y, Z)")
    return dims[0], dims[1], dims[2]


def _layout(rays: np.ndarray, shape: Shape) -> tuple[int, int, np.dtype[Any]]:
    """(words per bitset, planes of bitsets, the table's dtype) of ``shape``."""
    top = follower_bound(rays.tolist(), [s - 1 for s in shape]) if min(shape) > 0 else 0
    words = top // 64 + 1
    planes = int(sum(min(int(r[0]), max(shape[0] - 1, 0)) + 1 for r in rays))
    dtype = np.dtype(np.int32) if top <= 2**31 - 1 else np.dtype(np.int64)
    return words, planes, dtype


def cube_bytes(game: Any, shape: Sequence[int]) -> int:
    """Bytes :func:`grundy_cube` allocates for ``shape``: the table and the bitsets.

    >>> class G:
    ...     arity = 3
    ...     move_rays = ((1, 0, 0),)
    ...     def describe(self): return "g"
    >>> cube_bytes(G(), (10, 10, 10))  # 1000 int32, 2 planes of 100 one-word bitsets, counts
    6408
    """
    rays = cube_rays(game)
    dims = _shape(shape)
    words, planes, dtype = _layout(rays, dims)
    table = dims[0] * dims[1] * dims[2] * dtype.itemsize
    return table + planes * dims[1] * dims[2] * (8 * words + 4) + 8 * words


def cube_cost(game: Any, shape: Sequence[int]) -> tuple[float, int]:
    """(seconds, bytes) of :func:`grundy_cube`: the words the rays read over the box (the
    follower bound's mean, about half its top, per cell) at :data:`WORD_SECONDS` each."""
    rays = cube_rays(game)
    dims = _shape(shape)
    cells = dims[0] * dims[1] * dims[2]
    top = follower_bound(rays.tolist(), [max(s - 1, 0) for s in dims])
    words = len(rays) * (top / 2 / 64 + 1)
    return cells * (words + CELL_OVERHEAD_WORDS) * WORD_SECONDS, cube_bytes(game, dims)


def grundy_cube(
    game: Any, shape: Sequence[int], progress: Callable[[int, int | None, str], None] | None = None
) -> np.ndarray:
    """``G[x, y, z]`` for 0 <= x < X, 0 <= y < Y, 0 <= z < Z of a three-pile ray game.

    The cells are computed in blocks of about :data:`floor.interrupt.BLOCK_SECONDS` (the
    Ctrl-C protocol, :mod:`floor.interrupt`): a Ctrl-C stops the work within a block.

    Parameters
    ----------
    game : object
        A three-pile game with ``move_rays`` (:func:`covers`), e.g. ``spec.Wythoff3()``.
    shape : (X, Y, Z)
        The box.
    progress : callable, optional
        ``progress(done, total, "cells")`` after each block (the registry's protocol).

    Returns
    -------
    numpy.ndarray
        int32 (int64 where the follower bound passes 2**31 - 1), shape ``(X, Y, Z)``.

    Raises
    ------
    ValueError
        The game is not a three-pile ray game, or the shape is not three sizes >= 0.
    MemoryError
        The table and bitsets (:func:`cube_bytes`) need over half the free memory.
    """
    rays = cube_rays(game)
    dims = _shape(shape)
    words, planes, dtype = _layout(rays, dims)
    check_memory(cube_bytes(game, dims), f"{game.describe()} table {dims[0]}x{dims[1]}x{dims[2]}")
    table = np.zeros(dims, dtype=dtype)
    if min(dims) == 0:
        return table
    starts = np.zeros(len(rays), dtype=np.int64)
    counts = np.zeros(len(rays), dtype=np.int64)
    offset = 0
    for i, ray in enumerate(rays.tolist()):
        starts[i], counts[i] = offset, min(ray[0], dims[0] - 1) + 1
        offset += int(counts[i])
    assert offset == planes
    bits = np.zeros((planes, dims[1], dims[2], words), dtype=np.uint64)
    filled = np.zeros((planes, dims[1], dims[2]), dtype=np.int32)
    acc = np.zeros(words, dtype=np.uint64)
    total = dims[0] * dims[1] * dims[2]

    def block(lo: int, hi: int) -> tuple[Step, int]:
        call(_cube_kernel, table, rays, bits, filled, starts, counts, acc, lo, hi)
        return Step.DONE, hi

    report = None if progress is None else (lambda done: progress(done, total, "cells"))
    first = max(
        1, int(BLOCK_SECONDS / (len(rays) * (words / 2 + CELL_OVERHEAD_WORDS) * WORD_SECONDS))
    )
    run_blocks(block, total, size=Pace(first, BLOCK_SECONDS, least=1), progress=report)
    return table


@jit
def _bound(rays: np.ndarray, x: int, y: int, z: int) -> int:  # pragma: no cover - jit
    """The follower bound of (x, y, z) (:func:`follower_bound`)."""
    total = 0
    for r in range(rays.shape[0]):
        steps = -1
        for i in range(3):
            d = rays[r, i]
            if d > 0:
                c = x if i == 0 else (y if i == 1 else z)
                s = c // d
                if steps < 0 or s < steps:
                    steps = s
        total += steps
    return total


@jit
def _cube_kernel(
    table: np.ndarray,
    rays: np.ndarray,
    bits: np.ndarray,
    filled: np.ndarray,
    starts: np.ndarray,
    counts: np.ndarray,
    acc: np.ndarray,
    lo: int,
    hi: int,
) -> None:  # pragma: no cover - jit
    """Fill the cells ``lo .. hi - 1`` of ``table`` (numbered in lexicographic order) by the
    ray bitsets (the module's algorithm), every cell before ``lo`` done; ``filled`` holds
    the number of words written to each bitset, ``acc`` is scratch (a bitset)."""
    _, ny, nz = table.shape
    one = np.uint64(1)
    full = np.uint64(0xFFFFFFFFFFFFFFFF)
    for cell in range(lo, hi):
        x = cell // (ny * nz)
        y = (cell // nz) % ny
        z = cell % nz
        need = _bound(rays, x, y, z) // 64 + 1
        for w in range(need):
            acc[w] = 0
        for r in range(rays.shape[0]):
            here = starts[r] + x % counts[r]
            px, py, pz = x - rays[r, 0], y - rays[r, 1], z - rays[r, 2]
            have = 0
            if px >= 0 and py >= 0 and pz >= 0:
                there = starts[r] + px % counts[r]
                have = filled[there, py, pz]
                for w in range(have):
                    word = bits[there, py, pz, w]
                    bits[here, y, z, w] = word
                    acc[w] |= word
                v = table[px, py, pz]
                bit = one << np.uint64(v & 63)
                bits[here, y, z, v >> 6] |= bit
                acc[v >> 6] |= bit
            for w in range(have, need):
                bits[here, y, z, w] = 0
            filled[here, y, z] = need
        w = 0
        while acc[w] == full:
            w += 1
        word = acc[w]
        v = 0
        while (word >> np.uint64(v)) & one:
            v += 1
        table[x, y, z] = 64 * w + v
