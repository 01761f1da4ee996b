"""proofs_check claims: every family holds on its quick range, and a deliberately
false variant of each family is reported ``violated`` with the right witness.

The false variants are either ``tighten=K`` (every bound made K tighter, so the
tightest case becomes the witness) or corrupted data fed through the
providers in proofs_check.data (monkeypatched).
"""

from __future__ import annotations

import json
from typing import Any

import pytest

import spec
from grundy.cli import main
from grundy.registry.sequences import PointSequences
from proofs_check import claims_nivasch, data
from proofs_check.claim import CLAIMS, KINDS, Report, Run, load_claims, run_claim
from proofs_check.claims_jiao import check_diagonal_multiplicity

load_claims()


def W(report: Report) -> dict[str, Any]:
    """The report's witness (asserted present)."""
    assert report.witness is not None
    return report.witness


REQUIRED = [
    "landman-lemma-1",
    "landman-lemma-2",
    "landman-h-range",
    "landman-row-periodicity",
    "nivasch-lemma-1.2",
    "nivasch-lemma-2.1",
    "nivasch-lemma-2.2",
    "nivasch-lemma-2.4",
    "nivasch-lemma-2.10",
    "nivasch-lemma-2.11",
    "nivasch-cor-2.12",
    "nivasch-thm-2.15",
    "nivasch-thm-2.3",
    "nivasch-blass-fraenkel",
    "nivasch-ab-complementary",
    "nivasch-thm-1.1",
    "suriyaprakash-thm-4.3",
    "nivasch-conj-3.10",
    "nivasch-table-2",
    "nivasch-table-3",
    "jiao-lemma-1",
    "jiao-lemma-2",
    "jiao-remark-3",
    "jiao-lemma-10",
    "jiao-thm-12",
    "jiao-ho-refuted",
    "jiao-prop-13",
    "jiao-prop-14",
    "jiao-prop-16",
    "jiao-cor-17",
    "jiao-remark-15",
    "jiao-conj-18",
    "jiao-conj-20",
    "jiao-thm-4",
    "jiao-remark-5",
    "suriyaprakash-thm-3.2",
    "suriyaprakash-lemma-3.3",
    "suriyaprakash-cor-3.3.1",
    "suriyaprakash-zeckendorf",
]


def test_registry_has_every_required_claim() -> None:
    assert set(REQUIRED) <= set(CLAIMS)
    for entry in CLAIMS.values():
        assert entry.kind in KINDS
        assert entry.source[:3] in ("000", "001", "002", "004")


@pytest.mark.parametrize("claim_id", REQUIRED)
def test_quick_status_is_the_expected_one(claim_id: str) -> None:
    report = run_claim(claim_id, quick=True)
    assert not report.surprising, (report.status, report.witness, report.notes)
    if (
        CLAIMS[claim_id].kind in ("theorem", "lemma", "corollary", "proposition")
        and CLAIMS[claim_id].expect == "holds"
    ):
        assert report.status in ("holds", "inconclusive")
        assert report.cases > 0


# ---------------------------------------------------------------- bound families: tighten


