"""``grundy plot``: every figure is a valid PNG that opens, drawn from checked data."""

from __future__ import annotations

import json
from pathlib import Path

import matplotlib.image
import numpy as np
import pytest

from grundy import plots
from grundy.cli import main
from grundy.cli.experiments import dn_histogram
from grundy.cli.experiments.nivasch_table5 import load_convergence_histogram
from reference.wsg import wsg


def assert_png(path: Path, min_bytes: int = 5_000) -> np.ndarray:
    """The file is a PNG of a sensible size that matplotlib can read back."""
    data = path.read_bytes()
    assert data[:8] == plots.PNG_SIGNATURE
    assert len(data) > min_bytes
    image = matplotlib.image.imread(path)
    assert image.ndim == 3 and image.shape[0] > 200 and image.shape[1] > 200
    assert image.std() > 0  # not a blank canvas
    return image


class TestTSequences:
    def test_against_reference_wsg(self) -> None:
        seqs = plots.t_sequences(20, 40, [0, 20])
        reference = wsg(20, 40)
        assert seqs[0] == reference.T[0] and seqs[20] == reference.T[20]

    def test_t200_starts_at_0_200(self) -> None:
        # 000 Figure 10 / Table 2 remark: T_g starts with p_0^g = (0, g).
        assert plots.t_sequences(200, 3, [200])[200] == [(0, 200), (1, 199), (2, 198)]


class TestPlotFunctions:
    def test_figure2(self, tmp_path: Path) -> None:
        assert_png(plots.figure2(tmp_path / "f2.png", rows=30))

    def test_figure9(self, tmp_path: Path) -> None:
        stats = dn_histogram.dn_statistics({"g": 30, "rows": 2_000})
        histogram = [(v, c) for v, c in stats["histograms"][30]]
        assert_png(plots.figure9(tmp_path / "f9.png", histogram, g=30, rows=2_000))

    def test_figure10(self, tmp_path: Path) -> None:
        assert_png(plots.figure10(tmp_path / "f10.png", rows=250))

    def test_figure11(self, tmp_path: Path) -> None:
        histogram = [(r, 1000 // (r + 1)) for r in range(0, 300, 3)]
        assert_png(plots.figure11(tmp_path / "f11.png", histogram, g=10, rows=10_000))

    def test_heatmap(self, tmp_path: Path) -> None:
        table = np.arange(100).reshape(10, 10) % 7
        assert_png(plots.heatmap(tmp_path / "h.png", table, title="t"))

    def test_not_png(self, tmp_path: Path) -> None:
        with pytest.raises(ValueError, match=r"must end in \.png"):
            plots.figure2(tmp_path / "f2.jpg", rows=5)

    def test_empty_histogram(self, tmp_path: Path) -> None:
        with pytest.raises(ValueError, match="histogram is empty"):
            plots.figure9(tmp_path / "f9.png", [], g=30, rows=1)


class TestPlotCommand:
    @pytest.mark.parametrize(
        "argv",
        [
            ["figure2", "--rows", "25"],
            ["figure9", "--g", "30", "--rows", "3000"],
            ["figure10", "--rows", "200"],
            ["heatmap", "wythoff", "--size", "20"],
            ["heatmap", "fibonacci-nim", "--size", "12"],
        ],
    )
    def test_writes_png(self, argv: list[str], tmp_path: Path) -> None:
        out = tmp_path / "out.png"
        assert main(["plot", *argv, "--quiet", "--out", str(out)]) == 0
        assert_png(out)

    def test_figure9_from_saved_experiment(
        self, tmp_path: Path, capsys: pytest.CaptureFixture[str]
    ) -> None:
        run_dir = tmp_path / "dn"
        code = main(
            [
                "experiment",
                "dn-histogram",
                "--g",
                "30",
                "--rows",
                "2000",
                "--workers",
                "0",
                "--quiet",
                "--out",
                str(run_dir),
            ]
        )
        assert code == 0
        capsys.readouterr()
        out = tmp_path / "f9.png"
        assert (
            main(
                [
                    "plot",
                    "figure9",
                    "--g",
                    "30",
                    "--input",
                    str(run_dir),
                    "--json",
                    "--out",
                    str(out),
                ]
            )
            == 0
        )
        details = json.loads(capsys.readouterr().out)
        # Every 30-point with a < 2000 is counted once.
        assert details["points"] == len(plots.t_sequences(30, 2000, [30])[30])
        assert_png(out)

    @pytest.mark.parametrize(
        "payload",
        [
            {"histogram": {"0": 5, "3": 2, "45": 1}},
            {"histograms": {"10": [[0, 5], [3, 2], [45, 1]]}, "parameters": {"rows": 1000}},
            {
                "name": "nivasch-table5",
                "parameters": {"rows": 1000},
                "columns": ["g", "rows_to_convergence", "count"],
                "table": [[10, 0, 5], [10, 3, 2], [10, 45, 1], [9, 7, 100]],
            },
        ],
    )
    def test_figure11_input_formats(self, payload: dict[str, object], tmp_path: Path) -> None:
        source = tmp_path / "conv.json"
        source.write_text(json.dumps(payload))
        histogram, _ = load_convergence_histogram(str(source), 10)
        assert histogram == [(0, 5), (3, 2), (45, 1)]
        out = tmp_path / "f11.png"
        assert main(["plot", "figure11", "--input", str(source), "--out", str(out)]) == 0
        assert_png(out)

    def test_figure11_computes_without_input(self, tmp_path: Path) -> None:
        out = tmp_path / "f.png"
        argv = ["plot", "figure11", "--g", "2", "--rows", "3000", "--out", str(out), "--quiet"]
        assert main(argv) == 0
        assert_png(out)

    def test_bad_inputs_exit_2(self, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
        assert main(["plot", "figure2", "--out", str(tmp_path / "f.svg")]) == 2
        assert main(["plot", "heatmap", "nim", "--out", str(tmp_path / "h.png")]) == 2
        assert (
            main(
                [
                    "plot",
                    "figure11",
                    "--input",
                    str(tmp_path / "missing.json"),
                    "--out",
                    str(tmp_path / "f.png"),
                ]
            )
            == 2
        )
        err = capsys.readouterr().err
        assert "must end in .png" in err and "no such file" in err


def test_titles_render_the_notation_as_math() -> None:
    """Issue 38 item 6: T_0, T_g and d_n^g are mathtext in the titles, labels and legends
    (matplotlib typesets them: the figure draws, and the text's math is parsed)."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg
    from matplotlib.mathtext import MathTextParser

    from grundy import plot

    figures = {
        "figure2": plot.figure2(rows=10, g=3),
        "figure9": plot.figure9([(-3, 2), (0, 5), (4, 1)], g=30, rows=100),
        "figure10": plot.figure10(rows=20, g=5),
    }
    parser = MathTextParser("agg")
    for name, figure in figures.items():
        axes = figure.axes[0]
        texts = [axes.get_title(), axes.get_xlabel()]
        legend = axes.get_legend()
        texts += [t.get_text() for t in legend.get_texts()] if legend is not None else []
        maths = [part for text in texts for part in text.split("$")[1::2]]
        assert maths, (name, texts)
        for math in maths:
            parser.parse(f"${math}$", dpi=72)  # raises ValueError on bad mathtext
        FigureCanvasAgg(figure).draw()
    assert "$T_0$" in figures["figure2"].axes[0].get_title()
    assert "$T_{3}$" in figures["figure2"].axes[0].get_title()
    assert "$d_n^g - n$" in figures["figure9"].axes[0].get_title()
