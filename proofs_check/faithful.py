"""Games into sentences, faithful or refused (issue 44, item 4).

Before :mod:`proofs_check.automatic` writes a game's moves as sentences, this module checks
that what it writes is the game: a sentence about declared moves that are not the game's
proves nothing about the game. :func:`check_rule` refuses in one line
(:class:`~proofs_check.automatic.NotCovered`), naming the capability:

* misère play (``misere``): the sentences are those of normal play or a counting rule;
* a ray with a negative component, or with ``p + q = 0`` (a move that keeps ``x + y``: the
  induction of :mod:`proofs_check.automatic` needs every move to lower it);
* a pass that does not go to a state listed earlier in ``states`` (passes in both directions,
  a pass cycle: the order (x + y, the state's index) would not be well-founded);
* moves that lower no common measure (``x + y``, ``x`` or ``y``: the induction needs one;
  a first-order move form may keep ``x + y``, as Fibonacci Nim's keeps ``n + r`` when it
  takes ``k = r``, if every move lowers ``x``): sentences, decided (:func:`measure`);
* declared moves (rays, move forms, terminal set, passes) that differ from ``followers`` at a
  compared cell: every cell of a square and cells spread over a larger one, both orientations
  (the engine's sampling, :func:`reference.cells.check_cells`).

The comparison reads the generator's own move predicates (the automata of ``m<i>(u, v, x,
y) & ~term(x, y)`` that the sentences use), not the declaration: for each compared cell it
lists every ``(u, v)`` the predicates accept, by walking the automata with the cell's digits
fixed (:func:`_accepted`), and compares them with the spec's followers.

>>> from spec import get_game
>>> from proofs_check.automatic import rule_of
>>> rule_of(get_game("misere:wythoff"))  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
proofs_check.automatic.NotCovered: misere:wythoff: misère play (misere) has no sentences here; ...
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

import numpy as np

from decider import DeciderError, Theory
from reference.cells import check_cells
from spec import ImpartialGame, Shape
from spec.misere import is_misere

if TYPE_CHECKING:
    from proofs_check.automatic import Rule

__all__ = [
    "FAR_CELLS",
    "FAR_SIDE",
    "SQUARE_SIDE",
    "Refused",
    "check_play",
    "check_rays",
    "check_rule",
]

#: Every cell of the square [0, SQUARE_SIDE)^2 is compared (every state).
SQUARE_SIDE = 32
#: Then the first FAR_CELLS cells of the engine's spread over [0, FAR_SIDE)^2 (each followed
#: by its transpose, so half of them are transposes).
FAR_SIDE = 256
FAR_CELLS = 16

#: The rules checked in this process (a game's class, its name and its rule).
_CHECKED: set[tuple[type, str, Rule]] = set()


class Refused(ValueError):
    """A rule the sentences would not state faithfully (one line; ``rule_of`` raises it as
    :class:`~proofs_check.automatic.NotCovered`)."""


def check_play(game: ImpartialGame, name: str) -> None:
    """Refuse misère play (the sentences are those of normal play or a counting rule) and a
    game on other than two piles (with a state layer or not).

    >>> from spec import get_game
    >>> check_play(get_game("wythoff3"), "wythoff3")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    proofs_check.faithful.Refused: wythoff3: a game of three piles; the generator writes ...
    """
    if game.shape not in (Shape.TWO_PILES, Shape.STATE_LAYERS):  # the declared shape
        shape = "no shape of piles" if game.shape is None else game.shape.value
        raise Refused(
            f"{name}: a game of {shape}; the generator writes games on two piles (x, y), with "
            "a state layer or not"
        )
    if is_misere(game):
        raise Refused(
            f"{name}: misère play (misere) has no sentences here; the generator writes "
            "normal play and counting rules only"
        )


def check_rays(name: str, rays: Iterable[tuple[int | str, ...]]) -> None:
    """Refuse a ray the generator cannot write: a negative component, or ``p + q = 0``.

    >>> check_rays("g", [(1, 0, 1, 0), (0, 1)])
    >>> check_rays("g", [(1, -1, 1, -1)])
    Traceback (most recent call last):
    ...
    proofs_check.faithful.Refused: g: move_rays (1, -1, 1, -1) has a negative component; ...
    """
    for ray in rays:
        full = (ray[0], ray[1], ray[0], ray[1]) if len(ray) == 2 else tuple(ray[:4])
        try:
            p, q, a, b = (int(r) for r in full)
        except (TypeError, ValueError):
            raise Refused(f"{name}: move_rays {tuple(ray)} is not four integers") from None
        if min(p, q, a, b) < 0:
            raise Refused(
                f"{name}: move_rays {tuple(ray)} has a negative component; the generator writes "
                "rays (p, q, a, b) >= 0 only (a move that raises a pile is no ray)"
            )
        if p + q == 0:
            raise Refused(
                f"{name}: move_rays {tuple(ray)} has p + q = 0 (a move that keeps x + y); the "
                "sentences' induction needs every move to lower x + y"
            )


def _check_passes(name: str, states: tuple[int, ...], moves: tuple[tuple[int, int], ...]) -> None:
    """Refuse a pass that is not to a state listed earlier (both directions, a cycle)."""
    for s, t in moves:
        if s not in states or t not in states:
            raise Refused(f"{name}: state_moves ({s}, {t}) names a state outside {states}")
        if states.index(t) >= states.index(s):
            raise Refused(
                f"{name}: state_moves ({s}, {t}) is not to a state listed earlier in states "
                f"{states} (passes in both directions or a pass cycle); the sentences' "
                "induction needs the passes well-founded"
            )


def _accepted(
    theory: Theory, predicate: str, cells: list[tuple[int, int]]
) -> list[set[tuple[int, int]]]:
    """Per cell (x, y), every (u, v) with ``predicate(u, v, x, y)`` and ``u + v < x + y``.

    The predicate's automaton (tapes u, v, x, y) is walked with the cell's digits fixed on
    the tapes x, y: ``alive[i]`` marks the states that reach acceptance on the cell's
    remaining digits, and the (u, v) digits are chosen column by column among the letters
    that stay alive (vectorised over all cells).
    """
    rel, _ = theory.predicates[predicate]
    dfa, num, base = rel.dfa, theory.numeration, theory.numeration.base
    assert rel.tapes == ("u", "v", "x", "y"), rel.tapes
    length = max(len(num.word(x + y)) for x, y in cells) + 1
    weights = num.place_values(length)

    def digits(n: int) -> list[int]:
        w = num.word(n)
        return [0] * (length - len(w)) + w

    xd = np.array([digits(x) for x, _ in cells], dtype=np.int64)
    yd = np.array([digits(y) for _, y in cells], dtype=np.int64)
    combos = [(du, dv) for du in range(base) for dv in range(base)]
    alive = [np.zeros((len(cells), dfa.states), dtype=np.bool_) for _ in range(length + 1)]
    alive[length][:] = dfa.accept[None, :]
    fixed = base**2 * xd + base**3 * yd  # the letter's part read on the tapes x, y
    for i in reversed(range(length)):
        for du, dv in combos:
            nxt = dfa.delta[:, du + base * dv + fixed[:, i]].T  # (cells, states)
            alive[i] |= np.take_along_axis(alive[i + 1], nxt, axis=1)
    cell = np.flatnonzero(alive[0][:, 0])
    state = np.zeros(cell.size, dtype=np.int64)
    u = np.zeros(cell.size, dtype=np.int64)
    v = np.zeros(cell.size, dtype=np.int64)
    for i in range(length):
        w = weights[length - 1 - i]
        parts = []
        for du, dv in combos:
            nq = dfa.delta[state, du + base * dv + fixed[cell, i]]
            keep = alive[i + 1][cell, nq]
            parts.append((cell[keep], nq[keep], u[keep] + du * w, v[keep] + dv * w))
        cell, state, u, v = (np.concatenate([p[j] for p in parts]) for j in range(4))
    out: list[set[tuple[int, int]]] = [set() for _ in cells]
    for c, a, b in zip(cell.tolist(), u.tolist(), v.tolist(), strict=True):
        out[c].add((a, b))
    return out


def _declared(theory: Theory, rule: Rule, cells: list[tuple[int, int]]) -> list[set[Any]]:
    """The followers the rule's predicates give at each cell (every state)."""
    within: list[set[tuple[int, int]]] = [set() for _ in cells]
    for m in rule.moves:
        for found, more in zip(within, _accepted(theory, m.name, cells), strict=True):
            found |= more
    if not rule.states:
        return [set(found) for found in within]
    out: list[set[Any]] = []
    for (x, y), found in zip(cells, within, strict=True):
        for s in rule.states:
            layer: set[Any] = {(u, v, s) for u, v in found}
            if found:
                layer |= {(x, y, t) for src, t in rule.state_moves if src == s}
            out.append(layer)
    return out


