"""Theorems on one-heap games: a Grundy sequence as a word, proved for every n (issue 45).

A :class:`HeapTheorem` says "the Sprague–Grundy sequence of ``game`` is the word stored in
``proofs_check/automata/FILE``" (a DFAO over ``numeration``, its letters in ``alphabet``). Its
replay (:func:`replay_heap`) reads the word (digest checked), builds the game's moves from the
game object (:func:`proofs_check.heap_words.heap_rule`) and decides the mex recursion
(:func:`proofs_check.heap_words.heap_sentences`). The false twin changes one letter of the word,
``W[n0]``; its replay is refuted at its least counterexample, ``n0`` itself, where
``grundy value`` shows the true value.

A sequence with unbounded values is stated by its graph ``val(n, v)``, a formula
(``graph``; hex:0.2048's ruler regularity, :data:`RULER_0_2048`), whose automaton is stored
in ``FILE`` and checked equal to the formula at every replay; its three-heap moves are
decided apart (``witnesses``, :func:`proofs_check.heap_words.three_definitions`).

The words were learned from the registry's ``nim-sequence`` by :mod:`decider.learn_word`
(``python -m proofs_check.theorems_heaps ID``, which rewrites the stored file).

>>> proof = replay_heap(HEAP_THEOREMS["larsson-fox"])
>>> proof.status, len(proof.sentences)
('proved', 7)
>>> twin = replay_heap(HEAP_THEOREMS["larsson-fox-twin"])
>>> twin.status, twin.failed.counterexample
('refuted', {'n': 12})
"""

from __future__ import annotations

import sys
import time
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from decider import DeciderError, Dfa, Theory
from decider.automaton import equivalent
from decider.binary import Binary
from decider.dfao import Dfao
from decider.io import read_automaton, write_automaton
from decider.numeration import Fibonacci, Numeration
from proofs_check.heap_words import (
    check_word,
    graph_sentences,
    heap_rule,
    heap_sentences,
    heap_theory,
)

if TYPE_CHECKING:
    from proofs_check.theorems import SentenceResult

__all__ = [
    "HEAP_THEOREMS",
    "HeapProof",
    "HeapTheorem",
    "changed",
    "decide_sentences",
    "heap_points",
    "heap_theory_of",
    "replay_heap",
    "stored_word",
]

#: The directory of the stored automata (package data), as :data:`proofs_check.theorems.AUTOMATA`.
AUTOMATA = Path(__file__).resolve().parent / "automata"
#: The numerations a one-heap theorem may name.
NUMERATIONS: dict[str, type[Numeration]] = {"fibonacci": Fibonacci, "binary": Binary}


@dataclass(frozen=True)
class HeapTheorem:
    """ "The Grundy sequence of ``game`` is the word in ``word_file``" (see the module).

    The fields a :class:`proofs_check.theorems.Theorem` lists (``id``, ``game``, ``source``,
    ``statement``, ``value``: the letters ``0..m``, ``state``, ``twin_of``, ``numeration``)
    and: ``alphabet``, the letters the word may have; ``changed`` (``(n0, letter)``), the
    false twin's change; ``learn``, the learner's window ``(terms, length, tests)``;
    ``graph``, the sequence as a formula ``val(n, v)`` instead of a word; ``witnesses``, the
    fixed first heaps of the three-heap moves the mex may use
    (:func:`proofs_check.heap_words.three_definitions`).
    """

    id: str
    game: str
    source: str
    statement: str
    word_file: str
    alphabet: tuple[int, ...]
    numeration: str = "fibonacci"
    learn: tuple[int, int, int] = (0, 0, 0)
    changed: tuple[int, int] | None = None
    twin_of: str | None = None
    state: int | None = None
    graph: tuple[tuple[str, str, str], ...] = ()
    witnesses: tuple[int, ...] = ()

    @property
    def value(self) -> str:
        """The values the statement covers: every letter of the alphabet (all, for a graph)."""
        return f"{min(self.alphabet)}..{max(self.alphabet)}" if self.alphabet else "all"

    @property
    def definitions(self) -> tuple[tuple[str, str, str], ...]:
        """The statement's set as :class:`~proofs_check.theorems.Theorem` lists it (the claims
        read the last): the graph's definitions, or the word's file."""
        return self.graph or (("W", "n", f"the DFAO {self.word_file}"),)

    @property
    def kind(self) -> str:
        """``proved`` for a theorem, ``refuted`` for a false twin (what its replay gives)."""
        return "refuted" if self.twin_of else "proved"


