"""Stand-alone check: exact int64 Beatty arrays.

The questions on rows, Fibonacci Nim outcomes and Beatty sequences are
registered in :mod:`registry.rows` (seed 003's row 3 is a published
implementation of ``row-values`` and ``row-periods`` there).
"""

from __future__ import annotations

import random

import numpy as np

from fast import beatty as fast_beatty
from grundy.cli.conformance import CheckResult, conformance_check
from reference import beatty as ref_beatty


def beatty_hard_cases() -> list[int]:
    """Fibonacci numbers +- 3 (n phi nearest an integer), N_MAX and its neighbours."""
    cases = {fast_beatty.N_MAX, fast_beatty.N_MAX - 1, 2**62, 2**62 - 1}
    for f in fast_beatty.FIBONACCI.tolist():
        for d in range(-3, 4):
            if 0 <= f + d <= fast_beatty.N_MAX:
                cases.add(f + d)
    return sorted(cases)


@conformance_check(
    name="floor(n phi) int64 exact",
    game="wythoff",
    implementation="fast.beatty vs reference.beatty",
    domain="2000 random n < 2^62, Fibonacci +- 3",
)
def beatty_int64() -> CheckResult:
    rng = random.Random(20021)
    cases = beatty_hard_cases() + [rng.randrange(2**62) for _ in range(2000)]
    fast = fast_beatty.lower_wythoff_array(np.array(cases, dtype=np.int64)).tolist()
    upper = fast_beatty.upper_wythoff_array(
        np.array([c for c in cases if c <= fast_beatty.N_MAX_UPPER], dtype=np.int64)
    ).tolist()
    for n, value in zip(cases, fast, strict=True):
        if value != ref_beatty.lower_wythoff(n):
            return CheckResult(
                False, len(cases), f"n = {n}: fast {value}, reference {ref_beatty.lower_wythoff(n)}"
            )
    for n, value in zip([c for c in cases if c <= fast_beatty.N_MAX_UPPER], upper, strict=True):
        if value != ref_beatty.upper_wythoff(n):
            return CheckResult(False, len(cases), f"upper n = {n}: fast {value}")
    return CheckResult(True, len(cases) + len(upper))


__all__ = ["beatty_hard_cases"]
