"""The Ruleset's procedures as named strategies (`engine.deals`, and the seams beside `engine.dealers`):
鳴き立直's pass-three deal (seed 004 「初期牌を作る」), worked out by hand, and random play under them."""

from __future__ import annotations

import pytest
from flip_situations import NOTEN as NAKI_NOTEN
from flip_situations import TANYAO, false_declaration, of, placed_wall, play
from hypothesis import given, settings
from hypothesis import strategies as st
from stacking import Scripted, ids, stacked
from test_engine import FILLER, Eager, Passer, kyoku, play_checked

from variantlang import Ruleset, catalog, loads
from variantlang.bots.efficiency import EfficiencySeat
from variantlang.bots.random import RandomSeat
from variantlang.engine import legal
from variantlang.engine.deals import DEALS, PassError, least_useful
from variantlang.engine.events import (
    NO_MARKER,
    Ankan,
    CallAction,
    Dora,
    EndGame,
    Event,
    Hora,
    Reach,
    Ryukyoku,
    StartKyoku,
    Tsumo,
    TurnAction,
)
from variantlang.engine.rules import EngineRules, unsupported
from variantlang.engine.state import Kyoku, Meld, View
from variantlang.engine.table import Game, play_game
from variantlang.engine.wall import SeededWall
from variantlang.rules.winds import NO_ROUND_WIND


def house(body: str, parent: str = "standard") -> Ruleset:
    return loads(f'variant "家" "House" {{\n  extends {parent}\n{body}\n}}\n')


PASS_THREE = house("  game { deal seat_wind_plus_12_pass_3 }")
NAKI_WITHOUT_FLOWERS = "  tiles { flowers 0 }"
"""鳴き立直 with every rule but the flowers."""


def test_the_default_pass_keeps_the_shape_and_gives_away_loose_honours() -> None:
    """A seat without `pass_tiles` passes, three times, the tile whose removal leaves the lowest shanten:
    123m 456p 789s + 1z 5z 6z 7z is tenpai on any single honour, so it passes three honours, the
    highest first among equals (中 發 白), and keeps its East."""
    rules = EngineRules(PASS_THREE)
    hand = ids("123m456p789s1567z")
    assert [t >> 2 for t in least_useful(rules, hand)] == [33, 32, 31]


class Chooser(Eager):
    """Passes the tiles it is given."""

    def __init__(self, tiles: tuple[int, ...]) -> None:
        super().__init__()
        self.tiles = tiles

    def pass_tiles(self, seat: int, hand: tuple[int, ...]) -> tuple[int, ...]:
        return self.tiles


def test_each_seat_passes_three_to_its_left_and_receives_from_its_right() -> None:
    """R-GAME-5, seed 004: 「自分が不要だと思う牌を3枚選び、左のプレイヤーへ同時に回す」. Play goes right, so the
    left is the seat before in turn order: seat 0 receives seat 1's three, seat 3 receives seat 0's.
    Seat 0 chooses 9m 1p 1s; the others pass by the engine's rule (their three loose dragons)."""
    hands = ["7899m19p19s12344z", "123m456p789s1567z", "123m456p789s2567z", "123m456p789s3567z"]
    wall = stacked(hands, "")
    seats = [Chooser(ids("9m1p1s")), Eager(), Eager(), Eager()]
    start = Game(EngineRules(PASS_THREE), seats).header(wall)
    kinds = [sorted(t >> 2 for t in h) for h in start.tehais]
    # seat 0 kept 789m 9p 9s 東南西北北 and received seat 1's 白發中
    assert kinds[0] == sorted([6, 7, 8, 17, 26, 27, 28, 29, 30, 30, 31, 32, 33])
    # seat 3 kept 123m 456p 789s 西 and received seat 0's 9m 1p 1s
    assert kinds[3] == sorted([0, 1, 2, 12, 13, 14, 24, 25, 26, 29, 8, 9, 18])
    assert all(len(h) == 13 for h in start.tehais)


def test_a_seat_that_passes_what_it_does_not_hold_is_refused() -> None:
    wall = stacked([FILLER] * 4, "")
    seats = [Chooser(ids("5m5m5m")), Eager(), Eager(), Eager()]
    with pytest.raises(PassError, match="seat 0"):
        Game(EngineRules(PASS_THREE), seats).header(wall)


