"""Ctrl-C: every command stops promptly with ``grundy: interrupted``, exit 130.

The protocol (issue 30): a long kernel works in blocks well under a second
and returns to Python between them (``floor.interrupt``); Ctrl-C during a
block is held and raised when it returns; the CLI raises it only where that
is safe (never inside llvmlite's callbacks or numba's boxing helper), ends
the process anyway if it cannot (``floor.interrupt.Deadline``), writes files
under a temporary name and kills a local Dask cluster's workers.

The tests send a real SIGINT to a real ``grundy`` process (started with
SIGINT's default disposition: a background job inherits it ignored) and
check the exit code, the last line of stderr, that no traceback (nor a
``CommClosedError``) is printed, that the output file does not exist, and
that the process ended within :data:`BOUND` seconds of the signal -- a bound
generous for a loaded machine, far below the minutes the interrupted work
would take. Nothing here reads a clock to judge speed.
"""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import floor.interrupt as hold
from grundy import cli

ROOT = Path(__file__).resolve().parents[1]

#: Seconds from the signal to the exit that count as "stopped" on a loaded machine (the
#: work interrupted would take minutes; before issue 30 some runs never stopped).
BOUND = 30.0
#: Every progress line from the first (the tests wait for one before they interrupt).
PROGRESS = {"GRUNDY_PROGRESS_INTERVAL": "0"}

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")


class Run:
    """A ``grundy`` process started with SIGINT at its default disposition."""

    def __init__(
        self, argv: list[str], cwd: Path, env: dict[str, str] | None = None, group: bool = False
    ) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "grundy", *argv],
            cwd=cwd,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
            env={**os.environ, "PYTHONPATH": str(ROOT), **PROGRESS, **(env or {})},
            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL),
            start_new_session=group,
        )
        self.err: list[str] = []
        assert self.process.stderr is not None
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        assert self.process.stderr is not None
        for line in self.process.stderr:
            self.err.append(line)

    def wait_for(self, ready: Callable[[], bool], timeout: float = 300.0) -> None:
        """Poll ``ready()`` until true (a generous timeout: a hung start fails the test)."""
        deadline = time.monotonic() + timeout
        while not ready():
            assert self.process.poll() is None, f"ended before the interrupt: {self.text}"
            assert time.monotonic() < deadline, f"never ready: {self.text}"
            time.sleep(0.05)

    def stderr_has(self, text: str) -> Callable[[], bool]:
        return lambda: text in self.text

    def resident_bytes(self) -> int:
        """The process's resident memory (a kernel that allocated its table is running)."""
        try:
            status = Path(f"/proc/{self.process.pid}/status").read_text()
        except OSError:
            return 0
        match = re.search(r"VmRSS:\s+(\d+) kB", status)
        return 1024 * int(match.group(1)) if match else 0

    def children(self) -> list[int]:
        """Process ids whose parent is this process (Dask's nannies and workers)."""
        found = []
        for stat in Path("/proc").glob("[0-9]*/stat"):
            try:
                fields = stat.read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == self.process.pid:
                found.append(int(stat.parent.name))
        return found

    def interrupt(self, group: bool = False) -> tuple[int, str, float]:
        """SIGINT (to the process, or its whole process group as a terminal's Ctrl-C
        does); (exit code, stderr, seconds from the signal to the exit)."""
        assert self.process.poll() is None, f"ended before the interrupt: {self.text}"
        sent = time.monotonic()
        if group:
            os.killpg(self.process.pid, signal.SIGINT)
        else:
            self.process.send_signal(signal.SIGINT)
        try:
            code = self.process.wait(timeout=BOUND + 60)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
            pytest.fail(f"still running {BOUND + 60:.0f} s after SIGINT: {self.text}")
        took = time.monotonic() - sent
        self._reader.join(timeout=10)
        return code, self.text, took

    @property
    def text(self) -> str:
        return "".join(self.err)


def _assert_interrupted(code: int, err: str, took: float) -> None:
    assert "Traceback" not in err and "CommClosedError" not in err, err
    assert code == 130, (code, err)
    assert err.strip().splitlines()[-1] == "grundy: interrupted", err
    assert took < BOUND, f"{took:.1f} s from SIGINT to exit"


