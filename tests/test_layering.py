"""Every edge of the layer picture (docs/architecture.md), imports inside functions included.

::

    grundy CLI (commands, experiments, plots, checks, conformance, output, signals)
       │
    grundy front door (grundy/__init__, grundy.api)   grundy.runs (the floor for long runs:
       │                                              chunks, store, Dask, progress)
       │
    proofs_check
       │
    registry, registry.answers (the answers it returns)
       │
    fast  ──▶  reference  ──▶  spec        decider (automata and first-order logic over
                                           a numeration: standard library and numpy only)

``verify`` (the independent verifier, beside ``proofs_check``) uses ``fast``
(the run's files), ``reference`` and ``grundy.runs``; only the CLI imports it.

``decider`` (the decision procedure of issue 36) knows nothing of games: it imports only
itself, the standard library, numpy, numba and the Ctrl-C protocol ``fast._interrupt``;
``proofs_check`` and the ``grundy`` package may import it.

``spec`` is standard library only. ``reference`` uses ``spec`` only in its
doctests, never in code. ``fast`` may use ``reference`` (data classes,
exact helpers) but not ``spec``. ``registry`` imports only what is
below it. ``proofs_check`` may use the registry but nothing else of
``grundy``. Nothing imports the CLI. The CLI reaches the compiled kernels
(``fast``) only through the registry (the memory guard ``fast._memory``, the
Ctrl-C protocol ``fast._interrupt``, the file helpers ``fast._files``, the
environment variables ``fast._config`` and the conformance checks of
``grundy.checks``, which compare kernels, excepted). ``grundy.runs`` uses only
itself and ``fast._files`` / ``fast._memory`` / ``fast._config``.
"""

from __future__ import annotations

import ast
import sys
from pathlib import Path

import pytest
from source_tree import parse

ROOT = Path(__file__).resolve().parents[1]

#: What each layer may import from the project (top-level packages, and for
#: grundy the sub-modules allowed).
ALLOWED: dict[str, set[str]] = {
    "spec": {"spec"},
    "reference": {"reference"},
    "fast": {"fast", "reference"},
    "registry": {"registry", "fast", "reference", "spec"},
    "proofs_check": {"proofs_check", "registry", "reference", "spec", "decider"},
    # the decision procedure (issue 36): automata and logic, nothing of games; its kernels
    # follow every kernel's Ctrl-C protocol (fast._interrupt: standard library only)
    "decider": {"decider", "fast._interrupt"},
    # the independent verifier: the run's files (fast.strip.checkpoint), the games' list
    # (fast._kernel_games), its chunks on Dask (the long-run floor); never the registry or the CLI
    "verify": {"verify", "fast", "reference", "grundy.runs"},
}
#: The CLI modules: everything of grundy but the registry and the front door.
CLI = ("grundy.cli", "grundy.commands", "grundy.experiments", "grundy.checks", "grundy.plots",
       "grundy.conformance", "grundy.output", "grundy.parsing", "grundy.signals",
       "grundy.published", "grundy.__main__")  # fmt: skip
#: The floor for long runs below the command line (chunks, their store, Dask, progress): it
#: may use only itself, the package's version and the file, memory and configuration
#: helpers at the bottom of ``fast`` (no kernel, nothing of the command line).
RUNS = {"grundy.runs", "grundy", "grundy.__version__", "fast._files", "fast._memory",
        "fast._config"}  # fmt: skip
#: What the front door (grundy/__init__, grundy.api) may import.
FRONT = {"grundy", "registry", "proofs_check", "spec", "decider"}
THIRD_PARTY = {"numpy", "numba", "sympy", "rich", "matplotlib", "dask", "distributed"}


