"""The ``grundy`` command line.

Each subcommand lives in a module of :mod:`grundy.commands` that defines
``register(subparsers)``; the module adds its parser and sets ``func`` (a
function of the parsed arguments returning the exit code). Modules are
discovered automatically, so a new command is one new file.

Exit codes: 0 success, 1 a check failed (a mismatch, a violated claim),
2 bad input (one line on stderr, never a traceback).
"""

from __future__ import annotations

import _thread
import argparse
import importlib
import os
import pkgutil
import re
import signal
import sys
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from types import FrameType
from typing import Any, NoReturn

from grundy import __version__
from grundy.signals import sigint_handler

__all__ = ["GrundyArgumentParser", "UsageError", "build_parser", "main"]


class UsageError(ValueError):
    """Bad input from the user: reported on one line, exit code 2."""


#: What argparse should take for a value, not an option: negative numbers and
#: number lists (``-1,3``, ``-1e6``), so ``grundy value wythoff -1,3`` reaches the
#: position parser ("pile sizes must be non-negative") instead of "unknown option".
_NEGATIVE_VALUE = re.compile(r"^-(\d|\.\d)[\d,+*._eE\- ]*$")


class GrundyArgumentParser(argparse.ArgumentParser):
    """An ArgumentParser whose errors are one line and exit with code 2.

    Arguments that look like negative numbers or number lists (``-5``,
    ``-1,3``) are values, never options (no command has a numeric option).
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._negative_number_matcher = _NEGATIVE_VALUE

    def _get_values(self, action: argparse.Action, arg_strings: list[str]) -> Any:
        # argparse drops a lone '--' value (``--n=--``) and then skips the type check.
        if arg_strings == ["--"] and action.option_strings and action.nargs is None:
            self.error(f"argument {'/'.join(action.option_strings)}: expected one argument")
        return super()._get_values(action, arg_strings)

    def error(self, message: str) -> NoReturn:
        message = _printable(message)
        self.exit(2, f"{self.prog}: error: {message} (see '{self.prog} --help')\n")


def build_parser() -> GrundyArgumentParser:
    """The parser with every discovered subcommand."""
    parser = GrundyArgumentParser(
        prog="grundy",
        description=(
            "Sprague-Grundy values of Wythoff's game and its relatives: the executable "
            "spec, the papers' algorithms, fast kernels and checks of the published claims."
        ),
    )
    parser.add_argument("--version", action="version", version=f"grundy {__version__}")
    subparsers = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    package = importlib.import_module("grundy.commands")
    for module_info in sorted(pkgutil.iter_modules(package.__path__), key=lambda m: m.name):
        module = importlib.import_module(f"grundy.commands.{module_info.name}")
        module.register(subparsers)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the console script; returns the exit code.

    Exit codes: 0 success, 1 a check failed, 2 bad input (one line on stderr),
    130 interrupted (Ctrl-C: one line), and a closed output pipe
    (``grundy check list --json | head``) ends quietly with 0.
    """
    try:
        from grundy.output import check_distinct_paths
        from registry import PluginError, load_plugins

        try:
            load_plugins()  # $GRUNDY_PLUGINS (the current directory too) and entry points
        except PluginError as error:
            print(f"grundy: error: {_one_line(error)}", file=sys.stderr)
            return 2
        parser = build_parser()
        try:
            args = parser.parse_args(argv)
        except SystemExit as exit_:  # argparse: --help, --version, usage errors
            return exit_.code if isinstance(exit_.code, int) else (0 if exit_.code is None else 2)
    except KeyboardInterrupt:  # Ctrl-C while the modules load
        print("grundy: interrupted", file=sys.stderr)
        return 130
    try:
        check_distinct_paths(_subparser(parser, args), args)
        seconds = getattr(args, "spec_seconds", SPEC_SECONDS)
        with interrupt_after_compiled_code(), spec_limits(seconds):
            code = int(args.func(args) or 0)
            sys.stdout.flush()  # a closed pipe shows here, not in the interpreter's final flush
        return code
    except BaseException as error:  # the one place errors become exit codes
        return _refusal(args.command, error)


#: Seconds the spec solver may take for one evaluation from the command line
#: (``$GRUNDY_SPEC_SECONDS`` overrides); refused earlier when the measured time per
#: sub-position projects past it. The registry's one time budget (registry.core).
from registry.core import BUDGET_SECONDS as SPEC_SECONDS  # noqa: E402


@contextmanager
def spec_limits(seconds: float | None = SPEC_SECONDS) -> Iterator[None]:
    """Run the command under the spec solver's limits, with its progress shown.

    Memory: the sub-positions that fit in half the available memory at
    :data:`spec.solver.BYTES_PER_POSITION` bytes each. Time: ``seconds``
    (:data:`SPEC_SECONDS`, or ``$GRUNDY_SPEC_SECONDS``; None for commands that
    run whole suites, ``conformance`` and ``check``), projected from the measured
    time per sub-position.
    """
    import spec
    from fast._memory import available_memory
    from grundy.output import SpecProgress

    if seconds is not None and "GRUNDY_SPEC_SECONDS" in os.environ:
        try:
            seconds = float(os.environ["GRUNDY_SPEC_SECONDS"])
        except ValueError:
            pass
    available = available_memory()
    with spec.limits(
        max_positions=available // 2 // spec.solver.BYTES_PER_POSITION,
        memory_note=f"half of the {available / 2**30:.1f} GiB available",
        max_seconds=seconds,
        progress=SpecProgress(),
    ):
        yield


