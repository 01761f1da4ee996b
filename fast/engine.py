"""A compiled engine for any two-pile game given in the compiled form.

A two-pile game (positions (x, y) of non-negative integers) gets compiled
Grundy tables when its class describes its moves in one or both of two
forms (see :class:`spec.game.TwoPileGame` and ``docs/adding-a-game.md``):

``move_rays`` (plain data, lives on the spec class)
    Rays ``(p, q, a, b)``: the followers (x - p - i a, y - q - i b),
    i = 0, 1, ..., while both coordinates stay >= 0 (p, q, a, b >= 0,
    p + q >= 1; a = b = 0 is one jump). ``(a, b)`` is ``(a, b, a, b)``,
    NimHof's rule [a, b]. An optional fifth item, a guard ``"x>=y"``,
    ``"y>=x"``, ``"x>y"`` or ``"y>x"``, allows the ray only from the
    positions where it holds (R-Wythoff: the larger pile alone).
``compiled_followers`` (numba code, lives in ``fast/`` or the user's module)
    A function ``followers(x, y, out) -> count`` in the numba subset that
    writes the followers' coordinates into the int64 array ``out`` of shape
    (capacity, 2) and returns how many it wrote; or its path
    ``"module:function"``. The engine compiles it into its kernel with a
    follower sink as ``out`` (``fast._sink``): each row ``out[i, 0] = u``,
    ``out[i, 1] = v`` is checked and marked as it is written (E-Wythoff:
    1.15x / 1.34x a C mex at 300^2 / 600^2,
    benchmarks/bench_engine_followers.py). A cell the sink flags (rows out of
    order, a refused follower, a count that does not match) is computed again
    from a real buffer, and so is every cell of a function that uses ``out`` in
    any other way. Either way the function is compiled with bounds
    checking: one that overruns the buffer raises IndexError and the engine
    grows the buffer and resumes at that cell (never a silent overwrite),
    and an index past an array of its own is refused.
``compiled_regions`` (numba code, like ``compiled_followers``)
    A function ``regions(x, y, out) -> count`` writing rows
    ``(u0, u1, v0, v1)`` into ``out`` of shape (capacity, 4): every (u, v)
    with u0 <= u < u1, v0 <= v < v1 is a follower (an empty rectangle is
    skipped). Each rectangle is checked at its corners and read row by row,
    so a triangle of followers given as row spans costs about what a C loop
    over its cells costs, without the 16 bytes a follower of the list form.

How a table is computed
-----------------------
Cells are filled in row-major order (x, then y). Every follower a rule can
produce is componentwise <= the cell and smaller in x + y, so it is filled
already.

* A ray (p, q, a, b) is the prefix, up to the cell (x - p, y - q), of the
  line through that cell in direction (a, b). Each ray keeps one uint64
  bitset per line and adds the cell (x - p, y - q) to its line just before
  the cell (x, y) is evaluated. Translation by (p, q) preserves row-major
  order, so at that moment the line's bitset holds exactly the ray's
  followers of (x, y), whatever the offset: no per-cell sets are stored.
  Each line also keeps its own mex, and the mex of the union starts at the
  largest of those (every smaller value lies in one of the sets), so a cell
  usually costs a few word ORs per ray.
* Jumps and rays with so many lines that per-line bitsets would not pay (a
  or b large; few cells each) write into one scratch bitset, cleared after
  each cell. The follower and region functions' values are marked in a
  stamp array (``seen[value] = cell number``: one store, nothing to clear);
  the mex then scans the OR of the lines' and the scratch's words and looks
  up the stamps at its zero bits only. That table runs in one pass: when a
  buffer or the bitsets must grow, the kernel resumes at the cell it was on.

G(x, y) is at most the number of followers of (x, y), so the sum over the
rays of their follower counts at the far corner, plus the follower-buffer
capacity, bounds every value: it fixes the bitset width and the output
dtype (the smallest unsigned type that holds it).

The engine verifies the rule as it goes and refuses, with a ValueError
naming the game, the position and the follower: a follower with a negative
coordinate (it leaves the board), one with x' + y' >= x + y (no progress:
a cycle), or one that increases a coordinate (row-major order needs
followers inside [0, x] x [0, y]). Ray descriptions are checked up front.
A refused rule never yields a table.

References
----------
Seed ``000`` §1 (formula 1-2, the Grundy function as a mex over followers;
formula 1-3, Wythoff's moves); ``001`` §1 and Remark 5 (F- and R-Wythoff);
``fast.tables`` for the per-line bitset and mex-start technique.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numba
import numpy as np

from fast._bits import ALL_ONES, ONE, lowest_zero_bit, set_bit
from fast._game_protocol import EngineGame
from fast._jit import jit, smallest_unsigned
from fast._memory import check_memory
from fast._rules import keeps_ratio
from fast._sink import JIT, make_sink, sink_result

__all__ = [
    "GUARDS",
    "CompiledRule",
    "block_memory",
    "check_followers",
    "compiled_rule",
    "covers",
    "engine_followers",
    "fwythoff_slant_followers",
    "grundy_block",
    "grundy_table",
    "grundy_value",
    "table_memory",
    "winning_moves",
]

#: Ray guards: text -> kernel code.
GUARDS = {"": 0, "x>=y": 1, "y>=x": 2, "x>y": 3, "y>x": 4}
#: A ray uses per-line bitsets when it has at most this many lines per table side.
DENSE_LINES_PER_SIDE = 8
#: Past this many bytes of bitsets (the rays taken with the most followers per cell
#: first), a ray of at most WALK_MAX_CELLS followers walks its cells instead: in a long,
#: thin block a ray across it has many short lines, each as wide as the largest value
#: (Wythoff's 101 x 262144 block: 8.6 GB for the column ray's lines of 101 cells).
DENSE_BYTES = 2**30
#: The most followers per cell a ray walks to save memory (a longer ray keeps its
#: bitsets, and the memory check decides).
WALK_MAX_CELLS = 1024
# --- Measured constants: the registry's cost model reads them (registry/tables.py). --------
#: Seconds per cell ~ CELL_SECONDS (1 + (short side / WALK_SIDE)^2 + long side / LONG_SIDE)
#: (grundy_block, rays games, x86_64, 2 cores, idle, 2025-11-26: a-wythoff:2 2000^2 0.79 s,
#: 4000^2 6.7 s, 5000^2 16.5 s, 11 x 2e5 0.35 s, 101 x 1e5 3.6 s; nimhof:1,0/0,1/1,1 5000^2
#: 2.6 s, 101 x 1e5 2.6 s: the formula is above each).
CELL_SECONDS = 1e-7
WALK_SIDE = 2000
LONG_SIDE = 30_000
# ------------------------------------------------------------------------------------------
#: Kernel error codes (and the message each gets).
_ERRORS = {
    1: "leaves the board (a negative coordinate)",
    2: "is not smaller (x' + y' >= x + y: a cycle or no progress)",
    3: "increases a coordinate (the engine needs followers inside [0, x] x [0, y])",
}


def fwythoff_slant_followers(x: int, y: int, out: np.ndarray) -> int:
    """F-Wythoff's slant followers (001 §1): (x - j, y - j), 1 <= j <= s - 1, ratio kept.

    s is the smaller pile, l the larger; the move is allowed when
    floor((l - j) / (s - j)) = floor(l / s). The compiled form of
    :class:`spec.games.FWythoff` (with the one-pile rays).

    Examples
    --------
    >>> out = np.zeros((8, 2), dtype=np.int64)
    >>> count = fwythoff_slant_followers(4, 9, out)
    >>> out[:count].tolist()  # not (2, 7): 7 // 2 = 3 != 9 // 4 = 2
    [[3, 8]]
    """
    small = min(x, y)
    large = max(x, y)
    count = 0
    for j in range(1, small):
        if keeps_ratio(small, large, j):
            out[count, 0] = x - j
            out[count, 1] = y - j
            count += 1
    return count


@dataclass(frozen=True)
class CompiledRule:
    """A game's validated compiled form.

    ``rays`` is an (R, 5) int64 array of (p, q, a, b, guard code);
    ``followers`` the jitted follower function or None; ``regions`` the
    jitted region function or None; ``name`` the game's ``describe()``.
    """

    name: str
    rays: np.ndarray
    followers: Callable[..., int] | None
    regions: Callable[..., int] | None = None


_JITTED: dict[Any, Any] = {}


def _jit_followers(
    function: Any, name: str, label: str = "compiled_followers"
) -> Callable[..., int]:
    """The follower (or region) function jitted with bounds checking (once per process)."""
    if isinstance(function, str):
        module_name, colon, attribute = function.partition(":")
        try:
            if not colon:
                raise ImportError("expected 'module:function'")
            function = getattr(importlib.import_module(module_name), attribute)
        except (ImportError, AttributeError) as error:
            raise ValueError(f"{name}: {label} = {function!r} cannot be loaded: {error}") from None
    python_function = getattr(function, "py_func", function)
    if not callable(python_function):
        raise ValueError(f"{name}: {label} = {function!r} is not a function")
    if python_function not in _JITTED:
        _JITTED[python_function] = numba.njit(boundscheck=True)(python_function)
    return _JITTED[python_function]  # type: ignore[no-any-return]


def _check_ray(name: str, ray: Any) -> tuple[int, int, int, int, int]:
    where = f"{name}: move_rays entry {ray!r}"
    if not isinstance(ray, (tuple, list)) or len(ray) not in (2, 4, 5):
        raise ValueError(f"{where}: expected (a, b), (p, q, a, b) or (p, q, a, b, guard)")
    guard = ray[4] if len(ray) == 5 else ""
    if guard not in GUARDS:
        known = ", ".join(repr(g) for g in GUARDS if g)
        raise ValueError(f"{where}: unknown guard {guard!r} (known: {known})")
    numbers = tuple(ray[:4]) if len(ray) >= 4 else (ray[0], ray[1], ray[0], ray[1])
    for label, value in zip("pqab", numbers, strict=True):
        if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
            raise ValueError(f"{where}: {label} = {value!r} is not an int")
    p, q, a, b = (int(v) for v in numbers)
    if p < 0 or q < 0:
        raise ValueError(f"{where}: p, q must be >= 0 (a follower would increase a coordinate)")
    if a < 0 or b < 0:
        raise ValueError(f"{where}: a, b must be >= 0 (the ray would move away from 0)")
    if p + q == 0:
        raise ValueError(f"{where}: the first follower is the position itself (p + q = 0: a cycle)")
    return p, q, a, b, GUARDS[guard]


#: The compiled rules made so far, keyed by canonical name and class: a second
#: game object of the same name reuses its rule (validated and jitted once). The
#: class is part of the key because a plugin re-registered under the same name
#: (a new class, perhaps other code) must not get the old rule; a game object
#: carrying its own compiled functions (not its class's) is not cached.
_RULES: dict[tuple[str, type], CompiledRule] = {}


def compiled_rule(game: EngineGame) -> CompiledRule:
    """Validate and return ``game``'s compiled form (cached by canonical name and class).

    Raises
    ------
    ValueError
        The game is not a two-pile game, has no compiled form, or its form
        is malformed (the message says which entry and why).

    Examples
    --------
    >>> import spec
    >>> compiled_rule(spec.Wythoff()).rays.tolist()
    [[1, 0, 1, 0, 0], [0, 1, 0, 1, 0], [1, 1, 1, 1, 0]]
    """
    name = game.describe() if hasattr(game, "describe") else repr(game)
    own = "compiled_followers" in vars(game) or "compiled_regions" in vars(game)
    key = (name, type(game))
    if not own and key in _RULES:
        return _RULES[key]
    if getattr(game, "arity", None) != 2 or not hasattr(game, "followers"):
        raise ValueError(f"{name}: not a two-pile game (positions are not pairs of integers)")
    rays = getattr(game, "move_rays", None)
    # From the class, not the instance: a plain function there would become a bound method.
    function = vars(game).get("compiled_followers", getattr(type(game), "compiled_followers", None))
    regions = vars(game).get("compiled_regions", getattr(type(game), "compiled_regions", None))
    if rays is None and function is None and regions is None:
        raise ValueError(
            f"{name}: no compiled form (set move_rays, compiled_followers or compiled_regions; "
            "see docs/adding-a-game.md)"
        )
    checked = [_check_ray(name, ray) for ray in (rays or ())]
    array = np.array(checked, dtype=np.int64).reshape(len(checked), 5)
    jitted = _jit_followers(function, name) if function is not None else None
    spans = _jit_followers(regions, name, "compiled_regions") if regions is not None else None
    rule = CompiledRule(name, array, jitted, spans)
    if not own:
        _RULES[key] = rule
    return rule


def covers(game: EngineGame) -> str | None:
    """None if the engine can compute ``game``, else a one-line reason.

    Examples
    --------
    >>> import spec
    >>> covers(spec.get_game("a-wythoff:3")) is None
    True
    >>> covers(spec.FibonacciNim())  # doctest: +ELLIPSIS
    'fibonacci-nim: no compiled form (set move_rays, compiled_followers or compiled_regions; ...)'
    """
    try:
        compiled_rule(game)
    except ValueError as error:
        return str(error)
    return None


@jit
def _follower_code(x: int, y: int, u: int, v: int) -> int:  # pragma: no cover - jit
    """0 for a legal follower (u, v) of (x, y), else the :data:`_ERRORS` code."""
    if u < 0 or v < 0:
        return 1
    if u + v >= x + y:
        return 2
    if u > x or v > y:
        return 3
    return 0


def _refused_follower(name: str, code: int, x: int, y: int, u: int, v: int) -> ValueError:
    return ValueError(
        f"{name}: the compiled rule is refused: the follower ({u}, {v}) of ({x}, {y}) "
        f"{_ERRORS[code]}"
    )


def _refused_count(
    name: str, x: int, y: int, count: int, capacity: int, label: str = "compiled_followers"
) -> ValueError:
    return ValueError(
        f"{name}: the compiled rule is refused: {label} returned "
        f"count {count} at ({x}, {y}), outside 0..{capacity}"
    )


def _call_growing(function: Any, name: str, label: str, x: int, y: int, width: int) -> np.ndarray:
    """``function(x, y, out)``'s rows, the buffer grown until it does not overrun."""
    capacity = x + y + 16
    while True:
        out = np.zeros((capacity, width), dtype=np.int64)
        try:
            count = int(function(x, y, out))
            break
        except IndexError:
            capacity *= 4
            if capacity > 4 * (x + 1) * (y + 1) + 64:
                raise ValueError(
                    f"{name}: {label} overruns its buffer at ({x}, {y}) "
                    f"(more than {(x + 1) * (y + 1)} rows)"
                ) from None
    if not 0 <= count <= capacity:
        raise _refused_count(name, x, y, count, capacity, label)
    return out[:count]


