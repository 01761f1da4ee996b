"""The decider against Walnut 6.2 on random sentences (issue 44, item 3).

Run from the repository root (Java 17 and the Walnut jar: ``GRUNDY_WALNUT_JAR``)::

    PYTHONPATH=. python benchmarks/bench_walnut_differential.py [--count 10000] [--seed 0]

Draws ``--count`` random sentences over (ℕ, +, <) in Zeckendorf numeration with the shift and
the Fibonacci word's letters, one to four variables (:mod:`decider.random_sentences`), decides
each with the project's decider and runs them through Walnut in batches of ``--batch`` (one JVM
a batch), :func:`grundy.walnut_differential.compare`. Prints how many were TRUE and FALSE, how
many the decider refused (its memory limit), every disagreement shrunk, and both times.
"""

from __future__ import annotations

import argparse
import platform
import time

from grundy.walnut import INSTALL, find_walnut
from grundy.walnut_differential import compare


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--count", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--batch", type=int, default=500)
    args = parser.parse_args()
    if find_walnut() is None:
        print(INSTALL)
        return 2
    print(f"{platform.machine()}, Python {platform.python_version()}; seed {args.seed}")
    start = time.perf_counter()
    out = compare(args.count, seed=args.seed, batch=args.batch,
                  progress=lambda n: print(f"  {n:,} sentences", flush=True))  # fmt: skip
    seconds = time.perf_counter() - start
    print(f"{out.decided:,} decided by both: {out.true:,} TRUE, {out.false:,} FALSE; "
          f"{len(out.refused):,} refused by the decider, {len(out.walnut_refused):,} by Walnut; "
          f"{len(out.disagreements)} disagreements; {seconds:.1f} s in all")  # fmt: skip
    for text in out.refused[:10]:
        print(f"  refused: {text}")
    for text in out.walnut_refused[:10]:
        print(f"  Walnut refused: {text}")
    for text, ours, theirs in out.disagreements:
        print(f"  DISAGREE: {text}: ours {ours}, Walnut {theirs}")
    return 1 if out.disagreements else 0


if __name__ == "__main__":
    raise SystemExit(main())