def test_a_log_wall_is_not_passed_again() -> None:
    """A replayed log's hands are already after the pass (`passed`): the table deals them as they are."""
    wall = stacked([FILLER] * 4, "")
    wall.passed = True  # type: ignore[attr-defined]
    start = Game(EngineRules(PASS_THREE), [Eager() for _ in range(4)]).header(wall)
    assert start.tehais == wall.hands


@pytest.mark.parametrize("oya", [0, 2])
def test_the_seeded_wall_deals_each_seat_its_wind_plus_twelve(oya: int) -> None:
    """「脇に置いた自分の風牌を加えて、13枚にする」: each hand holds its seat wind (East for the dealer) and no tile
    is lost or doubled."""
    rules = EngineRules(PASS_THREE)
    wall = SeededWall(rules, 7, 0, 0, oya)
    hands = wall.haipai()
    for i, hand in enumerate(hands):
        assert hand[0] >> 2 == 27 + (i - oya) % 4
    everything = [*(t for h in hands for t in h), *wall._tiles[52:], *wall._dead]
    assert sorted(everything) == sorted(rules.tiles.ids)


def test_every_deal_name_is_a_catalog_value() -> None:
    setting = next(s for s in catalog.SETTINGS if s.path == "game.deal")
    assert set(DEALS) == set(setting.short)


@pytest.mark.parametrize(
    "body",
    [
        "  game { deal seat_wind_plus_12_pass_3 }",
        "  game { after_win play_on_best_paid }\n  riichi { stick 0 }",
        "  game { after_win play_on_best_paid\n deal seat_wind_plus_12_pass_3 }\n  riichi { stick 0 }\n"
        "  win { multiple_ron triple }",
        "  dora { chosen_indicators on\n ura off\n kan_ura off\n kan_dora_timing immediate }",
        "  tiles { dead_wall 0 }\n  game { after_win play_on_best_paid\n deal seat_wind_plus_12_pass_3 }\n"
        "  riichi { stick 0\n furiten_indicators on }\n"
        "  dora { chosen_indicators on\n ura off\n kan_ura off\n kan_dora_timing immediate }",
        "  extends naki-riichi\n" + NAKI_WITHOUT_FLOWERS,
        "  game { after_win play_on_best_paid }",
        "  extends naki-riichi\n" + NAKI_WITHOUT_FLOWERS + "\n  game { after_win end }\n  riichi { stick 1000 }",
    ],
)
@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_random_play_under_the_procedures_keeps_the_invariants(body: str, seed: int) -> None:
    rules = EngineRules(house(body) if "extends" not in body else loads(f'variant "x" "x" {{\n{body}\n}}\n'))
    seats = [RandomSeat(seed + i) for i in range(rules.players)]
    end, _ = play_checked(rules, seats, seed, max_hands=12)
    assert isinstance(end, EndGame)


# ------------------------------------------------------------------ play on after a win (R-WIN-2)

PLAY_ON_BODY = "  game { after_win play_on_best_paid }\n  riichi { stick 0 }"
PLAY_ON = house(PLAY_ON_BODY)
NOTEN = "119m19p19s123455z"
"""One short of thirteen orphans, with no pair to spare: never tenpai while it only discards its draws."""


class RonOnly(Eager):
    """Discards its draw, wins by tsumo when `tsumo`, wins on any tile offered, never calls."""

    def __init__(self, tsumo: bool = False) -> None:
        super().__init__()
        self.tsumo = tsumo

    def turn(self, view: View, options: list[TurnAction]) -> TurnAction:
        wins = [o for o in options if isinstance(o, Hora)]
        return wins[0] if wins and self.tsumo else super().turn(view, options)

    def call(self, view: View, options: list[CallAction]) -> CallAction | None:
        return next((o for o in options if isinstance(o, Hora)), None)


