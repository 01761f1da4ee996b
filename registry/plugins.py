"""Plugins: user modules that add games, implementations, checks and claims.

A plugin is an ordinary Python module. It is loaded before the first
question of the front door (``grundy.value`` ...) and by every ``grundy``
command, through :func:`load_plugins` (``import grundy`` alone loads
nothing), from

* the comma-separated module names in ``$GRUNDY_PLUGINS`` (the current
  directory is searched first, so ``GRUNDY_PLUGINS=mymodule`` finds
  ``./mymodule.py``), and
* the entry points of group ``grundy.plugins`` (and the older
  ``grundy.games``) of installed packages.

What a plugin may register, each through one documented call:

* games: ``@spec.register_game`` (or ``spec.register_family`` where the
  spec offers it);
* implementations of a question: :func:`registry.register_implementation`
  or, for every game with a capability, :func:`registry.register_provider`.
  A registration that would become the default of a built-in question is
  refused unless it passes ``shadow=True``; the default stays registered, so
  ``grundy conformance`` still compares the two;
* questions: :func:`registry.register_question`;
* conformance checks: :func:`grundy.conformance.conformance_check`;
* claims: :func:`proofs_check.claim.claim`.

Examples
--------
>>> import os
>>> loaded = load_plugins(environ={})
>>> loaded
[]
"""

from __future__ import annotations

import importlib
import os
import sys
from collections.abc import Mapping

__all__ = ["PluginError", "load_plugins"]

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

    env = os.environ if environ is None else environ
    loaded = []
    for group in ("grundy.plugins", "grundy.games"):
        for entry in entry_points(group=group):
            if entry.value not in _LOADED:
                entry.load()
                _LOADED.append(entry.value)
                loaded.append(entry.value)
    names = [n.strip() for n in env.get("GRUNDY_PLUGINS", "").split(",") if n.strip()]
    if names and "" not in sys.path and os.getcwd() not in sys.path:
        sys.path.insert(0, os.getcwd())
    for name in names:
        if name in _LOADED:
            continue
        try:
            importlib.import_module(name)
        except Exception as error:
            raise PluginError(
                f"GRUNDY_PLUGINS: cannot import {name!r}: {type(error).__name__}: {error}"
            ) from None
        _LOADED.append(name)
        loaded.append(name)
    return loaded
