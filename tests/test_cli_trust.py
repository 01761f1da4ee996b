"""Issue 12: no wrong answer from any flag, no silent hang, one line for bad input.

Each case here failed before the fix (a traceback, a silently truncated
number, a message without the culprit, an unbounded run).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from grundy.cli import main

ROOT = Path(__file__).resolve().parents[1]


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    capsys.readouterr()
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def refused(capsys: pytest.CaptureFixture[str], *argv: str) -> str:
    """Run argv, assert exit 2 with one line on stderr and no traceback; return the line."""
    code, _, err = run(capsys, *argv)
    assert code == 2, (argv, err)
    assert "Traceback" not in err
    lines = err.strip().splitlines()
    assert len(lines) == 1, lines
    return lines[0]


# --- one number parser ----------------------------------------------------------------------


class TestNumbers:
    def test_help_default_is_accepted(self, capsys: pytest.CaptureFixture[str]) -> None:
        from grundy.cli import build_parser

        parser = build_parser()
        args = parser.parse_args(["experiment", "nivasch-table5", "--rows", "1e5"])
        assert args.rows == 100_000
        args = parser.parse_args(["experiment", "dn-histogram", "--rows", "5e6"])
        assert args.rows == 5_000_000

    def test_non_integer_is_refused_not_truncated(self, capsys: pytest.CaptureFixture[str]) -> None:
        line = refused(capsys, "experiment", "beatty-partition", "--n", "1.23e1")
        assert "argument --n: must be an integer" in line and "1.23e1" in line

    def test_huge_power_is_refused_at_once(self, capsys: pytest.CaptureFixture[str]) -> None:
        # refused by its digit count, before any power is evaluated (the message says so)
        line = refused(capsys, "experiment", "beatty-partition", "--n", "10**100000000")
        assert "--n" in line and "digits" in line

    def test_1e150_is_refused_with_the_chunk_count(
        self, capsys: pytest.CaptureFixture[str]
    ) -> None:
        line = refused(capsys, "experiment", "beatty-partition", "--n", "1e150", "--workers", "0")
        assert "--n" in line and "chunks" in line
        assert "(151 digits)" in line  # the number cut short, as every long one (issue 30)

    def test_1e12_in_process_is_refused_before_planning_chunks(
        self, capsys: pytest.CaptureFixture[str]
    ) -> None:
        line = refused(capsys, "experiment", "beatty-partition", "--n", "1e12", "--workers", "0")
        assert "10,000,000 chunks" in line and "--chunk" in line

    def test_workers_are_capped(self, capsys: pytest.CaptureFixture[str]) -> None:
        line = refused(capsys, "experiment", "beatty-partition", "--workers", "1000000")
        assert "argument --workers: must be between 0 and" in line

    @pytest.mark.parametrize("command", ["value", "moves"])
    def test_negative_position_reaches_the_position_parser(
        self, capsys: pytest.CaptureFixture[str], command: str
    ) -> None:
        line = refused(capsys, command, "wythoff", "-1,3")
        assert "pile sizes must be non-negative" in line

    def test_negative_position_with_options_after_it(
        self, capsys: pytest.CaptureFixture[str]
    ) -> None:
        line = refused(capsys, "value", "wythoff", "-1,3", "--json")
        assert "pile sizes must be non-negative" in line


# --- paths ----------------------------------------------------------------------------------


class TestPaths:
    def test_out_directory_given_an_existing_file(
        self, capsys: pytest.CaptureFixture[str], tmp_path: Path
    ) -> None:
        existing = tmp_path / "f"
        existing.write_text("x")
        line = refused(capsys, "experiment", "beatty-partition", "--out", str(existing))
        assert "--out" in line and str(existing) in line and "is a file" in line

    @pytest.mark.parametrize(
        "argv",
        [
            ["experiment", "beatty-partition", "--out", "/proc/nope"],
            ["experiment", "nivasch-table5", "--out", "/proc/nope"],
            ["experiment", "nivasch-table2", "--out", "/proc/nope/t.json"],
            ["plot", "figure2", "--out", "/proc/nope/fig.png"],
        ],
    )
    def test_unwritable_out(self, capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
        line = refused(capsys, *argv)
        assert "--out" in line and "/proc/nope" in line

    def test_out_file_given_a_directory(
        self, capsys: pytest.CaptureFixture[str], tmp_path: Path
    ) -> None:
        directory = tmp_path / "d.json"
        directory.mkdir()
        line = refused(capsys, "experiment", "nivasch-table2", "--out", str(directory))
        assert "--out" in line and "is a directory" in line

    @pytest.mark.parametrize(
        "argv",
        [
            ["experiment", "beatty-partition", "--out", ""],
            ["experiment", "nivasch-table2", "--out", ""],
            ["plot", "figure2", "--out", ""],
        ],
    )
    def test_empty_out_is_refused(
        self, capsys: pytest.CaptureFixture[str], argv: list[str]
    ) -> None:
        assert "argument --out: an empty path" in refused(capsys, *argv)

    def test_row_periods_chunks_messages_name_chunks(
        self, capsys: pytest.CaptureFixture[str], tmp_path: Path
    ) -> None:
        """row-periods resumes from --chunks DIR (its --out is a file): errors say --chunks."""
        existing = tmp_path / "f"
        existing.write_text("x")
        argv = ["experiment", "row-periods", "--rows", "0..1", "--chunks"]
        line = refused(capsys, *argv, str(existing))
        assert "argument --chunks" in line and "is a file" in line
        chunks = str(tmp_path / "run")
        code, _, _ = run(
            capsys, "experiment", "row-periods", "--rows", "0..1", "--chunks", chunks, "--quiet"
        )
        assert code == 0
        line = refused(capsys, "experiment", "row-periods", "--rows", "0..2", "--chunks", chunks)
        assert "choose a new --chunks directory" in line and "--out" not in line

    def test_missing_parent_is_created(
        self, capsys: pytest.CaptureFixture[str], tmp_path: Path
    ) -> None:
        target = tmp_path / "new" / "sub" / "t2.json"
        code, _, _ = run(
            capsys, "experiment", "nivasch-table2", "--gmax", "2", "--rows", "50",
            "--out", str(target), "--quiet",
        )  # fmt: skip
        assert code == 0 and json.loads(target.read_text())["name"] == "nivasch-table2"

    @pytest.mark.parametrize("figure", ["figure9", "figure11"])
    def test_bad_input_files_name_the_file(
        self, capsys: pytest.CaptureFixture[str], tmp_path: Path, figure: str
    ) -> None:
        out = str(tmp_path / "f.png")
        empty = tmp_path / "empty.json"
        empty.write_text("")
        garbage = tmp_path / "garbage.json"
        garbage.write_bytes(b"\x00\xffnot json")
        listed = tmp_path / "list.json"
        listed.write_text("[1, 2]")
        for path, words in (
            (empty, "is empty"),
            (garbage, "not valid JSON"),
            (tmp_path / "missing.json", "no such file"),
            (listed, "list"),
        ):
            line = refused(capsys, "plot", figure, "--input", str(path), "--out", out)
            assert str(path.name) in line and words in line and "--input" in line


# --- refusals up front ----------------------------------------------------------------------


class TestRanges:
    def test_table5_g_names_its_range(self, capsys: pytest.CaptureFixture[str]) -> None:
        line = refused(capsys, "experiment", "nivasch-table5", "--g", "1000")
        assert "--g" in line and "between 0 and 62" in line

    def test_table6_l_and_h(self, capsys: pytest.CaptureFixture[str]) -> None:
        line = refused(capsys, "experiment", "nivasch-table6", "--L", "5", "--H", "-5")
        assert "--L" in line

    def test_table6_l_and_h_in_the_library(self) -> None:
        from grundy.cli.experiments.nivasch_table6 import run_experiment

        with pytest.raises(ValueError, match="--L < 0 < --H"):
            run_experiment(1, 100, L=5, H=-5)

    @pytest.mark.parametrize(
        "position",
        [
            "4000000000000000000,6472135954999579392",
            "5698254847231133259,9219970019378813259",
        ],
    )
    def test_wythoff_nim_past_int64_names_the_remedy(
        self, capsys: pytest.CaptureFixture[str], position: str
    ) -> None:
        line = refused(capsys, "wythoff-nim", position, "0", "--impl", "fast.rw")
        assert "int64 range of fast.rw" in line and "rows <=" in line
        assert main(["wythoff-nim", position, "0", "--json"]) == 0  # reference.rw takes over
        assert "reference.rw" in json.loads(capsys.readouterr().out)["implementations"]

    def test_gvalues_past_int64_names_the_remedy(self, capsys: pytest.CaptureFixture[str]) -> None:
        line = refused(capsys, "gvalues", "--g", "0", "--n", "1e19", "--impl", "fast.rw")
        assert "--n = " in line and "int64 range" in line
        line = refused(capsys, "gvalues", "--g", "20", "--n", "10**100")
        assert "int64 range of fast.rw" in line and "reference.rw: about" in line

    def test_dn_histogram_memory_estimate(self, capsys: pytest.CaptureFixture[str]) -> None:
        line = refused(capsys, "experiment", "dn-histogram", "--g", "100000", "--workers", "0")
        assert "GiB" in line and "--g 100000" in line

    def test_figure10_g(self, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
        line = refused(
            capsys, "plot", "figure10", "--g", "100000", "--out", str(tmp_path / "f.png")
        )
        assert "argument --g: must be between 0 and" in line

    def test_row_periods_range(self, capsys: pytest.CaptureFixture[str]) -> None:
        line = refused(capsys, "experiment", "row-periods", "--rows", "0..100000")  # no cap:
        assert "rows 0..100000" in line and "would need about" in line  # the memory estimate

    def test_period_lines(self, capsys: pytest.CaptureFixture[str]) -> None:
        line = refused(capsys, "period", "wythoff", "--row", "3", "--lines", "100000000")
        assert "argument --lines: must be between 0 and" in line


# --- check --tighten ------------------------------------------------------------------------


class TestTighten:
    def test_facts_only_claim_cannot_be_tightened(self, capsys: pytest.CaptureFixture[str]) -> None:
        line = refused(capsys, "check", "nivasch-thm-1.1", "--quick", "--tighten", "1")
        assert "cannot be tightened" in line

    def test_negative_tighten(self, capsys: pytest.CaptureFixture[str]) -> None:
        assert "--tighten" in refused(capsys, "check", "nivasch-thm-2.15", "--tighten", "-1")

    def test_banner_and_tightened_label_are_shown(self, capsys: pytest.CaptureFixture[str]) -> None:
        code, out, _ = run(capsys, "check", "nivasch-thm-2.15", "--quick", "--tighten", "1")
        assert code == 1
        assert "[false variant: bounds tightened by 1]" in out
        bound_lines = [line for line in out.splitlines() if line.strip().startswith("bound ")]
        assert bound_lines and all(">= 1:" in line or "+ 1" in line for line in bound_lines)

    def test_progress_hook_is_called(self) -> None:
        from proofs_check.catalogue import run_claim
        from proofs_check.claim import PROGRESS_EVERY

        seen: list[int] = []
        report = run_claim("nivasch-thm-2.15", quick=True, progress=seen.append)
        assert seen and all(c % PROGRESS_EVERY == 0 for c in seen)
        assert seen[-1] <= report.cases


# --- output ---------------------------------------------------------------------------------


def test_broken_pipe_is_quiet(monkeypatch: pytest.MonkeyPatch) -> None:
    class ClosedPipe:
        def write(self, _text: str) -> int:
            raise BrokenPipeError(32, "Broken pipe")

        def flush(self) -> None:
            raise BrokenPipeError(32, "Broken pipe")

        def fileno(self) -> int:
            raise OSError("not a file")

    monkeypatch.setattr(sys, "stdout", ClosedPipe())
    assert main(["check", "list", "--json"]) == 0


def test_broken_pipe_through_head() -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    result = subprocess.run(
        f"{sys.executable} -m grundy check list --json | head -c 20",
        shell=True,
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
        timeout=120,
    )
    assert result.stdout.startswith("[{") and "Traceback" not in result.stderr
    assert "BrokenPipe" not in result.stderr


def test_row_periods_explains_its_columns(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "experiment", "row-periods", "--rows", "3")
    assert code == 0
    assert "cycle_start/cycle_length" in out and "minimal periodicity" in out


def test_conformance_report_keeps_key_columns_in_80_columns(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from grundy.cli import conformance
    from grundy.cli.conformance import Row

    row = Row(
        check="grundy-table-with-a-long-name",
        game="f-wythoff",
        implementation="published 001 Table 1 vs spec",
        domain="size=13, and a long description of the domain " * 3,
        result="pass",
        seconds=0.01,
        cases=169,
        detail="",
    )
    monkeypatch.setattr(conformance.console, "_width", 80)
    conformance.print_table([row])
    out = capsys.readouterr().out
    assert all(len(line) <= 80 for line in out.splitlines())
    for key in (row.check, row.game, row.implementation, "pass"):
        assert key in out


def test_progress_lines_in_a_log_are_whole(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import runs.progress
    from runs.progress import progress_bar

    monkeypatch.setattr(runs.progress, "PLAIN_INTERVAL", 0.0)  # lines even for a short run
    description = "a long description of the work " * 4
    with progress_bar(description, 3) as advance:  # stderr is not a terminal here
        advance(3)
    err = capsys.readouterr().err
    lines = err.strip().splitlines()
    assert lines and all(line.startswith(description) for line in lines)
    assert "…" not in err and lines[-1].endswith("s") and "3/3" in lines[-1]


def test_a_short_run_prints_no_progress_lines(capsys: pytest.CaptureFixture[str]) -> None:
    from runs.progress import progress_bar

    with progress_bar("short work", 3) as advance:  # under PLAIN_INTERVAL: nothing
        advance(3)
    assert capsys.readouterr().err == ""
