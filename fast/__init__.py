"""Compiled (numba) and vectorized (numpy) twins of the reference algorithms.

Every kernel agrees with :mod:`reference` and :mod:`spec` (tests prove it);
all kernels run as plain Python under ``NUMBA_DISABLE_JIT=1``.
"""
