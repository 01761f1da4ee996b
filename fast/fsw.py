"""Algorithm FSW and the convergence experiment in numba (000 §3.1-3.3).

One kernel, :func:`_row_step`, is Algorithm FSW's step (lines 2-11) and
also Algorithm WSG's row: given ``insert(r)`` it places the h-points of row
r and moves the state to row r + 1. The "true" pass computes ``insert(r)``
itself (WSG line 4: r is not yet a column of an h-point) and so yields the
true state of every row; the convergence runs (§3.3) start in the dummy
state (3-8) and read the true pass's symbols.

State layout (per h; absolute, not normalized -- two states of the same row
compare equally either way, and index_0(r) cancels):

* ``index[h]``  -- ``index_h(r)``;
* ``firstd[h]`` -- ``firstd_h(r)`` (the first empty diagonal);
* ``dmask[h]``  -- bit j set iff diagonal ``firstd + j`` is in ``ocdiag_h(r)``;
* ``cmask[h]``  -- bit j set iff ``firstd + j`` is in ``occol_h(r)`` (the cell
  ``(r, r + firstd + j)`` lies on a column of a lower h-point).

Both masks use bits 0..62 of an int64 (the spans seen are <= 25 for
g <= 20; Lemma 3.2 bounds them); a row whose search would need bit 63
stops the kernel with an error, reported as ``OverflowError``.

The convergence experiment runs all dummy runs in lockstep with the true
pass, so it stores no table of true states: memory is O(horizon * g) plus a
ring buffer of the occupied columns. :func:`convergence_times` takes a
range of start rows, so the work splits into independent chunks.

References
----------
G. Nivasch, "More on the Sprague-Grundy function for Wythoff's game",
Games of No Chance 3 (2009), §3.1-3.3, Algorithm FSW, (3-8), Conjecture
3.10, Table 5, Figure 11. Seed ``000``.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum
from typing import Any, NamedTuple

import numpy as np

from fast._jit import jit, plain_codes
from floor.blocks import Step, run_blocks
from floor.interrupt import call
from floor.memory import check_memory
from reference.fsw import default_horizon

__all__ = [
    "MAX_G",
    "FswCode",
    "TrueRows",
    "check_memory",
    "convergence_times",
    "default_horizon",
    "true_rows",
]

#: Largest g: insert(r) is an int64 bit mask.
MAX_G = 62
_BITS = 63


class FswCode(IntEnum):
    """What FSW's kernels return (:func:`_raise` turns a failure into OverflowError)."""

    #: Every row asked for is done.
    OK = 0
    #: A state set would span more than 63 diagonals (the int64 masks).
    SPAN_OVERFLOW = 1
    #: A live column found its slot of the ring of occupied columns taken.
    RING_FULL = 2


# The codes as the jitted code returns them (plain ints, named after FswCode).
OK, SPAN_OVERFLOW, RING_FULL = plain_codes(FswCode)


def _check_int(func: str, name: str, value: object, minimum: int = 0) -> int:
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, np.integer)):
        raise ValueError(f"{func}: {name} must be an int ({name} = {value!r})")
    if value < minimum:
        raise ValueError(f"{func}: {name} must be >= {minimum} ({name} = {value!r})")
    return int(value)


def _check_g(func: str, g: object) -> int:
    g = _check_int(func, "g", g)
    if g > MAX_G:
        raise ValueError(f"{func}: g must be <= {MAX_G} (g = {g})")
    return g