def _no_files(directory: Path, name: str) -> list[str]:
    """Files in ``directory`` named like ``name`` or its temporary (``.name.*.tmp``)."""
    return [p.name for p in directory.iterdir() if name in p.name]


# -- real processes ------------------------------------------------------------------


@pytest.mark.parametrize("attempt", [1, pytest.param(2, marks=pytest.mark.slow)])
def test_ctrl_c_in_the_table_kernel_leaves_no_file(attempt: int, tmp_path: Path) -> None:
    """Issue 30 item 3: ``table wythoff --size 20000 --out t.npy`` stopped only when the
    kernel finished, 12-18 s after the signal. 30000 x 30000 runs for about a minute."""
    run = Run(["table", "wythoff", "--size", "30000", "--out", "t.npy"], tmp_path)
    run.wait_for(lambda: run.resident_bytes() > 1_000_000_000)  # the table is allocated
    time.sleep(0.2 * attempt)
    _assert_interrupted(*run.interrupt())
    assert _no_files(tmp_path, "t.npy") == []


@pytest.mark.parametrize("attempt", [1, pytest.param(2, marks=pytest.mark.slow)])
def test_ctrl_c_in_the_fibonacci_kernel(attempt: int, tmp_path: Path) -> None:
    """Issue 30 item 14: exit 139 (a segmentation fault) 4 times of 4, in fast.fibonacci
    while the progress thread ran. 5 * 10^6 rows take half a minute or more."""
    run = Run(["value", "fibonacci-nim", "5000000,4999999"], tmp_path)
    run.wait_for(lambda: run.resident_bytes() > 300_000_000)  # the step arrays are allocated
    time.sleep(0.3 * attempt)
    _assert_interrupted(*run.interrupt())


def test_ctrl_c_while_numba_compiles(tmp_path: Path) -> None:
    """Issue 30 item 14: with an empty numba cache, Ctrl-C during compilation printed a
    KeyboardInterrupt traceback from inside llvmlite and never exited."""
    cache = tmp_path / "numba-cache"
    cache.mkdir()
    run = Run(
        ["value", "fibonacci-nim", "5000000,4999999"],
        tmp_path,
        env={"NUMBA_CACHE_DIR": str(cache)},
    )
    # the first kernel is compiled and cached: the next ones are compiling now
    run.wait_for(lambda: any(cache.rglob("*.nbi")))
    _assert_interrupted(*run.interrupt())


@pytest.mark.parametrize("group", [False, True], ids=["process", "process-group"])
def test_ctrl_c_stops_a_local_dask_cluster(group: bool, tmp_path: Path) -> None:
    """Issue 30 item 3: the local cluster's run must stop on a SIGINT to its own process
    and on one to its process group (a terminal's Ctrl-C; it once printed a
    ``CommClosedError`` traceback), and its worker processes must end."""
    argv = ["experiment", "nivasch-table5", "--g", "10", "--rows", "3000000", "--workers", "2"]
    run = Run([*argv, "--out", "t5"], tmp_path, group=group)
    run.wait_for(run.stderr_has("[2 workers]"))
    children = run.children()
    assert children, run.text
    _assert_interrupted(*run.interrupt(group=group))
    assert not (tmp_path / "t5" / "result.json").exists()
    for _ in range(200):  # the workers were killed: they are gone at once, or very soon
        alive = [pid for pid in children if Path(f"/proc/{pid}").exists()]
        if not alive:
            break
        time.sleep(0.1)
    assert not alive, f"worker processes {alive} outlived the command"


@pytest.mark.slow
@pytest.mark.parametrize("seconds", [4, 8, 12, 16])
def test_ctrl_c_in_check_all(seconds: int, tmp_path: Path) -> None:
    """Issue 30 item 3: ``check all`` interrupted after 12-16 s exited 139 in 4 of 12 tries."""
    run = Run(["check", "all"], tmp_path)
    time.sleep(seconds)  # check all runs for about half a minute
    if run.process.poll() is None:
        _assert_interrupted(*run.interrupt())
    else:
        assert run.process.returncode == 0, run.text


