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

Games with a state, terminal sets, counting rules
-------------------------------------------------
A :class:`spec.StateGame` (positions (x, y, s)) is computed layer by layer,
in the order of its ``states``: each layer is a table of the two-pile rule,
with one more set of followers at each cell, the earlier layers' values at
the same cell that ``state_moves`` reach (the pass), wherever the cell has a
move within its layer. The tables are stacked: ``G[i, x, y]`` for the i-th
state. A ``compiled_terminal`` predicate is evaluated into a mask of the
block first; a terminal cell gets 0 and no follower, but stays a follower of
the cells above it. A counting rule (``outcome_rule``, k-blocking) keeps per
line the number of P-positions (0 = P) instead of bitsets, and the cell is 0
when fewer than k of its followers are 0, else 1; it needs rays that never
share a cell (checked), given as ``move_rays`` alone.

Compiled once, kept on disk
---------------------------
A rule with code of its own (``compiled_followers``, ``compiled_regions``,
``compiled_terminal``) gets its kernel as a generated module in the kernel
cache (:func:`kernel_cache_dir`), named by a digest of the engine's sources
and of the modules that define the rule's functions: numba's ``cache=True``
keeps the compiled kernel there, so a second process loads it instead of
compiling it again, and any change of either source gets a new module. A
function that cannot be imported by name (defined in ``__main__`` or inside
a function) is compiled in each process.

Before a rule answers for the first time in a process, its followers are
compared with the definition (``followers``) on a sample of positions
(:func:`verify_rule`); a rule that differs is refused, naming the first
differing position.

Ctrl-C: every kernel call decides a block of cells of bounded work (about
:data:`BLOCK_SECONDS` at the measured speed, and a work budget within the
follower kernel) and returns to Python, so an interrupt is served between
blocks, with or without a progress callback.

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

import hashlib
import importlib
import importlib.util
import inspect
import math
import os
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from math import gcd
from pathlib import Path
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
    "BLOCK_SECONDS",
    "GUARDS",
    "CompiledRule",
    "block_cost",
    "block_memory",
    "block_range",
    "block_seconds",
    "check_followers",
    "compiled_rule",
    "covers",
    "engine_followers",
    "fwythoff_slant_followers",
    "grundy_block",
    "grundy_table",
    "grundy_value",
    "kernel_cache_dir",
    "layer_states",
    "sum_at_most",
    "table_memory",
    "verify_rule",
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
# --- Measured constants and the cost model the registry reads (block_seconds). -----------
#: Seconds per cell ~ CELL_SECONDS (1 + (short side / WALK_SIDE)^2 + long side / LONG_SIDE)
#: (grundy_block, rays games, x86_64, 2 cores, idle, 2026-11-26: a-wythoff:2 2000^2 0.79 s,
#: 4000^2 6.7 s, 5000^2 16.5 s, 11 x 2e5 0.35 s, 101 x 1e5 3.6 s; nimhof:1,0/0,1/1,1 5000^2
#: 2.6 s, 101 x 1e5 2.6 s: the formula is above each).
CELL_SECONDS = 1e-7
WALK_SIDE = 2000
LONG_SIDE = 30_000


def block_seconds(rows: int, cols: int) -> float:
    """Estimated seconds of :func:`grundy_block` of ``rows`` x ``cols`` (the constants above).

    >>> round(block_seconds(5000, 5000), 1), round(block_seconds(101, 100_000), 1)
    (18.5, 4.4)
    """
    short, long = min(rows, cols), max(rows, cols)
    cells = rows * cols
    scale = 1 + (short / WALK_SIDE) ** 2 + long / LONG_SIDE
    return (float(cells) if cells < 10**300 else math.inf) * CELL_SECONDS * scale


# ------------------------------------------------------------------------------------------
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
#: The positions :func:`verify_rule` compares with the definition: every x, y below
#: this, and a few larger ones (:data:`SAMPLE_FAR`).
SAMPLE_SIZE = 9
SAMPLE_FAR = ((23, 17), (17, 23), (40, 41), (64, 5), (5, 64), (31, 31))
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


def sum_at_most(x: int, y: int, parameters: np.ndarray) -> bool:
    """The terminal set {x + y <= K} (``parameters[0]`` = K) of ``wythoff-terminal:K``.

    Komaki, Miyadera, Murakami (arXiv:2510.11767, 2605.01435): the compiled
    form of :class:`spec.variants.WythoffTerminal`.

    Examples
    --------
    >>> sum_at_most(1, 1, np.array([2])), sum_at_most(2, 1, np.array([2]))
    (True, False)
    """
    return bool(x + y <= parameters[0])


@dataclass(frozen=True)
class CompiledRule:
    """A game's validated compiled form.

    ``rays`` is an (R, 5) int64 array of (p, q, a, b, guard code);
    ``followers``, ``regions`` and ``terminal`` the jitted functions (bounds
    checked) or None; ``python`` the same functions as written (the kernel
    generator compiles them in); ``name`` the game's ``describe()``.
    ``k`` is 0 for the mex, else the counting rule's k; ``layers`` the number
    of states and ``passes[i]`` the layers state i moves to at the same cell.
    """

    name: str
    rays: np.ndarray
    followers: Callable[..., int] | None
    regions: Callable[..., int] | None = None
    terminal: Callable[..., Any] | None = None
    terminal_parameters: np.ndarray = field(default_factory=lambda: np.zeros(1, np.int64))
    k: int = 0
    layers: int = 1
    passes: tuple[tuple[int, ...], ...] = ((),)
    python: dict[str, Any] = field(default_factory=dict)


_JITTED: dict[Any, Any] = {}


def _load_function(function: Any, name: str, label: str) -> Any:
    """The Python function of a compiled-form entry (a function, a jitted one, or its path)."""
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
    return python_function


