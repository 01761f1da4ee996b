"""Discovery: automata learned from the engine's data, then proved by the decider (issue 36).

The engine's data (the registry's ``g-points`` for Wythoff, its ``grundy-table`` for the other
two-pile games) gives the set ``S_g = {(x, y) : G(x, y) = g}`` on a window of Zeckendorf words
of at most ``L`` digits; :func:`decider.learn.learn_points` proposes an automaton (or reports
the class counts per prefix length when none appears); the automaton is stored with
:mod:`decider.io` under ``proofs_check/automata/`` with its provenance; and the decider proves
the characterisation for all positions (:func:`prove_value_one`).

**Wythoff's value 1** (new; Blass and Fraenkel, TCS 1990, describe the 1-values by a recursive
algorithm).  With ``P`` the P-positions (the Beatty pairs, proved in
``tests/test_decider_wythoff.py``; 000 Theorem 1.1) and ``S`` the learned set, the sentences
of :data:`VALUE_ONE` say: ``S`` avoids ``P``; no move along a row, a column or a diagonal joins
two points of ``S``; every point outside ``P ∪ S`` has a move into ``S``.  By induction on
``x + y`` they prove ``S = {G = 1}``: a point of ``S`` is not in ``P``, so it has a move to
``P`` (value 0) and, by stability and induction, none to value 1; a point outside ``P ∪ S``
has value at least 1 and a move to ``S`` (value 1 by induction), so its value is not 1.
The moves are split by type (row, column, each diagonal direction, with the diagonal written
by its offset ``e = |y - x|``): one 4-tape move relation would be far larger.

Run ``python -m proofs_check.discovery wythoff --value 1 --prove value`` (learns from the
data, stores nothing unless ``--out`` is given, proves); ``--stored wythoff-value-1`` proves
the shipped automaton instead; ``--prove pass`` proves the pass game's theorem from it.

**Wythoff with a pass** (Miyadera, Manabe, Fukui, arXiv:1711.04960, proved there for
``x <= 9`` or ``|y - x| <= 9``).  Positions ``(x, y, s)``; layer ``s = 0`` is Wythoff, whose
P-set ``P`` is proved.  With the pass available (``s = 1``) the options of ``(x, y) != (0, 0)``
are Wythoff's moves within the layer and the pass to ``(x, y, 0)``, a P-position iff
``(x, y) ∈ P``; ``(0, 0, 1)`` has no move.  So ``Q`` is the P-set of layer 1 iff ``(0, 0) ∈ Q``,
``Q ∩ P = {(0, 0)}``, no Wythoff move joins two points of ``Q``, and every point outside
``P ∪ Q`` has a Wythoff move into ``Q`` (:data:`PASS`; induction on ``x + y`` as above; a
point of ``P`` other than the origin passes into a P-position).  The engine's table shows
``Q`` equal to ``S`` (value 1 of Wythoff) but for 14 cells (:data:`PASS_OUT`,
:data:`PASS_IN`); the decider proves the set so built for all positions.
"""

from __future__ import annotations

import argparse
import datetime
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import numpy.typing as npt

import spec
from decider import DeciderError, Dfa, Theory
from decider.io import StoredAutomaton, read_automaton, write_automaton
from decider.learn import Learned, learn_points
from decider.numeration import Fibonacci
from proofs_check.data import DATA_SECONDS
from registry import question
from registry.core import NoImplementation
from spec.tables import start_layer

AUTOMATA = Path(__file__).with_name("automata")

#: The P-positions of Wythoff from the shift relation (docs/proofs.md).
LOW = "E m, s (n = m + 1 & shift(m, s) & a = s + 1)"
P_SET = "(x = 0 & y = 0) | E n (low(n, x) & y = x + n) | E n (low(n, y) & x = y + n)"


