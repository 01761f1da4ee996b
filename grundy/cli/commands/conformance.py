"""``grundy conformance``: every implementation against the spec and the seeds."""

from __future__ import annotations

import argparse
import time
from typing import Any

from grundy.cli.conformance import print_report, run_all, run_with_status
from grundy.cli.output import add_json_option


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
    start = time.perf_counter()
    checks = run_all if args.json or args.quiet else run_with_status  # a spinner in between
    rows = checks(only=args.only, include_slow=args.all)
    elapsed = time.perf_counter() - start
    return 1 if print_report(rows, elapsed, table=not args.quiet, as_json=args.json) else 0
