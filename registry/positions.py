"""Questions ``value`` and ``moves``: one position of any game, by the cheapest sound method.

``question("value", game)(position=p)`` answers a :class:`registry.answers.Value`,
``question("moves", game)(position=p)`` a :class:`registry.answers.Moves`. Each
method is an implementation with a cost; the door takes the most trustworthy, then
the cheapest within the budget (docs/architecture.md, "Questions that choose by
cost"). The methods, with what each covers, are :func:`method_table` (the README,
the docs and ``--help`` are rendered from it). ``value-methods:<game>`` compares
every value method with the spec on a grid (conformance).

Examples
--------
>>> question("value", "wythoff")(position=(300, 400)).value.certificate
'exact (strip: rows 0..300, columns 0..400)'
>>> v = question("value", "wythoff")(position=(5, 10**18)).value
>>> v.value, v.method, v.implementation
(1000000000000000002, 'row-period', 'atlas')
>>> question("moves", "wythoff")(position=(5, 10**18)).value.moves
[(5, 3)]
"""

from __future__ import annotations

import functools
import math
import operator
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

import fast.fibonacci
import fast.rw
import fast.strip
import spec
import spec.tables
from fast.atlas import StateContradiction
from reference.beatty import wythoff_winning_moves
from reference.landman import Periodicity
from reference.rw import H_DEFAULT, L_DEFAULT, default_R
from reference.zeckendorf import winning_moves as zeckendorf_moves
from registry.answers import Moves, Value
from registry.arguments import (
    FIBONACCI_VALUES,
    GRUNDY_BLOCK,
    GRUNDY_TABLE,
    HEAP_VALUES,
    MAX_POSITIONS,
    PERIOD,
    ROW_HPOINTS,
    VALUE,
    GenusArgs,
    HeapValuesArgs,
    PositionArgs,
    Progress,
)
from registry.arguments import ValueMethodsArgs as _ValueMethodsArgs
from registry.core import (
    BUDGET_SECONDS,
    PROVIDERS,
    Declined,
    NoImplementation,
    Question,
    compare_arrays,
    compare_sequences,
    get_question,
    question,
    register_implementation,
    register_provider,
    register_question,
)
from registry.periods import RowDoors
from registry.records import CONDITIONAL, EXACT, Certificate, Method, Provided, as_certificate
from registry.rows import ATLAS, atlas_row, atlas_value, reduce_column
from registry.sequences import RW_MAX_G
from registry.tables import kernel_code, strip_game, tick
from spec.misere import twos_sum
from spec.tables import cell_index, symmetric, why_not_table_game, why_not_two_pile

__all__ = [
    "MAX_POSITIONS", "OUTCOME_MAX_CELLS", "RW_STEPS", "compare_answered", "method_markdown",
    "method_table", "outcome_refusal", "symmetric",
]  # fmt: skip

#: A position as the methods read it: the game has checked it (``check_position``).
Position = Any
#: The values of g the rw method tries in turn (each run costs about R_g rows per level).
RW_STEPS = (3, 7, 12, RW_MAX_G)
#: Outcomes of a counting-rule game come from a compiled block up to this many cells.
OUTCOME_MAX_CELLS = 4096 * 4096

#: The certificate of the spec's answers.
_SPEC = Certificate("exact", "spec")


def _orient(game: spec.ImpartialGame, position: Position) -> tuple[int, int]:
    """(row, column): the smaller coordinate first in a symmetric game."""
    x, y = position
    return (min(x, y), max(x, y)) if symmetric(game) else (x, y)


def _value(game: spec.ImpartialGame, position: Position, method: str, value: int, impl: str,
           certificate: Certificate) -> Value:  # fmt: skip
    return Value(game.describe(), position, value, method, impl, certificate, spec.is_misere(game))


# ------------------------------------------------------------------------------- table


#: A symmetric game's value comes from the square holding both orientations of its cell
#: (checked whole for symmetry: :func:`fast.engine.check_symmetric`) while the square costs at
#: most this many times the block of rows 0..x.
SQUARE_FACTOR = 4

