"""The registry of questions and their implementations.

A **question** is something the project can compute for a game: "the
Grundy table of wythoff for 0 <= x, y < size", "T_0..T_g by rows",
"(preperiod, period, saltus) of a row", ... It has one normalised answer
type, a default domain (keyword arguments) and a comparison. Questions are
keyed ``"id:game"``; ``game`` is a spec game name (or ``"all"``).

A question also owns its **conformance domains**: the default one and,
where a larger comparison is worth its time, more (``extra_domains``, each
marked quick or ``--all`` only). Conformance asks every implementation
that covers a domain on it; an implementation is registered once, under
its own name, whatever the domains it is tested on.

An **implementation** answers a question: ``answer(**domain)``. It belongs
to a layer (``spec``, ``reference``, ``fast`` or ``published``) and may
state on which domains it answers (``covers(**domain)`` returns ``None`` or
a one-line reason why not). The resolver prefers by layer (fast before
reference before spec; published tables are never chosen to compute, they
are only compared), then an exact answer before a conditional one, then an
implementation written for the game before a provider's generic one, then
the order of registration. The implementation of layer ``spec`` is the
question's **oracle** unless the question names another one.

Implementations of a whole family of games register once as a
**provider**: ``covers_game(game)`` says by capability whether the
provider can answer for a game (a spec game object: any registered game,
plugin games, parametric family members and sums), and ``make(game)``
returns the answer function, which keeps that game object (and its memo).
A question for a game is built from the providers the first time it is
asked for; a game name is parsed once, here.

A question is its own door: ``question(id, game)(using=None, **domain)``
validates the implementation's name, resolves, checks the memory once and
answers with provenance (an :class:`Answer`). Everything that computes (the
CLI, the conformance report, the claims, the experiments, the library's
front door) goes through it; :func:`ask` is the same call that returns the
bare value.

Examples
--------
>>> key = register_question("demo-square", "none", "squares", {"n": 4}, replace=True)
>>> register_implementation(key, "spec", "spec", lambda n: [i * i for i in range(n)])
>>> register_implementation(key, "demo.fast", "fast", lambda n: [i * i for i in range(n)],
...                         covers=lambda n: None if n < 100 else "n >= 100")
>>> resolve("demo-square", "none", n=5).name
'demo.fast'
>>> resolve("demo-square", "none", n=500).name
'spec'
>>> ask("demo-square", "none", n=4)
[0, 1, 4, 9]
>>> question("demo-square", "none")(n=3).implementation.name
'demo.fast'
>>> question("demo-square", "none")(using="nope", n=3)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
registry.core.UnknownImplementation: unknown implementation 'nope' ... spec)
>>> unregister_question(key)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from dataclasses import replace as _copy
from typing import Any, Generic, TypeVar

import numpy as np

import spec
from fast._memory import check_memory

__all__ = [
    "LAYERS",
    "PROVIDERS",
    "QUESTIONS",
    "Answer",
    "Implementation",
    "NoImplementation",
    "Provider",
    "Question",
    "UnknownImplementation",
    "as_game",
    "ask",
    "candidates",
    "compare_arrays",
    "compare_sequences",
    "get_question",
    "question",
    "register_implementation",
    "register_provider",
    "register_question",
    "resolve",
    "unregister_question",
]

#: The layers, in the resolver's order of preference (published never computes).
LAYERS = ("fast", "reference", "spec", "published")

T = TypeVar("T")
Comparison = Callable[[Any, Any], str | None]
Covers = Callable[..., str | None]
#: ``memory(layer, **domain) -> (bytes, what)``: a question's estimate of an answer's memory.
Memory = Callable[..., tuple[int, str]]
GameLike = str | spec.ImpartialGame


class NoImplementation(ValueError):
    """No registered implementation answers the question on the asked domain.

    The message says which implementations were tried and why each declined.
    """


class UnknownImplementation(NoImplementation):
    """The implementation asked for by name is not one of the question's candidates."""


def _always(**_: Any) -> str | None:
    return None


@dataclass(eq=False)
class Implementation:
    """One answer to a question: ``answer(**domain)``.

    Attributes
    ----------
    name : str
        Shown in reports (``fast.tables``, ``reference.wsg``, ...); registered once.
    layer : str
        ``spec``, ``reference``, ``fast`` or ``published``.
    answer : callable
        ``answer(**domain)`` returns the question's answer type.
    covers : callable
        ``covers(**domain)`` is None when the implementation answers that
        domain, else a one-line reason.
    quick : bool
        False: conformance asks it only with ``--all`` (a slow implementation).
    rank : int
        Lower is preferred by :func:`resolve`: the layer's rank (one less
        than the default for a registration with ``shadow=True``).
    certificate : str
        What an answer of this implementation is: ``exact`` for the
        definitions and the papers' algorithms; a plugin may say more.
    generic : bool
        Made by a provider (for every game with a capability): after the
        implementations written for the game, within a layer.
    """

    name: str
    layer: str
    answer: Callable[..., Any]
    covers: Covers = _always
    quick: bool = True
    rank: int = 0
    certificate: str = "exact"
    generic: bool = False

    def preference(self) -> tuple[int, bool, bool]:
        """The resolver's sort key: layer (or shadow), exact first, specific first."""
        return (self.rank, self.certificate != "exact", self.generic)


