"""``grundy check``: the papers' lemmas, bounds and conjectures, checked exactly.

``check all`` exits 1 when a claim is violated that should hold (or a known
counterexample disappears); claims registered with ``expect="violated"`` are
published statements found false here, reported with their witness.
"""

from __future__ import annotations

import argparse
from typing import Any

from grundy.cli import claims
from grundy.cli.output import add_format_option, add_json_option, chosen_format
from grundy.cli.parsing import add_count
from runs.progress import quiet


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "check",
        help="check a published lemma, bound or conjecture on a range (exact arithmetic)",
        description=(
            "Check the seeds' claims: 'list' shows them, 'all' runs every claim, an id runs one. "
            "Claim parameters are given as --name value (see 'grundy check list --json' for "
            "defaults and limits). Exit 0 holds, 1 violated, 2 bad input."
        ),
        epilog="examples: grundy check list | grundy check nivasch-thm-2.15 --g 8 --rows 5000 "
        "| grundy check all --quick",
    )
    parser.add_argument("target", help="'list', 'all', or a claim id")
    parser.add_argument("--quick", action="store_true", help="use the small quick defaults")
    add_count(
        parser,
        "--tighten",
        "check a deliberately false variant: every bound made K >= 0 tighter (default 0; "
        "claims with only exact facts cannot be tightened)",
        default=0,
        metavar="K",
    )
    add_json_option(parser)
    add_format_option(parser)
    parser.add_argument("params", nargs=argparse.REMAINDER, help="claim parameters --name value")
    # a whole suite of checks: the spec solver runs without the one-minute limit
    parser.set_defaults(func=run, spec_seconds=None)


def run(args: argparse.Namespace) -> int:
    from proofs_check.catalogue import load_claims

    registered = load_claims()
    if any(token in ("-h", "--help") for token in args.params or []):
        return claims.print_claim_help(args.target)
    params, flags = claims.parse_params(list(args.params or []), args.target)
    rerun = _rerun_with_late_options(args, flags)
    if rerun is not None:
        return rerun
    if flags.get("format") is not None:  # --format after the claim's parameters
        args.format = flags["format"]
    as_json = args.json or flags.get("json", False)
    quick = args.quick or flags.get("quick", False)
    tighten = flags.get("tighten", args.tighten)
    if args.target == "list":
        if params:
            raise ValueError("check list takes no parameters")
        return claims.print_claim_list(registered, as_json)
    if args.target == "all":
        if params:
            raise ValueError("check all takes no claim parameters (use --quick)")
        return _run_all(args, registered, quick=quick, tighten=tighten, as_json=as_json)
    report = claims.run_one_claim(args.target, params, quick=quick, tighten=tighten, quiet=as_json)
    if (fmt := chosen_format(args)) != "text":
        return claims.print_report_table(report, fmt)
    return claims.print_report(report, as_json)


def _rerun_with_late_options(args: argparse.Namespace, flags: dict[str, Any]) -> int | None:
    """``--quiet`` or ``--budget`` given after the claim's parameters: the command run again
    under them (its exit status); None when neither was."""
    from grundy.cli.budget import WATCH

    if flags.get("quiet") and not args.quiet:
        with quiet():
            args.quiet = True
            return run(args)
    if flags.get("budget") is not None and args.budget is None:
        args.budget = flags["budget"]
        with WATCH.kept(float(args.budget)):
            return run(args)
    return None


def _run_all(
    args: argparse.Namespace, registered: Any, *, quick: bool, tighten: int, as_json: bool
) -> int:
    """``check all``: every claim, then the summary (its table with ``--format``)."""
    found = claims.run_every_claim(registered, quick=quick, tighten=tighten, quiet=as_json)
    if (fmt := chosen_format(args)) != "text":
        return claims.print_summary_table(found[0], fmt)
    return claims.print_summary(*found, as_json)  # the reports, those skipped, seconds
