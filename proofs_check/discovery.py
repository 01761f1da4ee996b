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

**Wythoff's value 1** (new; Blass and Fraenkel, TCS 1990, describe the 1-values by a recursive
algorithm): ``python -m proofs_check.discovery wythoff --value 1 --prove set`` (learns from the
data, stores nothing unless ``--out`` is given, proves); ``--stored wythoff-value-1`` proves
the shipped automaton instead; ``--prove pass`` proves the pass game's theorem from it.

**Wythoff with a pass** (Miyadera, Manabe, Fukui, arXiv:1711.04960, proved there for
``x <= 9`` or ``|y - x| <= 9``).  Positions ``(x, y, s)``; layer ``s = 0`` is Wythoff, whose
P-set is proved.  The engine's table shows the P-set ``Q`` of layer 1 (the pass available)
equal to Wythoff's value-1 set but for 14 cells (:data:`PASS_OUT`, :data:`PASS_IN`); the
decider proves the set so built (:func:`pass_set`, :func:`prove_pass`) for all positions.
"""

from __future__ import annotations

import argparse
import datetime
import re
import sys
import time
from collections.abc import Mapping, Sequence
from pathlib import Path

import numpy as np
import numpy.typing as npt

import spec
from decider import DeciderError, Dfa, Theory
from decider.io import StoredAutomaton, read_automaton, write_automaton
from decider.learn import Learned, learn_points
from decider.numeration import Fibonacci
from proofs_check.data import DATA_SECONDS
from proofs_check.theorems import Proof, Theorem, replay, report
from registry import question
from registry.core import NoImplementation
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


def window(length: int) -> int:
    """``F_{length+2}``: the numbers with Zeckendorf words of at most ``length`` digits.

    >>> window(5)
    13
    """
    return Fibonacci().place_values(length + 1)[length]


def points(
    game: str, g: int, length: int, layer: int | None = None, budget: float = DATA_SECONDS
) -> tuple[npt.NDArray[np.int64], str]:
    """Every ``(x, y)`` with ``G(x, y) = g`` and ``x, y < F_{length+2}``, and the data's source.

    Wythoff's come from the registry's ``g-points`` (a row greedy: cheap to millions of
    rows); the P-positions (``g = 0``) of a game the greedy over rows covers (Wythoff with
    passes, k-blocking Wythoff) from its ``p-positions`` (as cheap); another two-pile game's
    from its ``grundy-table`` (quadratic: small windows); for a game with a state (the pass),
    the ``layer`` given, by default the one the game starts in (the pass still available).

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
    if g == 0:  # P-positions: the greedy over rows where it is sound (linear in the rows)
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
) -> tuple[Learned, str]:
    """Learn ``{G = g}`` of ``game`` (of its ``layer``, :func:`points`) from the data on
    ``length`` digits; the data's source. ``budget``: the seconds the table may take."""
    check_value(game, g)
    pts, source = points(game, g, length, layer, budget)
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
        "statement": path.stem,  # the statement the file is part of: its own name
    }
    write_automaton(path, learned.dfa, ["x", "y"], meta)


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
    rule = getattr(spec.get_game(game), "outcome_rule", None)
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


def prove(game: str, dfa: Dfa, value: int = 0, layers: Mapping[int, Dfa] | None = None) -> Proof:
    """Prove (or refute, with the least counterexample) that ``dfa`` is ``{G = value}``.

    ``layers``: the sets of the other states of a game with a state layer (:func:`theorem_for`).
    """
    others = dict(layers or {})
    given = {"learned": dfa, **{f"layer{s}": d for s, d in others.items()}}
    return replay(theorem_for(game, value, list(others)), given)


def pass_set(s: Dfa) -> Dfa:
    """:data:`PASS_SET` built from ``s`` (Wythoff's value-1 set)."""
    t = Theory()
    t.add_automaton("S", s, "x y")
    return t.define("Q", "x y", PASS_SET).dfa


def prove_pass(s: Dfa) -> Proof:
    """Prove that the set built from ``s`` (:func:`pass_set`) is the P-set of Wythoff with a
    pass, the pass available (layer 0, the pass used: Wythoff's P-set, shipped and proved)."""
    return prove("wythoff-pass", pass_set(s), 0, {0: stored("wythoff-value-0").dfa})


def other_layers(game: str, g: int, learned: Learned, margin: int) -> dict[int, Dfa]:
    """The sets ``{G = g}`` of the states of ``game`` other than its start, learned on the
    same window as ``learned`` (none for a game without a state layer)."""
    subject = spec.get_game(game)
    states = states_of(subject)
    start = start_layer(subject)
    out: dict[int, Dfa] = {}
    for i, s in enumerate(states):
        if i != start:
            other, _ = discover(game, g, learned.length, learned.tests, margin, layer=i)
            if other.dfa is None:
                raise DeciderError(f"{game}: state {s}: {other.reason}")
            out[s] = other.dfa
    return out


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m proofs_check.discovery GAME --value G [--length L --tests M] [--prove]``."""
    parser = argparse.ArgumentParser(prog="python -m proofs_check.discovery")
    parser.add_argument("game")
    parser.add_argument("--value", type=int, default=0)
    parser.add_argument("--length", type=int, default=31)
    parser.add_argument("--tests", type=int, default=12)
    parser.add_argument("--margin", type=int, default=2)
    parser.add_argument(
        "--data-seconds",
        type=float,
        default=DATA_SECONDS,
        help=f"the estimated seconds the data's table may take (default {DATA_SECONDS:.0f})",
    )
    parser.add_argument("--out", type=Path, help="store the automaton (decider.io format)")
    parser.add_argument("--stored", help="prove a shipped automaton (a name under automata/)")
    parser.add_argument(
        "--prove",
        choices=("set", "pass"),
        help="set: prove the set is {G = value} of the game; pass: build the P-set of Wythoff "
        "with a pass from it (Wythoff's value 1) and prove that",
    )
    args = parser.parse_args(argv)
    try:
        if args.stored:
            dfa = stored(args.stored).dfa
        else:
            start = time.perf_counter()
            learned, source = discover(
                args.game, args.value, args.length, args.tests, args.margin, None, args.data_seconds
            )
            print(learned.report)
            print(f"data: {source}; learned in {time.perf_counter() - start:.1f} s")
            if learned.dfa is None:
                return 1
            dfa = learned.dfa
            if args.out:
                store(learned, args.game, args.value, source, args.out)
        if args.prove:
            proof = prove_pass(dfa) if args.prove == "pass" else prove(args.game, dfa, args.value)
            print("\n".join(report(proof)))
            return 0 if proof.status == "proved" else 1
    except (DeciderError, NoImplementation, ValueError) as exc:
        print(f"discovery: {exc}", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
