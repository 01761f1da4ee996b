"""Theorems proved for all positions by the decision procedure (issue 36, items 4 and 6).

A :class:`Theorem` names a game (as on the command line), the set its statement
characterises (a predicate written as a formula over Zeckendorf numeration, ``docs/proofs.md``)
and where it comes from. :func:`replay` builds the game's move relation from the game object
(:mod:`proofs_check.automatic`), defines the set, decides every sentence of the
characterisation and returns each one's truth, largest automaton, time and, when false, its
least counterexample. Each theorem has a false *twin* (one cell removed from its set) that the
replay refutes; ``grundy value`` at the twin's counterexample shows the cell is a P-position.

>>> proof = replay(THEOREMS["wythoff-p"])
>>> proof.status, [s.name for s in proof.sentences]
('proved', ['stable_m0', 'stable_m1', 'stable_m2', 'absorb'])
>>> twin = replay(THEOREMS["wythoff-p-twin"])
>>> twin.status, twin.failed.name, twin.failed.counterexample
('refuted', 'absorb', {'x': 3, 'y': 5})
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path

import numpy as np

from decider import DeciderError, Dfa, Numeration, Theory
from decider.io import read_automaton
from proofs_check.automatic import Rule, class_sentences, p_sentences, rule_of
from proofs_check.theorems_heaps import (
    HEAP_THEOREMS,
    HeapTheorem,
    heap_points,
    heap_theory_of,
    replay_heap,
)

__all__ = [
    "AUTOMATA",
    "POINT_SECONDS",
    "THEOREMS",
    "Built",
    "Proof",
    "SentenceResult",
    "Theorem",
    "build",
    "points",
    "replay",
    "report",
    "sentences_of",
    "theory_of",
]

#: The directory of the stored automata (package data).
AUTOMATA = Path(__file__).resolve().parent / "automata"
#: a = ⌊nφ⌋ for n >= 1 (the lower Wythoff number): ⌊(m + 1)φ⌋ = shift(m) + 1.
LOW = ("low", "a n", "E m, s (n = m + 1 & shift(m, s) & a = s + 1)")
#: Wythoff's P-positions: (0, 0) and (⌊nφ⌋, ⌊nφ⌋ + n), n >= 1, either way round.
WYTHOFF_P = "(x = 0 & y = 0) | E n (low(x, n) & y = x + n) | E n (low(y, n) & x = y + n)"


@dataclass(frozen=True)
class Theorem:
    """A statement "the P-positions of ``game`` are exactly the set ``p``".

    ``automata`` are ``(name, file)`` pairs: predicates read from the package data
    ``proofs_check/automata/FILE`` (:mod:`decider.io`: a file whose digest does not match is
    refused); ``definitions`` are ``(name, arguments, formula)`` triples defining the
    predicates, the last one the set ``p(x, y)``; ``state`` is the state of a game with a
    state layer where the statement lives (None for a game without one); ``twin_of`` names
    the true theorem a false twin was made from. A theorem of ``value`` g >= 1 names the
    predicates of the classes 0..g-1 in ``lower`` (each proved by its own theorem) and is
    proved by :func:`~proofs_check.automatic.class_sentences`; a game with a state layer
    names the set of every state in ``layers`` (``(state, predicate)``, the statement's set
    last). ``twin_cell`` is the cell of the set that the theorem's false twin leaves out (a
    P-position, or a position of value g, that the twin's replay must find).
    """

    id: str
    game: str
    source: str
    statement: str
    definitions: tuple[tuple[str, str, str], ...]
    value: int = 0
    state: int | None = None
    twin_of: str | None = None
    automata: tuple[tuple[str, str], ...] = ()
    lower: tuple[str, ...] = ()
    layers: tuple[tuple[int, str], ...] = ()
    twin_cell: tuple[int, int] | None = None
    numeration: str = "fibonacci"

    @property
    def kind(self) -> str:
        """``proved`` for a theorem, ``refuted`` for a false twin (what its replay gives)."""
        return "refuted" if self.twin_of else "proved"


@dataclass(frozen=True)
class SentenceResult:
    """One sentence decided: its truth, the largest automaton built and the seconds spent."""

    name: str
    text: str
    true: bool
    states: int
    seconds: float
    counterexample: dict[str, int] | None = None


@dataclass
class Proof:
    """A replay: ``proved`` (every sentence true) or ``refuted`` (the first false one)."""

    theorem: Theorem
    sentences: list[SentenceResult] = field(default_factory=list)
    definitions: list[SentenceResult] = field(default_factory=list)

    @property
    def status(self) -> str:
        return "proved" if all(s.true for s in self.sentences) else "refuted"

    @property
    def failed(self) -> SentenceResult | None:
        return next((s for s in self.sentences if not s.true), None)


def _twin(theorem: Theorem, cell: tuple[int, int]) -> Theorem:
    """The false twin of ``theorem``: its set without ``cell``."""
    name, args, formula = theorem.definitions[-1]
    x, y = cell
    body = f"({formula}) & ~(x = {x} & y = {y})"
    return replace(
        theorem,
        id=f"{theorem.id}-twin",
        statement=f"FALSE twin of {theorem.id}: its set without ({x}, {y})",
        definitions=(*theorem.definitions[:-1], (name, args, body)),
        twin_of=theorem.id,
        twin_cell=None,
    )


def _wythoffs(game: str, source: str, name: str) -> Theorem:
    """The theorem that ``game`` (``name``), with its own moves, has Wythoff's P-positions."""
    return Theorem(
        f"{game}-p",
        game,
        source,
        f"the P-positions of {name} are Wythoff's: (0, 0) and (⌊nφ⌋, ⌊nφ⌋ + n), n >= 1, "
        "either way round",
        (LOW, ("p", "x y", WYTHOFF_P)),
        twin_cell=(3, 5),
    )


