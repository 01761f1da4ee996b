"""The engine's numba kernels, and the templates of a rule's generated kernels.

Compiled once (``cache=True``, the numba subset: ``NUMBA_DISABLE_JIT=1``
runs them as Python):

* the checks of one follower or region against its cell
  (:func:`_follower_code`, :func:`_region_code`) and of a ray's guard;
* the rays' step of a cell (:func:`_rays_step`: each ray's new cell added to
  its line, the active lines listed, the walked rays' values in the
  scratch) and the mex (:func:`_mex_store`);
* the tables of a game given by rays only: :func:`_fill_rays` (the mex) and
  :func:`_fill_count` (a counting rule).

Templates, compiled per rule (:mod:`fast.engine.codegen`): :func:`fill` (the
table of a rule with a follower, region or terminal function) and
:func:`terminal_mask`. Their globals ``_SINK``, ``_FOLLOWERS``, ``_REGIONS``
and ``_TERMINAL`` name the rule's functions; the generated module binds them.

A kernel's return code is a :class:`KernelCode`; the jitted code uses the
plain ints named after it below (numba compiles an int global as a
constant), the Python side compares with the enum.
"""

from __future__ import annotations

from enum import IntEnum
from typing import Any, NamedTuple

import numpy as np

from fast._bits import ALL_ONES, ONE, lowest_zero_bit, set_bit
from fast._jit import jit, plain_codes
from fast._sink import make_sink, sink_result

__all__ = ["REFUSALS", "FollowerArrays", "KernelCode", "fill", "terminal_mask"]


class KernelCode(IntEnum):
    """What a kernel returns: done, a refused follower or count, or where it stopped."""

    #: Every cell asked for is computed.
    DONE = 0
    #: A follower with a negative coordinate (it leaves the board).
    LEAVES_BOARD = 1
    #: A follower with x' + y' >= x + y (a cycle, or no progress).
    NOT_SMALLER = 2
    #: A follower outside [0, x] x [0, y].
    INCREASES = 3
    #: The follower function returned a count outside 0..capacity.
    FOLLOWER_COUNT = 4
    #: A value reached the bitsets' width: they grow, the kernel resumes at the cell.
    BITSETS_FULL = 5
    #: The region function returned a count outside 0..capacity.
    REGION_COUNT = 6
    #: The work budget is spent: the kernel resumes at the cell it kept.
    BUDGET_SPENT = 7


# The codes as the jitted code returns them (plain ints, named after KernelCode).
(
    DONE,
    LEAVES_BOARD,
    NOT_SMALLER,
    INCREASES,
    FOLLOWER_COUNT,
    BITSETS_FULL,
    REGION_COUNT,
    BUDGET_SPENT,
) = plain_codes(KernelCode)

#: The refused follower's codes, and the message each gets.
REFUSALS = {
    KernelCode.LEAVES_BOARD: "leaves the board (a negative coordinate)",
    KernelCode.NOT_SMALLER: "is not smaller (x' + y' >= x + y: a cycle or no progress)",
    KernelCode.INCREASES: (
        "increases a coordinate (the engine needs followers inside [0, x] x [0, y])"
    ),
}


@jit
def _follower_code(x: int, y: int, u: int, v: int) -> int:  # pragma: no cover - jit
    """0 for a legal follower (u, v) of (x, y), else its :data:`REFUSALS` code."""
    if u < 0 or v < 0:
        return LEAVES_BOARD
    if u + v >= x + y:
        return NOT_SMALLER
    if u > x or v > y:
        return INCREASES
    return DONE


@jit
def _region_code(
    x: int, y: int, u0: int, u1: int, v0: int, v1: int
) -> tuple[int, int, int]:  # pragma: no cover - jit
    """(code, u, v): 0 for a legal (or empty) region, else its :data:`REFUSALS` code and corner."""
    if u0 >= u1 or v0 >= v1:
        return DONE, 0, 0
    if u0 < 0 or v0 < 0:
        return LEAVES_BOARD, u0, v0
    if u1 - 1 > x or v1 - 1 > y:
        return INCREASES, u1 - 1, v1 - 1
    if u1 - 1 == x and v1 - 1 == y:
        return NOT_SMALLER, x, y
    return DONE, 0, 0


