"""The generic Sprague-Grundy solver: mex, Grundy values, outcomes, moves.

Everything here is derived from ``game.followers`` and nothing else, so it
is the oracle the reference algorithms and the fast kernels are tested
against. Evaluation is memoised (per game instance) and iterative, so deep
games do not hit Python's recursion limit.

References
----------
G. Nivasch, "More on the Sprague-Grundy function for Wythoff's game",
Games of No Chance 3 (2009): formula (1-2) (the Grundy function),
Lemma 1.3 (bounded labelling). Seed ``000``, §1.1.
"""

from __future__ import annotations

import gc
import math
import random
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, replace
from typing import Any, Final

from spec.game import (
    CountingRule,
    ImpartialGame,
    InvalidPosition,
    NoGrundyValue,
    NotAGame,
    Position,
    StateGame,
    outcome_rule,
)
from spec.heaps import HeapGame, nim_sequence

__all__ = [
    "ABOVE",
    "BYTES_PER_POSITION",
    "Limits",
    "SolverLimit",
    "bounded_grundy",
    "budget",
    "coordinates",
    "estimate",
    "game_estimate",
    "grundy",
    "grundy_table",
    "label",
    "limits",
    "mex",
    "outcome",
    "sub_positions",
    "winning_moves",
]

#: The label "value > g" of :func:`bounded_grundy` (000 Lemma 1.3's ∞).
ABOVE: Final = -1

#: Bytes one solved sub-position keeps (its memo entry: a dict slot, the
#: position tuple and its ints), measured with tracemalloc on Wythoff's game
#: below (300, 400) (about 150 bytes each) and rounded up for larger ints and
#: the evaluation stack. Used to turn free memory into a position limit.
BYTES_PER_POSITION: Final = 256
#: Followers visited per second, counted as sub-positions x the sum of the coordinates
#: (x86_64, 2 cores, idle, 2026-11-26: Wythoff (200, 300) 7.3e6, (100, 150) 9.3e6; Nim 1.2e7;
#: the registry's cost model of the spec reads it, with room for a loaded machine).
VISITS_PER_SECOND: Final = 5e6


def coordinates(position: Any) -> list[int]:
    """The integers of a position, the parts of a sum's flattened: what :func:`estimate` takes.

    >>> coordinates(((3, 4), 5))
    [3, 4, 5]
    """
    if isinstance(position, int):
        return [position]
    return [v for part in position for v in coordinates(part)]


def estimate(coordinates: list[int]) -> tuple[float, int]:
    """(seconds, bytes) of the solver below a position with these coordinates: its
    sub-positions (the product of coordinate + 1) times :data:`BYTES_PER_POSITION`, and
    those times the sum of the coordinates in visits (:data:`VISITS_PER_SECOND`).

    >>> estimate([100, 150])
    (0.76255, 3904256)
    """
    positions = math.prod(v + 1 for v in coordinates)
    visits = positions * max(1, sum(coordinates))
    seconds = visits / VISITS_PER_SECOND if visits < 10**300 else math.inf
    return seconds, positions * BYTES_PER_POSITION


#: Seconds the solver spends on one sub-position besides its followers (the memo, the
#: stack frame, the mex), and followers it reads per second: the cost model of
#: :func:`game_estimate`, seconds = sub-positions x (SECONDS_PER_POSITION + mean followers /
#: FOLLOWERS_PER_SECOND). Measured by benchmarks/bench_spec_cost.py (x86_64, 2 cores shared
#: with three other runs, 2026-11-28): S(1, 3, 4) at 2 x 10^4 and 10^6 (3 followers) 7.7
#: and 3.7 µs per sub-position; Wythoff (200, 300) (329 followers on average) 0.34 µs per
#: follower, three-pile Wythoff (30, 30, 30) (84) 0.47 µs, Nim (3000,) 0.34 µs; rounded up.
#: A rule whose ``followers`` is slow Python (several µs a follower) takes longer: the
#: budget stops the run where the measured rate projects past it (:class:`Limits`).
SECONDS_PER_POSITION: Final = 6e-6
FOLLOWERS_PER_SECOND: Final = 2.5e6
#: Sub-positions :func:`game_estimate` samples, and followers it reads of each at most.
SAMPLES: Final = 24
SAMPLE_FOLLOWERS: Final = 10_000


