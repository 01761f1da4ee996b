"""Checkpoints of a long strip certificate: atomic files with a digest, resumed after a stop.

:func:`fast.strip.strip_periods` saves its :class:`fast.strip.SearchState`
every ``every`` seconds through a :class:`DirectoryCheckpoints`; run again
with the same directory it resumes from the last good checkpoint, and the
result equals an uninterrupted run's (the window is the strip's whole state:
docs/strip.md, "The window certificate").

One file a checkpoint, ``checkpoint-<phase>-<column>.npz`` (numpy's
compressed archive, no pickles): ``meta`` (JSON text: game, rows, phase,
column, tracked shift, the period found), ``window`` (the normalised
columns ``[column - W, column)``), ``back`` (the window ``shift`` columns
earlier), ``last`` (each row's last violation of ``shift``), ``keys`` /
``cols`` (the first pass's table of window keys) and ``digest``, the
SHA-256 of the rest. A file is written to a temporary name, flushed to disk
and renamed, so a stop leaves either the old file set or the new one. When
the run ends, ``record.json`` holds the certificate, every checkpoint's
name and digest, and its own digest.

The digest detects damage (a flipped bit, a truncated file, a file of
another run), not a deliberate edit that recomputes it; ``grundy verify
DIR`` recomputes every segment between two checkpoints independently.
Checkpoints are kept: they are what ``grundy verify`` checks.
"""

from __future__ import annotations

import io
import json
import time
import zipfile
import zlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

from fast.strip.certificate import Certificate
from fast.strip.search import Checkpoints, SearchState
from fast.strip.state import blank_window
from floor.files import atomic_write, canonical_json, digest

__all__ = [
    "FORMAT",
    "PHASES",
    "DirectoryCheckpoints",
    "checkpoint_digest",
    "final_state",
    "read_checkpoint",
    "read_record",
    "record_digest",
    "write_state",
]

#: Version of the checkpoint format.
FORMAT = 1
#: The phases in the order a run passes them (file names sort in this order).
PHASES = ("search", "second", "done")
_ARRAYS = ("window", "back", "last", "keys", "cols")


def checkpoint_digest(meta: str, arrays: dict[str, np.ndarray]) -> str:
    """SHA-256 of a checkpoint's meta text and arrays (dtype, shape, bytes, in a fixed order).

    Examples
    --------
    >>> checkpoint_digest("{}", {"window": np.zeros((2, 3), np.int16)})[:15]
    'sha256:9751d812'
    """
    parts: list[str | bytes] = [meta]
    for name in _ARRAYS:
        if name in arrays:
            a = np.ascontiguousarray(arrays[name])
            parts += [f"|{name}|{a.dtype.str}|{a.shape}|", a.tobytes()]
    return digest(parts)


def record_digest(record: dict[str, Any]) -> str:
    """SHA-256 of a record's canonical JSON without its ``digest`` field.

    >>> record_digest({"a": 1, "digest": "x"}) == record_digest({"a": 1})
    True
    """
    body = {k: v for k, v in record.items() if k != "digest"}
    return digest(canonical_json(body))


def _name(phase: str, column: int) -> str:
    return f"checkpoint-{PHASES.index(phase)}{phase}-{column:015d}.npz"


def read_checkpoint(path: Path) -> tuple[dict[str, Any], dict[str, np.ndarray]]:
    """The meta and arrays of a checkpoint file; ValueError naming what is wrong.

    The digest is checked (a flipped bit anywhere fails it), and the meta
    against the file name.
    """
    try:
        with np.load(path, allow_pickle=False) as data:
            files = {name: data[name] for name in data.files}
    except (OSError, ValueError, zipfile.BadZipFile, EOFError, KeyError, zlib.error) as error:
        raise ValueError(f"{path.name} cannot be read ({_reason(error)})") from None
    if "meta" not in files or "digest" not in files:
        raise ValueError(f"{path.name} lacks its meta or digest")
    meta_text = str(files.pop("meta"))
    digest = str(files.pop("digest"))
    if checkpoint_digest(meta_text, files) != digest:
        raise ValueError(f"{path.name} does not match its digest (damaged or edited)")
    try:
        meta = json.loads(meta_text)
    except ValueError as error:
        raise ValueError(f"{path.name} has meta that is not JSON ({_reason(error)})") from None
    if meta.get("format") != FORMAT:
        raise ValueError(f"{path.name} has format {meta.get('format')!r}, not {FORMAT}")
    if path.name != _name(meta["phase"], int(meta["column"])):
        raise ValueError(f"{path.name} holds a checkpoint of {meta['phase']} at {meta['column']}")
    return meta, files


