"""The statements about Wythoff's game with a pass, a terminal set, and k-blocking.

Each claim cites its source in ``source``; where the source's statement is
unavailable to us or garbled, the claim says so and states what is derived
here from the rules, never what the numbers suggest. The data come from the
registry: the P-positions row by row (``p-positions``, the greedy over rows
of :mod:`reference.row_greedy`, streamed by
:func:`registry.ppositions.point_blocks`), Algorithm WSG's T_h
(:func:`registry.sequences.stream_blocks`), compiled tables (``grundy-table``).

**Wythoff with a pass** (Miyadera, Manabe, Fukui, arXiv:1711.04960). The
first version's abstract states the P-positions with the pass available as
{(0, 0)} u T_1 u B - A, with T_1 the positions of Grundy value 1 of Wythoff's
game, B a set of 6 positions of value 4 and A a set of 7 positions of T_1;
the current abstract (in the text available to us: "for (x, y, 1) with x
<= 9 or y - x <= 9, (x, y, 1) is a P-position iff the Grundy number of
(x, y, 0) is 1") has lost its inequality signs, and read literally it is
false at (0, 1). The claim checks the first version's form: the P-positions
with the pass equal T_1 outside a finite set, which it reports, made of
(0, 0), positions of value 4 (B) and positions of T_1 (A), at most 6 + 7
besides (0, 0).

**The terminal set {x + y <= 2}** (Komaki, Miyadera, Murakami,
arXiv:2510.11767, abstract): for a position (x, y) with x >= 8 or y >= 8,
its Grundy value in the variant is 1 iff (x, y) is a P-position of Wythoff's
game. The abstract also describes the P-positions by Hofstadter's
G-sequence; that formula is cut off in the text available to us and is not
checked here.

**k-Blocking Wythoff Nim** (Larsson, Electron. J. Combin. 18 (2011) P120):
the abstract says the game is solved for k = 2 and k = 3; the theorems'
statements are not available to us. The two claims state descriptions
derived here from the rules (the proofs are below), and check them against
the greedy over rows:

* k = 3: the P-positions are (0, 0) and (x, 2x + 1), (x, 2x + 2) for x >= 0,
  and their mirrors. *Proof*, row by row (the greedy of
  :mod:`reference.row_greedy`: a cell is P iff fewer than 3 of the P-positions
  in its row to the left, its column below and its diagonal below are P).
  Row 0 gives (0, 0), (0, 1), (0, 2). For x >= 1, row x holds one mirror,
  (x, floor((x - 1) / 2)). A cell (x, y), x <= y <= 2x, has that one to its
  left, the P-position (floor((y - 1) / 2), y) below it (row < x), and on
  its diagonal d = y - x the points of rows d - 1 and d - 2 (or (0, 0)): at
  least 3, so N. (x, 2x + 1): the mirror, nothing in column 2x + 1 below,
  one point on diagonal x + 1 (row x - 1): 2, so P; (x, 2x + 2): 2 to its
  left, nothing below, nothing on diagonal x + 2 below row x: P. The row
  then holds 3, and every later cell is N.
* k = 2: the P-positions are (0, 0), (x, 2x + 1) for x >= 0, and
  (2a + 2, 2b + 2) for every P-position (a, b), a <= b, of Wythoff's game
  (000 Theorem 1.1: a = a_n = floor(n phi), b = b_n = a_n + n), and their
  mirrors. *Proof*, row by row (P iff at most one P-option). Every m >= 0
  is exactly one of a_n (n >= 0) or b_n (n >= 1). Row 0: (0, 0), (0, 1).
  Odd x: one mirror, (x, (x - 1) / 2); each cell x <= y <= 2x has the F1
  point of row d - 1 (or (0, 0)) on its diagonal d, so two P-options;
  (x, 2x + 1) has only the mirror (column and diagonal empty below: the
  point (2a_n + 2, 2b_n + 2) of the even diagonal 2n = x + 1 lies in row
  2a_n + 2 > x), so P. Even x = 2m with m - 1 = b_n: one mirror
  (2m, 2a_n + 2), and the same argument. Even x = 2m with m - 1 = a_n: no
  mirror; a cell (x, x + d), 0 <= d < 2n, has two P-options (an even d the
  point (2a_j + 2, 2b_j + 2), j = d / 2 < n, and the F1 or (0, 0) point on
  its diagonal; an odd d the F1 point (row (y - 1) / 2 < x) in its column
  and one on its diagonal); (x, 2b_n + 2) has only the F1 point of row
  2n - 1 on its diagonal (no b_k is an a_j, so its column is empty below),
  so P; the cells after it have one on their diagonal besides it, so N,
  until (x, 2x + 1), which has only it: P. Each row then holds 2.

The false variants (``--tighten``) are reported violated: each claim
records, besides its facts, a bound that holds with no slack on its range
(exactly k P-positions per row; at most 13 exceptions; the threshold 8).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from proofs_check.claim import Param, Run, claim, declare
from reference.beatty import is_wythoff_p_position, lower_wythoff, upper_wythoff
from registry import question
from registry.ppositions import greedy_memory, point_blocks
from registry.sequences import stream_blocks

__all__: list[str] = []

PASS_ROWS = Param("rows", 10**7, 10**5, 16, 10**8, "rows 0 <= x < rows (min(x, y) < rows)")
TERMINAL_SIZE = Param("size", 1500, 200, 10, 10**4, "positions with 0 <= x, y < size")

#: The paper's counts (arXiv:1711.04960 v1): |B| = 6 positions of value 4, |A| = 7 of T_1.
PAPER_B, PAPER_A = 6, 7


def _memory_note(run: Run, game: str, rows: int) -> None:
    """Say the greedy's memory before it is spent (it is checked against the free memory too)."""
    need = greedy_memory(game, rows)
    text = f"memory: about {need / 2**20:,.0f} MiB for the greedy's state ({rows:,} rows)"
    run.note_progress(text)
    run.note(text + " (stated before it was spent)")


