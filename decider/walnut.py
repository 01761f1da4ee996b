"""A Walnut command file for a theory's definitions and sentences (issue 36, item 5; text only).

Walnut (Shallit, Mousavi) binds a ``def``'s arguments in the alphabetical order of its free
variables, not in the order written. :func:`export` therefore refuses a definition whose
arguments are not written in alphabetical order (rename them: then both orders agree), and
writes every call in that order. A predicate given as an automaton (``shift``) is written as a
Walnut automaton file (``Automata Library/NAME.txt``), and a numeration Walnut lacks
(``msd_fib``: the jar does not ship it) as a custom base (``Custom Bases/``), and a word
as a word automaton (``Word Automata Library/NAME.txt``). Every export
holds a known-TRUE guard sentence. Walnut is not run here.

>>> from decider import Theory
>>> t = Theory()
>>> _ = t.define("even", "x", "E y x = y + y")
>>> print(export(t, {"evens": "A x (even(x) | even(x + 1))"}).commands)
def even "?msd_fib Ey (x = y + y)":
eval guard_true "?msd_fib Ax,y (x + y = y + x)":
eval evens "?msd_fib Ax ($even(x) | $even(x + 1))":
<BLANKLINE>
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

import numpy as np

from decider.automaton import DeciderError, Dfa, digit_table
from decider.dfao import Dfao
from decider.formula import (
    Add,
    At,
    Cmp,
    Connective,
    Const,
    Formula,
    Not,
    Pred,
    Quantifier,
    Term,
    Var,
    children,
    free,
    parse,
)
from decider.logic import Theory
from decider.numeration import Numeration

GUARD = "A x, y (x + y = y + x)"


@dataclass(frozen=True)
class WalnutExport:
    """The command file's text and the automaton files (path -> text) it needs."""

    commands: str
    automata: dict[str, str]


def _name(name: str) -> str:
    if not re.fullmatch(r"[a-z][a-z0-9_]*", name):
        raise DeciderError(f"Walnut cannot name {name!r}: use lower-case letters, digits and _")
    return name


def _word_name(name: str) -> str:
    if not re.fullmatch(r"[A-Z][A-Za-z0-9_]*", name):
        raise DeciderError(f"Walnut cannot name the word {name!r}: start it with a capital")
    return name


def term_text(t: Term) -> str:
    """A term in Walnut's syntax."""
    if isinstance(t, Var):
        return _name(t.name)
    if isinstance(t, Const):
        return str(t.value)
    if isinstance(t, Add):
        return f"{term_text(t.left)} + {term_text(t.right)}"
    if isinstance(t, At):
        return f"{_word_name(t.word)}[{term_text(t.index)}]"
    raise DeciderError(f"not a term: {t!r}")


def formula_text(f: Formula, order: Mapping[str, tuple[str, ...]]) -> str:
    """A formula in Walnut's syntax; ``order[P]`` is predicate P's written arguments.

    Written children first, without recursion (a formula of any depth).
    """
    texts: dict[int, str] = {}  # by id: every node is alive inside f
    stack: list[tuple[Formula, bool]] = [(f, False)]
    while stack:
        node, ready = stack.pop()
        if id(node) in texts:
            continue
        if not ready:
            stack.append((node, True))
            stack += [(c, False) for c in children(node) if id(c) not in texts]
            continue
        texts[id(node)] = _node_text(node, order, texts)
    return texts[id(f)]


def _node_text(f: Formula, order: Mapping[str, tuple[str, ...]], texts: Mapping[int, str]) -> str:
    """One node's text, its children's already in ``texts``."""

    def wrap(g: Formula) -> str:
        return texts[id(g)] if isinstance(g, Cmp | Pred | Not) else f"({texts[id(g)]})"

    if isinstance(f, Cmp):
        right = f.right
        letter = isinstance(f.left, At) and isinstance(right, Const)
        value = f"@{right.value}" if letter and isinstance(right, Const) else term_text(right)
        return f"{term_text(f.left)} {f.op} {value}"
    if isinstance(f, Pred):
        return _predicate_text(f, order)
    if isinstance(f, Not):
        return f"~{wrap(f.body)}"
    if isinstance(f, Connective):
        return f"{wrap(f.left)} {f.symbol} {wrap(f.right)}"
    if isinstance(f, Quantifier):
        return _quantifier_text(f, texts[id(f.body)])
    raise DeciderError(f"not a formula: {f!r}")


def _predicate_text(f: Pred, order: Mapping[str, tuple[str, ...]]) -> str:
    """A predicate's use in Walnut's syntax: its arguments in the order Walnut's definition
    took them (sorted by name), ``order[P]`` the written ones."""
    args = order.get(f.name)
    if args is None:
        raise DeciderError(f"unknown predicate {f.name}")
    if len(args) != len(f.args):
        raise DeciderError(f"{f.name} takes {len(args)} arguments, given {len(f.args)}")
    by_name = dict(zip(args, f.args, strict=True))
    return f"${f.name}({', '.join(term_text(by_name[a]) for a in sorted(args))})"


