"""The shipped atlas: certified row periods and strip states, read against their digests.

A directory (the registry's is ``registry/atlas/``, package data,
:data:`registry.rows.ATLAS_DIR`) holds

* ``<game>_*.json``: ``grundy experiment row-periods`` results, a row's
  (row, preperiod, period, saltus) a line;
* ``<game>_rows_0_<X>.state.npz``: the strip's state at its cycle
  (:func:`fast.strip_checkpoint.write_state`): the normalised window of rows
  0..X before ``column`` (blanked where a restore never reads,
  :func:`fast.strip.blank_window`), a column in the periodic part of every
  row 0..X, and the joint period of rows 0..X there (the run's certificate);
* :data:`SUMS`, their digests in ``sha256sum`` format (``cd DIR && sha256sum
  -c SHA256SUMS`` checks them too); a new file gets its line with
  ``sha256sum FILE >> SHA256SUMS``.

A file whose digest does not match is named in an :class:`AtlasWarning` and
not used. The readers take the directory and the label the files are named
by; :mod:`registry.rows` reads its directory once per game.
"""

from __future__ import annotations

import hashlib
import json
import warnings
import zipfile
import zlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

from fast import strip as fast_strip
from fast.strip_checkpoint import checkpoint_digest
from reference.landman import Periodicity

__all__ = [
    "STATE_SECONDS_PER_BYTE",
    "SUMS",
    "AtlasWarning",
    "digest",
    "read_state",
    "read_sums",
    "read_table",
    "value",
]

#: The file of the digests of an atlas directory.
SUMS = "SHA256SUMS"
#: Loading a shipped state and checking its two digests, per byte of its window
#: (measured: the 1.5 MB window of rows 0..500 in 12.6 ms, 2 cores, 24 GiB).
STATE_SECONDS_PER_BYTE = 8.4e-9


class AtlasWarning(UserWarning):
    """An atlas file that is not used (its digest does not match: damaged or edited)."""


def digest(path: Path) -> str:
    """SHA-256 (hex) of an atlas file's bytes, as ``sha256sum`` prints it.

    >>> len(digest(Path(__file__)))
    64
    """
    return hashlib.sha256(path.read_bytes()).hexdigest()


def read_sums(directory: Path) -> dict[str, str]:
    """``{file name: digest}`` from the directory's :data:`SUMS` (empty if it is missing)."""
    try:
        lines = (directory / SUMS).read_text().splitlines()
    except OSError:
        return {}
    sums = {}
    for line in lines:
        found, _, name = line.strip().partition("  ")
        if name:
            sums[name.lstrip("*")] = found
    return sums


def read_table(
    directory: Path, game: str, label: str
) -> tuple[dict[int, tuple[int, int, int]], str]:
    """``{row: (preperiod, period, saltus)}`` of the atlas files of ``game``; the largest's name.

    The files are read smallest first, so the largest (the newest run) gives
    the rows they share and names the source, ``label/<file>`` (every file
    agrees on shared rows: tests/test_atlas.py). A file whose digest does
    not match is named in an :class:`AtlasWarning` and not used.
    """
    sums = read_sums(directory)
    good = []
    for path in sorted(directory.glob(f"{game}_*.json")):
        if sums.get(path.name) != digest(path):
            problem = (
                "has no digest in" if path.name not in sums else "does not match its digest in"
            )
            warnings.warn(
                f"atlas file {path.name} {problem} {SUMS} (damaged or edited); not used",
                AtlasWarning,
                stacklevel=3,
            )
            continue
        try:
            data = json.loads(path.read_text())
        except (OSError, ValueError) as error:  # pragma: no cover - its digest matched
            warnings.warn(
                f"atlas file {path.name} cannot be read ({error}); not used",
                AtlasWarning,
                stacklevel=3,
            )
            continue
        good.append((path, data))
    table: dict[int, tuple[int, int, int]] = {}
    name = ""
    for path, data in sorted(good, key=lambda item: (len(item[1]["table"]), item[0].name)):
        if data.get("parameters", {}).get("game") != game:
            continue
        columns = data["columns"]
        at = [columns.index(c) for c in ("row", "preperiod", "period", "saltus")]
        for line in data["table"]:
            row, pre, period, saltus = (int(line[i]) for i in at)
            table[row] = (pre, period, saltus)
        name = f"{label}/{path.name}"
    return table, name


def read_state(directory: Path, game: str, label: str) -> dict[str, Any] | None:
    """The shipped strip state of ``game`` with the most rows whose digests match, or None.

    Its meta (rows, column, period, ...), ``window``, ``file`` (``label/<file>``)
    and ``seconds``, the estimate of its loading (:data:`STATE_SECONDS_PER_BYTE`).
    """
    best: dict[str, Any] | None = None
    sums = read_sums(directory)
    for path in sorted(directory.glob(f"{game}_rows_0_*.state.npz")):
        try:
            if sums.get(path.name) != digest(path):
                raise ValueError(f"it does not match its digest in {SUMS} (damaged or edited)")
            with np.load(path, allow_pickle=False) as data:
                meta_text, found = str(data["meta"]), str(data["digest"])
                window = data["window"]
            if checkpoint_digest(meta_text, {"window": window}) != found:
                raise ValueError("it does not match its digest (damaged or edited)")
            meta = json.loads(meta_text)
            if meta.get("game") != game or window.shape[1] != meta["rows"]:
                raise ValueError(f"it holds {meta.get('game')} rows 0..{meta['rows'] - 1}")
        except (OSError, ValueError, KeyError, EOFError, zipfile.BadZipFile, zlib.error) as error:
            warnings.warn(f"atlas state {path.name}: {error}; not used", AtlasWarning, stacklevel=4)
            continue
        if best is None or meta["rows"] > best["rows"]:
            best = {
                **meta,
                "window": window,
                "file": f"{label}/{path.name}",
                "seconds": window.nbytes * STATE_SECONDS_PER_BYTE,
            }
    return best


def value(
    game: str,
    state: dict[str, Any],
    found: Periodicity,
    row: int,
    column: int,
    progress: Callable[[int, int], None] | None = None,
) -> tuple[int, str] | None:
    """G(row, column) from a shipped state (:func:`read_state`) and the row's record ``found``.

    None when the state does not hold the row, or the column lies before the
    row's preperiod (the strip from column 0 answers those), or the record's
    saltus is not its period or its period does not divide the state's joint
    period. Otherwise the column is moved by whole periods of the row to
    ``[c, c + period)`` (c: the state's column, past every preperiod of its
    rows) and the strip of rows 0..row runs from the state
    (:func:`fast.strip.value_from_state`): at most one period of columns,
    whatever the column (10**18 and beyond). Returns the value and what it
    came from.
    """
    preperiod, period, saltus = found
    c = int(state["column"])
    if (
        row >= state["rows"]
        or column < preperiod
        or saltus != period
        or int(state["period"]) % period
    ):
        return None
    up = -(-(c - column) // period) * period if column < c else 0
    base = fast_strip.value_from_state(
        game, state["window"], c, row, column + up, period, progress=progress
    )
    return (
        base - up,
        f"the shipped state {state['file']} (rows 0..{state['rows'] - 1} at column {c:,})",
    )
