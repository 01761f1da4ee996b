"""The shipped state's own facts checked against anchors it cannot forge (issue 49 item 1).

Deliberate edits of the state's meta in a copy, its inner digest recomputed by the public
helper (:func:`fast.strip.checkpoint.checkpoint_digest`) and its line in SHA256SUMS:

* the column moved by one (the strip's rule on ``D = G - y`` does not depend on the column,
  so the edited window recurs just as well): named at load by rows 0..40's own window
  certificate, the state not used, ``value`` right; default conformance fails
  (``atlas-state``); ``verify --atlas`` fails naming the column (rows recomputed from column
  0 by the verifier's strip);
* the joint period halved and the records of the rows that have it halved with it: no cheap
  anchor sees it at load (every row below the first with the full period really repeats
  with the half), so every far value proves its period over rows 0..x on the way and
  refuses when the window does not return; the default ``conformance`` (``atlas-state`` with
  ``prove``) and ``verify --atlas`` fail naming the joint period.

The small runs use an atlas of rows 0..39 built here by the strip; the shipped-size runs
that take minutes are marked ``slow``.
"""

from __future__ import annotations

import json
import warnings
from collections.abc import Callable
from pathlib import Path
from typing import Any

import atlas_copies
import numpy as np
import pytest
from atlas_copies import sign

import grundy
from fast import atlas as fast_atlas
from fast.strip import state_columns
from fast.strip.checkpoint import checkpoint_digest
from grundy.cli import main
from registry.core import QUESTIONS
from registry.rows import ATLAS, AtlasWarning
from verify.atlas import verify_atlas


def _edit_state(path: Path, change: Callable[[dict[str, Any]], None]) -> None:
    """The state's meta changed by ``change``, its inner digest and SHA256SUMS recomputed."""
    with np.load(path) as data:
        window = data["window"]
        meta = json.loads(str(data["meta"]))
    change(meta)
    text = json.dumps(meta)
    signed = checkpoint_digest(text, {"window": window})
    np.savez_compressed(path, meta=np.array(text), window=window, digest=np.array(signed))
    sign(path)


def _halve_records(directory: Path, period: int) -> list[int]:
    """Every record of a wythoff row with ``period`` set to half of it (signed); the rows."""
    rows: set[int] = set()
    for path in sorted(directory.glob("wythoff_rows_0_*.json")):
        data = json.loads(path.read_text())
        for line in data["table"]:
            if line[2] == period:
                line[2] = line[3] = period // 2
                rows.add(line[0])
        path.write_text(json.dumps(data, indent=1))
        sign(path)
    return sorted(rows)


def _halve(meta: dict[str, Any]) -> None:
    meta["period"] //= 2


def _move(shift: int) -> Callable[[dict[str, Any]], None]:
    def change(meta: dict[str, Any]) -> None:
        meta["column"] += shift

    return change


#: The atlas copies' fixtures (tests/atlas_copies.py).
atlas_copy = atlas_copies.atlas_copy
small_atlas = atlas_copies.small_atlas
small_state = atlas_copies.small_state


def _state_check(**domain: Any) -> tuple[Any, Any]:
    """The two answers of the conformance question ``atlas-state`` on ``domain``."""
    impls = {impl.name: impl for impl in QUESTIONS["atlas-state:wythoff"].implementations}
    shipped = impls["shipped state"].answer(**domain)
    anchored = impls["anchors (own certificates, closed forms)"].answer(**domain)
    return shipped, anchored


# ------------------------------------------------------------------ the untouched atlas


def test_the_untouched_state_passes_its_anchors() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error", AtlasWarning)
        assert ATLAS.state_contradicted("wythoff") == {}
        assert ATLAS.state("wythoff") is not None
    shipped, anchored = _state_check(rows=81)
    assert shipped == anchored and shipped[0][0] == "column"


def test_a_far_value_says_the_period_it_proved() -> None:
    found = grundy.value("wythoff", (5, 10**18))
    assert found.value == 10**18 + 2 and found.certificate.kind == "exact"
    assert "rows 0..5 proved to repeat with 24 from there" in found.certificate.detail
    assert "period 24, saltus" not in found.certificate.detail  # the record is not quoted


# ------------------------------------------------------------------ the column moved


@pytest.mark.parametrize("shift", [1, -1, 5])
def test_a_moved_column_is_named_at_load_and_never_answered(
    atlas_copy: Path, shift: int, capsys: pytest.CaptureFixture[str]
) -> None:
    """The shipped state's column moved (signed): rows 0..40's own certificate names it."""
    _edit_state(atlas_copy / "wythoff_rows_0_2047.state.npz", _move(shift))
    ATLAS.clear()
    column = 157614080 + shift
    with pytest.warns(AtlasWarning, match=rf"column {column:,} is contradicted by rows 0\.\.40"):
        assert ATLAS.state("wythoff") is None
    assert "fit column 157,614,080" in ATLAS.state_contradicted("wythoff")["column"]
    found = grundy.value("wythoff", (5, 10**18))
    assert found.value == 10**18 + 2 and found.certificate.kind == "exact"
    shipped, anchored = _state_check(rows=81)
    assert shipped != anchored and "contradicted" in anchored[0][1]
    assert main(["conformance", "--only", "atlas-state", "--quiet"]) == 1
    assert "FAIL" in capsys.readouterr().out


