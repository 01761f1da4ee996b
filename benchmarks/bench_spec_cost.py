"""The spec solver's cost model against its measured time, game by game.

Run from the repository root::

    PYTHONPATH=. python benchmarks/bench_spec_cost.py
    PYTHONPATH=. python benchmarks/bench_spec_cost.py --quick

:func:`spec.solver.game_estimate` (what the registry's ``spec`` method states
before it runs) is sub-positions x (:data:`spec.solver.SECONDS_PER_POSITION`
+ mean followers / :data:`spec.solver.FOLLOWERS_PER_SECOND`), the mean
measured on a sample of the sub-positions. Each row times ``spec.grundy`` on a
fresh game object (an empty memo) for games of every shape: one heap with few
followers (the subtraction game S(1, 3, 4)) and many (Nim), two piles
(Wythoff), three piles (take from one pile or the same from two). The ratio
measured / estimated is printed; the constants beside the cost model are set
from it by hand (estimates should stay at or above the measured time).
"""

from __future__ import annotations

import argparse
import math
import platform
import time
from typing import Any

import spec
from spec.games import Nim, Wythoff

__all__ = ["SHAPES", "Subtraction134", "ThreePileWythoff", "main"]


class Subtraction134(spec.PileGame):
    """S(1, 3, 4): take 1, 3 or 4 tokens from one heap (not registered)."""

    name = "bench-sub134"
    rules = "take 1, 3 or 4 tokens"
    source = "benchmarks/bench_spec_cost.py"
    arity = 1
    coordinates = ("n",)

    def followers(self, position: Any) -> Any:
        (n,) = position
        return ((n - k,) for k in (1, 3, 4) if k <= n)


class ThreePileWythoff(spec.PileGame):
    """Take k >= 1 from one pile, or k from each of two piles (not registered)."""

    name = "bench-three-wythoff"
    rules = "take k from one pile or from two"
    source = "benchmarks/bench_spec_cost.py"
    arity = 3
    coordinates = ("x", "y", "z")

    def followers(self, position: Any) -> Any:
        for piles in ((0,), (1,), (2,), (0, 1), (0, 2), (1, 2)):
            for k in range(1, min(position[i] for i in piles) + 1):
                yield tuple(v - k if i in piles else v for i, v in enumerate(position))


#: (game class, positions (quick), positions (full)).
SHAPES: tuple[tuple[type[spec.PileGame], list[Any], list[Any]], ...] = (
    (Subtraction134, [(20_000,)], [(20_000,), (200_000,), (1_000_000,)]),
    (Nim, [(800,)], [(1_000,), (3_000,)]),
    (Wythoff, [(60, 90)], [(100, 150), (200, 300)]),
    (ThreePileWythoff, [(15, 15, 15)], [(20, 24, 28), (30, 30, 30)]),
)


def measure(game_class: type[spec.PileGame], position: Any) -> tuple[float, float, float]:
    """(seconds measured, seconds estimated, mean followers) of ``spec.grundy`` at
    ``position`` on a fresh game object."""
    game = game_class()
    estimate = spec.solver.game_estimate(game, position)[0]
    mean = spec.solver._mean_followers(game, position) or 0.0
    start = time.perf_counter()
    spec.grundy(game, position)
    return time.perf_counter() - start, estimate, mean


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="the small positions only")
    args = parser.parse_args(argv)
    per, rate = spec.solver.SECONDS_PER_POSITION, spec.solver.FOLLOWERS_PER_SECOND
    print(f"spec cost model: {platform.machine()}, {per:g} s per sub-position + followers / "
          f"{rate:g} per second")  # fmt: skip
    print(f"{'game':22} {'position':18} {'subpos':>10} {'followers':>9} {'measured':>9} "
          f"{'estimate':>9} {'ratio':>6} {'us/subpos':>9} {'us/follower':>11}")  # fmt: skip
    for game_class, quick, full in SHAPES:
        for position in quick if args.quick else full:
            seconds, estimate, mean = measure(game_class, position)
            count = math.prod(v + 1 for v in position)
            each, follower = seconds / count * 1e6, seconds / (count * max(mean, 1)) * 1e6
            print(f"{game_class.name:22} {position!s:18} {count:>10,} {mean:>9.1f} "
                  f"{seconds:>8.3f}s {estimate:>8.3f}s {seconds / estimate:>6.2f} "
                  f"{each:>9.2f} {follower:>11.3f}")  # fmt: skip
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
