"""``grundy prove``: replay a theorem proved for all positions (issue 36, item 4).

``--list`` lists the theorems and their false twins; ``ID`` replays one (``proved``, exit 0;
a twin: ``refuted`` with the least counterexample, exit 1); ``--points N`` prints the
positions of the set with both coordinates below N; ``--walnut FILE`` writes the Walnut
command file of the proof (``docs/proofs.md``). ``--learn GAME --value G`` learns the set
``{G = g}`` from the engine's data (:mod:`proofs_check.discovery`, words of at most
``--length`` digits of ``--numeration``; the length by default the longest whose data fit
``--budget`` and the memory) and proves it with the same sentences: ``proved`` (exit 0, its
Presburger form when it is a finite union of lines; ``--out FILE`` stores the automaton,
``--json`` holds it), ``refuted`` (exit 1), or, when no automaton appears within the data,
the class counts per prefix length and a hint the data support (exit 1), never a guess.
``--automaticity`` runs the automaticity map (:mod:`proofs_check.automaticity`): one front
door for the proof pipeline, plugins included.
"""

from __future__ import annotations

import argparse
from typing import Any

from grundy.cli.output import add_json_option, emit_json
from grundy.cli.parsing import add_count, count

#: The options of ``--learn`` alone, and of ``--automaticity`` alone.
_LEARN_ONLY = ("value", "length", "tests", "margin", "numeration", "automaton")
_MAP_ONLY = ("games", "values", "markdown")
#: The largest class --automaticity learns (Fibonacci Nim's theorems reach g = 4; its g = 5
#: does not saturate within 21 digits).
MAP_TOP_VALUE = 7


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "prove",
        help="replay a theorem proved for all positions (automata over Zeckendorf numeration)",
        description=(
            "Replay a theorem about a game's P-positions for ALL positions: the game's moves "
            "become first-order sentences (stability and absorption) over Zeckendorf "
            "numeration, decided by automata (docs/proofs.md). Exit 0 proved, 1 refuted (a "
            "false twin, with its least counterexample), 2 bad input. --learn GAME learns the set "
            "{G = value} from the engine's data and proves it with the same sentences: exit 0 "
            "proved, 1 refuted or no automaton within the data (the class counts shown)."
        ),
        epilog="examples: grundy prove --list | grundy prove wythoff-p | "
        "grundy prove wythoff-p-twin | grundy prove wythoff-p --points 20 | "
        "grundy prove wythoff-p --certificate wythoff-p.cert.gz | grundy prove wythoff-p --check | "
        "grundy prove --learn wythoff --value 1 | grundy prove --learn r-wythoff --length 14 | "
        "grundy prove --learn a-wythoff:2 --numeration pell --out a.txt | "
        "grundy prove --automaticity --games r-wythoff --values 0 1 --out map.json",
    )
    parser.add_argument("id", nargs="?", help="a theorem id (see --list)")
    parser.add_argument("--list", action="store_true", help="list the theorems and their twins")
    add_count(
        parser,
        "--points",
        "print the set's positions with both coordinates below N",
        lo=1,
        name="N",
    )
    parser.add_argument("--walnut", metavar="FILE", help="write the Walnut command file")
    parser.add_argument(
        "--certificate",
        metavar="FILE",
        help="prove, and write the proof's certificate (gzip; python -m certcheck FILE checks it)",
    )
    parser.add_argument(
        "--check",
        action="store_true",
        help="prove, write a temporary certificate and check it with certcheck",
    )
    parser.add_argument(
        "--learn", metavar="GAME", help="learn {G = value} of GAME from the engine's data, prove it"
    )
    add_count(
        parser, "--value", "the Grundy value learned with --learn (default 0)", lo=0, metavar="G"
    )
    add_count(
        parser,
        "--length",
        "--learn's window: words of at most L digits (default: the "
        "longest whose data fit --budget and the memory)",
        lo=2,
        hi=40,
        name="L",
        metavar="L",
    )
    add_count(
        parser,
        "--tests",
        "--learn's tests: suffixes of at most M digits (default: two fifths of L)",
        lo=1,
        name="M",
        metavar="M",
    )
    add_count(
        parser,
        "--margin",
        "--learn's saturation: the last K prefix lengths bring no new class (default 2)",
        lo=1,
        name="K",
        metavar="K",
    )
    _learned_options(parser)
    add_count(
        parser,
        "--budget",
        "wall seconds for the command; --learn: its data take at most half (the window is "
        "chosen within it, default 60 s); --automaticity: the run (default 3600)",
        lo=1,
        name="--budget",
        metavar="SECONDS",
    )
    _automaticity_options(parser)
    add_json_option(parser)
    parser.set_defaults(func=run)


