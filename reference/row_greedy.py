"""P-positions row by row, greedily, for rules whose P-positions are few per row.

A greedy over rows finds the P-positions of a two-pile game one row after
the other when the game has the shape below; it is how Algorithm WSG finds
Wythoff's T_0 (Nivasch, seed ``000`` §2.1), generalised to the rules the
recent variants of Wythoff's game need: more diagonal rays (Fraenkel's
a-Wythoff), a counting rule (Larsson's k-blocking) and layers linked by a
pass (Miyadera, Manabe and Fukui).

The shape (:class:`GreedyRule`)
-------------------------------
Positions (x, y) in ``layers`` layers. The moves within a layer are:

* the whole row to the left, (x, y) -> (x, v), v < y;
* the whole column below, (x, y) -> (u, y), u < x;
* diagonal rays (p, q): (x - p - i, y - q - i), i >= 0, both >= 0; the set
  of rays is symmetric ((q, p) is a ray whenever (p, q) is);

and between layers, at the same cell, ``passes[s]``: (x, y, s) -> (x, y, t)
for each t listed (t < s), from every cell except (0, 0), the only cell
without a move in its layer (``from_origin``: from (0, 0) too).

A position is a P-position iff fewer than ``k`` of its options are
P-positions (k = 1: normal play, the P-positions of the mex rule).

Why the greedy is sound, and for which games
--------------------------------------------
The outcome of a cell depends only on how many of its options are
P-positions, and every option of (x, y) lies in an earlier row, or in row x
to the left, or (a pass) in an earlier layer of the same cell. So the rows
can be decided in order, and within a row from left to right, layer by
layer. Because the whole row to the left is an option, a row holds at most
k P-positions of a layer: once k are found, every later cell of the row
has k P-options. A cell far enough to the right (past every column and
diagonal an earlier row's P-position occupies, and past the earlier
layers' P-positions of the row) has only the row's own P-positions as
P-options, so the scan of a row always ends, after exactly k P-positions.
Because the rule is symmetric, so are its P-positions: the cells (x, y)
with y < x are the mirrors of cells of earlier rows, so only y >= x is
scanned. None of this holds for a rule with a move outside this shape (a
jump, a ray in another direction, a guard, a follower list, a terminal
set), and :func:`fast.row_greedy.greedy_rule` refuses those games.

This module is the readable form: it scans every cell y >= x of a row (a
number of steps about quadratic in the rows); :mod:`fast.row_greedy` is its
twin with the same contract, which skips the occupied cells with trees.

Examples
--------
>>> wythoff = GreedyRule(diagonals=((1, 1),))
>>> p_positions(wythoff, 6).pairs(0)  # 000 Theorem 1.1: (floor(n phi), floor(n phi^2))
[(0, 0), (1, 2), (3, 5), (4, 7)]
>>> blocking = GreedyRule(diagonals=((1, 1),), k=3)
>>> p_positions(blocking, 3).pairs(0)
[(0, 0), (0, 1), (0, 2), (1, 3), (1, 4), (2, 5), (2, 6)]

References
----------
G. Nivasch, Games of No Chance 3 (2009), §2.1, Algorithm WSG (seed ``000``);
U. Larsson, "Blocking Wythoff Nim", Electron. J. Combin. 18 (2011) P120;
R. Miyadera, H. Manabe, M. Fukui, "Wythoff's game with a pass", arXiv:1711.04960;
A. S. Fraenkel, Amer. Math. Monthly 89 (1982) (a-Wythoff).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

__all__ = ["CELL_SECONDS", "GreedyRule", "RowPoints", "cost", "p_positions"]

#: Seconds per row squared of :func:`p_positions` (it scans every cell y >= x of a row;
#: x86_64, load 6, 2026-11-26: Wythoff 1500 rows 61 s, 4-blocking 800 rows 39 s): the
#: registry's cost model reads it.
CELL_SECONDS = 6e-5


@dataclass(frozen=True)
class GreedyRule:
    """A rule of the greedy's shape (see the module docstring).

    Attributes
    ----------
    diagonals : tuple of (int, int)
        The diagonal rays (p, q): (x - p - i, y - q - i), i >= 0; symmetric.
    k : int
        P iff fewer than k options are P-positions (1: normal play).
    layers : int
        The number of layers (states), computed in order 0, 1, ...
    passes : tuple of tuple of int
        ``passes[s]``: the earlier layers t < s that (x, y, s) moves to.
    from_origin : bool
        Whether the passes apply at (0, 0) too.
    """

    diagonals: tuple[tuple[int, int], ...]
    k: int = 1
    layers: int = 1
    passes: tuple[tuple[int, ...], ...] = ((),)
    from_origin: bool = False

    def __post_init__(self) -> None:
        self._check_layers()
        self._check_diagonals()

    def _check_layers(self) -> None:
        """ValueError unless k, layers and passes are in range (passes go to earlier layers)."""
        if isinstance(self.k, bool) or not isinstance(self.k, int) or not 1 <= self.k <= 100:
            raise ValueError(f"greedy rule: k = {self.k!r} must be an int in 1..100")
        if isinstance(self.layers, bool) or not isinstance(self.layers, int) or self.layers < 1:
            raise ValueError(f"greedy rule: layers = {self.layers!r} must be an int >= 1")
        if len(self.passes) != self.layers:
            raise ValueError(
                f"greedy rule: passes has {len(self.passes)} entries, expected one per layer "
                f"({self.layers})"
            )
        for s, targets in enumerate(self.passes):
            for t in targets:
                if not 0 <= t < s:
                    raise ValueError(
                        f"greedy rule: layer {s} passes to layer {t}; a pass must go to an "
                        "earlier layer"
                    )

    def _check_diagonals(self) -> None:
        """ValueError unless every diagonal ray (p, q) has p, q >= 0, p + q >= 1, and its mirror."""
        seen = set()
        for ray in self.diagonals:
            p, q = ray
            if min(p, q) < 0 or p + q < 1:
                raise ValueError(f"greedy rule: diagonal ray {ray!r} needs p, q >= 0, p + q >= 1")
            seen.add((p, q))
        for p, q in seen:
            if (q, p) not in seen:
                raise ValueError(
                    f"greedy rule: the diagonal rays are not symmetric ((p, q) = ({p}, {q}) "
                    f"without ({q}, {p}))"
                )

    @property
    def reach(self) -> int:
        """How many earlier rows a diagonal ray's count depends on individually."""
        return max((p + q for p, q in self.diagonals), default=0) + 1


