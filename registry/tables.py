"""Question ``grundy-table``: G[x, y] of a two-pile game for 0 <= x, y < size.

Answer type: a ``(size, size)`` numpy integer array, ``T[x, y] = G(x, y)``
(the dtype is the implementation's; comparison is by value).

Implementations
---------------
``spec``
    Any registered game whose positions are two integers (the oracle);
    the solver is cubic, so it covers ``size <= SPEC_MAX_SIZE``.
``fast.tables``
    The games :data:`fast.tables.GAMES` names (Wythoff, F-Wythoff,
    R-Wythoff), bitset kernels.
``fast.strip``
    Wythoff, F-Wythoff, R-Wythoff: the strip kernel (:mod:`fast.strip`),
    rows 0..min, column by column along the longer side; chosen after
    ``fast.tables`` for squares, first for rectangles (``grundy-block``).
``fast.engine``
    Every two-pile game with a compiled form (``move_rays`` or
    ``compiled_followers``, see docs/adding-a-game.md): the NimHof and
    a-Wythoff families, plugin games.

``published 003``, ``published 001 Table 1``
    The transcribed tables, on their printed range only.

Question ``followers``: for 0 <= x, y < size, the sorted followers of
(x, y). The spec's ``followers`` is the oracle; ``fast.engine`` answers
with the compiled rule, so a wrong compiled move is caught even where it
does not change a value.

The three fast providers are registered in the order the resolver prefers
them (same layer): the bitset kernels of ``fast.tables`` before the strip
for squares (benchmarks/bench_strip.py: the strip computes a square's
lower rows again for each column), both before the generic engine, which
interprets compiled rules (benchmarks/bench_engine.py).

The conformance domains: size 40 (quick) and 150 (``--all``, about 10 s
of spec time per game). The memory of an answer is checked once, by the
question, before it is computed (``BYTES_PER_CELL``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

import fast.engine
import fast.strip
import fast.tables
import spec
from registry.core import (
    as_game,
    compare_sequences,
    register_implementation,
    register_provider,
    register_question,
)
from registry.layers import cells, is_table_game, table_shape  # issue 28: games with a state
from reference.published import load_published

__all__ = [
    "BYTES_PER_CELL",
    "LARGE_SIZE",
    "SPEC_MAX_SIZE",
    "TABLE_SIZE",
    "is_two_pile",
    "spec_table",
]

#: Default size of the question in the conformance report (spec cost is cubic in it).
TABLE_SIZE = 40
#: Size of the ``--all`` comparison (spec time about 10 s per game).
LARGE_SIZE = 150
#: Beyond this the spec solver would run for many minutes.
SPEC_MAX_SIZE = 400
#: The spec's rectangular blocks are limited to this many cells.
SPEC_MAX_CELLS = 40_000
#: Rough bytes per cell while computing, by layer (the spec memoises in dicts).
BYTES_PER_CELL = {"fast": 4, "reference": 64, "spec": 400}

Answer = Callable[..., Any]
Made = tuple[Answer, Callable[..., str | None]]


def is_two_pile(game: str | spec.ImpartialGame) -> str | None:
    """None if ``game`` has positions of two integers (a two-pile table), else why not."""
    if isinstance(game, str):
        try:
            game = as_game(game)
        except ValueError as error:
            return str(error)
    if isinstance(game, spec.PileGame) and game.arity == 2:
        return None
    return f"{game.describe()} is not a two-pile game (it has no two-pile Grundy table)"


def spec_table(game: str | spec.ImpartialGame) -> Callable[..., np.ndarray]:
    """``size -> G[x, y]`` for 0 <= x, y < size by the spec solver (a name: a fresh instance)."""
    subject = as_game(game)

    def answer(size: int) -> np.ndarray:
        return np.array(spec.grundy_table(subject, size, size), dtype=np.int64)

    return answer


def _table_memory(layer: str, size: int, **_: Any) -> tuple[int, str]:
    return size * size * BYTES_PER_CELL.get(layer, 64), f"a {size}^2 table"


def _block_memory(layer: str, rows: int, cols: int, **_: Any) -> tuple[int, str]:
    return rows * cols * BYTES_PER_CELL.get(layer, 64), f"a {rows}x{cols} table"


def _spec(game: spec.ImpartialGame) -> Made:
    def covers(size: int) -> str | None:
        return (
            f"the spec solver is cubic; size {size} > {SPEC_MAX_SIZE}"
            if size > SPEC_MAX_SIZE
            else None
        )

    return spec_table(game), covers


def _named(games: Any, kernel: str) -> Callable[[spec.ImpartialGame], str | None]:
    def covers_game(game: spec.ImpartialGame) -> str | None:
        if game.describe() in games:
            return None
        return f"{kernel} has kernels for " + ", ".join(sorted(games)) + " only"

    return covers_game


def _fast(game: spec.ImpartialGame) -> Made:
    name = game.describe()

    def covers(size: int) -> str | None:
        return f"size {size} > {fast.tables.MAX_SIZE}" if size > fast.tables.MAX_SIZE else None

    return lambda size: fast.tables.grundy_table(name, size), covers


def _engine_covers_game(game: spec.ImpartialGame) -> str | None:
    reason = is_table_game(game)
    return reason if reason is not None else fast.engine.covers(game)


def _engine(game: spec.ImpartialGame) -> Made:
    """``progress(rows_done, rows)`` after each block of rows (``fast.engine``)."""

    def answer(size: int, progress: Any = None) -> np.ndarray:
        return fast.engine.grundy_table(game, size, progress=progress)

    def covers(size: int, progress: Any = None) -> str | None:
        return None if size <= 2**15 else f"size {size} > 32768"

    return answer, covers


def _strip_table(game: spec.ImpartialGame) -> Made:
    """``progress(columns_done, columns)`` after each block of columns (``fast.strip``)."""
    name = game.describe()

    def answer(size: int, progress: Any = None) -> np.ndarray:
        return fast.strip.rectangle(name, size, size, progress=progress)

    return answer, lambda size, progress=None: None


def published_table(name: str) -> Callable[..., np.ndarray]:
    """``size -> the transcribed table`` (answers only on its printed range)."""

    def answer(size: int) -> np.ndarray:
        rows = np.array(load_published(name)["rows"], dtype=np.int64)
        if size > len(rows):
            raise ValueError(f"published table {name} covers only size {len(rows)}")
        return rows[:size, :size]

    return answer


register_question(
    "grundy-table", "*", "G[x, y] of {game} for 0 <= x, y < size", {"size": TABLE_SIZE},
    extra_domains=[({"size": LARGE_SIZE}, False)], memory=_table_memory,
)  # fmt: skip
register_provider("grundy-table", "spec", "spec", is_table_game, _spec)
register_provider(
    "grundy-table", "fast.tables", "fast", _named(fast.tables.GAMES, "fast.tables"), _fast
)
register_provider(
    "grundy-table", "fast.strip", "fast", _named(fast.strip.GAMES, "fast.strip"), _strip_table
)
register_provider("grundy-table", "fast.engine", "fast", _engine_covers_game, _engine)


def _spec_block(game: spec.ImpartialGame) -> Made:
    def answer(rows: int, cols: int) -> np.ndarray:
        table = spec.grundy_table(game, rows, cols)
        return np.array(table, dtype=np.int64).reshape(table_shape(game, rows, cols))

    def covers(rows: int, cols: int) -> str | None:
        if rows * cols > SPEC_MAX_CELLS:
            return f"the spec solver is cubic; {rows}x{cols} > {SPEC_MAX_CELLS:,} cells"
        return None

    return answer, covers


def _strip_block(game: spec.ImpartialGame) -> Made:
    name = game.describe()

    def answer(rows: int, cols: int, progress: Any = None) -> np.ndarray:
        return fast.strip.rectangle(name, rows, cols, progress=progress)

    return answer, lambda rows, cols, progress=None: None


def _engine_block(game: spec.ImpartialGame) -> Made:
    def answer(rows: int, cols: int, progress: Any = None) -> np.ndarray:
        return fast.engine.grundy_block(game, rows, cols, progress=progress)

    return answer, lambda rows, cols, progress=None: None


register_question(
    "grundy-block",
    "*",
    "G[x, y] of {game} for 0 <= x < rows, 0 <= y < cols (long rows)",
    {"rows": 4, "cols": 120},
    memory=_block_memory,
)
register_provider("grundy-block", "spec", "spec", is_table_game, _spec_block)
register_provider(
    "grundy-block", "fast.strip", "fast", _named(fast.strip.GAMES, "fast.strip"), _strip_block
)
register_provider("grundy-block", "fast.engine", "fast", _engine_covers_game, _engine_block)


def _spec_followers(game: spec.ImpartialGame) -> Made:
    def answer(size: int) -> list[list[tuple[int, int]]]:
        return [
            sorted(set(game.followers(p)))
            for x in range(size)
            for y in range(size)
            for p in cells(game, x, y)
        ]

    return answer, lambda size: None if size <= 60 else "size > 60"


def _engine_followers(game: spec.ImpartialGame) -> Made:
    def answer(size: int) -> list[list[tuple[int, ...]]]:
        return [
            fast.engine.engine_followers(game, p)
            for x in range(size)
            for y in range(size)
            for p in cells(game, x, y)
        ]

    return answer, lambda size: None


register_question(
    "followers",
    "*",
    "the followers of (x, y), 0 <= x, y < size, of {game} (compiled rule vs spec)",
    {"size": 24},
    compare_sequences,
)
register_provider("followers", "spec", "spec", is_table_game, _spec_followers)
register_provider("followers", "fast.engine", "fast", _engine_covers_game, _engine_followers)

for _game, _name, _label, _size in (
    ("wythoff", "wythoff_003", "published 003", 14),
    ("f-wythoff", "fwythoff_001_table1", "published 001 Table 1", 13),
):
    register_implementation(
        f"grundy-table:{_game}",
        _label,
        "published",
        published_table(_name),
        covers=lambda size, _n=_size: None if size <= _n else f"printed for size <= {_n}",
        domain={"size": _size},
        replace=True,
    )
