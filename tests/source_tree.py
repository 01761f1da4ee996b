"""Reading the project's modules as syntax trees, for the tests that check the house's rules.

:func:`parse` is :func:`ast.parse` of a file, tried again on CPython 3.11's spurious
``SystemError: AST constructor recursion depth mismatch`` (python/cpython#106905, fixed in
3.11.8 and 3.12.1): the check compares a thread state's recursion depth before and after, and
another thread running meanwhile (a numba or Dask thread in the same test process) can make
them differ though nothing is wrong with the file.

>>> import tempfile, pathlib
>>> with tempfile.TemporaryDirectory() as d:
...     path = pathlib.Path(d) / "m.py"
...     _ = path.write_text("import os\\n")
...     type(parse(path).body[0]).__name__
'Import'
"""

from __future__ import annotations

import ast
from pathlib import Path

__all__ = ["parse"]


def parse(path: Path, tries: int = 5) -> ast.Module:
    """The syntax tree of the file ``path`` (see the module docstring for the retries)."""
    text = path.read_text(encoding="utf-8")
    for _ in range(tries - 1):
        try:
            return ast.parse(text)
        except SystemError as error:  # cpython#106905: a false mismatch, not the file
            if "recursion depth mismatch" not in str(error):
                raise
    return ast.parse(text)