@pytest.mark.parametrize(
    ("claim_id", "params", "witness"),
    [
        ("landman-lemma-1", {"size": 10}, {"m": 0, "n": 0}),
        ("landman-h-range", {"size": 10}, {"m": 0, "n": 0}),
        ("nivasch-lemma-1.2", {"size": 4}, {"game": "f-wythoff", "v": (0, 0)}),
        ("nivasch-lemma-2.1", {"size": 20}, {"x": 0, "g": 0, "y": 0}),
        ("nivasch-lemma-2.2", {"size": 20}, {"g": 0, "x": 0}),
        ("nivasch-lemma-2.4", {"n": 5}, {"n": 1, "q": 1}),
        ("nivasch-lemma-2.10", {"g": 2, "rows": 50}, {"g": 0, "m": 0}),
        ("nivasch-thm-2.15", {"g": 2, "rows": 100}, {"g": 0, "n": 0}),
        ("jiao-lemma-1", {"size": 10}, {"a": 0, "b": 0}),
        ("jiao-remark-3", {"a": 5}, {"a": 2, "b": 2, "follower": (1, 1)}),
        ("jiao-prop-13", {"j": 1, "rows": 20}, {"j": 0, "n": 0}),
        ("jiao-prop-14", {"j": 1, "rows": 20}, {"j": 0, "L_0": 1}),
        ("jiao-prop-16", {"j": 1, "rows": 20}, {"j": 0, "n": 0}),
        ("jiao-cor-17", {"j": 1, "rows": 20}, {"j": 0, "n": 0}),
        ("jiao-lemma-10", {"size": 20}, {"d": 0, "value": 0}),
        ("jiao-remark-5", {"size": 20}, {"a": 4, "b": 7, "G": 0}),
        ("nivasch-table-2", {"g": 3, "rows": 100}, {"g": 0, "column": "min", "ours_n": 0}),
    ],
)
def test_tightened_bound_is_violated_at_its_tightest_case(
    claim_id: str, params: dict[str, int], witness: dict[str, Any]
) -> None:
    honest = run_claim(claim_id, params)
    assert honest.status == "holds"
    tight = [b for b in honest.bounds if b["min_slack"] == 0]
    assert tight, "the bound is attained, so lowering it by one must fail"
    false = run_claim(claim_id, params, tighten=1)
    assert false.status == "violated"
    assert false.witness is not None and W(false)["slack"] == -1
    assert {k: W(false)[k] for k in witness} == witness
    # the witness is the first case where the honest bound is tight
    first = next(b for b in honest.bounds if b["bound"] == W(false)["bound"])
    assert all(first["first_at"][k] == v for k, v in witness.items())


def test_blass_fraenkel_exact_tightness_and_false_variant() -> None:
    report = run_claim("nivasch-blass-fraenkel", {"rows": 300})
    assert report.status == "holds"
    lower = report.bounds[0]
    # closest approach to 8 - 6phi below row 300: a_171^1 = 275, slack 267 - 165 phi > 0
    assert lower["first_at"] == {"n": 171, "a": 275}
    assert str(lower["min_slack"]) == "267 - 165*phi"
    false = run_claim("nivasch-blass-fraenkel", {"rows": 300}, tighten=1)
    assert false.status == "violated"
    # n = 0 (a = 0, b = 1) has every slack >= 1;
    # n = 1 (a = 2): (6 - 3phi) - (2 - phi) = 4 - 2phi < 1
    assert (W(false)["n"], W(false)["bound"]) == (1, "(6 - 3φ) - (a - nφ) > 0")
    assert str(W(false)["slack"]) == "3 - 2*phi"


def test_remark_15_known_counterexample() -> None:
    # Jiao's Remark 15 (a conjecture) fails: found by this project, see docs/claims.md
    report = run_claim("jiao-remark-15", {"j": 3, "rows": 300})
    assert report.status == "violated"
    assert report.witness == {
        "bound": "d_n - n + j + 1 >= 0",
        "slack": -1,
        "j": 3,
        "n": 158,
        "a": 255,
        "b": 408,
    }
    assert run_claim("jiao-remark-15", {"j": 2, "rows": 1500}).status == "holds"


def test_remark_15_smallest_counterexample_by_the_spec() -> None:
    # j = 4: the 28-th 4-position (a <= b, by increasing a) is (45, 67), d = 22 < 28 - (4 + 1)
    report = run_claim("jiao-remark-15", {"j": 4, "rows": 100})
    by_j = {f["observation"]: f for f in report.facts if "observation" in f}
    assert by_j["j=4"]["first_violation_n"] == 28
    table = spec.grundy_table(spec.FWythoff(), 46, 80)
    fours = [(a, b) for a in range(46) for b in range(a, 80) if table[a][b] == 4]
    assert fours.index((45, 67)) >= 28  # >= : a 4-position with b >= 80 would only add
    assert 67 - 45 < 28 - (4 + 1)


@pytest.mark.slow
def test_remark_15_counterexample_by_the_spec_rule_table() -> None:
    table = data.two_pile_table("f-wythoff", 420)  # independent of FWSG (~15 s)
    three = [(a, b) for a in range(259) for b in range(a, 420) if table[a][b] == 3]
    assert three[158] == (255, 408)
    assert 408 - 255 < 158 - (3 + 1)


