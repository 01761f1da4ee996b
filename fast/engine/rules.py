"""A game's compiled form, validated: rays, follower, region and terminal functions.

:func:`compiled_rule` reads a game's ``move_rays``, ``compiled_followers``,
``compiled_regions``, ``compiled_terminal``, ``outcome_rule`` and, for a
game with a state, ``states`` and ``state_moves`` (see
:class:`spec.game.TwoPileGame` and ``docs/adding-a-game.md``), checks each
entry and returns a :class:`CompiledRule`: the rays as an array, the
functions jitted with bounds checking. A malformed entry is refused with a
ValueError naming the game, the entry and why.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from math import gcd
from typing import Any

import numba
import numpy as np

from fast._game_protocol import EngineGame, Layered, Piles, PlayRule, Rays, TwoPileForm
from fast.engine.forms import KERNELS

__all__ = ["GUARDS", "CompiledRule", "compiled_rule", "covers", "layer_states"]

#: Ray guards: text -> kernel code.
GUARDS = {"": 0, "x>=y": 1, "y>=x": 2, "x>y": 3, "y>x": 4}


@dataclass(frozen=True)
class CompiledRule:
    """A game's validated compiled form.

    ``rays`` is an (R, 5) int64 array of (p, q, a, b, guard code);
    ``followers``, ``regions`` and ``terminal`` the jitted functions (bounds
    checked) or None; ``python`` the same functions as written (the kernel
    generator compiles them in); ``name`` the game's ``describe()``.
    ``k`` is 0 for the mex, else the counting rule's k; ``layers`` the number
    of states and ``passes[i]`` the layers state i moves to at the same cell;
    ``misere``: misère play, a cell with no move (a terminal one too) gets 1 (G⁻).
    """

    name: str
    rays: np.ndarray
    followers: Callable[..., int] | None
    regions: Callable[..., int] | None = None
    terminal: Callable[..., Any] | None = None
    terminal_parameters: np.ndarray = field(default_factory=lambda: np.zeros(1, np.int64))
    k: int = 0
    layers: int = 1
    passes: tuple[tuple[int, ...], ...] = ((),)
    python: dict[str, Any] = field(default_factory=dict)
    #: Misère play (the game's ``misere``, :func:`spec.misere`): a cell with no move gets 1.
    misere: bool = False


_JITTED: dict[Any, Any] = {}
#: The project's own packages, whose functions numba may cache beside their sources.
_OWN = frozenset({"fast", "spec", "reference", "registry"})


def _load_function(function: Any, name: str, label: str) -> Any:
    """The Python function of a compiled-form entry (a function, a jitted one, or its path).

    A path in ``fast.`` is a kernel name of the one table (:data:`fast.engine.forms.KERNELS`,
    the spec's ``spec.kernel_names``); any other path is imported (a plugin's own module).
    """
    if isinstance(function, str) and function.startswith("fast."):
        if function not in KERNELS:
            known = ", ".join(sorted(KERNELS))
            raise ValueError(
                f"{name}: {label} = {function!r} is not a kernel of fast.engine.forms.KERNELS "
                f"(known: {known})"
            )
        function = KERNELS[function]
    if isinstance(function, str):
        module_name, colon, attribute = function.partition(":")
        try:
            if not colon:
                raise ImportError("expected 'module:function'")
            function = getattr(importlib.import_module(module_name), attribute)
        except (ImportError, AttributeError) as error:
            raise ValueError(f"{name}: {label} = {function!r} cannot be loaded: {error}") from None
    python_function = getattr(function, "py_func", function)
    if not callable(python_function):
        raise ValueError(f"{name}: {label} = {function!r} is not a function")
    return python_function


def _jit_followers(
    function: Any, name: str, label: str = "compiled_followers"
) -> Callable[..., int]:
    """The follower (region, terminal) function jitted with bounds checking; cached on disk
    only for the project's own modules (:data:`_OWN`).

    numba's cache of a function is keyed by its own file alone: a helper it calls from another
    module of a plugin could change and the stale compilation be loaded (issue 49). A
    plugin's function is compiled in each process that calls it here (its kernels are cached
    by :mod:`fast.engine.codegen` under a key of every source file of its package)."""
    python_function = _load_function(function, name, label)
    if python_function not in _JITTED:
        module = (getattr(python_function, "__module__", "") or "").split(".")[0]
        cache = _importable(python_function) is not None and module in _OWN
        _JITTED[python_function] = numba.njit(boundscheck=True, cache=cache)(python_function)
    return _JITTED[python_function]  # type: ignore[no-any-return]


def _importable(function: Any) -> tuple[str, str] | None:
    """``(module, name)`` if ``function`` can be imported by name from a module file, else None."""
    module = sys.modules.get(getattr(function, "__module__", "") or "")
    qualname = getattr(function, "__qualname__", "")
    path = getattr(module, "__file__", None)
    if module is None or module.__name__ == "__main__" or not path or "<" in qualname:
        return None
    if (
        getattr(module, qualname, None) is not function
        and getattr(getattr(module, qualname, None), "py_func", None) is not function
    ):
        return None
    return module.__name__, qualname


def _check_ray(name: str, ray: Any) -> tuple[int, int, int, int, int]:
    where = f"{name}: move_rays entry {ray!r}"
    if not isinstance(ray, (tuple, list)) or len(ray) not in (2, 4, 5):
        raise ValueError(f"{where}: expected (a, b), (p, q, a, b) or (p, q, a, b, guard)")
    guard = ray[4] if len(ray) == 5 else ""
    if guard not in GUARDS:
        known = ", ".join(repr(g) for g in GUARDS if g)
        raise ValueError(f"{where}: unknown guard {guard!r} (known: {known})")
    numbers = tuple(ray[:4]) if len(ray) >= 4 else (ray[0], ray[1], ray[0], ray[1])
    for label, value in zip("pqab", numbers, strict=True):
        if isinstance(value, bool) or not isinstance(value, (int, np.integer)):
            raise ValueError(f"{where}: {label} = {value!r} is not an int")
    p, q, a, b = (int(v) for v in numbers)
    if p < 0 or q < 0:
        raise ValueError(f"{where}: p, q must be >= 0 (a follower would increase a coordinate)")
    if a < 0 or b < 0:
        raise ValueError(f"{where}: a, b must be >= 0 (the ray would move away from 0)")
    if p + q == 0:
        raise ValueError(f"{where}: the first follower is the position itself (p + q = 0: a cycle)")
    return p, q, a, b, GUARDS[guard]


#: The compiled rules made so far, keyed by canonical name and class: a second
#: game object of the same name reuses its rule (validated and jitted once). The
#: class is part of the key because a plugin re-registered under the same name
#: (a new class, perhaps other code) must not get the old rule; a game object
#: carrying its own compiled functions (not its class's) is not cached.
_RULES: dict[tuple[str, type], CompiledRule] = {}


def compiled_rule(game: EngineGame) -> CompiledRule:
    """Validate and return ``game``'s compiled form (cached by canonical name and class).

    Raises
    ------
    ValueError
        The game is not a two-pile game (or two piles and a state), has no
        compiled form, or its form is malformed (the message says which
        entry and why).

    Examples
    --------
    >>> import spec
    >>> compiled_rule(spec.Wythoff()).rays.tolist()
    [[1, 0, 1, 0, 0], [0, 1, 0, 1, 0], [1, 1, 1, 1, 0]]
    >>> rule = compiled_rule(spec.get_game("wythoff-pass:2"))
    >>> rule.layers, rule.passes
    (3, ((), (0,), (1,)))
    """
    name = game.describe() if hasattr(game, "describe") else repr(game)
    own = any(
        label in vars(game)
        for label in ("compiled_followers", "compiled_regions", "compiled_terminal")
    )
    key = (name, type(game))
    if not own and key in _RULES:
        return _RULES[key]
    arity = game.arity if isinstance(game, Piles) else None
    states = layer_states(game)
    if not hasattr(game, "followers") or (arity != 2 and not (arity == 3 and states)):
        raise ValueError(f"{name}: not a two-pile game (positions are not pairs of integers)")
    rays = game.move_rays if isinstance(game, Rays) else None
    functions = {
        label: vars(game).get(label, getattr(type(game), label, None))
        for label in ("compiled_followers", "compiled_regions", "compiled_terminal")
    }
    if rays is None and functions["compiled_followers"] is None:
        if functions["compiled_regions"] is None:
            raise ValueError(
                f"{name}: no compiled form (set move_rays, compiled_followers or "
                "compiled_regions; see docs/adding-a-game.md)"
            )
    checked = [_check_ray(name, ray) for ray in (rays or ())]
    array = np.array(checked, dtype=np.int64).reshape(len(checked), 5)
    jitted = {
        label: _jit_followers(function, name, label) if function is not None else None
        for label, function in functions.items()
    }
    python = {
        label: _load_function(function, name, label)
        for label, function in functions.items()
        if function is not None
    }
    parameters = np.array(
        [int(v) for v in (game.terminal_parameters if isinstance(game, TwoPileForm) else ()) or ()]
        or [0],
        dtype=np.int64,
    )
    k = _counting_k(game, name)
    if k and (functions["compiled_followers"] is not None or functions["compiled_regions"]):
        raise ValueError(
            f"{name}: the engine's counting rule takes move_rays alone (a follower list or a "
            "region could name an option twice, or one a ray names); the spec answers"
        )
    if k:
        _check_disjoint(name, checked)
    rule = CompiledRule(
        name,
        array,
        jitted["compiled_followers"],
        jitted["compiled_regions"],
        jitted["compiled_terminal"],
        parameters,
        k,
        max(1, len(states)),
        _passes(game, name, states),
        python,
        isinstance(game, PlayRule) and bool(game.misere),
    )
    if not own:
        _RULES[key] = rule
    return rule


def layer_states(game: Any) -> tuple[int, ...]:
    """The states of a game with a state (its ``states``), or () for a two-pile game.

    Examples
    --------
    >>> import spec
    >>> layer_states(spec.get_game("wythoff-pass")), layer_states(spec.Wythoff())
    ((0, 1), ())
    """
    if not isinstance(game, Piles) or game.arity != 3 or not isinstance(game, Layered):
        return ()
    states = game.states
    if not states:
        return ()
    return tuple(int(s) for s in states)


def _passes(game: Any, name: str, states: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """The layers each layer's cells move to (``state_moves``), checked against the order."""
    if not states:
        return ((),)
    index = {s: i for i, s in enumerate(states)}
    passes: list[list[int]] = [[] for _ in states]
    for move in (game.state_moves if isinstance(game, Layered) else ()) or ():
        if not isinstance(move, (tuple, list)) or len(move) != 2:
            raise ValueError(f"{name}: state_moves entry {move!r}: expected (s, t)")
        s, t = move
        if s not in index or t not in index:
            raise ValueError(f"{name}: state_moves entry {move!r}: not states of the game")
        if index[t] >= index[s]:
            raise ValueError(
                f"{name}: state_moves entry {move!r}: the engine computes the states in the "
                f"order {states}; a move must go to an earlier one"
            )
        if index[t] not in passes[index[s]]:
            passes[index[s]].append(index[t])
    return tuple(tuple(p) for p in passes)


