"""The greedy over rows: reference against the spec, fast against the reference, its reach.

The spec oracle is a game written from the rule's definition (its followers:
the row to the left, the column below, the diagonal rays, the passes),
valued by the generic solver; ``reference.row_greedy`` is compared with it
on hypothesis-drawn rules, and ``fast.row_greedy`` with the reference.
"""

from __future__ import annotations

from collections.abc import Iterator
from math import isqrt
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import fast.row_greedy
import reference.row_greedy
import spec
from grundy.cli import main
from grundy.oeis import sequence
from reference.row_greedy import GreedyRule
from registry import ask
from registry.ppositions import greedy_rule, point_blocks, spec_points


class _Defined(spec.StateGame):
    """A game written from a GreedyRule's definition, for the spec to value."""

    name = "test-greedy-definition"

    def __init__(self, rule: GreedyRule) -> None:
        super().__init__()
        self.rule = rule
        self.states = tuple(range(rule.layers))
        if rule.k > 1:
            self.outcome_rule = spec.CountingRule(rule.k)

    def followers(self, position: spec.Position) -> Iterator[spec.Position]:
        x, y, s = position
        seen = set()
        for v in range(y):
            seen.add((x, v))
        for u in range(x):
            seen.add((u, y))
        for p, q in self.rule.diagonals:
            u, v = x - p, y - q
            while u >= 0 and v >= 0:
                seen.add((u, v))
                u, v = u - 1, v - 1
        yield from ((u, v, s) for u, v in seen)
        if (x, y) != (0, 0) or self.rule.from_origin:
            yield from ((x, y, t) for t in self.rule.passes[s])


def _spec_pairs(rule: GreedyRule, rows: int) -> list[list[tuple[int, int]]]:
    game = _Defined(rule)
    cols = 4 * rows + 16
    table = spec.grundy_table(game, rows, cols)
    return [
        [(x, y) for x in range(rows) for y in range(x, cols) if table[s][x][y] == 0]
        for s in range(rule.layers)
    ]


@st.composite
def rules(draw: Any, counting: bool = True) -> GreedyRule:
    """A rule of the greedy's shape: symmetric diagonal rays, k, layers and passes."""
    offsets = draw(
        st.lists(st.tuples(st.integers(0, 3), st.integers(0, 3)), min_size=0, max_size=3)
    )
    diagonals = sorted(
        {(p, q) for p, q in offsets if p + q} | {(q, p) for p, q in offsets if p + q}
    )
    k = draw(st.integers(1, 4)) if counting else 1
    if k > 1:  # a counting rule counts each option once: no ray may meet another
        kept: list[tuple[int, int]] = []
        for p, q in diagonals:
            if p and q and all(q - p != b - a for a, b in kept):
                kept.append((p, q))
        diagonals = kept
    layers = draw(st.integers(1, 3))
    passes = tuple(
        tuple(sorted(draw(st.sets(st.integers(0, s - 1), max_size=s)))) if s else ()
        for s in range(layers)
    )
    from_origin = draw(st.booleans())
    return GreedyRule(tuple(diagonals), k, layers, passes, from_origin)


class TestReferenceAgainstTheSpec:
    @settings(max_examples=25, deadline=None)
    @given(rule=rules(), rows=st.integers(0, 9))
    def test_drawn_rules(self, rule: GreedyRule, rows: int) -> None:
        got = reference.row_greedy.p_positions(rule, rows)
        assert [got.pairs(s) for s in range(rule.layers)] == _spec_pairs(rule, rows)

    @pytest.mark.parametrize(
        "name", ["wythoff", "a-wythoff:2", "a-wythoff:3", "wythoff-pass:2", "blocking-wythoff:4"]
    )
    def test_built_in_games(self, name: str) -> None:
        rule = greedy_rule(name)
        got = reference.row_greedy.p_positions(rule, 14)
        expected = spec_points(name, 14)
        assert [got.pairs(s) for s in range(rule.layers)] == [
            expected.pairs(s) for s in range(rule.layers)
        ]

    def test_wsg_mode_gives_wythoffs_g_points(self) -> None:
        """Passes to every earlier layer, also at (0, 0): layer h is T_h (000 §2.1, WSG)."""
        from reference.wsg import wsg

        rule = GreedyRule(((1, 1),), 1, 4, ((), (0,), (0, 1), (0, 1, 2)), True)
        got = reference.row_greedy.p_positions(rule, 30)
        assert [got.pairs(h) for h in range(4)] == wsg(3, 30).T

    def test_bad_rules_are_refused(self) -> None:
        with pytest.raises(ValueError, match="not symmetric"):
            GreedyRule(((2, 1),))
        with pytest.raises(ValueError, match="earlier layer"):
            GreedyRule(((1, 1),), layers=2, passes=((), (1,)))
        with pytest.raises(ValueError, match=r"k = 0 must be"):
            GreedyRule(((1, 1),), k=0)
        with pytest.raises(ValueError, match="rows must be an int >= 0"):
            reference.row_greedy.p_positions(GreedyRule(((1, 1),)), -1)


