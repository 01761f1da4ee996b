"""The steps of a certificate, each checked (docs/proofs.md, "How to check a proof without
trusting us", gives the argument).

An automaton of ``k`` tapes has a meaning ``(W, φ)``: the words it accepts are valid on the
tapes of ``W``, and among the words valid on every tape it accepts those whose values satisfy
``φ``.  Each step builds its automaton from its witness and its checked inputs (a pair per
product state, a subset per subset state, a class per source state of a minimisation), and
every check is linear in the step's size (sorting aside), in numpy over int64.
"""

from __future__ import annotations

import hashlib
import warnings
import zlib
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from certcheck.atoms import ARITY, build

MAGIC = b"grundy-certificate 1"
#: Lines of data after each step's header.
DATA = {"atom": 2, "remap": 0, "product": 1, "subset": 2, "minimise": 1}


class BadInput(Exception):
    """Not a certificate, damaged, truncated, a wrong version, too large: exit 2."""


class Failed(Exception):
    """A step that does not check: exit 1."""


@dataclass
class Node:  # k tapes, transitions (states, 2**k), acceptance, the tapes W known valid
    k: int
    delta: np.ndarray
    accept: np.ndarray
    valid: frozenset[int]


def read(path: str, limit: int) -> list[bytes]:
    """The certificate's lines (digest checked), or :class:`BadInput`."""
    try:
        with open(path, "rb") as f:
            raw = f.read(limit + 1)
    except OSError as error:
        raise BadInput(f"{path}: cannot be read ({error.strerror})") from None
    text = _gunzip(path, raw, limit)
    lines = text.split(b"\n")
    if not lines[0].startswith(b"grundy-certificate "):
        raise BadInput(f"{path}: not a certificate (its first line is not {MAGIC.decode()!r})")
    if lines[0] != MAGIC:
        raise BadInput(f"{path}: format version {lines[0][19:]!r}; this checker reads 1")
    if len(lines) < 3 or lines[-1] != b"" or not lines[-2].startswith(b"sha256 "):
        raise BadInput(f"{path}: truncated (no digest line at its end)")
    body = text[: len(text) - len(lines[-2]) - 1]
    if hashlib.sha256(body).hexdigest().encode() != lines[-2][7:].strip():
        raise BadInput(f"{path}: wrong digest (the content was edited or damaged)")
    return lines[:-2]


def _gunzip(path: str, raw: bytes, limit: int) -> bytes:
    """The text of a gzip file's bytes, at most ``limit`` bytes each, or :class:`BadInput`."""
    if len(raw) > limit:
        raise BadInput(f"{path}: too large for the memory limit of {limit} bytes")
    if raw[:2] != b"\x1f\x8b":
        raise BadInput(f"{path}: not a certificate (not gzip-compressed)")
    unzip = zlib.decompressobj(16 + zlib.MAX_WBITS)
    try:
        text = unzip.decompress(raw, limit + 1)
    except zlib.error:
        raise BadInput(f"{path}: damaged (its compressed data does not decompress)") from None
    if len(text) > limit or unzip.unconsumed_tail:
        raise BadInput(f"{path}: too large for the memory limit of {limit} bytes")
    if not unzip.eof:
        raise BadInput(f"{path}: truncated (its compressed data ends early)")
    return text


def ints(line: bytes, count: int, what: str) -> np.ndarray:
    """``count`` integers of a data line, or :class:`BadInput`."""
    try:  # a short line split; a long one read by numpy (a warnings filter costs 20 us)
        arr = np.array(line.split(), dtype=np.int64) if len(line) < 4096 else None
        if arr is None:
            with warnings.catch_warnings(action="error"):
                arr = np.fromstring(line, dtype=np.int64, sep=" ")
    except (ValueError, OverflowError, DeprecationWarning):
        raise BadInput(f"{what}: not a line of integers") from None
    if arr.size != count:
        raise BadInput(f"{what}: {arr.size} integers where {count} are due")
    return arr.astype(np.int64)


