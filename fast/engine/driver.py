"""The engine's tables: the layers, the terminal mask, the kernels run in bounded blocks.

:func:`grundy_block` verifies the rule (:func:`fast.engine.followers.verify_rule`),
evaluates its terminal predicate into a mask, and computes each layer in
the order of the game's states, the earlier layers' values stacked for the
passes. A layer of a rule given by rays alone runs :func:`~fast.engine.kernels._fill_rays`
(or :func:`~fast.engine.kernels._fill_count`) in blocks of cells of about
:data:`BLOCK_SECONDS`; a rule with a follower or region function runs its
generated kernel (:mod:`fast.engine.codegen`) in one pass that returns
after about :data:`FOLLOWER_BUDGET` followers and when a buffer or the
bitsets must grow, and resumes at the cell it was on (:class:`_FollowerTable`).
Both go through :func:`floor.blocks.run_blocks`: Ctrl-C and progress are
served between blocks.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numba
import numpy as np

from fast._game_protocol import EngineGame
from fast._jit import smallest_unsigned
from fast.engine.codegen import _buffer_kernel, _generated, _kernel, _sink_kernel
from fast.engine.followers import (
    _refused_count,
    _refused_follower,
    _terminal_raised,
    engine_followers,
    verify_rule,
)
from fast.engine.kernels import FollowerArrays, KernelCode, _fill_count, _fill_rays
from fast.engine.plan import _block_memory, _Plan, _plan
from fast.engine.rules import CompiledRule, layer_states
from floor.blocks import Pace, Step, run_blocks
from floor.interrupt import call
from floor.memory import check_memory

__all__ = [
    "BLOCK_SECONDS",
    "FIRST_BLOCK",
    "FOLLOWER_BUDGET",
    "MASK_BLOCK",
    "grundy_block",
    "grundy_table",
    "grundy_value",
    "winning_moves",
]

# --- The blocks' sizes (the Ctrl-C protocol, floor.interrupt). ---------------------------
#: A kernel call works for about this long before it returns to Python (Ctrl-C,
#: progress): its block of cells is sized from the previous block's measured speed.
BLOCK_SECONDS = 0.1
#: The first block of cells of a table (later blocks follow the measured speed,
#: never smaller than this).
FIRST_BLOCK = 4096
#: Cells of the terminal mask per call of its kernel.
MASK_BLOCK = 2**22
#: The follower kernel returns after about this many followers and region cells
#: (a single row of a large table can hold billions of them).
FOLLOWER_BUDGET = 2**24
# ------------------------------------------------------------------------------------------

Progress = Callable[[int, int], None]


def _check_size(label: str, value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or value < 0:
        raise ValueError(f"grundy_table: {label} must be an int >= 0 ({label} = {value!r})")
    if value > 2**31 - 1:
        raise OverflowError(f"grundy_table: {label} = {value} is beyond the kernel's range")
    return int(value)


def grundy_table(game: EngineGame, size: int, *, progress: Progress | None = None) -> np.ndarray:
    """G[x, y] for 0 <= x, y < size, computed by the compiled engine.

    Parameters
    ----------
    game : spec.TwoPileGame or spec.StateGame
        A game with a compiled form (:func:`~fast.engine.rules.covers` is None).
    size : int
        Rows and columns, >= 0.
    progress : callable, optional
        ``progress(rows_done, rows)``, called after each block of rows (for
        a game with a state, the rows of every layer scaled to ``rows``).

    Returns
    -------
    numpy.ndarray
        ``(size, size)``, the smallest unsigned dtype (at most uint32) that
        holds the largest possible value (the number of followers at the far
        corner); ``(states, size, size)`` for a game with a state; 0 / 1
        (P / N, uint8) under a counting rule.

    Raises
    ------
    ValueError
        No compiled form, a malformed one, one that is not the definition
        (:func:`~fast.engine.followers.verify_rule`), a follower that leaves
        the board, is not smaller, or increases a coordinate, or a terminal
        predicate that raises.
    MemoryError
        If the table and bitsets need more than half the available memory.

    Examples
    --------
    >>> import spec
    >>> grundy_table(spec.get_game("nimhof:1,0/0,1/1,1"), 4).tolist()
    [[0, 1, 2, 3], [1, 2, 0, 4], [2, 0, 1, 5], [3, 4, 5, 6]]
    >>> grundy_table(spec.get_game("a-wythoff:2"), 3).tolist()
    [[0, 1, 2], [1, 2, 3], [2, 3, 4]]
    >>> grundy_table(spec.get_game("wythoff-pass"), 3).shape
    (2, 3, 3)
    >>> grundy_table(spec.get_game("blocking-wythoff:2"), 3).tolist()
    [[0, 0, 1], [0, 1, 1], [1, 1, 0]]
    """
    size = _check_size("size", size)
    return grundy_block(game, size, size, progress=progress)


def grundy_block(
    game: EngineGame, rows: int, cols: int, *, progress: Progress | None = None
) -> np.ndarray:
    """G[x, y] for 0 <= x < rows, 0 <= y < cols (a row of length cols needs rows = x + 1).

    Same contract as :func:`grundy_table` (``(states, rows, cols)`` for a game
    with a state).

    Examples
    --------
    >>> import spec
    >>> grundy_block(spec.RWythoff(), 2, 5).tolist()
    [[0, 1, 2, 3, 4], [1, 2, 0, 3, 4]]
    >>> grundy_block(spec.get_game("wythoff-terminal:2"), 2, 5).tolist()
    [[0, 0, 0, 1, 2], [0, 0, 1, 2, 3]]
    """
    rows = _check_size("rows", rows)
    cols = _check_size("cols", cols)
    rule = verify_rule(game, rows, cols)
    mask = _terminal_mask(rule, rows, cols)
    if rule.layers == 1:
        return _layer_block(rule, rows, cols, mask, None, progress)
    tables: list[np.ndarray] = []
    for layer in range(rule.layers):
        targets = rule.passes[layer]
        lower = np.stack([tables[t] for t in targets]) if targets else None

        def scaled(done: int, total: int, layer: int = layer) -> None:
            if progress is not None:
                progress((layer * total + done) // rule.layers, total)

        tables.append(_layer_block(rule, rows, cols, mask, lower, scaled))
    dtype = max((t.dtype for t in tables), key=lambda d: d.itemsize)
    return np.stack([t.astype(dtype, copy=False) for t in tables])


def _layer_block(
    rule: CompiledRule,
    rows: int,
    cols: int,
    mask: np.ndarray | None,
    lower: np.ndarray | None,
    progress: Progress | None,
) -> np.ndarray:
    """One layer's table: the rule, the terminal ``mask``, the earlier layers' values ``lower``."""
    if rule.followers is not None or rule.regions is not None:
        return _block_with_followers(rule, rows, cols, progress=progress, mask=mask, lower=lower)
    extra = 0 if lower is None else len(lower)
    plan = _plan(rule, rows, cols, 0, extra)
    check_memory(
        _block_memory(plan, rows, cols, 0), f"a {rows}x{cols} {rule.name} table (compiled engine)"
    )
    out: np.ndarray = np.zeros((rows, cols), dtype=plan.dtype)
    if rows == 0 or cols == 0:
        return out
    cells = _rays_cells(rule, plan, out, mask, lower)

    def block(c0: int, c1: int) -> tuple[Step, int]:
        cells(c0, c1)
        return Step.DONE, c1

    def report(done: int) -> None:
        if progress is not None:
            progress(done // cols, rows)

    pace = Pace(FIRST_BLOCK, BLOCK_SECONDS)
    run_blocks(block, rows * cols, size=pace, progress=report)
    return out


def _rays_cells(
    rule: CompiledRule,
    plan: _Plan,
    out: np.ndarray,
    mask: np.ndarray | None,
    lower: np.ndarray | None,
) -> Callable[[int, int], None]:
    """``cells(c0, c1)``: the kernel call of a rule given by rays alone, its arrays made."""
    rays = np.ascontiguousarray(rule.rays)
    mask_array, lower_array = _mask_and_lower(mask, lower)
    if rule.k:  # the counting rule: per line, its P-positions
        counts = np.zeros(max(plan.lines, 1), dtype=np.int64)

        def count(c0: int, c1: int) -> None:
            call(
                _fill_count, rays, plan.dense, plan.line_base, counts, out, mask_array,
                mask is not None, lower_array, rule.k, c0, c1,
            )  # fmt: skip

        return count
    # Word-major: neighbouring cells use neighbouring lines (columns y, y + 1,
    # diagonals y - x, ...) at about the same word, so this layout is cache-friendly.
    bits = np.zeros((plan.words, max(plan.lines, 1)), dtype=np.uint64)
    line_mex = np.zeros(max(plan.lines, 1), dtype=np.int64)
    scratch = np.zeros(plan.words + 1, dtype=np.uint64)

    def fill(c0: int, c1: int) -> None:
        call(
            _fill_rays, rays, plan.dense, plan.line_base, bits, line_mex, scratch, out,
            mask_array, mask is not None, lower_array, int(rule.misere), c0, c1,
        )  # fmt: skip

    return fill


def _mask_and_lower(
    mask: np.ndarray | None, lower: np.ndarray | None
) -> tuple[np.ndarray, np.ndarray]:
    """The kernels' arrays for "no terminal mask" and "no earlier layers": empty ones."""
    mask_array = np.zeros((1, 1), dtype=np.uint8) if mask is None else mask
    if lower is None:
        return mask_array, np.zeros((0, 1, 1), dtype=np.uint32)
    return mask_array, np.ascontiguousarray(lower, dtype=np.uint32)


