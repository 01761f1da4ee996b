"""P-positions row by row (numba): the twin of :mod:`reference.row_greedy`.

Same rules (:class:`reference.row_greedy.GreedyRule`), same answer
(:class:`reference.row_greedy.RowPoints`), same order of decisions: rows in
order, layers in order, cells y >= x of a row from left to right until the
row holds k P-positions. What differs is how the occupied cells are
skipped. The P-options of a cell (x, x + d) are

* the row's own P-positions to the left (the mirrors below the diagonal,
  ``colc[x]`` of them, and those found so far in the row),
* ``colc[x + d]``: the P-positions (r, x + d), r < x, in its column,
* ``A(d)``: the P-positions on the diagonal rays, d + p - q for each ray
  (p, q), in the rows the ray reaches,
* a few more, known exactly in the row: a ray with p = 0 reaching the
  row's own P-positions, and the passes to earlier layers of the cell.

``colc`` (per column) and ``A`` (per diagonal) only grow, so each is kept
in a min-tree (a segment tree of minima): "the first column >= c whose
count is <= i" is a walk down the tree. The first cell of cost < t is
found, for each split i + j = t - 1, by alternating "first diagonal with
A <= j" and "first column with colc <= i" until both agree; the exact
cost of that candidate (the few extra options added) decides it. Where
the two sets interleave densely (the alternation would step a few cells
at a time: k-blocking for k = 2, 6, ...), a stretch of the two is read
instead as bitsets, 64 cells a word (one bitset per threshold level i or
j, the column one read at the shift x). Cells with d < max(q - p) (where
a diagonal ray reads mirrors below the main diagonal) are decided exactly
from the last rows kept in a ring.

Memory: per layer :data:`BYTES_PER_LEAF` bytes per tree leaf and k / 4
more for the bitsets, the leaves a power of two above the largest column
reached (about 2.6 rows for Wythoff's rays with k <= 20): :func:`state_bytes`.
The trees grow (doubling) when a row reaches their end. Each kernel call
decides a block of rows and returns, so Ctrl-C and progress are served
between blocks (well under a second).

Examples
--------
>>> from reference.row_greedy import GreedyRule
>>> p_positions(GreedyRule(diagonals=((1, 1),)), 6).pairs(0)
[(0, 0), (1, 2), (3, 5), (4, 7)]
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from typing import Any

import numpy as np

import fast.engine
from fast._bits import ALL_ONES, ONE, lowest_zero_bit
from fast._game_protocol import EngineGame, Piles, Rays, TwoPileForm
from fast._greedy import _pow2_at_least
from fast._jit import check_int64_range, jit
from floor.blocks import Pace, Step, run_blocks
from floor.interrupt import call
from floor.memory import check_memory
from reference.row_greedy import GreedyRule, RowPoints

__all__ = [
    "BLOCK_SECONDS",
    "BYTES_PER_LEAF",
    "GreedyState",
    "cost",
    "covers",
    "greedy_rule",
    "p_positions",
    "row_blocks",
    "seconds",
    "state_bytes",
]

#: A kernel call decides rows for about this long before it returns to Python.
BLOCK_SECONDS = 0.1
#: Bytes of state per tree leaf and layer: 2 (int8 column tree) + 8 (int32 diagonal
#: tree) + 4 (int32 diagonal counts); the bitsets add 2 k bits.
BYTES_PER_LEAF = 14
#: Where the alternation steps fewer than this many cells, a stretch of SCAN_WORDS
#: words of the two bitsets is read instead.
DENSE_STEP = 256
SCAN_WORDS = 64
# --- Measured constants: the registry's cost model reads them (registry/ppositions.py). ------
#: Seconds per row and layer ~ ROW_SECONDS * k * (1 + rows / ROWS_SCALE) (x86_64, 2 cores,
#: load 6, 2026-11-26, 10^6 rows: wythoff 0.13 us, wythoff-pass 0.27 us (2 layers),
#: a-wythoff:2 0.23 us; 10^5 rows: blocking-wythoff:6 1.1 us, :20 6.7 us; the k-blocking
#: rows grow slower past 10^6 rows, about 45 us a row at 10^7 for k = 6: the formula is above).
ROW_SECONDS = 5e-7
ROWS_SCALE = 2e6
# ------------------------------------------------------------------------------------------


def seconds(rule: GreedyRule, rows: int) -> float:
    """Estimated seconds of :func:`p_positions` for ``rows`` rows (the measured constants).

    Examples
    --------
    >>> round(seconds(GreedyRule(diagonals=((1, 1),)), 10**6), 2)
    0.75
    """
    return rows * rule.layers * ROW_SECONDS * rule.k * (1 + rows / ROWS_SCALE)


def state_bytes(rule: GreedyRule, rows: int) -> int:
    """Bytes of the greedy's state for ``rows`` rows (before any tree grows).

    Two trees (int8 column counts, int32 diagonal sums, two nodes per leaf
    each) and the raw diagonal counts (int32), per layer:
    :data:`BYTES_PER_LEAF` bytes per leaf, the leaves the power of two above
    3 * rows + 64 (Wythoff-like rules reach columns up to about 2.6 rows).

    Examples
    --------
    >>> state_bytes(GreedyRule(diagonals=((1, 1),), layers=2, passes=((), (0,))), 10**7) // 2**20
    912
    """
    leaves = _pow2_at_least(3 * rows + 64)
    bitsets = 2 * rule.k * (leaves // 8 + 16)
    return rule.layers * (BYTES_PER_LEAF * leaves + bitsets) + 8 * rule.layers * rule.reach * rule.k


def cost(rule: GreedyRule, rows: int) -> tuple[float, int]:
    """:func:`seconds` and :func:`state_bytes` of ``rows`` rows (the registry's cost model)."""
    return seconds(rule, rows), state_bytes(rule, rows)


class GreedyState:
    """The greedy's state after some rows: trees, diagonal counts, the last rows' points.

    Parameters
    ----------
    rule : GreedyRule
    rows : int
        The rows it is sized for (the trees grow if a row needs more).
    """

    def __init__(self, rule: GreedyRule, rows: int) -> None:
        self.rule = rule
        self.next_row = 0
        layers, k = rule.layers, rule.k
        self.leaves = _pow2_at_least(3 * rows + 64)
        self.coltree = np.zeros((layers, 2 * self.leaves), dtype=np.int8)
        self.diagtree = np.zeros((layers, 2 * self.leaves), dtype=np.int32)
        self.diagc = np.zeros((layers, self.leaves), dtype=np.int32)
        # Bit c of colbits[s, i] (d of diagbits[s, j]): colc[c] <= i (A(d) <= j).
        words = self.leaves // 64 + 2
        self.colbits = np.full((layers, k, words), ALL_ONES, dtype=np.uint64)
        self.diagbits = np.full((layers, k, words), ALL_ONES, dtype=np.uint64)
        self.ring = np.full((layers, rule.reach, k), -1, dtype=np.int64)
        self.p = np.array([p for p, _ in rule.diagonals], dtype=np.int64)
        self.q = np.array([q for _, q in rule.diagonals], dtype=np.int64)
        targets = [t for s in range(layers) for t in rule.passes[s]]
        self.pass_start = np.cumsum([0] + [len(rule.passes[s]) for s in range(layers)])
        self.pass_to = np.array(targets, dtype=np.int64).reshape(len(targets))
        self.dsmall = max([0] + [q - p for p, q in rule.diagonals])
        self.max_q = max([0] + [q for _, q in rule.diagonals])

    def _grow(self) -> None:
        """Double the trees (their leaves kept, the minima rebuilt)."""
        old, new = self.leaves, 2 * self.leaves
        check_memory(
            BYTES_PER_LEAF * new * self.rule.layers, f"the row greedy's trees of {new:,} leaves"
        )
        for name, dtype in (("coltree", np.int8), ("diagtree", np.int32)):
            tree = np.zeros((self.rule.layers, 2 * new), dtype=dtype)
            tree[:, new : new + old] = getattr(self, name)[:, old : 2 * old]
            level = new
            while level > 1:
                half = level // 2
                pairs = tree[:, level : 2 * level].reshape(self.rule.layers, half, 2)
                tree[:, half:level] = pairs.min(axis=2)
                level = half
            setattr(self, name, tree)
        diagc = np.zeros((self.rule.layers, new), dtype=np.int32)
        diagc[:, :old] = self.diagc
        self.diagc = diagc
        for name in ("colbits", "diagbits"):
            bits = getattr(self, name)
            grown = np.full((*bits.shape[:2], new // 64 + 2), ALL_ONES, dtype=np.uint64)
            grown[:, :, : old // 64] = bits[:, :, : old // 64]
            setattr(self, name, grown)
        self.leaves = new

    def advance(self, stop: int) -> np.ndarray:
        """Decide rows ``next_row .. stop - 1``; return their columns.

        ``cols[i, s, j]``: the j-th column y >= r of a P-position (r, y) of
        layer s, r = next_row + i, ascending; -1 past the row's last.
        """
        if not self.next_row <= stop:
            raise ValueError(f"advance: stop must be >= {self.next_row} (stop = {stop})")
        rule = self.rule
        first = self.next_row
        cols = np.full((stop - first, rule.layers, rule.k), -1, dtype=np.int64)

        def block(lo: int, hi: int) -> tuple[Step, int]:
            done = int(
                call(
                    _rows, lo, hi, first, rule.k, rule.layers, self.p, self.q,
                    self.pass_start, self.pass_to, rule.from_origin, self.dsmall, self.max_q,
                    self.leaves, self.coltree, self.diagtree, self.diagc, self.ring, cols,
                    self.colbits, self.diagbits,
                )
            )  # fmt: skip
            if done < hi:  # a row reached the trees' end: grow, decide that row again
                self._grow()
                return Step.GROWN, done
            return Step.DONE, hi

        run_blocks(block, stop, start=first, size=stop - first)
        self.next_row = stop
        return cols


def _check_forms(game: EngineGame, name: str) -> None:
    """ValueError unless ``game`` is a two-pile game (or its states) of ``move_rays`` alone."""
    if not isinstance(game, Piles) or game.arity not in (2, 3):  # a sum has none
        raise ValueError(f"{name}: the greedy over rows is for two-pile games (and their states)")
    if isinstance(game, TwoPileForm):
        for label, value in (
            ("compiled_followers", game.compiled_followers),
            ("compiled_regions", game.compiled_regions),
            ("compiled_terminal", game.compiled_terminal),
        ):
            if value is not None:
                raise ValueError(
                    f"{name}: the greedy over rows takes move_rays alone ({label} is set)"
                )


def _diagonals(name: str, given: Any, compiled: list[list[int]]) -> list[tuple[int, int]]:
    """The diagonal rays (p, q) of the compiled rays (``given``: the game's ``move_rays``);
    ValueError unless the rest are the row and the column, without guards."""
    row = column = False
    diagonals: list[tuple[int, int]] = []
    for ray, (p, q, a, b, guard) in zip(given, compiled, strict=True):
        if guard:
            raise ValueError(
                f"{name}: the greedy over rows needs rays without guards (move_rays entry {ray!r})"
            )
        if (p, q, a, b) == (0, 1, 0, 1):
            row = True
        elif (p, q, a, b) == (1, 0, 1, 0):
            column = True
        elif (a, b) == (1, 1):
            diagonals.append((p, q))
        else:
            raise ValueError(
                f"{name}: the greedy over rows takes the row, the column and diagonal rays "
                f"(p, q, 1, 1) only (move_rays entry {ray!r})"
            )
    if not (row and column):
        raise ValueError(
            f"{name}: the greedy over rows needs every move along the row and the column "
            "(the rays (0, 1) and (1, 0))"
        )
    return diagonals


def greedy_rule(game: EngineGame) -> GreedyRule:
    """The greedy's rule for a game, read from its compiled form; ValueError says why not.

    The greedy over rows is sound for a game whose compiled form
    (:func:`fast.engine.compiled_rule`) is ``move_rays`` alone, made of the
    whole row to the left, the whole column below and diagonal rays
    (p, q, 1, 1), symmetric, without guards, follower lists, regions or a
    terminal set; its outcome rule the mex (P-positions) or a counting rule
    (k-blocking; then no two rays may share a follower); a state's moves,
    passes to earlier states at the same cell. Wythoff, a-Wythoff, NimHof's
    {[1,0], [0,1], [1,1]}, Wythoff with K passes and k-blocking Wythoff have
    that shape; why the greedy is sound is in :mod:`reference.row_greedy`.
    The rule is read from the game object's compiled form (checked against
    its ``followers`` on a sample, :func:`fast.engine.verify_rule`), never
    from its name.

    Raises
    ------
    ValueError
        The game's rule is not of the greedy's shape: one line naming what is not.

    Examples
    --------
    >>> import spec
    >>> greedy_rule(spec.get_game("wythoff-pass"))
    GreedyRule(diagonals=((1, 1),), k=1, layers=2, passes=((), (0,)), from_origin=False)
    >>> greedy_rule(spec.get_game("blocking-wythoff:3")).k
    3
    >>> greedy_rule(spec.get_game("r-wythoff"))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: r-wythoff: the greedy over rows needs rays without guards (move_rays entry ...)
    """
    name = game.describe()
    _check_forms(game, name)
    reason = fast.engine.covers(game)
    if reason is not None:
        raise ValueError(reason)
    compiled = fast.engine.compiled_rule(game)
    given = (game.move_rays if isinstance(game, Rays) else None) or ()
    diagonals = _diagonals(name, given, compiled.rays.tolist())
    k = compiled.k or 1
    if len(set(diagonals)) != len(diagonals):
        raise ValueError(f"{name}: a diagonal ray is given twice")
    try:
        rule = GreedyRule(tuple(sorted(diagonals)), k, compiled.layers, compiled.passes, False)
    except ValueError as error:
        raise ValueError(f"{name}: {error}") from None
    fast.engine.verify_rule(game)  # the compiled form is the definition (on a sample)
    return rule


def covers(game: EngineGame) -> str | None:
    """None if the greedy over rows answers ``game`` (:func:`greedy_rule`), else why not.

    >>> import spec
    >>> covers(spec.get_game("wythoff-pass")) is None
    True
    """
    try:
        greedy_rule(game)
    except ValueError as error:
        return str(error)
    return None


def _check(rule: Any, rows: Any) -> tuple[GreedyRule, int]:
    if not isinstance(rule, GreedyRule):
        raise ValueError(f"row greedy: rule = {rule!r} is not a GreedyRule")
    if isinstance(rows, bool) or not isinstance(rows, (int, np.integer)) or rows < 0:
        raise ValueError(f"p_positions: rows must be an int >= 0 (rows = {rows!r})")
    check_int64_range("4 * rows", 4 * int(rows) + 64)
    check_memory(state_bytes(rule, int(rows)), f"the row greedy's state for {rows:,} rows")
    return rule, int(rows)


def row_blocks(
    rule: GreedyRule,
    rows: int,
    *,
    block_seconds: float = BLOCK_SECONDS,
    progress: Callable[[int, int], None] | None = None,
) -> Iterator[tuple[int, np.ndarray]]:
    """Decide rows 0 .. rows - 1 in blocks: yield ``(r0, cols)`` per block (see ``advance``).

    Each block takes about ``block_seconds`` (its size follows the measured
    time per row), so a consumer sees Ctrl-C and shows progress between
    blocks; ``progress(rows_done, rows)`` is called after each.

    Examples
    --------
    >>> rule = GreedyRule(diagonals=((1, 1),))
    >>> [(r0, cols[:, 0, 0].tolist()) for r0, cols in row_blocks(rule, 4)]
    [(0, [0, 2, -1, 5])]
    """
    rule, rows = _check(rule, rows)
    return _blocks(GreedyState(rule, rows), rows, block_seconds, progress)


def _blocks(
    state: GreedyState,
    rows: int,
    block_seconds: float,
    progress: Callable[[int, int], None] | None,
) -> Iterator[tuple[int, np.ndarray]]:
    pace = Pace(1024, block_seconds, least=1)  # about block_seconds a block (at most 4x more)
    while state.next_row < rows:
        r0 = state.next_row
        began = time.perf_counter()
        cols = state.advance(min(rows, r0 + pace.size))
        pace.measured(time.perf_counter() - began)
        if progress is not None:
            progress(state.next_row, rows)
        yield r0, cols


def p_positions(
    rule: GreedyRule, rows: int, *, progress: Callable[[int, int], None] | None = None
) -> RowPoints:
    """The P-positions (a, b), a <= b, a < rows, of every layer: numpy arrays.

    Same contract as :func:`reference.row_greedy.p_positions`.

    Examples
    --------
    >>> rule = GreedyRule(diagonals=((1, 1),), k=3)
    >>> p_positions(rule, 3).pairs(0)
    [(0, 0), (0, 1), (0, 2), (1, 3), (1, 4), (2, 5), (2, 6)]
    """
    a: list[list[np.ndarray]] = [[] for _ in range(rule.layers)]
    b: list[list[np.ndarray]] = [[] for _ in range(rule.layers)]
    for r0, cols in row_blocks(rule, rows, progress=progress):
        for s in range(rule.layers):
            layer = cols[:, s, :]
            where = np.nonzero(layer >= 0)
            a[s].append(where[0].astype(np.int64) + r0)
            b[s].append(layer[where])
    empty = np.zeros(0, np.int64)
    first: list[Any] = [np.concatenate(parts) if parts else empty for parts in a]
    second: list[Any] = [np.concatenate(parts) if parts else empty for parts in b]
    return RowPoints(rows, first, second)


# ---------------------------------------------------------------------------
# Kernels (numba subset; NUMBA_DISABLE_JIT=1 runs them as Python).


@jit
def _first_leq(tree: np.ndarray, leaves: int, i: int, j: int) -> int:  # pragma: no cover - jit
    """The first leaf index >= i whose value is <= j, or ``leaves`` if none."""
    if i >= leaves:
        return leaves
    node = leaves + i
    if tree[node] <= j:
        return i
    while node > 1:
        if (node & 1) == 0 and tree[node + 1] <= j:
            node += 1
            while node < leaves:
                node = 2 * node if tree[2 * node] <= j else 2 * node + 1
            return node - leaves
        node >>= 1
    return leaves


@jit
def _tree_add(
    tree: np.ndarray, leaves: int, i: int, bits: np.ndarray
) -> None:  # pragma: no cover - jit
    """Add one to leaf i, restore the minima above it, clear its bit at the level it left.

    ``bits[level]`` has bit i while the leaf is <= level: a leaf that becomes
    v leaves level v - 1.
    """
    node = leaves + i
    tree[node] += 1
    level = tree[node] - 1
    if level < bits.shape[0]:
        bits[level, i >> 6] &= ~(ONE << np.uint64(i & 63))
    node >>= 1
    while node >= 1:
        low = min(tree[2 * node], tree[2 * node + 1])
        if tree[node] == low:
            break
        tree[node] = low
        node >>= 1


@jit
def _in_row(ring: np.ndarray, s: int, row: int, column: int) -> bool:  # pragma: no cover - jit
    """Whether (row, column), column >= row, of an earlier row kept in the ring is P."""
    slot = row % ring.shape[1]
    for j in range(ring.shape[2]):
        if ring[s, slot, j] == column:
            return True
    return False


@jit
def _extras(
    x: int,
    d: int,
    s: int,
    nfound: int,
    cols: np.ndarray,
    i: int,
    p: np.ndarray,
    q: np.ndarray,
    pass_start: np.ndarray,
    pass_to: np.ndarray,
    from_origin: bool,
) -> int:  # pragma: no cover - jit
    """P-options of (x, x + d) in row x itself: rays with p = 0, and the passes."""
    y = x + d
    count = 0
    for r in range(p.shape[0]):
        if p[r] == 0:
            for j in range(nfound):
                if cols[i, s, j] == y - q[r]:
                    count += 1
    if x != 0 or y != 0 or from_origin:
        for e in range(pass_start[s], pass_start[s + 1]):
            t = pass_to[e]
            for j in range(cols.shape[2]):
                if cols[i, t, j] == y:
                    count += 1
    return count


@jit
def _exact(
    x: int,
    d: int,
    s: int,
    lower: int,
    nfound: int,
    cols: np.ndarray,
    i: int,
    p: np.ndarray,
    q: np.ndarray,
    pass_start: np.ndarray,
    pass_to: np.ndarray,
    from_origin: bool,
    leaves: int,
    coltree: np.ndarray,
    diagc: np.ndarray,
    ring: np.ndarray,
) -> int:  # pragma: no cover - jit
    """The P-options of (x, x + d) counted ray by ray (the reference's count)."""
    y = x + d
    count = lower + nfound + coltree[s, leaves + y]
    for r in range(p.shape[0]):
        big_d = d + p[r] - q[r]
        # D >= 0: the P-positions (u, u + D), u <= x - p; D < 0: the mirrors of the
        # points (u, u + e) on diagonal e = -D with u <= x - p - e.
        e = abs(big_d)
        last = x - p[r] - (e if big_d < 0 else 0)
        count += diagc[s, e]
        for u in range(max(0, last + 1), x):  # the rows past the ray's reach
            if _in_row(ring, s, u, u + e):
                count -= 1
    count += _extras(x, d, s, nfound, cols, i, p, q, pass_start, pass_to, from_origin)
    return int(count)


@jit
def _scan(
    colbits: np.ndarray, diagbits: np.ndarray, x: int, d: int, stop: int
) -> int:  # pragma: no cover - jit
    """The first d' in [d, stop) with column bit x + d' and diagonal bit d' both set, or -1."""
    w = d >> 6
    while (w << 6) < stop:
        c = x + (w << 6)
        off = np.uint64(c & 63)
        column = colbits[c >> 6] >> off
        if off:
            column |= colbits[(c >> 6) + 1] << (np.uint64(64) - off)
        word = diagbits[w] & column
        if w == d >> 6:
            word &= ~((ONE << np.uint64(d & 63)) - ONE)  # the cells before d
        if word:
            found = (w << 6) + lowest_zero_bit(~word)
            return found if found < stop else -1
        w += 1
    return -1


@jit
def _search(
    x: int,
    d: int,
    t: int,
    s: int,
    leaves: int,
    coltree: np.ndarray,
    diagtree: np.ndarray,
    colbits: np.ndarray,
    diagbits: np.ndarray,
) -> int:  # pragma: no cover - jit
    """The first d' >= d with colc[x + d'] + A(d') <= t - 1 (``leaves`` if beyond the trees)."""
    best = leaves
    for i in range(t):
        j = t - 1 - i
        dd = d
        while dd < best:
            dd = _first_leq(diagtree[s], leaves, dd, j)
            if dd >= best or x + dd >= leaves:
                break
            c = _first_leq(coltree[s], leaves, x + dd, i)
            if c >= leaves:
                dd = leaves
                break
            if c - x == dd:
                best = dd
                break
            if c - x - dd < DENSE_STEP:  # dense interleaving: read a stretch as bitsets
                stop = min(best, dd + 64 * SCAN_WORDS, leaves - x - 1)
                hit = _scan(colbits[s, i], diagbits[s, j], x, dd, stop)
                if hit >= 0:
                    best = hit
                    break
                dd = stop
            else:
                dd = c - x
    return best


@jit
def _rows(
    start: int,
    stop: int,
    first: int,
    k: int,
    layers: int,
    p: np.ndarray,
    q: np.ndarray,
    pass_start: np.ndarray,
    pass_to: np.ndarray,
    from_origin: bool,
    dsmall: int,
    max_q: int,
    leaves: int,
    coltree: np.ndarray,
    diagtree: np.ndarray,
    diagc: np.ndarray,
    ring: np.ndarray,
    cols: np.ndarray,
    colbits: np.ndarray,
    diagbits: np.ndarray,
) -> int:  # pragma: no cover - jit
    """Decide rows start .. stop - 1 (``cols`` row i is row first + i); return the next row.

    Returns early, at the row that reached the trees' end (before changing
    anything for it), so the caller grows the trees and calls again.
    """
    reach = ring.shape[1]
    for x in range(start, stop):
        i = x - first
        for s in range(layers):
            for j in range(k):
                cols[i, s, j] = -1
            lower = coltree[s, leaves + x]
            nfound = 0
            d = 0
            while lower + nfound < k and d < dsmall:
                exact = _exact(
                    x, d, s, lower, nfound, cols, i, p, q, pass_start, pass_to, from_origin,
                    leaves, coltree, diagc, ring,
                )  # fmt: skip
                if exact < k:
                    cols[i, s, nfound] = x + d
                    nfound += 1
                d += 1
            while lower + nfound < k:
                d = _search(
                    x, d, k - lower - nfound, s, leaves, coltree, diagtree, colbits, diagbits
                )
                if x + d + max_q + 1 >= leaves:
                    return x
                cost = lower + nfound + coltree[s, leaves + x + d] + diagtree[s, leaves + d]
                cost += _extras(x, d, s, nfound, cols, i, p, q, pass_start, pass_to, from_origin)
                if cost < k:
                    cols[i, s, nfound] = x + d
                    nfound += 1
                d += 1
        for s in range(layers):  # row x is decided: its points join the counts
            slot = x % reach
            for j in range(k):
                y = cols[i, s, j]
                ring[s, slot, j] = y
                if y > x:
                    _tree_add(coltree[s], leaves, y, colbits[s])
                if y >= 0:
                    diagc[s, y - x] += 1
            for r in range(p.shape[0]):  # rays reach row u from row u + max(p, 1) on
                u = x + 1 - max(p[r], 1)
                if u < 0:
                    continue
                for j in range(k):
                    y = ring[s, u % reach, j]
                    if y >= 0:
                        dd = y - u - p[r] + q[r]
                        if dd >= 0:
                            _tree_add(diagtree[s], leaves, dd, diagbits[s])
    return stop
