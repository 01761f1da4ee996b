"""Timing helpers shared by the benchmark scripts (run as ``python benchmarks/NAME.py``)."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any

__all__ = ["best", "timed"]


def timed(func: Callable[[], Any]) -> tuple[float, Any]:
    """Seconds of one call, and its result."""
    start = time.perf_counter()
    result = func()
    return time.perf_counter() - start, result


def best(func: Callable[[], Any], repeat: int) -> float:
    """The least of ``repeat`` timed calls, in seconds."""
    return min(timed(func)[0] for _ in range(repeat))
