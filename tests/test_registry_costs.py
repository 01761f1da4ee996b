"""Pure costs (issue 47 item 3): no cost function looks up another question's door while it
estimates; a door it reads is bound when its implementation is made for the game, and a
measurement it needs is named and memoised by an explicit key."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from typing import Any

import pytest

import registry
import registry.positions
from registry.core import Implementation, Unknown

GAMES = ("wythoff", "a-wythoff:2", "subtraction:1,3,4", "wythoff3", "nim+wythoff",
         "fibonacci-nim", "blocking-wythoff:2", "octal:0.77")  # fmt: skip
#: Positions of each arity (a game takes those it checks).
POSITIONS = {2: [(3, 5), (5, 10**18), (300, 400)], 1: [(10,), (10**9,)], 3: [(1, 2, 3)]}


class OpenedADoor(RuntimeError):
    """A cost looked up a question while it estimated."""


def _looked_up(*args: Any, **kwargs: Any) -> Any:
    raise OpenedADoor(f"a cost looked up a question: {args}")


def _forbid(patch: pytest.MonkeyPatch) -> None:
    """``question`` and ``get_question`` raise wherever the registry's modules read them."""
    for name, module in list(sys.modules.items()):
        if name == "registry" or name.startswith("registry."):
            for attribute in ("question", "get_question"):
                if callable(getattr(module, attribute, None)):
                    patch.setattr(module, attribute, _looked_up)


@pytest.fixture
def no_lookups(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    _forbid(monkeypatch)
    yield


def _domains(door: registry.Question[Any]) -> list[dict[str, Any]]:
    if door.id in ("value", "moves"):
        subject = door.subject
        assert subject is not None
        parts = getattr(subject, "components", None)
        if parts is not None:
            return [{"position": ((3,), (4, 5))}]
        return [{"position": p} for ps in POSITIONS.values() for p in ps if _fits(door, p)]
    if door.id == "period":
        return [{"row": 3}, {"row": 50}]
    return [door.domain] if door.domain else []


def _fits(door: registry.Question[Any], position: tuple[int, ...]) -> bool:
    try:
        assert door.subject is not None
        door.subject.check_position(position)
    except (ValueError, TypeError):
        return False
    return True


def _costs(impl: Implementation, domain: dict[str, Any]) -> None:
    if impl.cost is None:
        return
    try:
        impl.cost(**domain)
    except (Unknown, ValueError, TypeError, OverflowError, registry.NoImplementation):
        pass


def test_no_cost_looks_up_a_question() -> None:
    doors = []
    for game in GAMES:
        for kind in ("value", "moves", "period", "nim-sequence", "grundy-table", "grundy-block"):
            found = registry.get_question(kind, registry.as_game(game))
            if found is not None:
                doors.append(found)
    asked = 0
    with pytest.MonkeyPatch.context() as patch:
        _forbid(patch)
        for door in doors:
            for domain in _domains(door):
                for impl in door.implementations:
                    _costs(impl, domain)
                    asked += 1
    assert asked > 60


def test_the_check_finds_a_cost_that_looks_up_a_question(no_lookups: None) -> None:
    def cost(n: int) -> tuple[float, int]:
        return registry.positions.question("grundy-table", "wythoff").estimate(size=n)

    made = Implementation("demo", "fast", lambda n: n, cost=cost)
    with pytest.raises(OpenedADoor):
        _costs(made, {"n": 3})


def test_the_spec_estimate_is_a_named_memoised_measurement() -> None:
    # spec.solver.game_estimate samples the game's followers: the registry memoises it by its
    # explicit key, (game, checked position)
    game = registry.as_game("wythoff")
    door = registry.question("value", game)
    spec_method = next(i for i in door.implementations if i.name == "spec")
    registry.positions._game_estimate.cache_clear()
    first = spec_method.estimate(position=(40, 41))
    again = spec_method.estimate(position=[40, 41])  # the same key once checked
    info = registry.positions._game_estimate.cache_info()
    assert first == again and info.hits == 1 and info.misses == 1


def test_a_rows_window_certificates_are_the_games_keyed_by_row_not_by_progress() -> None:
    from registry.periods import window_certificates

    game = registry.as_game("nimhof:0,1/1,0/1,1")
    kept = window_certificates(game)
    assert window_certificates(game) is kept  # one record per game object
    told: list[int] = []
    first = kept.certificate(4)
    assert kept.certificate(4) is first  # the same row: kept, whatever the progress
    assert kept.certificate(4, lambda done, total, unit: told.append(done)) is first
    assert told == [] and kept.failure(4) is None


def test_a_failed_row_is_said_by_its_game_not_a_module() -> None:
    from registry.periods import WindowCertificates

    game = registry.as_game("r-wythoff")  # its rows are no lines of rays
    one, other = WindowCertificates(game), WindowCertificates(game)
    with pytest.raises(registry.Declined) as declined:
        one.certificate(3)
    assert one.failure(3) == str(declined.value) and other.failure(3) is None
