"""The impartial-game interface and the game registry.

A game is a class whose instances generate the followers of a position.
Everything else (Grundy values, outcomes, winning moves) is derived from
``followers`` by the generic solver in :mod:`spec.solver`.

A position is a tuple of non-negative integers (one per pile or counter);
a position of a :class:`spec.games.Sum` is a tuple of component positions.

Adding a game variant is one class and one decorator::

    @register_game
    class MyGame(TwoPileGame):
        name = "my-game"
        rules = "one line of rules"
        source = "where the game is defined"

        def followers(self, position):
            x, y = position
            ...

The CLI, the conformance runner and the property tests iterate over
:data:`GAMES`, so the new game is picked up everywhere.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Iterator
from typing import Any, ClassVar, TypeVar

Position = tuple[Any, ...]

__all__ = [
    "GAMES",
    "ImpartialGame",
    "InvalidPosition",
    "PileGame",
    "Position",
    "TwoPileGame",
    "get_game",
    "register_game",
]


class InvalidPosition(ValueError):
    """A position that is not a legal position of the game.

    The message names the game, the position and what is wrong with it.
    """


class ImpartialGame(ABC):
    """An impartial game under normal play, given by its follower relation.

    Subclasses set the class attributes ``name`` (the registry key),
    ``rules`` (one line) and ``source`` (seed file and section), and
    implement :meth:`followers` and :meth:`check_position`.
    """

    name: ClassVar[str] = ""
    rules: ClassVar[str] = ""
    source: ClassVar[str] = ""

    def __init__(self) -> None:
        # Memo tables of the solver, one per kind of evaluation
        # (``"grundy"``, ``("bounded", g)``): filled by spec.solver.
        self.memo: dict[Any, dict[Position, int]] = {}

    @abstractmethod
    def followers(self, position: Position) -> Iterator[Position]:
        """Yield every position reachable from ``position`` in one move."""

    @abstractmethod
    def check_position(self, position: Any) -> Position:
        """Return ``position`` as a canonical tuple, or raise InvalidPosition."""

    def describe(self) -> str:
        """The name used in messages (the registry name)."""
        return self.name or type(self).__name__

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"


class PileGame(ImpartialGame):
    """A game whose position is a fixed number of non-negative integers.

    ``arity`` is the number of integers; ``coordinates`` names them for
    error messages.
    """

    arity: ClassVar[int] = 1
    coordinates: ClassVar[tuple[str, ...]] = ("n",)

    def check_position(self, position: Any) -> Position:
        """Validate the arity and that every coordinate is an int >= 0.

        Examples
        --------
        >>> from spec.games import Wythoff
        >>> Wythoff().check_position([3, 5])
        (3, 5)
        >>> Wythoff().check_position((3, -1))  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        spec.game.InvalidPosition: wythoff: ... must be non-negative (y = -1)
        """
        if isinstance(position, int) and not isinstance(position, bool):
            position = (position,)
        if not isinstance(position, (tuple, list)):
            raise InvalidPosition(
                f"{self.describe()}: position {position!r}: expected a tuple of "
                f"{self.arity} integers"
            )
        checked: Position = tuple(position)
        if len(checked) != self.arity:
            raise InvalidPosition(
                f"{self.describe()}: position {position!r}: wrong arity, expected "
                f"{self.arity} integers ({', '.join(self.coordinates)}), got {len(checked)}"
            )
        for label, value in zip(self.coordinates, checked, strict=True):
            if isinstance(value, bool) or not isinstance(value, int):
                raise InvalidPosition(
                    f"{self.describe()}: position {position!r}: {label} = {value!r} is not an int"
                )
            if value < 0:
                raise InvalidPosition(
                    f"{self.describe()}: position {position!r}: pile sizes must be "
                    f"non-negative ({label} = {value})"
                )
        return checked


class TwoPileGame(PileGame):
    """A game on two piles (x, y); its Grundy table is G[x, y]."""

    arity: ClassVar[int] = 2
    coordinates: ClassVar[tuple[str, ...]] = ("x", "y")


GameT = TypeVar("GameT", bound=type[ImpartialGame])

#: The registered games: name -> class (each constructible without arguments).
GAMES: dict[str, type[ImpartialGame]] = {}


def register_game(cls: GameT) -> GameT:
    """Class decorator: add ``cls`` to :data:`GAMES` under ``cls.name``."""
    if not cls.name:
        raise ValueError(f"register_game: {cls.__name__} has no name")
    if cls.name in GAMES and GAMES[cls.name] is not cls:
        raise ValueError(f"register_game: the name {cls.name!r} is already registered")
    GAMES[cls.name] = cls
    return cls


def get_game(name: str) -> ImpartialGame:
    """Return a fresh instance of the registered game ``name``.

    Raises
    ------
    ValueError
        If no game has that name; the message lists the known ones.
    """
    factory: Callable[[], ImpartialGame] | None = GAMES.get(name)
    if factory is None:
        known = ", ".join(sorted(GAMES))
        raise ValueError(f"unknown game {name!r}; known games: {known}")
    return factory()
