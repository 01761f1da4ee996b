"""fast.engine: compiled tables of any two-pile game, against the spec."""

from __future__ import annotations

import dataclasses
import textwrap
from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import numba
import numpy as np
import pytest
from e_wythoff_spec import EWythoff
from hypothesis import given
from hypothesis import strategies as st
from knight_moves import knight_in_order, knight_moves
from plugin_module import imported_plugin

import spec
from fast import engine, tables
from fast._sink import JIT
from fast.engine import driver, kernels, plan
from spec.families import AWythoff, NimHof

BUILT_IN = ["wythoff", "f-wythoff", "r-wythoff"]


@cache
def spec_table(name: str, size: int) -> np.ndarray:
    return np.array(spec.grundy_table(spec.get_game(name), size, size), dtype=np.int64)


@pytest.mark.nojit
@pytest.mark.parametrize("name", [*BUILT_IN, "nimhof:1,0/1,1/1,2/0,1", "a-wythoff:2"])
def test_tiny_tables(name: str) -> None:
    assert (engine.grundy_table(spec.get_game(name), 9) == spec_table(name, 9)).all()


@pytest.mark.parametrize("name", BUILT_IN)
def test_built_in_games_match_spec(name: str) -> None:
    game = spec.get_game(name)
    assert engine.covers(game) is None
    assert (engine.grundy_table(game, 30) == spec_table(name, 30)).all()
    assert engine.check_followers(game, 14) is None


@pytest.mark.parametrize("name", BUILT_IN)
def test_built_in_games_match_fast_tables(name: str) -> None:
    assert (engine.grundy_table(spec.get_game(name), 300) == tables.grundy_table(name, 300)).all()


rule = st.tuples(st.integers(0, 4), st.integers(0, 4)).filter(lambda r: r != (0, 0))


@given(rules=st.lists(rule, min_size=1, max_size=4), size=st.integers(0, 16))
def test_nimhof_matches_spec(rules: list[tuple[int, int]], size: int) -> None:
    game = NimHof(rules)
    expected = np.array(spec.grundy_table(game, size, size), dtype=np.int64).reshape(size, size)
    assert (engine.grundy_table(game, size) == expected).all()


@given(a=st.integers(1, 6), size=st.integers(0, 16))
def test_a_wythoff_matches_spec(a: int, size: int) -> None:
    game = AWythoff(a)
    expected = np.array(spec.grundy_table(game, size, size), dtype=np.int64).reshape(size, size)
    assert (engine.grundy_table(game, size) == expected).all()


@given(
    rules=st.lists(rule, min_size=1, max_size=3),
    x=st.integers(0, 12),
    y=st.integers(0, 12),
    a=st.integers(1, 5),
)
def test_family_followers_match_spec(rules: list[tuple[int, int]], x: int, y: int, a: int) -> None:
    for game in (NimHof(rules), AWythoff(a)):
        assert engine.engine_followers(game, (x, y)) == sorted(set(game.followers((x, y))))


@given(rows=st.integers(0, 12), cols=st.integers(0, 12))
def test_blocks_are_corners_of_the_table(rows: int, cols: int) -> None:
    game = spec.get_game("nimhof:1,2/2,1/0,1")
    full = engine.grundy_table(game, 12)
    assert (engine.grundy_block(game, rows, cols) == full[:rows, :cols]).all()


def test_dtype_is_the_smallest_that_holds_the_bound() -> None:
    game = spec.Wythoff()
    assert engine.grundy_table(game, 80).dtype == np.uint8  # 3 * 79 <= 255
    assert engine.grundy_table(game, 90).dtype == np.uint16
    assert engine.grundy_table(game, 0).shape == (0, 0)


def test_memory_estimate_fits_4000() -> None:
    game = spec.get_game("nimhof:1,0/1,1/1,2/0,1")
    assert engine.table_memory(game, 4000) < 200 * 2**20


def test_what_the_engine_does_not_cover() -> None:
    assert "no compiled form" in str(engine.covers(spec.FibonacciNim()))
    assert "not a two-pile game" in str(engine.covers(spec.Nim()))
    assert "not a two-pile game" in str(engine.covers(spec.Sum(spec.Nim(), spec.Nim())))
    with pytest.raises(ValueError, match="no compiled form"):
        engine.grundy_table(spec.FibonacciNim(), 5)


