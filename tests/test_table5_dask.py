"""The Table 5 convergence sweep on the Dask execution layer (issue 6).

Same result on a 2-worker local cluster as in one process; resumes from
``--out`` without recomputing finished chunks; Figure 11 from the saved run.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from grundy.cli import main
from grundy.cli.experiments.nivasch_table5 import run_experiment

SMALL = {"gmax": 2, "rows": 3000, "chunk": 500}


def _table(result: Any) -> list[list[Any]]:
    return json.loads(json.dumps(result.table))


def test_two_workers_give_the_single_process_result(client: Any) -> None:
    alone = run_experiment(**SMALL, workers=0)
    on_cluster = run_experiment(**SMALL, client=client)
    assert _table(on_cluster) == _table(alone)
    assert on_cluster.timings["workers"] == 2
    # the numbers themselves: g = 1 reaches 45 rows first at r0 = 2201 (000 Table 5)
    assert alone.table[1][:3] == [1, 45, 2201]


def test_resume_recomputes_nothing_finished(tmp_path: Path) -> None:
    out = tmp_path / "run"
    first = run_experiment(**SMALL, workers=0, out_dir=out)
    assert first.timings["chunks_computed"] == 3 * 7 and first.timings["chunks_reused"] == 0
    # a simulated interruption: two finished chunks are lost, the rest stay on disk
    chunk_files = sorted((out / "chunks").glob("*.json"))
    kept = {p: p.stat().st_mtime_ns for p in chunk_files[2:]}
    for lost in chunk_files[:2]:
        lost.unlink()
    again = run_experiment(**SMALL, workers=0, out_dir=out)
    assert again.timings["chunks_computed"] == 2 and again.timings["chunks_reused"] == 19
    assert _table(again) == _table(first)
    assert all(p.stat().st_mtime_ns == t for p, t in kept.items())


def test_cli_saves_resumes_and_feeds_figure_11(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "t5"
    argv = [
        "experiment",
        "nivasch-table5",
        "--g",
        "2",
        "--rows",
        "3000",
        "--chunk",
        "1000",
        "--out",
        str(out),
        "--workers",
        "0",
        "--json",
    ]
    assert main(argv) == 0
    first = json.loads(capsys.readouterr().out)
    assert main(argv) == 0
    second = json.loads(capsys.readouterr().out)
    assert second["timings"]["chunks_reused"] == 3 * 4 and second["table"] == first["table"]
    assert json.loads((out / "result.json").read_text())["table"] == first["table"]
    png = tmp_path / "fig11.png"
    assert main(["plot", "figure11", "--input", str(out), "--g", "2", "--out", str(png)]) == 0
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    # different parameters in the same directory are refused, exit 2
    assert main([*argv[:3], "1", *argv[4:]]) == 2
    assert "resume with the same parameters" in capsys.readouterr().err


# --- issue 12: an edited chunk is never used -------------------------------------------------


def _edit_chunk(out: Path, g: int, edit: Any) -> Path:
    """Apply ``edit(record)`` to the chunk of g holding its maximum; return its path."""
    for path in sorted((out / "chunks").glob(f"g{g:02d}-*.json")):
        record = json.loads(path.read_text())
        if record["result"]["argmax"] == 2201:  # 000 Table 5: g = 1, 45 rows at r0 = 2201
            edit(record)
            path.write_text(json.dumps(record))
            return path
    raise AssertionError("no chunk holds the maximum")


@pytest.mark.parametrize(
    "edit",
    [
        lambda r: r["result"].update(max=r["result"]["max"] + 1),  # the issue: 121 -> 122
        lambda r: r["result"]["histogram"].__setitem__(0, r["result"]["histogram"][0] + 1),
        lambda r: r["result"].update(argmax=2200),
    ],
    ids=["max", "histogram", "argmax"],
)
def test_edited_chunk_is_recomputed_not_shown(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], edit: Any
) -> None:
    out = tmp_path / "run"
    first = run_experiment(**SMALL, workers=0, out_dir=out)
    path = _edit_chunk(out, 1, edit)
    capsys.readouterr()
    again = run_experiment(**SMALL, workers=0, out_dir=out)
    assert _table(again) == _table(first)
    assert again.table[1][:3] == [1, 45, 2201]
    assert again.timings["chunks_computed"] == 1
    err = capsys.readouterr().err
    assert f"chunk file {path}" in err and "recomputing it" in err
    assert len(err.strip().splitlines()) == 1


def test_edited_summary_with_a_fresh_digest_is_still_refused(tmp_path: Path) -> None:
    """Even an edit that recomputes the digest cannot make max disagree with the histogram."""
    from grundy.cli.experiments.nivasch_table5 import validate_chunk
    from runs.store import chunk_digest

    out = tmp_path / "run"
    first = run_experiment(**SMALL, workers=0, out_dir=out)

    def forge(record: dict[str, Any]) -> None:
        record["result"]["max"] += 1
        record["digest"] = chunk_digest(record["id"], record["params"], record["result"])

    path = _edit_chunk(out, 1, forge)
    record = json.loads(path.read_text())
    assert validate_chunk(record["params"], record["result"]) is not None
    again = run_experiment(**SMALL, workers=0, out_dir=out)
    assert _table(again) == _table(first) and again.timings["chunks_computed"] == 1


def test_cli_rerun_after_edit_prints_the_true_table(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "t5"
    argv = ["experiment", "nivasch-table5", "--g", "1", "--rows", "3000", "--chunk", "500",
            "--workers", "0", "--quiet", "--out", str(out), "--json"]  # fmt: skip
    assert main(argv) == 0
    before = json.loads(capsys.readouterr().out)["table"]
    _edit_chunk(out, 1, lambda r: r["result"].update(max=46))
    assert main(argv) == 0
    captured = capsys.readouterr()
    assert json.loads(captured.out)["table"] == before
    assert "does not match its digest" in captured.err
    saved = json.loads((out / "result.json").read_text())
    assert saved["table"] == before


def test_the_printed_header_stands_over_its_columns() -> None:
    """The table prints through grundy.display.ResultTable: each header ends where its
    column's cells end (the header was 7 characters short of the paper column before)."""
    from grundy.cli.experiments import ExperimentResult
    from grundy.cli.experiments.nivasch_table5 import printed_table
    from reference.published import compare_table5

    comparison = compare_table5(1, 45, 2201, 10**7 + 1, instances=3)
    table = [[1, 45, 2201, 3, 0, 100, [1]], [12, 1234, 10**7, 1, 2, 5, [1]]]
    result = ExperimentResult("nivasch-table5", {}, ["g"] * 7, table, comparison=comparison)
    lines = str(printed_table(result)).splitlines()
    assert lines == [
        "  g    max   first r0                     paper   #max  unconverged",
        "  1     45       2201 (beyond)        45 @ 2201      3  0"
        "  (§3.3 to 10^7: 45 x 3019 DIFFERS)",
        " 12   1234   10000000                         -      1  2",
    ]
    for header in ("g", "max", "first r0", "paper", "#max"):
        end = lines[0].index(header) + len(header)
        assert lines[1][end - 1] != " " and lines[1][end] == " ", header
