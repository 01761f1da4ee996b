"""Chunked, resumable execution of long experiments on Dask.

An experiment splits its work into independent *chunks*: small
JSON-serialisable parameter dicts with a stable id (``r0-000000000-000100000``),
and a module-level function ``func(params) -> JSON-serialisable result``.
:func:`run_chunks` runs them and returns the results in chunk order:

* by default on a local Dask cluster (:class:`distributed.LocalCluster`, one
  single-threaded worker process per core), so nothing needs configuring;
* on an existing cluster when ``scheduler="tcp://HOST:PORT"`` is given or
  ``DASK_SCHEDULER_ADDRESS`` is set (start it with ``dask scheduler`` and
  ``dask worker``; the workers must be able to import this project);
* in this process, without Dask, when ``workers=0`` (the path the tests
  compare the cluster against).

With ``out_dir`` the run is resumable: ``out_dir/manifest.json`` records the
experiment's parameters and chunk ids (a re-run with other parameters is
refused; a manifest that is not valid is named in a warning and rebuilt), and
each finished chunk is written atomically (a temporary file, then
``os.replace``) to ``out_dir/chunks/<id>.json`` as soon as it completes. A
chunk file carries its schema, id, parameters, result and a SHA-256 digest of
them. A re-run reuses a chunk file only when all of these check (and the
experiment's own ``validate`` accepts the result); any other chunk file
(damaged, garbage, edited without its digest, another schema, other
parameters) is named in a one-line warning and recomputed, never used. The
digest is a checksum, not a signature (:func:`chunk_digest`): an edit that
recomputes it is caught only if ``validate`` finds the result inconsistent.
A killed run loses at most the chunks that were in flight, and Ctrl-C ends a
Dask run with one line (the CLI exits 130; the local cluster's workers are
killed, :func:`_close_quietly`).

Results are merged in chunk order and always pass through JSON, so the
output is the same whatever the number of workers, and whether a chunk was
computed now or read back from disk.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import logging
import os
import re
import signal
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from fast._memory import format_bytes
from grundy import __version__
from grundy.output import atomic_write_text, check_memory, output_dir, progress_bar, warn
from grundy.parsing import count
from grundy.signals import sigint_handler

__all__ = [
    "SCHEDULER_ENV",
    "Chunk",
    "ChunkResults",
    "add_execution_options",
    "check_chunk_time",
    "execution_kwargs",
    "max_workers",
    "range_chunks",
    "report_progress",
    "run_chunks",
]

#: Environment variable naming an existing scheduler (as Dask itself uses it).
SCHEDULER_ENV = "DASK_SCHEDULER_ADDRESS"
#: Allowed characters of a chunk id (it becomes a file name).
_ID_PATTERN = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._=+-]*$")
MANIFEST = "manifest.json"
#: Version of the chunk-file format (files of another schema are recomputed).
CHUNK_SCHEMA = 2
#: Rejected chunk files named one by one before a summary line.
MAX_CHUNK_WARNINGS = 5
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


def chunk_digest(chunk_id: str, params: Any, result: Any) -> str:
    """SHA-256 of a chunk's schema, id, parameters and result (canonical JSON).

    A checksum against damage (a truncated file, a flipped byte, a bad copy)
    and against an edit that leaves the digest as it was. Not a signature:
    the formula is public, so whoever can write the run's directory can
    recompute it after an edit; only a fresh ``--out`` (every chunk
    recomputed) answers for a directory of unknown origin.

    Examples
    --------
    >>> chunk_digest("r-0-4", {"start": 0}, 6)[:15]
    'sha256:96155397'
    """
    text = json.dumps(
        {"schema": CHUNK_SCHEMA, "id": chunk_id, "params": params, "result": result},
        sort_keys=True,
        separators=(",", ":"),
        default=_json_default,
    )
    return "sha256:" + hashlib.sha256(text.encode()).hexdigest()


@dataclass
class _Store:
    """The on-disk state of a resumable run (``out_dir``)."""

    root: Path
    chunk_params: dict[str, dict[str, Any]] = field(default_factory=dict)
    validate: Callable[[dict[str, Any], Any], str | None] | None = None
    rejected: int = 0
    option: str = "--out"  # the command-line option that named ``root``, for messages

    def path(self, chunk_id: str) -> Path:
        return self.root / "chunks" / f"{chunk_id}.json"

    def open(self, name: str, parameters: dict[str, Any], chunks: Sequence[Chunk]) -> None:
        if self.root.exists() and not self.root.is_dir():
            raise ValueError(f"{self.option}: {str(self.root)!r} is a file, not a directory")
        manifest = {
            "experiment": name,
            "parameters": _normalise(parameters),
            "chunks": [chunk.id for chunk in chunks],
        }
        target = self.root / MANIFEST
        old = self._read_manifest(target)
        if old is not None:
            for key in ("experiment", "parameters", "chunks"):
                if old.get(key) != manifest[key]:
                    raise ValueError(
                        f"{self.root} holds a run of {old.get('experiment')!r} with "
                        f"{key} {_short(old.get(key))}, not {_short(manifest[key])}; "
                        f"resume with the same parameters or choose a new {self.option} directory"
                    )
        else:
            try:
                atomic_write_text(
                    target, json.dumps({**manifest, "version": __version__}, indent=1)
                )
            except OSError as error:
                raise ValueError(f"{self.option}: cannot write {str(target)!r} ({error})") from None
        self.chunk_params = {chunk.id: _normalise(chunk.params) for chunk in chunks}

    @staticmethod
    def _read_manifest(target: Path) -> dict[str, Any] | None:
        """The manifest, or None when absent; a broken one is named and rebuilt."""
        if not target.exists():
            return None
        try:
            old = json.loads(target.read_bytes())
            if not isinstance(old, dict) or not {"experiment", "parameters", "chunks"} <= set(old):
                raise ValueError("not a manifest object")
        except (OSError, ValueError) as error:  # JSONDecodeError and UnicodeDecodeError too
            warn(
                f"manifest {target} is not a valid manifest ({_reason(error)}); rebuilding it "
                "(every chunk file is still checked before use)"
            )
            return None
        return old

    def load(self, chunk: Chunk) -> tuple[bool, Any]:
        """(True, result) for a chunk file that checks; else (False, None), with a warning."""
        path = self.path(chunk.id)
        if not path.exists():
            return False, None
        problem, result = self._check(chunk, path)
        if problem is not None:
            self.rejected += 1
            if self.rejected <= MAX_CHUNK_WARNINGS:
                warn(f"chunk file {path} {problem}; recomputing it (it is not used)")
            return False, None
        return True, result

    def summarise(self) -> None:
        """One line for the rejected chunk files beyond the first few named ones."""
        extra = self.rejected - MAX_CHUNK_WARNINGS
        if extra > 0:
            where = self.root / "chunks"
            warn(f"{extra} more chunk files in {where} did not check; recomputing them")

    def _check(self, chunk: Chunk, path: Path) -> tuple[str | None, Any]:
        try:
            record = json.loads(path.read_bytes())
        except (OSError, ValueError) as error:
            return f"is not valid JSON ({_reason(error)})", None
        if not isinstance(record, dict):
            return f"holds a JSON {type(record).__name__}, not a chunk record", None
        if record.get("schema") != CHUNK_SCHEMA:
            return f"has schema {_short(record.get('schema'))}, not {CHUNK_SCHEMA}", None
        missing = [key for key in ("id", "params", "result", "digest") if key not in record]
        if missing:
            return f"lacks {', '.join(missing)}", None
        if record["id"] != chunk.id:
            return f"is chunk {_short(record['id'])}, not {chunk.id}", None
        if record["params"] != self.chunk_params[chunk.id]:
            return (
                f"was computed with parameters {_short(record['params'])}, not "
                f"{_short(self.chunk_params[chunk.id])}"
            ), None
        if record["digest"] != chunk_digest(chunk.id, record["params"], record["result"]):
            return "does not match its digest (edited or damaged)", None
        if self.validate is not None:
            try:
                problem = self.validate(self.chunk_params[chunk.id], record["result"])
            except (KeyError, IndexError, TypeError, ValueError, AttributeError) as error:
                problem = f"{type(error).__name__}: {_reason(error)}"
            if problem:
                return f"holds an inconsistent result ({problem})", None
        return None, record["result"]

    def save(self, chunk: Chunk, result: Any, seconds: float) -> Any:
        params = self.chunk_params[chunk.id]
        value = _normalise(result)
        record = {
            "schema": CHUNK_SCHEMA,
            "id": chunk.id,
            "params": params,
            "seconds": round(seconds, 6),
            "result": value,
            "digest": chunk_digest(chunk.id, params, value),
        }
        atomic_write_text(self.path(chunk.id), json.dumps(record, default=_json_default))
        return value


def _reason(error: BaseException) -> str:
    return " ".join(str(error).split())[:160] or type(error).__name__


def _json_default(value: Any) -> Any:
    if hasattr(value, "tolist"):
        return value.tolist()
    if hasattr(value, "item"):
        return value.item()
    if isinstance(value, (set, frozenset)):
        return sorted(value)
    raise TypeError(f"chunk results must be JSON-serialisable, not {type(value).__name__}")


def _normalise(value: Any) -> Any:
    """``value`` after a JSON round trip (tuples become lists, numpy ints ints)."""
    return json.loads(json.dumps(value, default=_json_default))


def _short(value: Any) -> str:
    text = json.dumps(value, default=str)
    return text if len(text) <= 200 else text[:197] + "..."


#: Where :func:`report_progress` goes: the in-process progress bar, or nowhere.
_NOTE: list[Callable[[str], None] | None] = [None]


def report_progress(done: int, total: int) -> None:
    """For a chunk function: say how far it is (``done`` of ``total``).

    Shown beside the progress bar when the chunk runs in this process
    (``workers=0``); a no-op on a Dask worker. Call it now and then (every few
    thousand steps), not in the innermost loop.

    >>> report_progress(5, 10)  # no bar: nothing happens
    """
    note = _NOTE[0]
    if note is not None and total > 0:
        note(f"{100 * done / total:.0f}% of this chunk")


def _timed(func: Callable[[dict[str, Any]], Any], params: dict[str, Any]) -> tuple[Any, float]:
    """Run one chunk, returning (result, seconds); runs on the worker."""
    began = time.perf_counter()
    result = func(params)
    return result, time.perf_counter() - began


def run_chunks(
    func: Callable[[dict[str, Any]], Any],
    chunks: Iterable[Chunk],
    *,
    out_dir: str | os.PathLike[str] | None = None,
    name: str = "chunks",
    parameters: dict[str, Any] | None = None,
    scheduler: str | None = None,
    workers: int | None = None,
    client: Any = None,
    quiet: bool = False,
    description: str | None = None,
    connect_timeout: float = 20.0,
    out_option: str = "--out",
    validate: Callable[[dict[str, Any], Any], str | None] | None = None,
) -> ChunkResults:
    """Run ``func(chunk.params)`` for every chunk; results in chunk order.

    Parameters
    ----------
    func : callable
        A module-level function (workers import it by name) of one params dict,
        returning a JSON-serialisable result.
    chunks : iterable of Chunk
        The independent pieces of work; ids must be unique.
    out_dir : path, optional
        Directory for the manifest and ``chunks/<id>.json``; makes the run
        resumable. None: nothing is written.
    name : str
        The experiment's name (recorded in the manifest).
    parameters : dict, optional
        Every parameter that determines the result (recorded in the manifest;
        a resumed run must have the same).
    scheduler : str, optional
        Address of an existing scheduler (``tcp://HOST:PORT``). Default: the
        environment variable ``DASK_SCHEDULER_ADDRESS``, else a local cluster.
    workers : int, optional
        Workers of the local cluster (default: ``os.cpu_count()``); 0 runs
        every chunk in this process without Dask.
    client : distributed.Client, optional
        An existing client to use (tests reuse one cluster); it is not closed.
    quiet : bool
        No progress bar.
    description : str, optional
        Progress-bar label (default: ``name``).
    connect_timeout : float
        Seconds to wait for an existing scheduler.
    validate : callable, optional
        ``validate(params, result)`` returns None for a consistent chunk result
        read back from ``out_dir``, else why not (the chunk is then recomputed).
    out_option : str
        The command-line option that named ``out_dir`` (``--out``), for messages.

    Returns
    -------
    ChunkResults
        A list of results in chunk order (each after a JSON round trip), with
        ``computed``, ``reused``, ``workers`` and ``seconds``.

    Raises
    ------
    ValueError
        Duplicate chunk ids, ``workers`` outside ``0..max_workers()``, too many
        chunks, or an ``out_dir`` holding a run with other parameters.
    KeyboardInterrupt
        Ctrl-C: the pending chunks are cancelled and the local cluster closed
        quietly (no worker tracebacks); finished chunks stay on disk.

    Notes
    -----
    If a chunk raises, the exception propagates after the pending chunks are
    cancelled; the chunks finished before it stay on disk for a re-run. A chunk
    file that does not check (see the module docstring) is named in a warning
    and recomputed.

    Examples
    --------
    >>> run_chunks(sum_range, range_chunks(0, 10, 4), workers=0, quiet=True)
    [6, 22, 17]
    """
    began = time.perf_counter()
    chunk_list = list(chunks)
    ids = [chunk.id for chunk in chunk_list]
    if len(set(ids)) != len(ids):
        duplicates = sorted({i for i in ids if ids.count(i) > 1})
        raise ValueError(f"chunk ids must be unique (repeated: {', '.join(duplicates[:5])})")
    if workers is not None and not 0 <= workers <= max_workers():
        raise ValueError(
            f"--workers must be between 0 and {max_workers()} (4 per core; workers = {workers})"
        )
    check_chunk_count(len(chunk_list), f"{name}: {len(chunk_list)} chunks")
    store = (
        _Store(Path(out_dir), validate=validate, option=out_option) if out_dir is not None else None
    )
    results: list[Any] = [None] * len(chunk_list)
    pending: list[int] = []
    reused: list[str] = []
    if store is not None:
        store.open(name, parameters or {}, chunk_list)
        for index, chunk in enumerate(chunk_list):
            found, value = store.load(chunk)
            if found:
                results[index] = value
                reused.append(chunk.id)
            else:
                pending.append(index)
        store.summarise()
    else:
        pending = list(range(len(chunk_list)))

    def finish(index: int, value: Any, seconds: float) -> None:
        chunk = chunk_list[index]
        if store is not None:
            results[index] = store.save(chunk, value, seconds)
        else:
            results[index] = _normalise(value)

    label = description or name
    if reused:
        label += f" ({len(reused)} of {len(chunk_list)} chunks done before)"
    used_workers = 0
    if pending and (workers != 0 or client is not None or scheduler is not None):
        used_workers = _run_dask(
            func,
            chunk_list,
            pending,
            finish,
            scheduler=scheduler,
            workers=workers,
            client=client,
            quiet=quiet,
            label=label,
            connect_timeout=connect_timeout,
        )
    elif pending:
        with progress_bar(label, len(pending), disable=quiet) as advance:
            _NOTE[0] = advance.note
            try:
                for index in pending:
                    value, seconds = _timed(func, chunk_list[index].params)
                    finish(index, value, seconds)
                    advance(1)
            finally:
                _NOTE[0] = None
    out = ChunkResults(results)
    out.computed = [chunk_list[i].id for i in pending]
    out.reused = reused
    out.workers = used_workers
    out.seconds = time.perf_counter() - began
    return out


def _run_dask(
    func: Callable[[dict[str, Any]], Any],
    chunk_list: list[Chunk],
    pending: list[int],
    finish: Callable[[int, Any, float], None],
    *,
    scheduler: str | None,
    workers: int | None,
    client: Any,
    quiet: bool,
    label: str,
    connect_timeout: float,
) -> int:
    import distributed

    dist: Any = distributed  # untyped library: call it through Any
    Client, LocalCluster, as_completed = dist.Client, dist.LocalCluster, dist.as_completed

    address = scheduler or os.environ.get(SCHEDULER_ENV) or None
    cluster = None
    own_client = client is None
    futures: dict[Any, int] = {}
    interrupted = False
    try:
        if client is None:
            if address:
                try:
                    client = Client(address, timeout=f"{connect_timeout}s")
                except OSError as error:
                    raise ValueError(
                        f"cannot connect to the Dask scheduler {address!r}: {error}"
                    ) from None
            else:
                n_workers = workers or os.cpu_count() or 1
                with _workers_ignore_sigint():
                    cluster = LocalCluster(
                        n_workers=n_workers,
                        threads_per_worker=1,
                        processes=True,
                        dashboard_address=":0",
                        silence_logs=logging.ERROR,
                    )
                client = Client(cluster)
        used = len(client.scheduler_info().get("workers", {}))
        for index in pending:
            future = client.submit(_timed, func, chunk_list[index].params, pure=False)
            futures[future] = index
        with progress_bar(f"{label} [{used} workers]", len(pending), disable=quiet) as advance:
            for future in as_completed(futures):
                try:
                    value, seconds = future.result()
                except Exception as error:
                    _cancel(futures)
                    missing = _missing_module(error)
                    if missing is not None:
                        raise ValueError(
                            f"the Dask scheduler or a worker cannot import {missing.name!r}: "
                            "start 'dask scheduler' and 'dask worker' where this project is "
                            "installed (pip install -e .) or with PYTHONPATH set to the "
                            "repository root"
                        ) from error
                    raise
                finish(futures[future], value, seconds)
                advance(1)
        return used
    except KeyboardInterrupt:
        interrupted = True
        _mute_dask_logs()
        _cancel(futures)
        raise
    finally:
        if interrupted:
            _mute_dask_logs()
        _close_quietly(client if own_client else None, cluster, interrupted)


@contextmanager
def _workers_ignore_sigint() -> Iterator[None]:
    """Start worker processes with SIGINT ignored (they inherit it), so Ctrl-C in a
    terminal reaches only this process, which closes the cluster: no worker tracebacks."""
    with sigint_handler(signal.SIG_IGN):  # not the main thread: signals left alone
        yield


def _mute_dask_logs() -> None:
    """No log lines from Dask while an interrupted run shuts down."""
    for name in ("distributed", "tornado", "asyncio"):
        logging.getLogger(name).setLevel(logging.CRITICAL + 1)


def _cancel(futures: dict[Any, int]) -> None:
    try:
        for other in futures:
            other.cancel()
    except Exception:  # the client may already be closing
        pass


def _close_quietly(client: Any, cluster: Any, interrupted: bool) -> None:
    """Close our client and local cluster; after Ctrl-C, errors while closing are silenced.

    After Ctrl-C the local cluster's worker processes are killed first
    (:func:`_kill_workers`): a worker busy in a chunk cannot close gracefully
    (its nanny would wait 4 s, then kill it anyway), and its results are not
    wanted.
    """
    if interrupted and cluster is not None:
        _kill_workers(cluster)
    for thing in (client, cluster):
        if thing is None:
            continue
        try:
            thing.close()
        except BaseException:
            if not interrupted:
                raise


def _kill_workers(cluster: Any) -> None:
    """SIGKILL the worker processes of our local cluster (its nannies restart none)."""
    for nanny in list(getattr(cluster, "workers", {}).values()):
        try:
            nanny.auto_restart = False
            pid = nanny.process.process.pid
            if pid:
                os.kill(pid, signal.SIGKILL)
        except (AttributeError, OSError, ValueError):  # not started, or gone already
            pass


def _missing_module(error: BaseException) -> ModuleNotFoundError | None:
    """The ModuleNotFoundError behind ``error`` (Dask wraps the scheduler's), if any."""
    seen: BaseException | None = error
    for _ in range(10):
        if seen is None:
            return None
        if isinstance(seen, ModuleNotFoundError):
            return seen
        seen = seen.__cause__ or seen.__context__
    return None


def add_execution_options(parser: argparse.ArgumentParser, *, out_help: str | None = None) -> None:
    """``--scheduler``, ``--workers``, ``--out DIR``, ``--quiet`` and ``--json``.

    ``--out`` is a *directory* here (result.json, manifest.json, chunks/).

    Options the parser already has (e.g. from ``add_experiment_options``) are
    left alone, so the two helpers combine.
    """
    have = set(parser._option_string_actions)
    if "--json" not in have:
        parser.add_argument(
            "--json", action="store_true", help="print machine-readable JSON instead of text"
        )
    if "--out" not in have:
        parser.add_argument(
            "--out",
            default=None,
            metavar="DIR",
            type=output_dir("--out"),
            help=out_help
            or (
                "a directory (created if missing; a file is refused) for result.json, the "
                "manifest and the finished chunks; re-running with the same --out resumes "
                "(finished chunks that check are skipped)"
            ),
        )
    if "--quiet" not in have:
        parser.add_argument("--quiet", action="store_true", help="no progress bar")
    parser.add_argument(
        "--scheduler",
        default=None,
        metavar="tcp://HOST:PORT",
        help=f"run on an existing Dask cluster (default: ${SCHEDULER_ENV}, else a local cluster)",
    )
    parser.add_argument(
        "--workers",
        type=count("--workers", lo=0, hi=max_workers()),
        default=None,
        metavar="N",
        help=(
            f"workers of the local cluster, 0..{max_workers()} (default: one per core); 0: in "
            "this process, no Dask"
        ),
    )


def execution_kwargs(args: argparse.Namespace) -> dict[str, Any]:
    """The :func:`run_chunks` keyword arguments from parsed execution options."""
    return {
        "out_dir": args.out,
        "scheduler": args.scheduler,
        "workers": args.workers,
        "quiet": args.quiet,
    }


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
