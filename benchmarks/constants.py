"""Every measured speed constant the cost models read, re-measured (``python -m benchmarks``).

Each :class:`Constant` names a constant by its public dotted path (resolved
with importlib when the table is made, so a module moved into a package
that keeps the name importable is still found), the unit it is in, and a
measuring function that re-derives it from a bounded run of the real
implementation: asked **through the registry** where the registry exposes
it (``registry.question(id, game)(using=name, ...)``), else the kernel the
cost model describes. Where a cost model is proportional to the constant,
the constant is re-derived as ``in code x measured / estimated`` (a
rate: ``in code x estimated / measured``), the estimate being the
implementation's own cost model on that domain. A plain baseline
(benchmarks/_plain.py: a plain numba loop over the same work, or plain
Python for the spec and the reference layer) runs in the same process
right after, over the same work where it can; compile or cache loading is
a warm-up call, reported apart.

Nothing here asserts a speed: drift (measured / in code) is reported, and
the constants in the code are changed by hand, with the table's line.
"""

from __future__ import annotations

import functools
import importlib
import math
import os
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

__all__ = ["CONSTANTS", "Constant", "Measured", "in_code"]


@dataclass(frozen=True)
class Measured:
    """One re-measurement: the constant re-derived, its workload, the run's seconds, the
    plain baseline's figure in the same unit (None: no baseline) and its name, and the
    compile or cache-load seconds of the warm-up call."""

    value: float
    workload: str
    seconds: float
    baseline: float | None = None
    baseline_name: str = ""
    compile_seconds: float = 0.0


@dataclass(frozen=True)
class Constant:
    """A speed constant: ``path`` (dotted, public), ``unit``, ``rate`` (True: larger is
    faster, e.g. per second) and ``measure(quick) -> Measured``."""

    path: str
    unit: str
    rate: bool
    measure: Callable[[bool], Measured]

    @property
    def name(self) -> str:
        """The constant's name without its module (``--only`` takes either)."""
        return self.path.rsplit(".", 1)[1]


def in_code(path: str) -> float:
    """The value of a dotted path (``module.NAME``) now, resolved with importlib.

    >>> in_code("spec.solver.VISITS_PER_SECOND") > 0
    True
    """
    module, name = path.rsplit(".", 1)
    return float(getattr(importlib.import_module(module), name))


def _timed(func: Callable[[], Any]) -> tuple[float, Any]:
    start = time.perf_counter()
    result = func()
    return time.perf_counter() - start, result


@contextmanager
def _environ(name: str, value: str) -> Iterator[None]:
    saved = os.environ.get(name)
    os.environ[name] = value
    try:
        yield
    finally:
        if saved is None:
            del os.environ[name]
        else:
            os.environ[name] = saved


def _door(question: str, game: str, using: str, **domain: Any) -> tuple[float, float]:
    """(seconds measured, seconds estimated by the implementation's cost model) of one
    answer of ``using`` through the registry's door (no budget)."""
    import registry

    door = registry.question(question, game)
    impl = next(i for i in door.implementations if i.name == using)
    assert impl.cost is not None, f"{question}:{game} {using} has no cost model"
    estimate = impl.cost(**domain)[0]
    seconds, _ = _timed(lambda: door(using=using, budget=math.inf, **domain))
    return seconds, estimate


def _scaled(path: str, rate: bool, seconds: float, estimate: float) -> float:
    """The constant re-derived from a cost model proportional to it (inverse for a rate)."""
    now = in_code(path)
    return now * estimate / seconds if rate else now * seconds / estimate


def _warm(func: Callable[[], Any]) -> float:
    """Seconds of a warm-up call (numba compile or cache load; the caches of the module)."""
    return _timed(func)[0]


def _door_and_plain(
    question: str,
    game: str,
    using: str,
    warm: dict[str, Any],
    domain: dict[str, Any],
    plain_warm: Callable[[], Any],
    plain: Callable[[], Any],
) -> tuple[float, float, float, float]:
    """(seconds, estimate, plain seconds, compile seconds): ``using``'s answer on ``domain``
    through the door (:func:`_door`) and the plain baseline ``plain`` on the same work, each
    warmed up first (on ``warm``, by ``plain_warm``; their seconds summed)."""
    compile_s = _warm(lambda: _door(question, game, using, **warm)) + _warm(plain_warm)
    seconds, estimate = _door(question, game, using, **domain)
    base_s, _ = _timed(plain)
    return seconds, estimate, base_s, compile_s


