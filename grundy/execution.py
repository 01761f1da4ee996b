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
refused), and each finished chunk is written atomically to
``out_dir/chunks/<id>.json`` as soon as it completes. A re-run skips the
chunks whose file exists (after checking that its parameters match), so a
killed run loses at most the chunks that were in flight.

Results are merged in chunk order and always pass through JSON, so the
output is the same whatever the number of workers, and whether a chunk was
computed now or read back from disk.
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import re
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from grundy import __version__
from grundy.experiments import atomic_write_text, progress_bar

__all__ = [
    "SCHEDULER_ENV",
    "Chunk",
    "ChunkResults",
    "add_execution_options",
    "execution_kwargs",
    "parse_count",
    "range_chunks",
    "run_chunks",
]

#: Environment variable naming an existing scheduler (as Dask itself uses it).
SCHEDULER_ENV = "DASK_SCHEDULER_ADDRESS"
#: Allowed characters of a chunk id (it becomes a file name).
_ID_PATTERN = re.compile(r"^[A-Za-z0-9][A-Za-z0-9._=+-]*$")
MANIFEST = "manifest.json"


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
    width = len(str(stop))
    chunks = []
    for s in range(start, stop, size):
        t = min(s + size, stop)
        chunks.append(
            Chunk(f"{prefix}-{s:0{width}d}-{t:0{width}d}", {"start": s, "stop": t, **fixed})
        )
    return chunks


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


@dataclass
class _Store:
    """The on-disk state of a resumable run (``out_dir``)."""

    root: Path
    chunk_params: dict[str, dict[str, Any]] = field(default_factory=dict)

    def path(self, chunk_id: str) -> Path:
        return self.root / "chunks" / f"{chunk_id}.json"

    def open(self, name: str, parameters: dict[str, Any], chunks: Sequence[Chunk]) -> None:
        manifest = {
            "experiment": name,
            "parameters": _normalise(parameters),
            "chunks": [chunk.id for chunk in chunks],
        }
        target = self.root / MANIFEST
        if target.exists():
            old = json.loads(target.read_text())
            for key in ("experiment", "parameters", "chunks"):
                if old.get(key) != manifest[key]:
                    raise ValueError(
                        f"{self.root} holds a run of {old.get('experiment')!r} with "
                        f"{key} {_short(old.get(key))}, not {_short(manifest[key])}; "
                        f"resume with the same parameters or choose a new --out directory"
                    )
        else:
            atomic_write_text(target, json.dumps({**manifest, "version": __version__}, indent=1))
        self.chunk_params = {chunk.id: _normalise(chunk.params) for chunk in chunks}

    def load(self, chunk: Chunk) -> tuple[bool, Any]:
        path = self.path(chunk.id)
        if not path.exists():
            return False, None
        try:
            record = json.loads(path.read_text())
        except json.JSONDecodeError as error:  # never happens with atomic writes
            raise ValueError(f"chunk file {path} is not valid JSON ({error}); delete it") from None
        if record.get("params") != self.chunk_params[chunk.id]:
            raise ValueError(
                f"chunk file {path} was computed with parameters {record.get('params')}, "
                f"but this run asks {self.chunk_params[chunk.id]}; delete it or use a new --out"
            )
        return True, record["result"]

    def save(self, chunk: Chunk, result: Any, seconds: float) -> Any:
        record = {
            "id": chunk.id,
            "params": self.chunk_params[chunk.id],
            "seconds": round(seconds, 6),
            "result": result,
        }
        text = json.dumps(record, default=_json_default)
        atomic_write_text(self.path(chunk.id), text)
        return json.loads(text)["result"]


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

    Returns
    -------
    ChunkResults
        A list of results in chunk order (each after a JSON round trip), with
        ``computed``, ``reused``, ``workers`` and ``seconds``.

    Raises
    ------
    ValueError
        Duplicate chunk ids, ``workers < 0``, or an ``out_dir`` holding a run
        with other parameters or a chunk file with other params.

    Notes
    -----
    If a chunk raises, the exception propagates after the pending chunks are
    cancelled; the chunks finished before it stay on disk for a re-run.

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
    if workers is not None and workers < 0:
        raise ValueError(f"workers must be >= 0 (workers = {workers})")
    store = _Store(Path(out_dir)) if out_dir is not None else None
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
            for index in pending:
                value, seconds = _timed(func, chunk_list[index].params)
                finish(index, value, seconds)
                advance(1)
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
            cluster = LocalCluster(
                n_workers=n_workers,
                threads_per_worker=1,
                processes=True,
                dashboard_address=":0",
                silence_logs=logging.ERROR,
            )
            client = Client(cluster)
    try:
        used = len(client.scheduler_info().get("workers", {}))
        futures = {}
        for index in pending:
            future = client.submit(_timed, func, chunk_list[index].params, pure=False)
            futures[future] = index
        with progress_bar(f"{label} [{used} workers]", len(pending), disable=quiet) as advance:
            for future in as_completed(futures):
                try:
                    value, seconds = future.result()
                except BaseException as error:
                    for other in futures:
                        other.cancel()
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
    finally:
        if own_client:
            client.close()
        if cluster is not None:
            cluster.close()


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
            help=out_help
            or (
                "directory for the result, the manifest and finished chunks; re-running "
                "with the same --out resumes (finished chunks are skipped)"
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
        type=int,
        default=None,
        metavar="N",
        help="workers of the local cluster (default: one per core); 0: in this process, no Dask",
    )


def execution_kwargs(args: argparse.Namespace) -> dict[str, Any]:
    """The :func:`run_chunks` keyword arguments from parsed execution options."""
    return {
        "out_dir": args.out,
        "scheduler": args.scheduler,
        "workers": args.workers,
        "quiet": args.quiet,
    }


def parse_count(text: str) -> int:
    """An integer option written ``1000000``, ``1_000_000``, ``1e6`` or ``10**6`` (argparse type).

    Examples
    --------
    >>> parse_count("1e6"), parse_count("10**30") == 10**30, parse_count("2_000")
    (1000000, True, 2000)
    """
    value = text.strip().replace("_", "")
    try:
        if "**" in value:
            base, exponent = value.split("**")
            return int(int(base) ** int(exponent))
        mantissa, e, exponent = value.lower().partition("e")
        if e:
            if "." in mantissa:
                whole, frac = mantissa.split(".")
                return int(int(whole + frac) * 10 ** (int(exponent) - len(frac)))
            return int(int(mantissa) * 10 ** int(exponent))
        return int(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not an integer: {text!r}") from None


def sum_range(params: dict[str, Any]) -> int:
    """A tiny chunk function (the sum of ``range(start, stop)``), for examples and tests.

    >>> sum_range({"start": 0, "stop": 4})
    6
    """
    return sum(range(params["start"], params["stop"]))
