"""The conformance registry and runner.

Two kinds of entries, both shown as one row each by ``grundy conformance``:

* **Questions** asked of several implementations. A question (for example
  "the Grundy table of wythoff") has a default domain and a comparison; every
  implementation registered for it answers on the same domain and is compared
  with the *oracle*, the implementation of layer ``"spec"``. A published
  table is one more implementation that only answers on its printed range
  (it registers its own ``domain``).
* **Checks**: a property or example that is not a comparison between
  implementations (every row holds each value at most once, Jiao's
  9 = G(1,8) = G(3,10) = G(5,12), ...).

Registration lives next to the code it checks, in modules of the package
:mod:`grundy.checks`; :func:`load_checks` imports them all. A new module
there is picked up without touching this file.

Examples
--------
>>> register_question("demo-square", "none", "squares", {"n": 4}, replace=True)
'demo-square:none'
>>> register_implementation("demo-square:none", "spec", "spec",
...                         lambda n: [i * i for i in range(n)], replace=True)
>>> register_implementation("demo-square:none", "demo", "reference",
...                         lambda n: [i * i for i in range(n)], replace=True)
>>> [row.result for row in run_question(QUESTIONS["demo-square:none"])]
['pass']
>>> unregister_question("demo-square:none")
"""

from __future__ import annotations

import importlib
import pkgutil
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

__all__ = [
    "CHECKS",
    "QUESTIONS",
    "Check",
    "CheckResult",
    "Implementation",
    "Question",
    "Row",
    "compare_arrays",
    "compare_sequences",
    "conformance_check",
    "load_checks",
    "register_implementation",
    "register_question",
    "run_all",
    "run_question",
    "unregister_question",
]


@dataclass(frozen=True)
class CheckResult:
    """The outcome of one check: passed, how many cases, and what differed."""

    passed: bool
    cases: int
    detail: str = ""


Comparison = Callable[[Any, Any], str | None]


@dataclass
class Implementation:
    """One answer to a question: ``answer(**domain)``."""

    name: str
    layer: str  # "spec", "reference", "fast" or "published"
    answer: Callable[..., Any]
    domain: dict[str, Any] | None = None  # None: the question's domain
    quick: bool = True  # False: only run with ``grundy conformance --all``


@dataclass
class Question:
    """A question that several implementations answer on the same domain."""

    id: str
    game: str
    description: str
    domain: dict[str, Any]
    compare: Comparison
    implementations: list[Implementation] = field(default_factory=list)

    @property
    def key(self) -> str:
        return f"{self.id}:{self.game}"


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
        return {
            "check": self.check,
            "game": self.game,
            "implementation": self.implementation,
            "domain": self.domain,
            "result": self.result,
            "seconds": round(self.seconds, 4),
            "cases": self.cases,
            "detail": self.detail,
        }


#: Registered questions, by key ``"id:game"``.
QUESTIONS: dict[str, Question] = {}
#: Registered stand-alone checks.
CHECKS: list[Check] = []


def register_question(
    id: str,
    game: str,
    description: str,
    domain: dict[str, Any],
    compare: Comparison | None = None,
    *,
    replace: bool = False,
) -> str:
    """Register a question and return its key ``"id:game"``.

    ``compare(expected, actual)`` returns None when they agree, else a short
    description of the first difference; the default is
    :func:`compare_arrays`. Registering an existing key again is a no-op
    unless ``replace`` is true.
    """
    key = f"{id}:{game}"
    if key in QUESTIONS and not replace:
        return key
    QUESTIONS[key] = Question(id, game, description, dict(domain), compare or compare_arrays)
    return key


def unregister_question(key: str) -> None:
    """Remove a question (used by tests and doctests)."""
    QUESTIONS.pop(key, None)


def register_implementation(
    question: str,
    name: str,
    layer: str,
    answer: Callable[..., Any],
    *,
    domain: dict[str, Any] | None = None,
    quick: bool = True,
    replace: bool = False,
) -> None:
    """Register ``answer`` as implementation ``name`` of question ``question``.

    The implementation of layer ``"spec"`` is the oracle of the question.
    """
    if question not in QUESTIONS:
        raise KeyError(f"no question {question!r} is registered")
    if layer not in {"spec", "reference", "fast", "published"}:
        raise ValueError(f"layer must be spec, reference, fast or published (layer = {layer!r})")
    impls = QUESTIONS[question].implementations
    existing = [i for i, impl in enumerate(impls) if impl.name == name]
    if existing:
        if not replace:
            raise ValueError(f"{question}: implementation {name!r} is already registered")
        del impls[existing[0]]
    impls.append(Implementation(name, layer, answer, domain, quick))


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


