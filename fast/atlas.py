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

import functools
import json
import math
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
    "ANCHOR_ROWS",
    "STATE_SECONDS_PER_BYTE",
    "SUMS",
    "Atlas",
    "AtlasWarning",
    "StateContradiction",
    "anchor_columns",
    "column_contradiction",
    "contradictions",
    "digest",
    "prime_factors",
    "read_state",
    "read_sums",
    "read_table",
    "state_facts",
]

#: The file of the digests of an atlas directory.
SUMS = "SHA256SUMS"
#: Loading a shipped state and checking its two digests, per byte of its window
#: (measured: the 1.5 MB window of rows 0..500 in 12.6 ms, 2 cores, 24 GiB).
STATE_SECONDS_PER_BYTE = 8.4e-9
#: Rows whose own window certificate, computed at every load of a state, anchors its column
#: (:func:`state_facts`; rows 0..40 of Wythoff: joint period 768 from column 10,453, 0.07 s
#: with the strip's kernels loaded, 0.6 s with their loading; docs/strip.md).
ANCHOR_ROWS = 41
#: A moved column is named with the shift that fits, looked for up to this far.
FIT_SHIFTS = 64


class AtlasWarning(UserWarning):
    """An atlas file that is not used (its digest does not match: damaged or edited)."""


class StateContradiction(ValueError):
    """The shipped state contradicts itself: a period it gives is not one (no value rests
    on it; :meth:`Atlas.value`)."""


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


@functools.lru_cache(maxsize=8)
def anchor_columns(game: str, rows: int) -> tuple[int, int, np.ndarray]:
    """``(base, period, D)``: rows 0..rows-1 of ``game`` from their own window certificate,
    computed from column 0 (:func:`fast.strip.strip_periods`), never read from a file.

    ``D[k, y] = G(k, y) - y`` for ``y < base + period``, and from ``base`` (the certificate's
    ``y0 - W``) on the rows repeat with ``period``: D at any column is
    ``D[k, base + (y - base) % period]`` (:func:`anchor_truth`).

    >>> anchor = anchor_columns("wythoff", 3)
    >>> anchor[1], anchor_truth(anchor)(1, np.arange(10**18, 10**18 + 6)).tolist()
    (3, [1, -2, 1, 1, -2, 1])
    """
    cert = fast_strip.strip_periods(game, rows)
    base = max(0, cert.y0 - cert.window)
    values = fast_strip.rectangle(game, rows, base + cert.period, dtype=np.int64)
    return base, cert.period, values - np.arange(values.shape[1], dtype=np.int64)


def anchor_truth(anchor: tuple[int, int, np.ndarray]) -> Callable[[int, np.ndarray], np.ndarray]:
    """``truth(k, ys)``: D(k, y) at the columns ``ys`` from an :func:`anchor_columns` result."""
    base, period, d = anchor

    def truth(k: int, ys: np.ndarray) -> np.ndarray:
        at = np.where(ys < base, ys, base + (ys - base) % period)
        return np.asarray(d[k, at])

    return truth


def column_contradiction(
    window: np.ndarray,
    column: int,
    truth: Callable[[int, np.ndarray], np.ndarray],
    rows: int,
    how: str,
) -> str:
    """Why the state's ``column`` is contradicted by rows 0..rows-1 whose values ``truth(k, ys)``
    (D = G - y at the columns ys) come from elsewhere (``how``), or ''.

    The strip's rule on ``D = G - y`` does not depend on the column, so a window labelled with
    the wrong column recurs just as well: only values known at the true column tell. Each
    row's kept columns (:func:`fast.strip.state_columns`) are compared; a small shift that
    fits (up to :data:`FIT_SHIFTS`) is named.

    >>> truth = lambda k, ys: np.where(ys % 3 == 2, -2, 1) if k else 0 * ys
    >>> window = np.array([[0, 1], [0, 1], [0, -2]])  # rows 0, 1 before column 3: y = 0, 1, 2
    >>> column_contradiction(window, 4, truth, 2, "closed forms")  # doctest: +ELLIPSIS
    "the state's column 4 is contradicted by rows 0..1 (closed forms): row 1 at column 2 ... 3"
    >>> column_contradiction(window, 3, truth, 2, "closed forms")
    ''
    """
    w, all_rows = window.shape
    keep = np.minimum(fast_strip.state_columns(all_rows), w)

    def first(shift: int) -> tuple[int, int, int, int] | None:
        for k in range(min(rows, all_rows)):
            n = int(keep[k])
            ys = np.arange(column + shift - n, column + shift, dtype=np.int64)
            if ys[0] < 0:
                return k, int(ys[0]), 0, 0
            got, want = window[w - n :, k], truth(k, ys)
            bad = np.flatnonzero(got != want)
            if len(bad):
                return k, int(ys[bad[0]]) - shift, int(got[bad[0]]), int(want[bad[0]])
        return None

    found = first(0)
    if found is None:
        return ""
    k, y, got, want = found
    shifts = sorted(range(-FIT_SHIFTS, FIT_SHIFTS + 1), key=abs)[1:]
    fits = next((s for s in shifts if first(s) is None), None)
    hint = "" if fits is None else f"; they fit column {column + fits:,}"
    return (f"the state's column {column:,} is contradicted by rows 0..{rows - 1} ({how}): "
            f"row {k} at column {y:,} has D = G - y = {got} in the state's window, {want} by "
            f"its own values{hint}")  # fmt: skip


