"""The shipped atlas: certified row periods and strip states, read against their digests.

A directory (the registry's is ``registry/atlas/``, package data,
:data:`registry.rows.ATLAS_DIR`) holds

* ``<game>_*.json``: ``grundy experiment row-periods`` results, a row's
  (row, preperiod, period, saltus) a line;
* ``<game>_rows_0_<X>.state.npz``: the strip's state at its cycle
  (:func:`fast.strip.checkpoint.write_state`): the normalised window of rows
  0..X before ``column`` (blanked where a restore never reads,
  :func:`fast.strip.blank_window`), a column in the periodic part of every
  row 0..X, and the joint period of rows 0..X there (the run's certificate);
* :data:`SUMS`, their digests in ``sha256sum`` format (``cd DIR && sha256sum
  -c SHA256SUMS`` checks them too); a new file gets its line with
  ``sha256sum FILE >> SHA256SUMS``.

A file whose digest does not match is named in an :class:`AtlasWarning` and
not used. A record that the shipped state contradicts (:func:`contradictions`:
its saltus is not its period, its period does not divide the state's proved
joint period or, where the state's window of the row is long enough, is not
the row's least period there; its preperiod past the state's column) is named
in an :class:`AtlasWarning` and not used either. Far values from the state are
reduced by the state's proved joint period, never by a record's period. The
readers take the directory and the label the files are named
by; an :class:`Atlas` reads a game's files once (the registry's is
:data:`registry.rows.ATLAS`).
"""

from __future__ import annotations

import json
import warnings
import zipfile
import zlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np

from fast import strip as fast_strip
from fast.strip.checkpoint import checkpoint_digest
from floor.files import digest as file_digest
from reference.landman import Periodicity, reduce_column

