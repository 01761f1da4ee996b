"""Claims, their parameters, the run that records evidence, and the report.

A claim is a function decorated with :func:`claim`. The function receives a
:class:`Run` and its parameters; it records every inequality with
:meth:`Run.bound` (the *slack*, which must be >= 0) and every exact fact with
:meth:`Run.fact`. The framework turns the record into a :class:`Report`:

- ``violated`` if some slack was negative or some fact false (the first
  witness is kept with every quantity in it);
- ``inconclusive`` if the check said so (:meth:`Run.inconclusive`);
- ``holds`` otherwise, with, for every bound, the smallest slack reached and
  where it was first reached (tightness).

Examples
--------
>>> from proofs_check.claim import Run
>>> run = Run("demo", {})
>>> for x in range(5):
...     _ = run.bound("x <= 4", 4 - x, x=x)
>>> report = run.report()
>>> report.status, report.cases, report.bounds[0]["min_slack"], report.bounds[0]["first_at"]
('holds', 5, 0, {'x': 4})
>>> run = Run("demo", {}, tighten=1)
>>> for x in range(5):
...     _ = run.bound("x <= 4", 4 - x, x=x)
>>> run.report().status, run.report().witness
('violated', {'bound': 'x <= 4', 'slack': -1, 'x': 4})
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, fields
from typing import Any, TypeAlias

__all__ = [
    "CLAIM_ATTRIBUTE",
    "KINDS",
    "Claim",
    "NotTightenable",
    "Param",
    "Report",
    "Run",
    "check_bounds",
    "claim",
    "declare",
    "declared",
    "tightened_label",
]

#: The kinds a claim may have.
KINDS = (
    "theorem",
    "lemma",
    "corollary",
    "proposition",
    "conjecture",
    "published table",
    "refutation",
    "proved",
)

#: A :class:`Run` calls its progress hook every this many cases.
PROGRESS_EVERY = 4096

#: The attribute of a check function that holds the :class:`Claim` :func:`claim` declared.
CLAIM_ATTRIBUTE = "grundy_claim"


@dataclass(frozen=True)
class Param:
    """One integer parameter of a claim: default, quick default and limits."""

    name: str
    default: int
    quick: int
    lo: int
    hi: int
    help: str = ""

    def validate(self, value: int, claim_id: str) -> int:
        """Return value if lo <= value <= hi, else raise ValueError naming it."""
        if isinstance(value, bool) or not isinstance(value, int):
            raise ValueError(f"{claim_id}: --{self.name} must be an integer (got {value!r})")
        if not self.lo <= value <= self.hi:
            raise ValueError(
                f"{claim_id}: --{self.name} = {value} is outside its limits "
                f"{self.lo} <= {self.name} <= {self.hi}"
            )
        return value


@dataclass
class Claim:
    """A registered claim: metadata plus the check function."""

    id: str
    source: str
    kind: str
    statement: str
    formula: str
    params: tuple[Param, ...]
    check: Callable[..., None]
    family: str
    expect: str = "holds"

    def defaults(self, quick: bool = False) -> dict[str, int]:
        """The default parameters (the quick ones with ``quick=True``)."""
        return {p.name: (p.quick if quick else p.default) for p in self.params}

    def resolve(self, given: dict[str, int] | None = None, quick: bool = False) -> dict[str, int]:
        """Defaults overridden by ``given``, every value validated."""
        values = self.defaults(quick)
        by_name = {p.name: p for p in self.params}
        for name, value in (given or {}).items():
            if name not in by_name:
                known = ", ".join(f"--{n}" for n in by_name) or "none"
                raise ValueError(f"{self.id}: unknown parameter --{name} (parameters: {known})")
            values[name] = by_name[name].validate(value, self.id)
        return values


@dataclass
class Report:
    """What a check found. ``status`` is holds, violated or inconclusive."""

    claim: str
    kind: str
    source: str
    statement: str
    status: str
    cases: int
    params: dict[str, int]
    bounds: list[dict[str, Any]] = field(default_factory=list)
    facts: list[dict[str, Any]] = field(default_factory=list)
    witness: dict[str, Any] | None = None
    notes: list[str] = field(default_factory=list)
    data: list[str] = field(default_factory=list)
    seconds: float = 0.0
    tighten: int = 0
    expect: str = "holds"

    @property
    def surprising(self) -> bool:
        """Violated where it should hold, or holding where a counterexample is known."""
        if self.expect == "violated":
            return self.status == "holds"
        return self.status == "violated"

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dictionary (exact phi numbers as text plus a float)."""
        return {f.name: _plain(getattr(self, f.name)) for f in fields(self)}

    @property
    def exit_code(self) -> int:
        """0 holds or inconclusive, 1 violated."""
        return 1 if self.status == "violated" else 0

    def __str__(self) -> str:
        from proofs_check.display import report_text

        return report_text(self)

    def _repr_html_(self) -> str:
        from proofs_check.display import report_html

        return report_html(self)