def read_record(path: Path) -> dict[str, Any]:
    """The record of a finished run (``record.json``), its digest checked."""
    try:
        record: dict[str, Any] = json.loads(path.read_text())
    except (OSError, ValueError) as error:
        raise ValueError(f"{path.name} cannot be read ({_reason(error)})") from None
    if not isinstance(record, dict) or record.get("digest") != record_digest(record):
        raise ValueError(f"{path.name} does not match its digest (damaged or edited)")
    return record


def _reason(error: BaseException) -> str:
    return " ".join(str(error).split())[:160] or type(error).__name__


def _write_atomic(path: Path, payload: bytes) -> None:
    """Write ``payload`` to ``path`` atomically and durably (:func:`floor.files.atomic_write`)."""
    atomic_write(path, lambda handle: handle.write(payload), durable=True)


class DirectoryCheckpoints(Checkpoints):
    """Checkpoints of one certificate run in ``directory`` (created if missing).

    ``every`` seconds between two checkpoints (counted from the start and
    from each save); ``warn(text)`` is told about every damaged file passed
    over on resume; ``parameters`` (JSON) are recorded in every file and must
    match on resume.

    Examples
    --------
    >>> import tempfile
    >>> from fast.strip import strip_periods
    >>> with tempfile.TemporaryDirectory() as tmp:
    ...     cp = DirectoryCheckpoints(Path(tmp), every=0.0)
    ...     c = strip_periods("wythoff", 6, checkpoints=cp, threads=1)
    ...     again = strip_periods("wythoff", 6, checkpoints=DirectoryCheckpoints(Path(tmp)))
    ...     names = sorted(p.name for p in Path(tmp).iterdir())
    >>> again.periodicities == c.periodicities, names[-1]
    (True, 'record.json')
    """

    def __init__(
        self,
        directory: Path,
        every: float = 300.0,
        warn: Callable[[str], None] | None = None,
        parameters: dict[str, Any] | None = None,
        clock: Callable[[], float] = time.monotonic,
        note: Callable[[str], None] | None = None,
    ) -> None:
        self.directory = Path(directory)
        self.every = every
        self.warn = warn or (lambda text: None)
        self.note = note or (lambda text: None)
        self.began = clock()
        self.parameters = parameters or {}
        self.clock = clock
        self.last_save = clock()
        self.saved: list[str] = []
        self.directory.mkdir(parents=True, exist_ok=True)

    def files(self) -> list[Path]:
        """The checkpoint files, in the order the run wrote them."""
        return sorted(self.directory.glob("checkpoint-*.npz"))

    def load(self) -> SearchState | None:
        """The last checkpoint whose digest checks; damaged ones are named and passed over.

        A finished run (``record.json`` present and good) returns its last
        state, so the run ends at once.
        """
        for path in reversed(self.files()):
            try:
                meta, arrays = read_checkpoint(path)
            except ValueError as error:
                self.warn(f"checkpoint {path}: {error}; not used")
                continue
            if meta.get("parameters", {}) != self.parameters:
                raise ValueError(
                    f"{self.directory} holds a run with parameters {meta.get('parameters')}, "
                    f"not {self.parameters}; resume with the same ones or choose a new directory"
                )
            self.saved = [p.name for p in self.files() if p <= path]
            found = meta.get("found")
            return SearchState(
                game=meta["game"],
                rows=int(meta["rows"]),
                phase="second" if meta["phase"] == "second" else "search",
                column=int(meta["column"]),
                window=arrays["window"],
                shift=int(meta.get("shift", 0)),
                back=arrays.get("back"),
                last=arrays.get("last"),
                keys=arrays.get("keys", np.zeros(0, np.uint64)),
                cols=arrays.get("cols", np.zeros(0, np.int64)),
                found=None if found is None else (int(found[0]), int(found[1])),
            ) if meta["phase"] != "done" else self._done(meta, arrays)  # fmt: skip
        return None

    def _done(self, meta: dict[str, Any], arrays: dict[str, np.ndarray]) -> SearchState:
        """A finished run resumes in its tracking phase at its end: nothing is left to do."""
        found = meta["found"]
        return SearchState(
            game=meta["game"], rows=int(meta["rows"]),
            phase="second" if meta.get("second") else "search",
            column=int(meta["column"]), window=arrays["window"], shift=int(meta["shift"]),
            back=arrays.get("back"), last=arrays.get("last"),
            keys=arrays.get("keys", np.zeros(0, np.uint64)),
            cols=arrays.get("cols", np.zeros(0, np.int64)),
            found=(int(found[0]), int(found[1])),
        )  # fmt: skip

    def due(self) -> bool:
        return self.clock() - self.last_save >= self.every

    def save(
        self, state: SearchState, phase: str | None = None, extra: dict[str, Any] | None = None
    ) -> Path:
        """Write ``state`` atomically; returns the file."""
        phase = phase or state.phase
        meta = {
            "format": FORMAT,
            "game": state.game,
            "rows": state.rows,
            "phase": phase,
            "column": state.column,
            "shift": state.shift,
            "found": None if state.found is None else list(state.found),
            "parameters": self.parameters,
            "written": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
            **(extra or {}),
        }
        arrays: dict[str, np.ndarray] = {"window": state.window}
        if state.back is not None:
            arrays["back"] = state.back
        if state.last is not None:
            arrays["last"] = state.last
        if len(state.keys):
            arrays["keys"], arrays["cols"] = state.keys, state.cols
        meta_text = json.dumps(meta, sort_keys=True)
        buffer = io.BytesIO()
        payload: dict[str, Any] = {
            "meta": np.array(meta_text),
            "digest": np.array(checkpoint_digest(meta_text, arrays)),
            **arrays,
        }
        np.savez_compressed(buffer, **payload)
        path = self.directory / _name(phase, state.column)
        _write_atomic(path, buffer.getvalue())
        if path.name not in self.saved:
            self.saved.append(path.name)
        self.last_save = self.clock()
        self.note(
            f"checkpoint {path.name} ({path.stat().st_size / 2**20:.1f} MiB) after "
            f"{self.last_save - self.began:,.0f} s"
        )
        return path

    def finish(self, certificate: Certificate, state: SearchState) -> None:
        """Save the final state and ``record.json`` (the certificate and every checkpoint)."""
        final = self.save(state, "done", {"second": state.phase == "second"})
        files = []
        for path in self.files():
            with np.load(path, allow_pickle=False) as data:
                files.append({"file": path.name, "digest": str(data["digest"])})
        record: dict[str, Any] = {
            "format": FORMAT,
            "game": certificate.game,
            "rows": certificate.rows,
            "y0": certificate.y0,
            "period": certificate.period,
            "window": certificate.window,
            "start": certificate.start,
            "columns": certificate.columns,
            "shift": state.shift,
            "found": list(state.found) if state.found is not None else None,
            "periodicities": [list(p) for p in certificate.periodicities],
            "checkpoints": files,
            "final": final.name,
            "parameters": self.parameters,
            "written": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
        }
        record["digest"] = record_digest(record)
        _write_atomic(self.directory / "record.json", json.dumps(record, indent=1).encode())


