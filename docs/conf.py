"""Sphinx configuration of the grundy documentation site.

Build (from the repository root)::

    pip install -e '.[docs]'
    python -m sphinx -W --keep-going -b html docs docs/_build/html

Warnings are errors (``-W``); the notebooks under ``notebooks/`` are stored
without outputs and executed at build time by myst-nb (cached in
``docs/_build/.jupyter_cache``; a failing cell fails the build). The gallery's
figures are drawn at build time by the ``grundy plot`` commands it shows
(:func:`_gallery` below).

No Sphinx warning is suppressed (there is no ``suppress_warnings``); what is
configured deliberately instead, and why:

- A broken link between pages fails the build (``myst.xref_missing``).
  Links from a page to a file *outside* ``docs/`` (``../README.md``,
  ``../data/README.md``) are made download links of that file (MyST's
  ``path:`` scheme, :func:`_source_read`): they are repository files, not pages.
- Pages that concurrent branches add (``OPTIONAL_PAGES``: ``strip``) join
  the index's last toctree when the file exists, so the site builds with or
  without them (a plain toctree entry would warn while the page is absent).
- numpydoc's docstring validation is off (``numpydoc_validation_checks``
  empty): the project's docstrings use numpydoc's sections, but many short
  helpers have a one-line docstring and no Parameters section by design.
- ``numpydoc_show_class_members = False``: autodoc's ``:members:`` lists
  the members already; numpydoc's tables would list each twice.
- Module docstrings' numpydoc sections become rubrics (:func:`_module_sections`):
  numpydoc rewrites only functions and classes, and a module's ``References``
  section would otherwise be a page section whose label repeats.
- Members that matplotlib defines on our Figure subclass are skipped
  (:func:`_skip_foreign`): matplotlib's API, with matplotlib's own roles.
- ``autodoc_mock_imports``: the test extra's pytest and hypothesis, which
  :mod:`grundy.cli.plugin_tests` imports, are mocked, so the docs extra alone builds
  the site.
- ``html_sidebars``: every top-level page without a toctree of its own (the
  theme's section navigation is empty there) shows the site's table of
  contents (Sphinx's ``globaltoc.html``); the notebooks', seeds' and API's
  pages keep the theme's section navigation.
- MathJax is served from the build (``jupyter-server-mathjax``'s MathJax 2)
  so formulas render offline; the CDN's MathJax 3 without that package.
"""

from __future__ import annotations

import os
import re
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

#: The kernels myst-nb starts talk to it over TCP on this machine only (jupyter_client's
#: default transport), and ipykernel warns once per kernel that TCP "is susceptible to
#: eavesdropping" (five lines in every build, issue 48). The warning is dropped at its source,
#: the kernel's own logger, by a profile of the build's own IPYTHONDIR (written here, under
#: _build/, so the repository and the user's ~/.ipython stay untouched): local, short-lived
#: kernels that only this build reaches. Every other kernel message is kept.
KERNEL_CONFIG = """\
# Written by docs/conf.py (see KERNEL_CONFIG there): drop ipykernel's one warning about the
# build's local TCP kernels; every other message stays.
import logging


class _LocalTcpKernel(logging.Filter):
    def filter(self, record):
        return "susceptible to eavesdropping" not in record.getMessage()


logging.getLogger("IPKernelApp").addFilter(_LocalTcpKernel())
"""
_PROFILE = DOCS / "_build" / "ipython" / "profile_default"
_PROFILE.mkdir(parents=True, exist_ok=True)
(_PROFILE / "ipython_kernel_config.py").write_text(KERNEL_CONFIG, encoding="utf-8")
os.environ["IPYTHONDIR"] = str(_PROFILE.parent)

# autodoc + numpydoc
autodoc_member_order = "bysource"
autodoc_default_options = {"members": True, "show-inheritance": False}
autodoc_typehints = "none"  # numpydoc's Parameters section says the types
numpydoc_show_class_members = False
numpydoc_validation_checks: set[str] = set()
numpydoc_xref_param_type = False
# grundy.cli.plugin_tests (the property tests of a plugin's games) imports the test extra's
# pytest and hypothesis: mocked, so `pip install -e '.[docs]'` alone builds the site; the
# page shows the module's docstring and names, which need neither.
autodoc_mock_imports = ["hypothesis", "pytest"]

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


