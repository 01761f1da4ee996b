"""reference.structure and the commands built on it: periods, P-positions, heat maps."""

from __future__ import annotations

import json
from math import isqrt
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

import spec
from fast import engine
from fast import landman as fast_landman
from grundy import plots
from grundy.cli import main
from reference import structure
from reference.beatty import lower_wythoff, wythoff_p_positions
from reference.structure import QuadraticIrrational, parse_ratio

# ---------------------------------------------------------------------------
# Apparent additive periods.


def test_apparent_periods_agree_with_landmans_certified_ones() -> None:
    table = engine.grundy_table(spec.Wythoff(), 1400)
    for x in range(16):
        certified = fast_landman.row_periodicity(x, "wythoff")
        apparent = structure.additive_period(table[x])
        assert apparent is not None and apparent.status == "apparent"
        assert (apparent.preperiod, apparent.period, apparent.saltus) == tuple(certified), x


@pytest.mark.parametrize("game", ["f-wythoff", "r-wythoff"])
def test_apparent_periods_of_the_other_machine_games(game: str) -> None:
    table = engine.grundy_table(spec.get_game(game), 600)
    for x in range(6):
        certified = fast_landman.row_periodicity(x, game)
        # Landman's rows of F-/R-Wythoff are Jiao's columns a = x: G(m, x) = G(x, m) by symmetry.
        apparent = structure.additive_period(table[x])
        assert apparent is not None
        assert (apparent.preperiod, apparent.period, apparent.saltus) == tuple(certified)


@given(
    pre=st.lists(st.integers(-50, 50), max_size=12),
    block=st.lists(st.integers(-20, 20), min_size=1, max_size=6),
    saltus=st.integers(-5, 9),
    reps=st.integers(6, 10),
)
def test_additive_period_of_constructed_sequences(
    pre: list[int], block: list[int], saltus: int, reps: int
) -> None:
    reps = max(reps, len(pre) + 3)  # the periodic part fills most of the window
    values = pre + [v + k * saltus for k in range(reps) for v in block]
    found = structure.additive_period(values)
    assert found is not None
    # The constructed period is a period; the found one is at most it, and really holds.
    assert found.period <= len(block) and found.preperiod <= len(pre)
    p, s = found.period, found.saltus
    assert all(values[y + p] == values[y] + s for y in range(found.preperiod, len(values) - p))
    # Minimal preperiod: one step earlier breaks it (or it is 0).
    y0 = found.preperiod
    assert y0 == 0 or values[y0 - 1 + p] != values[y0 - 1] + s


def test_no_period_in_a_short_or_irregular_window() -> None:
    assert structure.additive_period([0, 5, 1, 7, 2, 9, 4]) is None
    with pytest.raises(ValueError, match="1-d"):
        structure.additive_period([[1, 2]])


# ---------------------------------------------------------------------------
# Quadratic irrationals: exact floors.


@given(n=st.integers(0, 10**30))
def test_phi_floor_matches_reference_beatty(n: int) -> None:
    phi = parse_ratio("phi")
    assert phi.floor_times(n) == lower_wythoff(n)
    assert phi.complement().floor_times(n) == lower_wythoff(n) + n


@given(
    p=st.integers(-20, 20),
    q=st.integers(-6, 6),
    d=st.integers(0, 30),
    r=st.integers(1, 9),
    n=st.integers(-(10**12), 10**12),
)
def test_floor_times_is_exact(p: int, q: int, d: int, r: int, n: int) -> None:
    # floor(n (p + q sqrt d) / r) = largest k with k r <= n p + n q sqrt d; decide with squares.
    alpha = QuadraticIrrational.make(p, q, d, r)
    k = alpha.floor_times(n)

    def at_most(m: int) -> bool:  # m * r <= n p + n q sqrt(d) ?
        lhs = m * r - n * p  # need lhs <= n q sqrt d
        t = n * q
        if t >= 0:
            return lhs <= 0 or lhs * lhs <= t * t * d
        return lhs <= 0 and lhs * lhs >= t * t * d

    assert at_most(k) and not at_most(k + 1)


def test_parse_ratio_forms() -> None:
    assert parse_ratio("(1+sqrt(5))/2") == parse_ratio("phi") == parse_ratio("(1+√5)/2")
    assert parse_ratio("sqrt2") == QuadraticIrrational(0, 1, 2, 1)
    assert parse_ratio("1 + sqrt 2".replace(" ", "")) == QuadraticIrrational(1, 1, 2, 1)
    assert parse_ratio("(2-3+sqrt(13))/2") == QuadraticIrrational(-1, 1, 13, 2)
    assert parse_ratio("(2+2*sqrt(8))/4") == QuadraticIrrational(1, 2, 2, 2)
    for bad in ["pi", "", "sqrt", "1+sqrt2+sqrt3", "(1+sqrt5)/0", "1/2/3"]:
        with pytest.raises(ValueError, match="--alpha"):
            parse_ratio(bad)


