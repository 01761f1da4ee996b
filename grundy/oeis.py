"""Integer sequences of a game, as OEIS b-files, from the fastest certified method.

A *kind* names the sequence a(n); :func:`sequence` computes a(n) for
``offset <= n < offset + terms`` and says how (method and certificate);
:func:`bfile_text` writes the OEIS b-file format (lines ``n a(n)``, each
ending in a newline, no header); :func:`row_formula` states the certified
periodicity of a row as OEIS formula lines.

=====================  ============================================================
kind                   a(n)
=====================  ============================================================
``row=X``              G(X, n)
``column=X``           G(n, X)
``diagonal``           G(n, n)
``antidiagonals``      the table read by antidiagonals: T(d - k, k), k = 0..d,
                       d = 0, 1, ... (n counts the cells in that order)
``zeros``              the y with G(n, y) = 0
``inverse-row=X``      the y with G(X, y) = n
``lower-p``            a_n of the P-positions (a_n, b_n), a_n <= b_n, by increasing a_n
``upper-p``            b_n of the same
``start``              Fibonacci Nim: G(n, n - 1), n >= 1 (the value of the start)
=====================  ============================================================

For a game with a state (``wythoff-pass``: positions (x, y, s)) G is read in
its start layer, s = ``start_state`` (the pass still available), from its
compiled table; a game with a counting rule (``blocking-wythoff:K``) has no
Grundy values, only its P-position kinds (``zeros``, ``lower-p``, ``upper-p``).

No kind computes a Grundy value itself: each asks :mod:`registry`
(a certified row period where one exists, else a compiled table or block;
Wythoff's P-positions from 000 Theorem 1.1) and converts.

``zeros``, ``inverse-row``, ``lower-p`` and ``upper-p`` outside Wythoff's
game need "the" y: they read it from computed rows and refuse when a row
holds the asked value twice (a game whose rows are not lines of moves) or
not within the columns the machine can hold.

Examples
--------
>>> s = sequence("wythoff", "row=3", 8)
>>> s.terms
[3, 4, 5, 6, 2, 0, 1, 9]
>>> print(s)
row=3 of wythoff
  a(n), n = 0..7  [3, 4, 5, 6, 2, 0, 1, 9]
  method          row-period (atlas)
  certificate     exact (preperiod 8, period 6, saltus 6; atlas registry/atlas/wythoff_rows_0_2047.json, confirmed by the strip's window certificate of rows 0..3)
>>> print(bfile_text(sequence("wythoff", "lower-p", 4, offset=1)), end="")
1 1
2 3
3 4
4 6
>>> row_formula("wythoff", 3)[0]
'a(n) = a(n-1) + a(n-6) - a(n-7) for n > 14.'
"""  # noqa: E501

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict, dataclass, field
from math import isqrt
from typing import Any

import numpy as np

import spec
from reference.beatty import lower_wythoff, partner, upper_wythoff
from registry import get_question, question
from registry.answers import Period, html_record, text_record
from registry.cube import smallest_heap_sequences
from registry.layers import states_of, why_not_table_game
from registry.ppositions import point_blocks, start_layer
from registry.records import Certificate
from spec.piles3 import is_three_pile
from spec.tables import symmetric

__all__ = [
    "KINDS",
    "KINDS_HELP",
    "MAX_TERMS",
    "THREE_PILE_KINDS",
    "OeisSequence",
    "bfile_text",
    "formula",
    "row_formula",
    "sequence",
    "three_pile_terms",
]

#: The kinds of :func:`sequence` (``X`` is a row or column index).
KINDS = (
    "row=X",
    "column=X",
    "diagonal",
    "antidiagonals",
    "zeros",
    "inverse-row=X",
    "lower-p",
    "upper-p",
    "start",
    "middle-p=A",
    "largest-p=A",
)
#: The kinds in one paragraph (``grundy sequence --help``).
KINDS_HELP = (
    "row=X: G(X, n); column=X: G(n, X); diagonal: G(n, n); antidiagonals: the table read "
    "by antidiagonals, T(d-k, k) for k = 0..d; zeros: the y with G(n, y) = 0; inverse-row=X: "
    "the y with G(X, y) = n; lower-p / upper-p: a_n / b_n of the P-positions (a_n <= b_n, "
    "increasing); start: Fibonacci Nim's G(n, n-1); middle-p=A / largest-p=A (a three-pile game): "
    "A^2_n / A^3_n of the P-positions (A, A^2_n, A^3_n), A <= A^2_n <= A^3_n, A^2_n increasing"
)
#: At most this many terms (a b-file of 10^7 lines is about 150 MB).
MAX_TERMS = 10**7
#: Kinds that search rows for a value grow their columns up to this many cells.
MAX_SEARCH_CELLS = 4 * 10**8


