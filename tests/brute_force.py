"""Brute-force Grundy tables, independent of the spec: the oracle's own check.

The spec (``spec.grundy``) is the oracle every implementation is compared
with; the spec itself is compared with the seeds' published tables
(tests/test_spec_games.py) and, beyond their 14 x 14 corner, with these
tables: a bottom-up mex over the moves as the seeds state them, written
with numpy slices, sharing no code with the spec's followers or solver.

Examples
--------
>>> grundy_table("wythoff", 3, 4).tolist()
[[0, 1, 2, 3], [1, 2, 0, 4], [2, 0, 1, 5]]
>>> g_points(grundy_table("wythoff", 9, 27), 4)
[(0, 4), (1, 3), (2, 5), (6, 7), (8, 8)]
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

import numpy as np

__all__ = ["GAMES", "by_definition", "g_points", "grundy_table"]

#: The games whose moves are written out here (their seeds' rules).
GAMES = ("wythoff", "f-wythoff", "r-wythoff")


def _follower_values(name: str, t: np.ndarray, x: int, y: int) -> np.ndarray:
    """The values of the followers of (x, y), read from the filled part of ``t``."""
    column, row = t[:x, y], t[x, :y]  # x - k from pile 1, y - k from pile 2
    k = np.arange(1, min(x, y) + 1)
    if name == "wythoff":  # 003: one pile, or the same from both
        return np.concatenate([column, row, t[x - k, y - k]])
    if name == "r-wythoff":  # 001 Remark 5: the larger pile (either if equal), or both
        return np.concatenate([column if x >= y else [], row if y >= x else [], t[x - k, y - k]])
    if name == "f-wythoff":  # 001 §1: one pile, or j < s from both keeping floor(l / s)
        s, big = min(x, y), max(x, y)
        j = np.arange(1, max(s, 1))
        keep = j[(big - j) // (s - j) == big // s] if s > 1 else j
        return np.concatenate([column, row, t[x - keep, y - keep]])
    raise ValueError(f"no brute force for {name!r} (games: {', '.join(GAMES)})")


@cache
def grundy_table(name: str, rows: int, cols: int) -> np.ndarray:
    """G(x, y) for x < rows, y < cols by mex over the followers, row by row."""
    t = np.zeros((rows, cols), dtype=np.int64)
    for x in range(rows):
        for y in range(cols):
            values = _follower_values(name, t, x, y).astype(np.int64)
            seen = np.zeros(values.size + 1, dtype=bool)
            seen[values[values <= values.size]] = True
            t[x, y] = int(np.argmin(seen))  # the first value not seen: the mex
    t.setflags(write=False)
    return t


def g_points(table: np.ndarray, g: int) -> list[tuple[int, int]]:
    """The cells (x, y), x <= y, holding g, by increasing x (a row holds g at most once)."""
    return [(x, y) for x, y in np.argwhere(table == g).tolist() if x <= y]


def by_definition(game: Any) -> Callable[[tuple[int, ...]], int]:
    """G of a position of ``game`` by the mex over its ``followers`` (memoised), nothing
    of the spec's solver: the check of a game whose moves the spec states (one-heap games
    with their multi-heap positions)."""

    @cache
    def value(position: tuple[int, ...]) -> int:
        seen = {value(f) for f in game.followers(position)}
        return next(m for m in range(len(seen) + 1) if m not in seen)

    return value
