"""Proof certificates and their independent checker (issue 44, items 1 and 2).

A theorem's certificate (:mod:`proofs_check.certify`, :mod:`decider.certificate`) checks
``checked`` with ``python -m certcheck``; every way a step can be wrong is rejected (exit 1,
naming the step, the state and the letter), every bad file in one line (exit 2); and two
shipped automata exchanged make the theorems that use them fail, no digest edited.
"""

from __future__ import annotations

import gzip
import hashlib
import re
import shutil
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from cli_capture import cli

from certcheck import main
from decider import DeciderError, parse
from decider.io import read_automaton, write_automaton
from proofs_check import theorems
from proofs_check.certify import certify
from proofs_check.theorems import THEOREMS, replay, theory_of

ROOT = Path(__file__).resolve().parents[1]
SHIPPED = theorems.AUTOMATA


@pytest.fixture(scope="module")
def wythoff(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("cert") / "wythoff-p.cert.gz"
    assert all(certify(THEOREMS["wythoff-p"], path).values())
    return path


def _lines(path: Path) -> list[str]:
    text = gzip.decompress(path.read_bytes()).decode()
    return text.split("\n")[:-2]  # without the digest line


def _write(path: Path, lines: list[str], digest: bool = True) -> Path:
    body = "\n".join(lines) + "\n"
    sha = hashlib.sha256(body.encode()).hexdigest() if digest else "0" * 64
    path.write_bytes(gzip.compress((body + f"sha256 {sha}\n").encode()))
    return path


def _check(capsys: pytest.CaptureFixture[str], path: Path, *extra: str) -> tuple[int, str]:
    code = main([str(path), *extra])
    out = capsys.readouterr().out
    return code, out


def _step(lines: list[str], pattern: str) -> int:
    """The header line of the first step matching ``pattern`` (a regular expression)."""
    return next(i for i, line in enumerate(lines) if re.match(pattern, line))


def test_a_theorem_certificate_checks_and_prints_its_sentences(
    wythoff: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = _check(capsys, wythoff)
    assert code == 0, out
    assert out.splitlines()[-1] == "checked"
    assert "define p(x, y) := wythoffp(x, y)" in out
    assert re.search(r"sentence stable_m0: .*p\(n1, n2\) & E n3 \(\(n3 < n1 & p\(n3, n2\)", out)


def test_python_m_certcheck_runs_without_the_decider(wythoff: Path) -> None:
    code = "import sys, runpy; sys.argv = ['certcheck', sys.argv[1]]; "
    code += "runpy.run_module('certcheck', run_name='__main__')"
    guard = "import sys; [sys.modules.__setitem__(m, None) for m in "
    guard += "('decider', 'proofs_check', 'fast', 'registry', 'grundy', 'numba')]; "
    done = subprocess.run([sys.executable, "-c", guard + code, str(wythoff)], cwd=ROOT,
                          capture_output=True, text=True, check=False, timeout=600)  # fmt: skip
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines()[-1] == "checked"


def _flip_atom(lines: list[str]) -> list[str]:
    i = _step(lines, r"atom \d+ stored ")
    delta = lines[i + 2].split()
    n = int(lines[i].split()[5])
    delta[5] = str((int(delta[5]) + 1) % n)
    return [*lines[: i + 2], " ".join(delta), *lines[i + 3 :]]


def _change_atom(lines: list[str]) -> list[str]:
    i = _step(lines, r"atom \d+ less ")
    return [*lines[:i], lines[i].replace(" less ", " equal "), *lines[i + 1 :]]


def _wrong_pair(lines: list[str]) -> list[str]:
    i = _step(lines, r"product \d+ and .* (\d{2,})$")
    pairs = lines[i + 1].split()
    pairs[3] = str(int(pairs[3]) + 1)
    return [*lines[: i + 1], " ".join(pairs), *lines[i + 2 :]]


def _wrong_subset(lines: list[str]) -> list[str]:
    i = _step(lines, r"subset \d+ \d+ \d+ (\d{2,})$")
    bounds = [int(b) for b in lines[i + 1].split()]
    members = lines[i + 2].split()
    j = bounds[2]  # the first member of state 2: another state of the source
    members[j] = str(int(members[j]) + 1) if j + 1 >= bounds[3] else members[j + 1]
    return [*lines[: i + 2], " ".join(members), *lines[i + 3 :]]


def _dropped_zero(lines: list[str]) -> list[str]:
    for i, line in enumerate(lines):
        if line.startswith("subset "):
            bounds = [int(b) for b in lines[i + 1].split()]
            if bounds[1] > 1:  # the start's closure has more than the start
                members = lines[i + 2].split()
                del members[bounds[1] - 1]
                bounds = [b - 1 if j else 0 for j, b in enumerate(bounds)]
                return [*lines[: i + 1], " ".join(map(str, bounds)), " ".join(members),
                        *lines[i + 3 :]]  # fmt: skip
    raise AssertionError("no subset step closes its start under leading zeros")


def _not_congruent(lines: list[str]) -> list[str]:
    i = _step(lines, r"minimise \d+ \d+ (\d{2,})$")
    classes = lines[i + 1].split()
    j = next(j for j in range(1, len(classes)) if classes[j] not in ("-1", classes[1]))
    classes[1], classes[j] = classes[j], classes[1]
    return [*lines[: i + 1], " ".join(classes), *lines[i + 2 :]]


def _unrestricted_or(lines: list[str]) -> list[str]:
    """``or`` with the raw stored automaton, whose invalid words are not excluded: unsound."""
    stored = _step(lines, r"atom \d+ stored ")
    number = lines[stored].split()[1]
    i = _step(lines, rf"product \d+ and {number} ")
    return [*lines[:i], lines[i].replace(" and ", " or "), *lines[i + 1 :]]


CORRUPTIONS: dict[str, Callable[[list[str]], list[str]]] = {
    "or of an automaton not restricted to valid words": _unrestricted_or,
    "flipped transition": _flip_atom,
    "changed atom": _change_atom,
    "wrong pair": _wrong_pair,
    "wrong subset": _wrong_subset,
    "dropped leading-zero state": _dropped_zero,
    "non-congruent class map": _not_congruent,
}


@pytest.mark.parametrize("name", list(CORRUPTIONS))
def test_every_corruption_of_a_step_is_rejected_naming_the_step(
    name: str, wythoff: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = _lines(wythoff)
    bad = CORRUPTIONS[name](lines)
    assert bad != lines
    code, out = _check(capsys, _write(tmp_path / "bad.gz", bad))
    assert code == 1, out
    assert out.startswith("failed: step ") and out.count("\n") == 1, out
    assert "state" in out or "not restricted to valid words" in out, out


def test_a_false_sentence_is_rejected(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "twin.gz"
    assert not all(certify(THEOREMS["wythoff-p-twin"], path).values())
    code, out = _check(capsys, path)
    assert code == 1 and out.startswith("failed: sentence absorb") and "FALSE" in out


def _cut(path: Path, tmp: Path) -> Path:
    data = path.read_bytes()
    (tmp / "cut.gz").write_bytes(data[: len(data) // 2])
    return tmp / "cut.gz"


BAD: dict[str, Callable[[Path, Path], Path]] = {
    "wrong digest": lambda p, t: _write(t / "d.gz", _flip_atom(_lines(p)), digest=False),
    "truncated": _cut,
    "not a certificate": lambda p, t: _write(t / "n.gz", ["hello"]),
    "not gzip": lambda p, t: Path(shutil.copy(ROOT / "README.md", t / "r.gz")),
    "wrong version": lambda p, t: _write(t / "v.gz", ["grundy-certificate 2", *_lines(p)[1:]]),
    "unknown atom": lambda p, t: _write(
        t / "u.gz", [s.replace(" less ", " more ") for s in _lines(p)]
    ),
    "missing": lambda p, t: t / "nothing.gz",
}


@pytest.mark.parametrize("name", list(BAD))
def test_bad_input_is_one_line_exit_2(
    name: str, wythoff: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = _check(capsys, BAD[name](wythoff, tmp_path))
    assert code == 2 and out.startswith("certcheck: ") and out.count("\n") == 1, out


def test_too_large_for_the_memory_limit_is_exit_2(
    wythoff: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out = _check(capsys, wythoff, "--limit-bytes", "4000")
    assert code == 2 and "memory limit" in out
    code, out = _check(capsys, wythoff, "--limit-bytes", "60000")  # the file fits, a step not
    assert code == 2 and "memory limit" in out, out


def test_grundy_prove_certificate_and_check(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    target = tmp_path / "w.cert.gz"
    code, out, _ = cli(capsys, "prove", "wythoff-p", "--certificate", str(target))
    assert code == 0 and target.exists() and "proved" in out
    assert main([str(target)]) == 0
    code, out, _ = cli(capsys, "prove", "wythoff-p", "--check")
    assert code == 0 and out.splitlines()[-1] == "checked"
    code, out, _ = cli(capsys, "prove", "wythoff-p-twin", "--check")
    assert code == 1 and "failed: sentence absorb" in out
    code, _, err = cli(capsys, "prove", "wythoff-p", "--certificate", str(tmp_path / "no" / "x"))
    assert code == 2 and err.count("\n") == 1


# -- the swap: exchanging two shipped automata, no digest edited ---------------------------


def _swap(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, a: str, b: str,
          relabel: bool) -> None:  # fmt: skip
    """The automata with ``a`` and ``b`` exchanged (``relabel``: each file's statement line
    rewritten to its new place, and its digest recomputed, as a forger would)."""
    tmp_path = tmp_path / f"{a}-{b}"
    tmp_path.mkdir()
    for f in SHIPPED.glob("*.txt"):
        shutil.copy(f, tmp_path / f.name)
    shutil.copy(SHIPPED / a, tmp_path / b)
    shutil.copy(SHIPPED / b, tmp_path / a)
    if relabel:
        for name in (a, b):
            s = read_automaton(tmp_path / name)
            meta = s.meta | {"statement": Path(name).stem}
            write_automaton(tmp_path / name, s.dfa, s.names, meta, s.numeration)
    monkeypatch.setattr(theorems, "AUTOMATA", tmp_path)


@pytest.mark.parametrize(("a", "b", "ids"), [
    ("r-wythoff-value-0.txt", "r-wythoff-value-1.txt", ["r-wythoff-g1", "r-wythoff-g2"]),
    ("wythoff-p.txt", "wythoff-value-1.txt", ["wythoff-p", "wythoff-g1", "wythoff-pass-p"]),
])  # fmt: skip
def test_swapped_automata_are_refused_in_the_wrong_place(
    a: str, b: str, ids: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _swap(tmp_path, monkeypatch, a, b, relabel=False)
    for theorem in ids:
        with pytest.raises(DeciderError, match="wrong place"):
            theory_of(THEOREMS[theorem])


def test_swapped_and_relabelled_automata_are_refuted(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _swap(tmp_path, monkeypatch, "r-wythoff-value-0.txt", "r-wythoff-value-1.txt", relabel=True)
    for theorem in ("r-wythoff-g1", "r-wythoff-g2"):
        proof = replay(THEOREMS[theorem])
        assert proof.status == "refuted" and proof.failed is not None
        assert proof.failed.name.startswith("p_"), proof.failed.name  # the lower class fails
    _swap(tmp_path, monkeypatch, "wythoff-p.txt", "wythoff-value-1.txt", relabel=True)
    assert replay(THEOREMS["wythoff-p"]).status == "refuted"
    # wythoff-g1 (and the pass theorem, layer 0) decide wythoff-p's sentences on the same p
    lower = theory_of(THEOREMS["wythoff-g1"])[1]
    for name, text in theory_of(THEOREMS["wythoff-p"])[1].items():
        assert parse(lower[f"p_{name}"]) == parse(text)


@pytest.mark.parametrize("theorem", [t for t in THEOREMS if not THEOREMS[t].twin_of])
def test_every_shipped_theorem_certificate_checks(
    theorem: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / f"{theorem}.cert.gz"
    assert all(certify(THEOREMS[theorem], path).values())
    code, out = _check(capsys, path)
    assert code == 0 and out.splitlines()[-1] == "checked", out


def test_the_printed_sentences_are_the_theorems_sentences(
    wythoff: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Each sentence the checker prints (rebuilt from the steps) is equivalent to the one the
    theorem states, and a printed sentence with one atom changed is not."""
    assert main([str(wythoff)]) == 0
    printed = dict(
        line.removeprefix("sentence ").split(": ", 1)
        for line in capsys.readouterr().out.splitlines()
        if line.startswith("sentence ")
    )
    theory, sentences = theory_of(THEOREMS["wythoff-p"])
    assert printed.keys() == sentences.keys()
    for name, text in sentences.items():
        assert theory.decide(f"({text}) <=> ({printed[name]})"), name
    wrong = printed["stable_m0"].replace("& p(n3, n2)", "& ~p(n3, n2)")
    assert wrong != printed["stable_m0"]
    assert not theory.decide(f"({sentences['stable_m0']}) <=> ({wrong})")