def helpers(s: str) -> tuple[tuple[str, str, str], ...]:
    """The helper predicates of a set ``s`` (a predicate name): its moves split by type.

    >>> helpers("S")[2]
    ('Srow', 'x y', 'E u (u < x & S(u, y))')
    """
    return (
        (f"{s}up", "x e", f"{s}(x, x + e)"),  # the point (x, x + e) of s, above the diagonal
        (f"{s}dn", "x e", f"{s}(x + e, x)"),  # the point (x + e, x), below it
        (f"{s}row", "x y", f"E u (u < x & {s}(u, y))"),  # a move along the row into s
        (f"{s}col", "x y", f"E v (v < y & {s}(x, v))"),  # ... along the column
        (f"{s}dup", "x e", f"E u (u < x & {s}up(u, e))"),  # ... the diagonal, from (x, x + e)
        (f"{s}ddn", "x e", f"E u (u < x & {s}dn(u, e))"),  # ... from (x + e, x)
    )


#: A guard of a ray (``spec``'s ``move_rays``) as a formula.
GUARDS = {"x>=y": "x >= y", "y>=x": "y >= x", "x>y": "x > y", "y>x": "y > x"}


def wythoff_rays(game: object) -> dict[str, str]:
    """The guards of a game whose moves are Wythoff's rays, some of them guarded.

    Read from the game's ``move_rays`` (its capability): the row ``(1, 0)``, the column
    ``(0, 1)`` and the diagonal ``(1, 1)``, each unbounded, the row and column possibly with a
    guard (R-Wythoff: the larger pile only).  Returns ``{"row": guard, "column": guard}``
    (``""``: none); any other move is refused with one line.

    >>> wythoff_rays(spec.get_game("r-wythoff"))
    {'row': 'x >= y', 'column': 'y >= x'}
    """
    label = getattr(game, "describe", lambda: str(game))()
    for capability in ("state_moves", "compiled_terminal", "outcome_rule", "compiled_followers"):
        if getattr(game, capability, None):
            raise DeciderError(f"{label}: its {capability} is not covered by these sentences")
    rays = getattr(game, "move_rays", None) or ()
    guards: dict[str, str] = {}
    kinds = {(1, 0, 1, 0): "row", (0, 1, 0, 1): "column", (1, 1, 1, 1): "diagonal"}
    for ray in rays:
        full = tuple(ray[:2]) * 2 if len(ray) == 2 else tuple(ray[:4])
        guard = str(ray[4]) if len(ray) > 4 else ""
        kind = kinds.get(full)
        if (
            kind is None
            or kind in guards
            or (guard and (kind == "diagonal" or guard not in GUARDS))
        ):
            raise DeciderError(f"{label}: a move ray {ray} the sentences do not cover")
        guards[kind] = GUARDS.get(guard, "")
    if set(guards) != {"row", "column", "diagonal"}:
        raise DeciderError(f"{label}: not Wythoff's three rays (the sentences do not cover it)")
    return {"row": guards["row"], "column": guards["column"]}


def stable(s: str, live: str = "", guards: dict[str, str] | None = None) -> dict[str, str]:
    """No Wythoff move (row, column, either diagonal direction) joins two points of ``s``.

    ``live`` (a predicate with :func:`helpers`-style ``up``/``dn`` forms) restricts the
    starting points to those that have moves (outside a terminal set); ``guards`` (from
    :func:`wythoff_rays`) the row and column moves to the positions where they are moves.
    """
    at, up, dn = (
        (f"{live}(x, y) & ", f"{live}up(x, e) & ", f"{live}dn(x, e) & ") if live else ("",) * 3
    )
    g = {k: f"{v} & " if v else "" for k, v in (guards or {"row": "", "column": ""}).items()}
    return {
        "row": f"~E x, y ({at}{g['row']}{s}(x, y) & {s}row(x, y))",
        "column": f"~E x, y ({at}{g['column']}{s}(x, y) & {s}col(x, y))",
        "diagonal-up": f"~E x, e ({up}{s}up(x, e) & {s}dup(x, e))",
        "diagonal-down": f"~E x, e ({dn}{s}dn(x, e) & {s}ddn(x, e))",
    }


