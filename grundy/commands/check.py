"""``grundy check``: the papers' lemmas, bounds and conjectures, checked exactly.

    grundy check list                      id, kind, source, statement
    grundy check ID [--PARAM V ...] [--json] [--quick] [--tighten K]
    grundy check all [--quick] [--json]

Exit codes: 0 holds (or inconclusive), 1 violated, 2 bad input. ``check all``
exits 1 when a claim is violated that should hold (or a known counterexample
disappears); claims registered with ``expect="violated"`` are published
statements found false here, reported with their witness.
"""

from __future__ import annotations

import argparse
import time
from typing import Any

from rich.markup import escape

from grundy.output import activity, add_json_option, console, emit_json
from grundy.parsing import count, parse_count
from grundy.progress import quiet

EPILOG = (
    "examples: grundy check list | grundy check nivasch-thm-2.15 --g 8 --rows 5000 | "
    "grundy check all --quick"
)


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "check",
        help="check a published lemma, bound or conjecture on a range (exact arithmetic)",
        description=(
            "Check the seeds' claims: 'list' shows them, 'all' runs every claim, an id runs one. "
            "Claim parameters are given as --name value (see 'grundy check list --json' for "
            "defaults and limits). Exit 0 holds, 1 violated, 2 bad input."
        ),
        epilog=EPILOG,
    )
    parser.add_argument("target", help="'list', 'all', or a claim id")
    parser.add_argument("--quick", action="store_true", help="use the small quick defaults")
    parser.add_argument(
        "--tighten",
        type=count("--tighten", lo=0),
        default=0,
        metavar="K",
        help=(
            "check a deliberately false variant: every bound made K >= 0 tighter (default 0; "
            "claims with only exact facts cannot be tightened)"
        ),
    )
    add_json_option(parser)
    parser.add_argument("params", nargs=argparse.REMAINDER, help="claim parameters --name value")
    # a whole suite of checks: the spec solver runs without the one-minute limit
    parser.set_defaults(func=run, spec_seconds=None)


def parse_params(tokens: list[str], claim_id: str) -> tuple[dict[str, int], dict[str, Any]]:
    """Split ``--name value`` pairs; also pick up --json/--quick/--quiet given after them."""
    params: dict[str, int] = {}
    flags: dict[str, Any] = {}
    index = 0
    while index < len(tokens):
        token = tokens[index]
        if token in ("--json", "--quick", "--quiet"):
            flags[token[2:]] = True
            index += 1
            continue
        if not token.startswith("--"):
            raise ValueError(f"{claim_id}: expected --name value, got {token!r}")
        name, _, inline = token[2:].partition("=")
        if inline:
            text = inline
            index += 1
        else:
            if index + 1 >= len(tokens):
                raise ValueError(f"{claim_id}: --{name} needs a value")
            text = tokens[index + 1]
            index += 2
        if name == "tighten":
            flags["tighten"] = parse_count(text, "--tighten", lo=0)
            continue
        params[name.replace("-", "_")] = parse_count(text, f"{claim_id}: --{name}")
    return params, flags


def _print_report(report: Any) -> None:
    """The lines of :func:`proofs_check.display.report_text`, the status and witness coloured."""
    from rich.text import Text

    from proofs_check.display import report_rows, report_title

    colour = {"holds": "green", "violated": "red", "inconclusive": "yellow"}[report.status]
    title = report_title(report)
    console.print(Text.assemble((report.claim, "bold"), title[len(report.claim) :]))
    console.print(f"  {report.statement}", markup=False)
    for label, text in report_rows(report):
        sep = " " if label.isupper() else ": "
        style = colour if label.isupper() else ("red" if label == "witness" else "")
        console.print(Text.assemble("  ", (label, style), f"{sep}{text}"))