def num(w: list[str], i: int, what: str) -> int:
    """The integer word ``i`` of a header."""
    if len(w) <= i or not w[i].lstrip("-").isdigit():
        raise BadInput(f"{what}: word {i + 1} of its header is not an integer")
    return int(w[i])


def walk_equal(d1: np.ndarray, a1: np.ndarray, s1: int, d2: np.ndarray, a2: np.ndarray,
               s2: int, what: str, valid: str = "") -> None:  # fmt: skip
    """Walk the pairs reachable from ``(s1, s2)`` (``valid``, a numeration: with our valid-words
    automaton, on its valid words only): each must agree on acceptance."""
    dv, av = build("valid", "-", d1.shape[1].bit_length() - 1, valid or "fibonacci")
    todo = [(s1, s2, 0)]
    seen = set(todo)
    while todo:
        p, q, v = todo.pop()
        if bool(a1[p]) != bool(a2[q]) and (not valid or av[v]):
            raise Failed(f"{what}: state {p} {'accepts' if a1[p] else 'rejects'}, "
                         f"the construction's state {q} does not")  # fmt: skip
        for c in range(d1.shape[1]):
            nxt = (int(d1[p, c]), int(d2[q, c]), dv[v][c] if valid else 0)
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)


def atom(step: str, kind: str, arg: str, k: int, n: int, data: list[bytes],
         numeration: str = "fibonacci") -> Node:  # fmt: skip
    if len(data[0]) != n or data[0].strip(b"01"):
        raise BadInput(f"{step}: the acceptance line is not {n} bits")
    accept = np.frombuffer(data[0], dtype=np.uint8) == ord("1")
    delta = ints(data[1], n * 2**k, step).reshape(n, 2**k)
    if delta.min() < 0 or delta.max() >= n:
        raise Failed(f"{step}: a transition leads outside its {n} states")
    if kind == "stored":  # closed under leading zeros on valid words: from 0 and from 0·0
        walk_equal(delta, accept, 0, delta, accept, int(delta[0, 0]),
                   f"{step} (stored {arg}: closed under leading zeros)", numeration)  # fmt: skip
        return Node(k, delta, accept, frozenset())
    if kind not in ARITY:
        raise BadInput(f"{step}: unknown atom {kind!r}")
    try:
        if kind == "valid" and arg != str(k):
            raise ValueError(f"valid words on {arg} tapes")
        d2, a2 = build(kind, arg, k, numeration)
    except ValueError as error:
        raise BadInput(f"{step}: {error}") from None
    walk_equal(delta, accept, 0, np.array(d2), np.array(a2), 0, f"{step} (atom {kind} {arg})")
    return Node(k, delta, accept, frozenset(range(k)))


MODES: dict[str, Callable[[np.ndarray, np.ndarray], np.ndarray]] = {
    "and": np.logical_and, "or": np.logical_or, "xor": np.logical_xor,
    "minus": lambda p, q: p & ~q}  # fmt: skip


def product(step: str, mode: str, a: Node, b: Node, n: int, data: list[bytes]) -> Node:
    if a.k != b.k or mode not in MODES:
        raise BadInput(f"{step}: a product ({mode}) of {a.k}- and {b.k}-tape automata")
    if mode != "and" and (len(a.valid) < a.k or len(b.valid) < b.k):
        raise Failed(f"{step}: a product ({mode}) of automata not restricted to valid words")
    pairs = ints(data[0], 2 * n, step).reshape(n, 2)
    pa, pb = pairs[:, 0], pairs[:, 1]
    na, nb = a.delta.shape[0], b.delta.shape[0]
    bad = (pa < 0) | (pa >= na) | (pb < 0) | (pb >= nb)
    if n < 1 or bad.any() or pa[0] or pb[0]:
        q = int(np.argmax(bad)) if n and bad.any() else 0
        raise Failed(f"{step}: state {q}: its pair is not a pair of source states "
                     "(state 0 must be the pair of starts)")  # fmt: skip
    find = index_of(pa * nb + pb, na * nb, step)
    t = a.delta[pa] * nb + b.delta[pb]  # every successor pair, (states, letters)
    delta = find(t.ravel()).reshape(t.shape)
    if (delta < 0).any():
        q, c = (int(v) for v in np.argwhere(delta < 0)[0])
        raise Failed(f"{step}: state {q}, letter {c}: the successor pair "
                     f"({t[q, c] // nb}, {t[q, c] % nb}) is not a state")  # fmt: skip
    accept = MODES[mode](a.accept[pa], b.accept[pb])
    valid = a.valid | b.valid if mode == "and" else a.valid
    return Node(a.k, delta, np.asarray(accept, dtype=bool), valid)