def absorb(s: str, lower: str = "P", guards: dict[str, str] | None = None) -> str:
    """Every point outside ``lower`` (the classes below; none if empty) and ``s`` has a Wythoff
    move into ``s`` (row and column moves where their ``guards`` hold)."""
    outside = f"~{lower}(x, y) & ~{s}(x, y)" if lower else f"~{s}(x, y)"
    g = {k: f"{v} & " if v else "" for k, v in (guards or {"row": "", "column": ""}).items()}
    return (
        f"A x, y (({outside}) => (({g['row']}{s}row(x, y)) | ({g['column']}{s}col(x, y))"
        f" | E e (x + e = y & {s}dup(x, e)) | E e (y + e = x & {s}ddn(y, e))))"
    )


def p_set(guards: dict[str, str]) -> dict[str, str]:
    """The sentences of "R is the P-set" of a game of Wythoff's rays (guarded or not)."""
    return {**stable("R", guards=guards), "absorb": absorb("R", "", guards)}


def prove_p_set(r: Dfa, guards: dict[str, str]) -> list[Outcome]:
    """Decide :func:`p_set` for the set ``r`` (all TRUE: ``r`` is the game's P-set)."""
    t = Theory()
    t.add_automaton("R", r, "x y")
    for name, args, formula in helpers("R"):
        t.define(name, args, formula)
    return decide_all(t, p_set(guards))


def terminal(k: int) -> dict[str, str]:
    """The sentences of "R is the P-set of Wythoff with the terminal set {x + y <= k}".

    A terminal position has no move (a P-position); from the others, Wythoff's moves (into
    the terminal set too).  So: R holds the terminal set, no move from a non-terminal point
    of R joins R, and every point outside R has a move into R (induction on ``x + y``).
    """
    return {"terminal": f"A x, y (x + y <= {k} => R(x, y))", **stable("R", "L"),
            "absorb": absorb("R", "")}  # fmt: skip


def prove_terminal(r: Dfa, k: int) -> list[Outcome]:
    """Decide :func:`terminal` for the set ``r`` and the terminal set ``{x + y <= k}``."""
    t = Theory()
    t.add_automaton("R", r, "x y")
    t.define("L", "x y", f"x + y > {k}")
    t.define("Lup", "x e", "L(x, x + e)")
    t.define("Ldn", "x e", "L(x + e, x)")
    for name, args, formula in helpers("R"):
        t.define(name, args, formula)
    return decide_all(t, terminal(k))


#: The helper predicates of ``S``.
HELPERS = helpers("S")

#: The sentences of "S is the set of value 1" (given P), by name.
VALUE_ONE = {"avoid": "~E x, y (S(x, y) & P(x, y))", **stable("S"), "absorb": absorb("S")}

#: Wythoff with a pass, the pass available: the cells where its P-set differs from ``S``
#: (Wythoff's value 1), observed on the engine's table (4181 rows) and then proved.
PASS_OUT = ((0, 1), (1, 0), (2, 2), (3, 6), (6, 3), (5, 7), (7, 5))
PASS_IN = ((0, 0), (1, 3), (3, 1), (2, 5), (5, 2), (6, 7), (7, 6))


def _cells(cells: Sequence[tuple[int, int]]) -> str:
    return " | ".join(f"(x = {x} & y = {y})" for x, y in cells)


#: The set ``Q`` of the pass game's P-positions with the pass available.
PASS_SET = f"(S(x, y) & ~({_cells(PASS_OUT)})) | {_cells(PASS_IN)}"

#: The sentences of "Q is the P-set with the pass available" (given P, Wythoff's P-set).
PASS = {
    "origin": "Q(0, 0)",
    "avoid": "~E x, y (Q(x, y) & P(x, y) & (x != 0 | y != 0))",
    **stable("Q"),
    "absorb": absorb("Q"),
}


@dataclass(frozen=True)
class Outcome:
    """One sentence decided: its name, TRUE/FALSE, seconds, the largest automaton built."""

    name: str
    value: bool
    seconds: float
    largest: int


