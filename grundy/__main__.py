"""``python -m grundy`` runs the command line."""

import sys

try:
    from grundy.cli import main

    code = main()
except KeyboardInterrupt:  # Ctrl-C while the command line loads (grundy.signals.INTERRUPTED)
    print("grundy: interrupted", file=sys.stderr)
    code = 130

sys.exit(code)
