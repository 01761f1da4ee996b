"""The automaticity map's one-heap rows (issue 45): a one-heap game's Grundy sequence as a word.

For a one-heap game (the game object says so: :func:`spec.is_heap_game`), the map's question
is not one class ``{G = g}`` at a time but the whole sequence ``G(0), G(1), ...``: on the
window of the setting's ``length`` digits (the first ``N`` terms, every ``n`` whose word has at
most ``length + 1`` digits in the setting's numeration, which the learner reads: a class's
prefix, a digit and a test suffix; ``N = F(length + 3)`` in Zeckendorf) it
reads the registry's ``nim-sequence`` and learns the word (:func:`decider.learn_word.
learn_word`, the learner of :mod:`proofs_check.theorems_heaps`). A learned word is proved for
every ``n`` by the mex recursion (:func:`proofs_check.heap_words.heap_sentences` over the
game's moves, :func:`proofs_check.heap_words.heap_rule`). One entry per game, its ``g`` the
range of the values in the window (``"0..2"``: the word holds every value), saying one of

* ``proved``: the sequence is that word (``states``; ``largest``, the largest automaton of
  the sentences), for every ``n``;
* ``refuted``: the word fails the recursion (the least counterexample ``n``);
* ``not automatic within N terms``: no word within the window (the learner's class counts
  per prefix length, and its reason);
* ``not proved``: a word, but the game's moves have no first-order form in the numeration
  (a split needs ``xor``, an atom of base 2 only).

>>> from proofs_check.automaticity import Setting
>>> e = heap_entry(Setting("subtraction-set:fib-odd-minus-1", 8, 3))
>>> e["g"], e["result"], e["states"], e["terms"]
('0..2', 'proved', 6, 89)
"""

from __future__ import annotations

import datetime
import time
from typing import TYPE_CHECKING, Any

import numpy as np

import spec
from decider import DeciderError
from decider.dfao import Dfao
from decider.learn import window
from decider.learn_word import learn_word
from proofs_check.data import DATA_SECONDS
from proofs_check.heap_words import heap_rule, heap_sentences, heap_theory
from proofs_check.theorems_heaps import NUMERATIONS, decide_sentences
from registry import question

if TYPE_CHECKING:
    from proofs_check.automaticity import Setting

__all__ = ["HEAP_LENGTH", "heap_entry", "is_heap_setting"]

#: The window of a one-heap game outside the map's settings: Larsson–Fox's (16 digits).
HEAP_LENGTH = 16


def is_heap_setting(game: str) -> bool:
    """Whether ``game`` (a name the spec knows) is a one-heap game: its object's shape."""
    return spec.is_heap_game(spec.get_game(game))


def _prove(game: spec.ImpartialGame, word: Dfao) -> dict[str, Any]:
    """The verdict fields of the learned ``word``: proved, refuted, or not proved (one line)."""
    try:
        theory = heap_theory(heap_rule(game, word.numeration), word)
    except DeciderError as error:
        return {"result": "not proved", "why": str(error)}
    results = decide_sentences(theory, heap_sentences(np.asarray(word.outputs).tolist()))
    largest = max((s.states for s in theory.steps), default=0)
    false = [s for s in results if not s.true]
    if not false:
        return {"result": "proved", "largest": largest}
    where = min((s.counterexample or {}).get("n", 0) for s in false)
    return {"result": "refuted", "largest": largest, "counterexample": {"n": where}}


def heap_entry(setting: Setting) -> dict[str, Any]:
    """Learn the Grundy sequence of the one-heap game ``setting.game`` on the setting's window
    and prove it: the game's one entry of the map (see the module)."""
    start = time.perf_counter()
    game = spec.get_game(setting.game)
    numeration = NUMERATIONS[setting.numeration]()
    # the learner reads a class's representative, a digit and a suffix: length + 1 digits
    terms = window(setting.length + 1, numeration)
    answer = question("nim-sequence", game)(terms=terms, budget=DATA_SECONDS)
    values = np.asarray(answer.value, dtype=np.int64)[:terms]
    learned = learn_word(values.tolist(), numeration, setting.length, setting.tests)
    out: dict[str, Any] = {
        "game": setting.game,
        "g": f"{int(values.min())}..{int(values.max())}",
        "shape": "one heap",
        "numeration": numeration.name,
        "length": setting.length,
        "rows": terms,
        "terms": terms,
        "tests": setting.tests,
        "counts": learned.classes,
        "data": f"nim-sequence ({answer.name})",
    }
    if learned.word is None:
        out["result"] = f"not automatic within {terms} terms"
        out["why"] = learned.error
    else:
        out["states"] = int(learned.word.delta.shape[0])
        out.update(_prove(game, learned.word))
    out["seconds"] = round(time.perf_counter() - start, 1)
    out["when"] = datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds")
    return out