#: A game's ``grundy-block`` and ``grundy-table`` doors (None where it has none), looked up
#: when a method is made for the game: its answer and cost open no door.
Tables = tuple["Question[np.ndarray] | None", "Question[np.ndarray] | None"]


def _tables(game: spec.ImpartialGame) -> Tables:
    return get_question(GRUNDY_BLOCK, game), get_question(GRUNDY_TABLE, game)


def _block_domain(game: spec.ImpartialGame, position: Position) -> dict[str, int]:
    """Rows and columns of the compiled block a value of ``position`` is read from: for a
    game that declares itself symmetric, the square of side ``max(x, y) + 1`` (both
    orientations of the cell, compared) where it costs at most :data:`SQUARE_FACTOR` times
    the block, else the block of rows ``0..min(x, y)`` (the cell in its oriented form)."""
    x, y = position[0], position[1]
    if symmetric(game):
        low, high = min(x, y) + 1, max(x, y) + 1
        if high <= SQUARE_FACTOR * low:
            return {"rows": high, "cols": high}
        return {"rows": low, "cols": high}
    return {"rows": x + 1, "cols": y + 1}


def _compiled(
    doors: Tables, position: Position, block: dict[str, int] | None = None
) -> tuple[Question[np.ndarray], dict[str, int]]:
    """The door and domain of a compiled block (else square) holding ``position`` (``block``:
    the block's rows and columns, :func:`_block_domain` for a value; default the block of
    every follower too)."""
    x, y = position[0], position[1]
    for door, domain in ((doors[0], block or {"rows": x + 1, "cols": y + 1}),
                         (doors[1], {"size": max(x, y) + 1})):  # fmt: skip
        if door is not None and door.choose(**domain).layer != "spec":
            return door, domain
    raise ValueError("no compiled table of this game covers it (the spec method may)")


def _grundy_game(game: spec.ImpartialGame) -> str | None:
    rule = spec.outcome_rule(game)
    return None if rule is None else f"no Grundy value ({rule.describe()}); outcomes only"


def _moves_game(game: spec.ImpartialGame) -> str | None:
    """A compiled table answers the moves of a game with a state or a counting rule too: the
    strip's kernel, or a table registered in a computing layer other than the spec's (a
    plugin's ``"fast"`` or ``"reference"`` one alike; :func:`_compiled` then asks it where it
    covers the position)."""
    reason = why_not_table_game(game)
    if reason is None and strip_game(game) is not None:
        tables = [get_question(k, game) for k in ("grundy-block", "grundy-table")]
        layers = {i.layer for q in tables if q for i in q.implementations}
        if not layers & {"fast", "reference"}:
            return "no compiled table of this game (the spec method covers it)"
    return reason


def _table_game(game: spec.ImpartialGame) -> str | None:
    return _grundy_game(game) or _moves_game(game)


def _table(game: spec.ImpartialGame) -> Provided:
    name = kernel_code(game)
    if name is not None:

        def answer(position: Position, progress: Progress | None = None) -> Value:
            row, col = _orient(game, position)
            found = fast.strip.value_at(name, row, col, tick(progress, "columns"))
            how = Certificate("exact", f"strip: rows 0..{row}, columns 0..{col}")
            return _value(game, position, "table", found, "fast.strip", how)

        return Provided(answer, cost=lambda position: fast.strip.value_cost(*position))

    doors = _tables(game)

    def answer_table(position: Position, progress: Progress | None = None) -> Value:
        door, domain = _compiled(doors, position, _block_domain(game, position))
        table = door(progress=progress, **domain)
        values, cell = np.asarray(table.value), tuple(position)
        if cell[0] >= values.shape[-2] or cell[1] >= values.shape[-1]:
            cell = (cell[1], cell[0], *cell[2:])  # the oriented cell of a symmetric game
        found = int(values[cell_index(game, cell)])
        how = Certificate("exact", f"table: {table.name}")
        return _value(game, position, "table", found, table.name, how)

    def cost_table(position: Position) -> tuple[float, int]:
        door, domain = _compiled(doors, position, _block_domain(game, position))
        return door.estimate(**domain)

    return Provided(answer_table, cost=cost_table)