# ---------------------------------------------------------------------------
# A user's plugin variant, in its own module, as a user would write it.

PLUGIN = '''
import numba
from knight_moves import knight_in_order, knight_moves

import spec

#: The two knight moves towards the origin (a helper module of the plugin's, compiled here).
knight_followers = numba.njit(knight_in_order)


@spec.register_game
class WythoffKnight(spec.TwoPileGame):
    """Wythoff's moves plus the knight moves (2, 1) and (1, 2)."""

    name = "test-wythoff-knight"
    rules = "Wythoff's moves, or a knight's move towards (0, 0)"
    source = "tests/test_engine.py"
    move_rays = ((1, 0), (0, 1), (1, 1))
    compiled_followers = knight_followers

    def followers(self, position):
        yield from spec.Wythoff().followers(position)
        yield from knight_moves(position)


def everything_below(x, y, out):
    """Every (u, v) <= (x, y) but (x, y) itself: many followers, overruns small buffers."""
    count = 0
    for u in range(x + 1):
        for v in range(y + 1):
            if u != x or v != y:
                out[count, 0] = u
                out[count, 1] = v
                count += 1
    return count


@spec.register_game
class Everything(spec.TwoPileGame):
    name = "test-everything-below"
    rules = "move to any position below"
    source = "tests/test_engine.py"
    compiled_followers = "test_engine_plugin:everything_below"

    def followers(self, position):
        x, y = position
        for u in range(x + 1):
            for v in range(y + 1):
                if (u, v) != (x, y):
                    yield (u, v)
'''


