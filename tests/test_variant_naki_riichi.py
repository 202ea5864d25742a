"""鳴き立直麻雀 (variants/naki-riichi.variant, seed 004): each distinctive scoring rule on hands worked out by hand.

Payment (R-PAY-3): base = 400 + 200 (first win of the round) + 200 per own kan + 200 per own dora
− 200 per own pon/chi + 200 per other tenpai player; value = base × yaku points (× 0.5 at zero points);
a ron is paid by the discarder, a tsumo by each of the three others.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from setting_values import setting_values

from variantlang import Ruleset, Score, ScoreError, WinInput, score
from variantlang.hand.decomposition import Meld
from variantlang.hand.tiles import parse_tiles

TON, NAN, SHA = 27, 28, 29


@pytest.fixture(scope="module")
def ruleset(shipped: Callable[[str], Ruleset]) -> Ruleset:
    return shipped("naki-riichi")


def win(ruleset: Ruleset, closed: str, winning: str, *melds: tuple[str, str], **facts: Any) -> Score:
    """Score a win; defaults: ron, seat 南 (not the start player), no indicators, first win, nobody else tenpai."""
    indicators = facts.pop("indicators", "")
    nuki = facts.pop("nuki", "")
    hand = WinInput(
        closed=tuple(parse_tiles(closed)),
        melds=tuple(Meld.parse(kind, tiles) for kind, tiles in melds),
        win=parse_tiles(winning)[0],
        seat_wind=facts.pop("seat_wind", NAN),
        round_wind=facts.pop("round_wind", TON),
        dora_indicators=tuple(parse_tiles(indicators)),
        nuki=tuple(parse_tiles(nuki)),
        first_win=facts.pop("first_win", True),
        tenpai_others=facts.pop("tenpai_others", 0),
        **facts,
    )
    return score(ruleset, hand)


def ids(s: Score) -> dict[str, int]:
    return {y.id: y.han for y in s.yaku}


# 234m 555p 567s 88s 白白白, won on 8s: 二暗刻 (555p, 白白白) 1 + 一元 (白) 1 = 2 yaku points.
TWO_POINT_HAND = "234m555p567s88s555z"


def test_settings(ruleset: Ruleset) -> None:
    """R-TILE-6, R-DORA-17, R-DORA-19, R-RIICHI-9, R-FURI-1, R-GAME-1, R-GAME-4, R-GAME-5, R-GAME-6, R-WIN-2,
    R-WIN-3, R-CALL-3, R-CALL-4, R-PAY-3: the table rules the scorer does not play, stated in the file."""
    v = setting_values(ruleset)
    # 136 in the wall (108 suited + 12 winds + 12 dragons + 4 flowers) + the 4 seat-wind tiles dealt to players
    assert ruleset.tile_set.flowers == 4
    assert ruleset.tile_set.size == 140
    assert v["dora.flowers_as_nuki"] and v["dora.flower_honour_copy"]
    assert v["dora.chosen_indicators"] and not v["dora.ura"]
    assert v["riichi.with_calls"] and v["riichi.declaration_required"]
    assert v["riichi.false_declaration"] == 4000
    assert v["riichi.furiten_indicators"]
    assert v["game.round_wind"] is False
    assert v["game.length"] == "four_hands"
    assert v["game.deal"] == "seat_wind_plus_12_pass_3"
    assert v["game.seating"] == "wind_tiles"
    assert v["game.after_win"] == "play_on_best_paid"
    assert v["calls.kuikae"] == "allow" and v["calls.last_discard"] and v["calls.kuitan"]
    assert not any(
        v[f"draws.{k}"] for k in ("kyuushu_kyuuhai", "suufon_renda", "suukan_sanra", "suucha_riichi", "sancha_hou")
    )
    assert v["win.min_han"] == 0
    assert v["payment.scheme"] == "formula" and v["payment.tsumo"] == "each"


def test_ron_pays_base_times_yaku_points(ruleset: Ruleset) -> None:
    """R-PAY-3: ron, discarder pays alone. 3 dora (indicator 4p, 555p), first win, two others tenpai:
    base = 400 + 200 + 3×200 + 2×200 = 1600; 2 yaku points → 3200."""
    s = win(ruleset, TWO_POINT_HAND, "8s", indicators="4p", tenpai_others=2)
    assert ids(s) == {"niankou": 1, "ichigen": 1}
    assert s.dora == {"dora": 3}
    assert s.formula_values["base"] == 1600
    assert s.payments.ron == 3200
    assert (s.payments.from_dealer, s.payments.from_non_dealer, s.payments.non_dealer_payers) == (0, 0, 0)
    assert s.total == 3200


def test_not_first_and_nobody_tenpai(ruleset: Ruleset) -> None:
    """R-PAY-3: without the first-win bonus, dora or tenpai players the base is the bare 400: 2 points → 800."""
    s = win(ruleset, TWO_POINT_HAND, "8s", first_win=False)
    assert s.formula_values["base"] == 400
    assert type(s.formula_values["base"]) is int  # a whole number is shown as one, in the compiled build too
    assert s.payments.ron == 800


@pytest.mark.parametrize("seat", [NAN, TON])
def test_tsumo_each_other_player_pays_the_value(ruleset: Ruleset, seat: int) -> None:
    """R-PAY-3: on a tsumo every other player pays the whole value, start player (東) or not:
    base 400 (not first, no dora, nobody tenpai) × 2 points = 800 from each of three players."""
    s = win(ruleset, TWO_POINT_HAND, "8s", tsumo=True, first_win=False, seat_wind=seat)
    p = s.payments
    assert ids(s) == {"niankou": 1, "ichigen": 1}
    assert p.from_non_dealer == 800
    assert p.payers == 3
    if seat == TON:
        assert p.from_dealer == 0 and p.non_dealer_payers == 3
    else:
        assert p.from_dealer == 800 and p.non_dealer_payers == 2
    assert p.hand == 2400
    assert s.total == 2400


def test_each_pon_or_chi_lowers_the_base(ruleset: Ruleset) -> None:
    """R-PAY-3: −200 per own pon or chi. 555p called: 二暗刻 is gone (only 白 is concealed), 一元 1 point;
    base = 400 + 200 + 3×200 (dora) − 200 + 2×200 = 1400 → 1400. With a chi of 234m as well: 1200."""
    s = win(ruleset, "234m567s88s555z", "8s", ("pon", "555p"), indicators="4p", tenpai_others=2)
    assert ids(s) == {"ichigen": 1}
    assert s.formula_values["pon_chi"] == 1
    assert s.formula_values["base"] == 1400
    assert s.payments.ron == 1400
    s = win(ruleset, "567s88s555z", "8s", ("pon", "555p"), ("chi", "234m"), indicators="4p", tenpai_others=2)
    assert s.formula_values["pon_chi"] == 2
    assert s.payments.ron == 1200


def test_kan_adds_to_the_base_and_is_not_a_pon(ruleset: Ruleset) -> None:
    """R-PAY-3 (and the file's decision): +200 per own kan; a called kan is not also −200 as a pon.
    Open kan 7777p with indicator 6p: 4 dora; 槓子 1 + 一元 1 = 2 points;
    base = 400 + 200 + 200 + 4×200 = 1600 → 3200. As a concealed kan it is also a concealed triplet
    (二暗刻 with 白): 3 points → 4800."""
    s = win(ruleset, "234m567s88s555z", "8s", ("minkan", "7777p"), indicators="6p")
    assert ids(s) == {"kantsu": 1, "ichigen": 1}
    assert s.formula_values["pon_chi"] == 0
    assert s.formula_values["base"] == 1600
    assert s.payments.ron == 3200
    s = win(ruleset, "234m567s88s555z", "8s", ("ankan", "7777p"), indicators="6p")
    assert ids(s) == {"kantsu": 1, "ichigen": 1, "niankou": 1}
    assert s.payments.ron == 4800


def test_flower_set_aside_is_a_dora(ruleset: Ruleset) -> None:
    """R-DORA-17, R-PAY-3: a flower set aside is one dora (+200 base): 1600 + 200 = 1800 × 2 = 3600."""
    s = win(ruleset, TWO_POINT_HAND, "8s", indicators="4p", tenpai_others=2, nuki="1f")
    assert s.dora == {"dora": 3, "nuki": 1}
    assert s.payments.ron == 3600


def test_zero_yaku_points_win_at_half(ruleset: Ruleset) -> None:
    """R-WIN-3, R-PAY-3: no one-yaku minimum; zero yaku points pay × 0.5. 123m 456p 789s 234s 55p has no
    yaku; not first, one other tenpai: base = 400 + 200 = 600 → 300 from the discarder."""
    s = win(ruleset, "123m456p789s234s55p", "5p", first_win=False, tenpai_others=1)
    assert s.yaku == ()
    assert s.formula_values["base"] == 600
    assert s.payments.ron == 300


@pytest.mark.parametrize(
    ("closed", "winning", "expected"),
    [
        ("234m456m678m111z22z", "2z", {"zetsu_nimon": 3}),  # one suit + honours: 絶二門, not also 絶一門
        ("234m456m678m111m99m", "9m", {"jun_zetsu_nimon": 6}),  # one suit, no honours: 純絶二門 only
        ("234m456m678p111z22z", "2z", {"zetsu_ichimon": 1}),  # two suits: 絶一門
    ],
)
def test_zetsumon_family_counts_only_the_highest(
    ruleset: Ruleset, closed: str, winning: str, expected: dict[str, int]
) -> None:
    """R-YAKU-4: 絶門系統 is one family (絶一門 1 / 絶二門 3 / 純絶二門 6 / 絶三門 12); only the highest counts.
    (東東東 is no yaku for seat 南: there is no round wind, R-GAME-6.)"""
    s = win(ruleset, closed, winning)
    assert ids(s) == expected
    assert s.payments.ron == 600 * sum(expected.values())


def test_dragon_family(ruleset: Ruleset) -> None:
    """R-YAKU-4: 三元牌関連 — two dragon triplets are 二元 2, not 一元 twice; with the third dragon as the pair
    they are 小三元 6 alone. Both hands also hold 二暗刻 1; the second uses only two suits (絶一門 1)."""
    s = win(ruleset, "234m567p88s555z666z", "8s")
    assert ids(s) == {"nigen": 2, "niankou": 1}
    s = win(ruleset, "234m567s555z666z77z", "7z")
    assert ids(s) == {"shousangen": 6, "niankou": 1, "zetsu_ichimon": 1}


def test_seat_wind_counts_round_wind_does_not(ruleset: Ruleset) -> None:
    """R-GAME-6, R-YAKU-4: 南南南 is 自風牌 for the player dealt 南; for 西 it is nothing, even when the
    input claims a 南 round. 白白白 gives 一元, the two concealed triplets 二暗刻."""
    hand = "234m567p88s222z555z"
    s = win(ruleset, hand, "8s", seat_wind=NAN)
    assert ids(s) == {"jikaze": 1, "ichigen": 1, "niankou": 1}
    s = win(ruleset, hand, "8s", seat_wind=SHA, round_wind=NAN)
    assert ids(s) == {"ichigen": 1, "niankou": 1}


def test_no_kuisagari_and_riichi_is_no_yaku(ruleset: Ruleset) -> None:
    """R-CALL-2, R-RIICHI-9: 断么九 is worth 1 open or closed (食い下がりなし), and the declaration adds no
    yaku. Closed: base 600 → 600; with a chi of 234m: base 600 − 200 = 400 → 400."""
    closed = win(ruleset, "234m345p567p678s88s", "8s", riichi=True)
    assert ids(closed) == {"tanyao": 1}
    assert closed.payments.ron == 600
    open_ = win(ruleset, "345p567p678s88s", "8s", ("chi", "234m"), riichi=True)
    assert ids(open_) == {"tanyao": 1}
    assert open_.payments.ron == 400


def test_no_honba_and_no_riichi_sticks(ruleset: Ruleset) -> None:
    """R-PAY-3, R-RIICHI-9: the variant has no honba and the declaration costs no stick, so counters on the
    table change nothing: still 3200 (see the ron test)."""
    s = win(ruleset, TWO_POINT_HAND, "8s", indicators="4p", tenpai_others=2, riichi=True, honba=3, riichi_sticks=2)
    assert s.payments.honba_each == 0 and s.payments.sticks == 0
    assert s.total == 3200


def test_sanshoku_of_triplets(ruleset: Ruleset) -> None:
    """R-YAKU-4: 三色 counts the same triplet in three suits as well as the same run. 222m 222p 222s 345m 66p
    won on 6p: 三色 3 + 三暗刻 6 + 断么九 1 = 10 points; base 600 → 6000."""
    s = win(ruleset, "222m345m222p66p222s", "6p")
    assert ids(s) == {"sanshoku": 3, "sanankou": 6, "tanyao": 1}
    assert s.payments.ron == 6000


def test_nine_gates_replaces_pure_straight(ruleset: Ruleset) -> None:
    """R-YAKU-4: 一気通貫 and 九連宝塔 are one family. 11123456789999m reads as 11 123 456 789 999: a pure
    straight, but 九連宝塔 24 is the only one of the family that counts."""
    s = win(ruleset, "11123456789999m", "9m")
    found = ids(s)
    assert found["chuuren"] == 24
    assert "ittsu" not in found
    assert found["jun_zetsu_nimon"] == 6


def test_seven_pairs(ruleset: Ruleset) -> None:
    """R-YAKU-4: 七対子 3; base 600 → 1800."""
    s = win(ruleset, "1133m5577p99s2266z", "6z")
    assert ids(s) == {"chiitoitsu": 3}
    assert s.payments.ron == 1800


def test_seven_honour_pairs(ruleset: Ruleset) -> None:
    """R-YAKU-4: 大七星 12 (七対子 family), 絶三門 12 and 混老頭 6 (the file reads 混老頭 literally) = 30 points."""
    s = win(ruleset, "11223344556677z", "7z")
    assert ids(s) == {"daichisei": 12, "zetsu_sanmon": 12, "honroutou": 6}
    assert s.payments.ron == 600 * 30


def test_four_consecutive_triplets(ruleset: Ruleset) -> None:
    """R-YAKU-4: 333m 444m 555m 666m 中中 won on 中: 四連刻 24 + 四暗刻 12 + 絶二門 3 = 39 points (the reading
    as three runs pays less)."""
    s = win(ruleset, "333444555666m77z", "7z")
    assert ids(s) == {"suurenkou": 24, "suuankou": 12, "zetsu_nimon": 3}
    assert s.payments.ron == 600 * 39


def test_seven_pairs_with_four_of_a_kind(ruleset: Ruleset) -> None:
    """R-YAKU-4: 「4枚ある同じ牌を2枚ずつと見なしても良い」 — 1111m 55p 77p 99s 22z 66z is 七対子."""
    s = win(ruleset, "1111m5577p99s2266z", "6z")
    assert ids(s) == {"chiitoitsu": 3}


def test_four_flowers(ruleset: Ruleset) -> None:
    """R-YAKU-4, R-DORA-17: 四華開嶺 12 for four flowers set aside (they are also four dora)."""
    s = win(ruleset, TWO_POINT_HAND, "8s", nuki="1234f")
    assert s.dora == {"nuki": 4}
    assert ids(s)["suuka_kairei"] == 12


def test_a_flower_is_a_fifth_honour(ruleset: Ruleset) -> None:
    """R-DORA-17: 「白2枚と花1枚で白3枚と見なしても良い」 — 123m 456p 789s 55p 白白 + a flower is a 白 triplet:
    一元 1 point; base 400 + 200 (first win) = 600 × 1 from the discarder."""
    s = win(ruleset, "123m456p789s55p55z1f", "5p")
    assert ids(s) == {"ichigen": 1}
    assert s.payments.ron == 600


def test_thirteen_orphans_needs_a_flower(ruleset: Ruleset) -> None:
    """R-YAKU-4, R-DORA-17: 国士無双 is 「1・9・字牌・花牌を全種類」 — the thirteen kinds and a flower, which
    stands beside an honour as its fifth copy. The ordinary thirteen orphans with a pair is not 国士無双 here
    (it is still 混老頭, all terminals and honours)."""
    with_flower = win(ruleset, "19m19p19s1234567z1f", "1f")
    assert ids(with_flower)["kokushi"] == 12
    without = win(ruleset, "19m19p19s12345677z", "7z")
    assert "kokushi" not in ids(without) and ids(without)["honroutou"] == 6


def test_two_flowers_are_a_pair_of_seven_honour_pairs(ruleset: Ruleset) -> None:
    """R-YAKU-4: 大七星 「字牌を7種類、各2枚ずつ集める(花牌は2枚持ちで1組とする)」 — six honour pairs and two
    flowers are the seven honour pairs."""
    s = win(ruleset, "112233445566z12f", "2f")
    assert ids(s)["daichisei"] == 12


def test_a_flower_beside_one_honour_is_its_pair(ruleset: Ruleset) -> None:
    """R-DORA-17: a flower is a fifth copy of an honour, so 中 and a flower are a 中 pair: 123m 456p 789s 234s
    中+花 wins (with no yaku points, allowed here: R-WIN-3)."""
    s = win(ruleset, "123m456p789s234s7z1f", "4s")
    assert s.reading.decomposition.pair == 33


def test_two_flowers_do_not_make_a_triplet_with_one_honour(ruleset: Ruleset) -> None:
    """R-DORA-17: 「白1枚と花2枚で白3枚とはみなさない」."""
    with pytest.raises(ScoreError, match="flower"):
        win(ruleset, "123m456p789s55p5z1f2f", "5p")
