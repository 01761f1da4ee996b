"""``grundy experiment NAME``: reproduce a published table (see grundy.cli.experiments)."""

from __future__ import annotations

from typing import Any

from grundy.cli.experiments import register_all


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "experiment",
        help="reproduce a published experiment (Nivasch's tables, row periods)",
        description=(
            "Run one of the papers' experiments, print the result beside the published "
            "table with every difference marked, and optionally save it (--out)."
        ),
    )
    register_all(parser.add_subparsers(dest="experiment", metavar="NAME", required=True))