@dataclass
class HeapProof:
    """A replay: ``proved`` (every sentence true) or ``refuted``; its refutation is the false
    sentence with the least counterexample."""

    theorem: HeapTheorem
    sentences: list[SentenceResult] = field(default_factory=list)
    definitions: list[SentenceResult] = field(default_factory=list)

    @property
    def status(self) -> str:
        return "proved" if all(s.true for s in self.sentences) else "refuted"

    @property
    def failed(self) -> SentenceResult | None:
        false = [s for s in self.sentences if not s.true]
        return min(false, key=lambda s: (s.counterexample or {}).get("n", 0), default=None)


def changed(word: Dfao, n0: int, letter: int) -> Dfao:
    """``word`` with ``W[n0]`` replaced by ``letter`` (a product with the automaton of n0).

    >>> w = Dfao(np.array([[0, 1], [0, 1]]), np.array([0, 1]))
    >>> v = changed(w, 3, 1)
    >>> [v.at(n) for n in range(8)], [w.at(n) for n in range(8)]
    ([0, 1, 0, 1, 1, 0, 1, 0], [0, 1, 0, 0, 1, 0, 1, 0])
    """
    num = word.numeration
    digits = num.word(n0)
    states: dict[tuple[int, int], int] = {(0, 0): 0}  # (word state, digits of n0 matched or -1)
    order = [(0, 0)]
    rows: list[list[int]] = []
    for q, m in order:
        row = []
        for d in range(num.base):
            if m == 0 and d == 0:
                nm = 0  # leading zeros
            elif 0 <= m < len(digits) and digits[m] == d:
                nm = m + 1
            else:
                nm = -1
            key = (int(word.delta[q, d]), nm)
            if key not in states:
                states[key] = len(order)
                order.append(key)
            row.append(states[key])
        rows.append(row)
    outputs = [letter if m == len(digits) else int(word.outputs[q]) for q, m in order]
    return Dfao(np.array(rows, dtype=np.int64), np.array(outputs, dtype=np.int64), num)


def stored_word(theorem: HeapTheorem) -> Dfao:
    """The theorem's word (the twin's letter changed), checked: its file names its statement,
    its numeration is the theorem's, its letters are in the alphabet (else one line)."""
    path = AUTOMATA / theorem.word_file
    stored = read_automaton(path)
    if stored.kind != "dfao" or stored.meta.get("statement") != path.stem:
        raise DeciderError(f"{path}: not the word of {path.stem!r}")
    numeration = NUMERATIONS[theorem.numeration]()
    word = stored.dfao
    check_word(word, theorem.alphabet, numeration, theorem.id)
    if theorem.changed is not None:
        word = changed(word, *theorem.changed)
    return word


def stored_graph(theorem: HeapTheorem) -> None:
    """Check a graph theorem's stored automaton (its file names its statement, reads the
    theorem's numeration) against its formula: equal, else one line."""
    path = AUTOMATA / theorem.word_file
    stored = read_automaton(path)
    name = NUMERATIONS[theorem.numeration].name
    if stored.kind != "dfa" or stored.meta.get("statement") != path.stem:
        raise DeciderError(f"{path}: not the graph of {path.stem!r}")
    if stored.numeration.name != name:
        raise DeciderError(f"{path}: a graph over {stored.numeration.name}, the theorem is over "
                           f"{name}")  # fmt: skip
    if not equivalent(stored.dfa, graph_automaton(theorem)):
        raise DeciderError(f"{path}: not the automaton of the theorem's formula val(n, v)")


