"""Ctrl-C in one place: the last resort after it (the SIGINT handler of a block is
:func:`grundy.runs.sigint.sigint_handler`, used by the long-run floor too).

:class:`Deadline` is what makes "stops within about a second" hold when the
interpreter cannot raise: a C call that does not return (LLVM compiling a
kernel, a kernel that does not yet work in blocks, a write of a large file).
After the first Ctrl-C it waits :data:`DELIVER_SECONDS` for the
KeyboardInterrupt to be raised, and :data:`FINISH_SECONDS` for the process
to end after that; a second Ctrl-C ends it at once. Ending means: the
temporary files of unfinished atomic writes (:data:`fast._files.TEMPORARY_FILES`) are
removed, ``grundy: interrupted`` is the last line on stderr, exit code 130.
"""

from __future__ import annotations

import os
import sys
import threading
from collections.abc import Callable

from fast._files import TEMPORARY_FILES

__all__ = [
    "DELIVER_SECONDS",
    "FINISH_SECONDS",
    "INTERRUPTED",
    "Deadline",
    "hard_exit",
]

#: The line a command interrupted by Ctrl-C ends with (stderr), and its exit code.
INTERRUPTED = "grundy: interrupted"
INTERRUPTED_CODE = 130
#: The last line :func:`hard_exit` writes: :data:`INTERRUPTED`, or the line of a command
#: stopped past its budget (``grundy.budget.Watch`` sets it).
LAST_LINE: list[str] = [INTERRUPTED]
#: Seconds after Ctrl-C within which the KeyboardInterrupt must have been raised.
DELIVER_SECONDS = 2.0
#: Seconds after Ctrl-C within which the process must have ended (closing a Dask cluster
#: included); past it the process ends anyway.
FINISH_SECONDS = 20.0


def hard_exit(code: int = INTERRUPTED_CODE) -> None:
    """End the process now: remove :data:`fast._files.TEMPORARY_FILES`, say ``grundy: interrupted``.

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
        os.write(2, f"\n{LAST_LINE[0]}\n".encode())
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
