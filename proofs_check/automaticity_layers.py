"""The automaticity map's three-pile rows (issue 45): a layer per fixed first pile.

A three-pile game's P-positions ``(a, b, c)`` with the first pile ``a`` fixed form a set of
pairs ``{(b, c)}``, the *layer* ``a``. Fraenkel's conjectures for his three-pile game
(``fraenkel-wythoff3``; Sun and Zeilberger, Ann. Comb. 8, 2004, prove them for ``a <= 10``)
are statements about one layer each, and a theorem "layer ``a`` is this automaton" would need
the layers ``0 .. a`` as automata in Zeckendorf numeration (the nim-sum move joins layers).
:func:`layer_entries` asks the first question: is layer ``a`` automatic within the window?
It reads every P-position with ``b, c`` below the window of ``length`` Zeckendorf digits (the
registry's ``p-box``, :mod:`fast.nheap`) and runs the learner
(:func:`decider.learn.learn_points`) on each layer, recording the class counts per prefix
length as the two-pile rows of :mod:`proofs_check.automaticity` do. A candidate is reported
as a candidate only: the generator has no three-pile moves, so nothing here is proved.

>>> from proofs_check.automaticity import Setting
>>> rows = layer_entries(Setting("fraenkel-wythoff3", 8, 3), 1)
>>> [(r["layer"], r["result"]) for r in rows]  # doctest: +NORMALIZE_WHITESPACE
[(0, 'candidate of 8 states, not proved (no three-pile moves in the generator)'),
 (1, 'not automatic within 55 rows')]
"""

from __future__ import annotations

import datetime
import time
from typing import Any

import numpy as np

from decider.learn import learn_points, window
from proofs_check.automaticity import Setting
from registry import question

__all__ = ["LAYERS", "layer_entries"]

#: The layers of the shipped map: the first pile a = 0 .. LAYERS (past the paper's a <= 10).
LAYERS = 13


def layer_entries(setting: Setting, layers: int, budget: float = 600.0) -> list[dict[str, Any]]:
    """One map entry (value 0) for each layer ``a = 0 .. layers`` of the three-pile game
    ``setting.game`` on the window of ``setting.length`` digits (see the module)."""
    top = window(setting.length)
    start = time.perf_counter()
    answer = question("p-box", setting.game)(x=layers + 1, y=top, z=top, budget=budget)
    box = np.asarray(answer.value)
    shared = time.perf_counter() - start
    out = []
    for a in range(layers + 1):
        begin = time.perf_counter()
        pts = np.argwhere(box[a]).astype(np.int64)
        learned = learn_points(pts, setting.length, setting.tests, setting.margin)
        row: dict[str, Any] = {
            "game": setting.game,
            "layer": a,
            "g": 0,
            "length": setting.length,
            "rows": top,
            "tests": setting.tests,
            "pairs": len(pts),
            "counts": learned.counts,
            "new": learned.new,
            "data": f"p-box ({answer.name}), every heap below {top}, {shared:.1f} s for all layers",
        }
        if learned.dfa is None:
            row["result"] = f"not automatic within {top} rows"
            row["why"] = learned.reason
        else:
            row["states"] = learned.dfa.states
            row["result"] = (f"candidate of {learned.dfa.states} states, not proved (no "
                             "three-pile moves in the generator)")  # fmt: skip
        row["seconds"] = round(time.perf_counter() - begin, 1)
        row["when"] = datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds")
        out.append(row)
    return out
