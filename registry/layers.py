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

__all__ = [
    "OUTCOME_MAX_CELLS",
    "cells",
    "is_table_game",
    "outcome_refusal",
    "states_of",
    "table_shape",
]


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


#: Outcomes of a counting-rule game come from a compiled block up to this many cells.
OUTCOME_MAX_CELLS = 4096 * 4096


def outcome_refusal(game: str | spec.ImpartialGame, position: Any) -> tuple[str, str]:
    """The outcome ("P" or "N") and the one line that answers a Grundy value asked of a
    game with a counting rule.

    Such a game (k-blocking) has no Grundy value; the line says so and gives
    the position's outcome (P or N), from the compiled block (``grundy-block``)
    where it is small enough, else from the spec.

    Examples
    --------
    >>> outcome, line = outcome_refusal("blocking-wythoff:2", (2, 2))
    >>> print(outcome, line)  # doctest: +ELLIPSIS
    P game = blocking-wythoff:2 has no Grundy value (P iff ...): (2, 2) is a P-position (exact, ...
    """
    from registry.core import question

    subject = as_game(game)
    rule = spec.outcome_rule(subject)
    assert rule is not None
    position = subject.check_position(position)
    x, y = position[0], position[1]
    if (x + 1) * (y + 1) <= OUTCOME_MAX_CELLS:
        answer = question("grundy-block", subject)(rows=x + 1, cols=y + 1)
        table = answer.value
        layer = () if table.ndim == 2 else (states_of(subject).index(position[2]),)
        label = int(table[(*layer, x, y)])
        how = f"exact, {answer.name}"
    else:
        label = 0 if spec.outcome(subject, position) == "P" else 1
        how = "exact, spec"
    outcome = "a P" if label == 0 else "an N"
    return "PN"[label != 0], (
        f"game = {subject.describe()} has no Grundy value ({rule.describe()}): {position} is "
        f"{outcome}-position ({how}); 'grundy moves' gives its moves to P-positions"
    )
