"""grundy experiment larsson-blocking: its chunks, its resumption, its figure."""

from __future__ import annotations

from pathlib import Path

import pytest

from grundy.cli import main
from grundy.cli.experiments import ExperimentResult
from grundy.cli.experiments.larsson_blocking import compute, run_chunk, validate_chunk
from registry import ask


def test_a_chunk_measures_the_p_positions_of_its_k() -> None:
    chunk = run_chunk({"k": 4, "rows": 2000})
    assert chunk["per_row"] == 4 and validate_chunk({"k": 4, "rows": 2000}, chunk) is None
    # The window 1000 <= x < 2000 of the largest scale, counted from the question's answer.
    pairs = [(a, b) for a, b in ask("p-positions", "blocking-wythoff:4", rows=2000).pairs(0)]
    window = [b / a for a, b in pairs if 1000 <= a < 2000]
    (cluster,) = chunk["scales"][-1]["clusters"]
    mean, low, high, per_row = cluster
    assert low == min(window) and high == max(window)
    assert per_row == len(window) / 1000
    assert abs(mean - sum(window) / len(window)) < 1e-12


def test_a_chunk_of_other_parameters_is_not_reused() -> None:
    chunk = run_chunk({"k": 3, "rows": 400})
    assert "k = 3" in str(validate_chunk({"k": 5, "rows": 400}, chunk))


def test_bad_k_is_refused() -> None:
    with pytest.raises(ValueError, match="--k must be >= 1"):
        compute(range(0, 3), 1000, workers=0, quiet=True)


def test_the_run_resumes_and_draws(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "run"
    argv = ["experiment", "larsson-blocking", "--k", "4..5", "--rows", "2000",
            "--workers", "0", "--quiet", "--out", str(out)]  # fmt: skip
    assert main(argv) == 0
    first = capsys.readouterr().out
    assert "k =  4:" in first and "1 + sqrt(2)" in first
    assert main(argv) == 0  # every chunk reused
    assert capsys.readouterr().out == first
    result = ExperimentResult.from_json((out / "result.json").read_text())
    assert [row["k"] for row in result.comparison] == [4, 5]
    png = tmp_path / "blocking.png"
    assert main(["plot", "larsson-blocking", "--input", str(out), "--out", str(png)]) == 0
    assert png.stat().st_size > 1000


def test_the_printed_lines_come_from_one_renderer() -> None:
    from grundy.cli.experiments.larsson_blocking import printed_table

    table = [[4, 100, 2.4145, 2.4137, 2.4156, 2.8284], [4, 10, 2.5, 2.4, 2.6, 1.0],
             [12, 100, 2.0, 1.999, 2.0, 1.0], [12, 100, 2.5, 2.5, 2.503, 3.0]]  # fmt: skip
    result = ExperimentResult("larsson-blocking", {}, ["k"] * 6, table,
                              comparison=[{"k": 4}, {"k": 12}])  # fmt: skip
    assert str(printed_table(result, 100)).splitlines() == [
        "k =  4: 2.414500 [2.413700, 2.415600] 2.828 (1 + sqrt(2))",
        "k = 12: 2.000000 [1.999000, 2.000000] 1.000 (2); "
        "2.500000 [2.500000, 2.503000] 3.000 (5/2)",
    ]
