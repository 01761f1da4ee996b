"""The citation files: CITATION.cff validates and names a preferred citation; paper.md is in
the Journal of Open Source Software's format and cites only what paper.bib holds (issue 48)."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
INSTALL = (
    "python -m venv /tmp/cff && /tmp/cff/bin/pip install cffconvert==2.0.0 && "
    "export GRUNDY_CFFCONVERT=/tmp/cff/bin/cffconvert (a venv of its own: cffconvert pins "
    "jsonschema < 4, which the docs extra cannot share)"
)


def _cffconvert() -> str | None:
    return os.environ.get("GRUNDY_CFFCONVERT") or shutil.which("cffconvert")


def test_citation_cff_validates_with_cffconvert() -> None:
    tool = _cffconvert()
    if tool is None:
        pytest.skip(f"cffconvert is not installed: {INSTALL}")
    done = subprocess.run(
        [tool, "--validate", "-i", str(ROOT / "CITATION.cff")],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "valid" in done.stdout


def test_citation_cff_names_a_preferred_citation() -> None:
    text = (ROOT / "CITATION.cff").read_text(encoding="utf-8")
    block = re.search(r"^preferred-citation:\n((?:  .*\n)+)", text, re.MULTILINE)
    assert block is not None, "CITATION.cff has no preferred-citation block"
    assert re.search(r"^  title: ", block.group(1), re.MULTILINE)
    assert re.search(r"^  authors:", block.group(1), re.MULTILINE)


def _front_matter(text: str) -> str:
    match = re.match(r"---\n(.*?)\n---\n", text, re.DOTALL)
    assert match is not None, "paper.md has no YAML front matter"
    return match.group(1)


def test_paper_md_has_the_journals_fields_and_sections() -> None:
    text = (ROOT / "paper.md").read_text(encoding="utf-8")
    front = _front_matter(text)
    for field in ("title", "tags", "authors", "affiliations", "date", "bibliography"):
        assert re.search(rf"^{field}:", front, re.MULTILINE), f"paper.md lacks {field}"
    for section in ("# Summary", "# Statement of need", "# References"):
        assert section in text, f"paper.md lacks the section {section!r}"


def test_paper_md_cites_only_entries_of_its_bibliography() -> None:
    text = (ROOT / "paper.md").read_text(encoding="utf-8")
    bib = (ROOT / "paper.bib").read_text(encoding="utf-8")
    keys = set(re.findall(r"^@\w+\{([^,]+),", bib, re.MULTILINE))
    cited = set(re.findall(r"@([A-Za-z][\w-]*)", text.split("---", 2)[2]))
    assert cited, "paper.md cites nothing"
    missing = sorted(cited - keys)
    assert not missing, f"paper.md cites keys paper.bib lacks: {missing}"