@dataclass(frozen=True)
class Answer(Generic[T]):
    """A question's answer and the implementation that gave it (its provenance)."""

    value: T
    implementation: Implementation

    @property
    def name(self) -> str:
        return self.implementation.name


@dataclass
class Question(Generic[T]):
    """A question that several implementations answer on the same domains.

    ``domain`` is the default conformance domain; ``extra_domains`` holds
    more, each with ``quick`` (False: only ``grundy conformance --all``).
    ``game`` is the canonical game name; ``subject`` the game object the
    providers' implementations were made for (None for a question
    registered for one game by name).
    """

    id: str
    game: str
    description: str
    domain: dict[str, Any]
    compare: Comparison
    implementations: list[Implementation] = field(default_factory=list)
    oracle_name: str | None = None
    extra_domains: list[tuple[dict[str, Any], bool]] = field(default_factory=list)
    memory: Memory | None = None
    subject: spec.ImpartialGame | None = None

    @property
    def key(self) -> str:
        return f"{self.id}:{self.game}"

    def oracle(self) -> Implementation | None:
        """The implementation every other one is compared with."""
        for impl in self.implementations:
            if (self.oracle_name is None and impl.layer == "spec") or impl.name == self.oracle_name:
                return impl
        return None

    def domains(self, include_slow: bool = False) -> list[dict[str, Any]]:
        """The conformance domains: the default, then the extra ones (quick unless asked)."""
        extra = [d for d, quick in self.extra_domains if quick or include_slow]
        return [self.domain, *extra]

    def add_domain(self, domain: dict[str, Any], quick: bool = True) -> None:
        """One more conformance domain (a larger comparison, a published table's range)."""
        if domain != self.domain and all(domain != d for d, _ in self.extra_domains):
            self.extra_domains.append((dict(domain), quick))

    def candidates(self, **domain: Any) -> list[tuple[Implementation, str | None]]:
        """Every computing implementation, preferred first, with its reason to decline (or None)."""
        out = []
        for impl in sorted(self.implementations, key=Implementation.preference):
            if impl.layer == "published":
                continue
            try:
                reason = impl.covers(**domain)
            except (TypeError, ValueError) as error:
                reason = str(error)
            out.append((impl, reason))
        return out

    def resolve(self, using: str | None = None, **domain: Any) -> Implementation:
        """The implementation ``using`` names (it must cover ``domain``), else the preferred one.

        Raises
        ------
        UnknownImplementation
            ``using`` is no candidate (the message lists them).
        NoImplementation
            None covers the domain (the message says why each declined).
        """
        tried = self.candidates(**domain)
        if using is not None:
            for impl, reason in tried:
                if impl.name == using:
                    if reason is not None:
                        raise NoImplementation(f"{using} does not answer this: {reason}")
                    return impl
            names = ", ".join(impl.name for impl, _ in tried)
            raise UnknownImplementation(
                f"unknown implementation {using!r} of {self.id} for {self.game} "
                f"(candidates: {names})"
            )
        for impl, reason in tried:
            if reason is None:
                return impl
        if not tried:
            raise NoImplementation(f"no implementation answers {self.id!r} for game {self.game!r}")
        reasons = "; ".join(f"{impl.name}: {reason}" for impl, reason in tried)
        raise NoImplementation(
            f"no implementation of {self.id!r} for {self.game} covers this ({reasons})"
        )

    def __call__(self, *, using: str | None = None, **domain: Any) -> Answer[T]:
        """Validate, resolve, check the memory once, answer with provenance."""
        impl = self.resolve(using, **domain)
        if self.memory is not None:
            check_memory(*self.memory(impl.layer, **domain))
        return Answer(impl.answer(**domain), impl)


@dataclass
class Provider:
    """Implementations for every game that has a capability.

    ``covers_game(game)`` returns None when the provider answers for that
    game (a spec game object: it inspects its class, its declared move
    structure), else a reason; ``make(game)`` returns ``(answer, covers)``
    for that game.
    """

    question: str
    name: str
    layer: str
    covers_game: Callable[[spec.ImpartialGame], str | None]
    make: Callable[[spec.ImpartialGame], tuple[Callable[..., Any], Covers]]
    quick: bool = True


