"""A long sparse-space run resumes (issue 46 item 5): from a checkpoint after it ended, after
it was killed, and refuses a checkpoint of another code or probe, naming the parameter."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pytest

import fast.heaps
import fast.heaps_checkpoint

CODE = (0, 0, 0, 7)  # 0.007, Treblecross


def test_a_run_resumes_and_extends(tmp_path: Path) -> None:
    path = tmp_path / "run.npz"
    plain = fast.heaps.nim_sequence(CODE, 3000)
    first = fast.heaps.nim_sequence_sparse(CODE, 1500, probe=64, checkpoint=path)
    assert path.exists() and np.array_equal(first, plain[:1500])
    more = fast.heaps.nim_sequence_sparse(CODE, 3000, probe=64, checkpoint=path)
    assert np.array_equal(more, plain)
    saved = fast.heaps_checkpoint.load(path, CODE, 64)
    assert saved is not None and saved["done"] == 3000
    fewer = fast.heaps.nim_sequence_sparse(CODE, 2000, probe=64, checkpoint=path)
    assert np.array_equal(fewer, plain[:2000])
    saved = fast.heaps_checkpoint.load(path, CODE, 64)
    assert saved is not None and saved["done"] == 3000  # not overwritten with less


def test_a_checkpoint_of_other_parameters_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "run.npz"
    fast.heaps.nim_sequence_sparse(CODE, 500, probe=64, checkpoint=path)
    with pytest.raises(ValueError, match="code"):
        fast.heaps.nim_sequence_sparse((0, 6), 600, probe=64, checkpoint=path)
    with pytest.raises(ValueError, match="probe"):
        fast.heaps.nim_sequence_sparse(CODE, 600, probe=65, checkpoint=path)
    (tmp_path / "bad.npz").write_bytes(b"not a checkpoint")
    with pytest.raises(ValueError, match="not a sparse-space checkpoint"):
        fast.heaps.nim_sequence_sparse(CODE, 600, probe=64, checkpoint=tmp_path / "bad.npz")


def test_a_killed_run_resumes(tmp_path: Path) -> None:
    """A child saves a checkpoint after each block (CHECKPOINT_SECONDS = 0) of a run too long
    to finish; it is killed (SIGKILL) once the file exists; the resumed run equals a fresh one."""
    path = tmp_path / "run.npz"
    terms = 400_000
    script = (
        "import fast.heaps, fast.heaps_checkpoint as c; c.CHECKPOINT_SECONDS = 0.0; "
        f"fast.heaps.nim_sequence_sparse({CODE!r}, {terms}, probe=64, checkpoint={str(path)!r})"
    )
    child = subprocess.Popen([sys.executable, "-c", script], env={**os.environ})
    try:
        for _ in range(6000):  # up to 10 minutes on a loaded machine; no timing asserted
            if path.exists() or child.poll() is not None:
                break
            time.sleep(0.1)
        os.kill(child.pid, signal.SIGKILL)
    finally:
        child.wait()
    saved = fast.heaps_checkpoint.load(path, CODE, 64)
    assert saved is not None
    stop = min(terms, saved["done"] + 2000)
    resumed = fast.heaps.nim_sequence_sparse(CODE, stop, probe=64, checkpoint=path)
    assert np.array_equal(resumed, fast.heaps.nim_sequence_sparse(CODE, stop, probe=64))