def _sample(position: Any, rng: random.Random) -> Any:
    """A sub-position of the same shape: every integer v replaced by one of 0..v."""
    if isinstance(position, int):
        return rng.randint(0, position)
    return tuple(_sample(part, rng) for part in position)


def _mean_followers(game: ImpartialGame, position: Any) -> float | None:
    """The mean number of followers of :data:`SAMPLES` sub-positions drawn uniformly in the box
    below ``position`` (the solver visits each once), each read up to
    :data:`SAMPLE_FOLLOWERS`; None when no drawn position is one of the game's or the rule
    fails (the solver says why when it runs)."""
    rng = random.Random(0)  # the same estimate every time
    counts = []
    for _ in range(SAMPLES):
        drawn = _sample(position, rng)
        try:
            drawn = game.check_position(drawn)
            read = zip(range(SAMPLE_FOLLOWERS), game.followers(drawn), strict=False)
            counts.append(sum(1 for _ in read))
        except Exception:  # a position outside the game (a state, a terminal set): not counted
            continue
    return sum(counts) / len(counts) if counts else None


def sub_positions(game: ImpartialGame, position: Any) -> int:
    """The sub-positions below ``position`` the solver may visit: a heap game's own bound
    (:meth:`spec.heaps.HeapGame.sub_positions`: the partitions of its tokens where a move may
    split, so a misère Kayles heap of 1000 is refused at once), a sum's product of its parts',
    else the product of coordinate + 1 (every move lowers a coordinate).

    >>> from spec.games import Nim, Sum
    >>> from spec.heaps import OctalGame
    >>> sub_positions(Nim(), (4,)), sub_positions(OctalGame.from_text("0.77"), (5,))
    (5, 19)
    >>> sub_positions(Sum(Nim(), OctalGame.from_text("0.77")), ((4,), (5,)))
    95
    """
    if isinstance(game, HeapGame):
        return game.sub_positions(game.check_position(position))
    from spec.games import Sum  # spec.games imports the solver

    parts = game.components if isinstance(game, Sum) else ()
    if parts and isinstance(position, tuple) and len(position) == len(parts):
        return math.prod(sub_positions(part, at) for part, at in zip(parts, position, strict=True))
    return math.prod(v + 1 for v in coordinates(position))


def game_estimate(game: ImpartialGame, position: Any) -> tuple[float, int]:
    """(seconds, bytes) of the solver below ``position`` of ``game``, from the game's own
    follower counts: its sub-positions (the product of coordinate + 1, every move lowering a
    coordinate) times :data:`SECONDS_PER_POSITION` plus their mean number of followers,
    measured on a sample of them (:func:`_mean_followers`), over
    :data:`FOLLOWERS_PER_SECOND`; bytes as :func:`estimate`. Where no sample can be read, the
    followers are taken as the sum of the coordinates (:func:`estimate`).

    >>> from spec.games import Nim, Wythoff
    >>> seconds, memory = game_estimate(Nim(), (1000,))  # about 500 followers a heap
    >>> round(seconds, 1), memory
    (0.2, 256256)
    >>> game_estimate(Wythoff(), (200, 300))[0] > game_estimate(Nim(), (200 * 300,))[0] / 100
    True
    """
    values = coordinates(position)
    positions = sub_positions(game, position)
    mean = _mean_followers(game, position) if positions < 10**15 else None
    if mean is None:
        mean = max(1, sum(values))
    seconds = positions * (SECONDS_PER_POSITION + mean / FOLLOWERS_PER_SECOND)
    return seconds, positions * BYTES_PER_POSITION


#: Seconds of work at least over which the solver measures its rate (its projection's), and
#: a quarter of the run's time when longer.
_RATE_WINDOW: Final = 1.0
#: How often (in sub-positions opened and solved) the solver looks at the clock.
_CHECK_EVERY: Final = 2048


class SolverLimit(ValueError):
    """The spec solver refused to go on: the memory or time limit of :func:`limits`.

    The message names the game, the position, the measured rate and the limit.
    """