#: True once the built-in registrations are loaded: from then on a registration
#: that would become the default of a question needs ``shadow=True``.
_SEALED = False
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
    domain: dict[str, Any],
    compare: Comparison | None = None,
    *,
    oracle: str | None = None,
    extra_domains: Sequence[tuple[dict[str, Any], bool]] = (),
    memory: Memory | None = None,
    replace: bool = False,
) -> str:
    """Register a question and return its key ``"id:game"``.

    ``compare(expected, actual)`` returns None when they agree, else a short
    description of the first difference (default :func:`compare_arrays`).
    ``domain`` is the default conformance domain, ``extra_domains`` more
    ``(domain, quick)`` pairs; ``memory(layer, **domain)`` returns ``(bytes,
    what)``, checked once before an answer is computed. ``game="*"``
    registers the question kind for every game (its implementations then
    come from providers); ``{game}`` in the description is replaced by the
    game's name. Registering an existing key again is a no-op unless
    ``replace`` is true.
    """
    key = f"{id}:{game}"
    made: Question[Any] = Question(
        id, game, description, dict(domain), compare or compare_arrays, oracle_name=oracle,
        extra_domains=list(extra_domains), memory=memory,
    )  # fmt: skip
    table = _KINDS if game == "*" else QUESTIONS
    name = id if game == "*" else key
    if name not in table or replace:
        table[name] = made
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
    covers: Covers | None = None,
    domain: dict[str, Any] | None = None,
    quick: bool = True,
    certificate: str = "exact",
    replace: bool = False,
    shadow: bool = False,
) -> None:
    """Register ``answer`` as implementation ``name`` of question ``question``.

    Parameters
    ----------
    question : str
        A key ``"id:game"`` (the question is built from its kind if needed).
    name, layer, answer, covers, quick, certificate
        See :class:`Implementation`.
    domain : dict, optional
        A domain to add to the question's conformance domains (a published
        table's printed range, say); every implementation that covers it is
        compared there.
    replace : bool
        Replace an implementation of the same name (the project's own
        re-registrations).
    shadow : bool
        Allow a registration that would become the resolver's choice over
        an existing implementation of a built-in question (a plugin that
        means to replace the default). Without it such a registration is
        refused; with it the old implementation stays registered, so
        conformance still compares the two.

    Raises
    ------
    KeyError
        If no such question is registered.
    ValueError
        If the name is taken (and not ``replace``), the layer is unknown,
        or the registration would silently shadow the default.
    """
    q = get_question(*question.split(":", 1), create=True) if ":" in question else None
    if q is None:
        raise KeyError(f"no question {question!r} is registered")
    order = _layer_rank(layer)
    impls = q.implementations
    ranks = [i.rank for i in impls if i.layer != "published" and i.name != name]
    if shadow and ranks and layer != "published":
        order = min(order, min(ranks) - 1)  # meant to replace the default: it is preferred
    existing = [i for i, impl in enumerate(impls) if impl.name == name]
    if existing:
        if not replace:
            raise ValueError(f"{question}: implementation {name!r} is already registered")
        del impls[existing[0]]
    elif layer != "published" and not shadow and _is_builtin(q):
        computing = [i for i in impls if i.layer != "published"]
        if computing and order <= min(i.rank for i in computing):
            best = min(computing, key=lambda i: i.rank)
            raise ValueError(
                f"{question}: {name!r} would replace the default implementation "
                f"{best.name!r}; register it with shadow=True if that is meant"
            )
    impls.append(Implementation(name, layer, answer, covers or _always, quick, order, certificate))
    if domain is not None:
        q.add_domain(domain)


def register_provider(
    question: str,
    name: str,
    layer: str,
    covers_game: Callable[[spec.ImpartialGame], str | None],
    make: Callable[[spec.ImpartialGame], tuple[Callable[..., Any], Covers]],
    *,
    quick: bool = True,
    shadow: bool = False,
) -> None:
    """Register implementations of question kind ``question`` for every capable game.

    ``covers_game(game)`` and ``make(game)`` take the spec game object.

    Questions already built get the new implementation at once; later ones
    when they are built. After the built-in registrations are loaded, a
    provider that would outrank the existing ones needs ``shadow=True``
    (see :func:`register_implementation`).
    """
    if question not in _KINDS:
        raise KeyError(f"no question kind {question!r} is registered")
    order = _layer_rank(layer)
    existing = [p for p in PROVIDERS.get(question, []) if p.name != name and p.layer != "published"]
    if (
        question in _BUILTIN_KINDS
        and not shadow
        and existing
        and layer != "published"
        and _covers_builtin_game(covers_game)
    ):
        best = min(existing, key=lambda p: _layer_rank(p.layer))
        if order <= _layer_rank(best.layer):
            raise ValueError(
                f"{question}: provider {name!r} would replace the default {best.name!r}; "
                "register it with shadow=True if that is meant"
            )
    provider = Provider(question, name, layer, covers_game, make, quick)
    providers = PROVIDERS.setdefault(question, [])
    providers[:] = [p for p in providers if p.name != name] + [provider]
    for q in QUESTIONS.values():
        if q.id == question and q.subject is not None:
            _bind(q, provider)


