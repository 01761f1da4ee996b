"""Tables for papers: LaTeX, CSV and Markdown renderings of results (issue 48).

One renderer for every table the project prints — a Grundy table, a period's lines, an
experiment's result table, a claim report — so that ``--format latex|csv|markdown`` means the
same everywhere. A table is a header (the column names) and rows of cells (numbers or text);
:func:`grid` turns a two-pile Grundy table into that form in the seeds' orientation (row 0 at
the bottom).

The LaTeX is a plain ``tabular`` (no package beyond LaTeX's own), cells escaped, so it compiles
in any document; :func:`latex_document` wraps it in a minimal article for a quick look.

Examples
--------
>>> print(render(["n", "G(n)"], [[0, 0], [1, 1]], "markdown"))
| n | G(n) |
| ---: | ---: |
| 0 | 0 |
| 1 | 1 |
>>> print(render(["game", "period"], [["octal:0.07", 34]], "csv"))
game,period
octal:0.07,34
"""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence

#: The formats of ``--format`` (text is each command's own print-out).
FORMATS: tuple[str, ...] = ("text", "latex", "csv", "markdown")

Cell = object

_LATEX_SPECIAL = {
    "\\": r"\textbackslash{}",
    "&": r"\&",
    "%": r"\%",
    "$": r"\$",
    "#": r"\#",
    "_": r"\_",
    "{": r"\{",
    "}": r"\}",
    "~": r"\textasciitilde{}",
    "^": r"\textasciicircum{}",
}


def latex_escape(text: str) -> str:
    r"""``text`` with LaTeX's special characters escaped.

    >>> print(latex_escape("50% of x_1 & {y}"))
    50\% of x\_1 \& \{y\}
    """
    return "".join(_LATEX_SPECIAL.get(char, char) for char in text)


def _numeric(cell: Cell) -> bool:
    return isinstance(cell, int | float) and not isinstance(cell, bool)


def _numeric_column(rows: Sequence[Sequence[Cell]], i: int) -> bool:
    """Column ``i`` holds numbers (empty cells aside): right-aligned."""
    cells = [row[i] for row in rows if row[i] != ""]
    return bool(cells) and all(_numeric(c) for c in cells)


def render(
    header: Sequence[str],
    rows: Sequence[Sequence[Cell]],
    fmt: str,
    *,
    caption: str | None = None,
    footer: Sequence[Cell] | None = None,
) -> str:
    r"""``rows`` under ``header`` as a LaTeX, CSV or Markdown table.

    Parameters
    ----------
    header : sequence of str
        The column names.
    rows : sequence of sequences
        The cells, row by row (numbers right-aligned, text left-aligned).
    fmt : {"latex", "csv", "markdown"}
        The format.
    caption : str, optional
        A caption: LaTeX's ``\caption`` inside a ``table`` float; a comment line in Markdown;
        left out of CSV.
    footer : sequence, optional
        A last row set off by a rule (LaTeX) — the seeds' column axis under a Grundy table;
        in CSV and Markdown it is the header's place, so it is only used by LaTeX.

    Raises
    ------
    ValueError
        For an unknown format or a row whose length is not the header's.

    Examples
    --------
    >>> print(render(["a", "b"], [[1, "x&y"]], "latex"))
    \begin{tabular}{rl}
    \hline
    a & b \\
    \hline
    1 & x\&y \\
    \hline
    \end{tabular}
    """
    width = len(header)
    for row in rows:
        if len(row) != width:
            raise ValueError(f"a row of {len(row)} cells under a header of {width}")
    if fmt == "csv":
        buffer = io.StringIO()
        writer = csv.writer(buffer, lineterminator="\n")
        writer.writerow(header)
        writer.writerows(rows)
        return buffer.getvalue().rstrip("\n")
    if fmt == "markdown":
        return _markdown(header, rows, caption)
    if fmt == "latex":
        return _latex(header, rows, caption, footer)
    raise ValueError(f"--format {fmt}: one of latex, csv, markdown")


def _markdown(header: Sequence[str], rows: Sequence[Sequence[Cell]], caption: str | None) -> str:
    def line(cells: Sequence[Cell]) -> str:
        return "| " + " | ".join(str(c).replace("|", "\\|") for c in cells) + " |"

    numeric = [_numeric_column(rows, i) for i in range(len(header))]
    rule = "| " + " | ".join("---:" if n else "---" for n in numeric) + " |"
    lines = [f"<!-- {caption} -->"] if caption else []
    return "\n".join([*lines, line(header), rule, *(line(row) for row in rows)])


def _latex(
    header: Sequence[str],
    rows: Sequence[Sequence[Cell]],
    caption: str | None,
    footer: Sequence[Cell] | None,
) -> str:
    numeric = [_numeric_column(rows, i) for i in range(len(header))]
    spec = "".join("r" if n else "l" for n in numeric)

    def line(cells: Sequence[Cell]) -> str:
        return " & ".join(latex_escape(str(c)) for c in cells) + r" \\"

    body = [rf"\begin{{tabular}}{{{spec}}}", r"\hline"]
    if header and footer is None:
        body += [line(header), r"\hline"]
    body += [line(row) for row in rows]
    if footer is not None:
        body += [r"\hline", line(footer)]
    body += [r"\hline", r"\end{tabular}"]
    if caption is None:
        return "\n".join(body)
    title = rf"\caption{{{latex_escape(caption)}}}"
    return "\n".join([r"\begin{table}", r"\centering", *body, title, r"\end{table}"])


def grid(table: Sequence[Sequence[int]]) -> tuple[list[str], list[list[Cell]], list[Cell]]:
    """A Grundy table ``table[x][y]`` as (header, rows, footer) in the seeds' orientation.

    The rows run from the last x down to row 0 (row 0 at the bottom), each labelled by its x;
    the footer is the column axis (``x/y``, then each y), which LaTeX prints under the table as
    the seeds do; CSV and Markdown put it first, as their header.

    >>> header, rows, footer = grid([[0, 1], [1, 0]])
    >>> header, rows, footer
    (['x/y', '0', '1'], [[1, 1, 0], [0, 0, 1]], ['x/y', 0, 1])
    """
    columns = max((len(row) for row in table), default=0)
    rows: list[list[Cell]] = [[x, *map(int, table[x])] for x in range(len(table) - 1, -1, -1)]
    header = ["x/y", *(str(y) for y in range(columns))]
    return header, rows, ["x/y", *range(columns)]


def render_grid(table: Sequence[Sequence[int]], fmt: str, *, caption: str | None = None) -> str:
    r"""A Grundy table in ``fmt``, row 0 at the bottom (:func:`grid`).

    >>> print(render_grid([[0, 1], [1, 0]], "csv"))
    x/y,0,1
    1,1,0
    0,0,1
    """
    header, rows, footer = grid(table)
    return render(header, rows, fmt, caption=caption, footer=footer if fmt == "latex" else None)


def latex_document(body: str) -> str:
    r"""``body`` (a ``tabular`` or ``table``) in the smallest article that compiles it.

    >>> latex_document("x").splitlines()[0]
    '\\documentclass{article}'
    """
    return "\n".join([r"\documentclass{article}", r"\begin{document}", body, r"\end{document}", ""])
