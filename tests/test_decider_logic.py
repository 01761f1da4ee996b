"""Sentences of Fibonacci-automatic arithmetic whose truth is known, both ways (issue 36).

Every TRUE sentence has a FALSE twin; each twin's least counterexample is checked by plain
arithmetic (never by the decider itself).
"""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given
from hypothesis import strategies as st

from decider import A, DeciderError, Dfa, Dfao, E, Theory, V, iff, parse
from decider.logic import Relation
from decider.numeration import Fibonacci, phi_floor

FIB = Fibonacci()


def _accepts(rel: Relation, values: dict[str, int]) -> bool:
    """Whether the relation accepts the values of its tapes, written in Zeckendorf (plus a 0)."""
    words = [FIB.word(values[name]) for name in rel.tapes]
    length = max((len(w) for w in words), default=0) + 1
    padded = [[0] * (length - len(w)) + w for w in words]
    return rel.dfa.accepts([[w[i] for w in padded] for i in range(length)])


TRUE = [
    "A x, y x + y = y + x",
    "A x, y, z, s, t (x + y = s & s + z = t => E r (y + z = r & x + r = t))",
    "A x E y y = x + 1",
    "A x (x = 0 | E y x = y + 1)",
    "A x E y (x = y + y | x = y + y + 1)",
    "A x, y (x < y <=> E d (d > 0 & x + d = y))",
    "A x, y (x <= y | y < x)",
    "A x, y (x + y = 0 => x = 0)",
    "A x, y, z (x < y & y < z => x < z)",
    "A x ~(x < x)",
    "E x x + x = x",
    "A x, y (shift(x, y) => x <= y)",
]


@pytest.mark.parametrize("sentence", TRUE)
def test_true_sentences(sentence: str) -> None:
    t = Theory()
    assert t.decide(sentence) is True
    assert t.counterexample(sentence) is None
    assert t.steps and all(s.states >= 1 for s in t.steps)


def test_false_twins_give_their_least_counterexample() -> None:
    t = Theory()
    # every x is a double: false, least counterexample x = 1
    assert t.decide("A x E y x = y + y") is False
    cex = t.counterexample("A x E y x = y + y")
    assert cex == {"x": 1}
    assert all(y + y != cex["x"] for y in range(cex["x"] + 1))
    assert all(any(y + y == x for y in range(x + 1)) for x in range(cex["x"]))  # least
    # every x has a predecessor: false at x = 0 only
    assert t.counterexample("A x E y y + 1 = x") == {"x": 0}
    # x + y = y for all x, y: least (x, y) in alphabetical order of the names is (1, 0)
    assert t.counterexample("A x, y x + y = y") == {"x": 1, "y": 0}
    # no multiple of 3 above 10: false; least (x, y) is x = 4 (3x > 10), y = 12
    cex = t.counterexample("A x, y ~(x + x + x = y & 10 < y)")
    assert cex == {"x": 4, "y": 12} and 3 * cex["x"] == cex["y"] > 10


def test_least_is_lexicographic_in_the_names() -> None:
    t = Theory()
    sols = [(x, y) for x in range(40) for y in range(40) if x + y == 30 and x > 4 and y % 2 == 1]
    assert t.least("x + y = 30 & x > 4 & E h y = h + h + 1") == dict(
        zip("xy", min(sols), strict=True)
    )
    assert t.least("x < x") is None


def test_builder_and_text_agree() -> None:
    x, y, z, d = V("x y z d")
    built = A("x y", iff(x < y, E("d", (d > 0) & (x + d).eq(y))))
    assert built == parse("A x, y (x < y <=> E d (d > 0 & x + d = y))")
    assert Theory().decide(built)
    assert Theory().decide(A("x y z", ((x + y) + z).eq(x + (y + z))))  # associativity
    twin = A("x y z", ((x + y) + z).eq(x + (y + y)))
    assert Theory().counterexample(twin) == {"x": 0, "y": 0, "z": 1}  # 0 + 0 + 1 != 0 + 0


def _even_trailing_zeros() -> Dfa:
    """n >= 1 whose Zeckendorf word ends in an even number of 0s (state 1 even, 2 odd)."""
    delta = np.array([[0, 1], [2, 1], [1, 1]])
    return Dfa(2, 1, delta, np.array([False, True, False]))


