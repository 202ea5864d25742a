"""Every setting `check` accepts takes effect (issue 9): for each setting the catalog gives to the scorer,
a hand whose result changes, worked out by hand, when a rule file flips it. A scorer-stage setting without
a row here fails the suite, so a new setting cannot be accepted, printed on the sheet and then ignored.

Hands (dealer, East round, ron unless said): PINFU is 234m 567p 234s 88s 345s on 5s, pinfu and tanyao,
2 han 30 fu, 2900 (R-PAY-1); OPEN is the same hand with 234s called, tanyao only, 1 han 30 fu.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest

from variantlang import ScoreError, loads, score
from variantlang.catalog import SETTINGS, Consumer
from variantlang.io.wins import win_input
from variantlang.model.ruleset import Ruleset
from variantlang.model.win import Score

PINFU: dict[str, Any] = {"closed": "234m567p234s88s345s", "win": "5s"}
OPEN: dict[str, Any] = {"closed": "234m567p88s345s", "melds": [{"type": "chi", "tiles": "234s"}], "win": "5s"}
RED = {**PINFU, "closed": "234m406p234s88s345s"}
OPEN_RED = {**OPEN, "closed": "234m406p88s345s"}
ALL_STAR = {"closed": "340m406p234s88s340s", "win": "5s"}
"""A red five of each suit (R-DORA-13)."""
HAKU = {"closed": "234m567p234s88s555z", "win": "8s"}
"""Haku (1 han) with a triplet of white dragons, one copy of which the rows below mark."""
RIICHI_URA = {**PINFU, "riichi": True, "dora_indicators": "9p", "ura_indicators": "1m"}
"""9p shows 1p (not held); the ura 1m shows 2m, held once."""
SANMA = {"closed": "234p567p234s88s345s", "win": "5s"}
NORTH_PAIR = {"closed": "123p456p789s234s44z", "win": "2s", "riichi": True}
"""Riichi and pinfu (North is no value pair for the East seat) with North kept in the hand."""
SUUANKOU_TANKI = {"closed": "111m222p333s444s55z", "win": "5z", "tsumo": True}
DAISANGEN = {"closed": "555z666z777z234m88s", "win": "8s"}
POCCHI_DRAW = {"closed": "234m567p234s88s34s5*z", "win": "5*z", "riichi": True, "ippatsu": True, "tsumo": True}
"""Riichi ippatsu tsumo; the drawn white pocchi completes the hand only as 2s or 5s (R-TILE-7)."""


@dataclass(frozen=True)
class Refused:
    """`score` refuses the win, with this in its message."""

    says: str


@dataclass(frozen=True)
class Flip:
    statement: str
    """The setting's new value as a rule file writes it."""
    win: dict[str, Any]
    """The win, as a batch line."""
    view: str
    """What changes: a key of VIEWS."""
    before: Any
    after: Any
    parent: str = "standard"
    base: str = ""
    """Statements both variants hold (what the setting needs to matter)."""


VIEWS: dict[str, Callable[[Score], Any]] = {
    "dora": lambda s: dict(s.dora),
    "han": lambda s: s.han,
    "fu": lambda s: s.fu,
    "total": lambda s: s.total,
    "points": lambda s: dict(s.payments.by_payer(tsumo=s.payments.ron == 0, dealer=False)),
    "yaku": lambda s: tuple(y.id for y in s.yaku),
    "chips": lambda s: None if s.chips is None else dict(s.chips.by_kind),
    "chip_points": lambda s: 0 if s.chips is None else s.chips.total * s.chips.value,
}

