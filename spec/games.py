"""The games of the seed papers, each defined only by its followers.

Every class cites the seed that defines it (``shared/seeds``, see the
README there). The rules are written as plainly as the papers state them.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from spec.game import (
    CompiledForm,
    ImpartialGame,
    InvalidPosition,
    PileGame,
    Position,
    TwoPileGame,
    register_game,
)
from spec.kernel_names import kernel

__all__ = ["FWythoff", "FibonacciNim", "Nim", "RWythoff", "Sum", "Wythoff"]


@register_game
class Nim(PileGame):
    """One Nim heap: take any positive number of tokens.

    Examples
    --------
    >>> sorted(Nim().followers((3,)))
    [(0,), (1,), (2,)]
    """

    name = "nim"
    rules = "one heap; take any positive number of tokens"
    source = "000 §1.1 (Sprague-Grundy theory); the nim-sum of Grundy values"

    def followers(self, position: Position) -> Iterator[Position]:
        (n,) = position
        for k in range(1, n + 1):
            yield (n - k,)


@register_game
class Wythoff(TwoPileGame):
    """Wythoff's game: G(x, y) is the mex over formula (1-3) of 000.

    Take any positive number of tokens from one pile, or the same positive
    number from both (000 §1, formula 1-3; 003).

    Examples
    --------
    >>> sorted(Wythoff().followers((1, 2)))
    [(0, 1), (0, 2), (1, 0), (1, 1)]
    """

    name = "wythoff"
    rules = "take k >= 1 from one pile, or k >= 1 from both piles"
    source = "000 §1 formula (1-3); 003"
    move_rays = ((1, 0), (0, 1), (1, 1))  # compiled form (fast.engine): NimHof's rules

    def followers(self, position: Position) -> Iterator[Position]:
        x, y = position
        for k in range(1, x + 1):
            yield (x - k, y)
        for k in range(1, y + 1):
            yield (x, y - k)
        for k in range(1, min(x, y) + 1):
            yield (x - k, y - k)


@register_game
class FWythoff(TwoPileGame):
    """F-Wythoff (Ho; Jiao 001 §1).

    Take any positive number of tokens from one pile, or j tokens from both
    piles with 1 <= j <= s - 1 (s the smaller pile, l the larger) provided
    floor((l - j) / (s - j)) == floor(l / s): the integer ratio of the piles
    is preserved.

    Examples
    --------
    >>> sorted(FWythoff().followers((2, 5)))  # no (1, 4): floor(4/1) = 4 != floor(5/2) = 2
    [(0, 5), (1, 5), (2, 0), (2, 1), (2, 2), (2, 3), (2, 4)]
    >>> (1, 2) in set(FWythoff().followers((2, 3)))  # floor(2/1) = 2 != floor(3/2) = 1
    False
    >>> (2, 4) in set(FWythoff().followers((3, 5)))  # floor(4/2) = 2 != floor(5/3) = 1
    False
    """

    name = "f-wythoff"
    rules = (
        "take k >= 1 from one pile, or j from both (1 <= j <= s-1) "
        "if floor((l-j)/(s-j)) = floor(l/s)"
    )
    source = "001 §1 (Jiao, after Ho)"
    # Compiled form (fast.engine): one pile alone as rays, the ratio-keeping
    # slant moves by a numba follower function.
    move_rays = ((1, 0), (0, 1))
    compiled_followers = kernel("fast.engine:fwythoff_slant_followers")
    #: Why the slant move has no first-order form over (N, +) (the decider's).
    first_order_missing = "its slant move keeps floor(l / s), which needs division"
    #: The rule depends on the smaller and the larger pile only: G(x, y) = G(y, x).
    symmetric = True

    def followers(self, position: Position) -> Iterator[Position]:
        x, y = position
        for k in range(1, x + 1):
            yield (x - k, y)
        for k in range(1, y + 1):
            yield (x, y - k)
        small, large = min(x, y), max(x, y)
        for j in range(1, small):
            if (large - j) // (small - j) == large // small:
                yield (x - j, y - j)


@register_game
class RWythoff(TwoPileGame):
    """R-Wythoff (Ho; 001 Remark 5).

    Take any positive number of tokens from the larger pile (from either
    pile when they are equal), possibly leaving it below the other pile or
    empty; or take the same positive number from both piles.

    Examples
    --------
    >>> sorted(RWythoff().followers((1, 2)))
    [(0, 1), (1, 0), (1, 1)]
    >>> sorted(RWythoff().followers((1, 1)))
    [(0, 0), (0, 1), (1, 0)]
    """

    name = "r-wythoff"
    rules = "take k >= 1 from the larger pile (either pile if equal), or k >= 1 from both piles"
    source = "001 Remark 5 (Ho's R-Wythoff)"
    # Compiled form (fast.engine): guarded rays (the larger pile alone) and the diagonal.
    move_rays = ((1, 0, 1, 0, "x>=y"), (0, 1, 0, 1, "y>=x"), (1, 1))

    def followers(self, position: Position) -> Iterator[Position]:
        x, y = position
        if x >= y:
            for k in range(1, x + 1):
                yield (x - k, y)
        if y >= x:
            for k in range(1, y + 1):
                yield (x, y - k)
        for k in range(1, min(x, y) + 1):
            yield (x - k, y - k)


@register_game
class FibonacciNim(PileGame, CompiledForm):
    """Fibonacci Nim as in 002 §3: position (n, r).

    n tokens remain and at most r may be taken; taking k tokens,
    1 <= k <= min(r, n), leads to (n - k, 2k). The game on n tokens starts
    at (n, n - 1): the first player may not take the whole pile.
    (A position with r >= n is legal: it arises after a move.)

    Examples
    --------
    >>> sorted(FibonacciNim().followers((5, 2)))
    [(3, 4), (4, 2)]
    >>> FibonacciNim.start(8)
    (8, 7)
    """

    name = "fibonacci-nim"
    rules = "position (n, r): take 1 <= k <= min(r, n), leading to (n-k, 2k)"
    source = "002 §3 (Fibonacci Nim, Figure 1)"
    arity = 2
    coordinates = ("n", "r")
    #: The move as a first-order formula over (x, y) = (n, r) -> (u, v) (proofs_check.automatic):
    #: take k, 1 <= k <= r (k <= n since u = n - k >= 0), leaving (n - k, 2k).
    move_formulas = ("E k (0 < k & k <= y & x = u + k & v = k + k)",)

    @staticmethod
    def start(n: int) -> Position:
        """The starting position (n, n - 1) of the game on n >= 1 tokens."""
        if n < 1:
            raise InvalidPosition(f"fibonacci-nim: start needs n >= 1 tokens (n = {n})")
        return (n, n - 1)

    def followers(self, position: Position) -> Iterator[Position]:
        n, r = position
        for k in range(1, min(r, n) + 1):
            yield (n - k, 2 * k)


class Sum(ImpartialGame):
    """The disjunctive sum of games (000 §1.1).

    A position is a tuple with one position per component; a move is a move
    in exactly one component.

    Examples
    --------
    >>> s = Sum(Nim(), Nim())
    >>> sorted(s.followers(((1,), (2,))))
    [((0,), (2,)), ((1,), (0,)), ((1,), (1,))]
    """

    rules = "move in exactly one component"
    source = "000 §1.1"

    def __init__(self, *components: ImpartialGame) -> None:
        super().__init__()
        if not components:
            raise ValueError("Sum needs at least one component game")
        for component in components:
            rule = component.outcome_rule
            if rule is not None:
                raise ValueError(
                    f"Sum: game = {component.describe()} has no Grundy value ({rule.describe()}), "
                    "so its sums have no Sprague-Grundy theory"
                )
            if component.misere:
                raise ValueError(
                    f"Sum: {component.describe()} is a part of a sum; misère play is a "
                    "convention of the whole game: write misere:a+b"
                )
        self.components: tuple[ImpartialGame, ...] = components

    def describe(self) -> str:
        return "+".join(c.describe() for c in self.components)

    def __repr__(self) -> str:
        return f"Sum({', '.join(map(repr, self.components))})"

    def check_position(self, position: Any) -> Position:
        if not isinstance(position, (tuple, list)) or len(position) != len(self.components):
            raise InvalidPosition(
                f"{self.describe()}: position {position!r}: expected a tuple of "
                f"{len(self.components)} component positions"
            )
        return tuple(
            game.check_position(part) for game, part in zip(self.components, position, strict=True)
        )

    def rank(self, position: Position) -> Any:
        """The components' ranks, lexicographically: a move lowers exactly one."""
        return tuple(game.rank(part) for game, part in zip(self.components, position, strict=True))

    def followers(self, position: Position) -> Iterator[Position]:
        for index, game in enumerate(self.components):
            for follower in game.followers(position[index]):
                yield (*position[:index], follower, *position[index + 1 :])
