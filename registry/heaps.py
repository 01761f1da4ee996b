"""Questions of one-heap games: ``nim-sequence``, ``heap-period`` and the ``value`` method.

Every game with the capability :func:`spec.is_heap_game` (a
:class:`spec.HeapGame`, or a pile game of arity 1: ``nim``, a plugin's) has
them, never by name:

``nim-sequence`` (``terms``)
    G(0), ..., G(terms - 1): ``spec`` (:func:`spec.nim_sequence`, any
    one-heap game), and for a game with an octal code (``heap_code``:
    ``subtraction:S``, ``octal:...``) ``reference.heaps`` and ``fast.heaps``
    with their costs (:func:`fast.heaps.sequence_cost`).
``heap-period`` (``terms``, ``compute``)
    The least preperiod and period. ``certified`` for a code game: values
    are computed (through ``nim-sequence``, doubling from 1,024 terms, within
    the budget) until the window of the periodicity theorem fits
    (:mod:`reference.heaps`: a repeated window of t values without
    splitting; the Guy-Smith theorem with it); the answer carries the
    certificate (theorem, window). ``apparent`` for any one-heap game: the
    least period of the last half of ``terms`` values, said as such.
``value`` method ``nim-sequence``
    G of a position (heaps n_1, ..., n_r) of a code game: the XOR of G(n_i),
    from the sequence up to the largest heap, or, past
    :data:`SEQUENCE_TERMS_MAX`, from the certified period.
"""

from __future__ import annotations

import functools
import math
import operator
import time
from dataclasses import dataclass, field
from typing import Any

import numpy as np

import fast.heaps
import fast.heaps_checkpoint
import reference.heaps
import registry.positions  # noqa: F401  (the question kind "value" this module adds a method to)
import spec
from registry.answers import Moves, Value, text_record
from registry.arguments import NIM_SEQUENCE, HeapPeriodArgs, Kind, NimSequenceArgs
from registry.core import (
    BUDGET_SECONDS,
    Declined,
    Progress,
    compare_arrays,
    question,
    register_provider,
    register_question,
)
from registry.records import Certificate, Provided

__all__ = [
    "SEQUENCE_TERMS_MAX",
    "HeapPeriod",
    "check_certificate",
    "checkpointed_sequence",
    "heap_code",
    "heap_period",
]

#: The value method reads G(n) from the sequence up to this heap, from the period beyond.
SEQUENCE_TERMS_MAX = 10**8
#: Seconds per option the spec's plain loop spends (measured 2026-11-28, 2 loaded cores:
#: subtraction:1,3,4, 10^5 terms (3e5 options) in 0.25 s; octal:0.07, 2,000 terms (5e5 options)
#: in 0.48 s; ``python -m benchmarks --only SPEC_SECONDS_PER_OPTION`` re-measures it).
SPEC_SECONDS_PER_OPTION = 1e-6
#: The first number of terms the certified period is looked for in (doubled until it fits).
FIRST_TERMS = 1024
#: Without ``compute``, the certified period is looked for within this many seconds (estimated)
#: before the apparent period answers.
QUICK_SECONDS = 5.0


def heap_code(game: spec.ImpartialGame) -> tuple[int, ...] | None:
    """The octal code (d_0, ..., d_t) of a one-heap game that states one, else None."""
    if not isinstance(game, spec.HeapGame):
        return None
    code = game.heap_code
    return None if code is None else tuple(int(d) for d in code)


def _coded(game: spec.ImpartialGame) -> str | None:
    return spec.why_not_heap_game(game) or (
        None if heap_code(game) else "no octal code (heap_code)"
    )


def _options_per_term(code: tuple[int, ...], terms: int) -> float:
    moves = sum(1 for d in code if d & 3)
    split = sum(1 for d in code if d & 4)
    threes = sum(1 for d in code if d & 8)
    return moves + split * terms / 4 + threes * terms * terms / 36


# ------------------------------------------------------------------------- nim-sequence


register_question(
    "nim-sequence", "*", "G(n) of one heap of {game}, n < terms", {"terms": 60},
    compare_arrays, budget=BUDGET_SECONDS, extra_domains=[({"terms": 600}, False)],
    signature=NimSequenceArgs,
)  # fmt: skip


def _spec_sequence(game: spec.ImpartialGame) -> Provided:
    code = heap_code(game)

    def cost(terms: int) -> tuple[float, int]:
        if spec.is_misere(game):  # the solver on the heaps' multisets (no XOR): its own model
            return spec.solver.game_estimate(game, (max(terms - 1, 0),))
        per = _options_per_term(code, terms) if code else terms / 2
        return terms * per * SPEC_SECONDS_PER_OPTION, 64 * terms

    return Provided(lambda terms: spec.nim_sequence(game, terms), cost=cost)


