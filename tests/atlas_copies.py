"""An atlas copy for the tests that edit the atlas on purpose (tests/test_atlas_evidence.py,
tests/test_atlas_facts.py): the registry reads the copy instead of registry/atlas, and a
deliberate edit is signed into the copy's SHA256SUMS (the digest alone cannot tell it).

The fixtures are the test modules' own by assignment (``atlas_copy = atlas_copies.atlas_copy``):
a fixture imported by name would be shadowed by the tests' arguments of the same name.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from fast import atlas as fast_atlas
from registry.rows import ATLAS, ATLAS_DIR

__all__ = ["atlas_copy", "sign", "small_atlas"]


def sign(path: Path) -> None:
    """Put ``path``'s digest into its directory's SHA256SUMS (a deliberate, signed edit)."""
    sums = path.parent / fast_atlas.SUMS
    lines = [ln for ln in sums.read_text().splitlines() if not ln.endswith("  " + path.name)]
    sums.write_text("\n".join([*lines, f"{fast_atlas.digest(path)}  {path.name}"]) + "\n")


@pytest.fixture
def atlas_copy(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """A copy of registry/atlas that the registry reads instead (its caches emptied after)."""
    copy = tmp_path / "atlas"
    shutil.copytree(ATLAS_DIR, copy)
    monkeypatch.setattr(ATLAS, "directory", copy)
    ATLAS.clear()
    yield copy
    ATLAS.clear()


@pytest.fixture
def small_atlas(atlas_copy: Path) -> Path:
    """The copy with the state of rows 0..39 instead of the shipped one (written by the
    strip's run, signed)."""
    from fast import strip as fast_strip
    from fast.strip.checkpoint import DirectoryCheckpoints, write_state

    for old in atlas_copy.glob("*.state.npz"):
        old.unlink()
    run = atlas_copy.parent / "run"
    fast_strip.strip_periods("wythoff", 40, checkpoints=DirectoryCheckpoints(run, every=1e9),
                             keep_top=False)  # fmt: skip
    target = atlas_copy / "wythoff_rows_0_39.state.npz"
    write_state(target, run)
    sign(target)
    ATLAS.clear()
    return atlas_copy
