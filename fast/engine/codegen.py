"""The kernels of a rule with code of its own, generated as a module and kept on disk.

A rule with a follower, region or terminal function gets its kernels
(:func:`fast.engine.kernels.fill`, :func:`fast.engine.kernels.terminal_mask`)
as a generated module in the kernel cache (:func:`kernel_cache_dir`): the
templates' source, their globals bound to the rule's functions (imported by
name), compiled with numba's ``cache=True`` there, so a second process loads
the compiled kernel instead of compiling it again. The module is named by a
digest of the engine's sources (:func:`_engine_digest`) and of the modules
that define the rule's functions: any change of either gets a new module. A
function that cannot be imported by name (defined in ``__main__`` or inside a
function) gets its kernels compiled in each process (:func:`_in_process`).
"""

from __future__ import annotations

import hashlib
import importlib.util
import inspect
import os
import sys
import tempfile
from pathlib import Path
from typing import Any

import numba

from fast._sink import JIT
from fast.engine import kernels
from fast.engine.kernels import _no_rows, _no_sink, _no_terminal, fill, terminal_mask
from fast.engine.rules import CompiledRule, _importable
from floor import config as _config
from floor.files import atomic_write_text

__all__ = ["clear_cache", "kernel_cache_dir", "package_digest", "package_files"]

#: The generated kernels, by key (the rule's functions and whether the sink is used).
_KERNELS: dict[Any, Any] = {}
_MODULES: dict[str, Any] = {}


def kernel_cache_dir() -> Path:
    """Where the generated kernel modules (and numba's cache of them) are kept.

    ``$GRUNDY_KERNEL_CACHE``, else ``$NUMBA_CACHE_DIR/grundy-kernels``, else
    ``$XDG_CACHE_HOME/grundy-wythoff/kernels`` (``~/.cache`` by default); a
    directory that cannot be written falls back to a temporary one (then
    each process compiles again).
    """
    return _config.kernel_cache_dir()


def _source_digest(function: Any) -> str:
    """The text a rule's function depends on: its whole module's source, its name, and the
    digest of every source file of its package (:func:`package_digest`: a helper it calls
    from another module of the plugin counts too)."""
    module = sys.modules.get(function.__module__)
    try:
        text = inspect.getsource(module) if module is not None else ""
    except (OSError, TypeError):
        text = ""
    return f"{function.__module__}:{function.__qualname__}\n{text}\n{package_digest(module)}"


#: Directories whose modules are never a plugin's own (the installed packages).
_INSTALLED = ("site-packages", "dist-packages")
_PACKAGE_DIGESTS: dict[str, str] = {}


def package_files(module: Any) -> list[Path]:
    """Every source file a module's code may call into from its own plugin.

    A module of a package: every ``*.py`` under its top-level package's directory. A
    top-level module (a plugin file in a directory): itself and every module already
    imported from its directory (``helpers.py`` beside it, a package there), unless the
    directory holds installed packages (site-packages: only the module itself).

    >>> import fast.engine.rules
    >>> names = {p.name for p in package_files(fast.engine.rules)}
    >>> {"codegen.py", "rules.py", "atlas.py"} <= names
    True
    """
    file = getattr(module, "__file__", None)
    if not file:
        return []
    path = Path(file).resolve()
    top = (getattr(module, "__name__", "") or "").split(".")[0]
    top_module = sys.modules.get(top)
    top_file = getattr(top_module, "__file__", None) if top_module is not None else None
    if top_file and Path(top_file).name == "__init__.py":  # a package: all its sources
        return sorted(Path(top_file).resolve().parent.rglob("*.py"))
    directory = path.parent
    if directory.name in _INSTALLED:
        return [path]
    found = {path}
    for other in list(sys.modules.values()):
        other_file = getattr(other, "__file__", None)
        if other_file and other_file.endswith(".py"):
            resolved = Path(other_file).resolve()
            if resolved.is_relative_to(directory):
                found.add(resolved)
    return sorted(found)


def package_digest(module: Any) -> str:
    """SHA-256 of the bytes of :func:`package_files` and their names relative to the
    package's (or the plugin's) directory (read once a process)."""
    name = getattr(module, "__name__", "")
    if name not in _PACKAGE_DIGESTS:
        digest = hashlib.sha256()
        files = package_files(module)
        base = Path(os.path.commonpath([p.parent for p in files])) if files else Path()
        for path in files:
            try:
                digest.update(f"{path.relative_to(base)}\n".encode() + path.read_bytes() + b"\0")
            except OSError:
                digest.update(f"{path} unreadable\0".encode())
        _PACKAGE_DIGESTS[name] = digest.hexdigest()
    return _PACKAGE_DIGESTS[name]


#: The first line of a generated module names its rule so (``grundy cache clear GAME``).
_HEADER = "Generated by fast.engine for "


