"""The certificate's table of window keys: each window of W columns hashed and looked up.

Each column's hash (:func:`fast.strip.state.column_hashes`) enters a rolling
key of the window of ``W`` columns ending there; :class:`WindowKeys` holds the
hashes, the table of earlier keys (open addressing) and the rolling key, and
:meth:`WindowKeys.first_repeat` finds the first column whose window's key was
seen before and whose window the caller proves equal to the earlier one (a
hash proposes, the caller compares exactly). Every key
is stored up to :data:`ALL_KEYS_COLUMNS`, then the distinguished ones only
(low :data:`DP_BITS` bits zero), so the table stays small on long runs.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import IntEnum

import numpy as np

from fast._jit import jit
from fast.strip.geometry import BLOCK
from floor.blocks import Step, run_blocks
from floor.interrupt import call

__all__ = ["ALL_KEYS_COLUMNS", "DP_BITS", "Scan", "WindowKeys", "chunk_columns"]

#: The rolling hash of windows: sum of h[j] * base^j (mod 2^64); base is odd, so invertible.
_BASE = np.uint64(0x100000001B3)
_INV = np.uint64(pow(int(_BASE), -1, 2**64))

#: Every window key is kept in the search table up to this column; past it only the
#: distinguished ones (low DP_BITS bits zero), so the table stays small on long runs.
ALL_KEYS_COLUMNS = 1 << 20
#: A key is distinguished when its low bits are zero: one in 2**DP_BITS (the first repeat
#: is then found within a few thousand columns of the true one, and reported exactly).
DP_BITS = 10


class Scan(IntEnum):
    """What :func:`_scan_keys` returns in place of a column: no key seen before, or a table
    half full (to be grown before the scan goes on)."""

    NO_REPEAT = -1
    TABLE_FULL = -2


#: The codes as plain ints, for the jitted code.
NO_REPEAT = int(Scan.NO_REPEAT)
TABLE_FULL = int(Scan.TABLE_FULL)


def chunk_columns(rows: int) -> int:
    """Columns the certificate computes between two looks at its keys (a power of two).

    About 2**26 cells (a pipeline of a few dozen steps), 4096 to 2**20 columns.

    >>> chunk_columns(301), chunk_columns(2048)
    (262144, 32768)
    """
    target = (1 << 26) // max(1, rows)
    c = BLOCK
    while c < target and c < (1 << 20):
        c *= 2
    return c


@dataclass
class WindowKeys:
    """The arrays of one search for equal windows (the kernel :func:`_scan_keys` takes them).

    ``hist[y % len(hist)]`` is column y's hash (W + a chunk of them and one more
    are kept); ``keys``/``cols`` the table of keys and the column each was first
    seen at (``cols`` -1: a free slot; a power of two); ``fill[0]`` the keys
    stored; ``key[0]`` the last key rolled, valid when ``have[0]``.
    """

    hist: np.ndarray
    keys: np.ndarray
    cols: np.ndarray
    fill: np.ndarray
    key: np.ndarray
    have: np.ndarray

    @classmethod
    def empty(cls, history: int, slots: int) -> WindowKeys:
        """No key yet: ``history`` column hashes and a table of ``slots`` slots."""
        return cls(
            np.zeros(history, dtype=np.uint64),
            np.zeros(slots, dtype=np.uint64),
            np.full(slots, -1, dtype=np.int64),
            np.zeros(1, dtype=np.int64),
            np.zeros(1, dtype=np.uint64),
            np.zeros(1, dtype=np.bool_),
        )

    def put_hashes(self, y: int, hashes: np.ndarray) -> None:
        """Column hashes of the columns ``y, y + 1, ...``."""
        self.hist[np.arange(y, y + len(hashes)) % len(self.hist)] = hashes

    def rehash(self, size: int) -> None:
        """A table of at least ``size`` slots with the same keys."""
        self.keys, self.cols = _rehash(self.keys, self.cols, size)

    def first_repeat(
        self,
        w: int,
        lo: int,
        hi: int,
        proves: Callable[[int, int], bool],
        all_keys: int | None = None,
    ) -> tuple[int, int] | None:
        """The first (c, earlier), ``lo <= c < hi``, whose window (the ``w`` columns before
        c) has the key of the window before ``earlier`` and ``proves(c, earlier)``; None if
        none. Every key of the columns is rolled in, in order, up to that column (all of
        them if none); the table grows when half full. Every key is stored before column
        ``all_keys`` (default :data:`ALL_KEYS_COLUMNS`), then the distinguished ones.

        The scan (:func:`_scan_keys`) runs in blocks (:func:`floor.blocks.run_blocks`): a
        block ends at the end, at a repeat (one ``proves`` refuses, a hash collision: the
        next block starts after it, the earlier column keeps the key; one it accepts ends
        the scan) or at a table half full (it grows, and the next block starts at that
        column again).
        """
        every = ALL_KEYS_COLUMNS if all_keys is None else all_keys
        found: list[tuple[int, int]] = []

        def block(a: int, b: int) -> tuple[Step, int]:
            with np.errstate(over="ignore"):  # uint64 wraps (NUMBA_DISABLE_JIT)
                hit, earlier = call(
                    _scan_keys, self.hist, w, a, b, self.keys, self.cols, self.fill, self.key,
                    self.have, every, DP_BITS, True,
                )  # fmt: skip
            if hit == NO_REPEAT:
                return Step.DONE, b
            if earlier == TABLE_FULL:
                self.rehash(4 * (int(self.fill[0]) + 1))
                return Step.GROWN, int(hit)
            if proves(int(hit), int(earlier)):
                found.append((int(hit), int(earlier)))
                return Step.DONE, b
            return Step.PAUSED, int(hit) + 1

        run_blocks(block, hi, start=lo, size=max(1, hi - lo))
        return found[0] if found else None

    def distinguished(self) -> tuple[np.ndarray, np.ndarray]:
        """(keys, columns) of the distinguished keys stored (what a checkpoint keeps: enough
        to find the repeat again, :func:`fast.strip.strip_periods`)."""
        dp = (np.uint64(1) << np.uint64(DP_BITS)) - np.uint64(1)
        used = (self.cols >= 0) & ((self.keys & dp) == 0)
        return self.keys[used].copy(), self.cols[used].copy()


@jit
def _scan_keys(
    hist: np.ndarray,
    w: int,
    c_from: int,
    c_to: int,
    keys: np.ndarray,
    cols: np.ndarray,
    fill: np.ndarray,
    key: np.ndarray,
    have_key: np.ndarray,
    all_keys: int,
    dp_bits: int,
    sparse: bool,
) -> tuple[int, int]:  # pragma: no cover - jit
    """The window keys of the columns c_from <= c < c_to (window [c - W, c)), in order.

    ``key(c) = sum_j hist[c - W + j] * base**j`` (mod 2**64), rolled from
    ``key[0]`` (the key of c_from - 1, if ``have_key``). Each key is looked up
    in the table; it is stored if c < ``all_keys`` or its low ``dp_bits`` bits
    are zero; with ``sparse``, past ``2 * all_keys`` only those are looked up
    (the table's cache misses avoided). A repeat is then found at its next
    distinguished key, and its period is still the least one (the earlier
    column holds the key's first occurrence); every key is looked up up to
    ``2 * all_keys``, so a cycle that begins with stored keys is found whatever
    its period (one longer than ``all_keys`` lacks a distinguished key only with
    probability about ``exp(-all_keys / 2**dp_bits)``). Returns (c, the earlier
    column) of the first key found, else (NO_REPEAT, NO_REPEAT); ``key`` then holds the
    last key. When the table is half full before column c: (c, TABLE_FULL), to be called
    again from c after :func:`_rehash` (``key`` holds the key of c - 1).
    """
    size = len(hist)
    base = np.uint64(0x100000001B3)
    top = np.uint64(1)
    for _ in range(w - 1):
        top *= base
    inv = _INV
    mask = len(keys) - 1
    dp = (np.uint64(1) << np.uint64(dp_bits)) - np.uint64(1)
    k = key[0]
    for c in range(c_from, c_to):
        if 2 * (fill[0] + 1) > len(keys):
            return c, TABLE_FULL
        if have_key[0]:
            # from the window [c - 1 - W, c - 1) to [c - W, c)
            k = (k - hist[(c - 1 - w) % size]) * inv + hist[(c - 1) % size] * top
        else:
            k = np.uint64(0)
            p = np.uint64(1)
            for j in range(w):
                k += hist[(c - w + j) % size] * p
                p *= base
            have_key[0] = True
        key[0] = k
        stored = c < all_keys or (k & dp) == np.uint64(0)
        if sparse and not stored and c >= 2 * all_keys:
            continue
        i = int((k ^ (k >> np.uint64(29))) & np.uint64(0xFFFFFFFFFFFF)) & mask
        while cols[i] >= 0:
            if keys[i] == k:
                return c, cols[i]
            i = (i + 1) & mask
        if stored:
            keys[i] = k
            cols[i] = c
            fill[0] += 1
    return NO_REPEAT, NO_REPEAT


@jit
def _first_repeat(
    table_keys: np.ndarray,
    table_cols: np.ndarray,
    keys: np.ndarray,
    cols: np.ndarray,
    fill: np.ndarray,
) -> int:  # pragma: no cover - jit
    """Insert keys in order (open addressing); the index of the first key already there, or -1."""
    mask = len(table_keys) - 1
    for i in range(len(keys)):
        key = keys[i]
        j = int((key ^ (key >> np.uint64(29))) & np.uint64(0xFFFFFFFFFFFF)) & mask
        while table_cols[j] >= 0:
            if table_keys[j] == key:
                return i
            j = (j + 1) & mask
        table_keys[j] = key
        table_cols[j] = cols[i]
        fill[0] += 1
    return -1


def _rehash(keys: np.ndarray, cols: np.ndarray, size: int) -> tuple[np.ndarray, np.ndarray]:
    """A table of at least ``size`` slots (a power of two) holding the same entries."""
    n = 1
    while n < size:
        n *= 2
    new_keys = np.zeros(n, dtype=np.uint64)
    new_cols = np.full(n, -1, dtype=np.int64)
    used = cols >= 0
    call(_first_repeat, new_keys, new_cols, keys[used], cols[used], np.zeros(1, dtype=np.int64))
    return new_keys, new_cols
