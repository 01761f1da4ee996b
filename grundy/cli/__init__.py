"""The ``grundy`` command line.

Each subcommand lives in a module of :mod:`grundy.cli.commands` that defines
``register(subparsers)``; the module adds its parser and sets ``func`` (a
function of the parsed arguments returning the exit code). Modules are
discovered automatically, so a new command is one new file.

Exit codes: 0 success, 1 a check failed (a mismatch, a violated claim),
2 bad input (one line on stderr, never a traceback).
"""

from __future__ import annotations

import argparse
import importlib
import os
import pkgutil
import re
import sys
import warnings
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any, NoReturn

from floor.interrupt import (
    DEADLINE,
    INTERRUPTED,
    interrupt_after_compiled_code,
    interrupted,
    while_exiting,
)
from grundy import __version__
from grundy.cli.budget import WATCH, stopped_line, user_refusal, words
from runs.progress import quiet

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
    package = importlib.import_module("grundy.cli.commands")
    for module_info in sorted(pkgutil.iter_modules(package.__path__), key=lambda m: m.name):
        module = importlib.import_module(f"grundy.cli.commands.{module_info.name}")
        module.register(subparsers)
    for leaf in _leaf_parsers(parser):
        add_quiet_option(leaf)
        add_verbose_option(leaf)
        add_command_budget(leaf)
    return parser


#: The help of the ``--verbose`` every command has (:func:`add_verbose_option`).
VERBOSE_HELP = "a refusal also gives the registry's own record (questions, methods, domains)"


def add_verbose_option(parser: argparse.ArgumentParser) -> None:
    """``--verbose``: refusals with the registry's internals too
    (:func:`grundy.cli.budget.user_refusal`)."""
    if "--verbose" not in parser._option_string_actions:
        parser.add_argument("--verbose", action="store_true", help=VERBOSE_HELP)


def add_command_budget(parser: argparse.ArgumentParser) -> None:
    """``--budget SECONDS`` on a command that has none of its own (``check``, ``prove``, the
    experiments ...): wall seconds of the whole command, kept by :class:`grundy.cli.budget.Watch`;
    no limit unless given."""
    if "--budget" in parser._option_string_actions:
        return
    from grundy.cli.parsing import count

    parser.add_argument(
        "--budget",
        type=count("--budget", lo=1),
        default=None,
        metavar="SECONDS",
        help="wall seconds for the whole command: it stops, saying how far it got, once past "
        "them by a tenth (default: no limit)",
    )


#: The help of the ``--quiet`` every command has (:func:`add_quiet_option`).
QUIET_HELP = "no progress bar, spinner or progress lines on stderr (the answer is unchanged)"


def add_quiet_option(parser: argparse.ArgumentParser) -> None:
    """``--quiet``: the one option every command has for hiding progress.

    Added by :func:`build_parser` to every command that does not define its
    own (``conformance --quiet`` also prints only the summary); :func:`main`
    turns it into :func:`runs.progress.quiet` for the whole command.
    """
    if "--quiet" not in parser._option_string_actions:
        parser.add_argument("--quiet", action="store_true", help=QUIET_HELP)


