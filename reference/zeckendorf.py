"""Zeckendorf representations and Fibonacci Nim's P-positions.

Fibonacci Nim position (n, r): n tokens, at most r may be taken; taking k
leads to (n - k, 2k) (002 §3). With z_1(n) the smallest part of the
Zeckendorf representation of n (002 Theorem 3.1), Theorem 3.2 says
G(n, r) = 0 iff r < z_1(n), and the winning move from an N-position takes
z_1(n) tokens. The position (0, r) has no move, so it is a P-position for
every r (the theorem is stated for n >= 1: 0 has an empty representation).

Fibonacci numbers are indexed F_1 = F_2 = 1, F_3 = 2, F_4 = 3, ...; the
Zeckendorf parts are the distinct ones F_2, F_3, .... The seed does not fix
F_1; Lemma 3.3 needs F_1 = 1: for z_1(k) = 1 = F_2 it allows
z_1(n - k) = F_1 = 1 (e.g. n = 5, k = 1: z_1(4) = 1), which is checked in
tests/test_zeckendorf.py.

References
----------
I. Suriyaprakash, "Classical Impartial Games" (2021), §3: Theorem 3.1
(Zeckendorf), Theorem 3.2, Lemma 3.3, Corollary 3.3.1. Seed ``002``.
"""

from __future__ import annotations

__all__ = [
    "fibonacci_index",
    "fibonacci_numbers",
    "is_fibonacci",
    "is_p_position",
    "outcome_table",
    "start_is_p_position",
    "winning_move",
    "z1",
    "zeckendorf",
]


def _check_int(name: str, value: int, least: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or value < least:
        raise ValueError(f"{name} must be an int >= {least} ({name} = {value!r})")


def fibonacci_numbers(limit: int) -> list[int]:
    """The distinct Fibonacci numbers 1, 2, 3, 5, 8, ... that are <= limit.

    Examples
    --------
    >>> fibonacci_numbers(20)
    [1, 2, 3, 5, 8, 13]
    """
    _check_int("limit", limit, 0)
    fibs: list[int] = []
    a, b = 1, 2
    while a <= limit:
        fibs.append(a)
        a, b = b, a + b
    return fibs


def fibonacci_index(f: int) -> int:
    """t with F_t = f, in the indexing F_2 = 1, F_3 = 2, F_4 = 3, F_5 = 5.

    Examples
    --------
    >>> fibonacci_index(1), fibonacci_index(8)
    (2, 6)
    """
    fibs = fibonacci_numbers(f)
    if not fibs or fibs[-1] != f:
        raise ValueError(f"f must be a Fibonacci number (f = {f!r})")
    return len(fibs) + 1


def is_fibonacci(n: int) -> bool:
    """Whether n >= 1 is a Fibonacci number.

    Examples
    --------
    >>> [n for n in range(1, 22) if is_fibonacci(n)]
    [1, 2, 3, 5, 8, 13, 21]
    """
    _check_int("n", n, 1)
    return fibonacci_numbers(n)[-1] == n


def zeckendorf(n: int) -> list[int]:
    """The Zeckendorf representation of n, smallest part first (002 Theorem 3.1).

    Greedy: take the largest Fibonacci number <= the remainder; the parts
    are distinct and no two are consecutive Fibonacci numbers.

    Parameters
    ----------
    n : int
        n >= 0 (0 has the empty representation).

    Returns
    -------
    list of int
        ``[z_1(n), z_2(n), ...]`` increasing.

    Examples
    --------
    >>> zeckendorf(26)  # 002 §3: z_2(26) = 21
    [5, 21]
    >>> zeckendorf(0)
    []
    """
    _check_int("n", n, 0)
    parts: list[int] = []
    remainder = n
    for f in reversed(fibonacci_numbers(n)):
        if f <= remainder:
            parts.append(f)
            remainder -= f
    return parts[::-1]


def z1(n: int) -> int:
    """z_1(n): the smallest part of the Zeckendorf representation (002 §3).

    Raises
    ------
    ValueError
        If n < 1 (0 has no parts).

    Examples
    --------
    >>> z1(4), z1(26), z1(13)  # 002 §3: z_1(4) = 1
    (1, 5, 13)
    """
    _check_int("n", n, 1)
    return zeckendorf(n)[0]


def is_p_position(n: int, r: int) -> bool:
    """Whether Fibonacci Nim (n, r) is a P-position: r < z_1(n) (002 Theorem 3.2).

    (0, r) has no move, so it is a P-position.

    Examples
    --------
    >>> is_p_position(8, 7), is_p_position(9, 1)  # 9 = 1 + 8, z_1 = 1
    (True, False)
    >>> is_p_position(5, -1)
    Traceback (most recent call last):
    ...
    ValueError: r must be an int >= 0 (r = -1)
    """
    _check_int("n", n, 0)
    _check_int("r", r, 0)
    return n == 0 or r < z1(n)


def outcome_table(n_max: int) -> list[list[int]]:
    """1 where (n, r) is a P-position (Theorem 3.2: n = 0 or r < z_1(n)), 0 <= n, r <= n_max.

    >>> outcome_table(3)
    [[1, 1, 1, 1], [1, 0, 0, 0], [1, 1, 0, 0], [1, 1, 1, 0]]
    """
    _check_int("n_max", n_max, 0)
    z = [n_max + 1] + [z1(n) for n in range(1, n_max + 1)]
    return [[int(r < z[n]) for r in range(n_max + 1)] for n in range(n_max + 1)]


def winning_move(n: int, r: int) -> int | None:
    """Tokens to take from (n, r) to win: z_1(n) (002 proof of Theorem 3.2); None at a P-position.

    Examples
    --------
    >>> winning_move(9, 8), winning_move(8, 7)
    (1, None)
    """
    if is_p_position(n, r):
        return None
    return z1(n)


def winning_moves(n: int, r: int) -> list[int]:
    """Every winning move from Fibonacci Nim (n, r): the k tokens to take, increasing.

    Taking k leads to (n - k, 2k), a P-position iff n = k or 2k < z_1(n - k)
    (002 Theorem 3.2). Such a k is the sum of the smallest parts of n's
    Zeckendorf representation: the parts of m = n - k are all >= z_1(m) >
    2k, and k < z_1(m) / 2 < F_{j-1} for z_1(m) = F_j, so k's parts are at
    most F_{j-2} and the two representations joined are n's. So the
    candidates are the partial sums of n's parts from the smallest, at most
    about log_phi(n) of them: any size.

    Examples
    --------
    >>> winning_moves(10, 9), winning_moves(10, 10), winning_moves(8, 7)  # 10 = 2 + 8
    ([2], [2, 10], [])
    >>> winning_moves(10**30, 10**30)[:3]
    [1, 35, 357]
    """
    _check_int("r", r, 0)
    parts = zeckendorf(n)
    moves, taken = [], 0
    for j, part in enumerate(parts):
        taken += part
        rest = parts[j + 1] if j + 1 < len(parts) else None
        if taken <= r and (rest is None or 2 * taken < rest):
            moves.append(taken)
    return moves


def start_is_p_position(n: int) -> bool:
    """Whether the start (n, n - 1) is a P-position: n is Fibonacci (002 Corollary 3.3.1).

    Examples
    --------
    >>> [n for n in range(1, 15) if start_is_p_position(n)]
    [1, 2, 3, 5, 8, 13]
    """
    _check_int("n", n, 1)
    return is_fibonacci(n)