_TRUE = (
    Theorem(
        "wythoff-p",
        "wythoff",
        "000 Theorem 1.1 (Wythoff 1907)",
        "the P-positions of Wythoff's game are (0, 0) and (⌊nφ⌋, ⌊nφ⌋ + n), n >= 1, "
        "either way round (the set: the stored automaton wythoff-p.txt, equal to that formula)",
        (("p", "x y", "wythoffp(x, y)"),),
        automata=(("wythoffp", "wythoff-p.txt"),),
        twin_cell=(3, 5),
    ),
    _wythoffs(
        "r-wythoff", "001 Remark 5 (Ho's R-Wythoff); its P-positions are Wythoff's", "R-Wythoff"
    ),
    Theorem(
        "wythoff-terminal-1-p",
        "wythoff-terminal:1",
        "Komaki, Miyadera, Murakami, arXiv:2605.01435 (terminal set x + y <= 1)",
        "the P-positions of Wythoff's game with the terminal set {x + y <= 1} are that set and "
        "(⌊nφ⌋ - 1, ⌊nφ⌋ - 1 + n), n >= 2, either way round",
        (
            LOW,
            (
                "p",
                "x y",
                "x + y <= 1 | E a, n (n >= 2 & low(a, n) & x + 1 = a & y = x + n)"
                " | E a, n (n >= 2 & low(a, n) & y + 1 = a & x = y + n)",
            ),
        ),
        twin_cell=(2, 4),
    ),
)

_BLOCKING = (
    Theorem(
        "blocking-wythoff-2-p",
        "blocking-wythoff:2",
        "Larsson, Electron. J. Combin. 18 (2011) P120 (k = 2)",
        "the P-positions of 2-blocking Wythoff are (0, 0), (2, 2), (n, 2n + 1) and "
        "(2⌊nφ⌋ + 2, 2⌊nφ⌋ + 2 + 2n), n >= 1, either way round",
        (
            LOW,
            (
                "p",
                "x y",
                "(x = 0 & y = 0) | (x = 2 & y = 2) | y = x + x + 1 | x = y + y + 1"
                " | E a, b, c, n (low(a, n) & b = a + 1 & c = b + n"
                " & ((x = b + b & y = c + c) | (y = b + b & x = c + c)))",
            ),
        ),
        twin_cell=(1, 3),
    ),
    Theorem(
        "blocking-wythoff-3-p",
        "blocking-wythoff:3",
        "Larsson, Electron. J. Combin. 18 (2011) P120 (k = 3)",
        "the P-positions of 3-blocking Wythoff are (0, 0), (n, 2n + 1) and (n, 2n + 2), "
        "n >= 0, either way round",
        (
            (
                "p",
                "x y",
                "(x = 0 & y = 0) | y = x + x + 1 | y = x + x + 2 | x = y + y + 1 | x = y + y + 2",
            ),
        ),
        twin_cell=(1, 3),
    ),
)