def _module(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _imports(path: Path) -> list[str]:
    """Every module imported anywhere in the file (functions and classes too)."""
    tree = parse(path)
    names: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.append(node.module)
            names += [f"{node.module}.{alias.name}" for alias in node.names]
    return names


def _layer(module: str) -> str:
    if module.split(".")[0] == "registry":
        return "registry"
    if module in ("grundy", "grundy.api"):
        return "grundy.front"
    if module == "grundy.runs" or module.startswith("grundy.runs."):
        return "grundy.runs"
    if module.startswith("grundy"):
        return "grundy.cli"
    return module.split(".")[0]


def _project(name: str) -> bool:
    return name.split(".")[0] in FOLDERS


def _violations(module: str, imported: list[str]) -> list[str]:
    layer = _layer(module)
    bad = []
    for name in imported:
        if not _project(name):
            continue
        if name.startswith(("grundy.cli", "grundy.commands")) and layer != "grundy.cli":
            bad.append(f"{module} imports the CLI ({name})")
            continue
        if layer == "grundy.runs":
            if not any(name == a or name.startswith(a + ".") for a in RUNS - {"grundy"}) and (
                name != "grundy"
            ):
                bad.append(f"{module} (the long-run floor) imports {name}")
        elif layer in ALLOWED:
            if not any(name == a or name.startswith(a + ".") for a in ALLOWED[layer]):
                bad.append(f"{module} ({layer}) imports {name}")
        elif layer == "grundy.front":
            if name.split(".")[0] not in FRONT or any(name.startswith(c) for c in CLI):
                bad.append(f"{module} (front door) imports {name}")
        elif (
            layer == "grundy.cli"
            and name.split(".")[0] == "fast"
            and not name.startswith("fast._memory")  # the memory guard, not an algorithm
            and not name.startswith("fast._interrupt")  # the Ctrl-C protocol, not an algorithm
            and not name.startswith("fast._files")  # the atomic write and the digest
            and not name.startswith("fast._config")  # the environment variables
            and not module.startswith("grundy.checks")  # conformance compares kernels directly
        ):
            bad.append(f"{module} (CLI) imports {name}: ask the registry for the implementation")
    return bad


#: The project's top-level packages (the layers' folders).
FOLDERS = ("spec", "reference", "fast", "registry", "proofs_check", "verify", "decider", "grundy")
FILES = sorted(p for folder in FOLDERS for p in (ROOT / folder).rglob("*.py"))


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_imports_follow_the_layers(path: Path) -> None:
    module = _module(path)
    names = _imports(path)
    assert _violations(module, names) == []
    if _layer(module) == "spec":
        for name in names:
            top = name.split(".")[0]
            assert top in sys.stdlib_module_names or top in {"spec", "__future__"}, name
    if _layer(module) == "decider":  # its own layer: the standard library, numpy and numba
        for name in names:
            top = name.split(".")[0]
            assert top in sys.stdlib_module_names or top in {
                "decider", "numpy", "numba", "__future__"
            } or name.startswith("fast._interrupt"), name  # fmt: skip


def test_reference_code_does_not_use_the_spec() -> None:
    """reference/ may show the spec in doctests (strings), never import it."""
    for path in sorted((ROOT / "reference").glob("*.py")):
        assert not [n for n in _imports(path) if n.split(".")[0] == "spec"], path.name


@pytest.mark.parametrize(
    ("module", "source", "culprit"),
    [
        ("spec.game", "import numpy", None),
        ("reference.wsg", "def f():\n    from fast.wsg import wsg\n", "fast.wsg"),
        ("fast.tables", "import spec", "spec"),
        ("registry.core", "from proofs_check import data", "proofs_check"),
        ("proofs_check.data", "from grundy.experiments import nivasch_table5", "grundy"),
        ("proofs_check.data", "import grundy", "grundy"),
        ("registry.rows", "from grundy import output", "grundy"),
        ("grundy.api", "from grundy.commands import value", "grundy.commands"),
        ("grundy.commands.value", "from fast.rw import gvalues", "fast.rw"),
        ("grundy.runs.store", "from grundy.output import warn", "grundy.output"),
        ("grundy.runs.runner", "from verify.run import verify_run", "verify.run"),
        ("registry.rows", "import verify", "verify"),
        ("grundy.api", "from verify.run import verify_run", "verify.run"),
        ("verify.run", "from registry.rows import read_strip_record", "registry.rows"),
        ("verify.run", "from grundy.output import warn", "grundy.output"),
        ("grundy.runs.runner", "from registry import ask", "registry"),
        ("decider.logic", "from fast._memory import check", "fast._memory"),
        ("decider.automaton", "from fast.heaps import nim_sequence", "fast.heaps"),
        ("decider.automaton", "import spec", "spec"),
        ("decider.logic", "from grundy import api", "grundy"),
    ],
)
def test_the_check_can_fail(tmp_path: Path, module: str, source: str, culprit: str | None) -> None:
    path = tmp_path / "bad.py"
    path.write_text(source)
    names = _imports(path)
    bad = _violations(module, names)
    if culprit is None:  # the stdlib-only rule of spec
        assert "numpy" in names
    else:
        assert bad and culprit in bad[0]
