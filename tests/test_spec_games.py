"""The executable spec against the seeds' tables, examples and theorems.

Published tables are in reference/data (see the README there for their sources).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import example, given
from hypothesis import strategies as st
from strategies import game_and_position, game_names, piles

import spec
from reference.beatty import lower_wythoff, upper_wythoff

DATA = Path(__file__).resolve().parents[1] / "reference" / "data"


def published(name: str) -> dict:
    return json.loads((DATA / f"{name}.json").read_text())


class TestPublishedTables:
    def test_wythoff_matches_003(self) -> None:
        rows = published("wythoff_003")["rows"]
        assert spec.grundy_table(spec.Wythoff(), 14, 14) == rows

    def test_wythoff_matches_legible_part_of_000_table_1(self) -> None:
        # 000 Table 1 is badly garbled in the seed; these two rows are legible:
        # "13 13 14 12 11 16 15 17 2 0" and "11 11 9 10 7 12 14 2 13 17 6 18 15 8".
        game = spec.Wythoff()
        assert [spec.grundy(game, (13, y)) for y in range(9)] == [13, 14, 12, 11, 16, 15, 17, 2, 0]
        assert [spec.grundy(game, (11, y)) for y in range(13)] == [
            11, 9, 10, 7, 12, 14, 2, 13, 17, 6, 18, 15, 8,
        ]  # fmt: skip

    def test_fwythoff_matches_001_table_1(self) -> None:
        rows = published("fwythoff_001_table1")["rows"]
        assert spec.grundy_table(spec.FWythoff(), 13, 13) == rows

    def test_fibonacci_nim_matches_002_figure_1(self) -> None:
        rows = published("fibonacci_nim_002_figure1")["rows"]
        game = spec.FibonacciNim()
        assert [[spec.grundy(game, (n, r)) for r in range(n + 1)] for n in range(21)] == rows

    @pytest.mark.parametrize(
        "name", ["wythoff_003", "fwythoff_001_table1", "fibonacci_nim_002_figure1"]
    )
    def test_data_files_state_their_source(self, name: str) -> None:
        data = published(name)
        assert data["_comment"] and data["source"].startswith("shared/seeds/")


def test_jiao_counterexample_to_exactly_once() -> None:
    """001 §3: 9 = G(1,8) = G(3,10) = G(5,12), three times on diagonal 7."""
    game = spec.FWythoff()
    assert [spec.grundy(game, p) for p in [(1, 8), (3, 10), (5, 12)]] == [9, 9, 9]


def test_four_values_example_of_003() -> None:
    table = spec.grundy_table(spec.Wythoff(), 12, 12)
    points = [(x, y) for x in range(9) for y in range(x, 12) if table[x][y] == 4]
    assert points == [(0, 4), (1, 3), (2, 5), (6, 7), (8, 8)]


def test_each_value_at_most_once_per_line_wythoff() -> None:
    n = 30
    table = spec.grundy_table(spec.Wythoff(), n, n)
    lines = [table[x] for x in range(n)] + [[table[x][y] for x in range(n)] for y in range(n)]
    lines += [[table[x][x + e] for x in range(n - e)] for e in range(n)]
    lines += [[table[x + e][x] for x in range(n - e)] for e in range(n)]
    for line in lines:
        assert len(set(line)) == len(line)


P_RANGE = 201  # the issue asks for at least 0..200


def test_wythoff_p_positions_are_beatty_pairs() -> None:
    """000 Theorem 1.1, with floor(n phi) computed exactly by isqrt."""
    game = spec.Wythoff()
    p_positions = {
        (x, y) for x in range(P_RANGE) for y in range(P_RANGE) if spec.outcome(game, (x, y)) == "P"
    }
    beatty = {(lower_wythoff(n), upper_wythoff(n)) for n in range(P_RANGE)}
    beatty |= {(b, a) for a, b in beatty}
    assert p_positions == {(x, y) for x, y in beatty if x < P_RANGE and y < P_RANGE}


@pytest.mark.parametrize("claim_id", ["ho-r-wythoff-p", "ho-f-wythoff-p"])
def test_ho_p_positions(claim_id: str) -> None:
    """Ho (001 Remark 5, §1): R-Wythoff has Wythoff's P-positions; F-Wythoff has (0, 0) and
    Wythoff's translated by (1, 1). One home: the claims (proofs_check.claims_jiao), on the
    issue's range 0..200."""
    from proofs_check.catalogue import run_claim

    report = run_claim(claim_id, {"size": P_RANGE})
    assert report.status == "holds" and report.cases == P_RANGE**2, report.witness