def compare_arrays(expected: Any, actual: Any) -> str | None:
    """Compare two integer arrays; describe the first differing index.

    Examples
    --------
    >>> compare_arrays([[0, 1], [1, 0]], [[0, 1], [1, 2]])
    'first difference at (1, 1): expected 0, got 2'
    >>> compare_arrays([1, 2], [1, 2]) is None
    True
    """
    exp = np.asarray(expected)
    act = np.asarray(actual)
    if exp.shape != act.shape:
        return f"shape differs: expected {exp.shape}, got {act.shape}"
    if exp.dtype == object or act.dtype == object:
        unequal = np.array(
            [e != a for e, a in zip(exp.ravel().tolist(), act.ravel().tolist(), strict=True)]
        ).reshape(exp.shape)
    else:
        unequal = exp != act
    if not unequal.any():
        return None
    index = tuple(int(i) for i in np.argwhere(unequal)[0])
    shown = index if len(index) > 1 else index[0]
    return f"first difference at {shown}: expected {exp[index].item()}, got {act[index].item()}"


def compare_sequences(expected: Sequence[Any], actual: Sequence[Any]) -> str | None:
    """Compare two sequences element by element (elements compared with ==).

    Examples
    --------
    >>> compare_sequences([(0, 0), (1, 2)], [(0, 0), (1, 3)])
    'first difference at index 1: expected (1, 2), got (1, 3)'
    >>> compare_sequences([1, 2], [1, 2, 3])
    'length differs: expected 2, got 3 (equal on the common prefix)'
    """
    for i, (e, a) in enumerate(zip(expected, actual, strict=False)):
        if e != a:
            return f"first difference at index {i}: expected {e!r}, got {a!r}"
    if len(expected) != len(actual):
        return (
            f"length differs: expected {len(expected)}, got {len(actual)} "
            "(equal on the common prefix)"
        )
    return None


def _count_cases(answer: Any) -> int:
    try:
        return int(np.asarray(answer, dtype=object).size)
    except (TypeError, ValueError):
        return 1


def run_question(question: Question, *, include_slow: bool = False) -> list[Row]:
    """Ask every implementation of ``question`` and compare with the oracle."""
    oracles = [impl for impl in question.implementations if impl.layer == "spec"]
    rows: list[Row] = []
    if not oracles:
        return [
            Row(
                question.id,
                question.game,
                "-",
                _format_domain(question.domain),
                "error",
                0.0,
                0,
                "no spec implementation (oracle) registered",
            )
        ]
    oracle = oracles[0]
    cache: dict[str, Any] = {}
    for impl in question.implementations:
        if impl is oracle and len(question.implementations) > 1:
            continue
        if not impl.quick and not include_slow:
            continue
        domain = impl.domain or question.domain
        label = _format_domain(domain)
        start = time.perf_counter()
        try:
            if label not in cache:
                cache[label] = oracle.answer(**domain)
            expected = cache[label]
            if impl is oracle:
                diff, cases = None, _count_cases(expected)
            else:
                actual = impl.answer(**domain)
                diff, cases = question.compare(expected, actual), _count_cases(actual)
            result = "pass" if diff is None else "FAIL"
            detail = diff or ""
        except Exception as error:  # a crash is reported as a row, not a traceback
            result, cases, detail = "error", 0, f"{type(error).__name__}: {error}"
        seconds = time.perf_counter() - start
        versus = "" if impl is oracle else f" vs {oracle.name}"
        rows.append(
            Row(
                question.id,
                question.game,
                f"{impl.name}{versus}",
                label,
                result,
                seconds,
                cases,
                detail,
            )
        )
    return rows


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
    """Import every module of :mod:`grundy.checks` (each registers its checks)."""
    package = importlib.import_module("grundy.checks")
    for module in pkgutil.iter_modules(package.__path__):
        importlib.import_module(f"grundy.checks.{module.name}")


def _selected(texts: Iterable[str], only: str | None) -> bool:
    return only is None or any(only in text for text in texts)


def run_all(
    *,
    only: str | None = None,
    include_slow: bool = False,
    on_row: Callable[[Row], None] | None = None,
) -> list[Row]:
    """Run every registered question and check; ``only`` filters by substring."""
    load_checks()
    rows: list[Row] = []
    for question in QUESTIONS.values():
        if not _selected((question.id, question.game), only):
            continue
        for row in run_question(question, include_slow=include_slow):
            rows.append(row)
            if on_row:
                on_row(row)
    for check in CHECKS:
        if not _selected((check.name, check.game, check.implementation), only):
            continue
        if not check.quick and not include_slow:
            continue
        row = run_check(check)
        rows.append(row)
        if on_row:
            on_row(row)
    return rows
