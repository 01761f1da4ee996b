"""The test suite's own promises (issue 48 item 7): no test reads a pipe without a timeout.

A test that waits on a child's pipe with no bound hangs the suite when the child
does (issue 48: ten silent minutes in one test reading stderr). Every
``subprocess.run`` / ``check_output`` / ``check_call`` / ``call`` and every
``communicate`` gives a ``timeout``; no test iterates over a child's
``stdout``/``stderr`` in its own thread (a reader thread, a function named
``_read...``, may: the waits on it are bounded); a ``readline`` follows a
``select`` with a timeout in the same function.
"""

from __future__ import annotations

import ast
from pathlib import Path

TESTS = Path(__file__).resolve().parent
#: The calls of the subprocess module that wait for the child.
WAITING = {"run", "check_output", "check_call", "call"}


def _functions(tree: ast.AST) -> list[ast.AST]:
    return [tree, *(n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef))]


def _own_nodes(scope: ast.AST) -> list[ast.AST]:
    """The nodes of ``scope`` outside its nested functions."""
    found: list[ast.AST] = []
    stack = list(ast.iter_child_nodes(scope))
    while stack:
        node = stack.pop()
        if isinstance(node, ast.FunctionDef):
            continue
        found.append(node)
        stack.extend(ast.iter_child_nodes(node))
    return found


def unbounded_reads(source: str, name: str = "<test>") -> list[str]:
    """Where ``source`` waits on a child's pipe with no timeout: ``name:line: what``."""
    problems = []
    for scope in _functions(ast.parse(source)):
        nodes = _own_nodes(scope)
        calls = [n.func.attr for n in nodes if isinstance(n, ast.Call)
                 and isinstance(n.func, ast.Attribute)]  # fmt: skip
        selects = "select" in calls
        reader = isinstance(scope, ast.FunctionDef) and scope.name.startswith("_read")
        for node in nodes:
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
                attr, owner = node.func.attr, node.func.value
                keywords = {k.arg for k in node.keywords}
                if "timeout" in keywords or None in keywords:  # given, or passed on (**options)
                    continue
                if attr in WAITING and isinstance(owner, ast.Name) and owner.id == "subprocess":
                    problems.append(f"{name}:{node.lineno}: subprocess.{attr} without timeout")
                elif attr == "communicate" and len(node.args) < 2:
                    problems.append(f"{name}:{node.lineno}: communicate() without timeout")
                elif attr == "readline" and not selects and not reader:
                    problems.append(f"{name}:{node.lineno}: readline() with no select before it")
            if isinstance(node, ast.For) and not reader:
                target = node.iter
                if isinstance(target, ast.Attribute) and target.attr in ("stdout", "stderr"):
                    problems.append(f"{name}:{node.lineno}: a loop over a pipe's lines")
    return problems


def test_no_test_reads_a_pipe_without_a_timeout() -> None:
    problems = []
    for path in sorted(TESTS.glob("*.py")):
        problems += unbounded_reads(path.read_text(encoding="utf-8"), path.name)
    assert not problems, "\n".join(problems)


def test_the_scan_finds_each_unbounded_read() -> None:
    """The check can fail: each way of waiting forever is found, the bounded ones are not."""
    bad = """
import subprocess
def test_a(process):
    subprocess.run(["x"], capture_output=True)
    process.communicate()
    for line in process.stderr:
        pass
    process.stdout.readline()
"""
    assert len(unbounded_reads(bad)) == 4, unbounded_reads(bad)
    good = """
import select, subprocess
def test_b(process, options):
    subprocess.run(["x"], capture_output=True, timeout=60)
    subprocess.run(["x"], **options)
    process.communicate(timeout=60)
    select.select([process.stdout], [], [], 60)
    process.stdout.readline()
def _read(process):
    for line in process.stderr:
        pass
"""
    assert unbounded_reads(good) == []
