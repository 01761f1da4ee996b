"""Three-pile games: ``grundy-table`` as a cube ``G[x, y, z]`` and ``grundy-box``.

For a three-pile game (:func:`spec.is_three_pile`), the question
``grundy-table`` answers the cube 0 <= x, y, z < size (an (N, N, N) array),
and ``grundy-box`` the box 0 <= x < X, 0 <= y < Y, 0 <= z < Z. Implementations:
``fast.cube`` (the ray-bitset kernel, for a game whose compiled form is
``move_rays`` in three dimensions, :func:`cube_game`; the rays are checked
against the game's ``followers`` on a small cube before the kernel is
trusted) and the ``spec`` (the oracle, :func:`spec.piles3.grundy_box`; its ``grundy-table`` is
registered with the two-pile tables', :mod:`registry.tables`). Each
states its cost: the kernel's model (:func:`fast.cube.cube_cost`) and the
solver's estimate. The P-positions of a cube are read by :func:`p_positions`
(``grundy structure`` of a three-pile game). ``p-box`` answers 1 at the P-positions of a
box: by ``fast.cube`` for a ray game, by ``fast.nheap`` for Fraenkel's 3-heap game (a game
with ``nim_sum_moves``, checked against its ``followers`` likewise), by the spec for any.

The method ``cube`` of the questions ``value`` and ``moves`` answers one position of a
three-pile ray game from the ``fast.cube`` table of the smallest box that holds it
(:func:`position_box`): its coordinates permuted by a symmetry of the game's rays
(:func:`symmetries`, what the game states, never its name) to the order whose box needs the
least memory; its cost is the kernel's (:func:`fast.cube.cube_cost`), so the door takes it
over the spec where it is cheaper and refuses, in one line, a box past the memory.

Examples
--------
>>> import registry
>>> door = registry.question("grundy-box", "wythoff3")
>>> answer = door(x=2, y=3, z=4)
>>> answer.value.shape, answer.name
((2, 3, 4), 'fast.cube')
>>> p_positions(answer.value)[:3]
[(0, 0, 0), (0, 1, 2), (0, 2, 1)]
>>> found = registry.question("value", "wythoff3")(position=(0, 1, 2)).value
>>> found.value, found.method, found.certificate
(0, 'cube', 'exact (table: fast.cube, the box 3x2x1 of the position permuted to (2, 1, 0))')
"""

from __future__ import annotations

import functools
import itertools
from collections.abc import Callable
from typing import Any

import numpy as np

import fast.cube
import fast.nheap
import registry.positions  # the kinds "value" and "moves" this module adds to
import registry.tables  # noqa: F401  (the grundy-table kind, registered there)
import spec
from registry.answers import Moves, Value
from registry.arguments import GRUNDY_TABLE, P_BOX, BoxArgs, PBoxArgs, Progress
from registry.core import (
    BUDGET_SECONDS,
    checked_memory,
    get_question,
    question,
    register_provider,
    register_question,
)
from registry.records import Certificate, Provided
from spec.piles3 import box_estimate, grundy_box, is_three_pile, why_not_three_pile

__all__ = [
    "BOX_DOMAIN",
    "CHECK_SIZE",
    "P_BOX_DOMAIN",
    "cube_game",
    "nheap_game",
    "p_positions",
    "position_box",
    "smallest_heap_sequences",
    "symmetries",
]

#: The cube on which a game's ``move_rays`` are checked against its ``followers``.
CHECK_SIZE = 5
#: The conformance domain of ``grundy-box`` (a box of three different sides).
BOX_DOMAIN = {"x": 9, "y": 12, "z": 14}
#: The conformance domain of ``p-box`` (a few first heaps, long lines).
P_BOX_DOMAIN = {"x": 4, "y": 14, "z": 22}

#: A position as the methods read it: the game has checked it (``check_position``).
Position = Any


@functools.lru_cache(maxsize=64)
def _rays_disagree(game: spec.ImpartialGame) -> str | None:
    rays = tuple(tuple(r) for r in game.move_rays)  # type: ignore[attr-defined]
    for cell in itertools.product(range(CHECK_SIZE), repeat=3):
        stated = set(spec.piles3.ray_followers(rays, cell))
        if stated != set(game.followers(cell)):
            return (
                f"{game.describe()}: its move_rays and its followers differ at {cell} "
                "(fix move_rays or followers)"
            )
    return None


