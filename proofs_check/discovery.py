"""Discovery: automata learned from the engine's data, then proved by the decider (issue 36).

The engine's data (the registry's ``g-points`` for Wythoff, its ``grundy-table`` for the other
two-pile games) gives the set ``S_g = {(x, y) : G(x, y) = g}`` on a window of Zeckendorf words
of at most ``L`` digits; :func:`decider.learn.learn_points` proposes an automaton (or reports
the class counts per prefix length when none appears); the automaton is stored with
:mod:`decider.io` under ``proofs_check/automata/`` with its provenance; and the decider proves
the characterisation for all positions (:func:`prove`).

**One set of sentences.** :func:`prove` states "the learned set is ``{G = g}``" as a
:class:`proofs_check.theorems.Theorem` (:func:`theorem_for`) and replays it
(:func:`proofs_check.theorems.replay`): the sentences come from the game object's capabilities
through :mod:`proofs_check.automatic` (rays and their guards, a terminal set, a counting rule,
a pass layer), the same generator as every shipped theorem. A value ``g >= 1`` takes the
shipped, proved classes ``0 .. g - 1`` as the lower classes; a game with a state layer takes
the sets of its other states (learned from the same data by :func:`other_layers`).

**The command** is ``grundy prove --learn GAME`` (one front door, :mod:`grundy.cli.commands.
prove`): the window is the longest whose data fits the budget and the memory
(:func:`choose_length`), the tests' length follows it (:func:`window_tests`), the numeration is
``--numeration`` or the one the game declares (``natural_numeration``: a-Wythoff's ``a = 2``
reads Pell's words), ``--out FILE`` stores a proved automaton (:func:`store`), and a hint is
given only where the data support it (:func:`hint`: a Beatty pair of another numeration's
``α``).

**Wythoff's value 1** (new; Blass and Fraenkel, TCS 1990, describe the 1-values by a recursive
algorithm): ``grundy prove --learn wythoff --value 1`` (learns from the data, proves);
``grundy prove --learn wythoff --value 1 --automaton proofs_check/automata/wythoff-value-1.txt``
proves the shipped automaton instead; :func:`prove_pass` proves the pass game's theorem
from it (``grundy prove wythoff-pass-p``).

**Wythoff with a pass** (Miyadera, Manabe, Fukui, arXiv:1711.04960, proved there for
``x <= 9`` or ``|y - x| <= 9``).  Positions ``(x, y, s)``; layer ``s = 0`` is Wythoff, whose
P-set is proved.  The engine's table shows the P-set ``Q`` of layer 1 (the pass available)
equal to Wythoff's value-1 set but for 14 cells (:data:`PASS_OUT`, :data:`PASS_IN`); the
decider proves the set so built (:func:`pass_set`, :func:`prove_pass`) for all positions.
"""

from __future__ import annotations

import datetime
import re
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from math import isqrt
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

import spec
from decider import DeciderError, Dfa, Numeration, Theory
from decider.io import StoredAutomaton, read_automaton, write_automaton
from decider.learn import NUMERATIONS, Learned, digit_codes, learn_points, max_length
from decider.learn import window as learn_window
from decider.presburger import LinearForm, linear_form
from proofs_check.data import DATA_SECONDS
from proofs_check.theorems import Proof, Theorem, replay
from registry import question
from registry.core import NoImplementation, Question
from spec.tables import start_layer, states_of

AUTOMATA = Path(__file__).with_name("automata")

#: Wythoff with a pass, the pass available: the cells where its P-set differs from ``S``
#: (Wythoff's value 1), observed on the engine's table (4181 rows) and then proved.
PASS_OUT = ((0, 1), (1, 0), (2, 2), (3, 6), (6, 3), (5, 7), (7, 5))
PASS_IN = ((0, 0), (1, 3), (3, 1), (2, 5), (5, 2), (6, 7), (7, 6))


def _cells(cells: Sequence[tuple[int, int]]) -> str:
    return " | ".join(f"(x = {x} & y = {y})" for x, y in cells)


#: The set ``Q`` of the pass game's P-positions with the pass available, built from ``S``.
PASS_SET = f"(S(x, y) & ~({_cells(PASS_OUT)})) | {_cells(PASS_IN)}"


def window(length: int, numeration: Numeration | None = None) -> int:
    """The numbers with words of at most ``length`` digits (Zeckendorf: ``F_{length+2}``).

    >>> window(5)
    13
    """
    return learn_window(length, numeration)


