"""Numba twin of :mod:`reference.landman`: the row machine and its exact period.

The same machine (seed 004 §3; seed 001 Theorem 4 and Remark 5) with the
bit arrays ``L'`` and ``S'`` held as 0/1 bytes, ``state[0, k, j]`` = bit j
of ``L'(k, m)`` and ``state[1, k, j]`` = bit j of ``S'(k, m)`` (bit j is the
value ``m - lo(k) + j``). Games are coded 0 = wythoff, 1 = f-wythoff,
2 = r-wythoff; the windows ``lo(k)`` and start ``m0`` are the reference's
(:func:`reference.landman.rules_for`), passed in as arrays, so there is one
machine for the three games.

Period detection is exact and needs no table of states: Brent's cycle
algorithm compares whole states (array equality), finding the least
``mu`` and ``lam`` with ``state(m0 + mu) == state(m0 + mu + lam)``: the
same cycle as the reference's dict of states (its first repeat). The
minimal preperiod and period of the row are then read off the values, as in
:func:`reference.landman.minimal_periodicity`.
"""

from __future__ import annotations

import numpy as np

from fast._jit import jit
from fast._rules import keeps_ratio
from fast.beatty import check_memory
from reference.landman import (
    GAMES,
    MachineCycle,
    NoCycle,
    Periodicity,
    WindowError,
    rules_for,
)

__all__ = ["machine_cycle", "row_periodicity", "row_values"]

#: Refuse rows whose direct prefix (before the machine starts) would take longer
#: than this many elementary steps (F-Wythoff's m0 = n**2 + 1 grows fast).
MAX_PREFIX_WORK = 2 * 10**10

#: Status codes of the kernels.
_OK, _WINDOW, _TOO_LONG = 0, 1, 2


@jit
def _direct_prefix(game: int, n: int, m0: int) -> np.ndarray:
    """G[k, m] for k <= n, m < m0 by the mex over the followers (the definition)."""
    values = np.zeros((n + 1, max(m0, 1)), dtype=np.int64)
    seen = np.zeros(n + m0 + 2, dtype=np.int64)  # seen[v] == stamp: v excluded
    stamp = 0
    for m in range(m0):
        for k in range(n + 1):
            stamp += 1
            small = min(k, m)
            large = max(k, m)
            along = True
            across = True
            if game == 2:  # r-wythoff: the larger pile only (either if equal)
                along = m >= k
                across = k >= m
            if along:
                for mm in range(m):
                    seen[values[k, mm]] = stamp
            if across:
                for kk in range(k):
                    seen[values[kk, m]] = stamp
            if game == 1:  # f-wythoff: j <= s - 1 keeping floor(l / s)
                for j in range(1, small):
                    if keeps_ratio(small, large, j):
                        seen[values[k - j, m - j]] = stamp
            else:
                for j in range(1, small + 1):
                    seen[values[k - j, m - j]] = stamp
            g = 0
            while seen[g] == stamp:
                g += 1
            values[k, m] = g
    return values


@jit
def _initial_state(
    n: int, m0: int, prefix: np.ndarray, lo: np.ndarray, slant: bool, state: np.ndarray
) -> int:
    """Fill L'(k, m0), S'(k, m0) from the prefix; return a status code."""
    width_max = state.shape[2]
    used = np.zeros(m0 + 3 * n + 2, dtype=np.uint8)
    for k in range(n + 1):
        bottom = m0 - lo[k]
        width = lo[k] + k + 1
        used[:] = 0
        for mm in range(m0):
            used[prefix[k, mm]] = 1
        for v in range(bottom):
            if used[v] == 0:
                return _WINDOW
        for j in range(width_max):
            state[0, k, j] = 0
            state[1, k, j] = 0
        for j in range(width):
            state[0, k, j] = 1 - used[bottom + j]
            state[1, k, j] = 1
        if slant:
            for j in range(1, min(k, m0) + 1):
                v = prefix[k - j, m0 - j]
                if v >= bottom:
                    state[1, k, v - bottom] = 0
    return _OK


