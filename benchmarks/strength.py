"""How strong `balanced` is against `defensive`, and where it gains and loses, in the games of duplicate play.

    python benchmarks/strength.py [--sets 100] [--seed 10] [--jobs 2] [--trial NAME=VALUE ...]
    python benchmarks/strength.py --attribute [--sets 300] [--seed 20] [--jobs 2]

The first plays `balanced` in each seat of each set against three `defensive`, as `variantlang simulate standard
--duplicate --bots balanced,defensive` does (the same walls and bot seeds: `--sets 200 --seed 0` is its 800-game
run), and prints the mean placement with its 95 % interval over sets. With `--trial`, a constant of
`variantlang.bots.balanced` takes another value in a second run on the same sets (both builds read module
constants at run time), and the paired difference in placement is printed: far narrower than two separate runs.

`--attribute` also plays each set's walls with four `defensive`, and asks a shadow `defensive` in `balanced`'s
seat what it would have done at each of `balanced`'s decisions. Each hand is labelled by the first decision where
the two differ (a riichi declined, named by the rule of `BalancedSeat.silence` that declined it; a call passed or
made; a discard that keeps more or less shanten, under a riichi or not), and `balanced`'s score change in the
hand, less the `defensive` seat's in the same hand of the baseline game (same round and honba: the same wall), is
summed per label with its interval over sets.
"""

from __future__ import annotations

import argparse
import math
import multiprocessing
from collections import defaultdict
from collections.abc import Sequence
from typing import Any

from realism import rules_for

from variantlang.bots import balanced, make
from variantlang.bots.balanced import BalancedSeat
from variantlang.bots.efficiency import Context
from variantlang.engine.events import CallAction, Chi, Dahai, Daiminkan, Pon, Reach, TurnAction
from variantlang.engine.state import View
from variantlang.engine.table import Seat, play_game
from variantlang.engine.wall import SeededWall
from variantlang.simulation.run import RunSpec, prepare
from variantlang.stats.figures import Mean
from variantlang.stats.games import GameCollector, GameRecord

PLAYERS = 4
HandKey = tuple[int, int, int]
_DEFAULTS: dict[str, Any] = {}
"""The shipped value of each constant a trial has changed in this process."""


def spec(seed: int, sets: int) -> RunSpec:
    ruleset = rules_for("standard").ruleset
    return prepare("standard", ruleset, ("balanced", "defensive"), seed=seed, games=sets * PLAYERS, duplicate=True)


def set_constants(trials: Sequence[str]) -> None:
    """`NAME=VALUE` for each constant of `variantlang.bots.balanced` to change in this process; every other
    constant a trial changed before is set back (a pool process plays jobs of both runs)."""
    for name, value in _DEFAULTS.items():
        setattr(balanced, name, value)
    for trial in trials:
        name, value = trial.split("=", 1)
        old = _DEFAULTS.setdefault(name, getattr(balanced, name))
        setattr(balanced, name, type(old)(float(value)))


def play(run: RunSpec, index: int, seats: list[Seat]) -> GameRecord:
    r = rules_for("standard")
    wall = run.wall_seed(index, PLAYERS)
    collector = GameCollector(r.ruleset.riichi.stick)
    play_game(r, seats, lambda g: SeededWall(r, wall, g.round_index, g.honba), seed=wall, listener=collector)
    return collector.game()


def placements(job: tuple[int, int, int, tuple[str, ...]]) -> tuple[int, float]:
    """Set `k`'s mean placement of `balanced` over its seats."""
    seed, sets, k, trials = job
    set_constants(trials)
    run = spec(seed, sets)
    total, r = 0, rules_for("standard")
    for index in range(k * PLAYERS, (k + 1) * PLAYERS):
        seats = [make(name, r, run.bot_seed(index, s)) for s, name in enumerate(run.seating(index, PLAYERS))]
        total += play(run, index, seats).placements()[index % PLAYERS]
    return k, total / PLAYERS


class Shadowed:
    """`balanced` in one seat, with a `defensive` asked the same questions; the first difference in each hand is
    kept as a label."""

    def __init__(self, inner: BalancedSeat, shadow: Seat) -> None:
        self.inner = inner
        self.shadow = shadow
        self.first: dict[HandKey, str] = {}

    def __getattr__(self, name: str) -> Any:
        return getattr(self.inner, name)  # the engine's optional questions (pass_tiles, choose_indicator)

    def turn(self, view: View, options: list[TurnAction]) -> TurnAction:
        action = self.inner.turn(view, options)
        if not view.me.reach_declared:
            self.note(view, action, self.shadow.turn(view, options), "turn")
        return action

    def call(self, view: View, options: list[CallAction]) -> CallAction | None:
        action = self.inner.call(view, options)
        self.note(view, action, self.shadow.call(view, options), "call")
        return action

    def note(self, view: View, mine: Any, theirs: Any, where: str) -> None:
        key = (view.bakaze, view.oya, view.honba)
        if key in self.first or same(mine, theirs):
            return
        label = f"{where}: {kind(mine)} / defensive {kind(theirs)}"
        if isinstance(mine, Dahai) and isinstance(theirs, Dahai):
            after = self.inner.discard_shanten(bytes(view.me.counts))
            a, b = after[mine.pai >> 2], after[theirs.pai >> 2]
            label += ", more shanten" if a > b else ", less shanten" if a < b else ", same shanten"
        if isinstance(theirs, Reach) and not isinstance(mine, Reach):
            label += ", " + self.why_silent(view)
        threatened = any(view.riichi(s) for s in range(view.players) if s != view.seat)
        self.first[key] = label + (", under a riichi" if threatened else "")

    def why_silent(self, view: View) -> str:
        """Which of `balanced`'s riichi rules kept it silent (`BalancedSeat.silence`)."""
        return self.inner.silence(view, Context(self.inner, view)) or "another action came first"