@dataclass
class Limits:
    """Limits and a progress hook for the solver, set from above with :func:`limits`.

    The spec uses the standard library only, so the command line (or a test)
    passes in what it knows: how many sub-positions fit in memory, how long
    it may run, and how to show progress.

    Attributes
    ----------
    max_positions : int or None
        Refuse (:class:`SolverLimit`) before the memo of one evaluation holds
        more sub-positions than this (about free memory / BYTES_PER_POSITION);
        ``memory_note`` says where the number comes from, for the message.
    max_seconds : float or None
        Refuse once the measured time per sub-position (the process's CPU time: a
        busy machine does not count against it) projects the evaluation past this
        many seconds (checked from ``measure_after`` seconds, or a twentieth of
        ``max_seconds`` if longer, on; the projection of the first half may exceed it by a
        half, of the second half twice: a projection from a part of the work is rough).
    progress : callable or None
        ``progress(done, estimate, seconds, final)``, called every
        ``progress_every`` seconds once an evaluation has run ``progress_after``
        seconds, and once with ``final=True`` at its end (only if it was called
        before), also when the evaluation is refused, fails or is interrupted.
        ``estimate`` is the sub-position count the projection uses (the
        product of coordinate + 1), or None.
    """

    max_positions: int | None = None
    memory_note: str = "the limit set"
    max_seconds: float | None = None
    progress: Callable[[int, int | None, float, bool], None] | None = None
    progress_after: float = 2.0
    progress_every: float = 1.0
    measure_after: float = 2.0


_LIMITS: list[Limits] = [Limits()]


@contextmanager
def limits(**settings: Any) -> Iterator[Limits]:
    """Run the solver under :class:`Limits` ``settings`` inside the ``with`` block.

    Examples
    --------
    >>> from spec.games import Wythoff
    >>> with limits(max_positions=100):
    ...     grundy(Wythoff(), (60, 80))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    spec.solver.SolverLimit: wythoff: position (60, 80): the spec solver needs more than 100 ...
    """
    _LIMITS.append(Limits(**settings))
    try:
        yield _LIMITS[-1]
    finally:
        _LIMITS.pop()


@contextmanager
def budget(seconds: float | None, *, given: bool = True) -> Iterator[Limits]:
    """The current :class:`Limits` with ``max_seconds = seconds``: the one time budget of the
    registry's door (``budget=``, ``--budget``) reaching the solver, its other limits kept.

    ``given`` False (the question's default budget): only where no time limit is set
    above, so a budget given further out (the command line's ``--budget``) stands.

    >>> from spec.games import Wythoff
    >>> with limits(max_seconds=300.0), budget(60.0, given=False) as inner:
    ...     inner.max_seconds
    300.0
    >>> with budget(None) as inner, budget(120.0) as given:
    ...     inner.max_seconds, given.max_seconds
    (None, 120.0)
    """
    current = _LIMITS[-1]
    if seconds is None or (not given and current.max_seconds is not None):
        yield current
        return
    _LIMITS.append(replace(current, max_seconds=seconds))
    try:
        yield _LIMITS[-1]
    finally:
        _LIMITS.pop()


def _estimate(position: Any) -> int | None:
    """The sub-positions below ``position`` if every move lowers coordinates: prod(v + 1)."""
    values: list[int] = []
    stack = [position]
    while stack:
        item = stack.pop()
        if isinstance(item, (tuple, list)):
            stack.extend(item)
        elif isinstance(item, int):
            values.append(item)
    return math.prod(v + 1 for v in values) if values else None


def _run_estimate(game: ImpartialGame, position: Any) -> int | None:
    """The sub-positions the run's projection uses: :func:`sub_positions` of a game it can
    count (a heap game, a sum), else :func:`_estimate`."""
    try:
        return sub_positions(game, position)
    except Exception:  # a position the count cannot read: the plain product
        return _estimate(position)