def _jit_followers(
    function: Any, name: str, label: str = "compiled_followers"
) -> Callable[..., int]:
    """The follower (region, terminal) function jitted with bounds checking, cached on disk."""
    python_function = _load_function(function, name, label)
    if python_function not in _JITTED:
        cache = _importable(python_function) is not None
        _JITTED[python_function] = numba.njit(boundscheck=True, cache=cache)(python_function)
    return _JITTED[python_function]  # type: ignore[no-any-return]


def _importable(function: Any) -> tuple[str, str] | None:
    """``(module, name)`` if ``function`` can be imported by name from a module file, else None."""
    module = sys.modules.get(getattr(function, "__module__", "") or "")
    qualname = getattr(function, "__qualname__", "")
    path = getattr(module, "__file__", None)
    if module is None or module.__name__ == "__main__" or not path or "<" in qualname:
        return None
    if (
        getattr(module, qualname, None) is not function
        and getattr(getattr(module, qualname, None), "py_func", None) is not function
    ):
        return None
    return module.__name__, qualname


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
        The game is not a two-pile game (or two piles and a state), has no
        compiled form, or its form is malformed (the message says which
        entry and why).

    Examples
    --------
    >>> import spec
    >>> compiled_rule(spec.Wythoff()).rays.tolist()
    [[1, 0, 1, 0, 0], [0, 1, 0, 1, 0], [1, 1, 1, 1, 0]]
    >>> rule = compiled_rule(spec.get_game("wythoff-pass:2"))
    >>> rule.layers, rule.passes
    (3, ((), (0,), (1,)))
    """
    name = game.describe() if hasattr(game, "describe") else repr(game)
    own = any(
        label in vars(game)
        for label in ("compiled_followers", "compiled_regions", "compiled_terminal")
    )
    key = (name, type(game))
    if not own and key in _RULES:
        return _RULES[key]
    arity = getattr(game, "arity", None)
    states = layer_states(game)
    if not hasattr(game, "followers") or (arity != 2 and not (arity == 3 and states)):
        raise ValueError(f"{name}: not a two-pile game (positions are not pairs of integers)")
    rays = getattr(game, "move_rays", None)
    functions = {
        label: vars(game).get(label, getattr(type(game), label, None))
        for label in ("compiled_followers", "compiled_regions", "compiled_terminal")
    }
    if rays is None and functions["compiled_followers"] is None:
        if functions["compiled_regions"] is None:
            raise ValueError(
                f"{name}: no compiled form (set move_rays, compiled_followers or "
                "compiled_regions; see docs/adding-a-game.md)"
            )
    checked = [_check_ray(name, ray) for ray in (rays or ())]
    array = np.array(checked, dtype=np.int64).reshape(len(checked), 5)
    jitted = {
        label: _jit_followers(function, name, label) if function is not None else None
        for label, function in functions.items()
    }
    python = {
        label: _load_function(function, name, label)
        for label, function in functions.items()
        if function is not None
    }
    parameters = np.array(
        [int(v) for v in getattr(game, "terminal_parameters", ()) or ()] or [0], dtype=np.int64
    )
    k = _counting_k(game, name)
    if k and (functions["compiled_followers"] is not None or functions["compiled_regions"]):
        raise ValueError(
            f"{name}: the engine's counting rule takes move_rays alone (a follower list or a "
            "region could name an option twice, or one a ray names); the spec answers"
        )
    if k:
        _check_disjoint(name, checked)
    rule = CompiledRule(
        name,
        array,
        jitted["compiled_followers"],
        jitted["compiled_regions"],
        jitted["compiled_terminal"],
        parameters,
        k,
        max(1, len(states)),
        _passes(game, name, states),
        python,
    )
    if not own:
        _RULES[key] = rule
    return rule


def layer_states(game: Any) -> tuple[int, ...]:
    """The states of a game with a state (its ``states``), or () for a two-pile game.

    Examples
    --------
    >>> import spec
    >>> layer_states(spec.get_game("wythoff-pass")), layer_states(spec.Wythoff())
    ((0, 1), ())
    """
    if getattr(game, "arity", None) != 3:
        return ()
    states = getattr(game, "states", None)
    if not states:
        return ()
    return tuple(int(s) for s in states)


def _passes(game: Any, name: str, states: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """The layers each layer's cells move to (``state_moves``), checked against the order."""
    if not states:
        return ((),)
    index = {s: i for i, s in enumerate(states)}
    passes: list[list[int]] = [[] for _ in states]
    for move in getattr(game, "state_moves", ()) or ():
        if not isinstance(move, (tuple, list)) or len(move) != 2:
            raise ValueError(f"{name}: state_moves entry {move!r}: expected (s, t)")
        s, t = move
        if s not in index or t not in index:
            raise ValueError(f"{name}: state_moves entry {move!r}: not states of the game")
        if index[t] >= index[s]:
            raise ValueError(
                f"{name}: state_moves entry {move!r}: the engine computes the states in the "
                f"order {states}; a move must go to an earlier one"
            )
        if index[t] not in passes[index[s]]:
            passes[index[s]].append(index[t])
    return tuple(tuple(p) for p in passes)


def _counting_k(game: Any, name: str) -> int:
    """0 for the mex, else the k of the game's counting rule."""
    rule = getattr(game, "outcome_rule", None)
    if rule is None:
        return 0
    k = getattr(rule, "k", None)
    if isinstance(k, bool) or not isinstance(k, int) or k < 1:
        raise ValueError(f"{name}: outcome_rule = {rule!r} is not a counting rule with k >= 1")
    return k


