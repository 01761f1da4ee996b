"""Three-pile games (issue 38 item 2): wythoff3, the fast.cube kernel, the registry's cube,
``grundy table --slice``; every value against the spec (or a brute force written here)."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest
from cli_capture import cli
from hypothesis import given, settings
from hypothesis import strategies as st

import fast.cube
import fast.nheap
import grundy
import registry
import spec
from registry.cube import cube_game, p_positions
from spec.piles3 import ThreePileGame, grundy_box


def brute_force(rays: tuple[tuple[int, int, int], ...], shape: tuple[int, ...]) -> np.ndarray:
    """G on the box by the definition: mex over every (x, y, z) - i * ray, i >= 1."""
    table = np.zeros(shape, dtype=np.int64)
    for cell in itertools.product(*(range(s) for s in shape)):
        seen = set()
        for ray in rays:
            i = 1
            while all(c - i * r >= 0 for c, r in zip(cell, ray, strict=True)):
                seen.add(int(table[tuple(c - i * r for c, r in zip(cell, ray, strict=True))]))
                i += 1
        table[cell] = min(set(range(len(seen) + 1)) - seen)
    return table


class Rays:
    """A three-pile ray game stated by its rays alone (what fast.cube reads)."""

    arity = 3

    def __init__(self, rays: tuple[tuple[int, int, int], ...]) -> None:
        self.move_rays = rays

    def describe(self) -> str:
        return f"rays{self.move_rays}"


RAY = st.tuples(st.integers(0, 3), st.integers(0, 3), st.integers(0, 3)).filter(any)
SHAPE = st.tuples(st.integers(0, 6), st.integers(0, 6), st.integers(0, 6))


@settings(max_examples=40, deadline=None)
@given(st.lists(RAY, min_size=1, max_size=5, unique=True), SHAPE)
def test_kernel_equals_the_definition_for_any_rays(rays: list[Any], shape: Any) -> None:
    stated = tuple(rays)
    table = fast.cube.grundy_cube(Rays(stated), shape)
    assert table.shape == shape
    assert (table == brute_force(stated, shape)).all()


@settings(max_examples=15, deadline=None)
@given(SHAPE)
def test_wythoff3_kernel_equals_spec_on_random_boxes(shape: Any) -> None:
    game = spec.Wythoff3()
    expected = np.array(grundy_box(game, shape), dtype=np.int64).reshape(shape)
    assert (fast.cube.grundy_cube(game, shape) == expected).all()


def test_wythoff3_spec_moves_and_planes() -> None:
    game = spec.get_game("wythoff3")
    assert sorted(game.followers((1, 1, 0))) == [(0, 0, 0), (0, 1, 0), (1, 0, 0)]
    # the plane z = 0 is two-pile Wythoff (no move can add to z)
    plane = np.array(grundy_box(game, (8, 8, 1)))[:, :, 0]
    assert (plane == np.array(spec.grundy_table(spec.Wythoff(), 8, 8))).all()
    assert spec.grundy(game, (3, 4, 5)) == 11


def test_front_door_table_is_the_cube() -> None:
    table = grundy.table("wythoff3", 12)
    assert table.shape == (12, 12, 12) and table.implementation == "fast.cube"
    assert (np.asarray(table) == np.array(grundy_box(spec.Wythoff3(), (12, 12, 12)))).all()
    box = registry.question("grundy-box", "wythoff3")(x=3, y=5, z=7)
    assert box.value.shape == (3, 5, 7)
    assert (box.value == np.asarray(table)[:3, :5, :7]).all()


def test_wrong_rays_are_refused_by_capability() -> None:
    class Wrong(ThreePileGame):
        name = "wrong3"
        move_rays = ((1, 0, 0), (0, 1, 0))

        def followers(self, position: Any) -> Iterator[Any]:
            x, y, z = position
            yield from ((x - k, y, z) for k in range(1, x + 1))
            yield from ((x, y, z - k) for k in range(1, z + 1))

    assert "differ at" in str(cube_game(Wrong()))
    assert fast.cube.covers(spec.Wythoff()) is not None
    assert "not a ray" in str(fast.cube.covers(Rays(((1, -1, 0),))))


def test_memory_and_dtype_are_known_before_the_work() -> None:
    game = spec.Wythoff3()
    with pytest.raises(MemoryError, match="would need about"):
        fast.cube.grundy_cube(game, (10**5, 10**5, 10**5))
    words, planes, dtype = fast.cube._layout(fast.cube.cube_rays(game), (10**9, 10**9, 10**9))
    assert dtype == np.int64 and words > 2**26 and planes == 9
    assert fast.cube._layout(fast.cube.cube_rays(game), (50, 50, 50))[2] == np.int32


def test_p_positions_sorted() -> None:
    table = grundy.table("wythoff3", 9)
    found = p_positions(table)
    assert found == sorted(found)
    assert all(spec.grundy(spec.Wythoff3(), p) == 0 for p in found)
    assert len(found) == int((np.asarray(table) == 0).sum())


def test_table_slice_prints_the_plane(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = cli(capsys, "table", "wythoff3", "--size", "6", "--slice", "z=5")
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "wythoff3: G[x, y, 5], implementation fast.cube"
    game = spec.Wythoff3()
    row0 = [int(v) for v in lines[6].split("|")[1].split()]  # printed row 0 is the last
    assert row0 == [spec.grundy(game, (0, y, 5)) for y in range(6)]


@pytest.mark.parametrize(
    ("argv", "names"),
    [
        (("--size", "10", "--slice", "z=10"), "--slice z=10: outside the table"),
        (("--size", "10", "--slice", "w=1"), "--slice w=1"),
        (("--size", "100", "--slice", "z=500"), "--slice z=500: outside the table"),
        (("--size", "10", "--slice", "w=3"), "--slice w=3"),
        (("--size", "10", "--slice", "z=-1"), "--slice z=-1"),
        (("--size", "100000"), "--size 100000"),
        (("--size", "100000", "--slice", "z=3"), "--size 100000"),
        (("--size", "10", "--out", "x.csv"), "--out"),
        (("--rows", "3", "--cols", "4"), "--rows"),
    ],
)
def test_bad_three_pile_input_is_one_line(
    capsys: pytest.CaptureFixture[str], argv: tuple[str, ...], names: str
) -> None:
    code, _, err = cli(capsys, "table", "wythoff3", *argv)
    assert code == 2 and names in err and len(err.strip().splitlines()) == 1


def test_slice_of_a_two_pile_game_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = cli(capsys, "table", "wythoff", "--slice", "z=1")
    assert code == 2 and "--slice" in err


def test_table_out_writes_the_cube(capsys: pytest.CaptureFixture[str], tmp_path: Any) -> None:
    out = tmp_path / "cube.npy"
    code, _, _ = cli(capsys, "table", "wythoff3", "--size", "7", "--out", str(out))
    assert code == 0
    cube = np.load(out)
    assert (cube == np.array(grundy_box(spec.Wythoff3(), (7, 7, 7)))).all()


def test_structure_lists_the_p_positions(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = cli(capsys, "structure", "wythoff3", "--size", "8", "--json")
    assert code == 0
    import json

    data = json.loads(out)
    found = [tuple(p) for p in data["p_positions"]]
    game = spec.Wythoff3()
    expected = [p for p in itertools.product(range(8), repeat=3) if spec.grundy(game, p) == 0]
    assert found == expected and data["count"] == len(expected)
    code, out, _ = cli(capsys, "structure", "wythoff3", "--size", "8", "--show", "2")
    assert code == 0 and "(0, 0, 0), (0, 1, 2)\n" in out and "more (--show, --json)" in out


def test_fraenkel_game_kernel_equals_spec() -> None:
    game = spec.get_game("fraenkel-wythoff3")
    shape = (4, 9, 13)
    expected = np.array(grundy_box(game, shape)) == 0
    found = registry.question("p-box", game)(x=4, y=9, z=13)
    assert found.name == "fast.nheap" and (found.value.astype(bool) == expected).all()
    assert "nim_sum_moves" in str(fast.nheap.covers(spec.Wythoff3()))


@pytest.mark.parametrize("claim", ["sz-fraenkel-conj-i", "sz-fraenkel-conj-ii"])
def test_sun_zeilberger_claims_hold_and_their_false_variants_do_not(claim: str) -> None:
    from proofs_check.catalogue import run_claim

    assert run_claim(claim, {"heap": 3, "size": 600}).status == "holds"
    false = run_claim(claim, {"heap": 8, "size": 2000}, tighten=1)
    assert false.status == "violated"


def test_heatmap_of_the_cube_has_a_panel_per_x() -> None:
    from grundy.plot import game_heatmap

    figure, _, impl = game_heatmap("wythoff3", 3)
    titles = [axes.get_title() for axes in figure.axes if axes.get_title()]
    assert titles == ["x = 0", "x = 1", "x = 2"] and impl == "fast.cube"
    assert "0 <= x, y, z < 3" in figure.get_suptitle()


def test_the_docs_example_game_runs_on_the_kernel() -> None:
    from pathlib import Path

    text = (Path(__file__).resolve().parents[1] / "docs" / "three-piles.md").read_text()
    source = text.split("```python\n", 1)[1].split("```", 1)[0]
    namespace: dict[str, Any] = {}
    try:
        exec(compile(source, "three-piles.md", "exec"), namespace)
        game = spec.get_game("my-cube")
        assert cube_game(game) is None
        expected = brute_force(game.move_rays, (5, 6, 7))  # type: ignore[attr-defined]
        assert (fast.cube.grundy_cube(game, (5, 6, 7)) == expected).all()
    finally:
        spec.GAMES.pop("my-cube", None)


def test_sequence_of_p_positions_with_a_fixed_smallest_heap(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from grundy import oeis

    game = spec.get_game("fraenkel-wythoff3")
    triples = sorted(
        (b, c) for b in range(1, 40) for c in range(b, 60) if spec.grundy(game, (1, b, c)) == 0
    )
    middle = oeis.sequence(game, "middle-p=1", 8)
    largest = oeis.sequence(game, "largest-p=1", 6, offset=2)
    assert middle.terms == [b for b, _ in triples[:8]]
    assert largest.terms == [c for _, c in triples[2:8]]
    code, _, err = cli(capsys, "sequence", "wythoff", "middle-p=1")
    assert code == 2 and "needs a three-pile game" in err
    code, _, err = cli(capsys, "sequence", "wythoff3", "row=1")
    assert code == 2 and "needs a two-pile game" in err


# ------------------------------------------------------------------ value and moves: method cube


class SkewRays(ThreePileGame):
    """A three-pile ray game with one symmetry (x <-> y), its followers by the definition."""

    name = "skew3"
    move_rays = ((1, 0, 0), (0, 1, 0), (0, 0, 2), (1, 1, 0), (1, 1, 1))

    def followers(self, position: Any) -> Iterator[Any]:
        return spec.piles3.ray_followers(self.move_rays, position)


POSITION = st.tuples(st.integers(0, 9), st.integers(0, 9), st.integers(0, 9))


@settings(max_examples=25, deadline=None)
@given(POSITION)
def test_value_and_moves_by_the_cube_equal_the_spec(position: Any) -> None:
    game = spec.Wythoff3()
    found = grundy.value(game, position, "cube")
    assert (found.value, found.method) == (spec.grundy(game, position), "cube")
    moves = grundy.moves(game, position, "cube")
    assert moves.moves == sorted(spec.winning_moves(game, position))


@settings(max_examples=15, deadline=None)
@given(POSITION)
def test_value_of_a_game_with_fewer_symmetries_equals_its_definition(position: Any) -> None:
    game = SkewRays()
    perm, cell = registry.cube.position_box(game, position)
    assert sorted(cell) == sorted(position)
    assert perm in registry.cube.symmetries(game) == ((0, 1, 2), (1, 0, 2))
    assert grundy.value(game, position, "cube").value == spec.grundy(game, position)
    assert grundy.moves(game, position, "cube").moves == sorted(spec.winning_moves(game, position))


def test_position_box_puts_the_largest_pile_first_where_the_rays_allow() -> None:
    assert registry.cube.position_box(spec.Wythoff3(), (3, 9, 5)) == ((1, 2, 0), (9, 5, 3))
    assert registry.cube.position_box(SkewRays(), (1, 3, 9)) == ((1, 0, 2), (3, 1, 9))  # z last


def test_the_issues_position_answers_by_the_cube(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = cli(capsys, "value", "wythoff3", "100,120,140", "--list-impls")
    assert code == 0 and out.splitlines()[0].startswith("cube  (fast)")
    code, out, _ = cli(capsys, "value", "wythoff3", "100,120,140", "--budget", "300")
    assert code == 0 and "method: cube (fast.cube)" in out and "box 141x121x101" in out


def test_a_position_past_memory_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    for command in ("value", "moves"):
        code, _, err = cli(capsys, command, "wythoff3", "100000,100000,1000000")
        assert code == 2 and len(err.strip().splitlines()) == 1
        # the user's words (issue 48); the registry's record (the cube's estimate) with --verbose
        assert f"grundy {command} wythoff3 100000,100000,1000000: " in err and "GiB" in err
        code, _, err = cli(capsys, command, "wythoff3", "100000,100000,1000000", "--verbose")
        assert code == 2 and "cube: needs about" in err
