"""The automaton file format of ``decider.io``: round trips, and damaged or edited files refused.

A file is written, read back and compared (same language, same tables, same names and
provenance); every kind of damage (a changed transition, a changed digest, a line cut, a
wrong first line, a file that is not text) is refused with one line naming the file.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from decider import DeciderError, Dfao, Pell, Theory
from decider.automaton import equivalent
from decider.io import parse_automaton, read_automaton, write_automaton


@pytest.fixture(scope="module")
def low() -> Theory:
    t = Theory()
    t.define("low", "n a", "E m, s (n = m + 1 & shift(m, s) & a = s + 1)")
    return t


def test_a_dfa_round_trips(tmp_path: Path, low: Theory) -> None:
    rel, _ = low.predicates["low"]
    path = tmp_path / "low.txt"
    meta = {"command": "python -m x --y 3", "window": "0 <= x, y < 89", "date": "2026-11-28"}
    write_automaton(path, rel.dfa, ["a", "n"], meta)
    back = read_automaton(path)
    assert back.kind == "dfa" and back.names == ("a", "n") and back.meta == meta
    assert back.numeration == low.numeration
    assert equivalent(back.dfa, rel.dfa)
    assert np.array_equal(back.dfa.delta, rel.dfa.delta)
    assert np.array_equal(back.dfa.accept, rel.dfa.accept)
    t = Theory()
    t.add_automaton("low2", back.dfa, back.names)
    t.define("low", "n a", "E m, s (n = m + 1 & shift(m, s) & a = s + 1)")
    assert t.decide("A n, a (low(n, a) <=> low2(a, n))")


def test_a_dfao_round_trips(tmp_path: Path) -> None:
    word = Dfao(np.array([[0, 1], [0, 1]]), np.array([0, 1]))
    write_automaton(tmp_path / "fw.txt", word, ["n"])
    back = read_automaton(tmp_path / "fw.txt")
    assert back.kind == "dfao" and back.meta == {}
    assert [back.dfao.at(n) for n in range(30)] == [word.at(n) for n in range(30)]


def test_another_numeration_round_trips(tmp_path: Path) -> None:
    t = Theory(Pell())
    rel = t.relation("E y x = y + y")
    write_automaton(tmp_path / "even.txt", rel.dfa, ["x"], numeration=Pell())
    back = read_automaton(tmp_path / "even.txt")
    assert back.numeration == Pell() and equivalent(back.dfa, rel.dfa)


@pytest.mark.parametrize(
    ("edit", "message"),
    [
        (lambda s: s.replace("0 -> 0 1", "0 -> 1 1", 1), "digest does not match"),
        (lambda s: s.replace("meta note hello", "meta note hellO"), "digest does not match"),
        (lambda s: s[:-10] + "0" * 9 + "\n", "digest does not match"),
        (lambda s: s.rsplit("sha256", 1)[0], "no digest line"),
        (lambda s: "", "no digest line"),
        (lambda s: "hello\n", "no digest line"),
    ],
)
def test_a_damaged_file_is_refused(tmp_path: Path, edit, message: str) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "fw.txt"
    write_automaton(path, Dfao(np.array([[0, 1], [0, 1]]), np.array([0, 1])), ["n"],
                    {"note": "hello"})  # fmt: skip
    path.write_text(edit(path.read_text()))
    with pytest.raises(DeciderError, match=message) as info:
        read_automaton(path)
    assert str(path) in str(info.value) and "\n" not in str(info.value)


def _signed(body: str) -> str:
    import hashlib

    return body + f"sha256 {hashlib.sha256(body.encode()).hexdigest()}\n"


@pytest.mark.parametrize(
    ("body", "message"),
    [
        ("decider-automaton 2\n", "first line"),
        ("decider-automaton 1\nkind dfa\n", "missing"),
        (
            "decider-automaton 1\nkind nfa\nnumeration fibonacci\nbase 2\ntapes x\nstates 1\n"
            "accept 1\n0 -> 0 0\n",
            "unknown kind",
        ),
        (
            "decider-automaton 1\nkind dfa\nnumeration fibonacci\nbase 3\ntapes x\nstates 1\n"
            "accept 1\n0 -> 0 0\n",
            "base",
        ),
        (
            "decider-automaton 1\nkind dfa\nnumeration fibonacci\nbase 2\ntapes x\nstates 1\n"
            "accept 1\n0 -> 0 1\n",
            "outside",
        ),
        (
            "decider-automaton 1\nkind dfa\nnumeration fibonacci\nbase 2\ntapes x\nstates 2\n"
            "accept 1 0\n0 -> 0 1\n",
            "2 states",
        ),
        (
            "decider-automaton 1\nkind dfa\nnumeration fibonacci\nbase 2\ntapes x\nstates 1\n"
            "accept 1\n0 -> 0\n",
            "not the row",
        ),
        (
            "decider-automaton 1\nkind dfa\nnumeration fibonacci\nbase 2\ntapes x\nstates 1\n"
            "accept x\n0 -> 0 0\n",
            "not natural",
        ),
        ("decider-automaton 1\nkind dfa\nbogus 1\n", "unexpected"),
    ],
)
def test_a_malformed_file_is_refused(body: str, message: str) -> None:
    with pytest.raises(DeciderError, match=message):
        parse_automaton(_signed(body))


def test_a_well_formed_signed_file_is_read() -> None:
    body = ("decider-automaton 1\nkind dfa\nnumeration fibonacci\nbase 2\ntapes x\nstates 1\n"
            "accept 1\n0 -> 0 0\n")  # fmt: skip
    assert parse_automaton(_signed(body)).dfa.states == 1


def test_bad_names_and_meta_are_refused(tmp_path: Path) -> None:
    word = Dfao(np.array([[0, 1], [0, 1]]), np.array([0, 1]))
    with pytest.raises(DeciderError, match="tape name"):
        write_automaton(tmp_path / "a.txt", word, ["n", "m"])
    with pytest.raises(DeciderError, match="one line"):
        write_automaton(tmp_path / "a.txt", word, ["n"], {"note": "two\nlines"})
    with pytest.raises(DeciderError, match="cannot be read"):
        read_automaton(tmp_path / "missing.txt")