@claim(
    "mmf-pass-grundy-1",
    source="Miyadera, Manabe, Fukui, Wythoff's game with a pass, arXiv:1711.04960 "
    "(v1 abstract: P = {(0,0)} u T_1 u B - A, |B| = 6 of value 4, |A| = 7)",
    kind="theorem",
    statement="With the pass available, (x, y, 1) is a P-position iff G(x, y) = 1 in Wythoff's "
    "game, except on a finite set: (0, 0), positions of value 4 (B, 6 of them) and positions "
    "of value 1 (A, 7 of them); checked for min(x, y) < rows, the exceptions reported.",
    formula="P_1 = {(0,0)} u T_1 u B - A, B in G^-1(4), A in T_1, |B| + |A| <= 13",
    params=(PASS_ROWS,),
    family="variants",
)
def mmf_pass_grundy_1(run: Run, rows: int) -> None:
    game = "wythoff-pass"
    _memory_note(run, game, rows)
    run.used("registry.ppositions.point_blocks (fast.row_greedy: P-positions of wythoff-pass)")
    run.used("registry.sequences.stream_blocks (fast.wsg: T_1 of wythoff)")
    # Row a's column b >= a of its P-position with the pass / of its point of T_1 (or -1).
    passing = np.full(rows, -1, dtype=np.int64)
    for r0, cols in point_blocks(
        game, rows, progress=lambda d, n: run.note_progress(f"{d:,}/{n:,} rows with the pass")
    ):
        passing[r0 : r0 + len(cols)] = cols[:, 1, 0]
    ones = np.full(rows, -1, dtype=np.int64)
    for r0, cols in stream_blocks("wythoff", 1, rows):
        ones[r0 : r0 + len(cols)] = cols[:, 1]
        run.note_progress(f"{r0 + len(cols):,}/{rows:,} rows of T_1")
    differ = np.flatnonzero(passing != ones).tolist()
    with_pass = {(a, int(passing[a])): None for a in differ if passing[a] >= 0}
    value_1 = {(a, int(ones[a])): None for a in differ if ones[a] >= 0}
    compared = rows
    exceptions = sorted(with_pass) + sorted(value_1)
    values = _wythoff_values(exceptions)
    b_set = [p for p in with_pass if p != (0, 0)]
    for p in with_pass:
        run.fact(
            "a P-position with the pass outside T_1 is (0, 0) or has G = 4 (in B)",
            p == (0, 0) or values[p] == 4,
            position=p,
            G=values[p],
        )
    for p in value_1:
        run.fact("a position of T_1 that is N with the pass has G = 1 (in A)", values[p] == 1,
                 position=p, G=values[p])  # fmt: skip
    mirrors_b = sum(2 if a < b else 1 for a, b in b_set)
    mirrors_a = sum(2 if a < b else 1 for a, b in value_1)
    run.bound(
        f"|B| + |A| <= {PAPER_B + PAPER_A} (the paper's 6 + 7)",
        PAPER_B + PAPER_A - mirrors_b - mirrors_a,
        B=mirrors_b,
        A=mirrors_a,
    )
    run.observe(
        "exceptions (a <= b; each with its mirror)",
        B=sorted(b_set),
        A=sorted(value_1),
        origin=(0, 0) in with_pass,
        rows=compared,
    )
    largest = max((max(p) for p in exceptions), default=0)
    run.note(
        f"P-positions with the pass equal T_1 on every row x < {rows:,} except B = {sorted(b_set)} "
        f"(and mirrors, {mirrors_b} in all, value 4), A = {sorted(value_1)} (and mirrors, "
        f"{mirrors_a}, value 1) and (0, 0); the largest coordinate of an exception is {largest}"
    )


