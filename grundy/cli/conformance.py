"""The conformance report: every implementation against its oracle, and the checks.

Two kinds of rows, both shown by ``grundy conformance``:

* **Questions** of the registry (:mod:`registry`): every
  implementation registered for a question answers on each of the
  question's conformance domains that it covers and is compared with the
  question's *oracle* (the implementation of layer
  ``"spec"`` unless the question names another). A published table is one
  more implementation that only answers on its printed range. Questions
  built by providers are asked for every registered game their
  capabilities cover, plugin games included.
* **Checks**: a property or example that is not a comparison between
  implementations (every row holds each value at most once, Jiao's
  9 = G(1,8) = G(3,10) = G(5,12), ...). They live in modules of the package
  :mod:`grundy.cli.checks`; :func:`load_checks` imports them all.

Examples
--------
>>> from registry import register_implementation, register_question, unregister_question
>>> key = register_question("demo-square", "none", "squares", {"n": 4}, replace=True)
>>> register_implementation(key, "spec", "spec", lambda n: [i * i for i in range(n)])
>>> register_implementation(key, "demo", "reference", lambda n: [i * i for i in range(n)])
>>> [row.result for row in run_question(QUESTIONS[key])]
['pass']
>>> unregister_question(key)
"""

from __future__ import annotations

import difflib
import importlib
import pkgutil
import time
from collections.abc import Callable, Iterable
from dataclasses import asdict, dataclass
from typing import Any

import numpy as np
from rich.table import Table
from rich.text import Text

from grundy.cli.output import console, emit_json
from registry import QUESTIONS, Implementation, Question, all_questions
from spec import as_game

__all__ = [
    "CHECKS",
    "QUESTIONS",
    "Check",
    "CheckResult",
    "Row",
    "conformance_check",
    "load_checks",
    "print_report",
    "print_row",
    "print_summary",
    "print_table",
    "run_all",
    "run_printing",
    "run_question",
    "run_with_status",
]


@dataclass(frozen=True)
class CheckResult:
    """The outcome of one check: passed, how many cases, and what differed."""

    passed: bool
    cases: int
    detail: str = ""


@dataclass
class Check:
    """A stand-alone conformance check (a property or a published example)."""

    name: str
    game: str
    implementation: str
    domain: str
    run: Callable[[], CheckResult]
    quick: bool = True


@dataclass(frozen=True)
class Row:
    """One line of the conformance report."""

    check: str
    game: str
    implementation: str
    domain: str
    result: str  # "pass", "FAIL" or "error"
    seconds: float
    cases: int
    detail: str

    def as_dict(self) -> dict[str, Any]:
        """The row's fields by name, in order (``seconds`` rounded to 0.1 ms)."""
        return {**asdict(self), "seconds": round(self.seconds, 4)}


#: Registered stand-alone checks.
CHECKS: list[Check] = []


def conformance_check(
    *, name: str, game: str, implementation: str, domain: str, quick: bool = True
) -> Callable[[Callable[[], CheckResult]], Callable[[], CheckResult]]:
    """Decorator registering a stand-alone check returning a CheckResult."""

    def decorate(func: Callable[[], CheckResult]) -> Callable[[], CheckResult]:
        if not any(c.name == name and c.implementation == implementation for c in CHECKS):
            CHECKS.append(Check(name, game, implementation, domain, func, quick))
        return func

    return decorate


def _format_domain(domain: dict[str, Any]) -> str:
    return ", ".join(f"{k}={v}" for k, v in domain.items())


def _count_cases(answer: Any) -> int:
    if not isinstance(answer, np.ndarray) and hasattr(answer, "T"):  # T_0..T_g
        return sum(len(t) for t in answer.T)
    try:
        return int(np.asarray(answer, dtype=object).size)
    except (TypeError, ValueError):
        return 1


