"""The spec's two-pile tables: their layers, shape and cells, and the points read from them.

A game with a state (:class:`spec.StateGame`: positions (x, y, s)) has one
two-pile table per state, stacked as ``G[i, x, y]`` (the i-th of its
``states``; :func:`spec.grundy_table`). The registry's table questions
(``grundy-table``, ``grundy-block``, ``followers``) take such games as they
take two-pile games; :func:`states_of`, :func:`is_table_game`,
:func:`table_shape`, :func:`cells` and :func:`start_layer` say what that means;
:func:`is_two_pile`, :func:`rays` and :func:`symmetric` read a game's declared shape
(:class:`spec.shapes.Shape`) and its compiled form (``move_rays``, plain data);
:func:`why_not_two_pile` and :func:`why_not_table_game` are the reasons, in one line.
:func:`h_points` and :func:`p_positions` read the points of the registry's
``g-points`` and ``p-positions`` oracles from the table, each checking the
count a row must show, so the oracles rest on no bound from a paper.

Every function takes a game object or its name (:func:`spec.as_game`).

Examples
--------
>>> from spec.game import get_game
>>> is_table_game(get_game("wythoff-pass")), table_shape("wythoff-pass", 3, 4)
(True, (2, 3, 4))
>>> cells("wythoff-pass:2", 1, 2)
[(1, 2, 0), (1, 2, 1), (1, 2, 2)]
>>> from spec.games import Nim
>>> is_table_game(Nim()), why_not_table_game(Nim())
(False, 'nim is not a two-pile game (it has no two-pile Grundy table)')
"""

from __future__ import annotations

from typing import Any

from spec.game import CompiledForm, ImpartialGame, StateGame, TwoPileGame, as_game
from spec.shapes import Shape
from spec.solver import BYTES_PER_POSITION, estimate, grundy_table

__all__ = [
    "cell_index",
    "cells",
    "compiled_form",
    "h_points",
    "h_points_cost",
    "is_table_game",
    "is_two_pile",
    "p_positions",
    "p_positions_cost",
    "rays",
    "start_layer",
    "states_of",
    "symmetric",
    "table_estimate",
    "table_shape",
    "why_not_table_game",
    "why_not_two_pile",
]

GameLike = ImpartialGame | str


def states_of(game: GameLike) -> tuple[int, ...]:
    """The states of a game with a state, or () for any other game."""
    subject = as_game(game)
    if isinstance(subject, StateGame):
        return tuple(subject.states)
    return ()


def is_two_pile(game: GameLike) -> bool:
    """Whether ``game`` declares the shape of two piles (positions (x, y): a two-pile table)."""
    return as_game(game).shape is Shape.TWO_PILES


def why_not_two_pile(game: GameLike) -> str | None:
    """None if ``game`` is a two-pile game (:func:`is_two_pile`), else why not (one line)."""
    subject = as_game(game)
    if is_two_pile(subject):
        return None
    return f"{subject.describe()} is not a two-pile game (it has no two-pile Grundy table)"


#: The shapes whose tables are two-pile tables (one per state of a game with a state).
TABLE_SHAPES = (Shape.TWO_PILES, Shape.STATE_LAYERS)


def is_table_game(game: GameLike) -> bool:
    """Whether ``game`` has two-pile tables (two piles, or two piles and a state).

    A name that is no game is not a table game (:func:`why_not_table_game` says why).
    """
    return why_not_table_game(game) is None


def why_not_table_game(game: GameLike) -> str | None:
    """None if ``game`` has two-pile tables (:func:`is_table_game`), else why not (one line)."""
    try:
        subject = as_game(game)
    except ValueError as error:
        return str(error)
    return None if subject.shape in TABLE_SHAPES else why_not_two_pile(subject)


def rays(game: GameLike) -> frozenset[tuple[Any, ...]]:
    """The game's ``move_rays`` as ``(p, q, a, b, guard)`` (empty without rays).

    >>> sorted(rays("wythoff"))
    [(0, 0, 0, 1, ''), (0, 0, 1, 0, ''), (0, 0, 1, 1, '')]
    """
    subject = as_game(game)
    found = subject.move_rays if isinstance(subject, TwoPileGame) else None
    return frozenset((0, 0, *r, "") if len(r) == 2 else (*r, "")[:5] for r in found or ())


def compiled_form(game: GameLike) -> tuple[Any, ...] | None:
    """The rule the game's compiled form states: its :func:`rays` and compiled rule, or None
    without rays. A terminal set, a counting rule or misère play makes another game of the
    same moves (blocking-wythoff:2, misere:wythoff are not Wythoff).

    >>> compiled_form("nimhof:0,1/1,1/1,0") == compiled_form("wythoff"), compiled_form("nim")
    (True, None)
    """
    subject = as_game(game)
    found = rays(subject)
    if not found or not isinstance(subject, TwoPileGame):
        return None
    return (
        found,
        subject.compiled_followers,
        subject.compiled_regions,
        subject.compiled_terminal,
        subject.outcome_rule,
        subject.misere,
    )


#: A guard of ``move_rays`` read with the two piles swapped.
_SWAP = {"": "", "x>=y": "y>=x", "y>=x": "x>=y", "x>y": "y>x", "y>x": "x>y"}


