"""The claims of :mod:`proofs_check` on the terminal: what ``grundy check`` prints.

The claim list, one claim's help, a report with its status and witness
coloured (the lines of :func:`proofs_check.display.report_text`), and the
run of every claim (``check all``) with its summary. The command
(:mod:`grundy.cli.commands.check`) only parses its arguments and calls these.
"""

from __future__ import annotations

import time
from typing import Any

from rich.markup import escape
from rich.text import Text

from grundy.cli.output import console, emit_json
from grundy.cli.parsing import parse_count
from proofs_check.claim import Report
from runs.progress import activity

__all__ = [
    "claim_rows",
    "parse_params",
    "print_claim_help",
    "print_claim_list",
    "print_report",
    "print_summary",
    "run_every_claim",
    "run_one_claim",
]

#: The colour of each status.
COLOUR = {"holds": "green", "violated": "red", "inconclusive": "yellow"}


def parse_params(tokens: list[str], claim_id: str) -> tuple[dict[str, int], dict[str, Any]]:
    """Split ``--name value`` pairs; also pick up --json/--quick/--quiet given after them."""
    params: dict[str, int] = {}
    flags: dict[str, Any] = {}
    index = 0
    while index < len(tokens):
        token = tokens[index]
        if token in ("--json", "--quick", "--quiet", "--verbose"):
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
        if name in ("tighten", "budget"):  # the command's own options, after the claim's
            flags[name] = parse_count(text, f"--{name}", lo=0 if name == "tighten" else 1)
            continue
        params[name.replace("-", "_")] = parse_count(text, f"{claim_id}: --{name}")
    return params, flags


def claim_rows(claims: dict[str, Any]) -> list[dict[str, Any]]:
    """Each claim's id, kind, source, statement, formula and parameters (``check list --json``)."""
    return [
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


def print_claim_list(claims: dict[str, Any], as_json: bool) -> int:
    """``grundy check list``: one claim on two lines (or the JSON of :func:`claim_rows`)."""
    rows = claim_rows(claims)
    if as_json:
        emit_json(rows)
        return 0
    for row in rows:
        console.print(
            f"[bold]{row['id']:26s}[/bold] {row['kind']:16s} "
            f"{escape(str(row['source']))}\n    {escape(str(row['statement']))}"
        )
    return 0


def print_claim_help(claim_id: str) -> int:
    """``grundy check ID --help``: the claim, its formula and its parameters."""
    from proofs_check.catalogue import get_claim

    entry = get_claim(claim_id)
    console.print(f"[bold]{entry.id}[/bold] ({entry.kind}, {entry.source})")
    console.print(f"  {entry.statement}\n  formula: {entry.formula}")
    console.print("  parameters (default, --quick default, limits):")
    for p in entry.params:
        console.print(f"    --{p.name} {p.default} (quick {p.quick}; {p.lo}..{p.hi}): {p.help}")
    console.print("  also: --json, --quick, --tighten K (false variant)")
    return 0


def print_report(report: Report, as_json: bool = False) -> int:
    """The lines of :func:`proofs_check.display.report_text`, the status and witness coloured
    (or the report's JSON); returns the report's exit code."""
    from proofs_check.display import report_rows, report_title

    if as_json:
        emit_json(report.to_dict())
        return report.exit_code
    colour = COLOUR[report.status]
    title = report_title(report)
    console.print(Text.assemble((report.claim, "bold"), title[len(report.claim) :]))
    console.print(f"  {report.statement}", markup=False)
    for label, text in report_rows(report):
        sep = " " if label.isupper() else ": "
        style = colour if label.isupper() else ("red" if label == "witness" else "")
        console.print(Text.assemble("  ", (label, style), f"{sep}{text}"))
    return report.exit_code


def run_one_claim(
    claim_id: str, params: dict[str, int], *, quick: bool, tighten: int, quiet: bool
) -> Report:
    """``check ID``: the claim's report (:func:`grundy.check`), with an activity line unless
    ``quiet``."""
    from grundy.api import check

    return check(claim_id, quick=quick, tighten=tighten, progress=not quiet, **params)


def run_every_claim(
    claims: dict[str, Any], *, quick: bool, tighten: int, quiet: bool
) -> tuple[list[Report], list[str], float]:
    """``check all``: (the reports, the claims not tightened, seconds), one activity line
    per claim unless ``quiet``. A claim with only exact facts has nothing to tighten."""
    from proofs_check.catalogue import run_claim
    from proofs_check.claim import NotTightenable

    start = time.perf_counter()
    reports = []
    skipped = []
    for number, cid in enumerate(claims, 1):
        with activity(f"check all: {cid} ({number}/{len(claims)})", disable=quiet) as update:
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
    return reports, skipped, time.perf_counter() - start


def print_summary(reports: list[Report], skipped: list[str], total: float, as_json: bool) -> int:
    """``check all``'s table: one line per claim, the witness or note of each that does
    not hold, then the counts (or the JSON of the reports); returns the exit code (1 when
    a report surprises: a claim violated that should hold, or a counterexample gone)."""
    code = 1 if any(r.surprising for r in reports) else 0
    if as_json:
        emit_json(
            {
                "seconds": round(total, 3),
                "reports": [r.to_dict() for r in reports],
                "not_tightened": skipped,
            }
        )
        return code
    for r in reports:
        colour = COLOUR[r.status]
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
    counts = {s: sum(r.status == s for r in reports) for s in COLOUR}
    console.print(
        f"{len(reports)} claims: {counts['holds']} hold, {counts['violated']} "
        f"violated, {counts['inconclusive']} inconclusive ({total:.1f} s)"
    )
    if skipped:
        console.print(f"not tightened (only exact facts): {', '.join(skipped)}", markup=False)
    return code
