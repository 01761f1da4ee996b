"""Misère play of any game: the last player to move *loses*.

A misère game is a property of the game object: :func:`misere` returns a
copy of a game (its class, rules and compiled form unchanged) whose
``misere`` attribute is True and whose ``describe()`` is ``misere:<name>``
(``misere:wythoff``, ``misere:wythoff+nim``: the prefix applies to the
whole expression, sum included; :func:`spec.get_game` reads it). Every
layer reads ``game.misere`` (:func:`is_misere`), never the name.

The solver (:mod:`spec.solver`) labels a misère game by **G⁻**, the misère
Grundy value (Winning Ways, ch. 13): a position with no move has G⁻ = 1,
every other position the mex of its followers' G⁻. A position is a misère
P-position (the previous player wins) iff G⁻ = 0. The misère value of a sum
is *not* the nim-sum of its parts' values: the solver computes it on the
sum's own positions.

A game with a counting rule (:class:`spec.CountingRule`, k-blocking) has
no misère form here: :func:`misere` refuses it in one line naming
``--misere``.

The **genus** of a position G (Winning Ways ch. 13, "the genus of a game")
is g^{γ0 γ1 γ2 ...}: g = G⁺(G), the normal value, and γ_k = G⁻(G + k
copies of *2). The γ's end in a repeated pair (γ_{k+2} = γ_k from some k
on); Winning Ways writes them up to the first pair that repeats:
*0 = 0^{120}, *1 = 1^{031}, *2 = 2^{20}. :func:`genus` computes the γ's from
that definition, through the solver on the sum's positions.

References
----------
E. R. Berlekamp, J. H. Conway, R. K. Guy, *Winning Ways for your
Mathematical Plays*, 2nd ed., vol. 2, ch. 13 ("Survival in the lost
world"): misère play, the genus, tame games.
C. L. Bouton, "Nim, a game with a complete mathematical theory", Ann. of
Math. 3 (1901-02): the misère rule for Nim.
"""

from __future__ import annotations

import copy
import functools
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Final

from spec.game import ImpartialGame, Position, outcome_rule
from spec.games import Sum

__all__ = [
    "Genus",
    "MisereRefused",
    "bouton_misere",
    "genera",
    "genus",
    "is_misere",
    "misere",
    "normal_play",
]

#: The prefix of a misère game's name (``misere:wythoff``).
PREFIX: Final = "misere:"


class MisereRefused(ValueError):
    """Misère play asked of a game that has none (a counting rule): one line naming
    ``--misere`` (``misere=``)."""


def is_misere(game: Any) -> bool:
    """True if ``game`` is played misère (its ``misere`` attribute).

    >>> from spec.games import Wythoff
    >>> is_misere(Wythoff()), is_misere(misere(Wythoff()))
    (False, True)
    """
    return isinstance(game, ImpartialGame) and game.misere


@functools.cache
def _misere_class(base: type[ImpartialGame]) -> type[ImpartialGame]:
    """The misère twin of a game class: the same class, ``misere`` True, named ``misere:``."""

    def describe(self: ImpartialGame) -> str:
        return PREFIX + base.describe(self)

    def __repr__(self: ImpartialGame) -> str:
        shown = base.__repr__(self).replace(type(self).__name__, base.__name__, 1)
        return f"misere({shown})"

    def normal(self: ImpartialGame) -> ImpartialGame:
        twin = copy.copy(self)
        twin.__class__ = base
        twin.memo = {}
        return twin

    members = {
        "misere": True,
        "describe": describe,
        "__repr__": __repr__,
        "normal_play": normal,
        "__module__": base.__module__,
        "__doc__": f"{base.__name__} under misère play (spec.misere).",
    }
    return type(f"Misere{base.__name__}", (base,), members)


