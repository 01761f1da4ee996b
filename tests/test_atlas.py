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
from grundy.cli.experiments.row_periods import COLUMNS, check_against_table, run_experiment
from reference import landman as ref_landman
from registry.rows import atlas_row

ATLAS = Path(__file__).resolve().parents[1] / "registry" / "atlas"
FILES = {
    "wythoff": ATLAS / "wythoff_rows_0_2047.json",
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
#: seconds together); ``-m slow`` recomputes every row (Wythoff 0..2047: hours).
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
    """Every row of the atlas recomputed (Wythoff rows 0..2047: about 2.4 hours on both cores;
    ``grundy verify`` re-checks the run that made it, docs/results.md)."""
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
    assert again.timings["chunks_reused"] == 1 and again.timings["chunks_computed"] == 0
    assert [r[:6] for r in first.table] == [r[:6] for r in again.table]
    assert [r[0] for r in again.table] == list(range(6))
    assert (tmp_path / "chunks" / "strip-wythoff-rows-0-5" / "record.json").exists()


def test_the_strip_games_run_one_strip_whatever_the_block() -> None:
    """No row is computed twice: one strip of rows 0..top certifies the whole range."""
    one = run_experiment("f-wythoff", range(0, 9), block=9)
    blocks = run_experiment("f-wythoff", range(0, 9), block=4)
    assert [r[:4] for r in one.table] == [r[:4] for r in blocks.table]
    assert blocks.timings["chunks_computed"] == 1


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


# ------------------------------------------------------------------ issue 30 item 11, issue 29


def _atlas_copy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A copy of registry/atlas the registry reads instead (its caches emptied)."""
    import shutil

    from registry import rows

    copy = tmp_path / "atlas"
    shutil.copytree(ATLAS, copy)
    monkeypatch.setattr(rows.ATLAS, "directory", copy)
    rows.ATLAS.clear()
    return copy


@pytest.fixture
def fresh_caches() -> Any:
    from registry import rows

    yield
    rows.ATLAS.clear()


def test_every_atlas_file_carries_its_digest() -> None:
    """registry/atlas/SHA256SUMS lists every file with its digest (``sha256sum -c`` format)."""
    from registry.rows import ATLAS_SUMS, atlas_digest

    lines = (ATLAS / ATLAS_SUMS).read_text().splitlines()
    sums = {line.split("  ", 1)[1]: line.split("  ", 1)[0] for line in lines}
    files = sorted(p.name for p in ATLAS.iterdir() if p.name != ATLAS_SUMS)
    assert sorted(sums) == files
    for name in files:
        assert sums[name] == atlas_digest(ATLAS / name), name


def _sign(path: Path) -> None:
    """Put ``path``'s digest into its directory's SHA256SUMS (a deliberate, signed edit)."""
    from registry.rows import ATLAS_SUMS, atlas_digest

    sums = path.parent / ATLAS_SUMS
    lines = [ln for ln in sums.read_text().splitlines() if not ln.endswith("  " + path.name)]
    sums.write_text("\n".join([*lines, f"{atlas_digest(path)}  {path.name}"]) + "\n")


def test_an_edited_atlas_file_is_named_and_not_used(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fresh_caches: Any
) -> None:
    """Row 5's saltus 24 -> 25 (issue 30 item 11): the file is named and passed over."""
    import grundy
    from registry.rows import AtlasWarning

    copy = _atlas_copy(tmp_path, monkeypatch)
    path = copy / "wythoff_rows_0_2047.json"
    data = json.loads(path.read_text())
    assert data["table"][5][3] == 24
    data["table"][5][3] = 25
    path.write_text(json.dumps(data, indent=1))
    with pytest.warns(AtlasWarning, match=r"wythoff_rows_0_2047\.json does not match its digest"):
        held = atlas_row("wythoff", 5)
    assert held is not None and held[1].endswith("wythoff_rows_0_1000.json")
    assert tuple(held[0]) == (27, 24, 24)
    found = grundy.value("wythoff", (5, 10**18))
    assert found.value == 1000000000000000002  # not the edited file's 1041666666666666667


def _ship_state(directory: Path, rows: int, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Run the strip of rows 0..rows-1 with checkpoints and write its state into ``directory``."""
    from fast import strip as fast_strip
    from fast.strip.checkpoint import DirectoryCheckpoints, write_state

    run = directory.parent / "run"
    fast_strip.strip_periods("wythoff", rows, checkpoints=DirectoryCheckpoints(run, every=1e9),
                             keep_top=False)  # fmt: skip
    target = directory / f"wythoff_rows_0_{rows - 1}.state.npz"
    write_state(target, run)
    _sign(target)
    return target


def test_a_far_value_from_the_shipped_state_equals_the_old_path(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fresh_caches: Any
) -> None:
    """Row 35 at 10**18 + 7: one period of the strip from the state, against the row's record
    and the strip from column 0 (the old path)."""
    import grundy
    from fast.strip import value_at
    from registry.rows import reduce_column

    copy = _atlas_copy(tmp_path, monkeypatch)
    for old in copy.glob("*.state.npz"):
        old.unlink()
    _ship_state(copy, 40, monkeypatch)
    from registry.rows import atlas_value

    routes = set()
    for row, y in ((35, 10**18 + 7), (39, 10**30), (12, 3 * 10**9)):
        held = atlas_row("wythoff", row)
        assert held is not None
        index, shift = reduce_column(held[0], y)
        old_path = value_at("wythoff", row, index) + shift
        from_state = atlas_value("wythoff", row, y)
        assert from_state is not None and from_state[0] == old_path
        found = grundy.value("wythoff", (row, y))  # the route its estimates choose
        assert found.value == old_path
        routes.add("the value from the shipped state" in found.certificate)
    # every column past the state's comes from its joint period, also where the row from
    # column 0 to the record's reduced column costs less (row 12): issue 39, a record's
    # period alone is never the proof of a far value
    assert routes == {True}


def test_the_far_value_conformance_row_catches_a_deliberate_edit(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, fresh_caches: Any
) -> None:
    """Row 30's preperiod moved one period earlier, the digest recomputed (issue 30 item 11):
    the digest cannot tell, the atlas-far-values question does."""
    from registry.core import QUESTIONS

    copy = _atlas_copy(tmp_path, monkeypatch)
    for old in copy.glob("*.state.npz"):
        old.unlink()
    _ship_state(copy, 40, monkeypatch)
    question = QUESTIONS["atlas-far-values:wythoff"]
    by_name = {impl.name: impl for impl in question.implementations}
    record, state = by_name["atlas record + fast.strip from column 0"], by_name["shipped state"]
    domain = {"rows": [5, 30], "turns": 10**15}
    assert record.answer(**domain) == state.answer(**domain)
    for path in sorted(copy.glob("wythoff_rows_0_*.json")):
        data = json.loads(path.read_text())
        data["table"][30][1] -= data["table"][30][2]
        path.write_text(json.dumps(data, indent=1))
        _sign(path)
    from registry import rows

    rows.ATLAS.clear()
    assert record.answer(**domain) != state.answer(**domain)


def test_the_command_writes_an_atlas_file_and_a_state(tmp_path: Path) -> None:
    """``row-periods --out FILE --state FILE``: the result and a state with its digest."""
    from fast.strip import value_from_state

    out, state = tmp_path / "w.json", tmp_path / "w.state.npz"
    args = ["experiment", "row-periods", "--rows", "0..20", "--chunks", str(tmp_path / "run"),
            "--out", str(out), "--state", str(state), "--quiet"]  # fmt: skip
    assert main(args) == 0
    data = json.loads(out.read_text())
    with np.load(state, allow_pickle=False) as saved:
        meta, window = json.loads(str(saved["meta"])), saved["window"]
    assert meta["rows"] == 21 and meta["column"] >= meta["y0"] + meta["period"]
    period = data["table"][20][2]
    y = 10**18 + 12345
    near = meta["column"] + (y - meta["column"]) % period
    expected = int(strip_row(20, near)) + (y - near)
    assert value_from_state("wythoff", window, meta["column"], 20, y, period) == expected
    refused = ["experiment", "row-periods", "--rows", "0..3", "--game", "nimhof:0,1/1,0/1,2",
               "--chunks", str(tmp_path / "other"), "--state", str(state)]  # fmt: skip
    assert main(refused) == 2
    assert main([*refused[:-4], "--state", str(state)]) == 2  # no --chunks


def strip_row(row: int, column: int) -> int:
    """G(row, column) by the strip from column 0."""
    from fast.strip import value_at

    return value_at("wythoff", row, column)


def test_rows_have_no_hand_set_cap_but_the_memory_estimate(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Item 6 of issue 29: the refusal comes from the estimate, before anything is spent."""
    args = ["experiment", "row-periods", "--rows", "0..99999", "--period-multiple", "1000000000",
            "--chunks", str(tmp_path / "big"), "--quiet"]  # fmt: skip
    assert main(args) == 2
    err = capsys.readouterr().err
    assert "the certificate of rows 0..99999" in err and "would need about" in err
    assert not list((tmp_path / "big").rglob("checkpoint-*"))