def _judge(
    question: Question[Any], oracle: Implementation, domain: dict[str, Any]
) -> Implementation | None:
    """The oracle, or where it declines the domain, the most trusted other one that covers it.

    Trust: an exact answer before a conditional one; within each, spec,
    then reference (the papers' algorithms read beside the paper), then a
    fast implementation of another algorithm, exact only (WSG judges RW far
    out, where the reference WSG is too slow). The judge of a domain gets
    no row there (no row compares an implementation with itself).
    """
    if oracle.covers(**domain) is None:
        return oracle
    for exact_only in (True, False):
        for layer in ("spec", "reference", "fast"):
            for other in question.implementations:
                exact = other.certificate.kind == "exact"
                if (
                    other.layer != layer
                    or other.covers(**domain) is not None
                    or (exact_only and not exact)
                    or (layer == "fast" and not exact)
                ):
                    continue
                return other
    return None


def _covers(impl: Implementation, domain: dict[str, Any]) -> bool:
    try:
        return impl.covers(**domain) is None
    except (TypeError, ValueError):
        return False


def run_question(question: Question[Any], *, include_slow: bool = False) -> list[Row]:
    """Ask every implementation of ``question`` on each of its domains; compare with the oracle.

    An implementation answers on every conformance domain of the question
    that it covers (the default one and, with ``include_slow``, the larger
    ones); one that covers none of them is an error row, so nothing
    registered goes untested.
    """
    oracle = question.oracle()
    if oracle is None:
        label = _format_domain(question.domain)
        return [
            Row(question.id, question.game, "-", label, "error", 0.0, 0,
                "no oracle (spec implementation) registered")
        ]  # fmt: skip
    rows: list[Row] = []
    asked: set[str] = set()
    alone = len(question.implementations) == 1
    for domain in question.domains(include_slow):
        expected: dict[str, Any] = {}
        for impl in question.implementations:
            if not _answers_here(impl, oracle, domain, alone, include_slow):
                continue
            judge = _judge(question, oracle, domain)
            asked.add(impl.name)
            if impl is judge and impl is not oracle:
                continue  # the judge of this domain: its answers are the expected ones
            rows.append(_compared_row(question, impl, judge, oracle, domain, expected))
    for impl in question.implementations:
        if impl is oracle or impl.name in asked or (not impl.quick and not include_slow):
            continue
        if include_slow or not question.extra_domains:
            rows.append(
                Row(question.id, question.game, impl.name, "-", "error", 0.0, 0,
                    "it covers none of the question's conformance domains")
            )  # fmt: skip
    return rows


def _answers_here(
    impl: Implementation, oracle: Implementation, domain: dict[str, Any], alone: bool, slow: bool
) -> bool:
    """Whether ``impl`` is asked on ``domain``: not the oracle (unless it is the question's
    only implementation, ``alone``, asked everywhere), quick or ``slow`` ones included, and
    covering it."""
    if (impl is oracle and not alone) or (not impl.quick and not slow):
        return False
    return _covers(impl, domain) or (impl is oracle and alone)


def _compared_row(
    question: Question[Any],
    impl: Implementation,
    judge: Implementation | None,
    oracle: Implementation,
    domain: dict[str, Any],
    expected: dict[str, Any],
) -> Row:
    """The row of ``impl``'s answer on ``domain`` against the ``judge``'s (kept in
    ``expected`` by the judge's name, asked once a domain); a crash is an error row."""
    label = _format_domain(domain)
    start = time.perf_counter()
    try:
        if judge is None:
            raise LookupError(f"no oracle covers {label}: {oracle.covers(**domain)}")
        if judge.name not in expected:
            expected[judge.name] = judge.answer(**domain)
        if impl is judge:
            diff, cases = None, _count_cases(expected[judge.name])
        else:
            actual = impl.answer(**domain)
            diff = question.compare(expected[judge.name], actual)
            cases = _count_cases(actual)
        result, detail = ("pass", "") if diff is None else ("FAIL", diff)
    except Exception as error:  # a crash is reported as a row, not a traceback
        result, cases, detail = "error", 0, f"{type(error).__name__}: {error}"
    versus = "" if judge is None or impl is judge else f" vs {judge.name}"
    return Row(question.id, question.game, f"{impl.name}{versus}", label, result,
               time.perf_counter() - start, cases, detail)  # fmt: skip