def _compare(game: Any, theory: Theory, rule: Rule, cells: list[tuple[int, int]]) -> None:
    """Refuse (one line) at the first position whose declared followers are not the spec's."""
    positions = [(x, y, s) for x, y in cells for s in rule.states] if rule.states else cells
    declared = _declared(theory, rule, cells)
    for position, mine in zip(positions, declared, strict=True):
        theirs = set(game.followers(position))
        if mine != theirs:
            extra, missing = sorted(mine - theirs)[:3], sorted(theirs - mine)[:3]
            raise Refused(
                f"{rule.game}: its declared moves (move_rays, move_formulas, the terminal set, "
                f"state_moves) are not its followers at {position}: declared only {extra}, "
                f"followers only {missing}; the sentences would be about another game"
            )


#: The measures the sentences' induction may run on, each with the sentence that a move of
#: type ``m`` lowers it: one of them must be lowered by EVERY move (well-founded on N^2).
MEASURES = (
    ("x + y", "A u, v, x, y ({m}(u, v, x, y) => u + v < x + y)"),
    ("x", "A u, v, x, y ({m}(u, v, x, y) => u < x)"),
    ("y", "A u, v, x, y ({m}(u, v, x, y) => v < y)"),
)


def measure(theory: Theory, rule: Rule) -> str:
    """The measure (x + y, x or y) that every move of ``rule`` lowers, decided as sentences;
    refused (one line) when none is lowered by all of them.

    The sentences' induction (stability and absorption give the set of value g at every
    position once they hold at every smaller one) needs a well-founded order that every move
    descends: Wythoff-type rays lower x + y; Fibonacci Nim's (n, r) -> (n - k, 2k) lowers n
    but may keep n + r (k = r).
    """
    for label, template in MEASURES:
        if all(theory.decide(template.format(m=m.name)) for m in rule.moves):
            return label
    m = rule.moves[0]
    where = theory.counterexample(MEASURES[0][1].format(m=m.name))
    raise Refused(
        f"{rule.game}: no measure (x + y, x or y) is lowered by every move (e.g. {m.formula} "
        f"at {where}); the sentences' induction needs one"
    )


