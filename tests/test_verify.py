"""grundy verify: an independent re-check of a checkpointed strip run (the verify package).

An untouched run passes (exit 0); a flipped bit in any checkpoint, an edited
window whose digests were recomputed, and a wrong period in the record fail
(exit 1), naming the file or the segment. The verifier's own strip is checked
against the spec and fast.tables.
"""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import spec
from fast import strip
from fast import tables as fast_tables
from fast.strip.checkpoint import (
    DirectoryCheckpoints,
    checkpoint_digest,
    read_checkpoint,
    record_digest,
)
from grundy.cli import main
from verify.run import verify_run
from verify.strip import VerifyStrip


@given(game=st.sampled_from(strip.GAMES), rows=st.integers(1, 9), cols=st.integers(1, 14))
@settings(max_examples=20, deadline=None)
def test_the_verifiers_strip_equals_the_spec(game: str, rows: int, cols: int) -> None:
    truth = spec.grundy_table(spec.get_game(game), rows, cols)
    got = VerifyStrip(game, rows).run(cols).T.astype(np.int64) + np.arange(cols)
    assert got.tolist() == np.array(truth, dtype=np.int64).reshape(rows, cols).tolist()


@pytest.mark.parametrize("game", strip.GAMES)
def test_the_verifiers_strip_from_a_window(game: str) -> None:
    """Restarted from a window (its own restore), against fast.tables' independent kernel."""
    rows, cut, end = 40, 700, 1500
    table = fast_tables.grundy_table(game, end).astype(np.int64)[:rows]
    d = (table - np.arange(end)).T  # D(., y)
    w = 3 * (rows - 1)
    again = VerifyStrip.from_window(game, rows, cut, d[cut - w : cut].astype(np.int32))
    assert (again.run(end) == d[cut:end]).all()


def test_the_window_at_a_far_column_is_streamed(monkeypatch: pytest.MonkeyPatch) -> None:
    """The proof's window before y0 is recomputed a block at a time, keeping W columns: the
    rows 0..1000 run asked for 13.7 million columns at once (55 GB, a MemoryError)."""
    import verify.run as verify
    import verify.strip as verify_strip

    whole = VerifyStrip("wythoff", 30).run(9000)
    monkeypatch.setattr(verify_strip, "BLOCK", 1000)
    widest: list[int] = []
    real = VerifyStrip.run

    def run(self: VerifyStrip, y_to: int) -> np.ndarray:
        widest.append(y_to - self.y)
        return real(self, y_to)

    monkeypatch.setattr(VerifyStrip, "run", run)
    tail = VerifyStrip("wythoff", 30).last_columns(9000, 87)
    assert (tail == whole[-87:]).all() and max(widest) == 1000
    assert verify._window_at(Path("."), None, "wythoff", 30, 9000).shape == (87, 30)


def _run(directory: Path, monkeypatch: pytest.MonkeyPatch, game: str, rows: int,
         multiple: int | None) -> None:  # fmt: skip
    monkeypatch.setattr(strip, "chunk_columns", lambda rows: strip.BLOCK)
    cp = DirectoryCheckpoints(directory, every=0.0)
    strip.strip_periods(game, rows, checkpoints=cp, period_multiple=multiple)


RUNS = [("wythoff", 40, 3072), ("wythoff", 40, None), ("f-wythoff", 9, None)]


@pytest.mark.parametrize(("game", "rows", "multiple"), RUNS)
def test_an_untouched_run_passes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, game: str, rows: int, multiple: int | None
) -> None:
    _run(tmp_path, monkeypatch, game, rows, multiple)
    report = verify_run(tmp_path, workers=0)
    assert report.ok, report.failures
    assert report.lines[-1] == f"{game} rows 0..{rows - 1}: every check passed"


