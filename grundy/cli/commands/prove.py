"""``grundy prove``: replay a theorem proved for all positions (issue 36, item 4).

``--list`` lists the theorems and their false twins; ``ID`` replays one (``proved``, exit 0;
a twin: ``refuted`` with the least counterexample, exit 1); ``--points N`` prints the
positions of the set with both coordinates below N; ``--walnut FILE`` writes the Walnut
command file of the proof (``docs/proofs.md``). ``--learn GAME --value G`` learns the set
``{G = g}`` from the engine's data (:mod:`proofs_check.discovery`, words of at most
``--length`` digits) and proves it with the same sentences: ``proved`` (exit 0), ``refuted``
(exit 1), or, when no automaton appears within the data, the class counts per prefix length
(exit 1), never a guess.
"""

from __future__ import annotations

import argparse
from typing import Any

from grundy.cli.output import add_json_option, emit_json
from grundy.cli.parsing import add_count


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
        "grundy prove --learn wythoff --value 1 | grundy prove --learn r-wythoff --length 14",
    )
    parser.add_argument("id", nargs="?", help="a theorem id (see --list)")
    parser.add_argument("--list", action="store_true", help="list the theorems and their twins")
    add_count(parser, "--points", "print the set's positions with both coordinates below N",
              lo=1, name="N")  # fmt: skip
    parser.add_argument("--walnut", metavar="FILE", help="write the Walnut command file")
    parser.add_argument("--certificate", metavar="FILE",
                        help="prove, and write the proof's certificate (gzip; python -m "
                        "certcheck FILE checks it)")  # fmt: skip
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
    add_count(parser, "--length", "--learn's window: words of at most L digits (default 31)",
              lo=2, hi=40, name="L", metavar="L")  # fmt: skip
    add_count(parser, "--tests", "--learn's tests: suffixes of at most M digits (default 12)",
              lo=1, name="M", metavar="M")  # fmt: skip
    add_json_option(parser)
    parser.set_defaults(func=run)


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
        rows = _rows()
        if args.json:
            emit_json(rows)
        else:
            for r in rows:
                print(f"{r['id']:30s} {r['kind']:8s} {r['game']:20s} value {r['value']}")
        return 0
    if args.learn is not None:
        if args.id is not None:
            raise ValueError(f"prove: --learn takes no theorem id (got {args.id!r})")
        return _learn(args)
    for option in ("value", "length", "tests"):
        if getattr(args, option) is not None:
            raise ValueError(f"prove: --{option} = {getattr(args, option)} needs --learn GAME")
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


def _learn(args: argparse.Namespace) -> int:
    """Learn ``{G = value}`` of the game from the engine's data, then prove it."""
    import time

    from grundy.cli.parsing import parse_game
    from proofs_check import discovery
    from proofs_check.automatic import rule_of
    from proofs_check.theorems import report

    game = args.learn
    try:
        rule_of(parse_game(game))  # an unknown game, or one the generator does not cover
    except ValueError as error:
        raise ValueError(f"prove: --learn = {game!r}: {error}") from None
    value = args.value or 0
    length = 31 if args.length is None else args.length
    tests = 12 if args.tests is None else args.tests
    if tests >= length:
        raise ValueError(f"prove: --tests = {tests} must be below --length = {length}")
    start = time.perf_counter()
    learned, source = discovery.discover(game, value, length, tests)
    seconds = time.perf_counter() - start
    if learned.dfa is None:
        proof = None
    else:
        layers = discovery.other_layers(game, value, learned, 2)
        proof = discovery.prove(game, learned.dfa, value, layers)
    if args.json:
        emit_json({
            "game": game, "value": value, "data": source, "classes": learned.counts,
            "states": None if learned.dfa is None else learned.dfa.states,
            "status": "no automaton" if proof is None else proof.status,
            "sentences": [] if proof is None else [
                {"name": s.name, "true": s.true, "states": s.states,
                 "seconds": round(s.seconds, 3), "counterexample": s.counterexample}
                for s in proof.sentences],
        })  # fmt: skip
        return 0 if proof is not None and proof.status == "proved" else 1
    print(f"{game}, value {value}: data {source}, learned in {seconds:.1f} s")
    print(learned.report)
    if learned.dfa is None or proof is None:
        print("not proved: no candidate to prove (a longer --length may find one)")
        return 1
    print(f"learned automaton: {learned.dfa.states} states; the sentences of {proof.theorem.id}")
    print("\n".join(report(proof)))
    return 0 if proof.status == "proved" else 1


def _walnut(theorem: Any, path: str) -> int:
    """Write the command file, and the automata it loads into ``Automata Library/`` beside it
    (Walnut's layout: the command file goes to its ``Command Files/``)."""
    from pathlib import Path

    from decider.walnut import export
    from proofs_check.theorems import theory_of

    theory, sentences = theory_of(theorem)
    text = export(theory, sentences)
    target = Path(path)
    try:
        target.write_text(text.commands, encoding="utf-8")
        for name, content in text.automata.items():
            extra = target.parent / name
            extra.parent.mkdir(exist_ok=True)
            extra.write_text(content, encoding="utf-8")
            print(f"wrote {extra}")
    except OSError as error:
        raise ValueError(
            f"prove: --walnut = {path!r} cannot be written ({error.strerror})"
        ) from None
    print(f"wrote {path} (run it in Walnut: load {target.name};)")
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
