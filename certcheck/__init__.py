"""An independent checker of the decider's proof certificates (issue 44, item 2).

Standard library and numpy only; it imports nothing of ``decider``, ``proofs_check``,
``fast``, ``registry`` or ``grundy`` (``tests/test_certcheck_layering.py``).  It reads a
certificate (:mod:`decider.certificate` writes them), checks every step in time linear in its
size, builds every atom by its own arithmetic (:mod:`certcheck.atoms`), and prints the
sentences it checked in the text syntax.  ``python -m certcheck FILE``: ``checked`` (exit 0),
the first failing step with its state and letter (exit 1), or one line for a file that is not
a certificate, is truncated, has a wrong digest or version, names an unknown atom or is too
large for the memory limit (exit 2).  The format and what the checker trusts:
``docs/proofs.md``, "How to check a proof without trusting us".
"""

from certcheck.check import BadInput, Failed
from certcheck.run import main, verify

__all__ = ["BadInput", "Failed", "main", "verify"]
