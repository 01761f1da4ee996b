"""Every paper statement, as a claim: it holds on its quick range, and a false variant fails.

A statement lives once, as a claim in ``proofs_check`` (``grundy check list``);
this file is where ``pytest`` runs all of them:

- ``test_claim_on_its_quick_range``: every registered claim, on its quick
  defaults, reports what it is expected to (``holds``, or the known
  counterexample of a statement this project found false);
- ``test_false_variant_is_reported``: a deliberately false variant of every
  claim is reported ``violated`` with a witness. Claims listed in
  :data:`VARIANTS` have their own (a false parameter, corrupted data fed through
  ``proofs_check.data``, or a bound tightened with a known tightest case);
  every other claim gets its bounds tightened just past the smallest slack of
  its honest run, so the witness must be the first case where that slack was
  reached. A claim that records no bound and has no listed variant fails here:
  a new fact-only claim must come with a false variant.
"""

from __future__ import annotations

import copy
import math
from collections.abc import Callable
from dataclasses import dataclass, field
from itertools import combinations
from typing import Any

import pytest

import reference.published as published
from proofs_check import claims_nivasch, data
from proofs_check.catalogue import CLAIMS, load_claims, run_claim
from proofs_check.claim import Report
from registry.sequences import PointSequences

load_claims()

#: ``tighten`` of a variant: every bound made just false at its smallest slack.
PAST_SMALLEST = -1


@dataclass(frozen=True)
class Variant:
    """A deliberately false variant of a claim and what its report must say."""

    claim: str
    name: str
    params: dict[str, int] = field(default_factory=dict)
    tighten: int = 0
    patch: Callable[[pytest.MonkeyPatch], None] | None = None
    witness: dict[str, Any] = field(default_factory=dict)
    #: ``inconclusive`` only for existential claims (no finite run can refute them).
    status: str = "violated"


# ------------------------------------------------------------------ corrupted data


def _table_cell(
    game: str, cell: tuple[int, int], value: int
) -> Callable[[pytest.MonkeyPatch], None]:
    def patch(monkeypatch: pytest.MonkeyPatch) -> None:
        original = data.grundy_table

        def fake(name: str, size: int) -> tuple[list[list[int]], str]:
            table, _ = original(name, size)
            if name == game:
                table = [row[:] for row in table]
                table[cell[0]][cell[1]] = value
            return table, "corrupted"

        monkeypatch.setattr(data, "grundy_table", fake)

    return patch


def _wythoff_data_for_everything(monkeypatch: pytest.MonkeyPatch) -> None:
    original = data.grundy_table
    monkeypatch.setattr(data, "grundy_table", lambda name, size: original("wythoff", size))


def _wrong_row_period(game: str, row: int) -> Callable[[pytest.MonkeyPatch], None]:
    def patch(monkeypatch: pytest.MonkeyPatch) -> None:
        original = data.row_period

        def wrong(name: str, k: int, m_max: int) -> tuple[dict[str, Any] | None, str]:
            found, path = original(name, k, m_max)
            if found is not None and (name, k) == (game, row):
                found = {**found, "period": found["period"] - 1, "saltus": found["saltus"] - 1}
            return found, path

        monkeypatch.setattr(data, "row_period", wrong)

    return patch


def _z1(change: Callable[[int, int], int]) -> Callable[[pytest.MonkeyPatch], None]:
    def patch(monkeypatch: pytest.MonkeyPatch) -> None:
        original = data.zeckendorf_z1
        monkeypatch.setattr(
            data, "zeckendorf_z1", lambda n: (change(n, original(n)[0]), "corrupted")
        )

    return patch


def _any_subset_counts(monkeypatch: pytest.MonkeyPatch) -> None:
    def any_subset(n: int) -> int:  # consecutive Fibonacci numbers allowed
        fibs = data.fibonacci_numbers(n)
        return sum(sum(c) == n for r in range(1, len(fibs) + 1) for c in combinations(fibs, r))

    monkeypatch.setattr(data, "zeckendorf_representations", any_subset)


def _four_is_fibonacci(monkeypatch: pytest.MonkeyPatch) -> None:
    fibs = [1, 2, 3, 5, 8, 13, 21, 34, 55, 89, 144, 233, 377, 4]
    monkeypatch.setattr(data, "fibonacci_numbers", lambda limit: fibs)


def _start_value_zero_at_4(monkeypatch: pytest.MonkeyPatch) -> None:
    original = data.fibonacci_starting_values

    def fake(n_max: int) -> tuple[list[int], str]:
        values, _ = original(n_max)
        return [0 if n == 4 else v for n, v in enumerate(values)], "corrupted"

    monkeypatch.setattr(data, "fibonacci_starting_values", fake)


