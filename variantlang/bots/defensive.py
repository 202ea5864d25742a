"""The `defensive` bot: `efficiency`, plus push or fold against a riichi or a dangerous open hand.

Each other seat is a threat by what the table shows: a riichi, three open melds, or two with dora or
with one suit's look. Against each, a tile's danger is a rough chance of dealing in, read from its
river and what passed after its riichi (genbutsu), suji, kabe and one-chance over the copies this seat
can see, and the copies of an honour still unseen. The seat then weighs its own hand: far from tenpai
it folds (safest tile first), close with value it pushes with care, at tenpai it pushes. The danger
figures are the usual rules of thumb from published deal-in statistics, not fitted to any variant.
"""

from __future__ import annotations

import math

from variantlang.bots.efficiency import Context, EfficiencySeat, dora_kinds
from variantlang.engine.events import Ankan, CallAction, Dahai, Kakan, TurnAction
from variantlang.engine.rules import EngineRules
from variantlang.engine.state import View
from variantlang.hand.tiles import KINDS

NUMBER_DANGER = (0.05, 0.07, 0.09, 0.12, 0.12, 0.12, 0.09, 0.07, 0.05)
"""Chance of dealing in with a tile of each number that nothing makes safer."""
SUJI_DANGER = (0.015, 0.03, 0.045, 0.03, 0.03, 0.03, 0.045, 0.03, 0.015)
"""With suji (both sides for 4–6)."""
HALF_SUJI_DANGER = 0.08
"""A 4, 5 or 6 with suji on one side only."""
NO_RYANMEN_DANGER = (0.02, 0.03, 0.04, 0.04, 0.04, 0.04, 0.04, 0.03, 0.02)
"""When every two-sided wait on the tile is blocked by tiles this seat can see (kabe)."""
HONOUR_DANGER = (0.0, 0.01, 0.03, 0.06, 0.06)
"""An honour by its copies still unseen (none unseen: nobody can wait on it)."""
ONE_CHANCE = 0.7
"""Factor when a two-sided wait needs a tile of which one copy is unseen."""

RIICHI_THREAT = 1.0
OPEN_THREAT = 0.6
"""Three open melds, or two that carry dora or show one suit."""
DEALER_FACTOR = 1.5
"""A dealer's win costs half as much again."""

SHOWN_WAIT = math.inf
"""The danger of a tile an open riichi shows it waits on: discarded only when every choice is one (the
rules force it: a hand in riichi discards what it draws)."""

FOLD = 1_000_000.0
CAREFUL = 5_000.0
PUSH = 300.0
"""Weight of a chance of dealing in against the efficiency score (1000 per shanten step)."""
PUSH_VALUE = 3
"""Han (dora and yaku) that make a one-shanten hand worth pushing against a riichi."""
EARLY = 30
"""Tiles left in the live wall above which a one-shanten hand still has the time to push with care."""


