"""Games into sentences: a game's moves as first-order formulas, and the sentences that prove
a set of positions is its set of P-positions, or its positions of Grundy value g (issue 36,
item 2).

The generator reads a game's *capabilities*, never its name: its first-order form
(:func:`spec.first_order_form`, declared on the spec class beside the compiled form of the
same rule): its rays (``(p, q, a, b[, guard])`` moves ``(x, y)`` to
``(x - p - i a, y - q - i b)``, ``i >= 0``), its moves that are no ray as first-order
formulas in (x, y) -> (u, v) (``move_formulas``, E-Wythoff's; the engine reads their
``compiled_regions`` or ``compiled_followers``), its terminal set (``terminal_formula``,
beside the ``compiled_terminal`` kernel), its state layer (``states``, ``state_moves``: the
pass) and its outcome rule (the mex, or :class:`spec.CountingRule`: P iff fewer than k
options are P). A game without a first-order form (three piles, one heap, misère play, a
follower function without ``move_formulas``: :class:`spec.NoFirstOrderForm`) or with a
combination the generator does not cover (a counting rule with a state) is refused in one
line naming what is missing (:class:`NotCovered`); so is a rule the sentences
would not state faithfully (misère play, a ray with a negative component or ``p + q = 0``,
passes that are not well-founded, declared moves that are not the game's ``followers``:
:mod:`proofs_check.faithful`).

**The move relation, split by move type.** Every ray is its own predicate
``m<i>(u, v, x, y)`` ("(x, y) -> (u, v) is a move of type i"): one row, one column, one
diagonal for Wythoff. The sentences quantify one move type at a time; a single 4-tape
predicate for "some move" is the union of them and grows larger than any of its parts.

**Why the sentences prove the theorem.** Every move lowers ``x + y`` (a ray has
``p + q >= 1``), and a pass keeps ``(x, y)`` and moves to a state listed earlier in
``states``; so positions are well-founded in the order (x + y, the state's index), and the
outcome (or the Grundy value) of a position is determined by its options. Let S be a set of
positions.

* *Normal play, P = S.* Suppose (stability) no move joins two points of S and (absorption)
  every point outside S has a move into S. By induction on the order above: a point of S has
  only options outside S, which are N-positions by induction, so it is a P-position; a
  point outside S has an option in S, a P-position by induction, so it is an N-position.
* *Grundy value g, G = g on exactly S_g,* given S_0, ..., S_{g-1} already proved to be the
  classes of 0, ..., g - 1. Suppose S_g avoids the lower classes, no move joins two points
  of S_g, and every point outside S_0 ∪ ... ∪ S_g has a move into S_g. By induction: a
  point of S_g has no value below g (those classes are exact) and no option of value g (its
  options are outside S_g, so by induction not of value g): its mex is g. A point outside
  S_0 ∪ ... ∪ S_g has no value below g and an option of value g: its value exceeds g.
* *Counting rule (k-blocking), P = S.* P iff fewer than k options are P. Suppose every point
  of S has fewer than k options in S and every point outside S has at least k. The same
  induction applies. Options are counted as positions; the sentences count them per move
  type and add, so the generator also proves that no two move types reach the same position
  from the same position (sentences ``disjoint_i_j``).

>>> from spec import get_game
>>> rule = rule_of(get_game("wythoff"))
>>> for m in rule.moves:
...     print(m.name, m.formula)
m0 E i (x = u + 1 + i & y = v)
m1 E i (x = u & y = v + 1 + i)
m2 E i (x = u + 1 + i & y = v + 1 + i)
>>> rule_of(get_game("f-wythoff"))  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
proofs_check.automatic.NotCovered: f-wythoff: compiled_followers (a follower function) has ...
>>> rule_of(get_game("wythoff3"))  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
proofs_check.automatic.NotCovered: wythoff3: a game of three piles; the generator writes games ...
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from itertools import product as cartesian

from decider import Theory
from proofs_check import faithful
from spec import ImpartialGame, NoFirstOrderForm, first_order_form

__all__ = [
    "MoveType",
    "NotCovered",
    "Rule",
    "class_sentences",
    "p_sentences",
    "rule_of",
]

_COVERS = (
    "the generator covers move_rays, move_formulas, a terminal_formula, a pass layer and "
    "a counting rule"
)
_GUARDS = {"x>=y": "x >= y", "y>=x": "y >= x", "x>y": "x > y", "y>x": "y > x"}


class NotCovered(ValueError):
    """A game with a capability the generator cannot write as a formula (one line)."""


@dataclass(frozen=True)
class MoveType:
    """One move type: ``formula`` in x, y (from) and u, v (to), with its ray."""

    name: str
    ray: tuple[int | str, ...]
    formula: str


@dataclass(frozen=True)
class Rule:
    """A game's rule as formulas: its move types, terminal set, states, passes and count."""

    game: str
    moves: tuple[MoveType, ...]
    terminal: str | None
    states: tuple[int, ...]
    state_moves: tuple[tuple[int, int], ...]
    k: int

    def define(self, theory: Theory) -> None:
        """Define ``m<i>(u, v, x, y)``, ``term(x, y)`` (if any) and ``hasmove(x, y)``."""
        if self.terminal is not None:
            theory.define("term", "x y", self.terminal)
        for m in self.moves:
            body = m.formula if self.terminal is None else f"{m.formula} & ~term(x, y)"
            theory.define(m.name, "u v x y", body)
        some = " | ".join(f"E u, v {m.name}(u, v, x, y)" for m in self.moves)
        theory.define("hasmove", "x y", some)


