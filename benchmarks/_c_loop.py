"""The plain C loops the benchmark scripts compare with: compiled once, timed by what they
print (run as ``python benchmarks/NAME.py``, beside ``_timing.py``).

A C loop prints its own seconds on stdout (``clock_gettime`` around the loop alone) and
writes its values to a file named on its command line; the scripts read them back with
numpy. Without a C compiler (``cc``, else ``gcc``) a script skips its C comparison.
"""

from __future__ import annotations

import shutil
import subprocess
import tempfile
from pathlib import Path
from typing import Any

import numpy as np

__all__ = ["OUT", "best_printed", "c_end", "c_timed", "compile_c", "reported"]

#: The argument of :func:`c_timed` that stands for the C loop's output file.
OUT = "{out}"


def c_end(values: str, count: str) -> str:
    """The end of a C loop's ``main`` (C text): the seconds since ``t0`` printed, then
    ``count`` int32 of ``values`` written to the file ``argv[2]``."""
    return (
        "    clock_gettime(CLOCK_MONOTONIC, &t1);\n"
        '    printf("%.6f\\n", (t1.tv_sec - t0.tv_sec) + 1e-9 * (t1.tv_nsec - t0.tv_nsec));\n'
        '    FILE *f = fopen(argv[2], "wb");\n'
        f"    fwrite({values}, sizeof(int32_t), {count}, f);\n"
        "    fclose(f);\n"
        "    return 0;\n"
        "}\n"
    )


def compile_c(directory: Path, source_text: str, name: str) -> Path | None:
    """``source_text`` written to ``directory/name.c`` and compiled (``-O2``) to
    ``directory/name``: the binary's path, or None without a C compiler."""
    compiler = shutil.which("cc") or shutil.which("gcc")
    if compiler is None:
        return None
    source = directory / f"{name}.c"
    source.write_text(source_text)
    binary = directory / name
    subprocess.run([compiler, "-O2", "-o", str(binary), str(source)], check=True)
    return binary


def c_timed(
    source_text: str,
    name: str,
    args: list[str],
    repeat: int,
    dtype: Any = np.int32,
    shape: tuple[int, ...] = (-1,),
) -> tuple[float, np.ndarray] | None:
    """(best seconds, values) of the C loop ``source_text`` run ``repeat`` times with ``args``
    (:data:`OUT` among them names its output file, read back as ``dtype`` values in
    ``shape``). None without a C compiler."""
    with tempfile.TemporaryDirectory() as tmp:
        binary = compile_c(Path(tmp), source_text, name)
        if binary is None:
            return None
        out = Path(tmp) / "out.bin"
        seconds = best_printed([str(binary), *(str(out) if a == OUT else a for a in args)], repeat)
        return seconds, np.fromfile(out, dtype=dtype).reshape(shape)


def best_printed(argv: list[str], repeat: int) -> float:
    """The least of the seconds that the C loop ``argv`` prints on stdout, over ``repeat``
    runs."""
    return min(
        float(subprocess.run(argv, check=True, capture_output=True, text=True).stdout)
        for _ in range(repeat)
    )


def reported(line: str, same: bool, who: str) -> None:
    """Print a comparison's ``line``; where the values are not the ``same``, stop the
    benchmark (``SystemExit``: ``who`` disagree)."""
    print(line)
    if not same:
        raise SystemExit(f"{who} disagree")
