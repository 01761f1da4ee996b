"""``grundy prove``: replay a theorem proved for all positions (issue 36, item 4).

``--list`` lists the theorems and their false twins; ``ID`` replays one (``proved``, exit 0;
a twin: ``refuted`` with the least counterexample, exit 1); ``--points N`` prints the
positions of the set with both coordinates below N; ``--walnut FILE`` writes the Walnut
command file of the proof (``docs/proofs.md``).
"""

from __future__ import annotations

import argparse
from typing import Any

from grundy.output import add_json_option, emit_json
from grundy.parsing import add_count


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "prove",
        help="replay a theorem proved for all positions (automata over Zeckendorf numeration)",
        description=(
            "Replay a theorem about a game's P-positions for ALL positions: the game's moves "
            "become first-order sentences (stability and absorption) over Zeckendorf "
            "numeration, decided by automata (docs/proofs.md). Exit 0 proved, 1 refuted (a "
            "false twin, with its least counterexample), 2 bad input."
        ),
        epilog="examples: grundy prove --list | grundy prove wythoff-p | "
        "grundy prove wythoff-p-twin | grundy prove wythoff-p --points 20",
    )
    parser.add_argument("id", nargs="?", help="a theorem id (see --list)")
    parser.add_argument("--list", action="store_true", help="list the theorems and their twins")
    add_count(parser, "--points", "print the set's positions with both coordinates below N",
              lo=1, name="N")  # fmt: skip
    parser.add_argument("--walnut", metavar="FILE", help="write the Walnut command file")
    add_json_option(parser)
    parser.set_defaults(func=run)


def _rows() -> list[dict[str, Any]]:
    from proofs_check.theorems import THEOREMS

    return [
        {"id": t.id, "game": t.game, "value": t.value, "state": t.state, "kind": t.kind,
         "source": t.source, "statement": t.statement}
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
    return _replay(theorem, args.json)


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
    print(f"{theorem.id} ({theorem.game}): {theorem.statement}")
    for s in proof.sentences:
        print(f"  {s.name:24s} {'TRUE ' if s.true else 'FALSE'} {s.states:7d} states "
              f"{s.seconds:7.3f} s")  # fmt: skip
    failed = proof.failed
    if failed is None:
        print(f"proved ({len(proof.sentences)} sentences; largest automaton "
              f"{max(s.states for s in proof.sentences)} states)")  # fmt: skip
    else:
        where = failed.counterexample or {}
        at = f"({where['x']}, {where['y']})" if {"x", "y"} <= set(where) else str(where)
        print(f"refuted: {failed.name} fails at {at}")
    return code
