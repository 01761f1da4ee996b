"""The layer picture (docs/architecture.md) as one rule table, checked on every import.

Each **room** is a folder (a package, or a sub-package that is its own room); :data:`RULES`
says which rooms each may import (its own room always) and which packages from outside the
project (``None``: any). A module belongs to the room of the longest matching key. The
checks read every import of every file (imports inside functions and classes too):

* each direct import goes to a room its room may import;
* each module's **transitive** imports (the static import graph, a package's ``__init__``
  included whenever one of its modules is imported) stay within the rooms its room reaches
  through the table; a violation is reported with its path;
* in fresh interpreters, importing the front door, ``decider`` and ``verify`` loads nothing
  of the rooms above them (``sys.modules``);
* the table in docs/architecture.md is the one :func:`markdown_table` draws from
  :data:`RULES`, and every folder of the project is a room of it.

There is no exception list: a folder that needs another rule is a room with its own row
(``grundy.cli.checks`` compares the kernels directly, so it is a room that may import
``fast``; the rest of the command line reaches the kernels only through the registry).
"""

from __future__ import annotations

import ast
import subprocess
import sys
from collections import deque
from dataclasses import dataclass
from pathlib import Path

import pytest
from source_tree import parse

ROOT = Path(__file__).resolve().parents[1]


@dataclass(frozen=True)
class Room:
    """One row of the rule table: what a room is, and what it may import."""

    #: The rooms below it that it may import (its own room always).
    imports: frozenset[str]
    #: Packages from outside the project it may import beside the standard library
    #: (``None``: any).
    outside: frozenset[str] | None
    #: One line for docs/architecture.md.
    what: str


def _room(imports: str, what: str, outside: str | None = None) -> Room:
    return Room(
        frozenset(imports.split()), None if outside is None else frozenset(outside.split()), what
    )


#: The one rule table, top to bottom (docs/architecture.md draws its table from it).
RULES: dict[str, Room] = {
    "grundy.__main__": _room("grundy.cli", "`python -m grundy` and the `grundy` script"),
    "grundy.cli.checks": _room(
        "grundy.cli grundy verify runs proofs_check registry decider fast reference spec floor",
        "the conformance checks that compare kernels (the one part of the CLI that imports `fast`)",
    ),
    "grundy.cli": _room(
        "grundy verify certcheck runs proofs_check registry decider reference spec floor",
        "the command line: parser, commands/, experiments/, output, parsing, the "
        "command bodies; it asks the registry, never a kernel (the conformance runner loads "
        "`grundy.cli.checks` by name, as it loads a plugin)",
    ),
    "grundy": _room(
        "runs proofs_check registry decider reference spec floor",
        "the front door: `grundy.api` (value, moves, table, gvalues, period, sequence, "
        "check), oeis, plot, display, walnut; nothing of the CLI",
    ),
    "verify": _room(
        "runs fast reference floor",
        "the independent verifier: its own strip kernel, a run's files and the games' list",
    ),
    "certcheck": _room(
        "",
        "the independent checker of proof certificates: trusts nothing of the decider",
        outside="numpy",
    ),
    "heapcheck": _room(
        "",
        "the independent checker of heap-period certificates: the rules alone, nothing of the "
        "project",
        outside="numpy",
    ),
    "runs": _room(
        "floor",
        "long runs: chunks and their store, the Dask runner, the one progress bar; no kernel",
    ),
    "proofs_check": _room(
        "registry decider reference spec floor",
        "claims, theorems and their checks; data from the registry, sentences for decider",
    ),
    "registry": _room(
        "fast reference spec floor",
        "questions -> implementations with costs; the door; plugins; registry.answers",
    ),
    "fast": _room("reference floor", "numba / numpy twins of reference (strip/, engine/, ...)"),
    "reference": _room("floor", "the papers' algorithms (the spec only in doctests)"),
    "spec": _room("floor", "games (followers) and the generic mex solver", outside=""),
    "decider": _room(
        "floor",
        "automata and first-order logic over a numeration; nothing of games",
        outside="numpy numba",
    ),
    "floor": _room(
        "",
        "configuration, files and atomic writes, memory, Ctrl-C (the kernels' protocol and "
        "the process's handler), the block driver, the version",
        outside="",
    ),
}


def room_of(module: str) -> str | None:
    """The room of ``module``: the longest key of :data:`RULES` it is or lies under."""
    best = None
    for key in RULES:
        if (module == key or module.startswith(key + ".")) and (
            best is None or len(key) > len(best)
        ):
            best = key
    return best


