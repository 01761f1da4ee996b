"""Shapes and capabilities as declared types (issue 47, item 2).

A game's shape is its class's declaration (never discovered from attributes); each missing
capability is a one-line reason (``spec.why_not``), and no ``is_*`` predicate answers None
for yes; the spec's kernel names are one table the fast side equals; the decider reads a
game's first-order form from the game object; ``grundy prove --learn`` refuses a game
without one in one line naming what is missing.
"""

from __future__ import annotations

import re
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from cli_capture import cli

import fast.engine
import spec
from fast.engine.forms import KERNELS
from proofs_check.automatic import NotCovered, rule_of
from spec import Capability, Shape, first_order_form, has, why_not
from spec.kernel_names import KERNEL_NAMES, kernel
from spec.tables import is_table_game, is_two_pile, why_not_table_game, why_not_two_pile

ROOT = Path(__file__).resolve().parent.parent

#: Every built-in game and one member of each family, with the shape its class declares.
DECLARED = [
    ("nim", Shape.ONE_HEAP),
    ("octal:0.07", Shape.ONE_HEAP),
    ("subtraction:1,3,4", Shape.ONE_HEAP),
    ("wythoff", Shape.TWO_PILES),
    ("fibonacci-nim", Shape.TWO_PILES),
    ("nimhof:1,0/0,1/1,1", Shape.TWO_PILES),
    ("wythoff-pass", Shape.STATE_LAYERS),
    ("wythoff3", Shape.THREE_PILES),
    ("fraenkel-wythoff3", Shape.THREE_PILES),
    ("misere:wythoff3", Shape.THREE_PILES),
    ("wythoff+nim", None),
]


@pytest.mark.parametrize(("name", "shape"), DECLARED)
def test_each_game_declares_its_shape(name: str, shape: Shape | None) -> None:
    game = spec.get_game(name)
    assert game.shape is shape
    for other in Shape:
        assert has(game, other) == (other is shape), other
        reason = why_not(game, other)
        assert (reason is None) == (other is shape)
        assert reason is None or ("\n" not in reason and game.describe() in reason)


def test_a_pile_game_declares_its_shape_by_its_arity() -> None:
    class Four(spec.PileGame):
        arity = 4
        coordinates = ("a", "b", "c", "d")

        def followers(self, position: Any) -> Iterator[Any]:
            return iter(())

    class Three(spec.PileGame):
        arity = 3

        def followers(self, position: Any) -> Iterator[Any]:
            return iter(())

    assert Four().shape is None and Three().shape is Shape.THREE_PILES
    assert spec.is_three_pile(Three()) and not spec.is_three_pile(Four())


def test_a_duck_typed_attribute_is_no_declaration() -> None:
    """An object that merely carries ``states`` and ``arity`` is not a game of a shape."""
    game = spec.Wythoff()
    game.states = (0, 1)  # type: ignore[attr-defined]
    assert game.shape is Shape.TWO_PILES and spec.tables.states_of(game) == ()


@pytest.mark.parametrize(
    "predicate",
    [spec.is_three_pile, spec.is_heap_game, is_two_pile, is_table_game],
)
@pytest.mark.parametrize("name", [name for name, _ in DECLARED])
def test_no_is_predicate_answers_none(predicate: Any, name: str) -> None:
    assert isinstance(predicate(spec.get_game(name)), bool)


@pytest.mark.parametrize(
    ("predicate", "reason", "name"),
    [
        (spec.is_three_pile, spec.why_not_three_pile, "wythoff"),
        (spec.is_heap_game, spec.why_not_heap_game, "wythoff"),
        (is_two_pile, why_not_two_pile, "nim"),
        (is_table_game, why_not_table_game, "wythoff3"),
    ],
)
def test_each_predicate_has_its_reason_in_one_line(predicate: Any, reason: Any, name: str) -> None:
    game = spec.get_game(name)
    assert predicate(game) is False
    text = reason(game)
    assert isinstance(text, str) and text and "\n" not in text


def test_a_table_name_that_is_no_game_is_a_reason_not_an_error() -> None:
    assert is_table_game("no-such-game") is False
    assert "unknown game" in str(why_not_table_game("no-such-game"))


