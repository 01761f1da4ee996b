"""The spec refuses a rule that is not a game, and runs under limits set from above.

A follower rule that grows ((x, y) -> (x + 1, y)) or leaves the board
((x - 5, y) for x < 5) used to make ``value``, ``table`` and ``conformance
--only`` grow memory until killed. The solver admits each sub-position the
first time it reaches it: a valid position, smaller than the one it leaves
(:meth:`spec.ImpartialGame.rank`), else :class:`spec.NotAGame` naming the
game, the position and the follower.
"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import spec
from spec.game import GAMES, TwoPileGame

ROOT = Path(__file__).resolve().parents[1]


class Grow(TwoPileGame):
    name = "test-grow"
    rules = "(x, y) -> (x + 1, y)"
    source = "tests"

    def followers(self, position: Any) -> Iterator[Any]:
        x, y = position
        yield (x + 1, y)


class OffBoard(TwoPileGame):
    name = "test-offboard"
    rules = "(x, y) -> (x, y - 1), (x - 5, y)"
    source = "tests"

    def followers(self, position: Any) -> Iterator[Any]:
        x, y = position
        if y:
            yield (x, y - 1)
        yield (x - 5, y)


class Cycle(TwoPileGame):
    name = "test-cycle"
    rules = "(x, y) -> (y, x)"
    source = "tests"

    def followers(self, position: Any) -> Iterator[Any]:
        x, y = position
        yield (y, x)


class Shift(TwoPileGame):
    """A real game whose move raises y: (x, y) -> (x - 1, y + 2) lowers x, so it is
    lexicographically smaller; (x, y) -> (x + 1, y - 3) is not, unless rank says so."""

    name = "test-shift"
    rules = "(x, y) -> (x + 1, y - 3) while y >= 3"
    source = "tests"

    def followers(self, position: Any) -> Iterator[Any]:
        x, y = position
        if y >= 3:
            yield (x + 1, y - 3)


class RankedShift(Shift):
    name = "test-ranked-shift"

    def rank(self, position: Any) -> Any:
        return position[1]  # y falls by 3 at every move


@pytest.mark.parametrize(
    ("game", "position", "where", "why"),
    [
        (Grow(), (3, 4), "(4, 4) of (3, 4)", "is not smaller than it"),
        (OffBoard(), (2, 1), "(-3, 0) of (2, 0)", "is not a valid position"),
        (Cycle(), (2, 1), "(2, 1) of (1, 2)", "is not smaller than it"),
        (Shift(), (0, 3), "(1, 0) of (0, 3)", "is not smaller than it"),
    ],
)
def test_a_rule_that_is_not_a_game_is_refused_by_name(
    game: TwoPileGame, position: tuple[int, int], where: str, why: str
) -> None:
    with pytest.raises(spec.NotAGame) as caught:
        spec.grundy(game, position)
    message = str(caught.value)
    assert message.startswith(f"{game.name}: the rule is not a game")
    assert f"the follower {where} {why}" in message


def test_refused_before_memory_grows() -> None:
    # the first follower is refused: nothing was memoised
    game = Grow()
    with pytest.raises(spec.NotAGame):
        spec.grundy(game, (10**6, 10**6))
    assert game.memo["grundy"] == {}


def test_a_game_may_define_its_rank() -> None:
    assert spec.grundy(RankedShift(), (0, 9)) == 1  # (0,9) -> (1,6) -> (2,3) -> (3,0)
    assert spec.winning_moves(RankedShift(), (0, 9)) == [(1, 6)]


def test_the_registered_games_are_games() -> None:
    for cls in GAMES.values():
        game = cls()
        corner = (9, 8, 7) if spec.is_three_pile(game) else (9, 8)
        spec.grundy(game, corner[: getattr(game, "arity", 1)])
    assert spec.grundy(spec.Sum(spec.Wythoff(), spec.Nim()), ((3, 4), (5,))) >= 0


def test_limits_refuse_on_memory_and_on_measured_time() -> None:
    with spec.limits(max_positions=1000), pytest.raises(spec.SolverLimit, match="1,000 sub"):
        spec.grundy(spec.Wythoff(), (80, 90))
    with (
        spec.limits(max_seconds=1e-9, measure_after=0.0),
        pytest.raises(spec.SolverLimit, match=r"would take about .* per sub-position"),
    ):
        spec.grundy(spec.Wythoff(), (80, 90))
    assert spec.grundy(spec.Wythoff(), (80, 90)) == spec.grundy(spec.Wythoff(), (90, 80))


def test_progress_is_reported_from_above() -> None:
    calls: list[tuple[int, int | None, bool]] = []
    with spec.limits(
        progress=lambda d, e, s, f: calls.append((d, e, f)), progress_after=0.0, progress_every=0.0
    ):
        spec.grundy_table(spec.Wythoff(), 60, 60)
    assert calls and calls[-1][2] and not calls[0][2]
    assert all(e == 3600 for _, e, _ in calls)
    assert calls[-1][0] == 3600  # every cell solved once


@pytest.mark.parametrize("stop", ["refused", "interrupted"])
def test_progress_is_finished_when_a_solve_stops(stop: str) -> None:
    """A refused or interrupted evaluation still closes its progress (final=True)."""
    calls: list[bool] = []

    def progress(done: int, estimate: int | None, seconds: float, final: bool) -> None:
        calls.append(final)
        if stop == "interrupted" and not final:
            raise KeyboardInterrupt

    settings: dict[str, Any] = {"progress": progress, "progress_after": 0.0, "progress_every": 0.0}
    if stop == "refused":
        settings["max_positions"] = 3000  # checked every 2048: progress once, then refused
    error = spec.SolverLimit if stop == "refused" else KeyboardInterrupt
    with spec.limits(**settings), pytest.raises(error):
        spec.grundy(spec.Wythoff(), (80, 90))
    assert calls[0] is False and calls[-1] is True and calls.count(True) == 1
    assert spec.grundy(spec.Wythoff(), (3, 5)) == spec.grundy(spec.Wythoff(), (5, 3))


PLUGIN = """
from spec.game import TwoPileGame, register_game

