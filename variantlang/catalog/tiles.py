"""The tile set: removed kinds, marked copies (red, gold, pocchi), flowers and the dead wall (R-TILE)."""

from __future__ import annotations

from typing import Literal

from variantlang.catalog import formats
from variantlang.catalog.declare import section, setting
from variantlang.catalog.entry import Choice, Kind, Switch, Template, Text
from variantlang.catalog.feeds import Question
from variantlang.hand.tiles import Tile

_REPLACED_FIXED = Text(
    "replacement tiles (after a kan or a nuki) come from the stacks before the dora indicator, and no tile of "
    "the live wall moves to the dead wall.",
    "嶺上牌（カン・抜きドラの補充牌）はドラ表示牌より手前の山から取り、ツモ山の牌を王牌に移さない。",
)
_REPLACED_KEPT = Text(
    "each replacement tile (after a kan or a nuki) shortens the live wall by one.",
    "王牌は常に同じ枚数に保ち、嶺上牌（カン・抜きドラの補充牌）を1枚取るごとにツモ山が1枚減る。",
)
REPLACEMENT = Text(
    f"⟪fixed:{_REPLACED_FIXED.en[0].upper()}{_REPLACED_FIXED.en[1:]}"
    f"|The dead wall is kept at its size: {_REPLACED_KEPT.en}⟫",
    f"⟪fixed:{_REPLACED_FIXED.ja}|{_REPLACED_KEPT.ja}⟫",
)
"""Where a replacement tile comes from, as `dead_wall_fixed` answers it: the dead wall's sentence, and the
card's nuki box (which has no dead-wall sentence) in the same words, so the two cannot disagree (囲将会 §1.1);
the sheet's nuki sentence does not say it again."""