def _reference_sequence(game: spec.ImpartialGame) -> Provided:
    code = heap_code(game)
    assert code is not None

    def cost(terms: int) -> tuple[float, int]:
        return terms * _options_per_term(code, terms) * SPEC_SECONDS_PER_OPTION, 64 * terms

    return Provided(lambda terms: reference.heaps.nim_sequence(code, terms), cost=cost)


def _fast_sequence(game: spec.ImpartialGame) -> Provided:
    code = heap_code(game)
    assert code is not None

    def answer(terms: int) -> np.ndarray:
        return fast.heaps.nim_sequence(code, terms)

    return Provided(answer, cost=lambda terms: fast.heaps.sequence_cost(code, terms))


def _sparse_sequence(game: spec.ImpartialGame) -> Provided:
    code = heap_code(game)
    assert code is not None

    def answer(terms: int) -> np.ndarray:
        return fast.heaps.nim_sequence_sparse(code, terms)

    def covers(terms: int) -> str | None:
        if not reference.heaps.splits(code):
            return "no splitting move: the plain loop is O(n m) already"
        if terms <= fast.heaps.PROBE_TERMS:
            return f"{terms:,} terms are within the plain probe ({fast.heaps.PROBE_TERMS:,})"
        sparse = fast.heaps.sparse_cost(code, terms)[0]
        plain = fast.heaps.sequence_cost(code, terms)[0]
        if sparse >= plain:
            return f"no sparse space pays (about {sparse:,.1f} s against {plain:,.1f} s plain)"
        return None

    return Provided(answer, covers, lambda terms: fast.heaps.sparse_cost(code, terms))


register_provider(
    "nim-sequence", "fast.heaps.sparse", "fast", _coded, _sparse_sequence,
    summary="a splitting octal code whose values have a sparse space (rare and common "
    "values, the split from the values): about one XOR per rare heap a term",
)  # fmt: skip
register_provider(
    "nim-sequence",
    "spec",
    "spec",
    spec.why_not_heap_game,
    _spec_sequence,
    summary="any one-heap game: G(n) = mex of the XOR of each option's heaps",
    misere=True,  # spec.nim_sequence: G⁻(n) of a misère game
)
register_provider(
    "nim-sequence",
    "reference.heaps",
    "reference",
    _coded,
    _reference_sequence,
    summary="an octal code: the plain loop",
)
register_provider("nim-sequence", "fast.heaps", "fast", _coded, _fast_sequence,
                  summary="an octal code: O(n m), m moves; O(n^2) with splitting")  # fmt: skip


def sequence(game: spec.ImpartialGame, terms: int, budget: float | None = None) -> Any:
    """The door's answer of ``nim-sequence`` (values and provenance)."""
    return question(NIM_SEQUENCE, game)(terms=terms, budget=budget)


# ------------------------------------------------------------------------- heap-period


@dataclass(frozen=True)
class HeapPeriod:
    """G(n + period) = G(n) for all n >= preperiod, both least.

    ``status``: ``certified`` (proved by the theorem the certificate names,
    on the window it names), ``apparent`` (seen on ``terms`` values only: not
    a proof) or ``none`` (no period seen; preperiod and period are None).
    ``values``: the first values computed (at least preperiod + period).
    """

    game: str
    preperiod: int | None
    period: int | None
    status: str
    certificate: Certificate
    implementation: str
    terms: int
    values: list[int] = field(default_factory=list, repr=False)

    def head(self, count: int) -> list[int]:
        """G(n) for n < count, extended by the period past the values computed."""
        values = list(self.values[:count])
        if self.period is None or self.preperiod is None:
            return values
        while len(values) < count:
            values.append(values[len(values) - self.period])
        return values

    def __str__(self) -> str:
        rows: list[tuple[str, Any]] = [
            ("preperiod", self.preperiod), ("period", self.period), ("status", self.status),
            ("certificate", self.certificate), ("implementation", self.implementation),
            ("terms computed", self.terms),
        ]  # fmt: skip
        if self.period is not None and self.preperiod is not None:
            rows.append(
                ("period values", self.values[self.preperiod : self.preperiod + self.period])
            )
        return text_record(f"{self.game}: the nim-sequence's period", rows)

    def as_dict(self) -> dict[str, Any]:
        """The record as JSON data (without the values)."""
        return {
            "game": self.game, "preperiod": self.preperiod, "period": self.period,
            "status": self.status, "certificate": str(self.certificate),
            "implementation": self.implementation, "terms": self.terms,
        }  # fmt: skip


def _certificate(code: tuple[int, ...], preperiod: int, period: int) -> Certificate:
    end = reference.heaps.window_end(code, preperiod, period)
    return Certificate(
        "certified",
        f"{reference.heaps.theorem(code)}: G(n + {period}) = G(n) for {preperiod} <= n < {end}",
    )


