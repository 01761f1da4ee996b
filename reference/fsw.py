"""Algorithm FSW: Wythoff's greedy algorithm as a finite-state automaton.

The state of row r (Definition 3.7) holds, for every h <= g, the normalized
quantities ``n_index_h``, ``n_firstd_h``, ``n_ocdiag_h`` and ``n_occol_h``;
one FSW step reads the symbol ``insert(r)`` (Definition 3.9), places the
h-points of row r and moves to the state of row r + 1. Started from the
"dummy" state (3-8) with the correct symbols, the automaton is conjectured
to reach the true state within R_g rows (Conjecture 3.10); the number of
rows it needs is :func:`convergence_time` (§3.3, Table 5).

References
----------
G. Nivasch, "More on the Sprague-Grundy function for Wythoff's game",
Games of No Chance 3 (2009), §3.1-3.3: Definitions 3.1-3.9, (3-5), (3-8),
Algorithm FSW (page 400), Conjecture 3.10, Table 5. Seed ``000``.

Notes
-----
Definition 3.1-3 in the seed text reads ``firstd_h(r) = max D_h(r)``; the
sentence after it ("the first empty diagonal on row r"), (3-1) and Lemma
3.4 all require the first diagonal *not* in ``D_h(r)``, i.e. ``mex``. The
conversion lost the symbol; we use mex (tested in ``tests/test_fsw.py``).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from reference.beatty import index0
from reference.mex import mex
from reference.published import table5_rows_above
from reference.wsg import WSGResult, wsg

__all__ = [
    "FSWState",
    "convergence_time",
    "convergence_times",
    "default_horizon",
    "dummy_state",
    "fsw",
    "fsw_step",
    "insert",
    "true_state",
]


@dataclass
class FSWState:
    """The state of a row (000 Definition 3.7), normalized by ``index_0(r)``.

    Attributes
    ----------
    n_index, n_firstd : list of int
        ``n_index_h`` and ``n_firstd_h`` for h = 0..g.
    n_ocdiag, n_occol : list of frozenset of int
        ``n_ocdiag_h`` and ``n_occol_h`` for h = 0..g.
    """

    n_index: list[int]
    n_firstd: list[int]
    n_ocdiag: list[frozenset[int]] = field(default_factory=list)
    n_occol: list[frozenset[int]] = field(default_factory=list)

    @property
    def g(self) -> int:
        return len(self.n_index) - 1

    def copy(self) -> FSWState:
        return FSWState(
            list(self.n_index), list(self.n_firstd), list(self.n_ocdiag), list(self.n_occol)
        )

    def is_consistent(self) -> bool:
        """Property (3-5): ``n_index_h = n_firstd_h + |n_ocdiag_h|`` for every h."""
        triples = zip(self.n_index, self.n_firstd, self.n_ocdiag, strict=True)
        return all(i == f + len(o) for i, f, o in triples)


def _check_natural(func: str, name: str, value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ValueError(f"{func}: {name} must be an int >= 0 ({name} = {value!r})")
    return value


def true_state(g: int, r: int, result: WSGResult | None = None) -> FSWState:
    """The state of row r computed from Algorithm WSG by Definitions 3.1 and 3.5.

    Parameters
    ----------
    g : int
        Largest Grundy value h of the state (g >= 0).
    r : int
        The row (r >= 0).
    result : WSGResult, optional
        A WSG run with ``g`` values and at least ``r`` rows (reused when
        many states are wanted); computed when omitted.

    Returns
    -------
    FSWState
        The state of row r.

    Raises
    ------
    ValueError
        If g or r is not an int >= 0, or ``result`` is too small.

    Examples
    --------
    >>> s = true_state(2, 8)
    >>> s.n_index, s.n_firstd, sorted(s.n_ocdiag[2]), sorted(s.n_occol[2])
    ([0, 0, 1], [0, 0, -1], [0, 1], [0])
    >>> s.is_consistent()
    True
    """
    _check_natural("true_state", "g", g)
    _check_natural("true_state", "r", r)
    if result is None:
        result = wsg(g, r)
    elif result.g < g or result.rows < r:
        raise ValueError(
            f"true_state: result covers g <= {result.g}, rows < {result.rows}; "
            f"need g = {g}, r = {r}"
        )
    i0 = index0(r)
    n_index, n_firstd, n_ocdiag, n_occol = [], [], [], []
    for h in range(g + 1):
        below = [(a, b) for a, b in result.T[h] if a < r]
        index = len(below)  # Definition 3.1-1
        diags = {b - a for a, b in below}  # Definition 3.1-2
        firstd = mex(diags)  # Definition 3.1-3 (mex, see module Notes)
        ocdiag = {d for d in diags if d > firstd}  # Definition 3.1-4
        occol = {b - r for _, b in below if b - r >= firstd}  # Definition 3.1-6
        # Definition 3.5: normalize by index_0(r)
        n_index.append(index - i0)
        n_firstd.append(firstd - i0)
        n_ocdiag.append(frozenset(d - i0 for d in ocdiag))
        n_occol.append(frozenset(c - i0 for c in occol))
    return FSWState(n_index, n_firstd, n_ocdiag, n_occol)


def insert(g: int, r: int, result: WSGResult | None = None) -> frozenset[int]:
    """``insert(r) = {h <= g : r in A_h}`` (000 Definition 3.9).

    Examples
    --------
    >>> [sorted(insert(2, r)) for r in range(5)]
    [[0, 1, 2], [0, 2], [1], [0, 1, 2], [0, 1]]
    """
    _check_natural("insert", "g", g)
    _check_natural("insert", "r", r)
    if result is None:
        result = wsg(g, r + 1)
    elif result.g < g or result.rows <= r:
        raise ValueError(f"insert: result covers rows < {result.rows}; need r = {r}")
    return frozenset(h for h in range(g + 1) if r in result.A[h])


def dummy_state(n_index: list[int]) -> FSWState:
    """The dummy state (3-8): ``n_firstd' = n_index'``, empty sets.

    Parameters
    ----------
    n_index : list of int
        The correct ``n_index_h(r_1)`` for h = 0..g.

    Examples
    --------
    >>> s = dummy_state([0, 1])
    >>> s.n_index, s.n_firstd, s.n_ocdiag, s.n_occol
    ([0, 1], [0, 1], [frozenset(), frozenset()], [frozenset(), frozenset()])
    """
    if not n_index:
        raise ValueError("dummy_state: n_index must hold n_index_h for h = 0..g (got [])")
    return FSWState(
        list(n_index),  # (3-8) n_index'_h = n_index_h(r_1)
        list(n_index),  # (3-8) n_firstd'_h = n_index_h(r_1)
        [frozenset() for _ in n_index],  # (3-8) n_ocdiag'_h = {}
        [frozenset() for _ in n_index],  # (3-8) n_occol'_h = {}
    )


def fsw_step(
    state: FSWState, r: int, symbol: frozenset[int] | set[int]
) -> tuple[FSWState, list[tuple[int, int, int, int]]]:
    """One pass of Algorithm FSW's outer loop: row r with symbol ``insert(r)``.

    Parameters
    ----------
    state : FSWState
        The state of row r (not modified).
    r : int
        The row.
    symbol : set of int
        ``insert(r)``: the values h whose h-point lies on row r.

    Returns
    -------
    (FSWState, list of (h, n, a, b))
        The state of row r + 1 and the 4-tuples output on row r.

    Examples
    --------
    >>> s, out = fsw_step(true_state(1, 0), 0, {0, 1})
    >>> out
    [(0, 0, 0, 0), (1, 0, 0, 1)]
    >>> s == true_state(1, 1)
    True
    """
    g = state.g
    i0 = index0(r)
    n_index = list(state.n_index)
    n_firstd = list(state.n_firstd)
    n_ocdiag = [set(s) for s in state.n_ocdiag]
    n_occol = [set(s) for s in state.n_occol]
    out: list[tuple[int, int, int, int]] = []
    S: set[int] = set()  # FSW line 2
    for h in range(g + 1):  # FSW line 3
        if h in symbol:  # FSW line 4
            d = n_firstd[h]  # FSW line 5
            while d in n_ocdiag[h] or d in n_occol[h] or d in S:
                d += 1
            out.append((h, n_index[h] + i0, r, r + d + i0))  # FSW line 6
            n_index[h] += 1  # FSW line 7
            n_ocdiag[h].add(d)  # FSW line 8
            n_occol[h].add(d)
            S.add(d)
            while n_firstd[h] in n_ocdiag[h]:  # FSW line 9
                n_firstd[h] += 1
        n_occol[h] = {c - 1 for c in n_occol[h]}  # FSW line 10
        n_ocdiag[h] = {d for d in n_ocdiag[h] if d >= n_firstd[h]}  # FSW line 11
        n_occol[h] = {c for c in n_occol[h] if c >= n_firstd[h]}
    if n_index[0] == 1:  # FSW line 12
        for h in range(g + 1):
            n_index[h] -= 1  # FSW line 13
            n_firstd[h] -= 1
            n_ocdiag[h] = {d - 1 for d in n_ocdiag[h]}  # FSW line 14
            n_occol[h] = {c - 1 for c in n_occol[h]}
    new = FSWState(
        n_index, n_firstd, [frozenset(s) for s in n_ocdiag], [frozenset(s) for s in n_occol]
    )
    return new, out


def fsw(
    state: FSWState, r1: int, r2: int, symbols: list[frozenset[int]] | list[set[int]]
) -> tuple[FSWState, list[tuple[int, int, int, int]]]:
    """Algorithm FSW on rows r1..r2 (``symbols[i] = insert(r1 + i)``).

    Returns the state of row r2 + 1 and every 4-tuple (h, n, a, b) output.

    Examples
    --------
    >>> result = wsg(1, 6)
    >>> s, out = fsw(true_state(1, 0), 0, 5, [insert(1, r, result) for r in range(6)])
    >>> [(a, b) for h, n, a, b in out if h == 1] == result.T[1]
    True
    """
    _check_natural("fsw", "r1", r1)
    if r2 - r1 + 1 != len(symbols):
        raise ValueError(f"fsw: need one symbol per row r1..r2 ({r2 - r1 + 1}), got {len(symbols)}")
    out: list[tuple[int, int, int, int]] = []
    for i, r in enumerate(range(r1, r2 + 1)):  # FSW line 1
        state, row_out = fsw_step(state, r, symbols[i])
        out.extend(row_out)
    return state, out


def default_horizon(g: int) -> int:
    """Rows a run may take before it counts as not converged: 4 x Table 5 + 100.

    Table 5 of 000 (read from its one transcription, :mod:`reference.published`)
    lists g <= 10, 15 and 20; a g between listed values takes the next listed
    one, and g > 20 takes 20000 rows.

    Examples
    --------
    >>> default_horizon(1), default_horizon(10), default_horizon(12)
    (280, 3736, 8264)
    """
    rows = table5_rows_above(g)
    return 20000 if rows is None else 4 * rows + 100


def convergence_times(
    g: int,
    r0_start: int,
    r0_stop: int,
    horizon: int | None = None,
    *,
    result: WSGResult | None = None,
) -> list[int]:
    """Rows to convergence from every start row r0_start..r0_stop-1 (000 §3.3).

    The twin of :func:`fast.fsw.convergence_times` (same arguments, same
    values; the fast one returns a numpy array).

    Parameters
    ----------
    g : int
        Largest Grundy value (g >= 0).
    r0_start, r0_stop : int
        The start rows, ``0 <= r0_start <= r0_stop``.
    horizon : int, optional
        Give up after this many rows (the time is then reported as -1);
        default :func:`default_horizon`.
    result : WSGResult, optional
        A WSG run covering rows < r0_stop + horizon (computed when omitted).

    Returns
    -------
    list of int
        ``times[i]``: the least k >= 0 such that FSW started at row
        ``r0_start + i`` in the dummy state (3-8) is in the true state of
        row ``r0_start + i + k``; -1 when k > horizon.

    Examples
    --------
    >>> convergence_times(0, 0, 6)
    [0, 0, 0, 0, 0, 0]
    >>> convergence_times(1, 0, 13, horizon=60)
    [0, 2, 1, 0, 6, 1, 0, 0, 0, 0, 0, 0, 11]
    """
    _check_natural("convergence_times", "g", g)
    _check_natural("convergence_times", "r0_start", r0_start)
    _check_natural("convergence_times", "r0_stop", r0_stop)
    if r0_stop < r0_start:
        raise ValueError(
            f"convergence_times: r0_stop must be >= r0_start (r0_stop = {r0_stop}, "
            f"r0_start = {r0_start})"
        )
    if horizon is None:
        horizon = default_horizon(g)
    _check_natural("convergence_times", "horizon", horizon)
    rows = r0_stop + horizon
    if result is None:
        result = wsg(g, rows)
    elif result.g < g or result.rows < rows:
        raise ValueError(f"convergence_times: result covers rows < {result.rows}; need {rows}")
    states = [true_state(g, 0, result)]
    symbols = [insert(g, r, result) for r in range(rows)]
    for r in range(rows - 1):
        states.append(fsw_step(states[-1], r, symbols[r])[0])
    times = []
    for r0 in range(r0_start, r0_stop):
        s = dummy_state(states[r0].n_index)
        k = 0
        while s != states[r0 + k]:
            if k == horizon:
                k = -1
                break
            s, _ = fsw_step(s, r0 + k, symbols[r0 + k])
            k += 1
        times.append(k)
    return times


def convergence_time(g: int, r0: int, horizon: int = 5000) -> int:
    """Rows FSW needs from the dummy state at row r0 to the true state (§3.3).

    Runs Algorithm FSW from row ``r0`` in the dummy state (3-8) with the
    correct symbols ``insert(r)`` and returns the least k >= 0 for which its
    state equals the true state of row ``r0 + k``.

    Parameters
    ----------
    g : int
        Largest Grundy value (g >= 0).
    r0 : int
        Start row (r0 >= 0).
    horizon : int
        Rows to try before giving up.

    Returns
    -------
    int
        Rows to convergence.

    Raises
    ------
    ValueError
        For bad arguments, or if no convergence happens within ``horizon``
        rows (a counterexample to Conjecture 3.10 for that horizon).

    Examples
    --------
    >>> convergence_time(1, 2201, horizon=100)  # 000 Table 5: g = 1, 45 rows from row 2201
    45
    """
    _check_natural("convergence_time", "g", g)
    _check_natural("convergence_time", "r0", r0)
    _check_natural("convergence_time", "horizon", horizon)
    result = wsg(g, r0 + horizon + 1)
    symbols = [insert(g, r, result) for r in range(r0, r0 + horizon + 1)]
    truth = true_state(g, r0, result)
    s = dummy_state(truth.n_index)
    for k in range(horizon + 1):
        if s == truth:
            return k
        s, _ = fsw_step(s, r0 + k, symbols[k])
        truth, _ = fsw_step(truth, r0 + k, symbols[k])
    raise ValueError(
        f"convergence_time: no convergence within horizon = {horizon} rows from r0 = {r0}"
    )
