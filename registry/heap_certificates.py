"""Period certificates of one-heap games: written, read back and shipped (issue 46 item 3).

A certificate (format ``heap-period-certificate/1``, JSON) states an octal game's least
preperiod and period, the Guy-Smith window (G(n + period) = G(n) for preperiod <= n <
``window_end`` proves it for all n; :func:`reference.heaps.window_end`), the SHA-256 of
the values G(0..terms-1) (``terms = window_end + period``, little-endian uint16) and,
last, the SHA-256 of its other fields (canonical JSON: sorted keys, no spaces): an
edited file fails. The independent checker ``python -m heapcheck FILE`` (the top-level
package :mod:`heapcheck`, plain Python and numpy, nothing of this project imported)
recomputes the window from the rules and checks it.

Shipped certificates live in ``registry/heap_certificates/`` (package data);
:func:`shipped` reads the one of a game, its digest and window checked (cheap), and
``grundy period GAME --certified`` answers from it.
"""

from __future__ import annotations

import hashlib
import json
import platform
import time
from pathlib import Path
from typing import Any

import numpy as np

import fast.heaps
import reference.heaps
import spec
from registry.heaps import heap_code, heap_period, sequence

__all__ = [
    "FOLDER", "FORMAT", "certificate", "digest", "shipped", "values_sha256", "window", "write",
]  # fmt: skip

#: The format name and version (heapcheck.check.FORMAT states the same).
FORMAT = "heap-period-certificate/1"
#: The shipped certificates.
FOLDER = Path(__file__).with_name("heap_certificates")


def digest(fields: dict[str, Any]) -> str:
    """The SHA-256 of the canonical JSON of every field but ``digest``.

    >>> digest({"a": 1, "digest": "x"}) == digest({"a": 1})
    True
    """
    body = {k: v for k, v in fields.items() if k != "digest"}
    return hashlib.sha256(
        json.dumps(body, sort_keys=True, separators=(",", ":")).encode()
    ).hexdigest()


def certificate(
    game: spec.ImpartialGame | str,
    budget: float | None = None,
    claimed: tuple[int, int] | None = None,
) -> dict[str, Any]:
    """The certificate fields of ``game``'s certified period (computed within ``budget``).

    ``claimed`` (preperiod, period), a published one: its window alone is computed and
    checked (:func:`fast.heaps.check_period`, the numpy twin of
    :func:`reference.heaps.check_period`: periodic on the Guy-Smith window, both least),
    instead of searching by doubling; ValueError if it fails. The preperiod certified is
    the least the window allows (:func:`fast.heaps.least_preperiod`): a claimed one that
    is not least gives way to it, and ``made_by`` says so. The values stay an array (a
    window of 4 * 10^8 values is 0.9 GB as uint16): no Python list, no wider copy.

    >>> fields = certificate("octal:0.07")
    >>> fields["preperiod"], fields["period"], fields["window_end"], fields["terms"]
    (53, 34, 142, 176)
    >>> certificate("octal:0.07", claimed=(60, 34))["preperiod"]  # the least one certified
    53
    """
    subject = spec.as_game(game)
    code = heap_code(subject)
    if code is None or reference.heaps.most_heaps(code) > 2:
        raise ValueError(f"game: {subject.describe()} has no octal code of at most two heaps")
    began = time.perf_counter()
    if claimed is None:
        found = heap_period(subject, compute=True, budget=budget)
        pre, p, how = found.preperiod, found.period, found.implementation
        assert pre is not None and p is not None
    else:
        pre, p = claimed
    end = window(code, pre, p)
    answer = sequence(subject, end + p, budget)
    values = np.asarray(answer.value)
    if claimed is not None:
        pre, end, how = _least(values, code, claimed, answer.name)
        values = values[: end + p]
    top = int(values.max())
    if top > 65535:
        raise ValueError(f"game: {subject.describe()}: a value past 65,535 (uint16 digest)")
    fields: dict[str, Any] = {
        "format": FORMAT, "game": subject.describe(), "code": list(code),
        "preperiod": pre, "period": p, "window_end": end, "terms": end + p,
        "theorem": reference.heaps.theorem(code),
        "last_exception": pre - 1 if pre > 0 else None,
        "max_value": top,
        "values_sha256": values_sha256(values),
        "made_by": f"grundy period {subject.describe()} --certificate ({how})",
        "seconds": round(time.perf_counter() - began, 1),
        "machine": f"{platform.machine()} python {platform.python_version()}",
    }  # fmt: skip
    fields["digest"] = digest(fields)
    return fields