def _wythoff_values(positions: list[tuple[int, int]]) -> dict[tuple[int, int], int]:
    """G of a few positions of Wythoff's game, from one compiled table that holds them."""
    if not positions:
        return {}
    size = max(max(p) for p in positions) + 1
    table = question("grundy-table", "wythoff")(size=size).value
    return {p: int(table[p]) for p in positions}


@claim(
    "kmm-terminal-2-grundy-1",
    source="Komaki, Miyadera, Murakami, A variant of Wythoff's game defined by Hofstadter's "
    "G-sequence, arXiv:2510.11767 (abstract)",
    kind="theorem",
    statement="In Wythoff's game with the terminal set {x + y <= 2}, for a position with "
    "x >= 8 or y >= 8: its Grundy value is 1 iff it is a P-position of Wythoff's game.",
    formula="max(x, y) >= 8 => (G_T(x, y) = 1 <=> (x, y) = (a_n, b_n) or (b_n, a_n))",
    params=(TERMINAL_SIZE,),
    family="variants",
)
def kmm_terminal_2_grundy_1(run: Run, size: int) -> None:
    answer = question("grundy-table", "wythoff-terminal:2")(size=size)
    run.used(f"grundy-table:wythoff-terminal:2 ({answer.name})")
    table = np.asarray(answer.value)
    wythoff_p = np.zeros((size, size), dtype=bool)
    n = 0
    while lower_wythoff(n) < size:  # 000 Theorem 1.1, exact (isqrt)
        a, b = lower_wythoff(n), upper_wythoff(n)
        if b < size:
            wythoff_p[a, b] = wythoff_p[b, a] = True
        n += 1
    agree = (table == 1) == wythoff_p
    far = np.maximum.outer(np.arange(size), np.arange(size)) >= 8
    for x, y in np.argwhere(far & ~agree).tolist():
        run.fact(
            "max(x, y) >= 8: G_T(x, y) = 1 iff (x, y) is a Wythoff P-position",
            False,
            x=x,
            y=y,
            G_T=int(table[x, y]),
            wythoff_P=is_wythoff_p_position(x, y),
        )
    run.fact(
        "max(x, y) >= 8: G_T(x, y) = 1 iff (x, y) is a Wythoff P-position (every position)",
        bool(agree[far].all()),
        positions=int(far.sum()),
    )
    failing = np.argwhere(~agree)
    threshold = int(failing.max(axis=1).max()) + 1 if len(failing) else 0
    run.bound(
        "the equivalence holds from max(x, y) = m on, with m <= 8",
        8 - threshold,
        m=threshold,
        size=size,
    )
    run.note(
        f"checked on 0 <= x, y < {size}: the equivalence holds exactly for max(x, y) >= "
        f"{threshold} (the paper's 8); the P-positions' description by Hofstadter's "
        "G-sequence is not checked (cut off in the text available to us)"
    )


def _blocking_rows(run: Run, k: int, rows: int) -> Any:
    game = f"blocking-wythoff:{k}"
    _memory_note(run, game, rows)
    run.used(f"registry.ppositions.point_blocks (fast.row_greedy: P-positions of {game})")
    return point_blocks(game, rows, progress=lambda d, n: run.note_progress(f"{d:,}/{n:,} rows"))


