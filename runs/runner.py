"""Running chunks: in this process, or on Dask; resumable through the chunk store.

:func:`run_chunks` runs the chunks of :mod:`runs.chunks` and returns
the results in chunk order:

* by default on a local Dask cluster (:class:`distributed.LocalCluster`, one
  single-threaded worker process per core), so nothing needs configuring;
* on an existing cluster when ``scheduler="tcp://HOST:PORT"`` is given or
  ``DASK_SCHEDULER_ADDRESS`` is set (start it with ``dask scheduler`` and
  ``dask worker``; the workers must be able to import this project);
* in this process, without Dask, when ``workers=0`` (the path the tests
  compare the cluster against).

With ``out_dir`` the run is resumable (:mod:`runs.store`: a manifest,
one file a finished chunk with its digest, checked before it is reused). A
killed run loses at most the chunks that were in flight, and Ctrl-C ends a
Dask run with one line (the CLI exits 130; the local cluster's workers are
killed, :func:`_close_quietly`). If a chunk raises, the exception
propagates after the pending chunks are cancelled; the chunks finished
before it stay on disk for a re-run. A chunk file that does not check is
named in a warning and recomputed.

Results are merged in chunk order and always pass through JSON, so the
output is the same whatever the number of workers, and whether a chunk was
computed now or read back from disk.
"""

from __future__ import annotations

import logging
import multiprocessing
import os
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterable
from multiprocessing import resource_tracker
from pathlib import Path
from typing import Any

from floor.config import dask_scheduler
from runs.chunks import Chunk, ChunkResults, check_chunk_count, max_workers
from runs.progress import progress_bar
from runs.store import ChunkStore, normalise

