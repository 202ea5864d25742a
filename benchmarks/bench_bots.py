"""Benchmark the bots: hanchan per second on one core with four bots of each kind asked for (default
`efficiency` and `balanced`, which must keep at least half of `efficiency`'s rate) on `standard`, and,
timed in the same run when installed, jansou's SmartEfficiencyAgent on its Tenhou preset and riichienv's
random legal play (it ships no playing agent; Rust, for scale). Our bots fill the shanten tables as they
meet new hands, which a worker keeps for its whole run: the rate over the first (warm-up) games is
printed apart from the rate once the tables are warm, and the comparison uses the warm one (jansou gets
warm-up games too). Rates are per second of this process's CPU time, so a busy machine slows the run but
not the figures. Run from the repository root:

    python benchmarks/bench_bots.py [--games N] [--warm-up W] [--bots efficiency,balanced]
"""

from __future__ import annotations

import argparse
import platform
import time
from typing import Any

import variantlang.bots.shape as shape_module
from variantlang.api import load
from variantlang.bots import make
from variantlang.engine.rules import EngineRules
from variantlang.engine.table import Game, play_game
from variantlang.engine.wall import SeededWall

try:
    from jansou.core.rules import preset
    from jansou.game.agents import SmartEfficiencyAgent
    from jansou.game.environment import Environment

    jansou: tuple[Any, Any, Any] | None = (preset, SmartEfficiencyAgent, Environment)
except ImportError:  # the comparison is optional
    jansou = None

try:
    from riichienv import RiichiEnv  # type: ignore[import-untyped, import-not-found, unused-ignore]
    from riichienv.agents import RandomAgent  # type: ignore[import-untyped, import-not-found, unused-ignore]

    riichienv: tuple[Any, Any] | None = (RiichiEnv, RandomAgent)
except ImportError:
    riichienv = None


def ours(rules: EngineRules, bot: str, games: int, offset: int) -> float:
    start = time.process_time()
    for seed in range(offset, offset + games):
        seats = [make(bot, rules, seed * 4 + i) for i in range(4)]

        def wall_for(game: Game, seed: int = seed) -> SeededWall:
            return SeededWall(rules, seed, game.round_index, game.honba)

        play_game(rules, seats, wall_for, seed=seed)
    return games / (time.process_time() - start)


def theirs(games: int, offset: int) -> float | None:
    if jansou is None:
        return None
    preset, SmartEfficiencyAgent, Environment = jansou
    rules = preset("tenhou")
    start = time.process_time()
    for seed in range(offset, offset + games):
        Environment(rules, seed=seed).run([SmartEfficiencyAgent(seed * 4 + i) for i in range(4)])
    return games / (time.process_time() - start)


def rust(games: int, offset: int) -> float | None:
    if riichienv is None:
        return None
    RiichiEnv, RandomAgent = riichienv
    start = time.process_time()
    for seed in range(offset, offset + games):
        agent = RandomAgent(seed)
        env = RiichiEnv(game_mode="4p-red-half", seed=seed)
        observations = env.reset()
        while not env.done():
            observations = env.step({p: agent.act(o) for p, o in observations.items()})
    return games / (time.process_time() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--warm-up", type=int, default=100)
    parser.add_argument("--bots", default="efficiency,balanced", help="bots to time, separated by commas")
    args = parser.parse_args()
    compiled = not (shape_module.__file__ or "").endswith(".py")
    print(f"Python {platform.python_version()}, bots {'compiled (mypyc)' if compiled else 'pure Python'}")
    rules = EngineRules(load("standard"))
    rates = {}
    for bot in args.bots.split(","):
        cold_rate = ours(rules, bot, args.warm_up, 100_000)
        rates[bot] = ours(rules, bot, args.games, 0)
        print(f"four {bot} bots, standard: {cold_rate:.2f} hanchan/s over the first {args.warm_up} games (cold tables)")
        print(f"four {bot} bots, standard: {rates[bot]:.2f} hanchan/s over the next {args.games} (warm)")
    first = next(iter(rates))
    for bot, rate in rates.items():
        if bot != first:
            print(f"{bot} runs at {rate / rates[first]:.2f} of {first}'s rate")
    theirs(3, 100_000)
    jansou_rate = theirs(max(4, args.games // 4), 0)
    if jansou_rate is None:
        print("jansou: not installed (pip install jansou)")
    else:
        ratios = ", ".join(f"{bot} {rate / jansou_rate:.2f}x" for bot, rate in rates.items())
        print(f"four jansou SmartEfficiencyAgent (tenhou preset): {jansou_rate:.2f} hanchan/s; ours: {ratios}")
    rust(2, 100_000)
    rust_rate = rust(args.games, 0)
    if rust_rate is None:
        print("riichienv: not installed (pip install riichienv)")
    else:
        print(f"riichienv random legal play (Rust, 4p-red-half): {rust_rate:.1f} hanchan/s")


if __name__ == "__main__":
    main()
