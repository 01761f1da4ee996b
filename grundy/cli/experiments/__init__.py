"""Experiments reproducing the papers' tables: ``grundy experiment NAME``.

Each module of this package defines ``register(subparsers)`` and adds one
experiment (discovered automatically by :func:`register_all`, for
``grundy/cli/commands/experiment.py``).
Shared here: the result format and the common options. An experiment
declares its own parameters once, as a dataclass
(:mod:`grundy.cli.experiments.parameters`: its options, its JSON ``parameters``,
its chunks'), and prints its tables through :class:`grundy.display.ResultTable`
(the same cells in a terminal and in a notebook).

The result of an experiment is an :class:`ExperimentResult`: parameters,
version, timings and the table; it serialises to JSON (and the table to
CSV), so CLI output, saved files and Dask chunks share one format.
"""

from __future__ import annotations

import argparse
import csv
import importlib
import json
import os
import pkgutil
import platform
import tempfile
from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from floor.files import atomic_write_text, json_default
from grundy import __version__
from grundy.cli.output import (
    add_execution_options,
    add_format_option,
    add_json_option,
    check_input_file,
    chosen_format,
    emit_json,
    output_file,
    read_json,
)
from grundy.formats import render

if TYPE_CHECKING:
    from grundy.cli.experiments.parameters import Parameters

__all__ = [
    "ExperimentResult",
    "add_experiment_options",
    "comparison_mark",
    "load_result",
    "register_all",
    "register_experiment",
    "timings_text",
]


@dataclass
class ExperimentResult:
    """One experiment's output.

    Attributes
    ----------
    name : str
        The experiment (``nivasch-table2``...).
    parameters : dict
        Every parameter that determines the result.
    columns : list of str
        Column names of ``table``.
    table : list of list
        The result rows (JSON-serialisable values).
    timings : dict
        Seconds, by phase (``compile`` kept apart from ``run``).
    comparison : list of dict
        Per published row: ours, the paper's, and whether they agree.
    version : str
        The package version that produced it.
    machine : str
        Where it ran.
    """

    name: str
    parameters: dict[str, Any]
    columns: list[str]
    table: list[list[Any]]
    timings: dict[str, float] = field(default_factory=dict)
    comparison: list[dict[str, Any]] = field(default_factory=list)
    version: str = __version__
    machine: str = field(
        default_factory=lambda: f"{platform.machine()} {platform.system()}, {os.cpu_count()} cpus"
    )

    @property
    def agrees(self) -> bool:
        """True when every compared row agrees with the paper."""
        return all(row.get("agrees", True) for row in self.comparison)

    @property
    def exit_code(self) -> int:
        """The command's exit status: 0 when every compared row agrees, else 1."""
        return 0 if self.agrees else 1

    def deliver(
        self,
        out: str | os.PathLike[str] | None = None,
        *,
        json_out: bool = False,
        fmt: str = "text",
    ) -> bool:
        """Save to ``out`` (if given) and print the JSON when ``json_out`` (``--json``), or the
        result table as LaTeX, CSV or Markdown when ``fmt`` (``--format``) is one of those.

        Returns True when the JSON or the table was printed (the command then prints nothing
        else).
        """
        if out:
            self.save(out)
        if json_out:
            emit_json(json.loads(self.to_json()))
            return True
        if fmt != "text":
            caption = f"{self.name} ({', '.join(f'{k} = {v}' for k, v in self.parameters.items())})"
            print(render(self.columns, self.table, fmt, caption=caption))
            return True
        return False

    def deliver_args(self, args: argparse.Namespace, *, directory: bool = False) -> bool:
        """:meth:`deliver` as the command's options ask: ``--out`` (a file, or with
        ``directory`` a directory that gets ``result.json``), ``--json``, ``--format``."""
        out = Path(args.out) / "result.json" if directory and args.out else args.out
        return self.deliver(out, json_out=args.json, fmt=chosen_format(args))

    def __str__(self) -> str:
        from grundy.display import experiment_text

        return experiment_text(self)

    def _repr_html_(self) -> str:
        from grundy.display import experiment_html

        return experiment_html(self)

    def to_json(self) -> str:
        return json.dumps(asdict(self), indent=1, default=json_default)

    @classmethod
    def from_json(cls, text: str) -> ExperimentResult:
        return cls(**json.loads(text))

    def save(self, path: str | os.PathLike[str]) -> Path:
        """Write JSON (``.json``) or the table as CSV (``.csv``), atomically."""
        target = Path(path)
        if target.suffix == ".csv":
            lines: list[str] = []
            with tempfile.SpooledTemporaryFile(mode="w+", newline="") as buffer:
                writer = csv.writer(buffer)
                writer.writerow(self.columns)
                writer.writerows(self.table)
                buffer.seek(0)
                lines.append(buffer.read())
            atomic_write_text(target, "".join(lines))
        else:
            atomic_write_text(target, self.to_json())
        return target