def test_play_goes_on_after_a_double_ron_and_only_the_best_hand_is_paid() -> None:
    """R-WIN-2, seed 004 steps 7-10: the dealer discards 2p and seats 1 and 2 both win on it. Play goes on
    (seat 3 draws next) until the wall is empty; then only the best hand is paid. Seat 1: 234m 567m 345s
    66s 234p, pinfu tanyao and one dora (indicator 2m: 3m) = 3 han 30 fu, 3900. Seat 2: 345m 678m 4r56s 77s
    234p, pinfu tanyao dora and the red five = 4 han 30 fu, 7700: the dealer pays seat 2 7700, and seat 1's
    win is announced but unpaid."""
    wall = stacked([NOTEN, "234m567m345s66s34p", "345m678m406s77s34p", NOTEN], "2p")
    events: list[Event] = []
    game = Game(EngineRules(PLAY_ON), [RonOnly() for _ in range(4)], listener=events.append)
    result = game.play_kyoku(wall)
    wins = [e for e in events if isinstance(e, Hora)]
    assert [(h.actor, h.target, h.points, h.deltas) for h in wins] == [(1, 0, 3900, ()), (2, 0, 7700, ())]
    after = events[events.index(wins[-1]) + 1 :]
    assert next(e for e in after if isinstance(e, Tsumo)).actor == 3
    assert all(e.actor in (0, 3) for e in after if isinstance(e, Tsumo))
    settlement = [e for e in events if isinstance(e, Ryukyoku)]
    assert [(r.reason, r.deltas) for r in settlement] == [("best_paid", (-7700, 0, 7700, 0))]
    assert isinstance(result, list) and [(h.actor, h.deltas) for h in result] == [
        (1, (0, 0, 0, 0)),
        (2, (-7700, 0, 7700, 0)),
    ]
    assert game.scores == [25000 - 7700, 25000, 25000 + 7700, 25000]


def test_the_paid_win_takes_the_sticks_and_the_honba_though_another_won_first() -> None:
    """R-WIN-2 with riichi sticks (decision, `rules.settlement.takes_sticks`): the double ron above, with one
    honba and a stick on the table. Seat 1 wins first, but seat 2's 7700 is the best: it is paid, with the
    honba's 300 and the stick's 1000, and the stick leaves the table; seat 1 takes nothing."""
    wall = stacked([NOTEN, "234m567m345s66s34p", "345m678m406s77s34p", NOTEN], "2p")
    events: list[Event] = []
    game = Game(EngineRules(house("  game { after_win play_on_best_paid }")), [RonOnly() for _ in range(4)],
                listener=events.append)  # fmt: skip
    game.honba, game.kyotaku = 1, 1
    result = game.play_kyoku(wall)
    settlement = [(e.reason, e.deltas) for e in events if isinstance(e, Ryukyoku)]
    assert settlement == [("best_paid", (-8000, 0, 9000, 0))]
    assert isinstance(result, list) and [h.actor for h in result if any(h.deltas)] == [2]
    assert game.kyotaku == 0 and game.scores == [17000, 25000, 34000, 25000]


def test_a_false_declaration_pays_the_winner_where_a_win_ends_the_hand() -> None:
    """R-RIICHI-9 in a game that ends at a win: seat 1 declares, then breaks its tenpai; seat 2's win on
    seat 3's discard ends the hand, and seat 1 pays the 4000 to seat 2 in that win's settlement. Played on
    instead, the same win is the best paid and the same 4000 follows it (`flip_situations`)."""
    for after_win in ("end", "play_on_best_paid"):
        ruleset = house(f"{NAKI_WITHOUT_FLOWERS}\n  game {{ after_win {after_win} }}", "naki-riichi")
        assert unsupported(ruleset) == []
        assert false_declaration(ruleset) == (0, -4000, 4800, -800), after_win


def test_once_all_but_one_have_won_the_last_draws_eight_more() -> None:
    """Seed 004 step 8: 「3人上がった時に山が8枚以上ある場合、最後の1人は残り8回だけ牌を引くことができる」. Seats 1
    and 2 win on the dealer's 2p, seat 3 draws 6p and wins by tsumo (88s 66p shanpon); the dealer then
    draws exactly 8 more tiles, and the hand is settled."""
    wall = stacked([NOTEN, "234m567m345s66s34p", "345m678m406s77s34p", "456m678p456s88s66p"], "2p6p")
    events: list[Event] = []
    seats = [RonOnly(), RonOnly(), RonOnly(), RonOnly(tsumo=True)]
    Game(EngineRules(PLAY_ON), seats, listener=events.append).play_kyoku(wall)
    wins = [e for e in events if isinstance(e, Hora)]
    assert [h.actor for h in wins] == [1, 2, 3]
    after = events[events.index(wins[-1]) + 1 :]
    assert [e.actor for e in after if isinstance(e, Tsumo)] == [0] * 8
    assert isinstance(after[-2], Ryukyoku) and after[-2].reason == "best_paid"