# ------------------------------------------------------------------------------- row-period


def _certified_rows(game: spec.ImpartialGame) -> str | None:
    reason = why_not_two_pile(game)
    door = get_question(PERIOD, game) if reason is None else None
    if door is None or not any(i.certificate.trusted for i in door.implementations):
        return reason or "no certified row period for this game"
    return None


def _route(
    game: spec.ImpartialGame, rows: RowDoors, row: int, col: int
) -> tuple[float, int, str | None] | None:
    """What G(row, col) costs past the row's record where the atlas holds the row (else None):
    ``(seconds, bytes, kernel)`` from the strip's shipped state of that kernel's game (issue 29:
    at most one joint period of columns, :meth:`fast.atlas.Atlas.value_cost`) for every column
    at or past the state's (never the record's period alone there), and before it where that
    costs less than the row's values from column 0 to the reduced column, or where those are
    out of every method's reach; else theirs, ``(seconds, bytes, None)``."""
    code = kernel_code(game)
    held = None if code is None else atlas_row(code, row)
    if code is None or held is None:
        return None
    state = ATLAS.value_cost(code, row, col)
    shipped = ATLAS.state(code)
    if state is not None and shipped is not None and col >= int(shipped["column"]):
        # a far value rests on the state's proved joint period, never on the record's period
        # alone (issue 39: a forged period the state cannot refute at load)
        return (*state, code)
    try:
        seconds, memory = rows.cost(row, reduce_column(held[0], col)[0] + 1)
    except NoImplementation:
        if state is None:
            raise
        return (*state, code)
    return (*state, code) if state is not None and state[0] < seconds else (seconds, memory, None)


def _row_period(game: spec.ImpartialGame) -> Provided:
    door, rows = question(PERIOD, game), RowDoors.of(game)

    def answer(position: Position, progress: Progress | None = None) -> Value:
        row, col = _orient(game, position)
        found = door(row=row, certified=True, progress=progress).value
        said = as_certificate(found.certificate)  # a certified record (certified=True)
        assert found.preperiod is not None and found.period is not None
        assert found.saltus is not None
        record = said.detail
        route = _route(game, rows, row, col) if found.implementation == "atlas" else None
        code = route[2] if route else None
        # the answer's preperiod (a record the period door confirmed or corrected) decides
        try:
            far = None if code is None or col < found.preperiod else atlas_value(
                code, row, col, tick(progress, "columns"))  # fmt: skip
        except StateContradiction as error:  # a period the state gives is not one: refused
            raise Declined(str(error)) from None
        # Past the state's column a value rests on the state alone (exact); before it, on the
        # record's preperiod (and, reduced by the record, its period): the record's kind.
        kind = said.kind
        if far is not None:
            shipped = ATLAS.state(code) if code is not None else None
            held = atlas_row(code, row) if code is not None else None
            if shipped is not None and held is not None and col >= int(shipped["column"]):
                # the state alone (its period proved on the way): the record's period is
                # neither relied on nor quoted (a forged one would read as evidence)
                kind, record = (
                    "exact",
                    f"atlas {held[1]} holds the row; the value rests on the state",
                )
            certificate = Certificate(kind, f"row {row}: {record}; the value from {far[1]}")
            return _value(game, position, "row-period", far[0], found.implementation, certificate)
        index, shift = reduce_column(Periodicity(found.preperiod, found.period, found.saltus), col)
        value = found.head(index + 1)[index] + shift
        certificate = Certificate(kind, f"row {row}: {record}")
        return _value(game, position, "row-period", value, found.implementation, certificate)

    def cost(position: Position) -> tuple[float, int]:
        row, col = _orient(game, position)
        seconds, memory = door.estimate(row=row, certified=True)
        far = _route(game, rows, row, col)
        return (seconds, memory) if far is None else (seconds + far[0], max(memory, far[1]))

    return Provided(answer, cost=cost)


