"""reference.fwsg: Jiao's Algorithm FWSG (seed 001 §3) against the spec."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

import pytest
from hypothesis import example, given
from strategies import g_and_rows

from reference.fwsg import FWSGResult, fwsg, slant_follower
from reference.wsg import WSGResult
from registry.sequences import spec_points

G_MAX, ROWS_MAX = 10, 60


@cache
def spec_fwythoff() -> list[list[tuple[int, int]]]:
    """Every j-point of F-Wythoff, j <= 10, first coordinate < 60, from the spec."""
    return spec_points("f-wythoff", G_MAX, ROWS_MAX).T


def spec_prefix(g: int, rows: int) -> list[list[tuple[int, int]]]:
    return [[p for p in spec_fwythoff()[j] if p[0] < rows] for j in range(g + 1)]


class TestFwsg:
    @given(g_and_rows(G_MAX, ROWS_MAX))
    @example((9, 6))  # Jiao's 9 = G(1,8) = G(3,10) = G(5,12)
    @example((G_MAX, ROWS_MAX))
    def test_every_j_point_and_nothing_else(self, g_rows: tuple[int, int]) -> None:
        g, rows = g_rows
        assert fwsg(g, rows).T == spec_prefix(g, rows)

    def test_sets_match_points(self) -> None:
        result = fwsg(6, 40)
        assert isinstance(result, WSGResult) and isinstance(result, FWSGResult)
        for j in range(7):
            assert result.A[j] == {a for a, _ in result.T[j]}
            assert result.B[j] == {b for _, b in result.T[j]}
            assert result.D[j] == {b - a for a, b in result.T[j]}
            assert result.a(j) == sorted(result.a(j))  # Proposition 6

    def test_jiao_counterexample_theorem_12(self) -> None:
        points = fwsg(9, 6).T[9]
        assert {(1, 8), (3, 10), (5, 12)} <= set(points)
        assert [b - a for a, b in points if (a, b) in {(1, 8), (3, 10), (5, 12)}] == [7, 7, 7]

    def test_lemma_10_at_most_d_plus_2_per_diagonal(self) -> None:
        result = fwsg(G_MAX, ROWS_MAX)
        for j in range(G_MAX + 1):
            for d in result.D[j]:
                assert sum(1 for a, b in result.T[j] if b - a == d) <= d + 2

    @pytest.mark.slow
    def test_larger_range(self) -> None:
        assert fwsg(16, 150).T == spec_points("f-wythoff", 16, 150).T

    @pytest.mark.parametrize("args", [(-1, 3), (2, -1), (True, 3), (2, 3.0)])
    def test_bad_arguments(self, args: tuple[object, object]) -> None:
        with pytest.raises(ValueError, match=r"fwsg: (g|rows) must be an int >= 0"):
            fwsg(*args)  # type: ignore[arg-type]


def _variant_fwsg(
    g: int, rows: int, blocks: Callable[[int, int, int, int], bool]
) -> list[list[tuple[int, int]]]:
    """FWSG with step 2a replaced by ``blocks(a_n, b_n, p, m)`` (True: reject m)."""
    tables: list[list[tuple[int, int]]] = []
    earlier: set[tuple[int, int]] = set()
    for _ in range(g + 1):
        points: list[tuple[int, int]] = []
        used = set()
        p = 0
        while True:
            while p in used:
                p += 1
            if p >= rows:
                break
            m = 0
            while (
                any(blocks(a, b, p, m) for a, b in points if b - a == m)
                or (p, p + m) in earlier
                or p + m in {b for _, b in points}
            ):
                m += 1
            points.append((p, p + m))
            used |= {p, p + m}
        tables.append(points)
        earlier.update(points)
    return tables


class TestGarbledStep2a:
    """The seed prints step 2a as 'm = b_n^j a_n^j' with 'floor(b/a) != floor((p+m)/p)'.

    Reconstructed (reference.fwsg Notes): reject m when an earlier j-point on
    diagonal m is a slant follower of (p, p+m): a_n^j >= 1 and the integer
    ratio is preserved. The competing readings give wrong tables.
    """

    def test_reconstruction_matches_spec(self) -> None:
        def reconstructed(a: int, b: int, p: int, m: int) -> bool:
            return a >= 1 and b // a == (p + m) // p

        assert _variant_fwsg(8, 40, reconstructed) == spec_prefix(8, 40)
        assert all(
            reconstructed(a, b, p, m) == slant_follower(p, p + m, a, b)
            for p in range(1, 30)
            for m in range(30)
            for a in range(p)
            for b in [a + m]
        )

    def test_plain_wsg_line_8_is_wrong(self) -> None:
        # every earlier point on the diagonal blocks: Wythoff's rule, not F-Wythoff's
        wrong = _variant_fwsg(8, 40, lambda a, b, p, m: True)
        assert wrong != spec_prefix(8, 40)

    def test_a_n_zero_must_not_block(self) -> None:
        # (0, 0) is no slant follower of (1, 1) (at most s - 1 = 0 tokens), so (1, 1) is a
        # P-position; a reading that lets a_n = 0 block (ratio "infinite" = equal) loses it.
        wrong = _variant_fwsg(8, 40, lambda a, b, p, m: a == 0 or b // a == (p + m) // p)
        assert (1, 1) in spec_prefix(0, 40)[0]
        assert (1, 1) not in wrong[0]