@register_game
class Grow(TwoPileGame):
    name = "grow"
    rules = "(x, y) -> (x + 1, y)"
    source = "test"

    def followers(self, position):
        x, y = position
        yield (x + 1, y)

@register_game
class Under(TwoPileGame):
    name = "under"
    rules = "(x, y) -> (x, y - 1), (x - 5, y)"
    source = "test"

    def followers(self, position):
        x, y = position
        if y > 0:
            yield (x, y - 1)
        yield (x - 5, y)
"""


@pytest.mark.parametrize("name", ["grow", "under"])
def test_the_cli_refuses_the_bad_plugin_games(name: str, tmp_path: Path) -> None:
    (tmp_path / "badrules.py").write_text(PLUGIN)
    env = {"GRUNDY_PLUGINS": "badrules", "PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"}
    script = (
        "import sys; from grundy.cli import main\n"
        "for argv in ([ 'value', NAME, '3,4'], ['table', NAME, '--size', '6'],"
        " ['conformance', '--only', NAME, '--quiet']):\n"
        "    print('EXIT', main(argv), flush=True)\n"
    ).replace("NAME", repr(name))
    done = subprocess.run(
        [
            sys.executable,
            "-c",
            f"import resource; resource.setrlimit(resource.RLIMIT_AS, "
            f"(2 * 10**9, 2 * 10**9))\n{script}",
        ],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    exits = [line.split()[1] for line in done.stdout.splitlines() if line.startswith("EXIT")]
    assert exits == ["2", "2", "1"], (exits, done.stdout[-2000:], done.stderr[-2000:])
    refusals = [line for line in done.stderr.splitlines() if "error" in line]
    assert len(refusals) == 2
    assert all(f"{name}: the rule is not a game" in line for line in refusals)
    assert f"{name}: the rule is not a game" in done.stdout  # conformance names it
