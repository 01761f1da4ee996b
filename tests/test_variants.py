"""Games with a state, terminal sets and counting rules: spec, engine, registry, command line.

The spec states each variant plainly (spec/variants.py); the engine's tables
are compared with the spec's on hypothesis-drawn parameters and blocks, and
the refusals of bad input are checked as one line with exit code 2.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from plugin_module import imported_plugin

import grundy
import spec
from fast import engine
from grundy.cli import main
from reference.beatty import is_wythoff_p_position


def spec_block(game: spec.ImpartialGame, rows: int, cols: int) -> np.ndarray:
    return np.array(spec.grundy_table(game, rows, cols))


class TestSpec:
    def test_the_pass_is_never_made_from_the_terminal_position(self) -> None:
        game = spec.get_game("wythoff-pass")
        assert list(game.followers((0, 0, 1))) == []
        assert (1, 1, 0) in set(game.followers((1, 1, 1)))
        assert spec.grundy(game, (3, 6, 1)) == 9  # issue 28, checked independently there

    def test_k_passes_count_down(self) -> None:
        game = spec.get_game("wythoff-pass:3")
        assert game.states == (0, 1, 2, 3) and game.start_state == 3
        assert {f for f in game.followers((2, 0, 3)) if f[:2] == (2, 0)} == {(2, 0, 2)}
        assert spec.get_game("wythoff-pass:1").describe() == "wythoff-pass"

    def test_terminal_positions_have_no_move(self) -> None:
        game = spec.get_game("wythoff-terminal:2")
        for x in range(4):
            for y in range(4):
                moves = list(game.followers((x, y)))
                assert (moves == []) == (x + y <= 2)
        assert spec.get_game("wythoff-terminal:0").describe() == "wythoff-terminal:0"

    def test_k_blocking_outcomes_by_the_definition(self) -> None:
        game = spec.get_game("blocking-wythoff:2")
        # (1, 1): its options (0, 0), (0, 1), (1, 0) are all P: N. (2, 2): only (0, 0) is P.
        assert [spec.outcome(game, p) for p in [(1, 1), (2, 2), (0, 1)]] == ["N", "P", "P"]
        assert spec.label(game, (1, 1)) == 1 and spec.label(game, (2, 2)) == 0

    def test_k_1_blocking_is_wythoffs_outcomes(self) -> None:
        game = spec.get_game("blocking-wythoff:1")
        for x in range(12):
            for y in range(12):
                assert (spec.label(game, (x, y)) == 0) == is_wythoff_p_position(x, y)

    @pytest.mark.parametrize(
        ("call", "needle"),
        [
            (lambda: spec.get_game("blocking-wythoff:0"), r"K = 0 must be >= 1"),
            (lambda: spec.get_game("blocking-wythoff:-2"), r"K = -2 must be >= 1"),
            (lambda: spec.get_game("wythoff-pass:0"), r"K = 0 must be in 1..64"),
            (lambda: spec.get_game("wythoff-terminal:x"), r"K = 'x' is not an integer"),
            (
                lambda: spec.grundy(spec.get_game("wythoff-pass"), (3, 6, 2)),
                r"s = 2 is not a state",
            ),
            (lambda: spec.grundy(spec.get_game("wythoff-pass"), (3, 6)), r"wrong arity"),
            (lambda: spec.grundy(spec.get_game("blocking-wythoff:2"), (3, 5)), "no Grundy value"),
            (lambda: spec.Sum(spec.get_game("blocking-wythoff:2"), spec.Nim()), "no Grundy value"),
        ],
    )
    def test_bad_input_is_refused_by_name(self, call: Any, needle: str) -> None:
        with pytest.raises(ValueError, match=needle):
            call()


def test_a_definition_that_raises_is_refused_in_one_line() -> None:
    """A terminal test (or any code of the rule) that raises: named, as the rule's fault."""

    class Raising(spec.TwoPileGame):
        name = "test-raising-definition"

        def followers(self, position: spec.Position) -> Iterator[spec.Position]:
            x, y = position
            if x + y == 3:
                raise ZeroDivisionError("no terminal test here")
            yield from spec.Wythoff().followers(position)

    with pytest.raises(spec.NotAGame, match=r"followers of \(0, 3\) raised ZeroDivisionError"):
        spec.grundy(Raising(), (3, 3))
    with pytest.raises(spec.NotAGame, match=r"followers of \(2, 1\) raised ZeroDivisionError"):
        spec.winning_moves(Raising(), (2, 1))


