"""The flip test's built situations for the engine (issue 18): each plays one hand on a stacked wall
(`stacking`), from a chosen state of the game where the setting needs one (a later hand, the last hand),
and answers with the specific event, settlement or standing the setting decides."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from stacking import Scripted, ids, passing, stacked

from variantlang.engine.events import (
    Ankan,
    Chi,
    Dahai,
    Daiminkan,
    Dora,
    EndGame,
    Event,
    Hora,
    Nukidora,
    Pon,
    Reach,
    Ryukyoku,
)
from variantlang.engine.rules import EngineRules
from variantlang.engine.table import Game, Seat
from variantlang.engine.wall import StackedWall
from variantlang.model.ruleset import Ruleset

Play = Callable[[Ruleset], Any]


@dataclass(frozen=True)
class Shown:
    """An engine case shown on a built situation: `play` answers `before` under the case's first side
    and `after` under the flipped one; `base` holds what both sides need for the setting to matter."""

    play: Play
    before: Any
    after: Any
    base: str = ""


NOTEN = ("1379m1379p1379s5m", "1379m1379p1379s5p", "1379m1379p1379s5s", "1379m1379p1379s6m")
"""Hands never tenpai while they discard what they draw, with no honour."""
TANYAO = "234m567m345s66s34p"
"""Waits on 2p and 5p: pinfu and tanyao on a ron."""
SANMA_NOTEN = ("1357p1357s19m567z", "2468p2468s19m567z", "1357p2468s19m567z")
FILLERS = "6z7z6z7z6z7z6z7z"
"""Draws nobody waits on (the hands `ron_wall` is used with hold no green or red dragon)."""


@cache
def _rules(ruleset: Ruleset) -> EngineRules:
    return EngineRules(ruleset)


def play(
    ruleset: Ruleset, wall: StackedWall, seats: Sequence[Seat] | None = None, **state: Any
) -> tuple[Game, list[Event]]:
    """One hand on `wall` from the game's state `state` (its attributes: `bakaze`, `oya`, `scores` …)."""
    rules = _rules(ruleset)
    events: list[Event] = []
    game = Game(rules, seats or passing(rules.players), listener=events.append)
    for name, value in state.items():
        setattr(game, name, value)
    game.play_kyoku(wall)
    return game, events


def of(events: list[Event], kind: type) -> list[Any]:
    return [e for e in events if isinstance(e, kind)]


def draw_reason(events: list[Event]) -> str | None:
    return next((e.reason for e in of(events, Ryukyoku)), None)


def ron_wall(hands: list[str], oya: int, winner: int, discarder: int, tile: str = "2p") -> StackedWall:
    """`discarder` draws `tile` and lets it go once every seat from the dealer to `winner` has drawn
    (no first-turn win); every draw before it is a filler."""
    n = len(hands)
    before = (discarder - oya) % n
    if (winner - oya) % n >= before:
        before += n
    return stacked(hands, FILLERS[: 2 * before] + tile)


def ron_hands(n: int, winner: int, hand: str = TANYAO) -> list[str]:
    return [hand if i == winner else NOTEN[i] for i in range(n)]


def ron_seats(n: int, winner: int) -> list[Seat]:
    return [Scripted(calls=(Hora,)) if i == winner else Scripted() for i in range(n)]


def ron_game(
    ruleset: Ruleset, winner: int, discarder: int, *, oya: int = 0, scores: Sequence[int] = (25000,) * 4, **state: Any
) -> tuple[Game, list[Event]]:
    """`winner` rons 2p from `discarder` in the hand dealt by `oya`: pinfu, tanyao and a dora (2m, under the
    1m indicator), 3900 from a non-dealer."""
    wall = ron_wall(ron_hands(4, winner), oya, winner, discarder)
    place = {"oya": oya, "dealer": oya, "scores": list(scores), **state}
    return play(ruleset, wall, ron_seats(4, winner), **place)