@dataclass(frozen=True)
class OeisSequence:
    """a(n) for ``offset <= n < offset + len(terms)``, with how it was obtained."""

    game: str
    kind: str
    offset: int
    terms: list[int] = field(default_factory=list)
    method: str = ""
    certificate: str = ""

    def _rows(self) -> list[tuple[str, Any]]:
        last = self.offset + len(self.terms) - 1
        return [
            (f"a(n), n = {self.offset}..{last}", self.terms),
            ("method", self.method),
            ("certificate", self.certificate),
        ]

    def __str__(self) -> str:
        return text_record(f"{self.kind} of {self.game}", self._rows())

    def _repr_html_(self) -> str:
        return html_record(f"{self.kind} of {self.game}", self._rows())

    def as_dict(self) -> dict[str, Any]:
        """The fields by name, in order (the JSON of ``grundy sequence``)."""
        return asdict(self)


def bfile_text(seq: OeisSequence) -> str:
    """The OEIS b-file of ``seq``: ``n a(n)`` per line, each ending in a newline.

    >>> bfile_text(OeisSequence("wythoff", "diagonal", 5, [7, 8]))
    '5 7\\n6 8\\n'
    """
    return "".join(f"{seq.offset + i} {a}\n" for i, a in enumerate(seq.terms))


# ------------------------------------------------------------------------------ kinds


def _parse_kind(kind: str) -> tuple[str, int | None]:
    """``row=3`` -> ("row", 3); ``diagonal`` -> ("diagonal", None)."""
    if not isinstance(kind, str):
        raise ValueError(f"kind must be a string (kind = {kind!r})")
    base, sep, arg = kind.partition("=")
    needs = {k.partition("=")[0]: "=" in k for k in KINDS}
    if base not in needs:
        raise ValueError(f"kind must be one of {', '.join(KINDS)} (kind = {kind!r})")
    if needs[base] != bool(sep):
        what = f"{base}=X with X an integer >= 0" if needs[base] else f"{base} without '='"
        raise ValueError(f"kind must be {what} (kind = {kind!r})")
    if not sep:
        return base, None
    if not arg.isdigit():
        raise ValueError(f"kind {base}=X needs X an integer >= 0 (kind = {kind!r})")
    return base, int(arg)


def _two_pile_name(game: spec.ImpartialGame) -> str:
    """The game's name, if it has two-pile Grundy tables (a game with a state too: its
    start layer, :func:`registry.ppositions.start_layer`), else a one-line refusal."""
    name = game.describe()
    reason = why_not_table_game(game)
    if reason is None and spec.outcome_rule(game) is not None:
        reason = "its outcome rule is not the mex: it has no Grundy values, only P-positions"
    if reason is not None:
        raise ValueError(f"this kind needs a two-pile game ({name}: {reason})")
    return name


def _layered(game: spec.ImpartialGame, answer: Any) -> tuple[np.ndarray, str]:
    """The start layer G[s0] of a game with a state (its table is G[s, x, y]), else the
    table; with the implementation's name (and the layer's state)."""
    table = np.asarray(answer.value)
    if table.ndim == 3:
        layer = start_layer(game)
        return table[layer], f"{answer.name}, start layer s = {states_of(game)[layer]}"
    return table, answer.name


def _block(game: spec.ImpartialGame, rows: int, cols: int) -> tuple[np.ndarray, str]:
    """G(x, y), x < rows, y < cols, through the registry's door (``grundy-block``)."""
    return _layered(game, question("grundy-block", game)(rows=rows, cols=cols))


def _table(game: spec.ImpartialGame, size: int) -> tuple[np.ndarray, str]:
    return _layered(game, question("grundy-table", game)(size=size))


def row_period(game: spec.ImpartialGame | str, row: int) -> Period:
    """The ``period`` record of a row (the registry's door)."""
    found: Period = question("period", game)(row=row).value
    return found


#: The certificate of a column of P-positions read from a table.
_ONCE = Certificate("exact", "table; each row holds 0 once")


