"""Algorithm WSG for Wythoff's game with bounded memory (numba).

The h-points (a_n^h, b_n^h), a <= b, of T_0 .. T_g for rows a < ``rows``,
computed row by row as in :mod:`reference.wsg` but with sliding-window
bitsets (:mod:`fast._greedy`): the state is about (g + 2) * 2 * rows / 8
bytes, so 31 sequences up to row 10**8 need about 1 GB of state. The points
come out either chunk by chunk (:func:`wsg_rows`, for streaming consumers)
or collected (:func:`wsg`).

References
----------
G. Nivasch, "More on the Sprague-Grundy function for Wythoff's game",
Games of No Chance 3 (2009), §2.1, Algorithm WSG. Seed ``000``.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import overload

import numpy as np

from fast._greedy import iter_rows, state_bytes
from floor.memory import check_memory

__all__ = ["DEFAULT_CHUNK", "GreedyResult", "collect", "stream_bytes", "wsg", "wsg_rows"]

#: Rows per kernel call in :func:`wsg_rows` by default.
DEFAULT_CHUNK = 1 << 16


class _PointLists(Sequence[list[tuple[int, int]]]):
    """``T[h]``: the h-points as a list of (a, b) pairs, made on demand from the arrays."""

    def __init__(self, result: GreedyResult) -> None:
        self._result = result

    def __len__(self) -> int:
        return self._result.g + 1

    @overload
    def __getitem__(self, h: int) -> list[tuple[int, int]]: ...

    @overload
    def __getitem__(self, h: slice) -> list[list[tuple[int, int]]]: ...

    def __getitem__(self, h: int | slice) -> list[tuple[int, int]] | list[list[tuple[int, int]]]:
        if isinstance(h, slice):
            return [self[i] for i in range(*h.indices(len(self)))]
        if not -len(self) <= h < len(self):
            raise IndexError(f"T[{h}]: values 0..{self._result.g} were computed")
        h %= len(self)
        return list(zip(self._result.a(h), self._result.b(h), strict=True))


@dataclass
class GreedyResult:
    """T_0 .. T_g as padded arrays, with the interface of :class:`reference.wsg.WSGResult`.

    ``T[h]``, ``a(h)``, ``b(h)`` and ``d(h)`` answer as the reference's do
    (lists); the arrays are there for vectorised work.

    Attributes
    ----------
    g, rows : int
        Values 0..g, rows 0..rows-1 (every point with a < rows).
    a_table, b_table : numpy.ndarray
        int64 arrays of shape ``(g + 1, max(counts))``: ``a_table[h, n] =
        a_n^h``, ``b_table[h, n] = b_n^h`` for ``n < counts[h]``, -1 beyond.
    counts : numpy.ndarray
        Number of h-points with a < rows, per h.
    """

    g: int
    rows: int
    a_table: np.ndarray
    b_table: np.ndarray
    counts: np.ndarray

    @property
    def T(self) -> _PointLists:
        """``T[h][n] = (a_n^h, b_n^h)``, the paper's T_h (as the reference's ``T``)."""
        return _PointLists(self)

    @cached_property
    def A(self) -> list[set[int]]:
        """The paper's A_h (1-5): the first coordinates of the h-points (as the reference's)."""
        return [set(self.a(h)) for h in range(self.g + 1)]

    @cached_property
    def B(self) -> list[set[int]]:
        """The paper's B_h: the second coordinates of the h-points."""
        return [set(self.b(h)) for h in range(self.g + 1)]

    @cached_property
    def D(self) -> list[set[int]]:
        """The paper's D_h: the diagonals of the h-points."""
        return [set(self.d(h)) for h in range(self.g + 1)]

    def a(self, h: int) -> list[int]:
        """The sequence a_n^h, n = 0, 1, ..."""
        values: list[int] = self.a_table[h, : int(self.counts[h])].tolist()
        return values

    def b(self, h: int) -> list[int]:
        """The sequence b_n^h, n = 0, 1, ..."""
        values: list[int] = self.b_table[h, : int(self.counts[h])].tolist()
        return values

    def d(self, h: int) -> list[int]:
        """The diagonals d_n^h = b_n^h - a_n^h."""
        k = int(self.counts[h])
        values: list[int] = (self.b_table[h, :k] - self.a_table[h, :k]).tolist()
        return values


