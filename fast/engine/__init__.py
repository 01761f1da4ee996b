"""A compiled engine for any two-pile game given in the compiled form.

A two-pile game (positions (x, y) of non-negative integers) gets compiled
Grundy tables when its class describes its moves in one or both of two
forms (see :class:`spec.game.TwoPileGame` and ``docs/adding-a-game.md``):

``move_rays`` (plain data, lives on the spec class)
    Rays ``(p, q, a, b)``: the followers (x - p - i a, y - q - i b),
    i = 0, 1, ..., while both coordinates stay >= 0 (p, q, a, b >= 0,
    p + q >= 1; a = b = 0 is one jump). ``(a, b)`` is ``(a, b, a, b)``,
    NimHof's rule [a, b]. An optional fifth item, a guard ``"x>=y"``,
    ``"y>=x"``, ``"x>y"`` or ``"y>x"``, allows the ray only from the
    positions where it holds (R-Wythoff: the larger pile alone).
``compiled_followers`` (numba code, lives in ``fast/`` or the user's module)
    A function ``followers(x, y, out) -> count`` in the numba subset that
    writes the followers' coordinates into the int64 array ``out`` of shape
    (capacity, 2) and returns how many it wrote; or its path
    ``"module:function"``. The engine compiles it into its kernel with a
    follower sink as ``out`` (``fast._sink``): each row ``out[i, 0] = u``,
    ``out[i, 1] = v`` is checked and marked as it is written (E-Wythoff:
    1.15x / 1.34x a C mex at 300^2 / 600^2,
    benchmarks/bench_engine_followers.py). A cell the sink flags (rows out of
    order, a refused follower, a count that does not match) is computed again
    from a real buffer, and so is every cell of a function that uses ``out`` in
    any other way. Either way the function is compiled with bounds
    checking: one that overruns the buffer raises IndexError and the engine
    grows the buffer and resumes at that cell (never a silent overwrite),
    and an index past an array of its own is refused.
``compiled_regions`` (numba code, like ``compiled_followers``)
    A function ``regions(x, y, out) -> count`` writing rows
    ``(u0, u1, v0, v1)`` into ``out`` of shape (capacity, 4): every (u, v)
    with u0 <= u < u1, v0 <= v < v1 is a follower (an empty rectangle is
    skipped). Each rectangle is checked at its corners and read row by row,
    so a triangle of followers given as row spans costs about what a C loop
    over its cells costs, without the 16 bytes a follower of the list form.

How a table is computed
-----------------------
Cells are filled in row-major order (x, then y). Every follower a rule can
produce is componentwise <= the cell and smaller in x + y, so it is filled
already.

* A ray (p, q, a, b) is the prefix, up to the cell (x - p, y - q), of the
  line through that cell in direction (a, b). Each ray keeps one uint64
  bitset per line and adds the cell (x - p, y - q) to its line just before
  the cell (x, y) is evaluated. Translation by (p, q) preserves row-major
  order, so at that moment the line's bitset holds exactly the ray's
  followers of (x, y), whatever the offset: no per-cell sets are stored.
  Each line also keeps its own mex, and the mex of the union starts at the
  largest of those (every smaller value lies in one of the sets), so a cell
  usually costs a few word ORs per ray.
* Jumps and rays with so many lines that per-line bitsets would not pay (a
  or b large; few cells each) write into one scratch bitset, cleared after
  each cell. The follower and region functions' values are marked in a
  stamp array (``seen[value] = cell number``: one store, nothing to clear);
  the mex then scans the OR of the lines' and the scratch's words and looks
  up the stamps at its zero bits only. That table runs in one pass: when a
  buffer or the bitsets must grow, the kernel resumes at the cell it was on.

G(x, y) is at most the number of followers of (x, y), so the sum over the
rays of their follower counts at the far corner, plus the follower-buffer
capacity, bounds every value: it fixes the bitset width and the output
dtype (the smallest unsigned type that holds it).

Games with a state, terminal sets, counting rules
-------------------------------------------------
A :class:`spec.StateGame` (positions (x, y, s)) is computed layer by layer,
in the order of its ``states``: each layer is a table of the two-pile rule,
with one more set of followers at each cell, the earlier layers' values at
the same cell that ``state_moves`` reach (the pass), wherever the cell has a
move within its layer. The tables are stacked: ``G[i, x, y]`` for the i-th
state. A ``compiled_terminal`` predicate is evaluated into a mask of the
block first; a terminal cell gets 0 and no follower, but stays a follower of
the cells above it. A counting rule (``outcome_rule``, k-blocking) keeps per
line the number of P-positions (0 = P) instead of bitsets, and the cell is 0
when fewer than k of its followers are 0, else 1; it needs rays that never
share a cell (checked), given as ``move_rays`` alone.

Compiled once, kept on disk
---------------------------
A rule with code of its own (``compiled_followers``, ``compiled_regions``,
``compiled_terminal``) gets its kernel as a generated module in the kernel
cache (:func:`kernel_cache_dir`), named by a digest of the engine's sources
and of the modules that define the rule's functions: numba's ``cache=True``
keeps the compiled kernel there, so a second process loads it instead of
compiling it again, and any change of either source gets a new module. A
function that cannot be imported by name (defined in ``__main__`` or inside
a function) is compiled in each process.

Before a rule answers a table, its followers are compared with the
definition (``followers``) on every cell of the table's square up to 64 and
on cells spread over the whole square in both orientations
(:func:`verify_rule`, :func:`check_cells`; once per rule and side in a
process); a rule that differs is refused, naming the first differing
position.
Ctrl-C: every kernel call decides a block of cells of bounded work (about
:data:`BLOCK_SECONDS` at the measured speed, and a work budget within the
follower kernel) and returns to Python, so an interrupt is served between
blocks, with or without a progress callback (:mod:`floor.blocks`, the loop
of every long kernel that resumes where it stopped).

The engine verifies the rule as it goes and refuses, with a ValueError
naming the game, the position and the follower: a follower with a negative
coordinate (it leaves the board), one with x' + y' >= x + y (no progress:
a cycle), or one that increases a coordinate (row-major order needs
followers inside [0, x] x [0, y]). Ray descriptions are checked up front.
A refused rule never yields a table.

The package
-----------
:mod:`fast.engine.rules`
    The compiled form, validated (:func:`compiled_rule`, :func:`covers`).
:mod:`fast.engine.followers`
    The followers as the engine sees them, compared with the definition
    (:func:`engine_followers`, :func:`check_followers`, :func:`verify_rule`).
:mod:`fast.engine.plan`
    The memory plan of a block and the cost model (:func:`block_memory`,
    :func:`block_seconds`: the measured constants).
:mod:`fast.engine.driver`
    The tables: layers, terminal mask, the kernels run in bounded blocks,
    resumed where a buffer grows (:func:`grundy_table`, :func:`grundy_block`,
    :func:`grundy_value`, :func:`winning_moves`).
:mod:`fast.engine.kernels`
    The numba kernels, their return codes (:class:`~fast.engine.kernels.KernelCode`)
    and the templates of a rule's generated kernels.
:mod:`fast.engine.codegen`
    The generated kernel modules and their cache on disk (:func:`kernel_cache_dir`).
:mod:`fast.engine.forms`
    The compiled forms the spec's games name by path (``fast.engine:NAME``).
:mod:`fast.engine.certificate`
    The window certificate of a game whose rows are lines, read off the engine's
    blocks (:func:`~fast.engine.certificate.search_certificate`; imported from there).

The public names are importable from ``fast.engine``; a tuning constant is
read by the module that defines it, so set it there (``fast.engine.driver.FIRST_BLOCK``).

References
----------
Seed ``000`` §1 (formula 1-2, the Grundy function as a mex over followers;
formula 1-3, Wythoff's moves); ``001`` §1 and Remark 5 (F- and R-Wythoff);
``fast.tables`` for the per-line bitset and mex-start technique.
"""

