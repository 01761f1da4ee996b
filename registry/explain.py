"""The route a question takes, read from the table (issue 47 item 3: ``grundy explain``).

:func:`route` says, for a question, a game and its arguments, what the door
would do, without answering: the candidates in the order the door prefers them
(:meth:`registry.core.Question.candidates`), what each covers (None, or its
refusal) and its estimated cost for those arguments (its cost model, never a
run), and which one would answer: the first that covers them. An
implementation that declines only once it looks (:class:`registry.core.Declined`)
passes to the next at run time; the route says so.

Examples
--------
>>> found = route("grundy-table", "wythoff", size=100)
>>> found.answers, [step.name for step in found.steps]
('fast.tables', ['fast.tables', 'fast.strip', 'fast.engine', 'spec'])
>>> print(found.lines()[0])
grundy-table of wythoff (size = 100): G[x, y] of wythoff for 0 <= x, y < size
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, cast

import spec
from floor.memory import format_bytes, seconds_text
from registry.core import Question, question

__all__ = ["Route", "Step", "route"]


@dataclass(frozen=True)
class Step:
    """One candidate of a route: its ``name``, ``layer``, ``certificate`` (as the method
    tables print it), why it declines (``refusal``; None: it covers the arguments), its
    estimate (``seconds``, ``bytes``; None where it states none) and whether it is the one
    that would answer (``answers``)."""

    name: str
    layer: str
    certificate: str
    refusal: str | None
    seconds: float | None
    bytes: int | None
    answers: bool

    def as_dict(self) -> dict[str, object]:
        return {
            "name": self.name, "layer": self.layer, "certificate": self.certificate,
            "covers": self.refusal is None, "refusal": self.refusal, "seconds": self.seconds,
            "bytes": self.bytes, "answers": self.answers,
        }  # fmt: skip

    def line(self, width: int) -> str:
        """The step as one line: its name, layer, certificate, what it covers, its cost."""
        mark = "->" if self.answers else "  "
        if self.refusal is not None:
            said = f"declines: {self.refusal}"
        elif self.seconds is None or self.bytes is None:
            said = "covers; estimate: none stated"
        else:
            said = f"covers; about {seconds_text(self.seconds)}, {format_bytes(self.bytes)}"
        return f"{mark} {self.name.ljust(width)}  {self.layer:<9}  {self.certificate}; {said}"


@dataclass(frozen=True)
class Route:
    """The route of question ``id`` for ``game`` with ``arguments``: its ``description``, how
    its door chooses (``order``), its ``signature``, the ``steps`` preferred first and the
    implementation that ``answers`` (None: none covers the arguments)."""

    id: str
    game: str
    description: str
    arguments: dict[str, object]
    signature: str
    order: str
    steps: tuple[Step, ...]
    answers: str | None

    def as_dict(self) -> dict[str, object]:
        return {
            "question": self.id, "game": self.game, "description": self.description,
            "arguments": {k: repr(v) for k, v in self.arguments.items()},
            "signature": self.signature, "order": self.order,
            "candidates": [s.as_dict() for s in self.steps], "answers": self.answers,
        }  # fmt: skip

    def lines(self) -> list[str]:
        """The route as text: the question, its arguments, the order, one line a candidate."""
        given = ", ".join(f"{k} = {v!r}" for k, v in self.arguments.items())
        width = max((len(s.name) for s in self.steps), default=0)
        verdict = (
            f"answers: {self.answers} (if it declines once it looks, the next that covers)"
            if self.answers is not None else "answers: none covers these arguments"
        )  # fmt: skip
        return [
            f"{self.id} of {self.game} ({given}): {self.description}",
            f"arguments: {self.signature or '(not declared)'}",
            f"order: {self.order}",
            *(s.line(width) for s in self.steps),
            verdict,
        ]


def _order(door: Question[object], budget: float | None) -> str:
    limit = door.budget if budget is None else budget
    within = "" if limit is None else f"; estimates over {seconds_text(limit)} decline"
    if door.cheapest:
        return "the most trusted first (exact, conditional, apparent), then the cheapest " \
            f"estimate{within}"  # fmt: skip
    return (
        "by layer (fast, reference, spec; published tables are conformance's), the most "
        f"trusted first, the game's own before a provider's, then the order of registration{within}"
    )


def route(
    id: str, game: spec.ImpartialGame | str, budget: float | None = None, **arguments: object
) -> Route:
    """The route of question ``id`` for ``game`` with ``arguments`` (see the module): the
    door's candidates, preferred first, each with what it covers and its estimate; nothing is
    answered. BadArguments (one line naming the argument) where the arguments do not fit the
    question's signature; NoImplementation where no implementation is made for the game."""
    door = question(id, game)
    candidates = door.candidates(budget, **cast("dict[str, Any]", arguments))
    answering = next((impl.name for impl, why in candidates if why is None), None)
    steps = []
    for impl, why in candidates:
        seconds: float | None = None
        memory: int | None = None
        if why is None and impl.cost is not None:
            seconds, memory = impl.estimate(**arguments)
        certificate = str(impl.certificate)
        steps.append(Step(impl.name, impl.layer, certificate, None if why is None else str(why),
                          seconds, memory, impl.name == answering))  # fmt: skip
    return Route(
        door.id, door.game, door.description, dict(arguments),
        "" if door.signature is None else str(door.signature), _order(door, budget),
        tuple(steps), answering,
    )  # fmt: skip
