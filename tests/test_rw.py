"""Reference Algorithm RW (000 §3.4-3.7) against WSG and the spec (Wythoff + Nim)."""

from __future__ import annotations

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

import spec
from reference.rw import default_R, gvalues, nth_gvalue, wythoff_nim_move
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


def test_small_R_breaks_rw() -> None:
    """With R far below Table 5 the dummy state has not converged: RW goes wrong."""
    wrong = sum(nth_gvalue(3, n, R=1) != _WSG.T[3][n] for n in range(2000, 2060))
    assert wrong > 0


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
