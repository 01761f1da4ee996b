"""The registry's records: certificates, refusals and method tables (issue 37).

A :class:`Certificate` says on what an answer rests (its ``kind``: exact,
proved, certified, conditional, apparent; and its ``detail``); a
:class:`Refusal` says why an implementation declines a domain (its
``kind``: memory, budget, domain, capability; with the estimated seconds
and bytes). Both are strings too, the text the CLI and the answers always
printed, so the text and JSON outputs stay as they were; no code reads
that text back: the trust order reads :attr:`Certificate.kind`, the door's
choice of exception :attr:`Refusal.kind`. A :class:`Method` is one row of
the method tables of ``value`` and ``moves``. A :class:`Signature` is the
arguments a question takes, read from its record (:mod:`registry.arguments`):
the door checks a call's arguments against it once and passes each callable
the arguments it names; a registration checks that each implementation's
``answer``, ``covers`` and ``cost`` can be called so. A :class:`Provided` is
what a provider makes for a game: its ``answer``, ``covers`` and ``cost``.

Examples
--------
>>> c = Certificate("exact", "strip: rows 0..3, columns 0..5")
>>> c, c.kind, c.detail
('exact (strip: rows 0..3, columns 0..5)', 'exact', 'strip: rows 0..3, columns 0..5')
>>> CONDITIONAL.with_detail("R_g = 60 for g = 3"), CONDITIONAL.trust > EXACT.trust
('conditional on Conjecture 3.10 (R_g = 60 for g = 3)', True)
>>> r = Refusal.memory(2**40, 2**33)
>>> r, r.kind, r.bytes
('needs about 1024.0 GiB, more than 8.0 GiB', 'memory', 1099511627776)
>>> s = Signature("rows: int, length: int, start?: int")
>>> s.check({"rows": 3, "length": "x"})
"length must be an integer (length = 'x')"
>>> s.accepts(lambda rows: None, complete=True)
"does not accept 'length'"
>>> sorted(s.taken(lambda rows, start=0: None))
['rows', 'start']
"""

from __future__ import annotations

import dataclasses
import functools
import inspect
import math
import numbers
import types
import typing
from collections import abc
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Self, TypeVar, cast

import numpy as np

import spec
from floor.memory import format_bytes, seconds_text
from registry import arguments
from spec import ImpartialGame, as_game
from spec.tables import compiled_form

__all__ = [
    "CERTIFICATE_KINDS", "CONDITIONAL", "EXACT", "REFUSAL_KINDS", "TRUST", "Certificate",
    "Cost", "Method", "Provided", "Refusal", "Signature", "anywhere", "as_certificate",
    "check_budget", "compare_arrays", "compare_sequences", "rule_identity",
]  # fmt: skip

#: The trust order of the certificates' kinds (lower: more trusted); the door of a question
#: that chooses by cost takes the most trusted first.
TRUST = {"exact": 0, "proved": 0, "certified": 0, "conditional": 1, "apparent": 2}
CERTIFICATE_KINDS = tuple(TRUST)
#: Why an implementation declines: more memory than half the available (``memory``), a longer
#: estimate than the budget (``budget``), a domain it does not cover (``domain``), a game it is
#: not made for (``capability``).
REFUSAL_KINDS = ("memory", "budget", "domain", "capability")


class _Text(str):
    """A record that is also the string the answers print: made once and never changed, so a
    copy is the record itself."""

    @property
    def text(self) -> str:
        """The printed text (a plain string)."""
        return str.__str__(self)

    def __copy__(self) -> Self:
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> Self:
        return self


