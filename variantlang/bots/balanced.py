"""The `balanced` bot: `defensive`, with the judgements people make about value, waits and the table.

* Hand building keeps dora and marked tiles much harder than `efficiency` (people rarely let a dora go
  while the hand still moves), a red five hardest (`MARK_WEIGHT`). One step from tenpai it counts each
  improving tile twice when the tenpai it makes waits on two sides (`good_shape_ukeire`): people keep the
  shapes that become pinfu and win more often, by tsumo too. At tenpai it weighs each wait by what it pays
  (the Scorer asked with the table's dora): a two-sided pinfu wait beats a shanpon of the same count. A
  hand that nearly is one suit with honours throws the other suits first (a red five of another suit
  last), where the Ruleset's scorer pays that shape; a closed hand opens for a call that is not its yaku
  only with dora to carry (the called tile's counted), or one away from tenpai, and towards all simples
  alone (`Routes.plan`) two away only with two han of dora; one away with none it stays closed while the
  wall is long, and on a two-sided shape (for riichi and pinfu) at any time; with one han, on a two-sided
  shape while the wall is long. Where the payment takes much of a hand's value for its calls
  (`Routes.call_keeps`), any hand calls only into tenpai.
* Riichi or silence (dama): the best tenpai discard is chosen by its live waits and value; a wait that is
  furiten is refused as `efficiency` refuses it, and a partly furiten wait (tsumo only) is declared only
  with many live tiles. Early, a bad wait stays silent to improve, a cheap one until the middle of the
  hand. It stays silent when the silent ron already pays a lot and riichi would add little, when the wall
  is nearly out, and when it leads in the last hand; it declares when the hand has no yaku without it or
  the variant requires the declaration.
* Push or fold by expected value against a riichi: a tenpai hand weighs its chance of winning (live waits,
  the wall left) times its value, and its chance of reaching the draw times what being tenpai there pays
  (the Ruleset's noten payments), against the deal-in cost of its discard, so a cheap bad wait folds early
  and is kept late where the draw pays tenpai, and a valuable one pushes; one away, a hand with dora
  builds on with care, a cheap one only with nearly safe tiles. In the last hand, a seat whose fourth
  place is at stake folds sooner.
* Every win offered is taken (the engine offers only wins the hand may take).

The last hand is read as the round wind of the game's length (`game.length`) with the last seat dealing:
the View does not say which hand of the game it is, so under a dealer rule other than rotation the
placement judgements are approximate.
"""

from __future__ import annotations

from collections.abc import Sequence

from variantlang.bots.defensive import CAREFUL, FOLD, PUSH, PUSH_VALUE, DefensiveSeat
from variantlang.bots.efficiency import Context
from variantlang.bots.routes import yaku_wins
from variantlang.engine.events import CallAction, Dahai, TurnAction
from variantlang.engine.rules import EngineRules
from variantlang.engine.state import View, melded_counts, waits
from variantlang.hand.tiles import Tile
from variantlang.rules.settlement import noten_payments

