"""The registry of questions and their implementations (docs/architecture.md).

A **question**, keyed ``"id:game"``, has one answer type, a comparison and
its conformance domains. An **implementation** answers it,
``answer(**domain)``, in a layer (:data:`LAYERS`), and may state where it
answers (``covers``: None or why not), its cost (``cost(**domain) ->
(seconds, bytes)``, the model beside its kernel) and the unit of its
progress (:data:`Progress`); each is passed the arguments it names. A
**provider** makes the implementations of a question kind for every game
object with a capability, never by its name: ``make(game)`` gives a
:class:`registry.records.Provided` (``answer``, ``covers``, ``cost``).
A question is its own door: ``question(id, game)(using=None, progress=None,
budget=None, **domain)`` chooses (:meth:`Question.candidates` says in which
order), checks memory and answers with provenance (:class:`Answer`);
:func:`ask` returns the bare value; asked through its typed handle
(:class:`registry.arguments.Kind`, ``question(PERIOD, game)``), mypy checks
the call's arguments. The ``spec`` implementation is the oracle unless the
question names another. A question declares its arguments (a record of
:mod:`registry.arguments`, read as a :class:`registry.records.Signature`):
the door checks a call's arguments once (:class:`BadArguments`, one line
naming the argument) and a registration checks that each implementation's
``answer``, ``covers`` and ``cost`` can be called with them.

Examples
--------
>>> key = register_question("demo-square", "none", "squares", {"n": 4}, signature="n: int",
...                         replace=True)  # a record of registry.arguments, or its text
>>> register_implementation(key, "spec", "spec", lambda n: [i * i for i in range(n)])
>>> register_implementation(key, "demo.fast", "fast", lambda n: [i * i for i in range(n)],
...                         covers=lambda n: None if n < 100 else "n >= 100")
>>> door = question("demo-square", "none")
>>> door.choose(n=5).name, door.choose(n=500).name
('demo.fast', 'spec')
>>> ask("demo-square", "none", n=4)
[0, 1, 4, 9]
>>> question("demo-square", "none")(using="nope", n=3)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
registry.core.UnknownImplementation: unknown implementation 'nope' ... spec)
>>> ask("demo-square", "none", n="3")
Traceback (most recent call last):
...
registry.core.BadArguments: demo-square of none: n must be an integer (n = '3')
>>> register_implementation(key, "demo.bad", "fast", lambda n: [], cost=lambda size: (0.0, 0))
... # doctest: +ELLIPSIS
Traceback (most recent call last):
...
ValueError: demo-square:none: implementation 'demo.bad': its cost requires 'size', which is ...
>>> unregister_question(key)
"""

from __future__ import annotations

import functools
import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from dataclasses import replace as _copy
from typing import Any, Generic, TypeVar, cast, overload

import spec
from floor.memory import available_memory, format_bytes, seconds_text
from registry.arguments import Kind, P, Progress
from registry.records import (
    EXACT,
    Certificate,
    Cost,
    Provided,
    Refusal,
    Signature,
    any_keyword,
    anywhere,
    as_certificate,
    check_budget,
    compare_arrays,
    compare_sequences,
    parameters,
    passing,
    rule_identity,
)
from spec import as_game

__all__ = [
    "BUDGET_SECONDS",
    "LAYERS",
    "PROVIDERS",
    "QUESTIONS",
    "Answer",
    "BadArguments",
    "Declined",
    "Implementation",
    "Kind",
    "NoImplementation",
    "Progress",
    "Provided",
    "Provider",
    "Question",
    "TooLarge",
    "Unknown",
    "UnknownImplementation",
    "as_game",
    "ask",
    "check_budget",
    "checked_memory",
    "compare_arrays",
    "compare_sequences",
    "get_question",
    "question",
    "register_implementation",
    "register_provider",
    "register_question",
    "rule_identity",
    "seconds_text",
    "unregister_question",
]  # fmt: skip