# ------------------------------------------------------------------ chosen indicators (R-DORA-19)

CHOSEN = house("  dora { chosen_indicators on\n ura off\n kan_ura off\n kan_dora_timing immediate }")


class Placer(Passer):
    """Places as indicator a tile of the given kind; otherwise never calls and discards its draw."""

    def __init__(self, kind: int) -> None:
        super().__init__()
        self.kind = kind

    def choose_indicator(self, view: View, options: list[int]) -> int | None:
        return next(t for t in options if t >> 2 == self.kind)


class KanPasser(Passer):
    def turn(self, view: View, options: list[TurnAction]) -> TurnAction:
        return next((o for o in options if isinstance(o, Ankan)), None) or super().turn(view, options)


def test_the_start_player_places_the_first_indicator_in_place_of_a_discard() -> None:
    """R-DORA-19, seed 004 steps 1-3: the start player draws, puts one tile from the hand into the indicator
    area (here the drawn 中), and the next player draws: no indicator shows at the start."""
    wall = stacked([NOTEN, "369m369p369s6677z", "147m147p147s2234z", "258m258p258s3m23z"], "7z5s")
    events: list[Event] = []
    game = Game(EngineRules(CHOSEN), [Placer(33), Passer(), Passer(), Passer()], listener=events.append)
    game.play_kyoku(wall)
    start = next(e for e in events if isinstance(e, StartKyoku))
    assert start.dora_marker == NO_MARKER
    first = events[events.index(start) + 1 : events.index(start) + 4]
    assert [type(e).__name__ for e in first] == ["Tsumo", "Dora", "Tsumo"]
    assert first[1].dora_marker >> 2 == 33 and first[2].actor == 1  # type: ignore[union-attr]


def test_a_seat_without_a_choice_places_its_least_useful_tile() -> None:
    """The engine's default: NOTEN + the drawn 中 is thirteen orphans tenpai (on 發) with 1m and 白 paired;
    placing either spare keeps it tenpai, and the least connected of the two is the honour: a 白."""
    wall = stacked([NOTEN, "369m369p369s6677z", "147m147p147s2234z", "258m258p258s3m23z"], "7z")
    events: list[Event] = []
    Game(EngineRules(CHOSEN), [Passer() for _ in range(4)], listener=events.append).play_kyoku(wall)
    marker = next(e for e in events if isinstance(e, Dora))
    assert marker.dora_marker >> 2 == 31


def test_a_kan_maker_moves_an_own_discard_that_makes_its_tiles_dora() -> None:
    """「カンを行うと、自らの捨て牌エリアから1枚、ドラ表示エリアへ移動することができる」. Seat 1 discards 4m, later
    draws its fourth East and declares a closed kan; by the engine's default it moves the 4m (indicator 4m:
    5m dora, which it holds) from its river to the indicators."""
    hands = ["119m19p19s234556z", "111z258m258p258s3m", "369m369p369s6677z", "147m147p147s2234z"]
    wall = stacked(hands, "7z4m9s9p8s1z")
    events: list[Event] = []
    seats = [Placer(33), KanPasser(), Passer(), Passer()]
    game = Game(EngineRules(CHOSEN), seats, listener=events.append)
    game.play_kyoku(wall)
    kan = next(e for e in events if isinstance(e, Ankan))
    after = events[events.index(kan) + 1]
    assert isinstance(after, Dora) and after.dora_marker >> 2 == 3
    markers = [e.dora_marker >> 2 for e in events if isinstance(e, Dora)]
    assert markers[:2] == [33, 3]


# ------------------------------------------------------------------ 鳴き立直's riichi (R-RIICHI-9, R-FURI-1)

ITTSU = "123p456p789p1234s"
"""Waits on 1s and 4s; the pure straight in pins is its yaku."""


def _seat_one(body: str, hand: str = ITTSU):
    rules = EngineRules(house(body))
    return rules, kyoku(rules, [FILLER, hand, FILLER, FILLER])


