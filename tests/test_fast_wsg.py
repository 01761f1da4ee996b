"""fast.wsg / fast.fwsg: the greedy kernel against the spec and the reference."""

from __future__ import annotations

from functools import cache

import brute_force
import numpy as np
import pytest
from hypothesis import example, given
from strategies import g_and_rows, sizes

import floor.memory
import reference.fwsg
import reference.wsg
from fast._greedy import GreedyState, state_bytes
from fast.fwsg import fwsg, fwsg_rows
from fast.wsg import GreedyResult, wsg, wsg_rows
from registry import get_question
from registry.sequences import PointSequences, compare_points, spec_points

G_MAX, ROWS_MAX = 8, 80
GAMES = ("wythoff", "f-wythoff")


@cache
def oracle(game: str) -> PointSequences:
    return spec_points(game, G_MAX, ROWS_MAX)


def _question(game: str):  # type: ignore[no-untyped-def]
    question = get_question("g-points", game)
    assert question is not None
    return question


#: Every quick implementation but the oracle itself.
IMPLEMENTATIONS = [
    pytest.param(game, impl, id=f"{game}-{impl.name}")
    for game in GAMES
    for impl in _question(game).implementations
    if impl.quick and impl.layer != "spec"
]


@pytest.mark.parametrize("game", GAMES)
def test_the_oracle_against_brute_force(game: str) -> None:
    """The spec's g-points (and its registered door) against a table sharing no code with it."""
    table = brute_force.grundy_table(game, ROWS_MAX, 2 * ROWS_MAX + G_MAX + 1)
    assert [list(t) for t in oracle(game).T] == [
        brute_force.g_points(table, h) for h in range(G_MAX + 1)
    ]
    (door,) = [i for i in _question(game).implementations if i.layer == "spec"]
    small = brute_force.grundy_table(game, 9, 9 * 2 + 4 + 1)
    assert [list(t) for t in door.answer(g=4, rows=9).T] == [
        brute_force.g_points(small, h) for h in range(5)
    ]


@pytest.mark.parametrize(("game", "impl"), IMPLEMENTATIONS)
@given(g_rows=g_and_rows(G_MAX, 50))
@example(g_rows=(4, 9))  # 003's 4-values example
@example(g_rows=(0, 0))
@example(g_rows=(G_MAX, ROWS_MAX))
def test_every_implementation_matches_spec(
    game: str, impl: object, g_rows: tuple[int, int]
) -> None:
    g, rows = g_rows
    expected = PointSequences([[p for p in oracle(game).T[h] if p[0] < rows] for h in range(g + 1)])
    got = impl.answer(g=g, rows=rows)  # type: ignore[attr-defined]
    assert compare_points(expected, got) is None


def test_implementations_registered() -> None:
    for game in GAMES:
        layers = {i.layer for i in _question(game).implementations}
        assert layers == {"spec", "reference", "fast"}


@pytest.mark.parametrize(
    ("fast_impl", "reference_impl"),
    [(wsg, reference.wsg.wsg), (fwsg, reference.fwsg.fwsg)],
    ids=["wsg", "fwsg"],
)
@given(g_rows=g_and_rows(20, 500))
def test_fast_matches_reference(fast_impl, reference_impl, g_rows: tuple[int, int]) -> None:  # type: ignore[no-untyped-def]
    g, rows = g_rows
    ours, theirs = fast_impl(g, rows), reference_impl(g, rows)
    assert list(ours.T) == theirs.T
    assert ours.counts.tolist() == [len(t) for t in theirs.T]


@pytest.mark.nojit
def test_tiny_runs_without_jit() -> None:
    assert list(wsg(3, 25).T) == reference.wsg.wsg(3, 25).T
    assert list(fwsg(3, 25).T) == reference.fwsg.fwsg(3, 25).T


@given(chunk=sizes(300, lo=1))
def test_chunking_does_not_change_rows(chunk: int) -> None:
    whole = np.concatenate([c for _, c in wsg_rows(6, 700, chunk=700)])
    parts = list(wsg_rows(6, 700, chunk=chunk))
    assert [r0 for r0, _ in parts] == list(range(0, 700, chunk))
    assert np.array_equal(np.concatenate([c for _, c in parts]), whole)
    fwhole = np.concatenate([c for _, c in fwsg_rows(6, 700, chunk=700)])
    assert np.array_equal(np.concatenate([c for _, c in fwsg_rows(6, 700, chunk=chunk)]), fwhole)


