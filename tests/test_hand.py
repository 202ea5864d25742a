"""Decompositions, waits and fu: the `mahjong` package as oracle, plus hand-worked readings. The oracle run
over thousands of random hands is marked slow (`pytest -m "not slow"` leaves it out)."""

import random
from collections.abc import Callable

import pytest
from hypothesis import given
from hypothesis import strategies as st
from mahjong.hand_calculating.divider import HandDivider
from mahjong.hand_calculating.fu import FuCalculator
from mahjong.hand_calculating.hand_config import HandConfig, OptionalRules
from oracle import full_counts, oracle_melds

from variantlang import Ruleset
from variantlang.hand.decomposition import (
    Form,
    Group,
    GroupKind,
    Meld,
    Reading,
    Wait,
    all_readings,
    decompositions,
    readings,
)
from variantlang.hand.fu import FuRules, fu
from variantlang.hand.tiles import (
    NAN,
    SANMA_TILES,
    SHA,
    STANDARD_TILES,
    TON,
    TileSet,
    parse_kind,
    parse_tiles,
    to_counts,
)
from variantlang.model.samples import CompleteHand, random_complete_hand

ORACLE_HANDS = 20_000
WINDS = [27, 28, 29, 30]


def _shapes(hand: CompleteHand) -> list[list[tuple[int, ...]]]:
    return sorted(
        sorted(g.kinds for g in d.groups)
        for d in decompositions(hand.concealed_counts, hand.melds)
        if d.form is not Form.KOKUSHI
    )


def _oracle_shapes(hand: CompleteHand) -> list[list[tuple[int, ...]]]:
    divisions = HandDivider.divide_hand(full_counts(hand), oracle_melds(hand.melds))
    return sorted(sorted(tuple(block) for block in d) for d in divisions)


def is_pinfu_shape(reading: Reading, seat: int, round_wind: int) -> bool:
    """Pinfu as the oracle infers it: closed, four runs, a pair worth no fu, a two-sided wait."""
    d = reading.decomposition
    pair = d.pair
    return (
        d.form is Form.STANDARD
        and d.is_closed
        and all(g.kind in (GroupKind.SHUNTSU, GroupKind.TOITSU) for g in d.groups)
        and pair < 31
        and pair not in (seat, round_wind)
        and reading.wait is Wait.RYANMEN
    )


def _fu_disagreements(hand: CompleteHand, rng: random.Random) -> list[str]:
    tsumo = rng.random() < 0.5
    seat, round_wind = rng.choice(WINDS), rng.choice(WINDS[:2])
    config = HandConfig(is_tsumo=tsumo, player_wind=seat, round_wind=round_wind, options=OptionalRules())
    melds = oracle_melds(hand.melds)
    out = []
    for reading in all_readings(hand.concealed_counts, hand.win.kind, hand.melds):
        if reading.decomposition.form is Form.KOKUSHI:
            continue
        ours = fu(
            reading, tsumo=tsumo, pinfu=is_pinfu_shape(reading, seat, round_wind), seat_wind=seat, round_wind=round_wind
        )
        blocks = [list(g.kinds) for g in reading.decomposition.groups]
        _, theirs = FuCalculator.calculate_fu(
            blocks, reading.win * 4, list(reading.completed_group.kinds), config, [31, 32, 33, seat, round_wind], melds
        )
        if ours.total != theirs:
            out.append(f"{reading.decomposition} win {reading.win} tsumo={tsumo}: ours {ours}, mahjong {theirs}")
    return out


