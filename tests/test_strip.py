"""fast.strip: the strip kernel, its rectangles and its window certificate.

Rectangles are compared with the spec (small) and with fast.tables (the
wavefront kernel, larger); periods with reference.landman (Landman's
machine) and with the values of a longer strip; a corrupted window must
fail the certificate.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

import grundy
import registry
import spec
from fast import engine as fast_engine
from fast import strip
from fast import tables as fast_tables
from fast.strip import checkpoint, strip_seconds
from fast.strip import keys as strip_keys
from fast.strip import pipeline as strip_pipeline
from fast.strip import search as strip_search
from fast.strip.geometry import _ring_dtype
from grundy.cli import main
from reference import landman as ref_landman
from registry import periods as registry_periods

GAMES = st.sampled_from(strip.GAMES)


@given(game=GAMES, rows=st.integers(0, 9), cols=st.integers(0, 14))
@example(game="f-wythoff", rows=9, cols=14)
@settings(max_examples=30, deadline=None)
def test_rectangle_equals_the_spec(game: str, rows: int, cols: int) -> None:
    truth = spec.grundy_table(spec.get_game(game), rows, cols)
    got = strip.rectangle(game, rows, cols).astype(np.int64)
    assert got.tolist() == np.array(truth, dtype=np.int64).reshape(rows, cols).tolist()


@given(game=GAMES, rows=st.integers(1, 160), cols=st.integers(1, 700))
@example(game="r-wythoff", rows=160, cols=161)
@example(game="f-wythoff", rows=100, cols=700)
@settings(max_examples=25, deadline=None)
def test_rectangle_equals_fast_tables(game: str, rows: int, cols: int) -> None:
    size = max(rows, cols)
    table = fast_tables.grundy_table(game, size).astype(np.int64)
    assert (strip.rectangle(game, rows, cols).astype(np.int64) == table[:rows, :cols]).all()


@given(game=GAMES, rows=st.integers(1, 30), cols=st.integers(1, 300), block=st.integers(1, 70))
@settings(max_examples=20, deadline=None)
def test_blocks_stream_the_rectangle(game: str, rows: int, cols: int, block: int) -> None:
    whole = strip.rectangle(game, rows, cols).astype(np.int64)
    seen = 0
    for y0, values in strip.strip_blocks(game, rows, cols, block):
        assert y0 == seen and values.shape == (rows, min(block, cols - y0))
        assert (values == whole[:, y0 : y0 + values.shape[1]]).all()
        seen += values.shape[1]
    assert seen == cols


@given(game=GAMES, n=st.integers(0, 9))
@example(game="wythoff", n=3)
@example(game="f-wythoff", n=9)
@example(game="r-wythoff", n=9)
@settings(max_examples=20, deadline=None)
def test_periods_equal_the_reference_machine(game: str, n: int) -> None:
    found = strip.strip_periods(game, n + 1)
    assert found.periodicities == [ref_landman.row_periodicity(k, game) for k in range(n + 1)]


@pytest.mark.parametrize("game", strip.GAMES)
def test_periods_equal_the_values_of_a_longer_strip(game: str) -> None:
    """The certificate's claim, checked on values computed past it (not by the certificate)."""
    rows = {"wythoff": 30, "f-wythoff": 12, "r-wythoff": 10}[game]
    found = strip.strip_periods(game, rows)
    end = found.y0 + 3 * found.period + 10
    values = strip.rectangle(game, rows, end).astype(np.int64)
    assert found.y0 >= found.start and found.window == strip.window(rows)
    for k, (pre, period, saltus) in enumerate(found.periodicities):
        diff = values[k, period:] - values[k, :-period]
        assert (diff[pre:] == saltus).all(), k
        assert pre == 0 or diff[pre - 1] != saltus, k
        big = values[k, found.period :] - values[k, : -found.period]
        assert (big[found.y0 - found.window :] == found.period).all(), k
        for q in range(1, period):
            if period % q == 0:
                d = values[k, pre + q :] - values[k, pre:-q]
                assert not (d == q).all(), (k, q)


@given(game=GAMES, rows=st.integers(1, 14), keep=st.integers(0, 200_000))
@example(game="wythoff", rows=14, keep=0)
@settings(max_examples=15, deadline=None)
def test_two_passes_equal_one(game: str, rows: int, keep: int) -> None:
    """Hashes only in the first pass (keep_bytes small), the exact work in the second."""
    one = strip.strip_periods(game, rows)
    two = strip.strip_periods(game, rows, keep_bytes=keep)
    assert (two.y0, two.period, two.periodicities) == (one.y0, one.period, one.periodicities)
    assert two.top_row.tolist() == one.top_row.tolist()


