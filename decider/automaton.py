"""Synchronised k-tape automata read most significant digit first (issue 36, item 1).

A :class:`Dfa` reads words over the alphabet ``{0, ..., base-1}^k``: ``k`` tapes read in
parallel, one column (a *letter*) at a time, the most significant column first.  A letter is
the integer ``c = sum(d_i * base**i)`` whose tape-``i`` digit is ``d_i``.  The automaton is
complete (a dead state where needed), its start state is ``0``.

The operations here know nothing of a numeration: the logic layer (:mod:`decider.logic`)
supplies the valid-representation automaton to :func:`complement_within` and the all-zero
letter that :func:`exists` closes its start under.  Every operation records its state count
and time in a :class:`Budget`, and refuses with a one-line :class:`DeciderError` before it
spends more memory than the budget's ``limit_bytes``.

>>> import numpy as np
>>> ends_in_1 = Dfa(2, 1, np.array([[0, 1], [0, 1]]), np.array([False, True]))
>>> ends_in_1.accepts([[1], [0], [1]]), ends_in_1.accepts([[1], [0]])
(True, False)
>>> minimise(product(ends_in_1, complement(ends_in_1), "or")).states
1
"""

from __future__ import annotations

import time
import weakref
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any

import numpy as np
import numpy.typing as npt

import floor.interrupt as interrupt
from decider import _kernels

IntArray = npt.NDArray[np.int64]
BoolArray = npt.NDArray[np.bool_]


class DeciderError(ValueError):
    """A one-line refusal: a bad formula, a tape mismatch, a memory estimate past its limit."""


@dataclass(frozen=True)
class Step:
    """One operation's record: its name, the states of its result and its wall time."""

    operation: str
    states: int
    seconds: float


#: The memory one operation may spend unless a theory is given another limit (bytes).
LIMIT_BYTES = 2 * 1024**3


@dataclass
class Budget:
    """The memory an operation may spend (bytes) and the record of the steps done so far.

    >>> b = Budget(limit_bytes=1000)
    >>> b.check(10**6, "product")
    Traceback (most recent call last):
    ...
    decider.automaton.DeciderError: product needs about 1000000 bytes, past the limit of 1000
    """

    limit_bytes: int = LIMIT_BYTES
    steps: list[Step] = field(default_factory=list)

    def check(self, estimate: int, operation: str) -> None:
        """Refuse (one line) when ``estimate`` bytes exceed the limit."""
        if estimate > self.limit_bytes:
            raise DeciderError(
                f"{operation} needs about {estimate} bytes, past the limit of {self.limit_bytes}"
            )

    def record(self, operation: str, result: Dfa, start: float) -> Dfa:
        """Append the step's record and return its result."""
        self.steps.append(Step(operation, result.states, time.perf_counter() - start))
        return result

    @property
    def largest(self) -> int:
        """The largest state count of any step so far (0 before any)."""
        return max((s.states for s in self.steps), default=0)


#: The step recorder of :mod:`decider.certificate` (None: nothing is recorded).  When set, the
#: product, the subset construction, the minimisation and the tape remap report their inputs,
#: result and witness to it (``product``, ``subset``, ``minimise``, ``remap``).
RECORDER: Any = None


def _read_only(array: IntArray) -> IntArray:
    """``array``, no longer writeable (a table cached for every caller)."""
    array.setflags(write=False)
    return array


