"""An independent re-check of a checkpointed strip run.

A long run of ``grundy experiment row-periods --chunks DIR`` leaves, in
``DIR/strip-<game>-rows-0-<X>/``, its checkpoints (the normalised window
of the strip before a column: its whole state, docs/strip.md "The window
certificate") and ``record.json`` (the certificate and every row's
preperiod and period). This module checks them **without the run's
kernel**: it has its own strip, written from the rules (spec/games.py) and
the state argument of docs/strip.md, in plain numba, single-threaded, with
none of the run's machinery (no pipeline, threads, hashes or lazily cleared
bits; its own word-at-a-time scan of three circular bitsets, rows taken in
bands of :data:`verify.strip.BAND`). What it checks:

1. **Every file is intact**: each checkpoint's digest, the record's digest,
   and that the record lists exactly the checkpoints present with their
   digests.
2. **Every segment**: the strip is restarted from one checkpoint's window
   (or from the empty strip at column 0) and run to the next checkpoint;
   the window there must equal the file's, exactly. Where the run tracked
   a period Q (``--period-multiple`` or its second pass), the segment starts
   Q columns earlier (from the checkpoint's ``back`` window), counts every
   column y with ``D(k, y) != D(k, y - Q)`` itself, and checks the ``back``
   window of the next checkpoint too. Segments are independent: they run
   in parallel on Dask (:func:`runs.runner.run_chunks`: a local
   cluster by default, ``--scheduler`` for a real one).
3. **The record**: each checkpoint's count of violations equals the sum of
   the segments before it; each row's preperiod is 1 + its last violation
   (the preperiod is the same for every multiple of the least period);
   the record's ``y0`` is the first column whose window recurs; the windows
   before ``y0`` and ``y0 + P`` are recomputed and compared exactly (the
   certificate's proof); each row's period divides P, is a period of the
   row on one P-window past ``y0``, and no proper divisor is; saltus =
   period. The columns these read are those the last segment computed
   (its ring holds them, :func:`_holds_cycle`); only where it does not are
   they recomputed in chunks of their own.

Speed: about 47 ns a cell at rows 0..2047 (2026-11-26, one core of the
2-core machine, idle), the run's kernel 41-49: verifying a run costs about
what the run did, a segment at a time. With ``out`` (``grundy verify DIR
--out V``) finished segments are kept and a second call resumes.

Anything that fails is named (the file, or the segment with its columns)
and the command exits 1; an untouched run passes with exit 0.

References
----------
docs/strip.md (the window certificate; Landman's bounds, seed 004 Lemmas 1,
2); seed 001 §1 and Remark 5 for F- and R-Wythoff's rules.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from fast.atlas import prime_factors as _primes
from fast.strip.checkpoint import read_checkpoint, read_record
from verify.strip import BLOCK, VerifyStrip

__all__ = ["VerifyReport", "advance", "strip_runs", "verify_chunk", "verify_run"]

#: Bytes of columns one task of the period check keeps (rows are taken in batches).
PERIOD_CHECK_BYTES = 1 << 30


def _width(rows: int) -> int:
    """W = 3X (at least 1): the columns of a window (docs/strip.md)."""
    return max(1, 3 * (rows - 1))


def _start(game: str, rows: int, column: int, window: np.ndarray | None) -> VerifyStrip:
    """The verifier's strip before ``column``: empty at 0, else from the window."""
    if column == 0 or window is None:
        return VerifyStrip(game, rows)
    return VerifyStrip.from_window(game, rows, column, window)


