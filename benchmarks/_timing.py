"""Timing helpers shared by the benchmark scripts (run as ``python benchmarks/NAME.py``)."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

__all__ = ["best", "timed"]


def timed(
    func: Callable[[], Any], clock: Callable[[], float] = time.perf_counter
) -> tuple[float, Any]:
    """Seconds of one call by ``clock`` (wall time; ``time.process_time`` for this process's
    CPU time), and its result."""
    start = clock()
    result = func()
    return clock() - start, result


def best(
    func: Callable[[], Any], repeat: int, clock: Callable[[], float] = time.perf_counter
) -> float:
    """The least of ``repeat`` timed calls (:func:`timed`), in seconds."""
    return min(timed(func, clock)[0] for _ in range(repeat))