def drawn_game(
    ruleset: Ruleset, hands: list[str], seats: Sequence[Seat] | None = None, **state: Any
) -> tuple[Game, list[Event]]:
    """A hand of seats that only let their draws go, to the end of the wall."""
    return play(ruleset, stacked(hands), seats, **state)


def ended(game: Game) -> tuple[bool, str]:
    return game.over, game.end.reason if game.end is not None else ""


# ------------------------------------------------------------------ the game's length and end

LAST = {"bakaze": 1, "oya": 3, "dealer": 3}
"""South 4, the last hand of a hanchan."""


def east_four_with_a_top(ruleset: Ruleset) -> Any:
    """East 4: seat 1 rons the dealer; seat 0 is above the target."""
    return ended(ron_game(ruleset, 1, 3, oya=3, scores=(31000, 25000, 25000, 19000))[0])


def all_last(scores: Sequence[int]) -> Play:
    """South 4: seat 1 rons the dealer (3900)."""
    return lambda ruleset: ended(ron_game(ruleset, 1, 3, scores=scores, **LAST)[0])


def dealer_wins_all_last(ruleset: Ruleset) -> Any:
    """South 4: the dealer, on top, rons seat 0 and stays dealer."""
    return ended(ron_game(ruleset, 3, 0, scores=(25000, 25000, 20000, 30000), **LAST)[0])


def dealer_tenpai_all_last(ruleset: Ruleset) -> Any:
    """South 4: an exhaustive draw with only the dealer, on top, tenpai."""
    game, _ = drawn_game(ruleset, [*NOTEN[:3], TANYAO], scores=[20000, 20000, 20000, 40000], **LAST)
    return ended(game)


def next_dealers(ruleset: Ruleset) -> Any:
    """Who deals the next hand after East 1 ends in a draw with only the dealer tenpai, and after seat 2
    rons the dealer."""
    drawn, _ = drawn_game(ruleset, [TANYAO, *NOTEN[1:]])
    won, _ = ron_game(ruleset, 2, 0)
    return drawn.oya, won.oya


def busts(ruleset: Ruleset) -> Any:
    """Seat 1 rons the dealer for 3900 (a dora with the pinfu and tanyao): the dealer left at 0, then below it."""
    return tuple(ended(ron_game(ruleset, 1, 0, scores=(score, 25000, 25000, 25000))[0]) for score in (3900, 2900))


def bust_prize(ruleset: Ruleset) -> Any:
    """The final scores after the dealer busts on seat 1's ron."""
    game, _ = ron_game(ruleset, 1, 0, scores=(1000, 33000, 33000, 33000))
    assert game.end is not None
    return game.end.scores


def leftover_stick(ruleset: Ruleset) -> Any:
    """South 4: seat 1 declares riichi, the wall runs out with only it tenpai, seat 0 ends on top."""
    seats = [Scripted(), Scripted(turns=(Reach,)), Scripted(), Scripted()]
    hands = [NOTEN[0], TANYAO, NOTEN[2], NOTEN[3]]
    game, _ = drawn_game(ruleset, hands, seats, scores=[35000, 25000, 20000, 20000], **LAST)
    assert game.end is not None
    return game.end.scores


def final_points(scores: Sequence[int], earlier_winner: int | None = None) -> Play:
    """South 4 from `scores`: seat 2 rons the dealer (3900); the final points. `earlier_winner` won an
    earlier hand (the tally's record); the game's seed is 1 (a lot drawn from it)."""

    def answer(ruleset: Ruleset) -> Any:
        game = Game(_rules(ruleset), ron_seats(4, 2), seed=1)
        if earlier_winner is not None:
            game.tally.won_by(0, [(earlier_winner, ())])
        for name, value in {**LAST, "scores": list(scores)}.items():
            setattr(game, name, value)
        game.play_kyoku(ron_wall(ron_hands(4, 2), 3, 2, 3))
        assert isinstance(game.end, EndGame)
        return tuple(str(p) for p in game.end.points)

    return answer


# ------------------------------------------------------------------ draws


