"""The examples of the README and docs/claims.md, run: ``>>>`` sessions and ``$ grundy ...``.

Issue 30 found the README's console examples stale (``moves wythoff 4,5``
printed one line where three were shown; ``value wythoff 137,...`` showed a
certificate it no longer gave). Each ``$ grundy ...`` line of a ``console``
block is run as a user would (``python -m grundy``, in one temporary
directory per block, so a later example can read what an earlier one
wrote), and its stdout is compared with the lines shown below it as a
doctest compares: ``...`` stands for any text (lines too), and runs of
whitespace (line breaks included) are equal. A comment after two spaces
(``  # Nivasch's Table 6``) is not part of the command. Blocks fenced
```` ```console slow ```` hold the longer runs (tens of seconds each) and
are checked under ``-m slow``.

The ``>>>`` examples of the README's ``python`` blocks run as one doctest.
docs/claims.md's console examples that show their output are run the same
way (its lists of commands without output are not), and its table of where
the claims' data comes from is checked against the registry (it named
``reference.wsg.wsg`` where the code used ``fast.wsg``).
"""

from __future__ import annotations

import doctest
import json
import os
import re
import shlex
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
CLAIMS_DOC = ROOT / "docs" / "claims.md"
FENCE = re.compile(r"^```([^\n]*)\n(.*?)^```", re.S | re.M)
COMMENT = re.compile(r"\s{2,}#\s.*$")
FLAGS = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE


def _console_blocks(path: Path = README) -> list[tuple[bool, list[tuple[str, str]]]]:
    """(slow, [(command, expected output), ...]) for each console block of ``path``."""
    blocks = []
    for info, body in FENCE.findall(path.read_text(encoding="utf-8")):
        words = info.split()
        if not words or words[0] != "console":
            continue
        examples: list[tuple[str, list[str]]] = []
        for line in body.splitlines():
            if line.startswith("$ "):
                examples.append((COMMENT.sub("", line[2:]).strip(), []))
            elif examples:
                examples[-1][1].append(line)
        blocks.append((
            "slow" in words[1:],
            [(command, "\n".join(lines).strip() + "\n") for command, lines in examples],
        ))  # fmt: skip
    return blocks


BLOCKS = _console_blocks()
#: docs/claims.md: the examples that show their output.
CLAIMS_EXAMPLES = [
    (command, expected)
    for _, block in _console_blocks(CLAIMS_DOC)
    for command, expected in block
    if expected.strip() and "GRUNDY_PLUGINS=" not in command
]
#: docs/claims.md, "Your own claims": the examples with a plugin (run where its files are).
PLUGIN_CLAIMS_EXAMPLES = [
    (command, expected)
    for _, block in _console_blocks(CLAIMS_DOC)
    for command, expected in block
    if "GRUNDY_PLUGINS=" in command
]


def test_the_readme_has_console_examples() -> None:
    commands = [c for _, block in BLOCKS for c, _ in block]
    assert len(commands) >= 10 and all(c.startswith("grundy ") for c in commands), commands
    assert all(expected.strip() for _, block in BLOCKS for _, expected in block), (
        "every console example shows its output (or '...' for an elided part)"
    )
    assert any(slow for slow, _ in BLOCKS) and any(not slow for slow, _ in BLOCKS)