def test_lower_wythoff_numbers_end_in_an_even_number_of_zeros() -> None:
    t = Theory()
    low = t.define("low", "n a", "E m, s (n = m + 1 & shift(m, s) & a = s + 1)")
    # low(n, a) <=> a = floor(n phi) for n >= 1, against the exact floor: one a for each n > 0
    assert low.tapes == ("a", "n")
    assert t.decide("A n, a, b (low(n, a) & low(n, b) => a = b)")
    assert t.decide("A n (n > 0 <=> E a low(n, a))")
    for n in range(1, 300):
        a = phi_floor(n)
        assert _accepts(low, {"a": a, "n": n}) and not _accepts(low, {"a": a + 1, "n": n})
        assert not _accepts(low, {"a": a - 1, "n": n})
    assert t.least("low(7, a)") == {"a": phi_floor(7)}
    t.add_automaton("evenz", _even_trailing_zeros(), "x")
    assert t.decide("A x ((E n low(n, x)) <=> evenz(x))")
    # the twin: odd trailing zeros; its least counterexample is the least lower Wythoff number
    t.add_automaton("oddz", _odd(), "x")
    cex = t.counterexample("A x ((E n low(n, x)) <=> oddz(x))")
    assert cex == {"x": 1} and phi_floor(1) == 1


def _odd() -> Dfa:
    delta = np.array([[0, 1], [2, 1], [1, 1]])
    return Dfa(2, 1, delta, np.array([False, False, True]))


def test_a_word_inside_formulas() -> None:
    t = Theory()
    fw = Dfao(np.array([[0, 1], [0, 1]]), np.array([0, 1]))  # the Fibonacci word 0100101001...
    # against its Beatty form f(n) = 2 + floor((n+1) phi) - floor((n+2) phi)
    assert [fw.at(n) for n in range(200)] == [
        2 + phi_floor(n + 1) - phi_floor(n + 2) for n in range(200)
    ]
    t.add_word("F", fw)
    assert t.decide("A n (F[n] = 1 => F[n + 1] = 0)")  # no 11
    assert t.decide("~E n (F[n] = 0 & F[n + 1] = 0 & F[n + 2] = 0)")  # no 000
    cex = t.counterexample("A n (F[n] = 0 => F[n + 1] = 1)")
    assert cex is not None and fw.at(cex["n"]) == fw.at(cex["n"] + 1) == 0
    assert all(fw.at(n) == 1 or fw.at(n + 1) == 1 for n in range(cex["n"]))


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda t: t.decide("x < 3"), "not a sentence: free variable(s) x"),
        (lambda t: t.decide("A x Q(x)"), "unknown predicate Q"),
        (lambda t: t.decide("A x shift(x)"), "shift takes 2 arguments, given 1"),
        (lambda t: t.decide("A x W[x] = 1"), "unknown word W"),
        (lambda t: t.decide("A x (x <"), "expected more"),
        (lambda t: t.decide("A x x ? 1"), "cannot read the formula"),
        (lambda t: t.define("p", "x", "x < y"), "free variable(s) y not among"),
        (lambda t: t.add_automaton("q", Theory().numeration.adder(), "x y"), "3 tapes"),
        (lambda t: t.add_automaton("z", _first_digit_one(), "x"), "not closed under leading"),
        (lambda t: Theory(limit_bytes=500).decide("A x, y x + y = y + x"), "past the limit"),
        (lambda t: t.decide(E("#1", V("x")[0].eq(1))), "not a variable name: '#1'"),
        (lambda t: t.define("E", "x", "x = 1"), "not a name: 'E'"),
        (lambda t: t.define("same", "x x", "x = 1"), "same: repeated argument names"),
    ],
)
def test_bad_input_is_one_line(call: object, message: str) -> None:
    assert callable(call)
    with pytest.raises(DeciderError, match=message.replace("(", r"\(").replace(")", r"\)")) as e:
        call(Theory())
    assert "\n" not in str(e.value)


def _first_digit_one() -> Dfa:
    """Words whose first digit is 1: not closed under leading zeros."""
    return Dfa(2, 1, np.array([[2, 1], [1, 1], [2, 2]]), np.array([False, True, False]))


def test_the_proofs_page_examples_run() -> None:
    import doctest
    from pathlib import Path

    page = Path(__file__).resolve().parents[1] / "docs" / "proofs.md"
    result = doctest.testfile(str(page), module_relative=False)
    assert result.failed == 0 and result.attempted >= 7


