"""A theorem's proof certificate (issue 44, item 1): :func:`certify` decides the theorem's
sentences in a :class:`decider.certificate.CertifyingTheory` and writes every step they rest
on with its witness; ``python -m certcheck FILE`` checks it without the decider
(``docs/proofs.md``, "How to check a proof without trusting us").

>>> import os, tempfile
>>> from proofs_check.theorems import THEOREMS
>>> path = os.path.join(tempfile.mkdtemp(), "wythoff-p.cert.gz")
>>> all(certify(THEOREMS["wythoff-p"], path).values())
True
"""

from __future__ import annotations

import os

from decider.certificate import CertifyingTheory, write_certificate
from proofs_check.theorems import Theorem, theory_of

__all__ = ["certify"]


def certify(theorem: Theorem, path: str | os.PathLike[str]) -> dict[str, bool]:
    """Decide ``theorem``'s sentences and write their certificate to ``path`` (gzip);
    each sentence's truth (a twin has a FALSE one, which the checker reports)."""
    theory = CertifyingTheory(numeration=theorem.numeration)
    sentences = theory_of(theorem, theory)[1]
    meta = {"theorem": theorem.id, "game": theorem.game, "statement": theorem.statement}
    return write_certificate(path, theory, sentences, meta)
