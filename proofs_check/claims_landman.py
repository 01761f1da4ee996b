"""Claims of H. Landman (2002), seed 004: bounds on G and additive periodicity.

Landman writes G(m, n) with n the (fixed) row and m the position in it.
"""

from __future__ import annotations

from collections.abc import Callable

from proofs_check import data
from proofs_check.claim import Param, PointBound, Run, check_bounds, claim, declare

SIZE = Param("size", 150, 80, 1, 2000, "table side: 0 <= m, n < size")
ROWS = Param("rows", 7, 5, 0, 12, "rows 0..rows are checked")
M_MAX = Param("m_max", 20000, 3000, 10, 1_000_000, "positions 0..m_max-1 of each row")


def grundy_table(run: Run, game: str, size: int) -> list[list[int]]:
    """``game``'s Grundy table, side ``size``, from the data provider, recording the path."""
    table, path = data.grundy_table(game, size)
    run.used(path)
    return table


def table_bounds_claim(
    claim_id: str,
    source: str,
    kind: str,
    statement: str,
    formula: str,
    *bounds: PointBound,
    game: str = "wythoff",
    axes: str = "m n",
    upper: bool = False,
    size: Param = SIZE,
    module: str = __name__,
) -> Callable[..., None]:
    """A claim that every cell (x, y), x, y < size (y >= x if ``upper``), of ``game``'s Grundy
    table meets ``bounds``: slacks of (x, y, G(x, y)); the quantities a witness names are the
    ``axes`` (x's and y's names), G, and Landman's H = G - x + 2y (004 §3). ``size``: the
    table side's parameter; ``module``: the claims module that lists the claim."""
    x_name, y_name = axes.split()

    def check(run: Run, size: int) -> None:
        table = grundy_table(run, game, size)
        for x in range(size):
            for y in range(x if upper else 0, size):
                g = table[x][y]
                cell = {x_name: x, y_name: y, "G": g, "H": g - x + 2 * y}
                check_bounds(run, bounds, cell, x, y, g)

    return declare(check, claim_id, source, kind, statement, formula, params=(size,),
                   module=module)  # fmt: skip


landman_lemma_1 = table_bounds_claim(
    "landman-lemma-1",
    "004 §2 Lemma 1",
    "lemma",
    "In Wythoff's game the Grundy value is at most the total number of tokens.",
    "G(m, n) <= m + n",
    ("m + n - G(m,n) >= 0", lambda m, n, g: m + n - g, "m n G"),
)
landman_lemma_2 = table_bounds_claim(
    "landman-lemma-2",
    "004 §2 Lemma 2",
    "lemma",
    "In Wythoff's game G(m, n) >= m - 2n.",
    "G(m, n) >= m - 2n",
    ("G(m,n) - (m - 2n) >= 0", lambda m, n, g: g - (m - 2 * n), "m n G"),
)
landman_h_range = table_bounds_claim(
    "landman-h-range",
    "004 §3 (from Lemmas 1 and 2)",
    "corollary",
    "H(m, n) = G(m, n) - m + 2n lies in 0..3n, so a row is a bounded sequence.",
    "0 <= H(m, n) <= 3n",
    ("H(m,n) >= 0", lambda m, n, g: g - m + 2 * n, "m n H"),
    ("3n - H(m,n) >= 0", lambda m, n, g: 3 * n - (g - m + 2 * n), "m n H"),
)


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
