"""fast.tables: full Grundy tables, against the spec and every registered implementation."""

from __future__ import annotations

import json
from functools import cache

import numpy as np
import pytest
from hypothesis import example, given
from hypothesis import strategies as st

import fast._memory
import spec
from fast.tables import GAMES, MAX_SIZE, grundy_table, table_memory
from grundy.cli import main
from grundy.registry import get_question
from reference.beatty import is_wythoff_p_position

SPEC_SIZE = 40


@cache
def spec_table(name: str, size: int = SPEC_SIZE) -> np.ndarray:
    return np.array(spec.grundy_table(spec.get_game(name), size, size), dtype=np.int64)


IMPLEMENTATIONS = [
    pytest.param(name, impl, id=f"{name}-{impl.name}")
    for name in sorted(GAMES)
    for impl in get_question("grundy-table", name).implementations  # type: ignore[union-attr]
    if impl.layer != "published"
]


def test_fast_tables_is_registered() -> None:
    for name in GAMES:
        question = get_question("grundy-table", name)
        assert question is not None
        layers = {i.name: i.layer for i in question.implementations}
        assert layers["fast.tables"] == "fast" and layers["spec"] == "spec"


@pytest.mark.parametrize(("name", "impl"), IMPLEMENTATIONS)
@given(size=st.integers(0, SPEC_SIZE))
@example(size=0)
@example(size=1)
@example(size=SPEC_SIZE)
def test_every_implementation_matches_spec(name: str, impl: object, size: int) -> None:
    got = np.asarray(impl.answer(size=size))  # type: ignore[attr-defined]
    assert got.shape == (size, size) or (size == 0 and got.size == 0)  # spec: [] for size 0
    got = got.reshape(size, size)
    assert (got == spec_table(name)[:size, :size]).all()


@pytest.mark.nojit
@pytest.mark.parametrize("name", sorted(GAMES))
def test_tiny_tables(name: str) -> None:
    assert (grundy_table(name, 9) == spec_table(name)[:9, :9]).all()


def test_published_wythoff_row_3() -> None:
    # seed 003: row 3 of Wythoff's table starts 3 4 5 6 2 0 1 9 10 12
    assert grundy_table("wythoff", 10)[3].tolist() == [3, 4, 5, 6, 2, 0, 1, 9, 10, 12]


def test_jiao_counterexample() -> None:
    table = grundy_table("f-wythoff", 13)
    assert [table[1, 8], table[3, 10], table[5, 12]] == [9, 9, 9]  # 001 Theorem 12


class TestStructure:
    """Facts of the seeds on tables far beyond the spec's reach."""

    def test_wythoff_lines_and_landman_bounds(self) -> None:
        n = 300
        t = grundy_table("wythoff", n).astype(np.int64)
        for k in range(n):
            assert len(set(t[k])) == n and len(set(t[:, k])) == n
        for e in range(-n + 1, n):
            diagonal = np.diagonal(t, e)
            assert len(set(diagonal.tolist())) == len(diagonal)
        x, y = np.meshgrid(np.arange(n), np.arange(n), indexing="ij")
        small, large = np.minimum(x, y), np.maximum(x, y)
        assert (t >= large - 2 * small).all() and (t <= x + y).all()  # 004 Lemmas 1, 2

    def test_p_positions(self) -> None:
        n = 400
        for name, is_p in (
            ("wythoff", is_wythoff_p_position),
            ("r-wythoff", is_wythoff_p_position),
            (
                "f-wythoff",
                lambda x, y: (
                    (x, y) == (0, 0) or (x >= 1 and y >= 1 and is_wythoff_p_position(x - 1, y - 1))
                ),
            ),
        ):
            t = grundy_table(name, n)
            zeros = {(int(x), int(y)) for x, y in np.argwhere(t == 0)}
            assert zeros == {(x, y) for x in range(n) for y in range(n) if is_p(x, y)}, name

    def test_symmetric(self) -> None:
        for name in GAMES:
            t = grundy_table(name, 200)
            assert (t == t.T).all()

    @pytest.mark.slow
    @pytest.mark.parametrize("name", sorted(GAMES))
    def test_against_spec_150(self, name: str) -> None:
        assert (grundy_table(name, 150) == spec_table(name, 150)).all()


class TestErrors:
    def test_unknown_game(self) -> None:
        with pytest.raises(ValueError, match="unknown game 'nim'"):
            grundy_table("nim", 3)

    @pytest.mark.parametrize("size", [-1, True, 2.5, "4"])
    def test_bad_size(self, size: object) -> None:
        with pytest.raises(ValueError, match=r"size must be an int >= 0"):
            grundy_table("wythoff", size)  # type: ignore[arg-type]

    def test_size_beyond_int32(self) -> None:
        with pytest.raises(OverflowError, match="beyond the int32 values"):
            grundy_table("wythoff", MAX_SIZE + 1)

    def test_memory_refused_before_allocating(self, monkeypatch: pytest.MonkeyPatch) -> None:
        monkeypatch.setattr(fast._memory, "available_memory", lambda: 2**20)
        with pytest.raises(MemoryError, match=r"1000x1000 wythoff Grundy table would need"):
            grundy_table("wythoff", 1000)

    def test_memory_estimate(self) -> None:
        assert 4 * 4096**2 < table_memory(4096) < 5 * 4096**2


class TestCli:
    def test_table_command_picks_fast(self, capsys: pytest.CaptureFixture[str]) -> None:
        assert main(["table", "wythoff", "--size", "500", "--json"]) == 0
        data = json.loads(capsys.readouterr().out)
        assert data["implementation"] == "fast.tables"
        assert np.array_equal(np.array(data["table"]), grundy_table("wythoff", 500))

    def test_list_impls(self, capsys: pytest.CaptureFixture[str]) -> None:
        assert main(["table", "r-wythoff", "--list-impls"]) == 0
        assert "fast.tables  (fast)" in capsys.readouterr().out
