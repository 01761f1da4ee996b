"""Shared output helpers: JSON or rich text, tables printed like the seeds,
progress on stderr, warnings, and the checks of ``--out`` / ``--input`` paths.

Paths given on the command line are checked here, once, before any work:

* :func:`output_file` (``--out FILE``, ``--bfile FILE``: every option of every
  command naming a file to write, ``table --out`` included): not empty, not
  an existing directory; its directory is created if missing (with its
  parents, when the result is written; a refused command creates nothing)
  and must be writable; an existing file is replaced (atomically, when the
  result is written: Ctrl-C or an error leaves no partial file).
* :func:`output_dir` (``--out DIR``): not empty, not an existing file; created
  if missing (with its parents) and must be writable; an existing directory is
  reused (experiments resume from it).
* :func:`input_file` / :func:`read_json` (``--input FILE``): must exist, be a
  readable, non-empty file of valid JSON; every message names the file.

Each failure is one line naming the option and the path (exit code 2).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import numpy as np
from rich.console import Console

from floor.config import DASK_SCHEDULER_ADDRESS, columns_set
from floor.files import atomic_write, json_default
from floor.memory import available_memory, check_memory, format_bytes, seconds_text
from grundy.cli.parsing import count
from runs.chunks import max_workers
from runs.progress import activity

__all__ = [
    "add_execution_options",
    "add_json_option",
    "available_memory",
    "check_input_file",
    "check_memory",
    "check_output_dir",
    "check_output_file",
    "check_table_file",
    "console",
    "emit_json",
    "execution_kwargs",
    "format_grid",
    "input_file",
    "json_or_lines",
    "output_dir",
    "output_file",
    "print_impls",
    "print_tables",
    "read_json",
    "write_table",
]

#: The largest table ``--out`` writes as CSV (a 2000^2 CSV is about 20 MB of text).
CSV_MAX_SIZE = 2000


def _width() -> int | None:
    """Wide output when piped (logs, CI); the terminal's width otherwise."""
    if sys.stdout.isatty() or columns_set():
        return None
    return 140


console = Console(highlight=False, width=_width())


def add_json_option(parser: argparse.ArgumentParser) -> None:
    """Add the ``--json`` flag every command has."""
    parser.add_argument(
        "--json", action="store_true", help="print machine-readable JSON instead of text"
    )


def add_format_option(parser: argparse.ArgumentParser) -> None:
    """``--format text|latex|csv|markdown``: the table for a paper (:mod:`grundy.formats`)."""
    from grundy.formats import FORMATS

    parser.add_argument(
        "--format",
        choices=FORMATS,
        default="text",
        help="text (default), or the table as LaTeX (a tabular that compiles), CSV or Markdown",
    )


def chosen_format(args: argparse.Namespace) -> str:
    """``args.format`` (text when the command has none); ``--json`` with another is refused."""
    fmt = str(getattr(args, "format", "text"))
    if fmt != "text" and getattr(args, "json", False):
        raise ValueError(f"--format {fmt} and --json: give one of them")
    return fmt


def add_execution_options(parser: argparse.ArgumentParser, *, out_help: str | None = None) -> None:
    """``--scheduler``, ``--workers``, ``--out DIR``, ``--quiet`` and ``--json``.

    ``--out`` is a *directory* here (result.json, manifest.json, chunks/).

    Options the parser already has (e.g. from ``add_experiment_options``) are
    left alone, so the two helpers combine.
    """
    have = set(parser._option_string_actions)
    if "--format" not in have:
        add_format_option(parser)
    if "--json" not in have:
        parser.add_argument(
            "--json", action="store_true", help="print machine-readable JSON instead of text"
        )
    if "--out" not in have:
        parser.add_argument(
            "--out",
            default=None,
            metavar="DIR",
            type=output_dir("--out"),
            help=out_help
            or (
                "a directory (created if missing; a file is refused) for result.json, the "
                "manifest and the finished chunks; re-running with the same --out resumes "
                "(finished chunks that check are skipped)"
            ),
        )
    if "--quiet" not in have:
        parser.add_argument("--quiet", action="store_true", help="no progress bar")
    parser.add_argument(
        "--scheduler",
        default=None,
        metavar="tcp://HOST:PORT",
        help=(
            f"run on an existing Dask cluster (default: ${DASK_SCHEDULER_ADDRESS.name}, else a "
            "local cluster)"
        ),
    )
    parser.add_argument(
        "--workers",
        type=count("--workers", lo=0, hi=max_workers()),
        default=None,
        metavar="N",
        help=(
            f"workers of the local cluster, 0..{max_workers()} (default: one per core); 0: in "
            "this process, no Dask"
        ),
    )


