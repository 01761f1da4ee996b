"""grundy.cli.experiments.parameters: an experiment's parameters declared once; and the
fixed layouts of grundy.display.ResultTable."""

from __future__ import annotations

import argparse
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import pytest

from grundy.cli.experiments.parameters import Parameters, constant, derived, flag, parameter
from grundy.display import ResultTable


@dataclass(frozen=True)
class Demo(Parameters):
    g: int = parameter(3, "largest g", lo=0, hi=9)
    only: Sequence[int] | None = parameter(
        None, "only these g", lo=0, hi=9, nargs="+", each="g", json=False
    )
    gs: Sequence[int] = derived()
    k: range = parameter(range(4, 7), "k values A..B", hi=100, kind="range")
    max_a: int = parameter(10, "row bound", lo=1, option="--rows", label="rows")
    check_run: bool = flag("check too", option="--check")
    horizon: int | None = parameter(None, "horizon", lo=1)
    bin: float = constant(0.5)

    def __post_init__(self) -> None:
        object.__setattr__(self, "gs", sorted(set(self.only or range(self.g + 1))))


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="demo")
    Demo.add_options(parser)
    return parser


def test_options_come_from_the_fields_in_order() -> None:
    actions = _parser()._actions[1:]  # after --help
    assert [(a.option_strings[0], a.dest, a.metavar) for a in actions] == [
        ("--g", "g", "G"),
        ("--only", "only", "ONLY"),
        ("--k", "k", "K"),
        ("--rows", "max_a", "ROWS"),
        ("--check", "check_run", None),
        ("--horizon", "horizon", "HORIZON"),
    ]


def test_parsed_values_and_json() -> None:
    declared = Demo.from_args(_parser().parse_args(["--only", "2", "1", "--k", "1..3", "--check"]))
    assert declared.gs == [1, 2] and declared.check_run
    assert declared.as_json() == {
        "g": 3, "gs": [1, 2], "k": [1, 3], "max_a": 10, "check_run": True, "horizon": None,
        "bin": 0.5,
    }  # fmt: skip
    assert Demo.from_args(_parser().parse_args([])) == Demo()


def test_argparse_refuses_out_of_range_values() -> None:
    with pytest.raises(SystemExit):
        _parser().parse_args(["--g", "10"])


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"g": 10}, "--g must be between 0 and 9 (--g = 10)"),
        ({"only": [1, 12]}, "--only: each g must be between 0 and 9 (--only = [1, 12])"),
        ({"max_a": 0}, "--rows must be >= 1 (rows = 0)"),
        ({"horizon": 0}, "--horizon must be >= 1 (--horizon = 0)"),
    ],
)
def test_check_names_the_first_value_outside_its_limits(
    kwargs: dict[str, Any], message: str
) -> None:
    with pytest.raises(ValueError) as error:
        Demo(**kwargs).check()
    assert str(error.value) == message


def test_check_passes_defaults_and_none() -> None:
    Demo().check()
    Demo(only=[0, 9], horizon=None).check()


def test_result_table_fixed_layout_is_the_format_widths() -> None:
    rows = [[1, "(18, 28)", ">=41", "ok"], [10, "-", None, "VIOLATED"], [123456, "x" * 30, 7, ""]]
    table = ResultTable(
        ["d", "cell", "value", "bound"],
        [[str(c) for c in row] for row in rows],
        widths=[3, 20, 6, 0],
        align="rrrl",
        gaps=[" ", "   ", "  "],
    )
    expected = [f"{'d':>3} {'cell':>20}   {'value':>6}  bound"] + [
        f"{d:>3} {c:>20}   {v!s:>6}  {b}".rstrip() for d, c, v, b in rows
    ]
    assert str(table) == "\n".join(expected)
    assert table._repr_html_().count("<td") == 12


def test_text_parameters_and_metavars() -> None:
    from grundy.cli.experiments.parameters import text

    @dataclass(frozen=True)
    class Named(Parameters):
        game: str = text("wythoff", "the game")
        state: str | None = text(None, "a file", metavar="FILE", json=False)
        seconds: int = parameter(5, "seconds", lo=1, metavar="SECONDS")

    parser = argparse.ArgumentParser(prog="named")
    Named.add_options(parser)
    usage = parser.format_usage()
    assert "[--game GAME] [--state FILE] [--seconds SECONDS]" in usage
    made = Named.from_args(parser.parse_args(["--game", "nimhof:1,0/0,1/1,1", "--seconds", "1e1"]))
    assert made == Named("nimhof:1,0/0,1/1,1", None, 10)
    assert made.as_json() == {"game": "nimhof:1,0/0,1/1,1", "seconds": 10}
    Named(seconds=10**9).check()  # no upper limit; a text is not checked
    with pytest.raises(ValueError, match="--seconds must be >= 1"):
        Named(seconds=0).check()


def test_row_periods_declares_its_parameters_once() -> None:
    """row-periods' options, JSON ``parameters``, manifest and chunk parameters come from
    RowPeriodsParameters, with the names and values its runs had before (their digests)."""
    from grundy.cli.experiments.row_periods import PREPERIOD, RowPeriodsParameters

    parser = argparse.ArgumentParser(prog="row-periods")
    RowPeriodsParameters.add_options(parser)
    args = parser.parse_args(["--rows", "3..9", "--check-table", "50", "--budget", "20"])
    declared = RowPeriodsParameters.from_args(args)
    assert declared.rows == range(3, 10) and declared.checkpoint_every == 300
    assert declared.as_json() == {
        "game": "wythoff", "rows": [3, 9], "check_reference": False, "check_table": 50,
        "preperiod": PREPERIOD,
    }  # fmt: skip
    assert declared.run_parameters(7) == {
        "game": "wythoff", "rows": [3, 9], "check_reference": False, "block": 7,
        "period_multiple": None,
    }  # fmt: skip
    assert declared.chunk_parameters(3, 9, "DIR") == {
        "game": "wythoff", "rows": [3, 9], "check_reference": False, "threads": None,
        "period_multiple": None, "checkpoints": "DIR", "checkpoint_every": 300, "budget": 20,
    }  # fmt: skip
    generic = RowPeriodsParameters("nimhof:0,1/1,0/1,2", range(0, 4), block=2)
    assert generic.chunk_parameters(2, 3, None) == {
        "game": "nimhof:0,1/1,0/1,2", "rows": [2, 3], "check_reference": False,
    }  # fmt: skip
