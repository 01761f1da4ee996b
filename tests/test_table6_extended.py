"""nivasch-table6 extended: several n, g past 20 by one RW run, two independent margins,
and RW against WSG for every h <= 30 (000 §3.4-3.7, Table 6)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from grundy.cli import main
from grundy.cli.experiments import nivasch_table6
from grundy.cli.experiments.nivasch_table6 import run_experiment, rw_vs_wsg

#: A convergence constant for all h <= 30: twice the observed maximum of
#: rows to convergence for g <= 30, start rows <= 10^4 (docs/results.md).
R30 = 22500


def _check_run_moves_p2(monkeypatch: pytest.MonkeyPatch) -> None:
    """The check run's RW (the one with R > 1000, twice the main run's R = 600) moves
    p_n^2 by one: the two runs disagree at g = 2."""
    real = nivasch_table6._rw

    def fake(g: int, n: int, L: int, H: int, R: int, *, all_h: bool = False) -> Any:
        points = real(g, n, L, H, R, all_h=all_h)
        if R > 1000:  # the check run (2 R): move p_n^2
            points[2] = (points[2][0] + 1, points[2][1])
        return points

    monkeypatch.setattr(nivasch_table6, "_rw", fake)


def test_one_run_equals_one_run_per_g() -> None:
    per_g = run_experiment(6, [10**12, 10**9])
    one = run_experiment(6, [10**12, 10**9], one_run=True)
    assert [r[:6] for r in per_g.table] == [r[:6] for r in one.table]
    assert per_g.agrees and one.agrees and len(one.comparison) == 7


def test_reported_only_where_both_runs_agree(monkeypatch: pytest.MonkeyPatch) -> None:
    _check_run_moves_p2(monkeypatch)
    result = run_experiment(3, 10**12, check=True, one_run=True, R=600)
    assert [row[7] for row in result.table] == [True, True, False, True]
    assert result.table[2][2:6] == [None, None, None, None]
    assert not result.agrees  # the paper's g = 2 is not confirmed


def test_offsets_are_from_floor_n_phi() -> None:
    result = run_experiment(0, [10**15])
    n, _g, a, b, da, db = result.table[0][:6]
    assert (a - da, b - db - n) == (1618033988749894, 1618033988749894)


def test_rw_agrees_with_wsg_for_every_h_le_30() -> None:
    rng = random.Random(11)
    ns = [0, 1, 2, *(rng.randrange(10**5) for _ in range(4)), 10**5]
    entries = rw_vs_wsg(30, ns, R=R30)
    assert all(e["agrees"] for e in entries), [e for e in entries if not e["agrees"]]
    assert len(entries) == len(set(ns)) and all(len(e["wsg"]) == 31 for e in entries)


def test_rw_vs_wsg_detects_a_wrong_rw(monkeypatch: pytest.MonkeyPatch) -> None:
    real = nivasch_table6._rw

    def off(g: int, n: int, L: int, H: int, R: int, *, all_h: bool = False) -> Any:
        points = real(g, n, L, H, R, all_h=all_h)
        points[-1] = (points[-1][0], points[-1][1] + 1)
        return points

    monkeypatch.setattr(nivasch_table6, "_rw", off)
    assert not rw_vs_wsg(2, [100], R=200)[0]["agrees"]


def test_cli(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["experiment", "nivasch-table6", "--gmax", "21", "--one-run", "--check", "--quiet"]
    assert main([*argv, "--R", "9000", "--n", "10**12"]) == 0
    text = capsys.readouterr().out
    assert "21/21 rows agree" in text and "all equal" in text
    assert main(["experiment", "nivasch-table6", "--gmax", "21"]) == 2  # needs --R


def test_committed_table_is_stable_and_does_not_drift() -> None:
    """data/table6: every value agreed at 2R, L-5, H+5; n = 10^15 recomputed now is the same."""
    import json
    from pathlib import Path

    path = Path(__file__).resolve().parents[1] / "data" / "table6"
    data = json.loads((path / "table6_g30_n1e12_1e15_1e18.json").read_text())
    columns = data["columns"]
    rows = [dict(zip(columns, row, strict=True)) for row in data["table"]]
    assert len(rows) == 93 and all(r["stable"] for r in rows)
    assert all(c["agrees"] for c in data["comparison"]) and len(data["comparison"]) == 21
    again = nivasch_table6._rw(30, 10**15, -15, 15, data["parameters"]["R"], all_h=True)
    assert [(r["a"], r["b"]) for r in rows if r["n"] == 10**15] == again


def test_convergence_maxima_behind_r30() -> None:
    """data/table5: the maxima that set R (and the new g = 4 maximum) re-derived from their r0."""
    import json
    from pathlib import Path

    from grundy.cli.experiments.nivasch_table5 import run_chunk

    path = Path(__file__).resolve().parents[1] / "data" / "table5"
    data = json.loads((path / "convergence_g21_30_r0_1e4.json").read_text())
    maxima = {row[0]: (row[1], row[2]) for row in data["table"]}
    assert max(m for m, _ in maxima.values()) == maxima[30][0] == 11235
    assert R30 >= 2 * 11235 + 10
    for g, (mx, r0) in maxima.items():
        if g in (21, 30):
            assert run_chunk(g, r0, r0 + 1, 40000)["max"] == mx
    assert run_chunk(4, 7810448, 7810449)["max"] == 203  # past the paper's 10^6: 180
    assert run_chunk(20, 896721, 896722)["max"] == 4136  # 000 Table 5, g = 20


def test_the_printed_lines(monkeypatch: pytest.MonkeyPatch) -> None:
    """Per n, a line per g through grundy.display.ResultTable: ours, the paper's at n = 10^12
    (marked where it differs), and the check's verdict; where the runs disagree, both."""
    _check_run_moves_p2(monkeypatch)
    result = run_experiment(2, [10**12, 100], check=True, one_run=True, R=600)
    assert str(nivasch_table6.printed_table(result, 10**12, True)).splitlines() == [
        "g= 0  ours (a+49, b+49)  paper (a+49, b+49)  check: same",
        "g= 1  ours (a+50, b+50)  paper (a+50, b+50)  check: same",
        "g= 2  runs disagree: [[1618033988749, 2618033988750], [1618033988750, 2618033988750]]"
        "  paper (a+49, b+50)  * differs",
    ]
    assert str(nivasch_table6.printed_table(result, 100, False)).splitlines() == [
        "g= 0  (161, 261)  offsets (+0, +0)",
        "g= 1  (162, 262)  offsets (+1, +1)",
        "g= 2  runs disagree: [[161, 262], [162, 262]]",
    ]
