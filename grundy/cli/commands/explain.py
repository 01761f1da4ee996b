"""``grundy explain QUESTION GAME [NAME=VALUE ...]``: the route a question takes, from the table.

The registry's door chooses among a question's implementations (docs/front-door.md,
"The registry underneath"); this command prints that choice without answering:
the candidates in the door's order of preference, what each covers (or why it
declines) and its estimated cost for the arguments, and which one would answer
(:func:`registry.explain.route`). The arguments are the question's, by name
(``registry.question(id, game).signature``), each read by its type: an integer as
``--size`` reads it (``10**18``), a position as ``grundy value`` reads it
(``3,5``), a sequence of integers comma-separated, of positions ``;``-separated.
Without arguments, the question's conformance domain is explained.
"""

from __future__ import annotations

import argparse

from grundy.cli.output import add_json_option, json_or_lines
from grundy.cli.parsing import add_budget_option, parse_count, parse_game, parse_position
from registry.core import BadArguments, question
from registry.explain import route
from registry.records import Argument
from spec import ImpartialGame


def register(subparsers: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    parser = subparsers.add_parser(
        "explain",
        help="the route a question takes: its candidates, what each covers and costs",
        description=(
            "Print the route the registry's door takes for QUESTION of GAME with the "
            "arguments NAME=VALUE, without answering: the candidates in the door's order "
            "of preference, what each covers (or why it declines), its estimated cost for "
            "those arguments, and which one would answer. Without arguments, the question's "
            "conformance domain."
        ),
        epilog="examples: grundy explain value wythoff position=5,10**18; "
        "grundy explain grundy-table wythoff size=5000; grundy explain period a-wythoff:2 row=3",
    )
    parser.add_argument("question", help="a question: value, moves, grundy-table, period, ...")
    parser.add_argument("game", help="a game: wythoff, nimhof:1,0/0,1/1,1, subtraction:1,3,4, ...")
    parser.add_argument(
        "arguments", nargs="*", metavar="NAME=VALUE",
        help="the question's arguments (position=3,5 size=100 row=3 ...)",
    )  # fmt: skip
    add_budget_option(parser)
    add_json_option(parser)
    parser.set_defaults(func=run)


_TRUE, _FALSE = ("true", "yes", "1"), ("false", "no", "0")


def _value(argument: Argument | None, name: str, text: str, game: ImpartialGame) -> object:
    """``text`` as argument ``name`` of its type (a name the question does not take: as
    written, for the door to refuse in its words)."""
    kind = None if argument is None else argument.type
    if argument is not None and argument.none and text.lower() == "none":
        return None
    if kind == "int":
        return parse_count(text, name)
    if kind == "bool":
        if text.lower() not in _TRUE + _FALSE:
            raise ValueError(f"{name} must be true or false ({name} = {text!r})")
        return text.lower() in _TRUE
    if kind == "float":
        try:
            return float(text)
        except ValueError:
            raise ValueError(f"{name} must be a number ({name} = {text!r})") from None
    if kind == "ints":
        return [parse_count(part, name) for part in text.split(",") if part.strip()]
    if kind == "sequence":
        return [parse_position(game, part) for part in text.split(";") if part.strip()]
    if kind == "any":
        return parse_position(game, text)
    return text


def parse_arguments(id: str, game: ImpartialGame, given: list[str]) -> dict[str, object]:
    """The ``NAME=VALUE`` words as the question's arguments (its conformance domain where
    none are given); ValueError in one line naming a malformed one."""
    door = question(id, game)
    if not given:
        return dict(door.domain)
    declared = {} if door.signature is None else {a.name: a for a in door.signature.arguments}
    found: dict[str, object] = {}
    for word in given:
        name, equals, text = word.partition("=")
        if not equals or not name.strip():
            raise BadArguments(f"arguments: {word!r} is not NAME=VALUE (position=3,5, size=100)")
        name = name.strip()
        found[name] = _value(declared.get(name), name, text.strip(), game)
    return found


def run(args: argparse.Namespace) -> int:
    game = parse_game(args.game)
    found = route(
        args.question, game, args.budget, **parse_arguments(args.question, game, args.arguments)
    )
    return json_or_lines(args.json, found.as_dict(), found.lines(), soft_wrap=True)
