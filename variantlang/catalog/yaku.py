"""One-line definitions of the standard yaku, in both languages, as rule books word them.

Each is tied to the condition it defines, as `unparse` writes it: a sheet uses the definition only for a
yaku whose condition is exactly that one, so a variant that redefines a yaku (鳴き立直's 国士無双 with a
flower) gets the sentence generated from its own condition instead of a wrong familiar one.
"""

from __future__ import annotations

from variantlang.catalog.entry import Text

DEFINITIONS: dict[str, tuple[str, Text]] = {
    "double_riichi": (
        "double_riichi",
        Text(
            "Riichi declared on one's first discard, before any call.", "第一打牌で立直（それまでに鳴きがないこと）。"
        ),
    ),
    "riichi": ("riichi", Text("A closed hand that declared riichi.", "門前で立直を宣言して和了。")),
    "ippatsu": (
        "ippatsu",
        Text(
            "A win within one go-around after riichi, with no call in between.", "立直後、鳴きが入らずに1巡以内に和了。"
        ),
    ),
    "menzen_tsumo": ("tsumo", Text("A closed hand won by self-draw.", "門前でツモ和了。")),
    "pinfu": (
        "form == standard and count(runs) == 4 and not pair.value and wait == ryanmen",
        Text(
            "Four runs, a pair that is not a value tile, and a two-sided wait.",
            "4つの順子と役牌でない雀頭で、両面待ち。",
        ),
    ),
    "tanyao": (
        "all(tiles: simple) and (closed or kuitan)",
        Text(
            "Only simples (2–8); open only where open tanyao is allowed.",
            "中張牌（2〜8）だけの手。副露は喰いタンありのときだけ。",
        ),
    ),
    "ryanpeikou": (
        "count(runs) == 4 and distinct(runs: tile) <= 2 and all(r in runs: count(runs: tile == r.tile) in [2, 4])",
        Text("Two pairs of identical runs.", "同じ順子2組を2つ。"),
    ),
    "iipeikou": ("distinct(runs: tile) < count(runs)", Text("Two identical runs.", "同じ順子が2組。")),
    "haku": ("any(triplets: tile == 5z)", Text("A triplet or kan of White.", "白の刻子（槓子）。")),
    "hatsu": ("any(triplets: tile == 6z)", Text("A triplet or kan of Green.", "發の刻子（槓子）。")),
    "chun": ("any(triplets: tile == 7z)", Text("A triplet or kan of Red.", "中の刻子（槓子）。")),
    "jikaze": (
        "any(triplets: tile == seat_wind)",
        Text("A triplet or kan of one's seat wind.", "自風の刻子（槓子）。"),
    ),
    "bakaze": (
        "any(triplets: tile == round_wind)",
        Text("A triplet or kan of the round wind.", "場風の刻子（槓子）。"),
    ),
    "rinshan": ("rinshan", Text("A win on the replacement tile after a kan.", "槓の補充牌（嶺上牌）で和了。")),
    "chankan": (
        "chankan",
        Text("A ron on the tile another player adds to a pon to make a kan.", "他家の加槓の牌でロン和了。"),
    ),
    "haitei": ("haitei", Text("A win on the last tile of the wall.", "最後のツモ牌（海底牌）で和了。")),
    "houtei": ("houtei", Text("A ron on the last discard of the hand.", "最後の捨て牌（河底牌）でロン和了。")),
    "chiitoitsu": ("form == chiitoitsu", Text("Seven different pairs.", "異なる7つの対子。")),
    "sanshoku": (
        "count(runs) >= 3 and any(r in runs: r.suit == man and any(runs: suit == pin and number == r.number) "
        "and any(runs: suit == sou and number == r.number))",
        Text("The same run in each of the three suits.", "萬子・筒子・索子で同じ数字の順子。"),
    ),
    "ittsu": (
        "count(runs) >= 3 and any(r in runs: r.number == 1 and any(runs: suit == r.suit and number == 4) "
        "and any(runs: suit == r.suit and number == 7))",
        Text("The runs 123, 456 and 789 of one suit.", "同じ色の123・456・789の順子。"),
    ),
    "junchan": (
        "all(groups: terminal) and count(runs) > 0",
        Text(
            "A 1 or 9 in every group and the pair, with at least one run.",
            "すべての面子と雀頭に1か9を含み、順子がある。",
        ),
    ),
    "chanta": (
        "all(groups: yaochuu) and count(runs) > 0",
        Text(
            "A terminal or honour in every group and the pair, with at least one run.",
            "すべての面子と雀頭に么九牌を含み、順子がある。",
        ),
    ),
    "toitoi": ("count(triplets) == 4", Text("Four triplets or kans.", "4つの刻子（槓子）。")),
    "sanankou": (
        "count(triplets: concealed) == 3",
        Text(
            "Three concealed triplets (one completed by ron is not).", "暗刻が3つ（ロンで完成した刻子は暗刻でない）。"
        ),
    ),
    "sanshoku_doukou": (
        "count(triplets) >= 3 and any(t in triplets: t.suit == man and any(triplets: suit == pin and number == "
        "t.number) and any(triplets: suit == sou and number == t.number))",
        Text("The same triplet in each of the three suits.", "萬子・筒子・索子で同じ数字の刻子。"),
    ),
    "sankantsu": ("count(kans) == 3", Text("Three kans.", "槓子が3つ。")),
    "sanrenkou": (
        "any(t in triplets: t.suit != honour and all(k in 1..2: any(triplets: suit == t.suit and number == t.number "
        "+ k)))",
        Text(
            "Three triplets of one suit in consecutive numbers (111, 222, 333).",
            "同じ色で数字が連続する刻子3つ（111・222・333）。",
        ),
    ),
    "suurenkou": (
        "any(t in triplets: t.suit != honour and all(k in 1..3: any(triplets: suit == t.suit and number == t.number "
        "+ k)))",
        Text(
            "Four triplets of one suit in consecutive numbers (111, 222, 333, 444).",
            "同じ色で数字が連続する刻子4つ（111・222・333・444）。",
        ),
    ),
    "shousangen": (
        "count(triplets: dragon) == 2 and pair.dragon",
        Text("Two dragon triplets and a dragon pair.", "三元牌の刻子2つと三元牌の雀頭。"),
    ),
    "honroutou": ("all(tiles: yaochuu)", Text("Only terminals and honours.", "么九牌（1・9・字牌）だけの手。")),
    "chinitsu": (
        "suits == 1 and honours == 0",
        Text("Tiles of one suit only, no honours.", "1色の数牌だけで、字牌がない。"),
    ),
    "honitsu": ("suits == 1", Text("One suit with honours.", "1色の数牌と字牌。")),
    "tenhou": ("tenhou", Text("The dealer's dealt hand is complete.", "親が配牌で和了。")),
    "chiihou": (
        "chiihou",
        Text("A non-dealer wins on the first draw, before any call.", "子が鳴きの入らない第一ツモで和了。"),
    ),
    "kokushi_13": (
        "form == kokushi and wait == kokushi_13",
        Text("Thirteen orphans waiting on all thirteen kinds.", "国士無双の十三面待ち。"),
    ),
    "kokushi": (
        "form == kokushi",
        Text(
            "One of each terminal and honour, plus one more of them.",
            "1・9・字牌13種を1枚ずつと、そのうち1種をもう1枚。",
        ),
    ),
    "suuankou_tanki": (
        "count(triplets: concealed) == 4 and wait == tanki",
        Text("Four concealed triplets, waiting on the pair.", "暗刻4つの単騎待ち。"),
    ),
    "suuankou": ("count(triplets: concealed) == 4", Text("Four concealed triplets.", "暗刻が4つ。")),
    "daisangen": ("count(triplets: dragon) == 3", Text("Triplets of all three dragons.", "三元牌3種すべての刻子。")),
    "daisuushii": ("count(triplets: wind) == 4", Text("Triplets of all four winds.", "風牌4種すべての刻子。")),
    "shousuushii": (
        "count(triplets: wind) == 3 and pair.wind",
        Text("Three wind triplets and a wind pair.", "風牌の刻子3つと風牌の雀頭。"),
    ),
    "tsuuiisou": ("all(tiles: honour)", Text("Only honours.", "字牌だけの手。")),
    "chinroutou": (
        "all(tiles: terminal)",
        Text("Only terminals: ones and nines of the suits.", "数牌の1と9だけの手。"),
    ),
    "ryuuiisou": (
        "all(tiles: tile in [2s, 3s, 4s, 6s, 8s, 6z])",
        Text("Only 2, 3, 4, 6, 8 of sou and Green.", "索子の2・3・4・6・8と發だけの手。"),
    ),
    "junsei_chuuren": (
        "closed and suits == 1 and honours == 0 and count(tiles: number == 1) >= 3 and count(tiles: number == 9) >= 3 "
        "and all(n in 2..8: count(tiles: number == n) >= 1) and count(tiles: number == win.number) == "
        "(4 if win.number in [1, 9] else 2)",
        Text("Nine gates waiting on all nine tiles of its suit.", "九蓮宝燈の九面待ち。"),
    ),
    "chuuren": (
        "closed and suits == 1 and honours == 0 and count(tiles: number == 1) >= 3 and count(tiles: number == 9) >= 3 "
        "and all(n in 2..8: count(tiles: number == n) >= 1)",
        Text(
            "1112345678999 of one suit, closed, plus any tile of that suit.",
            "門前で同じ色の1112345678999と、その色の牌1枚。",
        ),
    ),
    "suukantsu": ("count(kans) == 4", Text("Four kans.", "槓子が4つ。")),
}
"""Standard yaku id → (its condition as `unparse` writes it, the definition)."""

