"""The checks of :mod:`heapcheck` (see the package's docstring): plain Python and numpy."""

from __future__ import annotations

import hashlib
import json
import math
from pathlib import Path
from typing import Any

import numpy as np

from heapcheck.sparse import sparse_values

__all__ = [
    "FORMAT",
    "BadCertificate",
    "check",
    "check_file",
    "digest",
    "parse_octal",
    "values",
    "window_end",
    "window_values",
]

#: The format name and version a certificate states.
FORMAT = "heap-period-certificate/1"
#: Past this many terms a splitting code's values come from the sparse-space method.
SPARSE_FROM = 4096
#: The fields a certificate has (``digest`` last: the SHA-256 of the others).
FIELDS = ("format", "game", "code", "preperiod", "period", "window_end", "terms",
          "values_sha256", "digest")  # fmt: skip


class BadCertificate(ValueError):
    """A file that is no certificate (unreadable, not JSON, fields missing or mistyped)."""


def parse_octal(game: str) -> tuple[int, ...]:
    """The digits (d_0, ..., d_t) of ``octal:D.DDD`` (Winning Ways' octal code), or of
    ``subtraction:S`` (d_k = 3 for k in S).

    >>> parse_octal("octal:0.45"), parse_octal("octal:4.007"), parse_octal("subtraction:1,3")
    ((0, 4, 5), (4, 0, 0, 7), (0, 3, 0, 3))
    >>> parse_octal("octal:0.8")
    Traceback (most recent call last):
    ...
    heapcheck.check.BadCertificate: game 'octal:0.8': a digit 8 > 7
    """
    if game.startswith("subtraction:"):  # take k in S: the digit 3 at each k
        try:
            takes = {int(k) for k in game.removeprefix("subtraction:").split(",")}
        except ValueError:
            raise BadCertificate(f"game {game!r}: not a subtraction set") from None
        if not takes or min(takes) < 1:
            raise BadCertificate(f"game {game!r}: not a subtraction set of positive k")
        return tuple(3 if k in takes else 0 for k in range(max(takes) + 1))
    text = game.removeprefix("octal:")
    head, dot, tail = text.partition(".")
    if game == text or not dot or head not in ("0", "4") or not tail:
        raise BadCertificate(f"game {game!r}: not an octal code octal:0.D... or octal:4.D...")
    for c in tail:
        if not c.isdigit() or int(c) > 7:
            raise BadCertificate(f"game {game!r}: a digit {c} > 7")
    return (int(head), *map(int, tail.rstrip("0") or "0"))


def window_end(code: tuple[int, ...], preperiod: int, period: int) -> int:
    """The end (exclusive) of the n the Guy-Smith theorem needs G(n + period) = G(n) on:
    2 n0 + period + t, n0 = max(1, preperiod), t = the last digit's index.

    >>> window_end((0, 0, 7), 53, 34)
    142
    """
    return 2 * max(1, preperiod) + period + len(code) - 1


def values(code: tuple[int, ...], terms: int) -> np.ndarray:
    """G(0), ..., G(terms - 1) of the octal game ``code``, from its rules: the mex of the
    values of the options of n (k tokens taken leaving no heap: bit 1 of d_k, n = k; one
    heap n - k: bit 2; two heaps a + b = n - k, XOR of their values: bit 4; k = 0 only
    splits).

    >>> values((0, 0, 7), 12).tolist()  # Dawson's Kayles
    [0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3]
    >>> values((0, 7, 7), 10).tolist()  # Kayles
    [0, 1, 2, 3, 1, 4, 3, 2, 1, 4]
    """
    g = np.zeros(terms, dtype=np.int64)
    for n in range(terms):
        found: list[np.ndarray] = []
        for k, d in enumerate(code):
            rest = n - k
            if rest < 0:
                break
            if d & 1 and rest == 0 and k > 0:
                found.append(np.zeros(1, dtype=np.int64))
            if d & 2 and rest >= 1 and k > 0:
                found.append(g[rest : rest + 1])
            if d & 4 and rest >= 2:
                half = rest // 2
                found.append(g[1 : half + 1] ^ g[rest - half : rest][::-1])
        if found:
            options = np.concatenate(found)
            seen = np.zeros(options.size + 1, dtype=bool)
            seen[options[options <= options.size]] = True
            g[n] = int(np.argmin(seen))
    return g