def reach(room: str) -> set[str]:
    """Every room ``room`` may reach through the table (itself included)."""
    seen = {room}
    todo = [room]
    while todo:
        for below in RULES[todo.pop()].imports:
            if below not in seen:
                seen.add(below)
                todo.append(below)
    return seen


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


def _project(name: str) -> bool:
    return name.split(".")[0] in FOLDERS


def _violations(module: str, imported: list[str]) -> list[str]:
    """The direct imports of ``module`` that its row of :data:`RULES` does not allow."""
    room = room_of(module)
    assert room is not None, f"{module} lies in no room of the rule table"
    row = RULES[room]
    bad = []
    for name in imported:
        top = name.split(".")[0]
        if _project(name):
            target = room_of(name)
            if target != room and target not in row.imports:
                bad.append(f"{module} ({room}) imports {name} ({target})")
        elif (
            row.outside is not None
            and top not in sys.stdlib_module_names
            and top != "__future__"
            and top not in row.outside
        ):
            bad.append(f"{module} ({room}) imports {name} (outside the project)")
    return bad


#: The project's top-level packages (the layers' folders).
FOLDERS = (
    "floor", "spec", "reference", "fast", "decider", "registry", "proofs_check", "runs",
    "verify", "certcheck", "heapcheck", "grundy",
)  # fmt: skip
FILES = sorted(p for folder in FOLDERS for p in (ROOT / folder).rglob("*.py"))


def _graph(files: list[Path]) -> dict[str, set[str]]:
    """The static import graph of the project's modules: module -> modules it loads.

    A name is resolved to the longest module it names (``from a.b import c`` is ``a.b.c``
    when that is a module, ``a.b`` otherwise); loading a module loads its packages.
    """
    modules = {_module(p): p for p in files}
    graph: dict[str, set[str]] = {}
    for module, path in modules.items():
        edges: set[str] = set()
        for name in _imports(path):
            parts = name.split(".")
            while parts and ".".join(parts) not in modules:
                parts.pop()
            while parts:
                if ".".join(parts) != module:
                    edges.add(".".join(parts))
                parts.pop()
        graph[module] = edges
    return graph


def _transitive_violations(module: str, graph: dict[str, set[str]]) -> list[str]:
    """The modules ``module`` loads, at any depth, outside the rooms its room reaches (each
    with the path of imports that gets there)."""
    room = room_of(module)
    assert room is not None
    allowed = reach(room)
    parent: dict[str, str] = {}
    todo = deque([module])
    bad = []
    while todo:
        current = todo.popleft()
        for nxt in sorted(graph.get(current, ())):
            if nxt in parent or nxt == module:
                continue
            parent[nxt] = current
            if room_of(nxt) not in allowed:
                path = [nxt]
                while path[-1] != module:
                    path.append(parent[path[-1]])
                bad.append(f"{room}: " + " -> ".join(reversed(path)))
            else:
                todo.append(nxt)
    return bad


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_imports_follow_the_layers(path: Path) -> None:
    assert _violations(_module(path), _imports(path)) == []


def test_transitive_imports_follow_the_layers() -> None:
    graph = _graph(FILES)
    assert [bad for module in graph for bad in _transitive_violations(module, graph)] == []


def test_the_table_is_a_layering() -> None:
    """Every row names rooms of the table, and no room reaches itself through another."""
    for room, row in RULES.items():
        assert row.imports <= RULES.keys(), room
        assert all(room not in reach(below) for below in row.imports), room


def test_every_folder_is_a_room() -> None:
    assert {_module(p).split(".")[0] for p in FILES} == set(FOLDERS)
    assert all(room_of(_module(p)) is not None for p in FILES)
    assert {name.split(".")[0] for name in RULES} == set(FOLDERS)


def test_reference_code_does_not_use_the_spec() -> None:
    """reference/ may show the spec in doctests (strings), never import it."""
    for path in sorted((ROOT / "reference").glob("*.py")):
        assert not [n for n in _imports(path) if n.split(".")[0] == "spec"], path.name


def _loaded(statement: str) -> list[str]:
    """The modules in sys.modules after ``statement`` in a fresh interpreter."""
    code = f"import sys\n{statement}\nprint('\\n'.join(sorted(sys.modules)))"
    done = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        cwd=ROOT,
        check=True,
        timeout=600,
    )
    return done.stdout.split()


def _under(modules: list[str], *prefixes: str) -> list[str]:
    return [m for m in modules if any(m == p or m.startswith(p + ".") for p in prefixes)]


