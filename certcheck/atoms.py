"""The checker's own atoms: Zeckendorf numeration's valid words and its arithmetic.

Each atom is a small explicit automaton built here, by this module's own code, over ``k``
tapes of binary digits read most significant first (letter ``c``: tape ``i`` reads bit
``i`` of ``c``), accepting exactly the words whose every tape is a valid Zeckendorf word (no
two adjacent 1s; leading zeros allowed) and whose values satisfy the atom.  A certificate's
atom is accepted when a walk of the pair automaton (its state, ours) finds them equal in
acceptance everywhere: the two languages are then equal.

>>> word(11), value(word(11))
([1, 0, 1, 0, 0], 11)
>>> delta, accept = build("const", "3", 1)  # 0* 100
>>> accept.count(True), len(accept)  # one accepting state; the dead state
(1, 5)
"""

from __future__ import annotations

from collections.abc import Callable

State = tuple[int, ...]


def word(n: int) -> list[int]:
    """The Zeckendorf digits of ``n`` (msd first, greedy on 1, 2, 3, 5, 8, ...)."""
    weights = [1, 2]
    while weights[-1] <= n:
        weights.append(weights[-1] + weights[-2])
    digits = []
    for w in reversed(weights[:-1]):
        digits.append(n // w)
        n %= w
    while digits and digits[0] == 0:
        digits.pop(0)
    return digits


def value(digits: list[int]) -> int:
    """``sum d_i F_{i+2}`` (position ``i`` from the right, ``F_2 = 1, F_3 = 2``)."""
    v, u = 0, 0  # the value and the value shifted by one place
    for d in digits:
        v, u = u + d, u + v + 2 * d
    return v


def _far(v: int, u: int) -> bool:
    """``|V + φU| > 20`` exactly: ``2(V + φU) = (2V + U) + U√5``, compared with ±40."""

    def sign(p: int, q: int) -> int:  # the sign of p + q√5
        if p >= 0 and q >= 0:
            return int(p > 0 or q > 0)
        if p <= 0 and q <= 0:
            return -1
        d = p * p - 5 * q * q
        return (1 if p > 0 else -1) if d > 0 else (1 if q > 0 else -1)

    return sign(2 * v + u - 40, u) > 0 or sign(2 * v + u + 40, u) < 0


def _valid_step(last: State, bits: State) -> State | None:
    """The tapes' last digits after reading ``bits``; None when a tape reads ``11``."""
    if any(a and b for a, b in zip(last, bits, strict=True)):
        return None
    return bits


def _semantics(kind: str, argument: str, k: int) -> tuple[State, Callable[..., object]]:
    """``(start, step)`` of the atom's own part (its arithmetic), and its acceptance."""
    if kind == "valid":
        return (), lambda s, b: s
    if kind == "equal":  # x = y: every column equal
        return (), lambda s, b: s if b[0] == b[1] else None
    if kind == "less":  # x < y: equal-length valid words compare like their values (greedy)
        return (0,), lambda s, b: s if s[0] or b[0] == b[1] else ((1,) if b[0] < b[1] else None)
    if kind == "shift":  # y's word is x's followed by 0: x reads next what y read last
        return (0,), lambda s, b: (b[1],) if b[0] == s[0] else None
    if kind == "const":
        digits = word(int(argument))

        def const(s: State, b: State) -> State | None:
            if s[0] == 0 and b[0] == 0:
                return s  # a leading zero
            i = s[0]
            return (i + 1,) if i < len(digits) and digits[i] == b[0] else None

        return (0,), const
    if kind == "adder":  # x + y = z: (V, U) of the digit-wise difference z - x - y

        def add(s: State, b: State) -> State | None:
            a = b[2] - b[0] - b[1]
            v, u = s[0], s[1]
            nxt = (u + a, u + v + 2 * a)
            return None if _far(*nxt) else nxt

        return (0, 0), add
    raise ValueError(f"unknown atom {kind!r}")


def _accepts(kind: str, argument: str, s: State) -> bool:
    if kind == "less":
        return s[0] == 1
    if kind == "shift":
        return s[0] == 0
    if kind == "const":
        return s[0] == len(word(int(argument)))
    if kind == "adder":
        return s[0] == 0
    return True


ARITY = {"equal": 2, "less": 2, "shift": 2, "const": 1, "adder": 3}


def build(kind: str, argument: str, k: int) -> tuple[list[list[int]], list[bool]]:
    """Our own automaton of the atom on ``k`` tapes (``(delta, accept)``, start 0, complete).

    A state is the pair (the tapes' last digits, the atom's state), or the dead state.
    """
    if kind != "valid" and ARITY.get(kind) != k:
        raise ValueError(f"the atom {kind} on {k} tapes")
    if kind == "const" and not argument.isdigit():
        raise ValueError(f"a constant {argument!r}")
    start, step = _semantics(kind, argument, k)
    index: dict[object, int] = {((0,) * k, start): 0}
    order: list[object] = [((0,) * k, start)]
    delta: list[list[int]] = []
    head = 0
    while head < len(order):
        state = order[head]
        head += 1
        row = []
        for c in range(2**k):
            bits = tuple((c >> i) & 1 for i in range(k))
            nxt: object = "dead"
            if state != "dead":
                last, inner = state  # type: ignore[misc]
                tapes, moved = _valid_step(last, bits), step(inner, bits)
                if tapes is not None and moved is not None:
                    nxt = (tapes, moved)
            if nxt not in index:
                index[nxt] = len(order)
                order.append(nxt)
            row.append(index[nxt])
        delta.append(row)
    accept = [s != "dead" and _accepts(kind, argument, s[1]) for s in order]  # type: ignore[index]
    return delta, accept
