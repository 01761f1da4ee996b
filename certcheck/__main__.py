"""``python -m certcheck FILE [--limit-bytes N]``."""

import sys

from certcheck.run import main

sys.exit(main(sys.argv[1:]))