def _plain(value: Any) -> Any:
    """Recursively turn QPhi numbers and tuples into JSON-ready values."""
    from proofs_check.exact import QPhi

    if isinstance(value, QPhi):
        return {"exact": str(value), "approx": round(float(value), 6)}
    if isinstance(value, dict):
        return {str(k): _plain(v) for k, v in value.items()}
    if isinstance(value, Param):
        return value.__dict__
    if isinstance(value, (list, tuple)):
        return [_plain(v) for v in value]
    if isinstance(value, (set, frozenset)):
        return sorted(_plain(v) for v in value)
    return value


def show(value: Any) -> str:
    """Short text for a value in a report (exact phi numbers with a float)."""
    from proofs_check.exact import QPhi

    if isinstance(value, QPhi):
        return f"{value} (~{float(value):.4f})"
    if isinstance(value, dict):
        return ", ".join(f"{k}={_inner(v)}" for k, v in value.items())
    return str(value)


def _inner(value: Any) -> str:
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}: {_inner(v)}" for k, v in value.items()) + "}"
    return show(value)


class NotTightenable(ValueError):
    """``--tighten`` asked of a claim that records no bound (only exact facts)."""


def tightened_label(name: str, tighten: int) -> str:
    """The label of bound ``name`` made ``tighten`` tighter (what ``--tighten`` checks).

    A bound ``lhs <= rhs`` (or ``<``) becomes ``lhs + K <= rhs``; ``lhs >= rhs``
    becomes ``lhs >= rhs + K``; any other label gets ``(tightened by K)``.

    Examples
    --------
    >>> tightened_label("x <= 4", 1)
    'x + 1 <= 4'
    >>> tightened_label("d - n >= -16h", 2), tightened_label("2g - (d - n) >= 0", 1)
    ('d - n >= -16h + 2', '2g - (d - n) >= 1')
    >>> tightened_label("a_n increasing", 1)
    'a_n increasing (tightened by 1)'
    """
    for op in ("<=", ">=", "<", ">"):
        left, sep, right = name.partition(f" {op} ")
        if sep:
            if op in ("<=", "<"):
                return f"{left} + {tighten} {op} {right}"
            return f"{left} {op} {tighten if right.strip() == '0' else f'{right} + {tighten}'}"
    return f"{name} (tightened by {tighten})"


class Run:
    """The record of one evaluation of a claim (see the module docstring).

    Parameters
    ----------
    claim_id : str
        The claim being checked (used in messages).
    params : dict
        The resolved parameters, copied into the report.
    tighten : int
        Make every bound this much tighter (a deliberately false variant:
        ``slack - tighten`` is recorded instead of ``slack``); the bound's
        label in the report says so (``x + 1 <= 4``).
    progress : callable, optional
        Called as ``progress(cases)`` every :data:`PROGRESS_EVERY` cases, so a
        front end can show that a long check is running (no claim needs to
        change for it).
    note : callable, optional
        Called as ``note(text)`` by :meth:`note_progress` while a claim gathers
        its data (``"20,000/100,000 start rows"``).
    """

    def __init__(
        self,
        claim_id: str,
        params: dict[str, int],
        tighten: int = 0,
        progress: Callable[[int], None] | None = None,
        note: Callable[[str], None] | None = None,
    ) -> None:
        if isinstance(tighten, bool) or not isinstance(tighten, int) or tighten < 0:
            raise ValueError(f"{claim_id}: --tighten must be an integer >= 0 (got {tighten!r})")
        self.claim_id = claim_id
        self.params = dict(params)
        self.tighten = tighten
        self.progress = progress
        self._note = note
        self.cases = 0
        self._bounds: dict[str, dict[str, Any]] = {}
        self._facts: dict[str, dict[str, Any]] = {}
        self.witness: dict[str, Any] | None = None
        self.notes: list[str] = []
        self.data: list[str] = []
        self._inconclusive: str | None = None

    def bound(self, name: str, slack: Any, strict: bool = False, **where: Any) -> bool:
        """Record one case of an inequality whose slack must be >= 0 (> 0 if strict).

        ``slack`` is an int or an exact :class:`proofs_check.exact.QPhi`.
        The minimum slack and the first place it is reached are kept; the
        first failing case becomes the witness. Returns whether it held.
        """
        slack = slack - self.tighten
        self.cases += 1
        if self.progress is not None and self.cases % PROGRESS_EVERY == 0:
            self.progress(self.cases)
        entry = self._bounds.get(name)
        if entry is None:
            entry = {
                "bound": name,
                "cases": 0,
                "min_slack": slack,
                "first_at": dict(where),
                "violations": 0,
            }
            self._bounds[name] = entry
        entry["cases"] += 1
        if slack < entry["min_slack"]:
            entry["min_slack"] = slack
            entry["first_at"] = dict(where)
        if slack < 0 or (strict and slack == 0):
            entry["violations"] += 1
            if self.witness is None:
                self.witness = {"bound": name, "slack": slack, **where}
            return False
        return True

    def note_progress(self, text: str) -> None:
        """Say how far the data gathering is (shown by a front end; never in the report)."""
        if self._note is not None:
            self._note(text)

    def fact(self, name: str, ok: bool, **where: Any) -> bool:
        """Record one case of an exact statement; the first failure is the witness."""
        self.cases += 1
        if self.progress is not None and self.cases % PROGRESS_EVERY == 0:
            self.progress(self.cases)
        entry = self._facts.setdefault(name, {"fact": name, "cases": 0, "failures": 0})
        entry["cases"] += 1
        if not ok:
            entry["failures"] += 1
            entry.setdefault("first_failure", dict(where))
            if self.witness is None:
                self.witness = {"fact": name, **where}
        return bool(ok)

    def observe(self, name: str, **values: Any) -> None:
        """Record an observation (evidence, extremes) shown in the report."""
        self._facts.setdefault(name, {"observation": name})
        self._facts[name].update(values)

    def note(self, text: str) -> None:
        """Add a line of explanation to the report."""
        self.notes.append(text)

    def used(self, path: str) -> None:
        """Say which implementation supplied the data."""
        if path not in self.data:
            self.data.append(path)

    def inconclusive(self, reason: str) -> None:
        """Mark the run inconclusive (unless a violation is found)."""
        self._inconclusive = reason

    def report(self, claim: Claim | None = None, seconds: float = 0.0) -> Report:
        """Build the report."""
        if self.witness is not None:
            status = "violated"
        elif self._inconclusive is not None:
            status = "inconclusive"
        else:
            status = "holds"
        notes = list(self.notes)
        if self._inconclusive is not None:
            notes.insert(0, f"inconclusive: {self._inconclusive}")
        bounds = [dict(entry) for entry in self._bounds.values()]
        if self.tighten:
            for entry in bounds:
                entry["original"] = entry["bound"]
                entry["bound"] = tightened_label(entry["bound"], self.tighten)
        return Report(
            claim=claim.id if claim else self.claim_id,
            kind=claim.kind if claim else "",
            source=claim.source if claim else "",
            statement=claim.statement if claim else "",
            status=status,
            cases=self.cases,
            params=self.params,
            bounds=bounds,
            facts=list(self._facts.values()),
            witness=self.witness,
            notes=notes,
            data=self.data,
            seconds=round(seconds, 3),
            tighten=self.tighten,
        )


