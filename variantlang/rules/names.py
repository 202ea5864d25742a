"""What a yaku, a bonus or a marked tile is called in each log format, answered once for every reader and
writer (`records.mjai`, `records.tenhou6`, `records.tenhou_xml`).

Where a format has a name of its own, it is used: Tenhou's yaku numbers (mjlog) and Japanese names
(tenhou.net/6, read in English too), mjai's `5mr` and tenhou.net/6's 51–53 for red fives. Where it has
none, the variant's own name is: a house yaku or bonus is written under its Japanese name in tenhou.net/6
and under its id in mjai (mjai has no yaku field; ours is an extension), and a tile with another mark is
the plain name followed by the mark's letter in mjai (`5pg` gold) and a code from 61 up in tenhou.net/6,
numbered over the variant's marked kinds; a flower is written as the notation writes it in mjai
(`1f`…`8f`) and 91–98 in tenhou.net/6 (README, "Log formats").
"""

from __future__ import annotations

from typing import Literal

from variantlang.hand.tiles import FLOWER_BASE, FLOWERS, Mark, Tile
from variantlang.model.ruleset import Ruleset

Format = Literal["mjai", "tenhou6", "mjlog"]

TENHOU_YAKU = tuple(
    [
        "menzen_tsumo",
        "riichi",
        "ippatsu",
        "chankan",
        "rinshan",
        "haitei",
        "houtei",
        "pinfu",
        "tanyao",
        "iipeikou",
        "jikaze",
        "jikaze",
        "jikaze",
        "jikaze",
        "bakaze",
        "bakaze",
        "bakaze",
        "bakaze",
        "haku",
        "hatsu",
        "chun",
        "double_riichi",
        "chiitoitsu",
        "chanta",
        "ittsu",
        "sanshoku",
        "sanshoku_doukou",
        "sankantsu",
        "toitoi",
        "sanankou",
        "shousangen",
        "honroutou",
        "ryanpeikou",
        "junchan",
        "honitsu",
        "chinitsu",
        "renhou",
        "tenhou",
        "chiihou",
        "daisangen",
        "suuankou",
        "suuankou_tanki",
        "tsuuiisou",
        "ryuuiisou",
        "chinroutou",
        "chuuren",
        "junsei_chuuren",
        "kokushi",
        "kokushi_13",
        "daisuushii",
        "shousuushii",
        "suukantsu",
        "dora",
        "ura",
        "red",
    ]
)
"""Tenhou's yaku numbers 0–54 (mjlog `yaku`) as the ids of `standard.variant` (10–13 seat wind, 14–17
round wind; 52–54 dora, ura and red; Tenhou counts three-player kita inside 52)."""

