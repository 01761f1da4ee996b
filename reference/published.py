"""The published tables of the seeds, read from their one transcription.

Every table lives once, in ``reference/data/<name>.json``, installed with
the package (with ``_comment``, ``source`` and ``notes``; see
reference/data/README.md). This module loads them, on first use only (no
file is read at import), for every layer that compares with the papers:
the claims, the experiments, the conformance report and the defaults of
Algorithm RW.

Each published table is compared with the paper in exactly one place.
Tables 2, 3 and 5 of 000, which both a claim (``proofs_check``) and an
experiment recompute, are compared by the ``compare_*`` functions here;
the claims, the experiments and the conformance report only present their
rows. (Tables 4 and 6 are recomputed, and compared, by their experiments
alone.) A row says how the cell was checked:

``exact``
    our run covers the paper's witness (its earliest n, or start row) and
    stays within the paper's range: value and witness must be the paper's;
``bound``
    our run stops before the paper's witness: our extreme can be no more
    extreme than the paper's (``slack`` >= 0 says by how much);
``beyond``
    our run covers more than the paper searched: our extreme must be at
    least as extreme as the paper's, and where equal, reached first at the
    paper's witness;
``none``
    nothing to compare (no point of that kind yet).

Examples
--------
>>> nivasch_table5()[1]
(45, 2201)
>>> nivasch_table2()[29]
(-26, 27, 29, 0)
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from reference.landman import Periodicity

__all__ = [
    "DnExtremes",
    "compare_table2",
    "compare_table3",
    "compare_table5",
    "data_names",
    "load_published",
    "nivasch_table2",
    "nivasch_table3",
    "nivasch_table5",
    "published_square",
    "table5_rows_above",
    "wythoff_row3",
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
        raise ValueError(f"published table {name!r} not found; known: {', '.join(data_names())}")
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def published_square(name: str, size: int) -> list[list[int]]:
    """Rows and columns 0..size-1 of the transcribed table ``name`` (the registry's
    ``published`` implementations of ``grundy-table``); ValueError past its printed range.

    >>> published_square("wythoff_003", 3)
    [[0, 1, 2], [1, 2, 0], [2, 0, 1]]
    """
    rows = load_published(name)["rows"]
    if size > len(rows):
        raise ValueError(f"published table {name} covers only size {len(rows)}")
    return [list(row[:size]) for row in rows[:size]]


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


def wythoff_row3() -> tuple[list[int], Periodicity]:
    """003's row 3 of Wythoff: G(3, y) as printed (y < 26) and its (preperiod, period, saltus).

    >>> values, found = wythoff_row3()
    >>> len(values), values[:8], found
    (26, [3, 4, 5, 6, 2, 0, 1, 9], Periodicity(preperiod=8, period=6, saltus=6))
    """
    data = load_published("wythoff_003_row3")
    values = [v for line in data["lines"] for v in line]
    return values, Periodicity(data["preperiod"], data["period"], data["saltus"])


def table5_rows_above(g: int) -> int | None:
    """Table 5's rows to convergence at the least listed g' >= g (None past g = 20).

    The h-points of h <= g do not depend on larger values, so the entry of
    a larger g' bounds g's from above (the table skips g = 11..14, 16..19).

    >>> table5_rows_above(10), table5_rows_above(11), table5_rows_above(21)
    (909, 2041, None)
    """
    table5 = nivasch_table5()
    return next((table5[known][0] for known in sorted(table5) if known >= g), None)


# ------------------------------------------------------------------ comparisons


@dataclass
class DnExtremes:
    """The extremes of d_n^g - n that Tables 2 and 3 list (lists indexed by g).

    Over the g-points with first coordinate a < ``rows``: ``min``, ``min_n``,
    ``max``, ``max_n`` (Table 2: each extreme and its earliest n);
    ``max100``, ``max100_n`` (Table 3: the maximum over n >= 100 and its
    earliest n, -1 where no point has n >= 100); ``count``: how many
    g-points. A statistic with no point has value 0 and n -1. Computed by
    :func:`proofs_check.dn.dn_statistics`; compared with the paper by
    :func:`compare_table2` and :func:`compare_table3`.
    """

    rows: int
    min: list[int]
    min_n: list[int]
    max: list[int]
    max_n: list[int]
    max100: list[int]
    max100_n: list[int]
    count: list[int]


def _cell(
    column: str,
    ours: int,
    ours_n: int,
    paper: int,
    paper_n: int,
    *,
    reached: bool,
    beyond: bool,
    lower: bool,
) -> dict[str, Any]:
    """One compared cell: an extreme (min if ``lower``) and its earliest witness."""
    slack = ours - paper if lower else paper - ours  # >= 0: no more extreme than the paper's
    if beyond:  # a superset of the paper's range: at least as extreme, same witness if equal
        checked = "beyond"
        agrees = slack < 0 or (slack == 0 and ours_n == paper_n)
    elif reached:
        checked, agrees = "exact", (ours, ours_n) == (paper, paper_n)
    else:
        checked, agrees = "bound", slack >= 0
    return {
        "column": column,
        "ours": ours,
        "ours_n": ours_n,
        "paper": paper,
        "paper_n": paper_n,
        "slack": slack,
        "checked": checked,
        "agrees": bool(agrees),
    }


def compare_table2(stats: DnExtremes) -> list[dict[str, Any]]:
    """000 Table 2 against our extremes of d_n^g - n: a row per (g, min | max).

    Parameters
    ----------
    stats : DnExtremes
        The extremes over the g-points with a < ``stats.rows`` for g < len(stats.count).

    Returns
    -------
    list of dict
        ``table, g, column, ours, ours_n, paper, paper_n, slack, checked,
        agrees`` (see the module docstring for ``checked``).

    Examples
    --------
    >>> run = DnExtremes(rows=501, min=[0, -4], min_n=[0, 57], max=[0, 2], max_n=[0, 282],
    ...                  max100=[0, 2], max100_n=[100, 282], count=[310, 310])
    >>> [(c["column"], c["checked"], c["agrees"]) for c in compare_table2(run)]
    [('min', 'exact', True), ('max', 'exact', True), ('min', 'exact', True), ('max', 'exact', True)]
    >>> run.min[1] = -3  # g = 1 never reaching -4 by n = 57 contradicts the table
    >>> compare_table2(run)[2]["agrees"]
    False
    """
    data = load_published("nivasch_000_table2")
    beyond = stats.rows > data["max_a"] + 1
    rows: list[dict[str, Any]] = []
    for g, (pmin, pmin_n, pmax, pmax_n) in nivasch_table2().items():
        if g >= len(stats.count):
            continue
        for column, paper, paper_n, lower in (
            ("min", pmin, pmin_n, True),
            ("max", pmax, pmax_n, False),
        ):
            ours = getattr(stats, column)[g]
            ours_n = getattr(stats, f"{column}_n")[g]
            cell = _cell(
                column, ours, ours_n, paper, paper_n,
                reached=paper_n < stats.count[g], beyond=beyond, lower=lower,
            )  # fmt: skip
            rows.append({"table": 2, "g": g, **cell})
    return rows


def compare_table3(stats: DnExtremes) -> list[dict[str, Any]]:
    """000 Table 3 against our max of d_n^g - n over n >= 100: a row per g >= 7.

    Same rows as :func:`compare_table2` (column ``max n>=100``); ``none``
    where our run has no g-point with n >= 100 yet.

    >>> none = [0] * 9, [-1] * 9
    >>> run = DnExtremes(30, *none, *none, *none, [0] * 9)
    >>> [(c["g"], c["checked"]) for c in compare_table3(run)]
    [(7, 'none'), (8, 'none')]
    """
    data = load_published("nivasch_000_table3")
    beyond = stats.rows > data["max_a"] + 1
    rows: list[dict[str, Any]] = []
    for g, (pmax, pmax_n) in nivasch_table3().items():
        if g >= len(stats.count):
            continue
        ours, ours_n = stats.max100[g], stats.max100_n[g]
        cell = _cell(
            "max n>=100", ours, ours_n, pmax, pmax_n,
            reached=pmax_n < stats.count[g], beyond=beyond, lower=False,
        )  # fmt: skip
        if ours_n < 0:  # no point with n >= 100 yet: nothing to compare
            cell.update(checked="none", agrees=True, slack=0)
        rows.append({"table": 3, "g": g, **cell})
    return rows


def compare_table5(
    g: int, ours: int, ours_row: int, start_rows: int, *, instances: int | None = None
) -> list[dict[str, Any]]:
    """000 Table 5 (and §3.3's maxima up to row 10^7) against our FSW convergence maximum.

    Parameters
    ----------
    g : int
        The Grundy value.
    ours, ours_row : int
        Our maximum number of rows to convergence and the first start row reaching it.
    start_rows : int
        We searched the start rows 0 .. start_rows - 1.
    instances : int, optional
        How many start rows reach our maximum (compared with §3.3's counts for
        g <= 3 up to row 10^7, when ``start_rows`` is 10^7 + 1).

    Returns
    -------
    list of dict
        Zero, one or two rows: ``table`` (``5`` or ``"3.3"``), ``g``,
        ``column``, ``ours``, ``ours_n``, ``paper``, ``paper_n``, ``slack``,
        ``checked``, ``agrees``; ``paper_n`` is the paper's first start row
        (Table 5) or its instance count (§3.3).

    Examples
    --------
    >>> [(c["checked"], c["agrees"]) for c in compare_table5(1, 45, 2201, 3000)]
    [('exact', True)]
    >>> [(c["checked"], c["agrees"]) for c in compare_table5(1, 44, 17, 2000)]
    [('bound', True)]
    >>> compare_table5(11, 80, 5, 100)  # Table 5 skips g = 11
    []
    """
    data = load_published("nivasch_000_table5")
    searched = data["rows_searched"] + 1  # start rows r0 <= 10^6
    rows: list[dict[str, Any]] = []
    if g in nivasch_table5():
        paper, paper_row = nivasch_table5()[g]
        cell = _cell(
            "max rows", ours, ours_row, paper, paper_row,
            reached=paper_row < start_rows, beyond=start_rows > searched, lower=False,
        )  # fmt: skip
        rows.append({"table": 5, "g": g, **cell})
    later = data["up_to_1e7"].get(str(g))
    if later is not None and instances is not None and start_rows == 10**7 + 1:
        agrees = (ours, instances) == (later["max"], later["instances"])
        rows.append(
            {
                "table": "3.3",
                "g": g,
                "column": "max rows, instances (r0 <= 10^7)",
                "ours": ours,
                "ours_n": instances,
                "paper": later["max"],
                "paper_n": later["instances"],
                "slack": later["max"] - ours,
                "checked": "exact",
                "agrees": agrees,
            }
        )
    return rows