def test_lemma_2_11_literal_k1_fails_and_k2_holds() -> None:
    literal = run_claim("nivasch-lemma-2.11", {"g": 3, "rows": 200})
    assert literal.status == "violated"
    assert literal.witness is not None
    assert (W(literal)["g"], W(literal)["k"], W(literal)["start"]) == (0, 1, 0)
    assert run_claim("nivasch-lemma-2.11", {"g": 3, "rows": 200, "k_min": 2}).status == "holds"
    rows = run_claim("nivasch-cor-2.12", {"g": 3, "rows": 200})
    assert (W(rows)["g"], W(rows)["k"], W(rows)["start"]) == (0, 1, 2)
    assert run_claim("nivasch-cor-2.12", {"g": 3, "rows": 200, "k_min": 2}).status == "holds"


# ---------------------------------------------------------------- fact families: corrupted data


def _patched_table(
    monkeypatch: pytest.MonkeyPatch, game: str, cell: tuple[int, int], value: int
) -> None:
    original = data.grundy_table

    def fake(name: str, size: int) -> tuple[list[list[int]], str]:
        table, _ = original(name, size)
        if name == game:
            table = [row[:] for row in table]
            table[cell[0]][cell[1]] = value
        return table, "corrupted"

    monkeypatch.setattr(data, "grundy_table", fake)


def test_theorem_1_1_detects_a_wrong_p_position(monkeypatch: pytest.MonkeyPatch) -> None:
    _patched_table(monkeypatch, "wythoff", (4, 6), 0)
    report = run_claim("nivasch-thm-1.1", {"size": 20, "rows": 50})
    assert report.status == "violated"
    assert (W(report)["x"], W(report)["y"]) == (4, 6)


def test_landman_lemma_2_detects_a_low_value(monkeypatch: pytest.MonkeyPatch) -> None:
    _patched_table(monkeypatch, "wythoff", (9, 1), 6)  # 6 < m - 2n = 7
    report = run_claim("landman-lemma-2", {"size": 12})
    assert report.status == "violated"
    assert (W(report)["m"], W(report)["n"], W(report)["slack"]) == (9, 1, -1)


def test_ho_exactly_once_fails_and_paper_triple_is_found() -> None:
    run = Run("ho-exactly-once", {})
    table, _ = data.grundy_table("f-wythoff", 40)
    check_diagonal_multiplicity(run, table, lambda d: 1, "1 - count >= 0")
    report = run.report()
    assert report.status == "violated"
    assert W(report)["positions"] == [(0, 0), (1, 1)]
    refuted = run_claim("jiao-ho-refuted", {"size": 40})
    assert refuted.status == "holds"
    on_7 = next(f for f in refuted.facts if f.get("observation") == "value 9 on diagonal 7")
    assert on_7["positions"][:3] == [(1, 8), (3, 10), (5, 12)]


def test_ho_refutation_fails_on_wythoff_data(monkeypatch: pytest.MonkeyPatch) -> None:
    original = data.grundy_table
    monkeypatch.setattr(data, "grundy_table", lambda name, size: original("wythoff", size))
    report = run_claim("jiao-ho-refuted", {"size": 30})
    assert report.status == "violated"
    assert W(report)["fact"] == "9 = G(1,8) = G(3,10) = G(5,12)"


def test_row_periodicity_detects_a_wrong_period(monkeypatch: pytest.MonkeyPatch) -> None:
    original = data.row_period

    def wrong(game: str, row: int, m_max: int) -> tuple[dict[str, Any] | None, str]:
        found, path = original(game, row, m_max)
        if found is not None and row == 3:
            found = {**found, "period": 5, "saltus": 5}
        return found, path

    monkeypatch.setattr(data, "row_period", wrong)
    report = run_claim("landman-row-periodicity", {"rows": 3, "m_max": 200})
    assert report.status == "violated"
    assert (W(report)["k"], W(report)["m"], W(report)["p"]) == (3, 8, 5)


def test_fibonacci_theorem_3_2_detects_wrong_z1(monkeypatch: pytest.MonkeyPatch) -> None:
    original = data.zeckendorf_z1
    monkeypatch.setattr(data, "zeckendorf_z1", lambda n: (original(n)[0] + (n == 4), "corrupted"))
    report = run_claim("suriyaprakash-thm-3.2", {"n": 10})
    assert report.status == "violated"
    assert (W(report)["n"], W(report)["r"], W(report)["z1"]) == (4, 1, 2)


def test_lemma_3_3_detects_wrong_z1(monkeypatch: pytest.MonkeyPatch) -> None:
    original = data.zeckendorf_z1
    monkeypatch.setattr(
        data, "zeckendorf_z1", lambda n: (2 if n == 3 else original(n)[0], "corrupted")
    )
    report = run_claim("suriyaprakash-lemma-3.3", {"n": 30})
    assert report.status == "violated"


