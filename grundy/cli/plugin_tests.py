"""The property tests of a plugin's games (``python -m pytest --grundy-plugins MODULE``).

Collected by :mod:`grundy.pytest_plugin` from a directory of your own; each
test runs once per game that the plugin modules registered
(:data:`grundy.pytest_plugin.PLUGIN_GAMES`), on positions drawn by
Hypothesis from the game's own shape: ``arity`` piles of 0..9 (one heap,
two or three piles alike), the state of a :class:`spec.StateGame` from its
``states``, and only positions its ``check_position`` accepts (games whose
positions are not piles get the conformance test only). The statements hold
for every impartial game, so a failure points at the game's definition or at
an implementation that disagrees with it:

* every follower is a position of the game (``check_position`` accepts it);
* the winning moves are the followers of value 0, and exist exactly when
  G != 0 (under a counting rule, :class:`spec.CountingRule`: the position is
  an N-position exactly when at least k of its options are P-positions; the
  statements below about values are for games with Grundy values only);
* G(p) <= the number of followers of p (000 Lemma 1.2: the mex of k values
  is at most k);
* the bounded labelling H_g equals G where G <= g and is ABOVE elsewhere
  (000 Lemma 1.3);
* G(p, p) = 0 in the sum of the game with itself (the Sprague-Grundy
  theorem: G of a sum is the XOR of the values, 000 §1.1);
* every implementation registered for the game (a compiled rule's tables,
  your own algorithm) agrees with the spec on each question's conformance
  domain (the rows ``grundy conformance`` prints).

References
----------
G. Nivasch, "More on the Sprague-Grundy function for Wythoff's game",
Games of No Chance 3 (2009), §1.1, Lemmas 1.2 and 1.3. Seed ``000``.
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import registry
import spec
from grundy.pytest_plugin import PLUGIN_GAMES

#: The largest pile drawn (the spec solves every position below it in milliseconds).
PILE_MAX = 9

#: The most positions of a game's sum with itself that the spec solves per example: a
#: three-pile game's piles are drawn smaller for that test (4^6 positions), a two-pile one's not.
SUM_POSITIONS = 10**4

PROPERTY = settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])

PILE_GAMES = [name for name in PLUGIN_GAMES if isinstance(spec.get_game(name), spec.PileGame)]
#: The pile games with Grundy values (no counting rule): the statements about values.
VALUED_GAMES = [name for name in PILE_GAMES if spec.outcome_rule(spec.get_game(name)) is None]


def _piles(game: spec.ImpartialGame) -> int:
    """How many piles a position of ``game`` has (a state is not a pile)."""
    arity = game.arity if isinstance(game, spec.PileGame) else 2
    return arity - 1 if isinstance(game, spec.StateGame) else arity


def _sum_pile_max(game: spec.ImpartialGame) -> int:
    """The largest pile m <= PILE_MAX whose sum of the game with itself has at most
    SUM_POSITIONS positions ((m + 1) ** (2 * piles)).

    >>> _sum_pile_max(spec.get_game("wythoff")), _sum_pile_max(spec.get_game("wythoff3"))
    (9, 3)
    """
    m = PILE_MAX
    while m > 0 and (m + 1) ** (2 * _piles(game)) > SUM_POSITIONS:
        m -= 1
    return m


def _drawn(
    name: str, data: st.DataObject, pile_max: int | None = None
) -> tuple[spec.ImpartialGame, tuple[int, ...]]:
    """The game ``name`` and a position of it drawn by Hypothesis in the game's own shape:
    ``arity`` piles of 0..``pile_max`` (PILE_MAX by default), the last one of ``states`` for
    a game with a state; a position ``check_position`` refuses (a game's own restriction) is
    not drawn."""
    game = spec.get_game(name)
    top = PILE_MAX if pile_max is None else pile_max
    position = [data.draw(st.integers(0, top)) for _ in range(_piles(game))]
    if isinstance(game, spec.StateGame):
        position.append(data.draw(st.sampled_from(tuple(game.states))))
    try:
        checked = game.check_position(tuple(position))
    except spec.InvalidPosition:
        assume(False)
    return game, checked


@pytest.mark.parametrize("name", PILE_GAMES)
@PROPERTY
@given(data=st.data())
def test_followers_are_positions_of_the_game(name: str, data: st.DataObject) -> None:
    game, position = _drawn(name, data)
    for follower in game.followers(position):
        assert game.check_position(follower) == follower, (position, follower)


@pytest.mark.parametrize("name", PILE_GAMES)
@PROPERTY
@given(data=st.data())
def test_winning_moves_lead_to_zero(name: str, data: st.DataObject) -> None:
    game, position = _drawn(name, data)
    moves = spec.winning_moves(game, position)
    assert all(spec.outcome(game, move) == "P" for move in moves), (position, moves)
    assert len(set(moves)) == len(moves), (position, moves)
    rule = spec.outcome_rule(game)
    if rule is None:
        assert bool(moves) == (spec.grundy(game, position) != 0), position
    else:  # the counting rule: N exactly when at least k options are P-positions
        assert rule.label(len(moves)) == spec.label(game, position), (position, moves)


@pytest.mark.parametrize("name", VALUED_GAMES)
@PROPERTY
@given(data=st.data())
def test_lemma_1_2_value_at_most_number_of_followers(name: str, data: st.DataObject) -> None:
    game, position = _drawn(name, data)
    assert spec.grundy(game, position) <= len(list(game.followers(position))), position


@pytest.mark.parametrize("name", VALUED_GAMES)
@PROPERTY
@given(data=st.data(), g=st.integers(0, 6))
def test_lemma_1_3_bounded_labelling(name: str, data: st.DataObject, g: int) -> None:
    game, position = _drawn(name, data)
    value = spec.grundy(game, position)
    expected = value if value <= g else spec.ABOVE
    assert spec.bounded_grundy(spec.get_game(name), position, g) == expected, (position, g)


@pytest.mark.parametrize("name", VALUED_GAMES)
@PROPERTY
@given(data=st.data())
def test_sum_with_itself_is_zero(name: str, data: st.DataObject) -> None:
    game, position = _drawn(name, data, _sum_pile_max(spec.get_game(name)))
    assert spec.grundy(spec.Sum(game, spec.get_game(name)), (position, position)) == 0


def _questions() -> list[Any]:
    if not PLUGIN_GAMES:
        return []
    return [
        pytest.param(question, id=question.key)
        for question in registry.all_questions(list(PLUGIN_GAMES))
        if question.game in PLUGIN_GAMES
    ]


@pytest.mark.parametrize("question", _questions())
def test_every_implementation_agrees_with_the_spec(question: Any) -> None:
    from grundy.cli import conformance

    rows = conformance.run_question(question)
    failed = [f"{r.implementation} on {r.domain}: {r.result} {r.detail}" for r in rows
              if r.result != "pass"]  # fmt: skip
    assert not failed, "; ".join(failed)
