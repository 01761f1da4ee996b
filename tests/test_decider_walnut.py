"""The Walnut export's text (issue 36, item 5): Walnut itself is not run here."""

from __future__ import annotations

import pytest

from decider import DeciderError, Theory
from decider.formula import parse
from decider.walnut import GUARD, export, formula_text


def test_the_wythoff_export_reads_like_walnut() -> None:
    t = Theory()
    t.define("low", "a n", "E m, s (n = m + 1 & shift(m, s) & a = s + 1)")
    t.define("p", "x y", "(x = 0 & y = 0) | E n (low(x, n) & y = x + n)")
    out = export(t, {"stable": "A d, x, y ~(d > 0 & p(x + d, y + d) & p(x, y))"})
    lines = out.commands.splitlines()
    assert lines[0] == 'def low "?msd_fib Em,s ((n = m + 1 & $shift(m, s)) & a = s + 1)":'
    assert lines[1] == ('def p "?msd_fib (x = 0 & y = 0) | (En ($low(x, n) & y = x + n))":')
    assert lines[2] == 'eval guard_true "?msd_fib Ax,y (x + y = y + x)":'
    assert lines[3] == ('eval stable "?msd_fib Ad,x,y (~((d > 0 & $p(x + d, y + d)) & $p(x, y)))":')
    shift = out.automata["Automata Library/shift.txt"]
    assert shift.splitlines()[0] == "msd_fib msd_fib"
    assert "0 1 -> " in shift and Theory().decide(GUARD)


def test_arguments_are_called_in_alphabetical_order() -> None:
    t = Theory()
    t.define("lt", "a b", "a < b")
    order = {"lt": ("a", "b")}
    assert formula_text(parse("lt(y, x)"), order) == "$lt(y, x)"
    t.define("gt", "b a", "a < b")  # written out of alphabetical order: Walnut would swap them
    with pytest.raises(DeciderError, match="Walnut binds arguments alphabetically"):
        export(t, {})


def test_a_word_letter_and_bad_names() -> None:
    assert formula_text(parse("W[n + 1] = 1"), {}) == "W[n + 1] = @1"
    with pytest.raises(DeciderError, match="Walnut cannot name 'X'"):
        formula_text(parse("X < 1"), {})
    with pytest.raises(DeciderError, match="not a sentence"):
        export(Theory(), {"open": "x < 1"})


#: Sentences known TRUE and FALSE in every numeration (the truth is arithmetic's).
EVERY_NUMERATION = {
    "halves": ("A x E y (x = y + y | x = y + y + 1)", True),
    "thirds": ("A x E y x = y + y + y", False),
    "between": ("A x, y (x < y => E z (x + z = y & ~(z = 0)))", True),
    "nine": ("E x (x + x + x = 9 & x = 4)", False),
}


NUMERATIONS = ["Fibonacci", "Pell", "Tribonacci", "Binary"]


def _numeration_theory(name: str) -> Theory:
    import decider

    return Theory(getattr(decider, name)())


@pytest.fixture(scope="module")
def walnut_numerations() -> dict[str, dict[str, bool]]:
    """Walnut's answers on every numeration's export, in one JVM (skips without Walnut)."""
    from grundy.walnut import INSTALL, find_walnut, run_walnut_batch

    if find_walnut() is None:
        pytest.skip(INSTALL)
    sentences = {key: text for key, (text, _) in EVERY_NUMERATION.items()}
    return run_walnut_batch({n: export(_numeration_theory(n), sentences) for n in NUMERATIONS})


@pytest.mark.parametrize("name", NUMERATIONS)
def test_each_numeration_exports_under_its_own_name_and_walnut_agrees(
    name: str, request: pytest.FixtureRequest
) -> None:
    """The export names the theory's numeration (Pell's and Tribonacci's were once exported
    as msd_fib) and carries a custom base where Walnut lacks one; Walnut then decides the
    sentences as the decider and arithmetic do."""
    t = _numeration_theory(name)
    sentences = {key: text for key, (text, _) in EVERY_NUMERATION.items()}
    out = export(t, sentences)
    assert all(f'"?{t.numeration.walnut} ' in line for line in out.commands.splitlines())
    ours = {key: t.decide(text) for key, text in sentences.items()}
    assert ours == {key: truth for key, (_, truth) in EVERY_NUMERATION.items()}
    assert request.getfixturevalue("walnut_numerations")[name] == {"guard_true": True, **ours}


def test_a_batch_keeps_exports_apart_where_their_files_and_names_meet() -> None:
    """Two exports that store different automata under one name (``w``: Wythoff's P-set and
    its value-1 set) and use the same ``eval`` names: the batch gives each its own answers,
    as one JVM each does (one shared home would answer both from one ``w``)."""
    from decider.io import read_automaton
    from grundy.walnut import INSTALL, find_walnut, run_walnut, run_walnut_batch
    from proofs_check.theorems import AUTOMATA

    sentences = {"zero": "w(0, 0)", "one_two": "w(1, 2)", "zero_one": "w(0, 1)"}
    exports = {}
    for key, file in (("p", "wythoff-p.txt"), ("g1", "wythoff-value-1.txt")):
        stored = read_automaton(AUTOMATA / file)
        t = Theory()
        t.add_automaton("w", stored.dfa, stored.names)
        exports[key] = export(t, sentences)
        assert {k: t.decide(v) for k, v in sentences.items()} == {
            "zero": key == "p", "one_two": key == "p", "zero_one": key == "g1"
        }  # fmt: skip
    if find_walnut() is None:
        pytest.skip(INSTALL)
    batch = run_walnut_batch(exports)
    assert batch == {key: run_walnut(out) for key, out in exports.items()}
    assert batch["p"] != batch["g1"]


def test_a_vacuous_or_shadowed_quantifier_is_dropped_for_walnut() -> None:
    """Walnut refuses to quantify a variable that is not free in the body (and then stops
    reading the file); over the naturals dropping such a quantifier changes nothing."""
    assert formula_text(parse("A x (A y (x = x))"), {}) == "Ax (x = x)"
    assert formula_text(parse("E y (A y (y = y))"), {}) == "Ay (y = y)"
    assert formula_text(parse("E x, y (x < 1)"), {}) == "Ex (x < 1)"
    t = Theory()  # each is TRUE with and without its dropped quantifier
    for text in ("A x (A y (x = x))", "E y (A y (y = y))", "E x, y (x < 1)", "E x (x < 1)"):
        assert t.decide(text)
