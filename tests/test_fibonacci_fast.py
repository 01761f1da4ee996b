"""fast.fibonacci (rows as step functions) against reference.fibonacci, the spec and 002 Thm 3.2."""

from __future__ import annotations

import json
from functools import cache

import numpy as np
import pytest
from hypothesis import given
from strategies import at_least, sizes

import grundy
import registry
import spec
from fast import fibonacci as fast_fibonacci
from grundy.cli import main
from proofs_check import data
from proofs_check.catalogue import run_claim
from reference import fibonacci as ref_fibonacci
from reference.zeckendorf import is_fibonacci, z1

GAME = spec.FibonacciNim()


@cache
def fast_rows(n_max: int) -> fast_fibonacci.FibonacciRows:
    return fast_fibonacci.row_steps(n_max)


@cache
def reference_rows(n_max: int) -> list[list[tuple[int, int]]]:
    return ref_fibonacci.row_steps(n_max)


def spec_value(n: int, r: int) -> int:
    return spec.grundy(GAME, (n, r))


class TestAgainstTheSpec:
    def test_tables_equal_the_spec(self) -> None:
        expected = np.array(spec.grundy_table(GAME, 45, 45))
        assert (fast_fibonacci.grundy_table(45) == expected).all()
        assert (np.array(ref_fibonacci.grundy_table(45)) == expected).all()

    def test_blocks_with_r_beyond_n(self) -> None:
        expected = np.array(spec.grundy_table(GAME, 12, 70))
        assert (fast_fibonacci.grundy_block(12, 70) == expected).all()
        assert (np.array(ref_fibonacci.grundy_block(12, 70)) == expected).all()

    def test_starting_values_equal_the_spec(self) -> None:
        expected = [0] + [spec_value(n, n - 1) for n in range(1, 121)]
        assert fast_fibonacci.starting_values(120).tolist() == expected
        assert ref_fibonacci.starting_values(120) == expected

    @at_least(60)
    @given(sizes(90), sizes(400))
    def test_values_at_any_r(self, n: int, r: int) -> None:
        assert fast_fibonacci.grundy_value(n, r) == spec_value(n, r)


class TestFastAgainstReference:
    def test_every_row_to_1500(self) -> None:
        assert fast_rows(1500).tolist() == reference_rows(1500)

    @given(sizes(1500))
    def test_rows_of_any_length(self, n_max: int) -> None:
        # a shorter run gives the same rows (no state leaks from rows beyond n_max)
        assert fast_fibonacci.row_steps(n_max).tolist() == reference_rows(1500)[: n_max + 1]

    def test_rows_are_step_functions(self) -> None:
        rows = fast_rows(100_000)
        for n in (1, 2, 1000, 17711, 28657, 99_999, 100_000):
            steps = rows.steps(n)
            starts = [s for s, _ in steps]
            values = [v for _, v in steps]
            assert starts[0] == 0 and values[0] == 0
            assert starts == sorted(set(starts)) and values == sorted(set(values))
            assert starts[-1] <= n


class TestZeckendorf:
    """002 Theorem 3.2: G(n, r) = 0 iff r < z_1(n) (n >= 1), beyond the spec's reach."""

    def test_p_positions_to_1200(self) -> None:
        table = fast_fibonacci.grundy_table(1201)
        r = np.arange(1201)
        for n in range(1, 1201):
            assert ((table[n] == 0) == (r < z1(n))).all(), n

    @at_least(200)
    @given(sizes(100_000, lo=1), sizes(10**12))
    def test_p_positions_far_out(self, n: int, r: int) -> None:
        assert (fast_rows(100_000).value(n, r) == 0) == (r < z1(n))

    def test_starting_zero_exactly_at_fibonacci(self) -> None:
        values = fast_fibonacci.starting_values(50_000)
        zeros = [n for n in range(1, 50_001) if values[n] == 0]
        assert zeros == [n for n in range(1, 50_001) if is_fibonacci(n)]


class TestRefusals:
    def test_bad_arguments(self) -> None:
        with pytest.raises(ValueError, match=r"n_max must be an int >= 0 \(n_max = -1\)"):
            fast_fibonacci.row_steps(-1)
        with pytest.raises(OverflowError, match=r"beyond fast\.fibonacci.s range"):
            fast_fibonacci.row_steps(fast_fibonacci.MAX_ROWS + 1)
        with pytest.raises(ValueError, match=r"r must be an int >= 0"):
            fast_fibonacci.grundy_value(3, -2)
        with pytest.raises(ValueError, match=r"beyond reference\.fibonacci.s range"):
            ref_fibonacci.row_steps(ref_fibonacci.MAX_ROWS + 1)

    def test_memory_is_checked_first(self, monkeypatch: pytest.MonkeyPatch) -> None:
        monkeypatch.setattr("floor.memory.available_memory", lambda: 2**20)
        with pytest.raises(MemoryError, match=r"Fibonacci Nim rows 0\.\.10,000"):
            fast_fibonacci.row_steps(10_000)

    def test_cli_refuses_beyond_the_range_in_one_line(
        self, capsys: pytest.CaptureFixture[str]
    ) -> None:
        assert main(["value", "fibonacci-nim", "30000000,2"]) == 2
        err = capsys.readouterr().err.strip()
        assert "\n" not in err and "rows up to 20,000,000 (fast.fibonacci's int32 steps)" in err


