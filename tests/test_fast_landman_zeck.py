"""fast.landman, fast.zeckendorf, fast.beatty: every implementation, one test per observable.

The spec is the oracle where it answers; reference and fast must agree with
it and with each other (errors included). The oracle is never compared with
itself: the spec is checked against brute force and the seeds' data here and
in tests/test_spec_games.py.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import cache

import brute_force
import numpy as np
import pytest
from hypothesis import example, given
from hypothesis import strategies as st
from strategies import piles, sizes, wythoff_variants

import spec
from fast import beatty as fast_beatty
from fast import landman as fast_landman
from fast import zeckendorf as fast_zeckendorf
from fast._jit import INT64_MAX
from grundy.cli import main
from reference import beatty as ref_beatty
from reference import landman as ref_landman
from reference import zeckendorf as ref_zeckendorf
from reference.published import load_published

ROWS, LENGTH = 7, 70


@cache
def spec_table(game: str) -> tuple[tuple[int, ...], ...]:
    return tuple(map(tuple, spec.grundy_table(spec.get_game(game), ROWS, LENGTH)))


ROW_IMPLEMENTATIONS: dict[str, Callable[[int, int, str], list[int]]] = {
    "reference": ref_landman.row_values,
    "fast": lambda n, m_max, game: fast_landman.row_values(n, m_max, game).tolist(),
}


class TestRowValues:
    @pytest.mark.parametrize("game", ref_landman.GAMES)
    def test_the_oracle_against_brute_force_and_the_seed(self, game: str) -> None:
        table = brute_force.grundy_table(game, ROWS, LENGTH).tolist()
        assert list(map(list, spec_table(game))) == table
        if game == "wythoff":  # 003's row 3, as printed
            printed = [v for line in load_published("wythoff_003_row3")["lines"] for v in line]
            assert list(spec_table(game)[3][: len(printed)]) == printed

    @pytest.mark.parametrize("impl", sorted(ROW_IMPLEMENTATIONS))
    @given(
        game=wythoff_variants(ref_landman.GAMES),
        n=sizes(ROWS - 1),
        m_max=sizes(LENGTH - 1),
    )
    @example(game="wythoff", n=3, m_max=25)  # seed 003's row 3
    @example(game="f-wythoff", n=6, m_max=69)  # machine starts at m0 = 37
    @example(game="r-wythoff", n=4, m_max=69)  # window 2k - 1 (Remark 5) on line 4
    def test_same_values(self, impl: str, game: str, n: int, m_max: int) -> None:
        assert ROW_IMPLEMENTATIONS[impl](n, m_max, game) == list(spec_table(game)[n][: m_max + 1])

    @pytest.mark.nojit
    def test_row_3_without_compiler(self) -> None:
        assert fast_landman.row_values(3, 13).tolist() == [
            3,
            4,
            5,
            6,
            2,
            0,
            1,
            9,
            10,
            12,
            8,
            7,
            15,
            11,
        ]
        assert fast_landman.row_values(4, 30, "f-wythoff").tolist() == ref_landman.row_values(
            4, 30, "f-wythoff"
        )

    @pytest.mark.parametrize("impl", [ref_landman.row_values, fast_landman.row_values])
    @pytest.mark.parametrize(
        ("args", "message"),
        [
            ((-2, 5), r"n must be an int >= 0 \(n = -2\)"),
            ((-1, 3), r"n must be an int >= 0 \(n = -1\)"),
            ((2, -1), r"m_max must be an int >= 0 \(m_max = -1\)"),
            ((2, -5), r"m_max must be an int >= 0"),
            ((2, 3, "go"), "game must be one of"),
            ((2, 5, "nim"), "game must be one of wythoff, f-wythoff, r-wythoff"),
        ],
    )
    def test_same_errors(
        self, impl: Callable[..., object], args: tuple[object, ...], message: str
    ) -> None:
        """The reference and the kernel refuse the same bad arguments in the same words."""
        with pytest.raises(ValueError, match=message):
            impl(*args)

    def test_no_period_within_the_columns_is_said(self) -> None:
        with pytest.raises(RuntimeError, match=r"no repeated window of rows 0\.\.40 within 100"):
            fast_landman.row_periodicity(40, "wythoff", max_columns=100)


class TestRowPeriodicity:
    """fast against reference; reference against the spec and 003 in tests/test_landman.py."""

    @given(game=wythoff_variants(ref_landman.GAMES), n=sizes(9))
    @example(game="wythoff", n=3)
    @example(game="f-wythoff", n=9)  # cycle of the strip (120) > period of the column (10)
    def test_same_periodicity(self, game: str, n: int) -> None:
        assert fast_landman.row_periodicity(n, game) == ref_landman.row_periodicity(n, game)

    @pytest.mark.nojit
    def test_row_3_without_compiler(self) -> None:
        assert fast_landman.row_periodicity(3) == (8, 6, 6)

    def test_wythoff_rows_0_to_23(self) -> None:
        fast = [fast_landman.row_periodicity(n) for n in range(24)]
        assert fast == [ref_landman.row_periodicity(n) for n in range(24)]
        assert fast[23] == (1373, 768, 768)


Z1_IMPLEMENTATIONS: dict[str, Callable[[list[int]], list[int]]] = {
    "reference": lambda ns: [ref_zeckendorf.z1(n) for n in ns],
    "fast": lambda ns: fast_zeckendorf.z1_array(np.array(ns, dtype=np.int64)).tolist(),
}

OUTCOME_IMPLEMENTATIONS: dict[str, Callable[[int, int], bool]] = {
    "reference": ref_zeckendorf.is_p_position,
    "fast": lambda n, r: bool(fast_zeckendorf.fibonacci_nim_is_p([n], [r])[0]),
}


class TestZeckendorf:
    @pytest.mark.parametrize("impl", sorted(Z1_IMPLEMENTATIONS))
    @given(st.lists(st.integers(1, INT64_MAX), min_size=1, max_size=20))
    @example([1, 2, 3, 4, 26])  # 002 §3: z_1(4) = 1; 26 = 5 + 21
    @example([INT64_MAX, 7540113804746346429, 7540113804746346430])  # F_92 and F_92 + 1
    def test_same_z1(self, impl: str, ns: list[int]) -> None:
        assert Z1_IMPLEMENTATIONS[impl](ns) == [ref_zeckendorf.zeckendorf(n)[0] for n in ns]

    @pytest.mark.parametrize("impl", sorted(OUTCOME_IMPLEMENTATIONS))
    @given(n=piles(60), r=piles(70))
    @example(n=8, r=7)  # Corollary 3.3.1: 8 is Fibonacci, the start is P
    @example(n=0, r=0)  # no move: P
    def test_same_outcome(self, impl: str, n: int, r: int) -> None:
        oracle = spec.outcome(spec.FibonacciNim(), (n, r)) == "P"
        assert OUTCOME_IMPLEMENTATIONS[impl](n, r) == oracle

    @given(n=st.integers(0, INT64_MAX), r=st.integers(0, INT64_MAX))
    def test_large_outcomes_fast_vs_reference(self, n: int, r: int) -> None:
        assert bool(
            fast_zeckendorf.fibonacci_nim_is_p([n], [r])[0]
        ) == ref_zeckendorf.is_p_position(n, r)

    @pytest.mark.nojit
    def test_small_without_compiler(self) -> None:
        ns = np.arange(1, 300)
        assert fast_zeckendorf.z1_array(ns).tolist() == [ref_zeckendorf.z1(int(n)) for n in ns]
        assert fast_zeckendorf.winning_move_array([9, 8, 26], [8, 7, 25]).tolist() == [1, 0, 5]
        assert np.flatnonzero(fast_zeckendorf.start_is_p_array(ns)).tolist() == [
            f - 1 for f in ref_zeckendorf.fibonacci_numbers(299)
        ]

    def test_vectorised_1e6(self) -> None:
        n = np.arange(1, 10**6 + 1)
        z = fast_zeckendorf.z1_array(n)
        sample = np.random.default_rng(0).integers(0, n.size, 500)
        assert all(int(z[i]) == ref_zeckendorf.z1(int(n[i])) for i in sample)
        assert (fast_zeckendorf.fibonacci_nim_is_p(n, z - 1)).all()
        assert not (fast_zeckendorf.fibonacci_nim_is_p(n, z)).any()

    def test_errors(self) -> None:
        with pytest.raises(ValueError, match=r"n must be >= 1 \(found 0\)"):
            fast_zeckendorf.z1_array([5, 0])
        with pytest.raises(ValueError, match=r"r must be >= 0 \(found -2\)"):
            fast_zeckendorf.fibonacci_nim_is_p([3], [-2])
        with pytest.raises(OverflowError, match="beyond this kernel's int64 range"):
            fast_zeckendorf.z1_array([2**63])


BEATTY_IMPLEMENTATIONS: dict[str, Callable[[list[int]], list[int]]] = {
    "reference": lambda ns: [ref_beatty.lower_wythoff(n) for n in ns],
    "fast": lambda ns: fast_beatty.lower_wythoff_array(np.array(ns, dtype=np.int64)).tolist(),
}

HARD = sorted(
    {
        f + d
        for f in fast_beatty.FIBONACCI.tolist()
        for d in (-2, -1, 0, 1, 2)
        if 0 <= f + d <= fast_beatty.N_MAX
    }
    | {fast_beatty.N_MAX, 2**62}
)


class TestBeatty:
    @pytest.mark.parametrize("impl", sorted(BEATTY_IMPLEMENTATIONS))
    @given(st.lists(st.integers(0, fast_beatty.N_MAX), min_size=1, max_size=50))
    @example([0, 1, 2, 3, 4, 5, 6, 7])
    @example(HARD)  # n phi nearest an integer: Fibonacci numbers and neighbours
    @example([2**62, 2**62 - 1, fast_beatty.N_MAX])
    def test_same_lower(self, impl: str, ns: list[int]) -> None:
        assert BEATTY_IMPLEMENTATIONS[impl](ns) == [(n + math.isqrt(5 * n * n)) // 2 for n in ns]

    @given(st.lists(st.integers(0, fast_beatty.N_MAX_UPPER), min_size=1, max_size=50))
    @example([fast_beatty.N_MAX_UPPER])
    def test_upper(self, ns: list[int]) -> None:
        assert fast_beatty.upper_wythoff_array(ns).tolist() == [
            ref_beatty.upper_wythoff(n) for n in ns
        ]

    def test_random_up_to_2_62(self) -> None:
        ns = np.random.default_rng(62).integers(0, 2**62, 20000)
        assert fast_beatty.lower_wythoff_array(ns).tolist() == [
            ref_beatty.lower_wythoff(int(n)) for n in ns
        ]

    def test_n_max_is_the_int64_limit(self) -> None:
        assert ref_beatty.lower_wythoff(fast_beatty.N_MAX) <= INT64_MAX
        assert ref_beatty.lower_wythoff(fast_beatty.N_MAX + 1) > INT64_MAX

    @pytest.mark.nojit
    def test_small_without_compiler(self) -> None:
        assert fast_beatty.lower_wythoff_array(np.array(HARD[:60])).tolist() == [
            ref_beatty.lower_wythoff(n) for n in HARD[:60]
        ]

    def test_errors(self) -> None:
        with pytest.raises(OverflowError, match=f"n = {fast_beatty.N_MAX + 1} is beyond"):
            fast_beatty.lower_wythoff_array([fast_beatty.N_MAX + 1])
        with pytest.raises(ValueError, match=r"n must be >= 0 \(found -3\)"):
            fast_beatty.lower_wythoff_array([1, -3])
        with pytest.raises(ValueError, match="n must hold integers"):
            fast_beatty.lower_wythoff_array([1.5])
        with pytest.raises(MemoryError, match="would need about"):
            fast_beatty.check_memory(1 << 70, "a test")


class TestCommands:
    def test_period(self, capsys: pytest.CaptureFixture[str]) -> None:
        assert main(["period", "wythoff", "--row", "3", "--lines", "1"]) == 0  # values on request
        out = capsys.readouterr().out
        assert "preperiod 8, period 6, saltus 6" in out
        assert "3 4 5 6 2 0 1 9" in out and "10 12 8 7 15 11" in out

    def test_period_json_and_error(self, capsys: pytest.CaptureFixture[str]) -> None:
        import json

        assert main(["period", "r-wythoff", "--row", "4", "--json"]) == 0
        data = json.loads(capsys.readouterr().out)
        assert (data["preperiod"], data["period"]) == tuple(
            ref_landman.row_periodicity(4, "r-wythoff")[:2]
        )
        assert main(["period", "wythoff", "--row", "-1"]) == 2
        assert "argument --row: must be >= 0 (--row = -1)" in capsys.readouterr().err

    def test_zeckendorf(self, capsys: pytest.CaptureFixture[str]) -> None:
        import json

        assert main(["zeckendorf", "26", "--json"]) == 0
        data = json.loads(capsys.readouterr().out)
        assert data["zeckendorf"] == [5, 21] and data["outcome"] == "N"
        assert data["winning_move"] == {"take": 5, "to": [21, 10]}
        assert main(["zeckendorf", "13"]) == 0
        assert "P-position" in capsys.readouterr().out
        assert main(["zeckendorf", "0"]) == 2

    def test_experiment(self, tmp_path: object, capsys: pytest.CaptureFixture[str]) -> None:
        import json
        from pathlib import Path

        out = Path(str(tmp_path)) / "rp.json"
        assert (
            main(
                [
                    "experiment",
                    "row-periods",
                    "--rows",
                    "0..5",
                    "--quiet",
                    "--out",
                    str(out),
                    "--check-reference",
                ]
            )
            == 0
        )
        saved = json.loads(out.read_text())
        assert saved["table"][3][:4] == [3, 8, 6, 6]
        assert all(row["agrees"] for row in saved["comparison"])
        assert "compile" in saved["timings"] and "run" in saved["timings"]
