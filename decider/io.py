"""A plain-text file format for automata, with a SHA-256 digest (issue 36, items 3 and 4).

A stored automaton is a :class:`~decider.automaton.Dfa` (accepting states) or an automaton with
outputs (a DFAO: a letter per state) over a numeration, with named tapes and free-form
provenance (``meta``).  The file is text, one item a line, so that a diff shows what changed::

    decider-automaton 1
    kind dfa
    numeration fibonacci
    base 2
    tapes x y
    meta command python -m proofs_check.discovery wythoff-value-1
    meta window 0 <= x, y < 987
    states 3
    accept 1 0 0
    0 -> 0 1 2 0
    1 -> ...
    sha256 5d0c...

* ``decider-automaton 1``: the format and its version.
* ``kind``: ``dfa`` (an ``accept`` line: ``1``/``0`` per state) or ``dfao`` (an ``outputs``
  line: a natural number per state).
* ``numeration``: the numeration's name (``fibonacci``, ``ostrowski-sqrt2``, ``tribonacci``,
  ``binary``); ``base``: its digit count; ``tapes``: one name per tape, tape ``i`` first
  (``tapes`` with no name: a 0-tape automaton).
* ``meta KEY VALUE``: provenance, any number of lines, ``KEY`` one word, ``VALUE`` the rest of
  the line (kept verbatim, no line break).
* ``states N``, then the ``accept``/``outputs`` line, then one line per state ``q``:
  ``q -> t_0 t_1 ... t_{L-1}``, the targets of the letters ``0 .. L-1`` (``L = base**k``; the
  letter ``c`` reads digit ``(c // base**i) % base`` on tape ``i``, as in
  :func:`~decider.automaton.digit_table`).  The start state is 0.
* ``sha256 HEX``: the SHA-256 of every byte before this line (UTF-8, ``\\n`` line ends).

A file whose digest does not match its content (edited or damaged), or that does not follow
the format, is refused by :func:`read_automaton` with one line (:class:`DeciderError`).

>>> import numpy as np, tempfile, os
>>> from decider.automaton import Dfa
>>> ends_in_1 = Dfa(2, 1, np.array([[0, 1], [0, 1]]), np.array([False, True]))
>>> path = os.path.join(tempfile.mkdtemp(), "odd.txt")
>>> write_automaton(path, ends_in_1, ["n"], {"note": "the last digit is 1"})
>>> stored = read_automaton(path)
>>> stored.names, stored.meta["note"], stored.dfa.accepts([[1], [0], [1]])
(('n',), 'the last digit is 1', True)
"""

from __future__ import annotations

import hashlib
import os
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

import numpy as np
import numpy.typing as npt

from decider.automaton import DeciderError, Dfa
from decider.binary import Binary
from decider.dfao import Dfao
from decider.numeration import Fibonacci, Numeration, Pell
from decider.tribonacci import Tribonacci

MAGIC = "decider-automaton 1"
NUMERATIONS: dict[str, type[Numeration]] = {
    "fibonacci": Fibonacci,
    "ostrowski-sqrt2": Pell,
    "tribonacci": Tribonacci,
    "binary": Binary,
}
_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_]*")
_KEY = re.compile(r"[A-Za-z][A-Za-z0-9_.-]*")


@dataclass(frozen=True, eq=False)
class StoredAutomaton:
    """An automaton read from (or to be written to) a file.

    Attributes
    ----------
    kind : str
        ``dfa`` or ``dfao``.
    numeration : Numeration
        The numeration its tapes are read in.
    names : tuple of str
        The tapes' names, tape ``i`` first.
    delta : array of int, shape (states, base**k)
        The transitions, start state 0.
    labels : array of int, shape (states,)
        ``1``/``0`` (accepting or not) for a DFA, the output letter for a DFAO.
    meta : dict of str to str
        The provenance lines.
    """

    kind: str
    numeration: Numeration
    names: tuple[str, ...]
    delta: npt.NDArray[np.int64]
    labels: npt.NDArray[np.int64]
    meta: dict[str, str] = field(default_factory=dict)

    @property
    def dfa(self) -> Dfa:
        """The DFA (for a DFAO: the states whose output is not 0 accept)."""
        return Dfa(self.numeration.base, len(self.names), self.delta, self.labels != 0)

    @property
    def dfao(self) -> Dfao:
        """The 1-tape automaton with outputs (refused for several tapes)."""
        if len(self.names) != 1:
            raise DeciderError(f"a word is read on one tape, this automaton has {len(self.names)}")
        return Dfao(self.delta, self.labels, self.numeration)