def run_check(check: Check) -> Row:
    """Run one stand-alone check."""
    start = time.perf_counter()
    try:
        outcome = check.run()
        result = "pass" if outcome.passed else "FAIL"
        cases, detail = outcome.cases, outcome.detail
    except Exception as error:
        result, cases, detail = "error", 0, f"{type(error).__name__}: {error}"
    return Row(
        check.name,
        check.game,
        check.implementation,
        check.domain,
        result,
        time.perf_counter() - start,
        cases,
        detail,
    )


def load_checks() -> None:
    """Import every module of :mod:`grundy.cli.checks` (each registers its checks)."""
    package = importlib.import_module("grundy.cli.checks")
    for module in pkgutil.iter_modules(package.__path__):
        importlib.import_module(f"grundy.cli.checks.{module.name}")


def _selector(only: str | None, questions: list[Any]) -> Callable[[str, Iterable[str]], bool]:
    """What ``--only`` selects, ``selected(game, names)``: every check of a game when ``only``
    names a game (``wythoff``: the game's own checks, not ``f-wythoff``'s; a family's default,
    ``wythoff-pass``, as its canonical name), else the checks that a question id, a check or
    an implementation name equals exactly. A name that is none of them is a ValueError with
    the closest names (``difflib``), as one line."""
    if only is None:
        return lambda game, names: True
    games = {q.game for q in questions} | {c.game for c in CHECKS}
    games.discard("all")
    try:
        canonical: str | None = as_game(only).describe()
    except (ValueError, KeyError, TypeError):
        canonical = None
    if only in games or canonical in games:
        wanted = only if only in games else canonical
        return lambda game, names: game == wanted
    names = {q.id for q in questions} | {i.name for q in questions for i in q.implementations}
    names |= {c.name for c in CHECKS} | {c.implementation for c in CHECKS}
    if only in names:
        return lambda game, checked: only in checked
    close = difflib.get_close_matches(only, sorted(games | names), n=3)
    hint = f"; did you mean {' or '.join(repr(c) for c in close)}?" if close else ""
    what = (
        f"the game {canonical} has no check in the report" if canonical is not None
        else "is no game, question, check or implementation of the report"
    )  # fmt: skip
    raise ValueError(f"--only {only!r}: {what} (games: {', '.join(sorted(games))}){hint}")


def run_all(
    *,
    only: str | None = None,
    include_slow: bool = False,
    on_row: Callable[[Row], None] | None = None,
) -> list[Row]:
    """Run every registered question and check; ``only`` selects a game's checks, or those of
    one question, check or implementation (:func:`_selector`; a ValueError when it names
    none)."""
    load_checks()
    rows: list[Row] = []
    questions = list(all_questions())
    selected = _selector(only, questions)
    for question in questions:
        if not selected(question.game, (question.id, *(i.name for i in question.implementations))):
            continue
        for row in run_question(question, include_slow=include_slow):
            rows.append(row)
            if on_row:
                on_row(row)
    for check in CHECKS:
        if not selected(check.game, (check.name, check.implementation)):
            continue
        if not check.quick and not include_slow:
            continue
        row = run_check(check)
        rows.append(row)
        if on_row:
            on_row(row)
    if not rows:
        raise ValueError(
            f"--only {only!r} matched no check (give part of a check, game or "
            "implementation name, as in the report)"
        )
    return rows


def run_with_status(*, only: str | None = None, include_slow: bool = False) -> list[Row]:
    """:func:`run_all` with a spinner on the terminal naming the last check done."""
    with console.status("running conformance checks...", spinner="dots") as status:
        done: list[Row] = []

        def on_row(row: Row) -> None:
            done.append(row)
            status.update(f"{len(done)} checks done; last: {row.check} / {row.implementation}")

        return run_all(only=only, include_slow=include_slow, on_row=on_row)