def execution_kwargs(args: argparse.Namespace) -> dict[str, Any]:
    """The :func:`run_chunks` keyword arguments from parsed execution options."""
    return {
        "out_dir": args.out,
        "scheduler": args.scheduler,
        "workers": args.workers,
        "quiet": args.quiet,
    }


def emit_json(data: Any) -> None:
    """Print ``data`` as JSON on stdout (numpy arrays become lists)."""
    print(json.dumps(data, default=json_default, indent=None))


def json_or_lines(
    as_json: bool, data: Any, lines: Sequence[str], soft_wrap: bool = False, markup: bool = False
) -> int:
    """A command's answer: ``data`` as JSON (``--json``), else ``lines`` as text (plain
    unless ``markup``: rich's ``[dim]...[/dim]``); exit code 0.

    Examples
    --------
    >>> json_or_lines(True, {"n": 5}, ["n = 5"])
    {"n": 5}
    0
    """
    if as_json:
        emit_json(data)
    else:
        for line in lines:
            console.print(line, markup=markup, soft_wrap=soft_wrap)
    return 0


def format_grid(
    table: Sequence[Sequence[int]], *, row_label: str = "x", col_label: str = "y"
) -> str:
    """Format ``table[x][y]`` as the seeds print it: row 0 at the bottom.

    Examples
    --------
    >>> print(format_grid([[0, 1], [1, 0]]))
    1 | 1 0
    0 | 0 1
      +----
    x/y 0 1
    """
    rows = [list(map(int, row)) for row in table]
    ncols = max((len(r) for r in rows), default=0)
    width = max([len(str(v)) for r in rows for v in r] + [len(str(max(ncols - 1, 0)))])
    label_width = max(len(str(max(len(rows) - 1, 0))), 1)
    lines = []
    for x in range(len(rows) - 1, -1, -1):
        cells = " ".join(str(v).rjust(width) for v in rows[x])
        lines.append(f"{str(x).rjust(label_width)} | {cells}".rstrip())
    lines.append(" " * label_width + " +" + "-" * ((width + 1) * ncols))
    axis = " ".join(str(y).rjust(width) for y in range(ncols))
    lines.append(f"{row_label}/{col_label}".rjust(label_width + 2) + " " + axis)
    return "\n".join(lines)


def print_tables(name: str, implementation: str, table: Any, states: Sequence[Any]) -> None:
    """``grundy table``'s text: ``table`` as the seeds print it (:func:`format_grid`), each
    state's in turn for a game with a state (``table`` is then ``G[s, x, y]``)."""
    for state, layer in zip(states, table, strict=True) if states else [(None, table)]:
        label = "" if state is None else f", {state}"
        console.print(f"{name}: G[x, y{label}], implementation {implementation}", markup=False)
        console.print(format_grid(layer.tolist()), markup=False, soft_wrap=True)


def print_impls(question: Any, budget: float | None = None, **domain: Any) -> int:
    """Print a question's implementations for ``domain``: those that answer it within ``budget``
    (default: the question's), preferred first, each with its estimate (seconds, bytes); then
    those that decline it, each with its reason."""
    found = question.candidates(budget, **domain)
    for impl, reason in sorted(found, key=lambda c: c[1] is not None):  # stable: preferred first
        if reason is not None:
            note = f"  [does not cover this: {reason}]"
        elif impl.cost is None:
            note = "  [estimate: none stated]"
        else:
            seconds, memory = impl.estimate(**domain)
            note = f"  [estimate: about {seconds_text(seconds)}, {format_bytes(memory)}]"
        certificate = "" if impl.certificate.kind == "exact" else f", {impl.certificate}"
        console.print(f"{impl.name}  ({impl.layer}{certificate}){note}", markup=False)
    return 0


# -- paths ------------------------------------------------------------------------------


def _probe_directory(directory: Path) -> str | None:
    """Check that ``directory`` (existing, or creatable) can hold a new file.

    A missing directory is created for the probe and removed again (the run
    creates it when it writes), so a refused command leaves no trace.
    Returns None, or why not (one phrase).
    """
    missing: list[Path] = []
    for parent in [directory, *directory.parents]:
        if parent.exists():
            if not parent.is_dir():
                return f"{str(parent)!r} is a file, not a directory"
            break
        missing.append(parent)
    try:
        directory.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        return f"cannot create the directory {str(directory)!r} ({error.strerror or error})"
    try:
        with tempfile.TemporaryFile(dir=directory):
            pass
    except OSError as error:
        return f"cannot write in the directory {str(directory)!r} ({error.strerror or error})"
    finally:
        for created in missing:  # deepest first
            try:
                created.rmdir()
            except OSError:
                break
    return None


