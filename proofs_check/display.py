"""A claim :class:`~proofs_check.claim.Report` as plain text or HTML (notebooks).

The lines are those ``grundy check`` prints: the claim, its statement, the
status with the cases and parameters, each bound's smallest slack and where
it was reached, each fact, the witness of a violation, the notes and the
data used. The table shapes come from :mod:`registry.answers`.

Examples
--------
>>> from proofs_check.claim import Report
>>> r = Report("demo", "lemma", "003 §2", "x <= 4", "violated", 5, {"n": 5},
...            witness={"bound": "x <= 4", "slack": -1, "x": 4})
>>> print(report_text(r))
demo (lemma, 003 §2)
  x <= 4
  VIOLATED on 5 cases  (--n 5; 0.00 s)
  witness: bound=x <= 4, slack=-1, x=4
"""

from __future__ import annotations

from typing import Any

__all__ = ["report_html", "report_rows", "report_text", "report_title"]


def report_rows(report: Any) -> list[tuple[str, str]]:
    """``(label, text)`` for each line of the report after its title and statement."""
    from proofs_check.claim import show

    params = " ".join(f"--{k} {v}" for k, v in report.params.items())
    rows = [
        (
            report.status.upper(),
            f"on {report.cases:,} cases  ({params}; {report.seconds:.2f} s)",
        )
    ]
    for entry in report.bounds:
        extra = f"; {entry['violations']} violations" if entry.get("violations") else ""
        rows.append(
            (
                f"bound {entry['bound']}",
                f"min slack {show(entry['min_slack'])}, first at {show(entry['first_at'])}{extra}",
            )
        )
    for entry in report.facts:
        if "observation" in entry:
            rest = {k: v for k, v in entry.items() if k != "observation"}
            rows.append((str(entry["observation"]), show(rest)))
        else:
            rows.append(
                (f"fact {entry['fact']}", f"{entry['cases']:,} cases, {entry['failures']} failures")
            )
    if report.witness:
        tightened = f"  (slack of the bound tightened by {report.tighten})"
        rows.append(("witness", show(report.witness) + (tightened if report.tighten else "")))
    rows += [("note", note) for note in report.notes]
    if report.data:
        rows.append(("data", ", ".join(report.data)))
    return rows


def report_title(report: Any) -> str:
    """``claim (kind, source)``, and the false variant's tightening if any."""
    variant = f"  [false variant: bounds tightened by {report.tighten}]" if report.tighten else ""
    return f"{report.claim} ({report.kind}, {report.source}){variant}"


def report_text(report: Any) -> str:
    """The report as ``grundy check`` prints it, without colours."""
    lines = [report_title(report), f"  {report.statement}"]
    for label, text in report_rows(report):
        sep = " " if label.isupper() else ": "
        lines.append(f"  {label}{sep}{text}")
    return "\n".join(lines)


def report_html(report: Any) -> str:
    """The report as an HTML table: statement, status, bounds, facts, witness."""
    from registry.answers import html_record

    rows = [("statement", report.statement), *report_rows(report)]
    return html_record(report_title(report), rows)
