"""Where wins come from, for real and simulated play: the same listener reads the events of bots' games on
`standard` and of the real 鳳凰卓 games of ../shared/truth (replayed by the engine), and each figure is a ratio
over games with a 95 % interval clustered by game (`realism.ratio`). It is the evidence for issue 23's tsumo
share: who wins by ron off whom, and what happens to an open hand once it is tenpai. Run from the repository
root:

    python benchmarks/realism_dealin.py [--games N] [--seed S] [--bots balanced] [--jobs 2] [--truth DIR]

Every seat's hand is followed tile by tile (real logs show all four hands), so a discarder's shanten after its
deal-in discard and the turn an open hand first became tenpai are known in both. "Open" is a hand with a
called meld; "tiles left" counts the live wall (70 draws in a 136-tile game, a kan's draw included).
"""

from __future__ import annotations

import argparse
import multiprocessing
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from realism import Pair, ratio, rules_for

from variantlang.bots import make
from variantlang.engine.events import (
    Ankan,
    Chi,
    Dahai,
    Daiminkan,
    Dora,
    Event,
    Hora,
    Kakan,
    Pon,
    Reach,
    Ryukyoku,
    StartKyoku,
    Tsumo,
)
from variantlang.engine.table import Game, play_game
from variantlang.engine.wall import SeededWall
from variantlang.hand.decomposition import Group, GroupKind, Wait, all_readings
from variantlang.hand.shanten import shanten
from variantlang.records.files import log_files
from variantlang.records.logs import read_log
from variantlang.records.replay import replay
from variantlang.records.variants import engine_rules
from variantlang.simulation.outputs import truth_folder

DRAWS = 70
"""Live-wall draws of a four-player 136-tile hand."""
WAIT_ORDER = (Wait.RYANMEN, Wait.SHANPON, Wait.KANCHAN, Wait.PENCHAN, Wait.TANKI, Wait.KOKUSHI_13)
"""A win read several ways counts under the first of its waits in this order."""

Figures = dict[str, Pair]


@dataclass(slots=True)
class Seat:
    counts: list[int] = field(default_factory=lambda: [0] * 34)
    melds: list[Group] = field(default_factory=list)
    riichi: bool = False
    open_tenpai: int = -1
    """Tiles left when the hand, open, first became tenpai (−1: not yet)."""
    left_tenpai: bool = False
    """An open tenpai hand later discarded out of tenpai."""
    shanten: int = 8
    tsumogiri: bool = False

    @property
    def open(self) -> bool:
        return any(g.open for g in self.melds)