def index_of(keys: np.ndarray, space: int, step: str) -> Callable[[np.ndarray], np.ndarray]:
    """The state of each key (-1: none), from distinct keys below ``space``: a table where
    it is small, else a sorted search."""
    n = keys.size
    if space <= max(64 * n, 2**16):
        table = np.full(space, -1, dtype=np.int64)
        table[keys] = np.arange(n)
        twin = table[keys] != np.arange(n)
        if twin.any():
            raise Failed(f"{step}: states {int(np.argmax(twin))} and {table[keys[twin][0]]} "
                         "have the same pair or subset")  # fmt: skip
        return lambda t: table[t]
    order = np.argsort(keys, kind="stable")
    sk = keys[order]
    if n > 1 and (sk[1:] == sk[:-1]).any():
        i = int(np.argmax(sk[1:] == sk[:-1]))
        raise Failed(f"{step}: states {order[i]} and {order[i + 1]} have the same pair or subset")

    def find(t: np.ndarray) -> np.ndarray:
        pos = np.minimum(np.searchsorted(sk, t), n - 1)
        return np.where(sk[pos] == t, order[pos], -1)

    return find


def subset(step: str, a: Node, tape: int, n: int, data: list[bytes]) -> Node:
    if not 0 <= tape < a.k:
        raise BadInput(f"{step}: no tape {tape} in a {a.k}-tape automaton")
    if len(a.valid) < a.k:
        raise Failed(f"{step}: E over an automaton not restricted to valid words")
    na = a.delta.shape[0]
    bounds, sizes, members, owner = _subsets(step, na, n, data)
    lifts = np.array([[(c & ((1 << tape) - 1)) | (d << tape) | ((c >> tape) << (tape + 1))
                       for d in (0, 1)] for c in range(2 ** (a.k - 1))])  # fmt: skip
    closure, todo = {0}, [0]  # the start, closed under letters zero on the kept tapes
    while todo:
        for t in a.delta[todo.pop(), lifts[0]].tolist():  # lifts[c, d]: c kept, d erased
            if t not in closure:
                closure.add(t)
                todo.append(t)
    if sorted(closure) != members[: bounds[1]].tolist():
        raise Failed(f"{step}: state 0: its subset {members[: bounds[1]].tolist()[:8]} is not "
                     f"the start's closure under leading zeros {sorted(closure)[:8]}")  # fmt: skip
    rng = np.random.default_rng(20261207)
    weight = np.asarray(rng.integers(1, 2**62, size=na, dtype=np.int64), dtype=np.uint64)
    size_w = np.uint64(0x9E3779B97F4A7C15)

    def hashes(mem: np.ndarray, count: np.ndarray) -> np.ndarray:  # members grouped by owner
        sums = np.concatenate([[np.uint64(0)], np.cumsum(weight[mem], dtype=np.uint64)])
        ends = np.cumsum(count)
        return np.asarray(sums[ends] - sums[ends - count] + count.astype(np.uint64) * size_w)

    find = index_of(hashes(members, sizes), 2**64, step)
    letters = 2 ** (a.k - 1)  # one group per (letter, state): g = c * n + q
    targets = a.delta[members][:, lifts].transpose(1, 0, 2)  # (letters, members, 2)
    group = np.arange(letters)[:, None, None] * n + owner[None, :, None]
    key = np.sort((group * na + targets).ravel(), kind="stable")  # runs sorted by group
    key = key[np.concatenate([[True], key[1:] != key[:-1]])]  # each (group, member) once
    own, mem = key // na, key % na
    count = np.bincount(own, minlength=letters * n)
    j = find(hashes(mem, count))
    same = (j >= 0) & (sizes[j] == count)
    if same.all():  # the members themselves, in order: exact, not by the hash
        start = np.repeat(bounds[j] - np.concatenate([[0], np.cumsum(count)[:-1]]), count)
        wrong = members[start + np.arange(own.size)] != mem
        same &= np.bincount(own, minlength=letters * n, weights=wrong) == 0
    if not same.all():
        g = int(np.argmin(same))
        raise Failed(f"{step}: state {g % n}, letter {g // n}: the successor subset "
                     f"{mem[own == g].tolist()[:8]} is not a state")  # fmt: skip
    delta = j.reshape(letters, n).T.copy()
    accept = np.bincount(owner, minlength=n, weights=a.accept[members]) > 0
    return Node(a.k - 1, delta, accept, frozenset(range(a.k - 1)))