# ------------------------------------------------------------------------------- rw


def _rw(game: spec.ImpartialGame) -> Provided:
    door = question(ROW_HPOINTS, game)

    def answer(position: Position) -> Value:
        row, column = _orient(game, position)
        for g in RW_STEPS:  # R_g grows with g: look among small values first
            band = door(g=g, r1=row, r2=row)
            h = next((h for h, _, a, b in band.value if (a, b) == (row, column)), None)
            if h is not None:
                how = band.implementation.certificate
                if how.kind == "conditional":
                    how = how.with_detail(
                        f"R_g = {default_R(g)} for g = {g}, L = {L_DEFAULT}, H = {H_DEFAULT}"
                    )
                else:
                    how = Certificate("exact", band.name)
                return _value(game, position, "rw", h, band.name, how)
        raise Declined(
            f"the value is > {RW_MAX_G} ({band.name} found every h-point of row {row} for "
            f"h <= {RW_MAX_G}, {band.implementation.certificate})"
        )

    def covers(position: Position) -> str | None:
        row = _orient(game, position)[0]
        door.choose(g=RW_MAX_G, r1=row, r2=row)  # NoImplementation: why no band is computed
        return None

    return Provided(answer, covers, lambda: (fast.rw.ROW_SECONDS, 2**20))


# ------------------------------------------------------------------------------- fibonacci, xor


def _fibonacci(game: spec.ImpartialGame) -> Provided:
    door = question(FIBONACCI_VALUES, game)

    def answer(position: Position) -> Value:
        found = door(positions=[position])
        how = Certificate("exact", f"{found.name}: rows 0..{position[0]} as step functions")
        return _value(game, position, "fibonacci", found.value[0], found.name, how)

    return Provided(answer, cost=lambda position: door.estimate(positions=[position]))


def _xor(game: spec.ImpartialGame) -> Provided:
    parts = [question(VALUE, c) for c in game.components]  # type: ignore[attr-defined]

    def answer(position: Position, max_positions: int = MAX_POSITIONS) -> Value:
        found = [
            d(position=p, max_positions=max_positions).value
            for d, p in zip(parts, position, strict=True)
        ]
        total = functools.reduce(operator.xor, (p.value for p in found), 0)
        how = " + ".join(f"{p.method}: {p.certificate}" for p in found)
        trusted = all(as_certificate(p.certificate).trusted for p in found)
        kind = "exact" if trusted else "conditional"
        certificate = Certificate(kind, f"Sprague-Grundy theorem, 000 §1.1: XOR of {how}")
        return _value(game, position, "xor", total, "xor", certificate)

    def cost(position: Position, max_positions: int = MAX_POSITIONS) -> tuple[float, int]:
        each = [
            d.estimate(position=p, max_positions=max_positions)
            for d, p in zip(parts, position, strict=True)
        ]
        return sum(s for s, _ in each), max(m for _, m in each)

    return Provided(answer, cost=cost)


#: ``heap-values:nim``: G(n) of one Nim heap, n any size. G(n) = mex {G(0), ..., G(n - 1)} = n
#: by induction (000 §1.1); the spec checks it on small heaps (conformance). A game of the
#: same rule registers its own ``heap-values:<name>`` to be answered so.
_key = register_question(
    "heap-values", "nim", "G(n) of one Nim heap at the given heaps n",
    {"heaps": tuple(range(60))}, compare_sequences, signature=HeapValuesArgs,
)  # fmt: skip
register_implementation(
    _key, "spec", "spec", lambda heaps: [spec.grundy(spec.Nim(), (n,)) for n in heaps],
    covers=lambda heaps: None if max(heaps, default=0) < 2000 else "heaps of 2000 or more",
)  # fmt: skip
register_implementation(
    _key, "heap", "reference", lambda heaps: [int(n) for n in heaps],
    certificate=Certificate("exact", "000 §1.1: G(n) = n"),
)  # fmt: skip


