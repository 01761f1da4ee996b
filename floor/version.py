"""The package's version, read once from its installed metadata (written in pyproject.toml).

>>> from floor.version import __version__
>>> isinstance(__version__, str)
True
"""

from __future__ import annotations

from importlib.metadata import PackageNotFoundError
from importlib.metadata import version as _distribution_version

__all__ = ["__version__"]

try:  # the version is written once, in pyproject.toml
    __version__ = _distribution_version("grundy-wythoff")
except PackageNotFoundError:  # pragma: no cover - a source tree that was never installed
    __version__ = "0+unknown"
