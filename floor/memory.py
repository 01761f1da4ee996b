"""A memory estimate check for the fast wrappers (``fast/`` may not import ``grundy``), and the
texts of estimates (bytes, seconds) in messages, the registry's too."""

from __future__ import annotations

import os

__all__ = ["address_room", "available_memory", "check_memory", "format_bytes", "seconds_text"]


def available_memory() -> int:
    """Bytes of memory available now (MemAvailable, else total physical memory), no more
    than this process's address-space limit leaves (``ulimit -v``, :func:`address_room`)."""
    return min(_physical_memory(), address_room())


def _physical_memory() -> int:
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


def address_room() -> int:
    """Bytes this process may still map under its address-space limit (RLIMIT_AS): the
    limit less the mapped size now (``VmSize``); unbounded without a limit.

    An allocation past it fails however much memory is free (issue 39: ``experiment
    nivasch-table2`` under an 8 GB limit failed on numpy's "Unable to allocate").

    >>> address_room() > 0
    True
    """
    try:
        import resource

        limit = resource.getrlimit(resource.RLIMIT_AS)[0]
    except (ImportError, OSError, ValueError):  # not POSIX
        return 2**63
    if limit == resource.RLIM_INFINITY or limit < 0:
        return 2**63
    mapped = 0
    try:
        with open("/proc/self/status") as handle:
            for line in handle:
                if line.startswith("VmSize:"):
                    mapped = int(line.split()[1]) * 1024
    except OSError:
        pass
    return max(1, limit - mapped)


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