def _numba_dirs() -> list[Path]:
    """Where numba may keep its cache of the generated modules: beside them, or in
    ``$NUMBA_CACHE_DIR``."""
    dirs = [kernel_cache_dir()]
    numba_dir = _config.NUMBA_CACHE_DIR.get()
    if numba_dir:
        dirs.append(Path(numba_dir))
    return dirs


def clear_cache(rule_name: str | None = None) -> list[Path]:
    """Remove the kernel cache's generated modules, numba's compiled kernels of them and the
    ``checked/`` records (:func:`fast.engine.followers.verify_rule`): all of them, or those of
    the rule named ``rule_name`` (a game's ``describe()``). Returns the files removed.

    The next process compiles and checks again. Nothing in the cache is trusted as a
    security boundary (whoever can write it can run code): it is a cache, keyed by the
    sources it was made from, and this is the remedy when in doubt.

    >>> clear_cache("no-such-game-anywhere")
    []
    """
    directory = kernel_cache_dir()
    keys = _module_keys(directory, rule_name)
    removed = _remove_compiled(keys) + _remove_checked(directory, rule_name)
    for key in keys:
        sys.modules.pop(key, None)
    _MODULES.clear()
    _KERNELS.clear()
    return removed


def _module_keys(directory: Path, rule_name: str | None) -> list[str]:
    """The generated modules' names (all, or the rule's: their first line names it)."""
    keys: list[str] = []
    for path in sorted(directory.glob("grundy_kernel_*.py")):
        try:
            first = path.read_text().split("\n", 1)[0]
        except OSError:
            continue
        if rule_name is None or first.startswith(f'"""{_HEADER}{rule_name!r}'):
            keys.append(path.stem)
    return keys


def _remove_compiled(keys: list[str]) -> list[Path]:
    """Remove the generated modules ``keys`` and numba's files of them; the paths removed."""
    removed: list[Path] = []
    for where in _numba_dirs():
        if not where.is_dir():
            continue
        for path in sorted(where.rglob("grundy_kernel_*")):
            if path.is_file() and any(path.name.startswith(k + ".") for k in keys):
                path.unlink(missing_ok=True)
                removed.append(path)
    return removed


def _remove_checked(directory: Path, rule_name: str | None) -> list[Path]:
    """Remove the ``checked/`` records (all, or the rule's: its second line); the paths removed."""
    removed: list[Path] = []
    for path in sorted((directory / "checked").glob("*")):
        try:
            lines = path.read_text().splitlines()
        except OSError:
            continue
        if rule_name is None or lines[1:2] == [rule_name]:
            path.unlink(missing_ok=True)
            removed.append(path)
    return removed


_ENGINE_DIGEST: list[str] = []
#: The modules the generated kernels are made of, besides the engine's package.
_KERNEL_MODULES = ("fast._sink", "fast._bits", "fast._jit", "fast._rules")


def _engine_digest() -> str:
    """A digest of the engine's own sources, numba's and Python's versions.

    Every module of the package ``fast.engine`` (by name and text, so that a
    module moved within it counts too) and :data:`_KERNEL_MODULES`.
    """
    if not _ENGINE_DIGEST:
        digest = hashlib.sha256(f"{numba.__version__} {sys.version}".encode())
        package = Path(kernels.__file__).parent
        paths = sorted(package.glob("*.py"))
        paths += [Path(str(getattr(sys.modules.get(m), "__file__", ""))) for m in _KERNEL_MODULES]
        for path in paths:
            if path.is_file():
                digest.update(f"{path.name}\n".encode())
                digest.update(path.read_bytes())
        _ENGINE_DIGEST.append(digest.hexdigest())
    return _ENGINE_DIGEST[0]


def _kernel_key(rule: CompiledRule) -> tuple[Any, ...]:
    return tuple(rule.python.get(label) for label in _LABELS)


_LABELS = ("compiled_followers", "compiled_regions", "compiled_terminal")
_GLOBALS = {"compiled_followers": "_FOLLOWERS", "compiled_regions": "_REGIONS",
            "compiled_terminal": "_TERMINAL"}  # fmt: skip


