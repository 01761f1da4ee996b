"""The registry's records: certificates, refusals and method tables (issue 37).

A :class:`Certificate` says on what an answer rests (its ``kind``: exact,
proved, certified, conditional, apparent; and its ``detail``); a
:class:`Refusal` says why an implementation declines a domain (its
``kind``: memory, budget, domain, capability; with the estimated seconds
and bytes). Both are strings too, the text the CLI and the answers always
printed, so the text and JSON outputs stay as they were; no code reads
that text back: the trust order reads :attr:`Certificate.kind`, the door's
choice of exception :attr:`Refusal.kind`. A :class:`Method` is one row of
the method tables of ``value`` and ``moves``.

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
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from fast._memory import format_bytes, seconds_text

__all__ = [
    "CERTIFICATE_KINDS", "CONDITIONAL", "EXACT", "REFUSAL_KINDS", "TRUST", "Certificate",
    "Method", "Refusal", "as_certificate",
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
    ``summary`` (what it covers) and whether it is the ``spec``'s layer."""

    name: str
    covers_game: Callable[[Any], str | None]
    make: Callable[[Any], tuple[Any, ...]]
    certificate: Certificate
    unit: str = ""
    summary: str = ""
    spec: bool = False
