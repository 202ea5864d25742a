"""The state of one hand (kyoku), changed only by `Kyoku.apply(event)`, and each seat's view of it.

Plain mutable data with `__slots__`: hands are lists of tile ids plus a 34-count array kept in step
(the shanten tables read the counts), so applying an event costs a few list operations and never a
copy. Furiten is kept as the three facts of DESIGN.md: own discards (from the waits and the river),
missed since the seat's own last discard, and missed after riichi.
"""

from __future__ import annotations

from variantlang.engine.events import (
    NO_MARKER,
    Ankan,
    Chi,
    Dahai,
    Daiminkan,
    Dora,
    Event,
    Hora,
    Kakan,
    Nukidora,
    Pon,
    Reach,
    ReachAccepted,
    Ryukyoku,
    StartKyoku,
    Tsumo,
)
from variantlang.engine.rules import EngineRules
from variantlang.hand.flowers import stand_ins, with_stand_ins
from variantlang.hand.tiles import ALL_KINDS, KINDS, YAOCHUU
from variantlang.model.ruleset import Ruleset
from variantlang.rules.dora import STACK, past_dead_wall
from variantlang.rules.furiten import Furiten, furiten
from variantlang.rules.pao import made_certain


class Meld:
    """A called or concealed set on the table: `kind` is chi, pon, daiminkan, kakan or ankan."""

    __slots__ = ("called", "kind", "target", "tiles")

    def __init__(self, kind: str, tiles: tuple[int, ...], called: int | None, target: int | None) -> None:
        self.kind = kind
        self.tiles = tiles
        self.called = called
        self.target = target


class SeatState:
    __slots__ = (
        "after_nuki",
        "counts",
        "discards",
        "double_riichi",
        "drawn",
        "furiten_at_riichi",
        "furiten_missed",
        "furiten_riichi",
        "hand",
        "ippatsu",
        "ippatsu_before",
        "kuikae",
        "melds",
        "nagashi",
        "nuki",
        "open_riichi",
        "pao",
        "passed_in_riichi",
        "reach_declared",
        "riichi",
        "riichi_accepted",
        "riichi_rivers",
        "rinshan",
        "river_kinds",
        "score",
        "turns",
        "waits",
    )

    def __init__(self, hand: tuple[int, ...], score: int) -> None:
        self.hand = list(hand)
        self.counts = [0] * ALL_KINDS
        """Copies held of each kind, the flowers' past the 34 (`hand.tiles.ALL_KINDS`)."""
        for t in hand:
            self.counts[t >> 2] += 1
        self.melds: list[Meld] = []
        self.discards: list[int] = []
        self.river_kinds = [0] * ALL_KINDS
        """Kinds this seat has discarded (called ones included: they count for furiten)."""
        self.nuki: list[int] = []
        self.score = score
        self.drawn: int | None = None
        """The tile drawn this turn (None after a call, or between turns)."""
        self.rinshan = False
        """The tile drawn counts for rinshan kaihou: a kan's replacement, or a nuki's where it counts
        (`dora.nuki_rinshan`; else the replacement stands for the draw it replaced)."""
        self.after_nuki = False
        """The seat has just set a nuki tile aside: its next draw is that tile's replacement."""
        self.reach_declared = False
        self.open_riichi = False
        """Declared open riichi (R-RIICHI-6): its hand, and so its waits, are shown to all."""
        self.riichi = False
        self.riichi_accepted = False
        self.double_riichi = False
        self.riichi_rivers: tuple[int, ...] = ()
        """Each seat's number of discards when this seat's riichi tile was discarded (what came later is
        safe against it, for whoever can see the table)."""
        self.ippatsu = False
        self.ippatsu_before = False
        """Ippatsu as it was before the last call or kan (a chankan ron is judged before the kan)."""
        self.furiten_missed = False
        self.furiten_riichi = False
        self.furiten_at_riichi = False
        """Declared riichi while furiten on its own discards (`riichi.furiten_riichi chombo`)."""
        self.passed_in_riichi = False
        """Let a win it was offered pass while in riichi (`riichi.missed_win_chombo`; the table records it)."""
        self.kuikae: tuple[int, ...] = ()
        """Kinds this seat may not discard right after its call."""
        self.turns = 0
        """Discards made."""
        self.nagashi = True
        """All discards terminals or honours and none called (nagashi mangan)."""
        self.waits: tuple[int, ...] = ()
        """Kinds that complete the hand (kept for a hand of 3n+1 tiles)."""
        self.pao: int | None = None
        """The seat liable for this seat's pao yakuman, when one is."""

    @property
    def closed(self) -> bool:
        return all(m.kind == "ankan" for m in self.melds)

    def take(self, tile: int) -> None:
        self.hand.remove(tile)
        self.counts[tile >> 2] -= 1

    def furiten(self, ruleset: Ruleset, kind: int, *, tsumo: bool = False) -> Furiten | None:
        """Why this seat may not win on `kind` (None: it may), as the furiten question answers it."""
        missed, in_riichi = self.furiten_missed, self.furiten_riichi
        return furiten(
            ruleset, kind, self.waits, self.river_kinds, missed=missed, missed_in_riichi=in_riichi, tsumo=tsumo
        )


