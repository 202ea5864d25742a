"""The `efficiency` bot: plays its own hand as fast and as valuably as it can, blind to the others.

Discards by shanten, then ukeire counted over the copies it cannot see; dora and marked tiles (their
values read from the Ruleset) weigh against throwing them. Riichi when a closed tenpai hand's ron would
not pay well without it, never on a wait that is all furiten nor, where the variant makes a furiten riichi
a chombo, on any furiten wait. Tenpai and waits include the shapes the Ruleset adds (`rules.shapes`).
Calls only when the call lowers the shanten and the hand after it still has a route to a yaku the
Ruleset's scorer accepts (`routes`); an open hand then discards what that route cannot use first. Takes
every win offered (the engine offers only wins that score). A flower counts for nothing in its shanten, so
it is set aside whenever that is offered, and thrown only when nothing else is.
"""

from __future__ import annotations

from collections.abc import Sequence

from variantlang.bots.routes import ALL, SIMPLES, Routes, routes_for, scored_meld, yaku_wins
from variantlang.bots.shape import Shape
from variantlang.engine.events import (
    Ankan,
    CallAction,
    Chi,
    Dahai,
    Daiminkan,
    Hora,
    Kakan,
    Nukidora,
    Pon,
    Reach,
    Ryukyoku,
    TurnAction,
)
from variantlang.engine.rules import EngineRules
from variantlang.engine.state import Meld, View, kuikae_kinds
from variantlang.hand.shanten import ShantenTables
from variantlang.hand.tiles import ALL_KINDS, KINDS, YAOCHUU, Mark, is_yaochuu
from variantlang.rules.winds import round_wind

SHANTEN_WEIGHT = 1000.0
"""One step of shanten outweighs any ukeire."""
VALUE_WEIGHT = 6.0
"""A han of dora or of a marked tile kept is worth this many unseen improving tiles."""
ROUTE_WEIGHT = 3000.0
"""A tile the hand's route to a yaku cannot use goes before anything else; its anchor stays."""
DAMA_POINTS = 3900
"""A closed tenpai hand whose ron pays this much without riichi stays silent (dama)."""
OPEN_RIICHI_WAITS = 8
"""Unseen winning tiles from which a riichi is declared open where the variant allows it (R-RIICHI-6)."""
OPEN_FROM = 2
"""A closed hand opens only this close to tenpai (in shanten, before the call)."""
KYUUSHU_KEEP = 2
"""Thirteen orphans this close (in shanten) is worth playing on rather than ending the hand."""

_SHAPES: dict[int, Shape] = {}


def shape_for(tables: ShantenTables) -> Shape:
    """One `Shape` per tile set's tables, shared by every seat of a worker."""
    shape = _SHAPES.get(id(tables))
    if shape is None or shape.tables is not tables:
        shape = _SHAPES[id(tables)] = Shape(tables)
    return shape


def mark_values(rules: EngineRules) -> list[int]:
    """Han each physical tile id is worth for its mark (red, gold, …), as the Ruleset sets them."""
    by_mark = {mark: value for mark, _, value in rules.scorer.dora.marks}
    by_mark[Mark.RED] = rules.ruleset.dora.red_value
    out = []
    for tile in rules.tiles.tiles:
        out.append(0 if tile is None else by_mark.get(tile.mark, 0))
    return out


def dora_kinds(seat: EfficiencySeat, view: View) -> list[int]:
    """Dora han per kind on the table now: always-dora kinds and what the indicators shown point at."""
    dora = list(seat.always)
    indicator = seat.rules.scorer.dora.indicator
    for marker in view.dora_markers:
        for k in indicator[marker >> 2]:
            dora[k] += 1
    return dora