def test_beatty_partition_of_candidates() -> None:
    for name, alpha in structure.candidate_ratios():
        beta = alpha.complement()
        top = 400
        values = [alpha.floor_times(n) for n in range(1, top)] + [
            beta.floor_times(n) for n in range(1, top)
        ]
        small = sorted(v for v in values if v <= top)
        assert small == list(range(1, top + 1)), name


# ---------------------------------------------------------------------------
# P-positions.


@pytest.mark.parametrize("a", [1, 2, 3, 4, 7])
def test_a_wythoff_p_positions_are_fraenkels_beatty_pairs(a: int) -> None:
    table = engine.grundy_table(spec.get_game(f"a-wythoff:{a}"), 300)
    result = structure.analyse_p_positions(table)
    assert result.beatty is not None and result.beatty.fits and len(result.pairs) > 25
    assert result.complementary and result.symmetric
    # Fraenkel: B_n = A_n + a n, alpha = (2 - a + sqrt(a^2 + 4)) / 2.
    for n, (x, y) in enumerate(result.pairs, start=1):
        assert y == x + a * n
        assert x == (n * (2 - a) + isqrt(n * n * (a * a + 4))) // 2


def test_named_alpha_that_fits_and_one_that_does_not() -> None:
    table = engine.grundy_table(spec.Wythoff(), 200)
    good = structure.analyse_p_positions(table, parse_ratio("(1+sqrt5)/2"))
    assert good.beatty is not None and good.beatty.fits
    assert good.pairs == wythoff_p_positions(len(good.pairs) + 1)[1:]
    bad = structure.analyse_p_positions(table, parse_ratio("sqrt2"))
    assert bad.beatty is not None and not bad.beatty.fits and "n = 1" in bad.beatty.detail


def test_translates_of_wythoff() -> None:
    wythoff = engine.grundy_table(spec.Wythoff(), 100)
    assert structure.wythoff_translate(wythoff) == (0, [])
    assert structure.wythoff_translate(wythoff[:30, :70]) == (0, [])
    assert structure.wythoff_translate(wythoff[:70, :30]) == (0, [])
    broken = wythoff.copy()
    broken[40, 66] = 0  # (40, 66) is no P-position of Wythoff's game ((40, 65) is)
    assert structure.wythoff_translate(broken) is None
    fw = engine.grundy_table(spec.FWythoff(), 100)
    assert structure.wythoff_translate(fw) == (1, [(0, 0)])
    aw = engine.grundy_table(spec.get_game("a-wythoff:2"), 100)
    assert structure.wythoff_translate(aw) is None


def test_truncation_never_causes_a_false_mismatch() -> None:
    # Every size cuts the table somewhere; the pairs kept must still fit exactly.
    full = engine.grundy_table(spec.Wythoff(), 120)
    for size in range(2, 120, 7):
        result = structure.analyse_p_positions(full[:size, :size], parse_ratio("phi"))
        assert result.beatty is not None and result.beatty.fits, size


def test_asymmetric_game_is_reported_as_such() -> None:
    table = engine.grundy_table(spec.get_game("nimhof:1,0/1,1/1,2/0,1"), 120)
    result = structure.analyse_p_positions(table)
    assert not result.symmetric and result.beatty is None


# ---------------------------------------------------------------------------
# Commands.