#: The layers, in the resolver's order of preference (published never computes).
LAYERS = ("fast", "reference", "spec", "published")
#: The one time budget (seconds) of the questions that have one (value, moves, period, the
#: tables): a longer estimate is refused up front with it; the CLI stops the spec solver there.
BUDGET_SECONDS = 60.0

T = TypeVar("T")
Comparison = Callable[[Any, Any], str | None]
#: A domain: a question's arguments by name (the values of its record's fields).
Domain = dict[str, Any]
Covers = Callable[..., str | None]
#: The roles of an implementation's callables, each passed the arguments it names.
ROLES = ("answer", "covers", "cost")


class NoImplementation(ValueError):
    """No implementation answers the domain; the message says why each declined, ``refusal``
    (where one implementation was asked for) is its record (:class:`registry.records.Refusal`)."""

    refusal: Refusal | None = None
    #: Why each implementation declined: (name, its Refusal record, or the text of one that
    #: stopped once it looked); what the command line turns into the user's words.
    reasons: tuple[tuple[str, Any], ...] = ()


class UnknownImplementation(NoImplementation):
    """The implementation asked for by name is not one of the question's candidates."""


class Declined(NoImplementation):
    """An implementation found, once it looked, that it cannot answer: the door asks the next."""


class TooLarge(NoImplementation, MemoryError):
    """The chosen implementation needs over half the available memory (the message names the
    domain): a ValueError and a MemoryError."""


class BadArguments(ValueError):
    """A call's arguments do not fit the question's signature: one line naming the argument
    (a missing one, one it does not take, or one of the wrong type)."""


class Unknown(ValueError):
    """A cost model has no estimate before it runs: the implementation answers only if named."""


def _shown(domain: Domain) -> str:
    def short(v: object) -> str:
        text = repr(v)
        return text if len(text) <= 40 else f"{text[:18]}...{text[-18:]}"

    return ", ".join(f"{k} = {short(v)}" for k, v in domain.items())


