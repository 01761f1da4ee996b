"""fast.fsw and fast.rw against the references, WSG and 000 Tables 5 and 6."""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import numpy as np
import pytest
from hypothesis import example, given
from hypothesis import strategies as st

import fast.fsw as ffsw
import fast.rw as frw
import reference.fsw as rfsw
import reference.rw as rrw
from reference.beatty import index0
from reference.wsg import wsg

DATA = Path(__file__).resolve().parents[1] / "reference" / "data"
_WSG = wsg(4, 6000)


@pytest.mark.nojit
def test_convergence_small_kernel() -> None:
    assert ffsw.convergence_times(1, 0, 13).tolist() == [0, 2, 1, 0, 6, 1, 0, 0, 0, 0, 0, 0, 11]
    assert ffsw.convergence_times(2, 5, 9, horizon=50).tolist() == rfsw.convergence_times(
        2, 5, 9, horizon=50
    )


@pytest.mark.nojit
def test_rw_small_kernel() -> None:
    assert [frw.nth_gvalue(2, n) for n in range(30)] == _WSG.T[2][:30]
    assert frw.nth_gvalue(1, 700) == _WSG.T[1][700]  # one recursion level


@given(
    g=st.integers(0, 4),
    start=st.integers(0, 400),
    length=st.integers(0, 60),
    horizon=st.integers(0, 80),
)
@example(g=1, start=2190, length=20, horizon=60)  # contains Table 5's r0 = 2201
@example(g=3, start=0, length=60, horizon=5)  # many runs cut by the horizon
def test_convergence_times_match_reference(g: int, start: int, length: int, horizon: int) -> None:
    stop = start + length
    ref = rfsw.convergence_times(g, start, stop, horizon)
    got = ffsw.convergence_times(g, start, stop, horizon).tolist()
    assert got == ref
    assert ffsw.convergence_times(g, start, stop, horizon, merge=False).tolist() == ref


@given(g=st.integers(0, 5), cuts=st.lists(st.integers(0, 3000), max_size=5))
def test_convergence_times_chunks_concatenate(g: int, cuts: list[int]) -> None:
    bounds = [0, *sorted(cuts), 3000]
    whole = ffsw.convergence_times(g, 0, 3000)
    parts = [ffsw.convergence_times(g, lo, hi) for lo, hi in itertools.pairwise(bounds)]
    assert np.array_equal(np.concatenate(parts), whole)


def test_true_rows_match_reference_states() -> None:
    g, rows = 4, 500
    t = ffsw.true_rows(g, rows)
    for r in range(0, rows, 7):
        index, firstd, ocdiag, occol = t.state_sets(r)
        s = rfsw.true_state(g, r, _WSG)
        i0 = index0(r)
        assert [x - i0 for x in index] == s.n_index
        assert [x - i0 for x in firstd] == s.n_firstd
        assert [frozenset(x - i0 for x in o) for o in ocdiag] == s.n_ocdiag
        assert [frozenset(x - i0 for x in o) for o in occol] == s.n_occol
        assert {h for h in range(g + 1) if (int(t.insert[r]) >> h) & 1} == rfsw.insert(g, r, _WSG)


@given(g=st.integers(0, 4), n=st.integers(0, 3500))
@example(g=4, n=3)
@example(g=3, n=3499)
def test_fast_rw_matches_wsg_and_reference(g: int, n: int) -> None:
    got = frw.nth_gvalue(g, n)
    assert got == _WSG.T[g][n]
    assert got == rrw.nth_gvalue(g, n)


@given(g=st.integers(0, 3), r1=st.integers(0, 3000), width=st.integers(0, 30))
def test_fast_gvalues_matches_reference(g: int, r1: int, width: int) -> None:
    index, points = frw.gvalues(g, r1, r1 + width)
    rindex, rpoints = rrw.gvalues(g, r1, r1 + width)
    assert index.tolist() == rindex
    assert [tuple(p) for p in points.tolist()] == [tuple(p) for p in rpoints]


def test_nth_gvalues_all_h() -> None:
    assert frw.nth_gvalues(4, 2500) == [_WSG.T[h][2500] for h in range(5)]


