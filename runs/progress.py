"""Progress, in one place: the bars and activity lines of the commands and the library.

:func:`_bar_console` alone decides how progress looks: a rich widget in Jupyter
(with ipywidgets), a rich bar or spinner on a terminal, plain whole lines on
stderr elsewhere (a log, CI). :func:`reporter` receives the registry's one
progress protocol, ``progress(done, total, unit)`` (:data:`registry.Progress`),
from whichever implementation answers: a bar when it knows its total, else a
spinner with the count. :func:`progress_bar` counts steps towards a total;
:func:`activity` shows that something long runs (``grundy check``, ``grundy.check``).
"""

from __future__ import annotations

import sys
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import ExitStack, contextmanager
from typing import Any

from rich.console import Console

from floor.config import progress_interval

#: The latest progress a :func:`reporter` was told ("12 of 300 heaps of ..."): what a command
#: stopped past its budget says it reached (``grundy.cli.budget``).
LATEST: list[str] = [""]

__all__ = [
    "LATEST",
    "PLAIN_INTERVAL",
    "Advance",
    "activity",
    "progress_bar",
    "quiet",
    "reporter",
    "warn",
]

#: Where rich bars and spinners draw on a terminal (the commands' stderr console).
error_console = Console(stderr=True, highlight=False)


def _in_notebook() -> bool:
    """Inside a Jupyter kernel that can show widgets (ipywidgets installed)."""
    shell = getattr(sys.modules.get("IPython"), "get_ipython", lambda: None)()
    if type(shell).__name__ != "ZMQInteractiveShell":
        return False
    try:
        import ipywidgets  # noqa: F401
    except ImportError:
        return False
    return True


def _bar_console() -> Console | None:
    """The one place that decides how progress looks: the console a rich bar draws on
    (a widget in Jupyter, the terminal's stderr), or None for plain whole lines on
    stderr (a log, CI, a notebook without ipywidgets).
    """
    if _in_notebook():
        return Console(stderr=True, highlight=False, force_jupyter=True)
    if error_console.is_terminal:
        return error_console
    return None


#: ``quiet()`` is in effect (the command line's ``--quiet``): no bar, spinner or line.
_QUIET = [False]


@contextmanager
def quiet(on: bool = True) -> Iterator[None]:
    """No progress of any kind (bars, spinners, plain lines) inside the block when ``on``.

    The command line's ``--quiet`` (every command has it, ``grundy.cli``).

    >>> with quiet():
    ...     with progress_bar("demo", 3) as advance:
    ...         advance(3)
    """
    saved = _QUIET[0]
    _QUIET[0] = saved or on
    try:
        yield
    finally:
        _QUIET[0] = saved


#: Seconds between two plain progress lines when stderr is not a terminal (a run shorter
#: than this prints none); ``$GRUNDY_PROGRESS_INTERVAL`` sets it (a log that wants every
#: line, a test that waits for the first one).
PLAIN_INTERVAL = progress_interval()


@contextmanager
def progress_bar(description: str, total: int, *, disable: bool = False) -> Iterator[Any]:
    """A progress bar yielding ``advance(n)``; how it looks is :func:`_bar_console`'s choice.

    On a terminal: a rich bar on stderr; in Jupyter (with ipywidgets): the same
    bar as a widget. Elsewhere (a log, CI): plain, whole lines
    (``description: 3/10 (30%), 4.1 s, eta 9.6 s``) at the start, every
    :data:`PLAIN_INTERVAL` seconds and at the end, never cut.

    ``advance.note(text)`` shows how far the current step is (``40% of chunk``).

    Examples
    --------
    >>> with progress_bar("demo", 3, disable=True) as advance:
    ...     advance.note("half of the first step")
    ...     advance(3)
    """
    if disable or _QUIET[0]:
        yield Advance(lambda amount: None, lambda text: None)
        return
    bar_console = _bar_console()
    if bar_console is None:
        yield from _plain_progress(description, total)
        return
    from rich.progress import (
        BarColumn,
        MofNCompleteColumn,
        Progress,
        TextColumn,
        TimeElapsedColumn,
        TimeRemainingColumn,
    )

    columns: Sequence[Any] = (
        TextColumn("[progress.description]{task.description}", markup=False),
        BarColumn(),
        MofNCompleteColumn(),
        TimeElapsedColumn(),
        TextColumn("eta"),
        TimeRemainingColumn(),
    )
    with Progress(*columns, console=bar_console, transient=False) as bar:
        task = bar.add_task(description, total=total)

        def step(amount: int) -> None:
            bar.update(task, advance=amount, description=description)

        def note(text: str) -> None:
            bar.update(task, description=f"{description} ({text})")

        yield Advance(step, note)