def _read(impl: str) -> Certificate:
    """The certificate of terms read from the table ``impl`` computed."""
    return Certificate("exact", f"table: {impl}")


def _row(
    game: spec.ImpartialGame, x: int, lo: int, hi: int, found: Any = None
) -> tuple[list[int], str, str]:
    """G(x, n), lo <= n < hi: a certified row period where one exists, else a block.

    ``found`` is the row's :func:`row_period` when the caller already has it.
    """
    if found is None and not states_of(game):  # no row certificate for a game with a state
        found = row_period(game, x)
    if found is not None and found.status == "certified":
        assert found.preperiod is not None and found.period is not None
        assert found.saltus is not None
        mu, p, s = found.preperiod, found.period, found.saltus
        head = found.head(_needed(mu, p, lo, hi))  # computed on request, through the doors
        if hi < 2**62:
            n = np.arange(lo, hi, dtype=np.int64)
            turns = np.where(n < mu, 0, (n - mu) // p)
            index = n - turns * p
            terms = (np.asarray(head, dtype=np.int64)[index] + turns * s).tolist()
        else:  # beyond int64: Python integers
            from reference.landman import Periodicity
            from registry.rows import reduce_column

            reduced = [reduce_column(Periodicity(mu, p, s), m) for m in range(lo, hi)]
            terms = [head[index] + shift for index, shift in reduced]
        return terms, f"row-period ({found.implementation})", found.certificate
    block, impl = _block(game, x + 1, hi)
    return (
        [int(v) for v in block[x, lo:hi]],
        f"table ({impl})",
        _read(impl),
    )


def _needed(mu: int, p: int, lo: int, hi: int) -> int:
    """How many first values of a row the terms lo <= n < hi reduce to.

    A term n >= mu reduces to mu + (n - mu) % p, so the head reaches mu + p
    only when the periodic terms wrap around a period.

    Examples
    --------
    >>> far = 10**12
    >>> _needed(8, 6, far, far + 3), _needed(8, 6, far + 2, far + 5), _needed(8, 6, 0, 5)
    (13, 14, 5)
    """
    if hi <= mu:
        return hi
    first = (max(lo, mu) - mu) % p
    span = hi - max(lo, mu)
    return mu + (p if first + span > p else first + span)


def _column(game: spec.ImpartialGame, x: int, lo: int, hi: int) -> tuple[list[int], str, str]:
    if symmetric(game):  # G(n, x) = G(x, n)
        return _row(game, x, lo, hi)
    block, impl = _block(game, hi, x + 1)
    return (
        [int(v) for v in block[lo:hi, x]],
        f"table ({impl})",
        _read(impl),
    )


def _diagonal(game: spec.ImpartialGame, lo: int, hi: int) -> tuple[list[int], str, str]:
    table, impl = _table(game, hi)
    return (
        [int(table[n, n]) for n in range(lo, hi)],
        f"table ({impl})",
        _read(impl),
    )


def _antidiagonals(game: spec.ImpartialGame, lo: int, hi: int) -> tuple[list[int], str, str]:
    last = hi - 1
    d_max = (isqrt(8 * last + 1) - 1) // 2  # the antidiagonal of the last cell
    table, impl = _table(game, d_max + 1)
    terms = []
    for n in range(lo, hi):
        d = (isqrt(8 * n + 1) - 1) // 2
        k = n - d * (d + 1) // 2
        terms.append(int(table[d - k, k]))
    return terms, f"table ({impl})", _read(impl)


_BEATTY = Certificate("exact", "000 Theorem 1.1: P-positions (floor(n phi), floor(n phi^2))")


def _search_rows(
    game: spec.ImpartialGame, rows: range, target: Callable[[int], int], what: str
) -> list[int]:
    """For each x in ``rows``, the unique y with G(x, y) = target(x), from growing blocks."""
    name = game.describe()
    hi = rows.stop
    cols = max(2 * hi + 16, 64)
    while True:
        block, _ = _block(game, hi, cols)
        out = []
        missing = None
        for x in rows:
            hits = np.flatnonzero(block[x] == target(x))
            if len(hits) > 1:
                raise ValueError(
                    f"{name}: row {x} holds {what} {target(x)} twice (at y = {hits[0]} and "
                    f"{hits[1]}), so 'the y' is undefined for this game"
                )
            if len(hits) == 0:
                missing = x
                break
            out.append(int(hits[0]))
        if missing is None:
            return out
        if 2 * hi * cols > MAX_SEARCH_CELLS:
            raise ValueError(
                f"{name}: row {missing} has no {what} {target(missing)} in columns < {cols:,} "
                f"(the search stops at {MAX_SEARCH_CELLS:,} cells)"
            )
        cols *= 2


def _zeros(game: spec.ImpartialGame, lo: int, hi: int) -> tuple[list[int], str, str]:
    name = game.describe()
    if _beatty(game):
        return [partner(n) for n in range(lo, hi)], "beatty", _BEATTY
    greedy = _greedy(game)
    if greedy is not None:
        if greedy.k != 1:
            raise ValueError(
                f"{name}: every row holds {greedy.k} P-positions ({greedy.k}-blocking), so "
                "'the y' with G(n, y) = 0 is undefined for this game"
            )
        zero = [-1] * (hi - lo)
        layer = start_layer(game)
        for r0, cols in point_blocks(game, hi):
            for i, b in enumerate(cols[:, layer, 0].tolist()):
                a = r0 + i
                if b < 0:
                    continue
                if lo <= a < hi:
                    zero[a - lo] = b
                if lo <= b < hi:
                    zero[b - lo] = a
        return zero, _GREEDY_METHOD, _GREEDY_CERTIFICATE
    terms = _search_rows(game, range(lo, hi), lambda x: 0, "the value")
    return terms, "table", _ONCE


def _inverse_row(game: spec.ImpartialGame, x: int, lo: int, hi: int) -> tuple[list[int], str, str]:
    name = game.describe()
    cols = hi + 3 * x + 16  # Wythoff: G(x, y) >= y - 2x, so v sits at y <= v + 2x
    found = None if states_of(game) else row_period(game, x)  # once, for every width tried
    while True:
        row, method, certificate = _row(game, x, 0, cols, found)
        where: dict[int, int] = {}
        for y, v in enumerate(row):
            if lo <= v < hi:
                if v in where:
                    raise ValueError(
                        f"{name}: row {x} holds the value {v} twice (y = {where[v]} and {y}), "
                        "so 'the y' is undefined for this game"
                    )
                where[v] = y
        if len(where) == hi - lo:
            return [where[v] for v in range(lo, hi)], method, certificate
        if (x + 1) * cols > MAX_SEARCH_CELLS:
            v = next(v for v in range(lo, hi) if v not in where)
            raise ValueError(
                f"{name}: the value {v} is not in row {x} at columns < {cols:,} "
                f"(the search stops at {MAX_SEARCH_CELLS:,} cells)"
            )
        cols *= 2


#: The method and certificate of the terms the greedy over rows gives.
_GREEDY_METHOD = "row greedy (fast.row_greedy)"
_GREEDY_CERTIFICATE = Certificate(
    "exact",
    "the P-positions row by row: the greedy over rows, sound for this rule's shape; "
    "reference/row_greedy.py",
)


def _beatty(game: spec.ImpartialGame) -> bool:
    """The registry holds Wythoff's P-positions as Beatty sequences for ``game`` (the
    ``lower-wythoff`` question; 000 Theorem 1.1): a capability, as for the moves' method."""
    return get_question("lower-wythoff", game) is not None


def _greedy(game: spec.ImpartialGame) -> Any:
    """The game's greedy rule if the ``p-positions`` greedy is sound for it, else None."""
    from registry.ppositions import greedy_rule

    try:
        question("p-positions", game).choose(rows=1)
        return greedy_rule(game)
    except ValueError:
        return None


def _p_positions(
    game: spec.ImpartialGame, kind: str, lo: int, hi: int
) -> tuple[list[int], str, str]:
    """a_n or b_n of the P-positions (a_n, b_n), a_n <= b_n, by (a_n, b_n); n = lo .. hi - 1.

    Wythoff: 000 Theorem 1.1 at any n. A game whose rule has the greedy's
    shape (``p-positions``, :mod:`registry.ppositions`: a-Wythoff, Wythoff
    with passes (the starting state), k-blocking Wythoff...): the greedy over
    rows, streamed until the n-th pair, in time about linear in the rows.
    Any other game: the zeros of computed blocks of rows.
    """
    upper = kind == "upper-p"
    if _beatty(game):
        pick = upper_wythoff if upper else lower_wythoff
        return [pick(n) for n in range(lo, hi)], "beatty", _BEATTY
    if _greedy(game) is not None:
        return _greedy_p_positions(game, upper, lo, hi), _GREEDY_METHOD, _GREEDY_CERTIFICATE
    rows = 2 * hi + 16
    while True:
        zeros = _search_rows(game, range(rows), lambda x: 0, "the value")
        pairs = [(a, b) for a, b in enumerate(zeros) if a <= b]
        if len(pairs) >= hi:
            picked = [b if upper else a for a, b in pairs[lo:hi]]
            return picked, "table", _ONCE
        rows *= 2


def _greedy_p_positions(game: spec.ImpartialGame, upper: bool, lo: int, hi: int) -> list[int]:
    """b_n (``upper``) or a_n of the P-positions for n = lo .. hi - 1 by the greedy over
    rows (:func:`registry.ppositions.point_blocks`), streamed until the n-th pair."""
    layer = start_layer(game)
    picked: list[int] = []
    seen = 0
    # Each row of a one-per-row game gives a pair a <= b about every other row:
    # the state is sized for 2 hi rows (it grows if that is short).
    for r0, cols in point_blocks(game, 2 * hi + 64):
        for i, row in enumerate(cols[:, layer, :].tolist()):
            for b in row:
                if b < 0:
                    break
                if lo <= seen < hi:
                    picked.append(b if upper else r0 + i)
                seen += 1
        if seen >= hi:
            return picked
    raise ValueError(f"{game.describe()}: fewer than {hi:,} P-positions in {2 * hi + 64:,} rows")


def _start(game: spec.ImpartialGame, lo: int, hi: int) -> tuple[list[int], str, str]:
    if get_question("fibonacci-starting", game) is None:
        raise ValueError(
            f"kind start is fibonacci-nim's starting values (game = {game.describe()})"
        )
    if lo < 1:
        raise ValueError(f"kind start is defined for n >= 1 (offset = {lo})")
    answer = question("fibonacci-starting", game)(n_max=hi - 1)
    values = np.asarray(answer.value)
    return [int(v) for v in values[lo:hi]], answer.name, Certificate("exact", answer.name)


def sequence(
    game: str | spec.ImpartialGame, kind: str, terms: int, *, offset: int = 0
) -> OeisSequence:
    """a(n) of ``kind`` for ``offset <= n < offset + terms`` (see the module docstring).

    Parameters
    ----------
    game : str or spec.ImpartialGame
        A two-pile game (``fibonacci-nim`` for ``start``).
    kind : str
        One of :data:`KINDS` (``row=X``, ``column=X``, ``inverse-row=X`` take X).
    terms : int
        How many terms, 1 <= terms <= MAX_TERMS.
    offset : int
        The first n (default 0).

    Raises
    ------
    ValueError
        One line naming the bad argument, or why no method gives the terms.

    Examples
    --------
    >>> sequence("wythoff", "zeros", 6).terms
    [0, 2, 1, 5, 7, 3]
    >>> sequence("wythoff", "antidiagonals", 6).terms
    [0, 1, 1, 2, 2, 2]
    >>> sequence("wythoff", "row=5", 3, offset=10**18).certificate  # doctest: +ELLIPSIS
    "exact (preperiod 27, period 24, saltus 24; atlas ...json, confirmed by the strip's window ...)"
    """
    from registry import as_game

    g = as_game(game)
    base, x = _parse_kind(kind)
    for label, number, least in (("terms", terms, 1), ("offset", offset, 0)):
        if isinstance(number, bool) or not isinstance(number, int) or number < least:
            raise ValueError(f"{label} must be an integer >= {least} ({label} = {number!r})")
    if terms > MAX_TERMS:
        raise ValueError(f"terms must be <= {MAX_TERMS:,} (terms = {terms:,})")
    if (base in THREE_PILE_KINDS) != is_three_pile(g):
        what = "a three-pile game" if base in THREE_PILE_KINDS else "a two-pile game"
        raise ValueError(f"kind {kind} needs {what} (game = {g.describe()})")
    # issue 38 (three piles), issue 28/30 (the P-positions of a game with the greedy's shape)
    greedy = base in ("zeros", "lower-p", "upper-p") and _greedy(g) is not None
    two_pile = not (base in THREE_PILE_KINDS or base == "start" or greedy)
    name = _two_pile_name(g) if two_pile else g.describe()
    values, method, certificate = _terms(g, base, x, offset, offset + terms)
    return OeisSequence(name, kind, offset, values, method, certificate)


def _terms(
    game: spec.ImpartialGame, base: str, x: int | None, lo: int, hi: int
) -> tuple[list[int], str, str]:
    """a(n) of kind ``base`` (with its ``X``) for lo <= n < hi, with the method and the
    certificate."""
    if base in ("row", "column", "inverse-row", *THREE_PILE_KINDS):
        assert x is not None
        if base in THREE_PILE_KINDS:
            return three_pile_terms(game, base, x, lo, hi)
        return {"row": _row, "column": _column, "inverse-row": _inverse_row}[base](game, x, lo, hi)
    if base in ("lower-p", "upper-p"):
        return _p_positions(game, base, lo, hi)
    by_base = {
        "start": _start, "diagonal": _diagonal, "antidiagonals": _antidiagonals, "zeros": _zeros
    }  # fmt: skip
    return by_base[base](game, lo, hi)


def formula(game: str | spec.ImpartialGame, kind: str) -> list[str]:
    """:func:`row_formula` for ``row=X``, or ``column=X`` of a symmetric game.

    >>> formula("wythoff", "column=3")[0]
    'a(n) = a(n-1) + a(n-6) - a(n-7) for n > 14.'
    """
    from registry import as_game

    g = as_game(game)
    name = g.describe()
    base, x = _parse_kind(kind)
    if base not in ("row", "column") or x is None:
        raise ValueError(f"--formula needs kind row=X or column=X (kind = {kind!r})")
    if base == "column" and not symmetric(g):
        raise ValueError(f"--formula: column=X needs a symmetric game (game = {name})")
    return row_formula(g, x)


def row_formula(game: str | spec.ImpartialGame, row: int) -> list[str]:
    """OEIS formula lines for a(n) = G(row, n), from its certified additive period.

    With the minimal preperiod mu, period p and saltus s (certified),
    a(n + p) = a(n) + s for n >= mu, so a(n) - a(n-p) is constant for
    n >= mu + p and a(n) = a(n-1) + a(n-p) - a(n-p-1) for n > mu + p; the
    bound is sharp when mu >= 1 (minimality of mu).

    >>> for line in row_formula("wythoff", 4):
    ...     print(line)
    a(n) = a(n-1) + a(n-12) - a(n-13) for n > 21.
    a(n+12) = a(n) + 12 for n >= 9.
    Certified: exact (preperiod 9, period 12, saltus 12; atlas registry/atlas/wythoff_rows_0_2047.json, confirmed by the strip's window certificate of rows 0..4).
    """  # noqa: E501
    name = game if isinstance(game, str) else game.describe()
    found = row_period(game, row)
    if found.status != "certified":
        raise ValueError(
            f"row {row} of {name} has no certified period ({found.status}: "
            f"{found.certificate}); no formula is stated"
        )
    assert found.preperiod is not None and found.period is not None
    mu, p, s = found.preperiod, found.period, found.saltus
    return [
        f"a(n) = a(n-1) + a(n-{p}) - a(n-{p + 1}) for n > {mu + p}.",
        f"a(n+{p}) = a(n) + {s} for n >= {mu}.",
        f"Certified: {found.certificate}.",
    ]


#: ``grundy sequence`` kinds of a three-pile game: A^2_n / A^3_n of the P-positions
#: (A, A^2_n, A^3_n) with the smallest heap A fixed (:func:`three_pile_terms`).
THREE_PILE_KINDS = ("middle-p", "largest-p")


def three_pile_terms(
    game: Any, kind: str, heap: int, lo: int, hi: int
) -> tuple[list[int], str, str]:
    """(terms n = lo..hi-1, method, certificate) of ``middle-p=A`` (A^2_n) or ``largest-p=A``
    (A^3_n) of a three-pile game, from :func:`registry.cube.smallest_heap_sequences` on a
    cube doubled until it holds n < hi (the registry refuses, in one line, past the budget
    or the memory).

    >>> import spec
    >>> three_pile_terms(spec.get_game("wythoff3"), "middle-p", 0, 0, 5)[0]
    [0, 1, 3, 4, 6]
    """
    size = 3 * hi + 8 * heap + 64
    while True:
        name, found = smallest_heap_sequences(game, heap, size)
        second, third = found[heap]
        if len(second) >= hi:
            break
        size *= 2
    values = (second if kind == "middle-p" else third)[lo:hi]
    method = f"P-positions of the box 0 <= x <= {heap}, every heap < {size} (p-box: {name})"
    return values, method, "exact (every P-position below the box's sides, computed)"
