"""A damaged numba cache is a cache miss: the kernel is compiled again and the cache rewritten.

Every kernel is compiled with ``cache=True`` (:mod:`fast._jit`), so numba reads
an index (``*.nbi``) and data (``*.nbc``) per function from ``__pycache__`` or
``$NUMBA_CACHE_DIR``. Numba writes them atomically, but a file can still be
damaged afterwards (a full disk, a copy cut short, a crash of the machine).
Numba then raises from its loader (``UnpicklingError: pickle data was
truncated``), and every command using the kernel failed with a traceback
(issue 30). With :func:`install` (done when :mod:`fast` is imported), a
damaged index reads as empty and a damaged entry as missing: numba compiles
the kernel and its next save overwrites the damaged files.

Examples
--------
>>> install()  # idempotent
>>> import numba.core.caching as caching
>>> getattr(caching.Cache.load_overload, "tolerates_damage", False)
True
"""

from __future__ import annotations

from typing import Any

__all__ = ["install"]


def install() -> None:
    """Make numba's cache loader treat damaged files as missing (see the module docstring)."""
    from numba.core import caching as numba_caching

    caching: Any = numba_caching  # untyped library
    if getattr(caching.Cache.load_overload, "tolerates_damage", False):
        return
    load_index: Any = caching.IndexDataCacheFile._load_index
    load_overload: Any = caching.Cache.load_overload

    def _load_index(self: Any) -> Any:
        try:
            return load_index(self)
        except Exception:  # truncated or garbage: numba rewrites the index on its next save
            return {}

    def _load_overload(self: Any, sig: Any, target_context: Any) -> Any:
        try:
            return load_overload(self, sig, target_context)
        except Exception:  # a damaged data file: compile again (the save overwrites it)
            return None

    _load_overload.tolerates_damage = True  # type: ignore[attr-defined]
    caching.IndexDataCacheFile._load_index = _load_index
    caching.Cache.load_overload = _load_overload
