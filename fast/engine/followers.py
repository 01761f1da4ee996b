"""The followers of a position as the engine sees them, compared with the definition.

:func:`engine_followers` lists a position's followers from the compiled rule
(rays, follower list, regions; the passes of a game with a state; none at a
terminal position); :func:`check_followers` and :func:`verify_rule` compare
them with the game's ``followers``. The refusals of a follower or a count the
kernels find are worded here too.
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Iterator
from itertools import repeat
from typing import Any

import numpy as np

from fast._game_protocol import EngineGame
from fast.engine.codegen import _engine_digest, _source_digest, kernel_cache_dir, package_digest
from fast.engine.kernels import REFUSALS, KernelCode, _follower_code, _guard_holds, _region_code
from fast.engine.plan import block_seconds
from fast.engine.rules import CompiledRule, compiled_rule, layer_states
from floor.files import atomic_write_text
from reference.cells import CHECK_SIDE, CHECK_SPREAD, check_cells, check_side

__all__ = [
    "CHECK_FRACTION",
    "CHECK_SIDE",
    "CHECK_SPREAD",
    "FOLLOWER_SECONDS",
    "check_cells",
    "check_followers",
    "check_symmetric",
    "engine_followers",
    "rule_digest",
    "verify_rule",
]

#: :func:`verify_rule` compares the cells of :func:`reference.cells.check_cells` (one sampling,
#: the prover's too): the spread cells as long as their follower reads stay within
#: CHECK_FRACTION of the table's estimated seconds (:func:`fast.engine.plan.block_seconds`) at
#: FOLLOWER_SECONDS a read.
CHECK_FRACTION = 0.1
#: Seconds of one follower read in the comparison (Python: the engine's and the spec's
#: follower sets; Wythoff's 64^2 square, 4096 cells, 1.1e6 reads in 0.8 s, x86_64, 2026-11-28).
FOLLOWER_SECONDS = 7e-7


def _refused_follower(name: str, code: int, x: int, y: int, u: int, v: int) -> ValueError:
    return ValueError(
        f"{name}: the compiled rule is refused: the follower ({u}, {v}) of ({x}, {y}) "
        f"{REFUSALS[KernelCode(code)]}"
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


def _check_follower(name: str, x: int, y: int, u: int, v: int) -> None:
    code = _follower_code(x, y, u, v)
    if code:
        raise _refused_follower(name, code, x, y, u, v)


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
    return sorted(_follower_set(game, position))


def _follower_set(game: EngineGame, position: tuple[int, ...]) -> set[tuple[int, ...]]:
    """:func:`engine_followers` as a set (no sort: the checks compare sets)."""
    rule = compiled_rule(game)
    states = layer_states(game)
    if len(position) != (3 if states else 2):
        raise ValueError(f"{rule.name}: position {position!r} has the wrong arity")
    x, y = (int(c) for c in position[:2])
    if x < 0 or y < 0:
        raise ValueError(f"{rule.name}: position {position!r} has a negative coordinate")
    if rule.terminal is not None and _terminal_at(rule, x, y):
        return set()
    found = _cell_followers(rule, x, y)
    if not states:
        return set(found)
    s = int(position[2])
    if s not in states:
        raise ValueError(f"{rule.name}: position {position!r}: s = {s} is not a state")
    layer = states.index(s)
    moved: set[tuple[int, ...]] = {(u, v, s) for u, v in found}
    if found:
        moved.update((x, y, states[t]) for t in rule.passes[layer])
    return moved


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
        if _guard_holds(guard, x, y):
            found.update(_ray_cells(x - p, y - q, a, b))
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


def _ray_cells(u: int, v: int, a: int, b: int) -> Iterator[tuple[int, int]]:
    """The cells of a ray from (u, v) by steps (-a, -b) while both stay >= 0."""
    if u < 0 or v < 0:
        return iter(())
    if a == 0 and b == 0:
        return iter(((u, v),))
    steps = min(u // a if a else math.inf, v // b if b else math.inf)
    n = int(steps) + 1
    us = range(u, u - a * n, -a) if a else repeat(u, n)
    vs = range(v, v - b * n, -b) if b else repeat(v, n)
    return zip(us, vs, strict=False)  # repeat() is endless: n cells


def _positions(game: EngineGame, cells: Any) -> list[tuple[int, ...]]:
    """Every position at the cells: (x, y), or (x, y, s) for each state."""
    states = layer_states(game)
    if not states:
        return [(x, y) for x, y in cells]
    return [(x, y, s) for x, y in cells for s in states]


def _first_difference(
    game: EngineGame, positions: Any, budget: float = math.inf
) -> tuple[str | None, int]:
    """The first position whose follower sets differ (how), and the reads made.

    Stops (None) once more than ``budget`` followers were read.
    """
    reads = 0
    for position in positions:
        if reads > budget:
            break
        mine = _follower_set(game, position)
        theirs = set(game.followers(position))
        reads += len(mine) + len(theirs) + 1
        if mine != theirs:
            extra = sorted(mine - theirs)[:3]
            missing = sorted(theirs - mine)[:3]
            return (
                f"{game.describe()}: followers of {position} differ: engine only {extra}, "
                f"spec only {missing}"
            ), reads
    return None, reads


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
    cells = ((x, y) for x in range(size) for y in range(size))
    return _first_difference(game, _positions(game, cells))[0]


def _function_text(function: Any) -> str:
    """What a rule's function (or ``followers``) depends on: its module's source, its code."""
    python = getattr(function, "py_func", function)
    code = getattr(python, "__code__", None)
    cells = getattr(python, "__closure__", None) or ()
    return "\n".join(
        [
            _source_digest(python),
            "" if code is None else f"{code.co_code.hex()} {code.co_consts!r} {code.co_names!r}",
            repr([getattr(cell, "cell_contents", None) for cell in cells]),
        ]
    )


def rule_digest(game: EngineGame, rule: CompiledRule | None = None) -> str:
    """A digest of a game's compiled rule and of its definition: what :func:`verify_rule` checked.

    The rule's name (``describe()``: its parameters), rays, counting rule,
    layers, passes and terminal parameters, and the source and code of its
    functions and of the game's ``followers`` (as the kernel cache names a
    rule's module: :func:`fast.engine.codegen._source_digest`).

    >>> import spec
    >>> rule_digest(spec.get_game("wythoff")) == rule_digest(spec.get_game("a-wythoff:1"))
    False
    """
    rule = rule or compiled_rule(game)
    h = hashlib.sha256()
    parts: tuple[str | bytes, ...] = (
        rule.name,
        rule.rays.tobytes(),
        rule.terminal_parameters.tobytes(),
        repr((rule.k, rule.layers, rule.passes, type(game).__qualname__)),
        *(_function_text(f) for f in rule.python.values()),
        _function_text(type(game).followers),
    )
    for part in parts:
        h.update(part if isinstance(part, bytes) else part.encode())
        h.update(b"\0")
    return h.hexdigest()


#: The sides :func:`verify_rule` has checked in this process, by :func:`_check_key`.
_VERIFIED: dict[str, int] = {}


def _check_key(game: EngineGame, rule: CompiledRule) -> str:
    """The key of a check on disk: :func:`rule_digest`, the source of every module of the
    game's classes (what ``followers`` may call), the engine's own sources and numba's and
    Python's versions (:func:`fast.engine.codegen._engine_digest`)."""
    modules = {c.__module__ for c in type(game).__mro__}
    modules |= {getattr(f, "__module__", "") for f in rule.python.values()}
    h = hashlib.sha256(f"{rule_digest(game, rule)}\0{_engine_digest()}".encode())
    for name in sorted(modules - {"", "builtins"}):
        h.update(b"\0" + _module_text(name).encode())
    return h.hexdigest()[:32]


