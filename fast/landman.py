"""The fast twin of :mod:`reference.landman`: row values and certified row periods.

Landman's machine (seed 004 §3) is superseded here by the strip
(:mod:`fast.strip`): one kernel computes rows 0..n column by column, and
the window certificate (docs/strip.md) proves the additive period of every
row at once. This module keeps the reference's names and signatures
(``row_values``, ``row_periodicity``) so that the two can be compared
call for call; the machine's own state (``machine_cycle``) exists in the
reference only.
"""

from __future__ import annotations

from fast.strip import row_periodicity, row_values
from reference.landman import GAMES, NoCycle, Periodicity, WindowError

__all__ = ["GAMES", "NoCycle", "Periodicity", "WindowError", "row_periodicity", "row_values"]
