"""Exact Beatty sequences of the golden ratio and Wythoff's P-positions.

All functions use integer arithmetic only (``math.isqrt``), so they are
exact for Python ints of any size: with phi = (1 + sqrt 5) / 2,

    floor(n * phi)   = (n + isqrt(5 n^2)) // 2
    floor(n * phi^2) = floor(n * phi) + n

because phi^2 = phi + 1, and isqrt(5 n^2) = floor(n sqrt 5) for n >= 0
(sqrt 5 is irrational, so n sqrt 5 is never an integer for n >= 1).

References
----------
G. Nivasch, "More on the Sprague-Grundy function for Wythoff's game",
Games of No Chance 3 (2009), Theorem 1.1 and Lemma 3.4. Seed ``000``.
I. Suriyaprakash, "Classical Impartial Games" (2021), Theorem 4.3
(Beatty's theorem). Seed ``002``.
"""

from __future__ import annotations

from math import isqrt

__all__ = [
    "index0",
    "is_wythoff_p_position",
    "lower_index",
    "lower_wythoff",
    "partner",
    "upper_index",
    "upper_wythoff",
    "wythoff_p_positions",
    "wythoff_winning_moves",
]


def _check_natural(name: str, value: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or value < 0:
        raise ValueError(f"{name} must be an int >= 0 ({name} = {value!r})")


def lower_wythoff(n: int) -> int:
    """floor(n * phi), exactly: the lower Wythoff sequence a_n^0.

    Examples
    --------
    >>> [lower_wythoff(n) for n in range(8)]
    [0, 1, 3, 4, 6, 8, 9, 11]
    >>> lower_wythoff(10**12)
    1618033988749
    """
    _check_natural("n", n)
    return (n + isqrt(5 * n * n)) // 2


def upper_wythoff(n: int) -> int:
    """floor(n * phi^2) = floor(n * phi) + n, exactly: b_n^0.

    Examples
    --------
    >>> [upper_wythoff(n) for n in range(8)]
    [0, 2, 5, 7, 10, 13, 15, 18]
    """
    return lower_wythoff(n) + n


def index0(r: int) -> int:
    """ceil(r / phi): the number of 0-points in the rows below r (000 Lemma 3.4).

    It is the least n with floor(n * phi) >= r; computed as
    ceil(r (sqrt 5 - 1) / 2) with integer square roots.

    Examples
    --------
    >>> [index0(r) for r in range(8)]
    [0, 1, 2, 2, 3, 4, 4, 5]
    """
    _check_natural("r", r)
    # r/phi = r (sqrt5 - 1) / 2; ceil(x) for x irrational (r >= 1) is floor(x) + 1.
    if r == 0:
        return 0
    return (isqrt(5 * r * r) - r) // 2 + 1


def lower_index(v: int) -> int | None:
    """The n with floor(n phi) = v, or None if v is not in the lower Wythoff sequence.

    n = ceil(v / phi) (:func:`index0`) is the least n with floor(n phi) >= v,
    so v is in the sequence exactly when it is hit there.

    Examples
    --------
    >>> [lower_index(v) for v in range(8)]
    [0, 1, None, 2, 3, None, 4, None]
    """
    n = index0(v)
    return n if lower_wythoff(n) == v else None


def upper_index(v: int) -> int | None:
    """The n with floor(n phi^2) = v, or None if v is not in the upper Wythoff sequence.

    The sequences a_n, b_n (n >= 1) partition the positive integers (000
    Theorem 1.1), and ``index0(v) - 1`` of the a_n lie in 1..v-1, so an upper
    v >= 1 is b_m with m = v - index0(v) + 1; b_0 = 0.

    Examples
    --------
    >>> [upper_index(v) for v in range(8)]
    [0, None, 1, None, None, 2, None, 3]
    """
    if v == 0:
        return 0
    m = v - index0(v) + 1
    return m if upper_wythoff(m) == v else None


def partner(v: int) -> int:
    """The w with (v, w) a P-position of Wythoff's game: b_n for v = a_n, a_n for v = b_n.

    Unique by 000 Theorem 1.1 (the a_n, b_n, n >= 1, partition the positive
    integers; a_0 = b_0 = 0).

    Examples
    --------
    >>> [partner(v) for v in range(8)]
    [0, 2, 1, 5, 7, 3, 10, 4]
    """
    _check_natural("v", v)
    n = lower_index(v)
    if n is not None:
        return upper_wythoff(n)
    m = upper_index(v)
    assert m is not None  # the two sequences cover every integer >= 0
    return lower_wythoff(m)


def wythoff_p_positions(count: int) -> list[tuple[int, int]]:
    """The first ``count`` P-positions (a_n, b_n), a_n <= b_n (000 Theorem 1.1).

    Examples
    --------
    >>> wythoff_p_positions(5)
    [(0, 0), (1, 2), (3, 5), (4, 7), (6, 10)]
    """
    _check_natural("count", count)
    return [(lower_wythoff(n), upper_wythoff(n)) for n in range(count)]


def is_wythoff_p_position(x: int, y: int) -> bool:
    """Whether (x, y) is a P-position of Wythoff's game, by Theorem 1.1.

    (x, y) with x <= y is a P-position iff y - x = n and x = floor(n phi).

    Examples
    --------
    >>> is_wythoff_p_position(5, 3), is_wythoff_p_position(4, 6)
    (True, False)
    """
    _check_natural("x", x)
    _check_natural("y", y)
    a, b = min(x, y), max(x, y)
    return lower_wythoff(b - a) == a


def wythoff_winning_moves(x: int, y: int) -> list[tuple[int, int]]:
    """Every winning move of Wythoff's game from (x, y): the P-positions (000 Theorem 1.1)
    in its row, its column and its diagonal that lie below it, sorted.

    A row holds one P-position, (x, partner(x)); a column one, (partner(y), y);
    a diagonal y - x = d one, (a_d, a_d + d) or its mirror. So there are at most three
    winning moves, found at any size with exact integers.

    Examples
    --------
    >>> wythoff_winning_moves(4, 4), wythoff_winning_moves(3, 5)
    ([(0, 0)], [])
    >>> wythoff_winning_moves(5, 10**18)
    [(5, 3)]
    """
    _check_natural("x", x)
    _check_natural("y", y)
    found = set()
    w = partner(x)  # the P-position in the row of x, then in the column of y
    if w < y:
        found.add((x, w))
    w = partner(y)
    if w < x:
        found.add((w, y))
    d = abs(y - x)
    a = lower_wythoff(d)
    if a < min(x, y):
        found.add((a, a + d) if x <= y else (a + d, a))
    return sorted(found)