def _subsets(step: str, na: int, n: int, data: list[bytes]) -> tuple[np.ndarray, ...]:
    """The subsets' bounds and sizes, their members (sorted states below ``na``), owners."""
    bounds = ints(data[0], n + 1, step)
    sizes = np.diff(bounds)
    if n < 1 or bounds[0] != 0 or (sizes < 0).any():
        raise Failed(f"{step}: the subsets' bounds do not increase from 0")
    members = ints(data[1], int(bounds[-1]), step)
    owner = np.repeat(np.arange(n), sizes)
    if members.size and (members.min() < 0 or members.max() >= na):
        raise Failed(f"{step}: state {owner[np.argmax(members >= na)]}: a member is no state")
    step_up = (members[1:] <= members[:-1]) & (owner[1:] == owner[:-1])
    if step_up.any():
        raise Failed(f"{step}: state {owner[1:][np.argmax(step_up)]}: its subset is not sorted")
    return bounds, sizes, members, owner


def minimise(step: str, a: Node, n: int, data: list[bytes]) -> Node:
    cls = ints(data[0], a.delta.shape[0], step)
    if n < 1 or cls[0] != 0 or cls.min() < -1 or cls.max() >= n:
        raise Failed(f"{step}: the start's class is not 0, or a class is out of range")
    mapped = np.flatnonzero(cls >= 0)
    rep = np.full(n, -1, dtype=np.int64)
    rep[cls[mapped[::-1]]] = mapped[::-1]
    if (rep < 0).any():
        raise Failed(f"{step}: class {int(np.argmin(rep))} has no state")
    delta = cls[a.delta[rep]]
    accept = a.accept[rep]
    moved = cls[a.delta[mapped]] != delta[cls[mapped]]
    if moved.any():
        i, c = (int(v) for v in np.argwhere(moved)[0])
        raise Failed(f"{step}: state {mapped[i]}, letter {c}: its successor's class is not "
                     f"the successor of its class {cls[mapped[i]]} (not a congruence)")  # fmt: skip
    wrong = a.accept[mapped] != accept[cls[mapped]]
    if wrong.any():
        s = mapped[int(np.argmax(wrong))]
        raise Failed(f"{step}: state {s}: acceptance differs from its class {cls[s]}'s")
    return Node(a.k, delta, accept, a.valid)


def remap(step: str, a: Node, k: int, tapes: list[int]) -> Node:
    if len(tapes) != a.k or any(not 0 <= t < k for t in tapes) or k > 12:
        raise BadInput(f"{step}: {a.k} tapes cannot be read from {tapes} of {k}")
    letters = np.arange(2**k)
    old = sum(((letters >> t) & 1) << i for i, t in enumerate(tapes))
    old = np.asarray(old if tapes else np.zeros(2**k, dtype=np.int64), dtype=np.int64)
    valid = frozenset(tapes[i] for i in a.valid)
    return Node(k, a.delta[:, old], a.accept, valid)
