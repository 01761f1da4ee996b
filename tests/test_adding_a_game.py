"""docs/adding-a-game.md: every worked example runs as a user would run it.

Each level's ``# file:`` blocks are written into an empty directory, and
each ``$`` command of the level's console blocks runs there (that directory
as the working directory and on PYTHONPATH, ``python`` the interpreter
running the tests). The tables printed with ``--json`` are compared with the
spec's, computed here from the same module.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from plugin_module import imported_plugin

import spec
from reference.beatty import wythoff_p_positions
from registry.heaps import check_certificate
from spec.piles3 import grundy_box, is_three_pile

ROOT = Path(__file__).resolve().parents[1]
DOC = ROOT / "docs" / "adding-a-game.md"
FENCE = re.compile(r"```(\w+)\n(.*?)```", re.S)


def _sections() -> dict[str, str]:
    """Every ``## `` section of the doc, by its title."""
    parts = re.split(r"^## (.*)$", DOC.read_text(), flags=re.M)
    return {parts[i].strip(): parts[i + 1] for i in range(1, len(parts), 2)}


def _levels() -> dict[str, str]:
    """The sections ``## Level (x): ...``, by their letter."""
    found = (re.match(r"Level \((\w)\)", title) for title in _sections())
    return {m.group(1): _sections()[m.string] for m in found if m}


def _examples() -> list[str]:
    """The sections with a worked example (a ``# file:`` block) that are not levels: the
    other shapes (one heap, three piles) and any later one."""
    return [t for t, body in _sections().items()
            if not t.startswith("Level (") and _blocks(body)[0]]  # fmt: skip


def _blocks(section: str) -> tuple[dict[str, str], list[str]]:
    files: dict[str, str] = {}
    commands: list[str] = []
    for kind, body in FENCE.findall(section):
        first = body.partition("\n")[0]
        if kind == "python" and first.startswith("# file: "):
            files[first.removeprefix("# file: ").strip()] = body
        elif kind == "console":
            commands += [line[2:] for line in body.splitlines() if line.startswith("$ ")]
    return files, commands


def _run(command: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ)
    env["PATH"] = os.pathsep.join([str(Path(sys.executable).parent), env.get("PATH", "")])
    env["PYTHONPATH"] = os.pathsep.join([str(cwd), str(ROOT)])
    env.pop("GRUNDY_PLUGINS", None)
    command = re.sub(r"(^|\s)python(\s)", rf"\1{sys.executable}\2", command)
    return subprocess.run(
        ["bash", "-c", command], cwd=cwd, env=env, capture_output=True, text=True, timeout=600
    )


def test_the_doc_has_four_levels_with_examples() -> None:
    levels = _levels()
    assert sorted(levels) == ["a", "b", "c", "d"]
    for section in levels.values():
        files, commands = _blocks(section)
        assert files and commands
        assert any(" table " in c and "--size 30" in c for c in commands)
    # level (d)'s property tests in an empty directory (issue 38's Done-when)
    assert "python -m pytest -q --grundy-plugins nim_pass" in _blocks(levels["d"])[1]


@pytest.mark.parametrize("level", ["a", "b", "c", "d"])
def test_worked_example(level: str, tmp_path: Path) -> None:
    _run_example(_levels()[level], tmp_path)


def test_the_other_shapes_have_worked_examples() -> None:
    """Issue 38 item 6: a one-heap and a three-pile plugin, each with its commands."""
    shapes = _sections()["Other shapes: one heap, three piles"]
    files, commands = _blocks(shapes)
    assert {"take_and_split.py", "all_piles.py"} <= set(files)
    for module in ("take_and_split", "all_piles"):
        ran = [c for c in commands if module in c]
        assert f"python -m pytest -q --grundy-plugins {module}" in ran
        assert any(" table " in c and "--size 30" in c for c in ran), ran


@pytest.mark.parametrize("title", _examples())
def test_worked_example_of_a_section(title: str, tmp_path: Path) -> None:
    """Each worked example after the levels (one heap, three piles, ...), run the same way,
    its ``python -m pytest --grundy-plugins`` included (a three-pile game's sum with itself
    is drawn with smaller piles: grundy.cli.plugin_tests.SUM_POSITIONS)."""
    _run_example(_sections()[title], tmp_path)


def _run_example(section: str, tmp_path: Path) -> None:
    files, commands = _blocks(section)
    for name, source in files.items():
        (tmp_path / name).write_text(source)
    for command in commands:
        done = _run(command, tmp_path)
        assert done.returncode == 0, f"{command}\n{done.stdout}\n{done.stderr}"
        assert "FAIL" not in done.stdout and "Traceback" not in done.stderr
        if "python -m pytest" in command:
            assert re.search(r"\d+ passed", done.stdout), done.stdout[-3000:]
        if " conformance " in command:
            assert re.search(r"[1-9]\d* passed, 0 failed", done.stdout), done.stdout
        if " table " in command and "--size 30" in command:
            table_json = _run(command + " --json", tmp_path)
            assert table_json.returncode == 0, table_json.stderr
            data = json.loads(table_json.stdout)
            _check_against_spec(tmp_path, command, data)


