"""The lower rows' window certificates, found while the search for the whole strip's runs.

Rows 0..b-1 of the strip are a strip of their own (every follower of a cell
lies in its row or a lower row), so the window certificate holds for them
with their own window and start. :class:`_Levels` rolls each level's key
through its own :class:`~fast.strip.keys.WindowKeys`; a level proved is
copied from its period (:meth:`fast.strip.Strip.freeze`) instead of scanned.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from fast.strip.certificate import certify_window
from fast.strip.geometry import start_column, window
from fast.strip.keys import WindowKeys

__all__ = ["LEVELS", "LEVEL_ALL_KEYS", "LEVEL_ROWS"]

#: The lower strips the search certifies on the way (:class:`_Levels`): about LEVELS of
#: them, at least LEVEL_ROWS rows apart.
LEVELS = 16
LEVEL_ROWS = 16
#: A level's window keys are all kept up to this column, then the distinguished ones.
LEVEL_ALL_KEYS = 1 << 14


def levels_apply(rows: int) -> bool:
    """Whether a strip of ``rows`` rows has lower strips to certify (two levels at least)."""
    return rows >= 2 * LEVEL_ROWS


@dataclass
class _Level:
    """One lower strip: its rows 0..rows-1, window, first key column and table of keys."""

    rows: int
    window: int
    first: int
    table: WindowKeys


class _Levels:
    """Window certificates of the lower rows, found while the search runs.

    Rows 0..b-1 of the strip are a strip of their own (every follower of a
    cell lies in its row or a lower row), so the theorem of docs/strip.md
    ("The window certificate") holds for them with their own window
    ``window(b)`` and start: once two of their windows are equal, **exactly**
    (:func:`~fast.strip.certify_window` on the kept columns; a key only proposes), the
    rows 0..b-1 are periodic from the first window's start and the strip
    copies them from their period (:meth:`fast.strip.Strip.freeze`) instead of scanning.
    The values do not change, so neither does anything computed from them;
    the violations of the rows 0..b-1 need not be looked for past that
    start (:meth:`skip`). Each level rolls its own key (the hash of its rows,
    :meth:`fast.strip.Strip.advance` with ``levels``) through its own table.
    """

    def __init__(self, game: str, rows: int, chunk: int) -> None:
        step = max(LEVEL_ROWS, -(-rows // LEVELS))
        self.game = game
        self.bounds = list(range(step, rows, step))
        self.levels = [
            _Level(
                b,
                window(b),
                max(window(b), start_column(game, b)),
                WindowKeys.empty(window(b) + chunk + 1, 1 << 12),
            )
            for b in self.bounds
        ]
        self.active = list(range(len(self.bounds)))
        #: (rows b, first periodic column, period) of each level proved, in order
        self.proved: list[tuple[int, int, int]] = []

    def scan(
        self,
        y: int,
        y1: int,
        hashes: np.ndarray,
        kept: Callable[[int, int, int, int], np.ndarray],
    ) -> tuple[int, int] | None:
        """Roll the active levels' keys over columns [y, y1) (``hashes[i]``: level i's
        column hashes); the highest level proved now, as (rows, period), or None."""
        best = None
        for i in list(self.active):
            level = self.levels[i]
            b, w = level.rows, level.window
            level.table.put_hashes(y, hashes[i, : y1 - y])

            def proves(hit: int, earlier: int, b: int = b, w: int = w) -> bool:
                windows = (kept(earlier - w, earlier, 0, b), kept(hit - w, hit, 0, b))
                return certify_window(self.game, b, windows, earlier, hit - earlier) is None

            found = level.table.first_repeat(w, max(level.first, y), y1, proves, LEVEL_ALL_KEYS)
            if found is not None:
                hit, earlier = found
                self.proved.append((b, earlier - w, hit - earlier))
                best = (b, hit - earlier)
        if best is not None:  # the lower levels are frozen with it
            self.active = [i for i in self.active if self.bounds[i] > best[0]]
        return best

    def wanted(self) -> np.ndarray:
        """Which levels' hashes the scan still reads (the last level is the whole strip)."""
        out = np.zeros(len(self.bounds) + 1, dtype=np.bool_)
        out[self.active] = True
        return out

    def skip(self, column: int) -> int:
        """Rows proved periodic at ``column`` (a violation of theirs lies before it)."""
        return max((b for b, start, _ in self.proved if start <= column), default=0)
