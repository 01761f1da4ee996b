"""Claims of Y. Jiao (2013), seed 001: the F-Wythoff game (and Remark 5's R-Wythoff).

T_j = ((a_n^j, b_n^j))_n are the j-positions with a <= b by increasing a
(Algorithm FWSG, 001 §3), d_n^j = b_n^j - a_n^j, and L_d^j the last index n
with d_n^j = d.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from proofs_check import data
from proofs_check.claim import Param, PointBound, Run, check_bounds, claim, declare
from proofs_check.claims_landman import check_row_periodicity, grundy_table, table_bounds_claim
from proofs_check.exact import QPhi
from reference import beatty
from reference.fwsg import slant_amounts

SIZE = Param("size", 150, 80, 1, 2000, "table side: 0 <= a, b < size")
J_MAX = Param("j", 10, 6, 0, 60, "Grundy values 0..j")
ROWS = Param("rows", 3000, 800, 1, 1_000_000, "rows of Algorithm FWSG (first coordinate < rows)")


def _fwsg(run: Run, j: int, rows: int) -> Any:
    result, path = data.f_t_sequences(j, rows)
    run.used(path)
    return result


def slant_followers(a: int, b: int) -> list[tuple[int, int]]:
    """The slant followers (a - i, b - i) of (a, b), a <= b, in F-Wythoff (001 §1).

    >>> slant_followers(3, 6), slant_followers(2, 3)
    ([(2, 5)], [])
    """
    return [(a - i, b - i) for i in slant_amounts(a, b)]


jiao_lemma_1 = table_bounds_claim(
    "jiao-lemma-1",
    "001 §2 Lemma 1",
    "lemma",
    "In F-Wythoff, b - 2a <= G(a, b) <= a + b (a <= b).",
    "b - 2a <= G(a,b) <= a + b",
    ("G - (b - 2a) >= 0", lambda a, b, g: g - (b - 2 * a), "a b G"),
    ("a + b - G >= 0", lambda a, b, g: a + b - g, "a b G"),
    game="f-wythoff",
    axes="a b",
    upper=True,
    size=SIZE,
    module=__name__,
)


def _slant_claim(
    claim_id: str,
    source: str,
    statement: str,
    formula: str,
    label: str,
    bound: Callable[[int], int],
    *notes: str,
) -> Callable[..., None]:
    """A lemma of 001 §2 that a slant follower of (a, b) exists only if b <= bound(a), checked
    on a = 0..a, b = a..a^2+a+2 with the spec's rule (:func:`slant_followers`)."""

    def check(run: Run, a: int) -> None:
        run.used("proofs_check.claims_jiao.slant_followers (the spec's rule)")
        for x in range(a + 1):
            for b in range(x, x * x + x + 3):
                for follower in slant_followers(x, b):
                    run.bound(label, bound(x) - b, a=x, b=b, follower=follower)
        for note in notes:
            run.note(note)

    a_max = Param("a", 60, 25, 0, 300, "a = 0..a, b = a..a^2+a+2")
    return declare(check, claim_id, source, "lemma", statement, formula, params=(a_max,))


jiao_lemma_2 = _slant_claim(
    "jiao-lemma-2",
    "001 §2 Lemma 2",
    "If (a - i, b - i) is a follower of (a, b) in F-Wythoff (a slant move), then b <= a^2.",
    "(a-i, b-i) ∈ F(a,b) => b <= a^2",
    "a^2 - b >= 0",
    lambda a: a * a,
)
jiao_remark_3 = _slant_claim(
    "jiao-remark-3",
    "001 §2 Remark 3",
    "Sharper: a slant follower of (a, b) exists only if b <= (a - 1)a.",
    "(a-i, b-i) ∈ F(a,b) => b <= (a-1)a",
    "(a-1)a - b >= 0",
    lambda a: (a - 1) * a,
    "the seed prints (b-i, a-i) ∈ F(a,b); read as the slant follower (a-i, b-i) of Lemma 2",
)


def check_diagonal_multiplicity(
    run: Run, table: list[list[int]], times: Callable[[int], int], name: str
) -> None:
    """Each value appears on diagonal d at most times(d) times (scan d, then a)."""
    size = len(table)
    for d in range(size):
        where: dict[int, list[int]] = {}
        for a in range(size - d):
            value = table[a][a + d]
            where.setdefault(value, []).append(a)
            run.bound(
                name,
                times(d) - len(where[value]),
                d=d,
                value=value,
                positions=[(x, x + d) for x in where[value]],
            )