def first_draw(hands: list[str], draws: str, seats: Callable[[int], Seat] = lambda _: Scripted()) -> Play:
    """The reason the hand is drawn (None: won)."""

    def answer(ruleset: Ruleset) -> Any:
        players = len(hands)
        return draw_reason(play(ruleset, stacked(hands, draws), [seats(i) for i in range(players)])[1])

    return answer


nine_kinds = first_draw(["19m19p19s1234555z", *NOTEN[1:]], "", lambda i: Scripted(turns=(Ryukyoku,)))
"""The dealer holds nine kinds of terminals and honours and draws the hand if it may."""
four_easts = first_draw(list(NOTEN), "1z1z1z1z")
"""Every seat lets an East go on its first turn."""
four_riichi = first_draw(
    [TANYAO, "345m678m456s77s34p", "456m678p456s88s34p", "111m999m111s99s45s"],
    "1z2z3z4z",
    lambda _: Scripted(turns=(Reach,)),
)
"""Every seat declares riichi on its first turn."""


def drawn_deltas(
    hands: list[str], draws: str = "", seats: Callable[[int], Seat] = lambda _: Scripted(), rest: Play | None = None
) -> Play:
    """The draw's reason and what it pays."""

    def answer(ruleset: Ruleset) -> Any:
        rules = _rules(ruleset)
        wall = stacked(hands, draws, rules=rules, rest=rest(ruleset) if rest else None)
        _, events = play(ruleset, wall, [seats(i) for i in range(len(hands))])
        (draw,) = of(events, Ryukyoku)
        return draw.reason, draw.deltas

    return answer


one_tenpai = drawn_deltas([TANYAO, *NOTEN[1:]])
"""The wall runs out with seat 0 alone tenpai."""
ONE_TENPAI = ("exhaustive", (3000, -1000, -1000, -1000))

YAOCHU = [k for k in range(34) if k >= 27 or k % 9 in (0, 8)]


def nagashi_order(seat: int, hands: list[str]) -> Play:
    """Tiles in an order where `seat` (the dealer here) draws only terminals and honours, the others none."""

    def answer(ruleset: Ruleset) -> Any:
        rules = _rules(ruleset)
        held = set(ids("".join(hands)))
        free = [t for t in rules.tiles.ids if t not in held]
        yao = [t for t in free if t >> 2 in YAOCHU and t >> 2 != 30]  # North: a nuki tile at three players
        plain = [t for t in free if t not in yao]
        players = rules.players
        order = plain[: rules.dead_wall]
        plain = plain[rules.dead_wall :]
        while yao or plain:
            for i in range(players):
                pool = yao if i == seat else plain
                if pool:
                    order.append(pool.pop(0))
        return order

    return answer


# ------------------------------------------------------------------ offers, kans, nuki


def kans(ruleset: Ruleset) -> Any:
    """Seats 0 and 1 each hold two quads and declare them at once: kans made, indicators turned, the draw."""
    hands = ["1111m2222m19p19s1z", "3333m4444m19p19s2z", "1379p1379s6m7m567z", "1379p1379s6m7m567z"]
    seats = [Scripted(turns=(Ankan,)), Scripted(turns=(Ankan,)), Scripted(), Scripted()]
    _, events = play(ruleset, stacked(hands, "5z5z"), seats)
    return len(of(events, Ankan)), len(of(events, Dora)), draw_reason(events)


def marked_win(ruleset: Ruleset) -> Any:
    """Seat 1 rons 2p holding the haku a variant may mark (copy 0): the marked dora of the win."""
    hand = "5gz5z5z234m567m66s34p"
    wall = ron_wall([NOTEN[0], hand, NOTEN[2], NOTEN[3]], 0, 1, 0)
    _, events = play(ruleset, wall, ron_seats(4, 1))
    (hora,) = of(events, Hora)
    return tuple((name, han) for name, han in hora.yaku if name in ("gold", "blue", "rainbow"))