def _leaf_parsers(parser: argparse.ArgumentParser) -> list[argparse.ArgumentParser]:
    """The parsers of the commands (and sub-commands) that run: those without subparsers."""
    subs = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    if not subs:
        return [parser]
    found: list[argparse.ArgumentParser] = []
    seen: set[int] = set()
    for action in subs:
        for sub in action.choices.values():
            if id(sub) not in seen:  # aliases share a parser
                seen.add(id(sub))
                found += _leaf_parsers(sub)
    return found


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the console script; returns the exit code.

    Exit codes: 0 success, 1 a check failed, 2 bad input (one line on stderr),
    130 interrupted (Ctrl-C: one line), and a closed output pipe
    (``grundy check list --json | head``) ends quietly with 0.
    """
    try:
        with one_line_warnings():  # a data warning while the modules load: one line too
            from grundy.cli.output import check_distinct_paths
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
                code = exit_.code
                return code if isinstance(code, int) else (0 if code is None else 2)
    except KeyboardInterrupt:  # Ctrl-C while the modules load
        print(INTERRUPTED, file=sys.stderr)
        return 130
    try:
        check_distinct_paths(_subparser(parser, args), args)
        seconds = getattr(args, "spec_seconds", SPEC_SECONDS)
        if getattr(args, "budget", None) is not None:  # the command's --budget is the one limit
            seconds = float(args.budget)
        with (
            interrupt_after_compiled_code(),
            _WATCH.kept(command_budget(args)),
            quiet(bool(getattr(args, "quiet", False))),
            spec_limits(seconds),
            one_line_warnings(),
        ):
            code = int(args.func(args) or 0)
            sys.stdout.flush()  # a closed pipe shows here, not in the interpreter's final flush
        return code
    except BaseException as error:  # the one place errors become exit codes
        typed = list(sys.argv[1:] if argv is None else argv)
        return _refusal(args.command, error, args, typed)
    finally:
        if argv is None:  # the process's own command (console script, python -m grundy)
            while_exiting(interrupted=DEADLINE.armed)


@contextmanager
def one_line_warnings() -> Iterator[None]:
    """The library's warnings about its data (:class:`fast.atlas.AtlasWarning`: a damaged or
    contradicted atlas file) as one line in the CLI's style, ``grundy: warning: ...``, instead
    of Python's two lines naming a source line; other warnings as Python shows them."""
    from registry.rows import AtlasWarning
    from runs.progress import warn

    with warnings.catch_warnings():
        shown = warnings.showwarning

        def show(message: Any, category: type[Warning], *where: Any, **more: Any) -> None:
            if issubclass(category, AtlasWarning):
                warn(str(message))
            else:
                shown(message, category, *where, **more)

        warnings.showwarning = show
        yield


#: Seconds the spec solver may take for one evaluation from the command line: the command's
#: ``--budget`` where it has one, else the registry's one time budget (registry.core); refused
#: earlier when the measured time per sub-position projects past it.
from registry.core import BUDGET_SECONDS as SPEC_SECONDS  # noqa: E402


@contextmanager
def spec_limits(seconds: float | None = SPEC_SECONDS) -> Iterator[None]:
    """Run the command under the spec solver's limits, with its progress shown.

    Memory: the sub-positions that fit in half the available memory at
    :data:`spec.solver.BYTES_PER_POSITION` bytes each. Time: ``seconds`` (the
    command's ``--budget``, else :data:`SPEC_SECONDS`; None for commands that run
    whole suites, ``conformance`` and ``check``), projected from the measured time
    per sub-position: the same budget the registry's door chose the method within.
    """
    import spec
    from floor.memory import available_memory
    from grundy.cli.output import SpecProgress

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


def command_budget(args: argparse.Namespace) -> float | None:
    """The wall seconds the whole command may take: its ``--budget``, else the default of a
    command whose methods choose within the registry's budget (``default_budget``, set by
    :func:`grundy.cli.parsing.add_budget_option`), else None (no limit)."""
    given = getattr(args, "budget", None)
    if given is not None:
        return float(given)
    default = getattr(args, "default_budget", None)
    return None if default is None else float(default)


#: The budget of the command running (one per process).
_WATCH = WATCH


