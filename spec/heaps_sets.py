"""Subtraction games with an infinite subtraction set given by a rule (issue 45).

``subtraction-set:NAME`` is the one-heap subtraction game whose set ``S`` is the named rule;
its followers enumerate ``S`` up to the heap (plain integers), so :func:`spec.nim_sequence`,
``grundy value`` and the registry's ``nim-sequence`` answer it. Each set also carries its
membership automaton as plain data (``subtraction_automaton``: the numeration's name, the
transitions and the accepting states of a 1-tape automaton reading ``s`` msd first, leading
zeros allowed), the capability :mod:`proofs_check.heap_words` turns into a predicate.

* ``fib-odd-minus-1``: ``S = {F(2n+1) - 1 : n >= 1} = {1, 4, 12, 33, 88, ...}``
  (``F(1) = F(2) = 1``), Larsson and Fox's aperiodic subtraction game (U. Larsson, N. Fox,
  "An aperiodic subtraction game of Nim-dimension two", J. Integer Seq. 18 (2015), 15.7.4).
  The Zeckendorf word of ``F(2n+1) - 1`` is ``1(01)^(n-1)`` (``F(2n+1) - 1 = F(2n) + F(2n-2)
  + ... + F(2)``), so ``S`` is the language ``0*1(01)*``.

>>> game = SetSubtraction.from_text("fib-odd-minus-1")
>>> game.elements(100), sorted(game.options(13))
([1, 4, 12, 33, 88], [(1,), (9,), (12,)])
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from spec.game import register_family_class
from spec.heaps import HeapGame

__all__ = ["SET_RULES", "SetSubtraction"]


def _fib_odd_minus_1(limit: int) -> list[int]:
    """``F(2n+1) - 1 <= limit``, n >= 1, increasing."""
    out: list[int] = []
    x, y = 1, 1  # (F(1), F(2)); each step goes (F(k), F(k+1)) -> (F(k+2), F(k+3))
    while True:
        x, y = x + y, x + 2 * y
        if x - 1 > limit:
            return out
        out.append(x - 1)


#: name -> (the elements up to a limit, the automaton as data, a description).
SET_RULES: dict[str, tuple[Any, tuple[str, tuple[tuple[int, ...], ...], tuple[bool, ...]], str]]
SET_RULES = {
    "fib-odd-minus-1": (
        _fib_odd_minus_1,
        ("fibonacci", ((0, 1), (2, 3), (3, 1), (3, 3)), (False, True, False, False)),
        "S = {F(2n+1) - 1 : n >= 1} = {1, 4, 12, 33, 88, ...} (Larsson and Fox 2015)",
    ),
}


class SetSubtraction(HeapGame):
    """Take ``s`` tokens, ``s`` in an infinite set given by a named rule (:data:`SET_RULES`).

    >>> SetSubtraction.from_text("fib").describe()
    Traceback (most recent call last):
    ...
    ValueError: subtraction-set: unknown set 'fib' (known: fib-odd-minus-1)
    """

    name = "subtraction-set"
    rules = "take s tokens from the heap, s in an infinite set named by a rule"
    source = "Larsson and Fox, J. Integer Seq. 18 (2015) 15.7.4 (not a seed)"
    example = "subtraction-set:fib-odd-minus-1"

    def __init__(self, rule: str) -> None:
        super().__init__()
        self.rule = rule
        self._elements, self.subtraction_automaton, self.set_text = SET_RULES[rule]

    @classmethod
    def from_text(cls, text: str) -> SetSubtraction:
        """Parse the set's name (the text after ``subtraction-set:``)."""
        name = text.strip()
        if name not in SET_RULES:
            raise ValueError(f"subtraction-set: unknown set {name!r} (known: "
                             f"{', '.join(sorted(SET_RULES))})")  # fmt: skip
        return cls(name)

    def describe(self) -> str:
        return f"subtraction-set:{self.rule}"

    def __repr__(self) -> str:
        return f"SetSubtraction({self.rule!r})"

    def elements(self, limit: int) -> list[int]:
        """The elements of ``S`` up to ``limit``, increasing."""
        return list(self._elements(limit))

    def options(self, n: int) -> Iterator[tuple[int, ...]]:
        for s in self.elements(n):
            yield (n - s,) if n > s else ()


register_family_class(SetSubtraction)
