"""The answers of the registry and their plain-text and HTML renderings.

:class:`Value`, :class:`Moves`, :class:`Period`, :class:`Table` and
:class:`Points` are what the questions answer; they render themselves, and
:mod:`proofs_check` renders its reports, through two shapes: a *record* (a
title over ``field: value`` lines) and a *grid* (a header row over rows),
here in the registry's layer so that :mod:`proofs_check` reaches them;
:mod:`grundy.display` is the public face.

Examples
--------
>>> print(text_record("wythoff (3, 5)", [("value", 0), ("method", "table")]))
wythoff (3, 5)
  value   0
  method  table
>>> html_record("t", [("a", "<b>")]).count("<tr>")
1
>>> print(text_grid(["y", "G"], [[0, 3], [1, 4]]))
y  G
0  3
1  4
"""

from __future__ import annotations

import html
from collections.abc import Callable, Iterable, Sequence
from dataclasses import asdict, dataclass, field
from typing import Any

import numpy as np

__all__ = [
    "Moves",
    "Period",
    "Points",
    "Table",
    "Value",
    "answer_html",
    "answer_text",
    "html_grid",
    "html_record",
    "shorten",
    "text_grid",
    "text_record",
]

#: Lists longer than this are shown by their first items and a count (a Period: its values).
SHOWN_ITEMS = 24

_STYLE = "border-collapse:collapse;text-align:left;font-family:inherit"
_CAPTION = "text-align:left;font-weight:bold"
#: Every cell says its alignment: classic Jupyter right-aligns table cells by default.
_CELL = "padding:2px 10px;border-bottom:1px solid #ddd;vertical-align:top;text-align:left"


def shorten(value: object, items: int = SHOWN_ITEMS) -> str:
    """``value`` as text, a long list cut to its first ``items`` entries and a count.

    >>> shorten(list(range(30)), 3)
    '[0, 1, 2, ... (30 in all)]'
    >>> shorten(None)
    '-'
    """
    if value is None:
        return "-"
    if isinstance(value, list | tuple) and len(value) > items:
        head = ", ".join(str(v) for v in value[:items])
        return f"[{head}, ... ({len(value)} in all)]"
    return str(value)


def text_record(title: str, rows: Sequence[tuple[str, object]]) -> str:
    """A title line, then one ``name  value`` line per row, the names aligned."""
    width = max((len(name) for name, _ in rows), default=0)
    lines = [title] + [f"  {name.ljust(width)}  {shorten(value)}" for name, value in rows]
    return "\n".join(lines)


def _html_table(title: str | None, rows: Iterable[Iterable[tuple[str, object]]]) -> str:
    """A styled HTML table: a caption (unless None), then rows of ``(tag, text)`` cells."""
    caption = "" if title is None else f'<caption style="{_CAPTION}">{html.escape(title)}</caption>'
    cells = (
        "".join(f'<{tag} style="{_CELL}">{html.escape(str(text))}</{tag}>' for tag, text in row)
        for row in rows
    )
    return f'<table style="{_STYLE}">{caption}{"".join(f"<tr>{row}</tr>" for row in cells)}</table>'


def html_record(title: str, rows: Sequence[tuple[str, object]]) -> str:
    """An HTML table: a caption, then one ``<th>name</th><td>value</td>`` row per field."""
    return _html_table(title, ([("th", name), ("td", shorten(value))] for name, value in rows))


def text_grid(columns: Sequence[str], rows: Sequence[Sequence[object]], limit: int = 40) -> str:
    """Columns aligned under their headers; at most ``limit`` rows, then a count."""
    shown = [[shorten(v, 8) for v in row] for row in rows[:limit]]
    cells = [list(map(str, columns)), *shown]
    widths = [max(len(r[i]) for r in cells if i < len(r)) for i in range(len(columns))]
    lines = ["  ".join(c.ljust(w) for c, w in zip(r, widths, strict=False)).rstrip() for r in cells]
    if len(rows) > limit:
        lines.append(f"... ({len(rows)} rows in all)")
    return "\n".join(lines)


def html_grid(
    columns: Sequence[str], rows: Sequence[Sequence[object]], *, title: str = "", limit: int = 40
) -> str:
    """An HTML table with a header row; at most ``limit`` rows, then a count."""
    head = [("th", column) for column in columns]
    body = [[("td", shorten(v, 8)) for v in row] for row in rows[:limit]]
    more = f"<p>... ({len(rows)} rows in all)</p>" if len(rows) > limit else ""
    return _html_table(title or None, [head, *body]) + more


def _position(position: object) -> str:
    return f"({', '.join(map(str, position))})" if isinstance(position, tuple) else str(position)


