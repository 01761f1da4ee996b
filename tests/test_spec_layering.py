"""spec/ is standard library only and imports nothing from the other layers."""

import ast
import sys
from pathlib import Path

import pytest

SPEC = Path(__file__).resolve().parents[1] / "spec"


def _imported_modules(path: Path) -> list[str]:
    tree = ast.parse(path.read_text())
    names: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names.append(node.module)
    return names


@pytest.mark.parametrize("path", sorted(SPEC.glob("*.py")), ids=lambda p: p.name)
def test_spec_imports_only_stdlib_and_itself(path: Path) -> None:
    for name in _imported_modules(path):
        top = name.split(".")[0]
        assert top == "spec" or top in sys.stdlib_module_names or top == "__future__", (
            f"{path.name} imports {name}"
        )


def test_the_layering_check_can_fail(tmp_path: Path) -> None:
    bad = tmp_path / "bad.py"
    bad.write_text("import numpy\nfrom reference.wsg import wsg\n")
    assert _imported_modules(bad) == ["numpy", "reference.wsg"]