# ----------------------------------------------------------------------- the spec, reference
def _spec_visits(quick: bool) -> Measured:
    import spec
    from benchmarks._plain import python_mex_table
    from spec.games import Wythoff

    a, b = (60, 90) if quick else (200, 300)
    path = "spec.solver.VISITS_PER_SECOND"
    estimate = spec.solver.estimate([a, b])[0]
    seconds, _ = _timed(lambda: spec.grundy(Wythoff(), (a, b)))  # a fresh memo
    base_s, (_, visits) = _timed(lambda: python_mex_table(a + 1, b + 1))
    return Measured(
        _scaled(path, True, seconds, estimate), f"spec.grundy(wythoff, ({a}, {b}))", seconds,
        visits / base_s, "plain Python mex, same cells",
    )  # fmt: skip


def _spec_position(quick: bool) -> Measured:
    from benchmarks.bench_spec_cost import Subtraction134, measure

    n = 50_000 if quick else 1_000_000
    per = in_code("spec.solver.FOLLOWERS_PER_SECOND")
    seconds, _, mean = measure(Subtraction134, (n,))
    value = max(seconds / (n + 1) - mean / per, 0.0)  # the followers' share taken off
    return Measured(value, f"spec.grundy(S(1, 3, 4), ({n:,},))", seconds)


def _spec_followers(quick: bool) -> Measured:
    from benchmarks.bench_spec_cost import measure
    from spec.games import Wythoff

    a, b = (60, 90) if quick else (200, 300)
    count, position = (a + 1) * (b + 1), in_code("spec.solver.SECONDS_PER_POSITION")
    seconds, _, mean = measure(Wythoff, (a, b))
    value = count * mean / max(seconds - count * position, 1e-9)  # the sub-positions' share off
    return Measured(value, f"spec.grundy(wythoff, ({a}, {b})), {mean:.0f} followers", seconds)


def _landman_steps(quick: bool) -> Measured:
    from benchmarks._plain import python_mex_table
    from registry.rows import atlas_row

    row = 9 if quick else 12
    seconds, estimate = _door("period", "wythoff", "reference.landman", row=row)
    held = atlas_row("wythoff", row)
    assert held is not None
    cells = (row + 1) * (held[0][0] + held[0][1])
    base_s, _ = _timed(lambda: python_mex_table(row + 1, held[0][0] + held[0][1]))
    return Measured(
        _scaled("reference.landman.STEP_SECONDS", False, seconds, estimate),
        f"period wythoff row {row} (reference.landman)", seconds,
        base_s / cells, "plain Python mex table, same cells",
    )  # fmt: skip


def _wythoff() -> Any:
    import spec

    return spec.get_game("wythoff")


def _row_moves(quick: bool) -> Measured:
    from reference import row_bounds

    rows = 500 if quick else 1000
    seconds, _ = _timed(lambda: row_bounds.row_moves(_wythoff(), rows))
    return Measured(
        seconds / rows**2, f"row_moves(wythoff, {rows})", seconds, None,
        "none (the statement itself is the plain loop)",
    )  # fmt: skip


def _check_followers(quick: bool) -> Measured:
    from reference import row_bounds

    game, rows = _wythoff(), 20 if quick else 40
    moves = row_bounds.row_moves(game, rows)
    reads = row_bounds.check_reads(moves)
    seconds, _ = _timed(lambda: row_bounds.row_bounds(game, moves))

    def plain() -> int:
        count, y = 0, 0
        while count < reads:
            for x in range(rows + 1):
                count += sum(1 for _ in game.followers((x, y)))
            y += 1
        return count

    base_s, count = _timed(plain)
    return Measured(
        reads / seconds, f"row_bounds(wythoff rows 0..{rows}), {reads:,} reads", seconds,
        count / base_s, "followers() alone, as many",
    )  # fmt: skip