class Certificate(_Text):
    """On what an answer rests: ``kind`` (:data:`CERTIFICATE_KINDS`), ``on`` (what a
    conditional answer assumes) and ``detail``; as a string, the text the answers print:
    ``kind[ on ON][ (detail)]``, or ``text`` where the sentence is the answer's own.

    >>> Certificate("exact", "spec"), Certificate("conditional", on="Conjecture 3.10")
    ('exact (spec)', 'conditional on Conjecture 3.10')
    >>> Certificate("apparent", text="apparent on y < 9 only").kind
    'apparent'
    """

    kind: str
    detail: str
    on: str

    def __new__(
        cls, kind: str = "exact", detail: str = "", *, on: str = "", text: str | None = None
    ) -> Certificate:
        if kind not in TRUST:
            raise ValueError(f"a certificate's kind is one of {', '.join(TRUST)} (not {kind!r})")
        head = f"{kind} on {on}" if on else kind
        made = super().__new__(cls, (f"{head} ({detail})" if detail else head) if text is None
                               else text)  # fmt: skip
        made.kind, made.detail, made.on = kind, detail, on
        return made

    @property
    def trust(self) -> int:
        """The rank of the kind in the trust order (:data:`TRUST`; lower is more trusted)."""
        return TRUST[self.kind]

    @property
    def trusted(self) -> bool:
        """Whether the answer rests on nothing assumed or merely seen: the most trusted rank of
        :data:`TRUST` (exact, proved, certified), the one definition every choice reads."""
        return self.trust == 0

    def bare(self) -> Certificate:
        """The kind (and what it assumes) without the detail: a method's certificate."""
        return Certificate(self.kind, on=self.on)

    def with_detail(self, detail: str) -> Certificate:
        """The same kind (and assumption) with ``detail``."""
        return Certificate(self.kind, detail, on=self.on)

    def __reduce__(self) -> tuple[object, ...]:
        return _certificate, (self.kind, self.detail, self.on, self.text)


def _certificate(kind: str, detail: str, on: str, text: str) -> Certificate:
    return Certificate(kind, detail, on=on, text=text)


#: The certificate of an exact answer, and of an answer of Algorithm RW (000 §3).
EXACT = Certificate("exact")
CONDITIONAL = Certificate("conditional", on="Conjecture 3.10")


def as_certificate(certificate: str) -> Certificate:
    """A registration's certificate: a record as it is, or a kind by its name (``"exact"``)."""
    return certificate if isinstance(certificate, Certificate) else Certificate(certificate)


class Refusal(_Text):
    """Why an implementation declines a domain: ``kind`` (:data:`REFUSAL_KINDS`), the
    estimated ``seconds`` and ``bytes`` (0 where none), and the text the refusals print.

    A ``covers`` may return plain text: it is a refusal of kind ``domain``
    (:meth:`of`).

    >>> Refusal.budget(120.0, 60.0), Refusal.of("n > 9").kind
    ('about 120 s (budget 60 s)', 'domain')
    """

    kind: str
    seconds: float
    bytes: int

    def __new__(
        cls, text: str, kind: str = "domain", seconds: float = 0.0, bytes: int = 0
    ) -> Refusal:
        if kind not in REFUSAL_KINDS:
            kinds = ", ".join(REFUSAL_KINDS)
            raise ValueError(f"a refusal's kind is one of {kinds} (not {kind!r})")
        made = super().__new__(cls, text)
        made.kind, made.seconds, made.bytes = kind, seconds, bytes
        return made

    @classmethod
    def of(cls, reason: str, seconds: float = 0.0) -> Refusal:
        """``reason`` as a record: a record as it is, plain text a ``domain`` refusal."""
        return reason if isinstance(reason, Refusal) else cls(reason, "domain", seconds)

    @classmethod
    def memory(cls, need: int, room: int, text: str | None = None, seconds: float = 0.0) -> Refusal:
        """``need`` bytes, more than ``room`` (half the available memory)."""
        text = text or f"needs about {format_bytes(need)}, more than {format_bytes(room)}"
        return cls(text, "memory", seconds, need)

    @classmethod
    def budget(cls, seconds: float, budget: float, text: str | None = None) -> Refusal:
        """An estimate of ``seconds``, over ``budget`` (or none before it runs: ``text``)."""
        text = text or f"about {seconds_text(seconds)} (budget {seconds_text(budget)})"
        return cls(text, "budget", seconds)

    def __reduce__(self) -> tuple[object, ...]:
        return Refusal, (self.text, self.kind, self.seconds, self.bytes)


def anywhere() -> str | None:
    """The ``covers`` of an implementation that answers every domain of its question."""
    return None


#: ``cost(**arguments) -> (seconds, bytes)``: an implementation's estimate.
Cost = Callable[..., tuple[float, int]]


@dataclass(frozen=True)
class Provided:
    """What a provider makes for one game (:func:`registry.core.register_provider`): its
    ``answer``, ``covers`` (None or why it declines the arguments; default: it answers every
    domain) and ``cost`` (seconds, bytes; None: none stated). Each takes the arguments it
    names, by keyword (:meth:`Signature.taken`)."""

    answer: Callable[..., object]
    covers: Callable[..., str | None] = anywhere
    cost: Cost | None = None


