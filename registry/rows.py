"""Questions on rows, the shipped atlas, Fibonacci Nim outcomes and Beatty sequences.

``row-values:<game>`` (wythoff, f-wythoff, r-wythoff)
    ``answer(rows, length)`` -> ``G(n, m)`` for 0 <= n < rows, 0 <= m < length (row n as in
    :mod:`reference.landman`): spec table vs reference machine vs fast machine, the strip
    (:mod:`fast.strip`: rows 0..n column by column, one kernel for the three games).
``row-periods:<game>``
    ``answer(rows, start=0)`` -> the :class:`reference.landman.Periodicity` (preperiod, period,
    saltus) of rows start..rows-1, exact: certified by the reference machine's repeated state
    (Landman 004 §3) or by the strip's equal normalised windows (:func:`fast.strip.strip_periods`,
    docs/strip.md). The oracle (:func:`spec_periodicity`) takes the machine's repeated state as
    a certificate only. ``atlas`` answers from the shipped, certified ``registry/atlas/`` files
    (:data:`ATLAS`; compared, never computed: a drift in the files or kernels fails conformance).
``atlas-far-values:wythoff``
    G at far columns of atlas rows (:meth:`fast.atlas.Atlas.far_columns`): record vs shipped state.
``atlas-records:wythoff``
    Records of atlas rows across the whole range vs those the shipped state allows.
``fibonacci-outcomes:fibonacci-nim``
    ``answer(n_max)`` -> 1 where (n, r) is a P-position, 0 <= n, r <= n_max: the spec (bounded
    Grundy g = 0); Theorem 3.2 and the kernels are registered in :mod:`registry.fibonacci`.
``lower-wythoff:wythoff``
    ``answer(count)`` -> a_n = floor(n phi) for n < count; the spec's Wythoff P-positions
    (sorted by b - a) vs reference.beatty vs fast.beatty.
"""

from __future__ import annotations

import functools
import inspect
import math
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import numpy as np

import spec
import spec.tables
from fast import atlas as fast_atlas
from fast import beatty as fast_beatty
from fast import engine as fast_engine
from fast import strip as fast_strip
from fast.atlas import AtlasWarning as AtlasWarning
from fast.engine import certificate as fast_window
from fast.strip import checkpoint as fast_checkpoint
from reference import beatty as ref_beatty
from reference import landman as ref_landman
from reference.landman import Periodicity
from reference.landman import reduce_column as reduce_column
from reference.published import wythoff_row3
from registry.arguments import (
    GRUNDY_BLOCK,
    AtlasFarArgs,
    AtlasRecordsArgs,
    CountArgs,
    NMaxArgs,
    RowPeriodsArgs,
    RowValuesArgs,
)
from registry.core import (
    BUDGET_SECONDS,
    compare_sequences,
    question,
    register_implementation,
    register_question,
)
from registry.records import Refusal

#: The shipped, certified row-period atlas (``grundy experiment row-periods`` results).
ATLAS_DIR = Path(__file__).resolve().parent / "atlas"
#: Its reader (:class:`fast.atlas.Atlas`): each game's files once, their digests checked.
ATLAS = fast_atlas.Atlas(ATLAS_DIR, "registry/atlas")
atlas_table, atlas_rows, atlas_row = ATLAS.table, ATLAS.rows, ATLAS.row
atlas_state, atlas_value = ATLAS.state, ATLAS.value
ATLAS_SUMS, atlas_digest = fast_atlas.SUMS, fast_atlas.digest  # its files' digests


def write_atlas_state(
    path: Path, directory: Path, extra: dict[str, Any] | None = None
) -> dict[str, Any]:
    """Write the shipped state of the finished strip run in ``directory`` (its checkpoints) to
    ``path`` (a ``registry/atlas/*.state.npz``; :func:`fast.strip.checkpoint.write_state`);
    ``extra`` joins its meta. Returns the meta."""
    return fast_checkpoint.write_state(path, directory, extra)


def strip_fits(rows: int) -> Refusal | None:
    """None if the strip's certificate of rows 0..rows-1 fits in half the available memory,
    else the ``memory`` refusal (:func:`fast.strip.certificate_fits` says why, the bytes are
    :func:`fast.strip.certificate_memory`'s)."""
    why = fast_strip.certificate_fits(rows)
    need = fast_strip.certificate_memory(rows)
    return None if why is None else Refusal(why, "memory", bytes=need)


