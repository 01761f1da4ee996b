"""Rich display in notebooks: HTML and text renderings, and a notebook-aware progress bar.

The answers of the front door render themselves as tables in Jupyter
(``_repr_html_``) and as the CLI's lines in a terminal (``str``):
:class:`~grundy.answers.Value`, :class:`~grundy.answers.Moves`,
:class:`~grundy.answers.Period` (through :mod:`grundy.answers`),
claim reports (through :mod:`proofs_check.display`) and experiment results
(:func:`experiment_html`, :func:`experiment_text` here). This module
collects them in one public place and adds :func:`progress`, the bar the
long library calls (``grundy.check``) show unless called with
``progress=False``.

Examples
--------
>>> from grundy.display import html_grid, text_grid
>>> print(text_grid(["g", "rows"], [[10, 6], [20, 9]]))
g   rows
10  6
20  9
>>> html_grid(["g"], [[1], [2]]).count("<td")
2
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from grundy.answers import (
    answer_html,
    answer_text,
    html_grid,
    html_record,
    shorten,
    text_grid,
    text_record,
)

__all__ = [
    "answer_html",
    "answer_text",
    "experiment_html",
    "experiment_text",
    "html_grid",
    "html_record",
    "progress",
    "shorten",
    "text_grid",
    "text_record",
]


def _experiment_fields(result: Any) -> list[tuple[str, Any]]:
    params = ", ".join(f"{k}={v}" for k, v in result.parameters.items())
    timings = ", ".join(f"{k} {v:.2f} s" for k, v in result.timings.items())
    rows: list[tuple[str, Any]] = [("parameters", params), ("timings", timings or "-")]
    if result.comparison:
        agree = sum(1 for row in result.comparison if row.get("agrees", True))
        rows.append(("agrees with the paper", f"{agree} of {len(result.comparison)} rows"))
    rows += [("version", result.version), ("machine", result.machine)]
    return rows


def experiment_text(result: Any, limit: int = 40) -> str:
    """An :class:`~grundy.experiments.ExperimentResult` as text: its fields, then its table.

    Examples
    --------
    >>> from grundy.experiments import ExperimentResult
    >>> r = ExperimentResult("demo", {"g": 3}, ["g", "rows"], [[3, 4]], version="0", machine="m")
    >>> print(experiment_text(r))
    experiment demo
      parameters  g=3
      timings     -
      version     0
      machine     m
    g  rows
    3  4
    """
    head = text_record(f"experiment {result.name}", _experiment_fields(result))
    return f"{head}\n{text_grid(result.columns, result.table, limit)}"


def experiment_html(result: Any, limit: int = 40) -> str:
    """An experiment result as HTML: a record of its fields over its table."""
    head = html_record(f"experiment {result.name}", _experiment_fields(result))
    return head + html_grid(result.columns, result.table, limit=limit)


#: Seconds a call runs before its bar appears (shorter calls show nothing).
PROGRESS_DELAY = 1.0


def _tqdm() -> Any:
    """tqdm's notebook widget inside a Jupyter kernel with ipywidgets, else the text bar."""
    import sys

    shell = getattr(sys.modules.get("IPython"), "get_ipython", lambda: None)()
    if type(shell).__name__ == "ZMQInteractiveShell":
        try:
            import ipywidgets  # noqa: F401
            from tqdm.notebook import tqdm as notebook_tqdm

            return notebook_tqdm
        except ImportError:
            pass
    from tqdm.std import tqdm

    return tqdm


@contextmanager
def progress(description: str, *, enabled: bool = True) -> Iterator[Callable[[int], None]]:
    """A tqdm bar (a widget in Jupyter, text elsewhere) driven by ``update(count)``.

    The bar appears only once the call has run :data:`PROGRESS_DELAY`
    seconds, so a short call shows nothing; ``enabled=False`` (the library
    calls' ``progress=False``) gives a no-op. ``count`` is the running total (cases checked so far).

    Examples
    --------
    >>> with progress("demo", enabled=False) as update:
    ...     update(4096)
    """
    bar: Any = None
    shown = 0

    def update(count: int) -> None:
        nonlocal bar, shown
        if not enabled:
            return
        if bar is None:
            bar = _tqdm()(desc=description, unit=" cases", leave=False, delay=PROGRESS_DELAY)
        bar.update(count - shown)
        shown = count

    try:
        yield update
    finally:
        if bar is not None:
            bar.close()