#: One theory for the random formulas (it remembers the subformulas it has built).
_SHARED = Theory()
_TERMS = st.sampled_from(["x", "y", "0", "1", "2", "5", "x + y", "x + 1", "y + y", "x + x + 3"])
_OPS = st.sampled_from(["=", "!=", "<", "<=", ">", ">="])


@st.composite
def _formulas(draw: st.DrawFn, depth: int = 2) -> str:
    if depth == 0 or draw(st.booleans()):
        return f"{draw(_TERMS)} {draw(_OPS)} {draw(_TERMS)}"
    kind = draw(st.sampled_from(["~", "&", "|", "=>", "<=>"]))
    if kind == "~":
        return f"~({draw(_formulas(depth - 1))})"
    return f"({draw(_formulas(depth - 1))}) {kind} ({draw(_formulas(depth - 1))})"


def _python(formula: str) -> str:
    """The same formula as a Python expression (``=`` is ``==``; ``=>``, ``<=>`` spelled out)."""
    text = formula.replace("<=>", " IFF ").replace("=>", " IMP ").replace("!=", " NE ")
    text = text.replace("<=", " LE ").replace(">=", " GE ").replace("=", "==")
    for word, op in (("IFF", "=="), ("IMP", "<="), ("NE", "!="), ("LE", "<="), ("GE", ">=")):
        text = text.replace(f" {word} ", f" {op} ")
    return text.replace("~", " not ").replace("&", " and ").replace("|", " or ")


@given(_formulas())
def test_quantifier_free_formulas_agree_with_arithmetic(formula: str) -> None:
    rel = _SHARED.relation(formula)
    for x in range(13):
        for y in range(13):
            truth = bool(eval(_python(formula), {}, {"x": x, "y": y}))  # booleans compare
            assert _accepts(rel, {"x": x, "y": y}) == truth, (formula, x, y)


_TERMS_Z = st.sampled_from(["x", "y", "z", "1", "3", "x + y", "z + z", "z + 1", "x + z"])


@st.composite
def _formulas_xyz(draw: st.DrawFn, depth: int = 2) -> str:
    if depth == 0 or draw(st.booleans()):
        return f"{draw(_TERMS_Z)} {draw(_OPS)} {draw(_TERMS_Z)}"
    kind = draw(st.sampled_from(["~", "&", "|"]))
    if kind == "~":
        return f"~({draw(_formulas_xyz(depth - 1))})"
    return f"({draw(_formulas_xyz(depth - 1))}) {kind} ({draw(_formulas_xyz(depth - 1))})"


@given(_formulas_xyz(), st.sampled_from(["x + y + 2", "x + 1", "y + y + 3"]))
def test_bounded_quantifiers_agree_with_arithmetic(body: str, bound: str) -> None:
    """E z (z <= bound & body) and A z (z <= bound => body): the witness search is finite."""
    t = _SHARED
    some = t.relation(f"E z (z <= {bound} & ({body}))")
    every = t.relation(f"A z (z <= {bound} => ({body}))")
    expr = _python(body)
    for x in range(9):
        for y in range(9):
            top = eval(_python(bound), {}, {"x": x, "y": y})
            found = [bool(eval(expr, {}, {"x": x, "y": y, "z": z})) for z in range(top + 1)]
            for rel, truth in ((some, any(found)), (every, all(found))):
                assert _accepts(rel, {"x": x, "y": y}) == truth, (body, bound, x, y)


def test_two_letters_compared() -> None:
    t = Theory()
    fw = Dfao(np.array([[0, 1], [0, 1]]), np.array([0, 1]))
    t.add_word("F", fw)
    assert t.decide("~E p (p > 0 & A n F[n] = F[n + p])")  # the Fibonacci word is not periodic
    found = t.least("p > 0 & A n (n < 6 => F[n] = F[n + p])")  # its prefix of 6 recurs at p
    assert found is not None
    p = found["p"]
    word = [fw.at(n) for n in range(p + 6)]
    assert word[p : p + 6] == word[:6]
    assert all(word[q : q + 6] != word[:6] for q in range(1, p))
    assert t.decide("A n (F[n] != F[n + 1] | F[n] = 0)")