def kind(action: Any) -> str:
    if action is None:
        return "pass"
    if isinstance(action, Chi | Pon | Daiminkan):
        return "call"
    return "riichi" if isinstance(action, Reach) else "discard" if isinstance(action, Dahai) else type(action).__name__


def same(a: Any, b: Any) -> bool:
    if kind(a) != kind(b):
        return False
    pa, pb = getattr(a, "pai", None), getattr(b, "pai", None)
    return pa is None or pb is None or pa >> 2 == pb >> 2


def attribute(job: tuple[int, int, int, tuple[str, ...]]) -> tuple[int, dict[str, float], float]:
    """Set `k`: per label, the sum of `balanced`'s score change less the baseline seat's; and the mean placement
    difference from the baseline seat."""
    seed, sets, k, trials = job
    set_constants(trials)
    run, r = spec(seed, sets), rules_for("standard")
    first = k * PLAYERS
    base = play(run, first, [make("defensive", r, run.bot_seed(first, s)) for s in range(PLAYERS)])
    base_hands = {(h.bakaze, h.oya, h.honba): h for h in base.hands}
    out: dict[str, float] = defaultdict(float)
    place = 0.0
    for index in range(first, first + PLAYERS):
        seat = index % PLAYERS
        seats: list[Seat] = [make(n, r, run.bot_seed(index, s)) for s, n in enumerate(run.seating(index, PLAYERS))]
        inner = seats[seat]
        assert isinstance(inner, BalancedSeat)
        shadowed = Shadowed(inner, make("defensive", r, run.bot_seed(index, seat)))
        seats[seat] = shadowed
        game = play(run, index, seats)
        place += (game.placements()[seat] - base.placements()[seat]) / PLAYERS
        for hand in game.hands:
            key = (hand.bakaze, hand.oya, hand.honba)
            if key in base_hands:
                out[shadowed.first.get(key, "no difference")] += hand.deltas[seat] - base_hands[key].deltas[seat]
    return k, out, place


def interval(values: Sequence[float]) -> tuple[float, float]:
    """Mean and the half-width of its 95 % interval, as the reports compute it (`Mean.of`)."""
    mean = Mean.of(values)
    bounds = mean.interval
    return mean.mean, math.inf if bounds is None else (bounds[1] - bounds[0]) / 2


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sets", type=int, default=100)
    parser.add_argument("--seed", type=int, default=10)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--trial", action="append", default=[], metavar="NAME=VALUE")
    parser.add_argument("--attribute", action="store_true")
    args = parser.parse_args()
    if args.sets < 2 or args.jobs < 1:
        parser.error("--sets must be at least 2 (an interval needs two sets) and --jobs at least 1")
    for trial in args.trial:
        name, _, value = trial.partition("=")
        if not name.isupper() or not hasattr(balanced, name) or not _number(value):
            parser.error(f"--trial {trial}: give NAME=VALUE, a constant of variantlang.bots.balanced and a number")
    trials = tuple(args.trial)
    with multiprocessing.Pool(args.jobs) as pool:
        if args.attribute:
            print_attribution(pool.map(attribute, [(args.seed, args.sets, k, trials) for k in range(args.sets)]))
            return
        base = dict(pool.map(placements, [(args.seed, args.sets, k, ()) for k in range(args.sets)]))
        mean, half = interval(list(base.values()))
        print(
            f"balanced against defensive, {args.sets} sets ({PLAYERS * args.sets} games), seed {args.seed}: "
            f"mean placement {mean:.3f} [{mean - half:.3f}, {mean + half:.3f}] (even 2.5)"
        )
        if trials:
            this = dict(pool.map(placements, [(args.seed, args.sets, k, trials) for k in range(args.sets)]))
            mean, _ = interval(list(this.values()))
            diff, half = interval([this[k] - base[k] for k in base])
            print(f"with {' '.join(trials)}: {mean:.3f}; paired difference {diff:+.3f} ± {half:.3f}")


def _number(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True


def print_attribution(results: list[tuple[int, dict[str, float], float]]) -> None:
    sets = len(results)
    place, half = interval([p for _, _, p in results])
    print(f"{sets} sets: balanced's placement less the defensive seat's on the same walls {place:+.3f} ± {half:.3f}")
    print("points per set (4 games), by the first decision in a hand where balanced and defensive differ:")
    labels = {label for _, figures, _ in results for label in figures}
    rows = [(label, *interval([figures.get(label, 0.0) for _, figures, _ in results])) for label in labels]
    for label, mean, half in sorted(rows, key=lambda row: row[1]):
        print(f"  {mean:+7.0f} ± {half:5.0f}  {label}")


if __name__ == "__main__":
    main()