def window_values(code: tuple[int, ...], terms: int) -> np.ndarray:
    """G(0), ..., G(terms - 1): by the sparse-space method (:mod:`heapcheck.sparse`) for a
    splitting code past :data:`SPARSE_FROM` terms, else by :func:`values`.

    >>> window_values((0, 4, 5), 20).tolist() == values((0, 4, 5), 20).tolist()
    True
    """
    if terms > SPARSE_FROM and any(d & 4 for d in code):
        return sparse_values(code, terms, values)
    return values(code, terms)


def _values_sha256(g: np.ndarray) -> str:
    return hashlib.sha256(np.asarray(g, dtype="<u2").tobytes()).hexdigest()


def digest(fields: dict[str, Any]) -> str:
    """The SHA-256 of the canonical JSON (sorted keys, no spaces) of every field but
    ``digest``."""
    body = {k: v for k, v in fields.items() if k != "digest"}
    text = json.dumps(body, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def _read(fields: Any) -> tuple[tuple[int, ...], int, int]:
    """The (code, preperiod, period) of a parsed file; BadCertificate if it is none."""
    if not isinstance(fields, dict):
        raise BadCertificate("not a JSON object")
    missing = [f for f in FIELDS if f not in fields]
    if missing:
        raise BadCertificate(f"fields missing: {', '.join(missing)}")
    if fields["format"] != FORMAT:
        raise BadCertificate(f"format {fields['format']!r}: not {FORMAT!r}")
    for name in ("preperiod", "period", "window_end", "terms"):
        if not isinstance(fields[name], int) or isinstance(fields[name], bool):
            raise BadCertificate(f"{name} = {fields[name]!r}: not an integer")
    if fields["preperiod"] < 0 or fields["period"] < 1:
        raise BadCertificate(f"preperiod {fields['preperiod']}, period {fields['period']}")
    code = parse_octal(str(fields["game"]))
    return code, int(fields["preperiod"]), int(fields["period"])


def check(fields: dict[str, Any], recompute: bool = True) -> str | None:
    """None if the certificate ``fields`` holds (see the package), else its first failure.

    ``recompute=False`` checks the digest and the fields only (not the values).
    """
    code, pre, p = _read(fields)
    if fields["digest"] != digest(fields):
        return "the digest does not match the fields (the file was edited)"
    if list(code) != list(fields["code"]):
        return f"code {fields['code']} is not the game {fields['game']}'s {list(code)}"
    end = window_end(code, pre, p)
    if fields["window_end"] != end or fields["terms"] != end + p:
        return f"the window is {pre} <= n < {end} ({end + p} values), not the file's"
    if not recompute:
        return None
    g = window_values(code, end + p)
    if _values_sha256(g) != fields["values_sha256"]:
        return f"the values G(0..{end + p - 1}) recomputed from the rules differ (digest)"
    return _periodic(g, pre, p, end)


def _periodic(g: np.ndarray, pre: int, p: int, end: int) -> str | None:
    """None if G(n + p) = G(n) for pre <= n < end with ``pre`` and ``p`` least, else why not
    (vectorised; the divisors of p by trial division up to its square root)."""
    differ = np.flatnonzero(g[pre + p : end + p] != g[pre:end])
    if differ.size:
        n = pre + int(differ[0])
        return f"G({n + p}) = {g[n + p]} differs from G({n}) = {g[n]}: not periodic"
    if pre > 0 and g[pre - 1 + p] == g[pre - 1]:
        return f"the preperiod {pre} is not least: G({pre - 1 + p}) = G({pre - 1})"
    small = [q for q in range(1, math.isqrt(p) + 1) if p % q == 0]
    for q in sorted({*small, *(p // q for q in small)} - {p}):
        if np.array_equal(g[pre + q : pre + q + p], g[pre : pre + p]):
            return f"the period {p} is not least: {q} is a period"
    return None


def check_file(path: str | Path, recompute: bool = True) -> str | None:
    """:func:`check` of the file ``path``; BadCertificate if it is no certificate."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise BadCertificate(f"cannot read: {error}") from None
    try:
        fields = json.loads(text)
    except json.JSONDecodeError as error:
        raise BadCertificate(f"not JSON (truncated?): {error}") from None
    return check(fields, recompute)
