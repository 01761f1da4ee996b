"""A learned set of pairs as a finite union of lines, when it is one, proved (issue 48, item 3).

An automaton learned from data may describe a set that needs no numeration at all: the
51-state automaton of a plugin's P-positions is ``{(3k, 3k), (3k+1, 3k+2), (3k+2, 3k+1)}``.
:func:`linear_form` looks for such a description -- finitely many points and *lines*
``{(a + p k, b + q k) : k >= 0}`` with small steps -- in the set's points below a window, and
keeps it only if the decider proves the union equal to the automaton's set for ALL pairs
(the sentence ``A x, y (set(x, y) <=> union(x, y))``). The search is a heuristic; the answer
is not: a form is printed only when proved, else None. A set of this kind is a Presburger
set (definable in (N, +) without any numeration), the simplest description a reader can have.

>>> import numpy as np
>>> from decider import Theory
>>> t = Theory()
>>> _ = t.define("diag", "x y", "E k (x = k + k & y = k + k + 1)")
>>> linear_form(t, "diag").text
'{(2k, 2k + 1) : k >= 0}'
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass

from decider.automaton import DeciderError
from decider.logic import Theory

__all__ = ["LinearForm", "linear_form"]

#: The window searched (both coordinates below it) and the largest step tried.
WINDOW = 120
MAX_STEP = 12


@dataclass(frozen=True)
class LinearForm:
    """A proved description: the lines ``(a, b, p, q)`` (``p = q = 0``: a single point)."""

    lines: tuple[tuple[int, int, int, int], ...]

    @property
    def formula(self) -> str:
        """The union as a formula in x, y (the decider's text syntax)."""
        return " | ".join(f"({_line_formula(*line)})" for line in self.lines) or "x < 0"

    @property
    def text(self) -> str:
        """The union as a reader writes it: ``{(3k, 3k) : k >= 0} ∪ {(1, 2)}``."""
        return " ∪ ".join(_line_text(*line) for line in self.lines) or "∅"


def _times(p: int, var: str) -> str:
    return " + ".join([var] * p)


def _line_formula(a: int, b: int, p: int, q: int) -> str:
    if p == q == 0:
        return f"x = {a} & y = {b}"
    x = f"x = {_times(p, 'k')} + {a}" if p else f"x = {a}"
    y = f"y = {_times(q, 'k')} + {b}" if q else f"y = {b}"
    return f"E k ({x} & {y})"


def _coordinate(c: int, p: int) -> str:
    if p == 0:
        return str(c)
    step = "k" if p == 1 else f"{p}k"
    return f"{step} + {c}" if c else step


def _line_text(a: int, b: int, p: int, q: int) -> str:
    if p == q == 0:
        return f"{{({a}, {b})}}"
    return f"{{({_coordinate(a, p)}, {_coordinate(b, q)}) : k >= 0}}"


def _points(theory: Theory, name: str, window: int) -> set[tuple[int, int]]:
    """The pairs of the 2-place predicate ``name`` with both coordinates below ``window``."""
    rel, args = theory.predicates[name]
    numeration = theory.numeration
    found = set()
    order = [args.index(t) for t in rel.tapes]  # the relation's tapes are its sorted arguments
    for x, y in itertools.product(range(window), repeat=2):
        values = (x, y)
        words = [numeration.word(values[i]) for i in order]
        length = max(len(w) for w in words)
        padded = [[0] * (length - len(w)) + w for w in words]
        if rel.dfa.accepts([[w[i] for w in padded] for i in range(length)]):
            found.add((x, y))
    return found


def _search(points: set[tuple[int, int]], window: int) -> tuple[tuple[int, int, int, int], ...]:
    """Cover ``points`` by lines (each running to the window's edge inside the set), the
    smallest uncovered point first, the direction covering most of what is left."""
    left = set(points)
    lines = []
    while left:
        a, b = min(left)
        best: tuple[int, int, int, int] = (a, b, 0, 0)
        best_cover = {(a, b)}
        for p, q in itertools.product(range(MAX_STEP + 1), repeat=2):
            if p == q == 0:
                continue
            run = list(
                itertools.takewhile(
                    lambda c: c[0] < window and c[1] < window,
                    ((a + p * k, b + q * k) for k in itertools.count()),
                )
            )
            if len(run) < 3 or not all(c in points for c in run):
                continue
            cover = set(run) & left
            if len(cover) > len(best_cover):
                best, best_cover = (a, b, p, q), cover
        lines.append(best)
        left -= best_cover
        if len(lines) > 64:
            break
    return tuple(lines)


def linear_form(theory: Theory, name: str, window: int = WINDOW) -> LinearForm | None:
    """The 2-place predicate ``name`` of ``theory`` as a proved finite union of lines and
    points, or None (no such union within the search, or none is true for all pairs).

    The lines are found in the predicate's points with both coordinates below ``window``; the
    union is then proved equal to the predicate for every pair by the decider, so a form
    returned is a theorem, not a fit.
    """
    points = _points(theory, name, window)
    lines = _search(points, window)
    if len(lines) > 64 or _union(lines, 2 * window) != _points(theory, name, 2 * window):
        return None  # lines that stop at the window's edge (a Beatty set's chance triples)
    form = LinearForm(lines)
    try:
        if not theory.decide(f"A x, y ({name}(x, y) <=> ({form.formula}))"):
            return None
    except DeciderError:  # the union's automaton is past the theory's limit: no form here
        return None
    return form


def _union(lines: tuple[tuple[int, int, int, int], ...], window: int) -> set[tuple[int, int]]:
    """The points of the lines with both coordinates below ``window``."""
    out = set()
    for a, b, p, q in lines:
        k = 0
        while a + p * k < window and b + q * k < window:
            out.add((a + p * k, b + q * k))
            if p == q == 0:
                break
            k += 1
    return out
