"""Check a whole certificate: its steps in order, each step's meaning, the sentences printed.

A step's meaning is a formula over its tapes, kept as a reference to its inputs (``phi``):
printing it gives the sentence in the text syntax of ``docs/proofs.md`` (a quantified
variable named ``n1, n2, ...``; a named definition printed once as ``NAME(args) := ...``).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from certcheck import check
from certcheck.check import BadInput, Failed, Node

ATOM_TEXT = {"equal": "{0} = {1}", "less": "{0} < {1}", "shift": "shift({0}, {1})",
             "adder": "{0} + {1} = {2}", "valid": "true", "const": "{0} = {const}",
             "xor": "xor({0}, {1}, {2})", "band": "band({0}, {1}, {2})"}  # fmt: skip
Labels = dict[int, tuple[str, list[str]]]  # a step's number: its name and its arguments' names


@dataclass
class Result:  # the sentences checked (name, text), the definitions they use, the steps
    sentences: list[tuple[str, str]] = field(default_factory=list)
    definitions: list[str] = field(default_factory=list)
    steps: int = 0


def _plan(lines: list[bytes]) -> list[tuple[int, list[str]]]:
    """Each header's line number and words (a step's data lines follow it)."""
    plan, i = [], 1
    while i < len(lines):
        head = [h.decode("ascii", "replace") for h in lines[i].split()] or ["(empty)"]
        plan.append((i, head))
        i += 1 + check.DATA.get(head[0], 0)
    if i != len(lines):
        raise BadInput("truncated: a step's data lines are missing")
    return plan


def _inputs(w: list[str]) -> list[int]:
    where = {"remap": [2], "product": [3, 4], "subset": [2], "minimise": [2]}
    return [check.num(w, j, w[0]) for j in where.get(w[0], [])]


def verify(lines: list[bytes], limit: int) -> Result:
    """Check every step; :class:`Failed` names the first that fails."""
    plan = _plan(lines)
    last_use = {i: at for at, (_, w) in enumerate(plan) for i in _inputs(w)}
    keep = {check.num(w, 1, "sentence") for _, w in plan if w[0] == "sentence"}
    nodes: dict[int, Node] = {}
    phi: list[tuple[object, ...]] = []
    labels: Labels = {}
    sentences: list[tuple[int, str]] = []
    live, result, numeration = 0, Result(), "fibonacci"
    for at, (i, w) in enumerate(plan):
        if _note(i, w, labels, sentences):
            numeration = w[1] if w[0] == "numeration" else numeration
            continue
        if w[0] not in check.DATA:
            raise BadInput(f"line {i + 1}: unknown step {w[0]!r}")
        number = check.num(w, 1, w[0])
        if number != len(phi):
            raise BadInput(f"line {i + 1}: step {number} where step {len(phi)} is due")
        for j in _inputs(w):
            if j not in nodes:
                raise BadInput(f"step {number}: input {j} is not an earlier step")
        data = lines[i + 1 : i + 1 + check.DATA[w[0]]]
        node, meaning = _step(number, w, data, nodes, limit - live, numeration)
        nodes[number] = node
        phi.append(meaning)
        live += node.delta.nbytes
        for j in _inputs(w):
            if last_use.get(j) == at and j not in keep:
                live -= nodes.pop(j).delta.nbytes
        result.steps += 1
    _sentences(sentences, nodes, phi, labels, result)
    return result


def _note(i: int, w: list[str], labels: Labels, sentences: list[tuple[int, str]]) -> bool:
    """Whether line ``i`` is a note, not a step: the numeration, meta, a label, a sentence."""
    kind = w[0]
    if (kind == "numeration") != (i == 1) or (i == 1 and w[1:] not in (["fibonacci"], ["binary"])):
        raise BadInput(f"line {i + 1}: {' '.join(w)}: this checker knows the numerations "
                       "fibonacci (Zeckendorf) and binary, named on line 2")  # fmt: skip
    if kind in ("label", "sentence") and len(w) < 3:
        raise BadInput(f"line {i + 1}: {kind} without a name")
    if kind == "label":
        labels[check.num(w, 1, kind)] = (w[2], w[3:])
    elif kind == "sentence":
        sentences.append((check.num(w, 1, kind), w[2]))
    return kind in ("numeration", "meta", "label", "sentence")


def _step(number: int, w: list[str], data: list[bytes], nodes: dict[int, Node],
          room: int, numeration: str) -> tuple[Node, tuple[object, ...]]:  # fmt: skip
    kind, step = w[0], f"step {number} ({' '.join(w[:6])})"
    if kind == "remap":
        k, tapes = check.num(w, 3, step), [check.num(w, j, step) for j in range(4, len(w))]
        return check.remap(step, nodes[int(w[2])], k, tapes), ("map", int(w[2]), tuple(tapes))
    n = check.num(w, {"atom": 5, "product": 5, "subset": 4, "minimise": 3}[kind], step)
    k = check.num(w, 4, step) if kind == "atom" else nodes[int(w[3 if kind == "product" else 2])].k
    k -= kind == "subset"
    if n < 1 or k < 0 or k > 12 or n * 2**k * 8 * 3 > room:
        raise BadInput(f"{step}: {n} states on {k} tapes: too large for the memory limit")
    if kind == "atom":
        node = check.atom(step, w[2], w[3], k, n, data, numeration)
        return node, ("stored", w[3], n, number) if w[2] == "stored" else ("atom", w[2], w[3])
    if kind == "product":
        a, b = int(w[3]), int(w[4])
        return check.product(step, w[2], nodes[a], nodes[b], n, data), ("op", w[2], a, b)
    if kind == "subset":
        tape = check.num(w, 3, step)
        return check.subset(step, nodes[int(w[2])], tape, n, data), ("exists", int(w[2]), tape)
    return check.minimise(step, nodes[int(w[2])], n, data), ("same", int(w[2]))


def _sentences(sentences: list[tuple[int, str]], nodes: dict[int, Node],
               phi: list[tuple[object, ...]], labels: Labels, result: Result) -> None:  # fmt: skip
    if not sentences:
        raise BadInput("no sentence in the certificate")
    printer = _Printer(phi, labels, result.definitions)
    for number, name in sentences:
        if number not in nodes or nodes[number].k != 0:
            raise BadInput(f"sentence {name}: step {number} is not a 0-tape automaton")
        text = printer.text(number, [])
        if not nodes[number].accept[0]:
            raise Failed(f"sentence {name} (step {number}): FALSE: the start state rejects: "
                         f"{text}")  # fmt: skip
        result.sentences.append((name, text))


class _Printer:
    """Formulas in the text syntax, from the steps' meanings."""

    def __init__(self, phi: list[tuple[object, ...]], labels: Labels, defs: list[str]) -> None:
        self.phi, self.labels, self.definitions = phi, labels, defs
        self.fresh = 0
        self.done: set[int] = set()

    def text(self, number: int, names: list[str]) -> str:
        if number in self.labels:
            name, args = self.labels[number]
            if len(args) == len(names) and number not in self.done:
                self.done.add(number)
                body = self.text_of(number, list(args))
                self.definitions.append(f"{name}({', '.join(args)}) := {body}")
            if len(args) == len(names):
                return f"{name}({', '.join(names)})"
        return self.text_of(number, names)

    def text_of(self, number: int, names: list[str]) -> str:
        p = self.phi[number]
        if p[0] == "atom":
            return ATOM_TEXT[str(p[1])].format(*names, const=p[2])
        if p[0] == "stored" and p[3] not in self.done:  # the statement's hypothesis
            self.done.add(int(str(p[3])))
            self.definitions.append(f"{p[1]}: the stored automaton of step {p[3]} ({p[2]} states)")
        if p[0] == "stored":
            return f"{p[1]}({', '.join(names)})"
        if p[0] == "same":
            return self.text(int(str(p[1])), names)
        if p[0] == "map":
            tapes = p[2]
            assert isinstance(tapes, tuple)
            return self.text(int(str(p[1])), [names[t] for t in tapes])
        if p[0] == "exists":
            tape = int(str(p[2]))
            self.fresh += 1
            var = f"n{self.fresh}"
            inner = self.text(int(str(p[1])), [*names[:tape], var, *names[tape:]])
            return f"E {var} ({inner})"
        mode, a, b = str(p[1]), self.text(int(str(p[2])), names), self.text(int(str(p[3])), names)
        if mode == "minus":
            return f"~({b})" if a == "true" else f"({a} & ~({b}))"
        if mode == "and" and "true" in (a, b):
            return b if a == "true" else a
        return f"({a} {'&' if mode == 'and' else '|'} {b})" if mode != "xor" else f"~({a} <=> {b})"


