"""Learning a 2-tape automaton from data: Myhill–Nerode classes (issue 36, item 3; issue 48).

The data is a set ``S`` of pairs ``(x, y)``, known exactly on a *window*: every pair with both
coordinates below ``w_L`` (the numbers whose words have at most ``L`` digits; Zeckendorf's
``F_{L+2}`` by default). A pair is read as two msd-first words of a
:class:`~decider.numeration.Numeration` (Fibonacci unless given: Pell, Tribonacci, base 2 as
well), padded with leading zeros to equal length; the words are the numeration's greedy
words (:meth:`~decider.numeration.Numeration.word`) and a prefix is *live* when the
numeration's automaton of valid words (:meth:`~decider.numeration.Numeration.valid`) can
still accept after it (for Fibonacci: a valid word).

**The classes.**  A *prefix* is a pair of live words of equal length ``n``; a *test* is a pair
of words of length ``m <= M``.  The prefix's *signature* is the set of tests ``s`` (with their
lengths) such that the word ``p·s`` (length ``n + m``) reads a pair of ``S``; prefixes of length
``n <= L - M`` have every test inside the window.  Two prefixes with different signatures lead
to different states of every automaton of ``S`` (Myhill–Nerode); equal signatures are *taken*
as one state.  The learner counts the classes per prefix length; when no new signature appears
from some length on (saturation), it builds the automaton whose states are the classes (the
transition of a class by a letter is the class of any of its prefixes extended by the letter;
two prefixes of one class disagreeing there are reported), and checks it against every pair of
the window, both ways.  The learner knows nothing of games: the data is a function or a set.

A learned automaton is a *candidate*: it agrees with the data on the window, and nothing more.
The decider (:class:`decider.logic.Theory`) turns it into a theorem or refutes it.  When the
counts do not saturate, or the automaton disagrees with the data, the result holds no
automaton, only the class counts per prefix length (:attr:`Learned.report`).

>>> diagonal = lambda x, y: x == y  # states: after a 0, after a 1 (a 0 must follow), dead
>>> result = learn(diagonal, length=6, tests=2)
>>> result.dfa is not None, result.dfa.states, result.counts[:4]
(True, 3, [1, 3, 3, 3])
>>> from decider.numeration import Pell
>>> learn(diagonal, length=5, tests=2, numeration=Pell()).dfa.states  # digits 0..2
3
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import cache

import numpy as np
import numpy.typing as npt

from decider.automaton import DeciderError, Dfa, minimise
from decider.binary import Binary
from decider.numeration import Fibonacci, Numeration, Pell
from decider.tribonacci import Tribonacci

IntArray = npt.NDArray[np.int64]

#: The numerations the learner reads, by the name ``--numeration`` takes.
NUMERATIONS: dict[str, Callable[[], Numeration]] = {
    "fibonacci": Fibonacci,
    "pell": Pell,
    "tribonacci": Tribonacci,
    "binary": Binary,
}
#: The largest integer the words' codes may reach (int64).
_INT64 = 2**63 - 1


@dataclass
class Learned:
    """The outcome of :func:`learn_points`.

    Attributes
    ----------
    dfa : Dfa or None
        The candidate (2 tapes ``x``, ``y``, minimal, on valid words), ``None`` if none appeared.
    counts : list of int
        The number of classes among the prefixes of each length ``0 .. L - M``.
    new : list of int
        How many of them are new (not seen at a shorter length).
    length, tests, points : int
        The window (``L`` digits), the tests' length ``M`` and the number of pairs in the data.
    reason : str
        Why no automaton was returned (empty when one was).
    numeration : Numeration
        The numeration the words are read in (Fibonacci unless given).
    """

    dfa: Dfa | None
    counts: list[int]
    new: list[int]
    length: int
    tests: int
    points: int
    reason: str = ""
    numeration: Numeration = field(default_factory=Fibonacci)

    @property
    def report(self) -> str:
        """The counts per prefix length, and the outcome, in a few lines."""
        head = (
            f"window: words of at most {self.length} digits ({self.points} pairs); "
            f"tests of at most {self.tests} digits"
        )
        lines = [head, "prefix length: " + " ".join(f"{n:>4}" for n in range(len(self.counts)))]
        lines.append("classes:       " + " ".join(f"{c:>4}" for c in self.counts))
        lines.append("new classes:   " + " ".join(f"{c:>4}" for c in self.new))
        if self.dfa is not None:
            lines.append(f"candidate automaton: {self.dfa.states} states (agrees with the window)")
        else:
            lines.append(f"no automaton within the data: {self.reason}")
        return "\n".join(lines)


def window(length: int, numeration: Numeration | None = None) -> int:
    """The numbers whose words have at most ``length`` digits: ``0 .. window - 1``.

    >>> window(5), window(5, Pell())
    (13, 70)
    """
    return (numeration or Fibonacci()).place_values(length + 1)[length]


def max_length(numeration: Numeration | None = None) -> int:
    """The longest window the learner reads in ``numeration``: two words' codes side by
    side fit an int64 (``base**(2 L) <= 2**63``; 31 digits in base 2, 19 in base 3).

    >>> max_length(), max_length(Pell())
    (31, 19)
    """
    base = (numeration or Fibonacci()).base
    length = 1
    while base ** (2 * (length + 1)) <= _INT64:
        length += 1
    return length


def digit_codes(values: IntArray, length: int, numeration: Numeration | None = None) -> IntArray:
    """The words of ``values`` (each below :func:`window`) as integers: digit ``i`` (of place
    value ``w_i``) times ``base**i``; the numeration's greedy words.

    >>> digit_codes(np.array([0, 1, 2, 3, 4, 11]), 3, Pell()).tolist()  # 11 = 201 in Pell
    [0, 1, 3, 4, 6, 19]
    """
    num = numeration or Fibonacci()
    weights = num.place_values(length + 1)
    v = np.asarray(values, dtype=np.int64).copy()
    if v.size and (v.min() < 0 or v.max() >= weights[length]):
        raise DeciderError(f"a value outside the window of {length} digits")
    codes = np.zeros_like(v)
    for i in range(length - 1, -1, -1):
        digit = v // weights[i]
        v -= digit * weights[i]
        codes += digit * num.base**i
    return codes


def zeckendorf_bits(values: IntArray, length: int) -> IntArray:
    """The Zeckendorf words of ``values`` (each below ``F_{length+2}``) as integers of bits.

    Bit ``i`` is the digit of weight ``F_{i+2}`` (:func:`digit_codes` in Fibonacci).

    >>> zeckendorf_bits(np.array([0, 1, 2, 3, 4, 11]), 5).tolist()
    [0, 1, 2, 4, 5, 20]
    """
    return digit_codes(values, length, Fibonacci())


def _signatures(xb: IntArray, yb: IntArray, n: int, tests: int, base: int) -> dict[int, bytes]:
    """The signature of every live prefix of length ``n``: its key and its tests, as bytes."""
    keys, codes = [], []
    for m in range(tests + 1):
        inside = (xb < base ** (n + m)) & (yb < base ** (n + m))
        x, y = xb[inside], yb[inside]
        keys.append((x // base**m) * base**n + y // base**m)
        low = base**m
        codes.append(m * base ** (2 * tests) + (x % low) * low + y % low)
    key, code = np.concatenate(keys), np.concatenate(codes)
    order = np.lexsort((code, key))
    key, code = key[order], code[order]
    if key.size == 0:
        return {}
    cuts = np.flatnonzero(np.diff(key)) + 1
    starts = np.concatenate([[0], cuts])
    ends = np.concatenate([cuts, [key.size]])
    bounds = zip(starts.tolist(), ends.tolist(), strict=True)
    return {int(key[s]): code[s:e].tobytes() for s, e in bounds}


def learn_points(
    points: Iterable[tuple[int, int]] | IntArray,
    length: int,
    tests: int,
    margin: int = 2,
    numeration: Numeration | None = None,
) -> Learned:
    """Learn the automaton of a set of pairs known on the window of ``length`` digits.

    Parameters
    ----------
    points : iterable of (int, int), or an array of shape (n, 2)
        *Every* pair of the set with both coordinates below :func:`window` (more are ignored).
    length : int
        The window ``L``: words of at most ``L`` digits.
    tests : int
        The tests' length ``M`` (``M < L``); prefixes have at most ``L - M`` digits.
    margin : int
        Saturation: the last ``margin`` prefix lengths bring no new class.
    numeration : Numeration, optional
        The numeration the words are read in (Fibonacci unless given).
    """
    num = numeration or Fibonacci()
    base, longest = num.base, max_length(num)
    if not 0 < tests < length <= longest or (tests + 1) * base ** (2 * tests) > _INT64:
        raise DeciderError(
            f"tests ({tests}) and length ({length}) need 0 < tests < length <= {longest} "
            f"({num.name} words' codes in 64 bits)"
        )
    top = window(length, num)
    pts = np.unique(np.asarray(_as_array(points), dtype=np.int64).reshape(-1, 2), axis=0)
    pts = pts[(pts[:, 0] < top) & (pts[:, 1] < top)]
    xb, yb = digit_codes(pts[:, 0], length, num), digit_codes(pts[:, 1], length, num)
    last = length - tests
    classes: dict[bytes, int] = {}
    per_length: list[tuple[IntArray, IntArray]] = []
    counts, new = [], []
    for n in range(last + 1):
        sig = _signatures(xb, yb, n, tests, base)
        seen = set(sig.values())
        if len(sig) < _live_words(num, n) ** 2:
            seen.add(b"")  # a valid prefix with no extension inside the window
        counts.append(len(seen))
        new.append(sum(s not in classes for s in seen))
        for s in sorted(seen):
            classes.setdefault(s, len(classes))
        keys = np.fromiter(sig.keys(), dtype=np.int64, count=len(sig))  # increasing
        ids = np.fromiter((classes[v] for v in sig.values()), dtype=np.int64, count=len(sig))
        per_length.append((keys, ids))
    result = Learned(None, counts, new, length, tests, len(pts), numeration=num)
    if last < margin + 1 or any(new[last - margin + 1 :]):
        result.reason = f"the classes did not saturate (new classes in the last {margin} lengths)"
        return result
    dfa = _build(per_length, classes, last, num)
    if isinstance(dfa, str):
        result.reason = dfa
        return result
    disagreement = _check_window(dfa, xb, yb, length)
    if disagreement:
        result.reason = disagreement
        return result
    result.dfa = dfa
    return result


def _as_array(points: Iterable[tuple[int, int]] | IntArray) -> IntArray:
    if isinstance(points, np.ndarray):
        return points
    return np.array(list(points), dtype=np.int64)


@cache
def _live_words(numeration: Numeration, n: int) -> int:
    """The number of words of length ``n`` after which the numeration's automaton of valid
    words can still accept (live prefixes; in Fibonacci the valid words, ``F_{n+2}``)."""
    valid = numeration.valid()
    live = np.zeros(valid.states, dtype=np.bool_)
    live[valid.accept] = True
    for _ in range(valid.states):  # the states from which an accepting one is reachable
        live = live | live[valid.delta].any(axis=1)
    paths = np.zeros(valid.states, dtype=object)
    paths[0] = 1
    for _ in range(n):
        nxt = np.zeros_like(paths)
        for digit in range(numeration.base):
            np.add.at(nxt, valid.delta[:, digit], paths)
        paths = nxt
    return int(paths[live].sum())


def _build(
    per_length: list[tuple[IntArray, IntArray]],
    classes: dict[bytes, int],
    last: int,
    numeration: Numeration,
) -> Dfa | str:
    """The automaton of the classes (prefixes up to ``last - 1`` digits), or a reason.

    ``per_length[n]`` holds the live prefixes of length ``n`` (keys ``x · b^n + y``,
    increasing) and their classes; a prefix not among them is in the dead class (the data's
    words are valid, so every prefix among them is live).
    """
    b = numeration.base
    dead = classes.get(b"")
    size = len(classes) + (dead is None)
    dead = size - 1 if dead is None else dead
    delta = np.full((size, b * b), -1, dtype=np.int64)
    delta[dead] = dead
    for n in range(last):
        (keys, ids), (ckeys, cids) = per_length[n], per_length[n + 1]
        xp, yp = keys // b**n, keys % b**n
        for letter in range(b * b):
            cx, cy = xp * b + letter % b, yp * b + letter // b
            child = cx * b ** (n + 1) + cy
            pos = np.minimum(np.searchsorted(ckeys, child), max(ckeys.size - 1, 0))
            found = (ckeys[pos] == child) if ckeys.size else np.zeros(child.size, np.bool_)
            target = np.where(found, cids[pos] if ckeys.size else dead, dead)
            pairs = np.unique(ids * size + target)
            qs, ts = pairs // size, pairs % size
            known = delta[qs, letter]
            if np.unique(qs).size != qs.size or ((known >= 0) & (known != ts)).any():
                return f"two prefixes of one class disagree after {n + 1} digits"
            delta[qs, letter] = ts
    accept = np.zeros(size, dtype=np.bool_)
    for sig, q in classes.items():
        codes = np.frombuffer(sig, dtype=np.int64)
        accept[q] = bool((codes == 0).any())  # the empty test (m = 0)
    if (delta < 0).any():
        return "a class has no successor inside the window"
    return minimise(numeration.restrict(Dfa(b, 2, delta, accept)))


def _check_window(dfa: Dfa, xb: IntArray, yb: IntArray, length: int) -> str:
    """Empty if ``dfa`` accepts exactly the data's pairs of words of ``length`` digits."""
    b = dfa.base
    q = np.zeros(xb.size, dtype=np.int64)
    for i in range(length - 1, -1, -1):
        q = dfa.delta[q, (xb // b**i) % b + ((yb // b**i) % b) * b]
    if not dfa.accept[q].all():
        return "the candidate rejects a pair of the data"
    paths = np.zeros(dfa.states, dtype=np.int64)  # the candidate holds only valid words
    paths[0] = 1
    for _ in range(length):
        nxt = np.zeros_like(paths)
        for letter in range(b * b):
            np.add.at(nxt, dfa.delta[:, letter], paths)
        paths = nxt
    accepted = int(paths[dfa.accept].sum())
    if accepted != xb.size:
        return f"the candidate accepts {accepted} pairs of the window, the data has {xb.size}"
    return ""


def learn(
    member: Callable[[int, int], bool],
    length: int,
    tests: int,
    margin: int = 2,
    numeration: Numeration | None = None,
) -> Learned:
    """:func:`learn_points` with the data asked of a membership oracle on the whole window.

    ``member(x, y)`` is called for every pair below :func:`window` (keep the window small;
    for a large one give the points to :func:`learn_points`).
    """
    n = window(length, numeration)
    return learn_points(
        ((x, y) for x in range(n) for y in range(n) if member(x, y)),
        length,
        tests,
        margin,
        numeration,
    )


__all__ = [
    "NUMERATIONS",
    "Learned",
    "digit_codes",
    "learn",
    "learn_points",
    "max_length",
    "window",
    "zeckendorf_bits",
]