def check_certificate(game: spec.ImpartialGame | str, preperiod: int, period: int) -> str | None:
    """None if (preperiod, period) is the least periodicity of ``game``'s nim-sequence, proved
    by its theorem on values computed here (the spec's, not the kernel that found it); else
    why not (a tampered certificate fails).

    >>> check_certificate("subtraction:1,3,4", 0, 7) is None
    True
    >>> check_certificate("subtraction:1,3,4", 0, 14)
    'the period is not least: 7 fits every value given'
    """
    subject = spec.as_game(game)
    code = heap_code(subject)
    if code is None:
        return f"{subject.describe()} has no octal code: no periodicity theorem applies"
    count = reference.heaps.window_end(code, preperiod, period) + 2 * period + 1
    values = spec.nim_sequence(subject, count)
    return reference.heaps.check_period(values, code, preperiod, period)


def _certified_period(game: spec.ImpartialGame) -> Provided:
    code = heap_code(game)
    assert code is not None

    def answer(
        terms: int = 0, seconds: float | None = None, compute: bool = False,
        progress: Progress | None = None,
    ) -> HeapPeriod:  # fmt: skip
        limit = BUDGET_SECONDS if seconds is None else seconds
        if not compute:  # a quick look; the apparent period answers past it
            limit = min(limit, QUICK_SECONDS)
        count, spent, began = max(FIRST_TERMS, terms), 0.0, time.perf_counter()
        door = question(NIM_SEQUENCE, game)
        while True:
            took = time.perf_counter() - began
            reached = (
                f"no certified period within the first {count // 2:,} values (computed in "
                f"{took:,.1f} s; estimated {spent:,.1f} s)"
            )
            try:
                cost = door.estimate(terms=count, budget=math.inf)[0]
            except ValueError as error:  # no implementation fits the memory
                raise Declined(f"{reached}: {error}") from None
            if spent + cost > limit:
                raise Declined(
                    f"{reached}; {count:,} values would take about {cost:,.0f} s more "
                    f"(budget {limit:,.0f} s{'' if compute else '; --compute for the full budget'})"
                )
            if progress is not None:
                progress(count // 2, None, "values without a certified period")
            found = door(terms=count, budget=math.inf)
            spent += cost
            values = [int(v) for v in found.value]
            got = reference.heaps.find_period(values, code)
            if got is not None:
                pre, period = got.preperiod, got.period
                how = _certificate(code, pre, period)
                return HeapPeriod(game.describe(), pre, period, "certified", how,
                                  f"reference.heaps + {found.name}", count,
                                  values[: max(pre + period, 64)])  # fmt: skip
            count *= 2

    return Provided(answer)


def _apparent_period(game: spec.ImpartialGame) -> Provided:
    def covers(compute: bool = False) -> str | None:
        return "a certified period is asked for (compute=True)" if compute else None

    def answer(terms: int = 0, seconds: float | None = None) -> HeapPeriod:
        count = max(terms, 2000)
        values = [int(v) for v in sequence(game, count, seconds).value]
        half = values[count // 2 :]
        for p in range(1, len(half) // 2):
            if all(half[i + p] == half[i] for i in range(len(half) - p)):
                pre = count // 2
                while pre > 0 and values[pre - 1 + p] == values[pre - 1]:
                    pre -= 1
                how = Certificate("apparent", text=f"apparent on n < {count:,} only (not a proof)")
                return HeapPeriod(game.describe(), pre, p, "apparent", how, "apparent", count,
                                  values[: max(pre + p, 64)])  # fmt: skip
        how = Certificate("apparent", text=f"no period seen on n < {count:,}")
        return HeapPeriod(game.describe(), None, None, "none", how, "apparent", count, values[:64])

    return Provided(answer, covers)


#: The typed handle of ``heap-period`` (:class:`registry.arguments.Kind`).
HEAP_PERIOD = Kind("heap-period", HeapPeriodArgs, HeapPeriod)
register_question(
    "heap-period", "*", "the least preperiod and period of {game}'s nim-sequence",
    {"terms": 0}, checked=False, signature=HeapPeriodArgs,
)  # fmt: skip
register_provider(
    "heap-period",
    "certified",
    "reference",
    _coded,
    _certified_period,
    certificate="certified",
    unit="values",
    summary="an octal code: the periodicity theorem",
)
register_provider("heap-period", "apparent", "spec", spec.why_not_heap_game, _apparent_period,
                  certificate="apparent", summary="any one-heap game: on a window")  # fmt: skip


def heap_period(
    game: spec.ImpartialGame | str, *, compute: bool = False, terms: int = 0,
    budget: float | None = None, progress: Progress | None = None,
) -> HeapPeriod:  # fmt: skip
    """The period of ``game``'s nim-sequence: certified where its code allows, else apparent
    (``compute=True``: certified or refused).

    >>> found = heap_period("octal:0.77")
    >>> found.preperiod, found.period, found.status
    (71, 12, 'certified')
    """
    door = question("heap-period", spec.as_game(game))
    found = door(terms=terms, compute=compute, seconds=budget, budget=budget, progress=progress)
    return found.value  # type: ignore[no-any-return]


# ------------------------------------------------------------------------- value


def _value(game: spec.ImpartialGame) -> Provided:
    door = question(NIM_SEQUENCE, game)  # bound here: the cost opens no door

    def answer(position: Any) -> Value:
        heaps = game.check_position(position)
        top = max(heaps)
        if top < SEQUENCE_TERMS_MAX:
            found = sequence(game, top + 1)
            values = [int(found.value[n]) for n in heaps]
            how = Certificate("exact", f"{found.name}: G(0..{top})")
        else:
            period = heap_period(game, compute=True)
            pre, p = period.preperiod, period.period
            assert pre is not None and p is not None
            reduced = [n if n < pre else pre + (n - pre) % p for n in heaps]
            values = [period.values[n] for n in reduced]
            how = Certificate("exact", f"period: {period.certificate}")
        total = functools.reduce(operator.xor, values, 0)
        return Value(game.describe(), position, total, "nim-sequence", "nim-sequence", how)

    def cost(position: Any) -> tuple[float, int]:
        top = max(spec.solver.coordinates(position))
        if top < SEQUENCE_TERMS_MAX:
            return door.estimate(terms=top + 1)
        return 1.0, 2**20

    return Provided(answer, cost=cost)


def _moves(game: spec.ImpartialGame) -> Provided:
    door = question(NIM_SEQUENCE, game)  # bound here: the cost opens no door

    def answer(position: Any) -> Moves:
        heaps = game.check_position(position)
        found = sequence(game, max(heaps) + 1)
        values = [int(v) for v in found.value]
        winning = sorted(
            {
                f
                for f in game.followers(heaps)
                if functools.reduce(operator.xor, (values[h] for h in f), 0) == 0
            }
        )
        how = Certificate(
            "exact", f"{found.name}: G(0..{max(heaps)}), the XOR of each follower's heaps"
        )
        return Moves(game.describe(), position, winning, "nim-sequence", how)

    def covers(position: Any) -> str | None:
        top = max(spec.solver.coordinates(position))
        return None if top < SEQUENCE_TERMS_MAX else f"a heap of {SEQUENCE_TERMS_MAX:,} or more"

    def cost(position: Any) -> tuple[float, int]:
        heaps = spec.solver.coordinates(position)
        seconds, memory = door.estimate(terms=max(heaps) + 1)
        options = sum(_options_per_term(heap_code(game) or (0,), h) for h in heaps)
        return seconds + options * SPEC_SECONDS_PER_OPTION, memory

    return Provided(answer, covers, cost)


#: A position's questions that the nim-sequence answers: (make, on what it rests, summary).
_POSITION_ROUTES = {
    "value": (_value, "G(n) from the nim-sequence or its certified period",
              "a one-heap game with an octal code (subtraction:S, octal:...): the XOR of the "
              "heaps' G(n), from the nim-sequence (fast.heaps) or, past 10^8, its certified "
              "period"),
    "moves": (_moves, "the followers whose heaps' values XOR to 0",
              "a one-heap game with an octal code: the followers whose heaps' G(n) (from the "
              "nim-sequence, fast.heaps) XOR to 0"),
}  # fmt: skip
for _kind, (_make, _rests_on, _summary) in _POSITION_ROUTES.items():
    register_provider(_kind, "nim-sequence", "fast", _coded, _make,
                      certificate=Certificate("exact", _rests_on), summary=_summary)  # fmt: skip


def checkpointed_sequence(
    game: spec.ImpartialGame, terms: int, checkpoint: str
) -> tuple[np.ndarray, str]:
    """G(n) for n < ``terms`` by the sparse-space kernel, saved to and resumed from the file
    ``checkpoint`` (:mod:`fast.heaps_checkpoint`), and the method's name; ValueError for a
    game the kernel does not run or a checkpoint of other parameters (naming the parameter)."""
    code = heap_code(game)
    if code is None or reference.heaps.most_heaps(code) != 2:
        raise ValueError(
            "--checkpoint: the values of an octal game with a move leaving two heaps resume "
            f"from a checkpoint, not those of {game.describe()}"
        )
    fast.heaps_checkpoint.load(checkpoint, code, fast.heaps.PROBE_TERMS)  # its game
    return fast.heaps.nim_sequence_sparse(code, terms, checkpoint=checkpoint), "fast.heaps.sparse"
