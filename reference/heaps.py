"""One-heap games by their octal code: the nim-sequence and its certified period.

The rule of a take-and-break game is its octal code d_0 . d_1 d_2 ... d_t
(Winning Ways, ch. 4; Conway, ONAG ch. 11): from a heap of n tokens, k
tokens (1 <= k <= t) may be removed leaving no heap if d_k has bit 1 and
n = k, one non-empty heap if d_k has bit 2, two non-empty heaps if d_k has
bit 4 (and, in a hexadecimal code, three non-empty heaps if d_k has bit 8);
d_0 = 4 splits a heap in two without removing a token. A subtraction
game S is the code with d_k = 3 for k in S. ``code`` below is the tuple
(d_0, ..., d_t), ``spec.heaps`` parses it.

:func:`nim_sequence` is the plain loop: G(n) is the mex of G(n - k) (one
heap), 0 (no heap) and G(a) XOR G(b) over a + b = n - k (two heaps): the
prefix XOR-convolution, O(n^2) for a code that splits, O(n t) otherwise.

Periodicity
-----------
For n > t, the options of n no longer include "no heap" and do not depend on
n except through the heaps they leave. Two theorems then turn a finite check
into periodicity for ever:

* **No splitting** (no digit has bit 4): G(n) for n > t is a function of
  G(n - t), ..., G(n - 1). If G(n + p) = G(n) for the t values
  n0 <= n < n0 + t (n0 >= 1), then, by induction on n, for all n >= n0: the
  state of the last t values repeats at distance p.
* **Splitting** (Guy and Smith, 1956; Winning Ways ch. 4, "the periodicity
  theorem"): if G(n + p) = G(n) for all n0 <= n < 2 n0 + p + t, then for
  all n >= n0. Proof sketch: let n >= 2 n0 + p + t and assume the claim for
  smaller n. An option of n + p leaves n + p - k >= 2 n0 + 2p tokens in at
  most two heaps a <= b; so b >= n0 + p, and (a, b - p) is an option of n
  with the same value since G(b) = G(b - p) (b < n + p). Conversely an
  option (a, b) of n, b the larger, has b >= n0 + p/2 >= n0 and (a, b + p)
  is an option of n + p of the same value. The option sets have the same
  values, so G(n + p) = G(n). (n0 >= 1 keeps the heap b - p non-empty.)
* **Three heaps** (a hexadecimal digit with bit 8; the same argument): if
  G(n + p) = G(n) for all n0 <= n < 3 n0 + 2p + t, then for all n >= n0. An
  option of n + p, n >= 3 n0 + 2p + t, leaves at least 3 n0 + 3p tokens in at
  most three heaps, the largest c >= n0 + p, and c - p gives an option of n of
  the same value; an option of n has its largest heap c >= n0 + 2p/3 >= n0,
  and c + p gives one of n + p. In general r n0 + (r - 1) p + t for moves
  leaving up to r heaps.

With the window checked, :func:`check_period` returns None: the certificate
of :func:`find_period` is (preperiod, period, the theorem, the window), and a
smaller preperiod than the window's n0 is checked value by value (G(n + p) =
G(n) for preperiod <= n < n0 holds directly).

References
----------
E. R. Berlekamp, J. H. Conway, R. K. Guy, Winning Ways for your Mathematical
Plays, 2nd ed. (2001), vol. 1, ch. 4. R. K. Guy and C. A. B. Smith, "The
G-values of various games", Proc. Cambridge Philos. Soc. 52 (1956) 514-526.
"""

from __future__ import annotations

from reference.landman import Periodicity

__all__ = [
    "check_period",
    "claim_refused",
    "find_period",
    "most_heaps",
    "nim_sequence",
    "splits",
    "theorem",
    "window_end",
]


def splits(code: tuple[int, ...]) -> bool:
    """True if some move of the code leaves two or three heaps (a digit with bit 4 or 8).

    >>> splits((0, 0, 7)), splits((0, 3, 0, 3, 3)), splits((0, 8))
    (True, False, True)
    """
    return any(d & 12 for d in code)


def most_heaps(code: tuple[int, ...]) -> int:
    """The most heaps a move of the code leaves: 3 with a hexadecimal bit 8, 2 with bit 4,
    else 1.

    >>> most_heaps((0, 0, 7)), most_heaps((0, 3)), most_heaps((0, 8, 4))
    (2, 1, 3)
    """
    return 3 if any(d & 8 for d in code) else 2 if splits(code) else 1


