"""Fibonacci Nim (002 §3) in the registry: its rows as step functions, at compiled speed.

Questions (``fibonacci-nim``)
-----------------------------
``grundy-table``, ``grundy-block``
    Adds ``fast.fibonacci`` (rows as step functions, expanded) and
    ``reference.fibonacci`` (the row scan, tables up to 3001); the spec
    stays the oracle. ``grundy table``, ``structure``, ``period`` and the
    ``table`` method of ``grundy value``/``moves`` use them.
``fibonacci-values``
    G(n, r) at a list of positions: the ``fibonacci`` method of ``value``
    (:mod:`registry.positions`; any n up to ``fast.fibonacci.MAX_ROWS``,
    any r). Oracle: the spec.
``fibonacci-starting``
    The starting values G(n, n - 1), 0 <= n <= n_max (the entry for n = 0 is
    0): the data of the claims in ``proofs_check.claims_fibonacci``. Oracle:
    the spec.
``fibonacci-outcomes``
    Adds ``fast.fibonacci (G = 0)``: the kernel's P-positions against the spec
    and against Theorem 3.2 (``reference.zeckendorf``).
``fibonacci-zeckendorf``
    The same P-positions on n, r <= 1500, beyond the spec's reach: the
    oracle is Theorem 3.2 (``reference.zeckendorf``: P iff r < z_1(n)).

Examples
--------
>>> from registry import ask, question
>>> question("fibonacci-starting", "fibonacci-nim").choose(n_max=10**6).name
'fast.fibonacci'
>>> ask("fibonacci-values", "fibonacci-nim", positions=[(8, 7), (9, 8), (4, 10**9)])
[0, 5, 3]
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

import fast.fibonacci as fast_fibonacci
import reference.fibonacci as ref_fibonacci
import reference.zeckendorf as ref_zeckendorf
import spec
from registry import rows as _rows  # registers fibonacci-outcomes
from registry import tables as _tables  # noqa: F401  (registers grundy-table, -block)
from registry.core import compare_sequences, register_implementation, register_question

__all__ = ["GAME", "SPEC_MAX_ROWS"]

GAME = "fibonacci-nim"
#: The spec solver needs about n^2 sub-positions for a position of row n.
SPEC_MAX_ROWS = 200


def _rows_covers(limit: int, what: str) -> Callable[[int], str | None]:
    """``covers(n_max)``: None up to row ``limit``."""

    def covers(n_max: int) -> str | None:
        return None if n_max <= limit else f"rows up to {limit:,} ({what}); asked {n_max:,}"

    return covers


#: Each layer's implementation: its name, the rows it reaches and why no further.
_LIMITS = {
    "spec": ("spec", SPEC_MAX_ROWS, "the spec solver needs about n^2 sub-positions"),
    "reference": (
        "reference.fibonacci",
        ref_fibonacci.MAX_ROWS,
        "the reference row scan is quadratic",
    ),
    "fast": ("fast.fibonacci", fast_fibonacci.MAX_ROWS, "fast.fibonacci's int32 steps"),
}


def rows_cost(rows: int, cells: int = 0) -> tuple[float, int]:
    """(seconds, bytes) of fast.fibonacci's rows 0..rows-1 (its measured constants), and
    ``cells`` of int64 output."""
    f = fast_fibonacci
    seconds = rows * (1 + rows / f.ROWS_SCALE) / f.ROWS_PER_SECOND + cells / 1e8
    return seconds, rows * f.BYTES_PER_ROW + 8 * cells


def _register(
    key: str, make_covers: Callable[[int, str], Any], cost: Any = None, **answers: Any
) -> None:
    """Register each layer's answer (in the order given), covering the rows of :data:`_LIMITS`;
    ``cost`` is fast.fibonacci's."""
    for layer, answer in answers.items():
        name, limit, why = _LIMITS[layer]
        covers = make_covers(limit, why)
        register_implementation(
            key, name, layer, answer, covers=covers, replace=True,
            cost=cost if layer == "fast" else None,
        )  # fmt: skip


# --------------------------------------------------------------------------- tables


def _fast_table(size: int) -> np.ndarray:
    return fast_fibonacci.grundy_table(size)


def _reference_table(size: int) -> np.ndarray:
    return np.array(ref_fibonacci.grundy_table(size), dtype=np.int64).reshape(size, size)


def _fast_block(rows: int, cols: int) -> np.ndarray:
    return fast_fibonacci.grundy_block(rows, cols)


def _table_covers(limit: int, what: str) -> Any:
    rows = _rows_covers(limit, what)

    def covers(size: int) -> str | None:
        return rows(size - 1)

    return covers


