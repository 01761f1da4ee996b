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


def _grundy(*argv: str, script: str = "") -> subprocess.CompletedProcess[str]:
    """``grundy ARGV`` in a child (``script`` run first)."""
    code = f"import sys\n{script}\nfrom grundy.cli import main\nsys.exit(main({list(argv)!r}))"
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=600)  # fmt: skip


def test_the_cli_resumes_a_killed_sequence_run(tmp_path: Path) -> None:
    """``grundy sequence --checkpoint``: a child that kills itself (SIGKILL) once its first
    checkpoint is written, mid-run; the run resumed from the file writes the b-file a fresh
    run writes; another game with that checkpoint is refused, naming the code."""
    import hashlib

    path, resumed, fresh = tmp_path / "run.npz", tmp_path / "a.txt", tmp_path / "b.txt"
    argv = ["sequence", "octal:0.6", "--terms", "120000", "--checkpoint", str(path)]
    die = (
        "import os, signal, fast.heaps_checkpoint as c\nc.CHECKPOINT_SECONDS = 0.0\n"
        "save = c.save\n"
        "def kill(*a, **k):\n    save(*a, **k)\n    os.kill(os.getpid(), signal.SIGKILL)\n"
        "c.save = kill"
    )
    killed = _grundy(*argv, "--bfile", str(resumed), script=die)
    assert killed.returncode == -signal.SIGKILL and not resumed.exists()
    saved = fast.heaps_checkpoint.load(path, (0, 6), fast.heaps.PROBE_TERMS)
    assert saved is not None and saved["done"] < 120000  # stopped mid-run
    assert _grundy(*argv, "--bfile", str(resumed)).returncode == 0
    assert _grundy(*argv[:4], "--bfile", str(fresh)).returncode == 0
    digest = [hashlib.sha256(f.read_bytes()).hexdigest() for f in (resumed, fresh)]
    assert digest[0] == digest[1]
    other = _grundy("sequence", "octal:0.07", "--terms", "20000", "--checkpoint", str(path))
    assert other.returncode == 2 and "code" in other.stderr
    assert len(other.stderr.strip().splitlines()) == 1
