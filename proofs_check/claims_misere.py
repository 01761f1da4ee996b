"""Bouton's misère rule for Nim, checked against the spec's misère outcomes.

**The statement** (C. L. Bouton, "Nim, a game with a complete mathematical
theory", Ann. of Math. 3 (1901-02), the closing remark on the game where the
player who takes the last counter loses; Winning Ways, 2nd ed., vol. 2,
ch. 13): a Nim position under misère play is a P-position (the previous
player wins) iff some heap has at least 2 counters and the nim-sum is 0, or
every heap has at most 1 counter and the nim-sum is 1.

**What is checked**: every Nim position of at most ``heaps`` heaps, each of
at most ``size`` counters (as a multiset: the order of the heaps does not
matter), its misère outcome by the spec solver (:func:`spec.outcome` of
``misere:nim+nim+...``, G⁻ = 0 iff P: a position with no move has G⁻ = 1)
against the rule (:func:`spec.bouton_misere`, which computes nothing by the
solver). Exact: each case is a fact.

The false variant (``--small_sum 0``) asks the all-small positions for
nim-sum 0 instead of 1 (the normal-play rule there): it is reported violated
at once, at the empty position (heaps [0]: no move, so the player to move has won).
"""

from __future__ import annotations

from itertools import combinations_with_replacement

import spec
from proofs_check.claim import Param, Run, claim

__all__: list[str] = []

SOURCE = (
    "C. L. Bouton, Nim, a game with a complete mathematical theory, Ann. of Math. 3 (1901-02) "
    "35-39 (the misère game); Berlekamp, Conway, Guy, Winning Ways, 2nd ed., vol. 2, ch. 13"
)
HEAPS = Param("heaps", 4, 3, 1, 6, "positions of at most this many heaps")
SIZE = Param("size", 7, 5, 1, 15, "heaps of at most this many counters")
SMALL = Param("small_sum", 1, 1, 0, 1, "the nim-sum the rule asks when every heap is <= 1 (1)")


def _rule(heaps: tuple[int, ...], small_sum: int) -> str:
    """Bouton's misère rule, the all-small case asking nim-sum ``small_sum``."""
    if any(h >= 2 for h in heaps) or small_sum == 1:
        return spec.bouton_misere(heaps)
    total = 0
    for h in heaps:
        total ^= h
    return "P" if total == small_sum else "N"


@claim(
    "bouton-misere",
    source=SOURCE,
    kind="theorem",
    statement="Bouton's misère rule: a Nim position under misère play is a P-position iff "
    "(some heap >= 2 and the nim-sum is 0) or (every heap <= 1 and the nim-sum is 1); checked "
    "against the spec's misère outcomes (G⁻ = 0) of every position of at most `heaps` heaps "
    "of at most `size` counters.",
    formula="P⁻(a_1..a_k) <=> (max a_i >= 2 and xor a_i = 0) or (max a_i <= 1 and xor a_i = 1)",
    params=(HEAPS, SIZE, SMALL),
    family="misere",
)
def bouton_misere(run: Run, heaps: int, size: int, small_sum: int) -> None:
    run.used("spec.outcome of misere:nim+...+nim (the solver's G⁻)")
    counts = {"P": 0, "N": 0}
    for k in range(1, heaps + 1):  # heaps of 0 counters too: (0,) is the empty position
        game = spec.misere(spec.Sum(*(spec.Nim() for _ in range(k))))
        for position in combinations_with_replacement(range(size + 1), k):
            found = spec.outcome(game, tuple((h,) for h in position))
            counts[found] += 1
            run.fact(
                "misère outcome = Bouton's rule",
                found == _rule(position, small_sum),
                heaps=list(position),
                outcome=found,
            )
    run.observe("misère P- and N-positions checked", **counts)
