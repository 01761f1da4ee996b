"""Landman's finite-state row machine for Wythoff, F-Wythoff and R-Wythoff.

Orientation
-----------
For Wythoff, "row n" is Landman's ``G_n(m) = G(m, n)`` for m = 0, 1, 2, ...
(seed 004 §1); the game is symmetric, so this is also ``G(n, m)``, i.e. the
seed-003 "row 3" example. For F-Wythoff and R-Wythoff we follow Jiao (seed
001 §2): "column a" is ``{G(a, b)}_{b >= 0}`` (both games are symmetric too).
Below the fixed coordinate is called ``n`` (the paper's n or a) and the
running one ``m`` (the paper's m or b). :func:`row_values` ``(n, m_max)``
returns ``[G(n, m) for m in 0..m_max]`` for every game.

The machine (004 §3; 001 Theorem 4 and Remark 5)
------------------------------------------------
The machine works on the strip of positions (k, m), 0 <= k <= n, one step
per m. For each k it keeps two bit arrays over the window
``[m - lo(k), m + k]`` (bit j <-> the value ``m - lo(k) + j``):

* ``L'(k, m)``: the window minus the values G(k, m') for m' < m (the moves
  along the running pile; Landman's L, Jiao's D);
* ``S'(k, m)``: the window minus the slant values G(k - j, m - j)
  (Landman's S; absent for F-Wythoff, which has no slant moves once
  m > n**2 by 001 Lemma 2).

The third set, the moves across the strip (k', m) with k' < k (Landman's D,
Jiao's L), is built bottom-up from k = 0 at each step (004 §3: "computed
'bottom up' in sequence starting from k = 0"), so it is not part of the
state. Then ``G(k, m) = min(L' ∩ S' ∩ D')``.

``lo(k)`` is ``2k`` by the bound ``m - 2k <= G(k, m) <= m + k`` (004 Lemmas 1
and 2; 001 Lemma 1), except for R-Wythoff with k >= 4, where 001 Remark 5
uses ``H = G - b + 2a - 1 >= 0`` (Ho's Theorems 2.12-2.13), so ``lo(k) =
2k - 1``. The upper end ``m + k`` holds in all three games (the mex of
values each at most ``k + m - 1``). The machine does not take these bounds
on trust: when the window moves up it checks that the bit leaving ``L'`` is
clear (the value has been used in the column), and raises
:class:`WindowError` otherwise, so every value it returns is exact.

The machine starts at ``m0`` where the game's rules in the strip stop
depending on m (computed directly before that, by the definition):
Wythoff ``m0 = 2n`` (the window is non-negative); F-Wythoff
``m0 = max(n**2 + 1, 2n)`` (001 Theorem 4: start at b > a**2, no slant
followers by Lemma 2); R-Wythoff ``m0 = max(n + 1, 2n)`` (the running pile
is the larger one, so only moves along it and slant moves remain).

Periodicity
-----------
The state (all ``L'``, ``S'`` arrays, relative to m) determines every later
state and value, so a repeated state at steps m1 < m2 proves that
``G(n, m + p) = G(n, m) + p`` for all m >= m1 with p = m2 - m1 (004 §3: "it
must reenter a state previously visited and thereafter loop"). The minimal
period divides p and the minimal preperiod is found exactly from the
values; :func:`row_periodicity` returns both. Saltus = period in these
games (``H`` is periodic).

References
----------
H. Landman, "A simple FSM-based proof of the additive periodicity of the
Sprague-Grundy function of Wythoff's game" (2002), Lemmas 1, 2 and §3.
Seed ``004``.
Y. Jiao, "On the Sprague-Grundy values of the F-Wythoff game" (2013),
Lemmas 1, 2, Theorem 4 and Remark 5. Seed ``001``.
G. Nivasch, web page "Wythoff's game" (2006), the row-3 example. Seed ``003``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import NamedTuple

from reference.fwsg import slant_amounts
from reference.mex import mex

__all__ = [
    "GAMES",
    "MachineCycle",
    "NoCycle",
    "Periodicity",
    "Rules",
    "WindowError",
    "h_value",
    "layout",
    "machine_cycle",
    "minimal_periodicity",
    "reduce_column",
    "row_periodicity",
    "row_values",
    "rules_for",
]

#: The games the machine covers.
GAMES = ("wythoff", "f-wythoff", "r-wythoff")
#: Seconds per row and column the machine walks to certify a row (rows x (preperiod + period)):
#: measured 2026-11-26, x86_64, idle: Wythoff row 12 in 0.015 s, R-Wythoff row 12 (period
#: 907,200) in 16 s (the registry's cost model reads it).
STEP_SECONDS = 3e-6


class WindowError(RuntimeError):
    """A value fell outside the machine's window: the bound used is wrong."""


