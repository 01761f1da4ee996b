"""The SIGINT handler of a block: :func:`sigint_handler`.

Python lets only the main thread set signal handlers; elsewhere the block runs
with the handler it had. Its user: ``grundy.cli`` (Ctrl-C delivered outside
numba's call machinery). A local Dask cluster's workers are not started with
SIGINT ignored here any more (a Ctrl-C then was lost, issue 39): they inherit
it blocked from the thread that starts them (:mod:`runs.runner`).
"""

from __future__ import annotations

import signal
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from types import FrameType
from typing import Any

__all__ = ["Handler", "sigint_handler"]

Handler = Callable[[int, FrameType | None], Any] | int | signal.Handlers | None


@contextmanager
def sigint_handler(handler: Handler) -> Iterator[bool]:
    """Run the block with ``handler`` for SIGINT, then put the previous one back.

    Yields whether the handler was set (False outside the main thread, where
    Python refuses to set one; the block then runs unchanged).

    Examples
    --------
    >>> import signal
    >>> before = signal.getsignal(signal.SIGINT)
    >>> with sigint_handler(signal.SIG_IGN) as installed:
    ...     installed, signal.getsignal(signal.SIGINT) is signal.SIG_IGN
    (True, True)
    >>> signal.getsignal(signal.SIGINT) is before
    True
    """
    try:
        previous = signal.signal(signal.SIGINT, handler)
    except ValueError:  # not the main thread
        yield False
        return
    try:
        yield True
    finally:
        signal.signal(signal.SIGINT, previous)
