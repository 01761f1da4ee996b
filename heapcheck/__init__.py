"""heapcheck: an independent checker of heap-game period certificates (issue 46 item 3).

A period certificate says that the nim-sequence G(0), G(1), ... of an octal game
(Winning Ways ch. 4; ONAG ch. 11) is periodic with the least preperiod and period it
names. This package checks such a file from the rules alone, in plain Python and numpy:
it imports nothing of the project that made the certificate (no ``fast``, ``registry``,
``spec``, no numba). It

1. reads the file (JSON, format :data:`FORMAT`) and checks its own digest (SHA-256 of the
   canonical JSON of every other field): an edited file fails here;
2. reads the octal code from the game's name (``octal:0.45``; digits 0..7) and checks
   it equals the ``code`` field;
3. recomputes G(n) for n < end + period from the code, where end = 2 max(1, preperiod) +
   period + t is the Guy-Smith window (t the last digit's index), and checks the digest of
   those values (``values_sha256``): by the rules' plain loop
   (:func:`heapcheck.check.values`) for a short window, by the sparse-space method
   (:mod:`heapcheck.sparse`, written from the literature, plain Python and numpy) past
   :data:`heapcheck.check.SPARSE_FROM` terms of a splitting code;
4. checks the Guy-Smith condition G(n + period) = G(n) for preperiod <= n < end (which
   proves G(n + period) = G(n) for all n >= preperiod), that the preperiod is least
   (G(preperiod - 1 + period) != G(preperiod - 1)) and that no proper divisor of the
   period is a period (the least period of an eventually periodic sequence divides every
   period).

``python -m heapcheck FILE ...`` prints ``checked`` per file (exit 0) or the first failure
(exit 1); a file that is no certificate (unreadable, not JSON, fields missing): one line,
exit 2.

References
----------
R. K. Guy and C. A. B. Smith, "The G-values of various games", Proc. Cambridge Philos.
Soc. 52 (1956) 514-526. E. R. Berlekamp, J. H. Conway, R. K. Guy, Winning Ways for your
Mathematical Plays, 2nd ed. (2001), vol. 1, ch. 4.
"""

from __future__ import annotations

from heapcheck.check import (
    FORMAT,
    BadCertificate,
    check,
    check_file,
    digest,
    parse_octal,
    values,
    window_end,
)

__all__ = [
    "FORMAT",
    "BadCertificate",
    "check",
    "check_file",
    "digest",
    "parse_octal",
    "values",
    "window_end",
]
