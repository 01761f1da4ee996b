"""fast.tables: full Grundy tables, against the spec and every registered implementation."""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path
from typing import Any

import brute_force
import numpy as np
import pytest
from hypothesis import example, given
from strategies import sizes, wythoff_variants

import fast.tables
import floor.memory
import spec
from fast._kernel_games import CODES
from fast.tables import GAMES, MAX_SIZE, grundy_table, table_dtype, table_memory
from grundy.cli import main
from reference import landman
from reference.beatty import is_wythoff_p_position
from reference.published import load_published
from registry import get_question

SPEC_SIZE = 40
#: The seeds' tables (reference/data): 003's Wythoff table, 001's Table 1.
PUBLISHED = {"wythoff": "wythoff_003", "f-wythoff": "fwythoff_001_table1"}
BIG_SIZES = 3 * fast.tables.BLOCK + 5  # sizes drawn: three block cuts (BLOCK 128)


@cache
def spec_table(name: str, size: int = SPEC_SIZE) -> np.ndarray:
    return np.array(spec.grundy_table(spec.get_game(name), size, size), dtype=np.int64)


def _implementations(name: str) -> list[Any]:
    question = get_question("grundy-table", name)
    assert question is not None
    return list(question.implementations)


#: Every implementation but the oracle itself (and the published tables, checked below).
IMPLEMENTATIONS = [
    pytest.param(name, impl, id=f"{name}-{impl.name}")
    for name in sorted(GAMES)
    for impl in _implementations(name)
    if impl.layer not in ("spec", "published")
]


def test_fast_tables_is_registered() -> None:
    for name in GAMES:
        question = get_question("grundy-table", name)
        assert question is not None
        layers = {i.name: i.layer for i in question.implementations}
        assert layers["fast.tables"] == "fast" and layers["spec"] == "spec"


@pytest.mark.parametrize("name", sorted(GAMES))
def test_the_oracle_against_brute_force_and_the_seeds(name: str) -> None:
    """The spec (and its registered door) against tables sharing no code with it."""
    assert (spec_table(name) == brute_force.grundy_table(name, SPEC_SIZE, SPEC_SIZE)).all()
    (door,) = [i for i in _implementations(name) if i.layer == "spec"]
    if name in PUBLISHED:
        rows = np.array(load_published(PUBLISHED[name])["rows"], dtype=np.int64)
        assert np.array_equal(door.answer(size=len(rows)), rows)
    assert np.array_equal(door.answer(size=9), brute_force.grundy_table(name, 9, 9))


@pytest.mark.parametrize(("name", "impl"), IMPLEMENTATIONS)
@given(size=sizes(SPEC_SIZE))
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
        # 004 Lemmas 1, 2 on the same table: the statements' home is their claims, which ask
        # the registry's grundy-table (fast.tables at this size)
        from proofs_check.catalogue import run_claim

        for claim in ("landman-lemma-1", "landman-lemma-2"):
            report = run_claim(claim, {"size": n})
            assert report.status == "holds" and report.cases == n * n, report.witness
            assert report.data == ["fast.tables"], report.data

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
        monkeypatch.setattr(floor.memory, "available_memory", lambda: 2**20)
        with pytest.raises(MemoryError, match=r"1000x1000 wythoff Grundy table would need"):
            grundy_table("wythoff", 1000)

    def test_memory_estimate(self) -> None:
        assert 2 * 4096**2 < table_memory(4096) < 3 * 4096**2  # uint16 + bitsets
        assert 4 * 4096**2 < table_memory(4096, np.int32) < 5 * 4096**2

    @pytest.mark.parametrize("dtype", [np.float64, "f4", object, "not a dtype"])
    def test_bad_dtype(self, dtype: object) -> None:
        with pytest.raises(ValueError, match="dtype must be an integer dtype"):
            grundy_table("wythoff", 3, dtype=dtype)

    def test_dtype_too_small(self) -> None:
        with pytest.raises(ValueError, match=r"dtype uint8 cannot hold the values up to 258"):
            grundy_table("wythoff", 130, dtype=np.uint8)
        with pytest.raises(ValueError, match=r"dtype int8 cannot hold"):
            grundy_table("wythoff", 65, dtype="int8")