_TENHOU_JA = [
    "門前清自摸和",
    "立直",
    "一発",
    "槍槓",
    "嶺上開花",
    "海底摸月",
    "河底撈魚",
    "平和",
    "断幺九",
    "一盃口",
    "自風",
    "自風",
    "自風",
    "自風",
    "場風",
    "場風",
    "場風",
    "場風",
    "役牌",
    "役牌",
    "役牌",
    "両立直",
    "七対子",
    "混全帯幺九",
    "一気通貫",
    "三色同順",
    "三色同刻",
    "三槓子",
    "対々和",
    "三暗刻",
    "小三元",
    "混老頭",
    "二盃口",
    "純全帯幺九",
    "混一色",
    "清一色",
    "人和",
    "天和",
    "地和",
    "大三元",
    "四暗刻",
    "四暗刻単騎",
    "字一色",
    "緑一色",
    "清老頭",
    "九蓮宝燈",
    "純正九蓮宝燈",
    "国士無双",
    "国士無双１３面",
    "大四喜",
    "小四喜",
    "四槓子",
    "ドラ",
    "裏ドラ",
    "赤ドラ",
]
_TENHOU_EN = [
    "Fully Concealed Hand",
    "Riichi",
    "Ippatsu",
    "Robbing a Kan",
    "After a Kan",
    "Under the Sea",
    "Under the River",
    "Pinfu",
    "All Simples",
    "Pure Double Sequence",
    "Seat Wind",
    "Seat Wind",
    "Seat Wind",
    "Seat Wind",
    "Prevalent Wind",
    "Prevalent Wind",
    "Prevalent Wind",
    "Prevalent Wind",
    "White Dragon",
    "Green Dragon",
    "Red Dragon",
    "Double Riichi",
    "Seven Pairs",
    "Half Outside Hand",
    "Pure Straight",
    "Mixed Triple Sequence",
    "Triple Triplets",
    "Three Quads",
    "All Triplets",
    "Three Concealed Triplets",
    "Little Three Dragons",
    "All Terminals and Honors",
    "Twice Pure Double Sequence",
    "Fully Outside Hand",
    "Half Flush",
    "Full Flush",
    "Hand of Man",
    "Blessing of Heaven",
    "Blessing of Earth",
    "Big Three Dragons",
    "Four Concealed Triplets",
    "Single-wait Four Concealed Triplets",
    "All Honors",
    "All Green",
    "All Terminals",
    "Nine Gates",
    "True Nine Gates",
    "Thirteen Orphans",
    "Thirteen-wait Thirteen Orphans",
    "Four Big Winds",
    "Four Little Winds",
    "Four Quads",
    "Dora",
    "Ura Dora",
    "Red Five",
]
"""The English names tenhou.net/6 files carry, by Tenhou's yaku number: Tenhou writes Japanese only; the
English files the viewer shows come from Mahjong Soul through tensoul (`name_en` of Mahjong Soul's yaku
table, e.g. `"Fully Concealed Hand(1飜)"`, `"Ura Dora(0飜)"`), winds without the wind's name."""
WIND_NAMES = "東南西北"
_DRAGONS = {"haku": "白", "hatsu": "發", "chun": "中"}
_JA_BY_ID = {yaku: name for yaku, name in zip(TENHOU_YAKU, _TENHOU_JA, strict=True) if name != "役牌"}
_JA_BY_ID |= {yaku: f"役牌 {dragon}" for yaku, dragon in _DRAGONS.items()} | {"nuki": "抜きドラ"}
_DORA_KINDS = {
    "always": "常ドラ",
    "all_star": "オールスター",
    "gold": "金ドラ",
    "pocchi": "ポッチ",
    "blue": "青ドラ",
    "rainbow": "虹ドラ",
}
"""The scorer's other dora kinds (`scoring.dora`), which Tenhou does not have: our names for them."""
_ID_BY_NAME = {name: yaku for yaku, name in _JA_BY_ID.items() if yaku not in ("jikaze", "bakaze")}
_ID_BY_NAME |= {
    f"{where} {wind}": yaku for where, yaku in (("自風", "jikaze"), ("場風", "bakaze")) for wind in WIND_NAMES
}
_ID_BY_NAME |= {name: yaku for yaku, name in zip(TENHOU_YAKU, _TENHOU_EN, strict=True)} | {"Kita": "nuki"}
_ID_BY_NAME |= {"役牌:自風牌": "jikaze", "役牌:場風牌": "bakaze", "ダブル立直": "double_riichi"}
_ID_BY_NAME |= {"国士無双十三面待ち": "kokushi_13"}
"""What a tenhou.net/6 win may call a yaku, → its id: Tenhou's Japanese names (the seat and round winds
with the wind), the English ones (`_TENHOU_EN`, and `Kita`), and the four Japanese names of Mahjong
Soul's table that differ from Tenhou's (tensoul's Japanese files)."""
_ORDER = {name: i for i, name in reversed(list(enumerate(TENHOU_YAKU)))} | {"nuki": 52}

MJAI_HONOURS = "ESWNPFC"
_MARKS = {mark.value: mark for mark in Mark if mark is not Mark.PLAIN}
TENHOU_RED = 51
"""tenhou.net/6 codes 51–53: the red 5m, 5p, 5s."""
TENHOU_MARKED = 61
"""The first tenhou.net/6 code of our extension for tiles with other marks (gold, pocchi …)."""
TENHOU_FLOWER = 91
"""tenhou.net/6 codes 91–98 (our extension): flowers 1–8; the marked kinds' codes stop below them."""


def _variant_names(ruleset: Ruleset) -> dict[str, tuple[str, str]]:
    """Every yaku, bonus and dora kind of the variant, id → its Japanese and English names."""
    names = {k: (v, v) for k, v in _DORA_KINDS.items()}
    names |= {y.id: (y.name_ja, y.name_en or y.name_ja) for y in ruleset.all_yaku()}
    return names | {b.id: (b.name_ja, b.name_en or b.name_ja) for b in ruleset.bonuses}


def yaku_name(ruleset: Ruleset, yaku: str, fmt: Format, *, wind: int = 0) -> str:
    """A yaku's or bonus's name in a log: mjai writes the id; tenhou.net/6 writes Tenhou's Japanese name
    (seat and round winds with `wind`, 0–3), or the variant's own where Tenhou has none."""
    if fmt == "mjai":
        return yaku
    if yaku in ("jikaze", "bakaze"):
        return f"{'自風' if yaku == 'jikaze' else '場風'} {WIND_NAMES[wind]}"
    if yaku in _JA_BY_ID:
        return _JA_BY_ID[yaku]
    own = _variant_names(ruleset).get(yaku)
    if own is None:
        raise ValueError(f"{ruleset.name} has no yaku or bonus {yaku!r}")
    return own[0]


def yaku_order(yaku: str) -> int:
    """Where Tenhou lists a yaku in a win (its numbering); the variant's own come after, as scored."""
    return _ORDER.get(yaku, len(TENHOU_YAKU))


