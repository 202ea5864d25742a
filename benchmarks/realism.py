"""How human the bots' play looks: bots (default four `balanced`) play hanchan on `standard`, and their
games and the real four-player Tenhou 鳳凰卓 games of ../shared/truth go through the same statistics path
(`GameCollector`, as `simulate` and `stats` use it). Each figure is printed simulated, real and their
difference, with a 95 % interval clustered by game (the ratio estimator's variance over games; the
difference's interval joins the two independently): the rates per player-hand (win, deal-in, riichi, call),
the exhaustive draws per hand, the tsumo share and points per win, and the share of wins of each of the 12
yaku most common in the real games. `ok` marks a figure inside issue 23's target (2 points for a rate, 5 %
for points per win, 3 points for a yaku). Run from the repository root:

    python benchmarks/realism.py [--games N] [--seed S] [--bots balanced] [--truth ../shared/truth] [--jobs 2]
        [--save tallies.jsonl] [--paired base.jsonl]

`--paired` compares a change with a base run on the same walls: the base's saved tallies (`--save` of a run
with the same seed and variant) and this run's are paired game by game, and each figure's difference is
printed with a 95 % interval over those games (the two ratio estimators linearised per game), which is much
narrower than the difference of two independent runs.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from variantlang.api import load
from variantlang.bots import make
from variantlang.engine.rules import EngineRules
from variantlang.engine.table import Game, play_game
from variantlang.engine.wall import SeededWall
from variantlang.records.files import log_files
from variantlang.simulation.outputs import real_game, truth_folder
from variantlang.stats.games import GameCollector, GameRecord

TOP_YAKU = 12
CACHE = Path(tempfile.gettempdir()) / "variantlang-realism-truth.json"
"""The real games' per-game tallies, kept in the temporary folder after the first run (replaying 178 logs takes
a minute); delete it to read the logs again."""

Pair = tuple[float, float]
Tally = dict[str, list[Pair]]


def tally(game: GameRecord) -> dict[str, Pair]:
    """One game's (numerator, denominator) for every figure."""
    player_hands = len(game.hands) * game.players
    wins = game.wins
    out: dict[str, Pair] = {
        "win": (sum(sum(h.won) for h in game.hands), player_hands),
        "deal-in": (sum(sum(h.dealt_in) for h in game.hands), player_hands),
        "riichi": (sum(sum(h.riichi) for h in game.hands), player_hands),
        "call": (sum(sum(h.called) for h in game.hands), player_hands),
        "exhaustive draw": (sum(h.result == "exhaustive" for h in game.hands), len(game.hands)),
        "tsumo share": (sum(w.tsumo for w in wins), len(wins)),
        "points per win": (sum(w.points for w in wins), len(wins)),
    }
    for w in wins:
        for y in set(w.yaku):
            key = "yaku " + y
            out[key] = (out.get(key, (0, 0))[0] + 1, len(wins))
    return out


def collect(records: Sequence[GameRecord]) -> Tally:
    return combine([tally(g) for g in records])


def combine(tallies: Sequence[dict[str, Pair]]) -> Tally:
    """Per figure, the games' (numerator, denominator) in order; a yaku a game never saw counts 0 of its wins."""
    names = {name for t in tallies for name in t}
    return {name: [t.get(name, (0, t["tsumo share"][1])) for t in tallies] for name in names}


def ratio(pairs: list[Pair]) -> Pair:
    """Σx / Σn over games, with the half-width of its 95 % interval (ratio estimator, games independent)."""
    x = sum(p[0] for p in pairs)
    n = sum(p[1] for p in pairs)
    if n == 0:
        return 0.0, math.inf
    r = x / n
    g = len(pairs)
    variance = g / (g - 1) * sum((a - r * b) ** 2 for a, b in pairs) / n**2 if g > 1 else math.inf
    return r, 1.96 * math.sqrt(variance)


def real_tallies(truth: Path | None) -> Tally:
    if CACHE.is_file():
        cached: Tally = {k: [tuple(p) for p in v] for k, v in json.loads(CACHE.read_text()).items()}
        return cached
    folder = truth_folder(truth)
    if folder is None:
        sys.exit("realism: no real logs (give --truth, the folder holding logs/mjlog_xml/4p)")
    records = [real_game(path)[0] for path in log_files([folder])]
    out = collect(records)
    CACHE.write_text(json.dumps(out))
    return out


def saved(path: Path) -> dict[int, dict[str, Pair]]:
    """Per-game tallies saved by `--save`, by game index."""
    done: dict[int, dict[str, Pair]] = {}
    for line in path.read_text().splitlines():
        index, figures = json.loads(line)
        done[index] = {k: (v[0], v[1]) for k, v in figures.items()}
    return done


def simulate(
    bots: list[str], games: int, seed: int, variant: str, jobs: int, save: Path | None
) -> dict[int, dict[str, Pair]]:
    """The games' tallies by index; with `jobs` > 1 the games are shared among processes (each is a
    pure function of its index). With `save`, each game's tally is appended to that file as it ends and
    games already there are not played again, so a long run can be cut off and resumed."""
    done = saved(save) if save is not None and save.is_file() else {}
    todo = [(bots, i, seed, variant) for i in range(games) if i not in done]
    out = open(save, "a") if save is not None else None  # noqa: SIM115 (appended to as games end)
    try:
        with multiprocessing.Pool(jobs) as pool:
            for index, figures in pool.imap_unordered(play_one, todo):
                done[index] = figures
                if out is not None:
                    out.write(json.dumps([index, figures]) + "\n")
                    out.flush()
    finally:
        if out is not None:
            out.close()
    return {i: done[i] for i in range(games)}