FLIPS: dict[str, Flip] = {
    # R-CALL-2: open tanyao
    "calls.kuitan": Flip("calls { kuitan off }", OPEN, "yaku", ("tanyao",), Refused("no yaku")),
    # R-CALL-2: 23s waits on 1s and 4s; only 4s gives tanyao, so without atozuke the hand had no yaku before it
    "calls.atozuke": Flip(
        "calls { atozuke off }",
        {"closed": "234m567p88s234s", "melds": [{"type": "chi", "tiles": "678s"}], "win": "4s"},
        "yaku",
        ("tanyao",),
        Refused("no yaku before the winning tile"),
    ),
    # R-DORA-1, R-DORA-4: 1m shows 2m (held once); as genbutsu it shows 1m (not held)
    "dora.indicator": Flip("dora { indicator same }", {**PINFU, "dora_indicators": "1m"}, "dora", {"dora": 1}, {}),
    "dora.ura_indicator": Flip("dora { ura_indicator same }", RIICHI_URA, "dora", {"ura": 1}, {}),
    # R-DORA-3: 1m now shows 8s, held twice
    "dora.cycle": Flip(
        "dora { cycle 1m -> 8s -> 1m }", {**PINFU, "dora_indicators": "1m"}, "dora", {"dora": 1}, {"dora": 2}
    ),
    # R-DORA-7: no ura dora, so no ura indicator is accepted (never counted)
    "dora.ura": Flip("dora { ura off }", RIICHI_URA, "dora", {"ura": 1}, Refused("no ura dora")),
    # R-DORA-10: two 1m indicators make the one 2m worth 2, or 1 when they do not stack
    "dora.stack": Flip("dora { stack off }", {**PINFU, "dora_indicators": "11m"}, "dora", {"dora": 2}, {"dora": 1}),
    # R-DORA-11
    "dora.red_value": Flip("dora { red_value 2 }", RED, "dora", {"red": 1}, {"red": 2}),
    # R-DORA-12: an open hand keeps no red dora
    "dora.red_condition": Flip("dora { red_condition closed }", OPEN_RED, "dora", {"red": 1}, {}),
    # R-DORA-13
    "dora.all_star": Flip("dora { all_star 2 }", ALL_STAR, "dora", {"red": 3}, {"red": 3, "all_star": 2}),
    "dora.all_star_condition": Flip(
        "dora { all_star_condition closed }",
        {**OPEN, "closed": "340m406p88s340s"},
        "dora",
        {"red": 3, "all_star": 1},
        {"red": 3},
        base="dora { all_star 1 }",
    ),
    # R-DORA-14: each 8s is a dora
    "dora.always": Flip("dora { always 8s }", PINFU, "dora", {}, {"always": 2}),
    # R-DORA-15
    "dora.nuki": Flip("dora { nuki 4z }", {**PINFU, "nuki": "4z"}, "dora", Refused("not a nuki dora"), {"nuki": 1}),
    # R-DORA-16: North kept in a hand that is no yakuman
    "dora.nuki_in_hand": Flip(
        "dora { nuki_in_hand yakuman_only }",
        NORTH_PAIR,
        "han",
        2,
        Refused("only for a yakuman"),
        parent="standard-sanma",
    ),
    # R-DORA-16 (囲将会 §2.2): North only set aside, never kept in the hand, not even for a yakuman
    "dora.nuki_aside_only": Flip(
        "dora { nuki_aside_only 北 }",
        NORTH_PAIR,
        "han",
        2,
        Refused("never part of a hand"),
        parent="standard-sanma",
    ),
    "dora.nuki_kept_dora": Flip(
        "dora { nuki_kept_dora on }", NORTH_PAIR, "dora", {}, {"nuki": 2}, parent="standard-sanma"
    ),
    # R-DORA-16, R-STD-6: West shows North; the North set aside is nuki and indicated dora, or nuki only
    "dora.nuki_indicated": Flip(
        "dora { nuki_indicated off }",
        {**SANMA, "nuki": "4z", "dora_indicators": "3z"},
        "dora",
        {"dora": 1, "nuki": 1},
        {"nuki": 1},
        parent="standard-sanma",
    ),
    # R-TILE-5, R-DORA-11: a gold haku worth 2
    "dora.gold_value": Flip(
        "dora { gold_value 2 }",
        {**HAKU, "closed": "234m567p234s88s555gz"},
        "dora",
        {},
        {"gold": 2},
        base="tiles { gold 5z }",
    ),
    # R-TILE-7: pocchi as a plain dora
    "dora.pocchi_value": Flip(
        "dora { pocchi_value 1 }",
        {**HAKU, "closed": "234m567p234s88s555*z"},
        "dora",
        {},
        {"pocchi": 1},
        base="tiles { pocchi 5z }",
    ),
    # R-TILE-5: a blue haku at -1 (haku 1 han, so 0 in all) and a rainbow one at +1
    "dora.blue_value": Flip(
        "dora { blue_value -1 }", {**HAKU, "closed": "234m567p234s88s555bz"}, "han", 1, 0, base="tiles { blue 5z }"
    ),
    "dora.rainbow_value": Flip(
        "dora { rainbow_value 1 }",
        {**HAKU, "closed": "234m567p234s88s555nz"},
        "dora",
        {},
        {"rainbow": 1},
        base="tiles { rainbow 5z }",
    ),
    # R-DORA-17
    "dora.flowers_as_nuki": Flip(
        "dora { flowers_as_nuki on }", {**PINFU, "nuki": "1f"}, "dora", {}, {"nuki": 1}, base="tiles { flowers 4 }"
    ),
    "dora.flower_honour_copy": Flip(
        "dora { flower_honour_copy on }",
        {"closed": "234m567p234s88s1f55z", "win": "8s"},
        "yaku",
        Refused("flowers are set aside"),
        ("haku",),
        base="tiles { flowers 4 }",
    ),
    # three players: a dealer's tsumo of 3 han 20 fu is 1300 from each of two players, not three
    "game.players": Flip("game { players 3 }", {**PINFU, "tsumo": True}, "total", 3900, 2600, base="game { uma none }"),
    # R-PAY-2: a formula instead of fu and han
    "payment.scheme": Flip("payment { scheme formula\n value = 1000 * han }", PINFU, "total", 2900, 2000),
    # R-PAY-1: 4 han 30 fu by a non-dealer, 7700 or mangan
    "payment.kiriage": Flip(
        "payment { kiriage on }",
        {**PINFU, "riichi": True, "dora_indicators": "1m", "seat_wind": "S"},
        "total",
        7700,
        8000,
    ),
    # riichi ippatsu tsumo pinfu tanyao 5 + dora 8s×2×3 and 2m×2 = 13 han: kazoe yakuman or sanbaiman, dealer tsumo
    "payment.kazoe": Flip(
        "payment { kazoe sanbaiman }",
        {**PINFU, "riichi": True, "ippatsu": True, "tsumo": True, "dora_indicators": "7s7s7s1m1m"},
        "total",
        48000,
        36000,
    ),
    "payment.double_yakuman": Flip("payment { double_yakuman on }", SUUANKOU_TANKI, "total", 48000, 96000),
    # daisangen, tsuuiisou and suuankou (tanki, single under standard): three yakuman, or at most one
    "payment.max_yakuman": Flip(
        "payment { max_yakuman 1 }",
        {"closed": "555z666z777z111z22z", "win": "2z", "tsumo": True},
        "total",
        144000,
        48000,
    ),
    "payment.honba_ron": Flip("payment { honba_ron 600 }", {**PINFU, "honba": 1}, "total", 3200, 3500),
    # pinfu tsumo tanyao 3 han 20 fu, 1300 all, +100 or +200 from each of three
    "payment.honba_tsumo": Flip(
        "payment { honba_tsumo 200 }", {**PINFU, "tsumo": True, "honba": 1}, "total", 4200, 4500
    ),
    # R-STD-6: a non-dealer's menzen tsumo, 20 + 2 + concealed 222s 4 → 30 fu, 1 han: base 240; the absent
    # North's share is lost (500/300), or halved between the payers (2×240+120 → 600, 240+120 → 400)
    "payment.tsumo_split": Flip(
        "payment { tsumo_split north_bisection }",
        {"closed": "123p567p222s88s345s", "win": "5s", "tsumo": True, "seat_wind": "S"},
        "points",
        {"dealer": 500, "each_non_dealer": 300},
        {"dealer": 600, "each_non_dealer": 400},
        parent="standard-sanma",
    ),
    # R-STD-3: riichi, ron: 20 + 10 closed ron + 8 concealed 111s + East pair 4 (42 → 50) or 2 (40)
    "payment.double_wind_pair": Flip(
        "payment { double_wind_pair 2 }",
        {"closed": "234m567p111s345s11z", "win": "5s", "riichi": True},
        "fu",
        50,
        40,
    ),
    # R-STD-3: an open hand without fu is 30 fu, or 20
    "payment.open_pinfu_fu": Flip("payment { open_pinfu_fu off }", OPEN, "fu", 30, 20),
    "payment.pinfu_tsumo_fu": Flip("payment { pinfu_tsumo_fu on }", {**PINFU, "tsumo": True}, "fu", 20, 30),
    "payment.chiitoitsu_fu": Flip(
        "payment { chiitoitsu_fu 50 }", {"closed": "11m22p33p44s55s66s77z", "win": "7z"}, "fu", 25, 50
    ),
    # R-STD-3: 20 + open 2222m 8 + open 333p 2 + tsumo 2 = 32 → 40, or 30 without the tsumo's 2
    "payment.rinshan_tsumo_fu": Flip(
        "payment { rinshan_tsumo_fu off }",
        {
            "closed": "567s345s88s",
            "melds": [{"type": "minkan", "tiles": "2222m"}, {"type": "pon", "tiles": "333p"}],
            "win": "5s",
            "tsumo": True,
            "rinshan": True,
        },
        "fu",
        40,
        30,
    ),
    # R-PAY-2: menzen tsumo 1, pinfu 1, 場ゾロ 2, 門前 1, 5ドラ (5p) 1 = 6 han; 囲将会 pays 1000 a han from
    # each of the two (tsumo each), or the same 6000 split between them
    "payment.tsumo": Flip(
        "payment { tsumo split }",
        {"closed": "123p456p789s23466s", "win": "4s", "tsumo": True, "seat_wind": "S"},
        "total",
        12000,
        6000,
        parent="igishokai-sanma",
    ),
    # R-RIICHI-6: open riichi pinfu tanyao, 4 han 30 fu, 11600 from the dealer's discarder, or a yakuman
    # (48000) from a discarder not in riichi
    "riichi.open_riichi_deal_in": Flip(
        "riichi { open_riichi_deal_in hand }",
        {**PINFU, "riichi": True, "open_riichi": True},
        "total",
        48000,
        11600,
        base='riichi { open_riichi on }\n  yaku { open_riichi "オープン立直" "Open riichi" 1/- when open_riichi }',
    ),
    # R-PAY-1: one riichi stick on the table
    "riichi.stick": Flip("riichi { stick 500 }", {**PINFU, "riichi_sticks": 1}, "total", 3900, 3400),
    # R-TILE-2: the hand holds 2m
    "tiles.remove": Flip("tiles { remove 2m }", PINFU, "total", 2900, Refused("2m is not in this tile set")),
    # R-TILE-4
    "tiles.red": Flip("tiles { red none }", RED, "dora", {"red": 1}, Refused("has none")),
    "tiles.gold": Flip(
        "tiles { gold 5z }", {**HAKU, "closed": "234m567p234s88s555gz"}, "yaku", Refused("has none"), ("haku",)
    ),
    "tiles.blue": Flip(
        "tiles { blue 5z }", {**HAKU, "closed": "234m567p234s88s555bz"}, "yaku", Refused("has none"), ("haku",)
    ),
    "tiles.rainbow": Flip(
        "tiles { rainbow 5z }", {**HAKU, "closed": "234m567p234s88s555nz"}, "yaku", Refused("has none"), ("haku",)
    ),
    "tiles.pocchi": Flip(
        "tiles { pocchi 5z }", {**HAKU, "closed": "234m567p234s88s555*z"}, "yaku", Refused("has none"), ("haku",)
    ),
    # R-TILE-7: riichi ippatsu tsumo pinfu tanyao and, with the joker as 2s, iipeikou: 6 han
    "tiles.pocchi_wild": Flip(
        "tiles { pocchi_wild riichi_ippatsu_tsumo }",
        POCCHI_DRAW,
        "han",
        Refused("not a winning hand"),
        6,
        base="tiles { pocchi 5z }",
    ),
    # R-TILE-6
    "tiles.flowers": Flip(
        "tiles { flowers 4 }",
        {**PINFU, "nuki": "1f"},
        "dora",
        Refused("flowers but the set has 0"),
        {"nuki": 1},
        base="dora { flowers_as_nuki on }",
    ),
    # R-WIN-3
    "win.min_han": Flip("win { min_han 2 }", OPEN, "yaku", ("tanyao",), Refused("at least 2 han")),
    "win.chiitoitsu_quads": Flip(
        "win { chiitoitsu_quads on }",
        {"closed": "1111m22p33p44s55s66s", "win": "6s"},
        "yaku",
        Refused("not a winning hand"),
        ("chiitoitsu",),
    ),
    # chips (R-DORA-12, R-DORA-13): from none to the ones the row sets
    "chips.value": Flip("chips { value 500 }", RED, "chip_points", 0, 500, base="chips { red 1 }"),
    "chips.ippatsu": Flip(
        "chips { ippatsu 1 }", {**PINFU, "riichi": True, "ippatsu": True}, "chips", None, {"ippatsu": 1}
    ),
    "chips.ura": Flip("chips { ura 1 }", RIICHI_URA, "chips", None, {"ura": 1}),
    "chips.red": Flip("chips { red 1 }", RED, "chips", None, {"red": 1}),
    "chips.gold": Flip(
        "chips { gold 1 }",
        {**HAKU, "closed": "234m567p234s88s555gz"},
        "chips",
        None,
        {"gold": 1},
        base="tiles { gold 5z }",
    ),
    "chips.pocchi": Flip(
        "chips { pocchi 2 }",
        {**HAKU, "closed": "234m567p234s88s555*z"},
        "chips",
        None,
        {"pocchi": 2},
        base="tiles { pocchi 5z }",
    ),
    "chips.blue": Flip(
        "chips { blue 1 }",
        {**HAKU, "closed": "234m567p234s88s555bz"},
        "chips",
        None,
        {"blue": 1},
        base="tiles { blue 5z }",
    ),
    "chips.rainbow": Flip(
        "chips { rainbow 2 }",
        {**HAKU, "closed": "234m567p234s88s555nz"},
        "chips",
        None,
        {"rainbow": 2},
        base="tiles { rainbow 5z }",
    ),
    "chips.marked_condition": Flip(
        "chips { marked_condition closed }", OPEN_RED, "chips", {"red": 1}, {}, base="chips { red 1 }"
    ),
    "chips.all_star": Flip("chips { all_star 1 }", ALL_STAR, "chips", None, {"all_star": 1}),
    "chips.yakuman_ron": Flip("chips { yakuman_ron 5 }", DAISANGEN, "chips", None, {"yakuman": 5}),
    "chips.yakuman_tsumo": Flip("chips { yakuman_tsumo 3 }", SUUANKOU_TANKI, "chips", None, {"yakuman": 3}),
    # Settings that reach the scorer through a rule question the engine also asks (issue 18): the scorer
    # refuses a win the variant cannot have, as the engine never offers it.
    # R-CALL-1: no chi, pon or kan: a win with such a meld cannot happen
    "calls.chi": Flip("calls { chi off }", OPEN, "yaku", ("tanyao",), Refused("this variant has no chi")),
    "calls.pon": Flip(
        "calls { pon off }",
        {"closed": "234m567p234s88s", "win": "8s", "melds": [{"type": "pon", "tiles": "555s"}]},
        "yaku",
        ("tanyao",),
        Refused("this variant has no pon"),
    ),
    "calls.kan": Flip(
        "calls { kan off }",
        {"closed": "234m567p234s88s", "win": "8s", "riichi": True, "melds": [{"type": "ankan", "tiles": "5555s"}]},
        "yaku",
        ("riichi", "tanyao"),
        Refused("this variant has no kan"),
    ),
    # R-DORA-5, R-DORA-8, R-DORA-9: how many indicators a win can show (`rules.dora.most_indicators`)
    "dora.kan_dora": Flip(
        "dora { kan_dora off }", {**PINFU, "dora_indicators": "1m9p"}, "dora", {"dora": 1}, Refused("at most 1")
    ),
    "dora.double_on_dice_pair": Flip(
        "dora { double_on_dice_pair on }",
        {**PINFU, "dora_indicators": "1m9p"},
        "dora",
        Refused("at most 1"),
        {"dora": 1},
        base="dora { kan_dora off }",
    ),
    "dora.start_indicators": Flip(
        "dora { start_indicators 2 }",
        {**PINFU, "dora_indicators": "1m9p"},
        "dora",
        Refused("at most 1"),
        {"dora": 1},
        base="dora { kan_dora off }",
    ),
    "dora.max_indicators": Flip(
        "dora { max_indicators 2 }", {**PINFU, "dora_indicators": "1m9p9p"}, "dora", {"dora": 1}, Refused("at most 2")
    ),
    "dora.kan_ura": Flip(
        "dora { kan_ura off }",
        {**RIICHI_URA, "dora_indicators": "9p9p", "ura_indicators": "1m1p"},
        "dora",
        {"ura": 1},
        Refused("2 ura indicators, but this variant has at most 1"),
    ),
    # R-GAME-6: a South seat's East triplet in the East round (`rules.winds.round_wind`)
    "game.round_wind": Flip(
        "game { round_wind off }",
        {"closed": "234m567p234s88s111z", "win": "8s", "seat_wind": "S"},
        "yaku",
        ("bakaze",),
        Refused("no yaku"),
    ),
    # R-RIICHI-1, R-RIICHI-6, R-RIICHI-9: a riichi win under a variant without riichi, open riichi, or riichi
    # after calls
    "riichi.enabled": Flip(
        "riichi { enabled off }",
        {**PINFU, "riichi": True},
        "yaku",
        ("pinfu", "tanyao"),
        Refused("this variant has no riichi"),
        base="yaku { drop riichi_family ippatsu }",
    ),
    "riichi.open_riichi": Flip(
        'riichi { open_riichi on }\n  yaku { open_riichi "オープン立直" "Open riichi" 1/- when open_riichi }',
        {**PINFU, "riichi": True, "open_riichi": True},
        "yaku",
        Refused("this variant has no open riichi"),
        ("riichi", "pinfu", "tanyao", "open_riichi"),
    ),
    "riichi.with_calls": Flip(
        "riichi { with_calls on }",
        {**OPEN, "riichi": True},
        "yaku",
        Refused("riichi needs a closed hand"),
        ("tanyao",),
    ),
}


