"""The shipped heap-game period certificates (kind ``proved``; issue 46 item 3).

Each certificate in ``registry/heap_certificates/`` states an octal game's least preperiod
and period and the Guy-Smith window that proves it for every heap (docs/heap-games.md). The
claim reads each one (:func:`registry.heap_certificates.shipped`: its digest, game and
window), recomputes the values of its window through the registry's ``nim-sequence``
(fast kernels, themselves checked against the spec) where the window has at most
:data:`WINDOW_MAX` values, and checks the digest of those values and the theorem's condition
(:func:`reference.heaps.check_period`: periodic on the window, preperiod and period
least). The independent checker ``python -m heapcheck FILE`` does the same from the rules.
"""

from __future__ import annotations

import hashlib

import numpy as np

import reference.heaps
import registry.heap_certificates as certificates
from proofs_check.claim import Run, claim
from registry import question

#: Windows of at most this many values are recomputed; longer ones are read (digest, window).
WINDOW_MAX = 100_000


@claim(
    "heaps-shipped-periods",
    source="Guy and Smith, Proc. Cambridge Philos. Soc. 52 (1956) 514-526 (the periodicity "
    "theorem); tczajka/octal-games (the published periods); Flammenkamp's octal-game tables "
    "and OEIS A071509 (0.1777's period and last exception)",
    kind="proved",
    statement="each shipped octal-game period certificate proves its least preperiod and "
    "period for every heap (python -m heapcheck FILE checks it independently)",
    formula="G(n + p) = G(n) for pre <= n < 2 max(1, pre) + p + t  =>  for all n >= pre",
    family="proved",
)
def check_shipped_heap_periods(run: Run) -> None:
    for path in sorted(certificates.FOLDER.glob("*.json")):
        game = path.stem.replace("-", ":", 1)
        fields = certificates.shipped(game)
        assert fields is not None
        pre, p, terms = fields["preperiod"], fields["period"], fields["terms"]
        if terms > WINDOW_MAX:
            run.observe(f"{game}: digest and window read", terms=terms, preperiod=pre, period=p)
            continue
        found = question("nim-sequence", game)(terms=terms)
        values = np.asarray(found.value)
        same = hashlib.sha256(values.astype("<u2").tobytes()).hexdigest()
        run.fact(f"{game}: the window's values match the digest", same == fields["values_sha256"])
        code = tuple(fields["code"])
        why = reference.heaps.check_period([int(v) for v in values], code, pre, p)
        run.fact(f"{game}: preperiod {pre}, period {p} (Guy-Smith window)", why is None)
        run.used(found.name)