def _run_block(block: list[tuple[str, str]], cwd: Path) -> list[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    for name in ("COLUMNS", "GRUNDY_PLUGINS"):
        env.pop(name, None)
    checker = doctest.OutputChecker()
    problems = []
    for command, expected in block:
        argv = shlex.split(command)
        while "=" in argv[0]:  # NAME=value before the command: its environment
            name, _, value = argv.pop(0).partition("=")
            env = {**env, name: value}
        done = subprocess.run(
            [sys.executable, "-m", "grundy", *argv[1:]],
            cwd=cwd,
            env=env,
            capture_output=True,
            text=True,
            timeout=900,
        )
        # exit 1 is a check that found a violation (documented as such); 2 is bad input
        if done.returncode not in (0, 1) or not checker.check_output(expected, done.stdout, FLAGS):
            problems.append(
                f"$ {command}\n--- README shows:\n{expected}--- the command printed "
                f"(exit {done.returncode}):\n{done.stdout}{done.stderr[-1000:]}"
            )
    return problems


@pytest.mark.parametrize(
    "index",
    [pytest.param(i, marks=[pytest.mark.slow] if slow else []) for i, (slow, _) in
     enumerate(BLOCKS)],
)  # fmt: skip
def test_console_examples_print_what_the_readme_shows(index: int, tmp_path: Path) -> None:
    problems = _run_block(BLOCKS[index][1], tmp_path)
    assert not problems, "\n\n".join(problems)


def test_the_python_session() -> None:
    """The README's ``>>>`` examples (the library), as one doctest."""
    text = README.read_text(encoding="utf-8")
    session = "\n".join(
        body for info, body in FENCE.findall(text) if info.strip() == "python" and ">>>" in body
    )
    assert session.count(">>>") >= 10
    test = doctest.DocTestParser().get_doctest(session, {}, "README.md", str(README), 0)
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    output: list[str] = []
    runner.run(test, out=output.append)
    assert runner.failures == 0, "".join(output)


def test_claims_doc_examples_print_what_the_page_shows(tmp_path: Path) -> None:
    assert len(CLAIMS_EXAMPLES) >= 2
    problems = _run_block(CLAIMS_EXAMPLES, tmp_path)
    assert not problems, "\n\n".join(problems)


def _doc_file(path: Path, name: str) -> str:
    """The ``# file: name`` block of a docs page."""
    return path.read_text(encoding="utf-8").split(f"# file: {name}\n", 1)[1].split("```")[0]


def _grundy(cwd: Path, *argv: str, plugins: str = "my_claims") -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in os.environ.items() if k not in ("COLUMNS", "GRUNDY_PLUGINS")}
    env.update(PYTHONPATH=str(ROOT), GRUNDY_PLUGINS=plugins)
    return subprocess.run([sys.executable, "-m", "grundy", *argv], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=900)  # fmt: skip


def test_a_users_own_claims_by_a_plugin(tmp_path: Path) -> None:
    """Issue 38 item 6: docs/claims.md's plugin of claims, in an empty directory (with the
    game it is about, docs/adding-a-game.md's ``knight_wythoff.py``): its claims are listed,
    the true one holds (exit 0), the guess is reported violated (exit 1) with its witness,
    and the true one's false variant is violated too."""
    (tmp_path / "my_claims.py").write_text(_doc_file(CLAIMS_DOC, "my_claims.py"))
    knight = _doc_file(ROOT / "docs" / "adding-a-game.md", "knight_wythoff.py")
    (tmp_path / "knight_wythoff.py").write_text(knight)
    assert len(PLUGIN_CLAIMS_EXAMPLES) >= 3
    problems = _run_block(PLUGIN_CLAIMS_EXAMPLES, tmp_path)
    assert not problems, "\n\n".join(problems)
    listed = _grundy(tmp_path, "check", "list", "--json")
    ids = [row["id"] for row in json.loads(listed.stdout)]
    assert ids[-2:] == ["mine-knight-sum-bound", "mine-knight-p-positions"], listed.stderr
    holds = _grundy(tmp_path, "check", "mine-knight-sum-bound", "--size", "20", "--json")
    assert holds.returncode == 0 and json.loads(holds.stdout)["status"] == "holds"
    guess = _grundy(tmp_path, "check", "mine-knight-p-positions", "--size", "20", "--json")
    assert guess.returncode == 1, guess.stderr
    assert json.loads(guess.stdout)["witness"] == {"fact": "P-positions equal", "x": 1, "y": 2}
    tight = _grundy(tmp_path, "check", "mine-knight-sum-bound", "--size", "20", "--tighten", "1")
    assert tight.returncode == 1 and "VIOLATED" in tight.stdout, tight.stdout + tight.stderr