def test_per_row_layout() -> None:
    ((r0, cols),) = list(wsg_rows(2, 6))
    assert r0 == 0 and cols.shape == (6, 3)
    result = wsg(2, 6)
    for h in range(3):
        assert [(r, int(c)) for r, c in enumerate(cols[:, h]) if c >= 0] == result.T[h]


def test_theorem_2_15_and_beatty_zero_points() -> None:
    """000 Theorem 2.15 and Theorem 1.1's 0-points on fast.wsg's points: the statements'
    one home is their claim (proofs_check), which asks the registry's g-points (fast.wsg)."""
    from proofs_check.catalogue import run_claim

    assert isinstance(wsg(12, 200), GreedyResult)
    for claim, params in (("nivasch-thm-2.15", {"g": 12, "rows": 20000}),
                          ("nivasch-thm-1.1", {"size": 20, "rows": 20000})):  # fmt: skip
        report = run_claim(claim, params)
        assert report.status == "holds" and report.cases > 10_000, (claim, report.witness)
        assert any("fast.wsg" in used for used in report.data), report.data


def test_nivasch_g1_extremes() -> None:
    # 000 Table 2, g = 1 (the published data, reference/data): min d-n first at n, max first at n
    from reference.published import nivasch_table2

    dn = wsg(1, 1000).d(1) - np.arange(wsg(1, 1000).counts[1])
    found = (int(dn.min()), int(dn.argmin()), int(dn.max()), int(dn.argmax()))
    assert found == tuple(nivasch_table2()[1]) == (-4, 57, 2, 282)


@pytest.mark.slow
@pytest.mark.parametrize("impl", [(wsg, reference.wsg.wsg), (fwsg, reference.fwsg.fwsg)])
def test_fast_matches_reference_large(impl) -> None:  # type: ignore[no-untyped-def]
    ours, theirs = impl[0](30, 3000), impl[1](30, 3000)  # the reference is quadratic
    assert list(ours.T) == theirs.T


class TestErrors:
    @pytest.mark.parametrize(
        ("args", "match"),
        [
            ((-1, 5), r"wsg: g must be an int >= 0 \(g = -1\)"),
            ((2, "5"), r"wsg: rows must be an int >= 0 \(rows = '5'\)"),
            ((True, 5), r"wsg: g must be an int >= 0"),
        ],
    )
    def test_bad_arguments(self, args: tuple[object, object], match: str) -> None:
        with pytest.raises(ValueError, match=match):
            wsg(*args)  # type: ignore[arg-type]
        with pytest.raises(ValueError, match=match.replace("wsg", "fwsg")):
            fwsg(*args)  # type: ignore[arg-type]

    def test_bad_chunk_raised_at_call(self) -> None:
        with pytest.raises(ValueError, match=r"chunk must be >= 1 \(chunk = 0\)"):
            wsg_rows(2, 5, chunk=0)

    def test_int64_range(self) -> None:
        with pytest.raises(OverflowError, match="beyond this kernel's int64 range"):
            wsg_rows(2, 2**62)

    def test_memory_refused(self, monkeypatch: pytest.MonkeyPatch) -> None:
        monkeypatch.setattr(floor.memory, "available_memory", lambda: 2**20)
        with pytest.raises(MemoryError, match="wsg state for g = 30, rows = 10000000"):
            wsg_rows(30, 10_000_000)
        with pytest.raises(MemoryError, match="fwsg state"):
            fwsg(30, 10_000_000)

    def test_state_is_small(self) -> None:
        # rows <= 10**8 with g = 30 fits in about 1 GB of state
        assert state_bytes(30, 10**8) < 2**30 + 2**29

    def test_advance_outside_bounds(self) -> None:
        state = GreedyState(2, 10, False)
        with pytest.raises(ValueError, match=r"stop must lie in \[0, 10\]"):
            state.advance(11)
