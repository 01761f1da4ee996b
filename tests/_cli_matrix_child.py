"""Child process of the CLI fuzz matrix (tests/test_cli_fuzz.py): runs many argvs
in-process under an address-space limit and a per-case alarm, prints JSON results.

Usage: python tests/_cli_matrix_child.py LIMIT_BYTES SECONDS [frozen] < cases.json

``frozen``: ``time.perf_counter`` and ``time.monotonic`` never advance (an
infinitely fast machine), so a case whose refusal depends on a measured speed
is not refused; the default matrix runs so (issue 30: no test depends on the
machine's speed or load).
"""

from __future__ import annotations

import contextlib
import io
import json
import resource
import signal
import sys
import traceback
from typing import Any


class CaseTimeout(BaseException):
    """The per-case alarm fired."""


def _alarm(signum: int, frame: Any) -> None:
    raise CaseTimeout


def main() -> None:
    limit, seconds = int(sys.argv[1]), int(sys.argv[2])
    if sys.argv[3:] == ["frozen"]:
        import time

        time.perf_counter = time.monotonic = lambda: 1000.0
    resource.setrlimit(resource.RLIMIT_AS, (limit, limit))
    cases = json.load(sys.stdin)
    from grundy.cli import main as grundy_main

    signal.signal(signal.SIGALRM, _alarm)
    results = []
    for argv in cases:
        out, err = io.StringIO(), io.StringIO()
        signal.alarm(seconds)
        try:
            with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
                code: Any = grundy_main(argv)
        except CaseTimeout:
            code = "timeout"
        except BaseException:  # a traceback main let through
            code = "raised"
            err.write(traceback.format_exc())
        finally:
            signal.alarm(0)
        results.append(
            {"argv": argv, "code": code, "stdout": out.getvalue(), "stderr": err.getvalue()}
        )
    json.dump(results, sys.__stdout__)


if __name__ == "__main__":
    main()
