"""Games with a state as table games, and the outcome of a counting rule: names kept here.

What a game with a state means to the table questions (:func:`states_of`,
:func:`is_table_game`, :func:`table_shape`, :func:`cells`) is the spec's,
:mod:`spec.tables`; :func:`outcome_refusal` answers ``value`` for a game with a
counting rule, the ``outcome`` method of :mod:`registry.positions`.
"""

from __future__ import annotations

from registry.positions import OUTCOME_MAX_CELLS, outcome_refusal
from spec.tables import cells, is_table_game, states_of, table_shape, why_not_table_game

__all__ = [
    "OUTCOME_MAX_CELLS",
    "cells",
    "is_table_game",
    "outcome_refusal",
    "states_of",
    "table_shape",
    "why_not_table_game",
]
