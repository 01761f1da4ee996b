"""The field's names of octal games (issue 46 item 6): each is its octal code's game, with
the published first values (OEIS), and takes no parameter."""

from __future__ import annotations

import pytest

import spec

#: (name, code, the first values as OEIS prints them).
NAMES = [
    ("kayles", "octal:0.77", [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]),  # A002186
    ("dawsons-kayles", "octal:0.07", [0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3]),  # A002187
    ("officers", "octal:0.6", [0, 0, 1, 2, 0, 1, 2, 3, 1, 2, 3, 4]),  # A046695
    ("dawsons-chess", "octal:0.137", None),
    ("treblecross", "octal:0.007", None),
]


@pytest.mark.parametrize(("name", "code", "first"), NAMES)
def test_a_name_is_its_code(name: str, code: str, first: list[int] | None) -> None:
    game = spec.get_game(name)
    assert game.describe() == code
    values = spec.nim_sequence(game, 12)
    assert values == spec.nim_sequence(spec.get_game(code), 12)
    if first is not None:
        assert values == first


def test_a_name_takes_no_parameter() -> None:
    with pytest.raises(ValueError, match="takes no parameter"):
        spec.get_game("kayles:0.6")