def test_ho_claims_report_a_false_variant(monkeypatch: pytest.MonkeyPatch) -> None:
    """The claim's check can fail: with one cell of the formula flipped it is violated."""
    from proofs_check import claims_jiao
    from proofs_check.catalogue import run_claim

    real = claims_jiao.fwythoff_p
    monkeypatch.setattr(claims_jiao, "fwythoff_p", lambda x, y: real(x, y) != ((x, y) == (4, 6)))
    report = run_claim("ho-f-wythoff-p", {"size": 10})
    assert report.status == "violated" and (report.witness or {}).get("x") == 4, report.witness


def test_every_registered_game_is_drawn() -> None:
    assert set(spec.GAMES) <= set(game_names())


@given(piles(), piles(), piles())
@example(3, 5, 0)
@example(1, 2, 3)
def test_sprague_grundy_theorem(x: int, y: int, heap: int) -> None:
    """The value of a sum is the XOR of the component values (000 §1.1)."""
    plain = spec.grundy(spec.Sum(spec.Wythoff(), spec.Nim()), ((x, y), (heap,)))
    assert plain == spec.grundy(spec.Wythoff(), (x, y)) ^ heap


@given(game_and_position())
def test_sum_of_two_registered_games(drawn: tuple[str, tuple[int, ...]]) -> None:
    name, pos = drawn
    game = spec.get_game(name)
    total = spec.grundy(spec.Sum(game, spec.get_game(name)), (pos, pos))
    assert total == 0  # G xor G


@given(game_and_position(), st.integers(0, 6))
def test_bounded_labelling_agrees_with_grundy(drawn: tuple[str, tuple[int, ...]], g: int) -> None:
    """000 Lemma 1.3: H = G where G <= g, and 'above' exactly where G > g."""
    name, pos = drawn
    game = spec.get_game(name)
    value = spec.grundy(game, pos)
    bounded = spec.bounded_grundy(spec.get_game(name), pos, g)
    assert bounded == (value if value <= g else spec.ABOVE)


@given(game_and_position())
def test_winning_moves_lead_to_zero(drawn: tuple[str, tuple[int, ...]]) -> None:
    name, pos = drawn
    game = spec.get_game(name)
    moves = spec.winning_moves(game, pos)
    assert all(spec.grundy(game, m) == 0 for m in moves)
    assert bool(moves) == (spec.grundy(game, pos) != 0)


@given(game_and_position())
def test_lemma_1_2_value_at_most_number_of_followers(drawn: tuple[str, tuple[int, ...]]) -> None:
    name, pos = drawn
    game = spec.get_game(name)
    assert spec.grundy(game, pos) <= len(list(game.followers(pos)))


class TestDeepPositions:
    """The solver is iterative: depth beyond the recursion limit is fine."""

    def test_wythoff_long_chain(self) -> None:
        # (2500, 0) has a path of length 2500 (> the default recursion limit).
        assert spec.grundy(spec.Wythoff(), (2500, 0)) == 2500

    def test_nim_long_chain(self) -> None:
        assert spec.grundy(spec.Nim(), (3000,)) == 3000

    def test_fibonacci_nim_agrees_with_theorem_3_2(self) -> None:
        """002 Theorem 3.2 on the spec's Fibonacci Nim: G(n, r) = 0 iff r < z1(n), z1 the
        least Zeckendorf term. The statement's one home is its claim, which asks the spec
        (cubic in n, so n stays small here; the Zeckendorf rule is checked further in its
        own tests)."""
        from proofs_check.catalogue import run_claim

        report = run_claim("suriyaprakash-thm-3.2", {"n": 89})
        assert report.status == "holds", report.witness
        assert report.cases == sum(n + 2 for n in range(1, 90))

    @pytest.mark.slow
    def test_wythoff_400_400(self) -> None:
        assert spec.grundy(spec.Wythoff(), (400, 400)) >= 0


