"""The automaticity map (issue 36, item 6): for each game and Grundy value ``g <= 3``, the set
``{G = g}`` proved with ``n`` states, or not automatic within ``N`` rows (the class counts).

For every game of :data:`GAMES` (Wythoff, R-Wythoff, E-Wythoff, Wythoff with a pass, the
terminal sets ``x + y <= K`` for K = 1 .. 10, k-blocking Wythoff for k = 2, 3) and every
``g = 0 .. 3``, :func:`entry` takes the engine's data on a window of Zeckendorf words of at
most ``L`` digits (``x, y < F_{L+2}`` rows; the registry's ``g-points`` where there is one,
else its ``grundy-table``, computed once per game), learns ``{G = g}``
(:func:`decider.learn.learn_points`) and, when an automaton appears, proves it for all
positions with the sentences of :mod:`proofs_check.automatic` (:func:`proofs_check.theorems.
replay`), the lower classes ``0 .. g - 1`` being the automata proved just before in the same
run. Each entry says one of

* ``proved``: the set is that automaton (``states``), for all positions;
* ``refuted``: the candidate is not the set (the least counterexample);
* ``not automatic within N rows``: no automaton within the data (the class counts per prefix
  length, and the learner's reason);
* ``not proved``: a candidate, but a lower class is not proved, or the game's rule has no
  first-order form for this question (a Grundy class of a game with a state; a counting rule
  has only P-positions).

A one-heap game (the game object's shape, :func:`spec.is_heap_game`) gets one entry, its
whole Grundy sequence learned as a word and proved by the mex recursion
(:mod:`proofs_check.automaticity_heaps`); a three-pile game a row per first pile
(:mod:`proofs_check.automaticity_layers`).

The command (resumable: the entries already in ``--out`` are kept and skipped; one front door
with ``grundy prove --learn``, plugins included)::

    grundy prove --automaticity --out proofs_check/automaticity_map.json \\
        [--games wythoff r-wythoff ...] [--values 0 1 2 3] [--budget SECONDS]

writes the map as JSON with the command, the machine and the time of each entry;
``--markdown`` prints the table of ``docs/proofs.md`` from it. A game not in :data:`GAMES`
(a plugin's) gets the window :func:`proofs_check.discovery.choose_length` picks.
"""

from __future__ import annotations

import datetime
import json
import os
import platform
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

import spec
from decider import DeciderError, Dfa
from decider.learn import Learned, learn_points
from proofs_check.automatic import NotCovered
from proofs_check.automaticity_heaps import HEAP_LENGTH, heap_entry, is_heap_setting
from proofs_check.data import DATA_SECONDS
from proofs_check.discovery import (
    choose_length,
    greedy_points,
    moved,
    other_layers,
    points,
    prove,
    window,
    window_tests,
)
from proofs_check.theorems import Theorem, replay
from registry import question
from registry.core import NoImplementation
from spec.piles3 import is_three_pile
from spec.tables import start_layer, states_of

__all__ = ["GAMES", "MAP", "Setting", "entry", "main", "markdown", "run", "settings"]

#: The shipped map (``grundy prove --automaticity --out`` this file; made with the former
#: ``python -m proofs_check.automaticity``, its recorded command).
MAP = Path(__file__).with_name("automaticity_map.json")


@dataclass(frozen=True)
class Setting:
    """A game of the map and its window: ``length`` digits, tests of ``tests``, ``margin``;
    a one-heap game's word is learned in ``numeration`` (a name of
    :data:`proofs_check.theorems_heaps.NUMERATIONS`)."""

    game: str
    length: int
    tests: int
    margin: int = 2
    numeration: str = "fibonacci"


#: The games of the map and their windows (the terminal sets' as their theorems were learned).
GAMES: tuple[Setting, ...] = (
    Setting("wythoff", 31, 12),
    Setting("r-wythoff", 17, 7),
    Setting("e-wythoff", 14, 5),
    Setting("wythoff-pass", 31, 12),  # its P-positions from the greedy over rows
    *(Setting(f"wythoff-terminal:{k}", 16, 6) for k in range(1, 6)),
    Setting("wythoff-terminal:6", 17, 7),
    Setting("wythoff-terminal:7", 18, 7),
    *(Setting(f"wythoff-terminal:{k}", 18, 8, 1) for k in range(8, 11)),
    Setting("blocking-wythoff:2", 16, 6),
    Setting("blocking-wythoff:3", 16, 6),
    # k = 4, 5: the window the budget chose (the greedy over rows), not automatic there
    *(Setting(f"blocking-wythoff:{k}", 31, 12) for k in (4, 5)),
    Setting("fibonacci-nim", 21, 8),  # a state game (n, r); g = 0..4 proved, 5 not within it
    Setting("fraenkel-wythoff3", 18, 8),  # a row per first pile (automaticity_layers)
    # one-heap games: the Grundy sequence as a word (automaticity_heaps), Larsson-Fox's window
    Setting("subtraction-set:fib-odd-minus-1", 16, 6),
    Setting("subtraction:1,2", 16, 6),
    Setting("octal:0.07", 16, 6),
    Setting("octal:0.77", 12, 5, numeration="binary"),  # Kayles: its splits need xor, base 2
)

