"""Structure of any two-pile game from its Grundy table: periods and P-positions.

Everything here reads a table (an array ``G[x, y]``) and nothing else, so it
applies to every two-pile game, however the table was computed. Nothing is
proved: a period is *apparent* over the window it was checked on, and a
Beatty fit holds over the range checked. Landman's machine
(:mod:`reference.landman`, seed ``004`` §3) is what *certifies* a row's
period, for the games it covers.

* :func:`additive_period`: the smallest period p, then the smallest
  preperiod y0, with a saltus s such that v[y + p] = v[y] + s for all
  y0 <= y < window - p (the preperiod convention of Landman's machine,
  ``reference.landman.Periodicity``).
* :func:`analyse_p_positions`: the P-positions (G = 0) in the table, whether
  the pairs x < y form a complementary Beatty pair (floor(n alpha),
  floor(n beta)) with 1/alpha + 1/beta = 1, checked exactly with integers
  (``math.isqrt``) for a quadratic irrational alpha that the user names or
  that is recognised from a small list (the golden ratio phi, sqrt(k), the
  metallic means (k + sqrt(k^2 + 4)) / 2, and Fraenkel's a-Wythoff ratios
  (2 - a + sqrt(a^2 + 4)) / 2), and whether they are a translate of
  Wythoff's P-positions (000 Theorem 1.1; F-Wythoff's are Wythoff's plus
  (1, 1), 001 §1).

References
----------
Seed ``000`` Theorem 1.1 (Wythoff's P-positions are the Beatty pairs of
phi and phi^2); seed ``002`` Theorem 4.3 (Beatty's theorem); seed ``004``
§3 (additive periodicity of rows). Fraenkel, Amer. Math. Monthly 89 (1982)
for a-Wythoff (not a seed).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from math import gcd, isqrt
from typing import Any

import numpy as np

from reference.beatty import wythoff_p_positions

__all__ = [
    "MIN_PAIRS",
    "AdditivePeriod",
    "BeattyFit",
    "PPositions",
    "QuadraticIrrational",
    "additive_period",
    "analyse_p_positions",
    "candidate_ratios",
    "check_beatty",
    "parse_ratio",
    "wythoff_translate",
]


@dataclass(frozen=True)
class AdditivePeriod:
    """v[y + period] = v[y] + saltus for preperiod <= y < window - period: apparent only."""

    preperiod: int
    period: int
    saltus: int
    window: int
    status: str = "apparent"


def additive_period(
    values: Any, *, repeats: int = 3, min_fraction: float = 0.5
) -> AdditivePeriod | None:
    """The apparent additive period of ``values`` over the whole window.

    The period p is the smallest for which the relation v[y + p] = v[y] + s
    holds on a stretch [y0, window) that spans at least ``repeats`` periods
    and at least ``min_fraction`` of the window; y0 is the smallest such
    start for that p and s the forced saltus. None if no p qualifies.

    Examples
    --------
    >>> from reference.landman import row_values
    >>> additive_period(row_values(3, 47))  # Wythoff's row 3 (seed 003): certified (8, 6, 6)
    AdditivePeriod(preperiod=8, period=6, saltus=6, window=48, status='apparent')
    >>> additive_period([0, 5, 1, 7, 2]) is None
    True
    """
    v = np.asarray(values, dtype=np.int64)
    if v.ndim != 1:
        raise ValueError(f"additive_period: values must be 1-d (shape {v.shape})")
    if repeats < 1:
        raise ValueError(f"additive_period: repeats must be >= 1 (repeats = {repeats})")
    n = len(v)
    for p in range(1, n // repeats + 1):
        d = v[p:] - v[:-p]
        s = d[-1]
        bad = np.flatnonzero(d != s)
        y0 = int(bad[-1]) + 1 if len(bad) else 0
        if n - y0 >= repeats * p and n - y0 >= min_fraction * n:
            return AdditivePeriod(y0, p, int(s), n)
    return None


# ---------------------------------------------------------------------------
# Quadratic irrationals and exact Beatty floors.


#: The largest k whose square :meth:`QuadraticIrrational.make` divides out of d.
SQUARE_FACTOR_LIMIT = 10**5


@dataclass(frozen=True)
class QuadraticIrrational:
    """The number (p + q sqrt(d)) / r, r >= 1, d >= 0, in lowest terms.

    Examples
    --------
    >>> phi = QuadraticIrrational(1, 1, 5, 2)
    >>> [phi.floor_times(n) for n in range(1, 6)]
    [1, 3, 4, 6, 8]
    >>> phi.complement()
    QuadraticIrrational(p=3, q=1, d=5, r=2)
    """

    p: int
    q: int
    d: int
    r: int

    @staticmethod
    def make(p: int, q: int, d: int, r: int) -> QuadraticIrrational:
        """Normalise: r > 0, square factors of d moved into q, common factor removed.

        Square factors k^2 with k <= :data:`SQUARE_FACTOR_LIMIT` are moved (trial
        division, so a 100-digit d costs milliseconds, not 10^50 steps); a larger
        square factor stays in d, which changes the printed form, never the value.

        >>> str(QuadraticIrrational.make(1, 1, 10**100 - 1, 2)).startswith("(1 + 3*sqrt(")
        True
        """
        if r == 0:
            raise ValueError("a quadratic irrational needs r != 0")
        if d < 0:
            raise ValueError(f"a quadratic irrational needs d >= 0 (d = {d})")
        if r < 0:
            p, q, r = -p, -q, -r
        root = isqrt(d)
        if root * root == d:  # rational
            p, q, d = p + q * root, 0, 0
        else:
            k = 2
            while k * k <= d and k <= SQUARE_FACTOR_LIMIT:
                while d % (k * k) == 0:
                    d //= k * k
                    q *= k
                k += 1
        if q == 0:
            d = 0
        g = gcd(gcd(p, q), r)
        return QuadraticIrrational(p // g, q // g, d, r // g)

    def floor_times(self, n: int) -> int:
        """floor(n * self) for an int n, exactly (integers and isqrt only)."""
        a = n * self.p
        square = n * n * self.q * self.q * self.d
        root = isqrt(square)
        if n * self.q >= 0:
            t = root  # floor(|n q| sqrt d)
        else:
            t = -root if root * root == square else -root - 1
        return (a + t) // self.r

    def complement(self) -> QuadraticIrrational:
        """beta = alpha / (alpha - 1): 1/alpha + 1/beta = 1 (Beatty's partner)."""
        p, q, d, r = self.p, self.q, self.d, self.r
        denominator = (p - r) ** 2 - q * q * d
        if denominator == 0:
            raise ValueError(f"{self} - 1 is 0 or has no inverse here")
        return QuadraticIrrational.make(p * (p - r) - q * q * d, -q * r, d, denominator)

    def approx(self) -> float:
        """A float for display only (never used for a verdict)."""
        return float((self.p + self.q * self.d**0.5) / self.r)

    def __str__(self) -> str:
        if self.q == 0:
            return f"{self.p}/{self.r}" if self.r != 1 else str(self.p)
        root = f"sqrt({self.d})" if abs(self.q) == 1 else f"{abs(self.q)}*sqrt({self.d})"
        sign = "-" if self.q < 0 else "+"
        body = f"{self.p} {sign} {root}" if self.p else ("-" if self.q < 0 else "") + root
        return f"({body})/{self.r}" if self.r != 1 else body


_NAMED = {"phi": QuadraticIrrational(1, 1, 5, 2), "golden": QuadraticIrrational(1, 1, 5, 2)}
_TERM = re.compile(r"([+-]?)([^+-]+)")
_SQRT = re.compile(r"^(\d*)\*?(?:sqrt|√)\(?(\d+)\)?$")


def parse_ratio(text: str) -> QuadraticIrrational:
    """Parse ``phi``, ``sqrt2``, ``1+sqrt2``, ``(p+q*sqrt(d))/r`` or ``(1+√5)/2``.

    Examples
    --------
    >>> str(parse_ratio("(1+sqrt5)/2")), str(parse_ratio("phi")), str(parse_ratio("sqrt8"))
    ('(1 + sqrt(5))/2', '(1 + sqrt(5))/2', '2*sqrt(2)')
    >>> parse_ratio("pi")
    Traceback (most recent call last):
    ...
    ValueError: --alpha 'pi': expected phi, sqrtD or (P+Q*sqrt(D))/R with integers
    """
    compact = text.replace(" ", "").lower()
    if compact in _NAMED:
        return _NAMED[compact]
    error = ValueError(f"--alpha {text!r}: expected phi, sqrtD or (P+Q*sqrt(D))/R with integers")
    if compact.count("(") != compact.count(")"):
        raise error
    r = 1
    match = re.fullmatch(r"\((.+)\)(?:/(\d+))?", compact)
    if match:
        compact, r = match.group(1), int(match.group(2) or 1)
    if not compact or r == 0:
        raise error
    p = q = 0
    d: int | None = None
    consumed = "".join(sign + body for sign, body in _TERM.findall(compact))
    if consumed != compact:
        raise error
    for sign, body in _TERM.findall(compact):
        factor = -1 if sign == "-" else 1
        if body.isdigit():
            p += factor * int(body)
            continue
        root = _SQRT.match(body)
        if root is None or (d is not None and int(root.group(2)) != d):
            raise error
        d = int(root.group(2))
        q += factor * int(root.group(1) or 1)
    return QuadraticIrrational.make(p, q, d or 0, r)


def candidate_ratios(limit: int = 12) -> list[tuple[str, QuadraticIrrational]]:
    """Named quadratic irrationals tried when no alpha is given (alpha in (1, 2)).

    Examples
    --------
    >>> [name for name, _ in candidate_ratios(2)]
    ['phi', 'a-wythoff a=2: (2-a+sqrt(a^2+4))/2', 'sqrt(3)']
    """
    found: list[tuple[str, QuadraticIrrational]] = [("phi", _NAMED["phi"])]
    for a in range(2, limit + 1):
        found.append(
            (
                f"a-wythoff a={a}: (2-a+sqrt(a^2+4))/2",
                QuadraticIrrational.make(2 - a, 1, a * a + 4, 2),
            )
        )
    for k in range(2, limit + 2):
        alpha = QuadraticIrrational.make(0, 1, k, 1)
        if 1 < alpha.approx() < 2 and all(alpha != known for _, known in found):
            found.append((f"sqrt({k})", alpha))
    return found


@dataclass(frozen=True)
class BeattyFit:
    """Whether pairs n = 1..checked are (floor(n alpha), floor(n beta)), exactly."""

    alpha: str
    beta: str
    checked: int
    fits: bool
    detail: str = ""
    name: str = ""


def check_beatty(
    pairs: list[tuple[int, int]], alpha: QuadraticIrrational, name: str = ""
) -> BeattyFit:
    """Check pairs[n - 1] == (floor(n alpha), floor(n beta)) for every n, with integers.

    Examples
    --------
    >>> check_beatty([(1, 2), (3, 5), (4, 7)], parse_ratio("phi")).fits
    True
    >>> check_beatty([(1, 2), (3, 6)], parse_ratio("phi")).detail
    'n = 2: (3, 6), Beatty gives (3, 5)'
    """
    beta = alpha.complement()
    for n, (a, b) in enumerate(pairs, start=1):
        expected = (alpha.floor_times(n), beta.floor_times(n))
        if (a, b) != expected:
            return BeattyFit(
                str(alpha), str(beta), n - 1, False, f"n = {n}: {(a, b)}, Beatty gives {expected}",
                name,
            )  # fmt: skip
    return BeattyFit(str(alpha), str(beta), len(pairs), True, "", name)


def wythoff_translate(table: Any, max_shift: int = 8) -> tuple[int, list[tuple[int, int]]] | None:
    """The smallest t such that the P-positions with both coordinates >= t are
    Wythoff's shifted by (t, t), within the table; with the P-positions left
    out (a coordinate < t). None if no t <= max_shift works.

    Examples
    --------
    >>> import spec
    >>> g = np.array(spec.grundy_table(spec.FWythoff(), 20, 20))
    >>> wythoff_translate(g)
    (1, [(0, 0)])
    """
    g = np.asarray(table)
    zero = g == 0
    rows, cols = g.shape
    # Wythoff's P-positions (a_n, b_n), (b_n, a_n) inside the table (000 Theorem 1.1).
    wythoff = np.zeros((rows, cols), dtype=bool)
    for a, b in wythoff_p_positions(min(rows, cols) + 1):
        for x, y in ((a, b), (b, a)):
            if x < rows and y < cols:
                wythoff[x, y] = True
    for t in range(min(max_shift, rows, cols) + 1):
        if (zero[t:, t:] == wythoff[: rows - t, : cols - t]).all():
            left = [(int(x), int(y)) for x, y in np.argwhere(zero) if x < t or y < t]
            return t, left
    return None


#: Fewer pairs than this are not matched against the candidate ratios (too easy to fit).
MIN_PAIRS = 8


@dataclass
class PPositions:
    """The P-positions of a table and what they fit (see :func:`analyse_p_positions`)."""

    size: tuple[int, int]
    positions: list[tuple[int, int]]
    symmetric: bool
    pairs: list[tuple[int, int]]
    complementary: bool
    complementary_detail: str
    alpha_estimate: float | None
    beta_estimate: float | None
    beatty: BeattyFit | None
    tried: list[str] = field(default_factory=list)
    translate: tuple[int, list[tuple[int, int]]] | None = None

    def as_dict(self) -> dict[str, Any]:
        data = dict(self.__dict__)
        data["beatty"] = None if self.beatty is None else dict(self.beatty.__dict__)
        return data


def analyse_p_positions(table: Any, alpha: QuadraticIrrational | None = None) -> PPositions:
    """P-positions of ``table`` and whether they fit a Beatty pair or Wythoff's.

    The pairs are the P-positions (x, y) with x < y, sorted by x; pair n
    (n = 1, 2, ...) is compared with (floor(n alpha), floor(n beta)),
    beta = alpha / (alpha - 1), exactly. Pairs are taken only up to the
    first x whose partner y may lie outside the table, so truncation by the
    table never causes a false mismatch. With ``alpha`` None, the ratios of
    :func:`candidate_ratios` are tried.

    Examples
    --------
    >>> import spec
    >>> g = np.array(spec.grundy_table(spec.get_game("a-wythoff:2"), 30, 30))
    >>> result = analyse_p_positions(g)
    >>> result.pairs[:4], result.beatty.alpha, result.beatty.fits
    ([(1, 3), (2, 6), (4, 10), (5, 13)], 'sqrt(2)', True)
    """
    g = np.asarray(table)
    if g.ndim != 2:
        raise ValueError(f"analyse_p_positions: the table must be 2-d (shape {g.shape})")
    rows, cols = g.shape
    positions = [(int(x), int(y)) for x, y in np.argwhere(g == 0)]
    inside = min(rows, cols)
    square = g[:inside, :inside] == 0
    symmetric = bool((square == square.T).all())
    upper = sorted((x, y) for x, y in positions if x < y)
    # Rows x = 0, 1, ... in order, while row x or column x holds a P-position of the
    # table: the first row with none may have its partner beyond the table, so stop.
    by_row: dict[int, list[int]] = {}
    for x, y in upper:
        by_row.setdefault(x, []).append(y)
    pairs: list[tuple[int, int]] = []
    for x in range(inside):
        if x and not (square[x, :].any() or square[:, x].any()):
            break
        pairs += [(x, y) for y in by_row.get(x, [])]
    complementary, detail = _complementary(pairs)
    alpha_estimate = beta_estimate = None
    if pairs:
        n = len(pairs)
        alpha_estimate = (pairs[-1][0] + 0.5) / n
        beta_estimate = (pairs[-1][1] + 0.5) / n
    tried: list[str] = []
    fit: BeattyFit | None = None
    if alpha is not None:
        fit = check_beatty(pairs, alpha, "given")
        tried.append(str(alpha))
    elif len(pairs) >= MIN_PAIRS:
        for name, candidate in candidate_ratios():
            tried.append(name)
            result = check_beatty(pairs, candidate, name)
            if result.fits:
                fit = result
                break
    return PPositions(
        (rows, cols),
        positions,
        symmetric,
        pairs,
        complementary,
        detail,
        alpha_estimate,
        beta_estimate,
        fit,
        tried,
        wythoff_translate(g),
    )


def _complementary(pairs: list[tuple[int, int]]) -> tuple[bool, str]:
    """Whether the x's and y's of the pairs split 1..max x exactly (one each)."""
    if not pairs:
        return False, "no pairs x < y"
    top = pairs[-1][0]
    seen: dict[int, int] = {}
    for x, y in pairs:
        for value in (x, y):
            seen[value] = seen.get(value, 0) + 1
    twice = [v for v, c in seen.items() if c > 1]
    if twice:
        return False, f"{min(twice)} occurs in two pairs"
    missing = [v for v in range(1, top + 1) if v not in seen]
    if missing:
        return False, f"{missing[0]} is in no pair"
    return True, f"the pairs split 1..{top}"