class TestDtypeAndSymmetry:
    @pytest.mark.parametrize(
        ("size", "dtype"),
        [(0, np.uint8), (1, np.uint8), (128, np.uint8), (129, np.uint16), (700, np.uint16)],
    )
    def test_default_dtype(self, size: int, dtype: type) -> None:
        # G(x, y) <= x + y (004 Lemma 2): the smallest unsigned type holding 2 (size - 1)
        assert table_dtype(size) == np.dtype(dtype)
        t = grundy_table("wythoff", size)
        assert t.dtype == np.dtype(dtype) and t.shape == (size, size)
        if size:
            assert int(t[size - 1, size - 1]) <= 2 * (size - 1) <= np.iinfo(t.dtype).max

    def test_table_dtype_limits(self) -> None:
        assert table_dtype(32768) == np.uint16 and table_dtype(32769) == np.uint32

    @pytest.mark.parametrize("name", sorted(GAMES))
    @pytest.mark.parametrize("dtype", [np.uint16, np.int32, np.int64, np.uint32])
    def test_explicit_dtype_same_values(self, name: str, dtype: type) -> None:
        t = grundy_table(name, 140, dtype=dtype)
        assert t.dtype == np.dtype(dtype)
        assert (t.astype(np.int64) == grundy_table(name, 140).astype(np.int64)).all()

    @pytest.mark.parametrize("name", sorted(GAMES))
    def test_games_are_symmetric_in_the_spec(self, name: str) -> None:
        # the kernel computes the upper triangle only: the rules must treat the piles alike
        game = spec.get_game(name)
        for x in range(12):
            for y in range(12):
                swapped = {(b, a) for a, b in game.followers((y, x))}
                assert set(game.followers((x, y))) == swapped
        t = spec_table(name)
        assert (t == t.T).all()