MORE_VALUES: list[tuple[str, Flip]] = [
    # the other words of choice settings, each worked out like the rows above
    # R-PAY-1: riichi ippatsu tsumo pinfu ryanpeikou chinitsu (13 han) with 10 dora and 10 ura, 33 han by the
    # dealer: one kazoe yakuman (48000), or two under `multiple`
    (
        "payment.kazoe",
        Flip(
            "payment { kazoe multiple }",
            {
                **{"closed": "11223344556677m", "win": "7m", "riichi": True, "ippatsu": True, "tsumo": True},
                **{"dora_indicators": "6m6m5m5m4m", "ura_indicators": "3m3m2m2m1m"},
            },
            "total",
            48000,
            96000,
        ),
    ),
    # R-STD-6: a non-dealer's menzen tsumo, 1 han 30 fu, in three-player: 300 / 500, or the ron value (1000)
    # shared by the two payers
    (
        "payment.tsumo_split",
        Flip(
            "payment { tsumo_split ron_split }",
            {"closed": "123p567p222s88s345s", "win": "5s", "tsumo": True, "seat_wind": "S"},
            "points",
            {"dealer": 500, "each_non_dealer": 300},
            {"dealer": 500, "each_non_dealer": 500},
            parent="standard-sanma",
        ),
    ),
    # R-DORA-12: an open hand's red five earns no chip where marked chips need riichi
    (
        "chips.marked_condition",
        Flip("chips { marked_condition riichi }", OPEN_RED, "chips", {"red": 1}, {}, base="chips { red 1 }"),
    ),
    ("dora.red_condition", Flip("dora { red_condition riichi }", RED, "dora", {"red": 1}, {})),
    ("dora.red_condition", Flip("dora { red_condition chip_only }", RED, "dora", {"red": 1}, {})),
    (
        "dora.nuki_in_hand",
        Flip(
            "dora { nuki_in_hand never }",
            NORTH_PAIR,
            "han",
            2,
            Refused("never part of a hand"),
            parent="standard-sanma",
        ),
    ),
    # R-TILE-7: after riichi, no ippatsu needed: riichi tsumo pinfu tanyao iipeikou, 5 han
    (
        "tiles.pocchi_wild",
        Flip(
            "tiles { pocchi_wild after_riichi }",
            {**POCCHI_DRAW, "ippatsu": False},
            "han",
            Refused("not a winning hand"),
            5,
            base="tiles { pocchi 5z }",
        ),
    ),
]


