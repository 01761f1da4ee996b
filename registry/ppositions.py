"""Question ``p-positions``: the P-positions of a game row by row, and the games it is sound for.

``p-positions:<game>``
    ``answer(rows)`` -> :class:`reference.row_greedy.RowPoints`: for each
    layer (state) of the game, the P-positions (a, b), a <= b, a < rows,
    ordered by (a, b) (a P-position below the diagonal is the mirror of
    one). Oracle: the spec's table (:func:`spec_points`);
    ``reference.row_greedy`` (the readable greedy over rows) and
    ``fast.row_greedy`` (its twin).

Which games (:func:`greedy_rule`): the greedy over rows is sound for a game
whose compiled form is ``move_rays`` alone, made of the whole row to the
left, the whole column below and diagonal rays (p, q, 1, 1), symmetric,
without guards, follower lists, regions or a terminal set; its outcome rule
the mex (P-positions) or a counting rule (k-blocking; then no two rays may
share a follower); a state's moves, passes to earlier states at the same
cell. Wythoff, a-Wythoff, NimHof's {[1,0], [0,1], [1,1]}, Wythoff with K
passes and k-blocking Wythoff have that shape; the reason the greedy is
sound is in :mod:`reference.row_greedy`. The rule is read from the game
object's compiled form (checked against its ``followers`` on a sample,
:func:`fast.engine.verify_rule`), never from its name.

:func:`point_blocks` is the streaming form (the fast twin's blocks of rows),
for runs too long to hold: the claims to 10^7 rows and the blocking
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
from typing import Any

import numpy as np

import fast.engine
import fast.row_greedy
import reference.row_greedy
import spec
from reference.row_greedy import GreedyRule, RowPoints
from registry.core import BUDGET_SECONDS, as_game, register_provider, register_question

__all__ = [
    "SPEC_MAX_ROWS",
    "compare_points",
    "greedy_memory",
    "greedy_rule",
    "point_blocks",
    "spec_points",
    "start_layer",
]

#: The spec oracle's largest domain (a table of rows x (4 rows + 16) by the solver).
SPEC_MAX_ROWS = 60
#: reference.row_greedy scans every cell y >= x of a row: quadratic in the rows.
REFERENCE_MAX_ROWS = 3000

GameLike = str | spec.ImpartialGame


def greedy_rule(game: GameLike) -> GreedyRule:
    """The greedy's rule for ``game``, read from its compiled form; ValueError says why not.

    Raises
    ------
    ValueError
        The game's rule is not of the greedy's shape (see the module
        docstring): one line naming what is not.

    Examples
    --------
    >>> greedy_rule("wythoff-pass")
    GreedyRule(diagonals=((1, 1),), k=1, layers=2, passes=((), (0,)), from_origin=False)
    >>> greedy_rule("blocking-wythoff:3").k
    3
    """
    subject = as_game(game)
    name = subject.describe()
    if isinstance(subject, spec.Sum) or getattr(subject, "arity", None) not in (2, 3):
        raise ValueError(f"{name}: the greedy over rows is for two-pile games (and their states)")
    for label in ("compiled_followers", "compiled_regions", "compiled_terminal"):
        if getattr(subject, label, None) is not None:
            raise ValueError(f"{name}: the greedy over rows takes move_rays alone ({label} is set)")
    reason = fast.engine.covers(subject)
    if reason is not None:
        raise ValueError(reason)
    compiled = fast.engine.compiled_rule(subject)
    row = column = False
    diagonals: list[tuple[int, int]] = []
    given = subject.move_rays or ()  # type: ignore[attr-defined]
    for ray, (p, q, a, b, guard) in zip(given, compiled.rays.tolist(), strict=True):
        if guard:
            raise ValueError(
                f"{name}: the greedy over rows needs rays without guards (move_rays entry {ray!r})"
            )
        if (p, q, a, b) == (0, 1, 0, 1):
            row = True
        elif (p, q, a, b) == (1, 0, 1, 0):
            column = True
        elif (a, b) == (1, 1):
            diagonals.append((p, q))
        else:
            raise ValueError(
                f"{name}: the greedy over rows takes the row, the column and diagonal rays "
                f"(p, q, 1, 1) only (move_rays entry {ray!r})"
            )
    if not (row and column):
        raise ValueError(
            f"{name}: the greedy over rows needs every move along the row and the column "
            "(the rays (0, 1) and (1, 0))"
        )
    k = compiled.k or 1
    if len(set(diagonals)) != len(diagonals):
        raise ValueError(f"{name}: a diagonal ray is given twice")
    try:
        rule = GreedyRule(tuple(sorted(diagonals)), k, compiled.layers, compiled.passes, False)
    except ValueError as error:
        raise ValueError(f"{name}: {error}") from None
    fast.engine.verify_rule(subject)  # the compiled form is the definition (on a sample)
    return rule


def _greedy_covers(game: spec.ImpartialGame) -> str | None:
    try:
        greedy_rule(game)
    except ValueError as error:
        return str(error)
    return None


def start_layer(game: GameLike) -> int:
    """The layer a game begins in: the index of its ``start_state`` (0 without a state).

    >>> start_layer("wythoff-pass:2"), start_layer("wythoff")
    (2, 0)
    """
    subject = as_game(game)
    states = fast.engine.layer_states(subject)
    if not states:
        return 0
    return states.index(int(getattr(subject, "start_state", states[-1])))


def spec_points(game: GameLike, rows: int) -> RowPoints:
    """The P-positions (a, b), a <= b, a < rows, of each layer, from the spec's table.

    The table has 4 rows + 16 columns. A game of the greedy's shape has
    exactly k P-positions in each row (its row is one ray: see
    :mod:`reference.row_greedy`); each row's count is checked, so the
    oracle rests on no bound from a paper.

    Examples
    --------
    >>> spec_points("wythoff", 5).pairs(0)
    [(0, 0), (1, 2), (3, 5), (4, 7)]
    """
    subject = as_game(game)
    rule = greedy_rule(subject)
    cols = 4 * rows + 16
    table = spec.grundy_table(subject, rows, cols)
    layers = table if fast.engine.layer_states(subject) else [table]
    a: list[list[int]] = []
    b: list[list[int]] = []
    for layer, grid in enumerate(layers):
        a.append([])
        b.append([])
        for x in range(rows):
            zeros = [y for y, value in enumerate(grid[x]) if value == 0]
            if len(zeros) != rule.k:
                raise ValueError(
                    f"{subject.describe()}: row {x} of layer {layer} shows {len(zeros)} "
                    f"P-positions within {cols} columns, not {rule.k}"
                )
            for y in zeros:
                if y >= x:
                    a[-1].append(x)
                    b[-1].append(y)
    return RowPoints(rows, list(a), list(b))


def compare_points(expected: Any, actual: Any) -> str | None:
    """Compare two :class:`RowPoints`, layer by layer; name the first difference.

    >>> compare_points(RowPoints(2, [[0, 1]], [[0, 2]]), RowPoints(2, [[0, 1]], [[0, 3]]))
    'layer 0: first difference at index 1: expected (1, 2), got (1, 3)'
    """
    if len(expected) != len(actual):
        return f"expected {len(expected)} layers, got {len(actual)}"
    for layer in range(len(expected)):
        one, two = expected.pairs(layer), actual.pairs(layer)
        for i, (e, g) in enumerate(zip(one, two, strict=False)):
            if e != g:
                return f"layer {layer}: first difference at index {i}: expected {e}, got {g}"
        if len(one) != len(two):
            return f"layer {layer}: {len(one)} P-positions expected, got {len(two)}"
    return None


register_question(
    "p-positions",
    "*",
    "P-positions (a, b), a <= b, a < rows, of each state of {game} (greedy over rows)",
    {"rows": 30},
    compare_points,
    extra_domains=[({"rows": SPEC_MAX_ROWS}, False)],
    budget=BUDGET_SECONDS,
)

Made = tuple[Callable[..., Any], Callable[..., str | None], Callable[..., tuple[float, int]]]


def _spec(game: spec.ImpartialGame) -> Made:
    def covers(rows: int) -> str | None:
        if rows > SPEC_MAX_ROWS:
            return f"the spec solver is cubic; rows > {SPEC_MAX_ROWS}"
        return None

    def cost(rows: int) -> tuple[float, int]:
        layers = max(1, len(fast.engine.layer_states(game)))
        seconds, _ = spec.solver.estimate([rows, 4 * rows + 16])
        return layers * seconds, layers * rows * (4 * rows + 16) * spec.solver.BYTES_PER_POSITION

    return lambda rows: spec_points(game, rows), covers, cost


def _reference(game: spec.ImpartialGame) -> Made:
    def covers(rows: int) -> str | None:
        if rows > REFERENCE_MAX_ROWS:
            return f"it scans every cell of a row: rows > {REFERENCE_MAX_ROWS}"
        return None

    def answer(rows: int) -> RowPoints:
        return reference.row_greedy.p_positions(greedy_rule(game), rows)

    def cost(rows: int) -> tuple[float, int]:
        return rows * rows * reference.row_greedy.CELL_SECONDS, 120 * rows

    return answer, covers, cost


def _fast(game: spec.ImpartialGame) -> Made:
    def answer(rows: int, progress: Any = None) -> RowPoints:
        tick = None if progress is None else (lambda done, total: progress(done, total, "rows"))
        return fast.row_greedy.p_positions(greedy_rule(game), rows, progress=tick)

    def cost(rows: int) -> tuple[float, int]:
        rule = greedy_rule(game)
        return fast.row_greedy.seconds(rule, rows), fast.row_greedy.state_bytes(rule, rows)

    return answer, lambda rows: None, cost


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
    return fast.row_greedy.row_blocks(greedy_rule(game), rows, progress=progress)