@jit
def _row_step(
    r: int,
    sym: int,
    g: int,
    index: np.ndarray,
    firstd: np.ndarray,
    dmask: np.ndarray,
    cmask: np.ndarray,
    rowcols: np.ndarray,
    outb: np.ndarray,
) -> int:
    """FSW lines 2-11 on row r with ``insert(r) = sym`` (bit h = h inserted).

    Updates the state arrays in place to the state of row r + 1; writes the
    column b of the h-point placed for each inserted h into ``outb[h]``
    (-1 otherwise). Returns OK, or SPAN_OVERFLOW if a mask would overflow.
    """
    cnt = 0  # FSW line 2: S = {} (absolute columns in rowcols[:cnt])
    for h in range(g + 1):  # FSW line 3
        outb[h] = -1
        if (sym >> h) & 1:  # FSW line 4
            base = r + firstd[h]
            s = 0
            for k in range(cnt):
                j = rowcols[k] - base
                if j >= 0 and j < _BITS:
                    s |= 1 << j
            occ = dmask[h] | cmask[h] | s
            j = 0  # FSW line 5: smallest d >= firstd in no set
            while j < _BITS and (occ >> j) & 1:
                j += 1
            if j >= _BITS:
                return SPAN_OVERFLOW
            outb[h] = base + j  # FSW line 6 (b = r + d)
            index[h] += 1  # FSW line 7
            dmask[h] |= 1 << j  # FSW line 8
            cmask[h] |= 1 << j
            rowcols[cnt] = base + j
            cnt += 1
            while dmask[h] & 1:  # FSW line 9 (and line 11 for the shifted-out bits)
                dmask[h] >>= 1
                cmask[h] >>= 1
                firstd[h] += 1
        cmask[h] >>= 1  # FSW lines 10-11: next row, drop columns < firstd
    # FSW lines 12-14 (renormalization) vanish: the state is kept absolute.
    return OK


@jit
def _true_symbol(r: int, g: int, ring: np.ndarray, ring_mask: int) -> int:
    """insert(r) = {h : r not a column of a lower h-point} (WSG line 4)."""
    sym = 0
    slot = r & ring_mask
    for h in range(g + 1):
        if ring[h, slot] != r + 1:
            sym |= 1 << h
        ring[h, slot] = 0
    return sym


@jit
def _mark_columns(r: int, g: int, outb: np.ndarray, ring: np.ndarray, ring_mask: int) -> int:
    for h in range(g + 1):
        b = outb[h]
        if b > r:
            slot = b & ring_mask
            if ring[h, slot] > r + 1:  # a live column in the slot: ring too small
                return RING_FULL
            ring[h, slot] = b + 1
    return OK


class TrueState(NamedTuple):
    """The true pass's arrays (the kernels take it whole): FSW's state of the current row
    (module docstring), the row scratch and the ring of occupied columns."""

    #: (g + 1,): ``index_h(r)``.
    index_h: np.ndarray
    #: (g + 1,): ``firstd_h(r)``.
    firstd: np.ndarray
    #: (g + 1,): the occupied diagonals from firstd, a bit each.
    dmask: np.ndarray
    #: (g + 1,): the occupied columns from r + firstd, a bit each.
    cmask: np.ndarray
    #: (g + 1,): the columns of the row's points so far (:func:`_row_step`'s scratch).
    rowcols: np.ndarray
    #: (g + 1,): the column of each h's point on the row, -1 if none.
    outb: np.ndarray
    #: (g + 1, ring size): ``ring[h, b & mask] = b + 1`` for a live column b of T_h.
    ring: np.ndarray


def _true_state(g: int, ring_size: int) -> TrueState:
    """The true pass's arrays at row 0 (all zero)."""
    index_h, firstd, dmask, cmask, rowcols, outb = (np.zeros(g + 1, np.int64) for _ in range(6))
    ring = np.zeros((g + 1, ring_size), np.int64)
    return TrueState(index_h, firstd, dmask, cmask, rowcols, outb, ring)


class Runs(NamedTuple):
    """The dummy runs of :func:`_convergence_kernel`, a slot each: their FSW states, start
    rows (-1: a free slot) and the live slots."""

    index_h: np.ndarray
    firstd: np.ndarray
    dmask: np.ndarray
    cmask: np.ndarray
    start: np.ndarray
    live: np.ndarray


