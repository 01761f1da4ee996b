"""What the kernels need from a game, as structural types (fast never imports spec).

The spec declares a game's shape and capabilities on its classes (``spec.shapes``,
``spec.capabilities``); ``fast`` may not import them, so it reads the same declarations
through the protocols here, one per capability, asked once at a kernel's edge
(``isinstance(game, Layered)``), never a ``getattr`` with a default in the middle:

:class:`EngineGame`
    ``describe()`` (the canonical name, the key of a compiled rule) and
    ``followers(position)`` (the rule a compiled form is checked against).
:class:`Piles`
    ``arity``: how many integers a position is (2 two piles, 3 three piles or two piles
    and a state; a sum has none).
:class:`Layered`
    ``states`` and ``state_moves``: a game with a state (``spec.StateGame``).
:class:`TwoPileForm`
    The compiled form of a two-pile rule (``spec.game.CompiledForm``): ``move_rays`` (plain
    data), ``compiled_followers`` / ``compiled_regions`` / ``compiled_terminal`` (numba code
    or a kernel name of ``spec.kernel_names``), ``terminal_parameters``.
:class:`Rays`
    ``move_rays`` alone (a three-pile rule's rays (a, b, c)).
:class:`NimSumMoves`
    ``nim_sum_moves``: Fraenkel's three-heap rule.
:class:`PlayRule`
    ``misere`` and ``outcome_rule`` (None for the mex, else a counting rule with ``k``):
    every spec game declares both.

Examples
--------
>>> import spec
>>> isinstance(spec.Wythoff(), EngineGame), isinstance(3, EngineGame)
(True, False)
>>> isinstance(spec.get_game("wythoff-pass"), Layered), isinstance(spec.Wythoff(), Layered)
(True, False)
>>> isinstance(spec.Wythoff3(), TwoPileForm), isinstance(spec.Wythoff3(), Rays)
(False, True)

Notes
-----
:func:`fast.engine.compiled_rule` caches a compiled rule by ``describe()``
and the game's class, so a second game object of the same canonical name
reuses it.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, Protocol, runtime_checkable

__all__ = [
    "EngineGame",
    "Layered",
    "NimSumMoves",
    "Piles",
    "PlayRule",
    "Rays",
    "TwoPileForm",
]


@runtime_checkable
class EngineGame(Protocol):
    """A two-pile game as :mod:`fast.engine` reads it (structural: nothing to inherit)."""

    def describe(self) -> str:
        """The canonical name (``nimhof:0,1/1,0/1,1``)."""
        ...

    def followers(self, position: Any) -> Iterator[Any]:
        """The positions one move away (the rule the compiled form must equal)."""
        ...


@runtime_checkable
class Piles(Protocol):
    """A game whose positions are ``arity`` integers."""

    arity: int


@runtime_checkable
class Layered(Protocol):
    """A game with a state: its ``states`` (the engine's layer order) and the passes."""

    states: Any
    state_moves: Any


@runtime_checkable
class Rays(Protocol):
    """A rule that states rays (``move_rays``; None or () for none)."""

    move_rays: Any


@runtime_checkable
class TwoPileForm(Rays, Protocol):
    """The compiled form of a two-pile rule (every attribute None or () when absent)."""

    compiled_followers: Any
    compiled_regions: Any
    compiled_terminal: Any
    terminal_parameters: Any


@runtime_checkable
class NimSumMoves(Protocol):
    """Fraenkel's rule: every (a1, a2, a3) of nim-sum 0, not all 0, is a move."""

    nim_sum_moves: bool


@runtime_checkable
class PlayRule(Protocol):
    """Misère play or not, and the outcome rule (None: the mex; else with a ``k``)."""

    misere: bool
    outcome_rule: Any