def _counting_k(game: Any, name: str) -> int:
    """0 for the mex, else the k of the game's counting rule."""
    rule = game.outcome_rule if isinstance(game, PlayRule) else None
    if rule is None:
        return 0
    k = getattr(rule, "k", None)
    if isinstance(k, bool) or not isinstance(k, int) or k < 1:
        raise ValueError(f"{name}: outcome_rule = {rule!r} is not a counting rule with k >= 1")
    return k


def _rays_meet(one: tuple[int, ...], two: tuple[int, ...]) -> bool:
    """Whether two rays (p, q, a, b) ever name the same follower (guards ignored).

    Offsets p + i a, q + i b (i >= 0; i = 0 only for a jump) against the
    other ray's: a point of a non-parallel pair from Cramer's rule, a parallel
    pair on one line by the Chinese remainder theorem.

    >>> _rays_meet((1, 1, 1, 1), (2, 2, 1, 1)), _rays_meet((1, 0, 1, 0), (0, 1, 0, 1))
    (True, False)
    >>> _rays_meet((1, 1, 2, 2), (2, 2, 2, 2)), _rays_meet((0, 1, 0, 1), (0, 2, 0, 0))
    (False, True)
    """
    (p, q, a, b), (r, s, c, d) = one[:4], two[:4]
    if (a, b) == (0, 0) and (c, d) == (0, 0):
        return (p, q) == (r, s)
    if (a, b) == (0, 0):
        return _on_ray(p, q, (r, s, c, d))
    if (c, d) == (0, 0):
        return _on_ray(r, s, (p, q, a, b))
    det = a * d - b * c
    if det != 0:  # p + i a = r + j c, q + i b = s + j d
        i_num, j_num = (r - p) * d - (s - q) * c, (r - p) * b - (s - q) * a
        return i_num % det == 0 and j_num % det == 0 and i_num // det >= 0 and j_num // det >= 0
    if (r - p) * b - (s - q) * a != 0:  # parallel, on different lines
        return False
    step = gcd(a, b)
    ua, ub = a // step, b // step  # the primitive direction; the second start is delta steps on
    delta = (r - p) // ua if ua else (s - q) // ub
    return delta % gcd(step, gcd(c, d)) == 0