def _rays_meet(one: tuple[int, ...], two: tuple[int, ...]) -> bool:
    """Whether two rays (p, q, a, b) ever name the same follower (guards ignored).

    Offsets p + i a, q + i b (i >= 0; i = 0 only for a jump) against the
    other ray's: a point of a non-parallel pair from Cramer's rule, a parallel
    pair on one line by the Chinese remainder theorem.

    >>> _rays_meet((1, 1, 1, 1), (2, 2, 1, 1)), _rays_meet((1, 0, 1, 0), (0, 1, 0, 1))
    (True, False)
    >>> _rays_meet((1, 1, 2, 2), (2, 2, 2, 2)), _rays_meet((0, 1, 0, 1), (0, 2, 0, 0))
    (False, True)
    """
    (p, q, a, b), (r, s, c, d) = one[:4], two[:4]
    if (a, b) == (0, 0) and (c, d) == (0, 0):
        return (p, q) == (r, s)
    if (a, b) == (0, 0):
        return _on_ray(p, q, (r, s, c, d))
    if (c, d) == (0, 0):
        return _on_ray(r, s, (p, q, a, b))
    det = a * d - b * c
    if det != 0:  # p + i a = r + j c, q + i b = s + j d
        i_num, j_num = (r - p) * d - (s - q) * c, (r - p) * b - (s - q) * a
        return i_num % det == 0 and j_num % det == 0 and i_num // det >= 0 and j_num // det >= 0
    if (r - p) * b - (s - q) * a != 0:  # parallel, on different lines
        return False
    step = gcd(a, b)
    ua, ub = a // step, b // step  # the primitive direction; the second start is delta steps on
    delta = (r - p) // ua if ua else (s - q) // ub
    return delta % gcd(step, gcd(c, d)) == 0


def _on_ray(u: int, v: int, ray: tuple[int, int, int, int]) -> bool:
    p, q, a, b = ray
    if a:
        i, rest = divmod(u - p, a)
        return rest == 0 and i >= 0 and v == q + i * b
    if b:
        i, rest = divmod(v - q, b)
        return rest == 0 and i >= 0 and u == p
    return (u, v) == (p, q)


def _check_disjoint(name: str, rays: list[tuple[int, int, int, int, int]]) -> None:
    """Refuse a counting rule whose rays share a follower (it would be counted twice)."""
    for i, one in enumerate(rays):
        for two in rays[i + 1 :]:
            if _rays_meet(one, two):
                raise ValueError(
                    f"{name}: the rays {one[:4]} and {two[:4]} name the same follower; a "
                    "counting rule counts each option once, so give rays that never meet"
                )


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


def engine_followers(game: EngineGame, position: tuple[int, ...]) -> list[tuple[int, ...]]:
    """The followers of ``position`` as the engine sees them, sorted, without repeats.

    Compare with the spec's ``set(game.followers(position))``. A position of
    a game with a state is (x, y, s): its followers within the layer, then
    the passes (x, y, t) of ``state_moves`` if the cell has a move; a
    terminal position has none.

    Examples
    --------
    >>> import spec
    >>> engine_followers(spec.get_game("a-wythoff:2"), (1, 2))
    [(0, 0), (0, 1), (0, 2), (1, 0), (1, 1)]
    >>> engine_followers(spec.get_game("wythoff-pass"), (0, 1, 1))
    [(0, 0, 1), (0, 1, 0)]
    >>> engine_followers(spec.get_game("wythoff-terminal:2"), (1, 1))
    []
    """
    rule = compiled_rule(game)
    states = layer_states(game)
    if len(position) != (3 if states else 2):
        raise ValueError(f"{rule.name}: position {position!r} has the wrong arity")
    x, y = (int(c) for c in position[:2])
    if x < 0 or y < 0:
        raise ValueError(f"{rule.name}: position {position!r} has a negative coordinate")
    if rule.terminal is not None and _terminal_at(rule, x, y):
        return []
    found = _cell_followers(rule, x, y)
    if not states:
        return sorted(found)
    s = int(position[2])
    if s not in states:
        raise ValueError(f"{rule.name}: position {position!r}: s = {s} is not a state")
    layer = states.index(s)
    moved = {(u, v, s) for u, v in found}
    if found:
        moved.update((x, y, states[t]) for t in rule.passes[layer])
    return sorted(moved)


def _terminal_at(rule: CompiledRule, x: int, y: int) -> bool:
    """The rule's terminal predicate at (x, y); one that raises is refused, naming the cell."""
    assert rule.terminal is not None
    try:
        return bool(rule.terminal(x, y, rule.terminal_parameters))
    except Exception as error:  # the user's predicate: any exception is its refusal
        raise _terminal_raised(rule.name, error, x, y) from None


def _terminal_raised(name: str, error: BaseException, x: int, y: int) -> ValueError:
    return ValueError(
        f"{name}: compiled_terminal raised {type(error).__name__} ({error}) at ({x}, {y})"
    )


def _cell_followers(rule: CompiledRule, x: int, y: int) -> set[tuple[int, int]]:
    """The followers of cell (x, y) within a layer: rays, follower list, regions."""
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
    return found


def _positions(game: EngineGame, cells: Any) -> list[tuple[int, ...]]:
    """Every position at the cells: (x, y), or (x, y, s) for each state."""
    states = layer_states(game)
    if not states:
        return [(x, y) for x, y in cells]
    return [(x, y, s) for x, y in cells for s in states]


def _first_difference(game: EngineGame, positions: list[tuple[int, ...]]) -> str | None:
    for position in positions:
        mine = set(engine_followers(game, position))
        theirs = set(game.followers(position))
        if mine != theirs:
            extra = sorted(mine - theirs)[:3]
            missing = sorted(theirs - mine)[:3]
            return (
                f"{game.describe()}: followers of {position} differ: engine only {extra}, "
                f"spec only {missing}"
            )
    return None