@dataclass(slots=True)
class Watcher:
    """A listener that counts, per game, each figure's (numerator, denominator)."""

    figures: Figures = field(default_factory=dict)
    seats: list[Seat] = field(default_factory=list)
    drawn: int = 0
    ended: bool = False
    visible: list[int] = field(default_factory=lambda: [0] * 34)
    """Copies every seat can see: rivers, called tiles, dora indicators."""
    declaring: int = -1
    """The seat whose next discard is its riichi declaration."""

    def add(self, name: str, hit: bool | float, of: float = 1.0) -> None:
        x, n = self.figures.get(name, (0.0, 0.0))
        self.figures[name] = (x + float(hit), n + of)

    def __call__(self, event: Event) -> None:
        if isinstance(event, StartKyoku):
            self.start(event)
        elif not self.seats or self.ended:
            return
        elif isinstance(event, Tsumo):
            self.drawn += 1
            self.seats[event.actor].counts[event.pai >> 2] += 1
        elif isinstance(event, Dahai):
            self.discarded(event)
        elif isinstance(event, Chi | Pon | Daiminkan | Ankan | Kakan):
            self.called(event)
        elif isinstance(event, Reach):
            self.seats[event.actor].riichi = True
            self.declaring = event.actor
        elif isinstance(event, Dora):
            self.visible[event.dora_marker >> 2] += 1
        elif isinstance(event, Hora):
            self.won(event)
        elif isinstance(event, Ryukyoku) and event.reason == "exhaustive":
            self.close(draw=True, tenpai=event.tenpai)

    def start(self, event: StartKyoku) -> None:
        self.seats = [Seat() for _ in event.tehais]
        for seat, tiles in zip(self.seats, event.tehais, strict=True):
            for t in tiles:
                seat.counts[t >> 2] += 1
        self.drawn = 0
        self.ended = False
        self.visible = [0] * 34
        self.visible[event.dora_marker >> 2] += 1
        self.declaring = -1

    def discarded(self, event: Dahai) -> None:
        seat = self.seats[event.actor]
        seat.counts[event.pai >> 2] -= 1
        self.visible[event.pai >> 2] += 1
        seat.tsumogiri = event.tsumogiri
        seat.shanten = shanten(seat.counts)
        if self.declaring == event.actor:
            self.declaring = -1
            self.waiting("riichi", seat)
        if seat.open and seat.shanten == 0 and seat.open_tenpai < 0:
            seat.open_tenpai = DRAWS - self.drawn
            self.waiting("open tenpai", seat)
        elif seat.open_tenpai >= 0 and seat.shanten > 0 and not seat.left_tenpai:
            seat.left_tenpai = True
            others = [s for s in self.seats if s is not seat]
            threat = (
                "a riichi"
                if any(s.riichi for s in others)
                else "2+ calls"
                if any(sum(g.open for g in s.melds) >= 2 for s in others)
                else "no threat"
            )
            for t in ("a riichi", "2+ calls", "no threat"):
                self.add(f"open tenpai left: against {t}", t == threat)
            self.add("open tenpai left: tiles left (mean)", DRAWS - self.drawn)

    def waiting(self, label: str, seat: Seat) -> None:
        """The wait a hand has just reached: its kinds and the copies of them it cannot see."""
        kinds = [
            k
            for k in range(34)
            if seat.counts[k] < 4 and shanten([*seat.counts[:k], seat.counts[k] + 1, *seat.counts[k + 1 :]]) < 0
        ]
        live = sum(max(0, 4 - seat.counts[k] - self.visible[k]) for k in kinds)
        self.add(f"{label}: live winning tiles at it (mean)", live)
        self.add(f"{label}: wait of 2+ kinds", len(kinds) >= 2)
        self.add(f"{label}: tiles left at it (mean)", DRAWS - self.drawn)

    def called(self, event: Chi | Pon | Daiminkan | Ankan | Kakan) -> None:
        seat = self.seats[event.actor]
        for t in (event.pai,) if isinstance(event, Kakan) else event.consumed:
            seat.counts[t >> 2] -= 1
            self.visible[t >> 2] += 1
        kind = min(t >> 2 for t in event.consumed)
        if isinstance(event, Chi):
            seat.melds.append(Group(GroupKind.SHUNTSU, min(kind, event.pai >> 2), True))
        elif isinstance(event, Pon):
            seat.melds.append(Group(GroupKind.KOUTSU, kind, True))
        elif isinstance(event, Daiminkan):
            seat.melds.append(Group(GroupKind.KANTSU, kind, True))
        elif isinstance(event, Ankan):
            seat.melds.append(Group(GroupKind.KANTSU, kind, False))
        else:
            seat.melds = [
                Group(GroupKind.KANTSU, kind, True) if g == (GroupKind.KOUTSU, kind, True) else g for g in seat.melds
            ]

    def won(self, event: Hora) -> None:
        if not event.deltas:
            return  # announced, not paid (a variant that plays on after a win)
        winner = self.seats[event.actor]
        tsumo = event.actor == event.target
        state = "riichi" if winner.riichi else "open" if winner.open else "dama"
        self.add("wins: tsumo", tsumo)
        for s in ("riichi", "open", "dama"):
            self.add(f"wins: tsumo by {s} hand", tsumo and state == s)
            self.add(f"wins: ron by {s} hand", not tsumo and state == s)
        if not tsumo:
            self.dealt_in(event, state)
        if winner.open:
            self.open_win(event, winner, tsumo)
        self.close(draw=False, tenpai=(), winner=event.actor, tsumo=tsumo, target=event.target)

    def dealt_in(self, event: Hora, state: str) -> None:
        d = self.seats[event.target]
        others = [s for i, s in enumerate(self.seats) if i not in (event.target, event.actor)]
        kind = "riichi" if d.riichi else "open" if d.open else "closed"
        shanten_band = "tenpai" if d.shanten <= 0 else "1 away" if d.shanten == 1 else "2+ away"
        for k in ("riichi", "open", "closed"):
            for band in ("tenpai", "1 away", "2+ away"):
                if k != "riichi" or band == "tenpai":
                    self.add(f"ron wins: discarder {k}, {band}", kind == k and (k == "riichi" or shanten_band == band))
        self.add("ron wins: discard was the drawn tile", d.tsumogiri)
        self.add("ron wins: another seat (not the winner) in riichi", any(s.riichi for s in others))
        self.add(f"ron wins on a {state} hand: discarder not tenpai", d.shanten > 0 and not d.riichi)
        self.add(f"ron wins on a {state} hand: discarder 2+ away", d.shanten > 1)

    def open_win(self, event: Hora, winner: Seat, tsumo: bool) -> None:
        how = "tsumo" if tsumo else "ron"
        counts = list(winner.counts)
        if not tsumo:
            counts[event.pai >> 2] += 1
        readings = all_readings(counts, event.pai >> 2, winner.melds)
        waits = {r.wait for r in readings}
        wait = next((w for w in WAIT_ORDER if w in waits), None)
        self.add("open wins: tsumo", tsumo)
        self.add(f"open wins, {how}: tiles left (mean)", DRAWS - self.drawn)
        self.add("open wins: calls (mean)", sum(g.open for g in winner.melds))
        for w in WAIT_ORDER[:5]:
            self.add(f"open wins: {w.value} wait", wait is w)
        self.add("open wins: honour winning tile", event.pai >> 2 >= 27)
        hand = list(counts)
        hand[event.pai >> 2] -= 1
        kinds = sum(1 for k in range(34) if hand[k] < 4 and shanten([*hand[:k], hand[k] + 1, *hand[k + 1 :]]) < 0)
        self.add("open wins: wait of 2+ kinds", kinds >= 2)
        if winner.open_tenpai >= 0:
            self.add("open wins: tiles left at first tenpai (mean)", winner.open_tenpai)

    def close(
        self, *, draw: bool, tenpai: Sequence[bool], winner: int = -1, tsumo: bool = False, target: int = -1
    ) -> None:
        """Each seat's hand at the end: the open ones that were tenpai, and what came of them."""
        if self.ended:
            return  # a double ron: the hand's seats were counted with the first win
        self.ended = True
        self.add("hands: exhaustive draw", draw)
        for i, seat in enumerate(self.seats):
            self.add("player-hands: open tenpai reached", seat.open_tenpai >= 0)
            if draw and tenpai and not seat.riichi:
                self.add(f"draw: {'open' if seat.open else 'closed'} hand not in riichi tenpai", tenpai[i])
            if seat.riichi:
                self.add("riichi: won by tsumo", winner == i and tsumo)
                self.add("riichi: won by ron", winner == i and not tsumo)
                self.add("riichi: exhaustive draw", draw)
            if seat.open_tenpai < 0:
                continue
            self.add("open tenpai: tiles left (mean)", seat.open_tenpai)
            self.add("open tenpai: won by tsumo", winner == i and tsumo)
            self.add("open tenpai: won by ron", winner == i and not tsumo)
            self.add("open tenpai: dealt in", target == i and winner != i)
            self.add("open tenpai: another seat won", winner >= 0 and i not in (winner, target))
            self.add("open tenpai: exhaustive draw", draw)
            self.add("open tenpai: left tenpai later", seat.left_tenpai)
            if draw and tenpai:
                self.add("open tenpai: draw, tenpai at the end", tenpai[i])