def three_rons(ruleset: Ruleset) -> Any:
    """Seats 1, 2 and 3 all ron the dealer's 2p: who wins, and the draw if it is one."""
    hands = [NOTEN[0], TANYAO, "345m678m456s77s34p", "456m678p456s88s34p"]
    _, events = play(ruleset, stacked(hands, "2p"), [Scripted(calls=(Hora,)) for _ in range(4)])
    return tuple(h.actor for h in of(events, Hora)), draw_reason(events)


def robbed_kan(ruleset: Ruleset) -> Any:
    """The dealer declares a closed kan of East; seat 1 waits for thirteen orphans on East alone: the wins
    on an East."""
    hands = ["111z258m258p258s3m", "19m19p199s234567z", TANYAO, "345m678m456s77s34p"]
    seats = [Scripted(turns=(Ankan,)), *(Scripted(calls=(Hora,)) for _ in range(3))]
    _, events = play(ruleset, stacked(hands, "1z"), seats)
    return [(h.actor, h.yakuman) for h in of(events, Hora) if h.pai >> 2 == 27]


def liable_win(ruleset: Ruleset) -> Any:
    """Seat 1 pons East, South and West from seat 2, North from the dealer, and rons seat 2's 5p
    (daisuushii): the seat liable, and the payments."""
    hands = [NOTEN[0], "11z22z33z44z5p1s3s7s9s", NOTEN[2], NOTEN[3]]
    seats = [Scripted(), Scripted(calls=(Pon, Hora), discard="7z9s7s3s1s"), Scripted(), Scripted()]
    _, events = play(ruleset, stacked(hands, "6z7z1z2z3z6z6z4z5p"), seats)
    (hora,) = of(events, Hora)
    return hora.pao, hora.deltas


def liable_kans(ruleset: Ruleset) -> Any:
    """Seat 1 calls open kans of the 2m the dealer lets go and of 4m, 2p and 4p from seat 2, then rons seat 3's
    8s (suukantsu): the seat liable, and the payments."""
    hands = [NOTEN[0], "222m444m222p444p8s", NOTEN[2], NOTEN[3]]
    seats = [Scripted(), Scripted(calls=(Daiminkan, Hora)), Scripted(), Scripted()]
    _, events = play(ruleset, stacked(hands, "2m6z4m6z2p6z4p7z7z8s"), seats)
    (hora,) = of(events, Hora)
    return hora.pao, hora.deltas


def swap_call(ruleset: Ruleset) -> Any:
    """Seat 1 chis the dealer's 1m with 23m and would let 4m go: the kind it discards."""
    hands = [NOTEN[0], "234m567p789s11z33z", NOTEN[2], NOTEN[3]]
    seats = [Scripted(), Scripted(calls=(Chi,), discard="4m"), Scripted(), Scripted()]
    _, events = play(ruleset, stacked(hands, "1m"), seats)
    return next(e.pai >> 2 for e in of(events, Dahai) if e.actor == 1)


def last_discard_pon(ruleset: Ruleset) -> Any:
    """The last tile of the wall is a red dragon; seat 2 holds two and pons whatever it may."""
    hands = [NOTEN[0], NOTEN[1], "77z1379m1379p147s", "1379m1379p1379s7z"]
    seats = [Scripted(), Scripted(), Scripted(calls=(Pon,)), Scripted()]
    _, events = play(ruleset, stacked(hands, rules=_rules(ruleset), last="7z"), seats)
    return len(of(events, Pon)), draw_reason(events)


def riichi_kan(ruleset: Ruleset) -> Any:
    """Seat 1 declares riichi on its first turn and then draws the fourth haku of its triplet (waits unchanged)."""
    hands = [NOTEN[0], "555z234p567s88s45p", NOTEN[2], NOTEN[3]]
    seats = [Scripted(), Scripted(turns=(Ankan, Reach)), Scripted(), Scripted()]
    _, events = play(ruleset, stacked(hands, "1z2z1z1z2z5z"), seats)
    return [(e.actor, e.consumed[0] >> 2) for e in of(events, Ankan)]