def waits(rules: EngineRules, counts: list[int], melded: list[int] | None = None) -> tuple[int, ...]:
    """Kinds that complete a hand of 3n+1 tiles in any shape the variant has (`rules.shapes`), leaving out a
    kind whose every copy the seat holds."""
    return rules.shapes.waits(counts, melded)


def orphans_wait(counts: list[int], kind: int) -> bool:
    """Whether a closed hand of 13 tiles waits on `kind` for thirteen orphans (what may rob a closed kan). A
    flower held stands in for an honour as `hand.flowers` answers (鳴き立直's 国士無双 has one as its pair)."""
    held, flowers = counts[:KINDS], sum(counts[KINDS:])
    if kind not in YAOCHUU or sum(held) + flowers != 13:
        return False
    return any(_orphans_short_of(with_stand_ins(held, kinds), kind) for kinds in stand_ins(held, flowers))


def _orphans_short_of(counts: list[int], kind: int) -> bool:
    if sum(counts[k] for k in YAOCHUU) != 13:
        return False
    missing = [k for k in YAOCHUU if not counts[k]]
    return not missing or missing == [kind]


def melded_counts(seat: SeatState) -> list[int]:
    out = [0] * ALL_KINDS
    for m in seat.melds:
        for t in m.tiles:
            out[t >> 2] += 1
    return out


