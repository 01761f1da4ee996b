"""Algorithm RW in numba: p_n^g for n up to about 3.5e18 (000 §3.4-3.7).

The twin of :mod:`reference.rw`. The recursion (one level per factor phi,
about 90 levels at n = 1e18) stays in Python with exact integers for the
phi arithmetic (RW line 3); each level's work -- the symbols of line 8,
``index_h(r0)`` of lines 9-10 and the FSW run of line 12 -- is one numba
kernel built on :func:`fast.fsw._row_step`.

**Conditional results.** Exact only if Conjecture 3.10 holds with the
constant ``R`` at every start row the recursion uses, and ``L``, ``H`` bound
``a_n^h - b_n^h / phi``; defaults as in :mod:`reference.rw` (the paper's
L = -15, H = 15, R_g about twice Table 5; g <= 20 unless ``R`` is given).

The kernels hold rows and columns in int64; the largest column touched is
about ``phi^2 n``, so ``n`` is limited to :data:`N_MAX` (OverflowError
beyond).

References
----------
G. Nivasch, "More on the Sprague-Grundy function for Wythoff's game",
Games of No Chance 3 (2009), §3.4-3.7, Algorithm RW, Table 6. Seed ``000``.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from fast._jit import INT64_MAX, check_int64_range, jit
from fast.fsw import (
    MAX_G,
    OK,
    TrueState,
    _raise,
    _ring_size,
    _row_step,
    _true_state,
    _true_step,
    _true_symbol,
)
from floor.blocks import Step, run_blocks
from floor.interrupt import call, spans
from reference.beatty import index0
from reference.rw import H_DEFAULT, L_DEFAULT, band_search, check_parameters, default_R

__all__ = ["N_MAX", "R2_MAX", "ROW_SECONDS", "gvalues", "nth_gvalue", "nth_gvalues"]

#: Largest n accepted: b_n^g is about phi^2 n and must stay within int64.
N_MAX = (INT64_MAX - 10**9) // 2619 * 1000
#: Largest row r2 accepted by :func:`gvalues` (about phi N_MAX).
R2_MAX = (N_MAX * 1618) // 1000
#: The estimate of one position's value by Algorithm RW (the registry's ``rw`` method): this
#: answers a row of Wythoff in well under a second (``grundy gvalues --g 20 --n 1e12``,
#: benchmarks/bench_fsw_rw.py); beyond its int64 range reference.rw declines what its
#: measured time per level projects past the budget.
ROW_SECONDS = 1.0


@jit
def _record(r: int, g: int, index: np.ndarray, outb: np.ndarray, out: np.ndarray, cnt: int) -> int:
    """Append row r's h-points (h, n, r, b) to ``out`` from row ``cnt``; the new count."""
    for h in range(g + 1):
        if outb[h] >= 0:
            out[cnt, 0] = h
            out[cnt, 1] = index[h] - 1
            out[cnt, 2] = r
            out[cnt, 3] = outb[h]
            cnt += 1
    return cnt


@jit
def _keep_index(r: int, r1: int, g: int, index: np.ndarray, index_r1: np.ndarray) -> None:
    """``index_h(r1)``, kept when the run reaches row r1 (the recursion needs it)."""
    if r == r1:
        for h in range(g + 1):
            index_r1[h] = index[h]


@jit
def _base_rows(
    g: int,
    r_lo: int,
    r_hi: int,
    r1: int,
    ring_mask: int,
    true: TrueState,
    index_r1: np.ndarray,
    out: np.ndarray,
    count: np.ndarray,
) -> int:  # pragma: no cover - jit
    """RW line 5, rows r_lo..r_hi-1: WSG (FSW's step with true symbols); a
    :class:`fast.fsw.FswCode`."""
    index, outb, ring = true.index_h, true.outb, true.ring
    cnt = count[0]
    for r in range(r_lo, r_hi):
        _keep_index(r, r1, g, index, index_r1)
        err = _true_step(r, _true_symbol(r, g, ring, ring_mask), g, true, ring_mask)
        if err != OK:
            return err
        if r >= r1:
            cnt = _record(r, g, index, outb, out, cnt)
    count[0] = cnt
    return OK


@jit
def _level_symbols(
    r0: int, r2: int, sp: np.ndarray, k_lo: int, k_hi: int, sym: np.ndarray, t: np.ndarray
) -> None:  # pragma: no cover - jit
    """RW lines 8-9 for the points S'[k_lo:k_hi] of the recursive call."""
    for k in range(k_lo, k_hi):
        h = sp[k, 0]
        b = sp[k, 3]
        if b >= r0 and b <= r2:  # RW line 8: a reflected h-point on row b
            sym[b - r0] &= ~(1 << h)
        elif b < r0:  # RW line 9
            t[h] += 1


