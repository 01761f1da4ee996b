"""Bounds on G(k, y) - y for the rows of a two-pile game, derived from its rules.

The window certificate of row periods (docs/strip.md) needs, for every row
k <= X, constants B_k and S_k with

    y - B_k <= G(k, y) <= y + B_k     and     every follower of (k, y) in a
                                            lower row lies in a column >= y - S_k,

and that every value v < y - B_k already appears in row k before column y.
This module derives them from a game's ``move_rays`` (``spec.TwoPileGame``:
rays ``(p, q, a, b[, guard])`` moving (x, y) to (x - p - i a, y - q - i b),
i >= 0), when the rules allow it:

1. **Every move along the row is allowed** (a ray ``(0, 1)``, i.e.
   ``(0, 1, 0, 1)``, with no guard). Then a row is a line: no value occurs
   twice in it.
2. **Moves into a lower row shift the column by a bounded amount**: a ray
   with a = 0 and p >= 1 must have b = 0 (a single jump); a ray with a >= 1
   reaches each lower row at most once.

Let r(k, k') be the number of rays that reach row k' < k from row k (each
with its column shift q + i b), B_k = sum over k' < k of r(k, k') and S_k the
largest shift. Then:

- **Upper bound.** (k, y) has y followers in its row and at most B_k in lower
  rows, so G(k, y) <= y + B_k (a mex is at most the number of followers).
- **Lower bound** (the column-first count). Suppose v does not appear in
  row k at a column < y. At such a column y', v is not excluded by the row;
  it is excluded only if some lower row k' holds v at a column c with
  (k', c) a follower of (k, y'). Row k' holds v at most once (1.), and that
  occurrence is a follower of at most r(k, k') columns of row k, so at most
  B_k columns are blocked. Every other column y' < y has mex <= v, hence
  G(k, y') < v (v itself is absent); distinct values in a line: at most v
  such columns. So y <= v + B_k: every v < y - B_k appears in row k before
  column y, and G(k, y) >= y - B_k.

Guards are ignored in the counts (a superset of the moves: the bounds only
get weaker, never wrong).

For Wythoff's game (rays (1, 0), (0, 1), (1, 1)) this gives B_k = 2k (the
column and the diagonal of each lower row): the lower bound y - 2k is
Landman's (004 Lemma 2); the upper bound y + 2k is weaker than his y + k,
which only makes the window longer.

Examples
--------
>>> b = row_bounds(((1, 0), (0, 1), (1, 1)), 3)
>>> b.blocks, b.shift
([0, 2, 4, 6], [0, 1, 2, 3])
>>> row_bounds(((1, 0), (0, 1), (1, 1)), 3).window
13
>>> print(row_bounds(((1, 0), (1, 1)), 2).reason)
no unguarded ray (0, 1): a move along the row is not always allowed, so a row need not be a line
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

__all__ = ["RowBounds", "row_bounds"]


@dataclass(frozen=True)
class RowBounds:
    """B_k and S_k of rows 0..X (see the module docstring), or why they do not exist.

    ``window`` is W = max over k of (2 B_k + 1, S_k + 1): the columns whose
    normalised values fix the state (a value >= y - B_k of row k sits at a
    column >= y - 2 B_k, every follower in a lower row at a column >= y - S_k).
    """

    rows: int
    blocks: list[int] = field(default_factory=list)
    shift: list[int] = field(default_factory=list)
    reason: str | None = None

    @property
    def window(self) -> int:
        if self.reason is not None:
            raise ValueError(f"no window: {self.reason}")
        return max(max(2 * b + 1, s + 1) for b, s in zip(self.blocks, self.shift, strict=True))


def _ray(ray: Any) -> tuple[int, int, int, int, str]:
    items = tuple(ray)
    guard = ""
    if items and isinstance(items[-1], str):
        guard, items = items[-1], items[:-1]
    if len(items) == 2:
        a, b = items
        return a, b, a, b, guard
    p, q, a, b = items
    return p, q, a, b, guard


def row_bounds(rays: Any, rows: int) -> RowBounds:
    """B_k and S_k for rows 0..rows of a game with these ``move_rays``.

    Parameters
    ----------
    rays : sequence of rays
        ``(a, b)``, ``(p, q, a, b)`` or with a guard string last.
    rows : int
        The largest row X (>= 0).
    """
    if isinstance(rows, bool) or not isinstance(rows, int) or rows < 0:
        raise ValueError(f"rows must be an int >= 0 (rows = {rows!r})")
    parsed = [_ray(r) for r in rays]
    if not any(r[:4] == (0, 1, 0, 1) and not r[4] for r in parsed):
        return RowBounds(
            rows,
            reason="no unguarded ray (0, 1): a move along the row is not always allowed, "
            "so a row need not be a line",
        )
    for p, q, a, b, _ in parsed:
        if a == 0 and p >= 1 and b >= 1:
            return RowBounds(
                rows,
                reason=f"the ray {(p, q, a, b)} moves to row k - {p} with any column shift "
                f"{q} + i*{b}: the shift into a lower row is unbounded",
            )
    blocks, shift = [], []
    for k in range(rows + 1):
        count, largest = 0, 0
        for p, q, a, b, _ in parsed:
            if p == 0 and a == 0:
                continue  # along the row
            for drop in range(1, k + 1):  # the rows k - drop this ray reaches
                if drop >= p and ((a == 0 and drop == p) or (a > 0 and (drop - p) % a == 0)):
                    i = 0 if a == 0 else (drop - p) // a
                    count += 1
                    largest = max(largest, q + i * b)
        blocks.append(count)
        shift.append(largest)
    return RowBounds(rows, blocks, shift)
