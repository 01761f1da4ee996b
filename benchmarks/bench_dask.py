"""Speed-up of the Dask execution layer: 1 vs N local workers on one chunked experiment.

Runs ``beatty-partition`` (independent chunks of n, see
``grundy/cli/experiments/beatty_partition.py``) in this process (no Dask), then
on a local cluster of 1 worker and of N workers (default: every core). The
cluster start-up is timed apart from the run. Prints the times and the
ratios, measured in one run, and checks that every path gives the same table.

    PYTHONPATH=. python benchmarks/bench_dask.py --n 4e6 --chunk 1e5 --workers 2
"""

from __future__ import annotations

import argparse
import logging
import os
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from grundy.cli.experiments.beatty_partition import check_range
from grundy.cli.parsing import parse_count
from runs.chunks import range_chunks
from runs.runner import run_chunks


def timed_cluster(n_workers: int, chunks: Any) -> tuple[float, float, list[Any]]:
    import distributed

    dist: Any = distributed
    began = time.perf_counter()
    cluster = dist.LocalCluster(
        n_workers=n_workers,
        threads_per_worker=1,
        processes=True,
        dashboard_address=":0",
        silence_logs=logging.ERROR,
    )
    client = dist.Client(cluster)
    client.wait_for_workers(n_workers)
    startup = time.perf_counter() - began
    try:
        began = time.perf_counter()
        results = run_chunks(check_range, chunks, client=client, quiet=True)
        return startup, time.perf_counter() - began, list(results)
    finally:
        client.close()
        cluster.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=parse_count, default=4_000_000)
    parser.add_argument("--chunk", type=parse_count, default=100_000)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args()
    os.environ["PYTHONPATH"] = os.pathsep.join(
        [str(Path(__file__).resolve().parents[1]), os.environ.get("PYTHONPATH", "")]
    )
    chunks = range_chunks(0, args.n, args.chunk, prefix="n")
    print(f"beatty-partition: n < {args.n:,}, {len(chunks)} chunks; {os.cpu_count()} cpus")
    began = time.perf_counter()
    single = list(run_chunks(check_range, chunks, workers=0, quiet=True))
    in_process = time.perf_counter() - began
    print(f"in process (no Dask)   run {in_process:7.2f} s")
    start1, run1, one = timed_cluster(1, chunks)
    print(f"local cluster, 1 worker  start {start1:5.2f} s  run {run1:7.2f} s")
    startn, runn, many = timed_cluster(args.workers, chunks)
    print(f"local cluster, {args.workers} workers start {startn:5.2f} s  run {runn:7.2f} s")
    assert one == single and many == single, "results differ between paths"
    print(
        f"speed-up {args.workers} workers vs 1 worker: {run1 / runn:.2f}x "
        f"(ideal {args.workers}x); Dask overhead at 1 worker: {run1 / in_process:.2f}x"
    )


if __name__ == "__main__":
    main()