def _check_rows(run: Run, k: int, rows: int, expected: Any) -> None:
    """Each row's P-positions y >= x against ``expected(x)``; k of them in each row in all."""
    lower: dict[int, int] = {}  # row -> its P-positions below the diagonal (mirrors)
    name = f"the P-positions of row x, y >= x, are the described ones (k = {k})"
    for r0, cols in _blocking_rows(run, k, rows):
        for i, row in enumerate(cols[:, 0, :].tolist()):
            x = r0 + i
            found = [y for y in row if y >= 0]
            want = expected(x)
            run.fact(name, found == want, x=x, found=found, expected=want)
            for y in found:
                if y > x:
                    lower[y] = lower.get(y, 0) + 1
            mirrors = lower.pop(x, 0)
            run.bound(f"the row holds at least {k} P-positions", mirrors + len(found) - k,
                      x=x, count=mirrors + len(found))  # fmt: skip
            run.bound(f"the row holds at most {k} P-positions", k - mirrors - len(found),
                      x=x, count=mirrors + len(found))  # fmt: skip


BLOCKING_2_ROWS = Param("rows", 30_000, 3_000, 8, 10**6, "rows 0 <= x < rows")
BLOCKING_3_ROWS = Param("rows", 10**6, 10**4, 8, 10**8, "rows 0 <= x < rows")


def _blocking_claim(
    k: int,
    rows_param: Param,
    statement: str,
    formula: str,
    described: Callable[[int], Callable[[int], list[int]]],
) -> Callable[..., None]:
    """Larsson's k-blocking Wythoff Nim: the P-positions y >= x of each row x < rows are
    ``described(rows)(x)`` (derived from the rules, proved in the module docstring)."""

    def check(run: Run, rows: int) -> None:
        _check_rows(run, k, rows, described(rows))
        run.note(f"proved from the rules (module docstring); checked on rows x < {rows:,}")

    source = (
        f"Larsson, Blocking Wythoff Nim, Electron. J. Combin. 18 (2011) P120 (solved for k = {k}; "
        "the theorem's statement unavailable to us: derived here from the rules)"
    )
    return declare(check, f"larsson-blocking-{k}", source, "theorem", statement, formula,
                   params=(rows_param,), family="variants")  # fmt: skip


def _blocking_2_rows(rows: int) -> Callable[[int], list[int]]:
    """Row x's P-positions y >= x for k = 2: (x, 2x + 1), and (2a_n + 2, 2b_n + 2)."""
    a_of: dict[int, int] = {}  # a_n + 1 -> b_n + 1 for the rows 2m (m - 1 = a_n)
    n = 0
    while lower_wythoff(n) <= rows:
        a_of[lower_wythoff(n) + 1] = upper_wythoff(n) + 1
        n += 1

    def expected(x: int) -> list[int]:
        points = [2 * x + 1]
        if x == 0:
            return [0, 1]
        if x % 2 == 0 and x // 2 in a_of:
            points.insert(0, 2 * a_of[x // 2])
        return points

    return expected


def _blocking_3_row(x: int) -> list[int]:
    """Row x's P-positions y >= x for k = 3: (0, 0), (0, 1), (0, 2); (x, 2x + 1), (x, 2x + 2)."""
    return [0, 1, 2] if x == 0 else [2 * x + 1, 2 * x + 2]


larsson_blocking_2 = _blocking_claim(
    2,
    BLOCKING_2_ROWS,
    "The P-positions of 2-blocking Wythoff Nim are (0, 0), (x, 2x + 1) for x >= 0 "
    "and (2a + 2, 2b + 2) for each Wythoff P-position (a, b), and their mirrors.",
    "P = {(0,0)} u {(x, 2x+1)} u {(2a_n+2, 2b_n+2)} and mirrors",
    _blocking_2_rows,
)
larsson_blocking_3 = _blocking_claim(
    3,
    BLOCKING_3_ROWS,
    "The P-positions of 3-blocking Wythoff Nim are (0, 0) and (x, 2x + 1), "
    "(x, 2x + 2) for x >= 0, and their mirrors.",
    "P = {(0,0)} u {(x, 2x+1), (x, 2x+2)} and mirrors",
    lambda rows: _blocking_3_row,
)