class Groups(NamedTuple):
    """The groups of runs of :func:`_convergence_kernel_merged`, a slot each: their FSW
    states, member lists (start rows - r0_start: head, tail, next), youngest member, the
    free and live slots, and the hash table of the current row (slot, row stamp)."""

    index_h: np.ndarray
    firstd: np.ndarray
    dmask: np.ndarray
    cmask: np.ndarray
    head: np.ndarray
    tail: np.ndarray
    youngest: np.ndarray
    nxt: np.ndarray
    free: np.ndarray
    live: np.ndarray
    table: np.ndarray
    stamp: np.ndarray


@jit
def _true_step(r: int, sym: int, g: int, true: TrueState, ring_mask: int) -> int:
    """WSG's row r on the true state ``true`` with ``insert(r) = sym``: FSW's step, then
    the new points' columns into the ring. A :class:`FswCode`."""
    index, firstd, dmask, cmask, rowcols, outb, ring = true
    err = _row_step(r, sym, g, index, firstd, dmask, cmask, rowcols, outb)
    if err != OK:
        return err
    return _mark_columns(r, g, outb, ring, ring_mask)


@jit
def _true_pass(
    g: int,
    r_lo: int,
    r_hi: int,
    ring_mask: int,
    true: TrueState,
    out_sym: np.ndarray,
    out_index: np.ndarray,
    out_firstd: np.ndarray,
    out_dmask: np.ndarray,
    out_cmask: np.ndarray,
) -> int:
    """WSG through FSW's step, rows r_lo..r_hi-1 from the true state of row r_lo:
    the true state and symbol of each row (a :class:`FswCode`)."""
    index, firstd, dmask, cmask, _, _, ring = true
    for r in range(r_lo, r_hi):
        for h in range(g + 1):
            out_index[r, h] = index[h]
            out_firstd[r, h] = firstd[h]
            out_dmask[r, h] = dmask[h]
            out_cmask[r, h] = cmask[h]
        sym = _true_symbol(r, g, ring, ring_mask)
        out_sym[r] = sym
        err = _true_step(r, sym, g, true, ring_mask)
        if err != OK:
            return err
    return OK


@jit
def _start_dummy(
    slot: int,
    g: int,
    index: np.ndarray,
    a_index: np.ndarray,
    a_firstd: np.ndarray,
    a_dmask: np.ndarray,
    a_cmask: np.ndarray,
) -> None:
    """Put run ``slot`` in the dummy state (3-8) for the true indices ``index``."""
    for h in range(g + 1):
        a_index[slot, h] = index[h]
        a_firstd[slot, h] = index[h]
        a_dmask[slot, h] = 0
        a_cmask[slot, h] = 0


@jit
def _same_state(
    slot: int,
    g: int,
    firstd: np.ndarray,
    dmask: np.ndarray,
    cmask: np.ndarray,
    a_firstd: np.ndarray,
    a_dmask: np.ndarray,
    a_cmask: np.ndarray,
) -> bool:
    """Whether run ``slot`` has reached the true state (its indices always agree)."""
    for h in range(g + 1):
        if (
            a_firstd[slot, h] != firstd[h]
            or a_dmask[slot, h] != dmask[h]
            or a_cmask[slot, h] != cmask[h]
        ):
            return False
    return True


@jit
def _advance_row(
    r: int,
    g: int,
    nlive: int,
    live: np.ndarray,
    runs: Runs | Groups,
    true: TrueState,
    ring_mask: int,
) -> int:
    """One FSW step on row r for every live dummy run (``runs``: their states), then for
    the true pass (:func:`_true_step`).

    Every run reads the same true symbol insert(r); the true pass's points
    are then recorded in the ring of occupied columns. Returns a :class:`FswCode`.
    """
    a_index, a_firstd, a_dmask, a_cmask = runs.index_h, runs.firstd, runs.dmask, runs.cmask
    rowcols, outb, ring = true.rowcols, true.outb, true.ring
    sym = _true_symbol(r, g, ring, ring_mask)
    for k in range(nlive):
        slot = live[k]
        err = _row_step(
            r, sym, g, a_index[slot], a_firstd[slot], a_dmask[slot], a_cmask[slot], rowcols, outb
        )
        if err != OK:
            return err
    return _true_step(r, sym, g, true, ring_mask)