def _learned_options(parser: argparse.ArgumentParser) -> None:
    """``--numeration``, ``--out`` and ``--automaton``: what ``--learn`` reads and writes."""
    for option, metavar, help in (
        ("--numeration", "NAME",
         "--learn's words: fibonacci, pell, tribonacci or binary (default: the game's own, "
         "else fibonacci)"),
        ("--out", "FILE",
         "--learn: store the proved automaton (decider.io format, with its digest); "
         "--automaticity: the map (JSON)"),
        ("--automaton", "FILE",
         "--learn: prove the automaton in FILE (decider.io format, e.g. one --out wrote) "
         "instead of learning"),
    ):  # fmt: skip
        parser.add_argument(option, metavar=metavar, help=help)


def _automaticity_options(parser: argparse.ArgumentParser) -> None:
    """``--automaticity`` and the options only it reads (the map's one front door)."""
    parser.add_argument(
        "--automaticity",
        action="store_true",
        help="run the automaticity map "
        "(learn and prove {G = g} for each game and value; resumable)",
    )
    parser.add_argument(
        "--games", nargs="+", metavar="GAME", help="--automaticity's games (default: the map's)"
    )
    parser.add_argument(
        "--values",
        nargs="+",
        metavar="G",
        type=count("--values", lo=0, hi=MAP_TOP_VALUE),
        help=f"--automaticity's values, 0..{MAP_TOP_VALUE} (default 0 1 2 3)",
    )
    parser.add_argument(
        "--markdown",
        action="store_true",
        help="--automaticity: print the map of --out as a Markdown table",
    )


def _rows() -> list[dict[str, Any]]:
    from proofs_check.theorems import THEOREMS

    return [
        {"id": t.id, "game": t.game, "value": t.value, "state": t.state, "kind": t.kind,
         "source": t.source, "statement": t.statement, "numeration": t.numeration}
        for t in THEOREMS.values()
    ]  # fmt: skip


def run(args: argparse.Namespace) -> int:
    from proofs_check.theorems import THEOREMS

    if args.list:
        return _list(args.json)
    if args.automaticity or args.learn is not None:
        return _automaticity(args) if args.automaticity else _learn(args)
    _only_with_their_mode(args)
    if args.id is None:
        raise ValueError("prove: give a theorem id or --list (see 'grundy prove --list')")
    theorem = THEOREMS.get(args.id)
    if theorem is None:
        raise ValueError(f"prove: unknown theorem id = {args.id!r} (see 'grundy prove --list')")
    if args.points is not None:
        from proofs_check.theorems import points

        for x, y in points(theorem, args.points):
            print(x, y)
        return 0
    if args.walnut is not None:
        return _walnut(theorem, args.walnut)
    if args.certificate is not None or args.check:
        return _certificate(theorem, args.certificate, args.check)
    return _replay(theorem, args.json)


def _list(as_json: bool) -> int:
    rows = _rows()
    if as_json:
        emit_json(rows)
    else:
        for r in rows:
            print(f"{r['id']:30s} {r['kind']:8s} {r['game']:20s} value {r['value']}")
    return 0


def _only_with_their_mode(args: argparse.Namespace) -> None:
    """Refuse an option of ``--automaticity`` or of ``--learn`` given without it (one line)."""
    for option in _MAP_ONLY:
        if getattr(args, option):
            raise ValueError(f"prove: --{option} needs --automaticity")
    for option in (*_LEARN_ONLY, "out"):
        if getattr(args, option) is not None:
            value = getattr(args, option)
            raise ValueError(f"prove: --{option} = {value} needs --learn GAME (or --automaticity)")