def test_the_column_check_fails_on_a_wrong_window_value() -> None:
    """The check itself: one value of row 1 changed is named, nothing is named when right."""
    anchor = fast_atlas.anchor_columns("wythoff", 4)
    truth = fast_atlas.anchor_truth(anchor)
    keep = state_columns(4)
    c = 10**6
    window = np.zeros((9, 4), dtype=np.int16)
    for k in range(4):
        window[9 - keep[k] :, k] = truth(k, np.arange(c - keep[k], c))
    assert fast_atlas.column_contradiction(window, c, truth, 4, "t") == ""
    window[-1, 1] += 3
    assert "row 1 at column 999,999" in fast_atlas.column_contradiction(window, c, truth, 4, "t")


def test_verify_names_a_moved_column(small_atlas: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Rows 0..39 (P = 768), the column moved by 384 (rows 0..19's joint period): the load's
    anchor on rows 0..19 cannot see it (a shift by a multiple of the anchor's period), the
    far value of row 39 would be wrong; the verifier's own strip from column 0 anchors every
    row and names it. A shift by P itself changes no value (the state is periodic)."""
    monkeypatch.setattr(fast_atlas, "ANCHOR_ROWS", 20)
    assert verify_atlas(small_atlas, "copy").ok
    _edit_state(small_atlas / "wythoff_rows_0_39.state.npz", _move(384))
    ATLAS.clear()
    assert ATLAS.state_contradicted("wythoff") == {}
    report = verify_atlas(small_atlas, "copy")
    assert not report.ok and "column" in report.failures[0]
    assert "recomputed from column 0" in report.failures[0]


# ------------------------------------------------------------------ the joint period halved


def test_a_halved_joint_period_is_never_answered(
    small_atlas: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Rows 0..39 (P = 768), P and the records of the rows with period 768 halved (signed).
    With the load's anchor on rows 0..19 only (P = 384 there: it cannot see it), every far
    value proves its period over rows 0..x: the top row's is refused, naming the state's
    contradiction; a low row's (period 384 really) is answered right."""
    monkeypatch.setattr(fast_atlas, "ANCHOR_ROWS", 20)
    ATLAS.clear()
    top, y = 39, 10**18 + 123
    truth = ATLAS.record_value("wythoff", top, y)
    low = ATLAS.value("wythoff", 10, y)[0]  # type: ignore[index]
    state = small_atlas / "wythoff_rows_0_39.state.npz"
    _edit_state(state, _halve)
    halved = _halve_records(small_atlas, 768)
    assert top in halved and 10 not in halved
    ATLAS.clear()
    assert ATLAS.state_contradicted("wythoff") == {}  # no cheap anchor sees it
    with pytest.raises(fast_atlas.StateContradiction, match=r"384 is not a period of rows 0\.\.39"):
        ATLAS.value("wythoff", top, y)
    assert ATLAS.value("wythoff", 10, y)[0] == low  # type: ignore[index]
    try:
        found = grundy.value("wythoff", (top, y), method="row-period")
    except ValueError as error:  # refused: the contradiction is named
        assert "contradicts itself" in str(error)
    else:
        assert found.value == truth
    shipped, anchored = _state_check(rows=20, prove=True)
    assert shipped != anchored and "is not a period" in anchored[1][1]
    report = verify_atlas(small_atlas, "copy")  # here the anchor's rows hold the edit too
    assert not report.ok and "the period P = 384 is not proved" in report.failures[0]


def test_a_doubled_joint_period_is_not_the_least(small_atlas: Path) -> None:
    """P doubled (still a period): the records' lcm says it is not the least, at load and in
    verify --atlas (every row's least period from one period of the state)."""
    _edit_state(small_atlas / "wythoff_rows_0_39.state.npz", lambda m: m.update(period=1536))
    ATLAS.clear()
    with pytest.warns(AtlasWarning, match="joint period 1,536 is not the least"):
        assert ATLAS.state("wythoff") is None
    report = verify_atlas(small_atlas, "copy")
    assert not report.ok and "is not the least" in report.failures[0]


# ------------------------------------------------------------------ the shipped atlas: slow


@pytest.mark.slow
def test_the_shipped_halving(atlas_copy: Path) -> None:
    """The issue's edit: P 786,432 -> 393,216 and the 394 records with it (signed)."""
    _edit_state(atlas_copy / "wythoff_rows_0_2047.state.npz", _halve)
    assert len(_halve_records(atlas_copy, 786432)) == 394
    ATLAS.clear()
    try:
        found = grundy.value("wythoff", (1654, 158007577))
    except ValueError as error:
        assert "contradicts itself" in str(error) or "not a period" in str(error)
    else:
        assert found.value == 158008403
    shipped, anchored = _state_check(rows=81, prove=True)
    assert shipped != anchored
    report = verify_atlas(atlas_copy, "copy")
    assert not report.ok and "joint period 393,216 is not a period" in report.failures[0]


def test_the_default_conformance_proves_the_joint_period() -> None:
    """The halving is seen only by the proof over every row: that domain of ``atlas-state``
    is a quick one, so the default ``grundy conformance`` runs it (and fails on the edit:
    test_the_shipped_halving shows the domain's answers differ)."""
    from registry import question

    door = question("atlas-state", "wythoff")
    assert {"rows": 81, "prove": True} in door.domains(include_slow=False)


@pytest.mark.slow
def test_the_shipped_column_moved_fails_verify(atlas_copy: Path) -> None:
    _edit_state(atlas_copy / "wythoff_rows_0_2047.state.npz", _move(1))
    report = verify_atlas(atlas_copy, "copy")
    assert not report.ok and "column 157,614,081 is contradicted" in report.failures[0]


def test_a_proof_reads_back_a_window_longer_than_a_block() -> None:
    """Rows 0..1399: the window (4,197 columns) is longer than the strip's block of 4,096; the
    proof reads it back whole (a period of 2 is refused as such, not by the ring)."""
    from fast.strip import BLOCK, NotAPeriod, Strip, value_from_state, window

    assert window(1400) > BLOCK
    s = Strip("wythoff", 1400, 2 * BLOCK)
    s.advance(8192)
    with pytest.raises(NotAPeriod, match=r"2 is not a period of rows 0\.\.1399"):
        value_from_state("wythoff", s.state(), 8192, 1399, 8193, 2, prove=True)


# ------------------------------------------------------------------ messages (item 4)

_CHILD = """
import sys
from pathlib import Path
import fast.atlas as fa
real = fa.Atlas.__init__
fa.Atlas.__init__ = lambda self, directory, label: real(self, Path(sys.argv.pop(1)), label)
from grundy.cli import main
raise SystemExit(main())
"""


def _grundy(directory: Path, *argv: str) -> Any:
    """``grundy argv`` in a fresh process whose registry reads the atlas in ``directory``."""
    import os
    import subprocess
    import sys

    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[1])}
    return subprocess.run([sys.executable, "-c", _CHILD, str(directory), *argv],
                          capture_output=True, text=True, env=env, timeout=300)  # fmt: skip


def test_the_state_warning_is_one_line_and_not_on_version(atlas_copy: Path) -> None:
    """A contradicted state warns in one line of the command line's style when it is read,
    never while the modules load: ``--version`` and ``--help`` print nothing else."""
    _edit_state(atlas_copy / "wythoff_rows_0_2047.state.npz", _move(1))
    version = _grundy(atlas_copy, "--version")
    assert version.returncode == 0 and version.stderr == ""
    assert len(version.stdout.splitlines()) == 1 and version.stdout.startswith("grundy ")
    helped = _grundy(atlas_copy, "--help")
    assert helped.returncode == 0 and helped.stderr == ""
    found = _grundy(atlas_copy, "value", "wythoff", "5,1000000000000000000", "--quiet")
    assert found.returncode == 0 and "= 1000000000000000002" in found.stdout
    lines = found.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("grundy: warning: atlas state ")
    assert "column 157,614,081 is contradicted" in lines[0]


@pytest.mark.parametrize(
    ("argv", "says"),
    [
        (["value", "wythoff", "-0,0"], "'-0' is negative zero"),
        (["value", "nim", "-0e5"], "negative zero"),
        (["value", "a-wythoff:\u0662", "3,4"], "ASCII digits only"),
        (["value", "nimhof:0,1/1,\u0660", "3,4"], "ASCII digits only"),
        (["value", "subtraction:1,\u0662", "5"], "ASCII digits"),
        (["table", "wythoff3", "--size", "4", "--slice", "z=\uff15"], "--slice z=\uff15"),
        (["period", "nim", "--impl", "bogus"], "unknown implementation 'bogus' of heap-period"),
    ],
)
def test_bad_input_is_refused_in_one_line(
    argv: list[str], says: str, capsys: pytest.CaptureFixture[str]
) -> None:
    capsys.readouterr()
    assert main([*argv, "--quiet"]) == 2
    lines = capsys.readouterr().err.strip().splitlines()
    assert len(lines) == 1 and says in lines[0] and "Traceback" not in lines[0], lines
