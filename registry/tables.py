"""Questions ``grundy-table``, ``grundy-block`` and ``followers`` of two-pile games.

``grundy-table``: ``T[x, y] = G(x, y)`` for 0 <= x, y < size (a numpy integer array,
compared by value); ``grundy-block``: 0 <= x < rows, 0 <= y < cols (long rows).
Implementations, preferred in this order: ``fast.tables`` (bitset kernels of Wythoff,
F- and R-Wythoff), ``fast.strip`` (rows 0..min, column by column: a square's lower rows
again for each column, benchmarks/bench_strip.py), ``fast.engine`` (any game with a
compiled form, docs/adding-a-game.md); ``spec`` is the oracle; ``published 003`` and
``published 001 Table 1`` answer on their printed range only. ``followers``: the
compiled rule's followers of each (x, y) (the spec's up to size 60). Each states its cost
by the model beside its kernel (docs/architecture.md); the conformance domains are size
40 and 150 (``--all``).
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable
from typing import cast

import numpy as np

import fast.engine
import fast.strip
import fast.tables
import spec
from reference.published import published_square
from registry.arguments import BlockArgs, Progress, SizeArgs
from registry.core import (
    BUDGET_SECONDS,
    compare_sequences,
    register_implementation,
    register_provider,
    register_question,
    rule_identity,
)
from registry.records import Provided
from spec.piles3 import box_estimate, grundy_box, is_three_pile, why_not_three_pile
from spec.tables import (
    cells,
    is_two_pile,
    symmetric,
    table_shape,
    why_not_table_game,
    why_not_two_pile,
)

__all__ = [
    "LARGE_SIZE",
    "TABLE_SIZE",
    "clear_kernel_cache",
    "is_two_pile",
    "kernel_code",
    "spec_table",
    "strip_game",
    "why_not_two_pile",
]

#: ``grundy cache clear [GAME]``: the kernel cache's generated kernels, numba's compilations
#: of them and the ``checked/`` records removed (:func:`fast.engine.codegen.clear_cache`).
clear_kernel_cache = fast.engine.codegen.clear_cache

#: Default size of the question in the conformance report (spec cost is cubic in it).
TABLE_SIZE = 40
#: Size of the ``--all`` comparison (spec time about 10 s per game).
LARGE_SIZE = 150

#: The old name of what a provider makes (:class:`registry.records.Provided`).
Made = Provided


def kernel_code(game: spec.ImpartialGame) -> str | None:
    """The game of the strip's (and fast.tables', Landman's machine's) kernels whose rule the
    game's compiled form states, or None: its :func:`registry.core.rule_identity` (the one
    identity of a rule at every layer) where the kernels have it, so Wythoff as
    ``nimhof:1,0/0,1/1,1`` is Wythoff to the kernels.

    >>> kernel_code(spec.get_game("nimhof:0,1/1,1/1,0")), kernel_code(spec.get_game("a-wythoff:2"))
    ('wythoff', None)
    >>> [kernel_code(spec.get_game(g)) for g in ("blocking-wythoff:2", "wythoff-terminal:2")]
    [None, None]
    """
    code = rule_identity(game)
    return code if code in fast.strip.GAMES else None


def _kernels(game: spec.ImpartialGame, label: str, games: tuple[str, ...]) -> str | None:
    """None if one of the ``games`` of kernels ``label`` states ``game``'s rule, else why not."""
    if kernel_code(game) in games:
        return None
    return f"{label} has kernels for the rules of " + ", ".join(games) + " only"


def strip_game(game: spec.ImpartialGame) -> str | None:
    """None if the strip's kernel states ``game``'s rule (:func:`kernel_code`), else why not."""
    return _kernels(game, "the strip", fast.strip.GAMES)


def spec_table(game: spec.ImpartialGame) -> Callable[..., np.ndarray]:
    """``size -> G[x, y]`` for 0 <= x, y < size by the spec solver (its ``grundy-table``)."""
    return cast("Callable[..., np.ndarray]", _squares(_spec_block)(game).answer)


def tick(progress: Progress | None, unit: str) -> Callable[..., None] | None:
    """``progress(done, total, unit)`` as the kernels' ``(done[, total])`` callback, or None."""
    return None if progress is None else (lambda done, total=None: progress(done, total, unit))


def _spec_block(game: spec.ImpartialGame) -> Made:
    def answer(rows: int, cols: int) -> np.ndarray:
        table = spec.grundy_table(game, rows, cols)
        return np.array(table, dtype=np.int64).reshape(table_shape(game, rows, cols))

    return Provided(answer, cost=functools.partial(spec.tables.table_estimate, game))


def _strip_block(game: spec.ImpartialGame) -> Made:
    name = kernel_code(game)
    assert name is not None

    def answer(rows: int, cols: int, progress: Progress | None = None) -> np.ndarray:
        return fast.strip.rectangle(name, rows, cols, progress=tick(progress, "columns"))

    return Provided(answer, cost=fast.strip.rectangle_cost)


def _engine_block(game: spec.ImpartialGame) -> Made:
    def answer(rows: int, cols: int, progress: Progress | None = None) -> np.ndarray:
        table = fast.engine.grundy_block(game, rows, cols, progress=tick(progress, "rows"))
        if symmetric(game):  # checked whole before any value of it is answered (issue 49)
            fast.engine.check_symmetric(table, game.describe())
        return table

    return Provided(
        answer, fast.engine.block_range, functools.partial(fast.engine.block_cost, game)
    )


