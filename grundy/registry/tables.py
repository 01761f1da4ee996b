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
    a-Wythoff families, plugin games. Chosen after ``fast.tables``.
``published 003``, ``published 001 Table 1``
    The transcribed tables, on their printed range only.

Question ``followers``: for 0 <= x, y < size, the sorted followers of
(x, y). The spec's ``followers`` is the oracle; ``fast.engine`` answers
with the compiled rule, so a wrong compiled move is caught even where it
does not change a value.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

import fast.engine
import fast.strip
import fast.tables
import spec
from fast._memory import check_memory
from grundy.registry.core import (
    NoImplementation,
    ask,
    candidates,
    compare_sequences,
    register_implementation,
    register_provider,
    register_question,
    resolve,
)
from reference.published import load_published

__all__ = [
    "BYTES_PER_CELL",
    "LARGE_SIZE",
    "SPEC_MAX_SIZE",
    "TABLE_SIZE",
    "compute_table",
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


def is_two_pile(name: str) -> str | None:
    """None if game ``name`` has positions of two integers (a two-pile table), else why not."""
    try:
        game = spec.get_game(name)
    except ValueError as error:
        return str(error)
    if isinstance(game, spec.PileGame) and game.arity == 2:
        return None
    return f"{name} is not a two-pile game (it has no two-pile Grundy table)"


def spec_table(name: str) -> Callable[..., np.ndarray]:
    """``size -> G[x, y]`` for 0 <= x, y < size from a fresh spec instance."""

    def answer(size: int) -> np.ndarray:
        return np.array(spec.grundy_table(spec.get_game(name), size, size), dtype=np.int64)

    answer.__name__ = f"spec_table_{name}"
    return answer


def _spec_covers(size: int) -> str | None:
    if size > SPEC_MAX_SIZE:
        return f"the spec solver is cubic; size {size} > {SPEC_MAX_SIZE}"
    return None


def _spec(name: str) -> tuple[Callable[..., np.ndarray], Callable[..., str | None]]:
    return spec_table(name), _spec_covers


def _fast_covers_game(name: str) -> str | None:
    if name in fast.tables.GAMES:
        return None
    return "fast.tables has kernels for " + ", ".join(sorted(fast.tables.GAMES)) + " only"


def _fast_covers(size: int) -> str | None:
    if size > fast.tables.MAX_SIZE:
        return f"size {size} > {fast.tables.MAX_SIZE}"
    return None


def _fast(name: str) -> tuple[Callable[..., np.ndarray], Callable[..., str | None]]:
    def answer(size: int) -> np.ndarray:
        return fast.tables.grundy_table(name, size)

    answer.__name__ = f"fast_table_{name}"
    return answer, _fast_covers


def published_table(name: str) -> Callable[..., np.ndarray]:
    """``size -> the transcribed table`` (answers only on its printed range)."""

    def answer(size: int) -> np.ndarray:
        rows = np.array(load_published(name)["rows"], dtype=np.int64)
        if size > len(rows):
            raise ValueError(f"published table {name} covers only size {len(rows)}")
        return rows[:size, :size]

    return answer


register_question(
    "grundy-table", "*", "G[x, y] of {game} for 0 <= x, y < size", {"size": TABLE_SIZE}
)
register_provider("grundy-table", "spec", "spec", is_two_pile, _spec)
register_provider("grundy-table", "fast.tables", "fast", _fast_covers_game, _fast)
register_provider(
    "grundy-table",
    f"fast.tables (size {LARGE_SIZE})",
    "fast",
    _fast_covers_game,
    _fast,
    quick=False,
    domain={"size": LARGE_SIZE},
    rank=1,
)
def _engine_covers_game(name: str) -> str | None:
    reason = is_two_pile(name)
    return reason if reason is not None else fast.engine.covers(spec.get_game(name))


def _engine(name: str) -> tuple[Callable[..., np.ndarray], Callable[..., str | None]]:
    def answer(size: int) -> np.ndarray:
        return fast.engine.grundy_table(spec.get_game(name), size)

    def covers(size: int) -> str | None:
        return None if size <= 2**15 else f"size {size} > 32768"

    answer.__name__ = f"engine_table_{name}"
    return answer, covers


register_provider("grundy-table", "fast.engine", "fast", _engine_covers_game, _engine, rank=5)


def _strip_covers_game(name: str) -> str | None:
    if name in fast.strip.GAMES:
        return None
    return "fast.strip has kernels for " + ", ".join(fast.strip.GAMES) + " only"


def _strip_table(name: str) -> tuple[Callable[..., np.ndarray], Callable[..., str | None]]:
    def answer(size: int) -> np.ndarray:
        return fast.strip.rectangle(name, size, size)

    answer.__name__ = f"strip_table_{name}"
    return answer, lambda size: None


def _strip_block(name: str) -> tuple[Callable[..., np.ndarray], Callable[..., str | None]]:
    def answer(rows: int, cols: int, progress: Any = None) -> np.ndarray:
        return fast.strip.rectangle(name, rows, cols, progress=progress)

    answer.__name__ = f"strip_block_{name}"
    return answer, lambda rows, cols, progress=None: None


register_provider("grundy-table", "fast.strip", "fast", _strip_covers_game, _strip_table, rank=3)


def _spec_block(name: str) -> tuple[Callable[..., np.ndarray], Callable[..., str | None]]:
    def answer(rows: int, cols: int) -> np.ndarray:
        table = spec.grundy_table(spec.get_game(name), rows, cols)
        return np.array(table, dtype=np.int64).reshape(rows, cols)

    def covers(rows: int, cols: int) -> str | None:
        if rows * cols > SPEC_MAX_CELLS:
            return f"the spec solver is cubic; {rows}x{cols} > {SPEC_MAX_CELLS:,} cells"
        return None

    return answer, covers


def _engine_block(name: str) -> tuple[Callable[..., np.ndarray], Callable[..., str | None]]:
    def answer(rows: int, cols: int) -> np.ndarray:
        return fast.engine.grundy_block(spec.get_game(name), rows, cols)

    return answer, lambda rows, cols: None


register_question(
    "grundy-block",
    "*",
    "G[x, y] of {game} for 0 <= x < rows, 0 <= y < cols (long rows)",
    {"rows": 4, "cols": 120},
)
register_provider("grundy-block", "spec", "spec", is_two_pile, _spec_block)
register_provider("grundy-block", "fast.strip", "fast", _strip_covers_game, _strip_block)
register_provider(
    "grundy-block", "fast.engine", "fast", _engine_covers_game, _engine_block, rank=5
)


def _spec_followers(name: str) -> tuple[Callable[..., list[list[tuple[int, int]]]], Any]:
    def answer(size: int) -> list[list[tuple[int, int]]]:
        game = spec.get_game(name)
        return [sorted(set(game.followers((x, y)))) for x in range(size) for y in range(size)]

    return answer, lambda size: None if size <= 60 else "size > 60"


def _engine_followers(name: str) -> tuple[Callable[..., list[list[tuple[int, int]]]], Any]:
    def answer(size: int) -> list[list[tuple[int, int]]]:
        game = spec.get_game(name)
        return [
            fast.engine.engine_followers(game, (x, y)) for x in range(size) for y in range(size)
        ]

    return answer, lambda size: None


register_question(
    "followers",
    "*",
    "the followers of (x, y), 0 <= x, y < size, of {game} (compiled rule vs spec)",
    {"size": 24},
    compare_sequences,
)
register_provider("followers", "spec", "spec", is_two_pile, _spec_followers)
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
        domain={"size": _size},
        replace=True,
    )


