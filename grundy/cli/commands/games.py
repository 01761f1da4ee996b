"""``grundy games``: the registered games, their rules and sources."""

from __future__ import annotations

import argparse
from typing import Any

from rich.table import Table

import spec
from grundy.cli.output import add_json_option, console, emit_json


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "games",
        help="list the registered games",
        description="List the registered games with one line of rules and their source.",
    )
    add_json_option(parser)
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    rows = [
        {"name": name, "rules": cls.rules, "source": cls.source}
        for name, cls in sorted(spec.GAMES.items())
    ]
    # Families of games with parameters (spec.register_family), e.g. nimhof:1,0/0,1/1,1.
    rows += [
        {"name": family.pattern, "rules": family.rules,
         "source": family.source, "example": family.example}
        for _, family in sorted(spec.FAMILIES.items())
    ]  # fmt: skip
    if args.json:
        emit_json(rows)
        return 0
    title = "Registered games (combine with '+' for a sum, e.g. wythoff+nim)"
    table = Table("name", "rules", "source", title=title)
    for row in rows:
        table.add_row(row["name"], row["rules"], row["source"])
    console.print(table)
    return 0
