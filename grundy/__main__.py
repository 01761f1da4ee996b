"""``python -m grundy`` runs the command line."""

import os
import signal
import sys

_SIGNALLED: list[int] = []


def _remember(signum: int, frame: object) -> None:
    """Ctrl-C while the command line loads: raised, and remembered (an import in C code may
    swallow the KeyboardInterrupt, as an optional module's failed import)."""
    _SIGNALLED.append(signum)
    raise KeyboardInterrupt


try:
    own = signal.getsignal(signal.SIGINT) is signal.default_int_handler
    if own:  # (a SIGINT ignored, as under nohup, stays ignored)
        signal.signal(signal.SIGINT, _remember)
    try:
        from grundy.cli import main
    finally:
        if own:
            signal.signal(signal.SIGINT, signal.default_int_handler)
    if _SIGNALLED:
        raise KeyboardInterrupt
    code = main()
except KeyboardInterrupt:  # Ctrl-C while the command line loads (grundy.signals.INTERRUPTED)
    print("grundy: interrupted", file=sys.stderr)
    code = 130

if code == 130:
    # Interrupted: the command has cleaned up; end with its code. (Python 3.11 would exit
    # by SIGINT instead, -2, when the KeyboardInterrupt was raised in code run by exec()
    # on a string, such as a dataclass's generated __init__ while the modules load.)
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):  # a closed pipe or stream
            pass
    os._exit(code)
sys.exit(code)
