"""Reference Algorithm FSW (000 §3.1-3.3) against Algorithm WSG and Table 5."""

from __future__ import annotations

import pytest
from hypothesis import example, given
from strategies import g_and_rows

from reference.beatty import index0
from reference.fsw import (
    FSWState,
    convergence_time,
    convergence_times,
    dummy_state,
    fsw,
    fsw_step,
    insert,
    true_state,
)
from reference.wsg import wsg


@given(g_rows=g_and_rows(4, 150, rows_min=1))
@example(g_rows=(3, 150))
def test_fsw_from_row0_reproduces_wsg_states_and_points(g_rows: tuple[int, int]) -> None:
    g, rows = g_rows
    result = wsg(g, rows)
    symbols = [insert(g, r, result) for r in range(rows)]
    state = true_state(g, 0, result)
    assert state == dummy_state([0] * (g + 1))  # row 0: nothing below
    for r in range(rows - 1):
        state, _ = fsw_step(state, r, symbols[r])
        assert state == true_state(g, r + 1, result), r
    _, out = fsw(true_state(g, 0, result), 0, rows - 1, symbols)
    for h in range(g + 1):
        assert [(a, b) for hh, _, a, b in out if hh == h] == result.T[h]
        assert [n for hh, n, _, _ in out if hh == h] == list(range(len(result.T[h])))


def test_firstd_is_mex_not_max() -> None:
    """Definition 3.1-3 reads 'firstd_h(r) = max D_h(r)' in the seed text (garbled).

    The first *empty* diagonal is mex D_h(r); with max, (3-1) would fail.
    """
    result = wsg(2, 40)
    for r in range(1, 40):
        s = true_state(2, r, result)
        assert s.is_consistent()  # (3-1) / (3-5)
        i0 = index0(r)
        for h in range(3):
            diags = {b - a for a, b in result.T[h] if a < r}
            assert s.n_firstd[h] + i0 not in diags
            assert all(d in diags for d in range(s.n_firstd[h] + i0))
    # with max D the identity (3-1) breaks somewhere
    diags = {b - a for a, b in result.T[1] if a < 10}
    first = max(diags)
    assert len(diags) != first + len({d for d in diags if d > first})


def test_g0_single_state_and_lemmas_3_3_3_4() -> None:
    result = wsg(3, 300)
    for r in range(300):
        assert true_state(0, r, result) == dummy_state([0])  # Lemma 3.4, (3-3), (3-4)
        s = true_state(3, r, result)
        for h in range(4):
            if s.n_occol[h]:
                assert max(s.n_occol[h]) < max(s.n_ocdiag[h])  # Lemma 3.3


def test_table5_g1_first_2500_rows() -> None:
    """000 Table 5, first line: g = 1, 45 rows, first at start row 2201."""
    times = convergence_times(1, 0, 2501, horizon=100)
    assert max(times) == 45
    assert times.index(45) == 2201
    assert min(times) >= 0
    assert convergence_time(1, 2201, horizon=100) == 45


def test_convergence_g0_immediate() -> None:
    assert convergence_times(0, 0, 201, horizon=5) == [0] * 201


def test_convergence_matches_single_runs() -> None:
    times = convergence_times(3, 0, 61, horizon=200)
    assert len(times) == 61
    assert times[:13] == [0, 7, 14, 13, 11, 3, 2, 9, 8, 7, 5, 4, 11]  # pinned (g = 3)
    for r0 in (0, 4, 12, 33, 60):
        assert convergence_time(3, r0, horizon=200) == times[r0]
    assert max(times) > 0


def test_errors() -> None:
    with pytest.raises(ValueError, match=r"true_state: g must be an int >= 0 \(g = -1\)"):
        true_state(-1, 3)
    with pytest.raises(ValueError, match="r = 5"):
        true_state(1, 5, wsg(1, 3))
    with pytest.raises(ValueError, match="dummy_state"):
        dummy_state([])
    with pytest.raises(ValueError, match="one symbol per row"):
        fsw(true_state(1, 0), 0, 3, [frozenset({0})])
    with pytest.raises(ValueError, match="no convergence within horizon = 3"):
        convergence_time(1, 2201, horizon=3)


def test_state_dataclass() -> None:
    s = FSWState([0, 1], [0, 0], [frozenset(), frozenset({2})], [frozenset(), frozenset()])
    assert s.g == 1 and s.is_consistent()
    assert s.copy() == s and s.copy() is not s
