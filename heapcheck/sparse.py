"""G(n) of a splitting octal game by the sparse-space method, in plain Python and numpy.

Written from the literature (Winning Ways ch. 4, "Sparse space spells speed"; A.
Flammenkamp's octal-game pages), independently of the project's kernels. Choose a mask m;
a value v is *rare* if the parity of the 1-bits of v & m is 0 and *common* otherwise, and
a heap a is rare if G(a) is. The XOR of two heaps' values has the parity of the sum of
their parities, so a common value (parity 1) is the XOR of a pair only if exactly one heap
of the pair is rare. Hence, for each n:

1. mark the values of the one-heap moves, and the XORs G(r) ^ G(n - k - r) over every rare
   heap r and every splitting digit k: every pair with a rare heap;
2. take the least unmarked value v: if v is common, no pair reaches it (step 1 saw every pair
   that could), so G(n) = v; if v is rare, look for a pair (a, n - k - a) with
   G(a) ^ G(n - k - a) = v (common pairs reach most rare values: the search is short); found,
   mark v and go on; not found after every pair, G(n) = v (and n is a rare heap).

Any mask gives the same values (a poor one is slow, never wrong); the mask is the one that
makes the fewest rare heaps among the values computed plainly first.

The work: step 1 for the pairs whose other heap lies before the current block of rows is
vectorised over the block and the rare heaps (numpy gathers, each row's marks a bit set);
the pairs with both heaps near n (the other heap inside the block), the one-heap moves, the
mex and the search run one n at a time in Python on small integers. That per-term part
bounds the speed: measured 2026-12-07 (x86_64, 2 cores shared, load about 10), about 1 s
of CPU per 10^5 terms of 0.354 and 1 s of 0.16; 0.376, whose rare candidates need long
searches, about 10 s. A compiled kernel is 100 times faster; no numpy formulation was found
that vectorises the recurrence across n (G(n) depends on G(n - 1) and on the heaps just
below it, and the sequences are far from periodic before their preperiod: speculating a
block's values and verifying them advanced 2.5 terms a pass on 0.354).
"""

from __future__ import annotations

import bisect

import numpy as np

__all__ = ["BLOCK", "PROBE", "RARE_SHARE", "SEARCH", "WINDOW", "choose_mask", "sparse_values"]

#: Rows of a block (step 1 vectorised over them).
BLOCK = 64
#: Terms computed plainly (the O(n^2) numpy loop) before the mask is chosen on their last half.
PROBE = 2048
#: Pairs searched in Python for a rare candidate before the search moves to numpy.
SEARCH = 256
#: Past this share of rare heaps in the probe's last half, the plain loop is used.
RARE_SHARE = 0.1
#: The heaps below a block whose pairs are marked ahead (vectorised) for each of its rows.
WINDOW = 128


def _parities(mask: int, size: int) -> list[int]:
    """parity(v & mask) for v < size."""
    return [bin(v & mask).count("1") & 1 for v in range(size)]


def choose_mask(values: np.ndarray, bits: int) -> int:
    """The mask m in 1 .. 2^bits - 1 that makes the fewest of ``values`` rare (the parity
    of v & m even); the values past 2^bits count as rare for every m.

    >>> choose_mask(np.array([1, 2, 4, 7, 1, 2, 0]), 3)  # one or three 1-bits: common
    7
    """
    counts = np.bincount(np.asarray(values, dtype=np.int64), minlength=1 << bits)[: 1 << bits]
    best, fewest = 1, -1
    for mask in range(1, 1 << bits):
        rare = int(counts[np.array(_parities(mask, 1 << bits)) == 0].sum())
        if fewest < 0 or rare < fewest:
            best, fewest = mask, rare
    return best


def _far_marks(g: np.ndarray, lo: int, hi: int, splits: list[int], rare: np.ndarray) -> list[int]:
    """Each row n in [lo, hi)'s bit set of the pair values G(a) ^ G(n - k - a) known before
    the block (both heaps in 1 .. lo - 1), k splitting: a every rare heap, and the pairs
    whose larger heap is one of the :data:`WINDOW` heaps below lo (the search for a rare
    candidate, done ahead: common pairs reach most rare values)."""
    rows = np.arange(lo, hi, dtype=np.int64)[:, None]
    below = np.arange(lo - 1, max(0, lo - 1 - WINDOW), -1, dtype=np.int64)[None, :]
    marks = [0] * (hi - lo)
    for k in splits:
        if rare.size:
            other = rows - k - rare[None, :]
            ok = (other >= 1) & (other < lo)
            pairs = g[rare][None, :] ^ g[np.where(ok, other, 0)]
            _add(marks, np.where(ok, pairs.astype(np.int64), -1))
        first = rows - k - below  # the pair (first, below), first <= below
        ok = (first >= 1) & (first <= below)
        pairs = g[np.where(ok, first, 0)] ^ g[below]
        _add(marks, np.where(ok, pairs.astype(np.int64), -1))
    return marks


