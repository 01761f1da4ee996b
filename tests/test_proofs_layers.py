"""The automaticity map's three-pile rows (issue 45; proofs_check.automaticity_layers):
a layer per first pile, its class counts, the shipped rows for a = 11.. not automatic."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

import spec
from proofs_check import automaticity, automaticity_layers
from proofs_check.automaticity import MAP, Setting, markdown


def _layer_brute(a: int, top: int) -> set[tuple[int, int]]:
    """The P-positions (a, b, c), b, c < top, by the spec's own recursion (followers)."""
    game = spec.get_game("fraenkel-wythoff3")
    p: set[tuple[int, int, int]] = set()
    for x in range(a + 1):
        for total in range(2 * top):
            for y in range(max(0, total - top + 1), min(total, top - 1) + 1):
                z = total - y
                if not any(f in p for f in game.followers((x, y, z))):
                    p.add((x, y, z))
    return {(y, z) for x, y, z in p if x == a}


def test_small_window_rows_match_the_spec() -> None:
    rows = automaticity_layers.layer_entries(Setting("fraenkel-wythoff3", 8, 3), 2)
    assert [r["layer"] for r in rows] == [0, 1, 2]
    assert rows[0]["states"] == 8 and "not proved" in rows[0]["result"]  # Wythoff's P-set
    assert rows[1]["result"] == "not automatic within 55 rows"
    for r in rows:  # the pairs the learner saw are the spec's layer on the window
        assert r["pairs"] == len(_layer_brute(r["layer"], 55))
        assert r["counts"][0] == 1 and all(np.diff(r["counts"]) >= 0)


def test_run_writes_the_layers_once(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(automaticity_layers, "LAYERS", 1)
    out = tmp_path / "map.json"
    setting = [Setting("fraenkel-wythoff3", 7, 3)]
    assert automaticity.run(setting, [0], out, 60.0) == 0
    first = json.loads(out.read_text())["entries"]
    assert [e["layer"] for e in first] == [0, 1]
    assert {e["game"] for e in first} == {"fraenkel-wythoff3"}
    assert automaticity.run(setting, [0], out, 60.0) == 0  # resumed: nothing new
    assert json.loads(out.read_text())["entries"] == first
    assert "a=1: not automatic" in capsys.readouterr().out


def test_shipped_rows_past_the_paper_are_not_automatic() -> None:
    found = json.loads(MAP.read_text())
    layers = {e["layer"]: e for e in found["entries"] if e["game"] == "fraenkel-wythoff3"}
    assert sorted(layers) == list(range(automaticity_layers.LAYERS + 1))
    for a in range(11, automaticity_layers.LAYERS + 1):
        e = layers[a]
        assert e["result"] == "not automatic within 6765 rows" and "states" not in e
        assert e["counts"][-1] > e["counts"][-2] > e["counts"][-3]  # still growing
    assert layers[0]["states"] == 8
    table = markdown({"entries": [layers[11]]})
    assert "| `fraenkel-wythoff3`, a = 11 | 0 | not automatic within 6765 rows" in table