def riichi_kan_reading(ruleset: Ruleset) -> Any:
    """Seat 1 declares riichi on 2223555m456p777z (waits 1m 3m 4m) and draws the fourth 5m: a kan keeps the
    waits, but won on 4m the hand also reads 222m 345m 55m, the 5m no triplet."""
    hands = ["1379m1379p1379s8m", "2223555m456p777z", NOTEN[2], NOTEN[3]]
    seats = [Scripted(), Scripted(turns=(Ankan, Reach)), Scripted(), Scripted()]
    _, events = play(ruleset, stacked(hands, "1z2z1z1z2z5m"), seats)
    return [(e.actor, e.consumed[0] >> 2) for e in of(events, Ankan)]


def ura_after_kan(ruleset: Ruleset) -> Any:
    """The dealer declares a closed kan; seat 1 declares riichi and rons the dealer: the ura indicators."""
    hands = ["5555z19p19s12z67z3z", TANYAO, NOTEN[2], NOTEN[3]]
    seats = [Scripted(turns=(Ankan,)), Scripted(turns=(Reach,), calls=(Hora,)), Scripted(), Scripted()]
    _, events = play(ruleset, stacked(hands, "1z2z3z4z4z2p"), seats)
    (hora,) = of(events, Hora)
    return len(hora.dora_markers), len(hora.ura_markers)


def open_kan_indicator(ruleset: Ruleset) -> Any:
    """Seat 1 calls an open kan of haku on the dealer's discard: what follows the kan up to its discard."""
    hands = [NOTEN[0], "555z234m567m66s34p", NOTEN[2], NOTEN[3]]
    seats = [Scripted(), Scripted(calls=(Daiminkan,)), Scripted(), Scripted()]
    _, events = play(ruleset, stacked(hands, "5z1z"), seats)
    start = next(i for i, e in enumerate(events) if isinstance(e, Daiminkan))
    end = next(i for i, e in enumerate(events) if i > start and isinstance(e, Dahai))
    return tuple(type(e).__name__ for e in events[start + 1 : end])


def furiten_riichi(ruleset: Ruleset) -> Any:
    """Seat 1 draws its winning 2p, declares riichi letting it go (furiten), and the wall runs out."""
    hands = [NOTEN[0], TANYAO, NOTEN[2], NOTEN[3]]
    seats = [Scripted(), Scripted(turns=(Reach,)), Scripted(), Scripted()]
    rules = _rules(ruleset)
    _, events = play(ruleset, stacked(hands, "1z2p", rules=rules), seats)
    (draw,) = of(events, Ryukyoku)
    return draw.reason, draw.deltas


def furiten_tsumo(ruleset: Ruleset) -> Any:
    """Seat 1 declares riichi letting its winning 2p go (furiten), then draws another 2p: whether it may
    win on it by tsumo (`riichi.furiten_tsumo`), or only later on a 5p, its other winning tile."""
    hands = [NOTEN[0], TANYAO, NOTEN[2], NOTEN[3]]
    seats = [Scripted(), Scripted(turns=(Reach, Hora)), Scripted(), Scripted()]
    _, events = play(ruleset, stacked(hands, "1z2p1z1z1z2p", rules=_rules(ruleset)), seats)
    return [(h.actor, h.target, h.pai >> 2) for h in of(events, Hora)]


def fixed_seat_wind(ruleset: Ruleset) -> Any:
    """East 2: seat 0 (North by the dealer's seat, East by its wind tile) rons seat 1's 2s with an East triplet."""
    hands = ["111z234m567m34s66s", NOTEN[1], NOTEN[2], NOTEN[3]]
    wall = ron_wall(hands, 1, 0, 1, "2s")
    wall.passed = True
    _, events = play(ruleset, wall, ron_seats(4, 0), oya=1, dealer=1)
    (hora,) = of(events, Hora)
    return tuple(sorted(name for name, _ in hora.yaku if name != "dora"))


def broken_wall(ruleset: Ruleset) -> Any:
    """The dice show 6 (game seed 1): whose wall the break falls in, and what seat 1's ron on the dealer pays."""
    game, events = ron_game(ruleset, 1, 0, seed=1)
    (hora,) = of(events, Hora)
    return game.wareme, hora.deltas


