"""The one table of compiled kernels the spec names by ``"module:function"``.

``spec/`` may not import ``fast/`` (a test enforces it), so a spec class that carries a
compiled form written in numba names it by a string: ``compiled_followers``,
``compiled_regions`` or ``compiled_terminal`` = ``kernel("fast.engine:NAME")``. Every such
name is in :data:`KERNEL_NAMES`, and :func:`kernel` checks it when the class body runs, at
import: a misspelt or removed kernel fails the import of the spec, not a run. The fast
side keeps the kernels these names resolve to in one table (``fast.engine.forms.KERNELS``),
loads a ``fast.`` name only through it, and ``tests/test_shapes.py`` holds the two tables
equal.

The first-order form of the same move or terminal set (what the decider reads) lives on the
spec class beside the name (``move_formulas``, ``terminal_formula``): one home per rule.

Examples
--------
>>> kernel("fast.engine:sum_at_most")
'fast.engine:sum_at_most'
>>> kernel("fast.engine:sum_at_mots")
Traceback (most recent call last):
...
ValueError: kernel name 'fast.engine:sum_at_mots' is not in spec.kernel_names.KERNEL_NAMES \
(known: fast.engine:e_wythoff_regions, fast.engine:fwythoff_slant_followers, \
fast.engine:sum_at_most)
"""

from __future__ import annotations

from typing import Final

__all__ = ["KERNEL_NAMES", "check_kernel_name", "kernel"]

#: Every compiled kernel a spec class names, with what it computes.
KERNEL_NAMES: Final[dict[str, str]] = {
    "fast.engine:fwythoff_slant_followers": "F-Wythoff's ratio-keeping slant followers",
    "fast.engine:e_wythoff_regions": "E-Wythoff's extra moves as row spans",
    "fast.engine:sum_at_most": "the terminal set x + y <= K",
}

#: The package whose kernels must be named in the table (a plugin's own module need not be).
FAST_PREFIX: Final = "fast."


def kernel(name: str) -> str:
    """``name`` itself, once checked against :data:`KERNEL_NAMES` (ValueError otherwise)."""
    if name not in KERNEL_NAMES:
        known = ", ".join(sorted(KERNEL_NAMES))
        raise ValueError(
            f"kernel name {name!r} is not in spec.kernel_names.KERNEL_NAMES (known: {known})"
        )
    return name


def check_kernel_name(owner: str, label: str, value: object) -> None:
    """ValueError if ``value`` is a string naming a ``fast.`` kernel not in the table.

    A plugin's compiled form may name a function of its own module (``"mymod:follow"``);
    that name is the plugin's, and is loaded (and checked) by the engine.

    >>> check_kernel_name("g", "compiled_terminal", "mymod:terminal")
    >>> check_kernel_name("g", "compiled_terminal", "fast.engine:nope")  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: g: compiled_terminal = 'fast.engine:nope': kernel name ... is not in ...
    """
    if isinstance(value, str) and value.startswith(FAST_PREFIX):
        try:
            kernel(value)
        except ValueError as error:
            raise ValueError(f"{owner}: {label} = {value!r}: {error}") from None
