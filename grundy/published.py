"""Published tables transcribed from the seeds (``tests/data/*.json``).

Each file starts with a ``_comment`` giving its source (seed file, table
number) and orientation; ``rows[x][y] = G(x, y)``. See tests/data/README.md.
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

__all__ = ["DATA_DIR", "load_published"]

#: Where the transcribed tables live (the repository's tests/data).
DATA_DIR = Path(__file__).resolve().parents[1] / "tests" / "data"


@cache
def load_published(name: str) -> dict[str, Any]:
    """Load ``tests/data/<name>.json``.

    Raises
    ------
    FileNotFoundError
        If the repository's tests/data is not beside the installed package
        (the project is meant to be installed editable: ``pip install -e .``).
    """
    path = DATA_DIR / f"{name}.json"
    if not path.exists():
        raise FileNotFoundError(
            f"published table {name!r} not found at {path}; install the project from its "
            "repository with 'pip install -e .'"
        )
    data: dict[str, Any] = json.loads(path.read_text())
    return data
