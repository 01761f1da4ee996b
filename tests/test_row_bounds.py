"""reference.row_bounds: the row statement and the bounds behind the generic window certificate.

The bounds are derived from the statement and checked here on tables that
the spec computes (the oracle), for random NimHof rule sets, a-Wythoff and
E-Wythoff (its statement written as ``row_shifts``); false statements are
refused by the check against ``followers``.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import e_wythoff_spec
import pytest
from hypothesis import given
from hypothesis import strategies as st

import spec
from reference.row_bounds import (
    RowMoves,
    check_columns,
    moves_from_rays,
    row_bounds,
    row_moves,
)

ROWS, COLS = 5, 60


class EWythoff(e_wythoff_spec.EWythoff):
    """Ho's E-Wythoff (docs/adding-a-game.md), spec only, with its row statement."""

    name = "e-wythoff-test"

    def row_shifts(self, x: int) -> tuple[int, list[range]]:
        return x + 1, [range(d + 1) for d in range(1, x + 1)]


def _check_on_spec(game: Any, rows: int = ROWS, cols: int = COLS) -> None:
    moves = row_moves(game, rows)
    bounds = row_bounds(game, moves)
    for k in range(rows + 1):
        seen: set[int] = set()
        for y in range(cols):
            v = spec.grundy(game, (k, y))
            lo, hi = bounds.lower[k], bounds.upper[k]
            assert y - lo <= v <= y + hi, (k, y, v, lo, hi)
            assert all(u in seen for u in range(y - lo)), (k, y)  # every v < y - L_k seen
            assert v not in seen  # a row is a line
            seen.add(v)
            if y >= bounds.start:
                for u, w in game.followers((k, y)):
                    if u < k:
                        assert 0 <= y - w <= bounds.shift[k], ((k, y), (u, w))


rules = st.lists(
    st.tuples(st.integers(0, 3), st.integers(0, 3)).filter(lambda r: r != (0, 0)),
    min_size=0,
    max_size=3,
)


@given(rules)
def test_nimhof_rule_sets_with_row_moves(extra: list[tuple[int, int]]) -> None:
    _check_on_spec(spec.get_game("nimhof:" + "/".join(f"{a},{b}" for a, b in [(0, 1), *extra])))


@pytest.mark.parametrize("name", ["a-wythoff:2", "a-wythoff:3", "nimhof:0,1/1,0/1,1"])
def test_named_games(name: str) -> None:
    _check_on_spec(spec.get_game(name))