def _heap(game: spec.ImpartialGame) -> Provided:
    door = question(HEAP_VALUES, game)

    def answer(position: Position) -> Value:
        found = door(heaps=[position[0]])
        how = Certificate("exact", f"{found.name}: 000 §1.1, G(n) = n")
        return _value(game, position, "heap", found.value[0], found.name, how)

    return Provided(answer, cost=lambda: (1e-6, 1024))


def _sum(game: spec.ImpartialGame) -> str | None:
    return None if isinstance(game, spec.Sum) else "not a sum"


# ------------------------------------------------------------------------------- spec


def _spec_covers(position: Position, max_positions: int = MAX_POSITIONS) -> str | None:
    count = math.prod(v + 1 for v in spec.solver.coordinates(position))
    if count > max_positions:
        return (
            f"the spec solver may need {count:,} sub-positions (limit {max_positions:,}; "
            "raise --max-positions if you mean it)"
        )
    return None


def _spec_costs(game: spec.ImpartialGame, answer: Callable[..., object]) -> Provided:
    """The spec method's ``answer`` with its covers and cost: the solver's estimate from the
    game's own follower counts on a sample of sub-positions (:func:`spec.solver.game_estimate`,
    a measurement of the game, memoised by its key: :func:`_game_estimate`)."""

    def cost(position: Position) -> tuple[float, int]:
        return _game_estimate(game, game.check_position(position))

    return Provided(answer, _spec_covers, cost)


@functools.lru_cache(maxsize=256)
def _game_estimate(game: spec.ImpartialGame, position: Position) -> tuple[float, int]:
    """:func:`spec.solver.game_estimate` (it samples the game's followers), memoised by its
    key: the game object and the checked position (hashable)."""
    return spec.solver.game_estimate(game, position)


def _spec(game: spec.ImpartialGame) -> Provided:
    def answer(position: Position) -> Value:
        return _value(game, position, "spec", spec.grundy(game, position), "spec", _SPEC)

    return _spec_costs(game, answer)


# ------------------------------------------------------------------------------- moves


def _moves(
    method: str,
    certificate: Certificate,
    find: Callable[[spec.ImpartialGame, Position], Sequence[tuple[int, ...]]],
    costs: Callable[[spec.ImpartialGame, Callable[..., object]], Provided] = lambda _, a: Provided(
        a
    ),
) -> Callable[[spec.ImpartialGame], Provided]:
    """A moves method: ``find(game, position)``, the moves to P-positions, its certificate and
    ``costs(game, answer)`` (the answer with its covers and cost; default: every position,
    answered at once by a formula)."""

    def make(game: spec.ImpartialGame) -> Provided:
        def answer(position: Position) -> Moves:
            found = list(find(game, position))
            return Moves(game.describe(), position, found, method, certificate)

        return costs(game, answer)

    return make


_BEATTY = Certificate("exact", "000 Theorem 1.1: P-positions (floor(n phi), floor(n phi^2))")
_beatty = _moves("beatty", _BEATTY, lambda _, p: wythoff_winning_moves(*p))
_ZECKENDORF = Certificate("exact", "002 Theorem 3.2 and the Zeckendorf representation of n")
_zeckendorf = _moves(
    "fibonacci", _ZECKENDORF, lambda _, p: sorted((p[0] - k, 2 * k) for k in zeckendorf_moves(*p))
)
_moves_spec = _moves("spec", _SPEC, lambda g, p: sorted(spec.winning_moves(g, p)), _spec_costs)