def test_the_front_door_loads_nothing_of_the_command_line() -> None:
    loaded = _loaded("import grundy.api")
    assert "grundy.api" in loaded
    cli = ("grundy.cli", "grundy.commands", "grundy.output", "grundy.parsing", "argparse")
    assert _under(loaded, *cli) == []


def test_decider_loads_nothing_of_games() -> None:
    loaded = _loaded("import decider, decider.automaton, decider.learn")
    assert "decider.automaton" in loaded
    assert _under(loaded, "fast", "registry", "grundy", "spec", "reference") == []


def test_verify_loads_nothing_of_grundy() -> None:
    loaded = _loaded("import verify, verify.run, verify.atlas")
    assert "verify.run" in loaded
    assert _under(loaded, "grundy", "registry") == []


def test_the_loaded_check_can_fail() -> None:
    loaded = _loaded("import grundy.cli")
    assert _under(loaded, "grundy.cli", "argparse")


def markdown_table() -> str:
    """docs/architecture.md's table of rooms, drawn from :data:`RULES`."""
    lines = ["| room | may import | what |", "|---|---|---|"]
    for room, row in RULES.items():
        below = ", ".join(f"`{r}`" for r in RULES if r in row.imports) or "nothing"
        if row.outside is not None:
            below += " (standard library" + "".join(f", {o}" for o in sorted(row.outside)) + ")"
        lines.append(f"| `{room}` | {below} | {row.what} |")
    return "\n".join(lines)


def test_the_architecture_page_shows_the_table() -> None:
    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    begin, end = "<!-- rooms: begin -->\n", "\n<!-- rooms: end -->"
    assert text[text.index(begin) + len(begin) : text.index(end)] == markdown_table(), (
        "docs/architecture.md's table differs from RULES: paste tests/test_layering.py's "
        "markdown_table() between its markers"
    )


@pytest.mark.parametrize(
    ("module", "source", "culprit"),
    [
        ("spec.game", "import numpy", "numpy"),
        ("floor.files", "import numba", "numba"),
        ("floor.interrupt", "from fast.wsg import wsg", "fast.wsg"),
        ("reference.wsg", "def f():\n    from fast.wsg import wsg\n", "fast.wsg"),
        ("fast.tables", "import spec", "spec"),
        ("registry.core", "from proofs_check import data", "proofs_check"),
        ("proofs_check.data", "from grundy.cli.experiments import nivasch_table5", "grundy"),
        ("proofs_check.data", "import grundy", "grundy"),
        ("registry.rows", "from grundy.cli import output", "grundy.cli"),
        ("grundy.api", "from grundy.cli.commands import value", "grundy.cli.commands"),
        ("grundy.oeis", "from grundy.cli.output import json_or_lines", "grundy.cli.output"),
        ("grundy.cli.commands.value", "from fast.rw import gvalues", "fast.rw"),
        ("runs.store", "from grundy.cli.output import warn", "grundy.cli.output"),
        ("runs.store", "from grundy import __version__", "grundy"),
        ("runs.runner", "from verify.run import verify_run", "verify.run"),
        ("registry.rows", "import verify", "verify"),
        ("grundy.api", "from verify.run import verify_run", "verify.run"),
        ("verify.run", "from registry.rows import read_strip_record", "registry.rows"),
        ("verify.run", "from grundy.cli.output import warn", "grundy.cli.output"),
        ("runs.runner", "from registry import ask", "registry"),
        ("decider.logic", "from fast._bits import x", "fast._bits"),
        ("decider.automaton", "from fast.heaps import nim_sequence", "fast.heaps"),
        ("decider.automaton", "import spec", "spec"),
        ("decider.automaton", "import sympy", "sympy"),
        ("decider.logic", "from grundy import api", "grundy"),
    ],
)
def test_the_check_can_fail(tmp_path: Path, module: str, source: str, culprit: str) -> None:
    path = tmp_path / "bad.py"
    path.write_text(source)
    bad = _violations(module, _imports(path))
    assert bad and culprit in bad[0]


def test_the_transitive_check_can_fail() -> None:
    """Each step allowed by itself, the path is not: the front door through oeis to the CLI."""
    graph = {
        "grundy.api": {"grundy.oeis"},
        "grundy.oeis": {"registry.core", "grundy.cli.cube"},
        "grundy.cli.cube": {"grundy.cli.output"},
        "registry.core": {"fast.rw"},
    }
    assert _transitive_violations("grundy.api", graph) == [
        "grundy: grundy.api -> grundy.oeis -> grundy.cli.cube"
    ]
    assert _transitive_violations("registry.core", graph) == []
