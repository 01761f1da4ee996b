"""Fraenkel's 3-heap Wythoff conjectures, proved by Sun and Zeilberger for a first heap <= 10,
checked here for a first heap <= 16 (``--heap``, up to 60).

**The game** (X. Sun, D. Zeilberger, *On Fraenkel's N-heap Wythoff's conjectures*,
Ann. Comb. 8 (2004), no. 2, abstract; ``fraenkel-wythoff3``): take any number of tokens
from one heap, or (a1, a2, a3) from the three heaps, 0 <= a_i <= A^i, not all 0, with
a1 xor a2 xor a3 = 0. Write the P-positions with the smallest heap fixed, A^1 = a, as
(a, A^2_n, A^3_n) with a <= A^2_n <= A^3_n and A^2_n < A^2_{n+1}.

**Fraenkel's conjectures**, as the abstract states them: (i) there is N_1 with
A^3_n = A^2_n + n for n > N_1; (ii) there are N_2 and alpha with
A^2_n = floor(n phi) + epsilon_n + alpha, -1 <= epsilon_n <= 1, for n > N_2. The paper
proves both for three heaps with the first heap up to 10 tokens.

**The index.** Counted from the first P-position (n = 0, 1, ...), the differences
A^3_n - A^2_n end up consecutive but start elsewhere (for a = 1 they are n + 3 from some
n on); the abstract's index is the difference itself (X. Sun, *Wythoff's sequence and
N-heap Wythoff's conjectures*, defines a Wythoff sequence by B_n - A_n = n, n >= n_0). So
with m_n = A^3_n - A^2_n, (i) says m_{n+1} = m_n + 1 for all n past some N_1, and (ii)
says d_n = A^2_n - floor(m_n phi) takes at most three consecutive values (alpha - 1,
alpha, alpha + 1) past some N_2.

**What is checked** (a finite range cannot show "eventually"): for every a <= ``heap``,
the P-positions with every heap below ``size`` (``p-box`` of the registry, compiled by
:mod:`fast.nheap`) give A^2_n complete while A^2_n < size / phi (the line (a, b) holds
exactly one P-position, found while it is below ``size``); on the *second half* of the
n's so found, (i) m_{n+1} - m_n = 1 for every n, and (ii) max d_n - min d_n <= 2. The
observed N_1 (the last n with m_{n+1} - m_n != 1) and the values of d_n are reported.
floor(m phi) is exact (:func:`reference.beatty.lower_wythoff`, isqrt).

The false variants (``--tighten 1``) are reported violated: (i)'s two inequalities hold
with no slack, and (ii)'s spread reaches 2 (at a = 7, for example) at the defaults.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from proofs_check.claim import Param, Run, declare
from reference.beatty import lower_wythoff
from registry.cube import smallest_heap_sequences

__all__: list[str] = []

GAME = "fraenkel-wythoff3"
SOURCE = (
    "Sun, Zeilberger, On Fraenkel's N-heap Wythoff's conjectures, Ann. Comb. 8 (2004), no. 2 "
    "(doi:10.1007/s00026-004-0217-3; abstract: the conjectures, proved for three heaps with the "
    "first up to 10)"
)
#: The default goes past the paper's range (a <= 10, proved there) to a <= 16: at size 6500
#: the second half of every a <= 19 holds both (a = 20 needs size 10000: at 6500 its d_n
#: still spread over 4 values).
HEAP = Param("heap", 16, 3, 0, 60, "the smallest heap a = 0..heap (the paper proves a <= 10)")
SIZE = Param("size", 6500, 600, 40, 20000, "P-positions with every heap below size")


def _sequences(run: Run, heap: int, size: int) -> dict[int, tuple[list[int], list[int]]]:
    """For each a <= heap: (A^2_n, A^3_n) for every n with A^2_n complete (module)."""
    name, found = smallest_heap_sequences(GAME, heap, size)
    run.used(f"registry.cube.smallest_heap_sequences (p-box:{GAME}, {name})")
    return found


def _steps(second: list[int], third: list[int]) -> list[int]:
    """m_{n+1} - m_n for n = 0 .. len - 2, with m_n = A^3_n - A^2_n."""
    m = [c - b for b, c in zip(second, third, strict=True)]
    return [m[n + 1] - m[n] for n in range(len(m) - 1)]


Found = dict[int, tuple[list[int], list[int]]]


def _conjecture_claim(
    part: str, statement: str, formula: str, least: int, check: Callable[[Run, Found], None]
) -> Callable[..., None]:
    """Fraenkel's conjecture ``part`` (Sun and Zeilberger's source), ``check``ed on the
    (A^2_n, A^3_n) of every a <= heap with at least ``least`` P-positions below size (the
    others leave the claim inconclusive)."""

    def check_sequences(run: Run, heap: int, size: int) -> None:
        found: Found = {}
        for a, (second, third) in _sequences(run, heap, size).items():
            if len(second) < least:
                run.inconclusive(f"a = {a}: fewer than {least} P-positions below size {size}")
            else:
                found[a] = (second, third)
        check(run, found)

    return declare(check_sequences, f"sz-fraenkel-conj-{part}", SOURCE, "theorem", statement,
                   formula, params=(HEAP, SIZE), family="piles3")  # fmt: skip


def _consecutive_differences(run: Run, found: Found) -> None:
    """(i): m_{n+1} - m_n = 1 on the second half of the n's; the observed N1 per a."""
    last: dict[int, Any] = {}
    for a, (second, third) in found.items():
        steps = _steps(second, third)
        for n in range(len(steps) // 2, len(steps)):
            run.bound("m_{n+1} - m_n >= 1", steps[n] - 1, a=a, n=n, A2=second[n], A3=third[n])
            run.bound("m_{n+1} - m_n <= 1", 1 - steps[n], a=a, n=n, A2=second[n], A3=third[n])
        exceptions = [n for n, s in enumerate(steps) if s != 1]
        last[a] = {
            "N1": max(exceptions, default=-1) + 1,
            "n_found": len(second),
            "m - n at the end": third[-1] - second[-1] - (len(second) - 1),
        }
    run.observe("N1 observed per a (the last n with m_n != m_{n-1} + 1)", **{
        f"a={a}": v for a, v in last.items()
    })  # fmt: skip
    run.note(
        "N1 observed per smallest heap a: "
        + ", ".join(f"a={a}: {v['N1']} of {v['n_found']} n's" for a, v in last.items())
    )


sz_fraenkel_conj_i = _conjecture_claim(
    "i",
    "Fraenkel's conjecture (i), 3 heaps: with the smallest heap a fixed, the "
    "differences m_n = A^3_n - A^2_n of the P-positions (a, A^2_n, A^3_n) are eventually "
    "consecutive integers (A^3_n = A^2_n + n in the paper's index); checked: m_{n+1} = "
    "m_n + 1 on the second half of the n's found with every heap below size.",
    "n >= n_max / 2 => (A^3_{n+1} - A^2_{n+1}) - (A^3_n - A^2_n) = 1",
    5,
    _consecutive_differences,
)


def _bounded_offsets(run: Run, found: Found) -> None:
    """(ii): d_n = A^2_n - floor(m_n phi) spreads over at most 3 values on the second half."""
    shown: dict[str, Any] = {}
    for a, (second, third) in found.items():
        half = len(second) // 2
        d = [b - lower_wythoff(c - b) for b, c in zip(second[half:], third[half:], strict=True)]
        spread = max(d) - min(d)
        run.bound("max d_n - min d_n <= 2 (n >= n_max / 2)", 2 - spread, a=a, low=min(d),
                  high=max(d), n_from=half, n_to=len(second) - 1)  # fmt: skip
        shown[f"a={a}"] = {"d values": sorted(set(d)), "alpha in": [max(d) - 1, min(d) + 1]}
    run.observe("d_n on the second half, and the alphas it allows", **shown)


sz_fraenkel_conj_ii = _conjecture_claim(
    "ii",
    "Fraenkel's conjecture (ii), 3 heaps: with the smallest heap a fixed, "
    "A^2_n = floor(m_n phi) + epsilon_n + alpha with -1 <= epsilon_n <= 1 eventually "
    "(m_n = A^3_n - A^2_n, the paper's index); checked: d_n = A^2_n - floor(m_n phi) takes "
    "values within a range of 2 on the second half of the n's found below size.",
    "n >= n_max / 2 => max d_n - min d_n <= 2, d_n = A^2_n - floor((A^3_n - A^2_n) phi)",
    4,
    _bounded_offsets,
)