def _moves_table(game: spec.ImpartialGame) -> Provided:
    """The followers of value 0 (the P-positions of an outcome table) by the compiled table
    that holds the position (its cost)."""

    doors = _tables(game)

    def answer(position: Position) -> Moves:
        door, domain = _compiled(doors, position)
        table = door(**domain)
        values = np.asarray(table.value)
        followers = list(dict.fromkeys(game.followers(position)))
        if any(f[0] >= values.shape[-2] or f[1] >= values.shape[-1] for f in followers):
            raise Declined("a follower lies outside the table of the position")
        found = sorted(f for f in followers if values[cell_index(game, f)] == 0)
        how = Certificate("exact", f"table: {table.name}")
        return Moves(game.describe(), position, found, "table", how)

    return Provided(answer, cost=_table(game).cost)


def outcome_refusal(game: str | spec.ImpartialGame, position: Position) -> tuple[str, str]:
    """The outcome ("P" or "N") and the one line that answers a Grundy value asked of a
    game with a counting rule (the ``outcome`` method of ``value``).

    Such a game (k-blocking) has no Grundy value; the line says so and gives
    the position's outcome (P or N), from the compiled block (``grundy-block``)
    where it is small enough, else from the spec.

    Examples
    --------
    >>> outcome, line = outcome_refusal("blocking-wythoff:2", (2, 2))
    >>> print(outcome, line)  # doctest: +ELLIPSIS
    P game = blocking-wythoff:2 has no Grundy value (P iff ...): (2, 2) is a P-position (exact, ...
    """
    subject = spec.as_game(game)
    rule = spec.outcome_rule(subject)
    assert rule is not None
    position = subject.check_position(position)
    x, y = position[0], position[1]
    if (x + 1) * (y + 1) <= OUTCOME_MAX_CELLS:
        answer = question(GRUNDY_BLOCK, subject)(rows=x + 1, cols=y + 1)
        outcome = "P" if answer.value[cell_index(subject, position)] == 0 else "N"
        how = f"exact, {answer.name}"
    else:
        outcome, how = spec.outcome(subject, position), "exact, spec"
    return outcome, (
        f"game = {subject.describe()} has no Grundy value ({rule.describe()}): {position} is "
        f"{'a' if outcome == 'P' else 'an'} {outcome}-position ({how}); 'grundy moves' gives "
        "its moves to P-positions"
    )


def _outcome(game: spec.ImpartialGame) -> Provided:
    def answer(position: Position) -> Value:
        outcome, line = outcome_refusal(game, position)
        raise spec.NoGrundyValue(line, outcome)

    return Provided(answer)  # no cost stated (the door's 0 s): the one method of such games


def _counting(game: spec.ImpartialGame) -> str | None:
    return None if _grundy_game(game) is not None else "a game with a Grundy value"


def _any(game: spec.ImpartialGame) -> str | None:
    return None


def _has(kind: str) -> Callable[[spec.ImpartialGame], str | None]:
    """A capability the registry holds for the game: a question ``kind`` answered for it."""
    return lambda game: None if get_question(kind, game) is not None else f"no {kind} for this game"


for _id, _text in (("value", "G of a position of {game}"), ("moves", "winning moves of {game}")):
    register_question(
        _id, "*", _text, {}, budget=BUDGET_SECONDS, cheapest=True, checked=False,
        signature=PositionArgs,
    )  # fmt: skip

_STRIP = ", ".join(fast.strip.GAMES)
#: What the spec method covers (the README's and docs' method tables say it).
_SPEC_SAYS = (
    f"any game, at most {MAX_POSITIONS:,} sub-positions (max_positions), within the budget: "
    "estimated from the game's own follower counts on a sample of positions, and stopped at "
    "the budget while it runs"
)


