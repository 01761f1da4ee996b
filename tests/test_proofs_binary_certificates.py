"""Certificates in base 2 (issue 45): the checker's own base-2 atoms agree with the decider's
(and a wrong one is caught), a base-2 theorem's certificate checks, its twin's fails, and a
certificate whose numeration line is changed or unknown is refused."""

from __future__ import annotations

import gzip
import hashlib
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest

from certcheck import main
from certcheck.atoms import build
from certcheck.check import Failed, walk_equal
from decider.automaton import DeciderError, Dfa
from decider.binary import Binary
from decider.certificate import CertifyingTheory, write_certificate

TWO = Binary()


def _ours(kind: str, arg: str, k: int) -> tuple[np.ndarray, np.ndarray]:
    delta, accept = build(kind, arg, k, "binary")
    return np.array(delta), np.array(accept)


def _decider(kind: str, arg: str) -> Dfa:
    made: dict[str, Callable[[], Dfa]] = {
        "equal": TWO.equal, "less": TWO.less, "shift": TWO.shift, "adder": TWO.adder,
        "xor": lambda: TWO.relations()["xor"][0], "band": lambda: TWO.relations()["band"][0],
        "const": lambda: TWO.constant(int(arg)), "valid": lambda: TWO.valid_tapes(int(arg)),
    }  # fmt: skip
    return made[kind]()


ATOMS = [("equal", "-"), ("less", "-"), ("shift", "-"), ("adder", "-"), ("xor", "-"),
         ("band", "-"), ("const", "0"), ("const", "5"), ("const", "12"),
         ("valid", "3")]  # fmt: skip


@pytest.mark.parametrize(("kind", "arg"), ATOMS)
def test_the_checkers_base_2_atoms_are_the_deciders(kind: str, arg: str) -> None:
    dfa = _decider(kind, arg)
    delta, accept = _ours(kind, arg, dfa.k)
    walk_equal(dfa.delta, dfa.accept, 0, delta, accept, 0, kind)


@pytest.mark.parametrize(("kind", "other"), [("xor", "band"), ("adder", "xor"), ("less", "equal")])
def test_a_wrong_base_2_atom_is_caught(kind: str, other: str) -> None:
    dfa = _decider(kind, "-")
    delta, accept = _ours(other, "-", dfa.k)
    with pytest.raises(Failed):
        walk_equal(dfa.delta, dfa.accept, 0, delta, accept, 0, kind)


def test_bitwise_atoms_exist_in_base_2_only() -> None:
    with pytest.raises(ValueError, match="numeration fibonacci"):
        build("xor", "-", 3, "fibonacci")
    with pytest.raises(DeciderError, match="the checker knows fibonacci, binary"):
        CertifyingTheory(numeration="pell")


def _certificate(tmp_path: Path) -> list[str]:
    theory = CertifyingTheory(numeration="binary")
    path = tmp_path / "xor.cert.gz"
    sentences = {"xor_total": "A x, y E z xor(x, y, z)", "sum": "A x, y (band(x, y, 0) => "
                 "xor(x, y, x + y))"}  # fmt: skip
    assert all(write_certificate(path, theory, sentences).values())
    return gzip.decompress(path.read_bytes()).decode().split("\n")[:-2]


def _write(path: Path, lines: list[str]) -> Path:
    body = "\n".join(lines) + "\n"
    digest = hashlib.sha256(body.encode()).hexdigest()
    path.write_bytes(gzip.compress((body + f"sha256 {digest}\n").encode()))
    return path


def test_a_base_2_certificate_checks_and_its_numeration_line_matters(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = _certificate(tmp_path)
    assert lines[1] == "numeration binary"
    assert main([str(_write(tmp_path / "ok.gz", lines))]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[-1] == "checked" and "xor(" in out
    as_fibonacci = [lines[0], "numeration fibonacci", *lines[2:]]
    assert main([str(_write(tmp_path / "fib.gz", as_fibonacci))]) == 1  # its valid words differ
    assert "(atom valid 3)" in capsys.readouterr().out
    unknown = [lines[0], "numeration pell", *lines[2:]]
    assert main([str(_write(tmp_path / "pell.gz", unknown))]) == 2
    out = capsys.readouterr().out
    assert len(out.splitlines()) == 1 and "fibonacci (Zeckendorf) and binary" in out
    again = [*lines[:3], "numeration binary", *lines[3:]]  # a second numeration line
    assert main([str(_write(tmp_path / "twice.gz", again))]) == 2


def test_the_hex_theorem_certificate_checks_and_its_twin_fails(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from grundy.cli import main as grundy

    assert grundy(["prove", "hex-0-2048-ruler", "--check"]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "checked"
    assert grundy(["prove", "hex-0-2048-ruler-twin", "--check"]) == 1
    assert "failed: sentence mex" in capsys.readouterr().out
