"""Ctrl-C in one place: the SIGINT handler of a block, and the last resort after it.

:func:`sigint_handler` swaps the handler for the length of a block (Python
lets only the main thread set signal handlers; elsewhere the block runs with
the handler it had). Two users: ``grundy.cli`` (Ctrl-C delivered outside
numba's call machinery) and ``grundy.execution`` (worker processes started
with SIGINT ignored).

:class:`Deadline` is what makes "stops within about a second" hold when the
interpreter cannot raise: a C call that does not return (LLVM compiling a
kernel, a kernel that does not yet work in blocks, a write of a large file).
After the first Ctrl-C it waits :data:`DELIVER_SECONDS` for the
KeyboardInterrupt to be raised, and :data:`FINISH_SECONDS` for the process
to end after that; a second Ctrl-C ends it at once. Ending means: the
temporary files of unfinished atomic writes (:data:`TEMPORARY_FILES`) are
removed, ``grundy: interrupted`` is the last line on stderr, exit code 130.
"""

from __future__ import annotations

import os
import signal
import sys
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from types import FrameType
from typing import Any

__all__ = [
    "DELIVER_SECONDS",
    "FINISH_SECONDS",
    "INTERRUPTED",
    "TEMPORARY_FILES",
    "Deadline",
    "hard_exit",
    "sigint_handler",
]

#: The line a command interrupted by Ctrl-C ends with (stderr), and its exit code.
INTERRUPTED = "grundy: interrupted"
INTERRUPTED_CODE = 130
#: Seconds after Ctrl-C within which the KeyboardInterrupt must have been raised.
DELIVER_SECONDS = 2.0
#: Seconds after Ctrl-C within which the process must have ended (closing a Dask cluster
#: included); past it the process ends anyway.
FINISH_SECONDS = 20.0
#: Temporary files of atomic writes in progress (``grundy.output.atomic_write``):
#: removed by :func:`hard_exit`.
TEMPORARY_FILES: set[str] = set()

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


def hard_exit(code: int = INTERRUPTED_CODE) -> None:
    """End the process now: remove :data:`TEMPORARY_FILES`, say ``grundy: interrupted``.

    For a process that cannot unwind (see :class:`Deadline`): no Python cleanup
    runs, so the temporary files are removed here, and the message is written
    straight to the stderr file descriptor.
    """
    for name in list(TEMPORARY_FILES):
        try:
            os.unlink(name)
        except OSError:
            pass
    try:
        sys.stderr.flush()
    except Exception:  # a broken stderr must not keep the process alive
        pass
    try:
        os.write(2, f"\n{INTERRUPTED}\n".encode())
    except OSError:
        pass
    os._exit(code)


class Deadline:
    """After Ctrl-C: end the process if it does not end by itself in time.

    ``signalled()`` is called by the SIGINT handler on each Ctrl-C; the first
    starts a daemon thread that calls :func:`hard_exit` unless ``delivered()``
    was called within :data:`DELIVER_SECONDS` (the KeyboardInterrupt was
    raised) and the process ended within :data:`FINISH_SECONDS`; a second
    Ctrl-C after delivery ends the process at once.

    Examples
    --------
    >>> deadline = Deadline(deliver=60, finish=60)
    >>> deadline.armed, deadline.is_delivered
    (False, False)
    >>> deadline.delivered()
    >>> deadline.is_delivered
    True
    """

    def __init__(
        self,
        deliver: float = DELIVER_SECONDS,
        finish: float = FINISH_SECONDS,
        exit_: Callable[[], None] = hard_exit,
    ) -> None:
        self.deliver = deliver
        self.finish = finish
        self._exit = exit_
        self._delivered = threading.Event()
        self._thread: threading.Thread | None = None

    @property
    def armed(self) -> bool:
        """Whether a Ctrl-C came (the thread is waiting)."""
        return self._thread is not None

    @property
    def is_delivered(self) -> bool:
        """Whether the KeyboardInterrupt was raised."""
        return self._delivered.is_set()

    def signalled(self) -> None:
        """A Ctrl-C came: start waiting, or end now if one was already delivered."""
        if self._thread is None:
            self._thread = threading.Thread(
                target=self._wait, name="grundy-interrupt-deadline", daemon=True
            )
            self._thread.start()
        elif self._delivered.is_set():
            self._exit()

    def delivered(self) -> None:
        """The KeyboardInterrupt is being raised now."""
        self._delivered.set()

    def _wait(self) -> None:
        if not self._delivered.wait(self.deliver):
            self._exit()
            return
        threading.Event().wait(max(0.0, self.finish - self.deliver))
        self._exit()