def _least(
    values: np.ndarray, code: tuple[int, ...], claimed: tuple[int, int], name: str
) -> tuple[int, int, str]:
    """(preperiod, window end, how) of a claimed (preperiod, period) checked on ``values``
    (its window): the least preperiod the window allows; ValueError if the claim fails."""
    pre, p = claimed
    least = fast.heaps.least_preperiod(values, p, window(code, pre, p))
    how = f"the claimed window checked, values by {name}"
    if least < pre:
        how += f"; the claimed preperiod {pre} is not least"
        pre = least
    why = fast.heaps.check_period(values, code, pre, p)
    if why is not None:
        raise ValueError(f"claimed preperiod {claimed[0]}, period {p}: {why}")
    return pre, window(code, pre, p), how


def values_sha256(values: np.ndarray, chunk: int = 1 << 22) -> str:
    """The SHA-256 of ``values`` as little-endian uint16, read ``chunk`` values at a time
    (no copy of the whole array).

    >>> values_sha256(np.arange(5), chunk=2) == hashlib.sha256(
    ...     np.arange(5).astype("<u2").tobytes()).hexdigest()
    True
    """
    total = hashlib.sha256()
    for a in range(0, len(values), chunk):
        total.update(np.ascontiguousarray(values[a : a + chunk], dtype="<u2").tobytes())
    return total.hexdigest()


def write(
    game: spec.ImpartialGame | str, path: str | Path, budget: float | None = None
) -> dict[str, Any]:
    """Write ``game``'s certificate to ``path`` (JSON, one field a line); return it."""
    fields = certificate(game, budget)
    Path(path).write_text(json.dumps(fields, indent=1) + "\n", encoding="utf-8")
    return fields


def window(code: tuple[int, ...], preperiod: int, period: int) -> int:
    """The certificate's window end: the Guy-Smith window 2 n0 + period + t (n0 = max(1,
    preperiod)), for a code that splits (:func:`reference.heaps.window_end`) and, as a
    superset of the t values it needs, for one that does not.

    >>> window((0, 0, 7), 53, 34), window((0, 3, 0, 3, 3), 0, 7)
    (142, 13)
    """
    return 2 * max(1, preperiod) + period + len(code) - 1


def _file(game: str) -> Path:
    return FOLDER / (game.replace(":", "-") + ".json")


def shipped(game: spec.ImpartialGame | str) -> dict[str, Any] | None:
    """The shipped certificate of ``game``, its digest, game and window checked; None if
    none is shipped. ValueError if the shipped file fails (never a silent answer).

    >>> shipped("octal:0.45")["period"]
    20
    >>> shipped("octal:0.07") is None
    True
    """
    subject = spec.as_game(game)
    path = _file(subject.describe())
    if not path.is_file():
        return None
    fields: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    code = heap_code(subject)
    why = None
    if fields.get("format") != FORMAT or fields.get("digest") != digest(fields):
        why = "its digest does not match its fields"
    elif fields.get("game") != subject.describe() or fields.get("code") != list(code or ()):
        why = f"it is the certificate of {fields.get('game')}"
    elif code is None or fields.get("window_end") != window(
        code, fields["preperiod"], fields["period"]
    ):
        why = "its window is not the Guy-Smith window"
    if why is not None:
        raise ValueError(f"the shipped certificate {path.name}: {why}")
    return fields
