"""Chips (祝儀): side payments counted beside the points, per ippatsu, ura dora, marked tile, all-star and
yakuman (R-DORA-12, R-DORA-13). The scorer counts them on each win, with who pays; the engine settles
them at the end of the game at `value` points each."""

from __future__ import annotations

from typing import Any, Literal

from variantlang.catalog import formats
from variantlang.catalog.declare import section, setting
from variantlang.catalog.entry import Choice, Kind, Template, Text
from variantlang.catalog.feeds import Question

_CHIPS = formats.count("chip", "chips", "枚")


def _per(thing_en: str, thing_ja: str, none_en: str) -> Template:
    """The sentence of a chip count earned per `thing` (paid by the discarder, or by each player on tsumo)."""
    return Template(
        Text(
            f"Each {thing_en} earns {{value}}: from the discarder on a ron, from each other player on a tsumo.",
            f"{thing_ja}1つにつき祝儀{{value}}（ロンは放銃者から、ツモは全員から）。",
        ),
        _CHIPS,
        empty=Text(none_en, f"{thing_ja}の祝儀なし。"),
    )


def _paid(rules: Any) -> bool:
    """Whether the variant pays any chips (a sheet says nothing of chips otherwise): by these settings, or
    by a `bonus … chips =` of its yaku (a compiled Ruleset has those; a bare settings record has none)."""
    chips = rules.chips
    return any(
        (chips.ippatsu, chips.ura, chips.red, chips.gold, chips.pocchi, chips.blue, chips.rainbow, chips.all_star,
         chips.yakuman_ron, chips.yakuman_tsumo)
    ) or any(bonus.chips for bonus in getattr(rules, "bonuses", ()))  # fmt: skip


def _marked(rules: Any) -> bool:
    """Whether any marked tile or the all-star earns chips (when those are paid is moot otherwise)."""
    chips = rules.chips
    return any((chips.red, chips.gold, chips.pocchi, chips.blue, chips.rainbow, chips.all_star))


