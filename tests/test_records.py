"""The registry's records (issue 37): certificates and refusals as records, not prose the
code parses; ``--list-impls`` by preference with estimates; one identity of a game's rule."""

from __future__ import annotations

import copy
import json
import pickle
import re
from collections.abc import Iterator
from typing import Any

import pytest

import grundy
import registry
import spec
from grundy.cli import main
from registry.core import NoImplementation, TooLarge, register_implementation
from registry.records import (
    CONDITIONAL,
    EXACT,
    TRUST,
    Certificate,
    Method,
    Refusal,
    as_certificate,
)

#: Wythoff written as NimHof: the same rule, so the same methods and answers.
NIMHOF = "nimhof:1,0/0,1/1,1"


# ------------------------------------------------------------------ certificates


@pytest.mark.parametrize(
    ("made", "text"),
    [
        (Certificate("exact", "spec"), "exact (spec)"),
        (Certificate("exact"), "exact"),
        (CONDITIONAL, "conditional on Conjecture 3.10"),
        (
            CONDITIONAL.with_detail("R_g = 800 for g = 7, L = -15, H = 15"),
            "conditional on Conjecture 3.10 (R_g = 800 for g = 7, L = -15, H = 15)",
        ),
        (Certificate("conditional", "XOR of a"), "conditional (XOR of a)"),
        (Certificate("apparent", text="apparent on y < 9 only (not certified)"),
         "apparent on y < 9 only (not certified)"),
    ],
)  # fmt: skip
def test_a_certificate_renders_the_old_text(made: Certificate, text: str) -> None:
    assert made == text and made.text == text and str(made) == text and f"{made}" == text
    assert type(made.text) is str and json.dumps(made) == json.dumps(text)
    assert copy.deepcopy(made) is made and pickle.loads(pickle.dumps(made)) == made
    assert pickle.loads(pickle.dumps(made)).kind == made.kind


def test_certificate_fields_and_kinds() -> None:
    made = Certificate("exact", "row 5: preperiod 1")
    assert (made.kind, made.detail, made.on) == ("exact", "row 5: preperiod 1", "")
    assert made.bare() == "exact" and CONDITIONAL.with_detail("x").bare() == CONDITIONAL
    assert as_certificate("conditional").kind == "conditional" and as_certificate(EXACT) is EXACT
    with pytest.raises(ValueError, match="kind"):
        Certificate("exactly")


def test_the_trust_order_is_by_kind_not_by_text() -> None:
    assert EXACT.trust < CONDITIONAL.trust < Certificate("apparent", text="exact-looking").trust
    assert [k for k in TRUST if TRUST[k] == 0] == ["exact", "proved", "certified"]
    key = registry.register_question("demo-trust", "none", "demo", {"n": 1}, cheapest=True,
                                     replace=True)  # fmt: skip
    try:
        cheap = Certificate("apparent", text="exact (it says so, but it is apparent)")
        register_implementation(key, "spec", "spec", lambda n: n, cost=lambda n: (9.0, 0))
        register_implementation(key, "guess", "fast", lambda n: n, certificate=cheap,
                                cost=lambda n: (0.0, 0))  # fmt: skip
        register_implementation(key, "rw", "fast", lambda n: n, certificate=CONDITIONAL,
                                cost=lambda n: (1.0, 0))  # fmt: skip
        door = registry.question("demo-trust", "none")
        assert [i.name for i, _ in door.candidates(n=1)] == ["spec", "rw", "guess"]
    finally:
        registry.unregister_question(key)


def test_every_answer_carries_a_certificate_record() -> None:
    value = registry.question("value", "wythoff")(position=(300, 400))
    assert value.certificate.kind == "exact" and value.certificate.detail.startswith("strip")
    far = registry.question("value", "wythoff")(position=(1618033988750, 2618033988746))
    assert far.certificate.kind == "conditional" and far.certificate.on == "Conjecture 3.10"
    table = registry.question("grundy-table", "wythoff")(size=5)
    assert table.certificate is table.implementation.certificate and table.certificate == "exact"
    period = registry.question("period", "wythoff")(row=3)
    assert period.certificate.kind == "exact" and "atlas" in period.certificate.detail
    assert (
        grundy.value("wythoff", (3, 5)).as_dict()["certificate"] == "exact (strip: rows 0..3, "
        "columns 0..5)"
    )


# ------------------------------------------------------------------ refusals


@pytest.fixture
def demo() -> Iterator[str]:
    key = registry.register_question("demo-refusal", "none", "demo", {"n": 1}, budget=10.0,
                                     replace=True)  # fmt: skip
    register_implementation(key, "spec", "spec", lambda n: n)
    yield key
    registry.unregister_question(key)


@pytest.mark.parametrize(
    ("covers", "cost", "kind", "error"),
    [
        (None, lambda n: (0.0, 2**62), "memory", TooLarge),
        (None, lambda n: (1e9, 0), "budget", NoImplementation),
        (lambda n: "nothing like the others", None, "domain", NoImplementation),
        (lambda n: Refusal("said in any words", "memory", bytes=2**62), None, "memory", TooLarge),
    ],
)
def test_refusal_kinds_choose_the_exception(
    demo: str, covers: Any, cost: Any, kind: str, error: type[Exception]
) -> None:
    register_implementation(demo, "fast.demo", "fast", lambda n: n, covers=covers, cost=cost)
    door = registry.question("demo-refusal", "none")
    reason = dict((i.name, r) for i, r in door.candidates(n=1))["fast.demo"]
    assert isinstance(reason, Refusal) and reason.kind == kind
    with pytest.raises(error) as raised:
        door(using="fast.demo", n=1)
    refusal = raised.value.refusal  # type: ignore[attr-defined]
    assert type(raised.value) is error and refusal == reason and refusal.kind == kind
    assert kind != "memory" or reason.bytes == 2**62
    assert kind != "budget" or reason.seconds == 1e9


