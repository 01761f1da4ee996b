"""The cells where a game's declared moves are compared with its definition (``followers``).

One sampling, read by the engine before a compiled rule answers a table
(:func:`fast.engine.followers.verify_rule`) and by the prover before it writes a game's moves
as formulas (:mod:`proofs_check.faithful`): every cell of a square, then cells of a
low-discrepancy sequence spread over a larger square, each with its transpose.
"""

from __future__ import annotations

__all__ = ["CHECK_SIDE", "CHECK_SPREAD", "check_cells", "check_side"]

#: Every cell of the square [0, n)^2 is compared, n the table's side rounded up to a power of
#: two, at most this.
CHECK_SIDE = 64
#: Past CHECK_SIDE, this many more cells spread over the table's square (each with its
#: transpose).
CHECK_SPREAD = 1024


def check_side(rows: int, cols: int) -> int:
    """The side of the square checked for a ``rows`` x ``cols`` table: a power of two.

    >>> check_side(13, 21), check_side(1, 1)
    (32, 2)
    """
    return 1 << max(int(max(rows, cols, 1)) - 1, 1).bit_length()


def check_cells(rows: int, cols: int) -> tuple[list[tuple[int, int]], list[tuple[int, int]]]:
    """The cells compared for a ``rows`` x ``cols`` table.

    Returns (square, spread): every cell of [0, n)^2 with n = min(side,
    :data:`CHECK_SIDE`), side the table's longer side rounded up to a power
    of two; then, when the side is larger, :data:`CHECK_SPREAD` cells of a
    low-discrepancy (Kronecker) sequence over [0, side)^2, each followed by
    its transpose (both orientations), so that every prefix is spread over
    the whole square.

    Examples
    --------
    >>> square, spread = check_cells(13, 21)
    >>> len(square), spread, (12, 20) in square, (20, 12) in square
    (1024, [], True, True)
    >>> square, spread = check_cells(1000, 1000)
    >>> len(square), len(spread), max(max(c) for c in spread) < 1024, spread[1] == spread[0][::-1]
    (4096, 2048, True, True)
    """
    side = check_side(rows, cols)
    n = min(side, CHECK_SIDE)
    square = [(x, y) for x in range(n) for y in range(n)]
    spread: list[tuple[int, int]] = []
    if side > CHECK_SIDE:
        alpha, beta = 0.7548776662466927, 0.5698402909980532  # the plastic number's R2 sequence
        for i in range(1, CHECK_SPREAD + 1):
            x, y = int(side * ((i * alpha) % 1.0)), int(side * ((i * beta) % 1.0))
            spread += [(x, y), (y, x)]
    return square, spread