def check_followers(game: EngineGame, size: int) -> str | None:
    """Compare the engine's followers with the spec's on 0 <= x, y < size (every state).

    Returns None when every position has the same follower set, else the
    first position where they differ and how. (A table comparison finds a
    wrong rule only where it changes a value; this finds every wrong move.)

    Examples
    --------
    >>> import spec
    >>> check_followers(spec.FWythoff(), 12) is None
    True
    """
    return _first_difference(
        game, _positions(game, ((x, y) for x in range(size) for y in range(size)))
    )


#: The rules :func:`verify_rule` has accepted in this process (by identity; kept alive).
_VERIFIED: dict[int, CompiledRule] = {}


def verify_rule(game: EngineGame) -> CompiledRule:
    """The game's compiled rule, once compared with its definition on a sample of positions.

    Before a compiled rule answers for the first time in a process, its
    followers are compared with ``followers`` at every (x, y) with x, y <
    :data:`SAMPLE_SIZE` and at :data:`SAMPLE_FAR` (every state): cheap, and
    a rule that differs is refused, naming the first differing position
    (``grundy conformance`` compares them in full).

    Raises
    ------
    ValueError
        The compiled rule differs from the definition at a sampled position.

    Examples
    --------
    >>> import spec
    >>> verify_rule(spec.get_game("wythoff-pass")).layers
    2
    """
    rule = compiled_rule(game)
    if _VERIFIED.get(id(rule)) is rule:
        return rule
    cells = [(x, y) for x in range(SAMPLE_SIZE) for y in range(SAMPLE_SIZE)] + list(SAMPLE_FAR)
    difference = _first_difference(game, _positions(game, cells))
    if difference is not None:
        raise ValueError(
            f"the compiled rule is refused: it is not the definition: {difference} "
            "(fix compiled_followers / compiled_regions / move_rays or followers)"
        )
    _VERIFIED[id(rule)] = rule
    return rule


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


def _plan(rule: CompiledRule, rows: int, cols: int, capacity: int, extra: int = 0) -> _Plan:
    """Which rays keep per-line bitsets, where their lines start, the bitset width, the dtype.

    A ray keeps bitsets when it has at most :data:`DENSE_LINES_PER_SIDE` lines
    per table side; taken with the most followers per cell first, a ray of
    at most :data:`WALK_MAX_CELLS` followers walks its cells instead once the
    bitsets would pass :data:`DENSE_BYTES` (a long ray keeps its bitsets: the
    memory check decides). ``extra`` followers per cell (the passes to
    earlier layers) count in the bound. A counting rule keeps one count per
    line (8 bytes) and its tables are uint8 (0 = P, 1 = N).

    >>> import spec
    >>> plan = _plan(compiled_rule(spec.Wythoff()), 101, 262144, 0)
    >>> plan.dense.tolist(), plan.lines  # a long thin block: the row's ray alone
    ([0, 1, 0], 101)
    """
    side = max(rows, cols, 1)
    dense = np.zeros(len(rule.rays), dtype=np.int64)
    base = np.zeros(len(rule.rays), dtype=np.int64)
    bound = (capacity if rule.followers is not None else 0) + extra
    counts = []
    for p, q, a, b, _guard in rule.rays.tolist():
        counts.append(_ray_count(p, q, a, b, rows, cols))
        bound += counts[-1]
    words = 1 if rule.k else bound // 64 + 2
    if bound > 0xFFFFFFFF and not rule.k:
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
    dtype = np.dtype(np.uint8) if rule.k else smallest_unsigned(bound)
    return _Plan(dense, base, lines, words, dtype)


def block_memory(game: EngineGame, rows: int, cols: int) -> int:
    """Bytes :func:`grundy_block` needs for ``game`` (an estimate): every layer, the mask.

    Examples
    --------
    >>> import spec
    >>> block_memory(spec.get_game("nimhof:1,0/1,1/1,2/0,1"), 4000, 4000) // 2**20
    77
    """
    rule = compiled_rule(game)
    capacity = rows + cols + 16
    plan = _plan(rule, rows, cols, capacity, _extra(rule))
    cells = rows * cols
    # The other layers' tables, and the passes' values stacked as uint32.
    layers = (rule.layers - 1) * cells * plan.dtype.itemsize + 4 * _extra(rule) * cells
    mask = cells if rule.terminal is not None else 0
    return _block_memory(plan, rows, cols, capacity) + layers + mask


def block_cost(game: EngineGame, rows: int, cols: int) -> tuple[float, int]:
    """(seconds, bytes) of :func:`grundy_block`: :func:`block_seconds`, :func:`block_memory`."""
    return block_seconds(rows, cols), block_memory(game, rows, cols)


def block_range(rows: int, cols: int) -> str | None:
    """None if the kernel's int32 coordinates hold a block of ``rows`` x ``cols``, else why not.

    >>> block_range(4, 2**31)
    "beyond the kernel's int32 range"
    """
    return None if max(rows, cols) <= 2**31 - 1 else "beyond the kernel's int32 range"


def table_memory(game: EngineGame, size: int) -> int:
    """Bytes :func:`grundy_table` needs for ``game`` at ``size``: :func:`block_memory`, square."""
    return block_memory(game, size, size)


