"""Benchmark self-play runs: hanchan per second for each number of workers, and the speed-up over one
(targets: ≥ 1.9x with 2 workers at 200 hanchan on a 2-core machine; ≥ 12x with 16 on a 16-core one).

Every run plays the same games (same run seed, same bots) through `simulation.run`, storing them in
SQLite as `variantlang simulate` does, so the ratio includes the real overheads: starting the worker
processes (forked on Linux: they inherit the main process's compiled variant, engine rules and warm
tables; spawned elsewhere: each compiles the variant from its text), passing records back and writing
them. Each run is timed in a fresh interpreter, so none starts with tables another warmed. On a shared
machine the wall-clock ratio measures the neighbours too, so the CPU time per hanchan and the load average
are printed as well, and the ceiling: the same games split among k interpreters that play side by side,
alone (what the cores allow, pool or not). Run from the repository root:

    python benchmarks/bench_simulate.py --workers 1,2 [--games N] [--bots NAME] [--variant NAME]
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import platform
import resource
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import variantlang.scoring.scorer as scorer_module
from variantlang.api import load_variant
from variantlang.bots import BOTS
from variantlang.simulation.executors import LocalPool
from variantlang.simulation.run import Executor, InProcess, prepare, run


def cpu_seconds() -> float:
    """CPU time of this process and of its finished children (the worker processes, once reaped)."""
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def timed(games: int, bots: str, variant: str, workers: int) -> tuple[float, float]:
    """Wall seconds for the run (loading the variant included), and CPU seconds per hanchan."""
    start, cpu = time.perf_counter(), cpu_seconds()
    ruleset = load_variant(variant)
    spec = prepare(variant, ruleset, [bots], seed=2026, games=games, duplicate=False)
    executor: Executor = LocalPool(workers) if workers > 1 else InProcess()
    with tempfile.TemporaryDirectory() as folder:
        run(spec, ruleset, Path(folder), executor=executor)
    return time.perf_counter() - start, (cpu_seconds() - cpu) / games


def fresh(games: int, bots: str, variant: str, workers: int) -> tuple[float, float]:
    """`timed` in a new interpreter: no table, memo or cache warmed by an earlier run."""
    with ProcessPoolExecutor(1, multiprocessing.get_context("spawn")) as pool:
        return pool.submit(timed, games, bots, variant, workers).result()


def side_by_side(games: int, bots: str, variant: str, workers: int) -> float:
    """Wall seconds for `workers` new interpreters each playing `games // workers` games alone, at the
    same time: no pool, no records passed back, no shared store. What the machine itself allows k workers
    (its cores may share caches, a clock budget or a physical core), the ceiling for the pool's speed-up."""
    if workers == 1:
        return 0.0
    with ProcessPoolExecutor(workers, multiprocessing.get_context("spawn")) as pool:
        share = [games // workers] * workers
        return max(wall for wall, _ in pool.map(timed, share, [bots] * workers, [variant] * workers, [1] * workers))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workers", default="1,2", help="Comma-separated worker counts, the first the baseline.")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--bots", default="efficiency" if "efficiency" in BOTS else "random")
    parser.add_argument("--variant", default="standard")
    args = parser.parse_args()
    counts = [int(k) for k in args.workers.split(",")]
    build = "compiled (mypyc)" if scorer_module.__file__.endswith((".so", ".pyd")) else "pure Python"
    print(f"{platform.python_implementation()} {platform.python_version()}, {build}; {os.cpu_count()} cores")
    print(f"{args.games} hanchan of {args.variant}, four {args.bots} bots")
    print(f"{'workers':>7}  {'wall s':>8}  {'hanchan/s':>9}  {'CPU ms/hanchan':>14}  {'speed-up':>8}  "
          f"{'ceiling':>7}  load (1 min)")  # fmt: skip
    base = 0.0
    for k in counts:
        wall, cpu = fresh(args.games, args.bots, args.variant, k)
        base = base or wall
        alone = side_by_side(args.games, args.bots, args.variant, k)
        ceiling = f"{base / alone:>6.2f}x" if alone else f"{'':>7}"
        load = os.getloadavg()[0]
        print(f"{k:>7}  {wall:>8.1f}  {args.games / wall:>9.2f}  {1000 * cpu:>14.0f}  {base / wall:>7.2f}x  "
              f"{ceiling}  {load:.2f}")  # fmt: skip


if __name__ == "__main__":
    main()
