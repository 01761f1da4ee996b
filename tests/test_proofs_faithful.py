"""Games into sentences, faithful or refused (issue 44, item 4).

Games written through the documented Python API ("How to prove a statement about your own
game", docs/proofs.md) whose declaration is not their definition: each is refused by the
generator in one line naming the capability; every covered game (plugins included) passes,
and the generator's move predicates are its followers on a square.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from cli_capture import cli

from proofs_check import faithful
from proofs_check.automatic import NotCovered, rule_of
from spec import get_game
from spec.game import FAMILIES, ImpartialGame, Position, TwoPileGame
from spec.game import GAMES as GAME_CLASSES
from spec.variants import WythoffPass

#: Every registered game and family example, and more members of the families.
GAMES = sorted({*GAME_CLASSES, *(f.example for f in FAMILIES.values() if f.example)} | {
    "wythoff-pass", "wythoff-terminal:1", "wythoff-terminal:4", "blocking-wythoff:3",
    "nimhof:1,0/0,1/1,2", "a-wythoff:1"})  # fmt: skip
#: The words of a faithfulness refusal (never one of a registered game's).
UNFAITHFUL = ("are not its followers", "negative component", "p + q = 0", "pass cycle",
              "does not lower", "misère")  # fmt: skip


def _one_pile_moves(position: Position) -> Iterator[Position]:
    """Any number of tokens from one of the two piles."""
    x, y = position
    yield from ((u, y) for u in range(x))
    yield from ((x, v) for v in range(y))


class _Rays(TwoPileGame):
    """A game on two piles whose followers are Wythoff's moves; ``move_rays`` set per test."""

    name = "my-game"

    def __init__(self, rays: tuple[tuple[int | str, ...], ...]) -> None:
        super().__init__()
        self.move_rays = rays

    def describe(self) -> str:
        return self.name

    def followers(self, position: Position) -> Iterator[Position]:
        x, y = position
        yield from _one_pile_moves(position)
        yield from ((x - i, y - i) for i in range(1, min(x, y) + 1))


def _refused(game: ImpartialGame, match: str) -> str:
    with pytest.raises(NotCovered, match=match) as error:
        rule_of(game)
    assert "\n" not in str(error.value)
    return str(error.value)


def test_rays_that_omit_a_move_the_followers_make_are_refused() -> None:
    text = _refused(_Rays(((1, 0), (0, 1))), "are not its followers at")
    assert "followers only [(0, 0)]" in text and "at (1, 1)" in text  # the diagonal's first move


def test_rays_with_a_move_the_followers_do_not_make_are_refused() -> None:
    _refused(_Rays(((1, 0), (0, 1), (1, 1), (1, 2))), r"declared only \[\(0, 0\)\]")


def test_the_same_rays_as_the_followers_are_accepted() -> None:
    assert len(rule_of(_Rays(((1, 0), (0, 1), (1, 1)))).moves) == 3


def test_a_negative_ray_component_and_p_plus_q_zero_are_refused() -> None:
    _refused(_Rays(((1, 0), (0, 1), (1, 1), (1, -1, 1, -1))), "negative component")
    _refused(_Rays(((1, 0), (0, 1), (1, 1), (0, 0, 1, 1))), r"p \+ q = 0")


def test_a_three_pile_game_is_refused_naming_its_piles(capsys: pytest.CaptureFixture[str]) -> None:
    _refused(get_game("wythoff3"), "a game of three piles")
    code, _, err = cli(capsys, "prove", "--learn", "wythoff3")
    assert code == 2 and len(err.strip().splitlines()) == 1 and "three piles" in err


def test_misere_play_is_refused_through_the_api_and_the_cli(
    capsys: pytest.CaptureFixture[str],
) -> None:
    _refused(get_game("misere:wythoff"), "misère play")
    code, out, err = cli(capsys, "prove", "--learn", "misere:wythoff")
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1
    assert "misère play" in err and "Traceback" not in err


class _BothWays(WythoffPass):
    """The pass game with passes declared in both directions (a pass cycle)."""

    def __init__(self) -> None:
        super().__init__(1)
        self.state_moves = ((1, 0), (0, 1))


class _Forward(WythoffPass):
    """The pass declared to a later state, followers unchanged."""

    def __init__(self) -> None:
        super().__init__(1)
        self.states = (1, 0)


def test_passes_in_both_directions_or_to_a_later_state_are_refused() -> None:
    _refused(_BothWays(), "pass cycle")
    _refused(_Forward(), "pass cycle")


class _WrongTerminal(TwoPileGame):
    """Declares the terminal set x + y <= 2, but its followers end at x + y <= 1."""

    name = "wrong-terminal"
    move_rays = ((1, 0), (0, 1), (1, 1))
    compiled_terminal = "fast.engine:sum_at_most"
    terminal_parameters = (2,)
    terminal_formula = "x + y <= 2"  # beside its kernel, as the spec states it

    def describe(self) -> str:
        return self.name

    def followers(self, position: Position) -> Iterator[Position]:
        if sum(position) > 1:
            yield from _Rays(()).followers(position)