class TestEngineAgainstTheSpec:
    @settings(max_examples=20, deadline=None)
    @given(passes=st.integers(1, 3), rows=st.integers(0, 12), cols=st.integers(0, 14))
    def test_passes(self, passes: int, rows: int, cols: int) -> None:
        game = spec.get_game(f"wythoff-pass:{passes}")
        got = engine.grundy_block(game, rows, cols)
        assert got.shape == (passes + 1, rows, cols)
        assert (got == spec_block(game, rows, cols).reshape(got.shape)).all()

    @settings(max_examples=20, deadline=None)
    @given(k=st.integers(0, 6), rows=st.integers(1, 16), cols=st.integers(1, 16))
    def test_terminal_sets(self, k: int, rows: int, cols: int) -> None:
        game = spec.get_game(f"wythoff-terminal:{k}")
        assert (engine.grundy_block(game, rows, cols) == spec_block(game, rows, cols)).all()

    @settings(max_examples=20, deadline=None)
    @given(k=st.integers(1, 6), rows=st.integers(1, 16), cols=st.integers(1, 16))
    def test_counting_rules(self, k: int, rows: int, cols: int) -> None:
        game = spec.get_game(f"blocking-wythoff:{k}")
        got = engine.grundy_block(game, rows, cols)
        assert got.dtype == np.uint8
        assert (got == spec_block(game, rows, cols)).all()

    @pytest.mark.parametrize("name", ["wythoff-pass:2", "wythoff-terminal:3", "blocking-wythoff:3"])
    def test_followers_match_the_definition(self, name: str) -> None:
        assert engine.check_followers(spec.get_game(name), 9) is None

    @pytest.mark.nojit
    @pytest.mark.parametrize("name", ["wythoff-pass:2", "wythoff-terminal:3", "blocking-wythoff:3"])
    def test_kernels_as_plain_python(self, name: str) -> None:
        """The same kernels, with or without the compiler (NUMBA_DISABLE_JIT=1)."""
        game = spec.get_game(name)
        got = engine.grundy_block(game, 9, 11)
        assert (got == spec_block(game, 9, 11).reshape(got.shape)).all()

    def test_value_and_moves_with_a_state(self) -> None:
        game = spec.get_game("wythoff-pass")
        assert engine.grundy_value(game, (3, 6, 1)) == spec.grundy(game, (3, 6, 1))
        moves = engine.winning_moves(game, (4, 4, 1))
        assert moves == sorted(spec.winning_moves(game, (4, 4, 1)))

    def test_overlapping_rays_cannot_count(self) -> None:
        class Doubled(spec.TwoPileGame):
            name = "test-doubled"
            move_rays = ((1, 0), (0, 1), (1, 1), (2, 2))
            outcome_rule = spec.CountingRule(2)

            def followers(self, position: spec.Position) -> Iterator[spec.Position]:
                yield from spec.Wythoff().followers(position)

        with pytest.raises(ValueError, match="name the same follower"):
            engine.grundy_table(Doubled(), 4)

    def test_state_moves_must_go_to_an_earlier_state(self) -> None:
        class Upward(spec.StateGame):
            name = "test-upward"
            move_rays = ((1, 0), (0, 1))
            state_moves = ((0, 1),)

            def followers(self, position: spec.Position) -> Iterator[spec.Position]:
                yield from ()

        with pytest.raises(ValueError, match="must go to an earlier one"):
            engine.compiled_rule(Upward())


# ---------------------------------------------------------------------------
# A plugin whose terminal predicate raises, and one whose compiled rule is not its definition.

PLUGIN = """
import itertools

import numba
from knight_moves import knight_in_order, knight_moves

import spec


@numba.njit
def bad_terminal(x, y, parameters):
    if x == 2 and y == 3:
        raise ValueError("no terminal here")
    return x + y <= parameters[0]


@spec.register_game
class RaisingTerminal(spec.TwoPileGame):
    name = "test-raising-terminal"
    move_rays = ((1, 0), (0, 1), (1, 1))
    compiled_terminal = bad_terminal
    terminal_parameters = (1,)

    def followers(self, position):
        x, y = position
        if x + y > 1:
            yield from spec.Wythoff().followers(position)


knight = numba.njit(knight_in_order)


@numba.njit
def corner(x, y, parameters):
    return x + y <= parameters[0]


@spec.register_game
class KnightPass(spec.StateGame):
    # A follower list, rays, a terminal set and two passes: every path of the engine.

    name = "test-knight-pass"
    states = (0, 1, 2)
    start_state = 2
    state_moves = ((1, 0), (2, 1), (2, 0))
    move_rays = ((1, 0), (0, 1), (1, 1))
    compiled_followers = knight
    compiled_terminal = corner
    terminal_parameters = (1,)

    def followers(self, position):
        x, y, s = position
        if x + y <= 1:
            return
        for u, v in itertools.chain(spec.Wythoff().followers((x, y)), knight_moves((x, y))):
            yield (u, v, s)
        for a, b in self.state_moves:
            if a == s:
                yield (x, y, b)


@spec.register_game
class Mismatch(spec.TwoPileGame):
    name = "test-c-mismatch"
    move_rays = ((1, 0), (0, 1), (1, 1))

    def followers(self, position):
        x, y = position
        for k in range(1, x + 1):
            yield (x - k, y)
        for k in range(1, y + 1):
            yield (x, y - k)
"""


