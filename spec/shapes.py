"""Game shapes as declared types: what a game's positions are, stated by its class.

Every game class states its **shape** in the class attribute ``shape`` (a :class:`Shape`),
set by the base class it derives from; nothing is discovered from the attributes an object
happens to have (issue 47, item 2):

========================  =====================================  ============================
shape                     positions; tables                      declared by
========================  =====================================  ============================
``Shape.ONE_HEAP``        heaps (n,); a nim-sequence G(n)        :class:`spec.HeapGame`, a
                                                                 :class:`spec.PileGame` of
                                                                 ``arity`` 1 (Nim)
``Shape.TWO_PILES``       (x, y); a table G[x, y]                :class:`spec.TwoPileGame`,
                                                                 a pile game of ``arity`` 2
``Shape.STATE_LAYERS``    (x, y, s), s a finite state; G[s, x, y] :class:`spec.StateGame`
``Shape.THREE_PILES``     (x, y, z); a cube G[x, y, z]           :class:`spec.ThreePileGame`,
                                                                 a pile game of ``arity`` 3
``None``                  anything else (a sum)                  :class:`spec.Sum`
========================  =====================================  ============================

A :class:`spec.PileGame` subclass that sets ``arity`` and no ``shape`` gets the shape of its
arity (:meth:`Shape.of_arity`): the arity is its declaration.

What a shape carries besides its positions is a **capability**, asked of the game by
:func:`spec.capabilities.why_not` (None if it has it, else the one-line reason): rays, a
first-order form of the moves, a terminal set, passes between states, a counting rule,
misère play, a compiled form, symmetry. Each capability is declared on the base class that
carries it, with its default (:class:`spec.game.CompiledForm`: ``move_rays``, the compiled
functions and their first-order forms ``move_formulas`` and ``terminal_formula``;
:class:`spec.StateGame`: ``states``, ``state_moves``; :class:`spec.ThreePileGame`:
``move_rays``, ``nim_sum_moves``; :class:`spec.HeapGame`: ``heap_code``;
:class:`spec.ImpartialGame`: ``misere``, ``outcome_rule``, ``symmetric``), so a reader that
has asked the shape reads the attribute, never ``getattr(game, ..., None)``.

Adding a shape (for instance one heap with a state, Fibonacci Nim's (n, r), issue 45) is a
member here, a base class in the spec that declares it, and one module of the CLI's per-shape
command bodies (``docs/architecture.md``, "Adding a shape").

Examples
--------
>>> Shape.of_arity(2), Shape.THREE_PILES.coordinates
(<Shape.TWO_PILES: 'two piles'>, ('x', 'y', 'z'))
>>> Shape.of_arity(4) is None
True
"""

from __future__ import annotations

import enum

__all__ = ["Shape"]


class Shape(enum.Enum):
    """The shape of a game's positions (its class's ``shape``); the value is its name."""

    ONE_HEAP = "one heap"
    TWO_PILES = "two piles"
    STATE_LAYERS = "two piles and a state"
    THREE_PILES = "three piles"

    @property
    def coordinates(self) -> tuple[str, ...]:
        """The names of a position's coordinates (a heap game's positions are heaps)."""
        return _COORDINATES[self]

    @classmethod
    def of_arity(cls, arity: int) -> Shape | None:
        """The shape a pile game of ``arity`` integers declares by its arity (None past 3)."""
        return _BY_ARITY.get(arity)


_COORDINATES = {
    Shape.ONE_HEAP: ("n",),
    Shape.TWO_PILES: ("x", "y"),
    Shape.STATE_LAYERS: ("x", "y", "s"),
    Shape.THREE_PILES: ("x", "y", "z"),
}
_BY_ARITY = {1: Shape.ONE_HEAP, 2: Shape.TWO_PILES, 3: Shape.THREE_PILES}