from __future__ import annotations

from fast.engine.codegen import kernel_cache_dir
from fast.engine.driver import (
    BLOCK_SECONDS,
    grundy_block,
    grundy_table,
    grundy_value,
    winning_moves,
)
from fast.engine.driver import FIRST_BLOCK as FIRST_BLOCK
from fast.engine.driver import FOLLOWER_BUDGET as FOLLOWER_BUDGET
from fast.engine.driver import MASK_BLOCK as MASK_BLOCK
from fast.engine.followers import CHECK_SIDE as CHECK_SIDE
from fast.engine.followers import CHECK_SPREAD as CHECK_SPREAD
from fast.engine.followers import (
    check_cells,
    check_followers,
    check_symmetric,
    engine_followers,
    verify_rule,
)
from fast.engine.forms import e_wythoff_regions, fwythoff_slant_followers, sum_at_most
from fast.engine.kernels import KernelCode as KernelCode
from fast.engine.plan import CELL_SECONDS as CELL_SECONDS
from fast.engine.plan import DENSE_BYTES as DENSE_BYTES
from fast.engine.plan import DENSE_LINES_PER_SIDE as DENSE_LINES_PER_SIDE
from fast.engine.plan import LONG_SIDE as LONG_SIDE
from fast.engine.plan import WALK_MAX_CELLS as WALK_MAX_CELLS
from fast.engine.plan import WALK_SIDE as WALK_SIDE
from fast.engine.plan import block_cost, block_memory, block_range, block_seconds, table_memory
from fast.engine.rules import GUARDS, CompiledRule, compiled_rule, covers, layer_states

__all__ = [
    "BLOCK_SECONDS",
    "GUARDS",
    "CompiledRule",
    "block_cost",
    "block_memory",
    "block_range",
    "block_seconds",
    "check_cells",
    "check_followers",
    "check_symmetric",
    "compiled_rule",
    "covers",
    "e_wythoff_regions",
    "engine_followers",
    "fwythoff_slant_followers",
    "grundy_block",
    "grundy_table",
    "grundy_value",
    "kernel_cache_dir",
    "layer_states",
    "sum_at_most",
    "table_memory",
    "verify_rule",
    "winning_moves",
]
