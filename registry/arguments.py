"""The arguments of each built-in question, as records mypy checks (issue 47 item 3).

Each question's arguments are one frozen, keyword-only dataclass here: a field
without a default is a required argument, one with a default an optional one
(the default is the one its implementations use: ``tests/test_signatures.py``
holds them equal). The door checks a call's arguments against the record's
fields once (:class:`registry.records.Signature`: the field's type, one line
naming the argument), and passes to each implementation only the arguments its
``answer``, ``covers`` and ``cost`` name: an option that one method reads
(``max_positions``, the spec solver's) travels only to it.

Every record extends :class:`DoorOptions` (``using``, ``progress``,
``budget``: the door's own, never an implementation's), so a record's
constructor is the door's signature: :data:`VALUE` and its siblings are typed
handles (:class:`registry.core.Kind`) through which mypy checks a question's
calls, ``registry.question(PERIOD, game)(row=3)``.

The types the door checks: ``int`` (any integer but a bool), ``bool``,
``float`` (a real number), ``Ints`` (a sequence of integers), ``Sequence[object]``
(a sequence), each optionally ``| None``; anything else (``object``, :data:`Position`)
is passed as it is (the game checks a position).

Examples
--------
>>> from registry.records import Signature
>>> Signature.of(PeriodArgs)
Signature('row: int, window?: int, certified?: bool, compute?: bool')
>>> PeriodArgs(row=3).window
2000
"""

from __future__ import annotations

import typing
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Generic, TypeVar

import numpy as np

from fast.strip import Certificate as StripCertificate
from fast.wsg import DEFAULT_CHUNK
from reference.row_greedy import RowPoints
from reference.wsg import PointSequences
from registry.answers import Moves, Period, Value

if TYPE_CHECKING:
    from typing_extensions import ParamSpec
else:

    def ParamSpec(name: str, default: object = None) -> typing.ParamSpec:
        return typing.ParamSpec(name)  # the default is the type checker's (PEP 696)


T = TypeVar("T")
#: A question's arguments, as its record's constructor takes them.
P = ParamSpec("P", default=...)

#: Seconds between two checkpoints of a strip run
#: (:class:`fast.strip.checkpoint.DirectoryCheckpoints`).
CHECKPOINT_SECONDS = 300.0

__all__ = [
    "KINDS",
    "MAX_POSITIONS",
    "AtlasFarArgs",
    "AtlasRecordsArgs",
    "BlockArgs",
    "BoxArgs",
    "CountArgs",
    "DoorOptions",
    "FollowersArgs",
    "FswArgs",
    "GPointBlocksArgs",
    "GPointsArgs",
    "GenusArgs",
    "HeapPeriodArgs",
    "HeapValuesArgs",
    "Ints",
    "Kind",
    "NMaxArgs",
    "NimSequenceArgs",
    "NthGvalueArgs",
    "PBoxArgs",
    "PeriodArgs",
    "Position",
    "PositionArgs",
    "PositionsArgs",
    "RowCertificateArgs",
    "RowHpointsArgs",
    "RowPeriodsArgs",
    "RowValuesArgs",
    "RowsArgs",
    "SizeArgs",
    "ValueMethodsArgs",
]  # fmt: skip

#: The spec method declines positions with more sub-positions than this unless asked
#: (``max_positions``; the memory and time estimates decide too).
MAX_POSITIONS = 4_000_000

#: A sequence of integers (the door checks each).
Ints = Sequence[int]
#: A position: the game checks it (``check_position``); the door passes it as it is.
Position = object
#: The one progress protocol: ``progress(done, total, unit)`` (total None when unknown).
Progress = Callable[[int, int | None, str], None]


@dataclass(frozen=True, kw_only=True)
class DoorOptions:
    """The door's own options of every question: the implementation to use (``using``), a
    ``progress`` callback and a time ``budget`` (seconds; default the question's)."""

    using: str | None = None
    progress: Progress | None = None
    budget: float | None = None


#: The names of the door's options (never a question's argument).
DOOR_OPTIONS = ("using", "progress", "budget")


@dataclass(frozen=True, kw_only=True)
class PositionArgs(DoorOptions):
    """``value``, ``moves``: one position; ``max_positions`` is the spec method's limit."""

    position: Position
    max_positions: int = MAX_POSITIONS


@dataclass(frozen=True, kw_only=True)
class GenusArgs(DoorOptions):
    """``genus``: the genera of heaps n < ``heaps``, k of them each."""

    heaps: int
    k: int = 6


@dataclass(frozen=True, kw_only=True)
class HeapValuesArgs(DoorOptions):
    """``heap-values``: G(n) at the given heaps."""

    heaps: Ints


