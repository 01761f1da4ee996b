"""What :mod:`fast.engine` needs from a game, as a structural type (fast never imports spec).

A spec two-pile game satisfies :class:`EngineGame` without naming it:
``describe()`` (its canonical name, the key of a compiled rule), ``arity``
(2), ``followers(position)`` (the rule the engine's compiled form is
checked against) and, as the compiled form, one or more of ``move_rays``
(plain data), ``compiled_followers`` or ``compiled_regions`` (numba code,
read from the class; see docs/adding-a-game.md). The optional attributes
are not part of the protocol: the engine reads them with ``getattr`` and
refuses a game with none, naming them.

Examples
--------
>>> import spec
>>> isinstance(spec.Wythoff(), EngineGame), isinstance(3, EngineGame)
(True, False)

Notes
-----
Caching a compiled rule by ``describe()`` inside :mod:`fast.engine` (so a
second game object of the same canonical name reuses it) needs a
module-level dict keyed by that name in ``fast.engine.compiled_rule``; not
done here (``fast/engine.py`` was being changed elsewhere).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, Protocol, runtime_checkable

__all__ = ["EngineGame"]


@runtime_checkable
class EngineGame(Protocol):
    """A two-pile game as :mod:`fast.engine` reads it (structural: nothing to inherit)."""

    arity: int

    def describe(self) -> str:
        """The canonical name (``nimhof:0,1/1,0/1,1``)."""
        ...

    def followers(self, position: Any) -> Iterator[Any]:
        """The positions one move away (the rule the compiled form must equal)."""
        ...