def _refusal(
    command: str,
    error: BaseException,
    args: argparse.Namespace | None = None,
    typed: Sequence[str] = (),
) -> int:
    """The exit code for ``error`` raised by a command, after its one line on stderr.

    This is the one place that turns exceptions into the CLI's answers:
    bad input, refused sizes, out-of-range kernel arguments and files that
    cannot be written or read are one line and exit 2; Ctrl-C is
    ``grundy: interrupted`` and exit 130 (also when it arrived while a
    compiled kernel was returning, see :func:`interrupt_after_compiled_code`);
    a closed output pipe ends quietly with 0. Anything else is a bug and
    is re-raised with its traceback.
    """
    said = words(typed) if typed else f"grundy {command}"
    if interrupted(error):
        if _WATCH.passed and _WATCH.budget is not None:  # stopped by its budget, not Ctrl-C
            print(stopped_line(said, _WATCH.budget, _WATCH.elapsed), file=sys.stderr)
            return 2
        print(INTERRUPTED, file=sys.stderr)
        return 130
    if isinstance(error, BrokenPipeError):
        _quiet_stdout()
        return 0
    from registry.core import NoImplementation, UnknownImplementation

    if isinstance(error, NoImplementation) and not isinstance(error, UnknownImplementation):
        verbose = bool(getattr(args, "verbose", False))
        budget = None if args is None else command_budget(args)
        line = user_refusal(said, error, budget, verbose=verbose)
        print(_printable(line), file=sys.stderr)
        return 2
    if isinstance(error, (ValueError, OverflowError, MemoryError, RecursionError)):
        # Bad input, refused sizes and out-of-range kernel arguments.
        print(f"grundy {command}: error: {_one_line(error)}", file=sys.stderr)
        return 2
    if isinstance(error, ModuleNotFoundError) and (hint := missing_extra(error)):
        print(f"grundy {command}: error: {hint}", file=sys.stderr)
        return 2
    if isinstance(error, OSError):  # --out in /proc, a full disk, a file that vanished
        print(f"grundy {command}: error: {_os_error(error)}", file=sys.stderr)
        return 2
    raise error


#: The optional dependencies: module -> (the extra that installs it, what needs it, a way
#: round it). pyproject.toml's ``[project.optional-dependencies]``; the one table a missing
#: one is named from.
EXTRAS: dict[str, tuple[str, str, str]] = {
    "matplotlib": ("plots", "figures", ""),
    "dask": ("dask", "parallel runs", "; or --workers 0 runs in this process, without Dask"),
    "distributed": ("dask", "parallel runs", "; or --workers 0 runs in this process, without Dask"),
}


def missing_extra(error: ModuleNotFoundError) -> str | None:
    """The one line for an optional dependency that is not installed, or None.

    >>> print(missing_extra(ModuleNotFoundError("no matplotlib", name="matplotlib")))
    figures need matplotlib: pip install 'grundy-wythoff[plots]' (the 'plots' extra)
    >>> missing_extra(ModuleNotFoundError("No module named 'numpyy'", name="numpyy")) is None
    True
    """
    top = (error.name or "").partition(".")[0]
    if top not in EXTRAS:
        return None
    extra, what, otherwise = EXTRAS[top]
    install = f"pip install 'grundy-wythoff[{extra}]'"
    return f"{what} need {top}: {install} (the {extra!r} extra){otherwise}"


def _os_error(error: OSError) -> str:
    """An OSError as one phrase naming the file: ``cannot write '/proc/t.npy' (...)``."""
    reason = error.strerror or str(error) or type(error).__name__
    if error.filename is None:
        return _printable(" ".join(reason.split()))
    target = error.filename2 if error.filename2 is not None else error.filename
    return _printable(f"cannot use the file {str(target)!r} ({reason})")


#: A number too long to read in a message (more than 30 digits).
_LONG_NUMBER = re.compile(r"\d{31,}")


def _one_line(error: BaseException) -> str:
    """The message of ``error`` on one line (a multi-line message is joined), every
    number of more than 30 digits cut short as :func:`grundy.cli.parsing.short_int` does.

    >>> _one_line(ValueError(f"--size = {10**50} is too big"))
    '--size = 100000000000...(51 digits) is too big'
    """
    text = str(error) or type(error).__name__
    return _printable(" ".join(part.strip() for part in text.splitlines() if part.strip()))


def _printable(text: str) -> str:
    """``text`` with control characters escaped, so a message stays one line, and every
    number of more than 30 digits cut short (:func:`grundy.cli.parsing.short_int`).

    >>> _printable("--a=\\r")
    '--a=\\\\r'
    """
    from grundy.cli.parsing import short_int

    text = _LONG_NUMBER.sub(lambda match: short_int(int(match.group())), text)
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