def misere(game: ImpartialGame) -> ImpartialGame:
    """The misère version of ``game``: a copy with ``misere = True``, named ``misere:<name>``.

    Its followers, rules and compiled form are the game's; its values are G⁻
    (a position with no move has value 1). Misère of a misère game is itself.

    Raises
    ------
    MisereRefused
        For a game with a counting rule (its outcome is not the mex's).

    Examples
    --------
    >>> from spec.games import Wythoff
    >>> from spec.solver import grundy
    >>> game = misere(Wythoff())
    >>> game.describe(), grundy(game, (0, 0)), grundy(game, (0, 1)), grundy(game, (3, 5))
    ('misere:wythoff', 1, 0, 0)
    >>> from spec.variants import BlockingWythoff
    >>> misere(BlockingWythoff(2))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    spec.misere.MisereRefused: --misere: game = blocking-wythoff:2 has the outcome rule P iff ...
    """
    if not isinstance(game, ImpartialGame):
        raise ValueError(f"misere: expected a spec game object (game = {game!r})")
    if is_misere(game):
        return game
    rule = outcome_rule(game)
    if rule is not None:
        raise MisereRefused(
            f"--misere: game = {game.describe()} has the outcome rule {rule.describe()}; "
            "misère play is defined for the mex rule only"
        )
    for part in game.components if isinstance(game, Sum) else ():
        if is_misere(part):
            raise MisereRefused(
                f"--misere: {part.describe()} is a part of a sum; misère play is a convention "
                "of the whole game: write misere:a+b"
            )
    twin = copy.copy(game)
    twin.__class__ = _misere_class(type(game))
    twin.memo = {}
    return twin


def normal_play(game: ImpartialGame) -> ImpartialGame:
    """The game under normal play: ``game`` itself, or the normal twin of a misère game.

    >>> from spec.games import Wythoff
    >>> normal_play(misere(Wythoff())).describe()
    'wythoff'
    """
    if not is_misere(game):
        return game
    made: ImpartialGame = game.normal_play()  # type: ignore[attr-defined]
    return made


def bouton_misere(heaps: Position) -> str:
    """Bouton's misère rule for Nim: the outcome ("P" or "N") of the heaps under misère play.

    A position is a misère P-position iff (some heap >= 2 and the nim-sum is 0) or
    (every heap <= 1 and the nim-sum is 1). This is the rule the claim
    ``bouton-misere`` checks against the solver; nothing here computes G⁻.

    >>> bouton_misere(()), bouton_misere((1,)), bouton_misere((1, 1)), bouton_misere((2, 2))
    ('N', 'P', 'N', 'P')
    """
    total = 0
    for heap in heaps:
        total ^= heap
    big = any(heap >= 2 for heap in heaps)
    return "P" if (big and total == 0) or (not big and total == 1) else "N"


@dataclass(frozen=True)
class Genus:
    """The genus g^{γ0 γ1 ...} of a position (Winning Ways ch. 13).

    ``value`` is g (normal play), ``gammas`` γ_0 ... γ_K as computed (K =
    ``len(gammas) - 1``), ``tail`` the first k from which γ_{k+2} = γ_k holds
    up to K (None if it does not within K: compute further).
    """

    value: int
    gammas: tuple[int, ...]
    tail: int | None

    @property
    def written(self) -> tuple[int, ...]:
        """The γ's Winning Ways writes: up to the first repeated pair (all of them without
        one)."""
        return self.gammas if self.tail is None else self.gammas[: self.tail + 2]

    def __str__(self) -> str:
        """``g^{γ0γ1...}`` (digits run together when all are < 10, else separated by commas;
        a trailing ``...`` when no repeated pair was seen within K).

        >>> str(Genus(0, (1, 2, 0, 2, 0), 1)), str(Genus(12, (12, 14, 12), 0))
        ('0^{120}', '12^{12,14}')
        """
        shown = self.written
        sep = "" if all(g < 10 for g in shown) else ","
        more = "" if self.tail is not None else "..."
        return f"{self.value}^{{{sep.join(map(str, shown))}{more}}}"


