"""Questions on the g-value sequences of 000 §2-3: T_h, p_n^h, row h-points, FSW.

``g-points:<game>`` (wythoff, f-wythoff)
    ``answer(g, rows)`` -> an object with ``T[h]`` (the h-points (a, b),
    a <= b, a < rows, by a), ``a(h)``, ``b(h)``, ``d(h)``: the result type
    of :func:`reference.wsg.wsg` and its twins. Oracle: the spec's table
    (:func:`spec_points`); reference.wsg / reference.fwsg (Algorithms WSG,
    FWSG) and fast.wsg / fast.fwsg.
``nth-gvalue:wythoff``
    ``answer(g, count)`` -> int array ``P[h, n] = (a_n^h, b_n^h)``, h <= g,
    n < count. Oracle: the spec table; reference.wsg, reference.rw, fast.rw
    (Algorithm RW: conditional on Conjecture 3.10).
``row-hpoints:wythoff``
    ``answer(g, r1, r2, R=None)`` -> every h-point (h, n, a, b), a <= b,
    h <= g, with r1 <= a <= r2, by (a, h) (Algorithm RW's band). Oracle:
    the spec table; fast.wsg (exact, rows it can hold), reference.rw and
    fast.rw (any row, conditional on Conjecture 3.10; ``R`` is RW's
    convergence constant, which the WSG implementations decline).

``fsw-convergence:wythoff``
    ``answer(g, r0_start, r0_stop, horizon)`` -> rows to convergence of
    Algorithm FSW from the dummy state (3-8). Oracle: reference.fsw
    (itself checked against WSG, which the spec checks); fast.fsw.

``nth-gvalue`` and ``row-hpoints`` are the doors of ``grundy gvalues``
and ``grundy wythoff-nim`` (``--impl fast.rw`` / ``reference.rw`` / ...):
where fast.rw's int64 range ends, the resolver takes reference.rw (exact
Python integers) as far as its measured time allows.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator, Sequence
from typing import Any

import numpy as np

import fast.fsw
import fast.fwsg
import fast.rw
import fast.wsg
import reference.fsw
import reference.fwsg
import reference.rw
import reference.wsg
import spec
from reference.beatty import lower_wythoff
from registry.core import (
    BUDGET_SECONDS,
    as_game,
    compare_sequences,
    register_implementation,
    register_question,
)

__all__ = [
    "CONDITIONAL",
    "RW_MAX_G",
    "RW_N_MAX",
    "PointSequences",
    "compare_points",
    "spec_points",
    "stream_blocks",
    "stream_points",
    "wsg_stream_bytes",
]

#: The certificate of an Algorithm RW answer.
CONDITIONAL = "conditional on Conjecture 3.10"

#: Algorithm RW's default R_g exists for g <= RW_MAX_G (000 Table 5 stops at g = 20).
RW_MAX_G = 20

#: The largest g of the FSW kernels (``fast.fsw``: one int64 bit mask per row).
FSW_MAX_G = fast.fsw.MAX_G

#: Default and --all domains of g-points.
DOMAIN = {"g": 8, "rows": 80}
LARGE_DOMAIN = {"g": 12, "rows": 200}
#: fast.wsg answers row h-points for rows below this (about 0.1 s at g = 20).
WSG_ROW_LIMIT = 200_000


class PointSequences(reference.wsg.WSGResult):
    """``[T_0, ..., T_g]`` as a :class:`reference.wsg.WSGResult` (the answer type of g-points).

    Examples
    --------
    >>> p = PointSequences([[(0, 0), (1, 2)], [(0, 1)]])
    >>> p.T[0], p.a(0), p.b(0), p.d(0), p.D[0]
    ([(0, 0), (1, 2)], [0, 1], [0, 2], [0, 1], {0, 1})
    """

    def __init__(self, T: Sequence[list[tuple[int, int]]], rows: int | None = None) -> None:
        points = [list(t) for t in T]
        last = max((a for t in points for a, _ in t), default=-1)
        super().__init__(
            g=len(points) - 1,
            rows=last + 1 if rows is None else rows,
            T=points,
            A=[{a for a, _ in t} for t in points],
            B=[{b for _, b in t} for t in points],
            D=[{b - a for a, b in t} for t in points],
        )


def spec_points(game: str | spec.ImpartialGame, g: int, rows: int) -> PointSequences:
    """``T_0 .. T_g`` from the spec's table: h-points (x, y), x <= y, x < rows, by x.

    The table has ``2 rows + g + 1`` columns. Every row holds each value at
    most once (a cell is a follower of every other cell of its row), so
    when row x shows every value <= g somewhere in the table, the h-point
    with first coordinate x, if any, is the one found at y >= x. That
    completeness is asserted, so the oracle depends on no bound from the
    papers.

    Examples
    --------
    >>> spec_points("wythoff", 4, 9).T[4]
    [(0, 4), (1, 3), (2, 5), (6, 7), (8, 8)]
    """
    cols = 2 * rows + g + 1
    subject = as_game(game)
    table = spec.grundy_table(subject, rows, cols)
    points: list[list[tuple[int, int]]] = [[] for _ in range(g + 1)]
    for x in range(rows):
        row = table[x]
        missing = set(range(g + 1)) - set(row)
        if missing:
            raise ValueError(f"row {x} shows no {min(missing)} within {cols} columns")
        for y in range(x, cols):
            if row[y] <= g:
                points[row[y]].append((x, y))
    return PointSequences(points, rows)


def compare_points(expected: Any, actual: Any) -> str | None:
    """Compare two ``T_0 .. T_g`` results; name the first T_h that differs.

    Examples
    --------
    >>> compare_points(PointSequences([[(0, 0)], [(0, 1)]]), PointSequences([[(0, 0)], [(0, 2)]]))
    'T_1: first difference at index 0: expected (0, 1), got (0, 2)'
    """
    exp, act = list(expected.T), list(actual.T)
    if len(exp) != len(act):
        return f"expected T_0..T_{len(exp) - 1}, got {len(act)} sequences"
    for h, (e, a) in enumerate(zip(exp, act, strict=True)):
        diff = compare_sequences(list(e), list(a))
        if diff is not None:
            return f"T_{h}: {diff}"
    return None


# ------------------------------------------------------------------ T_0 .. T_g

register_question(
    "g-points", "*", "T_0..T_g of {game}: h-points (a, b), a <= b, a < rows", DOMAIN,
    compare_points, extra_domains=[(LARGE_DOMAIN, False)],
)  # fmt: skip
for _game, _ref, _fast in (
    ("wythoff", (reference.wsg.wsg, "reference.wsg"), (fast.wsg.wsg, "fast.wsg")),
    ("f-wythoff", (reference.fwsg.fwsg, "reference.fwsg"), (fast.fwsg.fwsg, "fast.fwsg")),
):
    register_implementation(
        f"g-points:{_game}", "spec", "spec", lambda g, rows, _n=_game: spec_points(_n, g, rows),
        covers=lambda g, rows: None if rows <= 300 else "the spec solver is cubic; rows > 300",
        replace=True,
    )  # fmt: skip
    register_implementation(f"g-points:{_game}", _ref[1], "reference", _ref[0], replace=True)
    register_implementation(f"g-points:{_game}", _fast[1], "fast", _fast[0], replace=True)


#: The streaming twins of the g-points question: ``rows(g, rows) -> (r0, cols)`` blocks.
_STREAMS = {"wythoff": fast.wsg.wsg_rows, "f-wythoff": fast.fwsg.fwsg_rows}


def stream_blocks(
    game: str, g: int, rows: int, chunk: int = fast.wsg.DEFAULT_CHUNK
) -> Iterator[tuple[int, np.ndarray]]:
    """WSG / FWSG in blocks of rows: ``(r0, cols)``, ``cols[i, h] = b`` for the h-point
    (r0 + i, b), a <= b, or -1 (the streaming form of ``g-points``; see
    :func:`fast.wsg.wsg_rows`).

    Examples
    --------
    >>> [(r0, cols.tolist()) for r0, cols in stream_blocks("wythoff", 1, 4, chunk=2)]
    [(0, [[0, 1], [2, -1]]), (2, [[-1, 2], [5, 6]])]
    """
    if game not in _STREAMS:
        raise ValueError(f"no streaming WSG for {game!r} (known: {', '.join(_STREAMS)})")
    return _STREAMS[game](g, rows, chunk)


def stream_points(game: str, g: int, rows: int) -> Iterator[tuple[int, int, int]]:
    """The h-points (h, a, b), a <= b, a < rows, row by row and by h in a row, in O(g) memory.

    The streaming form of ``g-points`` for runs too long to hold (000 Table 2
    goes to 5e6 rows): the fast kernels' row blocks (``fast.wsg.wsg_rows``,
    ``fast.fwsg.fwsg_rows``), which the ``g-points`` question checks.

    Examples
    --------
    >>> list(stream_points("wythoff", 1, 3))
    [(0, 0, 0), (1, 0, 1), (0, 1, 2), (1, 2, 2)]
    """
    for r0, cols in stream_blocks(game, g, rows):
        for i, row in enumerate(cols.tolist()):
            for h, b in enumerate(row):
                if b >= 0:
                    yield h, r0 + i, b


#: Bytes per (h, row) held by :func:`stream_points` / :func:`stream_blocks` (the
#: columns still ahead of the row, measured with tracemalloc: about 21), with a margin.
BYTES_PER_H_ROW = 32


def wsg_stream_bytes(g: int, rows: int) -> int:
    """Estimated peak memory of a streamed WSG pass (O(g * rows): the columns ahead of the row).

    >>> wsg_stream_bytes(30, 100_000) // 2**20  # MiB
    94
    """
    return BYTES_PER_H_ROW * (g + 1) * rows


# ------------------------------------------------------------------ p_n^h


#: Why the WSG-based implementations decline an explicit R (or L, H).
_NO_R = "R, L, H are constants of Algorithm RW (WSG is exact without them)"
#: The largest n of fast.rw (its int64 range).
RW_N_MAX = fast.rw.N_MAX


def _wsg_nth(wsg: Callable[[int, int], Any]) -> Callable[..., np.ndarray]:
    """``P[h, i] = p_{start+i}^h`` (h <= g, i < count) from the g-points of the first rows.

    p_n^h's row stays near floor(n phi) (000 Theorem 2.3), so the rows up to
    floor(stop phi) + 4g + 12 nearly always hold p_{stop-1}^h; the margin
    doubles until they do.
    """

    def answer(g: int, count: int, start: int = 0, **_: Any) -> np.ndarray:
        stop = start + count
        margin = 4 * g + 12
        while True:
            result = wsg(g, lower_wythoff(stop) + margin)
            if all(len(result.T[h]) >= stop for h in range(g + 1)):
                return np.array([result.T[h][start:stop] for h in range(g + 1)], np.int64)
            margin *= 2

    return answer


_spec_nth = _wsg_nth(lambda g, rows: spec_points("wythoff", g, rows))


def _rw_nth(nth_gvalues: Callable[..., list[tuple[int, int]]]) -> Callable[..., np.ndarray]:
    """``P[h, i]`` by Algorithm RW; ``R``, ``L``, ``H`` are its constants (None: defaults)."""

    def answer(g: int, count: int, start: int = 0, **constants: int | None) -> np.ndarray:
        given = {k: v for k, v in constants.items() if v is not None}
        out = np.zeros((g + 1, count, 2), dtype=object if start > 2**40 else np.int64)
        for i in range(count):
            for h, point in enumerate(nth_gvalues(g, start + i, **given)):
                out[h, i] = point
        return out

    return answer


def _nth_covers(limit: int, what: str) -> Callable[..., str | None]:
    def covers(g: int, count: int, start: int = 0, **constants: int | None) -> str | None:
        if any(v is not None for v in constants.values()):
            return _NO_R
        return None if start + count <= limit else f"{what}; start + count > {limit}"

    return covers


def _rw_g(g: int, R: int | None) -> str | None:
    if g > RW_MAX_G and R is None:
        return f"Algorithm RW has a measured R_g only for g <= {RW_MAX_G} (g = {g}); pass R"
    return None


#: reference.rw's seconds per recursion level (one row band of RW) at g = 2 with the
#: default R, and the growth factor per unit of g: measured on x86_64 (2 cores,
#: loaded) for n = 10^20 and 10^40: 0.005-0.008 s at g = 2, 0.04-0.06 at g = 5,
#: 0.5-0.6 at g = 10; the bands of row-hpoints grow faster: row 10^5 took 1.7 s at
#: g = 6 and 6.2 s at g = 8 (x 1.9 per unit of g; g = 12 ran 490 s under load).
REFERENCE_LEVEL_SECONDS = 0.0076
REFERENCE_GROWTH = 1.9
#: The longest a reference.rw answer may take (it shows no progress): the registry's budget.
REFERENCE_SECONDS = BUDGET_SECONDS


def _reference_rw_reach(g: int, n: int) -> str | None:
    """Why reference.rw declines index or row ``n`` at ``g`` (recursion, measured time), or None.

    reference.rw recurses once per level, about log_phi(n) levels (000 §3.4):
    beyond Python's recursion limit it cannot run, and its measured time per
    level (:data:`REFERENCE_LEVEL_SECONDS`, growing about
    :data:`REFERENCE_GROWTH`-fold per unit of g) projects the run.
    """
    levels = max(1, int(n.bit_length() * 1.4405)) + 1  # log_phi(2) = 1.4404...
    headroom = sys.getrecursionlimit() - 200
    if levels > headroom:
        digits = int(headroom / 1.4405 * 0.30103)
        return (
            f"a {len(str(n))}-digit n or row needs about {levels:,} recursion levels, more than "
            f"Python allows here ({headroom:,}): up to about 10^{digits}"
        )
    seconds = levels * REFERENCE_LEVEL_SECONDS * REFERENCE_GROWTH ** max(0, g - 2)
    if seconds > REFERENCE_SECONDS:
        return (
            f"about {seconds:,.0f} s at g = {g} ({levels:,} levels at a measured "
            f"{seconds / levels:.2g} s each; limit {REFERENCE_SECONDS:.0f} s)"
        )
    return None


def _fast_rw_nth_covers(g: int, count: int, start: int = 0, **constants: Any) -> str | None:
    if start + count - 1 > fast.rw.N_MAX:
        return f"n is beyond the int64 range of fast.rw (n <= {fast.rw.N_MAX})"
    return _rw_g(g, constants.get("R"))


def _reference_rw_nth_covers(g: int, count: int, start: int = 0, **constants: Any) -> str | None:
    return _rw_g(g, constants.get("R")) or _reference_rw_reach(g, start + count)


def _wsg_cost(g: int, rows: int, spec_layer: bool = False) -> tuple[float, int]:
    """WSG's memory (the streamed columns ahead of each row, :func:`wsg_stream_bytes`), or the
    spec table's (2 rows + g + 1 columns) for the spec."""
    if spec_layer:
        return spec.solver.estimate([rows, 2 * rows + g])
    return 0.0, wsg_stream_bytes(g, rows)


