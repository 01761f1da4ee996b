"""The strip: rows 0..X of Wythoff, F-Wythoff and R-Wythoff, column by column.

One kernel computes ``G(k, y)`` for ``0 <= k <= X`` and ``y = 0, 1, 2, ...``
in column order, with memory ``O(X * window)``: the whole past of the strip
is summarised by a few bitsets (docs/strip.md has the proofs).

* ``rowbits[k]``: the values of row k that are >= ``mex[k]``, the least
  value not yet in row k, as a circular bitset of ``B >= 3X + 2`` bits
  (bit ``v mod B``). Every ``v < y - 2k`` is already in row k before
  column y (the counting argument of docs/strip.md, Landman's 004 Lemma 1;
  checked at every cell), and ``G(k, y') <= y' + k``, so the values of
  row k that are >= ``mex[k]`` lie in ``[y - 2k, y + k]``: no two collide.
* ``colbits``: the values of rows < k in the current column.
* ``diagbits[d mod (X + 1)]``: the values of diagonal ``d = y - k`` in rows
  < k (values in ``[y - 2k, y]``); a new diagonal enters at row 0 of each
  column and takes the slot of the one that just left. F-Wythoff keeps only
  the cells of the current ratio block (``|d| // min`` constant along a
  diagonal, 001 §1): the slot is cleared when the block changes.

The mex of a cell scans the OR of the (at most three) follower bitsets one
uint64 word at a time from ``mex[k]`` (from 0 where the game has no move
along the row: R-Wythoff below the diagonal); it stops within a word or
two. A value outside the bounds stops the kernel with an error, so a wrong
bound cannot pass silently.

Values leave the kernel normalised, ``D(k, y) = G(k, y) - y`` (in
``[-2X, X]``), into a ring of columns; :func:`strip_blocks` streams them
as blocks of G values, :func:`rectangle` fills a table, and
:func:`strip_periods` certifies the additive periods of every row 0..X at
once with the window certificate (docs/strip.md): the normalised values of
the last ``W = 3X`` columns determine every later column once the rules are
translation invariant, so two equal windows prove the period.

The package, along its seams (this module re-exports the public names):

* :mod:`fast.strip.geometry`: the window, the rules' start, bitset words, ring dtype;
* :mod:`fast.strip.kernel`: the numba stage (:class:`~fast.strip.kernel.Bitsets`,
  :class:`~fast.strip.kernel.Bands`; its return code :class:`fast._kernel_games.Status`);
* :mod:`fast.strip.threads`: the threads, their pool and the split of the rows;
* :mod:`fast.strip.pipeline`: :class:`Strip`, the kernel's state and its pipeline;
* :mod:`fast.strip.state`: column hashes, the window that restores the kernel;
* :mod:`fast.strip.values`: blocks, rectangles, values and rows;
* :mod:`fast.strip.cost`: every measured constant and cost model;
* :mod:`fast.strip.keys`: the table of window keys;
* :mod:`fast.strip.certificate`: :class:`Certificate` and its exact check;
* :mod:`fast.strip.levels`: the lower rows certified on the way;
* :mod:`fast.strip.search`: :func:`strip_periods` and its checkpoint protocol;
* :mod:`fast.strip.checkpoint`: checkpoints on a directory.

The window certificate of engine games (any game whose rows are lines) is
:mod:`fast.engine.certificate`.

References
----------
Seed ``004`` Lemmas 1, 2 and §3 (Landman); seed ``001`` §1, Lemmas 1, 2,
Theorem 4 and Remark 5 (Jiao: F- and R-Wythoff).
"""

from __future__ import annotations

from fast.strip.certificate import Certificate, certify_window
from fast.strip.cost import (
    CERTIFY_COLUMN_BYTES,
    CERTIFY_FACTOR,
    SECONDS_PER_CELL,
    SECONDS_PER_CELL_ROW,
    TWO_THREAD_SPEEDUP,
    certificate_columns,
    certificate_cost,
    certificate_fits,
    certificate_memory,
    certificate_seconds,
    rectangle_cost,
    rectangle_memory,
    row_values_cost,
    strip_seconds,
    value_cost,
)
from fast.strip.geometry import BLOCK, GAMES, STEP_CELLS, start_column, window
from fast.strip.keys import chunk_columns
from fast.strip.pipeline import Strip
from fast.strip.search import Checkpoints, SearchState, row_periodicity, strip_periods
from fast.strip.state import blank_window, column_hashes, mix_levels, state_columns
from fast.strip.threads import (
    MIN_ROWS_PER_THREAD,
    THREADS_ENV,
    default_threads,
    pipeline_block,
    running_threads,
)
from fast.strip.values import (
    NotAPeriod,
    rectangle,
    row_values,
    strip_blocks,
    value_at,
    value_from_state,
)

__all__ = [
    "BLOCK",
    "CERTIFY_COLUMN_BYTES",
    "CERTIFY_FACTOR",
    "GAMES",
    "MIN_ROWS_PER_THREAD",
    "SECONDS_PER_CELL",
    "SECONDS_PER_CELL_ROW",
    "STEP_CELLS",
    "THREADS_ENV",
    "TWO_THREAD_SPEEDUP",
    "Certificate",
    "Checkpoints",
    "NotAPeriod",
    "SearchState",
    "Strip",
    "blank_window",
    "certificate_columns",
    "certificate_cost",
    "certificate_fits",
    "certificate_memory",
    "certificate_seconds",
    "certify_window",
    "chunk_columns",
    "column_hashes",
    "default_threads",
    "mix_levels",
    "pipeline_block",
    "rectangle",
    "rectangle_cost",
    "rectangle_memory",
    "row_periodicity",
    "row_values",
    "row_values_cost",
    "running_threads",
    "start_column",
    "state_columns",
    "strip_blocks",
    "strip_periods",
    "strip_seconds",
    "value_at",
    "value_cost",
    "value_from_state",
    "window",
]
