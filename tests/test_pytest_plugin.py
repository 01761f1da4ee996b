"""``python -m pytest --grundy-plugins MODULE`` from a user's own directory (issue 30 item 6).

Before issue 30 the option lived in tests/conftest.py, so pytest said
``unrecognized arguments`` anywhere but in this repository, and
``test_unknown_game`` failed for a plugin game whose name sorts before
``f-wythoff``. The option is now the package's pytest plugin (an entry
point), and from a directory of your own it runs the property tests of the
plugin's games (grundy/cli/plugin_tests.py). Each run here starts in an empty
temporary directory holding only the plugin module.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from importlib.metadata import entry_points
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

#: A level (a) plugin (docs/adding-a-game.md): Wythoff with the knight's moves towards
#: the origin. Its name sorts before f-wythoff.
PLUGIN = """
from spec import TwoPileGame, register_game


@register_game
class BKnightWythoff(TwoPileGame):
    name = "b-knight-wythoff"
    rules = "Wythoff's moves, and (x, y) -> (x - 2, y - 1) or (x - 1, y - 2)"
    source = "tests/test_pytest_plugin.py"

    def followers(self, position):
        x, y = position
        yield from ((x - k, y) for k in range(1, x + 1))
        yield from ((x, y - k) for k in range(1, y + 1))
        yield from ((x - k, y - k) for k in range(1, min(x, y) + 1))
        for dx, dy in ((2, 1), (1, 2)):
            if x >= dx and y >= dy:
                yield (x - dx, y - dy)
"""

#: The same game with a bug: a knight's move that can leave the board.
BROKEN = PLUGIN.replace("if x >= dx and y >= dy:", "if x + y >= dx + dy:")


def _pytest(args: list[str], cwd: Path) -> subprocess.CompletedProcess[str]:
    # this checkout's package (the installed one in a user's directory), nothing else
    env = {k: v for k, v in os.environ.items() if k not in ("GRUNDY_PLUGINS", "PYTHONPATH")}
    env["PYTHONPATH"] = str(ROOT)
    return subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", *args],
        cwd=cwd,
        env=env,
        capture_output=True,
        text=True,
        timeout=900,
    )


def test_the_plugin_is_an_entry_point() -> None:
    """Installed with the package (``pip install -e .`` again after pulling this change)."""
    names = {entry.value for entry in entry_points(group="pytest11")}
    assert "grundy.pytest_plugin" in names, "reinstall the package: pip install -e ."


def test_a_users_directory_runs_the_property_tests_of_its_game(tmp_path: Path) -> None:
    (tmp_path / "b_knight.py").write_text(PLUGIN)
    done = _pytest(["--grundy-plugins", "b_knight", "-rA"], tmp_path)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    assert "unrecognized arguments" not in done.stderr
    passed = [line for line in done.stdout.splitlines() if line.startswith("PASSED")]
    tests = {line.split("::")[1].split("[")[0] for line in passed if "b-knight-wythoff" in line}
    assert {
        "test_followers_are_positions_of_the_game",
        "test_winning_moves_lead_to_zero",
        "test_lemma_1_3_bounded_labelling",
        "test_every_implementation_agrees_with_the_spec",
    } <= tests, done.stdout[-3000:]


def test_a_broken_game_fails_its_property_tests(tmp_path: Path) -> None:
    (tmp_path / "b_knight.py").write_text(BROKEN)
    done = _pytest(["--grundy-plugins", "b_knight", "-x"], tmp_path)
    assert done.returncode == 1, done.stdout[-3000:]
    assert "test_followers_are_positions_of_the_game[b-knight-wythoff]" in done.stdout


#: A one-heap game (``arity = 1``), the subtraction game S(1, 3, 4), and a three-pile game
#: (``arity = 3``): take from one pile, or the same amount from two; each a plugin module that
#: registers the game of tests/user_games.py (copied beside it) under its own name.
ONE_HEAP = """
import spec
import user_games


@spec.register_game
class Sub134(user_games.Sub134):
    name = "sub134"
"""
THREE_PILES = """
import spec
import user_games


@spec.register_game
class ThreeWythoff(user_games.ThreePiles):
    name = "three-wythoff"
"""


def _doc_file(name: str) -> str:
    """The ``# file: name`` block of docs/adding-a-game.md."""
    text = (ROOT / "docs" / "adding-a-game.md").read_text()
    return text.split(f"# file: {name}\n", 1)[1].split("```", 1)[0]


def test_games_of_every_shape_pass_their_property_tests(tmp_path: Path) -> None:
    """Issue 38 item 5: level (d)'s game with a state (positions drawn from its ``states``),
    its counting rule, a one-heap and a three-pile game: every property test passes."""
    files = {"nim_pass": _doc_file("nim_pass.py"), "blocking_nim": _doc_file("blocking_nim.py"),
             "sub134": ONE_HEAP, "three_wythoff": THREE_PILES}  # fmt: skip
    for name, source in files.items():
        (tmp_path / f"{name}.py").write_text(source)
    shutil.copy(Path(__file__).with_name("user_games.py"), tmp_path)
    done = _pytest(["--grundy-plugins", ",".join(files), "-rA", "-p", "no:randomly"], tmp_path)
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    passed = [line for line in done.stdout.splitlines() if line.startswith("PASSED")]
    for game in ("nim-pass", "blocking-nim", "sub134", "three-wythoff"):
        ran = {line.split("::")[1].split("[")[0] for line in passed if f"[{game}]" in line}
        assert {"test_followers_are_positions_of_the_game",
                "test_winning_moves_lead_to_zero"} <= ran, (game, done.stdout[-3000:])  # fmt: skip
    valued = {line.split("[")[1] for line in passed if "test_sum_with_itself_is_zero" in line}
    assert valued == {"nim-pass]", "sub134]", "three-wythoff]"}, done.stdout[-3000:]


def test_a_state_outside_states_is_a_bug_the_tests_find(tmp_path: Path) -> None:
    """A pass that leads to a state the game does not have fails the followers test."""
    broken = _doc_file("nim_pass.py").replace("yield (x, y, 0)", "yield (x, y, 2)")
    (tmp_path / "nim_pass.py").write_text(broken)
    done = _pytest(["--grundy-plugins", "nim_pass", "-x", "-p", "no:randomly"], tmp_path)
    assert done.returncode == 1, done.stdout[-3000:]
    assert "test_followers_are_positions_of_the_game[nim-pass]" in done.stdout


def test_an_unknown_module_is_a_usage_error(tmp_path: Path) -> None:
    done = _pytest(["--grundy-plugins", "no_such_module"], tmp_path)
    assert done.returncode == 4 and "cannot import 'no_such_module'" in done.stderr, done.stderr


@pytest.mark.parametrize("test", ["tests/test_spec_games.py::TestErrors::test_unknown_game"])
def test_repository_tests_with_a_plugin_that_sorts_first(test: str, tmp_path: Path) -> None:
    (tmp_path / "b_knight.py").write_text(PLUGIN)
    env_path = os.pathsep.join([str(tmp_path), str(ROOT)])
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
         "--grundy-plugins", "b_knight", test],
        cwd=ROOT,
        env={**os.environ, "PYTHONPATH": env_path},
        capture_output=True,
        text=True,
        timeout=600,
    )  # fmt: skip
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-2000:]