def final_state(directory: Path) -> tuple[dict[str, Any], np.ndarray]:
    """The record and the last window of a finished run (its ``done`` checkpoint), checked."""
    directory = Path(directory)
    record = read_record(directory / "record.json")
    meta, arrays = read_checkpoint(directory / record["final"])
    if meta["phase"] != "done" or int(meta["column"]) < record["y0"] + record["period"]:
        raise ValueError(f"{record['final']} is not the end of the run")
    return {**record, "column": int(meta["column"])}, arrays["window"]


def write_state(path: Path, directory: Path, extra: dict[str, Any] | None = None) -> dict[str, Any]:
    """Write the shipped state of a finished run: its last window, blanked, with a digest.

    The file (``.state.npz``) holds ``meta`` (game, rows, the column before
    which the window lies, the joint period and y0 of the run's certificate),
    ``window`` (:func:`fast.strip.blank_window` of the last window) and
    ``digest`` (:func:`checkpoint_digest`). The column is past every row's
    preperiod, so :func:`fast.strip.value_from_state` computes any later
    value of any row 0..X in at most one period of the strip.
    """
    record, window = final_state(directory)
    meta = {
        "format": FORMAT,
        "game": record["game"],
        "rows": record["rows"],
        "column": record["column"],
        "period": record["period"],
        "y0": record["y0"],
        "window": record["window"],
        "record_digest": record["digest"],
        "written": time.strftime("%Y-%m-%dT%H:%M:%S%z"),
        **(extra or {}),
    }
    blank = blank_window(window)
    meta_text = json.dumps(meta, sort_keys=True)
    buffer = io.BytesIO()
    np.savez_compressed(
        buffer, meta=np.array(meta_text),
        digest=np.array(checkpoint_digest(meta_text, {"window": blank})), window=blank,
    )  # fmt: skip
    _write_atomic(Path(path), buffer.getvalue())
    return meta