@dataclass
class RowPoints:
    """The P-positions (a, b), a <= b, a < rows, of each layer, ordered by (a, b).

    ``a[s]`` and ``b[s]`` are sequences (lists here, numpy arrays from
    :mod:`fast.row_greedy`); a cell below the diagonal is the mirror (b, a)
    of one of them.
    """

    rows: int
    a: list[Sequence[int]] = field(default_factory=list)
    b: list[Sequence[int]] = field(default_factory=list)

    def pairs(self, layer: int = 0) -> list[tuple[int, int]]:
        """The P-positions (a, b), a <= b, of ``layer`` as a list of pairs."""
        return [(int(a), int(b)) for a, b in zip(self.a[layer], self.b[layer], strict=True)]

    def __len__(self) -> int:
        return len(self.a)


def _check_rows(rows: Any) -> int:
    if isinstance(rows, bool) or not isinstance(rows, int) or rows < 0:
        raise ValueError(f"p_positions: rows must be an int >= 0 (rows = {rows!r})")
    return rows


def cost(rows: int) -> tuple[float, int]:
    """Estimated seconds (:data:`CELL_SECONDS` per row squared) and bytes (about 120 a row)
    of :func:`p_positions` for ``rows`` rows.

    >>> cost(1000)
    (60.0, 120000)
    """
    return rows * rows * CELL_SECONDS, 120 * rows


def _is_p(layer: list[list[int]], u: int, v: int) -> bool:
    """Whether (u, v), u, v >= 0, in a decided row or row x to the left, is a P-position."""
    if u <= v:
        return v in layer[u]
    return u in layer[v]  # the mirror (v, u) of an earlier row


def _diagonal_p_options(rule: GreedyRule, layer: list[list[int]], x: int, y: int) -> int:
    """The P-positions among the followers of (x, y) on the rule's diagonal rays."""
    count = 0
    for p, q in rule.diagonals:
        u, v = x - p, y - q
        while u >= 0 and v >= 0:
            count += _is_p(layer, u, v)
            u, v = u - 1, v - 1
    return count


def _decide_row(
    rule: GreedyRule, found: list[list[list[int]]], upper: dict[int, int], s: int, x: int
) -> None:
    """Row x of layer s: cells (x, y), y = x, x + 1, ..., until the row holds k P-positions.

    A cell is a P-position when fewer than k of its options are; ``upper`` counts
    the P-positions (u, c), u < x, of each column c of the layer.
    """
    row = found[s][x]
    lower = upper.get(x, 0)  # the P-positions (x, v), v < x: mirrors of (v, x)
    y = x
    while lower + len(row) < rule.k:
        p_options = lower + len(row)  # the row to the left
        p_options += upper.get(y, 0)  # the column below: (u, y), u < x <= y
        p_options += _diagonal_p_options(rule, found[s], x, y)
        if (x, y) != (0, 0) or rule.from_origin:
            p_options += sum(y in found[t][x] for t in rule.passes[s])
        if p_options < rule.k:
            row.append(y)
        y += 1


def p_positions(rule: GreedyRule, rows: int) -> RowPoints:
    """The P-positions (a, b), a <= b, a < rows, of every layer of ``rule``, row by row.

    Parameters
    ----------
    rule : GreedyRule
        A rule of the greedy's shape.
    rows : int
        Rows 0 .. rows - 1 are decided.

    Returns
    -------
    RowPoints

    Raises
    ------
    ValueError
        ``rows`` is not an int >= 0.

    Notes
    -----
    Written for reading: every cell (x, y), y >= x, of a row is decided
    from counts of the P-positions already found, until the row holds k of
    them. ``found[s][x]`` holds the columns y >= x of row x; the count of a
    diagonal ray reads the rows it reaches (a P-position below the diagonal
    through its mirror).

    Examples
    --------
    >>> one_pass = GreedyRule(diagonals=((1, 1),), layers=2, passes=((), (0,)))
    >>> p_positions(one_pass, 5).pairs(1)  # Wythoff with a pass (arXiv:1711.04960)
    [(0, 0), (1, 3), (2, 5), (4, 8)]
    """
    rows = _check_rows(rows)
    # found[s][x]: the columns y >= x of the P-positions of row x, layer s, ascending.
    found: list[list[list[int]]] = [[] for _ in range(rule.layers)]
    upper: list[dict[int, int]] = [{} for _ in range(rule.layers)]  # column c -> rows r < c
    for x in range(rows):
        for s in range(rule.layers):
            found[s].append([])
            _decide_row(rule, found, upper[s], s, x)
        for s in range(rule.layers):
            for y in found[s][x]:
                if y > x:
                    upper[s][y] = upper[s].get(y, 0) + 1
    return RowPoints(
        rows,
        [[x for x in range(rows) for _ in found[s][x]] for s in range(rule.layers)],
        [[y for x in range(rows) for y in found[s][x]] for s in range(rule.layers)],
    )