def answer_text(answer: object) -> str:
    """A Value, Moves or Period as plain text, as the CLI prints it (its ``str``).

    Examples
    --------
    >>> print(answer_text(Value("wythoff", (3, 5), 0, "table", "fast.tables", "exact")))
    G(3, 5) = 0  (P-position of wythoff)
    method: table (fast.tables); exact
    """
    return str(answer)


def answer_html(answer: Any) -> str:
    """A Value, Moves or Period as an HTML table (a Period's values laid out by period)."""
    return str(answer._repr_html_())


class _Shown:
    """Text (as the CLI prints it) and HTML (notebooks) of an answer: a title over the
    :attr:`FIELDS` (and the :meth:`_more` rows)."""

    FIELDS: tuple[str, ...] = ()

    def title(self) -> str:  # pragma: no cover - each answer has its own
        raise NotImplementedError

    def _more(self) -> list[tuple[str, object]]:
        return []

    def _repr_html_(self) -> str:
        rows = [(name, getattr(self, name)) for name in self.FIELDS]
        return html_record(self.title(), rows + self._more())


@dataclass(frozen=True)
class Value(_Shown):
    """The Grundy value of a position and how it was obtained.

    Attributes
    ----------
    game : str
        The game (its registry name, or a sum ``a+b``).
    position : tuple
    value : int
    method : str
        The method (an implementation of the ``value`` question, :mod:`registry.positions`).
    implementation : str
        The registered implementation that answered.
    certificate : str
        A :class:`registry.records.Certificate` (a string too: ``exact (...)`` or
        ``conditional on Conjecture 3.10 (...)``; its ``kind`` and ``detail`` as fields).
    misere : bool
        The game is played misère: ``value`` is G⁻ (a position with no move has 1), shown
        as ``G⁻(x, y)``.
    """

    game: str
    position: Any
    value: int
    method: str
    implementation: str
    certificate: str
    misere: bool = False

    FIELDS = ("value", "outcome", "method", "implementation", "certificate")

    @property
    def outcome(self) -> str:
        """``P`` (value 0: the player to move loses) or ``N``."""
        return "P" if self.value == 0 else "N"

    def title(self) -> str:
        return (
            f"G{'⁻' if self.misere else ''}{_position(self.position)} = {self.value}"
            f"  ({self.outcome}-position of {self.game})"
        )

    def __str__(self) -> str:
        return f"{self.title()}\nmethod: {self.method} ({self.implementation}); {self.certificate}"

    def as_dict(self) -> dict[str, Any]:
        return {**asdict(self), "outcome": self.outcome}


@dataclass(frozen=True)
class Moves(_Shown):
    """The winning moves (followers of value 0) of a position, with their certificate."""

    game: str
    position: Any
    moves: list[Any] = field(default_factory=list)
    method: str = ""
    certificate: str = ""
    FIELDS = ("moves", "method", "certificate")

    def title(self) -> str:
        return f"winning moves from {_position(self.position)} in {self.game}"

    def __str__(self) -> str:
        moves = ", ".join(map(_position, self.moves)) or "none: every move loses"
        return f"{self.title()}: {moves}\nmethod: {self.method}; {self.certificate}"

    def as_dict(self) -> dict[str, Any]:
        return {("winning_moves" if k == "moves" else k): v for k, v in asdict(self).items()}


@dataclass(frozen=True)
class Period(_Shown):
    """The additive periodicity of row ``row``: G(row, y + period) = G(row, y) + saltus
    for every y >= preperiod (the smallest such preperiod, the smallest period).

    ``status`` is ``certified`` (the atlas, the strip's equal normalised
    windows or the same certificate on a rays game's blocks: proved for all
    y), ``apparent`` (found on ``window`` values only, not a proof) or
    ``none`` (no period within the window; the fields are None). The record
    is answered at once; the values are computed on request
    (:meth:`head`, :meth:`lines`), through the registry's doors (a refusal
    names the estimate).
    """

    game: str
    row: int
    preperiod: int | None
    period: int | None
    saltus: int | None
    status: str
    implementation: str
    certificate: str
    window: int | None = None
    #: ``source(count)``: at least the first min(count, preperiod + period) values G(row, y).
    source: Callable[[int], list[int]] | None = field(default=None, compare=False, repr=False)
    FIELDS = ("preperiod", "period", "saltus", "status", "implementation", "certificate")

    def title(self) -> str:
        return f"{self.game} row {self.row}: {self.status}"

    def _more(self) -> list[tuple[str, object]]:
        """The values, labelled, as seed 003 prints a row (the preperiod, then one period) when
        at most :data:`SHOWN_ITEMS` (the preperiod can be millions), else the first ones."""
        pre, period = self.preperiod, self.period
        try:
            if pre is None or period is None or pre + period > SHOWN_ITEMS:
                cut = [] if period is None else ["..."]
                return [("values", " ".join(map(str, [*self.head(SHOWN_ITEMS), *cut])))]
            lines = self.lines(1)
        except ValueError as error:  # a refusal of the registry, with its estimate
            return [("values", f"not computed: {error}")]
        labels = ["pre-period"] * bool(pre) + ["period"]
        return [(k, " ".join(map(str, v))) for k, v in zip(labels, lines, strict=False)]

    def __str__(self) -> str:
        head = f"{self.game} row {self.row}: "
        if self.period is not None:
            head += f"preperiod {self.preperiod}, period {self.period}, saltus {self.saltus} "
            head += f"({self.status}; {self.implementation})\n"
        body = [f"{line}    {label}" for label, line in self._more()]
        return "\n".join([head + self.certificate, *body])

    def head(self, count: int) -> list[int]:
        """G(row, y) for y < count: computed to the period's end, then extended by it."""
        if self.source is None or count <= 0:
            return []
        if self.period is None or self.preperiod is None or self.saltus is None:
            return self.source(count)[:count]
        values = list(self.source(min(count, self.preperiod + self.period)))
        while len(values) < count:
            values.append(values[len(values) - self.period] + self.saltus)
        return values[:count]

    def lines(self, periods: int) -> list[list[int]]:
        """The preperiod, then ``periods`` lines of one period each (as seed 003 prints row 3)."""
        from reference.landman import layout

        if self.period is None or self.preperiod is None:
            return [self.head(self.window or 0)]
        values = self.head(self.preperiod + periods * self.period)
        return layout(values, self.preperiod, self.period)

    def as_dict(self) -> dict[str, Any]:
        return {k: v for k, v in asdict(self).items() if k != "source"}


