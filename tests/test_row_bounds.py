"""reference.row_bounds: the row bounds behind the generic window certificate.

The bounds are derived from the rules; here they are checked on tables that
the spec computes (the oracle), for random NimHof rule sets and a-Wythoff.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import spec
from reference.row_bounds import row_bounds

ROWS, COLS = 5, 60


def _check_on_spec(game: spec.ImpartialGame, rays: object) -> None:
    bounds = row_bounds(rays, ROWS)
    assert bounds.reason is None
    for k in range(ROWS + 1):
        seen: set[int] = set()
        for y in range(COLS):
            v = spec.grundy(game, (k, y))
            b = bounds.blocks[k]
            assert y - b <= v <= y + b, (k, y, v, b)
            assert all(u in seen for u in range(y - b)), (k, y)  # every v < y - B_k seen
            assert v not in seen  # a row is a line
            seen.add(v)
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
    game = spec.get_game("nimhof:" + "/".join(f"{a},{b}" for a, b in [(0, 1), *extra]))
    rays = game.move_rays  # type: ignore[attr-defined]
    _check_on_spec(game, rays)


@pytest.mark.parametrize("name", ["wythoff", "a-wythoff:2", "a-wythoff:3"])
def test_named_games(name: str) -> None:
    game = spec.get_game(name)
    rays = getattr(game, "move_rays", None) or ((1, 0), (0, 1), (1, 1))
    _check_on_spec(game, rays)


def test_wythoff_lower_bound_is_landmans() -> None:
    assert row_bounds(((1, 0), (0, 1), (1, 1)), 6).blocks == [2 * k for k in range(7)]


@pytest.mark.parametrize(
    "rays, reason",
    [
        (((1, 0), (1, 1)), "no unguarded ray (0, 1)"),
        (((0, 1, 0, 1, "y>=x"), (1, 0)), "no unguarded ray (0, 1)"),
        (((0, 1), (1, 0, 0, 1)), "unbounded"),
    ],
)
def test_games_outside_the_condition(rays: object, reason: str) -> None:
    bounds = row_bounds(rays, 4)
    assert bounds.reason is not None and reason in bounds.reason
    with pytest.raises(ValueError, match="no window"):
        _ = bounds.window


def test_bad_rows() -> None:
    with pytest.raises(ValueError, match="rows must be"):
        row_bounds(((0, 1),), -1)