def _add(marks: list[int], vals: np.ndarray) -> None:
    """Add each row's ``vals`` (-1: none) to its bit set in ``marks``."""
    vals = vals.astype(np.int64)
    for word in range(int(vals.max(initial=-1)) // 64 + 1):
        inside = (vals >= 64 * word) & (vals < 64 * word + 64)
        shifted = np.left_shift(np.uint64(1), (vals & 63).astype(np.uint64))
        rowbits = np.bitwise_or.reduce(np.where(inside, shifted, np.uint64(0)), axis=1)
        for j, b in enumerate(rowbits.tolist()):
            if b:
                marks[j] |= b << (64 * word)


def _reached(g: list[int], arr: np.ndarray, n: int, splits: list[int], value: int) -> bool:
    """Whether some pair (a, n - k - a), k splitting, has G(a) ^ G(n - k - a) = ``value``:
    the first :data:`SEARCH` pairs in Python, the rest in numpy chunks of doubling size."""
    for k in splits:
        rest = n - k
        half = rest // 2
        for a in range(1, min(half, SEARCH) + 1):
            if g[a] ^ g[rest - a] == value:
                return True
    for k in splits:  # then in numpy, in chunks doubling from SEARCH pairs
        rest = n - k
        half, a, size = rest // 2, SEARCH + 1, SEARCH
        while a <= half:
            heaps = np.arange(a, min(half, a + size - 1) + 1)
            if bool(((arr[heaps] ^ arr[rest - heaps]) == value).any()):
                return True
            a, size = a + size, 2 * size
    return False


def sparse_values(
    code: tuple[int, ...], terms: int, plain: object, dense: bool = True
) -> np.ndarray:
    """G(0), ..., G(terms - 1) (uint16) of the octal game ``code`` (d_0, ..., d_t; some digit
    with bit 4) by the sparse-space method; ``plain(code, terms)`` computes the first
    :data:`PROBE` terms (the rules' loop, :func:`heapcheck.check.values`) and, with
    ``dense``, all of them where more than :data:`RARE_SHARE` of the probe's last half is
    rare under the best mask (no sparse space: the searches would cost more).

    >>> from heapcheck.check import values
    >>> bool((sparse_values((0, 0, 7), 3000, values) == values((0, 0, 7), 3000)).all())
    True
    """
    probe = min(terms, max(PROBE, 2 * len(code)))
    head = np.asarray(plain(code, probe), dtype=np.int64)  # type: ignore[operator]
    arr = np.zeros(terms, dtype=np.uint16)
    arr[:probe] = head
    if probe == terms:
        return arr
    bits = max(1, int(head.max()).bit_length())
    mask = choose_mask(head[probe // 2 :], min(bits + 1, 10))
    parity = _parities(mask, 1 << 16)
    g = head.tolist()
    rare = [a for a in range(1, probe) if not parity[g[a]]]
    if dense and sum(1 for a in rare if a >= probe // 2) > RARE_SHARE * (probe - probe // 2):
        return np.asarray(plain(code, terms), dtype=np.uint16)  # type: ignore[operator]
    splits = [k for k, d in enumerate(code) if d & 4]
    ones = [k for k, d in enumerate(code) if d & 2 and k > 0]
    for lo in range(probe, terms, BLOCK):
        hi = min(terms, lo + BLOCK)
        far = np.array([r for r in rare if r < lo], dtype=np.int64)
        marks = _far_marks(arr, lo, hi, splits, far)
        for n in range(lo, hi):
            value = _mex(g, arr, n, lo, marks[n - lo], splits, ones, rare, parity)
            g.append(value)
            arr[n] = value
            if not parity[value]:
                rare.append(n)
    return arr


def _mex(
    g: list[int], arr: np.ndarray, n: int, lo: int, mark: int, splits: list[int],
    ones: list[int], rare: list[int], parity: list[int],
) -> int:  # fmt: skip
    """G(n) (n past the code's digits): ``mark`` holds the far pairs' values (bit set)."""
    for k in ones:
        mark |= 1 << g[n - k]
    near = bisect.bisect_left(rare, lo)  # the rare heaps found in this block: rare[near:]
    for k in splits:
        rest = n - k
        # the pairs with a rare heap and the other heap in the block: r <= rest - lo, or r
        # itself in the block (the far ones are in ``mark``)
        for r in rare[: bisect.bisect_right(rare, rest - lo)]:
            mark |= 1 << (g[r] ^ g[rest - r])
        for r in rare[near:]:
            if r < rest:
                mark |= 1 << (g[r] ^ g[rest - r])
    while True:
        value = (~mark & (mark + 1)).bit_length() - 1
        if parity[value] or not _reached(g, arr, n, splits, value):
            return value
        mark |= 1 << value
