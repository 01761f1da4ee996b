"""The checker's own atoms: Zeckendorf numeration's (or base 2's) valid words and arithmetic.

Each atom is a small explicit automaton built here, by this module's own code, over ``k``
tapes of binary digits read most significant first (letter ``c``: tape ``i`` reads bit
``i`` of ``c``), accepting exactly the words whose every tape is a valid Zeckendorf word (no
two adjacent 1s; leading zeros allowed) and whose values satisfy the atom.  A certificate's
atom is accepted when a walk of the pair automaton (its state, ours) finds them equal in
acceptance everywhere: the two languages are then equal.

>>> word(11)
[1, 0, 1, 0, 0]
>>> delta, accept = build("const", "3", 1)  # 0* 100
>>> accept.count(True), len(accept)  # one accepting state; the dead state
(1, 5)
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

State = tuple[int, ...]


def word(n: int, numeration: str = "fibonacci") -> list[int]:
    """The Zeckendorf digits of ``n`` (msd first, greedy on 1, 2, 3, 5, 8, ...), or binary."""
    if numeration == "binary":
        return [int(d) for d in bin(n)[2:]] if n else []
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


Step = Callable[[State, State], "State | None"]


def _semantics(kind: str, arg: str, numeration: str) -> tuple[State, Step, Callable[[State], bool]]:
    """``(start, step, accepts)`` of the atom's own part: its arithmetic (None: dead)."""
    if kind in ("valid", "equal"):  # x = y: every column equal
        return (), lambda s, b: s if kind == "valid" or b[0] == b[1] else None, lambda s: True
    if kind == "less":  # x < y: equal-length valid words compare like their values (greedy)
        return (0,), lambda s, b: s if s[0] or b[0] == b[1] else ((1,) if b[0] < b[1] else None), \
            lambda s: s[0] == 1  # fmt: skip
    if kind == "shift":  # y's word is x's followed by 0: x reads next what y read last
        return (0,), lambda s, b: (b[1],) if b[0] == s[0] else None, lambda s: s[0] == 0
    if kind == "const":  # 0* word(n): the digits matched so far
        w = word(int(arg), numeration)
        return (0,), lambda s, b: s if s[0] == 0 == b[0] else (
            (s[0] + 1,) if s[0] < len(w) and w[s[0]] == b[0] else None), \
            lambda s: s[0] == len(w)  # fmt: skip
    if kind in ("xor", "band"):  # base 2: every column z = x XOR y (x AND y)
        return (), lambda s, b: s if b[2] == (b[0] ^ b[1] if kind == "xor" else b[0] & b[1]) \
            else None, lambda s: True  # fmt: skip
    if numeration == "binary":  # x + y = z: the value V of z - x - y maps to 2V + a, dead off 0, 1
        return (0,), lambda s, b: (v,) if (v := 2 * s[0] + b[2] - b[0] - b[1]) in (0, 1) \
            else None, lambda s: s[0] == 0  # fmt: skip

    def add(s: State, b: State) -> State | None:  # x + y = z: (V, U) of z - x - y
        a, v, u = b[2] - b[0] - b[1], s[0], s[1]
        nxt = (u + a, u + v + 2 * a)
        return None if _far(*nxt) else nxt

    return (0, 0), add, lambda s: s[0] == 0


ARITY = {"valid": -1, "equal": 2, "less": 2, "shift": 2, "const": 1, "adder": 3, "xor": 3,
         "band": 3}  # fmt: skip


@cache
def build(kind: str, arg: str, k: int, numeration: str = "fibonacci"
          ) -> tuple[list[list[int]], list[bool]]:  # fmt: skip
    """Our own automaton of the atom on ``k`` tapes (``(delta, accept)``, start 0, complete):
    a state is the tapes' last digits (all 0 in base 2: every word valid) and the atom's
    state, or dead (None)."""
    binary = numeration == "binary"
    if ARITY.get(kind, k) not in (-1, k) or (kind == "const" and not arg.isdigit()):
        raise ValueError(f"the atom {kind} {arg} on {k} tapes")
    if numeration not in ("fibonacci", "binary") or (kind in ("xor", "band") and not binary):
        raise ValueError(f"the atom {kind} in the numeration {numeration}")
    if kind == "valid" and binary:
        return [[0] * 2**k], [True]
    if kind == "valid":  # the state is the tapes' last digits (bits), or dead (2**k)
        rows = [[c if s & c == 0 else 2**k for c in range(2**k)] for s in range(2**k)]
        return [*rows, [2**k] * 2**k], [True] * 2**k + [False]
    start, step, accepts = _semantics(kind, arg, numeration)
    order: list[tuple[State, State] | None] = [((0,) * k, start)]
    index = {order[0]: 0}
    delta: list[list[int]] = []
    for state in order:  # grows while it is read: a breadth-first search
        row = []
        for c in range(2**k):
            bits = tuple((c >> i) & 1 for i in range(k))
            nxt = None
            if state is not None and not any(a & b for a, b in zip(state[0], bits, strict=True)):
                inner = step(state[1], bits)  # a tape reading 11 is dead, and so is the atom's
                nxt = None if inner is None else ((0,) * k if binary else bits, inner)
            if nxt not in index:
                index[nxt] = len(order)
                order.append(nxt)
            row.append(index[nxt])
        delta.append(row)
    return delta, [s is not None and accepts(s[1]) for s in order]