@dataclass(frozen=True)
class Method:
    """One method of ``value`` or ``moves`` (a provider of :mod:`registry.positions`): its
    ``name``, ``covers_game`` (None or why a game has it not), ``make`` (the game's answer,
    covers and cost), ``certificate`` (as the method tables print it), progress ``unit``,
    ``summary`` (what it covers), whether it is the ``spec``'s layer and whether it answers
    misère games too (``misere``; the spec's always does)."""

    name: str
    covers_game: Callable[[ImpartialGame], str | None]
    make: Callable[[ImpartialGame], Provided]
    certificate: Certificate
    unit: str = ""
    summary: str = ""
    spec: bool = False
    misere: bool = False


def _is_int(value: object) -> bool:
    return isinstance(value, numbers.Integral) and not isinstance(value, (bool, np.bool_))


def _is_sequence(value: object) -> bool:
    return isinstance(value, (list, tuple, range, np.ndarray))


#: The types a signature may name: a check of a value and what the error says it must be.
_TYPES: dict[str, tuple[Callable[[object], bool], str]] = {
    "int": (_is_int, "an integer"),
    "bool": (lambda v: isinstance(v, (bool, np.bool_)), "True or False"),
    "float": (lambda v: isinstance(v, numbers.Real) and not isinstance(v, bool), "a number"),
    "ints": (
        lambda v: _is_sequence(v) and all(_is_int(x) for x in v),  # type: ignore[attr-defined]
        "a sequence of integers",
    ),
    "sequence": (_is_sequence, "a sequence"),
    "any": (lambda v: True, "anything"),
}
#: The Python type of each name of :data:`_TYPES` (a record read back, or made from text).
_PYTHON: dict[str, object] = {
    "int": int, "bool": bool, "float": float, "ints": Sequence[int],
    "sequence": Sequence[object], "any": object,
}  # fmt: skip


def _type_name(annotation: object) -> tuple[str, bool]:
    """(the name in :data:`_TYPES`, whether None is allowed) of a record field's type."""
    parts = typing.get_args(annotation) if isinstance(annotation, types.UnionType) else ()
    none = type(None) in parts
    if none:
        rest = [p for p in parts if p is not type(None)]
        annotation = rest[0] if len(rest) == 1 else object
    for name, python in _PYTHON.items():
        if annotation == python:
            return name, none
    origin = typing.get_origin(annotation)
    if origin in (Sequence, abc.Sequence):
        return "sequence", none
    return "any", none


@dataclass(frozen=True)
class Argument:
    """One argument of a :class:`Signature`: its ``name``, its ``type`` (a name of
    :data:`_TYPES`), whether a call must give it (``required``), whether None stands for
    "not given" (``none``) and its ``default`` (the record's; None where required)."""

    name: str
    type: str
    required: bool = True
    none: bool = False
    default: object = field(default=None, compare=False)

    def check(self, value: object) -> str | None:
        """Why ``value`` is not of this argument's type (None: it is)."""
        test, what = _TYPES[self.type]
        if test(value) or (self.none and value is None):
            return None
        return f"{self.name} must be {what}{' or None' if self.none else ''} ({self.name} = " \
            f"{value!r})"  # fmt: skip

    def __str__(self) -> str:
        return f"{self.name}{'' if self.required else '?'}: {self.type}" + (
            " | None" if self.none else ""
        )


#: The door's own options (``using``, ``progress``, ``budget``): never a question's argument.
DOOR_OPTIONS = frozenset(arguments.DOOR_OPTIONS)


