"""``python -m heapcheck FILE ...``: check heap-game period certificates (exit 0 / 1 / 2).

``--digest-only`` checks each file's own digest and fields without recomputing the window
(for a window too long for CI; the docs give the full command).
"""

from __future__ import annotations

import argparse
import sys

from heapcheck.check import BadCertificate, check_file


def main(argv: list[str] | None = None) -> int:
    """Check each file; 0 if all pass, 1 at the first failure, 2 for a file that is no
    certificate."""
    parser = argparse.ArgumentParser(prog="heapcheck", description=__doc__.splitlines()[0])
    parser.add_argument("files", nargs="+", help="certificate files (JSON)")
    parser.add_argument("--digest-only", action="store_true",
                        help="check the file's digest and fields only, not the window")  # fmt: skip
    args = parser.parse_args(argv)
    for name in args.files:
        try:
            failure = check_file(name, recompute=not args.digest_only)
        except BadCertificate as error:
            print(f"heapcheck: {name}: {error}", file=sys.stderr)
            return 2
        if failure is not None:
            print(f"{name}: failed: {failure}")
            return 1
        print(f"{name}: checked{' (digest only)' if args.digest_only else ''}")
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except KeyboardInterrupt:
        sys.exit(130)
