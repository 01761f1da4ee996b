"""A one-heap game's Grundy sequence as a word, and the sentences that prove it (issue 45).

A one-heap game's Sprague–Grundy sequence ``G(0), G(1), ...`` with finitely many values is a
candidate *word* ``W``: a DFAO over a numeration (:class:`decider.Dfao`, learned from the
engine's values by :mod:`decider.learn_word`). ``W = G`` for every ``n`` iff ``W`` satisfies
the mex recursion of the game, by induction on ``n``: if every follower of ``n`` has its true
value, ``W[n] = c`` with no move to a position of value ``c`` and a move to every value
``c' < c`` makes ``W[n]`` the mex of the followers' values, which is ``G(n)``.

**The sentences** (:func:`heap_sentences`), with ``wc(n)`` the class ``{n : W[n] = c}`` of
each letter (an automaton), ``val(n, v) := W[n] = v`` and ``mv(n, w)`` "a move from a heap
of ``n`` reaches a position of value ``w``":

* ``no_c``: ``A n (wc(n) => ~mv(n, c))`` for each letter ``c``;
* ``mex_c_d``: ``A n (wc(n) => mv(n, d))`` for each letter ``c`` and ``d < c``;
* ``cover``: ``A n (w0(n) | ... | wm(n))``, the classes cover ℕ.

**The moves** (:func:`heap_rule`), from the game object, never its name:

* a subtraction set given as a predicate (``game.subtraction_automaton``: a 1-tape
  automaton as plain data, closed under leading zeros, refusing 0; :mod:`spec.heaps_sets`):
  ``mv(n, w) := E m, s (sub(s) & m + s = n & val(m, w))``;
* an octal or hexadecimal code (``game.heap_code``, finitely many digits ``d_k``): bit 1
  ``n = k & w = 0``; bit 2 ``E m (m >= 1 & m + k = n & val(m, w))``; bit 4 (two heaps
  ``a + b = n - k``) ``E a, b, u, v (... & val(a, u) & val(b, v) & xor(u, v, w))``; bit 8
  (three heaps) with two ``xor``. A split needs the nim-sum ``xor``, an atom of base 2
  (:class:`decider.binary.Binary`) and of no Fibonacci-type numeration: there it is refused.

>>> from decider.binary import Binary
>>> from spec import get_game
>>> rule = heap_rule(get_game("subtraction:1,2"), Binary())
>>> for part in rule.follower.split(" | ("):
...     print(part)
(n = 1 & w = 0 | E m (m >= 1 & m + 1 = n & val(m, w)))
n = 2 & w = 0 | E m (m >= 1 & m + 2 = n & val(m, w)))
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

import numpy as np

from decider import DeciderError, Dfa, Theory
from decider.dfao import Dfao
from decider.numeration import Numeration
from spec import HeapGame, ImpartialGame

__all__ = [
    "HeapRule",
    "check_word",
    "graph_sentences",
    "heap_rule",
    "heap_sentences",
    "heap_theory",
    "three_definitions",
]


@dataclass(frozen=True)
class HeapRule:
    """A one-heap game's moves as the formula ``mv(n, w)`` over ``val`` and ``predicates``."""

    numeration: Numeration
    follower: str
    predicates: tuple[tuple[str, Dfa, str], ...] = ()
    #: The moves leaving at most two heaps (``follower`` without the three-heap splits), and
    #: the digits ``k`` whose bit 8 removes ``k`` tokens and leaves three heaps.
    few: str = "n != n"
    threes: tuple[int, ...] = ()


def _digit(k: int, digit: int) -> list[str]:
    """The disjuncts of ``mv(n, w)`` for the code digit ``d_k = digit``."""
    plus = f" + {k}" if k else ""
    parts = []
    if digit & 1 and k:
        parts.append(f"n = {k} & w = 0")
    if digit & 2 and k:
        parts.append(f"E m (m >= 1 & m{plus} = n & val(m, w))")
    if digit & 4:
        parts.append(f"E m (m{plus} = n & two(m, w))")
    if digit & 8:
        parts.append(f"E m (m{plus} = n & three(m, w))")
    return parts


#: A heap of ``r`` split into two (three) non-empty heaps whose values' nim-sum is ``y``,
#: one quantifier at a time (``xv``, ``pair``: the value of ``c`` XOR ``u`` is ``y``, of ``b``
#: XOR of ``c``; eliminating ``b, c, u, v`` at once needs a subset construction past 2 GB for
#: ``hex:0.2048``, one at a time a few thousand states).
SPLITS = (
    ("xv", "c u y", "E v (val(c, v) & xor(u, v, y))"),
    ("pair", "b c y", "E u (val(b, u) & xv(c, u, y))"),
    ("two", "r y", "E b, c (b >= 1 & c >= 1 & b + c = r & pair(b, c, y))"),
    ("tv", "s u y", "E t (two(s, t) & xor(u, t, y))"),
    ("triple", "a s y", "E u (val(a, u) & tv(s, u, y))"),
    ("three", "r y", "E a, s (a >= 1 & s >= 2 & a + s = r & triple(a, s, y))"),
)


