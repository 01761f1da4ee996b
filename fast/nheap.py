"""P-positions of Fraenkel's 3-heap Wythoff game on a box, compiled.

The game (Sun and Zeilberger, Ann. Comb. 8 (2004); ``spec.piles3.FraenkelWythoff3``):
take any positive amount from one heap, or (a1, a2, a3) from the three heaps,
not all 0, with a1 xor a2 xor a3 = 0. Its moves are not rays, so
:mod:`fast.cube` does not compute it; a game states this rule by
``nim_sum_moves = True`` (read from the game object, with ``arity = 3``).

The algorithm marks forward: cells in lexicographic order (every follower is
lexicographically smaller); a cell not yet marked N is a P-position, and then
every cell one move above it in the box is marked N (its three lines, and
(x + a1, y + a2, z + (a1 xor a2)) for every a1, a2). A z-line holds at most one
P-position (a move along z joins any two of its cells), so the work is at
most X * Y P-positions times X * Y + X + Y + Z cells: about
:data:`MARK_SECONDS` per mark (:func:`p_box_cost`). Memory: one byte a cell,
checked before allocating.

Examples
--------
>>> class Fraenkel:
...     arity = 3
...     nim_sum_moves = True
...     def describe(self): return "fraenkel-wythoff3"
>>> table = p_box(Fraenkel(), (2, 4, 6))
>>> [tuple(map(int, p)) for p in zip(*table.nonzero())]
[(0, 0, 0), (0, 1, 2), (0, 2, 1), (0, 3, 5), (1, 0, 2), (1, 1, 1), (1, 2, 0), (1, 3, 4)]
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from fast._game_protocol import Layered, NimSumMoves, Piles
from fast._jit import jit
from floor.memory import check_memory

__all__ = ["MARK_SECONDS", "covers", "p_box", "p_box_cost"]

#: Seconds per cell marked (measured on the shared machine, benchmarks: the claims'
#: ``fast.nheap`` runs; about the time of one random byte write).
MARK_SECONDS = 5e-10


def covers(game: Any) -> str | None:
    """None if :func:`p_box` computes ``game`` (three heaps, ``nim_sum_moves``), else why not."""
    name = game.describe() if hasattr(game, "describe") else repr(game)
    if not isinstance(game, Piles) or game.arity != 3 or isinstance(game, Layered):
        return f"{name}: fast.nheap computes games of three heaps (no state)"
    if not isinstance(game, NimSumMoves) or game.nim_sum_moves is not True:
        return f"{name}: fast.nheap needs nim_sum_moves = True (Fraenkel's 3-heap rule)"
    return None


def _shape(shape: Sequence[int]) -> tuple[int, int, int]:
    dims = tuple(int(s) for s in shape)
    if len(dims) != 3 or min(dims) < 0:
        raise ValueError(f"shape = {tuple(shape)!r}: three non-negative sizes (X, Y, Z)")
    return dims[0], dims[1], dims[2]


def p_box_cost(game: Any, shape: Sequence[int]) -> tuple[float, int]:
    """(seconds, bytes) of :func:`p_box`: at most X * Y P-positions, each marking about
    X * Y + X + Y + Z cells; one byte a cell."""
    x, y, z = _shape(shape)
    return x * y * (x * y + x + y + z) * MARK_SECONDS, x * y * z


def p_box(game: Any, shape: Sequence[int]) -> np.ndarray:
    """1 at the P-positions of Fraenkel's 3-heap game in 0 <= x < X, 0 <= y < Y, 0 <= z < Z,
    else 0 (uint8, shape (X, Y, Z)).

    Raises ValueError for a game without the rule (:func:`covers`), MemoryError past half
    the free memory (the estimate named).
    """
    reason = covers(game)
    if reason is not None:
        raise ValueError(reason)
    dims = _shape(shape)
    check_memory(dims[0] * dims[1] * dims[2], f"{game.describe()} P-positions {dims}")
    marks = np.zeros(dims, dtype=np.uint8)
    if min(dims) > 0:
        _mark(marks)
    return np.asarray(marks == 2, dtype=np.uint8)


@jit
def _mark(marks: np.ndarray) -> None:  # pragma: no cover - jit
    """0 unknown, 1 N, 2 P: fill ``marks`` in lexicographic order (the module's algorithm)."""
    nx, ny, nz = marks.shape
    for x in range(nx):
        for y in range(ny):
            for z in range(nz):
                if marks[x, y, z] != 0:
                    continue
                marks[x, y, z] = 2
                _mark_n(marks, x, y, z)


@jit
def _mark_n(marks: np.ndarray, x: int, y: int, z: int) -> None:  # pragma: no cover - jit
    """Mark 1 (N) every position of ``marks`` with a move to the P-position (x, y, z)."""
    nx, ny, nz = marks.shape
    for k in range(x + 1, nx):
        marks[k, y, z] = 1
    for k in range(y + 1, ny):
        marks[x, k, z] = 1
    for k in range(z + 1, nz):
        marks[x, y, k] = 1
    for a1 in range(nx - x):
        for a2 in range(ny - y):
            a3 = a1 ^ a2
            if z + a3 < nz and (a1 > 0 or a2 > 0):
                marks[x + a1, y + a2, z + a3] = 1
