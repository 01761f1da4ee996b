"""Benchmark proof certificates (issue 44, item 1): per theorem of ``grundy prove --list``
(twins left out), the proof's time, the proof with its certificate written, the certificate's
size and the independent checker's time.

Run from the repository root::

    PYTHONPATH=. python benchmarks/bench_certificates.py [ID ...] [--repeat R]

Each time is CPU seconds (``time.process_time``: this process's, all threads; the machine's
other jobs do not count), the best of ``R`` runs (default 1) in one warm process (the
decider's kernels loaded first), the three measured one after the other for each theorem: ``prove``
(:func:`proofs_check.theorems.replay`: every sentence decided, the lower classes included),
``certify`` (:func:`proofs_check.certify.certify`: the same sentences decided while every step
is recorded, then written, gzip), ``check`` (:func:`certcheck.verify` on the file, read and
decompressed included).  Issue 44's targets: ``certify / prove <= 1.5`` and
``check / prove <= 1``.
"""

from __future__ import annotations

import os
import sys
import tempfile
import time

from _timing import best

from certcheck import verify
from certcheck.check import read
from decider.automaton import warm_up
from proofs_check.certify import certify
from proofs_check.theorems import THEOREMS, replay


def main(ids: list[str], repeat: int) -> None:
    warm_up()
    replay(THEOREMS["wythoff-p"])  # the atoms' caches, as in any process that proves
    print(f"{'theorem':24s} {'prove s':>8s} {'certify s':>9s} {'ratio':>6s} "
          f"{'check s':>8s} {'ratio':>6s} {'bytes':>9s} {'steps':>6s}")  # fmt: skip
    totals = [0.0, 0.0, 0.0, 0]
    with tempfile.TemporaryDirectory() as tmp:
        for tid in ids:
            path = os.path.join(tmp, f"{tid}.cert.gz")
            prove = best(lambda: replay(THEOREMS[tid]), repeat, time.process_time)  # noqa: B023
            write = best(lambda: certify(THEOREMS[tid], path), repeat, time.process_time)  # noqa: B023
            steps = [0]

            def check() -> None:
                steps[0] = verify(read(path, 2**31), 2**31).steps  # noqa: B023

            checking = best(check, repeat, time.process_time)
            size = os.path.getsize(path)
            for i, v in enumerate((prove, write, checking, size)):
                totals[i] += v
            print(f"{tid:24s} {prove:8.2f} {write:9.2f} {write / prove:6.2f} {checking:8.2f} "
                  f"{checking / prove:6.2f} {size:9d} {steps[0]:6d}", flush=True)  # fmt: skip
    p, w, c, s = totals
    print(f"{'all':24s} {p:8.2f} {w:9.2f} {w / p:6.2f} {c:8.2f} {c / p:6.2f} {int(s):9d}")


if __name__ == "__main__":
    args = sys.argv[1:]
    repeat = 1
    if "--repeat" in args:
        i = args.index("--repeat")
        repeat = int(args[i + 1])
        del args[i : i + 2]
    main(args or [t for t in THEOREMS if not THEOREMS[t].twin_of], repeat)