class DefensiveSeat(EfficiencySeat):
    """See the module docstring."""

    __slots__ = ("threats",)

    def __init__(self, rules: EngineRules) -> None:
        super().__init__(rules)
        self.threats: list[tuple[int, float]] = []

    def turn(self, view: View, options: list[TurnAction]) -> TurnAction:
        self.threats = self.find_threats(view)
        if self.threats:  # a kan now only shows another indicator to a hand that may win
            options = [o for o in options if not isinstance(o, Ankan | Kakan)]
        return super().turn(view, options)

    def call(self, view: View, options: list[CallAction]) -> CallAction | None:
        self.threats = self.find_threats(view)
        return super().call(view, options)

    def worth_calling(self, view: View, ctx: Context, now: int, yaku_meld: bool, *, simples: bool, gain: int) -> bool:
        """No call against a riichi two or more from tenpai: such a hand folds, and a call only spends safe tiles."""
        if any(weight >= RIICHI_THREAT for _, weight in self.threats) and now >= 2:
            return False
        return super().worth_calling(view, ctx, now, yaku_meld, simples=simples, gain=gain)

    # ------------------------------------------------------------------ threats
    def find_threats(self, view: View) -> list[tuple[int, float]]:
        """(seat, weight) of every other seat whose hand looks ready to win."""
        out = []
        dora = dora_kinds(self, view)
        for seat in range(view.players):
            if seat == view.seat:
                continue
            weight = 0.0
            if view.riichi(seat):
                weight = RIICHI_THREAT
            else:
                melds = [m for m in view.melds(seat) if m.kind != "ankan"]
                suits = {(t >> 2) // 9 for m in melds for t in m.tiles if t >> 2 < 27}
                loaded = sum(1 for m in melds for t in m.tiles if dora[t >> 2]) >= 2
                if len(melds) >= 3 or (len(melds) == 2 and (loaded or len(suits) <= 1)):
                    weight = OPEN_THREAT
            if weight:
                out.append((seat, weight * (DEALER_FACTOR if seat == view.oya else 1.0)))
        return out

    def danger(self, view: View, ctx: Context) -> list[float]:
        """Chance-weighted danger of each kind, summed over the threats."""
        total = [0.0] * KINDS
        for seat, weight in self.threats:
            shown = view.open_waits(seat)
            if shown is not None:  # an open riichi: its waits are known, every other tile is safe against it
                for k in shown:
                    total[k] = SHOWN_WAIT
                continue
            safe = list(view.river_kinds(seat))
            if view.riichi(seat):
                for k in view.passed_since_riichi(seat):
                    safe[k] += 1
            for k in range(KINDS):
                total[k] += weight * tile_danger(k, safe, ctx.unseen)
        return total

    # ------------------------------------------------------------------ push or fold
    def discard(self, view: View, ctx: Context, options: list[Dahai]) -> Dahai:
        if not self.threats:
            return super().discard(view, ctx, options)
        danger = self.danger(view, ctx)
        weight = self.caution(view, ctx, options)
        if weight == FOLD:  # only the safest tiles are candidates; efficiency breaks the tie
            safest = min(danger[d.pai >> 2] for d in options)
            options = [d for d in options if danger[d.pai >> 2] == safest]
        scores = self.scores(ctx, options)
        utility = [s - weight * danger[d.pai >> 2] for s, d in zip(scores, options, strict=True)]
        return options[max(range(len(options)), key=utility.__getitem__)]

    def caution(self, view: View, ctx: Context, options: list[Dahai]) -> float:
        """How much danger weighs. Against a riichi: push at tenpai, with care one away with value or time
        left, else fold. Against open hands only: push when one away or closer, else with care."""
        shanten = min(self.discard_shanten(ctx.counts)[d.pai >> 2] for d in options)
        if view.me.riichi or shanten <= 0:
            return PUSH
        if not any(view.riichi(seat) for seat, _ in self.threats):
            return PUSH if shanten == 1 else CAREFUL
        value = self.hand_value(view, ctx)
        return CAREFUL if shanten == 1 and (value >= PUSH_VALUE or view.live_left >= EARLY) else FOLD

    def hand_value(self, view: View, ctx: Context) -> int:
        """Han of dora, marked tiles and nuki the hand holds, melds included."""
        value = sum(ctx.dora[t >> 2] + self.marks[t] for t in view.hand) + len(view.me.nuki)
        return value + sum(ctx.dora[t >> 2] + self.marks[t] for m in view.me.melds for t in m.tiles)


def tile_danger(kind: int, safe: list[int], unseen: list[int]) -> float:
    """The chance of dealing in with `kind` against one hand: `safe` counts the kinds it cannot win on
    (its river, and what passed after its riichi), `unseen` the copies this seat cannot see."""
    if safe[kind]:
        return 0.0
    if kind >= 27:
        return HONOUR_DANGER[min(unseen[kind], 4)]
    n = kind % 9
    low = n >= 3 and safe[kind - 3] > 0
    high = n <= 5 and safe[kind + 3] > 0
    if n < 3:
        danger = SUJI_DANGER[n] if high else NUMBER_DANGER[n]
    elif n > 5:
        danger = SUJI_DANGER[n] if low else NUMBER_DANGER[n]
    else:
        danger = SUJI_DANGER[n] if low and high else HALF_SUJI_DANGER if low or high else NUMBER_DANGER[n]
    shapes = []  # the two-sided waits on this tile, each as the pair of kinds it needs
    if n <= 6:
        shapes.append((kind + 1, kind + 2))
    if n >= 2:
        shapes.append((kind - 2, kind - 1))
    open_shapes = [s for s in shapes if unseen[s[0]] and unseen[s[1]]]
    if not open_shapes:
        danger = min(danger, NO_RYANMEN_DANGER[n])
    elif all(unseen[s[0]] == 1 or unseen[s[1]] == 1 for s in open_shapes):
        danger *= ONE_CHANCE
    return danger