@functools.cache
def _greedy(using: str, rows: int) -> tuple[float, float]:
    return _door("p-positions", "wythoff", using, rows=rows)


def _greedy_cells(quick: bool) -> Measured:
    rows = 300 if quick else 800
    path = "reference.row_greedy.CELL_SECONDS"
    compile_s = _warm(lambda: _door("p-positions", "wythoff", "fast.row_greedy", rows=rows))
    seconds, estimate = _greedy("reference.row_greedy", rows)
    fast_s, _ = _greedy("fast.row_greedy", rows)
    return Measured(
        _scaled(path, False, seconds, estimate), f"p-positions wythoff rows={rows}", seconds,
        fast_s / rows**2, "fast.row_greedy, same rows", compile_s,
    )  # fmt: skip


def _band(using: str, g: int, n: int) -> float:
    """Seconds of row n's h-points for h <= g (``row-hpoints``, Algorithm RW) through the
    registry."""
    import registry

    door = registry.question("row-hpoints", "wythoff")
    return _timed(lambda: door(using=using, budget=math.inf, g=g, r1=n, r2=n))[0]


@functools.cache
def _rw_levels(g: int, n: int) -> tuple[float, int]:
    """Seconds of reference.rw on row n at g, and its recursion levels (reference.rw.reach)."""
    return _band("reference.rw", g, n), max(1, int(n.bit_length() * 1.4405)) + 1


def _rw_level(quick: bool) -> Measured:
    n = 10**12 if quick else 10**15
    seconds, levels = _rw_levels(2, n)
    compile_s = _warm(lambda: _band("fast.rw", 2, 10))
    base_s = _band("fast.rw", 2, n)
    return Measured(
        seconds / levels, f"row-hpoints wythoff g=2, r1=r2={n:.0e} (reference.rw, {levels} "
        "levels)", seconds, base_s / levels, "fast.rw, same row", compile_s,
    )  # fmt: skip


def _rw_growth(quick: bool) -> Measured:
    n, g = (10**12, 4) if quick else (10**15, 5)
    two, _ = _rw_levels(2, n)
    seconds, _ = _rw_levels(g, n)
    return Measured((seconds / two) ** (1 / (g - 2)), f"g = 2 vs g = {g} at n = {n:.0e}", seconds)


# ------------------------------------------------------------------------------ fast kernels
def _fast_rw_row(quick: bool) -> Measured:
    import registry

    n = 10**9 if quick else 10**12
    door = registry.question("value", "wythoff")
    impl = next(i for i in door.implementations if i.name == "rw")
    assert impl.cost is not None

    def worst(position: tuple[int, int]) -> float:
        """Seconds of the rw method where every g of its steps is tried (value > RW_MAX_G)."""
        start = time.perf_counter()
        try:
            door(using="rw", budget=math.inf, position=position)
        except registry.NoImplementation:
            pass
        return time.perf_counter() - start

    compile_s = worst((10, 20))
    position = (n, n + 5)
    seconds = worst(position)
    estimate = impl.cost(position=position)[0]
    return Measured(
        _scaled("fast.rw.ROW_SECONDS", False, seconds, estimate),
        f"value wythoff {n:.0e},{n:.0e}+5 (rw; every g tried: its worst case)", seconds, None,
        "none (an upper estimate a value)", compile_s,
    )  # fmt: skip


def _engine_cells(quick: bool) -> Measured:
    from benchmarks._plain import mex_table

    size = 1000 if quick else 2000
    game = "nimhof:0,1/1,0/1,1"  # Wythoff's moves as NimHof rules: the engine's rays
    seconds, estimate, base_s, compile_s = _door_and_plain(
        "grundy-block", game, "fast.engine", {"rows": 8, "cols": 8}, {"rows": size, "cols": size},
        lambda: mex_table(8, 8), lambda: mex_table(size, size),
    )  # fmt: skip
    now = in_code("fast.engine.CELL_SECONDS")
    per = estimate / now  # the model's cells x scale of this block
    return Measured(
        _scaled("fast.engine.CELL_SECONDS", False, seconds, estimate),
        f"grundy-block {game} {size}x{size} (fast.engine)", seconds, base_s / per,
        "plain numba mex over all followers", compile_s,
    )  # fmt: skip