def subtraction_dfa(describe: str, data: Any, numeration: Numeration) -> Dfa:
    """The 1-tape automaton of a subtraction set given as plain data ``(numeration's name,
    transitions, accepting states)``; another numeration or a malformed table: one line."""
    try:
        name, delta, accept = data
        table = np.array(delta, dtype=np.int64)
        final = np.array(accept, dtype=np.bool_)
        dfa = Dfa(numeration.base, 1, table, final)
    except (TypeError, ValueError) as error:
        raise DeciderError(
            f"{describe}: the subtraction set's automaton is malformed ({error})"
        ) from None
    if name != numeration.name:
        raise DeciderError(f"{describe}: the subtraction set's automaton reads {name} words, "
                           f"the theorem is over {numeration.name}")  # fmt: skip
    return dfa


def heap_rule(game: object, numeration: Numeration) -> HeapRule:
    """The moves of ``game`` as :class:`HeapRule`; a game or digit it cannot express: one line.

    >>> from decider.numeration import Fibonacci
    >>> from spec import get_game
    >>> heap_rule(get_game("octal:0.07"), Fibonacci())
    Traceback (most recent call last):
    ...
    decider.automaton.DeciderError: octal:0.07: the digit d_2 = 7 splits a heap, ...
    """
    describe = game.describe() if isinstance(game, ImpartialGame) else repr(game)
    data = game.subtraction_automaton if isinstance(game, HeapGame) else None  # declared
    if data is not None:
        dfa = subtraction_dfa(describe, data, numeration)
        return HeapRule(numeration, "E m, s (sub(s) & m + s = n & val(m, w))",
                        (("sub", dfa, "s"),))  # fmt: skip
    code = game.heap_code if isinstance(game, HeapGame) else None  # declared by the class
    if code is None:
        raise DeciderError(f"{describe}: no subtraction predicate and no octal or hexadecimal "
                           "code: its moves have no first-order form here")  # fmt: skip
    has_xor = "xor" in numeration.relations()
    parts, few = [], []
    for k, digit in enumerate(code):
        if digit & 12 and not has_xor:
            raise DeciderError(f"{describe}: the digit d_{k} = {digit:x} splits a heap, and the "
                               "nim-sum of the parts needs xor, an atom of base 2 (binary), "
                               f"not of {numeration.name}")  # fmt: skip
        if k == 0 and digit & 3:
            raise DeciderError(f"{describe}: the digit d_0 = {digit} removes no token")
        digit_parts = _digit(k, digit)
        if digit_parts:
            parts.append("(" + " | ".join(digit_parts) + ")")
        low = _digit(k, digit & 7)  # the same digit without its three-heap split
        if low:
            few.append("(" + " | ".join(low) + ")")
    threes = tuple(k for k, digit in enumerate(code) if digit & 8)
    return HeapRule(numeration, " | ".join(parts) or "n != n", (),
                    " | ".join(few) or "n != n", threes)  # fmt: skip


def check_word(word: Dfao, alphabet: Iterable[int], numeration: Numeration, name: str) -> None:
    """Refuse (one line) a word whose output leaves ``alphabet`` or whose numeration is not the
    theorem's."""
    if word.numeration != numeration:
        raise DeciderError(f"{name}: a word over {word.numeration.name}, the theorem is over "
                           f"{numeration.name}")  # fmt: skip
    outside = sorted(set(np.asarray(word.outputs).tolist()) - set(alphabet))
    if outside:
        raise DeciderError(f"{name}: the output {outside[0]} is outside the alphabet "
                           f"{sorted(set(alphabet))}")  # fmt: skip


def heap_sentences(letters: Iterable[int]) -> dict[str, str]:
    """The mex recursion for a word ``W`` with the given letters (see the module).

    >>> list(heap_sentences([0, 1]))
    ['no_0', 'no_1', 'mex_1_0', 'cover']
    """
    values = sorted(set(letters))
    out = {}
    for c in values:
        out[f"no_{c}"] = f"A n (w{c}(n) => ~mv(n, {c}))"
        for d in range(c):
            out[f"mex_{c}_{d}"] = f"A n (w{c}(n) => mv(n, {d}))"
    out["cover"] = "A n (" + " | ".join(f"w{c}(n)" for c in values) + ")"
    return out