def _text(stored: StoredAutomaton) -> str:
    """The file's content before its digest line."""
    base, k = stored.numeration.base, len(stored.names)
    lines = [
        MAGIC,
        f"kind {stored.kind}",
        f"numeration {stored.numeration.name}",
        f"base {base}",
        " ".join(["tapes", *stored.names]),
    ]
    lines += [f"meta {key} {value}" for key, value in stored.meta.items()]
    n = stored.labels.shape[0]
    word = "accept" if stored.kind == "dfa" else "outputs"
    lines += [f"states {n}", " ".join([word, *map(str, stored.labels.tolist())])]
    width = base**k
    for q, row in enumerate(stored.delta.reshape(n, width).tolist()):
        lines.append(f"{q} -> " + " ".join(map(str, row)))
    return "\n".join(lines) + "\n"


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def _check_meta(meta: Mapping[str, object]) -> dict[str, str]:
    out = {}
    for key, value in meta.items():
        text = str(value)
        if not _KEY.fullmatch(key) or "\n" in text or "\r" in text:
            raise DeciderError(f"a meta entry must be one word and one line: {key!r}")
        out[key] = text
    return out


def write_automaton(
    path: str | os.PathLike[str],
    automaton: Dfa | Dfao,
    names: Sequence[str],
    meta: Mapping[str, object] | None = None,
    numeration: Numeration | None = None,
) -> None:
    """Write ``automaton`` (a DFA or a 1-tape DFAO) with its tapes' names and provenance.

    Parameters
    ----------
    path : path
        The file to write (overwritten).
    automaton : Dfa or Dfao
        The automaton; a DFAO carries its numeration, a DFA takes ``numeration``
        (Fibonacci unless given).
    names : sequence of str
        One name per tape.
    meta : mapping, optional
        Provenance (command, data window, date, ...): one-word keys, one-line values.
    """
    if isinstance(automaton, Dfao):
        num = automaton.numeration
        delta = np.asarray(automaton.delta, dtype=np.int64)
        stored = StoredAutomaton("dfao", num, tuple(names), delta,
                                 np.asarray(automaton.outputs, dtype=np.int64))  # fmt: skip
        k = 1
    else:
        num = numeration or Fibonacci()
        if automaton.base != num.base:
            raise DeciderError(f"a base-{automaton.base} automaton in {num.name} (base {num.base})")
        stored = StoredAutomaton("dfa", num, tuple(names), automaton.delta,
                                 automaton.accept.astype(np.int64))  # fmt: skip
        k = automaton.k
    if len(names) != k or any(not _NAME.fullmatch(n) for n in names):
        raise DeciderError(f"{k} tape name(s) needed, given {list(names)}")
    if stored.labels.min() < 0:
        raise DeciderError("an output letter must be a natural number")
    stored = StoredAutomaton(stored.kind, num, stored.names, stored.delta, stored.labels,
                             _check_meta(meta or {}))  # fmt: skip
    text = _text(stored)
    with open(path, "w", encoding="utf-8", newline="\n") as out:
        out.write(text + f"sha256 {_digest(text)}\n")


def _ints(words: Sequence[str], what: str) -> list[int]:
    if not all(w.isdigit() for w in words):
        raise DeciderError(f"{what}: not natural numbers")
    return [int(w) for w in words]


