"""Games with a state as table games: their positions per cell and their tables' shape.

A game with a state (:class:`spec.StateGame`: positions (x, y, s)) has one
two-pile table per state, stacked as ``G[i, x, y]`` (the i-th of its
``states``). The registry's table questions (``grundy-table``,
``grundy-block``, ``followers``, :mod:`registry.tables`) take such games
as they take two-pile games; this module says what that means.

Examples
--------
>>> import spec
>>> is_table_game(spec.get_game("wythoff-pass")) is None, table_shape("wythoff-pass", 3, 4)
(True, (2, 3, 4))
>>> cells("wythoff-pass:2", 1, 2)
[(1, 2, 0), (1, 2, 1), (1, 2, 2)]
>>> is_table_game(spec.Nim())
'nim is not a two-pile game (it has no two-pile Grundy table)'
"""

from __future__ import annotations

from typing import Any

import spec
from registry.core import as_game

__all__ = ["cells", "is_table_game", "states_of", "table_shape"]


def states_of(game: str | spec.ImpartialGame) -> tuple[int, ...]:
    """The states of a game with a state, or () for any other game."""
    subject = as_game(game)
    if isinstance(subject, spec.StateGame):
        return tuple(subject.states)
    return ()


def is_table_game(game: str | spec.ImpartialGame) -> str | None:
    """None if ``game`` has two-pile tables (two piles, or two piles and a state), else why not."""
    try:
        subject = as_game(game)
    except ValueError as error:
        return str(error)
    if isinstance(subject, spec.StateGame) or (
        isinstance(subject, spec.PileGame) and subject.arity == 2
    ):
        return None
    return f"{subject.describe()} is not a two-pile game (it has no two-pile Grundy table)"


def table_shape(game: str | spec.ImpartialGame, rows: int, cols: int) -> tuple[int, ...]:
    """``(rows, cols)``, or ``(states, rows, cols)`` for a game with a state."""
    states = states_of(game)
    return (len(states), rows, cols) if states else (rows, cols)


def cells(game: str | spec.ImpartialGame, x: int, y: int) -> list[Any]:
    """The positions at cell (x, y): ``[(x, y)]``, or ``(x, y, s)`` for every state."""
    states = states_of(game)
    return [(x, y, s) for s in states] if states else [(x, y)]
