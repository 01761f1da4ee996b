"""The chunk store: the on-disk state of a resumable run (``out_dir``).

``out_dir/manifest.json`` records the experiment's parameters and chunk ids
(a re-run with other parameters is refused; a manifest that is not valid is
named in a warning and rebuilt), and each finished chunk is written
atomically (a temporary file, then ``os.replace``: :func:`floor.files.atomic_write`)
to ``out_dir/chunks/<id>.json`` as soon as it completes. A chunk file carries
its schema, id, parameters, result and a SHA-256 digest of them. A re-run
reuses a chunk file only when all of these check (and the experiment's own
``validate`` accepts the result); any other chunk file (damaged, garbage,
edited without its digest, another schema, other parameters) is named in a
one-line warning and recomputed, never used. The digest is a checksum, not a
signature (:func:`chunk_digest`): an edit that recomputes it is caught only if
``validate`` finds the result inconsistent.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from floor.files import atomic_write_text, canonical_json, digest, json_default
from floor.version import __version__
from runs.chunks import Chunk
from runs.progress import warn

__all__ = [
    "CHUNK_SCHEMA",
    "MANIFEST",
    "MAX_CHUNK_WARNINGS",
    "ChunkStore",
    "chunk_digest",
    "normalise",
]

MANIFEST = "manifest.json"
#: Version of the chunk-file format (files of another schema are recomputed).
CHUNK_SCHEMA = 2
#: Rejected chunk files named one by one before a summary line.
MAX_CHUNK_WARNINGS = 5


def chunk_digest(chunk_id: str, params: Any, result: Any) -> str:
    """SHA-256 of a chunk's schema, id, parameters and result (canonical JSON).

    A checksum against damage (a truncated file, a flipped byte, a bad copy)
    and against an edit that leaves the digest as it was. Not a signature:
    the formula is public, so whoever can write the run's directory can
    recompute it after an edit; only a fresh ``--out`` (every chunk
    recomputed) answers for a directory of unknown origin.

    Examples
    --------
    >>> chunk_digest("r-0-4", {"start": 0}, 6)[:15]
    'sha256:96155397'
    """
    record = {"schema": CHUNK_SCHEMA, "id": chunk_id, "params": params, "result": result}
    return digest(canonical_json(record, default=json_default))


@dataclass
class ChunkStore:
    """The on-disk state of a resumable run (``out_dir``)."""

    root: Path
    chunk_params: dict[str, dict[str, Any]] = field(default_factory=dict)
    validate: Callable[[dict[str, Any], Any], str | None] | None = None
    rejected: int = 0
    option: str = "--out"  # the command-line option that named ``root``, for messages

    def path(self, chunk_id: str) -> Path:
        return self.root / "chunks" / f"{chunk_id}.json"

    def open(self, name: str, parameters: dict[str, Any], chunks: Sequence[Chunk]) -> None:
        if self.root.exists() and not self.root.is_dir():
            raise ValueError(f"{self.option}: {str(self.root)!r} is a file, not a directory")
        manifest = {
            "experiment": name,
            "parameters": normalise(parameters),
            "chunks": [chunk.id for chunk in chunks],
        }
        target = self.root / MANIFEST
        old = self._read_manifest(target)
        if old is not None:
            for key in ("experiment", "parameters", "chunks"):
                if old.get(key) != manifest[key]:
                    raise ValueError(
                        f"{self.root} holds a run of {old.get('experiment')!r} with "
                        f"{key} {_short(old.get(key))}, not {_short(manifest[key])}; "
                        f"resume with the same parameters or choose a new {self.option} directory"
                    )
        else:
            try:
                atomic_write_text(
                    target, json.dumps({**manifest, "version": __version__}, indent=1)
                )
            except OSError as error:
                raise ValueError(f"{self.option}: cannot write {str(target)!r} ({error})") from None
        self.chunk_params = {chunk.id: normalise(chunk.params) for chunk in chunks}

    @staticmethod
    def _read_manifest(target: Path) -> dict[str, Any] | None:
        """The manifest, or None when absent; a broken one is named and rebuilt."""
        if not target.exists():
            return None
        try:
            old = json.loads(target.read_bytes())
            if not isinstance(old, dict) or not {"experiment", "parameters", "chunks"} <= set(old):
                raise ValueError("not a manifest object")
        except (OSError, ValueError) as error:  # JSONDecodeError and UnicodeDecodeError too
            warn(
                f"manifest {target} is not a valid manifest ({_reason(error)}); rebuilding it "
                "(every chunk file is still checked before use)"
            )
            return None
        return old

    def load(self, chunk: Chunk) -> tuple[bool, Any]:
        """(True, result) for a chunk file that checks; else (False, None), with a warning."""
        path = self.path(chunk.id)
        if not path.exists():
            return False, None
        problem, result = self._check(chunk, path)
        if problem is not None:
            self.rejected += 1
            if self.rejected <= MAX_CHUNK_WARNINGS:
                warn(f"chunk file {path} {problem}; recomputing it (it is not used)")
            return False, None
        return True, result

    def summarise(self) -> None:
        """One line for the rejected chunk files beyond the first few named ones."""
        extra = self.rejected - MAX_CHUNK_WARNINGS
        if extra > 0:
            where = self.root / "chunks"
            warn(f"{extra} more chunk files in {where} did not check; recomputing them")

    def _check(self, chunk: Chunk, path: Path) -> tuple[str | None, Any]:
        """(None, result) for a chunk file that checks, else (what is wrong, None)."""
        try:
            record = json.loads(path.read_bytes())
        except (OSError, ValueError) as error:
            return f"is not valid JSON ({_reason(error)})", None
        params = self.chunk_params[chunk.id]
        problem = _record_problem(record, chunk.id, params)
        if problem is None and self.validate is not None:
            try:
                problem = self.validate(params, record["result"]) or None
            except (KeyError, IndexError, TypeError, ValueError, AttributeError) as error:
                problem = f"{type(error).__name__}: {_reason(error)}"
            if problem:
                problem = f"holds an inconsistent result ({problem})"
        return (problem, None) if problem else (None, record["result"])

    def save(self, chunk: Chunk, result: Any, seconds: float) -> Any:
        params = self.chunk_params[chunk.id]
        value = normalise(result)
        record = {
            "schema": CHUNK_SCHEMA,
            "id": chunk.id,
            "params": params,
            "seconds": round(seconds, 6),
            "result": value,
            "digest": chunk_digest(chunk.id, params, value),
        }
        atomic_write_text(self.path(chunk.id), json.dumps(record, default=json_default))
        return value


def _record_problem(record: Any, chunk_id: str, params: Any) -> str | None:
    """What is wrong with a chunk file's record for chunk ``chunk_id`` computed with
    ``params`` (its schema, keys, id, parameters and digest), or None."""
    if not isinstance(record, dict):
        return f"holds a JSON {type(record).__name__}, not a chunk record"
    if record.get("schema") != CHUNK_SCHEMA:
        return f"has schema {_short(record.get('schema'))}, not {CHUNK_SCHEMA}"
    missing = [key for key in ("id", "params", "result", "digest") if key not in record]
    if missing:
        return f"lacks {', '.join(missing)}"
    if record["id"] != chunk_id:
        return f"is chunk {_short(record['id'])}, not {chunk_id}"
    if record["params"] != params:
        return f"was computed with parameters {_short(record['params'])}, not {_short(params)}"
    if record["digest"] != chunk_digest(chunk_id, record["params"], record["result"]):
        return "does not match its digest (edited or damaged)"
    return None


def _reason(error: BaseException) -> str:
    return " ".join(str(error).split())[:160] or type(error).__name__


def normalise(value: Any) -> Any:
    """``value`` after a JSON round trip (tuples become lists, numpy ints ints)."""
    return json.loads(json.dumps(value, default=json_default))


def _short(value: Any) -> str:
    text = json.dumps(value, default=str)
    return text if len(text) <= 200 else text[:197] + "..."
