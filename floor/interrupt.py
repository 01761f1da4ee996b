"""Ctrl-C and the compiled kernels: the protocol every long kernel follows.

A long kernel never runs unbounded in one call. It works in *blocks* of
bounded duration (well under a second: :data:`BLOCK_SECONDS` is the target,
each module sizes its blocks from measured speeds) and returns to Python
between blocks, resuming where it stopped, so that a pending Ctrl-C raises
KeyboardInterrupt there, with or without a progress callback.

During one block the signal is *held* (:func:`held`, or :func:`call` for one
kernel call). Python runs a SIGINT handler at its next check for signals, and
numba's dispatcher makes such checks while it boxes a kernel's result (it
calls back into Python, and numpy's C code checks too): a KeyboardInterrupt
raised there leaves the dispatcher returning a result with an exception set
(``SystemError``) or, for a ``nogil`` kernel returning a tuple of arrays, a
segmentation fault (issue 30: ``grundy value fibonacci-nim 5000000,4999999``
and ``grundy check all`` exited 139). Held, the signal is only recorded, and
raised as KeyboardInterrupt when the block has returned cleanly.

Compiling is not held: :func:`call` compiles (or loads from numba's cache)
the kernel for its argument types *before* holding, so Ctrl-C during a first
compilation interrupts it (the CLI's handler raises in numba's Python code,
never inside llvmlite's callbacks: see :func:`must_defer`).

Who holds: with Python's default handler (a library user, a notebook), the
hold installs a recording handler for the block and puts the default back.
A handler that knows about holds (its attribute ``respects_hold`` is true:
the CLI's) keeps running and asks :func:`holding` itself; it then calls
:func:`hold_pending`. Any other handler, an ignored signal, or a call outside
the main thread (where Python delivers no signals) is left alone.

The process's side (the command line installs it, :func:`interrupt_after_compiled_code`):
the SIGINT handler that raises KeyboardInterrupt where it is safe and promptly, holds it
during a block, and delivers it again where raising would be lost; the
:class:`Deadline` that ends the process (:func:`hard_exit`: ``grundy: interrupted``, exit
130) when the interrupt cannot be raised in time; :func:`sigint_handler`, the one way a
block swaps the SIGINT handler; :func:`interrupted` (Ctrl-C, also as the cause of another
exception) and :func:`while_exiting` (Ctrl-C after the command). Only
``grundy/__main__.py`` keeps its own few lines: it runs before anything is imported.

Examples
--------
>>> call(max, 2, 3)  # any callable; numba dispatchers are compiled first
3
>>> import signal
>>> before = signal.signal(signal.SIGINT, signal.default_int_handler)  # Python's own
>>> with held():
...     holding()
True
>>> holding()
False
>>> _ = signal.signal(signal.SIGINT, before)
"""

from __future__ import annotations

import os
import signal
import sys
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from types import FrameType
from typing import Any, TypeVar

from floor.files import TEMPORARY_FILES

__all__ = [
    "BLOCK_SECONDS",
    "BUDGET_STOPS",
    "DEADLINE",
    "DELIVER_SECONDS",
    "FINISH_SECONDS",
    "INTERRUPTED",
    "INTERRUPTED_CODE",
    "ITEMS_PER_CALL",
    "LAST_LINE",
    "Deadline",
    "Handler",
    "call",
    "compiled",
    "hard_exit",
    "held",
    "hold_pending",
    "holding",
    "interrupt_after_compiled_code",
    "interrupted",
    "must_defer",
    "sigint_handler",
    "spans",
    "while_exiting",
]

#: Items per call of the vectorised kernels that take a few tens of ns an item
#: (``fast.beatty``, ``fast.zeckendorf``): some 20-60 ms a call.
ITEMS_PER_CALL = 1 << 20

#: The target duration of one block of a long kernel (seconds, on an idle core): each
#: module turns it into a work size with its own measured speed, so a block stays
#: well under a second on a loaded machine too.
BLOCK_SECONDS = 0.05