@given(g=st.integers(0, 4), n=st.integers(0, 3500))
@example(g=4, n=3499)  # recursion (R_4 = 480)
@example(g=0, n=0)
def test_nth_gvalues_fast_reference_per_h_and_wsg(g: int, n: int) -> None:
    """One RW run for all h <= g: reference twin, the per-h path and WSG agree."""
    got = frw.nth_gvalues(g, n)
    assert got == rrw.nth_gvalues(g, n)
    assert got == [_WSG.T[h][n] for h in range(g + 1)]
    assert got == [frw.nth_gvalue(h, n) for h in range(g + 1)]
    assert got[g] == frw.nth_gvalue(g, n)


def test_nth_gvalues_against_fast_wsg_deep() -> None:
    """n where the recursion has several levels, against Algorithm WSG (fast.wsg)."""
    from fast.wsg import wsg as fast_wsg

    table = fast_wsg(6, 170_000)
    for n in (50_000, 99_999, 100_000):
        assert frw.nth_gvalues(6, n) == [table.T[h][n] for h in range(7)]


class TestRefusedConstants:
    """--R 0 printed p_100000^3 = (161803, 261805); the right value is (161804, 261804)."""

    RIGHT = (161804, 261804)

    def test_r0_was_wrong(self, monkeypatch: pytest.MonkeyPatch) -> None:
        monkeypatch.setattr(frw, "check_parameters", lambda *args: None)
        assert frw.nth_gvalue(3, 100_000, R=0) == (161803, 261805) != self.RIGHT

    @pytest.mark.parametrize("func", [frw.nth_gvalue, frw.nth_gvalues, rrw.nth_gvalues])
    def test_r0_refused(self, func: object) -> None:
        with pytest.raises(ValueError, match=r"R = 0 is below 140"):
            func(3, 100_000, R=0)  # type: ignore[operator]

    def test_right_value(self) -> None:
        assert frw.nth_gvalue(3, 100_000) == self.RIGHT
        assert frw.nth_gvalues(3, 100_000)[3] == self.RIGHT
        assert frw.nth_gvalue(3, 100_000, R=rrw.min_R(3)) == self.RIGHT

    def test_fast_refuses_like_reference(self) -> None:
        with pytest.raises(ValueError, match=r"^gvalues: L = 0 is above -1"):
            frw.gvalues(0, 5, 9, L=0)
        with pytest.raises(ValueError, match=r"^gvalues: H = 13 is below 14"):
            frw.gvalues(20, 5, 9, H=13)

    def test_cli(self, capsys: pytest.CaptureFixture[str]) -> None:
        from grundy.cli import main

        for extra in ([], ["--impl", "reference.rw"], ["--only"]):
            assert main(["gvalues", "--g", "3", "--n", "100000", "--R", "0", *extra]) == 2
            err = capsys.readouterr().err
            assert "R = 0 is below 140" in err and err.count("\n") == 1
        assert main(["gvalues", "--g", "3", "--n", "100000", "--json"]) == 0
        points = json.loads(capsys.readouterr().out)["points"]
        assert points["3"] == list(self.RIGHT) and len(points) == 4
        assert main(["gvalues", "--g", "3", "--n", "100000", "--only", "--json"]) == 0
        assert json.loads(capsys.readouterr().out)["points"] == {"3": list(self.RIGHT)}


def _table6() -> dict:  # type: ignore[type-arg]
    return json.loads((DATA / "nivasch_000_table6.json").read_text())  # type: ignore[no-any-return]


def test_table6_small_g() -> None:
    """000 Table 6, g <= 6 (conditional on Conjecture 3.10, like the paper's)."""
    data = _table6()
    for g, da, db in data["rows"][:7]:
        assert frw.nth_gvalue(g, data["n"]) == (data["a"] + da, data["b"] + db)


@pytest.mark.slow
def test_table6_all_rows_and_stable_at_2R() -> None:
    data = _table6()
    for g, da, db in data["rows"]:
        want = (data["a"] + da, data["b"] + db)
        assert frw.nth_gvalue(g, data["n"]) == want
        assert frw.nth_gvalue(g, data["n"], -20, 20, 2 * rrw.default_R(g)) == want


