"""Variants of Wythoff's game from the recent literature: a pass, a terminal set, blocking,
Ho's E-Wythoff.

Each is Wythoff's game (seed ``000`` §1, formula 1-3) with one change,
written as plainly as its paper states it. None is a seed; the sources:

* Wythoff's game with a pass: R. Miyadera, H. Manabe, M. Fukui, "Wythoff's
  game with a pass", arXiv:1711.04960. A position is (x, y, p), p = 1 while
  the one-time pass is available; the pass (x, y, 1) -> (x, y, 0) may be
  used once in a game, by either player, but not from a terminal position.
  ``wythoff-pass:K`` allows K passes in a game: (x, y, s) -> (x, y, s - 1)
  while s >= 1 (s counts the passes left); K = 1 is the paper's game.
* Wythoff's game with a terminal set: K. Komaki, R. Miyadera, A. Murakami,
  "A variant of Wythoff's game defined by Hofstadter's G-sequence",
  arXiv:2510.11767 (the terminal set {x + y <= 2}), and "Variants of
  Wythoff's games with different terminal sets", arXiv:2605.01435 (the
  terminal set {x + y <= k}). Wythoff's moves, but a position of the
  terminal set has no move: the player who moves into it wins.
* k-Blocking Wythoff Nim: U. Larsson, "Blocking Wythoff Nim", Electron. J.
  Combin. 18 (2011) P120 (arXiv:1010.5816). Before each move the previous
  player may forbid up to k - 1 of the options; so a position is a
  P-position iff fewer than k of its Wythoff options are P-positions (an
  outcome rule, :class:`spec.CountingRule`; the game has no Grundy value).
* E-Wythoff: N. B. Ho, "Two variants of Wythoff's game preserving its
  P-positions", J. Combin. Theory Ser. A 119 (2012). Wythoff's moves, or
  k >= 2 from the smaller pile and 1 <= l < k from the larger (either pile
  counts as the smaller when they are equal); its P-positions are Wythoff's.

Each class carries its compiled form for :mod:`fast.engine` (Wythoff's
rays, the pass as a move between layers, the terminal set as a predicate,
the counting rule as data).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import ClassVar, Self

from spec.families import _parse_int
from spec.game import (
    CountingRule,
    MoveRay,
    Position,
    StateGame,
    TwoPileGame,
    register_family_class,
    register_game,
)
from spec.games import Wythoff
from spec.kernel_names import kernel

__all__ = ["MAX_PASSES", "BlockingWythoff", "EWythoff", "WythoffPass", "WythoffTerminal"]

#: Wythoff's rays: one pile, the other, both (NimHof's rules [1,0], [0,1], [1,1]).
WYTHOFF_RAYS: tuple[MoveRay, ...] = ((1, 0), (0, 1), (1, 1))
#: The most passes ``wythoff-pass:K`` takes: each pass is one more layer of every table.
MAX_PASSES = 64


def _parameter(family: str, text: str, example: str, lo: int, hi: int | None = None) -> int:
    """The integer K of ``family:K``, refused in one line naming it."""
    value = _parse_int(family, "K", text, example)
    if value < lo or (hi is not None and value > hi):
        bound = f">= {lo}" if hi is None else f"in {lo}..{hi}"
        raise ValueError(f"{family}: parameter K = {value} must be {bound} (e.g. {example})")
    return value


class WythoffPass(StateGame):
    """Wythoff's game with K passes (Miyadera, Manabe, Fukui: K = 1).

    Positions (x, y, s): s passes are left for the rest of the game (either
    player may use one). The moves: Wythoff's, keeping s; or, while s >= 1
    and (x, y) != (0, 0), the pass (x, y, s) -> (x, y, s - 1).

    Parameters
    ----------
    passes : int
        K >= 1 (``wythoff-pass`` is K = 1, the paper's one-time pass).

    Examples
    --------
    >>> game = WythoffPass(1)
    >>> sorted(game.followers((1, 1, 1)))
    [(0, 0, 1), (0, 1, 1), (1, 0, 1), (1, 1, 0)]
    >>> list(game.followers((0, 0, 1)))  # no pass from the terminal position
    []
    >>> WythoffPass(2).describe(), WythoffPass(1).describe()
    ('wythoff-pass:2', 'wythoff-pass')
    """

    name = "wythoff-pass"
    rules = (
        "Wythoff's moves, or pass (x, y, s) -> (x, y, s - 1) while s >= 1 passes are left, "
        "never from (0, 0)"
    )
    source = "Miyadera, Manabe, Fukui, arXiv:1711.04960 (K passes: a parameter; not a seed)"
    example = "wythoff-pass:2"
    move_rays = WYTHOFF_RAYS

    def __init__(self, passes: int = 1) -> None:
        super().__init__()
        if isinstance(passes, bool) or not isinstance(passes, int):
            raise ValueError(f"wythoff-pass: parameter K = {passes!r} is not an int")
        if not 1 <= passes <= MAX_PASSES:
            raise ValueError(
                f"wythoff-pass: parameter K = {passes} must be in 1..{MAX_PASSES} "
                f"(e.g. {self.example})"
            )
        self.passes = passes
        self.states = tuple(range(passes + 1))
        self.start_state = passes
        self.state_moves = tuple((s, s - 1) for s in range(1, passes + 1))

    @classmethod
    def from_text(cls, text: str) -> WythoffPass:
        """Parse ``K`` (the text after ``wythoff-pass:``)."""
        return cls(_parameter("wythoff-pass", text, cls.example, 1, MAX_PASSES))

    def describe(self) -> str:
        return "wythoff-pass" if self.passes == 1 else f"wythoff-pass:{self.passes}"

    def __repr__(self) -> str:
        return f"WythoffPass({self.passes})"

    def followers(self, position: Position) -> Iterator[Position]:
        x, y, s = position
        for u, v in Wythoff().followers((x, y)):
            yield (u, v, s)
        if s >= 1 and (x, y) != (0, 0):  # the pass: never from the terminal position
            yield (x, y, s - 1)


class _WythoffWithK(TwoPileGame):
    """Wythoff's moves and one change set by an integer K >= :attr:`minimum` (``name:K``)."""

    example: ClassVar[str]
    move_rays = WYTHOFF_RAYS
    #: The least K of the family.
    minimum: ClassVar[int]

    def __init__(self, k: int) -> None:
        super().__init__()
        if isinstance(k, bool) or not isinstance(k, int) or k < self.minimum:
            raise ValueError(
                f"{self.name}: parameter K = {k!r} must be an int >= {self.minimum} "
                f"(e.g. {self.example})"
            )
        self.k = k

    @classmethod
    def from_text(cls, text: str) -> Self:
        """Parse ``K`` (the text after ``name:``)."""
        return cls(_parameter(cls.name, text, cls.example, cls.minimum))

    def describe(self) -> str:
        return f"{self.name}:{self.k}"

    def __repr__(self) -> str:
        return f"{type(self).__name__}({self.k})"


class WythoffTerminal(_WythoffWithK):
    """Wythoff's moves with the terminal set {x + y <= K} (Komaki, Miyadera, Murakami).

    A position with x + y <= K has no move; from any other position, every
    Wythoff move (into the terminal set too). K = 0 is Wythoff's game.

    Examples
    --------
    >>> game = WythoffTerminal(2)
    >>> list(game.followers((1, 1)))
    []
    >>> sorted(game.followers((2, 1)))
    [(0, 1), (1, 0), (1, 1), (2, 0)]
    """

    name = "wythoff-terminal"
    rules = "Wythoff's moves from (x, y) with x + y > K; positions with x + y <= K have none"
    source = "Komaki, Miyadera, Murakami, arXiv:2510.11767 (K = 2), arXiv:2605.01435 (not a seed)"
    example = "wythoff-terminal:2"
    minimum = 0
    compiled_terminal = kernel("fast.engine:sum_at_most")

    def __init__(self, k: int) -> None:
        super().__init__(k)
        self.terminal_parameters = (k,)
        #: The terminal set's first-order form, beside its kernel (the decider reads it).
        self.terminal_formula = f"x + y <= {k}"

    def followers(self, position: Position) -> Iterator[Position]:
        x, y = position
        if x + y <= self.k:  # the terminal set: no move
            return
        yield from Wythoff().followers(position)


class BlockingWythoff(_WythoffWithK):
    """k-Blocking Wythoff Nim (Larsson): P iff fewer than k Wythoff options are P-positions.

    The moves are Wythoff's; the outcome rule is :class:`spec.CountingRule`
    (k), so the game has no Grundy value: its tables hold 0 (P) and 1 (N).
    k = 1 is Wythoff's game (outcomes only).

    Examples
    --------
    >>> from spec.solver import outcome
    >>> game = BlockingWythoff(2)
    >>> [outcome(game, p) for p in [(0, 1), (1, 1), (2, 2)]]  # (2, 2): only (0, 0) is a P-option
    ['P', 'N', 'P']
    >>> BlockingWythoff(0)
    Traceback (most recent call last):
    ...
    ValueError: blocking-wythoff: parameter K = 0 must be an int >= 1 (e.g. blocking-wythoff:2)
    """

    name = "blocking-wythoff"
    rules = "Wythoff's moves; P iff fewer than K options are P (the previous player blocks K - 1)"
    source = "Larsson, Electron. J. Combin. 18 (2011) P120, arXiv:1010.5816 (not a seed)"
    example = "blocking-wythoff:2"
    minimum = 1

    def __init__(self, k: int) -> None:
        super().__init__(k)
        self.outcome_rule = CountingRule(k)

    def followers(self, position: Position) -> Iterator[Position]:
        yield from Wythoff().followers(position)


@register_game
class EWythoff(TwoPileGame):
    """Ho's E-Wythoff: Wythoff's moves, or k >= 2 from the smaller pile and 1 <= l < k from
    the larger (either pile counts as the smaller when they are equal).

    N. B. Ho, J. Combin. Theory Ser. A 119 (2012); its P-positions are Wythoff's
    (``grundy prove e-wythoff-p`` proves it for all positions). The extra moves are compiled
    as row spans (``fast.engine:e_wythoff_regions``) and, for the prover, written as
    first-order formulas in (x, y) -> (u, v) (``move_formulas``: ``k = x - u > l = y - v >= 1``
    from the smaller pile x, and the mirror).

    Examples
    --------
    >>> sorted(EWythoff().followers((2, 2)))
    [(0, 0), (0, 1), (0, 2), (1, 0), (1, 1), (1, 2), (2, 0), (2, 1)]
    """

    name = "e-wythoff"
    rules = "Wythoff's moves, or k >= 2 from the smaller pile and 1 <= l < k from the larger"
    source = "N. B. Ho, J. Combin. Theory Ser. A 119 (2012) (E-Wythoff; not a seed)"
    move_rays = WYTHOFF_RAYS
    compiled_regions = kernel("fast.engine:e_wythoff_regions")
    #: The extra moves as first-order formulas over (x, y) -> (u, v) (proofs_check.automatic).
    move_formulas = (
        "x <= y & v < y & u + y < x + v",
        "y <= x & u < x & v + x < y + u",
    )
    #: The rule depends on the smaller and the larger pile only: G(x, y) = G(y, x).
    symmetric = True

    def followers(self, position: Position) -> Iterator[Position]:
        x, y = position
        yield from Wythoff().followers(position)
        if x <= y:
            yield from ((x - k, y - j) for k in range(2, x + 1) for j in range(1, k))
        if y <= x:
            yield from ((x - j, y - k) for k in range(2, y + 1) for j in range(1, k))


register_family_class(WythoffPass, default="1")
register_family_class(WythoffTerminal)
register_family_class(BlockingWythoff)