def test_a_plugin_claim_may_not_take_a_built_in_id(tmp_path: Path) -> None:
    source = _doc_file(CLAIMS_DOC, "my_claims.py").replace(
        '"mine-knight-sum-bound"', '"landman-lemma-1"'
    )
    (tmp_path / "my_claims.py").write_text(source)
    knight = _doc_file(ROOT / "docs" / "adding-a-game.md", "knight_wythoff.py")
    (tmp_path / "knight_wythoff.py").write_text(knight)
    done = _grundy(tmp_path, "check", "list")
    assert done.returncode == 2 and "landman-lemma-1" in done.stderr, done.stderr
    assert len(done.stderr.strip().splitlines()) == 1 and "Traceback" not in done.stderr


#: Where each provider of proofs_check/data.py gets its data: the question and a domain of
#: its default ranges (docs/claims.md, "Where the data comes from").
PROVIDERS: dict[str, tuple[str, str, dict[str, Any]]] = {
    "grundy_table(game, size)": ("grundy-table", "wythoff", {"size": 100}),
    "t_sequences(g, rows)": ("g-points", "wythoff", {"g": 3, "rows": 300}),
    "f_t_sequences(g, rows)": ("g-points", "f-wythoff", {"g": 3, "rows": 300}),
    "dn_extremes(g, rows)": ("g-points", "wythoff", {"g": 30, "rows": 100000}),
    "fibonacci_starting_values(n_max)": ("fibonacci-starting", "fibonacci-nim", {"n_max": 10**6}),
    "rows_table(game, n, m_max)": ("row-values", "wythoff", {"rows": 24, "length": 2000}),
    "row_period(game, row, m_max)": (
        "row-periods",
        "wythoff",
        {"rows": 24, "start": 23, "max_steps": 10**6},
    ),
    "convergence_times(g, rows)": (
        "fsw-convergence",
        "wythoff",
        {"g": 3, "r0_start": 0, "r0_stop": 1000},
    ),
}


def test_claims_doc_data_table_names_what_the_registry_resolves() -> None:
    from registry import question

    text = CLAIMS_DOC.read_text(encoding="utf-8")
    rows = {
        cells[0].strip("` "): cells
        for line in text.splitlines()
        if line.startswith("| `")
        and len(cells := [c.strip() for c in line.strip("|").split("|")]) == 3
    }
    assert set(PROVIDERS) <= set(rows), sorted(rows)
    for provider, (question_id, game, domain) in PROVIDERS.items():
        shown = re.findall(r"`([^`]+)`", rows[provider][2])[0]
        assert question(question_id, game).choose(**domain).name == shown, (provider, shown)
        assert f"`{question_id}`" in rows[provider][1], provider


def _docs_conf() -> Any:
    import importlib.util

    spec_ = importlib.util.spec_from_file_location("docs_conf", ROOT / "docs" / "conf.py")
    assert spec_ is not None and spec_.loader is not None
    module = importlib.util.module_from_spec(spec_)
    spec_.loader.exec_module(module)
    return module


def test_gallery_headings_render_their_notation_as_math() -> None:
    """Issue 30: the gallery's headings showed d_n^g and T_0 as plain text."""
    page = _docs_conf()._gallery_page()
    headings = [line[3:] for line in page.splitlines() if line.startswith("## ")]
    assert len(headings) >= 9
    for heading in headings:
        outside = re.sub(r"\$[^$]+\$", "", heading)
        assert "_" not in outside and "^" not in outside, heading
    assert any("$T_0$" in h for h in headings) and any("$d_n^g - n$" in h for h in headings)
    alts = [line for line in page.splitlines() if line.startswith(":alt:")]
    assert alts and not any("$" in alt for alt in alts)


def test_first_steps_says_which_method_answers() -> None:
    """Issue 30: the notebook said Landman's machine certifies row 5; the answer says atlas."""
    import json

    import grundy

    notebook = json.loads((ROOT / "docs" / "notebooks" / "first-steps.ipynb").read_text())
    cells = notebook["cells"]
    for index, cell in enumerate(cells):
        source = "".join(cell["source"])
        if cell["cell_type"] == "code" and 'grundy.value("wythoff", (5, 10**18))' in source:
            text = "".join(cells[index - 1]["source"])
            break
    else:
        pytest.fail("the notebook no longer asks for row 5 at 10^18")
    answer = grundy.value("wythoff", (5, 10**18))
    assert answer.implementation in text and "Landman" not in text, (answer.implementation, text)