def _module_text(name: str) -> str:
    """A module's name and source ('' where it has none)."""
    import inspect
    import sys

    try:
        module = sys.modules[name]
        return f"{name}\n{inspect.getsource(module)}\n{package_digest(module)}"
    except (KeyError, OSError, TypeError):
        return name


def _checked_on_disk(key: str) -> int:
    """The side a process has checked for ``key`` (0 if none, or unreadable)."""
    try:
        return int((kernel_cache_dir() / "checked" / key).read_text().split("\n", 1)[0])
    except (OSError, ValueError):
        return 0


def _remember(key: str, side: int, name: str) -> None:
    """Record on disk that ``key``'s rule (named ``name``: ``grundy cache clear GAME``) has
    been checked up to ``side`` (best effort)."""
    try:
        (kernel_cache_dir() / "checked").mkdir(parents=True, exist_ok=True)
        atomic_write_text(kernel_cache_dir() / "checked" / key, f"{side}\n{name}\n")
    except OSError:  # a read-only cache: the next process checks again
        pass


def verify_rule(game: EngineGame, rows: int = CHECK_SIDE, cols: int = CHECK_SIDE) -> CompiledRule:
    """The game's compiled rule, compared with its definition where a table answers.

    Before a compiled rule answers a ``rows`` x ``cols`` table, its
    followers are compared with ``followers`` (every state) on
    :func:`check_cells`: every cell of the table's square up to
    :data:`CHECK_SIDE`, then cells spread over the whole square in both
    orientations, their reads at most :data:`CHECK_FRACTION` of the table's
    estimated seconds (at least the 64^2 square's). A rule that differs is
    refused, naming the first differing position (``grundy conformance``
    compares them in full). Done once per rule and square side, remembered
    in this process and on disk in the kernel cache
    (:func:`fast.engine.codegen.kernel_cache_dir`, folder ``checked``) by a
    key (:func:`_check_key`) that covers :func:`rule_digest`, the source of
    every module of the game's classes and of its rule's functions, and the
    engine's own sources and numba's version, and every source file of each
    of those modules' packages (:func:`fast.engine.codegen.package_digest`: a
    helper in another module of the plugin counts): a changed definition is
    checked again, with kernels compiled again (the generated module is keyed
    the same way). ``grundy cache clear [GAME]`` removes the records and the
    kernels (:func:`fast.engine.codegen.clear_cache`). The records are a cache,
    not a security boundary: whoever can write the cache can run code.

    Raises
    ------
    ValueError
        The compiled rule differs from the definition at a compared position.

    Examples
    --------
    >>> import spec
    >>> verify_rule(spec.get_game("wythoff-pass")).layers
    2
    """
    rule = compiled_rule(game)
    key = _check_key(game, rule)
    side = check_side(rows, cols)
    if _VERIFIED.get(key, 0) >= side:
        return rule
    if _checked_on_disk(key) >= side:
        _VERIFIED[key] = side
        return rule
    square, spread = check_cells(rows, cols)
    difference, reads = _first_difference(game, _positions(game, square))
    if difference is None and spread:
        budget = max(CHECK_FRACTION * block_seconds(rows, cols) / FOLLOWER_SECONDS, reads)
        difference, _ = _first_difference(game, _positions(game, spread), budget)
    if difference is not None:
        raise ValueError(
            f"the compiled rule is refused: it is not the definition: {difference} "
            "(fix compiled_followers / compiled_regions / move_rays or followers)"
        )
    _VERIFIED[key] = max(side, _VERIFIED.get(key, 0))
    _remember(key, _VERIFIED[key], rule.name)
    return rule