@jit
def _level_rows(
    g: int,
    r_lo: int,
    r_hi: int,
    r0: int,
    r1: int,
    sym: np.ndarray,
    index: np.ndarray,
    firstd: np.ndarray,
    dmask: np.ndarray,
    cmask: np.ndarray,
    rowcols: np.ndarray,
    outb: np.ndarray,
    index_r1: np.ndarray,
    out: np.ndarray,
    count: np.ndarray,
) -> int:  # pragma: no cover - jit
    """RW lines 12-13, rows r_lo..r_hi-1: FSW from the dummy state; a
    :class:`fast.fsw.FswCode`."""
    cnt = count[0]
    for r in range(r_lo, r_hi):  # RW line 12: FSW from r0 to r2
        _keep_index(r, r1, g, index, index_r1)
        err = _row_step(r, sym[r - r0], g, index, firstd, dmask, cmask, rowcols, outb)
        if err != OK:
            return err
        if r >= r1:  # RW line 13
            cnt = _record(r, g, index, outb, out, cnt)
    count[0] = cnt
    return OK


#: FSW steps (one per h and row, each up to g + 1 columns) per kernel call (the Ctrl-C
#: protocol, :mod:`floor.interrupt`): 2^22 steps of about 10 ns, some 40 ms.
STEPS_PER_CALL = 1 << 22


def _rows_per_call(g: int) -> int:
    """Rows per kernel call at ``g``: :data:`STEPS_PER_CALL` over (g + 1)^2.

    >>> _rows_per_call(0), _rows_per_call(30)
    (4194304, 4364)
    """
    return max(256, STEPS_PER_CALL // (g + 1) ** 2)


def _in_blocks(kernel: Any, g: int, lo: int, hi: int, *state: Any) -> None:
    """``kernel(g, r_lo, r_hi, *state)`` over rows lo..hi-1, a block per call
    (:func:`floor.blocks.run_blocks`); OverflowError when a block fails
    (:func:`fast.fsw._raise`)."""

    def block(r_lo: int, r_hi: int) -> tuple[Step, int]:
        _raise(call(kernel, g, r_lo, r_hi, *state), "fast.rw")
        return Step.DONE, r_hi

    run_blocks(block, hi, start=lo, size=_rows_per_call(g))


def _base(g: int, r1: int, r2: int, index_r1: np.ndarray) -> np.ndarray:
    """RW line 5: WSG from row 0 to r2, the points of rows r1..r2."""
    ring_size = _ring_size(r2 + 1)
    out = np.zeros(((r2 - r1 + 1) * (g + 1), 4), np.int64)
    count = np.zeros(1, np.int64)
    true = _true_state(g, ring_size)
    _in_blocks(_base_rows, g, 0, r2 + 1, r1, ring_size - 1, true, index_r1, out, count)
    return out[: int(count[0])]


def _level(
    g: int, r0: int, r1: int, r2: int, index_p: np.ndarray, sp: np.ndarray, index_r1: np.ndarray
) -> np.ndarray:
    """RW lines 8-13 given the recursive call's ``index_h(r1')`` and points S'."""
    sym = np.full(r2 - r0 + 1, (1 << (g + 1)) - 1, np.int64)
    t = np.zeros(g + 1, np.int64)
    for k_lo, k_hi in spans(sp.shape[0], STEPS_PER_CALL):
        call(_level_symbols, r0, r2, sp, k_lo, k_hi, sym, t)
    index = r0 + 1 - index_p - t  # RW line 10
    firstd = index.copy()  # RW lines 11-12: the dummy state (3-8)
    dmask, cmask, rowcols, outb = (np.zeros(g + 1, np.int64) for _ in range(4))
    out = np.zeros(((r2 - r1 + 1) * (g + 1), 4), np.int64)
    count = np.zeros(1, np.int64)
    _in_blocks(
        _level_rows,
        g,
        r0,
        r2 + 1,
        r0,
        r1,
        sym,
        index,
        firstd,
        dmask,
        cmask,
        rowcols,
        outb,
        index_r1,
        out,
        count,
    )
    return out[: int(count[0])]


def _floor_inv_phi(r: int) -> int:
    return 0 if r <= 0 else index0(r) - 1


def _rw(g: int, r1: int, r2: int, L: int, H: int, R: int) -> tuple[np.ndarray, np.ndarray]:
    index_r1 = np.zeros(g + 1, np.int64)
    r0 = r1 - R  # RW line 1
    r1p = (index0(r0) if r0 >= 0 else 0) + L  # RW line 3 (exact)
    r2p = _floor_inv_phi(r2) + H
    if r0 < 0 or r2p >= r0 or r1p <= 2 * g:  # RW line 4
        out = _base(g, r1, r2, index_r1)  # RW line 5
    else:
        index_p, sp = _rw(g, r1p, r2p, L, H, R)  # RW line 7
        out = _level(g, r0, r1, r2, index_p, sp, index_r1)
    return index_r1, out


def _check_int(func: str, name: str, value: object, minimum: int | None = 0) -> int:
    if isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, np.integer)):
        raise ValueError(f"{func}: {name} must be an int ({name} = {value!r})")
    if minimum is not None and value < minimum:
        raise ValueError(f"{func}: {name} must be >= {minimum} ({name} = {value!r})")
    return int(value)