def _multiple(var: str, a: int) -> list[str]:
    return [var] * a


def _side(target: str, p: int, a: int) -> str:
    parts = [target] + ([str(p)] if p else []) + _multiple("i", a)
    return " + ".join(parts)


def _ray_formula(ray: tuple[int | str, ...]) -> str:
    """The move (x, y) -> (u, v) along a ray, a formula in x, y, u, v."""
    if len(ray) == 2:
        ray = (ray[0], ray[1], ray[0], ray[1])
    p, q, a, b = (int(r) for r in ray[:4])
    body = f"x = {_side('u', p, a)} & y = {_side('v', q, b)}"
    text = f"E i ({body})" if a or b else body
    if len(ray) == 5:
        guard = _GUARDS.get(str(ray[4]))
        if guard is None:
            raise NotCovered(f"ray guard {ray[4]!r} has no first-order form here")
        text = f"{text} & {guard}"
    return text


def rule_of(game: ImpartialGame) -> Rule:
    """The rule of a spec game object as formulas, or :class:`NotCovered` (one line).

    The rule is read from the game's first-order form (:func:`spec.first_order_form`) and
    checked to be the game's before it is returned (:mod:`proofs_check.faithful`): misère
    play, a ray with a negative component or ``p + q = 0``, passes that are not well-founded
    and declared moves that differ from ``followers`` are refused.
    """
    name = game.describe()
    _faithful(lambda: faithful.check_play(game, name))
    try:
        form = first_order_form(game)
    except NoFirstOrderForm as error:
        raise NotCovered(f"{error}; {_COVERS}") from None
    _faithful(lambda: faithful.check_rays(name, form.rays))
    moves = tuple(MoveType(f"m{i}", r, _ray_formula(r)) for i, r in enumerate(form.rays))
    moves += tuple(
        MoveType(f"m{len(moves) + i}", (), f"({text})") for i, text in enumerate(form.formulas)
    )
    if form.formulas and form.k != 1:
        raise NotCovered(f"{name}: a counting rule with move_formulas is not covered; {_COVERS}")
    if form.states and form.k != 1:
        raise NotCovered(f"{name}: a counting rule with a state layer is not covered; {_COVERS}")
    made = Rule(name, moves, form.terminal, form.states, form.state_moves, form.k)
    _faithful(lambda: faithful.check_rule(game, made))
    return made


def _faithful(check: Callable[[], None]) -> None:
    """Run a check of :mod:`proofs_check.faithful`; its refusal is :class:`NotCovered`."""
    try:
        check()
    except faithful.Refused as error:
        raise NotCovered(str(error)) from None


def move_into(rule: Rule, m: MoveType, target: str) -> str:
    """``(x, y)`` has a move of type ``m`` into ``target``, a formula in x, y.

    The row, the column and the diagonal are written on three tapes (the diagonal by its
    offset ``e = |y - x|``, which the move keeps); another ray uses the 4-tape relation
    ``m(u, v, x, y)``. With a large set the 4-tape product is what exceeds the memory.
    """
    full = (m.ray[0], m.ray[1], m.ray[0], m.ray[1]) if len(m.ray) == 2 else m.ray[:4]
    shape = tuple(int(r) for r in full)
    if not m.ray:  # a move_formulas type: the 4-tape relation
        shape = ()
    cond = f" & {_GUARDS[str(m.ray[4])]}" if len(m.ray) == 5 else ""
    cond += " & ~term(x, y)" if rule.terminal is not None else ""
    if shape == (1, 0, 1, 0):
        body = f"E u (u < x & {target}(u, y))"
    elif shape == (0, 1, 0, 1):
        body = f"E v (v < y & {target}(x, v))"
    elif shape == (1, 1, 1, 1):
        body = (
            f"E e, u ((y = x + e & u < x & {target}(u, u + e))"
            f" | (x = y + e & u < y & {target}(u + e, u)))"
        )
    else:
        return f"E u, v ({m.name}(u, v, x, y) & {target}(u, v))"
    return f"({body}{cond})" if cond else body


