"""Games with a state as table games (:mod:`spec.tables`), and the outcome of a counting rule.

A game with a state has one two-pile table per state, stacked as
``G[i, x, y]``; the registry's table questions take such games as they take
two-pile games. What that means (:func:`states_of`, :func:`is_table_game`,
:func:`table_shape`, :func:`cells`) is the spec's, :mod:`spec.tables`.
"""

from __future__ import annotations

from typing import Any

import spec
from registry.core import as_game, question
from spec.tables import cells, is_table_game, states_of, table_shape

__all__ = [
    "OUTCOME_MAX_CELLS",
    "cells",
    "is_table_game",
    "outcome_refusal",
    "states_of",
    "table_shape",
]


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
