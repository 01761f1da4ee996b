"""The front door and the questions behind it (issue 27; issue 30 items 2, 4, 10, 13, 15).

Nothing here reads a clock: a refusal is tested with a budget or memory that
makes the estimate decide, never with the machine's speed.
"""

from __future__ import annotations

import re
import typing
from pathlib import Path

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

import grundy
import registry
import spec
from grundy import api
from grundy.cli import main
from reference.zeckendorf import is_p_position, winning_moves
from registry.answers import Points, Table
from registry.positions import method_markdown, method_table

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.parametrize("name", api.__all__)
def test_annotations_resolve_at_run_time(name: str) -> None:
    """typing.get_type_hints works on every public function (grundy.check raised NameError)."""
    assert "return" in typing.get_type_hints(getattr(api, name))


class TestOneMethodTable:
    """The method tables are rendered from the registry; the docs and --help agree with it."""

    @pytest.mark.parametrize("doc", ["README.md", "docs/front-door.md"])
    @pytest.mark.parametrize("id", ["value", "moves"])
    def test_docs_hold_the_rendered_table(self, doc: str, id: str) -> None:
        assert method_markdown(id) in (ROOT / doc).read_text(encoding="utf-8")

    def test_docstring_and_help_name_every_method(self, capsys: pytest.CaptureFixture[str]) -> None:
        for id in ("value", "moves"):
            names = [name for name, _, _ in method_table(id)]
            assert all(f"``{n}``" in (getattr(grundy, id).__doc__ or "") for n in names), id
            assert main([id, "--help"]) == 0
            text = " ".join(capsys.readouterr().out.split())
            assert all(f"{n}: " in text for n in names), id


class TestFibonacciMovesAnySize:
    """Issue 30 item 2: the winning moves from the Zeckendorf representation (002 Thm 3.2)."""

    @given(n=st.integers(0, 60), r=st.integers(0, 70))
    def test_against_the_spec(self, n: int, r: int) -> None:
        moves = spec.winning_moves(spec.FibonacciNim(), (n, r))
        assert sorted(n - m for m, _ in moves) == winning_moves(n, r)

    @given(n=st.integers(1, 10**40), r=st.integers(0, 10**40))
    @example(n=673591519, r=1234615158)  # MemoryError after minutes once
    @example(n=927324333, r=0)  # refused once: "no implementation of 'fibonacci-values'"
    def test_every_move_leads_to_a_p_position(self, n: int, r: int) -> None:
        found = grundy.moves("fibonacci-nim", (n, r))
        assert found.method == "fibonacci"
        assert all(is_p_position(m, s) for m, s in found.moves)
        assert (not found.moves) == is_p_position(n, r)


class TestEstimatesFirst:
    """Issue 30 items 4 and 13: an estimate before any work; a refusal names it."""

    def test_moves_refuses_before_it_enumerates(self) -> None:
        with pytest.raises(ValueError, match=r"1,000,000,000,001 sub-positions"):
            grundy.moves("nim", (10**12,))

    def test_a_sum_far_out_is_refused_with_its_estimates(self) -> None:
        position = ((10**20, 10**20 + 5), (3,))
        with pytest.raises(ValueError, match=r"spec: the spec solver may need") as error:
            grundy.moves("wythoff+nim", position)
        assert "MemoryError" not in str(error.value)

    def test_a_long_table_is_estimated_and_refused_past_the_budget(self) -> None:
        seconds, memory = registry.question("grundy-block", "a-wythoff:2").estimate(
            rows=5000, cols=5000
        )
        assert 1 < seconds < registry.BUDGET_SECONDS and memory < 2**30
        with pytest.raises(ValueError, match=r"fast.engine: about [\d.,]+ s \(budget 1 s\)"):
            grundy.table("a-wythoff:2", 5000, budget=1)

    def test_a_row_certificate_search_stops_at_its_budget(self) -> None:
        from registry.rows import row_certificate

        with pytest.raises(ValueError, match=r"no two equal windows .* \(budget 0\.5 s\)"):
            row_certificate(spec.get_game("a-wythoff:2"), 102, budget=0.5)

    def test_a_memory_error_is_named(self) -> None:
        key = registry.register_question("demo-memory", "none", "demo", {}, replace=True)

        def greedy() -> None:
            raise MemoryError

        registry.register_implementation(key, "greedy", "fast", greedy)
        try:
            with pytest.raises(registry.TooLarge, match="demo-memory of none at : greedy ran out"):
                registry.ask("demo-memory", "none")
        finally:
            registry.unregister_question(key)