@dataclass(frozen=True, kw_only=True)
class ValueMethodsArgs(DoorOptions):
    """``value-methods``: G(x, y), x < rows, col0 <= y < col0 + cols, by each method."""

    rows: int
    cols: int
    col0: int = 0


@dataclass(frozen=True, kw_only=True)
class SizeArgs(DoorOptions):
    """``grundy-table`` and ``followers``: 0 <= x, y < size (a cube of a three-pile game)."""

    size: int


FollowersArgs = SizeArgs


@dataclass(frozen=True, kw_only=True)
class BlockArgs(DoorOptions):
    """``grundy-block``: 0 <= x < rows, 0 <= y < cols."""

    rows: int
    cols: int


@dataclass(frozen=True, kw_only=True)
class RowCertificateArgs(DoorOptions):
    """``row-certificate``: rows 0..rows-1; the strip run's options (``seconds``: the columns
    they buy; ``checkpoints``: a directory, with ``every``, ``note``, ``warn``,
    ``parameters``)."""

    rows: int
    period_multiple: int | None = None
    seconds: float | None = None
    threads: int | None = None
    checkpoints: object = None
    every: float = CHECKPOINT_SECONDS
    warn: object = None
    parameters: object = None
    note: object = None


@dataclass(frozen=True, kw_only=True)
class PeriodArgs(DoorOptions):
    """``period``: a row's period; ``window`` of the apparent one; ``certified`` or
    ``compute`` decline what is not computed here and certified."""

    row: int
    window: int = 2000
    certified: bool = False
    compute: bool = False


@dataclass(frozen=True, kw_only=True)
class RowValuesArgs(DoorOptions):
    """``row-values``: G(n, m), start <= n < rows, m < length."""

    rows: int
    length: int
    start: int = 0


@dataclass(frozen=True, kw_only=True)
class RowPeriodsArgs(DoorOptions):
    """``row-periods``: rows start..rows-1, each machine run at most ``max_steps``."""

    rows: int
    start: int = 0
    max_steps: int = 10**9


@dataclass(frozen=True, kw_only=True)
class AtlasFarArgs(DoorOptions):
    """``atlas-far-values``: far columns of atlas rows, ``turns`` periods out."""

    rows: Ints
    turns: int


@dataclass(frozen=True, kw_only=True)
class AtlasRecordsArgs(DoorOptions):
    """``atlas-records``: the records of the given atlas rows."""

    rows: Ints


@dataclass(frozen=True, kw_only=True)
class NMaxArgs(DoorOptions):
    """``fibonacci-outcomes``, ``fibonacci-zeckendorf``, ``fibonacci-starting``: n <= n_max."""

    n_max: int


@dataclass(frozen=True, kw_only=True)
class CountArgs(DoorOptions):
    """``lower-wythoff``: a_n for n < count."""

    count: int


@dataclass(frozen=True, kw_only=True)
class GPointsArgs(DoorOptions):
    """``g-points``: T_0..T_g on rows < rows."""

    g: int
    rows: int


@dataclass(frozen=True, kw_only=True)
class GPointBlocksArgs(GPointsArgs):
    """``g-point-blocks``: ``g-points`` in blocks of ``chunk`` rows."""

    chunk: int = DEFAULT_CHUNK


@dataclass(frozen=True, kw_only=True)
class NthGvalueArgs(DoorOptions):
    """``nth-gvalue``: p_n^h, h <= g, start <= n < start + count; Algorithm RW's constants."""

    g: int
    count: int
    start: int = 0
    R: int | None = None
    L: int | None = None
    H: int | None = None


@dataclass(frozen=True, kw_only=True)
class RowHpointsArgs(DoorOptions):
    """``row-hpoints``: the h-points of rows r1..r2; Algorithm RW's R."""

    g: int
    r1: int
    r2: int
    R: int | None = None


@dataclass(frozen=True, kw_only=True)
class FswArgs(DoorOptions):
    """``fsw-convergence``: start rows r0_start..r0_stop-1 within ``horizon``."""

    g: int
    r0_start: int
    r0_stop: int
    horizon: int | None = None


@dataclass(frozen=True, kw_only=True)
class PositionsArgs(DoorOptions):
    """``fibonacci-values``: G at the given positions (n, r)."""

    positions: Sequence[object]


@dataclass(frozen=True, kw_only=True)
class RowsArgs(DoorOptions):
    """``p-positions``, ``p-position-blocks``: rows < rows."""

    rows: int


@dataclass(frozen=True, kw_only=True)
class NimSequenceArgs(DoorOptions):
    """``nim-sequence``: G(n), n < terms."""

    terms: int


@dataclass(frozen=True, kw_only=True)
class HeapPeriodArgs(DoorOptions):
    """``heap-period``: at least ``terms`` values; ``compute``: certified or refused;
    ``seconds``: the search's time."""

    terms: int = 0
    compute: bool = False
    seconds: float | None = None