class Context:
    """What one decision reads from the view, worked out once: the hand's counts, the copies of each
    kind not yet seen, dora han per kind, the winds and the hand's route to a yaku."""

    __slots__ = ("closed", "counts", "dora", "melds", "plan", "round_wind", "scored_melds", "seat_wind", "unseen")

    def __init__(self, seat: EfficiencySeat, view: View) -> None:
        rules = seat.rules
        me = view.me
        counts = me.counts
        seen: list[int] = [
            sum(column) for column in zip(*(view.river_kinds(i) for i in range(view.players)), strict=True)
        ]
        for i in range(view.players):
            for m in view.melds(i):
                for t in m.tiles:
                    if t != m.called:
                        seen[t >> 2] += 1
        for marker in view.dora_markers:
            seen[marker >> 2] += 1
        copies = rules.copies
        self.unseen = [max(0, copies[k] - counts[k] - seen[k]) for k in range(KINDS)]
        self.unseen += [0] * (ALL_KINDS - KINDS)  # a flower one waits on is not counted on
        self.counts = bytes(counts)
        self.dora = dora_kinds(seat, view)
        self.melds = me.melds
        self.closed = me.closed
        self.seat_wind = 27 + (view.seat if rules.fixed_winds else (view.seat - view.oya) % view.players)
        self.round_wind = round_wind(rules.ruleset, 27 + view.bakaze)
        self.scored_melds = tuple(scored_meld(rules, m) for m in me.melds)
        self.plan = seat.routes.plan(counts, me.melds, self.seat_wind, self.round_wind)