def _lowering(theory: Theory, rule: Rule) -> None:
    """Refuse a rule with no measure that every move lowers (:func:`measure`)."""
    measure(theory, rule)


def check_rule(game: Any, rule: Rule) -> None:
    """Refuse (``Refused``, one line) a rule the sentences would not state faithfully.

    Misère play, rays with a negative component or ``p + q = 0``, passes that are not
    well-founded, move forms that do not lower ``x + y``, and predicates whose moves differ
    from ``followers`` on the compared cells. Done once per rule in a process.
    """
    key = (type(game), rule.game, rule)
    if key in _CHECKED:
        return
    check_play(game, rule.game)
    check_rays(rule.game, [m.ray for m in rule.moves if m.ray])
    _check_passes(rule.game, rule.states, rule.state_moves)
    theory = Theory()
    try:
        rule.define(theory)
        _lowering(theory, rule)
    except DeciderError as error:
        raise Refused(f"{rule.game}: its moves as formulas are refused: {error}") from None
    square, _ = check_cells(SQUARE_SIDE, SQUARE_SIDE)
    _, spread = check_cells(FAR_SIDE, FAR_SIDE)
    _compare(game, theory, rule, square)
    _compare(game, theory, rule, spread[:FAR_CELLS])
    _CHECKED.add(key)