@jit
def _guard_holds(code: int, x: int, y: int) -> bool:  # pragma: no cover - jit
    """Whether a ray with guard ``code`` applies at (x, y) (0: always; 1..4: x >= y, ...)."""
    return (
        code == 0
        or (code == 1 and x >= y)
        or (code == 2 and y >= x)
        or (code == 3 and x > y)
        or (code == 4 and y > x)
    )


@jit
def _line_id(u: int, v: int, a: int, b: int, rows: int, cols: int) -> int:  # pragma: no cover
    """The index of the line through (u, v) in direction (a, b), from its first cell."""
    # Steps back to the line's first cell; a, b in {0, 1} (most rules) need no division.
    ta = u if a == 1 else (u // a if a else u + v + 1)
    tb = v if b == 1 else (v // b if b else u + v + 1)
    t = min(ta, tb)
    u -= t * a
    v -= t * b
    if u < a:
        return u * cols + v
    return a * cols + v * rows + u


@jit
def _ray_start(
    rays: np.ndarray, r: int, x: int, y: int
) -> tuple[int, int, int, int, bool]:  # pragma: no cover - jit
    """Ray r's first follower (u, v) of (x, y), its step (a, b), and whether it applies there.

    (u, v) has a negative coordinate when the ray has no follower at (x, y).
    """
    p, q, a, b, guard = rays[r, 0], rays[r, 1], rays[r, 2], rays[r, 3], rays[r, 4]
    return x - p, y - q, a, b, _guard_holds(guard, x, y)


@jit
def _rays_step(
    x: int,
    y: int,
    rays: np.ndarray,
    dense: np.ndarray,
    line_base: np.ndarray,
    bits: np.ndarray,
    line_mex: np.ndarray,
    scratch: np.ndarray,
    out: np.ndarray,
    active: np.ndarray,
) -> tuple[int, int, int]:  # pragma: no cover - jit
    """Add each ray's new cell to its line; list the active lines; fill the scratch.

    Returns (mex start, number of active lines, highest scratch word used).
    """
    rows, cols = out.shape
    limit = 64 * bits.shape[0]
    start = 0
    count = 0
    top = -1
    for r in range(rays.shape[0]):
        u, v, a, b, on = _ray_start(rays, r, x, y)
        if u < 0 or v < 0:
            continue
        if dense[r]:
            line = line_base[r] + _line_id(u, v, a, b, rows, cols)
            value = np.int64(out[u, v])
            bits[value >> 6, line] |= ONE << np.uint64(value & 63)
            m = line_mex[line]
            # Never past the last word: a full line (every value below 64 * words)
            # stops at 64 * words, the mex then asks for wider bitsets (code 5) and
            # the line's mex goes on from there (reading beyond the array left a
            # garbage mex behind when the bitsets grew).
            while m < limit and (bits[m >> 6, line] >> np.uint64(m & 63)) & ONE:
                m += 1
            line_mex[line] = m
            if on:
                active[count] = line
                count += 1
                if m > start:
                    start = m
        elif on:
            while u >= 0 and v >= 0:
                w = set_bit(scratch, np.int64(out[u, v]))
                if w > top:
                    top = w
                if a == 0 and b == 0:
                    break
                u -= a
                v -= b
    return start, count, top


@jit
def _mex_store(
    x: int,
    y: int,
    start: int,
    count: int,
    top: int,
    bits: np.ndarray,
    active: np.ndarray,
    scratch: np.ndarray,
    out: np.ndarray,
) -> None:  # pragma: no cover - jit
    """G(x, y) = mex of the active lines and the scratch; clear the scratch."""
    w = start >> 6
    while True:
        word = scratch[w]
        for k in range(count):
            word |= bits[w, active[k]]
        if word != ALL_ONES:
            break
        w += 1
    out[x, y] = (w << 6) + lowest_zero_bit(word)
    for k in range(top + 1):
        scratch[k] = np.uint64(0)


@jit
def _fill_rays(
    rays: np.ndarray,
    dense: np.ndarray,
    line_base: np.ndarray,
    bits: np.ndarray,
    line_mex: np.ndarray,
    scratch: np.ndarray,
    out: np.ndarray,
    mask: np.ndarray,
    use_mask: bool,
    lower: np.ndarray,
    empty: int,
    c0: int,
    c1: int,
) -> int:  # pragma: no cover - jit
    """Cells c0 <= c < c1 (c = x * cols + y) of a game given by rays only (cached: no function).

    With ``use_mask``, a terminal cell (``mask[x, y]``) gets ``empty``; its cells still
    enter the rays' lines. Elsewhere, if the cell has a move in its layer, the
    values ``lower[j, x, y]`` (the earlier layers' at the cell: the passes;
    none for a game without a state) join its followers'. A cell with no move gets
    ``empty``: 0 (normal play, the mex of nothing), 1 under misère play (G⁻).
    """
    cols = out.shape[1]
    active = np.zeros(max(rays.shape[0], 1), dtype=np.int64)
    for c in range(c0, c1):
        x = c // cols
        y = c - x * cols
        start, count, top = _rays_step(
            x, y, rays, dense, line_base, bits, line_mex, scratch, out, active
        )
        if use_mask and mask[x, y] != 0:
            out[x, y] = empty
            for k in range(top + 1):
                scratch[k] = np.uint64(0)
            continue
        moves = count > 0 or top >= 0
        if moves:
            for j in range(lower.shape[0]):
                w = set_bit(scratch, np.int64(lower[j, x, y]))
                if w > top:
                    top = w
        _mex_store(x, y, start, count, top, bits, active, scratch, out)
        if not moves:
            out[x, y] = empty
    return DONE


@jit
def _fill_count(
    rays: np.ndarray,
    dense: np.ndarray,
    line_base: np.ndarray,
    counts: np.ndarray,
    out: np.ndarray,
    mask: np.ndarray,
    use_mask: bool,
    lower: np.ndarray,
    k: int,
    c0: int,
    c1: int,
) -> int:  # pragma: no cover - jit
    """Cells c0 <= c < c1 under the counting rule: 0 (P) iff fewer than k followers are 0.

    A dense ray keeps, per line, how many of the line's cells added so far
    are P-positions (the ray's followers are exactly those cells, as in
    :func:`_rays_step`); a sparse ray walks its cells. The rays never share
    a follower (:func:`compiled_rule` checks), so the sum is the number of
    P-options. ``mask`` and ``lower`` as in :func:`_fill_rays`.
    """
    rows, cols = out.shape
    for c in range(c0, c1):
        x = c // cols
        y = c - x * cols
        p_options = 0
        moves = 0
        for r in range(rays.shape[0]):
            u, v, a, b, on = _ray_start(rays, r, x, y)
            if u < 0 or v < 0:
                continue
            if dense[r]:
                line = line_base[r] + _line_id(u, v, a, b, rows, cols)
                if out[u, v] == 0:
                    counts[line] += 1
                if on:
                    p_options += counts[line]
                    moves += 1
            elif on:
                moves += 1
                while u >= 0 and v >= 0:
                    if out[u, v] == 0:
                        p_options += 1
                    if a == 0 and b == 0:
                        break
                    u -= a
                    v -= b
        if use_mask and mask[x, y] != 0:
            out[x, y] = 0
            continue
        if moves > 0:
            for j in range(lower.shape[0]):
                if lower[j, x, y] == 0:
                    p_options += 1
        out[x, y] = 0 if p_options < k else 1
    return DONE


def _no_rows(x: int, y: int, out: np.ndarray) -> int:  # pragma: no cover - jit
    """The follower or region function of a rule that has none."""
    return 0


def _no_terminal(x: int, y: int, parameters: np.ndarray) -> bool:  # pragma: no cover - jit
    """The terminal predicate of a rule without a terminal set."""
    return False


@jit
def _record(err: np.ndarray, x: int, y: int, a: int, b: int) -> None:  # pragma: no cover - jit
    """Keep a refusal's cell (x, y) and its follower or count (a, b) for the message."""
    err[0] = x
    err[1] = y
    err[2] = a
    err[3] = b


def _no_sink(x: int, y: int, out: Any) -> int:  # pragma: no cover - jit
    """The sink step of a kernel without one: -1 sends every cell to the buffer."""
    return -1


# ---------------------------------------------------------------------------
# The templates of a rule's kernels (see fast.engine.codegen).
#
# The two templates below are plain functions whose globals _SINK, _FOLLOWERS,
# _REGIONS and _TERMINAL name the rule's functions. They are never called here:
# their source is written into a generated module (fast.engine.codegen) that binds
# those names to the rule's functions (imported by name) and compiles the templates
# with numba's cache=True there, so the compiled kernel is kept next to the module.

_SINK: Any = _no_sink
_FOLLOWERS: Any = _no_rows
_REGIONS: Any = _no_rows
_TERMINAL: Any = _no_terminal


class FollowerArrays(NamedTuple):
    """The arrays of :func:`fill`, its first parameters in this order (``fill(*arrays, ...)``)."""

    #: (capacity, 2) int64: the follower function's rows.
    buffer: np.ndarray
    #: (capacity, 4) int64: the region function's rows (u0, u1, v0, v1).
    region_buffer: np.ndarray
    #: (R, 5) int64: the rays (p, q, a, b, guard code).
    rays: np.ndarray
    #: (R,) int64: 1 if the ray keeps per-line bitsets (the plan's).
    dense: np.ndarray
    #: (R,) int64: the ray's first line in ``bits`` (the plan's).
    line_base: np.ndarray
    #: (words, lines) uint64: the lines' bitsets, word-major.
    bits: np.ndarray
    #: (lines,) int64: each line's mex.
    line_mex: np.ndarray
    #: (words + 1,) uint64: the walked rays' values, cleared after each cell.
    scratch: np.ndarray
    #: (64 words,) int64: the stamps of the values marked at the cell.
    seen: np.ndarray
    #: (rows, cols) uint32: the table.
    out: np.ndarray
    #: (4,) int64: a refusal's cell and its follower or count.
    err: np.ndarray
    #: (5,) int64: the cell being computed, the last stamp, which function is called,
    #: the cells the buffer served.
    state: np.ndarray
    #: (rows, cols) uint8: the terminal cells (``use_mask``), else (1, 1).
    mask: np.ndarray
    #: (layers, rows, cols) uint32: the earlier layers' values at the cell (the passes).
    lower: np.ndarray


def fill(
    buffer: np.ndarray,
    region_buffer: np.ndarray,
    rays: np.ndarray,
    dense: np.ndarray,
    line_base: np.ndarray,
    bits: np.ndarray,
    line_mex: np.ndarray,
    scratch: np.ndarray,
    seen: np.ndarray,
    out: np.ndarray,
    err: np.ndarray,
    state: np.ndarray,
    mask: np.ndarray,
    lower: np.ndarray,
    stop: int,
    use_mask: bool,
    empty: int,
    budget: int,
) -> int:  # pragma: no cover - jit (a template: see fast.engine.codegen)
    """Rows up to ``stop`` (exclusive) of the table of a game with a follower function.

    Starts at the cell ``state[:2]`` and keeps it there while it works, so that
    the caller can resume after growing a buffer (the follower or region
    function, ``state[3]`` says which, raised IndexError) or the bitsets
    (``BITSETS_FULL``), or after ``budget`` followers (``BUDGET_SPENT``). The
    followers' values are marked in ``seen`` with a per-cell stamp (one store
    each, nothing to clear): first through the sink, and only if the sink
    flags the cell (or there is none) through the buffer, under a new stamp,
    with the checks and error codes below. A region (u0, u1, v0, v1) is every
    (u, v) with u0 <= u < u1, v0 <= v < v1: checked at its corners, then read
    row by row. A terminal cell (``mask``), and a cell with no move, gets ``empty`` (0; 1
    under misère play) and no follower; elsewhere
    the earlier layers' values ``lower[j, x, y]`` join the followers' when the
    cell has a move. The mex reads the rays' line bitsets and the scratch word
    by word and the stamps at the free bits. Returns a :class:`KernelCode`
    (``err`` holds a refusal's cell and its follower or count).
    """
    cols = out.shape[1]
    words = bits.shape[0]
    active = np.zeros(max(rays.shape[0], 1), dtype=np.int64)
    x0 = state[0]
    y0 = state[1]
    stamp = state[2]
    use_sink = True
    work = 0
    for x in range(x0, stop):
        for y in range(y0 if x == x0 else 0, cols):
            state[0] = x
            state[1] = y
            if work >= budget:
                return BUDGET_SPENT
            state[3] = 0
            stamp += 1
            state[2] = stamp
            moves = 0
            terminal = use_mask and mask[x, y] != 0
            if not terminal:
                flag = 1
                n = 0
                if use_sink:
                    sink = make_sink(out, seen, x, y, stamp)
                    n = _SINK(x, y, sink)
                    marked, flag = sink_result(sink)
                    if n != marked:
                        flag = 1
                    # One flagged cell (an irregular or refused write) and the
                    # rest of the table goes by the buffer alone.
                    use_sink = flag == 0
                if flag:
                    stamp += 1  # forget the sink's marks
                    state[2] = stamp
                    state[4] += 1
                    n = _FOLLOWERS(x, y, buffer)
                    if n < 0 or n > buffer.shape[0]:
                        _record(err, x, y, n, buffer.shape[0])
                        return FOLLOWER_COUNT
                    for j in range(np.uint64(n)):
                        u = buffer[j, 0]
                        v = buffer[j, 1]
                        if u < 0 or v < 0 or u > x or v > y or u + v >= x + y:
                            _record(err, x, y, u, v)
                            return _follower_code(x, y, u, v)
                        seen[out[np.uint64(u), np.uint64(v)]] = stamp
                moves += n
                work += n
                state[3] = 1
                m = _REGIONS(x, y, region_buffer)
                if m < 0 or m > region_buffer.shape[0]:
                    _record(err, x, y, m, region_buffer.shape[0])
                    return REGION_COUNT
                for j in range(m):
                    u0 = region_buffer[j, 0]
                    u1 = region_buffer[j, 1]
                    v0 = region_buffer[j, 2]
                    v1 = region_buffer[j, 3]
                    code, cu, cv = _region_code(x, y, u0, u1, v0, v1)
                    if code:
                        _record(err, x, y, cu, cv)
                        return code
                    if u0 >= u1 or v0 >= v1:  # empty (as unsigned numbers it might not be)
                        continue
                    moves += 1
                    work += (u1 - u0) * (v1 - v0)
                    # Checked: unsigned indices, so numba adds no negative-index wraparound
                    # (which costs about 3x in this loop).
                    for u in range(np.uint64(u0), np.uint64(u1)):
                        for v in range(np.uint64(v0), np.uint64(v1)):
                            seen[out[u, v]] = stamp
            start, count, top = _rays_step(
                x, y, rays, dense, line_base, bits, line_mex, scratch, out, active
            )
            work += count + 1
            if terminal or (moves == 0 and count == 0 and top < 0):
                out[x, y] = empty
                for k in range(top + 1):
                    scratch[k] = np.uint64(0)
                continue
            if moves > 0 or count > 0 or top >= 0:
                for j in range(lower.shape[0]):
                    seen[lower[j, x, y]] = stamp
            w = start >> 6
            found = -1
            while found < 0:
                if w >= words:
                    return BITSETS_FULL
                word = scratch[w]
                for k in range(count):
                    word |= bits[w, active[k]]
                while word != ALL_ONES:
                    b = lowest_zero_bit(word)
                    if seen[(w << 6) + b] != stamp:
                        found = (w << 6) + b
                        break
                    word |= ONE << np.uint64(b)
                w += 1
            out[x, y] = found
            for k in range(top + 1):
                scratch[k] = np.uint64(0)
    state[0] = stop
    state[1] = 0
    return DONE


def terminal_mask(
    parameters: np.ndarray, x0: int, x1: int, mask: np.ndarray, state: np.ndarray
) -> int:  # pragma: no cover - jit (a template: see fast.engine.codegen)
    """Rows x0 <= x < x1 of the terminal mask: ``mask[x, y] = 1`` where the predicate holds."""
    for x in range(x0, x1):
        for y in range(mask.shape[1]):
            state[0] = x
            state[1] = y
            mask[x, y] = 1 if _TERMINAL(x, y, parameters) else 0
    return 0