def _claim_help(claim_id: str) -> int:
    from proofs_check.claim import get_claim

    entry = get_claim(claim_id)
    console.print(f"[bold]{entry.id}[/bold] ({entry.kind}, {entry.source})")
    console.print(f"  {entry.statement}\n  formula: {entry.formula}")
    console.print("  parameters (default, --quick default, limits):")
    for p in entry.params:
        console.print(f"    --{p.name} {p.default} (quick {p.quick}; {p.lo}..{p.hi}): {p.help}")
    console.print("  also: --json, --quick, --tighten K (false variant)")
    return 0


def run(args: argparse.Namespace) -> int:
    from proofs_check.claim import NotTightenable, load_claims, run_claim

    claims = load_claims()
    if any(token in ("-h", "--help") for token in args.params or []):
        return _claim_help(args.target)
    params, flags = parse_params(list(args.params or []), args.target)
    if flags.get("quiet") and not args.quiet:  # --quiet after the claim's parameters
        with quiet():
            args.quiet = True
            return run(args)
    as_json = args.json or flags.get("json", False)
    quick = args.quick or flags.get("quick", False)
    tighten = flags.get("tighten", args.tighten)
    if args.target == "list":
        if params:
            raise ValueError("check list takes no parameters")
        rows = [
            {
                "id": c.id,
                "kind": c.kind,
                "source": c.source,
                "statement": c.statement,
                "formula": c.formula,
                "params": [
                    {
                        "name": p.name,
                        "default": p.default,
                        "quick": p.quick,
                        "min": p.lo,
                        "max": p.hi,
                        "help": p.help,
                    }
                    for p in c.params
                ],
            }
            for c in claims.values()
        ]
        if as_json:
            emit_json(rows)
        else:
            for row in rows:
                console.print(
                    f"[bold]{row['id']:26s}[/bold] {row['kind']:16s} "
                    f"{escape(str(row['source']))}\n    {escape(str(row['statement']))}"
                )
        return 0
    if args.target == "all":
        if params:
            raise ValueError("check all takes no claim parameters (use --quick)")
        start = time.perf_counter()
        reports = []
        skipped = []
        for number, cid in enumerate(claims, 1):
            label = f"check all: {cid} ({number}/{len(claims)})"
            with activity(label, disable=as_json) as update:
                try:
                    reports.append(
                        run_claim(
                            cid,
                            quick=quick,
                            tighten=tighten,
                            progress=lambda cases: update(f"{cases:,} cases"),
                            note=update,
                        )
                    )
                except NotTightenable:
                    skipped.append(cid)  # only exact facts: nothing to tighten
        total = time.perf_counter() - start
        if as_json:
            emit_json(
                {
                    "seconds": round(total, 3),
                    "reports": [r.to_dict() for r in reports],
                    "not_tightened": skipped,
                }
            )
        else:
            for r in reports:
                colour = {"holds": "green", "violated": "red", "inconclusive": "yellow"}[r.status]
                console.print(
                    f"{r.claim:28s} [{colour}]{r.status:12s}[/{colour}] "
                    f"{r.cases:>9,} cases {r.seconds:6.2f} s"
                )
                if r.status == "violated" and r.expect == "violated":
                    console.print(f"    known counterexample (expected): {r.witness}", markup=False)
                elif r.status != "holds":
                    console.print(
                        f"    {(r.notes or [''])[0] if r.status == 'inconclusive' else r.witness}",
                        markup=False,
                    )
            counts = {
                s: sum(r.status == s for r in reports)
                for s in ("holds", "violated", "inconclusive")
            }
            console.print(
                f"{len(reports)} claims: {counts['holds']} hold, {counts['violated']} "
                f"violated, {counts['inconclusive']} inconclusive ({total:.1f} s)"
            )
            if skipped:
                console.print(
                    f"not tightened (only exact facts): {', '.join(skipped)}", markup=False
                )
        return 1 if any(r.surprising for r in reports) else 0
    with activity(f"checking {args.target}", disable=as_json) as update:
        report = run_claim(
            args.target,
            params,
            quick=quick,
            tighten=tighten,
            progress=lambda cases: update(f"{cases:,} cases"),
            note=update,
        )
    if as_json:
        emit_json(report.to_dict())
    else:
        _print_report(report)
    return report.exit_code
