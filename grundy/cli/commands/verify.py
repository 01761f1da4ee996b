"""``grundy verify DIR``: re-check a checkpointed strip run independently (the verify package);
``grundy verify --atlas [--rows A..B]``: re-check the shipped atlas (:mod:`verify.atlas`)."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from floor.files import atomic_write_text
from grundy.cli.output import json_or_lines


def register(subparsers: Any) -> None:
    from grundy.cli.output import add_execution_options

    parser = subparsers.add_parser(
        "verify",
        help="re-check a checkpointed strip run (grundy experiment row-periods --chunks DIR)",
        description=(
            "Re-check a finished strip run without its kernel (grundy.verify, docs/strip.md): "
            "every file's digest; every segment between two checkpoints recomputed from the "
            "first by the verifier's own strip and compared with the second, exactly; the "
            "violations of the tracked period counted again; the record's window repeat "
            "recomputed and each row's preperiod and least period checked. Segments run in "
            "parallel on Dask. Exit 0: every check passed; 1: a check failed (the file or "
            "segment is named); 2: bad input. With --atlas: the shipped atlas's records "
            "against its state (one joint period of the verifier's strip from the state: every "
            "row's least period and saltus), or with --rows A..B those rows recomputed from "
            "column 0 (their preperiods; checkpointed under --out, resumable)."
        ),
        epilog="examples: grundy verify runs/atlas  (the --chunks DIR of row-periods); "
        "grundy verify --atlas; grundy verify --atlas --rows 300..300 --out v",
    )
    parser.add_argument(
        "directory",
        metavar="DIR",
        nargs="?",
        help="the --chunks DIR of the run, or its strip-* directory",
    )
    parser.add_argument(
        "--atlas",
        nargs="?",
        const="",
        default=None,
        metavar="ATLAS",
        help="check the atlas (default: the shipped registry/atlas; or a copy's directory) "
        "against its shipped state, instead of a run",
    )
    parser.add_argument(
        "--rows",
        default=None,
        metavar="A..B",
        help="with --atlas: recompute rows 0..B from column 0 and check the preperiods of "
        "rows A..B (refused past an hour's estimate)",
    )
    add_execution_options(
        parser,
        out_help="a directory (created if missing) for verify.json, the report, and each "
        "finished segment's result: the same command again resumes, reusing the segments "
        "whose checkpoints are unchanged",
    )
    parser.set_defaults(func=run)


def _atlas(args: argparse.Namespace) -> Any:
    from grundy.cli.parsing import parse_range
    from registry.rows import ATLAS_DIR
    from verify.atlas import verify_atlas, verify_atlas_rows

    if args.directory is not None:
        raise ValueError(f"DIR: give a run's DIR or --atlas, not both (DIR = {args.directory!r})")
    directory = Path(args.atlas) if args.atlas else ATLAS_DIR
    if not directory.is_dir():
        raise ValueError(f"--atlas: {args.atlas!r} is not a directory")
    label = args.atlas or "registry/atlas"
    if args.rows is None:
        return directory, verify_atlas(directory, label, quiet=args.quiet or args.json)
    rows = parse_range(args.rows, "--rows")
    report = verify_atlas_rows(directory, label, rows, out=args.out, scheduler=args.scheduler,
                               workers=args.workers, quiet=args.quiet or args.json)  # fmt: skip
    return directory, report


def run(args: argparse.Namespace) -> int:
    from verify.run import strip_runs, verify_run

    if args.atlas is not None:
        directory, report = _atlas(args)
        return _report(args, directory, report)
    if args.rows is not None:
        raise ValueError(f"--rows: only with --atlas (--rows = {args.rows!r})")
    if args.directory is None:
        raise ValueError("DIR: give a run's DIR, or --atlas")
    directory = Path(args.directory)
    if not directory.is_dir():
        raise ValueError(f"DIR: {str(directory)!r} is not a directory")
    if not strip_runs(directory):  # a bad input (exit 2), not a failed check
        raise ValueError(
            f"DIR: {str(directory)!r} holds no strip run (no record.json, no checkpoint-*.npz, "
            "no strip-*/)"
        )
    report = verify_run(
        directory,
        scheduler=args.scheduler,
        workers=args.workers,
        quiet=args.quiet or args.json,
        out=args.out,
    )
    return _report(args, directory, report)


def _report(args: argparse.Namespace, directory: Path, report: Any) -> int:
    if args.out:
        text = json.dumps(report.as_dict(directory), indent=1)
        atomic_write_text(Path(args.out) / "verify.json", text)
    json_or_lines(args.json, report.as_dict(directory), report.text())
    return 0 if report.ok else 1