@claim(
    "jiao-lemma-10",
    source="001 §3 Lemma 10",
    kind="lemma",
    statement="A value g appears at most d + 2 times on diagonal d: {G(a, a+d)}_a.",
    formula="#{a : G(a, a+d) = g} <= d + 2",
    params=(SIZE,),
    family="jiao",
)
def jiao_lemma_10(run: Run, size: int) -> None:
    table = grundy_table(run, "f-wythoff", size)
    check_diagonal_multiplicity(run, table, lambda d: d + 2, "d + 2 - count >= 0")


@claim(
    "jiao-ho-refuted",
    source="001 §1 and §3 (counterexample to Ho's Conjecture 15)",
    kind="refutation",
    statement=(
        "Ho's 'every value exactly once on every diagonal' fails: 9 = G(1,8) = G(3,10) = G(5,12)."
    ),
    formula="exists d, g: #{a : G(a, a+d) = g} >= 2",
    params=(SIZE,),
    family="jiao",
)
def jiao_ho_refuted(run: Run, size: int) -> None:
    table = grundy_table(run, "f-wythoff", size)
    if size <= 12:
        run.inconclusive("the published counterexample needs size >= 13")
        return
    values = [table[1][8], table[3][10], table[5][12]]
    run.fact("9 = G(1,8) = G(3,10) = G(5,12)", values == [9, 9, 9], values=values)
    on_diagonal_7 = [(a, a + 7) for a in range(size - 7) if table[a][a + 7] == 9]
    run.observe("value 9 on diagonal 7", positions=on_diagonal_7)
    first = None
    for d in range(size):
        seen: dict[int, int] = {}
        for a in range(size - d):
            value = table[a][a + d]
            if value in seen:
                first = {
                    "d": d,
                    "value": value,
                    "positions": [(seen[value], seen[value] + d), (a, a + d)],
                }
                break
            seen[value] = a
        if first:
            break
    run.observe("first repeated value (scan d, then a)", **(first or {}))
    run.fact("some value repeats on a diagonal", first is not None)


@claim(
    "jiao-thm-12",
    source="001 §3 Theorem 12",
    kind="theorem",
    statement="Every diagonal d holds every value j: some a has G(a, a + d) = j.",
    formula="for all d, j exists a: G(a, a+d) = j",
    params=(J_MAX, ROWS, Param("d", 40, 20, 0, 10**5, "diagonals 0..d")),
    family="jiao",
)
def jiao_thm_12(run: Run, j: int, rows: int, d: int) -> None:
    table = grundy_table(run, "f-wythoff", 13)  # the theorem's example: 9 on three diagonals
    run.fact(
        "001's example: G(1, 8) = G(3, 10) = G(5, 12) = 9",
        [table[1][8], table[3][10], table[5][12]] == [9, 9, 9],
        values=[table[1][8], table[3][10], table[5][12]],
    )
    result = _fwsg(run, j, rows)
    missing = []
    for value in range(j + 1):
        diagonals: dict[int, int] = {}
        for a, b in result.T[value]:
            diagonals.setdefault(b - a, a)
        worst = 0
        for e in range(d + 1):
            run.cases += 1
            if e not in diagonals:
                missing.append((e, value))
            else:
                worst = max(worst, diagonals[e])
        run.observe(f"j={value}", largest_first_a=worst)
    if missing:
        run.inconclusive(f"(d, j) not found in rows < {rows} (no bound on where): {missing[:5]}")


def _t_bounds(run: Run, j: int, rows: int, bounds: tuple[PointBound, ...]) -> None:
    """Every point (a, b) = (a_n^j, b_n^j) of T_0 .. T_j meets ``bounds`` (of j, n, a, b)."""
    result = _fwsg(run, j, rows)
    for value in range(j + 1):
        for n, (a, b) in enumerate(result.T[value]):
            check_bounds(run, bounds, {"j": value, "n": n, "a": a, "b": b}, value, n, a, b)