_register(
    f"grundy-table:{GAME}", _table_covers, lambda size: rows_cost(size, size * size),
    fast=_fast_table, reference=_reference_table,
)  # fmt: skip
register_implementation(
    f"grundy-block:{GAME}", "fast.fibonacci", "fast", _fast_block,
    covers=lambda rows, cols: _rows_covers(fast_fibonacci.MAX_ROWS, "int32 steps")(rows - 1),
    cost=lambda rows, cols: rows_cost(rows, rows * cols), replace=True,
)  # fmt: skip


# --------------------------------------------------------------------------- values at positions


def _positions(positions: Sequence[Any]) -> list[tuple[int, int]]:
    return [(int(n), int(r)) for n, r in positions]


def _spec_values(positions: Sequence[Any]) -> list[int]:
    game = spec.FibonacciNim()
    return [spec.grundy(game, p) for p in _positions(positions)]


def _reference_values(positions: Sequence[Any]) -> list[int]:
    found = _positions(positions)
    rows = ref_fibonacci.row_steps(max((n for n, _ in found), default=0))
    out = []
    for n, r in found:
        starts, values = [s for s, _ in rows[n]], [v for _, v in rows[n]]
        out.append(ref_fibonacci.step_value(starts, values, min(r, n)))
    return out


def _fast_values(positions: Sequence[Any]) -> list[int]:
    found = _positions(positions)
    rows = fast_fibonacci.row_steps(max((n for n, _ in found), default=0))
    return [rows.value(n, r) for n, r in found]


def _rows_of(positions: Sequence[Any]) -> int:
    return 1 + max((int(n) for n, _ in positions), default=0)


def _values_covers(limit: int, what: str) -> Any:
    rows = _rows_covers(limit, what)

    def covers(positions: Sequence[Any]) -> str | None:
        return rows(max((int(n) for n, _ in positions), default=0))

    return covers


#: Positions conformance asks about: Figure 1's corner, r beyond n, starting positions.
_SAMPLE = tuple(
    [(n, r) for n in range(0, 14) for r in range(0, 16)]
    + [(n, n - 1) for n in range(14, 121)]
    + [(55, 10**12), (89, 88), (90, 89), (120, 3)]
)

_key = register_question(
    "fibonacci-values",
    GAME,
    "G(n, r) of Fibonacci Nim at the given positions (n, r)",
    {"positions": _SAMPLE},
    compare_sequences,
)
_register(
    _key, _values_covers, lambda positions: rows_cost(_rows_of(positions)),
    spec=_spec_values, reference=_reference_values, fast=_fast_values,
)  # fmt: skip


# --------------------------------------------------------------------------- starting values


def _spec_starting(n_max: int) -> np.ndarray:
    game = spec.FibonacciNim()
    return np.array(
        [0] + [spec.grundy(game, (n, n - 1)) for n in range(1, n_max + 1)], dtype=np.int64
    )


_key = register_question(
    "fibonacci-starting",
    GAME,
    "G(n, n - 1), the value of the game on n tokens, 0 <= n <= n_max (0 for n = 0)",
    {"n_max": 150},
    extra_domains=[({"n_max": 3000}, False)],
)
_register(
    _key,
    _rows_covers,
    lambda n_max: rows_cost(n_max + 1),
    spec=_spec_starting,
    reference=lambda n_max: np.array(ref_fibonacci.starting_values(n_max), dtype=np.int64),
    fast=fast_fibonacci.starting_values,
)


# --------------------------------------------------------------------------- P-positions


def _kernel_outcomes(n_max: int) -> np.ndarray:
    """1 where G(n, r) = 0 by fast.fibonacci, 0 <= n, r <= n_max."""
    return np.asarray(fast_fibonacci.grundy_table(n_max + 1) == 0, dtype=np.int64)


register_implementation(
    f"fibonacci-outcomes:{GAME}", "fast.fibonacci (G = 0)", "fast", _kernel_outcomes, replace=True
)

ZECKENDORF = "reference.zeckendorf (Thm 3.2)"


def _zeckendorf_outcomes(n_max: int) -> np.ndarray:
    """1 where r < z_1(n) or n = 0 (002 Theorem 3.2), 0 <= n, r <= n_max."""
    z1 = [0] + [ref_zeckendorf.z1(n) for n in range(1, n_max + 1)]
    r = np.arange(n_max + 1)
    rows = [np.ones(n_max + 1, dtype=np.int64)]
    rows += [(r < z1[n]).astype(np.int64) for n in range(1, n_max + 1)]
    return np.array(rows)


_key = register_question(
    "fibonacci-zeckendorf",
    GAME,
    "1 where (n, r) is a P-position, 0 <= n, r <= n_max, beyond the spec: "
    "Theorem 3.2 (002) is the oracle",
    {"n_max": 1500},
    oracle=ZECKENDORF,
)
register_implementation(_key, ZECKENDORF, "reference", _zeckendorf_outcomes, replace=True)
register_implementation(_key, "fast.fibonacci (G = 0)", "fast", _kernel_outcomes, replace=True)
register_implementation(_key, "fast.zeckendorf", "fast", _rows.fast_outcomes, replace=True)
