"""A symmetric game's compiled tables are checked whole for symmetry before a value is
answered ``exact`` (issue 49 item 3): a Wythoff plugin whose compiled rule differs from its
``followers`` at one cell beyond the sampled square is refused, naming the cell and the rule,
in both orientations; the same rule without the defect answers."""

from __future__ import annotations

import numba
import numpy as np
import pytest

import grundy
import spec
from fast.engine import check_cells, check_symmetric
from fast.strip import rectangle

#: The cell where the compiled rule has one move more than the definition: (988, 696), whose
#: Wythoff value equals the cell's, so the cell's value changes (1336 -> 1339).
BAD = (990, 697)


@numba.njit
def one_far_move(x, y, out):  # type: ignore[no-untyped-def]
    if x == 990 and y == 697:
        out[0, 0] = 988
        out[0, 1] = 696
        return 1
    return 0


class _FarWythoff(spec.TwoPileGame):
    rules = "Wythoff's moves"
    source = "tests/test_engine_symmetry.py"
    move_rays = ((1, 0), (0, 1), (1, 1))
    compiled_followers = one_far_move

    def followers(self, position):  # type: ignore[no-untyped-def]
        yield from spec.Wythoff().followers(position)


@spec.register_game
class SymmetricFar(_FarWythoff):
    """Declares G(x, y) = G(y, x): its tables are checked whole."""

    name = "test-symmetric-far"
    symmetric = True


def test_the_defect_is_beyond_the_sampled_cells() -> None:
    square, spread = check_cells(991, 991)
    assert BAD not in square and BAD not in spread and BAD[::-1] not in spread
    wythoff = rectangle("wythoff", 991, 991, dtype=np.int64)
    assert wythoff[988, 696] == wythoff[BAD] == 1336


@pytest.mark.parametrize("position", [BAD, BAD[::-1]])
def test_a_far_defect_is_refused_in_both_orientations(position: tuple[int, int]) -> None:
    with pytest.raises(ValueError, match=r"test-symmetric-far is refused.*G\(697, 990\) = 1336 "
                                         r"and G\(990, 697\) = 1339"):  # fmt: skip
        grundy.value("test-symmetric-far", position, method="table")


def test_far_from_the_square_the_oriented_block_answers() -> None:
    """(1000, 5): the square would cost 167 times the block of rows 0..5; the oriented block
    answers (its square part checked)."""
    found = grundy.value("test-symmetric-far", (1000, 5), method="table")
    assert found.value == 1002 and found.certificate.kind == "exact"


def test_the_check_names_the_first_cell_and_each_layer() -> None:
    table = np.zeros((2, 3, 3), dtype=np.int64)
    check_symmetric(table, "g")
    table[1, 2, 0] = 7
    with pytest.raises(ValueError, match=r"G\(0, 2\) = 0 and G\(2, 0\) = 7 \(layer 1\)"):
        check_symmetric(table, "g")
