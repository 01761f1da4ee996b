"""Record RW (R = 22500) against WSG for every h <= 30 at 21 n <= 10^7 (docs/results.md).

Usage: PYTHONPATH=. python data/table6/make_rw_vs_wsg.py data/table6/rw_vs_wsg_g30_n1e7.json
"""

import json
import os
import platform
import random
import sys
import time

import numba
import numpy

from grundy import __version__
from grundy.cli.experiments.nivasch_table6 import rw_vs_wsg

rng = random.Random(11)
ns = sorted({*(rng.randrange(10**7) for _ in range(20)), 10**7})
t = time.perf_counter()
entries = rw_vs_wsg(30, ns, R=22500)
secs = time.perf_counter() - t
out = {
    "name": "rw-vs-wsg",
    "parameters": {
        "gmax": 30,
        "R": 22500,
        "L": -15,
        "H": 15,
        "ns": ns,
        "sample": "random.Random(11), 20 n < 10^7, plus 10^7",
    },
    "agrees": all(e["agrees"] for e in entries),
    "entries": entries,
    "seconds": secs,
    "version": __version__,
    "python": platform.python_version(),
    "numpy": numpy.__version__,
    "numba": numba.__version__,
    "machine": f"{platform.machine()} {platform.system()}, {os.cpu_count()} cpus",
}
open(sys.argv[1], "w").write(json.dumps(out, indent=1))
print(out["agrees"], secs)
