"""The front door: one function per question a researcher asks.

Each function asks a question of the registry (:mod:`registry`), whose door
chooses the most trustworthy, cheapest implementation within its budget, and
says how the answer was obtained; nothing here computes by itself. ``import
grundy`` exposes them as ``grundy.value``, ``grundy.moves``, ``grundy.table``,
``grundy.gvalues``, ``grundy.period``, ``grundy.sequence`` and ``grundy.check``.
A bad argument is a ValueError (or a documented subclass: ``registry.NoImplementation``,
``registry.TooLarge``) whose message names it.

Examples
--------
>>> import grundy
>>> grundy.value("wythoff", (300, 400)).value
556
>>> grundy.value("wythoff", (5, 10**18)).method
'row-period'
>>> grundy.moves("wythoff", (4, 4)).moves
[(0, 0)]
>>> grundy.table("wythoff", 3).tolist()
[[0, 1, 2], [1, 2, 0], [2, 0, 1]]
>>> grundy.gvalues(2, 10)
[(16, 26), (15, 25), (17, 26)]
>>> grundy.period("wythoff", 3).certificate  # doctest: +ELLIPSIS
"exact (preperiod 8, period 6, saltus 6; atlas ...json, confirmed by the strip's window ...)"
>>> grundy.check("nivasch-thm-1.1", quick=True).status
'holds'
"""

from __future__ import annotations

from typing import Any

import spec
from grundy.oeis import OeisSequence
from proofs_check.claim import Report
from registry import as_game, load_plugins, question
from registry.answers import Moves, Period, Points, Table, Value
from registry.arguments import GRUNDY_TABLE, NTH_GVALUE, PERIOD

__all__ = ["check", "gvalues", "moves", "period", "sequence", "table", "value"]

#: A game as the front door takes it: a name (``grundy games``; ``a+b`` is a sum) or an object.
Game = str | spec.ImpartialGame

_plugins_loaded = False


def _ready(game: Any = spec.Wythoff, misere: bool = False) -> spec.ImpartialGame:
    """Load the plugins of ``$GRUNDY_PLUGINS`` once, before the first question; ``game`` as an
    object (a name parsed here; a bad one is a ValueError naming it), under misère play with
    ``misere`` (:func:`spec.misere`; a game with a counting rule is a ValueError)."""
    global _plugins_loaded
    if not _plugins_loaded:
        _plugins_loaded = True
        load_plugins()
    subject = as_game(game() if game is spec.Wythoff else game)
    if not isinstance(misere, bool):
        raise ValueError(f"misere must be True or False (misere = {misere!r})")
    return spec.misere(subject) if misere else subject


def _count(name: str, value: Any, least: int = 0) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < least:
        raise ValueError(f"{name} must be an int >= {least} ({name} = {value!r})")
    return value


def _position_question(
    id: str, game: Game, position: Any, method: Any, budget: Any, misere: bool = False
) -> Any:
    """Question ``id`` (value, moves) of a position, validated (a ValueError naming it)."""
    g = _ready(game, misere)
    try:
        checked = g.check_position(position)
    except (TypeError, OverflowError) as error:
        raise ValueError(f"position: {error} (position = {position!r})") from None
    return question(id, g)(using=method, budget=budget, position=checked).value


def value(
    game: Game,
    position: Any,
    method: str | None = None,
    *,
    budget: float | None = None,
    misere: bool = False,
) -> Value:
    """The Grundy value of a position of any registered game, with its certificate.

    Parameters
    ----------
    game : str or spec.ImpartialGame
        ``"wythoff"``, ``"f-wythoff"``, ``"nim"``, ... (``grundy games``), or
        a game instance such as ``spec.Sum(spec.Wythoff(), spec.Nim())``.
    position : tuple
        ``(x, y)`` for two-pile games; ``(n,)`` for one heap (``(a, b, ...)``: several heaps
        of a one-heap game); ``(x, y, z)`` for three piles; ``((x, y), (n,))`` for a sum.
    method : str, optional
        Force one of :func:`registry.positions.method_table` (``table``,
        ``row-period``, ``rw``, ``fibonacci``, ``heap``, ``xor``, ``spec``, ``outcome``,
        ``cube``, ``nim-sequence``); by
        default the most trustworthy, then cheapest, that covers the position. A
        game with a counting rule (k-blocking) has no Grundy value: ``outcome``
        raises :class:`spec.NoGrundyValue` (a ValueError) whose message gives the
        position's outcome, P or N.
    budget : float, optional
        Seconds: a method whose estimate is longer declines (default
        :data:`registry.BUDGET_SECONDS`); a number >= 0, ``math.inf`` for no
        limit (anything else, ``nan`` too, is a ValueError naming it).
    misere : bool, optional
        Misère play (docs/misere.md): the misère value G⁻ (a position with no move has
        value 1); the same as the game ``spec.misere(game)`` or the name ``misere:GAME``.

    Returns
    -------
    Value
        ``.value``, ``.outcome``, ``.method``, ``.implementation`` and
        ``.certificate`` (``exact (...)`` or ``conditional on Conjecture
        3.10 (...)``).

    Raises
    ------
    ValueError
        A bad game, position or method, or a position no method covers (the
        message names every method with its estimate or why it declined).

    Examples
    --------
    >>> value("wythoff", (1618033988750, 2618033988746)).value  # 000 Table 6, g = 7
    7
    >>> value("wythoff", (0, 0), misere=True).value  # no move: the player to move has won
    1
    """
    answer: Value = _position_question("value", game, position, method, budget, misere)
    return answer


