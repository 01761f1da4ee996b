"""Figures from Python: every function returns a :class:`matplotlib.figure.Figure`.

In a notebook the figure displays itself; ``figure.savefig("x.png")``
writes it. The CLI's ``grundy plot`` draws with these functions and only
adds the files (:mod:`grundy.plots`). No pyplot state is used: each figure
is a fresh ``Figure`` on the Agg canvas, so no display is needed.

As in the paper (000 §1, "graphical representation"), the first coordinate
of a point is plotted vertically, increasing upwards, and the second
horizontally: a point (a, b) of T_g is drawn at x = b, y = a.

=============  ================================================  ==============================
function       what it shows                                     data
=============  ================================================  ==============================
heatmap        G[x, y] of any registered two-pile game           the fastest implementation
row            G(row, y) with its preperiod and period marked    :func:`grundy.period`
atlas          period and preperiod of each row, log scale       ``row-periods`` results
figure2        T_0 (framed) and T_20 (filled), 000 Fig. 2        Algorithm WSG
figure9        histogram of d_n^g - n, g = 30, 000 Fig. 9        ``dn-histogram`` experiment
figure10       T_200 (filled) and T_0 (framed), 000 Fig. 10      Algorithm WSG
figure11       histogram of rows to convergence, 000 Fig. 11     ``nivasch-table5`` experiment
=============  ================================================  ==============================

Examples
--------
>>> from grundy import plot
>>> figure = plot.heatmap("wythoff", 8)
>>> figure.axes[0].get_title()
'wythoff: G, 0 <= x, y < 8 (fast.tables)'
>>> plot.row("wythoff", 3).axes[0].get_title()
'wythoff row 3: preperiod 8, period 6, saltus 6 (certified)'
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from typing import Any

import numpy as np
from matplotlib.figure import Figure

from floor.interrupt import spans
from grundy.plot_limits import MAX_PLOT_G, MAX_PLOT_ROWS, MAX_PLOT_STEPS
from proofs_check.claims_nivasch import thm_2_15_bounds
from registry.sequences import stream_points

__all__ = [
    "MAX_DRAWN_CELLS",
    "MAX_PLOT_G",
    "MAX_PLOT_ROWS",
    "MAX_PLOT_STEPS",
    "PlotFigure",
    "atlas",
    "check_points",
    "figure2",
    "figure9",
    "figure10",
    "figure11",
    "game_heatmap",
    "heatmap",
    "heatmap_labels",
    "larsson_blocking",
    "row",
    "t_sequences",
    "table_heatmap",
    "value_label",
    "value_range",
]


class PlotFigure(Figure):
    """A :class:`~matplotlib.figure.Figure` that shows itself as a PNG in Jupyter.

    A figure made without pyplot has no display hook of its own; this one
    has ``_repr_png_``, so a notebook cell that returns it shows the picture
    whatever the matplotlib backend.

    Examples
    --------
    >>> PlotFigure(figsize=(2, 2))._repr_png_()[:4]
    b'\\x89PNG'
    """

    def _repr_png_(self) -> bytes:
        buffer = io.BytesIO()
        self.savefig(buffer, format="png", dpi=100, bbox_inches="tight")
        return buffer.getvalue()


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


def check_points(g: int, rows: int) -> None:
    """Refuse a point plot whose WSG pass would run for minutes or exhaust memory."""
    from floor.memory import check_memory
    from registry.sequences import wsg_stream_bytes

    if (g + 1) * rows > MAX_PLOT_STEPS:
        raise ValueError(
            f"--g {g} with --rows {rows} is {(g + 1) * rows:,} WSG steps, more than the "
            f"{MAX_PLOT_STEPS:,} a point plot allows; lower --g or --rows"
        )
    check_memory(wsg_stream_bytes(g, rows), f"WSG for --g {g} over --rows {rows}")


def _points_axes(figure: Figure, title: str) -> Any:
    axes = figure.add_subplot()
    axes.set_title(title)
    axes.set_xlabel("column (second coordinate b)")
    axes.set_ylabel("row (first coordinate a)")
    axes.set_aspect("equal")
    axes.grid(True, linewidth=0.3, alpha=0.5)
    return axes


def _t0_and_tg(
    rows: int,
    g: int,
    figsize: tuple[float, float],
    title: str,
    *,
    size: float,
    frame: str,
    fill: str,
    linewidths: float | None = None,
) -> Figure:
    """T_0 (framed squares) and T_g (filled) at x = b, y = a, rows a < ``rows`` (000 Fig. 2, 10)."""
    if rows < 1 or g < 1:
        raise ValueError(f"rows and g must be >= 1 (rows = {rows}, g = {g})")
    seqs = t_sequences(g, rows, [0, g])
    figure = PlotFigure(figsize=figsize)
    axes = _points_axes(figure, title)
    a0, b0 = zip(*seqs[0], strict=True)
    ag, bg = zip(*seqs[g], strict=True)
    axes.scatter(
        b0,
        a0,
        marker="s",
        s=size,
        facecolors="none",
        edgecolors=frame,
        linewidths=linewidths,
        label="$T_0$",
    )
    axes.scatter(bg, ag, marker="s", s=size, color=fill, label=f"$T_{{{g}}}$")
    axes.legend(loc="upper left")
    return figure


def figure2(*, rows: int = 40, g: int = 20) -> Figure:
    """000 Figure 2: the first terms of T_0 (framed squares) and T_g (filled), g = 20.

    Draws the points (a, b), a <= b, with a < ``rows`` at x = b, y = a.
    """
    return _t0_and_tg(
        rows,
        g,
        (8, 5),
        f"First terms of $T_0$ (framed) and $T_{{{g}}}$ (filled), rows < {rows}",
        size=22,
        frame="black",
        fill="tab:blue",
    )


def _histogram(
    histogram: Sequence[tuple[int, int]],
    width: float,
    color: str,
    title: str,
    xlabel: str,
    ylabel: str,
) -> tuple[Figure, Any]:
    """A bar chart of [(value, count)] (a ValueError when it is empty): the figure, its axes."""
    if not histogram:
        raise ValueError("the histogram is empty")
    values, counts = zip(*sorted(histogram), strict=True)
    figure = PlotFigure(figsize=(8, 4.5))
    axes = figure.add_subplot()
    axes.bar(values, counts, width=width, color=color)
    axes.set_title(title)
    axes.set_xlabel(xlabel)
    axes.set_ylabel(ylabel)
    return figure, axes


def figure9(histogram: Sequence[tuple[int, int]], *, g: int, rows: int) -> Figure:
    """000 Figure 9: histogram of d_n^g - n, counting points in rows < ``rows``.

    ``histogram`` is [(d - n, count)] (from the ``dn-histogram`` experiment).
    The proven bounds -16g and 2g of Theorem 2.15 are drawn as dashed lines
    when they fall near the data.
    """
    title = f"Histogram of $d_n^g - n$ for $g = {g}$, points in rows < {rows:,}"
    figure, axes = _histogram(histogram, 0.9, "tab:blue", title, "$d_n^g - n$", "number of points")
    values, counts = zip(*histogram, strict=True)
    low, high = min(values), max(values)
    for bound, label in zip(thm_2_15_bounds(g), ("$-16g$", "$2g$"), strict=True):
        if low - 5 <= bound <= high + 5:
            axes.axvline(bound, linestyle="--", color="gray", linewidth=0.8)
            axes.annotate(label, (bound, max(counts)), ha="center", va="bottom", color="gray")
    return figure


def figure10(*, rows: int = 600, g: int = 200) -> Figure:
    """000 Figure 10: the first terms of T_200 (filled), with T_0 (framed) for reference.

    T_g starts near (0, g) and first runs close to the 0-points before it
    "smooths out" into a strip around them (000 §2.6).
    """
    return _t0_and_tg(
        rows,
        g,
        (9, 6),
        f"First terms of $T_{{{g}}}$ (filled), $T_0$ (framed), rows < {rows}",
        size=6,
        frame="gray",
        fill="tab:red",
        linewidths=0.5,
    )


def figure11(
    histogram: Sequence[tuple[int, int]], *, g: int, rows: int | None = None, log: bool = True
) -> Figure:
    """000 Figure 11: histogram of the number of rows to convergence (g = 10).

    ``histogram`` is [(rows to convergence, number of starting rows)].
    The count axis is logarithmic by default, to show the rare long ones.
    """
    bound = f", up to row {rows:,}" if rows else ""
    title = f"Rows to convergence for $g = {g}${bound}"
    figure, axes = _histogram(
        histogram, 1.0, "tab:green", title, "rows to convergence", "number of starting rows"
    )
    if log:
        axes.set_yscale("log")
    return figure


def table_heatmap(
    table: Any,
    *,
    title: str,
    coordinates: Sequence[str] = ("x", "y"),
    label: str = "Grundy value",
    states: Sequence[Any] | None = None,
    panel_label: str = "state s",
) -> Figure:
    """A heat map of a Grundy table ``G[x, y]`` given as an array.

    The first coordinate runs vertically (0 at the bottom), the second
    across, with integer ticks; the axes are named by ``coordinates`` (the
    game's own names: Fibonacci Nim's are (n, r)). Values are written in the
    cells of tables up to 24 x 24. A table ``G[s, x, y]`` of a game with a
    state gets one panel per state (``states`` names them; ``panel_label`` names the first
    coordinate: ``"x"`` for the cube ``G[x, y, z]`` of a three-pile game, a panel per x);
    ``label`` names the values (a counting rule's tables hold outcomes, 0 = P, 1 = N).
    """
    grid = np.asarray(table)
    if grid.ndim not in (2, 3) or grid.size == 0:
        raise ValueError(f"a heat map needs a non-empty 2-d table (shape {grid.shape})")
    if len(coordinates) != 2:
        raise ValueError(f"a heat map needs two coordinate names (coordinates = {coordinates!r})")
    panels = [grid] if grid.ndim == 2 else list(grid)
    names = list(states) if states is not None else list(range(len(panels)))
    figure = PlotFigure(figsize=(7 * len(panels), 6))
    for index, panel in enumerate(panels):
        axes = figure.add_subplot(1, len(panels), index + 1)
        where = title if grid.ndim == 2 else f"{panel_label} = {names[index]}"
        _heatmap_axes(figure, axes, panel, where, coordinates, label)
    if grid.ndim == 3:
        figure.suptitle(title)
    return figure


def _heatmap_axes(
    figure: Figure, axes: Any, grid: np.ndarray, title: str, coordinates: Sequence[str], label: str
) -> None:
    """One panel of :func:`table_heatmap`."""
    from matplotlib.ticker import MaxNLocator

    size = max(grid.shape)
    low, high = value_range(grid)
    step = -(-size // MAX_DRAWN_CELLS)  # every step-th row and column is drawn
    rows, columns = grid.shape
    image = axes.imshow(
        grid[::step, ::step],
        origin="lower",
        cmap="viridis",
        interpolation="nearest",
        vmin=low,
        vmax=high,
        extent=(-0.5, -(-columns // step) * step - 0.5, -0.5, -(-rows // step) * step - 0.5),
    )
    axes.set_xlim(-0.5, columns - 0.5)
    axes.set_ylim(-0.5, rows - 0.5)
    colorbar = figure.colorbar(image, ax=axes, label=label)
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


#: The most rows and columns a heat map draws: a larger table is drawn from every k-th row
#: and column (nearest-cell sampling, as drawing it whole does: the picture has fewer pixels
#: than that), so that drawing and encoding take a fraction of a second and Ctrl-C is
#: answered at once whatever the table's size (issue 39).
MAX_DRAWN_CELLS = 2048
#: Cells of a table read in one step of :func:`value_range` (a few ms each).
RANGE_CELLS_PER_STEP = 1 << 22


def value_range(grid: np.ndarray) -> tuple[int, int]:
    """The least and largest value of a non-empty table, read in steps of
    :data:`RANGE_CELLS_PER_STEP` cells (Ctrl-C is raised between two steps).

    >>> value_range(np.array([[3, 1], [7, 2]]))
    (1, 7)
    """
    per_step = max(1, RANGE_CELLS_PER_STEP // max(1, grid[0].size))  # rows of the first axis
    low = high = int(grid.flat[0])
    for lo, hi in spans(len(grid), per_step):
        low = min(low, int(grid[lo:hi].min()))
        high = max(high, int(grid[lo:hi].max()))
    return low, high


def value_label(game: Any) -> str:
    """What a game's tables hold: "Grundy value", or the outcome under a counting rule.

    >>> value_label("wythoff"), value_label("blocking-wythoff:2")
    ('Grundy value', 'outcome (0 = P, 1 = N)')
    """
    import spec

    subject = spec.get_game(game) if isinstance(game, str) else game
    return "Grundy value" if spec.outcome_rule(subject) is None else "outcome (0 = P, 1 = N)"


def game_table(
    game: Any, size: int, implementation: str | None = None
) -> tuple[np.ndarray, str, str, tuple[str, str]]:
    """``(table, game name, implementation, coordinate names)`` of a two-pile game.

    The table comes from the registry's fastest implementation; ``game`` is a
    name (``grundy games``) or a :class:`spec.ImpartialGame`.
    """
    import spec
    from registry import question

    spec_game = spec.get_game(game) if isinstance(game, str) else game
    coordinates = spec_game.coordinates if isinstance(spec_game, spec.PileGame) else ("x", "y")
    # a three-pile game's cube is drawn as planes x = const: their axes are (y, z)
    coordinates = coordinates[1:3] if spec.is_three_pile(spec_game) else coordinates[:2]
    names = (str(coordinates[0]), str(coordinates[1])) if len(coordinates) == 2 else ("x", "y")
    answer = question("grundy-table", spec_game)(using=implementation, size=size)
    table, chosen = answer.value, answer.name
    values = np.asarray(table)  # its own integer type: no copy (a copy is seconds, gigabytes)
    if values.dtype.kind not in "iu":
        values = values.astype(np.int64)
    return values, spec_game.describe(), chosen, names


def heatmap(game: Any, size: int = 64) -> Figure:
    """The heat map of ``G[x, y]``, ``0 <= x, y < size``, of any registered two-pile game.

    Parameters
    ----------
    game : str or spec.ImpartialGame
        ``"wythoff"``, ``"a-wythoff:2"``, ``"fibonacci-nim"``... (``grundy games``).
    size : int
        Rows and columns drawn.
    """
    if isinstance(size, bool) or not isinstance(size, int) or size < 1:
        raise ValueError(f"size must be an int >= 1 (size = {size!r})")
    return game_heatmap(game, size)[0]


def game_heatmap(
    game: Any, size: int, implementation: str | None = None
) -> tuple[Figure, str, str]:
    """:func:`heatmap` by ``implementation`` (default the fastest), with the game's name and
    the implementation that computed the table (``grundy plot heatmap``)."""
    table, name, impl, coordinates = game_table(game, size, implementation)
    labels = heatmap_labels(game, table)  # issue 28: states, outcome tables
    every = [labels["panel_label"], *coordinates] if "panel_label" in labels else [*coordinates]
    title = f"{name}: G, 0 <= {', '.join(every)} < {size} ({impl})"
    return table_heatmap(table, title=title, coordinates=coordinates, **labels), name, impl


def heatmap_labels(game: Any, table: Any) -> dict[str, Any]:
    """``label`` and ``states`` of a game's heat map (see :func:`table_heatmap`); ``panel_label``
    for a three-pile game (a panel per plane x = const)."""
    import spec

    subject = spec_game(game)
    if spec.is_three_pile(subject):
        return {"label": value_label(game), "states": None, "panel_label": "x"}
    layered = isinstance(subject, spec.StateGame) and np.asarray(table).ndim == 3
    states = subject.states if layered else None
    return {"label": value_label(game), "states": states}


def spec_game(game: Any) -> Any:
    """The game object of a name (or the object itself)."""
    import spec

    return spec.get_game(game) if isinstance(game, str) else game


def row(game: Any, row: int, *, window: int = 2000) -> Figure:
    """G(row, y) against y, the preperiod shaded and each period's start marked.

    The values and the period come from :func:`grundy.period` (certified by
    the atlas or a window certificate where one applies, apparent on
    ``window`` values otherwise; the title says which): the preperiod and three periods.
    """
    from grundy import api

    found = api.period(game, row, window=window)
    certified = found.period is not None and found.preperiod is not None
    values = found.head(found.preperiod + 3 * found.period if certified else window)  # type: ignore[operator]
    figure = PlotFigure(figsize=(9, 4))
    axes = figure.add_subplot()
    axes.plot(range(len(values)), values, "o-", ms=3, color="tab:blue", label=f"G({row}, y)")
    if found.period is None or found.preperiod is None:
        axes.set_title(f"{found.game} row {row}: {found.certificate}")
    else:
        pre, per = found.preperiod, found.period
        if pre:
            axes.axvspan(-0.5, pre - 0.5, color="gray", alpha=0.15, label=f"preperiod {pre}")
        for start in range(pre, len(values), per):
            axes.axvline(start - 0.5, color="tab:red", linewidth=0.8, linestyle="--")
        axes.plot([], [], color="tab:red", linestyle="--", label=f"period {per}")
        axes.set_title(
            f"{found.game} row {row}: preperiod {pre}, period {per}, "
            f"saltus {found.saltus} ({found.status})"
        )
    axes.set_xlabel("y")
    axes.set_ylabel(f"G({row}, y)")
    axes.grid(True, alpha=0.3)
    axes.legend(fontsize=8, loc="upper left")
    return figure


def sequence(game: Any, terms: int = 200) -> tuple[Figure, str, str]:
    """G(n) against n, n < ``terms``, of a one-heap game (issue 38): the preperiod shaded and
    each period's start marked where the period is certified (or seen: the title says which).

    The values come from the registry's ``nim-sequence`` (the fastest implementation), the
    period from ``heap-period`` without ``compute`` (certified within a quick look, else
    apparent on the values). Returns ``(figure, game name, implementation)``.
    """
    import spec
    from registry import question
    from registry.heaps import heap_period

    subject = spec_game(game)
    why = spec.why_not_heap_game(subject)
    if why is not None:
        raise ValueError(f"plot sequence: {subject.describe()} is {why}")
    if isinstance(terms, bool) or not isinstance(terms, int) or terms < 1:
        raise ValueError(f"--terms must be an int >= 1 (terms = {terms!r})")
    found = question("nim-sequence", subject)(terms=terms)
    values = np.asarray(found.value)
    period = heap_period(subject, terms=max(terms, 2000))
    figure = PlotFigure(figsize=(9, 4))
    axes = figure.add_subplot()
    style = "o-" if terms <= 400 else "."
    axes.plot(range(terms), values, style, ms=3, color="tab:blue", label="G(n)")
    title = f"{subject.describe()}: G(n), n < {terms:,} ({found.name})"
    if period.period is not None and period.preperiod is not None:
        pre, per = period.preperiod, period.period
        if pre:
            axes.axvspan(-0.5, min(pre, terms) - 0.5, color="gray", alpha=0.15,
                         label=f"preperiod {pre}")  # fmt: skip
        if (terms - pre) // per <= 200:  # a line a period, while they can be told apart
            for start in range(pre, terms, per):
                axes.axvline(start - 0.5, color="tab:red", linewidth=0.8, linestyle="--")
            axes.plot([], [], color="tab:red", linestyle="--", label=f"period {per}")
        title += f"; preperiod {pre}, period {per} ({period.status})"
    else:
        title += f"; {period.certificate}"
    axes.set_title(title, fontsize=9)
    axes.set_xlabel("n (one heap of n tokens)")
    axes.set_ylabel("G(n)")
    axes.grid(True, alpha=0.3)
    axes.legend(fontsize=8, loc="upper left")
    return figure, subject.describe(), found.name


def larsson_blocking(result: Any, *, ks: Sequence[int] = (4, 9, 20), rows: int = 200) -> Figure:
    """Where the P-positions of k-blocking Wythoff Nim gather (Larsson 2011, 4 <= k <= 20).

    Left: for each k of a saved ``grundy experiment larsson-blocking`` result,
    the mean slope y / x of each cluster of its upper P-positions (x, y),
    y >= x, at each scale (the largest scale's drawn over the smaller ones,
    the marker's area the cluster's P-positions per row). Right: the
    P-positions themselves for a few k, x, y < ``rows`` (the greedy over rows,
    registry ``p-positions``).
    """
    from registry.ppositions import point_blocks

    table = [row for row in result.table]
    scales = sorted({int(row[1]) for row in table})
    figure = PlotFigure(figsize=(13, 5.5))
    left = figure.add_subplot(1, 2, 1)
    for index, scale in enumerate(scales):
        rows_here = [row for row in table if int(row[1]) == scale]
        last = index == len(scales) - 1
        left.scatter(
            [row[0] for row in rows_here],
            [row[2] for row in rows_here],
            s=[12 + 14 * float(row[5]) for row in rows_here],
            alpha=0.9 if last else 0.35,
            color="tab:blue" if last else "tab:gray",
            label=f"x in [{scale // 2:,}, {scale:,})",
        )
    left.set_xlabel("k (the next player needs k P-options)")
    left.set_ylabel("slope y / x of a cluster of P-positions")
    left.set_title(
        f"k-blocking Wythoff: clusters of slopes ({result.parameters.get('rows'):,} rows)"
    )
    left.legend(fontsize=8, loc="center left")
    left.grid(True, alpha=0.3)
    right = figure.add_subplot(1, 2, 2)
    for k in sorted(ks, reverse=True):  # the smallest k drawn last, on top
        xs: list[int] = []
        ys: list[int] = []
        for r0, cols in point_blocks(f"blocking-wythoff:{k}", rows):
            for i, row in enumerate(cols[:, 0, :].tolist()):
                for y in row:
                    if 0 <= y < rows:
                        xs += [r0 + i, y]
                        ys += [y, r0 + i]
        right.scatter(ys, xs, s=2, label=f"k = {k}")
    right.set_xlim(0, rows)
    right.set_ylim(0, rows)
    right.set_aspect("equal")
    right.set_xlabel("y")
    right.set_ylabel("x")
    right.set_title(f"the P-positions, x, y < {rows}")
    right.legend(fontsize=8, markerscale=4, loc="upper left")
    return figure


def _series(result: Any) -> tuple[str, Sequence[Sequence[int]]]:
    if isinstance(result, tuple):
        return str(result[0]), result[1]
    return str(result.parameters["game"]), result.table


def atlas(
    results: Sequence[Any], *, title: str = "Additive periods of the rows (certified)"
) -> Figure:
    """Period and preperiod against the row, log scale: the row-period atlas.

    ``results`` are ``row-periods`` :class:`~grundy.cli.experiments.ExperimentResult`
    objects (``grundy.cli.experiments.row_periods.run_experiment``, or saved ones
    read with ``ExperimentResult.from_json``) or ``(label, table)`` pairs whose
    table rows start ``[row, preperiod, period, ...]``. Zeros (a preperiod 0)
    are not drawn on the log axis.
    """
    series = [_series(r) for r in results]
    if not series or not any(len(table) for _, table in series):
        raise ValueError("the atlas needs at least one non-empty row-periods table")
    figure = PlotFigure(figsize=(9, 5))
    axes = figure.add_subplot()
    for index, (label, table) in enumerate(series):
        rows = np.array([r[0] for r in table])
        pre = np.array([r[1] for r in table], dtype=float)
        period = np.array([r[2] for r in table], dtype=float)
        color = f"C{index}"
        ms = 3 if len(rows) <= 200 else 0  # a long series: lines only (markers would merge)
        axes.plot(rows, period, "o-", ms=ms, color=color, label=f"{label}: period")
        shown = pre > 0
        axes.plot(
            rows[shown],
            pre[shown],
            "s--",
            ms=ms,
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
    return figure