def test_tile_furiten_blocks_only_the_tile_discarded() -> None:
    """R-FURI-1, seed 004: 「自分が一度捨てた牌で上がることはできない」. With 1s in its river, seat 1 cannot ron 1s
    under either rule; under `furiten tile` it may still ron 4s, under `waits` it may not."""
    for body, on_4s in (("  riichi { furiten tile }", True), ("", False)):
        rules, k = _seat_one(body)
        k.seats[1].river_kinds[18] = 1
        assert legal.allow_ron(rules, View(k, 1), 0, ids("1s")[0]) is None
        assert (legal.allow_ron(rules, View(k, 1), 0, ids("4s")[0]) is not None) is on_4s


def test_a_declaration_is_needed_to_win() -> None:
    """R-RIICHI-9: 「横向きにしなければ上がることはできない」 — the same tenpai hand wins only once declared."""
    rules, k = _seat_one("  riichi { declaration_required on }")
    assert legal.allow_ron(rules, View(k, 1), 0, ids("4s")[0]) is None
    k.seats[1].riichi = True
    assert legal.allow_ron(rules, View(k, 1), 0, ids("4s")[0]) is not None


def test_riichi_after_a_call_and_an_unlocked_hand() -> None:
    """R-RIICHI-9 「鳴きがあっても立直ができる」: a hand with a called 中 pon may declare; and with `locked off` a
    declared hand may still discard any tile."""
    rules, k = _seat_one("  riichi { with_calls on\n locked off }", "123p456p789p1s")
    k.seats[1].melds.append(Meld("pon", ids("777z"), ids("777z")[0], 0))
    k.apply(Tsumo(1, ids("2s")[0]))
    assert {d.pai >> 2 for d in legal.allow_riichi(rules, View(k, 1))} == {18, 19}
    closed_only, k2 = _seat_one("", "123p456p789p1s")
    k2.seats[1].melds.append(Meld("pon", ids("777z"), ids("777z")[0], 0))
    k2.apply(Tsumo(1, ids("2s")[0]))
    assert legal.allow_riichi(closed_only, View(k2, 1)) == []
    k.seats[1].riichi = True
    assert len(legal.allow_discards(rules, View(k, 1))) == 11


def test_a_false_declaration_pays_the_round_winner() -> None:
    """R-RIICHI-9: 「聴牌を宣言したにも関わらず、終局時に聴牌していない場合は、4000点のペナルティ…そのラウンドの勝者
    に渡される」. Seat 1's 3900 ron off the dealer is the best hand; seat 3 declared and is not tenpai at the
    end, so it pays seat 1 4000 more: −3900, +7900, 0, −4000."""
    rules = EngineRules(house(PLAY_ON_BODY + "\n  riichi { false_declaration 4000 }"))
    k = kyoku(rules, [FILLER, ITTSU, NOTEN, NOTEN])
    k.seats[3].riichi = True
    game = Game(rules, [Passer() for _ in range(4)])
    game.won_here = [Hora(1, 0, ids("4s")[0], deltas=(-3900, 3900, 0, 0))]
    result = game._best_paid(k)
    assert result[0].deltas == (-3900, 7900, 0, -4000)


def test_four_hands_is_one_deal_per_seat() -> None:
    """R-GAME-1 (鳴き立直 「4ラウンド(局) = 1ゲーム(荘)」): with no dealer repeats the game is exactly four hands."""
    rules = EngineRules(house("  game { length four_hands\n renchan none }"))
    events: list[Event] = []
    end = play_game(rules, [Passer() for _ in range(4)], lambda g: SeededWall(rules, 1, g.round_index, g.honba),
                    listener=events.append)  # fmt: skip
    assert end.reason == "complete"
    assert [(e.bakaze, e.kyoku) for e in events if isinstance(e, StartKyoku)] == [(0, 0), (0, 1), (0, 2), (0, 3)]


# ------------------------------------------------------------------ winds (R-GAME-4, R-GAME-6)


def _start(rules: EngineRules, oya: int) -> Kyoku:
    tehais = tuple(ids(h) for h in [FILLER, ITTSU, FILLER, FILLER])
    return Kyoku(rules, StartKyoku(0, oya, 0, 0, oya, 0, tehais, (25000,) * 4), 70)


