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
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

import fast.engine
import fast.engine.certificate
import fast.strip
import spec
from fast.strip import checkpoint as fast_checkpoint
from reference import landman as ref_landman
from reference.row_bounds import row_moves
from reference.structure import additive_period
from registry.answers import Period
from registry.arguments import (
    CHECKPOINT_SECONDS,
    GRUNDY_BLOCK,
    ROW_VALUES,
    PeriodArgs,
    Progress,
    RowCertificateArgs,
)
from registry.core import (
    BUDGET_SECONDS,
    Declined,
    NoImplementation,
    Question,
    Unknown,
    checked_memory,
    get_question,
    question,
    register_provider,
    register_question,
)
from registry.records import Certificate, Provided
from registry.rows import (
    ATLAS,
    atlas_row,
    atlas_rows,
    atlas_state,
    atlas_table,
    row_certificate,
    strip_fits,
)
from registry.tables import kernel_code, strip_game, tick, why_not_two_pile


def row_values(game: spec.ImpartialGame, row: int, count: int) -> list[int]:
    """G(row, y) for y < count through the doors: ``row-values`` where the game has it (the
    strip keeps one row), else ``grundy-block``."""
    door = get_question(ROW_VALUES, game)
    if door is not None:
        return [int(v) for v in door(rows=row + 1, length=count, start=row).value[0]]
    return [int(v) for v in question(GRUNDY_BLOCK, game)(rows=row + 1, cols=count).value[row]]


@dataclass(frozen=True)
class RowDoors:
    """The doors :func:`row_values` asks for one game, looked up once (an implementation made
    for the game binds them, so its cost opens no door): ``row-values`` where the game has
    it, else ``grundy-block`` (None where it has neither)."""

    values: Question[np.ndarray] | None
    block: Question[np.ndarray] | None

    @classmethod
    def of(cls, game: spec.ImpartialGame) -> RowDoors:
        return cls(get_question(ROW_VALUES, game), get_question(GRUNDY_BLOCK, game))

    def cost(self, row: int, count: int) -> tuple[float, int]:
        """The estimate of :func:`row_values` (the door's choice); NoImplementation where no
        door answers."""
        if self.values is not None:
            return self.values.estimate(rows=row + 1, length=count, start=row)
        if self.block is None:
            raise NoImplementation("no row-values or grundy-block for this game")
        return self.block.estimate(rows=row + 1, cols=count)


def row_values_cost(game: spec.ImpartialGame, row: int, count: int) -> tuple[float, int]:
    """The estimate of :func:`row_values` (the door's choice)."""
    return RowDoors.of(game).cost(row, count)