class Table(np.ndarray[Any, Any]):
    """``G[x, y]`` with its provenance: a numpy array (every array operation works) that also
    says which implementation computed it (``game``, ``implementation``, ``certificate``) and
    shows itself in a notebook as the seeds print a table (row 0 at the bottom).

    >>> t = Table([[0, 1], [1, 0]], "nim+nim", "spec")
    >>> int(t[1, 0]), t.implementation, t.shape
    (1, 'spec', (2, 2))
    """

    game: str
    implementation: str
    certificate: str

    def __new__(
        cls, values: Any, game: str = "", implementation: str = "", certificate: str = "exact"
    ) -> Table:
        table = np.asarray(values).view(cls)
        table.game, table.implementation, table.certificate = game, implementation, certificate
        return table

    def __array_finalize__(self, source: Any) -> None:
        for name in ("game", "implementation", "certificate"):
            setattr(self, name, getattr(source, name, ""))

    def _repr_html_(self) -> str:
        record = [("implementation", self.implementation), ("certificate", self.certificate)]
        head = html_record(f"{self.game}: G[x, y], shape {self.shape}", record)
        if self.ndim != 2:
            return head
        shown = np.asarray(self)[:SHOWN_ITEMS, :SHOWN_ITEMS]
        rows = [[x, *shown[x].tolist()] for x in range(len(shown) - 1, -1, -1)]
        grid = html_grid(["x \\ y", *range(shown.shape[1])], rows, limit=SHOWN_ITEMS)
        return head + _corner_note(self.shape, shown.shape) + grid


def _corner_note(shape: tuple[int, ...], shown: tuple[int, ...]) -> str:
    """The line that says a table shows only its corner (empty when it shows all of it).

    >>> _corner_note((100, 30), (24, 24))
    '<p>shown: the corner x &lt; 24, y &lt; 24 of the 100 x 30 table (all of it: the array)</p>'
    >>> _corner_note((5, 5), (5, 5))
    ''
    """
    if tuple(shape) == tuple(shown):
        return ""
    size = " x ".join(map(str, shape))
    return (
        f"<p>shown: the corner x &lt; {shown[0]}, y &lt; {shown[1]} of the {size} table "
        "(all of it: the array)</p>"
    )


class Points(list[tuple[int, int]]):
    """``[p_n^h for h = 0..g]`` with its provenance: a list of pairs that also says which
    implementation answered and on what it rests (``conditional on Conjecture 3.10`` for
    Algorithm RW), and shows that in a notebook.

    >>> p = Points([(0, 0)], n=0, implementation="fast.wsg", certificate="exact")
    >>> p, p.certificate
    ([(0, 0)], 'exact')
    """

    def __init__(self, points: Any, *, n: int, implementation: str, certificate: str) -> None:
        super().__init__(points)
        self.n, self.implementation, self.certificate = n, implementation, certificate

    def _repr_html_(self) -> str:
        rows: list[tuple[str, object]] = [(f"p_{self.n}^{h}", p) for h, p in enumerate(self)]
        rows += [("implementation", self.implementation), ("certificate", self.certificate)]
        return html_record(f"the {self.n}-th h-points of wythoff, h <= {len(self) - 1}", rows)
