"""Capabilities of a game, each absence a named reason: :func:`why_not` and :func:`has`.

A game's shape (:class:`spec.shapes.Shape`) says what its positions are; a **capability**
says what else its class declares: rays, a first-order form of its moves, a terminal set,
passes between states, a counting rule, misère play, a compiled form, symmetry. Code asks
``why_not(game, capability)`` (None if the game has it, else one line naming what is
missing) or ``has(game, capability)`` (a bool), once, at its edge; no predicate returns None
to mean yes. A shape is asked the same way (``why_not(game, Shape.THREE_PILES)``).

The **first-order form** of a game (:func:`first_order_form`) is what the decider's
sentence generator (:mod:`proofs_check.automatic`) reads: the rays, the moves that are no
ray (``move_formulas``), the terminal set (``terminal_formula``), the states and passes and
the counting rule. It lives on the spec class beside the compiled form of the same rule (the
engine reads the kernel, the decider the formula): one home.

Examples
--------
>>> from spec.game import get_game
>>> why_not(get_game("wythoff"), Capability.RAYS) is None, has(get_game("nim"), Capability.RAYS)
(True, False)
>>> print(why_not(get_game("wythoff3"), Capability.FIRST_ORDER))
wythoff3: no first-order form of its moves (a game of three piles; the forms are written \
for two piles (x, y), with a state layer or not)
>>> print(why_not(get_game("f-wythoff"), Capability.FIRST_ORDER))
f-wythoff: compiled_followers (a follower function) has no first-order form (its slant \
move keeps floor(l / s), which needs division)
>>> why_not(get_game("wythoff"), Shape.THREE_PILES)
'wythoff is not a three-pile game (positions of three piles, no state)'
"""

from __future__ import annotations

import enum
from collections.abc import Callable
from dataclasses import dataclass

from spec.game import CompiledForm, ImpartialGame, StateGame
from spec.heaps import HeapGame, why_not_heap_game
from spec.piles3 import ThreePileGame, why_not_three_pile
from spec.shapes import Shape
from spec.tables import symmetric, why_not_two_pile

__all__ = [
    "Capability",
    "FirstOrderForm",
    "NoFirstOrderForm",
    "first_order_form",
    "has",
    "why_not",
]


class Capability(enum.Enum):
    """What a game may declare beyond its shape; the value is the capability in words."""

    RAYS = "move rays"
    COMPILED = "a compiled form"
    FIRST_ORDER = "a first-order form of its moves"
    TERMINAL_SET = "a terminal set"
    PASSES = "moves between states (a pass)"
    COUNTING_RULE = "a counting rule"
    GRUNDY_VALUES = "Grundy values (the mex rule)"
    MISERE = "misère play"
    SYMMETRY = "symmetry G(x, y) = G(y, x)"
    HEAP_CODE = "an octal code"
    NIM_SUM_MOVES = "nim-sum moves"


class NoFirstOrderForm(ValueError):
    """A game whose moves have no first-order form here (the message, one line, says why)."""


@dataclass(frozen=True)
class FirstOrderForm:
    """A game's rule as the decider reads it: positions (x, y) or (x, y, s).

    ``rays`` as in ``move_rays``; ``formulas`` the moves that are no ray (formulas in
    x, y -> u, v); ``terminal`` the terminal set (a formula in x, y) or None; ``states``
    and ``state_moves`` the layers and passes (empty without a state); ``k`` the counting
    rule's k (1: the mex).
    """

    game: str
    rays: tuple[tuple[int | str, ...], ...]
    formulas: tuple[str, ...]
    terminal: str | None
    states: tuple[int, ...]
    state_moves: tuple[tuple[int, int], ...]
    k: int


def first_order_form(game: ImpartialGame) -> FirstOrderForm:
    """The first-order form of ``game``'s rule, or :class:`NoFirstOrderForm` (one line).

    A form is written for two piles, with a state layer or not, under normal play, whose
    moves are rays or ``move_formulas``, and whose terminal set (if any) has a
    ``terminal_formula``.

    >>> from spec.game import get_game
    >>> form = first_order_form(get_game("wythoff-terminal:3"))
    >>> form.rays, form.terminal
    (((1, 0), (0, 1), (1, 1)), 'x + y <= 3')
    >>> first_order_form(get_game("octal:0.07"))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    spec.capabilities.NoFirstOrderForm: octal:0.07: no first-order form ... (a game of one heap; ...
    """
    name = game.describe()
    if game.shape not in (Shape.TWO_PILES, Shape.STATE_LAYERS):
        shape = "no shape of piles" if game.shape is None else f"a game of {game.shape.value}"
        raise NoFirstOrderForm(
            f"{name}: no first-order form of its moves ({shape}; the forms are written for "
            "two piles (x, y), with a state layer or not)"
        )
    if game.misere:
        raise NoFirstOrderForm(f"{name}: misère play has no first-order form here (normal play)")
    if not isinstance(game, CompiledForm):
        raise NoFirstOrderForm(f"{name}: no move_rays (its moves are given by followers only)")
    formulas = tuple(game.move_formulas)
    for function, what in (
        (game.compiled_followers, "compiled_followers (a follower function)"),
        (game.compiled_regions, "compiled_regions (a region function)"),
    ):
        if function is not None and not formulas:
            why = f" ({game.first_order_missing})" if game.first_order_missing else ""
            raise NoFirstOrderForm(f"{name}: {what} has no first-order form{why}")
    if not game.move_rays and not formulas:
        raise NoFirstOrderForm(
            f"{name}: no move_rays and no move_formulas (its moves are given by followers only)"
        )
    if game.compiled_terminal is not None and game.terminal_formula is None:
        raise NoFirstOrderForm(
            f"{name}: compiled_terminal {_shown(game.compiled_terminal)} has no first-order "
            "form (no terminal_formula)"
        )
    states = tuple(game.states) if isinstance(game, StateGame) else ()
    passes = tuple((s, t) for s, t in game.state_moves) if isinstance(game, StateGame) else ()
    rule = game.outcome_rule
    return FirstOrderForm(
        name,
        tuple(tuple(r) for r in game.move_rays or ()),
        formulas,
        game.terminal_formula,
        states,
        passes,
        1 if rule is None else rule.k,
    )