@jit
def _region_code(
    x: int, y: int, u0: int, u1: int, v0: int, v1: int
) -> tuple[int, int, int]:  # pragma: no cover - jit
    """(code, u, v): 0 for a legal (or empty) region, else the :data:`_ERRORS` code and corner."""
    if u0 >= u1 or v0 >= v1:
        return 0, 0, 0
    if u0 < 0 or v0 < 0:
        return 1, u0, v0
    if u1 - 1 > x or v1 - 1 > y:
        return 3, u1 - 1, v1 - 1
    if u1 - 1 == x and v1 - 1 == y:
        return 2, x, y
    return 0, 0, 0


def _check_follower(name: str, x: int, y: int, u: int, v: int) -> None:
    code = _follower_code(x, y, u, v)
    if code:
        raise _refused_follower(name, code, x, y, u, v)


@jit
def _guard_holds(code: int, x: int, y: int) -> bool:  # pragma: no cover - jit
    """Whether a ray with guard ``code`` applies at (x, y) (0: always; 1..4: x >= y, ...)."""
    return (
        code == 0
        or (code == 1 and x >= y)
        or (code == 2 and y >= x)
        or (code == 3 and x > y)
        or (code == 4 and y > x)
    )


def engine_followers(game: EngineGame, position: tuple[int, int]) -> list[tuple[int, int]]:
    """The followers of ``position`` as the engine sees them, sorted, without repeats.

    Compare with the spec's ``set(game.followers(position))``.

    Examples
    --------
    >>> import spec
    >>> engine_followers(spec.get_game("a-wythoff:2"), (1, 2))
    [(0, 0), (0, 1), (0, 2), (1, 0), (1, 1)]
    """
    rule = compiled_rule(game)
    x, y = (int(c) for c in position)
    if x < 0 or y < 0:
        raise ValueError(f"{rule.name}: position {position!r} has a negative coordinate")
    found: set[tuple[int, int]] = set()
    for p, q, a, b, guard in rule.rays.tolist():
        if not _guard_holds(guard, x, y):
            continue
        u, v = x - p, y - q
        while u >= 0 and v >= 0:
            found.add((u, v))
            if a == 0 and b == 0:
                break
            u, v = u - a, v - b
    if rule.followers is not None:
        rows = _call_growing(rule.followers, rule.name, "compiled_followers", x, y, 2)
        for u, v in rows.tolist():
            _check_follower(rule.name, x, y, u, v)
            found.add((u, v))
    if rule.regions is not None:
        regions = _call_growing(rule.regions, rule.name, "compiled_regions", x, y, 4)
        for u0, u1, v0, v1 in regions.tolist():
            code, u, v = _region_code(x, y, u0, u1, v0, v1)
            if code:
                raise _refused_follower(rule.name, code, x, y, u, v)
            found.update((u, v) for u in range(u0, u1) for v in range(v0, v1))
    return sorted(found)