class Signature:
    """The arguments a question takes (issues 37, 47): a record of them (a keyword-only
    dataclass of :mod:`registry.arguments`, :meth:`of`), or its text for a question a plugin
    declares, ``"name: type"``, comma-separated (``name?`` an optional one, ``| None`` a type
    that also takes None; the types ``int`` (any integer but a bool), ``bool``, ``float`` (a
    real number), ``ints`` (a sequence of integers), ``sequence``, ``any``), from which the
    record is made.

    The door checks a call's arguments once (:meth:`check`) and passes each implementation's
    callable the arguments it names (:meth:`taken`); a registration checks that they can be
    called so (:meth:`accepts`).

    >>> Signature("g: int, r1: int, r2: int, R?: int | None")
    Signature('g: int, r1: int, r2: int, R?: int | None')
    >>> Signature("g: int").check({"g": 1, "rows": 2})
    "unexpected argument 'rows' (the arguments: g: int)"
    >>> Signature("g: int, k?: int").record(g=1).k is None
    True
    """

    record: type[object]

    def __init__(self, text: str, record: type[object] | None = None) -> None:
        found = []
        for part in filter(None, (p.strip() for p in text.split(","))):
            name, _, kind = (p.strip() for p in part.partition(":"))
            kind, none = (kind[: -len("| None")].strip(), True) if kind.endswith("| None") \
                else (kind, False)  # fmt: skip
            if kind not in _TYPES or not name.rstrip("?").isidentifier():
                raise ValueError(f"a signature's argument is 'name: type', type one of "
                                 f"{', '.join(_TYPES)} (not {part!r})")  # fmt: skip
            found.append(Argument(name.rstrip("?"), kind, not name.endswith("?"), none))
        self.arguments = tuple(found)
        self.record = record or _made_record(self.arguments)

    @classmethod
    def of(cls, record: type[object]) -> Signature:
        """The signature of an argument record (a keyword-only dataclass: a field without a
        default is required; :data:`DOOR_OPTIONS` are the door's, not arguments)."""
        hints = typing.get_type_hints(record)
        made = cls("", record)
        made.arguments = tuple(
            Argument(f.name, _type_name(hints[f.name])[0], _required(f),
                     _type_name(hints[f.name])[1], None if _required(f) else f.default)
            for f in dataclasses.fields(record)  # type: ignore[arg-type]
            if f.name not in DOOR_OPTIONS
        )  # fmt: skip
        return made

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(a.name for a in self.arguments)

    def __str__(self) -> str:
        return ", ".join(map(str, self.arguments))

    def __repr__(self) -> str:
        return f"Signature({str(self)!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Signature) and self.arguments == other.arguments

    def __hash__(self) -> int:
        return hash(self.arguments)

    def check(self, domain: Mapping[str, object]) -> str | None:
        """Why a call with the arguments ``domain`` is wrong (the first argument missing, not
        taken or of the wrong type), in one line naming it; None if it is right."""
        for argument in self.arguments:
            if argument.name not in domain and argument.required:
                return f"missing argument {argument.name!r} (the arguments: {self})"
        for name, value in domain.items():
            taken = next((a for a in self.arguments if a.name == name), None)
            if taken is None:
                return f"unexpected argument {name!r} (the arguments: {self})"
            why = taken.check(value)
            if why is not None:
                return why
        return None

    def accepts(
        self, function: Callable[..., object], extra: Iterable[str] = (), *, complete: bool = False
    ) -> str | None:
        """Why ``function`` cannot be called with the arguments it names (:meth:`taken`):
        a parameter without a default that is no required argument (``extra``: more it may
        require, the door's ``progress``), or, where ``complete`` (an ``answer``), a required
        argument it does not take; None if it can, or if it has no signature."""
        try:
            parameters = inspect.signature(function).parameters.values()
        except (TypeError, ValueError):  # a builtin without a signature: nothing to check
            return None
        named = {p.name: p for p in parameters if p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD)}
        rest = any(p.kind == p.VAR_KEYWORD for p in parameters)
        for argument in self.arguments:
            p = named.get(argument.name)
            if p is not None and p.kind == p.POSITIONAL_ONLY:
                return f"does not accept {argument.name!r} (positional only)"
            if p is None and not rest and argument.required and complete:
                return f"does not accept {argument.name!r}"
        required = {a.name for a in self.arguments if a.required} | set(extra)
        for p in named.values():
            if p.default is p.empty and p.name not in required:
                return f"requires {p.name!r}, which is not a required argument"
        return None

    def taken(self, function: Callable[..., object], extra: Iterable[str] = ()) -> frozenset[str]:
        """The arguments (and ``extra``) ``function`` names: those the door passes it (all of
        them where it takes ``**kwargs`` or has no signature)."""
        names = frozenset((*self.names, *extra))
        try:
            parameters = inspect.signature(function).parameters.values()
        except (TypeError, ValueError):
            return names
        if any(p.kind == p.VAR_KEYWORD for p in parameters):
            return names
        return names & {p.name for p in parameters}


def _required(field: dataclasses.Field[object]) -> bool:
    return field.default is dataclasses.MISSING and field.default_factory is dataclasses.MISSING


