"""Proof certificates: every automaton of a decision with the witness of its step (issue 44).

A :class:`CertifyingTheory` is a :class:`~decider.logic.Theory` over Zeckendorf numeration
that, while it decides, records each step of :mod:`decider.automaton` with its witness
(the hook :data:`decider.automaton.RECORDER`):

* an **atom** (the valid words on k tapes, ``x = y``, ``x < y``, ``x = n``, ``shift(x, y)``,
  ``x + y = z``, a stored automaton): its automaton, which the checker compares with its own
  construction (the adder by the arithmetic of the pair ``(V, U)`` of the difference word);
* a **product** (``&``, ``|``, ``<=>``'s xor, the complement within the valid words as
  ``valid minus a``): each state's pair of source states;
* a **remap** (tapes permuted, identified or added unread): the tape map only;
* a **subset construction** (``E``: a tape erased, the start closed under leading zeros):
  each state's subset of source states;
* a **minimisation**: each source state's class (-1 for an unreachable state).

:func:`write_certificate` decides the sentences and writes the steps they rest on, with the
definitions' names (print names), in a versioned gzip text with a SHA-256 digest
(``docs/proofs.md``, "How to check a proof without trusting us"); ``python -m certcheck FILE``
checks it without importing this package.

>>> import os, tempfile
>>> t = CertifyingTheory()
>>> _ = t.define("even", "x", "E y x = y + y")
>>> path = os.path.join(tempfile.mkdtemp(), "even.cert.gz")
>>> write_certificate(path, t, {"odd_or_even": "A x (even(x) | even(x + 1))"})["odd_or_even"]
True
"""

from __future__ import annotations

import gzip
import hashlib
import os
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from typing import Any

import numpy as np

import decider.automaton as automaton
from decider.automaton import DeciderError, Dfa
from decider.binary import Binary
from decider.formula import Formula
from decider.logic import Relation, Theory, parsed
from decider.numeration import Fibonacci, Numeration

#: The certificate format's first line (its name and version).
MAGIC = "grundy-certificate 1"

Origin = tuple[Any, ...]


class Recorder:
    """The origin of every automaton built while it is installed: ``origin[dfa]``.

    An origin is ``("atom", kind, argument)``, ``("remap", source, k, tapes)``,
    ``("product", mode, a, b, pairs_a, pairs_b)``, ``("subset", source, tape, members,
    bounds)`` or ``("minimise", source, classes)``.  Dfa objects compare by identity.
    """

    def __init__(self) -> None:
        self.origin: dict[Dfa, Origin] = {}
        self.labels: dict[Dfa, tuple[str, tuple[str, ...]]] = {}
        self.paused = 0

    def _put(self, out: Dfa, origin: Origin) -> None:
        if not self.paused:
            self.origin[out] = origin

    def product(self, a: Dfa, b: Dfa, mode: str, out: Dfa, pa: Any, pb: Any) -> None:
        self._put(out, ("product", mode, a, b, pa, pb))

    def subset(self, a: Dfa, tape: int, out: Dfa, members: Any, bounds: Any) -> None:
        self._put(out, ("subset", a, tape, members, bounds))

    def minimise(self, a: Dfa, out: Dfa, classes: Any) -> None:
        self._put(out, ("minimise", a, classes))

    def remap(self, a: Dfa, k: int, tapes: tuple[int, ...], out: Dfa) -> None:
        self._put(out, ("remap", a, k, tapes))

    def atom(self, out: Dfa, kind: str, argument: str = "-") -> None:
        """An atom: ``kind`` (``valid equal less const shift adder stored``) and its argument."""
        self.origin.setdefault(out, ("atom", kind, argument))


@contextmanager
def recording(recorder: Recorder) -> Iterator[Recorder]:
    """Install ``recorder`` as :data:`decider.automaton.RECORDER` for the ``with`` block."""
    previous = automaton.RECORDER
    automaton.RECORDER = recorder
    try:
        yield recorder
    finally:
        automaton.RECORDER = previous