def _t_bounds_claim(
    claim_id: str,
    source: str,
    kind: str,
    statement: str,
    formula: str,
    *bounds: PointBound,
    evidence: Callable[[Run, int, int], None] | None = None,
    expect: str = "holds",
) -> Callable[..., None]:
    """A claim of 001 §4 that every point of T_0, ..., T_j (rows < ``rows``) meets ``bounds``;
    ``evidence(run, j, rows)`` then reports more (a conjecture's observations)."""

    def check(run: Run, j: int, rows: int) -> None:
        _t_bounds(run, j, rows, bounds)
        if evidence is not None:
            evidence(run, j, rows)

    return declare(check, claim_id, source, kind, statement, formula, params=(J_MAX, ROWS),
                   expect=expect)  # fmt: skip


jiao_prop_13 = _t_bounds_claim(
    "jiao-prop-13",
    "001 §4 Proposition 13",
    "proposition",
    "n <= a_n^j <= 2n.",
    "n <= a_n^j <= 2n",
    ("a_n - n >= 0", lambda j, n, a, b: a - n, "j n a"),
    ("2n - a_n >= 0", lambda j, n, a, b: 2 * n - a, "j n a"),
)


@claim(
    "jiao-prop-14",
    source="001 §4 Proposition 14",
    kind="proposition",
    statement="The difference 0 occurs last in D_j at an index L_0^j <= j + 1.",
    formula="L_0^j <= j + 1",
    params=(J_MAX, ROWS),
    family="jiao",
)
def jiao_prop_14(run: Run, j: int, rows: int) -> None:
    result = _fwsg(run, j, rows)
    for value in range(j + 1):
        zeros = [n for n, (a, b) in enumerate(result.T[value]) if a == b]
        if not zeros:
            if rows > 2 * (value + 1):  # rows a_n <= 2n <= 2j + 2 are all computed
                run.fact("0 occurs in D_j among n <= j + 1", False, j=value)
            else:
                run.inconclusive(f"rows < {rows} too few for j = {value}")
            continue
        last = zeros[-1]
        run.bound(
            "j + 1 - L_0 >= 0", value + 1 - last, j=value, L_0=last, point=result.T[value][last]
        )


jiao_prop_16 = _t_bounds_claim(
    "jiao-prop-16",
    "001 §4 Proposition 16",
    "proposition",
    "d_n^j <= (n + 1)j + n.",
    "d_n^j <= (n+1)j + n",
    ("(n+1)j + n - d_n >= 0", lambda j, n, a, b: (n + 1) * j + n - (b - a), "j n a b"),
)
jiao_cor_17 = _t_bounds_claim(
    "jiao-cor-17",
    "001 §4 Corollary 17",
    "corollary",
    "n <= b_n^j <= 3n + (n + 1)j.",
    "n <= b_n^j <= 3n + (n+1)j",
    ("b_n - n >= 0", lambda j, n, a, b: b - n, "j n b"),
    ("3n + (n+1)j - b_n >= 0", lambda j, n, a, b: 3 * n + (n + 1) * j - b, "j n b"),
)

#: Remark 15's bound d_n^j >= n - (j + 1), the slack of (j, n, a, b).
REMARK_15: PointBound = ("d_n - n + j + 1 >= 0", lambda j, n, a, b: (b - a) - n + j + 1, "j n a b")


def _remark_15_evidence(run: Run, j: int, rows: int) -> None:
    """Per j: Remark 15's smallest slack and its violations; the known counterexamples."""
    result, _ = data.f_t_sequences(j, rows)
    slack = REMARK_15[1]
    for value in range(j + 1):
        slacks = [slack(value, n, a, b) for n, (a, b) in enumerate(result.T[value])]
        bad = [n for n, s in enumerate(slacks) if s < 0]
        run.observe(
            f"j={value}",
            min_slack=min(slacks, default=None),
            violations=len(bad),
            first_violation_n=bad[0] if bad else None,
        )
    run.note(f"evidence range: first coordinates < {rows}, j <= {j}")
    run.note(
        "known counterexamples (this project): j = 4, n = 28, (a, b) = (45, 67), d = 22: "
        "L_22^4 >= 28 > j + 1 + d = 27 (confirmed by the spec); j = 3 first fails at n = 158, "
        "(255, 408); j <= 2 and j = 9, 10 hold below row 3000"
    )


jiao_remark_15 = _t_bounds_claim(
    "jiao-remark-15",
    "001 §4 Remark 15",
    "conjecture",
    "L_d^j <= j + 1 + d for every d; equivalently d_n^j >= n - (j + 1) for every n.",
    "L_d^j <= j+1+d  <=>  d_n^j - n + j + 1 >= 0",
    REMARK_15,
    evidence=_remark_15_evidence,
    expect="violated",
)


