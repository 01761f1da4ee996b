"""``grundy explain`` and :func:`registry.explain.route` (issue 47 item 3): the route a question
takes, read from the table, is the door's own choice, and nothing is answered."""

from __future__ import annotations

import json

import pytest

import registry
from grundy.cli import main
from registry.core import Implementation, register_implementation, register_question
from registry.explain import route


def test_the_route_is_the_doors_choice() -> None:
    for id, game, domain in [
        ("value", "wythoff", {"position": (5, 10**18)}),
        ("value", "wythoff", {"position": (3, 5)}),
        ("grundy-table", "wythoff", {"size": 5000}),
        ("period", "a-wythoff:2", {"row": 3}),
        ("moves", "wythoff3", {"position": (1, 2, 3)}),
    ]:
        found = route(id, game, **domain)
        door = registry.question(id, game)
        assert found.answers == door.choose(**domain).name, (id, game, domain)
        assert [s.name for s in found.steps] == [i.name for i, _ in door.candidates(**domain)]
        assert [s.answers for s in found.steps].count(True) == 1
        answering = next(s for s in found.steps if s.answers)
        assert answering.refusal is None
        before = found.steps[: found.steps.index(answering)]
        assert all(s.refusal is not None for s in before)  # the first that covers answers


def test_the_route_answers_nothing_and_says_when_none_covers() -> None:
    calls: list[int] = []

    def answer(n: int) -> int:
        calls.append(n)
        return n

    key = register_question("demo-explain", "none", "demo", {"n": 1}, signature="n: int",
                            replace=True)  # fmt: skip
    try:
        register_implementation(key, "spec", "spec", answer, covers=lambda n: None if n < 5 else
                                "n >= 5", cost=lambda n: (float(n), 8 * n))  # fmt: skip
        found = route("demo-explain", "none", n=3)
        assert found.answers == "spec" and found.steps[0].seconds == 3.0
        assert found.steps[0].bytes == 24
        refused = route("demo-explain", "none", n=7)
        assert refused.answers is None and refused.steps[0].refusal == "n >= 5"
        assert refused.lines()[-1] == "answers: none covers these arguments"
        assert calls == []  # nothing was answered
        with pytest.raises(registry.BadArguments, match="n must be an integer"):
            route("demo-explain", "none", n="x")
    finally:
        registry.unregister_question(key)


def test_grundy_explain_prints_the_route(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["explain", "grundy-table", "wythoff", "size=5000"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("grundy-table of wythoff (size = 5000)")
    assert out[1] == "arguments: size: int"
    chosen = [line for line in out if line.startswith("->")]
    assert len(chosen) == 1 and chosen[0].split()[1] == "fast.tables"
    assert "spec" in out[-2] and "declines: about" in out[-2]  # the spec is refused by budget
    assert out[-1].startswith("answers: fast.tables")


def test_grundy_explain_reads_each_argument_by_its_type(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["explain", "value", "wythoff", "position=5,10**18", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["arguments"] == {"position": repr((5, 10**18))}
    assert data["answers"] == registry.question("value", "wythoff").choose(
        position=(5, 10**18)).name  # fmt: skip
    assert main(["explain", "period", "a-wythoff:2", "row=3", "certified=true", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [c["name"] for c in data["candidates"] if c["covers"]] == [data["answers"]]
    assert main(["explain", "grundy-table", "wythoff"]) == 0  # its conformance domain
    assert "(size = 40)" in capsys.readouterr().out


@pytest.mark.parametrize(
    ("argv", "named"),
    [
        (["value", "wythoff", "position=3,5", "max_positions=x"], "max_positions must be an"),
        (["value", "wythoff", "position=3,5", "colour=1"], "unexpected argument 'colour'"),
        (["value", "wythoff", "3,5"], "is not NAME=VALUE"),
        (["period", "wythoff", "row=3", "compute=maybe"], "compute must be true or false"),
        (["no-such-question", "wythoff"], "no implementation answers 'no-such-question'"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(
    argv: list[str], named: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["explain", *argv]) == 2
    err = capsys.readouterr().err
    assert named in err and err.count("\n") == 1


def test_an_implementation_record_is_what_the_route_reads() -> None:
    door = registry.question("value", "wythoff")
    assert all(isinstance(i, Implementation) for i in door.implementations)
    names = {s.name for s in route("value", "wythoff", position=(3, 5)).steps}
    assert names == {i.name for i in door.implementations}
