"""The compiled steps of :mod:`decider.automaton` (issue 36, "Speed and memory").

Numba kernels (``cache=True``, the numba subset: ``NUMBA_DISABLE_JIT=1`` runs them as plain
Python) over integer arrays:

* :func:`bfs_order` — the states reachable from a start, in breadth-first order (letters in
  increasing order), the canonical numbering of :func:`decider.automaton.reachable`;
* :func:`product_block` — the reachable part of a product automaton, built breadth-first
  (pairs numbered at their first appearance: the same numbering as the full product followed
  by :func:`bfs_order`), in blocks of bounded work;
* :func:`refine_block` — Valmari and Lehtinen's partition refinement (Hopcroft's algorithm
  with blocks of states and *cords* of transitions; A. Valmari, P. Lehtinen, "Efficient
  minimization of DFAs with partial transition functions", STACS 2008), in blocks of
  bounded work; the coarsest partition compatible with acceptance and the transitions;
* :func:`subset_block` — the subset construction after erasing a tape, the subsets kept
  sorted in one flat array and found again through an open-addressing hash table;
  :func:`nfa_subset_block` the same for an automaton given by successor lists (a reversed
  one: Brzozowski's determinisation, :func:`decider.automaton.brzozowski`).

The blocked kernels (product, refinement, subsets) return to Python after about ``work``
elementary steps, resuming where they stopped from the state they keep in small arrays: the
caller checks its memory budget and a pending Ctrl-C between two blocks.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import numba
import numpy as np

F = TypeVar("F", bound=Callable[..., Any])

#: Elementary steps (a transition followed, an element marked) per kernel call: some tens of
#: milliseconds, so a Ctrl-C is seen between two calls.
WORK = 1 << 21


def jit(func: F) -> F:
    """``numba.njit(cache=True)``: the one decorator of the decider's kernels."""
    return numba.njit(cache=True)(func)  # type: ignore[return-value]


@jit
def bfs_order(delta: Any, start: int) -> Any:
    """``(order, remap)``: the states reachable from ``start`` in BFS order, and each state's
    position in it (-1 if unreachable).

    >>> import numpy as np
    >>> order, remap = bfs_order(np.array([[2, 0], [1, 1], [2, 2]]), 0)
    >>> order.tolist(), remap.tolist()
    ([0, 2], [0, -1, 1])
    """
    n, letters = delta.shape
    remap = np.full(n, -1, dtype=np.int64)
    order = np.empty(n, dtype=np.int64)
    remap[start] = 0
    order[0] = start
    count = 1
    head = 0
    while head < count:
        q = order[head]
        head += 1
        for c in range(letters):
            t = delta[q, c]
            if remap[t] < 0:
                remap[t] = count
                order[count] = t
                count += 1
    return order[:count], remap


@jit
def product_block(
    da: Any, db: Any, index: Any, pa: Any, pb: Any, delta: Any, state: Any, work: int
) -> None:
    """Continue the breadth-first product of ``da`` and ``db`` for about ``work`` steps.

    ``state = [head, count]``: the pairs ``(pa[i], pb[i])`` for ``i < count`` are numbered,
    the rows ``delta[i]`` for ``i < head`` are done.  ``index[p * nb + q]`` is the number of
    the pair ``(p, q)`` (-1: not met yet).  Stops when done, after ``work`` steps, or when
    the arrays (capacity ``len(pa)``) could not hold one more row's new pairs.
    """
    nb = db.shape[0]
    letters = da.shape[1]
    head = state[0]
    count = state[1]
    capacity = pa.shape[0]
    done = 0
    while head < count and done < work and count + letters <= capacity:
        p = pa[head]
        q = pb[head]
        for c in range(letters):
            tp = da[p, c]
            tq = db[q, c]
            key = tp * nb + tq
            s = index[key]
            if s < 0:
                s = count
                index[key] = s
                pa[s] = tp
                pb[s] = tq
                count += 1
            delta[head, c] = s
        head += 1
        done += letters
    state[0] = head
    state[1] = count


#: The rows of a refinable partition's array (Valmari and Lehtinen's names): the elements
#: grouped by set, each element's place in ``ELEMS``, its set, each set's first and past-last
#: place, its count of marked elements, the sets touched.
ELEMS, LOC, SETS, FIRST, PAST, MARKED, TOUCHED = 0, 1, 2, 3, 4, 5, 6
#: The entries of the refinement's ``meta`` array: the blocks' count and touched count, the
#: cords' count and touched count, the next block and the next cord to split by.
BLOCKS, BLOCKS_TOUCHED, CORDS, CORDS_TOUCHED, NEXT_BLOCK, NEXT_CORD = 0, 1, 2, 3, 4, 5