Points = Callable[[int], npt.NDArray[np.int64]]


def _data(setting: Setting) -> tuple[Points, str]:
    """``g -> {(x, y) : G = g}`` on the window, and the data's source: the registry's
    ``g-points``, or the P-positions from its ``p-positions`` (the greedy over rows), or its
    ``grundy-table`` (computed once, on first use; the layer a game with a state starts in)."""
    subject = spec.get_game(setting.game)
    try:
        question("g-points", setting.game)
    except NoImplementation:
        pass
    else:
        return (lambda g: points(setting.game, g, setting.length)[0]), "fast.wsg (g-points)"
    top = window(setting.length)
    greedy = greedy_points(subject, top, None)
    cache: list[npt.NDArray[np.int64]] = []

    def at(g: int) -> npt.NDArray[np.int64]:
        if g == 0 and greedy is not None:
            return greedy[0]
        if not cache:
            table = question("grundy-table", subject)(size=top, budget=DATA_SECONDS)
            values = np.asarray(table.value)
            cache.append(values[start_layer(subject)] if values.ndim == 3 else values)
        return np.argwhere(cache[0] == g).astype(np.int64)

    source = "fast.row_greedy (p-positions) for g = 0, else " if greedy else ""
    return at, source + "grundy-table"


def _class_theorem(game: str, g: int) -> Theorem:
    """``{G = g}`` is ``learned(x, y)``, the classes below being ``k0 .. k{g-1}`` (given)."""
    lower = tuple((f"c{h}", "x y", f"k{h}(x, y)") for h in range(g))
    return Theorem(
        f"{game}-value-{g}-map",
        game,
        "the automaticity map (proofs_check.automaticity)",
        f"the positions of {game} of Grundy value {g} are the learned automaton",
        (*lower, ("s", "x y", "learned(x, y)")),
        value=g,
        lower=tuple(c for c, _, _ in lower),
    )


def _prove(setting: Setting, g: int, dfa: Dfa, proved: dict[int, Dfa]) -> dict[str, Any]:
    """Prove the candidate; the entry's verdict fields."""
    subject = spec.get_game(setting.game)
    if states_of(subject):
        window_of = Learned(dfa, [], [], setting.length, setting.tests, 0)
        others = other_layers(setting.game, 0, window_of, setting.margin)
        proof = prove(setting.game, dfa, 0, others)
    else:
        missing = [h for h in range(g) if h not in proved]
        if missing:
            return {"result": "not proved", "why": f"the lower class {missing[0]} is not proved"}
        given = {f"k{h}": proved[h] for h in range(g)}
        proof = replay(_class_theorem(setting.game, g), {**given, "learned": dfa})
    largest = max((s.states for s in proof.sentences), default=0)
    if proof.status == "proved":
        proved[g] = dfa
        return {"result": "proved", "largest": largest}
    failed = proof.failed
    where = failed.counterexample if failed is not None else None
    return {"result": "refuted", "largest": largest, "counterexample": where}


def entry(setting: Setting, g: int, data: Points, proved: dict[int, Dfa]) -> dict[str, Any]:
    """Learn ``{G = g}`` on the setting's window and prove it: one entry of the map."""
    start = time.perf_counter()
    subject = spec.get_game(setting.game)
    why = ""
    if g and subject.outcome_rule is not None:
        why = "no Grundy values (a counting rule: outcomes only)"
    elif g and states_of(subject):
        why = "not covered (the generator has no Grundy classes for a game with a state layer)"
    if why:
        return {"game": setting.game, "g": g, "length": setting.length, "counts": [],
                "rows": window(setting.length), "tests": setting.tests, "seconds": 0.0,
                "result": why}  # fmt: skip
    pts = data(g)
    learned = learn_points(pts, setting.length, setting.tests, setting.margin)
    out: dict[str, Any] = {
        "game": setting.game,
        "g": g,
        "length": setting.length,
        "rows": window(setting.length),
        "tests": setting.tests,
        "pairs": len(pts),
        "counts": learned.counts,
        "new": learned.new,
    }
    if learned.dfa is None:
        out["result"] = f"not automatic within {window(setting.length)} rows"
        out["why"] = learned.reason
    else:
        out["states"] = learned.dfa.states
        try:
            out.update(_prove(setting, g, learned.dfa, proved))
        except (NotCovered, DeciderError) as error:
            out.update({"result": "not proved", "why": str(error)})
    out["seconds"] = round(time.perf_counter() - start, 1)
    out["when"] = datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds")
    return out