def row_certificate(
    game: spec.ImpartialGame,
    rows: int,
    progress: Callable[[int], None] | None = None,
    budget: float | None = None,
) -> fast_strip.Certificate:
    """The window certificate of rows 0..rows-1 of a game whose rows are lines.

    :func:`fast.engine.certificate.search_certificate` (the game's row statement, checked
    against its ``followers``; else ValueError with the reason) on the registry's
    ``grundy-block`` (the door checks each block's memory), the engine's estimate against
    ``budget`` (seconds): a ValueError naming the estimate before a block that would take the
    total past it.
    ``progress(cols)`` after each block.

    Examples
    --------
    >>> c = row_certificate(spec.get_game("nimhof:0,1/1,0/1,1"), 4)
    >>> c.periodicities[3]
    Periodicity(preperiod=8, period=6, saltus=6)
    >>> c.bounds.startswith("row bounds from the rays, checked against followers()")
    True
    >>> c.bounds.endswith("(y < 68) and at columns 21, 27")
    True
    """
    door = question(GRUNDY_BLOCK, game)

    def block(cols: int) -> np.ndarray:
        return np.asarray(door(rows=rows, cols=cols, budget=math.inf).value)

    seconds = functools.partial(fast_engine.block_seconds, rows)
    return fast_window.search_certificate(game, rows, block, seconds, progress, budget)


def _rows(
    game: str, row_values: Callable[[int, int, str], Sequence[int] | np.ndarray] | None = None
) -> Callable[..., np.ndarray]:
    """``answer(rows, length, start=0)``: rows start..rows-1 from the spec's table, or from a
    machine's ``row_values(n, length - 1, game)``."""

    def answer(rows: int, length: int, start: int = 0) -> np.ndarray:
        if row_values is None:
            table = spec.grundy_table(spec.get_game(game), rows, length)[start:]
        else:
            table = [row_values(n, length - 1, game) for n in range(start, rows)]
        return np.array(table, dtype=np.int64).reshape(rows - start, length)

    return answer


def spec_periodicity(n: int, game: str, max_steps: int = 10**9) -> Periodicity:
    """Minimal periodicity from spec values, on the reference machine's certificate: the
    machine's repeated state (start, length) only; the row is recomputed with the spec up to
    start + 2 length, the period checked there, the minimal preperiod/period derived from the
    spec's own values."""
    start, length, _ = ref_landman.machine_cycle(n, game, max_steps)
    values = spec.grundy_table(spec.get_game(game), n + 1, start + 2 * length)[n]
    if any(values[m] != values[m - length] + length for m in range(start + length, len(values))):
        raise AssertionError(f"{game} row {n}: spec values contradict the machine's cycle")
    return ref_landman.minimal_periodicity(values[: start + length], start, length)


def _each_row(
    row_period: Callable[[int, str, int], tuple[int, int, int]], game: str
) -> Callable[..., list[Periodicity]]:
    """``(rows, start, max_steps) -> [Periodicity of row n for start <= n < rows]``."""
    return lambda rows, start=0, max_steps=10**9: [
        Periodicity(*row_period(n, game, max_steps)) for n in range(start, rows)
    ]


def upto(
    limit: int, why: str, asked: Callable[..., int] | None = None, what: str = "rows"
) -> Callable[..., str | None]:
    """``covers(**domain)``: None while ``asked(**domain)`` (default: the last row, rows - 1) is
    at most ``limit``, else "rows up to {limit} ({why}); asked {asked}" (the registry's one
    "rows up to" refusal: :mod:`registry.fibonacci`, :mod:`~registry.sequences`, ...)."""

    named = None if asked is None else inspect.signature(asked).parameters

    def covers(**domain: Any) -> str | None:
        if asked is None or named is None:
            return past(limit, why, domain["rows"] - 1, what)
        return past(limit, why, asked(**{k: v for k, v in domain.items() if k in named}), what)

    return covers


def past(limit: int, why: str, asked: int, what: str = "rows") -> str | None:
    """None if ``asked`` is at most ``limit``, else the registry's one "rows up to" refusal,
    "{what} up to {limit} ({why}); asked {asked}".

    >>> past(10, "slow", 12)
    'rows up to 10 (slow); asked 12'
    """
    return None if asked <= limit else f"{what} up to {limit:,} ({why}); asked {asked:,}"


