"""reference.landman: Landman's row machine (seed 004 §3; seed 001 Thm 4, Remark 5)."""

from __future__ import annotations

from functools import cache

import pytest

import spec
from reference import landman
from reference.landman import (
    GAMES,
    Periodicity,
    WindowError,
    h_value,
    layout,
    machine_cycle,
    minimal_periodicity,
    row_periodicity,
    row_values,
)
from reference.published import load_published


@cache
def spec_rows(game: str, rows: int = 7, length: int = 80) -> list[list[int]]:
    """G(n, m) for n < rows, m < length from the spec (the oracle)."""
    return spec.grundy_table(spec.get_game(game), rows, length)


class TestRowValues:
    @pytest.mark.parametrize("game", GAMES)
    def test_equals_spec_table(self, game: str) -> None:
        table = spec_rows(game)
        for n in range(len(table)):
            assert row_values(n, len(table[n]) - 1, game) == table[n]

    def test_layout_prints_003_row_3_as_the_seed(self) -> None:
        # row_values against 003's row is the conformance row of row-values
        # (published 003 row 3); here only the layout of the printed lines.
        data = load_published("wythoff_003_row3")
        printed = [v for line in data["lines"] for v in line]
        assert layout(printed, data["preperiod"], data["period"]) == data["lines"]

    def test_orientation_row_is_g_of_m_and_n(self) -> None:
        # Landman's row n is G(m, n); Wythoff is symmetric, so it is also G(n, m).
        table = spec_rows("wythoff")
        assert row_values(4, 20) == [table[m][4] for m in range(7)] + table[4][7:21]

    @pytest.mark.parametrize("game", ["wythoff", "f-wythoff"])
    def test_lemmas_1_and_2_bounds(self, game: str) -> None:
        # 004 Lemmas 1, 2 / 001 Lemma 1: m - 2n <= G(m, n) <= m + n, so 0 <= H <= 3n.
        for n in range(9):
            for m, g in enumerate(row_values(n, 250, game)):
                assert m - 2 * n <= g <= m + n
                assert 0 <= h_value(g, n, m, game) <= 3 * n

    def test_rwythoff_remark_5_bound_recomputed(self) -> None:
        # 001 Remark 5 prints "0 <= H(a, b) <= 3n-2 for b >= a >= 4" (n garbled for a),
        # H = G - b + 2a - 1. Recomputed: 0 <= H <= 3a - 2 holds for 2 <= a <= 10,
        # b < 300; it fails for a = 0 (H = -1) and a = 1 (H = -1 at b = 1, 2 at b = 2).
        for a in range(2, 11):
            hs = [
                h_value(g, a, b, "r-wythoff")
                for b, g in enumerate(row_values(a, 299, "r-wythoff"))
                if b >= a
            ]
            assert 0 <= min(hs) and max(hs) <= 3 * a - 2, a
        assert h_value(row_values(0, 0, "r-wythoff")[0], 0, 0, "r-wythoff") == -1
        ones = [
            h_value(g, 1, b, "r-wythoff")
            for b, g in enumerate(row_values(1, 50, "r-wythoff"))
            if b >= 1
        ]
        assert (min(ones), max(ones)) == (-1, 2)

    # The bad arguments' refusals: tests/test_fast_landman_zeck.py (reference and kernel).

    def test_narrow_window_is_detected(self, monkeypatch: pytest.MonkeyPatch) -> None:
        # The window check can fail: a window one too narrow (lo(k) = 2k - 1 for
        # Wythoff, where G(m, n) = m - 2n does occur) raises WindowError.
        narrow = landman.Rules(
            "wythoff", 0, True, True, lambda k: max(2 * k - 1, 0), lambda n: 2 * n
        )
        monkeypatch.setitem(landman._RULES, "wythoff", narrow)
        with pytest.raises(WindowError):
            row_values(6, 300)