class TestCommands:
    def test_value_of_a_large_start(self, capsys: pytest.CaptureFixture[str]) -> None:
        assert main(["value", "fibonacci-nim", "20000,19999", "--json"]) == 0
        out = json.loads(capsys.readouterr().out)
        assert out["method"] == "fibonacci" and out["certificate"].startswith("exact")
        # 20000 is not a Fibonacci number (Cor 3.3.1), and the starting values of the
        # non-Fibonacci n do not decrease (Larsson & Rubinstein-Salzedo)
        before = grundy.value("fibonacci-nim", (19998, 19997)).value
        assert out["value"] > 0 and out["value"] >= before

    def test_value_agrees_with_the_reference_where_it_reaches(self) -> None:
        result = grundy.value("fibonacci-nim", (2900, 2899), method="fibonacci")
        assert result.value == ref_fibonacci.starting_values(2900)[2900]

    def test_table_and_structure_use_the_kernel(self, capsys: pytest.CaptureFixture[str]) -> None:
        assert registry.question("grundy-table", "fibonacci-nim").choose(size=2000).name == (
            "fast.fibonacci"
        )
        assert main(["structure", "fibonacci-nim", "--size", "600", "--json"]) == 0
        assert json.loads(capsys.readouterr().out)["implementation"] == "fast.fibonacci"

    def test_winning_moves_lead_to_p_positions(self) -> None:
        for position in [(20000, 19999), (1000, 3), (999, 998), (89, 88)]:
            found = grundy.moves("fibonacci-nim", position)
            assert found.method == "fibonacci"
            for n, r in found.moves:
                assert r < z1(n) or n == 0
            n, r = position
            assert (not found.moves) == (r < z1(n))

    def test_a_sum_is_the_xor_of_its_parts(self) -> None:
        result = grundy.value("fibonacci-nim+nim", ((10, 9), (3,)))
        assert result.value == spec.grundy(spec.Sum(GAME, spec.Nim()), ((10, 9), (3,)))
        big = grundy.value("fibonacci-nim+fibonacci-nim", ((5000, 4999), (5000, 4999)))
        assert big.value == 0 and "XOR" in big.certificate and big.method == "xor"

    def test_moves_by_table_declines_followers_outside_the_table(self) -> None:
        with pytest.raises(ValueError, match="a follower lies outside the table"):
            grundy.moves("fibonacci-nim", (10, 9), method="table")


class TestClaims:
    def test_both_claims_hold_on_their_quick_range(self) -> None:
        for claim in ("fibonacci-start-zero", "larsson-rs-start-nondecreasing"):
            report = run_claim(claim, quick=True)
            assert report.status == "holds", report.witness
            assert report.cases > 2900

    def test_strictly_increasing_is_reported_violated(self) -> None:
        report = run_claim("larsson-rs-start-nondecreasing", {"n": 200}, tighten=1)
        assert report.status == "violated"
        witness = report.witness or {}
        assert witness["G"] == witness["G_prev"]  # two equal neighbours: not strictly increasing
        assert not is_fibonacci(witness["n"]) and not is_fibonacci(witness["n_prev"])

    def test_a_decrease_is_reported_with_its_witness(self, monkeypatch: pytest.MonkeyPatch) -> None:
        original = data.fibonacci_starting_values

        def dipped(n_max: int) -> tuple[list[int], str]:
            values, _ = original(n_max)
            values[150] -= 1
            return values, "dipped"

        monkeypatch.setattr(data, "fibonacci_starting_values", dipped)
        report = run_claim("larsson-rs-start-nondecreasing", {"n": 300})
        assert report.status == "violated" and (report.witness or {})["n"] == 150
        report = run_claim("fibonacci-start-zero", {"n": 300})
        assert report.status == "holds"  # the dip did not reach 0

    def test_a_zero_away_from_fibonacci_is_reported(self, monkeypatch: pytest.MonkeyPatch) -> None:
        original = data.fibonacci_starting_values

        def zeroed(n_max: int) -> tuple[list[int], str]:
            values, _ = original(n_max)
            values[100] = 0
            return values, "zeroed"

        monkeypatch.setattr(data, "fibonacci_starting_values", zeroed)
        report = run_claim("fibonacci-start-zero", {"n": 300})
        assert report.status == "violated" and (report.witness or {})["n"] == 100
