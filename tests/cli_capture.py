"""One way for a test to run the command line in-process: ``cli(capsys, *argv)``.

The tests that call :func:`grundy.cli.main` directly (rather than in a
subprocess) use this helper, so that an exit through ``SystemExit`` (argparse's
``--help``) and the captured streams are read the same way everywhere.
"""

from __future__ import annotations

import pytest

from grundy.cli import main

__all__ = ["cli"]


def cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    """Run ``grundy ARGV`` in this process; return (exit code, stdout, stderr)."""
    try:
        code = main(list(argv))
    except SystemExit as exit_:
        code = int(exit_.code or 0)
    out, err = capsys.readouterr()
    return code, out, err
