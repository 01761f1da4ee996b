"""Shared output helpers: JSON or rich text, tables printed like the seeds."""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence
from typing import Any

from rich.console import Console

from fast._memory import available_memory, check_memory

__all__ = [
    "add_json_option",
    "available_memory",
    "check_memory",
    "console",
    "emit_json",
    "error_console",
    "format_grid",
]


def _width() -> int | None:
    """Wide output when piped (logs, CI); the terminal's width otherwise."""
    if sys.stdout.isatty() or os.environ.get("COLUMNS"):
        return None
    return 140


console = Console(highlight=False, width=_width())
error_console = Console(stderr=True, highlight=False)


def add_json_option(parser: argparse.ArgumentParser) -> None:
    """Add the ``--json`` flag every command has."""
    parser.add_argument(
        "--json", action="store_true", help="print machine-readable JSON instead of text"
    )


def _default(value: Any) -> Any:
    if hasattr(value, "tolist"):
        return value.tolist()
    if isinstance(value, (set, frozenset)):
        return sorted(value)
    raise TypeError(f"cannot serialise {type(value).__name__}")


def emit_json(data: Any) -> None:
    """Print ``data`` as JSON on stdout (numpy arrays become lists)."""
    print(json.dumps(data, default=_default, indent=None))


def format_grid(
    table: Sequence[Sequence[int]], *, row_label: str = "x", col_label: str = "y"
) -> str:
    """Format ``table[x][y]`` as the seeds print it: row 0 at the bottom.

    Examples
    --------
    >>> print(format_grid([[0, 1], [1, 0]]))
    1 | 1 0
    0 | 0 1
      +----
    x/y 0 1
    """
    rows = [list(map(int, row)) for row in table]
    ncols = max((len(r) for r in rows), default=0)
    width = max([len(str(v)) for r in rows for v in r] + [len(str(max(ncols - 1, 0)))])
    label_width = max(len(str(max(len(rows) - 1, 0))), 1)
    lines = []
    for x in range(len(rows) - 1, -1, -1):
        cells = " ".join(str(v).rjust(width) for v in rows[x])
        lines.append(f"{str(x).rjust(label_width)} | {cells}".rstrip())
    lines.append(" " * label_width + " +" + "-" * ((width + 1) * ncols))
    axis = " ".join(str(y).rjust(width) for y in range(ncols))
    lines.append(f"{row_label}/{col_label}".rjust(label_width + 2) + " " + axis)
    return "\n".join(lines)