def _tables_rate(quick: bool) -> Measured:
    from benchmarks._plain import bitset_table

    size = 4000 if quick else 10000
    seconds, estimate, base_s, compile_s = _door_and_plain(
        "grundy-table", "wythoff", "fast.tables", {"size": 16}, {"size": size},
        lambda: bitset_table(16), lambda: bitset_table(size),
    )  # fmt: skip
    return Measured(
        _scaled("fast.tables.CELL_RATE", True, seconds, estimate),
        f"grundy-table wythoff size={size} (fast.tables)", seconds, size * size / base_s,
        "plain numba bitset table, 1 core", compile_s,
    )  # fmt: skip


def _cube_words(quick: bool) -> Measured:
    import spec
    from benchmarks._plain import plain_cube
    from fast.cube import cube_rays

    size = 80 if quick else 160
    rays = cube_rays(spec.Wythoff3())
    seconds, estimate, base_s, compile_s = _door_and_plain(
        "grundy-table", "wythoff3", "fast.cube", {"size": 4}, {"size": size},
        lambda: plain_cube(4, rays), lambda: plain_cube(size, rays),
    )  # fmt: skip
    words = estimate / in_code("fast.cube.WORD_SECONDS")  # the model's words of this work
    return Measured(
        _scaled("fast.cube.WORD_SECONDS", False, seconds, estimate),
        f"grundy-table wythoff3 size={size} (fast.cube)", seconds, base_s / words,
        "plain numba mex over the same followers, 1 core", compile_s,
    )  # fmt: skip


def _nheap_marks(quick: bool) -> Measured:
    size = 600 if quick else 2000
    compile_s = _warm(lambda: _door("p-box", "fraenkel-wythoff3", "fast.nheap", x=2, y=4, z=4))
    seconds, estimate = _door("p-box", "fraenkel-wythoff3", "fast.nheap", x=11, y=size, z=size)
    return Measured(
        _scaled("fast.nheap.MARK_SECONDS", False, seconds, estimate),
        f"p-box fraenkel-wythoff3 x=11, y=z={size} (fast.nheap)", seconds, None, "", compile_s,
    )  # fmt: skip


def _fibonacci_rows(quick: bool) -> Measured:
    rows = 200_000 if quick else 1_000_000
    path = "fast.fibonacci.ROWS_PER_SECOND"
    compile_s = _warm(lambda: _door("fibonacci-starting", "fibonacci-nim", "fast.fibonacci",
                                    n_max=100))  # fmt: skip
    seconds, estimate = _door("fibonacci-starting", "fibonacci-nim", "fast.fibonacci",
                              n_max=rows - 1)  # fmt: skip
    import registry

    small = 800 if quick else 3000
    door = registry.question("fibonacci-starting", "fibonacci-nim")
    base_s, _ = _timed(lambda: door(using="reference.fibonacci", n_max=small - 1))
    return Measured(
        _scaled(path, True, seconds, estimate), f"fibonacci-starting n_max={rows - 1:,}",
        seconds, small / base_s, f"reference.fibonacci rows 0..{small - 1} (fewer: quadratic)",
        compile_s,
    )  # fmt: skip


def _greedy_rows(quick: bool) -> Measured:
    rows = 1_000_000 if quick else 5_000_000
    path = "fast.row_greedy.ROW_SECONDS"
    compile_s = _warm(lambda: _door("p-positions", "wythoff", "fast.row_greedy", rows=100))
    seconds, estimate = _door("p-positions", "wythoff", "fast.row_greedy", rows=rows)
    small = 300 if quick else 800
    base_s, _ = _greedy("reference.row_greedy", small)
    return Measured(
        _scaled(path, False, seconds, estimate), f"p-positions wythoff rows={rows:,}", seconds,
        base_s / small, f"reference.row_greedy, {small} rows (fewer: it is quadratic)", compile_s,
    )  # fmt: skip