def _held(game: str, last: int) -> str | None:
    """None if the atlas holds rows 0..last of ``game``, else why not."""
    held = atlas_rows(game)
    return None if last < held else f"the atlas holds rows < {held}"


def _strip_periods(game: str) -> Callable[..., list[Periodicity]]:
    """``(rows, start, max_steps) -> rows start..rows-1`` from one strip of rows 0..rows-1."""

    def answer(rows: int, start: int = 0, max_steps: int = 10**9) -> list[Periodicity]:
        if rows <= start:
            return []
        return fast_strip.strip_periods(game, rows, max_columns=max_steps).periodicities[start:rows]

    return answer


# The default domains are kept small: these questions' rows run in well under 3 s together.
for _game in ref_landman.GAMES:
    _values = register_question(
        "row-values", _game, f"G(n, m) of {_game} for n < rows, m < length (row n)",
        {"rows": 5, "length": 40}, extra_domains=[({"rows": 10, "length": 150}, False)],
        budget=BUDGET_SECONDS, signature=RowValuesArgs,
    )  # fmt: skip
    _periods = register_question(
        "row-periods", _game, f"(preperiod, period, saltus) of {_game} rows start <= n < rows",
        {"rows": 5}, compare_sequences, extra_domains=[({"rows": 20}, False)],
        signature=RowPeriodsArgs,
    )  # fmt: skip
    for _key, _name, _layer, _answer, _covers, _cost in (
        (_values, "spec", "spec", _rows(_game), None,
         lambda rows, length, start=0: spec.solver.estimate([rows - 1, length - 1])),
        (_values, "reference.landman", "reference", _rows(_game, ref_landman.row_values),
         lambda rows, length, start=0: None if rows * length <= 10**6 else "too large", None),
        (_values, "fast.strip", "fast", _rows(_game, fast_strip.row_values), None,
         fast_strip.row_values_cost),
        (_periods, "spec values (reference cycle as certificate)", "spec",
         _each_row(spec_periodicity, _game), upto(7, "the spec solver is cubic"), None),
        (_periods, "reference.landman", "reference", _each_row(ref_landman.row_periodicity, _game),
         upto(11, "the reference machine is slow past row 12"), None),
        (_periods, "fast.strip", "fast", _strip_periods(_game),
         lambda rows: strip_fits(rows), None),
        (_periods, "atlas", "published", _each_row(lambda n, game, _: ATLAS.record(game, n), _game),
         lambda rows, game=_game: _held(game, rows - 1), None),
    ):  # fmt: skip
        register_implementation(
            _key, _name, _layer, _answer, covers=_covers, cost=_cost, replace=True
        )


def _far(value: Callable[[str, int, int], int]) -> Callable[..., list[int]]:
    """``answer(rows, turns)``: ``value(game, row, y)`` at each row's far columns
    (:meth:`fast.atlas.Atlas.far_columns`)."""
    return lambda rows, turns: [
        value("wythoff", row, y) for row in rows for y in ATLAS.far_columns("wythoff", row, turns)
    ]


def _far_state_covers(rows: list[int], turns: int) -> str | None:
    state = atlas_state("wythoff")
    if state is None:
        return "no shipped state of wythoff (registry/atlas/*.state.npz)"
    return None if max(rows) < state["rows"] else f"the shipped state holds rows < {state['rows']}"


def _record_period_value(game: str, row: int, y: int) -> int:
    """G(row, y) by the row's record's period alone, the values from the shipped state: y moved
    by whole record periods to ``[c, c + period)`` (a halved period shows here; the state's
    own path, :meth:`fast.atlas.Atlas.state_value`, reduces by its proved joint period)."""
    state, held = atlas_state(game), atlas_row(game, row)
    assert state is not None and held is not None, f"no shipped state or record of row {row}"
    c, period = int(state["column"]), held[0].period
    turns = (y - c) // period
    return ATLAS.state_value(game, row, y - turns * period) + turns * period


