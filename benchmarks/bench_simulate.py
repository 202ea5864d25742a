"""Benchmark self-play runs: hanchan per second with 1 worker and with 2, and the speed-up (target ≥ 1.8×).

Both runs play the same games (same run seed, same bots) through `simulation.run`, storing them in SQLite
as `variantlang simulate` does, so the ratio includes the real overheads: starting the worker processes
(spawned, each loads the variant and warms its own tables; forked on Linux, they inherit the main
process's warm tables, which it warms by playing the first game), passing records back and writing them.
Each run is timed in a fresh interpreter, so neither starts with the tables the other warmed. Compare the
ratio, not the rates, across machines or days. On a shared machine the wall-clock ratio measures the
neighbours too, so the CPU time per hanchan is printed as well, and the speed-up two free cores would give.
Run from the repository root:

    python benchmarks/bench_simulate.py [--games N] [--bots NAME] [--variant NAME]
"""

from __future__ import annotations

import argparse
import multiprocessing
import platform
import resource
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import variantlang.scoring.scorer as scorer_module
from variantlang.api import load_variant
from variantlang.bots import BOTS
from variantlang.simulation.run import prepare, run


def cpu_seconds() -> float:
    """CPU time of this process and of its finished children (the worker processes, once reaped)."""
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def timed(games: int, bots: str, variant: str, workers: int) -> tuple[float, float]:
    """Hanchan per second (wall clock), and CPU seconds spent per hanchan by all processes."""
    spec = prepare(variant, load_variant(variant), [bots], seed=2026, games=games, duplicate=False)
    with tempfile.TemporaryDirectory() as folder:
        start, cpu = time.perf_counter(), cpu_seconds()
        run(spec, Path(folder), workers=workers)
        return games / (time.perf_counter() - start), (cpu_seconds() - cpu) / games


def fresh(games: int, bots: str, variant: str, workers: int) -> tuple[float, float]:
    """`timed` in a new interpreter: no table, memo or cache warmed by an earlier run."""
    with ProcessPoolExecutor(1, multiprocessing.get_context("spawn")) as pool:
        return pool.submit(timed, games, bots, variant, workers).result()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--bots", default="efficiency" if "efficiency" in BOTS else "random")
    parser.add_argument("--variant", default="standard")
    args = parser.parse_args()
    build = "compiled (mypyc)" if scorer_module.__file__.endswith((".so", ".pyd")) else "pure Python"
    print(f"{platform.python_implementation()} {platform.python_version()}, {build}; bots: {args.bots}")
    one, one_cpu = fresh(args.games, args.bots, args.variant, 1)
    two, two_cpu = fresh(args.games, args.bots, args.variant, 2)
    print(f"1 worker:  {one:.2f} hanchan/s, {1000 * one_cpu:.0f} ms CPU per hanchan")
    print(f"2 workers: {two:.2f} hanchan/s, {1000 * two_cpu:.0f} ms CPU per hanchan")
    print(f"speed-up:  {two / one:.2f}x (target 1.8x)")
    # On a shared machine the wall-clock ratio says more about the neighbours than about the run: with two
    # free cores it would be about 2 x (CPU per hanchan with 1 worker) / (CPU per hanchan with 2).
    print(f"speed-up with two free cores, from the CPU times: {2 * one_cpu / two_cpu:.2f}x")


if __name__ == "__main__":
    main()
