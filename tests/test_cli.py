"""The ``grundy`` command line: output, --json, and exit code 2 on bad input."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from grundy.cli import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    try:
        code = main(list(argv))
    except SystemExit as exit_:  # argparse errors and --help
        code = int(exit_.code or 0)
    out, err = capsys.readouterr()
    return code, out, err


class TestGames:
    def test_lists_every_registered_game(self, capsys: pytest.CaptureFixture[str]) -> None:
        code, out, _ = run(capsys, "games", "--json")
        names = {row["name"] for row in json.loads(out)}
        assert code == 0
        assert names >= {"wythoff", "f-wythoff", "r-wythoff", "fibonacci-nim", "nim"}


class TestValueAndMoves:
    def test_value(self, capsys: pytest.CaptureFixture[str]) -> None:
        code, out, _ = run(capsys, "value", "wythoff", "5,8")
        assert code == 0 and "= 2 " in out  # G(5, 8) = 2 in the table of 003

    def test_value_json(self, capsys: pytest.CaptureFixture[str]) -> None:
        code, out, _ = run(capsys, "value", "f-wythoff", "1,8", "--json")
        assert code == 0 and json.loads(out)["value"] == 9

    def test_value_of_a_sum(self, capsys: pytest.CaptureFixture[str]) -> None:
        code, out, _ = run(capsys, "value", "wythoff+nim", "5,8+2", "--json")
        assert code == 0 and json.loads(out)["value"] == 0

    def test_moves(self, capsys: pytest.CaptureFixture[str]) -> None:
        code, out, _ = run(capsys, "moves", "wythoff", "4,5", "--json")
        assert code == 0 and json.loads(out)["winning_moves"] == [[1, 2], [3, 5]]

    def test_moves_at_p_position(self, capsys: pytest.CaptureFixture[str]) -> None:
        code, out, _ = run(capsys, "moves", "wythoff", "3,5")
        assert code == 0 and "P-position" in out


class TestTable:
    def test_printed_like_the_seeds(self, capsys: pytest.CaptureFixture[str]) -> None:
        code, out, _ = run(capsys, "table", "wythoff", "--size", "4", "--impl", "spec")
        lines = out.splitlines()
        assert code == 0
        assert lines[1].split() == ["3", "|", "3", "4", "5", "6"]  # row 3 on top
        assert lines[4].split() == ["0", "|", "0", "1", "2", "3"]  # row 0 at the bottom

    def test_json_matrix(self, capsys: pytest.CaptureFixture[str]) -> None:
        code, out, _ = run(capsys, "table", "wythoff", "--size", "3", "--json")
        assert code == 0 and json.loads(out)["table"] == [[0, 1, 2], [1, 2, 0], [2, 0, 1]]

    def test_refuses_a_table_too_big_for_memory(self, capsys: pytest.CaptureFixture[str]) -> None:
        code, _, err = run(capsys, "table", "wythoff", "--size", "10000000")
        assert code == 2 and "GiB" in err and "Traceback" not in err


class TestBadInput:
    @pytest.mark.parametrize(
        ("argv", "message"),
        [
            (["value", "chess", "1,2"], "unknown game 'chess'"),
            (["value", "wythoff", "1,x"], "'x' is not an integer"),
            (["value", "wythoff", "1,-2"], "must be non-negative (y = -2)"),
            (["value", "wythoff", "1,2,3"], "wrong arity"),
            (["value", "wythoff", "100000,100000"], "raise --max-positions"),
            (["moves", "wythoff+nim", "1,2"], "needs 2 parts separated by '+'"),
            (["table", "nim", "--rows", "3", "--cols", "3"], "is a one-heap game"),
            (["table", "fibonacci-nim+nim"], "has no two-pile Grundy table"),
            (["table", "wythoff", "--size", "-1"], "argument --size: must be >= 0 (--size = -1)"),
            (["table", "wythoff", "--impl", "nope"], "unknown implementation 'nope'"),
            (["table", "wythoff", "--size", "x"], "argument --size: must be an integer"),
            (["frobnicate"], "invalid choice"),
        ],
    )
    def test_one_line_exit_2(
        self, capsys: pytest.CaptureFixture[str], argv: list[str], message: str
    ) -> None:
        code, _, err = run(capsys, *argv)
        assert code == 2
        assert message in err
        assert "Traceback" not in err and len(err.strip().splitlines()) == 1


def test_max_positions_is_per_call(capsys: pytest.CaptureFixture[str]) -> None:
    """--max-positions limits its own command only (it once changed a module constant)."""
    code, _, err = run(capsys, "value", "nim", "7", "--method", "spec", "--max-positions", "3")
    assert code == 2 and "limit 3" in err  # (the heap method answers nim at any size)
    code, out, _ = run(capsys, "value", "nim", "7", "--method", "spec")
    assert code == 0 and "= 7" in out


class TestConformance:
    def test_report_passes(self, capsys: pytest.CaptureFixture[str]) -> None:
        code, out, _ = run(capsys, "conformance", "--only", "grundy-table", "--json")
        report = json.loads(out)
        assert code == 0 and report["passed"] and report["rows"]

    def test_unknown_filter(self, capsys: pytest.CaptureFixture[str]) -> None:
        code, _, _ = run(capsys, "conformance", "--only", "no-such-check-anywhere")
        assert code == 2


def test_console_script_entry_point() -> None:
    """``python -m grundy`` runs the same main (the installed script calls it too)."""
    done = subprocess.run(
        [sys.executable, "-m", "grundy", "value", "wythoff", "3,5"],
        capture_output=True,
        text=True,
        check=False,
        timeout=600,
    )
    assert done.returncode == 0 and "P-position" in done.stdout


def test_plugin_games_reach_every_command(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """A game in the user's own module, named in GRUNDY_PLUGINS, is usable at once."""
    (tmp_path / "mygames.py").write_text(
        "from spec import PileGame, register_game\n"
        "@register_game\n"
        "class Sub123(PileGame):\n"
        "    name = 'subtraction-123'\n"
        "    rules = 'take 1, 2 or 3'\n"
        "    source = 'test'\n"
        "    def followers(self, position):\n"
        "        (n,) = position\n"
        "        return iter([(n - k,) for k in (1, 2, 3) if k <= n])\n"
    )
    import os

    env = {
        **os.environ,
        "GRUNDY_PLUGINS": "mygames",
        "PYTHONPATH": os.pathsep.join([str(tmp_path), *sys.path]),
    }
    done = subprocess.run(
        [sys.executable, "-m", "grundy", "value", "subtraction-123", "6", "--json"],
        capture_output=True,
        text=True,
        check=False,
        env=env,
        timeout=600,
    )
    assert done.returncode == 0 and json.loads(done.stdout)["value"] == 2
    env["GRUNDY_PLUGINS"] = "no_such_module_here"
    done = subprocess.run(
        [sys.executable, "-m", "grundy", "games"],
        capture_output=True,
        text=True,
        check=False,
        env=env,
        timeout=600,
    )
    assert done.returncode == 2 and "cannot import 'no_such_module_here'" in done.stderr


def test_value_and_moves_choose_with_impl(capsys: pytest.CaptureFixture[str]) -> None:
    """``--impl`` picks a method as on every command (``--method`` is its former name)."""
    code, out, _ = run(capsys, "value", "wythoff", "5,8", "--impl", "spec", "--json")
    assert code == 0 and json.loads(out)["method"] == "spec"
    code, out, _ = run(capsys, "value", "wythoff", "5,8", "--method", "table", "--json")
    assert code == 0 and json.loads(out)["method"] == "table"
    code, out, _ = run(capsys, "moves", "wythoff", "5,8", "--list-impls")
    assert code == 0 and [line.split()[0] for line in out.splitlines()] == [
        "beatty",  # the methods for this game, most trusted then cheapest first
        "table",
        "spec",
    ]
    code, _, err = run(capsys, "value", "wythoff", "5,8", "--impl", "fast.magic")
    assert code == 2 and "invalid choice: 'fast.magic'" in err and err.count("\n") == 1
