"""Ctrl-C inside a compiled (numba) kernel: ``grundy: interrupted``, exit 130.

Numba's dispatcher runs Python helpers while it boxes a kernel's result
(``numba.core.serialize._numba_unpickle``); a KeyboardInterrupt raised there
used to surface as ``SystemError: CPUDispatcher(...) returned a result with an
exception set`` and exit 1. These tests send SIGINT to a real ``grundy``
process while Algorithm RW's kernels run (``gvalues`` and ``experiment
nivasch-table6``, the issue's two cases) and to the in-process handler.
"""

from __future__ import annotations

import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from grundy import cli

ROOT = Path(__file__).resolve().parents[1]


def _interrupt(argv: list[str], *, marker: str | None, delay: float) -> tuple[int, str]:
    """Start ``grundy argv``, wait for ``marker`` on stderr (or not), then ``delay``
    seconds, send SIGINT; return (exit code, stderr)."""
    process = subprocess.Popen(
        [sys.executable, "-m", "grundy", *argv],
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
    )
    assert process.stderr is not None
    seen = ""
    if marker is not None:
        while marker not in seen:
            line = process.stderr.readline()
            if not line:
                break
            seen += line
    time.sleep(delay)
    assert process.poll() is None, f"{argv} ended before the interrupt: {seen}"
    process.send_signal(signal.SIGINT)
    rest = process.communicate(timeout=120)[1]
    return process.returncode, seen + rest


def _assert_clean(code: int, err: str) -> None:
    assert "Traceback" not in err and "SystemError" not in err, err
    assert code == 130, err
    assert err.strip().splitlines()[-1] == "grundy: interrupted"


def test_ctrl_c_in_the_rw_kernel() -> None:
    # about 10 s of RW kernels at g = 30 (R given); interrupted after the imports
    code, err = _interrupt(
        ["gvalues", "--g", "30", "--R", "22500", "--n", "10**18", "--only"], marker=None, delay=3.0
    )
    _assert_clean(code, err)


def test_ctrl_c_in_the_table6_kernel() -> None:
    argv = ["experiment", "nivasch-table6", "--gmax", "30", "--R", "22500", "--one-run"]
    code, err = _interrupt([*argv, "--n", "1e12", "1e15", "1e18"], marker="table 6", delay=1.5)
    _assert_clean(code, err)


class _Frame:
    """A stand-in frame: only ``f_globals['__name__']`` is read."""

    def __init__(self, module: str) -> None:
        self.f_globals = {"__name__": module}


@pytest.fixture
def default_sigint() -> Iterator[None]:
    """Python's own SIGINT handler for the test (a run started in the background, e.g. by
    ``nohup ... &``, inherits SIGINT ignored, and the CLI then rightly leaves it alone)."""
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


@pytest.mark.usefixtures("default_sigint")
def test_handler_defers_inside_numba_and_raises_in_our_code() -> None:
    with cli.interrupt_after_compiled_code():
        handler = signal.getsignal(signal.SIGINT)
        assert callable(handler)
        with pytest.raises(KeyboardInterrupt):
            handler(signal.SIGINT, _Frame("fast.rw"))  # type: ignore[arg-type]
        # inside numba's boxing helper: re-armed, raised at the next bytecode of ours
        with pytest.raises(KeyboardInterrupt):
            handler(signal.SIGINT, _Frame("numba.core.serialize"))  # type: ignore[arg-type]
            for _ in range(1000):  # the re-armed signal is delivered here
                pass
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler


def test_a_systemerror_caused_by_ctrl_c_is_an_interrupt(capsys: pytest.CaptureFixture[str]) -> None:
    try:
        try:
            raise KeyboardInterrupt
        except KeyboardInterrupt as interrupt:
            raise SystemError("CPUDispatcher(...) returned a result with an exception set") from (
                interrupt
            )
    except SystemError as error:
        assert cli._refusal("gvalues", error) == 130
    assert capsys.readouterr().err == "grundy: interrupted\n"
