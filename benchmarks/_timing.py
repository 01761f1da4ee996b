"""Timing helpers shared by the benchmark scripts (run as ``python benchmarks/NAME.py``)."""

from __future__ import annotations

import os
import platform
import time
from collections.abc import Callable
from typing import Any

__all__ = ["best", "load", "machine", "timed"]


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


def load() -> str:
    """The one-minute load average, one decimal (``?`` where the system has none)."""
    return f"{os.getloadavg()[0]:.1f}" if hasattr(os, "getloadavg") else "?"


def machine() -> str:
    """A benchmark's first line: ``machine: ARCH PROCESSOR python X.Y.Z, N CPUs``."""
    return (
        f"machine: {platform.machine()} {platform.processor() or ''} "
        f"python {platform.python_version()}, {os.cpu_count()} CPUs"
    )
