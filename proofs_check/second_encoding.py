"""A second encoding of every theorem, written independently of :mod:`proofs_check.automatic`
(issue 44, item 4, "cross-checked").

The generator reads a game's capabilities (rays, guards, move forms, a terminal set, passes)
and splits the move relation by type; a mistake there would be repeated in every sentence it
writes, and Walnut, reading our export, would repeat it too. Here each game's moves are one
4-tape relation ``move(u, v, x, y)`` ("(x, y) -> (u, v) is a move"), written from the rules
as the papers state them, not from the game object, and each statement is one biconditional,
the definition of the outcome itself:

* normal play: ``A x, y (S(x, y) <=> ~E u, v (move(u, v, x, y) & S(u, v)))`` (a position is
  a P-position iff no move leads to one);
* value ``g``: the classes ``0 .. g`` one after the other (none taken on trust), each
  avoiding those below it, and outside them ``S(x, y) <=> ~E u, v (move(u, v, x, y) &
  S(u, v))``;
* k-blocking: ``S(x, y) <=>`` fewer than k distinct options in ``S``;
* the pass (states 0 and 1, the pass never from (0, 0)): layer 0 by normal play, and
  ``S1(x, y) <=> ~(E u, v (move & S1(u, v)) | (~(x = 0 & y = 0) & S0(x, y)))``.

Every move lowers ``x + y``, so (by induction) these sentences hold for exactly one set: they
state the theorem. :func:`decide` must agree with :func:`proofs_check.theorems.replay` on
every theorem, TRUE, and every false twin, FALSE (``tests/test_second_encoding.py``).

>>> from proofs_check.theorems import THEOREMS
>>> decide(THEOREMS["wythoff-p"]), decide(THEOREMS["wythoff-p-twin"])
(True, False)
"""

from __future__ import annotations

from decider import Theory
from decider.io import read_automaton
from proofs_check.theorems import AUTOMATA, Theorem

__all__ = ["MOVES", "decide", "sentences"]

#: Wythoff's moves: any number from one pile, or the same number from both.
_WYTHOFF = ("u < x & v = y", "u = x & v < y", "u < x & v < y & x + v = y + u")

#: Each game's moves as the clauses of one relation ``move(u, v, x, y)`` (their
#: disjunction), with its outcome rule ``k``: 1 for normal play (the mex), k >= 2 for
#: k-blocking. (A move *into* a set is written clause by clause, ``E u, v (clause & S(u, v))``
#: each, the same formula as ``E u, v (move(u, v, x, y) & S(u, v))`` distributed over ``|``:
#: one quantified product of the whole relation with a large set exceeds the memory limit.)
MOVES: dict[str, tuple[tuple[str, ...], int]] = {
    "wythoff": (_WYTHOFF, 1),
    # Ho's R-Wythoff: any number from the larger pile (either if equal), or the same from both
    "r-wythoff": (
        ("u < x & v = y & x >= y", "u = x & v < y & y >= x", "u < x & x + v = y + u"),
        1,
    ),
    # Ho's E-Wythoff: Wythoff's moves, or k >= 2 from the smaller pile and 1 <= l < k from
    # the larger (either pile counts as the smaller when they are equal)
    "e-wythoff": (
        (
            *_WYTHOFF,
            "E k, l (k >= 2 & l >= 1 & l < k & x <= y & x = u + k & y = v + l)",
            "E k, l (k >= 2 & l >= 1 & l < k & y <= x & y = v + k & x = u + l)",
        ),
        1,
    ),
    # Miyadera, Manabe and Fukui's pass: Wythoff's moves in each layer (the pass: sentences)
    "wythoff-pass": (_WYTHOFF, 1),
    # Komaki, Miyadera and Murakami: no move from the terminal set x + y <= K
    **{
        f"wythoff-terminal:{k}": (tuple(f"{c} & x + y > {k}" for c in _WYTHOFF), 1)
        for k in range(1, 11)
    },
    # Larsson's k-blocking Wythoff: Wythoff's moves; P iff fewer than k options are P
    **{f"blocking-wythoff:{k}": (_WYTHOFF, k) for k in (2, 3)},
    # Fibonacci Nim (seed 002 §3), (x, y) = (n, r): take t tokens, 1 <= t <= min(r, n), and
    # the next player may take up to twice as many: (n - t, 2t)
    "fibonacci-nim": (("E t (t >= 1 & t <= y & t <= x & u + t = x & v = t + t)",), 1),
}


def _none_into(clauses: tuple[str, ...], target: str) -> str:
    """(x, y) has no move into ``target``."""
    some = " | ".join(f"E u, v ({c} & {target}(u, v))" for c in clauses)
    return f"~({some})"


def _at_least(k: int, target: str) -> str:
    """(x, y) has at least ``k`` distinct options in ``target``: options ``(a_i, b_i)`` in
    increasing lexicographic order, each quantified inside the previous one."""
    body = ""
    for i in reversed(range(k)):
        a, b = f"a{i}", f"b{i}"
        order = f" & (a{i - 1} < {a} | (a{i - 1} = {a} & b{i - 1} < {b}))" if i else ""
        inner = f" & {body}" if body else ""
        body = f"E {a}, {b} (move({a}, {b}, x, y) & {target}({a}, {b}){order}{inner})"
    return body


def sentences(theorem: Theorem) -> dict[str, str]:
    """The sentences of ``theorem`` in this encoding (names from the theorem's definitions)."""
    clauses, k = MOVES[theorem.game]
    name = theorem.definitions[-1][0]
    if theorem.layers:
        layers = dict(theorem.layers)
        low, high = layers[0], layers[1]
        return {
            "layer 0": f"A x, y ({low}(x, y) <=> {_none_into(clauses, low)})",
            "layer 1": f"A x, y ({high}(x, y) <=> ~(~{_none_into(clauses, high)}"
            f" | (~(x = 0 & y = 0) & {low}(x, y))))",
        }
    if k > 1:
        return {"counting": f"A x, y ({name}(x, y) <=> ~{_at_least(k, name)})"}
    out = {}
    chain = [*theorem.lower, name]  # the classes 0, 1, ..., g: each proved from those below
    for g, current in enumerate(chain):
        lower = chain[:g]
        if not lower:
            out[f"{current} mex"] = f"A x, y ({current}(x, y) <=> {_none_into(clauses, current)})"
            continue
        union = " | ".join(f"{c}(x, y)" for c in lower)
        out[f"{current} avoid"] = f"A x, y ~({current}(x, y) & ({union}))"
        outside = " & ".join(f"~{c}(x, y)" for c in lower)
        out[f"{current} mex"] = (
            f"A x, y (({outside}) => ({current}(x, y) <=> {_none_into(clauses, current)}))"
        )
    return out


def decide(theorem: Theorem) -> bool:
    """TRUE iff every sentence of this encoding of ``theorem`` holds."""
    theory = Theory()
    for name, file in theorem.automata:
        stored = read_automaton(AUTOMATA / file)
        theory.add_automaton(name, stored.dfa, stored.names)
    for name, args, formula in theorem.definitions:
        theory.define(name, args, formula)
    theory.define("move", "u v x y", " | ".join(f"({c})" for c in MOVES[theorem.game][0]))
    return all(theory.decide(text) for text in sentences(theorem).values())
