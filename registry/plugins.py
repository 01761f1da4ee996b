"""Plugins: user modules that add games, implementations, checks and claims.

A plugin is an ordinary Python module, loaded by :func:`load_plugins`
before the first question of the front door (``grundy.value`` ...) and by
every ``grundy`` command (``import grundy`` alone loads nothing): the
comma-separated module names in ``$GRUNDY_PLUGINS`` (the current directory
searched first) and the entry points of group ``grundy.plugins`` (and the
older ``grundy.games``); docs/adding-a-game.md shows it step by step. It
registers, each through one documented call, games (``@spec.register_game``,
``spec.register_family``), implementations of a question
(:func:`registry.register_implementation`, or for every game with a
capability :func:`registry.register_provider`; one that would become the
default of a built-in question needs ``shadow=True``, and conformance
still compares the two), questions (:func:`registry.register_question`),
conformance checks (:func:`grundy.cli.conformance.conformance_check`) and
claims (:func:`proofs_check.claim.claim`: the claims declared in a plugin
module, :func:`plugin_modules`, join :func:`proofs_check.catalogue.load_claims`).

Examples
--------
>>> load_plugins(environ={})
[]
"""

from __future__ import annotations

import importlib
import os
import sys
from collections.abc import Callable, Mapping
from functools import partial
from types import ModuleType

from floor.config import plugin_names

__all__ = ["PluginError", "load_plugins", "plugin_modules"]

#: Modules already imported as plugins.
_LOADED: list[str] = []


class PluginError(ValueError):
    """A plugin named in ``$GRUNDY_PLUGINS`` could not be imported (the message says why)."""


def load_plugins(environ: Mapping[str, str] | None = None) -> list[str]:
    """Import the plugins named in ``$GRUNDY_PLUGINS`` and the installed entry points.

    Returns the names of the modules imported by this call (a module is
    imported once per process).

    Raises
    ------
    PluginError
        If a named module cannot be imported; the message names it and the error.
    """
    from importlib.metadata import entry_points

    loaded: list[str] = []

    def once(name: str, load: Callable[[], object]) -> None:
        if name not in _LOADED:
            load()
            _LOADED.append(name)
            loaded.append(name)

    for group in ("grundy.plugins", "grundy.games"):
        for entry in entry_points(group=group):
            once(entry.value, entry.load)
    names = plugin_names(environ)
    if names and "" not in sys.path and os.getcwd() not in sys.path:
        sys.path.insert(0, os.getcwd())
    for name in names:
        try:
            once(name, partial(importlib.import_module, name))
        except Exception as error:
            raise PluginError(
                f"GRUNDY_PLUGINS: cannot import {name!r}: {type(error).__name__}: {error}"
            ) from None
    return loaded


def plugin_modules() -> tuple[ModuleType, ...]:
    """The modules imported as plugins so far, in the order they were loaded (an entry
    point ``package.module:attribute`` counts as its module)."""
    names = dict.fromkeys(name.partition(":")[0] for name in _LOADED)
    return tuple(sys.modules[name] for name in names if name in sys.modules)