def graph_sentences(threes: Iterable[int] = (), witnesses: bool = False) -> dict[str, str]:
    """The mex recursion for a sequence given by its graph ``val(n, v)`` (values unbounded):
    ``val`` a function, no move to its own value, a move to every smaller value.

    With ``witnesses`` (:func:`three_definitions`), ``mv`` holds the moves leaving at most
    two heaps; each three-heap digit ``k`` of ``threes`` has its own ``no_three_k``, and the
    mex may use the witnessed three-heap moves ``mx``.

    >>> list(graph_sentences([4], witnesses=True))
    ['total', 'function', 'no_own', 'no_three_4', 'mex']
    """
    out = {
        "total": "A n E v val(n, v)",
        "function": "A n, v, w (val(n, v) & val(n, w) => v = w)",
        "no_own": "A n, v (val(n, v) => ~mv(n, v))",
    }
    if not witnesses:
        return out | {"mex": "A n, v, w (val(n, v) & w < v => mv(n, w))"}
    for k in threes:  # a heap of n = p + s + k leaves p and s = b + c: nim-sum G(n) never
        out[f"no_three_{k}"] = (f"A n, p, s, y ((p >= 1 & s >= 2 & n = p + s + {k} & "
                                f"opp{k}(p, s, y)) => ~two(s, y))")  # fmt: skip
    return out | {"mex": "A n, v, w (val(n, v) & w < v => mv(n, w) | mx(n, w))"}


def three_definitions(
    threes: Iterable[int], witnesses: Iterable[int]
) -> list[tuple[str, str, str]]:
    """The three-heap moves of the digits ``threes`` without a three-heap relation.

    ``no_three_k`` needs no set of a split's values: ``opp{k}(p, s, y)`` is
    ``y = G(p) XOR G(p + s + k)`` (each quantifier's witness determined by the others), and a
    split of ``n = p + s + k`` into ``p, b, c`` has nim-sum ``G(n)`` iff ``two(s, y)``. The mex
    needs only *some* moves to every smaller value: ``mx(n, w)``, the three heaps
    ``a, a, m`` (value ``G(m)``) and ``a0, b, c`` for each fixed first heap ``a0`` of
    ``witnesses`` (value ``G(a0) XOR`` a two-heap split's), all moves of the game; a sentence
    using fewer moves than the game has is still a proof of "some move reaches ``w``".
    """
    out: list[tuple[str, str, str]] = []
    families = []
    witnesses = tuple(witnesses)
    if any(a0 < 1 for a0 in witnesses):  # a heap of 0 would make a three-heap move two-heap
        raise DeciderError(f"witnesses = {sorted(witnesses)}: a fixed first heap must be >= 1")
    for k in threes:
        out += [
            (f"far{k}", "p s v", f"E n (n = p + s + {k} & val(n, v))"),
            (f"ox{k}", "p s u y", f"E v (far{k}(p, s, v) & xor(u, v, y))"),
            (f"opp{k}", "p s y", f"E u (val(p, u) & ox{k}(p, s, u, y))"),
        ]
        families.append(f"E a, m (a >= 1 & m >= 1 & a + a + m + {k} = n & val(m, w))")
        families += [f"E s, y, u (s + {a0 + k} = n & val({a0}, u) & two(s, y) & xor(y, u, w))"
                     for a0 in witnesses]  # fmt: skip
    out.append(("mx", "n w", " | ".join(families) or "n != n"))
    return out


def heap_theory(
    rule: HeapRule,
    word: Dfao | None,
    theory: Theory | None = None,
    graph: tuple[tuple[str, str, str], ...] = (),
    witnesses: tuple[int, ...] = (),
) -> Theory:
    """The theory with ``val`` (from the word ``W``, or the last of ``graph``'s definitions
    ``(name, arguments, formula)``), the rule's predicates, the splits and ``mv`` defined;
    with ``witnesses`` (a graph's three-heap moves, :func:`three_definitions`), ``mv`` is the
    moves leaving at most two heaps."""
    theory = Theory(rule.numeration) if theory is None else theory
    if word is not None:  # each letter's class an automaton (a certificate's stored atom)
        letters = sorted(set(np.asarray(word.outputs).tolist()))
        for c in letters:
            theory.add_automaton(f"w{c}", word.letter_is(c), "n")
        theory.define("val", "n v", " | ".join(f"(w{c}(n) & v = {c})" for c in letters))
    for name, args, formula in graph:
        theory.define(name, args, formula)
    apart = bool(witnesses) and bool(rule.threes)
    follower = rule.few if apart else rule.follower
    needed = 6 if "three(" in follower else 3 if "two(" in follower or apart else 0
    for name, args, formula in SPLITS[:needed]:
        theory.define(name, args, formula)
    for name, args, formula in three_definitions(rule.threes, witnesses) if apart else ():
        theory.define(name, args, formula)
    for name, dfa, args in rule.predicates:
        restricted = rule.numeration.restrict(dfa)
        if restricted.accept[0]:
            raise DeciderError(f"{name}: the subtraction set holds 0 (a move must take a token)")
        theory.add_automaton(name, dfa, args)
    theory.define("mv", "n w", follower)
    return theory
