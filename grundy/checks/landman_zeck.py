"""Landman's row machine, Zeckendorf / Fibonacci Nim and exact Beatty arrays.

Questions (spec = oracle):

* ``row-values:<game>`` for wythoff, f-wythoff, r-wythoff: ``G(n, m)`` for
  0 <= n < rows, 0 <= m < length (row n as in :mod:`reference.landman`),
  spec table vs reference machine vs fast machine.
* ``row-period:<game>``: (preperiod, period, saltus) of rows 0 <= n < rows.
  The oracle takes the reference machine's repeated state (start, length) as
  a certificate only: it recomputes the row with the spec up to
  start + length, checks the period there and derives the minimal
  preperiod/period from the spec's own values.
* ``fibonacci-outcomes:fibonacci-nim``: 1 where (n, r) is a P-position, for
  0 <= n, r <= n_max: spec (bounded Grundy g = 0) vs reference.zeckendorf
  (002 Theorem 3.2) vs fast.zeckendorf.
* ``lower-wythoff:wythoff``: a_n = floor(n phi) for n < count; the spec's
  Wythoff P-positions (sorted by b - a) vs reference.beatty vs fast.beatty.

Stand-alone: fast.beatty vs reference.beatty on random n up to 2**62 and the
Fibonacci numbers +- 3; the seed-003 row-3 example.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import numpy as np

import spec
from fast import beatty as fast_beatty
from fast import landman as fast_landman
from fast import zeckendorf as fast_zeckendorf
from grundy.conformance import (
    CheckResult,
    compare_sequences,
    conformance_check,
    register_implementation,
    register_question,
)
from grundy.published import load_published
from reference import beatty as ref_beatty
from reference import landman as ref_landman
from reference import zeckendorf as ref_zeckendorf

#: Default domains (kept small: these rows run in well under 3 s together).
ROW_DOMAIN = {"rows": 5, "length": 40}
PERIOD_DOMAIN = {"rows": 5}
FIB_DOMAIN = {"n_max": 60}
BEATTY_DOMAIN = {"count": 40}


def _spec_rows(game: str) -> Callable[..., np.ndarray]:
    def answer(rows: int, length: int) -> np.ndarray:
        return np.array(spec.grundy_table(spec.get_game(game), rows, length), dtype=np.int64)

    return answer


def _reference_rows(game: str) -> Callable[..., np.ndarray]:
    def answer(rows: int, length: int) -> np.ndarray:
        return np.array(
            [ref_landman.row_values(n, length - 1, game) for n in range(rows)], dtype=np.int64
        ).reshape(rows, length)

    return answer


def _fast_rows(game: str) -> Callable[..., np.ndarray]:
    def answer(rows: int, length: int) -> np.ndarray:
        return np.array(
            [fast_landman.row_values(n, length - 1, game) for n in range(rows)], dtype=np.int64
        ).reshape(rows, length)

    return answer


def spec_periodicity(n: int, game: str) -> ref_landman.Periodicity:
    """Minimal periodicity from spec values, on the reference machine's certificate."""
    cycle, _ = ref_landman.machine_cycle(n, game)
    total = cycle.start + cycle.length
    values = spec.grundy_table(spec.get_game(game), n + 1, total)[n]
    extended = values + [
        values[m - cycle.length] + cycle.length for m in range(total, total + cycle.length)
    ]
    spec_values = spec.grundy_table(spec.get_game(game), n + 1, total + cycle.length)[n]
    if spec_values != extended:
        raise AssertionError(f"{game} row {n}: spec values contradict the machine's cycle")
    return ref_landman.minimal_periodicity(values, cycle.start, cycle.length)


def _periods(
    impl: Callable[[int, str], tuple[int, ...]], game: str
) -> Callable[..., list[tuple[int, ...]]]:
    def answer(rows: int) -> list[tuple[int, ...]]:
        return [tuple(impl(n, game)) for n in range(rows)]

    return answer


for _game in ref_landman.GAMES:
    _key = register_question(
        "row-values", _game, f"G(n, m) of {_game} for n < rows, m < length (row n)", ROW_DOMAIN
    )
    register_implementation(_key, "spec", "spec", _spec_rows(_game), replace=True)
    register_implementation(
        _key, "reference.landman", "reference", _reference_rows(_game), replace=True
    )
    register_implementation(_key, "fast.landman", "fast", _fast_rows(_game), replace=True)
    register_implementation(
        _key,
        "reference.landman (10 x 150)",
        "reference",
        _reference_rows(_game),
        domain={"rows": 10, "length": 150},
        quick=False,
        replace=True,
    )
    register_implementation(
        _key,
        "fast.landman (10 x 150)",
        "fast",
        _fast_rows(_game),
        domain={"rows": 10, "length": 150},
        quick=False,
        replace=True,
    )

    _key = register_question(
        "row-period",
        _game,
        f"(preperiod, period, saltus) of {_game} rows n < rows",
        PERIOD_DOMAIN,
        compare_sequences,
    )
    register_implementation(
        _key,
        "spec values (reference cycle as certificate)",
        "spec",
        _periods(spec_periodicity, _game),
        replace=True,
    )
    register_implementation(
        _key,
        "reference.landman",
        "reference",
        _periods(ref_landman.row_periodicity, _game),
        replace=True,
    )
    register_implementation(
        _key, "fast.landman", "fast", _periods(fast_landman.row_periodicity, _game), replace=True
    )
    register_implementation(
        _key,
        "fast.landman (8 rows)",
        "fast",
        _periods(fast_landman.row_periodicity, _game),
        domain={"rows": 8},
        quick=False,
        replace=True,
    )


