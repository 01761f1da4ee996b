"""One configuration module (floor/config.py) holds every environment variable, documented
once (docs/configuration.md); no other module reads the environment."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest
from source_tree import parse

from floor import config as _config

ROOT = Path(__file__).resolve().parents[1]
PACKAGES = (
    "floor", "spec", "reference", "fast", "registry", "proofs_check", "runs", "verify", "decider",
    "grundy", "certcheck",
)  # fmt: skip
#: Readers still to be switched to floor.config by the split of the strip and the engine
#: (fast/strip.py: default_threads -> strip_threads(); fast/engine.py: kernel_cache_dir).
PENDING: set[str] = set()


def _reads_environment(path: Path) -> bool:
    tree = parse(path)
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and node.attr in {"environ", "getenv", "environb"}:
            if isinstance(node.value, ast.Name) and node.value.id == "os":
                return True
        if isinstance(node, ast.ImportFrom) and node.module == "os":
            if {a.name for a in node.names} & {"environ", "getenv", "environb"}:
                return True
    return False


def test_only_the_configuration_module_reads_the_environment() -> None:
    readers = {
        str(path.relative_to(ROOT))
        for folder in PACKAGES
        for path in (ROOT / folder).rglob("*.py")
        if _reads_environment(path)
    }
    assert readers - PENDING == {"floor/config.py"}


def test_every_variable_is_documented_once() -> None:
    docs = (ROOT / "docs" / "configuration.md").read_text()
    assert "configuration" in (ROOT / "docs" / "index.md").read_text()
    for variable in _config.VARIABLES:
        assert docs.count(f"| `{variable.name}` |") == 1, variable.name
        assert variable.doc in docs, variable.name
    assert len({v.name for v in _config.VARIABLES}) == len(_config.VARIABLES)


def test_the_readers(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    for name in ("GRUNDY_STRIP_THREADS", "DASK_SCHEDULER_ADDRESS"):
        monkeypatch.delenv(name, raising=False)
    assert _config.strip_threads() is None
    assert _config.dask_scheduler() is None
    monkeypatch.setenv("GRUNDY_STRIP_THREADS", "3")
    assert _config.strip_threads() == 3
    monkeypatch.setenv("GRUNDY_STRIP_THREADS", "0")
    assert _config.strip_threads() is None
    monkeypatch.setenv("GRUNDY_KERNEL_CACHE", "")
    monkeypatch.setenv("NUMBA_CACHE_DIR", str(tmp_path))
    assert _config.kernel_cache_dir() == tmp_path / "grundy-kernels"
    monkeypatch.setenv("GRUNDY_KERNEL_CACHE", str(tmp_path / "k"))
    assert _config.kernel_cache_dir() == tmp_path / "k"
    monkeypatch.setenv("GRUNDY_PROGRESS_INTERVAL", "0.5")
    assert _config.progress_interval() == 0.5
    assert _config.plugin_names({"GRUNDY_PLUGINS": "a,b"}) == ["a", "b"]


def test_no_variable_limits_a_methods_time() -> None:
    """Issue 38 item 4: the budget (``--budget``, ``budget=``) is the one limit; the spec
    solver's former ``$GRUNDY_SPEC_SECONDS`` is gone, read nowhere."""
    names = {v.name for v in _config.VARIABLES}
    assert not any("SECONDS" in name for name in names), names
    sources = [p for d in ("spec", "registry", "grundy", "fast") for p in (ROOT / d).rglob("*.py")]
    assert not [p for p in sources if "GRUNDY_SPEC_SECONDS" in p.read_text()]