def window(length: int) -> int:
    """``F_{length+2}``: the numbers with Zeckendorf words of at most ``length`` digits.

    >>> window(5)
    13
    """
    weights = Fibonacci().weights(0)
    while len(weights) < length + 1:
        weights.append(weights[-1] + weights[-2])
    return weights[length]


def points(game: str, g: int, length: int) -> tuple[npt.NDArray[np.int64], str]:
    """Every ``(x, y)`` with ``G(x, y) = g`` and ``x, y < F_{length+2}``, and the data's source.

    Wythoff's come from the registry's ``g-points`` (a row greedy: cheap to millions of
    rows); another two-pile game's from its ``grundy-table`` (quadratic: small windows); for a
    game with a state (the pass), the layer the game starts in (the pass still available).

    >>> pts, source = points("wythoff", 0, 5)
    >>> sorted(map(tuple, pts.tolist()))[:4], source
    ([(0, 0), (1, 2), (2, 1), (3, 5)], 'fast.wsg')
    """
    top = window(length)
    try:
        door = question("g-points", game)
    except NoImplementation:  # no row greedy for this game: its table
        door = None
    if door is not None:
        answer = door(g=g, rows=top)
        a, b = answer.value.a_table[g], answer.value.b_table[g]
        count = int(answer.value.counts[g])
        half = np.stack([a[:count], b[:count]], axis=1).astype(np.int64)
        both = np.concatenate([half, half[:, ::-1]])
        both = both[(both < top).all(axis=1)]
        return np.unique(both, axis=0), answer.name
    subject = spec.get_game(game)
    table = question("grundy-table", subject)(size=top, budget=DATA_SECONDS)
    values = np.asarray(table.value)
    if values.ndim == 3:  # a game with a state: the layer it starts in (the pass available)
        values = values[start_layer(subject)]
    return np.argwhere(values == g).astype(np.int64), table.name


def discover(game: str, g: int, length: int, tests: int, margin: int = 2) -> tuple[Learned, str]:
    """Learn ``{G = g}`` of ``game`` from the data on ``length`` digits; the data's source."""
    pts, source = points(game, g, length)
    return learn_points(pts, length, tests, margin), source


def store(learned: Learned, game: str, g: int, source: str, path: Path) -> None:
    """Write a learned automaton with its provenance (command, window, source, date)."""
    if learned.dfa is None:
        raise DeciderError(f"nothing to store: {learned.reason}")
    meta = {
        "set": f"{game}: G(x, y) = {g}",
        "command": f"python -m proofs_check.discovery {game} --value {g} --length "
        f"{learned.length} --tests {learned.tests} --out {path.name}",
        "window": f"0 <= x, y < {window(learned.length)} ({learned.points} pairs)",
        "data": source,
        "classes": " ".join(map(str, learned.counts)),
        "date": datetime.date.today().isoformat(),
    }
    write_automaton(path, learned.dfa, ["x", "y"], meta)


def stored(name: str) -> StoredAutomaton:
    """A shipped automaton, e.g. ``stored("wythoff-value-1")`` (its digest checked)."""
    return read_automaton(AUTOMATA / f"{name}.txt")


def wythoff_theory(s: Dfa | None = None) -> Theory:
    """A theory with ``low``, Wythoff's ``P`` and, given ``s``, ``S`` and the helpers."""
    t = Theory()
    t.define("low", "n a", LOW)
    t.define("P", "x y", P_SET)
    if s is not None:
        t.add_automaton("S", s, "x y")
        for name, args, formula in HELPERS:
            t.define(name, args, formula)
    return t


def decide_all(t: Theory, sentences: dict[str, str]) -> list[Outcome]:
    """Decide each sentence, recording its time and the largest automaton of its steps."""
    out = []
    for name, sentence in sentences.items():
        start, first = time.perf_counter(), len(t.steps)
        value = t.decide(sentence)
        largest = max((s.states for s in t.steps[first:]), default=0)
        out.append(Outcome(name, value, time.perf_counter() - start, largest))
    return out


