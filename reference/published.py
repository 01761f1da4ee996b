"""The published tables of the seeds, read from their one transcription.

Every table lives once, in ``reference/data/<name>.json``, installed with
the package (with ``_comment``, ``source`` and ``notes``; see
reference/data/README.md). This module loads them, on first use only (no
file is read at import), for every layer that compares with the papers:
the claims, the experiments, the conformance report and the defaults of
Algorithm RW.

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
from importlib import resources
from typing import Any

__all__ = [
    "data_names",
    "load_published",
    "nivasch_table2",
    "nivasch_table3",
    "nivasch_table5",
]

def data_names() -> list[str]:
    """The names of the transcribed tables (the package data ``reference/data/*.json``).

    >>> "nivasch_000_table6" in data_names()
    True
    """
    folder = resources.files("reference") / "data"
    return sorted(f.name[:-5] for f in folder.iterdir() if f.name.endswith(".json"))


@cache
def load_published(name: str) -> dict[str, Any]:
    """Load ``reference/data/<name>.json`` (package data).

    Raises
    ------
    ValueError
        If no table has that name (the message lists the known ones).
    """
    path = resources.files("reference") / "data" / f"{name}.json"
    if not path.is_file():
        raise ValueError(
            f"published table {name!r} not found; known: {', '.join(data_names())}"
        )
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
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
