"""The nim-sequence of an octal game, compiled (numba): the twin of :mod:`reference.heaps`.

Same name, signature and values as :func:`reference.heaps.nim_sequence`;
the result is a numpy array of the smallest unsigned type that holds every
value the rule can give.

How
---
* **No splitting** (a subtraction game, any code without bit 4): for n > t,
  G(n) = mex { G(n - k) : d_k has bit 2 }, at most m options (m the number
  of moves, the size of S), so the values are <= m and fit uint8 (m <= 255;
  else the smallest unsigned type that holds m): one pass over the array,
  O(n m), at memory speed (:data:`SUBTRACTION_SECONDS` per term and move).
* **Three heaps** (bit 8 of a hexadecimal code): each n marks G(a) XOR G(b) XOR G(c)
  over the n^2 / 12 partitions a <= b <= c of n - k: O(n^3).
* **Splitting**: each n marks G(a) XOR G(n - k - a) for every a <= (n - k)/2
  and every k whose digit has bit 4: the prefix XOR-convolution, O(n^2)
  (about n^2 / 4 XORs per splitting digit, :data:`SPLIT_SECONDS` each).
  Values are kept as uint16; a value past 65535 raises OverflowError (never
  a silent wrap).

The mex uses a stamp array (one int64 per possible value, marked with n + 1),
so nothing is cleared between terms. The work runs in blocks of bounded time
(:mod:`floor.interrupt`): Ctrl-C stops it within a block.
"""

from __future__ import annotations

import functools
import math
import time
from pathlib import Path
from typing import Any

import numpy as np

import reference.heaps
from fast import heaps_checkpoint, heaps_sparse
from fast._jit import jit, smallest_unsigned
from floor.blocks import Pace, Step, run_blocks
from floor.interrupt import BLOCK_SECONDS, call
from floor.memory import check_memory

__all__ = [
    "PROBE_TERMS",
    "SPLIT_SECONDS",
    "SUBTRACTION_SECONDS",
    "THREE_SECONDS",
    "check_period",
    "least_preperiod",
    "nim_sequence",
    "nim_sequence_sparse",
    "rare_mask",
    "sequence_cost",
    "sparse_cost",
]

#: Seconds per term and move of a code without splitting (measured 2026-11-28, x86_64, 2 shared
#: cores: subtraction:1,3,4, 10^8 terms in 0.72 s, 2.4e-9 s per term and move), rounded up.
SUBTRACTION_SECONDS = 3e-9
#: Seconds per XOR of a splitting code (measured 2026-11-28: octal:0.07, 10^5 terms in 3.4 s,
#: 2.5e9 XORs: about 1.35e-9 s each), rounded up.
SPLIT_SECONDS = 2e-9
#: Seconds per XOR of a hexadecimal digit that leaves three heaps (two XORs a partition,
#: nested loops: measured 2026-12-07, hex:0.8 at 2,000 and 4,000 terms, 2 shared cores,
#: 1.27 times the model at SPLIT_SECONDS; ``python -m benchmarks fast.heaps.THREE_SECONDS``),
#: rounded up.
THREE_SECONDS = 3e-9


def _splitting(code: tuple[int, ...]) -> int:
    """How many digits split (bit 4: two heaps; bit 8, hexadecimal: three)."""
    return sum(1 for d in code if d & 12)


def _threes(code: tuple[int, ...]) -> int:
    """How many digits leave three heaps (bit 8 of a hexadecimal code)."""
    return sum(1 for d in code if d & 8)


def sequence_cost(code: tuple[int, ...], terms: int) -> tuple[float, int]:
    """(seconds, bytes) of :func:`nim_sequence` for ``terms`` terms.

    >>> sequence_cost((0, 3, 0, 3, 3), 10**8)  # uint8 values and a stamp per value
    (0.9, 100002056)
    >>> sequence_cost((0, 0, 7), 10**5)[0]
    5.0
    """
    moves = sum(1 for d in code if d & 2) or 1
    split = _splitting(code)
    if split:
        twos = sum(1 for d in code if d & 4) * terms * terms / 4
        threes = _threes(code) * terms**3 / 36  # the n^2 / 12 partitions in three of each n
        return twos * SPLIT_SECONDS + threes * THREE_SECONDS, 2 * terms + 8 * 65537
    dtype = smallest_unsigned(sum(1 for d in code if d & 3))
    stamp = 8 * (int(np.iinfo(dtype).max) + 2)
    return terms * moves * SUBTRACTION_SECONDS, terms * dtype.itemsize + stamp