def heap_theory_of(
    theorem: HeapTheorem, theory: Theory | None = None
) -> tuple[Theory, dict[str, str]]:
    """The theory with the game's moves and the word, and the sentences (into ``theory``)."""
    from spec import get_game

    numeration = NUMERATIONS[theorem.numeration]()
    if theory is not None and theory.numeration.name != numeration.name:
        raise DeciderError(f"{theorem.id}: a theorem over {numeration.name}, the theory is over "
                           f"{theory.numeration.name}")  # fmt: skip
    if theorem.graph:  # the shipped automaton is the formula's (numeration checked first)
        stored_graph(theorem)
    word = None if theorem.graph else stored_word(theorem)  # its numeration checked first
    rule = heap_rule(get_game(theorem.game), numeration)
    if theorem.graph:  # values unbounded: the sequence's graph val(n, v) as a formula
        graph = theorem.graph
        if theorem.changed is not None:
            n0, letter = theorem.changed
            name, args, formula = graph[-1]
            swapped = f"(n != {n0} & val0(n, v)) | (n = {n0} & v = {letter})"
            graph = (*graph[:-1], ("val0", args, formula), (name, args, swapped))
        theory = heap_theory(rule, None, theory, graph, theorem.witnesses)
        return theory, graph_sentences(rule.threes, bool(theorem.witnesses and rule.threes))
    assert word is not None
    if theory is not None:  # a recording theory's own numeration object (the same name)
        word = Dfao(word.delta, word.outputs, theory.numeration)
    theory = heap_theory(rule, word, theory)
    return theory, heap_sentences(np.asarray(word.outputs).tolist())


def replay_heap(theorem: HeapTheorem) -> HeapProof:
    """Decide every sentence; :class:`HeapProof` with each one's states, time, counterexample."""
    from proofs_check.theorems import SentenceResult

    proof = HeapProof(theorem)
    start = time.perf_counter()
    theory, sentences = heap_theory_of(theorem)
    states = max((s.states for s in theory.steps), default=1)
    proof.definitions.append(SentenceResult("mv", "the moves", True, states,
                                            time.perf_counter() - start))  # fmt: skip
    proof.sentences = decide_sentences(theory, sentences)
    return proof


def decide_sentences(theory: Theory, sentences: dict[str, str]) -> list[SentenceResult]:
    """Decide each sentence of ``sentences`` (name: text) in ``theory``: its truth, the
    largest automaton of its steps, its time and, when false, its least counterexample."""
    from proofs_check.theorems import SentenceResult

    out = []
    for name, text in sentences.items():
        steps = len(theory.steps)
        start = time.perf_counter()
        true = theory.decide(text)
        seconds = time.perf_counter() - start
        states = max((s.states for s in theory.steps[steps:]), default=1)
        counter = None if true else theory.counterexample(text)
        out.append(SentenceResult(name, text, true, states, seconds, counter))
    return out


def heap_points(theorem: HeapTheorem, n: int) -> list[tuple[int, int]]:
    """The pairs ``(m, G(m))``, ``m < n``, that the theorem states: its word's letters, or the
    least (the only, once ``function`` is proved) ``v`` with ``val(m, v)`` of its graph."""
    if not theorem.graph:
        word = stored_word(theorem)
        return [(m, word.at(m)) for m in range(n)]
    theory = Theory(NUMERATIONS[theorem.numeration]())
    for name, args, formula in theorem.graph:
        theory.define(name, args, formula)
    out = []
    for m in range(n):
        found = theory.least(f"{theorem.graph[-1][0]}({m}, v)")
        if found is None:
            raise DeciderError(f"{theorem.id}: no value at n = {m}")
        out.append((m, found["v"]))
    return out


def graph_automaton(theorem: HeapTheorem) -> Dfa:
    """The automaton of a graph theorem's ``val(n, v)`` (tapes ``n``, ``v``), from its
    formula: what ``word_file`` stores (a test checks the two are equal)."""
    theory = Theory(NUMERATIONS[theorem.numeration]())
    for name, args, formula in theorem.graph:
        theory.define(name, args, formula)
    return theory.predicates[theorem.graph[-1][0]][0].dfa