def _learn_checks(args: argparse.Namespace) -> None:
    """``--learn``'s refusals before any work: a theorem id, a map option, a game the
    generator does not cover, an --out or --walnut that cannot be written (one line)."""
    from grundy.cli.parsing import parse_game
    from proofs_check.automatic import rule_of

    if args.id is not None:
        raise ValueError(f"prove: --learn takes no theorem id (got {args.id!r})")
    for option in _MAP_ONLY:
        if getattr(args, option):
            raise ValueError(f"prove: --{option} needs --automaticity")
    try:
        rule_of(parse_game(args.learn))  # an unknown game, or one the generator does not cover
    except ValueError as error:
        raise ValueError(f"prove: --learn = {args.learn!r}: {error}") from None
    if args.out is not None:
        _writable(args.out)
    if args.walnut is not None:
        _writable(args.walnut, "--walnut")


def _writable(path: str, option: str = "--out") -> str:
    """``path`` if a file can be written there, else one line naming the option."""
    import os

    target = os.path.abspath(path)
    folder = os.path.dirname(target)
    if os.path.isdir(target) or not os.path.isdir(folder) or not os.access(folder, os.W_OK):
        raise ValueError(
            f"prove: {option} = {path!r} cannot be written (no such writable folder, or a folder)"
        )
    return path


def _window(args: argparse.Namespace, game: str, value: int, numeration: Any) -> tuple[int, int]:
    """The window (digits) and the tests' length: given, or chosen from the budget."""
    from decider.learn import max_length
    from proofs_check import discovery
    from registry import BUDGET_SECONDS
    from registry.core import NoImplementation

    budget = float(args.budget or BUDGET_SECONDS)
    longest = max_length(numeration)
    if args.length is None:  # the data take a share of the budget: learning and proof follow
        length = discovery.choose_length(game, value, numeration, budget * discovery.DATA_SHARE)
    else:
        length = args.length
        if length > longest:
            raise ValueError(
                f"prove: --length = {length}: at most {longest} digits in {numeration.name} "
                "(the words' codes in 64 bits)"
            )
        top = discovery.window(length, numeration)
        try:
            discovery.data_estimate(game, value, top, budget)
        except NoImplementation as error:
            fits = discovery.choose_length(game, value, numeration, budget)
            raise ValueError(
                f"prove: --length = {length} ({top} rows) does not fit: {error}; the longest "
                f"that fits: --length {fits}"
            ) from None
    tests = _tests_of(args.tests, length)
    return length, tests


def _tests_of(tests: int | None, length: int) -> int:
    """``--tests``, else the default for the window; below the length (one line)."""
    from proofs_check.discovery import window_tests

    chosen = window_tests(length) if tests is None else tests
    if chosen >= length:
        raise ValueError(f"prove: --tests = {chosen} must be below --length = {length}")
    return chosen


def _learn(args: argparse.Namespace) -> int:
    """Learn ``{G = value}`` of the game from the engine's data, then prove it."""
    from decider.io import read_automaton
    from proofs_check import discovery
    from registry import BUDGET_SECONDS

    game = args.learn
    _learn_checks(args)
    value = args.value or 0
    name = args.numeration or discovery.natural_numeration(game) or "fibonacci"
    numeration = discovery.numeration_of(name)
    out = args.out
    automaton = None
    if args.automaton is not None:
        try:
            automaton = read_automaton(args.automaton)
        except (OSError, ValueError) as error:
            raise ValueError(f"prove: --automaton = {args.automaton!r}: {error}") from None
        length, tests = 0, 0
    else:
        length, tests = _window(args, game, value, numeration)
    budget = float(args.budget or BUDGET_SECONDS)
    margin = 2 if args.margin is None else args.margin
    from runs.progress import activity

    with activity(f"prove --learn {game}") as stage:
        outcome = discovery.learn_and_prove(
            game, value, numeration, length, tests, budget, automaton, margin, stage
        )
    digest = None
    if out is not None and outcome.proved and outcome.learned is not None:
        from pathlib import Path

        digest = discovery.store(outcome.learned, game, value, outcome.source, Path(out))
    if args.json:
        emit_json(_learn_json(outcome, args, out if digest else None, digest))
    else:
        _learn_text(outcome, args, out, digest)
    if outcome.proved and args.walnut is not None:  # with --json, its lines on stderr
        _write_walnut(discovery.walnut_export(outcome), args.walnut, bool(args.json))
    return 0 if outcome.proved else 1