def _file_problem(text: str, suffixes: Sequence[str] | None) -> str | None:
    if not str(text).strip():
        return "an empty path; give a file name"
    path = Path(text)
    if path.is_dir():
        return f"{text!r} is a directory; this option takes a file name"
    if suffixes and path.suffix.lower() not in suffixes:
        return f"{text!r} must end in {' or '.join(suffixes)}"
    return _probe_directory(path.parent if str(path.parent) else Path("."))


def _dir_problem(text: str) -> str | None:
    if not str(text).strip():
        return "an empty path; give a directory name"
    path = Path(text)
    if path.exists() and not path.is_dir():
        return f"{text!r} is a file; this option takes a directory (it holds result.json)"
    return _probe_directory(path)


def check_output_file(
    text: str, option: str = "--out", *, suffixes: Sequence[str] | None = None
) -> Path:
    """``text`` as an output file path, checked (see the module docstring).

    Examples
    --------
    >>> check_output_file("", "--out")
    Traceback (most recent call last):
    ...
    ValueError: --out: an empty path; give a file name
    >>> check_output_file("/proc/no/t.npy", "--out")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: --out: cannot create the directory '/proc/no' (...)
    """
    problem = _file_problem(text, suffixes)
    if problem:
        raise ValueError(f"{option}: {problem}")
    return Path(text)


def check_table_file(out: str, size: int, game: str, states: int = 0) -> Path:
    """``table --out``: a .npy file, or a .csv of one table (a game without states) of at
    most :data:`CSV_MAX_SIZE` rows and columns, refused before any work."""
    path = Path(out)
    if path.suffix.lower() == ".csv" and size > CSV_MAX_SIZE:
        raise ValueError(
            f"--out: CSV is for N <= {CSV_MAX_SIZE} (--size = {size}); use a .npy file"
        )
    if path.suffix.lower() == ".csv" and states:
        raise ValueError(f"--out: a CSV holds one table; {game} has {states} (use .npy)")
    return path


#: :func:`save_npy` writes at most this many bytes in one call (a Ctrl-C is handled between
#: two calls: about 0.05 s of a disk's write each).
SAVE_CHUNK_BYTES = 32 << 20


