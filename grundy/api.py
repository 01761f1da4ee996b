"""The front door: one function per question a researcher asks.

Each function asks the registry (:mod:`registry`) for the fastest
implementation that covers the request and says how the answer was
obtained; nothing here computes by itself. ``import grundy`` exposes them
as ``grundy.value``, ``grundy.moves``, ``grundy.table``, ``grundy.gvalues``,
``grundy.period``, ``grundy.sequence`` and ``grundy.check``.

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
>>> grundy.period("wythoff", 3).certificate
'exact (preperiod 8, period 6, saltus 6; atlas registry/atlas/wythoff_rows_0_1000.json)'
>>> grundy.check("nivasch-thm-1.1", quick=True).status
'holds'
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import numpy as np

import spec
from registry.answers import Moves, Period, Value
from registry import load_plugins, question
from registry.dispatch import moves as _moves
from registry.dispatch import period as _period
from registry.dispatch import value as _value

if TYPE_CHECKING:
    from grundy.oeis import OeisSequence
    from proofs_check.claim import Report

__all__ = ["check", "gvalues", "moves", "period", "sequence", "table", "value"]

#: A game as the front door takes it: a name (``grundy games``; ``a+b`` is a sum) or an object.
Game = str | spec.ImpartialGame

_plugins_loaded = False


def _ready() -> None:
    """Load the plugins of ``$GRUNDY_PLUGINS`` once, before the first question."""
    global _plugins_loaded
    if not _plugins_loaded:
        _plugins_loaded = True
        load_plugins()


def value(game: Game, position: Any, method: str | None = None) -> Value:
    """The Grundy value of a position of any registered game, with its certificate.

    Parameters
    ----------
    game : str or spec.ImpartialGame
        ``"wythoff"``, ``"f-wythoff"``, ``"nim"``, ... (``grundy games``), or
        a game instance such as ``spec.Sum(spec.Wythoff(), spec.Nim())``.
    position : tuple
        ``(x, y)`` for two-pile games; ``((x, y), (n,))`` for a sum.
    method : str, optional
        Force ``table``, ``row-period``, ``rw`` or ``spec``
        (:mod:`registry.dispatch` lists what each covers).

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
        message says which methods were tried and why each declined).

    Examples
    --------
    >>> value("wythoff", (1618033988750, 2618033988746)).value  # 000 Table 6, g = 7
    7
    """
    _ready()
    return _value(game, position, method)


def moves(game: Game, position: Any, method: str | None = None) -> Moves:
    """The winning moves from a position (its followers of value 0), with their certificate.

    Examples
    --------
    >>> moves("wythoff", (5, 10**18)).moves
    [(5, 3)]
    """
    _ready()
    return _moves(game, position, method)


def table(game: Game, size: int, implementation: str | None = None) -> np.ndarray:
    """``G[x, y]`` for ``0 <= x, y < size`` of a two-pile game, by the fastest implementation.

    ``implementation`` names one (``grundy table GAME --list-impls``); the
    memory it needs is checked first, as for ``grundy table``.

    Examples
    --------
    >>> int(table("f-wythoff", 13)[5, 12])  # 001 Theorem 12: 9 = G(5, 12)
    9
    """
    _ready()
    if isinstance(size, bool) or not isinstance(size, int) or size < 0:
        raise ValueError(f"size must be an int >= 0 (size = {size!r})")
    return np.asarray(question("grundy-table", game)(using=implementation, size=size).value)


def gvalues(g: int, n: int) -> list[tuple[int, int]]:
    """``[p_n^h for h = 0..g]``: the n-th h-point (a, b), a <= b, of Wythoff's game.

    By Algorithm RW where WSG cannot hold the rows (then conditional on
    Conjecture 3.10, see :func:`fast.rw.nth_gvalue`).

    Examples
    --------
    >>> gvalues(0, 10**12)  # 000 Table 6, g = 0
    [(1618033988749, 2618033988749)]
    """
    _ready()
    points = question("nth-gvalue", "wythoff")(g=g, count=1, start=n).value
    return [(int(points[h][0][0]), int(points[h][0][1])) for h in range(g + 1)]


def period(game: Game, row: int, window: int = 2000) -> Period:
    """The additive period of a row: certified (the atlas, or the strip), or apparent on a window.

    Examples
    --------
    >>> p = period("f-wythoff", 2)
    >>> (p.preperiod, p.period, p.saltus, p.status)
    (4, 4, 4, 'certified')
    """
    _ready()
    return _period(game, row, window=window)


def sequence(game: Game, kind: str, terms: int, *, offset: int = 0) -> OeisSequence:
    """A sequence of a game (a row, the diagonal, the P-positions...): :mod:`grundy.oeis`.

    Returns an :class:`grundy.oeis.OeisSequence` (``.terms``, ``.method``,
    ``.certificate``; :func:`grundy.oeis.bfile_text` writes its OEIS b-file).

    Examples
    --------
    >>> sequence("wythoff", "upper-p", 5, offset=1).terms
    [2, 5, 7, 10, 13]
    """
    _ready()
    from grundy.oeis import sequence as _sequence

    return _sequence(game, kind, terms, offset=offset)


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
    (:func:`grundy.progress.activity`: a widget in Jupyter, a spinner on a terminal,
    plain lines in a log); ``progress=False`` turns it off.

    Examples
    --------
    >>> check("landman-lemma-1", quick=True, tighten=1).status
    'violated'
    """
    _ready()
    from grundy.progress import activity
    from proofs_check.claim import run_claim

    with activity(f"checking {claim_id}", disable=not progress) as update:
        return run_claim(
            claim_id,
            params or None,
            quick=quick,
            tighten=tighten,
            progress=lambda cases: update(f"{cases:,} cases"),
            note=update,
        )
