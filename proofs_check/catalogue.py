"""Which claims there are, listed once, and how one is run.

:data:`MODULES` names every module of claims; :data:`CLAIMS` is built from them,
in their order and each module's order (the order of ``grundy check list``).
A new module of claims is added here, nowhere else: importing a module
registers nothing (``@claim`` keeps the claim on its function,
:func:`proofs_check.claim.declared`). The one other place claims come from is a
user's plugin (``$GRUNDY_PLUGINS``, docs/claims.md "Your own claims"): the
claims declared in a module loaded as a plugin (:func:`registry.plugins.plugin_modules`)
follow the built-in ones in :func:`load_claims`.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from types import ModuleType

from proofs_check import (
    claims_atlas,
    claims_fibonacci,
    claims_heaps,
    claims_jiao,
    claims_landman,
    claims_misere,
    claims_nivasch,
    claims_oeis,
    claims_piles3,
    claims_proved,
    claims_variants,
)
from proofs_check.claim import Claim, NotTightenable, Report, Run, declared
from registry.plugins import plugin_modules

__all__ = ["CLAIMS", "MODULES", "get_claim", "load_claims", "plugin_claims", "run_claim"]

#: Every module of claims, in the order the claims are listed.
MODULES: tuple[ModuleType, ...] = (
    claims_atlas,
    claims_fibonacci,
    claims_landman,
    claims_jiao,
    claims_nivasch,
    claims_oeis,
    claims_variants,  # issue 28: a pass, a terminal set, k-blocking
    claims_proved,  # issue 36: theorems for all positions, decided
    claims_piles3,  # issue 38: Fraenkel's 3-heap Wythoff conjectures (Sun-Zeilberger)
    claims_misere,  # issue 38: Bouton's misère rule for Nim
    claims_heaps,  # issue 46: the shipped heap-period certificates
)


def _collect(modules: tuple[ModuleType, ...]) -> dict[str, Claim]:
    """The claims declared in ``modules`` (their own functions, in definition order)."""
    claims: dict[str, Claim] = {}
    for module in modules:
        for value in vars(module).values():
            entry = declared(value)
            if entry is None or getattr(value, "__module__", None) != module.__name__:
                continue
            if entry.id in claims:
                raise ValueError(f"claim id {entry.id!r} registered twice")
            claims[entry.id] = entry
    return claims


#: Every claim, by id, in the order of :data:`MODULES`.
CLAIMS: dict[str, Claim] = _collect(MODULES)


def plugin_claims() -> dict[str, Claim]:
    """The claims declared in the plugin modules loaded so far, by id (a user's own claims).

    Raises
    ------
    ValueError
        If a plugin's claim has the id of a built-in claim or of another plugin's.
    """
    found = _collect(plugin_modules())
    taken = sorted(set(found) & set(CLAIMS))
    if taken:
        raise ValueError(f"claim id {taken[0]!r} of a plugin is a built-in claim's id")
    return found


def load_claims() -> dict[str, Claim]:
    """Every claim, by id: :data:`CLAIMS`, then :func:`plugin_claims`.

    >>> "landman-lemma-1" in load_claims()
    True
    """
    return {**CLAIMS, **plugin_claims()} if plugin_modules() else CLAIMS


def get_claim(claim_id: str) -> Claim:
    """The claim of ``claim_id``, or ValueError listing close ids."""
    claims = load_claims()
    if claim_id not in claims:
        close = [c for c in claims if claim_id.split("-")[0] in c][:8]
        hint = f"; did you mean {', '.join(close)}" if close else ""
        raise ValueError(f"unknown claim {claim_id!r} (see 'grundy check list'){hint}")
    return claims[claim_id]


def run_claim(
    claim_id: str,
    params: dict[str, int] | None = None,
    *,
    quick: bool = False,
    tighten: int = 0,
    progress: Callable[[int], None] | None = None,
    note: Callable[[str], None] | None = None,
) -> Report:
    """Check one claim and return its report.

    Parameters
    ----------
    claim_id : str
        A registered id (``grundy check list``).
    params : dict, optional
        Parameter overrides, validated against the claim's limits.
    quick : bool
        Start from the quick defaults.
    tighten : int
        Check a deliberately false variant: every bound tightened by this
        (>= 0). A claim that records no bound (only exact facts) cannot be
        tightened: ValueError.
    progress : callable, optional
        ``progress(cases)``, called now and then while the check runs.
    note : callable, optional
        ``note(text)``: how far a long data gathering is.
    """
    entry = get_claim(claim_id)
    values = entry.resolve(params, quick=quick)
    run = Run(entry.id, values, tighten=tighten, progress=progress, note=note)
    start = time.perf_counter()
    entry.check(run, **values)
    if tighten and not run._bounds:
        raise NotTightenable(
            f"{entry.id} checks only exact facts, no bound, so it cannot be tightened; "
            "--tighten applies to claims with bounds"
        )
    report = run.report(entry, time.perf_counter() - start)
    report.expect = entry.expect if tighten == 0 else "holds"
    return report