class NoCycle(RuntimeError):
    """No repeated machine state within the allowed number of steps."""


@dataclass(frozen=True)
class Rules:
    """What the machine needs to know about a game (one machine, three games).

    Attributes
    ----------
    game : str
        The game's registered name.
    h_offset : int
        ``H = G - m + 2n - h_offset`` (0; R-Wythoff 1, 001 Remark 5).
    slant_in_machine : bool
        Whether slant moves exist once the machine runs (not for F-Wythoff).
    across_in_machine : bool
        Whether moves across the strip exist once it runs (not for R-Wythoff).
    lo : Callable[[int], int]
        The window of strip line k is ``[m - lo(k), m + k]``.
    start : Callable[[int], int]
        ``m0(n)``, the first m computed by the machine.
    """

    game: str
    h_offset: int
    slant_in_machine: bool
    across_in_machine: bool
    lo: Callable[[int], int]
    start: Callable[[int], int]


def _lo_lemma1(k: int) -> int:
    return 2 * k  # 004 Lemma 2 / 001 Lemma 1: G(k, m) >= m - 2k


def _lo_rwythoff(k: int) -> int:
    return 2 * k - 1 if k >= 4 else 2 * k  # 001 Remark 5 for k >= 4; Lemma-1 window below


_RULES = {
    "wythoff": Rules("wythoff", 0, True, True, _lo_lemma1, lambda n: 2 * n),
    "f-wythoff": Rules("f-wythoff", 0, False, True, _lo_lemma1, lambda n: max(n * n + 1, 2 * n)),
    "r-wythoff": Rules("r-wythoff", 1, True, False, _lo_rwythoff, lambda n: max(n + 1, 2 * n)),
}


def rules_for(game: str) -> Rules:
    """The :class:`Rules` of ``game`` (one of :data:`GAMES`).

    Examples
    --------
    >>> rules_for("f-wythoff").slant_in_machine
    False
    >>> rules_for("chess")
    Traceback (most recent call last):
    ...
    ValueError: game must be one of wythoff, f-wythoff, r-wythoff (game = 'chess')
    """
    if game not in _RULES:
        raise ValueError(f"game must be one of {', '.join(GAMES)} (game = {game!r})")
    return _RULES[game]


