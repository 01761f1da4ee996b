"""The strip's geometry: its window, where its rules settle, its bitsets and its ring.

Everything the kernel, the cost models and the search share about a strip of
rows 0..X: the window ``W = 3X`` (docs/strip.md), the first column from
which the rules do not depend on the column, the width of a row's circular
bitset, the dtype of the ring of normalised columns, the kernel's blocks of
columns, and the checks of a game's name and a rectangle's sides.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from fast._kernel_games import CODES, GAMES

__all__ = ["BLOCK", "GAMES", "STEP_CELLS", "start_column", "window"]

#: Columns computed per kernel call (a progress tick).
BLOCK = 4096
#: Cells one kernel call computes at most (a few milliseconds): between calls the kernel
#: is back in Python, so Ctrl-C stops it within a fraction of a second (the CLI's protocol).
STEP_CELLS = 1 << 20
#: Spare words after each row's bitset: a row then spans an odd number of cache lines, so
#: the rows' words spread over the cache sets (a power-of-two stride put them in a few).
_PAD = 8


def _check_game(game: str) -> None:
    if game not in CODES:
        raise ValueError(f"game must be one of {', '.join(GAMES)} (game = {game!r})")


def window(rows: int) -> int:
    """``W``: the columns whose normalised values fix the future of rows 0..rows-1.

    ``3X`` for X = rows - 1 (docs/strip.md): the values of row k that are at
    least ``y - 2k`` sit in the last ``3k`` columns, the diagonal followers
    in the last ``k``. At least 1.

    Examples
    --------
    >>> window(1), window(4), window(161)
    (1, 9, 480)
    """
    return max(1, 3 * (rows - 1))


def start_column(game: str, rows: int) -> int:
    """The first column from which the rules of rows 0..X do not depend on the column.

    Wythoff 0; R-Wythoff X + 1 (the column pile is then the larger: moves
    along the row and slant moves, never across); F-Wythoff ``X**2 + 1``
    (no slant follower once y >= k**2: e // (k - 1) > e // k for
    e = y - k >= k (k - 1), 001 Lemma 2).

    Examples
    --------
    >>> start_column("wythoff", 10), start_column("r-wythoff", 10), start_column("f-wythoff", 10)
    (0, 10, 82)
    """
    x = rows - 1
    if game == "wythoff":
        return 0
    if game == "r-wythoff":
        return x + 1
    return x * x + 1


def _words(rows: int) -> int:
    """uint64 words of a circular bitset: a power of two, at least 3X + 2 + 64 bits."""
    need = (3 * max(rows - 1, 0) + 2 + 64 + 63) // 64
    words = 1
    while words < need:
        words *= 2
    return words


def _ring_dtype(rows: int) -> Any:
    """int16 holds D in [-2X, X] up to 10,000 rows."""
    return np.int16 if rows <= 10_000 else np.int32


def _check_rows_cols(rows: int, cols: int) -> None:
    for name, v in (("rows", rows), ("cols", cols)):
        if isinstance(v, bool) or not isinstance(v, (int, np.integer)) or v < 0:
            raise ValueError(f"{name} must be an int >= 0 ({name} = {v!r})")
