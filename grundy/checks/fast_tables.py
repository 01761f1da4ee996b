"""fast.tables against the spec: the questions ``grundy-table:<game>``.

Registers :func:`fast.tables.grundy_table` as implementation ``fast.tables``
(layer fast) of the existing questions ``grundy-table:wythoff``,
``grundy-table:f-wythoff`` and ``grundy-table:r-wythoff`` (default domain
size 40, compared with the spec), and the question
``grundy-table-large:<game>`` (size 150, run by ``--all``) where the spec is
still the oracle.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from fast.tables import GAMES, grundy_table
from grundy.checks.spec_games import spec_table
from grundy.conformance import register_implementation, register_question

#: Size of the larger question (spec time about 10 s per game).
LARGE_SIZE = 150


def fast_table(name: str) -> Callable[..., np.ndarray]:
    """``size -> fast.tables.grundy_table(name, size)``."""

    def answer(size: int) -> np.ndarray:
        return grundy_table(name, size)

    answer.__name__ = f"fast_table_{name}"
    return answer


for _name in sorted(GAMES):
    register_question(
        "grundy-table", _name, f"G[x, y] of {_name} for 0 <= x, y < size", {"size": 40}
    )
    register_implementation(
        f"grundy-table:{_name}", "fast.tables", "fast", fast_table(_name), replace=True
    )
    _key = register_question(
        "grundy-table-large",
        _name,
        f"G[x, y] of {_name} for 0 <= x, y < size (large)",
        {"size": LARGE_SIZE},
    )
    register_implementation(_key, "spec", "spec", spec_table(_name), quick=False, replace=True)
    register_implementation(
        _key, "fast.tables", "fast", fast_table(_name), quick=False, replace=True
    )

__all__ = ["LARGE_SIZE", "fast_table"]
