"""reference.beatty: exact floor(n phi), floor(n phi^2), ceil(r / phi) for ints of any size.

Checked against sympy's exact floor/ceiling of the golden ratio (000 Theorem
1.1, Lemma 3.4; 002 Theorem 4.3) and against the spec's P-positions.
"""

from __future__ import annotations

import pytest
import sympy
from hypothesis import example, given
from hypothesis import strategies as st

import spec
from reference.beatty import (
    index0,
    is_wythoff_p_position,
    lower_index,
    lower_wythoff,
    upper_index,
    upper_wythoff,
    wythoff_p_positions,
)

PHI = (1 + sympy.sqrt(5)) / 2


@given(st.integers(min_value=0, max_value=10**40))
@example(0)
@example(10**40)
@example(10**12)
@example(2**63 - 1)
@example(165580141)  # a Fibonacci number: n phi is closest to an integer here
@example(102334155)
def test_against_sympy_exact_floor(n: int) -> None:
    assert lower_wythoff(n) == int(sympy.floor(n * PHI))
    assert upper_wythoff(n) == int(sympy.floor(n * PHI**2))
    assert index0(n) == int(sympy.ceiling(n / PHI))


def test_beatty_partition() -> None:
    """002 Theorem 4.3: {floor(n phi)} and {floor(n phi^2)}, n >= 1, partition N>=1: the
    statement's one home is its claim (exact floors by isqrt, which the tests above hold
    reference.beatty to)."""
    from proofs_check.catalogue import run_claim

    report = run_claim("suriyaprakash-thm-4.3", {"n": 30_000})
    assert report.status == "holds" and report.cases == 30_001, report.witness


def test_index0_counts_zero_points_below_row() -> None:
    """000 Lemma 3.4: ceil(r / phi) 0-points lie in the rows below r."""
    rows = [a for a, _ in wythoff_p_positions(200)]
    for r in range(300):
        assert index0(r) == sum(1 for a in rows if a < r)


def test_matches_the_spec_p_positions() -> None:
    game = spec.Wythoff()
    for x in range(60):
        for y in range(60):
            assert is_wythoff_p_position(x, y) == (spec.outcome(game, (x, y)) == "P")


@pytest.mark.parametrize("func", [lower_wythoff, upper_wythoff, index0])
def test_rejects_negative_and_non_int(func) -> None:  # type: ignore[no-untyped-def]
    with pytest.raises(ValueError, match=r"must be an int >= 0 \(. = -1\)"):
        func(-1)
    with pytest.raises(ValueError, match=r"must be an int >= 0"):
        func(2.5)


@given(st.integers(min_value=0, max_value=10**40), st.integers(min_value=-3, max_value=3))
@example(10**6, 0)
@example(231_230, 1)
def test_lower_and_upper_index(n: int, shift: int) -> None:
    """The inverse of each Beatty sequence: exact at a_n, b_n, None between (any size)."""
    a, b = lower_wythoff(n), upper_wythoff(n)
    assert lower_index(a) == n and upper_index(b) == n
    v = max(0, a + shift)
    if shift:  # the sequences partition the positive integers (000 Theorem 1.1)
        assert (lower_index(v) is not None) != (upper_index(v) is not None) or v == 0
    found = lower_index(v)
    assert found is None or lower_wythoff(found) == v