class _Run:
    """One top-level evaluation: counts solved sub-positions, checks the limits."""

    def __init__(self, game: ImpartialGame, position: Any, estimate: int | None) -> None:
        self.game, self.position, self.estimate = game, position, estimate
        self.limits = _LIMITS[-1]
        self.began = time.perf_counter()
        # the projection's clock: the process's CPU time (the solver is one thread), so a
        # machine busy with other work does not stop a run its budget allows
        self.cpu_began = time.process_time()
        self.last_time, self.last_done = self.cpu_began, 0
        # sub-positions solved, and opened (their followers being read): a deep game (one
        # heap) opens a million before it solves the first, so the work is both counted
        self.done = self.opened = 0
        self.next_check = _CHECK_EVERY
        self.last_progress: float | None = None

    def work(self) -> int:
        """Sub-positions opened and solved: 2 x the estimate once every one is solved."""
        return self.opened + self.done

    def check(self) -> None:
        limits = self.limits
        work = self.work()
        self.next_check = work + _CHECK_EVERY
        where = f"{self.game.describe()}: position {self.position!r}"
        if limits.max_positions is not None and self.opened > limits.max_positions:
            raise SolverLimit(
                f"{where}: the spec solver needs more than {limits.max_positions:,} "
                f"sub-positions at about {BYTES_PER_POSITION} bytes each ({limits.memory_note}); "
                "use a smaller position or a compiled method"
            )
        now = time.perf_counter()
        elapsed = now - self.began
        cpu = time.process_time()
        spent = cpu - self.cpu_began
        # The rate of the latest quarter of the run at least (later sub-positions tend to have
        # more moves; a shorter interval can hold a pause: a dict growing, paging, a machine
        # busy for a moment).
        per = (cpu - self.last_time) / max(1, work - self.last_done)
        if cpu - self.last_time >= max(_RATE_WINDOW, spent / 4):
            self.last_time, self.last_done = cpu, work
        if (
            limits.max_seconds is not None
            and spent >= max(limits.measure_after, limits.max_seconds / 20)
            and self.estimate is not None
        ):
            remaining = max(0, 2 * self.estimate - work)
            projected = spent + per * remaining
            # Before half of the estimate, a projection half over the budget stops the run;
            # past half, it finishes unless it would take twice the budget.
            allowed = limits.max_seconds * (1.5 if work < self.estimate else 2)
            if projected > allowed:
                raise SolverLimit(
                    f"{where}: the spec solver would take about {projected:,.0f} s "
                    f"(measured {2 * per * 1e6:,.0f} µs per sub-position, {self.done:,} of "
                    f"about {self.estimate:,} solved and {self.opened:,} opened in {spent:,.0f} s "
                    "of CPU; "
                    f"the budget is {limits.max_seconds:,.0f} s); use a smaller position, a "
                    "compiled method or a larger budget (--budget SECONDS, budget=)"
                )
        if limits.progress is not None and elapsed >= limits.progress_after:
            if self.last_progress is None or elapsed - self.last_progress >= limits.progress_every:
                self.last_progress = elapsed
                limits.progress(work // 2, self.estimate, elapsed, False)

    def finish(self) -> None:
        if self.last_progress is not None and self.limits.progress is not None:
            elapsed = time.perf_counter() - self.began
            self.limits.progress(self.done, self.estimate, elapsed, True)


_RUNS: list[_Run] = []


@contextmanager
def _run(game: ImpartialGame, position: Any, estimate: int | None) -> Iterator[_Run]:
    """The current top-level run, or a new one (nested calls share the outer run)."""
    if _RUNS:
        yield _RUNS[-1]
        return
    run = _Run(game, position, estimate)
    _RUNS.append(run)
    # Python's cycle collector would walk every live frame and memo entry again and again (a
    # heap of 10^6 tokens: 4x slower); the solver makes no cycles, so it pauses for the run.
    collecting = gc.isenabled()
    gc.disable()
    try:
        yield run
    finally:
        if collecting:
            gc.enable()
        # A refused, failing or interrupted evaluation closes its progress too.
        _RUNS.pop()
        run.finish()


def mex(values: Iterable[int]) -> int:
    """The minimal excludant: the least non-negative integer not in ``values``.

    Examples
    --------
    >>> mex([0, 1, 3])
    2
    >>> mex([])
    0
    """
    present = set(values)
    m = 0
    while m in present:
        m += 1
    return m


def _not_a_game(game: ImpartialGame, position: Position, follower: Any, why: str) -> NotAGame:
    return NotAGame(
        f"{game.describe()}: the rule is not a game: the follower {follower!r} of "
        f"{position!r} {why}"
    )


def _admit(game: ImpartialGame, position: Position, follower: Any) -> None:
    """Refuse a follower that is not a valid position or not smaller than ``position``.

    Checked for each sub-position the first time it is reached, before it is
    expanded, so a rule that grows or cycles is refused before memory grows.
    """
    try:
        checked = game.check_position(follower)
    except InvalidPosition as error:
        raise _not_a_game(game, position, follower, f"is not a valid position ({error})") from None
    if checked != follower or type(checked) is not type(follower):
        raise _not_a_game(
            game, position, follower, f"is not in canonical form (expected {checked!r})"
        )
    try:
        smaller = game.rank(follower) < game.rank(position)
    except TypeError as error:
        raise _not_a_game(game, position, follower, f"cannot be ranked ({error})") from None
    if not smaller:
        raise _not_a_game(
            game,
            position,
            follower,
            "is not smaller than it (a move must lead to a smaller position in the game's "
            "rank() order, lexicographic by default, or the play could cycle or grow forever)",
        )


def _evaluate(
    game: ImpartialGame,
    position: Position,
    memo: dict[Position, int],
    label: Callable[[set[Any]], int],
    counting: bool = False,
) -> int:
    """Label ``position`` with ``label(set of its followers' labels)``, bottom-up.

    An explicit stack replaces recursion: each frame holds a position, the
    iterator over its followers and the labels seen so far (a set, so the
    memory per frame does not grow with the number of moves). Each follower
    is admitted (:func:`_admit`) when it is first reached. With ``counting``
    the set holds the followers labelled 0 themselves (the P-options, each
    counted once however many moves reach it), for a counting rule.
    """
    if position in memo:
        return memo[position]
    with _run(game, position, _run_estimate(game, position)) as run:
        stack: list[tuple[Position, Iterator[Position], set[Any]]] = []
        try:
            stack.append((position, iter(game.followers(position)), set()))
            _fill(game, memo, label, counting, stack, run)
        except (ValueError, MemoryError):
            raise
        except Exception as error:  # the rule's own code failed (a terminal test, a move)
            where = stack[-1][0] if stack else position
            raise NotAGame(
                f"{game.describe()}: the rule is not a game: its followers of {where!r} raised "
                f"{type(error).__name__} ({error})"
            ) from None
    return memo[position]


def _fill(
    game: ImpartialGame,
    memo: dict[Position, int],
    label: Callable[[set[Any]], int],
    counting: bool,
    stack: list[tuple[Position, Iterator[Position], set[Any]]],
    run: _Run,
) -> None:
    """The loop of :func:`_evaluate`: label every frame of ``stack``, bottom-up."""
    while stack:
        current, followers, seen = stack[-1]
        for child in followers:
            try:
                known = memo.get(child)
            except TypeError:  # unhashable: not a tuple position
                raise _not_a_game(game, current, child, "is not a position (a tuple)") from None
            if known is None:
                _open(game, current, child, stack, run)
                break
            if not counting:
                seen.add(known)
            elif known == 0:
                seen.add(child)
        else:
            _close(memo, label(seen), counting, stack, run)


def _open(
    game: ImpartialGame,
    current: Position,
    child: Position,
    stack: list[tuple[Position, Iterator[Position], set[Any]]],
    run: _Run,
) -> None:
    """Push the unlabelled follower ``child`` of ``current`` onto the stack (checked)."""
    _admit(game, current, child)
    stack.append((child, iter(game.followers(child)), set()))
    run.opened += 1
    if run.opened + run.done >= run.next_check:
        run.check()


def _close(
    memo: dict[Position, int],
    value: int,
    counting: bool,
    stack: list[tuple[Position, Iterator[Position], set[Any]]],
    run: _Run,
) -> None:
    """Label the top of the stack ``value`` and pop it; its parent's set gets the value
    (the mex) or, a P-position under a counting rule, the position."""
    current = stack.pop()[0]
    memo[current] = value
    if stack and not counting:
        stack[-1][2].add(value)
    elif stack and value == 0:
        stack[-1][2].add(current)
    run.done += 1
    if run.opened + run.done >= run.next_check:
        run.check()


def _misere_mex(values: set[int]) -> int:
    """G⁻'s rule (:mod:`spec.misere`): 1 where there is no follower, else the mex."""
    return mex(values) if values else 1


def _mex_rule(game: ImpartialGame) -> Callable[[set[int]], int]:
    """The labelling of a game's Grundy values: the mex, or G⁻'s under misère play (the
    game's ``misere``)."""
    return _misere_mex if game.misere else mex


def _no_grundy_value(game: ImpartialGame, rule: CountingRule) -> NoGrundyValue:
    return NoGrundyValue(
        f"game = {game.describe()} has no Grundy value: its outcome rule is "
        f"{rule.describe()}; ask for the outcome (P or N)"
    )


def grundy(game: ImpartialGame, position: Any) -> int:
    """The Sprague-Grundy value of ``position`` (000 formula 1-2); of a misère game
    (:func:`spec.misere`), its misère value G⁻ (no move: 1).

    Raises :class:`spec.NoGrundyValue` for a game with a counting rule
    (its outcomes are :func:`outcome`, its tables :func:`label`).

    Examples
    --------
    >>> from spec.games import Wythoff, Nim, Sum
    >>> grundy(Wythoff(), (2, 3))
    5
    >>> grundy(Sum(Nim(), Nim()), ((3,), (5,)))
    6
    >>> from spec.variants import BlockingWythoff
    >>> grundy(BlockingWythoff(2), (3, 5))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    spec.game.NoGrundyValue: game = blocking-wythoff:2 has no Grundy value: its outcome rule ...
    """
    rule = outcome_rule(game)
    if rule is not None:
        raise _no_grundy_value(game, rule)
    position = game.check_position(position)
    if isinstance(game, HeapGame) and not game.misere:
        return _heaps_value(game, position)  # a sum of heaps: the XOR of their values (000 §1.1)
    return _evaluate(game, position, game.memo.setdefault("grundy", {}), _mex_rule(game))


def _heaps_value(game: HeapGame, position: Position) -> int:
    """The XOR of the heaps' values (:func:`spec.heaps.nim_sequence`)."""
    values = nim_sequence(game, max(position) + 1)
    total = 0
    for heap in position:
        total ^= values[heap]
    return total


def label(game: ImpartialGame, position: Any) -> int:
    """What the game's tables hold at ``position``: its Grundy value, or 0 / 1 (P / N).

    A game whose outcome rule is the mex is labelled by its Grundy value; a
    game with a :class:`spec.CountingRule` (k-blocking) has no Grundy value
    and is labelled 0 at its P-positions (fewer than k options are
    P-positions) and 1 at its N-positions.

    Examples
    --------
    >>> from spec.games import Wythoff
    >>> from spec.variants import BlockingWythoff
    >>> blocking = BlockingWythoff(2)
    >>> label(Wythoff(), (2, 3)), label(blocking, (2, 2)), label(blocking, (2, 3))
    (5, 0, 1)
    """
    rule = outcome_rule(game)
    if rule is None:
        return grundy(game, position)
    position = game.check_position(position)
    memo = game.memo.setdefault(("outcome", rule.k), {})
    return _evaluate(game, position, memo, lambda p_options: rule.label(len(p_options)), True)


def bounded_grundy(game: ImpartialGame, position: Any, g: int) -> int:
    """The value of ``position`` if it is <= g, else :data:`ABOVE`.

    This is the labelling H of 000 Lemma 1.3: H(v) = mex of the followers'
    labels that are <= g, when that mex is <= g, else "> g". Values larger
    than g are never computed.

    Examples
    --------
    >>> from spec.games import Wythoff
    >>> bounded_grundy(Wythoff(), (2, 3), 5)
    5
    >>> bounded_grundy(Wythoff(), (2, 3), 4) == ABOVE
    True
    """
    if isinstance(g, bool) or not isinstance(g, int) or g < 0:
        raise ValueError(f"bounded_grundy: the bound g must be an int >= 0 (g = {g!r})")
    rule = outcome_rule(game)
    if rule is not None:
        raise _no_grundy_value(game, rule)
    position = game.check_position(position)
    misere = game.misere
    if isinstance(game, HeapGame) and not misere:
        value = _heaps_value(game, position)
        return value if value <= g else ABOVE

    def bounded(labels: set[int]) -> int:
        value = mex(v for v in labels if v != ABOVE) if labels or not misere else 1
        return value if value <= g else ABOVE

    return _evaluate(game, position, game.memo.setdefault(("bounded", g), {}), bounded)


def outcome(game: ImpartialGame, position: Any) -> str:
    """'P' if the previous player wins (value 0), else 'N' (under misère play, G⁻ = 0).

    Uses the bounded labelling with g = 0, so only 0 / non-0 is computed;
    for a game with a counting rule, the rule itself (:func:`label`).

    Examples
    --------
    >>> from spec.games import Wythoff
    >>> outcome(Wythoff(), (3, 5)), outcome(Wythoff(), (3, 4))
    ('P', 'N')
    """
    if outcome_rule(game) is not None:
        return "P" if label(game, position) == 0 else "N"
    return "P" if bounded_grundy(game, position, 0) == 0 else "N"


def winning_moves(game: ImpartialGame, position: Any) -> list[Position]:
    """The followers of ``position`` with value 0; empty at a P-position.

    Examples
    --------
    >>> from spec.games import Wythoff
    >>> winning_moves(Wythoff(), (4, 5))
    [(3, 5), (1, 2)]
    >>> winning_moves(Wythoff(), (3, 5))
    []
    """
    position = game.check_position(position)
    moves: list[Position] = []
    with _run(game, position, _run_estimate(game, position)):
        try:
            followers = list(game.followers(position))
        except (ValueError, MemoryError):
            raise
        except Exception as error:  # the rule's own code failed
            raise NotAGame(
                f"{game.describe()}: the rule is not a game: its followers of {position!r} "
                f"raised {type(error).__name__} ({error})"
            ) from None
        for follower in followers:
            if follower in moves:
                continue
            _admit(game, position, follower)
            if outcome(game, follower) == "P":
                moves.append(follower)
    return moves


def grundy_table(game: ImpartialGame, rows: int, cols: int) -> Any:
    """The table ``T[x][y] = G(x, y)`` for 0 <= x < rows, 0 <= y < cols.

    ``game`` must have positions of two integers (two-pile games, Fibonacci
    Nim's (n, r)), or be a :class:`spec.StateGame`: then the table is
    ``T[i][x][y]``, the layer of the i-th of its ``states``. The entries
    are :func:`label`: Grundy values, or 0 / 1 (P / N) under a counting rule.

    Examples
    --------
    >>> from spec.games import Wythoff
    >>> grundy_table(Wythoff(), 3, 3)
    [[0, 1, 2], [1, 2, 0], [2, 0, 1]]
    >>> from spec.variants import WythoffPass
    >>> grundy_table(WythoffPass(1), 2, 3)  # layer s = 0 is Wythoff; s = 1 may pass
    [[[0, 1, 2], [1, 2, 0]], [[0, 2, 1], [2, 1, 3]]]
    """
    for name, value in (("rows", rows), ("cols", cols)):
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise ValueError(f"grundy_table: {name} must be an int >= 0 ({name} = {value!r})")
    if isinstance(game, StateGame):  # a misère twin too: the same class (spec.misere)
        if not (rows and cols):
            return [[[] for _ in range(rows)] for _ in game.states]
        with _run(game, (rows - 1, cols - 1, game.states[-1]), rows * cols * len(game.states)):
            return [
                [[label(game, (x, y, s)) for y in range(cols)] for x in range(rows)]
                for s in game.states
            ]
    if not (rows and cols):
        return [[] for _ in range(rows)]
    game.check_position((0, 0))
    with _run(game, (rows - 1, cols - 1), rows * cols):
        return [[label(game, (x, y)) for y in range(cols)] for x in range(rows)]