def save_npy(handle: Any, table: np.ndarray, chunk: int = SAVE_CHUNK_BYTES) -> None:
    """``numpy.save(handle, table)`` in pieces of at most ``chunk`` bytes.

    One ``numpy.save`` of a large table is one C call of seconds, during
    which Python's SIGINT handler cannot run (issue 39); the same bytes
    written a slice of rows at a time let Ctrl-C stop it between two slices.

    >>> import io
    >>> table = np.arange(60, dtype=np.uint16).reshape(6, 10)
    >>> a, b = io.BytesIO(), io.BytesIO()
    >>> np.save(a, table); save_npy(b, table, chunk=25)
    >>> a.getvalue() == b.getvalue()
    True
    """
    array = np.ascontiguousarray(table)
    np.lib.format.write_array_header_1_0(handle, np.lib.format.header_data_from_array_1_0(array))
    flat = array.reshape(-1)
    step = max(1, chunk // max(array.itemsize, 1))
    for start in range(0, flat.size, step):
        handle.write(flat[start : start + step].tobytes())


def write_table(path: Path, table: Any) -> None:
    """A table as .npy or .csv, atomically: Ctrl-C or an error leaves no partial file."""
    if path.suffix.lower() == ".npy":  # written in pieces: Ctrl-C acts between two of them
        atomic_write(path, lambda handle: save_npy(handle, np.asarray(table), SAVE_CHUNK_BYTES))
    else:
        atomic_write(path, lambda handle: np.savetxt(handle, table, fmt="%d", delimiter=","))


def check_output_dir(text: str, option: str = "--out") -> Path:
    """``text`` as an output directory, created if missing and checked writable."""
    problem = _dir_problem(text)
    if problem:
        raise ValueError(f"{option}: {problem}")
    return Path(text)


def check_input_file(text: str, option: str = "--input", *, in_dir: str | None = None) -> Path:
    """``text`` as an existing, non-empty input file (``DIR/in_dir`` for a directory)."""
    if not str(text).strip():
        raise ValueError(f"{option}: an empty path; give a file name")
    path = Path(text)
    if path.is_dir():
        if in_dir is None:
            raise ValueError(f"{option}: {text!r} is a directory; give a file")
        path = path / in_dir
    if not path.exists():
        raise ValueError(f"{option}: no such file {str(path)!r}")
    if not path.is_file():
        raise ValueError(f"{option}: {str(path)!r} is not a regular file")
    try:
        size = path.stat().st_size
        with open(path, "rb"):
            pass
    except OSError as error:
        raise ValueError(f"{option}: cannot read {str(path)!r} ({error.strerror})") from None
    if size == 0:
        raise ValueError(f"{option}: {str(path)!r} is empty")
    return path


def read_json(path: str | os.PathLike[str], option: str = "--input") -> Any:
    """The JSON in ``path``; a one-line ValueError naming the file when it is not JSON."""
    target = Path(path)
    try:
        data = target.read_bytes()
    except OSError as error:
        raise ValueError(f"{option}: cannot read {str(target)!r} ({error.strerror})") from None
    try:
        return json.loads(data)
    except ValueError as error:  # JSONDecodeError, UnicodeDecodeError
        raise ValueError(f"{option}: {str(target)!r} is not valid JSON ({error})") from None


def check_distinct_paths(parser: argparse.ArgumentParser, args: argparse.Namespace) -> None:
    """Refuse two path options of one command naming the same file or directory
    (``--out F --chunks F``: one would overwrite the other).

    The options are those whose ``type=`` is :func:`output_file`,
    :func:`output_dir` or :func:`input_file`; two inputs may share a path.
    """
    seen: dict[Path, tuple[str, str]] = {}
    for action in parser._actions:
        kind = getattr(action.type, "path_kind", None)
        value = getattr(args, action.dest, None)
        if kind is None or not isinstance(value, str) or not action.option_strings:
            continue
        key = Path(os.path.abspath(value))
        option = action.option_strings[-1]
        if key in seen:
            other, other_kind = seen[key]
            if "output" in kind or "output" in other_kind:
                raise ValueError(
                    f"{other} and {option} name the same path {value!r}; give each its own"
                )
        seen[key] = (option, kind)


def _argparse_type(
    check: Callable[[str], Any], label: str, suffixes: Sequence[str] | None = None
) -> Callable[[str], str]:
    def convert(text: str) -> str:
        try:
            check(text)
        except ValueError as error:
            message = str(error)
            raise argparse.ArgumentTypeError(message.split(": ", 1)[-1]) from None
        return text

    convert.__name__ = label
    convert.path_kind = label  # type: ignore[attr-defined]  # for tests and docs
    convert.suffixes = tuple(suffixes or ())  # type: ignore[attr-defined]
    return convert


def output_file(
    option: str = "--out", *, suffixes: Sequence[str] | None = None
) -> Callable[[str], str]:
    """argparse ``type=`` for an output file (:func:`check_output_file`)."""
    return _argparse_type(
        lambda text: check_output_file(text, option, suffixes=suffixes), "output file", suffixes
    )


def output_dir(option: str = "--out") -> Callable[[str], str]:
    """argparse ``type=`` for an output directory (:func:`check_output_dir`)."""
    return _argparse_type(lambda text: check_output_dir(text, option), "output directory")


def input_file(option: str = "--input", *, in_dir: str | None = None) -> Callable[[str], str]:
    """argparse ``type=`` for an input file (:func:`check_input_file`)."""
    return _argparse_type(lambda text: check_input_file(text, option, in_dir=in_dir), "input file")


class SpecProgress:
    """The spec solver's progress hook (``spec.Limits.progress``): an activity line
    opened the first time the solver reports (after a few seconds), closed at its end.
    """

    def __init__(self, description: str = "spec solver") -> None:
        self.description = description
        self._context: Any = None
        self._update: Callable[[str], None] | None = None

    def __call__(self, done: int, estimate: int | None, seconds: float, final: bool) -> None:
        if self._context is None and not final:
            self._context = activity(self.description)
            self._update = self._context.__enter__()
        if self._update is not None:
            of = f" of at most {estimate:,}" if estimate else ""
            self._update(f"{done:,}{of} sub-positions, {seconds:.0f} s")
        if final and self._context is not None:
            context, self._context, self._update = self._context, None, None
            context.__exit__(None, None, None)
