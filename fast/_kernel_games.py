"""The kernels' games: each game's name, the int code the kernels branch on, and its rule.

The numba kernels of :mod:`fast.strip` and :mod:`fast.tables` take a game as
an int (a kernel cannot branch on a string). This is the one table of those
codes: the names are :data:`reference.landman.GAMES` (the paper's list, which
``reference`` needs for Landman's machine), each name's code is the member of
:class:`KernelGame` of the same name, and :data:`RULES` says what rule the
kernels apply for it. Nothing else writes the list or numbers it. Both kernels
check the bounds they rely on and return :class:`Status`.

Examples
--------
>>> [(game, int(code)) for game, code in CODES.items()]
[('wythoff', 0), ('f-wythoff', 1), ('r-wythoff', 2)]
>>> RULES[CODES["r-wythoff"]]
'from the larger pile only (either if equal), or the same from both (001 Remark 5)'
"""

from __future__ import annotations

from enum import IntEnum

from reference.landman import GAMES

__all__ = ["CODES", "GAMES", "RULES", "KernelGame", "Status"]


class KernelGame(IntEnum):
    """The code a kernel receives for a game (compare ``game == int(KernelGame.X)``)."""

    WYTHOFF = 0
    F_WYTHOFF = 1
    R_WYTHOFF = 2


class Status(IntEnum):
    """What the kernels return when every value was within its bounds (else the column, or
    the row, where one was not: an index >= 0)."""

    OK = -1


#: The rule each code stands for (the kernels' branches on the code implement it).
RULES: dict[KernelGame, str] = {
    KernelGame.WYTHOFF: "from one pile, or the same from both (004 §1)",
    KernelGame.F_WYTHOFF: (
        "from one pile, or j from both with 1 <= j <= s - 1 (s the smaller pile) keeping the "
        "ratio floor(l / s) of the larger pile l to it (001 §1)"
    ),
    KernelGame.R_WYTHOFF: (
        "from the larger pile only (either if equal), or the same from both (001 Remark 5)"
    ),
}

#: Each game of :data:`GAMES` and its kernel code (the member named like the game).
CODES: dict[str, KernelGame] = {game: KernelGame[game.upper().replace("-", "_")] for game in GAMES}
