"""The limits of ``grundy plot``'s point figures, apart from :mod:`grundy.plot` so that the
command line registers the command without importing matplotlib (half a second of every
command's start-up)."""

from __future__ import annotations

__all__ = ["MAX_PLOT_G", "MAX_PLOT_ROWS", "MAX_PLOT_STEPS", "MAX_PLOT_TERMS"]

#: Point plots (figures 2 and 10): the largest g, rows, and (g + 1) * rows drawn.
MAX_PLOT_G = 1000
MAX_PLOT_ROWS = 100_000
MAX_PLOT_STEPS = 20_000_000
#: One-heap sequences (``plot sequence``): the most terms drawn.
MAX_PLOT_TERMS = 1_000_000