def moves(
    game: Game,
    position: Any,
    method: str | None = None,
    *,
    budget: float | None = None,
    misere: bool = False,
) -> Moves:
    """The winning moves from a position (its followers of value 0), with their certificate.

    The method is chosen as in :func:`value` (``beatty``, ``fibonacci``,
    ``table``, ``spec``, ``cube``, ``nim-sequence``; ``budget`` too): each states its cost before it
    enumerates anything; ``misere`` as in :func:`value` (the moves to misère P-positions).

    Examples
    --------
    >>> moves("wythoff", (5, 10**18)).moves
    [(5, 3)]
    >>> moves("fibonacci-nim", (10**30, 40)).moves  # 002 Theorem 3.2, any size
    [(999999999999999999999999999965, 70), (999999999999999999999999999999, 2)]
    """
    answer: Moves = _position_question("moves", game, position, method, budget, misere)
    return answer


def table(
    game: Game,
    size: int,
    implementation: str | None = None,
    *,
    budget: float | None = None,
    misere: bool = False,
) -> Table:
    """``G[x, y]`` for ``0 <= x, y < size`` of a two-pile game, by the fastest implementation.

    Returns a :class:`registry.answers.Table`: a numpy array that also says
    which implementation computed it. ``implementation`` names one (``grundy
    table GAME --list-impls``); its time and memory are estimated first, as
    for ``grundy table`` (``budget`` seconds, default :data:`registry.BUDGET_SECONDS`);
    ``misere``: the misère values G⁻ (as in :func:`value`).

    Examples
    --------
    >>> t = table("f-wythoff", 13)
    >>> int(t[5, 12]), t.implementation  # 001 Theorem 12: 9 = G(5, 12)
    (9, 'fast.tables')
    """
    g = _ready(game, misere)
    door = question(GRUNDY_TABLE, g)
    answer = door(using=implementation, budget=budget, size=_count("size", size))
    return Table(answer.value, g.describe(), answer.name, answer.implementation.certificate)


def gvalues(g: int, n: int) -> Points:
    """``[p_n^h for h = 0..g]``: the n-th h-point (a, b), a <= b, of Wythoff's game.

    By WSG where it holds the rows (exact), else by Algorithm RW (then
    conditional on Conjecture 3.10, see :func:`fast.rw.nth_gvalue`): the
    returned :class:`registry.answers.Points` says which.

    Examples
    --------
    >>> p = gvalues(0, 10**12)  # 000 Table 6, g = 0
    >>> p, p.certificate
    ([(1618033988749, 2618033988749)], 'conditional on Conjecture 3.10')
    """
    _ready()
    answer = question(NTH_GVALUE, spec.Wythoff())(g=_count("g", g), count=1, start=_count("n", n))
    points = [(int(answer.value[h][0][0]), int(answer.value[h][0][1])) for h in range(g + 1)]
    return Points(
        points, n=n, implementation=answer.name, certificate=answer.implementation.certificate
    )


def period(
    game: Game,
    row: int,
    window: int = 2000,
    *,
    implementation: str | None = None,
    compute: bool = False,
    budget: float | None = None,
) -> Period:
    """The additive period of a row: certified (the atlas, a window certificate), or apparent.

    The record is answered at once; ``.head(count)`` and ``.lines(periods)``
    compute values on request (a refusal names the estimate). ``compute``
    computes a certificate where the atlas holds the row; ``implementation``
    names one (``grundy period --list-impls``); ``budget`` as in :func:`value`.

    Examples
    --------
    >>> p = period("f-wythoff", 2)
    >>> (p.preperiod, p.period, p.saltus, p.status)
    (4, 4, 4, 'certified')
    >>> p.head(8)
    [2, 3, 1, 0, 6, 7, 4, 5]
    """
    g = _ready(game)
    door = question(PERIOD, g)
    answer: Period = door(
        using=implementation, budget=budget, compute=compute, row=_count("row", row),
        window=_count("window", window, 2),
    ).value  # fmt: skip
    return answer


def sequence(game: Game, kind: str, terms: int, *, offset: int = 0) -> OeisSequence:
    """A sequence of a game (a row, the diagonal, the P-positions...): :mod:`grundy.oeis`.

    Returns an :class:`grundy.oeis.OeisSequence` (``.terms``, ``.method``,
    ``.certificate``; :func:`grundy.oeis.bfile_text` writes its OEIS b-file).

    Examples
    --------
    >>> sequence("wythoff", "upper-p", 5, offset=1).terms
    [2, 5, 7, 10, 13]
    """
    g = _ready(game)
    from grundy.oeis import sequence as _sequence

    return _sequence(g, kind, terms, offset=offset)


def check(
    claim_id: str,
    *,
    quick: bool = False,
    tighten: int = 0,
    progress: bool = True,
    **params: int,
) -> Report:
    """Check a lemma, bound or conjecture of the papers (``grundy check list``).

    Returns the claim's report: ``.status`` is ``holds``, ``violated`` or
    ``inconclusive``; ``.witness`` holds the exact counterexample. A check
    that runs long shows how far it is, as ``grundy check`` does
    (:func:`runs.progress.activity`: a widget in Jupyter, a spinner on a terminal,
    plain lines in a log); ``progress=False`` turns it off.

    Examples
    --------
    >>> check("landman-lemma-1", quick=True, tighten=1).status
    'violated'
    """
    _ready()
    from proofs_check.catalogue import run_claim
    from runs.progress import activity

    with activity(f"checking {claim_id}", disable=not progress) as update:
        return run_claim(
            claim_id,
            params or None,
            quick=quick,
            tighten=tighten,
            progress=lambda cases: update(f"{cases:,} cases"),
            note=update,
        )