@pytest.fixture(scope="module")
def plugin(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    directory = tmp_path_factory.mktemp("plugin")
    with imported_plugin(directory, "test_engine_plugin", PLUGIN) as module:
        yield module


def test_plugin_variant_matches_spec(plugin: Any) -> None:
    game = spec.get_game("test-wythoff-knight")
    assert engine.covers(game) is None
    assert (engine.grundy_table(game, 25) == spec_table("test-wythoff-knight", 25)).all()
    assert engine.check_followers(game, 10) is None


def test_plugin_overrunning_the_buffer_is_retried(plugin: Any) -> None:
    game = spec.get_game("test-everything-below")
    assert (engine.grundy_table(game, 14) == spec_table("test-everything-below", 14)).all()
    assert len(engine.engine_followers(game, (9, 9))) == 99


# ---------------------------------------------------------------------------
# Refusals: never a wrong table.


class _Rule(spec.TwoPileGame):
    """A rule made of its compiled form alone: ``followers`` reads the same form in plain
    Python (so the engine's sample check passes; these tests are about the kernels)."""

    name = "test-rule"

    def followers(self, position: spec.Position) -> Iterator[spec.Position]:
        x, y = position
        for p, q, a, b, *_ in self.move_rays or ():
            u, v = x - p, y - q
            while u >= 0 and v >= 0:
                yield (u, v)
                if a == b == 0:
                    break
                u, v = u - a, v - b
        function = self.compiled_followers
        if function is not None and not isinstance(function, str):
            out = np.zeros((4 * (x + 1) * (y + 1) + 64, 2), dtype=np.int64)
            count = getattr(function, "py_func", function)(x, y, out)
            yield from (tuple(row) for row in out[:count].tolist())


def _followers_game(function: Any) -> _Rule:
    game = _Rule()
    game.compiled_followers = function
    return game


def _cycle(x: int, y: int, out: np.ndarray) -> int:
    out[0, 0] = x
    out[0, 1] = y
    return 1


def _sideways(x: int, y: int, out: np.ndarray) -> int:
    if x >= 1:
        out[0, 0] = x - 1
        out[0, 1] = y + 1
        return 1
    return 0


def _off_board(x: int, y: int, out: np.ndarray) -> int:
    out[0, 0] = x - 1
    out[0, 1] = y
    return 1


def _grows(x: int, y: int, out: np.ndarray) -> int:
    if x + y >= 2:
        out[0, 0] = x + 1
        out[0, 1] = 0
        return 1
    return 0


def _bad_count(x: int, y: int, out: np.ndarray) -> int:
    return out.shape[0] + 1


@pytest.mark.parametrize(
    ("function", "message"),
    [
        (_cycle, r"the follower \(0, 0\) of \(0, 0\) is not smaller .*a cycle"),
        (_sideways, r"the follower \(0, 1\) of \(1, 0\) is not smaller"),
        (_off_board, r"the follower \(-1, 0\) of \(0, 0\) leaves the board"),
        (_grows, r"the follower \(1, 0\) of \(0, 2\) increases a coordinate"),
        (_bad_count, r"returned count"),
    ],
)
def test_bad_compiled_rules_are_refused(function: Any, message: str) -> None:
    game = _followers_game(function)
    with pytest.raises(ValueError, match="test-rule: .*" + message):
        engine.grundy_table(game, 6)


def test_bad_rules_are_refused_by_engine_followers() -> None:
    with pytest.raises(ValueError, match="leaves the board"):
        engine.engine_followers(_followers_game(_off_board), (0, 3))
    with pytest.raises(ValueError, match="is not smaller"):
        engine.engine_followers(_followers_game(_cycle), (2, 3))
    with pytest.raises(ValueError, match="returned count"):
        engine.engine_followers(_followers_game(_bad_count), (2, 3))


@pytest.mark.parametrize(
    ("rays", "message"),
    [
        (((0, 0, 1, 1),), r"the first follower is the position itself \(p \+ q = 0: a cycle\)"),
        (((1, -1),), "p, q must be >= 0"),
        (((1, 1, -1, 2),), "a, b must be >= 0"),
        (((1, 1, 1),), "expected"),
        (((1, 0, 1, 0, "x<y"),), "unknown guard"),
        (((1, "a"),), "is not an int"),
    ],
)
def test_bad_rays_are_refused(rays: Any, message: str) -> None:
    game = _Rule()
    game.move_rays = rays
    assert message.replace("\\", "") in str(engine.covers(game))
    with pytest.raises(ValueError, match=message):
        engine.grundy_table(game, 4)


def test_unloadable_follower_path_is_refused() -> None:
    game = _followers_game("no_such_module_here:f")
    with pytest.raises(ValueError, match="cannot be loaded"):
        engine.grundy_table(game, 4)


def test_the_refusal_check_can_fail() -> None:
    # A legal rule written as a function gives the same table as the same rule as rays.
    def take_one(x: int, y: int, out: np.ndarray) -> int:
        count = 0
        if x >= 1:
            out[count, 0] = x - 1
            out[count, 1] = y
            count += 1
        if y >= 1:
            out[count, 0] = x
            out[count, 1] = y - 1
            count += 1
        return count

    as_function = _followers_game(take_one)
    as_rays = _Rule()
    as_rays.move_rays = ((1, 0, 0, 0), (0, 1, 0, 0))
    assert (engine.grundy_table(as_function, 7) == engine.grundy_table(as_rays, 7)).all()
    assert engine.grundy_table(as_rays, 3).tolist() == [[0, 1, 0], [1, 0, 1], [0, 1, 0]]


def test_plugin_file_is_importable_as_written(tmp_path: Path) -> None:
    # The plugin source above is plain Python; a syntax slip would fail here, not later.
    compile(textwrap.dedent(PLUGIN), str(tmp_path / "p.py"), "exec")


class _SparseAndJump(spec.TwoPileGame):
    """One pile alone, the long rule [9, 1] (too many lines for bitsets), a jump (2, 3)."""

    name = "test-sparse"
    move_rays = ((1, 0), (0, 1), (9, 1), (2, 3, 0, 0))

    def followers(self, position: spec.Position) -> Iterator[spec.Position]:
        x, y = position
        yield from NimHof([(1, 0), (0, 1), (9, 1)]).followers(position)
        if x >= 2 and y >= 3:
            yield (x - 2, y - 3)


class _StrictlyLarger(spec.TwoPileGame):
    """Take from the strictly larger pile alone, or the same from both."""

    name = "test-strict"
    move_rays = ((1, 0, 1, 0, "x>y"), (0, 1, 0, 1, "y>x"), (1, 1))

    def followers(self, position: spec.Position) -> Iterator[spec.Position]:
        x, y = position
        if x > y:
            yield from ((x - k, y) for k in range(1, x + 1))
        if y > x:
            yield from ((x, y - k) for k in range(1, y + 1))
        yield from ((x - k, y - k) for k in range(1, min(x, y) + 1))


@pytest.mark.parametrize("game", [_SparseAndJump(), _StrictlyLarger()], ids=lambda g: g.name)
def test_sparse_rays_jumps_and_strict_guards(game: spec.TwoPileGame) -> None:
    size = 24
    rule = engine.compiled_rule(game)
    assert rule.rays.shape == (len(game.move_rays or ()), 5)
    expected = np.array(spec.grundy_table(game, size, size), dtype=np.int64)
    assert (engine.grundy_table(game, size) == expected).all()
    assert engine.check_followers(game, 12) is None


@given(
    name=st.sampled_from([*BUILT_IN, "a-wythoff:3", "nimhof:1,2/2,1/0,1/1,0"]),
    x=st.integers(0, 14),
    y=st.integers(0, 14),
)
def test_value_and_winning_moves_match_spec(name: str, x: int, y: int) -> None:
    game = spec.get_game(name)
    assert engine.grundy_value(game, (x, y)) == spec.grundy(game, (x, y))
    assert engine.winning_moves(game, (x, y)) == sorted(set(spec.winning_moves(game, (x, y))))


def test_bad_positions_are_refused() -> None:
    for bad in [(-1, 2), (1,), "1,2", (1.0, 2), (True, 1)]:
        with pytest.raises(ValueError, match="wythoff: position"):
            engine.grundy_value(spec.Wythoff(), bad)


# ---------------------------------------------------------------------------
# compiled_regions: rectangles of followers (docs/adding-a-game.md, level (b)).


def _regions_game(function: Any) -> _Rule:
    game = _Rule()
    game.compiled_regions = function
    return game


def _cells_below(x: int, y: int, out: np.ndarray) -> int:
    """Every (u, v) <= (x, y) but (x, y), one 1x1 rectangle each (overruns small buffers)."""
    count = 0
    for u in range(x + 1):
        for v in range(y + 1):
            if u != x or v != y:
                out[count, 0] = u
                out[count, 1] = u + 1
                out[count, 2] = v
                out[count, 3] = v + 1
                count += 1
    return count


class _EWythoff(EWythoff):
    """The tests' E-Wythoff (its followers from the definition) with the built-in game's
    compiled row spans (fast.engine.e_wythoff_regions)."""

    move_rays = ((1, 0), (0, 1), (1, 1))
    compiled_regions = "fast.engine:e_wythoff_regions"


class _Below(spec.TwoPileGame):
    name = "test-below"
    compiled_regions = _cells_below

    def followers(self, position: spec.Position) -> Iterator[spec.Position]:
        x, y = position
        yield from ((u, v) for u in range(x + 1) for v in range(y + 1) if (u, v) != (x, y))


def test_regions_match_the_spec() -> None:
    game = _EWythoff()
    assert engine.check_followers(game, 14) is None
    assert (engine.grundy_table(game, 36) == np.array(spec.grundy_table(game, 36, 36))).all()
    table = engine.grundy_table(game, 150)
    assert ((table == 0) == (engine.grundy_table(spec.Wythoff(), 150) == 0)).all()


def test_regions_and_followers_together() -> None:
    game = _EWythoff()
    both = _EWythoff()
    both.move_rays = ((1, 0), (0, 1))
    both.compiled_followers = _diagonal  # the diagonal ray as a follower list
    assert engine.check_followers(both, 10) is None
    assert (engine.grundy_table(both, 40) == engine.grundy_table(game, 40)).all()


def _diagonal(x: int, y: int, out: np.ndarray) -> int:
    count = 0
    for j in range(1, min(x, y) + 1):
        out[count, 0] = x - j
        out[count, 1] = y - j
        count += 1
    return count


def test_region_buffer_grows_and_resumes() -> None:
    game = _Below()
    # 195 one-cell regions at (13, 13): the region buffer (first 44 rows) grows mid-table
    assert (engine.grundy_table(game, 14) == np.array(spec.grundy_table(game, 14, 14))).all()
    assert len(engine.engine_followers(game, (9, 9))) == 99


def test_bitsets_grow_and_resume(monkeypatch: pytest.MonkeyPatch) -> None:
    game = _EWythoff()
    expected = engine.grundy_table(game, 90)  # values up to about 180
    original = plan._plan

    def one_word(*args: Any) -> Any:  # start with 64 values: the kernel must ask for more
        return dataclasses.replace(original(*args), words=1)

    monkeypatch.setattr(driver, "_plan", one_word)
    got = engine.grundy_table(game, 90)
    where = np.argwhere(got != expected)
    assert not len(where), (where[:5].tolist(), got.dtype, int(expected.max()))
    assert int(expected.max()) >= 128
    # In blocks of rows (progress): the growth resumes within a block, the blocks at their row.
    in_blocks = engine.grundy_table(game, 90, progress=lambda done, rows: None)
    assert (in_blocks == expected).all()


def test_a_full_line_stops_at_the_bitsets_end() -> None:
    """A line holding every value below 64 * words: its mex stops at the last word.

    The bitsets are the first row of a larger all-ones block (a zero row further
    on), so a kernel reading past its bitsets' end sees set bits there and
    leaves a mex beyond the width behind: the flaky failure of
    ``test_bitsets_grow_and_resume``, where what followed the array was
    whatever the heap held.
    """
    lines = plan._ray_lines(0, 1, 1, 2)
    block = np.full((8, lines), np.iinfo(np.uint64).max, dtype=np.uint64)
    block[5] = 0
    rays = np.array([[0, 1, 0, 1, 0]], dtype=np.int64)  # the column ray: (x, y - 1 - i)
    one = np.ones(1, dtype=np.int64)
    # The kernel, and its Python (numpy would raise IndexError past the view's end).
    for step in (kernels._rays_step, getattr(kernels._rays_step, "py_func", kernels._rays_step)):
        bits = block[:1]  # a view: the block's other rows follow it in memory
        line_mex = np.zeros(lines, dtype=np.int64)
        out = np.zeros((1, 2), dtype=np.uint32)
        scratch = np.zeros(2, dtype=np.uint64)
        zero = np.zeros(1, dtype=np.int64)
        start, count, _ = step(0, 1, rays, one, zero, bits, line_mex, scratch, out, zero.copy())
        assert (start, count, int(line_mex[0])) == (64, 1, 64)


def _region_off_board(x: int, y: int, out: np.ndarray) -> int:
    out[0, 0], out[0, 1], out[0, 2], out[0, 3] = x - 1, x, 0, 1
    return 1


def _region_with_itself(x: int, y: int, out: np.ndarray) -> int:
    out[0, 0], out[0, 1], out[0, 2], out[0, 3] = 0, x + 1, 0, y + 1
    return 1


def _region_grows(x: int, y: int, out: np.ndarray) -> int:
    if x + y >= 2:
        out[0, 0], out[0, 1], out[0, 2], out[0, 3] = 0, 1, 0, y + 2
        return 1
    return 0


def _region_empty(x: int, y: int, out: np.ndarray) -> int:
    out[0, 0], out[0, 1], out[0, 2], out[0, 3] = x + 5, x, -3, y + 9  # u0 >= u1: empty
    return 1


@pytest.mark.parametrize(
    ("function", "message"),
    [
        (_region_off_board, r"the follower \(-1, 0\) of \(0, 0\) leaves the board"),
        (_region_with_itself, r"the follower \(0, 0\) of \(0, 0\) is not smaller"),
        (_region_grows, r"the follower \(0, 3\) of \(0, 2\) increases a coordinate"),
        (_bad_count, r"compiled_regions returned count"),
    ],
)
def test_bad_regions_are_refused(function: Any, message: str) -> None:
    with pytest.raises(ValueError, match="test-rule: .*" + message):
        engine.grundy_table(_regions_game(function), 6)
    with pytest.raises(ValueError, match="test-rule: "):
        engine.engine_followers(_regions_game(function), (0, 2))


def _region_empty_columns(x: int, y: int, out: np.ndarray) -> int:
    out[0, 0], out[0, 1], out[0, 2], out[0, 3] = 0, x + 1, y, -1  # v0 >= 0 > v1: empty
    return 1


@pytest.mark.parametrize("function", [_region_empty, _region_empty_columns])
def test_empty_regions_are_skipped(function: Any) -> None:
    # The kernel reads regions with unsigned indices: an empty one must be
    # skipped before (unsigned, v0 < v1 when v1 is negative and v0 is not).
    game = _regions_game(function)
    assert engine.grundy_table(game, 5).tolist() == np.zeros((5, 5)).tolist()
    assert engine.engine_followers(game, (2, 3)) == []


def test_compiled_rules_are_cached_by_name_and_class() -> None:
    """A second object of the same game reuses its rule; a new class of the same name does not."""
    first = engine.compiled_rule(spec.get_game("nimhof:0,1/1,0/1,2"))
    assert engine.compiled_rule(spec.get_game("nimhof:0,1/1,0/1,2")) is first

    class Redefined(spec.Wythoff):  # a plugin re-registered under wythoff's name, other rays
        move_rays = ((1, 0), (0, 1))

    again = engine.compiled_rule(Redefined())
    assert again is not engine.compiled_rule(spec.Wythoff())
    assert again.rays.shape[0] == 2 and engine.compiled_rule(spec.Wythoff()).rays.shape[0] == 3


# ---------------------------------------------------------------------------
# The follower sink (fast._sink): the list form marked as it is written. Every
# way of writing the list gives the spec's table; the normal way never needs
# the buffer, and every other way is caught and served by it.


#: Called from the others: a helper that receives the sink (or the buffer) as ``out``.
_knight_jit = numba.njit(knight_in_order)


def _knight_v_first(x: int, y: int, out: np.ndarray) -> int:
    """The knight moves in order, each row written v first (the sink flags it)."""
    count = 0
    for p, q in ((2, 1), (1, 2)):
        if x >= p and y >= q:
            out[count, 1] = y - q
            out[count, 0] = x - p
            count += 1
    return count


_knight_v_first_jit = numba.njit(_knight_v_first)


def _knight_backwards(x: int, y: int, out: np.ndarray) -> int:
    """Both moves where both are legal, written last row first."""
    if x >= 2 and y >= 2:
        out[1, 0] = x - 1
        out[1, 1] = y - 2
        out[0, 0] = x - 2
        out[0, 1] = y - 1
        return 2
    return _knight_jit(x, y, out)


def _knight_rewritten(x: int, y: int, out: np.ndarray) -> int:
    """A first row written, then overwritten by the real one (only the last counts)."""
    out[0, 0] = 0
    out[0, 1] = 0
    return _knight_jit(x, y, out)


def _knight_extra_row(x: int, y: int, out: np.ndarray) -> int:
    """One more row written than counted: (0, 0), legal but not in the list."""
    count = _knight_jit(x, y, out)
    if x + y > 0:
        out[count, 0] = 0
        out[count, 1] = 0
    return count


def _knight_reads_shape(x: int, y: int, out: np.ndarray) -> int:
    """Asks the buffer's size: does not type with a sink (the buffer serves every cell)."""
    if out.shape[0] < 2:
        return 0
    return _knight_jit(x, y, out)


def _knight_two_tables(x: int, y: int, out: np.ndarray) -> int:
    """In order at even x, v first at odd x: the sink serves the cells before (1, 2)."""
    if x % 2 == 0:
        return _knight_jit(x, y, out)
    return _knight_v_first_jit(x, y, out)


class _Knight(spec.TwoPileGame):
    name = "test-knight"
    move_rays = ((1, 0), (0, 1), (1, 1))

    def followers(self, position: spec.Position) -> Iterator[spec.Position]:
        yield from spec.Wythoff().followers(position)
        yield from knight_moves(position)


@cache
def _knight_table(size: int) -> np.ndarray:
    return np.array(spec.grundy_table(_Knight(), size, size))


@pytest.mark.nojit
@pytest.mark.parametrize(
    ("function", "buffer_served"),
    [
        (knight_in_order, "none"),
        (_knight_v_first, "some"),
        (_knight_backwards, "some"),
        (_knight_rewritten, "all"),  # flagged at (0, 0): the rewritten row is (0, 0)
        (_knight_extra_row, "some"),
        (_knight_reads_shape, "all"),
        (_knight_two_tables, "some"),
    ],
)
def test_every_way_of_writing_the_list_gives_the_spec_table(
    function: Any, buffer_served: str
) -> None:
    game = _Knight()
    game.compiled_followers = function
    size = 23
    got, served = driver.buffer_cells(engine.compiled_rule(game), size, size)
    assert (got == _knight_table(size)).all()
    if not JIT:  # pragma: no cover - NUMBA_DISABLE_JIT: no sink, the buffer serves all
        assert served == size * size
    elif buffer_served == "none":
        assert served == 0
    elif buffer_served == "all":
        assert served == size * size
    else:
        # The first cell the sink flags sends the rest of the table to the buffer.
        assert 0 < served < size * size


@given(rows=st.integers(0, 30), cols=st.integers(0, 30))
def test_the_sink_gives_the_spec_table_on_any_block(rows: int, cols: int) -> None:
    game = _Knight()
    game.compiled_followers = knight_in_order
    assert (engine.grundy_block(game, rows, cols) == _knight_table(30)[:rows, :cols]).all()


_THREE = np.zeros(3, dtype=np.int64)


def _reads_past_its_array(x: int, y: int, out: np.ndarray) -> int:
    """A legal follower (0, 0), but computed from ``_THREE[x + y]``: past its end at x + y = 3."""
    if x + y == 0:
        return 0
    out[0, 0] = _THREE[x + y]
    out[0, 1] = 0
    return 1


@pytest.mark.nojit
def test_an_index_past_the_functions_own_array_is_refused() -> None:
    # Inlined into the sink's kernel, the function keeps its bounds checks: no garbage follower.
    # The kernel itself (grundy_table's sample check would refuse the rule at (0, 3) first).
    rule = engine.compiled_rule(_followers_game(_reads_past_its_array))
    with pytest.raises(ValueError, match=r"or an array of its own \(IndexError at \(0, 3\)\)"):
        driver._block_with_followers(rule, 6, 6)


@pytest.mark.nojit
def test_the_sink_keeps_every_refusal() -> None:
    # A bad follower far into the table, after thousands of cells through the sink.
    def late_cycle(x: int, y: int, out: np.ndarray) -> int:
        count = _knight_jit(x, y, out)
        if x == 17 and y == 11:
            out[count, 0] = x
            out[count, 1] = y
            count += 1
        return count

    rule = engine.compiled_rule(_followers_game(late_cycle))  # the kernel, past the sample
    with pytest.raises(ValueError, match=r"the follower \(17, 11\) of \(17, 11\) is not smaller"):
        driver._block_with_followers(rule, 20, 20)


def _game(name: str) -> spec.TwoPileGame:
    """A game by name, or one of this file's: E-Wythoff's regions, the knight's list."""
    if name == "test-e-wythoff":
        return _EWythoff()
    if name == "test-knight":
        game = _Knight()
        game.compiled_followers = knight_in_order
        return game
    return spec.get_game(name)  # type: ignore[return-value]


@pytest.mark.parametrize(
    "name", ["nimhof:1,0/0,1/1,1", "test-e-wythoff", "test-knight", "test-everything-below"]
)
def test_a_table_in_blocks_reports_each_block(
    plugin: Any, name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Ctrl-C protocol: the kernels return between blocks (sizes injected, no clock)."""
    game = _game(name)
    size = 14  # test-everything-below overruns its first buffers: growth inside a block
    monkeypatch.setattr(driver, "FIRST_BLOCK", 16)  # rays: 16 cells a call
    monkeypatch.setattr(driver, "BLOCK_SECONDS", 0.0)
    monkeypatch.setattr(driver, "FOLLOWER_BUDGET", 40)  # followers: about 40 a call
    done: list[tuple[int, int]] = []
    got = engine.grundy_table(game, size, progress=lambda d, n: done.append((d, n)))
    assert (got == np.array(spec.grundy_table(game, size, size))).all()
    assert len(done) >= 8 and done[-1] == (size, size)
    assert [d for d, _ in done] == sorted(d for d, _ in done)


@pytest.mark.parametrize(
    "name", ["nimhof:1,0/0,1/1,2", "a-wythoff:2", "test-e-wythoff", "test-knight"]
)
def test_rays_that_walk_their_cells_give_the_spec_table(
    monkeypatch: pytest.MonkeyPatch, name: str
) -> None:
    """No room for bitsets (DENSE_BYTES = 0): every ray walks its cells, as in a thin block."""
    game = _game(name)
    monkeypatch.setattr(plan, "DENSE_BYTES", 0)
    walking = plan._plan(engine.compiled_rule(game), 19, 23, 0)
    assert walking.lines == 0 and not walking.dense.any()
    expected = np.array(spec.grundy_table(game, 19, 23))
    assert (engine.grundy_block(game, 19, 23) == expected).all()


def test_a_long_thin_block_fits_in_memory() -> None:
    """Wythoff's 101 x 262144 block: 8.6 GB of column-ray bitsets before the budget."""
    rule = engine.compiled_rule(spec.Wythoff())
    thin = plan._plan(rule, 101, 262144, 0)
    table = 101 * 262144 * thin.dtype.itemsize
    assert plan._block_memory(thin, 101, 262144, 0) <= table + plan.DENSE_BYTES + 2**20
