"""The strip's threads: how many, the shared pool, and how the rows are split among them.

With ``threads`` > 1 the rows of a block of columns are split into
consecutive stages, one a thread, that run as a pipeline (:class:`fast.strip.Strip`);
the split starts at about equal time and moves toward it as the strip runs.
"""

from __future__ import annotations

import os
from concurrent.futures import ThreadPoolExecutor

from fast.strip.geometry import BLOCK, STEP_CELLS
from floor import config as _config

__all__ = [
    "MIN_ROWS_PER_THREAD",
    "REBALANCE",
    "THREADS_ENV",
    "default_threads",
    "pipeline_block",
    "running_threads",
]

#: Environment variable that sets the strip's default threads (benchmarks time 1 and 2).
THREADS_ENV = _config.GRUNDY_STRIP_THREADS.name


def default_threads() -> int:
    """``$GRUNDY_STRIP_THREADS`` if set, else the cores this process may run on; at least 1.

    >>> default_threads() >= 1
    True
    """
    threads = _config.strip_threads()
    if threads is not None:
        return threads
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - not Linux
        return max(1, os.cpu_count() or 1)


#: Below this many rows a second thread costs more in synchronisation than it saves.
MIN_ROWS_PER_THREAD = 48
#: Rows in the first stage when two threads share the strip, as a fraction of the rows
#: (the scan of a cell grows with its row, so the lower rows are cheaper; adjusted as it
#: runs from the measured time of each stage).
_FIRST_SHARE = 0.62
#: How far each split moves toward the equal-time split after a pipeline (1 = all the way).
REBALANCE = 0.75


def running_threads(rows: int, threads: int) -> int:
    """The threads a strip of ``rows`` rows runs on when given ``threads``: at least
    :data:`MIN_ROWS_PER_THREAD` rows each.

    >>> running_threads(61, 2), running_threads(1001, 2)
    (1, 2)
    """
    return max(1, min(threads, rows // MIN_ROWS_PER_THREAD))


def pipeline_block(rows: int, threads: int | None = None) -> int:
    """Columns to hand :meth:`Strip.advance` at a time so that its threads have a pipeline
    of about 16 steps to share (BLOCK on one thread).

    >>> pipeline_block(10, 1), pipeline_block(3001, 2) >= 16 * 699
    (4096, True)
    """
    threads = default_threads() if threads is None else threads
    n = running_threads(rows, threads)
    if n == 1:
        return BLOCK
    return max(BLOCK, 16 * pipeline_step(rows, n))


def pipeline_step(rows: int, threads: int) -> int:
    """Columns one step of the pipeline covers on ``threads`` running threads: about
    :data:`STEP_CELLS` cells a stage, 64 to 8192 columns.

    >>> pipeline_step(3001, 2)
    699
    """
    return max(64, min(8192, STEP_CELLS // max(1, rows // threads)))


def _split(rows: int, threads: int) -> list[int]:
    """The first row of each stage after the first (rows split for about equal time)."""
    if threads == 1:
        return []
    if threads == 2:
        return [int(rows * _FIRST_SHARE)]
    # a cell's cost grows with its row: equal shares of sum(c + k), about k**1.5
    return [int(rows * (j / threads) ** (1 / 1.5)) for j in range(1, threads)]


_POOL: list[ThreadPoolExecutor] = []


def _pool(workers: int) -> ThreadPoolExecutor:
    """A shared pool of at least ``workers`` threads (the strip's stages after the first)."""
    if not _POOL or _POOL[0]._max_workers < workers:
        _POOL[:] = [ThreadPoolExecutor(max_workers=workers, thread_name_prefix="strip")]
    return _POOL[0]