def run_printing(
    *, only: str | None = None, include_slow: bool = False, rows: list[Row] | None = None
) -> list[Row]:
    """:func:`run_all` printing each row as it finishes (:func:`print_row`), the header first;
    the rows are also appended to ``rows`` as they come, so a caller interrupted by Ctrl-C
    keeps (and counts) those it checked."""
    kept = [] if rows is None else rows
    console.print("Conformance report (result  check / game, then implementation: detail)")

    def on_row(row: Row) -> None:
        kept.append(row)
        print_row(row)

    run_all(only=only, include_slow=include_slow, on_row=on_row)
    return kept


def print_row(row: Row) -> None:
    """One row of the report as it finishes: its result, check and game, then the
    implementation with the detail (domain, time, cases) cut to the terminal's width."""
    line = Text(f"{row.result:<6} ", style=_style(row.result))
    line.append(f"{row.check} / {row.game}")
    console.print(line, no_wrap=True, overflow="fold")
    detail = Text(
        f"       {row.implementation}: {row.domain}, {row.seconds:.2f}s, {row.cases:,} cases"
    )
    console.print(detail, no_wrap=True, overflow="ellipsis")


def print_summary(rows: list[Row], seconds: float, *, interrupted: bool = False) -> list[Row]:
    """Each failure on one line and the counts (``interrupted``: of the rows checked before
    Ctrl-C); returns the failures."""
    failed = [r for r in rows if r.result != "pass"]
    for row in failed:
        console.print(
            f"[bold red]{row.result}[/] {row.check} / {row.game} / "
            f"{row.implementation}: {row.detail}"
        )
    stop = "; interrupted: the checks not run are not counted" if interrupted else ""
    console.print(f"{len(rows) - len(failed)} passed, {len(failed)} failed ({seconds:.1f} s){stop}")
    return failed


def _style(result: str) -> str:
    return {"pass": "green", "FAIL": "bold red", "error": "bold red"}.get(result, "")


def print_report(
    rows: list[Row], seconds: float, *, table: bool = True, as_json: bool = False
) -> list[Row]:
    """``grundy conformance``'s text: the table of every check (unless ``table`` is
    False: ``--quiet``), each failure on one line, the counts; or its JSON (``as_json``).
    Returns the failures."""
    failed = [r for r in rows if r.result != "pass"]
    if as_json:
        data = {"rows": [r.as_dict() for r in rows], "passed": not failed}
        emit_json({**data, "seconds": round(seconds, 3)})
        return failed
    if table:
        print_table(rows)
    return print_summary(rows, seconds)


def print_table(rows: list[Row]) -> None:
    """The report as a table; in a terminal too narrow for it, two lines per check:
    result, check and game, then the implementation with the detail (domain, time,
    cases) cut to the width. The key columns are never cut by the terminal."""
    names = ("check", "game", "implementation", "domain", "result", "time", "cases")
    cells = [
        (row.check, row.game, row.implementation, row.domain, row.result,
         f"{row.seconds:.2f}s", f"{row.cases:,}")
        for row in rows
    ]  # fmt: skip
    widths = [max([len(name)] + [len(c[i]) for c in cells]) for i, name in enumerate(names)]
    if 1 + sum(w + 3 for w in widths) <= console.width:
        table = Table(title="Conformance report")
        for column in names:
            table.add_column(column, justify="right" if column in {"time", "cases"} else "left")
        for row, cell in zip(rows, cells, strict=True):
            table.add_row(*cell[:4], f"[{_style(row.result)}]{row.result}[/]", *cell[5:])
        console.print(table)
        return
    console.print("Conformance report (result  check / game, then implementation: detail)")
    for check, game, impl, domain, result, seconds, cases in cells:
        line = Text(f"{result:<6} ", style=_style(result))
        line.append(f"{check} / {game}")
        console.print(line, no_wrap=True, overflow="fold")
        detail = Text(f"       {impl}: {domain}, {seconds}, {cases} cases")
        console.print(detail, no_wrap=True, overflow="ellipsis")
