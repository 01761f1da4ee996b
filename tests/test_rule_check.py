"""Issue 39 item 2: a compiled user rule is checked where its answers come from.

``c-subtle`` has Wythoff's followers and a compiled rule without the diagonal
step k = 1 in row 12: today's 9 x 9 sample (and six far cells) passed it, and
``value c-subtle 12,20`` answered 1 ``exact`` (true 0). The check now covers
the table's square (every cell up to 64) and cells spread over it in both
orientations, once per rule digest and side; its cost is counted in cells.
"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from plugin_module import imported_plugin, plugin_env

import spec
from fast import engine
from fast.engine import followers

PLUGIN = '''
"""Wythoff's followers; a compiled rule without the diagonal step k = 1 in row 12."""
import numba
import spec


@numba.njit
def diagonal_but_one(x, y, out):
    count = 0
    for k in range(1, min(x, y) + 1):
        if x == 12 and k == 1:
            continue
        out[count, 0] = x - k
        out[count, 1] = y - k
        count += 1
    return count


@numba.njit
def diagonal(x, y, out):
    for k in range(1, min(x, y) + 1):
        out[k - 1, 0] = x - k
        out[k - 1, 1] = y - k
    return min(x, y)


@spec.register_game
class CSubtle(spec.TwoPileGame):
    name = "c-subtle"
    rules = "Wythoff's moves (the compiled rule drops one diagonal step in row 12)"
    source = "tests/test_rule_check.py"
    move_rays = ((1, 0), (0, 1))
    compiled_followers = diagonal_but_one
    reads = 0

    def followers(self, position):
        type(self).reads += 1
        yield from spec.Wythoff().followers(position)


@spec.register_game
class CRight(CSubtle):
    name = "c-right"
    rules = "Wythoff's moves (the diagonal as a follower list)"
    compiled_followers = diagonal
'''


@pytest.fixture(scope="module")
def plugin(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    directory = tmp_path_factory.mktemp("plugin")
    with imported_plugin(directory, "c_subtle", PLUGIN):
        yield directory


@pytest.mark.parametrize("cell", [(12, 20), (20, 12)])
def test_c_subtle_is_refused_in_both_orientations(plugin: Path, cell: tuple[int, int]) -> None:
    game = spec.get_game("c-subtle")
    with pytest.raises(ValueError, match=r"refused.*followers of \(12, 1\) differ.*\(11, 0\)"):
        engine.grundy_block(game, cell[0] + 1, cell[1] + 1)


def test_c_subtle_is_refused_by_the_cli(plugin: Path) -> None:
    env = plugin_env(plugin, "c_subtle")
    for cell in ("12,20", "20,12"):
        done = subprocess.run(
            [sys.executable, "-m", "grundy", "value", "c-subtle", cell],
            env=env, capture_output=True, text=True, timeout=600,
        )  # fmt: skip
        assert done.returncode == 2, done.stdout + done.stderr
        assert "followers of (12, 1) differ" in done.stderr and "Traceback" not in done.stderr


def test_a_table_below_the_defect_answers(plugin: Path) -> None:
    """A table whose square does not reach row 12 never reads the wrong move: it answers."""
    game = spec.get_game("c-subtle")
    assert engine.grundy_block(game, 4, 6)[3, 5] == 0


def _checked(game: Any, rows: int, cols: int, monkeypatch: pytest.MonkeyPatch) -> int:
    """Positions compared by verify_rule for a rows x cols table (a fresh cache)."""
    monkeypatch.setattr(followers, "_VERIFIED", {})
    monkeypatch.setattr(followers, "_checked_on_disk", lambda key: 0)  # nor on disk
    type(game).reads = 0
    followers.verify_rule(game, rows, cols)
    return int(type(game).reads)


def test_the_check_costs_a_bounded_number_of_cells(
    plugin: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = spec.get_game("c-right")
    assert _checked(game, 13, 21, monkeypatch) == 32 * 32  # the table's square, every cell
    assert _checked(game, 64, 64, monkeypatch) == 64 * 64
    # Past 64: spread cells while their reads stay within the square's reads, or
    # CHECK_FRACTION of the table's estimated seconds if more (a long table).
    big = _checked(game, 1000, 1000, monkeypatch)
    assert 64 * 64 + 200 < big < 64 * 64 + 2 * engine.CHECK_SPREAD
    monkeypatch.setattr(followers, "block_seconds", lambda rows, cols: 1e3)  # a long table
    assert _checked(game, 100, 100, monkeypatch) == 64 * 64 + 2 * engine.CHECK_SPREAD
    monkeypatch.setattr(followers, "block_seconds", lambda rows, cols: 0.0)
    far = _checked(game, 13, 10**5, monkeypatch)  # each spread cell reads about 2e5 followers
    assert 64 * 64 < far < 64 * 64 + 40


def test_the_check_is_cached_by_the_rules_digest(
    plugin: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    game = spec.get_game("c-right")
    assert _checked(game, 100, 100, monkeypatch) > 0
    type(game).reads = 0
    followers.verify_rule(game, 100, 100)
    followers.verify_rule(game, 20, 20)  # a smaller side: already checked
    assert type(game).reads == 0
    followers.verify_rule(game, 300, 300)  # a larger side: checked again
    assert type(game).reads > 0
    assert followers.rule_digest(game) != followers.rule_digest(spec.get_game("c-subtle"))


def test_spread_cells_cover_the_square_in_both_orientations() -> None:
    square, spread = engine.check_cells(5000, 5000)
    assert len(square) == 64 * 64 and len(spread) == 2 * engine.CHECK_SPREAD
    assert all(spread[i + 1] == spread[i][::-1] for i in range(0, len(spread), 2))
    side = 8192
    for lo, hi in ((0, side // 4), (side // 4, side // 2), (side // 2, side)):
        assert any(lo <= x < hi for x, _ in spread)  # every part of the square is reached
    assert max(max(c) for c in spread) >= side // 2


def test_the_check_is_remembered_on_disk_by_its_key(
    plugin: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """A new process (an empty memory) reads the side checked from the kernel cache; another
    rule, or the same rule defined in a changed module, has another key and is checked."""
    monkeypatch.setenv("GRUNDY_KERNEL_CACHE", str(tmp_path))
    game = spec.get_game("c-right")
    monkeypatch.setattr(followers, "_VERIFIED", {})
    followers.verify_rule(game, 100, 100)
    key = followers._check_key(game, engine.compiled_rule(game))
    assert (tmp_path / "checked" / key).read_text().splitlines() == ["128", "c-right"]
    monkeypatch.setattr(followers, "_VERIFIED", {})  # a new process
    type(game).reads = 0
    followers.verify_rule(game, 100, 100)
    assert type(game).reads == 0
    other = spec.get_game("c-subtle")
    assert followers._check_key(other, engine.compiled_rule(other)) != key
    module = type(game).__module__
    monkeypatch.setattr(followers, "_module_text", lambda name: "changed" if name == module
                        else name)  # fmt: skip
    assert followers._check_key(game, engine.compiled_rule(game)) != key
