"""The certified row-period atlas (registry/atlas/): drift, convention and brute-force checks.

The atlas files are ``grundy experiment row-periods --out`` results; the test
re-derives a sample of their rows with the fast machine and fails on any
drift, re-checks the smallest rows with the plain-Python reference machine,
and checks every row that fits against an independent brute-force table
(fast.tables.grundy_table: the mex over the followers).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from fast import landman as fast_landman
from fast.strip import strip_periods
from fast.tables import grundy_table
from grundy import plots
from grundy.cli import main
from grundy.experiments.row_periods import COLUMNS, check_against_table, run_experiment
from reference import landman as ref_landman
from registry.rows import atlas_row

ATLAS = Path(__file__).resolve().parents[1] / "registry" / "atlas"
FILES = {
    "wythoff": ATLAS / "wythoff_rows_0_1000.json",
    "f-wythoff": ATLAS / "f-wythoff_columns_0_34.json",
    "r-wythoff": ATLAS / "r-wythoff_columns_0_14.json",
}
#: The earlier atlas, made by Landman's machine (an independent algorithm).
MACHINE_FILES = {
    "wythoff": ATLAS / "wythoff_rows_0_114.json",
    "f-wythoff": ATLAS / "f-wythoff_columns_0_24.json",
    "r-wythoff": ATLAS / "r-wythoff_columns_0_12.json",
}
#: Rows 0..DRIFT_ROWS[game] are recomputed by one strip in the default run (a few
#: seconds together); ``-m slow`` recomputes every row (Wythoff 0..1000: about 67 min).
DRIFT_ROWS = {"wythoff": 160, "f-wythoff": 30, "r-wythoff": 12}
#: Rows re-derived by the fast machine (cheap ones: well under a second each).
SAMPLE = {
    "wythoff": [*range(0, 31), 35, 40, 45],
    "f-wythoff": list(range(0, 19)),
    "r-wythoff": list(range(0, 11)),
}


def _load(game: str) -> dict[str, Any]:
    path = FILES[game]
    if not path.exists():
        pytest.fail(f"atlas file missing: {path}")
    data: dict[str, Any] = json.loads(path.read_text())
    return data


@pytest.fixture(scope="module", params=sorted(FILES))
def atlas(request: pytest.FixtureRequest) -> tuple[str, dict[str, Any]]:
    return request.param, _load(request.param)


def test_format(atlas: tuple[str, dict[str, Any]]) -> None:
    game, data = atlas
    assert data["name"] == "row-periods" and data["parameters"]["game"] == game
    assert data["columns"] == COLUMNS
    first, last = data["parameters"]["rows"]
    assert [r[0] for r in data["table"]] == list(range(first, last + 1))
    assert "least y0" in data["parameters"]["preperiod"]
    for row, pre, period, saltus, start, length, _ in data["table"]:
        assert period == saltus >= 1 and 0 <= pre <= start and length % period == 0, row
    assert all(c["agrees"] for c in data["comparison"])


def _drift(game: str, data: dict[str, Any], top: int) -> None:
    rows = [r[0] for r in data["table"]]
    assert rows == list(range(len(rows)))
    found = strip_periods(game, top + 1)
    for line in data["table"][: top + 1]:
        assert [*found.periodicities[line[0]]] == line[1:4], (game, line[0])


def test_no_drift(atlas: tuple[str, dict[str, Any]]) -> None:
    """Rows 0..DRIFT_ROWS, recomputed now by one strip (fast.strip), equal the atlas."""
    game, data = atlas
    _drift(game, data, DRIFT_ROWS[game])


@pytest.mark.slow
def test_no_drift_in_any_row(atlas: tuple[str, dict[str, Any]]) -> None:
    """Every row of the atlas recomputed (Wythoff rows 0..1000: about 67 minutes here)."""
    game, data = atlas
    _drift(game, data, len(data["table"]) - 1)


def test_the_machine_atlas_agrees(atlas: tuple[str, dict[str, Any]]) -> None:
    """The earlier files, made by Landman's machine, equal the strip's on every shared row."""
    game, data = atlas
    machine = json.loads(MACHINE_FILES[game].read_text())
    ours = {r[0]: r[1:4] for r in data["table"]}
    assert len(machine["table"]) >= 13
    for line in machine["table"]:
        assert ours[line[0]] == line[1:4], (game, line[0])


def test_the_lazy_reader_reads_the_files(atlas: tuple[str, dict[str, Any]]) -> None:
    """What value/period read (registry.rows.atlas_row) is what the file says."""
    game, data = atlas
    for line in data["table"][:: max(1, len(data["table"]) // 10)]:
        held = atlas_row(game, line[0])
        assert held is not None and [*held[0]] == line[1:4]
    assert atlas_row(game, len(data["table"])) is None


def test_a_sample_by_the_twin_module(atlas: tuple[str, dict[str, Any]]) -> None:
    game, data = atlas
    table = {r[0]: r for r in data["table"]}
    for row in SAMPLE[game][::5]:
        if row in table:
            assert [*fast_landman.row_periodicity(row, game)] == table[row][1:4], (game, row)


def test_reference_machine_on_small_rows(atlas: tuple[str, dict[str, Any]]) -> None:
    game, data = atlas
    for row, pre, period, saltus, *_ in data["table"][:9]:
        assert tuple(ref_landman.row_periodicity(row, game)) == (pre, period, saltus)


def test_brute_force_table(atlas: tuple[str, dict[str, Any]]) -> None:
    """Every row whose preperiod + 2 periods fits in a 1500 x 1500 table is confirmed by it."""
    game, data = atlas
    size = 1500
    table = grundy_table(game, size)
    checked = 0
    for row, pre, period, saltus, *_ in data["table"]:
        if row < size:
            ok = check_against_table(table, row, pre, period, saltus)
            assert ok is not False, (game, row)
            checked += ok is True
    assert checked >= {"wythoff": 18, "f-wythoff": 17, "r-wythoff": 7}[game]


def test_preperiod_convention_from_the_values() -> None:
    """Row 10: G(10, y + 24) = G(10, y) + 24 exactly for y >= 224 (not at y = 223)."""
    values = fast_landman.row_values(10, 224 + 5 * 24).astype(np.int64)
    diff = values[24:] - values[:-24]
    assert (diff[224:] == 24).all() and diff[223] != 24
    assert tuple(fast_landman.row_periodicity(10)) == (224, 24, 24)


def test_check_against_table_rejects_a_wrong_period() -> None:
    table = grundy_table("wythoff", 400)
    assert check_against_table(table, 7, 92, 24, 24) is True
    assert check_against_table(table, 7, 92, 48, 48) is False  # not minimal
    assert check_against_table(table, 7, 91, 24, 24) is False  # not the least preperiod
    assert check_against_table(table, 7, 360, 24, 24) is None  # does not fit


def test_sweep_resumes(tmp_path: Path) -> None:
    first = run_experiment("wythoff", range(0, 6), block=2, out_dir=tmp_path / "chunks")
    again = run_experiment("wythoff", range(0, 6), block=2, out_dir=tmp_path / "chunks")
    assert again.timings["chunks_reused"] == 3 and again.timings["chunks_computed"] == 0
    assert [r[:6] for r in first.table] == [r[:6] for r in again.table]
    assert [r[0] for r in again.table] == list(range(6))


def test_blocks_give_the_rows_of_one_strip() -> None:
    """Each block is its own strip of rows 0..top: the rows agree with one strip of all."""
    one = run_experiment("f-wythoff", range(0, 9), block=9)
    blocks = run_experiment("f-wythoff", range(0, 9), block=4)
    assert [r[:4] for r in one.table] == [r[:4] for r in blocks.table]
    assert blocks.timings["chunks_computed"] == 3


def test_plot(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    saved = tmp_path / "rp.json"
    assert (
        main(["experiment", "row-periods", "--rows", "0..12", "--quiet", "--out", str(saved)]) == 0
    )
    out = tmp_path / "rp.png"
    assert main(["plot", "row-periods", "--input", str(saved), "--out", str(out), "--quiet"]) == 0
    assert out.read_bytes().startswith(plots.PNG_SIGNATURE)
    other = tmp_path / "other.json"
    other.write_text(json.dumps({"name": "nivasch-table4"}))
    assert main(["plot", "row-periods", "--input", str(other), "--out", str(out)]) == 2
    with pytest.raises(ValueError, match="non-empty"):
        plots.row_periods(tmp_path / "x.png", [])


def test_sweep_on_dask_equals_in_process(client: Any) -> None:
    here = run_experiment("r-wythoff", range(0, 8))
    there = run_experiment("r-wythoff", range(0, 8), block=3, client=client)  # 3 chunks
    # (row, preperiod, period, saltus); the cycle columns are each block's own proof
    assert [r[:4] for r in here.table] == [r[:4] for r in there.table]


#: The generic certificate's atlas: games given by rays (docs/strip.md), rows 0..50
#: (a-wythoff:3 to 30: its engine blocks past 65536 columns need over 12 GiB here).
GENERIC = sorted(ATLAS.glob("*=*_rows_0_*.json"))


def test_the_generic_atlas_has_four_nimhof_rule_sets_and_two_a_wythoffs() -> None:
    games = [json.loads(path.read_text())["parameters"]["game"] for path in GENERIC]
    assert sum(g.startswith("nimhof:") for g in games) >= 4
    assert {"a-wythoff:2", "a-wythoff:3"} <= set(games)


@pytest.mark.parametrize("path", GENERIC, ids=lambda p: p.stem)
def test_generic_atlas_rows_recomputed(path: Path) -> None:
    """Rows 0..12 recomputed by the generic certificate; the saved brute-force checks agreed."""
    from registry.rows import row_certificate
    from spec import get_game

    data = json.loads(path.read_text())
    assert data["columns"] == COLUMNS and all(c["agrees"] for c in data["comparison"])
    assert len(data["comparison"]) >= 9  # rows checked against a 1500 x 1500 table
    found = row_certificate(get_game(data["parameters"]["game"]), 13)
    for line in data["table"][:13]:
        assert [*found.periodicities[line[0]]] == line[1:4], (path.stem, line[0])