def _spec_table(game: spec.ImpartialGame, data: dict[str, object]) -> list[object]:
    """The spec's answer to ``grundy table GAME --size 30 [--slice AXIS=K]``, by the game's
    shape: G(n) for n < 30 of one heap, the slice of a three-pile cube, else G(x, y) (each
    state's)."""
    if spec.is_heap_game(game):
        return list(spec.nim_sequence(game, 30))
    if is_three_pile(game):
        sliced = data["slice"]
        assert isinstance(sliced, dict) and len(sliced) == 1, sliced
        ((axis, k),) = sliced.items()
        x, y, z = (k + 1 if a == axis else 30 for a in "xyz")
        box = np.array(grundy_box(game, (x, y, z)))
        return list(np.take(box, k, axis="xyz".index(axis)).tolist())
    return list(spec.grundy_table(game, 30, 30))


def _check_against_spec(directory: Path, command: str, data: dict[str, object]) -> None:
    module = re.search(r"GRUNDY_PLUGINS=(\w+)", command)
    assert module is not None
    with imported_plugin(directory, module.group(1)):
        expected = _spec_table(spec.get_game(str(data["game"])), data)
    assert np.array(data["table"]).tolist() == expected


def test_the_one_heap_example_s_period_is_certified_from_the_spec(tmp_path: Path) -> None:
    """The one-heap plugin's ``grundy period`` is certified, and its certificate holds on the
    spec's own values of the game's ``options`` (not the kernel's)."""
    files, _ = _blocks(_sections()["Other shapes: one heap, three piles"])
    (tmp_path / "take_and_split.py").write_text(files["take_and_split.py"])
    command = "GRUNDY_PLUGINS=take_and_split python -m grundy period take-and-split --json"
    done = _run(command, tmp_path)
    assert done.returncode == 0, done.stderr
    found = json.loads(done.stdout)
    assert found["status"] == "certified", found
    with imported_plugin(tmp_path, "take_and_split"):
        game = spec.get_game("take-and-split")
        assert check_certificate(game, found["preperiod"], found["period"]) is None
        assert check_certificate(game, found["preperiod"], 2 * found["period"]) is not None


def test_e_wythoff_p_positions_are_wythoffs_by_grundy_structure(tmp_path: Path) -> None:
    """Level (b)'s E-Wythoff: ``grundy structure`` finds exactly Wythoff's P-positions."""
    files, commands = _blocks(_levels()["b"])
    assert "e_wythoff.py" in files and "e_wythoff_check.py" in files
    assert any("table my-e-wythoff --size 1000" in c for c in commands)
    (tmp_path / "e_wythoff.py").write_text(files["e_wythoff.py"])
    size = 300
    command = f"GRUNDY_PLUGINS=e_wythoff python -m grundy structure my-e-wythoff --size {size}"
    done = _run(command + " --json", tmp_path)
    assert done.returncode == 0, done.stderr
    found = json.loads(done.stdout)
    assert found["implementation"] == "fast.engine"
    positions = {tuple(p) for p in found["p_positions"]["positions"]}
    wythoff = {q for a, b in wythoff_p_positions(size) for q in ((a, b), (b, a)) if max(q) < size}
    assert positions == wythoff
    assert found["p_positions"]["translate"] == [0, []]  # Wythoff's, shifted by (0, 0)


@pytest.mark.parametrize("layer", ["fast", "reference"])
def test_a_level_c_table_answers_value_in_any_layer(layer: str, tmp_path: Path) -> None:
    """Issue 38 item 5: level (c)'s table answers ``grundy value`` (and ``moves``) registered in
    the ``"reference"`` layer as in ``"fast"``, for a game the strip's kernel does not state
    (no ``move_rays``)."""
    files, _ = _blocks(_levels()["c"])
    source = files["two_heap_nim.py"].replace('    "fast",\n', f'    "{layer}",\n')
    source = "\n".join(line for line in source.splitlines() if "move_rays" not in line)
    assert f'    "{layer}",\n    xor_table,' in source
    (tmp_path / "two_heap_nim.py").write_text(source)
    for kind in ("value", "moves"):
        command = f"GRUNDY_PLUGINS=two_heap_nim python -m grundy {kind} two-heap-nim 17,19"
        listed = _run(command + " --list-impls", tmp_path)
        assert listed.stdout.split()[0] == "table", listed.stdout + listed.stderr
    done = _run("GRUNDY_PLUGINS=two_heap_nim python -m grundy value two-heap-nim 17,19 --json",
                tmp_path)  # fmt: skip
    assert done.returncode == 0, done.stderr
    found = json.loads(done.stdout)
    assert found["value"] == spec.grundy(spec.Nim(), (17,)) ^ spec.grundy(spec.Nim(), (19,))
    assert "two_heap_nim.xor_table" in json.dumps(found)
