"""``python -m grundy`` runs the command line."""

import sys

from grundy.cli import main

sys.exit(main())