def check_symmetric(table: np.ndarray, name: str) -> None:
    """Refuse a table of a game that declares ``G(x, y) = G(y, x)`` where its square part
    ``[0, n)^2`` (n the shorter side) says otherwise: a ValueError naming the first cell
    (row-major, x < y) and the rule ``name``. Every cell whose mirror the table holds is
    compared (both orientations, each layer of a game with a state): the compiled rule is
    sampled against ``followers`` only on :func:`check_cells`, and a rule that differs
    beyond them at one cell shows here (issue 49). Costs one pass over the square.

    >>> check_symmetric(np.array([[0, 1], [1, 2]]), "g")
    >>> check_symmetric(np.array([[0, 1, 5], [2, 2, 0]]), "g")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: the compiled rule of g is refused: ... G(0, 1) = 1 and G(1, 0) = 2 (fix ...
    """
    n = min(table.shape[-2:])
    square = table[..., :n, :n]
    differ = square != np.swapaxes(square, -1, -2)
    if not differ.any():
        return
    cells = np.argwhere(differ)
    first = min(tuple(int(i) for i in c) for c in cells if c[-2] < c[-1])
    *layer, x, y = first
    at = "" if not layer else f" (layer {layer[0]})"
    raise ValueError(
        f"the compiled rule of {name} is refused: the game declares G(x, y) = G(y, x), but "
        f"its table has G({x}, {y}) = {int(square[first])} and G({y}, {x}) = "
        f"{int(square[(*layer, y, x)])}{at} (fix compiled_followers / compiled_regions / "
        "move_rays, or the game's symmetric)"
    )