def test_no_round_wind_and_a_seat_wind_kept_all_game() -> None:
    """R-GAME-6 「場風という概念は存在しない」: the scorer is given no round wind. R-GAME-4/5: the wind tile drawn
    at seating is dealt back every hand, so with seat 2 dealing, seat 1 is still South (Tenhou's seating
    would make it North)."""
    fixed = EngineRules(house("  game { round_wind off\n seating wind_tiles\n deal seat_wind_plus_12_pass_3 }"))
    hand = legal.win_input(fixed, View(_start(fixed, 2), 1), ids("4s")[0], tsumo=False)
    assert (hand.seat_wind, hand.round_wind) == (28, NO_ROUND_WIND)
    moving = EngineRules(house("  game { deal seat_wind_plus_12_pass_3 }"))
    hand = legal.win_input(moving, View(_start(moving, 2), 1), ids("4s")[0], tsumo=False)
    assert (hand.seat_wind, hand.round_wind) == (30, 27)
    wall = SeededWall(fixed, 3, 1, 0, 2)
    assert [h[0] >> 2 for h in wall.haipai()] == [27, 28, 29, 30]


def test_naki_riichi_is_playable_with_and_without_its_flowers(shipped) -> None:  # type: ignore[no-untyped-def]
    """Every rule of 鳴き立直 is played, its flowers included: a game is four hands and ends complete."""
    assert unsupported(shipped("naki-riichi")) == []
    for ruleset in (house(NAKI_WITHOUT_FLOWERS, "naki-riichi"), shipped("naki-riichi")):
        rules = EngineRules(ruleset)
        end = play_game(
            rules, [RandomSeat(i) for i in range(4)], lambda g, r=rules: SeededWall(r, 5, g.round_index, 0, g.oya)
        )
        assert end.reason == "complete"


def test_a_game_without_a_set_length_goes_on_until_a_bust() -> None:
    """`game.length until_bust` (囲将会 §1.2: the only end is a player at zero or below when a hand starts):
    with points nobody loses in a few hands the game passes the sixth deal, where a hanchan of three seats
    ends, and stops only at the hand cap; the round wind stays East, and each hand gets its own wall (the
    deal's laps count in `round_index`)."""
    rules = EngineRules(house("  game { start_points 900000\n return_points 900000 }", "igishokai-sanma"))
    starts: list[StartKyoku] = []
    walls: list[tuple[int, int]] = []

    def wall_for(game: Game) -> SeededWall:
        walls.append((game.round_index, game.honba))
        return SeededWall(rules, 7, game.round_index, game.honba)

    def listen(event: Event) -> None:
        if isinstance(event, StartKyoku):
            starts.append(event)

    end = play_game(rules, [EfficiencySeat(rules) for _ in range(3)], wall_for, seed=7, listener=listen, max_hands=9)
    assert end.reason == "timeout" and len(starts) == 9
    assert {s.bakaze for s in starts} == {0}
    assert len(set(walls)) == 9 and max(index for index, _ in walls) >= 6


def test_the_start_player_may_declare_with_the_indicator_it_places(shipped) -> None:  # type: ignore[no-untyped-def]
    """鳴き立直 step 6 「2あるいは4の段階で…横向きにしてもよい」: the start player, tenpai once its first draw is
    in (step 2), declares with the tile it places as the indicator; the declaration stands at once (no one
    calls or wins on an indicator), and the declared hand wins on a later discard."""
    ruleset = shipped("naki-riichi")
    hands = [TANYAO, NAKI_NOTEN[1], NAKI_NOTEN[2], NAKI_NOTEN[3]]
    seats = [Scripted(turns=(Reach,), calls=(Hora,)), Scripted(), Scripted(), Scripted()]
    _, events = play(ruleset, placed_wall(hands, "2p5p", ruleset), seats)
    start = [type(e).__name__ for e in events if getattr(e, "actor", 0) == 0 and not isinstance(e, StartKyoku)]
    start = start[start.index("Tsumo") : start.index("Tsumo") + 4]
    assert start == ["Tsumo", "Reach", "Dora", "ReachAccepted"]
    assert [(h.actor, h.target, h.pai >> 2) for h in of(events, Hora)][:1] == [(0, 1, 13)]