@claim(
    "jiao-conj-18",
    source="001 §5 Conjecture 18 (with Theorem 19)",
    kind="conjecture",
    statement=(
        "b_n^j / a_n^j -> phi; reports max |b_n - phi a_n| and |d_n - n| (bounded |d_n - n| "
        "implies it)."
    ),
    formula="b_n^j / a_n^j -> φ",
    params=(
        J_MAX,
        ROWS,
        Param("delta", -1, -1, -1, 10**6, "test |d_n - n| <= delta (-1: only report)"),
    ),
    family="jiao",
)
def jiao_conj_18(run: Run, j: int, rows: int, delta: int) -> None:
    result = _fwsg(run, j, rows)
    for value in range(j + 1):
        points = result.T[value]
        half = len(points) // 2
        stats = {}
        for label, part in (("first half", range(half)), ("second half", range(half, len(points)))):
            worst_dev = QPhi(0, 0)
            worst_dn = 0
            for n in part:
                a, b = points[n]
                worst_dev = max(worst_dev, abs(QPhi(b, -a)))
                worst_dn = max(worst_dn, abs(b - a - n))
                if delta >= 0:
                    run.bound(
                        "delta - |d_n - n| >= 0", delta - abs(b - a - n), j=value, n=n, a=a, b=b
                    )
                else:
                    run.cases += 1
            stats[label] = {"max |b - φa|": worst_dev, "max |d - n|": worst_dn}
        run.observe(f"j={value}", points=len(points), **stats)
    if delta < 0:
        run.inconclusive(
            "asymptotic statement; evidence reported per j (pass --delta to test a bound)"
        )


def _translate_of_wythoff(points: list[tuple[int, int]], start: int) -> tuple[int, int, int] | None:
    """(k, s, t) with points[n] = (floor((n+k)φ) + s, floor((n+k)φ²) + t) for all n >= start."""
    tail = range(start, len(points))
    if not tail:
        return None
    for k in sorted(range(-start, 200), key=abs):
        n0 = start
        m0 = n0 + k
        if m0 < 0:
            continue
        s = points[n0][0] - beatty.lower_wythoff(m0)
        t = points[n0][1] - beatty.upper_wythoff(m0)
        if all(
            n + k >= 0
            and points[n] == (beatty.lower_wythoff(n + k) + s, beatty.upper_wythoff(n + k) + t)
            for n in tail
        ):
            return k, s, t
    return None


@claim(
    "jiao-conj-20",
    source="001 §5 Conjecture 20 (Ho's Question 9)",
    kind="conjecture",
    statement=(
        "For j > 2, T_j is not eventually a translate of Wythoff's P-positions (checked on the "
        "second half of the range)."
    ),
    formula="j > 2: no (s,t), finite S with T_j = S ∪ (P_Wythoff + (s,t))",
    params=(
        Param("j_min", 3, 3, 1, 60, "first j checked (1, 2 are Ho's translates)"),
        Param("j", 8, 5, 0, 60, "last j checked"),
        ROWS,
    ),
    family="jiao",
)
def jiao_conj_20(run: Run, j_min: int, j: int, rows: int) -> None:
    result = _fwsg(run, j, rows)
    fits = []
    for value in range(j_min, j + 1):
        points = result.T[value]
        start = len(points) // 2
        found = _translate_of_wythoff(points, start)
        run.cases += 1
        last_drop = max(
            (n for n in range(len(points) - 1) if points[n][1] > points[n + 1][1]), default=None
        )
        run.observe(
            f"j={value}",
            translate_of_tail=found,
            last_n_with_b_n_gt_b_n1=last_drop,
            points=len(points),
        )
        if found is not None:
            fits.append((value, found))
    if fits:
        run.inconclusive(
            f"the tail (second half) of T_j is a translate of Wythoff's P-positions "
            f"for (j, (k, s, t)) in {fits}"
        )
    else:
        run.note("no tail is a translate; an eventual translate beyond the range is not excluded")


