"""The command bodies per game shape: a command dispatches on the game's declared shape.

``grundy table``, ``structure``, ``period`` and ``sequence`` read a game the way its shape
says (:class:`spec.Shape`: G(n) of one heap, the table G[x, y] of two piles, the cube
G[x, y, z] of three). Each shape's bodies live in one module, which states the shapes it
serves (``SHAPES``) and its bodies by command (``BODIES``); :data:`SHAPE_MODULES` lists the
modules, most specific first, and :func:`body` picks the first that serves the game's shape
(:func:`spec.has`) and has a body for the command. The two-pile module
(:mod:`grundy.cli.two_piles`) serves two piles, a state layer and every game of no known shape
(a sum: the registry refuses it in one line), and is the body of a command another shape's
module does not give (a three-pile game's ``period`` asks the registry's ``period``, which
refuses it by its shape).

Adding a shape is one module with ``SHAPES`` and ``BODIES`` and its line in
:data:`SHAPE_MODULES` (``docs/architecture.md``, "Adding a shape"); no command changes.

Examples
--------
>>> import spec
>>> body("table", spec.get_game("octal:0.07")).__module__
'grundy.cli.heaps'
>>> body("table", spec.get_game("wythoff3")).__module__, body("period", spec.Wythoff3()).__module__
('grundy.cli.cube', 'grundy.cli.two_piles')
>>> body("sequence", spec.get_game("wythoff-pass")).__module__
'grundy.cli.two_piles'
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from types import ModuleType

import spec
from grundy.cli import cube, heaps, two_piles
from grundy.cli.parsing import parse_game

__all__ = ["COMMANDS", "SHAPE_MODULES", "Body", "body", "command", "run"]

#: A command's body for one shape: ``body(args, game) -> exit code``.
Body = Callable[[argparse.Namespace, spec.ImpartialGame], int]

#: The commands whose bodies depend on the shape.
COMMANDS = ("table", "structure", "period", "sequence")

#: The shape modules, most specific first; the last serves every shape (the fallback).
SHAPE_MODULES: tuple[ModuleType, ...] = (heaps, cube, two_piles)


def _check(module: ModuleType) -> None:
    """A shape module states its shapes and only bodies of :data:`COMMANDS` (at import)."""
    unknown = set(module.BODIES) - set(COMMANDS)
    if unknown or not isinstance(module.SHAPES, tuple):
        raise ValueError(f"{module.__name__}: SHAPES must be a tuple, BODIES keys in {COMMANDS}")


for _module in SHAPE_MODULES:
    _check(_module)
if set(SHAPE_MODULES[-1].BODIES) != set(COMMANDS):
    raise ValueError(f"{SHAPE_MODULES[-1].__name__}: the fallback must give every command")


def body(command: str, game: spec.ImpartialGame) -> Body:
    """The body of ``command`` for ``game``'s shape (see the module)."""
    for module in SHAPE_MODULES[:-1]:
        if command in module.BODIES and any(spec.has(game, s) for s in module.SHAPES):
            found: Body = module.BODIES[command]
            return found
    fallback: Body = SHAPE_MODULES[-1].BODIES[command]
    return fallback


def run(command: str, args: argparse.Namespace, game: spec.ImpartialGame) -> int:
    """Run ``command``'s body for ``game``'s shape."""
    return body(command, game)(args, game)


def command(name: str) -> Callable[[argparse.Namespace], int]:
    """The ``run`` of command ``name``: the game ``args.game`` (under misère play when the
    command has ``--misere`` and it is given), then :func:`run` by its shape."""

    def run_command(args: argparse.Namespace) -> int:
        game = parse_game(args.game, misere=getattr(args, "misere", False))
        return run(name, args, game)

    run_command.__name__ = run_command.__qualname__ = "run"
    run_command.__doc__ = f"``grundy {name}``: the game's {name}, by its shape."
    return run_command