def _quantifier_text(f: Quantifier, body: str) -> str:
    """``f`` in Walnut's syntax, given its body's text. Walnut refuses to quantify a variable
    that is not free in the body (a vacuous or a shadowed quantifier); over the naturals (not
    empty) dropping it changes nothing."""
    names = [n for n in dict.fromkeys(f.names) if n in free(f.body)]
    if not names:
        return body
    return f"{f.letter}{','.join(_name(n) for n in names)} ({body})"


def automaton_text(dfa: Dfa, numeration: str = "msd_fib") -> str:
    """A DFA in Walnut's automaton file format (one ``numeration`` per tape)."""
    digits = digit_table(dfa.base, dfa.k)
    lines = [" ".join([numeration] * dfa.k), ""]
    for q in range(dfa.states):
        lines.append(f"{q} {int(dfa.accept[q])}")
        for c in range(dfa.letters):
            lines.append(f"{' '.join(str(d) for d in digits[c])} -> {int(dfa.delta[q, c])}")
        lines.append("")
    return "\n".join(lines)


def base_text(dfa: Dfa) -> str:
    """A custom number system's automaton (``Custom Bases/``): each tape's alphabet on the
    first line, then the states as in :func:`automaton_text`."""
    lines = automaton_text(dfa).split("\n")
    alphabet = "{" + ",".join(str(d) for d in range(dfa.base)) + "}"
    lines[0] = " ".join([alphabet] * dfa.k)
    return "\n".join(lines)


def custom_bases(numeration: Numeration) -> dict[str, str]:
    """The files Walnut needs for ``numeration`` (path -> text): none for one it has built in
    (``msd_2``); else its valid words and its adder, from the decider's own atoms (tested both
    ways against arithmetic), as ``Custom Bases/NAME.txt`` and ``NAME_addition.txt``."""
    if not numeration.walnut:
        raise DeciderError(f"Walnut has no name for the {numeration.name} numeration")
    if numeration.walnut_builtin:
        return {}
    return {
        f"Custom Bases/{numeration.walnut}.txt": base_text(numeration.valid()),
        f"Custom Bases/{numeration.walnut}_addition.txt": base_text(numeration.adder()),
    }


def word_text(word: Dfao, numeration: str) -> str:
    """A word (an automaton with outputs) in Walnut's word-automaton format (``Word Automata
    Library/NAME.txt``): each state with its output, then its transitions."""
    delta = np.asarray(word.delta)
    lines = [numeration, ""]
    for q in range(delta.shape[0]):
        lines.append(f"{q} {int(word.outputs[q])}")
        for d in range(delta.shape[1]):
            lines.append(f"{d} -> {int(delta[q, d])}")
        lines.append("")
    return "\n".join(lines)


def export(theory: Theory, sentences: Mapping[str, Formula | str]) -> WalnutExport:
    """The Walnut commands defining ``theory``'s predicates and evaluating ``sentences``.

    The numeration is the theory's (``?msd_fib``, ``?msd_2``, ...); the files Walnut needs
    beside the command file -- the predicates given as automata, and the numeration as a
    custom base where Walnut lacks it -- are in :attr:`WalnutExport.automata`. A definition
    whose arguments are not in alphabetical order is refused (one line).
    """
    numeration = theory.numeration
    msd = numeration.walnut
    order = {name: args for name, (_, args) in theory.predicates.items()}
    automata = custom_bases(numeration)
    automata |= {
        f"Automata Library/{_name(name)}.txt": automaton_text(rel.dfa, msd)
        for name, (rel, args) in theory.predicates.items()
        if name not in theory.definitions and tuple(sorted(args)) == args
    }
    automata |= {
        f"Word Automata Library/{_word_name(name)}.txt": word_text(word, msd)
        for name, word in theory.words.items()
    }
    lines = []
    for name, (args, f) in theory.definitions.items():
        if tuple(sorted(args)) != args:
            raise DeciderError(
                f"{name}({', '.join(args)}): Walnut binds arguments alphabetically; "
                f"rename them so the written order is alphabetical"
            )
        lines.append(f'def {_name(name)} "?{msd} {formula_text(f, order)}":')
    for name, sentence in {"guard_true": GUARD, **sentences}.items():
        f = parse(sentence) if isinstance(sentence, str) else sentence
        if free(f):
            raise DeciderError(f"{name}: not a sentence: free variable(s) {sorted(free(f))}")
        lines.append(f'eval {_name(name)} "?{msd} {formula_text(f, order)}":')
    return WalnutExport("\n".join(lines) + "\n", automata)