@claim(
    "jiao-thm-4",
    source="001 §2 Theorem 4 (Ho's Conjecture 13)",
    kind="theorem",
    statement=(
        "Every column of F-Wythoff is additively periodic: G(a, b + p) = G(a, b) + p for b >= M."
    ),
    formula="exists M, p: G(a, b+p) = G(a, b) + p for b >= M",
    params=(
        Param("rows", 6, 5, 0, 10, "a = 0..rows"),
        Param("m_max", 20000, 3000, 10, 1_000_000, "b = 0..m_max-1"),
    ),
    family="jiao",
)
def jiao_thm_4(run: Run, rows: int, m_max: int) -> None:
    check_row_periodicity(run, "f-wythoff", rows, m_max)


@claim(
    "jiao-remark-5",
    source="001 §2 Remark 5 (Ho's R-Wythoff, Theorems 2.12-2.13 of Ho)",
    kind="lemma",
    statement=(
        "In R-Wythoff, b - 2a + 1 <= G(a, b) <= a + b - 1 for b >= a >= 4; reports where it "
        "holds for smaller a."
    ),
    formula="b >= a >= 4: b - 2a + 1 <= G(a,b) <= a + b - 1",
    params=(SIZE, Param("a_min", 4, 4, 0, 2000, "check rows a >= a_min")),
    family="jiao",
)
def jiao_remark_5(run: Run, size: int, a_min: int) -> None:
    table = grundy_table(run, "r-wythoff", size)
    failing_rows: dict[int, int] = {}
    for a in range(size):
        for b in range(a, size):
            g = table[a][b]
            ok = b - 2 * a + 1 <= g <= a + b - 1
            if not ok:
                failing_rows[a] = failing_rows.get(a, 0) + 1
            if a >= a_min:
                run.bound("G - (b - 2a + 1) >= 0", g - (b - 2 * a + 1), a=a, b=b, G=g)
                run.bound("a + b - 1 - G >= 0", a + b - 1 - g, a=a, b=b, G=g)
    run.observe(
        "rows a (all sizes) where the bound fails somewhere, with counts",
        failing=failing_rows,
        holds_for_all_a_at_least=max(failing_rows, default=-1) + 1,
    )


def _p_positions_claim(
    claim_id: str,
    source: str,
    statement: str,
    formula: str,
    game: str,
    is_p: Callable[[int, int], bool],
) -> Callable[..., None]:
    """A theorem (Ho's, 001) that ``game``'s P-positions below size are exactly ``is_p``'s."""

    def check(run: Run, size: int) -> None:
        table = grundy_table(run, game, size)
        run.used("reference.beatty.is_wythoff_p_position (exact floors)")
        for x in range(size):
            for y in range(size):
                run.fact("G(x, y) = 0 iff the formula says P", (table[x][y] == 0) == is_p(x, y),
                         x=x, y=y, G=table[x][y], formula_p=is_p(x, y))  # fmt: skip

    size = Param("size", 201, 120, 1, 2000, "table side: 0 <= x, y < size")
    return declare(check, claim_id, source, "theorem", statement, formula, params=(size,),
                   family="jiao")  # fmt: skip


ho_r_wythoff_p = _p_positions_claim(
    "ho-r-wythoff-p",
    "001 Remark 5 (Ho)",
    "R-Wythoff has exactly Wythoff's P-positions: (0, 0) and (a_n, b_n), (b_n, a_n).",
    "P(R-Wythoff) = {(a_n, b_n), (b_n, a_n)}",
    "r-wythoff",
    lambda x, y: beatty.is_wythoff_p_position(x, y),
)


def fwythoff_p(x: int, y: int) -> bool:
    """Ho's F-Wythoff P-positions: (0, 0) and Wythoff's translated by (1, 1).

    >>> [p for p in [(0, 0), (1, 1), (2, 3), (3, 2), (1, 2)] if fwythoff_p(*p)]
    [(0, 0), (1, 1), (2, 3), (3, 2)]
    """
    return (x, y) == (0, 0) or (x >= 1 and y >= 1 and beatty.is_wythoff_p_position(x - 1, y - 1))


ho_f_wythoff_p = _p_positions_claim(
    "ho-f-wythoff-p",
    "001 §1 (Ho)",
    "F-Wythoff's P-positions are (0, 0) and Wythoff's translated by (1, 1).",
    "P(F-Wythoff) = {(0,0)} u {(a_n + 1, b_n + 1), (b_n + 1, a_n + 1)}",
    "f-wythoff",
    lambda x, y: fwythoff_p(x, y),  # looked up when checked (tests/test_spec_games.py)
)
