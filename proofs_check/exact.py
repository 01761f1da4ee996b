"""Exact arithmetic in Z[phi]: numbers p + q*phi compared without floats.

phi = (1 + sqrt5) / 2, so p + q*phi = ((2p + q) + q*sqrt5) / 2 and its sign
is the sign of A + B*sqrt5 with A = 2p + q, B = q, decided with integers:
if A and B have the same sign that sign wins; otherwise compare A^2 with
5*B^2 (never equal unless both are 0, sqrt5 being irrational).

Examples
--------
>>> sign_phi(8, -6)          # 8 - 6*phi < 0
-1
>>> QPhi(6, -3) > QPhi(0, 0)  # 6 - 3*phi > 0
True
>>> QPhi(1, 1) == QPhi(0, 1) * QPhi(0, 1)   # phi^2 = phi + 1
True
>>> sorted([QPhi(2, 0), QPhi(0, 1), QPhi(1, 0)])
[QPhi(p=1, q=0), QPhi(p=0, q=1), QPhi(p=2, q=0)]
>>> QPhi(3, -2) < 0, abs(QPhi(3, -2)), QPhi(3, 0) == 3
(True, QPhi(p=-3, q=2), True)
>>> str(QPhi(8, -6)), round(float(QPhi(8, -6)), 4)
('8 - 6*phi', -1.7082)
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import total_ordering
from math import isqrt

__all__ = ["QPhi", "floor_phi_multiple", "sign_phi", "sign_sqrt5"]


def sign_sqrt5(a: int, b: int) -> int:
    """The sign of a + b*sqrt(5), exactly.

    >>> sign_sqrt5(-3, 1), sign_sqrt5(3, -1), sign_sqrt5(0, 0), sign_sqrt5(-2, 1)
    (-1, 1, 0, 1)
    """
    if a >= 0 and b >= 0:
        return 0 if a == 0 and b == 0 else 1
    if a <= 0 and b <= 0:
        return -1
    # opposite signs: |a| vs |b| sqrt5
    if a > 0:  # b < 0
        return 1 if a * a > 5 * b * b else -1
    return 1 if 5 * b * b > a * a else -1


def sign_phi(p: int, q: int) -> int:
    """The sign of p + q*phi, exactly.

    >>> sign_phi(-1, 1), sign_phi(2, -1), sign_phi(-2, 1)
    (1, 1, -1)
    """
    return sign_sqrt5(2 * p + q, q)


def floor_phi_multiple(p: int, q: int) -> int:
    """floor(p + q*phi) with integers only (via isqrt).

    >>> [floor_phi_multiple(0, n) for n in range(6)]
    [0, 1, 3, 4, 6, 8]
    >>> floor_phi_multiple(8, -6)
    -2
    """
    # q*phi = (q + q*sqrt5)/2; floor(q*sqrt5) via isqrt of 5q^2 with sign care
    root = isqrt(5 * q * q)
    floor_q_sqrt5 = root if q >= 0 else -root - (0 if root * root == 5 * q * q else 1)
    # floor((q + s)/2) where s = q*sqrt5 is irrational unless q = 0: use floor(s)
    return p + (q + floor_q_sqrt5) // 2


@total_ordering
@dataclass(frozen=True, eq=False)
class QPhi:
    """The exact number p + q*phi (p, q integers), totally ordered."""

    p: int
    q: int

    @staticmethod
    def of(value: QPhi | int) -> QPhi:
        """An int as a QPhi (QPhi unchanged)."""
        return value if isinstance(value, QPhi) else QPhi(int(value), 0)

    def __eq__(self, other: object) -> bool:
        if isinstance(other, int):
            other = QPhi(other, 0)
        if not isinstance(other, QPhi):
            return NotImplemented
        return (self.p, self.q) == (other.p, other.q)

    def __hash__(self) -> int:
        return hash((self.p, self.q))

    def __lt__(self, other: QPhi | int) -> bool:
        other = QPhi.of(other)
        return sign_phi(self.p - other.p, self.q - other.q) < 0

    def __add__(self, other: QPhi | int) -> QPhi:
        other = QPhi.of(other)
        return QPhi(self.p + other.p, self.q + other.q)

    def __sub__(self, other: QPhi | int) -> QPhi:
        other = QPhi.of(other)
        return QPhi(self.p - other.p, self.q - other.q)

    def __neg__(self) -> QPhi:
        return QPhi(-self.p, -self.q)

    def __abs__(self) -> QPhi:
        return -self if self.sign() < 0 else self

    def __mul__(self, other: QPhi) -> QPhi:
        # phi^2 = phi + 1
        pq = self.q * other.q
        return QPhi(self.p * other.p + pq, self.p * other.q + self.q * other.p + pq)

    def sign(self) -> int:
        """-1, 0 or 1."""
        return sign_phi(self.p, self.q)

    def __float__(self) -> float:
        return self.p + self.q * (1 + 5**0.5) / 2

    def __str__(self) -> str:
        if self.q == 0:
            return str(self.p)
        term = "phi" if abs(self.q) == 1 else f"{abs(self.q)}*phi"
        if self.p == 0:
            return term if self.q > 0 else f"-{term}"
        return f"{self.p} {'+' if self.q > 0 else '-'} {term}"
