"""Conformance: p_n^g (Algorithm RW) and FSW convergence (000 §3).

Questions
---------
``nth-gvalue:wythoff``
    ``answer(g, count)`` -> int array ``P[h, n] = (a_n^h, b_n^h)`` for
    h <= g, n < count. Oracle: the h-points read off the spec's Grundy
    table; implementations: reference.wsg, reference.rw, fast.rw.
``fsw-convergence:wythoff``
    ``answer(g, r0_max, horizon)`` -> rows to convergence from every start
    row 0..r0_max. Oracle: a restatement from the spec's table -- the dummy
    state (3-8) is WSG resumed at row r0 with diagonals 0..index_h(r0)-1
    occupied and no column occupied, and states compared by Definition 3.1;
    implementations: reference.fsw, fast.fsw.

Stand-alone checks pin the published Tables 5 and 6 of seed 000.
"""

from __future__ import annotations

import numpy as np

import spec
from grundy.conformance import (
    CheckResult,
    conformance_check,
    register_implementation,
    register_question,
)
from grundy.published import load_published

# ----------------------------------------------------------------- p_n^g


def spec_points(g: int, count: int) -> np.ndarray:
    """``P[h, n] = p_n^h`` for h <= g, n < count from ``spec.grundy_table``."""
    rows = (1618 * count) // 1000 + 4 * g + 12
    cols = (2619 * count) // 1000 + 8 * g + 24
    table = spec.grundy_table(spec.Wythoff(), rows, cols)
    out = np.zeros((g + 1, count, 2), np.int64)
    for h in range(g + 1):
        found = []
        for a in range(rows):
            row = table[a]
            if h not in row:
                raise ValueError(f"spec_points: the {h}-cell of row {a} is beyond column {cols}")
            b = row.index(h)
            if b >= a:
                found.append((a, b))
            if len(found) == count:
                break
        if len(found) < count:
            raise ValueError(f"spec_points: fewer than {count} {h}-points in {rows} rows")
        out[h] = found
    return out