#: Slots of the scalars array the convergence kernels keep between calls.
_R, _NLIVE, _NFREE, _DONE = 0, 1, 2, 3


@jit
def _convergence_kernel(
    g: int,
    r0_start: int,
    r0_stop: int,
    horizon: int,
    budget: int,
    ring_mask: int,
    true: TrueState,
    runs: Runs,
    times: np.ndarray,
    scalars: np.ndarray,
) -> int:  # pragma: no cover - jit
    """Rows to convergence for start rows r0_start..r0_stop-1 (000 §3.3).

    The true pass runs from row 0; from row r0_start on, a dummy run (3-8)
    starts at every row and all live runs step in lockstep with the true
    state; a run stops when its state equals the true state (its time is
    recorded) or after ``horizon`` rows (its time stays -1).

    Resumable: runs from row ``scalars[_R]`` until about ``budget`` FSW steps
    are done (the Ctrl-C protocol) or every run has ended (``scalars[_DONE]``).
    """
    index, firstd, dmask, cmask = true.index_h, true.firstd, true.dmask, true.cmask
    a_index, a_firstd, a_dmask, a_cmask, a_start, live = runs
    slots = a_start.shape[0]
    nlive = scalars[_NLIVE]
    r = scalars[_R]
    work = 0
    while work < budget:
        if r >= r0_stop and nlive == 0:
            scalars[_DONE] = 1
            break
        if r >= r0_start and r < r0_stop:
            # a new dummy run at row r: (3-8)
            slot = r % slots
            if a_start[slot] >= 0:  # the run from row r - slots never converged
                for k in range(nlive):
                    if live[k] == slot:
                        nlive -= 1
                        live[k] = live[nlive]
                        break
            a_start[slot] = r
            _start_dummy(slot, g, index, a_index, a_firstd, a_dmask, a_cmask)
            live[nlive] = slot
            nlive += 1
        # compare every live run with the true state of row r
        k = 0
        while k < nlive:
            slot = live[k]
            same = _same_state(slot, g, firstd, dmask, cmask, a_firstd, a_dmask, a_cmask)
            if same:
                times[a_start[slot] - r0_start] = r - a_start[slot]
                a_start[slot] = -1
                nlive -= 1
                live[k] = live[nlive]
            elif r - a_start[slot] >= horizon:
                a_start[slot] = -1
                nlive -= 1
                live[k] = live[nlive]
            else:
                k += 1
        err = _advance_row(r, g, nlive, live, runs, true, ring_mask)
        if err != OK:
            return err
        work += (nlive + 1) * (g + 1)
        r += 1
    scalars[_R] = r
    scalars[_NLIVE] = nlive
    return OK


@jit
def _state_hash(g: int, firstd: np.ndarray, dmask: np.ndarray, cmask: np.ndarray) -> int:
    x = 1469598103934665603
    for h in range(g + 1):
        x = (x ^ firstd[h]) * 1099511628211
        x = (x ^ dmask[h]) * 1099511628211
        x = (x ^ cmask[h]) * 1099511628211
    return x