def test_period_certified_for_machine_games(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["period", "wythoff", "--row", "3", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["status"] == "certified" and (data["preperiod"], data["period"]) == (8, 6)


@pytest.mark.parametrize(
    ("game", "row", "expected"),
    [("a-wythoff:1", 3, (8, 6, 6)), ("nimhof:1,0/0,1/1,1", 5, None)],
)
def test_period_certified_for_row_move_games(
    capsys: pytest.CaptureFixture[str], game: str, row: int, expected: tuple[int, ...] | None
) -> None:
    """Wythoff written as a-wythoff:1 or as NimHof rays: the generic window certificate."""
    assert main(["period", game, "--row", str(row), "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["status"] == "certified"
    certified = tuple(fast_landman.row_periodicity(row, "wythoff"))
    assert (data["preperiod"], data["period"], data["saltus"]) == (expected or certified)


def test_period_apparent_outside_the_condition(capsys: pytest.CaptureFixture[str]) -> None:
    game = "nimhof:1,0/1,1"  # no move along the row
    assert main(["period", game, "--row", "3", "--window", "800", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["status"] == "apparent" and data["window"] == 800
    assert main(["period", game, "--row", "3", "--window", "800"]) == 0
    out = " ".join(capsys.readouterr().out.split())
    assert "apparent" in out and "not certified" in out and "y < 800" in out


class _SpecOnly(spec.TwoPileGame):
    """Wythoff's game written at level (a) only (no compiled form)."""

    name = "test-spec-only-wythoff"
    rules = "Wythoff's moves"
    source = "tests/test_structure.py"

    def followers(self, position: tuple[int, int]) -> Any:
        return spec.Wythoff().followers(position)


def test_period_for_a_game_without_compiled_form(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(spec.GAMES, _SpecOnly.name, _SpecOnly)
    assert main(["period", _SpecOnly.name, "--row", "4", "--window", "60", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["implementation"] == "spec" and data["status"] == "apparent"
    assert main(["period", _SpecOnly.name, "--row", "4", "--window", "20000"]) == 2
    err = capsys.readouterr().err  # refused up front, in the command's words (issue 48)
    assert "would need about 400 s, more than the budget (60 s); try --budget" in err


def test_period_of_fibonacci_nim_rows_uses_the_compiled_rows(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["period", "fibonacci-nim", "--row", "4", "--window", "20000", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["implementation"] == "fast.fibonacci" and data["status"] == "apparent"
    # G(4, r) = G(4, 4) = 3 for r >= 4: period 1, saltus 0 after the preperiod
    assert (data["period"], data["saltus"]) == (1, 0)


def test_period_refuses_non_two_pile_games(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["period", "fibonacci-nim+nim", "--row", "1"]) == 2
    assert "not a two-pile game" in capsys.readouterr().err
    assert main(["period", "nim", "--row", "1"]) == 2  # a one-heap game: its own period, no rows
    assert "one-heap game, it has no rows" in capsys.readouterr().err


def test_structure_command(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["structure", "a-wythoff:2", "--size", "150", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["implementation"] == "fast.engine"
    assert data["p_positions"]["beatty"]["alpha"] == "sqrt(2)"
    assert data["p_positions"]["beatty"]["fits"] is True
    assert main(["structure", "f-wythoff", "--size", "80"]) == 0
    out = capsys.readouterr().out
    assert "shifted by (1, 1)" in out and "apart from [(0, 0)]" in out
    assert main(["structure", "wythoff", "--alpha", "pi"]) == 2
    assert "--alpha 'pi'" in capsys.readouterr().err


def test_heatmap_figure_uses_the_games_coordinates() -> None:
    figure = plots.heatmap_figure(
        np.arange(30 * 30).reshape(30, 30) % 11, title="t", coordinates=("n", "r")
    )
    axes = figure.axes[0]
    assert axes.get_xlabel().startswith("r") and axes.get_ylabel().startswith("n")
    ticks = [t for t in axes.get_xticks() if 0 <= t < 30]
    assert ticks and all(float(t).is_integer() for t in ticks)


@pytest.mark.parametrize("game", ["nimhof:1,0/1,1/1,2/0,1", "a-wythoff:3", "fibonacci-nim"])
def test_heatmap_command_for_any_two_pile_game(tmp_path: Path, game: str) -> None:
    out = tmp_path / "h.png"
    assert main(["plot", "heatmap", game, "--size", "30", "--out", str(out), "--json"]) == 0
    assert out.read_bytes()[:8] == plots.PNG_SIGNATURE


def test_engine_table_agrees_with_the_spec_on_the_structure_domain() -> None:
    # The structure commands read engine tables: keep them tied to the spec here too.
    for name in ["a-wythoff:2", "nimhof:1,0/1,1/1,2/0,1"]:
        game = spec.get_game(name)
        assert (engine.grundy_table(game, 20) == np.array(spec.grundy_table(game, 20, 20))).all()


def test_structure_command_shows_columns_of_asymmetric_games(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["structure", "nimhof:1,0/1,1/1,2/0,1", "--size", "200", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    table = engine.grundy_table(spec.get_game("nimhof:1,0/1,1/1,2/0,1"), 200)
    for y, found in enumerate(data["column_periods"]):
        expected = structure.additive_period(table[:, y])
        assert found == (None if expected is None else expected.__dict__)
    assert data["p_positions_transposed"] is not None
    assert main(["structure", "wythoff", "--size", "50", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["column_periods"] == []