def _into(rule: Rule, target: str) -> list[str]:
    """One formula per move type: (x, y) has a move of that type into ``target``."""
    return [move_into(rule, m, target) for m in rule.moves]


def p_sentences(rule: Rule, sets: dict[int, str] | str) -> dict[str, str]:
    """The sentences of "the P-positions are exactly the given sets".

    ``sets`` is a predicate name (a game without state) or ``{state: name}`` for every
    state of a game with a state layer (each a predicate ``name(x, y)`` of the theory).
    """
    if rule.k != 1:
        assert isinstance(sets, str)
        return _counting_sentences(rule, sets)
    layers: dict[int | None, str] = (
        {None: sets} if isinstance(sets, str) else {s: n for s, n in sets.items()}
    )
    out: dict[str, str] = {}
    for s, name in layers.items():
        tag = "" if s is None else f"_s{s}"
        for m in rule.moves:
            out[f"stable_{m.name}{tag}"] = f"A x, y ~({name}(x, y) & {move_into(rule, m, name)})"
        options = _into(rule, name)
        for src, dst in rule.state_moves:
            if src == s:
                out[f"stable_pass_s{src}_s{dst}"] = (
                    f"A x, y ~(hasmove(x, y) & {name}(x, y) & {layers[dst]}(x, y))"
                )
                options.append(f"(hasmove(x, y) & {layers[dst]}(x, y))")
        out[f"absorb{tag}"] = f"A x, y (~{name}(x, y) => ({' | '.join(options)}))"
    return out


def class_sentences(rule: Rule, lower: list[str], name: str) -> dict[str, str]:
    """The sentences of "G = g exactly on ``name``", given ``lower`` (the classes 0..g-1).

    A game with a state layer or a counting rule has no Grundy classes here (refused).
    """
    if rule.k != 1 or rule.states:
        raise NotCovered(f"{rule.game}: Grundy classes of a game with a state or a counting rule")
    out: dict[str, str] = {}
    if lower:
        union = " | ".join(f"{s}(x, y)" for s in lower)
        out["avoid"] = f"A x, y ~({name}(x, y) & ({union}))"
    for m in rule.moves:
        out[f"stable_{m.name}"] = f"A x, y ~({name}(x, y) & {move_into(rule, m, name)})"
    outside = " & ".join(f"~{s}(x, y)" for s in [*lower, name])
    out["absorb"] = f"A x, y (({outside}) => ({' | '.join(_into(rule, name))}))"
    return out


def _at_least(m: MoveType, j: int, name: str) -> str:
    """(x, y) has at least ``j`` distinct options of move type ``m`` in ``name``.

    The options of one ray from one position are distinct iff their steps i are, and then
    their first coordinates (``a >= 1``) or their second ones (``a = 0``, ``b >= 1``) are;
    a single jump has one option. So j distinct options are j options whose key increases.
    """
    first = m.ray[0] if len(m.ray) == 2 else m.ray[2]
    key = "u" if int(first) else "v"
    body = ""
    for n in reversed(range(j)):
        u, v = f"u{n}", f"v{n}"
        order = f" & {key}{n - 1} < {key}{n}" if n else ""
        inner = f" & {body}" if body else ""
        body = f"E {u}, {v} ({m.name}({u}, {v}, x, y) & {name}({u}, {v}){order}{inner})"
    return body


def _counting_sentences(rule: Rule, name: str) -> dict[str, str]:
    """k-blocking: P iff fewer than k options in the set; counted per (disjoint) move type."""
    k = rule.k
    out: dict[str, str] = {}
    for i, a in enumerate(rule.moves):
        for b in rule.moves[i + 1 :]:
            out[f"disjoint_{a.name}_{b.name}"] = (
                f"A u, v, x, y ~({a.name}(u, v, x, y) & {b.name}(u, v, x, y))"
            )
    choices = []
    for counts in cartesian(range(k + 1), repeat=len(rule.moves)):
        if sum(counts) == k:
            terms = [_at_least(m, c, name) for m, c in zip(rule.moves, counts, strict=True) if c]
            choices.append("(" + " & ".join(terms) + ")")
    many = " | ".join(choices)
    out["stable"] = f"A x, y ~({name}(x, y) & ({many}))"
    out["absorb"] = f"A x, y (~{name}(x, y) => ({many}))"
    return out
