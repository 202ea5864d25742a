"""Benchmark the engine: replay of the real Tenhou games (hands per second) and random legal play (hanchan
per second on one core), with jansou's random play timed in the same run when it is installed.

Replay reads the logs once, then times the replay alone (best of R passes). Random play: both engines
play whole games with seats that choose uniformly among the offered actions (ours passes a call half the
time), warm-up games first so both have filled their tables. Run from the repository root:

    python benchmarks/bench_engine.py [--games N] [--repeat R]
"""

from __future__ import annotations

import argparse
import platform
import time
from pathlib import Path
from typing import Any

import variantlang.scoring.scorer as scorer_module
from variantlang.api import load
from variantlang.bots.random import RandomSeat
from variantlang.engine.rules import EngineRules
from variantlang.engine.table import play_game
from variantlang.engine.wall import SeededWall
from variantlang.records.replay import replay
from variantlang.records.tenhou_xml import read_file
from variantlang.records.variants import derived_variant, engine_rules

try:
    from jansou.core.rules import preset
    from jansou.game.agents import RandomAgent
    from jansou.game.environment import Environment

    jansou: tuple[Any, Any, Any] | None = (preset, RandomAgent, Environment)
except ImportError:  # the comparison is optional
    jansou = None

LOGS = Path(__file__).resolve().parents[2] / "shared" / "truth" / "logs" / "mjlog_xml"


def bench_replay(repeat: int) -> None:
    if not LOGS.is_dir():
        print(f"replay: skipped, no logs at {LOGS}")
        return
    records = [read_file(p) for p in sorted(LOGS.rglob("*")) if p.suffix in (".xml", ".mjlog")]
    prepared = [(engine_rules(derived_variant(r)), r) for r in records]
    hands = sum(len(r.rounds) for r in records)
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        for rules, record in prepared:
            replay(rules, record)
        best = min(best, time.perf_counter() - start)
    print(f"replay: {len(records)} games, {hands} hands in {best:.2f} s = {hands / best:.0f} hands/s")


def ours(games: int, rules: EngineRules, offset: int) -> float:
    start = time.perf_counter()
    for seed in range(offset, offset + games):
        seats = [RandomSeat(seed * 10 + i) for i in range(rules.players)]
        play_game(rules, seats, lambda g, s=seed: SeededWall(rules, s, g.round_index, g.honba), seed=seed)
    return games / (time.perf_counter() - start)


def theirs(games: int, offset: int) -> float | None:
    if jansou is None:
        return None
    preset, RandomAgent, Environment = jansou
    rules = preset("tenhou")
    start = time.perf_counter()
    for seed in range(offset, offset + games):
        Environment(rules, seed=seed).run([RandomAgent(seed * 10 + i) for i in range(4)])
    return games / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    compiled = scorer_module.__file__ is not None and not scorer_module.__file__.endswith(".py")
    print(f"Python {platform.python_version()}, scorer {'compiled (mypyc)' if compiled else 'pure Python'}")
    bench_replay(args.repeat)
    rules = EngineRules(load("standard"))
    ours(10, rules, 10_000)
    ours_rate = ours(args.games, rules, 0)
    print(f"random play, standard: {ours_rate:.1f} hanchan/s")
    theirs(5, 10_000)
    jansou_rate = theirs(args.games, 0)
    if jansou_rate is None:
        print("jansou: not installed (pip install jansou)")
    else:
        print(f"random play, jansou (tenhou preset): {jansou_rate:.1f} hanchan/s; ratio {ours_rate / jansou_rate:.2f}x")


if __name__ == "__main__":
    main()