class TestAgainstSpecAndPublished:
    """The diagonal and the first anti-diagonals against the spec and the seeds' tables."""

    @pytest.mark.parametrize("name", sorted(GAMES))
    def test_diagonal_and_first_antidiagonals(self, name: str) -> None:
        size = SPEC_SIZE
        got = grundy_table(name, size).astype(np.int64)
        want = spec_table(name)
        assert (np.diagonal(got) == np.diagonal(want)).all()
        flipped_got, flipped_want = np.fliplr(got), np.fliplr(want)
        for s in range(size):  # anti-diagonal x + y = s
            offset = size - 1 - s
            assert (np.diagonal(flipped_got, offset) == np.diagonal(flipped_want, offset)).all()

    @pytest.mark.parametrize(("name", "data"), sorted(PUBLISHED.items()))
    def test_published_tables(self, name: str, data: str) -> None:
        rows = np.array(load_published(data)["rows"], dtype=np.int64)
        size = rows.shape[0]
        assert rows.shape == (size, size) and size >= 13
        got = grundy_table(name, size).astype(np.int64)
        assert (got == rows).all()
        assert (np.diagonal(got) == np.diagonal(rows)).all()

    @given(size=sizes(BIG_SIZES), name=wythoff_variants(GAMES))
    @example(size=fast.tables.BLOCK, name="f-wythoff")
    @example(size=fast.tables.BLOCK + 1, name="wythoff")
    @example(size=2 * fast.tables.BLOCK + 1, name="r-wythoff")
    def test_sizes_are_prefixes(self, size: int, name: str) -> None:
        # any size (and so any block cut of the wavefront) gives the top-left corner
        # of a larger table; the larger table's corner is checked against the spec above
        big = _big(name)
        got = grundy_table(name, size)
        assert got.shape == (size, size)
        assert (got.astype(np.int64) == big[:size, :size]).all()

    @pytest.mark.parametrize("name", sorted(GAMES))
    @pytest.mark.parametrize("side", [1, 3, 7, 64])
    def test_block_side_does_not_matter(
        self, name: str, side: int, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        monkeypatch.setattr(fast.tables, "BLOCK", side)
        monkeypatch.setattr(fast.tables, "MAX_BLOCK", side)
        assert fast.tables.block_side(150, 1) == side
        assert (grundy_table(name, 150).astype(np.int64) == _big(name)[:150, :150]).all()

    @pytest.mark.parametrize("name", sorted(GAMES))
    def test_threads_do_not_matter(self, name: str) -> None:
        import numba

        one = grundy_table(name, 700, threads=1)
        most = grundy_table(name, 700, threads=numba.config.NUMBA_NUM_THREADS)
        assert (one == most).all() and (one == grundy_table(name, 700)).all()
        assert (one.astype(np.int64) == _big(name)[:700, :700]).all()

    @pytest.mark.parametrize("threads", [0, -1, True, 1.0, 10**6])
    def test_bad_threads(self, threads: object) -> None:
        with pytest.raises(ValueError, match=r"threads must be an int in 1\.\."):
            grundy_table("wythoff", 5, threads=threads)  # type: ignore[arg-type]

    def test_default_threads_leaves_numba_setting(self) -> None:
        import numba

        saved = numba.get_num_threads()
        grundy_table("wythoff", 200, threads=1)
        assert numba.get_num_threads() == saved
        assert 1 <= fast.tables.default_threads() <= saved


BIG = 705


@cache
def _big(name: str) -> np.ndarray:
    """A BIG x BIG table in plain row order (one block: no wavefront), checked two ways.

    Its corner equals the spec; rows that cross block boundaries equal
    reference.landman's row machine (004 §3, another algorithm).
    """
    size = BIG
    t = np.zeros((size, size), dtype=np.int64)
    words, full = fast.tables._words(size)
    bad = fast.tables._fill(size, int(CODES[name]), max(size, 1), words, full, t)
    assert bad == -1
    assert (t[:SPEC_SIZE, :SPEC_SIZE] == spec_table(name)[:SPEC_SIZE, :SPEC_SIZE]).all()
    for row in (1, 6, 21):
        assert t[row].tolist() == landman.row_values(row, size - 1, name)
    return t


class TestCli:
    def test_table_command_picks_fast(self, capsys: pytest.CaptureFixture[str]) -> None:
        assert main(["table", "wythoff", "--size", "500", "--json"]) == 0
        data = json.loads(capsys.readouterr().out)
        assert data["implementation"] == "fast.tables"
        assert np.array_equal(np.array(data["table"]), grundy_table("wythoff", 500))

    @pytest.mark.parametrize("name", sorted(GAMES))
    def test_out_npy(self, name: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
        path = tmp_path / "t.npy"
        assert main(["table", name, "--size", "300", "--out", str(path)]) == 0
        out = capsys.readouterr().out
        assert out.count("\n") == 1 and str(path) in out and "300x300 uint16" in out
        loaded = np.load(path)
        assert loaded.dtype == np.uint16 and np.array_equal(loaded, grundy_table(name, 300))

    def test_out_csv(self, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
        path = tmp_path / "t.csv"
        assert main(["table", "f-wythoff", "--size", "13", "--out", str(path)]) == 0
        assert capsys.readouterr().out.count("\n") == 1
        loaded = np.loadtxt(path, delimiter=",", dtype=np.int64)
        assert np.array_equal(loaded, load_published("fwythoff_001_table1")["rows"])

    def test_out_json_summary_and_spec(
        self, tmp_path: Path, capsys: pytest.CaptureFixture[str]
    ) -> None:
        path = tmp_path / "s.npy"
        args = ["table", "wythoff", "--size", "6", "--impl", "spec", "--out", str(path), "--json"]
        assert main(args) == 0
        data = json.loads(capsys.readouterr().out)
        assert data["out"] == str(path) and data["shape"] == [6, 6] and "table" not in data
        assert np.array_equal(np.load(path), spec_table("wythoff")[:6, :6])

    @pytest.mark.parametrize(
        ("out", "size", "message"),
        [
            ("afile/t.npy", 5, "argument --out: .* is a file, not a directory"),
            (".", 5, "argument --out: .* is a directory"),
            ("d.npy", 5, "argument --out: .* is a directory"),
            ("t.txt", 5, "argument --out: .* must end in .npy or .csv"),
            ("t.csv", 2001, "--out: CSV is for N <= 2000"),
        ],
    )
    def test_out_refused(
        self, out: str, size: int, message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
    ) -> None:
        (tmp_path / "d.npy").mkdir()
        (tmp_path / "afile").write_text("x")
        target = str(tmp_path / out)
        assert main(["table", "wythoff", "--size", str(size), "--out", target]) == 2
        err = capsys.readouterr().err
        assert re.search(message, err) and err.count("\n") == 1
        assert sorted(p.name for p in tmp_path.iterdir()) == ["afile", "d.npy"]  # nothing written

    def test_out_creates_a_missing_directory(
        self, tmp_path: Path, capsys: pytest.CaptureFixture[str]
    ) -> None:
        """One policy for output files (issue 30): like plot --out and sequence --bfile."""
        target = tmp_path / "new" / "sub" / "t.npy"
        assert main(["table", "wythoff", "--size", "5", "--out", str(target)]) == 0
        assert np.array_equal(np.load(target), grundy_table("wythoff", 5))

    def test_list_impls(self, capsys: pytest.CaptureFixture[str]) -> None:
        assert main(["table", "r-wythoff", "--list-impls"]) == 0
        assert "fast.tables  (fast)" in capsys.readouterr().out