@pytest.mark.slow
@pytest.mark.parametrize("attempt", range(6))
def test_ctrl_c_repeated(attempt: int, tmp_path: Path) -> None:
    """The kernels of the protocol interrupted at different moments, repeatedly."""
    commands = [
        ["table", "wythoff", "--size", "30000", "--out", "t.npy"],
        ["value", "fibonacci-nim", "5000000,4999999"],
        ["gvalues", "--g", "30", "--R", "500000", "--n", "10**18", "--only"],
    ]
    argv = commands[attempt % len(commands)]
    run = Run(argv, tmp_path)
    time.sleep(2.0 + 1.5 * attempt)
    if run.process.poll() is None:
        _assert_interrupted(*run.interrupt())
        assert _no_files(tmp_path, "t.npy") == []


def test_ctrl_c_in_the_rw_kernel(tmp_path: Path) -> None:
    # RW at g = 30 with a large R: minutes of kernel; interrupted after the imports
    run = Run(["gvalues", "--g", "30", "--R", "500000", "--n", "10**18", "--only"], tmp_path)
    run.wait_for(lambda: run.resident_bytes() > 400_000_000)  # past the imports: RW levels
    _assert_interrupted(*run.interrupt())


# -- the handler, in this process ----------------------------------------------------------


class _Frame:
    """A stand-in frame: ``f_globals['__name__']`` and ``f_back`` are read."""

    def __init__(self, module: str, back: _Frame | None = None) -> None:
        self.f_globals = {"__name__": module}
        self.f_back = back


@pytest.fixture
def default_sigint() -> Iterator[None]:
    """Python's own SIGINT handler for the test (a run started in the background, e.g. by
    ``nohup ... &``, inherits SIGINT ignored, and the CLI then rightly leaves it alone)."""
    previous = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, previous)


class _Watch(hold.Deadline):
    """A deadline that records instead of ending the process."""

    def __init__(self) -> None:
        super().__init__(deliver=3600, finish=3600, exit_=lambda: None)
        self.signals = 0

    def signalled(self) -> None:
        self.signals += 1


def test_must_defer_inside_llvmlite_and_numba_boxing_only() -> None:
    llvm = _Frame("contextlib", _Frame("llvmlite.binding.executionengine", _Frame("numba.core")))
    assert hold.must_defer(llvm)  # type: ignore[arg-type]  # a ctypes callback's frames
    assert hold.must_defer(_Frame("numba.core.serialize"))  # type: ignore[arg-type]
    assert not hold.must_defer(_Frame("numba.core.typeinfer"))  # type: ignore[arg-type]
    assert not hold.must_defer(_Frame("fast.rw", _Frame("grundy.cli")))  # type: ignore[arg-type]


@pytest.mark.usefixtures("default_sigint")
def test_handler_raises_in_safe_code_and_delivers_again_later() -> None:
    watch = _Watch()
    with hold.interrupt_after_compiled_code(watch):
        handler = signal.getsignal(signal.SIGINT)
        assert callable(handler)
        with pytest.raises(KeyboardInterrupt):
            handler(signal.SIGINT, _Frame("fast.rw"))  # type: ignore[arg-type]
        assert watch.is_delivered
        # inside llvmlite: not raised there, delivered again from a timer, in our code
        with pytest.raises(KeyboardInterrupt):
            handler(signal.SIGINT, _Frame("llvmlite.binding"))  # type: ignore[arg-type]
            threading.Event().wait(60)  # the redelivery interrupts this wait
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler
    assert watch.signals == 2  # the redelivery is not another Ctrl-C


