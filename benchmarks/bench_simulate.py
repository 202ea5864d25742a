"""Benchmark self-play runs: hanchan per second with 1 worker and with 2, and the speed-up (target ≥ 1.8×).

Both runs play the same games (same run seed, same bots) through `simulation.run`, storing them in SQLite
as `variantlang simulate` does, so the ratio includes the real overheads: starting the worker processes
(each loads the variant), passing records back and writing them. Compare the ratio, not the rates, across
machines or days. Run from the repository root:

    python benchmarks/bench_simulate.py [--games N] [--bots NAME] [--variant NAME]
"""

from __future__ import annotations

import argparse
import platform
import tempfile
import time
from pathlib import Path

import variantlang.scoring.scorer as scorer_module
from variantlang.bots import BOTS
from variantlang.simulation.run import load_variant, prepare, run


def timed(games: int, bots: str, variant: str, workers: int) -> float:
    spec = prepare(variant, load_variant(variant), [bots], seed=2026, games=games, duplicate=False)
    with tempfile.TemporaryDirectory() as folder:
        start = time.perf_counter()
        run(spec, Path(folder), workers=workers)
        return games / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--bots", default="efficiency" if "efficiency" in BOTS else "random")
    parser.add_argument("--variant", default="standard")
    args = parser.parse_args()
    build = "compiled (mypyc)" if scorer_module.__file__.endswith((".so", ".pyd")) else "pure Python"
    print(f"{platform.python_implementation()} {platform.python_version()}, {build}; bots: {args.bots}")
    one = timed(args.games, args.bots, args.variant, 1)
    two = timed(args.games, args.bots, args.variant, 2)
    print(f"1 worker:  {one:.2f} hanchan/s")
    print(f"2 workers: {two:.2f} hanchan/s")
    print(f"speed-up:  {two / one:.2f}x (target 1.8x)")


if __name__ == "__main__":
    main()
