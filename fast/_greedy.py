"""The greedy row-by-row kernel shared by :mod:`fast.wsg` and :mod:`fast.fwsg`.

Algorithm WSG (Nivasch, seed ``000`` §2.1) and Jiao's Algorithm FWSG (seed
``001`` §3) differ in one test only: WSG rejects a diagonal d already used
by T_h (line 8); FWSG rejects it only when an earlier h-point on diagonal d
is a *slant follower* of (r, r + d), i.e. keeps the integer ratio
(step 2a, reconstructed in :mod:`reference.fwsg`). One kernel does both,
with the flag ``slant_ratio``.

Memory is bounded by sliding windows. With Landman's / Jiao's bound
b - 2a <= G(a, b) (``004`` Lemma 1, ``001`` Lemma 1), every h-point (a, b)
has b <= 2a + h, so at row r:

* the columns of B_h still ahead lie in [r, 2r + g]: a ring bitset of
  W >= rows + g + 1 bits per h (W a power of two; bit c & (W - 1));
* the diagonals lie in [0, rows + g]: a plain bitset per h;
* FWSG: a diagonal d whose last point (a', a' + d) has t = d // a' >= 1
  blocks the rows r <= d // t only, hence d >= r; with d <= a' + g such
  diagonals lie in [r, r + g], kept in a hash ring of 2 (g + 1) slots.
  Diagonals with t = 0 block every later row and go to the bitset.

Each bound is also checked as the kernel runs (error codes below), so a
violated lemma would stop the run instead of corrupting it.
"""

from __future__ import annotations

from collections.abc import Iterator
from enum import IntEnum

import numpy as np

from fast._bits import ONE
from fast._jit import check_int64_range, jit, plain_codes
from floor.blocks import Step, run_blocks
from floor.interrupt import call
from floor.memory import check_memory

__all__ = ["GreedyCode", "GreedyState", "iter_rows", "state_bytes"]


class GreedyCode(IntEnum):
    """What the kernel :func:`_greedy_rows` returns: every row done, or the bound that failed."""

    #: Every row asked for is done.
    DONE = 0
    #: A column ran past the ring of B_h.
    RING_PASSED = 1
    #: A diagonal ran past the bitset of D_h.
    DIAGONAL_PASSED = 2
    #: Two live slant-ratio entries collided in the hash ring (FWSG).
    SLANT_COLLISION = 3


# The codes as the jitted code returns them (plain ints, named after GreedyCode).
DONE, RING_PASSED, DIAGONAL_PASSED, SLANT_COLLISION = plain_codes(GreedyCode)

ERRORS = {
    GreedyCode.RING_PASSED: "a column ran past the ring of B_h (b - r exceeded the window)",
    GreedyCode.DIAGONAL_PASSED: "a diagonal ran past the bitset of D_h",
    GreedyCode.SLANT_COLLISION: "two live slant-ratio entries collided in the hash ring",
}


#: Row steps (one row of one T_h) per kernel call (the Ctrl-C protocol,
#: :mod:`floor.interrupt`): WSG takes about 30 ns a step (g <= 30, rows <= 5 * 10^6 in
#: 4.4 s), so a call is some 60 ms.
STEPS_PER_CALL = 1 << 21


def _pow2_at_least(n: int) -> int:
    p = 64
    while p < n:
        p *= 2
    return p


def state_bytes(g: int, rows: int) -> int:
    """Bytes of the sliding-window state for ``g`` and ``rows`` (an estimate).

    Examples
    --------
    >>> state_bytes(30, 5_000_000) // 2**20
    50
    """
    ring = _pow2_at_least(rows + g + 1)
    dbits = rows + g + 64
    slots = _pow2_at_least(2 * (g + 1))
    return (g + 2) * ring // 8 + (g + 1) * dbits // 8 + (g + 1) * 16 * slots


