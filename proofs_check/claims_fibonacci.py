"""Claims of I. Suriyaprakash (2021), seed 002: Fibonacci Nim and Zeckendorf.

A position (n, r): n tokens, at most r may be taken; z_1(n) is the smallest
part of n's Zeckendorf representation. Fibonacci numbers are indexed
F_1 = F_2 = 1, F_3 = 2, ...; a Zeckendorf part F_t has t >= 2.
"""

from __future__ import annotations

from collections.abc import Callable

import spec
from proofs_check import data
from proofs_check.claim import Param, Run, claim, declare

N = Param("n", 80, 40, 1, 400, "tokens 1..n")


def _z1(run: Run, n: int) -> int:
    value, path = data.zeckendorf_z1(n)
    run.used(path)
    return value


def _fib_index(value: int) -> int:
    """t >= 2 with F_t = value (F_2 = 1, F_3 = 2, F_4 = 3, ...)."""
    return data.fibonacci_numbers(value).index(value) + 2


def _spec_game(run: Run) -> spec.ImpartialGame:
    """Fibonacci Nim of the spec (the values from :func:`spec.grundy`), recorded as the data."""
    run.used("spec.grundy (fibonacci-nim)")
    return spec.get_game("fibonacci-nim")


def _fib(t: int) -> int:
    a, b = 1, 1  # F_1, F_2
    for _ in range(t - 1):
        a, b = b, a + b
    return a


@claim(
    "suriyaprakash-thm-3.2",
    source="002 §3 Theorem 3.2",
    kind="theorem",
    statement="A Fibonacci Nim position (n, r) is a P-position iff r < z_1(n).",
    formula="G(n, r) = 0 <=> r < z_1(n)",
    params=(N,),
    family="fibonacci",
)
def fibonacci_thm_3_2(run: Run, n: int) -> None:
    game = _spec_game(run)
    for tokens in range(1, n + 1):
        z1 = _z1(run, tokens)
        for r in range(0, tokens + 2):
            value = spec.grundy(game, (tokens, r))
            run.fact(
                "G(n,r) = 0 iff r < z_1(n)", (value == 0) == (r < z1), n=tokens, r=r, G=value, z1=z1
            )


@claim(
    "suriyaprakash-lemma-3.3",
    source="002 §3 Lemma 3.3 (from Larsson-Rubinstein-Salmon)",
    kind="lemma",
    statement="For n > 1 and 1 <= k < z_1(n) with z_1(k) = F_t, z_1(n - k) is F_{t+1} or F_{t-1}.",
    formula="1 <= k < z_1(n), z_1(k) = F_t => z_1(n-k) ∈ {F_{t-1}, F_{t+1}}",
    params=(Param("n", 3000, 600, 2, 10**6, "n = 2..n"),),
    family="fibonacci",
)
def fibonacci_lemma_3_3(run: Run, n: int) -> None:
    z1 = [0] + [_z1(run, m) for m in range(1, n + 1)]
    for m in range(2, n + 1):
        for k in range(1, z1[m]):
            t = _fib_index(z1[k])
            allowed = (_fib(t - 1), _fib(t + 1))
            run.fact(
                "z_1(n-k) ∈ {F_(t-1), F_(t+1)}",
                z1[m - k] in allowed,
                n=m,
                k=k,
                z1_k=z1[k],
                t=t,
                z1_n_minus_k=z1[m - k],
                allowed=allowed,
            )
    run.note(
        "F_1 = F_2 = 1: for z_1(k) = 1 = F_2, F_(t-1) = F_1 = 1 (recomputed; the seed does "
        "not fix the indexing)"
    )


