"""The shipped `igishokai-sanma` variant (seed 002, 囲将会三麻ルール) scoring hands worked out by hand.

Every expected value below is counted from the source, not from the scorer: 1 han = 1 stick = 1000
points (R-PAY-2); 場ゾロ 2 always, 親 1 for the dealer, 門前 1 when closed, 1 per honba (R-YAKU-3);
every five is dora (R-DORA-14) and so is each nuki tile (R-DORA-15). Seats: 東 27 deals, 南 28, 西 29.
Hands avoid fives unless a test is about them, and pass no dora indicator unless it is about them.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from setting_values import setting_values
from test_engine import ids, kyoku

from variantlang import Ruleset, Score, ScoreError, WinInput, loads, score
from variantlang.engine.dealers import DEALERS
from variantlang.engine.events import Dahai, Dora, Hora, Nukidora, Reach, ReachAccepted, Ryukyoku, Tsumo
from variantlang.engine.legal import allow_ron
from variantlang.engine.rules import EngineRules
from variantlang.engine.state import View
from variantlang.engine.table import Game
from variantlang.engine.wall import SeededWall, live_size
from variantlang.hand.decomposition import Meld
from variantlang.hand.tiles import parse_tiles
from variantlang.rules.dora import may_turn, past_dead_wall
from variantlang.rules.settlement import DrawPayment, DrawSituation, settle_exhaustive

EAST, SOUTH, WEST, NORTH = 27, 28, 29, 30


@pytest.fixture(scope="module")
def rules(shipped: Callable[[str], Ruleset]) -> Ruleset:
    return shipped("igishokai-sanma")


def tiles(text: str) -> tuple:
    return tuple(parse_tiles(text))


def play(
    rules,
    closed: str,
    win: str,
    *,
    melds: tuple[Meld, ...] = (),
    seat: int = SOUTH,
    dora: str = "",
    ura: str = "",
    nuki: str = "",
    **flags,
) -> Score:
    """Score one win; `closed` holds the concealed tiles including the winning tile `win`."""
    hand = WinInput(
        closed=tiles(closed),
        melds=melds,
        win=parse_tiles(win)[0],
        seat_wind=seat,
        round_wind=EAST,
        dora_indicators=tiles(dora) if dora else (),
        ura_indicators=tiles(ura) if ura else (),
        nuki=tiles(nuki) if nuki else (),
        **flags,
    )
    return score(rules, hand)


def yaku(s: Score) -> dict[str, int]:
    return {y.id: y.han for y in s.yaku}


def bonuses(s: Score) -> dict[str, int]:
    return {b.id: b.han for b in s.bonuses}


# A plain closed hand used by several tests: 999m 234p 678p 234s + 88s, won on 4s (23s ryanmen).
# No five, no yaku of its own: riichi gives it one.
PLAIN = "999m234p678p234s88s"
# The same shape with 111m, for the 9m → 1m half of the cycle.
PLAIN_1M = "111m234p678p234s88s"


# ------------------------------------------------------------------ tiles and dora


def test_tile_set_is_112_with_5m_kept(rules):
    """R-TILE-3: 萬子 2,3,4 and 6,7,8 removed, 5m kept: 112 tiles; red 5m 5p 5s (R-TILE-4)."""
    assert rules.tile_set.size == 112
    kept = {k for k in range(9) if rules.tile_set.exists(k)}
    assert kept == {0, 4, 8}  # 1m 5m 9m
    assert {t.kind for t, _ in rules.tile_set.marked} == {4, 13, 22}


def test_2m_cannot_appear(rules):
    """R-TILE-3: 2m is not in the set, so a hand holding it cannot be scored."""
    with pytest.raises(ScoreError, match="2m is not in this tile set"):
        play(rules, "234m234p678p234s88s", "4s", riichi=True)


def test_dora_cycles(rules):
    """R-DORA-3 (§2.1): 萬子 cycle 5m → 5m and 1m → 9m → 1m; other suits and honours as in four-player."""
    m1, m5, m9 = 0, 4, 8
    assert rules.dora_for(m1) == (m9,)
    assert rules.dora_for(m9) == (m1,)
    assert rules.dora_for(m5) == (m5,)
    assert rules.dora_for(m5, ura=True) == (m5,)
    assert rules.dora_for(9 + 8) == (9,)  # 9p → 1p
    assert rules.dora_for(WEST) == (NORTH,)  # 西 → 北


def test_1m_indicator_makes_9m_dora(rules):
    """R-DORA-3: a 1m indicator makes 9m dora. 999m234p678p234s88s, riichi ron on 4s by 南:
    riichi 1 + 場ゾロ 2 + 門前 1 + dora 3 (three 9m) = 7 han = 7000."""
    s = play(rules, PLAIN, "4s", riichi=True, dora="1m")
    assert s.dora == {"dora": 3}
    assert yaku(s) == {"riichi": 1}
    assert bonuses(s) == {"bazoro": 2, "menzen": 1}
    assert s.han == 7
    assert s.payments.ron == 7000 and s.total == 7000


def test_9m_indicator_makes_1m_dora(rules):
    """R-DORA-3: 9m → 1m closes the cycle (5m is skipped both ways). Same shape with 111m: 7 han."""
    s = play(rules, PLAIN_1M, "4s", riichi=True, dora="9m")
    assert s.dora == {"dora": 3}
    assert s.han == 7
    assert play(rules, PLAIN_1M, "4s", riichi=True, dora="5m").dora == {}  # 5m points at 5m, not 9m or 1m


def test_red_5m_nuki_under_5m_indicator_is_four_han(rules):
    """R-DORA-3, R-DORA-11, R-DORA-14, R-DORA-15 (§2.4's own example): with a 5m indicator, a red 5m set aside is
    normal dora + nuki dora + 5ドラ + red dora = 4 han. Riichi 1 + 場ゾロ 2 + 門前 1 + 4 = 8 han = 8000."""
    s = play(rules, PLAIN, "4s", riichi=True, dora="5m", nuki="0m")
    assert s.dora == {"dora": 1, "nuki": 1, "always": 1, "red": 1}
    assert s.han == 8
    assert s.total == 8000


def test_every_five_is_dora(rules):
    """R-DORA-14 (§2.3): 5p and 5s are always dora, without an indicator; a red one adds one more (R-DORA-11).
    234p 067p 234s 567s 88s → always 2 (5p, 5s), red 1 (red 5p)."""
    s = play(rules, "234p067p234s567s88s", "4s", riichi=True)
    assert s.dora == {"always": 2, "red": 1}


def test_ura_dora_counts_for_riichi(rules):
    """R-DORA-7, R-DORA-3: ura dora on, with the same cycle: a 1m ura indicator makes 9m ura dora (3 han)."""
    s = play(rules, PLAIN, "4s", riichi=True, ura="1m")
    assert s.dora == {"ura": 3}
    assert s.han == 7


def test_four_5m_set_aside_add_two(rules):
    """R-DORA-16 (§2.2): 5萬を一人で4枚集めたとき +2. Four 5m (one red) set aside, no indicator:
    nuki 4 + 5ドラ 4 + red 1 = 9 dora, +2 bonus; riichi 1 + 場ゾロ 2 + 門前 1 → 15 han = 15000."""
    s = play(rules, PLAIN, "4s", riichi=True, nuki="0555m")
    assert s.dora == {"nuki": 4, "always": 4, "red": 1}
    assert bonuses(s)["nuki_5m_four"] == 2
    assert s.han == 15
    assert s.total == 15000
    assert "nuki_5m_four" not in bonuses(play(rules, PLAIN, "4s", riichi=True, nuki="055m"))


def test_four_north_set_aside_add_four(rules):
    """R-YAKU-3, R-DORA-15 (§3.1 抜き北 4, read as all four North set aside by one player = +4 on top of the
    four nuki dora). Riichi 1 + 場ゾロ 2 + 門前 1 + nuki 4 + 抜き北 4 = 12 han = 12000; a 西 indicator makes
    each North ordinary dora as well (+4)."""
    s = play(rules, PLAIN, "4s", riichi=True, nuki="4444z")
    assert s.dora == {"nuki": 4}
    assert bonuses(s)["nuki_pei_four"] == 4
    assert s.han == 12
    with_indicator = play(rules, PLAIN, "4s", riichi=True, nuki="4444z", dora="3z")
    assert with_indicator.dora == {"nuki": 4, "dora": 4}
    assert with_indicator.han == 16
    assert "nuki_pei_four" not in bonuses(play(rules, PLAIN, "4s", riichi=True, nuki="444z"))


# ------------------------------------------------------------------ payment


def test_karasu_three_han_pays_fifteen(rules):
    """R-PAY-2 (§3.6): exactly 3 han in the end is karasu, 15 sticks. A non-dealer open tanyao at 0 honba:
    pon 888s + 234p678p234s66s, ron on 4s: tanyao 1 + 場ゾロ 2 = 3 → 15000 (not 3000)."""
    s = play(rules, "234p678p234s66s", "4s", melds=(Meld.parse("pon", "888s"),))
    assert yaku(s) == {"tanyao": 1}
    assert bonuses(s) == {"bazoro": 2}
    assert s.han == 3
    assert s.payments.ron == 15000 and s.total == 15000


def test_karasu_on_tsumo_each_pays_fifteen(rules):
    """R-PAY-2: the same open hand by tsumo is still 3 han (ツモ 1(0) is closed only), so each of the two
    others pays 15 sticks."""
    s = play(rules, "234p678p234s66s", "4s", melds=(Meld.parse("pon", "888s"),), tsumo=True)
    assert s.han == 3
    assert (s.payments.from_dealer, s.payments.from_non_dealer, s.payments.non_dealer_payers) == (15000, 15000, 1)
    assert s.total == 30000


def test_no_karasu_with_a_honba_or_for_the_dealer(rules):
    """R-PAY-2, R-YAKU-3 (§3.6: 子の0本場、非門前でしかありえない): one honba is one more han (4 → 4000, paid as
    han, not as honba points), and the dealer's 親 1 makes the same hand 4 han too."""
    pon = (Meld.parse("pon", "888s"),)
    s = play(rules, "234p678p234s66s", "4s", melds=pon, honba=1)
    assert bonuses(s) == {"bazoro": 2, "honba_han": 1}
    assert s.han == 4
    assert s.payments.ron == 4000 and s.payments.honba_each == 0 and s.total == 4000
    dealer = play(rules, "234p678p234s66s", "4s", melds=pon, seat=EAST)
    assert bonuses(dealer) == {"bazoro": 2, "oya": 1}
    assert dealer.total == 4000


def test_tsumo_pays_double(rules):
    """R-PAY-2 (§1.2): on a tsumo each of the two others pays the full value, so a tsumo is worth twice a ron.
    Open tanyao with a 5p: pon 888s + 234p567p234s66s: tanyao 1 + 場ゾロ 2 + 5ドラ 1 = 4 han.
    Ron 4000; tsumo 4000 from each of the two others = 8000."""
    pon = (Meld.parse("pon", "888s"),)
    ron = play(rules, "234p567p234s66s", "4s", melds=pon)
    tsumo = play(rules, "234p567p234s66s", "4s", melds=pon, tsumo=True)
    assert ron.han == tsumo.han == 4
    assert ron.total == 4000
    assert tsumo.payments.from_dealer == tsumo.payments.from_non_dealer == 4000
    assert tsumo.total == 2 * ron.total == 8000


def test_dealer_closed_tsumo(rules):
    """R-PAY-2, R-YAKU-3: the dealer's riichi tsumo with 1m indicator: riichi 1 + ツモ 1 + 場ゾロ 2 + 親 1 + 門前 1
    + dora 3 = 9 han; both others pay 9000."""
    s = play(rules, PLAIN, "4s", seat=EAST, riichi=True, tsumo=True, dora="1m")
    assert yaku(s) == {"riichi": 1, "menzen_tsumo": 1}
    assert bonuses(s) == {"bazoro": 2, "oya": 1, "menzen": 1}
    assert s.han == 9
    assert s.payments.from_non_dealer == 9000 and s.payments.non_dealer_payers == 2 and s.total == 18000


def test_riichi_sticks_go_to_the_winner(rules):
    """R-PAY-2: sticks on the table are collected on top of the hand (1000 each)."""
    s = play(rules, PLAIN, "4s", riichi=True, riichi_sticks=2)
    assert s.han == 4
    assert s.total == 4000 + 2000


# ------------------------------------------------------------------ bonuses (無役)


def test_ankan_adds_four(rules):
    """R-YAKU-3 (§3.1 暗槓 4): ankan 8888s + 234p678p234s66s, riichi ron on 4s (the hand stays closed):
    riichi 1 + tanyao 1 + 場ゾロ 2 + 門前 1 + 暗槓 4 = 9 han = 9000."""
    s = play(rules, "234p678p234s66s", "4s", melds=(Meld.parse("ankan", "8888s"),), riichi=True)
    assert yaku(s) == {"riichi": 1, "tanyao": 1}
    assert bonuses(s) == {"bazoro": 2, "menzen": 1, "ankan": 4}
    assert s.han == 9 and s.total == 9000


def test_open_kan_adds_one(rules):
    """R-YAKU-3 (§3.1 明槓 1): the same hand with a minkan is open: tanyao 1 + 場ゾロ 2 + 明槓 1 = 4 han."""
    s = play(rules, "234p678p234s66s", "4s", melds=(Meld.parse("minkan", "8888s"),))
    assert bonuses(s) == {"bazoro": 2, "minkan": 1}
    assert s.han == 4 and s.total == 4000


def test_ippatsu_is_a_bonus_not_a_yaku(rules):
    """R-YAKU-3 (§3.1 lists 一発 4 among the 無役): ippatsu is worth 4 but is not a yaku.
    Riichi 1 + 場ゾロ 2 + 門前 1 + 一発 4 = 8 han."""
    s = play(rules, PLAIN, "4s", riichi=True, ippatsu=True)
    assert "ippatsu" not in yaku(s)
    assert bonuses(s)["ippatsu"] == 4
    assert s.han == 8 and s.total == 8000


def test_bonuses_are_not_yaku(rules):
    """R-WIN-3, R-DORA-18: 場ゾロ, 門前, honba and dora are not yaku — a closed hand without riichi and without a
    yaku cannot win even with 3 dora and 2 honba."""
    with pytest.raises(ScoreError, match="no yaku"):
        play(rules, PLAIN, "4s", dora="1m", honba=2)


# ------------------------------------------------------------------ the 囲将会 han table


def test_house_sanrenkou_two_han(rules):
    """R-YAKU-2, R-YAKU-3 (§3.3 三連刻 2): pon 666s, pon 777s + 888s 234p 99m, ron on 3p (kanchan):
    三連刻 2 + 場ゾロ 2 = 4 han = 4000."""
    s = play(rules, "888s234p99m", "3p", melds=(Meld.parse("pon", "666s"), Meld.parse("pon", "777s")))
    assert yaku(s) == {"sanrenkou": 2}
    assert s.han == 4 and s.total == 4000
    assert next(r for r in rules.all_yaku() if r.id == "sanrenkou").house


def test_chiitoitsu_three(rules):
    """R-YAKU-3 (§3.3 七対子 3): 11p33p77p99p22s44s88s ron on 8s: 3 + 場ゾロ 2 + 門前 1 = 6 han."""
    s = play(rules, "11p33p77p99p22s44s88s", "8s")
    assert yaku(s) == {"chiitoitsu": 3}
    assert s.han == 6 and s.total == 6000


def test_ryanpeikou_six(rules):
    """R-YAKU-3 (§3.3 二盃口 6(0)): 223344p667788s99m ron on 8s: 二盃口 6 + 平和 1 + 場ゾロ 2 + 門前 1 = 10 han
    (the seven-pairs reading pays only 6)."""
    s = play(rules, "223344p667788s99m", "8s")
    assert yaku(s) == {"ryanpeikou": 6, "pinfu": 1}
    assert s.han == 10 and s.total == 10000


def test_chinitsu_open_five(rules):
    """R-YAKU-3 (§3.3 清一 8(5)): pon 999p + 123p234p678p11p, ron on 8p: open 清一色 5 + 場ゾロ 2 = 7 han."""
    s = play(rules, "123p234p678p11p", "8p", melds=(Meld.parse("pon", "999p"),))
    assert yaku(s) == {"chinitsu": 5}
    assert s.han == 7 and s.total == 7000


def test_honitsu_closed_five(rules):
    """R-YAKU-3 (§3.3 混一 5(3)): 123p234p789p 東東東 99p by 南 in the East round, ron on 9p:
    混一色 5 + 役牌 (round wind) 1 + 場ゾロ 2 + 門前 1 = 9 han (no 一通: there is no 456p)."""
    s = play(rules, "123p234p789p111z99p", "9p")
    assert yaku(s) == {"honitsu": 5, "bakaze": 1}
    assert s.han == 9 and s.total == 9000


def test_rinshan_four(rules):
    """R-YAKU-3 (§3.2 嶺上 4): minkan 8888s + 234p678p234s66s, tsumo on the replacement 4s:
    tanyao 1 + 嶺上 4 + 場ゾロ 2 + 明槓 1 = 8 han, each other pays 8000."""
    s = play(rules, "234p678p234s66s", "4s", melds=(Meld.parse("minkan", "8888s"),), tsumo=True, rinshan=True)
    assert yaku(s) == {"tanyao": 1, "rinshan": 4}
    assert s.han == 8 and s.total == 16000


def test_no_sanshoku_doujun(rules):
    """R-YAKU-3: 三色同順 is not in §3 (no manzu run can exist with 2–4m and 6–8m removed)."""
    assert "sanshoku" not in {r.id for r in rules.all_yaku()}
    assert "sanshoku_doukou" in {r.id for r in rules.all_yaku()}


# ------------------------------------------------------------------ yakuman


def test_yakuman_pays_thirty(rules):
    """R-PAY-2 (§3.4): 大三元 by ron: 30 sticks, nothing else (場ゾロ, 門前, dora drop out)."""
    s = play(rules, "555z666z777z234p66s", "4p", dora="4z")
    assert s.yakuman == 1
    assert {y.id for y in s.yaku} == {"daisangen"}
    assert s.bonuses == () and s.dora == {}
    assert s.payments.ron == 30000 and s.total == 30000


def test_open_yakuman_tsumo_each_pays_thirty(rules):
    """R-PAY-2: an open 大三元 (pon 白) by tsumo: each of the two others pays 30000."""
    s = play(rules, "666z777z234p66s", "4p", melds=(Meld.parse("pon", "555z"),), tsumo=True)
    assert s.yakuman == 1
    assert (s.payments.from_dealer, s.payments.from_non_dealer, s.payments.non_dealer_payers) == (30000, 30000, 1)
    assert s.total == 60000


def test_yakuman_with_compound_yaku(rules):
    """R-YAKU-3 (§3.2 役満複合役): riichi and ツモ still count beside a yakuman; 一発 (§3.1) does not.
    Closed 大三元, riichi ippatsu tsumo: 30 + riichi 1 + ツモ 1 = 32 from each of the other two."""
    s = play(rules, "555z666z777z234p66s", "4p", riichi=True, ippatsu=True, tsumo=True)
    assert yaku(s) == {"daisangen": 0, "riichi": 1, "menzen_tsumo": 1}
    assert s.bonuses == ()
    assert s.payments.from_non_dealer == 32000 and s.total == 64000


def test_yakuman_with_honba(rules):
    """R-YAKU-3 (decision: honba are still paid, as han, on a yakuman): 大三元 ron at 2 honba = 32 sticks."""
    s = play(rules, "555z666z777z234p66s", "4p", honba=2)
    assert bonuses(s) == {"honba_han": 2}
    assert s.total == 32000


def test_suurenkou_is_yakuman(rules):
    """R-YAKU-2 (§3.4 四連刻): pon 666s, pon 777s + 888s 999s 99m, ron on 9m: four consecutive triplets = 30."""
    s = play(rules, "888s999s99m", "9m", melds=(Meld.parse("pon", "666s"), Meld.parse("pon", "777s")))
    assert {y.id for y in s.yaku} == {"suurenkou"}
    assert s.total == 30000


def test_renhou_is_yakuman(rules):
    """R-YAKU-2 (§3.4 人和): a ron before one's first draw is a yakuman, even on a hand with no yaku."""
    s = play(rules, PLAIN, "4s", renhou=True)
    assert {y.id for y in s.yaku} == {"renhou"}
    assert s.total == 30000


def test_special_waits_are_single_yakuman_but_yakuman_stack(rules):
    """R-YAKU-3 (§3.4 flat 30; §2.2 天和 "両立" with 四暗刻単騎): 四暗刻 on a single wait is one yakuman (30),
    and a dealer's tenhou with it is two (60 from each of the other two)."""
    s = play(rules, "222p444p666p888s33s", "3s")
    assert {y.id for y in s.yaku} == {"suuankou"}
    assert s.total == 30000
    t = play(rules, "222p444p666p888s33s", "3s", seat=EAST, tsumo=True, tenhou=True)
    assert {y.id for y in t.yaku} == {"suuankou", "tenhou", "menzen_tsumo"}
    assert t.yakuman == 2
    assert t.payments.from_non_dealer == 61000  # 2 × 30 + ツモ 1 (役満複合役)
    assert t.total == 122000


# ------------------------------------------------------------------ settings the scorer does not exercise


def test_game_settings(rules):
    """R-CALL-1, R-DORA-6 (c), R-DORA-16, R-GAME-2, R-GAME-3, R-GAME-7, R-DRAW-1, R-DRAW-2, R-PAY-4, R-GAME-8:
    the source's game-flow rules as settings."""
    v = setting_values(rules)
    assert v["calls.chi"] is False
    assert v["dora.kan_dora_timing"] == "immediate"
    assert (v["dora.ura"], v["dora.kan_ura"]) == (True, True)
    assert (v["dora.nuki_at_haitei"], v["dora.nuki_breaks_ippatsu"], v["dora.nuki_discard"]) == (False,) * 3
    assert v["dora.nuki_in_hand"] == "yakuman_only"
    assert (v["game.start_points"], v["game.return_points"], v["game.top_prize"], v["game.uma"]) == (
        25000,
        30000,
        15000,
        (),
    )
    assert v["game.renchan"] == "last_winner" and v["game.tobi"] == "at_start"
    assert (v["game.dice_break"], v["game.indicator_stack"], v["tiles.dead_wall"]) == ("sanma", 7, 14)
    assert [v[f"draws.{k}"] for k in ("kyuushu_kyuuhai", "suufon_renda", "suucha_riichi", "suukan_sanra")] == [
        False,
        False,
        False,
        True,
    ]
    assert (v["draws.noten_payment"], v["draws.noten_style"]) == (1000, "per_tenpai_player")
    assert (v["payment.nagashi_value"], v["win.multiple_ron"]) == (20000, "double")
    assert (v["penalties.chombo"], v["penalties.bappu"], v["penalties.agari_houki"]) == (8000, 1000, True)


def test_karasu_reading_wins_when_it_pays_more(rules):
    """R-PAY-2 (§3.6), decision 高点法: pon 888s + 222p333p444p66s, ron on 4p reads as three triplets
    (tanyao 1 + 三連刻 2 + 対々 2 + 場ゾロ 2 = 7 han, 7000) or as 234p ×3 (tanyao 1 + 場ゾロ 2 = 3 han, karasu
    15000). The winner is paid the reading that pays most: karasu."""
    s = play(rules, "222p333p444p66s", "4p", melds=(Meld.parse("pon", "888s"),))
    assert s.han == 3 and yaku(s) == {"tanyao": 1}
    assert s.total == 15000


# ------------------------------------------------------------------ nuki: 5m only set aside, North for a yakuman (§2.2)


def test_north_is_kept_in_the_hand_for_a_yakuman(rules):
    """§2.2: 北は役満和了時のみ手の内で使用できる — kokushi with North in the hand is a yakuman (30 sticks);
    a hand that is no yakuman may not keep it (R-DORA-16)."""
    assert play(rules, "19m19p19s12344567z", "4z").total == 30000
    with pytest.raises(ScoreError, match="only for a yakuman"):
        play(rules, "999m234p678p234s44z", "4s", riichi=True)


def test_5m_is_never_used_in_the_hand_not_even_for_a_yakuman(rules):
    """§2.2: 抜きドラは…手の内で使用することはできない — four concealed triplets with 555m would be a yakuman,
    but 5m is only ever set aside (`nuki_aside_only 5m`)."""
    with pytest.raises(ScoreError, match="never part of a hand"):
        play(rules, "555m111p999p111s99s", "9s", tsumo=True)


def test_a_set_aside_north_is_robbed_only_by_a_yakuman(shipped):
    """§2.2: 他人の抜いた北で、役満を和了ることもできる — the engine offers a ron on a North set aside to
    kokushi waiting on it, not to a riichi hand waiting on it alone."""
    engine = EngineRules(shipped("igishokai-sanma"))
    north = ids("4z")[0]
    k = kyoku(engine, ["123p456p789p1234s", "19m19p19s1123567z", "19m234p678p234s4z"])
    k.seats[2].riichi = True
    assert allow_ron(engine, View(k, 1), 0, north, nuki=True) is not None
    assert allow_ron(engine, View(k, 2), 0, north, nuki=True) is None


# ------------------------------------------------------------------ furiten riichi is chombo (§4.1)


def _riichi_then_draw(shipped: Callable[[str], Ruleset], drawn: str, discard: str):
    """Seat 0 (dealer) holds 123p456p789p1234s, draws `drawn` and declares riichi discarding `discard`;
    seats 1 and 2 are noten. The wall then runs out: the exhaustive draw settles the hand."""
    engine = EngineRules(shipped("igishokai-sanma"))
    k = kyoku(engine, ["123p456p789p1234s", "119m19p19s123455z", "119m19p19s123466z"])
    k.apply(Tsumo(0, ids(drawn)[0]))
    k.apply(Reach(0))
    k.apply(Dahai(0, ids(discard)[0]))
    k.apply(ReachAccepted(0))
    return k, Game(engine, [object(), object(), object()])._exhaustive(k)  # type: ignore[list-item]


def test_furiten_riichi_is_found_at_the_draw_and_costs_eight_sticks_all(shipped):
    """R-RIICHI-7, seed 002 §4.1: 振り聴リーチ…は流局後チョンボ; チョンボは 8 本オール. Seat 0 draws 4s and
    declares riichi on 1s: 123p456p789p2344s waits on 1s and 4s, and 1s is in its own river. At the draw
    it pays 8 sticks to each of the two others (−16000, +8000, +8000) instead of collecting the noten
    payment; its riichi stick stays on the table. (Its one discard, a terminal, would otherwise have
    made it nagashi mangan: the chombo replaces that settlement too.)"""
    k, result = _riichi_then_draw(shipped, "4s", "1s")
    assert k.seats[0].furiten_at_riichi
    assert result.reason == "chombo"
    assert result.deltas == (-16000, 8000, 8000)
    assert result.tenpai == (True, False, False)
    assert k.kyotaku == 1


def test_a_riichi_that_was_not_furiten_is_paid_as_tenpai(shipped):
    """The same hand drawing 6p and declaring on it waits on 1s and 4s with neither in its river: the draw
    is an ordinary exhaustive draw and each noten player hands seat 0 one stick (§1.2). (A terminal
    discard would have made it nagashi mangan, the only discard so far being all terminals.)"""
    k, result = _riichi_then_draw(shipped, "6p", "6p")
    assert not k.seats[0].furiten_at_riichi
    assert result.reason == "exhaustive"
    assert result.deltas == (2000, -1000, -1000)


def test_a_win_let_pass_after_riichi_is_chombo_at_the_draw(shipped):
    """§4.1: リーチ後の見逃しは、流局後チョンボ. Seat 0 declares riichi on 6p (waits 1s and 4s, not furiten);
    seat 1 draws and discards 4s, which seat 0 lets pass. At the exhaustive draw seat 0 pays 8 sticks to each
    of the others (−16000, +8000, +8000) instead of collecting the noten payments."""
    engine = EngineRules(shipped("igishokai-sanma"))
    k = kyoku(engine, ["123p456p789p1234s", "119m19p19s123455z", "119m19p19s123466z"])
    k.apply(Tsumo(0, ids("6p")[0]))
    k.apply(Reach(0))
    k.apply(Dahai(0, ids("6p")[0]))
    k.apply(ReachAccepted(0))
    four_sou = 21 * 4 + 2
    k.apply(Tsumo(1, four_sou))
    k.apply(Dahai(1, four_sou))
    game = Game(engine, [Passer(), Passer(), Passer()])  # type: ignore[list-item]
    assert game._ask_rons(k, 1, four_sou) == []  # seat 0 is offered the ron and lets it pass
    result = game._exhaustive(k)
    assert result.reason == "chombo"
    assert result.deltas == (-16000, 8000, 8000)


class Passer:
    """A seat that lets every win pass."""

    def call(self, view, options):
        return None


def test_noten_riichi_is_chombo_at_the_draw(shipped):
    """§4.1: ノー聴リーチ…は流局後チョンボ: a seat in riichi whose hand is not tenpai when the wall runs out
    pays 8 sticks to each other player; without the rule it would pay the noten payment."""
    ruleset = shipped("igishokai-sanma")
    situation = DrawSituation(0, (False, True, False), riichi=(0,))
    assert settle_exhaustive(ruleset, situation) == DrawPayment("chombo", (-16000, 8000, 8000))


def test_tobi_is_checked_when_a_hand_starts(shipped):
    """§1.2: 開局時点で誰かが0本以下になった時点で半荘終了. A hand that leaves a player at exactly zero ends
    the game before the next hand. The hanchan has no set length (the decision), so even where a hanchan of
    three seats would have played its last hand the game ends by the bust; under a house rule that gives it
    a length, there is no next hand after the last, and the game ends as complete, not by a bust. (Seat 2
    wins from seat 1, taking it to zero, and deals next.)"""
    won = [Hora(2, 1, 0, (0, -5000, 5000))]
    set_length = loads('variant "x" "x" {\n extends igishokai-sanma\n game { length hanchan }\n}\n')
    for ruleset, reasons in ((shipped("igishokai-sanma"), ("tobi", "tobi")), (set_length, ("tobi", "complete"))):
        for last, reason in zip((False, True), reasons, strict=True):
            game = Game(EngineRules(ruleset), [object(), object(), object()])  # type: ignore[list-item]
            game.scores = [45000, 0, 30000]
            if last:
                game.bakaze, game.dealer = 1, 2
            game._advance(won)
            assert game.end is not None and game.end.reason == reason, (ruleset.game.length, last)


def test_kan_dora_past_the_dead_wall_moves_haitei(shipped):
    """§1.1: 王牌は14枚; カンドラ表示牌が14枚目を超えている場合は、カンドラ表示牌の手前を海底とする; 海底以外では、
    カンドラをめくれない場合でも、カンできる. The indicator is on the 7th stack, the last of the dead wall: a
    replacement leaves the live wall as it is, the first kan dora indicator (8th stack) takes a stack from the
    live wall's end, and with no live tile left before that stack no kan dora is turned."""
    ruleset = shipped("igishokai-sanma")
    engine = EngineRules(ruleset)
    k = kyoku(engine, ["123p456p789p1234s", "119m19p19s123455z", "119m19p19s123466z"], live=10)
    k.apply(Tsumo(0, 30 * 4, True))
    assert k.live_left == 10
    k.apply(Dora(16 * 4))
    assert k.live_left == 8
    assert not past_dead_wall(ruleset, 0) and past_dead_wall(ruleset, 1)
    assert may_turn(ruleset, 2, 3) and not may_turn(ruleset, 2, 2)
    wall = SeededWall(engine, 7, 0, 0)
    hands = {t for hand in wall.haipai() for t in hand}
    live = [wall.draw() for _ in range(live_size(engine) - 2)]
    replacements = [wall.replacement() for _ in range(12)]
    shown = {wall.indicator(0), wall.ura(0), wall.indicator(1), wall.ura(1)}
    assert len(hands | set(live) | set(replacements) | shown) == len(hands) + len(live) + 12 + 4


def test_after_a_chombo_the_dealer_stays_and_a_honba_is_added():
    """§4.1: 親継続、リーチ棒供託、本場加算 — a `chombo` draw keeps the dealer under the last-winner rule."""
    chombo = Ryukyoku("chombo", (-16000, 8000, 8000), (True, False, False))
    assert DEALERS["last_winner"](1, chombo, 3) == (1, "draw")


def test_a_nuki_replacement_stands_for_the_draw_it_replaced(shipped):
    """§2.2 「抜きドラは、0 回のツモと見なされるので、一発系（天和・地和・嶺上含む）は消えない」: a North drawn
    normally and set aside gives a replacement that is no kan's (no 嶺上開花); a North drawn as a kan's
    replacement and set aside gives one that still is."""
    engine = EngineRules(shipped("igishokai-sanma"))
    k = kyoku(engine, ["123p456p789p1234s", "19m19p19s123455z", "19m19p19s123466z"])
    seat = k.seats[0]
    for kan_draw in (False, True):
        k.apply(Tsumo(0, 30 * 4 + 2 + kan_draw, kan_draw))
        k.apply(Nukidora(0, 30 * 4 + 2 + kan_draw))
        k.apply(Tsumo(0, 13 * 4 + 2 + kan_draw, True))
        assert seat.rinshan is kan_draw
        k.apply(Dahai(0, 13 * 4 + 2 + kan_draw))