def _check_natural(name: str, value: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ValueError(f"{name} must be an int >= 0 ({name} = {value!r})")


# ---------------------------------------------------------------------------
# The direct computation (by the definition of each game) for m < m0.


def _allowed(game: str, k: int, m: int) -> tuple[bool, bool, list[int]]:
    """(along allowed, across allowed, slant amounts j) at position (k, m)."""
    if game == "wythoff":  # 004 §1: one pile, or both by the same amount
        return True, True, list(range(1, min(k, m) + 1))
    if game == "f-wythoff":  # 001 §1: j <= s - 1 and floor((l-j)/(s-j)) = floor(l/s)
        return True, True, slant_amounts(k, m)
    # r-wythoff (001 Remark 5): the larger pile (either if equal), or both
    return m >= k, k >= m, list(range(1, min(k, m) + 1))


def _direct_prefix(game: str, n: int, m0: int) -> list[list[int]]:
    """``G[k][m]`` for 0 <= k <= n, 0 <= m < m0, by the mex of the followers."""
    values: list[list[int]] = [[] for _ in range(n + 1)]
    for m in range(m0):
        for k in range(n + 1):
            along, across, slants = _allowed(game, k, m)
            excluded: set[int] = set()
            if along:
                excluded.update(values[k][:m])
            if across:
                excluded.update(values[kk][m] for kk in range(k))
            excluded.update(values[k - j][m - j] for j in slants)
            values[k].append(mex(excluded))
    return values


# ---------------------------------------------------------------------------
# The machine: state = (L'(0..n), S'(0..n)) as ints used as bit arrays.

State = tuple[tuple[int, ...], tuple[int, ...]]


def _width(rules: Rules, k: int) -> int:
    return rules.lo(k) + k + 1  # the window [m - lo(k), m + k]


def _initial_state(rules: Rules, n: int, m0: int, prefix: list[list[int]]) -> State:
    """Build L'(k, m0) and S'(k, m0) from the directly computed values."""
    l_arrays: list[int] = []
    s_arrays: list[int] = []
    for k in range(n + 1):
        bottom, width = m0 - rules.lo(k), _width(rules, k)
        used = set(prefix[k][:m0])
        for v in range(bottom):
            if v not in used:
                raise WindowError(f"{rules.game}: value {v} unused below the window of line {k}")
        l_bits = 0
        for j in range(width):
            if bottom + j not in used:
                l_bits |= 1 << j  # L'(k, m0) = window \ L(k, m0)
        l_arrays.append(l_bits)
        s_bits = (1 << width) - 1
        if rules.slant_in_machine:
            for j in range(1, min(k, m0) + 1):
                v = prefix[k - j][m0 - j]
                if v >= bottom:
                    s_bits &= ~(1 << (v - bottom))  # S'(k, m0) = window \ S(k, m0)
        s_arrays.append(s_bits)
    return tuple(l_arrays), tuple(s_arrays)


def _step(rules: Rules, n: int, state: State) -> tuple[State, list[int]]:
    """One machine step: the values at m (relative: G - (m - lo(k))) and the next state."""
    l_arrays, s_arrays = state
    relative: list[int] = []
    new_l: list[int] = []
    new_s: list[int] = []
    for k in range(n + 1):
        width = _width(rules, k)
        mask = (1 << width) - 1
        # D'(k, m): the window minus the values across, built bottom up (004 §3)
        d_bits = mask
        if rules.across_in_machine:
            for kk in range(k):
                shift = rules.lo(k) - rules.lo(kk)  # G(kk, m) relative to line k's window
                d_bits &= ~(1 << (relative[kk] + shift))
        candidates = l_arrays[k] & s_arrays[k] & d_bits  # L' ∩ S' ∩ D'
        if candidates == 0:
            raise WindowError(f"{rules.game}: empty window at line {k}")
        g = (candidates & -candidates).bit_length() - 1  # min(L' ∩ S' ∩ D')
        relative.append(g)
        # L'(k, m+1): unset G(k, m), shift over 1, set the end bit m + k + 1 (004 §3)
        bits = l_arrays[k] & ~(1 << g)
        if bits & 1:
            raise WindowError(f"{rules.game}: line {k} drops an unused value below its window")
        new_l.append((bits >> 1) | (1 << (width - 1)))
        # S'(k, m+1) from S'(k-1, m) and G(k-1, m) (004 §3)
        if rules.slant_in_machine and k > 0:
            below_mask = (1 << _width(rules, k - 1)) - 1
            used_below = (~s_arrays[k - 1] & below_mask) | (1 << relative[k - 1])
            shift = rules.lo(k) - rules.lo(k - 1) - 1
            new_s.append(mask & ~(used_below << shift))
        else:
            new_s.append(mask)
    return (tuple(new_l), tuple(new_s)), relative


class _Machine:
    """The strip values computed so far, and the machine that extends them."""

    def __init__(self, game: str, n: int) -> None:
        self.rules = rules_for(game)
        self.n = n
        self.m0 = self.rules.start(n)
        self.prefix = _direct_prefix(game, n, self.m0)
        self.row = list(self.prefix[n])  # G(n, m) for m < m0
        self.m = self.m0
        self.state = _initial_state(self.rules, n, self.m0, self.prefix)

    def advance(self) -> None:
        self.state, relative = _step(self.rules, self.n, self.state)
        self.row.append(self.m - self.rules.lo(self.n) + relative[self.n])
        self.m += 1


def row_values(n: int, m_max: int, game: str = "wythoff") -> list[int]:
    """``[G(n, m) for m in 0..m_max]`` computed by the row machine.

    Parameters
    ----------
    n : int
        The row (Wythoff, Landman's G(m, n)) or column a (F-/R-Wythoff, Jiao's
        {G(a, b)}_b), n >= 0.
    m_max : int
        The last index, m_max >= 0.
    game : str
        ``"wythoff"``, ``"f-wythoff"`` or ``"r-wythoff"``.

    Returns
    -------
    list of int
        ``m_max + 1`` Grundy values.

    Raises
    ------
    ValueError
        If n or m_max is negative or not an int, or the game is unknown.
    WindowError
        If a value leaves the window (never expected; it would disprove the
        bound the window relies on).

    Notes
    -----
    Values for m < m0 come from the games' definitions (see the module
    docstring); from m0 on, from the bit arrays L', S', D' (004 §3).

    Examples
    --------
    >>> row_values(3, 13)  # seed 003's row 3
    [3, 4, 5, 6, 2, 0, 1, 9, 10, 12, 8, 7, 15, 11]
    >>> row_values(1, 8, "f-wythoff")
    [1, 0, 3, 2, 5, 4, 7, 6, 9]

    References
    ----------
    Seed 004 §3 (Landman); seed 001 Theorem 4 and Remark 5 (Jiao).
    """
    _check_natural("n", n)
    _check_natural("m_max", m_max)
    machine = _Machine(game, n)
    while machine.m <= m_max:
        machine.advance()
    return machine.row[: m_max + 1]


class MachineCycle(NamedTuple):
    """A repeated machine state: state(start) == state(start + length)."""

    start: int
    length: int
    states: int


def machine_cycle(n: int, game: str = "wythoff", max_steps: int = 10**9) -> MachineCycle:
    """The first repeated state of the machine of row n.

    Every state from m0 on is kept in a dict keyed by the state itself (the
    tuple of bit arrays), so a repeat is found exactly at its first return.
    (Its numba twin is gone: the strip, :func:`fast.strip.strip_periods`,
    certifies the same periods and is compared with this machine.)

    Parameters
    ----------
    n : int
        The row.
    game : str
        ``wythoff``, ``f-wythoff`` or ``r-wythoff``.
    max_steps : int
        Give up (:class:`NoCycle`) after this many distinct states. (The
        fast twin counts Brent's steps, so near the limit the two may
        disagree on whether the cycle was found in time.)

    Returns
    -------
    MachineCycle
        ``state(start) == state(start + length)``; ``states`` distinct states.

    Examples
    --------
    >>> machine_cycle(3)
    MachineCycle(start=8, length=6, states=8)
    """
    return _machine_cycle(n, game, max_steps)[0]


def _machine_cycle(n: int, game: str, max_steps: int) -> tuple[MachineCycle, list[int]]:
    """The cycle, and G(n, m) for 0 <= m < start + length (the values the machine made)."""
    _check_natural("n", n)
    machine = _Machine(game, n)
    seen: dict[State, int] = {}
    while machine.state not in seen:
        if len(seen) >= max_steps:
            raise NoCycle(f"{game}: no repeated state of row {n} within max_steps = {max_steps}")
        seen[machine.state] = machine.m
        machine.advance()
    start = seen[machine.state]
    return MachineCycle(start, machine.m - start, len(seen)), machine.row


class Periodicity(NamedTuple):
    """Exact additive periodicity: G(n, m + period) = G(n, m) + saltus for m >= preperiod."""

    preperiod: int
    period: int
    saltus: int


def reduce_column(found: Periodicity, column: int) -> tuple[int, int]:
    """``(index, shift)``: G(row, column) = G(row, index) + shift, index < preperiod + period.

    The one place a row is extended by its additive period (Python integers: any column).

    Examples
    --------
    >>> reduce_column(Periodicity(8, 6, 6), 10**18)
    (10, 999999999999999990)
    >>> reduce_column(Periodicity(8, 6, 6), 5)
    (5, 0)
    """
    preperiod, period, saltus = found
    turns = max(0, (column - preperiod) // period)
    return column - turns * period, turns * saltus


def minimal_periodicity(values: list[int], start: int, length: int) -> Periodicity:
    """Minimal preperiod and period, given a proven period ``length`` from ``start``.

    ``values`` must hold G(n, m) for m < start + length, and ``G(n, m + length)
    = G(n, m) + length`` must hold for all m >= start (a repeated state).

    Examples
    --------
    >>> minimal_periodicity([5, 0, 1, 2, 3, 4, 5], 1, 2)
    Periodicity(preperiod=1, period=1, saltus=1)
    """

    def h(m: int) -> int:  # G(n, m) - m, periodic from start with period length
        while m >= start + length:
            m -= length
        return values[m] - m

    period = length
    for q in range(1, length + 1):
        if length % q == 0 and all(h(t + q) == h(t) for t in range(start, start + length)):
            period = q
            break
    preperiod = start
    while preperiod > 0 and h(preperiod - 1 + period) == h(preperiod - 1):
        preperiod -= 1
    saltus = (h(preperiod + period) + preperiod + period) - (h(preperiod) + preperiod)
    return Periodicity(preperiod, period, saltus)


def row_periodicity(n: int, game: str = "wythoff", max_steps: int = 10**9) -> Periodicity:
    """Exact (preperiod, period, saltus) of row n, proven by a repeated state.

    Parameters
    ----------
    n : int
        The row (Wythoff) or column a (F-/R-Wythoff), n >= 0.
    game : str
        ``"wythoff"``, ``"f-wythoff"`` or ``"r-wythoff"``.

    Returns
    -------
    Periodicity
        Minimal preperiod N and period p with G(n, m + p) = G(n, m) + p for
        all m >= N (saltus = p).

    Raises
    ------
    ValueError
        If n is negative or not an int, or the game is unknown.

    Notes
    -----
    Not a guess from a finite table: the machine's state determines all
    later values (004 §3), so a repeated state proves the period.

    Examples
    --------
    >>> row_periodicity(3)  # seed 003: "3 4 5 6 2 0 1 9 | 10 12 8 7 15 11 | ..."
    Periodicity(preperiod=8, period=6, saltus=6)
    >>> row_periodicity(0, "r-wythoff")
    Periodicity(preperiod=0, period=1, saltus=1)
    """
    cycle, values = _machine_cycle(n, game, max_steps)
    return minimal_periodicity(values, cycle.start, cycle.length)


def h_value(g: int, n: int, m: int, game: str = "wythoff") -> int:
    """``H = G - m + 2n`` (004 §3, 001 Thm 4), or ``- 1`` more for R-Wythoff (001 Rem. 5).

    Examples
    --------
    >>> h_value(9, 3, 7), h_value(0, 0, 0, "r-wythoff")
    (8, -1)
    """
    return g - m + 2 * n - rules_for(game).h_offset


def layout(values: list[int], preperiod: int, period: int) -> list[list[int]]:
    """Split values as seed 003 prints row 3: the preperiod, then one line per period.

    Examples
    --------
    >>> layout(row_values(3, 19), 8, 6)
    [[3, 4, 5, 6, 2, 0, 1, 9], [10, 12, 8, 7, 15, 11], [16, 18, 14, 13, 21, 17]]
    """
    lines = [values[:preperiod]] if preperiod else []
    for start in range(preperiod, len(values), period):
        lines.append(values[start : start + period])
    return lines