#: The most rows the learner is given: the window of Wythoff's value 1 (31 Zeckendorf digits,
#: about 4 million pairs, learned in about 20 s on one core), the largest it has run on.
LEARN_ROWS = 3_524_578
#: The share of ``grundy prove --learn``'s budget the data may take (the rest: learning,
#: proving, the Presburger form).
DATA_SHARE = 0.5
#: The shortest window chosen (the learner needs a few prefix lengths to see saturation).
SHORTEST = 5


def numeration_of(name: str) -> Numeration:
    """The numeration ``--numeration`` names (``fibonacci``, ``pell``, ``tribonacci``,
    ``binary``), or one line naming the choices.

    >>> numeration_of("pell").name
    'ostrowski-sqrt2'
    """
    make = NUMERATIONS.get(name)
    if make is None:
        raise ValueError(f"--numeration = {name!r}: not one of {', '.join(NUMERATIONS)}")
    return make()


def natural_numeration(game: str) -> str | None:
    """The numeration the game declares its sets automatic in (``natural_numeration``), or
    None: a-Wythoff's ``a = 2`` declares ``pell`` (its P-positions are ``⌊n√2⌋``-pairs).

    >>> natural_numeration("a-wythoff:2"), natural_numeration("r-wythoff")
    ('pell', None)
    """
    return spec.get_game(game).natural_numeration


