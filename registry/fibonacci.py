"""Fibonacci Nim (002 §3) in the registry: its rows as step functions, at compiled speed.

Questions (``fibonacci-nim``)
-----------------------------
``grundy-table``, ``grundy-block``
    Adds ``fast.fibonacci`` (rows as step functions, expanded) and ``reference.fibonacci`` (the
    row scan, tables up to 3001); the spec stays the oracle. ``grundy table``, ``structure``,
    ``period`` and the ``table`` method of ``grundy value``/``moves`` use them.
``fibonacci-values``
    G(n, r) at given positions: the ``fibonacci`` method of ``value`` (:mod:`registry.positions`;
    any n up to ``fast.fibonacci.MAX_ROWS``, any r). Oracle: the spec.
``fibonacci-starting``
    The starting values G(n, n - 1), 0 <= n <= n_max (the entry for n = 0 is 0): the data of the
    claims in ``proofs_check.claims_fibonacci``. Oracle: the spec.
``fibonacci-outcomes``
    Registered with its oracle, the spec, in :mod:`registry.rows`; adds Theorem 3.2
    (``reference.zeckendorf``), ``fast.zeckendorf`` and the kernel's P-positions.
``fibonacci-zeckendorf``
    The same P-positions on n, r <= 1500, beyond the spec's reach: the oracle is Theorem 3.2
    (``reference.zeckendorf``: P iff r < z_1(n)).

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

import numpy as np

import fast.fibonacci as fast_fibonacci
import fast.zeckendorf as fast_zeckendorf
import reference.fibonacci as ref_fibonacci
import reference.zeckendorf as ref_zeckendorf
import spec
from registry import rows as _rows  # registers fibonacci-outcomes (before the tables' questions)
from registry import tables as _tables  # noqa: F401  (registers grundy-table, -block)
from registry.arguments import NMaxArgs, PositionsArgs
from registry.core import compare_sequences, register_implementation, register_question
from registry.records import Cost

GAME = "fibonacci-nim"
#: The spec solver needs about n^2 sub-positions for a position of row n.
SPEC_MAX_ROWS = 200

#: Each layer's implementation: its name, the rows it reaches and why no further.
_LIMITS = {
    "spec": ("spec", SPEC_MAX_ROWS, "the spec solver needs about n^2 sub-positions"),
    "reference": ("reference.fibonacci", ref_fibonacci.MAX_ROWS, "its row scan is quadratic"),
    "fast": ("fast.fibonacci", fast_fibonacci.MAX_ROWS, "fast.fibonacci's int32 steps"),
}


def _register(
    key: str, last_row: Callable[..., int], cost: Cost, **answers: Callable[..., object]
) -> None:
    """Register each layer's answer (in the order given), covering the rows of :data:`_LIMITS`;
    ``cost`` is fast.fibonacci's."""
    for layer, answer in answers.items():
        name, limit, why = _LIMITS[layer]
        register_implementation(
            key, name, layer, answer, covers=_rows.upto(limit, why, last_row), replace=True,
            cost=cost if layer == "fast" else None,
        )  # fmt: skip


def _last_row(positions: Sequence[tuple[int, int]]) -> int:
    return max((int(n) for n, _ in positions), default=0)


def _positions(positions: Sequence[tuple[int, int]]) -> list[tuple[int, int]]:
    return [(int(n), int(r)) for n, r in positions]


def _spec_values(positions: Sequence[tuple[int, int]]) -> list[int]:
    game = spec.FibonacciNim()
    return [spec.grundy(game, p) for p in _positions(positions)]


def _spec_starting(n_max: int) -> np.ndarray:
    return np.array([0, *_spec_values([(n, n - 1) for n in range(1, n_max + 1)])], dtype=np.int64)


_register(
    f"grundy-table:{GAME}", lambda size: size - 1,
    lambda size: fast_fibonacci.rows_cost(size, size * size),
    fast=fast_fibonacci.grundy_table,
    reference=lambda size: np.array(ref_fibonacci.grundy_table(size), np.int64).reshape(size, size),
)  # fmt: skip
register_implementation(
    f"grundy-block:{GAME}", "fast.fibonacci", "fast", fast_fibonacci.grundy_block,
    covers=_rows.upto(fast_fibonacci.MAX_ROWS, "int32 steps"),
    cost=lambda rows, cols: fast_fibonacci.rows_cost(rows, rows * cols), replace=True,
)  # fmt: skip

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
    signature=PositionsArgs,
)
_register(
    _key, _last_row,
    lambda positions: fast_fibonacci.rows_cost(_last_row(positions) + 1), spec=_spec_values,
    reference=lambda positions: ref_fibonacci.values_at(_positions(positions)),
    fast=lambda positions: fast_fibonacci.values_at(_positions(positions)),
)  # fmt: skip

_key = register_question(
    "fibonacci-starting",
    GAME,
    "G(n, n - 1), the value of the game on n tokens, 0 <= n <= n_max (0 for n = 0)",
    {"n_max": 150},
    extra_domains=[({"n_max": 3000}, False)],
    signature=NMaxArgs,
)
_register(
    _key,
    lambda n_max: n_max,
    lambda n_max: fast_fibonacci.rows_cost(n_max + 1),
    spec=_spec_starting,
    reference=lambda n_max: np.array(ref_fibonacci.starting_values(n_max), dtype=np.int64),
    fast=fast_fibonacci.starting_values,
)

# --------------------------------------------------------------------------- P-positions

KERNEL, ZECKENDORF = "fast.fibonacci (G = 0)", "reference.zeckendorf (Thm 3.2)"


def _theorem(n_max: int) -> np.ndarray:
    """1 where (n, r) is a P-position by 002 Theorem 3.2, 0 <= n, r <= n_max."""
    return np.array(ref_zeckendorf.outcome_table(n_max), dtype=np.int64)


_OUTCOMES = {
    ZECKENDORF: ("reference", _theorem),
    "fast.zeckendorf": ("fast", fast_zeckendorf.outcome_table),
    KERNEL: ("fast", fast_fibonacci.outcome_table),
}
_key = register_question(
    "fibonacci-zeckendorf",
    GAME,
    "1 where (n, r) is a P-position, 0 <= n, r <= n_max, beyond the spec: "
    "Theorem 3.2 (002) is the oracle",
    {"n_max": 1500},
    oracle=ZECKENDORF,
    signature=NMaxArgs,
)
# fibonacci-outcomes (registry.rows; the spec is its oracle) and fibonacci-zeckendorf
for _question, _names in (
    (f"fibonacci-outcomes:{GAME}", (ZECKENDORF, "fast.zeckendorf", KERNEL)),
    (_key, (ZECKENDORF, KERNEL, "fast.zeckendorf")),
):
    for _name in _names:
        register_implementation(_question, _name, *_OUTCOMES[_name], replace=True)