DORA_WEIGHT = 14.0
"""A han of dora kept is worth this many unseen improving tiles (`efficiency` uses 6)."""
MARK_WEIGHT = 40.0
"""The same for a han of a marked tile (a red five), kept harder: people's wins hold a red five more often
than the bots' did (44 against 41 %), and they throw far fewer early (0.018 a hand against 0.044)."""
WAIT_VALUE = 4000.0
"""At tenpai, a winning tile counts 1 + (its ron's points / this): value breaks ties between waits."""
DAMA_GOOD = 6000
"""A non-dealer's silent ron worth this much stays silent when riichi does not double it."""
DAMA_RATIO = 1.9
GOOD_WAIT = 6
"""Live winning tiles of a good (two-sided) wait."""
WAIT_FOR_BETTER = 42
"""Tiles left in the live wall above which a bad wait (`BAD_WAIT`) stays silent, hoping to improve."""
CHEAP_RIICHI = 2.0
CHEAP_WAIT_FOR_BETTER = 30
"""A bad wait whose riichi ron pays at most `CHEAP_RIICHI` times a plain riichi hand's (`Routes.plain_riichi`,
the variant's own scale: on `standard` 2 600 against 1 300, riichi and at most one han more) stays silent
while this many tiles are left: a cheap riichi on a bad wait gains little, and silent the hand can still
win by tsumo or turn into a better wait (people's riichi are on two-sided waits more often, and their closed
wins more often pinfu). Not where a hand must declare to win (`riichi.declaration_required`): silent, it
cannot win at all."""
FLUSH_STRONG = 1100.0
FLUSH_MILD = 500.0
FLUSH_OFF_STRONG = 2
FLUSH_OFF_MILD = 4
"""A hand with at most `FLUSH_OFF_STRONG` tiles outside one suit and honours throws them first even at a
step of shanten (`FLUSH_STRONG`, above `SHANTEN_WEIGHT`); with at most `FLUSH_OFF_MILD`, before tiles
that leave the same shanten."""
BAD_WAIT = 4
"""Live winning tiles at or below which a hand does not chase another seat's riichi by declaring."""
DAMA_LATE = 10
"""Tiles left in the live wall below which a hand with a yaku stays silent."""
FURITEN_RIICHI_LIVE = 8
"""A partly furiten hand declares (tsumo only) only with this many live winning tiles, where allowed."""
DEAL_IN_COST = 6000.0
"""What a deal-in to a riichi costs on average (dealer threats weigh half again, in `threats`)."""
WIN_CHANCE_CAP = 0.6
WIN_CHANCE_SCALE = 400.0
"""A tenpai hand's chance of winning: live winning tiles × tiles left in the live wall / this, capped."""
DRAW_HAZARD = 0.2
"""A tenpai hand against a riichi reaches the exhaustive draw with chance (1 − this) ** tiles left in the
live wall: roughly the chance that no hand wins on any of the draws left (0.15 kept too many cheap tenpai
pushing for the tenpai payment: the riichi hands they dealt in to won by ron where people's win by tsumo)."""
FOLD_BELOW = 0.045
PUSH_ABOVE = 0.12
"""Gain (chance × value) below this share of the deal-in cost folds, above the other pushes outright;
between, the hand pushes with care. The share stands for a typical discard's chance of dealing in."""
EARLY_PUSH = 45
"""Tiles left in the live wall above which a hand with `PUSH_VALUE` of dora still builds with care."""
GOOD_SHAPE = 1.0
"""One step from tenpai, an improving tile that leads to a wait of `GOOD_WAIT` tiles counts this much more."""
ONE_AWAY_VALUE = 1
"""Han of dora with which a hand one step from tenpai keeps building with care against a riichi at any time."""
ONE_AWAY_CAREFUL = 50_000.0
"""Against a riichi, how much danger weighs for a hand one step from tenpai with less than `PUSH_VALUE`:
it builds on only with nearly safe tiles (`CAREFUL` would throw any middle tile); people deal in from one
away less than `defensive` does, and their cheap hands win more by tsumo."""
SLOW_SIMPLES_VALUE = 2
"""Han of dora a closed hand two steps from tenpai needs to open towards all simples alone."""
CHEAP_EARLY = 40
"""Tiles left in the live wall from which a closed hand with no dora stays closed for riichi rather than open
towards all simples alone, even one step from tenpai (an open all-simples hand pays 1 000; open hands win
mostly by ron). On a two-sided shape (`good_shape`) it stays closed at any time."""
CALL_KEEPS = 0.5
"""Where calls keep less than this share of the payment (`Routes.call_keeps`), a hand calls only into tenpai."""
STAKE = 8000
"""In the last hand, a seat this close above fourth place folds from anything but a valuable tenpai."""


