"""Issue 39 item 4: nothing left behind.

A write killed with SIGKILL leaves its temporary file; the next write of the
same target (or any write into the directory, for a dead writer's and the
strip's legacy ``checkpoint-….npz.tmp``) removes it. A live writer's
temporary, another host's, and a user's own ``*.tmp`` are never touched.
"""

from __future__ import annotations

import os
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import numpy as np
import pytest

from floor import files as _files
from floor.files import atomic_write, remove_stale_temporaries

ROOT = Path(__file__).resolve().parents[1]

KILLED_WRITER = """
import sys, time
from floor.files import atomic_write

def write(handle):
    handle.write(b"partial" * 1000)
    handle.flush()
    print("writing", flush=True)
    time.sleep(600)

atomic_write(sys.argv[1], write)
"""


@pytest.fixture(autouse=True)
def _fresh_sweep(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(_files, "_SWEPT", set())


def _env() -> dict[str, str]:
    return dict(os.environ, PYTHONPATH=str(ROOT))


def test_a_killed_write_is_cleaned_by_the_next_table_out(tmp_path: Path) -> None:
    """SIGKILL in the middle of a write, then ``table wythoff --out big.npy`` again."""
    target = tmp_path / "big.npy"
    writer = subprocess.Popen(
        [sys.executable, "-c", KILLED_WRITER, str(target)],
        env=_env(), stdout=subprocess.PIPE, text=True,
    )  # fmt: skip
    assert writer.stdout is not None
    ready, _, _ = select.select([writer.stdout], [], [], 300)  # a bounded wait for its line
    assert ready and writer.stdout.readline() == "writing\n"
    writer.send_signal(signal.SIGKILL)
    writer.wait(timeout=60)
    left = sorted(p.name for p in tmp_path.iterdir())
    assert len(left) == 1 and left[0].startswith(f".big.npy.{writer.pid}@"), left
    done = subprocess.run(
        [sys.executable, "-m", "grundy", "table", "wythoff", "--size", "40", "--out", "big.npy"],
        cwd=tmp_path, env=_env(), capture_output=True, text=True, timeout=600,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == ["big.npy"]
    assert np.load(target).shape == (40, 40)


def _dead_pid() -> int:
    """A pid that was a process of this host and has ended."""
    done = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"],
                          capture_output=True, text=True, check=True, timeout=600)  # fmt: skip
    return int(done.stdout)


def test_only_stale_temporaries_are_removed(tmp_path: Path) -> None:
    host = _files._HOST
    dead, other_host = f"{_dead_pid()}@{host}", f"{_dead_pid()}@{'0' * 8}"
    if host == "0" * 8:  # pragma: no cover - a host whose digest starts so
        other_host = f"{_dead_pid()}@{'1' * 8}"
    names = {
        f".t.bin.{dead}-abc.tmp": False,  # the target's, its writer dead: removed
        f".other.bin.{dead}-abc.tmp": False,  # another target's, writer dead: removed (sweep)
        f".t.bin.{os.getpid()}@{host}-abc.tmp": True,  # a live writer (this process): kept
        f".t.bin.{other_host}-abc.tmp": True,  # another host's: cannot tell, kept
        "checkpoint-0first-000000000000012.npz.tmp": False,  # the strip's legacy form
        "t.bin.tmp": True,  # a user's file: never touched
        "notes.tmp": True,
    }
    for name in names:
        (tmp_path / name).write_bytes(b"x")
    atomic_write(tmp_path / "t.bin", lambda handle: handle.write(b"ok"))
    kept = {p.name for p in tmp_path.iterdir()}
    assert kept == {name for name, keep in names.items() if keep} | {"t.bin"}


def test_the_unnamed_form_is_removed_once_untouched_for_an_hour(tmp_path: Path) -> None:
    old, recent = tmp_path / ".t.bin.ab12cd34.tmp", tmp_path / ".t.bin.zz99yy88.tmp"
    for path in (old, recent):
        path.write_bytes(b"x")
    hours_ago = time.time() - 2 * _files.UNNAMED_STALE_SECONDS
    os.utime(old, (hours_ago, hours_ago))
    assert remove_stale_temporaries(tmp_path / "t.bin") == [old]
    assert recent.exists()


def test_a_resume_removes_the_legacy_checkpoint_temporary(tmp_path: Path) -> None:
    """A successful resume writes checkpoints of other names: the sweep still finds it."""
    from fast.strip import strip_periods
    from fast.strip.checkpoint import DirectoryCheckpoints

    first = strip_periods("wythoff", 6, checkpoints=DirectoryCheckpoints(tmp_path, every=0.0))
    (tmp_path / "record.json").unlink()  # as if killed before the end: a resume follows
    legacy = tmp_path / "checkpoint-0first-000000000000005.npz.tmp"
    legacy.write_bytes(b"half a checkpoint")
    _files._SWEPT.clear()  # a new process
    again = strip_periods("wythoff", 6, checkpoints=DirectoryCheckpoints(tmp_path, every=0.0))
    assert again.periodicities == first.periodicities
    assert (tmp_path / "record.json").exists() and not legacy.exists()
    assert not [p.name for p in tmp_path.iterdir() if p.name.endswith(".tmp")]


def test_a_large_table_is_written_in_pieces_and_a_ctrl_c_between_them_leaves_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``table --out x.npy`` writes a slice at a time (one numpy.save of a big table is one C
    call that no SIGINT handler interrupts): a KeyboardInterrupt raised between two slices
    stops the write, and the target and every temporary are gone."""
    from grundy.cli import output

    monkeypatch.setattr(output, "SAVE_CHUNK_BYTES", 4096)
    table = np.arange(100_000, dtype=np.uint16).reshape(100, 1000)
    output.write_table(tmp_path / "whole.npy", table)
    assert np.array_equal(np.load(tmp_path / "whole.npy"), table)
    calls: list[int] = []
    real = output.save_npy

    def interrupted(handle: object, array: np.ndarray, chunk: int) -> None:
        class Handle:
            def write(self, data: bytes) -> int:
                calls.append(len(data))
                if len(calls) == 5:
                    raise KeyboardInterrupt
                return handle.write(data)  # type: ignore[attr-defined, no-any-return]

        real(Handle(), array, chunk)

    monkeypatch.setattr(output, "save_npy", interrupted)
    with pytest.raises(KeyboardInterrupt):
        output.write_table(tmp_path / "big.npy", table)
    assert len(calls) == 5 and max(calls) <= 4096
    assert sorted(p.name for p in tmp_path.iterdir()) == ["whole.npy"]
