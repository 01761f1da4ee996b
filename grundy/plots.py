"""The figures as PNG files: :mod:`grundy.plot` draws, this module writes.

Each function here draws with the function of the same name in
:mod:`grundy.plot` (which returns a :class:`matplotlib.figure.Figure`, for
notebooks) and writes the PNG atomically; ``grundy plot`` calls these.

=============  ===================================  =============================
function       draws                                 ``grundy plot`` subcommand
=============  ===================================  =============================
figure2        :func:`grundy.plot.figure2`           ``figure2``
figure9        :func:`grundy.plot.figure9`           ``figure9``
figure10       :func:`grundy.plot.figure10`          ``figure10``
figure11       :func:`grundy.plot.figure11`          ``figure11``
heatmap        :func:`grundy.plot.table_heatmap`     ``heatmap GAME``
row_periods    :func:`grundy.plot.atlas`             ``row-periods --input RESULT...``
sequence       :func:`grundy.plot.sequence`          ``sequence GAME --terms N``
=============  ===================================  =============================
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from matplotlib.figure import Figure

from floor.files import atomic_write
from grundy import plot
from grundy.plot import t_sequences

__all__ = [
    "PNG_SIGNATURE",
    "figure2",
    "figure9",
    "figure10",
    "figure11",
    "heatmap",
    "heatmap_figure",
    "row_periods",
    "save",
    "sequence",
    "t_sequences",
]

PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"

#: The table heat map's figure (kept under its former name).
heatmap_figure = plot.table_heatmap


def save(figure: Figure, path: str | os.PathLike[str], dpi: int = 120) -> Path:
    """Write ``figure`` as PNG to ``path`` atomically; return the path."""
    target = Path(_checked(path))
    atomic_write(
        target, lambda handle: figure.savefig(handle, format="png", dpi=dpi, bbox_inches="tight")
    )
    return target


def _checked(path: str | os.PathLike[str]) -> str | os.PathLike[str]:
    """Refuse a non-PNG path before any drawing."""
    if Path(path).suffix.lower() != ".png":
        raise ValueError(f"plots are written as PNG: --out must end in .png (out = {str(path)!r})")
    return path


def figure2(path: str | os.PathLike[str], *, rows: int = 40, g: int = 20) -> Path:
    """Write :func:`grundy.plot.figure2` (000 Figure 2) to ``path``."""
    return save(plot.figure2(rows=rows, g=g), _checked(path))


def figure9(
    path: str | os.PathLike[str], histogram: Sequence[tuple[int, int]], *, g: int, rows: int
) -> Path:
    """Write :func:`grundy.plot.figure9` (000 Figure 9) to ``path``."""
    return save(plot.figure9(histogram, g=g, rows=rows), _checked(path))


def figure10(path: str | os.PathLike[str], *, rows: int = 600, g: int = 200) -> Path:
    """Write :func:`grundy.plot.figure10` (000 Figure 10) to ``path``."""
    return save(plot.figure10(rows=rows, g=g), _checked(path))


def figure11(
    path: str | os.PathLike[str],
    histogram: Sequence[tuple[int, int]],
    *,
    g: int,
    rows: int | None = None,
    log: bool = True,
) -> Path:
    """Write :func:`grundy.plot.figure11` (000 Figure 11) to ``path``."""
    return save(plot.figure11(histogram, g=g, rows=rows, log=log), _checked(path))


def heatmap(
    path: str | os.PathLike[str],
    table: Any,
    *,
    title: str,
    coordinates: Sequence[str] = ("x", "y"),
    label: str = "Grundy value",
    states: Sequence[Any] | None = None,
) -> Path:
    """Write :func:`grundy.plot.table_heatmap` of ``table`` to ``path``."""
    figure = plot.table_heatmap(
        table, title=title, coordinates=coordinates, label=label, states=states
    )
    return save(figure, _checked(path))


def larsson_blocking(path: str | os.PathLike[str], result: Any) -> Path:
    """Write :func:`grundy.plot.larsson_blocking` of a saved result to ``path``."""
    return save(plot.larsson_blocking(result), _checked(path))


def row_periods(
    path: str | os.PathLike[str],
    series: Sequence[tuple[str, Sequence[Sequence[int]]]],
    *,
    title: str = "Additive periods of the rows (certified)",
) -> Path:
    """Write :func:`grundy.plot.atlas` of ``[(label, table)]`` to ``path``."""
    return save(plot.atlas(series, title=title), _checked(path))


def sequence(path: str | os.PathLike[str], game: Any, *, terms: int = 200) -> tuple[Path, str, str]:
    """Write :func:`grundy.plot.sequence` (G(n) of a one-heap game) to ``path``; return the
    path, the game's name and the implementation of the values."""
    checked = _checked(path)
    figure, name, implementation = plot.sequence(game, terms)
    return save(figure, checked), name, implementation