def play_one(job: tuple[list[str], int, int, str]) -> tuple[int, dict[str, Pair]]:
    bots, index, seed, variant = job
    rules = rules_for(variant)
    players = rules.players
    game_seed = seed * 1_000_003 + index
    seats = [make(bots[i % len(bots)], rules, game_seed * players + i) for i in range(players)]
    collector = GameCollector(rules.ruleset.riichi.stick)

    def wall_for(game: Game) -> SeededWall:
        return SeededWall(rules, game_seed, game.round_index, game.honba)

    play_game(rules, seats, wall_for, seed=game_seed, listener=collector)
    return index, tally(collector.game())


_RULES: dict[str, EngineRules] = {}


def rules_for(variant: str) -> EngineRules:
    """One `EngineRules` per variant and process, so the bots' tables stay warm from game to game."""
    if variant not in _RULES:
        _RULES[variant] = EngineRules(load(variant))
    return _RULES[variant]


def row(name: str, sim: list[Pair], real: list[Pair], scale: float, target: Callable[[float, float], bool]) -> str:
    s, sh = ratio(sim)
    r, rh = ratio(real)
    d, dh = s - r, math.hypot(sh, rh)
    mark = "ok" if target(s, r) else "--"
    return (
        f"{name:24} {s * scale:8.1f} ± {sh * scale:5.1f}   {r * scale:8.1f} ± {rh * scale:5.1f}   "
        f"{d * scale:+8.1f} ± {dh * scale:5.1f}  {mark}"
    )


def paired_row(name: str, base: list[Pair], this: list[Pair], scale: float) -> str:
    """One figure of a base run and this run on the same games: each, and their difference with the half-width
    of its 95 % interval (per game, each ratio's linearised deviation; the games independent)."""
    (b, _), (t, _) = ratio(base), ratio(this)
    nb, nt = sum(p[1] for p in base), sum(p[1] for p in this)
    deviations = [(y - t * m) / nt - (x - b * n) / nb for (x, n), (y, m) in zip(base, this, strict=True)]
    g = len(deviations)
    half = 1.96 * math.sqrt(g / (g - 1) * sum(d * d for d in deviations)) if g > 1 else math.inf
    return f"{name:24} {b * scale:8.1f}   {t * scale:8.1f}   {(t - b) * scale:+8.2f} ± {half * scale:5.2f}"


def print_paired(base_path: Path, games: dict[int, dict[str, Pair]], real: Tally) -> None:
    base_games = saved(base_path)
    common = [i for i in sorted(games) if i in base_games]
    if len(common) < 2:
        sys.exit(f"realism: {base_path} holds fewer than two of these games")
    base, this = combine([base_games[i] for i in common]), combine([games[i] for i in common])
    print(f"\npaired with {base_path} on {len(common)} games (same walls)")
    print(f"{'':24} {'base':>8}   {'this':>8}   {'difference':>16}")
    for name in ("win", "deal-in", "riichi", "call", "exhaustive draw", "tsumo share"):
        print(paired_row(name, base[name], this[name], 100))
    print(paired_row("points per win", base["points per win"], this["points per win"], 1))
    for name in sorted((n for n in real if n.startswith("yaku ")), key=lambda n: -ratio(real[n])[0])[:TOP_YAKU]:
        print(paired_row(name, base.get(name, zero_wins(base)), this.get(name, zero_wins(this)), 100))


def zero_wins(tally: Tally) -> list[Pair]:
    """A yaku none of the games saw: 0 of each game's wins."""
    return [(0.0, p[1]) for p in tally["tsumo share"]]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--bots", default="balanced", help="one bot, or four separated by commas")
    parser.add_argument("--variant", default="standard")
    parser.add_argument("--truth", type=Path, default=None)
    parser.add_argument("--jobs", type=int, default=1, help="processes to share the games among")
    parser.add_argument("--save", type=Path, default=None, help="per-game tallies, appended and resumed")
    parser.add_argument("--paired", type=Path, default=None, help="a base run's --save file: paired differences")
    args = parser.parse_args()
    real = real_tallies(args.truth)
    start = time.perf_counter()
    games = simulate(args.bots.split(","), args.games, args.seed, args.variant, args.jobs, args.save)
    sim = combine([games[i] for i in range(args.games)])
    elapsed = time.perf_counter() - start
    print(f"{args.games} hanchan of {args.variant}, bots {args.bots}, seed {args.seed}, {elapsed:.0f} s")
    print(f"against {len(real['win'])} real games; 95 % intervals clustered by game")
    print(f"{'':24} {'simulated':>16}   {'real':>16}   {'difference':>16}")
    for name in ("win", "deal-in", "riichi", "call", "exhaustive draw", "tsumo share"):
        print(row(name, sim[name], real[name], 100, lambda s, r: abs(s - r) <= 0.02))
    print(row("points per win", sim["points per win"], real["points per win"], 1, lambda s, r: abs(s / r - 1) <= 0.05))
    wins = zero_wins(sim)
    common = sorted((n for n in real if n.startswith("yaku ")), key=lambda n: -ratio(real[n])[0])[:TOP_YAKU]
    for name in common:
        print(row(name, sim.get(name, wins), real[name], 100, lambda s, r: abs(s - r) <= 0.03))
    if args.paired is not None:
        print_paired(args.paired, games, real)


if __name__ == "__main__":
    main()
