"""Question ``period``: the additive period of a row of a two-pile game, certified or apparent.

``question("period", game)(row=X, window=2000, certified=False, compute=False)`` answers a
:class:`registry.answers.Period` record at once; its values are computed on request
(``Period.head``, ``Period.lines``) through the doors of ``row-values`` (one row of the strip
kept) or ``grundy-block``. The implementations, most trusted then cheapest first:

``atlas``
    The shipped, certified record (``registry/atlas/``) of a row it holds, for the strip's games
    (known by their rule; ``compute=True`` declines it).
``fast.strip``
    The strip's window certificate of rows 0..X (docs/strip.md): its cost from the atlas's
    records of rows 0..X (the joint period); beyond them it runs only when named.
``reference.landman``
    Landman's machine (seed 004 §3), rows <= 12.
``fast.engine + window certificate``
    A game whose rows are lines (``move_rays`` alone or a stated ``row_shifts``, checked
    against its followers): the same certificate on the engine's blocks of doubling width,
    within the budget (:func:`registry.rows.row_certificate`).
``apparent``
    Any two-pile game: the apparent period of G(X, y), y < window, from ``grundy-block``
    (:func:`reference.structure.additive_period`): not a proof, and the answer says so
    (``certified=True`` or ``compute=True`` declines it).
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from pathlib import Path
from typing import Any
from weakref import WeakKeyDictionary

import fast.engine
import fast.engine.certificate
import fast.strip
import spec
from fast.strip import checkpoint as fast_checkpoint
from reference import landman as ref_landman
from reference.row_bounds import row_moves
from reference.structure import additive_period
from registry.answers import Period
from registry.core import (
    BUDGET_SECONDS,
    Declined,
    Unknown,
    checked_memory,
    get_question,
    question,
    register_provider,
    register_question,
)
from registry.records import Certificate
from registry.rows import (
    atlas_row,
    atlas_rows,
    atlas_state,
    atlas_table,
    row_certificate,
    strip_fits,
)
from registry.tables import Made, kernel_code, strip_game, tick, why_not_two_pile


def row_values(game: spec.ImpartialGame, row: int, count: int) -> list[int]:
    """G(row, y) for y < count through the doors: ``row-values`` where the game has it (the
    strip keeps one row), else ``grundy-block``."""
    door = get_question("row-values", game)
    if door is not None:
        return [int(v) for v in door(rows=row + 1, length=count, start=row).value[0]]
    return [int(v) for v in question("grundy-block", game)(rows=row + 1, cols=count).value[row]]


def row_values_cost(game: spec.ImpartialGame, row: int, count: int) -> tuple[float, int]:
    """The estimate of :func:`row_values` (the door's choice)."""
    door = get_question("row-values", game)
    if door is not None:
        return door.estimate(rows=row + 1, length=count, start=row)
    return question("grundy-block", game).estimate(rows=row + 1, cols=count)


def certified(
    game: spec.ImpartialGame,
    row: int,
    found: Any,
    implementation: str,
    how: str = "",
    kind: str = "exact",
) -> Period:
    """A certified record of ``found``: (preperiod, period, saltus) from ``how`` (the values
    computed on request), or a window certificate of rows 0..row (the values it kept).
    ``kind``: the certificate's kind (:data:`registry.records.TRUST`)."""
    kept = None
    if isinstance(found, fast.strip.Certificate):
        how, kept, found = f"computed: {found.describe()}", found.row_head, found.periodicities[row]
    pre, period, saltus = found
    return Period(
        game.describe(), row, pre, period, saltus, "certified", implementation,
        Certificate(kind, f"preperiod {pre}, period {period}, saltus {saltus}; {how}"),
        source=kept or functools.partial(row_values, game, row),
    )  # fmt: skip


def atlas_evidence(name: str, row: int, file: str) -> tuple[str, str]:
    """(kind, how) of an atlas record of ``row``: what its answer rests on.

    Where the shipped state holds the row, its cycle proves the joint period
    P (every row's values repeat with P past the state's column), and the
    record was checked against it at load (:func:`fast.atlas.contradictions`:
    the period divides P, the saltus is the period, the preperiod lies before
    the column); the row's *least* period and its preperiod stay the record's
    (the state's window is shorter than P: it can refute, never confirm
    them), re-derived by ``grundy verify --atlas`` (issue 39). The answer says
    so, with the kind ``certified`` rather than ``exact``. A record without
    a state (``exact``) rests on its run and its digest alone.

    >>> kind, how = atlas_evidence("wythoff", 1000, "f.json")
    >>> kind, "joint period 786432" in how, "verify --atlas" in how
    ('certified', True, True)
    """
    state = atlas_state(name)
    if state is None or row >= int(state["rows"]):
        return "exact", f"atlas {file}"
    return "certified", (
        f"atlas {file}: the least period and the preperiod are the record's (the state proves "
        f"the joint period {int(state['period'])}; grundy verify --atlas re-derives them)"
    )


def _atlas_game(game: spec.ImpartialGame) -> str | None:
    """The atlas is trusted for the kernels' games, known by their rule (:func:`kernel_code`),
    never by a name another game may take."""
    code = kernel_code(game)
    return None if code is not None and atlas_rows(code) else "no atlas of this rule"


def _atlas(game: spec.ImpartialGame) -> Made:
    name = kernel_code(game)
    assert name is not None

    def covers(row: int, compute: bool = False, **_: Any) -> str | None:
        if compute:
            return "the certificate is to be computed (compute=True)"
        return None if atlas_row(name, row) else f"the atlas holds rows < {atlas_rows(name)}"

    def confirms(row: int) -> bool:
        """Whether the strip's own certificate of rows 0..row is cheap enough to confirm the
        record now (:data:`CONFIRM_SECONDS`)."""
        found = _columns(game, row)
        return found is not None and fast.strip.certificate_cost(row + 1, *found)[0] <= (
            CONFIRM_SECONDS
        )

    def answer(row: int, **_: Any) -> Period:
        held = atlas_row(name, row)
        assert held is not None
        kind, how = atlas_evidence(name, row, held[1])
        if kind == "exact" or not confirms(row):
            return certified(game, row, held[0], "atlas", how, kind)
        computed = tuple(_strip_certificate(name, row).periodicities[row])
        if computed != tuple(held[0]):
            how = (f"computed: the strip's window certificate of rows 0..{row}; the atlas "
                   f"record {tuple(held[0])} of {held[1]} is contradicted")  # fmt: skip
        else:
            how = (f"atlas {held[1]}, confirmed by the strip's window certificate of rows "
                   f"0..{row}")  # fmt: skip
        return certified(game, row, computed, "atlas", how)

    def cost(row: int, **_: Any) -> tuple[float, int]:
        held = atlas_row(name, row)
        if held is None or atlas_evidence(name, row, held[1])[0] == "exact" or not confirms(row):
            return 0.0, 0
        found = _columns(game, row)
        assert found is not None
        return fast.strip.certificate_cost(row + 1, *found)

    return answer, covers, cost


#: An atlas record whose least period the shipped state cannot confirm is confirmed by the
#: strip's own window certificate of its rows when that is estimated to take at most this
#: many seconds (Wythoff rows 0..80, as the atlas's records estimate:
#: :func:`fast.strip.certificate_cost`). A threshold of the answer's latency, not a speed.
CONFIRM_SECONDS = 0.25


@functools.lru_cache(maxsize=8)
def _strip_certificate(name: str, row: int) -> Any:
    """The strip's window certificate of rows 0..row (:func:`fast.strip.strip_periods`)."""
    return fast.strip.strip_periods(name, row + 1)


def _columns(game: spec.ImpartialGame, row: int) -> tuple[int, int] | None:
    """(columns, joint period) a window certificate of rows 0..row reaches, from the atlas's
    records (the kernels' games: :func:`fast.strip.certificate_columns`); else None."""
    name = kernel_code(game)
    if name is None:
        return None
    return fast.strip.certificate_columns(name, atlas_table(name)[0], row + 1)


def _strip(game: spec.ImpartialGame) -> Made:
    name = kernel_code(game)
    assert name is not None

    def cost(row: int, **_: Any) -> tuple[float, int]:
        found = _columns(game, row)
        if found is None:
            raise Unknown(
                f"the joint period of rows 0..{row} is known once computed (the atlas holds "
                f"rows < {atlas_rows(name)}); name it to compute"
            )
        return fast.strip.certificate_cost(row + 1, *found)

    def answer(row: int, progress: Any = None, **_: Any) -> Period:
        cert = fast.strip.strip_periods(name, row + 1, progress=tick(progress, "columns"))
        return certified(game, row, cert, "fast.strip")

    return answer, lambda row, **_: strip_fits(row + 1), cost


def _landman(game: spec.ImpartialGame) -> Made:
    name = kernel_code(game)
    assert name is not None

    def answer(row: int, **_: Any) -> Period:
        found = ref_landman.row_periodicity(row, name)
        return certified(game, row, found, "reference.landman", "Landman's machine, 004 §3")

    def cost(row: int, **_: Any) -> tuple[float, int]:
        held = atlas_row(name, row)
        if held is None:
            raise Unknown(f"row {row}'s period is known once computed")
        return (row + 1) * (held[0][0] + held[0][1]) * ref_landman.STEP_SECONDS, 0

    return answer, lambda row, **_: None if row <= 12 else "slow past row 12", cost


def _rows_are_lines(game: spec.ImpartialGame) -> str | None:
    if why_not_two_pile(game) is not None:  # a three-pile game's move_rays are not a row's
        return why_not_two_pile(game)
    try:
        row_moves(game, 0)
    except ValueError as error:
        return str(error)
    return why_not_two_pile(game) or fast.engine.covers(game)


#: Why a game's row has no window certificate, once tried (``apparent`` says it).
_UNCERTIFIED: WeakKeyDictionary[spec.ImpartialGame, dict[int, str]] = WeakKeyDictionary()


@functools.lru_cache(maxsize=32)  # a row's certificate serves every column
def _certify(game: spec.ImpartialGame, row: int, progress: Any = None) -> Any:
    """The window certificate of rows 0..row (:func:`registry.rows.row_certificate`); Declined
    with the reason (its statement false, no windows within the budget)."""
    try:
        return row_certificate(game, row + 1, tick(progress, "columns"), budget=BUDGET_SECONDS)
    except ValueError as error:
        _UNCERTIFIED.setdefault(game, {})[row] = str(error)
        raise Declined(str(error)) from None


def _window(game: spec.ImpartialGame) -> Made:
    def cost(row: int, **_: Any) -> tuple[float, int]:
        """:func:`fast.engine.certificate.search_cost`: all the blocks where the atlas knows
        the columns, else the first (the search stops itself within the budget)."""
        cols = (_columns(game, row) or (fast.engine.certificate.SEARCH_COLUMNS, 0))[0]
        seconds = functools.partial(fast.engine.block_seconds, row + 1)
        return fast.engine.certificate.search_cost(game, row + 1, cols, seconds, BUDGET_SECONDS)

    def answer(row: int, progress: Any = None, **_: Any) -> Period:
        cert = _certify(game, row) if progress is None else _certify(game, row, progress)
        return certified(game, row, cert, "fast.engine + window certificate")

    return answer, lambda **_: None, cost


def _apparent(game: spec.ImpartialGame) -> Made:
    name, door = game.describe(), question("grundy-block", game)

    def why(row: int) -> str:
        """No row statement, or why the window certificate failed if it was tried."""
        reason = _rows_are_lines(game) or _UNCERTIFIED.get(game, {}).get(row)
        return f": {reason}" if reason else ""

    def covers(row: int, certified: bool = False, compute: bool = False, **_: Any) -> str | None:
        return "a window is no certificate" if certified or compute else None

    def cost(row: int, window: int = 2000, **_: Any) -> tuple[float, int]:
        return door.estimate(rows=row + 1, cols=window)

    def answer(row: int, window: int = 2000, progress: Any = None, **_: Any) -> Period:
        block = door(rows=row + 1, cols=window, progress=progress)
        values = [int(v) for v in block.value[row]]
        seen = additive_period(values)
        what = "no apparent period within the window" if seen is None else "apparent on"
        pre, period, saltus = (seen.preperiod, seen.period, seen.saltus) if seen else (None,) * 3
        return Period(
            name, row, pre, period, saltus, "none" if seen is None else "apparent", block.name,
            Certificate("apparent", text=f"{what} y < {window}{'' if seen is None else ' only'} "
                        f"(not certified{why(row)})"),
            window, lambda count: values[:count],
        )  # fmt: skip

    return answer, covers, cost


# ------------------------------------------------------------------ the certificate of rows 0..X


def _checkpoints(
    rows: int,
    period_multiple: int | None,
    threads: int | None,
    directory: str | Path,
    every: float,
    note: Callable[[str], None],
    **kept: Any,
) -> Any:
    """The strip run's checkpoints in ``directory`` (:mod:`fast.strip.checkpoint`), its memory
    and speed said first through ``note``; ``kept``: the store's ``warn`` and ``parameters``."""
    gib = fast.strip.certificate_memory(rows, period_multiple) / 2**30
    note(
        f"memory about {gib:.1f} GiB (checked before it starts); about "
        f"{fast.strip.strip_seconds(rows, 10**6, threads or 2):,.0f} s a million columns at the "
        f"measured speed (fast.strip.strip_seconds); checkpoints in {directory}"
    )
    return fast_checkpoint.DirectoryCheckpoints(Path(directory), every=every, note=note, **kept)


def _strip_run(game: spec.ImpartialGame) -> Made:
    name = kernel_code(game)
    assert name is not None

    def answer(
        rows: int, progress: Any = None, threads: int | None = None,
        period_multiple: int | None = None, seconds: float | None = None,
        checkpoints: str | Path | None = None, **run: Any,
    ) -> fast.strip.Certificate:  # fmt: skip
        options: dict[str, Any] = {"threads": threads, "period_multiple": period_multiple}
        if seconds is not None:  # the search's columns, from its seconds at the measured speed
            million = fast.strip.certificate_seconds(
                rows, 10**6, threads or fast.strip.default_threads()
            )
            columns = max(4096, int(seconds / (million / 10**6)))
            options["max_columns"] = columns
            if progress is not None:
                options["progress"] = lambda y: progress(min(y, columns), columns, "columns")
        if checkpoints is not None:
            options["keep_top"] = False
            options["checkpoints"] = _checkpoints(
                rows, period_multiple, threads, checkpoints, **run
            )
        return fast.strip.strip_periods(name, rows, **options)

    return checked_memory(answer), lambda **_: None


def _generic_run(game: spec.ImpartialGame) -> Made:
    return (lambda rows, **_: row_certificate(game, rows)), lambda **_: None


#: The window certificate of rows 0..rows-1 (``grundy experiment row-periods``): the strip's
#: (``threads``, ``period_multiple``, ``seconds``: the columns they buy at the measured speed,
#: ``checkpoints``: a directory, with ``every``, ``note``, ``warn``, ``parameters``), else the
#: engine's (:func:`registry.rows.row_certificate`: any game, which says why it has none).
register_question(
    "row-certificate", "*", "the window certificate of rows 0..rows-1 of {game}", {},
    checked=False,
    signature="rows: int, period_multiple?: int | None, seconds?: float | None, "
    "threads?: int | None, checkpoints?: any, every?: float, warn?: any, parameters?: any, "
    "note?: any",
)  # fmt: skip
register_provider("row-certificate", "fast.strip", "fast", strip_game, _strip_run, unit="columns")
register_provider(
    "row-certificate", "fast.engine + window certificate", "fast", lambda _: None, _generic_run
)


register_question(
    "period", "*", "(preperiod, period, saltus) of a row of {game}", {},
    budget=BUDGET_SECONDS, cheapest=True, checked=False,
    signature="row: int, window?: int, certified?: bool, compute?: bool",
)  # fmt: skip
for _name, _layer, _covers, _make, _unit, _certificate in (
    ("atlas", "published", _atlas_game, _atlas, "", "exact"),
    ("fast.strip", "fast", strip_game, _strip, "columns", "exact"),
    ("reference.landman", "reference", strip_game, _landman, "", "exact"),
    ("fast.engine + window certificate", "fast", _rows_are_lines, _window, "columns", "exact"),
    ("apparent", "fast", why_not_two_pile, _apparent, "cells", "apparent"),
):  # fmt: skip
    register_provider("period", _name, _layer, _covers, _make, unit=_unit, certificate=_certificate)