#: Far values of atlas rows (issue 30 item 11, issue 39 item 1): each row's record against
#: the shipped state. Quick: rows whose record path (the strip from column 0 to preperiod +
#: period) takes well under a second; ``--all`` adds rows 130, 200 and 300 (row 300: 1.3e9
#: cells) and rows across the whole range (650, 1000, 1500: the record's period against the
#: state's joint period, an odd number of turns, so a halved period shows; a minute or two).
_key = register_question(
    "atlas-far-values",
    "wythoff",
    "G(x, y) at far columns of atlas rows x (y = preperiod - 1 + turns * period, ...): the "
    "row's record vs the shipped state",
    {"rows": [5, 40, 100], "turns": 10**15},
    compare_sequences,
    oracle="shipped state",
    signature=AtlasFarArgs,
    extra_domains=[
        ({"rows": [130, 200, 300], "turns": 10**15}, False),
        ({"rows": [650, 1000, 1500], "turns": 10**15 + 1}, False),
    ],
)
register_implementation(
    _key, "shipped state", "fast", _far(ATLAS.state_value), covers=_far_state_covers,
    replace=True,
)  # fmt: skip
register_implementation(
    _key, "atlas record + fast.strip from column 0", "published", _far(ATLAS.record_value),
    covers=lambda rows, turns: _held("wythoff", max(rows)) or (
        None if max(rows) <= 300 else "from column 0 past row 300 takes hours"),
    replace=True,
)  # fmt: skip
register_implementation(
    _key, "atlas record's period + shipped state", "published", _far(_record_period_value),
    covers=lambda rows, turns: _held("wythoff", max(rows)) or _far_state_covers(rows, turns),
    replace=True,
)  # fmt: skip


def _records(rows: list[int]) -> list[tuple[int, ...]]:
    """The atlas files' records of ``rows`` as read (digests checked), contradicted or not."""
    table, _ = fast_atlas.read_table(ATLAS.directory, "wythoff", ATLAS.label)
    return [(row, *table[row]) for row in rows]


def _records_the_state_allows(rows: list[int]) -> list[tuple[object, ...]]:
    """The records the shipped state does not contradict; a contradicted one as (row, why)."""
    why = ATLAS.contradicted("wythoff")
    return [(line[0], why[line[0]]) if line[0] in why else line for line in _records(rows)]


def _records_cover(rows: list[int]) -> str | None:
    table, _ = fast_atlas.read_table(ATLAS.directory, "wythoff", ATLAS.label)
    missing = [row for row in rows if row not in table]
    return f"the atlas files hold no row {missing[0]}" if missing else None


#: The atlas's records across the whole range against the shipped state (issue 39 item 1):
#: what the state decides at load (:func:`fast.atlas.contradictions`: saltus = period, the
#: period divides the proved joint period and, where the state's window shows it, is the
#: least). ``grundy verify --atlas`` decides every period and saltus (a minute or two).
_key = register_question(
    "atlas-records",
    "wythoff",
    "(row, preperiod, period, saltus) of atlas rows sampled across the whole range: the "
    "files' records vs those the shipped state allows",
    {"rows": [0, 5, 40, 300, 700, 1000, 1500, 2047]},
    compare_sequences,
    oracle="atlas files",
    signature=AtlasRecordsArgs,
)
register_implementation(
    _key, "atlas files", "published", _records, covers=_records_cover, replace=True,
)  # fmt: skip
register_implementation(
    _key, "shipped state (load check)", "fast", _records_the_state_allows,
    covers=lambda rows: _far_state_covers(rows, 0), replace=True,
)  # fmt: skip


def _state_as_shipped(rows: int, prove: bool = False) -> list[tuple[str, int]]:
    """The shipped state's own facts as its file says (digests checked, nothing else)."""
    state = fast_atlas.read_state(ATLAS.directory, "wythoff", ATLAS.label)
    assert state is not None, "no shipped state of wythoff"
    return [("column", int(state["column"])), ("joint period", int(state["period"]))]


def _state_as_anchored(rows: int, prove: bool = False) -> list[tuple[str, Any]]:
    """The shipped state's facts where anchors it cannot forge agree (:func:`fast.atlas.
    state_facts` with rows 0..rows-1's own certificate; ``prove``: its joint period proved
    over every row, the window returns after it, unless a fact is contradicted already: the
    state fails either way); a contradicted fact as its reason."""
    state = fast_atlas.read_state(ATLAS.directory, "wythoff", ATLAS.label)
    assert state is not None, "no shipped state of wythoff"
    table, _ = fast_atlas.read_table(ATLAS.directory, "wythoff", ATLAS.label)
    why = fast_atlas.state_facts("wythoff", state, table, anchor_rows=rows)
    c, joint = int(state["column"]), int(state["period"])
    if prove and not why:
        top = int(state["rows"]) - 1
        try:
            fast_strip.value_from_state("wythoff", state["window"], c, top, c, joint, prove=True)
        except fast_strip.NotAPeriod as error:
            why["joint period"] = str(error)
    return [("column", why.get("column", c)), ("joint period", why.get("joint period", joint))]


