"""Parsing games and positions given on the command line."""

from __future__ import annotations

from grundy.registry.dispatch import game_named
from spec import ImpartialGame, Position, Sum

__all__ = ["parse_game", "parse_int", "parse_position", "parse_range"]


def parse_game(text: str) -> ImpartialGame:
    """A registered game by name, or a sum written ``wythoff+nim``.

    Examples
    --------
    >>> parse_game("wythoff+nim")
    Sum(Wythoff(), Nim())
    >>> parse_game("chess")
    Traceback (most recent call last):
    ...
    ValueError: unknown game 'chess'; known games: f-wythoff, fibonacci-nim, nim, r-wythoff, wythoff
    """
    return game_named(text)


def parse_int(text: str, name: str) -> int:
    """An integer argument, with a message naming it when malformed."""
    try:
        return int(text.replace("_", ""))
    except ValueError:
        raise ValueError(f"{name} must be an integer ({name} = {text!r})") from None


def parse_position(game: ImpartialGame, text: str) -> Position:
    """Parse ``5,8`` (two piles), ``7`` (one heap) or ``5,8+3`` (a sum).

    Examples
    --------
    >>> parse_position(parse_game("wythoff+nim"), "5,8+3")
    ((5, 8), (3,))
    >>> parse_position(parse_game("wythoff"), "5,x")
    Traceback (most recent call last):
    ...
    ValueError: position '5,x': 'x' is not an integer
    """
    if isinstance(game, Sum):
        parts = text.split("+")
        if len(parts) != len(game.components):
            raise ValueError(
                f"position {text!r}: the sum {game.describe()} needs "
                f"{len(game.components)} parts separated by '+'"
            )
        return game.check_position(
            tuple(parse_position(g, p) for g, p in zip(game.components, parts, strict=True))
        )
    values = []
    for item in text.split(","):
        item = item.strip()
        try:
            values.append(int(item))
        except ValueError:
            raise ValueError(f"position {text!r}: {item!r} is not an integer") from None
    return game.check_position(tuple(values))


def parse_range(text: str, name: str) -> range:
    """``A..B`` (inclusive) or a single ``N``, as a range.

    Examples
    --------
    >>> parse_range("0..23", "rows")
    range(0, 24)
    >>> parse_range("5", "rows")
    range(5, 6)
    """
    if ".." in text:
        low, high = text.split("..", 1)
        start, stop = parse_int(low, name), parse_int(high, name)
    else:
        start = stop = parse_int(text, name)
    if start < 0 or stop < start:
        raise ValueError(f"{name} must be A..B with 0 <= A <= B ({name} = {text!r})")
    return range(start, stop + 1)
