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
arguments a question takes, by name and type: the door checks a call's
arguments against it once, and a registration checks that each
implementation's ``answer``, ``covers`` and ``cost`` accept it.

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
>>> s.accepts(lambda rows, length: None)
"does not accept 'start'"
"""

from __future__ import annotations

import inspect
import numbers
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any

import numpy as np

from floor.memory import format_bytes, seconds_text

__all__ = [
    "CERTIFICATE_KINDS", "CONDITIONAL", "EXACT", "REFUSAL_KINDS", "TRUST", "Certificate",
    "Method", "Refusal", "Signature", "as_certificate",
]  # fmt: skip

#: The trust order of the certificates' kinds (lower: more trusted); the door of a question
#: that chooses by cost takes the most trusted first.
TRUST = {"exact": 0, "proved": 0, "certified": 0, "conditional": 1, "apparent": 2}
CERTIFICATE_KINDS = tuple(TRUST)
#: Why an implementation declines: more memory than half the available (``memory``), a longer
#: estimate than the budget (``budget``), a domain it does not cover (``domain``), a game it is
#: not made for (``capability``).
REFUSAL_KINDS = ("memory", "budget", "domain", "capability")


class Certificate(str):
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
    def text(self) -> str:
        """The printed text (a plain string)."""
        return str.__str__(self)

    @property
    def trust(self) -> int:
        """The rank of the kind in the trust order (:data:`TRUST`; lower is more trusted)."""
        return TRUST[self.kind]

    def bare(self) -> Certificate:
        """The kind (and what it assumes) without the detail: a method's certificate."""
        return Certificate(self.kind, on=self.on)

    def with_detail(self, detail: str) -> Certificate:
        """The same kind (and assumption) with ``detail``."""
        return Certificate(self.kind, detail, on=self.on)

    def __reduce__(self) -> tuple[Any, ...]:
        return _certificate, (self.kind, self.detail, self.on, self.text)

    def __copy__(self) -> Certificate:
        return self

    def __deepcopy__(self, memo: Any) -> Certificate:
        return self


def _certificate(kind: str, detail: str, on: str, text: str) -> Certificate:
    return Certificate(kind, detail, on=on, text=text)


#: The certificate of an exact answer, and of an answer of Algorithm RW (000 §3).
EXACT = Certificate("exact")
CONDITIONAL = Certificate("conditional", on="Conjecture 3.10")


def as_certificate(certificate: str) -> Certificate:
    """A registration's certificate: a record as it is, or a kind by its name (``"exact"``)."""
    return certificate if isinstance(certificate, Certificate) else Certificate(certificate)


class Refusal(str):
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

    @property
    def text(self) -> str:
        """The printed text (a plain string)."""
        return str.__str__(self)

    def __reduce__(self) -> tuple[Any, ...]:
        return Refusal, (self.text, self.kind, self.seconds, self.bytes)

    def __copy__(self) -> Refusal:
        return self

    def __deepcopy__(self, memo: Any) -> Refusal:
        return self


@dataclass(frozen=True)
class Method:
    """One method of ``value`` or ``moves`` (a provider of :mod:`registry.positions`): its
    ``name``, ``covers_game`` (None or why a game has it not), ``make`` (the game's answer,
    covers and cost), ``certificate`` (as the method tables print it), progress ``unit``,
    ``summary`` (what it covers), whether it is the ``spec``'s layer and whether it answers
    misère games too (``misere``; the spec's always does)."""

    name: str
    covers_game: Callable[[Any], str | None]
    make: Callable[[Any], tuple[Any, ...]]
    certificate: Certificate
    unit: str = ""
    summary: str = ""
    spec: bool = False
    misere: bool = False


def _is_int(value: Any) -> bool:
    return isinstance(value, numbers.Integral) and not isinstance(value, (bool, np.bool_))


#: The types a signature may name: a check of a value and what the error says it must be.
_TYPES: dict[str, tuple[Callable[[Any], bool], str]] = {
    "int": (_is_int, "an integer"),
    "bool": (lambda v: isinstance(v, (bool, np.bool_)), "True or False"),
    "float": (lambda v: isinstance(v, numbers.Real) and not isinstance(v, bool), "a number"),
    "ints": (
        lambda v: isinstance(v, (list, tuple, range, np.ndarray)) and all(_is_int(x) for x in v),
        "a sequence of integers",
    ),
    "sequence": (lambda v: isinstance(v, (list, tuple, range, np.ndarray)), "a sequence"),
    "any": (lambda v: True, "anything"),
}


@dataclass(frozen=True)
class Argument:
    """One argument of a :class:`Signature`: its ``name``, its ``type`` (a name of
    :data:`_TYPES`), whether a call must give it (``required``) and whether None stands for
    "not given" (``none``)."""

    name: str
    type: str
    required: bool = True
    none: bool = False

    def check(self, value: Any) -> str | None:
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


class Signature:
    """The arguments a question takes (issue 37): ``"name: type"``, comma-separated; ``name?``
    marks an optional one, ``| None`` a type that also takes None. The types: ``int`` (any
    integer but a bool), ``bool``, ``float`` (a real number), ``ints`` (a sequence of
    integers), ``sequence``, ``any``.

    The door checks a call's arguments once (:meth:`check`); a registration checks that an
    implementation's callables take them (:meth:`accepts`).

    >>> Signature("g: int, r1: int, r2: int, R?: int | None")
    Signature('g: int, r1: int, r2: int, R?: int | None')
    >>> Signature("g: int").check({"g": 1, "rows": 2})
    "unexpected argument 'rows' (the arguments: g: int)"
    """

    def __init__(self, text: str) -> None:
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

    def check(self, domain: Mapping[str, Any]) -> str | None:
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

    def accepts(self, function: Callable[..., Any], extra: Iterable[str] = ()) -> str | None:
        """Why ``function`` cannot be called as ``function(**arguments)`` with every argument
        of this signature and without the optional ones (``extra`` names more that it may
        require, the door's own: ``progress``); None if it can, or if it has no signature."""
        try:
            parameters = inspect.signature(function).parameters.values()
        except (TypeError, ValueError):  # a builtin without a signature: nothing to check
            return None
        named = {p.name: p for p in parameters if p.kind not in (p.VAR_POSITIONAL, p.VAR_KEYWORD)}
        rest = any(p.kind == p.VAR_KEYWORD for p in parameters)
        for argument in self.arguments:
            p = named.get(argument.name)
            if (p is None and not rest) or (p is not None and p.kind == p.POSITIONAL_ONLY):
                return f"does not accept {argument.name!r}"
        required = {a.name for a in self.arguments if a.required} | set(extra)
        for p in named.values():
            if p.default is p.empty and p.name not in required:
                return f"requires {p.name!r}, which is not a required argument"
        return None