def _terminal_mask(rule: CompiledRule, rows: int, cols: int) -> np.ndarray | None:
    """The terminal predicate on the block, as a uint8 mask (None without a terminal set)."""
    if rule.terminal is None or rows == 0 or cols == 0:
        return None
    check_memory(rows * cols, f"the {rows}x{cols} terminal mask of {rule.name}")
    mask = np.zeros((rows, cols), dtype=np.uint8)
    state = np.zeros(2, dtype=np.int64)
    kernels = _generated(rule, sink=False)

    def block(start: int, stop: int) -> tuple[Step, int]:
        call(kernels.terminal_mask, rule.terminal_parameters, start, stop, mask, state)
        return Step.DONE, stop

    try:  # rows per call: Ctrl-C between blocks
        run_blocks(block, rows, size=max(1, MASK_BLOCK // max(cols, 1)))
    except Exception as error:  # the user's predicate: any exception is its refusal
        if isinstance(error, (KeyboardInterrupt, MemoryError)):
            raise
        raise _terminal_raised(rule.name, error, int(state[0]), int(state[1])) from None
    return mask


def _block_with_followers(
    rule: CompiledRule,
    rows: int,
    cols: int,
    progress: Progress | None = None,
    mask: np.ndarray | None = None,
    lower: np.ndarray | None = None,
) -> np.ndarray:
    """The table of a rule with a follower function: one pass, resumed where it must grow.

    The kernel records the cell it is at; when the follower function overruns
    its buffer (IndexError) the buffer grows and the pass resumes at that cell,
    and when a value outgrows the bitsets (``BITSETS_FULL``) they grow and it
    resumes too, so no cell is computed twice. It also returns
    (``BUDGET_SPENT``) after about :data:`FOLLOWER_BUDGET` followers, and
    resumes at the next cell, so that Ctrl-C and ``progress(rows_done, rows)``
    are served. The working table is uint32; the result has the dtype of the
    bound (rays' followers + the largest buffer).
    """
    return _FollowerTable(rule, rows, cols, mask, lower).run(progress)


def buffer_cells(rule: CompiledRule, rows: int, cols: int) -> tuple[np.ndarray, int]:
    """:func:`_block_with_followers`'s table, and how many cells the follower buffer served.

    The others went through the sink (``fast._sink``); the tests and
    benchmarks of the sink read the count here.
    """
    table = _FollowerTable(rule, rows, cols, None, None)
    return table.run(None), table.buffer_cells


class _FollowerTable:
    """One layer of a rule with a follower or region function: its kernel, its arrays."""

    def __init__(
        self,
        rule: CompiledRule,
        rows: int,
        cols: int,
        mask: np.ndarray | None,
        lower: np.ndarray | None,
    ) -> None:
        if rows * cols > 2**32:
            raise OverflowError(
                f"{rule.name}: a {rows}x{cols} table is beyond the follower kernel's uint32 range"
            )
        self.rule, self.rows, self.cols = rule, rows, cols
        self.capacity = self.region_capacity = rows + cols + 16
        self.extra = 0 if lower is None else len(lower)
        plan = _plan(rule, rows, cols, self.capacity, self.extra)
        self.dtype = plan.dtype
        self.words = plan.words
        if lower is not None and lower.size:  # the earlier layers' values are marked in seen too
            self.words = max(self.words, int(lower.max()) // 64 + 2)
        self.what = f"a {rows}x{cols} {rule.name} table (compiled engine)"
        memory = _block_memory(plan, rows, cols, self.capacity) + 4 * rows * cols
        check_memory(memory, self.what)
        self.use_mask = mask is not None
        self.buffer_cells = 0
        if rows == 0 or cols == 0:
            return
        self.lines = max(plan.lines, 1)
        mask_array, lower_array = _mask_and_lower(mask, lower)
        self.arrays = FollowerArrays(
            buffer=np.zeros((self.capacity, 2), dtype=np.int64),
            region_buffer=np.zeros((self.region_capacity, 4), dtype=np.int64),
            rays=np.ascontiguousarray(rule.rays),
            dense=plan.dense,
            line_base=plan.line_base,
            bits=np.zeros((self.words, self.lines), dtype=np.uint64),
            line_mex=np.zeros(self.lines, dtype=np.int64),
            scratch=np.zeros(self.words + 1, dtype=np.uint64),
            seen=np.zeros(64 * self.words, dtype=np.int64),
            out=np.zeros((rows, cols), dtype=np.uint32),
            err=np.zeros(4, dtype=np.int64),
            # The cell being computed, the last stamp, which call, the cells the buffer served.
            state=np.zeros(5, dtype=np.int64),
            mask=mask_array,
            lower=lower_array,
        )
        self.kernel = _kernel(rule)

    def run(self, progress: Progress | None) -> np.ndarray:
        """The table, the kernel run until it is done (progress after each budget's block)."""
        rows, cols = self.rows, self.cols
        if rows == 0 or cols == 0:
            return np.zeros((rows, cols), dtype=self.dtype)

        def report(done: int) -> None:
            if progress is not None:
                progress(done // cols, rows)

        run_blocks(self.block, rows * cols, size=rows * cols, progress=report)
        self.buffer_cells = int(self.arrays.state[4])
        # The regions' cells are not in the bound: the largest value decides then.
        dtype = _plan(self.rule, rows, cols, self.capacity, self.extra).dtype
        out = self.arrays.out
        top = int(out.max())
        if top > np.iinfo(dtype).max:
            dtype = smallest_unsigned(top)
        return out.astype(dtype, copy=False)

    def _at(self) -> int:
        """The cell the kernel is on (it resumes there), numbered row by row."""
        state = self.arrays.state
        return int(state[0]) * self.cols + int(state[1])

    def block(self, lo: int, hi: int) -> tuple[Step, int]:
        """One kernel call, from the cell it kept (``lo``) to the end or its work budget."""
        try:
            code = call(
                self.kernel,
                *self.arrays,
                self.rows,
                self.use_mask,
                int(self.rule.misere),
                FOLLOWER_BUDGET,
            )
        except numba.core.errors.NumbaError:  # compiling, before any cell
            if not _sink_kernel(self.rule, self.kernel):
                raise
            # The function uses ``out`` beyond row writes (or does not inline): the
            # buffer alone serves it.
            self.kernel = _buffer_kernel(self.rule)
            return Step.GROWN, self._at()
        except IndexError:
            self._grow_buffer()
            return Step.GROWN, self._at()
        if code == KernelCode.BITSETS_FULL:  # double them, resume at the cell
            self._grow_bitsets()
            return Step.GROWN, self._at()
        if code in (KernelCode.FOLLOWER_COUNT, KernelCode.REGION_COUNT):
            label = (
                "compiled_followers" if code == KernelCode.FOLLOWER_COUNT else "compiled_regions"
            )
            x, y, count, size = (int(c) for c in self.arrays.err)
            raise _refused_count(self.rule.name, x, y, count, size, label)
        if code == KernelCode.BUDGET_SPENT:  # report, resume at the cell kept in state
            return Step.PAUSED, self._at()
        if code != KernelCode.DONE:
            raise _refused_follower(self.rule.name, code, *(int(c) for c in self.arrays.err))
        return Step.DONE, hi

    def _grow_buffer(self) -> None:
        """The follower (or region: ``state[3]``) function overran its buffer: 4x it."""
        rows, cols, state = self.rows, self.cols, self.arrays.state
        regions = bool(state[3])
        label, size = ("compiled_regions", self.region_capacity) if regions else (
            "compiled_followers", self.capacity)  # fmt: skip
        if size >= rows * cols + 64:
            raise ValueError(
                f"{self.rule.name}: {label} overruns its buffer "
                f"(more than {size} rows for one position), or an array of its own "
                f"(IndexError at ({int(state[0])}, {int(state[1])}))"
            ) from None
        size = min(4 * size, rows * cols + 64)
        check_memory(32 * size, f"{self.what}: a buffer of {size:,} rows")
        if regions:
            self.region_capacity = size
            self.arrays = self.arrays._replace(region_buffer=np.zeros((size, 4), dtype=np.int64))
        else:
            self.capacity = size
            self.arrays = self.arrays._replace(buffer=np.zeros((size, 2), dtype=np.int64))
        self.arrays.scratch[:] = 0

    def _grow_bitsets(self) -> None:
        """A value reached the bitsets' width: double it (the lines' bits kept)."""
        bits, words = self.arrays.bits, self.words
        check_memory(3 * bits.nbytes, f"{self.what}: bitsets of {2 * words} words")
        grown = np.zeros((2 * words, self.lines), dtype=np.uint64)
        grown[:words] = bits
        self.words = 2 * words
        self.arrays = self.arrays._replace(
            bits=grown,
            scratch=np.zeros(self.words + 1, dtype=np.uint64),
            seen=np.zeros(64 * self.words, dtype=np.int64),
        )


def grundy_value(game: EngineGame, position: tuple[int, ...]) -> int:
    """G(x, y) (or G(x, y, s)) from the block [0, x] x [0, y] (every follower lies inside it).

    Examples
    --------
    >>> import spec
    >>> grundy_value(spec.get_game("a-wythoff:2"), (3, 5))
    4
    >>> grundy_value(spec.get_game("wythoff-pass"), (3, 6, 1))
    9
    """
    x, y, layer = _position(game, position)
    table = grundy_block(game, x + 1, y + 1)
    return int(table[x, y] if layer is None else table[layer, x, y])


def winning_moves(game: EngineGame, position: tuple[int, ...]) -> list[tuple[int, ...]]:
    """The followers of value 0, sorted (empty at a P-position).

    Examples
    --------
    >>> import spec
    >>> winning_moves(spec.get_game("a-wythoff:2"), (4, 7))
    [(1, 3), (2, 6)]
    """
    x, y, layer = _position(game, position)
    table = grundy_block(game, x + 1, y + 1)
    states = layer_states(game)

    def value(follower: tuple[int, ...]) -> int:
        u, v = follower[0], follower[1]
        return int(table[u, v] if layer is None else table[states.index(follower[2]), u, v])

    return [f for f in engine_followers(game, tuple(position)) if value(f) == 0]


def _position(game: EngineGame, position: Any) -> tuple[int, int, int | None]:
    """(x, y, layer index or None) of a valid position of the game."""
    name = game.describe() if hasattr(game, "describe") else repr(game)
    states = layer_states(game)
    arity = 3 if states else 2
    if not isinstance(position, (tuple, list)) or len(position) != arity:
        expected = "three integers (x, y, s)" if states else "two integers (x, y)"
        raise ValueError(f"{name}: position {position!r}: expected {expected}")
    for label, value in zip("xys", position, strict=False):
        if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or value < 0:
            raise ValueError(f"{name}: position {position!r}: {label} must be an int >= 0")
    if states and int(position[2]) not in states:
        raise ValueError(f"{name}: position {position!r}: s = {position[2]} is not a state")
    layer = states.index(int(position[2])) if states else None
    return int(position[0]), int(position[1]), layer
