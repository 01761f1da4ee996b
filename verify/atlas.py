"""``grundy verify --atlas``: the shipped atlas re-checked against its state and from column 0.

The atlas (``registry/atlas/``, :mod:`fast.atlas`) ships each row's record
(preperiod, period, saltus) and the strip's state at its cycle: the
normalised window of rows 0..X before a column c past every preperiod, and
the run's joint period P. Two checks, with the verifier's own strip
(:class:`verify.strip.VerifyStrip`), never the run's kernel:

* :func:`verify_atlas` (**the state**): the strip restarted from the state
  runs one joint period, c .. c + P; its window there must equal the state's
  (the proof that every row repeats with P from c on), and each row's least
  period is derived again from those P columns (it divides P: a prime factor
  of P at a time) and compared with its record, the saltus with the period
  (``D = G - y`` repeats: saltus = period), the preperiod with c (at most).
  About two minutes of one core for rows 0..2047 (786,432 columns; docs/strip.md).
* :func:`verify_atlas_rows` (**the preperiods**, rows A..B): the state cannot
  tell where a row's period begins, so rows 0..B are recomputed from column 0
  to ``Y + Q`` (Q: the joint period of their records, Y: their latest
  preperiod plus a window), counting each row's last column y - Q with
  ``D(k, y) != D(k, y - Q)`` (:func:`verify.run.advance`); the windows before
  Y and Y + Q must be equal (then nothing changes later), and each row's
  preperiod is 1 + its last violation. One chunk of
  :func:`runs.runner.run_chunks` (Dask like ``grundy verify``) that
  writes its own checkpoints every few minutes under ``out``: the same command
  again resumes from the last one. Rows whose recomputation would take more
  than :data:`ROWS_BUDGET_SECONDS` are refused, naming the estimate.

Anything that fails names the row; an untouched atlas passes.
"""

from __future__ import annotations

import io
import json
import math
import time
import zipfile
import zlib
from pathlib import Path
from typing import Any

import numpy as np

from fast import strip as fast_strip
from fast.atlas import column_contradiction, prime_factors, read_state, read_table
from fast.strip.checkpoint import checkpoint_digest
from floor.files import atomic_write
from verify.run import VerifyReport, _proof, _ring_dtype, _width, advance
from verify.strip import BLOCK, VerifyStrip

__all__ = [
    "ANCHOR_ROWS",
    "ROWS_BUDGET_SECONDS",
    "column_anchor",
    "rows_chunk",
    "rows_plan",
    "verify_atlas",
    "verify_atlas_rows",
]

#: The most ``grundy verify --atlas --rows A..B`` recomputes from column 0 (estimated by the
#: strip's cost model, :func:`fast.strip.strip_seconds`, one thread): rows past it are refused.
ROWS_BUDGET_SECONDS = 3600.0
#: The most memory the recomputation's ring may take (bytes).
ROWS_BUDGET_BYTES = 8 << 30
#: Seconds between two checkpoints of the recomputation from column 0.
CHECKPOINT_SECONDS = 300.0
#: Rows recomputed from column 0 by the verifier's strip to anchor the state's column
#: (:func:`column_anchor`: rows 0..300 of Wythoff from column 0: about 40 s of one core).
ANCHOR_ROWS = 301


def _read(directory: Path, label: str, game: str) -> tuple[dict[int, tuple[int, int, int]], str]:
    table, name = read_table(directory, game, label)
    if not table:
        raise ValueError(f"--atlas: {str(directory)!r} holds no atlas file of {game} whose "
                         "digest checks")  # fmt: skip
    return table, name


def _is_period(seq: np.ndarray, q: int) -> bool:
    """Whether q (dividing len(seq)) is a period of the cyclic sequence ``seq``."""
    return bool(np.array_equal(seq[q:], seq[:-q])) if q < len(seq) else True