_VALUE = (
    Method("table", _table_game, _table, Certificate("exact", "strip / table"), "columns",
           f"two-pile games: {_STRIP} by the strip of rows 0..min, columns 0..max (docs/strip.md); "
           "others by a compiled table (fast.engine, fast.fibonacci, a plugin's)", misere=True),
    Method("row-period", _certified_rows, _row_period,
           Certificate("exact", "the row's record: atlas or windows"), "columns",
           "a row with a certified period (the atlas, the strip's or the engine's window "
           "certificate), the other coordinate any size"),
    Method("rw", _has("row-hpoints"), _rw, CONDITIONAL.with_detail("R_g, L, H"), "",
           f"Wythoff, value <= {RW_MAX_G}, rows to about 3.5e18 (Algorithm RW; WSG where it "
           "reaches: exact)"),
    Method("fibonacci", _has("fibonacci-values"), _fibonacci,
           Certificate("exact", "rows as step functions"), "",
           f"Fibonacci Nim, n <= {fast.fibonacci.MAX_ROWS:,}, any r"),
    Method("heap", _has("heap-values"), _heap, Certificate("exact", "000 §1.1: G(n) = n"), "",
           "a Nim heap of any size: G(n) = n"),
    Method("xor", _sum, _xor,
           Certificate("exact", "000 §1.1", text="exact (000 §1.1), or conditional as a part"), "",
           "a sum: the XOR of its parts' values, each by its cheapest method"),
    Method("spec", _any, _spec, _SPEC, "",
           _SPEC_SAYS, spec=True),
    Method("outcome", _counting, _outcome,
           Certificate("exact", "the outcome: no Grundy value"), "",
           "a game with a counting rule (k-blocking): no Grundy value; the refusal gives P or N"),
)  # fmt: skip
_MOVES = (
    Method("beatty", _has("lower-wythoff"), _beatty, Certificate("exact", "000 Theorem 1.1"), "",
           "Wythoff at any size, by the P-positions (floor(n phi), floor(n phi^2))"),
    Method("fibonacci", _has("fibonacci-zeckendorf"), _zeckendorf,
           Certificate("exact", "002 Theorem 3.2"), "",
           "Fibonacci Nim at any size, by the Zeckendorf representation of n"),
    Method("table", _moves_game, _moves_table, Certificate("exact", "table"), "",
           "two-pile games (a state too) with a compiled table: the followers of value 0 (or the "
           "P-positions of an outcome table)", misere=True),
    Method("spec", _any, _moves_spec, _SPEC, "",
           _SPEC_SAYS, spec=True),
)  # fmt: skip
for _id, _methods in (("value", _VALUE), ("moves", _MOVES)):
    for _method in _methods:
        register_provider(
            _id, _method.name, "spec" if _method.spec else "fast", _method.covers_game,
            _method.make, unit=_method.unit, summary=_method.summary,
            certificate=_method.certificate.bare(), misere=_method.spec or _method.misere,
        )  # fmt: skip


# ------------------------------------------------------------------------------- genus

register_question(
    "genus", "*", "the genus g^{γ0γ1...} of each heap n < heaps of {game} (Winning Ways ch. 13)",
    {}, checked=False, budget=BUDGET_SECONDS, signature=GenusArgs,
)  # fmt: skip


def _genus(game: spec.ImpartialGame) -> Provided:
    """The genera of the heaps from their definition (:func:`spec.genera`: γ_j = G⁻ of the heap
    plus j heaps of 2, by the solver, one memo for all); its cost, the solver's on the largest
    sum (:func:`spec.solver.game_estimate`, the sum's own count of sub-positions)."""

    def answer(heaps: int, k: int = 6, progress: Any = None) -> list[spec.Genus]:
        return spec.genera(game, heaps, k, progress)

    def cost(heaps: int, k: int = 6) -> tuple[float, int]:
        total = twos_sum(game)
        top = total.check_position(((max(heaps - 1, 0),), (2,) * k))
        return spec.solver.game_estimate(total, top)

    def covers(heaps: int, k: int = 6) -> str | None:
        return None if 2 <= k <= 12 and heaps >= 0 else "k must be 2..12 and heaps >= 0"

    return Provided(answer, covers, cost)


register_provider(
    "genus", "spec", "spec", spec.why_not_heap_game, _genus, unit="heaps",
    summary="a one-heap game: γ_j = G⁻(heap + j copies of *2) by the spec solver",
)  # fmt: skip