def test_a_game_without_the_capability_is_a_capability_refusal() -> None:
    from registry.core import PROVIDERS, _capable

    provider = next(p for p in PROVIDERS["grundy-table"] if p.name == "fast.tables")
    refused = _capable(provider, spec.get_game("nim"))
    assert isinstance(refused, Refusal) and refused.kind == "capability"
    assert _capable(provider, spec.get_game("wythoff")) is None


def test_a_refusal_renders_its_text() -> None:
    made = Refusal.memory(2**40, 2**33)
    assert made == "needs about 1024.0 GiB, more than 8.0 GiB" and type(made.text) is str
    assert pickle.loads(pickle.dumps(made)).kind == "memory" and copy.copy(made) is made
    with pytest.raises(ValueError, match="kind"):
        Refusal("x", "wording")


def test_method_tables_are_records() -> None:
    from registry.positions import _MOVES, _VALUE, method_table

    assert all(isinstance(m, Method) for m in (*_VALUE, *_MOVES))
    assert [m.name for m in _VALUE if m.spec] == ["spec"]
    rows = method_table("value")
    assert ("rw" in [r[0] for r in rows]) and all(type(r[2]) is str for r in rows)
    assert dict((r[0], r[2]) for r in rows)["rw"] == "conditional on Conjecture 3.10 (R_g, L, H)"


# ------------------------------------------------------------------ --list-impls


def _listed(capsys: pytest.CaptureFixture[str], *argv: str) -> list[str]:
    assert main(list(argv)) == 0
    out = capsys.readouterr().out.splitlines()
    return [line for line in out if re.match(r"[a-z][\w.-]*  \(", line)]  # not a wrapped tail


def test_list_impls_preferred_first_with_estimates_declined_last(
    capsys: pytest.CaptureFixture[str],
) -> None:
    lines = _listed(capsys, "value", "wythoff", "10,17", "--list-impls")
    names = [line.split()[0] for line in lines]
    assert names[:3] == ["table", "row-period", "spec"] and "rw" in names
    assert all("[estimate: about " in line for line in lines if "does not cover" not in line)
    far = _listed(capsys, "value", "wythoff", "1618033988750,2618033988746", "--list-impls")
    assert far[0].startswith("rw  (fast, conditional on Conjecture 3.10)  [estimate: about ")
    declined = [i for i, line in enumerate(far) if "[does not cover this: " in line]
    assert declined and declined == list(range(len(far) - len(declined), len(far)))


# ------------------------------------------------------------------ one identity of a rule


def test_rule_identity() -> None:
    from registry.tables import kernel_code

    assert registry.rule_identity(NIMHOF) == "wythoff" == kernel_code(spec.get_game(NIMHOF))
    assert registry.rule_identity("a-wythoff:2") is None
    assert registry.question("row-hpoints", NIMHOF) is registry.question("row-hpoints", "wythoff")


def test_nimhof_wythoff_is_answered_by_rw(capsys: pytest.CaptureFixture[str]) -> None:
    position = (1618033988750, 2618033988746)
    found = registry.question("value", NIMHOF)(position=position).value
    known = registry.question("value", "wythoff")(position=position).value
    assert (found.method, found.value, found.certificate) == ("rw", known.value, known.certificate)
    assert found.game == spec.get_game(NIMHOF).describe()
    listed = [line.split()[0] for line in _listed(capsys, "value", NIMHOF, "1,2", "--list-impls")]
    assert listed == [line.split()[0] for line in _listed(capsys, "value", "wythoff", "1,2",
                                                          "--list-impls")]  # fmt: skip


@pytest.mark.parametrize("id", ["value", "moves"])
def test_nimhof_wythoff_has_every_method_of_wythoff(id: str) -> None:
    ours = [i.name for i in registry.question(id, NIMHOF).implementations]
    assert ours == [i.name for i in registry.question(id, "wythoff").implementations]


_METHODS = [(id, i.name) for id in ("value", "moves")
            for i in registry.question(id, "wythoff").implementations]  # fmt: skip


@pytest.mark.parametrize(("id", "method"), _METHODS)
def test_every_method_of_wythoff_covers_its_nimhof_form(id: str, method: str) -> None:
    doors = [registry.question(id, g) for g in ("wythoff", NIMHOF)]
    answered = 0
    for position in [(x, y) for x in range(6) for y in range(x, 12)]:
        found = []
        for door in doors:
            try:
                found.append(door(using=method, position=position).value)
            except NoImplementation:
                found.append(None)
        assert (found[0] is None) == (found[1] is None), (method, position)
        if found[0] is not None:
            answered += 1
            key = "value" if id == "value" else "moves"
            assert getattr(found[0], key) == getattr(found[1], key), (method, position)
            assert found[0].certificate == found[1].certificate, (method, position)
    assert answered, method


def test_the_row_certificate_door_chooses_by_the_rule() -> None:
    """The row-periods experiment asks ``row-certificate``: the strip for a strip game's rule
    (Wythoff as NimHof too), else the engine's window certificate."""
    strip = registry.question("row-certificate", NIMHOF)(rows=5)
    assert strip.name == "fast.strip" and strip.certificate.kind == "exact"
    assert (
        strip.value.periodicities
        == registry.ask("row-certificate", "wythoff", rows=5).periodicities
    )
    generic = registry.question("row-certificate", "a-wythoff:2")(rows=4)
    assert generic.name == "fast.engine + window certificate"
    from registry.rows import row_certificate

    expected = row_certificate(spec.get_game("a-wythoff:2"), 4).periodicities
    assert generic.value.periodicities == expected
