"""Algorithm WSG: the g-points of Wythoff's game, row by row, greedily.

References
----------
G. Nivasch, "More on the Sprague-Grundy function for Wythoff's game",
Games of No Chance 3 (2009), §2.1, Algorithm WSG (page 385). Seed ``000``.
The same algorithm is Theorem 4.1 of I. Suriyaprakash, "Classical
Impartial Games" (2021), seed ``002``; first described by Blass and
Fraenkel.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

__all__ = ["PointSequences", "WSGResult", "wsg"]


@dataclass
class WSGResult:
    """The output of Algorithm WSG for 0 <= h <= g on rows 0..rows-1.

    Attributes
    ----------
    g : int
        The largest Grundy value computed.
    rows : int
        Rows 0 .. rows-1 were processed: ``T[h]`` holds every h-point
        (a, b) with a <= b and a < rows, in increasing a.
    T : list of list of (int, int)
        ``T[h][n] = (a_n^h, b_n^h)``, the paper's T_h.
    A, B, D : list of set of int
        The paper's A_h, B_h, D_h (1-5) restricted to the computed points.
    """

    g: int
    rows: int
    T: list[list[tuple[int, int]]]
    A: list[set[int]] = field(repr=False)
    B: list[set[int]] = field(repr=False)
    D: list[set[int]] = field(repr=False)

    def a(self, h: int) -> list[int]:
        """The sequence a_n^h, n = 0, 1, ..."""
        return [a for a, _ in self.T[h]]

    def b(self, h: int) -> list[int]:
        """The sequence b_n^h, n = 0, 1, ..."""
        return [b for _, b in self.T[h]]

    def d(self, h: int) -> list[int]:
        """The diagonals d_n^h = b_n^h - a_n^h."""
        return [b - a for a, b in self.T[h]]


class PointSequences(WSGResult):
    """``[T_0, ..., T_g]`` as a :class:`WSGResult` (the answer type of ``g-points``).

    ``rows`` defaults to one past the last point's row.

    Examples
    --------
    >>> p = PointSequences([[(0, 0), (1, 2)], [(0, 1)]])
    >>> p.T[0], p.a(0), p.b(0), p.d(0), p.D[0]
    ([(0, 0), (1, 2)], [0, 1], [0, 2], [0, 1], {0, 1})
    """

    def __init__(self, T: Sequence[list[tuple[int, int]]], rows: int | None = None) -> None:
        points = [list(t) for t in T]
        last = max((a for t in points for a, _ in t), default=-1)
        super().__init__(
            g=len(points) - 1,
            rows=last + 1 if rows is None else rows,
            T=points,
            A=[{a for a, _ in t} for t in points],
            B=[{b for _, b in t} for t in points],
            D=[{b - a for a, b in t} for t in points],
        )


Sequences = tuple[list[set[int]], list[set[int]], list[set[int]], list[list[tuple[int, int]]]]


def check_sizes(func: str, g: object, rows: object) -> None:
    """ValueError from ``func`` unless g and rows are ints >= 0 (WSG's and FWSG's arguments)."""
    for name, value in (("g", g), ("rows", rows)):
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise ValueError(f"{func}: {name} must be an int >= 0 ({name} = {value!r})")


def empty_sequences(g: int) -> Sequences:
    """``A, B, D, T`` for 0 <= h <= g, all empty (the start of WSG and FWSG)."""
    return (
        [set() for _ in range(g + 1)],
        [set() for _ in range(g + 1)],
        [set() for _ in range(g + 1)],
        [[] for _ in range(g + 1)],
    )


def wsg(g: int, rows: int) -> WSGResult:
    """Run Algorithm WSG for h = 0..g over rows 0..rows-1.

    Parameters
    ----------
    g : int
        Compute the h-points for 0 <= h <= g (g >= 0).
    rows : int
        Number of rows to process (rows >= 0).

    Returns
    -------
    WSGResult
        T_h and A_h, B_h, D_h for every h <= g.

    Raises
    ------
    ValueError
        If g or rows is not a non-negative int.

    Notes
    -----
    Written line by line after the paper; ``# WSG line k`` marks the line.
    The condition of line 6, (r, r + d) not in T_k for k < h, concerns row r
    only, so it is tested against the cells of row r already assigned a
    value k < h in this row.

    Examples
    --------
    >>> result = wsg(4, 9)
    >>> result.T[4]
    [(0, 4), (1, 3), (2, 5), (6, 7), (8, 8)]
    >>> result.T[0][:5]
    [(0, 0), (1, 2), (3, 5), (4, 7), (6, 10)]
    """
    check_sizes("wsg", g, rows)
    A, B, D, T = empty_sequences(g)  # WSG line 1
    for r in range(rows):  # WSG line 2
        assigned_in_row: set[int] = set()  # columns c with (r, c) in some T_k, k < h
        for h in range(g + 1):  # WSG line 3
            if r in B[h]:  # WSG line 4
                continue
            d = 0  # WSG line 5
            while (
                r + d in assigned_in_row  # WSG line 6
                or r + d in B[h]  # WSG line 7
                or d in D[h]  # WSG line 8
            ):
                d += 1
            T[h].append((r, r + d))  # WSG line 9
            A[h].add(r)  # WSG line 10
            B[h].add(r + d)  # WSG line 11
            D[h].add(d)  # WSG line 12
            assigned_in_row.add(r + d)
    return WSGResult(g=g, rows=rows, T=T, A=A, B=B, D=D)
