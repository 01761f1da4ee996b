"""The executable spec: games as follower generators and a generic solver.

Standard library only; imports nothing from the other layers (a test
enforces it). See :mod:`spec.game` for how to add a game.
"""

from spec.families import AWythoff, NimHof
from spec.game import (
    FAMILIES,
    GAMES,
    CountingRule,
    Family,
    ImpartialGame,
    InvalidPosition,
    NoGrundyValue,
    NotAGame,
    PileGame,
    Position,
    StateGame,
    TwoPileGame,
    as_game,
    get_game,
    outcome_rule,
    register_family,
    register_game,
)
from spec.games import FibonacciNim, FWythoff, Nim, RWythoff, Sum, Wythoff
from spec.heaps import HeapGame, OctalGame, SubtractionGame, is_heap_game, nim_sequence
from spec.piles3 import ThreePileGame, Wythoff3, is_three_pile
from spec.solver import (
    ABOVE,
    Limits,
    SolverLimit,
    bounded_grundy,
    grundy,
    grundy_table,
    label,
    limits,
    mex,
    outcome,
    winning_moves,
)
from spec.variants import BlockingWythoff, WythoffPass, WythoffTerminal

__all__ = [
    "ABOVE",
    "FAMILIES",
    "GAMES",
    "AWythoff",
    "BlockingWythoff",
    "CountingRule",
    "FWythoff",
    "Family",
    "FibonacciNim",
    "HeapGame",
    "ImpartialGame",
    "InvalidPosition",
    "Limits",
    "Nim",
    "NimHof",
    "NoGrundyValue",
    "NotAGame",
    "OctalGame",
    "PileGame",
    "Position",
    "RWythoff",
    "SolverLimit",
    "StateGame",
    "SubtractionGame",
    "Sum",
    "ThreePileGame",
    "TwoPileGame",
    "Wythoff",
    "Wythoff3",
    "WythoffPass",
    "WythoffTerminal",
    "as_game",
    "bounded_grundy",
    "get_game",
    "grundy",
    "grundy_table",
    "is_heap_game",
    "is_three_pile",
    "label",
    "limits",
    "mex",
    "nim_sequence",
    "outcome",
    "outcome_rule",
    "register_family",
    "register_game",
    "winning_moves",
]