def _tables_table(game: spec.ImpartialGame) -> Made:
    name = kernel_code(game)
    assert name is not None
    answer = functools.partial(fast.tables.grundy_table, name)
    return Provided(answer, fast.tables.table_size, fast.tables.table_cost)


def _engine_game(game: spec.ImpartialGame) -> str | None:
    return why_not_table_game(game) or fast.engine.covers(game)


def _tables_game(game: spec.ImpartialGame) -> str | None:
    return _kernels(game, "fast.tables", fast.tables.GAMES)


register_question(
    "grundy-table", "*", "G[x, y] of {game} for 0 <= x, y < size", {"size": TABLE_SIZE},
    extra_domains=[({"size": LARGE_SIZE}, False)], budget=BUDGET_SECONDS, signature=SizeArgs,
)  # fmt: skip
register_question(
    "grundy-block", "*", "G[x, y] of {game} for 0 <= x < rows, 0 <= y < cols (long rows)",
    {"rows": 4, "cols": 120}, budget=BUDGET_SECONDS, signature=BlockArgs,
)  # fmt: skip


def _covers_of(made: Provided, **domain: int) -> str | None:
    """``made``'s covers asked with the arguments of ``domain`` it names."""
    names = inspect.signature(made.covers).parameters
    return made.covers(**{k: v for k, v in domain.items() if k in names})


def _squares(block: Callable[[spec.ImpartialGame], Made]) -> Callable[[spec.ImpartialGame], Made]:
    """``grundy-block`` implementations as ``grundy-table`` ones (rows = cols = size)."""

    def make(game: spec.ImpartialGame) -> Made:
        made = block(game)
        cost = made.cost
        assert cost is not None

        def answer(size: int, progress: Progress | None = None) -> object:
            told = {} if progress is None else {"progress": progress}  # an implementation's unit
            return made.answer(rows=size, cols=size, **told)

        return Provided(
            answer, lambda size: _covers_of(made, rows=size, cols=size),
            lambda size: cost(rows=size, cols=size),
        )  # fmt: skip

    return make


def _spec_game(game: spec.ImpartialGame) -> str | None:
    """None for a table game or a three-pile game (whose table is the cube G[x, y, z])."""
    return why_not_table_game(game) and why_not_three_pile(game)


def _spec_square(game: spec.ImpartialGame) -> Made:
    if not is_three_pile(game):
        return _squares(_spec_block)(game)

    def answer(size: int) -> np.ndarray:
        shape = (size, size, size)
        return np.array(grundy_box(game, shape), dtype=np.int64).reshape(shape)

    return Provided(answer, cost=lambda size: box_estimate((size, size, size)))


register_provider("grundy-table", "spec", "spec", _spec_game, _spec_square, misere=True)
register_provider("grundy-table", "fast.tables", "fast", _tables_game, _tables_table)
register_provider("grundy-block", "spec", "spec", why_not_table_game, _spec_block, misere=True)
for _kind, _wrap in (("grundy-table", _squares), ("grundy-block", lambda block: block)):
    register_provider(_kind, "fast.strip", "fast", strip_game, _wrap(_strip_block), unit="columns")
    register_provider(
        _kind, "fast.engine", "fast", _engine_game, _wrap(_engine_block), unit="rows", misere=True
    )


def _followers(
    rule: Callable[[spec.ImpartialGame, tuple[int, ...]], list[tuple[int, ...]]],
    most: int | None = None,
) -> Callable[[spec.ImpartialGame], Made]:
    """The ``followers`` of each cell by ``rule(game, position)``, sizes up to ``most``."""

    def make(game: spec.ImpartialGame) -> Made:
        def answer(size: int) -> list[list[tuple[int, ...]]]:
            return [
                rule(game, p) for x in range(size) for y in range(size) for p in cells(game, x, y)
            ]

        return Provided(
            answer, lambda size: None if most is None or size <= most else f"size > {most}"
        )

    return make


register_question(
    "followers", "*",
    "the followers of (x, y), 0 <= x, y < size, of {game} (compiled rule vs spec)",
    {"size": 24}, compare_sequences, signature=SizeArgs,
)  # fmt: skip
for _name, _layer, _covers, _rule, _most in (
    ("spec", "spec", why_not_table_game, lambda g, p: sorted(set(g.followers(p))), 60),
    ("fast.engine", "fast", _engine_game, fast.engine.engine_followers, None),
):
    # the followers are the same under misère play
    register_provider("followers", _name, _layer, _covers, _followers(_rule, _most), misere=True)

for _game, _name, _label, _size in (
    ("wythoff", "wythoff_003", "published 003", 14),
    ("f-wythoff", "fwythoff_001_table1", "published 001 Table 1", 13),
):
    register_implementation(
        f"grundy-table:{_game}", _label, "published",
        lambda size, _n=_name: np.array(published_square(_n, size), dtype=np.int64),
        covers=lambda size, _n=_size: None if size <= _n else f"printed for size <= {_n}",
        domain={"size": _size}, replace=True,
    )  # fmt: skip