def claim(
    id: str,
    source: str,
    kind: str,
    statement: str,
    formula: str,
    *,
    params: tuple[Param, ...] = (),
    family: str = "",
    expect: str = "holds",
) -> Callable[[Callable[..., None]], Callable[..., None]]:
    """Declare the decorated check function a claim (see docs/claims.md).

    The :class:`Claim` is kept on the function (:func:`declared`); the claims
    there are are those of the modules listed in :data:`proofs_check.catalogue.MODULES`.

    ``expect="violated"`` marks a published statement this project found false
    on its default range (the report's witness is the counterexample);
    ``grundy check all`` then fails only if the counterexample disappears.
    """
    if kind not in KINDS:
        raise ValueError(f"claim {id}: kind must be one of {KINDS} (kind = {kind!r})")

    def decorate(check: Callable[..., None]) -> Callable[..., None]:
        check.__dict__[CLAIM_ATTRIBUTE] = Claim(
            id=id,
            source=source,
            kind=kind,
            statement=statement,
            formula=formula,
            params=tuple(params),
            check=check,
            family=family or id.split("-")[0],
            expect=expect,
        )
        return check

    return decorate


def declare(
    check: Callable[..., None], *text: str, module: str | None = None, **options: Any
) -> Callable[..., None]:
    """``claim(*text, **options)(check)``, ``check`` named after the id ``text[0]``: the claim
    of a family's factory (one function that declares several similar claims). ``module``:
    the claims module that lists it (:data:`proofs_check.catalogue.MODULES`), when the
    factory lives in another.

    >>> def check(run: Run) -> None:
    ...     run.fact("1 = 1", True)
    >>> made = declare(check, "demo-one", "here", "lemma", "One is one.", "1 = 1")
    >>> made.__name__, declared(made).family
    ('demo_one', 'demo')
    """
    check.__name__ = check.__qualname__ = text[0].replace("-", "_").replace(".", "_")
    if module is not None:
        check.__module__ = module
    return claim(*text, **options)(check)


#: A bound that a family of claims records at every point: its label, its slack from the
#: point's coordinates, and the point's quantities (space-separated names) that its first
#: place and its witness name.
PointBound: TypeAlias = tuple[str, Callable[..., Any], str]


def check_bounds(
    run: Run, bounds: tuple[PointBound, ...], quantities: dict[str, Any], *point: int
) -> None:
    """Record every bound of ``bounds`` at ``point`` (:meth:`Run.bound`), in their order.

    >>> run = Run("demo", {})
    >>> check_bounds(run, (("x <= 4", lambda x: 4 - x, "x"),), {"x": 5, "y": 0}, 5)
    >>> run.report().witness
    {'bound': 'x <= 4', 'slack': -1, 'x': 5}
    """
    for label, slack, names in bounds:
        run.bound(label, slack(*point), **{name: quantities[name] for name in names.split()})


def declared(check: object) -> Claim | None:
    """The :class:`Claim` that :func:`claim` declared on ``check``, or None."""
    entry = getattr(check, CLAIM_ATTRIBUTE, None)
    return entry if isinstance(entry, Claim) else None
