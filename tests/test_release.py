"""The release: one version everywhere, and a wheel holding only the packages and their data."""

from __future__ import annotations

import re
import subprocess
import sys
import tomllib
import zipfile
from importlib.metadata import version
from pathlib import Path

import pytest

import grundy

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = {
    "floor", "spec", "reference", "fast", "registry", "proofs_check", "runs", "verify", "decider",
    "grundy", "certcheck", "heapcheck",
}  # fmt: skip


def test_version_is_read_from_the_package_metadata() -> None:
    declared = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]
    assert grundy.__version__ == version("grundy-wythoff") == declared
    init = (ROOT / "grundy" / "__init__.py").read_text()
    assert declared not in init  # written once, in pyproject.toml


def test_citation_and_changelog_name_the_version() -> None:
    citation = (ROOT / "CITATION.cff").read_text()
    assert re.search(rf"^version: {re.escape(grundy.__version__)}$", citation, re.M)
    assert "cff-version: 1.2.0" in citation
    assert citation.count("- type:") >= 5  # the five seed papers as references
    changelog = (ROOT / "CHANGELOG.md").read_text()
    first = re.search(r"^## \[([^\]]+)\]", changelog, re.M)
    assert first is not None and first.group(1) == grundy.__version__


def test_pyproject_has_classifiers_urls_and_docs_extra() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    assert any(c.startswith("License :: ") for c in project["classifiers"])
    assert {"Homepage", "Documentation", "Source", "Changelog"} <= set(project["urls"])
    assert any(d.startswith("sphinx") for d in project["optional-dependencies"]["docs"])


def wheel_problems(names: list[str]) -> list[str]:
    """What a wheel's file list holds that it should not, or lacks."""
    problems = []
    tops = {n.split("/")[0] for n in names}
    dist_info = {t for t in tops if t.endswith(".dist-info")}
    if len(dist_info) != 1:
        problems.append(f"expected one .dist-info, found {sorted(dist_info)}")
    if extra := tops - PACKAGES - dist_info:
        problems.append(f"unexpected top-level entries {sorted(extra)}")
    if missing := PACKAGES - tops:
        problems.append(f"packages missing {sorted(missing)}")
    problems += [f"cache file {n}" for n in names if "__pycache__" in n or n.endswith(".pyc")]
    data = {n for n in names if not n.endswith(".py") and ".dist-info/" not in n}
    problems += [
        f"unexpected data file {n}"
        for n in sorted(data)
        if not n.startswith(
            (
                "reference/data/",
                "registry/atlas/",
                "registry/heap_certificates/",
                "proofs_check/automata/",
            )
        )
        and n != "proofs_check/automaticity_map.json"
    ]
    if not any(n.endswith("wythoff_003.json") for n in data):
        problems.append("the published tables (reference/data/*.json) are missing")
    if not any(n.startswith("registry/atlas/wythoff_rows_0_") for n in data):
        problems.append("the Wythoff atlas (registry/atlas/*.json) is missing")
    if "proofs_check/automata/wythoff-p.txt" not in data:
        problems.append("the proofs' stored automata (proofs_check/automata/*.txt) are missing")
    if "proofs_check/automaticity_map.json" not in data:
        problems.append("the automaticity map (proofs_check/automaticity_map.json) is missing")
    if not any(n.startswith("registry/heap_certificates/") for n in data):
        problems.append("the heap-period certificates (registry/heap_certificates/) are missing")
    return problems


def test_wheel_problems_can_fail() -> None:
    bad = [
        "tests/test_x.py",
        "grundy/__pycache__/a.pyc",
        "spec/__init__.py",
        "x-1.dist-info/RECORD",
    ]
    found = wheel_problems(bad)
    assert any("tests" in p for p in found)
    assert any("cache file" in p for p in found)
    assert any("packages missing" in p for p in found)
    assert any("published tables" in p for p in found)
    assert any("atlas" in p for p in found)
    assert any("stored automata" in p for p in found)
    assert any("automaticity map" in p for p in found)


def test_the_wheel_holds_only_the_packages_and_their_data(tmp_path: Path) -> None:
    """Build the wheel as CI does and list it (about 10 s: an isolated setuptools build)."""
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--quiet",
            "--no-deps",
            "-w",
            str(tmp_path),
            str(ROOT),
        ],
        capture_output=True,
        text=True,
        check=False,
        timeout=600,
    )
    if done.returncode != 0:
        pytest.skip(f"pip could not build the wheel here: {done.stderr.strip()[-300:]}")
    (wheel,) = tmp_path.glob("*.whl")
    names = zipfile.ZipFile(wheel).namelist()
    assert wheel_problems(names) == []
    assert f"grundy_wythoff-{grundy.__version__}.dist-info/METADATA" in names
    assert wheel.name.startswith(f"grundy_wythoff-{grundy.__version__}-")
