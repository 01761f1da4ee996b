"""The documentation site: built with warnings as errors, then looked at in headless Chromium.

The build and the browser check need the docs extra (``pip install -e '.[docs]'``)
and Chromium (``apt-get install chromium``); without them those tests skip,
saying what to install. The checks of the browser check itself always run.
"""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"


def _browser_check() -> ModuleType:
    spec = importlib.util.spec_from_file_location("browser_check", DOCS / "browser_check.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["browser_check"] = module
    spec.loader.exec_module(module)
    return module


def test_the_browser_check_reports_each_kind_of_problem() -> None:
    check = _browser_check()
    pages = [check.Page("a.html", 2, True), check.Page("b.html", 0, False)]
    seen = [
        {
            "path": "a.html",
            "images": [{"src": "x.png", "ok": False}, {"src": "y.png", "ok": True}],
            "formulas": 3,
            "rendered": 0,
            "raw_tex": 3,
        },
        {"path": "b.html", "error": "TypeError: frame is null"},
    ]
    found = check.problems(seen, pages)
    assert "a.html: broken image x.png" in found
    assert "a.html: 1 figures shown, expected at least 2" in found
    assert any(line.startswith("a.html: math not rendered") for line in found)
    assert "b.html: TypeError: frame is null" in found
    fine = [{"path": "a.html", "images": [{"src": "x.png", "ok": True}] * 2, "formulas": 3,
             "rendered": 3, "raw_tex": 0}]  # fmt: skip
    assert check.problems(fine, pages[:1]) == []


def test_every_notebook_is_stored_without_outputs() -> None:
    import json

    books = sorted((DOCS / "notebooks").glob("*.ipynb"))
    assert len(books) >= 5
    for path in books:
        cells = json.loads(path.read_text())["cells"]
        code = [c for c in cells if c["cell_type"] == "code"]
        assert code, path.name
        assert all(not c["outputs"] and c["execution_count"] is None for c in code), path.name


#: Imports every module the API pages document with the test extra's packages absent (the
#: docs extra alone), under autodoc's mock of docs/conf.py's ``autodoc_mock_imports``.
_DOCS_EXTRA_ONLY = """
import importlib, importlib.abc, re, sys
from pathlib import Path
sys.path.insert(0, 'docs')
import conf
from sphinx.ext.autodoc.mock import mock

class Absent(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.split('.')[0] in ('pytest', 'hypothesis', '_pytest'):
            raise ImportError(f'{name} is not installed (the test extra)')

sys.meta_path.insert(0, Absent())
names = [m for page in sorted(Path('docs/api').glob('*.md'))
         for m in re.findall(r'automodule:: ([\\w.]+)', page.read_text())]
assert 'grundy.cli.plugin_tests' in names, names
with mock(conf.autodoc_mock_imports):
    for name in names:
        importlib.import_module(name)
print(len(names), 'modules')
"""


def test_the_docs_extra_alone_imports_every_documented_module() -> None:
    """Issue 38 item 6: ``pip install -e '.[docs]'`` without the test extra builds the site:
    autodoc imports grundy.cli.plugin_tests (pytest, hypothesis) through docs/conf.py's mock."""
    if importlib.util.find_spec("sphinx") is None:
        pytest.skip("the docs extra is not installed: pip install -e '.[docs]'")
    done = subprocess.run(
        [sys.executable, "-c", _DOCS_EXTRA_ONLY], cwd=ROOT, capture_output=True, text=True,
        check=False, timeout=600,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-3000:]
    assert "modules" in done.stdout


def test_the_site_builds_and_a_browser_sees_it(tmp_path: Path) -> None:
    """The README's build command (warnings as errors, notebooks executed), then the check.

    Uses the notebook cache in docs/_build/.jupyter_cache, so a second run
    re-executes only changed notebooks (about 30 s; a first build about a minute).
    """
    if importlib.util.find_spec("sphinx") is None or importlib.util.find_spec("myst_nb") is None:
        pytest.skip("the docs extra is not installed: pip install -e '.[docs]'")
    check = _browser_check()
    site = tmp_path / "html"
    build = subprocess.run(
        [sys.executable, "-m", "sphinx", "-W", "--keep-going", "-q", "-b", "html", str(DOCS),
         str(site)],
        cwd=ROOT, capture_output=True, text=True, check=False,
        timeout=600,
    )  # fmt: skip
    assert build.returncode == 0, build.stderr[-3000:]
    for page in check.PAGES:
        assert (site / page.path).exists(), page.path
    if check.find_chromium() is None:
        pytest.skip("Chromium is not installed: apt-get install chromium (Debian/Ubuntu)")
    shots = tmp_path / "screenshots"
    assert check.main(["--site", str(site), "--out", str(shots)]) == 0
    for page in check.PAGES:
        png = shots / page.path.replace("/", "_").replace(".html", ".png")
        assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_chromium_install_hint_is_in_the_readme() -> None:
    readme = (ROOT / "README.md").read_text()
    assert "apt-get install chromium" in readme
    assert "python -m sphinx -W --keep-going -b html docs docs/_build/html" in readme


def test_every_top_level_page_has_a_navigation_sidebar() -> None:
    """Issue 38 item 6: pydata's primary sidebar lists the pages below the current top-level
    page, empty on a page without a toctree; every such page (results, gallery, architecture,
    adding-a-game, ...) gets the site's table of contents instead (a template of Sphinx's
    basic theme, which pydata extends), and the pages with a toctree keep the theme's."""
    if importlib.util.find_spec("sphinx") is None:
        pytest.skip("the docs extra is not installed: pip install -e '.[docs]'")
    import sphinx

    sys.path.insert(0, str(DOCS))
    try:
        import conf
    finally:
        sys.path.remove(str(DOCS))
    basic = Path(sphinx.__file__).parent / "themes" / "basic"
    top = {page.stem: page.read_text() for page in DOCS.glob("*.md") if page.stem != "index"}
    leaves = {name for name, text in top.items() if "{toctree}" not in text}
    assert {"results", "gallery", "architecture", "adding-a-game", "claims"} <= leaves
    assert set(conf.html_sidebars) == leaves, sorted(set(conf.html_sidebars) ^ leaves)
    for templates in conf.html_sidebars.values():
        assert templates and all((basic / name).exists() for name in templates), templates
