"""Misère play (issue 38, item 3): G⁻ of every game, the engine, the door, the genus, the claim.

The oracle is the definition, written here once more independently of the
spec's solver: G⁻(p) = 1 if p has no follower, else the mex of its
followers' G⁻ (:func:`brute`), read off ``game.followers`` alone.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from functools import cache
from itertools import product
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import registry
import spec
from grundy.cli import main
from proofs_check.catalogue import run_claim
from registry.core import PROVIDERS, _capable

ROOT = Path(__file__).resolve().parents[1]

#: Small games of every kind: two piles, a state, a terminal set, one heap, splitting, a sum.
GAMES = [
    "wythoff", "nim", "a-wythoff:2", "f-wythoff", "r-wythoff", "nimhof:0,1/1,0/1,2",
    "wythoff-pass:1", "wythoff-terminal:2", "subtraction:1,3,4", "octal:0.07", "octal:0.77",
    "fibonacci-nim", "wythoff+nim", "nim+nim+nim",
]  # fmt: skip


def brute(game: spec.ImpartialGame, position: Any) -> int:
    """G⁻ from its definition: no follower -> 1, else the mex of the followers' G⁻."""

    @cache
    def value(p: Any) -> int:
        seen = {value(f) for f in game.followers(p)}
        if not seen:
            return 1
        return min(set(range(len(seen) + 1)) - seen)

    return value(position)


def _small_positions(game: spec.ImpartialGame, n: int) -> list[Any]:
    """Positions of ``game`` with every coordinate < n (each part of a sum)."""
    if isinstance(game, spec.Sum):
        parts = [_small_positions(c, n) for c in game.components]
        return [tuple(p) for p in product(*parts)][: 4 * n * n]
    arity = getattr(game, "arity", 1)
    states = getattr(game, "states", None)
    found = []
    for cell in product(range(n), repeat=2 if states else arity):
        for s in states or (None,):
            try:
                found.append(game.check_position((*cell, s) if s is not None else cell))
            except spec.InvalidPosition:
                continue
    return found


@pytest.mark.parametrize("name", GAMES)
def test_spec_misere_value_is_the_definition(name: str) -> None:
    game = spec.misere(spec.get_game(name))
    assert game.misere and game.describe() == f"misere:{spec.get_game(name).describe()}"
    normal = spec.normal_play(game)
    for position in _small_positions(normal, 6):
        expected = brute(normal, position)
        assert spec.grundy(game, position) == expected, position
        assert spec.outcome(game, position) == ("P" if expected == 0 else "N")


def test_misere_refuses_a_counting_rule_and_a_misere_part() -> None:
    with pytest.raises(spec.MisereRefused, match=r"^--misere: game = blocking-wythoff:2 has"):
        spec.misere(spec.get_game("blocking-wythoff:2"))
    with pytest.raises(ValueError, match=r"write misere:a\+b"):
        spec.get_game("wythoff+misere:nim")
    twice = spec.misere(spec.misere(spec.Wythoff()))
    assert twice.describe() == "misere:wythoff"
    assert spec.get_game("misere:wythoff+nim").describe() == "misere:wythoff+nim"


def test_a_sum_is_not_the_nim_sum_under_misere() -> None:
    game = spec.get_game("misere:nim+nim")
    alone = spec.misere(spec.Nim())
    # *1 + *1: G⁻ of each is 0, yet the sum's is 1 (two moves, the second player takes last)
    assert spec.grundy(alone, (1,)) == 0
    assert spec.grundy(game, ((1,), (1,))) == brute(spec.normal_play(game), ((1,), (1,))) == 1


# ------------------------------------------------------------------------------ the registry


def _subjects() -> list[spec.ImpartialGame]:
    names = registry.conformance_games()
    found = []
    for name in names:
        try:
            found.append(spec.misere(spec.get_game(name)))
        except spec.MisereRefused:
            continue
    return found


def test_every_provider_declines_misere_unless_it_says_it_answers() -> None:
    """Decline by capability: a provider answers a misère game only with ``misere=True``."""
    subjects = _subjects()
    assert len(subjects) > 10
    for kind, providers in PROVIDERS.items():
        for provider in providers:
            for game in subjects:
                refusal = _capable(provider, game)
                if not provider.misere:
                    assert refusal is not None, (kind, provider.name, game.describe())
                    assert "normal play only" in str(refusal)


@pytest.mark.parametrize("name", ["wythoff", "nim", "subtraction:1,3,4", "octal:0.07",
                                  "wythoff+nim", "wythoff-pass:1", "fibonacci-nim"])  # fmt: skip