def _outcome(ruleset: Ruleset, flip: Flip) -> Any:
    try:
        return VIEWS[flip.view](score(ruleset, win_input(flip.win)))
    except ScoreError as error:
        return Refused(str(error))


def _agrees(found: Any, expected: Any) -> bool:
    if isinstance(expected, Refused):
        return isinstance(found, Refused) and expected.says in found.says
    return bool(found == expected)


def _variant(flip: Flip, statement: str) -> Ruleset:
    return loads(f'variant "t" "t" {{\n  extends {flip.parent}\n  {flip.base}\n  {statement}\n}}\n')


def test_every_scorer_setting_has_a_flip() -> None:
    """The rows are derived from the catalog: a setting the scorer should honour and no row shows fails."""
    scorer_settings = {s.path for s in SETTINGS if Consumer.SCORE in s.consumers}
    assert set(FLIPS) == scorer_settings


@pytest.mark.parametrize("path", sorted(FLIPS))
def test_flipping_the_setting_changes_the_result_as_the_rule_says(path: str) -> None:
    flip = FLIPS[path]
    assert flip.statement.split("{")[1].split()[0] == path.split(".")[1], "the row flips its own setting"
    before = _outcome(_variant(flip, ""), flip)
    after = _outcome(_variant(flip, flip.statement), flip)
    assert _agrees(before, flip.before), f"{path} before: {before!r}"
    assert _agrees(after, flip.after), f"{path} after: {after!r}"


