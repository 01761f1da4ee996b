"""``grundy cache clear [GAME]``: remove the compiled kernels and check records of plugins."""

from __future__ import annotations

import argparse
from typing import Any

from grundy.cli.parsing import parse_game


def register(subparsers: Any) -> None:
    parser = subparsers.add_parser(
        "cache",
        help="clear the kernel cache (generated kernels, numba's compilations, checked/)",
        description=(
            "The kernel cache (fast.engine.kernel_cache_dir(), $GRUNDY_KERNEL_CACHE) keeps each "
            "compiled rule's generated kernels, numba's compilations of them and the records "
            "of the checks against followers (checked/), keyed by every source file of the "
            "rule's package, the engine's sources and numba's version. 'clear' removes them: "
            "all, or one game's; the next command compiles and checks again. The cache is not "
            "a security boundary: whoever can write it can run code."
        ),
    )
    actions = parser.add_subparsers(dest="action", metavar="ACTION", required=True)
    clear = actions.add_parser(
        "clear",
        help="remove the cached kernels and check records (of GAME only, when given)",
        description="Remove the cached kernels and check records, of GAME only when given.",
    )
    clear.add_argument(
        "game", nargs="?", default=None, metavar="GAME",
        help="a registered game (its rule's files only); default: everything",
    )  # fmt: skip
    clear.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from floor.config import kernel_cache_dir
    from registry.tables import clear_kernel_cache

    name = None if args.game is None else parse_game(args.game).describe()
    removed = clear_kernel_cache(name)
    what = "every rule" if name is None else name
    print(f"removed {len(removed)} file(s) of {what} from the kernel cache {kernel_cache_dir()}")
    return 0