def _pages_without_a_toctree() -> list[str]:
    """The top-level pages (``docs/*.md`` but the index) that hold no toctree of their own."""
    return sorted(
        page.stem
        for page in DOCS.glob("*.md")
        if page.stem != "index" and "{toctree}" not in page.read_text(encoding="utf-8")
    )


# The theme's primary sidebar shows the pages *below* the current top-level page, so a
# top-level page without a toctree of its own (every page but the notebooks', the seeds' and
# the API's indexes) had an empty "Section Navigation": those get the site's table of
# contents, their own sections under their entry.
html_sidebars = {page: ["globaltoc.html"] for page in _pages_without_a_toctree()}


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
        mathjax_path = "MathJax.js?config=TeX-AMS-MML_HTMLorMML-full"


mathjax_path = "https://cdn.jsdelivr.net/npm/mathjax@3/es5/tex-mml-chtml.js"
_local_mathjax()
if mathjax_path.startswith("MathJax.js"):
    # MathJax 2: Sphinx writes \( \) and \[ \] inside elements of class "math";
    # MyST marks the page body "tex2jax_ignore" so that only those are typeset.
    myst_update_mathjax = False
    mathjax2_config = {
        "tex2jax": {
            "inlineMath": [["\\(", "\\)"]],
            "displayMath": [["\\[", "\\]"]],
            "processClass": "tex2jax_process|mathjax_process|math|output_area",
            "ignoreClass": "tex2jax_ignore|mathjax_ignore|document",
            "processEscapes": True,
        },
        "HTML-CSS": {
            "availableFonts": ["STIX-Web"],
            "preferredFont": "STIX-Web",
            "webFont": "STIX-Web",
            "imageFont": None,
        },
        "messageStyle": "none",
    }


#: Pages that other branches add: listed in the index's last toctree when present.
OPTIONAL_PAGES: list[str] = []  # strip.md has joined the index
#: Markdown links out of docs/ (``../README.md``, ``../data/README.md``) become
#: download links of the file (MyST's ``path:`` scheme): they are files of the
#: repository, not pages of the site.
_OUTSIDE_LINK = re.compile(r"\]\((\.\./[^)#\s]+\.md)(#[^)\s]*)?\)")


def _claims_table(seed: str) -> str:
    """The registered claims whose source is seed ``seed``, as a Markdown table."""
    from proofs_check.catalogue import load_claims

    bar = "\\|"  # a | inside a table cell
    rows = [
        f"| `{c.id}` | {c.kind} | {c.source} | {c.statement.replace('|', bar)} |"
        for c in load_claims().values()
        if c.source.startswith(seed)
    ]
    head = "| claim | kind | where | statement |\n|---|---|---|---|"
    note = (
        '\n\nCheck one with `grundy check ID` or `grundy.check("ID")`; '
        "see [claims](../claims.md) and [the claims notebook](../notebooks/checking-a-lemma.ipynb)."
    )
    return head + "\n" + "\n".join(rows) + note


def _source_read(app: Any, docname: str, source: list[str]) -> None:
    text = source[0]
    if docname == "index":
        present = [p for p in OPTIONAL_PAGES if (DOCS / f"{p}.md").exists()]
        text = text.replace("<!-- optional pages -->", "\n".join(present))
    for seed in re.findall(r"<!-- claims (\d{3}) -->", text):
        text = text.replace(f"<!-- claims {seed} -->", _claims_table(seed))
    if docname == "gallery":
        text = text.replace("<!-- gallery -->", _gallery_page())
    here = (DOCS / docname).parent

    def outside(match: re.Match[str]) -> str:
        target = (here / match.group(1)).resolve()
        if target.is_relative_to(DOCS):
            return match.group(0)  # a page of the site: a checked cross-reference
        return f"](path:{match.group(1)})"

    source[0] = _OUTSIDE_LINK.sub(outside, text)


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


