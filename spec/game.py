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

Every follower must be a valid position and smaller than the position it
leaves in :meth:`ImpartialGame.rank` (lexicographic order by default): the
solver refuses a rule that cycles, grows or leaves the board
(:class:`NotAGame`, naming the game, the position and the follower).

A *family* of games with parameters (``nimhof:1,0/0,1/1,1``,
``a-wythoff:2``) is registered with :func:`register_family`: a factory
parses the text after the colon and returns an instance, whose
``describe()`` is the canonical name. :func:`get_game` accepts both.

A two-pile game may also describe its moves as plain data for the compiled
engine (:mod:`fast.engine`): ``move_rays`` (unbounded rays and single jumps)
and ``compiled_followers`` (a numba follower function, or its
``"module:function"`` path). See ``docs/adding-a-game.md``.

Three more kinds of game, each stated plainly in ``followers`` (the
definition) and, for the engine, as data:

* a game with a finite **state** (:class:`StateGame`): positions
  (x, y, s), s one of ``states``; the moves within a layer are a two-pile
  rule, and ``state_moves`` lists the moves between layers (the pass:
  same cell, another layer);
* a **terminal set**: positions without moves, which ``followers`` simply
  does not expand (``compiled_terminal``, a predicate, for the engine);
* an **outcome rule** other than the mex (:class:`CountingRule`: P iff
  fewer than k options are P-positions, Larsson's k-blocking). Such a game
  has no Grundy value: its tables hold 0 at P-positions and 1 at
  N-positions (:func:`spec.solver.label`), and asking for a Grundy value is
  refused (:class:`NoGrundyValue`).
"""

from __future__ import annotations

import difflib
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any, ClassVar, Protocol, TypeVar

from spec.kernel_names import check_kernel_name
from spec.shapes import Shape

Position = tuple[Any, ...]

__all__ = [
    "FAMILIES",
    "GAMES",
    "CountingRule",
    "Family",
    "ImpartialGame",
    "InvalidPosition",
    "NoGrundyValue",
    "NotAGame",
    "PileGame",
    "Position",
    "StateGame",
    "TwoPileGame",
    "as_game",
    "get_game",
    "outcome_rule",
    "register_family",
    "register_game",
]


class InvalidPosition(ValueError):
    """A position that is not a legal position of the game.

    The message names the game, the position and what is wrong with it.
    """


class NotAGame(InvalidPosition):
    """A follower rule that does not define a game: a move to a position that is
    not valid, or not smaller than the position it leaves (a cycle, or play that
    grows forever). The message names the game, the position and the follower.
    """


class NoGrundyValue(ValueError):
    """A Grundy value asked of a game whose outcome rule is not the mex.

    The message names the game and its rule (k-blocking: P iff fewer than k
    options are P-positions); its outcomes (P or N) are what it has.
    ``outcome`` is the position's outcome ("P" or "N") where the raiser knew
    it, else None.
    """

    def __init__(self, message: str, outcome: str | None = None) -> None:
        super().__init__(message)
        self.outcome = outcome


@dataclass(frozen=True)
class CountingRule:
    """An outcome rule: a position is a P-position iff fewer than ``k`` options are.

    Larsson's k-blocking (Electron. J. Combin. 18 (2011) P120): before each
    move the previous player may forbid up to k - 1 options, so the player
    to move wins iff at least k options are P-positions. k = 1 is the
    normal play outcome of the mex rule. The options are counted as
    positions: an option reached by two moves counts once.

    Examples
    --------
    >>> rule = CountingRule(2)
    >>> rule.label(1), rule.label(2)  # P-options among the followers -> 0 (P) or 1 (N)
    (0, 1)
    >>> CountingRule(0)
    Traceback (most recent call last):
    ...
    ValueError: counting rule: k = 0 must be an int >= 1
    """

    k: int

    def __post_init__(self) -> None:
        if isinstance(self.k, bool) or not isinstance(self.k, int) or self.k < 1:
            raise ValueError(f"counting rule: k = {self.k!r} must be an int >= 1")

    def label(self, p_options: int) -> int:
        """0 (P-position) if fewer than k options are P-positions, else 1 (N)."""
        return 0 if p_options < self.k else 1

    def describe(self) -> str:
        """The rule in words, for messages."""
        return f"P iff fewer than {self.k} options are P-positions ({self.k}-blocking)"


def outcome_rule(game: ImpartialGame) -> CountingRule | None:
    """The game's outcome rule: None for the mex (Grundy values), else its counting rule.

    Examples
    --------
    >>> from spec.games import Wythoff
    >>> outcome_rule(Wythoff()) is None
    True
    """
    rule = game.outcome_rule
    if rule is not None and not isinstance(rule, CountingRule):
        raise ValueError(
            f"{game.describe()}: outcome_rule = {rule!r} is not a spec.CountingRule (or None)"
        )
    return rule


def check_sizes(
    game: ImpartialGame, position: Any, labelled: Iterable[tuple[str, Any]], what: str
) -> None:
    """InvalidPosition unless every ``(label, value)`` of ``position`` is an int >= 0.

    ``what`` names the sizes in the message (``"pile"``, ``"heap"``).
    """
    for label, value in labelled:
        if isinstance(value, bool) or not isinstance(value, int):
            raise InvalidPosition(
                f"{game.describe()}: position {position!r}: {label} = {value!r} is not an int"
            )
        if value < 0:
            raise InvalidPosition(
                f"{game.describe()}: position {position!r}: {what} sizes must be "
                f"non-negative ({label} = {value})"
            )


class ImpartialGame(ABC):
    """An impartial game under normal play, given by its follower relation.

    Subclasses set the class attributes ``name`` (the registry key),
    ``rules`` (one line) and ``source`` (seed file and section), and
    implement :meth:`followers` and :meth:`check_position`.
    """

    #: The numeration (the decider's ``--numeration`` word: ``fibonacci``, ``pell``, ...) in
    #: which the game states its sets are automatic, or None: not stated (``grundy prove
    #: --learn`` then reads Fibonacci's words). a-Wythoff's ``a = 2`` states ``pell``.
    natural_numeration: str | None = None
    name: ClassVar[str] = ""
    rules: ClassVar[str] = ""
    source: ClassVar[str] = ""
    #: Misère play (the last player to move loses; values G⁻): set by :func:`spec.misere`.
    misere: ClassVar[bool] = False
    #: The shape of the positions (:class:`spec.shapes.Shape`), declared by the base class;
    #: None for a game of no shape the layers know (a sum).
    shape: ClassVar[Shape | None] = None
    #: The outcome rule: None for the mex (Grundy values), else a :class:`CountingRule`.
    outcome_rule: CountingRule | None = None
    #: G(x, y) = G(y, x) as the game states it (True or False), or None: not stated
    #: (:func:`spec.tables.symmetric` then reads the rays).
    symmetric: ClassVar[bool | None] = None

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

    def rank(self, position: Position) -> Any:
        """A key that every move strictly lowers, in a well-founded order.

        The solver refuses a follower whose rank is not below its position's
        (:class:`NotAGame`): that is how a rule with a cycle or unbounded
        growth is caught before memory grows. The default is the position
        itself, compared lexicographically (a well-order on tuples of
        non-negative integers): every game whose moves lower the first
        coordinate they change qualifies. A game with other moves overrides it.

        Examples
        --------
        >>> from spec.games import Wythoff
        >>> Wythoff().rank((2, 5)) < Wythoff().rank((3, 0))
        True
        """
        return position

    def describe(self) -> str:
        """The name used in messages (the registry name)."""
        return self.name or type(self).__name__

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"


class PileGame(ImpartialGame):
    """A game whose position is a fixed number of non-negative integers.

    ``arity`` is the number of integers; ``coordinates`` names them for
    error messages. A subclass that sets ``arity`` and no ``shape`` declares the shape of
    its arity (:meth:`spec.shapes.Shape.of_arity`: 1 one heap, 2 two piles, 3 three piles).
    """

    arity: ClassVar[int] = 1
    coordinates: ClassVar[tuple[str, ...]] = ("n",)
    shape: ClassVar[Shape | None] = Shape.ONE_HEAP

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if "arity" in vars(cls) and "shape" not in vars(cls):
            cls.shape = Shape.of_arity(cls.arity)

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
        check_sizes(self, position, zip(self.coordinates, checked, strict=True), "pile")
        return checked


#: One entry of ``move_rays``: ``(a, b)``, ``(p, q, a, b)`` or ``(p, q, a, b, guard)``.
MoveRay = tuple[int | str, ...]


class CompiledForm:
    """The compiled form a two-pile rule may carry (see :class:`TwoPileGame`): none by default.

    Beside each compiled move or terminal set, its first-order form (what the decider reads,
    :func:`spec.capabilities.first_order_form`): ``move_formulas`` (the moves that are no
    ray, formulas in x, y -> u, v), ``terminal_formula`` (the terminal set, in x, y), and
    ``first_order_missing``, why a follower function has no first-order form (one line).
    """

    move_rays: tuple[MoveRay, ...] | None = None
    compiled_followers: Any = None
    compiled_regions: Any = None
    compiled_terminal: Any = None
    terminal_parameters: tuple[int, ...] = ()
    move_formulas: tuple[str, ...] = ()
    terminal_formula: str | None = None
    first_order_missing: ClassVar[str | None] = None
    #: A method ``row_shifts(x) -> (start, shifts)`` stating the rows' moves
    #: (:func:`reference.row_bounds.row_moves`), or None: derived from ``move_rays``.
    row_shifts: Any = None


class TwoPileGame(PileGame, CompiledForm):
    """A game on two piles (x, y); its Grundy table is G[x, y].

    Optional compiled form, plain data read by :mod:`fast.engine` (the spec
    never uses it; conformance checks it against :meth:`followers`):

    ``move_rays``
        A tuple of rays. ``(p, q, a, b)`` moves (x, y) to
        (x - p - i a, y - q - i b) for every i >= 0 that keeps both
        coordinates >= 0 (p, q, a, b >= 0, p + q >= 1; a = b = 0 is the
        single jump (x - p, y - q)). ``(a, b)`` is short for ``(a, b, a, b)``:
        NimHof's rule [a, b]. A fifth item ``"x>=y"``, ``"y>=x"``, ``"x>y"``
        or ``"y>x"`` makes the ray a move only from positions where that holds.
    ``compiled_followers``
        Extra followers as a numba-jittable function
        ``followers(x, y, out) -> count`` writing follower coordinates into the
        int64 array ``out`` of shape (capacity, 2); or ``"module:function"``.
    ``compiled_regions``
        Followers as rectangles, ``regions(x, y, out) -> count`` (rows
        ``(u0, u1, v0, v1)``); see ``docs/adding-a-game.md``.
    ``compiled_terminal``
        The terminal set: a numba predicate ``terminal(x, y, parameters) ->
        bool`` (``parameters`` the int64 array of ``terminal_parameters``), or
        ``"module:function"``: the positions where it holds have no move
        (``followers`` yields nothing there; the engine gives them value 0).
    ``outcome_rule``
        None (the mex: Grundy values) or a :class:`CountingRule`.
    """

    arity: ClassVar[int] = 2
    coordinates: ClassVar[tuple[str, ...]] = ("x", "y")
    shape: ClassVar[Shape | None] = Shape.TWO_PILES


class StateGame(PileGame, CompiledForm):
    """Two piles and a finite state: positions (x, y, s), s one of ``states``.

    The state is a counter the rules carry along (a pass still available,
    how many passes remain). ``followers`` is the definition, as for any
    game. For the compiled engine the rule is given as data:

    ``move_rays``, ``compiled_followers``, ``compiled_regions``, ``compiled_terminal``
        The moves within a layer, as for :class:`TwoPileGame` (the same in
        every layer): (x, y, s) -> (u, v, s).
    ``state_moves``
        The moves between layers: ``(s, t)`` moves (x, y, s) -> (x, y, t), the
        same cell, from every cell that has a move within its layer (the pass
        of Miyadera, Manabe and Fukui is never made from a terminal position).
        The engine computes the layers of a cell in the order of ``states``,
        so t must come before s there.
    ``start_state``
        The state a game begins in (the layer ``structure`` and ``sequence``
        read by default).

    ``outcome_rule`` is None (mex) or a :class:`CountingRule`, as for two piles.

    Examples
    --------
    >>> from spec.variants import WythoffPass
    >>> game = WythoffPass(1)
    >>> game.check_position((3, 6, 1))
    (3, 6, 1)
    >>> game.check_position((3, 6, 2))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    spec.game.InvalidPosition: wythoff-pass: position (3, 6, 2): s = 2 is not a state ...
    """

    arity: ClassVar[int] = 3
    coordinates: ClassVar[tuple[str, ...]] = ("x", "y", "s")
    shape: ClassVar[Shape | None] = Shape.STATE_LAYERS
    states: tuple[int, ...] = (0, 1)
    start_state: int = 1
    state_moves: tuple[tuple[int, int], ...] = ()

    def check_position(self, position: Any) -> Position:
        """Three non-negative ints, the third one of ``states``."""
        checked = super().check_position(position)
        if checked[2] not in self.states:
            shown = ", ".join(map(str, self.states))
            raise InvalidPosition(
                f"{self.describe()}: position {position!r}: s = {checked[2]} is not a state "
                f"of the game (states {shown})"
            )
        return checked


GameT = TypeVar("GameT", bound=type[ImpartialGame])

#: The registered games: name -> class (each constructible without arguments).
GAMES: dict[str, type[ImpartialGame]] = {}


def register_game(cls: GameT) -> GameT:
    """Class decorator: add ``cls`` to :data:`GAMES` under ``cls.name``.

    A compiled form named by a string in ``fast.`` must be in the table of kernel names
    (:mod:`spec.kernel_names`); the check runs here, at import.
    """
    if not cls.name:
        raise ValueError(f"register_game: {cls.__name__} has no name")
    for label in ("compiled_followers", "compiled_regions", "compiled_terminal"):
        check_kernel_name(cls.name, label, vars(cls).get(label))
    if cls.name in GAMES and GAMES[cls.name] is not cls:
        raise ValueError(f"register_game: the name {cls.name!r} is already registered")
    GAMES[cls.name] = cls
    return cls


@dataclass(frozen=True)
class Family:
    """A registered family of games: ``prefix:PARAMETERS`` -> ``factory(PARAMETERS)``."""

    prefix: str
    factory: Callable[[str], ImpartialGame]
    rules: str = ""
    source: str = ""
    example: str = ""
    default: str | None = None

    @property
    def pattern(self) -> str:
        """How a member is named, from the example (``grundy games``).

        >>> Family("nimhof", str, example="nimhof:1,0/0,1/1,1").pattern
        'nimhof:A,B/C,D/...'
        >>> Family("a-wythoff", str, example="a-wythoff:2").pattern
        'a-wythoff:A'
        """
        text = self.example.partition(":")[2]
        if "/" in text:
            return f"{self.prefix}:A,B/C,D/..."
        names = ",".join("ABCDEFGH"[i] for i in range(len(text.split(",")))) if text else "..."
        return f"{self.prefix}:{names}"


#: The registered families: prefix -> :class:`Family`.
FAMILIES: dict[str, Family] = {}


def register_family(
    prefix: str,
    factory: Callable[[str], ImpartialGame],
    *,
    rules: str = "",
    source: str = "",
    example: str = "",
    default: str | None = None,
) -> None:
    """Register the family ``prefix``: ``get_game("prefix:TEXT")`` is ``factory("TEXT")``.

    The factory parses and validates the parameter text and raises a one-line
    ValueError naming the family and the bad parameter. With ``default``, the
    bare prefix is a game too: ``get_game("prefix")`` is ``factory(default)``
    (``wythoff-pass`` is ``wythoff-pass:1``).

    Examples
    --------
    >>> get_game("nimhof:1,0/0,1/1,1").describe()
    'nimhof:0,1/1,0/1,1'
    """
    if not prefix or ":" in prefix or "+" in prefix:
        raise ValueError(f"register_family: bad prefix {prefix!r}")
    if prefix in GAMES:
        raise ValueError(f"register_family: {prefix!r} is already a game name")
    existing = FAMILIES.get(prefix)
    if existing is not None and existing.factory is not factory:
        raise ValueError(f"register_family: the family {prefix!r} is already registered")
    FAMILIES[prefix] = Family(prefix, factory, rules, source, example, default)


class FamilyClass(Protocol):
    """A game class that is a family: its prefix, one-line texts and a parser of its parameters."""

    name: str
    rules: str
    source: str
    example: str

    def from_text(self, text: str) -> ImpartialGame:
        """The game of the parameter text (the text after ``name:``)."""
        ...


def register_family_class(cls: FamilyClass, *, default: str | None = None) -> None:
    """:func:`register_family` of a family's class: prefix ``cls.name``, factory ``cls.from_text``.

    The rules, source and example are the class's; ``default`` as there.
    """
    register_family(
        cls.name,
        cls.from_text,
        rules=cls.rules,
        source=cls.source,
        example=cls.example,
        default=default,
    )


def as_game(game: ImpartialGame | str) -> ImpartialGame:
    """The game object of a name (:func:`get_game`) or the game itself; ValueError naming
    anything else.

    >>> as_game("wythoff+nim")
    Sum(Wythoff(), Nim())
    """
    if isinstance(game, ImpartialGame):
        return game
    if not isinstance(game, str):
        raise ValueError(f"game must be a game name or a spec game object (game = {game!r})")
    return get_game(game)


def _did_you_mean(name: str, names: Iterable[str]) -> str:
    """``"; did you mean 'x'?"`` with the names closest to a mistyped one (difflib), or "".

    >>> _did_you_mean("wythof", ["wythoff", "nim"])
    "; did you mean 'wythoff'?"
    """
    close = difflib.get_close_matches(name, sorted(names), n=3)
    return f"; did you mean {' or '.join(repr(c) for c in close)}?" if close else ""


def get_game(name: str) -> ImpartialGame:
    """Return a fresh instance of the registered game ``name`` or family member.

    Raises
    ------
    ValueError
        If no game or family has that name (the message lists the known
        ones), or the family refuses the parameters.

    Examples
    --------
    >>> get_game("a-wythoff:x")
    Traceback (most recent call last):
    ...
    ValueError: a-wythoff: parameter A = 'x' is not an integer (e.g. a-wythoff:2)

    A disjunctive sum is written with ``+``; it is a :class:`spec.games.Sum`,
    whose values the spec computes by mex like any game's:

    >>> get_game("wythoff+nim")
    Sum(Wythoff(), Nim())

    ``misere:`` before a name (a sum too) is the game under misère play (:mod:`spec.misere`):

    >>> get_game("misere:wythoff+nim").describe()
    'misere:wythoff+nim'
    """
    if name.startswith("misere:"):  # the whole game under misère play (spec.misere)
        from spec.misere import misere

        return misere(get_game(name[len("misere:") :]))
    if "+" in name:
        from spec.games import Sum

        return Sum(*(get_game(part.strip()) for part in name.split("+")))
    prefix, colon, parameters = name.partition(":")
    if colon:
        family = FAMILIES.get(prefix.strip())
        if family is None:
            known = ", ".join(sorted(FAMILIES))
            raise ValueError(
                f"unknown game family {prefix.strip()!r}; known families: {known}"
                + _did_you_mean(prefix.strip(), FAMILIES)
            )
        return family.factory(parameters)
    factory: Callable[[], ImpartialGame] | None = GAMES.get(name)
    if factory is None and name in FAMILIES and FAMILIES[name].default is not None:
        return FAMILIES[name].factory(str(FAMILIES[name].default))
    if factory is None:
        if name in FAMILIES:
            example = FAMILIES[name].example or f"{name}:..."
            raise ValueError(f"{name} is a family of games: give its parameters, e.g. {example}")
        known = ", ".join(sorted(GAMES))
        families = ", ".join(FAMILIES[f].example or f"{f}:..." for f in sorted(FAMILIES))
        extra = f"; families, e.g. {families}" if families else ""
        hint = _did_you_mean(name, [*GAMES, *FAMILIES])
        raise ValueError(f"unknown game {name!r}; known games: {known}{extra}{hint}")
    return factory()
