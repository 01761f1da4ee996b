"""The Hypothesis strategies the tests share: games, positions, (g, rows), sizes.

Every property test draws from here, so "a game" or "a small position" means
the same thing in every file, and a game added to the registry (or loaded as
a plugin, see conftest.py) joins every property drawn over :func:`games`.
How many examples run is the profile's business (conftest.py: ``ci``,
``thorough``); :func:`at_least` raises the count for a cheap test without
lowering what a larger profile asks.

Examples
--------
>>> from hypothesis import given
>>> @given(game_and_position())
... def check(drawn):
...     name, position = drawn
...     assert spec.grundy(spec.get_game(name), position) >= 0
>>> check()
"""

from __future__ import annotations

from typing import Any

from hypothesis import settings
from hypothesis import strategies as st

import spec
from registry import conformance_games

__all__ = [
    "WYTHOFF_VARIANTS",
    "at_least",
    "family_members",
    "g_and_rows",
    "game_and_position",
    "game_names",
    "games",
    "nimhof_rules",
    "piles",
    "position_of",
    "sizes",
    "wythoff_variants",
]

#: Wythoff and the two variants of seed 001 (the games of fast.tables and Landman's machine).
WYTHOFF_VARIANTS = ("wythoff", "f-wythoff", "r-wythoff")


def at_least(examples: int) -> settings:
    """Settings running ``examples`` examples, or more if the loaded profile asks more."""
    return settings(max_examples=max(examples, settings.default.max_examples))


def piles(hi: int = 9) -> st.SearchStrategy[int]:
    """A pile size 0..hi (small enough for the spec's memo by default)."""
    return st.integers(0, hi)


def sizes(hi: int, lo: int = 0) -> st.SearchStrategy[int]:
    """A table side (or row count, or n) in lo..hi."""
    return st.integers(lo, hi)


def g_and_rows(g_max: int, rows_max: int, rows_min: int = 0) -> st.SearchStrategy[tuple[int, int]]:
    """``(g, rows)``: the values 0..g and the rows below ``rows`` of a g-point question."""
    return st.tuples(st.integers(0, g_max), st.integers(rows_min, rows_max))


def wythoff_variants(names: tuple[str, ...] = WYTHOFF_VARIANTS) -> st.SearchStrategy[str]:
    """One of Wythoff's game and its variants (by name)."""
    return st.sampled_from(names)


def game_names() -> list[str]:
    """The games :func:`games` draws from: every registered game (plugins included)
    and the family members the conformance report asks about, positions as tuples
    of piles, with Grundy values (a counting rule's games, which have outcomes
    only, are drawn by their own tests)."""
    return [
        name
        for name in conformance_games()
        if isinstance(spec.get_game(name), spec.PileGame)
        and spec.outcome_rule(spec.get_game(name)) is None
    ]


def games() -> st.SearchStrategy[str]:
    """A game by name, from :func:`game_names`."""
    return st.sampled_from(game_names())


def nimhof_rules(hi: int = 3, max_rules: int = 3) -> st.SearchStrategy[list[tuple[int, int]]]:
    """The moves (k, l) != (0, 0) of a NimHof game: take k*t from one pile, l*t from the other."""
    rule = st.tuples(st.integers(0, hi), st.integers(0, hi)).filter(lambda r: r != (0, 0))
    return st.lists(rule, min_size=1, max_size=max_rules)


def family_members() -> st.SearchStrategy[str]:
    """A member of a game family by name: ``nimhof:k,l/...`` or ``a-wythoff:a``."""
    return st.one_of(
        nimhof_rules().map(lambda rules: "nimhof:" + "/".join(f"{a},{b}" for a, b in rules)),
        st.integers(1, 5).map(lambda a: f"a-wythoff:{a}"),
    )


def position_of(game: spec.ImpartialGame, hi: int = 9) -> st.SearchStrategy[tuple[int, ...]]:
    """A position of ``game`` with piles 0..hi: as many piles as its arity (default 2);
    a game with a state (x, y, s) draws s from its states."""
    if isinstance(game, spec.StateGame):
        return st.tuples(piles(hi), piles(hi), st.sampled_from(game.states))
    arity = getattr(game, "arity", 2)
    return st.tuples(*[piles(hi)] * arity)


@st.composite
def game_and_position(
    draw: Any, names: st.SearchStrategy[str] | None = None, hi: int = 9
) -> tuple[str, tuple[int, ...]]:
    """``(name, position)``: a game (from :func:`games` unless given) and one of its positions."""
    name = draw(names if names is not None else games())
    return name, draw(position_of(spec.get_game(name), hi))
