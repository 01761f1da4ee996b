"""The spec against the published tables and examples of the seeds.

Registers, for every registered game with two-integer positions, the
question ``grundy-table:<game>`` with the spec as oracle, the published
tables as implementations on their printed range, and the seeds' examples
and structural facts as checks.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

import spec
from grundy.conformance import (
    CheckResult,
    compare_arrays,
    conformance_check,
    register_implementation,
    register_question,
)
from grundy.published import load_published
from reference.beatty import is_wythoff_p_position

#: Default size of the Grundy-table question (spec cost is cubic in it).
TABLE_SIZE = 40


def spec_table(name: str) -> Callable[..., np.ndarray]:
    """``size -> G[x, y]`` for 0 <= x, y < size from a fresh spec instance."""

    def answer(size: int) -> np.ndarray:
        return np.array(spec.grundy_table(spec.get_game(name), size, size), dtype=np.int64)

    answer.__name__ = f"spec_table_{name}"
    return answer


def published_table(name: str) -> Callable[..., np.ndarray]:
    """``size -> the transcribed table`` (answers only on its printed range)."""

    def answer(size: int) -> np.ndarray:
        rows = np.array(load_published(name)["rows"], dtype=np.int64)
        if size > len(rows):
            raise ValueError(f"published table {name} covers only size {len(rows)}")
        return rows[:size, :size]

    return answer


for _name, _cls in sorted(spec.GAMES.items()):
    if issubclass(_cls, spec.PileGame) and _cls.arity == 2:
        _key = register_question(
            "grundy-table",
            _name,
            f"G[x, y] of {_name} for 0 <= x, y < size",
            {"size": TABLE_SIZE},
        )
        register_implementation(_key, "spec", "spec", spec_table(_name), replace=True)

register_implementation(
    "grundy-table:wythoff",
    "published 003",
    "published",
    published_table("wythoff_003"),
    domain={"size": 14},
    replace=True,
)
register_implementation(
    "grundy-table:f-wythoff",
    "published 001 Table 1",
    "published",
    published_table("fwythoff_001_table1"),
    domain={"size": 13},
    replace=True,
)


@conformance_check(
    name="figure-1 (002)",
    game="fibonacci-nim",
    implementation="spec vs published 002",
    domain="0 <= r <= n <= 20",
)
def fibonacci_figure_1() -> CheckResult:
    rows = load_published("fibonacci_nim_002_figure1")["rows"]
    game = spec.FibonacciNim()
    cases = 0
    for n, row in enumerate(rows):
        for r, printed in enumerate(row):
            cases += 1
            value = spec.grundy(game, (n, r))
            if value != printed:
                return CheckResult(False, cases, f"G({n}, {r}) = {value}, printed {printed}")
    return CheckResult(True, cases)


def _lines_hold_values_once(table: np.ndarray, diagonals: bool) -> str | None:
    n = len(table)
    lines: list[tuple[str, np.ndarray]] = [(f"row {x}", table[x]) for x in range(n)]
    lines += [(f"column {y}", table[:, y]) for y in range(n)]
    if diagonals:
        lines += [(f"diagonal {e}", np.diagonal(table, e)) for e in range(-n + 1, n)]
    for label, line in lines:
        values, counts = np.unique(line, return_counts=True)
        if (counts > 1).any():
            return f"{label} holds {int(values[counts > 1][0])} more than once"
    return None


@conformance_check(
    name="each value at most once per row/column/diagonal",
    game="wythoff",
    implementation="spec",
    domain=f"0 <= x, y < {TABLE_SIZE}",
)
def wythoff_lines_unique() -> CheckResult:
    detail = _lines_hold_values_once(spec_table("wythoff")(TABLE_SIZE), diagonals=True)
    return CheckResult(detail is None, TABLE_SIZE**2, detail or "")


@conformance_check(
    name="P-positions = Beatty pairs (000 Thm 1.1)",
    game="wythoff",
    implementation="spec vs reference.beatty",
    domain="0 <= x, y < 120",
)
def wythoff_beatty() -> CheckResult:
    return _p_positions_match("wythoff", 120, is_wythoff_p_position)


@conformance_check(
    name="P-positions = Wythoff's (Ho)",
    game="r-wythoff",
    implementation="spec vs reference.beatty",
    domain="0 <= x, y < 120",
)
def rwythoff_p_positions() -> CheckResult:
    return _p_positions_match("r-wythoff", 120, is_wythoff_p_position)


def _fwythoff_p(x: int, y: int) -> bool:
    return (x, y) == (0, 0) or (x >= 1 and y >= 1 and is_wythoff_p_position(x - 1, y - 1))


@conformance_check(
    name="P-positions = (0,0) and Wythoff's + (1,1) (Ho)",
    game="f-wythoff",
    implementation="spec vs reference.beatty",
    domain="0 <= x, y < 120",
)
def fwythoff_p_positions() -> CheckResult:
    return _p_positions_match("f-wythoff", 120, _fwythoff_p)


def _p_positions_match(name: str, size: int, is_p: Callable[[int, int], bool]) -> CheckResult:
    game = spec.get_game(name)
    for x in range(size):
        for y in range(size):
            mine = spec.outcome(game, (x, y)) == "P"
            if mine != is_p(x, y):
                return CheckResult(
                    False,
                    x * size + y + 1,
                    f"({x}, {y}): spec says {'P' if mine else 'N'}, formula says "
                    f"{'P' if is_p(x, y) else 'N'}",
                )
    return CheckResult(True, size * size)


@conformance_check(
    name="4-values example (003)",
    game="wythoff",
    implementation="spec",
    domain="rows 0..8",
)
def four_values() -> CheckResult:
    expected = [(0, 4), (1, 3), (2, 5), (6, 7), (8, 8)]
    table = spec_table("wythoff")(20)
    found = [(int(x), int(y)) for x, y in np.argwhere(table == 4) if x <= y and x <= 8]
    return CheckResult(
        found == expected, len(expected), "" if found == expected else f"found {found}"
    )


@conformance_check(
    name="9 = G(1,8) = G(3,10) = G(5,12) (001 Thm 12)",
    game="f-wythoff",
    implementation="spec",
    domain="3 positions",
)
def jiao_counterexample() -> CheckResult:
    game = spec.FWythoff()
    values = [spec.grundy(game, p) for p in ((1, 8), (3, 10), (5, 12))]
    return CheckResult(values == [9, 9, 9], 3, "" if values == [9, 9, 9] else f"got {values}")


__all__ = ["TABLE_SIZE", "compare_arrays", "published_table", "spec_table"]