_NTH = register_question(
    "nth-gvalue", "wythoff", "p_n^h = (a_n^h, b_n^h), h <= g, start <= n < start + count",
    {"g": 4, "count": 30, "start": 0},
    extra_domains=[({"g": 8, "count": 20, "start": 10_000}, False)],
)  # fmt: skip
# Preference: fast.wsg (exact, where it holds the rows) before fast.rw (conditional);
# the resolver puts exact answers first within a layer.
for _name, _layer, _answer, _limit, _what in (
    ("spec", "spec", _spec_nth, 200, "the spec solver is cubic"),
    (
        "reference.wsg",
        "reference",
        _wsg_nth(reference.wsg.wsg),
        2_000,
        "reference.wsg is quadratic",
    ),
    ("fast.wsg", "fast", _wsg_nth(fast.wsg.wsg), 1_000_000, "fast.wsg holds every row"),
):
    register_implementation(
        _NTH, _name, _layer, _answer, replace=True, covers=_nth_covers(_limit, _what),
        cost=lambda g, count, start=0, _s=_layer == "spec", **_: _wsg_cost(
            g, lower_wythoff(start + count) + 4 * g + 12, _s
        ),
    )  # fmt: skip
register_implementation(
    _NTH, "reference.rw", "reference", _rw_nth(reference.rw.nth_gvalues), replace=True,
    covers=_reference_rw_nth_covers, certificate=CONDITIONAL,
)  # fmt: skip
register_implementation(
    _NTH, "fast.rw", "fast", _rw_nth(fast.rw.nth_gvalues), replace=True,
    covers=_fast_rw_nth_covers, certificate=CONDITIONAL,
)  # fmt: skip