def check_followers(game: EngineGame, size: int) -> str | None:
    """Compare the engine's followers with the spec's on 0 <= x, y < size.

    Returns None when every position has the same follower set, else the
    first position where they differ and how. (A table comparison finds a
    wrong rule only where it changes a value; this finds every wrong move.)

    Examples
    --------
    >>> import spec
    >>> check_followers(spec.FWythoff(), 12) is None
    True
    """
    for x in range(size):
        for y in range(size):
            mine = set(engine_followers(game, (x, y)))
            theirs = set(game.followers((x, y)))
            if mine != theirs:
                extra = sorted(mine - theirs)[:3]
                missing = sorted(theirs - mine)[:3]
                return (
                    f"{game.describe()}: followers of ({x}, {y}) differ: engine only {extra}, "
                    f"spec only {missing}"
                )
    return None


def _ray_count(p: int, q: int, a: int, b: int, rows: int, cols: int) -> int:
    """Followers a ray gives at the far corner (rows - 1, cols - 1): the most it gives."""
    u, v = rows - 1 - p, cols - 1 - q
    if u < 0 or v < 0:
        return 0
    if a == 0 and b == 0:
        return 1
    steps = min(u // a if a else u + v + 1, v // b if b else u + v + 1)
    return 1 + steps


def _ray_lines(a: int, b: int, rows: int, cols: int) -> int:
    return a * cols + b * rows


@dataclass(frozen=True)
class _Plan:
    dense: np.ndarray  # (R,) int64: 1 if the ray keeps per-line bitsets
    line_base: np.ndarray  # (R,) int64: first line of the ray in the bitset array
    lines: int
    words: int
    dtype: np.dtype[Any]


def _plan(rule: CompiledRule, rows: int, cols: int, capacity: int) -> _Plan:
    """Which rays keep per-line bitsets, where their lines start, the bitset width, the dtype.

    A ray keeps bitsets when it has at most :data:`DENSE_LINES_PER_SIDE` lines
    per table side; taken with the most followers per cell first, a ray of
    at most :data:`WALK_MAX_CELLS` followers walks its cells instead once the
    bitsets would pass :data:`DENSE_BYTES` (a long ray keeps its bitsets: the
    memory check decides).

    >>> import spec
    >>> plan = _plan(compiled_rule(spec.Wythoff()), 101, 262144, 0)
    >>> plan.dense.tolist(), plan.lines  # a long thin block: the row's ray alone
    ([0, 1, 0], 101)
    """
    side = max(rows, cols, 1)
    dense = np.zeros(len(rule.rays), dtype=np.int64)
    base = np.zeros(len(rule.rays), dtype=np.int64)
    bound = capacity if rule.followers is not None else 0
    counts = []
    for p, q, a, b, _guard in rule.rays.tolist():
        counts.append(_ray_count(p, q, a, b, rows, cols))
        bound += counts[-1]
    words = bound // 64 + 2
    if bound > 0xFFFFFFFF:
        raise OverflowError(f"{rule.name}: values up to {bound} do not fit uint32")
    lines = 0
    budget = DENSE_BYTES
    for r in sorted(range(len(counts)), key=lambda r: -counts[r]):
        _, _, a, b, _ = rule.rays[r].tolist()
        count = _ray_lines(a, b, rows, cols)
        need = count * (8 * words + 8)
        if not (a or b) or count > DENSE_LINES_PER_SIDE * side:
            continue
        if need > budget and counts[r] <= WALK_MAX_CELLS:  # short lines: walk them
            continue
        dense[r] = 1
        base[r] = lines
        lines += count
        budget -= need
    return _Plan(dense, base, lines, words, smallest_unsigned(bound))


def block_memory(game: EngineGame, rows: int, cols: int) -> int:
    """Bytes :func:`grundy_block` needs for ``game`` (an estimate, as :func:`table_memory`)."""
    capacity = rows + cols + 16
    return _block_memory(_plan(compiled_rule(game), rows, cols, capacity), rows, cols, capacity)


def table_memory(game: EngineGame, size: int) -> int:
    """Bytes :func:`grundy_table` needs for ``game`` at ``size`` (an estimate).

    Examples
    --------
    >>> import spec
    >>> table_memory(spec.get_game("nimhof:1,0/1,1/1,2/0,1"), 4000) // 2**20
    77
    """
    capacity = size + size + 16
    return _block_memory(_plan(compiled_rule(game), size, size, capacity), size, size, capacity)


def _block_memory(plan: _Plan, rows: int, cols: int, capacity: int) -> int:
    table = rows * cols * plan.dtype.itemsize
    return table + plan.lines * (8 * plan.words + 8) + 16 * capacity + 8 * plan.words


def _check_size(label: str, value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or value < 0:
        raise ValueError(f"grundy_table: {label} must be an int >= 0 ({label} = {value!r})")
    if value > 2**31 - 1:
        raise OverflowError(f"grundy_table: {label} = {value} is beyond the kernel's range")
    return int(value)


def grundy_table(
    game: EngineGame, size: int, *, progress: Callable[[int, int], None] | None = None
) -> np.ndarray:
    """G[x, y] for 0 <= x, y < size, computed by the compiled engine.

    Parameters
    ----------
    game : spec.TwoPileGame
        A two-pile game with a compiled form (:func:`covers` is None).
    size : int
        Rows and columns, >= 0.
    progress : callable, optional
        ``progress(rows_done, rows)``, called after each block of rows (about
        1/:data:`PROGRESS_STEPS` of them); without it the table is one call.

    Returns
    -------
    numpy.ndarray
        ``(size, size)``, the smallest unsigned dtype (at most uint32) that
        holds the largest possible value (the number of followers at the far corner).

    Raises
    ------
    ValueError
        No compiled form, a malformed one, or a follower that leaves the
        board, is not smaller, or increases a coordinate.
    MemoryError
        If the table and bitsets need more than half the available memory.

    Examples
    --------
    >>> import spec
    >>> grundy_table(spec.get_game("nimhof:1,0/0,1/1,1"), 4).tolist()
    [[0, 1, 2, 3], [1, 2, 0, 4], [2, 0, 1, 5], [3, 4, 5, 6]]
    >>> grundy_table(spec.get_game("a-wythoff:2"), 3).tolist()
    [[0, 1, 2], [1, 2, 3], [2, 3, 4]]
    """
    size = _check_size("size", size)
    return grundy_block(game, size, size, progress=progress)


def grundy_block(
    game: EngineGame,
    rows: int,
    cols: int,
    *,
    progress: Callable[[int, int], None] | None = None,
) -> np.ndarray:
    """G[x, y] for 0 <= x < rows, 0 <= y < cols (a row of length cols needs rows = x + 1).

    Same contract as :func:`grundy_table`.

    Examples
    --------
    >>> import spec
    >>> grundy_block(spec.RWythoff(), 2, 5).tolist()
    [[0, 1, 2, 3, 4], [1, 2, 0, 3, 4]]
    """
    rows = _check_size("rows", rows)
    cols = _check_size("cols", cols)
    rule = compiled_rule(game)
    if rule.followers is not None or rule.regions is not None:
        return _block_with_followers(rule, rows, cols, progress=progress)
    plan = _plan(rule, rows, cols, 0)
    check_memory(
        _block_memory(plan, rows, cols, 0), f"a {rows}x{cols} {rule.name} table (compiled engine)"
    )
    out: np.ndarray = np.zeros((rows, cols), dtype=plan.dtype)
    if rows == 0 or cols == 0:
        return out
    # Word-major: neighbouring cells use neighbouring lines (columns y, y + 1,
    # diagonals y - x, ...) at about the same word, so this layout is cache-friendly.
    bits = np.zeros((plan.words, max(plan.lines, 1)), dtype=np.uint64)
    line_mex = np.zeros(max(plan.lines, 1), dtype=np.int64)
    scratch = np.zeros(plan.words + 1, dtype=np.uint64)
    rays = np.ascontiguousarray(rule.rays)
    step = _row_step(rows, progress)
    for start in range(0, rows, step):
        stop = min(rows, start + step)
        _fill_rays(rays, plan.dense, plan.line_base, bits, line_mex, scratch, out, start, stop)
        if progress is not None:
            progress(stop, rows)
    return out


#: A table with a progress callback is computed in about this many blocks of rows.
PROGRESS_STEPS = 200


def _row_step(rows: int, progress: Callable[[int, int], None] | None) -> int:
    """Rows per kernel call: about 1/:data:`PROGRESS_STEPS` of them with ``progress``, else all.

    >>> _row_step(450, None), _row_step(450, print), _row_step(5, print)
    (450, 2, 1)
    """
    return rows if progress is None else max(1, rows // PROGRESS_STEPS)


def _block_with_followers(
    rule: CompiledRule,
    rows: int,
    cols: int,
    counts: dict[str, int] | None = None,
    progress: Callable[[int, int], None] | None = None,
) -> np.ndarray:
    """The table of a rule with a follower function: one pass, resumed where it must grow.

    The kernel records the cell it is at; when the follower function overruns
    its buffer (IndexError) the buffer grows and the pass resumes at that cell,
    and when a value outgrows the bitsets (code 5) they grow and it resumes
    too, so no cell is computed twice. The working table is uint32; the
    result has the dtype of the bound (rays' followers + the largest buffer).
    ``counts``, if given, gets ``"buffer cells"``: how many cells the follower
    function's buffer served (the others went through the sink, ``fast._sink``).
    With ``progress`` the kernel stops after each block of rows (it resumes at
    the next row) and ``progress(rows_done, rows)`` is called.
    """
    if rows * cols > 2**32:
        raise OverflowError(
            f"{rule.name}: a {rows}x{cols} table is beyond the follower kernel's uint32 range"
        )
    capacity = rows + cols + 16
    plan = _plan(rule, rows, cols, capacity)
    words = plan.words
    what = f"a {rows}x{cols} {rule.name} table (compiled engine)"
    check_memory(_block_memory(plan, rows, cols, capacity) + 4 * rows * cols, what)
    if rows == 0 or cols == 0:
        return np.zeros((rows, cols), dtype=plan.dtype)
    out = np.zeros((rows, cols), dtype=np.uint32)
    lines = max(plan.lines, 1)
    bits = np.zeros((words, lines), dtype=np.uint64)
    line_mex = np.zeros(lines, dtype=np.int64)
    scratch = np.zeros(words + 1, dtype=np.uint64)
    seen = np.zeros(64 * words, dtype=np.int64)
    region_capacity = rows + cols + 16
    buffer = np.zeros((capacity, 2), dtype=np.int64)
    region_buffer = np.zeros((region_capacity, 4), dtype=np.int64)
    err = np.zeros(4, dtype=np.int64)
    # The cell being computed, the last stamp, which call, the cells the buffer served.
    state = np.zeros(5, dtype=np.int64)
    rays = np.ascontiguousarray(rule.rays)
    followers = _NO_ROWS if rule.followers is None else rule.followers
    regions = _NO_ROWS if rule.regions is None else rule.regions
    kernel = _kernel(rule)
    step = _row_step(rows, progress)
    stop = min(rows, step)
    while True:
        try:
            code = kernel(
                followers, regions, buffer, region_buffer, rays, plan.dense, plan.line_base,
                bits, line_mex, scratch, seen, out, err, state, stop,
            )  # fmt: skip
        except numba.core.errors.NumbaError:  # compiling, before any cell
            if kernel is _BUFFER_KERNEL:
                raise
            # The function uses ``out`` beyond row writes (or does not inline): the
            # buffer alone serves it.
            kernel = _KERNELS[getattr(rule.followers, "py_func", rule.followers)] = _BUFFER_KERNEL
            continue
        except IndexError:
            label, size = ("compiled_regions", region_capacity) if state[3] else (
                "compiled_followers", capacity)  # fmt: skip
            if size >= rows * cols + 64:
                raise ValueError(
                    f"{rule.name}: {label} overruns its buffer "
                    f"(more than {size} rows for one position), or an array of its own "
                    f"(IndexError at ({int(state[0])}, {int(state[1])}))"
                ) from None
            size = min(4 * size, rows * cols + 64)
            check_memory(32 * size, f"{what}: a buffer of {size:,} rows")
            if state[3]:
                region_capacity = size
                region_buffer = np.zeros((size, 4), dtype=np.int64)
            else:
                capacity = size
                buffer = np.zeros((size, 2), dtype=np.int64)
            scratch[:] = 0
            continue
        if code == 5:  # a value reached the bitsets' width: double it, resume at the cell
            check_memory(3 * bits.nbytes, f"{what}: bitsets of {2 * words} words")
            grown = np.zeros((2 * words, lines), dtype=np.uint64)
            grown[:words] = bits
            words *= 2
            bits = grown
            scratch = np.zeros(words + 1, dtype=np.uint64)
            seen = np.zeros(64 * words, dtype=np.int64)
            continue
        if code in (4, 6):
            label = "compiled_followers" if code == 4 else "compiled_regions"
            x, y, count, size = (int(c) for c in err)
            raise _refused_count(rule.name, x, y, count, size, label)
        if code:
            raise _refused_follower(rule.name, code, *(int(c) for c in err))
        if progress is not None:
            progress(stop, rows)
        if stop < rows:  # the block is done: the next starts at its first row
            state[0], state[1] = stop, 0
            stop = min(rows, stop + step)
            continue
        if counts is not None:
            counts["buffer cells"] = int(state[4])
        # The regions' cells are not in the bound: the largest value decides then.
        dtype = _plan(rule, rows, cols, capacity).dtype
        top = int(out.max())
        if top > np.iinfo(dtype).max:
            dtype = smallest_unsigned(top)
        return out.astype(dtype, copy=False)


def grundy_value(game: EngineGame, position: tuple[int, int]) -> int:
    """G(x, y) from the block [0, x] x [0, y] (every follower lies inside it).

    Examples
    --------
    >>> import spec
    >>> grundy_value(spec.get_game("a-wythoff:2"), (3, 5))
    4
    """
    x, y = _position(game, position)
    return int(grundy_block(game, x + 1, y + 1)[x, y])


def winning_moves(game: EngineGame, position: tuple[int, int]) -> list[tuple[int, int]]:
    """The followers of value 0, sorted (empty at a P-position).

    Examples
    --------
    >>> import spec
    >>> winning_moves(spec.get_game("a-wythoff:2"), (4, 7))
    [(1, 3), (2, 6)]
    """
    x, y = _position(game, position)
    table = grundy_block(game, x + 1, y + 1)
    return [(u, v) for u, v in engine_followers(game, (x, y)) if table[u, v] == 0]


def _position(game: EngineGame, position: Any) -> tuple[int, int]:
    name = game.describe() if hasattr(game, "describe") else repr(game)
    if not isinstance(position, (tuple, list)) or len(position) != 2:
        raise ValueError(f"{name}: position {position!r}: expected two integers (x, y)")
    x, y = position
    for label, value in (("x", x), ("y", y)):
        if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or value < 0:
            raise ValueError(f"{name}: position {position!r}: {label} must be an int >= 0")
    return int(x), int(y)


# ---------------------------------------------------------------------------
# Kernels (numba subset; NUMBA_DISABLE_JIT=1 runs them as Python).


@jit
def _line_id(u: int, v: int, a: int, b: int, rows: int, cols: int) -> int:  # pragma: no cover
    """The index of the line through (u, v) in direction (a, b), from its first cell."""
    # Steps back to the line's first cell; a, b in {0, 1} (most rules) need no division.
    ta = u if a == 1 else (u // a if a else u + v + 1)
    tb = v if b == 1 else (v // b if b else u + v + 1)
    t = min(ta, tb)
    u -= t * a
    v -= t * b
    if u < a:
        return u * cols + v
    return a * cols + v * rows + u


@jit
def _rays_step(
    x: int,
    y: int,
    rays: np.ndarray,
    dense: np.ndarray,
    line_base: np.ndarray,
    bits: np.ndarray,
    line_mex: np.ndarray,
    scratch: np.ndarray,
    out: np.ndarray,
    active: np.ndarray,
) -> tuple[int, int, int]:  # pragma: no cover - jit
    """Add each ray's new cell to its line; list the active lines; fill the scratch.

    Returns (mex start, number of active lines, highest scratch word used).
    """
    rows, cols = out.shape
    limit = 64 * bits.shape[0]
    start = 0
    count = 0
    top = -1
    for r in range(rays.shape[0]):
        p, q, a, b, guard = rays[r, 0], rays[r, 1], rays[r, 2], rays[r, 3], rays[r, 4]
        u = x - p
        v = y - q
        if u < 0 or v < 0:
            continue
        on = _guard_holds(guard, x, y)
        if dense[r]:
            line = line_base[r] + _line_id(u, v, a, b, rows, cols)
            value = np.int64(out[u, v])
            bits[value >> 6, line] |= ONE << np.uint64(value & 63)
            m = line_mex[line]
            # Never past the last word: a full line (every value below 64 * words)
            # stops at 64 * words, the mex then asks for wider bitsets (code 5) and
            # the line's mex goes on from there (reading beyond the array left a
            # garbage mex behind when the bitsets grew).
            while m < limit and (bits[m >> 6, line] >> np.uint64(m & 63)) & ONE:
                m += 1
            line_mex[line] = m
            if on:
                active[count] = line
                count += 1
                if m > start:
                    start = m
        elif on:
            while u >= 0 and v >= 0:
                w = set_bit(scratch, np.int64(out[u, v]))
                if w > top:
                    top = w
                if a == 0 and b == 0:
                    break
                u -= a
                v -= b
    return start, count, top


@jit
def _mex_store(
    x: int,
    y: int,
    start: int,
    count: int,
    top: int,
    bits: np.ndarray,
    active: np.ndarray,
    scratch: np.ndarray,
    out: np.ndarray,
) -> None:  # pragma: no cover - jit
    """G(x, y) = mex of the active lines and the scratch; clear the scratch."""
    w = start >> 6
    while True:
        word = scratch[w]
        for k in range(count):
            word |= bits[w, active[k]]
        if word != ALL_ONES:
            break
        w += 1
    out[x, y] = (w << 6) + lowest_zero_bit(word)
    for k in range(top + 1):
        scratch[k] = np.uint64(0)


@jit
def _fill_rays(
    rays: np.ndarray,
    dense: np.ndarray,
    line_base: np.ndarray,
    bits: np.ndarray,
    line_mex: np.ndarray,
    scratch: np.ndarray,
    out: np.ndarray,
    x0: int,
    x1: int,
) -> int:  # pragma: no cover - jit
    """Rows x0 <= x < x1 of the table of a game given by rays only (cached: no function)."""
    cols = out.shape[1]
    active = np.zeros(max(rays.shape[0], 1), dtype=np.int64)
    for x in range(x0, x1):
        for y in range(cols):
            start, count, top = _rays_step(
                x, y, rays, dense, line_base, bits, line_mex, scratch, out, active
            )
            _mex_store(x, y, start, count, top, bits, active, scratch, out)
    return 0


def _no_rows(x: int, y: int, out: np.ndarray) -> int:  # pragma: no cover - jit
    """The follower or region function of a rule that has none."""
    return 0


_NO_ROWS = numba.njit(_no_rows)


@jit
def _record(err: np.ndarray, x: int, y: int, a: int, b: int) -> None:  # pragma: no cover - jit
    """Keep a refusal's cell (x, y) and its follower or count (a, b) for the message."""
    err[0] = x
    err[1] = y
    err[2] = a
    err[3] = b


def _no_sink(x: int, y: int, out: Any) -> int:  # pragma: no cover - jit
    """The sink step of a kernel without one: -1 sends every cell to the buffer."""
    return -1


def _make_fill(sink_followers: Any, boundscheck: bool) -> Any:
    """The kernel, with ``sink_followers`` (inlined) writing into a follower sink.

    ``sink_followers`` is the rule's follower function compiled with numba's
    ``inline="always"`` (so the sink's state stays in registers; see
    ``fast._sink``) or :func:`_no_sink`. One kernel per follower function,
    compiled once per process (not cached: a closure over the user's code).
    A kernel with the user's code inlined is compiled with bounds checking,
    as the function itself is for the buffer, so an index past one of its
    own arrays raises IndexError there too (the sink's stores need none; the
    checks cost a rule with regions about 2x on its regions' loop).
    """

    def fill(
        followers: Any,
        regions: Any,
        buffer: np.ndarray,
        region_buffer: np.ndarray,
        rays: np.ndarray,
        dense: np.ndarray,
        line_base: np.ndarray,
        bits: np.ndarray,
        line_mex: np.ndarray,
        scratch: np.ndarray,
        seen: np.ndarray,
        out: np.ndarray,
        err: np.ndarray,
        state: np.ndarray,
        stop: int,
    ) -> int:  # pragma: no cover - jit
        """Rows up to ``stop`` (exclusive) of the table of a game with a follower function.

        Starts at the cell ``state[:2]`` and keeps it there while it works, so that
        the caller can resume after growing a buffer (the follower or region
        function, ``state[3]`` says which, raised IndexError) or the bitsets
        (return code 5). The followers' values are marked in ``seen`` with a
        per-cell stamp (one store each, nothing to clear): first through the
        sink, and only if the sink flags the cell (or there is none) through
        the buffer, under a new stamp, with the checks and error codes below.
        A region (u0, u1, v0, v1) is every (u, v) with u0 <= u < u1,
        v0 <= v < v1: checked at its corners, then read row by row. The mex
        reads the rays' line bitsets and the scratch word by word and the
        stamps at the free bits. Returns 0, or an error code (``err`` holds
        the cell and the follower or count).
        """
        cols = out.shape[1]
        words = bits.shape[0]
        active = np.zeros(max(rays.shape[0], 1), dtype=np.int64)
        x0 = state[0]
        y0 = state[1]
        stamp = state[2]
        use_sink = True
        for x in range(x0, stop):
            for y in range(y0 if x == x0 else 0, cols):
                state[0] = x
                state[1] = y
                state[3] = 0
                stamp += 1
                state[2] = stamp
                flag = 1
                if use_sink:
                    sink = make_sink(out, seen, x, y, stamp)
                    n = sink_followers(x, y, sink)
                    marked, flag = sink_result(sink)
                    if n != marked:
                        flag = 1
                    # One flagged cell (an irregular or refused write) and the
                    # rest of the table goes by the buffer alone.
                    use_sink = flag == 0
                if flag:
                    stamp += 1  # forget the sink's marks
                    state[2] = stamp
                    state[4] += 1
                    n = followers(x, y, buffer)
                    if n < 0 or n > buffer.shape[0]:
                        _record(err, x, y, n, buffer.shape[0])
                        return 4
                    for j in range(np.uint64(n)):
                        u = buffer[j, 0]
                        v = buffer[j, 1]
                        if u < 0 or v < 0 or u > x or v > y or u + v >= x + y:
                            _record(err, x, y, u, v)
                            return _follower_code(x, y, u, v)
                        seen[out[np.uint64(u), np.uint64(v)]] = stamp
                state[3] = 1
                m = regions(x, y, region_buffer)
                if m < 0 or m > region_buffer.shape[0]:
                    _record(err, x, y, m, region_buffer.shape[0])
                    return 6
                for j in range(m):
                    u0 = region_buffer[j, 0]
                    u1 = region_buffer[j, 1]
                    v0 = region_buffer[j, 2]
                    v1 = region_buffer[j, 3]
                    code, cu, cv = _region_code(x, y, u0, u1, v0, v1)
                    if code:
                        _record(err, x, y, cu, cv)
                        return code
                    if u0 >= u1 or v0 >= v1:  # empty (as unsigned numbers it might not be)
                        continue
                    # Checked: unsigned indices, so numba adds no negative-index wraparound
                    # (which costs about 3x in this loop).
                    for u in range(np.uint64(u0), np.uint64(u1)):
                        for v in range(np.uint64(v0), np.uint64(v1)):
                            seen[out[u, v]] = stamp
                start, count, top = _rays_step(
                    x, y, rays, dense, line_base, bits, line_mex, scratch, out, active
                )
                w = start >> 6
                found = -1
                while found < 0:
                    if w >= words:
                        return 5
                    word = scratch[w]
                    for k in range(count):
                        word |= bits[w, active[k]]
                    while word != ALL_ONES:
                        b = lowest_zero_bit(word)
                        if seen[(w << 6) + b] != stamp:
                            found = (w << 6) + b
                            break
                        word |= ONE << np.uint64(b)
                    w += 1
                out[x, y] = found
                for k in range(top + 1):
                    scratch[k] = np.uint64(0)
        return 0

    return numba.njit(boundscheck=boundscheck)(fill)


#: The kernel of each follower function (keyed by its Python function; None: regions only).
_KERNELS: dict[Any, Any] = {}
#: The kernel without a sink (regions only, a function that does not type with a sink, no JIT).
_BUFFER_KERNEL = _make_fill(numba.njit(inline="always")(_no_sink), boundscheck=False)


def _kernel(rule: CompiledRule) -> Any:
    """The rule's kernel: its follower function inlined into a sink (see ``fast._sink``)."""
    if rule.followers is None or not JIT:
        return _BUFFER_KERNEL
    key = getattr(rule.followers, "py_func", rule.followers)
    if key not in _KERNELS:
        _KERNELS[key] = _make_fill(numba.njit(inline="always")(key), boundscheck=True)
    return _KERNELS[key]
