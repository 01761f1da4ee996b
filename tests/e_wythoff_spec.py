"""Ho's E-Wythoff as the tests define it: its moves, from the definition, once.

docs/adding-a-game.md has the canonical plugin (registered as ``my-e-wythoff``,
with its compiled forms); the tests that need the game without the plugin's
registration take this class and add what they test (compiled regions in
tests/test_engine.py, the row statement in tests/test_row_bounds.py). Not
named ``e_wythoff``: that is the doc plugin's module, imported by name in
tests/test_adding_a_game.py.

Examples
--------
>>> sorted(EWythoff().followers((2, 3)))[:4]
[(0, 1), (0, 2), (0, 3), (1, 2)]
"""

from __future__ import annotations

from collections.abc import Iterator

import spec

__all__ = ["EWythoff"]


class EWythoff(spec.TwoPileGame):
    """Wythoff's moves, or k >= 2 from the smaller pile and 1 <= l < k from the larger.

    N. B. Ho, J. Combin. Theory Ser. A 119 (2012); either pile counts as the
    smaller when they are equal.
    """

    name = "test-e-wythoff"

    def followers(self, position: spec.Position) -> Iterator[spec.Position]:
        x, y = position
        yield from spec.Wythoff().followers(position)
        if x <= y:
            yield from ((x - k, y - l) for k in range(2, x + 1) for l in range(1, k))
        if y <= x:
            yield from ((x - l, y - k) for k in range(2, y + 1) for l in range(1, k))
