"""The followers of a position as the engine sees them, compared with the definition.

:func:`engine_followers` lists a position's followers from the compiled rule
(rays, follower list, regions; the passes of a game with a state; none at a
terminal position); :func:`check_followers` and :func:`verify_rule` compare
them with the game's ``followers``. The refusals of a follower or a count the
kernels find are worded here too.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from fast._game_protocol import EngineGame
from fast.engine.kernels import REFUSALS, KernelCode, _follower_code, _guard_holds, _region_code
from fast.engine.rules import CompiledRule, compiled_rule, layer_states

__all__ = ["SAMPLE_FAR", "SAMPLE_SIZE", "check_followers", "engine_followers", "verify_rule"]

#: The positions :func:`verify_rule` compares with the definition: every x, y below
#: this, and a few larger ones (:data:`SAMPLE_FAR`).
SAMPLE_SIZE = 9
SAMPLE_FAR = ((23, 17), (17, 23), (40, 41), (64, 5), (5, 64), (31, 31))


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
