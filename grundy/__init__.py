"""grundy: the Sprague-Grundy theory of Wythoff's game and its relatives, executable.

The front door (:mod:`grundy.api`) answers a researcher's questions by the
fastest sound method: ``grundy.value``, ``grundy.moves``, ``grundy.table``,
``grundy.gvalues``, ``grundy.period``, ``grundy.sequence``, ``grundy.check``; ``value``,
``moves`` and ``period`` also say how (the method and its certificate).
They are imported on first use, so ``import grundy`` stays cheap; so are
:mod:`grundy.plot` (figures as matplotlib objects) and :mod:`grundy.display`
(the tables answers show in Jupyter).

>>> import grundy
>>> grundy.value("wythoff", (3, 5)).outcome
'P'
"""

from __future__ import annotations

from typing import Any

from floor.version import __version__

__all__ = ["__version__", "check", "gvalues", "moves", "period", "sequence", "table", "value"]

_API = {"check", "gvalues", "moves", "period", "sequence", "table", "value"}


def __getattr__(name: str) -> Any:
    if name in _API:
        from grundy import api

        return getattr(api, name)
    if name in ("plot", "display"):  # figures and notebook renderings, also imported on first use
        import importlib

        return importlib.import_module(f"grundy.{name}")
    raise AttributeError(f"module 'grundy' has no attribute {name!r}")
