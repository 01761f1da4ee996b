"""Algorithm FWSG for F-Wythoff with bounded memory (numba).

The same kernel as :mod:`fast.wsg` (:mod:`fast._greedy`) with the slant
test of Jiao's step 2a: a diagonal used before blocks row r only while the
integer ratio is preserved. See :mod:`reference.fwsg` for the reconstructed
step 2a.

References
----------
Y. Jiao, "On the Sprague-Grundy values of the F-Wythoff game" (2013), §3,
Algorithm FWSG, Theorem 9. Seed ``001``.
"""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np

from fast._greedy import iter_rows
from fast.wsg import DEFAULT_CHUNK, GreedyResult, collect, result_bytes
from floor.memory import check_memory

__all__ = ["fwsg", "fwsg_rows"]


def fwsg_rows(g: int, rows: int, chunk: int = DEFAULT_CHUNK) -> Iterator[tuple[int, np.ndarray]]:
    """Run FWSG over rows 0..rows-1, yielding ``(r0, cols)`` per chunk.

    Same contract as :func:`fast.wsg.wsg_rows`, for F-Wythoff.

    Examples
    --------
    >>> [(r0, cols.tolist()) for r0, cols in fwsg_rows(1, 3, chunk=3)]
    [(0, [[0, 1], [1, -1], [3, 2]])]
    """
    return iter_rows(g, rows, chunk, True, what="fwsg")


def fwsg(g: int, rows: int) -> GreedyResult:
    """T_0 .. T_g of F-Wythoff for rows 0..rows-1 (Algorithm FWSG).

    Agrees with ``reference.fwsg.fwsg(g, rows)``; errors as :func:`fast.wsg.wsg`.

    Examples
    --------
    >>> fwsg(9, 6).T[9]
    [(0, 9), (1, 8), (2, 11), (3, 10), (4, 7), (5, 12)]
    """
    chunks = fwsg_rows(g, rows)
    check_memory(result_bytes(g, rows), f"fwsg arrays for g = {g}, rows = {rows}")
    return collect(chunks, g, rows)