#: The gallery: (file, caption, the ``grundy plot`` arguments). Each figure is
#: drawn at build time by exactly that command (run in-process through
#: ``grundy.cli.main``, from the repository root) into ``docs/_generated/``;
#: the page shows the command under the figure. A failing command fails the build.
#: Captions are MyST: notation in ``$...$`` is rendered as math in the heading (the
#: image's alt text gets it plain, :func:`_plain`).
GALLERY = [
    (
        "figure2.png",
        "000 Figure 2: the first terms of $T_0$ (framed) and $T_{20}$ (filled)",
        "figure2",
    ),
    ("figure9.png", "000 Figure 9: histogram of $d_n^g - n$ for $g = 30$", "figure9 --rows 100000"),
    ("figure10.png", "000 Figure 10: the first terms of $T_{200}$", "figure10"),
    (
        "figure11.png",
        "000 Figure 11: rows to convergence for $g = 10$, start rows up to $10^6$ (saved run)",
        "figure11 --input data/table5/convergence_g0_10_r0_1e6.json",
    ),
    (
        "row_periods.png",
        "The row-period atlas: exact periods and preperiods (the strip's certificate, saved runs)",
        "row-periods --input registry/atlas/wythoff_rows_0_2047.json "
        "registry/atlas/f-wythoff_columns_0_34.json registry/atlas/r-wythoff_columns_0_14.json",
    ),
    (
        "larsson_blocking.png",
        "k-blocking Wythoff Nim, $4 \\le k \\le 20$: where the P-positions gather "
        "(saved run, $10^7$ rows)",
        "larsson-blocking --input data/blocking/larsson_blocking_k4_20_rows1e7.json",
    ),
    (
        "heatmap_wythoff-pass.png",
        "Wythoff's game with a pass: $G(x, y, s)$ for both states, $x, y < 32$",
        "heatmap wythoff-pass --size 32",
    ),
    (
        "heatmap_wythoff.png",
        "Wythoff's game, $G(x, y)$ for $x, y < 64$",
        "heatmap wythoff --size 64",
    ),
    (
        "heatmap_f-wythoff.png",
        "F-Wythoff (Jiao's Table 1 and beyond), $x, y < 24$",
        "heatmap f-wythoff --size 24",
    ),
    (
        "heatmap_fibonacci-nim.png",
        "Fibonacci Nim $G(n, r)$ (Suriyaprakash's Figure 1)",
        "heatmap fibonacci-nim --size 21",
    ),
    (
        "heatmap_a-wythoff-2.png",
        "Fraenkel's 2-Wythoff, $x, y < 128$ (the compiled engine)",
        "heatmap a-wythoff:2 --size 128",
    ),
]
GENERATED = DOCS / "_generated" / "gallery"


def _gallery(app: Any) -> None:
    """Draw every gallery figure with its ``grundy plot`` command."""
    import shlex

    from grundy.cli import main

    GENERATED.mkdir(parents=True, exist_ok=True)
    here = Path.cwd()
    os.chdir(ROOT)
    try:
        for name, _, command in GALLERY:
            argv = ["plot", *shlex.split(command), "--quiet", "--out", str(GENERATED / name)]
            if main(argv) != 0:
                raise RuntimeError(f"gallery: 'grundy {' '.join(argv)}' failed")
    finally:
        os.chdir(here)


def _plain(caption: str) -> str:
    """A caption without its math markup, for an image's alt text.

    >>> _plain("the first terms of $T_{20}$")
    'the first terms of T_20'
    """
    return caption.replace("$", "").replace("{", "").replace("}", "")


def _gallery_page() -> str:
    blocks = []
    for name, caption, command in GALLERY:
        blocks.append(
            f"## {caption}\n\n```{{image}} _generated/gallery/{name}\n:alt: {_plain(caption)}\n"
            f":width: 100%\n```\n\n```console\n$ grundy plot {command} --out {name}\n```\n"
        )
    return "\n".join(blocks)


def _skip_foreign(app: Any, what: str, name: str, obj: Any, skip: bool, options: Any) -> Any:
    """Skip members that another library defines on our subclasses.

    matplotlib writes a ``set`` method onto every Artist subclass
    (:class:`grundy.plot.PlotFigure` is one), with matplotlib's own roles in
    its docstring; it is matplotlib's API, documented there.
    """
    module = getattr(obj, "__module__", None) or ""
    if module.startswith("matplotlib"):
        return True
    return None


def setup(app: Any) -> dict[str, Any]:
    app.connect("builder-inited", _gallery)
    app.connect("autodoc-skip-member", _skip_foreign)
    app.connect("source-read", _source_read)
    app.connect("autodoc-process-docstring", _module_sections)
    return {"parallel_read_safe": True}
