"""The ``grundy`` command line.

Each subcommand lives in a module of :mod:`grundy.commands` that defines
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
from collections.abc import Sequence
from typing import Any, NoReturn

from grundy import __version__

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
    from grundy.registry import PluginError, load_plugins

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
    try:
        code = int(args.func(args) or 0)
        sys.stdout.flush()  # a closed pipe shows here, not in the interpreter's final flush
        return code
    except (ValueError, OverflowError, MemoryError) as error:
        # Bad input, refused sizes and out-of-range kernel arguments.
        print(f"grundy {args.command}: error: {_one_line(error)}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("grundy: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        _quiet_stdout()
        return 0


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
