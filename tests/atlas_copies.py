"""An atlas copy for the tests that edit the atlas on purpose (tests/test_atlas_evidence.py,
tests/test_atlas_facts.py): the registry reads the copy instead of registry/atlas, and a
deliberate edit is signed into the copy's SHA256SUMS (the digest alone cannot tell it).

The strip's run of the small state is made once a module. The fixtures are the test
modules' own by assignment (``atlas_copy = atlas_copies.atlas_copy``):
a fixture imported by name would be shadowed by the tests' arguments of the same name.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from fast import atlas as fast_atlas
from registry.rows import ATLAS, ATLAS_DIR

__all__ = ["atlas_copy", "sign", "small_atlas", "small_state"]


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


@pytest.fixture(scope="module")
def small_state(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The state of rows 0..39, written by the strip's run: once a module (a file to copy)."""
    from fast import strip as fast_strip
    from fast.strip.checkpoint import DirectoryCheckpoints, write_state

    folder = tmp_path_factory.mktemp("small_state")
    run = folder / "run"
    fast_strip.strip_periods("wythoff", 40, checkpoints=DirectoryCheckpoints(run, every=1e9),
                             keep_top=False)  # fmt: skip
    state = folder / "wythoff_rows_0_39.state.npz"
    write_state(state, run)
    return state


@pytest.fixture
def small_atlas(atlas_copy: Path, small_state: Path) -> Path:
    """The copy with the state of rows 0..39 (:func:`small_state`, copied and signed)
    instead of the shipped one."""
    for old in atlas_copy.glob("*.state.npz"):
        old.unlink()
    target = atlas_copy / small_state.name
    shutil.copyfile(small_state, target)
    sign(target)
    ATLAS.clear()
    return atlas_copy