def verify_chunk(params: dict[str, Any]) -> dict[str, Any]:
    """One segment between two checkpoints (a :func:`runs.runner.run_chunks` chunk).

    ``params``: ``directory``, ``first`` (a checkpoint file, or None for the
    empty strip at column 0), ``second`` (the next checkpoint file),
    ``shift`` (Q, or 0). Returns ``{"ok": bool, "reason": str, "last":
    [per-row last violation of Q in the segment, -1 if none]}``.
    """
    directory = Path(params["directory"])
    shift = int(params["shift"])
    try:
        meta2, arr2 = read_checkpoint(directory / params["second"])
        game, rows = meta2["game"], int(meta2["rows"])
        b = int(meta2["column"])
        a = 0
        arr1: dict[str, np.ndarray] = {}
        if params["first"] is not None:
            meta1, arr1 = read_checkpoint(directory / params["first"])
            a = int(meta1["column"])
    except ValueError as error:
        return {"ok": False, "reason": str(error), "last": []}
    where = f"segment {params['first'] or 'column 0'} -> {params['second']} (columns {a:,}..{b:,})"
    w = _width(rows)
    start, state = _origin(shift, a, arr1)  # the strip's start
    strip = _start(game, rows, start, state)
    start = strip.y
    size = shift + w + BLOCK
    ring: np.ndarray = np.zeros((size, rows), dtype=_ring_dtype(rows))
    if state is not None and start > 0:
        ring[np.arange(start - len(state), start) % size] = state
    last = np.full(rows, -1, dtype=np.int64)
    checks: dict[int, np.ndarray] = {b: arr2["window"]}
    if a > 0 and start < a:
        checks[a] = arr1["window"]
    if shift and "back" in arr2:
        checks[b - shift] = arr2["back"]
    try:
        for y, y1 in advance(strip, ring, b, shift, max(shift, a), last):
            c = _differs(ring, {col: e for col, e in checks.items() if y < col <= y1}, w)
            if c is not None:
                return {"ok": False, "last": [],
                        "reason": f"{where}: the window before column {c:,}, recomputed, "
                        "differs from the file's"}  # fmt: skip
    except ValueError as error:
        return {"ok": False, "last": [], "reason": f"{where}: {error}"}
    reason = _last_segment(ring, params, rows) if "y0" in params else ""
    if reason:
        return {"ok": False, "reason": reason, "last": []}
    return {"ok": True, "reason": "", "last": last.tolist()}


def _origin(shift: int, a: int, arr1: dict[str, np.ndarray]) -> tuple[int, np.ndarray | None]:
    """Where a segment's strip starts (column, window): Q columns early when the run tracked Q
    (the first checkpoint's ``back`` window; else from column 0), else at the checkpoint."""
    if shift and a >= shift and "back" in arr1:
        return a - shift, arr1["back"]
    if shift:
        return 0, None
    return a, arr1.get("window")


def _differs(ring: np.ndarray, checks: dict[int, np.ndarray], w: int) -> int | None:
    """The first column c of ``checks`` whose window before it, in ``ring``, is not the
    expected one (None: all equal)."""
    for c, expected in checks.items():
        got = ring[np.arange(c - min(c, w), c) % len(ring)]
        if got.shape != expected.shape or not np.array_equal(got, expected):
            return c
    return None


def _last_segment(ring: np.ndarray, params: dict[str, Any], rows: int) -> str:
    """The last segment holds the record's cycle: its proof and its rows' periods, checked on
    the ring's columns ('' if they hold; :func:`_plan`)."""
    size = len(ring)

    def columns(lo: int, hi: int, r0: int = 0, r1: int = rows) -> np.ndarray:
        return ring[:, r0:r1][np.arange(lo, hi) % size]

    return _proof(columns, params) or _cycle_periods(columns, params, 0, rows)