class _Leaves(Numeration):
    """A numeration whose atoms are recorded as atoms (their inner steps are not), by the
    recorder installed at the time (it holds none itself: the numeration's caches keep it as
    a key); mixed into Zeckendorf numeration (:class:`_Labelled`) and base 2."""

    def _leaf(self, kind: str, argument: str, build: Any) -> Dfa:
        recorder = automaton.RECORDER
        if recorder is None:
            built: Dfa = build()
            return built
        recorder.paused += 1
        try:
            dfa: Dfa = build()
        finally:
            recorder.paused -= 1
        recorder.atom(dfa, kind, argument)
        return dfa

    def valid_tapes(self, k: int) -> Dfa:
        return self._leaf("valid", str(k), lambda: super(_Leaves, self).valid_tapes(k))

    def equal(self) -> Dfa:
        return self._leaf("equal", "-", super().equal)

    def less(self) -> Dfa:
        return self._leaf("less", "-", super().less)

    def constant(self, n: int) -> Dfa:
        return self._leaf("const", str(n), lambda: super(_Leaves, self).constant(n))

    def shift(self) -> Dfa:
        return self._leaf("shift", "-", super().shift)

    def adder(self) -> Dfa:
        return self._leaf("adder", "-", self._own_adder)

    def _own_adder(self) -> Dfa:  # the numeration's adder (each concrete class names it)
        raise NotImplementedError


class _Labelled(_Leaves, Fibonacci):
    """Zeckendorf numeration, its atoms recorded (:class:`_Leaves`)."""

    def _own_adder(self) -> Dfa:
        return Fibonacci.adder(self)


class _LabelledBinary(_Leaves, Binary):
    """Base 2, its atoms recorded, ``xor`` and ``band`` too (the checker builds them)."""

    def _own_adder(self) -> Dfa:
        return Binary.adder(self)

    def relations(self) -> dict[str, tuple[Dfa, tuple[str, ...]]]:
        recorder = automaton.RECORDER
        if recorder is None:
            return super().relations()
        recorder.paused += 1  # xor's and band's inner steps unrecorded (shift: its own atom)
        try:
            out = super().relations()
        finally:
            recorder.paused -= 1
        for name in ("xor", "band"):
            recorder.atom(out[name][0], name)
        return out


#: The numerations a certificate may be over (the checker knows both), by name.
LABELLED: dict[str, type[Numeration]] = {"fibonacci": _Labelled, "binary": _LabelledBinary}


class CertifyingTheory(Theory):
    """A :class:`Theory` (Zeckendorf numeration, or the one named by ``numeration``: base 2)
    that records every step (:class:`Recorder`) as it decides.

    Stored automata (:meth:`add_automaton`) are atoms of kind ``stored`` (the statement's
    hypothesis, printed by the checker); :meth:`define` names its result for printing.
    """

    def __init__(self, limit_bytes: int = 2 * 1024**3, numeration: str = "fibonacci") -> None:
        self.recorder = Recorder()
        if numeration not in LABELLED:
            raise DeciderError(f"a certificate over {numeration}: the checker knows "
                               f"{', '.join(LABELLED)}")  # fmt: skip
        with recording(self.recorder):
            super().__init__(LABELLED[numeration](), limit_bytes)

    def add_automaton(self, name: str, dfa: Dfa, args: str | Sequence[str]) -> Relation:
        self.recorder.atom(dfa, "stored", name)
        with recording(self.recorder):
            return super().add_automaton(name, dfa, args)

    def define(self, name: str, args: str | Sequence[str], formula: Formula | str) -> Relation:
        with recording(self.recorder):
            rel = super().define(name, args, formula)
        self.recorder.labels[rel.dfa] = (name, rel.tapes)
        return rel

    def decide(self, sentence: Formula | str) -> bool:
        with recording(self.recorder):
            return super().decide(sentence)


def _inputs(origin: Origin) -> list[Dfa]:
    kind = origin[0]
    if kind == "product":
        return [origin[2], origin[3]]
    return [] if kind == "atom" else [origin[1]]


