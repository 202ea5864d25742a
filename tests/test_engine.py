"""The engine's legal-action functions, call resolution, refusal of what it cannot play, and invariants
under random legal play (Hypothesis over seeds, every shipped variant the engine plays)."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from stacking import ids, stacked

from variantlang import Ruleset, loads
from variantlang.bots.random import RandomSeat
from variantlang.engine import legal
from variantlang.engine.dealers import DEALERS
from variantlang.engine.events import (
    Ankan,
    CallAction,
    Chi,
    Dahai,
    Dora,
    EndGame,
    EndKyoku,
    Event,
    Hora,
    Pon,
    Reach,
    Ryukyoku,
    StartKyoku,
    Tsumo,
    TurnAction,
)
from variantlang.engine.rules import EngineRules, UnplayableError, unsupported
from variantlang.engine.state import Kyoku, View, orphans_wait, waits
from variantlang.engine.table import Game, Seat, play_game
from variantlang.engine.wall import SeededWall, StackedWall
from variantlang.hand.points import Limit, Payments
from variantlang.hand.tiles import ALL_KINDS, parse_kind, parse_tiles, to_counts
from variantlang.model.samples import random_complete_hand
from variantlang.model.win import Score, ScoredYaku
from variantlang.rules.settlement import WinSituation, settle_win

PLAYABLE = (
    "standard",
    "standard-sanma",
    "dora-mahjong",
    "dora-mahjong-sanma",
    "dora-mahjong-tournament",
    "igishokai-sanma",
    "naki-riichi",
)


@pytest.fixture(scope="module")
def rules(shipped: Callable[[str], Ruleset]) -> EngineRules:
    return EngineRules(shipped("standard"))


def kyoku(rules: EngineRules, hands: list[str], scores: int = 25000, live: int = 70) -> Kyoku:
    tehais = tuple(ids(h) for h in hands)
    start = StartKyoku(0, 0, 0, 0, 0, 0, tehais, (scores,) * rules.players)
    return Kyoku(rules, start, live)


FILLER = "19m19p19s1234567z"


def test_chi_only_from_the_left_and_kuikae_leaves_a_discard(rules: EngineRules) -> None:
    k = kyoku(rules, [FILLER, "23m456p789s11z333z", FILLER, "34m" + "456p789s11z333z"])
    tile = 3 * 4  # 4m
    left = legal.allow_chi(rules, View(k, 1), 0, tile)
    assert [sorted(t >> 2 for t in c.consumed) for c in left] == [[1, 2]]
    assert legal.allow_chi(rules, View(k, 3), 0, tile) == []  # seat 3 is not on seat 0's right
    # 1m from the left with 23m: the call would forbid 1m and 4m; the rest of the hand remains to discard.
    assert legal.allow_chi(rules, View(k, 1), 0, 0)


def test_kuikae_forbids_the_called_kind_and_its_suji_swap(rules: EngineRules) -> None:
    k = kyoku(rules, [FILLER, "23m444m111p22p333s", FILLER, FILLER])
    # 2m3m with 1m called: 1m and 4m may not be discarded; the hand still has other tiles, so chi is offered.
    chi = legal.allow_chi(rules, View(k, 1), 0, 0)
    assert chi
    k.apply(Chi(1, 0, 0, chi[0].consumed))
    discards = {d.pai >> 2 for d in legal.allow_discards(rules, View(k, 1))}
    assert 0 not in discards and 3 not in discards and 9 in discards


def test_a_pon_that_leaves_only_tiles_set_aside_is_not_offered(shipped: Callable[[str], Ruleset]) -> None:
    # 囲将会 (`dora.nuki_discard off`): North is set aside after a draw, never thrown, and not right after a
    # call. Seat 1 holds 55z 44z and is offered 5z: a pon would leave two Norths and no discard, so it is not
    # offered; with a 1p beside them it is.
    igi = EngineRules(shipped("igishokai-sanma"))
    for hand, offered in (("55z44z", False), ("55z44z1p", True)):
        k = kyoku(igi, [FILLER, hand, FILLER])
        assert bool(legal.allow_pon(igi, View(k, 1), 0, 31 * 4 + 3)) is offered, hand


def test_a_riichi_hand_throws_a_north_only_where_it_cannot_set_it_aside(shipped: Callable[[str], Ruleset]) -> None:
    # 囲将会 §1.1 「海底では抜きドラを出せない。ただし、リーチをかけている場合には、抜きドラを河に捨てることができる」:
    # a riichi hand that draws North sets it aside; only at haitei, where it cannot, does it throw it.
    igi = EngineRules(shipped("igishokai-sanma"))
    for live, thrown in ((20, False), (0, True)):
        k = kyoku(igi, [FILLER, "123p456p789s11s99p", FILLER], live=live)
        k.seats[1].riichi = True
        k.apply(Tsumo(1, 30 * 4 + 3))
        discards = [d.pai >> 2 for d in legal.allow_discards(igi, View(k, 1))]
        assert (discards == [30]) is thrown and bool(legal.allow_nuki(igi, View(k, 1))) is not thrown, live


def test_pon_offers_red_and_plain_fives_as_different_choices(rules: EngineRules) -> None:
    k = kyoku(rules, [FILLER, "055p19m19s123456z", FILLER, FILLER])
    pons = legal.allow_pon(rules, View(k, 1), 0, 13 * 4 + 1)
    assert sorted(tuple(sorted(t % 4 for t in p.consumed)) for p in pons) == [(0, 3), (2, 3)]


def test_furiten_on_own_discard_blocks_ron(rules: EngineRules) -> None:
    k = kyoku(rules, [FILLER, "234m456p678s55p34s", FILLER, FILLER])
    me = View(k, 1)
    assert k.seats[1].waits == (19, 22)  # 2s and 5s, tanyao either way
    assert legal.allow_ron(rules, me, 0, 22 * 4 + 3) is not None
    k.seats[1].river_kinds[19] = 1  # 2s in the seat's own river: furiten on every wait
    assert legal.allow_ron(rules, me, 0, 22 * 4 + 3) is None


def test_a_missed_winning_tile_is_furiten_until_the_own_next_discard(rules: EngineRules) -> None:
    k = kyoku(rules, ["2s9s19m19p1234567z", "234m456p678s55p34s", FILLER, FILLER])
    k.apply(Dahai(0, 19 * 4 + 3))
    k.apply(Tsumo(1, 0))  # the 2s went by: seat 1 is furiten until it discards
    assert legal.allow_ron(rules, View(k, 1), 2, 22 * 4 + 3) is None
    k.apply(Dahai(1, 0))
    assert legal.allow_ron(rules, View(k, 1), 2, 22 * 4 + 3) is not None


def test_riichi_needs_a_closed_tenpai_hand_the_stick_and_enough_wall(rules: EngineRules) -> None:
    hand = "123m456p789s11z23s"
    for score, live, offered in ((25000, 70, True), (900, 70, False), (25000, 3, False)):
        k = kyoku(rules, [FILLER, hand, FILLER, FILLER], scores=score, live=live)
        k.seats[1].drawn = ids("9m")[0]
        k.seats[1].hand.append(k.seats[1].drawn)
        k.seats[1].counts[8] += 1
        assert bool(legal.allow_riichi(rules, View(k, 1))) is offered, (score, live)


UNPLAYED = 'variant "club" "club" {\n  extends standard\n  dora { chosen_indicators on }\n}\n'
"""A variant with settings the engine cannot play together on its line 3 (W0502: indicators the players
place, with standard's ura, which a placed indicator has no tile under)."""


def test_an_unplayable_setting_is_refused_by_name() -> None:
    ruleset = loads(UNPLAYED)
    problems = unsupported(ruleset)
    assert any(p.startswith("dora.ura with dora.chosen_indicators") for p in problems), problems
    with pytest.raises(UnplayableError, match=r"dora\.chosen_indicators"):
        EngineRules(ruleset)


def test_offered_compares_tile_values_not_copies(rules: EngineRules) -> None:
    plain_a, plain_b, red = 13 * 4 + 1, 13 * 4 + 2, 13 * 4
    options = [Dahai(0, plain_a), Dahai(0, red)]
    assert legal.offered(rules, Dahai(0, plain_b), options)
    assert not legal.offered(rules, Pon(0, 1, plain_b, (plain_a, red)), options)


class Invariants:
    """Checked after every hand: tiles and points are conserved."""

    def __init__(self, rules: EngineRules, seed: int) -> None:
        self.rules = rules
        self.seed = seed
        self.game: Kyoku | None = None
        self.wins = 0
        self.chips = [0] * rules.players

    def __call__(self, event: Event) -> None:
        rules = self.rules
        if isinstance(event, Hora):
            self.wins += 1
            assert sum(event.chips) == 0, f"seed {self.seed}: chips not conserved"
            for i, c in enumerate(event.chips):
                self.chips[i] += c
        if isinstance(event, EndKyoku) and self.game is not None:
            k = self.game
            held = [t for s in k.seats for t in (*s.hand, *s.nuki, *(t for m in s.melds for t in m.tiles))]
            river = [t for s in k.seats for t in s.discards]
            called = sum(1 for s in k.seats for m in s.melds if m.called is not None)
            seen = held + river
            assert len(set(seen)) == len(seen) - called, f"seed {self.seed}: a tile is in two places"
            placed = len(k.dora_markers) if rules.chosen_indicators else 0  # from hands and rivers
            total = len(held) + len(river) - called + k.live_left + rules.dead_wall - k.dead_spent + placed
            assert total == len(rules.tiles.ids), f"seed {self.seed}: {total} tiles, not {len(rules.tiles.ids)}"
            points = sum(s.score for s in k.seats) + k.kyotaku * rules.ruleset.riichi.stick
            start = rules.ruleset.game.start_points * rules.players
            assert points == start, f"seed {self.seed}: points {points} ≠ {start}"


def play_checked(
    rules: EngineRules, seats: Sequence[Seat], seed: int, *, max_hands: int = 64
) -> tuple[EndGame, Invariants]:
    """A whole seeded game (each hand's wall from the game seed, round, honba and dealer) with the invariants
    checked after every hand; the checker is returned for its counts (wins, chips)."""
    check = Invariants(rules, seed)
    games: list[Game] = []

    def listener(event: Event) -> None:
        if isinstance(event, StartKyoku):
            check.game = games[0].kyoku
        check(event)

    def wall_for(game: Game) -> SeededWall:
        games[:] = [game]
        return SeededWall(rules, seed, game.round_index, game.honba, game.oya)

    return play_game(rules, seats, wall_for, seed=seed, listener=listener, max_hands=max_hands), check


@pytest.mark.parametrize("name", PLAYABLE)
@settings(max_examples=8)
@given(seed=st.integers(0, 2**32 - 1))
def test_random_legal_play_keeps_the_invariants(name: str, seed: int, shipped: Callable[[str], Ruleset]) -> None:
    rules = EngineRules(shipped(name))
    seats = [RandomSeat(seed + i) for i in range(rules.players)]
    end, _ = play_checked(rules, seats, seed, max_hands=40)
    assert isinstance(end, EndGame)
    assert end.reason in ("complete", "tobi", "timeout"), f"seed {seed}"
    if rules.ruleset.game.leftover_sticks == "top":
        assert sum(end.scores) == rules.ruleset.game.start_points * rules.players, f"seed {seed}"


class Eager:
    """Discards the drawn tile; calls whatever is offered, preferring `prefer`."""

    def __init__(self, prefer: type = Hora) -> None:
        self.prefer = prefer
        self.offers: list[list[object]] = []

    def turn(self, view: View, options: list[TurnAction]) -> TurnAction:
        discards = [o for o in options if isinstance(o, Dahai)]
        return next((o for o in discards if o.tsumogiri), discards[0])

    def call(self, view: View, options: list[CallAction]) -> CallAction | None:
        self.offers.append(list(options))
        return next((o for o in options if isinstance(o, self.prefer)), options[0])


def first_hand(ruleset: Ruleset, wall: StackedWall, seats: list[Eager]) -> list[Event]:
    events: list[Event] = []
    game = Game(EngineRules(ruleset), seats, listener=events.append)
    game.play_kyoku(wall)
    return events


TANYAO_WAITS = ["234m567m345s66s34p", "345m678m456s77s34p", "456m678p456s88s34p"]
"""Three seats waiting on 2p / 5p with tanyao."""


@pytest.mark.parametrize(
    ("name", "winners", "aborted"),
    [("standard", 0, "sancha_hou"), ("dora-mahjong", 1, None)],
)
def test_three_rons_on_one_discard_follow_the_ruleset(
    name: str, winners: int, aborted: str | None, shipped: Callable[[str], Ruleset]
) -> None:
    """standard: triple ron aborts (sancha hou); dora-mahjong: head bump, the first in turn order wins."""
    wall = stacked([FILLER, *TANYAO_WAITS], "2p")
    events = first_hand(shipped(name), wall, [Eager() for _ in range(4)])
    horas = [e for e in events if isinstance(e, Hora)]
    draws = [e for e in events if isinstance(e, Ryukyoku)]
    assert len(horas) == winners
    assert [h.actor for h in horas] == [1][:winners]
    assert [d.reason for d in draws] == ([aborted] if aborted else [])


def test_double_ron_pays_honba_and_sticks_to_the_first_winner_only(shipped: Callable[[str], Ruleset]) -> None:
    wall = stacked([FILLER, TANYAO_WAITS[0], "19m19p19s1234567z", TANYAO_WAITS[2]], "2p")
    rules = EngineRules(shipped("standard"))
    events: list[Event] = []
    game = Game(rules, [Eager() for _ in range(4)], listener=events.append)
    game.honba, game.kyotaku = 2, 1
    game.play_kyoku(wall)
    first, second = (e for e in events if isinstance(e, Hora))
    assert (first.actor, second.actor) == (1, 3)
    assert first.deltas[1] == first.points + 600 + 1000 and second.deltas[3] == second.points
    assert first.deltas[0] + second.deltas[0] == -(first.points + second.points + 600)


def test_pon_comes_before_chi(shipped: Callable[[str], Ruleset]) -> None:
    wall = stacked([FILLER, "45s" + "19m19p1234567z", "33s" + "19m19p1234567z", FILLER], "3s")
    seats = [Eager(Pon), Eager(Chi), Eager(Pon), Eager(Pon)]
    events = first_hand(shipped("standard"), wall, seats)
    calls = [e for e in events if isinstance(e, Chi | Pon)]
    assert [type(c).__name__ for c in seats[1].offers[0]] == ["Chi"]
    assert calls and isinstance(calls[0], Pon) and calls[0].actor == 2


@settings(max_examples=300)
@given(seed=st.integers(0, 2**32 - 1), drop=st.integers(0, 13))
def test_waits_look_only_where_a_wait_can_be(seed: int, drop: int, rules: EngineRules) -> None:
    """The waits of a tenpai hand (a random complete hand less one tile) equal a scan of every kind."""
    win = random_complete_hand(random.Random(seed), rules.ruleset.tile_set)
    counts = to_counts(win.concealed)
    held = [k for k in range(34) for _ in range(counts[k])]
    counts[held[drop % len(held)]] -= 1
    melded = to_counts(t for m in win.melds for t in m.tiles)
    every = tuple(
        k
        for k in range(34)
        if counts[k] + melded[k] < 4 and rules.shanten.shanten([*counts[:k], counts[k] + 1, *counts[k + 1 :]]) == -1
    )
    assert waits(rules, counts, melded) == every


OPTIONS = {
    "win": {"multiple_ron": ["head_bump", "double", "triple"], "pao": ["daisangen daisuushii suukantsu", "none"]},
    "calls": {"kuikae": ["forbid", "allow"], "last_discard": ["on", "off"], "chi": ["on", "off"]},
    "dora": {
        "kan_dora_timing": ["immediate", "after_discard"],
        "kan_ura": ["on", "off"],
        "kan_dora": ["on", "off"],
        "double_on_dice_pair": ["on", "off"],
    },
    "draws": {
        "sancha_hou": ["on", "off"],
        "nagashi_mangan": ["on", "off"],
        "noten_style": ["split", "per_tenpai_player"],
        "kyuushu_kyuuhai": ["on", "off"],
    },
    "game": {
        "renchan": ["tenpai", "win", "none", "last_winner"],
        "tobi": ["below_zero", "at_zero", "at_start", "off"],
        "extension": ["none", "west"],
        "agari_yame": ["on", "off"],
        "leftover_sticks": ["top", "owners", "lost"],
        "wareme": ["on", "off"],
        "yakitori": ["0", "5000"],
        "tobi_prize": ["0", "10000"],
        "uma_two_below": ["none", "8 4 -4 -8"],
    },
    "chips": {"value": ["0", "500"], "red": ["0", "1"], "ura": ["0", "2"]},
    "riichi": {"ankan": ["forbid", "same_waits", "strict"], "at_1000": ["on", "off"], "below_zero": ["on", "off"]},
}


class Greedy:
    """Wins and declares riichi whenever offered, else discards a tile that least raises the shanten, at
    random among equals; passes on calls. Random seats seldom win, and the settlement needs wins."""

    def __init__(self, rules: EngineRules, seed: int) -> None:
        self.rules = rules
        self.random = random.Random(seed)

    def turn(self, view: View, options: list[TurnAction]) -> TurnAction:
        for option in options:
            if isinstance(option, Hora | Reach):
                return option
        counts = view.me.counts
        discards = [o for o in options if isinstance(o, Dahai)]
        if not discards:  # a nuki tile to set aside first (`dora.nuki_mode forced`)
            return options[-1]
        self.random.shuffle(discards)
        return min(discards, key=lambda d: self._after(counts, d.pai >> 2))

    def _after(self, counts: list[int], kind: int) -> int:
        counts[kind] -= 1
        shanten = self.rules.shanten.shanten(counts)
        counts[kind] += 1
        return shanten

    def call(self, view: View, options: list[CallAction]) -> CallAction | None:
        return next((o for o in options if isinstance(o, Hora)), None)


@settings(max_examples=20)
@given(seed=st.integers(0, 2**32 - 1), data=st.data())
def test_random_rule_combinations_play_to_the_end(seed: int, data: st.DataObject) -> None:
    """Random values of the engine's settings over `standard`: play ends, tiles and points are conserved,
    and so are chips; the final scores keep every point unless leftover sticks are lost."""
    lines = []
    for section, keys in OPTIONS.items():
        chosen = [
            f"{key} {data.draw(st.sampled_from(values), label=f'{section}.{key}')}" for key, values in keys.items()
        ]
        lines.append(f"  {section} {{\n" + "\n".join(f"    {c}" for c in chosen) + "\n  }")
    text = 'variant "random" "random" {\n  extends standard\n' + "\n".join(lines) + "\n}\n"
    rules = EngineRules(loads(text))
    seats: list[Seat] = [Greedy(rules, seed + i) if i % 2 else RandomSeat(seed + i) for i in range(4)]
    end, check = play_checked(rules, seats, seed)
    assert end.reason in ("complete", "tobi", "timeout"), f"seed {seed}"
    if rules.ruleset.game.leftover_sticks != "lost":
        assert sum(end.scores) == 100000, f"seed {seed}"
    assert sum(end.chips) == 0 and check.chips == list(end.chips or (0,) * 4), f"seed {seed}"


def test_pao_pays_all_of_a_tsumo_and_half_of_a_ron_with_the_honba(shipped: Callable[[str], Ruleset]) -> None:
    """R-STD-1 as the issue states it (the shared records hold pao only on tsumo wins)."""
    yakuman = ScoredYaku("daisangen", "大三元", None, 0, 1)
    ron = Payments(32000, 0, 0, 0, 300, 1000)
    score = Score(0, 0, (yakuman,), (), 1, {}, ron, Limit.YAKUMAN, None)  # type: ignore[arg-type]
    split = settle_win(shipped("standard"), WinSituation(4, 0, 1, 3, liable=2), score)
    assert split.deltas == (0, 33300, -16300, -16000)
    tsumo = Payments(0, 16000, 8000, 2, 100, 0)
    score = score._replace(payments=tsumo)
    whole = settle_win(shipped("standard"), WinSituation(4, 0, 1, 1, liable=2), score)
    assert whole.deltas == (0, 32300, -32300, 0)


@settings(max_examples=10)
@given(seed=st.integers(0, 2**32 - 1))
def test_nuki_at_haitei_draws_from_the_dead_wall(seed: int) -> None:
    """Three players with `nuki_at_haitei on`: a North set aside on the last draw is replaced from the
    dead wall, and tiles and points stay conserved."""
    rules = EngineRules(loads('variant "x" "x" {\n  extends standard-sanma\n  dora {\n    nuki_at_haitei on\n  }\n}\n'))
    end, _ = play_checked(rules, [RandomSeat(seed + i, 0.7) for i in range(3)], seed)
    assert end.reason in ("complete", "tobi", "timeout"), f"seed {seed}"


class Kanner(Eager):
    """Declares a closed kan whenever one is offered; otherwise as `Eager`."""

    def turn(self, view: View, options: list[TurnAction]) -> TurnAction:
        return next((o for o in options if isinstance(o, Ankan)), None) or super().turn(view, options)


class Passer(Eager):
    """Never calls nor wins on another seat's tile."""

    def call(self, view: View, options: list[CallAction]) -> CallAction | None:
        self.offers.append(list(options))
        return None


ORPHANS = ["111z258m258p258s3m", "19m19p199s234567z", *TANYAO_WAITS[:2]]
"""The dealer holds three Easts and draws the fourth; seat 1 waits for thirteen orphans on East alone."""


def test_thirteen_orphans_robs_a_closed_kan_as_chankan(shipped: Callable[[str], Ruleset]) -> None:
    """R-YAKU-1, Tenhou: a kokushi wait may rob a closed kan. Seat 1 (not dealer) rons the dealer's
    East kan: a yakuman, 32000 from the dealer; the kan does not stand, so no kan dora is turned."""
    events = first_hand(shipped("standard"), stacked(ORPHANS, "1z"), [Kanner(), Eager(), Eager(), Eager()])
    (hora,) = [e for e in events if isinstance(e, Hora)]
    assert (hora.actor, hora.target, hora.pai >> 2, hora.yakuman) == (1, 0, 27, 1)
    assert hora.deltas == (-32000, 32000, 0, 0)
    assert [name for name, _ in hora.yaku] == ["kokushi"] and len(hora.dora_markers) == 1
    assert not any(isinstance(e, Dora) for e in events)


def test_a_closed_kan_is_not_robbed_where_the_ruleset_says_never() -> None:
    """`ankan_robbing never`: the same kan stands (its dora indicator is turned) and nobody is offered a win."""
    ruleset = loads('variant "x" "x" {\n  extends standard\n  win { ankan_robbing never }\n}\n')
    seats = [Kanner(), Eager(), Eager(), Eager()]
    events = first_hand(ruleset, stacked(ORPHANS, "1z"), seats)
    assert any(isinstance(e, Ankan) for e in events) and any(isinstance(e, Dora) for e in events)
    assert not [o for offers in seats[1].offers for o in offers if isinstance(o, Hora) and o.pai >> 2 == 27]


def test_letting_a_robbable_closed_kan_go_is_furiten(rules: EngineRules) -> None:
    """A thirteen-orphans wait that does not rob the kan has missed its tile: furiten until its next
    discard. A plain hand waiting on the same kind could not have won, so it is not furiten."""
    k = kyoku(rules, ["111z1z258m258p258s", "19m19p199s234567z", "234m567m345s66s1z", FILLER])
    k.apply(Ankan(0, ids("1111z")))
    k.apply(Tsumo(0, ids("9p")[0], rinshan=True))
    assert k.seats[1].furiten_missed and not k.seats[2].furiten_missed


def test_the_dealer_strategies_answer_who_deals_next() -> None:
    """R-GAME-2: `tenpai` (Tenhou), `win`, `none`, and 囲将会's `last_winner` (seed 002 §1.1: the last
    winner deals; after a double ron the dealer stays if among the winners, else the head-bump winner deals;
    the dealer stays on any draw). Dealer seat 1 of 3."""
    win_2 = [Hora(2, 0, 0)]
    double = [Hora(2, 1, 0), Hora(0, 1, 0)]
    double_with_dealer = [Hora(2, 0, 0), Hora(1, 0, 0)]
    noten = Ryukyoku("exhaustive", (0, 0, 0), (True, False, False))
    tenpai = Ryukyoku("exhaustive", (0, 0, 0), (False, True, False))
    nine = Ryukyoku("kyuushu_kyuuhai")
    expected = {
        "tenpai": [(2, ""), (2, ""), (1, "win"), (2, ""), (1, "tenpai"), (1, "draw")],
        "win": [(2, ""), (2, ""), (1, "win"), (2, ""), (2, ""), (1, "draw")],
        "none": [(2, "")] * 6,
        "last_winner": [(2, ""), (2, ""), (1, "win"), (1, "draw"), (1, "tenpai"), (1, "draw")],
    }
    for name, answers in expected.items():
        results = (win_2, double, double_with_dealer, noten, tenpai, nine)
        assert [DEALERS[name](1, r, 3) for r in results] == answers, name


def test_the_last_winner_deals_the_next_hand() -> None:
    """囲将会's rule on a four-player table: seat 2 rons the dealer, so E2 is dealt by seat 2 (East for that
    hand) with no honba; under Tenhou's rule it would be seat 1."""
    ruleset = loads('variant "x" "x" {\n  extends standard\n  game { renchan last_winner }\n}\n')
    events: list[Event] = []
    game = Game(EngineRules(ruleset), [Eager() for _ in range(4)], listener=events.append)
    game.play_kyoku(stacked([FILLER, FILLER, TANYAO_WAITS[0], FILLER], "2p"))
    assert [e.actor for e in events if isinstance(e, Hora)] == [2]
    assert (game.oya, game.dealer, game.honba) == (2, 1, 0)
    game.play_kyoku(stacked([FILLER, FILLER, FILLER, TANYAO_WAITS[0]], ""))
    start = next(e for e in reversed(events) if isinstance(e, StartKyoku))
    assert (start.oya, start.kyoku) == (2, 1)


NAGASHI = """  payment {
    scheme formula
    tsumo %s
    nagashi_value 20000
    value = 1000 * han
  }"""


@pytest.mark.parametrize(("tsumo", "each"), [("each", 20000), ("split", 6700)])
def test_nagashi_under_a_formula_pays_its_value_like_a_tsumo(tsumo: str, each: int) -> None:
    """R-DRAW-2, R-PAY-2 (囲将会 §3.5: 流し満貫 20 sticks): paid like a formula tsumo, every other player pays
    20000 (`tsumo each`), or 20000 / 3 rounded up to 100 = 6700 (`tsumo split`)."""
    ruleset = loads('variant "x" "x" {\n  extends standard\n' + NAGASHI % tsumo + "\n}\n")
    rules = EngineRules(ruleset)
    k = kyoku(rules, [FILLER] * 4)
    for i, seat in enumerate(k.seats):
        seat.turns = 18
        seat.nagashi = i == 0
    result = Game(rules, [Eager() for _ in range(4)])._exhaustive(k)
    assert result.nagashi == (0,)
    assert result.deltas == (3 * each, -each, -each, -each)


@pytest.mark.parametrize(
    ("hand", "kind", "waits"),
    [
        ("19m19p199s234567z", "1z", True),  # a pair of 9s: waits on East alone
        ("19m19p19s1234567z", "5z", True),  # thirteen kinds: every orphan
        ("19m19p19s123456z1f", "7z", True),  # 鳴き立直: the flower is the pair beside one honour
        ("19m19p19s123456z1f", "1z", False),  # the flower cannot stand for the missing 中 itself
        ("19m19p19s12345z1f1f", "6z", True),  # two flowers pair as 中: the shape waits; the scorer says if it pays
        ("19m19p19s12345z1f1f", "1z", False),
        ("19m19p199s234567z", "5m", False),
    ],
)
def test_a_thirteen_orphans_wait_may_hold_a_flower(hand: str, kind: str, waits: bool) -> None:
    """The wait that may rob a closed kan reads flowers as `hand.flowers` does (seed 004: 国士無双 「花牌」), so
    鳴き立直's sheet sentence 「国士無双の聴牌者は、その待ち牌の暗槓を搶槓としてロン和了できる」 is played."""
    counts = [0] * ALL_KINDS
    for tile in parse_tiles(hand):
        counts[tile.kind] += 1
    assert orphans_wait(counts, parse_kind(kind)) is waits