def _machine() -> str:
    return f"{platform.node()} ({platform.machine()}, {os.cpu_count()} CPUs, {platform.system()})"


def settings(games: Sequence[str] | None, budget: float) -> list[Setting]:
    """The settings of ``games`` (default every one of :data:`GAMES`): the map's window for a
    game of the map, else the longest whose data fit ``budget`` seconds and the memory (in
    Fibonacci numeration); an unknown game: one line.

    >>> [s.length for s in settings(["r-wythoff"], 60.0)]
    [17]
    """
    from decider import Fibonacci

    known = {s.game: s for s in GAMES}
    out = []
    for game in games or list(known):
        if game in known:
            out.append(known[game])
            continue
        spec.get_game(game)  # an unknown game: one line (ValueError)
        if is_heap_setting(game):
            out.append(Setting(game, HEAP_LENGTH, window_tests(HEAP_LENGTH)))
            continue
        length = choose_length(game, 0, Fibonacci(), budget)
        out.append(Setting(game, length, window_tests(length)))
    return out


def run(settings: Sequence[Setting], values: Sequence[int], out: Path, budget: float) -> int:
    """Fill ``out`` game by game (resumable), stopping before a game once ``budget`` is spent."""
    found: dict[str, Any] = json.loads(out.read_text()) if out.exists() else {}
    found.setdefault("command", "grundy prove --automaticity --out " + out.name)
    entries: list[dict[str, Any]] = found.setdefault("entries", [])
    done = {(e["game"], e["g"]) for e in entries}
    start = time.perf_counter()
    for setting in settings:
        heap = is_heap_setting(setting.game)  # one entry, the whole sequence (any values)
        todo = [g for g in values if (setting.game, g) not in done]
        if not todo or (heap and setting.game in {game for game, _ in done}):
            continue
        if time.perf_counter() - start > budget:
            print(f"budget spent: {setting.game} and after left for the next run")
            break
        if heap:
            e = heap_entry(setting)
            entries.append({**e, "machine": _machine()})
            print(f"{setting.game} g={e['g']}: {e['result']} {e.get('states', '')} "
                  f"({e['seconds']} s)")  # fmt: skip
            out.write_text(json.dumps(found, indent=1) + "\n")
            continue
        if is_three_pile(setting.game):  # P-sets of the layers a = 0 .. LAYERS (issue 45)
            from proofs_check.automaticity_layers import LAYERS, layer_entries

            for e in layer_entries(setting, LAYERS) if 0 in todo else []:
                entries.append({**e, "machine": _machine()})
                print(f"{setting.game} a={e['layer']}: {e['result']} ({e['seconds']} s)")
            out.write_text(json.dumps(found, indent=1) + "\n")
            continue
        data, source = _data(setting)
        proved: dict[int, Dfa] = {}
        for g in range(max(todo) + 1):
            e = entry(setting, g, data, proved)
            e.update({"data": source, "machine": _machine()})
            e.setdefault("when", datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"))
            if g in todo:
                entries.append(e)
            print(f"{setting.game} g={g}: {e['result']} {e.get('states', '')} ({e['seconds']} s)")
            out.write_text(json.dumps(found, indent=1) + "\n")
    return 0


def markdown(found: dict[str, Any]) -> str:
    """The map as a Markdown table: one row per game and value."""
    lines = ["| game | g | result | states | window (rows) | tests | classes per prefix length |",
             "|---|---|---|---|---|---|---|"]  # fmt: skip
    for e in found["entries"]:
        states = f"{e['states']}" if "states" in e else ""
        result = e["result"] + (f" ({e['why']})" if e.get("why") and "not" in e["result"] else "")
        counts = " ".join(map(str, e["counts"]))
        game = f"`{e['game']}`" + (f", a = {e['layer']}" if "layer" in e else "")
        rows = f"{e['terms']} terms ({e['numeration']})" if "terms" in e else e["rows"]
        lines.append(f"| {game} | {e['g']} | {result} | {states} | {rows} | "
                     f"{e['tests']} | {counts} |")  # fmt: skip
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    """``python -m proofs_check.automaticity``: moved to ``grundy prove --automaticity``."""
    return moved("proofs_check.automaticity")


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
