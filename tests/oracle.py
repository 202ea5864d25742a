"""Translation of our hands into the `mahjong` package's inputs, shared by the oracle tests."""

from collections import Counter
from typing import Any

from mahjong.hand_calculating.hand_config import HandConfig, HandConstants, OptionalRules
from mahjong.meld import Meld as OracleMeld

from variantlang import WinInput
from variantlang.hand.decomposition import Meld, MeldType
from variantlang.hand.tiles import Tile
from variantlang.model.samples import CompleteHand

_MELD_TYPES = {
    MeldType.CHI: OracleMeld.CHI,
    MeldType.PON: OracleMeld.PON,
    MeldType.MINKAN: OracleMeld.KAN,
    MeldType.ANKAN: OracleMeld.KAN,
    MeldType.KAKAN: OracleMeld.SHOUMINKAN,
}


def oracle_melds(melds: tuple[Meld, ...], used: Counter[int] | None = None) -> list[OracleMeld]:
    """Melds in 136-format, each physical copy numbered so that no two tiles share an id."""
    used = Counter() if used is None else used
    return [
        OracleMeld(meld_type=_MELD_TYPES[meld.type], tiles=tiles_136(meld.tiles, used), opened=meld.is_open)
        for meld in melds
    ]


def full_counts(hand: CompleteHand) -> list[int]:
    counts = hand.concealed_counts
    for meld in hand.melds:
        for tile in meld.tiles:
            counts[tile.kind] += 1
    return counts


_RED_FIVES = (4, 13, 22)
_PLAIN_COPIES = (1, 2, 3, 0)
"""Copy 0 of a five is the oracle's red five (AKA_DORAS), so plain fives take copies 1–3 first."""


def tiles_136(tiles: list[Tile] | tuple[Tile, ...], used: Counter[int]) -> list[int]:
    """136-format ids, distinct within one hand (`used` counts the plain copies handed out per kind)."""
    out = []
    for tile in tiles:
        if tile.red and tile.kind in _RED_FIVES:
            out.append(tile.kind * 4)
            continue
        copy = _PLAIN_COPIES[used[tile.kind]] if tile.kind in _RED_FIVES else used[tile.kind]
        used[tile.kind] += 1
        out.append(tile.kind * 4 + copy)
    return out


def tenhou_options(three_player: bool) -> OptionalRules:
    """The oracle configured like `standard.variant` (Tenhou): kuitan and reds on, no single-hand double
    yakuman, kazoe yakuman, no kiriage, open pinfu 30 fu, pinfu tsumo 20 fu."""
    return OptionalRules(
        has_open_tanyao=True,
        has_aka_dora=True,
        has_double_yakuman=False,
        kazoe_limit=HandConstants.KAZOE_LIMITED,
        kiriage=False,
        fu_for_open_pinfu=True,
        fu_for_pinfu_tsumo=False,
        is_three_player=three_player,
    )


def oracle_arguments(hand: WinInput, three_player: bool) -> tuple[Any, ...]:
    """`HandCalculator.estimate_hand_value` arguments for a win: (tiles, win tile, melds, dora
    indicators, config, ura indicators), all in the oracle's 136-tile ids."""
    used: Counter[int] = Counter()
    closed = tiles_136(hand.closed, used)
    melds = oracle_melds(hand.melds, used)
    win = closed[list(hand.closed).index(hand.winning_tile)]
    config = HandConfig(
        is_tsumo=hand.tsumo,
        is_riichi=hand.riichi,
        is_daburu_riichi=hand.double_riichi,
        is_ippatsu=hand.ippatsu,
        is_rinshan=hand.rinshan,
        is_chankan=hand.chankan,
        is_haitei=hand.haitei,
        is_houtei=hand.houtei,
        is_tenhou=hand.tenhou,
        is_chiihou=hand.chiihou,
        player_wind=hand.seat_wind,
        round_wind=hand.round_wind,
        tsumi_number=hand.honba,
        kyoutaku_number=hand.riichi_sticks,
        options=tenhou_options(three_player),
    )
    config.num_nuki_dora = len(hand.nuki)
    tiles = closed + [t for m in melds for t in m.tiles]
    dora = [t.kind * 4 for t in hand.dora_indicators]
    ura = [t.kind * 4 for t in hand.ura_indicators]
    return tiles, win, melds, dora, config, ura