class TestRowPeriodicity:
    @pytest.mark.parametrize("game", GAMES)
    def test_against_spec_values(self, game: str) -> None:
        # The claimed periodicity holds on spec values and is minimal there.
        for n in range(5):
            pre, period, saltus = row_periodicity(n, game)
            assert saltus == period
            values = spec.grundy_table(spec.get_game(game), n + 1, pre + 3 * period + 1)[n]
            for m in range(pre, pre + 2 * period + 1):
                assert values[m + period] == values[m] + saltus
            if pre > 0:
                assert values[pre - 1 + period] != values[pre - 1] + period
            for q in range(1, period):
                assert any(values[m + q] != values[m] + q for m in range(pre, pre + 2 * period))

    @pytest.mark.parametrize("game", GAMES)
    def test_holds_far_beyond_the_cycle(self, game: str) -> None:
        for n in range(8):
            pre, period, _ = row_periodicity(n, game)
            values = row_values(n, pre + 20 * period, game)
            assert all(
                values[m + period] == values[m] + period for m in range(pre, pre + 19 * period)
            )

    def test_known_wythoff_rows(self) -> None:
        # Computed by this machine and cross-checked by fast.landman and, for
        # rows <= 5, by the spec (test_against_spec_values).
        assert [tuple(row_periodicity(n)) for n in range(8)] == [
            (0, 1, 1),
            (0, 3, 3),
            (0, 3, 3),
            (8, 6, 6),
            (9, 12, 12),
            (27, 24, 24),
            (37, 12, 12),
            (92, 24, 24),
        ]

    def test_cycle_is_a_repeat(self) -> None:
        cycle = machine_cycle(5)
        values = row_values(5, cycle.start + cycle.length - 1)
        assert cycle.start + cycle.length == len(values)
        assert cycle.length % row_periodicity(5).period == 0

    def test_minimal_periodicity(self) -> None:
        # G - m = 5, 0, 0, ... : preperiod 1, period 1 although the certificate says 2 from 3.
        assert minimal_periodicity([5, 1, 2, 3, 4, 5, 6], 3, 2) == Periodicity(1, 1, 1)

    def test_errors(self) -> None:
        with pytest.raises(ValueError, match=r"n must be an int >= 0 \(n = 'x'\)"):
            row_periodicity("x")  # type: ignore[arg-type]
        with pytest.raises(ValueError, match="game must be one of"):
            row_periodicity(1, "chess")


class TestAgainstTheDefinition:
    """The machine vs a direct mex computation (the definition, no bit arrays).

    ``landman._direct_prefix`` computes G by the mex over each game's followers;
    it is checked against the spec first, then used where the spec is too slow.
    """

    @pytest.mark.parametrize("game", GAMES)
    def test_direct_equals_spec(self, game: str) -> None:
        table = spec_rows(game)
        direct = landman._direct_prefix(game, len(table) - 1, len(table[0]))
        assert direct == [list(row) for row in table]

    @pytest.mark.parametrize(
        ("game", "rows"), [("wythoff", 14), ("f-wythoff", 12), ("r-wythoff", 8)]
    )
    def test_periodicity_on_direct_values(self, game: str, rows: int) -> None:
        self._check(game, rows)

    @pytest.mark.slow
    @pytest.mark.parametrize(
        ("game", "rows"), [("wythoff", 20), ("f-wythoff", 18), ("r-wythoff", 9)]
    )
    def test_periodicity_on_direct_values_slow(self, game: str, rows: int) -> None:
        self._check(game, rows)

    @staticmethod
    def _check(game: str, rows: int) -> None:
        results = [row_periodicity(n, game) for n in range(rows)]
        length = max(pre + 3 * period for pre, period, _ in results) + 1
        direct = landman._direct_prefix(game, rows - 1, length)
        for n, (pre, period, _) in enumerate(results):
            values = direct[n]
            assert values[: pre + 3 * period] == row_values(n, pre + 3 * period - 1, game)
            assert all(
                values[m + period] == values[m] + period for m in range(pre, pre + 2 * period)
            )
            if pre > 0:
                assert values[pre - 1 + period] != values[pre - 1] + period
