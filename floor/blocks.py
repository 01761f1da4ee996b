"""Run a kernel in bounded blocks: the loop around every long, resumable kernel.

A long kernel never runs unbounded in one call (the Ctrl-C protocol,
:mod:`floor.interrupt`). Its caller numbers the work ``start .. total - 1``
(cells, rows) and hands it out a block at a time, each block one held kernel
call (:func:`floor.interrupt.call`); between blocks Python serves Ctrl-C and
reports progress. :func:`run_blocks` is that loop. A block ``block(lo, hi)``
ends in one of three ways (:class:`Step`), and says where:

``DONE``
    every item ``lo .. hi - 1`` is done: the next block starts at ``hi``;
``PAUSED``
    the kernel spent a work budget of its own first (one item can be a lot
    of work): progress is reported, the next block starts where it stopped;
``GROWN``
    a buffer was too small at an item: the block grew it, and the next block
    starts at that item again, with no progress report (nothing new is done).

Block sizes are fixed, or follow the measured speed (:class:`Pace`).

Examples
--------
>>> seen = []
>>> def block(lo: int, hi: int) -> tuple[Step, int]:
...     seen.append((lo, hi))
...     return Step.DONE, hi
>>> run_blocks(block, 10, size=4, progress=lambda done: seen.append(done))
>>> seen
[(0, 4), 4, (4, 8), 8, (8, 10), 10]
"""

from __future__ import annotations

import time
from collections.abc import Callable
from enum import Enum

__all__ = ["Pace", "Step", "run_blocks"]


class Step(Enum):
    """How a block ended (see the module docstring)."""

    DONE = "done"
    PAUSED = "paused"
    GROWN = "grown"


class Pace:
    """Block sizes that follow the measured speed.

    Each block is sized to take about ``seconds`` at the speed of the block
    before it, at most 4x that block, at least ``least`` (``first`` if not
    given): a call returns to Python within about ``seconds`` on a loaded
    machine too.

    Examples
    --------
    >>> pace = Pace(1024, 0.1, least=1)
    >>> pace.measured(0.01)  # ten times too fast: 4x at most
    >>> pace.size
    4096
    >>> pace.measured(0.4)
    >>> pace.size
    1024
    """

    def __init__(self, first: int, seconds: float, *, least: int | None = None) -> None:
        self.size = first
        self.seconds = seconds
        self.least = first if least is None else least

    def measured(self, spent: float) -> None:
        """The last block of :attr:`size` items took ``spent`` seconds: size the next one."""
        scaled = int(self.size * self.seconds / max(spent, 1e-6))
        self.size = max(self.least, min(4 * self.size, scaled))


def run_blocks(
    block: Callable[[int, int], tuple[Step, int]],
    total: int,
    *,
    size: int | Pace,
    start: int = 0,
    progress: Callable[[int], None] | None = None,
) -> None:
    """Run ``block(lo, hi)`` over the items ``start .. total - 1``, a bounded block a call.

    Parameters
    ----------
    block : callable
        ``block(lo, hi) -> (step, at)``: works on the items ``lo .. hi - 1``
        (one kernel call, held: :func:`floor.interrupt.call`) and returns how
        it ended (:class:`Step`) and the item the next block starts at
        (``hi`` when done; ``lo <= at <= hi``). A refusal it raises ends the run.
    total : int
        The end of the items.
    size : int or Pace
        The items per block: fixed, or following the measured speed.
    start : int
        The first item.
    progress : callable, optional
        ``progress(done)`` after each block that did not end in a growth.
    """
    pace = size if isinstance(size, Pace) else None
    fixed = size if isinstance(size, int) else 0
    done = start
    while done < total:
        stop = min(total, done + (pace.size if pace is not None else fixed))
        began = time.perf_counter()
        step, done = block(done, stop)
        if pace is not None:
            pace.measured(time.perf_counter() - began)
        if step is not Step.GROWN and progress is not None:
            progress(done)
