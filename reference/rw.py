"""Algorithm RW: the h-points of a band of rows, recursively (000 §3.4-3.7).

To find the h-points (h <= g) on rows r1..r2, Algorithm RW runs Algorithm
FSW from row ``r0 = r1 - R_g`` in the dummy state (3-8); the symbols
``insert(r)`` and ``index_h(r0)`` come from a recursive call on the band of
columns ``[r1', r2']`` that holds every reflected h-point of rows r0..r2.

**The results are conditional.** They are exact only if the Convergence
Conjecture 3.10 holds with constant ``R`` for every start row the recursion
uses, and if ``L``, ``H`` bound ``a_n^h - b_n^h / phi`` (line 2). The
defaults are the paper's (§3.7): ``L = -15``, ``H = 15`` (experimental
range -12.4 .. 11.3 for g <= 20) and ``R_g`` about twice the Table 5 value.
Agreement with Algorithm WSG is tested wherever WSG can reach.

References
----------
G. Nivasch, "More on the Sprague-Grundy function for Wythoff's game",
Games of No Chance 3 (2009), §3.4 Algorithm RW, §3.5, §3.6 (Wythoff plus a
Nim heap, Figure 13), §3.7 and Tables 5, 6. Seed ``000``.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterable, Sequence

from reference.beatty import index0, lower_wythoff
from reference.fsw import dummy_state, fsw
from reference.published import nivasch_table5, table5_rows_above
from reference.wsg import wsg

__all__ = [
    "AB_RANGE",
    "check_parameters",
    "default_R",
    "gvalues",
    "min_LH",
    "min_R",
    "nth_gvalue",
    "nth_gvalues",
    "reach",
    "wythoff_nim_move",
]

#: The paper's bounds for a_n^h - b_n^h / phi, g <= 20 (000 §3.7).
L_DEFAULT = -15
H_DEFAULT = 15

Point = tuple[int, int, int, int]  # (h, n, a_n^h, b_n^h)

#: g -> (min floor, max ceil) of a_n^h - b_n^h / phi over h <= g and every
#: h-point with a < 10^6 (Algorithm WSG; tests/test_rw.py recomputes it).
#: RW line 2 needs L, H outside this range: these points exist.
AB_RANGE = {
    0: (-1, 0), 1: (-2, 3), 2: (-2, 4), 3: (-3, 5), 4: (-3, 7), 5: (-4, 7), 6: (-5, 8),
    7: (-5, 8), 8: (-5, 8), 9: (-6, 9), 10: (-7, 9), 11: (-7, 10), 12: (-8, 10),
    13: (-9, 10), 14: (-9, 11), 15: (-10, 12), 16: (-10, 12), 17: (-11, 13),
    18: (-12, 13), 19: (-12, 14), 20: (-13, 14),
}  # fmt: skip


def default_R(g: int) -> int:
    """R_g used by default: twice the Table 5 value of the least listed g' >= g, plus 10.

    Table 5 lists g = 0..10, 15, 20; g = 11..14 use the g = 15 value and
    g = 16..19 the g = 20 value (the maximum is not monotone in g, and an
    unlisted g is covered only heuristically). The paper used R_20 = 8000.

    Raises
    ------
    ValueError
        For g > 20: there is no published value; pass ``R`` yourself.

    Examples
    --------
    >>> default_R(1), default_R(10), default_R(20)
    (100, 1828, 8282)
    """
    if isinstance(g, bool) or not isinstance(g, int) or g < 0:
        raise ValueError(f"default_R: g must be an int >= 0 (g = {g!r})")
    rows = table5_rows_above(g)
    if rows is None:
        raise ValueError(
            f"default_R: no published convergence bound for g = {g} > 20; pass R explicitly"
        )
    return 2 * rows + 10


def min_R(g: int) -> int:
    """The least R accepted for g: 000 Table 5's rows to convergence at the largest g' <= g.

    Table 5 lists, for g' = 0..10, 15, 20, a start row from which FSW with the
    dummy state (3-8) needs that many rows to converge (up to row 10^6). The
    h-points, h <= g', do not depend on larger values, so a run for g >= g'
    needs at least as many rows there: with a smaller R, RW line 12 starts
    from a state known not to converge in time (``--R 0`` gives a wrong
    p_100000^3). The bound is necessary, not sufficient (Conjecture 3.10).

    Examples
    --------
    >>> min_R(0), min_R(3), min_R(14), min_R(20), min_R(40)
    (0, 140, 909, 4136, 4136)
    """
    return max(rows for known, (rows, _) in nivasch_table5().items() if known <= g)


def min_LH(g: int) -> tuple[int, int]:
    """The largest L and smallest H accepted for g: :data:`AB_RANGE` (g > 20: g = 20's).

    Examples
    --------
    >>> min_LH(0), min_LH(20), min_LH(30)
    ((-1, 0), (-13, 14), (-13, 14))
    """
    return AB_RANGE[min(g, max(AB_RANGE))]


def check_parameters(func: str, g: int, L: int, H: int, R: int) -> None:
    """Refuse RW constants known to give wrong answers (one-line ValueError naming them).

    ``R`` below :func:`min_R`, ``L`` above or ``H`` below :func:`min_LH`
    (then L < H). ``g`` must already be an int >= 0.

    Examples
    --------
    >>> check_parameters("f", 3, -15, 15, 140)
    >>> check_parameters("f", 3, -15, 15, 0)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: f: R = 0 is below 140, the rows to convergence for g = 3 in 000 Table 5; ...
    """
    for name, value in (("L", L), ("H", H), ("R", R)):
        _check_int(func, name, value, None)
    need_R = min_R(g)
    if R < need_R:
        raise ValueError(
            f"{func}: R = {R} is below {need_R}, the rows to convergence for g = {g} in "
            f"000 Table 5; RW would start from unconverged states (default {_default_text(g)})"
        )
    top_L, low_H = min_LH(g)
    if L > top_L:
        raise ValueError(
            f"{func}: L = {L} is above {top_L}: h-points (h <= {g}) with a - b/phi < {top_L + 1} "
            f"exist (000 §3.4 line 2; default {L_DEFAULT})"
        )
    if H < low_H:
        raise ValueError(
            f"{func}: H = {H} is below {low_H}: h-points (h <= {g}) with a - b/phi > {low_H - 1} "
            f"exist (000 §3.4 line 2; default {H_DEFAULT})"
        )


def _default_text(g: int) -> str:
    return f"R = {default_R(g)}" if g <= max(nivasch_table5()) else "none for g > 20"


def _check_int(func: str, name: str, value: object, minimum: int | None = 0) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{func}: {name} must be an int ({name} = {value!r})")
    if minimum is not None and value < minimum:
        raise ValueError(f"{func}: {name} must be >= {minimum} ({name} = {value!r})")
    return value


def _floor_inv_phi(r: int) -> int:
    """floor(r / phi) for r >= 0 (r / phi is irrational for r >= 1)."""
    return 0 if r <= 0 else index0(r) - 1


def _base(g: int, r1: int, r2: int) -> tuple[list[int], list[Point]]:
    """RW line 5: Algorithm WSG from row 0."""
    result = wsg(g, r2 + 1)
    index = [sum(1 for a, _ in result.T[h] if a < r1) for h in range(g + 1)]
    points = [
        (h, n, a, b) for h in range(g + 1) for n, (a, b) in enumerate(result.T[h]) if r1 <= a <= r2
    ]
    return index, points


def _rw(g: int, r1: int, r2: int, L: int, H: int, R: int) -> tuple[list[int], list[Point]]:
    r0 = r1 - R  # RW line 1
    # RW line 2: L, H are parameters; RW line 3 (exact: L, H are ints)
    r1p = (index0(r0) if r0 >= 0 else 0) + L
    r2p = _floor_inv_phi(r2) + H
    if r0 < 0 or r2p >= r0 or r1p <= 2 * g:  # RW line 4
        return _base(g, r1, r2)  # RW line 5
    index_p, s_prime = _rw(g, r1p, r2p, L, H, R)  # RW line 7
    reflected: list[set[int]] = [set() for _ in range(g + 1)]
    t = [0] * (g + 1)
    for h, _, _, b in s_prime:
        reflected[h].add(b)
        if b < r0:  # RW line 9
            t[h] += 1
    symbols = [  # RW line 8
        frozenset(h for h in range(g + 1) if r not in reflected[h]) for r in range(r0, r2 + 1)
    ]
    index_r0 = [r0 + 1 - index_p[h] - t[h] for h in range(g + 1)]  # RW line 10
    n_index = [index_r0[h] - index0(r0) for h in range(g + 1)]  # RW line 11
    _, out = fsw(dummy_state(n_index), r0, r2, symbols)  # RW line 12
    index_r1 = list(index_r0)
    for sym in symbols[: r1 - r0]:
        for h in sym:
            index_r1[h] += 1
    return index_r1, [p for p in out if r1 <= p[2] <= r2]  # RW line 13


def gvalues(
    g: int, r1: int, r2: int, L: int = L_DEFAULT, H: int = H_DEFAULT, R: int | None = None
) -> tuple[list[int], list[Point]]:
    """Algorithm RW: ``index_h(r1)`` and every h-point, h <= g, on rows r1..r2.

    Parameters
    ----------
    g : int
        Largest Grundy value (0 <= g; g > 20 needs an explicit ``R``).
    r1, r2 : int
        The band of rows, 0 <= r1 <= r2.
    L, H : int
        Lower and upper bounds for ``a_n^h - b_n^h / phi`` (RW line 2).
    R : int, optional
        The convergence constant R_g of Conjecture 3.10; default
        :func:`default_R`.

    Returns
    -------
    (list of int, list of (h, n, a, b))
        ``index_h(r1)`` for h = 0..g, and the 4-tuples (h, n, a_n^h, b_n^h)
        with r1 <= a_n^h <= r2 sorted by (a, h).

    Raises
    ------
    ValueError
        For bad arguments.

    Notes
    -----
    Exact only under Conjecture 3.10 with constant ``R`` and the bounds
    ``L``, ``H`` (see the module docstring). Integer L, H make line 3 exact:
    ``ceil(r / phi + L) = ceil(r / phi) + L``.

    Examples
    --------
    >>> gvalues(1, 2, 4)
    ([2, 1], [(1, 1, 2, 2), (0, 2, 3, 5), (1, 2, 3, 6), (0, 3, 4, 7), (1, 3, 4, 8)])
    """
    _check_int("gvalues", "g", g)
    _check_int("gvalues", "r1", r1)
    _check_int("gvalues", "r2", r2, r1)
    if R is None:
        R = default_R(g)
    check_parameters("gvalues", g, L, H, R)
    index, points = _rw(g, r1, r2, L, H, R)
    return index, sorted(points, key=lambda p: (p[2], p[0]))


#: Seconds per recursion level (one row band of RW) at g = 2 with the default R, and the
#: growth factor per unit of g: measured on x86_64 (2 cores, loaded) for n = 10^20 and
#: 10^40: 0.005-0.008 s at g = 2, 0.04-0.06 at g = 5, 0.5-0.6 at g = 10; the bands of
#: row-hpoints grow faster: row 10^5 took 1.7 s at g = 6 and 6.2 s at g = 8 (x 1.9 per unit
#: of g; g = 12 ran 490 s under load).
LEVEL_SECONDS = 0.0076
GROWTH = 1.9


def reach(g: int, n: int, limit: float) -> str | None:
    """Why this module declines index or row ``n`` at ``g`` (recursion, time), or None.

    Algorithm RW recurses once per level, about log_phi(n) levels (000 §3.4):
    beyond Python's recursion limit it cannot run, and the measured time per
    level (:data:`LEVEL_SECONDS`, growing about :data:`GROWTH`-fold per unit
    of g) projects the run, which must stay within ``limit`` seconds (it
    shows no progress).

    Examples
    --------
    >>> reach(2, 10**20, 60) is None
    True
    >>> reach(12, 10**20, 60)
    'about 452 s at g = 12 (97 levels at a measured 4.7 s each; limit 60 s)'
    """
    levels = max(1, int(n.bit_length() * 1.4405)) + 1  # log_phi(2) = 1.4404...
    headroom = sys.getrecursionlimit() - 200
    if levels > headroom:
        digits = int(headroom / 1.4405 * 0.30103)
        return (
            f"a {len(str(n))}-digit n or row needs about {levels:,} recursion levels, more than "
            f"Python allows here ({headroom:,}): up to about 10^{digits}"
        )
    seconds = levels * LEVEL_SECONDS * GROWTH ** max(0, g - 2)
    if seconds > limit:
        return (
            f"about {seconds:,.0f} s at g = {g} ({levels:,} levels at a measured "
            f"{seconds / levels:.2g} s each; limit {limit:.0f} s)"
        )
    return None


def band_search(
    n: int, g: int, hs: Sequence[int], band: Callable[[int, int], Iterable[Sequence[int]]]
) -> list[tuple[int, int]]:
    """``p_n^h`` for h in ``hs``: RW runs on widening bands of rows around phi n (000 §3.5).

    The one driver of both twins' ``nth_gvalue(s)``: ``band(r1, r2)`` is an
    Algorithm RW run giving the h-points (h, n, a, b) with r1 <= a <= r2
    (:func:`gvalues`' second result, from either implementation). The row
    a_n^h stays within a constant alpha_h of a_n^0 = floor(n phi) (Theorem
    2.3), so a margin of 32 + 4g rows nearly always holds it; the band
    doubles until it does.

    >>> band_search(4, 1, [0, 1], lambda r1, r2: _rw(1, r1, r2, L_DEFAULT, H_DEFAULT, 45)[1])
    [(6, 10), (5, 7)]
    """
    center = lower_wythoff(n)
    margin = 32 + 4 * g
    while True:
        wanted: dict[int, tuple[int, int] | None] = dict.fromkeys(hs)
        for h, k, a, b in band(max(0, center - margin), center + margin):
            if k == n and h in wanted:
                wanted[h] = (a, b)
        found = [wanted[h] for h in hs]
        if all(p is not None for p in found):
            return [p for p in found if p is not None]
        margin *= 2


def _nth_points(
    func: str, g: int, n: int, L: int, H: int, R: int | None, hs: Sequence[int]
) -> list[tuple[int, int]]:
    """``p_n^h`` for h in ``hs`` (:func:`band_search` over :func:`_rw`)."""
    _check_int(func, "g", g)
    _check_int(func, "n", n)
    if R is None:
        R = default_R(g)
    check_parameters(func, g, L, H, R)
    return band_search(n, g, hs, lambda r1, r2: _rw(g, r1, r2, L, H, R)[1])


def nth_gvalue(
    g: int, n: int, L: int = L_DEFAULT, H: int = H_DEFAULT, R: int | None = None
) -> tuple[int, int]:
    """``p_n^g = (a_n^g, b_n^g)``, the n-th g-point with a <= b, by Algorithm RW.

    Searches rows around ``phi n`` (§3.5), widening the band until it holds
    the n-th g-point. Conditional on Conjecture 3.10 (see module docstring).

    Raises
    ------
    ValueError
        For bad arguments, and for L, H, R known to be unsound
        (:func:`check_parameters`).

    Examples
    --------
    >>> [nth_gvalue(0, n) for n in range(4)]
    [(0, 0), (1, 2), (3, 5), (4, 7)]
    >>> nth_gvalue(4, 3)
    (6, 7)
    """
    return _nth_points("nth_gvalue", g, n, L, H, R, [g])[0]


def nth_gvalues(
    g: int, n: int, L: int = L_DEFAULT, H: int = H_DEFAULT, R: int | None = None
) -> list[tuple[int, int]]:
    """``[p_n^h for h = 0..g]`` from one RW run per band, as Algorithm RW gives them.

    Algorithm RW finds every h-point, h <= g, of a band at once (000 §3.4,
    Output); this returns all of them where :func:`nth_gvalue` keeps h = g.
    With the default R it uses R_g (:func:`default_R`) for every h, where
    ``nth_gvalue(h, n)`` uses R_h; both are exact under Conjecture 3.10.

    Parameters
    ----------
    g : int
        Largest Grundy value (g <= 20 unless ``R`` is given).
    n : int
        The index, n >= 0.
    L, H, R : int
        Algorithm RW's constants (see :func:`gvalues`).

    Returns
    -------
    list of (int, int)
        ``result[h] = (a_n^h, b_n^h)`` for h = 0..g.

    Raises
    ------
    ValueError
        For bad arguments, and for L, H, R known to be unsound.

    Examples
    --------
    >>> nth_gvalues(2, 10)
    [(16, 26), (15, 25), (17, 26)]
    """
    return _nth_points("nth_gvalues", g, n, L, H, R, range(g + 1))


GValues = Callable[..., tuple[Sequence[int], Sequence[Sequence[int]]]]


def _gcell_row(g: int, x: int, L: int, H: int, R: int | None, gvalues: GValues) -> int:
    """The column c with G(x, c) = g (one per row, 000 Lemma 2.1)."""
    _, points = gvalues(g, x, x, L, H, R)
    for h, _, _, b in ((int(v) for v in p) for p in points):
        if h == g:
            return b
    # reflected: a g-point (a, x) with a < x lies on a row near x / phi
    lo = max(0, _floor_inv_phi(x) + L - 1)
    hi = min(x, index0(x) + H + 1)
    _, points = gvalues(g, lo, hi, L, H, R)
    for h, _, a, b in ((int(v) for v in p) for p in points):
        if h == g and b == x:
            return a
    raise ValueError(f"no {g}-point found in row {x}: L, H too narrow?")


def wythoff_nim_move(
    a: int,
    b: int,
    heap: int,
    L: int = L_DEFAULT,
    H: int = H_DEFAULT,
    R: int | None = None,
    engine: GValues | None = None,
) -> tuple[tuple[int, int], tuple[int]] | None:
    """A winning move in Wythoff (a, b) + a Nim heap, or None at a P-position.

    Follows 000 §1.5 and §3.6 (Figure 13): with g = ``heap``, find G(a, b)
    among the h-points (h <= g) of row min(a, b) by Algorithm RW. If it is g
    the sum is a P-position (None); if it is h < g reduce the heap to h;
    otherwise move in Wythoff to the g-cell of the row, column or diagonal
    through (a, b) that lies before it.

    Parameters
    ----------
    a, b : int
        Wythoff position (any order), >= 0.
    heap : int
        Nim heap size g (g <= 20 unless ``R`` is given).
    L, H, R : int
        Algorithm RW's constants (see :func:`gvalues`).
    engine : callable, optional
        The Algorithm RW to use, ``engine(g, r1, r2, L, H, R) -> (index,
        points)``; default :func:`gvalues` (``fast.rw.gvalues`` also fits).

    Returns
    -------
    ((int, int), (int,)) or None
        The position after the move, in the format of
        ``spec.Sum(spec.Wythoff(), spec.Nim())``.

    Examples
    --------
    >>> wythoff_nim_move(1, 2, 0) is None
    True
    >>> wythoff_nim_move(2, 3, 1)  # G(2, 3) = 5 > 1: move to G(2, 2) = 1
    ((2, 2), (1,))
    >>> wythoff_nim_move(2, 3, 7)  # reduce the heap to G(2, 3) = 5
    ((2, 3), (5,))
    >>> wythoff_nim_move(3, 3, 0)
    ((0, 0), (0,))
    """
    for name, value in (("a", a), ("b", b), ("heap", heap)):
        _check_int("wythoff_nim_move", name, value)
    gvalues_ = gvalues if engine is None else engine
    g = heap
    x, y = min(a, b), max(a, b)
    swap = a > b

    def orient(p: int, q: int) -> tuple[int, int]:
        return (q, p) if swap else (p, q)

    _, points = gvalues_(g, x, x, L, H, R)
    for h, _, _, bb in ((int(v) for v in p) for p in points):
        if bb == y:  # G(x, y) = h <= g
            return None if h == g else ((a, b), (h,))
    # G(x, y) > g: a Wythoff move to a g-cell (row, column or diagonal)
    c = _gcell_row(g, x, L, H, R, gvalues_)
    if c < y:
        return orient(x, c), (g,)
    c = _gcell_row(g, y, L, H, R, gvalues_)
    if c < x:
        return orient(c, y), (g,)
    d = y - x
    lo = max(0, lower_wythoff(max(0, d - 2 * g)) + L - 2)
    hi = lower_wythoff(d + 16 * g) + H + 2
    _, points = gvalues_(g, lo, hi, L, H, R)
    for h, _, aa, bb in ((int(v) for v in p) for p in points):
        if h == g and bb - aa == d and aa < x:
            return orient(aa, bb), (g,)
    raise ValueError(f"no winning move found from ({a}, {b}) + heap {heap}: bounds too narrow?")