def _made_record(found: tuple[Argument, ...]) -> type[object]:
    """The argument record of a signature given as text (a plugin's question)."""
    fields = [
        (a.name, _PYTHON[a.type] | None if a.none else _PYTHON[a.type])  # type: ignore[operator]
        if a.required else
        (a.name, _PYTHON[a.type] | None if a.none else _PYTHON[a.type],  # type: ignore[operator]
         dataclasses.field(default=None))
        for a in found
    ]  # fmt: skip
    return dataclasses.make_dataclass(
        "Arguments", fields, bases=(arguments.DoorOptions,), frozen=True, kw_only=True
    )


F = TypeVar("F", bound=Callable[..., object])


def passing(function: F, taken: frozenset[str] | None) -> F:
    """``function`` called by keyword with any arguments, passed those in ``taken`` alone
    (None: all of them); its signature stays its own (``__wrapped__``)."""
    if taken is None or getattr(function, "__taken__", None) == taken:
        return function

    @functools.wraps(function)
    def passed(**domain: object) -> object:
        return function(**{k: v for k, v in domain.items() if k in taken})

    passed.__taken__ = taken  # type: ignore[attr-defined]
    return cast(F, passed)


def parameters(function: Callable[..., object]) -> tuple[str, ...]:
    try:
        return tuple(inspect.signature(function).parameters)
    except (TypeError, ValueError):
        return ()


def any_keyword(function: Callable[..., object]) -> bool:
    """Whether ``function`` takes every keyword (``**kwargs``, or no signature to read)."""
    try:
        parameters = inspect.signature(function).parameters.values()
    except (TypeError, ValueError):
        return True
    return any(p.kind == p.VAR_KEYWORD for p in parameters)


def compare_arrays(expected: object, actual: object) -> str | None:
    """Compare two integer arrays; describe the first differing index.

    >>> compare_arrays([[0, 1], [1, 0]], [[0, 1], [1, 2]])
    'first difference at (1, 1): expected 0, got 2'
    >>> compare_arrays([1, 2], [1, 2]) is None
    True
    """
    exp, act = np.asarray(expected), np.asarray(actual)
    if exp.shape != act.shape:
        return f"shape differs: expected {exp.shape}, got {act.shape}"
    if exp.dtype == object or act.dtype == object:
        pairs = zip(exp.ravel().tolist(), act.ravel().tolist(), strict=True)
        unequal = np.array([e != a for e, a in pairs]).reshape(exp.shape)
    else:
        unequal = exp.astype(np.int64) != act.astype(np.int64)
    if not unequal.any():
        return None
    index = tuple(int(i) for i in np.argwhere(unequal)[0])
    shown = index if len(index) > 1 else index[0]
    return f"first difference at {shown}: expected {exp[index].item()}, got {act[index].item()}"


def compare_sequences(expected: Sequence[object], actual: Sequence[object]) -> str | None:
    """Compare two sequences element by element (elements compared with ==).

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


def check_budget(budget: object) -> float:
    """``budget`` as seconds: a real number >= 0 (``math.inf``: no limit), else a ValueError
    naming it, as every argument of the front door.

    >>> check_budget(60), check_budget(math.inf)
    (60, inf)
    >>> check_budget(float("nan"))
    Traceback (most recent call last):
    ...
    ValueError: budget must be a number of seconds >= 0 (inf: no limit) (budget = nan)
    """
    if (
        not isinstance(budget, (int, float)) or isinstance(budget, bool)
        or math.isnan(budget) or budget < 0
    ):  # fmt: skip
        raise ValueError(
            f"budget must be a number of seconds >= 0 (inf: no limit) (budget = {budget!r})"
        )
    return budget


@functools.cache
def _rule_names(names: tuple[str, ...]) -> dict[tuple[object, ...], str]:
    forms: dict[tuple[object, ...], str] = {}
    for name in names:
        form = compiled_form(spec.get_game(name))
        if form is not None:
            forms.setdefault(form, name)  # the first registered game of a rule names it
    return forms


def rule_identity(game: spec.ImpartialGame | str) -> str | None:
    """The registered game whose rule ``game``'s compiled form states
    (:func:`spec.tables.compiled_form`), or None: the one identity of a game's rule at every
    layer, so Wythoff written as ``nimhof:1,0/0,1/1,1`` is Wythoff to the kernels, the atlas
    and every question asked of Wythoff by name (its own name first).

    >>> rule_identity("nimhof:1,0/0,1/1,1"), rule_identity("a-wythoff:2"), rule_identity("nim")
    ('wythoff', None, None)
    """
    form = compiled_form(as_game(game))
    return None if form is None else _rule_names(tuple(spec.GAMES)).get(form)
