"""Questions on the g-value sequences of 000 §2-3: T_h, p_n^h, row h-points, FSW.

``g-points:<game>`` (wythoff, f-wythoff)
    ``answer(g, rows)`` -> T_0..T_g (``T[h]``: the h-points (a, b), a <= b, a < rows, by a;
    ``a(h)``, ``b(h)``, ``d(h)``), as :func:`reference.wsg.wsg` gives them. Oracle: the spec's
    table (:func:`spec_points`); reference.wsg / reference.fwsg (Algorithms WSG, FWSG),
    fast.wsg / fast.fwsg.
``nth-gvalue:wythoff``
    ``answer(g, count, start=0)`` -> int array ``P[h, i] = p_{start+i}^h``. Oracle: the spec
    table; WSG, and reference.rw / fast.rw (Algorithm RW: conditional on Conjecture 3.10; its
    constants R, L, H, which WSG declines).
``row-hpoints:wythoff``
    ``answer(g, r1, r2, R=None)`` -> every h-point (h, n, a, b), a <= b, h <= g, with
    r1 <= a <= r2, by (a, h) (Algorithm RW's band). Oracle: the spec table; fast.wsg (exact,
    rows it can hold), reference.rw and fast.rw (any row, conditional).
``fsw-convergence:wythoff``
    ``answer(g, r0_start, r0_stop, horizon)`` -> rows to convergence of Algorithm FSW from the
    dummy state (3-8). Oracle: reference.fsw (itself checked against WSG, which the spec
    checks); fast.fsw.

``nth-gvalue`` and ``row-hpoints`` are the doors of ``grundy gvalues`` and ``grundy
wythoff-nim`` (``--impl``): where fast.rw's int64 range ends, the resolver takes reference.rw
(exact Python integers) as far as its measured time allows.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Callable, Iterator
from functools import partial
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
import spec.tables
from reference.beatty import lower_wythoff
from reference.wsg import PointSequences as PointSequences
from registry import records
from registry.arguments import (
    G_POINT_BLOCKS,
    FswArgs,
    GPointBlocksArgs,
    GPointsArgs,
    NthGvalueArgs,
    RowHpointsArgs,
)
from registry.core import (
    BUDGET_SECONDS,
    checked_memory,
    compare_sequences,
    get_question,
    register_implementation,
    register_question,
)
from registry.rows import past, upto

#: The memory of WSG's streamed columns (:func:`fast.wsg.stream_bytes`), for the CLI.
wsg_stream_bytes = fast.wsg.stream_bytes

#: The certificate of an Algorithm RW answer (:data:`registry.records.CONDITIONAL`).
CONDITIONAL = records.CONDITIONAL

#: Algorithm RW's default R_g exists for g <= RW_MAX_G (000 Table 5 stops at g = 20).
RW_MAX_G = 20

#: The largest g of the FSW kernels (``fast.fsw``: one int64 bit mask per row).
FSW_MAX_G = fast.fsw.MAX_G

#: fast.wsg answers row h-points for rows below this (about 0.1 s at g = 20).
WSG_ROW_LIMIT = 200_000


def spec_points(game: str | spec.ImpartialGame, g: int, rows: int) -> PointSequences:
    """``T_0 .. T_g`` from the spec's table (:func:`spec.tables.h_points`, which checks each row).

    >>> spec_points("wythoff", 4, 9).T[4]
    [(0, 4), (1, 3), (2, 5), (6, 7), (8, 8)]
    """
    return PointSequences(spec.tables.h_points(game, g, rows), rows)


def compare_points(
    expected: Any, actual: Any, layers: Callable[[Any], Any] = lambda p: p.T, name: str = "T_"
) -> str | None:
    """Compare two ``T_0 .. T_g`` results, or two results of points by layer (``layers(result)``,
    each named ``name`` and its index: ``p-positions``); name the first that differs.

    Examples
    --------
    >>> compare_points(PointSequences([[(0, 0)], [(0, 1)]]), PointSequences([[(0, 0)], [(0, 2)]]))
    'T_1: first difference at index 0: expected (0, 1), got (0, 2)'
    >>> compare_points([[(0, 0), (1, 2)]], [[(0, 0), (1, 3)]], list, "layer ")
    'layer 0: first difference at index 1: expected (1, 2), got (1, 3)'
    """
    exp, act = list(layers(expected)), list(layers(actual))
    if len(exp) != len(act):
        return f"expected {len(exp)} sequences of points, got {len(act)}"
    for h, (e, a) in enumerate(zip(exp, act, strict=True)):
        diff = compare_sequences(list(e), list(a))
        if diff is not None:
            return f"{name}{h}: {diff}"
    return None


# ------------------------------------------------------------------ T_0 .. T_g

register_question(
    "g-points", "*", "T_0..T_g of {game}: h-points (a, b), a <= b, a < rows",
    {"g": 8, "rows": 80}, compare_points, extra_domains=[({"g": 12, "rows": 200}, False)],
    signature=GPointsArgs,
)  # fmt: skip
for _game, _ref, _fast in (
    ("wythoff", (reference.wsg.wsg, "reference.wsg"), (fast.wsg.wsg, "fast.wsg")),
    ("f-wythoff", (reference.fwsg.fwsg, "reference.fwsg"), (fast.fwsg.fwsg, "fast.fwsg")),
):
    register_implementation(
        f"g-points:{_game}", "spec", "spec", lambda g, rows, _n=_game: spec_points(_n, g, rows),
        covers=upto(300, "the spec solver is cubic", lambda g, rows: rows), replace=True,
    )  # fmt: skip
    register_implementation(f"g-points:{_game}", _ref[1], "reference", _ref[0], replace=True)
    register_implementation(f"g-points:{_game}", _fast[1], "fast", _fast[0], replace=True)


# The streaming twins of g-points: ``(r0, cols)`` blocks of rows, in memory the kernel checks.
for _game, _name, _rows in (
    ("wythoff", "fast.wsg", fast.wsg.wsg_rows),
    ("f-wythoff", "fast.fwsg", fast.fwsg.fwsg_rows),
):
    register_question(
        "g-point-blocks", _game, f"T_0..T_g of {_game} in blocks of rows (r0, cols)",
        {"g": 1, "rows": 4}, checked=False, signature=GPointBlocksArgs,
    )  # fmt: skip
    register_implementation(
        f"g-point-blocks:{_game}", _name, "fast",
        checked_memory(lambda g, rows, chunk=fast.wsg.DEFAULT_CHUNK, _r=_rows: _r(g, rows, chunk)),
        replace=True,
    )  # fmt: skip


def stream_blocks(
    game: str | spec.ImpartialGame, g: int, rows: int, chunk: int = fast.wsg.DEFAULT_CHUNK
) -> Iterator[tuple[int, np.ndarray]]:
    """WSG / FWSG in blocks of rows: ``(r0, cols)``, ``cols[i, h] = b`` for the h-point
    (r0 + i, b), a <= b, or -1 (the streaming form of ``g-points``, the door of
    ``g-point-blocks``: see :func:`fast.wsg.wsg_rows`); the game known by its rule
    (:func:`registry.core.rule_identity`).

    Examples
    --------
    >>> [(r0, cols.tolist()) for r0, cols in stream_blocks("wythoff", 1, 4, chunk=2)]
    [(0, [[0, 1], [2, -1]]), (2, [[-1, 2], [5, 6]])]
    >>> next(stream_blocks("nimhof:1,0/0,1/1,1", 1, 4, chunk=2))[1].tolist()
    [[0, 1], [2, -1]]
    """
    door = get_question(G_POINT_BLOCKS, game)
    if door is None:
        raise ValueError(f"no streaming WSG for {game!r} (known: wythoff, f-wythoff)")
    return door(g=g, rows=rows, chunk=chunk).value


def stream_points(
    game: str | spec.ImpartialGame, g: int, rows: int
) -> Iterator[tuple[int, int, int]]:
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


# ------------------------------------------------------------------ p_n^h


#: The largest n of fast.rw (its int64 range).
RW_N_MAX = fast.rw.N_MAX


def _wsg_nth(wsg: Callable[[int, int], Any]) -> Callable[..., np.ndarray]:
    """``P[h, i] = p_{start+i}^h`` (h <= g, i < count) from the g-points of the first rows.

    p_n^h's row stays near floor(n phi) (000 Theorem 2.3), so the rows up to
    floor(stop phi) + 4g + 12 nearly always hold p_{stop-1}^h; the margin
    doubles until they do.
    """

    def answer(g: int, count: int, start: int = 0) -> np.ndarray:
        stop = start + count
        margin = 4 * g + 12
        while True:
            result = wsg(g, lower_wythoff(stop) + margin)
            if all(len(result.T[h]) >= stop for h in range(g + 1)):
                return np.array([result.T[h][start:stop] for h in range(g + 1)], np.int64)
            margin *= 2

    return answer


_spec_nth = _wsg_nth(partial(spec_points, "wythoff"))
_reference_nth = _wsg_nth(reference.wsg.wsg)


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


_NTH = register_question(
    "nth-gvalue", "wythoff", "p_n^h = (a_n^h, b_n^h), h <= g, start <= n < start + count",
    {"g": 4, "count": 30, "start": 0},
    extra_domains=[({"g": 8, "count": 20, "start": 10_000}, False)],
    signature=NthGvalueArgs,
)  # fmt: skip


def _end(nth: bool, count: int, start: int, r2: int) -> int:
    """Where an answer ends: n < start + count (``nth-gvalue``), or rows r1..r2."""
    return start + count if nth else r2


def _rw_covers(
    nth: bool, layer: str, g: int, R: int | None = None, r1: int = 0, count: int = 0,
    start: int = 0, r2: int = 0,
) -> str | None:  # fmt: skip
    """Where Algorithm RW's ``layer`` answers nth-gvalue (``nth``) or row-hpoints (see
    :func:`_register`)."""
    stop = _end(nth, count, start, r2)
    if layer == "fast" and nth and stop - 1 > fast.rw.N_MAX:
        return f"n is beyond the int64 range of fast.rw (n <= {fast.rw.N_MAX})"
    if layer == "fast" and not nth and stop > fast.rw.R2_MAX:
        return f"row {stop} is beyond the int64 range of fast.rw (rows <= {fast.rw.R2_MAX})"
    if layer == "reference" and not nth and stop - r1 > 10**6:
        return f"a band of {stop - r1 + 1:,} rows (the reference keeps every point: <= 10^6)"
    if g > RW_MAX_G and R is None:
        return f"Algorithm RW has a measured R_g only for g <= {RW_MAX_G} (g = {g}); pass R"
    return reference.rw.reach(g, stop, BUDGET_SECONDS) if layer == "reference" else None


def _register(
    question: str,
    *implementations: tuple[str, str, Callable[..., object], tuple[int, str] | None],
) -> None:
    """Register ``(name, layer, answer, wsg)`` for nth-gvalue or row-hpoints.

    A WSG one (``wsg = (limit, why)``) is exact and answers without RW's constants, up to
    start + count (or row) ``limit``; its memory is WSG's streamed columns
    (:func:`wsg_stream_bytes`), or the spec table's (:func:`spec.tables.h_points_cost`), over the
    rows an answer reads. Algorithm RW's (``wsg`` None) is conditional: ``fast``, within fast.rw's
    int64 range; ``reference``, a band of at most 10^6 rows and :func:`reference.rw.reach`
    (recursion, measured time) within the registry's budget; both need R for g > :data:`RW_MAX_G`.
    """
    nth = question == _NTH

    def wsg_covers(
        limit: int, why: str, count: int = 0, start: int = 0, r2: int = 0,
        R: int | None = None, L: int | None = None, H: int | None = None,
    ) -> str | None:  # fmt: skip
        if any(k is not None for k in (R, L, H)):
            return "R, L, H are constants of Algorithm RW (WSG is exact without them)"
        return past(limit, why, _end(nth, count, start, r2), "start + count" if nth else "rows")

    def wsg_cost(
        spec_layer: bool, g: int, count: int = 0, start: int = 0, r2: int = 0
    ) -> tuple[float, int]:
        last = _end(nth, count, start, r2)
        rows = lower_wythoff(last) + 4 * g + 12 if nth else last + 1  # the rows an answer reads
        if spec_layer:
            return spec.tables.h_points_cost("wythoff", g, rows)
        return 0.0, wsg_stream_bytes(g, rows)

    for name, layer, answer, wsg in implementations:
        covers = partial(wsg_covers, *wsg) if wsg else partial(_rw_covers, nth, layer)
        cost = partial(wsg_cost, layer == "spec") if wsg else None
        cert = records.EXACT if wsg else CONDITIONAL
        register_implementation(
            question, name, layer, answer, covers=covers, certificate=cert, cost=cost, replace=True
        )


# Preference: fast.wsg (exact, where it holds the rows) before fast.rw (conditional);
# the resolver puts exact answers first within a layer.
_register(
    _NTH,
    ("spec", "spec", _spec_nth, (200, "the spec solver is cubic")),
    ("reference.wsg", "reference", _reference_nth, (2_000, "reference.wsg is quadratic")),
    ("fast.wsg", "fast", _wsg_nth(fast.wsg.wsg), (1_000_000, "fast.wsg holds every row")),
    ("reference.rw", "reference", _rw_nth(reference.rw.nth_gvalues), None),
    ("fast.rw", "fast", _rw_nth(fast.rw.nth_gvalues), None),
)


# ------------------------------------------------------------------ h-points of a band of rows

#: A point of ``row-hpoints``: (h, n, a, b), the n-th h-point (a, b), a <= b.
_HPoint = tuple[int, int, int, int]


def _wsg_band(wsg: Callable[[int, int], Any]) -> Callable[..., list[_HPoint]]:
    """Every h-point with r1 <= a <= r2 from the g-points of rows 0..r2 (``wsg(g, r2 + 1)``)."""

    def answer(g: int, r1: int, r2: int, R: int | None = None) -> list[_HPoint]:
        result = wsg(g, r2 + 1)
        found = []
        for h in range(g + 1):
            a, b = result.a(h), result.b(h)
            found += [(h, n, a[n], b[n]) for n in range(bisect_left(a, r1), len(a))]
        return sorted(found, key=lambda p: (p[2], p[0]))

    return answer


def _rw_band(gvalues: Callable[..., tuple[Any, Any]]) -> Callable[..., list[_HPoint]]:
    return lambda g, r1, r2, R=None: [
        (int(h), int(n), int(a), int(b)) for h, n, a, b in gvalues(g, r1, r2, R=R)[1]
    ]


_ROW = register_question(
    "row-hpoints", "wythoff",
    "every h-point (h, n, a, b), a <= b, h <= g, with r1 <= a <= r2, by (a, h)",
    {"g": 6, "r1": 37, "r2": 40}, compare_sequences,
    extra_domains=[({"g": 12, "r1": 100_000, "r2": 100_000}, True)],
    signature=RowHpointsArgs,
)  # fmt: skip
_register(
    _ROW,
    ("spec", "spec", _wsg_band(partial(spec_points, "wythoff")), (300, "the spec solver is cubic")),
    ("fast.wsg", "fast", _wsg_band(fast.wsg.wsg), (WSG_ROW_LIMIT - 1, "fast.wsg holds every row")),
    ("fast.rw", "fast", _rw_band(fast.rw.gvalues), None),
    ("reference.rw", "reference", _rw_band(reference.rw.gvalues), None),
)


# ------------------------------------------------------------------ FSW convergence

_FSW = register_question(
    "fsw-convergence", "wythoff",
    "rows to convergence of FSW from the dummy state (3-8), start rows r0_start..r0_stop-1",
    {"g": 2, "r0_start": 0, "r0_stop": 31, "horizon": 40}, oracle="reference.fsw",
    signature=FswArgs,
)  # fmt: skip
register_implementation(
    _FSW, "reference.fsw", "reference",
    lambda g, r0_start, r0_stop, horizon=None: np.array(
        reference.fsw.convergence_times(g, r0_start, r0_stop, horizon), np.int64
    ),
    covers=lambda r0_stop: past(20_000, "the reference is quadratic", r0_stop, "r0_stop"),
    replace=True,
)  # fmt: skip
register_implementation(
    _FSW, "fast.fsw", "fast", fast.fsw.convergence_times,
    covers=lambda g: past(fast.fsw.MAX_G, "one int64 bit mask per row", g, "g"), replace=True,
)  # fmt: skip