def collect(chunks: Iterator[tuple[int, np.ndarray]], g: int, rows: int) -> GreedyResult:
    """Gather the chunks of :func:`wsg_rows` / :func:`fast.fwsg.fwsg_rows` into arrays."""
    parts_a: list[list[np.ndarray]] = [[] for _ in range(g + 1)]
    parts_b: list[list[np.ndarray]] = [[] for _ in range(g + 1)]
    for r0, cols in chunks:
        for h in range(g + 1):
            found = np.flatnonzero(cols[:, h] >= 0)
            parts_a[h].append(found + r0)
            parts_b[h].append(cols[found, h])
    counts = np.array([sum(len(p) for p in parts) for parts in parts_a], dtype=np.int64)
    width = int(counts.max()) if g >= 0 and len(counts) else 0
    a = np.full((g + 1, width), -1, dtype=np.int64)
    b = np.full((g + 1, width), -1, dtype=np.int64)
    for h in range(g + 1):
        if parts_a[h]:
            a[h, : counts[h]] = np.concatenate(parts_a[h])
            b[h, : counts[h]] = np.concatenate(parts_b[h])
    return GreedyResult(g=g, rows=rows, a_table=a, b_table=b, counts=counts)


def result_bytes(g: int, rows: int) -> int:
    """Estimated bytes of the collected arrays (about rows / phi points per h)."""
    return 2 * 2 * 8 * (g + 1) * (rows * 2 // 3 + g + 16) + state_bytes(g, rows)


#: Bytes per (h, row) held by a streamed pass of :func:`wsg_rows` / ``fast.fwsg.fwsg_rows``
#: (the columns still ahead of the row, measured with tracemalloc: about 21), with a margin.
BYTES_PER_H_ROW = 32


def stream_bytes(g: int, rows: int) -> int:
    """Estimated peak memory of a streamed WSG pass (O(g * rows): the columns ahead of the row).

    >>> stream_bytes(30, 100_000) // 2**20  # MiB
    94
    """
    return BYTES_PER_H_ROW * (g + 1) * rows


def wsg_rows(g: int, rows: int, chunk: int = DEFAULT_CHUNK) -> Iterator[tuple[int, np.ndarray]]:
    """Run WSG over rows 0..rows-1, yielding ``(r0, cols)`` per chunk of rows.

    Parameters
    ----------
    g : int
        Largest Grundy value (g >= 0).
    rows : int
        Number of rows (rows >= 0).
    chunk : int
        Rows per yielded block (chunk >= 1).

    Yields
    ------
    (int, numpy.ndarray)
        ``r0`` and an int64 array ``cols`` of shape ``(k, g + 1)``:
        ``cols[i, h] = b`` when (r0 + i, b) is an h-point with a <= b, -1
        when row r0 + i holds no such point (it is some b_n^h).

    Raises
    ------
    ValueError
        g, rows or chunk not a non-negative int (chunk >= 1).
    MemoryError
        State beyond half the available memory (:func:`fast._greedy.state_bytes`).

    Examples
    --------
    >>> [(r0, cols.tolist()) for r0, cols in wsg_rows(1, 4, chunk=2)]
    [(0, [[0, 1], [2, -1]]), (2, [[-1, 2], [5, 6]])]
    """
    return iter_rows(g, rows, chunk, False, what="wsg")


def wsg(g: int, rows: int) -> GreedyResult:
    """T_0 .. T_g of Wythoff's game for rows 0..rows-1 (Algorithm WSG).

    Parameters
    ----------
    g, rows : int
        The largest Grundy value and the number of rows, as :func:`wsg_rows`.

    Returns
    -------
    GreedyResult
        Padded arrays a, b and counts; agrees with ``reference.wsg.wsg(g, rows)``.

    Raises
    ------
    ValueError, MemoryError
        As :func:`wsg_rows`; MemoryError also when the collected arrays
        (about 16 (g + 1) rows / phi bytes) would not fit.

    Examples
    --------
    >>> wsg(4, 9).T[4]
    [(0, 4), (1, 3), (2, 5), (6, 7), (8, 8)]
    >>> wsg(0, 11).T[0]
    [(0, 0), (1, 2), (3, 5), (4, 7), (6, 10), (8, 13), (9, 15)]
    """
    chunks = wsg_rows(g, rows)
    check_memory(result_bytes(g, rows), f"wsg arrays for g = {g}, rows = {rows}")
    return collect(chunks, g, rows)