@jit
def _step(
    n: int,
    lo: np.ndarray,
    slant: bool,
    across: bool,
    state: np.ndarray,
    out: np.ndarray,
    relative: np.ndarray,
    d_bits: np.ndarray,
) -> int:
    """One step: relative[k] = G(k, m) - (m - lo[k]); out = state at m + 1."""
    for k in range(n + 1):
        width = lo[k] + k + 1
        for j in range(width):
            d_bits[j] = 1
        if across:  # D'(k, m), bottom up from k = 0 (004 §3)
            for kk in range(k):
                d_bits[relative[kk] + lo[k] - lo[kk]] = 0
        g = -1
        for j in range(width):  # min(L' ∩ S' ∩ D')
            if state[0, k, j] == 1 and state[1, k, j] == 1 and d_bits[j] == 1:
                g = j
                break
        if g < 0:
            return _WINDOW
        relative[k] = g
        # L'(k, m + 1): unset G(k, m), shift over 1, set the end bit
        if state[0, k, 0] == 1 and g != 0:
            return _WINDOW
        for j in range(width - 1):
            out[0, k, j] = state[0, k, j + 1]
        if g >= 1:
            out[0, k, g - 1] = 0
        out[0, k, width - 1] = 1
        # S'(k, m + 1) from S'(k - 1, m) and G(k - 1, m)
        for j in range(width):
            out[1, k, j] = 1
        if slant and k > 0:
            shift = lo[k] - lo[k - 1] - 1
            below = lo[k - 1] + k
            for i in range(below):
                if state[1, k - 1, i] == 0:
                    out[1, k, i + shift] = 0
            out[1, k, relative[k - 1] + shift] = 0
    return _OK


@jit
def _setup(
    game: int, n: int, m0: int, lo: np.ndarray, slant: bool
) -> tuple[np.ndarray, np.ndarray, int]:
    prefix = _direct_prefix(game, n, m0)
    state = np.zeros((2, n + 1, 3 * n + 1), dtype=np.uint8)
    status = _initial_state(n, m0, prefix, lo, slant, state)
    return prefix, state, status


@jit
def _values_kernel(
    game: int, n: int, m_max: int, m0: int, lo: np.ndarray, slant: bool, across: bool
) -> tuple[np.ndarray, int]:
    """G(n, m) for 0 <= m <= m_max, and a status code."""
    out = np.zeros(m_max + 1, dtype=np.int64)
    prefix, state, status = _setup(game, n, m0, lo, slant)
    if status != _OK:
        return out, status
    for m in range(min(m0, m_max + 1)):
        out[m] = prefix[n, m]
    other = state.copy()
    relative = np.zeros(n + 1, dtype=np.int64)
    d_bits = np.zeros(3 * n + 1, dtype=np.uint8)
    for m in range(m0, m_max + 1):
        status = _step(n, lo, slant, across, state, other, relative, d_bits)
        if status != _OK:
            return out, status
        out[m] = m - lo[n] + relative[n]
        state, other = other, state
    return out, _OK


@jit
def _advance(
    n: int,
    lo: np.ndarray,
    slant: bool,
    across: bool,
    state: np.ndarray,
    tmp: np.ndarray,
    relative: np.ndarray,
    d_bits: np.ndarray,
) -> int:
    status = _step(n, lo, slant, across, state, tmp, relative, d_bits)
    state[:] = tmp
    return status


@jit
def _cycle_kernel(
    game: int, n: int, m0: int, lo: np.ndarray, slant: bool, across: bool, max_steps: int
) -> tuple[int, int, int]:
    """Brent's algorithm on the machine: (mu, lam, status), comparing whole states."""
    _prefix, x0, status = _setup(game, n, m0, lo, slant)
    if status != _OK:
        return 0, 0, status
    tmp = x0.copy()
    relative = np.zeros(n + 1, dtype=np.int64)
    d_bits = np.zeros(3 * n + 1, dtype=np.uint8)
    power = 1
    lam = 1
    steps = 0
    tortoise = x0.copy()
    hare = x0.copy()
    status = _advance(n, lo, slant, across, hare, tmp, relative, d_bits)
    while status == _OK and not np.array_equal(tortoise, hare):
        if power == lam:
            tortoise[:] = hare
            power *= 2
            lam = 0
        status = _advance(n, lo, slant, across, hare, tmp, relative, d_bits)
        lam += 1
        steps += 1
        if steps > max_steps:
            return 0, 0, _TOO_LONG
    if status != _OK:
        return 0, 0, status
    tortoise[:] = x0
    hare[:] = x0
    for _ in range(lam):
        _advance(n, lo, slant, across, hare, tmp, relative, d_bits)
    mu = 0
    while not np.array_equal(tortoise, hare):
        _advance(n, lo, slant, across, tortoise, tmp, relative, d_bits)
        _advance(n, lo, slant, across, hare, tmp, relative, d_bits)
        mu += 1
    return mu, lam, _OK