R = TypeVar("R")

_state = {"depth": 0, "pending": False}

#: The C functions under :mod:`signal` (``signal.signal`` is ``_signal.signal`` with its
#: handlers converted to and from enums through exceptions: about 10 us a call, which was
#: most of a small kernel block's 35 us; a hold swaps the handler twice).
_c_signal: Any = sys.modules.get("_signal") or signal


def holding() -> bool:
    """Whether a block of compiled code is running now (in the main thread)."""
    return _state["depth"] > 0


def hold_pending() -> None:
    """Record a Ctrl-C that arrived during a held block (raised when it returns)."""
    _state["pending"] = True


def _record(signum: int, frame: FrameType | None) -> None:
    hold_pending()


@contextmanager
def held() -> Iterator[None]:
    """Hold Ctrl-C for the block; raise KeyboardInterrupt after it if one came.

    See the module docstring for which handlers are swapped and which are left alone.
    Nested holds are one hold.
    """
    if _state["depth"] or threading.current_thread() is not threading.main_thread():
        yield
        return
    try:
        handler = _c_signal.getsignal(signal.SIGINT)
    except ValueError:  # pragma: no cover - no signals on this platform
        yield
        return
    own = handler is signal.default_int_handler
    if not own and not getattr(handler, "respects_hold", False):
        yield
        return
    if own:
        _c_signal.signal(signal.SIGINT, _record)
    _state["depth"] = 1
    try:
        yield
    finally:
        _state["depth"] = 0
        if own:
            _c_signal.signal(signal.SIGINT, handler)
        if _state["pending"]:
            _state["pending"] = False
            raise KeyboardInterrupt


#: (kernel, argument key) pairs known compiled: a cheap key (:func:`_key`) spares the
#: numba typing of every argument (about 12 us each) on every block.
_COMPILED: set[tuple[int, tuple[Any, ...]]] = set()


def _key(arg: Any) -> Any:
    """What numba's type of ``arg`` depends on, cheaply (arrays: dtype, rank, layout;
    tuples: their items)."""
    if isinstance(arg, tuple):
        return tuple(_key(item) for item in arg)
    flags = getattr(arg, "flags", None)
    if flags is not None and hasattr(arg, "dtype"):
        return (arg.dtype.str, arg.ndim, flags.c_contiguous, flags.f_contiguous, flags.writeable)
    return type(arg)


def compiled(kernel: Any, *args: Any) -> None:
    """Compile ``kernel`` (a numba dispatcher) for the types of ``args``, or load it from
    numba's cache: the interruptible part of a first call. Anything else: nothing."""
    typeof = getattr(kernel, "typeof_pyval", None)
    overloads = getattr(kernel, "overloads", None)
    if typeof is None or overloads is None:  # a plain function (NUMBA_DISABLE_JIT=1)
        return
    key = (id(kernel), tuple(_key(arg) for arg in args))
    if key in _COMPILED:
        return
    types = tuple(typeof(arg) for arg in args)
    if types not in overloads:
        kernel.compile(types)
    _COMPILED.add(key)


def call(kernel: Callable[..., R], *args: Any) -> R:
    """One block: ``kernel(*args)`` compiled first (:func:`compiled`), then run held.

    The kernel must return within a bounded time (:data:`BLOCK_SECONDS`); a
    Ctrl-C that came meanwhile is raised as KeyboardInterrupt after it returns.
    """
    compiled(kernel, *args)
    with held():
        return kernel(*args)


def spans(total: int, per_call: int) -> Iterator[tuple[int, int]]:
    """``(lo, hi)`` covering ``range(total)`` in pieces of at most ``per_call``.

    >>> list(spans(5, 2)), list(spans(0, 2))
    ([(0, 2), (2, 4), (4, 5)], [])
    """
    for lo in range(0, total, max(1, per_call)):
        yield lo, min(total, lo + per_call)


# The process's side: the SIGINT handler of the command line, and its last resort.

