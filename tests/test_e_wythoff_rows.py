"""E-Wythoff's rows certified through its stated ``row_shifts`` (docs/strip.md).

The plugin is the worked example of docs/adding-a-game.md (level (b)) with
the method of the section "Certified row periods: stating the row shifts"
added to its class, written into an empty directory and run as a user would.
The certified periods are compared with the apparent periods of a long table
computed from the list form (``my-e-wythoff-list``: its extra followers written
one by one, a separate compiled rule) and, on a short row, with the spec.
A tampered statement and a missing one leave the rows ``apparent``.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import numpy as np
import pytest
from plugin_module import imported_plugin, plugin_env

import spec
from reference.structure import additive_period
from registry import ask
from registry.rows import row_certificate

ROOT = Path(__file__).resolve().parents[1]
DOC = ROOT / "docs" / "adding-a-game.md"
FENCE = re.compile(r"```(\w+)\n(.*?)```", re.S)
METHOD_MARK = "# add to class EWythoff in e_wythoff.py\n"


def plugin_source(method: str | None = None) -> str:
    """The doc's ``e_wythoff.py`` with ``method`` (default: the doc's row_shifts) in EWythoff."""
    blocks = [body for kind, body in FENCE.findall(DOC.read_text()) if kind == "python"]
    (source,) = [b for b in blocks if b.startswith("# file: e_wythoff.py\n")]
    if method is None:
        (block,) = [b for b in blocks if b.startswith(METHOD_MARK)]
        method = block.removeprefix(METHOD_MARK)
    anchor = "\n\n@spec.register_game\nclass EWythoffList"
    assert anchor in source and "class EWythoff(" in source
    return str(source).replace(anchor, "\n" + method.rstrip() + "\n" + anchor)


def _grundy(directory: Path, *args: str) -> dict[str, object]:
    done = subprocess.run(
        [sys.executable, "-m", "grundy", *args, "--json"],
        cwd=directory,
        env=plugin_env(directory, "e_wythoff"),
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr
    result: dict[str, object] = json.loads(done.stdout)
    return result


@pytest.fixture
def plugin(tmp_path: Path) -> Iterator[ModuleType]:
    """The plugin with its row_shifts, imported here (its games unregistered afterwards)."""
    with imported_plugin(tmp_path, "e_wythoff", plugin_source()) as module:
        yield module


def test_period_says_certified_from_the_plugin(tmp_path: Path, plugin: ModuleType) -> None:
    """``grundy period my-e-wythoff --row 12`` in the plugin's directory, against a long table."""
    found = _grundy(
        tmp_path, "period", "my-e-wythoff", "--row", "12", "--compute", "--values", "999"
    )
    assert found["status"] == "certified", found["certificate"]
    assert "row bounds from the stated row_shifts, checked against followers()" in str(
        found["certificate"]
    )
    row = np.asarray(ask("grundy-block", "my-e-wythoff-list", rows=13, cols=6000))[12]
    apparent = additive_period(row)
    assert apparent is not None
    assert (found["preperiod"], found["period"], found["saltus"]) == (
        apparent.preperiod,
        apparent.period,
        apparent.saltus,
    )
    values = found["values"]
    assert isinstance(values, list) and values == row[: len(values)].tolist()


def test_certified_rows_equal_a_long_tables_apparent_periods(plugin: ModuleType) -> None:
    rows, cols = 13, 6000
    cert = row_certificate(spec.get_game("my-e-wythoff"), rows)
    table = np.asarray(ask("grundy-block", "my-e-wythoff-list", rows=rows, cols=cols))
    for k in range(rows):
        apparent = additive_period(table[k])
        assert apparent is not None, k
        found = cert.periodicities[k]
        assert (apparent.preperiod, apparent.period, apparent.saltus) == tuple(found), k


def test_a_short_row_against_the_spec(plugin: ModuleType) -> None:
    game = spec.get_game("my-e-wythoff")
    mu, p, s = row_certificate(game, 6).periodicities[5]
    values = spec.grundy_table(game, 6, mu + 4 * p)[5]
    assert all(values[y + p] == values[y] + s for y in range(mu, mu + 3 * p))
    if mu > 0:
        assert values[mu - 1 + p] != values[mu - 1] + s  # the least preperiod
    for q in range(1, p):  # the least period
        if p % q == 0:
            d = [values[y + q] - values[y] for y in range(mu, mu + 3 * p)]
            assert len(set(d)) > 1, q


ATLAS = ROOT / "registry" / "atlas" / "e-wythoff_rows_0_30.json"


@pytest.mark.parametrize("rows", [pytest.param(13), pytest.param(31, marks=pytest.mark.slow)])
def test_the_atlas_recomputed(plugin: ModuleType, rows: int) -> None:
    """registry/atlas/e-wythoff_rows_0_30.json: rows 0..12 (all 31 under -m slow) recomputed."""
    data = json.loads(ATLAS.read_text())
    assert (
        data["parameters"]["game"] == "e-wythoff" and "row_shifts" in data["parameters"]["plugin"]
    )
    assert len(data["comparison"]) >= 9 and all(c["agrees"] for c in data["comparison"])
    found = row_certificate(spec.get_game("my-e-wythoff"), rows)
    for line in data["table"][:rows]:
        assert [*found.periodicities[line[0]]] == line[1:4], line[0]


@pytest.mark.parametrize(
    "method, reason",
    [
        (None, "its move_rays are only part of its rule"),  # no statement: Wythoff's rays only
        (
            "    def row_shifts(self, x):\n"
            "        return x + 1, [range(d) for d in range(1, x + 1)]\n",
            "the stated row_shifts are false: the followers of (1, 2) in row 0",
        ),
    ],
)
def test_a_missing_or_false_statement_stays_apparent(
    tmp_path: Path, method: str | None, reason: str
) -> None:
    (tmp_path / "e_wythoff.py").write_text(plugin_source("" if method is None else method))
    found = _grundy(tmp_path, "period", "my-e-wythoff", "--row", "6")
    assert found["status"] == "apparent"
    assert reason in str(found["certificate"]), found["certificate"]
