"""Hypothesis fuzz of the whole command line: malformed arguments for every command.

The commands are discovered from :func:`grundy.cli.build_parser` (a new command
is fuzzed without touching this file). For each leaf command the test builds an
argument list that is wrong in one place: a count option given a non-integer or
an out-of-range value, a path option given an unusable path, or an unknown
option. Every such call must exit 2 with exactly one line on stderr and no
traceback. Arguments are refused while parsing, before any work, so the whole
fuzz runs in seconds (``main`` is called in-process).
"""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from grundy.cli import build_parser, main
from grundy.cli.parsing import parse_count

FUZZ = settings(
    max_examples=12,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)


def _leaves(
    parser: argparse.ArgumentParser, path: tuple[str, ...] = ()
) -> list[tuple[tuple[str, ...], argparse.ArgumentParser]]:
    found = []
    subs = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    if not subs:
        return [(path, parser)]
    for action in subs:
        seen: set[int] = set()
        for name, sub in action.choices.items():
            if id(sub) in seen:  # aliases (nivasch-table3) share a parser
                continue
            seen.add(id(sub))
            found += _leaves(sub, (*path, name))
    return found


LEAVES = _leaves(build_parser())


def _checked_actions(parser: argparse.ArgumentParser) -> list[argparse.Action]:
    """Actions whose type is a shared checker (a count, or an input/output path)."""
    return [
        a
        for a in parser._actions
        if hasattr(a.type, "limits") or hasattr(a.type, "path_kind") or hasattr(a.type, "range_hi")
    ]


def test_every_command_is_discovered() -> None:
    names = {" ".join(path) for path, _ in LEAVES}
    assert {"value", "check", "experiment beatty-partition", "plot figure2", "gvalues"} <= names
    # the count arguments of every experiment go through the shared parser
    for path, parser in LEAVES:
        if path[0] == "experiment":
            assert _checked_actions(parser), path


def _filler(action: argparse.Action) -> str:
    """A valid value for a required positional that is not being fuzzed."""
    if action.choices:
        return str(next(iter(action.choices)))
    if hasattr(action.type, "limits"):
        lo, _ = action.type.limits  # type: ignore[union-attr]
        return str(lo if lo is not None else 0)
    if action.dest == "game":
        return "wythoff"
    if action.dest == "target":
        return "list"
    return "1,2"


def _bad_count(limits: tuple[int | None, int | None]) -> st.SearchStrategy[str]:
    lo, hi = limits

    def refused(text: str) -> bool:
        try:
            parse_count(text, "x", lo=lo, hi=hi)
        except ValueError:
            return True
        return False

    texts = st.one_of(
        st.sampled_from(["x", "1.5", "1.23e1", "1e-3", "", " ", "10**100000000", "1e99999999",
                         "nan", "inf", "0x10", "1,2", "--", "1e", "٣"]),
        st.text(max_size=12),
        st.integers(max_value=(lo - 1) if lo is not None else -1).map(str)
        if lo is not None
        else st.nothing(),
        st.integers(min_value=hi + 1).map(str) if hi is not None else st.nothing(),
    )  # fmt: skip
    return texts.filter(refused)


def _bad_range(hi: int | None) -> st.SearchStrategy[str]:
    values = ["5..2", "-1..3", "x", "1.5..2", "0..", "..3", "", "1..2..3", "0..10**100000000"]
    if hi is not None:
        values.append(f"0..{hi + 1}")
    return st.sampled_from(values)


def _bad_path(action: argparse.Action, tmp: Path) -> st.SearchStrategy[str]:
    kind = action.type.path_kind  # type: ignore[union-attr]
    suffix = (action.type.suffixes or (".json",))[0]  # type: ignore[union-attr]
    existing_file = tmp / f"afile{suffix}"
    existing_file.write_text("x")
    a_dir = tmp / f"adir{suffix}"
    a_dir.mkdir(exist_ok=True)
    (tmp / "empty.json").write_text("")
    if kind == "output file":
        values = ["", f"/proc/nope/x{suffix}", str(a_dir), str(existing_file / f"x{suffix}")]
    elif kind == "output directory":
        values = ["", "/proc/nope/d", str(existing_file), str(existing_file / "sub")]
    else:
        values = ["", str(tmp / "missing.json"), str(tmp / "empty.json"), str(a_dir)]
    return st.sampled_from(values)