@pytest.mark.usefixtures("default_sigint")
def test_an_interrupt_swallowed_by_a_callback_is_delivered_again(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A garbage-collector callback (Dask's GCDiagnosis) swallowed the KeyboardInterrupt
    and printed its traceback; the hook delivers it again, silently."""
    import gc

    def callback(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            signal.getsignal(signal.SIGINT)(signal.SIGINT, None)  # type: ignore[operator,misc]

    watch = _Watch()
    with hold.interrupt_after_compiled_code(watch):
        gc.callbacks.append(callback)
        try:
            with pytest.raises(KeyboardInterrupt):
                gc.collect()  # raised in the callback, swallowed, delivered again
                gc.callbacks.remove(callback)
                threading.Event().wait(60)
        finally:
            if callback in gc.callbacks:
                gc.callbacks.remove(callback)
    assert "Traceback" not in capsys.readouterr().err
    assert watch.signals == 1


@pytest.mark.usefixtures("default_sigint")
def test_held_block_raises_after_it_returns() -> None:
    done = []
    with pytest.raises(KeyboardInterrupt):
        with hold.held():
            signal.raise_signal(signal.SIGINT)  # recorded, not raised here
            done.append("block finished")
    assert done == ["block finished"]
    assert not hold.holding()
    assert signal.getsignal(signal.SIGINT) is signal.default_int_handler


@pytest.mark.usefixtures("default_sigint")
def test_the_cli_handler_respects_holds() -> None:
    watch = _Watch()
    done = []
    with hold.interrupt_after_compiled_code(watch):
        with pytest.raises(KeyboardInterrupt):
            with hold.held():
                signal.raise_signal(signal.SIGINT)
                done.append("block finished")
    assert done == ["block finished"] and watch.signals == 1


def test_an_ignored_sigint_is_left_alone() -> None:
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        with hold.held():
            assert not hold.holding()  # nothing to hold: the signal is ignored
        with hold.interrupt_after_compiled_code(_Watch()):
            assert signal.getsignal(signal.SIGINT) is signal.SIG_IGN
    finally:
        signal.signal(signal.SIGINT, previous)


def test_deadline_ends_a_process_that_cannot_raise() -> None:
    ended = threading.Event()
    deadline = hold.Deadline(deliver=0.0, finish=0.0, exit_=ended.set)
    deadline.signalled()  # never delivered
    assert ended.wait(60)


def test_deadline_second_ctrl_c_ends_at_once() -> None:
    ended = threading.Event()
    deadline = hold.Deadline(deliver=3600, finish=3600, exit_=ended.set)
    deadline.signalled()
    deadline.delivered()
    assert not ended.is_set()
    deadline.signalled()
    assert ended.is_set()


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


def test_compiled_is_a_no_op_for_plain_functions() -> None:
    assert hold.call(np.add, 2, 3) == 5
    hold.compiled(len, [1])  # nothing to compile


# -- issue 39: Ctrl-C at any moment, over many interrupt times -----------------------------

#: Seconds from the signal to the exit allowed in the issue-39 tests: "within about a
#: second" (0.1-1.8 s measured on the loaded 2-core development machine), with room for a
#: loaded CI machine. Measured from the signal, never the command's total runtime.
PROMPT = 3.0
#: When the signal is sent (seconds after the start): the imports, a local Dask cluster's
#: start-up (about 1-4 s: the window where 5 of 11 signals were once lost), the work.
MOMENTS = [0.5, 1.5, 2.5, 3.5, 5.0, 8.0, 11.0, 15.0]


def _interrupt_at(argv: list[str], cwd: Path, moment: float) -> None:
    """Start ``argv``; SIGINT to its process group (a terminal's Ctrl-C, so a worker that
    did not ignore it would print a traceback) after ``moment`` s; exit 130 within
    :data:`PROMPT` s (or 0, when it was ending as the signal came, also within
    :data:`PROMPT` s: a lost signal let it run on for seconds). A command that ended before
    the moment must have succeeded."""
    run = Run(argv, cwd, group=True)
    time.sleep(moment)
    if run.process.poll() is not None:
        assert run.process.wait() == 0, run.text
        return
    code, err, took = run.interrupt(group=True)
    assert took < PROMPT, f"{took:.1f} s from SIGINT to exit at {moment} s: {err}"
    if code == 0 and "Traceback" not in err:
        return  # it was ending as the signal came (Ctrl-C is ignored then: hold.while_exiting)
    _assert_interrupted(code, err, took)


@pytest.fixture(scope="module")
def strip_run(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A checkpointed run of rows 0..200 (about half a minute; its verification about 20 s
    on two workers of the development machine)."""
    out = tmp_path_factory.mktemp("run") / "run"
    argv = ["experiment", "row-periods", "--rows", "0..200", "--chunks", str(out), "--quiet"]
    done = subprocess.run(
        [sys.executable, "-m", "grundy", *argv],
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        check=False,
        timeout=600,
    )
    assert done.returncode == 0, done.stderr
    return out


@pytest.mark.slow
@pytest.mark.parametrize("moment", MOMENTS)
def test_ctrl_c_at_any_moment_of_a_dask_experiment(moment: float, tmp_path: Path) -> None:
    """Issue 39 item 3: during a local cluster's start-up SIGINT was ignored by the main
    process, so the signal was lost (SIGKILL was needed three times)."""
    argv = ["experiment", "nivasch-table5", "--g", "10", "--rows", "1000000", "--workers", "2"]
    _interrupt_at([*argv, "--out", "t5"], tmp_path, moment)
    assert not (tmp_path / "t5" / "result.json").exists()


@pytest.mark.slow
@pytest.mark.parametrize("moment", MOMENTS)
def test_ctrl_c_at_any_moment_of_verify(moment: float, strip_run: Path, tmp_path: Path) -> None:
    """Issue 39 item 3: ``grundy verify RUN`` ran to the end and exited 0 twice."""
    _interrupt_at(["verify", str(strip_run), "--workers", "2"], tmp_path, moment)


@pytest.mark.slow
@pytest.mark.parametrize("moment", MOMENTS)
def test_ctrl_c_at_any_moment_of_a_heatmap(moment: float, tmp_path: Path) -> None:
    """Issue 39 item 3: ``plot heatmap wythoff --size 20000`` stopped up to 5.75 s after
    the signal, inside drawing or PNG encoding of the whole table. 12000 (a 1.2 GB table)
    has the same phases: the table's kernel, its value range, drawing, encoding."""
    _interrupt_at(
        ["plot", "heatmap", "wythoff", "--size", "12000", "--out", "h.png"], tmp_path, moment
    )
    if (tmp_path / "h.png").exists():  # the command ended before the moment
        return
    assert _no_files(tmp_path, "h.png") == []


@pytest.mark.usefixtures("default_sigint")
def test_ctrl_c_during_a_cluster_start_is_raised_at_once() -> None:
    """Issue 39 item 3: the start-up ran with SIGINT ignored, and a Ctrl-C then was lost.
    The start-up now runs in a thread; this one raises within a poll."""
    from runs import runner

    started = threading.Event()

    def slow_start(**options: Any) -> None:
        started.set()
        threading.Event().wait(60)  # a start-up that would take a minute

    threading.Timer(
        0.2, signal.pthread_kill, (threading.main_thread().ident, signal.SIGINT)
    ).start()
    began = time.monotonic()
    with pytest.raises(KeyboardInterrupt):
        runner._start_local_cluster(slow_start, 1)
    assert started.is_set() and time.monotonic() - began < 30  # not the minute
    assert signal.SIGINT not in signal.pthread_sigmask(signal.SIG_BLOCK, [])


_WORKER_MASKS = """
import re, signal, sys
from pathlib import Path
import distributed
from runs.runner import _start_local_cluster

if __name__ == "__main__":
    cluster = _start_local_cluster(distributed.LocalCluster, 1)
    for nanny in cluster.workers.values():
        status = Path(f"/proc/{nanny.process.process.pid}/status").read_text()
        masks = [int(re.search(name + r":\\s+([0-9a-f]+)", status).group(1), 16)
                 for name in ("SigBlk", "SigIgn")]
        print("ignored" if (masks[0] | masks[1]) >> (signal.SIGINT - 1) & 1 else "raises")
    cluster.close()
"""


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="reads /proc")
def test_a_local_clusters_workers_never_see_ctrl_c(tmp_path: Path) -> None:
    """A terminal's Ctrl-C goes to the whole process group: a worker must not raise it (a
    traceback per worker). Its SIGINT is blocked, inherited from the thread that spawned
    it; in a fresh process, where the start-up also starts multiprocessing's resource
    tracker (which unblocks SIGINT in the thread that starts it)."""
    script = tmp_path / "masks.py"
    script.write_text(_WORKER_MASKS)
    done = subprocess.run(
        [sys.executable, str(script)],
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-2000:]
    assert done.stdout.split() == ["ignored"], done.stdout


@pytest.mark.slow
def test_ctrl_c_in_the_one_heap_period(tmp_path: Path) -> None:
    """Issue 38 item 1: ``period octal:0.6 --compute`` (Officers: no period is known) runs
    the sparse-space kernel for a minute; Ctrl-C stops it, and it says how far it reached."""
    run = Run(["period", "octal:0.6", "--compute"], tmp_path, env={"GRUNDY_PROGRESS_INTERVAL": "1"})
    run.wait_for(run.stderr_has("131,072 values"))  # past the probe: the sparse kernel runs
    code, err, took = run.interrupt()
    _assert_interrupted(code, err, took)
    assert "with no certified period within the first" in err, err


def test_a_ctrl_c_python_cannot_raise_while_loading_is_not_printed(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A Ctrl-C raised by the loading handler inside a weakref callback of the import
    machinery is "unraisable": already remembered, it is not printed as a traceback (CI saw
    one at 0.5 s into a Dask experiment); any other unraisable exception still is."""
    from grundy.__main__ import _quiet_unraisable

    class Raises:
        def __init__(self, exc: BaseException) -> None:
            self.exc = exc

        def __del__(self) -> None:
            raise self.exc

    before = sys.unraisablehook
    sys.unraisablehook = _quiet_unraisable
    try:
        Raises(KeyboardInterrupt())  # dropped at once: __del__ raises where nothing can catch
        quiet = capsys.readouterr().err
        Raises(ValueError("boom"))
        loud = capsys.readouterr().err
    finally:
        sys.unraisablehook = before
    assert quiet == ""
    assert "ValueError: boom" in loud


#: Issue 48: when the signal is sent into the long kernels (seconds after the start).
KERNEL_MOMENTS = [1.0, 2.0, 3.5, 5.0, 7.0, 10.0]
#: Issue 48's long commands in the kernels that once held Ctrl-C for 12-49 s: the three-pile
#: cube (one call for the whole box), the hexadecimal three-heap loop (one block for the whole
#: sequence), the genus (then 37 s, now from one memo: a larger one runs as long). Each with a
#: budget that lets it run past the last moment.
KERNEL_COMMANDS = {
    "cube": ["table", "wythoff3", "--size", "400", "--out", "c.npy", "--budget", "1000"],
    "hex": ["period", "hex:0.8", "--compute", "--budget", "1000"],
    "genus": ["genus", "octal:0.07", "--heaps", "40", "--budget", "1000"],
}


@pytest.mark.slow
@pytest.mark.parametrize("moment", KERNEL_MOMENTS)
@pytest.mark.parametrize("kernel", sorted(KERNEL_COMMANDS))
def test_ctrl_c_at_any_moment_of_a_long_kernel(kernel: str, moment: float, tmp_path: Path) -> None:
    """Issue 48 item 2: SIGINT at 1-10 s into the cube, a hexadecimal period and the genus
    exits 130 within :data:`PROMPT` s of the signal (no partial ``c.npy``)."""
    _interrupt_at(KERNEL_COMMANDS[kernel], tmp_path, moment)
    if kernel == "cube" and not (tmp_path / "c.npy").exists():
        assert _no_files(tmp_path, "c.npy") == []


@pytest.mark.slow
def test_a_command_past_its_budget_stops_and_says_how_far_it_got(tmp_path: Path) -> None:
    """Issue 48 item 1: a running command that passes its --budget by a tenth stops (exit 2,
    one line naming --budget and what it reached), here a hexadecimal period (no certified
    period is known: the search doubles its window until the budget ends it)."""
    done = subprocess.run(
        [sys.executable, "-m", "grundy", "period", "hex:0.8", "--compute", "--budget", "3"],
        cwd=tmp_path,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
        capture_output=True,
        text=True,
        timeout=BOUND + 60,
        check=False,
    )
    last = done.stderr.strip().splitlines()[-1]
    assert done.returncode == 2 and "Traceback" not in done.stderr, done.stderr
    assert "--budget" in last and ("past its budget" in last or "within the budget" in last), last