def yaku_id(ruleset: Ruleset | None, name: str) -> str:
    """The id of a yaku or bonus named in a tenhou.net/6 win, in Japanese or English: Tenhou's names
    (`_ID_BY_NAME`), and the variant's own where the variant has no yaku of Tenhou's id (a house yaku
    may reuse a standard name)."""
    standard = _ID_BY_NAME.get(name)
    if ruleset is None:
        if standard is None:
            raise ValueError(f"unknown yaku {name!r}")
        return standard
    own = _variant_names(ruleset)
    if standard is not None and (standard in own or standard in ("jikaze", "bakaze", "nuki")):
        return standard
    found = [yaku for yaku, names in own.items() if name in names]
    if found:
        return found[0]
    if standard is not None:
        return standard
    raise ValueError(f"unknown yaku {name!r} (neither Tenhou's nor {ruleset.name}'s)")


def mjai_tile(tile: Tile) -> str:
    """mjai's name of a tile: `1m`…`9s`, `E S W N P F C`, red `5mr`; other marks add their letter; a
    flower `1f`…`8f` (our extension)."""
    kind = tile.kind
    if tile.is_flower:
        return f"{kind - FLOWER_BASE + 1}f"
    name = MJAI_HONOURS[kind - 27] if kind >= 27 else f"{kind % 9 + 1}{'mps'[kind // 9]}"
    return name + tile.mark.value


def mjai_parse(name: object) -> Tile:
    """The tile an mjai name stands for; ValueError for anything else."""
    if not isinstance(name, str) or not 1 <= len(name) <= 3:
        raise ValueError(f"not an mjai tile: {name!r}")
    mark = Mark.PLAIN
    if name[-1] in _MARKS and len(name) in (2, 3) and not (len(name) == 2 and name[0] in "123456789"):
        mark = _MARKS[name[-1]]
        name = name[:-1]
    if len(name) == 1 and name in MJAI_HONOURS:
        return Tile(27 + MJAI_HONOURS.index(name), mark)
    if len(name) == 2 and name[0] in "123456789" and name[1] in "mps":
        return Tile("mps".index(name[1]) * 9 + int(name[0]) - 1, mark)
    if len(name) == 2 and name[0] in "12345678" and name[1] == "f" and mark is Mark.PLAIN:
        return Tile(FLOWER_BASE + int(name[0]) - 1)
    raise ValueError(f"not an mjai tile: {name!r}")


def _extra_marks(ruleset: Ruleset) -> list[tuple[int, Mark]]:
    """The variant's marked kinds other than red fives, in a fixed order (tenhou.net/6 codes 61 up)."""
    return sorted(
        {(t.kind, t.mark) for t, _ in ruleset.tile_set.marked if t.mark is not Mark.RED},
        key=lambda km: (km[0], km[1].value),
    )


def tenhou6_code(ruleset: Ruleset | None, tile: Tile) -> int:
    """tenhou.net/6's code of a tile: 11–19 m, 21–29 p, 31–39 s, 41–47 honours, 51–53 red fives; other
    marks 61 up, flowers 91–98 (our extension)."""
    kind = tile.kind
    if tile.is_flower:
        return TENHOU_FLOWER + kind - FLOWER_BASE
    if tile.mark is Mark.RED and kind in (4, 13, 22):
        return TENHOU_RED + kind // 9
    if tile.mark is not Mark.PLAIN:
        extra = _extra_marks(ruleset) if ruleset is not None else []
        if (kind, tile.mark) not in extra or TENHOU_MARKED + extra.index((kind, tile.mark)) >= TENHOU_FLOWER:
            raise ValueError(f"tenhou.net/6 has no code for {tile}")
        return TENHOU_MARKED + extra.index((kind, tile.mark))
    return 41 + kind - 27 if kind >= 27 else (kind // 9 + 1) * 10 + kind % 9 + 1


def tenhou6_tile(ruleset: Ruleset | None, code: int) -> Tile:
    """The tile a tenhou.net/6 code stands for; ValueError for a code that names none."""
    if not isinstance(code, int) or isinstance(code, bool):
        raise ValueError(f"not a tile code: {str(code)[:20]!r}")  # noqa: TRY004 (a log's value, not a caller's)
    if TENHOU_RED <= code <= TENHOU_RED + 2:
        return Tile((code - TENHOU_RED) * 9 + 4, Mark.RED)
    if TENHOU_FLOWER <= code < TENHOU_FLOWER + FLOWERS:
        return Tile(FLOWER_BASE + code - TENHOU_FLOWER)
    if code >= TENHOU_MARKED:
        extra = _extra_marks(ruleset) if ruleset is not None else []
        if code - TENHOU_MARKED >= len(extra):
            raise ValueError(f"not a tile code: {code}")
        kind, mark = extra[code - TENHOU_MARKED]
        return Tile(kind, mark)
    suit, number = divmod(code, 10)
    if 1 <= suit <= 3 and 1 <= number <= 9:
        return Tile((suit - 1) * 9 + number - 1)
    if suit == 4 and 1 <= number <= 7:
        return Tile(27 + number - 1)
    raise ValueError(f"not a tile code: {code}")