def symmetric(game: GameLike) -> bool:
    """G(x, y) = G(y, x) for every position, as the game states it: its ``symmetric``, else
    its ``move_rays`` alone (no ``compiled_followers`` nor ``row_shifts``), closed under
    the swap of the piles.

    >>> symmetric("a-wythoff:2"), symmetric("nimhof:0,1/1,0/1,2")
    (True, False)
    """
    subject = as_game(game)
    if subject.symmetric is not None:
        return subject.symmetric is not False
    if not isinstance(subject, CompiledForm) or subject.compiled_followers or subject.row_shifts:
        return False
    full = rays(subject)
    return bool(full) and {(q, p, b, a, _SWAP[g]) for p, q, a, b, g in full} == full


def table_shape(game: GameLike, rows: int, cols: int) -> tuple[int, ...]:
    """``(rows, cols)``, or ``(states, rows, cols)`` for a game with a state."""
    states = states_of(game)
    return (len(states), rows, cols) if states else (rows, cols)


def table_estimate(game: GameLike, rows: int, cols: int) -> tuple[float, int]:
    """(seconds, bytes) of :func:`spec.grundy_table` of ``rows`` x ``cols``: the solver's
    estimate below the last cell (:func:`spec.solver.estimate`) and every cell kept, once
    per layer.

    >>> table_estimate("wythoff-pass", 3, 4)[1] == 2 * table_estimate("wythoff", 3, 4)[1]
    True
    """
    seconds, _ = estimate([max(rows - 1, 0), max(cols - 1, 0)])
    layers = max(1, len(states_of(game)))
    return layers * seconds, layers * rows * cols * BYTES_PER_POSITION


def cells(game: GameLike, x: int, y: int) -> list[Any]:
    """The positions at cell (x, y): ``[(x, y)]``, or ``(x, y, s)`` for every state."""
    states = states_of(game)
    return [(x, y, s) for s in states] if states else [(x, y)]


def cell_index(game: GameLike, position: Any) -> tuple[int, ...]:
    """Where ``position`` sits in the game's table: (x, y), or (layer, x, y) with a state.

    >>> cell_index("wythoff-pass:2", (3, 4, 1)), cell_index("wythoff", (3, 4))
    ((1, 3, 4), (3, 4))
    """
    states = states_of(game)
    return (states.index(position[2]), *position[:2]) if states else tuple(position)


def start_layer(game: GameLike) -> int:
    """The layer a game begins in: the index of its ``start_state`` (0 without a state).

    >>> start_layer("wythoff-pass:2"), start_layer("wythoff")
    (2, 0)
    """
    subject = as_game(game)
    return subject.states.index(subject.start_state) if isinstance(subject, StateGame) else 0


def h_points(game: GameLike, g: int, rows: int) -> list[list[tuple[int, int]]]:
    """``T_0 .. T_g`` from the spec's table: h-points (x, y), x <= y, x < rows, by x.

    The table has ``2 rows + g + 1`` columns. Every row holds each value at
    most once (a cell is a follower of every other cell of its row), so
    when row x shows every value <= g somewhere in the table, the h-point
    with first coordinate x, if any, is the one found at y >= x. That
    completeness is asserted (ValueError), so the oracle depends on no
    bound from the papers.

    Examples
    --------
    >>> h_points("wythoff", 4, 9)[4]
    [(0, 4), (1, 3), (2, 5), (6, 7), (8, 8)]
    """
    cols = 2 * rows + g + 1
    table = grundy_table(as_game(game), rows, cols)
    points: list[list[tuple[int, int]]] = [[] for _ in range(g + 1)]
    for x in range(rows):
        row = table[x]
        missing = set(range(g + 1)) - set(row)
        if missing:
            raise ValueError(f"row {x} shows no {min(missing)} within {cols} columns")
        for y in range(x, cols):
            if row[y] <= g:
                points[row[y]].append((x, y))
    return points


def h_points_cost(game: GameLike, g: int, rows: int) -> tuple[float, int]:
    """(seconds, bytes) of :func:`h_points`: :func:`table_estimate` of its table (rows x
    (2 rows + g + 1)).

    >>> h_points_cost("wythoff", 4, 9) == table_estimate("wythoff", 9, 23)
    True
    """
    return table_estimate(game, rows, 2 * rows + g + 1)


def p_positions(game: GameLike, rows: int, k: int) -> list[list[tuple[int, int]]]:
    """The P-positions (x, y), x <= y, x < rows, of each layer, from the spec's table.

    The table has 4 rows + 16 columns. For a game whose row is one ray (the
    greedy's shape, :mod:`reference.row_greedy`) each row holds exactly k
    P-positions; each row's count is checked (ValueError), so the oracle
    rests on no bound from a paper.

    Examples
    --------
    >>> p_positions("wythoff", 5, 1)
    [[(0, 0), (1, 2), (3, 5), (4, 7)]]
    """
    subject = as_game(game)
    cols = 4 * rows + 16
    table = grundy_table(subject, rows, cols)
    points: list[list[tuple[int, int]]] = []
    for layer, grid in enumerate(table if isinstance(subject, StateGame) else [table]):
        points.append([])
        for x in range(rows):
            zeros = [y for y, value in enumerate(grid[x]) if value == 0]
            if len(zeros) != k:
                raise ValueError(
                    f"{subject.describe()}: row {x} of layer {layer} shows {len(zeros)} "
                    f"P-positions within {cols} columns, not {k}"
                )
            points[-1].extend((x, y) for y in zeros if y >= x)
    return points


def p_positions_cost(game: GameLike, rows: int) -> tuple[float, int]:
    """(seconds, bytes) of :func:`p_positions`: :func:`table_estimate` of its table (rows x
    (4 rows + 16)).

    >>> p_positions_cost("wythoff", 10)[1] == 10 * 56 * BYTES_PER_POSITION
    True
    """
    return table_estimate(game, rows, 4 * rows + 16)
