"""floor.blocks: the loop around a kernel that works in bounded blocks."""

from __future__ import annotations

import pytest

from floor.blocks import Pace, Step, run_blocks


@pytest.mark.nojit
def test_a_growth_resumes_at_its_item_without_a_progress_report() -> None:
    calls: list[tuple[int, int]] = []
    reports: list[int] = []
    grown = [False]

    def block(lo: int, hi: int) -> tuple[Step, int]:
        calls.append((lo, hi))
        if lo <= 5 < hi and not grown[0]:  # item 5 needs a larger buffer
            grown[0] = True
            return Step.GROWN, 5
        return Step.DONE, hi

    run_blocks(block, 12, size=4, start=1, progress=reports.append)
    assert calls == [(1, 5), (5, 9), (5, 9), (9, 12)]
    assert reports == [5, 9, 12]


@pytest.mark.nojit
def test_a_paused_block_reports_and_resumes_where_it_stopped() -> None:
    reports: list[int] = []

    def block(lo: int, hi: int) -> tuple[Step, int]:  # a budget of 3 items a call
        return (Step.DONE, hi) if hi - lo <= 3 else (Step.PAUSED, lo + 3)

    run_blocks(block, 10, size=10, progress=reports.append)
    assert reports == [3, 6, 9, 10]


@pytest.mark.nojit
def test_nothing_to_do_calls_nothing() -> None:
    def block(lo: int, hi: int) -> tuple[Step, int]:
        raise AssertionError("called")

    run_blocks(block, 3, size=2, start=3)


@pytest.mark.nojit
def test_the_pace_follows_the_measured_speed_within_its_bounds() -> None:
    pace = Pace(4096, 0.1)
    pace.measured(1.0)  # ten times too slow: never below the first size
    assert pace.size == 4096
    pace.measured(0.0)  # instant: at most 4x
    assert pace.size == 4 * 4096
    pace.measured(0.2)
    assert pace.size == 8192