@jit
def _mark(e: int, part: Any, meta: Any) -> None:
    """Mark element ``e`` of the refinable partition ``part`` (moved to its set's marked
    front); ``meta = [sets, touched sets]``."""
    s = part[SETS, e]
    i = part[LOC, e]
    j = part[FIRST, s] + part[MARKED, s]
    f = part[ELEMS, j]
    part[ELEMS, i] = f
    part[LOC, f] = i
    part[ELEMS, j] = e
    part[LOC, e] = j
    if part[MARKED, s] == 0:
        part[TOUCHED, meta[1]] = s
        meta[1] += 1
    part[MARKED, s] += 1


@jit
def _split(part: Any, meta: Any) -> None:
    """Split every touched set into its marked and unmarked parts; the smaller part becomes
    the new set ``meta[0]`` (Hopcroft's "smaller half")."""
    while meta[1] > 0:
        meta[1] -= 1
        s = part[TOUCHED, meta[1]]
        j = part[FIRST, s] + part[MARKED, s]
        past = part[PAST, s]
        if j == past:
            part[MARKED, s] = 0
            continue
        z = meta[0]
        if part[MARKED, s] <= past - j:
            part[FIRST, z] = part[FIRST, s]
            part[PAST, z] = j
            part[FIRST, s] = j
        else:
            part[PAST, z] = past
            part[FIRST, z] = j
            part[PAST, s] = j
        for i in range(part[FIRST, z], part[PAST, z]):
            part[SETS, part[ELEMS, i]] = z
        part[MARKED, s] = 0
        part[MARKED, z] = 0
        meta[0] = z + 1


