"""The one list of the registry's registrations (issue 47 item 3): every module of ``registry/``
that registers a question, an implementation or a provider is in
:data:`registry.REGISTRATIONS`, and importing the registry registers them in its order."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import registry

PACKAGE = Path(registry.__file__).resolve().parent
#: The machinery: it defines the calls, registers nothing of its own.
MACHINERY = {"registry", "registry.core", "registry.plugins"}
CALL = re.compile(r"^\s*(?:_\w+\s*=\s*)?register_(?:question|implementation|provider)\(|"
                  r"^\s*_register\(", re.MULTILINE)  # fmt: skip


def _registering() -> set[str]:
    found = set()
    for path in sorted(PACKAGE.rglob("*.py")):
        name = ".".join(("registry", *path.relative_to(PACKAGE).with_suffix("").parts))
        name = name.removesuffix(".__init__")
        if name not in MACHINERY and CALL.search(path.read_text(encoding="utf-8")):
            found.add(name)
    return found


def test_every_module_that_registers_is_in_the_one_list() -> None:
    found = _registering()
    assert {"registry.positions", "registry.heaps", "registry.tables"} <= found  # it reads them
    missing = sorted(found - set(registry.REGISTRATIONS))
    assert missing == [], f"add {missing} to registry.REGISTRATIONS, where they register"
    for name in registry.REGISTRATIONS:
        assert (PACKAGE / f"{name.split('.', 1)[1]}.py").is_file(), name
    assert len(set(registry.REGISTRATIONS)) == len(registry.REGISTRATIONS)


def test_the_list_finds_a_module_left_out(tmp_path: Path, monkeypatch: object) -> None:
    # the check itself: a module of registrations that is not listed is found
    (tmp_path / "extra.py").write_text('register_provider("value", "x", "fast", f, g)\n')
    assert CALL.search((tmp_path / "extra.py").read_text())
    assert not CALL.search("from registry.core import register_provider\n")


_TRACE = """
import importlib.abc, json, sys
done = []
class Trace(importlib.abc.MetaPathFinder):
    def find_spec(self, fullname, path, target=None):
        if not fullname.startswith("registry"):
            return None
        for finder in sys.meta_path[1:]:
            spec = finder.find_spec(fullname, path, target)
            if spec is not None:
                run = spec.loader.exec_module
                def traced(module, run=run, name=fullname):
                    run(module)
                    done.append(name)
                spec.loader.exec_module = traced
                return spec
        return None
sys.meta_path.insert(0, Trace())
import registry
print(json.dumps(done))
"""


def test_the_modules_register_in_the_order_of_the_list() -> None:
    out = subprocess.run([sys.executable, "-c", _TRACE], capture_output=True, text=True,
                         check=True, timeout=600).stdout  # fmt: skip
    finished = [name for name in json.loads(out) if name in registry.REGISTRATIONS]
    assert finished == list(registry.REGISTRATIONS)
