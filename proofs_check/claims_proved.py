"""The theorems proved for all positions (kind ``proved``; issue 36, item 4).

Each claim replays one theorem of :data:`proofs_check.theorems.THEOREMS`: it builds the game's
move relation from the game object, defines the set, decides every sentence of the
characterisation (stability and absorption, ``docs/proofs.md``) and records one exact fact per
sentence with the largest automaton and the seconds it took. A claim of kind ``proved`` holds
for every position, not on a domain: it has no parameter. The false twins are not claims;
``grundy prove ID-twin`` refutes each.
"""

from __future__ import annotations

from proofs_check.claim import Run, claim
from proofs_check.theorems import THEOREMS, replay


def _replay(run: Run, theorem_id: str) -> None:
    proof = replay(THEOREMS[theorem_id])
    for d in proof.definitions:
        run.observe(f"define {d.name}", states=d.states, seconds=round(d.seconds, 3))
    for s in proof.sentences:
        where = s.counterexample or {}
        run.fact(f"{s.name}: {s.text}", s.true, **where)
        run.observe(f"{s.name} decided", states=s.states, seconds=round(s.seconds, 3))
    run.used("decider.Theory (proofs_check.automatic: the game's moves as formulas)")


def _declare(theorem_id: str) -> None:
    theorem = THEOREMS[theorem_id]

    def check(run: Run) -> None:
        _replay(run, theorem_id)

    check.__module__ = __name__
    check.__qualname__ = check.__name__ = f"check_{theorem_id.replace('-', '_')}"
    globals()[check.__name__] = claim(
        f"proved-{theorem_id}",
        source=theorem.source,
        kind="proved",
        statement=f"{theorem.statement} (for all positions; grundy prove {theorem_id})",
        formula=theorem.definitions[-1][2],
        family="proved",
    )(check)


for _id, _theorem in THEOREMS.items():
    if _theorem.twin_of is None:
        _declare(_id)
