"""The generic window certificate (registry.rows.row_certificate, fast.engine.certificate).

A game given by ``move_rays`` whose rules allow every move along the row and
shift the column by a bounded amount into lower rows gets certified row
periods; they are checked here against the spec (the oracle) on values far
past the certificate, and against Landman's machine for Wythoff written as
rays. Games outside the condition stay ``apparent``.
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import spec
from fast import strip as fast_strip
from fast.engine import certificate as fast_window
from fast.strip import cost as strip_cost
from grundy import period
from reference import landman as ref_landman
from reference.row_bounds import moves_from_rays
from registry import ask
from registry.rows import row_certificate


def _check_against_values(name: str, row: int) -> None:
    cert = row_certificate(spec.get_game(name), row + 1)
    found = cert.periodicities[row]
    mu, p, s = found.preperiod, found.period, found.saltus
    cols = mu + 3 * p + 50
    values = np.asarray(ask("grundy-block", name, rows=row + 1, cols=cols))[row]
    assert all(values[y + p] == values[y] + s for y in range(mu, cols - p))
    if mu > 0:
        assert values[mu - 1 + p] != values[mu - 1] + s  # the least preperiod
    for q in range(1, p):  # the least period
        if p % q == 0:
            d = values[mu + q :] - values[mu : cols - q]
            assert not (d == d[0]).all()


@settings(max_examples=15, deadline=None)
@given(
    extra=st.lists(
        st.tuples(st.integers(0, 2), st.integers(0, 2)).filter(lambda r: r != (0, 0)),
        max_size=2,
    ),
    row=st.integers(0, 6),
)
def test_nimhof_rule_sets_against_their_values(extra: list[tuple[int, int]], row: int) -> None:
    name = "nimhof:" + "/".join(f"{a},{b}" for a, b in sorted({(0, 1), (1, 0), *extra}))
    _check_against_values(name, row)


@pytest.mark.parametrize("name, row", [("a-wythoff:2", 8), ("a-wythoff:3", 5)])
def test_a_wythoff(name: str, row: int) -> None:
    _check_against_values(name, row)


def test_small_rows_against_the_spec() -> None:
    game = spec.get_game("a-wythoff:2")
    cert = row_certificate(game, 4)
    mu, p, s = cert.periodicities[3]
    for y in range(mu, mu + 2 * p):  # the spec itself, past the preperiod
        assert spec.grundy(game, (3, y + p)) == spec.grundy(game, (3, y)) + s


def test_wythoff_as_rays_equals_landmans_machine() -> None:
    cert = row_certificate(spec.get_game("nimhof:0,1/1,0/1,1"), 9)  # Wythoff's rules as rays
    for row in range(9):
        assert cert.periodicities[row] == ref_landman.row_periodicity(row, "wythoff")


def test_block_certificate_equals_the_strip() -> None:
    values = fast_strip.rectangle("wythoff", 12, 3000)
    generic = fast_window.block_certificate("wythoff", values, fast_strip.window(12), 0)
    assert generic is not None
    assert generic.periodicities == fast_strip.strip_periods("wythoff", 12).periodicities


def test_a_block_too_short_certifies_nothing() -> None:
    values = fast_strip.rectangle("wythoff", 8, 120)
    assert fast_window.block_certificate("wythoff", values, fast_strip.window(8), 0) is None


def test_a_wider_window_never_certifies_earlier() -> None:
    values = fast_strip.rectangle("wythoff", 8, 3000)
    narrow = fast_window.block_certificate("wythoff", values, fast_strip.window(8), 0)
    wide = fast_window.block_certificate("wythoff", values, 4 * fast_strip.window(8), 0)
    assert narrow is not None and wide is not None
    assert wide.periodicities == narrow.periodicities and wide.y0 >= narrow.y0


@pytest.mark.parametrize("name", ["nimhof:1,0/1,1", "nimhof:1,0/1,2/0,2"])
def test_games_outside_the_condition_stay_apparent(name: str) -> None:
    found = period(name, 3)  # no move (x, y) -> (x, y - 1): a row need not be a line
    assert found.status == "apparent" and "no unguarded ray (0, 1)" in found.certificate


def test_period_says_certified_for_row_move_games() -> None:
    for name in ("nimhof:1,0/0,1/1,1", "nimhof:0,1/1,0/1,2/2,1", "a-wythoff:2", "a-wythoff:3"):
        found = period(name, 4, compute=True)  # Wythoff in disguise: not from the atlas
        assert found.status == "certified", (name, found.certificate)
        assert "equal normalised windows" in found.certificate


def test_wythoff_in_disguise_is_wythoff_to_the_kernels() -> None:
    """The kernels' games are recognised by their rule (a capability), not their name."""
    found = period("nimhof:1,0/0,1/1,1", 4)
    assert found.implementation == "atlas" and found.head(9) == period("wythoff", 4).head(9)


def test_row_periods_run_the_strip_for_wythoff_in_disguise(monkeypatch: pytest.MonkeyPatch) -> None:
    """The row-periods experiment picks the strip (and Landman's machine) by the game's rule."""
    from grundy.cli.experiments.row_periods import run_experiment

    used: list[object] = []
    real = fast_strip.strip_periods
    monkeypatch.setattr(
        fast_strip, "strip_periods", lambda g, *a, **k: used.append(g) or real(g, *a, **k)
    )
    found = run_experiment("nimhof:1,0/0,1/1,1", range(0, 6), check_reference=True, workers=0)
    assert used and set(used) == {"wythoff"}
    assert [r[:4] for r in found.table] == [
        r[:4] for r in run_experiment("wythoff", range(0, 6), workers=0).table
    ]
    assert len(found.comparison) == 6 and all(c["agrees"] for c in found.comparison)


def test_row_bounds_refuse_an_unbounded_shift() -> None:
    with pytest.raises(ValueError, match="unbounded"):
        moves_from_rays(((0, 1), (1, 0, 0, 1)), 3)


def test_row_periods_budget_bounds_the_search(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """``--budget`` turns into the columns it buys at the stated speed (no clock read): a
    joint period not found within them is refused in one line, exit 2, with the way on."""
    from grundy.cli import main

    seen: list[int | None] = []
    real = fast_strip.strip_periods

    def spy(*args: object, **kwargs: object) -> object:
        seen.append(kwargs.get("max_columns"))  # type: ignore[arg-type]
        return real(*args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(fast_strip, "strip_periods", spy)
    monkeypatch.setattr(strip_cost, "CERTIFY_FACTOR", 1e6)  # a slow machine, stated
    argv = ["experiment", "row-periods", "--game", "f-wythoff", "--rows", "40..40"]
    assert main([*argv, "--workers", "0", "--quiet", "--budget", "3"]) == 2
    err = capsys.readouterr().err.strip()
    assert "\n" not in err and "no repeated window of rows 0..40 within 4096 columns" in err
    assert "--budget SECONDS" in err and seen[-1] == 4096
    monkeypatch.setattr(strip_cost, "CERTIFY_FACTOR", 2.5)
    assert main([*argv[:-1], "3..3", "--workers", "0", "--quiet"]) == 0  # default budget
    assert seen[-1] is not None and seen[-1] > 10**6
