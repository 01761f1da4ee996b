"""spec.families: NimHof and a-Wythoff as games with parameters."""

from __future__ import annotations

import json
from functools import cache

import pytest
from hypothesis import given
from hypothesis import strategies as st
from strategies import family_members, nimhof_rules, piles

import spec
from grundy.cli import main
from spec.families import AWythoff, NimHof

SIZE = 18


@cache
def wythoff_table(size: int = SIZE) -> list[list[int]]:
    return spec.grundy_table(spec.Wythoff(), size, size)


@pytest.mark.parametrize("name", ["nimhof:1,0/0,1/1,1", "nimhof:1,1/0,1/1,0", "a-wythoff:1"])
def test_wythoff_members_have_wythoffs_table(name: str) -> None:
    assert spec.grundy_table(spec.get_game(name), SIZE, SIZE) == wythoff_table()


@pytest.mark.parametrize("name", ["nimhof:1,0/0,1/1,1", "a-wythoff:1"])
def test_wythoff_members_have_wythoffs_followers(name: str) -> None:
    game, wythoff = spec.get_game(name), spec.Wythoff()
    for x in range(8):
        for y in range(8):
            assert set(game.followers((x, y))) == set(wythoff.followers((x, y)))


def test_nimhof_rules_example() -> None:
    # Rule [1, 2]: (x, y) -> (x - i, y - 2i); rule [0, 3]: (x, y) -> (x, y - 3i).
    game = spec.get_game("nimhof:1,2/0,3")
    assert sorted(game.followers((2, 7))) == [(0, 3), (1, 5), (2, 1), (2, 4)]
    assert list(game.followers((0, 2))) == []
    assert spec.grundy(game, (0, 2)) == 0 and spec.grundy(game, (0, 3)) == 1


def test_a_wythoff_rules_example() -> None:
    # a = 2: one pile alone, or (k, l) from both with |k - l| <= 1.
    game = spec.get_game("a-wythoff:2")
    both = {(3 - k, 3 - l) for k in range(1, 4) for l in range(1, 4) if abs(k - l) < 2}
    alone = {(3 - k, 3) for k in range(1, 4)} | {(3, 3 - k) for k in range(1, 4)}
    followers = set(game.followers((3, 3)))
    assert followers == both | alone
    assert (1, 0) in followers  # k = 2, l = 3
    assert (0, 2) not in followers  # k = 3, l = 1: |k - l| = 2 is not < 2
    assert (0, 2) in set(spec.get_game("a-wythoff:3").followers((3, 3)))


@given(a=st.integers(1, 6), x=piles(), y=piles())
def test_a_wythoff_followers_match_the_definition(a: int, x: int, y: int) -> None:
    expected = {(x - k, y) for k in range(1, x + 1)} | {(x, y - k) for k in range(1, y + 1)}
    expected |= {(x - k, y - l) for k in range(1, x + 1) for l in range(1, y + 1) if abs(k - l) < a}
    assert set(AWythoff(a).followers((x, y))) == expected


@given(
    rules=nimhof_rules(hi=5, max_rules=4),
    x=piles(12),
    y=piles(12),
)
def test_nimhof_followers_match_the_definition(
    rules: list[tuple[int, int]], x: int, y: int
) -> None:
    expected = {
        (x - i * a, y - i * b)
        for a, b in rules
        for i in range(1, 13)
        if x - i * a >= 0 and y - i * b >= 0
    }
    game = NimHof(rules)
    assert set(game.followers((x, y))) == expected
    again = spec.get_game(game.describe())  # the canonical name names the same game
    assert isinstance(again, NimHof) and again.rule_set == game.rule_set


def test_canonical_names() -> None:
    assert spec.get_game("nimhof: 1,1 /1,0/ 1,1/01,0").describe() == "nimhof:1,0/1,1"
    assert spec.get_game("a-wythoff: 03").describe() == "a-wythoff:3"
    assert repr(spec.get_game("a-wythoff:3")) == "AWythoff(3)"


@pytest.mark.parametrize(
    ("name", "needle"),
    [
        ("nimhof:", "nimhof: no rules"),
        ("nimhof:1", "nimhof: rule '1' must be two integers"),
        ("nimhof:0,0", "nimhof: rule '0,0' moves nothing"),
        ("nimhof:-1,2", "nimhof: rule '-1,2': A = -1 must be >= 0"),
        ("nimhof:1,x", "nimhof: parameter B = 'x' is not an integer"),
        ("nimhof:1,0//0,1", "nimhof: rule '' must be two integers"),
        ("a-wythoff:0", "a-wythoff: parameter A = 0 must be >= 1"),
        ("a-wythoff:x", "a-wythoff: parameter A = 'x' is not an integer"),
        ("a-wythoff:", "a-wythoff: parameter A is missing"),
        ("nimhof", "nimhof is a family of games"),
        ("chess:3", "unknown game family 'chess'"),
    ],
)
def test_bad_family_names_are_refused(name: str, needle: str) -> None:
    with pytest.raises(ValueError, match="^" + needle.replace("(", r"\(")) as info:
        spec.get_game(name)
    assert "\n" not in str(info.value)


def test_bad_family_name_on_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["value", "nimhof:0,0", "1,2"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "nimhof: rule '0,0' moves nothing" in err


def test_family_member_on_the_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["value", "a-wythoff:2", "3,5", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["value"] == spec.grundy(AWythoff(2), (3, 5))


def test_families_are_listed(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["games", "--json"]) == 0
    names = {row["name"] for row in json.loads(capsys.readouterr().out)}
    assert {"nimhof:A,B/C,D/...", "a-wythoff:A"} <= names
    assert set(spec.FAMILIES) >= {"nimhof", "a-wythoff"}


def test_register_family_refuses_clashes() -> None:
    with pytest.raises(ValueError, match="already a game name"):
        spec.register_family("wythoff", NimHof.from_text)
    with pytest.raises(ValueError, match="already registered"):
        spec.register_family("nimhof", AWythoff.from_text)
    with pytest.raises(ValueError, match="bad prefix"):
        spec.register_family("a:b", AWythoff.from_text)


# The generic properties of tests/test_spec_games.py, for any family member (those draw
# only the members the conformance report asks about: a family is a prefix, not one game).


@given(family_members(), piles(), piles(), piles(), piles())
def test_sprague_grundy_theorem_for_members(name: str, a: int, b: int, c: int, d: int) -> None:
    game = spec.get_game(name)
    total = spec.grundy(spec.Sum(game, spec.get_game(name)), ((a, b), (c, d)))
    assert total == spec.grundy(game, (a, b)) ^ spec.grundy(game, (c, d))


@given(family_members(), piles(), piles(), st.integers(0, 6))
def test_bounded_labelling_for_members(name: str, a: int, b: int, g: int) -> None:
    value = spec.grundy(spec.get_game(name), (a, b))
    bounded = spec.bounded_grundy(spec.get_game(name), (a, b), g)
    assert bounded == (value if value <= g else spec.ABOVE)


@given(family_members(), piles(), piles())
def test_winning_moves_and_lemma_1_2_for_members(name: str, a: int, b: int) -> None:
    game = spec.get_game(name)
    moves = spec.winning_moves(game, (a, b))
    assert all(spec.grundy(game, m) == 0 for m in moves)
    assert bool(moves) == (spec.grundy(game, (a, b)) != 0)
    assert spec.grundy(game, (a, b)) <= len(set(game.followers((a, b))))
