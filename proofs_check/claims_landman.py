"""Claims of H. Landman (2002), seed 004: bounds on G and additive periodicity.

Landman writes G(m, n) with n the (fixed) row and m the position in it.
"""

from __future__ import annotations

from proofs_check import data
from proofs_check.claim import Param, Run, claim

SIZE = Param("size", 150, 80, 1, 2000, "table side: 0 <= m, n < size")
ROWS = Param("rows", 7, 5, 0, 12, "rows 0..rows are checked")
M_MAX = Param("m_max", 20000, 3000, 10, 1_000_000, "positions 0..m_max-1 of each row")


def wythoff_table(run: Run, size: int) -> list[list[int]]:
    """The Wythoff table from the data provider, recording the path."""
    table, path = data.grundy_table("wythoff", size)
    run.used(path)
    return table


@claim(
    "landman-lemma-1",
    source="004 §2 Lemma 1",
    kind="lemma",
    statement="In Wythoff's game the Grundy value is at most the total number of tokens.",
    formula="G(m, n) <= m + n",
    params=(SIZE,),
    family="landman",
)
def landman_lemma_1(run: Run, size: int) -> None:
    table = wythoff_table(run, size)
    for m in range(size):
        for n in range(size):
            run.bound("m + n - G(m,n) >= 0", m + n - table[m][n], m=m, n=n, G=table[m][n])


@claim(
    "landman-lemma-2",
    source="004 §2 Lemma 2",
    kind="lemma",
    statement="In Wythoff's game G(m, n) >= m - 2n.",
    formula="G(m, n) >= m - 2n",
    params=(SIZE,),
    family="landman",
)
def landman_lemma_2(run: Run, size: int) -> None:
    table = wythoff_table(run, size)
    for m in range(size):
        for n in range(size):
            g = table[m][n]
            run.bound("G(m,n) - (m - 2n) >= 0", g - (m - 2 * n), m=m, n=n, G=g)


@claim(
    "landman-h-range",
    source="004 §3 (from Lemmas 1 and 2)",
    kind="corollary",
    statement="H(m, n) = G(m, n) - m + 2n lies in 0..3n, so a row is a bounded sequence.",
    formula="0 <= H(m, n) <= 3n",
    params=(SIZE,),
    family="landman",
)
def landman_h_range(run: Run, size: int) -> None:
    table = wythoff_table(run, size)
    for m in range(size):
        for n in range(size):
            h = table[m][n] - m + 2 * n
            run.bound("H(m,n) >= 0", h, m=m, n=n, H=h)
            run.bound("3n - H(m,n) >= 0", 3 * n - h, m=m, n=n, H=h)


def check_row_periodicity(run: Run, game: str, rows: int, m_max: int) -> None:
    """Every row 0..rows: additively periodic, proved by a repeated machine state.

    For each row the machine state (data.row_period) must repeat below m_max
    (else inconclusive); the minimal preperiod p0, period p and saltus s found
    are then re-verified on every computed position: G(k, m + p) = G(k, m) + s
    for p0 <= m < m_max - p, and the first position m = p0 - 1 must break it.
    """
    table = data.rows_table(game, rows, m_max)
    missing = []
    for k in range(rows + 1):
        found, path = data.row_period(game, k, m_max)
        run.used(path)
        if found is None:
            missing.append(k)
            continue
        pre, period, saltus = found["preperiod"], found["period"], found["saltus"]
        run.observe(
            f"row {k}",
            preperiod=pre,
            period=period,
            saltus=saltus,
        )
        row = table[k]
        for m in range(pre, m_max - period):
            if not run.fact(
                "G(k, m+p) = G(k, m) + s",
                row[m + period] == row[m] + saltus,
                k=k,
                m=m,
                p=period,
                s=saltus,
                G_m=row[m],
                G_mp=row[m + period],
            ):
                break
        if pre > 0:
            run.fact(
                "preperiod is minimal",
                row[pre - 1 + period] != row[pre - 1] + saltus,
                k=k,
                m=pre - 1,
                p=period,
            )
    if missing:
        run.inconclusive(
            f"no repeated state below m_max = {m_max} for rows {missing}; raise --m_max"
        )


@claim(
    "landman-row-periodicity",
    source="004 §3 (main theorem); 003 row-3 example",
    kind="theorem",
    statement=(
        "Every row of Wythoff's G is additively periodic: G(m + p, n) = G(m, n) + p "
        "for m >= preperiod (H is periodic); the period is proved by a repeated FSM state."
    ),
    formula="exists p0, p: H(m + p, n) = H(m, n) for all m >= p0",
    params=(ROWS, M_MAX),
    family="landman",
)
def landman_row_periodicity(run: Run, rows: int, m_max: int) -> None:
    check_row_periodicity(run, "wythoff", rows, m_max)