def play_one(job: tuple[list[str], int, int]) -> Figures:
    bots, index, seed = job
    rules = rules_for("standard")
    game_seed = seed * 1_000_003 + index
    seats = [make(bots[i % len(bots)], rules, game_seed * 4 + i) for i in range(4)]
    watcher = Watcher()

    def wall_for(game: Game) -> SeededWall:
        return SeededWall(rules, game_seed, game.round_index, game.honba)

    play_game(rules, seats, wall_for, seed=game_seed, listener=watcher)
    return watcher.figures


def read_one(path: Path) -> Figures:
    record, ruleset = read_log(path, None)
    watcher = Watcher()
    replay(engine_rules(ruleset), record, None, watcher)
    return watcher.figures


def gather(work: Callable[..., Figures], jobs: Sequence[object], processes: int) -> list[Figures]:
    with multiprocessing.Pool(processes) as pool:
        return list(pool.imap(work, jobs))


def column(games: list[Figures], name: str) -> list[Pair]:
    return [g.get(name, (0.0, 0.0)) for g in games]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--bots", default="balanced")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--truth", type=Path, default=None)
    args = parser.parse_args()
    folder = truth_folder(args.truth)
    if folder is None:
        raise SystemExit("realism_dealin: no real logs (give --truth)")
    start = time.perf_counter()
    real = gather(read_one, log_files([folder]), args.jobs)
    bots = args.bots.split(",")
    sim = gather(play_one, [(bots, i, args.seed) for i in range(args.games)], args.jobs)
    print(f"{args.games} hanchan of standard, bots {args.bots}, seed {args.seed}, against {len(real)} real games")
    elapsed = time.perf_counter() - start
    print(f"{elapsed:.0f} s; % of the row's denominator (a mean where it says so); 95 % intervals by game")
    print(f"{'':52} {'simulated':>14}   {'real':>14}   {'difference':>14}")
    names = sorted({n for g in sim + real for n in g})
    for name in names:
        scale = 1.0 if "(mean)" in name else 100.0
        s, sh = ratio(column(sim, name))
        r, rh = ratio(column(real, name))
        d, dh = (s - r) * scale, (sh**2 + rh**2) ** 0.5 * scale
        print(f"{name:52} {s * scale:7.1f} ± {sh * scale:4.1f}   {r * scale:7.1f} ± {rh * scale:4.1f}   ", end="")
        print(f"{d:+7.1f} ± {dh:4.1f}")


if __name__ == "__main__":
    main()
