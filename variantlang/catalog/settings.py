"""Every rule setting a variant file may state: section, key, type, domain, default, rule id, labels.

One table drives checking (unknown keys, wrong types, ranges), `diff`, provenance and the rule sheet.
Defaults are the bare minimum a table needs (four players, 136 tiles, no house options); the
shipped `standard.variant` states Tenhou's choices explicitly, so they appear on its sheet and in diffs.
"""

from __future__ import annotations

import enum
from dataclasses import dataclass
from typing import Any

from variantlang.hand.tiles import format_tiles, kind_name


class Kind(enum.Enum):
    BOOL = "on/off"
    INT = "a whole number"
    CHOICE = "one of the listed words"
    TILES = "a list of tiles"
    CYCLE = "a dora cycle (1m -> 9m -> 1m)"
    TEXT = 'a quoted text ("…")'
    INTS = "a list of whole numbers"
    WORDS = "a list of names"


@dataclass(frozen=True, slots=True)
class Knob:
    section: str
    key: str
    kind: Kind
    default: Any
    rule: str
    """The R-id(s) in RULES.md this setting expresses."""
    label_en: str
    label_ja: str
    choices: tuple[str, ...] = ()
    low: float | None = None
    high: float | None = None
    repeatable: bool = False
    """Statements accumulate (dora cycles) instead of a second one being an error."""

    @property
    def path(self) -> str:
        return f"{self.section}.{self.key}"

    def format(self, value: Any) -> str:
        """A value as a short text for tables and diffs: `on`, `5m5p5s`, `1m → 9m → 1m`, `20 10 -10 -20`."""
        if self.kind is Kind.BOOL:
            return "on" if value else "off"
        if self.kind is Kind.TILES:
            return format_tiles(value) if value else "none"
        if self.kind is Kind.CYCLE:
            return "; ".join(" → ".join(kind_name(k) for k in cycle) for cycle in value) if value else "none"
        if self.kind in (Kind.INTS, Kind.WORDS):
            return " ".join(str(v) for v in value) if value else "none"
        return str(value) if value != "" else "—"


def _k(section: str, key: str, kind: Kind, default: Any, rule: str, en: str, ja: str, **extra: Any) -> Knob:
    return Knob(section, key, kind, default, rule, en, ja, **extra)


BOOL, INT, CHOICE, TILES, CYCLE, TEXT, INTS, WORDS = (
    Kind.BOOL,
    Kind.INT,
    Kind.CHOICE,
    Kind.TILES,
    Kind.CYCLE,
    Kind.TEXT,
    Kind.INTS,
    Kind.WORDS,
)

