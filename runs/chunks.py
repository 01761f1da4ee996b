"""Chunks: the independent pieces of work of a long run, and the limits on a run.

An experiment splits its work into independent *chunks*: small
JSON-serialisable parameter dicts with a stable id (``r0-000000000-000100000``),
run by :func:`runs.runner.run_chunks` through a module-level function
``func(params) -> JSON-serialisable result``. A run has at most
:data:`MAX_CHUNKS` chunks, within the machine's memory, and a chunk runs at
most :data:`CHUNK_SECONDS` (so progress shows and Ctrl-C keeps finished chunks).
"""

from __future__ import annotations

import os
import re
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from floor.memory import check_memory, format_bytes

__all__ = [
    "CHUNK_SECONDS",
    "MAX_CHUNKS",
    "Chunk",
    "ChunkResults",
    "check_chunk_count",
    "check_chunk_time",
    "max_workers",
    "range_chunks",
    "sum_range",
]

#: Allowed characters of a chunk id (it becomes a file name).
_ID_PATTERN = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._=+-]*$")
#: At most this many chunks in one run (the ids live in memory and in the manifest).
MAX_CHUNKS = 1_000_000
#: Rough bytes per chunk while a run is planned and merged (ids, params, results).
BYTES_PER_CHUNK = 2048


@dataclass(frozen=True)
class Chunk:
    """One independent piece of work.

    Attributes
    ----------
    id : str
        Stable, file-name-safe id (letters, digits, ``._=+-``), unique in a run.
    params : dict
        JSON-serialisable arguments passed to the chunk function.
    """

    id: str
    params: dict[str, Any]

    def __post_init__(self) -> None:
        if not _ID_PATTERN.match(self.id):
            raise ValueError(f"chunk id must be letters, digits and ._=+- (id = {self.id!r})")


def range_chunks(
    start: int, stop: int, size: int, *, prefix: str = "r", **fixed: Any
) -> list[Chunk]:
    """Split ``range(start, stop)`` into chunks of at most ``size``.

    Each chunk's params are ``{"start": s, "stop": t, **fixed}``; its id is
    ``<prefix>-<s>-<t>`` with zero-padded bounds, so ids sort in order.

    Examples
    --------
    >>> [c.id for c in range_chunks(0, 250, 100, prefix="r0")]
    ['r0-000-100', 'r0-100-200', 'r0-200-250']
    >>> range_chunks(0, 5, 5, g=3)[0].params
    {'start': 0, 'stop': 5, 'g': 3}
    """
    if size < 1:
        raise ValueError(f"chunk size must be >= 1 (size = {size})")
    if stop < start:
        raise ValueError(f"empty range: stop < start ({start}..{stop})")
    check_chunk_count(-(-(stop - start) // size), f"{stop - start} values in chunks of {size}")
    width = len(str(stop))
    chunks = []
    for s in range(start, stop, size):
        t = min(s + size, stop)
        chunks.append(
            Chunk(f"{prefix}-{s:0{width}d}-{t:0{width}d}", {"start": s, "stop": t, **fixed})
        )
    return chunks


def check_chunk_count(n_chunks: int, what: str) -> None:
    """Refuse a run of more than :data:`MAX_CHUNKS` chunks or past the machine's memory.

    Examples
    --------
    >>> check_chunk_count(10, "demo")
    >>> check_chunk_count(10**7, "10**12 values in chunks of 10**5")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: 10**12 values in chunks of 10**5 make 10,000,000 chunks, more than 1,000,000 ...
    """
    if n_chunks > MAX_CHUNKS:
        raise ValueError(
            f"{what} make {_count_text(n_chunks)} chunks, more than {MAX_CHUNKS:,} (about "
            f"{format_bytes(n_chunks * BYTES_PER_CHUNK)} to plan); use larger chunks or a "
            "smaller range"
        )
    check_memory(n_chunks * BYTES_PER_CHUNK, f"{what} ({n_chunks:,} chunks)")


#: The longest one chunk may run (seconds): a chunk the measured rate projects past
#: this shows no progress for too long (and is lost whole on Ctrl-C); it is refused.
CHUNK_SECONDS = 300.0


def check_chunk_time(
    func: Callable[[dict[str, Any]], Any],
    sample: dict[str, Any],
    sample_size: int,
    chunk_size: int,
    option: str = "--chunk",
) -> float:
    """Time ``func(sample)`` (``sample_size`` units of work) and refuse chunks of
    ``chunk_size`` units projected past :data:`CHUNK_SECONDS`; returns the seconds per unit.

    Examples
    --------
    >>> check_chunk_time(sum_range, {"start": 0, "stop": 100}, 100, 10**6) < 1
    True
    >>> check_chunk_time(sum_range, {"start": 0, "stop": 100}, 100, 10**15)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: --chunk = 1,000,000,000,000,000 would run about ... s per chunk ...
    """
    began = time.perf_counter()
    func(sample)
    per_unit = max(time.perf_counter() - began, 1e-9) / max(sample_size, 1)
    projected = per_unit * chunk_size
    if projected > CHUNK_SECONDS:
        largest = max(1, int(CHUNK_SECONDS / per_unit))
        raise ValueError(
            f"{option} = {chunk_size:,} would run about {projected:,.0f} s per chunk (measured "
            f"{per_unit * 1e6:.3g} µs each on {sample_size:,}; limit {CHUNK_SECONDS:,.0f} s, "
            f"so progress shows and Ctrl-C keeps finished chunks); use {option} <= {largest:,}"
        )
    return per_unit


def _count_text(value: int) -> str:
    """``10,000,000``, or ``about 10^395`` for a number too long to read."""
    return f"{value:,}" if value < 10**15 else f"about 10^{len(str(value)) - 1}"


class ChunkResults(list[Any]):
    """The results in chunk order, with what was computed and what reused.

    Attributes
    ----------
    computed : list of str
        Ids of the chunks computed in this run.
    reused : list of str
        Ids read back from ``out_dir`` (finished by an earlier run).
    workers : int
        Workers used (0: in this process, without Dask).
    seconds : float
        Wall-clock time of the run.
    """

    computed: list[str]
    reused: list[str]
    workers: int
    seconds: float


def max_workers() -> int:
    """The most workers a local cluster may have: 4 per core.

    >>> max_workers() >= 4
    True
    """
    return 4 * (os.cpu_count() or 1)


def sum_range(params: dict[str, Any]) -> int:
    """A tiny chunk function (the sum of ``range(start, stop)``), for examples and tests.

    >>> sum_range({"start": 0, "stop": 4})
    6
    """
    return sum(range(params["start"], params["stop"]))