def store_graph(theorem: HeapTheorem) -> str:
    """Write a graph theorem's ``val`` automaton to its ``word_file``, statement named."""
    dfa = graph_automaton(theorem)
    path = AUTOMATA / theorem.word_file
    write_automaton(path, dfa, ["n", "v"], {
        "statement": path.stem, "game": theorem.game,
        "command": f"python -m proofs_check.theorems_heaps {theorem.id}",
        "formula": "proofs_check.theorems_heaps.RULER_0_2048 (val)", "source": theorem.source,
    }, NUMERATIONS[theorem.numeration]())  # fmt: skip
    return f"{theorem.id}: the graph val(n, v), {dfa.states} states; wrote {path}"


def learn_and_store(theorem: HeapTheorem) -> str:
    """Learn the theorem's word from the registry's ``nim-sequence`` and write its file (a
    graph theorem: its formula's automaton, :func:`store_graph`)."""
    if theorem.graph:
        return store_graph(theorem)
    from decider.learn_word import learn_word
    from registry import question
    from spec import get_game

    terms, length, tests = theorem.learn
    start = time.perf_counter()
    values = np.asarray(
        question("nim-sequence", get_game(theorem.game))(terms=terms, budget=600).value
    )
    numeration = NUMERATIONS[theorem.numeration]()
    learned = learn_word(values.tolist(), numeration, length, tests)
    seconds = time.perf_counter() - start
    if learned.word is None:
        return f"{theorem.id}: {learned.report()} ({seconds:.1f} s)"
    path = AUTOMATA / theorem.word_file
    write_automaton(path, learned.word, ["n"], {
        "statement": path.stem, "game": theorem.game,
        "command": f"python -m proofs_check.theorems_heaps {theorem.id}",
        "window": f"n < {terms} (words of at most {length} digits, tests {tests})",
        "source": theorem.source,
    })  # fmt: skip
    return f"{theorem.id}: {learned.report()}; learned in {seconds:.1f} s; wrote {path}"


#: G(13m + s) - 4m of hex:0.2048 for s = 0..12 (the residue s = 2 is the ruler's).
RULER_OFFSETS = (-1, 0, 1, 0, 1, -1, 0, 1, 0, 1, 2, 3, 2)


def _residue(s: int, c: int) -> str:
    at = f"n = x + {s}" if s else "n = x"
    value = f"v = f + {c}" if c > 0 else "v = f" if c == 0 else f"v + {-c} = f"
    return f"({at} & {value})"


#: The ruler regularity of hex:0.2048 in base 2 (Grossman and Nowakowski, GONC4 2015, the
#: "ruler regularity" of the 0.2048 family; proved for all n as ``hex-0-2048-ruler``):
#: G(0) = 0, G(5) = 2 and, for n = 13m + s otherwise,
#: G(n) = 4m + c_s (:data:`RULER_OFFSETS`) except at s = 2 when m - 1 >= 1 is not a power of
#: 2: there G(13m + 2) = 4m - 2 - 8 * 2^v, 2^v the lowest set bit of m - 1 (the ruler).
RULER_0_2048 = (
    ("four", "f m", "f = m + m + m + m"),
    ("thirteen", "m x", "E f (four(f, m) & x = f + f + f + m)"),
    ("pow2", "y", "y >= 1 & E z (z + 1 = y & band(y, z, 0))"),
    ("lsb", "j y", "pow2(y) & band(j, y, y) & E z (z + 1 = y & band(j, z, 0))"),
    ("ruler", "m", "E j (j + 1 = m & j >= 1 & ~pow2(j))"),
    ("val", "n v",
     "(n = 0 & v = 0) | (n = 5 & v = 2) | E m, x, f (thirteen(m, x) & four(f, m) & n != 0 & "
     "n != 5 & (" + " | ".join(_residue(s, c) for s, c in enumerate(RULER_OFFSETS) if s != 2)
     + " | (n = x + 2 & ((~ruler(m) & v = f + 1) | (ruler(m) & E j, y (j + 1 = m & lsb(j, y) "
     "& v + y + y + y + y + y + y + y + y + 2 = f))))))"),
)  # fmt: skip


