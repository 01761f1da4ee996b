"""One budget for a whole command: ``--budget SECONDS``, kept (issue 48).

The budget is wall seconds of the whole command. Before the work, each
method's estimate is compared with it (the registry's door declines a method
whose estimate is longer: a refusal at once, in one line). During the work,
:class:`Watch` stops a command that passes its budget by more than
:data:`GRACE` (a tenth): it delivers Ctrl-C to the main thread, the kernels stop
within a block (:mod:`floor.interrupt`), and the command ends with one line
saying how far it got (:func:`stopped_line`) and exit code 2.

Refusals speak the user's words (:func:`user_refusal`): the command line as
typed (the game, the options), what the request would need, and how to get
it (``--budget N``, a smaller size); the registry's own record (question ids,
implementation names, the domain's keywords) only with ``--verbose``.

Examples
--------
>>> words(["period", "hex:0.8", "--compute", "--budget", "5", "--quiet"])
'grundy period hex:0.8 --compute'
>>> suggested_budget(47.0)
100
"""

from __future__ import annotations

import math
import re
import signal
import threading
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from runs.progress import LATEST

__all__ = [
    "GRACE",
    "LATEST",
    "WATCH",
    "Watch",
    "stopped_line",
    "suggested_budget",
    "user_refusal",
    "words",
]

#: How far past its budget a running command may go before it is stopped (a fraction).
GRACE = 0.10
#: Options left out of the words a refusal repeats (they change nothing asked).
_QUIET_OPTIONS = {"--quiet", "--verbose", "--json"}
_VALUED_OPTIONS = {"--budget"}


def words(argv: Sequence[str]) -> str:
    """The command line as the user typed it, without ``--budget``, ``--quiet``, ``--verbose``
    and ``--json`` (what a refusal repeats)."""
    kept: list[str] = []
    skip = False
    for word in argv:
        if skip:
            skip = False
            continue
        name = word.split("=", 1)[0]
        if name in _VALUED_OPTIONS:
            skip = "=" not in word
            continue
        if name in _QUIET_OPTIONS:
            continue
        kept.append(word if len(word) <= 40 else word[:37] + "...")
    return " ".join(["grundy", *kept])


def suggested_budget(seconds: float) -> int:
    """A ``--budget`` that holds ``seconds`` with room (a quarter more), rounded up to a
    round number (1, 2, 5 times a power of ten).

    >>> suggested_budget(0.3), suggested_budget(7), suggested_budget(1234.0)
    (1, 10, 2000)
    """
    need = max(1.0, seconds * 1.25)
    scale = 10 ** math.floor(math.log10(need))
    for step in (1, 2, 5, 10):
        if step * scale >= need:
            return int(step * scale)
    return int(10 * scale)  # pragma: no cover - the loop ends at 10


def _seconds(seconds: float) -> str:
    """``seconds`` as a message shows them (scientific past a million).

    >>> _seconds(3.25), _seconds(1234.5), _seconds(3e20)
    ('3.2 s', '1,234 s', '3e+20 s')
    """
    if seconds >= 1e6:
        return f"{seconds:.0e} s"
    return f"{seconds:,.0f} s" if seconds >= 10 else f"{seconds:.1f} s"


#: The reason of a refusal whose every record is another question's (``--verbose`` shows them).
NO_METHOD = "no method answers this request (--verbose: each method's reason)"
#: The kinds of refusal that are about the request's domain, not its cost.
DOMAIN_KINDS = ("domain", "capability")
#: A budget refusal's text (:meth:`registry.records.Refusal.budget`): "about 400 s (budget 60 s)".
_BUDGET_TEXT = re.compile(r"^about ([\d,.]+) s \(budget ")
#: A nested refusal: "no implementation of 'id' for game covers|answers domain (reasons)".
_NESTED = re.compile(r"^no implementation of '[^']*' for \S+ (?:covers|answers) .*? \((.*)\)$")
#: A method's name before its reason ("fast.strip: ...", "spec: ...").
_NAMED = re.compile(r"^[\w.+-]+: ")


