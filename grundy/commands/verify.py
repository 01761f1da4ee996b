"""``grundy verify DIR``: re-check a checkpointed strip run independently (the verify package)."""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from fast._files import atomic_write_text
from grundy.output import json_or_lines


def register(subparsers: Any) -> None:
    from grundy.output import add_execution_options

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
            "segment is named); 2: bad input."
        ),
        epilog="example: grundy verify runs/atlas  (the --chunks DIR of row-periods)",
    )
    parser.add_argument(
        "directory", metavar="DIR", help="the --chunks DIR of the run, or its strip-* directory"
    )
    add_execution_options(
        parser,
        out_help="a directory (created if missing) for verify.json, the report, and each "
        "finished segment's result: the same command again resumes, reusing the segments "
        "whose checkpoints are unchanged",
    )
    parser.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from verify.run import verify_run

    directory = Path(args.directory)
    if not directory.is_dir():
        raise ValueError(f"DIR: {str(directory)!r} is not a directory")
    report = verify_run(
        directory,
        scheduler=args.scheduler,
        workers=args.workers,
        quiet=args.quiet or args.json,
        out=args.out,
    )
    if args.out:
        text = json.dumps(report.as_dict(directory), indent=1)
        atomic_write_text(Path(args.out) / "verify.json", text)
    json_or_lines(args.json, report.as_dict(directory), report.text())
    return 0 if report.ok else 1