def ruler_mismatches(
    terms: int, graph: tuple[tuple[str, str, str], ...] = RULER_0_2048
) -> list[int]:
    """The n < ``terms`` where ``graph`` (:data:`RULER_0_2048`, decided as an automaton) is
    not the registry's ``nim-sequence`` of ``hex:0.2048`` (an empty list: the data agree)."""
    from registry import question
    from spec import get_game

    values = question("nim-sequence", get_game("hex:0.2048"))(terms=terms, budget=600).value
    theory = Theory(Binary())
    for name, args, formula in graph:
        theory.define(name, args, formula)
    rel = theory.predicates["val"][0]
    two = Binary()
    bad = []
    for n, v in enumerate(np.asarray(values).tolist()):
        wn, wv = two.word(n), two.word(v)
        size = max(len(wn), len(wv))
        wn, wv = [0] * (size - len(wn)) + wn, [0] * (size - len(wv)) + wv
        if not rel.dfa.accepts(list(zip(wn, wv, strict=True))):
            bad.append(n)
    return bad


def _twin(theorem: HeapTheorem, n0: int, letter: int) -> HeapTheorem:
    what = "sequence" if theorem.graph else "word"
    statement = f"FALSE twin of {theorem.id}: its {what} with W[{n0}] = {letter}"
    return replace(theorem, id=f"{theorem.id}-twin", twin_of=theorem.id, changed=(n0, letter),
                   statement=statement)  # fmt: skip


_HEX_0_2048 = HeapTheorem(
    "hex-0-2048-ruler",
    "hex:0.2048",
    "Grossman and Nowakowski, A ruler regularity in hexadecimal games, Games of No Chance 4, "
    "MSRI Publ. 63 (2015) 115-128 (the ruler regularity of the family of 0.2048)",
    "the Sprague-Grundy sequence of hex:0.2048 is, for n = 13m + s (0 <= s <= 12), "
    "G(n) = 4m + c_s with c = (-1, 0, 1, 0, 1, -1, 0, 1, 0, 1, 2, 3, 2), except G(0) = 0, "
    "G(5) = 2 and the ruler: G(13m + 2) = 4m - 2 - 8 * 2^v(m - 1) when m - 1 >= 1 is not a "
    "power of 2 (2^v the lowest set bit), for all n (base 2)",
    "hex-0-2048-ruler.txt",
    (),
    numeration="binary",
    graph=RULER_0_2048,
    witnesses=tuple(range(1, 14)),
)

_TRUE = (
    (_HEX_0_2048, (54, 17)),
    (
        HeapTheorem(
            "larsson-fox",
            "subtraction-set:fib-odd-minus-1",
            "Larsson and Fox, J. Integer Seq. 18 (2015) 15.7.4 (the subtraction set "
            "{F(2n+1) - 1}; its ternary aperiodic sequence)",
            "the Sprague-Grundy sequence of the subtraction game S = {F(2n+1) - 1 : n >= 1} is "
            "the 6-state Fibonacci DFAO larsson-fox-sequence.txt (letters 0, 1, 2), for all n",
            "larsson-fox-sequence.txt",
            (0, 1, 2),
            numeration="fibonacci",
            learn=(20000, 16, 6),
        ),
        (12, 0),
    ),
)

#: Every one-heap theorem and its false twin, by id.
HEAP_THEOREMS: dict[str, HeapTheorem] = {}
for _t, (_n0, _letter) in _TRUE:
    HEAP_THEOREMS[_t.id] = _t
    HEAP_THEOREMS[f"{_t.id}-twin"] = _twin(_t, _n0, _letter)


def main(argv: list[str] | None = None) -> int:
    """``python -m proofs_check.theorems_heaps ID``: learn the word of theorem ID again."""
    ids = sys.argv[1:] if argv is None else argv
    for theorem_id in ids:
        if theorem_id not in HEAP_THEOREMS or HEAP_THEOREMS[theorem_id].twin_of:
            print(f"theorems_heaps: unknown theorem id = {theorem_id!r}", file=sys.stderr)
            return 2
        print(learn_and_store(HEAP_THEOREMS[theorem_id]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