def nim_sequence(code: tuple[int, ...], terms: int) -> list[int]:
    """G(0), ..., G(terms - 1) of the octal game ``code`` (see the module).

    Examples
    --------
    >>> nim_sequence((0, 0, 7), 12)  # Dawson's Kayles
    [0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3]
    >>> nim_sequence((0, 3, 0, 3, 3), 8)  # subtraction:1,3,4
    [0, 1, 0, 1, 2, 3, 2, 0]
    """
    values: list[int] = []
    for n in range(terms):
        seen: set[int] = set()
        for k, digit in enumerate(code):
            rest = n - k
            if rest < 0:
                break
            if digit & 1 and rest == 0 and k > 0:
                seen.add(0)
            if digit & 2 and rest >= 1 and k > 0:
                seen.add(values[rest])
            if digit & 4:
                for a in range(1, rest // 2 + 1):
                    seen.add(values[a] ^ values[rest - a])
            if digit & 8:
                for a in range(1, rest // 3 + 1):
                    for b in range(a, (rest - a) // 2 + 1):
                        seen.add(values[a] ^ values[b] ^ values[rest - a - b])
        value = 0
        while value in seen:
            value += 1
        values.append(value)
    return values


def theorem(code: tuple[int, ...]) -> str:
    """The name of the periodicity theorem that applies to ``code``.

    >>> theorem((0, 0, 7))
    'Guy-Smith periodicity theorem (Winning Ways ch. 4)'
    >>> theorem((0, 8))
    'Guy-Smith periodicity theorem, moves leaving up to 3 heaps (Winning Ways ch. 4)'
    """
    if most_heaps(code) == 3:
        return "Guy-Smith periodicity theorem, moves leaving up to 3 heaps (Winning Ways ch. 4)"
    if splits(code):
        return "Guy-Smith periodicity theorem (Winning Ways ch. 4)"
    return "a repeated window of t values (no splitting move)"


def window_end(code: tuple[int, ...], preperiod: int, period: int) -> int:
    """The end (exclusive) of the n with G(n + period) = G(n) the theorem needs, from
    n0 = max(1, preperiod): n0 + t without splitting, r n0 + (r - 1) period + t with moves
    leaving up to r >= 2 heaps.

    >>> window_end((0, 0, 7), 53, 34), window_end((0, 3, 0, 3, 3), 0, 7)
    (142, 5)
    >>> window_end((0, 8), 10, 4)
    39
    """
    t = len(code) - 1
    n0 = max(1, preperiod)
    r = most_heaps(code)
    return r * n0 + (r - 1) * period + t if r > 1 else n0 + t


def claim_refused(size: int, code: tuple[int, ...], preperiod: int, period: int) -> str | None:
    """Why ``size`` values cannot check the claim (preperiod, period) of ``code`` (an
    invalid claim, or fewer values than its window needs), else None: the first test of
    :func:`check_period` and of its numpy twin ``fast.heaps.check_period``.

    >>> claim_refused(176, (0, 0, 7), 53, 34) is None, claim_refused(10, (0, 0, 7), 0, 0)
    (True, 'preperiod = 0, period = 0: must be >= 0 and >= 1')
    """
    if period < 1 or preperiod < 0:
        return f"preperiod = {preperiod}, period = {period}: must be >= 0 and >= 1"
    end = window_end(code, preperiod, period)
    if size < end + period:
        return f"needs G(n) for n < {end + period}, only {size} values given"
    return None


def check_period(
    values: list[int], code: tuple[int, ...], preperiod: int, period: int
) -> str | None:
    """None if ``values`` prove G(n + period) = G(n) for all n >= preperiod, with
    ``preperiod`` and ``period`` least; else the first reason the certificate fails.

    ``values`` must hold G(0), ..., G(window_end + period - 1) at least.

    Examples
    --------
    >>> values = nim_sequence((0, 0, 7), 200)
    >>> check_period(values, (0, 0, 7), 53, 34) is None
    True
    >>> check_period(values, (0, 0, 7), 52, 34)
    'G(86) = 9 differs from G(52) = 2: not periodic from 52'
    """
    refused = claim_refused(len(values), code, preperiod, period)
    if refused is not None:
        return refused
    end = window_end(code, preperiod, period)
    for n in range(preperiod, end):
        if values[n + period] != values[n]:
            shown = f"G({n + period}) = {values[n + period]} differs from G({n}) = {values[n]}"
            return f"{shown}: not periodic from {preperiod}"
    if preperiod > 0 and values[preperiod - 1 + period] == values[preperiod - 1]:
        return f"the preperiod is not least: G({preperiod - 1 + period}) = G({preperiod - 1})"
    for q in range(1, period):
        if period % q == 0 and all(
            values[n + q] == values[n] for n in range(preperiod, len(values) - q)
        ):
            return f"the period is not least: {q} fits every value given"
    return None


def find_period(values: list[int], code: tuple[int, ...]) -> Periodicity | None:
    """The least period and preperiod that ``values`` certify (:func:`check_period`), or None
    if none is certified within them.

    For each period p, the least preperiod is one past the last n with
    G(n + p) != G(n) in ``values``; the least p whose window fits is the answer.

    Examples
    --------
    >>> find_period(nim_sequence((0, 3, 0, 3, 3), 40), (0, 3, 0, 3, 3))
    Periodicity(preperiod=0, period=7, saltus=0)
    >>> find_period(nim_sequence((0, 0, 7), 100), (0, 0, 7)) is None
    True
    """
    size = len(values)
    for p in range(1, size):
        last = -1
        for n in range(size - p - 1, -1, -1):
            if values[n + p] != values[n]:
                last = n
                break
        preperiod = last + 1
        if window_end(code, preperiod, p) + p <= size:
            if check_period(values, code, preperiod, p) is None:
                return Periodicity(preperiod, p, 0)
    return None