def _order(recorder: Recorder, roots: Sequence[Dfa]) -> dict[Dfa, int]:
    """The automata the roots rest on, numbered so that a step's inputs come first."""
    ids: dict[Dfa, int] = {}
    stack: list[tuple[Dfa, bool]] = [(r, False) for r in reversed(roots)]
    while stack:
        dfa, done = stack.pop()
        if dfa in ids:
            continue
        if done:
            ids[dfa] = len(ids)
            continue
        origin = recorder.origin.get(dfa)
        if origin is None:
            raise DeciderError(
                "a certificate step rests on an automaton of unknown origin "
                "(a word, or a construction the recorder does not know)"
            )
        stack.append((dfa, True))
        stack.extend((i, False) for i in _inputs(origin) if i not in ids)
    return ids


def _ints(values: Any) -> str:
    """Integers separated by spaces (a list's repr without its commas: the fastest way)."""
    return str(np.asarray(values, dtype=np.int64).ravel().tolist())[1:-1].replace(",", "")


def _lines(dfa: Dfa, number: int, origin: Origin, ids: dict[Dfa, int]) -> list[str]:
    kind = origin[0]
    if kind == "atom":
        bits = "".join("1" if b else "0" for b in dfa.accept.tolist())
        return [f"atom {number} {origin[1]} {origin[2]} {dfa.k} {dfa.states}", bits,
                _ints(dfa.delta)]  # fmt: skip
    if kind == "remap":
        return [f"remap {number} {ids[origin[1]]} {origin[2]} " + " ".join(map(str, origin[3]))]
    if kind == "product":
        _, mode, a, b, pa, pb = origin
        pairs = np.stack([pa, pb], axis=1)
        return [f"product {number} {mode} {ids[a]} {ids[b]} {dfa.states}", _ints(pairs)]
    if kind == "subset":
        _, source, tape, members, bounds = origin
        return [f"subset {number} {ids[source]} {tape} {dfa.states}", _ints(bounds),
                _ints(members)]  # fmt: skip
    _, source, classes = origin
    return [f"minimise {number} {ids[source]} {dfa.states}", _ints(classes)]


def certificate_text(theory: CertifyingTheory, roots: Mapping[str, Dfa],
                     meta: Mapping[str, str] | None = None) -> str:  # fmt: skip
    """The certificate of the sentences ``roots`` (name -> its 0-tape automaton), digest last."""
    return _certificate_bytes(theory, roots, meta).decode()


def _certificate_bytes(theory: CertifyingTheory, roots: Mapping[str, Dfa],
                       meta: Mapping[str, str] | None) -> bytes:  # fmt: skip
    """:func:`certificate_text`, encoded (once: the digest and the file read the same bytes)."""
    rec = theory.recorder
    ids = _order(rec, list(roots.values()))
    lines = [MAGIC, f"numeration {theory.numeration.name}"]
    lines += [f"meta {k} {' '.join(str(v).split())}" for k, v in (meta or {}).items()]
    for dfa, number in ids.items():
        lines += _lines(dfa, number, rec.origin[dfa], ids)
    for dfa, (name, tapes) in rec.labels.items():
        if dfa in ids:
            lines.append(f"label {ids[dfa]} {name} {' '.join(tapes)}".rstrip())
    lines += [f"sentence {ids[dfa]} {name}" for name, dfa in roots.items()]
    body = ("\n".join(lines) + "\n").encode()
    return body + f"sha256 {hashlib.sha256(body).hexdigest()}\n".encode()


def write_certificate(path: str | os.PathLike[str], theory: CertifyingTheory,
                      sentences: Mapping[str, str],
                      meta: Mapping[str, str] | None = None) -> dict[str, bool]:  # fmt: skip
    """Decide ``sentences`` (name -> text) and write their certificate (gzip) to ``path``.

    Returns each sentence's truth; an unwritable path is one line (:class:`DeciderError`).
    """
    roots: dict[str, Dfa] = {}
    truth: dict[str, bool] = {}
    for name, text in sentences.items():
        formula = parsed(text)  # once: the decision and its automaton
        truth[name] = theory.decide(formula)
        roots[name] = theory.relation(formula).dfa
    data = _certificate_bytes(theory, roots, meta)
    try:
        with gzip.open(path, "wb", compresslevel=1) as out:
            out.write(data)
    except OSError as error:
        raise DeciderError(f"{os.fspath(path)}: cannot be written ({error.strerror})") from None
    return truth


__all__ = ["MAGIC", "CertifyingTheory", "Recorder", "certificate_text", "recording",
           "write_certificate"]  # fmt: skip
