"""Figures of seed 000 and Grundy-table heat maps, drawn with matplotlib (PNG).

Every function draws on a fresh :class:`matplotlib.figure.Figure` (the Agg
canvas, no pyplot state, no display needed) and writes the PNG atomically.
As in the paper (000 §1, "graphical representation"), the first coordinate
of a point is plotted vertically, increasing upwards, and the second
horizontally: a point (a, b) of T_g is drawn at x = b, y = a.

=========  =====================================================  ============================
function   what it shows (seed 000)                               data
=========  =====================================================  ============================
figure2    first terms of T_0 (framed) and T_20 (filled), Fig. 2  Algorithm WSG, g = 20
figure9    histogram of d_n^g - n for g = 30 to a row bound, F. 9  ``dn-histogram`` experiment
figure10   first terms of T_200 (and T_0 for reference), Fig. 10  Algorithm WSG, g = 200
figure11   histogram of rows to convergence, g = 10, Fig. 11      ``nivasch-table5`` experiment
heatmap    G[x, y] of any registered two-pile game                the fastest implementation
=========  =====================================================  ============================

:func:`row_periods` draws the period and preperiod of each row on a log
scale from saved ``row-periods`` results (the row-period atlas).
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np
from matplotlib.figure import Figure

from grundy.registry.sequences import stream_points

__all__ = [
    "PNG_SIGNATURE",
    "figure2",
    "figure9",
    "figure10",
    "figure11",
    "heatmap",
    "row_periods",
    "t_sequences",
]

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def t_sequences(g: int, rows: int, wanted: Sequence[int]) -> dict[int, list[tuple[int, int]]]:
    """T_h for each h in ``wanted`` (h <= g): the h-points (a, b), a <= b, a < rows.

    Examples
    --------
    >>> t_sequences(4, 9, [0, 4])[4]
    [(0, 4), (1, 3), (2, 5), (6, 7), (8, 8)]
    """
    points: dict[int, list[tuple[int, int]]] = {h: [] for h in wanted}
    for h, a, b in stream_points("wythoff", g, rows):
        if h in points:
            points[h].append((a, b))
    return points


def _save(figure: Figure, path: str | os.PathLike[str], dpi: int = 120) -> Path:
    """Write ``figure`` as PNG to ``path`` atomically; return the path."""
    target = Path(path)
    if target.suffix.lower() != ".png":
        raise ValueError(f"plots are written as PNG: --out must end in .png (out = {str(path)!r})")
    target.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".png")
    os.close(fd)
    umask = os.umask(0)
    os.umask(umask)
    try:
        os.chmod(tmp, 0o666 & ~umask)  # mkstemp makes it 0600; a plot is an ordinary file
        figure.savefig(tmp, format="png", dpi=dpi, bbox_inches="tight")
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    return target


def _points_axes(figure: Figure, title: str) -> Any:
    axes = figure.add_subplot()
    axes.set_title(title)
    axes.set_xlabel("column (second coordinate b)")
    axes.set_ylabel("row (first coordinate a)")
    axes.set_aspect("equal")
    axes.grid(True, linewidth=0.3, alpha=0.5)
    return axes


def figure2(path: str | os.PathLike[str], *, rows: int = 40, g: int = 20) -> Path:
    """000 Figure 2: the first terms of T_0 (framed squares) and T_g (filled), g = 20.

    Draws the points (a, b), a <= b, with a < ``rows`` at x = b, y = a.
    """
    if rows < 1 or g < 1:
        raise ValueError(f"rows and g must be >= 1 (rows = {rows}, g = {g})")
    seqs = t_sequences(g, rows, [0, g])
    figure = Figure(figsize=(8, 5))
    axes = _points_axes(figure, f"First terms of T_0 (framed) and T_{g} (filled), rows < {rows}")
    a0, b0 = zip(*seqs[0], strict=True)
    ag, bg = zip(*seqs[g], strict=True)
    axes.scatter(b0, a0, marker="s", s=22, facecolors="none", edgecolors="black", label="T_0")
    axes.scatter(bg, ag, marker="s", s=22, color="tab:blue", label=f"T_{g}")
    axes.legend(loc="upper left")
    return _save(figure, path)


def figure9(
    path: str | os.PathLike[str], histogram: Sequence[tuple[int, int]], *, g: int, rows: int
) -> Path:
    """000 Figure 9: histogram of d_n^g - n, counting points in rows < ``rows``.

    ``histogram`` is [(d - n, count)] (from the ``dn-histogram`` experiment).
    The proven bounds -16g and 2g of Theorem 2.15 are drawn as dashed lines
    when they fall near the data.
    """
    if not histogram:
        raise ValueError("the histogram is empty")
    values, counts = zip(*sorted(histogram), strict=True)
    figure = Figure(figsize=(8, 4.5))
    axes = figure.add_subplot()
    axes.bar(values, counts, width=0.9, color="tab:blue")
    axes.set_title(f"Histogram of d_n^g - n for g = {g}, points in rows < {rows:,}")
    axes.set_xlabel("d_n^g - n")
    axes.set_ylabel("number of points")
    low, high = min(values), max(values)
    for bound, label in ((-16 * g, "-16g"), (2 * g, "2g")):
        if low - 5 <= bound <= high + 5:
            axes.axvline(bound, linestyle="--", color="gray", linewidth=0.8)
            axes.annotate(label, (bound, max(counts)), ha="center", va="bottom", color="gray")
    return _save(figure, path)


def figure10(path: str | os.PathLike[str], *, rows: int = 600, g: int = 200) -> Path:
    """000 Figure 10: the first terms of T_200 (filled), with T_0 (framed) for reference.

    T_g starts near (0, g) and first runs close to the 0-points before it
    "smooths out" into a strip around them (000 §2.6).
    """
    if rows < 1 or g < 1:
        raise ValueError(f"rows and g must be >= 1 (rows = {rows}, g = {g})")
    seqs = t_sequences(g, rows, [0, g])
    figure = Figure(figsize=(9, 6))
    axes = _points_axes(figure, f"First terms of T_{g} (filled), T_0 (framed), rows < {rows}")
    a0, b0 = zip(*seqs[0], strict=True)
    ag, bg = zip(*seqs[g], strict=True)
    axes.scatter(
        b0, a0, marker="s", s=6, facecolors="none", edgecolors="gray", linewidths=0.5, label="T_0"
    )
    axes.scatter(bg, ag, marker="s", s=6, color="tab:red", label=f"T_{g}")
    axes.legend(loc="upper left")
    return _save(figure, path)


def figure11(
    path: str | os.PathLike[str],
    histogram: Sequence[tuple[int, int]],
    *,
    g: int,
    rows: int | None = None,
    log: bool = True,
) -> Path:
    """000 Figure 11: histogram of the number of rows to convergence (g = 10).

    ``histogram`` is [(rows to convergence, number of starting rows)].
    The count axis is logarithmic by default, to show the rare long ones.
    """
    if not histogram:
        raise ValueError("the histogram is empty")
    values, counts = zip(*sorted(histogram), strict=True)
    figure = Figure(figsize=(8, 4.5))
    axes = figure.add_subplot()
    axes.bar(values, counts, width=1.0, color="tab:green")
    bound = f", up to row {rows:,}" if rows else ""
    axes.set_title(f"Rows to convergence for g = {g}{bound}")
    axes.set_xlabel("rows to convergence")
    axes.set_ylabel("number of starting rows")
    if log:
        axes.set_yscale("log")
    return _save(figure, path)


def heatmap_figure(table: Any, *, title: str, coordinates: Sequence[str] = ("x", "y")) -> Figure:
    """A heat map of a Grundy table ``G[x, y]``: the first coordinate vertical (0 at the
    bottom), the second across, integer ticks, axes named by ``coordinates`` (the
    game's own names: Fibonacci Nim's are (n, r))."""
    from matplotlib.ticker import MaxNLocator

    grid = np.asarray(table)
    if grid.ndim != 2 or grid.size == 0:
        raise ValueError(f"a heat map needs a non-empty 2-d table (shape {grid.shape})")
    if len(coordinates) != 2:
        raise ValueError(f"a heat map needs two coordinate names (coordinates = {coordinates!r})")
    size = max(grid.shape)
    figure = Figure(figsize=(7, 6))
    axes = figure.add_subplot()
    image = axes.imshow(grid, origin="lower", cmap="viridis", interpolation="nearest")
    colorbar = figure.colorbar(image, ax=axes, label="Grundy value")
    colorbar.locator = MaxNLocator(integer=True)
    colorbar.update_ticks()
    if size <= 24:
        for (x, y), value in np.ndenumerate(grid):
            axes.text(y, x, str(value), ha="center", va="center", fontsize=7, color="white")
    axes.xaxis.set_major_locator(MaxNLocator(integer=True))
    axes.yaxis.set_major_locator(MaxNLocator(integer=True))
    axes.set_title(title)
    axes.set_xlabel(f"{coordinates[1]} (second coordinate)")
    axes.set_ylabel(f"{coordinates[0]} (first coordinate)")
    return figure


def heatmap(
    path: str | os.PathLike[str],
    table: Any,
    *,
    title: str,
    coordinates: Sequence[str] = ("x", "y"),
) -> Path:
    """Write :func:`heatmap_figure` of ``table`` as PNG to ``path``."""
    return _save(heatmap_figure(table, title=title, coordinates=coordinates), path)


def row_periods(
    path: str | os.PathLike[str],
    series: Sequence[tuple[str, Sequence[Sequence[int]]]],
    *,
    title: str = "Additive periods of the rows (Landman's machine)",
) -> Path:
    """Period and preperiod against the row, log scale, one pair of lines per series.

    ``series`` is [(label, table)] where each table row starts
    ``[row, preperiod, period, ...]`` (the ``row-periods`` experiment's
    columns). Zeros (a preperiod 0) are not drawn on the log axis.
    """
    if not series or not any(len(table) for _, table in series):
        raise ValueError("row_periods needs at least one non-empty table")
    figure = Figure(figsize=(9, 5))
    axes = figure.add_subplot()
    for index, (label, table) in enumerate(series):
        rows = np.array([r[0] for r in table])
        pre = np.array([r[1] for r in table], dtype=float)
        period = np.array([r[2] for r in table], dtype=float)
        color = f"C{index}"
        axes.plot(rows, period, "o-", ms=3, color=color, label=f"{label}: period")
        shown = pre > 0
        axes.plot(
            rows[shown],
            pre[shown],
            "s--",
            ms=3,
            color=color,
            alpha=0.6,
            label=f"{label}: preperiod",
        )
    axes.set_yscale("log")
    axes.set_xlabel("row (Wythoff) / column a (F-, R-Wythoff)")
    axes.set_ylabel("period, preperiod")
    axes.set_title(title)
    axes.grid(True, which="major", alpha=0.3)
    axes.legend(fontsize=8)
    return _save(figure, path)