def test_a_corrupted_window_fails_the_certificate() -> None:
    found = strip.strip_periods("wythoff", 12)
    w, y0, p = found.window, found.y0, found.period
    s = strip.Strip("wythoff", 12, y0 + p + 10)
    s.advance(y0 + p + 10)
    first, second = s.column_range(y0 - w, y0), s.column_range(y0 + p - w, y0 + p)
    assert strip.certify_window("wythoff", 12, (first, second), y0, p) is None
    for k, j in ((0, 0), (11, w - 1), (5, w // 2)):
        bad = second.copy()
        bad[j, k] += 1
        reason = strip.certify_window("wythoff", 12, (first, bad), y0, p)
        assert reason == f"the windows differ in row {k} at column {y0 - w + j}"
    # equal windows, but the rules have not settled yet (F-Wythoff: y0 <= X**2)
    assert "before the rules settle" in str(
        strip.certify_window("f-wythoff", 12, (first, first), 100, p)
    )
    # one column short of the window
    assert "must have shape" in str(
        strip.certify_window("wythoff", 12, (first[1:], second[1:]), y0, p)
    )


def test_row_values_twin_of_the_reference() -> None:
    for game in strip.GAMES:
        assert strip.row_values(7, 300, game).tolist() == ref_landman.row_values(7, 300, game)
    with pytest.raises(ValueError, match=r"m_max must be an int >= 0 \(m_max = -1\)"):
        strip.row_values(2, -1)


@pytest.mark.nojit
def test_without_the_compiler() -> None:
    assert strip.rectangle("wythoff", 4, 9)[3].tolist() == [3, 4, 5, 6, 2, 0, 1, 9, 10]
    assert strip.row_periodicity(3) == (8, 6, 6)


class TestValue:
    def test_rectangle_positions_agree_with_fast_tables(self) -> None:
        table = fast_tables.grundy_table("wythoff", 1500)
        for x, y in ((1200, 1499), (1499, 700), (70, 1400)):
            v = grundy.value("wythoff", (x, y))
            assert v.method == "table" and v.implementation == "fast.strip"
            assert v.value == int(table[x, y])

    def test_computed_row_period_agrees_with_the_strip(
        self, monkeypatch: pytest.MonkeyPatch
    ) -> None:
        """Row 118 computed (the atlas hidden): the certified reduction equals the strip."""
        monkeypatch.setattr(registry_periods, "atlas_row", lambda game, row: None)
        y = 300_001
        reduced = grundy.value("wythoff", (118, y), method="row-period")
        assert reduced.implementation == "fast.strip" and "computed" in reduced.certificate
        assert reduced.value == int(strip.row_values(118, y)[y])

    def test_atlas_row_agrees_with_the_strip(self) -> None:
        y = 250_000
        read = grundy.value("wythoff", (100, y), method="row-period")
        assert read.implementation == "atlas"
        assert read.value == int(strip.row_values(100, y)[y])

    def test_refusal_is_quick(self, monkeypatch: pytest.MonkeyPatch) -> None:
        """The refusal comes from the cost models alone: no kernel runs (a hang guard that
        does not depend on the machine's speed; it measured 2 s, all of it estimates)."""

        def computed(*_: object, **__: object) -> None:
            raise AssertionError("a kernel ran before the refusal")

        monkeypatch.setattr(strip.Strip, "advance", computed)
        monkeypatch.setattr(fast_engine, "grundy_block", computed)
        with pytest.raises(ValueError, match="no implementation of 'value'") as error:
            grundy.value("wythoff", (10**6, 10**12 + 7))
        assert "row-period: no implementation of 'period'" in str(error.value)

    def test_spec_refuses_past_its_measured_speed(self) -> None:
        with pytest.raises(ValueError, match=r"spec does not answer this: about [\d,]+ s \(budget"):
            grundy.value("wythoff", (70, 5000), method="spec")

    def test_strip_seconds_bounds_the_table_method(self) -> None:
        assert strip_seconds(501, 10**6 + 1) < registry.BUDGET_SECONDS
        with pytest.raises(ValueError, match=r"table: about [\d,]+ s \(budget 60 s\)"):
            grundy.value("wythoff", (5000, 10**7))


def test_period_reads_the_atlas_and_computes_on_request() -> None:
    read = grundy.period("wythoff", 40)
    assert read.implementation == "atlas" and "registry/atlas/" in read.certificate
    computed = grundy.period("wythoff", 40, compute=True)
    assert computed.implementation == "fast.strip" and "equal normalised windows" in (
        computed.certificate
    )
    assert (read.preperiod, read.period, read.saltus) == (
        computed.preperiod,
        computed.period,
        computed.saltus,
    )


class TestCommands:
    def test_table_rectangle_npy(self, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
        out = tmp_path / "strip.npy"
        args = ["table", "r-wythoff", "--rows", "40", "--cols", "900", "--out", str(out)]
        assert main(args) == 0
        assert "fast.strip" in capsys.readouterr().out
        table = fast_tables.grundy_table("r-wythoff", 900).astype(np.int64)
        assert (np.load(out).astype(np.int64) == table[:40]).all()

    def test_table_rows_need_cols(self, capsys: pytest.CaptureFixture[str]) -> None:
        assert main(["table", "wythoff", "--rows", "3"]) == 2
        assert "--rows and --cols go together" in capsys.readouterr().err

    def test_period_says_where_it_comes_from(self, capsys: pytest.CaptureFixture[str]) -> None:
        assert main(["period", "wythoff", "--row", "7", "--lines", "0"]) == 0
        out = " ".join(capsys.readouterr().out.split())  # the console wraps long lines
        assert "atlas registry/atlas/wythoff_rows_0_2047.json" in out
        assert main(["period", "wythoff", "--row", "7", "--lines", "0", "--compute"]) == 0
        text = capsys.readouterr().out
        assert "preperiod 92, period 24, saltus 24" in text and "equal normalised windows" in text

    def test_value_prints_method_and_certificate(self, capsys: pytest.CaptureFixture[str]) -> None:
        assert main(["value", "wythoff", "114,1000000000000000000"]) == 0
        text = capsys.readouterr().out
        assert "G(114, 1000000000000000000) = 1000000000000000061" in text
        assert "method: row-period (atlas); exact (row 114: atlas" in text
        assert "rows 0..114 proved to repeat" in " ".join(text.split())


# ------------------------------------------------------------------ issue 29: threads, state


@given(
    game=GAMES,
    rows=st.integers(1, 170),
    cols=st.integers(1, 1500),
    threads=st.integers(1, 3),
    step=st.sampled_from([64, 100, 257]),
)
@example(game="wythoff", rows=160, cols=1500, threads=2, step=64)
@example(game="f-wythoff", rows=150, cols=1400, threads=3, step=100)
@example(game="r-wythoff", rows=150, cols=1000, threads=2, step=64)
@settings(max_examples=25, deadline=None)
def test_threads_equal_fast_tables(
    game: str, rows: int, cols: int, threads: int, step: int
) -> None:
    """The pipelined kernel (any threads, any step) against fast.tables' wavefront kernel."""
    s = strip.Strip(game, rows, cols, threads=threads)
    s.step = min(s.step, step)  # short steps: the pipeline runs many of them
    s.advance(cols)
    got = s.column_range(0, cols).T.astype(np.int64) + np.arange(cols)
    table = fast_tables.grundy_table(game, max(rows, cols)).astype(np.int64)
    assert (got == table[:rows, :cols]).all()


@given(game=GAMES, rows=st.integers(1, 9), cols=st.integers(1, 14), threads=st.integers(1, 3))
@settings(max_examples=20, deadline=None)
def test_threads_equal_the_spec(game: str, rows: int, cols: int, threads: int) -> None:
    truth = spec.grundy_table(spec.get_game(game), rows, cols)
    s = strip.Strip(game, rows, cols, threads=threads)
    s.advance(cols)
    got = s.column_range(0, cols).T.astype(np.int64) + np.arange(cols)
    assert got.tolist() == np.array(truth, dtype=np.int64).reshape(rows, cols).tolist()


@given(game=GAMES, rows=st.integers(1, 60), cut=st.integers(0, 3000), blank=st.booleans())
@example(game="f-wythoff", rows=9, cut=30, blank=False)  # between W and F-Wythoff's start
@example(game="wythoff", rows=60, cut=100, blank=True)  # y < W: the whole strip is the window
@settings(max_examples=25, deadline=None)
def test_restore_from_the_window(game: str, rows: int, cut: int, blank: bool) -> None:
    """The window before a column is the whole state: restored, the strip goes on the same."""
    end = cut + 700
    whole = strip.Strip(game, rows, end, threads=1)
    whole.advance(end)
    part = strip.Strip(game, rows, end, threads=2)
    part.advance(cut)
    state = strip.blank_window(part.state()) if blank else part.state()
    again = strip.Strip.restore(game, rows, cut, state, end, threads=2)
    again.advance(end)
    assert (again.column_range(cut, end) == whole.column_range(cut, end)).all()


def test_restore_refuses_a_window_that_is_no_state() -> None:
    s = strip.Strip("wythoff", 6, 64)
    s.advance(64)
    with pytest.raises(ValueError, match="has shape"):
        strip.Strip.restore("wythoff", 6, 64, s.state()[1:], 64)
    with pytest.raises(ValueError, match="not a state of the strip"):
        strip.Strip.restore("wythoff", 6, 10, np.full((10, 6), 50, np.int16), 64)


@given(row=st.integers(0, 25), turns=st.integers(0, 10**20), offset=st.integers(0, 200))
@settings(max_examples=25, deadline=None)
def test_value_from_state_equals_the_strip_from_column_0(row: int, turns: int, offset: int) -> None:
    """A far value from a state (any Python int column) against the strip from column 0."""
    found = strip.strip_periods("wythoff", 26)
    column = found.y0 + 50
    s = strip.Strip("wythoff", 26, 4096)
    s.advance(column)
    period = found.periodicities[row].period
    y = column + offset + turns * period
    near = column + offset  # the same column of the period, within reach of the strip
    expected = int(strip.rectangle("wythoff", row + 1, near + 1)[row, near]) + turns * period
    assert strip.value_from_state("wythoff", s.state(), column, row, y, period) == expected
    big = strip.value_from_state("wythoff", s.state(), column, row, y, found.period)
    assert big == expected  # any multiple of the row's period gives the same value


@pytest.mark.parametrize("game", strip.GAMES)
def test_the_three_ways_to_count_preperiods_agree(
    game: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Kept columns, the first pass with a period multiple, the second pass; and a table of
    distinguished keys only (the first repeat found late) gives the same certificate."""
    rows = {"wythoff": 40, "f-wythoff": 12, "r-wythoff": 10}[game]
    kept = strip.strip_periods(game, rows)
    multiple = strip.strip_periods(game, rows, keep_bytes=0, period_multiple=kept.period * 4)
    second = strip.strip_periods(game, rows, keep_bytes=0, period_multiple=kept.period * 4 + 1)
    monkeypatch.setattr(strip_keys, "ALL_KEYS_COLUMNS", 0)
    monkeypatch.setattr(strip_keys, "DP_BITS", 4)
    sparse = strip.strip_periods(game, rows, keep_bytes=0)
    for other in (multiple, second, sparse):
        assert (other.y0, other.period, other.periodicities) == (
            kept.y0,
            kept.period,
            kept.periodicities,
        )
        assert other.top_row.tolist() == kept.top_row.tolist()


class _Interrupt(checkpoint.DirectoryCheckpoints):
    """Checkpoints that raise KeyboardInterrupt after ``saves`` saves (a stopped run)."""

    def __init__(self, *args: object, saves: int, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.saves = saves

    def save(self, *args: object, **kwargs: object) -> Path:
        path = super().save(*args, **kwargs)  # type: ignore[arg-type]
        self.saves -= 1
        if self.saves <= 0:
            raise KeyboardInterrupt
        return path


@pytest.mark.parametrize(("game", "rows", "multiple"), [("wythoff", 40, 3072),
                                                        ("wythoff", 40, 12288),
                                                        ("wythoff", 40, None),
                                                        ("r-wythoff", 9, None)])  # fmt: skip
def test_an_interrupted_run_resumes_to_the_same_periods(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, game: str, rows: int, multiple: int | None
) -> None:
    monkeypatch.setattr(strip_search, "chunk_columns", lambda rows: strip.BLOCK)
    whole = strip.strip_periods(game, rows, period_multiple=multiple)
    stops = 0
    while True:
        try:
            cp = _Interrupt(tmp_path, every=0.0, saves=stops + 1)
            again = strip.strip_periods(game, rows, checkpoints=cp, period_multiple=multiple)
            break
        except KeyboardInterrupt:
            stops += 1
    assert stops >= 1  # it was stopped (and resumed)
    assert (again.y0, again.period, again.periodicities) == (
        whole.y0,
        whole.period,
        whole.periodicities,
    )
    assert (tmp_path / "record.json").exists()


@pytest.mark.parametrize("keep_columns", [0, 2 * strip.BLOCK])
def test_tracking_a_multiple_longer_than_a_chunk(
    monkeypatch: pytest.MonkeyPatch, keep_columns: int
) -> None:
    """The first pass tracks the violations of a period multiple q through a ring of q + W +
    a chunk columns; the ring grows to it (keeping the columns so far) when the kept columns
    stop, at once (keep_bytes 0, as with checkpoints) or mid-run. Before: a ring of one chunk,
    so q > chunk read wrong columns ("columns ... are not in the ring" at the first
    checkpoint of the rows 0..1000 run)."""
    whole = strip.strip_periods("wythoff", 40, keep_top=False)
    monkeypatch.setattr(strip_search, "chunk_columns", lambda rows: 4 * strip.BLOCK)
    keep = keep_columns * 40 * np.dtype(_ring_dtype(40)).itemsize
    tracked = strip.strip_periods(
        "wythoff", 40, period_multiple=12 * strip.BLOCK, keep_bytes=keep, keep_top=False
    )
    assert tracked.periodicities == whole.periodicities


def test_a_damaged_checkpoint_is_named_and_not_used(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(strip_search, "chunk_columns", lambda rows: strip.BLOCK)
    whole = strip.strip_periods("wythoff", 40)
    with pytest.raises(KeyboardInterrupt):
        strip.strip_periods("wythoff", 40, checkpoints=_Interrupt(tmp_path, every=0.0, saves=2))
    files = sorted(tmp_path.glob("checkpoint-*.npz"))
    assert len(files) == 2
    raw = bytearray(files[-1].read_bytes())
    raw[len(raw) // 2] ^= 0x10  # one flipped bit
    files[-1].write_bytes(bytes(raw))
    warned: list[str] = []
    cp = checkpoint.DirectoryCheckpoints(tmp_path, every=0.0, warn=warned.append)
    state = cp.load()
    assert state is not None and state.column == int(files[0].name.split("-")[-1][:-4])
    assert len(warned) == 1 and files[-1].name in warned[0] and "not used" in warned[0]
    again = strip.strip_periods("wythoff", 40, checkpoints=cp)
    assert again.periodicities == whole.periodicities


def test_checkpoints_of_another_run_are_refused(tmp_path: Path) -> None:
    cp = checkpoint.DirectoryCheckpoints(tmp_path, every=0.0, parameters={"rows": 8})
    strip.strip_periods("wythoff", 8, checkpoints=cp)
    other = checkpoint.DirectoryCheckpoints(tmp_path, parameters={"rows": 9})
    with pytest.raises(ValueError, match="holds a run with parameters"):
        strip.strip_periods("wythoff", 9, checkpoints=other)


def test_the_kernel_returns_to_python_in_bounded_steps(monkeypatch: pytest.MonkeyPatch) -> None:
    """The Ctrl-C protocol: no kernel call covers more than about STEP_CELLS cells."""
    calls: list[int] = []
    real = strip_pipeline._stage

    def counting(*args: object) -> int:
        k_from, k_to, y_from, y_to = args[7], args[8], args[9], args[10]
        calls.append((int(k_to) - int(k_from)) * (int(y_to) - int(y_from)))  # type: ignore[call-overload]
        return int(real(*args))  # type: ignore[arg-type]

    monkeypatch.setattr(strip_pipeline, "_stage", counting)
    for threads in (1, 2):
        s = strip.Strip("wythoff", 300, 4096, threads=threads)
        s.advance(40_000)
    assert len(calls) > 20 and max(calls) <= 2 * strip.STEP_CELLS


@given(rows=st.integers(1, 160), cols=st.integers(1, 3000), threads=st.integers(1, 2))
@settings(max_examples=15, deadline=None)
def test_advance_copies_out_each_column_once_complete(rows: int, cols: int, threads: int) -> None:
    """``advance(out=...)`` with a ring of a few steps gives the columns a long ring holds."""
    whole = strip.Strip("wythoff", rows, cols, threads=1)
    whole.advance(cols)
    small = strip.Strip("wythoff", rows, 1, threads=threads)
    small.step = min(small.step, 64)
    small.ring = np.zeros(((small.threads + 2) * small.step, rows), dtype=small.ring.dtype)
    out = np.empty((cols, rows), dtype=small.ring.dtype)
    small.advance(cols, out=out)
    assert (out == whole.column_range(0, cols)).all()