def prove_value_one(
    s: Dfa, guards: dict[str, str] | None = None, lower: Dfa | None = None
) -> list[Outcome]:
    """Decide :data:`VALUE_ONE` for the set ``s`` (all TRUE: ``s`` is the value-1 set).

    Wythoff's game by default; for a game of guarded Wythoff rays (:func:`wythoff_rays`),
    its ``guards`` and its proved P-set ``lower``.  With ``lower`` the union of the proved
    classes ``G = 0 .. g - 1`` the same sentences prove ``s = {G = g}`` (avoid the lower
    classes, stability, absorption outside ``lower ∪ s``).
    """
    if lower is None:
        t = wythoff_theory(s)
    else:
        t = Theory()
        t.add_automaton("P", lower, "x y")
        t.add_automaton("S", s, "x y")
        for name, args, formula in HELPERS:
            t.define(name, args, formula)
    sentences = dict(VALUE_ONE)
    if guards:
        sentences.update(stable("S", guards=guards), absorb=absorb("S", "P", guards))
    return decide_all(t, sentences)


def lower_classes(game: str, g: int) -> Dfa:
    """The union of the shipped, proved sets ``{G = h}``, ``h < g``, of ``game``."""
    if g < 1:
        raise DeciderError(f"--prove value: the value {g} has no lower classes (use p-set)")
    t = Theory()
    names = []
    for h in range(g):
        t.add_automaton(f"A{h}", stored(f"{game}-value-{h}").dfa, "x y")
        names.append(f"A{h}(x, y)")
    return t.define("Lower", "x y", " | ".join(names)).dfa


def pass_theory(s: Dfa) -> Theory:
    """:func:`wythoff_theory` with ``Q`` (:data:`PASS_SET`) and its helpers."""
    t = wythoff_theory(s)
    t.define("Q", "x y", PASS_SET)
    for name, args, formula in helpers("Q"):
        t.define(name, args, formula)
    return t


def prove_pass(s: Dfa) -> list[Outcome]:
    """Decide :data:`PASS` (all TRUE: ``Q`` is the pass game's P-set with the pass available).

    ``s`` is Wythoff's value-1 set (proved by :func:`prove_value_one`); ``Q`` is built from it.
    """
    return decide_all(pass_theory(s), PASS)


def blocking_theory(b: Dfa, k: int) -> Theory:
    """``B`` and ``Kopt(x, y)``: at least ``k`` distinct Wythoff options of ``(x, y)`` in ``B``.

    Counted by move type: ``Brow{j}(x, y)``, at least ``j`` points of ``B`` left of ``(x, y)``
    on its row (``Brow{j+1}(x, y) = E w (w < x & B(w, y) & Brow{j}(w, y))``), the same on the
    column and on each diagonal direction; options of different types are different
    positions, so "at least k" is the disjunction over ``a + b + c = k`` of row ``>= a``,
    column ``>= b``, diagonal ``>= c``.
    """
    t = Theory()
    t.add_automaton("B", b, "x y")
    for name, args, formula in helpers("B"):
        t.define(name, args, formula)
    t.define("Brow1", "x y", "Brow(x, y)")
    t.define("Bcol1", "x y", "Bcol(x, y)")
    t.define("Bdup1", "x e", "Bdup(x, e)")
    t.define("Bddn1", "x e", "Bddn(x, e)")
    for j in range(1, k):
        t.define(f"Brow{j + 1}", "x y", f"E w (w < x & B(w, y) & Brow{j}(w, y))")
        t.define(f"Bcol{j + 1}", "x y", f"E v (v < y & B(x, v) & Bcol{j}(x, v))")
        t.define(f"Bdup{j + 1}", "x e", f"E u (u < x & Bup(u, e) & Bdup{j}(u, e))")
        t.define(f"Bddn{j + 1}", "x e", f"E u (u < x & Bdn(u, e) & Bddn{j}(u, e))")
    for j in range(1, k + 1):
        t.define(
            f"Bdg{j}", "x y", f"E e (x + e = y & Bdup{j}(x, e)) | E e (y + e = x & Bddn{j}(y, e))"
        )
    terms = []
    for a in range(k + 1):
        for c in range(k + 1 - a):
            parts = [f"Brow{a}(x, y)"] * (a > 0) + [f"Bcol{k - a - c}(x, y)"] * (k - a - c > 0)
            terms.append(" & ".join(parts + [f"Bdg{c}(x, y)"] * (c > 0)))
    t.define("Kopt", "x y", " | ".join(f"({term})" for term in terms))
    return t


