"""Hexadecimal codes (issue 38 item 1): bit 8 of a digit, k tokens removed leaving three
non-empty heaps (Winning Ways ch. 4), at every layer; bad codes refused in one line.

The spec's nim-sequence is checked against the definition (the mex over the followers of
multi-heap positions, no XOR rule), the reference loop and the numba kernel against the
spec, the three-heap periodicity certificate against the spec's values.
"""

from __future__ import annotations

import pytest
from brute_force import by_definition

import fast.heaps
import reference.heaps
import spec
from grundy.cli import main
from registry import question
from registry.heaps import check_certificate, heap_code, heap_period

#: Three-heap digits alone and mixed with the octal bits, a digit before the point.
GAMES = ["hex:0.8", "hex:0.f", "hex:8.0", "hex:4.8", "hex:0.08", "hex:0.38", "hex:c.0",
         "hex:0.9", "hex:0.4c", "hex:0.7"]  # fmt: skip


@pytest.mark.parametrize("name", GAMES)
def test_spec_is_the_definition(name: str) -> None:
    game = spec.get_game(name)
    defined = by_definition(game)
    assert spec.nim_sequence(game, 14) == [defined((n,) if n else (0,)) for n in range(14)]
    for heaps in [(3, 5), (2, 2, 6), (7, 4, 1)]:
        position = game.check_position(heaps)
        assert spec.grundy(game, position) == defined(position)


@pytest.mark.parametrize("name", GAMES)
def test_reference_and_fast_equal_spec(name: str) -> None:
    game = spec.get_game(name)
    code = heap_code(game)
    assert code is not None
    expected = spec.nim_sequence(game, 160)
    assert reference.heaps.nim_sequence(code, 160) == expected
    assert fast.heaps.nim_sequence(code, 160).tolist() == expected
    assert fast.heaps.nim_sequence_sparse(code, 160, probe=20).tolist() == expected


def test_three_heaps_options() -> None:
    game = spec.HexGame.from_text("0.8")
    assert sorted(game.options(7)) == [(2, 2, 2), (3, 2, 1), (4, 1, 1)]
    assert list(game.options(3)) == []  # 2 tokens cannot make three non-empty heaps


def test_the_three_heap_certificate() -> None:
    found = heap_period("hex:0.f", compute=True)
    assert found.status == "certified" and "3 heaps" in str(found.certificate)
    assert found.preperiod is not None and found.period is not None
    assert check_certificate("hex:0.f", found.preperiod, found.period) is None
    assert check_certificate("hex:0.f", found.preperiod, 2 * found.period) is not None
    # the window of three heaps is wider than the two-heap one
    assert reference.heaps.window_end((0, 8), 10, 4) > reference.heaps.window_end((0, 4), 10, 4)


def test_the_door_and_the_cost() -> None:
    game = spec.get_game("hex:0.38")
    door = question("nim-sequence", game)
    assert door.choose(terms=10**4, budget=1e9).name == "fast.heaps"
    # n^3 / 36 XORs: 10^5 terms are refused at the default budget, with the estimate
    with pytest.raises(ValueError, match="nim-sequence"):
        door(terms=10**5)


@pytest.mark.parametrize(
    "text", ["hex:0.g", "hex:1.f", "hex:", "hex:0.", "hex:0.00", "hex:f.1", "hex:0.8x"]
)
def test_bad_codes_are_one_line(capsys: pytest.CaptureFixture[str], text: str) -> None:
    try:
        code = main(["value", text, "5"])
    except SystemExit as exit_:
        code = int(exit_.code or 0)
    _, err = capsys.readouterr()
    assert code == 2
    assert len(err.strip().splitlines()) == 1
    assert "hex" in err