def _extra(rule: CompiledRule) -> int:
    """The most followers the passes add to a cell (the widest layer's)."""
    return max(len(p) for p in rule.passes)


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
    game : spec.TwoPileGame or spec.StateGame
        A game with a compiled form (:func:`covers` is None).
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
        (:func:`verify_rule`), a follower that leaves the board, is not
        smaller, or increases a coordinate, or a terminal predicate that raises.
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
    game: EngineGame,
    rows: int,
    cols: int,
    *,
    progress: Callable[[int, int], None] | None = None,
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
    rule = verify_rule(game)
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
    progress: Callable[[int, int], None] | None,
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
    rays = np.ascontiguousarray(rule.rays)
    mask_array, lower_array = _mask_and_lower(mask, lower)
    if rule.k:  # the counting rule: per line, its P-positions
        counts = np.zeros(max(plan.lines, 1), dtype=np.int64)

        def count(c0: int, c1: int) -> None:
            _fill_count(
                rays, plan.dense, plan.line_base, counts, out, mask_array, mask is not None,
                lower_array, rule.k, c0, c1,
            )  # fmt: skip

        _in_blocks(count, rows, cols, progress)
        return out
    # Word-major: neighbouring cells use neighbouring lines (columns y, y + 1,
    # diagonals y - x, ...) at about the same word, so this layout is cache-friendly.
    bits = np.zeros((plan.words, max(plan.lines, 1)), dtype=np.uint64)
    line_mex = np.zeros(max(plan.lines, 1), dtype=np.int64)
    scratch = np.zeros(plan.words + 1, dtype=np.uint64)

    def fill(c0: int, c1: int) -> None:
        _fill_rays(
            rays, plan.dense, plan.line_base, bits, line_mex, scratch, out, mask_array,
            mask is not None, lower_array, c0, c1,
        )  # fmt: skip

    _in_blocks(fill, rows, cols, progress)
    return out


def _mask_and_lower(
    mask: np.ndarray | None, lower: np.ndarray | None
) -> tuple[np.ndarray, np.ndarray]:
    """The kernels' arrays for "no terminal mask" and "no earlier layers": empty ones."""
    mask_array = np.zeros((1, 1), dtype=np.uint8) if mask is None else mask
    if lower is None:
        return mask_array, np.zeros((0, 1, 1), dtype=np.uint32)
    return mask_array, np.ascontiguousarray(lower, dtype=np.uint32)


