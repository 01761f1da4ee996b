"""Issue 39: work that the Ctrl-C handler and the memory estimates can see.

* :func:`floor.memory.available_memory` counts the address-space limit (an allocation
  past ``ulimit -v`` fails however much memory is free);
* a large heat map draws at most :data:`grundy.plot.MAX_DRAWN_CELLS` a side and reads its
  value range in steps, so drawing and encoding are short.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from grundy import plot

ROOT = Path(__file__).resolve().parents[1]

_LIMITED = """
import resource
from floor.memory import address_room, available_memory
resource.setrlimit(resource.RLIMIT_AS, (BYTES, BYTES))
print(address_room(), available_memory())
"""


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads /proc")
def test_the_address_space_limit_bounds_the_memory_available() -> None:
    limit = 6 * 2**30
    done = subprocess.run(
        [sys.executable, "-c", _LIMITED.replace("BYTES", str(limit))],
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        check=True,
        timeout=600,
    )
    room, available = map(int, done.stdout.split())
    assert 0 < room < limit and available <= room


def test_value_range_reads_every_cell() -> None:
    grid = np.arange(30_000, dtype=np.int64).reshape(300, 100)
    grid[299, 99] = 10**12
    grid[150, 3] = -7
    assert plot.value_range(grid) == (-7, 10**12)
    assert plot.value_range(np.array([[5]])) == (5, 5)


def test_a_large_heat_map_draws_a_sample_with_the_whole_range(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(plot, "MAX_DRAWN_CELLS", 64)
    monkeypatch.setattr(plot, "RANGE_CELLS_PER_STEP", 1000)
    grid = np.zeros((300, 200), dtype=np.uint16)
    grid[1, 1] = 9  # in no drawn row: the colour scale still reaches it
    figure = plot.table_heatmap(grid, title="t")
    image = figure.axes[0].images[0]
    assert image.get_array().shape == (60, 40)  # every 5th row and column
    assert image.get_clim() == (0, 9)
    assert figure.axes[0].get_xlim() == (-0.5, 199.5)
    small = plot.table_heatmap(grid[:64, :64], title="t").axes[0].images[0]
    assert small.get_array().shape == (64, 64)  # drawn whole