def state_facts(
    game: str,
    state: dict[str, Any],
    table: dict[int, tuple[int, int, int]],
    anchor_rows: int | None = None,
) -> dict[str, str]:
    """``{fact: why}`` for the shipped state's own facts that cheap anchors contradict.

    The state's digests cannot stop an edit that recomputes them; its column and joint period
    are checked against what the state cannot forge (docs/strip.md, "What each level
    guarantees"):

    * ``column``: row 0 is ``G(0, y) = y`` (D = 0 on its kept columns), and rows
      0..anchor_rows-1 (default :data:`ANCHOR_ROWS`), computed from column 0 with their own
      window certificate (:func:`anchor_columns`), must equal the state's window at its column;
    * ``joint period``: a multiple of those rows' proved joint period, and the least one the
      records allow (the lcm of the records' periods of rows 0..X, when the table holds
      every row: no proper divisor works for every row).

    That the joint period is a period at all is what every far value proves again over rows
    0..x (:meth:`Atlas.value`) and ``grundy verify --atlas`` over every row.

    >>> from registry.rows import ATLAS
    >>> s = ATLAS.state("wythoff", window=True)
    >>> s is None or state_facts("wythoff", s, ATLAS.table("wythoff")[0]) == {}
    True
    """
    window, c, joint = state["window"], int(state["column"]), int(state["period"])
    rows = window.shape[1]
    found: dict[str, str] = {}
    keep0 = min(int(fast_strip.state_columns(rows)[0]), window.shape[0])
    if np.any(window[window.shape[0] - keep0 :, 0]):
        found["column"] = "row 0 of the state's window is not G(0, y) = y (D = 0)"
    n = min(ANCHOR_ROWS if anchor_rows is None else anchor_rows, rows)
    anchor = anchor_columns(game, n)
    why = column_contradiction(window, c, anchor_truth(anchor), n,
                               "their own window certificate from column 0")  # fmt: skip
    if why and "column" not in found:
        found["column"] = why
    periods = [table[k][1] for k in range(rows) if k in table]
    if joint < 1 or joint % anchor[1]:
        found["joint period"] = (f"the state's joint period {joint:,} is not a multiple of "
                                 f"{anchor[1]:,}, the proved joint period of rows "
                                 f"0..{n - 1}")  # fmt: skip
    elif len(periods) == rows and math.lcm(*periods) != joint:
        found["joint period"] = (f"the state's joint period {joint:,} is not the least its "
                                 f"records allow (the lcm of their periods: "
                                 f"{math.lcm(*periods):,})")  # fmt: skip
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
        self._raw: dict[str, tuple[dict[int, tuple[int, int, int]], str]] = {}
        self._facts: dict[str, dict[str, str]] = {}
        self._proved: dict[tuple[str, int], int] = {}

    def clear(self) -> None:
        """Forget what was read: the files are read again on next use."""
        for cache in (self._tables, self._states, self._contradicted, self._raw, self._facts,
                      self._proved):  # fmt: skip
            cache.clear()

    def _read(self, game: str) -> tuple[dict[int, tuple[int, int, int]], str]:
        """The records of ``game`` whose digests check (read once; :func:`read_table`)."""
        if game not in self._raw:
            self._raw[game] = read_table(self.directory, game, self.label)
        return self._raw[game]

    def _table(self, game: str) -> tuple[dict[int, tuple[int, int, int]], str]:
        """The records of ``game`` the digests and the shipped state leave (:func:`contradictions`:
        a contradicted record is named in one :class:`AtlasWarning` and not used)."""
        if game not in self._tables:
            table, name = self._read(game)
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

    def has_files(self, game: str) -> bool:
        """Whether the directory holds an atlas file of ``game`` (named so; nothing is read:
        cheap, and no warning while the registry binds its providers).

        >>> from registry.rows import ATLAS
        >>> ATLAS.has_files("wythoff"), ATLAS.has_files("nim")
        (True, False)
        """
        return any(self.directory.glob(f"{game}_*.json"))

    def contradicted(self, game: str) -> dict[int, str]:
        """``{row: why}``: the records of ``game`` the shipped state contradicts (not used).

        >>> from registry.rows import ATLAS
        >>> ATLAS.contradicted("wythoff")
        {}
        """
        self._table(game)
        return dict(self._contradicted.get(game, {}))

    def _state(self, game: str) -> dict[str, Any] | None:
        """The shipped state of ``game`` whose digests check and whose own facts (its column,
        its joint period: :func:`state_facts`) no anchor contradicts; a contradicted state is
        named in one :class:`AtlasWarning` and not used."""
        if game not in self._states:
            state = read_state(self.directory, game, self.label)
            facts = state_facts(game, state, self._read(game)[0]) if state is not None else {}
            self._facts[game] = facts
            if state is not None and facts:
                warnings.warn(
                    f"atlas state {state['file']} not used: " + "; ".join(facts.values()),
                    AtlasWarning,
                    stacklevel=4,
                )
                state = None
            self._states[game] = state
        return self._states[game]

    def state_contradicted(self, game: str) -> dict[str, str]:
        """``{fact: why}``: the shipped state's own facts that an anchor contradicts (the
        state is then not used; :func:`state_facts`).

        >>> from registry.rows import ATLAS
        >>> ATLAS.state_contradicted("wythoff")
        {}
        """
        self._state(game)
        return dict(self._facts.get(game, {}))

    def proof_period(self, game: str, row: int) -> int:
        """The period a far value of ``row`` is reduced by and proved with: the lcm of the
        records of rows 0..row (the joint period of those rows, usually far below the state's),
        else the state's joint period. Never trusted: :meth:`value` proves it (the window of
        rows 0..row returns after it) before a value rests on it."""
        state = self._state(game)
        assert state is not None, f"no shipped state of {game}"
        joint = int(state["period"])
        table, _ = self._table(game)
        periods = [table[k][1] for k in range(row + 1) if k in table]
        if len(periods) == row + 1 and joint % math.lcm(*periods) == 0:
            return math.lcm(*periods)
        return joint

    def _from_state(
        self,
        game: str,
        row: int,
        y: int,
        progress: Callable[[int, int], None] | None = None,
    ) -> tuple[int, int]:
        """(G(row, y), the period proved for rows 0..row), y at or past the state's column:
        the strip from the state, the period proved on the way once per row (a ValueError
        names a period that is not one: the state contradicts itself)."""
        state = self._state(game)
        assert state is not None and row < state["rows"], f"no shipped state of row {row}"
        c, joint = int(state["column"]), int(state["period"])
        tried = []
        for period in dict.fromkeys((self.proof_period(game, row), joint)):
            proved = self._proved.get((game, row)) == period
            try:
                value = fast_strip.value_from_state(
                    game, state["window"], c, row, y, period, progress=progress,
                    prove=not proved,
                )  # fmt: skip
            except fast_strip.NotAPeriod as error:
                tried.append(str(error))
                continue
            self._proved[(game, row)] = period
            return value, period
        raise StateContradiction(f"the shipped state {state['file']} contradicts itself: "
                         + "; ".join(tried))  # fmt: skip

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
        base, period = self._from_state(game, row, column + up, progress)
        return (
            base - up,
            f"the shipped state {state['file']} (rows 0..{state['rows'] - 1} at column {c:,}; "
            f"rows 0..{row} proved to repeat with {period:,} from there: their window "
            "returns)",
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
        columns = self.proof_period(game, row) + fast_strip.window(row + 1)
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
        by a period of rows 0..row proved on the way (the window returns after it; the
        records' lcm only proposes it, :meth:`proof_period`), the saltus is the period
        (docs/strip.md); the state must hold the row.

        >>> from registry.rows import ATLAS
        >>> ATLAS.state("wythoff") is None or ATLAS.state_value("wythoff", 5, 10**18) == 10**18 + 2
        True
        """
        return self._from_state(game, row, y)[0]