def test_a_terminal_set_that_is_not_the_followers_is_refused() -> None:
    _refused(_WrongTerminal(), r"at \(0, 2\)")


class _Raising(TwoPileGame):
    """A move form that raises a pile (no ray could): refused as not lowering x + y."""

    name = "raising"
    move_rays = ((1, 0), (0, 1))
    move_formulas = ("u = x + 1 & v + 1 = y",)

    def describe(self) -> str:
        return self.name

    def followers(self, position: Position) -> Iterator[Position]:
        x, y = position
        yield from _one_pile_moves(position)
        if y >= 1:
            yield (x + 1, y - 1)


def test_moves_that_lower_no_common_measure_are_refused() -> None:
    """x + y is kept, x raised, y lowered, and the rays lower x or y but not both: no measure
    (x + y, x or y) is lowered by every move."""
    _refused(_Raising(), r"no measure \(x \+ y, x or y\) is lowered by every move")


def test_fibonacci_nims_move_keeps_n_plus_r_but_lowers_n() -> None:
    """(n, r) -> (n - k, 2k) keeps n + r when k = r: the measure is x (n), and the rule is
    accepted (its predicates are compared with the followers like every game's)."""
    from decider import Theory

    rule = rule_of(get_game("fibonacci-nim"))
    theory = Theory()
    for m in rule.moves:
        theory.define(m.name, "u v x y", m.formula)
    assert faithful.measure(theory, rule) == "x"


def test_the_far_cells_are_compared_both_ways_round(monkeypatch: pytest.MonkeyPatch) -> None:
    class _FarWrong(_Rays):
        def followers(self, position: Position) -> Iterator[Position]:
            x, y = position
            found = list(super().followers(position))
            yield from (f for f in found if not (x > 100 and f == (0, y)))

    monkeypatch.setattr(faithful, "SQUARE_SIDE", 4)  # the square cannot see it
    _refused(_FarWrong(((1, 0), (0, 1), (1, 1))), r"declared only \[\(0, \d+\)\]")


@pytest.mark.parametrize("game", GAMES)
def test_every_covered_game_s_move_predicates_are_its_followers(game: str) -> None:
    """The predicates m<i> (what the sentences read) against the spec's followers, every cell
    of a 20 x 20 square (each state), through the automata themselves; a game not covered is
    refused for a capability, never for unfaithfulness."""
    from decider import Theory

    spec = get_game(game)
    try:
        rule = rule_of(spec)
    except NotCovered as error:
        assert not any(word in str(error) for word in UNFAITHFUL), str(error)
        return
    theory = Theory()
    rule.define(theory)
    cells = [(x, y) for x in range(20) for y in range(20)]
    positions = [(x, y, s) for x, y in cells for s in rule.states] if rule.states else cells
    declared = faithful._declared(theory, rule, cells)
    for position, mine in zip(positions, declared, strict=True):
        assert mine == set(spec.followers(position)), position


def test_plugin_games_are_checked_too() -> None:
    """A plugin's game (registered at run time) is read and compared like a built-in one."""
    from spec.game import GAMES, register_game

    @register_game
    class _Plugin(_Rays):
        name = "faithful-plugin-test"

        def __init__(self) -> None:
            super().__init__(((1, 0), (0, 1), (1, 1)))

    try:
        assert len(rule_of(get_game("faithful-plugin-test")).moves) == 3
    finally:
        GAMES.pop("faithful-plugin-test", None)


def test_learning_a_value_of_a_parametrised_game_reads_its_file_safe_id() -> None:
    from proofs_check.discovery import AUTOMATA, theorem_for

    theorem = theorem_for("wythoff-terminal:2", 1)
    assert theorem.automata == (("c0", "wythoff-terminal-2-value-0.txt"),)
    assert (AUTOMATA / theorem.automata[0][1]).exists()


@pytest.mark.parametrize(
    ("argv", "match"),
    [(["--learn", "blocking-wythoff:2", "--value", "1"], "outcomes only"),
     (["wythoff-p", "--points", str(10**23)], "past the limit of")],
)  # fmt: skip
def test_a_value_of_an_outcome_game_and_a_huge_square_are_refused_in_one_line(
    capsys: pytest.CaptureFixture[str], argv: list[str], match: str
) -> None:
    code, out, err = cli(capsys, "prove", *argv)
    assert code == 2 and out == "" and len(err.strip().splitlines()) == 1 and match in err


def test_each_theorem_carries_the_cell_its_twin_leaves_out() -> None:
    from proofs_check.theorems import THEOREMS, Theorem

    for theorem in THEOREMS.values():  # (a one-heap word theorem's twin changes a letter)
        if isinstance(theorem, Theorem) and theorem.twin_of is None:
            assert theorem.twin_cell is not None
            x, y = theorem.twin_cell
            twin = THEOREMS[f"{theorem.id}-twin"]
            assert twin.definitions[-1][2].endswith(f"~(x = {x} & y = {y})")