def _on_ray(u: int, v: int, ray: tuple[int, int, int, int]) -> bool:
    p, q, a, b = ray
    if a:
        i, rest = divmod(u - p, a)
        return rest == 0 and i >= 0 and v == q + i * b
    if b:
        i, rest = divmod(v - q, b)
        return rest == 0 and i >= 0 and u == p
    return (u, v) == (p, q)


def _check_disjoint(name: str, rays: list[tuple[int, int, int, int, int]]) -> None:
    """Refuse a counting rule whose rays share a follower (it would be counted twice)."""
    for i, one in enumerate(rays):
        for two in rays[i + 1 :]:
            if _rays_meet(one, two):
                raise ValueError(
                    f"{name}: the rays {one[:4]} and {two[:4]} name the same follower; a "
                    "counting rule counts each option once, so give rays that never meet"
                )


def covers(game: EngineGame) -> str | None:
    """None if the engine can compute ``game``, else a one-line reason.

    Examples
    --------
    >>> import spec
    >>> covers(spec.get_game("a-wythoff:3")) is None
    True
    >>> covers(spec.FibonacciNim())  # doctest: +ELLIPSIS
    'fibonacci-nim: no compiled form (set move_rays, compiled_followers or compiled_regions; ...)'
    """
    try:
        compiled_rule(game)
    except ValueError as error:
        return str(error)
    return None