def _argv(
    path: tuple[str, ...], parser: argparse.ArgumentParser, fuzzed: argparse.Action, bad: str
) -> list[str]:
    argv = list(path)
    for action in parser._actions:
        if action.option_strings or action is fuzzed:
            continue
        if action.nargs in ("?", "*", argparse.REMAINDER):
            continue
        argv.append(_filler(action))
    if fuzzed.option_strings:
        argv += [f"{fuzzed.option_strings[-1]}={bad}"]  # '=' keeps '-5' and '' as the value
    else:
        at = len(path) + [a for a in parser._actions if not a.option_strings].index(fuzzed)
        argv.insert(at, bad)
    for action in parser._actions:  # other required options get a valid value
        if action.option_strings and action.required and action is not fuzzed:
            argv += [action.option_strings[-1], _filler(action)]
    return argv


def _assert_refused(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    capsys.readouterr()
    code = main(argv)
    err = capsys.readouterr().err
    assert code == 2, (argv, code, err)
    assert "Traceback" not in err, (argv, err)
    assert len(err.strip().splitlines()) == 1, (argv, err)


def _case_id(case: tuple[tuple[str, ...], Any, argparse.Action]) -> str:
    path, _, action = case
    return f"{' '.join(path)} {action.option_strings[-1] if action.option_strings else action.dest}"


CASES = [
    (path, parser, action)
    for path, parser in LEAVES
    for action in _checked_actions(parser)
    if not (action.option_strings and action.nargs == "+")  # e.g. --only: fuzzed below
]


@pytest.mark.parametrize(
    ("path", "parser", "action"),
    CASES,
    ids=[_case_id(case) for case in CASES],
)
def test_malformed_argument_is_one_line_exit_2(
    path: tuple[str, ...],
    parser: argparse.ArgumentParser,
    action: argparse.Action,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(tmp_path)
    if hasattr(action.type, "limits"):
        strategy = _bad_count(action.type.limits)  # type: ignore[union-attr]
    elif hasattr(action.type, "range_hi"):
        strategy = _bad_range(action.type.range_hi)  # type: ignore[union-attr]
    else:
        strategy = _bad_path(action, tmp_path)

    @FUZZ
    @given(bad=strategy)
    def check(bad: str) -> None:
        _assert_refused(capsys, _argv(path, parser, action, bad))

    check()


@FUZZ
@given(
    leaf=st.sampled_from(LEAVES),
    option=st.from_regex(r"--[a-z][a-z0-9-]{0,12}", fullmatch=True),
    value=st.text(max_size=8),
)
def test_unknown_option_is_one_line_exit_2(
    leaf: tuple[tuple[str, ...], Any],
    option: str,
    value: str,
    capsys: pytest.CaptureFixture[str],
) -> None:
    path, parser = leaf
    known = {s for a in parser._actions for s in a.option_strings}
    if any(k.startswith(option) for k in known) or path[0] == "check":
        return  # a prefix of a real option, or check's free --name value parameters
    argv = _argv(path, parser, argparse.Action([option], "x"), value)
    _assert_refused(capsys, argv)


@FUZZ
@given(
    name=st.sampled_from(["g", "rows", "n", "tighten"]),
    value=st.sampled_from(["x", "1.5", "1e-3", "10**100000000", "-1"]),
)
def test_check_claim_parameters(name: str, value: str, capsys: pytest.CaptureFixture[str]) -> None:
    _assert_refused(capsys, ["check", "nivasch-thm-2.15", f"--{name}", value])


def test_help_defaults_are_accepted_by_the_parser() -> None:
    """Every number a help text shows as a default parses to the actual default."""
    import re

    checked = 0
    for path, parser in LEAVES:
        for action in parser._actions:
            if not hasattr(action.type, "limits") or action.default is None:
                continue
            many = isinstance(action.default, list)  # nargs="+": a list of defaults
            defaults = action.default if many else [action.default]
            for default in defaults:
                assert action.type(str(default)) == default, (path, action.dest)
            match = re.search(r"default:? ([0-9][0-9_e*.]*)", action.help or "")
            if match:
                shown = match.group(1).rstrip(".;")
                assert action.type(shown) == defaults[0], (path, action.dest, shown)
                checked += 1
    assert checked >= 10


# --------------------------------------------------------------------------- the matrix
#
# Every command x classes of bad values (negative, zero, huge, 10**k, 1e400, nan,
# inf, fractions, malformed positions, bad family parameters, conflicting options,
# unwritable paths), run past parsing: each case must exit 2 with one line and no
# traceback (or, where marked, answer), within a per-case alarm and under an
# address-space limit (RLIMIT_AS). The cases run in-process in one child process
# (tests/_cli_matrix_child.py), so the whole matrix costs one interpreter start.

#: The address-space limit of the child (the issue's 8 GB).
MATRIX_MEMORY = 8 * 10**9
#: Seconds one case may run before it counts as hung.
MATRIX_SECONDS = 60

POSITIONS = [
    "-1,3",
    "1e400,3",
    "nan,1",
    "inf,2",
    "1.5,2",
    "1/2,3",
    "3",
    "1,2,3",
    "",
    "x,y",
    "10**400,5",
    "\u0663,\u0665",
    "\uff15,\uff18",
    "5\n,8",
    "5,8\n",
    "5,\u00b2",
]  # issue 39: ASCII only
COUNTS = ["-1", "1e400", "nan", "inf", "1.5", "1/2", "10**100000", "-0.5", "1e-3"]
FAMILIES = ["a-wythoff:0", "a-wythoff:x", "a-wythoff:", "a-wythoff:-3", "a-wythoff:1e400",
            "nimhof:0,0", "nimhof:", "nimhof:1", "nimhof:-1,2", "nope", "nope:1"]  # fmt: skip


def _bad_values() -> list[list[str]]:
    """The default matrix: refusals expected before any long work."""
    cases: list[list[str]] = []
    cases += [["value", "wythoff", p] for p in POSITIONS]
    cases += [["value", f, "1,2"] for f in FAMILIES]
    cases += [["value", "wythoff", "5,8", "--method", m] for m in ("bogus", "")]
    cases += [["value", "wythoff", "5,8", "--max-positions", c] for c in COUNTS]
    cases += [["value", "wythoff", "5,8", "--budget", c] for c in ("x", "nan", "-1", "inf")]
    cases += [["value", "wythoff", "10**30,5", "--method", "spec"]]
    cases += [["table", "wythoff", "--size", c] for c in COUNTS]
    cases += [["table", f, "--size", "4"] for f in FAMILIES]
    cases += [["table", "wythoff", "--size", "4", "--out", p]
              for p in ("/proc/t.npy", "/dev/null/t.npy", "/", "t.txt")]  # fmt: skip
    cases += [["period", "wythoff", "--row", c] for c in COUNTS]
    cases += [["period", f, "--row", "3"] for f in FAMILIES]
    cases += [["gvalues", "--g", c, "--n", "5"] for c in COUNTS]
    cases += [["gvalues", "--g", "2", "--n", c] for c in COUNTS]
    # g = 21 and n = 1e19 are answered (WSG exactly; reference.rw past fast.rw's int64 range)
    cases += [["gvalues", "--g", "2", "--n", "1e400", "--impl", "reference.rw"],
              ["gvalues", "--g", "21", "--n", "10**12"],
              ["gvalues", "--g", "20", "--n", "10**100", "--impl", "reference.rw"],
              ["gvalues", "--g", "2", "--n", "1e19", "--impl", "fast.rw"],
              ["gvalues", "--g", "2", "--n", "5", "--impl", "nope"]]  # fmt: skip
    cases += [["wythoff-nim", p, "3"] for p in POSITIONS]
    cases += [["wythoff-nim", "3,5", c] for c in COUNTS]
    cases += [["wythoff-nim", "1000000000000,1618033988750", "21"]]
    cases += [["wythoff-nim", "10**400,5", "3", "--impl", "reference.rw"]]
    cases += [["zeckendorf", c] for c in COUNTS]  # 1e400: refused like positions (issue 30)
    cases += [["zeckendorf", "5", "--r", c] for c in COUNTS]
    cases += [["structure", f, "--size", "8"] for f in FAMILIES]
    cases += [["structure", "wythoff", "--size", c] for c in COUNTS]
    cases += [["structure", "wythoff", "--size", "8", "--alpha", a]
              for a in ("pi", "(1+sqrt(5)", "sqrt(-5)", "(1+sqrt5)/0", "1e400", "nan")]  # fmt: skip
    # (refusals that measure a speed first are not here, nor in the slow matrix: they run
    # in test_measured_refusals below, with an injected clock)
    cases += [["check", "nope"], ["check", "nivasch-thm-2.15", "--g", "-1"],
              ["check", "nivasch-thm-2.15", "--rows", "1e400"],
              ["check", "nivasch-thm-2.15", "--g", "1e150"]]  # fmt: skip
    cases += [["conformance", "--only", "nope"], ["conformance", "--only", "a-wythoff:0"]]
    cases += [["experiment", "beatty-partition", "--n", c] for c in COUNTS]
    cases += [["experiment", "beatty-partition", "--n", "10", "--chunk", "0"],
              ["experiment", "nivasch-table6", "--n", "1e19"],
              ["experiment", "nivasch-table6", "--gmax", "63"],
              ["experiment", "nivasch-table6", "--n", "nan"],
              ["experiment", "nivasch-table5", "--g", "1e400"],
              ["experiment", "dn-histogram", "--g", "-1"],
              ["experiment", "row-periods", "--rows", "5..2"],
              ["experiment", "row-periods", "--rows", "0..3", "--out", "SAME.json",
               "--chunks", "SAME.json"]]  # fmt: skip
    cases += [["plot", "heatmap", "wythoff", "--size", c] for c in COUNTS]
    cases += [["plot", "heatmap", f] for f in FAMILIES]
    cases += [["plot", "figure9", "--g", c] for c in COUNTS]
    return cases


#: Cases that must answer (exit 0) with this text on stdout.
ANSWERS: list[tuple[list[str], str]] = [
    (["value", "a-wythoff:1000000000", "5,8"], "= 13"),
    (["table", "a-wythoff:100000000", "--size", "5"], "0 | 0 1 2 3 4"),
    (["value", "wythoff", "10,30", "--method", "spec"], "G(10, 30) ="),
    (["value", "wythoff", "1e6,5"], "G(1000000, 5) = 1000002"),  # the one number parser
    (["zeckendorf", "10**30"], "1000000000000000000000000000000 = "),
]


def _run_matrix(
    cases: list[list[str]], tmp: Path, *, frozen: bool = False, seconds: int = MATRIX_SECONDS
) -> list[dict[str, Any]]:
    """Run ``cases`` in one child process; ``frozen``: with a clock that never advances;
    ``seconds``: the alarm of one case."""
    import json
    import subprocess
    import sys

    child = Path(__file__).with_name("_cli_matrix_child.py")
    done = subprocess.run(
        [sys.executable, str(child), str(MATRIX_MEMORY), str(seconds)]
        + (["frozen"] if frozen else []),
        input=json.dumps(cases),
        capture_output=True,
        text=True,
        cwd=tmp,
        timeout=60 + 5 * len(cases),
        check=False,
    )
    assert done.returncode == 0, done.stderr[-3000:]
    results: list[dict[str, Any]] = json.loads(done.stdout)
    return results


def _problems(results: list[dict[str, Any]]) -> list[str]:
    bad = []
    for r in results:
        lines = r["stderr"].strip().splitlines()
        if r["code"] != 2 or "Traceback" in r["stderr"] or len(lines) != 1:
            bad.append(f"{' '.join(r['argv'])!r}: exit {r['code']}, stderr {r['stderr'][-300:]!r}")
    return bad


def test_matrix_of_bad_values_is_refused_in_one_line(tmp_path: Path) -> None:
    """Every case refused in one line, decided without measuring a speed: the child's
    clock never advances (issue 30: a refusal that measured for 33 s under load)."""
    results = _run_matrix(_bad_values(), tmp_path, frozen=True)
    assert not _problems(results), "\n".join(_problems(results))
    # the same-path case left nothing behind
    assert not (tmp_path / "SAME.json").exists()


def test_long_numbers_are_cut_short_in_refusals(tmp_path: Path) -> None:
    """Issue 30: --size 1e150 and check --g 1e150 printed every digit; 1e400 is refused by
    the one number parser (positions and counts alike), naming the argument."""
    cases = [["table", "wythoff", "--size", "1e150"], ["check", "nivasch-thm-2.15", "--g", "1e150"],
             ["zeckendorf", "1e400"], ["value", "wythoff", "5,1e400"]]  # fmt: skip
    results = _run_matrix(cases, tmp_path)
    assert not _problems(results), "\n".join(_problems(results))
    for argv, r in zip(cases, results, strict=True):
        # the number as the user typed it (1e150: the command's own words) or cut short
        typed = argv[-1].split(",")[-1]
        assert "0" * 40 not in r["stderr"], (argv, r["stderr"])
        assert "digits" in r["stderr"] or typed in r["stderr"], (argv, r["stderr"])
        assert "inf s" not in r["stderr"], (argv, r["stderr"])


def test_measured_refusals(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Refusals that measure a speed first, with the speed injected: a clock that moves
    ten seconds at each reading (under load the real ones measured for 33 s)."""
    import itertools
    import types

    import proofs_check.data
    import runs.chunks

    ticks = itertools.count(step=10.0)
    slow = types.SimpleNamespace(perf_counter=lambda: next(ticks))
    monkeypatch.setattr(proofs_check.data, "time", slow)
    monkeypatch.setattr(runs.chunks, "time", slow)
    for argv, text in [
        (["check", "nivasch-conj-3.10", "--g", "30", "--rows", "10000000"], "would take about"),
        (["experiment", "beatty-partition", "--n", "1e9", "--chunk", "1e9", "--workers", "0"],
         "per chunk (measured"),
    ]:  # fmt: skip
        capsys.readouterr()
        assert main(argv) == 2, argv
        err = capsys.readouterr().err
        assert text in err and len(err.strip().splitlines()) == 1, (argv, err)


def test_matrix_answers_at_the_limits(tmp_path: Path) -> None:
    results = _run_matrix([argv for argv, _ in ANSWERS], tmp_path)
    for (argv, text), r in zip(ANSWERS, results, strict=True):
        assert r["code"] == 0 and text in r["stdout"], (argv, r)


#: The issue's heavier cases (each within a minute and 8 GB): under -m slow.
SLOW_REFUSED = [  # (the refusals that measure a speed first: test_measured_refusals)
    ["value", "wythoff", "70,5000", "--method", "spec"],
    ["value", "wythoff", "1000,1000", "--method", "spec"],
    ["experiment", "beatty-partition", "--n", "1e12", "--chunk", "1e12"],
    ["structure", "wythoff", "--size", "50", "--alpha", "pi" * 40],
]
#: Cases that answer, or (the spec's time limit is measured, so on a loaded
#: machine) refuse in one line.
SLOW_ANSWERS: list[tuple[list[str], str]] = [
    (["value", "wythoff", "300,400", "--method", "spec"], "G(300, 400) = 556"),
    (["structure", "wythoff", "--size", "50", "--alpha", "(1+1*sqrt(" + "9" * 100 + "))/2"], "row"),
    (["check", "nivasch-conj-3.10", "--g", "30", "--rows", "3000"], "data: fast.fsw"),
]


@pytest.mark.slow
def test_matrix_slow_cases(tmp_path: Path) -> None:
    results = _run_matrix(SLOW_REFUSED, tmp_path)
    assert not _problems(results), "\n".join(_problems(results))
    results = _run_matrix([argv for argv, _ in SLOW_ANSWERS], tmp_path)
    for (argv, text), r in zip(SLOW_ANSWERS, results, strict=True):
        answered = r["code"] in (0, 1) and text in r["stdout"]
        assert answered or not _problems([r]), (argv, r)


#: The issue's row-machine cases, answered by the strip kernel of issue 17: each
#: must answer or refuse in one line within a minute and 8 GB.
STRIP_CASES = [
    ["period", "wythoff", "--row", "100"],
    ["period", "r-wythoff", "--row", "14"],
    ["experiment", "row-periods", "--rows", "200..200"],
    # F-Wythoff's joint period of rows 0..60 is not found within the default budget (60 s
    # of the measured speed, a minute with start-up): a smaller budget, the same refusal.
    ["experiment", "row-periods", "--game", "f-wythoff", "--rows", "60..60", "--budget", "5"],
]


@pytest.mark.slow
@pytest.mark.parametrize("argv", STRIP_CASES, ids=" ".join)
def test_matrix_row_machine_cases(argv: list[str], tmp_path: Path) -> None:
    (result,) = _run_matrix([argv], tmp_path)
    assert result["code"] in (0, 2) and "Traceback" not in result["stderr"], result
    if result["code"] == 2:
        assert len(result["stderr"].strip().splitlines()) == 1, result


# ------------------------------------------------- every experiment's parameters (issue 39)
#
# Driven by the declarations (grundy/cli/experiments/parameters.py): for every experiment and
# every whole-number parameter, extreme values -> an answer (exit 0) or one line, exit 2,
# naming the option; never a traceback or a MemoryError.

#: Values tried for every parameter, besides its declared largest value and one more.
EXTREMES = [0, 1, 10**9, 10**18]
#: The other parameters keep their defaults, but a default above this is replaced by the
#: least allowed value (at least 1), so that an answer comes at once.
SMALL = 1000
#: Seconds a case may work: one still working then has passed every estimate, and counts
#: as accepted (the clock is frozen, so no refusal by measured speed comes).
PARAMETER_SECONDS = 15


def _experiment_options(name: str) -> set[str]:
    """The option strings of ``grundy experiment NAME``."""
    experiment = next(
        a for a in build_parser()._actions if isinstance(a, argparse._SubParsersAction)
    ).choices["experiment"]
    sub = next(a for a in experiment._actions if isinstance(a, argparse._SubParsersAction))
    return set(sub.choices[name]._option_string_actions)


def _declared_experiments() -> list[tuple[str, type[Any]]]:
    """``(NAME, its Parameters class)`` of every experiment module that declares one."""
    import dataclasses
    import importlib
    import pkgutil

    import grundy.cli.experiments as package
    from grundy.cli.experiments.parameters import Parameters

    found = []
    for info in pkgutil.iter_modules(package.__path__):
        module = importlib.import_module(f"grundy.cli.experiments.{info.name}")
        for value in vars(module).values():
            if (
                isinstance(value, type)
                and issubclass(value, Parameters)
                and dataclasses.is_dataclass(value)
                and value.__module__ == module.__name__
            ):
                found.append((module.NAME, value))
    return found


def _parameter_cases() -> list[tuple[str, list[str]]]:
    """``(option, argv)``: each experiment's base case (option ``""``), then one case a
    parameter and extreme value."""
    cases: list[tuple[str, list[str]]] = []
    for name, declared in _declared_experiments():
        cases += _cases_of(name, declared)
    return cases


def _cases_of(name: str, declared: type[Any]) -> list[tuple[str, list[str]]]:
    """The cases of one experiment (see :func:`_parameter_cases`)."""
    import dataclasses

    numbers = [
        item
        for item in dataclasses.fields(declared)
        if item.metadata.get("cli") and item.metadata.get("kind") in ("count", "range")
    ]
    option = {
        item.name: item.metadata["option"] or "--" + item.name.replace("_", "-") for item in numbers
    }

    def text(item: Any, value: int) -> str:
        return f"{value}..{value}" if item.metadata["kind"] == "range" else str(value)

    base: dict[str, str] = {}
    for item in numbers:
        lo, hi = item.metadata["lo"], item.metadata["hi"]
        least = lo if lo is not None and lo > 0 else 1
        default = item.default
        if isinstance(default, int) and default > SMALL and item.metadata["kind"] == "count":
            base[option[item.name]] = text(item, least if hi is None else min(least, hi))
    tail = ["--workers", "0"] if "--workers" in _experiment_options(name) else []

    def argv(changes: dict[str, str]) -> list[str]:
        merged = {**base, **changes}
        return ["experiment", name, *[t for pair in merged.items() for t in pair], *tail]

    cases = [("", argv({}))]
    for item in numbers:
        hi = item.metadata["hi"]
        for value in dict.fromkeys(EXTREMES + ([hi, hi + 1] if hi is not None else [])):
            cases.append((option[item.name], argv({option[item.name]: text(item, value)})))
    return cases


def test_every_experiment_parameter_is_fuzzed() -> None:
    """The fuzz sees every experiment that declares its parameters, and each numeric one."""
    cases = _parameter_cases()
    experiments = {argv[1] for _, argv in cases}
    assert {"nivasch-table2", "nivasch-table5", "nivasch-table6", "beatty-partition",
            "row-periods"} <= experiments  # fmt: skip
    table2 = [" ".join(argv) for option, argv in cases if option == "--gmax"]
    assert "experiment nivasch-table2 --rows 1 --chunk 1 --gmax 1000000000" in table2


def _parameter_problems(
    cases: list[tuple[str, list[str]]], results: list[dict[str, Any]]
) -> list[str]:
    """Cases that neither answered nor were refused in one line naming their option."""
    bad = []
    for (option, argv), r in zip(cases, results, strict=True):
        lines = r["stderr"].strip().splitlines()
        answered = r["code"] in (0, "timeout") and "Traceback" not in r["stderr"]
        refused = r["code"] == 2 and len(lines) == 1 and "Traceback" not in r["stderr"]
        named = refused and (option in lines[0] or f" {option.lstrip('-')} = " in lines[0])
        named = named and "allocate" not in lines[0]  # numpy's MemoryError, not an estimate
        if not (answered or (named if option else False)):
            bad.append(f"{' '.join(argv)!r}: exit {r['code']}, stderr {r['stderr'][-300:]!r}")
    return bad


def test_every_experiment_parameter_at_extreme_values(tmp_path: Path) -> None:
    """Issue 39 item 5: ``experiment nivasch-table2 --gmax 1000000000 --rows 10`` failed on
    numpy's "Unable to allocate 7.45 GiB" instead of a refusal naming ``--gmax``. Every
    allocation is estimated first: under the matrix's address-space limit, with a clock
    that never advances (no refusal may depend on a measured speed)."""
    cases = _parameter_cases()
    argvs = [argv for _, argv in cases]
    results = _run_matrix(argvs, tmp_path, frozen=True, seconds=PARAMETER_SECONDS)
    problems = _parameter_problems(cases, results)
    assert not problems, "\n".join(problems)


def test_the_parameter_fuzz_fails_on_an_unnamed_refusal() -> None:
    """The check itself: a traceback, numpy's MemoryError, a refusal naming another option
    and one of two lines are all reported."""
    case = ("--gmax", ["experiment", "nivasch-table2", "--gmax", "1000000000"])
    outcomes = [
        {"code": "raised", "stderr": "Traceback ...\nMemoryError: Unable to allocate\n"},
        {"code": 2, "stderr": "grundy: error: --rows must be >= 1\n"},
        {"code": 2, "stderr": "grundy: error: Unable to allocate 7.45 GiB for --gmax\n"},
        {"code": 2, "stderr": "grundy: error: --gmax = 1e9 needs 7.45 GiB\nmore\n"},
    ]
    for outcome in outcomes:
        assert _parameter_problems([case], [outcome]), outcome
    fine = {"code": 2, "stderr": "grundy: error: --gmax = 10**9 needs 7.45 GiB of memory\n"}
    assert not _parameter_problems([case], [fine])


# ------------------------------------------------------------------ every command x --budget 1
# Issue 48: one budget, kept. Every command runs with --budget 1 on a request far past it
# (or its plainest form where it has no size): it answers, refuses at once or stops past its
# budget, each in one line in the user's words (never the registry's records). No clock is
# read here: the child's per-case alarm is generous (a loaded machine passes), and what is
# asserted is the exit code and the text; the stop itself is grundy.cli.budget.Watch's.

#: A request of each command far past one second (the leaves not named run their plainest
#: form: their required arguments filled in by _filler).
HEAVY: dict[str, list[str]] = {
    "check": ["check", "all"],
    "conformance": ["conformance"],
    "experiment beatty-partition": ["experiment", "beatty-partition", "--n", "1e9"],
    "experiment row-periods": ["experiment", "row-periods", "--rows", "0..300"],
    "genus": ["genus", "octal:0.07", "--heaps", "10000"],
    "gvalues": ["gvalues", "--g", "20", "--n", "10**18"],
    "period": ["period", "hex:0.8", "--compute"],
    "prove": ["prove", "--learn", "wythoff"],
    "sequence": ["sequence", "octal:0.07", "--terms", "1e7"],
    "structure": ["structure", "wythoff", "--size", "1e5"],
    "table": ["table", "octal:0.77", "--size", "1000", "--misere"],
    "value": ["value", "wythoff3", "500,500,500"],
    "moves": ["moves", "wythoff3", "400,400,400"],
    "plot heatmap": ["plot", "heatmap", "wythoff", "--size", "20000", "--out", "h.png"],
}
#: More requests past the budget: the issue's cases.
HEAVY_MORE = [
    ["table", "wythoff3", "--size", "300", "--out", "c.npy"],
    ["table", "wythoff", "--size", "100000"],
    ["genus", "octal:0.07", "--heaps", "60"],
    ["sequence", "octal:0.6", "--terms", "1e7"],
    ["value", "octal:0.77", "200", "--misere"],
]
#: Text of the registry's records that a refusal must not show without --verbose.
INTERNALS = ("no implementation of", "implementation of '", "= True", "= None", "covers ",
             "answers terms", "(certified:", "; apparent:")  # fmt: skip
#: Seconds one case may run before it counts as hung: generous (one second of budget, the
#: stop within a kernel block, the interpreter's start), so a loaded machine passes.
BUDGET_CASE_SECONDS = 90


def _plainest(path: tuple[str, ...], parser: argparse.ArgumentParser) -> list[str]:
    """The leaf's required positionals filled in (:func:`_filler`)."""
    argv = list(path)
    for action in parser._actions:
        if not action.option_strings and action.required and action.nargs not in ("?", "*"):
            argv.append(_filler(action))
    return argv


def _budget_cases() -> list[list[str]]:
    cases = []
    for path, parser in LEAVES:
        assert "--budget" in parser._option_string_actions, f"{' '.join(path)} has no --budget"
        argv = HEAVY.get(" ".join(path)) or _plainest(path, parser)
        cases.append([*argv, "--budget", "1"])
    return cases + [[*argv, "--budget", "1"] for argv in HEAVY_MORE]


def _budget_problems(results: list[dict[str, Any]]) -> list[str]:
    bad = []
    for r in results:
        said = f"{' '.join(r['argv'])!r}: exit {r['code']}, stderr {r['stderr'][-400:]!r}"
        lines = [line for line in r["stderr"].splitlines() if line.strip()]
        last = lines[-1] if lines else ""
        if r["code"] not in (0, 1, 2) or "Traceback" in r["stderr"]:
            bad.append(said)
        elif any(text in r["stderr"] for text in INTERNALS):
            bad.append(f"registry internals: {said}")
        elif r["code"] == 2 and "budget" in last and "--budget" not in last:
            bad.append(f"names the budget, not --budget: {said}")
        elif "past its budget" in r["stderr"] and "stopped after" not in last:
            bad.append(f"a stop that does not say how far it got: {said}")
    return bad


@pytest.mark.slow
def test_every_command_keeps_a_budget_of_one_second(tmp_path: Path) -> None:
    """Issue 48: every command x --budget 1 answers, refuses or stops, in one line naming
    --budget where time is the reason, with no registry internals (each case's alarm is
    generous; the clock is not read here)."""
    results = _run_matrix(_budget_cases(), tmp_path, seconds=BUDGET_CASE_SECONDS)
    assert not _budget_problems(results), "\n".join(_budget_problems(results))
    stopped = [r for r in results if "past its budget" in r["stderr"]]
    refused = [r for r in results if r["code"] == 2 and "try --budget" in r["stderr"]]
    assert stopped and refused, results  # both ways of keeping it were exercised


def test_the_budget_fuzz_fails_on_internals_and_unnamed_budgets() -> None:
    """The checker rejects a registry record, a budget refusal without --budget, and a
    stop that does not say how far it got."""
    cases = [
        "grundy period: error: no implementation of 'heap-period' for hex:0.8 answers ...",
        "grundy table x: about 120 s (budget 60 s)",
        "grundy genus x: past its budget",
    ]
    results = [{"argv": ["x"], "code": 2, "stderr": text + "\n"} for text in cases]
    assert len(_budget_problems(results)) == len(cases)
    good = "grundy genus x: stopped after 1.1 s, past its budget (1 s); try --budget 5"
    assert not _budget_problems([{"argv": ["x"], "code": 2, "stderr": good}])


def test_the_misere_table_is_refused_at_once_naming_the_budget(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Issue 48: `grundy table octal:0.77 --size 1000 --misere` ran 13 min; the misère spec's
    cost model (the partitions of the heaps) refuses it before any work."""
    assert main(["table", "octal:0.77", "--size", "1000", "--misere"]) == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1 and "--budget" in err, err
    assert err.startswith("grundy table octal:0.77 --size 1000 --misere: "), err
    assert not any(text in err for text in INTERNALS), err


def test_verbose_refusals_keep_the_registry_record(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["table", "wythoff", "--size", "100000", "--verbose"]) == 2
    err = capsys.readouterr().err
    assert "[registry: no implementation of 'grundy-table'" in err, err