def prove_blocking(b: Dfa, k: int) -> list[Outcome]:
    """Decide "B is the P-set of k-blocking Wythoff": ``B(x, y)`` iff fewer than ``k``
    options are in ``B`` (Larsson's rule; by induction on ``x + y`` that is the theorem)."""
    return decide_all(blocking_theory(b, k), {"rule": "A x, y (B(x, y) <=> ~Kopt(x, y))"})


def _blocking_k(game: str) -> int:
    """The ``k`` of a game with a counting rule and Wythoff's rays (its capabilities)."""
    subject = spec.get_game(game)
    rule = getattr(subject, "outcome_rule", None)
    if rule is None or getattr(subject, "move_rays", None) != ((1, 0), (0, 1), (1, 1)):
        raise DeciderError(f"{game}: not Wythoff's rays with a counting rule (--prove blocking)")
    return int(rule.k)


def _terminal_sum(game: str) -> int:
    """The ``K`` of a game whose terminal set is ``{x + y <= K}`` (its compiled capability)."""
    subject = spec.get_game(game)
    if getattr(subject, "compiled_terminal", None) != "fast.engine:sum_at_most":
        raise DeciderError(f"{game}: no terminal set {{x + y <= K}} (--prove terminal)")
    parameters: tuple[int, ...] = getattr(subject, "terminal_parameters", ())
    return int(parameters[0])


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m proofs_check.discovery GAME --value G [--length L --tests M] [--prove]``."""
    parser = argparse.ArgumentParser(prog="python -m proofs_check.discovery")
    parser.add_argument("game")
    parser.add_argument("--value", type=int, default=0)
    parser.add_argument("--length", type=int, default=31)
    parser.add_argument("--tests", type=int, default=12)
    parser.add_argument("--margin", type=int, default=2)
    parser.add_argument("--out", type=Path, help="store the automaton (decider.io format)")
    parser.add_argument("--stored", help="prove a shipped automaton (a name under automata/)")
    parser.add_argument(
        "--prove",
        choices=("value", "pass", "terminal", "p-set", "blocking"),
        help="prove the set is Wythoff's value 1, or build the pass game's P-set from it and "
        "prove that",
    )
    args = parser.parse_args(argv)
    try:
        if args.stored:
            dfa = stored(args.stored).dfa
        else:
            start = time.perf_counter()
            learned, source = discover(args.game, args.value, args.length, args.tests, args.margin)
            print(learned.report)
            print(f"data: {source}; learned in {time.perf_counter() - start:.1f} s")
            if learned.dfa is None:
                return 1
            dfa = learned.dfa
            if args.out:
                store(learned, args.game, args.value, source, args.out)
        if args.prove:
            if args.prove == "terminal":
                outcomes = prove_terminal(dfa, _terminal_sum(args.game))
            elif args.prove == "blocking":
                outcomes = prove_blocking(dfa, _blocking_k(args.game))
            elif args.prove == "p-set":
                outcomes = prove_p_set(dfa, wythoff_rays(spec.get_game(args.game)))
            elif args.prove == "value":
                subject = spec.get_game(args.game)
                lower = lower_classes(subject.describe(), args.value)
                outcomes = prove_value_one(dfa, wythoff_rays(subject), lower)
            else:
                outcomes = prove_pass(dfa)
            for o in outcomes:
                print(f"{o.name:14} {'TRUE' if o.value else 'FALSE':5} {o.seconds:7.2f} s"
                      f"  largest {o.largest} states")  # fmt: skip
            return 0 if all(o.value for o in outcomes) else 1
    except (DeciderError, NoImplementation) as exc:
        print(f"discovery: {exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