def _bind(question: Question[Any], provider: Provider) -> None:
    assert question.subject is not None
    if provider.covers_game(question.subject) is not None:
        return
    answer, covers = provider.make(question.subject)
    question.implementations[:] = [
        i for i in question.implementations if i.name != provider.name
    ] + [
        Implementation(
            provider.name,
            provider.layer,
            answer,
            covers,
            provider.quick,
            _layer_rank(provider.layer),
            generic=True,
        )
    ]


def seal() -> None:
    """Mark the built-in registrations complete (called once they are loaded).

    From then on a registration that would become the default of a
    built-in question (or question kind) needs ``shadow=True``.
    """
    global _SEALED
    _SEALED = True
    _BUILTIN_KINDS.update(_KINDS)
    _BUILTIN_KEYS.update(QUESTIONS)
    _BUILTIN_GAMES.update(spec.GAMES, spec.FAMILIES, ["*", "all"])


def _covers_builtin_game(covers_game: Callable[[spec.ImpartialGame], str | None]) -> bool:
    """Whether a provider would answer for one of the project's own games."""
    return any(covers_game(as_game(name)) is None for name in spec.GAMES if name in _BUILTIN_GAMES)


def _is_builtin(question: Question[Any]) -> bool:
    """A question of the project's own (not one a plugin made for its own game)."""
    if question.key in _BUILTIN_KEYS:
        return True
    return question.id in _BUILTIN_KINDS and question.game.split(":")[0] in _BUILTIN_GAMES


def as_game(game: GameLike) -> spec.ImpartialGame:
    """The game object of a name (parsed here, at the edge: ``wythoff+nim`` is a sum) or itself.

    Examples
    --------
    >>> as_game("wythoff+nim")
    Sum(Wythoff(), Nim())
    """
    return spec.get_game(game) if isinstance(game, str) else game


def get_question(id: str, game: GameLike, *, create: bool = False) -> Question[Any] | None:
    """The question ``id`` for ``game``, built from its kind's providers if needed.

    ``game`` is a spec game object or a name (parsed here, once: the
    question keeps the object, so its implementations share the spec's
    memo). None if no implementation answers it (unless ``create``: then
    the empty question is registered, for implementations to be added).
    """
    if isinstance(game, str):
        if f"{id}:{game}" in QUESTIONS or id not in _KINDS:
            return QUESTIONS.get(f"{id}:{game}")
        try:
            game = as_game(game)
        except ValueError:
            return None
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


def question(id: str, game: GameLike) -> Question[Any]:
    """The question ``id`` for ``game``, the door to its implementations.

    Raises
    ------
    NoImplementation
        If no implementation answers ``id`` for ``game``.
    """
    found = get_question(id, game)
    if found is None:
        if isinstance(game, str) and id in _KINDS:
            game = as_game(game)  # a bad name: its one-line ValueError
        name = game if isinstance(game, str) else game.describe()
        why = [] if isinstance(game, str) else [p.covers_game(game) for p in PROVIDERS.get(id, [])]
        reason = next((f": {r}" for r in why if r is not None), "")
        raise NoImplementation(f"no implementation answers {id!r} for game {name!r}{reason}")
    return found


def candidates(id: str, game: GameLike, **domain: Any) -> list[tuple[Implementation, str | None]]:
    """Every computing implementation of the question with its reason to decline (or None)."""
    found = get_question(id, game)
    return [] if found is None else found.candidates(**domain)


def resolve(id: str, game: GameLike, **domain: Any) -> Implementation:
    """The preferred implementation of question ``id`` for ``game`` that covers ``domain``.

    Raises
    ------
    NoImplementation
        With the implementations tried and why each declined.
    """
    return question(id, game).resolve(**domain)


def ask(id: str, game: GameLike, *, using: str | None = None, **domain: Any) -> Any:
    """Answer question ``id`` for ``game`` on ``domain`` (the bare value of the question's call).

    ``using`` names an implementation (it must cover the domain); by
    default the question chooses.
    """
    return question(id, game)(using=using, **domain).value


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
        unequal = exp.astype(np.int64) != act.astype(np.int64)
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
