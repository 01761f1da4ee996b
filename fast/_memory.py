"""A memory estimate check for the fast wrappers (``fast/`` may not import ``grundy``), and the
texts of estimates (bytes, seconds) in messages, the registry's too."""

from __future__ import annotations

import os

__all__ = ["available_memory", "check_memory", "format_bytes", "seconds_text"]


def available_memory() -> int:
    """Bytes of memory available now (MemAvailable, else total physical memory)."""
    try:
        with open("/proc/meminfo") as handle:
            for line in handle:
                if line.startswith("MemAvailable:"):
                    return int(line.split()[1]) * 1024
    except OSError:
        pass
    try:
        return int(os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES"))
    except (ValueError, OSError, AttributeError):
        return 8 * 2**30


def format_bytes(count: int) -> str:
    """A byte count for a message: GiB with one decimal, or a power of ten when huge.

    Examples
    --------
    >>> format_bytes(3 * 2**30), format_bytes(10**400)
    ('3.0 GiB', '10^390 GiB')
    """
    gib = count // 2**30
    if gib < 10**15:
        return f"{count / 2**30:.1f} GiB"
    return f"10^{len(str(gib)) - 1} GiB"


def seconds_text(seconds: float) -> str:
    """A time estimate for a message.

    >>> seconds_text(0.004), seconds_text(42.3), seconds_text(86400 * 400), seconds_text(1e40)
    ('0.004 s', '42 s', '3.5e+07 s', '1e+40 s')
    """
    return f"{seconds:,.0f} s" if 1 <= seconds < 1e7 else f"{seconds:.2g} s"


def check_memory(estimate_bytes: int, what: str) -> None:
    """Raise MemoryError (with the estimate) when ``what`` needs over half the free memory.

    Examples
    --------
    >>> check_memory(1024, "a tiny table")
    >>> check_memory(2**80, "a huge table")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    MemoryError: a huge table would need about ... GiB, ...
    """
    limit = available_memory() // 2
    if estimate_bytes > limit:
        raise MemoryError(
            f"{what} would need about {format_bytes(estimate_bytes)}, more than half of "
            f"the {2 * limit / 2**30:.1f} GiB available; choose a smaller size"
        )