def _learned(
    theorem_id: str,
    game: str,
    source: str,
    statement: str,
    automata: tuple[tuple[str, str], ...],
    twin_cell: tuple[int, int],
) -> Theorem:
    """The theorem that ``game``'s Grundy class g = len(automata) - 1 is exactly the last of
    ``automata`` ((predicate, file) of the classes 0..g; the classes below, ``p``, ``c1``, ...,
    each proved by its own theorem)."""
    g = len(automata) - 1
    lower = tuple("p" if c == 0 else f"c{c}" for c in range(g))
    names = (*lower, "s" if g else "p")
    definitions = tuple(
        (name, "x y", f"{predicate}(x, y)")
        for name, (predicate, _) in zip(names, automata, strict=True)
    )
    return Theorem(theorem_id, game, source, statement, definitions, value=g, automata=automata,
                   lower=lower, twin_cell=twin_cell)  # fmt: skip


_LEARNED = (
    _learned(
        "wythoff-g1",
        "wythoff",
        "000 §1.3 (the 1-values; Blass and Fraenkel, TCS 1990, give a recursive algorithm): "
        "new, for all positions; the automaton learned by proofs_check.discovery",
        "the positions of Grundy value 1 of Wythoff's game are exactly the 826-state automaton "
        "wythoff-value-1.txt (given the P-positions, wythoff-p)",
        (("wythoffp", "wythoff-p.txt"), ("wythoffg1", "wythoff-value-1.txt")),
        (0, 1),
    ),
    Theorem(
        "wythoff-pass-p",
        "wythoff-pass",
        "Miyadera, Manabe, Fukui, arXiv:1711.04960 (proved there for x <= 9 or y - x <= 9); "
        "the automaton built by proofs_check.discovery",
        "the P-positions of Wythoff's game with the pass available are exactly the automaton "
        "wythoff-pass-value-0.txt: Wythoff's value-1 set with 14 cells exchanged (and, "
        "without the pass, Wythoff's P-positions)",
        (("p", "x y", "wythoffp(x, y)"), ("q", "x y", "passp(x, y)")),
        state=1,
        automata=(("wythoffp", "wythoff-p.txt"), ("passp", "wythoff-pass-value-0.txt")),
        layers=((0, "p"), (1, "q")),
        twin_cell=(1, 3),
    ),
)

_R_WYTHOFF = "001 Remark 5 (Ho's R-Wythoff; Ho, JCTA 119 (2012), gives formulas): new here, the "
_DISCOVERED = (
    *(
        _learned(
            f"r-wythoff-g{g}",
            "r-wythoff",
            _R_WYTHOFF + "automaton learned by proofs_check.discovery, proved for all positions",
            f"the positions of Grundy value {g} of R-Wythoff are exactly the automaton "
            f"r-wythoff-value-{g}.txt ({given})",
            tuple((f"rg{c}" if c else "rp", f"r-wythoff-value-{c}.txt") for c in range(g + 1)),
            (0, g),
        )
        for g, given in (
            (1, "given the P-positions, r-wythoff-p"),
            (2, "given the classes 0 and 1, r-wythoff-p and r-wythoff-g1"),
        )
    ),
    *(
        _learned(
            f"wythoff-terminal-{k}-p",
            f"wythoff-terminal:{k}",
            f"Komaki, Miyadera, Murakami, arXiv:2605.01435 (terminal set x + y <= {k}); "
            "automaton learned by proofs_check.discovery, proved for all positions",
            f"the P-positions of Wythoff's game with the terminal set {{x + y <= {k}}} are "
            f"exactly the automaton wythoff-terminal-{k}-value-0.txt",
            ((f"t{k}", f"wythoff-terminal-{k}-value-0.txt"),),
            (k + 1, 2 * k + 2),
        )
        for k in range(2, 11)
    ),
)