def reference_wsg_points(g: int, count: int) -> np.ndarray:
    from reference.wsg import wsg

    result = wsg(g, (1618 * count) // 1000 + 4 * g + 12)
    return np.array([result.T[h][:count] for h in range(g + 1)], np.int64)


def reference_rw_points(g: int, count: int) -> np.ndarray:
    from reference.rw import nth_gvalue

    return np.array([[nth_gvalue(h, n) for n in range(count)] for h in range(g + 1)], np.int64)


def fast_rw_points(g: int, count: int) -> np.ndarray:
    from fast.rw import nth_gvalue

    return np.array([[nth_gvalue(h, n) for n in range(count)] for h in range(g + 1)], np.int64)


_KEY = register_question(
    "nth-gvalue", "wythoff", "p_n^h = (a_n^h, b_n^h), h <= g, n < count", {"g": 4, "count": 30}
)
register_implementation(_KEY, "spec", "spec", spec_points, replace=True)
register_implementation(_KEY, "reference.wsg", "reference", reference_wsg_points, replace=True)
register_implementation(_KEY, "reference.rw", "reference", reference_rw_points, replace=True)
register_implementation(_KEY, "fast.rw", "fast", fast_rw_points, replace=True)

# ------------------------------------------------------- FSW convergence


def spec_convergence(g: int, r0_max: int, horizon: int) -> np.ndarray:
    """Rows to convergence restated from the spec table (see module docstring)."""
    rows = r0_max + horizon + 1
    cols = 2 * rows + 8 * g + 16
    table = spec.grundy_table(spec.Wythoff(), rows, cols)

    def cell(r: int, h: int) -> int:  # the column of row r's h-cell
        return table[r].index(h)

    def true_state(r: int) -> tuple[tuple[int, frozenset[int], frozenset[int]], ...]:
        state = []
        for h in range(g + 1):
            pts = [(a, cell(a, h)) for a in range(r) if cell(a, h) >= a]
            diags = {b - a for a, b in pts}
            first = 0
            while first in diags:
                first += 1
            state.append(
                (
                    first,
                    frozenset(d for d in diags if d > first),
                    frozenset(b - r for _, b in pts if b - r >= first),
                )
            )
        return tuple(state)

    truth = [true_state(r) for r in range(rows)]
    inserts = [[h for h in range(g + 1) if cell(r, h) >= r] for r in range(rows)]
    times = []
    for r0 in range(r0_max + 1):
        # dummy: diagonals 0..index_h(r0)-1 occupied, no column occupied
        diags = [set(range(sum(1 for a in range(r0) if cell(a, h) >= a))) for h in range(g + 1)]
        columns: list[set[int]] = [set() for _ in range(g + 1)]
        k = -1
        for r in range(r0, r0 + horizon + 1):
            state = []
            for h in range(g + 1):
                first = 0
                while first in diags[h]:
                    first += 1
                state.append(
                    (
                        first,
                        frozenset(d for d in diags[h] if d > first),
                        frozenset(b - r for b in columns[h] if b - r >= first),
                    )
                )
            if tuple(state) == truth[r]:
                k = r - r0
                break
            used: set[int] = set()
            for h in inserts[r]:  # WSG lines 5-12 on the pretended history
                d = 0
                while r + d in used or r + d in columns[h] or d in diags[h]:
                    d += 1
                diags[h].add(d)
                columns[h].add(r + d)
                used.add(r + d)
        times.append(k)
    return np.array(times, np.int64)


def reference_convergence(g: int, r0_max: int, horizon: int) -> np.ndarray:
    from reference.fsw import convergence_times

    return np.array(convergence_times(g, r0_max, horizon), np.int64)


def fast_convergence(g: int, r0_max: int, horizon: int) -> np.ndarray:
    from fast.fsw import convergence_times

    return convergence_times(g, 0, r0_max + 1, horizon)


_CKEY = register_question(
    "fsw-convergence",
    "wythoff",
    "rows to convergence of FSW from the dummy state (3-8), start rows 0..r0_max",
    {"g": 2, "r0_max": 30, "horizon": 40},
)
register_implementation(_CKEY, "spec", "spec", spec_convergence, replace=True)
register_implementation(_CKEY, "reference.fsw", "reference", reference_convergence, replace=True)
register_implementation(_CKEY, "fast.fsw", "fast", fast_convergence, replace=True)

# --------------------------------------------------- published Tables 5, 6


def _table6_rows(gmax: int) -> CheckResult:
    from fast.rw import nth_gvalue

    data = load_published("nivasch_000_table6")
    bad = []
    for g, da, db in data["rows"][: gmax + 1]:
        got = nth_gvalue(g, data["n"])
        want = (data["a"] + da, data["b"] + db)
        if got != want:
            bad.append(f"g={g}: got {got}, paper {want}")
    return CheckResult(not bad, gmax + 1, "; ".join(bad))


@conformance_check(
    name="nivasch-000-table6",
    game="wythoff",
    implementation="fast.rw",
    domain="g<=20, n=1e12",
)
def table6_all() -> CheckResult:
    """All 21 rows of 000 Table 6."""
    return _table6_rows(20)


def _table5_rows(gs: list[int], rows: int) -> CheckResult:
    from fast.fsw import convergence_times

    data = {r[0]: (r[1], r[2]) for r in load_published("nivasch_000_table5")["rows"]}
    bad = []
    for g in gs:
        times = convergence_times(g, 0, rows + 1)
        got = (int(times.max()), int(times.argmax()))
        if (times < 0).any():
            bad.append(f"g={g}: {(times < 0).sum()} runs beyond the horizon")
        if got != data[g]:
            bad.append(f"g={g}: got {got}, paper {data[g]}")
    return CheckResult(not bad, len(gs), "; ".join(bad))


@conformance_check(
    name="nivasch-000-table5",
    game="wythoff",
    implementation="fast.fsw",
    domain="g<=4, r0<=1e6",
)
def table5_g4() -> CheckResult:
    """000 Table 5 for g = 1..4 over start rows up to 10^6."""
    return _table5_rows([1, 2, 3, 4], 10**6)


@conformance_check(
    name="nth-gvalue-large",
    game="wythoff",
    implementation="fast.rw vs reference.wsg",
    domain="g<=6, n<5000 (sampled)",
    quick=False,
)
def rw_against_wsg() -> CheckResult:
    """fast.rw against WSG on sampled n < 5000 for g <= 6 (recursion exercised)."""
    from fast.rw import nth_gvalue
    from reference.wsg import wsg

    result = wsg(6, 8200)
    bad, cases = [], 0
    for g in range(7):
        for n in range(0, 5000, 37):
            cases += 1
            if nth_gvalue(g, n) != result.T[g][n]:
                bad.append(f"g={g} n={n}")
    return CheckResult(not bad, cases, ", ".join(bad[:5]))
