"""An independent checker of the decider's proof certificates (issue 44, item 2): standard
library and numpy only, nothing of the project's other packages (a test says so).
``python -m certcheck FILE`` prints the sentences checked and ``checked`` (exit 0), the first
failing step with its state and letter (exit 1), or one line for a bad file (exit 2).  The
format, the argument and what it trusts: docs/proofs.md, "How to check a proof without
trusting us".
"""

from certcheck.check import BadInput, Failed
from certcheck.run import main, verify

__all__ = ["BadInput", "Failed", "main", "verify"]