def least_period(seq: np.ndarray, hint: int = 0) -> int:
    """The least period of the cyclic sequence ``seq`` (its length is a period).

    ``hint`` (a record's period) is tried first: three comparisons when it is right.

    >>> least_period(np.array([1, 2, 1, 2, 1, 2]), 6), least_period(np.array([1, 2, 3]))
    (2, 3)
    """
    n = len(seq)
    if 0 < hint and n % hint == 0 and _is_period(seq, hint):
        if not any(_is_period(seq, hint // r) for r in prime_factors(hint)):
            return hint
    q = n
    for r in prime_factors(n):
        while q % r == 0 and _is_period(seq, q // r):
            q //= r
    return q


def verify_atlas(
    directory: str | Path, label: str, game: str = "wythoff", quiet: bool = True
) -> VerifyReport:
    """One joint period from the shipped state: every record's period and saltus (module doc).

    Examples
    --------
    >>> from registry.rows import ATLAS_DIR
    >>> verify_atlas(ATLAS_DIR / "none", "x").failures
    ["--atlas: 'x': no shipped state of wythoff whose digests check"]
    """
    directory = Path(directory)
    report = VerifyReport(True)
    state = read_state(directory, game, label)
    if state is None:
        report.fail(f"--atlas: {label!r}: no shipped state of {game} whose digests check")
        return report
    table, name = _read(directory, label, game)
    window, c, joint = state["window"], int(state["column"]), int(state["period"])
    w, rows = window.shape
    if not quiet:
        print(f"{state['file']}: anchoring its column by rows 0..{min(rows, ANCHOR_ROWS) - 1} "
              "from column 0", flush=True)  # fmt: skip
    anchored = column_anchor(state, table, game, min(rows, ANCHOR_ROWS))
    if anchored:
        report.fail(f"{state['file']}: {anchored}")
        return report
    strip = VerifyStrip.from_window(game, rows, c, window)
    started = time.monotonic()
    cycle = _one_period(strip, joint, None if quiet else state["file"])
    keep = np.minimum(fast_strip.state_columns(rows), min(w, joint))
    for k in range(rows):  # the window after one period is the state's: P is proved
        if not np.array_equal(cycle[k, joint - keep[k] :], window[w - keep[k] :, k]):
            report.fail(f"{state['file']}: the state's joint period {joint:,} is not a period: "
                        f"row {k} of the window one joint period after column {c:,} "
                        "differs")  # fmt: skip
            return report
    leasts = [least_period(cycle[k], table.get(k, (0, 0, 0))[1]) for k in range(rows)]
    least_joint = math.lcm(*leasts)
    if least_joint != joint:
        report.fail(f"{state['file']}: the state's joint period {joint:,} is not the least: "
                    f"every row repeats with {least_joint:,}")  # fmt: skip
    records = {k: record for k, record in sorted(table.items()) if k < rows}
    for k, (pre, period, saltus) in records.items():
        why = _record_problems(pre, period, saltus, leasts[k], c)
        if why:
            report.fail(f"{name}: row {k}: " + "; ".join(why))
    checked = len(records)
    report.lines.append(
        f"{state['file']}: one joint period ({joint:,} columns of rows 0..{rows - 1}) from "
        f"column {c:,} returns to the state ({time.monotonic() - started:.0f} s); {checked} "
        f"records of {name} checked (least period, saltus); the state's column anchored by rows "
        f"0..{min(rows, ANCHOR_ROWS) - 1} from column 0; preperiods: --rows A..B"
    )
    return report


def _one_period(strip: VerifyStrip, joint: int, progress: str | None) -> np.ndarray:
    """The strip's next ``joint`` columns, row by row (``progress``: the file a progress line
    names; None: quiet)."""
    c, rows = strip.y, strip.rows
    cycle: np.ndarray = np.zeros((rows, joint), dtype=_ring_dtype(rows))
    for y in range(c, c + joint, BLOCK):
        y1 = min(c + joint, y + BLOCK)
        cycle[:, y - c : y1 - c] = strip.run(y1).T
        if progress is not None:
            print(f"\r{progress}: columns {y1 - c:,} of {joint:,}", end="", flush=True)
    if progress is not None:
        print()
    return cycle


def _record_problems(pre: int, period: int, saltus: int, least: int, c: int) -> list[str]:
    """What is wrong with a row's record (preperiod, period, saltus) given its least period
    from the state at column ``c``."""
    why = []
    if least != period:
        why.append(f"period {period:,}, but its least period from the state is {least:,}")
    if saltus != least:
        why.append(f"saltus {saltus:,}, but D = G - y repeats: its saltus is {least:,}")
    if pre > c:
        why.append(f"preperiod {pre:,} past the state's column {c:,}")
    return why


def column_anchor(
    state: dict[str, Any], table: dict[int, tuple[int, int, int]], game: str, rows: int
) -> str:
    """Why rows 0..rows-1, recomputed from column 0 by the verifier's strip, contradict the
    state's column ('' if they do not).

    The strip's rule on ``D = G - y`` does not depend on the column, so one joint period from
    the state cannot tell a window labelled with the wrong column. Rows 0..rows-1 are run from
    column 0 to ``Y + Q`` (:func:`rows_plan`: the records only propose Q and Y; the windows
    before Y and Y + Q must be equal, the proof), and the state's window of those rows must
    equal their values at its column, reduced by Q (:func:`fast.atlas.column_contradiction`).
    A shift by a multiple of Q is the one edit it cannot see (rows 0..300 of Wythoff: Q =
    196,608).
    """
    try:
        plan = rows_plan(table, rows - 1)
    except ValueError as error:
        return f"the state's column cannot be anchored: {error}"
    q, w, end = plan["period"], plan["width"], plan["end"]
    size = q + w + BLOCK
    ring: np.ndarray = np.zeros((size, rows), dtype=_ring_dtype(rows))
    last = np.full(rows, -1, dtype=np.int64)
    for _ in advance(VerifyStrip(game, rows), ring, end, 0, end, last):
        pass

    def columns(lo: int, hi: int) -> Any:
        return ring[np.arange(lo, hi) % size]

    reason = _proof(columns, plan)
    if reason:
        return f"rows 0..{rows - 1} from column 0 (anchoring the state's column): {reason}"
    base = plan["y0"] - w

    def truth(k: int, ys: np.ndarray) -> np.ndarray:
        at = np.where(ys < base, ys, base + (ys - base) % q)
        return np.asarray(ring[at % size, k])

    return column_contradiction(state["window"], int(state["column"]), truth, rows,
                                "recomputed from column 0 by the verifier's strip")  # fmt: skip


def rows_plan(table: dict[int, tuple[int, int, int]], last: int) -> dict[str, int]:
    """Rows 0..last recomputed from column 0: the joint period Q of their records, Y (their
    latest preperiod plus a window W) and the end Y + Q.

    >>> rows_plan({0: (0, 1, 1), 1: (3, 2, 2), 2: (8, 3, 3)}, 2)
    {'rows': 3, 'period': 6, 'y0': 14, 'end': 20, 'width': 6}
    """
    missing = [k for k in range(last + 1) if k not in table]
    if missing:
        raise ValueError(
            f"--rows: the atlas holds no record of row {missing[0]} (--rows = 0..{last})"
        )
    q = math.lcm(*(table[k][1] for k in range(last + 1)))
    w = _width(last + 1)
    y0 = max(w, max(table[k][0] for k in range(last + 1)) + w)
    return {"rows": last + 1, "period": q, "y0": y0, "end": y0 + q, "width": w}


def rows_cost(plan: dict[str, int]) -> tuple[float, int]:
    """(seconds, bytes) of recomputing the plan's rows from column 0 (one thread; the ring of
    Q + W + a block of columns)."""
    rows = plan["rows"]
    seconds = fast_strip.strip_seconds(rows, plan["end"], threads=1)
    ring = (plan["period"] + plan["width"] + BLOCK) * rows * np.dtype(_ring_dtype(rows)).itemsize
    return seconds, ring


def _save(path: Path, meta: dict[str, Any], arrays: dict[str, np.ndarray]) -> None:
    text = json.dumps(meta, sort_keys=True)
    buffer = io.BytesIO()
    payload: dict[str, Any] = {**arrays, "meta": np.array(text)}
    payload["digest"] = np.array(checkpoint_digest(text, arrays))
    np.savez(buffer, **payload)
    atomic_write(path, lambda handle: handle.write(buffer.getvalue()), durable=True)


def _resume(folder: Path, meta: dict[str, Any]) -> tuple[int, dict[str, np.ndarray]] | None:
    """The latest checkpoint of this plan in ``folder`` whose digest checks: (column, arrays)."""
    best = None
    for path in folder.glob("rows-checkpoint-*.npz"):
        try:
            with np.load(path, allow_pickle=False) as data:
                text, found = str(data["meta"]), str(data["digest"])
                arrays = {k: data[k] for k in ("back", "last")}
            saved = json.loads(text)
        except (OSError, ValueError, KeyError, EOFError, zipfile.BadZipFile, zlib.error):
            continue
        if checkpoint_digest(text, arrays) != found or {**saved, "column": 0} != {
            **meta,
            "column": 0,
        }:
            continue
        if best is None or saved["column"] > best[0]:
            best = (int(saved["column"]), arrays)
    return best


def rows_chunk(params: dict[str, Any]) -> dict[str, Any]:
    """Rows 0..R-1 from column 0 to the plan's end (a :func:`runs.runner.run_chunks`
    chunk; module doc): ``{"ok", "reason", "last"}``, ``last[k]`` row k's last violation of Q.
    With ``params["folder"]``, a checkpoint every ``params["every"]`` seconds there (the
    window Q columns back and ``last``); a new call resumes from the latest."""
    game, plan = params["game"], params["plan"]
    rows, q, w, end = plan["rows"], plan["period"], plan["width"], plan["end"]
    folder = Path(params["folder"]) if params.get("folder") else None
    meta = {"game": game, "plan": plan}
    last = np.full(rows, -1, dtype=np.int64)
    strip, count_from = VerifyStrip(game, rows), q
    size = q + w + BLOCK
    ring: np.ndarray = np.zeros((size, rows), dtype=_ring_dtype(rows))
    found = _resume(folder, meta) if folder else None
    if found is not None:
        column, arrays = found
        back = arrays["back"]
        strip = VerifyStrip.from_window(game, rows, column - q, back)
        ring[np.arange(column - q - len(back), column - q) % size] = back
        last[:], count_from = arrays["last"], column
    saved = time.monotonic()
    try:
        for _, y1 in advance(strip, ring, end, q, count_from, last):
            if folder and time.monotonic() - saved > float(params["every"]) and y1 - q >= w:
                back = ring[np.arange(y1 - q - w, y1 - q) % size]
                _save(folder / f"rows-checkpoint-{y1}.npz", {**meta, "column": y1},
                      {"back": back, "last": last})  # fmt: skip
                saved = time.monotonic()
    except ValueError as error:
        return {"ok": False, "reason": str(error), "last": []}

    def columns(lo: int, hi: int) -> Any:
        return ring[np.arange(lo, hi) % size]

    reason = _proof(columns, {"y0": plan["y0"], "period": q, "width": w})
    return {"ok": not reason, "reason": reason, "last": last.tolist()}


def verify_atlas_rows(
    directory: str | Path,
    label: str,
    rows: range,
    game: str = "wythoff",
    *,
    out: str | Path | None = None,
    scheduler: str | None = None,
    workers: int | None = None,
    client: Any = None,
    quiet: bool = True,
    budget: float = ROWS_BUDGET_SECONDS,
) -> VerifyReport:
    """Rows ``rows`` (A..B) recomputed from column 0: their preperiods (module doc).

    ValueError (one line, exit 2) where the atlas lacks a row or the estimate passes
    ``budget`` seconds or :data:`ROWS_BUDGET_BYTES`.

    Examples
    --------
    >>> from registry.rows import ATLAS_DIR
    >>> verify_atlas_rows(ATLAS_DIR, "registry/atlas", range(2, 4), workers=0).ok
    True
    >>> verify_atlas_rows(ATLAS_DIR, "registry/atlas", range(2000, 2001))  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: --rows: recomputing rows 0..2000 from column 0 (to column 152,676,515) takes ...
    """
    from runs.chunks import Chunk
    from runs.runner import run_chunks

    table, name = _read(Path(directory), label, game)
    plan = rows_plan(table, rows[-1])
    seconds, memory = rows_cost(plan)
    if seconds > budget or memory > ROWS_BUDGET_BYTES:
        raise ValueError(
            f"--rows: recomputing rows 0..{rows[-1]} from column 0 (to column {plan['end']:,}) "
            f"takes about {seconds:,.0f} s and {memory / 2**30:.1f} GiB, past the budget of "
            f"{budget:,.0f} s and {ROWS_BUDGET_BYTES / 2**30:.0f} GiB (--rows = "
            f"{rows[0]}..{rows[-1]}); the run's checkpoint chain is checked by grundy verify DIR"
        )
    run_name = f"atlas-{game}-rows-0-{rows[-1]}"
    folder = None if out is None else Path(out) / run_name
    if folder is not None:
        folder.mkdir(parents=True, exist_ok=True)
    params = {"kind": "rows", "game": game, "plan": plan, "every": CHECKPOINT_SECONDS,
              "folder": None if folder is None else str(folder)}  # fmt: skip
    results = run_chunks(
        rows_chunk, [Chunk("rows", params)], workers=workers, scheduler=scheduler, client=client,
        quiet=quiet, name="verify-atlas", description=f"verify --atlas rows 0..{rows[-1]}",
        parameters={"atlas": name, "rows": [rows[0], rows[-1]]}, out_dir=folder,
    )  # fmt: skip
    result = results[0]
    report = VerifyReport(True)
    proved = result["ok"]
    if not proved:
        report.fail(f"{name}: rows 0..{rows[-1]} from column 0: {result['reason']}")
    last = result["last"]
    for k in rows:
        pre = table[k][0]
        if last and last[k] + 1 > pre:
            report.fail(f"{name}: row {k}: preperiod {pre:,}, but recomputed from column 0 the "
                        f"row changes at column {last[k]:,} + its period")  # fmt: skip
        elif proved and last[k] + 1 != pre:
            report.fail(f"{name}: row {k}: preperiod {pre:,}, recomputed from column 0: "
                        f"{last[k] + 1:,}")  # fmt: skip
    if report.ok:
        report.lines.append(
            f"{name}: rows {rows[0]}..{rows[-1]} recomputed from column 0 to {plan['end']:,} "
            f"(joint period {plan['period']:,} proved from {plan['y0'] - plan['width']:,}): "
            "every preperiod checks"
        )
    return report