def _atlas_bytes(quick: bool) -> Measured:
    import numpy as np

    from fast import atlas

    directory = Path(importlib.import_module("registry.rows").ATLAS_DIR)
    state = atlas.read_state(directory, "wythoff", "atlas")  # warm: the files in the page cache
    assert state is not None, "no shipped Wythoff state"
    seconds, state = _timed(lambda: atlas.read_state(directory, "wythoff", "atlas"))
    assert state is not None
    nbytes = int(state["window"].nbytes)
    path = directory / state["file"].split("/", 1)[1]

    def plain() -> int:
        with np.load(path, allow_pickle=False) as data:
            return int(data["window"].nbytes)

    base_s, _ = _timed(plain)
    return Measured(
        seconds / nbytes, f"read_state wythoff ({nbytes / 2**20:.1f} MiB window)", seconds,
        base_s / nbytes, "numpy.load of the same file, unchecked",
    )  # fmt: skip


# ---------------------------------------------------------------------------------- the strip
def _strip_rows(quick: bool) -> tuple[tuple[int, int], tuple[int, int]]:
    """Two (rows, columns) strips: a cell's cost at two heights (the linear model's fit)."""
    if quick:
        return (51, 300_000), (401, 40_000)
    return (101, 1_000_000), (1001, 100_000)


@functools.cache
def _strip_run(rows: int, cols: int, threads: int) -> float:
    """Seconds of the value at (rows - 1, cols - 1) through the registry (the strip streamed,
    nothing kept; ``value_cost`` is the strip's model) on ``threads`` threads."""
    from fast import strip

    with _environ(strip.THREADS_ENV, str(threads)):
        return _door("value", "wythoff", "table", position=(rows - 1, cols - 1))[0]


@functools.cache
def _plain_strip(rows: int, cols: int) -> float:
    from benchmarks._plain import strip_checksum

    return _timed(lambda: strip_checksum(rows - 1, cols))[0]


@functools.cache
def _strip_warm() -> float:
    from benchmarks._plain import strip_checksum

    return _warm(lambda: _door("value", "wythoff", "table", position=(3, 40))) + _warm(
        lambda: strip_checksum(3, 40)
    )


def _fit(points: list[tuple[int, float]]) -> tuple[float, float]:
    """(a, b) of seconds a cell = a + rows * b through two (rows, seconds a cell) points."""
    (r1, p1), (r2, p2) = points
    b = (p2 - p1) / (r2 - r1)
    return p1 - r1 * b, b


def _strip_fit(quick: bool) -> tuple[tuple[float, float], tuple[float, float], float, str]:
    compile_s = _strip_warm()
    ours, plain = [], []
    for rows, cols in _strip_rows(quick):
        ours.append((rows, _strip_run(rows, cols, 1) / (rows * cols)))
        plain.append((rows, _plain_strip(rows, cols) / (rows * cols)))
    shown = ", ".join(f"{r} x {c:,}" for r, c in _strip_rows(quick))
    return _fit(ours), _fit(plain), compile_s, f"value wythoff (table), 1 thread: {shown}"


def _strip_cell(quick: bool) -> Measured:
    (a, _), (plain_a, _), compile_s, workload = _strip_fit(quick)
    seconds = sum(_strip_run(r, c, 1) for r, c in _strip_rows(quick))
    return Measured(a, workload, seconds, plain_a, "plain numba strip, same cells", compile_s)


def _strip_cell_row(quick: bool) -> Measured:
    (_, b), (_, plain_b), compile_s, workload = _strip_fit(quick)
    seconds = sum(_strip_run(r, c, 1) for r, c in _strip_rows(quick))
    return Measured(b, workload, seconds, plain_b, "plain numba strip, same cells", compile_s)


def _strip_threads(quick: bool) -> Measured:
    rows, cols = _strip_rows(quick)[1]
    compile_s = _strip_warm()
    one, two = _strip_run(rows, cols, 1), _strip_run(rows, cols, 2)
    return Measured(
        one / two, f"value wythoff (table) {rows} x {cols:,}: 1 vs 2 threads ({os.cpu_count()} "
        "cores)", one + two, None, "", compile_s,
    )  # fmt: skip


