"""The strip: its kernel's state, the ring its columns go to, and the pipeline over threads.

:class:`Strip` holds rows 0..X of a game (the kernel's
:class:`~fast.strip.kernel.Bitsets`, the frozen rows' :class:`~fast.strip.kernel.Bands`)
and computes them column by column (:func:`fast.strip.kernel._stage`), on one
thread or as a pipeline of stages over several (:mod:`fast.strip.threads`).
"""

from __future__ import annotations

import itertools
import time

import numpy as np

from fast._kernel_games import CODES, Status
from fast.strip.geometry import _PAD, BLOCK, STEP_CELLS, _check_game, _ring_dtype, _words, window
from fast.strip.kernel import Bands, Bitsets, _stage
from fast.strip.state import _mix, _restore, _row_coefficients, mix_levels
from fast.strip.threads import (
    REBALANCE,
    _pool,
    _split,
    default_threads,
    pipeline_step,
    running_threads,
)
from floor.blocks import Step, run_blocks
from floor.interrupt import call
from reference.landman import WindowError

__all__ = ["Strip"]

_NO_HASHES = np.zeros(0, dtype=np.uint64)
_NO_LEVELS = np.zeros((0, 0), dtype=np.uint64)


class Strip:
    """The kernel's state for rows 0..rows-1 and the ring its columns go to.

    ``advance(y_to)`` computes the columns up to ``y_to`` (exclusive);
    ``ring[y % len(ring)]`` then holds ``D(., y) = G(., y) - y`` for the
    last ``len(ring)`` columns. With ``threads`` > 1 the rows are split
    into consecutive blocks, one per thread, and the blocks run as a
    pipeline over blocks of columns (a wavefront: block j works on the
    columns block j - 1 finished in the previous step; every follower of a
    cell lies in its row, a lower row of its column or a lower row of its
    diagonal, so each step's cells depend only on earlier steps). The values
    do not depend on the threads or on the split.

    ``track(shift, from_column)`` makes the kernel record, per row, the last
    column y with ``D(k, y) != D(k, y + shift)`` (``last``; -1 if none) for
    the columns computed from then on (the ring must hold ``shift`` more
    columns than a block).

    Examples
    --------
    >>> s = Strip("wythoff", 4, 8)
    >>> s.advance(8)
    >>> (s.ring[:8].T + np.arange(8)).tolist()[3]
    [3, 4, 5, 6, 2, 0, 1, 9]
    """

    def __init__(self, game: str, rows: int, ring_columns: int, threads: int | None = None) -> None:
        _check_game(game)
        if threads is None:
            threads = default_threads()
        if isinstance(threads, bool) or not isinstance(threads, int) or threads < 1:
            raise ValueError(f"threads must be an int >= 1 (threads = {threads!r})")
        self.game = game
        self.code = int(CODES[game])
        self.rows = rows
        self.threads = running_threads(rows, threads)
        self.words = _words(rows)
        stride = self.words + _PAD  # an odd number of cache lines: rows spread over the sets
        #: columns a pipeline step covers: about STEP_CELLS cells per stage
        self.step = pipeline_step(rows, self.threads)
        lag = self.threads * self.step
        #: the kernel's bitsets (a diagonal and a column slot for each cell in flight)
        self.bits = Bitsets(
            rowbits=np.zeros((rows, stride), dtype=np.uint64),
            mex=np.zeros(rows, dtype=np.int64),
            diagbits=np.zeros((rows + lag + 1, stride), dtype=np.uint64),
            diagkey=np.full(rows + lag + 1, -1, dtype=np.int64),
            colbits=np.zeros((lag + 1, stride), dtype=np.uint64),
        )
        self.ring = np.zeros((max(1, ring_columns), rows), dtype=_ring_dtype(rows))
        self.coef = _row_coefficients(rows)
        self.y = 0
        self.shift = 0
        self.shift_from = 0
        self.last = np.full(rows, -1, dtype=np.int64)
        self.frozen = 0  # rows 0..frozen-1 are copied from their bands' patterns
        #: (first row, end row, period, first column, pattern) of each frozen band of rows
        self.bands: list[tuple[int, int, int, int, np.ndarray]] = []
        #: the kernel's view of `bands` (a table row of zeros: no band yet)
        self._bands = Bands(
            table=np.zeros((1, 8), dtype=np.int64),
            flat=np.zeros(1, dtype=self.ring.dtype),
            sums=np.zeros(1, dtype=np.uint64),
        )
        self.row_level = np.zeros(rows + 1, dtype=np.int64)
        self.level_edges = np.array([0, rows], dtype=np.int64)
        self.level_mixed: np.ndarray | None = None  # the levels whose hashes are wanted
        self._levels = _NO_LEVELS
        self.split = [0, *(_split(rows, self.threads)), rows]
        self._seconds = np.zeros(self.threads)
        self._broken = False

    def track(self, shift: int, from_column: int, last: np.ndarray | None = None) -> None:
        """Record the violations of the period ``shift`` at columns >= ``from_column``."""
        if shift + BLOCK > self.ring.shape[0]:
            raise ValueError(f"the ring must hold shift + {BLOCK} columns (shift = {shift})")
        self.shift, self.shift_from = shift, from_column
        if last is not None:
            self.last = np.array(last, dtype=np.int64)

    def freeze(self, rows: int, pattern: np.ndarray) -> None:
        """Copy rows frozen..rows-1 from their proved period from now on, not scanning them.

        ``pattern[t] = D(frozen..rows-1, self.y - P + t)`` (``P = len(pattern)``)
        must be the last P columns of rows that are P-periodic from column
        ``self.y - P`` on: the caller proves it (:class:`fast.strip.levels._Levels`: a window
        certificate of rows 0..rows-1, which form a strip of their own). The
        values are then exactly the scan's; their cells cost a copy and two
        bit sets. A strip with frozen rows keeps no row bitsets for them, so
        it is not a checkpoint's state (:meth:`fast.strip.search._Search._state` refuses).

        >>> s = Strip("wythoff", 6, 256); s.advance(64)
        >>> t = Strip("wythoff", 6, 256); t.advance(64)
        >>> t.freeze(4, t.column_range(64 - 12, 64)[:, :4])  # rows 0..3: 12-periodic by column 9
        >>> s.advance(128); t.advance(128)
        >>> t.freeze(5, t.column_range(128 - 24, 128)[:, 4:5])  # row 4: 24-periodic
        >>> s.advance(256); t.advance(256)
        >>> bool((s.ring == t.ring).all()), t.frozen
        (True, 5)
        """
        low = self.frozen
        if pattern.ndim != 2 or not low < rows <= self.rows or pattern.shape[1] != rows - low:
            raise ValueError(
                f"pattern must have shape (P, rows - {low}) with {low} < rows <= {self.rows}"
            )
        if not 0 < len(pattern) <= self.y:
            raise ValueError(f"a period of {len(pattern)} columns before column {self.y}")
        period, width = len(pattern), rows - low
        lv0 = int(self.row_level[low])
        levels = int(self.row_level[rows - 1]) - lv0 + 1
        # the kernel's arrays grow by doubling; the bands are views of them
        k_lo, k_hi, last, _, at, ls, _, n = self._bands.table[-1].tolist()  # zeros: no band
        at, ls = at + last * (k_hi - k_lo), ls + last * n
        flat = _grown(self._bands.flat, at, period * width)
        lsums = _grown(self._bands.sums, ls, period * levels)
        flat[at : at + period * width] = np.asarray(pattern).ravel()
        # the hash sum of the band's rows of each level, per column of its period
        sums = lsums[ls : ls + period * levels].reshape(period, levels)
        with np.errstate(over="ignore"):
            terms = (np.asarray(pattern, dtype=np.int64) + 2 * self.rows).astype(np.uint64)
            terms *= self.coef[None, low:rows]
            for j in range(levels):
                a = max(int(self.level_edges[lv0 + j]), low) - low
                b = min(int(self.level_edges[lv0 + j + 1]), rows) - low
                sums[:, j] = terms[:, a:b].sum(axis=1, dtype=np.uint64)
        row = [low, rows, period, self.y, at, ls, lv0, levels]
        table = np.array([*self._bands.table[: len(self.bands)].tolist(), row])
        self._bands = Bands(table, flat, lsums)
        self.bands.append((low, rows, period, self.y, pattern))
        self.frozen = rows
        for i, (k_lo, k_hi, p, first, a, *_) in enumerate(table.tolist()):
            view = flat[a : a + p * (k_hi - k_lo)].reshape(p, k_hi - k_lo)
            self.bands[i] = (k_lo, k_hi, p, first, view)

    def frozen_columns(self, a: int, b: int, k_from: int, k_to: int, out: np.ndarray) -> None:
        """``out[y - a, k - k_from] = D(k, y)`` of the frozen rows k_from <= k < k_to at
        columns a <= y < b, from their bands (every band frozen by column a)."""
        for k_lo, k_hi, period, first, band in self.bands:
            lo, hi = max(k_lo, k_from), min(k_hi, k_to)
            if lo >= hi:
                continue
            t, j = (a - first) % period, 0
            while j < b - a:  # D(k, y) = band[(y - first) mod P, k - k_lo], in runs
                n = min(b - a - j, period - t)
                out[j : j + n, lo - k_from : hi - k_from] = band[t : t + n, lo - k_lo : hi - k_lo]
                j, t = j + n, 0

    def set_levels(self, bounds: list[int]) -> int:
        """Rows grouped into levels ``[0, b0), [b0, b1), ...`` for ``advance(levels=...)``;
        returns the number of levels."""
        edges = [0, *bounds, self.rows]
        if self.bands:
            raise ValueError("set the levels before freezing rows")
        if any(b <= a for a, b in itertools.pairwise(edges)):
            raise ValueError(f"level bounds must increase within 1..{self.rows - 1}")
        for i, (a, b) in enumerate(itertools.pairwise(edges)):
            self.row_level[a:b] = i
        self.row_level[self.rows] = len(edges) - 1
        self.level_edges = np.array(edges, dtype=np.int64)
        return len(edges) - 1

    def advance(
        self,
        y_to: int,
        hashes: np.ndarray | None = None,
        out: np.ndarray | None = None,
        levels: np.ndarray | None = None,
    ) -> None:
        """Compute the columns self.y <= y < y_to into the ring.

        ``hashes[y - self.y]`` (if given) gets a 64-bit hash of column y's
        normalised values (:func:`column_hashes` of the ring's columns);
        ``out[y - self.y]`` (if given) gets the column, copied from the ring
        as soon as it is complete (the ring then needs to hold only a few
        steps: the kernel writes into memory the cache holds, and the columns
        go on in one copy). ``levels[i, y - self.y]`` (with ``hashes``; shape
        (levels, columns), see :meth:`set_levels`) gets the hash of column y
        over the rows 0..b_i - 1 (:func:`mix_levels`). The kernel returns to
        Python after every block of about :data:`STEP_CELLS` cells per thread, each
        block one held call (:func:`floor.interrupt.call`; one thread:
        :func:`floor.blocks.run_blocks`): Ctrl-C stops it there, and the strip is then
        unusable.
        """
        if self._broken:
            raise RuntimeError("this strip was interrupted mid-step; start a new one")
        if y_to <= self.y:
            return
        h = _NO_HASHES if hashes is None else hashes
        self._levels = _NO_LEVELS if levels is None or hashes is None else levels
        self._levels[:, : y_to - self.y] = 0
        self._broken = True  # until every column is complete
        n = self.threads if y_to - self.y >= 4 * self.step else 1
        with np.errstate(over="ignore"):  # uint64 wraps (NUMBA_DISABLE_JIT: numpy scalars)
            if n == 1:
                self._blocks(y_to, h, out)
            else:
                self._pipeline(n, y_to, h, out)
            if hashes is not None:
                call(_mix, hashes[: y_to - self.y])
            if len(self._levels):
                mix_levels(self._levels[:, : y_to - self.y], self.level_mixed)
        self._broken = False
        self.y = y_to

    def _run(self, k_from: int, k_to: int, a: int, b: int, hashes: np.ndarray, h_from: int) -> None:
        bad = call(
            _stage,
            self.code, self.words, *self.bits, k_from, k_to, a, b, self.ring, self.coef,
            hashes, h_from, self.shift, self.shift_from, self.last, self.frozen, *self._bands,
            self.row_level, self.level_edges, self._levels,
        )  # fmt: skip
        if bad != int(Status.OK):  # pragma: no cover - a proven bound (docs/strip.md)
            raise WindowError(
                f"{self.game}: a value outside [y - 2k, y + k] at column {bad} of rows "
                f"0..{self.rows - 1}: the bound the strip relies on fails"
            )

    def _blocks(self, y_to: int, hashes: np.ndarray, out: np.ndarray | None) -> None:
        """Every row of the columns self.y <= y < y_to on this thread, in blocks of about
        :data:`STEP_CELLS` cells (at most the ring)."""
        y_from = self.y

        def block(a: int, b: int) -> tuple[Step, int]:
            self._run(0, self.rows, a, b, hashes, y_from)
            if out is not None:
                self._copy(out, a, b, y_from)
            return Step.DONE, b

        cols = max(1, min(STEP_CELLS // self.rows, self.ring.shape[0]))
        run_blocks(block, y_to, start=y_from, size=cols)

    def _copy(self, out: np.ndarray, a: int, b: int, y_from: int) -> None:
        """``out[y - y_from] = D(., y)`` for a <= y < b, from the ring (the top
        ``out.shape[1]`` rows: a caller may leave out the frozen rows)."""
        size = self.ring.shape[0]
        k = self.rows - out.shape[1]
        i, j = a % size, b % size or size
        if i < j:
            out[a - y_from : b - y_from] = self.ring[i:j, k:]
        else:  # the columns wrap around the ring's end
            out[a - y_from : a - y_from + size - i] = self.ring[i:, k:]
            out[a - y_from + size - i : b - y_from] = self.ring[:j, k:]

    def _pipeline(
        self, n: int, y_to: int, hashes: np.ndarray, out: np.ndarray | None = None
    ) -> None:
        """Stage j (rows split[j]..split[j+1]) does column block t - j at step t."""
        pool = _pool(n - 1)
        y_from, step = self.y, self.step
        blocks = [(a, min(y_to, a + step)) for a in range(y_from, y_to, step)]
        split = self.split
        seconds = np.zeros(n)

        def work(j: int, block: int, copy: int) -> float:
            began = time.perf_counter()
            a, b = blocks[block]
            with np.errstate(over="ignore"):
                self._run(split[j], split[j + 1], a, b, hashes, y_from)
            if copy >= 0 and out is not None:
                self._copy(out, *blocks[copy], y_from)
            return time.perf_counter() - began

        for t in range(len(blocks) + n - 1):
            jobs = [j for j in range(n) if 0 <= t - j < len(blocks)]
            # the block the last stage finished in the step before is copied out by the
            # first job of this one (counted in its time, so the split makes room for it;
            # the ring holds threads + 2 steps: no stage writes it meanwhile)
            copy = t - n
            futures = [pool.submit(work, j, t - j, -1) for j in jobs[1:]]
            seconds[jobs[0]] += work(jobs[0], t - jobs[0], copy)
            for j, future in zip(jobs[1:], futures, strict=True):
                seconds[j] += future.result()
        if out is not None:  # the last block
            self._copy(out, *blocks[-1], y_from)
        self._rebalance(seconds)

    def _rebalance(self, seconds: np.ndarray) -> None:
        """Move the splits toward equal time per stage (the values do not depend on them):
        each stage's time in the last pipeline (measured with the current splits) spread
        evenly over its rows, the splits put where the time so spread is shared equally
        (a block of rows frozen changes it at once)."""
        self._seconds = seconds
        total = float(self._seconds.sum())
        if total <= 0:
            return
        edges = np.array(self.split, dtype=np.float64)
        cost = np.concatenate([[0.0], np.cumsum(self._seconds)])  # at each split
        want = np.interp(np.arange(1, self.threads) * total / self.threads, cost, edges)
        for j in range(1, self.threads):
            target = REBALANCE * want[j - 1] + (1 - REBALANCE) * self.split[j]
            low, high = self.split[j - 1] + 1, self.split[j + 1] - 1
            self.split[j] = int(min(max(round(target), low), high))

    def column_range(self, y_from: int, y_to: int) -> np.ndarray:
        """D(., y) for y_from <= y < y_to, shape (y_to - y_from, rows); must be in the ring."""
        size = self.ring.shape[0]
        if y_from < self.y - size or y_to > self.y or y_from < 0:
            raise ValueError(f"columns {y_from}..{y_to} are not in the ring")
        index = np.arange(y_from, y_to) % size
        out: np.ndarray = self.ring[index]
        return out

    def top_row(self, y_from: int, y_to: int) -> np.ndarray:
        """D(rows - 1, y) for y_from <= y < y_to (in the ring)."""
        size = self.ring.shape[0]
        if y_from < self.y - size or y_to > self.y or y_from < 0:
            raise ValueError(f"columns {y_from}..{y_to} are not in the ring")
        out: np.ndarray = self.ring[np.arange(y_from, y_to) % size, self.rows - 1]
        return out

    def state(self) -> np.ndarray:
        """The normalised window before column ``self.y``: D(., y), y in [y - W, y) (or from 0).

        By docs/strip.md ("The window certificate") it determines every later
        column; :meth:`restore` rebuilds the kernel's state from it.
        """
        return self.column_range(max(0, self.y - window(self.rows)), self.y)

    @classmethod
    def restore(
        cls,
        game: str,
        rows: int,
        y: int,
        columns: np.ndarray,
        ring_columns: int,
        threads: int | None = None,
    ) -> Strip:
        """The strip before column ``y`` from its normalised window ``columns``.

        ``columns[j] = D(., y - len(columns) + j)``: the last ``W`` columns
        (or all of them when ``y < W``). Row k's mex is the least value
        ``>= max(0, y - 2k)`` missing from the window's row k (every smaller
        value is in the row: (B2), checked by the kernel at each cell), its
        bitset the window's values above it (all of them lie in the last 3k
        columns by (B1)); each diagonal's bitset is replayed from its cells
        in the window (the last X columns). The ring gets the window.
        """
        strip = cls(game, rows, ring_columns, threads)
        w = min(y, window(rows))
        if columns.shape != (w, rows):
            raise ValueError(
                f"a window before column {y} has shape ({w}, {rows}), not {columns.shape}"
            )
        values = columns.astype(np.int64) + np.arange(y - w, y, dtype=np.int64)[:, None]
        bad = call(_restore, strip.code, strip.words, strip.bits, values, y)
        if bad != int(Status.OK):
            raise ValueError(
                f"the window before column {y} is not a state of the strip (row {bad})"
            )
        size = strip.ring.shape[0]
        for j in range(w):
            strip.ring[(y - w + j) % size] = columns[j]
        strip.y = y
        return strip


def _grown(buffer: np.ndarray, used: int, extra: int) -> np.ndarray:
    """``buffer`` if it holds ``used + extra`` items, else a copy of its first ``used`` in
    one at least twice as large (appending n items costs O(n) copies in all)."""
    if used + extra <= len(buffer):
        return buffer
    grown = np.empty(max(used + extra, 2 * len(buffer)), dtype=buffer.dtype)
    grown[:used] = buffer[:used]
    return grown
