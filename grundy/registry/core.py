"""The registry of questions and their implementations.

A **question** is something the project can compute for a game: "the
Grundy table of wythoff for 0 <= x, y < size", "T_0..T_g by rows",
"(preperiod, period, saltus) of a row", ... It has one normalised answer
type, a default domain (keyword arguments) and a comparison. Questions are
keyed ``"id:game"``; ``game`` is a spec game name (or ``"all"``).

An **implementation** answers a question: ``answer(**domain)``. It belongs
to a layer (``spec``, ``reference``, ``fast`` or ``published``), may state
on which domains it answers (``covers(**domain)`` returns ``None`` or a
one-line reason why not) and has a rank (the resolver prefers the lowest:
fast before reference before spec; published tables are never chosen to
compute, they are only compared). The implementation of layer ``spec`` is
the question's **oracle** unless the question names another one.

Implementations of a whole family of games register once as a
**provider**: ``covers_game(game)`` says by capability whether the
provider can answer for a game (any registered game, plugin games and
parametric family members included), and ``make(game)`` returns the
answer function. A question for a game is built from the providers the
first time it is asked for.

Everything that computes (the CLI, the conformance report, the claims,
the experiments, the library's front door) takes its implementation from
here: :func:`resolve` picks the fastest implementation that covers the
asked domain and :func:`ask` runs it.

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
>>> unregister_question(key)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

__all__ = [
    "LAYERS",
    "PROVIDERS",
    "QUESTIONS",
    "Implementation",
    "NoImplementation",
    "Provider",
    "Question",
    "ask",
    "compare_arrays",
    "compare_sequences",
    "get_question",
    "register_implementation",
    "register_provider",
    "register_question",
    "resolve",
    "unregister_question",
]

#: The layers, in the resolver's order of preference (published never computes).
LAYERS = ("fast", "reference", "spec", "published")

Comparison = Callable[[Any, Any], str | None]
Covers = Callable[..., str | None]


class NoImplementation(ValueError):
    """No registered implementation answers the question on the asked domain.

    The message says which implementations were tried and why each declined.
    """


def _always(**_: Any) -> str | None:
    return None


@dataclass
class Implementation:
    """One answer to a question: ``answer(**domain)``.

    Attributes
    ----------
    name : str
        Shown in reports (``fast.tables``, ``reference.wsg``, ...).
    layer : str
        ``spec``, ``reference``, ``fast`` or ``published``.
    answer : callable
        ``answer(**domain)`` returns the question's answer type.
    covers : callable
        ``covers(**domain)`` is None when the implementation answers that
        domain, else a one-line reason.
    domain : dict or None
        The domain conformance asks it on (None: the question's default).
    quick : bool
        False: conformance runs it only with ``--all``.
    rank : int
        Lower is preferred by :func:`resolve` (default: by layer).
    certificate : str
        What an answer of this implementation is: ``exact`` for the
        definitions and the papers' algorithms; a plugin may say more.
    """

    name: str
    layer: str
    answer: Callable[..., Any]
    covers: Covers = _always
    domain: dict[str, Any] | None = None
    quick: bool = True
    rank: int = 0
    certificate: str = "exact"


@dataclass
class Question:
    """A question that several implementations answer on the same domain."""

    id: str
    game: str
    description: str
    domain: dict[str, Any]
    compare: Comparison
    implementations: list[Implementation] = field(default_factory=list)
    oracle_name: str | None = None

    @property
    def key(self) -> str:
        return f"{self.id}:{self.game}"

    def oracle(self) -> Implementation | None:
        """The implementation every other one is compared with."""
        for impl in self.implementations:
            if (self.oracle_name is None and impl.layer == "spec") or impl.name == self.oracle_name:
                return impl
        return None


@dataclass
class Provider:
    """Implementations for every game that has a capability.

    ``covers_game(game_name)`` returns None when the provider answers for
    that game (it inspects the spec game: its class, its declared move
    structure), else a reason; ``make(game_name)`` returns
    ``(answer, covers)`` for that game.
    """

    question: str
    name: str
    layer: str
    covers_game: Callable[[str], str | None]
    make: Callable[[str], tuple[Callable[..., Any], Covers]]
    quick: bool = True
    domain: dict[str, Any] | None = None
    rank: int | None = None


#: True once the built-in registrations are loaded: from then on a registration
#: that would become the default of a question needs ``shadow=True``.
_SEALED = False
_BUILTIN_KINDS: set[str] = set()
_BUILTIN_KEYS: set[str] = set()
_BUILTIN_GAMES: set[str] = set()

#: Question kinds: id -> (description template, default domain, comparison, oracle name).
_KINDS: dict[str, tuple[str, dict[str, Any], Comparison, str | None]] = {}
#: Built questions, by key ``"id:game"``.
QUESTIONS: dict[str, Question] = {}
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
    replace: bool = False,
) -> str:
    """Register a question and return its key ``"id:game"``.

    ``compare(expected, actual)`` returns None when they agree, else a short
    description of the first difference (default :func:`compare_arrays`).
    ``game="*"`` registers the question kind for every game (its
    implementations then come from providers); ``{game}`` in the
    description is replaced by the game's name. Registering an existing key
    again is a no-op unless ``replace`` is true.
    """
    key = f"{id}:{game}"
    if game == "*":
        if id not in _KINDS or replace:
            _KINDS[id] = (description, dict(domain), compare or compare_arrays, oracle)
        return key
    if key in QUESTIONS and not replace:
        return key
    QUESTIONS[key] = Question(
        id, game, description, dict(domain), compare or compare_arrays, oracle_name=oracle
    )
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
    rank: int | None = None,
    certificate: str = "exact",
    replace: bool = False,
    shadow: bool = False,
) -> None:
    """Register ``answer`` as implementation ``name`` of question ``question``.

    Parameters
    ----------
    question : str
        A key ``"id:game"`` (the question is built from its kind if needed).
    name, layer, answer, covers, domain, quick, rank, certificate
        See :class:`Implementation`.
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
    order = _layer_rank(layer) if rank is None else rank
    impls = q.implementations
    ranks = [i.rank for i in impls if i.layer != "published" and i.name != name]
    if shadow and rank is None and ranks and layer != "published":
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
    impls.append(
        Implementation(name, layer, answer, covers or _always, domain, quick, order, certificate)
    )


def register_provider(
    question: str,
    name: str,
    layer: str,
    covers_game: Callable[[str], str | None],
    make: Callable[[str], tuple[Callable[..., Any], Covers]],
    *,
    quick: bool = True,
    domain: dict[str, Any] | None = None,
    rank: int | None = None,
    shadow: bool = False,
) -> None:
    """Register implementations of question kind ``question`` for every capable game.

    Questions already built get the new implementation at once; later ones
    when they are built. After the built-in registrations are loaded, a
    provider that would outrank the existing ones needs ``shadow=True``
    (see :func:`register_implementation`).
    """
    if question not in _KINDS:
        raise KeyError(f"no question kind {question!r} is registered")
    order = _layer_rank(layer) if rank is None else rank
    existing = [p for p in PROVIDERS.get(question, []) if p.name != name and p.layer != "published"]
    if (
        question in _BUILTIN_KINDS
        and not shadow
        and existing
        and layer != "published"
        and _covers_builtin_game(covers_game)
    ):
        best = min(existing, key=lambda p: _layer_rank(p.layer) if p.rank is None else p.rank)
        if order <= (_layer_rank(best.layer) if best.rank is None else best.rank):
            raise ValueError(
                f"{question}: provider {name!r} would replace the default {best.name!r}; "
                "register it with shadow=True if that is meant"
            )
    provider = Provider(question, name, layer, covers_game, make, quick, domain, rank)
    providers = PROVIDERS.setdefault(question, [])
    providers[:] = [p for p in providers if p.name != name] + [provider]
    for q in QUESTIONS.values():
        if q.id == question and q.game != "*":
            _bind(q, provider)


def _bind(question: Question, provider: Provider) -> None:
    if provider.covers_game(question.game) is not None:
        return
    answer, covers = provider.make(question.game)
    question.implementations[:] = [
        i for i in question.implementations if i.name != provider.name
    ] + [
        Implementation(
            provider.name,
            provider.layer,
            answer,
            covers,
            provider.domain,
            provider.quick,
            _layer_rank(provider.layer) if provider.rank is None else provider.rank,
        )
    ]


def seal() -> None:
    """Mark the built-in registrations complete (called once they are loaded).

    From then on a registration that would become the default of a
    built-in question (or question kind) needs ``shadow=True``.
    """
    global _SEALED
    _SEALED = True
    import spec

    _BUILTIN_KINDS.update(_KINDS)
    _BUILTIN_KEYS.update(QUESTIONS)
    _BUILTIN_GAMES.update(spec.GAMES, spec.FAMILIES, ["*", "all"])


def _covers_builtin_game(covers_game: Callable[[str], str | None]) -> bool:
    """Whether a provider would answer for one of the project's own games."""
    import spec

    return any(covers_game(name) is None for name in spec.GAMES if name in _BUILTIN_GAMES)


def _is_builtin(question: Question) -> bool:
    """A question of the project's own (not one a plugin made for its own game)."""
    if question.key in _BUILTIN_KEYS:
        return True
    return question.id in _BUILTIN_KINDS and question.game.split(":")[0] in _BUILTIN_GAMES


def get_question(id: str, game: str, *, create: bool = False) -> Question | None:
    """The question ``id`` for ``game``, built from its kind's providers if needed.

    None if no implementation answers it (unless ``create``: then the empty
    question is registered, for implementations to be added).
    """
    key = f"{id}:{game}"
    if key not in QUESTIONS and id in _KINDS:
        description, domain, compare, oracle = _KINDS[id]
        question = Question(
            id, game, description.replace("{game}", game), dict(domain), compare,
            oracle_name=oracle,
        )
        for provider in PROVIDERS.get(id, []):
            _bind(question, provider)
        if not question.implementations and not create:
            return None
        QUESTIONS[key] = question
    return QUESTIONS.get(key)


def candidates(id: str, game: str, **domain: Any) -> list[tuple[Implementation, str | None]]:
    """Every computing implementation of the question with its reason to decline (or None)."""
    question = get_question(id, game)
    if question is None:
        return []
    out = []
    for impl in sorted(question.implementations, key=lambda i: i.rank):
        if impl.layer == "published":
            continue
        try:
            reason = impl.covers(**domain)
        except (TypeError, ValueError) as error:
            reason = str(error)
        out.append((impl, reason))
    return out


def resolve(id: str, game: str, **domain: Any) -> Implementation:
    """The fastest implementation of question ``id`` for ``game`` that covers ``domain``.

    Raises
    ------
    NoImplementation
        With the implementations tried and why each declined.
    """
    tried = candidates(id, game, **domain)
    for impl, reason in tried:
        if reason is None:
            return impl
    if not tried:
        raise NoImplementation(f"no implementation answers {id!r} for game {game!r}")
    reasons = "; ".join(f"{impl.name}: {reason}" for impl, reason in tried)
    raise NoImplementation(f"no implementation of {id!r} for {game} covers this ({reasons})")


def ask(id: str, game: str, *, using: str | None = None, **domain: Any) -> Any:
    """Answer question ``id`` for ``game`` on ``domain``.

    ``using`` names an implementation (it must cover the domain); by
    default :func:`resolve` chooses.
    """
    if using is None:
        return resolve(id, game, **domain).answer(**domain)
    for impl, reason in candidates(id, game, **domain):
        if impl.name == using:
            if reason is not None:
                raise NoImplementation(f"{using} does not answer this: {reason}")
            return impl.answer(**domain)
    names = ", ".join(impl.name for impl, _ in candidates(id, game, **domain))
    raise NoImplementation(f"no implementation {using!r} of {id!r} for {game} (known: {names})")


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
