"""``grundy sequence`` and the OEIS recurrence claims (grundy.oeis, proofs_check.claims_oeis).

Every kind is compared with the spec (the oracle) on a small board; the
published OEIS terms of A004484/A004485 are test data with their source
(reference/data/oeis_wythoff_rows.json).
"""

from __future__ import annotations

import subprocess
import sys
from functools import cache
from math import isqrt
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from strategies import piles, sizes

import grundy
import spec
from grundy import oeis
from grundy.cli import main
from proofs_check.catalogue import run_claim
from reference.published import load_published

GAMES = ["wythoff", "f-wythoff", "r-wythoff", "nimhof:1,0/0,1/1,1", "a-wythoff:2"]
SIZE = 40


@cache
def _game(game: str) -> spec.ImpartialGame:
    return spec.get_game(game)  # one instance per game: the spec's memo lives on it


def _spec(game: str, x: int, y: int) -> int:
    return spec.grundy(_game(game), (x, y))


def _spec_zero(game: str, x: int) -> int:
    return next(y for y in range(10 * SIZE) if _spec(game, x, y) == 0)


@pytest.mark.parametrize("game", GAMES)
@given(x=piles(6), lo=sizes(20), terms=sizes(15, lo=1))
def test_row_and_column_equal_the_spec(game: str, x: int, lo: int, terms: int) -> None:
    row = oeis.sequence(game, f"row={x}", terms, offset=lo)
    assert row.terms == [_spec(game, x, n) for n in range(lo, lo + terms)]
    column = oeis.sequence(game, f"column={x}", terms, offset=lo)
    assert column.terms == [_spec(game, n, x) for n in range(lo, lo + terms)]
    assert row.certificate.startswith("exact")


@pytest.mark.parametrize("game", GAMES)
def test_table_kinds_equal_the_spec(game: str) -> None:
    assert oeis.sequence(game, "diagonal", 12).terms == [_spec(game, n, n) for n in range(12)]
    expected = []
    for d in range(8):
        expected += [_spec(game, d - k, k) for k in range(d + 1)]
    assert oeis.sequence(game, "antidiagonals", len(expected)).terms == expected
    assert oeis.sequence(game, "zeros", 10, offset=3).terms == [
        _spec_zero(game, n) for n in range(3, 13)
    ]


@pytest.mark.parametrize("game", GAMES)
def test_p_positions_and_inverse_rows_equal_the_spec(game: str) -> None:
    pairs = sorted((a, _spec_zero(game, a)) for a in range(SIZE))
    pairs = [(a, b) for a, b in pairs if a <= b][:12]
    assert oeis.sequence(game, "lower-p", 12).terms == [a for a, _ in pairs]
    assert oeis.sequence(game, "upper-p", 12).terms == [b for _, b in pairs]
    x = 3
    row = [_spec(game, x, y) for y in range(4 * SIZE)]
    if len(set(row)) < len(row):  # r-wythoff: a row is not a line of moves
        with pytest.raises(ValueError, match="twice"):
            oeis.sequence(game, f"inverse-row={x}", 15)
        return
    assert oeis.sequence(game, f"inverse-row={x}", 15).terms == [row.index(v) for v in range(15)]


def test_wythoff_kinds_at_scale_use_theorem_1_1() -> None:
    n = 10**15
    lower = oeis.sequence("wythoff", "lower-p", 2, offset=n)
    assert lower.terms[0] == (n + isqrt(5 * n * n)) // 2  # floor(n phi), exactly
    assert oeis.sequence("wythoff", "upper-p", 1, offset=n).terms == [lower.terms[0] + n]
    zeros = oeis.sequence("wythoff", "zeros", 1, offset=lower.terms[0])
    assert zeros.terms == [lower.terms[0] + n] and zeros.method == "beatty"


def test_a_huge_offset_uses_the_certified_period() -> None:
    n = 10**30
    seq = oeis.sequence("wythoff", "row=3", 6, offset=n)
    # G(3, m + 6) = G(3, m) + 6 for m >= 8: reduce n to the first period and shift
    k = (n - 8) // 6
    assert seq.terms == [_spec("wythoff", 3, m - 6 * k) + 6 * k for m in range(n, n + 6)]


def test_fibonacci_start_equals_the_spec() -> None:
    g = spec.get_game("fibonacci-nim")
    seq = oeis.sequence("fibonacci-nim", "start", 12, offset=1)
    assert seq.terms == [spec.grundy(g, (n, n - 1)) for n in range(1, 13)]


