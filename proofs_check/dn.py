"""Statistics of d_n^h - n over the h-points of Wythoff's game (000 §2.6), in one pass.

For the h-points p_n^h = (a_n^h, b_n^h), a <= b, numbered by a, and
d_n^h = b_n^h - a_n^h, Nivasch's Table 2 lists the minimum and maximum of
d_n^h - n with the earliest n of each, Table 3 the maximum over n >= 100,
and Figure 9 the histogram; Theorem 2.15 bounds them by -16h and 2h. This
module computes all of them in one streaming pass of the registry's WSG
(:func:`registry.sequences.stream_blocks`, the fast kernel that the
``g-points`` question checks against the spec), vectorised per block of
rows, in the memory of WSG's sliding window plus one block. Every consumer
(the claims ``nivasch-table-2`` / ``-3`` and ``nivasch-thm-2.15``, the
experiments ``nivasch-table2`` and ``dn-histogram``) takes its numbers from
here; the comparison with the paper's tables is
:func:`reference.published.compare_table2` / ``compare_table3``.

References
----------
G. Nivasch, "More on the Sprague-Grundy function for Wythoff's game",
Games of No Chance 3 (2009), §2.6 Tables 2 and 3, Figure 9. Seed ``000``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np

from reference.published import DnExtremes
from registry.sequences import stream_blocks

__all__ = ["TABLE3_MIN_N", "DnStatistics", "dn_statistics"]

#: Table 3 counts the points with n >= TABLE3_MIN_N only.
TABLE3_MIN_N = 100
_BIG = np.iinfo(np.int64).max


@dataclass
class DnStatistics(DnExtremes):
    """:class:`reference.published.DnExtremes` (Tables 2 and 3), and the histograms.

    ``histograms``: per h, ``{d - n: count}`` (Figure 9), empty unless asked for.
    """

    histograms: list[dict[int, int]] = field(default_factory=list)


def dn_statistics(
    g: int,
    rows: int,
    *,
    histograms: bool = False,
    chunk: int = 1 << 14,
    advance: Callable[[int], None] | None = None,
) -> DnStatistics:
    """d_n^h - n statistics for h <= g over the h-points with a < rows.

    Parameters
    ----------
    g : int
        Values h = 0..g.
    rows : int
        The points with first coordinate a < rows (Table 2's "a <= 5e6" is
        ``rows = 5_000_001``).
    histograms : bool
        Also count every value (Figure 9).
    chunk : int
        Rows per kernel call (memory: about 10 int64 arrays of ``chunk * (g + 1)``).
    advance : callable, optional
        Called with the number of rows of each finished block (a progress bar's step).

    Returns
    -------
    DnStatistics

    Examples
    --------
    >>> s = dn_statistics(1, 501)
    >>> s.min, s.min_n, s.max, s.max_n
    ([0, -4], [0, 57], [0, 2], [0, 282])
    >>> [sorted(h.items()) for h in dn_statistics(1, 6, histograms=True).histograms]
    [[(0, 4)], [(-2, 1), (-1, 1), (1, 3)]]
    """
    if g < 0 or rows < 0 or chunk < 1:
        raise ValueError(
            f"need g >= 0, rows >= 0, chunk >= 1 (g = {g}, rows = {rows}, chunk = {chunk})"
        )
    size = g + 1
    lo = np.full(size, _BIG, dtype=np.int64)
    lo_n = np.full(size, -1, dtype=np.int64)
    hi = np.full(size, -_BIG, dtype=np.int64)
    hi_n = np.full(size, -1, dtype=np.int64)
    hi100 = np.full(size, -_BIG, dtype=np.int64)
    hi100_n = np.full(size, -1, dtype=np.int64)
    count = np.zeros(size, dtype=np.int64)
    hists: list[dict[int, int]] = [{} for _ in range(size)] if histograms else []
    columns = np.arange(size)
    for r0, cols in stream_blocks("wythoff", g, rows, chunk):
        present = cols >= 0
        n = count + np.cumsum(present, axis=0) - 1  # index of each point in T_h
        a = (r0 + np.arange(len(cols)))[:, None]
        dn = cols - a - n
        for stat, stat_n, values, lower in (
            (lo, lo_n, np.where(present, dn, _BIG), True),
            (hi, hi_n, np.where(present, dn, -_BIG), False),
            (hi100, hi100_n, np.where(present & (n >= TABLE3_MIN_N), dn, -_BIG), False),
        ):
            pick = values.argmin(axis=0) if lower else values.argmax(axis=0)
            best = values[pick, columns]
            improved = best < stat if lower else best > stat  # strict: the earliest n stays
            stat[improved] = best[improved]
            stat_n[improved] = n[pick, columns][improved]
        for h, hist in enumerate(hists):
            found, times = np.unique(dn[present[:, h], h], return_counts=True)
            for value, times_found in zip(found.tolist(), times.tolist(), strict=True):
                hist[value] = hist.get(value, 0) + times_found
        count += present.sum(axis=0)
        if advance is not None:
            advance(len(cols))
    lo[lo_n < 0] = 0
    hi[hi_n < 0] = 0
    hi100[hi100_n < 0] = 0
    return DnStatistics(
        rows=rows,
        min=lo.tolist(),
        min_n=lo_n.tolist(),
        max=hi.tolist(),
        max_n=hi_n.tolist(),
        max100=hi100.tolist(),
        max100_n=hi100_n.tolist(),
        count=count.tolist(),
        histograms=hists,
    )