def test_zeckendorf_uniqueness_detects_consecutive_sums(monkeypatch: pytest.MonkeyPatch) -> None:
    def any_subset(n: int) -> int:  # false variant: consecutive Fibonacci numbers allowed
        fibs = data.fibonacci_numbers(n)
        from itertools import combinations

        return sum(sum(c) == n for r in range(1, len(fibs) + 1) for c in combinations(fibs, r))

    monkeypatch.setattr(data, "zeckendorf_representations", any_subset)
    report = run_claim("suriyaprakash-zeckendorf", {"n": 20})
    assert report.status == "violated"
    assert W(report)["n"] == 3  # 3 = 3 = 1 + 2
    assert W(report)["representations"] == 2


def test_corollary_3_3_1_detects_a_changed_game(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(
        data,
        "fibonacci_numbers",
        lambda limit: [1, 2, 3, 5, 8, 13, 21, 34, 55, 89, 144, 233, 377, 4],
    )
    report = run_claim("suriyaprakash-cor-3.3.1", {"n": 10})
    assert report.status == "violated"
    assert W(report)["n"] == 4


def test_beatty_detects_a_rational_pair(monkeypatch: pytest.MonkeyPatch) -> None:
    # false variant: 8/5 instead of phi; floor(k*8/5) and floor(k*8/5) + k are not complementary
    monkeypatch.setattr(claims_nivasch, "floor_phi_multiple", lambda p, q: p + (8 * q) // 5)
    report = run_claim("suriyaprakash-thm-4.3", {"n": 50})
    assert report.status == "violated"
    assert W(report)["m"] > 0


def test_ab_complementary_detects_a_missing_number(monkeypatch: pytest.MonkeyPatch) -> None:
    original = data.t_sequences

    def drop(g: int, rows: int) -> Any:
        result, path = original(g, rows)
        import copy

        result = copy.deepcopy(result)
        result.B[0].discard(5)
        return result, path

    monkeypatch.setattr(data, "t_sequences", drop)
    report = run_claim("nivasch-ab-complementary", {"g": 1, "rows": 30})
    assert report.status == "violated"
    assert (W(report)["g"], W(report)["v"]) == (0, 5)


def test_table_2_detects_a_mistranscription(monkeypatch: pytest.MonkeyPatch) -> None:
    import reference.published as published

    table = {**published.nivasch_table2(), 1: (-4, 56, 2, 282)}  # published n is 57
    monkeypatch.setattr(published, "nivasch_table2", lambda: table)
    report = run_claim("nivasch-table-2", {"g": 1, "rows": 200})
    assert report.status == "violated"
    assert W(report)["paper_n"] == 56 and W(report)["ours_n"] == 57


def test_table_2_bound_detects_a_too_small_extreme(monkeypatch: pytest.MonkeyPatch) -> None:
    import reference.published as published

    # a run of 150 rows (92 points of T_3) stops before the claimed n = 500, yet its min -4
    # (at n = 75) is below the claimed -3: a bound violation
    table = {**published.nivasch_table2(), 3: (-3, 500, 3, 0)}
    monkeypatch.setattr(published, "nivasch_table2", lambda: table)
    report = run_claim("nivasch-table-2", {"g": 3, "rows": 150})
    assert report.status == "violated"
    witness = W(report)
    assert (witness["g"], witness["ours"], witness["ours_n"], witness["slack"]) == (3, -4, 75, -1)


def test_table_5_entry_is_compared(monkeypatch: pytest.MonkeyPatch) -> None:
    import reference.published as published

    monkeypatch.setattr(published, "nivasch_table5", lambda: {1: (46, 2201)})
    report = run_claim("nivasch-conj-3.10", {"g": 1, "rows": 2300, "bound": -1})
    assert report.status == "violated"
    assert (W(report)["paper"], W(report)["ours"]) == (46, 45)


def test_conjectures_report_evidence_and_bounds(monkeypatch: pytest.MonkeyPatch) -> None:
    report = run_claim("jiao-conj-18", {"j": 3, "rows": 300})
    assert report.status == "inconclusive"
    assert any(f.get("observation") == "j=3" for f in report.facts)
    assert run_claim("jiao-conj-18", {"j": 3, "rows": 300, "delta": 0}).status == "violated"
    ho = run_claim("jiao-conj-20", {"j_min": 1, "j": 2, "rows": 400})
    assert ho.status == "inconclusive"  # Ho: T_1, T_2 are translates by 2 and 4
    found = {f["observation"]: f["translate_of_tail"] for f in ho.facts}
    assert found["j=1"][1:] == (2, 2) and found["j=2"][1:] == (4, 4)
    monkeypatch.setattr(data, "convergence_times", lambda g, rows, **_: ([0, 3, 50, 2], "fake"))
    conv = run_claim("nivasch-conj-3.10", {"g": 11, "rows": 4})  # no published R_11
    assert conv.status == "holds"
    assert conv.facts[0]["max"] == 50 and conv.facts[0]["first_start_row"] == 2
    conv = run_claim("nivasch-conj-3.10", {"g": 11, "rows": 4, "bound": 49})
    assert conv.status == "violated" and W(conv)["start_row"] == 2
    conv = run_claim("nivasch-conj-3.10", {"g": 1, "rows": 4})  # Table 5: R_1 = 45 < 50
    assert conv.status == "violated" and (W(conv)["paper"], W(conv)["ours"]) == (45, 50)
    r_bound = next(b for b in conv.bounds if b["bound"] == "R_g - convergence_time >= 0")
    assert r_bound["min_slack"] == -5


def test_theorem_12_missing_pair_is_inconclusive(monkeypatch: pytest.MonkeyPatch) -> None:
    original = data.f_t_sequences

    def drop(j: int, rows: int) -> Any:
        result, path = original(j, rows)
        kept = [
            t if value != 1 else [p for p in t if p[1] - p[0] != 1]
            for value, t in enumerate(result.T)
        ]
        return PointSequences(kept), path

    monkeypatch.setattr(data, "f_t_sequences", drop)
    report = run_claim("jiao-thm-12", {"j": 1, "rows": 50, "d": 5})
    assert report.status == "inconclusive"
    assert "(1, 1)" in report.notes[0]


# ---------------------------------------------------------------- parameters and CLI


def test_parameter_limits() -> None:
    with pytest.raises(ValueError, match="outside its limits 0 <= g <= 60"):
        run_claim("nivasch-thm-2.15", {"g": 61})
    with pytest.raises(ValueError, match="unknown parameter --gg"):
        run_claim("nivasch-thm-2.15", {"gg": 1})
    with pytest.raises(ValueError, match="unknown claim"):
        run_claim("no-such-claim")


def test_cli_exit_codes(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", "list"]) == 0
    assert "nivasch-thm-2.15" in capsys.readouterr().out
    assert main(["check", "landman-lemma-1", "--size", "12"]) == 0
    assert "HOLDS" in capsys.readouterr().out
    assert main(["check", "landman-lemma-1", "--size", "12", "--tighten", "1"]) == 1
    assert main(["check", "landman-lemma-1", "--size", "0"]) == 2
    assert "outside its limits" in capsys.readouterr().err
    assert main(["check", "landman-lemma-1", "--size", "ten"]) == 2
    assert main(["check", "nope"]) == 2


def test_cli_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", "nivasch-blass-fraenkel", "--rows", "100", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["status"] == "holds"
    assert report["bounds"][0]["min_slack"]["exact"].endswith("phi")
    assert main(["check", "list", "--json"]) == 0
    listing = json.loads(capsys.readouterr().out)
    assert {row["id"] for row in listing} == set(CLAIMS)


def test_cli_all_quick(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", "all", "--quick"]) == 0
    out = capsys.readouterr().out
    assert f"{len(CLAIMS)} claims" in out


def test_cli_claim_help(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", "nivasch-thm-2.15", "--help"]) == 0
    out = capsys.readouterr().out
    assert "--g 12" in out and "0..60" in out


def test_conjecture_3_10_reproduces_table_5_for_g_1() -> None:
    # 000 Table 5: g = 1, 45 rows to convergence, first from start row 2201
    report = run_claim("nivasch-conj-3.10", {"g": 1, "rows": 2300})
    assert report.status == "holds"
    found = next(f for f in report.facts if f.get("observation") == "max rows to convergence")
    assert (found["max"], found["first_start_row"]) == (45, 2201)
    false = run_claim("nivasch-conj-3.10", {"g": 1, "rows": 2300, "bound": 44})
    assert false.status == "violated"
    assert (W(false)["start_row"], W(false)["time"]) == (2201, 45)