def cube_game(game: spec.ImpartialGame) -> str | None:
    """None if ``fast.cube`` computes ``game``: three piles, ``move_rays`` in three dimensions
    (:func:`fast.cube.covers`) that equal its ``followers`` on the cube of side
    :data:`CHECK_SIZE`; else why not.

    >>> cube_game(spec.get_game("wythoff3")) is None, cube_game(spec.get_game("wythoff"))
    (True, 'wythoff is not a three-pile game (positions of three piles, no state)')
    """
    return why_not_three_pile(game) or fast.cube.covers(game) or _rays_disagree(game)


def _spec_box(game: spec.ImpartialGame) -> Provided:
    def answer(x: int, y: int, z: int) -> np.ndarray:
        return np.array(grundy_box(game, (x, y, z)), dtype=np.int64).reshape(x, y, z)

    return Provided(answer, cost=lambda x, y, z: box_estimate((x, y, z)))


def _cube_box(game: spec.ImpartialGame) -> Provided:
    def answer(x: int, y: int, z: int, progress: Progress | None = None) -> np.ndarray:
        return fast.cube.grundy_cube(game, (x, y, z), progress)

    return Provided(
        checked_memory(answer), cost=lambda x, y, z: fast.cube.cube_cost(game, (x, y, z))
    )


def _cube_table(game: spec.ImpartialGame) -> Provided:
    made = _cube_box(game)
    cost = made.cost
    assert cost is not None
    return Provided(
        lambda size, progress=None: made.answer(x=size, y=size, z=size, progress=progress),
        cost=lambda size: cost(size, size, size),
    )


def p_positions(table: object) -> list[tuple[int, ...]]:
    """The cells of ``table`` (any dimension) with value 0, in lexicographic order.

    >>> p_positions(np.array([[0, 1], [1, 0]]))
    [(0, 0), (1, 1)]
    """
    return [tuple(int(c) for c in cell) for cell in np.argwhere(np.asarray(table) == 0)]


@functools.lru_cache(maxsize=64)
def _nheap_disagrees(game: spec.ImpartialGame) -> str | None:
    shape = (CHECK_SIZE,) * 3
    stated = fast.nheap.p_box(game, shape)
    expected = np.array(grundy_box(game, shape)) == 0
    if not (stated.astype(bool) == expected).all():
        return (
            f"{game.describe()}: its nim_sum_moves rule and its followers differ on the cube "
            f"of side {CHECK_SIZE} (fix nim_sum_moves or followers)"
        )
    return None


def nheap_game(game: spec.ImpartialGame) -> str | None:
    """None if ``fast.nheap`` computes ``game``'s P-positions: three heaps, ``nim_sum_moves``
    (:func:`fast.nheap.covers`), and the same P-positions as its ``followers`` give on the
    cube of side :data:`CHECK_SIZE`; else why not.

    >>> nheap_game(spec.get_game("fraenkel-wythoff3")) is None
    True
    """
    return why_not_three_pile(game) or fast.nheap.covers(game) or _nheap_disagrees(game)


def _zeros(made: Provided) -> Provided:
    """``made`` (a ``grundy-box`` implementation) answering ``p-box``: 1 where G = 0."""

    def answer(x: int, y: int, z: int) -> np.ndarray:
        zeros: np.ndarray = np.asarray(made.answer(x=x, y=y, z=z)) == 0
        return zeros.astype(np.uint8)

    return Provided(answer, made.covers, made.cost)


def _spec_p_box(game: spec.ImpartialGame) -> Provided:
    return _zeros(_spec_box(game))


def _cube_p_box(game: spec.ImpartialGame) -> Provided:
    return _zeros(_cube_box(game))


def _nheap_p_box(game: spec.ImpartialGame) -> Provided:
    def answer(x: int, y: int, z: int, progress: Progress | None = None) -> np.ndarray:
        return fast.nheap.p_box(game, (x, y, z))

    return Provided(
        checked_memory(answer), cost=lambda x, y, z: fast.nheap.p_box_cost(game, (x, y, z))
    )


