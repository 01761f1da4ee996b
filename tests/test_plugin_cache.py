"""A plugin's cached kernels and check records follow every source file of its package
(issue 49 item 2): a helper module changed between two runs gives the new rule's value, in
fresh processes, with nothing cleared by hand; ``grundy cache clear [GAME]`` removes them."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

from plugin_module import plugin_env

PLUGIN = '''
import numba

import spec
from jump_helpers import jump


@numba.njit
def jump_moves(x, y, out):
    d = jump()
    count = 0
    if x >= d and y >= 1:
        out[count, 0] = x - d
        out[count, 1] = y - 1
        count += 1
    return count


@spec.register_game
class JumpWythoff(spec.TwoPileGame):
    """Wythoff's moves, or a jump of jump() along x and 1 along y (jump_helpers)."""

    name = "jump-wythoff"
    rules = "Wythoff's moves, or (jump(), 1)"
    source = "tests/test_plugin_cache.py"
    move_rays = ((1, 0), (0, 1), (1, 1))
    compiled_followers = jump_moves

    def followers(self, position):
        x, y = position
        yield from spec.Wythoff().followers(position)
        d = jump()
        if x >= d and y >= 1:
            yield (x - d, y - 1)
'''

HELPER = """
import numba


@numba.njit
def jump():
    return {jump}
"""


def _grundy(folder: Path, cache: Path, *argv: str) -> Any:
    env = plugin_env(folder, "jump_plugin", GRUNDY_KERNEL_CACHE=str(cache))
    return subprocess.run([sys.executable, "-m", "grundy", *argv, "--quiet"], cwd=folder,
                          env=env, capture_output=True, text=True, timeout=600)  # fmt: skip


def _value(folder: Path, cache: Path, method: str) -> str:
    found = _grundy(folder, cache, "value", "jump-wythoff", "60,70", "--method", method)
    assert found.returncode == 0, found.stderr
    return str(found.stdout).split("\n", 1)[0]


def test_a_changed_helper_module_gives_the_new_rules_value(tmp_path: Path) -> None:
    folder, cache = tmp_path / "plugin", tmp_path / "cache"
    folder.mkdir()
    (folder / "jump_plugin.py").write_text(PLUGIN)
    (folder / "jump_helpers.py").write_text(HELPER.format(jump=2))
    first = _value(folder, cache, "table")
    assert first == _value(folder, cache, "spec")
    assert list((cache / "checked").iterdir())  # checked once, remembered
    (folder / "jump_helpers.py").write_text(HELPER.format(jump=3))  # the rule changes
    second = _value(folder, cache, "table")
    assert second == _value(folder, cache, "spec") and second != first, (first, second)
    # the cache clear command: this game's files, then everything
    cleared = _grundy(folder, cache, "cache", "clear", "jump-wythoff")
    assert cleared.returncode == 0 and "of jump-wythoff" in cleared.stdout, cleared.stderr
    assert not list((cache / "checked").iterdir())
    assert not list(cache.glob("grundy_kernel_*.py"))
    assert _value(folder, cache, "table") == second
    everything = _grundy(folder, cache, "cache", "clear")
    assert everything.returncode == 0 and "removed" in everything.stdout
    assert not list(cache.rglob("grundy_kernel_*"))
