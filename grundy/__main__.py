"""``python -m grundy`` and the ``grundy`` script run the command line (:func:`run`)."""

import os
import signal
import sys

_SIGNALLED: list[int] = []


def _remember(signum: int, frame: object) -> None:
    """Ctrl-C while the command line loads: raised, and remembered (an import in C code may
    swallow the KeyboardInterrupt, as an optional module's failed import)."""
    _SIGNALLED.append(signum)
    raise KeyboardInterrupt


def _quiet_unraisable(info: "sys.UnraisableHookArgs") -> None:
    """While the command line loads, a Ctrl-C raised where Python cannot propagate it (a
    weakref callback of the import machinery) is already remembered: not printed as an
    "Exception ignored" traceback. Anything else goes to Python's own hook."""
    if info.exc_type is not None and issubclass(info.exc_type, KeyboardInterrupt):
        return
    sys.__unraisablehook__(info)


def _command() -> int:
    """Load the command line with Ctrl-C remembered, then run it; 130 when interrupted."""
    try:
        own = signal.getsignal(signal.SIGINT) is signal.default_int_handler
        if own:  # (a SIGINT ignored, as under nohup, stays ignored)
            signal.signal(signal.SIGINT, _remember)
            sys.unraisablehook = _quiet_unraisable
        try:
            from grundy.cli import main
        finally:
            if own:
                signal.signal(signal.SIGINT, signal.default_int_handler)
                sys.unraisablehook = sys.__unraisablehook__
        if _SIGNALLED:
            raise KeyboardInterrupt
        return main()
    except KeyboardInterrupt:  # Ctrl-C while the command line loads (floor.interrupt.INTERRUPTED)
        print("grundy: interrupted", file=sys.stderr)
        return 130


def run() -> None:
    """The ``grundy`` script and ``python -m grundy``: run the command line and exit with its
    code; an interrupted command ends with 130 at once (Python 3.11 would exit by SIGINT
    instead, -2, when the KeyboardInterrupt was raised in code run by exec() on a string,
    such as a dataclass's generated __init__ while the modules load)."""
    code = _command()
    if code == 130:  # interrupted: the command has cleaned up; end with its code
        for stream in (sys.stdout, sys.stderr):
            try:
                stream.flush()
            except (OSError, ValueError):  # a closed pipe or stream
                pass
        os._exit(code)
    sys.exit(code)


if __name__ == "__main__":
    run()