def test_every_value_and_moves_method_agrees_with_the_definition(name: str) -> None:
    game = spec.misere(spec.get_game(name))
    normal = spec.normal_play(game)
    value, moves = registry.question("value", game), registry.question("moves", game)
    for position in _small_positions(normal, 5)[:40]:
        expected = brute(normal, position)
        for impl in value.implementations:
            answer = value(using=impl.name, position=position).value
            assert answer.value == expected, (impl.name, position)
        winning = sorted({f for f in normal.followers(position) if brute(normal, f) == 0})
        for impl in moves.implementations:
            assert moves(using=impl.name, position=position).value.moves == winning


#: The games of the engine (two piles, a state, a terminal set, followers, regions).
ENGINE_GAMES = [
    g.describe() for g in _subjects() if spec.tables.is_table_game(g)
    if any(i.layer == "fast" for i in registry.question("grundy-block", g).implementations)
]  # fmt: skip


def test_the_engine_answers_misere_games() -> None:
    assert {"misere:wythoff", "misere:wythoff-pass:2", "misere:wythoff-terminal:2"} <= set(
        ENGINE_GAMES
    )


@pytest.mark.parametrize("name", ENGINE_GAMES)
@settings(max_examples=6, deadline=None)
@given(rows=st.integers(1, 14), cols=st.integers(1, 14))
def test_engine_misere_block_equals_spec(name: str, rows: int, cols: int) -> None:
    game = spec.get_game(name)
    door = registry.question("grundy-block", game)
    expected = np.asarray(door(using="spec", rows=rows, cols=cols).value)
    for impl in door.implementations:
        if impl.layer == "fast":
            found = np.asarray(door(using=impl.name, rows=rows, cols=cols).value)
            assert (found == expected).all(), (impl.name, np.argwhere(found != expected)[:3])


def test_engine_misere_terminal_cell_and_no_move_cell_get_one() -> None:
    game = spec.misere(spec.get_game("wythoff-terminal:2"))  # x + y <= 2 has no move
    table = np.asarray(registry.question("grundy-block", game)(using="fast.engine", rows=4,
                                                               cols=4).value)  # fmt: skip
    assert table[0, 0] == table[1, 1] == table[0, 2] == 1
    assert table[0, 3] == brute(spec.normal_play(game), (0, 3))


# ------------------------------------------------------------------------------ genus


def _nim_misere(heaps: tuple[int, ...]) -> int:
    """G⁻ of Nim heaps (Conway, ONAG ch. 12; Winning Ways ch. 13): the nim-sum, XOR 1 when
    every heap is <= 1: a formula, not the solver."""
    total = 0
    for h in heaps:
        total ^= h
    return total if any(h >= 2 for h in heaps) else total ^ 1


@pytest.mark.parametrize("n", range(6))
def test_genus_of_a_nim_heap(n: int) -> None:
    found = spec.genus(spec.Nim(), (n,), 5)
    assert found.value == n
    assert list(found.gammas) == [_nim_misere((n, *(2,) * k)) for k in range(6)]


def test_genus_is_its_definition_on_small_heaps() -> None:
    for name in ("subtraction:1,3,4", "octal:0.07"):
        game = spec.get_game(name)
        for n in range(7):
            found = spec.genus(game, (n,), 3)
            for k, gamma in enumerate(found.gammas):
                if k == 0:
                    assert gamma == brute(game, (n,))
                    continue
                total = spec.Sum(game, *(spec.Nim() for _ in range(k)))
                assert gamma == brute(total, ((n,), *((2,),) * k))


def _nim_like(found: spec.Genus) -> bool:
    """The genus of the Nim heap *g: 0^{120}, 1^{031}, else g^{g, g xor 2}."""
    return found.gammas[:4] == tuple(_nim_misere((found.value, *(2,) * k)) for k in range(4))


def test_misere_outcomes_of_tame_positions_plus_nim_heaps_follow_from_the_genus() -> None:
    """A position all of whose positions have a Nim heap's genus plays, with Nim heaps added,
    as that heap: its misère outcome is Bouton's rule on (g, heaps) (Winning Ways ch. 13)."""
    checked = 0
    for name in ("octal:0.77", "subtraction:1,3,4", "octal:0.07"):
        game = spec.get_game(name)
        for n in range(9):
            below = {(n,)}
            stack = [(n,)]
            while stack:  # every position reachable from the heap n
                for f in game.followers(stack.pop()):
                    if f not in below:
                        below.add(f)
                        stack.append(f)
            if not all(_nim_like(spec.genus(game, p, 3)) for p in below):
                continue
            g = spec.grundy(game, (n,))
            total = spec.misere(spec.Sum(game, spec.Nim(), spec.Nim()))
            for a, b in product(range(4), repeat=2):
                outcome = spec.outcome(total, ((n,), (a,), (b,)))
                assert outcome == spec.bouton_misere((g, a, b)), (name, n, a, b)
                checked += 1
    assert checked > 100