def parse_automaton(content: str) -> StoredAutomaton:
    """The automaton of a file's content; one line (:class:`DeciderError`) if it is not one."""
    rows = _checked_rows(content)
    head, meta, i = _header(rows)
    kind, num_name = " ".join(head["kind"]), " ".join(head["numeration"])
    if kind not in ("dfa", "dfao") or num_name not in NUMERATIONS:
        raise DeciderError(f"unknown kind {kind!r} or numeration {num_name!r}")
    numeration = NUMERATIONS[num_name]()
    names = tuple(head["tapes"])
    if _ints(head["base"], "base") != [numeration.base] or not all(map(_NAME.fullmatch, names)):
        raise DeciderError(f"a base or tape names that do not fit {num_name}")
    count = _ints(rows[i].split()[1:], "states")
    n = count[0] if len(count) == 1 else 0
    label_line = rows[i + 1].split() if i + 1 < len(rows) else []
    if n < 1 or not label_line or label_line[0] != ("accept" if kind == "dfa" else "outputs"):
        raise DeciderError(f"line {i + 2}: the accepting states or outputs expected")
    labels = _ints(label_line[1:], "labels")
    table = rows[i + 2 :]
    if len(labels) != n or len(table) != n or (kind == "dfa" and max(labels) > 1):
        raise DeciderError(f"{n} states but {len(labels)} labels and {len(table)} rows")
    arr = _transitions(table, i + 3, numeration.base ** len(names))
    return StoredAutomaton(kind, numeration, names, arr, np.array(labels, dtype=np.int64), meta)


def _checked_rows(content: str) -> list[str]:
    """The lines of a file's content before its digest line, the digest and the first line
    checked."""
    lines = content.split("\n")
    if len(lines) < 2 or lines[-1] != "" or not lines[-2].startswith("sha256 "):
        raise DeciderError("no digest line at its end (not an automaton file, or cut short)")
    body = "\n".join(lines[:-2]) + "\n"
    if _digest(body) != lines[-2][len("sha256 ") :].strip():
        raise DeciderError("its SHA-256 digest does not match its content (edited or damaged)")
    rows = lines[:-2]
    if not rows or rows[0] != MAGIC:
        raise DeciderError(f"its first line is not {MAGIC!r}")
    return rows


def _header(rows: list[str]) -> tuple[dict[str, list[str]], dict[str, str], int]:
    """The header's lines (``kind``, ``numeration``, ``base``, ``tapes``: each once), its
    ``meta`` lines, and the index of the ``states`` line that ends it."""
    head: dict[str, list[str]] = {}
    meta: dict[str, str] = {}
    i = 1
    while i < len(rows) and not rows[i].startswith("states "):
        key, _, rest = rows[i].partition(" ")
        if key == "meta":
            name, _, value = rest.partition(" ")
            meta[name] = value
        elif key in ("kind", "numeration", "base", "tapes") and key not in head:
            head[key] = rest.split()
        else:
            raise DeciderError(f"line {i + 1}: unexpected {key!r}")
        i += 1
    missing = [k for k in ("kind", "numeration", "base", "tapes") if k not in head]
    if missing or i >= len(rows):
        raise DeciderError(f"missing line(s): {', '.join(missing or ['states'])}")
    return head, meta, i


def _transitions(table: list[str], first: int, width: int) -> np.ndarray:
    """The transition table of the rows ``q -> t_0 ... t_{width-1}`` (on lines ``first``...):
    each state's row in order, every target a state."""
    delta = []
    for q, row in enumerate(table):
        source, arrow, *targets = row.split()
        if source != str(q) or arrow != "->" or len(targets) != width:
            raise DeciderError(f"line {first + q}: not the row of state {q} ({width} targets)")
        delta.append(_ints(targets, f"state {q}"))
    n = len(table)
    arr = np.array(delta, dtype=np.int64).reshape(n, width)
    if arr.max() >= n:
        raise DeciderError("a transition leads outside the automaton's states")
    return arr


def read_automaton(path: str | os.PathLike[str]) -> StoredAutomaton:
    """Read an automaton file; a missing, damaged, edited or malformed file: one line.

    Raises
    ------
    DeciderError
        ``PATH: REASON`` (the digest does not match, a line is malformed, ...).
    """
    try:
        with open(path, encoding="utf-8", newline="") as f:
            content = f.read()
    except (OSError, UnicodeDecodeError) as exc:
        raise DeciderError(f"{os.fspath(path)}: cannot be read ({type(exc).__name__})") from None
    try:
        return parse_automaton(content)
    except DeciderError as exc:
        raise DeciderError(f"{os.fspath(path)}: {exc}") from None


__all__ = ["NUMERATIONS", "StoredAutomaton", "parse_automaton", "read_automaton",
           "write_automaton"]  # fmt: skip