@pytest.mark.slow
@pytest.mark.parametrize("tiles", [STANDARD_TILES, SANMA_TILES], ids=["four-player", "three-player"])
def test_decompositions_and_fu_agree_with_oracle(tiles: TileSet) -> None:
    rng = random.Random(11)
    shape_errors: list[str] = []
    fu_errors: list[str] = []
    readings_seen = 0
    for _ in range(ORACLE_HANDS if tiles is STANDARD_TILES else ORACLE_HANDS // 4):
        hand = random_complete_hand(rng, tiles)
        if _shapes(hand) != _oracle_shapes(hand):
            shape_errors.append(f"{hand}")
        fu_errors += _fu_disagreements(hand, rng)
        readings_seen += len(all_readings(hand.concealed_counts, hand.win.kind, hand.melds))
    assert shape_errors == [] and fu_errors == []
    assert readings_seen > (ORACLE_HANDS if tiles is STANDARD_TILES else ORACLE_HANDS // 4)


@given(st.randoms(use_true_random=False))
def test_every_decomposition_uses_exactly_the_hand(shipped: Callable[[str], Ruleset], rng: random.Random) -> None:
    igishokai_tiles = shipped("igishokai-sanma").tile_set  # R-TILE-3: 112 tiles, 2–4m and 6–8m removed
    hand = random_complete_hand(rng, rng.choice([STANDARD_TILES, SANMA_TILES, igishokai_tiles]))
    found = decompositions(hand.concealed_counts, hand.melds)
    assert found, "a generated complete hand must decompose"
    for d in found:
        if d.form is Form.KOKUSHI:
            continue
        counts = [0] * 34
        for g in d.groups:
            for k in g.kinds:
                counts[k] += 1
        assert counts == full_counts(hand)
    assert all(
        r.wait is not None and hand.win.kind in r.completed_group.kinds
        for d in found
        for r in readings(d, hand.win.kind)
        if d.form is Form.STANDARD
    )


def _waits(text: str, win: str, melds: tuple[Meld, ...] = ()) -> set[str]:
    return {r.wait.value for r in all_readings(to_counts(parse_tiles(text)), parse_kind(win), melds)}


def test_wait_kinds_are_read_every_way() -> None:
    assert _waits("123m456p789s23455s", "5s") == {"tanki"}
    assert _waits("123m456p789s23444s", "4s") == {"ryanmen", "tanki"}
    assert _waits("234m456p789s11z345s", "3s") == {"ryanmen"}
    assert _waits("234m456p789s11z345s", "4s") == {"kanchan"}
    assert _waits("123m456p789s11z789s", "7s") == {"penchan"}
    assert _waits("123m456p789s11z555s", "5s") == {"shanpon"}
    assert _waits("123m456p789s555s11z", "1z") == {"tanki"}
    # 3456s waiting on 3s or 6s (nobetan) is read as a single wait whichever end wins
    assert _waits("123m456p789p33456s", "3s") == {"tanki"}
    assert _waits("123m456p789p34566s", "6s") == {"tanki"}
    assert _waits("123m456p789s33456s", "6s") == {"ryanmen"}


def test_seven_pairs_and_thirteen_orphans() -> None:
    pairs = decompositions(to_counts(parse_tiles("1122m3344p5566s77z")))
    assert [d.form for d in pairs] == [Form.CHIITOITSU]
    ryanpeikou = decompositions(to_counts(parse_tiles("112233m445566p77z")))
    assert {d.form for d in ryanpeikou} == {Form.STANDARD, Form.CHIITOITSU}
    kokushi = to_counts(parse_tiles("19m19p19s12345677z"))
    assert [d.form for d in decompositions(kokushi)] == [Form.KOKUSHI]
    assert [r.wait for r in all_readings(kokushi, parse_kind("7z"))] == [Wait.KOKUSHI_13]
    assert [r.wait for r in all_readings(kokushi, parse_kind("1z"))] == [Wait.TANKI]


def test_called_melds_stay_fixed() -> None:
    pon = Meld.parse("pon", "555z")
    assert decompositions(to_counts(parse_tiles("123m456p11z789s")), (pon,))[0].groups[-2] == Group(
        GroupKind.KOUTSU, 31, True
    )
    assert not decompositions(to_counts(parse_tiles("123m456p11z")), (pon,))


def _fu(
    text: str,
    win: str,
    *,
    tsumo: bool = False,
    melds: tuple[Meld, ...] = (),
    seat: int = NAN,
    round_wind: int = TON,
    pinfu: bool = False,
    rules: FuRules = FuRules(),
    rinshan: bool = False,
) -> int:
    return max(
        fu(r, tsumo=tsumo, pinfu=pinfu, seat_wind=seat, round_wind=round_wind, rules=rules, rinshan=rinshan).total
        for r in all_readings(to_counts(parse_tiles(text)), parse_kind(win), melds)
    )


def test_fu_options() -> None:
    """R-STD-3 defaults, and the options house rules change."""
    double_east = "123m456p789s11z234s"
    assert _fu(double_east, "2s", seat=TON, tsumo=True) == 30  # 20 + 4 + 2 = 26
    assert _fu(double_east, "2s", seat=TON, tsumo=False) == 40  # 30 + 4 → 34
    assert _fu(double_east, "2s", seat=TON, rules=FuRules(double_wind_pair=2)) == 40  # 32 → 40
    assert _fu("123m456p789s11z23s4s", "2s", seat=TON, rules=FuRules(double_wind_pair=2), tsumo=True) == 30  # 24
    open_pinfu = (Meld.parse("chi", "123m"),)
    assert _fu("456p789s22s234s", "2s", melds=open_pinfu, seat=SHA) == 30
    assert _fu("456p789s33s234s", "4s", melds=open_pinfu, seat=SHA, rules=FuRules(open_pinfu=False)) == 20
    pinfu = "123m456p789s33s234s"
    assert _fu(pinfu, "4s", tsumo=True, pinfu=True) == 20
    assert _fu(pinfu, "4s", tsumo=True, pinfu=True, rules=FuRules(pinfu_tsumo=True)) == 30
    assert _fu("1122m3344p5566s77z", "7z") == 25
    assert _fu("1122m3344p5566s77z", "7z", rules=FuRules(chiitoitsu=50)) == 50
    kan = (Meld.parse("ankan", "2222p"),)
    # 20 + 16 (ankan) + 4 (ankou 555s) + 2 tsumo = 42 → 50; Tenhou pays tsumo fu on a rinshan win
    assert _fu("234m555s33p456s", "4s", tsumo=True, melds=kan, rinshan=True) == 50
    assert _fu("234m555s33p456s", "4s", tsumo=True, melds=kan, rinshan=True, rules=FuRules(rinshan_tsumo=False)) == 40


def test_ron_on_a_shanpon_makes_the_triplet_open_for_fu() -> None:
    hand = "234m456p789s11p555s"
    assert _fu(hand, "5s", tsumo=True) == 30  # 20 + 4 (ankou) + 2 tsumo = 26
    assert _fu(hand, "5s", tsumo=False) == 40  # 30 + 2 (minkou) = 32
