"""The one registry of questions and implementations.

Everything that computes a Grundy value, a table, a g-value sequence, a
period or a convergence time gets it here, through a question's door: the
CLI, the conformance report, the claims of :mod:`proofs_check`, the
experiments and the front door :mod:`grundy`. The layers below (``spec``,
``reference``, ``fast``) never import it.

Its machinery is :mod:`registry.core` (the public names re-exported
here); the other modules register the built-in questions and their
implementations (docs/architecture.md maps them), :mod:`registry.answers`
holds the answer types, :mod:`registry.records` the records of certificates,
refusals and method tables, and :mod:`registry.plugins` loads user modules.

The built-in registrations are loaded when this package is imported, and
the registry is sealed (a later registration that would replace a default
needs ``shadow=True``). Plugins are loaded by :func:`load_plugins`, which
the front door calls before its first question and the CLI at start-up.

Examples
--------
>>> import registry
>>> registry.question("grundy-table", "wythoff").choose(size=100).name
'fast.tables'
>>> registry.ask("grundy-table", "wythoff", size=3).tolist()
[[0, 1, 2], [1, 2, 0], [2, 0, 1]]
>>> registry.question("grundy-table", "nim")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
registry.core.NoImplementation: no implementation answers 'grundy-table' for game 'nim' (spec: ...
"""

from __future__ import annotations

import importlib
from typing import Any

import spec
from registry import core
from registry.core import *  # noqa: F403  (the public names of registry.core)
from registry.core import _KINDS, QUESTIONS, Question, as_game, get_question, seal
from registry.plugins import PluginError, load_plugins

__all__ = [
    "FAMILY_EXAMPLES", "REGISTRATIONS", "PluginError", "all_questions", "conformance_games",
    "load_plugins",
]  # fmt: skip
__all__ += core.__all__

#: The modules that register the built-in questions, implementations and providers, in the
#: order they register: the one list (a new module of registrations joins it, where its
#: registrations belong in the order; ``tests/test_registry_list.py`` checks that every
#: module that registers is here, and that they register in this order). The order is the
#: order of registration, which breaks ties of the resolver (docs/architecture.md) and orders
#: the method tables (``value``: ``cube`` after ``spec``, ``nim-sequence`` after ``cube``).
REGISTRATIONS = (
    "registry.rows",  # rows, the atlas, Fibonacci Nim outcomes, Beatty sequences
    "registry.tables",  # grundy-table, grundy-block, followers
    "registry.periods",  # period, row-certificate
    "registry.sequences",  # g-points, nth-gvalue, row-hpoints, fsw-convergence
    "registry.positions",  # value, moves, genus, heap-values, value-methods
    "registry.cube",  # issue 38: three-pile games
    "registry.fibonacci",  # Fibonacci Nim's kernels
    "registry.heaps",  # issue 38: one-heap games
    "registry.layers",  # issue 28: games with a state (names only)
    "registry.ppositions",  # issue 28: P-positions row by row
)
for _module in REGISTRATIONS:
    importlib.import_module(_module)


#: Family members that conformance asks about besides the registered games (each
#: family's own example is added): Wythoff as a NimHof game and as 1-Wythoff, the
#: 4-rule NimHof game of the engine benchmark, a-Wythoff for a = 2, 3.
FAMILY_EXAMPLES = [
    "nimhof:1,0/0,1/1,1",
    "nimhof:1,0/1,1/1,2/0,1",
    "a-wythoff:1",
    "a-wythoff:2",
    "a-wythoff:3",
]


def conformance_games() -> list[str]:
    """The games conformance asks every question about, by canonical name.

    The registered games (plugin games too), each family's example and
    :data:`FAMILY_EXAMPLES`.
    """
    names = set(spec.GAMES)
    for text in [*FAMILY_EXAMPLES, *(f.example for f in spec.FAMILIES.values() if f.example)]:
        names.add(as_game(text).describe())
    return sorted(names)


def all_questions(games: list[str] | None = None) -> list[Question[Any]]:
    """Every question: the registered ones and, for each game, those its providers build.

    ``games`` defaults to :func:`conformance_games`.
    """
    subjects = [as_game(name) for name in (conformance_games() if games is None else games)]
    for kind in (k for k, q in _KINDS.items() if q.checked):
        for game in subjects:
            get_question(kind, game)
    return [q for q in QUESTIONS.values() if q.checked]


seal()