def test_e_wythoff_from_its_stated_row_shifts() -> None:
    _check_on_spec(EWythoff(), rows=6, cols=50)
    bounds = row_bounds(EWythoff(), row_moves(EWythoff(), 8))
    # L_k: the columns from the start, k + 1 + sum (d + 1), once below the all-column count
    assert bounds.lower == (0, 2, 6, 11, 18, 26, 34, 43, 53)
    assert all(lo == k + 1 + k * (k + 3) // 2 for k, lo in enumerate(bounds.lower) if k >= 5)
    assert bounds.upper == tuple(k * (k + 1) for k in range(9))  # the lower followers of (k, k)


def test_wythoff_bounds_are_landmans() -> None:
    bounds = row_bounds(spec.Wythoff(), moves_from_rays(((1, 0), (0, 1), (1, 1)), 6))
    assert bounds.lower == tuple(2 * k for k in range(7))  # 004 Lemma 2
    assert bounds.window == 4 * 6 + 1


def test_the_rays_statement_is_checked_against_followers() -> None:
    """Rays that miss a move of the game (Wythoff's rays for E-Wythoff) are refused."""
    moves = moves_from_rays(((1, 0), (0, 1), (1, 1)), 4)
    with pytest.raises(ValueError, match=r"the rays are false: the followers of \(2, 3\) in row 0"):
        row_bounds(EWythoff(), moves)


class _Tampered(EWythoff):
    def __init__(self, statement: Any) -> None:
        super().__init__()
        self.statement = statement

    def row_shifts(self, x: int) -> Any:
        return self.statement(x)


@pytest.mark.parametrize(
    "statement, message",
    [
        # the diagonal shift d left out
        (lambda x: (x + 1, [range(d) for d in range(1, x + 1)]),
         r"in row 0 have the column shifts \[0, 1\], the statement says \[0\]"),
        # one shift too many
        (lambda x: (x + 1, [range(d + 2) for d in range(1, x + 1)]), "the statement says"),
        # from column x on: at y = x either pile is the smaller (more moves)
        (lambda x: (x, [range(d + 1) for d in range(1, x + 1)]), r"the followers of \(2, 2\)"),
    ],
)  # fmt: skip
def test_false_statements_are_refused(statement: Any, message: str) -> None:
    game = _Tampered(statement)
    with pytest.raises(ValueError, match=message):
        row_bounds(game, row_moves(game, 4))


def test_a_statement_false_far_out_is_caught_where_the_certificate_looks() -> None:
    """A move that appears only from column 500 on passes the first check, not check_columns."""

    class Late(EWythoff):
        def followers(self, position: Any) -> Iterator[tuple[int, int]]:
            yield from super().followers(position)
            x, y = position
            if x >= 1 and y >= 500:
                yield (x - 1, y - 7)

    game = Late()
    moves = row_moves(game, 3)
    row_bounds(game, moves)  # columns < 73: true there
    check_columns(game, moves, [100, 200])
    with pytest.raises(ValueError, match=r"\(1, 600\) in row 0 have the column shifts \[0, 1, 7\]"):
        check_columns(game, moves, [600])


def test_a_row_statement_for_rows_that_are_not_lines_is_refused() -> None:
    game = spec.get_game("nimhof:1,0/1,1")

    class Stated:
        def followers(self, position: Any) -> Any:
            return game.followers(position)

        def row_shifts(self, x: int) -> Any:
            return x + 1, [[0, d] for d in range(1, x + 1)]

    with pytest.raises(ValueError, match=r"has no move to \(0, 0\)"):
        row_bounds(Stated(), row_moves(Stated(), 2))


@pytest.mark.parametrize(
    "rays, reason",
    [
        (((1, 0), (1, 1)), "no unguarded ray (0, 1)"),
        (((0, 1, 0, 1, "y>=x"), (1, 0)), "no unguarded ray (0, 1)"),
        (((0, 1), (1, 0, 0, 1)), "unbounded"),
    ],
)
def test_rays_outside_the_condition(rays: Any, reason: str) -> None:
    with pytest.raises(ValueError, match=reason.replace("(", r"\(").replace(")", r"\)")):
        moves_from_rays(rays, 4)


def test_guarded_rays_count_only_past_the_square() -> None:
    moves = moves_from_rays(((0, 1), (1, 0, 1, 0, "x>=y"), (1, 1, 1, 1, "y>x")), 2)
    assert moves.start == (1, 2, 3) and moves.shifts[2] == ((1,), (2,))


def test_what_gives_no_statement() -> None:
    class Partial:
        move_rays = ((1, 0), (0, 1), (1, 1))
        compiled_regions = "m:r"

    with pytest.raises(ValueError, match="only part of its rule"):
        row_moves(Partial(), 3)
    with pytest.raises(ValueError, match="states no row_shifts and has no move_rays"):
        row_moves(spec.FibonacciNim(), 3)

    class Malformed:
        def row_shifts(self, x: int) -> Any:
            return x + 1, [range(d + 1) for d in range(1, x)]  # one set too few

    with pytest.raises(ValueError, match=r"row_shifts\(1\) must give 1 sets"):
        row_moves(Malformed(), 2)


def test_the_check_refuses_to_read_too_much() -> None:
    moves = RowMoves(2, (0, 1, 10**6), ((), ((0,),), ((0,), (0,))), "a statement")
    with pytest.raises(ValueError, match="would read about"):
        row_bounds(EWythoff(), moves)


def test_bad_rows() -> None:
    with pytest.raises(ValueError, match="rows must be"):
        moves_from_rays(((0, 1),), -1)