def _params(func: str, g: object, L: object, H: object, R: object) -> tuple[int, int, int, int]:
    g = _check_int(func, "g", g)
    if g > MAX_G:
        raise ValueError(f"{func}: g must be <= {MAX_G} (g = {g})")
    L = _check_int(func, "L", L, None)
    H = _check_int(func, "H", H, None)
    R = default_R(g) if R is None else _check_int(func, "R", R, None)
    check_parameters(func, g, L, H, R)  # R below 000 Table 5, L or H inside the data
    return g, L, H, R


def gvalues(
    g: int, r1: int, r2: int, L: int = L_DEFAULT, H: int = H_DEFAULT, R: int | None = None
) -> tuple[np.ndarray, np.ndarray]:
    """Algorithm RW: ``index_h(r1)`` and the h-points (h <= g) on rows r1..r2.

    Returns
    -------
    (numpy.ndarray, numpy.ndarray)
        ``index_h(r1)`` for h = 0..g, and an ``[k, 4]`` int64 array of rows
        (h, n, a_n^h, b_n^h), ordered by (a, h). Conditional on
        Conjecture 3.10 (module docstring).

    Raises
    ------
    ValueError
        For bad arguments.
    OverflowError
        If r2 is beyond the int64 range of the kernels.

    Examples
    --------
    >>> index, points = gvalues(1, 2, 4)
    >>> index.tolist(), points.tolist()[:3]
    ([2, 1], [[1, 1, 2, 2], [0, 2, 3, 5], [1, 2, 3, 6]])
    """
    g, L, H, R = _params("gvalues", g, L, H, R)
    r1 = _check_int("gvalues", "r1", r1)
    r2 = _check_int("gvalues", "r2", r2, r1)
    check_int64_range("r2", r2, R2_MAX)
    return _rw(g, r1, r2, L, H, R)


def _nth_points(
    func: str, g: object, n: object, L: object, H: object, R: object, all_h: bool
) -> list[tuple[int, int]]:
    """``p_n^h`` for h = 0..g (``all_h``) or h = g (:func:`reference.rw.band_search`)."""
    g, L, H, R = _params(func, g, L, H, R)
    n = _check_int(func, "n", n)
    check_int64_range("n", n, N_MAX)
    hs = range(g + 1) if all_h else [g]
    return band_search(n, g, hs, lambda r1, r2: _rw(g, r1, r2, L, H, R)[1].tolist())


def nth_gvalues(
    g: int, n: int, L: int = L_DEFAULT, H: int = H_DEFAULT, R: int | None = None
) -> list[tuple[int, int]]:
    """``[p_n^h for h = 0..g]`` from one RW run per band (exact ints).

    The twin of :func:`reference.rw.nth_gvalues`: Algorithm RW yields every
    h-point, h <= g, of a band at once (000 §3.4), so all g + 1 points cost
    about one :func:`nth_gvalue` ``(g, n)`` run. With the default R it uses
    R_g for every h (``nth_gvalue(h, n)`` uses R_h).

    Returns
    -------
    list of (int, int)
        ``result[h] = (a_n^h, b_n^h)``, h = 0..g.

    Raises
    ------
    ValueError
        For bad arguments, and for L, H, R known to be unsound
        (:func:`reference.rw.check_parameters`).
    OverflowError
        If n > :data:`N_MAX`.

    Examples
    --------
    >>> nth_gvalues(2, 10)
    [(16, 26), (15, 25), (17, 26)]
    >>> nth_gvalues(3, 100000, R=0)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: nth_gvalues: R = 0 is below 140, the rows to convergence for g = 3 ...
    """
    return _nth_points("nth_gvalues", g, n, L, H, R, True)


def nth_gvalue(
    g: int, n: int, L: int = L_DEFAULT, H: int = H_DEFAULT, R: int | None = None
) -> tuple[int, int]:
    """``p_n^g = (a_n^g, b_n^g)`` by Algorithm RW (conditional on Conjecture 3.10).

    Parameters
    ----------
    g : int
        0 <= g <= 20 with the default R (or any g <= 62 with ``R``).
    n : int
        0 <= n <= N_MAX (about 3.5e18).

    Returns
    -------
    (int, int)

    Raises
    ------
    ValueError
        For bad arguments, and for L, H, R known to be unsound.
    OverflowError
        If n > :data:`N_MAX`.

    Examples
    --------
    >>> nth_gvalue(0, 10**12)  # 000 Table 6, g = 0: (a + 49, b + 49)
    (1618033988749, 2618033988749)
    >>> nth_gvalue(0, 10**19)
    Traceback (most recent call last):
    ...
    OverflowError: n = 10000000000000000000 is beyond this kernel's int64 range ...
    """
    return _nth_points("nth_gvalue", g, n, L, H, R, False)[0]