def _shown(function: object) -> str:
    """A compiled function as its path (``module:function``) for a message."""
    if isinstance(function, str):
        return function
    return f"{getattr(function, '__module__', '?')}:{getattr(function, '__name__', '?')}"


def _first_order(game: ImpartialGame) -> str | None:
    try:
        first_order_form(game)
    except NoFirstOrderForm as error:
        return str(error)
    return None


def _compiled(game: ImpartialGame) -> str | None:
    name = game.describe()
    if isinstance(game, CompiledForm):
        forms = (game.move_rays, game.compiled_followers, game.compiled_regions)
        if any(f is not None for f in forms):
            return None
        return f"{name}: no compiled form (move_rays, compiled_followers or compiled_regions)"
    if isinstance(game, ThreePileGame):
        if game.move_rays or game.nim_sum_moves:
            return None
        return f"{name}: no compiled form (move_rays or nim_sum_moves)"
    if isinstance(game, HeapGame) and game.heap_code is not None:
        return None
    return f"{name}: no compiled form"


WhyNot = Callable[[ImpartialGame], str | None]


def _unless(holds: Callable[[ImpartialGame], bool], missing: str) -> WhyNot:
    """The reason a capability is missing: None where ``holds(game)``, else ``"GAME: missing"``."""

    def why_not(game: ImpartialGame) -> str | None:
        return None if holds(game) else f"{game.describe()}: {missing}"

    return why_not


_WHY_NOT: dict[Capability, WhyNot] = {
    Capability.RAYS: _unless(
        lambda g: isinstance(g, (CompiledForm, ThreePileGame)) and bool(g.move_rays),
        "no move_rays (its moves are given by followers only)",
    ),
    Capability.COMPILED: _compiled,
    Capability.FIRST_ORDER: _first_order,
    Capability.TERMINAL_SET: _unless(
        lambda g: isinstance(g, CompiledForm) and g.compiled_terminal is not None,
        "no terminal set (compiled_terminal)",
    ),
    Capability.PASSES: _unless(
        lambda g: isinstance(g, StateGame) and bool(g.state_moves),
        "no moves between states (state_moves)",
    ),
    Capability.COUNTING_RULE: _unless(
        lambda g: g.outcome_rule is not None, "the mex rule (no counting rule)"
    ),
    Capability.GRUNDY_VALUES: lambda g: (
        None
        if g.outcome_rule is None
        else f"{g.describe()}: no Grundy values ({g.outcome_rule.describe()}: outcomes only)"
    ),
    Capability.MISERE: _unless(lambda g: g.misere, "normal play"),
    Capability.SYMMETRY: _unless(
        symmetric, "not stated symmetric, nor rays closed under the swap of the piles"
    ),
    Capability.HEAP_CODE: _unless(
        lambda g: isinstance(g, HeapGame) and g.heap_code is not None,
        "no octal code (heap_code)",
    ),
    Capability.NIM_SUM_MOVES: _unless(
        lambda g: isinstance(g, ThreePileGame) and bool(g.nim_sum_moves),
        "no nim-sum moves (nim_sum_moves)",
    ),
}


def _shape_reason(game: ImpartialGame, shape: Shape) -> str | None:
    if shape is Shape.ONE_HEAP:
        why = why_not_heap_game(game)
        return None if why is None else f"{game.describe()} is {why}"
    if shape is Shape.TWO_PILES:
        return why_not_two_pile(game)
    if shape is Shape.THREE_PILES:
        return why_not_three_pile(game)
    if game.shape is shape:
        return None
    return f"{game.describe()} is not a game of {shape.value}"


def why_not(game: ImpartialGame, what: Capability | Shape) -> str | None:
    """None if ``game`` has the capability (or the shape) ``what``, else why not (one line)."""
    if isinstance(what, Shape):
        return _shape_reason(game, what)
    return _WHY_NOT[what](game)


def has(game: ImpartialGame, what: Capability | Shape) -> bool:
    """Whether ``game`` has the capability (or the shape) ``what`` (:func:`why_not` is None).

    >>> from spec.game import get_game
    >>> has(get_game("wythoff-pass"), Capability.PASSES), has(get_game("nim"), Shape.ONE_HEAP)
    (True, True)
    """
    return why_not(game, what) is None