@pytest.mark.parametrize(
    ("name", "capability", "expected"),
    [
        ("wythoff", Capability.RAYS, True),
        ("fibonacci-nim", Capability.RAYS, False),
        ("wythoff3", Capability.RAYS, True),
        ("wythoff-terminal:2", Capability.TERMINAL_SET, True),
        ("wythoff", Capability.TERMINAL_SET, False),
        ("wythoff-pass", Capability.PASSES, True),
        ("wythoff", Capability.PASSES, False),
        ("blocking-wythoff:2", Capability.COUNTING_RULE, True),
        ("blocking-wythoff:2", Capability.GRUNDY_VALUES, False),
        ("misere:wythoff", Capability.MISERE, True),
        ("wythoff", Capability.MISERE, False),
        ("f-wythoff", Capability.SYMMETRY, True),
        ("nimhof:0,1/1,0/1,2", Capability.SYMMETRY, False),
        ("octal:0.07", Capability.HEAP_CODE, True),
        ("nim", Capability.HEAP_CODE, False),
        ("fraenkel-wythoff3", Capability.NIM_SUM_MOVES, True),
        ("wythoff3", Capability.NIM_SUM_MOVES, False),
        ("fraenkel-wythoff3", Capability.COMPILED, True),
        ("fibonacci-nim", Capability.COMPILED, False),
        ("e-wythoff", Capability.FIRST_ORDER, True),
        ("wythoff-terminal:2", Capability.FIRST_ORDER, True),
        ("f-wythoff", Capability.FIRST_ORDER, False),
        ("wythoff3", Capability.FIRST_ORDER, False),
        ("octal:0.07", Capability.FIRST_ORDER, False),
        ("misere:wythoff", Capability.FIRST_ORDER, False),
        ("wythoff+nim", Capability.FIRST_ORDER, False),
    ],
)
def test_capabilities_are_read_from_the_declarations(
    name: str, capability: Capability, expected: bool
) -> None:
    game = spec.get_game(name)
    assert has(game, capability) is expected
    reason = why_not(game, capability)
    assert (reason is None) is expected
    assert reason is None or (reason.startswith(game.describe()) and "\n" not in reason)


def test_the_first_order_form_lives_on_the_class_beside_its_kernel() -> None:
    terminal = spec.get_game("wythoff-terminal:4")
    assert isinstance(terminal, spec.TwoPileGame)
    assert terminal.compiled_terminal == "fast.engine:sum_at_most"
    assert first_order_form(terminal).terminal == "x + y <= 4"
    extra = spec.get_game("e-wythoff")
    assert isinstance(extra, spec.TwoPileGame)
    assert first_order_form(extra).formulas == extra.move_formulas != ()
    assert "division" in str(why_not(spec.get_game("f-wythoff"), Capability.FIRST_ORDER))


def test_a_terminal_kernel_without_its_formula_is_refused_by_name() -> None:
    game = spec.get_game("wythoff-terminal:2")
    assert isinstance(game, spec.TwoPileGame)
    game.terminal_formula = None
    message = "compiled_terminal fast.engine:sum_at_most has no"
    with pytest.raises(NotCovered, match=re.escape(message)):
        rule_of(game)


def test_the_spec_and_fast_kernel_tables_are_one_table() -> None:
    assert set(KERNEL_NAMES) == set(KERNELS)
    for name, function in KERNELS.items():
        module, _, attribute = name.partition(":")
        assert getattr(fast.engine, attribute) is function, name
        assert module == "fast.engine"


def test_a_kernel_name_outside_the_table_fails_at_import() -> None:
    with pytest.raises(ValueError, match=re.escape("not in spec.kernel_names.KERNEL_NAMES")):
        kernel("fast.engine:no_such_kernel")
    with pytest.raises(ValueError, match=re.escape("compiled_followers = 'fast.engine:typo'")):

        @spec.register_game
        class Misspelt(spec.TwoPileGame):
            name = "misspelt-kernel-test"
            compiled_followers = "fast.engine:typo"

            def followers(self, position: Any) -> Iterator[Any]:
                return iter(())

    assert "misspelt-kernel-test" not in spec.GAMES


def test_fast_loads_a_fast_name_only_through_its_table() -> None:
    class Stray(spec.TwoPileGame):
        name = "stray-kernel-test"
        move_rays = ((1, 0), (0, 1))

        def followers(self, position: Any) -> Iterator[Any]:
            x, y = position
            yield from ((x - k, y) for k in range(1, x + 1))
            yield from ((x, y - k) for k in range(1, y + 1))

    game = Stray()
    game.compiled_terminal = "fast.engine.forms:sum_at_most"  # a real function, not a name
    with pytest.raises(ValueError, match=re.escape("is not a kernel of fast.engine.forms.KERNELS")):
        fast.engine.compiled_rule(game)


def test_no_getattr_reads_of_a_game_outside_the_protocols() -> None:
    found = subprocess.run(
        ["git", "grep", "-nE", r"getattr\((game|subject), \"", "--", ":!tests"],
        cwd=ROOT,
        timeout=120,
        capture_output=True,
        text=True,
        check=False,
    )
    if found.returncode not in (0, 1):
        pytest.skip("not a git checkout")
    assert found.stdout == ""


def test_no_module_function_string_in_proofs_check() -> None:
    for path in (ROOT / "proofs_check").glob("*.py"):
        text = path.read_text(encoding="utf-8")
        for name in KERNEL_NAMES:
            assert name not in text, (path.name, name)
        assert "fast.engine" not in text, path.name


@pytest.mark.parametrize(
    ("name", "missing"),
    [
        ("wythoff3", "a game of three piles"),
        ("fraenkel-wythoff3", "a game of three piles"),
        ("f-wythoff", "needs division"),
        ("octal:0.07", "a game of one heap"),
        ("nim", "a game of one heap"),
        ("wythoff+nim", "no shape of piles"),
        ("misere:wythoff", "misère play"),
    ],
)
def test_prove_learn_refuses_a_game_without_a_first_order_form_in_one_line(
    capsys: pytest.CaptureFixture[str], name: str, missing: str
) -> None:
    code, out, err = cli(capsys, "prove", "--learn", name)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and "Traceback" not in err
    assert f"--learn = {name!r}" in err and missing in err
