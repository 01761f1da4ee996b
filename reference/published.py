"""The published tables of the seeds, read from their one transcription.

Every table lives once, in ``tests/data/<name>.json`` (with ``_comment``,
``source`` and ``notes``; see tests/data/README.md). This module loads them
for every layer that compares with the papers: the claims, the
experiments, the conformance report and the defaults of Algorithm RW.

Examples
--------
>>> nivasch_table5()[1]
(45, 2201)
>>> nivasch_table2()[29]
(-26, 27, 29, 0)
"""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path
from typing import Any

__all__ = [
    "DATA_DIR",
    "load_published",
    "nivasch_table2",
    "nivasch_table3",
    "nivasch_table5",
]

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


@cache
def nivasch_table2() -> dict[int, tuple[int, int, int, int]]:
    """000 Table 2: g -> (min d_n^g - n, earliest n, max d_n^g - n, earliest n), a <= 5e6."""
    rows = load_published("nivasch_000_table2")["rows"]
    return {g: (lo, n_lo, hi, n_hi) for g, lo, n_lo, hi, n_hi in rows}


@cache
def nivasch_table3() -> dict[int, tuple[int, int]]:
    """000 Table 3: g -> (max d_n^g - n over n >= 100, earliest n), a <= 5e6."""
    return {g: (hi, n) for g, hi, n in load_published("nivasch_000_table3")["rows"]}


@cache
def nivasch_table5() -> dict[int, tuple[int, int]]:
    """000 Table 5: g -> (max rows to convergence up to row 1e6, first start row)."""
    return {g: (t, r) for g, t, r in load_published("nivasch_000_table5")["rows"]}