@cache
def digit_table(base: int, k: int) -> IntArray:
    """``table[c, i]`` is tape ``i``'s digit of letter ``c`` (shape ``(base**k, k)``; read-only,
    built once).

    >>> digit_table(2, 2).tolist()
    [[0, 0], [1, 0], [0, 1], [1, 1]]
    """
    letters = np.arange(base**k, dtype=np.int64)
    if k == 0:
        return _read_only(np.zeros((1, 0), dtype=np.int64))
    table = np.stack([(letters // base**i) % base for i in range(k)], axis=1)
    return _read_only(table.reshape(-1, k))


@dataclass(frozen=True, eq=False)
class Dfa:
    """A complete DFA over ``{0..base-1}^k``, start state 0.

    Parameters
    ----------
    base, k : int
        The digit alphabet's size and the number of tapes.
    delta : array of int, shape (states, base**k)
        ``delta[q, c]`` is the state after reading letter ``c`` in state ``q``.
    accept : array of bool, shape (states,)
        The accepting states.
    """

    base: int
    k: int
    delta: IntArray
    accept: BoolArray

    @classmethod
    def built(cls, base: int, k: int, delta: IntArray, accept: BoolArray) -> Dfa:
        """A result of this module's operations: int64 ``delta`` and bool ``accept`` of
        matching shapes, every transition in range by construction (the checks of
        ``__post_init__``, a few microseconds a step, are skipped; ``Dfa(...)`` checks)."""
        dfa = object.__new__(cls)
        for name, value in (("base", base), ("k", k), ("delta", delta), ("accept", accept)):
            object.__setattr__(dfa, name, value)
        return dfa

    def __post_init__(self) -> None:
        delta = np.asarray(self.delta, dtype=np.int64)
        accept = np.asarray(self.accept, dtype=np.bool_)
        n = accept.shape[0]
        if n < 1 or delta.shape != (n, self.base**self.k):
            raise DeciderError(f"a transition table of shape {delta.shape} for {n} states "
                               f"over {self.base}^{self.k} letters")  # fmt: skip
        if delta.size and (delta.min() < 0 or delta.max() >= n):
            raise DeciderError("a transition leads outside the automaton's states")
        object.__setattr__(self, "delta", delta)
        object.__setattr__(self, "accept", accept)

    @property
    def states(self) -> int:
        """The number of states."""
        return int(self.accept.shape[0])

    @property
    def letters(self) -> int:
        """The alphabet's size ``base**k``."""
        return int(self.base**self.k)

    def letter(self, digits: Sequence[int]) -> int:
        """The letter whose tape ``i`` reads ``digits[i]``."""
        return sum(int(d) * self.base**i for i, d in enumerate(digits))

    def run(self, columns: Sequence[Sequence[int]]) -> int:
        """The state reached by reading ``columns`` (each a digit per tape) from the start."""
        q = 0
        for col in columns:
            if len(col) != self.k:
                raise DeciderError(f"a column of {len(col)} digits for {self.k} tapes")
            q = int(self.delta[q, self.letter(col)])
        return q

    def accepts(self, columns: Sequence[Sequence[int]]) -> bool:
        """Whether the word ``columns`` is accepted."""
        return bool(self.accept[self.run(columns)])


def _blocks(kernel: Callable[..., None], *args: Any) -> None:
    """One call of a blocked kernel (:mod:`decider._kernels`): about ``WORK`` steps.

    The call follows every kernel's Ctrl-C protocol (:func:`floor.interrupt.call`): the
    signal is held during the block and raised as KeyboardInterrupt when it has returned.
    The first call of a kernel compiles it (or loads it from numba's cache) before the hold;
    later calls skip that check of the argument types (about 10 us a block, most of a small
    step's cost): the decider passes each kernel the same types every time.
    """
    if kernel in _COMPILED:
        with interrupt.held():
            kernel(*args, _kernels.WORK)
        return
    interrupt.call(kernel, *args, _kernels.WORK)
    _COMPILED.add(kernel)


#: The kernels :func:`_blocks` has called once (compiled or loaded for their types).
_COMPILED: set[Callable[..., None]] = set()


def reachable(a: Dfa, start: int = 0) -> Dfa:
    """``a`` restricted to the states reachable from ``start``, numbered in BFS order.

    Letters are explored in increasing order, so two minimal automata of the same language
    come out identical (the numbering is canonical); ``start`` becomes state 0.
    """
    order, remap = _kernels.bfs_order(a.delta, start)
    return Dfa.built(a.base, a.k, remap[a.delta[order]], a.accept[order])


def classes(a: Dfa) -> tuple[IntArray, int]:
    """Each state's class of equivalent states and the number of classes.

    Valmari and Lehtinen's refinement (:func:`decider._kernels.refine_block`): the states
    start in one block and split by acceptance, the transitions start in one cord per letter.
    """
    n, letters = a.states, a.letters
    m = n * letters
    blocks, cords = np.zeros((7, n), dtype=np.int64), np.zeros((7, m), dtype=np.int64)
    tail, adj = np.zeros(m, dtype=np.int64), np.zeros(m, dtype=np.int64)
    adj_first, meta = np.zeros(n + 1, dtype=np.int64), np.zeros(6, dtype=np.int64)
    _kernels.refine_start(a.delta, a.accept, blocks, cords, tail, adj, adj_first, meta)
    k = _kernels
    while meta[k.NEXT_BLOCK] < meta[k.BLOCKS] or meta[k.NEXT_CORD] < meta[k.CORDS]:
        _blocks(_kernels.refine_block, blocks, cords, tail, adj, adj_first, meta)
    return blocks[k.SETS], int(meta[k.BLOCKS])


def minimise(a: Dfa, budget: Budget | None = None) -> Dfa:
    """The minimal complete DFA of ``a``'s language, canonical.

    The reachable part is refined into classes of equivalent states (:func:`classes`,
    Hopcroft's algorithm in Valmari and Lehtinen's form); the quotient is renumbered by
    :func:`reachable` from the start's class.
    """
    budget = budget or Budget()  # no limit given: a record of this call only
    start = time.perf_counter()
    source = a
    order, to_reached = _kernels.bfs_order(a.delta, 0)
    a = Dfa.built(a.base, a.k, to_reached[a.delta[order]], a.accept[order])  # reachable(a)
    budget.check(a.states * (a.letters * 11 + 16) * 8, "minimisation")
    cls, count = classes(a)
    first = np.full(count, -1, dtype=np.int64)
    first[cls] = np.arange(a.states, dtype=np.int64)  # any member: equivalent states agree
    quotient = Dfa.built(a.base, a.k, cls[a.delta[first]], a.accept[first])
    q_order, to_class = _kernels.bfs_order(quotient.delta, int(cls[0]))
    result = Dfa.built(a.base, a.k, to_class[quotient.delta[q_order]], quotient.accept[q_order])
    if RECORDER is not None:  # each source state's class (-1: unreachable)
        witness = np.where(to_reached >= 0, to_class[cls[np.maximum(to_reached, 0)]], -1)
        RECORDER.minimise(source, result, witness)
    _MINIMAL.add(result)
    return budget.record("minimise", result, start)


#: The automata :func:`minimise` returned (alive): minimal and canonically numbered.
_MINIMAL: weakref.WeakSet[Dfa] = weakref.WeakSet()


def is_minimal(a: Dfa) -> bool:
    """Whether ``a`` is known minimal and canonical: a result of :func:`minimise` (minimising
    it again gives it back, state for state)."""
    return a in _MINIMAL


def complement(a: Dfa) -> Dfa:
    """The complement within all words (see :func:`complement_within` for the logic's)."""
    return Dfa.built(a.base, a.k, a.delta, ~a.accept)


_MODES: dict[str, Callable[[BoolArray, BoolArray], BoolArray]] = {
    "and": np.logical_and,
    "or": np.logical_or,
    "xor": np.logical_xor,
    "minus": lambda p, q: np.logical_and(p, np.logical_not(q)),
}


def product(a: Dfa, b: Dfa, mode: str, budget: Budget | None = None) -> Dfa:
    """The product automaton's reachable part, accepting by ``mode`` (``and``, ``or``,
    ``xor``, ``minus``), its states numbered as :func:`reachable` numbers them.

    Built breadth-first from the pair of starts (:func:`decider._kernels.product_block`): the
    pairs never reached cost 4 bytes each (their index), nothing more.
    """
    budget = budget or Budget()  # no limit given: a record of this call only
    if (a.base, a.k) != (b.base, b.k):
        raise DeciderError(f"a product of {a.k}-tape and {b.k}-tape automata")
    start = time.perf_counter()
    name = f"product ({mode})"
    pairs, letters = a.states * b.states, a.letters
    budget.check(pairs * 4, name)
    if pairs >= 2**31:
        raise DeciderError(f"{name} of {a.states} x {b.states} states: past the kernel's range")
    index = np.full(pairs, -1, dtype=np.int32)
    index[0] = 0
    capacity = 0
    state = np.array([0, 1], dtype=np.int64)
    pa = pb = delta = np.zeros(0, dtype=np.int64)
    while state[0] < state[1]:
        if state[1] + letters > capacity:
            capacity = min(max(2 * capacity, 1024), pairs + letters)
            budget.check(pairs * 4 + capacity * (letters + 2) * 8, name)
            pa, pb = _grow(pa, capacity), _grow(pb, capacity)
            delta = _grow(delta.reshape(-1, letters), capacity)
        _blocks(_kernels.product_block, a.delta, b.delta, index, pa, pb, delta, state)
    n = int(state[1])
    accept = _MODES[mode](a.accept[pa[:n]], b.accept[pb[:n]])
    result = Dfa.built(a.base, a.k, delta[:n], accept)
    if RECORDER is not None:  # each state's pair of source states
        RECORDER.product(a, b, mode, result, pa[:n].copy(), pb[:n].copy())
    return budget.record(name, result, start)


def complement_within(a: Dfa, valid: Dfa, budget: Budget | None = None) -> Dfa:
    """The words ``valid`` accepts that ``a`` rejects (the logic's negation)."""
    return product(valid, a, "minus", budget)


def remap(a: Dfa, k: int, tapes: Sequence[int]) -> Dfa:
    """Read ``a``'s tape ``i`` from tape ``tapes[i]`` of a new ``k``-tape alphabet.

    This permutes tapes, identifies two tapes (``tapes`` repeating a value: both read the same
    digits), and adds tapes no one reads (the new tapes not in ``tapes`` are ignored).

    >>> import numpy as np
    >>> first_is_1 = Dfa(2, 1, np.array([[1, 2], [1, 1], [2, 2]]), np.array([0, 0, 1]) > 0)
    >>> remap(first_is_1, 2, [1]).accepts([[0, 1]])
    True
    """
    if len(tapes) != a.k or any(not 0 <= t < k for t in tapes):
        raise DeciderError(f"{a.k} tapes cannot be read from {list(tapes)} of {k}")
    result = Dfa.built(a.base, k, a.delta[:, _old_letters(a.base, k, tuple(tapes))], a.accept)
    if RECORDER is not None:
        RECORDER.remap(a, k, tuple(tapes), result)
    return result


@cache
def _old_letters(base: int, k: int, tapes: tuple[int, ...]) -> IntArray:
    """``old[c]``: the letter of :func:`remap`'s source read by its new letter ``c``."""
    digits = digit_table(base, k)
    old = np.zeros(base**k, dtype=np.int64)
    for i, t in enumerate(tapes):
        old += digits[:, t] * base**i
    return _read_only(old)


@cache
def _lifts(base: int, k: int, tape: int) -> IntArray:
    """``lifts[c, d]``: the ``k``-tape letter reading ``c`` on the others, ``d`` on ``tape``
    (read-only, built once)."""
    rest = digit_table(base, k - 1)
    lifts = np.zeros((base ** (k - 1), base), dtype=np.int64)
    for d in range(base):
        full = np.insert(rest, tape, d, axis=1)
        lifts[:, d] = (full * base ** np.arange(k, dtype=np.int64)).sum(axis=1)
    return _read_only(lifts)


def _start_closure(a: Dfa, zeros: IntArray) -> IntArray:
    """The states reachable from the start by letters of ``zeros`` (all kept tapes zero)."""
    order, _ = _kernels.bfs_order(a.delta[:, zeros], 0)
    return np.sort(order)


def _grow(array: IntArray, size: int) -> IntArray:
    """``array`` with its first axis grown to ``size``, the new entries 0."""
    grown = np.zeros((size, *array.shape[1:]), dtype=array.dtype)
    grown[: array.shape[0]] = array
    return grown


def _subsets(kernel: Callable[..., None], source: tuple[Any, ...], n: int,
             first: IntArray, n_letters: int, fanout: int, budget: Budget,
             cap: int | None = None) -> tuple[IntArray, IntArray, IntArray] | None:  # fmt: skip
    """The subset construction from the subset ``first`` of the ``n`` source states: ``(rows,
    members, bounds)`` (subset ``i`` is ``members[bounds[i]:bounds[i + 1]]``, its
    successor by letter ``c`` is ``rows[i, c]``), numbered breadth-first, letters in increasing
    order.  ``kernel`` continues it: :func:`decider._kernels.subset_block` (``source`` the
    automaton's transitions and the lifts) or :func:`~decider._kernels.nfa_subset_block`
    (``source`` the successor lists' offsets, targets and fanout, :func:`_reversed`); a member
    has at most ``fanout`` successors by one letter.  ``None`` once more than ``cap`` subsets
    are met.
    """
    rows = np.zeros((0, n_letters), dtype=np.int64)
    table = np.zeros(0, dtype=np.int64)
    scratch = np.zeros(n, dtype=np.int64)
    seen = np.zeros(n, dtype=np.bool_)
    state = np.array([0, 1, first.size], dtype=np.int64)
    members, bounds = _grow(first, first.size), np.array([0, first.size], dtype=np.int64)
    while state[0] < state[1]:
        if cap is not None and state[1] > cap:
            return None
        need_rows = int(state[1]) + n_letters + 1
        size = rows.shape[0]
        if need_rows >= size or 2 * need_rows > table.shape[0]:
            size = max(2 * size, 2 * need_rows, 64)
        width = int(bounds[state[0] + 1] - bounds[state[0]]) * fanout
        used = int(state[2]) + n_letters * min(width, n)
        room = members.shape[0]
        if used > room:
            room = max(2 * room, int(state[2]) + n_letters * n)
        # checked before it is spent: the grown arrays (members, rows, bounds, the table)
        table_size = 1 << (2 * size).bit_length()
        budget.check(8 * (room + size * (n_letters + 1) + table_size), "subset construction")
        if size > rows.shape[0]:
            rows, bounds = _grow(rows, size), _grow(bounds, size + 1)
            table = np.full(table_size, -1, dtype=np.int64)
            _kernels.rehash(members, bounds, int(state[1]), table)
        if room > members.shape[0]:
            members = _grow(members, room)
        _blocks(kernel, *source, members, bounds, table, rows, scratch, seen, state)
    count = int(state[1])
    return rows[:count], members[: state[2]], bounds[: count + 1]


def _accepting(accept: BoolArray, members: IntArray, bounds: IntArray) -> BoolArray:
    """Which subsets hold an accepting member."""
    hits = np.zeros(members.size + 1, dtype=np.int64)  # hits[i]: accepting among the first i
    np.cumsum(accept[members], out=hits[1:])
    return np.asarray(hits[bounds[1:]] > hits[bounds[:-1]])  # an empty subset accepts nothing


def exists(a: Dfa, tape: int, budget: Budget | None = None) -> Dfa:
    """Erase ``tape`` (∃ over it), close the start under leading zeros, determinise, minimise.

    Read msd first, a witness for the erased tape may need more digits than the kept tapes'
    words have: the kept word ``u`` is in the result iff some ``0^m u`` is the projection of an
    accepted word.  So the subset construction starts from every state reachable from the
    start by letters whose kept tapes are all zero (the erased digit arbitrary).  The digit 0
    is the numeration's zero digit (every numeration here writes 0 as a word of zeros).  The
    subsets are numbered breadth-first, letters in increasing order
    (:func:`decider._kernels.subset_block`).

    The strategy is chosen by measurement (:data:`BRZOZOWSKI_RATIO`): once the subset
    construction has met more than ``BRZOZOWSKI_RATIO`` times the source's states (and at
    least :data:`BRZOZOWSKI_FLOOR` subsets), it stops and Brzozowski's construction
    (:func:`brzozowski`) determinises instead, under the same cap; past it too, the subset
    construction is run again to its end.  A certificate (:data:`RECORDER` set) records
    the subset construction's witness: it always runs to its end.
    """
    budget = budget or Budget()  # no limit given: a record of this call only
    if not 0 <= tape < a.k:
        raise DeciderError(f"no tape {tape} in a {a.k}-tape automaton")
    start = time.perf_counter()
    lifts = _lifts(a.base, a.k, tape)
    first = _start_closure(a, lifts[0])
    cap = None if RECORDER is not None else max(BRZOZOWSKI_FLOOR, BRZOZOWSKI_RATIO * a.states)
    source = (a.delta, lifts)
    built = _subsets(_kernels.subset_block, source, a.states, first, lifts.shape[0],
                     lifts.shape[1], budget, cap)  # fmt: skip
    if built is None:  # past the cap: Brzozowski's, or (past the cap too) to the end
        quick = brzozowski(a, tape, budget, cap)
        if quick is not None:
            return quick
        built = _subsets(_kernels.subset_block, source, a.states, first, lifts.shape[0],
                         lifts.shape[1], budget)  # fmt: skip
        assert built is not None  # no cap
    rows, members, bounds = built
    dfa = Dfa.built(a.base, a.k - 1, rows, _accepting(a.accept, members, bounds))
    if RECORDER is not None:  # each state's subset of source states
        RECORDER.subset(a, tape, dfa, members.copy(), bounds.copy())
    budget.record("subset construction", dfa, start)
    return minimise(dfa, budget)


def _reversed(delta: IntArray, lifts: IntArray) -> tuple[IntArray, IntArray, int]:
    """The successor lists of the reverse of ``delta`` read through ``lifts`` (letter ``c``
    leads ``q`` to ``delta[q, lifts[c, d]]`` for every ``d``; reversed, that state leads back
    to ``q``): ``(offsets, targets, fanout)`` as :func:`decider._kernels.nfa_subset_block`
    reads them, ``fanout`` the most targets of one state and letter."""
    n, (n_letters, digits) = delta.shape[0], lifts.shape
    heads = delta[:, lifts].reshape(n, n_letters * digits)  # (q, c * digits + d)
    letter = np.repeat(np.arange(n_letters, dtype=np.int64), digits)
    keys = (heads * n_letters + letter[None, :]).ravel()  # (head, letter) of each edge
    order = np.argsort(keys, kind="stable")
    counts = np.bincount(keys, minlength=n * n_letters)
    offsets = np.zeros(n * n_letters + 1, dtype=np.int64)
    np.cumsum(counts, out=offsets[1:])
    targets = order // (n_letters * digits)  # each edge's tail, grouped by (head, letter)
    return offsets, targets, int(counts.max(initial=0))


def _determinise(
    delta: IntArray,
    lifts: IntArray,
    first: IntArray,
    budget: Budget,
    accept: BoolArray,
    cap: int | None,
) -> tuple[IntArray, BoolArray] | None:
    """The subset construction of the reverse of ``delta`` (read through ``lifts``) from the
    subset ``first``: its rows, and which subsets hold a state of ``accept`` (``None`` past
    ``cap`` subsets)."""
    offsets, targets, fanout = _reversed(delta, lifts)
    built = _subsets(_kernels.nfa_subset_block, (offsets, targets, fanout), delta.shape[0],
                     first, lifts.shape[0], fanout, budget, cap)  # fmt: skip
    if built is None:
        return None
    rows, members, bounds = built
    return rows, _accepting(accept, members, bounds)


def brzozowski(
    a: Dfa, tape: int, budget: Budget | None = None, cap: int | None = None
) -> Dfa | None:
    """:func:`exists` by Brzozowski's construction: determinise the reverse, then the reverse
    of that; the result is minimal whatever the order of the states (J. A. Brzozowski,
    "Canonical regular expressions and minimal state graphs for definite events", 1962).

    The erased tape's automaton, its start closed under leading zeros as in :func:`exists`,
    is a nondeterministic automaton ``N`` (start set: the closure; accepting: ``a``'s).  Its
    reverse, determinised from ``a``'s accepting states, is a DFA ``D`` of the reversed
    language, every state reachable; ``D`` reversed and determinised from its accepting
    states is the minimal DFA of ``N``'s language (a subset accepts when it holds ``D``'s
    start).  Where the subset construction of ``N`` meets many equivalent subsets (a
    blow-up the minimisation would undo), both of these stay small.  ``None`` once either
    determinisation has met more than ``cap`` subsets (the reverse may blow up where the
    subset construction does not).
    """
    budget = budget or Budget()
    if not 0 <= tape < a.k:
        raise DeciderError(f"no tape {tape} in a {a.k}-tape automaton")
    start = time.perf_counter()
    lifts = _lifts(a.base, a.k, tape)
    closure = np.zeros(a.states, dtype=np.bool_)
    closure[_start_closure(a, lifts[0])] = True
    built = _determinise(a.delta, lifts, np.flatnonzero(a.accept), budget, closure, cap)
    if built is None:
        return None
    reverse = Dfa.built(a.base, a.k - 1, *built)
    budget.record("Brzozowski: reverse determinised", reverse, start)
    start = time.perf_counter()
    at_start = np.zeros(reverse.states, dtype=np.bool_)
    at_start[0] = True
    plain = np.arange(reverse.letters, dtype=np.int64)[:, None]  # each letter, no erased digit
    again = _determinise(reverse.delta, plain, np.flatnonzero(reverse.accept), budget, at_start,
                         cap)  # fmt: skip
    if again is None:
        return None
    dfa = Dfa.built(a.base, a.k - 1, *again)
    budget.record("Brzozowski: determinised again", dfa, start)
    return minimise(dfa, budget)


#: :func:`exists` stops the subset construction for :func:`brzozowski` once it has met more
#: than this many subsets per source state (and at least :data:`BRZOZOWSKI_FLOOR`).
#: Measured (``benchmarks/bench_prove_vs_walnut.py --blow-up``, 2026-12-07): over every ∃
#: step of the theorems of ``grundy prove --list`` the ratio is at most 11.9 (fibonacci-nim-g4:
#: 5,843 subsets of 491 states, Brzozowski 1.3 times faster there); below 5 Brzozowski was up
#: to 700 times slower (its reverse blew up to 36,749 states); the blow-up fixture passes 16
#: at once (n = 18: 262,144 subsets of 40 states, 2.7 s; Brzozowski 21 states, 0.5 ms).
BRZOZOWSKI_RATIO = 16
#: The fewest subsets before :func:`exists` may switch to :func:`brzozowski`.
BRZOZOWSKI_FLOOR = 1024


def warm_up() -> float:
    """Compile every kernel of :mod:`decider._kernels` (or load it from numba's cache, where
    ``cache=True`` keeps it after the first run) on a two-state automaton; the seconds spent.

    >>> warm_up() >= 0
    True
    """
    start = time.perf_counter()
    a = Dfa(2, 2, np.array([[0, 1, 1, 1], [1, 1, 1, 1]]), np.array([False, True]))
    minimise(exists(product(a, complement(a), "or"), 0))
    brzozowski(a, 0)
    return time.perf_counter() - start


def least_word(a: Dfa) -> list[int] | None:
    """The shortest accepted word (letters), least in lexicographic letter order among them.

    ``None`` when the language is empty.  For one tape of a numeration whose words of equal
    length compare like their values, and a language closed under leading zeros, this is the
    word of the least accepted number (fewer digits means a smaller number).
    """
    dist = np.full(a.states, -1, dtype=np.int64)
    dist[a.accept] = 0
    frontier = a.accept.copy()
    d = 0
    while frontier.any():
        d += 1
        reach = (frontier[a.delta].any(axis=1)) & (dist < 0)
        dist[reach] = d
        frontier = reach
    if dist[0] < 0:
        return None
    word = []
    q = 0
    while dist[q] > 0:
        c = int(np.flatnonzero(dist[a.delta[q]] == dist[q] - 1)[0])
        word.append(c)
        q = int(a.delta[q, c])
    return word


def equivalent(a: Dfa, b: Dfa) -> bool:
    """Whether ``a`` and ``b`` accept the same words (minimal automata are canonical)."""
    ma, mb = minimise(a), minimise(b)
    return bool(
        ma.states == mb.states
        and np.array_equal(ma.delta, mb.delta)
        and np.array_equal(ma.accept, mb.accept)
    )