class BalancedSeat(DefensiveSeat):
    """See the module docstring."""

    __slots__ = ("last_wind", "shapes_seen")

    def __init__(self, rules: EngineRules) -> None:
        super().__init__(rules)
        self.value_weight = DORA_WEIGHT
        self.mark_weight = MARK_WEIGHT
        self.shapes_seen: dict[bytes, int] = {}
        """`best_wait` by hand, within one decision's unseen counts (cleared with each new decision)."""
        game = rules.ruleset.game
        self.last_wind = {"hanchan": 1, "east": 0}.get(game.length, -1)
        """The round wind of the game's last round (−1: no fixed last round)."""

    # ------------------------------------------------------------------ the seat protocol
    def turn(self, view: View, options: list[TurnAction]) -> TurnAction:
        self.shapes_seen.clear()
        return super().turn(view, options)

    def call(self, view: View, options: list[CallAction]) -> CallAction | None:
        self.shapes_seen.clear()
        return super().call(view, options)

    # ------------------------------------------------------------------ tenpai: waits by value
    def ukeire(self, ctx: Context, rest: bytes, shanten: int, mask: Sequence[bool] | None) -> float:
        if shanten == 1:
            return self.good_shape_ukeire(ctx, rest, mask)
        if shanten > 0:
            return super().ukeire(ctx, rest, shanten, mask)
        total = 0.0
        need_yaku = not (self.routes.anything or (ctx.closed and self.routes.riichi))
        for kind in self.winning_kinds(rest):
            if ctx.unseen[kind]:
                points = self.win_points(ctx, rest, kind, riichi=False)
                if need_yaku and points == 0:
                    continue
                total += ctx.unseen[kind] * (1.0 + points / WAIT_VALUE)
        return total

    def good_shape_ukeire(self, ctx: Context, rest: bytes, mask: Sequence[bool] | None) -> float:
        """One step from tenpai: the improving tiles, each counted again (`GOOD_SHAPE`) when the tenpai it
        makes can wait on `GOOD_WAIT` tiles or more: people keep the shapes that turn into two-sided waits,
        which win more often, by tsumo too, and are the shape of pinfu."""
        shape = self.shape
        unseen = ctx.unseen
        total = 0.0
        for kind, after in enumerate(shape.changed(rest, 1)):
            if after > 0 or not unseen[kind] or (mask is not None and not mask[kind]):
                continue
            total += unseen[kind] * (1.0 + GOOD_SHAPE * (self.best_wait(rest, kind, unseen) >= GOOD_WAIT))
        return total

    def good_shape(self, key: bytes, unseen: Sequence[int]) -> bool:
        """Whether half or more of the unseen tiles that bring `key` (3n+1, one step from tenpai) to tenpai
        make a tenpai that can wait on `GOOD_WAIT` tiles or more: the shape of riichi and pinfu."""
        total = good = 0
        for kind, a in enumerate(self.shape.changed(key, 1)):
            if a > 0 or not unseen[kind]:
                continue
            total += unseen[kind]
            good += unseen[kind] * (self.best_wait(key, kind, unseen) >= GOOD_WAIT)
        return total > 0 and 2 * good >= total

    def best_wait(self, rest: bytes, drawn: int, unseen: Sequence[int]) -> int:
        """The most unseen winning tiles a tenpai discard leaves after drawing `drawn` onto `rest` (shapes only)."""
        hand = bytearray(rest)
        hand[drawn] += 1
        key = bytes(hand)
        known = self.shapes_seen.get(key)
        if known is not None:
            return known
        shape = self.shape
        best = 0
        for kind, after in enumerate(shape.changed(key, -1)):
            if after:
                continue
            hand[kind] -= 1
            live = sum(unseen[w] for w, a in enumerate(shape.changed(bytes(hand), 1)) if a < 0)
            hand[kind] += 1
            best = max(best, live)
        self.shapes_seen[key] = best
        return best

    # ------------------------------------------------------------------ one suit
    def scores(self, ctx: Context, options: Sequence[Dahai]) -> list[float]:
        """`efficiency`'s scores, plus a lean towards one suit with honours when the hand nearly is one
        and the Ruleset pays that shape (`Routes.flush`): the tiles of the other suits go first, but for a
        marked tile (a red five), which the lean's hands threw most of the bots' early red fives."""
        out = super().scores(ctx, options)
        suit, bonus = self.flush_lean(ctx)
        if suit < 0:
            return out
        return [
            s + (bonus if d.pai >> 2 < 27 and (d.pai >> 2) // 9 != suit and not self.marks[d.pai] else 0.0)
            for s, d in zip(out, options, strict=True)
        ]

    def flush_lean(self, ctx: Context) -> tuple[int, float]:
        """(suit, weight) of the one-suit route the hand leans to, or (−1, 0) for none (see `FLUSH_STRONG`);
        melds of another suit rule it out."""
        if not self.routes.flush:
            return -1, 0.0
        held = [0, 0, 0]
        for k in range(27):
            held[k // 9] += ctx.counts[k]
        melded = [t >> 2 for m in ctx.melds for t in m.tiles]
        suit = max(range(3), key=held.__getitem__)
        if any(k < 27 and k // 9 != suit for k in melded):
            return -1, 0.0
        off = sum(held) - held[suit]
        if off == 0 or off > FLUSH_OFF_MILD:
            return -1, 0.0
        return suit, FLUSH_STRONG if off <= FLUSH_OFF_STRONG else FLUSH_MILD

    # ------------------------------------------------------------------ riichi or dama
    def _riichi(self, view: View, ctx: Context) -> bool:
        return not self.silence(view, ctx)

    def silence(self, view: View, ctx: Context) -> str:
        """Why the hand does not declare now, or "" when it declares: the riichi-or-dama rules in order, each
        named (`benchmarks/strength.py` reports which kept a hand silent)."""
        best = self.best_tenpai(view, ctx)
        if best is None:
            return "no wait it declares on"
        kind, live, dama, riichi = best
        self.riichi_kind = kind
        if self.threatened(view) and self.push_weight(view, live, riichi) == FOLD:
            return "folding"  # the hand will fold: a riichi could not
        if live <= BAD_WAIT and view.live_left >= self.wait_for_better(riichi):
            # early, or cheap and not late: a draw may still turn the wait into a better one
            return "a bad wait, waiting for a better one" + ("" if dama else " (no yaku)")
        if self.rules.declaration_required or dama == 0:  # a ron needs the declaration
            return ""
        if view.live_left < DAMA_LATE:
            return "silent late in the hand"
        if live <= BAD_WAIT and self.threatened(view):
            return "a bad wait against a riichi"
        if self.leads_last_hand(view):
            return "leading the last hand"
        good = DAMA_GOOD * (1.5 if view.seat == view.oya else 1.0)
        return "" if dama < good or riichi >= dama * DAMA_RATIO else "silent (dama) by value"

    def wait_for_better(self, riichi: int) -> int:
        """Tiles left in the live wall above which a bad wait whose riichi ron pays `riichi` stays silent
        (`WAIT_FOR_BETTER`, `CHEAP_WAIT_FOR_BETTER`)."""
        if self.rules.declaration_required or riichi > CHEAP_RIICHI * self.routes.plain_riichi:
            return WAIT_FOR_BETTER
        return CHEAP_WAIT_FOR_BETTER

    def best_tenpai(self, view: View, ctx: Context) -> tuple[int, int, int, int] | None:
        """(discard kind, live winning tiles, silent ron value, riichi ron value) of the tenpai discard a
        riichi would choose, valued with the table's dora; None when no discard leaves a wait it may
        declare on (no live winning tile, or furiten where that is punished or total)."""
        indicators = tuple(Tile(t >> 2) for t in view.dora_markers)
        best: tuple[float, tuple[int, int, int, int]] | None = None
        for k, rest, wins, furiten, live in self.tenpai_discards(view, ctx):
            if live == 0 or self.refuses_riichi(furiten, len(wins)):
                continue
            if furiten and live < FURITEN_RIICHI_LIVE:
                continue
            dama = min(self.points(ctx, rest, w, False, indicators) for w in wins)
            riichi = min(self.points(ctx, rest, w, True, indicators) for w in wins)
            score = (
                live * (1.0 + riichi / WAIT_VALUE)
                - self.value_weight * ctx.dora[k]
                - self.mark_weight * self.marks_of(view, k)
            )
            if best is None or score > best[0]:
                best = (score, (k, live, dama, riichi))
        return None if best is None else best[1]

    def tenpai_discards(self, view: View, ctx: Context) -> list[tuple[int, list[int], tuple[int, ...], int, int]]:
        """Each discard that leaves the hand tenpai: (its kind, the counts left, the waits, how many waits
        are furiten on the seat's own river with that discard in it, the live winning tiles)."""
        melded = melded_counts(view.me)
        river = view.me.river_kinds
        out = []
        for k, shanten in enumerate(self.discard_shanten(ctx.counts)):
            if shanten != 0:
                continue
            rest = list(ctx.counts)
            rest[k] -= 1
            wins = waits(self.rules, rest, melded)
            furiten = sum(1 for w in wins if river[w] or w == k)
            out.append((k, rest, wins, furiten, sum(ctx.unseen[w] for w in wins)))
        return out

    def marks_of(self, view: View, kind: int) -> int:
        """Han of the marked tiles of `kind` in the hand: a declaring discard keeps the plain copy."""
        return min(self.marks[t] for t in view.hand if t >> 2 == kind)

    def points(self, ctx: Context, rest: list[int], win: int, riichi: bool, indicators: tuple[Tile, ...]) -> int:
        key = (bytes(rest), tuple(m.tiles for m in ctx.melds), win, ctx.seat_wind, ctx.round_wind, riichi, indicators)
        known = self.wins.get(key)
        if known is None:
            if len(self.wins) > 1 << 14:
                self.wins.clear()
            known = self.wins[key] = yaku_wins(
                self.rules,
                rest,
                ctx.scored_melds,
                win,
                ctx.seat_wind,
                ctx.round_wind,
                riichi=riichi,
                indicators=indicators,
            )
        return known

    # ------------------------------------------------------------------ calls
    def worth_calling(self, view: View, ctx: Context, now: int, yaku_meld: bool, *, simples: bool, gain: int) -> bool:
        """A closed hand two steps from tenpai opens for a call that is not its yaku towards a route that
        pays by itself (one suit, all triplets, an honour pair that is a yaku), but towards all simples
        alone only with `SLOW_SIMPLES_VALUE` of dora or marked tiles: a slow cheap hand stays closed. With
        none it stays closed one step away too while the wall is long (`CHEAP_EARLY`), and on a two-sided
        shape (`good_shape`) at any time, for riichi and pinfu, as people's do (the bots' closed wins were
        pinfu less often, 30.5 against 36.2 %); with one han, on a two-sided shape while the wall is long.
        The called tile's dora and marks (`gain`) count towards the hand's value. Where the payment takes
        much of a hand's value for its calls (`CALL_KEEPS`), any hand calls only into tenpai.
        """
        if not super().worth_calling(view, ctx, now, yaku_meld, simples=simples, gain=gain):
            return False
        if self.routes.call_keeps < CALL_KEEPS and now > 1:
            return False
        if not ctx.closed or yaku_meld:
            return True
        value = self.hand_value(view, ctx) + gain
        if not simples or value >= SLOW_SIMPLES_VALUE:
            return True
        if now > 1:
            return False
        good = self.good_shape(ctx.counts, ctx.unseen)
        early = view.live_left >= CHEAP_EARLY
        if value > 0:
            return not (early and good)
        return not (early or good)

    # ------------------------------------------------------------------ the table
    def threatened(self, view: View) -> bool:
        return any(view.riichi(seat) for seat in range(view.players) if seat != view.seat)

    def last_hand(self, view: View) -> bool:
        return 0 <= self.last_wind <= view.bakaze and view.oya == view.players - 1

    def leads_last_hand(self, view: View) -> bool:
        mine = view.score(view.seat)
        return self.last_hand(view) and all(mine > view.score(s) for s in range(view.players) if s != view.seat)

    def fourth_at_stake(self, view: View) -> bool:
        """In the last hand, fourth place is near: the seat is within `STAKE` of the lowest other seat."""
        if not self.last_hand(view):
            return False
        mine = view.score(view.seat)
        lowest = min(view.score(s) for s in range(view.players) if s != view.seat)
        return mine - STAKE < lowest

    # ------------------------------------------------------------------ push or fold
    def caution(self, view: View, ctx: Context, options: list[Dahai]) -> float:
        """Against a riichi, by expected value: a tenpai hand pushes when its chance of winning times its
        value, with what its tenpai pays at the draw, beats the deal-in cost (`push_weight`); a cheap hand one
        away builds on only with nearly safe tiles (`ONE_AWAY_CAREFUL`); else `defensive`'s
        rule, folding sooner when fourth is at stake."""
        weight = super().caution(view, ctx, options)
        if view.me.riichi or not self.threatened(view):
            return weight
        shanten = min(self.discard_shanten(ctx.counts)[d.pai >> 2] for d in options)
        if shanten > 0:
            if self.fourth_at_stake(view):
                return FOLD
            value = self.hand_value(view, ctx)
            if weight == FOLD and view.live_left >= EARLY_PUSH and value >= PUSH_VALUE:
                return CAREFUL
            if weight == FOLD and shanten == 1 and value >= ONE_AWAY_VALUE:
                return CAREFUL
            if weight == CAREFUL and shanten == 1 and value < PUSH_VALUE:
                return ONE_AWAY_CAREFUL
            return weight
        best = self.best_tenpai_any(view, ctx)
        if best is None:
            return FOLD
        live, value = best
        counts = not self.rules.declaration_required and (value > 0 or self.rules.formal_tenpai)
        return self.push_weight(view, live, value, tenpai_counts=counts)

    def push_weight(self, view: View, live: int, value: int, *, tenpai_counts: bool = True) -> float:
        """How much danger weighs for a tenpai hand with `live` winning tiles worth `value` against the
        threats: its chance of winning (live tiles over the draws left, roughly) times its value, and its
        chance of reaching the draw times what being tenpai there pays (`tenpai_counts`: the hand counts
        as tenpai at the draw), against the cost of a deal-in times a typical tile's chance of dealing in.
        People keep a cheap tenpai late for the tenpai payment."""
        win_chance = min(WIN_CHANCE_CAP, live * view.live_left / WIN_CHANCE_SCALE)
        cost = DEAL_IN_COST * max((w for _, w in self.threats), default=1.0)
        if self.fourth_at_stake(view):
            cost *= 2
        gain = win_chance * value
        draw = (1.0 - DRAW_HAZARD) ** view.live_left * self.tenpai_payment(view) if tenpai_counts else 0.0
        if gain + draw < FOLD_BELOW * cost:
            return FOLD
        return PUSH if gain + draw >= PUSH_ABOVE * cost else CAREFUL

    def tenpai_payment(self, view: View) -> int:
        """What being tenpai at an exhaustive draw is worth to this seat over being noten (the Ruleset's
        noten payments), with the seats in riichi or threatening tenpai and the others not."""
        tenpai = [any(s == seat for s, _ in self.threats) for seat in range(view.players)]
        noten = noten_payments(self.rules.ruleset, tenpai, view.oya)[view.seat]
        tenpai[view.seat] = True
        return noten_payments(self.rules.ruleset, tenpai, view.oya)[view.seat] - noten

    def best_tenpai_any(self, view: View, ctx: Context) -> tuple[int, int] | None:
        """(live winning tiles, value of a ron) of the hand's best tenpai discard, declared or not (a ron
        on a hand with no yaku is worth nothing)."""
        indicators = tuple(Tile(t >> 2) for t in view.dora_markers)
        best: tuple[int, int] | None = None
        for _, rest, wins, furiten, live in self.tenpai_discards(view, ctx):
            if furiten:
                continue
            riichi = ctx.closed and self.rules.riichi
            value = min((self.points(ctx, rest, w, riichi, indicators) for w in wins), default=0)
            if best is None or live * value > best[0] * best[1]:
                best = (live, value)
        return best