def _rational_beatty(monkeypatch: pytest.MonkeyPatch) -> None:
    # 8/5 instead of phi: floor(k 8/5) and floor(k 8/5) + k are not complementary
    monkeypatch.setattr(claims_nivasch, "floor_phi_multiple", lambda p, q: p + (8 * q) // 5)


def _drop_b(value: int) -> Callable[[pytest.MonkeyPatch], None]:
    def patch(monkeypatch: pytest.MonkeyPatch) -> None:
        original = data.t_sequences

        def drop(g: int, rows: int) -> Any:
            result, path = original(g, rows)
            result = copy.deepcopy(result)
            result.B[0].discard(value)
            return result, path

        monkeypatch.setattr(data, "t_sequences", drop)

    return patch


def _table2(g: int, entry: tuple[int, int, int, int]) -> Callable[[pytest.MonkeyPatch], None]:
    def patch(monkeypatch: pytest.MonkeyPatch) -> None:
        table = {**published.nivasch_table2(), g: entry}
        monkeypatch.setattr(published, "nivasch_table2", lambda: table)

    return patch


def _table5_r1_is_46(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(published, "nivasch_table5", lambda: {1: (46, 2201)})


def _drop_diagonal_1_of_value_1(monkeypatch: pytest.MonkeyPatch) -> None:
    original = data.f_t_sequences

    def drop(j: int, rows: int) -> Any:
        result, path = original(j, rows)
        kept = [
            t if value != 1 else [p for p in t if p[1] - p[0] != 1]
            for value, t in enumerate(result.T)
        ]
        return PointSequences(kept), path

    monkeypatch.setattr(data, "f_t_sequences", drop)


VARIANTS = [
    # bounds tightened by one: the witness is the first case where the bound is attained
    Variant("landman-lemma-1", "tighten", {"size": 10}, 1, witness={"m": 0, "n": 0}),
    Variant("landman-h-range", "tighten", {"size": 10}, 1, witness={"m": 0, "n": 0}),
    Variant(
        "nivasch-lemma-1.2", "tighten", {"size": 4}, 1, witness={"game": "e-wythoff", "v": (0, 0)}
    ),
    Variant("nivasch-lemma-2.1", "tighten", {"size": 20}, 1, witness={"x": 0, "g": 0, "y": 0}),
    Variant("nivasch-lemma-2.2", "tighten", {"size": 20}, 1, witness={"g": 0, "x": 0}),
    Variant("nivasch-lemma-2.4", "tighten", {"n": 5}, 1, witness={"n": 1, "q": 1}),
    Variant("nivasch-lemma-2.10", "tighten", {"g": 2, "rows": 50}, 1, witness={"g": 0, "m": 0}),
    Variant("nivasch-thm-2.15", "tighten", {"g": 2, "rows": 100}, 1, witness={"g": 0, "n": 0}),
    Variant("jiao-lemma-1", "tighten", {"size": 10}, 1, witness={"a": 0, "b": 0}),
    Variant("jiao-remark-3", "tighten", {"a": 5}, 1, witness={"a": 2, "b": 2, "follower": (1, 1)}),
    Variant("jiao-prop-13", "tighten", {"j": 1, "rows": 20}, 1, witness={"j": 0, "n": 0}),
    Variant("jiao-prop-14", "tighten", {"j": 1, "rows": 20}, 1, witness={"j": 0, "L_0": 1}),
    Variant("jiao-prop-16", "tighten", {"j": 1, "rows": 20}, 1, witness={"j": 0, "n": 0}),
    Variant("jiao-cor-17", "tighten", {"j": 1, "rows": 20}, 1, witness={"j": 0, "n": 0}),
    Variant("jiao-lemma-10", "tighten", {"size": 20}, 1, witness={"d": 0, "value": 0}),
    Variant("jiao-remark-5", "tighten", {"size": 20}, 1, witness={"a": 4, "b": 7, "G": 0}),
    Variant(
        "nivasch-table-2",
        "tighten",
        {"g": 3, "rows": 100},
        1,
        witness={"g": 0, "column": "min", "ours_n": 0},
    ),
    # false parameters
    Variant("atlas-period-3-2k", "base 5", {"base": 5}, witness={"row": 1}),
    Variant(
        "nivasch-thm-2.3", "alpha 0", {"g": 2, "rows": 100, "alpha": 0}, witness={"g": 1, "n": 1}
    ),
    Variant("jiao-conj-18", "delta 0", {"j": 3, "rows": 300, "delta": 0}),
    Variant(
        "nivasch-conj-3.10",
        "bound 44",
        {"g": 1, "rows": 2300, "bound": 44},
        witness={"start_row": 2201, "time": 45},
    ),
    # corrupted data
    Variant(
        "nivasch-thm-1.1",
        "wrong P-position",
        {"size": 20, "rows": 50},
        patch=_table_cell("wythoff", (4, 6), 0),
        witness={"x": 4, "y": 6},
    ),
    Variant(
        "landman-lemma-2",
        "low value",
        {"size": 12},
        patch=_table_cell("wythoff", (9, 1), 6),  # 6 < m - 2n = 7
        witness={"m": 9, "n": 1, "slack": -1},
    ),
    Variant(
        "jiao-ho-refuted",
        "Wythoff's data",
        {"size": 30},
        patch=_wythoff_data_for_everything,
        witness={"fact": "9 = G(1,8) = G(3,10) = G(5,12)"},
    ),
    Variant(
        "landman-row-periodicity",
        "wrong period",
        {"rows": 3, "m_max": 200},
        patch=_wrong_row_period("wythoff", 3),
        witness={"k": 3, "m": 8, "p": 5},
    ),
    Variant(
        "jiao-thm-4",
        "wrong period",
        {"rows": 3, "m_max": 3000},
        patch=_wrong_row_period("f-wythoff", 2),
        witness={"k": 2},
    ),
    Variant(
        "suriyaprakash-thm-3.2",
        "wrong z1",
        {"n": 10},
        patch=_z1(lambda n, z: z + (n == 4)),
        witness={"n": 4, "r": 1, "z1": 2},
    ),
    Variant(
        "suriyaprakash-lemma-3.3",
        "wrong z1",
        {"n": 30},
        patch=_z1(lambda n, z: 2 if n == 3 else z),
    ),
    Variant(
        "suriyaprakash-zeckendorf",
        "consecutive parts",
        {"n": 20},
        patch=_any_subset_counts,
        witness={"n": 3, "representations": 2},  # 3 = 3 = 1 + 2
    ),
    Variant(
        "suriyaprakash-cor-3.3.1",
        "4 called Fibonacci",
        {"n": 10},
        patch=_four_is_fibonacci,
        witness={"n": 4},
    ),
    Variant(
        "fibonacci-start-zero",
        "G(4, 3) = 0",
        {"n": 100},
        patch=_start_value_zero_at_4,
        witness={"n": 4, "G": 0},
    ),
    Variant("suriyaprakash-thm-4.3", "8/5 for phi", {"n": 50}, patch=_rational_beatty),
    Variant(
        "nivasch-ab-complementary",
        "5 missing",
        {"g": 1, "rows": 30},
        patch=_drop_b(5),
        witness={"g": 0, "v": 5},
    ),
    Variant(
        "nivasch-table-2",
        "mistranscribed n",
        {"g": 1, "rows": 200},
        patch=_table2(1, (-4, 56, 2, 282)),  # published n is 57
        witness={"paper_n": 56, "ours_n": 57},
    ),
    Variant(
        "nivasch-table-2",
        "too small extreme",
        {"g": 3, "rows": 150},
        # 150 rows stop before the claimed n = 500, yet their min -4 (n = 75) is below -3
        patch=_table2(3, (-3, 500, 3, 0)),
        witness={"g": 3, "ours": -4, "ours_n": 75, "slack": -1},
    ),
    Variant(
        "nivasch-conj-3.10",
        "R_1 = 46",
        {"g": 1, "rows": 2300, "bound": -1},
        patch=_table5_r1_is_46,
        witness={"paper": 46, "ours": 45},
    ),
    # existential statements: a finite run cannot refute them, it says what it missed
    Variant(
        "jiao-thm-12",
        "pair missing",
        {"j": 1, "rows": 50, "d": 5},
        patch=_drop_diagonal_1_of_value_1,
        status="inconclusive",
    ),
    Variant("jiao-conj-20", "Ho's translates", {"j_min": 1, "j": 2}, status="inconclusive"),
]


def _flip_wythoff_p(cell: tuple[int, int]) -> Callable[[pytest.MonkeyPatch], None]:
    """reference.beatty's P-test with ``cell`` flipped (the formula Ho's claims compare)."""

    def patch(monkeypatch: pytest.MonkeyPatch) -> None:
        from reference import beatty

        real = beatty.is_wythoff_p_position
        monkeypatch.setattr(beatty, "is_wythoff_p_position",
                            lambda x, y: real(x, y) != ((x, y) == cell))  # fmt: skip

    return patch


def _its_twin(theorem_id: str) -> Callable[[pytest.MonkeyPatch], None]:
    """The proved claim replays its false twin (one cell added or removed) instead."""

    def patch(monkeypatch: pytest.MonkeyPatch) -> None:
        from proofs_check import theorems

        twin = theorems.THEOREMS[f"{theorem_id}-twin"]
        monkeypatch.setitem(theorems.THEOREMS, theorem_id, twin)

    return patch


def _edit_0_45(monkeypatch: pytest.MonkeyPatch) -> None:
    """0.45's shipped certificate read with its period doubled (issue 46)."""
    import registry.heap_certificates as certificates

    real = certificates.shipped

    def edited(game: Any) -> Any:
        fields = real(game)
        return {**fields, "period": 40} if fields and fields["game"] == "octal:0.45" else fields

    monkeypatch.setattr(certificates, "shipped", edited)


def _proved_variants() -> list[Variant]:
    from proofs_check.theorems import THEOREMS

    return [Variant(f"proved-{tid}", "its false twin", patch=_its_twin(tid))
            for tid, theorem in THEOREMS.items() if theorem.twin_of is None]  # fmt: skip


VARIANTS += [
    # (3, 5) is flipped for both: the R- and F-Wythoff claims name their own first witness
    *(
        Variant(
            claim,
            f"({x}, {y}) not P",
            {"size": 10},
            patch=_flip_wythoff_p((3, 5)),
            witness={"x": x, "y": y},
        )
        for claim, (x, y) in (("ho-r-wythoff-p", (3, 5)), ("ho-f-wythoff-p", (4, 6)))
    ),
    Variant(
        "bouton-misere",
        "all-small nim-sum 0",
        {"heaps": 2, "size": 3, "small_sum": 0},
        witness={"heaps": [0], "outcome": "N"},
    ),
    *_proved_variants(),
    Variant("heaps-shipped-periods", "0.45's period edited", patch=lambda mp: _edit_0_45(mp)),
]
_LISTED = {v.claim for v in VARIANTS}
ALL_VARIANTS = VARIANTS + [
    Variant(claim_id, "tightened past the smallest slack", tighten=PAST_SMALLEST)
    for claim_id in CLAIMS
    if claim_id not in _LISTED
]


def _past_smallest_slack(honest: Report) -> int:
    """The smallest tighten >= 1 that makes the honest run's smallest slack negative."""
    smallest = min((b["min_slack"] for b in honest.bounds), key=float)
    tighten = max(1, math.floor(float(smallest)) + 1)
    while not smallest - tighten < 0:  # exact (QPhi) where the float was too coarse
        tighten += 1
    return tighten


@pytest.mark.parametrize("claim_id", list(CLAIMS))
def test_claim_on_its_quick_range(claim_id: str) -> None:
    report = run_claim(claim_id, quick=True)
    assert not report.surprising, (report.status, report.witness, report.notes)
    assert report.cases > 0
    if CLAIMS[claim_id].expect == "violated":
        assert report.status == "violated" and report.witness
    elif CLAIMS[claim_id].kind in ("theorem", "lemma", "corollary", "proposition"):
        assert report.status in ("holds", "inconclusive")


@pytest.mark.parametrize("variant", ALL_VARIANTS, ids=lambda v: f"{v.claim}-{v.name}")
def test_false_variant_is_reported(variant: Variant, monkeypatch: pytest.MonkeyPatch) -> None:
    params, quick = variant.params or None, not variant.params
    honest = None
    tighten = variant.tighten
    if tighten:
        honest = run_claim(variant.claim, params, quick=quick)
        assert honest.bounds, (
            f"{variant.claim} records no bound, so it cannot be tightened: "
            "give it a false variant in VARIANTS"
        )
        if tighten == PAST_SMALLEST:
            tighten = _past_smallest_slack(honest)
    if variant.patch is not None:
        variant.patch(monkeypatch)
    false = run_claim(variant.claim, params, quick=quick, tighten=tighten)
    assert false.status == variant.status, (false.status, false.witness, false.notes)
    assert false.exit_code != 0 or variant.status == "inconclusive"
    if variant.status == "inconclusive":
        assert false.notes and false.notes[0].startswith("inconclusive:")
        return
    witness = false.witness
    assert witness, "a violation comes with its witness"
    assert {k: witness.get(k) for k in variant.witness} == variant.witness
    if honest is not None and tighten:
        # the witness is a case of a bound whose honest smallest slack was below tighten;
        # with integer slacks all >= tighten - 1, the first case reaching the smallest slack
        assert witness["slack"] < 0
        bound = next(b for b in honest.bounds if b["bound"] == witness["bound"])
        assert bound["min_slack"] - tighten < 0
        slacks = [b["min_slack"] for b in honest.bounds]
        if all(isinstance(s, int) for s in slacks) and min(slacks) == tighten - 1:
            assert {k: witness[k] for k in bound["first_at"]} == bound["first_at"]
