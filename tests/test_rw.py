"""Reference Algorithm RW (000 §3.4-3.7) against WSG and the spec (Wythoff + Nim)."""

from __future__ import annotations

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

import reference.rw as rrw
import spec
from reference.beatty import index0
from reference.published import nivasch_table5
from reference.rw import (
    AB_RANGE,
    check_parameters,
    default_R,
    gvalues,
    min_LH,
    min_R,
    nth_gvalue,
    nth_gvalues,
    wythoff_nim_move,
)
from reference.wsg import wsg

_WSG = wsg(5, 4700)


@given(g=st.integers(0, 5), n=st.integers(0, 2800))
@example(g=0, n=0)
@example(g=4, n=3)  # (6, 7), 000 Table 2 region
@example(g=1, n=2800)  # deep enough for the recursion (R_1 = 100)
@example(g=5, n=2799)  # recursion with R_5 = 480
def test_nth_gvalue_matches_wsg(g: int, n: int) -> None:
    assert nth_gvalue(g, n) == _WSG.T[g][n]


@given(g=st.integers(0, 3), r1=st.integers(0, 3000), width=st.integers(0, 40))
@example(g=2, r1=2500, width=40)
def test_gvalues_band_matches_wsg(g: int, r1: int, width: int) -> None:
    r2 = r1 + width
    index, points = gvalues(g, r1, r2)
    assert index == [sum(1 for a, _ in _WSG.T[h] if a < r1) for h in range(g + 1)]
    expected = sorted(
        (a, h, n, b) for h in range(g + 1) for n, (a, b) in enumerate(_WSG.T[h]) if r1 <= a <= r2
    )
    assert sorted((a, h, n, b) for h, n, a, b in points) == expected


def test_small_R_breaks_rw_so_it_is_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    """With R far below Table 5 the dummy state has not converged: RW goes wrong."""
    with pytest.raises(ValueError, match=r"nth_gvalue: R = 1 is below 140"):
        nth_gvalue(3, 2000, R=1)
    monkeypatch.setattr(rrw, "check_parameters", lambda *args: None)  # what R = 1 would give
    wrong = sum(nth_gvalue(3, n, R=1) != _WSG.T[3][n] for n in range(2000, 2060))
    assert wrong > 0


@given(g=st.integers(0, 5), n=st.integers(0, 2800))
@example(g=5, n=2799)  # recursion with R_5 = 480
@example(g=1, n=2800)
@example(g=0, n=0)
def test_nth_gvalues_is_every_nth_gvalue(g: int, n: int) -> None:
    got = nth_gvalues(g, n)
    assert got == [_WSG.T[h][n] for h in range(g + 1)]  # WSG
    assert got == [nth_gvalue(h, n) for h in range(g + 1)]  # the per-h path (R_h each)


class TestParameters:
    """RW's constants: refused where the data shows them unsound (000 §3.3, §3.4 line 2)."""

    def test_min_R_is_table5_monotone(self) -> None:
        assert [min_R(g) for g in range(12)] == [
            *(0, 45, 72, 140, 180, 235, 395, 395, 461, 630, 909, 909)
        ]
        assert min_R(15) == 2041 and min_R(19) == 2041 and min_R(20) == min_R(50) == 4136
        assert all(min_R(g) <= default_R(g) for g in range(21))
        table5 = nivasch_table5()
        assert all(min_R(g) == table5[g][0] for g in table5)

    @pytest.mark.parametrize("func", [nth_gvalue, nth_gvalues])
    def test_refused(self, func: object) -> None:
        name = func.__name__  # type: ignore[attr-defined]
        for kwargs, message in (
            ({"R": 0}, r"R = 0 is below 140, the rows to convergence for g = 3"),
            ({"R": -5}, r"R = -5 is below 140"),
            ({"L": -2}, r"L = -2 is above -3"),
            ({"L": 20, "H": 10}, r"L = 20 is above -3"),
            ({"H": 4}, r"H = 4 is below 5"),
            ({"H": 1.5}, r"H must be an int"),
        ):
            with pytest.raises(ValueError, match=f"^{name}: {message}"):
                func(3, 100, **kwargs)  # type: ignore[operator]
        with pytest.raises(ValueError, match=r"^gvalues: R = 4135 is below 4136"):
            gvalues(25, 10, 20, R=4135)

    def test_smallest_accepted_constants_still_right(self) -> None:
        lo, hi = min_LH(3)
        assert [nth_gvalue(3, n, lo, hi, min_R(3)) for n in (1999, 2500)] == [
            _WSG.T[3][1999],
            _WSG.T[3][2500],
        ]
        check_parameters("f", 3, lo, hi, min_R(3))

    def test_ab_range_holds_to_row_1e5(self) -> None:
        """AB_RANGE (a < 10^6) against WSG to 10^5: no point outside (equality is slow)."""
        from fast.wsg import wsg as fast_wsg

        seen = _ab_range(fast_wsg(20, 100_001))
        for g, (low, high) in seen.items():
            assert AB_RANGE[g][0] <= low and high <= AB_RANGE[g][1], g
        assert seen[0] == AB_RANGE[0] == (-1, 0)  # a_n - b_n/phi in (-1/phi^2, 0] for g = 0

    @pytest.mark.slow
    def test_ab_range_is_the_data(self) -> None:
        from fast.wsg import wsg as fast_wsg

        assert _ab_range(fast_wsg(20, 10**6)) == AB_RANGE


