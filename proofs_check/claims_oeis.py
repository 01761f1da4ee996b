"""OEIS statements about Wythoff's rows, proved from certified row periods.

OEIS A004484 and A004485 are rows 3 and 4 of Wythoff's table (A004481),
a(n) = G(3, n) and G(4, n), offset 0. Each carries a linear recurrence that
Chai Wah Wu conjectured in 2021 from the listed terms:

- A004484: a(n) = a(n-1) + a(n-6) - a(n-7) for n > 14;
- A004485: a(n) = a(n-1) + a(n-12) - a(n-13) for n > 21.

**Proof from a certificate.** Let row X have the certified minimal
additive period (mu, p, s): G(X, m + p) = G(X, m) + s for every m >= mu
(the atlas, or the strip's equal normalised windows, docs/strip.md; Landman's
machine, 004 §3, gives the same). The recurrence with lag q says a(n) - a(n-q) =
a(n-1) - a(n-1-q), i.e. a(m + q) - a(m) is the same for every m >= N - q
when it holds for every n > N. If p divides q, a(m + q) - a(m) = (q/p) s
for every m >= mu, so the recurrence holds for every n > mu + q: for all
n > N as soon as N - q >= mu. The check records that bound (its slack
N - q - mu, 0 when the published threshold is the best possible; with mu
>= 1 the recurrence then fails at n = N, which is checked too), the
divisibility, and the listed terms against the computed row.
"""

from __future__ import annotations

from collections.abc import Callable

from proofs_check import data
from proofs_check.claim import Param, Run, declare
from reference.published import load_published

TERMS = Param("terms", 2000, 200, 30, 100_000, "terms of the row compared with the recurrence")


def _check_recurrence(run: Run, oeis_id: str, terms: int) -> None:
    entry = load_published("oeis_wythoff_rows")["sequences"][oeis_id]
    run.used(f"reference/data/oeis_wythoff_rows.json ({oeis_id})")
    row, lag, after, listed = entry["row"], entry["lag"], entry["after"], entry["terms"]
    length = max(terms, len(listed), after + lag + 2)
    values = data.rows_table("wythoff", row, length)[row]
    for n, published in enumerate(listed):
        run.fact("the listed terms are G(row, n)", values[n] == published, n=n, row=row,
                 listed=published, computed=values[n])  # fmt: skip
    found, path = data.row_period("wythoff", row, 10 * length)
    run.used(path)
    if found is None:
        run.inconclusive(f"no certified period of row {row}")
        return
    mu, p, s = found["preperiod"], found["period"], found["saltus"]
    run.observe(f"certified period of row {row}", preperiod=mu, period=p, saltus=s)
    run.fact("the minimal period p divides the lag q", lag % p == 0, row=row, p=p, q=lag)
    # The recurrence holds for every n > mu + q: for all n > N iff N - q >= mu.
    run.bound("N - q - mu >= 0 (proved for every n > N)", after - lag - mu, row=row, N=after,
              q=lag, mu=mu)  # fmt: skip
    for n in range(lag + 1, length):
        holds = values[n] == values[n - 1] + values[n - lag] - values[n - lag - 1]
        if n > after:
            run.fact("a(n) = a(n-1) + a(n-q) - a(n-q-1) for n > N", holds, n=n, q=lag)
        elif n == after and mu >= 1 and after - lag == mu:
            run.fact("the threshold is sharp: the recurrence fails at n = N", not holds, n=n)
    run.note(
        f"proved for every n > {after}: G({row}, m + {p}) = G({row}, m) + {s} for m >= {mu} "
        f"(certified), {p} divides {lag} and {after} - {lag} >= {mu}; terms n < {length} "
        "were also compared one by one"
    )


def _recurrence_claim(oeis_id: str, row: int, lag: int, after: int) -> Callable[..., None]:
    """The claim that OEIS ``oeis_id``, row ``row`` of Wythoff's table, satisfies Wu's
    recurrence a(n) = a(n-1) + a(n-lag) - a(n-lag-1) for n > ``after`` (one family, two rows).
    """

    def check(run: Run, terms: int) -> None:
        _check_recurrence(run, oeis_id, terms)

    return declare(
        check,
        f"oeis-{oeis_id.lower()}-recurrence",
        f"004 §3 (the certified period of Wythoff row {row}) settles OEIS {oeis_id} "
        "(conjectured by Chai Wah Wu, 2021)",
        "conjecture",
        f"Row {row} of Wythoff's game satisfies a(n) = a(n-1) + a(n-{lag}) - a(n-{lag + 1}) "
        f"for n > {after} (proved here from the certified period).",
        f"G({row}, n) = G({row}, n-1) + G({row}, n-{lag}) - G({row}, n-{lag + 1}), n > {after}",
        params=(TERMS,),
    )


oeis_a004484 = _recurrence_claim("A004484", row=3, lag=6, after=14)
oeis_a004485 = _recurrence_claim("A004485", row=4, lag=12, after=21)
