"""The decider against Walnut on random sentences: one JVM per batch (issue 44, item 3).

:func:`compare` draws sentences (:func:`decider.random_sentences.random_sentence`, with the
Fibonacci word ``F`` among the atoms), decides each with the project's decider, runs the whole
batch through Walnut as one command file (one JVM: its start is paid once per batch), and
returns the counts and every disagreement, each shrunk to a smallest sentence on which the two
still differ (:func:`decider.random_sentences.shrink`). A sentence the decider refuses (its
memory limit) is counted as a refusal and not sent. ``benchmarks/bench_walnut_differential.py``
runs 10,000; ``tests/test_walnut_differential.py`` a few hundred.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field

import numpy as np

from decider import DeciderError, Theory
from decider.dfao import Dfao
from decider.formula import Formula, parse
from decider.random_sentences import random_sentence, shrink
from decider.walnut import export, formula_text
from grundy.walnut import WalnutError, run_walnut

__all__ = ["Outcome", "compare", "theory"]


def theory(limit_bytes: int = 256 * 2**20) -> Theory:
    """The Fibonacci theory of the comparison: ``shift`` and the Fibonacci word ``F``."""
    t = Theory(limit_bytes=limit_bytes)
    t.add_word("F", Dfao(np.array([[0, 1], [0, 1]]), np.array([0, 1])))
    return t


@dataclass
class Outcome:
    """What a comparison found: the answers' counts, refusals and shrunk disagreements."""

    true: int = 0
    false: int = 0
    refused: list[str] = field(default_factory=list)
    walnut_refused: list[str] = field(default_factory=list)
    disagreements: list[tuple[str, bool, bool]] = field(default_factory=list)

    @property
    def decided(self) -> int:
        """The sentences both deciders answered."""
        return self.true + self.false


def _walnut_answers(t: Theory, sentences: dict[str, Formula]) -> dict[str, bool]:
    """Walnut's answers; a sentence Walnut refuses is left out (the file is run again without
    it, since Walnut stops reading at a refused command) and has no answer."""
    left = dict(sentences)
    while True:
        try:
            answers = run_walnut(export(t, left))
        except WalnutError as error:
            if error.command is None or error.command not in left:
                raise
            del left[error.command]
            continue
        answers.pop("guard_true", None)
        return answers


def compare(
    count: int,
    seed: int = 0,
    batch: int = 500,
    other: Callable[[Theory, dict[str, Formula]], dict[str, bool]] = _walnut_answers,
    progress: Callable[[int], None] | None = None,
) -> Outcome:
    """Decide ``count`` random sentences with the decider and with ``other`` (Walnut by default,
    one run per ``batch``); every disagreement shrunk and kept (sentence, ours, theirs)."""
    rng = random.Random(seed)
    t = theory()
    out = Outcome()
    done = 0
    while done < count:
        size = min(batch, count - done)
        ours: dict[str, bool] = {}
        formulas: dict[str, Formula] = {}
        for i in range(size):
            text = random_sentence(rng, variables=rng.randint(1, 4), depth=rng.randint(1, 3),
                                   word="F")  # fmt: skip
            f = parse(text)
            try:
                ours[f"s{done + i}"] = t.decide(f)
            except DeciderError:
                out.refused.append(text)
                continue
            formulas[f"s{done + i}"] = f
        theirs = other(t, formulas)
        for name, mine in ours.items():
            if name not in theirs:  # Walnut refused it (see _walnut_answers)
                out.walnut_refused.append(formula_text(formulas[name], _order(t)))
                continue
            if theirs[name] == mine:
                out.true += mine
                out.false += not mine
                continue
            small = shrink(formulas[name], lambda g: _differ(t, g, other))
            out.disagreements.append((formula_text(small, _order(t)), t.decide(small),
                                      other(t, {"d": small})["d"]))  # fmt: skip
        done += size
        if progress is not None:
            progress(done)
    return out


def _order(t: Theory) -> dict[str, tuple[str, ...]]:
    return {key: args for key, (_, args) in t.predicates.items()}


def _differ(
    t: Theory, f: Formula, other: Callable[[Theory, dict[str, Formula]], dict[str, bool]]
) -> bool:
    try:
        theirs = other(t, {"d": f})
    except DeciderError:
        return False
    return "d" in theirs and t.decide(f) != theirs["d"]
