"""The independent period-certificate checker (issue 46 item 3): every shipped certificate
passes (its window recomputed from the rules where CI can afford it, its digest elsewhere),
and a tampered one (edited period, another game, truncated, a wrong value digest) fails."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

import heapcheck
from registry.heap_certificates import FOLDER, digest

#: Shipped certificates whose window the checker recomputes in CI (seconds each); the others
#: (windows of 10^5 values and more) are checked by digest here, in full by the command in
#: docs/heap-games.md.
RECOMPUTED = ["octal-0.45", "octal-0.156", "octal-0.356", "octal-0.644", "octal-0.165"]
SHIPPED = sorted(p.stem for p in FOLDER.glob("*.json"))


def _fields(name: str) -> dict[str, object]:
    return json.loads((FOLDER / f"{name}.json").read_text())  # type: ignore[no-any-return]


def _resealed(fields: dict[str, object]) -> dict[str, object]:
    fields = dict(fields)
    fields["digest"] = digest(fields)
    return fields


def test_the_shipped_list() -> None:
    assert set(RECOMPUTED) <= set(SHIPPED)
    assert {"octal-0.16", "octal-0.56", "octal-0.127", "octal-0.1777"} <= set(SHIPPED)


@pytest.mark.parametrize("name", RECOMPUTED)
def test_a_shipped_certificate_is_checked_from_the_rules(name: str) -> None:
    assert heapcheck.check(_fields(name)) is None


@pytest.mark.parametrize("name", SHIPPED)
def test_every_shipped_certificate_passes_its_digest(name: str) -> None:
    assert heapcheck.check(_fields(name), recompute=False) is None


def test_an_edited_field_fails_the_digest() -> None:
    fields = _fields("octal-0.45")
    fields["period"] = 40
    assert "digest" in str(heapcheck.check(fields))


def test_an_edited_period_resealed_fails_the_window() -> None:
    """A digest recomputed by the forger does not help: the values decide."""
    fields = _fields("octal-0.45")
    fields["period"] = 40  # a multiple: periodic, but not least, and the window moves
    end = heapcheck.window_end((0, 4, 5), 498, 40)
    fields["window_end"], fields["terms"] = end, end + 40
    assert heapcheck.check(_resealed(fields)) is not None
    fields = _fields("octal-0.45")
    fields["preperiod"] = 497
    end = heapcheck.window_end((0, 4, 5), 497, 20)
    fields["window_end"], fields["terms"] = end, end + 20
    assert heapcheck.check(_resealed(fields)) is not None


def test_another_game_fails() -> None:
    fields = _fields("octal-0.45")
    fields["game"] = "octal:0.46"
    assert "code" in str(heapcheck.check(_resealed(fields)))
    fields["code"] = [0, 4, 6]
    assert heapcheck.check(_resealed(fields)) is not None


def test_a_wrong_value_digest_fails() -> None:
    fields = _fields("octal-0.156")
    fields["values_sha256"] = "0" * 64
    assert "differ" in str(heapcheck.check(_resealed(fields)))


def test_the_command_exit_codes(tmp_path: Path) -> None:
    good = FOLDER / "octal-0.45.json"
    text = good.read_text()
    truncated = tmp_path / "t.json"
    truncated.write_text(text[: len(text) // 2])
    edited = tmp_path / "e.json"
    edited.write_text(text.replace('"period": 20', '"period": 21'))
    run = [sys.executable, "-m", "heapcheck"]
    ok = subprocess.run([*run, str(good)], capture_output=True, text=True, timeout=300)
    assert ok.returncode == 0 and "checked" in ok.stdout
    bad = subprocess.run([*run, str(edited)], capture_output=True, text=True, timeout=300)
    assert bad.returncode == 1 and "digest" in bad.stdout
    cut = subprocess.run([*run, str(truncated)], capture_output=True, text=True, timeout=300)
    assert cut.returncode == 2 and len(cut.stderr.strip().splitlines()) == 1
    assert "Traceback" not in cut.stderr


def test_the_checker_imports_nothing_of_the_project() -> None:
    code = "import sys, heapcheck; print(sorted(m for m in sys.modules if m.split('.')[0] in " \
        "('fast', 'registry', 'spec', 'reference', 'numba', 'grundy')))"  # fmt: skip
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert out.stdout.strip() == "[]"


def test_the_cli_writes_a_certificate_the_checker_accepts(tmp_path: Path) -> None:
    out = tmp_path / "c.json"
    run = [sys.executable, "-m", "grundy", "period", "octal:0.07", "--certificate", str(out)]
    made = subprocess.run(run, capture_output=True, text=True, timeout=300)
    assert made.returncode == 0, made.stderr
    assert heapcheck.check_file(out) is None
    fields = json.loads(out.read_text())
    assert (fields["preperiod"], fields["period"]) == (53, 34)


def test_the_cli_answers_certified_from_the_shipped_file_only() -> None:
    run = [sys.executable, "-m", "grundy", "period", "--certified"]
    ok = subprocess.run([*run, "octal:0.165"], capture_output=True, text=True, timeout=300)
    assert ok.returncode == 0 and "certified" in ok.stdout and "1,550" in ok.stdout
    none = subprocess.run([*run, "octal:0.07"], capture_output=True, text=True, timeout=300)
    assert none.returncode == 2 and len(none.stderr.strip().splitlines()) == 1


def test_a_subtraction_game_certificate_is_checked() -> None:
    from registry.heap_certificates import certificate

    fields = certificate("subtraction:1,3,4")
    assert (fields["preperiod"], fields["period"]) == (0, 7)
    assert heapcheck.check(fields) is None
    fields["game"] = "subtraction:1,3,5"
    assert heapcheck.check(_resealed(fields)) is not None


@pytest.mark.parametrize(
    "code", [(0, 0, 7), (0, 4, 5), (0, 6), (0, 1, 6), (0, 1, 3, 7), (4, 0, 0, 7)]
)
def test_the_sparse_pass_equals_the_rules_loop(code: tuple[int, ...]) -> None:
    """heapcheck.sparse (rare heaps, marks ahead, searches) gives the plain loop's values
    past its probe, whatever the mask it chose (Dawson's Kayles: no sparse space, every
    mask poor; 0.16, 0.356: rare values in the range)."""
    from heapcheck.check import values
    from heapcheck.sparse import PROBE, sparse_values

    terms = PROBE + 1500
    got = sparse_values(code, terms, values, dense=False)  # no fallback to the plain loop
    assert got.tolist() == values(code, terms).tolist()


@pytest.mark.parametrize("path", ["sparse", "plain"])
def test_a_window_recomputed_either_way_rejects_each_forgery(
    path: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """0.644's window (7,399 values) by the sparse pass (its default) and by the plain loop:
    the true certificate passes; a digest of the values with one value changed, a wrong
    period, a wrong preperiod (each resealed) and another game fail."""
    import hashlib
    import importlib

    module = importlib.import_module("heapcheck.check")  # the package's name is the function
    monkeypatch.setattr(module, "SPARSE_FROM", 4096 if path == "sparse" else 10**9)
    fields = _fields("octal-0.644")
    assert heapcheck.check(fields) is None
    code, pre, p = (0, 6, 4, 4), 3256, 442
    g = heapcheck.values(code, fields["terms"])  # type: ignore[arg-type]
    g[5000] ^= 1
    forged = dict(fields, values_sha256=hashlib.sha256(g.astype("<u2").tobytes()).hexdigest())
    assert "differ" in str(heapcheck.check(_resealed(forged)))
    for pre2, p2 in [(pre, p + 1), (pre, 2 * p), (pre - 1, p), (pre + 1, p)]:
        end = heapcheck.window_end(code, pre2, p2)
        wrong = dict(fields, preperiod=pre2, period=p2, window_end=end, terms=end + p2)
        assert heapcheck.check(_resealed(wrong)) is not None, (pre2, p2)
    other = dict(fields, game="octal:0.744", code=[0, 7, 4, 4])  # (0.645 has the same values)
    assert heapcheck.check(_resealed(other)) is not None
