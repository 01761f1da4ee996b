"""Rich display: the five result types render as tables in Jupyter and as the CLI's text;
the plotting functions return figures; the CLI's plot draws with them; the progress bar
is off with a keyword."""

from __future__ import annotations

import html
import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from matplotlib.figure import Figure

import grundy
from grundy import plot
from grundy.cli.experiments import ExperimentResult

ROOT = Path(__file__).resolve().parents[1]


def _cells(markup: str) -> list[str]:
    """The text of every <th>/<td> cell, unescaped."""
    return [html.unescape(c) for c in re.findall(r"<t[hd][^>]*>(.*?)</t[hd]>", markup, re.S)]


def _answers() -> dict[str, object]:
    return {
        "value": grundy.value("wythoff", (3, 5)),
        "moves": grundy.moves("wythoff", (4, 9)),
        "period": grundy.period("wythoff", 3),
        "report": grundy.check("landman-lemma-1", quick=True, tighten=1, progress=False),
        "experiment": ExperimentResult(
            "demo", {"g": 3}, ["g", "rows"], [[3, 4], [5, 6]], version="0", machine="m"
        ),
    }


@pytest.mark.parametrize("kind", ["value", "moves", "period", "report", "experiment"])
def test_each_result_renders_as_an_html_table(kind: str) -> None:
    answer = _answers()[kind]
    markup = answer._repr_html_()  # type: ignore[attr-defined]
    assert markup.startswith("<table") and markup.count("<table") == markup.count("</table>")
    assert _cells(markup)
    assert "(" not in markup[:7] and "dataclass" not in markup


def test_the_tables_hold_the_answers_fields() -> None:
    a = _answers()
    value_cells = _cells(a["value"]._repr_html_())  # type: ignore[attr-defined]
    assert value_cells[:4] == ["value", "0", "outcome", "P"]
    period_cells = _cells(a["period"]._repr_html_())  # type: ignore[attr-defined]
    assert "3 4 5 6 2 0 1 9" in period_cells  # seed 003's row 3, the preperiod line
    report_cells = _cells(a["report"]._repr_html_())  # type: ignore[attr-defined]
    assert "VIOLATED" in report_cells and "witness" in report_cells
    experiment_cells = _cells(a["experiment"]._repr_html_())  # type: ignore[attr-defined]
    assert experiment_cells[-6:] == ["g", "rows", "3", "4", "5", "6"]


def test_html_escapes_what_it_shows() -> None:
    from grundy.display import html_record

    assert "<b>" not in html_record("t", [("a", "<b>")])


def _cli(*args: str) -> str:
    done = subprocess.run(
        [sys.executable, "-m", "grundy", *args],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=False,  # check exits 1 on a violation
        env={"COLUMNS": "200", "PATH": "/usr/bin:/bin"},
        timeout=600,
    )
    return done.stdout


def test_str_reads_like_the_cli() -> None:
    a = _answers()
    assert str(a["value"]) == _cli("value", "wythoff", "3,5").strip()
    cli_check = _cli("check", "landman-lemma-1", "--quick", "--tighten", "1")
    text = str(a["report"])
    assert text.splitlines()[:2] == cli_check.splitlines()[:2]
    assert "VIOLATED on 6,400 cases" in text and "witness: " in text
    period_text = str(a["period"]).splitlines()
    assert period_text[2:4] == ["3 4 5 6 2 0 1 9    pre-period", "10 12 8 7 15 11    period"]


def test_plot_functions_return_figures_that_show_in_jupyter() -> None:
    figures = [
        plot.heatmap("wythoff", 8),
        plot.heatmap("a-wythoff:2", 12),
        plot.row("wythoff", 3),
        plot.row("a-wythoff:2", 3),
        plot.atlas([("wythoff", [[1, 0, 3, 3], [2, 4, 3, 3], [3, 8, 6, 6]])]),
        plot.figure2(rows=10),
    ]
    for figure in figures:
        assert isinstance(figure, Figure)
        assert figure._repr_png_()[:8] == b"\x89PNG\r\n\x1a\n"  # type: ignore[attr-defined]
    assert "(certified)" in plot.row("wythoff", 3).axes[0].get_title()
    assert "(certified)" in plot.row("a-wythoff:2", 3).axes[0].get_title()  # its rays
    assert "(apparent)" in plot.row("nimhof:1,0/1,1", 3).axes[0].get_title()
    with pytest.raises(ValueError, match="size must be an int >= 1"):
        plot.heatmap("wythoff", 0)
    with pytest.raises(ValueError, match="at least one non-empty"):
        plot.atlas([])


def test_the_row_plot_marks_the_period_that_period_reports() -> None:
    found = grundy.period("wythoff", 3)
    axes = plot.row("wythoff", 3).axes[0]
    starts = sorted(
        line.get_xdata()[0] + 0.5
        for line in axes.lines
        if line.get_linestyle() == "--" and len(line.get_xdata())
    )
    assert starts[:2] == [found.preperiod, found.preperiod + found.period]


def test_cli_heatmap_is_drawn_by_grundy_plot(tmp_path: Path) -> None:
    out = tmp_path / "h.png"
    details = json.loads(
        _cli("plot", "heatmap", "wythoff", "--size", "8", "--out", str(out), "--json")
    )
    title = plot.heatmap("wythoff", 8).axes[0].get_title()
    assert title == f"{details['game']}: G, 0 <= x, y < 8 ({details['implementation']})"
    assert out.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_check_shows_progress_only_when_asked_and_slow(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # grundy.check draws through runs.progress.activity, like ``grundy check``:
    # stderr is not a terminal here, so plain lines, and none for a short call.
    import grundy
    from runs import progress as output

    grundy.check("landman-lemma-1", quick=True, progress=False)
    grundy.check("landman-lemma-1", quick=True)  # under PLAIN_INTERVAL: nothing shown
    assert capsys.readouterr().err == ""
    monkeypatch.setattr(output, "PLAIN_INTERVAL", 0.001)
    with output.activity("demo-bar") as update:
        update("4,096 cases")
        import time

        time.sleep(0.05)
    err = capsys.readouterr().err
    assert "demo-bar: running" in err and "4,096 cases" in err and "demo-bar: done" in err


def test_a_table_that_shows_a_corner_says_so() -> None:
    """Issue 38 item 6: a notebook's table of 40 x 40 shows a corner, and says which."""
    import grundy
    from registry.answers import SHOWN_ITEMS

    large = grundy.table("wythoff", SHOWN_ITEMS + 16)._repr_html_()
    assert f"the corner x &lt; {SHOWN_ITEMS}, y &lt; {SHOWN_ITEMS} of the 40 x 40 table" in large
    assert "corner" not in grundy.table("wythoff", SHOWN_ITEMS)._repr_html_()