def window_tests(length: int) -> int:
    """The tests' length for a window of ``length`` digits: two fifths of it, rounded
    (12 for 31 digits, as Wythoff's value 1 was learned).

    >>> window_tests(31), window_tests(17), window_tests(5)
    (12, 7, 2)
    """
    return max(1, (2 * length + 2) // 5)


def _data_door(game: str, g: int) -> tuple[str, Question[Any]]:
    """Where the data of ``{G = g}`` come from: the registry's ``g-points`` (a row greedy),
    the P-positions (``g = 0``) from ``p-positions`` where the greedy over rows is sound, else
    ``grundy-table`` (quadratic in the window)."""
    try:
        return "g-points", question("g-points", game)
    except NoImplementation:  # no row greedy for this game: its table
        pass
    subject = spec.get_game(game)
    if g == 0:
        try:
            return "p-positions", question("p-positions", subject)
        except NoImplementation:
            pass
    return "grundy-table", question("grundy-table", subject)


def _domain(kind: str, g: int, top: int) -> dict[str, int]:
    return (
        {"g": g, "rows": top}
        if kind == "g-points"
        else ({"rows": top} if kind == "p-positions" else {"size": top})
    )


def data_estimate(game: str, g: int, top: int, budget: float) -> tuple[float, int]:
    """(seconds, bytes) of the data on ``top`` rows, or NoImplementation (one line) when no
    method answers within ``budget`` and the memory."""
    kind, door = _data_door(game, g)
    return door.estimate(budget=budget, **_domain(kind, g, top))


def choose_length(game: str, g: int, numeration: Numeration, budget: float) -> int:
    """The longest window (digits) whose data fit ``budget`` seconds and the memory, and at
    most :data:`LEARN_ROWS` rows and :func:`decider.learn.max_length` digits; ValueError (one
    line) if not even :data:`SHORTEST` digits fit.

    >>> from decider import Fibonacci
    >>> choose_length("wythoff", 0, Fibonacci(), 60.0)
    31
    """
    for length in range(max_length(numeration), SHORTEST - 1, -1):
        top = window(length, numeration)
        if top > LEARN_ROWS:
            continue
        try:
            data_estimate(game, g, top, budget)
        except NoImplementation:
            continue
        return length
    top = window(SHORTEST, numeration)
    try:
        data_estimate(game, g, top, budget)
    except NoImplementation as error:
        raise ValueError(
            f"{game}: not even a window of {SHORTEST} digits ({top} rows) fits: {error}"
        ) from None
    return SHORTEST  # pragma: no cover (the loop returns it)


def points(
    game: str,
    g: int,
    length: int,
    layer: int | None = None,
    budget: float = DATA_SECONDS,
    numeration: Numeration | None = None,
) -> tuple[npt.NDArray[np.int64], str]:
    """Every ``(x, y)`` with ``G(x, y) = g`` and ``x, y`` below :func:`window`, and the data's
    source.

    Wythoff's come from the registry's ``g-points`` (a row greedy: cheap to millions of
    rows); the P-positions (``g = 0``) of a game the greedy over rows covers (Wythoff with
    passes, k-blocking Wythoff, a-Wythoff) from its ``p-positions`` (as cheap); another
    two-pile game's from its ``grundy-table`` (quadratic: small windows); for a game with a
    state (the pass), the ``layer`` given, by default the one the game starts in (the pass
    still available).

    >>> pts, source = points("wythoff", 0, 5)
    >>> sorted(map(tuple, pts.tolist()))[:4], source
    ([(0, 0), (1, 2), (2, 1), (3, 5)], 'fast.wsg')
    """
    top = window(length, numeration)
    kind, door = _data_door(game, g)
    if kind == "g-points":
        answer = door(g=g, rows=top)
        a, b = answer.value.a_table[g], answer.value.b_table[g]
        count = int(answer.value.counts[g])
        half = np.stack([a[:count], b[:count]], axis=1).astype(np.int64)
        both = np.concatenate([half, half[:, ::-1]])
        both = both[(both < top).all(axis=1)]
        return np.unique(both, axis=0), answer.name
    subject = spec.get_game(game)
    if kind == "p-positions":  # the greedy over rows where it is sound (linear in the rows)
        found = greedy_points(subject, top, layer)
        if found is not None:
            return found
    table = question("grundy-table", subject)(size=top, budget=budget)
    values = np.asarray(table.value)
    if values.ndim == 3:  # a game with a state: the layer it starts in (the pass available)
        values = values[start_layer(subject) if layer is None else layer]
    return np.argwhere(values == g).astype(np.int64), table.name


def greedy_points(
    subject: spec.ImpartialGame, top: int, layer: int | None
) -> tuple[npt.NDArray[np.int64], str] | None:
    """The P-positions below ``top`` of ``layer`` from the registry's ``p-positions`` (the
    greedy over rows: Wythoff with passes, k-blocking Wythoff), or None where it is not
    sound for the game."""
    try:
        door = question("p-positions", subject)
    except NoImplementation:
        return None
    answer = door(rows=top)
    s = start_layer(subject) if layer is None else layer
    half = np.stack([np.asarray(answer.value.a[s]), np.asarray(answer.value.b[s])], axis=1)
    both = np.concatenate([half, half[:, ::-1]]).astype(np.int64)
    both = both[(both < top).all(axis=1)]
    return np.unique(both, axis=0), answer.name


def discover(
    game: str,
    g: int,
    length: int,
    tests: int,
    margin: int = 2,
    layer: int | None = None,
    budget: float = DATA_SECONDS,
    numeration: Numeration | None = None,
) -> tuple[Learned, str]:
    """Learn ``{G = g}`` of ``game`` (of its ``layer``, :func:`points`) from the data on
    ``length`` digits of ``numeration`` (Fibonacci unless given); the data's source.
    ``budget``: the seconds the table may take."""
    check_value(game, g)
    pts, source = points(game, g, length, layer, budget, numeration)
    return learn_points(pts, length, tests, margin, numeration), source


def store(learned: Learned, game: str, g: int, source: str, path: Path, command: str = "") -> str:
    """Write a learned automaton with its provenance (command, window, numeration, source,
    date) in the format of :mod:`decider.io`; its SHA-256 digest."""
    if learned.dfa is None:
        raise DeciderError(f"nothing to store: {learned.reason}")
    meta = {
        "set": f"{game}: G(x, y) = {g}",
        "command": command
        or f"grundy prove --learn {game} --value {g} --length {learned.length} --tests "
        f"{learned.tests} --numeration {option_name(learned.numeration)} --out {path.name}",
        "window": f"0 <= x, y < {window(learned.length, learned.numeration)} "
        f"({learned.points} pairs)",
        "data": source,
        "classes": " ".join(map(str, learned.counts)),
        "date": datetime.date.today().isoformat(),
        "statement": path.stem,  # the statement the file is part of: its own name
    }
    write_automaton(path, learned.dfa, ["x", "y"], meta, learned.numeration)
    return path.read_text(encoding="utf-8").rstrip("\n").rsplit("sha256 ", 1)[-1]


def option_name(numeration: Numeration) -> str:
    """The ``--numeration`` word of ``numeration`` (``pell`` for ``ostrowski-sqrt2``)."""
    return next(k for k, make in NUMERATIONS.items() if make().name == numeration.name)


def file_id(name: str) -> str:
    """A game's name as the stored automata's files spell it: ``:``, ``,``, ``/`` as ``-``.

    >>> file_id("wythoff-terminal:2"), file_id("nimhof:1,0/0,1")
    ('wythoff-terminal-2', 'nimhof-1-0-0-1')
    """
    return re.sub(r"[^A-Za-z0-9._-]+", "-", name)


def check_value(game: str, g: int) -> None:
    """Refuse a Grundy value ``g >= 1`` of a game with an outcome rule (outcomes only).

    >>> check_value("blocking-wythoff:2", 1)
    Traceback (most recent call last):
    ...
    decider.automaton.DeciderError: --value 1: blocking-wythoff:2 has the outcome rule P iff ...
    """
    rule = spec.get_game(game).outcome_rule
    if g and rule is not None:
        raise DeciderError(
            f"--value {g}: {game} has the outcome rule {rule.describe()}: outcomes only (P or "
            "N), no Grundy values; learn its P-positions (--value 0)"
        )


def stored(name: str) -> StoredAutomaton:
    """A shipped automaton, e.g. ``stored("wythoff-value-1")`` (its digest checked)."""
    return read_automaton(AUTOMATA / f"{name}.txt")


def theorem_for(game: str, value: int = 0, others: Sequence[int] = ()) -> Theorem:
    """The statement "the learned set ``learned(x, y)`` is ``{G = value}`` of ``game``".

    Proved by :func:`proofs_check.theorems.replay` with the sentences of
    :mod:`proofs_check.automatic` (one generator for every game: rays, guards, a terminal set,
    a counting rule, a pass layer). A value ``g >= 1`` uses the shipped, proved classes
    ``0 .. g - 1`` (``GAME-value-h.txt``) as the lower classes; a game with a state layer
    states the P-set of the layer it starts in, with the sets of the ``others`` states given
    as ``layer<s>(x, y)``.

    >>> t = theorem_for("r-wythoff", 2)
    >>> t.lower, t.automata[1]
    (('c0', 'c1'), ('c1', 'r-wythoff-value-1.txt'))
    """
    check_value(game, value)
    subject = spec.get_game(game)
    name = subject.describe()
    automata = tuple((f"c{h}", f"{file_id(name)}-value-{h}.txt") for h in range(value))
    for _, file in automata:
        if not (AUTOMATA / file).exists():
            raise DeciderError(f"--value {value}: the lower class {file} is not shipped (prove it)")
    states = states_of(subject)
    definitions = tuple((f"l{s}", "x y", f"layer{s}(x, y)") for s in others)
    definitions += (("s", "x y", "learned(x, y)"),)
    state: int | None = None
    layers: tuple[tuple[int, str], ...] = ()
    if states:
        state = states[start_layer(subject)]
        if sorted([*others, state]) != sorted(states):
            raise DeciderError(f"{name}: the sets of the states {states} are needed, not {others}")
        layers = (*((s, f"l{s}") for s in others), (state, "s"))
    return Theorem(
        f"{name}-value-{value}-learned",
        game,
        "learned from the engine's data by proofs_check.discovery",
        f"the positions of {name} of Grundy value {value} are the learned automaton",
        definitions,
        value=value,
        state=state,
        automata=automata,
        lower=tuple(c for c, _ in automata),
        layers=layers,
    )


def prove(
    game: str,
    dfa: Dfa,
    value: int = 0,
    layers: Mapping[int, Dfa] | None = None,
    numeration: Numeration | None = None,
) -> Proof:
    """Prove (or refute, with the least counterexample) that ``dfa`` is ``{G = value}``.

    ``layers``: the sets of the other states of a game with a state layer (:func:`theorem_for`);
    ``numeration``: the one ``dfa`` reads (Fibonacci unless given; the lower classes of a value
    ``g >= 1`` are shipped in Fibonacci only).
    """
    if value and numeration is not None and numeration.name != "fibonacci":
        raise DeciderError(f"--value {value} in {numeration.name}: the lower classes are "
                           "shipped in Fibonacci numeration only (learn value 0)")  # fmt: skip
    others = dict(layers or {})
    given = {"learned": dfa, **{f"layer{s}": d for s, d in others.items()}}
    return replay(theorem_for(game, value, list(others)), given, numeration)


def pass_set(s: Dfa) -> Dfa:
    """:data:`PASS_SET` built from ``s`` (Wythoff's value-1 set)."""
    t = Theory()
    t.add_automaton("S", s, "x y")
    return t.define("Q", "x y", PASS_SET).dfa


def prove_pass(s: Dfa) -> Proof:
    """Prove that the set built from ``s`` (:func:`pass_set`) is the P-set of Wythoff with a
    pass, the pass available (layer 0, the pass used: Wythoff's P-set, shipped and proved)."""
    return prove("wythoff-pass", pass_set(s), 0, {0: stored("wythoff-value-0").dfa})


def other_layers(
    game: str, g: int, learned: Learned, margin: int, budget: float = DATA_SECONDS
) -> dict[int, Dfa]:
    """The sets ``{G = g}`` of the states of ``game`` other than its start, learned on the
    same window (and numeration) as ``learned`` (none for a game without a state layer)."""
    subject = spec.get_game(game)
    states = states_of(subject)
    start = start_layer(subject)
    out: dict[int, Dfa] = {}
    for i, s in enumerate(states):
        if i != start:
            other, _ = discover(game, g, learned.length, learned.tests, margin, i, budget,
                                learned.numeration)  # fmt: skip
            if other.dfa is None:
                raise DeciderError(f"{game}: state {s}: {other.reason}")
            out[s] = other.dfa
    return out


#: The Beatty pairs a hint may name: ``--numeration`` word -> (α in words, ``⌊nα⌋``, ``k``):
#: the P-positions ``(⌊nα⌋, ⌊nα⌋ + k n)``, n >= 0, either way round (exact integer floors).
BEATTY: dict[str, tuple[str, Callable[[int], int], int]] = {
    "fibonacci": ("φ = (1 + √5)/2", lambda n: (n + isqrt(5 * n * n)) // 2, 1),
    "pell": ("√2", lambda n: isqrt(2 * n * n), 2),
}


def beatty_match(pts: npt.NDArray[np.int64], top: int) -> str | None:
    """The ``--numeration`` whose Beatty pair (:data:`BEATTY`) is exactly the set ``pts`` on
    the window ``x, y < top``, or None.

    >>> pts = np.array([(0, 0), (1, 3), (3, 1), (2, 6), (6, 2), (4, 10), (10, 4)])
    >>> beatty_match(pts, 12)
    'pell'
    """
    have = set(map(tuple, np.asarray(pts).reshape(-1, 2).tolist()))
    for name, (_, low, k) in BEATTY.items():
        pairs = set()
        n = 0
        while low(n) < top:
            a, b = low(n), low(n) + k * n
            pairs |= {(a, b), (b, a)} if b < top else set()
            n += 1
        if pairs == have:
            return name
    return None


def hint(game: str, g: int, learned: Learned, pts: npt.NDArray[np.int64], longer: bool) -> str:
    """Why no automaton, in what the data support: the P-positions are a Beatty pair of
    another numeration's ``α`` (try it); the game declares another numeration; the classes
    still grow and a longer window fits (``longer``); else nothing more to try here."""
    used = option_name(learned.numeration)
    top = window(learned.length, learned.numeration)
    match = beatty_match(pts, top) if g == 0 else None
    if match is not None and match != used:
        alpha = BEATTY[match][0]
        return (f"not {used}-automatic in the data; the game's P-positions look like a Beatty "
                f"pair with α = {alpha}: try --numeration {match}")  # fmt: skip
    own = natural_numeration(game)
    if own is not None and own != used:
        return f"not {used}-automatic in the data; {game} declares {own}: try --numeration {own}"
    if longer and learned.new and learned.new[-1] > 0:
        return "the classes still grow: a longer --length (a larger --budget) may find one"
    return "no automaton within the data (no longer window fits the budget and the memory)"


def accepted_points(dfa: Dfa, numeration: Numeration, n: int) -> list[tuple[int, int]]:
    """The pairs ``(x, y)`` of ``dfa``'s set with ``x, y < n``, in order.

    >>> from decider import Fibonacci
    >>> accepted_points(Theory().relation("x = y").dfa, Fibonacci(), 3)
    [(0, 0), (1, 1), (2, 2)]
    """
    length = 1
    while window(length, numeration) < n:
        length += 1
    codes = digit_codes(np.arange(n, dtype=np.int64), length, numeration)
    x, y = np.meshgrid(codes, codes, indexing="ij")
    xs, ys = x.ravel(), y.ravel()
    b = numeration.base
    q = np.zeros(xs.size, dtype=np.int64)
    for i in range(length - 1, -1, -1):
        q = dfa.delta[q, (xs // b**i) % b + ((ys // b**i) % b) * b]
    hits = np.flatnonzero(dfa.accept[q])
    return [(int(k // n), int(k % n)) for k in hits]


def automaton_json(dfa: Dfa, numeration: Numeration) -> dict[str, Any]:
    """The automaton as JSON: numeration, base, tapes, states, transitions (one row per
    state: the target of each letter ``x + base * y``), accepting states; start 0."""
    return {
        "numeration": numeration.name,
        "base": dfa.base,
        "tapes": ["x", "y"],
        "states": dfa.states,
        "start": 0,
        "transitions": dfa.delta.tolist(),
        "accepting": np.flatnonzero(dfa.accept).tolist(),
    }


@dataclass
class Outcome:
    """One ``grundy prove --learn`` run: the window, the learned candidate, its proof, its
    proved Presburger form (a finite union of lines, when it is one) and a hint."""

    game: str
    value: int
    numeration: Numeration
    length: int
    tests: int
    source: str
    learned: Learned | None
    dfa: Dfa | None
    proof: Proof | None
    form: LinearForm | None
    hint: str
    seconds: float

    @property
    def proved(self) -> bool:
        return self.proof is not None and self.proof.status == "proved"


def learn_and_prove(
    game: str,
    value: int,
    numeration: Numeration,
    length: int,
    tests: int,
    budget: float,
    automaton: StoredAutomaton | None = None,
    margin: int = 2,
    stage: Callable[[str], None] = lambda text: None,
) -> Outcome:
    """Learn ``{G = value}`` on ``length`` digits (or take ``automaton``), prove it, and when
    proved look for its Presburger form (:func:`decider.presburger.linear_form`); ``stage``
    hears what it is doing (a progress line)."""
    start = time.perf_counter()
    learned, pts, source = None, np.zeros((0, 2), dtype=np.int64), "the file given"
    if automaton is not None:
        dfa: Dfa | None = automaton.dfa
        numeration = automaton.numeration
    else:
        check_value(game, value)
        stage(f"the data on {window(length, numeration)} rows")
        pts, source = points(game, value, length, None, budget, numeration)
        stage(f"learning from {len(pts)} pairs")
        learned = learn_points(pts, length, tests, margin, numeration)
        dfa = learned.dfa
    seconds = time.perf_counter() - start
    proof, form, why = None, None, ""
    if dfa is not None:
        window_of = learned or Learned(dfa, [], [], length, tests, 0, numeration=numeration)
        layers = other_layers(game, value, window_of, margin, budget)
        stage(f"proving the {dfa.states}-state automaton")
        proof = prove(game, dfa, value, layers, numeration)
        if proof.status == "proved":
            stage("looking for a Presburger form")
            theory = Theory(numeration)
            theory.add_automaton("learned", dfa, "x y")
            form = linear_form(theory, "learned")
    elif learned is not None:
        longer = length < max_length(numeration) and window(length + 1, numeration) <= LEARN_ROWS
        why = hint(game, value, learned, pts, longer)
    return Outcome(game, value, numeration, length, tests, source, learned, dfa, proof, form,
                   why, seconds)  # fmt: skip


def walnut_export(outcome: Outcome) -> Any:
    """The Walnut export (:func:`decider.walnut.export`) of the learned set's theorem."""
    from decider.walnut import export
    from proofs_check.theorems import theory_of

    assert outcome.dfa is not None
    theory = Theory(outcome.numeration)
    theory.add_automaton("learned", outcome.dfa, "x y")
    theory, sentences = theory_of(theorem_for(outcome.game, outcome.value), theory)
    return export(theory, sentences)


#: The proof pipeline's former front doors (``python -m MODULE``) and the command each is now.
MOVED = {
    "proofs_check.discovery": "grundy prove --learn GAME [--value G] [--numeration N] [--out FILE]",
    "proofs_check.automaticity": "grundy prove --automaticity [--games GAME ...] "
    "[--values G ...] [--out FILE] [--markdown]",
}


def moved(module: str) -> int:
    """Say on stderr that ``python -m module`` is now :data:`MOVED`'s command; exit code 2."""
    print(
        f"python -m {module}: the command is now '{MOVED[module]}' (docs/proofs.md)",
        file=sys.stderr,
    )
    return 2


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m proofs_check.discovery``: moved to ``grundy prove --learn`` (one line)."""
    return moved("proofs_check.discovery")


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
