"""The independent verifier of a checkpointed strip run (``grundy verify DIR``).

It shares no code with the strip it checks (``fast.strip``): :mod:`verify.strip`
is its own strip, in plain numba; :mod:`verify.run` re-checks a run's files,
segments and record with it, in chunks on Dask (:mod:`runs`). It reads
the run's files through :mod:`fast.strip.checkpoint`; nothing below it imports
it, and the command line reaches it from ``grundy/cli/commands/verify.py``.
"""