def dice_pair(ruleset: Ruleset) -> Any:
    """The dice show a pair of ones (game seed 4); seat 1 rons the dealer: the indicators of its win, and
    what it pays."""
    _, events = ron_game(ruleset, 1, 0, seed=4)
    (hora,) = of(events, Hora)
    return len(hora.dora_markers), hora.deltas


# ------------------------------------------------------------------ nuki (three players)


def north_offers(ruleset: Ruleset) -> Any:
    """The dealer draws a North and would let it go; seat 1 holds two and pons what it may: whether the
    dealer may discard it, and the pons made."""
    hands = [SANMA_NOTEN[0], "44z2468p2468s19m9p", SANMA_NOTEN[2]]
    seats = [Scripted(), Scripted(calls=(Pon,)), Scripted()]
    _, events = play(ruleset, stacked(hands, "4z", rules=_rules(ruleset)), seats)
    may = any(isinstance(o, Dahai) and o.pai >> 2 == 30 for o in seats[0].offers[0])
    return may, len(of(events, Pon))


def nuki_rons(ruleset: Ruleset) -> Any:
    """The dealer sets a North aside; seat 1 waits for it as seven pairs, seat 2 as thirteen orphans:
    who rons the North set aside."""
    hands = [SANMA_NOTEN[0], "11p22p33p55s66s77s4z", "19m19p19s1235677z"]
    seats = [Scripted(turns=(Nukidora,)), Scripted(calls=(Hora,)), Scripted(calls=(Hora,))]
    _, events = play(ruleset, stacked(hands, "4z", rules=_rules(ruleset)), seats)
    after = events[next(i for i, e in enumerate(events) if isinstance(e, Nukidora)) + 1 :]
    return tuple(e.actor for e in after[: next(i for i, e in enumerate(after) if not isinstance(e, Hora))])


def ippatsu_past_nuki(ruleset: Ruleset) -> Any:
    """Seat 1 declares riichi; seat 2 sets a North aside; seat 1 draws its winning tile: the yaku."""
    hands = [SANMA_NOTEN[0], "234p567p345s66s34p", SANMA_NOTEN[2]]
    seats = [Scripted(), Scripted(turns=(Hora, Reach)), Scripted(turns=(Nukidora,))]
    _, events = play(ruleset, stacked(hands, "1z2z4z3z1z2p", rules=_rules(ruleset)), seats)
    (hora,) = of(events, Hora)
    return "ippatsu" in {name for name, _ in hora.yaku}


def nuki_replacement_win(ruleset: Ruleset) -> Any:
    """The dealer, tenpai with all simples, draws a North, sets it aside and wins on the replacement:
    whether the win counts rinshan kaihou (`dora.nuki_rinshan`)."""
    hands = ["234p567p345s66s34p", SANMA_NOTEN[1], SANMA_NOTEN[2]]
    seats = [Scripted(turns=(Hora, Nukidora)), Scripted(), Scripted()]
    _, events = play(ruleset, stacked(hands, "4z2p", rules=_rules(ruleset)), seats)
    (hora,) = of(events, Hora)
    return "rinshan" in {name for name, _ in hora.yaku}


def nuki_at_the_end(ruleset: Ruleset) -> Any:
    """Every seat sets Norths aside; the last tile of the wall is one: the Norths set aside."""
    seats = [Scripted(turns=(Nukidora,)) for _ in range(3)]
    _, events = play(ruleset, stacked(SANMA_NOTEN, rules=_rules(ruleset), last="4z"), seats)
    return len(of(events, Nukidora)), draw_reason(events)