@jit
def _convergence_kernel_merged(
    g: int,
    r0_start: int,
    r0_stop: int,
    horizon: int,
    budget: int,
    ring_mask: int,
    true: TrueState,
    runs: Groups,
    times: np.ndarray,
    scalars: np.ndarray,
) -> int:  # pragma: no cover - jit
    """As :func:`_convergence_kernel`, but runs in the same state at the same row merge.

    FSW's next state depends only on the state and the symbol, so two runs
    that coincide at row r coincide from then on and converge at the same
    row: they are kept as one group with a list of start rows. A group is
    dropped once its youngest member is ``horizon`` rows old; at convergence
    each member gets its own time, or -1 if that exceeds ``horizon``.
    Resumable in the same way (``scalars``: row, live and free groups, done).
    """
    index, firstd, dmask, cmask = true.index_h, true.firstd, true.dmask, true.cmask
    a_index, a_firstd, a_dmask, a_cmask = runs.index_h, runs.firstd, runs.dmask, runs.cmask
    head, tail, youngest, nxt = runs.head, runs.tail, runs.youngest, runs.nxt
    free, live, table, stamp = runs.free, runs.live, runs.table, runs.stamp
    tsize = table.shape[0]
    nlive = scalars[_NLIVE]
    nfree = scalars[_NFREE]
    r = scalars[_R]
    work = 0
    while work < budget:
        if r >= r0_stop and nlive == 0:
            scalars[_DONE] = 1
            break
        if r >= r0_start and r < r0_stop:
            nfree -= 1
            slot = free[nfree]
            i = r - r0_start
            head[slot] = i
            tail[slot] = i
            youngest[slot] = r
            _start_dummy(slot, g, index, a_index, a_firstd, a_dmask, a_cmask)
            live[nlive] = slot
            nlive += 1
        k = 0
        while k < nlive:
            slot = live[k]
            same = _same_state(slot, g, firstd, dmask, cmask, a_firstd, a_dmask, a_cmask)
            drop = False
            if same:
                i = head[slot]
                while i >= 0:
                    t = r - (r0_start + i)
                    times[i] = t if t <= horizon else -1
                    i = nxt[i]
                drop = True
            elif r - youngest[slot] >= horizon:
                drop = True
            else:  # merge with an equal group seen earlier in this row
                hv = _state_hash(g, a_firstd[slot], a_dmask[slot], a_cmask[slot])
                pos = hv & (tsize - 1)
                while stamp[pos] == r:
                    other = table[pos]
                    equal = True
                    for h in range(g + 1):
                        if (
                            a_firstd[slot, h] != a_firstd[other, h]
                            or a_dmask[slot, h] != a_dmask[other, h]
                            or a_cmask[slot, h] != a_cmask[other, h]
                        ):
                            equal = False
                            break
                    if equal:
                        nxt[tail[other]] = head[slot]
                        tail[other] = tail[slot]
                        if youngest[slot] > youngest[other]:
                            youngest[other] = youngest[slot]
                        drop = True
                        break
                    pos = (pos + 1) & (tsize - 1)
                if not drop:
                    stamp[pos] = r
                    table[pos] = slot
            if drop:
                free[nfree] = slot
                nfree += 1
                nlive -= 1
                live[k] = live[nlive]
            else:
                k += 1
        err = _advance_row(r, g, nlive, live, runs, true, ring_mask)
        if err != OK:
            return err
        work += (nlive + 1) * (g + 1)
        r += 1
    scalars[_R] = r
    scalars[_NLIVE] = nlive
    scalars[_NFREE] = nfree
    return OK


#: FSW steps (one row of one run, up to g + 1 values) per kernel call (the Ctrl-C
#: protocol, :mod:`floor.interrupt`): 2^20 steps of 0.05-0.1 us per value at g <= 30,
#: a few tens of ms.
STEPS_PER_CALL = 1 << 20


def _plain_runs(g: int, horizon: int) -> Runs:
    """The dummy runs of :func:`_convergence_kernel` before the first: every slot free."""
    slots = horizon + 1
    index_h, firstd, dmask, cmask = (np.zeros((slots, g + 1), np.int64) for _ in range(4))
    start, live = np.full(slots, -1, np.int64), np.zeros(slots, np.int64)
    return Runs(index_h, firstd, dmask, cmask, start, live)


