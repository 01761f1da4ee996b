"""Files of long runs, written once: the atomic write and the digest (standard library only).

Every writer of the project that must not leave a partial file goes through
:func:`atomic_write` (``grundy``'s results, tables, plots, chunk files and
manifests), and every checksum of a file's content is :func:`digest` (a chunk
file, a strip checkpoint or record, an atlas file). It lives at the bottom of
the layers (``fast/`` may not import ``grundy``) so that the strip's
checkpoints can use it as well as the command line.

A write that is killed (SIGKILL, power loss, a full disk) leaves its
temporary file behind: the next :func:`atomic_write` into the same directory
removes it (:func:`remove_stale_temporaries`), as it does the older forms of
the same target.

Two digest formats are on disk, and both stay readable: ``sha256:<hex>``
(chunk files, strip checkpoints and records: ``tagged=True``) and bare hex as
``sha256sum`` prints it (the atlas's ``SHA256SUMS``: ``tagged=False``).
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import socket
import tempfile
import time
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

__all__ = [
    "LEGACY_TEMPORARIES",
    "TEMPORARY_FILES",
    "atomic_write",
    "atomic_write_text",
    "canonical_json",
    "digest",
    "json_default",
    "remove_stale_temporaries",
]

#: Temporary files of atomic writes in progress: removed by ``floor.interrupt.hard_exit``
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
    remove_stale_temporaries(target)
    fd, tmp = tempfile.mkstemp(
        dir=target.parent, prefix=f".{target.name}.{os.getpid()}@{_HOST}-", suffix=".tmp"
    )
    TEMPORARY_FILES.add(tmp)  # removed by floor.interrupt.hard_exit if the process must end
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


#: This host, as temporaries name it (a pid is judged only on the host that wrote it).
_HOST = hashlib.sha256(socket.gethostname().encode()).hexdigest()[:8]
#: A temporary of :func:`atomic_write`: ``.<target>.<pid>@<host>-<random>.tmp``.
_TEMPORARY = re.compile(r"^\.(?P<target>.+)\.(?P<pid>\d+)@(?P<host>[0-9a-f]{8})-\w+\.tmp$")
#: Before the pid was in the name: ``.<target>.<8 random characters>.tmp`` (mkstemp's).
_UNNAMED = re.compile(r"^\.(?P<target>.+)\.[a-z0-9_]{8}\.tmp$")
#: Temporaries of older writers, ``<target>.tmp`` (the strip's checkpoints before
#: ``floor.files``): removed in the directory of any write, whatever their target
#: (so a successful resume, whose checkpoints have other names, removes them).
LEGACY_TEMPORARIES = ("checkpoint-*.npz.tmp",)
#: An unnamed temporary (no pid) untouched this long is stale.
UNNAMED_STALE_SECONDS = 3600.0
#: The directories swept in this process (a killed writer's temporaries predate it).
_SWEPT: set[Path] = set()


def _alive(pid: int) -> bool:
    """Whether process ``pid`` exists on this host."""
    if pid == os.getpid():
        return True
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError):  # another user's process: alive
        return True
    return True


def _stale(name: str, target: str | None, now: float, path: Path) -> bool:
    """Whether ``name`` is a temporary left by a write that will not finish."""
    match = _TEMPORARY.match(name)
    if match:
        return (
            (target is None or match["target"] == target)
            and match["host"] == _HOST
            and not _alive(int(match["pid"]))
        )
    match = _UNNAMED.match(name)
    if match and match["target"] == target:
        try:
            return now - path.stat().st_mtime > UNNAMED_STALE_SECONDS
        except OSError:
            return False
    return False


def remove_stale_temporaries(target: str | os.PathLike[str]) -> list[Path]:
    """Remove the temporaries that killed writes left beside ``target``; return them.

    Once per directory and process, every temporary of :func:`atomic_write`
    in ``target``'s directory whose writer (the pid in its name, on this
    host) is no longer alive, and :data:`LEGACY_TEMPORARIES`; at every call,
    ``target``'s own: a dead writer's, and the older unnamed form (no pid)
    untouched for :data:`UNNAMED_STALE_SECONDS`. A write in progress (its
    process alive) is never touched; a file the project did not name so is
    never touched.

    Examples
    --------
    >>> import tempfile
    >>> directory = Path(tempfile.mkdtemp())
    >>> left = directory / ".t.bin.999999999@{}-x1.tmp".format(_HOST)
    >>> _ = left.write_bytes(b"partial")
    >>> [p.name for p in remove_stale_temporaries(directory / "t.bin")] == [left.name]
    True
    """
    target = Path(target)
    directory = target.parent
    now = time.time()
    found: list[Path] = []
    try:
        if directory not in _SWEPT:
            _SWEPT.add(directory)
            with os.scandir(directory) as entries:
                names = [e.name for e in entries if e.name.endswith(".tmp")]
            found += [directory / n for n in names if _stale(n, None, now, directory / n)]
            for pattern in LEGACY_TEMPORARIES:
                found += directory.glob(pattern)
        own = directory.glob(f".{_glob_escape(target.name)}.*.tmp")
        found += [p for p in own if _stale(p.name, target.name, now, p)]
    except OSError:  # an unreadable directory: the write itself will say
        return []
    removed: list[Path] = []
    for path in dict.fromkeys(found):
        try:
            path.unlink()
            removed.append(path)
        except OSError:
            pass
    return removed


def _glob_escape(name: str) -> str:
    """``name`` as a literal glob pattern."""
    return re.sub(r"([*?\[])", r"[\1]", name)


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


def json_default(value: Any) -> Any:
    """JSON for what ``json`` cannot write itself: arrays and numpy scalars (``tolist``,
    ``item``), sets (sorted); anything else a TypeError naming its type.

    >>> json.dumps({"s": {2, 1}}, default=json_default)
    '{"s": [1, 2]}'
    """
    if hasattr(value, "tolist"):
        return value.tolist()
    if hasattr(value, "item"):
        return value.item()
    if isinstance(value, (set, frozenset)):
        return sorted(value)
    raise TypeError(f"cannot write a {type(value).__name__} as JSON")


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
