"""Answers that their own evidence cannot contradict (issue 39 item 1).

Deliberate edits of an atlas copy with SHA256SUMS recomputed (the digest cannot
tell): row 5's saltus 24 -> 25, row 1000's period halved, row 300's preperiod
moved one period earlier. No command answers the wrong value as ``exact``; the
load check names what the shipped state contradicts cheaply; ``grundy verify
--atlas`` (one joint period from the state) names a wrong period or saltus and
``--atlas --rows A..B`` (recomputed from column 0) a moved preperiod; the
untouched atlas passes. The full-size runs are marked ``slow``; the same checks
run on a small atlas of rows 0..39 built here (its state by the strip's run).
"""

from __future__ import annotations

import json
import warnings
from pathlib import Path
from typing import Any

import atlas_copies
import numpy as np
import pytest
from atlas_copies import sign

import grundy
from fast import atlas as fast_atlas
from grundy.cli import main
from registry.rows import ATLAS, ATLAS_DIR, AtlasWarning
from verify.atlas import verify_atlas, verify_atlas_rows

BIG = "wythoff_rows_0_2047.json"


def _edit(directory: Path, row: int, column: int, change: Any) -> None:
    """Row ``row``'s column (1 preperiod, 2 period, 3 saltus) set to ``change(line)`` in every
    atlas file of wythoff that holds it, each signed again."""
    for path in sorted(directory.glob("wythoff_rows_0_*.json")):
        data = json.loads(path.read_text())
        if row < len(data["table"]):
            assert data["table"][row][0] == row
            data["table"][row][column] = change(data["table"][row])
            path.write_text(json.dumps(data, indent=1))
            sign(path)


#: The atlas copies' fixtures (tests/atlas_copies.py).
atlas_copy = atlas_copies.atlas_copy
small_atlas = atlas_copies.small_atlas
small_state = atlas_copies.small_state


def _quiet_record(row: int) -> tuple[int, int, int]:
    return tuple(ATLAS.record("wythoff", row))  # type: ignore[return-value]


# ------------------------------------------------------------------ at load: cheap, every time


def test_the_untouched_atlas_has_no_contradiction() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error", AtlasWarning)
        assert ATLAS.contradicted("wythoff") == {}
        assert ATLAS.record("wythoff", 5) == (27, 24, 24)


