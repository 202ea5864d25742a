"""How human the bots' play looks: four bots (default `defensive`) play hanchan on a variant (default
`standard`) and a small listener counts, per player and hand, wins, deal-ins, riichi and calls (a player
who called at least once in the hand), per hand exhaustive draws, per game hands, and the tsumo share of
wins. Each rate is printed with a 95 % interval (games are the sampling unit: the ratio estimator's
variance over games) and the band issue 11 sets around real Tenhou 鳳凰卓 play. Run from the repository
root:

    python benchmarks/realism.py [--games N] [--seed S] [--bots defensive] [--variant standard]
"""

from __future__ import annotations

import argparse
import math
import time
from dataclasses import dataclass, field

from variantlang.api import load
from variantlang.bots import make
from variantlang.engine.events import Chi, Daiminkan, Event, Hora, Pon, ReachAccepted, Ryukyoku, StartKyoku
from variantlang.engine.rules import EngineRules
from variantlang.engine.table import Game, play_game
from variantlang.engine.wall import SeededWall

BANDS = {
    "win": (0.18, 0.25, 0.210),
    "deal-in": (0.09, 0.16, 0.122),
    "riichi": (0.13, 0.25, 0.182),
    "call": (0.20, 0.42, 0.330),
    "exhaustive draw": (0.09, 0.20, 0.154),
    "hands per hanchan": (9.5, 12.0, 10.4),
    "tsumo share": (0.0, 1.0, 0.42),
}
"""Issue 11's band (low, high) and the real figure from the 178 Tenhou games of ../shared/truth."""


@dataclass
class Counts:
    """One game's tallies (each rate is a sum of these over games, divided by another)."""

    hands: int = 0
    wins: int = 0
    tsumo: int = 0
    deal_ins: int = 0
    riichi: int = 0
    calls: int = 0
    exhaustive: int = 0
    callers: set[int] = field(default_factory=set)
    dealt_in: set[int] = field(default_factory=set)

    def __call__(self, event: Event) -> None:
        if isinstance(event, StartKyoku):
            self.hands += 1
            self.callers = set()
            self.dealt_in = set()
        elif isinstance(event, Hora):
            self.wins += 1
            if event.actor == event.target:
                self.tsumo += 1
            elif event.target not in self.dealt_in:  # a double ron is one deal-in
                self.dealt_in.add(event.target)
                self.deal_ins += 1
        elif isinstance(event, Ryukyoku) and event.reason == "exhaustive":
            self.exhaustive += 1
        elif isinstance(event, ReachAccepted):
            self.riichi += 1
        elif isinstance(event, Chi | Pon | Daiminkan) and event.actor not in self.callers:
            self.callers.add(event.actor)
            self.calls += 1


def ratio(pairs: list[tuple[float, float]]) -> tuple[float, float]:
    """Σx / Σn over games, with the half-width of its 95 % interval (ratio estimator, games independent)."""
    x = sum(p[0] for p in pairs)
    n = sum(p[1] for p in pairs)
    r = x / n
    g = len(pairs)
    variance = g / (g - 1) * sum((a - r * b) ** 2 for a, b in pairs) / n**2 if g > 1 else math.inf
    return r, 1.96 * math.sqrt(variance)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--bots", default="defensive")
    parser.add_argument("--variant", default="standard")
    args = parser.parse_args()
    rules = EngineRules(load(args.variant))
    players = rules.players
    games: list[Counts] = []
    start = time.perf_counter()
    for index in range(args.games):
        seed = args.seed * 1_000_003 + index
        counts = Counts()
        seats = [make(args.bots, rules, seed * players + i) for i in range(players)]

        def wall_for(game: Game, seed: int = seed) -> SeededWall:
            return SeededWall(rules, seed, game.round_index, game.honba)

        play_game(rules, seats, wall_for, seed=seed, listener=counts)
        games.append(counts)
    elapsed = time.perf_counter() - start
    per_player = [(g.hands * players) for g in games]
    rows = {
        "win": ratio([(g.wins, n) for g, n in zip(games, per_player, strict=True)]),
        "deal-in": ratio([(g.deal_ins, n) for g, n in zip(games, per_player, strict=True)]),
        "riichi": ratio([(g.riichi, n) for g, n in zip(games, per_player, strict=True)]),
        "call": ratio([(g.calls, n) for g, n in zip(games, per_player, strict=True)]),
        "exhaustive draw": ratio([(g.exhaustive, g.hands) for g in games]),
        "hands per hanchan": ratio([(g.hands, 1) for g in games]),
        "tsumo share": ratio([(g.tsumo, g.wins) for g in games]),
    }
    print(f"{args.games} games of {args.variant}, four {args.bots} bots, seed {args.seed}, {elapsed:.0f} s")
    print(f"{'':18} {'simulated':>20} {'band':>13} {'real':>6}")
    for name, (value, half) in rows.items():
        low, high, real = BANDS[name]
        scale, unit = (1, "") if name == "hands per hanchan" else (100, " %")
        inside = "" if name == "tsumo share" else ("  inside" if low <= value <= high else "  OUTSIDE")
        print(
            f"{name:18} {value * scale:8.1f} ± {half * scale:4.1f}{unit:2} "
            f"{low * scale:5.1f}–{high * scale:<5.1f} {real * scale:6.1f}{inside}"
        )


if __name__ == "__main__":
    main()