def certified(
    game: spec.ImpartialGame,
    row: int,
    found: fast.strip.Certificate | tuple[int, ...],
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
    # which files exist, not what they hold: read while the registry binds (at import), the
    # contents would warn before the command line's one-line handler is active (issue 49)
    return None if code is not None and ATLAS.has_files(code) else "no atlas of this rule"


def _atlas(game: spec.ImpartialGame) -> Provided:
    name = kernel_code(game)
    assert name is not None

    def covers(row: int, compute: bool = False) -> str | None:
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

    def answer(row: int) -> Period:
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

    def cost(row: int) -> tuple[float, int]:
        held = atlas_row(name, row)
        if held is None or atlas_evidence(name, row, held[1])[0] == "exact" or not confirms(row):
            return 0.0, 0
        found = _columns(game, row)
        assert found is not None
        return fast.strip.certificate_cost(row + 1, *found)

    return Provided(answer, covers, cost)


#: An atlas record whose least period the shipped state cannot confirm is confirmed by the
#: strip's own window certificate of its rows when that is estimated to take at most this
#: many seconds (Wythoff rows 0..80, as the atlas's records estimate:
#: :func:`fast.strip.certificate_cost`). A threshold of the answer's latency, not a speed.
CONFIRM_SECONDS = 0.25


@functools.lru_cache(maxsize=8)
def _strip_certificate(name: str, row: int) -> fast.strip.Certificate:
    """The strip's window certificate of rows 0..row (:func:`fast.strip.strip_periods`)."""
    return fast.strip.strip_periods(name, row + 1)


def _columns(game: spec.ImpartialGame, row: int) -> tuple[int, int] | None:
    """(columns, joint period) a window certificate of rows 0..row reaches, from the atlas's
    records (the kernels' games: :func:`fast.strip.certificate_columns`); else None."""
    name = kernel_code(game)
    if name is None:
        return None
    return fast.strip.certificate_columns(name, atlas_table(name)[0], row + 1)


def _strip(game: spec.ImpartialGame) -> Provided:
    name = kernel_code(game)
    assert name is not None

    def cost(row: int) -> tuple[float, int]:
        found = _columns(game, row)
        if found is None:
            raise Unknown(
                f"the joint period of rows 0..{row} is known once computed (the atlas holds "
                f"rows < {atlas_rows(name)}); name it to compute"
            )
        return fast.strip.certificate_cost(row + 1, *found)

    def answer(row: int, progress: Progress | None = None) -> Period:
        cert = fast.strip.strip_periods(name, row + 1, progress=tick(progress, "columns"))
        return certified(game, row, cert, "fast.strip")

    return Provided(answer, lambda row: strip_fits(row + 1), cost)


def _landman(game: spec.ImpartialGame) -> Provided:
    name = kernel_code(game)
    assert name is not None

    def answer(row: int) -> Period:
        found = ref_landman.row_periodicity(row, name)
        return certified(game, row, found, "reference.landman", "Landman's machine, 004 §3")

    def cost(row: int) -> tuple[float, int]:
        held = atlas_row(name, row)
        if held is None:
            raise Unknown(f"row {row}'s period is known once computed")
        return (row + 1) * (held[0][0] + held[0][1]) * ref_landman.STEP_SECONDS, 0

    return Provided(answer, lambda row: None if row <= 12 else "slow past row 12", cost)


def _rows_are_lines(game: spec.ImpartialGame) -> str | None:
    if why_not_two_pile(game) is not None:  # a three-pile game's move_rays are not a row's
        return why_not_two_pile(game)
    try:
        row_moves(game, 0)
    except ValueError as error:
        return str(error)
    return why_not_two_pile(game) or fast.engine.covers(game)


@dataclass
class WindowCertificates:
    """The window certificates of one game's rows (:func:`registry.rows.row_certificate`),
    memoised by the row (a row's certificate serves every column; the last :data:`KEPT`), and
    why a row has none, once tried (``apparent`` says it): the state of one game, never a
    module's, and never keyed on a progress callback."""

    game: spec.ImpartialGame
    found: OrderedDict[int, fast.strip.Certificate] = field(default_factory=OrderedDict)
    failed: dict[int, str] = field(default_factory=dict)

    #: The rows whose certificates are kept.
    KEPT = 32

    def certificate(self, row: int, progress: Progress | None = None) -> fast.strip.Certificate:
        """The window certificate of rows 0..row; Declined with the reason (its statement
        false, no windows within the budget), which :meth:`failure` then says."""
        if row in self.found:
            self.found.move_to_end(row)
            return self.found[row]
        try:
            made = row_certificate(self.game, row + 1, tick(progress, "columns"), BUDGET_SECONDS)
        except ValueError as error:
            self.failed[row] = str(error)
            raise Declined(str(error)) from None
        self.found[row] = made
        while len(self.found) > self.KEPT:
            self.found.popitem(last=False)
        return made

    def failure(self, row: int) -> str | None:
        """Why row ``row`` has no window certificate, if it was tried and failed."""
        return self.failed.get(row)


@functools.lru_cache(maxsize=64)
def window_certificates(game: spec.ImpartialGame) -> WindowCertificates:
    """The :class:`WindowCertificates` of ``game`` (one per game object)."""
    return WindowCertificates(game)


def _window(game: spec.ImpartialGame) -> Provided:
    def cost(row: int) -> tuple[float, int]:
        """:func:`fast.engine.certificate.search_cost`: all the blocks where the atlas knows
        the columns, else the first (the search stops itself within the budget)."""
        cols = (_columns(game, row) or (fast.engine.certificate.SEARCH_COLUMNS, 0))[0]
        seconds = functools.partial(fast.engine.block_seconds, row + 1)
        return fast.engine.certificate.search_cost(game, row + 1, cols, seconds, BUDGET_SECONDS)

    def answer(row: int, progress: Progress | None = None) -> Period:
        cert = window_certificates(game).certificate(row, progress)
        return certified(game, row, cert, "fast.engine + window certificate")

    return Provided(answer, cost=cost)


def _apparent(game: spec.ImpartialGame) -> Provided:
    name, door = game.describe(), question(GRUNDY_BLOCK, game)

    def why(row: int) -> str:
        """No row statement, or why the window certificate failed if it was tried."""
        reason = _rows_are_lines(game) or window_certificates(game).failure(row)
        return f": {reason}" if reason else ""

    def covers(certified: bool = False, compute: bool = False) -> str | None:
        return "a window is no certificate" if certified or compute else None

    def cost(row: int, window: int = 2000) -> tuple[float, int]:
        return door.estimate(rows=row + 1, cols=window)

    def answer(row: int, window: int = 2000, progress: Progress | None = None) -> Period:
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

    return Provided(answer, covers, cost)


# ------------------------------------------------------------------ the certificate of rows 0..X


def _checkpoints(
    rows: int,
    period_multiple: int | None,
    threads: int | None,
    directory: str | Path,
    every: float,
    note: Callable[[str], None],
    warn: Callable[[str], None] | None,
    parameters: object,
) -> fast_checkpoint.DirectoryCheckpoints:
    """The strip run's checkpoints in ``directory`` (:mod:`fast.strip.checkpoint`), its memory
    and speed said first through ``note``; ``warn`` and ``parameters``: the store's."""
    gib = fast.strip.certificate_memory(rows, period_multiple) / 2**30
    note(
        f"memory about {gib:.1f} GiB (checked before it starts); about "
        f"{fast.strip.strip_seconds(rows, 10**6, threads or 2):,.0f} s a million columns at the "
        f"measured speed (fast.strip.strip_seconds); checkpoints in {directory}"
    )
    return fast_checkpoint.DirectoryCheckpoints(
        Path(directory),
        every=every,
        note=note,
        warn=warn,
        parameters=parameters,  # type: ignore[arg-type]
    )


def _strip_run(game: spec.ImpartialGame) -> Provided:
    name = kernel_code(game)
    assert name is not None

    def answer(
        rows: int, progress: Progress | None = None, threads: int | None = None,
        period_multiple: int | None = None, seconds: float | None = None,
        checkpoints: str | Path | None = None, every: float = CHECKPOINT_SECONDS,
        note: Callable[[str], None] | None = None, warn: Callable[[str], None] | None = None,
        parameters: object = None,
    ) -> fast.strip.Certificate:  # fmt: skip
        options: dict[str, object] = {"threads": threads, "period_multiple": period_multiple}
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
                rows, period_multiple, threads, checkpoints, every, note or (lambda _: None), warn,
                parameters,
            )  # fmt: skip
        return fast.strip.strip_periods(name, rows, **options)  # type: ignore[arg-type]

    return Provided(checked_memory(answer))


