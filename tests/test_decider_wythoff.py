"""Wythoff's P-positions, proved for all positions by the decider (issue 36, items 1 and 6).

The set ``P = {(0, 0)} ∪ {(⌊nφ⌋, ⌊nφ⌋ + n), (⌊nφ⌋ + n, ⌊nφ⌋) : n >= 1}`` is built from the
shift relation (``⌊(m+1)φ⌋ = shift(m) + 1``), checked against the exact floor and the
brute-force table, and then four sentences prove it is the set of P-positions: no move joins
two of its points (along a row, a column, the diagonal) and every point outside it has a move
into it.  By induction on ``x + y`` that is the theorem (003, Theorem 1.1 of 000).  A false
twin (a point removed, a point added) is refuted with its least counterexample, which the
brute-force table confirms.
"""

from __future__ import annotations

import brute_force
import pytest

from decider import Theory
from decider.numeration import phi_floor

P_SET = "(x = 0 & y = 0) | E n (low(n, x) & y = x + n) | E n (low(n, y) & x = y + n)"
ROW = "~E x, y, u (u < x & {P}(x, y) & {P}(u, y))"
COLUMN = "~E x, y, v (v < y & {P}(x, y) & {P}(x, v))"
DIAGONAL = "A d, x, y ~(d > 0 & {P}(x + d, y + d) & {P}(x, y))"
ABSORB = (
    "A x, y (~{P}(x, y) => (E u (u < x & {P}(u, y)) | E v (v < y & {P}(x, v))"
    " | E d, u, v (d > 0 & u + d = x & v + d = y & {P}(u, v))))"
)
N = 40


@pytest.fixture(scope="module")
def theory() -> Theory:
    t = Theory()
    t.define("low", "n a", "E m, s (n = m + 1 & shift(m, s) & a = s + 1)")
    t.define("P", "x y", P_SET)
    return t


@pytest.fixture(scope="module")
def p_table() -> set[tuple[int, int]]:
    table = brute_force.grundy_table("wythoff", N, N)
    return {(x, y) for x in range(N) for y in range(N) if table[x, y] == 0}


def test_the_set_is_the_beatty_pairs(theory: Theory, p_table: set[tuple[int, int]]) -> None:
    rel, args = theory.predicates["P"]
    assert rel.tapes == args == ("x", "y")
    fib = theory.numeration
    beatty = {(0, 0)} | {
        pair for n in range(1, N) for a in [phi_floor(n)] for pair in ((a, a + n), (a + n, a))
    }
    for x in range(N):
        for y in range(N):
            wx, wy = fib.word(x), fib.word(y)
            length = max(len(wx), len(wy)) + 1
            columns = zip([0] * (length - len(wx)) + wx, [0] * (length - len(wy)) + wy, strict=True)
            inside = rel.dfa.accepts([list(c) for c in columns])
            assert inside == ((x, y) in beatty) == ((x, y) in p_table), (x, y)
    least = min(p for p in beatty if p[0] > 10)  # (floor(7 phi), floor(7 phi) + 7) = (11, 18)
    assert theory.least("P(x, y) & x > 10") == {"x": least[0], "y": least[1]}


@pytest.mark.parametrize("sentence", [ROW, COLUMN, DIAGONAL, ABSORB])
def test_wythoff_p_positions_theorem(theory: Theory, sentence: str) -> None:
    assert theory.decide(sentence.format(P="P")) is True


def test_a_removed_point_is_refuted(theory: Theory, p_table: set[tuple[int, int]]) -> None:
    theory.define("Pminus", "x y", "P(x, y) & ~(x = 3 & y = 5)")
    assert theory.decide(ROW.format(P="Pminus"))  # still stable
    cex = theory.counterexample(ABSORB.format(P="Pminus"))
    assert cex is not None
    point = (cex["x"], cex["y"])
    assert point == (3, 5) and point in p_table  # the engine's table: a P-position


def test_an_added_point_is_refuted(theory: Theory, p_table: set[tuple[int, int]]) -> None:
    theory.define("Pplus", "x y", "P(x, y) | (x = 2 & y = 2)")
    assert theory.decide(ABSORB.format(P="Pplus"))  # still absorbing
    cex = theory.counterexample(DIAGONAL.format(P="Pplus"))
    assert cex == {"d": 2, "x": 0, "y": 0}
    moved = (cex["x"] + cex["d"], cex["y"] + cex["d"])
    assert moved not in p_table and (cex["x"], cex["y"]) in p_table  # (2, 2) -> (0, 0)


def test_one_p_position_in_each_row_and_the_beatty_partition(theory: Theory) -> None:
    assert theory.decide("A x E y (P(x, y) & A z (P(x, z) => z = y))")
    # every n >= 1 is a lower or an upper Wythoff number, never both
    lower = "E k low(k, n)"
    upper = "E k, a (low(k, a) & n = a + k)"
    assert theory.decide(f"A n (n > 0 <=> (({lower}) | ({upper})))")
    assert theory.decide(f"~E n (({lower}) & ({upper}))")
    # the twin: "every n >= 1 is a lower Wythoff number", refuted at n = 2 (upper: 1 + 1)
    cex = theory.counterexample(f"A n (n > 0 => ({lower}))")
    assert cex == {"n": 2} and 2 not in {phi_floor(k) for k in range(1, 4)}
