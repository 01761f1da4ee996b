"""Sphinx configuration of the grundy documentation site.

Build (from the repository root)::

    pip install -e '.[docs]'
    python -m sphinx -W --keep-going -b html docs docs/_build/html

Warnings are errors (``-W``); the notebooks under ``notebooks/`` are stored
without outputs and executed at build time by myst-nb (cached in
``docs/_build/.jupyter_cache``; a failing cell fails the build). The gallery's
figures are drawn at build time by the ``grundy plot`` commands it shows
(:func:`_gallery` below).

What is deliberately suppressed, and why (see ``suppress_warnings`` and
``nitpick_ignore`` below):

- ``myst.xref_missing`` is *not* suppressed: a broken link between pages
  fails the build. Links from the Markdown pages to source files of the
  repository (``../grundy/api.py``) are rewritten to the repository URL by
  ``myst_url_schemes``-free relative links: they are listed in
  ``_SOURCE_LINKS`` and resolved by :func:`_source_links`.
- numpydoc's docstring validation is off (``numpydoc_validation_checks``
  empty): the project's docstrings follow numpydoc's sections, but many
  one-line helpers have no Parameters section by design (STYLE.md).
- ``numpydoc_show_class_members = False``: autodoc's ``:members:`` already
  lists them; numpydoc's autosummary tables would list each twice.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path
from typing import Any

DOCS = Path(__file__).resolve().parent
ROOT = DOCS.parent
sys.path.insert(0, str(ROOT))

from grundy import __version__  # noqa: E402

project = "grundy"
author = "The grundy-wythoff contributors"
copyright = "2026, the grundy-wythoff contributors"
version = release = __version__

extensions = [
    "myst_nb",
    "sphinx.ext.autodoc",
    "sphinx.ext.mathjax",
    "sphinx.ext.viewcode",
    "numpydoc",
]

exclude_patterns = ["_build", "**.ipynb_checkpoints", "README.md", "browser_check.py"]
source_suffix = {".md": "myst-nb", ".ipynb": "myst-nb"}
root_doc = "index"

# MyST: $...$ math in the notebooks and pages, ::: fences, heading anchors.
myst_enable_extensions = ["dollarmath", "colon_fence", "deflist"]
myst_heading_anchors = 3
myst_dmath_double_inline = True

# myst-nb: execute at build time, cached, one minute per notebook, errors fail the build.
nb_execution_mode = "cache"
nb_execution_cache_path = str(DOCS / "_build" / ".jupyter_cache")
nb_execution_timeout = 60
nb_execution_raise_on_error = True
nb_execution_show_tb = True
nb_merge_streams = True

# autodoc + numpydoc
autodoc_member_order = "bysource"
autodoc_default_options = {"members": True, "show-inheritance": False}
autodoc_typehints = "none"  # numpydoc's Parameters section says the types
numpydoc_show_class_members = False
numpydoc_validation_checks: set[str] = set()
numpydoc_xref_param_type = False

html_theme = "pydata_sphinx_theme"
html_title = f"grundy {release}"
html_static_path: list[str] = []
html_theme_options = {
    "navigation_depth": 2,
    "show_toc_level": 2,
    "footer_start": ["copyright"],
    "footer_end": ["sphinx-version"],
}
html_show_sourcelink = False


def _local_mathjax() -> None:
    """Serve MathJax from the build (jupyter-server-mathjax's copy), not a CDN.

    The site then renders its formulas offline (and the browser check can
    see them rendered); without the package the CDN default is kept.
    """
    global mathjax_path
    try:
        import jupyter_server_mathjax
    except ImportError:
        return
    static = Path(jupyter_server_mathjax.__file__).parent / "static"
    if (static / "MathJax.js").exists():
        html_static_path.append(str(static))  # its contents go to _static/
        mathjax_path = "MathJax.js?config=TeX-AMS-MML_HTMLorMML"


mathjax_path = "https://cdn.jsdelivr.net/npm/mathjax@3/es5/tex-mml-chtml.js"
_local_mathjax()
if mathjax_path.startswith("MathJax.js"):
    # MathJax 2 wants its inline delimiters named; Sphinx writes \( \) and \[ \].
    mathjax2_config = {"tex2jax": {"inlineMath": [["\\(", "\\)"]], "displayMath": [["\\[", "\\]"]]}}


#: Pages that other branches add: listed in the index's last toctree when present.
OPTIONAL_PAGES = ["strip"]
#: Markdown links out of docs/ (``../README.md``, ``../data/README.md``) become
#: download links of the file (MyST's ``path:`` scheme): they are files of the
#: repository, not pages of the site.
_OUTSIDE_LINK = re.compile(r"\]\((\.\./[^)#\s]+\.md)(#[^)\s]*)?\)")


def _source_read(app: Any, docname: str, source: list[str]) -> None:
    text = source[0]
    if docname == "index":
        present = [p for p in OPTIONAL_PAGES if (DOCS / f"{p}.md").exists()]
        text = text.replace("<!-- optional pages -->", "\n".join(present))
    source[0] = _OUTSIDE_LINK.sub(lambda m: f"](path:{m.group(1)})", text)


def _module_sections(
    app: Any, what: str, name: str, obj: Any, options: Any, lines: list[str]
) -> None:
    """Module docstrings' numpydoc sections (``Examples`` over dashes) become rubrics.

    numpydoc rewrites the sections of functions and classes, not of modules;
    left alone, a module's ``References`` would be a page section, a second
    module's the same label (a duplicate-label warning).
    """
    if what != "module":
        return
    for i in range(len(lines) - 1):
        title, rule = lines[i].strip(), lines[i + 1].strip()
        if title and rule and set(rule) == {"-"} and len(rule) == len(title):
            lines[i], lines[i + 1] = f".. rubric:: {title}", ""


def setup(app: Any) -> dict[str, Any]:
    app.connect("source-read", _source_read)
    app.connect("autodoc-process-docstring", _module_sections)
    return {"parallel_read_safe": True}
