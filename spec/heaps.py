"""One-heap games: subtraction games and take-and-break games by their octal code.

A *heap game* is played on heaps of tokens; a move takes one heap and leaves
zero, one or more (smaller, non-empty) heaps in its place, and a position is
the multiset of heaps. Such a position is the disjunctive sum of its heaps,
so by the Sprague-Grundy theorem (000 §1.1) its value is the XOR of the
values of its heaps, and the value of one heap is

    G(n) = mex { G(h_1) XOR ... XOR G(h_r) : (h_1, ..., h_r) an option of n }

(an option that leaves no heap has value 0). :func:`nim_sequence` is that
formula, written plainly: the oracle for every heap game (Winning Ways,
ch. 4; Conway, On Numbers and Games, ch. 11).

A game declares its moves by :meth:`HeapGame.options`, the heaps a heap of n
tokens may leave; ``followers`` (the definition the generic solver and
``moves`` use) applies them to one heap of a multi-heap position.

Two families are built in:

* ``subtraction:1,3,4``: take k tokens, k in the finite set S (any positive
  ints); the heap n - k may be empty.
* ``octal:0.137``: Conway's octal code d_0 . d_1 d_2 d_3 ... (Winning Ways,
  ch. 4, "Take-and-break games"; ONAG ch. 11). The digit d_k (k >= 1) says
  whether k tokens may be removed from a heap leaving no heap (bit 1, only
  when the heap had exactly k), one non-empty heap (bit 2) or two non-empty
  heaps (bit 4). A digit before the point, 0 or 4 (``octal:4.007``), says
  whether a heap may be split into two non-empty heaps without removing any
  token. Kayles is 0.77, Dawson's Kayles 0.07, Officers 0.6.

* ``hex:0.f``: a hexadecimal code (Winning Ways ch. 4, "Hexadecimal games"):
  the digit d_k, 0..f, has the bits of the octal one and bit 8, k tokens
  removed leaving three non-empty heaps; d_0 is 0, 4, 8 or c.

A subtraction game is the octal game whose digits are 3 at the k in S (and
0 elsewhere): both carry ``heap_code``, the digits (d_0, d_1, ..., d_t), the
plain data the compiled kernels (:mod:`fast.heaps`) read.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Iterator
from typing import Any, ClassVar

from spec.families import ascii_int
from spec.game import (
    ImpartialGame,
    InvalidPosition,
    PileGame,
    Position,
    check_sizes,
    register_family,
    register_family_class,
)
from spec.shapes import Shape

__all__ = [
    "ALIASES",
    "MAX_TAKE",
    "PARTITIONS_MAX",
    "SPLIT_PROBE",
    "HeapGame",
    "HexGame",
    "OctalGame",
    "SubtractionGame",
    "heap_options",
    "is_heap_game",
    "nim_sequence",
    "parse_hex",
    "parse_octal",
    "partitions_below",
    "why_not_heap_game",
]


#: The largest k a subtraction set may hold (its rule is one octal digit per k, as data).
MAX_TAKE = 10**6


class HeapGame(PileGame):
    """A game on heaps of tokens whose moves replace one heap by smaller heaps.

    Subclasses implement :meth:`options`. A position is a tuple of heap sizes
    in canonical form: positive sizes in decreasing order, or ``(0,)`` for no
    heap (``(5,)`` is one heap of 5, ``(3, 2)`` two heaps). ``heap_code``, the
    octal digits (d_0, ..., d_t) of the rule or None, is the compiled form.

    Examples
    --------
    >>> game = OctalGame.from_text("0.07")
    >>> game.check_position((2, 3))
    (3, 2)
    >>> sorted(game.followers((5,)))
    [(2, 1), (3,)]
    """

    arity: ClassVar[int] = 1
    coordinates: ClassVar[tuple[str, ...]] = ("n",)
    shape: ClassVar[Shape | None] = Shape.ONE_HEAP
    heap_code: tuple[int, ...] | None = None
    #: The subtraction set's first-order form, a membership automaton as plain data
    #: (numeration name, transitions, accepting), or None (:mod:`spec.heaps_sets`).
    subtraction_automaton: tuple[str, tuple[tuple[int, ...], ...], tuple[bool, ...]] | None = None

    def options(self, n: int) -> Iterator[tuple[int, ...]]:
        """Yield the heaps (positive sizes) a heap of ``n`` tokens may leave; () for none."""
        raise NotImplementedError

    def check_position(self, position: Any) -> Position:
        """Non-negative ints, returned positive and decreasing (``(0,)`` for no heap)."""
        if isinstance(position, int) and not isinstance(position, bool):
            position = (position,)
        if not isinstance(position, (tuple, list)) or not position:
            raise InvalidPosition(
                f"{self.describe()}: position {position!r}: expected one or more heap sizes"
            )
        check_sizes(self, position, (("n", value) for value in position), "heap")
        return _canonical(position)

    def splits(self) -> bool:
        """Whether a move may leave two heaps or more: read from :meth:`options` of the heaps
        up to :data:`SPLIT_PROBE` (a rule that splits only past it is not seen).

        >>> OctalGame.from_text("0.07").splits(), OctalGame.from_text("0.33").splits()
        (True, False)
        """
        return any(len(o) > 1 for n in range(SPLIT_PROBE + 1) for o in self.options(n))

    def sub_positions(self, position: Position) -> int:
        """An upper bound on the positions below ``position`` (the spec solver's cost model):
        a rule that never splits keeps each group of c equal heaps of h a multiset of c heaps
        of at most h (C(h + c, c)); one that splits reaches multisets of heaps of any sizes
        whose total is at most the position's: the partitions of each total
        (:func:`partitions_below`).

        >>> game = OctalGame.from_text("0.77")  # Kayles splits
        >>> game.sub_positions((5,)), OctalGame.from_text("0.33").sub_positions((2, 2, 2))
        (19, 10)
        """
        if self.splits():
            return partitions_below(sum(position))
        count = 1
        for h in set(position):
            count *= math.comb(h + position.count(h), h)
        return count

    def rank(self, position: Position) -> Any:
        """(tokens, -heaps): a move removes tokens or, removing none, splits a heap."""
        return (sum(position), -len(position))

    def followers(self, position: Position) -> Iterator[Position]:
        for index, n in enumerate(position):
            if n == 0 or n in position[:index]:
                continue  # equal heaps have the same followers
            rest = position[:index] + position[index + 1 :]
            for option in self.options(n):
                yield _canonical(rest + tuple(option))


#: The heaps :meth:`HeapGame.splits` reads the options of.
SPLIT_PROBE = 24
#: The largest total :func:`partitions_below` counts exactly (p(2000) is about 4.7e45: past
#: any budget, so a larger total is counted as this one, a lower bound).
PARTITIONS_MAX = 2000


@functools.cache
def partitions_below(total: int) -> int:
    """p(0) + p(1) + ... + p(total): the multisets of positive heaps with at most ``total``
    tokens (Euler's pentagonal recurrence; a total past :data:`PARTITIONS_MAX` as that one).

    >>> partitions_below(5), partitions_below(44) > 10**5
    (19, True)
    """
    top = min(max(total, 0), PARTITIONS_MAX)
    p = [1] + [0] * top
    for n in range(1, top + 1):
        k, acc = 1, 0
        while True:
            first = n - k * (3 * k - 1) // 2
            if first < 0:
                break
            sign = 1 if k % 2 else -1
            second = n - k * (3 * k + 1) // 2
            acc += sign * (p[first] + (p[second] if second >= 0 else 0))
            k += 1
        p[n] = acc
    return sum(p)


def _canonical(heaps: Any) -> Position:
    kept = sorted((h for h in heaps if h > 0), reverse=True)
    return tuple(kept) if kept else (0,)


def _parse_code(text: str, prefix: str, radix: int, example: str) -> tuple[int, ...]:
    """The digits of a code ``d_0.d_1d_2...`` in base ``radix`` (8: octal, 16: hexadecimal),
    trailing zeros dropped; d_0 may only take everything (bits 4 and 8). Each refusal is one
    line naming the family ``prefix``, the code and an ``example``."""
    code = text.strip()
    before, point, after = code.partition(".")
    if not point or not after:
        raise ValueError(
            f"{prefix}: code {code!r} must be d_0.d_1d_2... with digits after the point "
            f"(e.g. {example})"
        )
    names = "0123456789abcdef"[:radix]
    kind = {8: "an octal digit 0..7", 16: "a hexadecimal digit 0..f"}[radix]
    before = (before or "0").lower()
    firsts = [names[d] for d in range(0, radix, 4)]
    if before not in firsts:
        allowed = ", ".join(firsts[:-1]) + " or " + firsts[-1]  # "0 or 4", "0, 4, 8 or c"
        raise ValueError(
            f"{prefix}: code {code!r}: the digit before the point d_0 = {before!r} must be "
            f"{allowed} (e.g. {example})"
        )
    digits = [names.index(before)]
    for k, char in enumerate(after, start=1):
        if char.lower() not in names:
            raise ValueError(
                f"{prefix}: code {code!r}: digit d_{k} = {char!r} is not {kind} (e.g. {example})"
            )
        digits.append(names.index(char.lower()))
    while len(digits) > 1 and digits[-1] == 0:
        digits.pop()
    if len(digits) == 1 and digits[0] == 0:
        raise ValueError(f"{prefix}: code {code!r} allows no move (e.g. {example})")
    return tuple(digits)


def parse_octal(text: str) -> tuple[int, ...]:
    """The digits (d_0, d_1, ..., d_t) of an octal code ``d_0.d_1d_2...``.

    Examples
    --------
    >>> parse_octal("0.137"), parse_octal("4.007"), parse_octal(".6")
    ((0, 1, 3, 7), (4, 0, 0, 7), (0, 6))
    >>> parse_octal("0.8")
    Traceback (most recent call last):
    ...
    ValueError: octal: code '0.8': digit d_1 = '8' is not an octal digit 0..7 (e.g. octal:0.137)
    """
    return _parse_code(text, "octal", 8, OctalGame.example)


class OctalGame(HeapGame):
    """A take-and-break game given by Conway's octal code (Winning Ways ch. 4; ONAG ch. 11).

    Parameters
    ----------
    digits : tuple of int
        (d_0, d_1, ..., d_t): d_0 in {0, 4}, d_k in 0..7 (see the module).

    Examples
    --------
    >>> kayles = OctalGame.from_text("0.77")
    >>> sorted(kayles.options(3))
    [(1,), (1, 1), (2,)]
    >>> OctalGame.from_text("4.007").describe()
    'octal:4.007'
    """

    name = "octal"
    rules = "octal code d0.d1d2...: d_k says if k tokens may go leaving 0 (1), 1 (2) or 2 heaps (4)"
    source = "Winning Ways ch. 4 (take-and-break games); Conway, ONAG ch. 11 (not a seed)"
    example = "octal:0.137"

    def __init__(self, digits: tuple[int, ...]) -> None:
        super().__init__()
        self.heap_code = tuple(digits)

    @classmethod
    def from_text(cls, text: str) -> OctalGame:
        """Parse the code (the text after ``octal:``)."""
        return cls(parse_octal(text))

    def describe(self) -> str:
        code = self.heap_code or (0,)
        return f"octal:{code[0]}." + ("".join(map(str, code[1:])) or "0")

    def __repr__(self) -> str:
        return f"OctalGame({self.heap_code!r})"

    def options(self, n: int) -> Iterator[tuple[int, ...]]:
        code = self.heap_code or (0,)
        for k, digit in enumerate(code):
            rest = n - k
            if digit & 1 and rest == 0 and k > 0:
                yield ()
            if digit & 2 and rest >= 1 and k > 0:
                yield (rest,)
            if digit & 4:
                for a in range(1, rest // 2 + 1):
                    yield (rest - a, a)
            if digit & 8:  # three heaps a <= b <= c (hexadecimal codes)
                for a in range(1, rest // 3 + 1):
                    for b in range(a, (rest - a) // 2 + 1):
                        yield (rest - a - b, b, a)


def parse_hex(text: str) -> tuple[int, ...]:
    """The digits (d_0, d_1, ..., d_t) of a hexadecimal code ``d_0.d_1d_2...``.

    Examples
    --------
    >>> parse_hex("0.f"), parse_hex("8.0F1"), parse_hex(".6")
    ((0, 15), (8, 0, 15, 1), (0, 6))
    >>> parse_hex("0.g")
    Traceback (most recent call last):
    ...
    ValueError: hex: code '0.g': digit d_1 = 'g' is not a hexadecimal digit 0..f (e.g. hex:0.f)
    """
    return _parse_code(text, "hex", 16, HexGame.example)


class HexGame(OctalGame):
    """A take-and-break game given by a hexadecimal code (Winning Ways ch. 4).

    The octal rules, and bit 8 of d_k: k tokens may be removed leaving three
    non-empty heaps (d_0 = 8: a heap may be split in three without removing a token).

    Examples
    --------
    >>> game = HexGame.from_text("0.8")
    >>> sorted(game.options(5))
    [(2, 1, 1)]
    >>> game.describe(), game.heap_code
    ('hex:0.8', (0, 8))
    """

    name = "hex"
    rules = "hexadecimal code d0.d1d2...: the octal bits, and 8: k tokens go leaving 3 heaps"
    source = "Winning Ways ch. 4 (hexadecimal games) (not a seed)"
    example = "hex:0.f"

    @classmethod
    def from_text(cls, text: str) -> HexGame:
        """Parse the code (the text after ``hex:``)."""
        return cls(parse_hex(text))

    def describe(self) -> str:
        code = self.heap_code or (0,)
        return f"hex:{code[0]:x}." + ("".join(f"{d:x}" for d in code[1:]) or "0")

    def __repr__(self) -> str:
        return f"HexGame({self.heap_code!r})"


class SubtractionGame(OctalGame):
    """A subtraction game: take k tokens from the heap, k in a finite set S of positive ints.

    Its octal code has d_k = 3 for k in S (Winning Ways ch. 4).

    Examples
    --------
    >>> game = SubtractionGame.from_text("4,1,3")
    >>> game.describe(), game.heap_code
    ('subtraction:1,3,4', (0, 3, 0, 3, 3))
    >>> sorted(game.options(4))
    [(), (1,), (3,)]
    >>> SubtractionGame.from_text("0")
    Traceback (most recent call last):
    ...
    ValueError: subtraction: S = '0': k = 0 must be a positive int (e.g. subtraction:1,3,4)
    """

    name = "subtraction"
    rules = "take k tokens from the heap, k in the finite set S (subtraction:1,3,4)"
    source = "Winning Ways ch. 4 (subtraction games) (not a seed)"
    example = "subtraction:1,3,4"

    def __init__(self, subtraction_set: tuple[int, ...]) -> None:
        self.subtraction_set = tuple(sorted(set(subtraction_set)))
        digits = [0] * (max(self.subtraction_set) + 1)
        for k in self.subtraction_set:
            digits[k] = 3
        super().__init__(tuple(digits))

    @classmethod
    def from_text(cls, text: str) -> SubtractionGame:
        """Parse ``k1,k2,...`` (the text after ``subtraction:``)."""
        example, shown = cls.example, text.strip()
        if not shown:
            raise ValueError(f"subtraction: S is empty (give positive ints, e.g. {example})")
        values: list[int] = []
        for item in shown.split(","):
            try:
                k = ascii_int(item)
            except ValueError:
                raise ValueError(
                    f"subtraction: S = {shown!r}: {item.strip()!r} is not an integer in ASCII "
                    f"digits (e.g. {example})"
                ) from None
            if k < 1:
                raise ValueError(
                    f"subtraction: S = {shown!r}: k = {k} must be a positive int (e.g. {example})"
                )
            if k > MAX_TAKE:
                raise ValueError(
                    f"subtraction: S = {shown!r}: k = {k} is larger than {MAX_TAKE:,} (the rule "
                    "is kept as one octal digit per k)"
                )
            values.append(k)
        return cls(tuple(values))

    def describe(self) -> str:
        return "subtraction:" + ",".join(map(str, self.subtraction_set))

    def __repr__(self) -> str:
        return f"SubtractionGame({self.subtraction_set!r})"


def is_heap_game(game: ImpartialGame) -> bool:
    """Whether ``game`` is a one-heap game: it declares the shape of one heap
    (:class:`HeapGame`, or a pile game of arity 1) and, unless a :class:`HeapGame`, the mex.

    >>> from spec.games import Nim, Wythoff
    >>> is_heap_game(Nim()), is_heap_game(Wythoff())
    (True, False)
    """
    if not isinstance(game, ImpartialGame) or game.shape is not Shape.ONE_HEAP:
        return False
    return isinstance(game, HeapGame) or game.outcome_rule is None


def why_not_heap_game(game: ImpartialGame) -> str | None:
    """None if ``game`` is a one-heap game (:func:`is_heap_game`), else why not (one line).

    >>> from spec.games import Nim, Wythoff
    >>> why_not_heap_game(Nim()), why_not_heap_game(Wythoff())
    (None, 'not a one-heap game (a HeapGame, or a pile game of arity 1)')
    """
    if is_heap_game(game):
        return None
    return "not a one-heap game (a HeapGame, or a pile game of arity 1)"


def heap_options(game: ImpartialGame, n: int) -> Iterator[tuple[int, ...]]:
    """The options of a heap of ``n`` in a one-heap game: :meth:`HeapGame.options`, or the
    followers ``(m,)`` of a pile game of arity 1 as the heap ``(m,)`` (``()`` for m = 0)."""
    if isinstance(game, HeapGame):
        yield from game.options(n)
        return
    for (m,) in game.followers((n,)):
        yield (m,) if m else ()


def nim_sequence(game: ImpartialGame, terms: int) -> list[int]:
    """G(0), ..., G(terms - 1) of one heap: G(n) = mex of the XOR of each option's heaps.

    Of a misère game (:func:`spec.misere`), G⁻(0), ..., G⁻(terms - 1) by the solver on the
    heaps' own positions (a sum of heaps' misère value is no XOR).

    The oracle of every one-heap game (see the module; 000 §1.1 for the
    Sprague-Grundy theorem that makes a position's value the XOR of its
    heaps'). Each option's heaps are smaller than n (a move removes tokens or
    splits), which is checked.

    Examples
    --------
    >>> nim_sequence(SubtractionGame((1, 3, 4)), 15)
    [0, 1, 0, 1, 2, 3, 2, 0, 1, 0, 1, 2, 3, 2, 0]
    >>> nim_sequence(OctalGame.from_text("0.07"), 12)
    [0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3]
    """
    if isinstance(terms, bool) or not isinstance(terms, int) or terms < 0:
        raise ValueError(f"nim_sequence: terms must be an int >= 0 (terms = {terms!r})")
    if game.misere:  # G⁻(n): no XOR of the heaps' values (spec.misere)
        from spec.solver import grundy

        return [grundy(game, (n,)) for n in range(terms)]
    # n -> G(n), the prefix computed so far
    memo: dict[Any, int] = game.memo.setdefault("heap-sequence", {})
    values: list[int] = [memo[n] for n in range(min(terms, len(memo)))]
    for n in range(len(values), terms):
        seen = set()
        for option in heap_options(game, n):
            total = 0
            for h in option:
                if isinstance(h, bool) or not isinstance(h, int) or not 0 < h < n:
                    raise InvalidPosition(
                        f"{game.describe()}: the option {option!r} of the heap {n} is not "
                        "a set of smaller non-empty heaps"
                    )
                total ^= values[h]
            seen.add(total)
        value = 0
        while value in seen:
            value += 1
        values.append(value)
        memo[n] = value
    return values


for _family in (OctalGame, HexGame, SubtractionGame):
    register_family_class(_family)


#: The field's names of octal games (Winning Ways ch. 4; Flammenkamp's table): each is the
#: game ``octal:CODE`` (``get_game("kayles")`` describes itself as ``octal:0.77``).
ALIASES: dict[str, str] = {
    "kayles": "0.77",
    "dawsons-kayles": "0.07",
    "dawsons-chess": "0.137",
    "officers": "0.6",
    "treblecross": "0.007",
}


def _alias(name: str, code: str) -> Any:
    def factory(text: str) -> OctalGame:
        if text != code:
            raise ValueError(f"{name}: takes no parameter ({name} is octal:{code})")
        return OctalGame.from_text(code)

    return factory


for _name, _code in ALIASES.items():
    register_family(
        _name,
        _alias(_name, _code),
        rules=f"the octal game {_code} (the name the field uses)",
        source=OctalGame.source,
        example=_name,
        default=_code,
    )