def _merged_runs(g: int, horizon: int, starts: int) -> Groups:
    """The groups of :func:`_convergence_kernel_merged` before the first: every slot free."""
    slots = horizon + 2
    index_h, firstd, dmask, cmask = (np.zeros((slots, g + 1), np.int64) for _ in range(4))
    head = np.full(slots, -1, np.int64)  # member lists: start rows - r0_start
    tail = np.full(slots, -1, np.int64)
    youngest = np.zeros(slots, np.int64)
    nxt = np.full(max(starts, 1), -1, np.int64)
    free = np.arange(slots)[::-1].copy()
    live = np.zeros(slots, np.int64)
    tsize = 16
    while tsize < 2 * slots:
        tsize *= 2
    table = np.full(tsize, -1, np.int64)
    stamp = np.full(tsize, -1, np.int64)
    states = (index_h, firstd, dmask, cmask)
    return Groups(*states, head, tail, youngest, nxt, free, live, table, stamp)


def _ring_size(rows: int) -> int:
    """A power of two above the span of live columns (< 0.62 rows + 64)."""
    need = int(0.62 * rows) + 1024
    return 1 << max(10, need.bit_length())


def _raise(err: int, what: str) -> None:
    """OverflowError for a failed :class:`FswCode` (from ``what``); nothing for OK."""
    if err == FswCode.SPAN_OVERFLOW:
        raise OverflowError(f"{what}: a state set spans more than {_BITS} diagonals")
    if err == FswCode.RING_FULL:  # pragma: no cover - the ring is sized from the bound
        raise OverflowError(f"{what}: column ring buffer too small")


@dataclass
class TrueRows:
    """The true state and symbol of rows 0..rows-1 (arrays; see module docstring).

    ``insert[r]`` has bit h set iff h is in insert(r); the state arrays are
    ``[rows, g + 1]`` and absolute (``index_h(r)``, ``firstd_h(r)``, masks).
    """

    g: int
    insert: np.ndarray
    index: np.ndarray
    firstd: np.ndarray
    dmask: np.ndarray
    cmask: np.ndarray

    def state_sets(self, r: int) -> tuple[list[int], list[int], list[set[int]], list[set[int]]]:
        """Row r's state as (index, firstd, ocdiag, occol), unnormalized sets."""
        out: tuple[list[int], list[int], list[set[int]], list[set[int]]] = ([], [], [], [])
        for h in range(self.g + 1):
            f = int(self.firstd[r, h])
            out[0].append(int(self.index[r, h]))
            out[1].append(f)
            out[2].append({f + j for j in range(_BITS) if (int(self.dmask[r, h]) >> j) & 1})
            out[3].append({f + j for j in range(_BITS) if (int(self.cmask[r, h]) >> j) & 1})
        return out