KNOBS: tuple[Knob, ...] = (
    # ---------------------------------------------------------------- about (not rules: metadata)
    _k("about", "source", TEXT, "", "-", "Source", "出典"),
    _k("about", "credit", TEXT, "", "-", "Credit", "作成"),
    _k("about", "version", TEXT, "", "-", "Version", "版"),
    _k("about", "notes", TEXT, "", "-", "Notes", "備考", repeatable=True),
    # ---------------------------------------------------------------- tiles
    _k("tiles", "remove", TILES, (), "R-TILE-2 R-TILE-3", "Removed tiles", "抜く牌"),
    _k("tiles", "red", TILES, (), "R-TILE-4 R-TILE-5", "Red tiles", "赤牌"),
    _k("tiles", "gold", TILES, (), "R-TILE-5", "Gold tiles", "金牌"),
    _k("tiles", "pocchi", TILES, (), "R-TILE-7", "Pocchi (marked) tiles", "ポッチ牌"),
    _k(
        "tiles",
        "pocchi_wild",
        CHOICE,
        "off",
        "R-TILE-7",
        "Pocchi is wild",
        "ポッチの万能化",
        choices=("off", "riichi_ippatsu_tsumo", "after_riichi"),
    ),
    _k("tiles", "flowers", INT, 0, "R-TILE-6", "Flower tiles", "花牌", low=0, high=8),
    _k("tiles", "dead_wall", INT, 14, "R-TILE-8", "Dead wall", "王牌", low=0, high=40),
    # ---------------------------------------------------------------- game
    _k("game", "players", INT, 4, "R-TILE-1 R-TILE-2", "Players", "人数", low=3, high=4),
    _k(
        "game",
        "length",
        CHOICE,
        "hanchan",
        "R-GAME-1",
        "Length",
        "対局の長さ",
        choices=("east", "hanchan", "four_hands"),
    ),
    _k("game", "round_wind", BOOL, True, "R-GAME-6", "Round wind", "場風"),
    _k("game", "start_points", INT, 25000, "R-PAY-4", "Starting points", "配給原点", low=0, high=10**7),
    _k("game", "return_points", INT, 30000, "R-PAY-4", "Return points", "返し", low=0, high=10**7),
    _k("game", "uma", INTS, (), "R-PAY-4", "Uma", "ウマ"),
    _k("game", "top_prize", INT, 0, "R-PAY-4", "Top prize", "トップ賞", low=0, high=10**7),
    _k(
        "game",
        "extension",
        CHOICE,
        "none",
        "R-GAME-1 R-STD-5",
        "Extension",
        "延長戦",
        choices=("none", "south", "west"),
    ),
    _k("game", "target_points", INT, 30000, "R-STD-5", "Target to end", "終了条件の点数", low=0, high=10**7),
    _k("game", "agari_yame", BOOL, False, "R-STD-5", "Agari-yame", "アガリやめ"),
    _k("game", "tenpai_yame", BOOL, False, "R-STD-5", "Tenpai-yame", "テンパイやめ"),
    _k(
        "game",
        "renchan",
        CHOICE,
        "tenpai",
        "R-GAME-2",
        "Dealer repeat",
        "連荘",
        choices=("tenpai", "win", "last_winner", "none"),
    ),
    _k(
        "game",
        "tobi",
        CHOICE,
        "below_zero",
        "R-GAME-3",
        "Bust (tobi)",
        "飛び",
        choices=("below_zero", "at_zero", "off"),
    ),
    _k("game", "seating", CHOICE, "random", "R-GAME-4", "Seating", "席決め", choices=("random", "wind_tiles")),
    _k(
        "game", "deal", CHOICE, "standard", "R-GAME-5", "Deal", "配牌", choices=("standard", "seat_wind_plus_12_pass_3")
    ),
    _k(
        "game",
        "dice_break",
        CHOICE,
        "standard",
        "R-GAME-7",
        "Wall break by dice",
        "開門",
        choices=("standard", "sanma", "own_wall"),
    ),
    _k("game", "indicator_stack", INT, 3, "R-GAME-7", "Dora indicator stack", "ドラ表示牌の位置", low=1, high=20),
    _k("game", "after_win", CHOICE, "end", "R-WIN-2", "After a win", "和了後", choices=("end", "play_on_best_paid")),
    _k(
        "game",
        "leftover_sticks",
        CHOICE,
        "top",
        "R-RIICHI-8",
        "Leftover riichi sticks",
        "供託の行方",
        choices=("top", "owners", "lost"),
    ),
    # ---------------------------------------------------------------- draws (ryuukyoku)
    _k("draws", "kyuushu_kyuuhai", BOOL, False, "R-DRAW-1", "Nine terminals", "九種九牌"),
    _k("draws", "suufon_renda", BOOL, False, "R-DRAW-1", "Four winds", "四風連打"),
    _k("draws", "suukan_sanra", BOOL, False, "R-DRAW-1", "Four kans", "四槓散了"),
    _k("draws", "suucha_riichi", BOOL, False, "R-DRAW-1", "Four riichi", "四家立直"),
    _k("draws", "sancha_hou", BOOL, False, "R-DRAW-1 R-WIN-1", "Triple ron", "三家和"),
    _k("draws", "noten_payment", INT, 3000, "R-DRAW-2", "Noten penalty", "ノーテン罰符", low=0, high=10**6),
    _k(
        "draws",
        "noten_style",
        CHOICE,
        "split",
        "R-DRAW-2",
        "Noten payment",
        "ノーテン罰符の払い方",
        choices=("split", "per_tenpai_player"),
    ),
    _k("draws", "nagashi_mangan", BOOL, False, "R-DRAW-2", "Nagashi mangan", "流し満貫"),
    _k("draws", "formal_tenpai", BOOL, True, "R-DRAW-3", "Formal tenpai", "形式テンパイ"),
    # ---------------------------------------------------------------- winning
    _k("win", "min_han", INT, 1, "R-WIN-3 R-DORA-18", "Minimum yaku han", "翻縛り", low=0, high=13),
    _k(
        "win",
        "multiple_ron",
        CHOICE,
        "double",
        "R-WIN-1",
        "Several ron",
        "複数ロン",
        choices=("head_bump", "double", "triple"),
    ),
    _k(
        "win",
        "sticks_to",
        CHOICE,
        "first_winner",
        "R-STD-2",
        "Sticks on double ron",
        "ダブロン時の供託",
        choices=("first_winner", "split"),
    ),
    _k(
        "win",
        "chiitoitsu_quads",
        BOOL,
        False,
        "R-YAKU-4",
        "Four of a kind as two pairs in seven pairs",
        "七対子で4枚使いを2対子とみなす",
    ),
    _k("win", "pao", WORDS, (), "R-STD-1", "Liability (pao) for", "包"),
    # ---------------------------------------------------------------- calls
    _k("calls", "chi", BOOL, True, "R-CALL-1", "Chi", "チー"),
    _k("calls", "pon", BOOL, True, "R-CALL-1", "Pon", "ポン"),
    _k("calls", "kan", BOOL, True, "R-CALL-1", "Kan", "カン"),
    _k("calls", "kuitan", BOOL, False, "R-CALL-2", "Open tanyao (kuitan)", "喰いタン"),
    _k("calls", "atozuke", BOOL, True, "R-CALL-2", "Yaku after calling (atozuke)", "後付け"),
    _k(
        "calls",
        "kuikae",
        CHOICE,
        "forbid",
        "R-CALL-3 R-STD-4",
        "Swap calling (kuikae)",
        "喰い替え",
        choices=("forbid", "allow"),
    ),
    _k("calls", "last_discard", BOOL, False, "R-CALL-4", "Calls on the last discard", "河底牌への鳴き"),
    # ---------------------------------------------------------------- riichi
    _k("riichi", "enabled", BOOL, True, "R-RIICHI-1", "Riichi", "立直"),
    _k("riichi", "stick", INT, 1000, "R-RIICHI-1", "Riichi stick", "立直棒", low=0, high=10**6),
    _k("riichi", "min_wall", INT, 4, "R-RIICHI-1", "Wall tiles needed", "立直に必要な残り枚数", low=0, high=20),
    _k("riichi", "no_draw_riichi", BOOL, False, "R-RIICHI-1", "Riichi without a draw left", "ツモ番なし立直"),
    _k("riichi", "at_1000", BOOL, True, "R-RIICHI-2", "Riichi with exactly 1000", "持ち点1000点での立直"),
    _k("riichi", "below_zero", BOOL, False, "R-RIICHI-2", "Riichi below zero", "持ち点マイナスでの立直"),
    _k(
        "riichi",
        "ankan",
        CHOICE,
        "same_waits",
        "R-RIICHI-4",
        "Concealed kan after riichi",
        "立直後の暗槓",
        choices=("forbid", "same_waits", "strict"),
    ),
    _k("riichi", "open_riichi", BOOL, False, "R-RIICHI-6", "Open riichi", "オープン立直"),
    _k(
        "riichi",
        "furiten",
        CHOICE,
        "waits",
        "R-RIICHI-3 R-FURI-1",
        "Furiten covers",
        "振聴の範囲",
        choices=("waits", "tile"),
    ),
    _k("riichi", "locked", BOOL, True, "R-RIICHI-3", "Hand locked after riichi (tsumogiri)", "立直後はツモ切り"),
    _k(
        "riichi",
        "furiten_riichi",
        CHOICE,
        "allow",
        "R-RIICHI-7",
        "Furiten riichi",
        "振聴立直",
        choices=("allow", "chombo"),
    ),
    _k("riichi", "with_calls", BOOL, False, "R-RIICHI-9", "Riichi after calls", "鳴いてからの立直"),
    _k(
        "riichi",
        "declaration_required",
        BOOL,
        False,
        "R-RIICHI-9",
        "Tenpai declaration required to win",
        "和了には聴牌宣言が必要",
    ),
    _k(
        "riichi",
        "false_declaration",
        INT,
        0,
        "R-RIICHI-9",
        "False declaration penalty",
        "誤宣言の罰符",
        low=0,
        high=10**6,
    ),
    _k(
        "riichi",
        "furiten_indicators",
        BOOL,
        False,
        "R-FURI-1",
        "Indicator-area tiles count for furiten",
        "ドラ表示エリアの牌も振聴",
    ),
    # ---------------------------------------------------------------- dora
    _k("dora", "indicator", CHOICE, "next", "R-DORA-1 R-DORA-4", "Indicator", "ドラ表示", choices=("next", "same")),
    _k("dora", "ura_indicator", CHOICE, "next", "R-DORA-4", "Ura indicator", "裏ドラ表示", choices=("next", "same")),
    _k("dora", "cycle", CYCLE, (), "R-DORA-2 R-DORA-3", "Dora cycle", "ドラの循環", repeatable=True),
    _k("dora", "kan_dora", BOOL, True, "R-DORA-5", "Kan dora", "カンドラ"),
    _k(
        "dora",
        "kan_dora_timing",
        CHOICE,
        "after_discard",
        "R-DORA-6",
        "Kan dora timing",
        "カンドラのめくり",
        choices=("immediate", "after_discard", "after_discard_passes"),
    ),
    _k("dora", "max_indicators", INT, 5, "R-DORA-5", "Most indicators", "ドラ表示牌の上限", low=1, high=10),
    _k("dora", "ura", BOOL, True, "R-DORA-7", "Ura dora", "裏ドラ"),
    _k("dora", "kan_ura", BOOL, True, "R-DORA-8", "Kan ura", "カン裏"),
    _k("dora", "start_indicators", INT, 1, "R-DORA-9", "Indicators at the start", "最初のドラ表示牌", low=1, high=2),
    _k("dora", "double_on_dice_pair", BOOL, False, "R-DORA-9", "Double dora on a dice pair", "ゾロ目でダブルドラ"),
    _k("dora", "stack", BOOL, True, "R-DORA-10", "Repeated indicators stack", "同じ表示牌の重複"),
    _k("dora", "red_value", INT, 1, "R-DORA-11", "Red dora value", "赤ドラの翻", low=0, high=13),
    _k(
        "dora",
        "red_condition",
        CHOICE,
        "always",
        "R-DORA-12",
        "Red dora counts",
        "赤ドラの条件",
        choices=("always", "closed", "riichi", "chip_only"),
    ),
    _k("dora", "all_star", INT, 0, "R-DORA-13", "All-star bonus", "オールスター", low=0, high=13),
    _k(
        "dora",
        "all_star_condition",
        CHOICE,
        "always",
        "R-DORA-13",
        "All-star counts",
        "オールスターの条件",
        choices=("always", "closed"),
    ),
    _k("dora", "always", TILES, (), "R-DORA-14", "Always dora", "常時ドラ"),
    _k("dora", "nuki", TILES, (), "R-DORA-15", "Nuki dora", "抜きドラ"),
    _k(
        "dora",
        "nuki_mode",
        CHOICE,
        "optional",
        "R-DORA-16",
        "Setting nuki aside",
        "抜きドラの抜き方",
        choices=("optional", "forced"),
    ),
    _k(
        "dora",
        "nuki_in_hand",
        CHOICE,
        "always",
        "R-DORA-16",
        "Nuki tiles kept in hand",
        "抜きドラを手牌で使う",
        choices=("always", "yakuman_only", "never"),
    ),
    _k("dora", "nuki_discard", BOOL, True, "R-DORA-16", "Nuki tiles may be discarded", "抜きドラを捨てる"),
    _k(
        "dora",
        "nuki_ron",
        CHOICE,
        "all",
        "R-DORA-16",
        "Ron on a nuki tile",
        "抜きドラへのロン",
        choices=("all", "yakuman_only", "never"),
    ),
    _k("dora", "nuki_breaks_ippatsu", BOOL, True, "R-DORA-16", "Nuki breaks ippatsu", "抜きドラで一発消し"),
    _k("dora", "nuki_at_haitei", BOOL, False, "R-DORA-16", "Nuki on the last draw", "海底での抜きドラ"),
    _k("dora", "flowers_as_nuki", BOOL, False, "R-DORA-17", "Flowers count as nuki dora", "花牌は抜きドラ"),
    _k("dora", "flower_honour_copy", BOOL, False, "R-DORA-17", "A flower is a fifth honour", "花牌は字牌の5枚目"),
    _k("dora", "chosen_indicators", BOOL, False, "R-DORA-19", "Players place the indicators", "ドラ表示牌を選ぶ"),
    # ---------------------------------------------------------------- payment
    _k(
        "payment",
        "scheme",
        CHOICE,
        "standard",
        "R-PAY-1 R-PAY-2 R-PAY-3",
        "Payment scheme",
        "点数計算",
        choices=("standard", "formula"),
    ),
    _k("payment", "kiriage", BOOL, False, "R-PAY-1", "Kiriage mangan", "切り上げ満貫"),
    _k(
        "payment",
        "kazoe",
        CHOICE,
        "yakuman",
        "R-PAY-1",
        "13 han or more",
        "数え役満",
        choices=("yakuman", "sanbaiman", "multiple"),
    ),
    _k("payment", "double_yakuman", BOOL, False, "R-YAKU-1", "Double yakuman hands", "ダブル役満"),
    _k("payment", "max_yakuman", INT, 6, "R-YAKU-1", "Most yakuman in one hand", "役満の複合上限", low=1, high=6),
    _k("payment", "honba_ron", INT, 300, "R-PAY-1 R-STD-6", "Honba (ron)", "積み棒(ロン)", low=0, high=10**5),
    _k(
        "payment",
        "honba_tsumo",
        INT,
        100,
        "R-PAY-1 R-STD-6",
        "Honba (tsumo, each)",
        "積み棒(ツモ・各)",
        low=0,
        high=10**5,
    ),
    _k(
        "payment",
        "tsumo_split",
        CHOICE,
        "tsumo_loss",
        "R-STD-6",
        "Three-player tsumo",
        "三麻のツモ",
        choices=("tsumo_loss", "north_bisection", "ron_split"),
    ),
    _k("payment", "double_wind_pair", INT, 4, "R-STD-3", "Double-wind pair fu", "連風牌の雀頭", low=2, high=4),
    _k("payment", "open_pinfu_fu", BOOL, True, "R-STD-3", "Open pinfu shape is 30 fu", "喰い平和形は30符"),
    _k("payment", "pinfu_tsumo_fu", BOOL, False, "R-STD-3", "Pinfu tsumo earns tsumo fu", "平和ツモの符"),
    _k("payment", "chiitoitsu_fu", INT, 25, "R-STD-3", "Seven pairs fu", "七対子の符", low=20, high=100),
    _k("payment", "rinshan_tsumo_fu", BOOL, True, "R-STD-3", "Rinshan earns tsumo fu", "嶺上開花のツモ符"),
    _k(
        "payment",
        "tsumo",
        CHOICE,
        "split",
        "R-PAY-2 R-PAY-3",
        "Tsumo payment (formula)",
        "ツモの支払い",
        choices=("split", "each"),
    ),
    _k(
        "payment",
        "nagashi_value",
        INT,
        0,
        "R-DRAW-2 R-PAY-2",
        "Nagashi value (formula)",
        "流し満貫の点",
        low=0,
        high=10**6,
    ),
    # ---------------------------------------------------------------- penalties
    _k("penalties", "chombo", INT, 0, "R-GAME-8 R-PAY-2", "Chombo (each player)", "チョンボ(各)", low=0, high=10**6),
    _k("penalties", "agari_houki", BOOL, False, "R-GAME-8", "Dead hand (agari houki)", "和了放棄"),
    _k("penalties", "bappu", INT, 0, "R-GAME-8", "Bappu fine", "罰符", low=0, high=10**6),
)

KNOBS_BY_PATH: dict[str, Knob] = {k.path: k for k in KNOBS}
SECTIONS: dict[str, dict[str, Knob]] = {}
for _knob in KNOBS:
    SECTIONS.setdefault(_knob.section, {})[_knob.key] = _knob

FORMULA_SECTION = "payment"
"""The one section whose statements may also be `name = expression [when condition]`."""

BOOL_WORDS = {"on": True, "off": False, "yes": True, "no": False, "true": True, "false": False}


def knob(section: str, key: str) -> Knob | None:
    return SECTIONS.get(section, {}).get(key)