class EfficiencySeat:
    """See the module docstring."""

    __slots__ = (
        "always",
        "chombo_furiten",
        "mark_weight",
        "marks",
        "riichi_kind",
        "routes",
        "rules",
        "shape",
        "value_weight",
        "wins",
    )

    def __init__(self, rules: EngineRules) -> None:
        self.rules = rules
        self.shape = shape_for(rules.shanten)
        self.routes: Routes = routes_for(rules)
        self.marks = mark_values(rules)
        self.value_weight = VALUE_WEIGHT
        self.mark_weight = VALUE_WEIGHT
        always = [0] * ALL_KINDS  # a flower held is no dora (set aside, it is a nuki)
        for k in rules.ruleset.dora_tables.always:
            always[k] = 1
        self.always = always
        self.wins: dict[tuple[object, ...], int] = {}
        """Points of hypothetical wins (no dora) by hand, melds, winning kind and winds."""
        self.riichi_kind = -1
        """The discard the last riichi decision judged (the declaring discard is that one)."""
        self.chombo_furiten = rules.ruleset.riichi.furiten_riichi == "chombo"

    # ------------------------------------------------------------------ the seat protocol
    def turn(self, view: View, options: list[TurnAction]) -> TurnAction:
        discards: list[Dahai] = []
        flowers: list[Dahai] = []
        for option in options:
            if isinstance(option, Hora):
                return option
            if isinstance(option, Dahai):
                (flowers if option.pai >> 2 >= KINDS else discards).append(option)
        if flowers and not discards:  # a flower that cannot be set aside now (after a call, at the last draw) goes last
            return flowers[0]
        if view.me.reach_declared and not view.me.riichi:  # the declaring discard: the one judged
            for option in discards:
                if option.pai >> 2 == self.riichi_kind:
                    return option
        ctx = Context(self, view)
        for option in options:
            if isinstance(option, Ryukyoku) and self._end_kyuushu(ctx):
                return option
            if isinstance(option, Nukidora) and self._keeps_shanten(ctx, option.pai >> 2, 1):
                return option
            if isinstance(option, Ankan | Kakan) and self._keeps_shanten(
                ctx, option.consumed[0] >> 2, 4 if isinstance(option, Ankan) else 1
            ):
                return option
            if isinstance(option, Reach) and self._riichi(view, ctx):
                return self.open_or_closed(view, ctx, options, option)
        # no discard offered: a nuki tile is set aside first (`dora.nuki_mode forced`)
        return self.discard(view, ctx, discards) if discards else options[-1]

    def call(self, view: View, options: list[CallAction]) -> CallAction | None:
        for option in options:
            if isinstance(option, Hora):
                return option
        return self.best_call(view, options)

    # ------------------------------------------------------------------ discards
    def discard(self, view: View, ctx: Context, options: list[Dahai]) -> Dahai:
        scores = self.scores(ctx, options)
        return options[max(range(len(options)), key=scores.__getitem__)]

    def scores(self, ctx: Context, options: Sequence[Dahai]) -> list[float]:
        """How good each discard leaves the hand, in unseen improving tiles (see the weights above)."""
        counts = ctx.counts
        after = self.discard_shanten(counts)
        best = min(after[d.pai >> 2] for d in options)
        mask, anchor = ctx.plan if ctx.plan is not None else (ALL, -1)
        restricted = None if mask is ALL else mask
        contested = len({d.pai >> 2 for d in options if after[d.pai >> 2] == best}) > 1
        known: dict[int, float] = {}  # a red and a plain copy of a kind leave the same hand
        out = []
        for d in options:
            kind = d.pai >> 2
            shanten = after[kind]
            score = (
                -SHANTEN_WEIGHT * shanten - self.value_weight * ctx.dora[kind] - self.mark_weight * self.marks[d.pai]
            )
            if shanten == best and contested:
                if kind not in known:
                    rest = bytearray(counts)
                    rest[kind] -= 1
                    known[kind] = self.ukeire(ctx, bytes(rest), shanten, restricted)
                score += known[kind]
            if not mask[kind]:
                score += ROUTE_WEIGHT
            elif kind == anchor:
                score -= ROUTE_WEIGHT
            score += self.tie_break(ctx, kind)
            out.append(score)
        return out

    def discard_shanten(self, counts: bytes) -> list[int]:
        """Shanten after discarding each kind (99: not held). A shape the Ruleset adds beyond the shanten
        tables (`rules.shapes`: seven pairs holding a quad, …) counts as tenpai where it waits."""
        after = self.shape.changed(counts, -1)
        if self.rules.shapes.extra:
            for kind, shanten in enumerate(after):
                if 0 < shanten < 99:
                    rest = list(counts)
                    rest[kind] -= 1
                    if self.rules.shapes.waits(rest):
                        after[kind] = 0
        return after

    def winning_kinds(self, rest: bytes) -> list[int]:
        """The kinds that complete `rest` (3n+1 closed tiles) in any shape the Ruleset has."""
        if self.rules.shapes.extra:
            return list(self.rules.shapes.waits(list(rest)))
        return [kind for kind, after in enumerate(self.shape.changed(rest, 1)) if after < 0]

    def ukeire(self, ctx: Context, rest: bytes, shanten: int, mask: Sequence[bool] | None) -> float:
        """Unseen tiles that improve `rest` (3n+1); at tenpai, only winning tiles the hand can win on."""
        if shanten > 0:
            return float(self.shape.ukeire(rest, ctx.unseen, mask)[1])
        routes = self.routes
        need_yaku = not (routes.anything or (ctx.closed and routes.riichi))
        total = 0
        for kind in self.winning_kinds(rest):
            if ctx.unseen[kind]:
                if need_yaku and self.win_points(ctx, rest, kind, riichi=False) == 0:
                    continue
                total += ctx.unseen[kind]
        return float(total)

    def tie_break(self, ctx: Context, kind: int) -> float:
        """Among equals, throw honours and terminals first, dead ones soonest, and keep honours that
        would be a yaku as a triplet."""
        if kind < 27:
            return 0.3 if is_yaochuu(kind) else 0.0
        if self.routes.triplet(kind, ctx.seat_wind, ctx.round_wind) and ctx.unseen[kind] >= 2:
            return 0.2
        return 0.6 + 0.1 * (3 - ctx.unseen[kind])

    def win_points(self, ctx: Context, rest: bytes, kind: int, *, riichi: bool) -> int:
        key = (rest, tuple(m.tiles for m in ctx.melds), kind, ctx.seat_wind, ctx.round_wind, riichi)
        known = self.wins.get(key)
        if known is None:
            if len(self.wins) > 1 << 14:
                self.wins.clear()
            known = self.wins[key] = yaku_wins(
                self.rules, rest, ctx.scored_melds, kind, ctx.seat_wind, ctx.round_wind, riichi=riichi
            )
        return known

    # ------------------------------------------------------------------ turn choices
    def _end_kyuushu(self, ctx: Context) -> bool:
        orphans = sum(1 for k in YAOCHUU if ctx.counts[k])
        pair = any(ctx.counts[k] >= 2 for k in YAOCHUU)
        return 13 - orphans - pair > KYUUSHU_KEEP

    def _keeps_shanten(self, ctx: Context, kind: int, n: int) -> bool:
        """Whether setting `n` tiles of `kind` aside (a kan, a nuki) leaves the hand as close to winning as
        its best discard would."""
        before = min(self.discard_shanten(ctx.counts))
        counts = bytearray(ctx.counts)
        counts[kind] -= n
        return self.shape.shanten(bytes(counts)) <= before

    def _riichi(self, view: View, ctx: Context) -> bool:
        """Riichi unless the best tenpai has no unseen winning tile, or already pays well as a silent ron;
        never on a wait `refuses_riichi` refuses."""
        best_waits, dama = self._best_wait(view, ctx)
        return best_waits > 0 and dama < DAMA_POINTS

    def open_or_closed(self, view: View, ctx: Context, options: Sequence[TurnAction], closed: Reach) -> Reach:
        """Open riichi (R-RIICHI-6) where it is offered and the wait is wide: the others see the wait and
        avoid it, so its han is won mostly by tsumo, which a wide wait makes likely."""
        shown = next((o for o in options if isinstance(o, Reach) and o.open), None)
        if shown is None or self._best_wait(view, ctx)[0] < OPEN_RIICHI_WAITS:
            return closed
        return shown

    def _best_wait(self, view: View, ctx: Context) -> tuple[int, int]:
        """(unseen winning tiles, silent ron value) of the tenpai discard with the most unseen winning tiles
        that `refuses_riichi` allows."""
        best_waits, dama = 0, 0
        river = view.me.river_kinds
        for k, shanten in enumerate(self.discard_shanten(ctx.counts)):
            if shanten != 0:
                continue
            rest = bytearray(ctx.counts)
            rest[k] -= 1
            rest_b = bytes(rest)
            waits = self.winning_kinds(rest_b)
            if self.refuses_riichi(sum(1 for w in waits if river[w] or w == k), len(waits)):
                continue
            unseen = sum(ctx.unseen[w] for w in waits)
            if unseen > best_waits:
                best_waits, self.riichi_kind = unseen, k
                dama = min(self.win_points(ctx, rest_b, w, riichi=False) for w in waits)
        return best_waits, dama

    def refuses_riichi(self, furiten: int, waits: int) -> bool:
        """Whether a riichi is refused on a wait of `waits` kinds, `furiten` of them in the seat's own river
        with the declaring tile (the engine's furiten riichi): where the variant makes a furiten riichi a
        chombo (`riichi.furiten_riichi`), and where every wait is furiten (it could never win by ron)."""
        return furiten > 0 and (self.chombo_furiten or furiten == waits)

    # ------------------------------------------------------------------ calls
    def best_call(self, view: View, options: list[CallAction]) -> CallAction | None:
        """The call that lowers the shanten most while keeping a route to a yaku, if any does; a kan only
        on an open hand, when it costs no shanten."""
        me = view.me
        shape = self.shape
        counts = bytes(me.counts)
        now = shape.shanten(counts)
        best: CallAction | None = None
        best_key = (now + 1, 0)
        ctx: Context | None = None
        for option in options:
            if not isinstance(option, Chi | Pon | Daiminkan):
                continue
            rest = bytearray(counts)
            for t in option.consumed:
                rest[t >> 2] -= 1
            if isinstance(option, Daiminkan):
                if me.closed or shape.shanten(bytes(rest)) > now:
                    continue
                key = (now, 1)
            else:
                forbidden = kuikae_kinds(option.pai, option.consumed) if self.rules.kuikae_forbidden else ()
                after = shape.changed(bytes(rest), -1)
                # 99 (passed) when only flowers would be left to throw: they count for nothing in shanten
                shanten = min((s for k, s in enumerate(after) if rest[k] and k not in forbidden), default=99)
                if shanten >= now:
                    continue
                key = (shanten, 0)
            if key >= best_key:
                continue
            if ctx is None:
                ctx = Context(self, view)
            kind = "chi" if isinstance(option, Chi) else "pon" if isinstance(option, Pon) else "daiminkan"
            meld = Meld(kind, (*option.consumed, option.pai), option.pai, option.target)
            plan = self.routes.plan(rest, [*me.melds, meld], ctx.seat_wind, ctx.round_wind)
            if plan is None:
                continue
            yaku_meld = kind != "chi" and option.pai >> 2 >= 27
            yaku_meld = yaku_meld and self.routes.triplet(option.pai >> 2, ctx.seat_wind, ctx.round_wind)
            gain = ctx.dora[option.pai >> 2] + self.marks[option.pai]
            if not self.worth_calling(view, ctx, now, yaku_meld, simples=plan[0] is SIMPLES, gain=gain):
                continue
            best, best_key = option, key
        return best

    def worth_calling(self, view: View, ctx: Context, now: int, yaku_meld: bool, *, simples: bool, gain: int) -> bool:
        """A closed hand opens only when it is not far off (the call alone rarely carries a slow hand),
        or when the call itself is its yaku (a triplet of a yaku honour); `simples`: the open hand's only
        route is all simples; `gain`: han of dora and marks the called tile brings."""
        return not ctx.closed or now <= OPEN_FROM or yaku_meld
