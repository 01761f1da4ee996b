"""A damaged numba cache file is a cache miss (issue 30 item 15), never a traceback.

A truncated ``*.nbi`` made ``grundy table`` exit 1 with ``UnpicklingError:
pickle data was truncated``. ``fast._cache`` (installed when :mod:`fast` is
imported) makes numba read a damaged index as empty and a damaged entry as
missing: it compiles again and its next save rewrites the files.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import numba
import numpy as np
import pytest

import fast  # noqa: F401  # installs the tolerant loader

ROOT = Path(__file__).resolve().parents[1]

KERNEL = """
import numba


@numba.njit(cache=True)
def twice(x):
    return 2 * x
"""


def _damage(directory: Path, how: str) -> list[Path]:
    files = sorted(p for p in directory.rglob("*") if p.suffix in (".nbi", ".nbc"))
    for path in files:
        if how == "truncate":
            path.write_bytes(path.read_bytes()[:20])
        else:
            path.write_bytes(b"\x80\x04garbage" * 5)
    return files


@pytest.mark.parametrize("how", ["truncate", "garbage"])
def test_a_damaged_cache_is_compiled_again_and_rewritten(
    how: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "cached_kernel.py").write_text(KERNEL)
    monkeypatch.syspath_prepend(str(tmp_path))
    import cached_kernel

    assert cached_kernel.twice(3) == 6  # compiled and cached next to the module
    damaged = _damage(tmp_path, how)
    assert damaged, "numba wrote no cache files"
    again = numba.njit(cache=True)(cached_kernel.twice.py_func)  # loads from the cache
    assert again(21) == 42
    index = [p for p in damaged if p.suffix == ".nbi"]
    assert all(p.stat().st_size > 50 for p in index), "the index was not rewritten"
    sys.modules.pop("cached_kernel", None)


@pytest.mark.slow
def test_grundy_table_answers_with_a_truncated_cache(tmp_path: Path) -> None:
    """The issue's case, as a user meets it: every cache file of the run truncated."""
    env = {**os.environ, "NUMBA_CACHE_DIR": str(tmp_path / "cache"), "PYTHONPATH": str(ROOT)}
    argv = [sys.executable, "-m", "grundy", "table", "wythoff", "--size", "50", "--out"]
    first = subprocess.run(
        [*argv, "a.npy"], cwd=tmp_path, env=env, capture_output=True, timeout=600
    )
    assert first.returncode == 0, first.stderr
    assert _damage(tmp_path / "cache", "truncate")
    second = subprocess.run(
        [*argv, "b.npy"], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=600
    )
    assert second.returncode == 0 and "Traceback" not in second.stderr, second.stderr
    assert np.array_equal(np.load(tmp_path / "a.npy"), np.load(tmp_path / "b.npy"))
