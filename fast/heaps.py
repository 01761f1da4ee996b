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
* **Splitting**: each n marks G(a) XOR G(n - k - a) for every a <= (n - k)/2
  and every k whose digit has bit 4: the prefix XOR-convolution, O(n^2)
  (about n^2 / 4 XORs per splitting digit, :data:`SPLIT_SECONDS` each).
  Values are kept as uint16; a value past 65535 raises OverflowError (never
  a silent wrap).

The mex uses a stamp array (one int64 per possible value, marked with n + 1),
so nothing is cleared between terms. The work runs in blocks of bounded time
(:mod:`fast._interrupt`): Ctrl-C stops it within a block.
"""

from __future__ import annotations

import numpy as np

from fast._interrupt import BLOCK_SECONDS, call
from fast._jit import jit, smallest_unsigned
from fast._memory import check_memory

__all__ = ["SPLIT_SECONDS", "SUBTRACTION_SECONDS", "nim_sequence", "sequence_cost"]

#: Seconds per term and move of a code without splitting (measured 2026-11-28, x86_64, 2 shared
#: cores: subtraction:1,3,4, 10^8 terms in 0.72 s, 2.4e-9 s per term and move), rounded up.
SUBTRACTION_SECONDS = 3e-9
#: Seconds per XOR of a splitting code (measured 2026-11-28: octal:0.07, 10^5 terms in 3.4 s,
#: 2.5e9 XORs: about 1.35e-9 s each), rounded up.
SPLIT_SECONDS = 2e-9


def _splitting(code: tuple[int, ...]) -> int:
    """How many digits split (bit 4)."""
    return sum(1 for d in code if d & 4)


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
        return split * terms * terms / 4 * SPLIT_SECONDS, 2 * terms + 8 * 65537
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
        moves = _splitting(code)
        for a, b in _split_blocks(head, terms, moves):
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


def _split_blocks(start: int, stop: int, moves: int) -> list[tuple[int, int]]:
    """Blocks [a, b) of about :data:`fast._interrupt.BLOCK_SECONDS` of XORs each."""
    blocks, a = [], start
    while a < stop:
        per = int(BLOCK_SECONDS / (SPLIT_SECONDS * moves * max(1, a) / 2)) + 1
        blocks.append((a, min(stop, a + per)))
        a += per
    return blocks
