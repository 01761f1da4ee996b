"""What :mod:`fast.engine` needs from a game, as a structural type (fast never imports spec).

A spec two-pile game satisfies :class:`EngineGame` without naming it: it
has ``describe()`` (its canonical name, the key of a compiled rule) and
``followers(position)`` (the rule the engine's compiled form is checked
against). The compiled form itself (one or more of ``move_rays``, plain
data, ``compiled_followers`` or ``compiled_regions``, numba code read from
the class; see docs/adding-a-game.md), ``arity`` (2, or 3 for a game with a
state), ``states`` and ``state_moves`` (a game with a state),
``compiled_terminal`` and ``terminal_parameters`` (a terminal set) and
``outcome_rule`` (a counting rule) are not part of the protocol: the engine
reads them with ``getattr`` and refuses a game without what it needs,
naming what is missing.

Examples
--------
>>> import spec
>>> isinstance(spec.Wythoff(), EngineGame), isinstance(3, EngineGame)
(True, False)

Notes
-----
:func:`fast.engine.compiled_rule` caches a compiled rule by ``describe()``
and the game's class, so a second game object of the same canonical name
reuses it.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, Protocol, runtime_checkable

__all__ = ["EngineGame"]


@runtime_checkable
class EngineGame(Protocol):
    """A two-pile game as :mod:`fast.engine` reads it (structural: nothing to inherit)."""

    def describe(self) -> str:
        """The canonical name (``nimhof:0,1/1,0/1,1``)."""
        ...

    def followers(self, position: Any) -> Iterator[Any]:
        """The positions one move away (the rule the compiled form must equal)."""
        ...