class TestResultObjects:
    """Issue 30 item 10: tables and g-values carry their provenance and render it."""

    def test_table_is_an_array_with_provenance(self) -> None:
        table = grundy.table("wythoff", 4)
        assert isinstance(table, Table) and table.implementation == "fast.tables"
        assert table[2:, 2:].tolist() == [[1, 5], [5, 6]] and table.dtype.kind == "u"
        assert "fast.tables" in table._repr_html_()

    def test_gvalues_keeps_the_conjecture(self) -> None:
        far = grundy.gvalues(2, 10**12)
        assert isinstance(far, Points) and far.certificate == "conditional on Conjecture 3.10"
        assert "Conjecture 3.10" in far._repr_html_()
        assert grundy.gvalues(2, 10).certificate == "exact" and grundy.gvalues(2, 10)[0] == (
            16,
            26,
        )

    def test_every_cell_states_its_alignment(self) -> None:
        """Classic Jupyter right-aligns table cells unless each says otherwise."""
        for html in (
            grundy.value("wythoff", (3, 5))._repr_html_(),
            grundy.table("wythoff", 3)._repr_html_(),
        ):
            cells = re.findall(r"<t[hd][^>]*>", html)
            assert cells and all("text-align:left" in c for c in cells)

    def test_period_shows_the_record_and_a_short_head(self) -> None:
        """Row 300's preperiod is millions of values: the display shows 24 (it showed 37 MB)."""
        found = grundy.period("wythoff", 300)
        assert found.status == "certified" and len(found._repr_html_()) < 5000
        assert found.head(30) == grundy.period("wythoff", 300).head(30)


class TestBadArgumentsNameThemselves:
    """Issue 30 item 15 (library part): a ValueError naming the argument, never another error."""

    @pytest.mark.parametrize(
        ("call", "named"),
        [
            (lambda: grundy.value(None, (1, 2)), "game = None"),
            (lambda: grundy.gvalues(5, -1), "n = -1"),
            (lambda: grundy.gvalues("5", 10), "g = '5'"),
            (lambda: grundy.period("nimhof:1,0/1,1", 3, window=10**12), "window = 10000000"),
            (lambda: grundy.table("wythoff", 10**9), "size = 1000000000"),
            (lambda: grundy.period("wythoff", 10**30), "row = 1000000000000000000000000000000"),
            (lambda: grundy.value("wythoff", (1, "x")), "position"),
        ],
    )
    def test_value_errors(self, call: typing.Any, named: str) -> None:
        with pytest.raises(ValueError, match=re.escape(named)):
            call()

    def test_a_huge_rule_is_answered_or_refused_not_overflowed(self) -> None:
        game = "nimhof:1000000000000000000000000000000,1"
        assert grundy.value(game, (5, 8)).value == 0  # no move fits: every position is P
        with pytest.raises(ValueError, match="spec: the spec solver may need"):
            grundy.value(game, (5000, 8000))

    def test_the_command_line_names_the_heap(self, capsys: pytest.CaptureFixture[str]) -> None:
        assert main(["wythoff-nim", "5,8", "10**30"]) == 2
        err = capsys.readouterr().err
        # the heap is named; a number past 30 digits is shortened (issue 30 item 9)
        assert "heap 100000000000...(31 digits)" in err and len(err.splitlines()) == 1
