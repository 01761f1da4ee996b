"""nivasch-table4 (Nivasch 000 §2.6, Table 4): its transcription and the computation.

The computation streams Algorithm WSG (fast.wsg); it is checked here against an
independent brute-force table (fast.tables.grundy_table, the mex over the
followers) and against the paper's printed cells.
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from grundy.cli import main
from grundy.cli.experiments.nivasch_table4 import compare, run_experiment, table4
from grundy.published import load_published

PAPER = load_published("nivasch_000_table4")


def _paper_value(value: object, unknown: int) -> int:
    return unknown if value == f">={unknown}" else int(str(value))


class TestTranscription:
    def test_shape(self) -> None:
        assert PAPER["_comment"] and "000" in PAPER["source"] and PAPER["notes"]
        assert [row[0] for row in PAPER["rows"]] == list(range(1, 11))
        assert (PAPER["rows_max"], PAPER["g_max"], PAPER["min_row"]) == (10**6, 199, 600)

    def test_the_second_column_is_in_rows_ge_600(self) -> None:
        for _, cell, _, cell600, _ in PAPER["rows"]:
            assert (cell600 or cell)[0] >= 600
            assert cell[0] <= 10**6 and cell[0] <= cell[1]


def _brute(rows: int, g: int, max_distance: int, min_row: int) -> dict[str, list[int]]:
    """Per distance, the largest min(G, g + 1) over cells a <= b, a <= rows, from a full table."""
    size = 2 * rows + 4 * max_distance + 10
    from fast.tables import grundy_table

    table = grundy_table("wythoff", size).astype(np.int64)
    zx, zy = np.nonzero(table == 0)
    best = {"all": [-1] * (max_distance + 1), "restricted": [-1] * (max_distance + 1)}
    for a in range(rows + 1):
        for b in range(a, size - max_distance):
            d = int((np.abs(zx - a) + np.abs(zy - b)).min())
            if 1 <= d <= max_distance:
                v = min(int(table[a, b]), g + 1)
                best["all"][d] = max(best["all"][d], v)
                if a >= min_row:
                    best["restricted"][d] = max(best["restricted"][d], v)
    return best


@pytest.mark.parametrize(("rows", "g", "min_row"), [(40, 25, 10), (70, 60, 30)])
def test_against_brute_force_table(rows: int, g: int, min_row: int) -> None:
    found = table4(rows, g, max_distance=6, min_row=min_row)
    brute = _brute(rows, g, 6, min_row)
    for part in ("all", "restricted"):
        assert [found[part][d]["value"] for d in range(1, 7)] == brute[part][1:]


def test_ties_are_listed_in_row_order_and_counted() -> None:
    found = table4(2000, 199, max_distance=10)
    for part in ("all", "restricted"):
        for d in range(1, 11):
            best = found[part][d]
            assert best["ties"] == len(best["cells"]) >= 1
            assert best["cells"] == sorted(best["cells"])


def test_first_column_from_distance_3_is_reached_by_row_2000() -> None:
    """The paper's cells for d >= 3 lie in rows < 120: rows <= 2000 already give them."""
    found = table4(2000, 199)
    for d, cell, value, _, _ in PAPER["rows"][2:]:
        best = found["all"][d]
        assert best["value"] == _paper_value(value, 200)
        assert best["cells"][0] == cell  # the paper's cell is the first in row order


def test_comparison_needs_the_papers_parameters() -> None:
    result = run_experiment(500, 50, max_distance=4)
    assert all("agrees" not in c and "note" in c for c in result.comparison)
    assert result.agrees  # nothing compared


def test_compare_flags_a_difference() -> None:
    found = table4(300, 199, max_distance=10)
    entries = compare(found, rows=10**6, g=199, min_row=600)  # pretend it was the paper's run
    by = {(c["distance"], c["column"]): c for c in entries}
    assert by[(3, "rows <= 10^6")]["agrees"]  # (44, 67), 89 is reached by row 300
    assert not by[(1, "rows <= 10^6")]["agrees"]  # (283432, 458601) is not


def test_cli(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "t4.json"
    argv = ["experiment", "nivasch-table4", "--rows", "300", "--g", "60", "--quiet"]
    assert main([*argv, "--out", str(out)]) == 0
    saved = json.loads(out.read_text())
    assert saved["name"] == "nivasch-table4" and len(saved["table"]) == 10
    assert saved["table"][0][2] == ">=61" or isinstance(saved["table"][0][2], int)
    assert main(["experiment", "nivasch-table4", "--rows", "-1"]) == 2
    assert main(["experiment", "nivasch-table4", "--rows", "10", "--g", "-1"]) == 2


@pytest.mark.slow
def test_full_table4() -> None:
    result = run_experiment()
    compared = [c for c in result.comparison if "agrees" in c]
    assert len(compared) == 20 and result.agrees
    assert all(c["first"] for c in compared)
