"""Issue 39 item 6: Nim heaps of any size, ``budget`` validated, positions in ASCII digits,
and a warning before printing megabytes."""

from __future__ import annotations

import math
from collections.abc import Iterator

import pytest

import grundy
import spec
from grundy.cli import main
from grundy.cli.parsing import parse_game, parse_position
from grundy.cli.two_piles import PRINT_WARN_BYTES, printed_warning
from registry import question

BIG = 10**30


def test_a_nim_heap_of_any_size_is_its_value() -> None:
    answer = grundy.value("nim", (BIG,))
    assert (answer.value, answer.method, answer.certificate.kind) == (BIG, "heap", "exact")
    total = grundy.value("wythoff+nim", ((3, 5), (BIG,)))
    assert total.value == BIG and total.certificate.kind == "exact"  # G(3, 5) = 0
    assert grundy.value("nim+nim", ((5,), (BIG,))).value == BIG ^ 5


def test_the_heap_method_is_a_capability_the_spec_checks() -> None:
    door = question("heap-values", "nim")
    heaps = list(range(40))
    assert door(using="heap", heaps=heaps).value == door(using="spec", heaps=heaps).value
    # a one-heap game of another rule (a subclass of Nim even) has no such capability
    answer = grundy.value(_TakeOneOrTwo(), (7,))
    assert (answer.value, answer.method) == (1, "spec")


class _TakeOneOrTwo(spec.Nim):
    """The subtraction game {1, 2}: G(n) = n mod 3."""

    name = "test-take-one-or-two"

    def followers(self, position: spec.Position) -> Iterator[spec.Position]:
        (n,) = position
        yield from ((n - k,) for k in (1, 2) if k <= n)


def test_the_cli_answers_a_big_heap(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["value", "nim", str(BIG)]) == 0
    assert f"G({BIG}) = {BIG}" in capsys.readouterr().out
    assert main(["value", "wythoff+nim", f"3,5+{BIG}"]) == 0
    assert f"= {BIG}" in capsys.readouterr().out


@pytest.mark.parametrize("budget", ["x", math.nan, -1, -math.inf, True, None.__class__])
def test_a_bad_budget_is_a_value_error_naming_it(budget: object) -> None:
    with pytest.raises(ValueError, match=r"budget must be a number of seconds >= 0.*\(budget = "):
        grundy.value("wythoff", (3, 5), budget=budget)  # type: ignore[arg-type]


def test_an_infinite_budget_is_no_limit() -> None:
    assert grundy.value("wythoff", (3, 5), budget=math.inf).value == 0
    assert grundy.table("wythoff", 3, budget=0.5).shape == (3, 3)


@pytest.mark.parametrize("text", ["\u0663,\u0665", "\uff15,\uff18", "5\n,8", "5,8\n", "5,\u00b2"])
def test_positions_are_ascii_digits_on_one_line(text: str) -> None:
    with pytest.raises(ValueError, match=r"is not an integer"):
        parse_position(parse_game("wythoff"), text)


def test_spaces_around_coordinates_still_parse() -> None:
    assert parse_position(parse_game("wythoff"), " 5, 8 ") == (5, 8)


def test_printing_megabytes_is_warned_with_out_suggested(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert printed_warning((1000, 1000), 1) is None
    assert printed_warning((1000, 1000), 3) is not None  # 3e6 numbers, 6 MB: past 4 MiB
    side = math.isqrt(PRINT_WARN_BYTES // 2) + 1
    assert main(["table", "wythoff-pass:64", "--size", "3000", "--list-impls"]) == 0
    err = capsys.readouterr().err.strip().splitlines()
    assert err == [
        "grundy: warning: printing the table is 585,000,000 numbers, at least 1,115 MB of text; "
        "--out FILE.npy (or .csv) writes it instead"
    ]
    assert main(["table", "wythoff", "--size", str(side)]) == 0
    assert "--out FILE.npy" in capsys.readouterr().err
    assert main(["table", "wythoff", "--size", str(side - 1)]) == 0
    assert "warning" not in capsys.readouterr().err


def test_spec_nim_is_the_oracle() -> None:
    assert [spec.grundy(spec.Nim(), (n,)) for n in range(6)] == list(range(6))