class TestErrors:
    def test_negative_pile(self) -> None:
        with pytest.raises(spec.InvalidPosition, match=r"wythoff: .*non-negative \(x = -1\)"):
            spec.grundy(spec.Wythoff(), (-1, 3))

    def test_not_an_int(self) -> None:
        with pytest.raises(spec.InvalidPosition, match=r"y = 2.5 is not an int"):
            spec.grundy(spec.FWythoff(), (1, 2.5))

    def test_wrong_arity(self) -> None:
        with pytest.raises(spec.InvalidPosition, match=r"wrong arity, expected 2 integers"):
            spec.grundy(spec.RWythoff(), (1, 2, 3))

    def test_bool_is_not_a_pile(self) -> None:
        with pytest.raises(spec.InvalidPosition, match=r"is not an int"):
            spec.grundy(spec.Nim(), (True,))

    def test_sum_position_shape(self) -> None:
        with pytest.raises(spec.InvalidPosition, match=r"expected a tuple of 2 component"):
            spec.grundy(spec.Sum(spec.Wythoff(), spec.Nim()), ((1, 2),))

    def test_fibonacci_start_needs_tokens(self) -> None:
        with pytest.raises(spec.InvalidPosition, match=r"n >= 1"):
            spec.FibonacciNim.start(0)

    def test_unknown_game(self) -> None:
        with pytest.raises(ValueError, match=r"unknown game 'chess'; known games: ") as e:
            spec.get_game("chess")
        known = str(e.value).split("known games: ", 1)[1]
        # every registered game (a plugin's too, whatever its name sorts as), in order
        names = known.split("; families", 1)[0].split(", ")
        assert names == sorted(names) and {"f-wythoff", "wythoff"} <= set(names)
        assert "families, e.g. a-wythoff:2, " in str(e.value)  # the families too
        assert "nimhof:1,0/0,1/1,1" in str(e.value)

    def test_bounded_needs_natural_bound(self) -> None:
        with pytest.raises(ValueError, match=r"the bound g must be an int >= 0 \(g = -2\)"):
            spec.bounded_grundy(spec.Wythoff(), (1, 1), -2)

    def test_table_size(self) -> None:
        with pytest.raises(ValueError, match=r"rows must be an int >= 0 \(rows = -3\)"):
            spec.grundy_table(spec.Wythoff(), -3, 3)


def test_register_a_new_variant() -> None:
    """Adding a variant is one class with followers plus the decorator."""

    @spec.register_game
    class Subtraction12(spec.PileGame):
        name = "test-subtraction-1-2"
        rules = "take 1 or 2 tokens"
        source = "test"

        def followers(self, position):  # type: ignore[no-untyped-def]
            (n,) = position
            return iter([(n - k,) for k in (1, 2) if k <= n])

    try:
        game = spec.get_game("test-subtraction-1-2")
        assert [spec.grundy(game, (n,)) for n in range(7)] == [0, 1, 2, 0, 1, 2, 0]
    finally:
        del spec.GAMES["test-subtraction-1-2"]


def _said_symmetric() -> list[str]:
    import spec.tables

    names = [n for n in spec.GAMES if isinstance(spec.get_game(n), spec.TwoPileGame)]
    names += [f.example for f in spec.FAMILIES.values() if f.example]
    return [n for n in names if spec.tables.symmetric(n)]


@pytest.mark.parametrize("name", _said_symmetric())
def test_a_game_said_symmetric_is(name: str) -> None:
    """``spec.tables.symmetric`` (a stated ``symmetric``, or rays closed under the swap) is
    what the value and moves methods orient positions by: it must hold on the spec's table."""
    table = spec.grundy_table(spec.get_game(name), 24, 24)
    assert all(table[x][y] == table[y][x] for x in range(24) for y in range(24))


@pytest.mark.parametrize(
    ("name", "hint"),
    [("wythof", "did you mean 'wythoff'"), ("a-wythof:2", "did you mean 'a-wythoff'"),
     ("fibonaci-nim", "did you mean 'fibonacci-nim'")],
)  # fmt: skip
def test_a_game_name_typo_gets_a_suggestion(name: str, hint: str) -> None:
    """Issue 38 item 6: the one-line error of a mistyped game names the closest games."""
    with pytest.raises(ValueError, match="unknown game") as error:
        spec.get_game(name)
    assert hint in str(error.value) and "\n" not in str(error.value)
    with pytest.raises(ValueError) as error:
        spec.get_game("chess")
    assert "did you mean" not in str(error.value)