@pytest.mark.parametrize(("path", "flip"), MORE_VALUES, ids=[f"{p}:{f.statement}" for p, f in MORE_VALUES])
def test_the_other_values_take_effect_too(path: str, flip: Flip) -> None:
    assert flip.statement.split("{")[1].split()[0] == path.split(".")[1]
    assert _agrees(_outcome(_variant(flip, ""), flip), flip.before)
    after = _outcome(_variant(flip, flip.statement), flip)
    assert _agrees(after, flip.after), f"{path} after: {after!r}"


CONDITIONAL: dict[str, tuple[Flip, dict[str, Any]]] = {
    # R-WIN-3: two han of yaku from five honba: open tanyao (1 han 30 fu, 1500) wins at four (+1200), not at five
    "win.min_han": (
        Flip("win { min_han 2 when honba >= 5 }", {**OPEN, "honba": 5}, "total", 3000, Refused("at least 2 han")),
        {**OPEN, "honba": 4},
    ),
    # R-PAY-1: riichi pinfu tanyao dora 1, 4 han 30 fu: the dealer's 11600 is paid as mangan, a non-dealer's 7700
    # is not
    "payment.kiriage": (
        Flip(
            "payment { kiriage on when dealer }",
            {**PINFU, "riichi": True, "dora_indicators": "1m"},
            "total",
            11600,
            12000,
        ),
        {**PINFU, "riichi": True, "dora_indicators": "1m", "seat_wind": "S"},
    ),
}
"""For each setting that may take a condition: the flip applies on the row's win (the condition holds) and
leaves the second win as the setting's plain value has it."""


def test_every_conditional_setting_has_a_row() -> None:
    assert set(CONDITIONAL) == {s.path for s in SETTINGS if s.conditional}


@pytest.mark.parametrize("path", sorted(CONDITIONAL))
def test_a_condition_changes_the_result_only_where_it_holds(path: str) -> None:
    flip, elsewhere = CONDITIONAL[path]
    assert flip.statement.split("{")[1].split()[0] == path.split(".")[1]
    before, after = _variant(flip, ""), _variant(flip, flip.statement)
    assert _agrees(_outcome(before, flip), flip.before)
    assert _agrees(_outcome(after, flip), flip.after)
    unchanged = Flip(flip.statement, elsewhere, flip.view, None, None)
    assert _outcome(after, unchanged) == _outcome(before, unchanged)
