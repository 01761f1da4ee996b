"""reference.zeckendorf: Zeckendorf and Fibonacci Nim (seed 002 §3)."""

from __future__ import annotations

import itertools
import json
from pathlib import Path

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

import spec
from reference.zeckendorf import (
    fibonacci_numbers,
    is_fibonacci,
    is_p_position,
    start_is_p_position,
    winning_move,
    z1,
    zeckendorf,
)

DATA = Path(__file__).resolve().parents[1] / "reference" / "data"
FIBS = set(fibonacci_numbers(10**30))


class TestZeckendorf:
    @given(st.integers(min_value=0, max_value=10**25))
    @example(0)
    @example(26)
    @example(2**63 - 1)
    def test_theorem_3_1(self, n: int) -> None:
        parts = zeckendorf(n)
        assert sum(parts) == n
        assert all(p in FIBS for p in parts)
        assert parts == sorted(set(parts))
        fibs = fibonacci_numbers(max(n, 1))
        indices = [fibs.index(p) for p in parts]
        assert all(b - a >= 2 for a, b in itertools.pairwise(indices))

    def test_seed_examples(self) -> None:
        # 002 §3: "z_1(4) is 1, and z_2(26) = 21".
        assert z1(4) == 1
        assert zeckendorf(26)[1] == 21

    def test_errors(self) -> None:
        with pytest.raises(ValueError, match=r"n must be an int >= 1 \(n = 0\)"):
            z1(0)
        with pytest.raises(ValueError, match=r"r must be an int >= 0 \(r = -1\)"):
            is_p_position(3, -1)
        with pytest.raises(ValueError, match="f must be a Fibonacci number"):
            from reference.zeckendorf import fibonacci_index

            fibonacci_index(4)


class TestTheorem32:
    def test_against_spec(self, n_max: int = 150) -> None:
        game = spec.FibonacciNim()
        for n in range(n_max + 1):
            for r in range(n + 2):
                assert is_p_position(n, r) == (spec.outcome(game, (n, r)) == "P"), (n, r)

    @pytest.mark.slow
    def test_against_spec_500(self) -> None:
        self.test_against_spec(500)

    def test_figure_1_zeros(self) -> None:
        rows = json.loads((DATA / "fibonacci_nim_002_figure1.json").read_text())["rows"]
        for n, row in enumerate(rows):
            for r, value in enumerate(row):
                assert (value == 0) == is_p_position(n, r), (n, r)

    def test_winning_move_reaches_p(self) -> None:
        game = spec.FibonacciNim()
        for n in range(1, 120):
            for r in range(n):
                move = winning_move(n, r)
                if move is None:
                    assert spec.winning_moves(game, (n, r)) == []
                else:
                    assert 1 <= move <= r
                    assert spec.outcome(game, (n - move, 2 * move)) == "P"


class TestLemma33AndCorollary:
    def test_lemma_3_3_exhaustive(self) -> None:
        """002 Lemma 3.3: its one home is its claim (proofs_check.claims_fibonacci)."""
        from proofs_check.catalogue import run_claim

        report = run_claim("suriyaprakash-lemma-3.3", {"n": 1500})
        assert report.status == "holds" and report.cases > 1500, report.witness

    def test_lemma_3_3_needs_f1_equal_1(self) -> None:
        # n = 5, k = 1: z_1(k) = 1 = F_2 and z_1(4) = 1 = F_1 (the seed leaves F_1 open):
        # the claim's smallest domain holds only with F_1 = 1.
        from proofs_check.catalogue import run_claim

        assert z1(4) == 1 and z1(1) == 1
        assert run_claim("suriyaprakash-lemma-3.3", {"n": 5}).status == "holds"

    def test_corollary_3_3_1(self) -> None:
        game = spec.FibonacciNim()
        for n in range(1, 151):
            assert start_is_p_position(n) == is_fibonacci(n)
            assert start_is_p_position(n) == (spec.outcome(game, spec.FibonacciNim.start(n)) == "P")