@pytest.fixture(scope="module")
def plugin(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    directory = tmp_path_factory.mktemp("variants_plugin")
    with imported_plugin(directory, "variants_plugin", PLUGIN):
        yield directory


def test_a_raising_terminal_predicate_is_refused_naming_the_cell(plugin: Path) -> None:
    with pytest.raises(ValueError, match=r"compiled_terminal raised ValueError .* at \(2, 3\)"):
        engine.grundy_table(spec.get_game("test-raising-terminal"), 6)


def test_a_follower_list_with_states_and_a_terminal_set(plugin: Path) -> None:
    game = spec.get_game("test-knight-pass")
    assert engine.check_followers(game, 8) is None
    got = engine.grundy_block(game, 14, 17)
    assert got.shape == (3, 14, 17)
    assert (got == spec_block(game, 14, 17)).all()


def test_a_compiled_rule_that_is_not_its_definition_is_refused(plugin: Path) -> None:
    """Issue 30 item 12: the sample check names the first differing position."""
    with pytest.raises(ValueError, match=r"not the definition: test-c-mismatch: followers of"):
        engine.grundy_table(spec.get_game("test-c-mismatch"), 5)


# ---------------------------------------------------------------------------
# The front door and the command line.


def test_front_door_tables() -> None:
    assert grundy.table("wythoff-pass", 300).shape == (2, 300, 300)
    blocking = grundy.table("blocking-wythoff:3", 50)
    assert set(np.unique(blocking).tolist()) == {0, 1}
    assert grundy.table("wythoff-terminal:2", 5)[1, 1] == 0


def _one_line(capsys: pytest.CaptureFixture[str], argv: list[str]) -> str:
    code = main(argv)
    err = capsys.readouterr().err.strip()
    assert code == 2, err
    assert "\n" not in err and "Traceback" not in err
    return err


@pytest.mark.parametrize(
    ("argv", "needle"),
    [
        (["value", "wythoff-pass", "3,6,2"], "s = 2 is not a state"),
        (["value", "wythoff-pass", "3,6"], "wrong arity"),
        (["value", "blocking-wythoff:0", "3,5"], "K = 0 must be >= 1"),
        (["table", "blocking-wythoff:-1", "--size", "4"], "K = -1 must be >= 1"),
        (["table", "wythoff-pass", "--size", "4", "--out", "x.csv"], "a CSV holds one table"),
    ],
)
def test_bad_input_is_one_line_exit_2(
    argv: list[str], needle: str, capsys: pytest.CaptureFixture[str], tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:  # fmt: skip
    monkeypatch.chdir(tmp_path)
    assert needle in _one_line(capsys, argv)


@pytest.mark.parametrize("position", [(2, 2), (1, 1), (3, 5), (7, 4)])
def test_a_counting_rules_value_answers_its_outcome(
    position: tuple[int, int], capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 28 item 3: ``value`` answers P or N (exit 0) and says there is no Grundy value;
    the library raises :class:`spec.NoGrundyValue` carrying the outcome. The spec decides."""
    game = spec.get_game("blocking-wythoff:2")
    expected = spec.outcome(game, position)
    text = ",".join(map(str, position))
    assert main(["value", "blocking-wythoff:2", text]) == 0
    out = " ".join(capsys.readouterr().out.split())
    article = "a P" if expected == "P" else "an N"
    assert "no Grundy value" in out and f"{position} is {article}-position" in out
    assert main(["value", "blocking-wythoff:2", text, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["value"] is None and data["outcome"] == expected
    with pytest.raises(spec.NoGrundyValue) as raised:
        grundy.value("blocking-wythoff:2", position)
    assert raised.value.outcome == expected


def test_table_of_a_game_with_a_state(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert main(["table", "wythoff-pass", "--size", "5", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["states"] == [0, 1] and np.array(data["table"]).shape == (2, 5, 5)
    assert np.array(data["table"]).tolist() == spec.grundy_table(
        spec.get_game("wythoff-pass"), 5, 5
    )
    out = tmp_path / "t.npy"
    assert main(["table", "wythoff-pass:2", "--size", "40", "--out", str(out)]) == 0
    assert np.load(out).shape == (3, 40, 40)


def test_structure_of_each_state(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["structure", "wythoff-pass", "--size", "60", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [s["state"] for s in data["states"]] == [0, 1]
    assert [tuple(p) for p in data["states"][1]["p_positions"]["pairs"]][:3] == [
        (1, 3), (2, 5), (4, 8)
    ]  # fmt: skip


def test_heat_map_panels(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "h.png"
    assert main(["plot", "heatmap", "wythoff-pass", "--size", "12", "--out", str(out)]) == 0
    assert out.stat().st_size > 1000
    assert main(["plot", "heatmap", "blocking-wythoff:2", "--size", "12", "--out", str(out)]) == 0


def test_sequences_of_a_game_with_a_state(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["sequence", "wythoff-pass", "upper-p", "--terms", "6", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["terms"] == [0, 3, 5, 8, 7, 14]  # pairs (0,0), (1,3), (2,5), (4,8), (6,7), (9,14)
    assert "greedy" in data["method"]


@pytest.mark.parametrize("attempt", [1, 2])
def test_ctrl_c_stops_a_long_table(tmp_path: Path, attempt: int) -> None:
    """A real SIGINT to a real process: the engine's kernels return between blocks (issue 30).

    The command prints its progress lines while the kernel works; once one has
    come, SIGINT must end it with exit 130 and no output file, within a
    generous bound (the kernel's blocks are about 0.1 s; the bound is 60 s).
    """
    import os
    import queue
    import signal
    import subprocess
    import threading
    import time

    out = tmp_path / "t.npy"
    env = dict(os.environ, PYTHONPATH=str(Path(__file__).resolve().parents[1]))
    env["GRUNDY_PROGRESS_INTERVAL"] = "0"  # every progress line, from the first
    process = subprocess.Popen(
        [sys.executable, "-m", "grundy", "table", "blocking-wythoff:3", "--size", "20000",
         "--budget", "1e9", "--out", str(out)],
        stderr=subprocess.PIPE, stdout=subprocess.DEVNULL, text=True, env=env,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),  # as a terminal's
    )  # fmt: skip
    assert process.stderr is not None
    lines: queue.Queue[str] = queue.Queue()  # stderr read by a thread: every wait is bounded
    reader = threading.Thread(target=lambda: [lines.put(x) for x in process.stderr], daemon=True)
    reader.start()
    waited = 0
    while True:  # wait for the kernel to be at work: bounded (a first compile on a loaded
        try:  # machine takes minutes), and a process that ended fails at once
            line = lines.get(timeout=1)
        except queue.Empty:
            waited += 1
            if process.poll() is not None or waited > 1200:
                process.kill()
                pytest.fail(f"no progress line (exit {process.poll()}) after {waited} s")
            continue
        if "/20000" in line and not line.startswith("blocking-wythoff:3 table 20000x20000: 0/"):
            break
    sent = time.monotonic()
    process.send_signal(signal.SIGINT)
    process.wait(timeout=60)
    reader.join(timeout=60)
    rest = ""
    while not lines.empty():
        rest += lines.get_nowait()
    assert process.returncode == 130, rest
    assert time.monotonic() - sent < 60
    assert "grundy: interrupted" in rest and "Traceback" not in rest
    assert not out.exists()


@pytest.mark.parametrize("game", ["wythoff-pass", "wythoff-pass:2"])
@pytest.mark.parametrize(
    ("kind", "expected"),
    [
        ("row=3", lambda G, n: G(3, n)),
        ("column=2", lambda G, n: G(n, 2)),
        ("diagonal", lambda G, n: G(n, n)),
    ],
)
def test_value_sequences_of_a_game_with_a_state_read_its_start_layer(
    game: str, kind: str, expected: Callable[..., int]
) -> None:
    """Issue 28 item 1 (``sequence`` accepts these games): G(x, y, s0), s0 the start state
    (every pass still available), against the spec."""
    from grundy.oeis import sequence

    subject = spec.get_game(game)
    start = subject.start_state  # type: ignore[attr-defined]

    def G(x: int, y: int) -> int:
        return spec.grundy(subject, (x, y, start))

    found = sequence(game, kind, 14, offset=3)
    assert found.terms == [expected(G, n) for n in range(3, 17)]
    row = [G(2, y) for y in range(60)]
    inverse = sequence(game, "inverse-row=2", 8).terms
    assert [row.index(v) for v in range(8)] == inverse


def test_value_sequences_of_a_counting_rule_are_refused() -> None:
    from grundy.oeis import sequence

    with pytest.raises(ValueError, match="no Grundy values, only P-positions"):
        sequence("blocking-wythoff:2", "row=3", 5)
