"""Benchmark scoring a win under the standard variant against the `mahjong` package's HandCalculator.

Both score the same random wins (closed and called hands, kans, red fives, riichi/ippatsu/tsumo/haitei/
rinshan, winds, dora and ura, honba and sticks: `variantlang.model.samples.random_win`), including the ones
neither can score (no yaku). The oracle's inputs are converted before timing. Figures are the best of R
passes in microseconds per win; ratio = mahjong time / variantlang time (above 1: variantlang is faster).

Run from the repository root:

    python benchmarks/bench_scoring.py [--wins N] [--seed S] [--repeat R] [--variant standard]
"""

from __future__ import annotations

import argparse
import gc
import platform
import random
import sys
import time
import timeit
from collections.abc import Callable
from importlib.metadata import version
from pathlib import Path
from typing import Any

from mahjong.hand_calculating.hand import HandCalculator

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))
from oracle import oracle_arguments

import variantlang.scoring.scorer as scorer_module
from variantlang.api import load
from variantlang.hand.decomposition import clear_split_cache
from variantlang.model.samples import random_win
from variantlang.model.win import WinInput
from variantlang.scoring.scorer import ScoreError, Scorer


def timed(run: Callable[[], int]) -> tuple[int, float]:
    start = time.perf_counter()
    result = run()
    return result, time.perf_counter() - start


def best_of(run: Callable[[], object], repeat: int) -> float:
    """Seconds of the fastest pass: the least disturbed pass is the best estimate of the code's cost."""
    return min(timeit.Timer(run).timeit(number=1) for _ in range(repeat))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--wins", type=int, default=5000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--variant", default="standard")
    args = parser.parse_args()

    ruleset = load(args.variant)
    rng = random.Random(args.seed)
    wins: list[WinInput] = [random_win(rng) for _ in range(args.wins)]
    oracle_inputs: list[tuple[Any, ...]] = [oracle_arguments(w, three_player=False) for w in wins]

    scorer = Scorer(ruleset)  # what an engine or a bot holds: one per worker, memos warm

    def ours() -> int:
        scored = 0
        for win in wins:
            try:
                scorer.score(win)
                scored += 1
            except ScoreError:
                pass
        return scored

    def theirs() -> int:
        scored = 0
        for tiles, tile, melds, dora, config, ura in oracle_inputs:
            if not HandCalculator.estimate_hand_value(tiles, tile, melds, dora, config, ura_dora_indicators=ura).error:
                scored += 1
        return scored

    # The first pass is timed on its own: it fills variantlang's memos (suit splits, yaku plans per
    # shape, payments), which the later passes, like a long self-play, find full. It also shows both
    # did the same work.
    clear_split_cache()
    gc.collect()
    gc.freeze()  # the inputs live throughout: keep the collector from re-walking them in either library
    (scored_ours, first_ours), (scored_theirs, first_theirs) = timed(ours), timed(theirs)
    ours_s, theirs_s = best_of(ours, args.repeat), best_of(theirs, args.repeat)
    per = 1e6 / len(wins)
    build = "compiled (mypyc)" if scorer_module.__file__.endswith((".so", ".pyd")) else "pure Python"
    print(
        f"Python {platform.python_implementation()} {sys.version.split()[0]}; "
        f"variantlang {version('variantlang')} {build}, mahjong {version('mahjong')}"
    )
    print(f"{len(wins)} random wins, seed {args.seed}, best of {args.repeat}; variant {args.variant}")
    print(f"  scored (not 'no yaku'):  variantlang {scored_ours}, mahjong {scored_theirs}")
    print(f"  variantlang score()        {ours_s * per:7.2f} µs per win")
    print(f"  mahjong HandCalculator     {theirs_s * per:7.2f} µs per win")
    print(f"  ratio (mahjong / ours)     {theirs_s / ours_s:7.2f}x")
    print(
        f"  first pass (cold memos):   variantlang {first_ours * per:.2f} µs, mahjong {first_theirs * per:.2f} µs, "
        f"ratio {first_theirs / first_ours:.2f}x"
    )


if __name__ == "__main__":
    main()