def _start_zero_claim(
    claim_id: str,
    source: str,
    statement: str,
    n_param: Param,
    starting_values: Callable[[Run, int], list[int]],
    observe: bool = False,
) -> Callable[..., None]:
    """A claim that the starting value G(n, n - 1) is 0 exactly for the Fibonacci n <= n,
    the values ``starting_values(run, n)[n]`` (and, with ``observe``, how many are 0)."""

    def check(run: Run, n: int) -> None:
        values = starting_values(run, n)
        fibs = set(data.fibonacci_numbers(n))
        for tokens in range(1, n + 1):
            value = values[tokens]
            is_fib = tokens in fibs
            run.fact("G(n,n-1) = 0 iff n Fibonacci", (value == 0) == is_fib, n=tokens, G=value,
                     fibonacci=is_fib)  # fmt: skip
        if observe:
            run.observe("starting values", n=n, zeros=values[1:].count(0), largest=max(values))

    formula = "G(n, n-1) = 0 <=> n ∈ {1, 2, 3, 5, 8, ...}"
    return declare(check, claim_id, source, "corollary", statement, formula, params=(n_param,),
                   family="fibonacci")  # fmt: skip


def _spec_starting_values(run: Run, n: int) -> list[int]:
    game = _spec_game(run)
    return [0] + [spec.grundy(game, (tokens, tokens - 1)) for tokens in range(1, n + 1)]


fibonacci_cor_3_3_1 = _start_zero_claim(
    "suriyaprakash-cor-3.3.1",
    "002 §3 Corollary 3.3.1",
    "The starting position (n, n - 1) is a P-position iff n is a Fibonacci number.",
    Param("n", 400, 150, 1, 2000, "n = 1..n"),
    _spec_starting_values,
)


def _starting_values(run: Run, n: int) -> list[int]:
    values, path = data.fibonacci_starting_values(n)
    run.used(f"{path} (registry question fibonacci-starting)")
    return values


#: n of the claims on the compiled starting values G(n, n - 1).
START_N = Param("n", 10**6, 3000, 1, 10**6, "n = 1..n")

fibonacci_start_zero = _start_zero_claim(
    "fibonacci-start-zero",
    "002 §3 Corollary 3.3.1 (from [LS15]: Larsson & Rubinstein-Salzedo)",
    "The starting value G(n, n - 1) is 0 exactly when n is a Fibonacci number "
    "(the first player wins every other game), to n = 10^6 by the compiled rows.",
    START_N,
    _starting_values,
    observe=True,
)


@claim(
    "larsson-rs-start-nondecreasing",
    source="002 [LS15]: Larsson & Rubinstein-Salzedo, Grundy values of Fibonacci nim (IJGT 2016)",
    kind="theorem",
    statement=(
        "With the Fibonacci n removed, the starting values G(n, n - 1) are nondecreasing in n."
    ),
    formula="n' < n both not Fibonacci, no non-Fibonacci between => G(n, n-1) >= G(n', n'-1)",
    params=(START_N,),
    family="fibonacci",
)
def larsson_rs_start_nondecreasing(run: Run, n: int) -> None:
    values = _starting_values(run, n)
    fibs = set(data.fibonacci_numbers(n))
    previous = None
    label = "G(n, n-1) - G(n', n'-1) >= 0"
    steps = 0
    for tokens in range(1, n + 1):
        if tokens in fibs:
            continue
        if previous is not None:
            before = values[previous]
            slack = values[tokens] - before
            steps += slack > 0
            run.bound(label, slack, n=tokens, G=values[tokens], n_prev=previous, G_prev=before)
        previous = tokens
    run.observe("growth", n=n, increases=steps, largest=max(values))
    run.note("n' is the non-Fibonacci number before n; --tighten 1 checks 'strictly increasing'")


@claim(
    "suriyaprakash-zeckendorf",
    source="002 §3 Theorem 3.1 (Zeckendorf)",
    kind="theorem",
    statement=(
        "Every positive integer is a sum of distinct, pairwise non-consecutive Fibonacci numbers "
        "in exactly one way."
    ),
    formula="#{Zeckendorf representations of n} = 1",
    params=(Param("n", 3000, 600, 1, 10**5, "n = 1..n"),),
    family="fibonacci",
)
def fibonacci_zeckendorf(run: Run, n: int) -> None:
    run.used("proofs_check.data.zeckendorf_representations (exhaustive count)")
    for m in range(1, n + 1):
        count = data.zeckendorf_representations(m)
        if not run.fact("exactly one representation", count == 1, n=m, representations=count):
            break
