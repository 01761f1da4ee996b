"""The knight moves (x, y) -> (x - 2, y - 1), (x - 1, y - 2): the extra rule of the tests'
plugin games (Wythoff's moves plus a knight's), written once in both forms.

:func:`knight_in_order` is the compiled form (the numba subset: a ``compiled_followers``
writes the rows of ``out`` and returns their count), in the order the follower sink expects
(rows in order, u before v); :func:`knight_moves` is the same rule as the spec's followers.
A plugin module of a test imports them from here (the tests' folder is on ``sys.path``).

Examples
--------
>>> import numpy as np
>>> out = np.zeros((2, 2), dtype=np.int64)
>>> count = knight_in_order(2, 2, out)
>>> out[:count].tolist() == [list(move) for move in knight_moves((2, 2))]
True
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

__all__ = ["knight_in_order", "knight_moves"]


def knight_in_order(x: int, y: int, out: Any) -> int:
    """The knight moves (2, 1), (1, 2) that stay on the board, as rows of ``out`` in order
    (u before v): their count."""
    count = 0
    if x >= 2 and y >= 1:
        out[count, 0] = x - 2
        out[count, 1] = y - 1
        count += 1
    if x >= 1 and y >= 2:
        out[count, 0] = x - 1
        out[count, 1] = y - 2
        count += 1
    return count


def knight_moves(position: tuple[int, ...]) -> Iterator[tuple[int, int]]:
    """The knight moves from ``position`` = (x, y) that stay on the board (as the spec's
    followers)."""
    x, y = position[0], position[1]
    if x >= 2 and y >= 1:
        yield (x - 2, y - 1)
    if x >= 1 and y >= 2:
        yield (x - 1, y - 2)
