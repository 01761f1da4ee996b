"""Questions on rows, Fibonacci Nim outcomes and Beatty sequences.

``row-values:<game>`` (wythoff, f-wythoff, r-wythoff)
    ``answer(rows, length)`` -> ``G(n, m)`` for 0 <= n < rows, 0 <= m < length
    (row n as in :mod:`reference.landman`): spec table vs reference machine
    vs fast machine.
``row-periods:<game>``
    ``answer(rows, start=0)`` -> the :class:`reference.landman.Periodicity`
    (preperiod, period, saltus) of rows start..rows-1, exact and certified by
    the machine's repeated state (Landman 004 §3). The oracle takes the
    reference machine's repeated state (start, length) as a certificate
    only: it recomputes the row with the spec up to start + length, checks
    the period there and derives the minimal preperiod/period from the
    spec's own values.
``fibonacci-outcomes:fibonacci-nim``
    ``answer(n_max)`` -> 1 where (n, r) is a P-position, 0 <= n, r <= n_max:
    spec (bounded Grundy g = 0) vs reference.zeckendorf (002 Theorem 3.2) vs
    fast.zeckendorf.
``lower-wythoff:wythoff``
    ``answer(count)`` -> a_n = floor(n phi) for n < count; the spec's Wythoff
    P-positions (sorted by b - a) vs reference.beatty vs fast.beatty.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

import spec
from fast import beatty as fast_beatty
from fast import landman as fast_landman
from fast import zeckendorf as fast_zeckendorf
from grundy.registry.core import compare_sequences, register_implementation, register_question
from reference import beatty as ref_beatty
from reference import landman as ref_landman
from reference import zeckendorf as ref_zeckendorf

__all__ = ["MACHINES", "machine_engine", "spec_periodicity"]

#: The implementations of Landman's machine, by registry name: modules with
#: ``machine_cycle``, ``row_values``, ``row_periodicity`` (the same contract),
#: for the sweeps that report the machine's cycle itself.
MACHINES = {"fast.landman": fast_landman, "reference.landman": ref_landman}


def machine_engine(name: str = "fast.landman") -> Any:
    """Landman's machine ``name`` (``fast.landman`` or ``reference.landman``).

    Examples
    --------
    >>> machine_engine("reference.landman").machine_cycle(3)
    MachineCycle(start=8, length=6, states=8)
    """
    if name not in MACHINES:
        raise ValueError(f"no machine {name!r} (known: {', '.join(MACHINES)})")
    return MACHINES[name]

#: Default domains (kept small: these rows run in well under 3 s together).
ROW_DOMAIN = {"rows": 5, "length": 40}
PERIOD_DOMAIN = {"rows": 5}
FIB_DOMAIN = {"n_max": 60}
BEATTY_DOMAIN = {"count": 40}


def _spec_rows(game: str) -> Callable[..., np.ndarray]:
    def answer(rows: int, length: int, start: int = 0) -> np.ndarray:
        table = spec.grundy_table(spec.get_game(game), rows, length)
        return np.array(table[start:], dtype=np.int64).reshape(rows - start, length)

    return answer


def _machine_rows(row_values: Callable[..., Any], game: str) -> Callable[..., np.ndarray]:
    def answer(rows: int, length: int, start: int = 0) -> np.ndarray:
        return np.array(
            [row_values(n, length - 1, game) for n in range(start, rows)], dtype=np.int64
        ).reshape(rows - start, length)

    return answer


def spec_periodicity(n: int, game: str, max_steps: int = 10**9) -> ref_landman.Periodicity:
    """Minimal periodicity from spec values, on the reference machine's certificate."""
    cycle = ref_landman.machine_cycle(n, game, max_steps)
    total = cycle.start + cycle.length
    spec_values = spec.grundy_table(spec.get_game(game), n + 1, total + cycle.length)[n]
    values = spec_values[:total]
    extended = values + [
        values[m - cycle.length] + cycle.length for m in range(total, total + cycle.length)
    ]
    if spec_values != extended:
        raise AssertionError(f"{game} row {n}: spec values contradict the machine's cycle")
    return ref_landman.minimal_periodicity(values, cycle.start, cycle.length)


def _periods(
    row_periodicity: Callable[..., Any], game: str
) -> Callable[..., list[ref_landman.Periodicity]]:
    """``(rows, start, max_steps) -> [Periodicity of row n for start <= n < rows]``."""

    def answer(
        rows: int, start: int = 0, max_steps: int = 10**9
    ) -> list[ref_landman.Periodicity]:
        return [
            ref_landman.Periodicity(*row_periodicity(n, game, max_steps))
            for n in range(start, rows)
        ]

    answer.__name__ = f"periods_{game}"
    return answer


def _reference_period_covers(rows: int, start: int = 0, max_steps: int = 10**9) -> str | None:
    return None if rows <= 12 else "the reference machine is slow past row 12"


for _game in ref_landman.GAMES:
    _key = register_question(
        "row-values", _game, f"G(n, m) of {_game} for n < rows, m < length (row n)", ROW_DOMAIN
    )
    register_implementation(_key, "spec", "spec", _spec_rows(_game), replace=True)
    register_implementation(
        _key,
        "reference.landman",
        "reference",
        _machine_rows(ref_landman.row_values, _game),
        covers=lambda rows, length, start=0: None if rows * length <= 10**6 else "too large",
        replace=True,
    )
    register_implementation(
        _key, "fast.landman", "fast", _machine_rows(fast_landman.row_values, _game), replace=True
    )
    register_implementation(
        _key,
        "reference.landman (10 x 150)",
        "reference",
        _machine_rows(ref_landman.row_values, _game),
        domain={"rows": 10, "length": 150},
        quick=False,
        rank=25,
        replace=True,
    )
    register_implementation(
        _key,
        "fast.landman (10 x 150)",
        "fast",
        _machine_rows(fast_landman.row_values, _game),
        domain={"rows": 10, "length": 150},
        quick=False,
        rank=25,
        replace=True,
    )

    _key = register_question(
        "row-periods",
        _game,
        f"(preperiod, period, saltus) of {_game} rows start <= n < rows",
        PERIOD_DOMAIN,
        compare_sequences,
    )
    register_implementation(
        _key,
        "spec values (reference cycle as certificate)",
        "spec",
        _periods(spec_periodicity, _game),
        covers=lambda rows, start=0, max_steps=10**9: None if rows <= 8 else "rows > 8",
        replace=True,
    )
    register_implementation(
        _key,
        "reference.landman",
        "reference",
        _periods(ref_landman.row_periodicity, _game),
        covers=_reference_period_covers,
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
        rank=1,
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