# ------------------------------------------------------------------ h-points of a band of rows

#: A point of ``row-hpoints``: (h, n, a, b), the n-th h-point (a, b), a <= b.
HPoint = tuple[int, int, int, int]


def _spec_band(g: int, r1: int, r2: int, R: int | None = None) -> list[HPoint]:
    points = spec_points("wythoff", g, r2 + 1)
    found = [(h, n, a, b) for h in range(g + 1) for n, (a, b) in enumerate(points.T[h]) if a >= r1]
    return sorted(found, key=lambda p: (p[2], p[0]))


def _wsg_band(g: int, r1: int, r2: int, R: int | None = None) -> list[HPoint]:
    result = fast.wsg.wsg(g, r2 + 1)
    found = []
    for h in range(g + 1):
        a = result.a_table[h, : int(result.counts[h])]
        for n in np.flatnonzero(a >= r1).tolist():
            found.append((h, n, int(a[n]), int(result.b_table[h, n])))
    return sorted(found, key=lambda p: (p[2], p[0]))


def _rw_band(gvalues: Callable[..., tuple[Any, Any]]) -> Callable[..., list[HPoint]]:
    def answer(g: int, r1: int, r2: int, R: int | None = None) -> list[HPoint]:
        _, points = gvalues(g, r1, r2, R=R)
        return [(int(h), int(n), int(a), int(b)) for h, n, a, b in points]

    return answer