@dataclass(eq=False)
class Implementation:
    """One answer to a question (see the module): ``name`` (registered once), ``layer``,
    ``answer``, ``covers``, ``quick`` (False: conformance asks it with ``--all`` only),
    ``rank`` (the layer's; a ``shadow=True`` registration first), ``certificate`` (a
    :class:`registry.records.Certificate`: exact, conditional on Conjecture 3.10, apparent),
    ``generic`` (a provider's), ``cost`` and ``unit``."""

    name: str
    layer: str
    answer: Callable[..., object]
    covers: Covers = anywhere
    quick: bool = True
    rank: int = 0
    certificate: Certificate = EXACT
    generic: bool = False
    cost: Cost | None = None
    unit: str = ""
    #: The arguments each callable names (:data:`ROLES`; :meth:`registry.records.Signature.taken`):
    #: called with every argument of a domain, it is passed those alone (a role missing here
    #: is passed every argument). An option one method reads travels only to it.
    takes: Mapping[str, frozenset[str]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.answer = passing(self.answer, self.takes.get("answer"))
        self.covers = passing(self.covers, self.takes.get("covers"))
        self.cost = None if self.cost is None else passing(self.cost, self.takes.get("cost"))

    def reason(
        self, budget: float | None, named: bool = False, **domain: object
    ) -> tuple[Refusal | None, float]:
        """Why it declines ``domain`` (None: it answers; plain text from ``covers`` is a
        ``domain`` refusal) and its estimated seconds; ``named``: it was asked for by name (a
        cost it cannot estimate then does not stop it)."""
        try:
            why = self.covers(**domain)
            if why is not None or self.cost is None:
                return (None if why is None else Refusal.of(why)), 0.0
            seconds, memory = self.cost(**domain)
        except Unknown as error:
            return (None, 0.0) if named else (Refusal.budget(math.inf, 0, str(error)), math.inf)
        except (TypeError, ValueError, OverflowError) as error:
            return Refusal(str(error), "domain", math.inf), math.inf
        if memory > available_memory() // 2:
            return Refusal.memory(memory, available_memory() // 2, seconds=seconds), seconds
        if budget is not None and seconds > budget:
            return Refusal.budget(seconds, budget), seconds
        return None, seconds

    def estimate(self, **domain: object) -> tuple[float, int]:
        """(seconds, bytes) of ``domain``: (0, 0) where no cost is stated or known before it
        runs."""
        return _cost(self, domain)


@dataclass(frozen=True)
class Answer(Generic[T]):
    """A question's answer and the implementation that gave it (its provenance)."""

    value: T
    implementation: Implementation

    @property
    def name(self) -> str:
        return self.implementation.name

    @property
    def certificate(self) -> Certificate:
        """The answer's certificate record: its own (a Value, Moves or Period says on what
        it rests), else the implementation's."""
        own = getattr(self.value, "certificate", None)
        return own if isinstance(own, Certificate) else self.implementation.certificate


@dataclass
class Question(Generic[T, P]):
    """A question that several implementations answer on the same domains.

    ``game``: the canonical game name; ``subject``: the game object the
    providers' implementations were made for; ``budget``, ``cheapest``: how it
    chooses (see the module); ``checked`` False: conformance compares its
    implementations through another question; ``signature``: its arguments
    (None: not declared, not checked).
    """

    id: str
    game: str
    description: str
    domain: Domain
    compare: Comparison
    implementations: list[Implementation] = field(default_factory=list)
    oracle_name: str | None = None
    extra_domains: list[tuple[Domain, bool]] = field(default_factory=list)
    subject: spec.ImpartialGame | None = None
    budget: float | None = None
    cheapest: bool = False
    checked: bool = True
    signature: Signature | None = None

    @property
    def key(self) -> str:
        return f"{self.id}:{self.game}"

    def oracle(self) -> Implementation | None:
        """The implementation every other one is compared with."""
        for impl in self.implementations:
            if (self.oracle_name is None and impl.layer == "spec") or impl.name == self.oracle_name:
                return impl
        return None

    def domains(self, include_slow: bool = False) -> list[Domain]:
        """The conformance domains: the default, then the extra ones (quick unless asked)."""
        return [self.domain, *(d for d, quick in self.extra_domains if quick or include_slow)]

    def candidates(
        self, budget: float | None = None, using: str | None = None, **domain: object
    ) -> list[tuple[Implementation, Refusal | None]]:
        """Every computing implementation, preferred first, with its reason to decline (or
        None); ``budget`` (default: the question's) bounds the estimates.

        A ``cheapest`` question prefers by trust (exact, conditional,
        apparent), then cost; the others by layer (fast, reference, spec),
        exact first, the game's own before a provider's; then the order of
        registration. Published tables answer only a ``cheapest`` question.
        """
        limit = self.budget if budget is None else check_budget(budget)
        self.check_arguments(domain)
        found = []
        for order, impl in enumerate(self.implementations):
            if impl.layer != "published" or self.cheapest:
                reason, seconds = impl.reason(limit, impl.name == using, **domain)
                cost = (impl.certificate.trust, seconds)
                rank = (impl.rank, impl.certificate.trust, impl.generic)
                found.append(((cost if self.cheapest else rank, order), impl, reason))
        return [(impl, reason) for _, impl, reason in sorted(found, key=lambda f: f[0])]

    def check_arguments(self, domain: Domain) -> None:
        """Raise :class:`BadArguments` (one line naming the argument) where ``domain`` does not
        fit the question's signature (nothing is checked where it declares none)."""
        why = None if self.signature is None else self.signature.check(domain)
        if why is not None:
            raise BadArguments(f"{self.id} of {self.game}: {why}")

    def _tried(
        self, using: str | None, budget: float | None, domain: Domain
    ) -> list[tuple[Implementation, Refusal | None]]:
        """The candidates the door tries in turn: the one ``using`` names, else all of them
        (one at least answering); the errors of :meth:`choose`."""
        tried = self.candidates(budget, using, **domain)
        named = [(impl, reason) for impl, reason in tried if impl.name == using]
        if using is not None and not named:
            names = ", ".join(impl.name for impl, _ in tried)
            raise UnknownImplementation(
                f"unknown implementation {using!r} of {self.id} for {self.game} "
                f"(candidates: {names})"
            )
        if not tried:
            raise NoImplementation(f"no implementation answers {self.id!r} for game {self.game!r}")
        if named and named[0][1] is not None:
            reason = named[0][1]
            error = TooLarge if reason.kind == "memory" else NoImplementation
            refused = error(f"{using} does not answer this: {reason} ({_shown(domain)})")
            refused.refusal = reason
            raise refused
        if all(reason is not None for _, reason in tried):
            reasons = "; ".join(f"{impl.name}: {reason}" for impl, reason in tried)
            uncovered = NoImplementation(
                f"no implementation of {self.id!r} for {self.game} covers {_shown(domain)} "
                f"({reasons})"
            )
            uncovered.reasons = tuple((impl.name, reason) for impl, reason in tried)
            raise uncovered
        return named or tried

    def choose(
        self, using: str | None = None, budget: float | None = None, **domain: object
    ) -> Implementation:
        """The implementation ``using`` names, else the preferred one; it must cover ``domain``
        within ``budget`` (default: the question's; a named one may have no estimate).

        Raises UnknownImplementation (``using`` is no candidate; the message
        lists them) or NoImplementation (the message says why each declined).
        """
        return next(impl for impl, why in self._tried(using, budget, domain) if why is None)

    def estimate(self, budget: float | None = None, **domain: object) -> tuple[float, int]:
        """(seconds, bytes) of the implementation the door would choose (0 where none is
        stated); NoImplementation as the door."""
        return _cost(self.choose(None, budget, **domain), domain)

    def __call__(self, *args: P.args, **kwargs: P.kwargs) -> Answer[T]:
        """Validate, choose (the chosen one's memory checked), answer with provenance: the
        arguments by name, with the door's ``using``, ``progress`` and ``budget``
        (:class:`registry.arguments.DoorOptions`; a question asked through its handle,
        :class:`Kind`, is checked by mypy against its record).

        ``budget`` (seconds) replaces the question's; ``progress(done, total,
        unit)`` reaches an implementation that reports; an implementation that
        declines once it looks (:class:`Declined`) passes to the next; a
        MemoryError of the work is :class:`TooLarge`, naming the request.
        """
        if args:
            raise TypeError(f"{self.id}: a question takes its arguments by name")
        return self._answer(**cast(Domain, kwargs))

    def _answer(
        self,
        *,
        using: str | None = None,
        progress: Progress | None = None,
        budget: float | None = None,
        **domain: object,
    ) -> Answer[T]:
        reasons, where = [], f"{self.id} of {self.game} at {_shown(domain)}"
        records: list[tuple[str, Any]] = []
        tried: list[tuple[Implementation, str | None]] = list(self._tried(using, budget, domain))
        # the same budget bounds the run: the spec solver stops where its measured speed
        # projects past it (a budget given further out, the CLI's --budget, stands)
        limit = self.budget if budget is None else check_budget(budget)
        for impl, reason in tried:
            reporting = {"progress": progress} if impl.unit and progress is not None else {}
            try:
                if reason is None:
                    with spec.solver.budget(limit, given=budget is not None):
                        found = impl.answer(**domain, **reporting)
                        return Answer(cast(T, found), impl)
            except Declined as why:
                reason = str(why)
            except TooLarge:
                raise
            except MemoryError as error:
                memory = _cost(impl, domain)[1]
                guess = f" (estimated {format_bytes(memory)})" if memory else ""
                raise TooLarge(
                    f"{where}: {impl.name} ran out of memory{guess}: {error or 'MemoryError'}"
                ) from None
            reasons.append(f"{impl.name}: {reason}")
            records.append((impl.name, reason))
        unanswered = NoImplementation(
            f"no implementation of {self.id!r} for {self.game} answers {_shown(domain)} "
            f"({'; '.join(reasons)})"
        )
        unanswered.reasons = tuple(records)
        raise unanswered


def checked_memory(answer: Callable[..., T]) -> Callable[..., T]:
    """``answer`` of a kernel that checks its memory before it starts: its MemoryError names
    the request and the bytes, so it is the door's :class:`TooLarge` in its own words."""

    @functools.wraps(answer)  # its signature: the door passes it the arguments it names
    def checked(**domain: object) -> T:
        try:
            return answer(**domain)
        except TooLarge:
            raise
        except MemoryError as error:
            raise TooLarge(str(error)) from None

    return checked


def _cost(impl: Implementation, domain: Domain) -> tuple[float, int]:
    """``impl``'s estimate of ``domain``: (0, 0) where it states none or cannot know."""
    try:
        return impl.cost(**domain) if impl.cost is not None else (0.0, 0)
    except Unknown:
        return 0.0, 0


@dataclass
class Provider:
    """The implementations of a question kind for every game object with a capability
    (see the module); ``summary`` says what it covers (method tables are rendered from it);
    ``misere``: it answers a misère game (:func:`spec.misere`) too, by G⁻ (else it declines
    one: normal play only)."""

    question: str
    name: str
    layer: str
    covers_game: Callable[[spec.ImpartialGame], str | None]
    make: Callable[[spec.ImpartialGame], Provided]
    certificate: Certificate = EXACT
    unit: str = ""
    summary: str = ""
    misere: bool = False


#: The built-in kinds, keys, games once :func:`seal` ran (a new default needs ``shadow=True``).
_BUILTIN_KINDS: set[str] = set()
_BUILTIN_KEYS: set[str] = set()
_BUILTIN_GAMES: set[str] = set()
#: Question kinds, by id: the template each game's question is copied from.
_KINDS: dict[str, Question[Any]] = {}
#: Built questions, by key ``"id:game"``.
QUESTIONS: dict[str, Question[Any]] = {}
#: Providers, by question id.
PROVIDERS: dict[str, list[Provider]] = {}


def _layer_rank(layer: str) -> int:
    if layer not in LAYERS:
        raise ValueError(f"layer must be one of {', '.join(LAYERS)} (layer = {layer!r})")
    return 10 * LAYERS.index(layer)


def register_question(
    id: str,
    game: str,
    description: str,
    domain: Domain,
    compare: Comparison | None = None,
    *,
    oracle: str | None = None,
    extra_domains: Sequence[tuple[Domain, bool]] = (),
    budget: float | None = None,
    cheapest: bool = False,
    checked: bool = True,
    signature: str | Signature | type[object] | None = None,
    replace: bool = False,
) -> str:
    """Register a question (``game="*"``: a kind, for every game through its providers;
    ``{game}`` in the description becomes the game's name) and return its key.

    ``compare(expected, actual)`` is None when they agree, else the first
    difference (default :func:`compare_arrays`); ``signature``: its arguments (a record of
    :mod:`registry.arguments`, a :class:`registry.records.Signature` or its text,
    ``"rows: int, start?: int"``; its
    conformance domains must fit it, an empty default domain aside: a question that
    conformance does not ask); the rest as in :class:`Question`. Registering an
    existing key again is a no-op unless ``replace``.
    """
    declared = (
        Signature(signature) if isinstance(signature, str)
        else Signature.of(signature) if isinstance(signature, type) else signature
    )  # fmt: skip
    made: Question[Any] = Question(
        id, game, description, dict(domain), compare or compare_arrays, oracle_name=oracle,
        extra_domains=list(extra_domains), budget=budget, cheapest=cheapest, checked=checked,
        signature=declared,
    )  # fmt: skip
    for example in made.domains(include_slow=True) if domain or extra_domains else ():
        made.check_arguments(example)
    table, name = (_KINDS, id) if game == "*" else (QUESTIONS, f"{id}:{game}")
    if name not in table or replace:
        table[name] = made
    return f"{id}:{game}"


def unregister_question(key: str) -> None:
    """Remove a question (used by tests and doctests)."""
    QUESTIONS.pop(key, None)


def register_implementation(
    question: str,
    name: str,
    layer: str,
    answer: Callable[..., object],
    *,
    covers: Covers | None = None,
    domain: Domain | None = None,
    quick: bool = True,
    certificate: str | Certificate = "exact",
    cost: Cost | None = None,
    unit: str = "",
    replace: bool = False,
    shadow: bool = False,
) -> None:
    """Register ``answer`` as implementation ``name`` of question ``question`` (``"id:game"``).

    ``covers``, ``quick``, ``certificate`` (a record, or a kind by name: ``"exact"``),
    ``cost``, ``unit``: see :class:`Implementation`; ``domain`` adds a conformance domain (a
    published table's range); ``replace`` replaces an implementation of that name;
    ``shadow`` allows a registration that would become the default of a
    built-in question (the old one stays: conformance compares the two).

    Raises KeyError (no such question) or ValueError (the name is taken, the
    layer unknown, or the default would be replaced silently).
    """
    q = get_question(*question.split(":", 1), create=True) if ":" in question else None
    if q is None:
        raise KeyError(f"no question {question!r} is registered")
    covers = covers or anywhere
    takes = _check_signature(q, name, Provided(answer, covers, cost))
    if domain is not None:
        q.check_arguments(domain)
    order, impls = _layer_rank(layer), q.implementations
    ranks = [i.rank for i in impls if i.layer != "published" and i.name != name]
    if shadow and ranks and layer != "published":
        order = min(order, min(ranks) - 1)  # meant to replace the default: it is preferred
    if any(i.name == name for i in impls):
        if not replace:
            raise ValueError(f"{question}: implementation {name!r} is already registered")
        impls[:] = [i for i in impls if i.name != name]
    elif not shadow and _is_builtin(q):
        _refuse_default(question, "implementation", name, order, [(i.rank, i.name) for i in impls])
    made = Implementation(
        name, layer, answer, covers, quick, order, as_certificate(certificate), cost=cost,
        unit=unit, takes=takes,
    )  # fmt: skip
    impls.insert(0, made) if shadow else impls.append(made)
    if domain is not None and domain not in [q.domain, *(d for d, _ in q.extra_domains)]:
        q.extra_domains.append((dict(domain), True))  # one more quick conformance domain


def register_provider(
    question: str,
    name: str,
    layer: str,
    covers_game: Callable[[spec.ImpartialGame], str | None],
    make: Callable[[spec.ImpartialGame], Provided],
    *,
    certificate: str | Certificate = "exact",
    unit: str = "",
    summary: str = "",
    shadow: bool = False,
    misere: bool = False,
) -> None:
    """Register the implementations of question kind ``question`` for every capable game
    (:class:`Provider`: ``make(game)`` gives a :class:`registry.records.Provided`, the game's
    answer, covers and cost); questions built already get them at once. After the built-in
    registrations, one that would outrank the defaults needs ``shadow=True``. ``misere``:
    it answers misère games too (by their G⁻); without it a misère game is declined."""
    if question not in _KINDS:
        raise KeyError(f"no question kind {question!r} is registered")
    order = _layer_rank(layer)
    if question in _BUILTIN_KINDS and not shadow and not _KINDS[question].cheapest:
        others = [(_layer_rank(p.layer), p.name) for p in PROVIDERS.get(question, [])]
        covered = (covers_game(spec.get_game(n)) is None for n in spec.GAMES if n in _BUILTIN_GAMES)
        _refuse_default(question, "provider", name, order, others, covered)
    provider = Provider(
        question,
        name,
        layer,
        covers_game,
        make,
        as_certificate(certificate),
        unit,
        summary,
        misere,
    )
    built = [q for q in QUESTIONS.values() if q.id == question and q.subject is not None]
    made = [(q, _made(q, provider)) for q in built]  # a signature it does not fit: refused here
    providers = PROVIDERS.setdefault(question, [])
    providers[:] = [p for p in providers if p.name != name] + [provider]
    for q, implementation in made:
        if implementation is not None:
            q.implementations[:] = [i for i in q.implementations if i.name != name]
            q.implementations.append(implementation)


def _capable(provider: Provider, game: spec.ImpartialGame) -> Refusal | None:
    """Why ``provider`` does not answer for ``game`` (a kernel's range error is a reason): a
    ``capability`` refusal. A misère game (:func:`spec.is_misere`) is answered only by a
    provider that says it answers misère play (:attr:`Provider.misere`)."""
    if spec.is_misere(game) and not provider.misere:
        return Refusal("normal play only (this game is played misère)", "capability")
    try:
        why = provider.covers_game(game)
    except (ValueError, OverflowError) as error:
        why = f"{provider.name}: {error}"
    return None if why is None else Refusal(why, "capability")


def _made(question: Question[Any], provider: Provider) -> Implementation | None:
    """``provider``'s implementation for ``question``'s game (None: not capable), its
    callables checked against the question's signature (ValueError naming the one that does
    not fit)."""
    assert question.subject is not None
    if _capable(provider, question.subject) is not None:
        return None
    made = provider.make(question.subject)
    if isinstance(made, tuple):  # the old form (answer, covers[, cost]): mypy flags it
        made = Provided(*made)
    takes = _check_signature(question, provider.name, made)
    return Implementation(
        provider.name, provider.layer, made.answer, made.covers, True,
        _layer_rank(provider.layer), provider.certificate, True, made.cost, provider.unit, takes,
    )  # fmt: skip


def _bind(question: Question[Any], provider: Provider) -> None:
    made = _made(question, provider)
    if made is not None:
        others = [i for i in question.implementations if i.name != provider.name]
        question.implementations[:] = [*others, made]


def _check_signature(
    question: Question[Any], name: str, made: Provided
) -> dict[str, frozenset[str]]:
    """The arguments each of ``made``'s callables names (:data:`ROLES`; where the question
    declares no signature, the names of its parameters, unless it takes ``**kwargs``);
    ValueError where one cannot be called so (:meth:`registry.records.Signature.accepts`)."""
    if question.signature is None:
        named = {role: Signature("").taken(f, parameters(f)) for role in ROLES
                 if (f := getattr(made, role)) is not None and not any_keyword(f)}  # fmt: skip
        return named
    takes = {}
    for role in ROLES:
        function = getattr(made, role)
        extra = ("progress",) if role == "answer" else ()
        why = None if function is None else question.signature.accepts(
            function, extra=extra, complete=role == "answer"
        )  # fmt: skip
        if why is not None:
            raise ValueError(
                f"{question.key}: implementation {name!r}: its {role} {why} "
                f"(the arguments: {question.signature})"
            )
        if function is not None:
            takes[role] = question.signature.taken(function, extra)
    return takes


def _refuse_default(
    key: str,
    kind: str,
    name: str,
    rank: int,
    others: list[tuple[int, str]],
    covered: Iterable[bool] = (True,),
) -> None:
    """Refuse ``name`` (without ``shadow=True``, after :func:`seal`) where its ``rank`` would
    outrank the other computing ``others`` (rank, name) and it covers a built-in game
    (``covered``, an iterable asked only then)."""
    computing = [(r, n) for r, n in others if r < _layer_rank("published") and n != name]
    if rank < _layer_rank("published") and computing and rank <= min(computing)[0]:
        if any(covered):
            best = min(computing, key=lambda c: c[0])[1]
            raise ValueError(
                f"{key}: {kind} {name!r} would replace the default {best!r}; "
                "register it with shadow=True if that is meant"
            )


def seal() -> None:
    """Mark the built-in registrations complete (a later default needs ``shadow=True``)."""
    _BUILTIN_KINDS.update(_KINDS)
    _BUILTIN_KEYS.update(QUESTIONS)
    _BUILTIN_GAMES.update(spec.GAMES, spec.FAMILIES, ["*", "all"])


def _is_builtin(question: Question[Any]) -> bool:
    """A question of the project's own (not one a plugin made for its own game)."""
    if question.key in _BUILTIN_KEYS:
        return True
    return question.id in _BUILTIN_KINDS and question.game.split(":")[0] in _BUILTIN_GAMES


def _by_rule(id: str, game: spec.ImpartialGame | str) -> Question[Any] | None:
    """The question ``id`` registered for the game of ``game``'s rule (:func:`rule_identity`)."""
    try:
        name = rule_identity(game)
    except (KeyError, ValueError):  # not a game's name: no rule
        return None
    return None if name is None else QUESTIONS.get(f"{id}:{name}")


@overload
def get_question(
    id: Kind[T, P], game: spec.ImpartialGame | str, *, create: bool = False
) -> Question[T, P] | None: ...
@overload
def get_question(
    id: str, game: spec.ImpartialGame | str, *, create: bool = False
) -> Question[Any] | None: ...
def get_question(
    id: Kind[Any, Any] | str, game: spec.ImpartialGame | str, *, create: bool = False
) -> Question[Any] | None:
    """The question ``id`` for ``game``, built from its kind's providers if needed (the
    question keeps the game object, so its implementations share the spec's memo); a question
    registered for one game by name answers every game of its rule (:func:`rule_identity`).
    None if no implementation answers it (unless ``create``: the empty question is
    registered)."""
    id = id if isinstance(id, str) else id.id
    if isinstance(game, str) and (f"{id}:{game}" in QUESTIONS or id not in _KINDS):
        return QUESTIONS.get(f"{id}:{game}") or (None if create else _by_rule(id, game))
    game = as_game(game)
    if id not in _KINDS and not create:
        return QUESTIONS.get(f"{id}:{game.describe()}") or _by_rule(id, game)
    key = f"{id}:{game.describe()}"
    if key not in QUESTIONS and id in _KINDS:
        kind, name = _KINDS[id], game.describe()
        built = _copy(
            kind, game=name, description=kind.description.replace("{game}", name),
            domain=dict(kind.domain), implementations=[], subject=game,
            extra_domains=list(kind.extra_domains),
        )  # fmt: skip
        for provider in PROVIDERS.get(id, []):
            _bind(built, provider)
        if not built.implementations and not create:
            return None
        QUESTIONS[key] = built
    return QUESTIONS.get(key)


@overload
def question(id: Kind[T, P], game: spec.ImpartialGame | str) -> Question[T, P]: ...
@overload
def question(id: str, game: spec.ImpartialGame | str) -> Question[Any]: ...
def question(id: Kind[Any, Any] | str, game: spec.ImpartialGame | str) -> Question[Any]:
    """The question ``id`` for ``game``, the door to its implementations; NoImplementation
    (with each provider's reason) if none answers it."""
    id = id if isinstance(id, str) else id.id
    found = get_question(id, game)
    if found is None and isinstance(game, str) and id not in _KINDS:
        raise NoImplementation(f"no implementation answers {id!r} for game {game!r}")
    if found is None:
        subject = as_game(game)
        why = "; ".join(f"{p.name}: {_capable(p, subject)}" for p in PROVIDERS.get(id, []))
        raise NoImplementation(
            f"no implementation answers {id!r} for game {subject.describe()!r} ({why})"
        )
    return found


@overload
def ask(
    id: Kind[T, P], game: spec.ImpartialGame | str, /, *args: P.args, **kwargs: P.kwargs
) -> T: ...
@overload
def ask(id: str, game: spec.ImpartialGame | str, /, **domain: Any) -> Any: ...
def ask(
    id: Kind[Any, Any] | str, game: spec.ImpartialGame | str, /, *args: Any, **domain: Any
) -> Any:
    """The bare value of question ``id`` (or its handle) for ``game`` on ``domain``."""
    return question(id, game)(*args, **domain).value
