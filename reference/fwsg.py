"""Algorithm FWSG: the j-points of F-Wythoff, one sequence T_j at a time.

References
----------
Y. Jiao, "On the Sprague-Grundy values of the F-Wythoff game",
Electron. J. Combin. 20(1) (2013), §3, Algorithm FWSG, Lemma 8 and the proof
of Theorem 9. Seed ``001``. It modifies Algorithm WSG of Blass and Fraenkel
(seed ``000`` §2.1, :mod:`reference.wsg`).
"""

from __future__ import annotations

from dataclasses import dataclass

from reference.wsg import WSGResult, check_sizes, empty_sequences

__all__ = ["FWSGResult", "fwsg", "keeps_ratio", "slant_amounts", "slant_follower"]


@dataclass
class FWSGResult(WSGResult):
    """The output of Algorithm FWSG for 0 <= j <= g on rows 0..rows-1.

    Same fields as :class:`reference.wsg.WSGResult`: ``T[j]`` holds every
    F-Wythoff j-point (a, b), a <= b, a < rows, in increasing a; ``A``,
    ``B``, ``D`` are Jiao's A_j, B_j, D_j restricted to these points.
    """


def keeps_ratio(small: int, large: int, j: int) -> bool:
    """F-Wythoff's slant rule (001 §1): taking j from both piles keeps floor(l / s).

    The one statement of the rule in the reference layer (the spec states it
    in :class:`spec.games.FWythoff`, the kernels in :func:`fast._rules.keeps_ratio`).
    Requires 1 <= j <= small - 1.

    Examples
    --------
    >>> keeps_ratio(4, 9, 1), keeps_ratio(4, 9, 2)  # 8 // 3 = 2 = 9 // 4; 7 // 2 = 3
    (True, False)
    """
    return (large - j) // (small - j) == large // small


def slant_amounts(x: int, y: int) -> list[int]:
    """The amounts j of the slant moves from (x, y): 1 <= j <= s - 1 with the ratio kept.

    Examples
    --------
    >>> slant_amounts(4, 9), slant_amounts(2, 3)
    ([1], [])
    """
    small, large = min(x, y), max(x, y)
    return [j for j in range(1, small) if keeps_ratio(small, large, j)]


def slant_follower(a: int, b: int, a2: int, b2: int) -> bool:
    """True when (a2, b2) is a slant follower of (a, b) in F-Wythoff (a <= b).

    A slant move takes i = a - a2 tokens from both piles, 1 <= i <= a - 1,
    and must preserve the integer ratio: floor((b-i)/(a-i)) = floor(b/a)
    (001 §1). So a2 >= 1 is required.

    Examples
    --------
    >>> slant_follower(2, 5, 1, 4)  # floor(4/1) = 4 != floor(5/2) = 2
    False
    >>> slant_follower(5, 12, 3, 10)  # floor(10/3) = 3 != 2
    False
    >>> slant_follower(7, 9, 4, 6)  # both ratios 1
    True
    >>> slant_follower(3, 5, 0, 2)  # i = a is not allowed
    False
    """
    i = a - a2
    if i < 1 or b - b2 != i or a2 < 1:
        return False
    return keeps_ratio(a, b, i)


def fwsg(g: int, rows: int) -> FWSGResult:
    """Run Algorithm FWSG for j = 0..g over rows 0..rows-1.

    Parameters
    ----------
    g, rows : int
        The j-points for 0 <= j <= g (g >= 0) are computed, each T_j up to
        the entries whose first coordinate is < rows (rows >= 0).

    Returns
    -------
    FWSGResult
        Jiao's sequences T_j, with A_j, B_j and D_j, for every j <= g.

    Raises
    ------
    ValueError
        From :func:`reference.wsg.check_sizes`, as :func:`reference.wsg.wsg`.

    Notes
    -----
    Written after the paper's steps (``# FWSG step k``), in the paper's
    order: T_0 first, up to the row bound, then T_1, and so on. Two lines of
    the seed's text are garbled by the PDF conversion and are reconstructed
    here from the rules of F-Wythoff (001 §1) and the proof of Theorem 9:

    * Step 1 prints ``max``; it is the minimal excludant (the same font slip
      turns mex into max in the definition of G on page 1; Proposition 6's
      proof only makes sense with mex).
    * Step 2a prints "m = b_n^j a_n^j" and the test "floor(b_n^j/a_n^j) !=
      floor((p+m)/p)". It reads: for each earlier n with
      m = b_n^j - a_n^j **and a_n^j >= 1**, floor(b_n^j / a_n^j) !=
      floor((p + m) / p). That is, m is rejected exactly when the earlier
      point (a_n^j, b_n^j) on the same diagonal is a slant follower of
      (p, p + m): removing i = p - a_n^j from both piles is a move only if
      1 <= i <= p - 1 (so a_n^j >= 1; the paper's ratio is undefined for
      a_n^j = 0) and the integer ratio is preserved (Theorem 9, condition 2
      of Lemma 8). ``tests/test_fwsg.py`` checks this reading against the
      spec and shows that dropping the ratio test (plain WSG line 8) gives
      wrong values.

    Examples
    --------
    >>> result = fwsg(9, 6)
    >>> result.T[0]
    [(0, 0), (1, 1), (2, 3), (4, 6), (5, 8)]
    >>> result.T[9]
    [(0, 9), (1, 8), (2, 11), (3, 10), (4, 7), (5, 12)]

    The second list contains Jiao's 9 = G(1, 8) = G(3, 10) = G(5, 12)
    (001 Theorem 12): three 9-points on diagonal 7.

    References
    ----------
    Seed ``001`` (Jiao 2013), §3: Algorithm FWSG, Lemma 8, Theorem 9.
    """
    check_sizes("fwsg", g, rows)
    A, B, D, T = empty_sequences(g)
    earlier: set[tuple[int, int]] = set()  # the points of T_0 .. T_{j-1}
    for j in range(g + 1):
        by_diagonal: dict[int, list[tuple[int, int]]] = {}  # m -> earlier points of T_j
        p = 0
        while True:
            while p in A[j] or p in B[j]:  # FWSG step 1: p = mex{a_n^j, b_n^j : n < k}
                p += 1
            if p >= rows:
                break
            m = 0
            while not (
                all(  # FWSG step 2a (reconstructed, see Notes)
                    not (a_n >= 1 and b_n // a_n == (p + m) // p)
                    for a_n, b_n in by_diagonal.get(m, ())
                )
                and (p, p + m) not in earlier  # FWSG step 2b
                and p + m not in B[j]  # FWSG step 2c
            ):
                m += 1
            T[j].append((p, p + m))  # FWSG step 3
            A[j].add(p)
            B[j].add(p + m)
            D[j].add(m)
            by_diagonal.setdefault(m, []).append((p, p + m))
        earlier.update(T[j])
    return FWSGResult(g=g, rows=rows, T=T, A=A, B=B, D=D)