__all__ = ["report_progress", "run_chunks"]


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

    Examples
    --------
    >>> from runs.chunks import range_chunks, sum_range
    >>> run_chunks(sum_range, range_chunks(0, 10, 4), workers=0, quiet=True)
    [6, 22, 17]
    """
    began = time.perf_counter()
    chunk_list = list(chunks)
    _check_chunks(chunk_list, workers, name)
    store = (
        ChunkStore(Path(out_dir), validate=validate, option=out_option)
        if out_dir is not None
        else None
    )
    results: list[Any] = [None] * len(chunk_list)
    if store is not None:
        pending, reused = _load_finished(store, name, parameters or {}, chunk_list, results)
    else:
        pending, reused = list(range(len(chunk_list))), []

    def finish(index: int, value: Any, seconds: float) -> None:
        chunk = chunk_list[index]
        if store is not None:
            results[index] = store.save(chunk, value, seconds)
        else:
            results[index] = normalise(value)

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
        _run_here(func, chunk_list, pending, finish, label=label, quiet=quiet)
    out = ChunkResults(results)
    out.computed = [chunk_list[i].id for i in pending]
    out.reused = reused
    out.workers = used_workers
    out.seconds = time.perf_counter() - began
    return out


def _check_chunks(chunk_list: list[Chunk], workers: int | None, name: str) -> None:
    """ValueError for repeated chunk ids, ``workers`` out of range or too many chunks."""
    ids = [chunk.id for chunk in chunk_list]
    if len(set(ids)) != len(ids):
        duplicates = sorted({i for i in ids if ids.count(i) > 1})
        raise ValueError(f"chunk ids must be unique (repeated: {', '.join(duplicates[:5])})")
    if workers is not None and not 0 <= workers <= max_workers():
        raise ValueError(
            f"--workers must be between 0 and {max_workers()} (4 per core; workers = {workers})"
        )
    check_chunk_count(len(chunk_list), f"{name}: {len(chunk_list)} chunks")


def _load_finished(
    store: ChunkStore,
    name: str,
    parameters: dict[str, Any],
    chunk_list: list[Chunk],
    results: list[Any],
) -> tuple[list[int], list[str]]:
    """Open the store and fill ``results`` with the chunks finished before; (the indices
    still to run, the ids reused)."""
    pending: list[int] = []
    reused: list[str] = []
    store.open(name, parameters, chunk_list)
    for index, chunk in enumerate(chunk_list):
        found, value = store.load(chunk)
        if found:
            results[index] = value
            reused.append(chunk.id)
        else:
            pending.append(index)
    store.summarise()
    return pending, reused


def _run_here(
    func: Callable[[dict[str, Any]], Any],
    chunk_list: list[Chunk],
    pending: list[int],
    finish: Callable[[int, Any, float], None],
    *,
    label: str,
    quiet: bool,
) -> None:
    """Run the pending chunks one after the other in this process (``workers=0``)."""
    with progress_bar(label, len(pending), disable=quiet) as advance:
        _NOTE[0] = advance.note
        try:
            for index in pending:
                value, seconds = _timed(func, chunk_list[index].params)
                finish(index, value, seconds)
                advance(1)
        finally:
            _NOTE[0] = None


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

    address = scheduler or dask_scheduler()
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
                cluster = _start_local_cluster(LocalCluster, workers or os.cpu_count() or 1)
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


#: Seconds between two looks at a starting cluster (Ctrl-C is raised between them).
_START_POLL_SECONDS = 0.05
#: The warning filter given to multiprocessing's resource tracker: after Ctrl-C during a
#: start-up, its "leaked semaphore objects" warning would follow ``grundy: interrupted``.
_QUIET_TRACKER = "ignore:resource_tracker:UserWarning"


def _start_local_cluster(make: Callable[..., Any], n_workers: int) -> Any:
    """``make(...)`` (a :class:`distributed.LocalCluster`) with workers that ignore Ctrl-C,
    started so that Ctrl-C during the start-up is raised here within a poll.

    The cluster starts in a thread created with SIGINT blocked
    (:func:`_sigint_blocked_thread`): the threads it creates and the worker
    processes it spawns inherit the blocked signal, so Ctrl-C in a terminal
    reaches only this process, which closes the cluster (no worker tracebacks).
    This thread keeps its handler and waits in short slices, so the signal is
    never discarded (it once was, by ignoring SIGINT here during the start-up:
    issue 39). On Ctrl-C the start-up is abandoned: the workers started so far
    are killed (:func:`_abandon_start`), and the KeyboardInterrupt propagates.
    """
    box: dict[str, Any] = {}

    def start() -> None:
        try:
            box["cluster"] = make(
                n_workers=n_workers,
                threads_per_worker=1,
                processes=True,
                dashboard_address=":0",
                silence_logs=logging.ERROR,
            )
        except BaseException as error:  # raised again in the calling thread
            box["error"] = error

    before = {child.pid for child in multiprocessing.active_children()}
    if _QUIET_TRACKER not in sys.warnoptions:  # passed on to the resource tracker it starts
        sys.warnoptions.append(_QUIET_TRACKER)
    # started here, not by the cluster's event loop: starting it unblocks SIGINT in the
    # thread that does (multiprocessing.resource_tracker), and that thread spawns the workers
    resource_tracker.ensure_running()
    try:
        thread = _start_sigint_blocked(start)
        while thread.is_alive():
            thread.join(_START_POLL_SECONDS)
    except KeyboardInterrupt:
        _mute_dask_logs()
        _abandon_start(box.get("cluster"), before)
        raise
    if "error" in box:
        raise box["error"]
    return box["cluster"]


def _start_sigint_blocked(target: Callable[[], None]) -> threading.Thread:
    """Start ``target`` in a daemon thread whose SIGINT is blocked (a thread inherits its
    creator's signal mask, a child process its thread's, through fork and exec); the
    calling thread's mask is put back at once (a Ctrl-C meanwhile is pending, not lost)."""
    thread = threading.Thread(target=target, name="grundy-cluster-start", daemon=True)
    previous = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT})
    try:
        thread.start()
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)
    return thread


def _abandon_start(cluster: Any, before: set[int | None]) -> None:
    """After Ctrl-C during a cluster's start-up: kill its workers (the cluster's, if it
    was made, and every process spawned since the start-up began); a worker spawned
    later ends with this process (Dask's workers watch their parent)."""
    if cluster is not None:
        _kill_workers(cluster)
    for child in multiprocessing.active_children():
        if child.pid not in before and child.pid:
            try:
                os.kill(child.pid, signal.SIGKILL)
            except OSError:  # gone already
                pass


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