@jit
def refine_start(delta: Any, accept: Any, blocks: Any, cords: Any, tail: Any, adj: Any,
                 adj_first: Any, meta: Any) -> None:  # fmt: skip
    """Fill the refinement's arrays for ``delta`` (all zero on entry but ``meta``).

    The states in one block, split into accepting and rejecting; the transitions
    ``t = q * letters + c`` in one cord per letter; ``adj`` the transitions by head (a
    counting sort).  ``meta`` is set as :func:`refine_block` reads it.
    """
    n, letters = delta.shape
    for q in range(n):
        blocks[ELEMS, q] = q
        blocks[LOC, q] = q
    blocks[PAST, 0] = n
    bm = meta[BLOCKS : BLOCKS_TOUCHED + 1]
    bm[0] = 1
    for q in range(n):
        if accept[q]:
            _mark(q, blocks, bm)
    _split(blocks, bm)
    for q in range(n):
        for c in range(letters):
            t = q * letters + c
            i = c * n + q
            cords[ELEMS, i] = t
            cords[LOC, t] = i
            cords[SETS, t] = c
            tail[t] = q
            adj_first[delta[q, c] + 1] += 1
    for c in range(letters):
        cords[FIRST, c] = c * n
        cords[PAST, c] = c * n + n
    for q in range(n):
        adj_first[q + 1] += adj_first[q]
    fill = adj_first[:n].copy()
    for t in range(n * letters):
        h = delta[t // letters, t % letters]
        adj[fill[h]] = t
        fill[h] += 1
    meta[CORDS] = letters
    meta[CORDS_TOUCHED] = 0
    meta[NEXT_BLOCK] = 1
    meta[NEXT_CORD] = 0


@jit
def refine_block(blocks: Any, cords: Any, tail: Any, adj: Any, adj_first: Any, meta: Any,
                 work: int) -> None:  # fmt: skip
    """Continue the refinement for about ``work`` marks.

    ``blocks`` and ``cords`` are the refinable partitions of the states and of the
    transitions, each an array of rows :data:`ELEMS` ... :data:`TOUCHED`;
    ``tail[t]`` is transition ``t``'s source, ``adj[adj_first[q]:adj_first[q + 1]]`` the
    transitions into ``q``.  ``meta = [blocks' count, blocks' touched, cords' count, cords'
    touched, next block, next cord]``.  Done when ``meta[NEXT_BLOCK] == meta[BLOCKS]`` and
    ``meta[NEXT_CORD] == meta[CORDS]``.
    """
    bm = meta[BLOCKS : BLOCKS_TOUCHED + 1]
    cm = meta[CORDS : CORDS_TOUCHED + 1]
    done = 0
    while done < work:
        b = meta[NEXT_BLOCK]
        c = meta[NEXT_CORD]
        if b < bm[0]:
            for i in range(blocks[FIRST, b], blocks[PAST, b]):
                q = blocks[ELEMS, i]
                for j in range(adj_first[q], adj_first[q + 1]):
                    _mark(adj[j], cords, cm)
                    done += 1
            _split(cords, cm)
            meta[NEXT_BLOCK] = b + 1
        elif c < cm[0]:
            for i in range(cords[FIRST, c], cords[PAST, c]):
                q = tail[cords[ELEMS, i]]
                _mark(q, blocks, bm)
                done += 1
            _split(blocks, bm)
            meta[NEXT_CORD] = c + 1
        else:
            return
        done += 1


@jit
def _hash(members: Any, lo: int, hi: int) -> int:
    """A hash of ``members[lo:hi]`` below 2**40 (no overflow, compiled or not)."""
    h = hi - lo
    for i in range(lo, hi):
        h = (h * 1000003 + members[i]) & 0xFFFFFFFFFF
    return h


@jit
def rehash(members: Any, bounds: Any, count: int, table: Any) -> None:
    """Enter subsets ``0..count-1`` into the empty (all -1) hash ``table``."""
    mask = table.shape[0] - 1
    for s in range(count):
        h = _hash(members, bounds[s], bounds[s + 1]) & mask
        while table[h] >= 0:
            h = (h + 1) & mask
        table[h] = s


@jit
def _intern(scratch: Any, k: int, seen: Any, members: Any, bounds: Any, table: Any, used: int,
            count: int) -> Any:  # fmt: skip
    """The number of the subset ``scratch[:k]`` (its members marked in ``seen``: unmarked
    here): an earlier subset's, or ``count`` for a new one (sorted into ``members[used:]``,
    entered in ``table``, its bound set). Returns ``(number, count, used)`` after it."""
    for i in range(k):
        seen[scratch[i]] = False
    members[used : used + k] = np.sort(scratch[:k])
    mask = table.shape[0] - 1
    h = _hash(members, used, used + k) & mask
    while True:
        s = table[h]
        if s < 0:
            table[h] = count
            bounds[count + 1] = used + k
            return count, count + 1, used + k
        if bounds[s + 1] - bounds[s] == k:
            same = True
            base = bounds[s]
            for i in range(k):
                if members[base + i] != members[used + i]:
                    same = False
                    break
            if same:
                return s, count, used
        h = (h + 1) & mask


@jit
def _room(members: Any, rows: Any, table: Any, used: int, count: int, row_width: int) -> bool:
    """Whether one more row of subsets (``row_width`` members at most) fits the arrays."""
    n_letters = rows.shape[1]
    return not (
        used + n_letters * row_width > members.shape[0]
        or count + n_letters >= rows.shape[0]
        or 2 * (count + n_letters) > table.shape[0]
    )


@jit
def subset_block(delta: Any, lifts: Any, members: Any, bounds: Any, table: Any, rows: Any,
                 scratch: Any, seen: Any, state: Any, work: int) -> None:  # fmt: skip
    """Continue the subset construction for about ``work`` transitions followed.

    Subset ``i`` is ``members[bounds[i]:bounds[i + 1]]`` (sorted); ``table`` is an
    open-addressing hash table of subset numbers (-1 empty, size a power of two, kept at
    most half full by the caller); ``rows[i, c]`` is the subset reached from subset ``i`` by
    kept letter ``c`` (every erased digit, ``lifts[c]``).  ``state = [head, count, used]``
    (subsets done, subsets met, entries of ``members`` used).  Stops when done, after
    ``work`` steps, or when one more row might not fit (``members``, ``bounds``, ``rows``,
    ``table`` at their capacity): the caller grows them and calls again.
    """
    n_letters, digits = lifts.shape
    head = state[0]
    count = state[1]
    used = state[2]
    n = delta.shape[0]
    done = 0
    while head < count and done < work:
        lo = bounds[head]
        hi = bounds[head + 1]
        size = (hi - lo) * digits
        if not _room(members, rows, table, used, count, min(size, n)):
            break
        for c in range(n_letters):
            k = 0
            for i in range(lo, hi):
                q = members[i]
                for d in range(digits):
                    t = delta[q, lifts[c, d]]
                    if not seen[t]:
                        seen[t] = True
                        scratch[k] = t
                        k += 1
            s, count, used = _intern(scratch, k, seen, members, bounds, table, used, count)
            rows[head, c] = s
            done += size
        head += 1
    state[0] = head
    state[1] = count
    state[2] = used


@jit
def nfa_subset_block(offsets: Any, targets: Any, fanout: int, members: Any, bounds: Any,
                     table: Any, rows: Any, scratch: Any, seen: Any, state: Any,
                     work: int) -> None:  # fmt: skip
    """:func:`subset_block` for an automaton given by its successor lists (any
    nondeterminism: a reversed automaton's): state ``q`` reads letter ``c`` to each of
    ``targets[offsets[q * L + c]:offsets[q * L + c + 1]]`` (``L = rows.shape[1]``), at most
    ``fanout`` of them."""
    n_letters = rows.shape[1]
    n = seen.shape[0]
    head = state[0]
    count = state[1]
    used = state[2]
    done = 0
    while head < count and done < work:
        lo = bounds[head]
        hi = bounds[head + 1]
        if not _room(members, rows, table, used, count, min((hi - lo) * fanout, n)):
            break
        for c in range(n_letters):
            k = 0
            for i in range(lo, hi):
                q = members[i]
                for j in range(offsets[q * n_letters + c], offsets[q * n_letters + c + 1]):
                    t = targets[j]
                    if not seen[t]:
                        seen[t] = True
                        scratch[k] = t
                        k += 1
                    done += 1
            s, count, used = _intern(scratch, k, seen, members, bounds, table, used, count)
            rows[head, c] = s
            done += hi - lo
        head += 1
    state[0] = head
    state[1] = count
    state[2] = used