def advance(
    strip: VerifyStrip, ring: np.ndarray, b: int, shift: int, count_from: int, last: np.ndarray
) -> Iterator[tuple[int, int]]:
    """Run ``strip`` to column b a :data:`BLOCK` at a time, each block into ``ring`` (column y
    at row ``y % len(ring)``); yield each block's columns (y, y1) once it is there.

    Where ``shift`` (Q) > 0: ``last[k]`` becomes the last ``y - Q`` (y >= ``count_from``, whose
    column y - Q the ring holds) with ``D(k, y) != D(k, y - Q)``: row k's preperiod is
    ``last[k] + 1`` (the same for every multiple of its least period). ValueError: a value
    leaves the ring's type (the bounds of docs/strip.md).
    """
    size = len(ring)
    bounds = np.iinfo(ring.dtype)
    for y in range(strip.y, b, BLOCK):
        y1 = min(b, y + BLOCK)
        block = strip.run(y1)
        if len(block) and not (bounds.min <= block.min() and block.max() <= bounds.max):
            raise ValueError(f"a value at columns {y:,}..{y1:,} leaves the bounds of "
                             f"docs/strip.md ({int(block.min())}..{int(block.max())})")  # fmt: skip
        ring[np.arange(y, y1) % size] = block
        lo = max(y, count_from)
        if shift and lo < y1:
            differ = (
                ring[np.arange(lo, y1) % size] != ring[np.arange(lo - shift, y1 - shift) % size]
            )
            hit = differ.any(axis=0)
            if hit.any():
                idx = len(differ) - 1 - np.argmax(differ[::-1], axis=0)
                last[:] = np.where(hit, lo - shift + idx, last)
        yield y, y1


def _ring_dtype(rows: int) -> type:
    """int16 where every normalised value fits (``-2k <= D(k, y) <= k``, docs/strip.md),
    else int32: a segment of rows 0..2047 keeps P + W columns, 3.2 GB in int16."""
    return np.int16 if 2 * rows < 2**15 else np.int32


def _proof(columns: Any, params: dict[str, Any]) -> str:
    """The certificate itself: the windows before y0 and y0 + P are equal ('' if so).

    ``columns(lo, hi)``: the recomputed columns lo..hi-1 of every row (``columns(lo, hi, r0,
    r1)``: of rows r0..r1-1).
    """
    y0, period, w = int(params["y0"]), int(params["period"]), int(params["width"])
    differ: Any = []
    if y0 >= w:  # (before column W the window is not the whole state)
        one, two = columns(y0 - w, y0), columns(y0 + period - w, y0 + period)
        if np.array_equal(one, two):
            return ""
        differ = np.argwhere(one != two) if one.shape == two.shape else []
    at = f" (row {differ[0][1]}, column {y0 - w + differ[0][0]:,})" if len(differ) else ""
    return (f"the record's windows before y0 = {y0:,} and y0 + P = {y0 + period:,} differ{at}: "
            f"the period P = {period:,} is not proved")  # fmt: skip


