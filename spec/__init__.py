"""The executable spec: games as follower generators and a generic solver.

Standard library only; imports nothing from the other layers (a test
enforces it). See :mod:`spec.game` for how to add a game.
"""

from spec.game import (
    GAMES,
    ImpartialGame,
    InvalidPosition,
    PileGame,
    Position,
    TwoPileGame,
    get_game,
    register_game,
)
from spec.games import FibonacciNim, FWythoff, Nim, RWythoff, Sum, Wythoff
from spec.solver import (
    ABOVE,
    bounded_grundy,
    grundy,
    grundy_table,
    mex,
    outcome,
    winning_moves,
)

__all__ = [
    "ABOVE",
    "GAMES",
    "FWythoff",
    "FibonacciNim",
    "ImpartialGame",
    "InvalidPosition",
    "Nim",
    "PileGame",
    "Position",
    "RWythoff",
    "Sum",
    "TwoPileGame",
    "Wythoff",
    "bounded_grundy",
    "get_game",
    "grundy",
    "grundy_table",
    "mex",
    "outcome",
    "register_game",
    "winning_moves",
]