@section("tiles", sheet="setup")
class TilesSettings:
    remove: tuple[Tile, ...] = setting(
        (),
        Kind.TILES,
        rule="R-TILE-2 R-TILE-3",
        label=Text("Removed tiles", "使わない牌"),
        feeds=(Question.TILES,),
        glance=2,
        prose=Template(
            Text(
                "All four copies of {value} are removed from the set (and skipped in the dora order).",
                "{value}は4枚ずつすべて除いて使わない（ドラの順序でも飛ばす）。",
            ),
            formats.tiles,
            empty=Text("No tiles are removed.", "使わない牌はない。"),
        ),
    )
    red: tuple[Tile, ...] = setting(
        (),
        Kind.TILES,
        rule="R-TILE-4 R-TILE-5",
        label=Text("Red tiles", "赤牌"),
        feeds=(Question.TILES,),
        glance=7,
        prose=Template(
            Text(
                "The set has the red tiles {value}, each replacing one plain copy of the same tile.",
                "赤牌として{value}を入れる（それぞれ同じ牌の通常牌1枚と差し替える）。",
            ),
            formats.tiles,
            empty=Text("No red tiles are used.", "赤牌は使わない。"),
        ),
    )
    gold: tuple[Tile, ...] = setting(
        (),
        Kind.TILES,
        rule="R-TILE-5",
        label=Text("Gold tiles", "金牌"),
        feeds=(Question.TILES,),
        prose=Template(
            Text(
                "The set has the gold tiles {value}, each replacing one plain copy of the same tile.",
                "金牌として{value}を入れる（それぞれ同じ牌の通常牌1枚と差し替える）。",
            ),
            formats.tiles,
            empty=Text("No gold tiles are used.", "金牌は使わない。"),
        ),
        applies=lambda rules: bool(rules.tiles.gold),
    )
    blue: tuple[Tile, ...] = setting(
        (),
        Kind.TILES,
        rule="R-TILE-5",
        label=Text("Blue tiles", "青牌"),
        feeds=(Question.TILES,),
        prose=Template(
            Text(
                "The set has the blue tiles {value}, each replacing one plain copy of the same tile.",
                "青牌として{value}を入れる（それぞれ同じ牌の通常牌1枚と差し替える）。",
            ),
            formats.tiles,
            empty=Text("No blue tiles are used.", "青牌は使わない。"),
        ),
        applies=lambda rules: bool(rules.tiles.blue),
    )
    rainbow: tuple[Tile, ...] = setting(
        (),
        Kind.TILES,
        rule="R-TILE-5",
        label=Text("Rainbow tiles", "虹牌"),
        feeds=(Question.TILES,),
        prose=Template(
            Text(
                "The set has the rainbow tiles {value}, each replacing one plain copy of the same tile.",
                "虹牌として{value}を入れる（それぞれ同じ牌の通常牌1枚と差し替える）。",
            ),
            formats.tiles,
            empty=Text("No rainbow tiles are used.", "虹牌は使わない。"),
        ),
        applies=lambda rules: bool(rules.tiles.rainbow),
    )
    pocchi: tuple[Tile, ...] = setting(
        (),
        Kind.TILES,
        rule="R-TILE-7",
        label=Text("Pocchi (marked) tiles", "ポッチ牌"),
        feeds=(Question.TILES,),
        prose=Template(
            Text(
                "The set has the pocchi (marked) tiles {value}, each replacing one plain copy of the same tile.",
                "ポッチ牌（印のついた牌）として{value}を入れる（それぞれ同じ牌の通常牌1枚と差し替える）。",
            ),
            formats.tiles,
            empty=Text("No pocchi tiles are used.", "ポッチ牌は使わない。"),
        ),
        applies=lambda rules: bool(rules.tiles.pocchi),
    )
    pocchi_wild: Literal["off", "riichi_ippatsu_tsumo", "after_riichi"] = setting(
        "off",
        Kind.CHOICE,
        rule="R-TILE-7",
        label=Text("Pocchi is wild", "ポッチの万能化"),
        feeds=(Question.SHAPES,),
        short={
            "off": Text("off", "なし"),
            "riichi_ippatsu_tsumo": Text("riichi ippatsu tsumo", "立直一発ツモ時のみ万能"),
            "after_riichi": Text("after riichi", "立直後は万能"),
        },
        prose=Choice(
            {
                "off": Text("A pocchi tile is an ordinary tile.", "ポッチ牌は通常の牌として扱う。"),
                "riichi_ippatsu_tsumo": Text(
                    "A pocchi tile is wild only when a player in riichi draws it on the ippatsu turn: "
                    "it then completes the hand as any tile.",
                    "立直者が一発でポッチ牌をツモったときに限り、ポッチ牌はオールマイティ（何の牌としても和了できる）。",
                ),
                "after_riichi": Text(
                    "A pocchi tile drawn at any time after riichi is wild: it completes the hand as any tile.",
                    "立直後にツモったポッチ牌はいつでもオールマイティ（何の牌としても和了できる）。",
                ),
            }
        ),
        applies=lambda rules: bool(rules.tiles.pocchi),
    )
    flowers: int = setting(
        0,
        Kind.INT,
        rule="R-TILE-6",
        label=Text("Flower tiles", "花牌"),
        feeds=(Question.TILES,),
        low=0,
        high=8,
        prose=Template(
            Text(
                "The set includes {value}.",
                "花牌を{value}加える。",
            ),
            formats.count("flower tile", "flower tiles", "枚"),
            empty=Text("No flower tiles are used.", "花牌は使わない。"),
        ),
    )
    dead_wall: int = setting(
        14,
        Kind.INT,
        rule="R-TILE-8",
        label=Text("Dead wall", "王牌"),
        feeds=(Question.PROCEDURE,),
        low=0,
        high=40,
        prose=Template(
            Text(
                "The dead wall holds {value}, counting the dora indicators and the kan replacement tiles.",
                "王牌は{value}（ドラ表示牌と嶺上牌を含む）。",
            ),
            formats.count("tile", "tiles", "枚"),
            empty=Text(
                "There is no dead wall: every tile of the wall may be drawn in play.",
                "王牌は置かず、山の牌はすべてツモに使う。",
            ),
        ),
    )
    dead_wall_fixed: bool = setting(
        False,
        Kind.BOOL,
        rule="R-TILE-8",
        label=Text("Fixed dead wall", "王牌の補充"),
        feeds=(Question.PROCEDURE,),
        # said positively: 「王牌の補充 | する | しない」, not a double negative (「補充なし | あり」)
        short={"on": Text("yes", "しない"), "off": Text("no", "する")},
        quiet=True,
        # off, said where nuki replacements come from the dead wall too (where only a kan's do, the usual dead
        # wall needs no word)
        said_off=lambda s: bool(s.dora.nuki),
        applies=lambda s: s.tiles.dead_wall > 0 and not s.dora.chosen_indicators,
        prose=Switch(
            on=Text(
                "The dead wall is not topped up: "
                + _REPLACED_FIXED.en
                + " A kan dora indicator past the end of the dead wall is turned from the end of the live wall, "
                "and the tile just before it becomes the last draw (haitei). Where no kan dora indicator can be "
                "turned, a kan is still allowed, except on the last draw.",
                "王牌は補充しない。"
                + _REPLACED_FIXED.ja
                + "カンドラ表示牌が王牌の端を超えるときはツモ山の端からめくり、その手前を海底とする。海底以外では、"
                "カンドラをめくれない場合でもカンできる。",
            ),
            off=Text("The dead wall is kept at its size: " + _REPLACED_KEPT.en, _REPLACED_KEPT.ja),
        ),
    )