def _cycle_periods(columns: Any, params: dict[str, Any], r0: int, r1: int) -> str:
    """Rows r0..r1-1: each claimed least period holds on the P columns from y0 ('' if so).

    A row's period must divide P, be a period of those columns (cyclically:
    they repeat with P, :func:`_proof`) and no proper divisor may be one.
    """
    y0, period = int(params["y0"]), int(params["period"])
    claimed = params["periods"]
    bad = []
    batch = max(1, PERIOD_CHECK_BYTES // (4 * max(period, 1)))
    for b0 in range(r0, r1, batch):
        b1 = min(r1, b0 + batch)
        cycle = columns(y0, y0 + period, b0, b1)
        for i, k in enumerate(range(b0, b1)):
            seq = cycle[:, i]
            p = int(claimed[k - r0])
            if p < 1 or period % p:
                bad.append(f"row {k}: period {p} does not divide the joint period {period}")
            elif not np.array_equal(seq, np.roll(seq, -p)):
                bad.append(f"row {k}: {p} is not a period of the row past y0")
            else:
                for r in _primes(p):
                    if np.array_equal(seq, np.roll(seq, -(p // r))):
                        bad.append(f"row {k}: {p // r} is a period too, so {p} is not the least")
                        break
    return "; ".join(bad[:5]) + (" ..." if len(bad) > 5 else "")


def _from(directory: Path, first: str | None, game: str, rows: int) -> VerifyStrip:
    if first is None:
        return VerifyStrip(game, rows)
    meta, arrays = read_checkpoint(directory / first)
    return _start(game, rows, int(meta["column"]), arrays["window"])


def _window_at(directory: Path, first: str | None, game: str, rows: int, y: int) -> np.ndarray:
    """The window before column y, recomputed from the checkpoint ``first`` (at or before y)."""
    w = min(y, _width(rows))
    strip = _from(directory, first, game, rows)
    if first is not None:
        _, arrays = read_checkpoint(directory / first)
        have = arrays["window"].astype(np.int32)
    else:
        have = np.zeros((0, rows), np.int32)
    cols = np.concatenate([have, strip.last_columns(y, w)]) if strip.y < y else have
    return cols[len(cols) - w :]


def proof_chunk(params: dict[str, Any]) -> dict[str, Any]:
    """The certificate itself, where the last segment does not hold the cycle (:func:`_proof`):
    the windows before y0 and y0 + P, each recomputed from a checkpoint at or before it."""
    directory = Path(params["directory"])
    y0, period = int(params["y0"]), int(params["period"])
    game, rows = params["game"], int(params["rows"])
    try:
        one = _window_at(directory, params["first"], game, rows, y0)
        two = _window_at(directory, params["second"], game, rows, y0 + period)
    except ValueError as error:
        return {"ok": False, "reason": str(error)}

    def columns(lo: int, hi: int) -> np.ndarray:
        return one[len(one) - (y0 - lo) :] if hi <= y0 else two[len(two) - (y0 + period - lo) :]

    reason = _proof(columns, {**params, "width": _width(rows)})
    return {"ok": not reason, "reason": reason}


def period_chunk(params: dict[str, Any]) -> dict[str, Any]:
    """Rows ``[r0, r1)`` where the last segment does not hold the cycle (:func:`_cycle_periods`):
    the strip runs from the checkpoint ``first`` (at or before y0) to y0 + P, keeping the
    batch's rows."""
    directory = Path(params["directory"])
    y0, period = int(params["y0"]), int(params["period"])
    r0, r1 = params["rows"]
    game, rows = params["game"], int(params["total_rows"])
    try:
        strip = _from(directory, params["first"], game, rows)
    except ValueError as error:
        return {"ok": False, "reason": str(error)}
    strip.last_columns(y0, 0)
    cycle = np.zeros((period, r1 - r0), dtype=np.int32)
    for y in range(y0, y0 + period, BLOCK):
        y1 = min(y0 + period, y + BLOCK)
        cycle[y - y0 : y1 - y0] = strip.run(y1)[:, r0:r1]

    def columns(lo: int, hi: int, b0: int, b1: int) -> np.ndarray:
        return cycle[lo - y0 : hi - y0, b0 - r0 : b1 - r0]

    reason = _cycle_periods(columns, params, r0, r1)
    return {"ok": not reason, "reason": reason}


# ---------------------------------------------------------------------------- the run


@dataclass
class VerifyReport:
    """What :func:`verify_run` found: ``ok``, the lines of the report, the failures."""

    ok: bool
    lines: list[str] = field(default_factory=list)
    failures: list[str] = field(default_factory=list)

    def fail(self, text: str) -> None:
        self.ok = False
        self.failures.append(text)

    def as_dict(self, directory: str | Path) -> dict[str, Any]:
        """The report as ``grundy verify --json`` prints it and ``verify.json`` holds it."""
        return {
            "directory": str(directory),
            "ok": self.ok,
            "lines": self.lines,
            "failures": self.failures,
        }

    def text(self) -> list[str]:
        """The lines ``grundy verify`` prints: the report, each failure, the verdict."""
        verdict = ["verified: every check passed"] if self.ok else []
        return [*self.lines, *(f"FAILED: {line}" for line in self.failures), *verdict]


def strip_runs(directory: Path) -> list[Path]:
    """The strip runs under ``directory``: itself (a run holds record.json or checkpoints),
    or its ``strip-*`` subdirectories (the ``--chunks DIR`` of row-periods)."""
    if (directory / "record.json").exists() or any(directory.glob("checkpoint-*.npz")):
        return [directory]
    return sorted(p for p in directory.glob("strip-*") if p.is_dir())


def verify_run(
    directory: str | Path,
    *,
    scheduler: str | None = None,
    workers: int | None = None,
    client: Any = None,
    quiet: bool = True,
    out: str | Path | None = None,
) -> VerifyReport:
    """Re-check every strip run under ``directory`` (see the module docstring).

    Segments and the record's checks run as chunks of
    :func:`runs.runner.run_chunks` (``workers=0``: in this process;
    default: a local Dask cluster; ``scheduler``: an existing one). With
    ``out``, each finished chunk's result is kept in ``out/<run>/chunks/``
    and a second call with the same ``out`` resumes: a chunk is reused only
    if its parameters, which hold the digests of its checkpoints, are the
    same (a changed checkpoint is checked again). A segment of rows 0..2047
    takes hours (docs/strip.md): an interrupted verification loses at most
    the segments in flight.

    Examples
    --------
    >>> import tempfile
    >>> from fast.strip import strip_periods
    >>> from fast.strip.checkpoint import DirectoryCheckpoints
    >>> with tempfile.TemporaryDirectory() as tmp:
    ...     _ = strip_periods("wythoff", 8, checkpoints=DirectoryCheckpoints(Path(tmp), every=0))
    ...     report = verify_run(tmp, workers=0)
    >>> report.ok, report.lines[-1]
    (True, 'wythoff rows 0..7: every check passed')
    """
    from runs.runner import run_chunks

    directory = Path(directory)
    report = VerifyReport(True)
    runs = strip_runs(directory)
    if not runs:
        report.fail(f"{directory}: no strip run (no record.json, no checkpoint-*.npz, no strip-*/)")
        return report
    for run in runs:
        plan = _plan(run, report)
        if plan is None:
            continue
        chunks, combine = plan
        results = run_chunks(
            _task, chunks, workers=workers, scheduler=scheduler, client=client, quiet=quiet,
            name="verify", description=f"verify {run.name}", parameters={"run": str(run)},
            out_dir=None if out is None else Path(out) / run.name,
        )  # fmt: skip
        if results.reused:
            kept = Path(out or "") / run.name
            report.lines.append(f"{run}: {len(results.reused)} of {len(chunks)} checks done before "
                                f"(kept in {kept}; their checkpoints unchanged)")  # fmt: skip
        combine(dict(zip([c.id for c in chunks], results, strict=True)))
    return report


def _task(params: dict[str, Any]) -> dict[str, Any]:
    """Dispatch one chunk of :func:`verify_run` (module level: Dask workers import it)."""
    kind = params["kind"]
    if kind == "segment":
        return verify_chunk(params)
    if kind == "proof":
        return proof_chunk(params)
    return period_chunk(params)


def _plan(run: Path, report: VerifyReport) -> Any:
    """The chunks of one run and the function that judges their results (None: failed early)."""
    read = _read_run(run, report)
    if read is None:
        return None
    record, listed, present, metas, lasts = read
    chunks, tracked, held = _segment_chunks(run, record, listed, present, metas)
    if not held:
        chunks += _cycle_chunks(run, record, present, metas)

    def combine(results: dict[str, dict[str, Any]]) -> None:
        _judge(run, report, record, len(present), tracked, lasts, results)

    return chunks, combine


def _read_run(run: Path, report: VerifyReport) -> Any:
    """The run's record and checkpoints, each checked: (record, the digests it lists, the
    checkpoint files present, their metadata, their ``last`` arrays); None after a failure."""
    record_path = run / "record.json"
    if not record_path.exists():
        report.fail(f"{record_path}: missing (the run has not finished; run it again to finish)")
        return None
    try:
        record = read_record(record_path)
    except ValueError as error:
        report.fail(f"{run / error.args[0].split(' ', 1)[0]}: {error}")
        return None
    game, rows = record["game"], int(record["rows"])
    listed = {c["file"]: c["digest"] for c in record["checkpoints"]}
    present = sorted(p.name for p in run.glob("checkpoint-*.npz"))
    for name in sorted(set(listed) ^ set(present)):
        report.fail(f"{run / name}: {'missing' if name in listed else 'not in the record'}")
    metas: dict[str, dict[str, Any]] = {}
    lasts: dict[str, np.ndarray | None] = {}
    for name in present:
        try:
            meta, arrays = read_checkpoint(run / name)
        except ValueError as error:
            report.fail(f"{run / name}: {error}")
            continue
        if name in listed and listed[name] != str(_digest_of(run / name)):
            report.fail(f"{run / name}: its digest is not the one the record lists")
            continue
        if (meta["game"], int(meta["rows"])) != (game, rows):
            report.fail(f"{run / name}: a checkpoint of {meta['game']} rows 0..{meta['rows'] - 1}")
            continue
        metas[name] = meta
        lasts[name] = arrays.get("last")
    if not report.ok:
        return None
    return record, listed, present, metas, lasts


def _segment_chunks(
    run: Path,
    record: dict[str, Any],
    listed: dict[str, str],
    present: list[str],
    metas: dict[str, dict[str, Any]],
) -> tuple[list[Any], list[tuple[str, str]], bool]:
    """The segment chunks, longest first; (chunk id, file it ends at) of the counting chain;
    whether its last segment holds the cycle's columns."""
    from runs.chunks import Chunk

    final = record["final"]
    second = bool(metas[final].get("second"))
    search = [n for n in present if metas[n]["phase"] == "search"]
    later = [n for n in present if metas[n]["phase"] == "second" and int(metas[n]["column"]) > 0]
    chains: list[tuple[list[str], int, bool]] = []  # (files in order, shift, counts violations)
    shift_search = int(metas[search[0]]["shift"]) if search else int(metas[final]["shift"])
    if second:
        chains.append((search, shift_search, False))
        chains.append(([*later, final], int(record["period"]), True))
    else:
        chains.append(([*search, final], shift_search, True))
    y0, period = int(record["y0"]), int(record["period"])
    periods = [int(p[1]) for p in record["periodicities"]]
    w = _width(int(record["rows"]))
    cycle: dict[str, Any] = {"y0": y0, "period": period, "periods": periods, "width": w}
    chunks: list[Chunk] = []
    tracked: list[tuple[str, str]] = []  # (chunk id, file it ends at) of the counting chain
    held = False  # whether the last counting segment holds the cycle's columns
    for c, (files, shift, counts) in enumerate(chains):
        previous: str | None = None
        for name in files:
            cid = f"c{c}-{name.removesuffix('.npz')}"
            a = int(metas[previous]["column"]) if previous else 0
            b = int(metas[name]["column"])
            params = {"kind": "segment", "directory": str(run), "first": previous, "second": name,
                      "shift": shift, "digests": [listed.get(previous or ""), listed[name]],
                      "columns": b - a + shift}  # fmt: skip
            if counts and name == final and _holds_cycle(a, b, shift, y0, period, w):
                params.update(cycle)
                held = True
            chunks.append(Chunk(cid, params))
            if counts:
                tracked.append((cid, name))
            previous = name
    chunks.sort(key=lambda chunk: -chunk.params["columns"])  # the longest first
    return chunks, tracked, held


def _cycle_chunks(
    run: Path, record: dict[str, Any], present: list[str], metas: dict[str, dict[str, Any]]
) -> list[Any]:
    """The chunks that check the cycle when no segment holds it: the proof, then the rows'
    periods in batches."""
    from runs.chunks import Chunk

    game, rows = record["game"], int(record["rows"])
    y0, period = int(record["y0"]), int(record["period"])
    periods = [int(p[1]) for p in record["periodicities"]]
    by_column = sorted(present, key=lambda n: int(metas[n]["column"]))

    def at_or_before(y: int) -> str | None:
        found = [n for n in by_column if 0 < int(metas[n]["column"]) <= y]
        return found[-1] if found else None

    chunks = [Chunk("proof", {"kind": "proof", "directory": str(run), "game": game,
                              "rows": rows, "y0": y0, "period": period,
                              "first": at_or_before(y0),
                              "second": at_or_before(y0 + period)})]  # fmt: skip
    batch = max(1, PERIOD_CHECK_BYTES // (4 * max(period, 1)))
    for r0 in range(0, rows, batch):
        r1 = min(rows, r0 + batch)
        chunks.append(Chunk(f"periods-{r0}-{r1}", {
            "kind": "periods", "directory": str(run), "game": game, "total_rows": rows,
            "rows": [r0, r1], "y0": y0, "period": period, "periods": periods[r0:r1],
            "first": at_or_before(y0)}))  # fmt: skip
    return chunks


def _judge(
    run: Path,
    report: VerifyReport,
    record: dict[str, Any],
    checkpoints: int,
    tracked: list[tuple[str, str]],
    lasts: dict[str, np.ndarray | None],
    results: dict[str, dict[str, Any]],
) -> None:
    """Judge the chunks' results against the record: each chunk's verdict, every row's
    last violation, preperiod and period, and y0; a line on the report either way."""
    for result in results.values():
        if not result["ok"]:
            report.fail(f"{run}: {result['reason']}")
    if not report.ok:
        return
    game, rows = record["game"], int(record["rows"])
    y0, period = int(record["y0"]), int(record["period"])
    last = np.full(rows, -1, dtype=np.int64)
    for cid, name in tracked:
        last = np.maximum(last, np.array(results[cid]["last"], dtype=np.int64))
        stored = lasts.get(name)
        if stored is not None and not np.array_equal(stored, last):
            k = int(np.argmax(stored != last))
            report.fail(f"{run / name}: row {k}'s last violation is {int(stored[k])}, "
                        f"recomputed {int(last[k])}")  # fmt: skip
            return
    w = _width(rows)
    first_key = max(w, int(record["start"]))
    for k, (pre, p, s) in enumerate(record["periodicities"]):
        if pre != last[k] + 1 or s != p:
            report.fail(f"{run / 'record.json'}: row {k} says ({pre}, {p}, {s}); recomputed "
                        f"preperiod {int(last[k]) + 1}, saltus = period")  # fmt: skip
            return
    expect_y0 = max(first_key, int(last.max()) + 1 + w)
    if y0 != expect_y0:
        report.fail(f"{run / 'record.json'}: y0 = {y0:,}, but the first recurring window is "
                    f"at {expect_y0:,}")  # fmt: skip
        return
    report.lines.append(f"{run}: {checkpoints} checkpoints, {len(tracked)} segments counted, "
                        f"joint period {period:,} from column {y0 - w:,}")  # fmt: skip
    report.lines.append(f"{game} rows 0..{rows - 1}: every check passed")


def _holds_cycle(a: int, b: int, shift: int, y0: int, period: int, w: int) -> bool:
    """Whether the segment of columns a..b (its ring: the last shift + W + BLOCK columns)
    holds every column the certificate's checks read, y0 - W .. y0 + P."""
    return a <= y0 - w and y0 + period <= b <= y0 + shift + BLOCK


def _digest_of(path: Path) -> str:
    with np.load(path, allow_pickle=False) as data:
        return str(data["digest"])
