"""The nivasch-table2 experiment (Nivasch 000 Tables 2 and 3) and its transcriptions."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from grundy.cli import main
from grundy.cli.experiments import ExperimentResult
from grundy.cli.experiments.nivasch_table2 import run_experiment
from grundy.published import load_published
from proofs_check.dn import dn_statistics
from reference.published import compare_table2


class TestTranscriptions:
    def test_table2(self) -> None:
        data = load_published("nivasch_000_table2")
        assert data["_comment"] and "000" in data["source"]
        assert [row[0] for row in data["rows"]] == list(range(31))
        assert all(len(row) == 5 for row in data["rows"])
        # the text: "for g >= 7 the maximum is achieved by the zeroth point p_0^g = (0, g)"
        assert all(row[3:] == [row[0], 0] for row in data["rows"][7:])

    def test_table3(self) -> None:
        data = load_published("nivasch_000_table3")
        assert data["_comment"] and data["min_n"] == 100
        assert [row[0] for row in data["rows"]] == list(range(7, 31))
        # "as g grows, the maximum achieved decreases substantially from Table 2"
        assert all(row[1] <= row[0] for row in data["rows"])


@pytest.fixture(scope="module")
def result() -> ExperimentResult:
    return run_experiment(30, 100_000, chunk=1 << 14)


class TestSmallRun:
    """Rows a <= 10**5: every paper cell whose point we reach must agree exactly."""

    def test_agrees(self, result: ExperimentResult) -> None:
        assert result.agrees
        assert len(result.comparison) == 31 * 2 + 24

    def test_cells_checked_exactly(self, result: ExperimentResult) -> None:
        exact = {
            (c["table"], c["g"], c["column"]) for c in result.comparison if c["checked"] == "exact"
        }
        # the extremes the paper finds early: g = 1, 2, 6, 9, 19, 22, 29 (min), max of g <= 5
        # and g >= 7 (the zeroth point), Table 3 for g = 8, 15, 18, 26
        for g in (1, 2, 6, 9, 19, 22, 29):
            assert (2, g, "min") in exact
        for g in (0, 1, 2, 3, 4, 5, *range(7, 31)):
            assert (2, g, "max") in exact
        for g in (8, 15, 18, 26):
            assert (3, g, "max n>=100") in exact
        assert len(exact) == 42

    def test_known_values(self, result: ExperimentResult) -> None:
        rows = {row[0]: row for row in result.table}
        assert rows[1][1:5] == [-4, 57, 2, 282]
        assert rows[29][1:3] == [-26, 27]
        assert result.timings.keys() >= {"compile", "run"}

    def test_a_difference_is_marked(self, monkeypatch: pytest.MonkeyPatch) -> None:
        import reference.published as published

        table = {**published.nivasch_table2(), 1: (-5, 57, 2, 282)}  # claim g = 1 reaches -5
        monkeypatch.setattr(published, "nivasch_table2", lambda: table)
        result = run_experiment(2, 1000)
        bad = [c for c in result.comparison if not c["agrees"]]
        assert [(c["g"], c["column"], c["ours"], c["paper"]) for c in bad] == [(1, "min", -4, -5)]
        assert result.exit_code == 1


class TestComparisonKinds:
    """compare_table2's three kinds of check, on runs shorter than, and past, the paper's."""

    def test_bound_before_the_papers_point(self) -> None:
        # g = 3's min -5 is first reached at n = 105: a run of 60 rows stops before it
        cells = {(c["g"], c["column"]): c for c in compare_table2(dn_statistics(3, 60))}
        assert cells[3, "min"]["checked"] == "bound" and cells[3, "min"]["agrees"]
        assert cells[3, "min"]["slack"] > 0

    def test_beyond_the_papers_rows(self) -> None:
        stats = dn_statistics(1, 1000)
        stats.rows = 5_000_002  # pretend the run went past a <= 5e6
        cells = {(c["g"], c["column"]): c for c in compare_table2(stats)}
        assert cells[1, "min"]["checked"] == "beyond" and cells[1, "min"]["agrees"]
        stats.min[1] = -3  # past the paper's rows an extreme can only grow
        assert not compare_table2(stats)[2]["agrees"]


def test_extremes_earliest_n() -> None:
    e = dn_statistics(2, 401)
    assert e.min_n[:2] == [0, 57]
    assert e.count[0] == 248  # a_n^0 = floor(n phi) <= 400 for n <= 247


class TestCli:
    def test_text_and_alias(self, capsys: pytest.CaptureFixture[str]) -> None:
        assert (
            main(["experiment", "nivasch-table3", "--gmax", "8", "--rows", "3000", "--quiet"]) == 0
        )
        out = capsys.readouterr().out
        assert "Table 2" in out and "Table 3" in out and "0 differ" in out

    def test_json_and_out(self, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
        target = tmp_path / "t2.json"
        assert (
            main(
                [
                    "experiment",
                    "nivasch-table2",
                    "--gmax",
                    "3",
                    "--rows",
                    "500",
                    "--json",
                    "--out",
                    str(target),
                ]
            )
            == 0
        )
        printed = json.loads(capsys.readouterr().out)
        saved = json.loads(target.read_text())
        assert printed["table"] == saved["table"] and saved["parameters"]["max_a"] == 500
        assert printed["table"][1][:5] == [1, -4, 57, 2, 282]

    def test_bad_argument(self, capsys: pytest.CaptureFixture[str]) -> None:
        assert main(["experiment", "nivasch-table2", "--gmax", "-1"]) == 2
        assert "argument --gmax: must be >= 0 (--gmax = -1)" in capsys.readouterr().err


@pytest.mark.slow
def test_full_tables_2_and_3() -> None:
    result = run_experiment(30, 5_000_000)
    assert result.agrees
    assert all(c["checked"] == "exact" for c in result.comparison)