def test_a_saltus_edit_is_named_at_load_and_never_answered(
    atlas_copy: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Row 5's saltus 24 -> 25, signed: the state says D repeats (saltus = period)."""
    import grundy

    _edit(atlas_copy, 5, 3, lambda line: 25)
    with pytest.warns(AtlasWarning, match=r"row 5: saltus 25 is not the period 24"):
        assert ATLAS.row("wythoff", 5) is None
    assert 5 in ATLAS.contradicted("wythoff")
    with pytest.raises(ValueError, match="row 5 contradicts the shipped state"):
        ATLAS.record("wythoff", 5)
    found = grundy.value("wythoff", (5, 10**18))
    assert found.value == 10**18 + 2 and found.certificate.kind == "exact"
    assert main(["value", "wythoff", "5,1000000000000000000"]) == 0
    out = capsys.readouterr().out
    assert "1000000000000000002" in out and "1041666666666666667" not in out
    assert main(["period", "wythoff", "--row", "5"]) == 0
    out = capsys.readouterr().out
    assert "24" in out and "25" not in out, out


def test_the_load_check_fails_on_each_kind_of_contradiction() -> None:
    """Each check of :func:`fast.atlas.contradictions` on a tiny state (rows 0..3, P = 6; row 3
    keeps 9 columns, D = 0, 1, 0, 1, ...)."""
    window = np.zeros((9, 4), dtype=np.int16)
    window[:, 3] = np.arange(9) % 2
    state = {"rows": 4, "column": 100, "period": 6, "y0": 40, "window": window}
    good = {0: (0, 1, 1), 3: (3, 2, 2)}
    assert fast_atlas.contradictions(good, state) == {}
    assert "so 6 is not the least" in fast_atlas.contradictions({3: (3, 6, 6)}, state)[3]
    assert "does not divide" in fast_atlas.contradictions({3: (3, 4, 4)}, state)[3]
    assert "past the state's column" in fast_atlas.contradictions({3: (101, 2, 2)}, state)[3]
    assert "saltus" in fast_atlas.contradictions({3: (3, 2, 3)}, state)[3]
    assert "is not a period" in fast_atlas.contradictions({0: (0, 1, 1), 3: (3, 1, 1)}, state)[3]
    before = {**state, "y0": 109}  # columns before y0 - W are not the periodic part: not read
    assert fast_atlas.contradictions({3: (3, 1, 1)}, before) == {}


# ------------------------------------------------------------------ a small atlas: rows 0..39


def _row_past_the_window(rows: int = 40) -> int:
    """A row whose period the state's window cannot see (longer than its kept columns)."""
    from fast.strip import state_columns

    keep = state_columns(rows)
    return max(k for k in range(rows) if _quiet_record(k)[1] > keep[k] + 1)


def test_a_halved_period_is_not_believed_by_a_far_value(small_atlas: Path) -> None:
    """The state's joint period reduces y, never the record's: the halved period of a row
    the window cannot check changes no far value; verify --atlas names the row."""
    row = _row_past_the_window()
    pre, period, _ = _quiet_record(row)
    ys = [pre + 10**15 * period + j for j in (0, period // 2, period // 2 + 1, period - 1)]
    truth = [ATLAS.record_value("wythoff", row, y) for y in ys]
    assert verify_atlas(small_atlas, "copy").ok
    _edit(small_atlas, row, 2, lambda line: line[2] // 2)
    _edit(small_atlas, row, 3, lambda line: line[3] // 2)
    ATLAS.clear()
    assert _quiet_record(row)[1] == period // 2  # the load check cannot see it
    assert [ATLAS.value("wythoff", row, y)[0] for y in ys] == truth  # type: ignore[index]
    assert [ATLAS.state_value("wythoff", row, y) for y in ys] == truth
    # the command's own route too: past the state's column the value never rests on the
    # record's period, even where the strip from column 0 to the reduced column is cheaper
    answers = [grundy.value("wythoff", (row, y), method="row-period") for y in ys]
    assert [a.value for a in answers] == truth
    assert all("the value from the shipped state" in a.certificate for a in answers)
    report = verify_atlas(small_atlas, "copy")
    assert not report.ok and f"row {row}: period {period // 2:,}" in report.failures[0]
    by_name = _implementations("atlas-far-values:wythoff")  # conformance: the record's period
    domain = {"rows": [row], "turns": 10**15 + 1}  # an odd number of turns: the halving shows
    state, record = by_name["shipped state"], by_name["atlas record's period + shipped state"]
    assert record.answer(**domain) != state.answer(**domain)


def _implementations(key: str) -> dict[str, Any]:
    from registry.core import QUESTIONS

    return {impl.name: impl for impl in QUESTIONS[key].implementations}


def test_conformance_samples_the_whole_range_and_names_a_contradiction(atlas_copy: Path) -> None:
    by_name = _implementations("atlas-records:wythoff")
    files, state = by_name["atlas files"], by_name["shipped state (load check)"]
    domain = {"rows": [0, 5, 1000, 2047]}
    assert files.answer(**domain) == state.answer(**domain)
    _edit(atlas_copy, 5, 3, lambda line: 25)
    ATLAS.clear()
    with pytest.warns(AtlasWarning):
        found = state.answer(**domain)
    assert found != files.answer(**domain) and found[1] == (5, "saltus 25 is not the period 24")


def test_verify_atlas_names_a_wrong_saltus_and_a_period_too_long(small_atlas: Path) -> None:
    """verify_atlas derives each least period from one joint period: a doubled period, a
    wrong saltus are named, with the rows (the load check is bypassed: verify reads the
    files itself)."""
    row = _row_past_the_window()
    _edit(small_atlas, 7, 3, lambda line: line[3] + 1)
    _edit(small_atlas, row, 2, lambda line: line[2] * 2)
    _edit(small_atlas, row, 3, lambda line: line[3] * 2)
    report = verify_atlas(small_atlas, "copy")
    text = "\n".join(report.failures)
    assert not report.ok and "row 7: saltus" in text and f"row {row}: period" in text


def test_verify_atlas_names_a_state_that_does_not_return(small_atlas: Path) -> None:
    """A state whose joint period is wrong (halved, its digests recomputed) fails."""
    from fast.strip.checkpoint import checkpoint_digest

    path = small_atlas / "wythoff_rows_0_39.state.npz"
    with np.load(path) as data:
        arrays = {k: data[k] for k in data.files}
    meta = json.loads(str(arrays["meta"]))
    meta["period"] //= 2
    text = json.dumps(meta)
    window = arrays["window"]
    signed = checkpoint_digest(text, {"window": window})
    np.savez_compressed(path, meta=np.array(text), window=window, digest=np.array(signed))
    sign(path)
    report = verify_atlas(small_atlas, "copy")
    assert not report.ok and "joint period 384 is not a period" in report.failures[0]


def test_a_moved_preperiod_fails_verify_rows(small_atlas: Path) -> None:
    """Row 30's preperiod one period earlier: the state cannot tell, rows 0..30 from column 0
    can; the untouched rows pass."""
    assert verify_atlas_rows(small_atlas, "copy", range(28, 31), workers=0).ok
    _edit(small_atlas, 30, 1, lambda line: line[1] - line[2])
    assert verify_atlas(small_atlas, "copy").ok  # the state cannot see a preperiod
    report = verify_atlas_rows(small_atlas, "copy", range(30, 31), workers=0)
    assert not report.ok and "row 30: preperiod" in report.failures[-1]
    later = verify_atlas_rows(small_atlas, "copy", range(30, 31), workers=0)
    assert not later.ok


def test_a_preperiod_moved_later_fails_verify_rows(small_atlas: Path) -> None:
    _edit(small_atlas, 20, 1, lambda line: line[1] + 1)
    report = verify_atlas_rows(small_atlas, "copy", range(20, 21), workers=0)
    assert not report.ok and "row 20: preperiod" in report.failures[-1]


def test_verify_rows_resumes_from_its_checkpoints(
    small_atlas: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """--out: checkpoints every block; a second run (its result removed) resumes from the
    latest one whose digest checks, a damaged one is passed over, and answers the same."""
    import verify.atlas as module
    import verify.run

    monkeypatch.setattr(module, "CHECKPOINT_SECONDS", 0.0)
    monkeypatch.setattr(module, "BLOCK", 1024)  # many blocks, a checkpoint after each
    monkeypatch.setattr(verify.run, "BLOCK", 1024)
    out = tmp_path / "v"
    assert verify_atlas_rows(small_atlas, "copy", range(35, 40), workers=0, out=out).ok
    folder = out / "atlas-wythoff-rows-0-39"
    saved = sorted(folder.glob("rows-checkpoint-*.npz"), key=lambda p: int(p.stem.split("-")[-1]))
    assert len(saved) >= 2
    for stored in (folder / "chunks").glob("*.json"):
        stored.unlink()  # the finished result: gone, so the chunk runs again
    saved[-1].write_bytes(saved[-1].read_bytes()[:-40])  # damaged: passed over
    found: list[int] = []
    real = module._resume

    def spy(*args: Any) -> Any:
        got = real(*args)
        found.append(-1 if got is None else got[0])
        return got

    monkeypatch.setattr(module, "_resume", spy)
    assert verify_atlas_rows(small_atlas, "copy", range(35, 40), workers=0, out=out).ok
    assert found == [int(saved[-2].stem.split("-")[-1])]


def test_the_atlas_warning_is_one_line_of_the_command_line(
    atlas_copy: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _edit(atlas_copy, 5, 3, lambda line: 25)
    ATLAS.clear()
    assert main(["value", "wythoff", "5,1000000000000000000", "--quiet"]) == 0
    captured = capsys.readouterr()
    assert "= 1000000000000000002" in captured.out
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("grundy: warning: ") and "row 5" in lines[0]


def test_the_command_line(small_atlas: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["verify", "--atlas", str(small_atlas), "--quiet"]) == 0
    assert "verified: every check passed" in capsys.readouterr().out
    assert main(["verify", "--atlas", str(small_atlas), "--rows", "3..5", "--workers", "0",
                 "--quiet"]) == 0  # fmt: skip
    assert "every preperiod checks" in capsys.readouterr().out
    _edit(small_atlas, 4, 1, lambda line: line[1] - line[2])
    assert main(["verify", "--atlas", str(small_atlas), "--rows", "3..5", "--workers", "0",
                 "--quiet"]) == 1  # fmt: skip
    assert "FAILED" in capsys.readouterr().out
    assert main(["verify", "--atlas", "--rows", "2000..2047"]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "takes about" in err and "--rows" in err
    assert main(["verify", "--atlas", "--rows", "0..5000"]) == 2
    assert "no record of row 2048" in capsys.readouterr().err
    assert main(["verify", "--rows", "1..2"]) == 2
    assert main(["verify"]) == 2
    assert main(["verify", "--atlas", str(small_atlas / "nothing")]) == 2


# ------------------------------------------------------------------ the shipped atlas: slow


@pytest.mark.slow
def test_the_period_edit_answers_right_and_verify_names_row_1000(atlas_copy: Path) -> None:
    """Row 1000's period 393,216 -> 196,608, signed (the window cannot see it)."""
    import grundy

    _edit(atlas_copy, 1000, 2, lambda line: 196608)
    _edit(atlas_copy, 1000, 3, lambda line: 196608)
    ATLAS.clear()
    found = grundy.value("wythoff", (1000, 1000000000000196608))
    assert found.value == 1000000000000197122 and found.certificate.kind == "exact"
    report = verify_atlas(atlas_copy, "copy")
    assert not report.ok and "row 1000: period 196,608" in report.failures[0]


@pytest.mark.slow
def test_the_shipped_atlas_passes_and_the_saltus_edit_fails_verify(atlas_copy: Path) -> None:
    assert verify_atlas(ATLAS_DIR, "registry/atlas").ok
    _edit(atlas_copy, 5, 3, lambda line: 25)
    report = verify_atlas(atlas_copy, "copy")
    assert not report.ok and "row 5: saltus 25" in report.failures[0]


@pytest.mark.slow
def test_the_moved_preperiod_of_row_300(atlas_copy: Path) -> None:
    assert verify_atlas_rows(ATLAS_DIR, "registry/atlas", range(300, 301), workers=0).ok
    _edit(atlas_copy, 300, 1, lambda line: line[1] - line[2])
    ATLAS.clear()
    report = verify_atlas_rows(atlas_copy, "copy", range(300, 301), workers=0)
    assert not report.ok and "row 300: preperiod" in report.failures[-1]


def test_a_halved_period_past_the_window_is_not_answered_at_the_shipped_scale(
    atlas_copy: Path,
) -> None:
    """Row 137 of the shipped atlas (period 24,576; the state's window cannot see it at load):
    halved in a signed copy, the far value still comes from the state's joint period, where the
    strip from column 0 to the record's reduced column would be cheaper and wrong."""
    y = 123456789012345678
    truth = grundy.value("wythoff", (137, y), method="row-period")
    assert truth.value == 123456789012345606  # the README's example
    _edit(atlas_copy, 137, 2, lambda line: line[2] // 2)
    _edit(atlas_copy, 137, 3, lambda line: line[3] // 2)
    ATLAS.clear()
    assert _quiet_record(137)[1] == 12288  # the load check cannot see it
    edited = grundy.value("wythoff", (137, y), method="row-period")
    assert edited.value == truth.value
    assert "the value from the shipped state" in edited.certificate


# ------------------------------------------------------------------ the period command


def test_a_halved_period_is_never_printed_as_exact(atlas_copy: Path) -> None:
    """``period wythoff --row 137`` with the row's period halved in a signed copy: the state
    cannot confirm a least period, so the answer says the record's least period rests on the
    record (kind ``certified``, naming ``grundy verify --atlas``), never ``exact``."""
    untouched = grundy.period("wythoff", 137)
    assert untouched.certificate.kind == "certified" and untouched.period == 24576
    assert "verify --atlas" in untouched.certificate.detail
    _edit(atlas_copy, 137, 2, lambda line: line[2] // 2)
    _edit(atlas_copy, 137, 3, lambda line: line[3] // 2)
    ATLAS.clear()
    edited = grundy.period("wythoff", 137)
    assert edited.period == 12288 and edited.certificate.kind != "exact"


def test_a_cheap_row_is_confirmed_by_its_own_certificate(atlas_copy: Path) -> None:
    """A row whose strip certificate is cheap is confirmed (``exact``); its preperiod moved one
    period earlier in a signed copy (the state cannot see it) is contradicted by name, and the
    computed (right) record is answered."""
    from registry import periods

    row = 40
    right = grundy.period("wythoff", row)
    assert right.certificate.kind == "exact" and "confirmed" in right.certificate.detail
    _edit(atlas_copy, row, 1, lambda line: line[1] - line[2])
    ATLAS.clear()
    periods._strip_certificate.cache_clear()
    edited = grundy.period("wythoff", row)
    assert (edited.preperiod, edited.period, edited.saltus) == (
        right.preperiod, right.period, right.saltus)  # fmt: skip
    assert "is contradicted" in edited.certificate.detail


def test_a_value_before_the_states_column_is_never_exact_on_a_moved_preperiod(
    small_atlas: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from registry import periods

    """A value between the record's preperiod and the state's column rests on the record's
    preperiod (the state cannot tell where a period begins): with the preperiod moved one
    period earlier in a signed copy, the value at the true preperiod - 1 is not answered as
    ``exact``; past the state's column a value rests on the state alone (``exact``)."""
    row = _row_past_the_window()
    pre = _quiet_record(row)[0]
    column = int(ATLAS.state("wythoff")["column"])  # type: ignore[index]
    assert pre - 1 < column
    far = grundy.value("wythoff", (row, column + 10**12), method="row-period")
    assert far.certificate.kind == "exact"
    truth = grundy.value("wythoff", (row, pre - 1), method="table").value
    _edit(small_atlas, row, 1, lambda line: line[1] - line[2])
    ATLAS.clear()
    periods._strip_certificate.cache_clear()
    answer = grundy.value("wythoff", (row, pre - 1), method="row-period")
    # rows 0..39 are cheap: the record is confirmed, found contradicted, and the value right
    assert answer.value == truth and "is contradicted" in answer.certificate
    monkeypatch.setattr(periods, "CONFIRM_SECONDS", 0.0)  # as for a row past 80
    periods._strip_certificate.cache_clear()
    answer = grundy.value("wythoff", (row, pre - 1), method="row-period")
    assert answer.certificate.kind != "exact"
    assert "the preperiod are the record's" in answer.certificate