def _band_covers(limit: int, what: str) -> Callable[..., str | None]:
    def covers(g: int, r1: int, r2: int, R: int | None = None) -> str | None:
        if R is not None:
            return _NO_R
        return None if r2 <= limit else f"{what}; rows > {limit}"

    return covers


def _fast_rw_band_covers(g: int, r1: int, r2: int, R: int | None = None) -> str | None:
    if r2 > fast.rw.R2_MAX:
        return f"row {r2} is beyond the int64 range of fast.rw (rows <= {fast.rw.R2_MAX})"
    return _rw_g(g, R)


def _reference_rw_band_covers(g: int, r1: int, r2: int, R: int | None = None) -> str | None:
    if r2 - r1 > 10**6:
        return f"a band of {r2 - r1 + 1:,} rows (the reference keeps every point: <= 10^6)"
    return _rw_g(g, R) or _reference_rw_reach(g, r2)


_ROW = register_question(
    "row-hpoints", "wythoff",
    "every h-point (h, n, a, b), a <= b, h <= g, with r1 <= a <= r2, by (a, h)",
    {"g": 6, "r1": 37, "r2": 40}, compare_sequences,
    extra_domains=[({"g": 12, "r1": 100_000, "r2": 100_000}, True)],
)  # fmt: skip
for _name, _layer, _band, _reach, _certificate in (
    ("spec", "spec", _spec_band, _band_covers(300, "the spec solver is cubic"), "exact"),
    ("fast.wsg", "fast", _wsg_band, _band_covers(WSG_ROW_LIMIT - 1, "fast.wsg holds every row"),
     "exact"),
    ("fast.rw", "fast", _rw_band(fast.rw.gvalues), _fast_rw_band_covers, CONDITIONAL),
    ("reference.rw", "reference", _rw_band(reference.rw.gvalues), _reference_rw_band_covers,
     CONDITIONAL),
):  # fmt: skip
    register_implementation(
        _ROW, _name, _layer, _band, replace=True, covers=_reach, certificate=_certificate,
        cost=None if _certificate != "exact" else (
            lambda g, r1, r2, R=None, _s=_layer == "spec": _wsg_cost(g, r2 + 1, _s)
        ),
    )  # fmt: skip


# ------------------------------------------------------------------ FSW convergence

_FSW = register_question(
    "fsw-convergence", "wythoff",
    "rows to convergence of FSW from the dummy state (3-8), start rows r0_start..r0_stop-1",
    {"g": 2, "r0_start": 0, "r0_stop": 31, "horizon": 40}, oracle="reference.fsw",
)  # fmt: skip
register_implementation(
    _FSW, "reference.fsw", "reference",
    lambda g, r0_start, r0_stop, horizon=None: np.array(
        reference.fsw.convergence_times(g, r0_start, r0_stop, horizon), np.int64
    ),
    covers=lambda g, r0_start, r0_stop, horizon=None: (
        None if r0_stop <= 20_000 else "the reference is quadratic; r0_stop > 20000"
    ),
    replace=True,
)  # fmt: skip
register_implementation(
    _FSW, "fast.fsw", "fast",
    lambda g, r0_start, r0_stop, horizon=None: fast.fsw.convergence_times(
        g, r0_start, r0_stop, horizon
    ),
    covers=lambda g, r0_start, r0_stop, horizon=None: (
        None if g <= fast.fsw.MAX_G else f"g > {fast.fsw.MAX_G}"
    ),
    replace=True,
)  # fmt: skip