_HO = "Ho, J. Combin. Theory Ser. A 119 (2012) (E-Wythoff)"
#: (⌊nφ⌋ - 1, ⌊nφ⌋ + n - 1), n >= 1, either way round: Wythoff's P-positions less (1, 1).
_E_ONE = (
    "E a, n (n >= 1 & low(a, n) & x + 1 = a & y = x + n)"
    " | E a, n (n >= 1 & low(a, n) & y + 1 = a & x = y + n)"
)
_E_WYTHOFF = (
    _wythoffs(
        "e-wythoff",
        _HO + ": its P-positions are Wythoff's; proved here through E-Wythoff's own moves",
        "E-Wythoff",
    ),
    Theorem(
        "e-wythoff-g1",
        "e-wythoff",
        _HO + "; the set learned by proofs_check.discovery (the 6-state automaton "
        "e-wythoff-value-1.txt) and written as a formula, proved for all positions",
        "the positions of Grundy value 1 of E-Wythoff are (⌊nφ⌋ - 1, ⌊nφ⌋ + n - 1), n >= 1, "
        "either way round: Wythoff's P-positions other than (0, 0), less (1, 1) "
        "(given the P-positions, e-wythoff-p)",
        (LOW, ("p", "x y", WYTHOFF_P), ("s", "x y", _E_ONE)),
        value=1,
        lower=("p",),
        twin_cell=(2, 4),
    ),
    Theorem(
        "e-wythoff-g2",
        "e-wythoff",
        _HO + "; new here: the automaton learned by proofs_check.discovery, proved for all "
        "positions",
        "the positions of Grundy value 2 of E-Wythoff are exactly the 43-state automaton "
        "e-wythoff-value-2.txt (given the classes 0 and 1, e-wythoff-p and e-wythoff-g1)",
        (LOW, ("p", "x y", WYTHOFF_P), ("c1", "x y", _E_ONE), ("s", "x y", "eg2(x, y)")),
        value=2,
        automata=(("eg2", "e-wythoff-value-2.txt"),),
        lower=("p", "c1"),
        twin_cell=(3, 7),
    ),
)

_FIBONACCI_NIM = "002 §3 (Fibonacci Nim; Whinihan, Fibonacci Quart. 1 (1963), the P-positions; "
_FIBONACCI_NIM_LRS = (
    "Larsson and Rubinstein-Salzedo, IJGT 45 (2016), describe the values <= 3); the automaton "
    "learned from fast.fibonacci by proofs_check.discovery, proved for all positions"
)
#: Fibonacci Nim's cells of each value that the false twins leave out (from its table).
_FIBONACCI_NIM_TWINS = ((3, 2), (4, 1), (7, 2), (3, 3), (5, 5))


def _fibonacci_nim(g: int) -> Theorem:
    """Fibonacci Nim's Grundy class g (positions (n, r) read as (x, y)), given 0..g-1."""
    ordinal = "P-positions" if g == 0 else f"positions of Grundy value {g}"
    given = f" (given the classes 0..{g - 1}, proved again)" if g else ""
    whinihan = (
        ": (n, r) with n = 0 or r less than the smallest term of n's Zeckendorf representation "
        "(Whinihan; a test proves the automaton equal to it)"
        if g == 0
        else ""
    )
    return _learned(
        "fibonacci-nim-p" if g == 0 else f"fibonacci-nim-g{g}",
        "fibonacci-nim",
        _FIBONACCI_NIM + (_FIBONACCI_NIM_LRS if g <= 3 else _FIBONACCI_NIM_LRS + "; new for g = 4"),
        f"the {ordinal} of Fibonacci Nim (n tokens, at most r to take) are exactly the automaton "
        f"fibonacci-nim-value-{g}.txt{given}{whinihan}",
        tuple((f"fnim{c}", f"fibonacci-nim-value-{c}.txt") for c in range(g + 1)),
        _FIBONACCI_NIM_TWINS[g],
    )


