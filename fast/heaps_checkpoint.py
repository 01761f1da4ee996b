"""Checkpoints of a long sparse-space run (issue 46 item 5): stop it, kill it, resume it.

:func:`fast.heaps.nim_sequence_sparse` with ``checkpoint=PATH`` saves its state (the
values so far, the rare positions, the mask and the table's width) to ``PATH`` (``.npz``,
written atomically: a kill never leaves half a file) every :data:`CHECKPOINT_SECONDS` and
when it ends or is interrupted; called again with the same path it resumes where the file
stopped. The file records the code and the probe: a run with another code or probe
refuses, naming the parameter; more terms than the saved run extend it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np

from floor.files import atomic_write

__all__ = ["CHECKPOINT_SECONDS", "Saved", "load", "save"]

#: Seconds between checkpoints of a running sparse-space run.
CHECKPOINT_SECONDS = 60.0


class Saved(dict[str, Any]):
    """The state of a checkpoint: ``done`` (terms computed), ``values`` (G(0..done-1)),
    ``rare`` (the rare positions below ``done``), ``xors``, ``mask``, ``domain``,
    ``width``."""


def save(path: str | Path, code: tuple[int, ...], probe: int, state: dict[str, Any]) -> None:
    """Write ``state`` (the keys of :class:`Saved`) for ``code`` and ``probe`` to ``path``."""
    done, held = int(state["done"]), int(state["held"])
    meta = np.array(
        [done, held, int(state["xors"]), int(state["mask"]), int(state["domain"]),
         int(state["width"]), probe],
        dtype=np.int64,
    )  # fmt: skip

    def write(handle: Any) -> None:
        np.savez(
            handle, code=np.array(code, dtype=np.int64), meta=meta,
            values=state["values"][:done], rare=state["rare"][:held],
        )  # fmt: skip

    atomic_write(path, write, durable=True)


def load(path: str | Path, code: tuple[int, ...], probe: int) -> Saved | None:
    """The state saved at ``path`` (None if there is no file); ValueError naming the
    parameter if it was saved by a run with another code or probe, or is no checkpoint."""
    target = Path(path)
    if not target.exists():
        return None
    try:
        with np.load(target) as data:
            saved_code = tuple(int(d) for d in data["code"])
            meta = [int(x) for x in data["meta"]]
            values, rare = data["values"].copy(), data["rare"].copy()
    except (OSError, ValueError, KeyError) as error:
        raise ValueError(f"checkpoint {target}: not a sparse-space checkpoint ({error})") from None
    if saved_code != tuple(code):
        raise ValueError(f"checkpoint {target}: code {saved_code} was saved, not {tuple(code)}")
    if meta[6] != probe:
        raise ValueError(f"checkpoint {target}: probe {meta[6]} was saved, not {probe}")
    keys = ("done", "held", "xors", "mask", "domain", "width")
    saved = Saved(zip(keys, meta[:6], strict=True))
    saved["values"], saved["rare"] = values, rare
    return saved