@pytest.mark.slow
def test_fast_rw_against_wsg_to_1e5() -> None:
    """RW (recursion, dummy states) against plain WSG from row 0 for n < 10^5.

    reference.wsg is quadratic in the rows, so the WSG side here is fast.rw's
    base case (FSW's step with the true symbols from row 0, no recursion),
    itself checked against reference.wsg above; reference.rw joins at a few n.
    """
    rows = 165_000
    _, points = frw.gvalues(3, 0, rows, R=10**9)  # R > rows: RW line 5 (WSG) only
    table = {h: points[points[:, 0] == h][:, 2:] for h in range(4)}
    for g in range(4):
        assert table[g][:3000].tolist() == [list(p) for p in _WSG.T[g][:3000]]
        for n in range(0, 100_000, 997):
            assert frw.nth_gvalue(g, n) == tuple(table[g][n].tolist())
        for n in (99_999, 65_537, 31_415):
            assert rrw.nth_gvalue(g, n) == tuple(table[g][n].tolist())


@pytest.mark.slow
def test_table5_g10_first_1e5_rows() -> None:
    times = ffsw.convergence_times(10, 0, 100_001)
    assert (times >= 0).all()
    assert times.max() < 909  # Table 5's g = 10 maximum lies further out (r0 = 443109)


def test_errors_and_overflow() -> None:
    with pytest.raises(
        ValueError, match=r"convergence_times: r0_stop must be >= 5 \(r0_stop = 4\)"
    ):
        ffsw.convergence_times(1, 5, 4)
    with pytest.raises(ValueError, match=r"g must be <= 62 \(g = 63\)"):
        ffsw.convergence_times(63, 0, 4)
    with pytest.raises(ValueError, match="true_rows: rows must be an int"):
        ffsw.true_rows(1, 2.0)  # type: ignore[arg-type]
    with pytest.raises(OverflowError, match="n = 10000000000000000000 is beyond"):
        frw.nth_gvalue(3, 10**19)
    with pytest.raises(OverflowError, match="beyond this kernel's int64 range"):
        frw.nth_gvalue(0, frw.N_MAX + 1)
    with pytest.raises(ValueError, match="no published convergence bound"):
        frw.nth_gvalue(25, 10)
    with pytest.raises(MemoryError, match="would need about"):
        ffsw.check_memory(2**62, "x")


def test_near_int64_limit() -> None:
    a, b = frw.nth_gvalue(0, frw.N_MAX)
    from reference.beatty import lower_wythoff, upper_wythoff

    assert (a, b) == (lower_wythoff(frw.N_MAX), upper_wythoff(frw.N_MAX))
    assert b < 2**63


def test_cli_gvalues_and_wythoff_nim(capsys: pytest.CaptureFixture[str]) -> None:
    from grundy.cli import main

    assert main(["gvalues", "--g", "2", "--n", "100", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["points"] == {str(h): list(_WSG.T[h][100]) for h in range(3)}
    a, b = _WSG.T[3][2000]
    assert main(["wythoff-nim", f"{a},{b}", "3", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["outcome"] == "P"
    assert main(["wythoff-nim", f"{b},{a}", "5", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["move"] == [[b, a], [3]]
    assert main(["gvalues", "--g", "1", "--n", str(10**19), "--impl", "fast.rw"]) == 2
    assert "beyond the int64 range of fast.rw" in capsys.readouterr().err
    assert main(["wythoff-nim", "5,x", "2"]) == 2
    assert "position '5,x': 'x' is not an integer" in capsys.readouterr().err


def test_cli_experiments_small(capsys: pytest.CaptureFixture[str]) -> None:
    from grundy.cli import main

    assert main(["experiment", "nivasch-table5", "--g", "1", "--rows", "2500", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["table"][1][:4] == [1, 45, 2201, 1]
    assert main(["experiment", "nivasch-table6", "--gmax", "3", "--check", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert all(row["agrees"] for row in result["comparison"]) and len(result["comparison"]) == 4
    assert all(row[-1] for row in result["table"])