def _certify(quick: bool) -> Measured:
    import fast.strip
    from registry.rows import atlas_table

    rows = 81 if quick else 161
    compile_s = _strip_warm()
    found = fast.strip.certificate_columns("wythoff", atlas_table("wythoff")[0], rows)
    assert found is not None
    cols = found[0]
    with _environ(fast.strip.THREADS_ENV, "1"):
        compile_s += _warm(lambda: _door("period", "wythoff", "fast.strip", row=4))
        seconds, _ = _door("period", "wythoff", "fast.strip", row=rows - 1)
    values = _strip_run(rows, cols, 1)
    return Measured(
        seconds / values, f"period wythoff row {rows - 1} (fast.strip, 1 thread, {cols:,} "
        "columns) vs the values alone", seconds + values, None, "", compile_s,
    )  # fmt: skip


# ----------------------------------------------------------------------- one-heap games
def _heap_subtraction(quick: bool) -> Measured:
    import numpy as np

    from benchmarks._plain import subtraction_plain

    terms = 10**7 if quick else 10**8
    path = "fast.heaps.SUBTRACTION_SECONDS"
    game = "subtraction:1,3,4"
    compile_s = _warm(lambda: _door("nim-sequence", game, "fast.heaps", terms=1000))
    seconds, estimate = _door("nim-sequence", game, "fast.heaps", terms=terms)
    moves = np.array([1, 3, 4], dtype=np.int64)
    compile_s += _warm(lambda: subtraction_plain(moves, 1000))
    base_s, _ = _timed(lambda: subtraction_plain(moves, terms))
    return Measured(
        _scaled(path, False, seconds, estimate), f"nim-sequence {game} terms={terms:,}",
        seconds, base_s / (3 * terms), "plain numba mex loop, same terms", compile_s,
    )  # fmt: skip


def _heap_split(quick: bool) -> Measured:
    from benchmarks._plain import octal_plain

    terms = 30_000 if quick else 100_000
    path = "fast.heaps.SPLIT_SECONDS"
    compile_s = _warm(lambda: _door("nim-sequence", "octal:0.07", "fast.heaps", terms=1000))
    seconds, estimate = _door("nim-sequence", "octal:0.07", "fast.heaps", terms=terms)
    compile_s += _warm(lambda: octal_plain(1000))
    base_s, _ = _timed(lambda: octal_plain(terms))
    return Measured(
        _scaled(path, False, seconds, estimate), f"nim-sequence octal:0.07 terms={terms:,}",
        seconds, base_s / (terms * terms / 4), "plain numba XOR-convolution, same terms",
        compile_s,
    )  # fmt: skip


def _heap_three(quick: bool) -> Measured:
    """The seconds per three-heap XOR of a hexadecimal code (hex:0.8: take one, leave three
    heaps), through the registry; no plain baseline (the octal one is SPLIT_SECONDS's)."""
    terms = 2_000 if quick else 4_000
    path = "fast.heaps.THREE_SECONDS"
    compile_s = _warm(lambda: _door("nim-sequence", "hex:0.8", "fast.heaps", terms=200))
    seconds, estimate = _door("nim-sequence", "hex:0.8", "fast.heaps", terms=terms)
    return Measured(
        _scaled(path, False, seconds, estimate), f"nim-sequence hex:0.8 terms={terms:,}",
        seconds, None, "", compile_s,
    )  # fmt: skip


def _heap_sparse(quick: bool) -> Measured:
    """The sparse-space method's seconds per XOR, on Officers (0.6, a sparse space); beside
    it the plain XOR-convolution's seconds per XOR (0.07's plain numba loop)."""
    from benchmarks._plain import octal_plain

    terms = 50_000 if quick else 200_000
    path = "fast.heaps.SPARSE_SECONDS"
    using = "fast.heaps.sparse"
    compile_s = _warm(lambda: _door("nim-sequence", "octal:0.6", using, terms=20_000))
    seconds, estimate = _door("nim-sequence", "octal:0.6", using, terms=terms)
    plain_terms = 30_000
    compile_s += _warm(lambda: octal_plain(1000))
    base_s, _ = _timed(lambda: octal_plain(plain_terms))
    return Measured(
        _scaled(path, False, seconds, estimate), f"nim-sequence octal:0.6 terms={terms:,}"
        " (fast.heaps.sparse)", seconds, base_s / (plain_terms * plain_terms / 4),
        "plain numba XOR-convolution (0.07), per XOR", compile_s,
    )  # fmt: skip


