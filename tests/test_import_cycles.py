"""No import cycles among the project's modules (module-level imports).

An import inside a function runs when the function is called, after every
module has loaded; one at module level runs while its module loads, so a
cycle of them makes the result depend on which module is imported first.
``from package import name`` counts as an import of ``package.name`` when that
is a module, else of ``package``; a package's ``__init__`` is not counted as
imported by its submodules (Python loads it first in any case).
"""

from __future__ import annotations

import ast
from pathlib import Path

from source_tree import parse

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = (
    "floor", "spec", "reference", "fast", "registry", "proofs_check", "runs", "verify", "decider",
    "grundy", "certcheck",
)  # fmt: skip


def _modules() -> dict[str, Path]:
    found = {}
    for folder in PACKAGES:
        for path in (ROOT / folder).rglob("*.py"):
            parts = list(path.relative_to(ROOT).with_suffix("").parts)
            if parts[-1] == "__init__":
                parts.pop()
            found[".".join(parts)] = path
    return found


def _top_level_imports(tree: ast.Module) -> list[ast.Import | ast.ImportFrom]:
    """Imports that run while the module loads (not in functions; not TYPE_CHECKING-only)."""
    found: list[ast.Import | ast.ImportFrom] = []
    stack: list[ast.AST] = list(tree.body)
    while stack:
        node = stack.pop()
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            found.append(node)
        elif isinstance(node, ast.If):
            test = ast.unparse(node.test)
            if "TYPE_CHECKING" not in test:
                stack += node.body
            stack += node.orelse
        elif isinstance(node, (ast.Try, ast.With, ast.ClassDef)):
            for field in ("body", "orelse", "finalbody", "handlers"):
                stack += getattr(node, field, [])
        elif isinstance(node, ast.ExceptHandler):
            stack += node.body
    return found


def _graph() -> dict[str, set[str]]:
    modules = _modules()
    graph: dict[str, set[str]] = {name: set() for name in modules}
    for name, path in modules.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        for node in _top_level_imports(parse(path)):
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            else:
                base = node.module or ""
                if node.level:
                    parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                    base = ".".join(parts + ([base] if base else []))
                targets = [
                    f"{base}.{alias.name}" if f"{base}.{alias.name}" in modules else base
                    for alias in node.names
                ]
            graph[name] |= {t for t in targets if t in modules and t != name}
    return graph


class _Tarjan:
    """Tarjan's strongly connected components of an import graph, one depth-first visit at a
    time; ``found`` holds the components of more than one module, each sorted."""

    def __init__(self, graph: dict[str, set[str]]) -> None:
        self.graph = graph
        self.index: dict[str, int] = {}
        self.low: dict[str, int] = {}
        self.stack: list[str] = []
        self.on_stack: set[str] = set()
        self.found: list[list[str]] = []

    def visit(self, v: str) -> None:
        self.index[v] = self.low[v] = len(self.index)
        self.stack.append(v)
        self.on_stack.add(v)
        for w in sorted(self.graph[v]):
            if w not in self.index:
                self.visit(w)
                self.low[v] = min(self.low[v], self.low[w])
            elif w in self.on_stack:
                self.low[v] = min(self.low[v], self.index[w])
        if self.low[v] == self.index[v]:
            component = self._pop_component(v)
            if len(component) > 1:
                self.found.append(sorted(component))

    def _pop_component(self, v: str) -> list[str]:
        """The modules of the stack down to ``v``, popped: ``v``'s component."""
        component = []
        while True:
            w = self.stack.pop()
            self.on_stack.discard(w)
            component.append(w)
            if w == v:
                return component


def _cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan)."""
    tarjan = _Tarjan(graph)
    for v in sorted(graph):
        if v not in tarjan.index:
            tarjan.visit(v)
    return tarjan.found


def test_no_import_cycles() -> None:
    assert _cycles(_graph()) == []


def test_the_check_finds_a_cycle() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}
    assert _cycles(graph) == [["a", "b", "c"]]
    assert "proofs_check.claims_landman" in _graph()["proofs_check.catalogue"]
