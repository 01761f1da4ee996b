"""fast.strip: the lower rows' certificates found on the way (issue 29).

Rows 0..b-1 of the strip are a strip of their own; once two of their
windows are equal (exactly) they are copied from their period
(:meth:`fast.strip.Strip.freeze`) instead of scanned. Nothing computed from
the strip may change: every certificate with the levels equals the one
without them, on every game and thread count, and the levels must have
frozen rows in the examples (else the comparison would prove nothing). A
wrong pattern does change the values (the comparison can fail), and a
level whose windows differ is not frozen.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from fast import strip
from fast.strip import levels as strip_levels
from fast.strip.keys import _rehash, _scan_keys

#: rows of each game whose certificate is quick (r-wythoff's periods grow fast)
ROWS = {"wythoff": 30, "f-wythoff": 20, "r-wythoff": 12}


def _certify(game: str, rows: int, threads: int, levels: bool, **kwargs: Any) -> Any:
    """The certificate and the rows frozen by its search (0 without levels)."""
    frozen: list[int] = []
    freeze = strip.Strip.freeze

    def spy(self: strip.Strip, top: int, pattern: np.ndarray) -> None:
        frozen.append(top)
        freeze(self, top, pattern)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(strip.Strip, "freeze", spy)
        if levels:
            patch.setattr(strip_levels, "LEVEL_ROWS", 2)
            patch.setattr(strip_levels, "LEVELS", 6)
        else:
            patch.setattr(strip_levels, "LEVEL_ROWS", 10**9)
        found = strip.strip_periods(game, rows, threads=threads, **kwargs)
    return found, max(frozen, default=0)


def _same(a: Any, b: Any) -> None:
    assert (a.y0, a.period, a.window, a.columns) == (b.y0, b.period, b.window, b.columns)
    assert a.periodicities == b.periodicities
    assert a.top_row.tolist() == b.top_row.tolist()


@given(
    game=st.sampled_from(strip.GAMES),
    data=st.data(),
    threads=st.integers(1, 2),
)
@example(game="wythoff", data=None, threads=2)
@settings(max_examples=25, deadline=None)
def test_levels_change_no_certificate(game: str, data: Any, threads: int) -> None:
    rows = ROWS[game] if data is None else data.draw(st.integers(4, ROWS[game]), label="rows")
    with_levels, _ = _certify(game, rows, threads, levels=True)
    plain, none = _certify(game, rows, threads, levels=False)
    assert none == 0
    _same(with_levels, plain)


@pytest.mark.parametrize("game", strip.GAMES)
def test_the_levels_freeze_rows(game: str) -> None:
    """The examples above are not vacuous: the search does copy lower rows."""
    found, frozen = _certify(game, ROWS[game], 2, levels=True)
    assert frozen > 0
    _same(found, _certify(game, ROWS[game], 2, levels=False)[0])


def test_default_levels_on_a_larger_strip() -> None:
    """The default levels (about 16, 16 rows apart) on Wythoff rows 0..99, two threads."""
    found, frozen = _certify("wythoff", 100, 2, levels=False)
    with_levels = strip.strip_periods("wythoff", 100, threads=2)
    _same(with_levels, found)
    assert frozen == 0


def test_freeze_copies_exactly_the_period() -> None:
    rows, cols = 12, 2000
    plain = strip.Strip("wythoff", rows, cols, threads=1)
    plain.advance(cols)
    found = strip.strip_periods("wythoff", 8)  # rows 0..7: periodic from its y0 - W
    start = found.y0 - found.window
    cut = start + found.period
    frozen = strip.Strip("wythoff", rows, cols, threads=1)
    frozen.advance(cut)
    frozen.freeze(8, frozen.column_range(cut - found.period, cut)[:, :8])
    frozen.advance(cols)
    assert (frozen.column_range(0, cols) == plain.column_range(0, cols)).all()
    out = np.empty((cols - cut, 8), dtype=frozen.ring.dtype)
    frozen.frozen_columns(cut, cols, 0, 8, out)
    assert (out == plain.column_range(cut, cols)[:, :8]).all()


def test_a_wrong_pattern_changes_the_values() -> None:
    """The comparisons above can fail: one value of the copied period off changes the strip."""
    rows, cols = 12, 2000
    plain = strip.Strip("wythoff", rows, cols, threads=1)
    plain.advance(cols)
    found = strip.strip_periods("wythoff", 8)
    cut = found.y0 - found.window + found.period
    bad = strip.Strip("wythoff", rows, cols, threads=1)
    bad.advance(cut)
    pattern = bad.column_range(cut - found.period, cut)[:, :8].copy()
    pattern[3, 5] += 1
    bad.freeze(8, pattern)
    bad.advance(cols)
    assert not (bad.column_range(cut, cols) == plain.column_range(cut, cols)).all()


def test_a_level_whose_windows_differ_is_not_frozen(monkeypatch: pytest.MonkeyPatch) -> None:
    """A key only proposes: when the exact comparison of a level's windows fails (a hash
    collision), nothing is frozen and the certificate is the same."""
    plain = _certify("wythoff", 30, 1, levels=False)[0]
    exact = strip.certify_window

    def differ(game: str, rows: int, *args: Any) -> str | None:
        return "differ" if rows < 30 else exact(game, rows, *args)

    monkeypatch.setattr(strip_levels, "certify_window", differ)
    found, frozen = _certify("wythoff", 30, 1, levels=True)
    assert frozen == 0
    _same(found, plain)


def test_freeze_refuses_a_bad_pattern() -> None:
    s = strip.Strip("wythoff", 6, 64)
    s.advance(20)
    with pytest.raises(ValueError, match="shape"):
        s.freeze(7, np.zeros((4, 7), dtype=s.ring.dtype))
    with pytest.raises(ValueError, match="period of 30 columns before column 20"):
        s.freeze(3, np.zeros((30, 3), dtype=s.ring.dtype))
    s.freeze(3, s.column_range(8, 20)[:, :3])
    with pytest.raises(ValueError, match="shape"):
        s.freeze(5, np.zeros((4, 5), dtype=s.ring.dtype))  # rows 3..4 only, now


def test_the_key_table_grows_when_half_full() -> None:
    """``_scan_keys`` stops before a half-full table and goes on after a rehash."""
    hist = np.arange(1, 200, dtype=np.uint64) * np.uint64(0x9E3779B97F4A7C15)
    keys = np.zeros(8, dtype=np.uint64)
    cols = np.full(8, -1, dtype=np.int64)
    fill = np.zeros(1, dtype=np.int64)
    key = np.zeros(1, dtype=np.uint64)
    have = np.zeros(1, dtype=np.bool_)
    with np.errstate(over="ignore"):
        hit, code = _scan_keys(hist, 3, 3, 100, keys, cols, fill, key, have, 1000, 4, False)
        assert (hit, code) == (7, -2) and fill[0] == 4
        keys, cols = _rehash(keys, cols, 64)
        hit, code = _scan_keys(hist, 3, hit, 30, keys, cols, fill, key, have, 1000, 4, False)
    assert (hit, code) == (-1, -1) and fill[0] == 27


@pytest.mark.parametrize("keep", [1_000_000, 2_000_000, 4_000_000])
def test_levels_then_the_columns_no_longer_fit(keep: int) -> None:
    """The kept columns (5.9 MB for rows 0..59) run out after some rows were frozen: the
    search goes on with the hashes (and a second pass), the frozen rows still copied, and
    the certificate is the same."""
    plain = _certify("wythoff", 60, 2, levels=False)[0]
    found, frozen = _certify("wythoff", 60, 2, levels=True, keep_bytes=keep)
    _same(found, plain)
    assert frozen > 0


@pytest.mark.nojit
def test_levels_without_the_compiler() -> None:
    """The copied rows, the per-level hashes and the band sums run as plain Python too
    (``NUMBA_DISABLE_JIT=1``: numpy's uint64 scalars wrap as the compiled code does)."""
    found, frozen = _certify("wythoff", 12, 1, levels=True)
    assert frozen > 0
    _same(found, _certify("wythoff", 12, 1, levels=False)[0])