def main(argv: list[str]) -> int:
    """``python -m certcheck FILE [--limit-bytes N]``: 0 checked, 1 a step fails, 2 bad input."""
    args = list(argv)
    limit = 2 * 1024**3
    if "--limit-bytes" in args:
        i = args.index("--limit-bytes")
        value = args[i + 1] if i + 1 < len(args) else ""
        if not value.isdigit() or int(value) < 1:
            print(f"certcheck: --limit-bytes = {value!r} is not a positive integer")
            return 2
        limit = int(value)
        del args[i : i + 2]
    if len(args) != 1:
        print("usage: python -m certcheck FILE [--limit-bytes N]")
        return 2
    try:
        result = verify(check.read(args[0], limit), limit)
    except (BadInput, MemoryError, IndexError, ValueError) as error:  # a malformed step
        print(f"certcheck: {error or 'too large for this machine' + chr(39) + 's memory'}")
        return 2
    except Failed as error:
        print(f"failed: {error}")
        return 1
    except KeyboardInterrupt:
        print("certcheck: interrupted")
        return 130
    out = [f"define {line}" for line in result.definitions]
    out += [f"sentence {name}: {text}" for name, text in result.sentences]
    print("\n".join([*out, f"{result.steps} steps, {len(result.sentences)} sentences", "checked"]))
    return 0
