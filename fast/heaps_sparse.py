"""The sparse-space kernel in blocks (numba): :func:`fast.heaps.nim_sequence_sparse`'s loop.

The sparse-space method (Winning Ways ch. 4, "Sparse space spells speed"; Flammenkamp's
domain parity; :func:`fast.heaps.rare_mask`) computes G(n) from the XORs with the *rare*
positions r only, plus a short scan of the pairs for a common candidate. Done one n at a
time (the plain loop, and the C loop of ``benchmarks/bench_heaps.py``) each XOR reads two
scattered values. Here the terms are taken a block of B at a time, as the fast
implementations do:

* **Before the block** (phase A): every pair (r, h), r rare, with both heaps below the
  block's start is known; for each rare r the heaps h = n - k - r of the block's n form a
  contiguous run, read in order, and marked in a B x V byte table (a row per n, V = the
  power of two past the largest value: the XOR of two values is below it).
* **In the block** (phase B, one n after another): the few pairs with a heap inside the
  block (a small rare r, or a rare r found in the block), the one-heap moves, the mex, and
  the scan of the pairs for a common candidate, exactly as the plain loop.

A value reaching V stops the call (the caller doubles V and resumes at that n); V past
65,536 is the uint16 kernel's end. The values are those of the plain loop, whatever the
mask: the mask only decides which pairs are XORed ahead.

References
----------
E. R. Berlekamp, J. H. Conway, R. K. Guy, Winning Ways for your Mathematical Plays, 2nd ed.
(2001), vol. 1, ch. 4. A. Flammenkamp, "Octal games", https://wwwhomes.uni-bielefeld.de/achim/
octal.html (sparse space in the domain). A. Gangolli, T. Plambeck, "A note on periodicity
in some octal games", IJGT 18 (1989).
"""

from __future__ import annotations

import numpy as np

from fast._jit import jit

__all__ = ["CHUNK", "TABLE_BYTES", "block_rows", "fill_blocked"]

#: The pairs a scan for a common candidate XORs before it looks at the candidate again.
CHUNK = 32
#: The bytes of the block's table (rows x V): about a core's L2 share.
TABLE_BYTES = 1 << 18


def block_rows(width: int) -> int:
    """The rows B of the block's table for values below ``width`` (a power of two).

    >>> block_rows(512), block_rows(2048), block_rows(65536)
    (512, 128, 16)
    """
    return max(16, min(1024, TABLE_BYTES // width))


@jit
def _parity(x: int) -> int:  # pragma: no cover (compiled)
    x ^= x >> 16
    x ^= x >> 8
    x ^= x >> 4
    x ^= x >> 2
    x ^= x >> 1
    return x & 1


@jit
def _ahead(splits, values, lo, hi, seen, rare, before):  # type: ignore[no-untyped-def]  # pragma: no cover
    """Phase A: mark G(r) ^ G(n - k - r) in row n - lo for every rare r = rare[i], i < before,
    every splitting k and every n in [lo, hi) with 1 <= n - k - r < lo."""
    for w in range(splits.shape[0]):
        k = splits[w]
        for i in range(before):
            r = rare[i]
            vr = values[r]
            first = max(lo, k + r + 1)
            last = min(hi, lo + k + r)
            base = np.uint64(k + r)
            row0 = np.uint64(lo)
            for n in range(np.uint64(first), np.uint64(last)):
                seen[n - row0, vr ^ values[n - base]] = 1


@jit
def fill_blocked(  # type: ignore[no-untyped-def]
    code, splits, values, start, stop, seen, mask, domain, rare, count
):  # pragma: no cover (compiled)
    """G(n) for start <= n < stop; ``rare[:count[0]]`` the rare positions below ``start``
    (updated), ``count[1]`` the XORs (added to). ``seen`` is the (B, V) uint8 table. The
    first n whose value reaches V (the caller widens the table), else -1."""
    t = code.shape[0] - 1
    rows, width = seen.shape
    held = count[0]
    work = 0
    side0 = splits[0]
    for lo in range(start, stop, rows):
        hi = min(stop, lo + rows)
        seen[: hi - lo, :] = 0
        before = held
        _ahead(splits, values, lo, hi, seen, rare, before)  # type: ignore[no-untyped-call]
        for w in range(splits.shape[0]):  # the XORs phase A did, counted once a block
            k = splits[w]
            for i in range(before):
                r = rare[i]
                work += max(0, min(hi, lo + k + r) - max(lo, k + r + 1))
        for n in range(lo, hi):
            row = seen[n - lo]
            for k in range(min(t, n) + 1):
                digit = code[k]
                rest = n - k
                if digit & 1 and rest == 0 and k > 0:
                    row[0] = 1
                if digit & 2 and rest >= 1 and k > 0:
                    row[values[rest]] = 1
                if digit & 4:
                    # the rare r with the other heap in the block (rest - r >= lo) ...
                    for i in range(held):
                        r = rare[i]
                        if r >= rest or r > rest - lo:
                            break
                        row[values[r] ^ values[np.uint64(rest - r)]] = 1
                        work += 1
                    # ... and the rare r found in the block (r >= lo)
                    for i in range(before, held):
                        r = rare[i]
                        if r >= rest:
                            break
                        row[values[r] ^ values[rest - r]] = 1
                        work += 1
            which, a = 0, 1
            value = 0
            while True:
                if value >= width:
                    break
                if row[value]:
                    value += 1
                    continue
                if _parity(value & mask) != domain * ((n - side0) & 1):
                    break
                # scan the pairs a chunk at a time (no test per pair), then look again
                found = False
                while which < splits.shape[0]:
                    rest = n - splits[which]
                    end = rest // 2 + 1
                    if a < end:
                        upto = min(end, a + CHUNK)
                        urest = np.uint64(rest)
                        for j in range(np.uint64(a), np.uint64(upto)):
                            row[values[j] ^ values[urest - j]] = 1
                        work += upto - a
                        a = upto
                        found = True
                        break
                    which += 1
                    a = 1
                if not found:
                    break
            if value >= width:
                count[0] = held
                count[1] += work
                return n
            values[n] = value
            if n >= 1 and _parity(value & mask) == domain * ((n - side0) & 1):
                rare[held] = n
                held += 1
    count[0] = held
    count[1] += work
    return -1


def table(width: int) -> np.ndarray:
    """The zeroed (B, V) byte table of :func:`fill_blocked` for values below ``width``."""
    return np.zeros((block_rows(width), width), dtype=np.uint8)
