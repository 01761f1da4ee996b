"""The generic Sprague-Grundy solver: mex, Grundy values, outcomes, moves.

Everything here is derived from ``game.followers`` and nothing else, so it
is the oracle the reference algorithms and the fast kernels are tested
against. Evaluation is memoised (per game instance) and iterative, so deep
games do not hit Python's recursion limit.

References
----------
G. Nivasch, "More on the Sprague-Grundy function for Wythoff's game",
Games of No Chance 3 (2009): formula (1-2) (the Grundy function),
Lemma 1.3 (bounded labelling). Seed ``000``, §1.1.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, Final

from spec.game import ImpartialGame, InvalidPosition, Position

__all__ = [
    "ABOVE",
    "bounded_grundy",
    "grundy",
    "grundy_table",
    "mex",
    "outcome",
    "winning_moves",
]

#: The label "value > g" of :func:`bounded_grundy` (000 Lemma 1.3's ∞).
ABOVE: Final = -1


def mex(values: Iterable[int]) -> int:
    """The minimal excludant: the least non-negative integer not in ``values``.

    Examples
    --------
    >>> mex([0, 1, 3])
    2
    >>> mex([])
    0
    """
    present = set(values)
    m = 0
    while m in present:
        m += 1
    return m


def _evaluate(
    game: ImpartialGame,
    position: Position,
    memo: dict[Position, int],
    label: Callable[[list[int]], int],
) -> int:
    """Label ``position`` with ``label(labels of its followers)``, bottom-up.

    An explicit stack replaces recursion: each frame holds a position, its
    followers and how many of them are already labelled.
    """
    if position in memo:
        return memo[position]
    stack: list[tuple[Position, list[Position]]] = [(position, list(game.followers(position)))]
    cursor: list[int] = [0]
    on_stack = {position}
    while stack:
        current, followers = stack[-1]
        i = cursor[-1]
        while i < len(followers) and followers[i] in memo:
            i += 1
        cursor[-1] = i
        if i < len(followers):
            child = followers[i]
            if child in on_stack:
                raise InvalidPosition(
                    f"{game.describe()}: the follower relation has a cycle through {child!r}"
                )
            stack.append((child, list(game.followers(child))))
            cursor.append(0)
            on_stack.add(child)
            continue
        memo[current] = label([memo[f] for f in followers])
        stack.pop()
        cursor.pop()
        on_stack.discard(current)
    return memo[position]


def grundy(game: ImpartialGame, position: Any) -> int:
    """The Sprague-Grundy value of ``position`` (000 formula 1-2).

    Examples
    --------
    >>> from spec.games import Wythoff, Nim, Sum
    >>> grundy(Wythoff(), (2, 3))
    5
    >>> grundy(Sum(Nim(), Nim()), ((3,), (5,)))
    6
    """
    position = game.check_position(position)
    return _evaluate(game, position, game.memo.setdefault("grundy", {}), mex)


def bounded_grundy(game: ImpartialGame, position: Any, g: int) -> int:
    """The value of ``position`` if it is <= g, else :data:`ABOVE`.

    This is the labelling H of 000 Lemma 1.3: H(v) = mex of the followers'
    labels that are <= g, when that mex is <= g, else "> g". Values larger
    than g are never computed.

    Examples
    --------
    >>> from spec.games import Wythoff
    >>> bounded_grundy(Wythoff(), (2, 3), 5)
    5
    >>> bounded_grundy(Wythoff(), (2, 3), 4) == ABOVE
    True
    """
    if isinstance(g, bool) or not isinstance(g, int) or g < 0:
        raise ValueError(f"bounded_grundy: the bound g must be an int >= 0 (g = {g!r})")
    position = game.check_position(position)

    def label(labels: list[int]) -> int:
        value = mex(v for v in labels if v != ABOVE)
        return value if value <= g else ABOVE

    return _evaluate(game, position, game.memo.setdefault(("bounded", g), {}), label)


def outcome(game: ImpartialGame, position: Any) -> str:
    """'P' if the previous player wins (value 0), else 'N'.

    Uses the bounded labelling with g = 0, so only 0 / non-0 is computed.

    Examples
    --------
    >>> from spec.games import Wythoff
    >>> outcome(Wythoff(), (3, 5)), outcome(Wythoff(), (3, 4))
    ('P', 'N')
    """
    return "P" if bounded_grundy(game, position, 0) == 0 else "N"


def winning_moves(game: ImpartialGame, position: Any) -> list[Position]:
    """The followers of ``position`` with value 0; empty at a P-position.

    Examples
    --------
    >>> from spec.games import Wythoff
    >>> winning_moves(Wythoff(), (4, 5))
    [(3, 5), (1, 2)]
    >>> winning_moves(Wythoff(), (3, 5))
    []
    """
    position = game.check_position(position)
    moves: list[Position] = []
    for follower in game.followers(position):
        if follower not in moves and outcome(game, follower) == "P":
            moves.append(follower)
    return moves


def grundy_table(game: ImpartialGame, rows: int, cols: int) -> list[list[int]]:
    """The table ``T[x][y] = G(x, y)`` for 0 <= x < rows, 0 <= y < cols.

    ``game`` must have positions of two integers (two-pile games, Fibonacci
    Nim's (n, r)).

    Examples
    --------
    >>> from spec.games import Wythoff
    >>> grundy_table(Wythoff(), 3, 3)
    [[0, 1, 2], [1, 2, 0], [2, 0, 1]]
    """
    for label, value in (("rows", rows), ("cols", cols)):
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise ValueError(f"grundy_table: {label} must be an int >= 0 ({label} = {value!r})")
    if rows and cols:
        game.check_position((0, 0))
    return [[grundy(game, (x, y)) for y in range(cols)] for x in range(rows)]
