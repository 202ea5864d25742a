"""Legal actions as small pure functions of (rules, view), in majiang-core's `allow_*` style.

The table offers exactly what these return, bots choose among them, and replay checks a logged action
against them: one definition of legal for all three. Each returns events (the action as it would be
applied), so an offered action and a logged one are compared as records (`same_action`).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from itertools import combinations

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
from variantlang.engine.state import SeatState, View, kuikae_kinds, melded_counts, orphans_wait
from variantlang.hand.decomposition import Meld, MeldType
from variantlang.hand.tiles import YAOCHUU, Tile
from variantlang.model.win import Score, WinInput
from variantlang.rules import nuki as nuki_rules
from variantlang.rules.dora import MOST_KANS
from variantlang.rules.riichi import may_declare, may_kan
from variantlang.rules.winds import round_wind
from variantlang.scoring.scorer import RuleBoundsError, ScoreError

MELD_TYPES = {
    "chi": MeldType.CHI,
    "pon": MeldType.PON,
    "daiminkan": MeldType.MINKAN,
    "kakan": MeldType.KAKAN,
    "ankan": MeldType.ANKAN,
}


@dataclass(frozen=True, slots=True)
class WinFacts:
    """What the state does not hold about a win: how the tile came (robbed from a kan, the last discard)
    and what only settling it reveals (the ura indicators, whether it is the hand's first win)."""

    chankan: bool = False
    houtei: bool = False
    ura: tuple[int, ...] = ()
    first: bool = True


def win_input(
    rules: EngineRules,
    view: View,
    tile: int,
    *,
    tsumo: bool,
    discarder: int | None = None,
    facts: WinFacts = WinFacts(),
) -> WinInput:
    """The win as the scorer takes it, every circumstance read from the state. Every winner is given the
    table's honba and sticks, the facts a conditional setting reads (`min_han 2 when honba >= 5`), so a
    double ron's second winner is scored under the same conditions it was offered the win under; only
    the first win (`facts.first`) is paid them (`hora_event`). A ron's `discarder` (its table seat) is
    given by seat wind, for payment formulas that read the payer."""
    me = view.me
    chankan, ura = facts.chankan, facts.ura
    tiles = rules.tiles.tiles
    closed = [tiles[t] for t in me.hand]
    if not tsumo:
        closed.append(tiles[tile])
    first_go = not view.calls_made and me.turns == 0
    dealer = view.seat == view.oya
    riichi = me.riichi and not me.double_riichi

    def wind(seat: int) -> int:
        return 27 + (seat if rules.fixed_winds else (seat - view.oya) % view.players)

    return WinInput(
        closed=tuple(t for t in closed if t is not None),
        melds=tuple(Meld(MELD_TYPES[m.kind], tuple(_tile(rules, t) for t in m.tiles)) for m in me.melds),
        win=tiles[tile],
        tsumo=tsumo,
        riichi=riichi,
        double_riichi=me.double_riichi,
        ippatsu=me.riichi and (me.ippatsu_before if chankan else me.ippatsu),
        rinshan=tsumo and me.rinshan,
        chankan=chankan,
        haitei=tsumo and view.live_left == 0 and not me.rinshan,
        houtei=facts.houtei,
        tenhou=tsumo and first_go and dealer,
        chiihou=tsumo and first_go and not dealer,
        renhou=not tsumo and first_go and not dealer,
        seat_wind=wind(view.seat),
        round_wind=round_wind(rules.ruleset, 27 + view.bakaze),
        dora_indicators=tuple(_tile(rules, t) for t in view.dora_markers),
        ura_indicators=tuple(_tile(rules, t) for t in ura),
        honba=view.honba,
        riichi_sticks=view.kyotaku,
        nuki=tuple(_tile(rules, t) for t in me.nuki),
        first_win=facts.first,
        tenpai_others=view.others_tenpai(),
        discarder=wind(discarder) if discarder is not None and not tsumo else None,
        open_riichi=me.riichi and me.open_riichi,
        discarder_riichi=discarder is not None and not tsumo and view.riichi(discarder),
    )


def _tile(rules: EngineRules, tile_id: int) -> Tile:
    tile = rules.tiles.tiles[tile_id]
    if tile is None:
        raise ValueError(f"tile id {tile_id} is not in this variant's tile set")
    return tile


def score_win(rules: EngineRules, hand: WinInput) -> Score | None:
    """The win's score, None when it is no win; a rule file that cannot score it (RuleBoundsError) stops
    the game with the place in the file, never passes for "no win"."""
    try:
        return rules.scorer.score(hand)
    except RuleBoundsError:
        raise
    except ScoreError:
        return None


def allow_tsumo(rules: EngineRules, view: View) -> Hora | None:
    """A win on the tile just drawn: the hand is complete, the tile is not one the seat may not win on
    (`riichi.furiten_tsumo`), and it scores (has its yaku)."""
    me = view.me
    if me.drawn is None or not (rules.shapes.complete(me.counts) or _joker_completes(rules, me)):
        return None
    if rules.declaration_required and not me.riichi:
        return None
    if me.furiten(rules.ruleset, me.drawn >> 2, tsumo=True) is not None:
        return None
    if score_win(rules, win_input(rules, view, me.drawn, tsumo=True)) is None:
        return None
    return Hora(view.seat, view.seat, me.drawn)


def _joker_completes(rules: EngineRules, me: SeatState) -> bool:
    """The tile just drawn is a joker (`Shapes.wild`) and the rest of the hand has a kind for it to stand for."""
    assert me.drawn is not None
    shapes = rules.shapes
    if not shapes.wild(rules.tiles.tiles[me.drawn], tsumo=True, riichi=me.riichi, ippatsu=me.ippatsu):
        return False
    kind = me.drawn >> 2
    me.counts[kind] -= 1
    kinds = shapes.joker_kinds(me.counts, melded_counts(me))
    me.counts[kind] += 1
    return bool(kinds)


def allow_ron(
    rules: EngineRules,
    view: View,
    target: int,
    tile: int,
    *,
    chankan: bool = False,
    nuki: bool = False,
    ankan: bool = False,
) -> Hora | None:
    """A win on another seat's tile: it completes the hand, the seat is not furiten, and it scores. A
    closed kan (`ankan`) is robbed only by a thirteen-orphans wait, where the Ruleset allows it."""
    me = view.me
    kind = tile >> 2
    if kind not in me.waits or me.furiten(rules.ruleset, kind) is not None:
        return None
    if rules.declaration_required and not me.riichi:
        return None
    if ankan and not (rules.ankan_robbing and orphans_wait(me.counts, kind)):
        return None
    robbing = nuki_rules.ron_on(rules.ruleset, kind) if nuki else "all"
    if robbing == "never":
        return None
    houtei = not chankan and not nuki and view.live_left == 0
    facts = WinFacts(chankan=chankan, houtei=houtei)
    hand = win_input(rules, view, tile, tsumo=False, discarder=target, facts=facts)
    score = score_win(rules, hand)
    if score is None or (robbing == "yakuman_only" and not score.yakuman):
        return None
    return Hora(view.seat, target, tile)


def allow_discards(rules: EngineRules, view: View) -> list[Dahai]:
    """Tiles the seat may discard now: a riichi hand only its drawn tile (where riichi locks the hand);
    after a call, not the kuikae kinds."""
    me = view.me
    if me.riichi and rules.riichi_locked:
        drawn = me.drawn
        if drawn is None or (drawn >> 2 in rules.set_aside_only and allow_nuki(rules, view)):
            return []  # a tile only set aside is thrown by a locked hand only where it cannot be (haitei)
        return [Dahai(view.seat, drawn, True)]
    forbidden = _not_discardable(rules, me.kuikae)
    values = rules.tiles.values
    drawn = me.drawn
    seat = view.seat
    out = []
    seen: set[tuple[int, str]] = set()
    for t in me.hand:
        if forbidden and t >> 2 in forbidden:
            continue
        value = values[t]
        if value in seen and t != drawn:
            continue
        seen.add(value)
        out.append(Dahai(seat, t, t == drawn))
    return out


def allow_riichi(rules: EngineRules, view: View) -> list[Dahai]:
    """The discards that leave a riichi-worthy tenpai, when riichi may be declared at all (else empty)."""
    me = view.me
    if me.riichi or me.reach_declared or me.drawn is None:
        return []
    if not may_declare(rules.ruleset, live_left=view.live_left, score=me.score, closed=me.closed):
        return []
    if not rules.shapes.near(me.counts):
        return []
    out = []
    melded = melded_counts(me)
    for d in allow_discards(rules, view):
        kind = d.pai >> 2
        me.counts[kind] -= 1
        if rules.shapes.waits(me.counts, melded):
            out.append(d)
        me.counts[kind] += 1
    return out


def _kan_room(rules: EngineRules, view: View) -> bool:
    return rules.kan and view.kans < MOST_KANS and view.live_left > 0


def allow_ankan(rules: EngineRules, view: View) -> list[Ankan]:
    me = view.me
    if me.drawn is None or not _kan_room(rules, view):
        return []
    out = []
    for kind, n in enumerate(me.counts):
        if n != 4:
            continue
        if me.riichi and not _riichi_kan(rules, view, kind):
            continue
        out.append(Ankan(view.seat, tuple(t for t in me.hand if t >> 2 == kind)))
    return out


def _riichi_kan(rules: EngineRules, view: View, kind: int) -> bool:
    """A closed kan of `kind` by a seat in riichi, as `rules.riichi.may_kan` allows it; the yaku it compares
    are the scorer's, on a win of the riichi hand with the tile just drawn set back."""
    me = view.me
    if me.drawn is None:
        return False
    base = win_input(rules, view, me.drawn, tsumo=True)
    kan = tuple(t for t in base.closed if t.kind == kind)
    rest = list(base.closed)
    rest.remove(kan[-1])

    def yaku_of(win: int, made: bool) -> frozenset[str] | None:
        closed = [t for t in rest if t.kind != kind] if made else rest
        melds = (*base.melds, Meld(MeldType.ANKAN, kan)) if made else base.melds
        hand = replace(base, closed=(*closed, Tile(win)), melds=melds, win=Tile(win))
        score = score_win(rules, hand)
        return None if score is None else frozenset(y.id for y in score.yaku)

    return may_kan(rules.ruleset, rules.shapes, me.counts, melded_counts(me), kind, me.drawn >> 2, yaku_of)


def allow_kakan(rules: EngineRules, view: View) -> list[Kakan]:
    me = view.me
    if me.drawn is None or me.riichi or not _kan_room(rules, view):
        return []
    out = []
    for m in me.melds:
        if m.kind == "pon":
            kind = m.tiles[0] >> 2
            for t in me.hand:
                if t >> 2 == kind:
                    out.append(Kakan(view.seat, t, m.tiles))
    return out


def allow_nuki(rules: EngineRules, view: View) -> list[Nukidora]:
    me = view.me
    if not rules.nuki or me.drawn is None:
        return []
    if view.live_left == 0 and not rules.ruleset.dora.nuki_at_haitei:
        return []
    if me.riichi and rules.riichi_locked:  # a locked hand sets aside only what it drew
        return [Nukidora(view.seat, me.drawn)] if me.drawn >> 2 in rules.nuki else []
    value = rules.tiles.value  # a red 5m and a plain one are two choices (`action_key`), not one
    out: list[Nukidora] = []
    for t in me.hand:
        if t >> 2 in rules.nuki and all(value(n.pai) != value(t) for n in out):
            out.append(Nukidora(view.seat, t))
    return out


def allow_kyuushu(rules: EngineRules, view: View) -> Ryukyoku | None:
    """Nine different terminals and honours on the seat's first, uninterrupted draw."""
    me = view.me
    if not rules.ruleset.draws.kyuushu_kyuuhai or view.calls_made or me.turns or me.drawn is None:
        return None
    if sum(1 for k in YAOCHUU if me.counts[k]) < 9:
        return None
    return Ryukyoku("kyuushu_kyuuhai")


def turn_options(rules: EngineRules, view: View) -> list[TurnAction]:
    """Everything the seat may do on its turn, a discard last."""
    out: list[TurnAction] = []
    hora = allow_tsumo(rules, view)
    if hora is not None:
        out.append(hora)
    kyuushu = allow_kyuushu(rules, view)
    if kyuushu is not None:
        out.append(kyuushu)
    nuki = allow_nuki(rules, view)
    forced = [n for n in nuki if nuki_rules.must_set_aside(rules.ruleset, n.pai >> 2)]
    if forced:  # `dora.nuki_mode forced`: nothing else until it is set aside
        return [*out, *forced]
    if allow_riichi(rules, view):
        out.append(Reach(view.seat))
        if rules.open_riichi:
            out.append(Reach(view.seat, open=True))
    out += allow_ankan(rules, view)
    out += allow_kakan(rules, view)
    out += nuki
    out += allow_discards(rules, view)
    return out


def _calls_allowed(rules: EngineRules, view: View) -> bool:
    return not view.me.riichi and (view.live_left > 0 or rules.last_discard_calls)


def _not_discardable(rules: EngineRules, kuikae: tuple[int, ...]) -> tuple[int, ...]:
    """The kinds a seat may not discard now: the kuikae kinds after a call, and the nuki tiles where they are
    only set aside (`dora.nuki_discard off`)."""
    return (*kuikae, *rules.set_aside_only) if kuikae else rules.set_aside_only


def _leaves_discard(rules: EngineRules, me: SeatState, consumed: tuple[int, ...], kuikae: tuple[int, ...]) -> bool:
    """A call is only offered when some tile may still be discarded after it: not a kuikae kind, and not
    only nuki tiles, which are set aside after a draw, never after a call (鳴き立直's flowers)."""
    forbidden = _not_discardable(rules, kuikae)
    rest = list(me.hand)
    for t in consumed:
        rest.remove(t)
    return any(t >> 2 not in forbidden for t in rest)


def _choices(rules: EngineRules, me: SeatState, kinds: tuple[int, ...]) -> list[tuple[int, ...]]:
    """The ways to take one tile of each kind from the hand, one per distinct set of tile values."""
    pools = [[t for t in me.hand if t >> 2 == k] for k in kinds]
    out: dict[tuple[tuple[int, str], ...], tuple[int, ...]] = {}
    if len(kinds) == 2 and kinds[0] == kinds[1]:
        for pair in combinations(pools[0], 2):
            out.setdefault(tuple(sorted(rules.tiles.value(t) for t in pair)), pair)
        return list(out.values())
    for a in pools[0]:
        for b in pools[1]:
            out.setdefault((rules.tiles.value(a), rules.tiles.value(b)), (a, b))
    return list(out.values())


def _callable(rules: EngineRules, kind: int) -> bool:
    """A discarded nuki tile may be called unless `calls.nuki_callable off` (DORA麻雀 §2-7: no pon or kan of
    a discarded North)."""
    return kind not in rules.nuki or rules.ruleset.calls.nuki_callable


def allow_pon(rules: EngineRules, view: View, target: int, tile: int) -> list[Pon]:
    me = view.me
    kind = tile >> 2
    if not rules.pon or me.counts[kind] < 2 or not _calls_allowed(rules, view) or not _callable(rules, kind):
        return []
    kuikae = (kind,) if rules.kuikae_forbidden else ()
    return [
        Pon(view.seat, target, tile, pair)
        for pair in _choices(rules, me, (kind, kind))
        if _leaves_discard(rules, me, pair, kuikae)
    ]


def allow_daiminkan(rules: EngineRules, view: View, target: int, tile: int) -> list[Daiminkan]:
    me = view.me
    kind = tile >> 2
    if me.counts[kind] != 3 or not _calls_allowed(rules, view) or not _kan_room(rules, view):
        return []
    if not _callable(rules, kind):
        return []
    return [Daiminkan(view.seat, target, tile, tuple(t for t in me.hand if t >> 2 == kind))]


def allow_chi(rules: EngineRules, view: View, target: int, tile: int) -> list[Chi]:
    """Chi only from the seat on the left, on a suited tile, in any of the up to three runs."""
    me = view.me
    kind = tile >> 2
    if not rules.chi or (target + 1) % view.players != view.seat or kind >= 27 or not _calls_allowed(rules, view):
        return []
    n = kind % 9
    out = []
    for low in (kind - 2, kind - 1, kind):
        if low < kind - n or low + 2 > kind - n + 8:
            continue
        kinds = tuple(k for k in (low, low + 1, low + 2) if k != kind)
        if any(me.counts[k] == 0 for k in kinds):
            continue
        for pair in _choices(rules, me, kinds):
            kuikae = kuikae_kinds(tile, pair) if rules.kuikae_forbidden else ()
            if _leaves_discard(rules, me, pair, kuikae):
                out.append(Chi(view.seat, target, tile, pair))
    return out


def call_options(rules: EngineRules, view: View, target: int, tile: int) -> list[CallAction]:
    """What the seat may do with another seat's discard."""
    out: list[CallAction] = []
    hora = allow_ron(rules, view, target, tile)
    if hora is not None:
        out.append(hora)
    out += allow_daiminkan(rules, view, target, tile)
    out += allow_pon(rules, view, target, tile)
    out += allow_chi(rules, view, target, tile)
    return out


def action_key(rules: EngineRules, action: object) -> tuple[object, ...]:
    """An action as play tells it apart: the type, the seats and the tile values (which copy of a plain
    five is used makes no difference)."""
    value = rules.tiles.value
    key: list[object] = [type(action).__name__]
    for name in ("actor", "target"):
        if hasattr(action, name):
            key.append(getattr(action, name))
    if hasattr(action, "pai"):
        key.append(value(action.pai))
    if hasattr(action, "consumed"):
        key.append(tuple(sorted(value(t) for t in action.consumed)))
    if isinstance(action, Ryukyoku):
        key.append(action.reason)
    if isinstance(action, Reach):
        key.append(action.open)
    return tuple(key)


def offered(rules: EngineRules, action: object, options: list[TurnAction] | list[CallAction]) -> bool:
    if action in options:  # the same record (a bot picked it from the list)
        return True
    key = action_key(rules, action)
    return any(action_key(rules, o) == key for o in options)