def _state_covers(rows: int, prove: bool = False) -> str | None:
    if fast_atlas.read_state(ATLAS.directory, "wythoff", ATLAS.label) is None:
        return "no shipped state of wythoff (registry/atlas/*.state.npz)"
    return None


#: The shipped state's own facts (issue 49): its column against rows 0..80's own window
#: certificate and row 0's closed form, its joint period a multiple of theirs and the least its
#: records allow (about a second); and its joint period proved over every row (one joint
#: period of rows 0..2047 from the state: about 50 s of one core), in the default conformance
#: too: no cheaper anchor sees a halved period whose records were halved with it (every row
#: below the first with the full period really repeats with the half).
_key = register_question(
    "atlas-state",
    "wythoff",
    "the shipped state's column and joint period: as its file says vs as anchors it cannot "
    "forge allow (rows 0..rows-1 from column 0; prove: the period over every row)",
    {"rows": 81},
    compare_sequences,
    oracle="shipped state",
    signature="rows: int, prove?: bool",
    extra_domains=[({"rows": 81, "prove": True}, True)],
)
register_implementation(
    _key, "shipped state", "published", _state_as_shipped, covers=_state_covers, replace=True
)
register_implementation(
    _key, "anchors (own certificates, closed forms)", "fast", _state_as_anchored,
    covers=_state_covers, replace=True,
)  # fmt: skip


# Seed 003's row 3 of Wythoff, on its printed range only (G(3, y), y < 26).
register_implementation(
    "row-values:wythoff", "published 003 row 3", "published",
    lambda rows, length, start=0: np.array([wythoff_row3()[0][:length]], dtype=np.int64),
    covers=lambda rows, length, start=0: (
        None if (rows, start) == (4, 3) and length <= 26 else "printed: row 3, y < 26"
    ),
    domain={"rows": 4, "length": 26, "start": 3},
)  # fmt: skip
register_implementation(
    "row-periods:wythoff", "published 003 row 3", "published",
    lambda rows, start=0: [wythoff_row3()[1]],
    covers=lambda rows, start=0: None if (rows, start) == (4, 3) else "row 3 only",
    domain={"rows": 4, "start": 3},
)  # fmt: skip


def _spec_outcomes(n_max: int) -> np.ndarray:
    game = spec.FibonacciNim()
    return np.array(
        [[spec.outcome(game, (n, r)) == "P" for r in range(n_max + 1)] for n in range(n_max + 1)],
        dtype=np.int64,
    )


# Its other implementations (Theorem 3.2, fast.zeckendorf, fast.fibonacci): registry.fibonacci.
_key = register_question(
    "fibonacci-outcomes",
    "fibonacci-nim",
    "1 where (n, r) is a P-position, 0 <= n, r <= n_max",
    {"n_max": 60},
    extra_domains=[({"n_max": 150}, False)],
    signature=NMaxArgs,
)
register_implementation(_key, "spec", "spec", _spec_outcomes, replace=True)


def _spec_lower(count: int) -> np.ndarray:
    """a_n from the spec's Wythoff P-positions (a, a + n), n < count (a_n < 2n + 1; -1 if none)."""
    by_gap = {b - a: a for a, b in spec.tables.h_points("wythoff", 0, 2 * count + 1)[0]}
    return np.array([by_gap.get(n, -1) for n in range(count)], dtype=np.int64)


_key = register_question(
    "lower-wythoff",
    "wythoff",
    "a_n = floor(n phi) for n < count (P-position (a_n, a_n + n))",
    {"count": 40},
    signature=CountArgs,
)
for _name, _layer, _lower in (
    ("spec", "spec", _spec_lower),
    (
        "reference.beatty",
        "reference",
        lambda count: np.array([ref_beatty.lower_wythoff(n) for n in range(count)], dtype=np.int64),
    ),
    ("fast.beatty", "fast", lambda count: fast_beatty.lower_wythoff_array(np.arange(count))),
):
    register_implementation(_key, _name, _layer, _lower, replace=True)
