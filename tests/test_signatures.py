"""Questions declare their arguments (issue 37, "records instead of prose"; issue 47: as
records, :mod:`registry.arguments`): the door checks a call's arguments once against the
question's signature and passes each callable the arguments it names, and a registration
checks that each implementation's ``answer``, ``covers`` and ``cost`` can be called so."""

from __future__ import annotations

import inspect
import re
from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest

import registry
import spec
from grundy.cli import main
from registry import arguments
from registry.core import _KINDS, PROVIDERS, QUESTIONS, BadArguments, register_implementation
from registry.records import Provided, Signature


def test_a_signature_reads_its_text() -> None:
    made = Signature("rows: int, length: int, start?: int, R?: int | None")
    assert made.names == ("rows", "length", "start", "R")
    assert [a.required for a in made.arguments] == [True, True, False, False]
    assert str(made) == "rows: int, length: int, start?: int, R?: int | None"
    assert made == Signature(str(made)) and made != Signature("rows: int")
    for bad in ("rows", "rows: integer", "2x: int"):
        with pytest.raises(ValueError, match="name: type"):
            Signature(bad)


@pytest.mark.parametrize(
    ("domain", "why"),
    [
        ({"rows": 3, "length": 4}, None),
        ({"rows": np.int64(3), "length": 4, "start": 10**30, "R": None}, None),
        ({"rows": 3}, "missing argument 'length'"),
        ({"rows": 3, "length": 4, "width": 1}, "unexpected argument 'width'"),
        ({"rows": "3", "length": 4}, "rows must be an integer (rows = '3')"),
        ({"rows": True, "length": 4}, "rows must be an integer (rows = True)"),
        ({"rows": 3, "length": 4.0}, "length must be an integer (length = 4.0)"),
        ({"rows": 3, "length": 4, "R": "x"}, "R must be an integer or None (R = 'x')"),
        ({"rows": 3, "length": 4, "start": None}, "start must be an integer (start = None)"),
    ],
)
def test_a_signature_checks_arguments(domain: dict[str, Any], why: str | None) -> None:
    found = Signature("rows: int, length: int, start?: int, R?: int | None").check(domain)
    assert found == why or (why is not None and found is not None and found.startswith(why))


def test_the_other_types() -> None:
    made = Signature("a: bool, b: float | None, c: ints, d: sequence, e: any")
    assert made.check({"a": False, "b": 1.5, "c": [1, np.int8(2)], "d": ((1, 2),), "e": {}}) is None
    assert made.check({"a": False, "b": None, "c": (), "d": [], "e": None}) is None
    assert (
        made.check({"a": 1, "b": 1, "c": [], "d": [], "e": 0}) == "a must be True or False (a = 1)"
    )
    assert "c must be a sequence of integers" in str(
        made.check({"a": True, "b": 1, "c": [1.5], "d": [], "e": 0})
    )
    assert "d must be a sequence" in str(made.check({"a": True, "b": 1, "c": [], "d": 3, "e": 0}))


@pytest.mark.parametrize(
    ("function", "complete", "why"),
    [
        (lambda rows, length, start=0: 0, True, None),
        (lambda **_: 0, True, None),
        (lambda rows, length: 0, True, None),  # start is not passed to it
        (lambda rows, **_: 0, True, None),
        (lambda rows: 0, False, None),  # a covers or cost may read fewer
        (lambda: 0, False, None),
        (lambda rows: 0, True, "does not accept 'length'"),
        (lambda rows, length, start, **_: 0, True, "requires 'start', which is not a required"),
        (lambda rows, length, start=0, *, width: 0, True, "requires 'width'"),
        (lambda size: 0, False, "requires 'size', which is not a required argument"),
        (lambda size: 0, True, "does not accept 'rows'"),
    ],
)
def test_a_signature_checks_a_callable(function: Any, complete: bool, why: str | None) -> None:
    found = Signature("rows: int, length: int, start?: int").accepts(function, complete=complete)
    assert found == why or (why is not None and found is not None and found.startswith(why))


def test_a_callable_is_passed_the_arguments_it_names() -> None:
    made = Signature("rows: int, length: int, start?: int")
    assert made.taken(lambda rows, start=0: 0) == {"rows", "start"}
    assert made.taken(lambda **_: 0) == {"rows", "length", "start"}
    assert made.taken(lambda: 0) == set()
    assert made.taken(lambda rows, progress=None: 0, extra=("progress",)) == {"rows", "progress"}


