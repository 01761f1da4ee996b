"""What ``grundy structure`` finds in a two-pile table, as JSON data and as lines of text.

The analysis is :mod:`reference.structure`'s (P-positions, Beatty pairs,
Wythoff translates, apparent row periods); this module gathers it for one
table (and for each state's table of a game with a state, issue 28) and
words it. Everything holds over the table only: nothing here is a proof.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from reference import structure
from spec.tables import states_of

__all__ = [
    "TableStructure",
    "pairs_lines",
    "states_lines",
    "states_structure",
    "structure_answer",
    "table_structure",
]


@dataclass
class TableStructure:
    """The P-positions of a table (and of its transpose when it is not symmetric) and
    the apparent additive periods of its first rows (and columns)."""

    result: structure.PPositions
    transposed: structure.PPositions | None
    periods: list[structure.AdditivePeriod | None]
    column_periods: list[structure.AdditivePeriod | None]

    def as_dict(self) -> dict[str, Any]:
        """The JSON of ``grundy structure --json`` after the game, size and implementation."""
        return {
            "p_positions": self.result.as_dict(),
            "p_positions_transposed": None
            if self.transposed is None
            else self.transposed.as_dict(),
            "row_periods": [None if p is None else p.__dict__ for p in self.periods],
            "column_periods": [None if p is None else p.__dict__ for p in self.column_periods],
        }

    def lines(self, name: str, size: int, implementation: str, show: int) -> list[str]:
        """The text of ``grundy structure``: at most ``show`` pairs of each side."""
        result = self.result
        symmetric = "symmetric" if result.symmetric else "not symmetric"
        lines = [
            f"{name}: G[x, y] for 0 <= x, y < {size} ({implementation}); "
            f"{len(result.positions)} P-positions; {symmetric}",
            *pairs_lines(result, "x < y", show),
        ]
        if self.transposed is not None:
            lines += pairs_lines(self.transposed, "y < x (the table transposed)", show)
        if result.translate is None:
            lines.append("Wythoff translate: no (no shift t <= 8 fits)")
        else:
            t, left = result.translate
            rest = f", apart from {left}" if left else ""
            lines.append(
                f"Wythoff translate: the P-positions are Wythoff's shifted by ({t}, {t}) "
                f"throughout the table{rest}"
            )
        for label, other, found in (
            ("row", "y", self.periods),
            ("column", "x", self.column_periods),
        ):
            for index, period in enumerate(found):
                if period is None:
                    lines.append(
                        f"{label} {index}: no apparent period within the window {other} < {size}"
                    )
                else:
                    lines.append(
                        f"{label} {index}: apparent preperiod {period.preperiod}, period "
                        f"{period.period}, saltus {period.saltus} "
                        f"(window {other} < {period.window})"
                    )
        return lines


def table_structure(table: np.ndarray, alpha: Any, rows: int) -> TableStructure:
    """The :class:`TableStructure` of ``table`` (its first ``rows`` rows' periods),
    checking the Beatty ratio ``alpha`` if given (else the recognised ones)."""
    result = structure.analyse_p_positions(table, alpha)
    transposed = None if result.symmetric else structure.analyse_p_positions(table.T, alpha)
    shown = range(min(rows, len(table)))
    periods = [structure.additive_period(table[x]) for x in shown]
    # Columns differ from rows only in an asymmetric game.
    column_periods = []
    if not result.symmetric:
        column_periods = [structure.additive_period(table[:, y]) for y in shown]
    return TableStructure(result, transposed, periods, column_periods)


def structure_answer(
    game: Any, values: Any, implementation: str, *, alpha: Any, rows: int, show: int
) -> tuple[dict[str, Any], list[str]]:
    """``grundy structure``'s answer on the square table ``values`` of ``game`` (a
    :class:`spec.ImpartialGame`) computed by ``implementation``: (its JSON, its lines)."""
    table = np.asarray(values)
    size = table.shape[-1]
    head = {"game": game.describe(), "size": size, "implementation": implementation}
    if table.ndim == 3:  # a game with a state: each state's table in turn (issue 28)
        found = states_structure(states_of(game), table, alpha)
        data = {**head, "states": [{"state": s, "p_positions": r.as_dict()} for s, r in found]}
        return data, states_lines(head["game"], found, size, implementation, show)
    report = table_structure(table, alpha, rows)
    return {**head, **report.as_dict()}, report.lines(head["game"], size, implementation, show)


def states_structure(
    states: Sequence[Any], tables: np.ndarray, alpha: Any
) -> list[tuple[Any, structure.PPositions]]:
    """(state, its P-positions) for each state's table of a game with a state (G[s, x, y])."""
    return [
        (s, structure.analyse_p_positions(t, alpha)) for s, t in zip(states, tables, strict=True)
    ]


def states_lines(
    name: str,
    found: list[tuple[Any, structure.PPositions]],
    size: int,
    implementation: str,
    show: int,
) -> list[str]:
    """The text of :func:`states_structure`: each state's P-positions in turn."""
    lines = []
    for state, result in found:
        lines.append(
            f"{name}: state s = {state}: G[x, y, {state}] for 0 <= x, y < {size} "
            f"({implementation}); {len(result.positions)} P-positions"
        )
        lines += pairs_lines(result, "x < y", show)
    return lines


def pairs_lines(result: structure.PPositions, side: str, show: int) -> list[str]:
    """The pairs of one side (at most ``show``), whether they are complementary, and the
    Beatty ratio that fits them, if any."""
    pairs = result.pairs
    more = ", ..." if len(pairs) > show else ""
    lines = [
        f"pairs {side}, in order while no partner can lie outside the table: {len(pairs)}: "
        f"{', '.join(map(str, pairs[:show]))}{more}"
    ]
    if not pairs:
        return lines
    lines.append(
        f"  complementary: {'yes' if result.complementary else 'no'} "
        f"({result.complementary_detail}); estimates alpha ~ {result.alpha_estimate:.5f}, "
        f"beta ~ {result.beta_estimate:.5f}"
    )
    fit = result.beatty
    if fit is None:
        if len(pairs) < structure.MIN_PAIRS:
            lines.append(f"  Beatty: too few pairs to recognise a ratio (< {structure.MIN_PAIRS})")
        else:
            lines.append(f"  Beatty: no recognised ratio fits (tried {len(result.tried)})")
    elif fit.fits:
        lines.append(
            f"  Beatty: (floor(n alpha), floor(n beta)) with alpha = {fit.alpha}, "
            f"beta = {fit.beta} ({fit.name}) for n = 1..{fit.checked}, exactly "
            "(integer arithmetic; not a proof beyond the table)"
        )
    else:
        lines.append(f"  Beatty: alpha = {fit.alpha} does not fit: {fit.detail}")
    return lines
