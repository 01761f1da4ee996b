"""``grundy experiment NAME``: reproduce a published table (see grundy.experiments)."""

from __future__ import annotations

import importlib
import pkgutil
from typing import Any


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "experiment",
        help="reproduce a published experiment (Nivasch's tables, row periods)",
        description=(
            "Run one of the papers' experiments, print the result beside the published "
            "table with every difference marked, and optionally save it (--out)."
        ),
    )
    experiments = parser.add_subparsers(dest="experiment", metavar="NAME", required=True)
    package = importlib.import_module("grundy.experiments")
    for info in sorted(pkgutil.iter_modules(package.__path__), key=lambda m: m.name):
        module = importlib.import_module(f"grundy.experiments.{info.name}")
        if hasattr(module, "register"):
            module.register(experiments)
