"""Tables for papers (issue 48): grundy.formats renders LaTeX, CSV and Markdown; the LaTeX
compiles (through a LaTeX engine where one is installed)."""

from __future__ import annotations

import csv
import io
import shutil
import subprocess
from pathlib import Path

import pytest

import grundy
from grundy.formats import grid, latex_document, latex_escape, render, render_grid

LATEX_INSTALL = "apt-get update && apt-get install -y --no-install-recommends texlive-latex-base"


def _wythoff(size: int) -> list[list[int]]:
    return [[int(v) for v in row] for row in grundy.table("wythoff", size)]


class TestRender:
    def test_a_row_of_the_wrong_length_is_refused(self) -> None:
        with pytest.raises(ValueError, match="a row of 1 cells under a header of 2"):
            render(["a", "b"], [[1]], "csv")

    def test_an_unknown_format_is_refused_naming_the_option(self) -> None:
        with pytest.raises(ValueError, match="--format html: one of latex, csv, markdown"):
            render(["a"], [[1]], "html")

    def test_csv_reads_back_as_the_cells(self) -> None:
        rows = [[3, "a,b"], [4, 'say "x"']]
        text = render(["n", "note"], rows, "csv")
        assert list(csv.reader(io.StringIO(text))) == [
            ["n", "note"],
            ["3", "a,b"],
            ["4", 'say "x"'],
        ]

    def test_markdown_right_aligns_numbers_and_escapes_bars(self) -> None:
        lines = render(["n", "rule"], [[1, "a|b"]], "markdown").splitlines()
        assert lines[1] == "| ---: | --- |"
        assert lines[2] == "| 1 | a\\|b |"

    def test_latex_escapes_every_special_character(self) -> None:
        assert latex_escape("\\&%$#_{}~^") == (
            r"\textbackslash{}\&\%\$\#\_\{\}\textasciitilde{}\textasciicircum{}"
        )


class TestGrid:
    def test_row_zero_is_at_the_bottom_as_the_seeds_print_it(self) -> None:
        table = _wythoff(5)
        header, rows, footer = grid(table)
        assert [row[0] for row in rows] == [4, 3, 2, 1, 0]
        assert rows[-1][1:] == table[0] == [0, 1, 2, 3, 4]  # G(0, y) = y
        assert header == ["x/y", "0", "1", "2", "3", "4"]
        assert footer == ["x/y", 0, 1, 2, 3, 4]

    def test_the_csv_grid_is_the_table(self) -> None:
        table = _wythoff(6)
        parsed = list(csv.reader(io.StringIO(render_grid(table, "csv"))))
        body = {int(row[0]): [int(v) for v in row[1:]] for row in parsed[1:]}
        assert body == dict(enumerate(table))

    def test_latex_puts_the_axis_under_the_table(self) -> None:
        lines = render_grid(_wythoff(3), "latex").splitlines()
        assert lines[-3] == r"x/y & 0 & 1 & 2 \\"
        assert lines[2] == r"2 & 2 & 0 & 1 \\"


def test_a_wythoff_table_in_latex_compiles(tmp_path: Path) -> None:
    engine = shutil.which("pdflatex")
    if engine is None:
        pytest.skip(f"no LaTeX engine (pdflatex): {LATEX_INSTALL}")
    body = render_grid(_wythoff(10), "latex", caption="Wythoff's game, G(x, y) for x, y < 10")
    source = tmp_path / "table.tex"
    source.write_text(latex_document(body), encoding="utf-8")
    done = subprocess.run(
        [engine, "-interaction=nonstopmode", "-halt-on-error", source.name],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert done.returncode == 0, done.stdout[-2000:]
    assert (tmp_path / "table.pdf").stat().st_size > 0


def _grundy(*args: str) -> subprocess.CompletedProcess[str]:
    import sys

    return subprocess.run(
        [sys.executable, "-m", "grundy", *args], capture_output=True, text=True, timeout=600
    )


def test_the_commands_latex_table_compiles(tmp_path: Path) -> None:
    """The issue's line: ``grundy table wythoff --size 10 --format latex`` compiles."""
    done = _grundy("table", "wythoff", "--size", "10", "--format", "latex")
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("\\begin{table}") and "x/y & 0 & 1" in done.stdout
    engine = shutil.which("pdflatex")
    if engine is None:
        pytest.skip(f"no LaTeX engine (pdflatex): {LATEX_INSTALL}")
    (tmp_path / "t.tex").write_text(latex_document(done.stdout), encoding="utf-8")
    made = subprocess.run(
        [engine, "-interaction=nonstopmode", "-halt-on-error", "t.tex"],
        cwd=tmp_path, capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    assert made.returncode == 0, made.stdout[-2000:]


def test_the_commands_csv_table_is_the_table() -> None:
    done = _grundy("table", "f-wythoff", "--size", "8", "--format", "csv")
    assert done.returncode == 0, done.stderr
    parsed = list(csv.reader(io.StringIO(done.stdout)))
    body = {int(row[0]): [int(v) for v in row[1:]] for row in parsed[1:]}
    table = grundy.table("f-wythoff", 8)
    assert body == {x: [int(v) for v in table[x]] for x in range(8)}


def test_a_heap_table_and_a_claim_report_in_markdown() -> None:
    heap = _grundy("table", "octal:0.07", "--size", "25", "--format", "markdown")
    assert heap.returncode == 0, heap.stderr
    lines = heap.stdout.splitlines()
    assert lines[1].startswith("| n | +0 | +1 |") and lines[3].startswith("| 0 | 0 | 0 | 1 | 1 |")
    report = _grundy("check", "landman-lemma-1", "--quick", "--format", "markdown")
    assert report.returncode == 0, report.stderr
    assert "| HOLDS |" in report.stdout


def test_format_and_json_together_are_refused_in_one_line() -> None:
    done = _grundy("table", "wythoff", "--size", "3", "--format", "csv", "--json")
    assert done.returncode == 2
    assert done.stderr.strip() == "grundy table: error: --format csv and --json: give one of them"


def test_an_experiments_result_table_in_csv() -> None:
    """Every experiment takes --format (its ExperimentResult's columns and table)."""
    done = _grundy(
        "experiment", "nivasch-table2", "--gmax", "2", "--rows", "500", "--format", "csv"
    )
    assert done.returncode == 0, done.stderr
    rows = list(csv.reader(io.StringIO(done.stdout)))
    assert rows[0][0] == "g" and [row[0] for row in rows[1:]] == ["0", "1", "2"]


def test_period_lines_and_a_heap_period_in_markdown() -> None:
    row = _grundy("period", "wythoff", "--row", "3", "--lines", "2", "--format", "markdown")
    assert row.returncode == 0, row.stderr
    lines = row.stdout.splitlines()
    assert lines[3] == "| pre-period | 3 | 4 | 5 | 6 | 2 | 0 | 1 | 9 |"  # 003: row 3
    assert lines[4].startswith("| period | 10 | 12 | 8 | 7 | 15 | 11 |")
    heap = _grundy("period", "octal:0.07", "--format", "markdown")
    assert heap.returncode == 0, heap.stderr
    assert "| preperiod | 53 |" in heap.stdout and "| period | 34 |" in heap.stdout
