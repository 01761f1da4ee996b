"""The greedy algorithms against the spec: questions ``wsg:wythoff`` and ``fwsg:f-wythoff``.

The answer of every implementation is the list ``[T_0, ..., T_g]``, T_h the
list of h-points (a, b), a <= b, a < rows, in increasing a. The oracle
derives it from ``spec.grundy_table`` (:func:`spec_points`); the reference
(:mod:`reference.wsg`, :mod:`reference.fwsg`) and fast (:mod:`fast.wsg`,
:mod:`fast.fwsg`) implementations answer the same domain. Default domain
g = 8, rows = 80 (about a second of spec time); ``--all`` adds g = 12,
rows = 200.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import fast.fwsg
import fast.wsg
import reference.fwsg
import reference.wsg
import spec
from grundy.conformance import compare_sequences, register_implementation, register_question

Points = list[list[tuple[int, int]]]

#: Default and --all domains.
DOMAIN = {"g": 8, "rows": 80}
LARGE_DOMAIN = {"g": 12, "rows": 200}


def spec_points(game_name: str, g: int, rows: int) -> Points:
    """``[T_0 .. T_g]`` from the spec's table: h-points (x, y), x <= y, x < rows, by x.

    The table has ``2 rows + g + 1`` columns. Every row holds each value at
    most once (a cell is a follower of every other cell of its row), so
    when row x shows every value <= g somewhere in the table, the h-point
    with first coordinate x, if any, is the one found at y >= x. That
    completeness is asserted, so the oracle depends on no bound from the
    papers.

    Examples
    --------
    >>> spec_points("wythoff", 4, 9)[4]
    [(0, 4), (1, 3), (2, 5), (6, 7), (8, 8)]
    """
    cols = 2 * rows + g + 1
    table = spec.grundy_table(spec.get_game(game_name), rows, cols)
    points: Points = [[] for _ in range(g + 1)]
    for x in range(rows):
        row = table[x]
        missing = set(range(g + 1)) - set(row)
        if missing:
            raise ValueError(f"row {x} shows no {min(missing)} within {cols} columns")
        for y in range(x, cols):
            if row[y] <= g:
                points[row[y]].append((x, y))
    return points


def compare_points(expected: Sequence[Any], actual: Sequence[Any]) -> str | None:
    """Compare two ``[T_0 .. T_g]`` lists; name the first T_h that differs.

    Examples
    --------
    >>> compare_points([[(0, 0)], [(0, 1)]], [[(0, 0)], [(0, 2)]])
    'T_1: first difference at index 0: expected (0, 1), got (0, 2)'
    """
    if len(expected) != len(actual):
        return f"expected T_0..T_{len(expected) - 1}, got {len(actual)} sequences"
    for h, (e, a) in enumerate(zip(expected, actual, strict=True)):
        diff = compare_sequences(list(e), list(a))
        if diff is not None:
            return f"T_{h}: {diff}"
    return None


def _spec(game_name: str) -> Callable[..., Points]:
    def answer(g: int, rows: int) -> Points:
        return spec_points(game_name, g, rows)

    return answer


def reference_wsg(g: int, rows: int) -> Points:
    return reference.wsg.wsg(g, rows).T


def reference_fwsg(g: int, rows: int) -> Points:
    return reference.fwsg.fwsg(g, rows).T


def fast_wsg(g: int, rows: int) -> Points:
    result = fast.wsg.wsg(g, rows)
    return [result.T(h) for h in range(g + 1)]


def fast_fwsg(g: int, rows: int) -> Points:
    result = fast.fwsg.fwsg(g, rows)
    return [result.T(h) for h in range(g + 1)]


#: question id -> (game, reference answer, fast answer, names)
ALGORITHMS: dict[str, tuple[str, Callable[..., Points], Callable[..., Points], str, str]] = {
    "wsg": ("wythoff", reference_wsg, fast_wsg, "reference.wsg", "fast.wsg"),
    "fwsg": ("f-wythoff", reference_fwsg, fast_fwsg, "reference.fwsg", "fast.fwsg"),
}

for _id, (_game, _ref, _fast, _ref_name, _fast_name) in ALGORITHMS.items():
    _key = register_question(
        _id,
        _game,
        f"T_0..T_g of {_game}: h-points (a, b), a <= b, a < rows",
        DOMAIN,
        compare=compare_points,
    )
    register_implementation(_key, "spec", "spec", _spec(_game), replace=True)
    register_implementation(_key, _ref_name, "reference", _ref, replace=True)
    register_implementation(_key, _fast_name, "fast", _fast, replace=True)
    register_implementation(
        _key,
        f"{_fast_name} (large)",
        "fast",
        _fast,
        domain=LARGE_DOMAIN,
        quick=False,
        replace=True,
    )

__all__ = [
    "ALGORITHMS",
    "DOMAIN",
    "LARGE_DOMAIN",
    "compare_points",
    "fast_fwsg",
    "fast_wsg",
    "reference_fwsg",
    "reference_wsg",
    "spec_points",
]
