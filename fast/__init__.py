"""Compiled (numba) and vectorized (numpy) twins of the reference algorithms.

Every kernel agrees with :mod:`reference` and :mod:`spec` (tests prove it);
all kernels run as plain Python under ``NUMBA_DISABLE_JIT=1``.
"""

from fast._cache import install as _tolerate_damaged_caches

_tolerate_damaged_caches()  # a damaged numba cache file is a miss, never a traceback