def true_rows(g: int, rows: int) -> TrueRows:
    """The true state and ``insert(r)`` of every row r < rows (one WSG pass).

    Parameters
    ----------
    g : int
        Largest Grundy value, 0 <= g <= 62.
    rows : int
        Number of rows.

    Returns
    -------
    TrueRows

    Examples
    --------
    >>> t = true_rows(2, 9)
    >>> [int(s) for s in t.insert[:5]]  # bit h: h in insert(r)
    [7, 5, 2, 7, 3]
    >>> t.state_sets(8)[2][2]  # ocdiag_2(8) = {d - index_0(8)} + index_0(8)
    {5, 6}
    """
    g = _check_g("true_rows", g)
    rows = _check_int("true_rows", "rows", rows)
    check_memory(rows * (g + 1) * 32 + (g + 1) * _ring_size(rows) * 8, f"true_rows({g}, {rows})")
    sym = np.zeros(rows, np.int64)
    arrays = [np.zeros((rows, g + 1), np.int64) for _ in range(4)]
    ring_size = _ring_size(rows)
    state = _true_state(g, ring_size)

    def block(r_lo: int, r_hi: int) -> tuple[Step, int]:
        _raise(call(_true_pass, g, r_lo, r_hi, ring_size - 1, state, sym, *arrays), "true_rows")
        return Step.DONE, r_hi

    run_blocks(block, rows, size=max(1, STEPS_PER_CALL // (g + 1) ** 2))
    return TrueRows(g, sym, *arrays)


def convergence_times(
    g: int, r0_start: int, r0_stop: int, horizon: int | None = None, *, merge: bool = True
) -> np.ndarray:
    """Rows to convergence of FSW from the dummy state, start rows r0_start..r0_stop-1.

    Chunkable: ``convergence_times(g, 0, N)`` equals the concatenation of
    the results on any split of ``[0, N)``. Each call recomputes the true
    pass from row 0 (cheap: one FSW step per row), then runs the start
    rows of its chunk in lockstep with it.

    Parameters
    ----------
    g : int
        Largest Grundy value, 0 <= g <= 62.
    r0_start, r0_stop : int
        The start rows, ``0 <= r0_start <= r0_stop``.
    horizon : int, optional
        Give up on a run after this many rows (time -1); default
        :func:`default_horizon`.
    merge : bool
        Merge runs that reach the same state in the same row (they agree
        from then on); False runs every start row separately (same result,
        slower; kept for cross-checks).

    Returns
    -------
    numpy.ndarray of int64
        ``times[i]`` for start row ``r0_start + i`` (-1: no convergence
        within ``horizon`` rows, a counterexample to Conjecture 3.10 with
        R_g = horizon).

    Raises
    ------
    ValueError
        For bad arguments.
    OverflowError
        If a state set outgrows the 63-bit masks.

    Examples
    --------
    >>> convergence_times(1, 0, 13).tolist()
    [0, 2, 1, 0, 6, 1, 0, 0, 0, 0, 0, 0, 11]
    >>> int(convergence_times(1, 2201, 2202)[0])  # 000 Table 5
    45
    """
    g = _check_g("convergence_times", g)
    r0_start = _check_int("convergence_times", "r0_start", r0_start)
    r0_stop = _check_int("convergence_times", "r0_stop", r0_stop, r0_start)
    if horizon is None:
        horizon = default_horizon(g)
    horizon = _check_int("convergence_times", "horizon", horizon)
    rows = r0_stop + horizon + 1
    ring = _ring_size(rows)
    check_memory(
        (r0_stop - r0_start) * 8 + (g + 1) * (ring + 4 * (horizon + 1)) * 8,
        f"convergence_times(g={g}, rows {r0_start}..{r0_stop})",
    )
    times = np.full(r0_stop - r0_start, -1, np.int64)
    kernel: Any
    runs: Runs | Groups
    if merge:
        kernel, runs = _convergence_kernel_merged, _merged_runs(g, horizon, r0_stop - r0_start)
    else:
        kernel, runs = _convergence_kernel, _plain_runs(g, horizon)
    state = _true_state(g, ring)
    scalars = np.zeros(4, np.int64)
    scalars[_NFREE] = horizon + 2

    def block(lo: int, hi: int) -> tuple[Step, int]:
        # rows from scalars[_R] (= lo) until the budget is spent or every run has ended
        # (by row r0_stop + horizon = rows - 1 at the latest)
        args = (g, r0_start, r0_stop, horizon, STEPS_PER_CALL, ring - 1, state, runs, times)
        _raise(call(kernel, *args, scalars), "convergence_times")
        return (Step.DONE, hi) if scalars[_DONE] else (Step.PAUSED, int(scalars[_R]))

    run_blocks(block, rows, size=rows)
    if not scalars[_DONE]:  # pragma: no cover - every run ends by row rows - 1
        raise RuntimeError(f"convergence_times: runs still live at row {rows}")
    return times