def _subparser(parser: argparse.ArgumentParser, args: argparse.Namespace) -> Any:
    """The parser of the command (and sub-command) that ``args`` came from."""
    current: Any = parser
    while True:
        found = None
        for action in current._actions:
            if isinstance(action, argparse._SubParsersAction):
                name = getattr(args, action.dest, None)
                found = action.choices.get(name) if name is not None else None
        if found is None:
            return current
        current = found


def _refusal(command: str, error: BaseException) -> int:
    """The exit code for ``error`` raised by a command, after its one line on stderr.

    This is the one place that turns exceptions into the CLI's answers:
    bad input, refused sizes, out-of-range kernel arguments and files that
    cannot be written or read are one line and exit 2; Ctrl-C is
    ``grundy: interrupted`` and exit 130 (also when it arrived while a
    compiled kernel was returning, see :func:`interrupt_after_compiled_code`);
    a closed output pipe ends quietly with 0. Anything else is a bug and
    is re-raised with its traceback.
    """
    if _interrupted(error):
        print("grundy: interrupted", file=sys.stderr)
        return 130
    if isinstance(error, BrokenPipeError):
        _quiet_stdout()
        return 0
    if isinstance(error, (ValueError, OverflowError, MemoryError, RecursionError)):
        # Bad input, refused sizes and out-of-range kernel arguments.
        print(f"grundy {command}: error: {_one_line(error)}", file=sys.stderr)
        return 2
    if isinstance(error, OSError):  # --out in /proc, a full disk, a file that vanished
        print(f"grundy {command}: error: {_os_error(error)}", file=sys.stderr)
        return 2
    raise error


def _interrupted(error: BaseException | None) -> bool:
    """True for Ctrl-C, also when it is the cause of another exception.

    Numba's compiled code calls back into Python while it boxes a result
    (``numba.core.serialize._numba_unpickle``); a KeyboardInterrupt raised by
    the signal handler there comes back as ``SystemError: CPUDispatcher(...)
    returned a result with an exception set`` whose cause is the interrupt.
    """
    seen = 0
    while error is not None and seen < 16:
        if isinstance(error, KeyboardInterrupt):
            return True
        error = error.__cause__ or error.__context__
        seen += 1
    return False


def _os_error(error: OSError) -> str:
    """An OSError as one phrase naming the file: ``cannot write '/proc/t.npy' (...)``."""
    reason = error.strerror or str(error) or type(error).__name__
    if error.filename is None:
        return _printable(" ".join(reason.split()))
    target = error.filename2 if error.filename2 is not None else error.filename
    return _printable(f"cannot use the file {str(target)!r} ({reason})")


#: Packages whose Python code runs inside a compiled kernel's call (numba boxes
#: results and raises errors through them): Ctrl-C waits until they return.
#: (numpy is not one: its Python loops, np.savetxt, stay interruptible; a
#: SystemError caused by Ctrl-C is still read as an interrupt by _interrupted.)
_DEFERRING_PACKAGES = ("numba", "llvmlite")


def _in_compiled_call(frame: FrameType | None) -> bool:
    """True when ``frame`` is numba's own Python code."""
    if frame is None:
        return False
    module = frame.f_globals.get("__name__", "")
    return isinstance(module, str) and module.split(".", 1)[0] in _DEFERRING_PACKAGES


@contextmanager
def interrupt_after_compiled_code() -> Iterator[None]:
    """Deliver Ctrl-C as KeyboardInterrupt, but never inside numba's call machinery.

    Python runs a signal handler at the next bytecode boundary. When a jitted
    kernel returns, numba's C dispatcher runs Python helpers to box the result;
    an interrupt raised there leaves the dispatcher returning a value with an
    exception set (``SystemError``). This handler, when the current frame is
    numba's own code, re-arms the signal (``_thread.interrupt_main``)
    instead of raising, so the KeyboardInterrupt is raised at the next bytecode
    of our code, after the kernel call has returned cleanly. Outside the main
    thread, or when SIGINT is not the default handler (ignored, or set by a
    caller), nothing changes.
    """
    try:
        previous = signal.getsignal(signal.SIGINT)
    except ValueError:  # pragma: no cover - no signals here
        yield
        return
    if previous is not signal.default_int_handler:
        yield
        return

    def handler(signum: int, frame: FrameType | None) -> None:
        if _in_compiled_call(frame):
            _thread.interrupt_main(signal.Signals(signum))  # again at the next bytecode
            return
        raise KeyboardInterrupt

    with sigint_handler(handler):
        yield


def _one_line(error: BaseException) -> str:
    """The message of ``error`` on one line (a multi-line message is joined)."""
    text = str(error) or type(error).__name__
    return _printable(" ".join(part.strip() for part in text.splitlines() if part.strip()))


def _printable(text: str) -> str:
    """``text`` with control characters escaped, so a message stays one line.

    >>> _printable("--a=\\r")
    '--a=\\\\r'
    """
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)


def _quiet_stdout() -> None:
    """After a closed pipe: point stdout at /dev/null so the final flush is silent."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):  # not a real file (tests capture it)
        pass


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