class Kyoku:
    """One hand being played: the seats, the wall's counters, the indicators and the table's history."""

    __slots__ = (
        "bakaze",
        "calls_made",
        "dead_spent",
        "dora_due",
        "dora_markers",
        "first_winds",
        "honba",
        "kan_seats",
        "kyoku",
        "kyotaku",
        "last_discard",
        "live_left",
        "offered",
        "oya",
        "players",
        "rules",
        "seats",
    )

    def __init__(self, rules: EngineRules, start: StartKyoku, live: int) -> None:
        self.rules = rules
        self.players = rules.players
        self.bakaze = start.bakaze
        self.kyoku = start.kyoku
        self.honba = start.honba
        self.kyotaku = start.kyotaku
        self.oya = start.oya
        self.seats = [SeatState(start.tehais[i], start.scores[i]) for i in range(self.players)]
        for seat in self.seats:
            seat.waits = waits(rules, seat.counts)
        self.dora_markers = [start.dora_marker] if start.dora_marker != NO_MARKER else []
        self.dora_due = 0
        """Kan indicators waiting for the kan player's discard (`kan_dora_timing after_discard`)."""
        self.live_left = live
        self.dead_spent = 0
        """Replacement tiles taken from the dead wall itself, the live wall being spent."""
        self.kan_seats: list[int] = []
        self.calls_made = False
        """A call, kan or nuki has interrupted the first go-around."""
        self.first_winds: list[int] = []
        """Kinds of the first discards while nobody has called (四風連打)."""
        self.last_discard: tuple[int, int] | None = None
        self.offered: tuple[int, int, bool] | None = None
        """(seat, kind, orphans only) of a tile just offered to the others (discard, added kan, nuki, and a
        closed kan that thirteen orphans may rob): if the next event is not a win on it, whoever could have
        won on it missed it (furiten)."""

    def apply(self, event: Event) -> None:
        """The one way the hand changes."""
        if self.offered is not None and not isinstance(event, Hora):
            self.missed(*self.offered)
            self.offered = None
        if isinstance(event, Tsumo):
            self._tsumo(event)
        elif isinstance(event, Dahai):
            self._dahai(event)
        elif isinstance(event, Chi | Pon | Daiminkan):
            self._call(event)
        elif isinstance(event, Kakan):
            self._kakan(event)
        elif isinstance(event, Ankan):
            self._ankan(event)
        elif isinstance(event, Nukidora):
            self._nukidora(event)
        elif isinstance(event, Dora):
            self._dora(event)
        elif isinstance(event, Reach):
            self.seats[event.actor].reach_declared = True
            self.seats[event.actor].open_riichi = event.open
        elif isinstance(event, ReachAccepted):
            seat = self.seats[event.actor]
            seat.riichi_accepted = True
            seat.score -= self.rules.ruleset.riichi.stick
            self.kyotaku += 1
        elif isinstance(event, Hora | Ryukyoku):
            for seat, delta in zip(self.seats, event.deltas, strict=False):
                seat.score += delta
            if event.reason == "best_paid" if isinstance(event, Ryukyoku) else bool(event.deltas):
                self.kyotaku = 0  # a paid win takes the sticks (play on: the best-paid one, `takes_sticks`)

    def _tsumo(self, event: Tsumo) -> None:
        seat = self.seats[event.actor]
        seat.hand.append(event.pai)
        seat.counts[event.pai >> 2] += 1
        seat.drawn = event.pai
        if not (seat.after_nuki and event.rinshan and not self.rules.nuki_rinshan):
            seat.rinshan = event.rinshan
        seat.after_nuki = False
        if self.live_left and (not event.rinshan or self.rules.replacements_shorten_live):
            self.live_left -= 1
        else:  # a replacement on the last draw (nuki at haitei), or from a fixed dead wall
            self.dead_spent += 1

    def _call(self, event: Chi | Pon | Daiminkan) -> None:
        seat = self.seats[event.actor]
        for t in event.consumed:
            seat.take(t)
        kind = "chi" if isinstance(event, Chi) else "pon" if isinstance(event, Pon) else "daiminkan"
        seat.melds.append(Meld(kind, (*event.consumed, event.pai), event.pai, event.target))
        self.seats[event.target].nagashi = False
        if isinstance(event, Daiminkan):
            self.kan_seats.append(event.actor)
            self._open_kan()
        else:
            seat.kuikae = kuikae_kinds(event.pai, event.consumed) if self.rules.kuikae_forbidden else ()
        self._pao(event.actor, event.target)
        self._interrupt()
        seat.drawn = None

    def _kakan(self, event: Kakan) -> None:
        seat = self.seats[event.actor]
        seat.take(event.pai)
        for m in seat.melds:
            if m.kind == "pon" and m.tiles[0] >> 2 == event.pai >> 2:
                m.kind = "kakan"
                m.tiles = (*m.tiles, event.pai)
        self.kan_seats.append(event.actor)
        self._interrupt()
        self._open_kan()
        self.offered = (event.actor, event.pai >> 2, False)

    def _ankan(self, event: Ankan) -> None:
        seat = self.seats[event.actor]
        for t in event.consumed:
            seat.take(t)
        seat.melds.append(Meld("ankan", event.consumed, None, None))
        self.kan_seats.append(event.actor)
        self._interrupt()
        if self.rules.ankan_robbing:
            self.offered = (event.actor, event.consumed[0] >> 2, True)

    def _nukidora(self, event: Nukidora) -> None:
        seat = self.seats[event.actor]
        seat.take(event.pai)
        seat.nuki.append(event.pai)
        seat.after_nuki = True
        self.offered = (event.actor, event.pai >> 2, False)
        if self.rules.nuki_breaks_ippatsu:
            self._interrupt()
        seat.drawn = None

    def _dora(self, event: Dora) -> None:
        if self.rules.chosen_indicators:
            self._place_indicator(event.dora_marker)
        if past_dead_wall(self.rules.ruleset, len(self.dora_markers)):  # its stack leaves the live wall
            taken = min(STACK, self.live_left)
            self.live_left -= taken
            self.dead_spent -= taken  # … and joins the dead wall
        self.dora_markers.append(event.dora_marker)
        if self.dora_due:
            self.dora_due -= 1
        if len(self.dora_markers) >= self.rules.max_indicators:
            self.dora_due = 0

    def _dahai(self, event: Dahai) -> None:
        seat = self.seats[event.actor]
        tile = event.pai
        kind = tile >> 2
        seat.take(tile)
        seat.discards.append(tile)
        seat.river_kinds[kind] += 1
        if kind < 27 and kind % 9 not in (0, 8):
            seat.nagashi = False
        locked = seat.riichi and self.rules.riichi_locked
        if locked and kind in seat.waits:
            seat.furiten_riichi = True  # a riichi hand let its own winning tile go
        if seat.reach_declared and not seat.riichi:
            self._declared(seat)
        else:
            seat.ippatsu = False
        if not self.calls_made and seat.turns == 0:
            self.first_winds.append(kind)
        seat.turns += 1
        seat.drawn = None
        seat.rinshan = False
        seat.kuikae = ()
        seat.furiten_missed = False
        if not locked:  # a riichi hand keeps its waits: the drawn tile went out again
            self._rewait(seat)
        self.last_discard = (event.actor, tile)
        self.offered = (event.actor, kind, False)

    def _declared(self, seat: SeatState) -> None:
        """The declaring tile has left the hand (a discard, or 鳴き立直's start indicator): the riichi stands."""
        seat.riichi = True
        seat.riichi_rivers = tuple(len(s.discards) for s in self.seats)
        seat.ippatsu = True
        seat.double_riichi = seat.turns == 0 and not self.calls_made

    def _rewait(self, seat: SeatState) -> None:
        """A tile has left the hand: its waits again, and for a riichi hand whether it is furiten on its own
        river (the declaring tile included)."""
        seat.waits = waits(self.rules, seat.counts, melded_counts(seat))
        if seat.riichi:
            seat.furiten_at_riichi = any(seat.river_kinds[w] for w in seat.waits)

    def missed(self, by: int, kind: int, orphans_only: bool = False) -> None:
        """Another seat let `kind` go by: every seat that could win on it is furiten until its own next
        discard (for good, if in riichi); on a closed kan, only a thirteen-orphans wait could. A seat that
        wins on it ends the hand, so this is safe to do at once."""
        for i, other in enumerate(self.seats):
            if i != by and kind in other.waits and (not orphans_only or orphans_wait(other.counts, kind)):
                other.furiten_missed = True
                if other.riichi:
                    other.furiten_riichi = True

    def _place_indicator(self, tile: int) -> None:
        """`dora.chosen_indicators`: the tile leaves the hand (the start player's first turn, in place of
        a discard) or the river (a kan maker's own discard) of the seat that holds it. With
        `dora.furiten_indicators` a tile placed from the hand counts as the seat's own discard for furiten
        (one moved from the river already does)."""
        for seat in self.seats:
            if tile in seat.discards:
                seat.discards.remove(tile)
                return
            if tile in seat.hand:
                seat.take(tile)
                if self.rules.furiten_indicators:
                    seat.river_kinds[tile >> 2] += 1
                if seat.reach_declared and not seat.riichi:  # declared with the placing (鳴き立直 step 6)
                    self._declared(seat)
                seat.turns += 1
                seat.drawn = None
                self._rewait(seat)
                return
        raise ValueError(f"indicator {tile} is in no hand or river")

    def _open_kan(self) -> None:
        """An open kan's indicator waits for the kan player's discard under `kan_dora_timing after_discard`."""
        rules = self.rules
        room = len(self.dora_markers) + self.dora_due < rules.max_indicators
        if rules.kan_dora and not rules.kan_dora_immediate and room:
            self.dora_due += 1

    def _interrupt(self) -> None:
        self.calls_made = True
        for seat in self.seats:
            seat.ippatsu_before = seat.ippatsu
            seat.ippatsu = False

    def _pao(self, actor: int, target: int) -> None:
        """The seat `target` is liable when the call just made made a pao yakuman certain (`rules.pao`); the
        first such call fixes it."""
        seat = self.seats[actor]
        if seat.pao is not None or not self.rules.ruleset.win.pao:
            return
        sets = [(m.kind, min(m.tiles) >> 2) for m in seat.melds]
        if made_certain(self.rules.ruleset, sets[:-1], sets):
            seat.pao = target