def _in_blocks(
    work: Callable[[int, int], None],
    rows: int,
    cols: int,
    progress: Callable[[int, int], None] | None,
) -> None:
    """Run ``work(c0, c1)`` over the cells in blocks of about :data:`BLOCK_SECONDS` each.

    Cells are numbered row by row (c = x * cols + y); each block's size follows
    the previous block's measured speed (at most 4x larger), so every call
    returns to Python within about BLOCK_SECONDS: Ctrl-C is served there.
    ``progress(rows_done, rows)`` after each block.
    """
    total = rows * cols
    done = 0
    step = FIRST_BLOCK
    while done < total:
        stop = min(total, done + step)
        began = time.perf_counter()
        work(done, stop)
        spent = time.perf_counter() - began
        step = max(FIRST_BLOCK, min(4 * step, int(step * BLOCK_SECONDS / max(spent, 1e-6))))
        done = stop
        if progress is not None:
            progress(done // cols, rows)


def _terminal_mask(rule: CompiledRule, rows: int, cols: int) -> np.ndarray | None:
    """The terminal predicate on the block, as a uint8 mask (None without a terminal set)."""
    if rule.terminal is None or rows == 0 or cols == 0:
        return None
    check_memory(rows * cols, f"the {rows}x{cols} terminal mask of {rule.name}")
    mask = np.zeros((rows, cols), dtype=np.uint8)
    state = np.zeros(2, dtype=np.int64)
    kernels = _generated(rule, sink=False)
    step = max(1, MASK_BLOCK // max(cols, 1))  # rows per call: Ctrl-C between blocks
    try:
        for start in range(0, rows, step):
            kernels.terminal_mask(
                rule.terminal_parameters, start, min(rows, start + step), mask, state
            )
    except Exception as error:  # the user's predicate: any exception is its refusal
        if isinstance(error, (KeyboardInterrupt, MemoryError)):
            raise
        raise _terminal_raised(rule.name, error, int(state[0]), int(state[1])) from None
    return mask


def _block_with_followers(
    rule: CompiledRule,
    rows: int,
    cols: int,
    counts: dict[str, int] | None = None,
    progress: Callable[[int, int], None] | None = None,
    mask: np.ndarray | None = None,
    lower: np.ndarray | None = None,
) -> np.ndarray:
    """The table of a rule with a follower function: one pass, resumed where it must grow.

    The kernel records the cell it is at; when the follower function overruns
    its buffer (IndexError) the buffer grows and the pass resumes at that cell,
    and when a value outgrows the bitsets (code 5) they grow and it resumes
    too, so no cell is computed twice. It also returns (code 7) after about
    :data:`FOLLOWER_BUDGET` followers, and resumes at the next cell, so that
    Ctrl-C and ``progress(rows_done, rows)`` are served. The working table
    is uint32; the result has the dtype of the bound (rays' followers + the
    largest buffer). ``counts``, if given, gets ``"buffer cells"``: how many
    cells the follower function's buffer served (the others went through
    the sink, ``fast._sink``).
    """
    if rows * cols > 2**32:
        raise OverflowError(
            f"{rule.name}: a {rows}x{cols} table is beyond the follower kernel's uint32 range"
        )
    capacity = rows + cols + 16
    extra = 0 if lower is None else len(lower)
    plan = _plan(rule, rows, cols, capacity, extra)
    words = plan.words
    if lower is not None and lower.size:  # the earlier layers' values are marked in seen too
        words = max(words, int(lower.max()) // 64 + 2)
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
    mask_array, lower_array = _mask_and_lower(mask, lower)
    kernel = _kernel(rule)
    while True:
        try:
            code = kernel(
                buffer, region_buffer, rays, plan.dense, plan.line_base, bits, line_mex,
                scratch, seen, out, err, state, rows, mask_array, mask is not None,
                lower_array, FOLLOWER_BUDGET,
            )  # fmt: skip
        except numba.core.errors.NumbaError:  # compiling, before any cell
            if not _sink_kernel(rule, kernel):
                raise
            # The function uses ``out`` beyond row writes (or does not inline): the
            # buffer alone serves it.
            kernel = _KERNELS[_kernel_key(rule)] = _generated(rule, sink=False).fill
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
        if code == 7:  # the work budget is spent: report, resume at the cell kept in state
            if progress is not None:
                progress(int(state[0]), rows)
            continue
        if code:
            raise _refused_follower(rule.name, code, *(int(c) for c in err))
        if progress is not None:
            progress(rows, rows)
        if counts is not None:
            counts["buffer cells"] = int(state[4])
        # The regions' cells are not in the bound: the largest value decides then.
        dtype = _plan(rule, rows, cols, capacity, extra).dtype
        top = int(out.max())
        if top > np.iinfo(dtype).max:
            dtype = smallest_unsigned(top)
        return out.astype(dtype, copy=False)


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
def _ray_start(
    rays: np.ndarray, r: int, x: int, y: int
) -> tuple[int, int, int, int, bool]:  # pragma: no cover - jit
    """Ray r's first follower (u, v) of (x, y), its step (a, b), and whether it applies there.

    (u, v) has a negative coordinate when the ray has no follower at (x, y).
    """
    p, q, a, b, guard = rays[r, 0], rays[r, 1], rays[r, 2], rays[r, 3], rays[r, 4]
    return x - p, y - q, a, b, _guard_holds(guard, x, y)


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
        u, v, a, b, on = _ray_start(rays, r, x, y)
        if u < 0 or v < 0:
            continue
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
    mask: np.ndarray,
    use_mask: bool,
    lower: np.ndarray,
    c0: int,
    c1: int,
) -> int:  # pragma: no cover - jit
    """Cells c0 <= c < c1 (c = x * cols + y) of a game given by rays only (cached: no function).

    With ``use_mask``, a terminal cell (``mask[x, y]``) gets 0; its cells still
    enter the rays' lines. Elsewhere, if the cell has a move in its layer, the
    values ``lower[j, x, y]`` (the earlier layers' at the cell: the passes;
    none for a game without a state) join its followers'.
    """
    cols = out.shape[1]
    active = np.zeros(max(rays.shape[0], 1), dtype=np.int64)
    for c in range(c0, c1):
        x = c // cols
        y = c - x * cols
        start, count, top = _rays_step(
            x, y, rays, dense, line_base, bits, line_mex, scratch, out, active
        )
        if use_mask and mask[x, y] != 0:
            out[x, y] = 0
            for k in range(top + 1):
                scratch[k] = np.uint64(0)
            continue
        if count > 0 or top >= 0:
            for j in range(lower.shape[0]):
                w = set_bit(scratch, np.int64(lower[j, x, y]))
                if w > top:
                    top = w
        _mex_store(x, y, start, count, top, bits, active, scratch, out)
    return 0


@jit
def _fill_count(
    rays: np.ndarray,
    dense: np.ndarray,
    line_base: np.ndarray,
    counts: np.ndarray,
    out: np.ndarray,
    mask: np.ndarray,
    use_mask: bool,
    lower: np.ndarray,
    k: int,
    c0: int,
    c1: int,
) -> int:  # pragma: no cover - jit
    """Cells c0 <= c < c1 under the counting rule: 0 (P) iff fewer than k followers are 0.

    A dense ray keeps, per line, how many of the line's cells added so far
    are P-positions (the ray's followers are exactly those cells, as in
    :func:`_rays_step`); a sparse ray walks its cells. The rays never share
    a follower (:func:`compiled_rule` checks), so the sum is the number of
    P-options. ``mask`` and ``lower`` as in :func:`_fill_rays`.
    """
    rows, cols = out.shape
    for c in range(c0, c1):
        x = c // cols
        y = c - x * cols
        p_options = 0
        moves = 0
        for r in range(rays.shape[0]):
            u, v, a, b, on = _ray_start(rays, r, x, y)
            if u < 0 or v < 0:
                continue
            if dense[r]:
                line = line_base[r] + _line_id(u, v, a, b, rows, cols)
                if out[u, v] == 0:
                    counts[line] += 1
                if on:
                    p_options += counts[line]
                    moves += 1
            elif on:
                moves += 1
                while u >= 0 and v >= 0:
                    if out[u, v] == 0:
                        p_options += 1
                    if a == 0 and b == 0:
                        break
                    u -= a
                    v -= b
        if use_mask and mask[x, y] != 0:
            out[x, y] = 0
            continue
        if moves > 0:
            for j in range(lower.shape[0]):
                if lower[j, x, y] == 0:
                    p_options += 1
        out[x, y] = 0 if p_options < k else 1
    return 0


def _no_rows(x: int, y: int, out: np.ndarray) -> int:  # pragma: no cover - jit
    """The follower or region function of a rule that has none."""
    return 0


def _no_terminal(x: int, y: int, parameters: np.ndarray) -> bool:  # pragma: no cover - jit
    """The terminal predicate of a rule without a terminal set."""
    return False


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


# ---------------------------------------------------------------------------
# The kernels of a rule with code of its own, generated as a module and kept on disk.
#
# The two templates below are plain functions whose globals _SINK, _FOLLOWERS,
# _REGIONS and _TERMINAL name the rule's functions. They are never called here:
# their source is written into a generated module (:func:`_generated`) that binds
# those names to the rule's functions (imported by name) and compiles the templates
# with numba's cache=True there, so the compiled kernel is kept next to the module.

_SINK: Any = _no_sink
_FOLLOWERS: Any = _no_rows
_REGIONS: Any = _no_rows
_TERMINAL: Any = _no_terminal


def fill(
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
    mask: np.ndarray,
    use_mask: bool,
    lower: np.ndarray,
    budget: int,
) -> int:  # pragma: no cover - jit (a template: see _generated)
    """Rows up to ``stop`` (exclusive) of the table of a game with a follower function.

    Starts at the cell ``state[:2]`` and keeps it there while it works, so that
    the caller can resume after growing a buffer (the follower or region
    function, ``state[3]`` says which, raised IndexError) or the bitsets
    (return code 5), or after ``budget`` followers (return code 7). The
    followers' values are marked in ``seen`` with a per-cell stamp (one store
    each, nothing to clear): first through the sink, and only if the sink
    flags the cell (or there is none) through the buffer, under a new stamp,
    with the checks and error codes below. A region (u0, u1, v0, v1) is every
    (u, v) with u0 <= u < u1, v0 <= v < v1: checked at its corners, then read
    row by row. A terminal cell (``mask``) gets 0 and no follower; elsewhere
    the earlier layers' values ``lower[j, x, y]`` join the followers' when the
    cell has a move. The mex reads the rays' line bitsets and the scratch word
    by word and the stamps at the free bits. Returns 0, or a code (``err``
    holds the cell and the follower or count).
    """
    cols = out.shape[1]
    words = bits.shape[0]
    active = np.zeros(max(rays.shape[0], 1), dtype=np.int64)
    x0 = state[0]
    y0 = state[1]
    stamp = state[2]
    use_sink = True
    work = 0
    for x in range(x0, stop):
        for y in range(y0 if x == x0 else 0, cols):
            state[0] = x
            state[1] = y
            if work >= budget:
                return 7
            state[3] = 0
            stamp += 1
            state[2] = stamp
            moves = 0
            terminal = use_mask and mask[x, y] != 0
            if not terminal:
                flag = 1
                n = 0
                if use_sink:
                    sink = make_sink(out, seen, x, y, stamp)
                    n = _SINK(x, y, sink)
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
                    n = _FOLLOWERS(x, y, buffer)
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
                moves += n
                work += n
                state[3] = 1
                m = _REGIONS(x, y, region_buffer)
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
                    moves += 1
                    work += (u1 - u0) * (v1 - v0)
                    # Checked: unsigned indices, so numba adds no negative-index wraparound
                    # (which costs about 3x in this loop).
                    for u in range(np.uint64(u0), np.uint64(u1)):
                        for v in range(np.uint64(v0), np.uint64(v1)):
                            seen[out[u, v]] = stamp
            start, count, top = _rays_step(
                x, y, rays, dense, line_base, bits, line_mex, scratch, out, active
            )
            work += count + 1
            if terminal:
                out[x, y] = 0
                for k in range(top + 1):
                    scratch[k] = np.uint64(0)
                continue
            if moves > 0 or count > 0 or top >= 0:
                for j in range(lower.shape[0]):
                    seen[lower[j, x, y]] = stamp
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
    state[0] = stop
    state[1] = 0
    return 0


def terminal_mask(
    parameters: np.ndarray, x0: int, x1: int, mask: np.ndarray, state: np.ndarray
) -> int:  # pragma: no cover - jit (a template: see _generated)
    """Rows x0 <= x < x1 of the terminal mask: ``mask[x, y] = 1`` where the predicate holds."""
    for x in range(x0, x1):
        for y in range(mask.shape[1]):
            state[0] = x
            state[1] = y
            mask[x, y] = 1 if _TERMINAL(x, y, parameters) else 0
    return 0


#: The generated kernels, by key (the rule's functions and whether the sink is used).
_KERNELS: dict[Any, Any] = {}
_MODULES: dict[str, Any] = {}


def kernel_cache_dir() -> Path:
    """Where the generated kernel modules (and numba's cache of them) are kept.

    ``$GRUNDY_KERNEL_CACHE``, else ``$NUMBA_CACHE_DIR/grundy-kernels``, else
    ``$XDG_CACHE_HOME/grundy-wythoff/kernels`` (``~/.cache`` by default); a
    directory that cannot be written falls back to a temporary one (then
    each process compiles again).
    """
    for variable, suffix in (
        ("GRUNDY_KERNEL_CACHE", ""),
        ("NUMBA_CACHE_DIR", "grundy-kernels"),
        ("XDG_CACHE_HOME", "grundy-wythoff/kernels"),
    ):
        if os.environ.get(variable):
            return Path(os.environ[variable]) / suffix
    return Path.home() / ".cache" / "grundy-wythoff" / "kernels"


def _source_digest(function: Any) -> str:
    """The text a rule's function depends on: its whole module's source, and its name."""
    module = sys.modules.get(function.__module__)
    try:
        text = inspect.getsource(module) if module is not None else ""
    except (OSError, TypeError):
        text = ""
    return f"{function.__module__}:{function.__qualname__}\n{text}"


_ENGINE_DIGEST: list[str] = []


def _engine_digest() -> str:
    """A digest of the engine's own sources, numba's and Python's versions."""
    if not _ENGINE_DIGEST:
        digest = hashlib.sha256(f"{numba.__version__} {sys.version}".encode())
        for module in ("fast.engine", "fast._sink", "fast._bits", "fast._jit", "fast._rules"):
            path = getattr(sys.modules.get(module), "__file__", None)
            if path:
                digest.update(Path(path).read_bytes())
        _ENGINE_DIGEST.append(digest.hexdigest())
    return _ENGINE_DIGEST[0]


def _kernel_key(rule: CompiledRule) -> tuple[Any, ...]:
    return tuple(rule.python.get(label) for label in _LABELS)


_LABELS = ("compiled_followers", "compiled_regions", "compiled_terminal")
_GLOBALS = {"compiled_followers": "_FOLLOWERS", "compiled_regions": "_REGIONS",
            "compiled_terminal": "_TERMINAL"}  # fmt: skip


def _module_text(rule: CompiledRule, sink: bool, key: str) -> str | None:
    """The generated module's source, or None if a function cannot be imported by name."""
    lines = [
        f'"""Generated by fast.engine for {rule.name!r}: its kernels, compiled with numba\'s',
        f'cache (key {key}). Do not edit: a changed source gets a new module."""',
        "import numba",
        "import numpy as np",
        "from fast._bits import ALL_ONES, ONE, lowest_zero_bit, set_bit",
        "from fast._sink import make_sink, sink_result",
        "from fast.engine import _follower_code, _no_rows, _no_sink, _no_terminal,"
        " _rays_step, _record, _region_code",
    ]
    for label in _LABELS:
        function = rule.python.get(label)
        name = _GLOBALS[label]
        if function is None:
            default = "_no_terminal" if label == "compiled_terminal" else "_no_rows"
            lines.append(f"{name} = numba.njit({default})")
            continue
        where = _importable(function)
        if where is None:
            return None
        module, qualname = where
        lines.append(f"from {module} import {qualname} as _user{name}")
        options = "inline='always'" if label == "compiled_terminal" else "boundscheck=True"
        lines.append(
            f"{name} = numba.njit({options})(getattr(_user{name}, 'py_func', _user{name}))"
        )
    user = rule.python.get("compiled_followers")
    if sink and user is not None:
        lines.append(
            "_SINK = numba.njit(inline='always')(getattr(_user_FOLLOWERS, 'py_func', "
            "_user_FOLLOWERS))"
        )
    else:
        lines.append("_SINK = numba.njit(inline='always')(_no_sink)")
    lines.append(inspect.getsource(fill).replace("def fill(", "def fill(", 1))
    lines.append("fill = numba.njit(boundscheck=True, cache=True)(fill)")
    lines.append(inspect.getsource(terminal_mask))
    lines.append("terminal_mask = numba.njit(boundscheck=True, cache=True)(terminal_mask)")
    return "\n".join(lines) + "\n"


class _Kernels:
    """The generated kernels of a rule: ``fill`` and ``terminal_mask``."""

    def __init__(self, fill: Any, terminal_mask: Any) -> None:
        self.fill = fill
        self.terminal_mask = terminal_mask


def _generated(rule: CompiledRule, sink: bool) -> _Kernels:
    """The rule's kernels, from the kernel cache (written and compiled there the first time).

    A function that cannot be imported by name gets its kernels compiled in
    this process only (the templates executed with it bound, no disk cache).
    """
    key_text = "\n".join(
        [_engine_digest(), f"sink={sink and JIT}"]
        + [_source_digest(f) if f is not None else "-" for f in _kernel_key(rule)]
    )
    key = hashlib.sha256(key_text.encode()).hexdigest()[:20]
    if key in _MODULES:
        return _MODULES[key]  # type: ignore[no-any-return]
    text = _module_text(rule, sink and JIT, key)
    if text is None:
        kernels = _in_process(rule, sink and JIT)
    else:
        kernels = _load_module(key, text)
    _MODULES[key] = kernels
    return kernels


def _in_process(rule: CompiledRule, sink: bool) -> _Kernels:
    """The kernels compiled in this process (a rule function that cannot be imported by name)."""
    namespace: dict[str, Any] = dict(globals())
    user = rule.python
    namespace["_FOLLOWERS"] = rule.followers or numba.njit(_no_rows)
    namespace["_REGIONS"] = rule.regions or numba.njit(_no_rows)
    namespace["_TERMINAL"] = numba.njit(inline="always")(
        user.get("compiled_terminal", _no_terminal)
    )
    follower = user.get("compiled_followers")
    namespace["_SINK"] = numba.njit(inline="always")(follower if sink and follower else _no_sink)
    exec(inspect.getsource(fill), namespace)  # the engine's own templates
    exec(inspect.getsource(terminal_mask), namespace)
    return _Kernels(
        numba.njit(boundscheck=True)(namespace["fill"]),
        numba.njit(boundscheck=True)(namespace["terminal_mask"]),
    )


def _load_module(key: str, text: str) -> _Kernels:
    """Write (once) and import the generated module ``grundy_kernel_<key>``."""
    name = f"grundy_kernel_{key}"
    directory = kernel_cache_dir()
    try:
        directory.mkdir(parents=True, exist_ok=True)
        path = directory / f"{name}.py"
        if not path.exists() or path.read_text() != text:
            handle, temporary = tempfile.mkstemp(dir=directory, suffix=".tmp")
            with os.fdopen(handle, "w") as stream:
                stream.write(text)
            os.replace(temporary, path)
    except OSError:  # not writable: a temporary directory, compiled again next time
        directory = Path(tempfile.mkdtemp(prefix="grundy-kernels-"))
        path = directory / f"{name}.py"
        path.write_text(text)
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return _Kernels(module.fill, module.terminal_mask)


def _sink_kernel(rule: CompiledRule, kernel: Any) -> bool:
    """Whether ``kernel`` is the rule's sink kernel (a NumbaError there falls back)."""
    return (
        JIT
        and rule.python.get("compiled_followers") is not None
        and (kernel is _generated(rule, sink=True).fill)
    )


def _kernel(rule: CompiledRule) -> Any:
    """The rule's follower kernel: its follower function inlined into a sink (``fast._sink``)."""
    key = _kernel_key(rule)
    if key not in _KERNELS:
        _KERNELS[key] = _generated(rule, sink=True).fill
    return _KERNELS[key]