#: Fibonacci Nim's classes 0..4 (issue 45): the learner's automata of 5, 6, 8, 16 and 90 states.
_FIBONACCI = tuple(_fibonacci_nim(g) for g in range(5))

#: Every theorem and its false twin (made from the theorem's ``twin_cell``), by id.
THEOREMS: dict[str, Theorem] = {}
for _t in _TRUE + _BLOCKING + _LEARNED + _DISCOVERED + _E_WYTHOFF + _FIBONACCI:
    assert _t.twin_cell is not None, _t.id
    THEOREMS[_t.id] = _t
    THEOREMS[f"{_t.id}-twin"] = _twin(_t, _t.twin_cell)
THEOREMS.update(HEAP_THEOREMS)  # type: ignore[arg-type]  # one-heap words (theorems_heaps)


def sentences_of(rule: Rule, theorem: Theorem) -> dict[str, str]:
    """The sentences that prove ``theorem`` (P-set, Grundy class, or per-state P-sets)."""
    name = theorem.definitions[-1][0]
    if theorem.value:  # the classes 0..g-1 it rests on, proved again first (issue 44)
        out: dict[str, str] = {}
        for i, lower in enumerate(theorem.lower):
            below = class_sentences(rule, list(theorem.lower[:i]), lower)
            out.update({f"{lower}_{key}": text for key, text in below.items()})
        return out | class_sentences(rule, list(theorem.lower), name)
    if theorem.layers:
        return p_sentences(rule, dict(theorem.layers))
    return p_sentences(rule, name)


def _stored(theory: Theory, theorem: Theorem, given: Mapping[str, Dfa] | None = None) -> None:
    """Add the theorem's stored automata to ``theory`` (a damaged file: one line), and the
    automata ``given`` in memory (a learned set: predicates of ``x``, ``y``)."""
    for name, file in theorem.automata:
        stored = read_automaton(AUTOMATA / file)
        if stored.meta.get("statement") != Path(file).stem:  # each file names its statement
            raise DeciderError(f"{AUTOMATA / file}: holds the automaton of "
                               f"{stored.meta.get('statement')!r}, not of {Path(file).stem!r} "
                               "(a file in the wrong place)")  # fmt: skip
        theory.add_automaton(name, stored.dfa, stored.names)
    for name, dfa in (given or {}).items():
        theory.add_automaton(name, dfa, "x y")


@dataclass
class Built:
    """A theorem's theory: its stored automata, its definitions (each with its largest
    automaton and seconds) and the game's moves defined, and the game's rule."""

    theory: Theory
    rule: Rule
    definitions: list[SentenceResult]


def build(
    theorem: Theorem, given: Mapping[str, Dfa] | None = None, theory: Theory | None = None
) -> Built:
    """The theory of ``theorem``, built once: what :func:`replay`, :func:`theory_of` and
    :func:`points` read. ``given``: automata held in memory (:func:`_stored`); ``theory``:
    the theory to build into (a :class:`decider.certificate.CertifyingTheory`), else a new
    one."""
    from spec import get_game

    rule = rule_of(get_game(theorem.game))
    theory = Theory() if theory is None else theory
    _stored(theory, theorem, given)
    definitions = []
    for name, args, formula in theorem.definitions:
        steps = len(theory.steps)
        start = time.perf_counter()
        theory.define(name, args, formula)
        seconds = time.perf_counter() - start
        states = max((s.states for s in theory.steps[steps:]), default=1)
        definitions.append(SentenceResult(name, formula, True, states, seconds))
    rule.define(theory)
    return Built(theory, rule, definitions)


def theory_of(
    theorem: Theorem, theory: Theory | None = None, sentences: bool = True
) -> tuple[Theory, dict[str, str]]:
    """The theory with the game's moves and the theorem's set defined, and the sentences
    (into ``theory`` when given: a :class:`decider.certificate.CertifyingTheory`; no
    sentences when ``sentences`` is False)."""
    if isinstance(theorem, HeapTheorem):  # a one-heap game's word (issue 45)
        heap, texts = heap_theory_of(theorem, theory)
        return heap, texts if sentences else {}
    built = build(theorem, theory=theory)
    return built.theory, sentences_of(built.rule, theorem) if sentences else {}