def _module_text(rule: CompiledRule, sink: bool, key: str) -> str | None:
    """The generated module's source, or None if a function cannot be imported by name."""
    lines = [
        f'"""{_HEADER}{rule.name!r}: its kernels, compiled with numba\'s',
        f'cache (key {key}). Do not edit: a changed source gets a new module."""',
        "import numba",
        "import numpy as np",
        "from fast._bits import ALL_ONES, ONE, lowest_zero_bit, set_bit",
        "from fast._sink import make_sink, sink_result",
        "from fast.engine.kernels import BITSETS_FULL, BUDGET_SPENT, DONE, FOLLOWER_COUNT,"
        " REGION_COUNT, _follower_code, _no_rows, _no_sink, _no_terminal, _rays_step, _record,"
        " _region_code",
    ]
    for label in _LABELS:
        function = rule.python.get(label)
        name = _GLOBALS[label]
        if function is None:
            default = "_no_terminal" if label == "compiled_terminal" else "_no_rows"
            lines.append(f"{name} = numba.njit({default})")
            continue
        where = _importable(function)
        if where is None:
            return None
        module, qualname = where
        lines.append(f"from {module} import {qualname} as _user{name}")
        options = "inline='always'" if label == "compiled_terminal" else "boundscheck=True"
        lines.append(
            f"{name} = numba.njit({options})(getattr(_user{name}, 'py_func', _user{name}))"
        )
    user = rule.python.get("compiled_followers")
    if sink and user is not None:
        lines.append(
            "_SINK = numba.njit(inline='always')(getattr(_user_FOLLOWERS, 'py_func', "
            "_user_FOLLOWERS))"
        )
    else:
        lines.append("_SINK = numba.njit(inline='always')(_no_sink)")
    lines.append(inspect.getsource(fill))
    lines.append("fill = numba.njit(boundscheck=True, cache=True)(fill)")
    lines.append(inspect.getsource(terminal_mask))
    lines.append("terminal_mask = numba.njit(boundscheck=True, cache=True)(terminal_mask)")
    return "\n".join(lines) + "\n"


class _Kernels:
    """The generated kernels of a rule: ``fill`` and ``terminal_mask``."""

    def __init__(self, fill: Any, terminal_mask: Any) -> None:
        self.fill = fill
        self.terminal_mask = terminal_mask


def _generated(rule: CompiledRule, sink: bool) -> _Kernels:
    """The rule's kernels, from the kernel cache (written and compiled there the first time).

    A function that cannot be imported by name gets its kernels compiled in
    this process only (the templates executed with it bound, no disk cache).
    """
    key_text = "\n".join(
        [_engine_digest(), f"sink={sink and JIT}"]
        + [_source_digest(f) if f is not None else "-" for f in _kernel_key(rule)]
    )
    key = hashlib.sha256(key_text.encode()).hexdigest()[:20]
    if key in _MODULES:
        return _MODULES[key]  # type: ignore[no-any-return]
    text = _module_text(rule, sink and JIT, key)
    if text is None:
        kernels = _in_process(rule, sink and JIT)
    else:
        kernels = _load_module(key, text)
    _MODULES[key] = kernels
    return kernels


def _in_process(rule: CompiledRule, sink: bool) -> _Kernels:
    """The kernels compiled in this process (a rule function that cannot be imported by name)."""
    namespace: dict[str, Any] = dict(vars(kernels))
    user = rule.python
    namespace["_FOLLOWERS"] = rule.followers or numba.njit(_no_rows)
    namespace["_REGIONS"] = rule.regions or numba.njit(_no_rows)
    namespace["_TERMINAL"] = numba.njit(inline="always")(
        user.get("compiled_terminal", _no_terminal)
    )
    follower = user.get("compiled_followers")
    namespace["_SINK"] = numba.njit(inline="always")(follower if sink and follower else _no_sink)
    exec(inspect.getsource(fill), namespace)  # the engine's own templates (fast.engine.kernels)
    exec(inspect.getsource(terminal_mask), namespace)
    return _Kernels(
        numba.njit(boundscheck=True)(namespace["fill"]),
        numba.njit(boundscheck=True)(namespace["terminal_mask"]),
    )


def _load_module(key: str, text: str) -> _Kernels:
    """Write (once) and import the generated module ``grundy_kernel_<key>``."""
    name = f"grundy_kernel_{key}"
    directory = kernel_cache_dir()
    try:
        directory.mkdir(parents=True, exist_ok=True)
        path = directory / f"{name}.py"
        if not path.exists() or path.read_text() != text:
            atomic_write_text(path, text)
    except OSError:  # not writable: a temporary directory, compiled again next time
        directory = Path(tempfile.mkdtemp(prefix="grundy-kernels-"))
        path = directory / f"{name}.py"
        path.write_text(text)
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return _Kernels(module.fill, module.terminal_mask)


def _sink_kernel(rule: CompiledRule, kernel: Any) -> bool:
    """Whether ``kernel`` is the rule's sink kernel (a NumbaError there falls back)."""
    return (
        JIT
        and rule.python.get("compiled_followers") is not None
        and (kernel is _generated(rule, sink=True).fill)
    )


def _kernel(rule: CompiledRule) -> Any:
    """The rule's follower kernel: its follower function inlined into a sink (``fast._sink``)."""
    key = _kernel_key(rule)
    if key not in _KERNELS:
        _KERNELS[key] = _generated(rule, sink=True).fill
    return _KERNELS[key]


def _buffer_kernel(rule: CompiledRule) -> Any:
    """The rule's follower kernel without the sink (the buffer serves every cell), kept.

    For a follower function that uses ``out`` beyond row writes, or does not
    inline: numba refuses it in the sink's kernel (:func:`_sink_kernel`).
    """
    kernel = _KERNELS[_kernel_key(rule)] = _generated(rule, sink=False).fill
    return kernel
