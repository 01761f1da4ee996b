"""proofs_check claims: the registry, particular witnesses and tightness, the CLI.

Every claim on its quick range, and a deliberately false variant of every
claim (tightened bounds, false parameters, corrupted data), are run by
tests/test_statements.py; this file keeps the checks of particular findings
(exact tightness, known counterexamples) and of the command line.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

import spec
from grundy.cli import main
from proofs_check import data
from proofs_check.catalogue import CLAIMS, load_claims, run_claim
from proofs_check.claim import KINDS, Report, Run
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
        # A seed, or (issue 28's variants) an arXiv number or a journal reference.
        cited = any(
            j in entry.source
            for j in (
                "arXiv:",
                "Electron. J. Combin.",
                "Ann. Comb.",
                "J. Combin. Theory",
                "Ann. of Math.",
                "Proc. Cambridge Philos. Soc.",  # Guy and Smith (issue 46)
                "J. Integer Seq.",  # Larsson and Fox (issue 45)
                "MSRI Publ.",  # Grossman and Nowakowski, Games of No Chance 4 (issue 45)
            )
        )
        assert entry.source[:3] in ("000", "001", "002", "004") or cited


# ---------------------------------------------------------------- bound families: tighten


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