def _heap_spec(quick: bool) -> Measured:
    import registry
    import spec
    from benchmarks._plain import python_subtraction

    terms = 20_000 if quick else 100_000
    path = "registry.heaps.SPEC_SECONDS_PER_OPTION"
    game = spec.get_game("subtraction:1,3,4")  # a fresh game: an empty memo
    door = registry.question("nim-sequence", game)
    impl = next(i for i in door.implementations if i.name == "spec")
    assert impl.cost is not None
    estimate = impl.cost(terms=terms)[0]
    seconds, _ = _timed(lambda: door(using="spec", budget=math.inf, terms=terms))
    base_s, _ = _timed(lambda: python_subtraction((1, 3, 4), terms))
    return Measured(
        _scaled(path, False, seconds, estimate), f"nim-sequence subtraction:1,3,4 terms={terms:,}"
        " (spec)", seconds, base_s / (3 * terms), "plain Python mex loop, same terms",
    )  # fmt: skip


def _c(path: str, unit: str, rate: bool, measure: Callable[[bool], Measured]) -> Constant:
    return Constant(path, unit, rate, measure)


#: The table's rows: every measured speed constant a cost model reads, in layer order.
CONSTANTS: tuple[Constant, ...] = (
    _c("spec.solver.VISITS_PER_SECOND", "visits/s", True, _spec_visits),
    _c("spec.solver.SECONDS_PER_POSITION", "s/sub-position", False, _spec_position),
    _c("spec.solver.FOLLOWERS_PER_SECOND", "followers/s", True, _spec_followers),
    _c("reference.landman.STEP_SECONDS", "s/step", False, _landman_steps),
    _c("reference.row_bounds.ROW_MOVES_SECONDS", "s/row²", False, _row_moves),
    _c("reference.row_bounds.CHECK_FOLLOWERS_PER_SECOND", "reads/s", True, _check_followers),
    _c("reference.row_greedy.CELL_SECONDS", "s/row²", False, _greedy_cells),
    _c("reference.rw.LEVEL_SECONDS", "s/level", False, _rw_level),
    _c("reference.rw.GROWTH", "x per g", False, _rw_growth),
    _c("fast.tables.CELL_RATE", "cells/s", True, _tables_rate),
    _c("fast.engine.CELL_SECONDS", "s/cell", False, _engine_cells),
    _c("fast.strip.SECONDS_PER_CELL", "s/cell", False, _strip_cell),
    _c("fast.strip.SECONDS_PER_CELL_ROW", "s/cell/row", False, _strip_cell_row),
    _c("fast.strip.TWO_THREAD_SPEEDUP", "x", True, _strip_threads),
    _c("fast.strip.CERTIFY_FACTOR", "x", False, _certify),
    _c("fast.cube.WORD_SECONDS", "s/word", False, _cube_words),
    _c("fast.nheap.MARK_SECONDS", "s/mark", False, _nheap_marks),
    _c("fast.fibonacci.ROWS_PER_SECOND", "rows/s", True, _fibonacci_rows),
    _c("fast.row_greedy.ROW_SECONDS", "s/row/layer", False, _greedy_rows),
    _c("fast.rw.ROW_SECONDS", "s/value", False, _fast_rw_row),
    _c("fast.atlas.STATE_SECONDS_PER_BYTE", "s/byte", False, _atlas_bytes),
    _c("fast.heaps.SUBTRACTION_SECONDS", "s/term/move", False, _heap_subtraction),
    _c("fast.heaps.SPLIT_SECONDS", "s/XOR", False, _heap_split),
    _c("fast.heaps.THREE_SECONDS", "s/XOR", False, _heap_three),
    _c("fast.heaps.SPARSE_SECONDS", "s/XOR", False, _heap_sparse),
    _c("registry.heaps.SPEC_SECONDS_PER_OPTION", "s/option", False, _heap_spec),
)