TRIPLET_OF = Text("A triplet or kan of {tile}.", "{tile}の刻子（槓子）。")
"""A yaku for a triplet of one tile (`any(triplets: tile == 4z)`: DORA 3p's 北), worded as the dragons are."""

REDEFINED: dict[str, Text] = {
    # 鳴き立直 (004): 九連宝塔 with calls allowed, its 三色 of runs or triplets, its concealed identical runs
    "suits == 1 and honours == 0 and count(kans) == 0 and count(tiles: number == 1) >= 3 and count(tiles: number "
    "== 9) >= 3 and all(n in 2..8: count(tiles: number == n) >= 1)": Text(
        "1112345678999 of one suit plus any tile of that suit; no honours, no kans, calls allowed.",
        "1色の数牌で1112345678999と、その色の牌1枚。字牌・槓子はなく、鳴いてもよい。",
    ),
    "any(g in sets: g.suit == man and any(sets: suit == pin and number == g.number and (kind == run) == (g.kind == "
    "run)) and any(sets: suit == sou and number == g.number and (kind == run) == (g.kind == run)))": Text(
        "The same run, or the same triplet (a kan counts), in each of the three suits.",
        "萬子・筒子・索子で同じ数字の順子、または同じ数字の刻子（槓子を含む）。",
    ),
    "count(runs: not open) == 4 and all(r in runs: count(runs: tile == r.tile) in [2, 4])": Text(
        "Two pairs of identical runs (or four identical runs), none of them called.",
        "同じ順子2組を2つ（同じ順子4つでもよい）。どの順子も鳴いていない。",
    ),
    "any(r in runs: not r.open and count(runs: tile == r.tile and not open) >= 2)": Text(
        "Two identical runs, neither of them called.", "同じ順子が2組。どちらも鳴いていない。"
    ),
    # 鳴き立直 (004): 国士無双 with a flower as the fourteenth tile, 大七星 whose pairs may be two flowers
    "form == kokushi and flowers == 1": Text(
        "One each of the 1s, 9s and the seven honours (13 kinds), plus a flower.",
        "1・9・字牌13種を1枚ずつと花牌1枚。",
    ),
    "form == chiitoitsu and all(tiles: honour)": Text(
        "Seven pairs, all honours; two flowers count as one pair.",
        "七対子の形で、すべての牌が字牌。花牌2枚で1組（対子）とみなす。",
    ),
}
"""Definitions of conditions a variant writes in place of the standard one, tied to the condition as
`unparse` writes it: phrased from the tree they would name a bound set by a letter (「萬子の面子A」)."""

CHIITOITSU_QUADS = Text(
    "Seven pairs (four of a kind may count as two pairs).", "7組の対子（同じ牌4枚は2組と数えてよい）。"
)
"""七対子 where `win.chiitoitsu_quads` lets four of a kind be two of the pairs (鳴き立直, 004 「4枚ある同じ牌を
2枚ずつと見なしても良い」): its definition, in place of "seven different pairs"."""