def test_a_record_is_the_signature_it_always_was() -> None:
    # the records of issue 47 read as the text signatures of issue 37 did
    for record, text in [
        (arguments.RowValuesArgs, "rows: int, length: int, start?: int"),
        (arguments.PositionArgs, "position: any, max_positions?: int"),
        (arguments.NthGvalueArgs,
         "g: int, count: int, start?: int, R?: int | None, L?: int | None, H?: int | None"),
        (arguments.HeapValuesArgs, "heaps: ints"),
        (arguments.PositionsArgs, "positions: sequence"),
        (arguments.HeapPeriodArgs, "terms?: int, compute?: bool, seconds?: float | None"),
    ]:  # fmt: skip
        assert Signature.of(record) == Signature(text), record
    made = Signature("g: int, k?: int | None").record(g=1)  # a plugin's text: a record made
    assert made.g == 1 and made.k is None  # type: ignore[attr-defined]


def test_the_door_checks_arguments_once_with_one_line() -> None:
    door = registry.question("row-values", "wythoff")
    assert door.signature == Signature("rows: int, length: int, start?: int")
    cases: list[tuple[dict[str, Any], str]] = [
        ({"rows": 2}, "missing argument 'length'"),
        ({"rows": 2, "length": 5, "colour": 1}, "unexpected argument 'colour'"),
        ({"rows": 2, "length": "5"}, "length must be an integer (length = '5')"),
    ]
    for domain, named in cases:
        for call in (door, door.choose, door.candidates, door.estimate):
            with pytest.raises(BadArguments, match=re.escape(named)) as raised:
                call(**domain)
            assert "\n" not in str(raised.value)
            assert str(raised.value).startswith("row-values of wythoff: ")
    assert door(rows=2, length=5).value.tolist() == [[0, 1, 2, 3, 4], [1, 2, 0, 4, 5]]


def test_every_built_in_question_declares_its_arguments_and_its_implementations_fit() -> None:
    registry.all_questions()
    for kind in ("value", "moves", "period", "row-certificate", "p-position-blocks"):
        for name in registry.conformance_games():
            registry.get_question(kind, registry.as_game(name))
    assert [key for key, q in QUESTIONS.items() if q.signature is None] == []
    for q in QUESTIONS.values():
        assert q.signature is not None
        for example in q.domains(include_slow=True) if q.domain else ():
            assert q.signature.check(example) is None, (q.key, example)
        for impl in q.implementations:
            for role, function in (("covers", impl.covers), ("cost", impl.cost)):
                if function is not None:
                    assert q.signature.accepts(function) is None, (q.key, impl.name, role)
            assert q.signature.accepts(impl.answer, ("progress",), complete=True) is None, q.key


def _defaults(function: Any) -> dict[str, Any]:
    try:
        parameters = inspect.signature(function).parameters.values()
    except (TypeError, ValueError):
        return {}
    return {p.name: p.default for p in parameters if p.default is not p.empty}


def test_the_defaults_of_implementations_are_their_records() -> None:
    # an optional argument's default lives in the question's record; an implementation that
    # names it says the same (a drift would answer a call without it two ways)
    registry.all_questions()
    for kind in ("value", "moves", "period", "genus", "heap-period"):
        for name in ("wythoff", "subtraction:1,3,4", "wythoff3", "nim", "a-wythoff:2"):
            registry.get_question(kind, registry.as_game(name))
    checked = 0
    for q in QUESTIONS.values():
        assert q.signature is not None
        given = {a.name: a.default for a in q.signature.arguments if not a.required}
        for impl in q.implementations:
            for function in (impl.answer, impl.covers, impl.cost):
                for name, default in _defaults(function).items():
                    if name in given and given[name] is not None:
                        assert default == given[name], (q.key, impl.name, name, default)
                        checked += 1
    assert checked > 20


def test_an_option_travels_only_to_the_method_that_reads_it() -> None:
    # max_positions is the spec method's: the door passes it to no other value method
    door = registry.question("value", "wythoff")
    takes = {
        impl.name: impl.takes["answer"] | impl.takes["covers"] for impl in door.implementations
    }
    assert "max_positions" in takes["spec"]
    assert [n for n, t in takes.items() if "max_positions" in t] == ["spec"]
    assert door(position=(3, 5), max_positions=10).name != "spec"
    with pytest.raises(registry.NoImplementation, match="limit 10"):
        door(position=(3, 5), max_positions=10, using="spec")


