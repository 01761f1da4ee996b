"""The certificate search: the periods of rows 0..X at once, from two equal windows.

:func:`strip_periods` runs the strip, rolls each window's key through a
:class:`~fast.strip.keys.WindowKeys` table, proves the first repeat exactly
(:func:`~fast.strip.certificate.certify_window`), certifies the lower rows on
the way (:mod:`fast.strip.levels`) and reads each row's periods
(:class:`~fast.strip.certificate.Certificate`). :class:`SearchState` and
:class:`Checkpoints` are its checkpoint protocol (:mod:`fast.strip.checkpoint`
implements it on a directory).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from fast.strip.certificate import (
    Certificate,
    _least_periods_of,
    _periodicities,
    _violations,
    certify_window,
)
from fast.strip.cost import certificate_memory
from fast.strip.geometry import BLOCK, _check_game, _ring_dtype, start_column, window
from fast.strip.keys import WindowKeys, chunk_columns
from fast.strip.levels import _Levels, levels_apply
from fast.strip.pipeline import Strip
from fast.strip.state import column_hashes
from fast.strip.threads import _pool, default_threads
from floor.blocks import Step, run_blocks
from floor.interrupt import call
from floor.memory import available_memory, check_memory
from reference.landman import Periodicity, WindowError

__all__ = ["Checkpoints", "SearchState", "row_periodicity", "strip_periods"]


def _fresh(shape: tuple[int, int], dtype: Any) -> np.ndarray:
    """An uninitialised array on small pages.

    numpy asks for transparent huge pages on large arrays; for the kept
    columns, filled once piece by piece, the kernel's compaction of huge
    pages costs more than the page faults it saves (measured here: 2.3-2.6 s
    against 5.6-6.0 s for the 2.7 GB of rows 0..300). The switch is numpy's
    private one, left as it was; without it, an ordinary array.
    """
    try:
        from numpy._core import multiarray
    except ImportError:  # pragma: no cover - numpy < 2
        from numpy.core import multiarray  # type: ignore[no-redef]
    get = getattr(multiarray, "_get_madvise_hugepage", None)
    put = getattr(multiarray, "_set_madvise_hugepage", None)
    if get is None or put is None:  # pragma: no cover - another numpy
        return np.empty(shape, dtype=dtype)
    before = get()
    put(False)
    try:
        return np.empty(shape, dtype=dtype)
    finally:
        put(before)


@dataclass
class SearchState:
    """What a checkpoint of :func:`strip_periods` holds (docs/strip.md, "Checkpoints").

    ``window`` is the normalised window before ``column`` (the state of the
    strip, by the window certificate's argument); ``back`` the one before
    ``column - shift`` when a period ``shift`` is tracked (``last[k]``: the
    last column y < column - shift with ``D(k, y) != D(k, y + shift)``, -1
    if none). ``phase`` is ``"search"`` (the first pass: window keys in
    ``keys``/``cols``) or ``"second"`` (the recount of the violations of the
    period found, ``found = (c1, period)``: the windows before c1 and
    c1 + period hash alike).
    """

    game: str
    rows: int
    phase: str
    column: int
    window: np.ndarray
    shift: int = 0
    back: np.ndarray | None = None
    last: np.ndarray | None = None
    keys: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=np.uint64))
    cols: np.ndarray = field(default_factory=lambda: np.zeros(0, dtype=np.int64))
    found: tuple[int, int] | None = None


class Checkpoints:
    """Where :func:`strip_periods` saves its state and finds it again (the interface).

    ``load()`` returns the last good :class:`SearchState` or None; ``due()``
    says whether to save now; ``save(state)`` saves one (atomically);
    ``finish(certificate)`` records the result. :mod:`fast.strip.checkpoint`
    implements it on a directory.
    """

    def load(self) -> SearchState | None:  # pragma: no cover - interface
        raise NotImplementedError

    def due(self) -> bool:  # pragma: no cover - interface
        raise NotImplementedError

    def save(self, state: SearchState) -> object:  # pragma: no cover - interface
        raise NotImplementedError

    def finish(self, certificate: Certificate, state: SearchState) -> None:  # pragma: no cover
        raise NotImplementedError


def strip_periods(
    game: str,
    rows: int,
    *,
    max_columns: int | None = None,
    keep_bytes: int | None = None,
    progress: Callable[[int], None] | None = None,
    threads: int | None = None,
    period_multiple: int | None = None,
    checkpoints: Checkpoints | None = None,
    keep_top: bool = True,
) -> Certificate:
    """Certified minimal (preperiod, period, saltus) of every row 0..rows-1.

    The strip is computed column by column (on ``threads`` threads, default
    all cores: :class:`Strip`); each column's normalised vector gets a 64-bit
    hash and each window of ``W`` columns a rolling hash. Every window's
    key is looked up in a table of earlier keys (all of them up to column
    :data:`~fast.strip.keys.ALL_KEYS_COLUMNS`, then the distinguished ones: one in
    ``2**DP_BITS``); the first hit ``(c1, c1 + P)`` proposes the joint
    period ``P`` (the first hit inside the cycle is exactly one minimal
    period apart). The two windows are then compared **exactly**
    (:func:`certify_window`; a hash collision is passed over, or reported);
    that proves ``P``. Row k's preperiod is 1 + the last column with
    ``D(k, y) != D(k, y + P)`` and its minimal period the least divisor q
    of P with ``D(k, y + q) = D(k, y)`` on one P-window after it; the
    certificate's ``y0`` is the first column whose window recurs,
    ``max(W, start, max_k preperiod_k + W)``.

    The violations come from one of three places:

    * the columns kept (2 bytes a cell) while they fit in ``keep_bytes``
      (default: a quarter of the free memory; never with ``checkpoints``);
    * the first pass itself, when ``period_multiple`` Q is given and P
      divides it: the kernel compares each column with the one Q before
      (a ring of Q + W columns) and the preperiod of a row is the same for
      every multiple of its period;
    * otherwise a second pass over ``[0, c1 + P)`` with a ring of P + W
      columns (about twice the time).

    ``checkpoints`` (a :class:`Checkpoints`) saves the state every so often
    and resumes from it: the result equals an uninterrupted run's.
    ``keep_top`` keeps the top row's values (for :meth:`Certificate.row_head`;
    2 bytes a column). Memory is checked before it is spent (MemoryError,
    with the estimate). ``max_columns`` stops the search earlier
    (RuntimeError). ``progress(column)`` is called after each block.

    Examples
    --------
    >>> c = strip_periods("wythoff", 6)
    >>> c.periodicities[3], c.periodicities[5]
    (Periodicity(preperiod=8, period=6, saltus=6), Periodicity(preperiod=27, period=24, saltus=24))
    """
    if isinstance(rows, bool) or not isinstance(rows, int) or rows < 1:
        raise ValueError(f"rows must be an int >= 1 (rows = {rows!r})")
    _check_game(game)
    if period_multiple is not None and (
        isinstance(period_multiple, bool) or not isinstance(period_multiple, int)
        or period_multiple < 1
    ):  # fmt: skip
        raise ValueError(
            f"period_multiple must be an int >= 1 (period_multiple = {period_multiple!r})"
        )
    search = _Search(game, rows, threads, keep_bytes, period_multiple, checkpoints, keep_top)
    return search.run(max_columns, progress)


def row_periodicity(n: int, game: str = "wythoff", max_columns: int | None = None) -> Periodicity:
    """Certified minimal (preperiod, period, saltus) of row n (twin of the reference).

    Examples
    --------
    >>> row_periodicity(3)
    Periodicity(preperiod=8, period=6, saltus=6)
    """
    if isinstance(n, bool) or not isinstance(n, int) or n < 0:
        raise ValueError(f"n must be an int >= 0 (n = {n!r})")
    return strip_periods(game, n + 1, max_columns=max_columns).periodicities[n]


class _Search:
    """The state of :func:`strip_periods` (first pass, second pass, result)."""

    def __init__(
        self,
        game: str,
        rows: int,
        threads: int | None,
        keep_bytes: int | None,
        period_multiple: int | None,
        checkpoints: Checkpoints | None,
        keep_top: bool,
    ) -> None:
        self.game, self.rows, self.threads = game, rows, threads
        self.w = window(rows)
        self.start = start_column(game, rows)
        self.first_key = max(self.w, self.start)
        self.chunk = chunk_columns(rows)
        self.itemsize = np.dtype(_ring_dtype(rows)).itemsize
        if keep_bytes is None:
            keep_bytes = available_memory() // 4
        self.keep_bytes = 0 if checkpoints is not None else keep_bytes
        self.q = period_multiple or 0
        self.checkpoints = checkpoints
        self.keep_top = keep_top and checkpoints is None  # a resumed run has no early columns
        #: (first column, columns, frozen rows F) kept: rows F.. only (the others: bands)
        self.chunks: list[tuple[int, np.ndarray, int]] = []
        self.strip: Strip | None = None
        self.top: list[np.ndarray] = []  # the top row's D, a chunk at a time
        self.keep = True
        self.levels: _Levels | None = None  # the lower rows' certificates (kept columns only)
        self.level_hashes: np.ndarray | None = None  # their column hashes, a chunk of them
        self.pattern_bytes = 0  # the frozen rows' period, held by the strip

    # ------------------------------------------------------------------ the first pass
    def run(self, max_columns: int | None, progress: Callable[[int], None] | None) -> Certificate:
        rows = self.rows
        state = self.checkpoints.load() if self.checkpoints is not None else None
        if state is not None and (state.game, state.rows) != (self.game, rows):
            raise ValueError(
                f"the checkpoint is of {state.game} rows 0..{state.rows - 1}, not "
                f"{self.game} rows 0..{rows - 1}"
            )
        if state is not None and state.phase == "second":
            assert state.found is not None
            return self._second(state.found, state, progress)
        if state is not None:
            self.keep = False
            self.q = state.shift
        tracking = self.q > 0 and not self._keeps(self.chunk)
        strip, ring = self._first_strip(state, tracking)
        table = self._table(state)
        found, y = (state.found, state.column) if state is not None else (None, 0)
        if found is None:
            found, y = self._search(strip, table, y, ring, max_columns, progress)
        c1, period = found
        if self.keep:
            return self._from_kept(c1, period, y)
        if tracking and self.q % period == 0:
            return self._track_to_end(strip, table, found, y, progress)
        state = SearchState(self.game, rows, "second", 0, np.zeros((0, rows), _ring_dtype(rows)),
                            found=found)  # fmt: skip
        if self.checkpoints is not None:
            self.checkpoints.save(state)
        self.top.clear()
        return self._second(found, None, progress, columns=y)

    def _first_strip(self, state: SearchState | None, tracking: bool) -> tuple[Strip, int]:
        """The first pass's strip (new or resumed) and the columns of its ring; the levels
        when the columns are kept from column 0."""
        rows, w, chunk = self.rows, self.w, self.chunk
        ring = (self.q + w + chunk) if tracking else chunk
        check_memory(
            certificate_memory(rows, self.q if tracking else None),
            f"the certificate of rows 0..{rows - 1} (a ring of {ring:,} columns)",
        )
        strip = self._strip(state, ring, self.q if tracking else 0)
        self.strip = strip
        if self.keep and not tracking:  # the kernel writes into a ring the cache holds
            strip.ring = np.zeros(((strip.threads + 2) * strip.step, rows), strip.ring.dtype)
        if self.keep and not tracking and state is None and levels_apply(rows):
            self.levels = _Levels(self.game, rows, chunk)
            self.level_hashes = np.zeros((strip.set_levels(self.levels.bounds), chunk), np.uint64)
        return strip, ring

    def _table(self, state: SearchState | None) -> WindowKeys:
        """The table of window keys: empty, or a checkpoint's (its window's column hashes)."""
        table = WindowKeys.empty(self.w + self.chunk + 1, 1 << 16)
        if state is not None:
            y = state.column
            if y > 0:
                hashes = column_hashes(state.window)
                table.put_hashes(y - len(hashes), hashes)
            table.keys, table.cols = state.keys, state.cols
            table.rehash(4 * (len(state.keys) + self.chunk))
            table.fill[0] = len(state.keys)
        return table

    def _search(
        self,
        strip: Strip,
        table: WindowKeys,
        y: int,
        ring: int,
        max_columns: int | None,
        progress: Callable[[int], None] | None,
    ) -> tuple[tuple[int, int], int]:
        """Blocks of columns from column y until a window repeats (proved exactly while the
        columns are kept): ((c1, period), the columns computed)."""
        rows = self.rows
        h = np.empty(self.chunk, dtype=np.uint64)
        while True:
            if max_columns is not None and y >= max_columns:
                raise RuntimeError(
                    f"{self.game}: no repeated window of rows 0..{rows - 1} within "
                    f"{max_columns} columns"
                )
            size = self._size(y)
            y1 = y + size
            if self.keep and not self._keeps(y1):
                self._stop_keeping(strip, y, ring)
            self._block(strip, table, y, y1, h[:size])
            found = self._repeat(table, max(self.first_key, y), y1)
            y = y1
            if progress is not None:
                progress(y)
            if found is not None:
                return found, y
            if self.checkpoints is not None and self.checkpoints.due():
                self.checkpoints.save(self._state("search", strip, table, None))

    def _block(self, strip: Strip, table: WindowKeys, y: int, y1: int, h: np.ndarray) -> None:
        """Columns y..y1-1: computed, their hashes ``h`` put in the table; kept, leveled and
        their top rows collected as the search asks."""
        size = y1 - y
        # the frozen rows' columns are not kept (they are their pattern's: _kept)
        kept = _fresh((size, self.rows - strip.frozen), strip.ring.dtype) if self.keep else None
        leveling = self.levels is not None and self.keep and bool(self.levels.active)
        levels = self.level_hashes if leveling else None
        strip.advance(y1, h, out=kept, levels=levels)
        table.put_hashes(y, h)
        if kept is not None:
            self.chunks.append((y, kept, strip.frozen))
        if leveling:
            self._freeze(strip, y, y1, self.level_hashes)
        if self.keep_top:
            self.top.append(kept[:, -1].copy() if kept is not None else strip.top_row(y, y1))
        if 2 * (table.fill[0] + size) > len(table.keys):
            table.rehash(4 * (table.fill[0] + size))

    def _stop_keeping(self, strip: Strip, y: int, ring: int) -> None:
        """From column y: the hashes only (the violations in a second pass, or tracked). The
        ring grows to what the rest needs (a chunk; with tracking the shift, a window and a
        chunk) and keeps the columns computed so far."""
        held = self._kept(max(0, y - ring), y) if y else None
        self.keep = False
        self.chunks.clear()
        grown = np.zeros((max(ring, strip.ring.shape[0]), self.rows), strip.ring.dtype)
        if held is not None:
            grown[np.arange(y - len(held), y) % len(grown)] = held
        strip.ring = grown

    def _repeat(self, table: WindowKeys, lo: int, hi: int) -> tuple[int, int] | None:
        """(c1, period) of the first window ending in [lo, hi) whose key was seen, the two
        windows compared exactly while the columns are kept (a hash collision is passed)."""
        w = self.w

        def proves(hit: int, earlier: int) -> bool:
            return not self.keep or certify_window(
                self.game, self.rows, (self._kept(earlier - w, earlier), self._kept(hit - w, hit)),
                earlier, hit - earlier,
            ) is None  # fmt: skip

        found = table.first_repeat(w, lo, hi, proves)
        return None if found is None else (found[1], found[0] - found[1])

    def _track_to_end(
        self,
        strip: Strip,
        table: WindowKeys,
        found: tuple[int, int],
        y: int,
        progress: Callable[[int], None] | None,
    ) -> Certificate:
        """The first pass tracked a multiple of the period: go on until every violation
        before the proof's window is counted."""
        c1, period = found
        end = max(c1 + period, c1 - self.w + self.q)
        if strip.y < end:
            self._advance_to(strip, end, progress, ("search", table, found))
            y = end
        return self._finish(strip, c1, period, strip.last, y)

    def _advance_to(
        self,
        strip: Strip,
        end: int,
        report: Callable[[int], None] | None,
        saved: tuple[str, WindowKeys | None, tuple[int, int]],
    ) -> None:
        """Columns up to ``end`` in blocks of a chunk (:func:`floor.blocks.run_blocks`): the
        top row kept, ``report(column)`` after each block, and before the end a checkpoint
        when due (of the phase, table and period ``saved``)."""

        def block(a: int, b: int) -> tuple[Step, int]:
            strip.advance(b)
            if self.keep_top:
                self.top.append(strip.top_row(a, b))
            return Step.DONE, b

        def after(y: int) -> None:
            if report is not None:
                report(y)
            if y < end and self.checkpoints is not None and self.checkpoints.due():
                self.checkpoints.save(self._state(saved[0], strip, saved[1], saved[2]))

        run_blocks(block, end, start=strip.y, size=self.chunk, progress=after)

    def _size(self, y: int) -> int:
        """Columns of the next block from column y: about y / 4 (a power of two), from
        BLOCK up to the chunk, so a short certificate computes few columns past its end."""
        size = BLOCK
        while size < self.chunk and 4 * size <= y:
            size *= 2
        return size

    def _keeps(self, columns: int) -> bool:
        return bool(columns * self.rows * self.itemsize + self.pattern_bytes <= self.keep_bytes)

    def _freeze(self, strip: Strip, y: int, y1: int, level_hashes: np.ndarray | None) -> None:
        """Look for the lower rows' certificates in columns [y, y1); copy the highest proved
        from its period from now on (if its period fits beside the kept columns)."""
        assert self.levels is not None and level_hashes is not None
        found = self.levels.scan(y, y1, level_hashes, self._kept)
        strip.level_mixed = self.levels.wanted()
        if found is None:
            return
        b, period = found
        size = period * (b - strip.frozen) * self.itemsize  # the band's pattern
        size += period * (b - strip.frozen + 1) * 8  # and its hash sums
        if y1 * self.rows * self.itemsize + self.pattern_bytes + size <= self.keep_bytes:
            strip.freeze(b, self._kept(y1 - period, y1, strip.frozen, b))
            self.pattern_bytes += size

    def _strip(self, state: SearchState | None, ring: int, shift: int) -> Strip:
        """A new strip, or the one a checkpoint describes (tracking ``shift`` if > 0)."""
        rows = self.rows
        if state is None or state.column == 0:
            strip = Strip(self.game, rows, ring, self.threads)
            if shift:
                strip.track(shift, shift)
            return strip
        y = state.column
        if shift and y > shift:
            assert state.back is not None and state.last is not None
            strip = Strip.restore(self.game, rows, y - shift, state.back, ring, self.threads)
            strip.track(shift, y, state.last)  # the violations before y are counted already
            strip.advance(y)
            if not np.array_equal(strip.state(), state.window):
                raise ValueError(
                    f"the checkpoint at column {y:,} does not follow from its window "
                    f"{shift:,} columns before"
                )
            return strip
        if shift:  # y <= shift: the columns y - shift of the next q are from column 0 on
            strip = Strip(self.game, rows, ring, self.threads)
            strip.track(shift, shift)
            strip.advance(y)  # at most q columns again
            if not np.array_equal(strip.state(), state.window):
                raise ValueError(f"the checkpoint at column {y:,} does not follow from column 0")
            return strip
        return Strip.restore(self.game, rows, y, state.window, ring, self.threads)

    def _state(
        self,
        phase: str,
        strip: Strip,
        table: WindowKeys | None,
        found: tuple[int, int] | None,
    ) -> SearchState:
        """The checkpoint of ``strip`` now (every row has mex >= y - 2k: checked here)."""
        y = strip.y
        if strip.frozen:  # pragma: no cover - levels run without checkpoints
            raise RuntimeError("a strip with frozen rows is not a checkpoint's state")
        low = y - 2 * np.arange(self.rows)
        if (strip.bits.mex < low).any():  # pragma: no cover - (B2), checked by the kernel
            raise WindowError(f"{self.game}: a row misses a value below y - 2k at column {y}")
        shift = strip.shift
        back = None
        if shift and y > shift:
            b = y - shift
            back = strip.column_range(max(0, b - self.w), b).copy()
        keys, cols = np.zeros(0, np.uint64), np.zeros(0, np.int64)
        if table is not None:  # the distinguished keys (enough: see WindowKeys.first_repeat)
            keys, cols = table.distinguished()
        return SearchState(
            self.game, self.rows, phase, y, strip.state().copy(), shift, back,
            strip.last.copy() if shift else None, keys, cols, found,
        )  # fmt: skip

    def _kept(self, a: int, b: int, k_from: int = 0, k_to: int | None = None) -> np.ndarray:
        """Rows k_from..k_to-1 of the columns [a, b) kept (a frozen row's from its pattern)."""
        k_to = self.rows if k_to is None else k_to
        chunks = [chunk for chunk in self.chunks if chunk[0] < b and chunk[0] + len(chunk[1]) > a]
        y, data, frozen = chunks[0]
        if len(chunks) == 1 and frozen <= k_from:  # a view
            return data[a - y : b - y, k_from - frozen : k_to - frozen]
        out = np.empty((b - a, k_to - k_from), dtype=data.dtype)
        for y, data, frozen in chunks:
            lo, hi = max(a, y), min(b, y + len(data))
            part = out[lo - a : hi - a]
            if k_to > frozen:
                low = max(frozen, k_from)
                part[:, low - k_from :] = data[lo - y : hi - y, low - frozen : k_to - frozen]
            if frozen > k_from:
                assert self.strip is not None
                self.strip.frozen_columns(lo, hi, k_from, min(frozen, k_to), part)
        return out

    # ------------------------------------------------------------------ the results
    def _from_kept(self, c1: int, period: int, columns: int) -> Certificate:
        """Per-row results from the kept columns [0, c1 + period)."""
        end = c1 + period
        piece = BLOCK * 16  # pieces of a bounded time (Ctrl-C between)
        jobs = [(a, min(piece, end - period - a)) for a in range(0, end - period, piece)]
        threads = default_threads() if self.threads is None else self.threads
        lasts = [np.full(self.rows, -1, dtype=np.int64) for _ in range(max(1, threads))]

        def count(part: int) -> None:
            for a, n in jobs[part :: len(lasts)]:
                # the rows proved periodic before column a have no violation from there on
                skip = 0 if self.levels is None else self.levels.skip(a)
                data = self._kept(a, a + n, skip)
                partner = self._kept(a + period, a + n + period, skip)  # a period later
                call(_violations, data, 0, partner, 0, n, a, lasts[part][skip:])

        futures = [_pool(len(lasts)).submit(count, part) for part in range(1, len(lasts))]
        count(0)
        for future in futures:
            future.result()
        last = np.max(lasts, axis=0)
        # a frozen band's least periods are its pattern's (a period of theirs)
        frozen = self.chunks[-1][2]
        least = _least_periods_of(self._kept(c1, end, frozen), 0, period, self.threads)
        assert self.strip is not None
        bands = [band for k_lo, *_, band in self.strip.bands if k_lo < frozen]
        low = [_least_periods_of(band, 0, len(band), self.threads) for band in bands]
        least = np.concatenate([*low, least])
        top = np.concatenate(self.top)[:end] if self.keep_top else None
        return self._certificate(c1, period, last, least, columns, top)

    def _finish(
        self,
        strip: Strip,
        c1: int,
        period: int,
        last: np.ndarray,
        columns: int,
        second: bool = False,
    ) -> Certificate:
        """The exact window check on the ring and the per-row results (violations counted)."""
        windows = (
            strip.column_range(c1 - self.w, c1),
            strip.column_range(c1 + period - self.w, c1 + period),
        )
        reason = certify_window(self.game, self.rows, windows, c1, period)
        if reason is not None:  # pragma: no cover - a 64-bit hash collision of two windows
            raise RuntimeError(
                f"{self.game}: the windows whose hashes matched differ ({reason}); "
                "rerun with more memory (keep_bytes) for the exact one-pass search"
            )
        least = _least_periods_of(strip.ring, c1 % strip.ring.shape[0], period, self.threads)
        top = np.concatenate(self.top)[: c1 + period] if self.keep_top else None
        certificate = self._certificate(c1, period, last, least, columns, top)
        if self.checkpoints is not None:
            final = self._state("second" if second else "search", strip, None, (c1, period))
            self.checkpoints.finish(certificate, final)
        return certificate

    def _certificate(
        self,
        c1: int,
        period: int,
        last: np.ndarray,
        least: np.ndarray,
        columns: int,
        top: np.ndarray | None,
    ) -> Certificate:
        pre = last + 1
        y0 = max(self.first_key, int(pre.max()) + self.w)
        if y0 > c1:  # pragma: no cover - the violations contradict the equal windows
            raise RuntimeError(f"{self.game}: a row violates the period {period} after its proof")
        top_row = np.zeros(0, dtype=np.int64)
        if top is not None:
            top_row = top[: y0 + period].astype(np.int64) + np.arange(y0 + period, dtype=np.int64)
        return Certificate(
            self.game, self.rows, y0, period, self.w, self.start, columns,
            _periodicities(pre, least), top_row,
        )  # fmt: skip

    # ------------------------------------------------------------------ the second pass
    def _second(
        self,
        found: tuple[int, int],
        state: SearchState | None,
        progress: Callable[[int], None] | None,
        columns: int = 0,
    ) -> Certificate:
        """Columns [0, c1 + P) again with a ring of P + W columns, counting the violations."""
        c1, period = found
        rows, w = self.rows, self.w
        end = c1 + period
        ring = period + w + self.chunk
        check_memory(
            ring * rows * self.itemsize + (end * 2 if self.keep_top else 0),
            f"the second pass over rows 0..{rows - 1} (a ring of {ring:,} columns)",
        )
        if state is not None and state.column > 0:
            strip = self._strip(state, ring, period)
        else:
            strip = Strip(self.game, rows, ring, self.threads)
            strip.track(period, period)
        self.top.clear()
        if self.keep_top and strip.y > 0:  # pragma: no cover - checkpoints keep no top row
            raise ValueError("a resumed second pass keeps no top row")
        columns = max(columns, end)

        def report(y: int) -> None:
            if progress is not None:
                progress(end + y)  # the second pass counts on from the first's end

        self._advance_to(strip, end, report, ("second", None, found))
        return self._finish(strip, c1, period, strip.last, columns, second=True)
