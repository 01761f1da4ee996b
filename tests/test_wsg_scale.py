"""Algorithm WSG at the scale issue 3 asks: rows >= 300 and g >= 20.

Every h-point found, and nothing else, compared with the Grundy table:
the spec's own table under ``-m slow`` (about a minute), and by default the
``fast.tables`` table, which the conformance suite checks against the spec.
"""

from __future__ import annotations

import numpy as np
import pytest

from fast.tables import grundy_table as fast_table
from reference.wsg import wsg
from registry.sequences import spec_points

G, ROWS = 20, 300


def points_from_table(table: np.ndarray, g: int, rows: int) -> list[list[tuple[int, int]]]:
    points: list[list[tuple[int, int]]] = [[] for _ in range(g + 1)]
    for x in range(rows):
        assert set(range(g + 1)) <= set(table[x].tolist()), f"row {x} is too short"
        for y in range(x, table.shape[1]):
            if table[x, y] <= g:
                points[int(table[x, y])].append((x, y))
    return points


def test_wsg_matches_the_table_rows_300_g_20() -> None:
    table = fast_table("wythoff", 2 * ROWS + G + 1)
    assert wsg(G, ROWS).T == points_from_table(table, G, ROWS)


@pytest.mark.slow
def test_wsg_matches_the_spec_rows_300_g_20() -> None:
    assert wsg(G, ROWS).T == spec_points("wythoff", G, ROWS).T