class GreedyState:
    """The sliding-window state of the kernel after some rows.

    Parameters
    ----------
    g : int
        Largest value tracked.
    rows : int
        Row bound the windows are sized for.
    slant_ratio : bool
        False: Algorithm WSG (Wythoff). True: Algorithm FWSG (F-Wythoff).
    """

    def __init__(self, g: int, rows: int, slant_ratio: bool) -> None:
        self.g = g
        self.rows = rows
        self.slant_ratio = slant_ratio
        self.next_row = 0
        ring = _pow2_at_least(rows + g + 1)
        slots = _pow2_at_least(2 * (g + 1))
        self.ring_bits = ring
        self.b_ring = np.zeros((g + 1, ring // 64), dtype=np.uint64)
        self.row_mark = np.zeros(ring // 64, dtype=np.uint64)
        self.d_bits = np.zeros((g + 1, (rows + g + 64) // 64 + 1), dtype=np.uint64)
        self.d_mex = np.zeros(g + 1, dtype=np.int64)
        self.keys = np.full((g + 1, slots), -1, dtype=np.int64)
        self.limits = np.zeros((g + 1, slots), dtype=np.int64)

    def advance(self, stop: int) -> np.ndarray:
        """Process rows ``next_row .. stop - 1``; return their columns.

        Returns an int64 array ``cols`` of shape ``(stop - next_row, g + 1)``:
        ``cols[i, h] = b`` when (next_row + i, b) is an h-point with
        a <= b, and -1 when row next_row + i is already a column of T_h.
        """
        if not self.next_row <= stop <= self.rows:
            raise ValueError(
                f"advance: stop must lie in [{self.next_row}, {self.rows}] (stop = {stop})"
            )
        first = self.next_row
        cols = np.empty((stop - first, self.g + 1), dtype=np.int64)

        def block(lo: int, hi: int) -> tuple[Step, int]:
            code = call(
                _greedy_rows,
                lo,
                hi,
                self.g,
                self.slant_ratio,
                self.b_ring,
                self.row_mark,
                self.d_bits,
                self.d_mex,
                self.keys,
                self.limits,
                cols[lo - first : hi - first],
            )
            if code != DONE:
                raise RuntimeError(
                    f"greedy kernel: {ERRORS[GreedyCode(code)]}; a bound of 000/001 "
                    "Lemma 1 failed or the state is corrupt"
                )
            return Step.DONE, hi

        # The Ctrl-C protocol: bounded calls.
        run_blocks(block, stop, start=first, size=max(64, STEPS_PER_CALL // (self.g + 1)))
        self.next_row = stop
        return cols


def iter_rows(
    g: int, rows: int, chunk: int, slant_ratio: bool, *, what: str
) -> Iterator[tuple[int, np.ndarray]]:
    """Check the arguments, then yield ``(r0, cols)`` per chunk (GreedyState.advance)."""
    for name, value in (("g", g), ("rows", rows), ("chunk", chunk)):
        if isinstance(value, bool) or not isinstance(value, (int, np.integer)) or value < 0:
            raise ValueError(f"{what}: {name} must be an int >= 0 ({name} = {value!r})")
    if chunk < 1:
        raise ValueError(f"{what}: chunk must be >= 1 (chunk = {chunk})")
    check_int64_range("2 * rows + g", 2 * int(rows) + int(g) + 64)
    check_memory(
        state_bytes(g, rows) + 8 * min(chunk, rows) * (g + 1),
        f"{what} state for g = {g}, rows = {rows}",
    )
    return _chunks(GreedyState(int(g), int(rows), slant_ratio), int(chunk))


def _chunks(state: GreedyState, chunk: int) -> Iterator[tuple[int, np.ndarray]]:
    while state.next_row < state.rows:
        r0 = state.next_row
        yield r0, state.advance(min(state.rows, r0 + chunk))


@jit
def _greedy_rows(
    r0: int,
    r1: int,
    g: int,
    slant_ratio: bool,
    b_ring: np.ndarray,
    row_mark: np.ndarray,
    d_bits: np.ndarray,
    d_mex: np.ndarray,
    keys: np.ndarray,
    limits: np.ndarray,
    cols: np.ndarray,
) -> int:  # pragma: no cover - jit
    """Rows r0..r1-1 of every T_h into ``cols`` (see :meth:`GreedyState.advance`); a
    :class:`GreedyCode`."""
    ring = b_ring.shape[1] * 64
    mask = ring - 1
    d_size = d_bits.shape[1] * 64
    slot_mask = keys.shape[1] - 1
    for r in range(r0, r1):
        i = r - r0
        for h in range(g + 1):
            rw = (r & mask) >> 6
            rbit = ONE << np.uint64(r & 63)
            if b_ring[h, rw] & rbit:  # WSG line 4: r is already in B_h
                b_ring[h, rw] &= ~rbit
                cols[i, h] = -1
                continue
            d = d_mex[h]  # every d below the mex of D_h fails line 8
            while True:
                if d >= ring or d >= d_size:
                    return RING_PASSED if d >= ring else DIAGONAL_PASSED
                c = r + d
                cw = (c & mask) >> 6
                cbit = ONE << np.uint64(c & 63)
                if row_mark[cw] & cbit:  # WSG line 6 / FWSG 2b
                    d += 1
                    continue
                if b_ring[h, cw] & cbit:  # WSG line 7 / FWSG 2c
                    d += 1
                    continue
                if (d_bits[h, d >> 6] >> np.uint64(d & 63)) & ONE:  # line 8 / 2a, t = 0
                    d += 1
                    continue
                if slant_ratio:  # FWSG 2a: a live entry with the same integer ratio
                    slot = d & slot_mask
                    if keys[h, slot] == d and r <= limits[h, slot]:
                        d += 1
                        continue
                break
            c = r + d
            cols[i, h] = c  # WSG line 9
            row_mark[(c & mask) >> 6] |= ONE << np.uint64(c & 63)
            if d > 0:  # WSG line 11 (column r itself is never looked up again)
                b_ring[h, (c & mask) >> 6] |= ONE << np.uint64(c & 63)
            permanent = True
            if slant_ratio:
                if r == 0:
                    permanent = False  # (0, d) is no slant follower of anything
                elif d >= r:
                    permanent = False
                    t = d // r
                    slot = d & slot_mask
                    if keys[h, slot] != -1 and keys[h, slot] != d and limits[h, slot] > r:
                        return SLANT_COLLISION
                    keys[h, slot] = d
                    limits[h, slot] = d // t
            if permanent:  # WSG line 12
                d_bits[h, d >> 6] |= ONE << np.uint64(d & 63)
                while (d_bits[h, d_mex[h] >> 6] >> np.uint64(d_mex[h] & 63)) & ONE:
                    d_mex[h] += 1
        # row r is done: unmark its columns, clear column r from every ring
        rw = (r & mask) >> 6
        rbit = ONE << np.uint64(r & 63)
        for h in range(g + 1):
            c = cols[i, h]
            if c >= 0:
                row_mark[(c & mask) >> 6] &= ~(ONE << np.uint64(c & 63))
            b_ring[h, rw] &= ~rbit
    return DONE