def _timed(theory: Theory, name: str, text: str, sentence: bool) -> SentenceResult:
    steps = len(theory.steps)
    start = time.perf_counter()
    true = theory.decide(text) if sentence else True
    seconds = time.perf_counter() - start
    states = max((s.states for s in theory.steps[steps:]), default=1)
    counter = None if true else theory.counterexample(text)
    return SentenceResult(name, text, true, states, seconds, counter)


def replay(
    theorem: Theorem, given: Mapping[str, Dfa] | None = None, numeration: Numeration | None = None
) -> Proof:
    """Decide every sentence of ``theorem``; :class:`Proof` with each step's states and time.

    ``given`` names automata held in memory (a set just learned by
    :mod:`proofs_check.discovery`) that the theorem's definitions use beside its stored ones;
    ``numeration``: the theory's (Fibonacci unless given; a set learned in Pell's).
    """
    if isinstance(theorem, HeapTheorem):  # a one-heap game's word (issue 45)
        return replay_heap(theorem)
    built = build(theorem, given, None if numeration is None else Theory(numeration))
    proof = Proof(theorem, definitions=built.definitions)
    for name, text in sentences_of(built.rule, theorem).items():
        proof.sentences.append(_timed(built.theory, name, text, True))
    return proof


def report(proof: Proof) -> list[str]:
    """One line per sentence (truth, largest automaton, seconds) and the verdict."""
    lines = [
        f"  {s.name:24s} {'TRUE ' if s.true else 'FALSE'} {s.states:7d} states {s.seconds:7.3f} s"
        for s in proof.sentences
    ]
    failed = proof.failed
    if failed is None:
        largest = max((s.states for s in proof.sentences), default=0)
        lines.append(f"proved ({len(proof.sentences)} sentences; largest automaton "
                     f"{largest} states)")  # fmt: skip
    else:
        where = failed.counterexample or {}
        at = f"({where['x']}, {where['y']})" if {"x", "y"} <= set(where) else str(where)
        lines.append(f"refuted: {failed.name} fails at {at}")
    return lines


#: Seconds :func:`points` spends per cell of the square (numpy, one row of cells at a time:
#: r-wythoff-g2's 3000^2 square in 4.6 s, wythoff-p's in 4.3 s past its build, x86_64,
#: 2026-12-07, a loaded 2-core machine).
POINT_SECONDS = 5e-7


def points(theorem: Theorem, n: int) -> list[tuple[int, int]]:
    """The positions of the theorem's set with both coordinates below ``n``, in order (of a
    one-heap theorem, the pairs ``(n, W[n])`` of its word).

    Refused (one line) when the square's estimated time (:data:`POINT_SECONDS` a cell) is
    past :data:`proofs_check.data.DATA_SECONDS`.
    """
    from proofs_check.data import DATA_SECONDS  # (imports the data providers: only here)

    if isinstance(theorem, HeapTheorem):
        return heap_points(theorem, n)

    estimate = float(n) * float(n) * POINT_SECONDS
    if estimate > DATA_SECONDS:
        raise ValueError(
            f"--points = {n}: the {n} x {n} square would take about {estimate:.3g} s, past "
            f"the limit of {DATA_SECONDS:.0f} s (at most about "
            f"{int((DATA_SECONDS / POINT_SECONDS) ** 0.5)})"
        )
    theory, _ = theory_of(theorem, sentences=False)
    rel = theory.predicates[theorem.definitions[-1][0]][0]
    num, dfa = theory.numeration, rel.dfa
    length = max(len(num.word(max(n - 1, 0))), 1)
    digits = np.array(
        [[0] * (length - len(w)) + w for w in (num.word(v) for v in range(n))], dtype=np.int64
    ).reshape(n, length)
    found = []
    for x in range(n):  # the tapes x, y (alphabetical): letter dx + base * dy
        q = np.zeros(n, dtype=np.int64)
        for i in range(length):
            q = dfa.delta[q, digits[x, i] + num.base * digits[:, i]]
        found += [(x, int(y)) for y in np.flatnonzero(dfa.accept[q])]
    return found