def _generic_run(game: spec.ImpartialGame) -> Provided:
    return Provided(lambda rows: row_certificate(game, rows))


#: The window certificate of rows 0..rows-1 (``grundy experiment row-periods``): the strip's
#: (``threads``, ``period_multiple``, ``seconds``: the columns they buy at the measured speed,
#: ``checkpoints``: a directory, with ``every``, ``note``, ``warn``, ``parameters``), else the
#: engine's (:func:`registry.rows.row_certificate`: any game, which says why it has none).
register_question(
    "row-certificate", "*", "the window certificate of rows 0..rows-1 of {game}", {},
    checked=False,
    signature=RowCertificateArgs,
)  # fmt: skip
register_provider("row-certificate", "fast.strip", "fast", strip_game, _strip_run, unit="columns")
register_provider(
    "row-certificate", "fast.engine + window certificate", "fast", lambda _: None, _generic_run
)


register_question(
    "period", "*", "(preperiod, period, saltus) of a row of {game}", {},
    budget=BUDGET_SECONDS, cheapest=True, checked=False,
    signature=PeriodArgs,
)  # fmt: skip
for _name, _layer, _covers, _make, _unit, _certificate in (
    ("atlas", "published", _atlas_game, _atlas, "", "exact"),
    ("fast.strip", "fast", strip_game, _strip, "columns", "exact"),
    ("reference.landman", "reference", strip_game, _landman, "", "exact"),
    ("fast.engine + window certificate", "fast", _rows_are_lines, _window, "columns", "exact"),
    ("apparent", "fast", why_not_two_pile, _apparent, "cells", "apparent"),
):  # fmt: skip
    register_provider("period", _name, _layer, _covers, _make, unit=_unit, certificate=_certificate)
