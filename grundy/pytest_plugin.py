"""The pytest plugin of grundy-wythoff: ``python -m pytest --grundy-plugins MODULE``.

Installed with the package (entry point ``pytest11``), so the option works
in any directory, not only in this repository:

* ``--grundy-plugins MODULE[,MODULE...]`` (or ``$GRUNDY_PLUGINS``) imports
  the plugin modules (the current directory is on the path) before the
  tests are collected, as the command line does;
* from a directory of your own (no test paths given), the run collects the
  property tests of the games those modules register
  (:mod:`grundy.cli.plugin_tests`): followers are positions, winning moves lead
  to 0, 000 Lemmas 1.2 and 1.3, the Sprague-Grundy theorem, and every
  registered implementation of the game against the spec (the conformance
  rows, compiled rules included);
* in this repository the plugin games also join every property test drawn
  over ``registry.conformance_games()`` (tests/strategies.py).

Examples
--------
In a directory holding ``knight_wythoff.py`` (docs/adding-a-game.md)::

    python -m pytest --grundy-plugins knight_wythoff

Needs the test extra (``pip install 'grundy-wythoff[test]'``: pytest, hypothesis).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from floor.config import GRUNDY_PLUGINS, plugins_text

__all__ = ["PLUGIN_GAMES", "pytest_addoption", "pytest_configure"]

#: The games (canonical names) that the plugin modules of this run registered.
PLUGIN_GAMES: list[str] = []


def pytest_addoption(parser: Any) -> None:
    group = parser.getgroup("grundy", "grundy-wythoff")
    group.addoption(
        "--grundy-plugins",
        default=None,
        metavar="MODULE[,MODULE...]",
        help="plugin modules whose games join the property tests (the same as "
        "$GRUNDY_PLUGINS); from a directory of your own, their games' property tests run",
    )


def pytest_configure(config: Any) -> None:
    names = config.getoption("--grundy-plugins") or plugins_text()
    if not names:
        return
    from registry import PluginError, conformance_games, load_plugins

    before = set(conformance_games())
    try:
        load_plugins({GRUNDY_PLUGINS.name: names})
    except PluginError as error:
        import pytest

        raise pytest.UsageError(str(error)) from None
    PLUGIN_GAMES[:] = sorted(set(conformance_games()) - before)
    tests = str(Path(__file__).with_name("cli") / "plugin_tests.py")
    explicit = getattr(config, "args_source", None) == config.ArgsSource.ARGS
    if not explicit and tests not in config.args:
        config.args.append(tests)