def _learn_text(
    outcome: Any, args: argparse.Namespace, out: str | None, digest: str | None
) -> None:
    """The run in words: window, counts, sentences, verdict, form, hint, file, points."""
    from proofs_check.discovery import accepted_points, option_name
    from proofs_check.theorems import report

    learned, name = outcome.learned, option_name(outcome.numeration)
    if learned is None:
        print(f"{outcome.game}, value {outcome.value}: the automaton of {args.automaton} "
              f"({name} numeration)")  # fmt: skip
    else:
        how = "given" if args.length is not None else "chosen from the budget and the memory"
        print(f"{outcome.game}, value {outcome.value}: data {outcome.source}, {name} numeration, "
              f"--length {outcome.length} ({how}), --tests {outcome.tests}; learned in "
              f"{outcome.seconds:.1f} s")  # fmt: skip
        print(learned.report)
    if outcome.dfa is None or outcome.proof is None:
        print(f"not proved: no candidate to prove ({outcome.hint})")
        return
    print(f"learned automaton: {outcome.dfa.states} states; the sentences of "
          f"{outcome.proof.theorem.id}")  # fmt: skip
    print("\n".join(report(outcome.proof)))
    if not outcome.proved:
        if out is not None:
            print(f"not written: {out} (the automaton is not proved)")
        return
    if outcome.form is not None:
        print(f"Presburger form: {outcome.form.text} (proved equal for all positions)")
    if digest is not None:
        print(f"wrote {out} (decider.io format, sha256 {digest})")
    elif out is not None:
        print(f"not written: {out} (a given automaton is already a file)")
    if args.points is not None:
        for x, y in accepted_points(outcome.dfa, outcome.numeration, args.points):
            print(x, y)


def _learn_json(
    outcome: Any, args: argparse.Namespace, out: str | None, digest: str | None
) -> dict[str, Any]:
    from proofs_check.discovery import accepted_points, automaton_json, option_name

    learned, proof = outcome.learned, outcome.proof
    row: dict[str, Any] = {
        "game": outcome.game, "value": outcome.value, "data": outcome.source,
        "numeration": option_name(outcome.numeration), "length": outcome.length,
        "tests": outcome.tests, "classes": [] if learned is None else learned.counts,
        "states": None if outcome.dfa is None else outcome.dfa.states,
        "status": "no automaton" if proof is None else proof.status,
        "sentences": [] if proof is None else [
            {"name": s.name, "true": s.true, "states": s.states,
             "seconds": round(s.seconds, 3), "counterexample": s.counterexample}
            for s in proof.sentences],
        "hint": outcome.hint or None,
        "automaton": None, "presburger": None, "out": out, "sha256": digest,
    }  # fmt: skip
    if outcome.proved:
        row["automaton"] = automaton_json(outcome.dfa, outcome.numeration)
        row["presburger"] = None if outcome.form is None else outcome.form.text
        if args.points is not None:
            row["points"] = accepted_points(outcome.dfa, outcome.numeration, args.points)
    return row


