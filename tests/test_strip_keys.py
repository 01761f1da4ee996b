"""The strip's table of window keys (fast.strip.keys.WindowKeys.first_repeat)."""

from __future__ import annotations

import numpy as np
import pytest

from fast.strip.keys import WindowKeys

#: Column hashes whose windows of 3 repeat with period 4 from column 3 (window [0, 3)).
HASHES = np.array([1, 2, 3, 4, 1, 2, 3, 4, 1, 2, 3, 5, 6, 1, 2, 3], dtype=np.uint64)


def _table() -> WindowKeys:
    table = WindowKeys.empty(len(HASHES) + 1, 4)  # 4 slots: half full after two keys
    table.put_hashes(0, HASHES)
    return table


@pytest.mark.nojit
def test_a_refused_repeat_is_passed_and_the_table_grows() -> None:
    table, asked = _table(), []

    def proves(hit: int, earlier: int) -> bool:
        asked.append((hit, earlier))
        return len(asked) > 1  # the first: a hash collision

    assert table.first_repeat(3, 3, len(HASHES) + 1, proves) == (8, 4)
    assert asked == [(7, 3), (8, 4)]
    assert len(table.keys) > 4  # grown on the way


@pytest.mark.nojit
def test_no_repeat_before_the_end_asks_nothing() -> None:
    table, asked = _table(), []

    def proves(hit: int, earlier: int) -> bool:
        asked.append((hit, earlier))
        return True

    assert table.first_repeat(3, 3, 7, proves) is None
    assert asked == []
    # the keys rolled so far stay: the next columns find the repeat
    assert table.first_repeat(3, 7, len(HASHES) + 1, lambda *_: True) == (7, 3)