def _ab_range(result: object) -> dict[int, tuple[int, int]]:
    """g -> (min floor, max ceil) of a - b/phi over the h-points, h <= g (exact)."""
    floors, ceils = [], []
    for h in range(21):
        pairs = result.T[h]  # type: ignore[attr-defined]
        # b >= 1: floor(a - b/phi) = a - index0(b), ceil = floor + 1 (b/phi irrational)
        floors.append(min(a - index0(b) if b else a for a, b in pairs))
        ceils.append(max(a - index0(b) + 1 if b else a for a, b in pairs))
    return {g: (min(floors[: g + 1]), max(ceils[: g + 1])) for g in range(21)}


def test_wythoff_nim_move_exhaustive() -> None:
    """000 §1.5 / §3.6 against spec.winning_moves for a, b, heap <= 12."""
    game = spec.Sum(spec.Wythoff(), spec.Nim())
    for a in range(13):
        for b in range(13):
            for heap in range(13):
                wins = spec.winning_moves(game, ((a, b), (heap,)))
                move = wythoff_nim_move(a, b, heap)
                if not wins:
                    assert move is None, (a, b, heap)
                else:
                    assert move in wins, (a, b, heap, move)


@given(a=st.integers(0, 3000), b=st.integers(0, 3000), heap=st.integers(0, 4))
def test_wythoff_nim_move_far_out(a: int, b: int, heap: int) -> None:
    move = wythoff_nim_move(a, b, heap)
    x, y = min(a, b), max(a, b)
    value = next((h for h in range(6) if (x, y) in _WSG.T[h]), None)
    if value == heap:
        assert move is None
        return
    assert move is not None
    (p, q), (k,) = move
    if (p, q) == (a, b):
        assert value is not None and k == value < heap
    else:
        assert k == heap
        dx, dy = a - p, b - q
        assert (dx == 0 and dy > 0) or (dy == 0 and dx > 0) or (dx == dy > 0)
        assert (min(p, q), max(p, q)) in _WSG.T[heap]


def test_default_R_and_errors() -> None:
    assert default_R(0) == 10 and default_R(20) == 8282 and default_R(12) == 4092
    with pytest.raises(ValueError, match="no published convergence bound for g = 21"):
        default_R(21)
    with pytest.raises(ValueError, match=r"gvalues: r2 must be >= 5 \(r2 = 4\)"):
        gvalues(1, 5, 4)
    with pytest.raises(ValueError, match="nth_gvalue: n must be >= 0"):
        nth_gvalue(1, -1)
    with pytest.raises(ValueError, match="wythoff_nim_move: heap must be an int"):
        wythoff_nim_move(1, 2, 1.5)  # type: ignore[arg-type]


@pytest.mark.slow
def test_nth_gvalue_reference_table6_g0_g2() -> None:
    a, b = 1618033988700, 2618033988700
    assert nth_gvalue(0, 10**12) == (a + 49, b + 49)
    assert nth_gvalue(2, 10**12) == (a + 49, b + 50)