@section("chips", sheet="scoring")
class ChipsSettings:
    value: int = setting(
        0,
        Kind.INT,
        rule="R-DORA-12",
        label=Text("Chip value", "祝儀の単価"),
        feeds=(Question.CHIPS,),
        applies=_paid,
        low=0,
        high=100_000,
        prose=Template(
            Text("At settlement each chip is worth {value}.", "祝儀は精算時に1枚{value}。"),
            formats.points,
            empty=Text("Chips are not turned into points.", "祝儀は点数に換算しない。"),
        ),
    )
    ippatsu: int = setting(
        0,
        Kind.INT,
        rule="R-RIICHI-5",
        label=Text("Chips for ippatsu", "一発祝儀"),
        feeds=(Question.CHIPS,),
        applies=_paid,
        quiet=True,
        low=0,
        high=100,
        prose=_per("ippatsu win", "一発", "An ippatsu win earns no chip."),
    )
    ura: int = setting(
        0,
        Kind.INT,
        rule="R-DORA-7",
        label=Text("Chips per ura dora", "裏ドラ祝儀"),
        feeds=(Question.CHIPS,),
        applies=_paid,
        quiet=True,
        low=0,
        high=100,
        prose=_per("ura dora", "裏ドラ", "Ura dora earn no chips."),
    )
    red: int = setting(
        0,
        Kind.INT,
        rule="R-DORA-12",
        label=Text("Chips per red tile", "赤牌祝儀"),
        feeds=(Question.CHIPS,),
        applies=_paid,
        quiet=True,
        low=0,
        high=100,
        prose=_per("red tile in the winning hand", "和了形の赤牌", "Red tiles earn no chips."),
    )
    gold: int = setting(
        0,
        Kind.INT,
        rule="R-TILE-5 R-DORA-12",
        label=Text("Chips per gold tile", "金牌祝儀"),
        feeds=(Question.CHIPS,),
        applies=_paid,
        quiet=True,
        low=0,
        high=100,
        prose=_per("gold tile in the winning hand", "和了形の金牌", "Gold tiles earn no chips."),
    )
    pocchi: int = setting(
        0,
        Kind.INT,
        rule="R-TILE-7 R-DORA-12",
        label=Text("Chips per pocchi", "ポッチ祝儀"),
        feeds=(Question.CHIPS,),
        applies=_paid,
        quiet=True,
        low=0,
        high=100,
        prose=_per(
            "pocchi tile in the winning hand (a wild one too)",
            "和了形のポッチ牌（オールマイティ含む）",
            "Pocchi tiles earn no chips.",
        ),
    )
    blue: int = setting(
        0,
        Kind.INT,
        rule="R-TILE-5 R-DORA-12",
        label=Text("Chips per blue tile", "青牌祝儀"),
        feeds=(Question.CHIPS,),
        applies=_paid,
        quiet=True,
        low=0,
        high=100,
        prose=_per("blue tile in the winning hand", "和了形の青牌", "Blue tiles earn no chips."),
    )
    rainbow: int = setting(
        0,
        Kind.INT,
        rule="R-TILE-5 R-DORA-12",
        label=Text("Chips per rainbow tile", "虹牌祝儀"),
        feeds=(Question.CHIPS,),
        applies=_paid,
        quiet=True,
        low=0,
        high=100,
        prose=_per("rainbow tile in the winning hand", "和了形の虹牌", "Rainbow tiles earn no chips."),
    )
    marked_condition: Literal["always", "closed", "riichi"] = setting(
        "always",
        Kind.CHOICE,
        rule="R-DORA-12",
        label=Text("Chips for marked tiles count", "赤・金・ポッチ・青・虹祝儀の条件"),
        feeds=(Question.CHIPS,),
        applies=_marked,
        short={
            "always": Text("always", "常に"),
            "closed": Text("closed", "門前のみ"),
            "riichi": Text("riichi", "立直時のみ"),
        },
        prose=Choice(
            {
                "always": Text(
                    "Chips for marked tiles (red, gold, pocchi, blue, rainbow) and the all-star are paid on every win.",
                    "赤・金・ポッチ・青・虹牌とオールスターの祝儀は常に有効。",
                ),
                "closed": Text(
                    "Chips for marked tiles (red, gold, pocchi, blue, rainbow) and the all-star are paid only on a "
                    "closed hand; the tiles still count as dora on an open one.",
                    "赤・金・ポッチ・青・虹牌とオールスターの祝儀は門前に限る（鳴いてもドラとしては数える）。",
                ),
                "riichi": Text(
                    "Chips for marked tiles (red, gold, pocchi, blue, rainbow) and the all-star are paid only on a "
                    "riichi win; the tiles still count as dora otherwise.",
                    "赤・金・ポッチ・青・虹牌とオールスターの祝儀は立直和了に限る（ドラとしては常に数える）。",
                ),
            }
        ),
    )
    all_star: int = setting(
        0,
        Kind.INT,
        rule="R-DORA-13",
        label=Text("Chips for the all-star", "オールスター祝儀"),
        feeds=(Question.CHIPS,),
        applies=_paid,
        quiet=True,
        low=0,
        high=100,
        prose=_per(
            "all-star (red tiles of all three suits)", "オールスター（三色の赤牌）", "The all-star earns no chip."
        ),
    )
    yakuman_ron: int = setting(
        0,
        Kind.INT,
        rule="R-YAKU-1",
        label=Text("Chips for a yakuman by ron", "役満祝儀（ロン）"),
        feeds=(Question.CHIPS,),
        applies=_paid,
        quiet=True,
        low=0,
        high=100,
        prose=Template(
            Text(
                "A yakuman won by ron earns {value} per yakuman from the discarder.",
                "役満をロンで和了したら、放銃者から役満1つにつき祝儀{value}。",
            ),
            _CHIPS,
            empty=Text("No chips for a yakuman by ron.", "ロン役満の祝儀なし。"),
        ),
    )
    yakuman_tsumo: int = setting(
        0,
        Kind.INT,
        rule="R-YAKU-1",
        label=Text("Chips for a yakuman by tsumo", "役満祝儀（ツモ）"),
        feeds=(Question.CHIPS,),
        applies=_paid,
        quiet=True,
        low=0,
        high=100,
        prose=Template(
            Text(
                "A yakuman won by tsumo earns {value} per yakuman from each other player.",
                "役満をツモ和了したら、全員から役満1つにつき祝儀{value}ずつ。",
            ),
            _CHIPS,
            empty=Text("No chips for a yakuman by tsumo.", "ツモ役満の祝儀なし。"),
        ),
    )