def compute_table(
    game: str, size: int, implementation: str | None = None
) -> tuple[np.ndarray, str]:
    """The table of ``game`` for 0 <= x, y < size and the implementation that made it.

    The fastest implementation that covers ``size`` unless ``implementation``
    names one; the memory it needs is checked first (MemoryError with the
    estimate past half the available memory).

    Raises
    ------
    ValueError
        Bad size, a game with no two-pile table, or an implementation that
        does not cover the size (the message names the ones that do).

    Examples
    --------
    >>> table, name = compute_table("r-wythoff", 3)
    >>> table.tolist(), name
    ([[0, 1, 2], [1, 2, 0], [2, 0, 1]], 'fast.tables')
    """
    if isinstance(size, bool) or not isinstance(size, int) or size < 0:
        raise ValueError(f"size must be an int >= 0 (size = {size!r})")
    reason = is_two_pile(game)
    if reason is not None:
        raise ValueError(reason)
    if implementation is None:
        try:
            chosen = resolve("grundy-table", game, size=size)
        except NoImplementation as error:
            raise ValueError(str(error)) from None
    else:
        known = candidates("grundy-table", game, size=size)
        matches = [impl for impl, _ in known if impl.name == implementation]
        if not matches:
            names = ", ".join(impl.name for impl, _ in known)
            raise ValueError(
                f"unknown implementation {implementation!r} for {game}; known: {names}"
            )
        chosen = matches[0]
    check_memory(size * size * BYTES_PER_CELL.get(chosen.layer, 64), f"a {size}^2 table")
    table = ask("grundy-table", game, using=chosen.name, size=size)
    return np.asarray(table), chosen.name