class TestFastAgainstTheReference:
    @settings(max_examples=40, deadline=None)
    @given(rule=rules(), rows=st.integers(0, 120))
    def test_drawn_rules(self, rule: GreedyRule, rows: int) -> None:
        one = reference.row_greedy.p_positions(rule, rows)
        two = fast.row_greedy.p_positions(rule, rows)
        assert [one.pairs(s) for s in range(rule.layers)] == [
            two.pairs(s) for s in range(rule.layers)
        ]

    @pytest.mark.nojit
    def test_trees_grow_and_rows_resume(self) -> None:
        """A state sized for 10 rows decides 150: its trees double, each row once."""
        rule = GreedyRule(((1, 1), (2, 1), (1, 2)), k=2)
        state = fast.row_greedy.GreedyState(rule, 10)
        small = state.leaves
        cols = state.advance(150)
        assert state.leaves > small
        got = [(r, int(b)) for r in range(150) for b in cols[r, 0] if b >= 0]
        assert got == reference.row_greedy.p_positions(rule, 150).pairs(0)

    def test_blocks_are_bounded_and_reported(self) -> None:
        """Ctrl-C protocol: the kernel returns between blocks (block time injected)."""
        done: list[int] = []
        blocks = list(
            fast.row_greedy.row_blocks(
                GreedyRule(((1, 1),)), 5000, block_seconds=0.0, progress=lambda d, n: done.append(d)
            )
        )
        assert len(blocks) > 1 and done[-1] == 5000 and done == sorted(done)

    def test_memory_is_checked_first(self) -> None:
        with pytest.raises(MemoryError, match="row greedy's state"):
            fast.row_greedy.p_positions(GreedyRule(((1, 1),)), 10**13)


class TestWhichGames:
    @pytest.mark.parametrize(
        ("name", "needle"),
        [
            ("r-wythoff", "rays without guards"),
            ("f-wythoff", "move_rays alone"),
            ("nimhof:1,0/1,1", "every move along the row and the column"),
            ("nimhof:0,1/1,0/1,2", r"diagonal rays \(p, q, 1, 1\) only"),
            ("wythoff-terminal:2", "move_rays alone"),
            ("fibonacci-nim", "no compiled form"),
            ("nim", "two-pile games"),
        ],
    )
    def test_games_outside_the_shape_are_refused(self, name: str, needle: str) -> None:
        with pytest.raises(ValueError, match=needle):
            greedy_rule(name)

    def test_games_of_the_shape(self) -> None:
        assert greedy_rule("a-wythoff:2").diagonals == ((1, 1), (1, 2), (2, 1))
        assert greedy_rule("blocking-wythoff:5").k == 5
        assert greedy_rule("wythoff-pass:3").passes == ((), (0,), (1,), (2,))

    def test_the_question_answers_with_the_fast_twin(self) -> None:
        assert ask("p-positions", "wythoff-pass", rows=5).pairs(1) == [
            (0, 0), (1, 3), (2, 5), (4, 8)
        ]  # fmt: skip

    def test_streaming_blocks_hold_every_row(self) -> None:
        rows = [
            (r0 + i, c.tolist())
            for r0, cols in point_blocks("wythoff", 6)
            for i, c in enumerate(cols[:, 0, 0])
        ]
        assert rows == [(0, 0), (1, 2), (2, -1), (3, 5), (4, 7), (5, -1)]


class TestSequences:
    def test_a001952_by_its_definition(self) -> None:
        """OEIS A001952: a(n) = floor(n (2 + sqrt 2)) = 2n + isqrt(2 n^2), n >= 1 (exact)."""
        got = sequence("a-wythoff:2", "upper-p", 20_000, offset=1)
        assert got.terms == [2 * n + isqrt(2 * n * n) for n in range(1, 20_001)]
        assert got.method == "row greedy (fast.row_greedy)"

    def test_zeros_outside_wythoff(self) -> None:
        got = sequence("a-wythoff:3", "zeros", 40)
        table = np.array(spec.grundy_table(spec.get_game("a-wythoff:3"), 40, 200))
        assert got.terms == [int(np.flatnonzero(table[n] == 0)[0]) for n in range(40)]
        assert "greedy" in got.method

    def test_the_b_file_on_the_command_line(
        self, tmp_path: Any, capsys: pytest.CaptureFixture[str]
    ) -> None:
        out = tmp_path / "b.txt"
        code = main(
            ["sequence", "a-wythoff:2", "upper-p", "--offset", "1", "--terms", "10000",
             "--bfile", str(out)]
        )  # fmt: skip
        assert code == 0
        lines = out.read_text().splitlines()
        assert lines == [f"{n} {2 * n + isqrt(2 * n * n)}" for n in range(1, 10_001)]
        assert "row greedy" in capsys.readouterr().out

    def test_zeros_of_a_blocking_game_are_refused(self) -> None:
        with pytest.raises(ValueError, match="every row holds 2 P-positions"):
            sequence("blocking-wythoff:2", "zeros", 5)
