"""A lighter install (issue 48): figures and Dask are extras; the commands that need one say
which, in one line with exit code 2, and the rest runs without them."""

from __future__ import annotations

import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

# Runs the command line in a fresh interpreter where the named modules cannot be imported
# (None in sys.modules: what Python does for a module that is not installed).
BLOCKED = """
import sys
for name in sys.argv[1].split(","):
    sys.modules[name] = None
from grundy.cli import main
sys.exit(main(sys.argv[2:]))
"""


def _run_without(modules: str, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-c", BLOCKED, modules, *args],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=ROOT,
    )


def test_the_required_dependencies_leave_out_the_extras() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    required = " ".join(project["dependencies"])
    for optional in ("matplotlib", "dask", "sympy"):
        assert optional not in required
    extras = project["optional-dependencies"]
    assert any("matplotlib" in spec for spec in extras["plots"])
    assert any("dask[distributed]" in spec for spec in extras["dask"])
    assert extras["all"] == ["grundy-wythoff[plots,dask]"]
    assert "grundy-wythoff[all]" in extras["test"]  # the README's test command installs all


def test_a_figure_without_matplotlib_names_the_plots_extra(tmp_path: Path) -> None:
    done = _run_without("matplotlib", "plot", "figure10", "--out", str(tmp_path / "f.png"))
    assert done.returncode == 2, done.stderr
    assert done.stderr.strip().splitlines() == [
        "grundy plot: error: figures need matplotlib: pip install 'grundy-wythoff[plots]' "
        "(the 'plots' extra)"
    ]


def test_a_parallel_experiment_without_dask_names_the_dask_extra(tmp_path: Path) -> None:
    done = _run_without(
        "dask,distributed", "experiment", "beatty-partition", "--out", str(tmp_path / "r")
    )
    assert done.returncode == 2, done.stderr
    (line,) = done.stderr.strip().splitlines()
    assert "pip install 'grundy-wythoff[dask]'" in line
    assert "--workers 0" in line


@pytest.mark.parametrize(
    "args",
    [("value", "wythoff", "3,5"), ("period", "octal:0.07", "--json")],
    ids=["value", "period"],
)
def test_the_core_commands_run_without_the_extras(args: tuple[str, ...]) -> None:
    done = _run_without("matplotlib,dask,distributed,sympy", *args)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip()