__all__ = [
    "STATE_SECONDS_PER_BYTE",
    "SUMS",
    "Atlas",
    "AtlasWarning",
    "contradictions",
    "digest",
    "prime_factors",
    "read_state",
    "read_sums",
    "read_table",
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
    return file_digest(path.read_bytes(), tagged=False)


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
                stacklevel=4,
            )
            continue
        try:
            data = json.loads(path.read_text())
        except (OSError, ValueError) as error:  # pragma: no cover - its digest matched
            warnings.warn(
                f"atlas file {path.name} cannot be read ({error}); not used",
                AtlasWarning,
                stacklevel=4,
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


def prime_factors(n: int) -> list[int]:
    """The prime factors of n.

    >>> prime_factors(786432), prime_factors(1)
    ([2, 3], [])
    """
    out, p = [], 2
    while p * p <= n:
        if n % p == 0:
            out.append(p)
            while n % p == 0:
                n //= p
        p += 1
    return out + ([n] if n > 1 else [])


def _window_says(seq: np.ndarray, period: int) -> str:
    """Why the row's normalised values ``seq`` (consecutive columns of its periodic part)
    contradict ``period`` as its least period ('' if they do not, or are too short to tell).

    ``D = G - y`` repeats with the least period p (saltus = period): a shift q with
    ``seq[q:] == seq[:-q]`` over at least p + q columns is a period of the row.
    """
    n = len(seq)
    if n > period and not np.array_equal(seq[period:], seq[:-period]):
        return f"{period} is not a period of the row in the window of the state"
    for r in prime_factors(period):
        q = period // r
        if n >= period + q and np.array_equal(seq[q:], seq[:-q]):
            return (f"{q} is a period of the row in the window of the state, so {period} "
                    "is not the least")  # fmt: skip
    return ""


def contradictions(
    table: dict[int, tuple[int, int, int]], state: dict[str, Any] | None
) -> dict[int, str]:
    """``{row: why}`` for the records of ``table`` that the shipped ``state`` contradicts.

    What is cheap at load (docs/strip.md, "What each level guarantees"): a row's
    saltus must be its period (its ``D = G - y`` is bounded), its period must
    divide the state's proved joint period, its preperiod must be at most the
    state's column, and where the state's window keeps enough columns of the
    row in the periodic part (from ``y0 - W`` on: the certificate's proof),
    the period must be the row's least period there (:func:`_window_says`).

    Examples
    --------
    >>> import numpy as np
    >>> state = {"rows": 2, "column": 100, "period": 6, "y0": 40,
    ...          "window": np.array([[0, k % 2] for k in range(6)], dtype=np.int16)}
    >>> contradictions({0: (0, 1, 1), 1: (3, 2, 2)}, state)
    {}
    >>> found = contradictions({0: (0, 1, 2), 1: (3, 1, 1)}, state)
    >>> found[0], found[1]
    ('saltus 2 is not the period 1', '1 is not a period of the row in the window of the state')
    >>> contradictions({1: (3, 4, 4)}, state)
    {1: "period 4 does not divide the state's proved joint period 6"}
    """
    if state is None:
        return {}
    window, c, joint = state["window"], int(state["column"]), int(state["period"])
    w, rows = window.shape
    keep = np.minimum(fast_strip.state_columns(rows), w)
    first = int(state["y0"]) - w if "y0" in state else c  # columns from here on repeat with P
    found = {}
    for row, (pre, period, saltus) in sorted(table.items()):
        if row >= rows:
            continue
        if saltus != period:
            found[row] = f"saltus {saltus} is not the period {period}"
        elif period < 1 or joint % period:
            found[row] = f"period {period} does not divide the state's proved joint period {joint}"
        elif pre > c:
            found[row] = f"preperiod {pre:,} lies past the state's column {c:,}"
        else:
            n = max(0, min(int(keep[row]), c - first))
            why = _window_says(window[w - n :, row], period) if n else ""
            if why:
                found[row] = why
    return found


class Atlas:
    """The atlas files of ``directory``, named ``label/<file>``; each game's read on first use.

    Examples
    --------
    >>> Atlas(Path("no-such-directory"), "nowhere").rows("wythoff")  # no files: no rows
    0
    """

    def __init__(self, directory: Path, label: str) -> None:
        self.directory, self.label = Path(directory), label
        self._tables: dict[str, tuple[dict[int, tuple[int, int, int]], str]] = {}
        self._states: dict[str, dict[str, Any] | None] = {}
        self._contradicted: dict[str, dict[int, str]] = {}

    def clear(self) -> None:
        """Forget what was read: the files are read again on next use."""
        self._tables.clear()
        self._states.clear()
        self._contradicted.clear()

    def _table(self, game: str) -> tuple[dict[int, tuple[int, int, int]], str]:
        """The records of ``game`` the digests and the shipped state leave (:func:`contradictions`:
        a contradicted record is named in one :class:`AtlasWarning` and not used)."""
        if game not in self._tables:
            table, name = read_table(self.directory, game, self.label)
            state = self._state(game) if table else None
            bad = contradictions(table, state)
            if bad and state is not None:
                rows = "; ".join(f"row {row}: {why}" for row, why in list(bad.items())[:5])
                more = f" (and {len(bad) - 5} more)" if len(bad) > 5 else ""
                warnings.warn(
                    f"atlas records of {game} contradicted by the shipped state {state['file']} "
                    f"(not used): {rows}{more}",
                    AtlasWarning,
                    stacklevel=4,
                )
            self._contradicted[game] = bad
            self._tables[game] = ({k: v for k, v in table.items() if k not in bad}, name)
        return self._tables[game]

    def contradicted(self, game: str) -> dict[int, str]:
        """``{row: why}``: the records of ``game`` the shipped state contradicts (not used).

        >>> from registry.rows import ATLAS
        >>> ATLAS.contradicted("wythoff")
        {}
        """
        self._table(game)
        return dict(self._contradicted.get(game, {}))

    def _state(self, game: str) -> dict[str, Any] | None:
        if game not in self._states:
            self._states[game] = read_state(self.directory, game, self.label)
        return self._states[game]

    def table(self, game: str) -> tuple[dict[int, tuple[int, int, int]], str]:
        """Every atlas row of ``game``: ``{row: (preperiod, period, saltus)}`` and the file.

        Examples
        --------
        >>> from registry.rows import atlas_table
        >>> table, name = atlas_table("wythoff")
        >>> table[3], name.startswith("registry/atlas/wythoff_rows_0_")
        ((8, 6, 6), True)
        """
        table, name = self._table(game)
        return dict(table), name

    def rows(self, game: str) -> int:
        """How many rows 0, 1, ... the atlas holds for ``game`` (read on first use).

        Examples
        --------
        >>> from registry.rows import atlas_rows
        >>> atlas_rows("wythoff") >= 115, atlas_rows("nim")
        (True, 0)
        """
        table, _ = self._table(game)
        n = 0
        while n in table:
            n += 1
        return n

    def row(self, game: str, row: int) -> tuple[Periodicity, str] | None:
        """Row ``row``'s certified (preperiod, period, saltus) from the atlas and its file, or None.

        Examples
        --------
        >>> from registry.rows import atlas_row
        >>> atlas_row("wythoff", 3)
        (Periodicity(preperiod=8, period=6, saltus=6), 'registry/atlas/wythoff_rows_0_2047.json')
        """
        table, name = self._table(game)
        if row not in table:
            return None
        return Periodicity(*table[row]), name

    def record(self, game: str, row: int) -> Periodicity:
        """Row ``row``'s certified (preperiod, period, saltus); ValueError past the atlas.

        >>> from registry.rows import ATLAS
        >>> ATLAS.record("wythoff", 3)
        Periodicity(preperiod=8, period=6, saltus=6)
        """
        held = self.row(game, row)
        if held is None:
            why = self.contradicted(game).get(row)
            if why is not None:
                raise ValueError(f"the atlas's record of {game} row {row} contradicts the "
                                 f"shipped state ({why})")  # fmt: skip
            raise ValueError(f"the atlas of {game} holds rows < {self.rows(game)} (row = {row})")
        return held[0]

    def far_columns(self, game: str, row: int, turns: int) -> list[int]:
        """The far columns the registry's ``atlas-far-values`` question samples in a row.

        ``preperiod - 1 + turns * period`` (where the record says the period
        starts: a wrong preperiod or saltus shows there), ``preperiod + turns *
        period`` and the last column of that period (:meth:`record`: ValueError past the atlas).

        >>> from registry.rows import ATLAS
        >>> ATLAS.far_columns("wythoff", 5, 10**6)
        [24000026, 24000027, 24000050]
        """
        pre, period, _ = self.record(game, row)
        first = pre + turns * period
        return ([first - 1] if pre > 0 else []) + [first, first + period - 1]

    def state(self, game: str, window: bool = False) -> dict[str, Any] | None:
        """The shipped state of ``game``'s strip at its cycle: rows, column, period, file and the
        seconds its loading costs (:func:`read_state`; ``window``: its window too); or None.

        Examples
        --------
        >>> from registry.rows import atlas_state
        >>> s = atlas_state("wythoff")
        >>> s is None or (s["rows"] > 100 and s["column"] > s["period"])
        True
        """
        found = self._state(game)
        if found is None or window:
            return found
        return {k: v for k, v in found.items() if k != "window"}

    def value(
        self,
        game: str,
        row: int,
        column: int,
        progress: Callable[[int, int], None] | None = None,
    ) -> tuple[int, str] | None:
        """G(row, column) from the shipped state and the row's atlas record, or None.

        None when no shipped state holds the row, the record is missing (or
        contradicted by the state), or the column lies before the row's
        preperiod (the strip from column 0 answers those). Otherwise the column
        is moved by whole joint periods of the state (its proof: never by the
        record's period, which the state can only partly check at load) to
        ``[c, c + P)`` (c: the state's column, past every preperiod of its rows)
        and the strip of rows 0..row runs from the state
        (:func:`fast.strip.value_from_state`): at most one joint period of
        columns, whatever the column (10**18 and beyond). Returns the value and
        what it came from.

        Examples
        --------
        >>> from registry.rows import atlas_value
        >>> found = atlas_value("wythoff", 5, 10**18)
        >>> found is None or found[0] == 1000000000000000002
        True
        """
        state, held = self._state(game), self.row(game, row)
        if state is None or held is None or row >= state["rows"]:
            return None
        preperiod = held[0].preperiod
        c, joint = int(state["column"]), int(state["period"])
        if column < preperiod:
            return None
        up = -(-(c - column) // joint) * joint if column < c else 0
        base = fast_strip.value_from_state(
            game, state["window"], c, row, column + up, joint, progress=progress
        )
        return (
            base - up,
            f"the shipped state {state['file']} (rows 0..{state['rows'] - 1} at column {c:,}, "
            f"joint period {joint:,})",
        )

    def value_cost(self, game: str, row: int, column: int) -> tuple[float, int] | None:
        """(seconds, bytes) of :meth:`value`: loading the shipped state, then the strip of rows
        0..row over at most one joint period and a window of columns (:func:`fast.strip.window`);
        None where no shipped state holds the row or the column lies before its preperiod.

        >>> from registry.rows import ATLAS
        >>> cost = ATLAS.value_cost("wythoff", 5, 10**18)
        >>> cost is None or cost[0] < 10
        True
        """
        state, held = self._state(game), self.row(game, row)
        if state is None or held is None or row >= state["rows"] or column < held[0].preperiod:
            return None
        columns = int(state["period"]) + fast_strip.window(row + 1)
        seconds: float = state["seconds"] + fast_strip.strip_seconds(row + 1, columns)
        return seconds, fast_strip.rectangle_memory(row + 1, 0)

    def record_value(self, game: str, row: int, y: int) -> int:
        """G(row, y) by the row's record alone: y reduced into [preperiod, preperiod + period)
        (:func:`reference.landman.reduce_column`), the strip from column 0 there.

        >>> from registry.rows import ATLAS
        >>> ATLAS.record_value("wythoff", 5, 10**18)
        1000000000000000002
        """
        held = self.row(game, row)
        assert held is not None, f"the atlas of {game} holds no row {row}"
        index, shift = reduce_column(held[0], y)
        return fast_strip.value_at(game, row, index) + shift

    def state_value(self, game: str, row: int, y: int) -> int:
        """G(row, y), y at or past the state's column, from the shipped state alone: y reduced
        by the state's proved joint period, the saltus is the period (docs/strip.md); the
        row's record is not read (the state must hold the row).

        >>> from registry.rows import ATLAS
        >>> ATLAS.state("wythoff") is None or ATLAS.state_value("wythoff", 5, 10**18) == 10**18 + 2
        True
        """
        state = self._state(game)
        assert state is not None and row < state["rows"], f"no shipped state of row {row}"
        return fast_strip.value_from_state(
            game, state["window"], int(state["column"]), row, y, int(state["period"])
        )
