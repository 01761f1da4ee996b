"""``python -m grundy`` runs the command line."""

import os
import sys

try:
    from grundy.cli import main

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