#: The line a command interrupted by Ctrl-C ends with (stderr), and its exit code.
INTERRUPTED = "grundy: interrupted"
INTERRUPTED_CODE = 130
#: The last line :func:`hard_exit` writes: :data:`INTERRUPTED`, or the line of a command
#: stopped past its budget (``grundy.cli.budget.Watch`` sets it).
LAST_LINE: list[str] = [INTERRUPTED]
#: Seconds after Ctrl-C within which the KeyboardInterrupt must have been raised.
DELIVER_SECONDS = 2.0
#: Seconds after Ctrl-C within which the process must have ended (closing a Dask cluster
#: included); past it the process ends anyway.
FINISH_SECONDS = 20.0


def hard_exit(code: int = INTERRUPTED_CODE) -> None:
    """End the process now: remove :data:`floor.files.TEMPORARY_FILES`, say ``grundy: interrupted``.

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


def interrupted(error: BaseException | None) -> bool:
    """True for Ctrl-C, also when it is the cause of another exception.

    Numba's compiled code calls back into Python while it boxes a result
    (``numba.core.serialize._numba_unpickle``); a KeyboardInterrupt raised by
    the signal handler there comes back as ``SystemError: CPUDispatcher(...)
    returned a result with an exception set`` whose cause is the interrupt.
    """
    seen = 0
    while error is not None and seen < 16:
        if isinstance(error, KeyboardInterrupt):
            return True
        error = error.__cause__ or error.__context__
        seen += 1
    return False


def while_exiting(*, interrupted: bool) -> None:
    """Ctrl-C while Python shuts down (numba's, Dask's exit handlers), after the command.

    An interrupted command: a further Ctrl-C ends the process at once
    (:func:`hard_exit`). A finished one: its answer is
    complete, so Ctrl-C is ignored and the exit code stays the command's
    (never a traceback from an exit handler).
    """
    handler: Any = (lambda signum, frame: hard_exit()) if interrupted else signal.SIG_IGN
    try:
        signal.signal(signal.SIGINT, handler)
    except ValueError:  # pragma: no cover - not the main thread
        pass


#: Where a KeyboardInterrupt must not be raised: anywhere below llvmlite (LLVM calls back
#: into Python through ctypes while numba compiles; an exception raised in such a callback
#: is printed and swallowed, and the interrupt is lost) ...
_CALLBACK_PACKAGE = "llvmlite"
#: ... and in numba's serialisation helper (it runs while a compiled call boxes its result).
_BOXING_MODULE = "numba.core.serialize"
#: How many frames up the stack :func:`must_defer` looks for them.
_DEFER_DEPTH = 64


def must_defer(frame: FrameType | None) -> bool:
    """True when raising KeyboardInterrupt at ``frame`` would be lost or corrupt a call:
    inside llvmlite (anywhere up the stack) or numba's boxing helper (the innermost frame).

    Elsewhere, numba's compiler included, the interrupt is raised: compiling is
    plain Python and unwinds cleanly (a kernel called through
    :func:`call` is compiled before its call is held).
    """
    depth = 0
    current = frame
    while current is not None and depth < _DEFER_DEPTH:
        module = current.f_globals.get("__name__", "")
        if isinstance(module, str):
            if module.split(".", 1)[0] == _CALLBACK_PACKAGE:
                return True
            if depth == 0 and module.startswith(_BOXING_MODULE):
                return True
        current = current.f_back
        depth += 1
    return False


#: Seconds before a deferred Ctrl-C is delivered again (:func:`_deliver_again`).
_REDELIVER_SECONDS = 0.01
#: Redeliveries sent and not yet handled: the handler does not count them as Ctrl-C.
_REDELIVERIES = [0]
#: Stops sent by a command's budget (``grundy.cli.budget.Watch``) and not yet handled: the
#: handler raises them as Ctrl-C, without arming the :class:`Deadline`.
BUDGET_STOPS = [0]


def _deliver_again() -> None:
    """Send SIGINT to the main thread again shortly, from another thread.

    Not from the handler itself: ``_thread.interrupt_main`` there would run
    the handler again at the handler's own next bytecode, recursively, with
    llvmlite's frames still below it. A real signal (not ``interrupt_main``)
    also wakes a main thread blocked in a lock or a sleep.
    """
    _REDELIVERIES[0] += 1
    main_thread = threading.main_thread().ident
    if main_thread is None:  # pragma: no cover - the main thread always has an id
        return
    timer = threading.Timer(_REDELIVER_SECONDS, signal.pthread_kill, (main_thread, signal.SIGINT))
    timer.daemon = True
    timer.start()


def _unraisable_interrupt(previous: Any) -> Any:
    """A ``sys.unraisablehook`` that delivers a swallowed KeyboardInterrupt again.

    Python cannot raise an exception out of some callbacks (a garbage-collector
    callback such as Dask's ``GCDiagnosis``, ``__del__``, a ctypes callback):
    it prints it ("Exception ignored in ...") and goes on, and the interrupt
    would be lost. This hook prints nothing for a KeyboardInterrupt and sends
    the signal again (:func:`_deliver_again`); anything else goes to
    ``previous``.
    """

    def hook(info: Any) -> None:
        if isinstance(info.exc_value, KeyboardInterrupt) or info.exc_type is KeyboardInterrupt:
            _deliver_again()
            return
        previous(info)

    return hook


#: The deadline of the Ctrl-C being handled (one per process).
DEADLINE = Deadline()


@contextmanager
def interrupt_after_compiled_code(deadline: Deadline | None = None) -> Iterator[None]:
    """Deliver Ctrl-C as KeyboardInterrupt where it is safe, and promptly.

    Python runs a signal handler at the next bytecode boundary, which may be
    inside numba's or llvmlite's machinery. This handler

    * during a held kernel block (:func:`holding`) records the
      interrupt; the block raises it when it has returned (the kernels'
      Ctrl-C protocol: blocks well under a second);
    * where raising would be lost or would corrupt a compiled call
      (:func:`must_defer`) delivers the signal again 10 ms later
      (:func:`_deliver_again`), until it comes in safe code; a
      KeyboardInterrupt that Python swallows anyway (a callback whose
      exceptions are "ignored") is delivered again the same way
      (:func:`_unraisable_interrupt`);
    * raises KeyboardInterrupt otherwise.

    Each Ctrl-C also arms the :class:`Deadline`: if the
    interrupt cannot be raised within :data:`DELIVER_SECONDS`
    (a C call that does not return), or the process does not end after it,
    the process ends anyway (``grundy: interrupted``, exit 130, the temporary
    files of unfinished writes removed). Outside the main thread, or when
    SIGINT is not the default handler (ignored, or set by a caller), nothing
    changes.
    """
    watch = DEADLINE if deadline is None else deadline
    try:
        previous = signal.getsignal(signal.SIGINT)
    except ValueError:  # pragma: no cover - no signals here
        yield
        return
    if previous is not signal.default_int_handler:
        yield
        return

    def handler(signum: int, frame: FrameType | None) -> None:
        if _REDELIVERIES[0] > 0:  # our own redelivery, not another Ctrl-C
            _REDELIVERIES[0] -= 1
        elif BUDGET_STOPS[0] > 0:  # a budget's stop (grundy.cli.budget.Watch), not a Ctrl-C:
            BUDGET_STOPS[0] -= 1  # no deadline armed (an in-process caller goes on after it)
        else:
            watch.signalled()
        if holding():
            hold_pending()
            return
        if must_defer(frame):
            _deliver_again()
            return
        watch.delivered()
        raise KeyboardInterrupt

    handler.respects_hold = True  # type: ignore[attr-defined]  # see the module docstring
    previous_hook = sys.unraisablehook
    sys.unraisablehook = _unraisable_interrupt(previous_hook)
    try:
        with sigint_handler(handler):
            yield
    finally:
        sys.unraisablehook = previous_hook