def test_a_flipped_bit_fails_naming_the_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _run(tmp_path, monkeypatch, "wythoff", 40, 3072)
    files = sorted(tmp_path.glob("checkpoint-*.npz"))
    assert len(files) >= 3
    for victim in files:
        original = victim.read_bytes()
        raw = bytearray(original)
        raw[len(raw) // 3] ^= 0x04
        victim.write_bytes(bytes(raw))
        assert main(["verify", str(tmp_path), "--workers", "0", "--quiet"]) == 1
        out = capsys.readouterr().out
        assert f"FAILED: {victim}" in " ".join(out.split()), out
        victim.write_bytes(original)
    assert main(["verify", str(tmp_path), "--workers", "0", "--quiet"]) == 0


def _rewrite(path: Path, meta: dict[str, Any], arrays: dict[str, np.ndarray]) -> str:
    """Write a checkpoint with its digest recomputed (a deliberate edit); returns the digest."""
    text = json.dumps(meta, sort_keys=True)
    digest = checkpoint_digest(text, arrays)
    buffer = io.BytesIO()
    payload: dict[str, Any] = {"meta": np.array(text), "digest": np.array(digest), **arrays}
    np.savez_compressed(buffer, **payload)
    path.write_bytes(buffer.getvalue())
    return digest


def _rerecord(directory: Path, change: Any) -> None:
    record = json.loads((directory / "record.json").read_text())
    change(record)
    record["digest"] = record_digest(record)
    (directory / "record.json").write_text(json.dumps(record))


def _edit_window(victim: Path) -> None:
    """One value of a checkpoint's window changed, its digest and the record's recomputed."""
    meta, arrays = read_checkpoint(victim)
    arrays["window"] = arrays["window"].copy()
    arrays["window"][-1, 17] += 1
    digest = _rewrite(victim, meta, arrays)

    def relist(record: dict[str, Any]) -> None:
        for entry in record["checkpoints"]:
            if entry["file"] == victim.name:
                entry["digest"] = digest

    _rerecord(victim.parent, relist)


def test_an_edited_window_fails_naming_the_segment(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every digest recomputed after the edit: only the recomputation can tell."""
    _run(tmp_path, monkeypatch, "wythoff", 40, 3072)
    victim = sorted(tmp_path.glob("checkpoint-*.npz"))[1]
    _edit_window(victim)
    report = verify_run(tmp_path, workers=0)
    assert not report.ok
    assert (
        f"-> {victim.name}" in report.failures[0]
        and "differs from the file's" in (report.failures[0])
    )


def _plan(directory: Path) -> list[Any]:
    import verify.run as verify

    chunks, _ = verify._plan(directory, verify.VerifyReport(True))
    return [chunk.id for chunk in chunks if "y0" in chunk.params]


@pytest.mark.parametrize("held", [True, False])
@pytest.mark.parametrize("change", ["row period", "preperiod", "joint period", "y0"])
def test_a_wrong_record_fails(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, change: str, held: bool
) -> None:
    """The cycle checked in the last segment (its ring holds the cycle's columns) and, where
    it does not (a ring of fewer columns than the run went past y0), in chunks of its own."""
    import verify.run as verify

    _run(tmp_path, monkeypatch, "wythoff", 40, 3072)
    if not held:
        monkeypatch.setattr(verify, "_holds_cycle", lambda *_: False)
    ids = _plan(tmp_path)
    if held:
        assert ids == ["c0-checkpoint-2done-000000000012288"]
    else:
        assert "proof" in ids and any(name.startswith("periods-") for name in ids)

    def edit(record: dict[str, Any]) -> None:
        if change == "row period":
            record["periodicities"][30][1] //= 2
            record["periodicities"][30][2] //= 2
        elif change == "preperiod":
            record["periodicities"][30][0] -= record["periodicities"][30][1]
        elif change == "joint period":
            record["period"] //= 2
        else:
            record["y0"] += 1

    _rerecord(tmp_path, edit)
    report = verify_run(tmp_path, workers=0)
    assert not report.ok
    expected = {
        "row period": "row 30: 384 is not a period",
        "preperiod": "record.json: row 30 says",
        "joint period": "is not proved",
        "y0": "but the first recurring window is at",
    }[change]
    assert expected in report.failures[0], report.failures
    assert main(["verify", str(tmp_path), "--workers", "0", "--quiet"]) == 1


def test_a_record_with_a_flipped_digit_is_named(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _run(tmp_path, monkeypatch, "wythoff", 20, None)
    path = tmp_path / "record.json"
    path.write_text(path.read_text().replace('"period": ', '"period": 1', 1))
    report = verify_run(tmp_path, workers=0)
    assert not report.ok and "record.json" in report.failures[0]


def test_an_unfinished_run_and_no_run(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "empty").mkdir()
    assert main(["verify", str(tmp_path / "empty"), "--workers", "0"]) == 2  # a bad input
    assert "holds no strip run" in capsys.readouterr().err
    assert not verify_run(tmp_path / "empty", workers=0).ok  # the library still fails it
    assert main(["verify", str(tmp_path / "nothing")]) == 2
    assert "is not a directory" in capsys.readouterr().err


def test_the_experiments_run_verifies_on_dask(tmp_path: Path, client: Any) -> None:
    """``row-periods --chunks DIR`` then ``verify DIR``: segments as Dask tasks."""
    out = tmp_path / "run"
    args = ["experiment", "row-periods", "--rows", "0..30", "--chunks", str(out),
            "--checkpoint-every", "1", "--quiet"]  # fmt: skip
    assert main(args) == 0
    report = verify_run(out, client=client)
    assert report.ok, report.failures


def test_a_verification_resumes_and_rechecks_a_changed_checkpoint(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``--out``: finished segments are kept; a second call reuses them unless a checkpoint
    they read changed (its digest is in the segment's parameters)."""
    import verify.run as verify

    run, out = tmp_path / "run", tmp_path / "verify"
    _run(run, monkeypatch, "wythoff", 40, 3072)
    assert verify_run(run, workers=0, out=out).ok
    real = verify.verify_chunk
    done: list[str] = []

    def counted(params: dict[str, Any]) -> dict[str, Any]:
        done.append(params["second"])
        return real(params)

    monkeypatch.setattr(verify, "verify_chunk", counted)
    again = verify_run(run, workers=0, out=out)
    assert again.ok and done == [] and "3 of 3 checks done before" in again.lines[0]
    victim = sorted(run.glob("checkpoint-*.npz"))[1]
    _edit_window(victim)
    report = verify_run(run, workers=0, out=out)
    assert sorted(done) == sorted(p.name for p in sorted(run.glob("checkpoint-*.npz"))[1:3])
    assert not report.ok and f"-> {victim.name}" in report.failures[0]


def test_a_value_outside_the_rings_type_fails_instead_of_wrapping(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The ring is int16 where the bounds allow: a value beyond them (a tampered start) is a
    failure, never a silent wrap modulo 2**16."""
    _run(tmp_path, monkeypatch, "wythoff", 40, 3072)
    real = VerifyStrip.run

    def wild(self: VerifyStrip, y_to: int) -> np.ndarray:
        out = real(self, y_to)
        return out + (1 << 16) if self.y > 6000 else out

    monkeypatch.setattr(VerifyStrip, "run", wild)
    report = verify_run(tmp_path, workers=0)
    assert not report.ok and "leaves the bounds" in report.failures[0]
