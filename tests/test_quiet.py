"""``--quiet`` on every command (issue 30 item 8): the README promised it for long runs,
but ``value``, ``table`` and ``period`` rejected it and ``check X --quiet`` said
"--quiet needs a value". One option, added by ``grundy.cli`` to every command,
turns off every bar, spinner and progress line (``runs.progress.quiet``).
"""

from __future__ import annotations

import argparse
import re

import pytest

from grundy.cli import _leaf_parsers, build_parser, main


def test_every_command_has_quiet() -> None:
    leaves = _leaf_parsers(build_parser())
    assert len(leaves) > 20
    missing = [p.prog for p in leaves if "--quiet" not in p._option_string_actions]
    assert not missing, missing


@pytest.mark.parametrize(
    "argv",
    [
        ["value", "wythoff", "5,8", "--quiet"],
        ["table", "wythoff", "--size", "5", "--quiet"],
        ["period", "wythoff", "--row", "3", "--quiet"],
        ["check", "nivasch-thm-2.15", "--g", "3", "--rows", "200", "--quiet"],
        ["check", "nivasch-thm-2.15", "--quiet", "--g", "3", "--rows", "200"],
    ],
    ids=" ".join,
)
def test_quiet_is_accepted(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert main(argv) == 0, capsys.readouterr().err
    assert capsys.readouterr().err == ""


def test_quiet_hides_progress_and_keeps_the_answer(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import runs.progress

    monkeypatch.setattr(runs.progress, "PLAIN_INTERVAL", 0.0)  # a line even for a short run
    argv = ["experiment", "beatty-partition", "--n", "20000", "--chunk", "5000", "--workers", "0"]
    assert main(argv) == 0
    loud = capsys.readouterr()
    assert "Beatty partition" in loud.err  # the plain progress lines of a log
    assert main([*argv, "--quiet"]) == 0
    quiet = capsys.readouterr()
    assert quiet.err == "" and _answer(quiet.out) == _answer(loud.out)


def _answer(text: str) -> str:
    """The output with its timings blanked (``0.1 s``)."""
    return re.sub(r"\d+(\.\d+)? s\b", "T s", text)


def test_quiet_help_is_shared() -> None:
    parser = build_parser()
    helps = {
        action.help
        for leaf in _leaf_parsers(parser)
        for action in leaf._actions
        if isinstance(action, argparse._StoreTrueAction) and "--quiet" in action.option_strings
    }
    assert helps  # one help text for the added option, the commands' own where they had one
