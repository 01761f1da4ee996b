"""Rich display in notebooks: HTML and text renderings.

The answers of the front door render themselves as tables in Jupyter
(``_repr_html_``) and as the CLI's lines in a terminal (``str``):
:class:`~registry.answers.Value`, :class:`~registry.answers.Moves`,
:class:`~registry.answers.Period` (through :mod:`registry.answers`),
claim reports (through :mod:`proofs_check.display`) and experiment results
(:func:`experiment_html`, :func:`experiment_text` here). This module
collects them in one public place. Progress (a widget in Jupyter, a bar on a
terminal, plain lines in a log) is drawn by :mod:`runs.progress`'s
``progress_bar`` and ``activity``, for the commands and the library calls alike.

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

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from registry.answers import (
    answer_html,
    answer_text,
    html_grid,
    html_record,
    shorten,
    text_grid,
    text_record,
)

__all__ = [
    "ResultTable",
    "answer_html",
    "answer_text",
    "experiment_html",
    "experiment_text",
    "html_grid",
    "html_record",
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
    """An :class:`~grundy.cli.experiments.ExperimentResult` as text: its fields, then its table.

    Examples
    --------
    >>> from grundy.cli.experiments import ExperimentResult
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


@dataclass(frozen=True)
class ResultTable:
    """A table of an experiment's printed result: the same cells in a terminal (``str``)
    and in a notebook (``_repr_html_``).

    In a terminal the columns are right-aligned under their headers, two spaces
    apart, each as wide as its widest cell. A fixed layout is given by ``widths``
    (each column's width; a longer cell pushes the rest of its line right, as a
    format width does; an empty cell of a column of width 0 is left out with the
    gap before it), ``align`` (a letter a column: ``r`` right, ``l`` left) and
    ``gaps`` (the text between each two columns, or, one more, before each column).
    ``header`` False: the terminal prints the rows alone (a list of labelled lines;
    the notebook still names the columns). Trailing blanks are dropped.

    Examples
    --------
    >>> table = ResultTable(["g", "max", ""], [["1", "10", "="], ["12", "7", ""]])
    >>> print(table)
     g  max
     1   10  =
    12    7
    >>> table._repr_html_().count("<td")
    6
    >>> print(ResultTable(["d", "cell", "note"], [["1", "(2, 3)", "ok"], ["10", "-", "?"]],
    ...                   widths=[3, 8, 0], align="rrl", gaps=[" ", "   "]))
      d     cell   note
      1   (2, 3)   ok
     10        -   ?
    >>> print(ResultTable(["g", "ours", "paper"], [["1", "(3, 5)", ""], ["12", "(7, 9)", "="]],
    ...                   widths=[2, 0, 0], align="rll", gaps=["g=", "  ", "  "], header=False))
    g= 1  (3, 5)
    g=12  (7, 9)  =
    """

    columns: Sequence[str]
    rows: Sequence[Sequence[str]]
    title: str = ""
    widths: Sequence[int] = ()
    align: str = ""
    gaps: Sequence[str] = ()
    header: bool = True

    def __str__(self) -> str:
        lines = [list(self.columns)] if self.header else []
        lines += map(list, self.rows)
        n = len(self.columns)
        widths = self.widths or [max(len(line[i]) for line in lines) for i in range(n)]
        align = self.align or "r" * n
        gaps = list(self.gaps or ["  "] * (n - 1))
        gaps = gaps if len(gaps) == n else ["", *gaps]
        return "\n".join(
            "".join(
                gap + (cell.ljust(width) if how == "l" else cell.rjust(width))
                for cell, width, how, gap in zip(line, widths, align, gaps, strict=True)
                if cell or width
            ).rstrip()
            for line in lines
        )

    def _repr_html_(self) -> str:
        return html_grid(self.columns, self.rows, title=self.title, limit=len(self.rows))
