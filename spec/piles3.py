"""Games of three piles: positions (x, y, z), and their moves along rays.

A three-pile game is a :class:`spec.PileGame` with ``arity = 3`` and no
state (a game with a state, :class:`spec.StateGame`, is two piles and a
counter: another kind). Its definition is ``followers``, as for every game;
the compiled form the 3-D table kernel (:mod:`fast.cube`) reads is plain data:

``move_rays``
    A tuple of rays ``(a, b, c)`` of non-negative integers, not all zero:
    (x, y, z) moves to (x - i a, y - i b, z - i c) for every i >= 1 that
    keeps all three coordinates >= 0.

Every follower is lexicographically smaller than its position (a ray has
non-negative components), so the solver's default :meth:`rank` holds.

Examples
--------
>>> game = Wythoff3()
>>> sorted(game.followers((1, 1, 0)))
[(0, 0, 0), (0, 1, 0), (1, 0, 0)]
>>> is_three_pile(game), is_three_pile("wythoff")
(True, False)
>>> why_not_three_pile("wythoff")
'wythoff is not a three-pile game (positions of three piles, no state)'
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, ClassVar

from spec.game import ImpartialGame, PileGame, Position, as_game, register_game
from spec.shapes import Shape
from spec.solver import BYTES_PER_POSITION, _run, estimate, label

__all__ = [
    "FraenkelWythoff3",
    "Ray3",
    "ThreePileGame",
    "Wythoff3",
    "box_estimate",
    "grundy_box",
    "is_three_pile",
    "ray_followers",
    "why_not_three_pile",
]

#: One ray of a three-pile game: ``(a, b, c)``.
Ray3 = tuple[int, int, int]


class ThreePileGame(PileGame):
    """A game on three piles (x, y, z); its Grundy table is ``G[x, y, z]``.

    ``move_rays`` (optional) is the compiled form: rays ``(a, b, c)`` (see the
    module); ``nim_sum_moves`` (optional) says the second kind of move is every
    (a1, a2, a3) of nim-sum 0 (:class:`FraenkelWythoff3`). The spec never reads them;
    conformance checks them against :meth:`followers`.
    """

    arity: ClassVar[int] = 3
    coordinates: ClassVar[tuple[str, ...]] = ("x", "y", "z")
    shape: ClassVar[Shape | None] = Shape.THREE_PILES
    move_rays: tuple[Ray3, ...] | None = None
    nim_sum_moves: ClassVar[bool] = False


def ray_followers(rays: tuple[Ray3, ...], position: Position) -> Iterator[Position]:
    """The positions ``position - i * ray``, i >= 1, inside the octant, for each ray.

    >>> sorted(ray_followers(((1, 1, 0),), (2, 3, 4)))
    [(0, 1, 4), (1, 2, 4)]
    """
    for ray in rays:
        step = 1
        while True:
            moved = tuple(p - step * r for p, r in zip(position, ray, strict=True))
            if min(moved) < 0:
                break
            yield moved
            step += 1


def one_pile_followers(position: Position) -> Iterator[Position]:
    """The followers taking k >= 1 from one pile (the first kind of move of both games).

    >>> sorted(one_pile_followers((1, 0, 2)))
    [(0, 0, 2), (1, 0, 0), (1, 0, 1)]
    """
    x, y, z = position
    for k in range(1, x + 1):
        yield (x - k, y, z)
    for k in range(1, y + 1):
        yield (x, y - k, z)
    for k in range(1, z + 1):
        yield (x, y, z - k)


@register_game
class Wythoff3(ThreePileGame):
    """Three-pile Wythoff: take any positive amount from one pile, or the same positive
    amount from any two piles.

    The three-pile game of issue 38 (Fraenkel's generalisations of Wythoff's game;
    000 §1 for two piles). Not Fraenkel's N-heap game of Sun and Zeilberger (2004),
    whose second kind of move takes (a1, a2, a3) from all piles with a1 xor a2 xor a3 = 0.

    Examples
    --------
    >>> sorted(Wythoff3().followers((1, 0, 1)))
    [(0, 0, 0), (0, 0, 1), (1, 0, 0)]
    """

    name = "wythoff3"
    rules = "three piles; take k >= 1 from one pile, or k >= 1 from each of two piles"
    source = "issue 38 (three-pile Wythoff); 000 §1 formula (1-3) for two piles"
    move_rays = ((1, 0, 0), (0, 1, 0), (0, 0, 1), (1, 1, 0), (1, 0, 1), (0, 1, 1))

    def followers(self, position: Position) -> Iterator[Position]:
        x, y, z = position
        yield from one_pile_followers(position)
        for k in range(1, min(x, y) + 1):
            yield (x - k, y - k, z)
        for k in range(1, min(x, z) + 1):
            yield (x - k, y, z - k)
        for k in range(1, min(y, z) + 1):
            yield (x, y - k, z - k)


@register_game
class FraenkelWythoff3(ThreePileGame):
    """Fraenkel's 3-heap Wythoff game: take any positive amount from one heap, or
    (a1, a2, a3) from the three heaps, 0 <= a_i <= heap i, not all 0, with
    a1 xor a2 xor a3 = 0 (nim addition).

    Sun and Zeilberger, On Fraenkel's N-heap Wythoff's conjectures, Ann. Comb. 8 (2004)
    (the abstract's definition, N = 3). Its moves are not rays (no ``move_rays``): taking
    (k, k, 0) is one of them, (1, 2, 3) another.

    Examples
    --------
    >>> sorted(FraenkelWythoff3().followers((1, 2, 3)))[:4]
    [(0, 0, 0), (0, 1, 3), (0, 2, 2), (0, 2, 3)]
    >>> (0, 0, 0) in set(Wythoff3().followers((1, 2, 3)))
    False
    """

    name = "fraenkel-wythoff3"
    rules = (
        "three heaps; take k >= 1 from one heap, or (a1, a2, a3) from the three, "
        "not all 0, with a1 xor a2 xor a3 = 0"
    )
    source = "Sun, Zeilberger, Ann. Comb. 8 (2004) (Fraenkel's N-heap Wythoff game, N = 3)"
    #: The compiled form (fast.nheap): the second kind of move is every (a1, a2, a3) of
    #: nim-sum 0, not all 0.
    nim_sum_moves: ClassVar[bool] = True

    def followers(self, position: Position) -> Iterator[Position]:
        x, y, z = position
        yield from one_pile_followers(position)
        for a1 in range(x + 1):
            for a2 in range(y + 1):
                a3 = a1 ^ a2
                if a3 <= z and (a1, a2) != (0, 0):
                    yield (x - a1, y - a2, z - a3)


def is_three_pile(game: ImpartialGame | str) -> bool:
    """Whether ``game`` declares the shape of three piles (positions (x, y, z), no state)."""
    return as_game(game).shape is Shape.THREE_PILES


def why_not_three_pile(game: ImpartialGame | str) -> str | None:
    """None if ``game`` is a three-pile game (:func:`is_three_pile`), else why not (one line)."""
    subject = as_game(game)
    if is_three_pile(subject):
        return None
    return f"{subject.describe()} is not a three-pile game (positions of three piles, no state)"


def grundy_box(game: ImpartialGame, shape: tuple[int, int, int]) -> list[Any]:
    """``T[x][y][z] = G(x, y, z)`` for 0 <= x < X, 0 <= y < Y, 0 <= z < Z (:func:`label`).

    >>> grundy_box(Wythoff3(), (2, 2, 2))
    [[[0, 1], [1, 2]], [[1, 2], [2, 0]]]
    """
    why = why_not_three_pile(game)
    if why is not None:
        raise ValueError(why)
    for name, value in zip("XYZ", shape, strict=True):
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise ValueError(f"grundy_box: {name} must be an int >= 0 ({name} = {value!r})")
    nx, ny, nz = shape
    if not (nx and ny and nz):
        return (
            [[[] for _ in range(ny)] for _ in range(nx)] if nx and ny else [[] for _ in range(nx)]
        )
    game.check_position((0, 0, 0))
    with _run(game, (nx - 1, ny - 1, nz - 1), nx * ny * nz):
        return [[[label(game, (x, y, z)) for z in range(nz)] for y in range(ny)] for x in range(nx)]


def box_estimate(shape: tuple[int, int, int]) -> tuple[float, int]:
    """(seconds, bytes) of :func:`grundy_box`: the solver's estimate below the last cell, and
    every cell kept.

    >>> box_estimate((10, 10, 10))[1] == 2 * box_estimate((5, 10, 10))[1]
    True
    """
    seconds, _ = estimate([max(s - 1, 0) for s in shape])
    return seconds, shape[0] * shape[1] * shape[2] * BYTES_PER_POSITION
