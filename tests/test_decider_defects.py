"""The decider's defects of issue 44 item 5 and issue 47, each shown fixed.

A name is given once; formulas of any depth; a non-sentence refused by ``counterexample``;
comparisons of sums with constants decided on few tapes (cancelled, summed one term at a
time), TRUE and FALSE, against arithmetic; the theory's limit held by every operation; no
shared default budget; ``--points`` bounded by an estimate.
"""

from __future__ import annotations

import itertools
from pathlib import Path

import numpy as np
import pytest

import decider.automaton as automaton
from decider import DeciderError, Dfao, Theory
from decider.formula import parse


def test_a_name_is_given_once() -> None:
    t = Theory()
    t.define("p", "x", "x = 1")
    t.add_word("w", Dfao(np.array([[0, 1], [0, 1]]), np.array([0, 1])))
    assert t.decide("A x (w[x] = 1 => p(x) | x != 1)")
    other = Dfao(np.array([[0, 0]]), np.array([1]))
    for again in (lambda: t.define("p", "x", "x = 2"),
                  lambda: t.add_automaton("p", t.relation("x = 2").dfa, "x"),
                  lambda: t.add_word("w", other), lambda: t.add_word("p", other),
                  lambda: t.define("w", "x", "x = 2"),
                  lambda: t.define("shift", "x y", "x = y")):  # fmt: skip
        with pytest.raises(DeciderError, match="already a"):
            again()
    assert t.decide("~p(2) & p(1)")  # the old meanings stand


@pytest.mark.parametrize("depth", [200, 3000])
def test_formulas_of_any_depth_are_parsed_and_decided(depth: int) -> None:
    t = Theory()
    nested = "(" * depth + "x = 1" + ")" * depth
    assert t.least(nested) == {"x": 1}
    negations = "~" * depth + "x = 1"
    assert t.decide(f"E x ({negations})") is True
    assert t.decide(f"A x ({negations})") is False
    chain = " & ".join(f"x + {i} > {i}" for i in range(depth // 10))
    assert t.counterexample(f"A x ({chain})") == {"x": 0}
    assert parse(nested) == parse(nested) and hash(parse(negations)) == hash(parse(negations))
    assert parse(negations) != parse("~" + negations)
    from decider.walnut import formula_text

    assert formula_text(parse(negations), {}) == "~" * depth + "x = 1"


def test_a_formula_copied_or_pickled_is_equal_with_its_hash() -> None:
    import copy
    import pickle

    f = parse("A x E y, z (P(x + 1, y) & ~(x < z) | W[x] = 1)")
    for g in (pickle.loads(pickle.dumps(f)), copy.deepcopy(f)):
        assert g == f and hash(g) == hash(f) and g is not f


def test_counterexample_refuses_a_non_sentence() -> None:
    with pytest.raises(DeciderError, match="not a sentence: free variable"):
        Theory().counterexample("x = 1")
    assert Theory().counterexample("A x x = 1") == {"x": 0}


#: Sentences of sums with constants (Walnut decides them at once), with their truth.
SUMS = [
    ("E x E y E z (y + z + 22 < x + z + 22)", True),
    ("E x E y E z (y + z + 22 < y + z + 22)", False),
    ("A x, y, z (x + z + 22 = y + z + 22 => x = y)", True),
    ("A x, y, z (x + y + z + 30 >= z + y + x + 31)", False),
    ("E x, y, z (x + y + z + 40 = z + 2 * 0 + y + x + 40 & x + 1000 < y + 7)", None),
    ("A x, y (x + x + y + 17 != y + 17 + x + x + 1)", True),
    ("E x, y (x + x + x + 5 = y + y + 900 & y < 1)", False),  # 3x = 2y + 895: y = 1, x = 299
    ("E x, y (x + x + x + 5 = y + y + 900 & y < 2)", True),
]


@pytest.mark.parametrize(("sentence", "truth"), [s for s in SUMS if s[1] is not None])
def test_sums_with_constants_are_decided_within_a_small_limit(sentence: str, truth: bool) -> None:
    t = Theory(limit_bytes=64 * 1024**2)  # 64 MiB: the dense 9-tape product needed 2 GiB
    assert t.decide(sentence) is truth
    assert t.budget.largest < 10_000


def _brute(formula: str, bound: int) -> list[tuple[int, int]]:
    text = formula.replace("=", "==").replace("!==", "!=").replace("<==", "<=")
    text = text.replace(">==", ">=").replace("&", " and ").replace("|", " or ")
    return [(x, y) for x, y in itertools.product(range(bound), repeat=2) if eval(text)]


@pytest.mark.parametrize(
    "formula",
    ["x + y + 3 < y + 5", "x + x + 2 = y + 9", "x + y + 1 >= x + 4", "x + 7 != y + x + 7",
     "y + x + x <= x + 12", "x + 3 > y + y + 1", "x + y = y + x", "x + y + 1 < y + x + 1"],
)  # fmt: skip
def test_free_variable_sums_accept_the_arithmetic_tuples(formula: str) -> None:
    t = Theory()
    rel = t.relation(formula)
    bound = 20
    assert rel.tapes == ("x", "y")  # a variable cancelled from both sides is still a tape
    num = t.numeration
    found = []
    for x, y in itertools.product(range(bound), repeat=2):
        wx, wy = num.word(x), num.word(y)
        n = max(len(wx), len(wy))
        wx, wy = [0] * (n - len(wx)) + wx, [0] * (n - len(wy)) + wy
        found += [(x, y)] if rel.dfa.accepts(list(zip(wx, wy, strict=True))) else []
    assert found == _brute(formula, bound)


def test_every_operation_of_a_theory_keeps_its_limit() -> None:
    t = Theory()
    dfa = t.relation("x + y = z").dfa
    t.budget.limit_bytes = 1000
    with pytest.raises(DeciderError, match="minimisation needs about"):
        t._atom(dfa, ["y", "x", "z"])  # tapes exchanged: a remap, then a minimisation
    with pytest.raises(DeciderError, match="past the limit of 1000"):
        t._not(t.predicates["shift"][0])


def test_no_budget_outlives_its_call(monkeypatch: pytest.MonkeyPatch) -> None:
    made: list[automaton.Budget] = []
    budget = automaton.Budget

    def counted() -> automaton.Budget:
        made.append(budget())
        return made[-1]

    monkeypatch.setattr(automaton, "Budget", counted)
    a = Theory().relation("x < y").dfa
    made.clear()
    for _ in range(3):
        automaton.minimise(a)
    assert len(made) == 3 and all(len(b.steps) == 1 for b in made)


def test_cancelled_sums_have_certificates_that_check(tmp_path: Path) -> None:
    """A cancelled comparison (TRUE or FALSE without a tape) is built by recorded steps."""
    from certcheck.run import main
    from decider.certificate import CertifyingTheory, write_certificate

    sentences = {"cancelled": "E x E y E z (y + z + 22 < x + z + 22)",
                 "true": "A x, y (x + y + 3 = y + x + 3)", "false": "~A x (x + 1 < x + 1)",
                 "constants": "1 < 2"}  # fmt: skip
    path = tmp_path / "sums.cert.gz"
    assert all(write_certificate(path, CertifyingTheory(), sentences).values())
    assert main([str(path)]) == 0
