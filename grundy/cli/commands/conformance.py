"""``grundy conformance``: every implementation against the spec and the seeds."""

from __future__ import annotations

import argparse
import time
from typing import Any

from grundy.cli import conformance
from grundy.cli.conformance import Row, print_report, print_summary
from grundy.cli.output import add_json_option, emit_json


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "conformance",
        help="run the conformance report (the project's main job)",
        description=(
            "Ask every registered implementation (spec, reference, fast, published tables) "
            "the same questions on the same domains and compare with the spec, then run the "
            "registered property checks. One row per check. Exit 0 if all pass, 1 otherwise."
        ),
        epilog="example: grundy conformance --only wythoff",
    )
    parser.add_argument("--only", default=None, help="run only checks whose name/game matches")
    parser.add_argument(
        "--all", action="store_true", help="include the slow checks (larger domains)"
    )
    parser.add_argument("--quiet", action="store_true", help="print only the summary")
    add_json_option(parser)
    # a whole suite of checks: the spec solver runs without the one-minute limit
    parser.set_defaults(func=run, spec_seconds=None)


def run(args: argparse.Namespace) -> int:
    """Each row printed as it finishes (``--quiet``: the summary only; ``--json``: the rows at
    the end); Ctrl-C keeps the rows checked: their summary (or JSON, with ``interrupted``)
    comes before the CLI's last line."""
    start = time.perf_counter()
    rows: list[Row] = []

    def keep(row: Row) -> None:
        rows.append(row)

    try:
        if args.json or args.quiet:
            conformance.run_all(only=args.only, include_slow=args.all, on_row=keep)
        else:
            conformance.run_printing(only=args.only, include_slow=args.all, rows=rows)
    except KeyboardInterrupt:
        elapsed = time.perf_counter() - start
        if args.json:
            data = {"rows": [r.as_dict() for r in rows], "interrupted": True}
            emit_json({**data, "passed": None, "seconds": round(elapsed, 3)})
        else:
            print_summary(rows, elapsed, interrupted=True)
        raise
    elapsed = time.perf_counter() - start
    if args.json or args.quiet:
        return 1 if print_report(rows, elapsed, table=False, as_json=args.json) else 0
    return 1 if print_summary(rows, elapsed) else 0