def register_all(subparsers: Any) -> None:
    """Add every experiment of this package (each module's ``register``), by name."""
    for info in sorted(pkgutil.iter_modules(__path__), key=lambda m: m.name):
        module = importlib.import_module(f"{__name__}.{info.name}")
        if hasattr(module, "register"):
            module.register(subparsers)


def register_experiment(
    subparsers: Any,
    name: str,
    parameters: type[Parameters],
    run: Callable[[argparse.Namespace], int],
    *,
    help: str,
    description: str,
    epilog: str,
    aliases: tuple[str, ...] = (),
    chunked: bool = False,
    out_help: str | None = None,
) -> argparse.ArgumentParser:
    """Add experiment ``name``: its ``parameters``' options, then the common ones (with
    ``chunked``, :func:`grundy.cli.output.add_execution_options` and its ``out_help``;
    else :func:`add_experiment_options`), running ``run``."""
    parser: argparse.ArgumentParser = subparsers.add_parser(
        name, aliases=list(aliases), help=help, description=description, epilog=epilog
    )
    parameters.add_options(parser)
    if chunked:
        add_execution_options(parser, out_help=out_help)
    else:
        add_experiment_options(parser)
    parser.set_defaults(func=run)
    return parser


def timings_text(timings: dict[str, float], **extra: str) -> str:
    """``compile C s, run R s``, then ``, LABEL T s`` for each ``extra`` key (its label)
    that ``timings`` has.

    >>> timings_text({"compile": 0.5, "run": 2, "check": 1}, check="check", other="x")
    'compile 0.50 s, run 2.00 s, check 1.00 s'
    """
    text = f"compile {timings['compile']:.2f} s, run {timings['run']:.2f} s"
    return text + "".join(
        f", {label} {timings[key]:.2f} s" for key, label in extra.items() if key in timings
    )


def load_result(path: str, option: str = "--input") -> ExperimentResult:
    """The saved :class:`ExperimentResult` in ``path`` (a file, or a directory's
    ``result.json``); a one-line ValueError naming the file when it is not one."""
    target = check_input_file(path, option, in_dir="result.json")
    data = read_json(target, option)
    try:
        result = ExperimentResult(**data)
        if not (
            isinstance(result.name, str)
            and isinstance(result.parameters, dict)
            and isinstance(result.columns, list)
            and isinstance(result.table, list)
        ):
            raise TypeError("fields of the wrong kind")
        return result
    except TypeError:
        raise ValueError(
            f"{option}: {str(target)!r} is not a saved experiment result (JSON object with "
            "name, parameters, columns, table)"
        ) from None


def comparison_mark(row: dict[str, Any] | None) -> str:
    """How a row of :mod:`reference.published`'s comparisons is shown beside the paper's value.

    >>> [comparison_mark(r) for r in ({"checked": "exact", "agrees": True},
    ...                               {"checked": "bound", "agrees": False}, None)]
    ['=', 'DIFFERS', '']
    """
    if row is None:
        return ""
    if not row["agrees"]:
        return "DIFFERS"
    return {"exact": "=", "bound": "(within)", "beyond": "(beyond)", "none": "-"}[row["checked"]]


def add_experiment_options(parser: argparse.ArgumentParser) -> None:
    """``--json``, ``--out FILE`` and ``--quiet``, shared by every experiment.

    ``--out`` is a *file* here (``.json``: the whole result with parameters and
    timings; ``.csv``: the table); an existing file is replaced. Experiments that
    run in chunks take ``--out DIR`` instead (:func:`grundy.cli.output.add_execution_options`).
    """
    add_json_option(parser)
    add_format_option(parser)
    parser.add_argument(
        "--out",
        default=None,
        metavar="FILE",
        type=output_file("--out", suffixes=(".json", ".csv")),
        help="save the result to FILE: .json (parameters, timings, table) or .csv (the table)",
    )
    parser.add_argument("--quiet", action="store_true", help="no progress bar")
