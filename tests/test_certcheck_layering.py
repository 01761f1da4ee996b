"""The certificate checker trusts nothing of the decider (issue 44, item 2): ``certcheck``
imports the standard library, numpy and itself only (imports inside functions too), and
stays small enough to read (about 600 lines)."""

from __future__ import annotations

import ast
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FILES = sorted((ROOT / "certcheck").glob("*.py"))


def _imports(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            assert node.level == 0, f"{path.name}: a relative import"
            names.add((node.module or "").split(".")[0])
    return names


def test_certcheck_imports_only_the_standard_library_numpy_and_itself() -> None:
    assert FILES, "no certcheck package"
    for path in FILES:
        for name in _imports(path):
            ok = name in sys.stdlib_module_names or name in {"numpy", "certcheck", "__future__"}
            assert ok, f"certcheck/{path.name} imports {name}"


def test_a_forbidden_import_is_caught(tmp_path: Path) -> None:
    bad = tmp_path / "bad.py"
    bad.write_text("def f():\n    from decider.automaton import Dfa\n", encoding="utf-8")
    assert "decider" in _imports(bad)


def test_certcheck_is_about_600_lines_at_most() -> None:
    lines = sum(len(p.read_text(encoding="utf-8").splitlines()) for p in FILES)
    assert lines <= 660, lines  # 630 before base 2 (numeration binary: xor, band; issue 45)