def forced_nuki(ruleset: Ruleset) -> Any:
    """The dealer, dealt a North, draws another and would let its draws go: what it does on its first turn
    up to its discard (the Norths set aside first where it must)."""
    hands = ["1357p1357s19m456z", SANMA_NOTEN[1], SANMA_NOTEN[2]]
    _, events = play(ruleset, stacked(hands, "4z", rules=_rules(ruleset)), passing(3))
    mine = [e for e in events if isinstance(e, Nukidora | Dahai) and e.actor == 0]
    return tuple(type(e).__name__ for e in mine[: next(i for i, e in enumerate(mine) if isinstance(e, Dahai)) + 1])


# ------------------------------------------------------------------ placed indicators, play on (naki-riichi)


def placed_wall(hands: list[str], draws: str, ruleset: Ruleset) -> StackedWall:
    """The hands as dealt after the three tiles passed (seat winds included where the hand has them)."""
    wall = stacked(hands, draws, rules=_rules(ruleset))
    wall.passed = True
    return wall


def false_declaration(ruleset: Ruleset) -> Any:
    """Seat 1 declares, then breaks its tenpai; seat 2 declares and wins (playing on, the wall then runs
    out): what the paid win's settlement takes from seat 1."""
    hands = [NOTEN[0], TANYAO, "345m678m456s77s34p", NOTEN[3]]
    seats = [
        Scripted(),
        Scripted(turns=(Reach,), discard="3p"),
        Scripted(turns=(Hora, Reach), calls=(Hora,)),
        Scripted(),
    ]
    _, events = play(ruleset, placed_wall(hands, "6z7z6z6z7z7z6z2p", ruleset), seats)
    (paid,) = [e for e in events if isinstance(e, Hora | Ryukyoku) and e.deltas]
    return paid.deltas


def sticks_to_the_paid_win(ruleset: Ruleset) -> Any:
    """With one honba and a stick on the table, seats 1 (pinfu tanyao, first in turn) and 2 (pinfu tanyao
    iipeikou and a red five, 7700) both ron the dealer's 2p: each seat's change, and the sticks left on the
    table."""
    hands = [NOTEN[0], TANYAO, "678m44056677s34p", NOTEN[3]]
    seats = [Scripted(), Scripted(calls=(Hora,)), Scripted(calls=(Hora,)), Scripted()]
    game, _ = play(ruleset, stacked(hands, "2p", rules=_rules(ruleset)), seats, honba=1, kyotaku=1)
    return tuple(score - 25000 for score in game.scores), game.kyotaku


def placed_furiten(ruleset: Ruleset) -> Any:
    """The start player draws its winning 2p and places it as the indicator, declares next turn, and seat 1
    lets another 2p go: whether the start player wins on it (鳴き立直's furiten is by tile, `riichi.furiten tile`),
    or, furiten on 2p, on the 5p that comes next (a win let pass bars nothing there, `riichi.missed_furiten off`)."""
    hands = [TANYAO, NOTEN[1], NOTEN[2], NOTEN[3]]
    seats = [Scripted(turns=(Reach,), calls=(Hora,), indicator="2p"), Scripted(), Scripted(), Scripted()]
    _, events = play(ruleset, placed_wall(hands, "2p6z6z6z7z2p", ruleset), seats)
    return [(h.actor, h.target, h.pai >> 2) for h in of(events, Hora) if h.actor == 0]


NAGASHI_HANDS = ["2345m2345p2345s6m", "2345m2345p2345s6p", "2345m2345p2345s6s", "3456m3456p3456s7p"]
nagashi = drawn_deltas(NAGASHI_HANDS, rest=nagashi_order(0, NAGASHI_HANDS))
"""The dealer draws and lets go only terminals and honours, the others none, to the end of the wall."""
NAGASHI_SANMA = ["2345p2345s678p67s", "2345p2345s678s67p", "3456p3456s78p78s8s"]
nagashi_sanma = drawn_deltas(NAGASHI_SANMA, rest=nagashi_order(0, NAGASHI_SANMA))

TIED = (32000, 32000, 16000, 20000)
"""South 4 scores where seats 0 and 1 end tied for first."""
NO_FLOWERS = "tiles { flowers 0 }"
"""鳴き立直 without its flowers, which the engine does not play yet (the rest of the variant it plays)."""
