"""One budget, honoured everywhere (issue 38 item 4).

``--budget`` (and ``budget=`` in the library) is the only limit on a method's
time: the registry's door chooses a method whose estimate fits it, and the
same budget bounds the spec solver while it runs (no environment variable,
no hidden 60 s). The spec's estimate comes from the game's own follower
counts on a sample of its sub-positions (:func:`spec.solver.game_estimate`),
so a one-heap game with three moves a position costs linearly in the heap,
not n^2. No test here reads the clock: the estimates are compared with each
other and with the budget, and the limit the solver runs under is recorded
by the game's own ``followers``.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from typing import Any, ClassVar

import pytest
import user_games
from user_games import Sub134

import grundy
import spec
from grundy import cli
from registry import BUDGET_SECONDS, QUESTIONS, question, unregister_question


class ThreePiles(user_games.ThreePiles):
    """The three-pile game that records the solver's time limit each time the solver asks
    for followers."""

    seen: ClassVar[list[float | None]] = []

    def followers(self, position: Any) -> Iterator[tuple[int, ...]]:
        if spec.solver._RUNS:  # the solver's run (not the cost model's sample)
            ThreePiles.seen.append(spec.solver._LIMITS[-1].max_seconds)
        yield from super().followers(position)


@pytest.fixture
def registered() -> Iterator[None]:
    """Both games registered (as a plugin would), and removed afterwards."""
    for cls in (Sub134, ThreePiles):
        spec.register_game(cls)
    yield
    for cls in (Sub134, ThreePiles):
        spec.GAMES.pop(cls.name, None)
        for key in [k for k in QUESTIONS if k.endswith(f":{cls.name}")]:
            unregister_question(key)


def _mex_sequence(n: int, moves: tuple[int, ...]) -> list[int]:
    """G(0..n) of a subtraction game by a plain loop (an independent brute force)."""
    values: list[int] = []
    for heap in range(n + 1):
        seen = {values[heap - k] for k in moves if k <= heap}
        values.append(min(set(range(len(moves) + 1)) - seen))
    return values


def test_the_estimate_counts_the_games_own_followers() -> None:
    """Three followers a position: linear in the heap (not n x n); Wythoff's many followers
    (about 160 on average below (100, 150)) cost more per sub-position than S(1, 3, 4)'s."""
    small, large = (spec.solver.game_estimate(Sub134(), (n,))[0] for n in (10**5, 10**6))
    assert 9 < large / small < 11
    per = spec.solver.SECONDS_PER_POSITION + 3 / spec.solver.FOLLOWERS_PER_SECOND
    assert large == pytest.approx((10**6 + 1) * per, rel=0.01)
    wythoff = spec.solver.game_estimate(spec.Wythoff(), (100, 150))[0] / (101 * 151)
    assert wythoff > 5 * per


def test_one_heap_20000_is_answered_by_the_spec(registered: None) -> None:
    door = question("value", "test-sub134")
    assert door.choose(position=(20_000,)).name == "spec"
    seconds, _ = door.estimate(position=(10**6,))
    assert seconds < BUDGET_SECONDS  # 10^6 answered within the default budget, not refused
    assert grundy.value("test-sub134", (20_000,)).value == _mex_sequence(20_000, (1, 3, 4))[-1]


def test_budget_decides_the_spec_of_three_piles(registered: None) -> None:
    """(100, 120, 140): over the default budget by its estimate, within 300 s."""
    door = question("value", "test-three-piles")
    (_, refused), *_ = door.candidates(position=(100, 120, 140))
    assert refused is not None and refused.kind == "budget"
    (impl, reason), *_ = door.candidates(budget=300, position=(100, 120, 140))
    assert impl.name == "spec" and reason is None


@pytest.mark.parametrize(
    ("budget", "outer", "expected"),
    [(None, None, BUDGET_SECONDS), (300.0, None, 300.0), (None, 500.0, 500.0),
     (300.0, 500.0, 300.0), (math.inf, None, math.inf)],
)  # fmt: skip
def test_the_budget_bounds_the_solver_in_the_library(
    registered: None, budget: float | None, outer: float | None, expected: float
) -> None:
    """The door's budget is the spec solver's time limit while it runs; a budget set further
    out (the command line's) stands where none is given."""
    ThreePiles.seen = []
    with spec.limits(max_seconds=outer):
        found = grundy.value("test-three-piles", (3, 4, 5), budget=budget)
    assert found.method == "spec"
    assert set(ThreePiles.seen) == {expected}


@pytest.mark.parametrize(("args", "expected"), [([], BUDGET_SECONDS), (["--budget", "300"], 300)])
def test_the_budget_bounds_the_solver_on_the_command_line(
    registered: None, args: list[str], expected: float, capsys: pytest.CaptureFixture[str]
) -> None:
    ThreePiles.seen = []
    assert cli.main(["value", "test-three-piles", "3,4,5", *args]) == 0
    assert "G(3, 4, 5)" in capsys.readouterr().out
    assert set(ThreePiles.seen) == {expected}


def test_the_solver_limit_names_the_budget() -> None:
    """A run the measured rate projects past the budget is refused, saying how to go on."""
    with spec.limits(max_seconds=0.0, measure_after=0.0), pytest.raises(spec.SolverLimit) as e:
        spec.grundy(Sub134(), (50_000,))
    assert "the budget is 0 s" in str(e.value) and "--budget" in str(e.value)
