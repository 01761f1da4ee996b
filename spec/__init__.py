"""The executable spec: games as follower generators and a generic solver.

Standard library only; imports nothing from the other layers (a test
enforces it). See :mod:`spec.game` for how to add a game.
"""

from spec.families import AWythoff, NimHof
from spec.game import (
    FAMILIES,
    GAMES,
    Family,
    ImpartialGame,
    InvalidPosition,
    NotAGame,
    PileGame,
    Position,
    TwoPileGame,
    get_game,
    register_family,
    register_game,
)
from spec.games import FibonacciNim, FWythoff, Nim, RWythoff, Sum, Wythoff
from spec.solver import (
    ABOVE,
    Limits,
    SolverLimit,
    bounded_grundy,
    grundy,
    grundy_table,
    limits,
    mex,
    outcome,
    winning_moves,
)

__all__ = [
    "ABOVE",
    "FAMILIES",
    "GAMES",
    "AWythoff",
    "FWythoff",
    "Family",
    "FibonacciNim",
    "ImpartialGame",
    "InvalidPosition",
    "Limits",
    "Nim",
    "NimHof",
    "NotAGame",
    "PileGame",
    "Position",
    "RWythoff",
    "SolverLimit",
    "Sum",
    "TwoPileGame",
    "Wythoff",
    "bounded_grundy",
    "get_game",
    "grundy",
    "grundy_table",
    "limits",
    "mex",
    "outcome",
    "register_family",
    "register_game",
    "winning_moves",
]