def _spec_outcomes(n_max: int) -> np.ndarray:
    game = spec.FibonacciNim()
    return np.array(
        [[spec.outcome(game, (n, r)) == "P" for r in range(n_max + 1)] for n in range(n_max + 1)],
        dtype=np.int64,
    )


def _reference_outcomes(n_max: int) -> np.ndarray:
    return np.array(
        [[ref_zeckendorf.is_p_position(n, r) for r in range(n_max + 1)] for n in range(n_max + 1)],
        dtype=np.int64,
    )


def _fast_outcomes(n_max: int) -> np.ndarray:
    n, r = np.meshgrid(np.arange(n_max + 1), np.arange(n_max + 1), indexing="ij")
    return fast_zeckendorf.fibonacci_nim_is_p(n, r).astype(np.int64)


_key = register_question(
    "fibonacci-outcomes",
    "fibonacci-nim",
    "1 where (n, r) is a P-position, 0 <= n, r <= n_max",
    FIB_DOMAIN,
)
register_implementation(_key, "spec", "spec", _spec_outcomes, replace=True)
register_implementation(
    _key, "reference.zeckendorf (Thm 3.2)", "reference", _reference_outcomes, replace=True
)
register_implementation(_key, "fast.zeckendorf", "fast", _fast_outcomes, replace=True)
register_implementation(
    _key,
    "fast.zeckendorf (n <= 150)",
    "fast",
    _fast_outcomes,
    domain={"n_max": 150},
    quick=False,
    replace=True,
)


def _spec_lower(count: int) -> np.ndarray:
    """a_n from the spec's Wythoff P-positions (a, a + n), n < count."""
    game = spec.Wythoff()
    size = 2 * count + 2  # a_n < 2n + 1
    lower = [-1] * count
    for a in range(size):
        for d in range(count):
            if lower[d] < 0 and spec.outcome(game, (a, a + d)) == "P":
                lower[d] = a
    return np.array(lower, dtype=np.int64)


_key = register_question(
    "lower-wythoff",
    "wythoff",
    "a_n = floor(n phi) for n < count (P-position (a_n, a_n + n))",
    BEATTY_DOMAIN,
)
register_implementation(_key, "spec", "spec", _spec_lower, replace=True)
register_implementation(
    _key,
    "reference.beatty",
    "reference",
    lambda count: np.array([ref_beatty.lower_wythoff(n) for n in range(count)], dtype=np.int64),
    replace=True,
)
register_implementation(
    _key,
    "fast.beatty",
    "fast",
    lambda count: fast_beatty.lower_wythoff_array(np.arange(count)),
    replace=True,
)


def beatty_hard_cases() -> list[int]:
    """Fibonacci numbers +- 3 (n phi nearest an integer), N_MAX and its neighbours."""
    cases = {fast_beatty.N_MAX, fast_beatty.N_MAX - 1, 2**62, 2**62 - 1}
    for f in fast_beatty.FIBONACCI.tolist():
        for d in range(-3, 4):
            if 0 <= f + d <= fast_beatty.N_MAX:
                cases.add(f + d)
    return sorted(cases)


@conformance_check(
    name="floor(n phi) int64 exact",
    game="wythoff",
    implementation="fast.beatty vs reference.beatty",
    domain="2000 random n < 2^62, Fibonacci +- 3",
)
def beatty_int64() -> CheckResult:
    rng = random.Random(20021)
    cases = beatty_hard_cases() + [rng.randrange(2**62) for _ in range(2000)]
    fast = fast_beatty.lower_wythoff_array(np.array(cases, dtype=np.int64)).tolist()
    upper = fast_beatty.upper_wythoff_array(
        np.array([c for c in cases if c <= fast_beatty.N_MAX_UPPER], dtype=np.int64)
    ).tolist()
    for n, value in zip(cases, fast, strict=True):
        if value != ref_beatty.lower_wythoff(n):
            return CheckResult(
                False, len(cases), f"n = {n}: fast {value}, reference {ref_beatty.lower_wythoff(n)}"
            )
    for n, value in zip([c for c in cases if c <= fast_beatty.N_MAX_UPPER], upper, strict=True):
        if value != ref_beatty.upper_wythoff(n):
            return CheckResult(False, len(cases), f"upper n = {n}: fast {value}")
    return CheckResult(True, len(cases) + len(upper))


@conformance_check(
    name="row 3: preperiod 8, period 6, saltus 6 (003)",
    game="wythoff",
    implementation="reference.landman, fast.landman vs published 003",
    domain="row 3, m < 26",
)
def row3_example() -> CheckResult:
    data = load_published("wythoff_003_row3")
    printed = [v for line in data["lines"] for v in line]
    expected = (data["preperiod"], data["period"], data["saltus"])
    got = {
        "reference": (
            ref_landman.row_values(3, len(printed) - 1),
            tuple(ref_landman.row_periodicity(3)),
        ),
        "fast": (
            fast_landman.row_values(3, len(printed) - 1).tolist(),
            tuple(fast_landman.row_periodicity(3)),
        ),
    }
    for name, (values, period) in got.items():
        if values != printed or period != expected:
            return CheckResult(False, 2, f"{name}: values {values}, periodicity {period}")
    return CheckResult(True, 2 * len(printed))


__all__ = ["beatty_hard_cases", "spec_periodicity"]
