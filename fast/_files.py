"""Files of long runs, written once: the atomic write and the digest (standard library only).

Every writer of the project that must not leave a partial file goes through
:func:`atomic_write` (``grundy``'s results, tables, plots, chunk files and
manifests), and every checksum of a file's content is :func:`digest` (a chunk
file, a strip checkpoint or record, an atlas file). It lives at the bottom of
the layers (``fast/`` may not import ``grundy``) so that the strip's
checkpoints can use it as well as the command line.

Two digest formats are on disk, and both stay readable: ``sha256:<hex>``
(chunk files, strip checkpoints and records: ``tagged=True``) and bare hex as
``sha256sum`` prints it (the atlas's ``SHA256SUMS``: ``tagged=False``).
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

__all__ = ["TEMPORARY_FILES", "atomic_write", "atomic_write_text", "canonical_json", "digest"]

#: Temporary files of atomic writes in progress: removed by ``grundy.signals.hard_exit``
#: when the process must end without unwinding.
TEMPORARY_FILES: set[str] = set()


def atomic_write(
    path: str | os.PathLike[str], write: Callable[[Any], None], *, durable: bool = False
) -> None:
    """Write ``path`` atomically: ``write(handle)`` fills a temporary binary file in the
    same directory, which is renamed onto ``path`` only when it is complete; on any
    error or Ctrl-C the temporary file is removed and ``path`` is untouched.
    ``durable``: the file and the rename are synced to disk first (checkpoints).

    Examples
    --------
    >>> import tempfile
    >>> target = Path(tempfile.mkdtemp()) / "t.bin"
    >>> atomic_write(target, lambda handle: handle.write(b"ok"))
    >>> target.read_bytes(), sorted(p.name for p in target.parent.iterdir())
    (b'ok', ['t.bin'])
    """
    target = Path(path)
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".tmp")
    TEMPORARY_FILES.add(tmp)  # removed by grundy.signals.hard_exit if the process must end
    try:
        with os.fdopen(fd, "wb") as handle:
            write(handle)
            if durable:
                handle.flush()
                os.fsync(handle.fileno())
        umask = os.umask(0)
        os.umask(umask)
        os.chmod(tmp, 0o666 & ~umask)  # mkstemp creates 0600; give the usual permissions
        os.replace(tmp, target)
        if durable:
            _sync_directory(target.parent)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    finally:
        TEMPORARY_FILES.discard(tmp)


def _sync_directory(directory: Path) -> None:
    """Make a rename in ``directory`` durable (where the file system can)."""
    try:
        fd = os.open(directory, os.O_RDONLY)
        try:
            os.fsync(fd)
        finally:
            os.close(fd)
    except OSError:  # pragma: no cover - a file system without directory fsync
        pass


def atomic_write_text(path: str | os.PathLike[str], text: str) -> None:
    """Write ``text`` (UTF-8) to ``path`` atomically (:func:`atomic_write`)."""
    atomic_write(path, lambda handle: handle.write(text.encode("utf-8")))


def canonical_json(value: Any, default: Callable[[Any], Any] | None = None) -> str:
    """The one JSON text of ``value`` that a digest covers: sorted keys, no spaces.

    >>> canonical_json({"b": 1, "a": [1, 2]})
    '{"a":[1,2],"b":1}'
    """
    return json.dumps(value, sort_keys=True, separators=(",", ":"), default=default)


def digest(parts: str | bytes | Iterable[str | bytes], *, tagged: bool = True) -> str:
    """SHA-256 of ``parts`` (text is UTF-8), in order: ``sha256:<hex>``, or bare hex
    (``tagged=False``, as ``sha256sum`` prints it).

    Examples
    --------
    >>> digest(b"abc")[:15]
    'sha256:ba7816bf'
    >>> digest(["a", b"bc"], tagged=False)[:8]
    'ba7816bf'
    """
    h = hashlib.sha256()
    for part in [parts] if isinstance(parts, (str, bytes)) else parts:
        h.update(part.encode() if isinstance(part, str) else part)
    return ("sha256:" if tagged else "") + h.hexdigest()