def _tail(gammas: tuple[int, ...]) -> int | None:
    """The least k with γ_{j+2} = γ_j for every j >= k within the γ's (and at least one such
    j), else None."""
    last = len(gammas) - 3  # the last j with γ_{j+2} known
    if last < 0:
        return None
    k = last + 1
    while k > 0 and gammas[k - 1 + 2] == gammas[k - 1]:
        k -= 1
    return k if k <= last else None


def _check_k(k: Any) -> None:
    if isinstance(k, bool) or not isinstance(k, int) or not 2 <= k <= 12:
        raise ValueError(f"genus: k must be an int, 2 <= k <= 12 (k = {k!r})")


def twos_sum(game: ImpartialGame) -> ImpartialGame:
    """The misère sum of ``game`` (normal play) and heaps of at most 2 of Nim: the game whose
    position ``(p, (2,) * j)`` has G⁻ = γ_j of ``p`` (:func:`genus`).

    The Nim heaps are one heap game's position (octal 0.33: take one or two, leave at most one
    heap), a multiset: on heaps of at most 2 its moves are Nim's (take 1 or 2 from a heap of
    2, 1 from a heap of 1), so the sum is the definition's, with the j heaps unordered (the
    solver sees C(j + 2, 2) of their positions, not 3^j orderings) and one memo for every j.

    >>> from spec.games import Nim
    >>> twos_sum(Nim()).describe()
    'misere:nim+octal:0.33'
    """
    from spec.games import Sum
    from spec.heaps import OctalGame

    return misere(Sum(normal_play(game), OctalGame.from_text("0.33")))


def _genus_in(base: ImpartialGame, total: ImpartialGame, position: Any, k: int) -> Genus:
    """The genus of ``position`` of ``base`` (normal play) by ``total`` (:func:`twos_sum`)."""
    from spec.solver import grundy

    position = base.check_position(position)
    found = tuple(grundy(total, (position, (2,) * j if j else (0,))) for j in range(k + 1))
    return Genus(grundy(base, position), found, _tail(found))


def genus(game: ImpartialGame, position: Any, k: int = 6) -> Genus:
    """The genus of ``position``: g = G⁺ and γ_j = G⁻(position + j copies of *2), j <= k.

    Each γ_j is the misère value of the sum of the game and j Nim heaps of 2
    (:func:`twos_sum`), computed by the solver on the sum's positions:
    the definition, nothing assumed.

    Examples
    --------
    >>> from spec.games import Nim
    >>> [str(genus(Nim(), (n,))) for n in range(4)]
    ['0^{120}', '1^{031}', '2^{20}', '3^{31}']
    >>> from spec.heaps import OctalGame
    >>> str(genus(OctalGame.from_text("0.77"), (4,)))  # Kayles, a heap of 4
    '1^{031}'
    """
    _check_k(k)
    base = normal_play(game)
    return _genus_in(base, twos_sum(base), position, k)


def genera(
    game: ImpartialGame,
    heaps: int,
    k: int = 6,
    progress: Callable[[int, int | None, str], None] | None = None,
) -> list[Genus]:
    """The genus of each heap ``(n,)``, n < ``heaps``, of a one-heap game: :func:`genus` with
    one solver memo for every heap and every j (each heap's sums are below the next's).

    ``progress(done, heaps, "heaps")`` after each heap.

    >>> from spec.heaps import OctalGame
    >>> [str(g) for g in genera(OctalGame.from_text("0.77"), 5)]  # Kayles
    ['0^{120}', '1^{031}', '2^{20}', '3^{31}', '1^{031}']
    """
    _check_k(k)
    base = normal_play(game)
    total = twos_sum(base)
    found = []
    for n in range(heaps):
        found.append(_genus_in(base, total, (n,), k))
        if progress is not None:
            progress(n + 1, heaps, "heaps")
    return found