def kuikae_kinds(called: int, consumed: tuple[int, ...]) -> tuple[int, ...]:
    """Kinds a caller may not discard next: the called kind and, after a chi on an end, the kind that
    would complete the same run from the other end (suji kuikae)."""
    c = called >> 2
    kinds = sorted(t >> 2 for t in consumed)
    if len(kinds) < 2 or kinds[0] == kinds[1]:
        return (c,)
    number = c % 9
    if c < kinds[0] and number + 3 <= 8:
        return (c, c + 3)
    if c > kinds[1] and number - 3 >= 0:
        return (c, c - 3)
    return (c,)


class View:
    """What one seat may see: its own hand and the table's public facts. Bots and the legal-action
    functions read the hand through this, never another seat's concealed tiles."""

    __slots__ = ("_kyoku", "seat")

    def __init__(self, kyoku: Kyoku, seat: int) -> None:
        self._kyoku = kyoku
        self.seat = seat

    @property
    def me(self) -> SeatState:
        return self._kyoku.seats[self.seat]

    @property
    def hand(self) -> list[int]:
        return self._kyoku.seats[self.seat].hand

    @property
    def live_left(self) -> int:
        return self._kyoku.live_left

    @property
    def dora_markers(self) -> list[int]:
        return self._kyoku.dora_markers

    @property
    def kans(self) -> int:
        return len(self._kyoku.kan_seats)

    @property
    def calls_made(self) -> bool:
        return self._kyoku.calls_made

    @property
    def oya(self) -> int:
        return self._kyoku.oya

    @property
    def bakaze(self) -> int:
        return self._kyoku.bakaze

    @property
    def honba(self) -> int:
        return self._kyoku.honba

    @property
    def kyotaku(self) -> int:
        return self._kyoku.kyotaku

    @property
    def last_discard(self) -> tuple[int, int] | None:
        return self._kyoku.last_discard

    def discards(self, seat: int) -> list[int]:
        return self._kyoku.seats[seat].discards

    def melds(self, seat: int) -> list[Meld]:
        return self._kyoku.seats[seat].melds

    def riichi(self, seat: int) -> bool:
        return self._kyoku.seats[seat].riichi

    def open_waits(self, seat: int) -> tuple[int, ...] | None:
        """The kinds an open riichi (R-RIICHI-6) can ron, known to all from its shown hand and the rivers
        (None when `seat` shows no hand): a furiten wait may be discarded into."""
        other = self._kyoku.seats[seat]
        if not (other.open_riichi and other.riichi):
            return None
        ruleset = self._kyoku.rules.ruleset
        return tuple(k for k in other.waits if other.furiten(ruleset, k) is None)

    def river_kinds(self, seat: int) -> list[int]:
        """Copies of each kind `seat` has discarded, called ones included (its furiten, public)."""
        return self._kyoku.seats[seat].river_kinds

    def passed_since_riichi(self, seat: int) -> set[int]:
        """Kinds any seat discarded after `seat`'s riichi tile without `seat` winning on them (empty
        when `seat` is not in riichi): a riichi hand cannot ron them any more."""
        kyoku = self._kyoku
        marks = kyoku.seats[seat].riichi_rivers
        return {t >> 2 for s, n in zip(kyoku.seats, marks, strict=False) for t in s.discards[n:]}

    def score(self, seat: int) -> int:
        return self._kyoku.seats[seat].score

    def others_tenpai(self) -> int:
        """Other seats in riichi (what a seat can know of the others' tenpai)."""
        return sum(1 for i, s in enumerate(self._kyoku.seats) if i != self.seat and s.riichi)

    @property
    def players(self) -> int:
        return self._kyoku.players
