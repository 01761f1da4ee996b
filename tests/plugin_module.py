"""A user's plugin module for a test: written to a folder and imported from it, as a user's
``GRUNDY_PLUGINS`` module would be, then forgotten with every game it registered.

The tests that write a plugin (its source a string in the test file, or a file a doc names)
use :func:`imported_plugin`, so that a game a plugin registers never leaks into the next test
and the folder never stays on ``sys.path``.
"""

from __future__ import annotations

import importlib
import os
import sys
import textwrap
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from types import ModuleType

import spec
from registry import QUESTIONS, unregister_question

__all__ = ["ROOT", "imported_plugin", "plugin_env"]

#: The repository's root (the folder the project's packages are imported from).
ROOT = Path(__file__).resolve().parents[1]


@contextmanager
def imported_plugin(
    directory: Path, module: str, source: str | None = None
) -> Iterator[ModuleType]:
    """The plugin ``module`` of ``directory`` imported here (``source``, dedented, written to
    ``directory/module.py`` first when given); afterwards the folder leaves ``sys.path`` and
    every game the module registered is unregistered, with its questions."""
    if source is not None:
        (directory / f"{module}.py").write_text(textwrap.dedent(source))
    before = set(spec.GAMES)
    sys.path.insert(0, str(directory))
    try:
        yield importlib.import_module(module)
    finally:
        sys.path.remove(str(directory))
        sys.modules.pop(module, None)
        for added in set(spec.GAMES) - before:  # every game the module registered
            spec.GAMES.pop(added, None)
            for key in [k for k in QUESTIONS if k.endswith(f":{added}")]:
                unregister_question(key)


def plugin_env(directory: Path, module: str, **extra: str) -> dict[str, str]:
    """This process's environment for a ``grundy`` subprocess that loads the plugin ``module``
    of ``directory`` (``GRUNDY_PLUGINS``), the project importable beside it; ``extra`` added."""
    pythonpath = os.pathsep.join([str(directory), str(ROOT)])
    return {**os.environ, "PYTHONPATH": pythonpath, "GRUNDY_PLUGINS": module, **extra}
