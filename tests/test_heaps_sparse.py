"""The sparse-space method of one-heap games (issue 38 item 1): the same values as the spec
and as the plain XOR-convolution, for any split of the values, and chosen where it pays.

The method is exact for every mask (a value of the parity two common heaps cannot make
needs a rare heap); a mask only changes its speed, so the tests give it small probes (the
mask then comes from few values, often a poor one) and codes with and without a sparse
space.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import fast.heaps
import reference.heaps
import spec
from registry import question
from registry.heaps import heap_code

#: Splitting codes: Dawson's Kayles, 0.137, Kayles (no sparse space), Officers, a digit before
#: the point, codes with a sparse space in the range (0.16, 0.44) or in the domain (0.051).
CODES = ["octal:0.07", "octal:0.137", "octal:0.77", "octal:0.6", "octal:4.007", "octal:0.16",
         "octal:0.44", "octal:0.165", "octal:0.4", "octal:0.54", "octal:0.051"]  # fmt: skip


@settings(max_examples=40, deadline=None)
@given(name=st.sampled_from(CODES), probe=st.integers(2, 80), terms=st.integers(0, 300))
def test_sparse_equals_the_spec(name: str, probe: int, terms: int) -> None:
    game = spec.get_game(name)
    code = heap_code(game)
    assert code is not None
    got = fast.heaps.nim_sequence_sparse(code, terms, probe=probe)
    assert got.tolist() == spec.nim_sequence(game, terms)


@settings(max_examples=25, deadline=None)
@given(
    digits=st.lists(st.integers(0, 7), min_size=1, max_size=4),
    before=st.sampled_from([0, 4]),
    probe=st.integers(2, 50),
)
def test_sparse_equals_the_spec_for_any_code(digits: list[int], before: int, probe: int) -> None:
    text = f"{before}." + "".join(map(str, digits))
    try:
        game = spec.get_game(f"octal:{text}")
    except ValueError:  # no move
        return
    code = heap_code(game)
    assert code is not None
    got = fast.heaps.nim_sequence_sparse(code, 250, probe=probe)
    assert got.tolist() == spec.nim_sequence(game, 250)


@pytest.mark.parametrize("container", [list, np.uint16, np.int64])
@settings(max_examples=80, deadline=None)
@given(
    name=st.sampled_from(["octal:0.07", "octal:0.6", "subtraction:1,3,4", "octal:4.007"]),
    head=st.lists(st.integers(0, 3), max_size=12),
    block=st.lists(st.integers(0, 2), min_size=1, max_size=6),
    repeats=st.integers(1, 40),
    shift=st.integers(-3, 2),
    times=st.integers(0, 3),
)
def test_check_period_is_the_reference_in_numpy(
    container: type, name: str, head: list[int], block: list[int], repeats: int, shift: int,
    times: int,
) -> None:  # fmt: skip
    """fast.heaps.check_period answers as reference.heaps.check_period (a list or an array)
    on eventually periodic values and claims near the truth (a multiple of the block's
    length, or 0, from about the head's end): holding, not least either way, not periodic,
    too few values, invalid. least_preperiod is one past the last difference."""
    code = heap_code(spec.get_game(name))
    assert code is not None
    values = head + block * repeats
    preperiod, period = len(head) + shift, len(block) * times
    given: Any = values if container is list else np.array(values, dtype=container)
    expected = reference.heaps.check_period(values, code, preperiod, period)
    assert fast.heaps.check_period(given, code, preperiod, period) == expected
    if 1 <= period < len(values):
        stop = len(values) - period
        last = [n for n in range(stop) if values[n + period] != values[n]]
        assert fast.heaps.least_preperiod(given, period, stop) == (last[-1] + 1 if last else 0)


@pytest.mark.parametrize("name", CODES)
def test_sparse_equals_the_plain_convolution(name: str) -> None:
    code = heap_code(spec.get_game(name))
    assert code is not None
    plain = fast.heaps.nim_sequence(code, 6000)
    sparse = fast.heaps.nim_sequence_sparse(code, 6000, probe=512)
    assert sparse.dtype == plain.dtype
    assert np.array_equal(sparse, plain)


def test_the_mask_comes_from_the_values() -> None:
    """Officers' rare values, under the mask found from its values, thin out: under 2 % of
    the last half of 2 * 10^4 terms (under a mask of one bit, about half would be rare)."""
    values = fast.heaps.nim_sequence((0, 6), 20000)
    mask, domain = fast.heaps.rare_mask(values[10000:], (0, 6), 10000)
    rare = fast.heaps._rare(values, (0, 6), mask, domain)
    assert rare[10000:].mean() < 0.02
    assert fast.heaps._rare(values, (0, 6), 1, 0)[10000:].mean() > 0.2


def test_flammenkamps_sparse_positions_of_0_051() -> None:
    """A. Flammenkamp's example (wwwhomes.uni-bielefeld.de/achim/octal_sparse.html): for .051
    and the bitstring 111..., a position n is sparse iff the parity of G(n) & 7 is (n - t) & 1,
    t = 2, and the sparse positions are 0, 3, 7, 13, 17, 27 and 37. The mask chosen from the
    values is that split, in the domain."""
    code = (0, 0, 5, 1)
    values = fast.heaps.nim_sequence(code, 4000)
    assert fast.heaps.rare_mask(values[2000:], code, 2000) == (7, 1)
    rare = fast.heaps._rare(values, code, 7, 1)
    assert np.flatnonzero(rare).tolist() == [0, 3, 7, 13, 17, 27, 37]


def test_the_door_takes_the_sparse_method_only_where_it_pays() -> None:
    officers = question("nim-sequence", spec.get_game("octal:0.6"))
    assert officers.choose(terms=10**6, budget=1e9).name == "fast.heaps.sparse"
    assert officers.choose(terms=1000).name == "fast.heaps"  # within the plain probe
    dawson = question("nim-sequence", spec.get_game("octal:0.07"))  # no sparse space
    assert dawson.choose(terms=10**5, budget=1e9).name == "fast.heaps"
    nim = question("nim-sequence", spec.get_game("subtraction:1,3,4"))
    assert nim.choose(terms=10**6).name == "fast.heaps"


@pytest.mark.parametrize("name", ["octal:0.6", "octal:0.007", "octal:4.007"])
def test_the_blocked_kernel_widens_its_table_and_keeps_the_values(name: str) -> None:
    """From a probe of 2 the table starts 2 values wide and doubles (the mask re-chosen each
    time) up to the game's range: the values stay the plain convolution's, past many blocks."""
    code = heap_code(spec.get_game(name))
    assert code is not None
    got = fast.heaps.nim_sequence_sparse(code, 12000, probe=2)
    assert np.array_equal(got, fast.heaps.nim_sequence(code, 12000))
    assert int(got.max()) > 64  # the table was widened five times at least