def _unnested(text: str) -> list[str]:
    """The reasons inside a nested refusal's text, each without its method's name.

    >>> _unnested("no implementation of 'b' for g covers n = 5 (spec: about 9 s (budget 1 s); "
    ...           "x: no implementation of 'c' for g answers n = 5 (y: too big))")
    ['about 9 s (budget 1 s)', 'too big']
    """
    found = _NESTED.match(text)
    if found is None:
        return [text]
    parts, depth, start, inner = [], 0, 0, found.group(1)
    for i, char in enumerate(inner):
        depth += {"(": 1, ")": -1}.get(char, 0)
        if depth == 0 and inner.startswith("; ", i):
            parts.append(inner[start:i])
            start = i + 2
    parts.append(inner[start:])
    return [deep for part in parts for deep in _unnested(_NAMED.sub("", part, count=1))]


#: A registry refusal's numbers: "about 120 s", "needs about 3.0 GiB, more than 1.5 GiB".
_ABOUT = re.compile(r"about ([\d,.]+) s")


def user_refusal(command: str, error: Any, budget: float | None, *, verbose: bool = False) -> str:
    """The line for a refusal of the registry's door (:class:`registry.NoImplementation`):
    ``command`` (:func:`words`) and the reason in the user's terms.

    The registry's reasons (``error.reasons``, one record a method) are read for their kind:
    a budget refusal says the time it would need and ``--budget N``; a memory refusal the
    memory and a smaller size; a method that stopped when it looked (a period not found
    within the budget) its own sentence and ``--budget N``; anything else the domain's
    reasons, without the methods' names. ``verbose`` appends the registry's message.

    >>> from registry.records import Refusal
    >>> class E(ValueError):
    ...     reasons = [("fast", Refusal.budget(120.0, 60.0)), ("spec", Refusal.budget(9e9, 60))]
    >>> user_refusal("grundy table wythoff --size 9", E("internal"), 60.0)  # doctest: +ELLIPSIS
    'grundy table wythoff --size 9: would need about 120 s, more than the budget (60 s); try ...'
    """
    reasons = list(getattr(error, "reasons", []) or [])
    shown = f"{budget:g} s" if budget is not None else "the budget"
    timed, memory, stopped, domain = _sorted_reasons(reasons)
    finite = [t for t in timed if t and math.isfinite(t)]
    parts = _cost_parts(finite, bool(timed), memory, budget, shown)
    for text in stopped:  # a method looked, and stopped at the budget (or found no answer)
        parts.append(text if finite else _stopped_text(text, budget, shown))
    # the domain's reasons: those that name an option to change, or all when nothing else
    hints = [text for text in domain if "--" in text] if parts else domain
    parts += hints
    # a nested refusal of another question is the registry's record: --verbose shows it
    parts = [text for text in parts if "no implementation of" not in text]
    if not reasons:  # a refusal of its own words (a TooLarge naming the request)
        parts = [" ".join(str(error).split())]
    reason = "; ".join(dict.fromkeys(parts)) if parts else NO_METHOD
    line = f"{command}: {reason}"
    if verbose:
        line += f" [registry: {' '.join(str(error).split())}]"
    return line


def _sorted_reasons(
    reasons: list[tuple[str, Any]],
) -> tuple[list[float], list[Any], list[str], list[str]]:
    """The registry's reasons by kind: the seconds of the budget refusals (a nested
    refusal's too), the memory refusals, the texts of the methods that stopped when they
    looked, and the domain's texts."""
    timed: list[float] = []
    memory: list[Any] = []
    stopped: list[str] = []
    domain: list[str] = []
    for _, reason in reasons:
        kind = getattr(reason, "kind", "stopped")
        if kind == "budget":
            timed.append(reason.seconds)
        elif kind == "memory":
            memory.append(reason)
        elif "no implementation of" in str(reason):  # another question's refusal, nested
            for inner in _unnested(str(reason)):
                about = _BUDGET_TEXT.match(inner)
                if about:
                    timed.append(float(about.group(1).replace(",", "")))
                else:
                    domain.append(inner)
        else:
            (stopped if kind == "stopped" else domain).append(str(reason))
    return timed, memory, stopped, domain


