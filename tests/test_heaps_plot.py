"""``grundy plot sequence``: G(n) of a one-heap game as a PNG, its period marked (issue 38)."""

from __future__ import annotations

from pathlib import Path

import pytest

from grundy import plot, plots
from grundy.cli import main


def _run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    try:
        code = main(list(argv))
    except SystemExit as exit_:
        code = int(exit_.code or 0)
    return code, capsys.readouterr().err


@pytest.mark.parametrize("game", ["octal:0.137", "subtraction:1,3,4", "hex:0.38", "nim"])
def test_writes_a_png(game: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "s.png"
    code, err = _run(capsys, "plot", "sequence", game, "--terms", "150", "--out", str(out))
    assert code == 0, err
    assert out.read_bytes().startswith(plots.PNG_SIGNATURE)


def test_the_certified_period_is_in_the_title() -> None:
    figure, name, implementation = plot.sequence("octal:0.137", 120)
    title = figure.axes[0].get_title()
    assert name == "octal:0.137" and implementation == "fast.heaps"
    assert "preperiod 52, period 34 (certified)" in title


@pytest.mark.parametrize(
    "argv",
    [["wythoff"], ["octal:0.8"], ["nim", "--terms", "0"], ["nim", "--terms", "10**9"]],
)
def test_bad_input_is_one_line(
    argv: list[str], tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "s.png"
    code, err = _run(capsys, "plot", "sequence", *argv, "--out", str(out))
    assert code == 2
    assert len(err.strip().splitlines()) == 1, err
    assert not out.exists()