def test_a_record_types_the_door_for_mypy() -> None:
    # question(KIND, game) is typed by the record's constructor (mypy checks these calls); at
    # run time the handle is its id, and a positional argument is refused
    door = registry.question(arguments.ROW_VALUES, "wythoff")
    assert door is registry.question("row-values", "wythoff")
    assert registry.ask(arguments.ROW_VALUES, "wythoff", rows=1, length=3).tolist() == [[0, 1, 2]]
    with pytest.raises(TypeError, match="by name"):
        door(2)  # type: ignore[misc]


# ------------------------------------------------------------------ registrations refused


@pytest.fixture
def demo_kind() -> Iterator[str]:
    """A question kind with a signature, built for Wythoff (removed afterwards)."""
    registry.register_question("demo-sig", "*", "demo of {game}", {"rows": 3},
                               signature="rows: int, start?: int", replace=True)  # fmt: skip
    registry.register_provider(
        "demo-sig", "spec", "spec", lambda _: None,
        lambda game: Provided(lambda rows, start=0: rows - start, lambda rows: None,
                              lambda rows, start=0: (0.0, 8 * rows)),
    )  # fmt: skip
    assert registry.question("demo-sig", "wythoff")(rows=3).value == 3
    yield "demo-sig"
    for key in [k for k in QUESTIONS if k.startswith("demo-sig:")]:
        registry.unregister_question(key)
    _KINDS.pop("demo-sig", None)
    PROVIDERS.pop("demo-sig", None)


def test_a_provider_whose_cost_takes_the_wrong_arguments_is_refused(demo_kind: str) -> None:
    before = list(PROVIDERS[demo_kind])

    def make(game: spec.ImpartialGame) -> Provided:
        return Provided(lambda rows, start=0: rows, cost=lambda size: (0.0, size))

    with pytest.raises(ValueError, match=r"implementation 'demo\.bad': its cost requires 'size', "
                       "which is not a required argument \\(the arguments: rows: int, start\\?: "
                       "int\\)"):  # fmt: skip
        registry.register_provider(demo_kind, "demo.bad", "reference", lambda _: None, make)
    assert PROVIDERS[demo_kind] == before  # nothing registered
    assert [i.name for i in registry.question(demo_kind, "wythoff").implementations] == ["spec"]


def test_a_provider_whose_covers_requires_more_is_refused(demo_kind: str) -> None:
    def make(game: spec.ImpartialGame) -> Provided:
        return Provided(lambda rows, start=0: rows, lambda rows, start, width: None)

    with pytest.raises(ValueError, match="its covers requires 'start'"):
        registry.register_provider(demo_kind, "demo.bad", "reference", lambda _: None, make)


def test_a_provider_is_checked_for_a_game_built_later(demo_kind: str) -> None:
    def make(game: spec.ImpartialGame) -> Provided:
        return Provided(lambda size: size)

    def nim_only(game: spec.ImpartialGame) -> str | None:
        return None if game.describe() == "nim" else "not nim"

    registry.register_provider(demo_kind, "demo.late", "reference", nim_only, make)
    with pytest.raises(ValueError, match=r"'demo\.late': its answer does not accept 'rows'"):
        registry.get_question(demo_kind, spec.get_game("nim"))


def test_an_implementation_whose_cost_takes_the_wrong_arguments_is_refused() -> None:
    key = registry.register_question("demo-sig-one", "none", "demo", {"n": 1}, signature="n: int",
                                     replace=True)  # fmt: skip
    try:
        with pytest.raises(ValueError, match="its cost requires 'm', which is not a required"):
            register_implementation(key, "spec", "spec", lambda n: n, cost=lambda m: (0.0, 0))
        with pytest.raises(ValueError, match="n must be an integer"):
            register_implementation(key, "spec", "spec", lambda n: n, domain={"n": "x"})
        made = registry.get_question("demo-sig-one", "none")
        assert made is not None and made.implementations == []  # the refused left nothing
        assert made.extra_domains == []
    finally:
        registry.unregister_question(key)


def test_a_question_whose_domain_does_not_fit_its_signature_is_refused() -> None:
    with pytest.raises(BadArguments, match="missing argument 'n'"):
        registry.register_question("demo-sig-two", "none", "demo", {"m": 1}, signature="n: int",
                                   replace=True)  # fmt: skip
    assert "demo-sig-two:none" not in QUESTIONS


def test_bad_cli_input_still_names_the_option(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["table", "wythoff", "--size", "x"]) == 2
    assert capsys.readouterr().err.count("\n") == 1