def method_table(id: str = "value") -> list[tuple[str, str, str]]:
    """``(method, covers, certificate)`` of question ``value`` or ``moves``, in the order of
    registration (ties of trust and cost go to the earlier): what the README, the docs and
    ``--help`` show.

    >>> [name for name, _, _ in method_table("moves")]
    ['beatty', 'fibonacci', 'table', 'spec', 'cube', 'nim-sequence']
    """
    texts = {m.name: m.certificate for m in {"value": _VALUE, "moves": _MOVES}[id]}
    return [(p.name, p.summary, str(texts.get(p.name, p.certificate))) for p in PROVIDERS[id]]


def method_markdown(id: str = "value") -> str:
    """:func:`method_table` as the Markdown table README.md and docs/front-door.md hold
    (tests/test_method_tables.py keeps them equal)."""
    rows = [f"| `{name}` | {covers} | {cert} |" for name, covers, cert in method_table(id)]
    return "\n".join(["| method | covers | certificate |", "|---|---|---|", *rows])


# ------------------------------------------------------------------------------- conformance


def _grid(game: spec.ImpartialGame, method: str | None = None) -> Callable[..., np.ndarray]:
    """``(rows, cols, col0) -> G(x, y)`` for 0 <= x < rows, col0 <= y < col0 + cols by the spec,
    or by one value method (-1 where it declines)."""
    door = question(VALUE, game)

    def value(position: tuple[int, int]) -> int:
        if method is None:
            return spec.grundy(game, position)
        try:
            return door(using=method, position=position).value.value
        except ValueError:
            return -1

    return lambda rows, cols, col0=0: np.array(
        [[value((x, col0 + j)) for j in range(cols)] for x in range(rows)], np.int64
    )


def compare_answered(expected: Any, actual: Any) -> str | None:
    """Compare where ``actual`` answered (>= 0); None if every answer agrees and one was given.

    Examples
    --------
    >>> compare_answered([[1, 2]], [[1, -1]]) is None
    True
    >>> compare_answered([[1, 2]], [[1, 3]])
    'first difference at (0, 1): expected 2, got 3'
    >>> compare_answered([[1, 2]], [[-1, -1]])
    'the method answered no position of the domain'
    """
    exp, act = np.asarray(expected), np.asarray(actual)
    if exp.shape == act.shape and not (act >= 0).any():
        return "the method answered no position of the domain"
    return compare_arrays(np.where(act >= 0, exp, act) if exp.shape == act.shape else exp, act)


#: The games whose value methods conformance compares on a grid: the strip's, and two whose
#: rows are certified on the engine's blocks.
for _game in (*fast.strip.GAMES, "a-wythoff:2", "nimhof:0,1/1,0/1,2"):
    _subject = spec.get_game(_game)
    _far = strip_game(_subject) is None  # the engine's games build a table per position
    _key = register_question(
        "value-methods", _game,
        "G(x, y), 0 <= x < rows, col0 <= y < col0 + cols, by each method (-1 where it declines)",
        {"rows": 6, "cols": 60}, compare_answered,
        extra_domains=[({"rows": 8, "cols": 500, "col0": 3500}, False)] if _far else [],
        signature=_ValueMethodsArgs,
    )  # fmt: skip
    register_implementation(
        _key, "spec", "spec", _grid(_subject), replace=True,
        covers=lambda rows, cols, col0=0: None if col0 + cols <= 300 and rows <= 10 else "large",
    )  # fmt: skip
    for _impl in question(VALUE, _subject).implementations:
        exact = _impl.certificate.trusted  # a conditional method runs per position: small
        if _impl.layer != "spec":
            register_implementation(
                _key, f"method {_impl.name}", "fast", _grid(_subject, _impl.name),
                certificate=EXACT if exact else CONDITIONAL, replace=True,
                covers=None if exact else lambda rows, cols, col0=0: (
                    None if rows * cols <= 1000 else "> 1000 cells"
                ),
            )  # fmt: skip