@jit
def _fill_general(  # type: ignore[no-untyped-def]
    code, values, start, stop, stamp, top
):  # pragma: no cover (compiled)
    """G(n) for start <= n < stop by every digit (the heads and the splitting codes);
    the first n whose value passes ``top``, else -1."""
    t = code.shape[0] - 1
    for n in range(start, stop):
        mark = n + 1
        for k in range(min(t, n) + 1):
            digit = code[k]
            rest = n - k
            if digit & 1 and rest == 0 and k > 0:
                stamp[0] = mark
            if digit & 2 and rest >= 1 and k > 0:
                stamp[values[rest]] = mark
            if digit & 4:
                for a in range(1, rest // 2 + 1):
                    stamp[values[a] ^ values[rest - a]] = mark
            if digit & 8:
                for a in range(1, rest // 3 + 1):
                    for b in range(a, (rest - a) // 2 + 1):
                        stamp[values[a] ^ values[b] ^ values[rest - a - b]] = mark
        value = 0
        while stamp[value] == mark:
            value += 1
        if value > top:
            return n
        values[n] = value
    return -1


@jit
def _fill_subtraction(  # type: ignore[no-untyped-def]
    ks, values, start, stop, stamp
):  # pragma: no cover (compiled)
    """G(n) = mex G(n - k), k in ``ks``, for start <= n < stop (all n > t)."""
    for n in range(start, stop):
        mark = n + 1
        for i in range(ks.shape[0]):
            stamp[values[n - ks[i]]] = mark
        value = 0
        while stamp[value] == mark:
            value += 1
        values[n] = value
    return -1


def nim_sequence(code: tuple[int, ...], terms: int) -> np.ndarray:
    """G(0), ..., G(terms - 1) of the octal game ``code`` (d_0, ..., d_t).

    Raises MemoryError (the estimate) before allocating too much, and
    OverflowError if a value of a splitting code passes 65535.

    Examples
    --------
    >>> nim_sequence((0, 0, 7), 12).tolist()
    [0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3]
    >>> nim_sequence((0, 3, 0, 3, 3), 8).tolist()
    [0, 1, 0, 1, 2, 3, 2, 0]
    """
    if isinstance(terms, bool) or not isinstance(terms, int) or terms < 0:
        raise ValueError(f"nim_sequence: terms must be an int >= 0 (terms = {terms!r})")
    digits = np.array(code, dtype=np.int64)
    split = _splitting(code) > 0
    # Without splitting a heap has at most one option per digit with bit 1 or 2: G <= moves.
    moves = sum(1 for d in code if d & 3)
    dtype = np.uint16 if split else smallest_unsigned(moves)
    top = int(np.iinfo(dtype).max)
    check_memory(sequence_cost(code, terms)[1], f"the nim-sequence of {terms:,} terms")
    values = np.zeros(terms, dtype=dtype)
    stamp = np.zeros(top + 2, dtype=np.int64)
    t = len(code) - 1
    head = min(terms, t + 1)
    call(_fill_general, digits, values, 0, head, stamp, top)  # n <= t: at most t + 1 terms
    if split:
        for a, b in _split_blocks(head, terms, code):
            failed = call(_fill_general, digits, values, a, b, stamp, top)
            if failed >= 0:
                raise OverflowError(
                    f"nim_sequence: G({failed}) > {top}: beyond the uint16 values of this kernel"
                )
    else:
        ks = np.array([k for k, d in enumerate(code) if d & 2 and k > 0], dtype=np.int64)
        per = int(BLOCK_SECONDS / (SUBTRACTION_SECONDS * max(1, len(ks)))) + 1
        for a in range(head, terms, per):
            call(_fill_subtraction, ks, values, a, min(terms, a + per), stamp)
    return values


def _split_blocks(start: int, stop: int, code: tuple[int, ...]) -> list[tuple[int, int]]:
    """Blocks [a, b) of about :data:`floor.interrupt.BLOCK_SECONDS` of XORs each: the XORs of
    the whole block (n / 2 a term per two-heap digit, n^2 / 12 per three-heap digit, summed
    over a <= n < b), not the first term's times the block's length, which let one block run
    for the whole sequence (a Ctrl-C waited for it: 12 to 49 s, issue 48).

    >>> _split_blocks(0, 5, (0, 0, 7))
    [(0, 5)]
    >>> len(_split_blocks(0, 200_000, (0, 0, 7))) > 10
    True
    """
    twos, threes = sum(1 for d in code if d & 4), _threes(code)

    def xors(n: int) -> float:  # the XORs of the terms 0 .. n - 1, in two-heap XORs
        return twos * n * n / 4 + threes * n**3 / 36 * THREE_SECONDS / SPLIT_SECONDS

    target = BLOCK_SECONDS / SPLIT_SECONDS
    blocks, a = [], start
    while a < stop:
        lo, hi = a + 1, stop  # the largest b in lo..hi whose block fits (at least a + 1)
        if xors(hi) - xors(a) > target:
            while lo < hi:
                mid = (lo + hi + 1) // 2
                if xors(mid) - xors(a) <= target:
                    lo = mid
                else:
                    hi = mid - 1
        else:
            lo = hi
        blocks.append((a, lo))
        a = lo
    return blocks


# ------------------------------------------------------------------------- sparse space

#: The terms the sparse-space method computes plainly before it chooses its mask (and its
#: cost model measures the rare values on).
PROBE_TERMS = 16384
#: The widest mask tried (bits): the values of the probe past 2^MASK_BITS are all rare.
MASK_BITS = 12

#: A dense probe is repeated on this many times the terms ...
LONG_PROBE = 8
#: ... when the terms asked are at least this many times the probe.
LONG_PROBE_FROM = 64
#: Past this share of rare positions in the probe's last half the method does not pay (its
#: scans for rare candidates outweigh the XORs saved: octal:0.07, 0.32 rare, is 1.6 times
#: slower than the plain loop at 6 * 10^4 terms): its cost is said to be twice the plain one.
RARE_SHARE_MAX = 0.1
#: The pairs a term's scan is taken to cost before any is measured (the first block's size).
SCAN_PAIRS = 64
#: Seconds per XOR of the blocked sparse kernel (:mod:`fast.heaps_sparse`), measured
#: 2026-12-07, x86_64, 2 cores shared with ~10 jobs: octal:0.6 to 3 * 10^5 terms, 1.24e9
#: XORs in 0.68 s CPU (5.5e-10 s each; 0.81 s for the plain C sparse loop), rounded up to
#: the wall time a shared core gives (``python -m benchmarks --only fast.heaps.SPARSE_SECONDS``
#: re-measures it).
SPARSE_SECONDS = 1e-9


@jit
def _parity(x: int) -> int:  # pragma: no cover (compiled)
    """The parity of the number of 1-bits of ``x`` (0 <= x < 2^32)."""
    x ^= x >> 16
    x ^= x >> 8
    x ^= x >> 4
    x ^= x >> 2
    x ^= x >> 1
    return x & 1


@jit
def _best_mask(
    counts: np.ndarray, bits: int, domain: int
) -> tuple[int, int]:  # pragma: no cover (compiled)
    """The (mask m < 2^bits, d in 0..domain) with the fewest rare positions: ``counts[s, v]``
    positions a of value v with (a - t) & 1 = s, rare if parity(v & m) = d * s."""
    best, fewest, kind = 0, -1, 0
    for d in range(domain + 1):
        for m in range(1, 1 << bits):
            rare = 0
            for s in range(2):
                for v in range(counts.shape[1]):
                    if counts[s, v] and _parity(v & m) == d * s:
                        rare += counts[s, v]
            if fewest < 0 or rare < fewest:
                best, fewest, kind = m, rare, d
    return best, kind


def rare_mask(values: np.ndarray, code: tuple[int, ...], start: int = 0) -> tuple[int, int]:
    """(mask, d) of the sparse-space method for G(start), G(start + 1), ...: the split that
    makes the fewest positions *rare*, the others being *common*.

    A position a is rare if the parity of the 1-bits of G(a) & mask equals d * ((a - t) & 1),
    t the first splitting digit: d = 0 is Winning Ways' sparse space in the range (ch. 4,
    "Sparse space spells speed"), d = 1 Flammenkamp's in the domain (only when every
    splitting digit has the parity of t). The split comes from the values, never from the
    game's name. Any split gives the same nim-sequence; a good one is fast.

    >>> rare_mask(np.array([1, 2, 4, 7, 1, 2, 0]), (0, 0, 7))  # one or three 1-bits: common
    (7, 0)
    """
    values = np.asarray(values, dtype=np.int64)
    splits = [k for k, d in enumerate(code) if d & 4]
    top = int(values.max()) if values.size else 0
    bits = min(MASK_BITS, top.bit_length() + 1)
    side = (np.arange(start, start + values.size) - splits[0]) & 1
    counts = np.zeros((2, 1 << bits), dtype=np.int64)
    kept = values < (1 << bits)
    np.add.at(counts, (side[kept], values[kept]), 1)
    domain = int(len({k & 1 for k in splits}) == 1)
    mask, kind = call(_best_mask, counts, bits, domain)
    return int(mask), int(kind)


def nim_sequence_sparse(
    code: tuple[int, ...],
    terms: int,
    probe: int = PROBE_TERMS,
    checkpoint: str | Path | None = None,
) -> np.ndarray:
    """:func:`nim_sequence` by the sparse-space method (same values, same type).

    The first ``probe`` terms are computed plainly (or all, if fewer); the mask
    (:func:`rare_mask`) is chosen on them; each later term costs about one XOR per rare
    position below it (per splitting digit) plus a short scan, instead of n / 2.

    ``checkpoint``: a file (``.npz``) the run's state is saved to every minute and when it
    ends or is stopped, and resumed from when it exists (:mod:`fast.heaps_checkpoint`).

    Examples
    --------
    >>> bool((nim_sequence_sparse((0, 6), 5000) == nim_sequence((0, 6), 5000)).all())
    True
    """
    if isinstance(terms, bool) or not isinstance(terms, int) or terms < 0:
        raise ValueError(f"nim_sequence_sparse: terms must be an int >= 0 (terms = {terms!r})")
    return _sparse(code, terms, probe, checkpoint)[0]


def _sparse(
    code: tuple[int, ...], terms: int, probe: int, checkpoint: str | Path | None = None
) -> tuple[np.ndarray, int]:
    """(:func:`nim_sequence_sparse`, the XORs its sparse kernel did)."""
    splits = np.array([k for k, d in enumerate(code) if d & 4], dtype=np.int64)
    probe = min(terms, max(probe, len(code), 2))
    if not splits.size or probe == terms or _threes(code):  # no sparse space argued for 3 heaps
        return nim_sequence(code, terms), 0
    check_memory(_sparse_bytes(terms), f"the nim-sequence of {terms:,} terms")
    head = nim_sequence(code, probe)
    top = int(np.iinfo(np.uint16).max)
    values = np.zeros(terms, dtype=np.uint16)
    values[:probe] = head
    mask, domain = rare_mask(head[probe // 2 :], code, probe // 2)
    kind = np.int32 if terms < 2**31 else np.int64
    rare = np.zeros(terms, dtype=kind)
    positions = np.flatnonzero(_rare(head, code, mask, domain))
    positions = positions[positions >= 1]
    rare[: positions.size] = positions
    count = np.array([positions.size, 0], dtype=np.int64)
    digits = np.array(code, dtype=np.int64)
    state: dict[str, Any] = {
        "seen": heaps_sparse.table(_width(head)),
        "mask": mask,
        "domain": domain,
    }
    first = int(BLOCK_SECONDS / (SPLIT_SECONDS * splits.size * (positions.size + SCAN_PAIRS)))
    start = probe
    saved = None if checkpoint is None else heaps_checkpoint.load(checkpoint, code, probe)
    if saved is not None and saved["done"] > probe:  # resume where the file stopped
        start = min(terms, saved["done"])
        values[:start] = saved["values"][:start]
        kept = saved["rare"][saved["rare"] < start]
        rare[: kept.size] = kept
        count[:] = kept.size, saved["xors"]
        state.update(mask=saved["mask"], domain=saved["domain"])
        state["seen"] = heaps_sparse.table(max(saved["width"], _width(values[:start])))
    state["done"], state["saved_at"] = start, time.perf_counter()

    floor = start if saved is None else saved["done"]  # never save less than the file held

    def keep() -> None:
        if checkpoint is not None and state["done"] >= floor:
            held = int(count[0])
            heaps_checkpoint.save(checkpoint, code, probe, {
                "done": state["done"], "held": held, "xors": count[1], "mask": state["mask"],
                "domain": state["domain"], "width": state["seen"].shape[1], "values": values,
                "rare": rare,
            })  # fmt: skip
            state["saved_at"] = time.perf_counter()

    def block(lo: int, hi: int) -> tuple[Step, int]:
        step, at = _block(lo, hi)
        state["done"] = at
        if time.perf_counter() - state["saved_at"] > heaps_checkpoint.CHECKPOINT_SECONDS:
            keep()
        return step, at

    def _block(lo: int, hi: int) -> tuple[Step, int]:
        seen = state["seen"]
        failed = call(
            heaps_sparse.fill_blocked, digits, splits, values, lo, hi, seen,
            state["mask"], state["domain"], rare, count,
        )  # fmt: skip
        if failed < 0:
            return Step.DONE, hi
        if seen.shape[1] > top:
            raise OverflowError(
                f"nim_sequence: G({failed}) > {top}: beyond the uint16 values of this kernel"
            )
        # a value reached the table's width: widen it, re-choose the mask on the last half
        state["seen"] = heaps_sparse.table(2 * seen.shape[1])
        m, d = rare_mask(values[failed // 2 : failed], code, failed // 2)
        state["mask"], state["domain"] = m, d
        found = np.flatnonzero(_rare(values[:failed], code, m, d))
        found = found[found >= 1]
        rare[: found.size] = found
        count[0] = found.size
        return Step.GROWN, failed

    # blocks follow the measured speed: the rare positions and the scans vary
    try:
        run_blocks(block, terms, size=Pace(first + 1, BLOCK_SECONDS, least=1), start=start)
    finally:  # done, or stopped (Ctrl-C): the state of the last whole block
        keep()
    return values, int(count[1])


def _width(values: np.ndarray) -> int:
    """The power of two past the largest of ``values`` (at least 2): every XOR is below it."""
    return 1 << max(1, int(values.max()).bit_length()) if values.size else 2


def _rare(values: np.ndarray, code: tuple[int, ...], mask: int, domain: int) -> np.ndarray:
    """Whether each position 0, 1, ... of ``values`` is rare (:func:`rare_mask`)."""
    bits = np.asarray(values, dtype=np.int64) & mask
    parity = np.zeros(bits.shape, dtype=np.int64)
    while bits.any():
        parity ^= bits & 1
        bits = bits >> 1
    t = next(k for k, d in enumerate(code) if d & 4)
    return parity == domain * ((np.arange(bits.size) - t) & 1)  # type: ignore[no-any-return]


@functools.lru_cache(maxsize=64)
def _probe(code: tuple[int, ...], probe: int = PROBE_TERMS) -> tuple[float, float, float]:
    """(XORs a term, their growth exponent, share of rare positions) of the sparse method on
    ``code``, measured: the share in the last half of the first P = ``probe`` terms under
    the mask chosen on them; the XORs (rare heaps and scans) counted on the sparse kernel
    over the next P/2 and the P/2 after, the exponent e of their growth (XORs a term ~ n^e,
    0 <= e <= 1) from the two: it carries the rare positions that appear there. Run only
    where the share is at most :data:`RARE_SHARE_MAX` (else the XORs are infinite)."""
    head = nim_sequence(code, probe)
    half = probe // 2
    rare_at = _rare(head, code, *rare_mask(head[half:], code, half))
    share = float(rare_at[half:].mean())
    if share > RARE_SHARE_MAX:
        return math.inf, 0.0, share
    first = _sparse(code, probe + half, probe)[1]
    second = _sparse(code, 2 * probe, probe)[1] - first
    growth = math.log(max(second, 1) / max(first, 1)) / math.log(1.75 / 1.25)
    return first / half, min(1.0, max(0.0, growth)), share


def sparse_cost(code: tuple[int, ...], terms: int) -> tuple[float, int]:
    """(seconds, bytes) of :func:`nim_sequence_sparse` for ``terms`` terms.

    The model: the probe's plain cost, then per term the XORs measured on the sparse kernel
    past the probe (:func:`_probe`: one a rare heap, and the scans for common candidates),
    growing as measured there (the rare positions found there included). A game whose rare
    values do not thin out within the probe (past :data:`RARE_SHARE_MAX` of its last half)
    is probed again on :data:`LONG_PROBE` x more terms when ``terms`` is at least
    :data:`LONG_PROBE_FROM` x the probe (0.007's rare values thin out past 10^5); still
    dense, it is said to cost twice the plain loop, so the plain loop is chosen.

    >>> sparse_cost((0, 6), 10**6)[0] < sequence_cost((0, 6), 10**6)[0]  # Officers
    True
    >>> sparse_cost((0, 0, 7), 10**6)[0] > sequence_cost((0, 0, 7), 10**6)[0]  # Dawson
    True
    """
    split = _splitting(code)
    plain = sequence_cost(code, terms)
    if not split or terms <= PROBE_TERMS or _threes(code):
        return plain
    probe = PROBE_TERMS
    per_term, growth, share = _probe(code, probe)
    if share > RARE_SHARE_MAX and terms >= LONG_PROBE_FROM * PROBE_TERMS:
        probe = LONG_PROBE * PROBE_TERMS
        per_term, growth, share = _probe(code, probe)
    if share > RARE_SHARE_MAX:  # no sparse space: the scans cost more than the plain loop
        return 2 * plain[0], plain[1] + 8 * terms
    # XORs a term: per_term at n = 1.25 P, growing as n^growth, from the kernel's probe on
    at, e, start = 1.25 * probe, growth, PROBE_TERMS
    xors = per_term * (terms ** (e + 1) - start ** (e + 1)) / ((e + 1) * at**e)
    seconds = sequence_cost(code, start)[0] + xors * SPARSE_SECONDS
    return seconds, _sparse_bytes(terms)


def _sparse_bytes(terms: int) -> int:
    """The memory of :func:`nim_sequence_sparse`: uint16 values, a rare position (int32)
    a term, the probe's values, a stamp per value."""
    return 2 * terms + 4 * terms + 2 * PROBE_TERMS + 8 * 65537


# ------------------------------------------------------------------------- periods

#: The values a comparison of :func:`check_period` reads at once (bounded temporaries).
COMPARE_CHUNK = 1 << 22


def _first_difference(values: np.ndarray, lo: int, hi: int, shift: int) -> int:
    """The least n in [lo, hi) with G(n + shift) != G(n), else -1 (chunked: no temporary
    larger than :data:`COMPARE_CHUNK`)."""
    for a in range(lo, hi, COMPARE_CHUNK):
        b = min(hi, a + COMPARE_CHUNK)
        differ = values[a + shift : b + shift] != values[a:b]
        if differ.any():
            return a + int(np.argmax(differ))
    return -1


def _divisors(period: int) -> list[int]:
    """The divisors q < ``period`` of ``period``, ascending.

    >>> _divisors(12), _divisors(1)
    ([1, 2, 3, 4, 6], [])
    """
    small = [q for q in range(1, math.isqrt(period) + 1) if period % q == 0]
    return sorted({*small, *(period // q for q in small)} - {period})


def check_period(values: Any, code: tuple[int, ...], preperiod: int, period: int) -> str | None:
    """:func:`reference.heaps.check_period` in numpy (same signature, same answers): None if
    ``values`` (a list or an array of G(0), G(1), ...) prove G(n + period) = G(n) for all
    n >= preperiod with both least, else the first reason the certificate fails.

    The comparisons are vectorised in chunks (an array is read in place: no copy, no
    Python list); the least period is checked over the divisors of ``period`` only (the
    least period of an eventually periodic sequence divides every period), in increasing
    order, as the reference tries every q < period.

    >>> g = nim_sequence((0, 0, 7), 300)  # Dawson's Kayles: period 34 from 53
    >>> check_period(g, (0, 0, 7), 53, 34), check_period(g, (0, 0, 7), 53, 68)
    (None, 'the period is not least: 34 fits every value given')
    """
    g = np.asarray(values)
    refused = reference.heaps.claim_refused(g.shape[0], code, preperiod, period)
    if refused is not None:
        return refused
    end = reference.heaps.window_end(code, preperiod, period)
    n = _first_difference(g, preperiod, end, period)
    if n >= 0:
        shown = f"G({n + period}) = {int(g[n + period])} differs from G({n}) = {int(g[n])}"
        return f"{shown}: not periodic from {preperiod}"
    if preperiod > 0 and g[preperiod - 1 + period] == g[preperiod - 1]:
        return f"the preperiod is not least: G({preperiod - 1 + period}) = G({preperiod - 1})"
    for q in _divisors(period):
        if _first_difference(g, preperiod, g.shape[0] - q, q) < 0:
            return f"the period is not least: {q} fits every value given"
    return None


def least_preperiod(values: Any, period: int, stop: int) -> int:
    """One past the last n < ``stop`` with G(n + period) != G(n) (0 if there is none): the
    least preperiod ``values`` allow for ``period`` on n < stop (read in chunks, from the
    end; ``values`` must hold G(n) for n < stop + period).

    >>> least_preperiod(nim_sequence((0, 0, 7), 200), 34, 142)
    53
    """
    g = np.asarray(values)
    for b in range(stop, 0, -COMPARE_CHUNK):
        a = max(0, b - COMPARE_CHUNK)
        differ = np.flatnonzero(g[a + period : b + period] != g[a:b])
        if differ.size:
            return a + int(differ[-1]) + 1
    return 0
