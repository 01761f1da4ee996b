"""``grundy conformance``: every implementation against the spec and the seeds."""

from __future__ import annotations

import argparse
import time
from typing import Any

from rich.table import Table
from rich.text import Text

from grundy.conformance import Row, run_all
from grundy.output import add_json_option, console, emit_json


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


def _style(result: str) -> str:
    return {"pass": "green", "FAIL": "bold red", "error": "bold red"}.get(result, "")


def run(args: argparse.Namespace) -> int:
    start = time.perf_counter()
    show_progress = not args.json and not args.quiet
    if show_progress:
        with console.status("running conformance checks...", spinner="dots") as status:
            done: list[Row] = []

            def on_row(row: Row) -> None:
                done.append(row)
                status.update(f"{len(done)} checks done; last: {row.check} / {row.implementation}")

            rows = run_all(only=args.only, include_slow=args.all, on_row=on_row)
    else:
        rows = run_all(only=args.only, include_slow=args.all)
    elapsed = time.perf_counter() - start
    if not rows:
        raise ValueError(
            f"--only {args.only!r} matched no check (give part of a check, game or "
            "implementation name, as in the report)"
        )
    failed = [r for r in rows if r.result != "pass"]
    if args.json:
        emit_json(
            {
                "rows": [r.as_dict() for r in rows],
                "passed": not failed,
                "seconds": round(elapsed, 3),
            }
        )
    else:
        if not args.quiet:
            _print_table(rows)
        for row in failed:
            console.print(
                f"[bold red]{row.result}[/] {row.check} / {row.game} / "
                f"{row.implementation}: {row.detail}"
            )
        console.print(f"{len(rows) - len(failed)} passed, {len(failed)} failed ({elapsed:.1f} s)")
    return 1 if failed else 0


def _print_table(rows: list[Row]) -> None:
    """The report as a table; in a terminal too narrow for it, two lines per check:
    result, check and game, then the implementation with the detail (domain, time,
    cases) cut to the width. The key columns are never cut by the terminal."""
    names = ("check", "game", "implementation", "domain", "result", "time", "cases")
    cells = [
        (row.check, row.game, row.implementation, row.domain, row.result,
         f"{row.seconds:.2f}s", f"{row.cases:,}")
        for row in rows
    ]  # fmt: skip
    widths = [max([len(name)] + [len(c[i]) for c in cells]) for i, name in enumerate(names)]
    if 1 + sum(w + 3 for w in widths) <= console.width:
        table = Table(title="Conformance report")
        for column in names:
            table.add_column(column, justify="right" if column in {"time", "cases"} else "left")
        for row, cell in zip(rows, cells, strict=True):
            table.add_row(*cell[:4], f"[{_style(row.result)}]{row.result}[/]", *cell[5:])
        console.print(table)
        return
    console.print("Conformance report (result  check / game, then implementation: detail)")
    for check, game, impl, domain, result, seconds, cases in cells:
        line = Text(f"{result:<6} ", style=_style(result))
        line.append(f"{check} / {game}")
        console.print(line, no_wrap=True, overflow="fold")
        detail = Text(f"       {impl}: {domain}, {seconds}, {cases} cases")
        console.print(detail, no_wrap=True, overflow="ellipsis")