def _cost_parts(
    finite: list[float], timed: bool, memory: list[Any], budget: float | None, shown: str
) -> list[str]:
    """What the request would cost: the least finite time of the budget refusals
    (``finite``), else no bound on the time (``timed``) or the least memory refusal's
    memory (and time, where that is past the budget)."""
    parts: list[str] = []
    if finite:
        need = min(finite)
        parts.append(
            f"would need about {_seconds(need)}, more than the budget ({shown}); "
            f"try --budget {suggested_budget(need)}, or a smaller size"
        )
    elif timed and not memory:
        parts.append(f"no method can bound its time within the budget ({shown}); a smaller size")
    if memory and not finite:
        least = min(memory, key=lambda r: r.bytes)
        seconds = least.seconds
        if seconds and math.isfinite(seconds) and budget is not None and seconds > budget:
            parts.append(
                f"would need about {_seconds(seconds)}, more than the budget ({shown}; "
                f"--budget), and {least.text.replace('needs ', '')} of memory: a smaller size"
            )
        else:
            parts.append(f"{least.text}: a smaller size")
    return parts


def _stopped_text(text: str, budget: float | None, shown: str) -> str:
    """A method's reason for stopping; where it stopped at the budget, with a larger one."""
    if "budget" not in text:
        return text
    found = [float(m.replace(",", "")) for m in _ABOUT.findall(text)]
    more = suggested_budget(max(found) * 2 if found else 2 * (budget or 60))
    return f"no answer within the budget ({shown}): {text}; try --budget {more}"


def stopped_line(command: str, budget: float, elapsed: float) -> str:
    """The line of a command stopped by :class:`Watch`: its budget, when, and how far it got.

    >>> LATEST[0] = ""  # nothing reached yet (the progress line of the command, if any)
    >>> stopped_line("grundy genus octal:0.07", 1.0, 1.12)
    'grundy genus octal:0.07: stopped after 1.1 s, past its budget (1 s); try --budget 5'
    """
    reached = f" (reached: {LATEST[0]})" if LATEST[0] else ""
    return (
        f"{command}: stopped after {_seconds(elapsed)}, past its budget ({budget:g} s)"
        f"{reached}; try --budget {suggested_budget(4 * budget)}"
    )


class Watch:
    """Stop the command past its budget: Ctrl-C to the main thread at budget x (1 + GRACE).

    Armed by :meth:`kept` only in the main thread under a SIGINT handler that knows the
    kernels' holds (the CLI's, ``respects_hold``); elsewhere it does nothing.
    """

    def __init__(self) -> None:
        self.budget: float | None = None
        self.began = time.monotonic()
        self.passed = False

    @property
    def elapsed(self) -> float:
        """Seconds since :meth:`kept` began."""
        return time.monotonic() - self.began

    def _fire(self, main: int) -> None:
        from floor.interrupt import BUDGET_STOPS, LAST_LINE

        self.passed = True
        LAST_LINE[0] = f"grundy: stopped past its budget ({self.budget:g} s)"
        BUDGET_STOPS[0] += 1
        signal.pthread_kill(main, signal.SIGINT)

    @contextmanager
    def kept(self, budget: float | None) -> Iterator[None]:
        """Keep ``budget`` (seconds; None: none) inside the block."""
        self.budget, self.began, self.passed = budget, time.monotonic(), False
        LATEST[0] = ""
        main = threading.main_thread().ident
        if (
            budget is None
            or budget * (1 + GRACE) >= threading.TIMEOUT_MAX / 2  # no timer waits that long
            or main is None
            or threading.current_thread() is not threading.main_thread()
            or not getattr(signal.getsignal(signal.SIGINT), "respects_hold", False)
        ):
            yield
            return
        timer = threading.Timer(budget * (1 + GRACE), self._fire, (main,))
        timer.daemon = True
        timer.start()
        try:
            yield
        finally:
            # a stop being sent as the command ends is sent before it leaves (its Ctrl-C is
            # then raised here, under the CLI's handler), never into whatever runs next
            timer.cancel()
            timer.join()


#: The budget of the command running (one per process: the CLI's).
WATCH = Watch()