# ------------------------------------------------------------------------------ claim, CLI


def test_bouton_misere_holds() -> None:
    report = run_claim("bouton-misere", quick=True)
    assert report.status == "holds" and report.cases > 50


def test_cli_value_misere(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["value", "wythoff", "3,5", "--misere"]) == 0
    out = capsys.readouterr().out
    # by hand: (0, 1) and (1, 0) are misère P (the move to (0, 0) takes the last token), then
    # (2, 2) and Wythoff's own from (3, 5) on; G⁻(3, 5) = 0 as the spec's
    assert out.startswith("G⁻(3, 5) = 0  (P-position of misere:wythoff)")
    assert spec.grundy(spec.get_game("misere:wythoff"), (3, 5)) == 0
    assert main(["value", "wythoff", "0,0", "--misere"]) == 0
    assert capsys.readouterr().out.startswith("G⁻(0, 0) = 1  (N-position of misere:wythoff)")
    assert main(["moves", "wythoff", "2,3", "--misere"]) == 0
    assert "misere:wythoff: (0, 1), (2, 2)" in capsys.readouterr().out


def test_cli_table_and_structure_misere(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["table", "wythoff", "--size", "3", "--misere", "--json"]) == 0
    out = capsys.readouterr().out
    assert '"game": "misere:wythoff"' in out
    assert main(["structure", "wythoff", "--size", "20", "--misere"]) == 0
    assert "(0, 1), (3, 5)" in capsys.readouterr().out
    assert main(["table", "subtraction:1,2", "--size", "7", "--misere"]) == 0
    assert "1 0 2 1 0 2 1" in capsys.readouterr().out


@pytest.mark.parametrize(
    "argv",
    [["value", "blocking-wythoff:2", "3,5", "--misere"],
     ["table", "blocking-wythoff:3", "--size", "5", "--misere"]],
)  # fmt: skip
def test_cli_misere_of_a_counting_rule_is_one_line(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "--misere" in err and "Traceback" not in err


def test_cli_genus(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["genus", "octal:0.77", "--heaps", "6"]) == 0
    out = capsys.readouterr().out
    kayles = spec.get_game("octal:0.77")
    for n in range(6):
        assert re.search(rf"^\s*{n}  {re.escape(str(spec.genus(kayles, (n,))))}$", out, re.M), out
    assert main(["genus", "wythoff", "--heaps", "3"]) == 2
    assert "one-heap" in capsys.readouterr().err


# ------------------------------------------------------------------------------ the docs


def test_the_misere_plugin_example_runs_in_an_empty_directory(tmp_path: Path) -> None:
    text = (ROOT / "docs" / "adding-a-game.md").read_text()
    section = text[text.index("## Misère play of your game") :]
    fence = re.compile(r"```(\w+)\n(.*?)```", re.S)
    commands = []
    for kind, body in fence.findall(section):
        first = body.partition("\n")[0]
        if kind == "python" and first.startswith("# file: "):
            (tmp_path / first.removeprefix("# file: ").strip()).write_text(body)
        elif kind == "console":
            commands += [line[2:] for line in body.splitlines() if line.startswith("$ ")]
    assert any("--misere" in c for c in commands)
    env = {**os.environ, "PYTHONPATH": os.pathsep.join([str(tmp_path), str(ROOT)])}
    env["PATH"] = os.pathsep.join([str(Path(sys.executable).parent), env.get("PATH", "")])
    env.pop("GRUNDY_PLUGINS", None)
    for command in commands:
        command = re.sub(r"(^|\s)python(\s)", rf"\1{sys.executable}\2", command)
        done = subprocess.run(["bash", "-c", command], cwd=tmp_path, env=env,
                              capture_output=True, text=True, timeout=600)  # fmt: skip
        assert done.returncode == 0, f"{command}\n{done.stdout}\n{done.stderr}"
        assert "Traceback" not in done.stderr


def test_front_door_misere() -> None:
    import grundy

    assert grundy.value("wythoff", (0, 0), misere=True).value == 1
    assert grundy.value("wythoff", (0, 0)).value == 0
    assert grundy.moves("wythoff", (2, 3), misere=True).moves == [(0, 1), (2, 2)]
    table = grundy.table("wythoff", 6, misere=True)
    assert table.game == "misere:wythoff"
    assert (
        np.asarray(table) == np.array(spec.grundy_table(spec.get_game("misere:wythoff"), 6, 6))
    ).all()
    with pytest.raises(ValueError, match="misere must be True or False"):
        grundy.value("wythoff", (0, 0), misere="yes")
    with pytest.raises(ValueError, match="--misere"):
        grundy.value("blocking-wythoff:2", (0, 0), misere=True)
