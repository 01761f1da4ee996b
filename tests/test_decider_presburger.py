"""A learned set as a proved finite union of lines (issue 48, item 3: decider.presburger).

The form is printed only when the decider proves it equal to the set for all pairs: a set
that is a union of lines on the window but not beyond gets none."""

from __future__ import annotations

from decider import Theory
from decider.presburger import LinearForm, _points, _search, linear_form


def test_the_mod_3_set_of_the_issue_is_found_and_proved() -> None:
    t = Theory()
    three = "k + k + k"
    t.define(
        "m3",
        "x y",
        f"E k ((x = {three} & y = {three}) | (x = {three} + 1 & y = {three} + 2) "
        f"| (x = {three} + 2 & y = {three} + 1))",
    )
    form = linear_form(t, "m3")
    assert form is not None
    assert form.text == (
        "{(3k, 3k) : k >= 0} ∪ {(3k + 1, 3k + 2) : k >= 0} ∪ {(3k + 2, 3k + 1) : k >= 0}"
    )
    assert t.decide(f"A x, y (m3(x, y) <=> ({form.formula}))")


def test_points_and_lines_together() -> None:
    t = Theory()
    t.define("s", "x y", "(x = 0 & y = 1) | E k (x = k + k + 2 & y = k + k + 2)")
    form = linear_form(t, "s")
    assert form == LinearForm(((0, 1, 0, 0), (2, 2, 2, 2)))
    assert form.text == "{(0, 1)} ∪ {(2k + 2, 2k + 2) : k >= 0}"


def test_a_set_that_is_linear_only_on_the_window_gets_no_form() -> None:
    """(k, 2k) below x = 150, (k, 2k + 1) from there on: the window (120) sees one line, and
    the proof for all pairs refuses it."""
    t = Theory()
    t.define("bend", "x y", "(x < 150 & y = x + x) | (x >= 150 & y = x + x + 1)")
    assert _search(_points(t, "bend", 120), 120) == ((0, 0, 1, 2),)  # the window's fit
    assert linear_form(t, "bend") is None  # refused: not so for all pairs


def test_wythoffs_p_positions_are_no_union_of_lines() -> None:
    t = Theory()
    t.define("low", "a n", "E m, s (n = m + 1 & shift(m, s) & a = s + 1)")
    t.define(
        "p", "x y", "(x = 0 & y = 0) | E n ((low(x, n) & y = x + n) | (low(y, n) & x = y + n))"
    )
    assert linear_form(t, "p") is None