def smallest_heap_sequences(
    game: spec.ImpartialGame | str, heap: int, size: int, budget: float | None = None
) -> tuple[str, dict[int, tuple[list[int], list[int]]]]:
    """The P-positions (a, A^2_n, A^3_n), a <= A^2_n <= A^3_n, A^2_n increasing, of a
    three-pile game for each smallest heap a = 0..heap, with every heap below ``size``:
    ``(implementation, {a: (A^2, A^3)})``, each A^2 complete up to its last term.

    A line (a, b) holds at most one P-position (a move along the third pile joins any two
    of its cells), and exactly one for the games here; the lines b < size * 0.618 are read
    (A^3 is about phi A^2 for Wythoff-like games; a longer line holds A^3 < A^2 only), and
    A^2 stops before the first line with no P-position below ``size``: past it, a term could
    be missing.

    >>> name, found = smallest_heap_sequences("fraenkel-wythoff3", 1, 12)
    >>> name, found[1]
    ('fast.nheap', ([1, 3, 5], [1, 4, 9]))
    """
    cols = min(size * 618 // 1000 + 2, size)
    answer = question(P_BOX, game)(x=heap + 1, y=cols, z=size, budget=budget)
    box = np.asarray(answer.value)
    found: dict[int, tuple[list[int], list[int]]] = {}
    for a in range(heap + 1):
        plane = box[a]
        has = plane.any(axis=1)
        third = np.where(has, plane.argmax(axis=1), -1)
        missing = np.flatnonzero(~has[a:])
        top = a + int(missing[0]) if missing.size else plane.shape[0]
        second = [b for b in range(a, top) if third[b] >= b]
        found[a] = (second, [int(third[b]) for b in second])
    return answer.name, found


register_question(
    "p-box", "*",
    "1 at the P-positions of {game} in 0 <= x < X, 0 <= y < Y, 0 <= z < Z, else 0",
    P_BOX_DOMAIN, budget=BUDGET_SECONDS, signature=PBoxArgs,
)  # fmt: skip
register_provider("p-box", "spec", "spec", why_not_three_pile, _spec_p_box)
register_provider("p-box", "fast.cube", "fast", cube_game, _cube_p_box)
register_provider("p-box", "fast.nheap", "fast", nheap_game, _nheap_p_box)
register_question(
    "grundy-box", "*", "G[x, y, z] of {game} for 0 <= x < X, 0 <= y < Y, 0 <= z < Z",
    BOX_DOMAIN, budget=BUDGET_SECONDS, signature=BoxArgs,
)  # fmt: skip
register_provider("grundy-box", "spec", "spec", why_not_three_pile, _spec_box)
register_provider("grundy-box", "fast.cube", "fast", cube_game, _cube_box, unit="cells")
register_provider("grundy-table", "fast.cube", "fast", cube_game, _cube_table, unit="cells")

#: The conformance domains of ``grundy-table`` for the built-in three-pile games: the cube
#: of side 40 (150 with ``--all``) that two-pile games are asked would cost the spec
#: 64,000 (3.4 million) positions of up to hundreds (thousands, Fraenkel's rule) of
#: followers each.
CUBE_DOMAINS = ({"size": 16}, [({"size": 40}, False)])


def _cube_domains() -> None:
    """Give the built-in three-pile games' ``grundy-table`` questions :data:`CUBE_DOMAINS`."""
    for name in sorted(spec.GAMES):
        if is_three_pile(name):
            built = get_question(GRUNDY_TABLE, name)
            if built is not None:
                built.domain = dict(CUBE_DOMAINS[0])
                built.extra_domains = list(CUBE_DOMAINS[1])


_cube_domains()


# ------------------------------------------------------------------ one position: value, moves


@functools.lru_cache(maxsize=64)
def symmetries(game: spec.ImpartialGame) -> tuple[tuple[int, int, int], ...]:
    """The permutations p of the coordinates that map the game's ``move_rays`` onto
    themselves: G(x_0, x_1, x_2) = G(x_p0, x_p1, x_p2) (the game graph is the same), identity
    first. Only the rays the game states are read (:func:`cube_game` checks them).

    >>> len(symmetries(spec.get_game("wythoff3")))
    6
    >>> class Skew:  # the rays are all it reads
    ...     move_rays = ((1, 0, 0), (0, 1, 0), (0, 0, 1), (1, 1, 0))
    >>> symmetries(Skew())  # type: ignore[arg-type]
    ((0, 1, 2), (1, 0, 2))
    """
    rays = {tuple(r) for r in game.move_rays}  # type: ignore[attr-defined]
    found = []
    for perm in itertools.permutations(range(3)):
        if {tuple(ray[i] for i in perm) for ray in rays} == rays:
            found.append((perm[0], perm[1], perm[2]))
    return tuple(found)


def position_box(
    game: spec.ImpartialGame, position: Position
) -> tuple[tuple[int, int, int], tuple[int, int, int]]:
    """(the permutation p, the cell ``position`` permuted by p) such that the box of sides
    cell + 1 is, among the game's :func:`symmetries`, the one :func:`fast.cube.grundy_cube`
    computes in the least memory (the largest coordinate first for ``wythoff3``: the bitsets
    are kept for two planes x = const).

    >>> position_box(spec.get_game("wythoff3"), (1, 20, 5))
    ((1, 2, 0), (20, 5, 1))
    """
    cell = tuple(int(c) for c in game.check_position(position))

    def size(perm: tuple[int, int, int]) -> tuple[int, tuple[int, ...]]:
        moved = tuple(cell[i] for i in perm)
        return fast.cube.cube_bytes(game, [c + 1 for c in moved]), tuple(-c for c in moved)

    perm = min(symmetries(game), key=size)
    return perm, (cell[perm[0]], cell[perm[1]], cell[perm[2]])


def _position_table(
    game: spec.ImpartialGame, position: Position
) -> tuple[tuple[int, int, int], np.ndarray, str]:
    """(the permutation, the box's table, the certificate's detail) of ``position``."""
    perm, cell = position_box(game, position)
    table = fast.cube.grundy_cube(game, [c + 1 for c in cell])
    sides = "x".join(str(c + 1) for c in cell)
    moved = "" if perm == (0, 1, 2) else f" of the position permuted to {cell}"
    return perm, table, f"table: fast.cube, the box {sides}{moved}"


def _position_cost(game: spec.ImpartialGame) -> Callable[..., tuple[float, int]]:
    def cost(position: Position) -> tuple[float, int]:
        _perm, cell = position_box(game, position)
        return fast.cube.cube_cost(game, [c + 1 for c in cell])

    return cost


def _cube_value(game: spec.ImpartialGame) -> Provided:
    def answer(position: Position) -> Value:
        _, table, detail = _position_table(game, position)
        found = int(table[-1, -1, -1])
        how = Certificate("exact", detail)
        return Value(game.describe(), position, found, "cube", "fast.cube", how)

    return Provided(checked_memory(answer), cost=_position_cost(game))


def _cube_moves(game: spec.ImpartialGame) -> Provided:
    def answer(position: Position) -> Moves:
        perm, table, detail = _position_table(game, position)
        followers = dict.fromkeys(game.followers(game.check_position(position)))
        found = sorted(f for f in followers if table[f[perm[0]], f[perm[1]], f[perm[2]]] == 0)
        how = Certificate("exact", detail)
        return Moves(game.describe(), position, found, "cube", how)

    return Provided(checked_memory(answer), cost=_position_cost(game))


#: A position's questions that the fast.cube table answers: what each gives from the table.
_POSITION_ROUTES = {
    "value": (_cube_value, "G from the fast.cube table of the smallest box holding the "
              "position, its coordinates permuted by the rays' symmetries"),
    "moves": (_cube_moves, "the followers of value 0 in the fast.cube table of the smallest "
              "box holding the position"),
}  # fmt: skip
for _kind, (_make, _what) in _POSITION_ROUTES.items():
    register_provider(_kind, "cube", "fast", cube_game, _make,
                      certificate=Certificate("exact", "table: fast.cube"),
                      summary=f"a three-pile ray game (move_rays): {_what}")  # fmt: skip
