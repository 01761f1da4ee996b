"""Question ``p-positions``: the P-positions of a game row by row, and the games it is sound for.

``p-positions:<game>``
    ``answer(rows)`` -> :class:`reference.row_greedy.RowPoints`: for each layer (state) of the
    game, the P-positions (a, b), a <= b, a < rows, ordered by (a, b) (a P-position below the
    diagonal is the mirror of one). Oracle: the spec's table (:func:`spec_points`);
    ``reference.row_greedy`` (the readable greedy over rows) and ``fast.row_greedy`` (its twin).

Which games: those whose compiled form has the greedy's shape (:func:`greedy_rule`,
:func:`fast.row_greedy.covers`: read from the game object, never from its name).
:func:`point_blocks` is the streaming form (the door of ``p-position-blocks``: the fast twin's
blocks of rows), for runs too long to hold: the claims to 10^7 rows and the blocking
experiment use it.

Examples
--------
>>> import registry
>>> registry.ask("p-positions", "a-wythoff:2", rows=8).pairs(0)  # A001952: b = floor(n(2+sqrt 2))
[(0, 0), (1, 3), (2, 6), (4, 10), (5, 13), (7, 17)]
>>> greedy_rule("r-wythoff")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
ValueError: r-wythoff: the greedy over rows needs rays without guards (move_rays entry ...)
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import partial

import numpy as np

import fast.row_greedy
import reference.row_greedy
import spec.tables
from reference.row_greedy import GreedyRule, RowPoints
from registry.arguments import P_POSITION_BLOCKS, Progress, RowsArgs
from registry.core import (
    BUDGET_SECONDS,
    as_game,
    checked_memory,
    question,
    register_provider,
    register_question,
)
from registry.records import Provided
from registry.rows import upto
from registry.sequences import compare_points
from registry.tables import tick
from spec.tables import GameLike
from spec.tables import start_layer as start_layer

#: The spec oracle's largest domain (a table of rows x (4 rows + 16) by the solver).
SPEC_MAX_ROWS = 60
#: reference.row_greedy scans every cell y >= x of a row: quadratic in the rows.
REFERENCE_MAX_ROWS = 3000


def greedy_rule(game: GameLike) -> GreedyRule:
    """The greedy's rule for a game or its name (:func:`fast.row_greedy.greedy_rule`).

    >>> greedy_rule("blocking-wythoff:3").k
    3
    """
    return fast.row_greedy.greedy_rule(as_game(game))


def spec_points(game: GameLike, rows: int) -> RowPoints:
    """The P-positions (a, b), a <= b, a < rows, of each layer, from the spec's table
    (:func:`spec.tables.p_positions`: each row's count checked against the rule's k).

    >>> spec_points("wythoff", 5).pairs(0)
    [(0, 0), (1, 2), (3, 5), (4, 7)]
    """
    subject = as_game(game)
    layers = spec.tables.p_positions(subject, rows, greedy_rule(subject).k)
    return RowPoints(rows, [[a for a, _ in p] for p in layers], [[b for _, b in p] for p in layers])


register_question(
    "p-positions",
    "*",
    "P-positions (a, b), a <= b, a < rows, of each state of {game} (greedy over rows)",
    {"rows": 30},
    partial(compare_points, layers=lambda p: [p.pairs(s) for s in range(len(p))], name="layer "),
    extra_domains=[({"rows": SPEC_MAX_ROWS}, False)],
    budget=BUDGET_SECONDS,
    signature=RowsArgs,
)


def _spec(game: spec.ImpartialGame) -> Provided:
    covers = upto(SPEC_MAX_ROWS, "the spec solver is cubic", lambda rows: rows)
    return Provided(
        lambda rows: spec_points(game, rows), covers, partial(spec.tables.p_positions_cost, game)
    )


def _reference(game: spec.ImpartialGame) -> Provided:
    answer = partial(reference.row_greedy.p_positions, greedy_rule(game))
    covers = upto(REFERENCE_MAX_ROWS, "it scans every cell of a row", lambda rows: rows)
    return Provided(answer, covers, reference.row_greedy.cost)


def _fast(game: spec.ImpartialGame) -> Provided:
    def answer(rows: int, progress: Progress | None = None) -> RowPoints:
        return fast.row_greedy.p_positions(greedy_rule(game), rows, progress=tick(progress, "rows"))

    return Provided(answer, cost=lambda rows: fast.row_greedy.cost(greedy_rule(game), rows))


_greedy_covers = fast.row_greedy.covers  # the games of the greedy's shape
register_provider("p-positions", "spec", "spec", _greedy_covers, _spec)
register_provider("p-positions", "reference.row_greedy", "reference", _greedy_covers, _reference)
register_provider("p-positions", "fast.row_greedy", "fast", _greedy_covers, _fast, unit="rows")


def greedy_memory(game: GameLike, rows: int) -> int:
    """Bytes of the greedy's state for ``rows`` rows of ``game`` (stated before it is spent).

    >>> greedy_memory("wythoff-pass", 10**7) // 2**20
    912
    """
    return fast.row_greedy.state_bytes(greedy_rule(game), rows)


def point_blocks(
    game: GameLike, rows: int, *, progress: Callable[[int, int], None] | None = None
) -> Iterator[tuple[int, np.ndarray]]:
    """The streaming form of ``p-positions``: ``(r0, cols)`` blocks of rows (fast.row_greedy).

    ``cols[i, s, j]`` is the j-th column y >= r0 + i of a P-position of
    layer s in row r0 + i (-1 past the row's last); memory is the greedy's
    state (:func:`fast.row_greedy.state_bytes`, checked first), not the rows.

    Examples
    --------
    >>> [(r0, c[:, 0, 0].tolist()) for r0, c in point_blocks("wythoff", 5)]
    [(0, [0, 2, -1, 5, 7])]
    """
    subject = as_game(game)
    greedy_rule(subject)  # a game not of the greedy's shape: its reason, as the greedy states it

    def told(done: int, total: int | None, unit: str) -> None:
        if progress is not None:
            progress(done, done if total is None else total)

    door = question(P_POSITION_BLOCKS, subject)
    return door(rows=rows, progress=told if progress else None).value


def _blocks(game: spec.ImpartialGame) -> Provided:
    def answer(rows: int, progress: Progress | None = None) -> Iterator[tuple[int, np.ndarray]]:
        told = tick(progress, "rows")
        return fast.row_greedy.row_blocks(greedy_rule(game), rows, progress=told)

    return Provided(checked_memory(answer))


register_question(
    "p-position-blocks", "*", "the P-positions of {game} in blocks of rows (r0, cols)",
    {"rows": 30}, checked=False, signature=RowsArgs,
)  # fmt: skip
register_provider("p-position-blocks", "fast.row_greedy", "fast", _greedy_covers, _blocks,
                  unit="rows")  # fmt: skip