class Advance:
    """What :func:`progress_bar` yields: ``advance(n)`` moves the bar by n steps;
    ``advance.note(text)`` says how far the current step is."""

    def __init__(self, step: Callable[[int], None], note: Callable[[str], None]) -> None:
        self._step = step
        self.note = note

    def __call__(self, amount: int = 1) -> None:
        self._step(amount)


def _plain_progress(description: str, total: int) -> Iterator[Advance]:
    # A line every PLAIN_INTERVAL seconds, and a last one only after one was shown:
    # a short call prints nothing (like :func:`activity`).
    began = time.monotonic()
    state: dict[str, Any] = {"done": 0, "last": began, "note": "", "shown": False}

    def line(final: bool = False) -> None:
        done, elapsed = state["done"], time.monotonic() - began
        share = f" ({100 * done / total:.0f}%)" if total else ""
        eta = ""
        if 0 < done < total and not final:
            eta = f", eta {elapsed * (total - done) / done:.1f} s"
        extra = f", {state['note']}" if state["note"] and not final else ""
        print(f"{description}: {done}/{total}{share}{extra}, {elapsed:.1f} s{eta}", file=sys.stderr)
        state["shown"] = True

    def maybe_line() -> None:
        now = time.monotonic()
        if now - state["last"] >= PLAIN_INTERVAL:
            state["last"] = now
            line()

    def step(amount: int) -> None:
        state["done"] += amount
        state["note"] = ""
        maybe_line()

    def note(text: str) -> None:
        state["note"] = text
        maybe_line()

    try:
        yield Advance(step, note)
    finally:
        if state["shown"]:
            line(final=True)


@contextmanager
def activity(description: str, *, disable: bool = False) -> Iterator[Callable[[str], None]]:
    """Show that something long is running; yields ``update(text)``.

    Drawn where :func:`_bar_console` says: on a terminal (or as a widget in
    Jupyter) a spinner with the elapsed time and the latest text. Elsewhere
    (a log): nothing for a short task; past :data:`PLAIN_INTERVAL` seconds a plain
    line every interval (with the latest text) and one at the end.

    Examples
    --------
    >>> with activity("demo", disable=True) as update:
    ...     update("1 case")
    """
    if disable or _QUIET[0]:
        yield lambda text: None
        return
    bar_console = _bar_console()
    if bar_console is None:
        yield from _plain_activity(description)
        return
    from rich.progress import Progress, SpinnerColumn, TextColumn, TimeElapsedColumn

    columns = (SpinnerColumn(), TextColumn("{task.description}", markup=False), TimeElapsedColumn())
    with Progress(*columns, console=bar_console, transient=True) as bar:
        task = bar.add_task(description, total=None)

        def update(text: str) -> None:
            bar.update(task, description=f"{description}: {text}")

        yield update


def _plain_activity(description: str) -> Iterator[Callable[[str], None]]:
    began = time.monotonic()
    latest = [""]
    printed = [False]
    stop = threading.Event()

    def report() -> None:
        while not stop.wait(PLAIN_INTERVAL):
            detail = f" ({latest[0]})" if latest[0] else ""
            elapsed = time.monotonic() - began
            print(f"{description}: running, {elapsed:.0f} s{detail}", file=sys.stderr, flush=True)
            printed[0] = True

    thread = threading.Thread(target=report, name="grundy-activity", daemon=True)
    thread.start()

    def update(text: str) -> None:
        latest[0] = text

    try:
        yield update
    finally:
        stop.set()
        thread.join()
        if printed[0]:
            elapsed = time.monotonic() - began
            print(f"{description}: done in {elapsed:.1f} s", file=sys.stderr, flush=True)


@contextmanager
def reporter(
    description: str, disable: bool = False
) -> Iterator[Callable[[int, int | None, str], None]]:
    """Yield ``progress(done, total, unit)``, the registry's progress protocol, drawn here.

    Nothing shows until the first report (a refusal before any work stays one
    line); then a bar when ``total`` is known (``done`` of ``total`` units),
    else an activity line with the count.

    Examples
    --------
    >>> with reporter("demo", disable=True) as progress:
    ...     progress(3, 10, "columns")
    """
    with ExitStack() as stack:
        shown: list[Any] = []

        def progress(done: int, total: int | None, unit: str) -> None:
            of = "" if total is None else f" of {total:,}"
            LATEST[0] = f"{description}: {done:,}{of} {unit}"
            if disable:
                return
            if not shown:
                what = f"{description} ({unit})"
                opened = progress_bar(what, total) if total is not None else activity(what)
                shown[:] = [stack.enter_context(opened), 0]
            if total is None:
                shown[0](f"{done:,} {unit}")
            else:
                shown[0](done - shown[1])
                shown[1] = done

        yield progress


def warn(message: str) -> None:
    """One plain warning line on stderr (never wrapped or cut, even in a log)."""
    text = " ".join(part.strip() for part in str(message).splitlines() if part.strip())
    print(f"grundy: warning: {text}", file=sys.stderr, flush=True)
