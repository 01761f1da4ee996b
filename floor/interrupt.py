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
never inside llvmlite's callbacks: see ``grundy.cli``).

Who holds: with Python's default handler (a library user, a notebook), the
hold installs a recording handler for the block and puts the default back.
A handler that knows about holds (its attribute ``respects_hold`` is true:
the CLI's) keeps running and asks :func:`holding` itself; it then calls
:func:`hold_pending`. Any other handler, an ignored signal, or a call outside
the main thread (where Python delivers no signals) is left alone.

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

import signal
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from types import FrameType
from typing import Any, TypeVar

__all__ = [
    "BLOCK_SECONDS",
    "ITEMS_PER_CALL",
    "call",
    "compiled",
    "held",
    "hold_pending",
    "holding",
    "spans",
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
        handler = signal.getsignal(signal.SIGINT)
    except ValueError:  # pragma: no cover - no signals on this platform
        yield
        return
    own = handler is signal.default_int_handler
    if not own and not getattr(handler, "respects_hold", False):
        yield
        return
    if own:
        signal.signal(signal.SIGINT, _record)
    _state["depth"] = 1
    try:
        yield
    finally:
        _state["depth"] = 0
        if own:
            signal.signal(signal.SIGINT, handler)
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
