"""The harness ``python -m benchmarks``: it runs and prints its table (no speed is asserted).

A smoke run of one cheap constant in a fresh process (its row, its ratio
parses), the options, and that every measured speed constant of the
layers is one of the table's rows (a constant added beside a kernel must
join the table, or the set of targets below).
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

from benchmarks.constants import CONSTANTS, Measured, in_code

ROOT = Path(__file__).resolve().parents[1]
#: A cheap constant: the spec solver on a small position (a fraction of a second).
CHEAP = "spec.solver.VISITS_PER_SECOND"
#: Names that look like speeds but are targets, budgets or limits (nothing to measure).
#: Not speeds of a cost model: targets, budgets, limits and ages (a stale temporary file's);
#: FOLLOWER_SECONDS sizes the spread of a plugin rule's check, a budget of the check itself.
#: CHECKPOINT_SECONDS is a checkpoint's interval, SQUARE_FACTOR a ratio of sizes.
NOT_MEASURED = {"BLOCK_SECONDS", "BUDGET_SECONDS", "SQUARE_FACTOR_LIMIT", "UNNAMED_STALE_SECONDS",
                "FOLLOWER_SECONDS", "CONFIRM_SECONDS", "QUICK_SECONDS",
                "CHECKPOINT_SECONDS", "SQUARE_FACTOR"}  # fmt: skip
#: Modules whose upper-case names are not speeds: floor.config declares environment
#: variables, not measured speeds.
NOT_SPEEDS = {"floor.config"}
SPEED = re.compile(
    r"^((?=[A-Z])[A-Z0-9_]*(?:SECONDS|PER_SECOND|_RATE|SPEEDUP|_FACTOR)[A-Z0-9_]*)\s*(?::[^=\n]*)?=",
    re.MULTILINE,
)


def harness(*args: str) -> subprocess.CompletedProcess[str]:
    env = dict(
        os.environ, PYTHONPATH=os.pathsep.join([str(ROOT), os.environ.get("PYTHONPATH", "")])
    )
    return subprocess.run(
        [sys.executable, "-m", "benchmarks", *args],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=300,
    )  # fmt: skip


def test_quick_run_of_one_constant_prints_its_row() -> None:
    done = harness("--quick", "--only", "VISITS_PER_SECOND")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert lines[0].startswith("Speed constants re-measured: ")
    assert "cores" in lines[0] and "numba" in lines[0]
    assert lines[1].split()[:5] == ["constant", "unit", "in", "code", "measured"]
    row = next(line for line in lines if line.startswith(CHEAP)).split()
    in_code_value, measured, ratio = (float(v) for v in row[2:5])
    assert in_code_value == in_code(CHEAP) and measured > 0 and ratio > 0


def test_markdown_and_json() -> None:
    done = harness("--quick", "--only", CHEAP, "--json")
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    (item,) = data["constants"]
    assert item["constant"] == CHEAP and item["ratio"] == item["value"] / item["in_code"]
    from benchmarks.__main__ import Row, markdown

    row = Row(CHEAP, "visits/s", in_code(CHEAP), _measured(item), True)
    text = markdown([row], data["machine"], quick=True)
    assert text.startswith("## Performance\n") and data["machine"] in text
    assert f"| `{CHEAP}` |" in text and "--quick" in text


def _measured(item: dict[str, Any]) -> Measured:
    keys = ("value", "workload", "seconds", "baseline", "baseline_name", "compile_seconds")
    return Measured(**{k: item[k] for k in keys})


def test_help_and_unknown_constant() -> None:
    done = harness("--help")
    assert done.returncode == 0
    for option in ("--quick", "--only", "--markdown", "--json", "--list"):
        assert option in done.stdout
    refused = harness("--only", "NO_SUCH_CONSTANT")
    assert refused.returncode == 2 and "unknown constant NO_SUCH_CONSTANT" in refused.stderr


def test_every_speed_constant_is_in_the_table() -> None:
    paths = {c.path for c in CONSTANTS}
    assert len(paths) == len(CONSTANTS)
    for path in paths:
        assert in_code(path) > 0, path
    found = set()
    for layer in ("spec", "reference", "fast", "registry"):
        for source in sorted((ROOT / layer).rglob("*.py")):
            module = ".".join(source.relative_to(ROOT).with_suffix("").parts)
            module = module.removesuffix(".__init__")
            if module in NOT_SPEEDS:
                continue
            for name in SPEED.findall(source.read_text()):
                if name not in NOT_MEASURED:
                    found.add(f"{module}.{name}")
    missing = {p for p in found if p not in paths and not _reexported(p, paths)}
    assert not missing, f"measured speed constants not in benchmarks/constants.py: {missing}"


def _reexported(path: str, paths: set[str]) -> bool:
    """A name found in a private submodule (fast/strip/_x.py) and listed by its public path."""
    module, name = path.rsplit(".", 1)
    return any(p.endswith(f".{name}") and module.startswith(p.rsplit(".", 1)[0]) for p in paths)