@pytest.mark.parametrize("oeis_id", ["A004484", "A004485"])
def test_published_oeis_terms(oeis_id: str) -> None:
    entry = load_published("oeis_wythoff_rows")["sequences"][oeis_id]
    seq = oeis.sequence("wythoff", f"row={entry['row']}", len(entry["terms"]))
    assert seq.terms == entry["terms"]


def test_formula_lines_and_their_recurrence() -> None:
    lines = oeis.row_formula("wythoff", 3)
    assert lines[0] == "a(n) = a(n-1) + a(n-6) - a(n-7) for n > 14."
    a = [_spec("wythoff", 3, n) for n in range(60)]
    assert all(a[n] == a[n - 1] + a[n - 6] - a[n - 7] for n in range(15, 60))
    assert a[14] != a[13] + a[8] - a[7]  # the threshold is sharp
    with pytest.raises(ValueError, match="no certified period"):
        oeis.row_formula("nimhof:1,0/1,1", 3)


def test_bfile_format(tmp_path: Path, capsys: Any) -> None:
    out = tmp_path / "b.txt"
    assert main(["sequence", "wythoff", "lower-p", "--terms", "5", "--offset", "1",
                 "--bfile", str(out)]) == 0  # fmt: skip
    text = out.read_text()
    assert text == "1 1\n2 3\n3 4\n4 6\n5 8\n"
    assert "wrote 5 terms" in capsys.readouterr().out


@pytest.mark.parametrize(
    "args, message",
    [
        (["wythoff", "rows=3"], "kind must be one of"),
        (["wythoff", "row=x"], "needs X an integer"),
        (["wythoff", "diagonal=2"], "without '='"),
        (["nim", "row=3"], "one-heap game nim"),
        (["fibonacci-nim+nim", "row=3"], "two-pile"),
        (["wythoff", "start"], "fibonacci-nim"),
        (["wythoff", "row=3", "--terms", "0"], "--terms"),
        (["wythoff", "row=3", "--terms", "1e400"], "--terms"),
        (["wythoff", "row=3", "--offset", "-1"], "--offset"),
        (["wythoff", "diagonal", "--formula"], "--formula"),
        (["nimhof:1,0/1,1", "row=3", "--formula"], "no certified period"),
        (["wythoff", "row=3", "--bfile", "/proc/x/b.txt"], "--bfile"),
    ],
)
def test_bad_input_is_one_line_exit_2(args: list[str], message: str) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "grundy", "sequence", *args],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 2, done.stderr
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr
    assert message in done.stderr


def test_recurrence_claim_flags_a_wrong_listed_term(monkeypatch: pytest.MonkeyPatch) -> None:
    data = load_published("oeis_wythoff_rows")
    entry = dict(data["sequences"]["A004484"])
    entry["terms"] = [*entry["terms"][:10], entry["terms"][10] + 1, *entry["terms"][11:]]
    patched = {**data, "sequences": {**data["sequences"], "A004484": entry}}
    monkeypatch.setattr("proofs_check.claims_oeis.load_published", lambda name: patched)
    report = run_claim("oeis-a004484-recurrence", quick=True)
    assert report.status == "violated" and report.witness is not None
    assert report.witness["n"] == 10


def test_a_high_atlas_row_computes_only_the_columns_asked() -> None:
    """Row 700 from the atlas: its preperiod (3.3e7 values) is not computed for a few terms."""
    import grundy
    from registry import ask

    period = grundy.period("wythoff", 700)  # the record at once, the values on request
    assert period.status == "certified" and period.implementation == "atlas"
    assert grundy.period("wythoff", 3).head(3) == [3, 4, 5]
    terms = oeis.sequence("wythoff", "row=700", 6, offset=695).terms
    assert terms == ask("grundy-table", "wythoff", size=701)[700, 695:701].tolist()


def test_far_terms_of_an_atlas_row_stream_the_row_up_to_their_columns(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Past the preperiod the terms reduce into one period: only that much row is computed.

    ``period`` gives the atlas's record at once, no values; the oracle is the strip
    itself at the far columns (no period used).
    """
    from fast.strip import value_at

    found = grundy.period("wythoff", 100)
    assert found.implementation == "atlas"
    mu, p = found.preperiod, found.period
    offset = mu + 3 * p + p - 2  # the five terms wrap around a period
    seq = oeis.sequence("wythoff", "row=100", 5, offset=offset)
    assert seq.terms == [value_at("wythoff", 100, m) for m in range(offset, offset + 5)]
    assert seq.method == "row-period (atlas)"


def test_far_terms_of_a_high_row_are_refused_by_the_strips_time() -> None:
    with pytest.raises(ValueError, match=r"'row-values'.*fast.strip: about [\d,]+ s \(budget 60"):
        oeis.sequence("wythoff", "row=700", 5, offset=10**11)