@jit
def _minimal_kernel(values: np.ndarray, start: int, length: int) -> tuple[int, int]:
    """Minimal (preperiod, period) of G - m, periodic with ``length`` from ``start``."""
    total = start + length
    h = np.empty(total, dtype=np.int64)
    for m in range(total):
        h[m] = values[m] - m
    period = length
    for q in range(1, length + 1):
        if length % q != 0:
            continue
        good = True
        for t in range(start, total):
            u = t + q
            if u >= total:
                u -= length
            if h[u] != h[t]:
                good = False
                break
        if good:
            period = q
            break
    preperiod = start
    while preperiod > 0:
        u = preperiod - 1 + period
        if u >= total:
            u -= length
        if h[u] != h[preperiod - 1]:
            break
        preperiod -= 1
    return preperiod, period


def _prepare(n: int, game: str) -> tuple[int, int, np.ndarray, bool, bool]:
    if isinstance(n, bool) or not isinstance(n, int) or n < 0:
        raise ValueError(f"n must be an int >= 0 (n = {n!r})")
    rules = rules_for(game)
    m0 = rules.start(n)
    work = (n + 1) * m0 * (m0 + n)
    if work > MAX_PREFIX_WORK:
        raise ValueError(
            f"n = {n} is too large for {game}: the direct prefix m < m0 = {m0} needs about "
            f"{work:.1e} operations (limit {MAX_PREFIX_WORK:.0e})"
        )
    lo = np.array([rules.lo(k) for k in range(n + 1)], dtype=np.int64)
    return GAMES.index(game), m0, lo, rules.slant_in_machine, rules.across_in_machine


def _raise(status: int, game: str, n: int) -> None:
    if status == _WINDOW:
        raise WindowError(f"{game}: a value left the machine's window in row {n}")
    if status == _TOO_LONG:
        raise NoCycle(f"{game}: no repeated state of row {n} within max_steps")


def row_values(n: int, m_max: int, game: str = "wythoff") -> np.ndarray:
    """``G(n, m)`` for 0 <= m <= m_max as an int64 array (twin of the reference).

    Examples
    --------
    >>> row_values(3, 13).tolist()
    [3, 4, 5, 6, 2, 0, 1, 9, 10, 12, 8, 7, 15, 11]
    >>> row_values(-1, 5)
    Traceback (most recent call last):
    ...
    ValueError: n must be an int >= 0 (n = -1)
    """
    code, m0, lo, slant, across = _prepare(n, game)
    if isinstance(m_max, bool) or not isinstance(m_max, int) or m_max < 0:
        raise ValueError(f"m_max must be an int >= 0 (m_max = {m_max!r})")
    check_memory(8 * (m_max + 1) + 8 * (n + 1) * (m0 + 1), f"row {n} up to m = {m_max}")
    values, status = _values_kernel(code, n, m_max, m0, lo, slant, across)
    _raise(status, game, n)
    return values


def machine_cycle(n: int, game: str = "wythoff", max_steps: int = 10**9) -> MachineCycle:
    """The machine's first repeated state (start, length) found by Brent's algorithm.

    ``states`` is the number of distinct states from m0 on (start + length - m0),
    as in :func:`reference.landman.machine_cycle`. ``max_steps`` bounds Brent's
    steps (the reference bounds distinct states); beyond it :class:`NoCycle`.

    Examples
    --------
    >>> machine_cycle(3)
    MachineCycle(start=8, length=6, states=8)
    """
    code, m0, lo, slant, across = _prepare(n, game)
    check_memory(8 * (n + 1) * (m0 + 1) + 8 * (n + 1) * (3 * n + 1), f"the machine of row {n}")
    mu, lam, status = _cycle_kernel(code, n, m0, lo, slant, across, max_steps)
    _raise(status, game, n)
    return MachineCycle(m0 + mu, lam, mu + lam)


def row_periodicity(n: int, game: str = "wythoff", max_steps: int = 10**9) -> Periodicity:
    """Exact minimal (preperiod, period, saltus) of row n (twin of the reference).

    Examples
    --------
    >>> row_periodicity(3)
    Periodicity(preperiod=8, period=6, saltus=6)
    """
    cycle = machine_cycle(n, game, max_steps)
    values = row_values(n, cycle.start + cycle.length - 1, game)
    preperiod, period = _minimal_kernel(values, cycle.start, cycle.length)
    return Periodicity(int(preperiod), int(period), int(period))