@dataclass(frozen=True, kw_only=True)
class BoxArgs(DoorOptions):
    """``grundy-box``, ``p-box``: 0 <= x < X, 0 <= y < Y, 0 <= z < Z."""

    x: int
    y: int
    z: int


PBoxArgs = BoxArgs


@dataclass(frozen=True)
class Kind(Generic[T, P]):
    """A question kind as a typed handle: its ``id``, its argument record (``arguments``; its
    constructor's signature is the door's) and the type of its answers. ``registry.question``
    and ``registry.ask`` given a handle are checked by mypy: ``question(PERIOD, game)(row=3)``
    is a ``Question[Period, ...]`` called with a :class:`PeriodArgs`' arguments.

    >>> PERIOD.id, PERIOD.arguments.__name__
    ('period', 'PeriodArgs')
    """

    id: str
    arguments: Callable[P, DoorOptions]
    answer: type[T]


VALUE = Kind("value", PositionArgs, Value)
MOVES = Kind("moves", PositionArgs, Moves)
GENUS = Kind("genus", GenusArgs, list)
HEAP_VALUES = Kind("heap-values", HeapValuesArgs, list)
VALUE_METHODS = Kind("value-methods", ValueMethodsArgs, np.ndarray)
GRUNDY_TABLE = Kind("grundy-table", SizeArgs, np.ndarray)
GRUNDY_BLOCK = Kind("grundy-block", BlockArgs, np.ndarray)
FOLLOWERS = Kind("followers", FollowersArgs, list)
ROW_CERTIFICATE = Kind("row-certificate", RowCertificateArgs, StripCertificate)
PERIOD = Kind("period", PeriodArgs, Period)
ROW_VALUES = Kind("row-values", RowValuesArgs, np.ndarray)
ROW_PERIODS = Kind("row-periods", RowPeriodsArgs, list)
ATLAS_FAR_VALUES = Kind("atlas-far-values", AtlasFarArgs, list)
ATLAS_RECORDS = Kind("atlas-records", AtlasRecordsArgs, list)
FIBONACCI_OUTCOMES = Kind("fibonacci-outcomes", NMaxArgs, np.ndarray)
FIBONACCI_ZECKENDORF = Kind("fibonacci-zeckendorf", NMaxArgs, np.ndarray)
FIBONACCI_STARTING = Kind("fibonacci-starting", NMaxArgs, np.ndarray)
FIBONACCI_VALUES = Kind("fibonacci-values", PositionsArgs, list)
LOWER_WYTHOFF = Kind("lower-wythoff", CountArgs, np.ndarray)
G_POINTS = Kind("g-points", GPointsArgs, PointSequences)
#: The answer of a streaming question: ``(r0, cols)`` blocks of rows.
Blocks = Iterator[tuple[int, np.ndarray]]
G_POINT_BLOCKS = Kind("g-point-blocks", GPointBlocksArgs, typing.cast("type[Blocks]", Iterator))
NTH_GVALUE = Kind("nth-gvalue", NthGvalueArgs, np.ndarray)
ROW_HPOINTS = Kind("row-hpoints", RowHpointsArgs, list)
FSW_CONVERGENCE = Kind("fsw-convergence", FswArgs, np.ndarray)
P_POSITIONS = Kind("p-positions", RowsArgs, RowPoints)
P_POSITION_BLOCKS = Kind("p-position-blocks", RowsArgs, typing.cast("type[Blocks]", Iterator))
NIM_SEQUENCE = Kind("nim-sequence", NimSequenceArgs, np.ndarray)
GRUNDY_BOX = Kind("grundy-box", BoxArgs, np.ndarray)
P_BOX = Kind("p-box", PBoxArgs, np.ndarray)
#: Every built-in kind's handle, by id (``heap-period``'s answer type lives with it, in
#: :mod:`registry.heaps`).
KINDS: dict[str, Kind[typing.Any]] = {
    k.id: k for k in (
        VALUE, MOVES, GENUS, HEAP_VALUES, VALUE_METHODS, GRUNDY_TABLE, GRUNDY_BLOCK, FOLLOWERS,
        ROW_CERTIFICATE, PERIOD, ROW_VALUES, ROW_PERIODS, ATLAS_FAR_VALUES, ATLAS_RECORDS,
        FIBONACCI_OUTCOMES, FIBONACCI_ZECKENDORF, FIBONACCI_STARTING, FIBONACCI_VALUES,
        LOWER_WYTHOFF, G_POINTS, G_POINT_BLOCKS, NTH_GVALUE, ROW_HPOINTS, FSW_CONVERGENCE,
        P_POSITIONS, P_POSITION_BLOCKS, NIM_SEQUENCE, GRUNDY_BOX, P_BOX,
    )
}  # fmt: skip