def _automaticity(args: argparse.Namespace) -> int:
    """``--automaticity``: the map, resumable in ``--out`` (default the shipped one)."""
    import json
    from pathlib import Path

    from proofs_check import automaticity

    if args.learn is not None or args.id is not None:
        raise ValueError("prove: --automaticity takes no theorem id and no --learn")
    for option in _LEARN_ONLY:
        if getattr(args, option) is not None:
            raise ValueError(f"prove: --{option} needs --learn GAME, not --automaticity")
    out = Path(args.out) if args.out is not None else automaticity.MAP
    if args.markdown:
        try:
            print(automaticity.markdown(json.loads(out.read_text(encoding="utf-8"))))
        except (OSError, ValueError, KeyError) as error:
            raise ValueError(f"prove: --out = {str(out)!r}: not a map ({error})") from None
        return 0
    _writable(str(out))
    settings = automaticity.settings(args.games, float(args.budget or 60))
    values = sorted(set(args.values if args.values else [0, 1, 2, 3]))
    return automaticity.run(settings, values, out, float(args.budget or 3600))


def _walnut(theorem: Any, path: str) -> int:
    """Write the command file of ``theorem`` (:func:`_write_walnut`)."""
    from decider.walnut import export
    from proofs_check.theorems import theory_of

    theory, sentences = theory_of(theorem)
    return _write_walnut(export(theory, sentences), path)


def _write_walnut(text: Any, path: str, aside: bool = False) -> int:
    """Write the command file, and the automata it loads into ``Automata Library/`` beside it
    (Walnut's layout: the command file goes to its ``Command Files/``); ``aside``: say so on
    stderr (stdout holds JSON)."""
    import sys
    from pathlib import Path

    out = sys.stderr if aside else sys.stdout

    target = Path(path)
    try:
        target.write_text(text.commands, encoding="utf-8")
        for name, content in text.automata.items():
            extra = target.parent / name
            extra.parent.mkdir(exist_ok=True)
            extra.write_text(content, encoding="utf-8")
            print(f"wrote {extra}", file=out)
    except OSError as error:
        raise ValueError(
            f"prove: --walnut = {path!r} cannot be written ({error.strerror})"
        ) from None
    print(f"wrote {path} (run it in Walnut: load {target.name};)", file=out)
    return 0


def _certificate(theorem: Any, path: str | None, check: bool) -> int:
    """Prove ``theorem`` writing its certificate to ``path`` (a temporary file for
    ``--check`` alone), and with ``--check`` run the independent checker on it."""
    import os
    import tempfile
    import time

    from certcheck import main as certcheck
    from decider import DeciderError
    from proofs_check.certify import certify

    print(f"{theorem.id} ({theorem.game}): {theorem.statement}")
    with tempfile.TemporaryDirectory() as tmp:
        target = path if path is not None else os.path.join(tmp, f"{theorem.id}.cert.gz")
        start = time.perf_counter()
        try:
            truth = certify(theorem, target)
        except DeciderError as error:
            raise ValueError(f"prove: --certificate = {target!r}: {error}") from None
        seconds = time.perf_counter() - start
        for name, true in truth.items():
            print(f"  {name:24s} {'TRUE ' if true else 'FALSE'}")
        status = "proved" if all(truth.values()) else "refuted"
        size = os.path.getsize(target)
        where = f"wrote {target}" if path is not None else "a temporary certificate"
        print(f"{status} ({len(truth)} sentences, {seconds:.2f} s); {where} ({size} bytes)")
        if not check:
            return 0 if status == "proved" else 1
        print(f"python -m certcheck {target if path is not None else theorem.id + '.cert.gz'}:")
        return int(certcheck([target]))


def _replay(theorem: Any, as_json: bool) -> int:
    from proofs_check.theorems import replay

    proof = replay(theorem)
    code = 0 if proof.status == "proved" else 1
    if as_json:
        emit_json({
            "id": theorem.id, "game": theorem.game, "status": proof.status,
            "sentences": [{"name": s.name, "text": s.text, "true": s.true, "states": s.states,
                           "seconds": round(s.seconds, 3), "counterexample": s.counterexample}
                          for s in proof.sentences],
        })  # fmt: skip
        return code
    from proofs_check.theorems import report

    print(f"{theorem.id} ({theorem.game}): {theorem.statement}")
    print("\n".join(report(proof)))
    return code
